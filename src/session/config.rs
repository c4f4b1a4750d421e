//! The settings fixed at start: the context (words, opponent, clock, files) every part is given.

use std::path::PathBuf;
use std::time::Duration;

use shakmaty::Color;

use super::Effect;
use super::effect::{Kind, quote, say};
use super::{ClockSettings, NameSides, Opponent};
use crate::rules::time_control::TimeControl;
use crate::words::{self, Phrases, Vocabulary};

/// The engine level a new player meets first.
pub const DEFAULT_LEVEL: u8 = 2;

/// What hector is used for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// A game against the engine or a person at the same keyboard.
    #[default]
    Play,
    /// The blind player records a tournament game alone: the talking scoresheet and clock (D.2.6-D.2.8).
    Record,
    /// The sighted assistant of Appendix D.2.10 operates hector for the blind player.
    Assistant,
}

impl Mode {
    /// Record and assistant mode play under the tournament profile (R-11.3.1, DN-3).
    pub fn is_tournament(self) -> bool {
        self != Mode::Play
    }
}

/// Settings of the tournament profile, fixed at start (some can be switched by the arbiter).
#[derive(Debug, Clone, Default)]
pub struct TournamentSettings {
    /// Assistant mode: speak the assistant's own texts too (prompts, confirmations, answers to the assistant).
    /// Off by default: the blind player's earpiece hears only moves, the game's events and the answers to the
    /// player's own requests; the assistant reads the screen.
    pub speak_assistant: bool,
    /// R-D.2.11: the opponent is hearing-impaired; an assistant is mandatory and moves are shown in large text.
    pub hearing_impaired_opponent: bool,
    /// DN-3 / ANN-M9: say "Schach" and "Matt" after moves (off by default in the tournament profile).
    pub check_words: bool,
    /// The talking clock's unasked announcements (thresholds, pulses) were asked for by the player.
    pub clock_announcements: bool,
    /// Wall-clock time when the session started (given by the edge; the session never reads the clock).
    pub started: Option<std::time::SystemTime>,
    /// The action log kept from an earlier session of the same game.
    pub earlier_log: Option<String>,
}

/// Settings fixed at start.
#[derive(Debug, Clone)]
pub struct Config {
    pub opponent: Opponent,
    pub save_path: Option<PathBuf>,
    pub vocabulary: Vocabulary,
    pub phrases: Phrases,
    /// Whether a newly reached named opening is announced after its move at the start (`openings on|off` switches
    /// it during the game; `--openings`).
    pub openings: bool,
    /// Announce moves in the long form (from- and to-square).
    pub long_form: bool,
    /// The time control; a clock runs when it is timed.
    pub time_control: Option<TimeControl>,
    /// What the clock says by itself.
    pub clock: ClockSettings,
    /// Time stands still except for `wait` (scripts, tests, demonstrations).
    pub virtual_clock: bool,
    /// The UCI engine's command line.
    pub engine_command: String,
    /// The engine's strength, 1 to 10.
    pub level: u8,
    /// The side the engine plays (the other side is the player's, `--color`).
    pub engine_color: Color,
    /// Play, or one of the tournament modes (record, assistant).
    pub mode: Mode,
    /// Settings of the tournament profile.
    pub tournament: TournamentSettings,
    /// The liblouis table of braille scoresheets (`--braille-table`, see `braille::BrailleTable`).
    pub braille_table: String,
    /// Questions are answered by keys (the full-screen view) rather than typed words (line mode): the
    /// question says which.
    pub answer_by_keys: bool,
    /// The engine may offer a draw itself when the position has been level for many moves (`engine offers on`).
    pub engine_offers: bool,
    /// Games kept earlier (declined resumptions), oldest first, for `kept`.
    pub kept_games: Vec<PathBuf>,
    /// Which moves are announced with their side's name (`--sides`, `sides`).
    pub name_sides: NameSides,
    /// The folder of kept games (an unfinished game replaced by `new` or `rematch` is kept there).
    pub kept_dir: Option<PathBuf>,
    /// The session's start as a file-name stamp (`2025-01-31_14-05-02`), for names of kept games.
    pub session_stamp: String,
    /// What makes this session's games' identities unique (the start and the process): a game's identity,
    /// the `HectorGame` tag, tells its exported files from another game's.
    pub game_id_base: String,
    /// The review's steps as the face takes them, said when a review opens: the full screen's keys ("PageUp
    /// back, ..."); none: line mode's words.
    pub review_steps: Option<String>,
    /// How the engine analyses (config/analysis.ron): `analyse`, and every question put to the engine as analyst.
    pub analysis: super::AnalysisSettings,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            opponent: Default::default(),
            save_path: None,
            vocabulary: Vocabulary::default(),
            phrases: Phrases::default(),
            openings: true,
            long_form: false,
            time_control: None,
            clock: ClockSettings::default(),
            virtual_clock: false,
            engine_command: "stockfish".to_string(),
            level: DEFAULT_LEVEL,
            engine_color: Color::Black,
            mode: Mode::Play,
            tournament: TournamentSettings::default(),
            braille_table: "en-us-comp6".to_string(),
            answer_by_keys: false,
            engine_offers: false,
            kept_games: Vec::new(),
            name_sides: NameSides::default(),
            kept_dir: None,
            session_stamp: "game".to_string(),
            game_id_base: "game".to_string(),
            review_steps: None,
            analysis: super::AnalysisSettings::default(),
        }
    }
}

/// The words every part speaks with: the settings fixed at start are the context each part is given.
impl Config {
    /// A new game keeps the game played before it, finished or not, where `kept` finds it: a game
    /// with a move (or ended without one), when the session keeps games at all (a file to keep it in; not with
    /// `--no-autosave`) and the folder of kept games is there.
    pub fn keeps_played(&self, game: &crate::rules::Game) -> bool {
        self.save_path.is_some()
            && self.kept_dir.is_some()
            && (!game.plies().is_empty() || game.is_over())
    }

    /// A phrase of the player's language, its `{name}`s filled in.
    pub(super) fn p(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.phrases.say(key, args)
    }

    /// A side's name ("White") in the player's language.
    pub(super) fn side(&self, c: Color) -> String {
        words::explain::side(&self.phrases, c)
    }

    /// A duration in words ("1 hour 29 minutes").
    pub(super) fn t(&self, d: Duration) -> String {
        words::time::duration(&self.phrases, d)
    }

    /// Whether a move by `mover` is announced with its side's name ("Black: Springer Felix sechs").
    pub(super) fn names_side(&self, mover: Color) -> bool {
        match self.name_sides {
            NameSides::All => true,
            NameSides::None => false,
            NameSides::Engine => self.opponent.plays_one_side() && mover == self.engine_color,
        }
    }

    /// `sides all|engine|none`: which moves are announced with their side's name.
    pub(super) fn sides_command(&mut self, rest: &str) -> Vec<Effect> {
        let p = &self.phrases;
        let setting = if p.is_word("arg.all", rest) {
            NameSides::All
        } else if p.is_word("arg.engine", rest) {
            NameSides::Engine
        } else if p.is_word("arg.none", rest) {
            NameSides::None
        } else if rest.is_empty() {
            self.name_sides
        } else {
            return vec![say(
                Kind::Refusal,
                self.p("sides.usage", &[("text", &quote(rest))]),
            )];
        };
        self.name_sides = setting;
        let key = match setting {
            NameSides::All => "sides.all",
            NameSides::Engine => "sides.engine",
            NameSides::None => "sides.none",
        };
        vec![say(Kind::Event, self.p(key, &[]))]
    }
}
