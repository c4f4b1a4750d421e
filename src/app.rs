//! The start at the edge: the files read and claimed, speech and sound opened, a face run, the exit code.
//!
//! Every decision of the start is the session's ([`crate::session::start`]); this module finds what it
//! decides on (the texts of the files, bounded in size), carries out what only the edge can (a game file that
//! exists is never replaced: it is kept, or offered to go on; folders are made, stale temporary files
//! removed), and chooses the line or the full-screen face.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::options::{Args, AutoOnOff, ModeArg, OnOff, OpponentArg};
use crate::session::start::{self, Claimed, Found, StartError, plain};
use crate::session::{self, ClockSettings};
use crate::store::same_file;
use crate::ui::edge::{Edge, EdgeOptions, OutputConfig};
use crate::ui::gamepad::glue::GamepadOptions;
use crate::ui::gamepad::{self, GamepadConfig};
use crate::ui::line::{self, LineOptions};
use crate::ui::screen::{self, ScreenOptions};
use crate::words::{Phrases, Vocabulary, quote};

/// The mode in the names of a tournament game's files (`record-2025-01-31T14-05-02.pgn`).
fn mode_name(mode: session::Mode) -> &'static str {
    match mode {
        session::Mode::Play => "play",
        session::Mode::Record => "record",
        session::Mode::Assistant => "assistant",
    }
}

/// A text file of at most `max` bytes, if it is a regular file that can be read (the shared bounded reader).
fn read_bounded(path: &Path, max: u64) -> Option<String> {
    crate::store::read_outside_text(path, max).ok()
}

/// Why a file could not be read, in plain words.
fn io_reason(e: &std::io::Error) -> StartError {
    match e.kind() {
        std::io::ErrorKind::NotFound => StartError::new("io.not_found", &[]),
        std::io::ErrorKind::PermissionDenied => StartError::new("io.permission", &[]),
        _ => StartError::new("io.other", &[("reason", plain(&e.to_string()))]),
    }
}

/// The autosave file in the data folder, and the unfinished game in it when the player starts a plain new
/// game (no --load, --fen or --chess960).
fn autosave(
    offer_unfinished: bool,
    phrases: &Phrases,
    notices: &mut Vec<String>,
) -> (Option<PathBuf>, Option<session::ResumeOffer>) {
    let Some(dir) = crate::dirs::data_dir() else {
        return (None, None);
    };
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("hector: cannot create {}: {e}", dir.display());
    }
    let path = dir.join("autosave.pgn");
    if nobody_played(&path) {
        return (Some(path), None);
    }
    let (path, offer) = claim(path, offer_unfinished, None, phrases, notices);
    (Some(path), offer)
}

/// The autosave holds one game in which no move was made and nothing ended it (hector was started and left):
/// no game a player played, so the new game takes the file without keeping it and without a word.
/// Anything else there (a move, an ending, an envelope or log beside it, text that is no game) is kept as ever.
fn nobody_played(path: &Path) -> bool {
    if companions(path).iter().any(|c| c.exists()) {
        return false;
    }
    let Ok(text) = crate::store::read_outside_text(path, crate::store::MAX_PGN_BYTES) else {
        return false;
    };
    let report = crate::rules::pgn::import(&text);
    report.errors.is_empty()
        && matches!(report.games.as_slice(), [g] if g.plies().is_empty() && !g.is_over())
}

/// The files that belong to a game file: its action log and its envelope (kept and moved with it).
fn companions(path: &Path) -> [PathBuf; 2] {
    let with = |ext: &str| {
        let mut s = path.as_os_str().to_owned();
        s.push(ext);
        PathBuf::from(s)
    };
    [with(".log.txt"), with(".envelope.ron")]
}

/// A name beside `path` that no file has: `g-2.pgn`, `g-3.pgn` ...
fn free_name(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "game".to_string(), |s| s.to_string_lossy().into_owned());
    (2..)
        .map(|n| path.with_file_name(format!("{stem}-{n}.pgn")))
        .find(|p| !p.exists() && companions(p).iter().all(|c| !c.exists()))
        .expect("some name is free")
}

/// Copies a file byte for byte to a new name and syncs it: the copy is safe on disk before the original may
/// be replaced. A file that is not there is not copied (Ok).
fn copy_durably(from: &Path, to: &Path) -> std::io::Result<()> {
    match std::fs::metadata(from) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
        Ok(m) if !m.is_file() => return Ok(()),
        Ok(_) => {}
    }
    std::fs::copy(from, to)?;
    std::fs::File::open(to)?.sync_all()?;
    if let Some(dir) = to.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = std::fs::File::open(dir).and_then(|d| d.sync_all());
    }
    Ok(())
}

/// One rule for game files: a game file that exists is never replaced. `path` is where a new game
/// is to be written. Nothing there (or an empty file): it is used. An unfinished game there, when
/// `offer_unfinished`: it is copied, with its action log, to the folder of kept games and offered to go on
/// (yes: it goes on in its file, the copy is removed; no: the copy stays, the new game takes the file). Any
/// other game or text there (a finished game, an adjourned one, a game not offered): it is kept the same way
/// and the player is told where, then the new game takes the file. When the copy cannot be made, the file is
/// left as it is and the new game gets a new name beside it (said). `stem` names the kept copy (autosave:
/// none, only the date).
fn claim(
    path: PathBuf,
    offer_unfinished: bool,
    stem: Option<&str>,
    phrases: &Phrases,
    notices: &mut Vec<String>,
) -> (PathBuf, Option<session::ResumeOffer>) {
    // Paths are said whole (a path cut mid-name says nothing).
    let shown = |p: &Path| p.display().to_string();
    let meta = match std::fs::metadata(&path) {
        Ok(m) => m,
        Err(_) => return (path, None),
    };
    if !meta.is_file() || meta.len() == 0 {
        // Nothing of a game (a device is refused by the save itself, with its reason).
        return (path, None);
    }
    let text = match crate::store::read_outside_text(&path, crate::store::MAX_PGN_BYTES) {
        Ok(t) => t,
        Err(e) => {
            let new = free_name(&path);
            notices.push(phrases.say(
                "notice.file_taken",
                &[
                    ("path", &shown(&path)),
                    ("reason", &io_reason(&e).text(phrases)),
                    ("new", &shown(&new)),
                ],
            ));
            return (new, None);
        }
    };
    let [log, envelope] = companions(&path);
    // An adjourned game is offered with its envelope (Guidelines I); an envelope that cannot be read is not.
    let sealed = start::envelope(&path, read_envelope(&path));
    let offerable = start::unfinished(&text, offer_unfinished && sealed.is_ok());
    let folder = crate::dirs::data_dir()
        .map(|d| d.join("kept"))
        .filter(|d| std::fs::create_dir_all(d).is_ok())
        .or_else(|| path.parent().map(Path::to_path_buf));
    let modified = meta
        .modified()
        .unwrap_or_else(|_| std::time::SystemTime::now());
    let keep = folder.map(|f| keep_as(&f, stem, modified));
    let copied = keep.as_ref().is_some_and(|k| {
        copy_durably(&path, k).is_ok()
            && companions(&path)
                .iter()
                .zip(companions(k))
                .all(|(from, to)| copy_durably(from, &to).is_ok())
    });
    if let Some(game) = offerable {
        let time_control = start::own_time_control(&game);
        let earlier_log = read_bounded(&log, 16 << 20);
        let fallback = free_name(&path);
        return (
            path.clone(),
            Some(session::ResumeOffer {
                game,
                time_control,
                path,
                text,
                keep_as: keep.filter(|_| copied).unwrap_or(fallback.clone()),
                copied,
                log: earlier_log,
                fallback,
                envelope: sealed.ok().flatten(),
            }),
        );
    }
    match keep.filter(|_| copied) {
        Some(kept) => {
            // The copy is safe: the old log and envelope go with it, the new game starts its own.
            crate::store::remove_durably(&log);
            crate::store::remove_durably(&envelope);
            notices.push(phrases.say(
                "notice.old_game_kept",
                &[("path", &shown(&path)), ("kept", &shown(&kept))],
            ));
            (path, None)
        }
        None => {
            let new = free_name(&path);
            notices.push(phrases.say(
                "notice.file_taken",
                &[
                    ("path", &shown(&path)),
                    ("reason", &phrases.say("notice.not_copied", &[])),
                    ("new", &shown(&new)),
                ],
            ));
            (new, None)
        }
    }
}

/// A new name for the game of a tournament session in the data folder's games, by mode, date and time:
/// taken at once (created empty), so two games started in the same second get two names.
fn new_game_file(mode: session::Mode, started: std::time::SystemTime) -> Option<PathBuf> {
    let dir = crate::dirs::data_dir()?.join("games");
    std::fs::create_dir_all(&dir).ok()?;
    let stamp = crate::store::timestamp(started).replace(':', "-");
    let base = format!("{}-{}", mode_name(mode), &stamp[..19]);
    for n in 1..1000 {
        let name = if n == 1 {
            format!("{base}.pgn")
        } else {
            format!("{base}-{n}.pgn")
        };
        let path = dir.join(name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(_) => return Some(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(_) => return None,
        }
    }
    None
}

/// Where a declined game is kept: the folder of kept games, named by the date it was last saved (UTC),
/// `2025-01-31_14-05-02.pgn` (a named file's stem first: `g_2025-01-31_14-05-02.pgn`), with `-2`, `-3` ...
/// when that name is taken.
fn keep_as(folder: &Path, stem: Option<&str>, modified: std::time::SystemTime) -> PathBuf {
    let stamp = crate::store::timestamp(modified);
    let date: String = stamp
        .get(..19)
        .unwrap_or(&stamp)
        .replace('T', "_")
        .replace(':', "-");
    let name = match stem {
        Some(stem) => format!("{stem}_{date}"),
        None => date,
    };
    let mut path = folder.join(format!("{name}.pgn"));
    let mut n = 2;
    while path.exists() {
        path = folder.join(format!("{name}-{n}.pgn"));
        n += 1;
    }
    path
}

/// The games kept in the data folder's folder of kept games, oldest first (their names are dates).
fn kept_games() -> Vec<PathBuf> {
    let Some(dir) = crate::dirs::data_dir() else {
        return Vec::new();
    };
    let mut games: Vec<PathBuf> = std::fs::read_dir(dir.join("kept"))
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
                .collect()
        })
        .unwrap_or_default();
    games.sort();
    games
}

/// The view chosen on the command line: `--plain`, `--no-board`, `--colour-view`.
struct ViewChoice {
    plain: bool,
    no_board: bool,
    colour: bool,
}

impl ViewChoice {
    /// The player chose a view: a screen reader found does not change it.
    fn chosen(&self) -> bool {
        self.plain || self.no_board || self.colour
    }
}

/// The full-screen view's keys and theme from config/ and the user's config folder; problems become notices.
fn screen_options(
    edge: Edge,
    mut notices: Vec<String>,
    player: shakmaty::Color,
    view: ViewChoice,
    reader: Option<screen::reader::Reader>,
    gamepad: GamepadOptions,
    phrases: &Phrases,
) -> std::io::Result<ScreenOptions> {
    let (keymap, problems) =
        screen::Keymap::load(crate::dirs::user_config("keymap.ron").as_deref());
    notices.extend(
        problems
            .into_iter()
            .map(|p| phrases.say("notice.keymap", &[("problem", &p.to_string())])),
    );
    let own_theme = crate::dirs::user_config("theme.ron");
    let mut theme = screen::Theme::load(own_theme.as_deref()).unwrap_or_else(|e| {
        notices.push(phrases.say("notice.theme", &[("problem", &e.to_string())]));
        screen::Theme::default()
    });
    theme.plain |= view.plain;
    theme.board &= !view.no_board;
    // Under a screen reader the view made for it, unless the player chose a view (a theme.ron of their
    // own is used as written).
    if let Some(reader) = reader.filter(|_| own_theme.is_none()) {
        if screen::reader::fit(&mut theme, reader, view.chosen()) {
            // First of the notices: what the screen reader is given.
            notices.insert(
                0,
                phrases.say("notice.screen_reader", &[("reader", reader.name())]),
            );
        }
    }
    Ok(ScreenOptions {
        edge,
        notices,
        orientation: player,
        theme,
        keymap,
        channel: screen::Channel::new(),
        gamepad: Some(gamepad),
    })
}

/// The gamepad's layout from config/ and the user's config folder, and how it is used; problems become
/// notices. Line mode uses a pad only when asked (`--gamepad on`, `enabled: On`, or an event script).
fn gamepad_options(
    args: &Args,
    notices: &mut Vec<String>,
    player: shakmaty::Color,
) -> GamepadOptions {
    let (mut config, problems) =
        GamepadConfig::load(crate::dirs::user_config("gamepad.ron").as_deref());
    notices.extend(problems.into_iter().map(|p| format!("Gamepad: {p}")));
    match args.gamepad {
        Some(AutoOnOff::Auto) => config.enabled = gamepad::Use::Auto,
        Some(AutoOnOff::On) => config.enabled = gamepad::Use::On,
        Some(AutoOnOff::Off) => config.enabled = gamepad::Use::Off,
        None => {}
    }
    if args.line && config.enabled == gamepad::Use::Auto {
        config.enabled = gamepad::Use::Off;
    }
    let tournament = matches!(args.mode, Some(ModeArg::Record | ModeArg::Assistant));
    GamepadOptions {
        config,
        source: match &args.gamepad_events {
            Some(path) => gamepad::device::Source::Script(path.clone()),
            None => gamepad::device::Source::Devices,
        },
        assistant: args.mode == Some(ModeArg::Assistant),
        tournament,
        player,
    }
}

/// A start-up error said in the player's language: printed where announcements go, written to the speech log
/// and spoken (when speech is on, as in the full-screen view); the exit code says it failed.
/// `--opponent lichess`: the token (src/online/token.rs) and the server (`--lichess-url`); without a token, what
/// to do, in the player's language, and the exit code 2 (a start refused). The token itself is never printed.
fn lichess_start(
    args: &Args,
    phrases: &Phrases,
) -> Result<(crate::online::ServerUrl, crate::online::Token), ExitCode> {
    use crate::online::token::{TOKEN_ENV, TokenError, find_token};
    let url = args
        .lichess_url
        .as_deref()
        .unwrap_or(crate::online::DEFAULT_URL);
    let url = match crate::online::ServerUrl::parse(url) {
        Ok(u) => u,
        Err(e) => {
            let e = StartError::new("online.bad_url", &[("reason", plain(&e.to_string()))]);
            return Err(fail(args, phrases, e));
        }
    };
    let env = std::env::var(TOKEN_ENV).ok();
    let config_dir = crate::dirs::config_dir();
    let file = args.lichess_token_file.as_deref();
    match find_token(file, env.as_deref(), config_dir.as_deref()) {
        Ok(token) => Ok((url, token)),
        Err(TokenError::Missing { default_file }) => {
            let file = default_file.map_or_else(String::new, |p| p.display().to_string());
            Err(fail(
                args,
                phrases,
                StartError::new("online.no_token", &[("file", file)]),
            ))
        }
        Err(e) => {
            let e = StartError::new("online.token_problem", &[("reason", e.to_string())]);
            Err(fail(args, phrases, e))
        }
    }
}

fn fail(args: &Args, phrases: &Phrases, e: StartError) -> ExitCode {
    let text = e.text(phrases);
    println!("{text}");
    let speech = args.speech.map_or(!args.line, |s| s == OnOff::On);
    if speech || args.speech_log.is_some() {
        let mut edge = Edge::open(EdgeOptions {
            speech,
            sound: false,
            speech_log: args.speech_log.clone(),
            output: OutputConfig::default(),
            verbose: args.verbose,
            board_language: phrases.language.clone(),
            text_language: phrases.language.clone(),
            speak_assistant: false,
        });
        edge.run(
            vec![session::Effect::Say(session::Announcement {
                kind: session::Kind::Refusal,
                text,
            })],
            &mut |_| {},
        );
        edge.finish(std::time::Duration::from_secs(5));
    }
    ExitCode::from(2)
}

/// A command line clap cannot read: said in the language named on it (when one is), in one plain line.
pub fn bad_options(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    let words: Vec<String> = std::env::args().collect();
    let language = words
        .iter()
        .position(|w| w == "--language")
        .and_then(|i| words.get(i + 1))
        .and_then(|l| Phrases::builtin(l))
        .unwrap_or_default();
    let detail = e.to_string();
    let first = detail
        .lines()
        .next()
        .unwrap_or("")
        .trim_start_matches("error: ");
    println!("{}", language.say("start.bad_option", &[("reason", first)]));
    ExitCode::from(2)
}

/// `hector --verify FILE.pgn`: the verdict on the game's action log, printed; 0 when whole and unchanged.
fn verify_log(game: &Path, phrases: &Phrases) -> ExitCode {
    let log = session::log::log_path(game);
    let shown = crate::words::quote::clean(&log.display().to_string());
    match crate::store::read_outside_text(&log, 256 << 20) {
        Ok(text) => {
            let verdict = session::log::verify(&text);
            println!("{}", session::log::verdict_text(phrases, &shown, &verdict));
            // The log is checked against the game beside it too (moves and result), so that a log
            // cut at an entry boundary, whole as a chain, is found.
            let agrees = match crate::store::read_outside_text(game, 128 << 20)
                .map_err(|e| plain(&e.to_string()))
                .and_then(|pgn| {
                    crate::rules::pgn::import_game(&pgn).map_err(|e| plain(&e.to_string()))
                }) {
                Ok(g) => {
                    let against = session::game_log::against_game(&text, &g);
                    println!("{}", session::game_log::against_text(phrases, &against));
                    matches!(
                        against,
                        session::game_log::Against::Agrees(_) | session::game_log::Against::NoMarks
                    )
                }
                Err(reason) => {
                    println!(
                        "{}",
                        phrases.say("verify.game_unread", &[("reason", &reason)])
                    );
                    true
                }
            };
            match verdict {
                session::log::Verdict::Whole { .. } | session::log::Verdict::Empty if agrees => {
                    ExitCode::SUCCESS
                }
                _ => ExitCode::from(1),
            }
        }
        Err(e) => {
            let reason = match e.kind() {
                std::io::ErrorKind::NotFound => phrases.get("io.not_found").to_string(),
                _ => plain(&e.to_string()),
            };
            println!(
                "{}",
                phrases.say("verify.no_log", &[("path", &shown), ("reason", &reason)])
            );
            ExitCode::from(2)
        }
    }
}

/// Whether a file can be written in the folder of `path` now (a full or read-only data folder is
/// said at the start, never "The game is kept in ...").
fn writable_dir_of(path: &Path) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if dir.is_dir() {
        crate::store::probe_writable(&dir)
    } else {
        Ok(())
    }
}

/// hector with these options: the start, the face, and the exit code (0; 1 a face that failed, or `--verify`
/// found the log cut or edited; 2 a start refused; 3 a game or log that could not be saved).
pub fn run(mut args: Args) -> ExitCode {
    // `--review FILE`: the file is read as `--load` reads it (bounded; a file of several games asks which),
    // then the session opens in review, with no clock, no engine and no file written.
    if let Some(path) = args.review.clone() {
        args.load = Some(path);
        args.opponent = Some(OpponentArg::Human);
    }
    let language = args.language.clone().unwrap_or_else(|| "en".to_string());
    let Some(phrases) = Phrases::builtin(&language) else {
        let e = StartError::new("start.bad_language", &[("text", language.clone())]);
        return fail(&args, &Phrases::default(), e);
    };
    if let Some(game) = &args.verify {
        return verify_log(game, &phrases);
    }
    let vocabulary = match Vocabulary::load(args.vocabulary.as_deref().unwrap_or("appendix-d")) {
        Ok(v) => v,
        Err(e) => {
            let e = StartError::new("start.bad_vocabulary", &[("reason", plain(&e.to_string()))]);
            return fail(&args, &phrases, e);
        }
    };
    // Online play: the token and the server first; without them, what to do (exit 2).
    let lichess = match args.lichess().then(|| lichess_start(&args, &phrases)) {
        Some(Ok(l)) => Some(l),
        Some(Err(code)) => return code,
        None => None,
    };
    let mut found = Found::new(args.start_options(), phrases.clone(), vocabulary);
    if let Some(path) = &args.load {
        // Bounded: not a FIFO or device, at most MAX_PGN_BYTES (a FIFO would block, /dev/zero fill memory).
        match crate::store::read_outside_text(path, crate::store::MAX_PGN_BYTES) {
            Ok(text) => found.loaded = Some(text),
            Err(e) => {
                let reason = io_reason(&e).text(&phrases);
                let e = StartError::new(
                    "start.cannot_read",
                    &[("path", path.display().to_string()), ("reason", reason)],
                );
                return fail(&args, &phrases, e);
            }
        }
        found.envelope = read_envelope(path);
    }
    // Both faces play the engine unless told otherwise (line mode, the screen readers' face, is not the poorer).
    found.engine_found = crate::engine::find_program(&args.engine_command()).is_some();
    let clock_config = args
        .clock_config
        .clone()
        .or_else(|| crate::dirs::user_config("clock.ron"));
    if let Some(path) = &clock_config {
        found.clock = ClockSettings::load(&path.to_string_lossy()).map_err(|e| e.to_string());
    }
    // The player's name for the records; a file that cannot be used changes nothing and says why.
    let player_file = crate::dirs::user_config("player.ron").map(|p| crate::player_file::load(&p));
    if let Some(Ok(name)) = &player_file {
        found.options.player_name = Some(name.clone());
    }
    let mut prepared = match start::prepare(found) {
        Ok(p) => p,
        Err(e) => return fail(&args, &phrases, e),
    };
    let mut notices = std::mem::take(&mut prepared.notices);
    if let Some(Err(reason)) = &player_file {
        notices.push(phrases.say("notice.bad_player_settings", &[("reason", &plain(reason))]));
    }
    let output_config = args
        .output_config
        .clone()
        .or_else(|| crate::dirs::user_config("output.ron"));
    let mut output = match OutputConfig::load(output_config.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            notices.push(phrases.say(
                "notice.bad_output_settings",
                &[("reason", &plain(&e.to_string()))],
            ));
            OutputConfig::load(None).unwrap_or_default()
        }
    };
    output.speech.engine = args.speech_engine.or(output.speech.engine);
    if args.verbose {
        eprintln!(
            "hector: edition {}, start {}",
            args.edition,
            prepared.game.start_fen()
        );
    }
    let started = std::time::SystemTime::now();
    let mode = args.mode();
    let (save_path, resume) = claim_game_file(&args, mode, started, &phrases, &mut notices);
    // Entries an earlier version left in a temporary file of the log are merged first.
    if let Some(path) = &save_path {
        crate::store::merge_stale_log_temps(&session::log::log_path(path));
    }
    // The log goes on with its game: not while an unfinished game is offered (it comes with the offer).
    let earlier_log = save_path
        .as_deref()
        .filter(|_| resume.is_none())
        .map(session::log::log_path)
        .and_then(|p| read_bounded(&p, 16 << 20));
    // The folder of the game is made if it is missing: a game that cannot be saved is not safe.
    if let Some(dir) = save_path.as_deref().and_then(Path::parent)
        && !dir.as_os_str().is_empty()
        && !dir.exists()
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        notices.push(phrases.say(
            "notice.cannot_make_folder",
            &[
                ("path", &quote(&dir.display().to_string())),
                ("reason", &plain(&e.to_string())),
            ],
        ));
    }
    // A save cut off by a crash or a kill left a temporary file; it holds nothing that was announced.
    if let Some(path) = &save_path {
        crate::store::remove_stale_temps(path);
    }
    // The braille table is checked now, so a wrong name is said before the game, not at its end.
    let braille_table = args
        .braille_table
        .clone()
        .unwrap_or_else(|| "en-us-comp6".to_string());
    if args.braille_table.is_some() {
        let checked = crate::braille::BrailleTable::from_name(&braille_table)
            .and_then(|t| crate::braille::check_table(&t));
        if let Err(e) = checked {
            let e = StartError::new(
                "start.bad_braille_table",
                &[
                    ("name", quote(&braille_table)),
                    ("reason", plain(&e.to_string())),
                ],
            );
            return fail(&args, &phrases, e);
        }
    }
    // A file of several games: where the chosen game goes when it cannot go back to its place.
    let (save_alias, new_file) = match &args.load {
        Some(path) if prepared.several_games() => kept_beside(path, save_path.as_ref()),
        _ => (None, PathBuf::new()),
    };
    let claimed = Claimed {
        save_path,
        resume,
        earlier_log,
        kept_games: kept_games(),
        kept_dir: crate::dirs::data_dir()
            .map(|d| d.join("kept"))
            .filter(|d| std::fs::create_dir_all(d).is_ok()),
        braille_table,
        started: Some(started),
        process: std::process::id(),
        save_alias,
        new_file,
    };
    let session = match start::finish(prepared, claimed) {
        Ok(s) => {
            notices.extend(s.notices);
            s.session
        }
        Err(e) => return fail(&args, &phrases, e),
    };
    // The screen reader reading the full-screen view's terminal, if any: it speaks, so hector's own voice
    // is off unless asked for (one voice at a time), and the view is made for it (`screen_options`).
    let reader = if args.line {
        None
    } else {
        screen::reader::decide(&screen::reader::look())
    };
    let speech = match (args.speech, reader) {
        (Some(s), _) => s == OnOff::On,
        (None, Some(r)) => {
            notices.push(phrases.say("notice.screen_reader_speech", &[("reader", r.name())]));
            false
        }
        (None, None) => args.speech_on(),
    };
    let session = match &lichess {
        Some(_) => session.with_online(crate::session::online::Online::new(
            crate::dirs::data_dir()
                .map(|d| d.join("games"))
                .filter(|d| std::fs::create_dir_all(d).is_ok()),
            args.save.clone(),
            args.game.clone(),
        )),
        None => session,
    };
    let mut edge = Edge::open(EdgeOptions {
        speech,
        sound: args.sound.map_or(!args.line, |s| s == OnOff::On),
        speech_log: args.speech_log.clone(),
        output,
        verbose: args.verbose,
        board_language: session.view().config().vocabulary.language.clone(),
        text_language: session.view().config().phrases.language.clone(),
        speak_assistant: mode != session::Mode::Assistant
            || args.assistant_speech == Some(crate::options::AssistantSpeechArg::All),
    });
    if let Some((url, token)) = lichess {
        let pauses = crate::online::Pauses::for_server(
            &url,
            std::env::var(crate::online::client::PAUSE_ENV)
                .ok()
                .as_deref(),
        );
        edge.set_remote(crate::ui::online_link::start(url, token, pauses));
    }
    let player = args.engine_color().other();
    let gamepad = gamepad_options(&args, &mut notices, player);
    let result = if args.line {
        line::run(
            session,
            LineOptions {
                edge,
                notices,
                gamepad: Some(gamepad),
            },
        )
    } else {
        screen_options(
            edge,
            notices,
            player,
            ViewChoice {
                plain: args.plain,
                no_board: args.no_board,
                colour: args.colour_view,
            },
            reader,
            gamepad,
            &phrases,
        )
        .and_then(|o| screen::run(session, o))
    };
    match result {
        // The game (or its log) was never put on disk; the player was told, the exit code says so.
        Ok(()) if crate::ui::edge::unsaved() => {
            eprintln!("hector: the game or its action log could not be saved");
            ExitCode::from(3)
        }
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hector: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The file a game goes on in ([`start::keeping`]), and what an existing file there becomes (never
/// replaced: offered to go on, or kept).
fn claim_game_file(
    args: &Args,
    mode: session::Mode,
    started: std::time::SystemTime,
    phrases: &Phrases,
    notices: &mut Vec<String>,
) -> (Option<PathBuf>, Option<session::ResumeOffer>) {
    let options = args.start_options();
    let offer = start::offers_unfinished(&options);
    let (save_path, resume) = match start::keeping(&options) {
        start::Keeping::Nowhere => (None, None),
        // A loaded game goes on in its own file (not in another file with a new log: its record stays one).
        start::Keeping::File(path) if args.load.as_deref().is_some_and(|l| same_file(l, &path)) => {
            (Some(path), None)
        }
        start::Keeping::File(path) => {
            let stem = stem_of(&path);
            let (path, offer) = claim(path, offer, Some(&stem), phrases, notices);
            (Some(path), offer)
        }
        start::Keeping::NewGameFile => {
            let path = new_game_file(mode, started);
            // "kept in" only where a file can be written now (else the reason, below).
            if let Some(p) = &path
                && writable_dir_of(p).is_ok()
            {
                notices.push(phrases.say("notice.kept_in", &[("path", &p.display().to_string())]));
            }
            (path, None)
        }
        start::Keeping::Autosave => autosave(offer, phrases, notices),
    };
    // A game that cannot be written where it is to be kept is said at once, with the reason.
    if mode.is_tournament()
        && let Some(p) = &save_path
        && let Err(e) = writable_dir_of(p)
    {
        let shown = crate::words::quote::clean(&p.display().to_string());
        let reason = crate::ui::edge::io_reason(phrases, &e, p);
        notices.push(phrases.say(
            "notice.cannot_keep",
            &[("path", &shown), ("reason", &reason)],
        ));
    }
    (save_path, resume)
}

/// A file's name without its extension ("game" when it has none).
fn stem_of(p: &Path) -> String {
    p.file_stem()
        .map_or_else(|| "game".to_string(), |s| s.to_string_lossy().into_owned())
}

/// For a file of several games: the loaded file under `--save`'s name when it is the same file,
/// and a free name beside it (`game-kept.pgn`, `game-kept-2.pgn` ...) for a game that cannot go back to its place.
fn kept_beside(path: &Path, save_path: Option<&PathBuf>) -> (Option<PathBuf>, PathBuf) {
    let save_alias = save_path.filter(|s| same_file(s, path)).cloned();
    let stem = stem_of(path);
    let new_file = (1..)
        .map(|n| {
            let name = if n == 1 {
                format!("{stem}-kept.pgn")
            } else {
                format!("{stem}-kept-{n}.pgn")
            };
            path.with_file_name(name)
        })
        .find(|p| !p.exists())
        .expect("some name is free");
    (save_alias, new_file)
}

/// The text of the envelope beside the game file `pgn` (bounded): none when there is none, else why it cannot
/// be read, with its path.
fn read_envelope(pgn: &Path) -> Result<Option<String>, String> {
    let path = start::envelope_path(pgn);
    match crate::store::read_outside_text(&path, crate::store::MAX_CONFIG_BYTES) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}
