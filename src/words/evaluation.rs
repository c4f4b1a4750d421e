//! The engine's verdict in words: how the position stands ("White is better by 1.2 pawns", "Equal", "Black
//! mates in 3"), the win/draw/loss chances, and a line of moves in the player's board words. Pure: numbers
//! and moves in, words out; the phrases of each language carry the words (no `match` on a language).

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color};

use super::announce;
use super::explain::side;
use super::phrases::Phrases;
use super::vocabulary::Vocabulary;
use crate::rules::judgement::Score;

/// Below this many centipawns either way a position is "Equal": a fifth of a pawn is less than the engine's
/// own error from one depth to the next, and lichess's evaluation bar hardly moves for it.
pub const EQUAL_BAND: i32 = 20;

/// Pawns with one decimal ("1.2"; the phrases' `analysis.decimal` is the separator: "1,2" in German).
pub fn pawns(p: &Phrases, cp: i32) -> String {
    let tenths = (cp.unsigned_abs() + 5) / 10;
    format!(
        "{}{}{}",
        tenths / 10,
        p.get("analysis.decimal"),
        tenths % 10
    )
}

/// How the position stands, `score` from White's point of view: "Equal", "White is better by 1.2 pawns",
/// "Black mates in 3". A mate in 0 (the side to move is mated) is said as the mate of the other side.
pub fn standing(p: &Phrases, score: Score, to_move: Color) -> String {
    match score {
        Score::Cp(cp) if cp.abs() < EQUAL_BAND => p.say("analysis.equal", &[]),
        Score::Cp(cp) => {
            let winner = if cp > 0 { Color::White } else { Color::Black };
            let pawns = pawns(p, cp);
            p.say(
                "analysis.better",
                &[("side", &side(p, winner)), ("pawns", &pawns)],
            )
        }
        Score::Mate(0) => p.say("analysis.mated", &[("side", &side(p, to_move))]),
        Score::Mate(n) => {
            let winner = if n > 0 { Color::White } else { Color::Black };
            let n = n.unsigned_abs().to_string();
            p.say("analysis.mates", &[("side", &side(p, winner)), ("n", &n)])
        }
    }
}

/// The win/draw/loss chances (per thousand, for the side to move, as UCI's `wdl`) said for White, in whole
/// percent that add up to 100: "White wins 62 percent, draws 30, loses 8".
pub fn chances(p: &Phrases, wdl: [u32; 3], to_move: Color) -> String {
    let [w, d, l] = wdl;
    let (win, draw) = match to_move {
        Color::White => (w, d),
        Color::Black => (l, d),
    };
    // Outside input: wide enough that no engine's numbers overflow.
    let total = (u64::from(w) + u64::from(d) + u64::from(l)).max(1);
    let percent = |x: u32| ((u64::from(x) * 100 + total / 2) / total).min(100);
    let win = percent(win);
    let draw = percent(draw).min(100 - win);
    let loss = 100 - win - draw;
    p.say(
        "analysis.chances",
        &[
            ("side", &side(p, Color::White)),
            ("win", &win.to_string()),
            ("draw", &draw.to_string()),
            ("loss", &loss.to_string()),
        ],
    )
}

/// The first `plies` moves of a line (UCI moves from `pos`) in board words, as moves are announced; the line
/// ends at the first move that is not legal there.
pub fn line(v: &Vocabulary, pos: &Chess, pv: &[String], plies: usize) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for text in pv.iter().take(plies) {
        let Ok(uci) = UciMove::from_ascii(text.as_bytes()) else {
            break;
        };
        let Ok(mv) = uci.to_move(&pos) else {
            break;
        };
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, mv);
        out.push(announce::short(v, &san, mv));
    }
    out
}

/// A score from the side to move's point of view (the engine's) turned to White's.
pub fn white_view(score_for_mover: Score, to_move: Color) -> Score {
    score_for_mover.for_side(to_move)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> Vec<Phrases> {
        ["en", "de", "el"]
            .iter()
            .map(|l| Phrases::builtin(l).unwrap())
            .collect()
    }

    #[test]
    fn centipawns_in_words_in_each_language() {
        let [en, de, el] = &all()[..] else { panic!() };
        let w = Color::White;
        assert_eq!(
            standing(en, Score::Cp(120), w),
            "White is better by 1.2 pawns"
        );
        assert_eq!(
            standing(en, Score::Cp(-44), w),
            "Black is better by 0.4 pawns"
        );
        assert_eq!(standing(en, Score::Cp(19), w), "Equal");
        assert_eq!(standing(en, Score::Cp(-19), w), "Equal");
        assert_eq!(
            standing(en, Score::Cp(20), w),
            "White is better by 0.2 pawns"
        );
        assert_eq!(
            standing(en, Score::Cp(1005), w),
            "White is better by 10.1 pawns"
        );
        assert_eq!(
            standing(de, Score::Cp(120), w),
            "Weiß steht um 1,2 Bauern besser"
        );
        assert_eq!(standing(de, Score::Cp(0), w), "Ausgeglichen");
        assert_eq!(
            standing(el, Score::Cp(-250), w),
            "Τα Μαύρα είναι καλύτερα κατά 2,5 πιόνια"
        );
        assert_eq!(standing(el, Score::Cp(3), w), "Ισόπαλη θέση");
    }

    #[test]
    fn mates_in_words_in_each_language() {
        let [en, de, el] = &all()[..] else { panic!() };
        let b = Color::Black;
        assert_eq!(standing(en, Score::Mate(3), b), "White mates in 3");
        assert_eq!(standing(en, Score::Mate(-1), b), "Black mates in 1");
        assert_eq!(standing(en, Score::Mate(0), b), "Black is checkmated");
        assert_eq!(
            standing(de, Score::Mate(-2), b),
            "Schwarz setzt in 2 Zügen matt"
        );
        assert_eq!(standing(el, Score::Mate(4), b), "Τα Λευκά κάνουν ματ σε 4");
        // The engine's view (side to move) turned to White's.
        assert_eq!(white_view(Score::Mate(2), Color::Black), Score::Mate(-2));
        assert_eq!(white_view(Score::Cp(50), Color::White), Score::Cp(50));
    }

    #[test]
    fn chances_are_said_for_white_and_add_up_to_a_hundred() {
        let [en, de, el] = &all()[..] else { panic!() };
        assert_eq!(
            chances(en, [620, 300, 80], Color::White),
            "White wins 62 percent, draws 30, loses 8"
        );
        // Black to move: its wins are White's losses.
        assert_eq!(
            chances(en, [620, 300, 80], Color::Black),
            "White wins 8 percent, draws 30, loses 62"
        );
        assert_eq!(
            chances(en, [335, 335, 330], Color::White),
            "White wins 34 percent, draws 34, loses 32"
        );
        assert_eq!(
            chances(de, [5, 990, 5], Color::White),
            "Weiß gewinnt mit 1 Prozent, remis 99, verliert 0"
        );
        assert!(chances(el, [1000, 0, 0], Color::White).contains("100"));
    }

    #[test]
    fn a_line_in_board_words_stops_at_an_illegal_move() {
        let v = Vocabulary::builtin("appendix-d").unwrap();
        let pv: Vec<String> = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let said = line(&v, &Chess::default(), &pv, 4);
        assert_eq!(
            said,
            [
                "Bauer Eva vier",
                "Bauer Eva fünf",
                "Springer Felix drei",
                "Springer Cesar sechs"
            ]
        );
        let bad = vec!["e2e4".to_string(), "e2e4".to_string()];
        assert_eq!(line(&v, &Chess::default(), &bad, 4).len(), 1);
    }
}
