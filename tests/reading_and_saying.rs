//! End-to-end (issue 18, faults 11, 15, 16, 20): moves read in every built-in notation and mixed forms, the
//! rewinds said in board words and after a load, the time control's bare numbers said back, and singulars.

use std::path::{Path, PathBuf};

mod common;

use common::Run;

/// hector in a folder of its own, fed `input`.
fn hector(dir: &Path, args: &[&str], input: &str) -> Run {
    common::run_in(dir, args, input.as_bytes())
}

fn folder(name: &str) -> PathBuf {
    common::temp_dir(name)
}

const RECORD: [&str; 9] = [
    "--line",
    "--mode",
    "record",
    "--time",
    "90m+30s",
    "--virtual-clock",
    "--speech",
    "off",
    "--language",
];

fn record(extra: &[&str]) -> Vec<String> {
    let mut a: Vec<String> = RECORD.iter().map(|s| s.to_string()).collect();
    a.push("en".into());
    a.extend(extra.iter().map(|s| s.to_string()));
    a
}

fn args(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn position(lines: &[String], needle: &str) -> usize {
    lines
        .iter()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in {lines:#?}"))
}

/// Fault 11, record mode: `Knight f3` is a move, not the `knights` command (refused as analysis in the
/// tournament profile); `Springer f6`, Greek `ε4` and a capture without its x are read whatever vocabulary is
/// chosen; a line that reads as a move but cannot be played goes to "does not fit the record".
#[test]
fn record_mode_reads_moves_in_mixed_forms_and_every_notation() {
    let dir = folder("mixed-record");
    let a = record(&["--save", "g.pgn"]);
    let r = hector(
        &dir,
        &args(&a),
        "Knight f3\npress\nSpringer f6\npress\nε4\npress\nΙζ3\nKnight c5\nd5\npress\ned5\npress\nquit\n",
    );
    let out = r.lines.join("\n");
    assert!(!out.contains("analysis"), "{out}");
    assert!(!out.contains("Not understood"), "{out}");
    assert!(out.contains("Springer Felix drei"), "{out}");
    assert!(out.contains("Springer Felix sechs"), "{out}");
    assert!(out.contains("Bauer Eva vier"), "{out}");
    // Black's turn: Ιζ3 (a knight to f3) is a move that does not fit; Knight c5 too.
    let slip = position(&r.lines, "\"Ιζ3\" does not fit the record");
    assert!(
        r.lines[slip].contains("no Springer can reach Felix drei"),
        "{out}"
    );
    position(&r.lines, "\"Knight c5\" does not fit the record");
    assert!(out.contains("Bauer Eva schlägt David fünf"), "{out}");
    let pgn = std::fs::read_to_string(dir.join("g.pgn")).unwrap();
    for m in ["1. Nf3 ", "1... Nf6 ", "2. e4 ", "2... d5", "3. exd5 "] {
        assert!(pgn.contains(m), "{m} in {pgn}");
    }
    let log = std::fs::read_to_string(dir.join("g.pgn.log.txt")).unwrap();
    assert!(!log.contains("not_allowed"), "{log}");
}

/// Fault 11, play mode: the same forms, Greek SAN in `compare` without `--vocabulary greek`, captures without
/// the x; `knights f3` keeps its meaning.
#[test]
fn play_mode_reads_mixed_forms_and_commands_keep_working() {
    let dir = folder("mixed-play");
    let r = hector(
        &dir,
        &[
            "--line",
            "--opponent",
            "human",
            "--speech",
            "off",
            "--language",
            "en",
        ],
        "Knight f3\nSpringer f6\nknights f3\nε4\nε5\ncompare Nf3 Nf6 ε4 ε5\nNe5\nKnight e4\nquit\n",
    );
    let out = r.lines.join("\n");
    assert!(!out.contains("Not understood"), "{out}");
    assert!(out.contains("Springer Felix drei"), "{out}");
    assert!(out.contains("Springer Felix sechs"), "{out}");
    let knights = position(&r.lines, "A knight on Felix drei reaches");
    assert!(r.lines[knights].contains("Gustav fünf"), "{out}");
    position(&r.lines, "Scoresheets agree: 4 half-moves");
    // Captures typed without x (R-C.9), in SAN and in mixed words, are said as captures.
    let took = position(&r.lines, "Springer schlägt Eva fünf");
    assert!(
        r.lines[took + 1].contains("Springer schlägt Eva vier"),
        "{out}"
    );
}

/// Fault 15: the moves taken back are said in board words, and after `--load` (in another language too)
/// `rewound` reads them back from the action log instead of saying that none were taken back.
#[test]
fn rewound_after_a_load_reads_the_action_log_and_speaks_board_words() {
    let dir = folder("rewound");
    let r = hector(&dir, &args(&record(&["--save", "new.pgn"])), "rewound\n");
    position(
        &r.lines,
        "No moves have been taken back: the action log new.pgn.log.txt records no rewind",
    );
    let a = record(&["--save", "g.pgn"]);
    let r = hector(
        &dir,
        &args(&a),
        "e4\npress\ne5\npress\nNf3\npress\ncompare 1. e4 c5\nrewind\nyes\nkeep\nc5\npress\nquit\n",
    );
    let done = position(&r.lines, "Play resumes after move 1, White");
    assert!(
        r.lines[done].contains("Taken back: 1... Bauer Eva fünf, 2. Springer Felix drei."),
        "{:#?}",
        r.lines
    );
    let log = std::fs::read_to_string(dir.join("g.pgn.log.txt")).unwrap();
    assert!(
        log.contains("Taken back: 1... e5 2. Nf3"),
        "the log keeps SAN: {log}"
    );
    let a = record(&["--save", "g.pgn", "--load", "g.pgn"]);
    let r = hector(&dir, &args(&a), "rewound\nquit\n");
    assert!(
        r.lines.iter().any(|l| l.contains("Game continued")),
        "{:#?}",
        r.lines
    );
    position(
        &r.lines,
        "Taken back: 1... Bauer Eva fünf, 2. Springer Felix drei",
    );
    let mut de = a.clone();
    let at = de.iter().position(|x| x == "en").unwrap();
    de[at] = "de".into();
    de.extend(["--vocabulary".to_string(), "english".to_string()]);
    let r = hector(&dir, &args(&de), "rewound\nquit\n");
    position(
        &r.lines,
        "Zurückgenommen: 1... Pawn Eva five, 2. Knight Felix three",
    );
}
