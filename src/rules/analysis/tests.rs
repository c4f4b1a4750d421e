//! The analysis of known games from given evaluations: a known blunder marked, the summary's counts and
//! average loss computed by hand, lichess's eval comments, and the annotated game read back.

use super::*;
use crate::rules::pgn;
use shakmaty::Color::{Black, White};

fn game_of(sans: &[&str]) -> Game {
    let mut g = Game::new();
    for s in sans {
        g.play_san(s).unwrap();
    }
    g
}

fn cp(c: i32, pv: &[&str]) -> Option<Eval> {
    Some(Eval {
        score: Score::Cp(c),
        pv: pv.iter().map(|s| s.to_string()).collect(),
    })
}

fn mate(m: i32, pv: &[&str]) -> Option<Eval> {
    Some(Eval {
        score: Score::Mate(m),
        pv: pv.iter().map(|s| s.to_string()).collect(),
    })
}

/// The scholar's mate: 3...Nf6?? allows mate in one (lila's MateAdvice: mate created from a centipawn
/// position of -0.3 for Black is a blunder); the mating move is not judged and carries no eval.
fn scholars() -> (Game, Vec<Option<Eval>>) {
    let g = game_of(&["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    let evals = vec![
        cp(20, &["e2e4"]),
        cp(30, &["e7e5"]),
        cp(25, &["g1f3"]),
        cp(-20, &["b8c6"]),
        cp(10, &["f1c4"]),
        cp(30, &["g7g6", "h5f3", "g8f6"]),
        mate(1, &["h5f7"]),
        mate(0, &[]),
    ];
    (g, evals)
}

#[test]
fn a_move_that_allows_mate_is_a_blunder_and_the_better_move_is_the_engines() {
    let (g, evals) = scholars();
    let a = analyse(&g, &evals);
    let nf6 = &a.moves[5];
    assert_eq!((nf6.number, nf6.mover, nf6.san.as_str()), (3, Black, "Nf6"));
    assert_eq!(nf6.judgement(), Some(Judgement::Blunder));
    assert_eq!(
        nf6.verdict.unwrap().mate,
        Some(judgement::MateChange::Created)
    );
    assert_eq!(nf6.better_san(), Some("g6"));
    assert_eq!(nf6.better_line, ["g6", "Qf3", "Nf6"]);
    // the mate given is the best move: not judged, its after counted as the winner's mate
    let qxf7 = &a.moves[6];
    assert_eq!(qxf7.verdict, None);
    assert_eq!(qxf7.after, Some(Score::Mate(1)));
    // Qh5 took White from +0.25 to -0.20: winning chances 0.0460 -> -0.0368, a drop of 0.083, below the
    // 0.1 of an inaccuracy; its loss is 45 centipawns.
    assert_eq!(a.moves[2].verdict, None);
    assert_eq!(a.moves[2].loss_cp, Some(45));
    assert_eq!(a.black.blunders, 1);
    assert_eq!(
        (a.white.inaccuracies, a.white.mistakes, a.white.blunders),
        (0, 0, 0)
    );
    // Black's losses, from Black's side: e5 -30 -> -25 (a gain: 0), Nc6 +20 -> -10 (30), Nf6 -30 -> the
    // mate, counted as -1000 (970).
    assert_eq!(a.moves[1].loss_cp, Some(0));
    assert_eq!(a.moves[3].loss_cp, Some(30));
    assert_eq!(a.moves[5].loss_cp, Some(970));
    assert_eq!(a.black.average_loss, Some(333)); // 1000 / 3
    // White: e4 20 -> 30 (0), Qh5 (45), Bc4 10 -> 30 (0), Qxf7# mate -> mate (0): 45 / 4 = 11.25
    assert_eq!(a.white.average_loss, Some(11));
    assert_eq!((a.white.moves, a.black.moves), (4, 3));
    assert!(a.white.accuracy.unwrap() > a.black.accuracy.unwrap());
}

#[test]
fn centipawn_drops_are_judged_at_lichess_thresholds() {
    // White's view; the mover is White. The drops of winning chances (computed apart with Python's math):
    // +1.00 -> -1.00: 0.364 (blunder, from 0.3); +1.50 -> -0.20: 0.306 (blunder); +1.00 -> -0.50: 0.274
    // (mistake, from 0.2); +0.60 -> -0.40: 0.184 (inaccuracy, from 0.1); +0.50 -> -0.10: 0.110
    // (inaccuracy); +0.50 -> 0: 0.092 (nothing).
    let cases = [
        (100, -100, Some(Judgement::Blunder)),
        (150, -20, Some(Judgement::Blunder)),
        (100, -50, Some(Judgement::Mistake)),
        (60, -40, Some(Judgement::Inaccuracy)),
        (50, -10, Some(Judgement::Inaccuracy)),
        (50, 0, None),
    ];
    for (before, after, expected) in cases {
        let g = game_of(&["e4"]);
        let a = analyse(&g, &[cp(before, &["d2d4"]), cp(after, &[])]);
        assert_eq!(a.moves[0].judgement(), expected, "{before} -> {after}");
        assert_eq!(
            a.moves[0].better_san(),
            expected.map(|_| "d4"),
            "{before} -> {after}"
        );
    }
}

#[test]
fn a_missing_evaluation_leaves_its_moves_unjudged_and_no_accuracy() {
    let (g, mut evals) = scholars();
    evals[6] = None;
    let a = analyse(&g, &evals);
    assert_eq!(a.moves[5].verdict, None);
    assert_eq!(a.moves[5].loss_cp, None);
    assert_eq!(a.black.accuracy, None);
    assert_eq!(a.black.moves, 2);
    // too few evaluations: nothing judged, nothing panics
    let a = analyse(&g, &evals[..2]);
    assert_eq!(a.moves.len(), 7);
    assert!(a.moves[1..].iter().all(|m| m.verdict.is_none()));
}

#[test]
fn eval_comments_are_lichess_s() {
    assert_eq!(eval_comment(Score::Cp(35)), "[%eval 0.35]");
    assert_eq!(eval_comment(Score::Cp(-120)), "[%eval -1.20]");
    assert_eq!(eval_comment(Score::Cp(0)), "[%eval 0.00]");
    assert_eq!(eval_comment(Score::Mate(3)), "[%eval #3]");
    assert_eq!(eval_comment(Score::Mate(-3)), "[%eval #-3]");
}

#[test]
fn the_annotated_game_keeps_its_comments_and_reads_back_with_nags_evals_and_the_better_line() {
    let text = "[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 { [%clk 0:05:00] } e5 2. Qh5 \
                { bold } Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    let g = pgn::import_game(text).unwrap();
    let (_, evals) = scholars();
    let a = analyse(&g, &evals);
    let annotated = annotate(&g, &a);
    let out = pgn::export(&annotated, &pgn::ExportTags::default());
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(out.contains("[Event \"Club\"]"), "{out}");
    assert!(
        flat.contains("1. e4 {[%eval 0.30]} {[%clk 0:05:00]} 1... e5 {[%eval 0.25]}"),
        "{out}"
    );
    assert!(flat.contains("2. Qh5 {[%eval -0.20]} {bold}"), "{out}");
    assert!(
        flat.contains("Nf6 $4 {[%eval #1]} (3... g6 4. Qf3 Nf6)"),
        "{out}"
    );
    assert!(flat.contains("4. Qxf7# 1-0"), "{out}");
    let back = pgn::import_game(&out).unwrap();
    assert_eq!(back.plies().len(), 7);
    let nf6 = &back.plies()[5].annotations;
    assert_eq!(nf6.nags, vec![4]);
    assert_eq!(nf6.comments, ["[%eval #1]"]);
    assert_eq!(nf6.variations.len(), 1);
    // analysed again: the same text, nothing doubled
    let again = pgn::export(
        &annotate(&back, &analyse(&back, &evals)),
        &pgn::ExportTags::default(),
    );
    assert_eq!(
        again.matches("[%eval").count(),
        out.matches("[%eval").count()
    );
    assert_eq!(again, out);
    let _ = White;
}

#[test]
fn evals_are_read_back_from_comments_as_lichess_and_hector_write_them() {
    assert_eq!(eval_in_comment("[%eval 0.35]"), Some(Score::Cp(35)));
    assert_eq!(eval_in_comment("[%eval -1.2]"), Some(Score::Cp(-120)));
    assert_eq!(
        eval_in_comment("[%eval 0.17,23] [%clk 0:03:00]"),
        Some(Score::Cp(17))
    );
    assert_eq!(eval_in_comment("[%eval\n#-3]"), Some(Score::Mate(-3)));
    assert_eq!(eval_in_comment("[%eval #+2]"), Some(Score::Mate(2)));
    assert_eq!(eval_in_comment("bold"), None);
    assert_eq!(eval_in_comment("[%eval x]"), None);
    assert_eq!(eval_in_comment("[%eval 1e308]"), None);
}

#[test]
fn the_judgements_of_an_analysis_and_of_its_pgn_agree() {
    let (g, evals) = scholars();
    let a = analyse(&g, &evals);
    let now = a.judgements();
    assert_eq!(now.len(), 7);
    let nf6 = now[5].unwrap();
    assert_eq!(nf6.judgement, Judgement::Blunder);
    assert_eq!(
        (nf6.before, nf6.after),
        (Some(Score::Cp(30)), Some(Score::Mate(1)))
    );
    let text = pgn::export(&annotate(&g, &a), &pgn::ExportTags::default());
    let back = pgn::import_game(&text).unwrap();
    let read = judgements_read(&back);
    assert_eq!(read.len(), 7);
    assert_eq!(read[5], now[5]);
    assert_eq!(
        read.iter().filter(|j| j.is_some()).count(),
        now.iter().filter(|j| j.is_some()).count()
    );
    assert_eq!(read[5].unwrap().better, nf6.better);
    assert!(judgements_read(&game_of(&["e4"]))[0].is_none());
}
