//! Why a text is not a legal move here ([`MoveInputError`]), shared by the text and the spoken-word readers.

use shakmaty::{CastlingSide, Color, File, Rank, Role, Square};

/// A way to tell candidate moves apart, as SAN disambiguates them (Appendix D: "Which Springer: Bella or Felix?").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    File(File),
    Rank(Rank),
    Square(Square),
}

/// Why a text is not a legal move here. `explain` turns it into words for the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveInputError {
    /// The text is not written as a move at all.
    NotAMove(String),
    /// A word prefix that fits several words.
    AmbiguousWord {
        word: String,
        candidates: Vec<String>,
    },
    /// The game is over; no more moves.
    GameOver,
    /// Several legal moves fit; how to tell them apart.
    Ambiguous { role: Role, options: Vec<Hint> },
    /// The mover has no piece of that kind.
    NoSuchPiece { role: Role },
    /// No piece of that kind can reach the square.
    CannotReach {
        role: Role,
        from: Option<Square>,
        to: Square,
    },
    /// Nothing stands on the from-square.
    EmptySquare(Square),
    /// The from-square holds another piece than the one named.
    NotThere { role: Role, square: Square },
    /// The mover has no piece of that kind on the file or rank named.
    NoneOnLine { role: Role, line: Hint },
    /// No piece of that kind on the file or rank named can reach the square.
    NoneOnLineCanReach { role: Role, line: Hint, to: Square },
    /// The piece on the from-square belongs to the side not to move.
    WrongSide {
        square: Square,
        role: Role,
        turn: Color,
    },
    /// The move would leave or put the own king in check.
    KingInCheck {
        role: Role,
        from: Square,
        to: Square,
        in_check: bool,
        pinned: bool,
    },
    /// A pawn reaching the last rank needs its promotion piece named (R-3.7.5c).
    PromotionNeeded { from: Square, to: Square },
    /// The text says capture, but there is nothing to capture, or the other way round.
    CaptureMismatch { to: Square, says_capture: bool },
    /// Castling is not possible now.
    CannotCastle(CastlingSide),
}

impl MoveInputError {
    /// Whether the text was read as a move at all (a legal one, or one whose reason is about the position): the
    /// line is then a move entry, not a command, and in the tournament profile an entry that does not fit.
    pub fn reads_as_move(&self) -> bool {
        !matches!(
            self,
            MoveInputError::NotAMove(_)
                | MoveInputError::AmbiguousWord { .. }
                | MoveInputError::GameOver
        )
    }
}
