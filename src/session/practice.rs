//! `practice`: the player's own mistakes and blunders of an analysed game, one at a time, as lichess's "learn
//! from your mistakes" does, by ear. The player is put in the position before each ("Move 23, you are Black:
//! find a better move"), types one move, and hears whether it is the engine's move, as good as it (judged by
//! the engine by lichess's win-percentage rule: no worse than an inaccuracy compared with the best), or what
//! was better; then the next. `practice stop` ends it and he is back where he was (the game, or the review he
//! was in). Its state here; its answers, free functions of the session, in session/practising.rs.
//!
//! The judgements come from an analysis made in the session, else from the game's annotations (an annotated
//! PGN of `hector --analyse` or lichess). The side: the one named (`practice white|black`); else, in a game
//! played here against the engine, the player's; else the only side with mistakes, and when both have some the
//! player is asked to name one. Allowed where analysis is (the policy's ANALYSIS class: not in the tournament
//! profile while the game is played, not online); the position is shown as a review shows it, so the board's
//! questions answer about it.

use shakmaty::{Color, Move};

use super::review::Review;
use crate::rules::analysis::Judgements;
use crate::rules::judgement::Score;

/// A practice under way.
#[derive(Debug, Clone)]
pub(super) struct Practice {
    pub(super) side: Color,
    /// The half-moves (indexes in the game) practised, in order.
    pub(super) plies: Vec<usize>,
    /// Which of them is asked now.
    pub(super) at: usize,
    /// How many were found (the engine's move or as good).
    pub(super) found: usize,
    pub(super) judgements: Judgements,
    /// The review open when the practice began (None: the game), given back at its end.
    pub(super) previous: Option<Review>,
    /// A try the engine is judging: the move and the plies of the position after it.
    pub(super) waiting: Option<(Move, usize)>,
}

/// The analyst's centipawns (a mate near ±30000, see `engine::uci::parse_score`) as a score from the same
/// side's view.
pub(super) fn mover_score(cp: i32) -> Score {
    const MATE: i32 = 30_000;
    if cp >= MATE - 1_000 {
        Score::Mate((MATE - cp).max(1))
    } else if cp <= -(MATE - 1_000) {
        Score::Mate(-(MATE + cp).max(1))
    } else {
        Score::Cp(cp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_analysts_mates_are_scores() {
        assert_eq!(mover_score(35), Score::Cp(35));
        assert_eq!(mover_score(29_999), Score::Mate(1));
        assert_eq!(mover_score(-29_998), Score::Mate(-2));
        assert_eq!(mover_score(-30_000), Score::Mate(-1));
    }
}
