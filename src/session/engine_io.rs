//! The other side's messages: what the session asks of it (`Effect::Other`) and what it reports back
//! (`Command::Other`). The edge carries them: to and from the engine's process, or a remote player's link.

/// What the other side reports back to the session (the edge turns its process or connection into these).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OtherEvent {
    /// The handshake is done; `name` is the engine's own (`id name`).
    Ready { name: String },
    /// Its move, in UCI form, for the position after `for_ply` plies: an answer for another ply is stale (the
    /// game moved on) and is ignored.
    Move { uci: String, for_ply: usize },
    /// It cannot be used: missing, crashed, hung, not UCI, the connection lost. `reason` is said to the player.
    Failed { reason: String },
    /// The engine's last evaluation of the position after `for_ply` plies, in centipawns from its own view
    /// (a mate is near ±30000); sent just before its move.
    Eval { cp: i32, for_ply: usize },
    /// Its answer to the player's draw offer ([`ToOther::Offer`]); an answer when no offer of the player is
    /// open any more is dropped.
    DrawAnswer { accepts: bool },
    /// Its answer to the player's takeback request ([`ToOther::Takeback`]).
    TakebackAnswer { accepts: bool },
    /// The analyst's answer to [`ToOther::Evaluate`]: the position after `for_ply` plies, in centipawns from
    /// the side to move's view, and the best move in UCI form when it gave one.
    Evaluated {
        for_ply: usize,
        cp: i32,
        best: Option<String>,
    },
    /// Online play: what lichess reported (session/online).
    Lichess(super::online::LichessEvent),
}

/// What the other side is asked (carried out at the edge).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToOther {
    /// Start the engine in the background (ending one already running); it reports `Command::Other`.
    Start {
        command: String,
        level: u8,
        chess960: bool,
    },
    /// Its move in this position (the player's last move is in it).
    Go(EngineRequest),
    /// Play at this level (1..=10) from the next move on.
    Level(u8),
    /// Stop thinking; the answer is not wanted.
    Stop,
    /// End the engine (or the link).
    Quit,
    /// The player offers a draw: answered by [`OtherEvent::DrawAnswer`], now, later or never.
    Offer,
    /// The player asks to take back: answered by [`OtherEvent::TakebackAnswer`].
    Takeback,
    /// The engine as analyst: evaluate this position, answered by [`OtherEvent::Evaluated`]. The engine that
    /// plays answers it; in a game without one, the analyst is started first (one process, never two).
    Evaluate(EngineRequest),
    /// Online play: a request to lichess (session/online), carried by the link at the edge.
    Lichess(super::online::LichessAsk),
}

/// A remote player's link at the edge (`Edge::set_remote`): told each thing the session asks of the other
/// side (its move in a position, a draw offer, a takeback); it answers later through the face's channel as
/// `Command::Other`.
pub type RemoteLink = Box<dyn FnMut(ToOther) + Send>;

/// What the engine is asked to think about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineRequest {
    /// `startpos`, or the start position as FEN.
    pub start_fen: String,
    /// Chess960 rules (UCI_Chess960; castling written king-takes-rook).
    pub chess960: bool,
    /// The moves played from the start, in UCI form.
    pub moves_uci: Vec<String>,
    /// The game's clock, when it has one; else the engine's level decides its time.
    pub clock: Option<EngineClock>,
    /// The number of plies played: the answer is for this position only.
    pub for_ply: usize,
}

/// The clock as UCI gives it to an engine, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineClock {
    pub wtime: u64,
    pub btime: u64,
    pub winc: u64,
    pub binc: u64,
    /// Moves the engine still has to make before the next period, when the period has a move count.
    pub movestogo: Option<u32>,
}
