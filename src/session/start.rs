//! The start of a session, a pure step: what the edge found in, the built `Session` and its notices out.
//!
//! The edge (`crate::app`) reads the files, bounded in size, and claims the game's file; every decision of the
//! start is taken here, without a terminal or a disk: which game is played (a FEN, a Chess960 number, the first
//! game of a loaded file), whether an engine answers, the engine's level, the time control (a loaded game's own
//! or `--time`), the envelope of an adjourned game, which game of a file of several is asked for, whether an
//! unfinished game found in the file is offered to go on. The start runs in two halves because the game's file
//! is claimed between them: [`prepare`] takes every decision that can refuse the start before anything is
//! written, [`finish`] builds the session once the file is claimed; [`start`] is both at once.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use shakmaty::Color;

use super::{
    ClockSettings, Config, Envelope, GameFile, GameSummary, Mode, NameSides, Opponent, ResumeOffer,
    Session, TournamentSettings,
};
use crate::rules::time_control::{ParseTimeControlError, TimeControl};
use crate::rules::{Edition, Game};
use crate::words::{Phrases, Vocabulary, quote};

pub use super::adjourn::envelope_path;

/// The longest delay `--delay` takes, in seconds (as the longest increment or delay in a time control).
pub const MAX_DELAY_SECONDS: u64 = 3600;

/// A start-up error in the player's words: a phrase key of config/phrases and its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartError {
    pub key: &'static str,
    pub args: Vec<(&'static str, String)>,
}

impl StartError {
    pub fn new(key: &'static str, args: &[(&'static str, String)]) -> StartError {
        StartError {
            key,
            args: args.to_vec(),
        }
    }

    /// The error said in `phrases`' language.
    pub fn text(&self, phrases: &Phrases) -> String {
        let args: Vec<(&str, &str)> = self.args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        phrases.say(self.key, &args)
    }
}

/// A reason from outside (a library's error text) without the system's error numbers: "(os error 2)".
pub fn plain(reason: &str) -> String {
    match reason.find(" (os error ") {
        Some(at) => reason[..at].to_string(),
        None => reason.to_string(),
    }
}

/// The options that matter to the start (the command line's, already read by the edge).
#[derive(Debug, Clone)]
pub struct Options {
    /// Start from this position (`--fen`).
    pub fen: Option<String>,
    /// Start from this Chess960 position (`--chess960`).
    pub chess960: Option<u32>,
    pub edition: Edition,
    /// The file the game is loaded from (`--load`, or `--review`'s file); its text is [`Found::loaded`].
    pub load: Option<PathBuf>,
    /// `--review`: the session opens in review (no clock, nothing saved).
    pub review: bool,
    /// `--save`: the file the game is kept in.
    pub save: Option<PathBuf>,
    /// Keep the game in the data folder's autosave when no file is named (both faces; `--no-autosave`: not).
    pub autosave: bool,
    /// `--time` and `--delay`, as given.
    pub time: Option<String>,
    pub delay: Option<u32>,
    /// `--level`, as given (checked here).
    pub level: Option<u32>,
    pub mode: Mode,
    /// `--opponent`, when given.
    pub opponent: Option<Opponent>,
    /// Line mode (questions are answered by words).
    pub line: bool,
    pub engine_command: String,
    /// The side the engine plays (the player has the other).
    pub engine_color: Color,
    /// The players, event, site and round for the scoresheet, as PGN tags in order (`Event`, `Site` ...).
    pub tags: Vec<(&'static str, String)>,
    /// The player's name from the config folder's player.ron, for the player's side against the
    /// engine when `--white`/`--black` does not name it; else "Player".
    pub player_name: Option<String>,
    pub name_sides: NameSides,
    pub long_form: bool,
    pub virtual_clock: bool,
    /// The player gave clock settings (`--clock-config`): the tournament profile's clock then speaks unasked.
    pub clock_given: bool,
    /// Assistant mode speaks everything (`--assistant-speech all`).
    pub speak_assistant: bool,
    pub hearing_impaired_opponent: bool,
    pub check_words: bool,
    /// `--openings on|off`: whether a newly reached named opening is announced (on unless asked off).
    pub openings: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            fen: None,
            chess960: None,
            edition: Edition::default(),
            load: None,
            review: false,
            save: None,
            autosave: true,
            time: None,
            delay: None,
            level: None,
            mode: Mode::Play,
            opponent: None,
            line: true,
            engine_command: "stockfish".to_string(),
            engine_color: Color::Black,
            tags: Vec::new(),
            player_name: None,
            name_sides: NameSides::default(),
            long_form: false,
            virtual_clock: false,
            clock_given: false,
            speak_assistant: false,
            hearing_impaired_opponent: false,
            check_words: false,
            openings: true,
        }
    }
}

/// What the edge found before anything is written: the options, the words, and the texts it read.
#[derive(Debug, Clone)]
pub struct Found {
    pub options: Options,
    pub phrases: Phrases,
    pub vocabulary: Vocabulary,
    /// The text of the file of [`Options::load`] (read bounded by the edge; a file it cannot read stops the
    /// start there).
    pub loaded: Option<String>,
    /// The engine's program was found.
    pub engine_found: bool,
    /// The clock settings, or why the player's file of them cannot be used (the shipped ones are used then).
    pub clock: Result<ClockSettings, String>,
    /// The analysis settings, or why the player's file of them cannot be used (the shipped ones are used then).
    pub analysis: Result<super::AnalysisSettings, String>,
    /// The text of the envelope beside the loaded file ([`envelope_path`]): none when there is none, or why it
    /// cannot be read (with its path).
    pub envelope: Result<Option<String>, String>,
}

impl Found {
    /// Nothing found yet: options, words and no file.
    pub fn new(options: Options, phrases: Phrases, vocabulary: Vocabulary) -> Found {
        Found {
            options,
            phrases,
            vocabulary,
            loaded: None,
            engine_found: true,
            clock: Ok(ClockSettings::default()),
            analysis: Ok(super::AnalysisSettings::default()),
            envelope: Ok(None),
        }
    }
}

/// The games of a loaded file: the first game in full, every game as a summary (a file of many games is never
/// held as games all at once; the chosen one is read again from its place).
#[derive(Debug, Clone)]
pub struct Loaded {
    pub first: Game,
    /// Each game's summary (its clock still to be decided) and its TimeControl tag.
    pub games: Vec<(GameSummary, Option<String>)>,
    pub text: String,
}

/// The first half of the start: every decision that can refuse it, taken before any file is written.
pub struct Prepared {
    pub options: Options,
    pub phrases: Phrases,
    pub vocabulary: Vocabulary,
    pub game: Game,
    pub loaded: Option<Loaded>,
    pub opponent: Opponent,
    pub level: u8,
    pub time_control: Option<TimeControl>,
    pub clock: ClockSettings,
    pub analysis: super::AnalysisSettings,
    pub envelope: Option<Envelope>,
    /// What is said before the game, in order (the edge adds its own).
    pub notices: Vec<String>,
}

impl Prepared {
    /// The loaded file holds several games: the player is asked which.
    pub fn several_games(&self) -> bool {
        self.loaded.as_ref().is_some_and(|l| l.games.len() > 1)
    }
}

/// What the edge decided about the files once it claimed the game's file.
#[derive(Debug, Clone, Default)]
pub struct Claimed {
    /// The file the game is kept in, if any.
    pub save_path: Option<PathBuf>,
    /// An unfinished game found in that file, offered to go on.
    pub resume: Option<ResumeOffer>,
    /// The action log that goes on with the game (not while an unfinished game is offered).
    pub earlier_log: Option<String>,
    /// The games kept in the folder of kept games, oldest first.
    pub kept_games: Vec<PathBuf>,
    pub kept_dir: Option<PathBuf>,
    /// The braille table, checked by the edge.
    pub braille_table: String,
    /// When the session started, and the process: the game's identity and the names of kept files.
    pub started: Option<SystemTime>,
    pub process: u32,
    /// For a file of several games: the loaded file under `--save`'s name when it is the same file, and a
    /// free name beside it for a game that cannot go back to its place.
    pub save_alias: Option<PathBuf>,
    pub new_file: PathBuf,
}

/// The session built, and what is said before it starts.
pub struct Started {
    pub session: Session,
    pub notices: Vec<String>,
}

/// The whole start: [`prepare`] and [`finish`], for a start whose file is claimed beforehand (tests).
pub fn start(found: Found, claimed: Claimed) -> Result<Started, StartError> {
    finish(prepare(found)?, claimed)
}

/// The first half: the game, the opponent, the level, the time control, the clock settings and the envelope.
pub fn prepare(found: Found) -> Result<Prepared, StartError> {
    let Found {
        options,
        phrases,
        vocabulary,
        loaded,
        engine_found,
        clock,
        analysis,
        envelope: sealed,
    } = found;
    let mut notices = Vec::new();
    let loaded = match (&options.load, loaded) {
        (Some(path), Some(text)) => Some(load(path, text, options.edition, &mut notices)?),
        _ => None,
    };
    let mut game = build_game(&options, loaded.as_ref())?;
    name_tags(&options.tags, &mut game);
    // Both faces play the engine unless told otherwise.
    // no engine in a tournament game; both sides' moves are entered.
    let tournament = options.mode.is_tournament();
    let (opponent, missing) = super::other_side::chosen(options.opponent, tournament, engine_found);
    if missing {
        notices.push(phrases.say("notice.no_engine", &[("command", &options.engine_command)]));
    }
    let level = level(options.level)?;
    let tag = game.tags.get("TimeControl").map(str::to_owned);
    let time_control = time_control(&options, tag.as_deref(), &phrases, &mut notices)?;
    // A broken settings file does not stop the game: the shipped settings are used and the
    // player is told what was wrong and where, as with a broken keymap.
    let clock = clock.unwrap_or_else(|reason| {
        notices.push(phrases.say("notice.bad_clock_settings", &[("reason", &plain(&reason))]));
        ClockSettings::default()
    });
    let analysis = analysis.unwrap_or_else(|reason| {
        notices.push(phrases.say(
            "notice.bad_analysis_settings",
            &[("reason", &plain(&reason))],
        ));
        super::AnalysisSettings::default()
    });
    // The tournament profile: the clock says nothing unasked unless the player gave clock settings
    // (D.2.10.4, R-12.6), and hector observes flags without deciding them.
    let clock = if options.mode.is_tournament() {
        super::tournament::silent_clock(clock, options.clock_given)
    } else {
        clock
    };
    let envelope = match &options.load {
        Some(path) => envelope(path, sealed).map_err(|reason| {
            StartError::new(
                "start.bad_envelope",
                &[
                    ("path", path.display().to_string()),
                    ("reason", plain(&reason)),
                ],
            )
        })?,
        None => None,
    };
    Ok(Prepared {
        options,
        phrases,
        vocabulary,
        game,
        loaded,
        opponent,
        level,
        time_control,
        clock,
        analysis,
        envelope,
        notices,
    })
}

/// The second half: the session's settings and the session, with its questions (an unfinished game to go on,
/// which game of a file) or its review or envelope.
pub fn finish(prepared: Prepared, claimed: Claimed) -> Result<Started, StartError> {
    let Prepared {
        options,
        phrases,
        vocabulary,
        mut game,
        loaded,
        opponent,
        level,
        time_control,
        clock,
        analysis,
        envelope,
        notices,
    } = prepared;
    let stamp = claimed
        .started
        .map(crate::words::time::utc_timestamp)
        .unwrap_or_else(|| "game".to_string());
    // A tournament scoresheet carries the date it was played (a loaded game keeps its own).
    if options.mode.is_tournament()
        && options.load.is_none()
        && let Some(date) = stamp.get(..10)
    {
        game.tags.set("Date", &date.replace('-', "."));
    }
    // A new game against the engine says when and who: the date, the player (`--white` or
    // `--black`, else the name in player.ron, else "Player"); the engine's name and level are written at every save (`games::engine_tag`).
    if opponent.is_engine() && options.load.is_none() {
        let unset = |v: Option<&str>| v.is_none_or(|v| v.is_empty() || v.starts_with('?'));
        if let Some(date) = stamp.get(..10).filter(|_| unset(game.tags.get("Date"))) {
            game.tags.set("Date", &date.replace('-', "."));
        }
        let player = options.engine_color.other().fold_wb("White", "Black");
        if unset(game.tags.get(player)) {
            game.tags
                .set(player, options.player_name.as_deref().unwrap_or("Player"));
        }
    }
    let config = Config {
        braille_table: claimed.braille_table,
        opponent,
        save_path: claimed.save_path.clone(),
        vocabulary,
        phrases,
        long_form: options.long_form,
        openings: options.openings,
        time_control,
        clock,
        virtual_clock: options.virtual_clock,
        engine_command: options.engine_command.clone(),
        level,
        engine_color: options.engine_color,
        mode: options.mode,
        tournament: TournamentSettings {
            speak_assistant: options.speak_assistant,
            hearing_impaired_opponent: options.hearing_impaired_opponent,
            check_words: options.check_words,
            clock_announcements: options.clock_given,
            started: claimed.started,
            earlier_log: claimed.earlier_log,
        },
        answer_by_keys: !options.line,
        review_steps: None,
        engine_offers: false,
        kept_games: claimed.kept_games,
        kept_dir: claimed.kept_dir,
        game_id_base: format!("{}-{}", stamp.get(..19).unwrap_or("game"), claimed.process),
        session_stamp: stamp
            .get(..19)
            .unwrap_or("game")
            .replace('T', "_")
            .replace(':', "-"),
        name_sides: options.name_sides,
        analysis,
    };
    // A file of several games: the player is asked which one.
    let choice = match (&options.load, loaded) {
        (Some(path), Some(loaded)) if loaded.games.len() > 1 => Some(game_file(
            &options,
            path,
            loaded,
            claimed.save_alias,
            claimed.new_file,
        )?),
        _ => None,
    };
    let mut session = Session::new(game, config);
    if let Some(offer) = claimed.resume {
        session = session.with_resume_offer(offer);
    }
    if let Some(file) = choice {
        session = session.with_game_choice(file);
    }
    if options.review {
        session = session.with_review_at_start();
    } else if let Some(envelope) = envelope {
        session = session.with_envelope(envelope);
    }
    Ok(Started { session, notices })
}

/// Where the game is kept, as the options say (a game that exists is never replaced); the edge claims the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Keeping {
    /// Nowhere: a review, or `--no-autosave` without `--save`.
    Nowhere,
    /// In this file (`--save`, or a tournament game's loaded file): a game found there is kept or offered to go
    /// on, unless it is the loaded file itself (a loaded game goes on in its own file).
    File(PathBuf),
    /// A new file in the data folder's games, by mode, date and time (a tournament game named no file).
    NewGameFile,
    /// The data folder's autosave file: both faces keep every game there, and offer to go on with an
    /// unfinished one found there.
    Autosave,
}

/// Where the game is kept: a review nowhere; a tournament game always (in `--save`, else in the loaded file,
/// else in a new file of the data folder); else in `--save`, and without it in the autosave file (both faces,
/// the same default), unless `--no-autosave`.
pub fn keeping(options: &Options) -> Keeping {
    if options.review {
        Keeping::Nowhere
    } else if options.mode.is_tournament() {
        match options.save.clone().or_else(|| options.load.clone()) {
            Some(path) => Keeping::File(path),
            None => Keeping::NewGameFile,
        }
    } else if let Some(path) = &options.save {
        Keeping::File(path.clone())
    } else if !options.autosave {
        Keeping::Nowhere
    } else {
        Keeping::Autosave
    }
}

/// A plain new game: no `--load`, `--fen` or `--chess960`; only then is an unfinished game found where the
/// game is to be kept offered to go on.
pub fn offers_unfinished(options: &Options) -> bool {
    options.load.is_none() && options.fen.is_none() && options.chess960.is_none()
}

/// The games of the loaded file `path`, read game by game (pgn::Importer); the first game's warnings (a record
/// that looks cut off, an ignored clock time) are said before the game starts.
pub fn load(
    path: &Path,
    text: String,
    edition: Edition,
    notices: &mut Vec<String>,
) -> Result<Loaded, StartError> {
    let shown = path.display().to_string();
    let mut first = None;
    let mut games = Vec::new();
    for one in crate::rules::pgn::Importer::new(text.as_bytes(), &Default::default()) {
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
                games.push((GameSummary::of(&game, None), tag));
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

/// The game the session starts with: from `--fen`, `--chess960`, the loaded file's first game, or new.
pub fn build_game(options: &Options, loaded: Option<&Loaded>) -> Result<Game, StartError> {
    let game = if let Some(fen) = &options.fen {
        Game::from_fen(fen)
            .map_err(|e| StartError::new("start.bad_fen", &[("reason", plain(&e.to_string()))]))?
    } else if let Some(n) = options.chess960 {
        Game::chess960(n).map_err(|e| {
            StartError::new("start.bad_chess960", &[("reason", plain(&e.to_string()))])
        })?
    } else if let Some(loaded) = loaded {
        return Ok(loaded.first.clone());
    } else {
        Game::new()
    };
    Ok(game.with_edition(options.edition))
}

/// The players, event, site and round given on the command line, as PGN tags of the game.
pub fn name_tags(tags: &[(&'static str, String)], game: &mut Game) {
    for (tag, value) in tags {
        let v: String = value
            .chars()
            .filter(|c| !c.is_control())
            .take(200)
            .collect();
        game.tags.set(tag, &v);
    }
}

/// `--level`: 1 to 10, else the default.
pub fn level(given: Option<u32>) -> Result<u8, StartError> {
    match given {
        None => Ok(super::DEFAULT_LEVEL),
        Some(n) => u8::try_from(n)
            .ok()
            .filter(|n| super::LEVELS.contains(n))
            .ok_or_else(|| StartError::new("start.bad_level", &[("text", n.to_string())])),
    }
}

/// `--time` and `--delay` for a game whose TimeControl tag is `tag`: the time control, or none. A loaded game
/// keeps its own time control unless `--time` says otherwise.
pub fn time_control(
    options: &Options,
    tag: Option<&str>,
    phrases: &Phrases,
    notices: &mut Vec<String>,
) -> Result<Option<TimeControl>, StartError> {
    if let Some(d) = options.delay
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
    if options.time.is_none()
        && options.delay.is_none()
        && let Some(tag) = &tag
    {
        match TimeControl::from_pgn(tag) {
            Ok(tc) => return Ok(tc.is_timed().then_some(tc)),
            Err(e) => notices.push(phrases.say(
                "notice.bad_time_tag",
                &[("tag", &quote(tag)), ("reason", &plain(&e.to_string()))],
            )),
        }
    }
    let Some(text) = &options.time else {
        return match options.delay {
            Some(_) => Err(StartError::new("start.delay_needs_time", &[])),
            None => Ok(None),
        };
    };
    let tc: TimeControl = text.parse().map_err(|e: ParseTimeControlError| {
        StartError::new(
            "start.bad_time",
            &[("text", text.clone()), ("reason", plain(&e.to_string()))],
        )
    })?;
    let tc = match options.delay {
        Some(d) => tc.with_delay(std::time::Duration::from_secs(u64::from(d))),
        None => tc,
    };
    // A loaded game with a time control of its own that --time replaces: its recorded clock times belong to
    // the old control and are not used (Timing::new); said once.
    if options.load.is_some()
        && let Some(tag) = &tag
        && let Ok(own) = TimeControl::from_pgn(tag)
        && own.is_timed()
        && own != tc
    {
        notices.push(phrases.say(
            "notice.time_replaced",
            &[
                ("own", &crate::words::time::control(phrases, &own)),
                ("given", &crate::words::time::control(phrases, &tc)),
            ],
        ));
    }
    Ok(tc.is_timed().then_some(tc))
}

/// The envelope beside the game file `pgn`, from the text the edge read ([`Found::envelope`]); `Err` says why
/// it cannot be used, with its path.
pub fn envelope(
    pgn: &Path,
    found: Result<Option<String>, String>,
) -> Result<Option<Envelope>, String> {
    match found? {
        None => Ok(None),
        Some(text) => Envelope::from_ron(&text)
            .map(Some)
            .map_err(|e| format!("{}: {e}", envelope_path(pgn).display())),
    }
}

/// The game of a file found where a new game is to be kept, when it is offered to go on: an unfinished game
/// with moves, and only when `offer` (a plain new game whose envelope, if any, can be read).
pub fn unfinished(text: &str, offer: bool) -> Option<Game> {
    let game = crate::rules::pgn::import(text).games.into_iter().next()?;
    (offer && !game.is_over() && !game.plies().is_empty()).then_some(game)
}

/// The time control an unfinished game goes on with: its own (its TimeControl tag), when timed.
pub fn own_time_control(game: &Game) -> Option<TimeControl> {
    game.tags
        .get("TimeControl")
        .and_then(|v| TimeControl::from_pgn(v).ok())
        .filter(TimeControl::is_timed)
}

/// A file of several games offered for choice: each game's place in the file, checked by reading
/// each place alone (any doubt: no places, and the chosen game is kept in `new_file`).
pub fn game_file(
    options: &Options,
    path: &Path,
    loaded: Loaded,
    save_alias: Option<PathBuf>,
    new_file: PathBuf,
) -> Result<GameFile, StartError> {
    let spans = super::split_games(&loaded.text);
    // Each place read alone must give the same game (one game at a time: nothing is kept).
    let fits = spans.len() == loaded.games.len()
        && spans.iter().zip(&loaded.games).all(|(span, (summary, _))| {
            let mut alone = crate::rules::pgn::Importer::new(
                loaded.text[span.clone()].as_bytes(),
                &Default::default(),
            );
            match (alone.next(), alone.next()) {
                (Some(one), None) => one
                    .game
                    .is_ok_and(|g| super::games_fingerprint(&g) == summary.fingerprint),
                _ => false,
            }
        });
    let mut games = Vec::with_capacity(loaded.games.len());
    // The notices of the games listed are not said; the words only fill them.
    let unsaid = Phrases::default();
    for (mut summary, tag) in loaded.games {
        // A tag that cannot be used is said for the game that is played, not for every game listed.
        summary.time_control = time_control(options, tag.as_deref(), &unsaid, &mut Vec::new())?;
        games.push(summary);
    }
    Ok(GameFile {
        path: path.to_path_buf(),
        save_alias,
        games,
        text: loaded.text,
        spans: fits.then_some(spans),
        new_file,
    })
}

#[cfg(test)]
mod tests;
