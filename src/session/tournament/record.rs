//! What the profile keeps and reads back: the scoresheet (read aloud, and its three files) and the action log
//! (read aloud, and verified on disk).

use std::path::{Path, PathBuf};
use std::time::Duration;

use shakmaty::Color;

use super::Tournament;
use crate::rules::Game;
use crate::session::match_state::Match;
use crate::session::timing::parse_clk;
use crate::session::{Config, Effect, Kind, say};
use crate::session::{game_log, log};
use crate::words;
use crate::words::action::Arg;

/// `scoresheet [N]`: the record read as a scoresheet (ANN-G5, D.2.7): the last N moves (all without N), with
/// the draw offers written (=) and the time each player had left after the move, when the record
/// keeps it. `check_words`: whether the check's words are said; `ending`: the game's ending in words.
pub(in crate::session) fn scoresheet(
    cfg: &Config,
    game: &Game,
    check_words: bool,
    ending: Option<String>,
    rest: &str,
) -> Vec<Effect> {
    let plies = game.plies();
    let rest = rest.trim();
    let n = if rest.is_empty() {
        plies.len()
    } else {
        match rest.parse::<usize>() {
            Ok(n) if n > 0 => (2 * n).min(plies.len()),
            _ => {
                return vec![say(
                    Kind::Refusal,
                    cfg.p("scoresheet.bad", &[("text", &log::clean(rest, 40))]),
                )];
            }
        }
    };
    if plies.is_empty() {
        return vec![say(Kind::Answer, cfg.p("last.none", &[]))];
    }
    let mut text = String::new();
    let first = plies.len() - n;
    for (i, ply) in plies.iter().enumerate().skip(first) {
        let mut said = super::ply_words(cfg, check_words, ply, false);
        if ply.draw_offer {
            said.push_str(&cfg.p("scoresheet.offer", &[]));
        }
        if let Some(left) = ply
            .annotations
            .comments
            .iter()
            .rev()
            .find_map(|c| parse_clk(c))
        {
            said.push_str(&cfg.p("scoresheet.clock", &[("time", &cfg.t(left))]));
        }
        if ply.color() == Color::White {
            if !text.is_empty() {
                text.push_str("; ");
            }
            text.push_str(&format!("{}. {said}", ply.move_number()));
        } else if i == first {
            text.push_str(&format!("{}... {said}", ply.move_number()));
        } else {
            text.push_str(&format!(", {said}"));
        }
    }
    if let Some(e) = ending {
        text.push_str(&format!(". {e}"));
    }
    vec![say(
        Kind::Answer,
        cfg.p("scoresheet.read", &[("moves", &text)]),
    )]
}

/// The three scoresheet files of the game (D.2.7): PGN (`pgn`, as kept), plain text, braille. `ending`: the
/// game's ending in words; `game_file`: the game's own file and its whole text (see `Effect::Export`).
#[allow(clippy::too_many_arguments)]
pub(in crate::session) fn export_effect(
    cfg: &Config,
    game: &Game,
    ending: Option<String>,
    pgn: String,
    game_file: Option<(PathBuf, String)>,
    dir: PathBuf,
    stem: String,
    done: Option<String>,
) -> Effect {
    let tags = crate::rules::pgn::ExportTags {
        time_control: cfg.time_control.as_ref().map(ToString::to_string),
        ..Default::default()
    };
    let clocks: Vec<Option<Duration>> = game
        .plies()
        .iter()
        .map(|p| p.annotations.comments.iter().find_map(|c| parse_clk(c)))
        .collect();
    let sheet_words = words::scoresheet::SheetWords::new(&cfg.phrases, ending);
    let text = words::scoresheet::plain_text_in(game, &tags, &clocks, &sheet_words);
    let braille = words::scoresheet::braille_text_in(game, &tags, &clocks, &sheet_words);
    Effect::Export {
        failed: cfg.p("export.failed", &[("dir", &dir.display().to_string())]),
        done: done.unwrap_or_default(),
        dir,
        stem,
        pgn,
        game_file,
        text,
        braille,
        table: cfg.braille_table.clone(),
    }
}

/// The name the files of this game take: the saved game's, else "game".
pub(in crate::session) fn export_stem(cfg: &Config) -> String {
    cfg.save_path
        .as_deref()
        .and_then(Path::file_stem)
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "game".to_string())
}

/// The game's ending in words, if it has ended.
pub(in crate::session) fn ending_said(cfg: &Config, m: &Match) -> Option<String> {
    m.game().ending().map(|e| m.ending_text(cfg, e))
}

/// `scoresheet [N]` asked (see [`scoresheet`]): the check's words as the profile says them, if it applies.
pub(in crate::session) fn scoresheet_asked(
    cfg: &Config,
    m: &Match,
    t: Option<&Tournament>,
    rest: &str,
) -> Vec<Effect> {
    let check_words = t.is_none_or(|t| t.says_check_words());
    scoresheet(cfg, m.game(), check_words, ending_said(cfg, m), rest)
}

/// The three scoresheet files of the game (D.2.7): PGN (`pgn`, as kept), plain text, braille.
fn export_to(
    cfg: &Config,
    m: &Match,
    pgn: String,
    game_file: Option<(PathBuf, String)>,
    dir: PathBuf,
    done: Option<String>,
) -> Effect {
    let stem = export_stem(cfg);
    let ending = ending_said(cfg, m);
    export_effect(cfg, m.game(), ending, pgn, game_file, dir, stem, done)
}

/// `export DIR`: the game as PGN, plain-text scoresheet and braille-ready file into DIR (D.2.7). `game_file`:
/// the game's own file and its whole text, written when the PGN lands on it.
pub(in crate::session) fn export(
    cfg: &Config,
    m: &Match,
    pgn: String,
    game_file: Option<(PathBuf, String)>,
    folder: &Option<PathBuf>,
) -> Vec<Effect> {
    let Some(folder) = folder else {
        return vec![say(Kind::Refusal, cfg.p("export.usage", &[]))];
    };
    let done = cfg.p("export.done", &[]);
    vec![export_to(
        cfg,
        m,
        pgn,
        game_file,
        folder.clone(),
        Some(done),
    )]
}

/// At the end of a tournament session the scoresheet files go beside the game (quietly): `STEM.pgn` is then the
/// game's own file, written whole from `game_file` (a file of several games keeps the others).
pub(in crate::session) fn beside_game(
    cfg: &Config,
    m: &Match,
    pgn: String,
    game_file: Option<(PathBuf, String)>,
) -> Vec<Effect> {
    let Some(path) = cfg.save_path.as_deref() else {
        return Vec::new();
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    vec![export_to(cfg, m, pgn, game_file, dir, None)]
}

impl Tournament {
    /// `log [N]` / `log last N`: the action log read aloud.
    pub(in crate::session) fn read_log(&self, cfg: &Config, count: &Arg<usize>) -> Vec<Effect> {
        let n = match count {
            Arg::None => None,
            Arg::Given(n) => Some(*n),
            Arg::Bad(text) => {
                return vec![say(
                    Kind::Refusal,
                    cfg.p("log.bad", &[("text", &log::clean(text, 40))]),
                )];
            }
        };
        vec![say(Kind::Answer, self.log.read(&cfg.phrases, n))]
    }

    /// `verify`, the action log on disk (at `path`, beside the game) checked, seal by
    /// seal. The file is read by the edge and comes back as `Command::Read`.
    pub(in crate::session) fn verify_command(
        &mut self,
        cfg: &Config,
        path: Option<PathBuf>,
    ) -> Vec<Effect> {
        let Some(path) = path else {
            return vec![say(Kind::Refusal, cfg.p("verify.no_file", &[]))];
        };
        self.verifying = Some(path.clone());
        vec![Effect::Read {
            path,
            limit: 256 << 20,
        }]
    }

    /// Whether a file read is the one `verify` asked for.
    pub(in crate::session) fn takes_verify_read(&self, path: &Path) -> bool {
        self.verifying.as_deref().is_some_and(|p| p == path)
    }

    /// The verdict on the action log read for `verify`.
    pub(in crate::session) fn verify_answer(
        &mut self,
        cfg: &Config,
        path: &Path,
        text: Result<String, String>,
        game: log::GameMark,
    ) -> Vec<Effect> {
        self.verifying = None;
        let shown = words::quote::clean(&path.display().to_string());
        let out = match text {
            // The chain, and the log against the game as it stands.
            Ok(text) => vec![say(
                Kind::Answer,
                format!(
                    "{}. {}",
                    log::verdict_text(&cfg.phrases, &shown, &log::verify(&text)),
                    game_log::against_text(&cfg.phrases, &game_log::against(&text, game))
                ),
            )],
            Err(reason) => vec![say(
                Kind::Refusal,
                cfg.p("verify.no_log", &[("path", &shown), ("reason", &reason)]),
            )],
        };
        self.for_assistant(out)
    }
}
