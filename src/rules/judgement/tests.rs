//! Figures from lila's own tests (`modules/analyse/src/test/AccuracyPercentTest.scala`, commit
//! 8dae10ff6b4d000c4c927572c7590283dfb1aa72) with lila's tolerances, and hand-computed cases checked
//! to 1e-9 (computed apart with Python's `math` from the formulas in the lila files named in the module).

use super::*;
use shakmaty::Color::{Black, White};

fn close(actual: f64, expected: f64, delta: f64) {
    assert!(
        (actual - expected).abs() <= delta,
        "{actual} is not within {delta} of {expected}"
    );
}

fn cps(xs: &[i32]) -> Vec<Score> {
    xs.iter().map(|&c| Score::Cp(c)).collect()
}

fn game(start: Color, xs: &[i32]) -> Option<GameAccuracy> {
    game_accuracy(start, &cps(xs))
}

fn repeat(pattern: &[i32], times: usize) -> Vec<i32> {
    pattern
        .iter()
        .copied()
        .cycle()
        .take(pattern.len() * times)
        .collect()
}

#[test]
fn win_percent_of_even_capped_and_losing_positions() {
    close(win_percent_from_cp(0), 50.0, 1e-12);
    close(win_percent_from_cp(1000), 97.54474363414323, 1e-9);
    // beyond the cap counts as the cap
    close(win_percent_from_cp(5000), 97.54474363414323, 1e-9);
    close(win_percent_from_cp(-5000), 100.0 - 97.54474363414323, 1e-9);
    close(win_percent_from_cp(-300), 24.88744990616516, 1e-9);
    close(winning_chances(-300), -0.5022510018766968, 1e-12);
    close(winning_chances(100), 0.1820517943832256, 1e-12);
}

#[test]
fn a_mate_counts_as_the_cap() {
    close(win_percent(Score::Mate(3)), 97.54474363414323, 1e-9);
    close(
        win_percent(Score::Mate(-1)),
        100.0 - 97.54474363414323,
        1e-9,
    );
    assert_eq!(Score::Mate(-7).force_as_cp(), -1000);
    assert_eq!(Score::Mate(5).for_side(Black), Score::Mate(-5));
}

#[test]
fn a_known_blunder_from_even_to_minus_three_pawns() {
    let v = judge(White, Score::Cp(0), Score::Cp(-300)).expect("judged");
    assert_eq!(v.judgement, Judgement::Blunder);
    assert_eq!(v.mate, None);
    assert_eq!((v.judgement.nag(), v.judgement.glyph()), (4, "??"));
    // the same evaluations are a gain for Black
    assert_eq!(judge(Black, Score::Cp(0), Score::Cp(-300)), None);
    // Black's blunder, seen from White's point of view
    let b = judge(Black, Score::Cp(0), Score::Cp(300)).expect("judged");
    assert_eq!(b.judgement, Judgement::Blunder);
}

#[test]
fn thresholds_of_the_drop_in_winning_chances() {
    // chances drop from 0: -50 is 0.0918, -55 0.1009, -110 0.1998, -111 0.2016, -168 0.2998, -170 0.3031
    let j = |after| judge(White, Score::Cp(0), Score::Cp(after)).map(|v| v.judgement);
    assert_eq!(j(-50), None);
    assert_eq!(j(-55), Some(Judgement::Inaccuracy));
    assert_eq!(j(-105), Some(Judgement::Inaccuracy));
    assert_eq!(j(-110), Some(Judgement::Inaccuracy));
    assert_eq!(j(-111), Some(Judgement::Mistake));
    assert_eq!(j(-168), Some(Judgement::Mistake));
    assert_eq!(j(-170), Some(Judgement::Blunder));
    assert_eq!(Judgement::Inaccuracy.nag(), 6);
    assert_eq!(Judgement::Mistake.nag(), 2);
    assert_eq!(Judgement::Inaccuracy.glyph(), "?!");
    assert_eq!(Judgement::Mistake.glyph(), "?");
    // beyond the cap nothing is lost: 2000 -> 1000 is no drop at all; 1000 -> 800 is 0.0508
    let from = |b, a| judge(White, Score::Cp(b), Score::Cp(a));
    assert_eq!(from(2000, 1000), None);
    assert_eq!(from(1000, 800), None);
    assert_eq!(from(1000, 0).map(|v| v.judgement), Some(Judgement::Blunder));
}

#[test]
fn mate_lost_and_mate_created() {
    // White had mate in 3 and now is +8: lost forced mate, a mistake (above 700)
    let v = judge(White, Score::Mate(3), Score::Cp(800)).expect("judged");
    assert_eq!(v.mate, Some(MateChange::Lost));
    assert_eq!(v.judgement, Judgement::Mistake);
    let v = judge(White, Score::Mate(3), Score::Cp(1200)).expect("judged");
    assert_eq!(v.judgement, Judgement::Inaccuracy);
    let v = judge(White, Score::Mate(3), Score::Cp(200)).expect("judged");
    assert_eq!(v.judgement, Judgement::Blunder);
    // from mating to being mated: no centipawns after, counted as 0, a blunder
    let v = judge(White, Score::Mate(2), Score::Mate(-4)).expect("judged");
    assert_eq!(
        (v.mate, v.judgement),
        (Some(MateChange::Lost), Judgement::Blunder)
    );
    // Black had mate (negative from White's side) and lost it
    let v = judge(Black, Score::Mate(-2), Score::Cp(-100)).expect("judged");
    assert_eq!(
        (v.mate, v.judgement),
        (Some(MateChange::Lost), Judgement::Blunder)
    );
    // walking into a forced mate
    let v = judge(White, Score::Cp(0), Score::Mate(-5)).expect("judged");
    assert_eq!(
        (v.mate, v.judgement),
        (Some(MateChange::Created), Judgement::Blunder)
    );
    let v = judge(White, Score::Cp(-800), Score::Mate(-5)).expect("judged");
    assert_eq!(v.judgement, Judgement::Mistake);
    let v = judge(White, Score::Cp(-1500), Score::Mate(-5)).expect("judged");
    assert_eq!(v.judgement, Judgement::Inaccuracy);
    // a slower mate is not judged; neither is finding a mate
    assert_eq!(judge(White, Score::Mate(2), Score::Mate(5)), None);
    assert_eq!(judge(White, Score::Cp(300), Score::Mate(4)), None);
    assert_eq!(judge(Black, Score::Mate(-3), Score::Mate(-2)), None);
}

#[test]
fn accuracy_of_one_move() {
    close(move_accuracy(50.0, 50.0), 100.0, 1e-12);
    close(move_accuracy(40.0, 60.0), 100.0, 1e-12);
    close(
        move_accuracy(50.0, win_percent_from_cp(-300)),
        32.39810425271999,
        1e-9,
    );
    close(
        move_accuracy(win_percent_from_cp(15), win_percent_from_cp(-50)),
        77.38304879688927,
        1e-9,
    );
    // near-nothing lost scores the full bonus, capped at 100
    close(move_accuracy(50.0, 49.99), 100.0, 1e-12);
    close(move_accuracy(100.0, 0.0), 0.0, 1e-12);
}

// lila's AccuracyPercentTest, White starting
#[test]
fn lila_game_accuracy_white_first() {
    assert_eq!(game(White, &[]), None);
    assert_eq!(game(White, &[15]), None);
    let a = game(White, &[15, 15]).unwrap();
    close(a.white, 100.0, 1.0);
    close(a.black, 100.0, 1.0);
    let a = game(White, &[-900, -900]).unwrap();
    close(a.white, 10.0, 5.0);
    close(a.black, 100.0, 1.0);
    let a = game(White, &[15, 900]).unwrap();
    close(a.white, 100.0, 1.0);
    close(a.black, 10.0, 5.0);
    let a = game(White, &[-900, 0]).unwrap();
    close(a.white, 10.0, 5.0);
    close(a.black, 10.0, 5.0);
    let a = game(White, &[15; 20]).unwrap();
    close(a.white, 100.0, 1.0);
    close(a.black, 100.0, 1.0);
    let mut xs = vec![15; 20];
    xs.push(-900);
    let a = game(White, &xs).unwrap();
    close(a.white, 50.0, 5.0);
    close(a.black, 100.0, 1.0);
    let mut xs = vec![15; 21];
    xs.push(900);
    let a = game(White, &xs).unwrap();
    close(a.white, 100.0, 1.0);
    close(a.black, 50.0, 5.0);
    for (times, bad, expected) in [(5, -50, 76.0), (50, -50, 76.0), (50, -135, 54.0)] {
        let a = game(White, &repeat(&[bad, 15], times)).unwrap();
        close(a.white, expected, 8.0);
        close(a.black, expected, 8.0);
    }
    let a = game(White, &repeat(&[-435, 15], 50)).unwrap();
    close(a.white, 20.0, 8.0);
    close(a.black, 20.0, 8.0);
}

// lila's AccuracyPercentTest, Black starting
#[test]
fn lila_game_accuracy_black_first() {
    assert_eq!(game(Black, &[]), None);
    assert_eq!(game(Black, &[15]), None);
    let a = game(Black, &[15, 15]).unwrap();
    close(a.black, 100.0, 1.0);
    close(a.white, 100.0, 1.0);
    let a = game(Black, &[900, 900]).unwrap();
    close(a.black, 10.0, 5.0);
    close(a.white, 100.0, 1.0);
    let a = game(Black, &[15, -900]).unwrap();
    close(a.black, 100.0, 1.0);
    close(a.white, 10.0, 5.0);
    let a = game(Black, &[900, 0]).unwrap();
    close(a.black, 10.0, 5.0);
    close(a.white, 10.0, 5.0);
}

#[test]
fn game_accuracy_exact_figures() {
    let a = game(White, &[-900, -900]).unwrap();
    close(a.white, 10.664056896199494, 1e-9);
    close(a.black, 100.0, 1e-9);
    let mut xs = vec![15; 20];
    xs.push(-900);
    close(game(White, &xs).unwrap().white, 46.85340283303507, 1e-9);
    let a = game(White, &repeat(&[-50, 15], 50)).unwrap();
    close(a.white, 77.38304879688931, 1e-9);
    close(a.black, 77.38304879688931, 1e-9);
    close(
        game(White, &repeat(&[-135, 15], 50)).unwrap().white,
        55.000662133465504,
        1e-9,
    );
    close(
        game(White, &repeat(&[-435, 15], 50)).unwrap().black,
        20.694584448304795,
        1e-9,
    );
    let a = game(Black, &[900, 0]).unwrap();
    close(a.white, 11.45897404122671, 1e-9);
    close(a.black, 12.303138647232768, 1e-9);
    let a = game(
        White,
        &[20, -30, 40, -300, -280, -290, -900, -850, 200, 150],
    )
    .unwrap();
    close(a.white, 74.81197684708778, 1e-9);
    close(a.black, 99.76690937796893, 1e-9);
    // mates count as the cap
    let m = game_accuracy(White, &[Score::Mate(-3), Score::Mate(-2)]).unwrap();
    close(m.white, a_capped_white(), 1e-9);
}

fn a_capped_white() -> f64 {
    game(White, &[-1000, -1000]).unwrap().white
}
