//! A whole game analysed: from the engine's evaluation of each position to each move's verdict (lichess's
//! rule, [`crate::rules::judgement`]), the better move, a summary per side (accuracy, inaccuracies, mistakes,
//! blunders, average centipawn loss) and the game annotated for PGN (NAGs `$6`/`$2`/`$4`, `[%eval ...]` on
//! every move, the better move as a variation). Pure: evaluations in, verdicts and a game out.

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

use crate::rules::game::{Game, MovetextItem};
use crate::rules::judgement::{self, CP_CEILING, Judgement, Score, Verdict};

/// The most moves of the engine's line kept as the better move's variation.
pub const MAX_VARIATION_PLIES: usize = 8;

/// The engine's evaluation of one position: its score from White's point of view and its principal
/// variation (UCI moves; the first is the engine's best move).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Eval {
    pub score: Score,
    pub pv: Vec<String>,
}

/// One move of the game as the analysis judged it.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveReport {
    /// The half-move's index in the game (0: the first move).
    pub ply: usize,
    /// The full-move number and the side that moved.
    pub number: u32,
    pub mover: Color,
    /// The move played, in SAN.
    pub san: String,
    /// The move played.
    pub played: Move,
    /// The evaluations before and after the move, from White's point of view (`None`: not evaluated; after a
    /// checkmate, the winner's mate counted as mate in 1, and nothing written in the PGN).
    pub before: Option<Score>,
    pub after: Option<Score>,
    /// The verdict (`None`: good enough, or not judged for want of an evaluation).
    pub verdict: Option<Verdict>,
    /// The engine's best move in the position before, when it differs from the move played.
    pub best: Option<Move>,
    /// The engine's better line (SAN, from the position before the move) for a judged move, at most
    /// [`MAX_VARIATION_PLIES`] moves.
    pub better_line: Vec<String>,
    /// The mover's loss in centipawns (each evaluation capped at ±1000, a mate counted as the cap), 0 at least.
    pub loss_cp: Option<i32>,
    /// lichess's accuracy of the move, 0..100.
    pub accuracy: Option<f64>,
}

impl MoveReport {
    pub fn judgement(&self) -> Option<Judgement> {
        self.verdict.map(|v| v.judgement)
    }

    /// The better move in SAN (the first of [`MoveReport::better_line`]), for a judged move.
    pub fn better_san(&self) -> Option<&str> {
        self.better_line.first().map(String::as_str)
    }
}

/// What one side's moves came to.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SideSummary {
    /// Moves judged (both evaluations known).
    pub moves: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// Average centipawn loss, rounded (`None` without a judged move).
    pub average_loss: Option<u32>,
    /// lichess's game accuracy, 0..100 (`None` unless every position of the game was evaluated and each
    /// side moved).
    pub accuracy: Option<f64>,
}

/// The analysis of a game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameAnalysis {
    pub moves: Vec<MoveReport>,
    pub white: SideSummary,
    pub black: SideSummary,
}

impl GameAnalysis {
    pub fn side(&self, c: Color) -> &SideSummary {
        match c {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// A move of the engine's line read in `pos`: `None` when it is no legal move there.
pub fn uci_move(pos: &Chess, uci: &str) -> Option<Move> {
    UciMove::from_ascii(uci.as_bytes()).ok()?.to_move(pos).ok()
}

/// The engine's line from `pos` in SAN (with check signs), at most `max` moves, cut at the first move that is
/// not legal.
pub fn line_san(pos: &Chess, pv: &[String], max: usize) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for uci in pv.iter().take(max) {
        let Some(m) = uci_move(&pos, uci) else { break };
        out.push(shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
    }
    out
}

/// The score counted for a position: a checkmate is the winner's mate (the engine gives `mate 0`, with no
/// side); otherwise the engine's.
fn counted(pos: &Chess, eval: Option<&Eval>) -> Option<Score> {
    if pos.is_checkmate() {
        return Some(match pos.turn() {
            Color::White => Score::Mate(-1),
            Color::Black => Score::Mate(1),
        });
    }
    eval.map(|e| e.score)
}

/// The analysis of `game` from `evals`, the evaluation of each position: before the first move, after each
/// move (`game.plies().len() + 1` of them; a missing one, or `None`, leaves the moves next to it unjudged).
pub fn analyse(game: &Game, evals: &[Option<Eval>]) -> GameAnalysis {
    let positions: Vec<Chess> = game.positions().collect();
    let eval_at = |i: usize| evals.get(i).and_then(Option::as_ref);
    let score_at = |i: usize| positions.get(i).and_then(|p| counted(p, eval_at(i)));
    let mut moves = Vec::with_capacity(game.plies().len());
    for (i, ply) in game.plies().iter().enumerate() {
        let mover = ply.color();
        let (before, after) = (score_at(i), score_at(i + 1));
        let verdict = match (before, after) {
            (Some(b), Some(a)) => judgement::judge(mover, b, a),
            _ => None,
        };
        let pos = &positions[i];
        let best = eval_at(i)
            .and_then(|e| e.pv.first())
            .and_then(|u| uci_move(pos, u))
            .filter(|m| *m != ply.mv);
        let better_line = match (verdict, best, eval_at(i)) {
            (Some(_), Some(_), Some(e)) => line_san(pos, &e.pv, MAX_VARIATION_PLIES),
            _ => Vec::new(),
        };
        let loss_cp = match (before, after) {
            (Some(b), Some(a)) => {
                let cp = |s: Score| {
                    s.for_side(mover)
                        .force_as_cp()
                        .clamp(-CP_CEILING, CP_CEILING)
                };
                Some((cp(b) - cp(a)).max(0))
            }
            _ => None,
        };
        let accuracy = match (before, after) {
            (Some(b), Some(a)) => Some(judgement::move_accuracy(
                judgement::win_percent(b.for_side(mover)),
                judgement::win_percent(a.for_side(mover)),
            )),
            _ => None,
        };
        moves.push(MoveReport {
            ply: i,
            number: ply.move_number(),
            mover,
            san: ply.san.to_string(),
            played: ply.mv,
            before,
            after,
            verdict,
            best,
            better_line,
            loss_cp,
            accuracy,
        });
    }
    let after_each: Option<Vec<Score>> = (1..=game.plies().len()).map(score_at).collect();
    let start = game.start_position().turn();
    let accuracy = after_each
        .filter(|_| score_at(0).is_some())
        .and_then(|s| judgement::game_accuracy(start, &s));
    let summary = |side: Color| {
        let mine: Vec<&MoveReport> = moves.iter().filter(|m| m.mover == side).collect();
        let count = |j: Judgement| mine.iter().filter(|m| m.judgement() == Some(j)).count();
        let losses: Vec<i32> = mine.iter().filter_map(|m| m.loss_cp).collect();
        SideSummary {
            moves: losses.len(),
            inaccuracies: count(Judgement::Inaccuracy),
            mistakes: count(Judgement::Mistake),
            blunders: count(Judgement::Blunder),
            average_loss: (!losses.is_empty()).then(|| {
                (losses.iter().map(|l| *l as f64).sum::<f64>() / losses.len() as f64).round() as u32
            }),
            accuracy: accuracy.map(|a| match side {
                Color::White => a.white,
                Color::Black => a.black,
            }),
        }
    };
    GameAnalysis {
        white: summary(Color::White),
        black: summary(Color::Black),
        moves,
    }
}

/// A judged move as review and practice read it: the verdict, the evaluations around it (White's view) and the
/// better move, from an analysis made now ([`GameAnalysis::judgements`]) or read back from a game's annotations
/// ([`judgements_read`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveJudgement {
    pub judgement: Judgement,
    pub before: Option<Score>,
    pub after: Option<Score>,
    pub better: Option<Move>,
}

impl GameAnalysis {
    /// One entry per half-move of the game: its judgement, or `None` for a move good enough (or not judged).
    pub fn judgements(&self) -> Vec<Option<MoveJudgement>> {
        self.moves
            .iter()
            .map(|m| {
                m.judgement().map(|judgement| MoveJudgement {
                    judgement,
                    before: m.before,
                    after: m.after,
                    better: m.best,
                })
            })
            .collect()
    }
}

/// The evaluation in a comment holding `[%eval 0.35]`, `[%eval -1.2]`, `[%eval #3]`, `[%eval #-3]` (lichess's
/// `[%eval 0.35,23]`, with the depth, too); `None` without one or with a value that does not read.
pub fn eval_in_comment(comment: &str) -> Option<Score> {
    let at = comment.find("[%eval")?;
    let rest = comment[at + "[%eval".len()..].trim_start();
    let value: String = rest
        .chars()
        .take_while(|c| !matches!(c, ']' | ',') && !c.is_whitespace())
        .take(16)
        .collect();
    if let Some(m) = value.strip_prefix('#') {
        return m
            .trim_start_matches('+')
            .parse::<i32>()
            .ok()
            .map(Score::Mate);
    }
    let pawns: f64 = value
        .parse()
        .ok()
        .filter(|p: &f64| p.is_finite() && p.abs() < 1000.0)?;
    Some(Score::Cp((pawns * 100.0).round() as i32))
}

/// The judgements a game's annotations hold (an analysed PGN, hector's or lichess's): each move's NAG `$6`, `$2`
/// or `$4`, its `[%eval ...]` and the one of the move before it (the start's counted as unknown), and the first
/// move of its last variation as the better move (when it is legal there).
pub fn judgements_read(game: &Game) -> Vec<Option<MoveJudgement>> {
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
            let nags = &ply.annotations.nags;
            let judgement = if nags.contains(&4) {
                Judgement::Blunder
            } else if nags.contains(&2) {
                Judgement::Mistake
            } else if nags.contains(&6) {
                Judgement::Inaccuracy
            } else {
                return None;
            };
            let better = ply.annotations.variations.last().and_then(|v| {
                let first = v.iter().find_map(|item| match item {
                    MovetextItem::San(s) => Some(s),
                    _ => None,
                })?;
                let san = shakmaty::san::San::from_ascii(
                    first.trim_end_matches(['+', '#', '!', '?']).as_bytes(),
                )
                .ok()?;
                san.to_move(&positions[i]).ok()
            });
            Some(MoveJudgement {
                judgement,
                before: i.checked_sub(1).and_then(|j| evals[j]),
                after: evals[i],
                better,
            })
        })
        .collect()
}

/// lichess's eval comment: `[%eval 0.35]` (pawns from White's point of view, two decimals), `[%eval #3]`,
/// `[%eval #-3]` when Black mates.
pub fn eval_comment(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("[%eval {:.2}]", f64::from(cp) / 100.0),
        Score::Mate(m) => format!("[%eval #{m}]"),
    }
}

/// Whether a comment is one an analysis wrote (an eval alone), replaced when the game is analysed again.
fn is_eval_comment(c: &str) -> bool {
    let c = c.trim();
    c.starts_with("[%eval ") && c.ends_with(']') && c.matches('[').count() == 1
}

/// The game annotated with the analysis: on each move its eval comment first (not after a checkmate: no
/// evaluation there), then the comments it had (clock times too); a judged move gets its NAG and the better
/// line as a variation after the ones it had. NAGs, eval comments and lines of an earlier analysis are
/// replaced, not doubled.
pub fn annotate(game: &Game, analysis: &GameAnalysis) -> Game {
    let mut out = game.clone();
    let positions: Vec<Chess> = game.positions().collect();
    for (ply, report) in out.plies_mut().iter_mut().zip(&analysis.moves) {
        let a = &mut ply.annotations;
        let judged = report.verdict.is_some();
        if judged {
            a.nags.retain(|n| ![2u8, 4, 6].contains(n));
        }
        let mated = positions
            .get(report.ply + 1)
            .is_some_and(|p| p.is_checkmate());
        if let Some(after) = report.after.filter(|_| !mated) {
            let kept: Vec<String> = a
                .comments
                .iter()
                .filter(|c| !is_eval_comment(c))
                .cloned()
                .collect();
            a.comments = std::iter::once(eval_comment(after)).chain(kept).collect();
        }
        if let Some(v) = report.verdict {
            a.nags.insert(0, v.judgement.nag());
            let line: Vec<MovetextItem> = report
                .better_line
                .iter()
                .map(|s| MovetextItem::San(s.clone()))
                .collect();
            if !line.is_empty() && !a.variations.contains(&line) {
                a.variations.push(line);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
