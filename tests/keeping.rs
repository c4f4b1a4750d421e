//! Games are never lost: the autosave in the data folder with clock comments, the offer to continue an
//! unfinished game, and `--load` with its clocks. Drives the real binary in line mode.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;

fn hector(args: &[&str], data: &Path, input: &str) -> Vec<String> {
    let mut child = common::hector_command(&common::temp_dir("keep"))
        .args(args)
        .env("XDG_DATA_HOME", data)
        .env("XDG_CONFIG_HOME", data.join("no-config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start hector");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hector-keep-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

const AUTO: [&str; 5] = [
    "--line",
    "--autosave",
    "--opponent",
    "human",
    "--virtual-clock",
];

#[test]
fn every_move_is_kept_with_its_clock_and_the_game_is_offered_again() {
    let d = dir("offer");
    let mut args = AUTO.to_vec();
    args.extend(["--time", "90m+30s"]);
    let out = hector(&args, &d, "e4\nwait 2m\ne5\nwait 10s\nNf3\n");
    assert_eq!(out[0], "New game, White to move");
    let kept = std::fs::read_to_string(d.join("hector/autosave.pgn")).expect("autosave written");
    assert!(kept.contains("[TimeControl \"5400+30\"]"), "{kept}");
    // White: 90 min + 30 s; Black: 90 min - 2 min + 30 s; White: 90:30 - 10 s + 30 s.
    assert!(
        kept.contains("1. e4 {[%clk 1:30:30]} 1... e5 {[%clk 1:28:30]} 2. Nf3 {[%clk 1:30:50]} *"),
        "{kept}"
    );

    // Started again: the offer names the move and the side; yes continues with both clocks.
    let out = hector(&AUTO, &d, "yes\ntime\nmoves\n");
    assert!(
        out[0].starts_with("An unfinished game is kept in"),
        "{out:?}"
    );
    assert!(out[0].contains("move 2, Black to move"), "{out:?}");
    assert_eq!(out[1], "Game continued: move 2, Black to move");
    assert_eq!(
        out[2],
        "White 1 hour 30 minutes 50 seconds, Black 1 hour 28 minutes 30 seconds"
    );
    assert!(out[3].contains("Springer Felix drei"), "{out:?}");
}

#[test]
fn no_starts_a_new_game_and_a_move_instead_of_the_answer_is_played_in_it() {
    let d = dir("decline");
    hector(&AUTO, &d, "e4\ne5\n");
    let out = hector(&AUTO, &d, "no\nd4\n");
    assert!(
        out[0].starts_with("An unfinished game is kept in"),
        "{out:?}"
    );
    assert_eq!(out[1..], ["New game, White to move", "Bauer David vier"]);
    let kept = std::fs::read_to_string(d.join("hector/autosave.pgn")).unwrap();
    assert!(kept.trim_end().ends_with("1. d4 *"), "{kept}");

    // A move typed instead of the answer: the new game starts and the move is played in it.
    let out = hector(&AUTO, &d, "c4\n");
    assert_eq!(out[1..], ["New game, White to move", "Bauer Cesar vier"]);
}

#[test]
fn finished_games_are_not_offered() {
    let d = dir("finished");
    hector(&AUTO, &d, "f3\ne5\ng4\nQh4#\n");
    let out = hector(&AUTO, &d, "quit\n");
    assert_eq!(out, ["New game, White to move"]);
}

#[test]
fn a_loaded_game_keeps_its_time_control_and_clocks() {
    let d = dir("load");
    let pgn = d.join("g.pgn");
    std::fs::write(
        &pgn,
        "[Event \"?\"]\n[Result \"*\"]\n[TimeControl \"40/5400+30:1800+30\"]\n\n1. d4 {[%clk 1:20:00]} d5 {[%clk 0:59:59]} *\n",
    )
    .unwrap();
    let out = hector(
        &["--line", "--virtual-clock", "--load", pgn.to_str().unwrap()],
        &d,
        "time\ncontrol\n",
    );
    assert_eq!(
        out[1],
        "White 1 hour 20 minutes, Black 59 minutes 59 seconds"
    );
    assert!(out[2].contains("40 moves"), "{out:?}");
}
