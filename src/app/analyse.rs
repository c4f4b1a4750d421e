//! `hector --analyse FILE.pgn [--save OUT]`: every game of the file analysed by the engine at the analysis
//! settings' limit, the progress and each side's summary printed, and the games written annotated (NAGs,
//! `[%eval ...]`, the better moves) to OUT or FILE-analysed.pgn beside FILE. FILE is never changed; a file
//! that exists is replaced only after an explicit "no" to keeping it.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use crate::engine::analyst::{self, AnalysisError, AnalysisJob};
use crate::options::Args;
use crate::rules::analysis;
use crate::rules::pgn;
use crate::session::start::plain;
use crate::words::{self, Phrases};

/// The most names tried beside an existing output file (FILE-analysed-2.pgn, -3, ...).
const MAX_FREE_NAMES: u32 = 999;

/// FILE-analysed.pgn beside FILE.
fn default_output(file: &Path) -> PathBuf {
    let stem = file
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    file.with_file_name(format!("{stem}-analysed.pgn"))
}

/// A name beside `path` that no file has (`NAME-2.pgn`, ...).
fn free_name(path: &Path) -> Option<PathBuf> {
    let stem = path
        .file_stem()
        .map_or_else(|| "analysed".into(), |s| s.to_string_lossy().into_owned());
    let ext = path
        .extension()
        .map_or_else(|| "pgn".into(), |e| e.to_string_lossy().into_owned());
    (2..=MAX_FREE_NAMES)
        .map(|n| path.with_file_name(format!("{stem}-{n}.{ext}")))
        .find(|p| !p.exists())
}

fn shown(p: &Path) -> String {
    words::quote(&p.display().to_string())
}

/// Where the analysis goes: `out`, or, when it exists and the answer to "keep it?" is not an explicit no (an
/// empty answer, the end of the input), a free name beside it.
fn choose_output(out: PathBuf, phrases: &Phrases) -> Option<PathBuf> {
    if !out.exists() {
        return Some(out);
    }
    let other = free_name(&out)?;
    println!(
        "{}",
        phrases.say(
            "analyse.exists",
            &[("path", &shown(&out)), ("other", &shown(&other))]
        )
    );
    let mut answer = String::new();
    let _ = std::io::stdin().lock().take_line(&mut answer);
    if phrases.is_word("answer.no", answer.trim()) {
        return Some(out);
    }
    println!(
        "{}",
        phrases.say(
            "analyse.kept_other",
            &[("path", &shown(&out)), ("other", &shown(&other))]
        )
    );
    Some(other)
}

/// One line of the standard input, at most 1 KiB read.
trait TakeLine {
    fn take_line(&mut self, into: &mut String) -> std::io::Result<usize>;
}

impl<R: BufRead> TakeLine for R {
    fn take_line(&mut self, into: &mut String) -> std::io::Result<usize> {
        let mut buf = Vec::new();
        crate::bounded::read_line_bounded(self, &mut buf, 1024)?;
        into.push_str(&String::from_utf8_lossy(&buf));
        Ok(buf.len())
    }
}

/// The limit in words for the start line: "nodes 1000000, 3 seconds".
fn limit_text(s: &crate::session::AnalysisSettings) -> String {
    let mut parts = Vec::new();
    if let Some(d) = s.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(n) = s.nodes {
        parts.push(format!("nodes {n}"));
    }
    if let Some(t) = s.seconds {
        parts.push(format!("seconds {t}"));
    }
    parts.join(", ")
}

/// `hector --analyse FILE`: 0 when every game was analysed and saved; 1 when the engine failed or the file
/// could not be written; 2 when nothing could be analysed (no game, no engine, bad settings, bad output).
pub(crate) fn run(args: &Args, file: &Path, phrases: &Phrases) -> ExitCode {
    let say = |t: String| println!("{t}");
    let text = match crate::store::read_outside_text(file, crate::store::MAX_PGN_BYTES) {
        Ok(t) => t,
        Err(e) => {
            say(phrases.say(
                "analyse.no_games",
                &[("path", &shown(file)), ("reason", &plain(&e.to_string()))],
            ));
            return ExitCode::from(2);
        }
    };
    let settings = match super::analysis_settings(args) {
        Ok(s) => s,
        Err(reason) => {
            say(phrases.say(
                "notice.bad_analysis_settings",
                &[("reason", &plain(&reason))],
            ));
            return ExitCode::from(2);
        }
    };
    let report = pgn::import(&text);
    for e in &report.errors {
        say(phrases.say(
            "analyse.bad_game",
            &[
                ("n", &e.game.to_string()),
                ("reason", &plain(&e.to_string())),
            ],
        ));
    }
    if report.games.is_empty() {
        let reason = report
            .errors
            .first()
            .map_or_else(|| "no moves".to_string(), |e| plain(&e.to_string()));
        say(phrases.say(
            "analyse.no_games",
            &[("path", &shown(file)), ("reason", &reason)],
        ));
        return ExitCode::from(2);
    }
    let out = args.save.clone().unwrap_or_else(|| default_output(file));
    if crate::store::same_file(&out, file) || out == file {
        say(phrases.say("analyse.same_file", &[("path", &shown(file))]));
        return ExitCode::from(2);
    }
    let Some(out) = choose_output(out, phrases) else {
        say(phrases.say("analyse.same_file", &[("path", &shown(file))]));
        return ExitCode::from(2);
    };
    let command = args.engine_command();
    let cancel = AtomicBool::new(false);
    let total = report.games.len();
    let mut annotated = Vec::with_capacity(total);
    for (n, game) in report.games.iter().enumerate() {
        let moves = game.plies().len().div_ceil(2).to_string();
        if total > 1 {
            say(phrases.say(
                "analyse.game",
                &[
                    ("n", &(n + 1).to_string()),
                    ("total", &total.to_string()),
                    (
                        "white",
                        &words::quote(game.tags.get("White").unwrap_or("?")),
                    ),
                    (
                        "black",
                        &words::quote(game.tags.get("Black").unwrap_or("?")),
                    ),
                    ("moves", &moves),
                ],
            ));
        }
        say(phrases.say(
            "analyse.start",
            &[
                ("moves", &moves),
                ("engine", &words::quote(&command)),
                ("limit", &limit_text(&settings)),
            ],
        ));
        let job = AnalysisJob {
            engine_command: command.clone(),
            settings: settings.clone(),
            start_fen: game.start_fen(),
            moves_uci: game
                .plies()
                .iter()
                .map(|p| game.uci(p.mv).to_string())
                .collect(),
            chess960: game.is_chess960(),
        };
        let began = std::time::Instant::now();
        let analysed = analyst::analyse(&job, &cancel, |done, all| {
            if let Some(t) = words::analysis::progress(phrases, done, all) {
                say(t);
            }
        });
        let analysed = match analysed {
            Ok(a) => a,
            Err(AnalysisError::NoEngine { command }) => {
                say(phrases.say("analyse.no_engine", &[("command", &words::quote(&command))]));
                return ExitCode::from(2);
            }
            Err(e) => {
                say(phrases.say("analyse.failed", &[("reason", &plain(&e.to_string()))]));
                return ExitCode::from(1);
            }
        };
        if args.verbose {
            // benches/analysis_overhead.py reads this line: the engine's own search time beside the whole.
            eprintln!(
                "hector: analysis of {} positions: engine {} ms, whole {} ms",
                job.positions(),
                analysed.engine_ms,
                began.elapsed().as_millis()
            );
        }
        let result = analysis::analyse(game, &analysed.evals);
        for m in &result.moves {
            if let Some(t) = words::analysis::judged_move(phrases, m, &m.san, m.better_san()) {
                say(t);
            }
        }
        for side in [shakmaty::Color::White, shakmaty::Color::Black] {
            say(words::analysis::summary(phrases, side, result.side(side)));
        }
        annotated.push(analysis::annotate(game, &result));
    }
    let text = pgn::export_all(&annotated, &pgn::ExportTags::default());
    if let Err(e) = crate::store::write_atomic(&out, &text) {
        say(phrases.say(
            "analyse.cannot_write",
            &[("path", &shown(&out)), ("reason", &plain(&e.to_string()))],
        ));
        return ExitCode::from(1);
    }
    say(phrases.say(
        "analyse.saved",
        &[
            ("games", &annotated.len().to_string()),
            ("path", &shown(&out)),
        ],
    ));
    ExitCode::SUCCESS
}
