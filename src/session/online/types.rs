//! What online play's link tells the session (`OtherEvent::Lichess`) and what the session asks of it
//! (`ToOther::Lichess`): the parts of lichess's Board API events and requests that the session decides on, in
//! the session's own words (the edge's client turns the wire's JSON into these and these into requests).

/// A player of an online game as lichess names them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OnlinePlayer {
    pub name: String,
    pub rating: Option<u32>,
    /// lichess's computer: its level.
    pub ai_level: Option<u8>,
}

/// A game's time control: minutes and increment in seconds, or days per move (correspondence), or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Control {
    Clock {
        /// Seconds at the start.
        limit: u32,
        /// Seconds added per move.
        increment: u32,
    },
    Days(u32),
    #[default]
    Unlimited,
}

/// An ongoing game of the account (`gameStart`, `/api/account/playing`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameSummary {
    pub id: String,
    pub opponent: OnlinePlayer,
    pub control: Control,
    /// The player plays White.
    pub white: bool,
    pub my_turn: bool,
}

/// A challenge made to the player (`challenge` event).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct IncomingChallenge {
    pub id: String,
    pub from: OnlinePlayer,
    pub control: Control,
    pub rated: bool,
    /// The colour the challenger asks for the player: "white", "black" or "random".
    pub color: String,
}

/// The state of a game (`gameState`, also inside `gameFull`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameState {
    /// The moves from the start, in UCI, space-separated.
    pub moves: String,
    /// Milliseconds left.
    pub wtime: u64,
    pub btime: u64,
    /// `started`, `mate`, `resign`, `outoftime`, `draw`, `stalemate`, `timeout`, `aborted`, `noStart`, ...
    pub status: String,
    /// "white" or "black" when the game has a winner.
    pub winner: Option<String>,
    pub wdraw: bool,
    pub bdraw: bool,
    pub wtakeback: bool,
    pub btakeback: bool,
}

/// The whole game, as the game's stream starts (`gameFull`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameFull {
    pub id: String,
    /// The game's page (`URL/ID`): the PGN's Site.
    pub site: String,
    pub white: OnlinePlayer,
    pub black: OnlinePlayer,
    pub control: Control,
    pub rated: bool,
    /// The start position as FEN; None: the standard start.
    pub initial_fen: Option<String>,
    pub state: GameState,
}

/// What the link reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LichessEvent {
    /// The token was accepted: whose account it is.
    SignedIn {
        name: String,
    },
    /// The token was refused (at the start): why.
    TokenRefused {
        reason: String,
    },
    /// The account could not be asked: lichess not reached, or another answer than a refusal of the token.
    SignInFailed {
        reason: String,
    },
    /// The account's ongoing games (at the start, and for `games`).
    Playing(Vec<GameSummary>),
    /// A game started (a seek paired, a challenge accepted).
    GameStart(GameSummary),
    /// A game of the account ended.
    GameFinish {
        id: String,
    },
    /// A challenge to the player arrived.
    Challenge(IncomingChallenge),
    /// A challenge went away: the player's, declined (`declined`, with lichess's reason), or one to the
    /// player, withdrawn by its challenger.
    ChallengeGone {
        id: String,
        declined: bool,
        reason: String,
    },
    /// The player's challenge or seek was created (`id`: the challenge's; empty for a seek).
    Created {
        id: String,
    },
    Full(GameFull),
    State(GameState),
    Chat {
        user: String,
        text: String,
    },
    /// The opponent left (`gone`) or came back; `claim_in`: seconds until a win may be claimed.
    OpponentGone {
        gone: bool,
        claim_in: Option<u64>,
    },
    /// A request was refused by lichess (an HTTP error): the request and lichess's reason.
    Refused {
        ask: LichessAsk,
        reason: String,
    },
    /// The stream was lost (reconnecting), is back, or lichess asked to slow down (429).
    Lost,
    Again,
    Limited,
}

/// What the session asks of lichess.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LichessAsk {
    /// A real-time seek (`limit` seconds, `increment`) or correspondence (`days`).
    Seek {
        control: Control,
        rated: bool,
        color: Option<String>,
    },
    Challenge {
        user: String,
        control: Control,
        rated: bool,
        color: Option<String>,
    },
    ChallengeAi {
        level: u8,
        control: Control,
        color: Option<String>,
    },
    /// Withdraws the open seek, or challenge `id`.
    Cancel {
        id: Option<String>,
    },
    Accept {
        id: String,
    },
    Decline {
        id: String,
    },
    /// The account's ongoing games (answered by `Playing`).
    Playing,
    /// Opens the game's stream (answered by `Full`, then `State`, ...).
    Join {
        id: String,
    },
    Move {
        game: String,
        uci: String,
    },
    Draw {
        game: String,
        yes: bool,
    },
    Takeback {
        game: String,
        yes: bool,
    },
    Resign {
        game: String,
    },
    Abort {
        game: String,
    },
    ClaimVictory {
        game: String,
    },
    ClaimDraw {
        game: String,
    },
    Chat {
        game: String,
        text: String,
    },
}

impl Control {
    /// "10+5", "3 days", "unlimited" (the days' and unlimited words are the caller's).
    pub fn clock_text(self) -> Option<String> {
        match self {
            Control::Clock { limit, increment } if limit % 60 == 0 => {
                Some(format!("{}+{increment}", limit / 60))
            }
            Control::Clock { limit, increment } => {
                Some(format!("{}+{increment}", f64::from(limit) / 60.0))
            }
            _ => None,
        }
    }
}
