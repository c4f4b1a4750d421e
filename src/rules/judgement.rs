//! Judging moves by the loss of winning chances, as lichess does: the win percentage of an evaluation,
//! the judgement of a move (inaccuracy, mistake, blunder) with its PGN NAG, and the accuracy of a move
//! and of a game. Pure and deterministic: numbers in, numbers out; no engine, no clock.
//!
//! Every rule follows lichess's server, lila (github.com/lichess-org/lila), as read in these files:
//! - `modules/tree/src/main/WinPercent.scala` (commit 0aff208c768146457ef94eba41ee2e234d2402b1):
//!   the curve `50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1)` over centipawns capped at ±1000
//!   (`Cp.ceiled`, `Cp.CEILING` = 1000), the chances kept within -1..1, a mate counted as ±1000;
//! - `modules/tree/src/main/Advice.scala` (same commit): `CpAdvice` (a drop of the mover's winning
//!   chances of 0.3 a blunder, 0.2 a mistake, 0.1 an inaccuracy) and `MateAdvice` / `MateSequence`;
//! - `modules/analyse/src/main/AccuracyPercent.scala` (commit 8dae10ff6b4d000c4c927572c7590283dfb1aa72):
//!   the accuracy of a move from the win percentages before and after, and of a game (the mean of a
//!   volatility-weighted mean and a harmonic mean), with `modules/common/src/main/Maths.scala`
//!   (commit 07ef4ee7f580cf859e55ffacf3c4c3b6890dd882) for the means and the population deviation;
//! - `modules/analyse/src/test/AccuracyPercentTest.scala` (commit 8dae10ff...): the figures the tests
//!   below check.

use shakmaty::Color;

/// The cap on centipawns (lila's `Cp.CEILING`): an evaluation beyond it counts as the cap, a mate as it.
pub const CP_CEILING: i32 = 1000;

/// lila's evaluation of the starting position (`Cp.initial`), from which a game's first move is judged.
pub const CP_INITIAL: i32 = 15;

/// An engine's evaluation from White's point of view, as lila stores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, positive when White is better.
    Cp(i32),
    /// Mate in so many moves: positive when White mates, negative when Black does.
    Mate(i32),
}

impl Score {
    /// The same evaluation seen from `side` (lila's `invertIf(color.black)`).
    pub fn for_side(self, side: Color) -> Score {
        match (self, side) {
            (s, Color::White) => s,
            (Score::Cp(cp), Color::Black) => Score::Cp(cp.saturating_neg()),
            (Score::Mate(m), Color::Black) => Score::Mate(m.saturating_neg()),
        }
    }

    /// Centipawns, a mate counted as the cap with its sign (lila's `forceAsCp`).
    pub fn force_as_cp(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(m) => CP_CEILING * m.signum(),
        }
    }
}

/// Winning chances on -1..1 for the side whose point of view `cp` is (lila's `winningChances`).
pub fn winning_chances(cp: i32) -> f64 {
    let cp = cp.clamp(-CP_CEILING, CP_CEILING) as f64;
    (2.0 / (1.0 + (-0.00368208 * cp).exp()) - 1.0).clamp(-1.0, 1.0)
}

/// Win percentage on 0..100 from centipawns (lila's `WinPercent.fromCentiPawns`).
pub fn win_percent_from_cp(cp: i32) -> f64 {
    50.0 + 50.0 * winning_chances(cp)
}

/// Win percentage of an evaluation, a mate counted as ±1000 centipawns (lila's `WinPercent.fromEval`).
pub fn win_percent(score: Score) -> f64 {
    win_percent_from_cp(score.force_as_cp())
}

/// How bad a move was, as lila's `Advice.Judgement`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The PGN NAG: `$6` (?!), `$2` (?), `$4` (??).
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// The move-assessment glyph of the NAG.
    pub fn glyph(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
}

/// What a move did to a forced mate, as lila's `MateSequence` (lila also names "delayed", never judged).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateChange {
    /// The mover now gets mated by force ("Checkmate is now unavoidable").
    Created,
    /// The mover had a forced mate and let it go ("Lost forced checkmate sequence").
    Lost,
}

/// The judgement of one move, with the mate change when it was judged by the mate rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub judgement: Judgement,
    pub mate: Option<MateChange>,
}

/// Judges the move `mover` played from the evaluations before and after it (both from White's point of
/// view), as lila's `Advice.apply`: the centipawn rule when both are centipawns, else the mate rule.
/// `None` when the move is good enough.
pub fn judge(mover: Color, before: Score, after: Score) -> Option<Verdict> {
    let before = before.for_side(mover);
    let after = after.for_side(mover);
    match (before, after) {
        (Score::Cp(b), Score::Cp(a)) => {
            let drop = winning_chances(b) - winning_chances(a);
            let judgement = if drop >= 0.3 {
                Judgement::Blunder
            } else if drop >= 0.2 {
                Judgement::Mistake
            } else if drop >= 0.1 {
                Judgement::Inaccuracy
            } else {
                return None;
            };
            Some(Verdict {
                judgement,
                mate: None,
            })
        }
        _ => judge_mate(before, after),
    }
}

/// lila's `MateAdvice`, both scores from the mover's side; a missing centipawn value counts as 0.
fn judge_mate(before: Score, after: Score) -> Option<Verdict> {
    let mate = |s: Score| match s {
        Score::Mate(m) => Some(m),
        Score::Cp(_) => None,
    };
    let cp = |s: Score| match s {
        Score::Cp(c) => c,
        Score::Mate(_) => 0,
    };
    let change = match (mate(before), mate(after)) {
        (None, Some(n)) if n < 0 => MateChange::Created,
        (Some(p), None) if p > 0 => MateChange::Lost,
        (Some(p), Some(n)) if p > 0 && n < 0 => MateChange::Lost,
        _ => return None,
    };
    let judgement = match change {
        MateChange::Created if cp(before) < -999 => Judgement::Inaccuracy,
        MateChange::Created if cp(before) < -700 => Judgement::Mistake,
        MateChange::Created => Judgement::Blunder,
        MateChange::Lost if cp(after) > 999 => Judgement::Inaccuracy,
        MateChange::Lost if cp(after) > 700 => Judgement::Mistake,
        MateChange::Lost => Judgement::Blunder,
    };
    Some(Verdict {
        judgement,
        mate: Some(change),
    })
}

/// The accuracy of one move on 0..100 from the mover's win percentages before and after
/// (lila's `AccuracyPercent.fromWinPercents`, with its one point of "uncertainty bonus").
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let raw =
        103.1668100711649 * (-0.04354415386753951 * (before - after)).exp() - 3.166924740191411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// The accuracy of each side over a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameAccuracy {
    pub white: f64,
    pub black: f64,
}

/// The accuracy of each side over a game (lila's `AccuracyPercent.gameAccuracy`): `scores` are the
/// evaluations after each move, from White's point of view, the first move made by `start`. Each move's
/// accuracy is weighted by the volatility (the population deviation of the win percentages in a window
/// of 2 to 8 plies, kept within 0.5..12); a side's accuracy is the mean of that weighted mean and the
/// harmonic mean of its moves' accuracies. `None` unless each side has made a move.
pub fn game_accuracy(start: Color, scores: &[Score]) -> Option<GameAccuracy> {
    let wins: Vec<f64> = std::iter::once(CP_INITIAL)
        .chain(scores.iter().map(|s| s.force_as_cp()))
        .map(win_percent_from_cp)
        .collect();
    let window = (scores.len() / 10).clamp(2, 8);
    // lila repeats the first window so that there is one window (one weight) per move.
    let head = window.min(wins.len()).saturating_sub(2);
    let first = &wins[..window.min(wins.len())];
    let mut windows: Vec<&[f64]> = vec![first; head];
    if wins.len() <= window {
        windows.push(&wins[..]);
    } else {
        windows.extend(wins.windows(window));
    }
    let weights = windows
        .iter()
        .map(|xs| standard_deviation(xs).clamp(0.5, 12.0));
    let mut white = Vec::new();
    let mut black = Vec::new();
    for (i, (pair, weight)) in wins.windows(2).zip(weights).enumerate() {
        let (prev, next) = (pair[0], pair[1]);
        let white_moved = (i % 2 == 0) == (start == Color::White);
        if white_moved {
            white.push((move_accuracy(prev, next), weight));
        } else {
            black.push((move_accuracy(100.0 - prev, 100.0 - next), weight));
        }
    }
    Some(GameAccuracy {
        white: side_accuracy(&white)?,
        black: side_accuracy(&black)?,
    })
}

fn side_accuracy(moves: &[(f64, f64)]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let (sum, weights) = moves.iter().fold((0.0, 0.0), |(s, w), (acc, weight)| {
        (s + acc * weight, w + weight)
    });
    if weights == 0.0 {
        return None;
    }
    let weighted = sum / weights;
    // lila's `Maths.harmonicMean` counts each value as at least 1.
    let harmonic = moves.len() as f64 / moves.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
    Some((weighted + harmonic) / 2.0)
}

/// Population standard deviation; 0 for no values.
fn standard_deviation(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

#[cfg(test)]
mod tests;
