//! The question waiting for its answer, and how an entered move is completed.

use shakmaty::Color;

/// A question waiting for its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pending {
    /// Resign for this side? Only yes or no answers it.
    Resign(Color),
    /// Continue the unfinished game kept in `GameFiles::resume`? Only yes or no answers it: nothing is
    /// overwritten without an explicit no.
    Resume,
    /// A move entry did not fit the record (tournament profile): `illegal` records an illegal move for the
    /// arbiter, anything else is taken as the entry again.
    NotFitting,
    /// Which game of the file in `GameFiles::choice`?
    ChooseGame,
    /// R-D.2.9b: retrace the moves to where the scoresheets agree?
    Rewind,
    /// Which piece the pawn becomes (R-3.7.5c): a piece word or letter answers it; anything else drops it.
    Promotion {
        from: shakmaty::Square,
        to: shakmaty::Square,
    },
    /// A new game (`new`, or `rematch` with the colours swapped: `swap`)? Asked in both faces;
    /// only yes starts it, the game played so far being kept first.
    NewGame { swap: bool },
    /// the clock of this side was pressed without a move; record an illegal move? A press may be a
    /// key bounce or a slip: only yes records it.
    PressWithoutMove(Color),
}

/// How an entered move is completed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Completion {
    /// Made by a player: in the tournament profile completed by the clock press or by the mover's next move
    /// (D.2.3-D.2.4, R-6.2.1.2); in play mode hector presses the clock with the move.
    ByPress,
    /// Complete as entered: the sealed move the arbiter opens (R-GI.9), the unpromoted pawn whose press made it
    /// an illegal move.
    AsEntered,
}
