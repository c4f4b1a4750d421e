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

/// Whether a character must never reach a terminal or a screen reader from line mode.
fn unsafe_char(c: char) -> bool {
    (c.is_control() && c != '\n')
        || matches!(c, '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}')
}

/// Issue 10.6: hostile lines (escape sequences, BEL, NUL, DEL, C1 controls, bidirectional overrides, invalid
/// UTF-8, a 200 kB line) typed as a move or after any command that repeats what was typed: nothing unsafe
/// is printed, what is said back is bounded, and nothing changes on the board.
#[test]
fn hostile_text_is_never_echoed_raw() {
    let payloads: [&[u8]; 10] = [
        b"\x1b[31mred\x1b[0m",
        b"\x07bell\x07",
        b"nul\x00byte",
        "\u{202e}4e".as_bytes(),
        "\u{2066}x\u{2069}\u{200b}".as_bytes(),
        "\u{9b}2J".as_bytes(),
        b"\x1b]0;title\x07",
        b"a\rb\x7f",
        b"\xff\xfe{text}{path}",
        b"\x1bPq#0\x1b\\",
    ];
    let commands = [
        "",
        "moves ",
        "square ",
        "resign ",
        "wait ",
        "engine ",
        "opponent ",
        "level ",
        "claim ",
        "seal ",
        "arbiter ",
        "save ",
    ];
    let d = temp_dir("hostile");
    let mut input = Vec::new();
    for p in payloads {
        for c in commands {
            input.extend_from_slice(c.as_bytes());
            input.extend_from_slice(p);
            input.push(b'\n');
            // A resign question left open is closed with "no".
            if c == "resign " {
                input.extend_from_slice(b"no\n");
            }
        }
    }
    let mut long = b"Nf3 ".to_vec();
    long.extend(std::iter::repeat_n(b'\x1b', 200_000));
    long.push(b'\n');
    input.extend_from_slice(&long);
    input.extend_from_slice(b"fen\nquit\n");
    let r = run_in(
        &d,
        &[
            "--line",
            "--opponent",
            "human",
            "--time",
            "90m",
            "--save",
            "g.pgn",
        ],
        &input,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = String::from_utf8(r.stdout.clone()).expect("stdout is UTF-8");
    if let Some((i, line)) = r
        .lines
        .iter()
        .enumerate()
        .find(|(_, l)| l.chars().any(unsafe_char))
    {
        panic!("line {i} carries an unsafe character: {line:?}");
    }
    assert!(!text.contains('\r'), "no carriage return on stdout");
    let not_understood = r
        .lines
        .iter()
        .filter(|l| l.starts_with("Not understood: "))
        .count();
    assert!(not_understood >= 8, "{:?}", r.lines);
    assert!(
        r.lines.iter().any(|l| l.contains("\"?[31mred?[0m\"")),
        "the escape is shown as a replacement: {:?}",
        r.lines
    );
    assert!(
        r.lines.iter().any(|l| l.contains("{text}{path}")),
        "a typed placeholder stays as typed: {:?}",
        r.lines
    );
    assert!(
        r.lines.iter().all(|l| l.chars().count() < 400),
        "what is said back is bounded: {:?}",
        r.lines.iter().map(|l| l.chars().count()).max()
    );
    assert_eq!(
        r.lines
            .iter()
            .rev()
            .find(|l| l.contains('/'))
            .map(String::as_str),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "nothing was played"
    );
}
