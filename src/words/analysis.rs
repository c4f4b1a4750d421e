//! An analysis in words: the progress ("Analysing: move 12 of 40"), a judged move with the better move, and
//! each side's summary (accuracy, inaccuracies, mistakes, blunders, average loss), in the player's language.

use shakmaty::Color;

use super::Phrases;
use crate::rules::analysis::{MoveReport, SideSummary};
use crate::rules::judgement::Judgement;

/// Progress is said when this many more moves are analysed (and at the end).
pub const PROGRESS_EVERY_MOVES: usize = 10;

/// The full moves of `positions_done` searched positions (the first is before any move).
pub fn moves_done(positions_done: usize) -> usize {
    positions_done.saturating_sub(1).div_ceil(2)
}

/// "Analysing: move 12 of 40" when a tenth full move was analysed (both its positions), or at the end;
/// `None` between.
pub fn progress(p: &Phrases, positions_done: usize, positions: usize) -> Option<String> {
    let total = moves_done(positions);
    let plies = positions_done.saturating_sub(1);
    let done = if positions_done >= positions {
        total
    } else if plies > 0 && plies % 2 == 0 && (plies / 2) % PROGRESS_EVERY_MOVES == 0 {
        plies / 2
    } else {
        return None;
    };
    Some(p.say(
        "analyse.progress",
        &[("done", &done.to_string()), ("total", &total.to_string())],
    ))
}

/// "an inaccuracy", "a mistake", "a blunder".
pub fn judgement(p: &Phrases, j: Judgement) -> String {
    p.say(
        match j {
            Judgement::Inaccuracy => "analyse.inaccuracy",
            Judgement::Mistake => "analyse.mistake",
            Judgement::Blunder => "analyse.blunder",
        },
        &[],
    )
}

/// "Move 23, Black: Td8, a mistake; better was Db6" for a judged move, the moves given in the words they are
/// to be said in (`played`, `better`); `None` for a move not judged.
pub fn judged_move(
    p: &Phrases,
    m: &MoveReport,
    played: &str,
    better: Option<&str>,
) -> Option<String> {
    let j = m.judgement()?;
    let side = super::explain::side(p, m.mover);
    let number = m.number.to_string();
    let what = judgement(p, j);
    let mut args = vec![
        ("number", number.as_str()),
        ("side", side.as_str()),
        ("move", played),
        ("judgement", what.as_str()),
    ];
    Some(match better {
        Some(b) => {
            args.push(("better", b));
            p.say("analyse.judged", &args)
        }
        None => p.say("analyse.judged_alone", &args),
    })
}

/// "White: accuracy 83 percent; 2 inaccuracies, 1 mistake, 0 blunders; average loss 35 centipawns".
pub fn summary(p: &Phrases, side: Color, s: &SideSummary) -> String {
    let name = super::explain::side(p, side);
    let (i, m, b) = (
        s.inaccuracies.to_string(),
        s.mistakes.to_string(),
        s.blunders.to_string(),
    );
    let loss = s
        .average_loss
        .map_or_else(|| "0".to_string(), |l| l.to_string());
    let accuracy = s.accuracy.map(|a| format!("{:.0}", a));
    let mut args = vec![
        ("side", name.as_str()),
        ("inaccuracies", i.as_str()),
        ("mistakes", m.as_str()),
        ("blunders", b.as_str()),
        ("loss", loss.as_str()),
    ];
    match &accuracy {
        Some(a) => {
            args.push(("accuracy", a.as_str()));
            p.say("analyse.summary", &args)
        }
        None => p.say("analyse.summary_partial", &args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_said_every_ten_moves_and_at_the_end() {
        let p = Phrases::default();
        // 80 moves of a game: 81 positions
        let said: Vec<String> = (1..=81).filter_map(|d| progress(&p, d, 81)).collect();
        // 45 half-moves: 23 moves, the last said at the end
        let odd: Vec<String> = (1..=46).filter_map(|d| progress(&p, d, 46)).collect();
        assert_eq!(
            odd,
            [
                "Analysing: move 10 of 23",
                "Analysing: move 20 of 23",
                "Analysing: move 23 of 23"
            ]
        );
        assert_eq!(
            said,
            [
                "Analysing: move 10 of 40",
                "Analysing: move 20 of 40",
                "Analysing: move 30 of 40",
                "Analysing: move 40 of 40"
            ]
        );
    }

    #[test]
    fn a_summary_counts_in_words() {
        let p = Phrases::default();
        let s = SideSummary {
            moves: 20,
            inaccuracies: 1,
            mistakes: 0,
            blunders: 2,
            average_loss: Some(41),
            accuracy: Some(82.6),
        };
        assert_eq!(
            summary(&p, Color::Black, &s),
            "Black: accuracy 83 percent; 1 inaccuracy, 0 mistakes, 2 blunders; average loss 41 centipawns"
        );
        let partial = SideSummary {
            accuracy: None,
            ..s
        };
        assert_eq!(
            summary(&p, Color::White, &partial),
            "White: 1 inaccuracy, 0 mistakes, 2 blunders; average loss 41 centipawns"
        );
        let de = Phrases::builtin("de").unwrap();
        assert!(summary(&de, Color::Black, &s).contains("2 grobe Fehler"));
    }
}
