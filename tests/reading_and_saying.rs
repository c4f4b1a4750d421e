//! End-to-end: moves read in every built-in notation and mixed forms, the
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

use common::RECORD;

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

/// Fault 16: a bare base in `--time` is minutes up to 180 and PGN's seconds above (the line-mode contract), and
/// the control is said back at the start in words so the player hears which; `--help` gives the rule.
#[test]
fn a_bare_time_is_minutes_up_to_180_then_pgn_seconds_and_is_said_back() {
    let dir = folder("bare-time");
    let line = |extra: &[&str]| {
        let mut a = vec![
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--speech",
            "off",
            "--language",
            "en",
        ];
        a.extend_from_slice(extra);
        hector(&dir, &a, "quit\n")
    };
    let r = line(&["--time", "60"]);
    assert_eq!(
        r.lines[0],
        "New game, White to move. Time control: 60 minutes each"
    );
    let r = line(&["--mode", "record", "--time", "90+30", "--save", "g.pgn"]);
    assert_eq!(
        r.lines[0],
        "New game, White to move. Time control: 90 minutes each plus 30 seconds per move from move one"
    );
    let pgn = std::fs::read_to_string(dir.join("g.pgn")).unwrap();
    assert!(pgn.contains("[TimeControl \"5400+30\"]"), "{pgn}");
    // Above 180 a bare base is PGN's seconds (the line-mode contract: `--time 5400+30`, `--time 300`), and the
    // words said at the start tell the player which it was.
    for (time, words) in [
        ("181", "Time control: 3 minutes 1 second each"),
        ("5400+30", "Time control: 90 minutes each plus 30 seconds"),
        ("300", "Time control: 5 minutes each"),
        ("180", "Time control: 180 minutes each"),
    ] {
        let r = line(&["--time", time]);
        assert_eq!(r.code, 0, "{:?}", r.lines);
        assert!(r.lines[0].contains(words), "{time}: {:?}", r.lines);
    }
    // German words, the same rule.
    let r = hector(
        &dir,
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--speech",
            "off",
            "--language",
            "de",
            "--time",
            "5+3",
        ],
        "quit\n",
    );
    assert_eq!(
        r.lines[0],
        "Neue Partie, Weiß am Zug. Bedenkzeit: 5 Minuten für jeden plus 3 Sekunden pro Zug ab dem ersten Zug"
    );
    // A PGN tag's bare numbers are seconds: 300+3 is five minutes.
    std::fs::write(
        dir.join("tag.pgn"),
        "[Event \"?\"]\n[Result \"*\"]\n[TimeControl \"300+3\"]\n\n1. e4 *\n",
    )
    .unwrap();
    let r = line(&["--load", "tag.pgn"]);
    assert_eq!(
        r.lines[0],
        "Game continued: move 1, Black to move. Time control: 5 minutes each plus 3 seconds per move from move one"
    );
    let r = line(&["--help"]);
    let help = r.lines.join(" ");
    assert!(
        help.contains("A base time without a unit is minutes up to 180"),
        "{help}"
    );
}

/// Fault 20: a count of one in the singular, in all three languages; a finished game loaded is said as
/// finished, not "continued".
#[test]
fn singulars_and_a_finished_game_said_as_finished() {
    let dir = folder("singulars");
    let mut answers = Vec::new();
    for lang in ["en", "de", "el"] {
        let r = hector(
            &dir,
            &[
                "--line",
                "--opponent",
                "human",
                "--no-autosave",
                "--speech",
                "off",
                "--language",
                lang,
            ],
            "e4\ne5\nNf3\ncompare 1. e4 e5\nrewind\nno\ncheck\nweiß Turm\nstop\nquit\n",
        );
        answers.push(r.lines);
    }
    let en = answers[0].join("\n");
    assert!(
        en.contains("Springer Felix drei, 1 half-move more."),
        "{en}"
    );
    assert!(
        en.contains("1 half-move is taken back. Type yes or no"),
        "{en}"
    );
    assert!(
        en.contains("agrees with the game on the 1 square given"),
        "{en}"
    );
    assert!(
        !en.contains("1 half-moves") && !en.contains("1 squares"),
        "{en}"
    );
    let de = answers[1].join("\n");
    assert!(de.contains("1 Halbzug mehr"), "{de}");
    assert!(de.contains("1 Halbzug wird zurückgenommen. "), "{de}");
    assert!(de.contains("auf dem 1 genannten Feld"), "{de}");
    let el = answers[2].join("\n");
    assert!(el.contains("1 μισή κίνηση ακόμη"), "{el}");
    assert!(el.contains("1 μισή κίνηση αναιρείται. "), "{el}");
    assert!(el.contains("το 1 τετράγωνο που δόθηκε"), "{el}");

    // A finished game loaded.
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
            "--time",
            "5+3",
            "--virtual-clock",
            "--save",
            "mate.pgn",
        ],
        "f3\ne5\ng4\nQh4\n",
    );
    assert!(
        r.lines.iter().any(|l| l == "Checkmate. Black wins, 0-1"),
        "{:?}",
        r.lines
    );
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
            "--load",
            "mate.pgn",
        ],
        "quit\n",
    );
    assert_eq!(
        r.lines[..2],
        [
            "Finished game loaded; the last move was move 2, Black",
            "Checkmate. Black wins, 0-1"
        ]
    );
}
