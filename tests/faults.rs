//! Regression tests of faults found by probing hector from outside (issue 10): envelopes, hostile text, broken
//! settings files, multi-game files. Each drives the real binary in line mode, hermetically.

mod common;

use common::{run_in, temp_dir};

const HUMAN_90: [&str; 5] = ["--line", "--opponent", "human", "--time", "90m+30s"];

fn args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = HUMAN_90.to_vec();
    a.extend_from_slice(extra);
    a
}

/// Issue 10.1: a game that ended after a move was sealed has no envelope to open; `open` never panics.
#[test]
fn a_finished_game_leaves_no_envelope_to_open() {
    for ending in ["resign\nyes\n", "offer\naccept\n"] {
        let d = temp_dir("sealed-then-ended");
        let input = format!("e4\ne5\nNf3\nseal Nc6\n{ending}quit\n");
        let r = run_in(&d, &args(&["--save", "s.pgn"]), input.as_bytes());
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(
            r.lines.iter().any(|l| l.contains("seals move 2")),
            "{:?}",
            r.lines
        );
        assert!(
            !d.join("s.pgn.envelope.ron").exists(),
            "the envelope of a finished game is removed ({ending:?}): {:?}",
            r.lines
        );
        let r = run_in(&d, &args(&["--load", "s.pgn"]), b"open\nfen\nquit\n");
        assert_eq!(
            r.code, 0,
            "open after {ending:?} must not crash: {}",
            r.stderr
        );
        assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
        assert!(
            r.lines.contains(&"No game is adjourned".to_string()),
            "{:?}",
            r.lines
        );
        // Nothing was played: the position is still the one before the sealed move.
        assert!(
            r.lines.iter().any(|l| l.starts_with("r1bqkbnr/pppp1ppp")
                || l.starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2")),
            "{:?}",
            r.lines
        );
    }
}

/// Issue 10.1, the old files: an envelope left beside a finished game (by a version before the fix) is not
/// used, the player is told, and `open` changes nothing.
#[test]
fn an_envelope_beside_a_finished_game_is_not_used() {
    let d = temp_dir("stale-finished");
    let r = run_in(
        &d,
        &args(&["--save", "s.pgn"]),
        b"e4\ne5\nNf3\nseal Nc6\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let envelope = std::fs::read(d.join("s.pgn.envelope.ron")).expect("envelope saved");
    let r = run_in(
        &d,
        &args(&["--load", "s.pgn", "--save", "s.pgn"]),
        b"open\nNc6\nresign\nyes\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!d.join("s.pgn.envelope.ron").exists());
    // Put the old envelope back, as an old version would have left it.
    std::fs::write(d.join("s.pgn.envelope.ron"), &envelope).unwrap();
    let r = run_in(&d, &args(&["--load", "s.pgn"]), b"open\nquit\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    assert!(
        r.lines
            .iter()
            .any(|l| l.contains("The envelope beside this game is not used: the game is finished")),
        "{:?}",
        r.lines
    );
    assert!(
        r.lines.contains(&"No game is adjourned".to_string()),
        "{:?}",
        r.lines
    );
}

/// Issue 10.2: a new game saved to the same file replaces the adjourned one and removes its envelope; an
/// envelope of another game or position never decides the loaded game.
#[test]
fn a_leftover_envelope_never_decides_a_new_game() {
    let d = temp_dir("leftover");
    let r = run_in(
        &d,
        &args(&["--save", "s.pgn"]),
        b"e4\ne5\nNf3\nseal Nc6\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let envelope = std::fs::read(d.join("s.pgn.envelope.ron")).expect("envelope saved");
    // A new game in the same file.
    let r = run_in(&d, &args(&["--save", "s.pgn"]), b"d4\nd5\nquit\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        !d.join("s.pgn.envelope.ron").exists(),
        "the replaced game's envelope is removed"
    );
    let r = run_in(&d, &args(&["--load", "s.pgn"]), b"open\nmoves\nquit\n");
    assert!(
        r.lines.contains(&"No game is adjourned".to_string()),
        "{:?}",
        r.lines
    );
    assert!(
        r.lines
            .iter()
            .all(|l| !l.contains("Springer Cesar sechs") && !l.contains("wins")),
        "the old sealed move is not played and nobody loses: {:?}",
        r.lines
    );
    // Even when the old envelope is put back beside the new game, it is not used.
    std::fs::write(d.join("s.pgn.envelope.ron"), &envelope).unwrap();
    let r = run_in(&d, &args(&["--load", "s.pgn"]), b"open\nmoves\nquit\n");
    assert!(
        r.lines
            .iter()
            .any(|l| l.contains("sealed in another game or position")),
        "{:?}",
        r.lines
    );
    assert!(
        r.lines.contains(&"No game is adjourned".to_string()),
        "{:?}",
        r.lines
    );
    assert!(
        r.lines
            .iter()
            .all(|l| !l.contains("Springer Cesar sechs") && !l.contains("wins")),
        "{:?}",
        r.lines
    );
    assert!(
        r.lines
            .iter()
            .any(|l| l == "1. Bauer David vier, Bauer David fünf"),
        "{:?}",
        r.lines
    );
    // The envelope of the game that was sealed still opens in it (the check does not refuse the right one).
    let d2 = temp_dir("right-envelope");
    run_in(
        &d2,
        &args(&["--save", "s.pgn"]),
        b"e4\ne5\nNf3\nseal Nc6\nquit\n",
    );
    let r = run_in(
        &d2,
        &args(&["--load", "s.pgn", "--save", "s.pgn"]),
        b"open\nquit\n",
    );
    assert!(
        r.lines.iter().any(|l| l.starts_with("Envelope opened")),
        "{:?}",
        r.lines
    );
    assert!(
        r.lines.contains(&"Springer Cesar sechs".to_string()),
        "{:?}",
        r.lines
    );
    assert!(!d2.join("s.pgn.envelope.ron").exists());
}
