//! The game files, one part: saves, the unfinished game offered at the start, kept games, and a file holding
//! several games: the player is asked which one to load, and the game is saved back to its own
//! place in the file (only its bytes rewritten, the others kept byte for byte), or to a new file when the games
//! cannot be told apart safely. A file holding other games is never overwritten.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Duration;

use shakmaty::Color;

use super::match_state::Match;
use super::{Config, Effect, Envelope, GAME_ID_TAG, Kind, ResumeOffer, adjourn, log, resume, say};
use crate::rules::pgn::{ImportOptions, Importer};
use crate::rules::time_control::TimeControl;
use crate::rules::{Game, GameResult};
use crate::words;

/// The most games listed one by one in the question; any number of the file can be typed.
pub const LISTED: usize = 20;

/// One game of the file as the question lists it. Only this is kept of every game (a few hundred bytes, not
/// the game with all its positions): a file of 50 MB holds tens of thousands of games, and only the chosen
/// one is read again in full (so `--load` needs little memory).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    /// The White, Black, Event and Date tags as the file gives them (`None` when missing).
    pub white: Option<String>,
    pub black: Option<String>,
    pub event: Option<String>,
    pub date: Option<String>,
    /// The result as hector read the game (its ending), `None` when unfinished.
    pub result: Option<GameResult>,
    /// Half-moves of the main line.
    pub plies: usize,
    /// The game's clock, from its TimeControl tag or the command line.
    pub time_control: Option<TimeControl>,
    /// The start position, the number of half-moves and the final position, hashed: the game read again
    /// from its place must be the same game.
    pub fingerprint: u64,
}

impl GameSummary {
    /// What the question needs of `game` (whose clock is `time_control`).
    pub fn of(game: &Game, time_control: Option<TimeControl>) -> GameSummary {
        let tag = |name: &str| game.tags.get(name).map(str::to_owned);
        GameSummary {
            white: tag("White"),
            black: tag("Black"),
            event: tag("Event"),
            date: tag("Date"),
            result: game.ending().map(|e| e.result),
            plies: game.plies().len(),
            time_control,
            fingerprint: fingerprint(game),
        }
    }
}

/// The start position, length and final position of `game`, hashed (the same within one run of hector).
pub fn fingerprint(game: &Game) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    game.start_fen().hash(&mut h);
    game.plies().len().hash(&mut h);
    game.fen().hash(&mut h);
    h.finish()
}

/// A file of several games, offered for choice at the start.
#[derive(Debug, Clone)]
pub struct GameFile {
    /// The file, as the player named it (`--load`).
    pub path: PathBuf,
    /// The same file under the name `--save` gave it, when the game is kept there too.
    pub save_alias: Option<PathBuf>,
    /// Every game of the file, in order, as listed; the games themselves are read again from `text`.
    pub games: Vec<GameSummary>,
    /// The file's text and each game's byte range in it; `None` when the games could not be told apart
    /// safely (then the chosen game is never written into this file).
    pub text: String,
    pub spans: Option<Vec<Range<usize>>>,
    /// Where the chosen game is kept when it cannot be written to its place (a new file beside this one).
    pub new_file: PathBuf,
}

impl GameFile {
    /// Game `n` (1-based) read again in full, and whether it was read from its own place (its span alone)
    /// and found to be the game listed. When the place does not give the same game, the game is taken from
    /// the whole text as it was read at the start, and its place counts as unknown. `None` only when the
    /// text no longer gives that game.
    pub fn read_game(&self, n: usize) -> Option<(Game, bool)> {
        let summary = self.games.get(n.checked_sub(1)?)?;
        let options = ImportOptions::default();
        if let Some(span) = self.spans.as_ref().and_then(|s| s.get(n - 1))
            && let Some(text) = self.text.get(span.clone())
        {
            let mut alone = Importer::new(text.as_bytes(), &options);
            if let (Some(first), None) = (alone.next(), alone.next())
                && let Ok(game) = first.game
                && fingerprint(&game) == summary.fingerprint
            {
                return Some((game, true));
            }
        }
        // Every game of the file imported at the start, so the n-th one read is game n.
        let game = Importer::new(self.text.as_bytes(), &options)
            .nth(n - 1)?
            .game
            .ok()?;
        Some((game, false))
    }
}

/// Where the chosen game lives in its file: the file's text and the game's byte range in it.
#[derive(Debug, Clone)]
pub(super) struct Place {
    path: PathBuf,
    alias: Option<PathBuf>,
    text: String,
    span: Range<usize>,
}

impl Place {
    /// The whole file with `pgn` in the game's place, when `path` is the file.
    pub(super) fn splice(&self, path: &Path, pgn: &str) -> Option<String> {
        (path == self.path || self.alias.as_deref() == Some(path)).then(|| {
            let before = &self.text[..self.span.start];
            let after = &self.text[self.span.end..];
            let mut out = String::with_capacity(before.len() + pgn.len() + after.len() + 2);
            out.push_str(before);
            out.push_str(pgn);
            if !after.is_empty() && !pgn.ends_with("\n\n") {
                out.push_str(if pgn.ends_with('\n') { "\n" } else { "\n\n" });
            }
            out.push_str(after);
            out
        })
    }
}

/// The byte ranges of the games of a PGN text: a game starts at its first tag line (or at its first
/// movetext when it has no tags) and runs to the start of the next. Brace comments and `;` comments are
/// skipped, so a `[` inside them starts nothing. The caller checks the ranges against the games it read.
pub fn split_games(text: &str) -> Vec<Range<usize>> {
    let mut spans = Vec::new();
    let mut start: Option<usize> = None;
    let mut in_movetext = false;
    let mut in_comment = false;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let at = offset;
        offset += line.len();
        let trimmed = line.trim_start();
        if !in_comment && trimmed.starts_with('[') {
            if in_movetext {
                if let Some(s) = start {
                    spans.push(s..at);
                }
                start = Some(at);
                in_movetext = false;
            } else if start.is_none() {
                start = Some(at);
            }
            continue;
        }
        if !in_comment && trimmed.starts_with('%') {
            continue;
        }
        for c in line.chars() {
            match c {
                '{' if !in_comment => in_comment = true,
                '}' if in_comment => in_comment = false,
                ';' if !in_comment => break,
                c if !in_comment && !c.is_whitespace() => {
                    if start.is_none() {
                        start = Some(at);
                    }
                    in_movetext = true;
                }
                _ => {}
            }
        }
    }
    if let Some(s) = start {
        spans.push(s..text.len());
    }
    spans
}

/// The game files, one part: the unfinished game offered at the start, the file of several games and the
/// chosen game's place in it, the envelope beside it, and the game's identity kept with every save.
#[derive(Debug, Clone, Default)]
pub(super) struct GameFiles {
    /// An unfinished game waiting for the player's yes or no.
    pub(super) resume: Option<ResumeOffer>,
    /// A file of several games, waiting for the player's choice.
    pub(super) choice: Option<GameFile>,
    /// The chosen game's place in its file: saves to that file rewrite only this game.
    place: Option<Place>,
    /// An envelope read with a file of several games, checked once the game is chosen.
    pub(super) pending_envelope: Option<Envelope>,
    /// The envelope beside the file belongs to another game of it: saves do not remove it.
    keep_envelope: bool,
    /// The game's identity (the `HectorGame` tag), kept with it; and how many games this session began.
    game_id: String,
    games_begun: u32,
}

/// The answer to the question of which game, as the coordinator carries it out.
pub(super) enum Chosen {
    /// No file waits for a choice.
    Nothing,
    /// `quit`: leave without saving.
    Quit,
    /// Not a number of the list (or the game cannot be read): said, and the question stays open.
    Again(Vec<Effect>),
    /// Game `n` of the file, read again in full, loaded with its clock, identity and envelope; what is said
    /// tells which (and where it is kept).
    Loaded(Vec<Effect>),
}

/// What `yes` to the resume offer did to the files and the match, for the coordinator to finish.
pub(super) struct Resumed {
    /// The files' effects (the copy no longer needed removed), before anything is said.
    pub(super) files: Vec<Effect>,
    /// Said after the greeting (a `--time` not used).
    pub(super) said: Vec<Effect>,
    /// Said of an envelope that is not used: why (an adjourned game is greeted as it goes on, `Session::go_on`).
    pub(super) sealed: Vec<Effect>,
    /// The action log kept with the game, continued in the tournament profile.
    pub(super) log: Option<String>,
}

/// The identity a loaded game was kept with, taken out of its tags (written anew with every save).
pub(super) fn take_game_id(game: &mut Game) -> Option<String> {
    let id = game
        .tags
        .get(GAME_ID_TAG)
        .map(|v| {
            v.chars()
                .filter(|c| c.is_ascii_graphic())
                .take(80)
                .collect::<String>()
        })
        .filter(|v| !v.is_empty());
    game.tags.retain(|name, _| name != GAME_ID_TAG);
    id
}

/// The engine's side in the PGN of a game against it: its name and level ("Stockfish, level 2"),
/// as they are when the game is written (the player's own side and the date are set at the start).
fn engine_tag(cfg: &Config) -> Option<(String, String)> {
    if !cfg.opponent.is_engine() || cfg.mode.is_tournament() {
        return None;
    }
    let tag = cfg.engine_color.fold_wb("White", "Black").to_string();
    Some((
        tag,
        format!("{}, level {}", engine_name(&cfg.engine_command), cfg.level),
    ))
}

/// The engine's name from its command: the program's file name without its extension, capitalised
/// ("/usr/games/stockfish" is "Stockfish").
fn engine_name(command: &str) -> String {
    let first = command.split_whitespace().next().unwrap_or_default();
    let first = first.trim_matches(['\'', '"']);
    let stem = Path::new(first)
        .file_stem()
        .map_or_else(|| first.to_string(), |s| s.to_string_lossy().into_owned());
    let mut chars = stem.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => "Engine".to_string(),
    }
}

/// The game as PGN, as it would be saved now (without what is kept beside the moves).
pub(super) fn pgn(cfg: &Config, m: &Match) -> String {
    let tags = crate::rules::pgn::ExportTags {
        time_control: cfg.time_control.as_ref().map(ToString::to_string),
        extra: engine_tag(cfg).into_iter().collect(),
        ..Default::default()
    };
    crate::rules::pgn::export(m.game(), &tags)
}

/// The files a copy of the resumed game left (the copy made before the question, its log and envelope).
pub(super) fn copy_removed(offer: &ResumeOffer) -> Vec<Effect> {
    vec![
        Effect::Remove {
            path: offer.keep_as.clone(),
        },
        Effect::Remove {
            path: log::log_path(&offer.keep_as),
        },
        Effect::Remove {
            path: adjourn::envelope_path(&offer.keep_as),
        },
    ]
}

/// `kept`: the games kept in the folder of kept games, by date, and how to open one.
pub(super) fn kept_list(cfg: &Config) -> Vec<Effect> {
    let games = &cfg.kept_games;
    if games.is_empty() {
        return vec![say(Kind::Answer, cfg.p("kept.none", &[]))];
    }
    let names: Vec<String> = games.iter().map(|p| p.display().to_string()).collect();
    vec![say(
        Kind::Answer,
        cfg.p(
            "kept.list",
            &[
                ("n", &games.len().to_string()),
                ("games", &names.join("; ")),
            ],
        ),
    )]
}

impl GameFiles {
    /// The envelope to use now; with a file of several games it waits, checked against the game chosen.
    pub(super) fn envelope_now(&mut self, envelope: Envelope) -> Option<Envelope> {
        if self.choice.is_some() {
            self.pending_envelope = Some(envelope);
            return None;
        }
        Some(envelope)
    }

    /// The game's identity: the one it was kept with, else a new one.
    pub(super) fn identify(&mut self, cfg: &Config, kept: Option<String>) {
        self.game_id = kept.unwrap_or_else(|| self.next_game_id(cfg));
    }

    /// Offers at the start to continue the unfinished game `offer` (see `Session::with_resume_offer`).
    pub(super) fn offer_resume(&mut self, offer: ResumeOffer) {
        self.resume = Some(offer);
    }

    /// Asks at the start which game of `file` to load (see `Session::with_game_choice`).
    pub(super) fn offer_choice(&mut self, file: GameFile) {
        self.choice = Some(file);
    }

    /// The envelope beside the game's file is another game's of that file (Guidelines I: its sealed move), kept:
    /// no save removes it and no seal may replace it.
    pub(super) fn keeps_another_envelope(&self) -> bool {
        self.keep_envelope
    }

    /// A move was sealed: the envelope beside the file is this game's now, not another game's that saves
    /// leave alone.
    pub(super) fn sealed(&mut self) {
        self.keep_envelope = false;
    }

    /// A new game's identity: unique to this session and process.
    fn next_game_id(&mut self, cfg: &Config) -> String {
        self.games_begun += 1;
        format!("{}-{}", cfg.game_id_base, self.games_begun)
    }

    /// The game as PGN with the clock's state and the made move `kept` (the `HectorClock` tag, see
    /// session/resume.rs): what is written to the game's file, in the same save as the moves.
    pub(super) fn pgn_kept(&self, cfg: &Config, m: &Match, kept: Option<resume::Kept>) -> String {
        let tags = crate::rules::pgn::ExportTags {
            time_control: cfg.time_control.as_ref().map(ToString::to_string),
            extra: std::iter::once((GAME_ID_TAG.to_string(), self.game_id.clone()))
                .chain(kept.map(|k| (resume::TAG.to_string(), k.to_tag())))
                .chain(engine_tag(cfg))
                .collect(),
            ..Default::default()
        };
        crate::rules::pgn::export(m.game(), &tags)
    }

    /// What the file `path` holds with the game written as `pgn`: a file of several games keeps the others,
    /// only this game's place rewritten; any other file, the game alone. Every write of the game
    /// into its file (a save, an export beside it) takes its text from here.
    fn file_text(&self, path: &Path, pgn: String) -> String {
        match &self.place {
            Some(place) => place.splice(path, &pgn).unwrap_or(pgn),
            None => pgn,
        }
    }

    /// The game's own file and its whole text with the game as `pgn` (see [`GameFiles::file_text`]), for an
    /// export that lands on it; none while the file is not the game's to write (a game of the file not yet
    /// chosen, a kept game's question open).
    pub(super) fn game_file(&self, cfg: &Config, pgn: &str) -> Option<(PathBuf, String)> {
        if self.choice.is_some() || self.resume.is_some() {
            return None;
        }
        let path = cfg.save_path.clone()?;
        let text = self.file_text(&path, pgn.to_string());
        Some((path, text))
    }

    /// The game saved to `path`; `done` is said when it is written.
    fn save_effect(
        &self,
        cfg: &Config,
        m: &Match,
        kept: Option<resume::Kept>,
        path: PathBuf,
        done: Option<String>,
    ) -> Effect {
        // The path is said whole (cleaned, never cut mid-name).
        let failed = cfg.p(
            "save.failed",
            &[("path", &words::quote::clean(&path.display().to_string()))],
        );
        let pgn = self.file_text(&path, self.pgn_kept(cfg, m, kept));
        Effect::Save {
            path,
            pgn,
            done,
            failed,
        }
    }

    /// The game saved to its file. A game that is not adjourned has no envelope: one left beside the file (by
    /// a game that ended, was resumed or was replaced) is removed with the same save (Guidelines I).
    /// `quit`: before a game of the file is chosen, nothing is saved (the file is left as it is); a kept game
    /// offered and not answered stays in its file, untouched (the copy made for "no" is not needed); else the
    /// game is saved, and a tournament game leaves its scoresheet files beside it (`beside`: its PGN, D.2.7).
    pub(super) fn leave(
        &self,
        cfg: &Config,
        m: &Match,
        kept: Option<resume::Kept>,
        beside: Option<String>,
    ) -> Vec<Effect> {
        if self.choice.is_some() {
            return vec![Effect::Quit];
        }
        if let Some(offer) = self.resume.as_ref().filter(|o| o.copied) {
            let mut out = copy_removed(offer);
            out.push(Effect::Quit);
            return out;
        }
        let mut out = self.autosave(cfg, m, kept);
        if let Some(pgn) = beside {
            let game_file = self.game_file(cfg, &pgn);
            out.extend(super::tournament::record::beside_game(
                cfg, m, pgn, game_file,
            ));
        }
        out.push(Effect::Quit);
        out
    }

    pub(super) fn autosave(
        &self,
        cfg: &Config,
        m: &Match,
        kept: Option<resume::Kept>,
    ) -> Vec<Effect> {
        if self.resume.is_some() {
            // The kept game is not overwritten while its question is open (quit before answering keeps it).
            return Vec::new();
        }
        match &cfg.save_path {
            Some(path) => {
                let mut out = vec![self.save_effect(cfg, m, kept, path.clone(), None)];
                if !m.is_adjourned() && !self.keep_envelope {
                    out.push(Effect::Remove {
                        path: adjourn::envelope_path(path),
                    });
                }
                out
            }
            None => Vec::new(),
        }
    }

    /// `save [FILE]`: the game saved now, to the file named or its own.
    pub(super) fn save(
        &self,
        cfg: &Config,
        m: &Match,
        kept: Option<resume::Kept>,
        named: &Option<PathBuf>,
    ) -> Vec<Effect> {
        let path = match named.as_ref().or(cfg.save_path.as_ref()) {
            Some(p) => p.clone(),
            None => return vec![say(Kind::Refusal, cfg.p("save.no_file", &[]))],
        };
        // The file is said only where the player named it (no path is spoken unasked).
        let done = match named {
            Some(_) => cfg.p(
                "save.done",
                &[("path", &words::quote(&path.display().to_string()))],
            ),
            None => cfg.p("save.done_own", &[]),
        };
        vec![self.save_effect(cfg, m, kept, path, Some(done))]
    }

    /// The question: every game in words (number, players, result, length), then what to type.
    pub(super) fn choice_question(&self, cfg: &Config) -> String {
        let Some(file) = &self.choice else {
            return String::new();
        };
        let mut items: Vec<String> = file
            .games
            .iter()
            .take(LISTED)
            .enumerate()
            .map(|(i, g)| game_words(cfg, i + 1, g))
            .collect();
        if file.games.len() > LISTED {
            items.push(cfg.p(
                "games.more",
                &[("count", &(file.games.len() - LISTED).to_string())],
            ));
        }
        cfg.p(
            "games.choose",
            &[
                // A path is said whole, never cut, only cleaned.
                (
                    "path",
                    &words::quote::clean(&file.path.display().to_string()),
                ),
                ("count", &file.games.len().to_string()),
                ("list", &items.join("; ")),
            ],
        )
    }

    /// The answer to the question: a number of the list gives that game (its place in the file kept, or, when
    /// the place is not known for sure, a new file to keep it in: `cfg.save_path`); `quit` leaves without
    /// saving; anything else asks again. The chosen game is loaded into `m` (see [`GameFiles::load`]).
    pub(super) fn choose(&mut self, cfg: &mut Config, m: &mut Match, line: &str) -> Chosen {
        let Some(count) = self.choice.as_ref().map(|f| f.games.len()) else {
            return Chosen::Nothing;
        };
        let word = line.trim().to_lowercase();
        if word == words::commands::Kind::Quit.name() || word == "exit" {
            self.choice = None;
            return Chosen::Quit;
        }
        let chosen = word
            .trim_end_matches('.')
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=count).contains(n));
        let Some(n) = chosen else {
            return Chosen::Again(vec![say(
                Kind::Refusal,
                cfg.p(
                    "games.again",
                    &[
                        ("count", &count.to_string()),
                        ("text", &words::quote(line.trim())),
                    ],
                ),
            )]);
        };
        // Only the chosen game is read in full, from its place in the file.
        let Some((game, in_place)) = self.choice.as_ref().and_then(|f| f.read_game(n)) else {
            let path = self.choice.as_ref().map(|f| f.path.display().to_string());
            return Chosen::Again(vec![say(
                Kind::Refusal,
                cfg.p(
                    "games.unreadable",
                    &[
                        ("number", &n.to_string()),
                        ("path", &words::quote(&path.unwrap_or_default())),
                    ],
                ),
            )]);
        };
        let file = self.choice.take().expect("checked above");
        let time_control = file.games[n - 1].time_control.clone();
        let mut said = vec![say(
            Kind::Event,
            cfg.p(
                "games.chosen",
                &[
                    ("number", &n.to_string()),
                    // A path is said whole, never cut, only cleaned.
                    (
                        "path",
                        &words::quote::clean(&file.path.display().to_string()),
                    ),
                ],
            ),
        )];
        // Only this game's bytes are ever written into the file; when its place is not known for sure, the
        // game is kept in a new file instead.
        let span = file.spans.as_ref().map(|spans| spans[n - 1].clone());
        match span.filter(|_| in_place) {
            Some(span) => {
                self.place = Some(Place {
                    path: file.path.clone(),
                    alias: file.save_alias.clone(),
                    text: file.text,
                    span,
                });
            }
            None => {
                let kept_here = cfg
                    .save_path
                    .as_ref()
                    .is_some_and(|p| *p == file.path || file.save_alias.as_ref() == Some(p));
                if kept_here {
                    cfg.save_path = Some(file.new_file.clone());
                    said.push(say(
                        Kind::Event,
                        cfg.p(
                            "games.new_file",
                            &[
                                // A path is said whole, never cut, only cleaned.
                                (
                                    "path",
                                    &words::quote::clean(&file.path.display().to_string()),
                                ),
                                ("new", &words::quote(&file.new_file.display().to_string())),
                            ],
                        ),
                    ));
                }
            }
        }
        self.load(cfg, m, game, time_control);
        // An envelope beside a file of several games belongs to one of them: it is used when it is this
        // game's, and kept (not removed) otherwise.
        if let Some(env) = self.pending_envelope.take()
            && m.use_envelope(cfg, env).is_err()
        {
            self.keep_envelope = true;
        }
        Chosen::Loaded(said)
    }

    /// A game put in place of the match's (a resumed game, a chosen game of a file), in its edition: its own
    /// kept clock and identity, not the first game's, and its time control.
    fn load(
        &mut self,
        cfg: &mut Config,
        m: &mut Match,
        mut game: Game,
        time_control: Option<TimeControl>,
    ) {
        // A game kept without an identity (never saved by hector) is a new game's: never the identity of the
        // game the start took from the file (its first), which the files of that other game carry.
        self.game_id = take_game_id(&mut game).unwrap_or_else(|| self.next_game_id(cfg));
        cfg.time_control = time_control;
        m.replace_game(cfg, game);
    }

    /// `yes` to the resume offer: the kept game with its clocks replaces the new one; it goes on in its own
    /// file, with its own action log; an adjourned game goes on with its envelope (Guidelines
    /// I.5), as `--load` would. None: no offer is open.
    pub(super) fn accept_resume(&mut self, cfg: &mut Config, m: &mut Match) -> Option<Resumed> {
        let offer = self.resume.take()?;
        let (files, said) = resume_accepted(&offer, cfg);
        self.load(cfg, m, offer.game, offer.time_control);
        // The adjourned game is greeted, and what was kept with it restored, when it goes on (Session::go_on).
        let mut sealed = Vec::new();
        if let Some(env) = offer.envelope
            && let Err(key) = m.use_envelope(cfg, env)
        {
            sealed.push(say(Kind::Event, cfg.p(key, &[])));
        }
        Some(Resumed {
            files,
            said,
            sealed,
            log: offer.log,
        })
    }

    /// `new`, `rematch`: the unfinished game is kept first (with the state `kept`), then the match starts
    /// afresh; another game, whose exported files are another game's.
    pub(super) fn restart(
        &mut self,
        cfg: &mut Config,
        m: &mut Match,
        kept: Option<resume::Kept>,
        now: Duration,
    ) -> Vec<Effect> {
        let mut out = Vec::new();
        if let Some((save, path)) = m.keep_unfinished(cfg, || self.pgn_kept(cfg, m, kept)) {
            out.push(save);
            cfg.kept_games.push(path);
        }
        m.restart(cfg, now);
        self.game_id = self.next_game_id(cfg);
        out
    }
}

/// `yes` to the resume offer, as the files see it: the copy made before the question is not needed (removed,
/// and no longer a kept game); a `--time` given for the new game is said to be unused, the kept game going on
/// with its own clock. Gives the files' effects and what is said.
pub(super) fn resume_accepted(offer: &ResumeOffer, cfg: &mut Config) -> (Vec<Effect>, Vec<Effect>) {
    let mut files = Vec::new();
    if offer.copied {
        cfg.kept_games.retain(|p| *p != offer.keep_as);
        files = copy_removed(offer);
    }
    let mut out = Vec::new();
    if let Some(given) = &cfg.time_control
        && offer.time_control.as_ref() != Some(given)
    {
        let text = match &offer.time_control {
            Some(kept) => cfg.p(
                "resume.time_kept",
                &[
                    ("kept", &words::time::control(&cfg.phrases, kept)),
                    ("given", &given.to_string()),
                ],
            ),
            None => cfg.p("resume.time_none", &[("given", &given.to_string())]),
        };
        out.push(say(Kind::Event, text));
    }
    (files, out)
}

/// `no` to the resume offer: the unfinished game is kept, unchanged, in the folder of kept games (copied with
/// its log before the question; the new game starts its own log in the file), or, when it could not be
/// copied, left in its file while the new game takes a new name. Gives what is said and done.
pub(super) fn resume_declined(offer: ResumeOffer, cfg: &mut Config) -> Vec<Effect> {
    let kept = offer.keep_as.display().to_string();
    if offer.copied {
        let mut out = vec![say(Kind::Event, cfg.p("resume.kept", &[("path", &kept)]))];
        if let Some(path) = &cfg.save_path {
            out.push(Effect::Remove {
                path: log::log_path(path),
            });
        }
        if !cfg.kept_games.contains(&offer.keep_as) {
            cfg.kept_games.push(offer.keep_as);
        }
        out
    } else {
        cfg.save_path = Some(offer.fallback.clone());
        vec![say(
            Kind::Event,
            cfg.p(
                "resume.left_in_place",
                &[
                    ("path", &offer.path.display().to_string()),
                    ("new", &offer.fallback.display().to_string()),
                ],
            ),
        )]
    }
}

/// One game of the list in words: number, players, result, length.
fn game_words(cfg: &Config, n: usize, g: &GameSummary) -> String {
    let tag = |value: &Option<String>, side: Color| {
        value
            .as_deref()
            .map(words::quote)
            .filter(|v| !v.is_empty() && v != "?")
            .unwrap_or_else(|| cfg.side(side))
    };
    let result = match g.result {
        Some(GameResult::WhiteWins) => cfg.p("result.white_wins", &[]),
        Some(GameResult::BlackWins) => cfg.p("result.black_wins", &[]),
        Some(GameResult::Draw) => cfg.p("result.draw", &[]),
        None => cfg.p("games.unfinished", &[]),
    };
    let moves = g.plies.div_ceil(2);
    let length = if moves == 1 {
        cfg.p("games.moves_one", &[])
    } else {
        cfg.p("games.moves_many", &[("count", &moves.to_string())])
    };
    cfg.p(
        "games.item",
        &[
            ("number", &n.to_string()),
            ("white", &tag(&g.white, Color::White)),
            ("black", &tag(&g.black, Color::Black)),
            ("result", &result),
            ("length", &length),
        ],
    )
}

/// `quit` typed (or its key) says that the game is kept, once it is written, and goodbye; never a
/// path. Without a save (`--no-autosave`, a file's game not chosen, a kept game's question open) it says
/// goodbye only. The end of input leaves without a word (scripts).
pub(super) fn goodbye(mut out: Vec<Effect>, cfg: &Config, game: &Game) -> Vec<Effect> {
    // A game without a move is no game to keep (nothing is offered at the next start).
    let played = !game.plies().is_empty();
    let saved = out.iter_mut().find_map(|e| match e {
        Effect::Save { done, .. } if played => Some(done),
        _ => None,
    });
    match saved {
        Some(done) => *done = Some(cfg.p("quit.kept", &[])),
        None => {
            let at = out.iter().position(|e| matches!(e, Effect::Quit));
            let bye = say(Kind::Event, cfg.p("quit.bye", &[]));
            out.insert(at.unwrap_or(out.len()), bye);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_split_at_their_first_tag() {
        let text = "[Event \"a\"]\n[White \"x\"]\n\n1. e4 { [not a tag]\n[nor this] } e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n\n% escape\n[Event \"c\"]\n1. c4 ; [comment\n0-1\n";
        let spans = split_games(text);
        assert_eq!(spans.len(), 3, "{spans:?}");
        assert!(text[spans[0].clone()].starts_with("[Event \"a\"]"));
        assert!(text[spans[0].clone()].contains("e5 1-0"));
        assert!(text[spans[1].clone()].starts_with("[Event \"b\"]"));
        assert!(text[spans[2].clone()].starts_with("[Event \"c\"]"));
        assert_eq!(spans[2].end, text.len());
        assert_eq!(spans[0].end, spans[1].start);
        assert_eq!(split_games("1. e4 e5 *\n").len(), 1);
        assert!(split_games("\n\n").is_empty());
    }

    const THREE: &str = "[Event \"A\"]\n[White \"Anna\"]\n[Black \"Bob\"]\n[Date \"2024.01.02\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n[Event \"B\"]\n\n1. d4 d5 *\n\n[Event \"C\"]\n\n1. c4 c5 2. Nc3 1/2-1/2\n";

    fn three() -> GameFile {
        let report = crate::rules::pgn::import(THREE);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        GameFile {
            path: PathBuf::from("m.pgn"),
            save_alias: None,
            games: report
                .games
                .iter()
                .map(|g| GameSummary::of(g, None))
                .collect(),
            text: THREE.to_string(),
            spans: Some(split_games(THREE)),
            new_file: PathBuf::from("m-kept.pgn"),
        }
    }

    #[test]
    fn a_summary_keeps_what_the_question_says() {
        let file = three();
        let first = &file.games[0];
        assert_eq!(first.white.as_deref(), Some("Anna"));
        assert_eq!(first.black.as_deref(), Some("Bob"));
        assert_eq!(first.event.as_deref(), Some("A"));
        assert_eq!(first.date.as_deref(), Some("2024.01.02"));
        assert_eq!(first.result, Some(GameResult::WhiteWins));
        assert_eq!(first.plies, 7);
        assert_eq!(file.games[1].result, None);
        assert_eq!(file.games[1].white, None);
        assert_eq!(file.games[2].result, Some(GameResult::Draw));
        assert_eq!(file.games[2].plies, 3);
        let prints: std::collections::HashSet<u64> =
            file.games.iter().map(|g| g.fingerprint).collect();
        assert_eq!(prints.len(), 3, "three different games, three fingerprints");
    }

    #[test]
    fn the_chosen_game_is_read_again_from_its_place() {
        let file = three();
        let fens = [
            "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
            "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
            "rnbqkbnr/pp1ppppp/8/2p5/2P5/2N5/PP1PPPPP/R1BQKBNR b KQkq - 1 2",
        ];
        for (n, fen) in (1..=3).zip(fens) {
            let (game, in_place) = file.read_game(n).expect("the game is there");
            assert!(in_place, "game {n} read from its own place");
            assert_eq!(game.fen(), fen, "game {n}");
            assert_eq!(fingerprint(&game), file.games[n - 1].fingerprint);
        }
        assert!(file.read_game(0).is_none());
        assert!(file.read_game(4).is_none());
    }

    #[test]
    fn a_place_that_gives_another_game_is_not_trusted() {
        let mut file = three();
        let spans = split_games(THREE);
        // Places swapped: game 1's place now holds game 2. Game 1 still comes (from the whole text), but its
        // place is unknown, so it is never written there.
        file.spans = Some(vec![spans[1].clone(), spans[0].clone(), spans[2].clone()]);
        let (game, in_place) = file.read_game(1).expect("game 1 is in the text");
        assert!(!in_place);
        assert_eq!(game.plies().len(), 7);
        let (game, in_place) = file.read_game(3).expect("game 3 is in its place");
        assert!(in_place);
        assert_eq!(game.plies().len(), 3);
        // Without places, every game comes from the whole text.
        file.spans = None;
        let (game, in_place) = file.read_game(2).expect("game 2");
        assert!(!in_place);
        assert_eq!(game.plies().len(), 2);
    }
}
