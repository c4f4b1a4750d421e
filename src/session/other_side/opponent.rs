//! Who plays the other side, as the options choose it (the seam in other_side/mod.rs acts on it). Imports
//! nothing of the session: the configuration names it.

/// Who enters the moves of the other side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Opponent {
    /// Both sides' moves are entered here (two players at one keyboard, or an assistant).
    #[default]
    Human,
    /// A UCI engine answers.
    Engine,
    /// A player elsewhere answers through a link the edge holds (online play: `--opponent lichess`).
    Remote,
}

impl Opponent {
    /// Someone else makes one side's moves (the engine, a remote player): the player plays the other side
    /// (`Config::engine_color` is theirs), offers and resigns for it, and takes back to their own turn.
    pub fn plays_one_side(self) -> bool {
        self != Opponent::Human
    }

    /// A player elsewhere plays the other side (online play on lichess).
    pub fn is_remote(self) -> bool {
        self == Opponent::Remote
    }

    /// The UCI engine plays one side.
    pub fn is_engine(self) -> bool {
        self == Opponent::Engine
    }
}

/// The opponent a game starts with: the one asked for, else the engine (both faces play the engine unless
/// told otherwise); both sides at the keyboard in a tournament game (R-11.3.1: no engine), and when the
/// engine is asked for and not found (`true`: that is said).
pub(in crate::session) fn chosen(
    asked: Option<Opponent>,
    tournament: bool,
    engine_found: bool,
) -> (Opponent, bool) {
    match asked.unwrap_or(Opponent::Engine) {
        _ if tournament => (Opponent::Human, false),
        Opponent::Engine if !engine_found => (Opponent::Human, true),
        o => (o, false),
    }
}
