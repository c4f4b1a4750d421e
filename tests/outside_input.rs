//! End-to-end: files and values from outside that once crashed, hung or silently misled hector (found by
//! probing it from outside), driven through the real binary in line mode and checked by what a player reads.
//! Every run has its own XDG folders and HOME: nothing of the developer's own settings is read.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

struct Run {
    lines: Vec<String>,
    code: i32,
    stderr: String,
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hector-outside-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("config/hector")).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    dir
}

/// Runs hector with its own config and data folders under `dir`. A run that has not ended after 60 seconds is
/// killed and fails the test: hanging on a file is one of the faults checked here. (The limit is no timing
/// assertion: a run here takes well under a second; only a hang reaches it.)
fn hector(dir: &Path, args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hector"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("HOME", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start hector");
    let mut stdin = child.stdin.take().unwrap();
    // hector may stop before reading its input (a refused file): a broken pipe here is fine.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("hector {args:?} did not end: it hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    Run {
        lines: String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect(),
        code: out.status.code().unwrap_or(-1),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo")
        .success();
    assert!(ok, "mkfifo {}", path.display());
}

fn said(r: &Run, part: &str) -> bool {
    r.lines.iter().any(|l| l.contains(part))
}

// ----- item 4: deep nesting -----------------------------------------------------------------------------------

#[test]
fn a_pgn_with_140000_nested_variations_loads_with_a_warning() {
    let dir = tmp("deep");
    let n = 140_000;
    let text = format!(
        "[Event \"deep\"]\n\n1. e4 {}{} e5 2. Nf3 *\n",
        "(1. d4 ".repeat(n),
        ")".repeat(n)
    );
    std::fs::write(dir.join("deep.pgn"), text).unwrap();
    let r = hector(
        &dir,
        &["--line", "--opponent", "human", "--load", "deep.pgn"],
        "moves\nNc6\nquit\n",
    );
    assert_eq!(r.code, 0, "no crash: {:?} {}", r.lines, r.stderr);
    assert!(
        said(&r, "variations nested more than 64 deep were left out"),
        "the warning is said: {:?}",
        r.lines
    );
    assert!(
        said(&r, "Springer Cesar sechs"),
        "play goes on after the loaded moves: {:?}",
        r.lines
    );
}

// ----- item 9: what is not a regular file, and size --------------------------------------------------------------

#[test]
fn loading_a_fifo_or_dev_zero_is_refused_at_once() {
    let dir = tmp("fifo");
    let fifo = dir.join("game.pgn");
    mkfifo(&fifo);
    for path in [fifo.to_str().unwrap(), "/dev/zero"] {
        let r = hector(
            &dir,
            &["--line", "--opponent", "human", "--load", path],
            "quit\n",
        );
        assert_eq!(r.code, 2, "{path}: refused: {:?}", r.lines);
        assert_eq!(
            r.lines,
            [format!("Cannot read {path}: it is not a regular file")],
            "{path}"
        );
    }
}

#[test]
fn a_pgn_file_beyond_the_size_limit_is_refused_unread() {
    let dir = tmp("huge");
    let path = dir.join("huge.pgn");
    // A sparse file: 200 MB long, no disk used.
    std::fs::File::create(&path)
        .unwrap()
        .set_len(200 << 20)
        .unwrap();
    let r = hector(
        &dir,
        &["--line", "--opponent", "human", "--load", "huge.pgn"],
        "quit\n",
    );
    assert_eq!(r.code, 2, "{:?}", r.lines);
    assert_eq!(
        r.lines,
        ["Cannot read huge.pgn: it is larger than 128 MB, more than hector reads"]
    );
}

#[test]
fn settings_and_vocabulary_files_that_are_fifos_do_not_hang() {
    // The talking clock's settings.
    let dir = tmp("fifo-config");
    mkfifo(&dir.join("clock.ron"));
    let r = hector(
        &dir,
        &[
            "--line",
            "--opponent",
            "human",
            "--clock-config",
            "clock.ron",
        ],
        "e4\nquit\n",
    );
    assert!(
        said(&r, "not a regular file"),
        "clock.ron as a FIFO is named: {:?}",
        r.lines
    );
    // Speech and sound settings, and a vocabulary, given on the command line.
    let dir = tmp("fifo-output");
    mkfifo(&dir.join("output.ron"));
    let r = hector(
        &dir,
        &[
            "--line",
            "--opponent",
            "human",
            "--output-config",
            "output.ron",
        ],
        "quit\n",
    );
    assert!(said(&r, "not a regular file"), "{:?}", r.lines);
    let dir = tmp("fifo-vocabulary");
    mkfifo(&dir.join("words.ron"));
    let r = hector(
        &dir,
        &["--line", "--opponent", "human", "--vocabulary", "words.ron"],
        "quit\n",
    );
    assert!(said(&r, "not a regular file"), "{:?}", r.lines);
    assert_eq!(r.code, 2);
}

// ----- item 10: bounds on clock times, time controls, FEN counters, delay ------------------------------------------

#[test]
fn an_absurd_clock_comment_is_ignored_and_said() {
    let dir = tmp("clk");
    std::fs::write(
        dir.join("clk.pgn"),
        "[Event \"x\"]\n[TimeControl \"5400+30\"]\n\n\
         1. e4 {[%clk 99999999999:00:00]} e5 {[%clk 1:20:00]} *\n",
    )
    .unwrap();
    let r = hector(
        &dir,
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--load",
            "clk.pgn",
        ],
        "time\nquit\n",
    );
    assert_eq!(r.code, 0, "no crash: {:?} {}", r.lines, r.stderr);
    assert!(
        said(
            &r,
            "clk.pgn: move 1 for White, \"e4\": the clock time \"99999999999:00:00\" is not a time of at most 100 hours; it was ignored"
        ),
        "{:?}",
        r.lines
    );
    // White's time stays the time control's 90 minutes; Black's comes from its readable clock comment.
    assert!(
        said(&r, "White 1 hour 30 minutes, Black 1 hour 20 minutes"),
        "{:?}",
        r.lines
    );
}

#[test]
fn an_unreadable_time_control_tag_is_said_not_silently_dropped() {
    let dir = tmp("tc");
    std::fs::write(
        dir.join("tc.pgn"),
        "[Event \"x\"]\n[TimeControl \"99999999999+5\"]\n\n1. e4 e5 *\n",
    )
    .unwrap();
    let r = hector(
        &dir,
        &["--line", "--opponent", "human", "--load", "tc.pgn"],
        "time\nquit\n",
    );
    assert_eq!(r.code, 0, "{:?}", r.lines);
    assert!(
        said(
            &r,
            "The game's TimeControl tag \"99999999999+5\" cannot be used (not a time control: \"99999999999+5\""
        ) && said(&r, "playing without a clock"),
        "{:?}",
        r.lines
    );
}

#[test]
fn absurd_delay_and_fen_counters_are_refused_with_a_reason() {
    let dir = tmp("bounds");
    let r = hector(
        &dir,
        &[
            "--line",
            "--opponent",
            "human",
            "--time",
            "5m",
            "--delay",
            "4000000000",
        ],
        "quit\n",
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.lines,
        ["Cannot use --delay 4000000000: a delay is at most 3600 seconds"]
    );
    let r = hector(
        &dir,
        &[
            "--line",
            "--opponent",
            "human",
            "--fen",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 99999999999",
        ],
        "quit\n",
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.lines,
        [
            "Cannot start from that FEN: it is not a position hector can play (not a FEN: the move number 99999999999 is beyond any game (at most 10000))"
        ]
    );
    // In a PGN file's FEN tag too.
    std::fs::write(
        dir.join("fen.pgn"),
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 99999 1\"]\n\n1. Kd2 *\n",
    )
    .unwrap();
    let r = hector(
        &dir,
        &["--line", "--opponent", "human", "--load", "fen.pgn"],
        "quit\n",
    );
    assert_eq!(r.code, 2);
    assert!(
        said(&r, "the half-move clock 99999 is beyond any game"),
        "{:?}",
        r.lines
    );
}

// ----- item 11: truncated records ------------------------------------------------------------------------------------

#[test]
fn a_record_cut_off_says_it_looks_incomplete() {
    let dir = tmp("cut");
    // Cut between moves: it loads, and the player hears that moves may be missing.
    std::fs::write(
        dir.join("cut.pgn"),
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5",
    )
    .unwrap();
    let r = hector(
        &dir,
        &["--line", "--opponent", "human", "--load", "cut.pgn"],
        "quit\n",
    );
    assert_eq!(r.code, 0, "{:?}", r.lines);
    assert!(
        said(
            &r,
            "cut.pgn: the record ends without a result (1-0, 0-1, 1/2-1/2 or *); it looks incomplete, moves may be missing"
        ),
        "{:?}",
        r.lines
    );
    // Cut in the middle of a move: refused, saying why.
    std::fs::write(
        dir.join("mid.pgn"),
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb",
    )
    .unwrap();
    let r = hector(
        &dir,
        &["--line", "--opponent", "human", "--load", "mid.pgn"],
        "quit\n",
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.lines,
        [
            "Cannot load mid.pgn: game 1, move 3 for White, \"Bb\": not a move; the record ends there without a result, it looks incomplete (cut off)"
        ]
    );
    // A whole record with its result loads without that warning.
    std::fs::write(
        dir.join("whole.pgn"),
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n",
    )
    .unwrap();
    let r = hector(
        &dir,
        &["--line", "--opponent", "human", "--load", "whole.pgn"],
        "quit\n",
    );
    assert_eq!(r.code, 0);
    assert!(!said(&r, "incomplete"), "{:?}", r.lines);
}
