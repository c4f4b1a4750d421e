//! hector's command line: parse options, build the game, run the chosen face.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};

use hector::rules::time_control::TimeControl;
use hector::rules::{Edition, Game};
use hector::session::{self, ClockSettings, Config, Envelope, Session};
use hector::ui::edge::{Edge, EdgeOptions, OutputConfig};
use hector::ui::gamepad::glue::GamepadOptions;
use hector::ui::gamepad::{self, GamepadConfig};
use hector::ui::line::{self, LineOptions};
use hector::ui::screen::{self, ScreenOptions};
use hector::words::{Phrases, Vocabulary, quote};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OpponentArg {
    Engine,
    Human,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OnOff {
    On,
    Off,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum AutoOnOff {
    Auto,
    On,
    Off,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ModeArg {
    Play,
    Record,
    Assistant,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum AssistantSpeechArg {
    Player,
    All,
}

/// Which moves are announced with the side that made them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SidesArg {
    All,
    Engine,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorArg {
    White,
    Black,
}

/// hector: play, record and check chess games by ear and keyboard, under the FIDE Laws of Chess.
#[derive(Debug, Parser)]
#[command(name = "hector", version, about)]
struct Args {
    /// Line mode: one command per line on stdin, one announcement per line on stdout.
    #[arg(long)]
    line: bool,
    /// Self-voicing (default on in full-screen, off in line mode).
    #[arg(long, value_enum)]
    speech: Option<OnOff>,
    /// Sounds for events (default on in full-screen, off in line mode, like speech).
    #[arg(long, value_enum)]
    sound: Option<OnOff>,
    /// Speech and sound settings (RON, like config/output.ron).
    #[arg(long, value_name = "FILE.ron")]
    output_config: Option<PathBuf>,
    /// Append every announcement, with a time stamp, to this file.
    #[arg(long, value_name = "FILE")]
    speech_log: Option<PathBuf>,
    /// Board words: appendix-d, english, greek, or a .ron file.
    #[arg(long, value_name = "NAME|FILE")]
    vocabulary: Option<String>,
    /// Language of everything that is not board vocabulary: en, de, el.
    #[arg(long, value_name = "LANG")]
    language: Option<String>,
    /// Who plays the other side.
    #[arg(long, value_enum)]
    opponent: Option<OpponentArg>,
    /// The UCI engine command (default: stockfish, on PATH or in /usr/games).
    #[arg(long, value_name = "CMD")]
    engine: Option<String>,
    /// Engine strength, 1 (weakest) to 10 (full strength); default 2.
    #[arg(long, value_name = "N")]
    level: Option<u32>,
    /// The side the player plays against the engine.
    #[arg(long, value_enum)]
    color: Option<ColorArg>,
    /// Which moves are announced with the side that made them: all, engine (default), none.
    #[arg(long, value_enum)]
    sides: Option<SidesArg>,
    /// Time control, said back at the start: 90+30 or 90m+30s (90 minutes each, 30 seconds added per move),
    /// 5+3, 1h30m, 40/90m+30s:30m+30s, or PGN TimeControl (5400+30, 300). A base time without a unit is minutes
    /// up to 180 and PGN's seconds above it (60 is an hour, 300 five minutes); an increment is seconds. Write
    /// units (90m, 5400s) to be explicit; the control is said back in words at the start.
    #[arg(long, value_name = "CONTROL")]
    time: Option<String>,
    /// Delay mode (Article 6.3.2) instead of increment.
    #[arg(long, value_name = "SECONDS")]
    delay: Option<u32>,
    /// Start from this position.
    #[arg(long, value_name = "FEN", conflicts_with_all = ["chess960", "load"])]
    fen: Option<String>,
    /// Start from Chess960 position N (0..959).
    #[arg(long, value_name = "N", conflicts_with = "load")]
    chess960: Option<u32>,
    /// Continue a saved game.
    #[arg(long, value_name = "FILE.pgn")]
    load: Option<PathBuf>,
    /// Keep the game in this file, written after every move.
    #[arg(long, value_name = "FILE.pgn")]
    save: Option<PathBuf>,
    /// Review a saved game (read only: no clock, nothing saved); a file of several games asks which one.
    #[arg(long, value_name = "FILE.pgn", conflicts_with_all = ["load", "fen", "chess960", "save", "autosave", "mode"])]
    review: Option<PathBuf>,
    /// Check the action log of a tournament game (FILE.pgn.log.txt), seal by seal: says whether it is whole
    /// and unchanged, or where it was cut or edited; exits 0 when whole, 1 when not, 2 when it cannot be read.
    #[arg(long, value_name = "FILE.pgn")]
    verify: Option<PathBuf>,
    /// Keep the game in the data folder ($XDG_DATA_HOME/hector/autosave.pgn) and offer to continue an
    /// unfinished one found there (always on in the full-screen view).
    #[arg(long)]
    autosave: bool,
    /// play, record or assistant.
    #[arg(long, value_enum)]
    mode: Option<ModeArg>,
    /// Time stands still except for `wait`.
    #[arg(long)]
    virtual_clock: bool,
    /// Edition of the Laws: 2018 (default), 2014, 2009, 2005.
    #[arg(long, value_name = "YEAR", default_value = "2018")]
    edition: Edition,
    /// Announce moves with from- and to-square.
    #[arg(long)]
    long: bool,
    /// The talking clock's settings (RON, like config/clock.ron).
    #[arg(long, value_name = "FILE.ron")]
    clock_config: Option<PathBuf>,
    /// Assistant mode: which texts are spoken; `player` (default): only what is for the blind player (moves,
    /// events, answers to the player's requests), the assistant reads the rest on the screen; `all`: everything.
    #[arg(long, value_enum, value_name = "WHO")]
    assistant_speech: Option<AssistantSpeechArg>,
    /// Record and assistant mode: the opponent is hearing-impaired (Appendix D.2.11: an assistant is mandatory).
    #[arg(long)]
    hearing_impaired_opponent: bool,
    /// Record and assistant mode: say "Schach" and "Matt" after moves (an arbiter's switch; default off).
    #[arg(long, value_enum, value_name = "ON|OFF")]
    check_words: Option<OnOff>,
    /// The players' names, the event, site and round, for the scoresheet.
    #[arg(long, value_name = "NAME")]
    white: Option<String>,
    #[arg(long, value_name = "NAME")]
    black: Option<String>,
    #[arg(long, value_name = "NAME")]
    event: Option<String>,
    #[arg(long, value_name = "NAME")]
    site: Option<String>,
    #[arg(long, value_name = "N")]
    round: Option<String>,
    /// The braille table of braille scoresheets (BRF): en-us-comp6 (default, English computer braille),
    /// en-ueb-g1, de-comp6, de-g0, el, or a liblouis table file name.
    #[arg(long, value_name = "TABLE")]
    braille_table: Option<String>,
    /// Diagnostics on stderr.
    #[arg(long)]
    verbose: bool,
    /// Full-screen view without box-drawing characters and colours.
    #[arg(long)]
    plain: bool,
    /// Gamepad: auto (use one when there; the full-screen view's default), on (also say when none is found;
    /// in line mode a pad is the request device), off. Default from gamepad.ron.
    #[arg(long, value_enum)]
    gamepad: Option<AutoOnOff>,
    /// Testing aid: replay a script of synthetic gamepad events through the pad's thread and channel
    /// instead of reading real pads (see src/ui/gamepad/device.rs).
    #[arg(long, value_name = "FILE", hide = true)]
    gamepad_events: Option<PathBuf>,
}

fn mode_name(mode: session::Mode) -> &'static str {
    match mode {
        session::Mode::Play => "play",
        session::Mode::Record => "record",
        session::Mode::Assistant => "assistant",
    }
}

/// A text file of at most `max` bytes, if it is a regular file that can be read (the shared bounded reader).
fn read_bounded(path: &std::path::Path, max: u64) -> Option<String> {
    hector::store::read_outside_text(path, max).ok()
}

/// The players, event, site and round given on the command line, as PGN tags of the game.
fn name_tags(args: &Args, game: &mut Game) {
    for (tag, value) in [
        ("Event", &args.event),
        ("Site", &args.site),
        ("Round", &args.round),
        ("White", &args.white),
        ("Black", &args.black),
    ] {
        if let Some(v) = value {
            let v: String = v.chars().filter(|c| !c.is_control()).take(200).collect();
            game.tags.set(tag, &v);
        }
    }
}

/// A start-up error in the player's words: a phrase key of config/phrases and its values.
struct StartError {
    key: &'static str,
    args: Vec<(&'static str, String)>,
}

impl StartError {
    fn new(key: &'static str, args: &[(&'static str, String)]) -> StartError {
        StartError {
            key,
            args: args.to_vec(),
        }
    }

    fn text(&self, phrases: &Phrases) -> String {
        let args: Vec<(&str, &str)> = self.args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        phrases.say(self.key, &args)
    }
}

/// A reason from outside (a library's error text) without the system's error numbers: "(os error 2)".
fn plain(reason: &str) -> String {
    match reason.find(" (os error ") {
        Some(at) => reason[..at].to_string(),
        None => reason.to_string(),
    }
}

fn build_game(args: &Args, loaded: Option<&Loaded>) -> Result<Game, StartError> {
    let game = if let Some(fen) = &args.fen {
        Game::from_fen(fen)
            .map_err(|e| StartError::new("start.bad_fen", &[("reason", plain(&e.to_string()))]))?
    } else if let Some(n) = args.chess960 {
        Game::chess960(n).map_err(|e| {
            StartError::new("start.bad_chess960", &[("reason", plain(&e.to_string()))])
        })?
    } else if let Some(loaded) = loaded {
        return Ok(loaded.first.clone());
    } else {
        Game::new()
    };
    Ok(game.with_edition(args.edition))
}

/// The games of a file, with its text: the first game in full, every game as a summary (a file of many
/// games is never held as games all at once; the chosen one is read again from its place).
struct Loaded {
    first: Game,
    /// Each game's summary (its clock still to be decided) and its TimeControl tag.
    games: Vec<(session::GameSummary, Option<String>)>,
    text: String,
}

/// Why a file could not be read, in plain words.
fn io_reason(e: &std::io::Error) -> StartError {
    match e.kind() {
        std::io::ErrorKind::NotFound => StartError::new("io.not_found", &[]),
        std::io::ErrorKind::PermissionDenied => StartError::new("io.permission", &[]),
        _ => StartError::new("io.other", &[("reason", plain(&e.to_string()))]),
    }
}

fn load(
    path: &PathBuf,
    edition: Edition,
    phrases: &Phrases,
    notices: &mut Vec<String>,
) -> Result<Loaded, StartError> {
    let shown = path.display().to_string();
    // Bounded: not a FIFO or device, at most MAX_PGN_BYTES (issue 10.9).
    let text =
        hector::store::read_outside_text(path, hector::store::MAX_PGN_BYTES).map_err(|e| {
            StartError::new(
                "start.cannot_read",
                &[
                    ("path", shown.clone()),
                    ("reason", io_reason(&e).text(phrases)),
                ],
            )
        })?;
    // Game by game (pgn::Importer); the first game's warnings (a record that looks cut off, an ignored clock
    // time) are said before the game starts.
    let mut first = None;
    let mut games = Vec::new();
    for one in hector::rules::pgn::Importer::new(text.as_bytes(), &Default::default()) {
        match one.game {
            Err(err) => {
                return Err(StartError::new(
                    "start.cannot_load",
                    &[("path", shown), ("reason", plain(&err.to_string()))],
                ));
            }
            Ok(game) => {
                if games.is_empty() {
                    notices.extend(
                        one.warnings
                            .iter()
                            .map(|w| format!("{}: {}", path.display(), w.message)),
                    );
                }
                let game = game.with_edition(edition);
                let tag = game.tags.get("TimeControl").map(str::to_owned);
                games.push((session::GameSummary::of(&game, None), tag));
                if first.is_none() {
                    first = Some(game);
                }
            }
        }
    }
    let Some(first) = first else {
        return Err(StartError::new("start.no_game", &[("path", shown)]));
    };
    Ok(Loaded { first, games, text })
}

/// A file of several games offered for choice (issue 10.8): each game's place in the file, checked by
/// reading each place alone (any doubt: no places, and the chosen game is kept in a new file).
fn game_file(
    args: &Args,
    path: &std::path::Path,
    loaded: Loaded,
    save_path: Option<&PathBuf>,
) -> Result<session::GameFile, StartError> {
    let spans = session::split_games(&loaded.text);
    // Each place read alone must give the same game (one game at a time: nothing is kept).
    let fits = spans.len() == loaded.games.len()
        && spans.iter().zip(&loaded.games).all(|(span, (summary, _))| {
            let mut alone = hector::rules::pgn::Importer::new(
                loaded.text[span.clone()].as_bytes(),
                &Default::default(),
            );
            match (alone.next(), alone.next()) {
                (Some(one), None) => one
                    .game
                    .is_ok_and(|g| session::games_fingerprint(&g) == summary.fingerprint),
                _ => false,
            }
        });
    let same_file =
        |a: &std::path::Path, b: &std::path::Path| match (a.canonicalize(), b.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => a == b,
        };
    let save_alias = save_path.filter(|s| same_file(s, path)).cloned();
    let stem = path
        .file_stem()
        .map_or_else(|| "game".to_string(), |s| s.to_string_lossy().into_owned());
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
    let mut games = Vec::with_capacity(loaded.games.len());
    // The notices of the games listed are not said (see below); the words only fill them.
    let unsaid = Phrases::default();
    for (mut summary, tag) in loaded.games {
        // A tag that cannot be used is said for the game that is played (main), not for every game listed.
        summary.time_control = time_control_from(args, tag.as_deref(), &unsaid, &mut Vec::new())?;
        games.push(summary);
    }
    Ok(session::GameFile {
        path: path.to_path_buf(),
        save_alias,
        games,
        text: loaded.text,
        spans: fits.then_some(spans),
        new_file,
    })
}

/// The longest delay `--delay` takes, in seconds (as the longest increment or delay in a time control).
const MAX_DELAY_SECONDS: u64 = 3600;

/// `--time` and `--delay`: the time control, or none.
fn time_control(
    args: &Args,
    game: &Game,
    phrases: &Phrases,
    notices: &mut Vec<String>,
) -> Result<Option<TimeControl>, StartError> {
    let tag = game.tags.get("TimeControl");
    time_control_from(args, tag, phrases, notices)
}

/// [`time_control`] for a game whose TimeControl tag is `tag`.
fn time_control_from(
    args: &Args,
    tag: Option<&str>,
    phrases: &Phrases,
    notices: &mut Vec<String>,
) -> Result<Option<TimeControl>, StartError> {
    if let Some(d) = args.delay
        && u64::from(d) > MAX_DELAY_SECONDS
    {
        return Err(StartError::new(
            "start.bad_delay",
            &[
                ("value", d.to_string()),
                ("max", MAX_DELAY_SECONDS.to_string()),
            ],
        ));
    }
    // A loaded game keeps its own time control unless --time says otherwise.
    if args.time.is_none()
        && args.delay.is_none()
        && let Some(tag) = &tag
    {
        match TimeControl::from_pgn(tag) {
            Ok(tc) => return Ok(tc.is_timed().then_some(tc)),
            Err(e) => notices.push(phrases.say(
                "notice.bad_time_tag",
                &[("tag", &quote(&tag)), ("reason", &plain(&e.to_string()))],
            )),
        }
    }
    let Some(text) = &args.time else {
        return match args.delay {
            Some(_) => Err(StartError::new("start.delay_needs_time", &[])),
            None => Ok(None),
        };
    };
    let tc: TimeControl =
        text.parse()
            .map_err(|e: hector::rules::time_control::ParseTimeControlError| {
                StartError::new(
                    "start.bad_time",
                    &[("text", text.clone()), ("reason", plain(&e.to_string()))],
                )
            })?;
    let tc = match args.delay {
        Some(d) => tc.with_delay(std::time::Duration::from_secs(u64::from(d))),
        None => tc,
    };
    // A loaded game with a time control of its own that --time replaces: its recorded clock times belong to
    // the old control and are not used (Timing::new); said once.
    if args.load.is_some()
        && let Some(tag) = &tag
        && let Ok(own) = TimeControl::from_pgn(tag)
        && own.is_timed()
        && own != tc
    {
        notices.push(phrases.say(
            "notice.time_replaced",
            &[
                ("own", &hector::words::time::control(phrases, &own)),
                ("given", &hector::words::time::control(phrases, &tc)),
            ],
        ));
    }
    Ok(tc.is_timed().then_some(tc))
}

/// The autosave file in the data folder, and the unfinished game in it when the player starts a plain new
/// game (no --load, --fen or --chess960).
fn autosave(
    args: &Args,
    phrases: &Phrases,
    notices: &mut Vec<String>,
) -> (Option<PathBuf>, Option<session::ResumeOffer>) {
    let Some(dir) = hector::dirs::data_dir() else {
        return (None, None);
    };
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("hector: cannot create {}: {e}", dir.display());
    }
    let (path, offer) = claim(
        dir.join("autosave.pgn"),
        plain_new(args),
        None,
        phrases,
        notices,
    );
    (Some(path), offer)
}

/// A plain new game: no --load, --fen or --chess960 (only then is an unfinished game offered to go on).
fn plain_new(args: &Args) -> bool {
    args.load.is_none() && args.fen.is_none() && args.chess960.is_none()
}

/// The files that belong to a game file: its action log and its envelope (kept and moved with it).
fn companions(path: &std::path::Path) -> [PathBuf; 2] {
    let with = |ext: &str| {
        let mut s = path.as_os_str().to_owned();
        s.push(ext);
        PathBuf::from(s)
    };
    [with(".log.txt"), with(".envelope.ron")]
}

/// A name beside `path` that no file has: `g-2.pgn`, `g-3.pgn` ...
fn free_name(path: &std::path::Path) -> PathBuf {
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
fn copy_durably(from: &std::path::Path, to: &std::path::Path) -> std::io::Result<()> {
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

/// Issue 18.2, one rule for game files: a game file that exists is never replaced. `path` is where a new game
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
    let shown = |p: &std::path::Path| p.display().to_string();
    let meta = match std::fs::metadata(&path) {
        Ok(m) => m,
        Err(_) => return (path, None),
    };
    if !meta.is_file() || meta.len() == 0 {
        // Nothing of a game (a device is refused by the save itself, with its reason).
        return (path, None);
    }
    let text = match hector::store::read_outside_text(&path, hector::store::MAX_PGN_BYTES) {
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
    let game = hector::rules::pgn::import(&text).games.into_iter().next();
    // An adjourned game is offered with its envelope (Guidelines I); an envelope that cannot be read is not.
    let sealed = match Envelope::load_for(&path) {
        Ok(found) => Ok(found),
        Err(_) => Err(()),
    };
    let offerable = offer_unfinished
        && sealed.is_ok()
        && game
            .as_ref()
            .is_some_and(|g| !g.is_over() && !g.plies().is_empty());
    let folder = hector::dirs::data_dir()
        .map(|d| d.join("kept"))
        .filter(|d| std::fs::create_dir_all(d).is_ok())
        .or_else(|| path.parent().map(std::path::Path::to_path_buf));
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
    if offerable && let Some(game) = game {
        let time_control = game
            .tags
            .get("TimeControl")
            .and_then(|v| TimeControl::from_pgn(v).ok())
            .filter(TimeControl::is_timed);
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
            hector::store::remove_durably(&log);
            hector::store::remove_durably(&envelope);
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
/// taken at once (created empty), so two games started in the same second get two names (issue 18.2).
fn new_game_file(mode: session::Mode, started: std::time::SystemTime) -> Option<PathBuf> {
    let dir = hector::dirs::data_dir()?.join("games");
    std::fs::create_dir_all(&dir).ok()?;
    let stamp = hector::store::timestamp(started).replace(':', "-");
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
fn keep_as(
    folder: &std::path::Path,
    stem: Option<&str>,
    modified: std::time::SystemTime,
) -> PathBuf {
    let stamp = hector::store::timestamp(modified);
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
    let Some(dir) = hector::dirs::data_dir() else {
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

/// The full-screen view's keys and theme from config/ and the user's config folder; problems become notices.
fn screen_options(
    edge: Edge,
    mut notices: Vec<String>,
    player: shakmaty::Color,
    plain: bool,
    gamepad: GamepadOptions,
    phrases: &Phrases,
) -> std::io::Result<ScreenOptions> {
    let (keymap, problems) =
        screen::Keymap::load(hector::dirs::user_config("keymap.ron").as_deref());
    notices.extend(
        problems
            .into_iter()
            .map(|p| phrases.say("notice.keymap", &[("problem", &p.to_string())])),
    );
    let mut theme = screen::Theme::load(hector::dirs::user_config("theme.ron").as_deref())
        .unwrap_or_else(|e| {
            notices.push(phrases.say("notice.theme", &[("problem", &e.to_string())]));
            screen::Theme::default()
        });
    theme.plain |= plain;
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
        GamepadConfig::load(hector::dirs::user_config("gamepad.ron").as_deref());
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
fn bad_options(e: clap::Error) -> ExitCode {
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
fn verify_log(game: &std::path::Path, phrases: &Phrases) -> ExitCode {
    let log = session::log::log_path(game);
    let shown = hector::words::quote::clean(&log.display().to_string());
    match hector::store::read_outside_text(&log, 256 << 20) {
        Ok(text) => {
            let verdict = session::log::verify(&text);
            println!("{}", session::log::verdict_text(phrases, &shown, &verdict));
            match verdict {
                session::log::Verdict::Whole { .. } | session::log::Verdict::Empty => {
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

/// Whether a file can be written in the folder of `path` now (issue 18.23: a full or read-only data folder is
/// said at the start, never "The game is kept in ...").
fn writable_dir_of(path: &std::path::Path) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if dir.is_dir() {
        hector::store::probe_writable(&dir)
    } else {
        Ok(())
    }
}

fn main() -> ExitCode {
    let mut args = match Args::try_parse() {
        Ok(a) => a,
        Err(e) => return bad_options(e),
    };
    // `--review FILE`: the file is read as `--load` reads it (bounded; a file of several games asks which),
    // then the session opens in review, with no clock, no engine and no file written.
    let review = args.review.take();
    if let Some(path) = &review {
        args.load = Some(path.clone());
        args.opponent = Some(OpponentArg::Human);
    }
    let mut notices = Vec::new();
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
    let loaded = match &args.load {
        Some(path) => match load(path, args.edition, &phrases, &mut notices) {
            Ok(l) => Some(l),
            Err(e) => return fail(&args, &phrases, e),
        },
        None => None,
    };
    let mut game = match build_game(&args, loaded.as_ref()) {
        Ok(g) => g,
        Err(e) => return fail(&args, &phrases, e),
    };
    name_tags(&args, &mut game);
    // The full-screen view plays the engine unless told otherwise; line mode enters both sides' moves.
    let engine_command = args
        .engine
        .clone()
        .unwrap_or_else(|| "stockfish".to_string());
    let mode = match args.mode {
        Some(ModeArg::Record) => session::Mode::Record,
        Some(ModeArg::Assistant) => session::Mode::Assistant,
        _ => session::Mode::Play,
    };
    let mut opponent = match args.opponent {
        Some(OpponentArg::Engine) => session::Opponent::Engine,
        Some(OpponentArg::Human) => session::Opponent::Human,
        None if args.line => session::Opponent::Human,
        None => session::Opponent::Engine,
    };
    // no engine in a tournament game; both sides' moves are entered.
    if mode.is_tournament() {
        opponent = session::Opponent::Human;
    }
    if opponent == session::Opponent::Engine
        && hector::engine::find_program(&engine_command).is_none()
    {
        notices.push(phrases.say("notice.no_engine", &[("command", &engine_command)]));
        opponent = session::Opponent::Human;
    }
    let level = match args.level {
        None => session::DEFAULT_LEVEL,
        Some(n) => match u8::try_from(n).ok().filter(|n| session::LEVELS.contains(n)) {
            Some(n) => n,
            None => {
                let e = StartError::new("start.bad_level", &[("text", n.to_string())]);
                return fail(&args, &phrases, e);
            }
        },
    };
    let engine_color = match args.color {
        Some(ColorArg::Black) => shakmaty::Color::White,
        _ => shakmaty::Color::Black,
    };
    let time_control = match time_control(&args, &game, &phrases, &mut notices) {
        Ok(tc) => tc,
        Err(e) => return fail(&args, &phrases, e),
    };
    let clock_config = args
        .clock_config
        .clone()
        .or_else(|| hector::dirs::user_config("clock.ron"));
    // A broken settings file does not stop the game (issue 10.7): the shipped settings are used and the
    // player is told what was wrong and where, as with a broken keymap.
    let clock = match &clock_config {
        Some(path) => match ClockSettings::load(&path.to_string_lossy()) {
            Ok(c) => c,
            Err(e) => {
                notices.push(phrases.say(
                    "notice.bad_clock_settings",
                    &[("reason", &plain(&e.to_string()))],
                ));
                ClockSettings::default()
            }
        },
        None => ClockSettings::default(),
    };
    // The tournament profile: the clock says nothing unasked unless the player gave clock settings
    // (D.2.10.4, R-12.6), and hector observes flags without deciding them.
    let clock = if mode.is_tournament() {
        session::tournament::silent_clock(clock, args.clock_config.is_some())
    } else {
        clock
    };
    let envelope = match &args.load {
        Some(path) => match Envelope::load_for(path) {
            Ok(e) => e,
            Err(e) => {
                let e = StartError::new(
                    "start.bad_envelope",
                    &[
                        ("path", path.display().to_string()),
                        ("reason", plain(&e.to_string())),
                    ],
                );
                return fail(&args, &phrases, e);
            }
        },
        None => None,
    };
    let output_config = args
        .output_config
        .clone()
        .or_else(|| hector::dirs::user_config("output.ron"));
    let output = match OutputConfig::load(output_config.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            notices.push(phrases.say(
                "notice.bad_output_settings",
                &[("reason", &plain(&e.to_string()))],
            ));
            OutputConfig::load(None).unwrap_or_default()
        }
    };
    if args.verbose {
        eprintln!(
            "hector: edition {}, start {}",
            args.edition,
            game.start_fen()
        );
    }
    // The full-screen view keeps every game (issue 5): in --save, else in the data folder, and offers to
    // continue an unfinished one found there. Line mode saves only where --save says.
    let started = std::time::SystemTime::now();
    // A tournament scoresheet carries the date it was played (a loaded game keeps its own).
    if mode.is_tournament() && args.load.is_none() {
        let date = hector::store::timestamp(started)[..10].replace('-', ".");
        game.tags.set("Date", &date);
    }
    // Issue 18.2: the file a game goes on in, and what an existing file there becomes (never replaced: offered
    // to go on, or kept). A loaded game goes on in its own file (issue 18.5), unless --save names another.
    let same_file =
        |a: &std::path::Path, b: &std::path::Path| match (a.canonicalize(), b.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => a == b,
        };
    let stem_of = |p: &std::path::Path| {
        p.file_stem()
            .map_or_else(|| "game".to_string(), |s| s.to_string_lossy().into_owned())
    };
    let claim_save = |path: PathBuf, notices: &mut Vec<String>| {
        if args.load.as_deref().is_some_and(|l| same_file(l, &path)) {
            (path, None)
        } else {
            let stem = stem_of(&path);
            claim(path, plain_new(&args), Some(&stem), &phrases, notices)
        }
    };
    let (save_path, resume) = if review.is_some() {
        (None, None)
    } else if mode.is_tournament() {
        // A tournament game is always kept: in --save, else in the loaded file, else in the data folder's
        // games, by date and time.
        match args.save.clone().or_else(|| args.load.clone()) {
            Some(path) => {
                let (path, offer) = claim_save(path, &mut notices);
                (Some(path), offer)
            }
            None => {
                let path = new_game_file(mode, started);
                // Issue 18.23: "kept in" only where a file can be written now (else the reason, below).
                if let Some(p) = &path
                    && writable_dir_of(p).is_ok()
                {
                    notices
                        .push(phrases.say("notice.kept_in", &[("path", &p.display().to_string())]));
                }
                (path, None)
            }
        }
    } else if (args.line && !args.autosave) || args.save.is_some() {
        match args.save.clone() {
            Some(path) => {
                let (path, offer) = claim_save(path, &mut notices);
                (Some(path), offer)
            }
            None => (None, None),
        }
    } else {
        autosave(&args, &phrases, &mut notices)
    };
    // Issue 18.23: a game that cannot be written where it is to be kept is said at once, with the reason.
    if mode.is_tournament()
        && let Some(p) = &save_path
        && let Err(e) = writable_dir_of(p)
    {
        let shown = hector::words::quote::clean(&p.display().to_string());
        let reason = hector::ui::edge::io_reason(&phrases, &e, p);
        notices.push(phrases.say(
            "notice.cannot_keep",
            &[("path", &shown), ("reason", &reason)],
        ));
    }
    // Issue 18.24: entries an earlier version left in a temporary file of the log are merged first.
    if let Some(path) = &save_path {
        hector::store::merge_stale_log_temps(&session::log::log_path(path));
    }
    // The log goes on with its game: not while an unfinished game is offered (it comes with the offer).
    let earlier_log = save_path
        .as_deref()
        .filter(|_| resume.is_none())
        .map(session::log::log_path)
        .and_then(|p| read_bounded(&p, 16 << 20));
    // The folder of the game is made if it is missing: a game that cannot be saved is not safe.
    if let Some(dir) = save_path.as_deref().and_then(std::path::Path::parent)
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
        hector::store::remove_stale_temps(path);
    }
    // The braille table is checked now, so a wrong name is said before the game, not at its end.
    let braille_table = args
        .braille_table
        .clone()
        .unwrap_or_else(|| "en-us-comp6".to_string());
    if args.braille_table.is_some() {
        let checked = hector::braille::BrailleTable::from_name(&braille_table)
            .and_then(|t| hector::braille::check_table(&t));
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
    let config = Config {
        braille_table: braille_table.clone(),
        opponent,
        save_path: save_path.clone(),
        vocabulary,
        phrases,
        long_form: args.long,
        time_control,
        clock,
        virtual_clock: args.virtual_clock,
        engine_command,
        level,
        engine_color,
        mode,
        tournament: session::TournamentSettings {
            speak_assistant: args.assistant_speech == Some(AssistantSpeechArg::All),
            hearing_impaired_opponent: args.hearing_impaired_opponent,
            check_words: args.check_words == Some(OnOff::On),
            clock_announcements: args.clock_config.is_some(),
            started: Some(started),
            earlier_log,
        },
        answer_by_keys: !args.line,
        engine_offers: false,
        kept_games: kept_games(),
        kept_dir: hector::dirs::data_dir()
            .map(|d| d.join("kept"))
            .filter(|d| std::fs::create_dir_all(d).is_ok()),
        game_id_base: format!(
            "{}-{}",
            hector::store::timestamp(started)
                .get(..19)
                .unwrap_or("game"),
            std::process::id()
        ),
        session_stamp: hector::store::timestamp(started)[..19]
            .replace('T', "_")
            .replace(':', "-"),
        name_sides: match args.sides {
            Some(SidesArg::All) => session::NameSides::All,
            Some(SidesArg::None) => session::NameSides::None,
            _ => session::NameSides::Engine,
        },
    };
    // A file of several games: the player is asked which one (issue 10.8).
    let choice = match (&args.load, loaded) {
        (Some(path), Some(loaded)) if loaded.games.len() > 1 => {
            match game_file(&args, path, loaded, save_path.as_ref()) {
                Ok(file) => Some(file),
                Err(e) => {
                    let phrases = Phrases::builtin(&language).unwrap_or_default();
                    return fail(&args, &phrases, e);
                }
            }
        }
        _ => None,
    };
    let mut session = Session::new(game, config);
    if let Some(offer) = resume {
        session = session.with_resume_offer(offer);
    }
    if let Some(file) = choice {
        session = session.with_game_choice(file);
    }
    if review.is_some() {
        session = session.with_review_at_start();
    } else if let Some(envelope) = envelope {
        session = session.with_envelope(envelope);
    }
    let edge = Edge::open(EdgeOptions {
        speech: args.speech.map_or(!args.line, |s| s == OnOff::On),
        sound: args.sound.map_or(!args.line, |s| s == OnOff::On),
        speech_log: args.speech_log.clone(),
        output,
        verbose: args.verbose,
        board_language: session.config().vocabulary.language.clone(),
        text_language: session.config().phrases.language.clone(),
        speak_assistant: mode != session::Mode::Assistant
            || args.assistant_speech == Some(AssistantSpeechArg::All),
    });
    let player = engine_color.other();
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
        let phrases = session.config().phrases.clone();
        screen_options(edge, notices, player, args.plain, gamepad, &phrases)
            .and_then(|o| screen::run(session, o))
    };
    match result {
        // Issue 18.23: the game (or its log) was never put on disk; the player was told, the exit code says so.
        Ok(()) if hector::ui::edge::unsaved() => {
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
