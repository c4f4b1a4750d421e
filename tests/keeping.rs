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
    common::without_openings(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect(),
    )
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
    assert_eq!(
        out[0],
        "New game, White to move. Time control: 90 minutes each plus 30 seconds per move from move one"
    );
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
        out[0].starts_with("Your last game is unfinished"),
        "{out:?}"
    );
    assert!(out[0].contains("move 2, Black to move"), "{out:?}");
    assert_eq!(
        out[1],
        "Game continued: move 2, Black to move. Time control: 90 minutes each plus 30 seconds per move from move one"
    );
    // The clock's state kept with the game is said; a home game has no physical clock and no
    // arbiter.
    assert_eq!(
        out[2],
        "The clock is restored as it was kept: Black's clock runs; White 1 hour 30 minutes 50 seconds, Black 1 hour 28 minutes 30 seconds"
    );
    assert_eq!(
        out[3],
        "White 1 hour 30 minutes 50 seconds, Black 1 hour 28 minutes 30 seconds"
    );
    assert!(out[4].contains("Springer Felix drei"), "{out:?}");
}

#[test]
fn nothing_is_overwritten_without_an_explicit_no_and_a_declined_game_is_kept() {
    let d = dir("decline");
    hector(&AUTO, &d, "e4\ne5\n");
    let first = std::fs::read_to_string(d.join("hector/autosave.pgn")).unwrap();
    // A move or an unclear word instead of the answer: the question is asked again, nothing changes.
    let out = hector(&AUTO, &d, "c4\nmaybe\n");
    assert!(
        out[0].starts_with("Your last game is unfinished"),
        "{out:?}"
    );
    assert!(out[0].ends_with("Continue it? Type yes or no"), "{out:?}");
    assert_eq!(out.len(), 3, "{out:?}");
    // The first line that is no answer hears the question again, the next a short reminder.
    assert!(
        out[1].starts_with("Please answer yes or no. Your last game is unfinished"),
        "{}",
        out[1]
    );
    assert_eq!(out[2], "Please answer yes or no");
    assert_eq!(
        std::fs::read_to_string(d.join("hector/autosave.pgn")).unwrap(),
        first,
        "the kept game is untouched"
    );
    // "no": the game is kept in the folder of kept games, by date, and the new game starts.
    let out = hector(&AUTO, &d, "no\nd4\nkept\n");
    assert!(
        out[1].starts_with("The unfinished game is kept; "),
        "{out:?}"
    );
    assert_eq!(out[2..4], ["New game, White to move", "Bauer David vier"]);
    let kept: Vec<PathBuf> = std::fs::read_dir(d.join("hector/kept"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(kept.len(), 1);
    let name = kept[0].file_name().unwrap().to_string_lossy().into_owned();
    // 2025-01-31_14-05-02.pgn
    assert_eq!(name.len(), "2025-01-31_14-05-02.pgn".len(), "{name}");
    assert!(
        name[..4].parse::<u32>().is_ok() && name.ends_with(".pgn"),
        "{name}"
    );
    assert_eq!(
        std::fs::read_to_string(&kept[0]).unwrap(),
        first,
        "kept unchanged"
    );
    // Said in words; `kept` names the file, asked.
    assert!(!out[1].contains(&name), "{out:?}");
    assert!(
        out[4].starts_with("1 kept game,") && out[4].contains(&name),
        "{out:?}"
    );
    let now = std::fs::read_to_string(d.join("hector/autosave.pgn")).unwrap();
    assert!(now.trim_end().ends_with("1. d4 *"), "{now}");
    // The kept game opens with --load.
    let out = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--no-autosave",
            "--load",
            kept[0].to_str().unwrap(),
        ],
        &d,
        "moves\n",
    );
    assert_eq!(out[1], "1. Bauer Eva vier, Bauer Eva fünf");
}

#[test]
fn the_answer_words_of_each_language_answer_the_question() {
    for (lang, yes, no) in [
        ("de", "ja", "nein"),
        ("el", "ναι", "όχι"),
        ("de", "yes", "no"),
    ] {
        let d = dir(&format!("words-{lang}-{yes}"));
        hector(&AUTO, &d, "e4\n");
        let out = hector(
            &[&AUTO[..], &["--language", lang]].concat(),
            &d,
            &format!("{yes}\nmoves\n"),
        );
        assert!(out[2].contains("Bauer Eva vier"), "{lang} {yes}: {out:?}");
        let out = hector(
            &[&AUTO[..], &["--language", lang]].concat(),
            &d,
            &format!("{no}\nmoves\n"),
        );
        assert_eq!(out.len(), 4, "{lang} {no}: {out:?}");
        assert!(
            !out[3].contains("Bauer Eva vier"),
            "{lang} {no}: a new game: {out:?}"
        );
    }
}

#[test]
fn a_resumed_game_says_what_became_of_time() {
    let d = dir("time");
    hector(&AUTO, &d, "e4\n");
    let mut args = AUTO.to_vec();
    args.extend(["--time", "5+3"]);
    let out = hector(&args, &d, "yes\ntime\n");
    assert_eq!(out[1], "Game continued: move 1, Black to move");
    assert_eq!(
        out[2],
        "The game goes on without a clock, as it was kept; --time 300+3 is not used"
    );
    // A kept game with a clock keeps its own.
    let d = dir("time2");
    let mut first = AUTO.to_vec();
    first.extend(["--time", "90m+30s"]);
    hector(&first, &d, "e4\n");
    let out = hector(&args, &d, "yes\ncontrol\n");
    assert!(
        out[2].starts_with("The game goes on with its own time control, ")
            && out[2].ends_with("; --time 300+3 is not used"),
        "{out:?}"
    );
    assert!(
        out[3].contains("90 minutes") || out[3].contains("1 hour 30 minutes"),
        "{out:?}"
    );
}

#[test]
fn finished_games_are_not_offered() {
    let d = dir("finished");
    hector(&AUTO, &d, "f3\ne5\ng4\nQh4#\n");
    let out = hector(&AUTO, &d, "quit\n");
    // Not offered, but not replaced either: kept, and the player is told where.
    assert_eq!(out[0], "New game, White to move");
    assert!(out[1] == "Your last game is kept; kept lists it", "{out:?}");
    // `quit` says goodbye.
    assert_eq!(out[2], "Goodbye", "{out:?}");
    assert_eq!(out.len(), 3, "{out:?}");
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
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--load",
            pgn.to_str().unwrap(),
        ],
        &d,
        "time\ncontrol\n",
    );
    assert_eq!(
        out[1],
        "White 1 hour 20 minutes, Black 59 minutes 59 seconds"
    );
    assert!(out[2].contains("40 moves"), "{out:?}");
}
