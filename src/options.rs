//! hector's command line (clap): the options as given, and the options of the start taken from them.

use std::path::PathBuf;

use clap::{Parser, ValueEnum};

use crate::rules::Edition;
use crate::session::start::Options;
use crate::session::{self, Opponent};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OpponentArg {
    Engine,
    Human,
    /// A player on lichess (shared/design/online.md): the lobby, then the game through the Board API.
    Lichess,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OnOff {
    On,
    Off,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AutoOnOff {
    Auto,
    On,
    Off,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    Play,
    Record,
    Assistant,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AssistantSpeechArg {
    Player,
    All,
}

/// Which moves are announced with the side that made them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SidesArg {
    All,
    Engine,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    White,
    Black,
}

/// The heading of `--help` under which the options of a tournament game stand, apart from the everyday ones.
pub const TOURNAMENT: &str = "Tournament games (record and assistant mode, docs/tournament.md)";

/// The settings files, named at the end of `--help`.
pub const SETTINGS: &str = "Settings files, in $XDG_CONFIG_HOME/hector (else ~/.config/hector); copy the shipped ones \
from config/ and change them: output.ron (voice, speech rate, language of speech, sounds), keymap.ron (keys), \
clock.ron (the talking clock), analysis.ron (the engine's analysis), gamepad.ron, theme.ron (colours), and player.ron, your name in the games' records: \
(name: \"Ann Smith\"). The engine's level: --level. Games are kept in $XDG_DATA_HOME/hector (else \
~/.local/share/hector); `kept` lists them.";

/// hector: play, record and check chess games by ear and keyboard, under the FIDE Laws of Chess.
#[derive(Debug, Parser)]
#[command(name = "hector", version, about, after_help = SETTINGS)]
pub struct Args {
    /// Line mode: one command per line on stdin, one announcement per line on stdout.
    #[arg(long)]
    pub line: bool,
    /// Self-voicing (default on in full-screen, off in line mode).
    #[arg(long, value_enum)]
    pub speech: Option<OnOff>,
    /// Sounds for events (default on in full-screen, off in line mode, like speech).
    #[arg(long, value_enum)]
    pub sound: Option<OnOff>,
    /// Speech and sound settings (RON, like config/output.ron).
    #[arg(long, value_name = "FILE.ron")]
    pub output_config: Option<PathBuf>,
    /// Append every announcement, with a time stamp, to this file.
    #[arg(long, value_name = "FILE")]
    pub speech_log: Option<PathBuf>,
    /// Speech backend: speech-dispatcher (direct; Linux's default) or tts (the tts crate: NVDA/JAWS or
    /// WinRT on Windows, AVFoundation on macOS; the default there). Also `engine` in the output settings.
    #[arg(long, value_enum, value_name = "ENGINE")]
    pub speech_engine: Option<crate::speech::SpeechEngine>,
    /// Board words: appendix-d, english, greek, or a .ron file.
    #[arg(long, value_name = "NAME|FILE")]
    pub vocabulary: Option<String>,
    /// Language of everything that is not board vocabulary: en, de, el.
    #[arg(long, value_name = "LANG")]
    pub language: Option<String>,
    /// Who plays the other side: the engine, a person (`human`: both sides' moves are entered here), or a player
    /// on lichess (`lichess`: needs a token with the board:play scope, see docs/online.md).
    #[arg(long, value_enum, default_value = "engine")]
    pub opponent: Option<OpponentArg>,
    /// The UCI engine command (default: stockfish, on PATH or in /usr/games).
    #[arg(long, value_name = "CMD")]
    pub engine: Option<String>,
    /// Engine strength, 1 (weakest) to 10 (full strength); default 2.
    #[arg(long, value_name = "N")]
    pub level: Option<u32>,
    /// The side the player plays against the engine.
    #[arg(long, value_enum)]
    pub color: Option<ColorArg>,
    /// Which moves are announced with the side that made them: all, engine (default), none.
    #[arg(long, value_enum)]
    pub sides: Option<SidesArg>,
    /// Whether a newly reached named opening ("Opening: C50 Italian Game") is announced after the move that
    /// reaches it: on (default) or off; `openings on|off` switches it during the game.
    #[arg(long, value_enum, value_name = "ON|OFF")]
    pub openings: Option<OnOff>,
    /// Time control, said back at the start: 90+30 or 90m+30s (90 minutes each, 30 seconds added per move),
    /// 5+3, 1h30m, 40/90m+30s:30m+30s, or PGN TimeControl (5400+30, 300). A base time without a unit is minutes
    /// up to 180 and PGN's seconds above it (60 is an hour, 300 five minutes); an increment is seconds. Write
    /// units (90m, 5400s) to be explicit; the control is said back in words at the start.
    #[arg(long, value_name = "CONTROL")]
    pub time: Option<String>,
    /// Delay mode (Article 6.3.2) instead of increment.
    #[arg(long, value_name = "SECONDS")]
    pub delay: Option<u32>,
    /// Start from this position.
    #[arg(long, value_name = "FEN", conflicts_with_all = ["chess960", "load"])]
    pub fen: Option<String>,
    /// Start from Chess960 position N (0..959).
    #[arg(long, value_name = "N", conflicts_with = "load")]
    pub chess960: Option<u32>,
    /// Continue a saved game.
    #[arg(long, value_name = "FILE.pgn")]
    pub load: Option<PathBuf>,
    /// Keep the game in this file, written after every move.
    #[arg(long, value_name = "FILE.pgn")]
    pub save: Option<PathBuf>,
    /// Review a saved game (read only: no clock, nothing saved); a file of several games asks which one.
    #[arg(long, value_name = "FILE.pgn", conflicts_with_all = ["load", "fen", "chess960", "save", "autosave", "mode"])]
    pub review: Option<PathBuf>,
    /// Check the action log of a tournament game (FILE.pgn.log.txt), seal by seal: says whether it is whole
    /// and unchanged, or where it was cut or edited; exits 0 when whole, 1 when not, 2 when it cannot be read.
    #[arg(long, value_name = "FILE.pgn", help_heading = TOURNAMENT)]
    pub verify: Option<PathBuf>,
    /// Keep the game in the data folder ($XDG_DATA_HOME/hector/autosave.pgn) after every move and offer to
    /// continue an unfinished one found there: the default in both faces (the flag is still read).
    #[arg(long)]
    pub autosave: bool,
    /// Keep nothing: no autosave, no game offered again (a game named with --save is still kept there).
    #[arg(long, conflicts_with = "autosave")]
    pub no_autosave: bool,
    /// play, record or assistant.
    #[arg(long, value_enum, help_heading = TOURNAMENT)]
    pub mode: Option<ModeArg>,
    /// Time stands still except for `wait`.
    #[arg(long)]
    pub virtual_clock: bool,
    /// Edition of the Laws: 2018 (default), 2014, 2009, 2005.
    #[arg(long, value_name = "YEAR", default_value = "2018", help_heading = TOURNAMENT)]
    pub edition: Edition,
    /// Announce moves with from- and to-square.
    #[arg(long)]
    pub long: bool,
    /// The talking clock's settings (RON, like config/clock.ron).
    #[arg(long, value_name = "FILE.ron")]
    pub clock_config: Option<PathBuf>,
    /// The engine's analysis settings: depth, nodes, seconds per position, threads, hash (RON, like
    /// config/analysis.ron).
    #[arg(long, value_name = "FILE.ron")]
    pub analysis_config: Option<PathBuf>,
    /// Analyse the games of a PGN file with the engine and write them annotated (NAGs, evaluations, the better
    /// moves) to --save FILE or FILE-analysed.pgn beside it; FILE is never changed. Says the progress and
    /// each side's summary.
    #[arg(long, value_name = "FILE.pgn", conflicts_with_all = ["load", "review", "verify", "fen", "chess960", "mode"])]
    pub analyse: Option<PathBuf>,
    /// Assistant mode: which texts are spoken; `player` (default): only what is for the blind player (moves,
    /// events, answers to the player's requests), the assistant reads the rest on the screen; `all`: everything.
    #[arg(long, value_enum, value_name = "WHO", help_heading = TOURNAMENT)]
    pub assistant_speech: Option<AssistantSpeechArg>,
    /// Record and assistant mode: the opponent is hearing-impaired (Appendix D.2.11: an assistant is mandatory).
    #[arg(long, help_heading = TOURNAMENT)]
    pub hearing_impaired_opponent: bool,
    /// Record and assistant mode: say "Schach" and "Matt" after moves (an arbiter's switch; default off).
    #[arg(long, value_enum, value_name = "ON|OFF", help_heading = TOURNAMENT)]
    pub check_words: Option<OnOff>,
    /// White's name in the game's record (PGN and scoresheet); against the engine, yours if you play White
    /// (default: the name in player.ron, else "Player").
    #[arg(long, value_name = "NAME")]
    pub white: Option<String>,
    /// Black's name in the game's record (PGN and scoresheet); against the engine, yours if you play Black.
    #[arg(long, value_name = "NAME")]
    pub black: Option<String>,
    /// The event, site and round, for the scoresheet.
    #[arg(long, value_name = "NAME", help_heading = TOURNAMENT)]
    pub event: Option<String>,
    #[arg(long, value_name = "NAME", help_heading = TOURNAMENT)]
    pub site: Option<String>,
    #[arg(long, value_name = "N", help_heading = TOURNAMENT)]
    pub round: Option<String>,
    /// The braille table of braille scoresheets (BRF): en-us-comp6 (default, English computer braille),
    /// en-ueb-g1, de-comp6, de-g0, el, or a liblouis table file name.
    #[arg(long, value_name = "TABLE", help_heading = TOURNAMENT)]
    pub braille_table: Option<String>,
    /// Diagnostics on stderr.
    #[arg(long)]
    pub verbose: bool,
    /// Full-screen view without box-drawing characters and colours.
    #[arg(long)]
    pub plain: bool,
    /// Full-screen view without the board's squares (the keys still explore the board and say each square; G
    /// shows or hides them): for a screen reader that reads every changed row, so that a move changes no rank.
    #[arg(long)]
    pub no_board: bool,
    /// Full-screen view in colours with the board drawn, even when a screen reader (fenrir, Orca, speakup) reads
    /// the terminal (under one the view starts plain with the board hidden, unless a view is chosen).
    #[arg(long, conflicts_with_all = ["plain", "no_board"])]
    pub colour_view: bool,
    /// Gamepad: auto (use one when there; the full-screen view's default), on (also say when none is found;
    /// in line mode a pad is the request device), off. Default from gamepad.ron.
    #[arg(long, value_enum)]
    pub gamepad: Option<AutoOnOff>,
    /// Testing aid: replay a script of synthetic gamepad events through the pad's thread and channel
    /// instead of reading real pads (see src/ui/gamepad/device.rs).
    #[arg(long, value_name = "FILE", hide = true)]
    pub gamepad_events: Option<PathBuf>,
    /// Online play: the lichess server (default https://lichess.org; `http://` only for loopback addresses).
    #[arg(long, value_name = "URL")]
    pub lichess_url: Option<String>,
    /// Online play: the file of the lichess token (default $XDG_CONFIG_HOME/hector/lichess-token; or the
    /// LICHESS_TOKEN environment variable). A file others can read is refused (chmod 600).
    #[arg(long, value_name = "FILE")]
    pub lichess_token_file: Option<PathBuf>,
    /// Online play: join this ongoing lichess game at once.
    #[arg(long, value_name = "ID")]
    pub game: Option<String>,
}

impl Args {
    /// The options that matter to the start ([`crate::session::start`]).
    pub fn start_options(&self) -> Options {
        Options {
            fen: self.fen.clone(),
            chess960: self.chess960,
            edition: self.edition,
            load: self.load.clone(),
            review: self.review.is_some(),
            // Online the game is lichess's, kept as lichess-ID.pgn or in --save once joined (session/online): no
            // local game is resumed, asked about or kept in the autosave file.
            save: self.save.clone().filter(|_| !self.lichess()),
            autosave: !self.no_autosave && !self.lichess(),
            time: self.time.clone(),
            delay: self.delay,
            level: self.level,
            mode: self.mode(),
            opponent: self.opponent.map(|o| match o {
                OpponentArg::Engine => Opponent::Engine,
                OpponentArg::Human => Opponent::Human,
                OpponentArg::Lichess => Opponent::Remote,
            }),
            line: self.line,
            engine_command: self.engine_command(),
            engine_color: self.engine_color(),
            tags: [
                ("Event", &self.event),
                ("Site", &self.site),
                ("Round", &self.round),
                ("White", &self.white),
                ("Black", &self.black),
            ]
            .into_iter()
            .filter_map(|(tag, value)| value.clone().map(|v| (tag, v)))
            .collect(),
            player_name: None,
            name_sides: match self.sides {
                Some(SidesArg::All) => session::NameSides::All,
                Some(SidesArg::None) => session::NameSides::None,
                _ => session::NameSides::Engine,
            },
            long_form: self.long,
            virtual_clock: self.virtual_clock,
            clock_given: self.clock_config.is_some(),
            speak_assistant: self.assistant_speech == Some(AssistantSpeechArg::All),
            hearing_impaired_opponent: self.hearing_impaired_opponent,
            check_words: self.check_words == Some(OnOff::On),
            openings: self.openings != Some(OnOff::Off),
        }
    }

    /// Online play on lichess (`--opponent lichess`).
    pub fn lichess(&self) -> bool {
        self.opponent == Some(OpponentArg::Lichess)
    }

    /// Play, record or assistant.
    pub fn mode(&self) -> session::Mode {
        match self.mode {
            Some(ModeArg::Record) => session::Mode::Record,
            Some(ModeArg::Assistant) => session::Mode::Assistant,
            _ => session::Mode::Play,
        }
    }

    /// The UCI engine's command (default stockfish).
    pub fn engine_command(&self) -> String {
        self.engine
            .clone()
            .unwrap_or_else(|| "stockfish".to_string())
    }

    /// The side the engine plays: the other of `--color`.
    pub fn engine_color(&self) -> shakmaty::Color {
        match self.color {
            Some(ColorArg::Black) => shakmaty::Color::White,
            _ => shakmaty::Color::Black,
        }
    }

    /// Speech on: the full-screen view's default, line mode's only when asked.
    pub fn speech_on(&self) -> bool {
        self.speech.map_or(!self.line, |s| s == OnOff::On)
    }
}
