//! The judgement of each move of a game as review and practice use it: from an analysis made in the session
//! ([`GameAnalysis::judgements`]) or read back from an annotated PGN ([`judgements_read`]: the NAG `$6`/`$2`/`$4`
//! of a move that carries an engine's `[%eval ...]`, as `hector --analyse` and lichess write them, the evaluation
//! before it from the move before, and the better move from the variation that replaces it).

use shakmaty::{Chess, Color, Move, Position};

use super::GameAnalysis;
use crate::rules::game::{Game, MovetextItem};
use crate::rules::judgement::{CP_INITIAL, Judgement, Score};

/// One judged move: its judgement, the evaluations before and after it (White's view) and the better move.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveJudgement {
    pub judgement: Judgement,
    pub before: Option<Score>,
    pub after: Option<Score>,
    /// The engine's better move, legal in the position before the move.
    pub better: Option<Move>,
}

/// One per half-move of the game; `None` for a move not judged.
pub type Judgements = Vec<Option<MoveJudgement>>;

impl GameAnalysis {
    /// The judgement of each move analysed.
    pub fn judgements(&self) -> Judgements {
        self.moves
            .iter()
            .map(|m| {
                Some(MoveJudgement {
                    judgement: m.judgement()?,
                    before: m.before,
                    after: m.after,
                    better: m.best,
                })
            })
            .collect()
    }
}

/// An engine's evaluation in a comment: `[%eval 0.35]`, `[%eval -1.2,20]` (with a depth), `[%eval #3]`,
/// `[%eval #-2]`; `None` without one.
pub fn eval_in_comment(comment: &str) -> Option<Score> {
    let at = comment.find("[%eval ")?;
    let rest = &comment[at + "[%eval ".len()..];
    let value = rest[..rest.find(']')?].split(',').next()?.trim();
    if let Some(mate) = value.strip_prefix('#') {
        return mate
            .parse::<i32>()
            .ok()
            .filter(|m| *m != 0)
            .map(Score::Mate);
    }
    let pawns: f64 = value.parse().ok()?;
    pawns
        .is_finite()
        .then(|| Score::Cp((pawns * 100.0).round().clamp(-100_000.0, 100_000.0) as i32))
}

/// The first move of a variation, legal in `pos`.
fn first_move(pos: &Chess, items: &[MovetextItem]) -> Option<Move> {
    let san = items.iter().find_map(|i| match i {
        MovetextItem::San(s) => Some(s),
        _ => None,
    })?;
    let san: shakmaty::san::SanPlus = san.parse().ok()?;
    san.san.to_move(pos).ok()
}

/// The judgements an engine left in the game's annotations. A move is judged when it has the NAG `$6`
/// (inaccuracy), `$2` (mistake) or `$4` (blunder) and an `[%eval ...]` comment (an engine's judgement; a NAG
/// alone is a person's, said as written). Its better move is the first move of its last variation that is a
/// legal move other than the one played (`hector --analyse` adds the better line after the variations the
/// move had; lichess writes it alone).
pub fn judgements_read(game: &Game) -> Judgements {
    let positions: Vec<Chess> = game.positions().collect();
    let evals: Vec<Option<Score>> = game
        .plies()
        .iter()
        .map(|p| {
            p.annotations
                .comments
                .iter()
                .find_map(|c| eval_in_comment(c))
        })
        .collect();
    game.plies()
        .iter()
        .enumerate()
        .map(|(i, ply)| {
            let a = &ply.annotations;
            let after = evals[i]?;
            let judgement = a.nags.iter().find_map(|n| match n {
                6 => Some(Judgement::Inaccuracy),
                2 => Some(Judgement::Mistake),
                4 => Some(Judgement::Blunder),
                _ => None,
            })?;
            let pos = &positions[i];
            let before = match i {
                0 if game.start_position().turn() == Color::White && *pos == Chess::default() => {
                    Some(Score::Cp(CP_INITIAL))
                }
                0 => None,
                _ => evals[i - 1],
            };
            let better = a
                .variations
                .iter()
                .rev()
                .find_map(|v| first_move(pos, v).filter(|m| *m != ply.mv));
            Some(MoveJudgement {
                judgement,
                before,
                after: Some(after),
                better,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::pgn;

    #[test]
    fn evals_are_read_from_comments() {
        assert_eq!(eval_in_comment("[%eval 0.35]"), Some(Score::Cp(35)));
        assert_eq!(
            eval_in_comment("x [%eval -1.2,20] y"),
            Some(Score::Cp(-120))
        );
        assert_eq!(eval_in_comment("[%eval #3]"), Some(Score::Mate(3)));
        assert_eq!(eval_in_comment("[%eval #-2]"), Some(Score::Mate(-2)));
        assert_eq!(eval_in_comment("[%eval #0]"), None);
        assert_eq!(eval_in_comment("[%eval nan]"), None);
        assert_eq!(eval_in_comment("[%clk 0:01:00]"), None);
        assert_eq!(eval_in_comment("[%eval 0.3"), None);
    }

    #[test]
    fn a_judged_move_needs_its_nag_and_an_eval_and_takes_the_last_variation() {
        let game = pgn::import_game(
            "1. e4 { [%eval 0.3] } e5 { [%eval 0.25] } 2. Qh5 $6 { [%eval 0.0] } (2. Nf3 Nc6) \
             Nc6 { [%eval 0.1] } 3. Bc4 { [%eval 0.0] } Nf6 $4 { [%eval #1] } (3... a5 $2) (3... g6 4. Qf3) \
             4. Qxf7# $2 *",
        )
        .unwrap();
        let j = judgements_read(&game);
        assert_eq!(j.len(), 7);
        assert!(j[0].is_none() && j[1].is_none() && j[3].is_none());
        let qh5 = j[2].as_ref().unwrap();
        assert_eq!(qh5.judgement, Judgement::Inaccuracy);
        assert_eq!(qh5.before, Some(Score::Cp(25)));
        assert_eq!(qh5.after, Some(Score::Cp(0)));
        let pos: Vec<Chess> = game.positions().collect();
        assert_eq!(
            qh5.better,
            pos[2]
                .clone()
                .legal_moves()
                .into_iter()
                .find(|m| { shakmaty::san::San::from_move(&pos[2], *m).to_string() == "Nf3" })
        );
        let nf6 = j[5].as_ref().unwrap();
        assert_eq!(nf6.judgement, Judgement::Blunder);
        assert_eq!(nf6.after, Some(Score::Mate(1)));
        let better = nf6.better.unwrap();
        assert_eq!(
            shakmaty::san::San::from_move(&pos[5], better).to_string(),
            "g6"
        );
        // A NAG without an engine's eval is a person's: not judged.
        assert!(j[6].is_none());
        // The first move: the evaluation before is lila's of the start.
        let g = pgn::import_game("1. f3 $2 { [%eval -0.9] } (1. e4) *").unwrap();
        let first = judgements_read(&g)[0].clone().unwrap();
        assert_eq!(first.before, Some(Score::Cp(CP_INITIAL)));
        assert!(first.better.is_some());
    }
}
