//! The engine's messages: what the session asks of it and what it reports back (the edge runs the process).

/// What the engine reports back to the session (the edge turns its process into these).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineEvent {
    /// The handshake is done; `name` is the engine's own (`id name`).
    Ready { name: String },
    /// The engine's move, in UCI form, for the position after `for_ply` plies: an answer for another ply is
    /// stale (the game moved on) and is ignored.
    Move { uci: String, for_ply: usize },
    /// The engine cannot be used: missing, crashed, hung, not UCI. `reason` is said to the player.
    Failed { reason: String },
    /// The engine's last evaluation of the position after `for_ply` plies, in centipawns from its own view
    /// (a mate is near ±30000); sent just before its move.
    Eval { cp: i32, for_ply: usize },
}

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
