//! Regression tests of faults found by probing hector from outside: envelopes, hostile text, broken
//! settings files, multi-game files. Each drives the real binary in line mode, hermetically.

mod common;

use common::{run_in, temp_dir};

const HUMAN_90: [&str; 5] = ["--line", "--opponent", "human", "--time", "90m+30s"];

fn args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = HUMAN_90.to_vec();
    a.extend_from_slice(extra);
    a
}

/// A game that ended after a move was sealed has no envelope to open; `open` never panics.
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

/// The old files: an envelope left beside a finished game (by a version before the fix) is not
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

/// A new game saved to the same file replaces the adjourned one and removes its envelope; an
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
    // A new game in the same file: the adjourned game is offered first; "no" keeps it, with its
    // envelope, in the folder of kept games.
    let r = run_in(&d, &args(&["--save", "s.pgn"]), b"no\nd4\nd5\nquit\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        !d.join("s.pgn.envelope.ron").exists(),
        "the replaced game's envelope is removed"
    );
    let kept = std::fs::read_dir(d.join("data/hector/kept"))
        .unwrap()
        .flatten()
        .find(|e| e.file_name().to_string_lossy().ends_with(".envelope.ron"))
        .expect("the envelope is kept with its game");
    assert_eq!(std::fs::read(kept.path()).unwrap(), envelope);
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

/// Hostile lines (escape sequences, BEL, NUL, DEL, C1 controls, bidirectional overrides, invalid
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

/// A broken clock.ron or output.ron in the config folder does not stop hector: the shipped
/// settings are used and the player is told what was wrong and where.
#[test]
fn broken_settings_files_start_with_the_defaults_and_say_where() {
    let cases: [(&str, &str, &str); 6] = [
        ("clock.ron", "(thresholds_seconds: [60]", "Clock settings: "),
        ("clock.ron", "not ron at all", "Clock settings: "),
        (
            "output.ron",
            "#![enable(implicit_some)]\n(speech: (rate: NaN))",
            "line 2: the speech rate is NaN",
        ),
        (
            "output.ron",
            "#![enable(implicit_some)]\n(speech: (volume: inf))",
            "line 2: the speech volume is inf",
        ),
        (
            "output.ron",
            "(sound: (volume: Some(1e9)))",
            "line 1: the sound volume is 1000000000",
        ),
        ("output.ron", "(speach: ())", "Speech and sound settings: "),
    ];
    for (file, text, expected) in cases {
        let d = temp_dir("broken-settings");
        let config = d.join("config/hector");
        std::fs::create_dir_all(&config).unwrap();
        std::fs::write(config.join(file), text).unwrap();
        let r = run_in(&d, &["--line", "--opponent", "human"], b"e4\nquit\n");
        assert_eq!(r.code, 0, "{file} {text:?}: {:?} {}", r.lines, r.stderr);
        let notice = r
            .lines
            .iter()
            .find(|l| l.contains(expected))
            .unwrap_or_else(|| panic!("{file} {text:?}: no notice in {:?}", r.lines));
        assert!(
            notice.contains(&format!("hector/{file}")),
            "the file is named: {notice}"
        );
        assert!(notice.contains(", line "), "the line is named: {notice}");
        assert!(notice.contains("shipped"), "{notice}");
        assert!(
            r.lines.contains(&"Bauer Eva vier".to_string()),
            "{:?}",
            r.lines
        );
    }
}

/// A clock file with tens of thousands of thresholds is refused with a message (the shipped
/// thresholds are used); `wait` then says the shipped thresholds, once each, in order.
#[test]
fn a_huge_clock_file_is_refused_and_wait_stays_correct() {
    let builtin =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config/clock.ron")).unwrap();
    for (count, why) in [(20_000u32, "at most 64"), (60_000, "too large")] {
        let d = temp_dir("huge-clock");
        let thresholds: Vec<String> = (1..=count).map(|n| n.to_string()).collect();
        let text = builtin.replace(
            "[1800, 900, 600, 300, 120, 60, 30, 10]",
            &format!("[{}]", thresholds.join(", ")),
        );
        assert_ne!(text, builtin);
        std::fs::write(d.join("clock.ron"), &text).unwrap();
        let r = run_in(
            &d,
            &[
                "--line",
                "--opponent",
                "human",
                "--virtual-clock",
                "--time",
                "40m",
                "--clock-config",
                "clock.ron",
            ],
            b"wait 41m\nquit\n",
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(
            r.lines
                .iter()
                .any(|l| l.starts_with("Clock settings: clock.ron")
                    && l.contains(why)
                    && l.contains("shipped")),
            "{:?}",
            r.lines
        );
        let said: Vec<&str> = r
            .lines
            .iter()
            .filter(|l| l.starts_with("White, ") && l.ends_with(" left"))
            .map(String::as_str)
            .collect();
        assert_eq!(
            said,
            [
                "White, 30 minutes left",
                "White, 15 minutes left",
                "White, 10 minutes left",
                "White, 5 minutes left",
                "White, 2 minutes left",
                "White, 1 minute left",
                "White, 30 seconds left",
                "White, 10 seconds left",
            ]
        );
        // Then `quit` says goodbye.
        assert_eq!(
            r.lines[r.lines.len().saturating_sub(2)..],
            ["White's flag has fallen. Black wins, 0-1", "Goodbye"]
        );
    }
}

/// The largest clock file allowed (64 thresholds) is said in full by `wait`, each threshold
/// once, smallest last.
#[test]
fn sixty_four_thresholds_are_said_once_each() {
    let builtin =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config/clock.ron")).unwrap();
    let d = temp_dir("64-thresholds");
    let thresholds: Vec<String> = (1..=64u32).map(|n| (n * 30).to_string()).collect();
    let text = builtin.replace(
        "[1800, 900, 600, 300, 120, 60, 30, 10]",
        &format!("[{}]", thresholds.join(", ")),
    );
    std::fs::write(d.join("clock.ron"), &text).unwrap();
    let r = run_in(
        &d,
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--time",
            "40m",
            "--clock-config",
            "clock.ron",
        ],
        b"wait 41m\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let said: Vec<&String> = r
        .lines
        .iter()
        .filter(|l| l.starts_with("White, "))
        .collect();
    // 40 minutes: the thresholds below it (30 s .. 39 min 30 s) are 79; only 64 are listed, up to 32 min.
    assert_eq!(said.len(), 64, "{said:?}");
    assert_eq!(
        said.last().map(|s| s.as_str()),
        Some("White, 30 seconds left")
    );
}

const THREE_GAMES: &str = "[Event \"A\"]\n[White \"Anna\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n[Event \"B\"]\n[White \"Carl\"]\n[Black \"Dora\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n[Event \"C\"]\n[Result \"1/2-1/2\"]\n\n1. c4 { [a comment] } c5 1/2-1/2\n";

/// The byte ranges of the three games of THREE_GAMES.
fn three_spans(text: &str) -> [std::ops::Range<usize>; 3] {
    let b = text.find("[Event \"B\"]").unwrap();
    let c = text.find("[Event \"C\"]").unwrap();
    [0..b, b..c, c..text.len()]
}

/// A path is said whole, never cut: the question which game of a file names the file's whole path,
/// however long (here a folder of 70 characters).
#[test]
fn the_question_which_game_names_the_whole_path() {
    let d = temp_dir("choose-long");
    let folder = d.join("a-folder-with-a-name-long-enough-to-be-cut-if-paths-were-cut-anywhere-x");
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join("adjourned.pgn");
    std::fs::write(&file, THREE_GAMES).unwrap();
    let path = file.display().to_string();
    let r = run_in(
        &d,
        &["--line", "--opponent", "human", "--load", &path],
        b"quit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.lines[0].starts_with(&format!("{path} holds 3 games: ")),
        "{:?}",
        r.lines
    );
}

/// `--load` of a file of several games asks which one, listing them in words; an answer that
/// is not offered asks again; every number offered works, and so does quit.
#[test]
fn a_file_of_several_games_asks_which_one() {
    let d = temp_dir("choose");
    std::fs::write(d.join("m.pgn"), THREE_GAMES).unwrap();
    let r = run_in(
        &d,
        &["--line", "--opponent", "human", "--load", "m.pgn"],
        b"two\n0\n\n7\n-1\n2\nfen\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.lines[0],
        "m.pgn holds 3 games: 1: Anna against Bob, White wins, 1-0, 4 moves; 2: Carl against Dora, not \
         finished, 1 move; 3: White against Black, Draw, 1/2-1/2, 1 move. Which game? Type its number, 1 to 3, \
         or quit"
    );
    for (i, typed) in ["two", "0", "7", "-1"].iter().enumerate() {
        assert_eq!(
            r.lines[1 + i],
            format!("\"{typed}\" is not one of the games: type a number from 1 to 3, or quit")
        );
    }
    assert!(r.lines[5].starts_with("Game 2 of m.pgn"), "{:?}", r.lines);
    assert_eq!(r.lines[6], "Game continued: move 2, White to move");
    assert_eq!(
        r.lines[7],
        "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"
    );
    // Every answer offered works: each number loads its game, quit leaves.
    let fens = [
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
        "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
        "rnbqkbnr/pp1ppppp/8/2p5/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 0 2",
    ];
    for (n, fen) in fens.iter().enumerate() {
        let input = format!("{}\nfen\nquit\n", n + 1);
        let r = run_in(
            &d,
            &["--line", "--opponent", "human", "--load", "m.pgn"],
            input.as_bytes(),
        );
        assert!(
            r.lines.contains(&fen.to_string()),
            "game {}: {:?}",
            n + 1,
            r.lines
        );
    }
    let r = run_in(
        &d,
        &[
            "--line",
            "--opponent",
            "human",
            "--load",
            "m.pgn",
            "--save",
            "m.pgn",
        ],
        b"quit\n",
    );
    assert_eq!(r.code, 0);
    assert_eq!(
        r.lines.len(),
        1,
        "quit at the question says nothing more: {:?}",
        r.lines
    );
    // Quit or the end of input at the question leaves the file as it was.
    let r = run_in(
        &d,
        &[
            "--line",
            "--opponent",
            "human",
            "--load",
            "m.pgn",
            "--save",
            "m.pgn",
        ],
        b"",
    );
    assert_eq!(r.code, 0);
    assert_eq!(
        std::fs::read_to_string(d.join("m.pgn")).unwrap(),
        THREE_GAMES
    );
}

/// `--load f --save f` with a file of several games rewrites only the chosen game; the others
/// stay byte for byte, whichever game is chosen.
#[test]
fn saving_a_chosen_game_keeps_the_others_byte_for_byte() {
    for n in 0..3 {
        let d = temp_dir("keep-others");
        std::fs::write(d.join("m.pgn"), THREE_GAMES).unwrap();
        let input = format!("{}\nmoves\nquit\n", n + 1);
        let r = run_in(
            &d,
            &[
                "--line",
                "--opponent",
                "human",
                "--load",
                "m.pgn",
                "--save",
                "m.pgn",
            ],
            input.as_bytes(),
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        let after = std::fs::read_to_string(d.join("m.pgn")).unwrap();
        let old = three_spans(THREE_GAMES);
        for other in (0..3).filter(|o| *o != n) {
            assert!(
                after.contains(&THREE_GAMES[old[other].clone()]),
                "game {} kept byte for byte when game {} is saved:\n{after}",
                other + 1,
                n + 1
            );
        }
        let report = hector::rules::pgn::import(&after);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        assert_eq!(report.games.len(), 3, "{after}");
    }
    // A move played in game 2 is saved in game 2's place, between games 1 and 3.
    let d = temp_dir("play-in-two");
    std::fs::write(d.join("m.pgn"), THREE_GAMES).unwrap();
    let r = run_in(
        &d,
        &[
            "--line",
            "--opponent",
            "human",
            "--load",
            "m.pgn",
            "--save",
            "m.pgn",
        ],
        b"2\nc4\nquit\n",
    );
    assert!(
        r.lines.contains(&"Bauer Cesar vier".to_string()),
        "{:?}",
        r.lines
    );
    let after = std::fs::read_to_string(d.join("m.pgn")).unwrap();
    let old = three_spans(THREE_GAMES);
    assert!(after.starts_with(&THREE_GAMES[old[0].clone()]), "{after}");
    assert!(after.ends_with(&THREE_GAMES[old[2].clone()]), "{after}");
    let report = hector::rules::pgn::import(&after);
    assert_eq!(report.games.len(), 3);
    assert_eq!(report.games[1].plies().len(), 3);
    assert_eq!(report.games[0].plies().len(), 7);
    assert_eq!(report.games[2].plies().len(), 2);
    // The explicit save command to the file does the same.
    let r = run_in(
        &d,
        &["--line", "--opponent", "human", "--load", "m.pgn"],
        b"1\nsave m.pgn\nquit\n",
    );
    assert!(
        r.lines.iter().any(|l| l == "Game saved to m.pgn"),
        "{:?}",
        r.lines
    );
    assert_eq!(
        hector::rules::pgn::import(&std::fs::read_to_string(d.join("m.pgn")).unwrap())
            .games
            .len(),
        3
    );
}

/// When the games of a file cannot be told apart safely, the file is never written: the chosen
/// game is kept in a new file beside it, and the player is told where.
#[test]
fn games_that_cannot_be_told_apart_go_to_a_new_file() {
    let d = temp_dir("new-file");
    let text = "1. e4 e5 *\n\n1. d4 d5 *\n";
    std::fs::write(d.join("m.pgn"), text).unwrap();
    let r = run_in(
        &d,
        &[
            "--line",
            "--opponent",
            "human",
            "--load",
            "m.pgn",
            "--save",
            "m.pgn",
        ],
        b"2\nc4\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.lines
            .iter()
            .any(|l| l.contains("the file stays as it is; this game is kept in m-kept.pgn")),
        "{:?}",
        r.lines
    );
    assert_eq!(std::fs::read_to_string(d.join("m.pgn")).unwrap(), text);
    let kept = std::fs::read_to_string(d.join("m-kept.pgn")).unwrap();
    assert!(kept.contains("1. d4 d5 2. c4"), "{kept}");
}
