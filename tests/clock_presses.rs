//! End-to-end: the clock presses of the tournament profile: a press without a
//! move is asked, forgotten presses are completed by the mover's next move without a word, `undo` and `state`
//! tell the truth, a press while the clock stands after a rewind, and what the record keeps for the arbiter.

mod common;

use std::path::{Path, PathBuf};

/// `R` (record mode, see tests/common), in a folder of its own; more options after it.
fn r(dir: &Path, extra: &[&str], input: &str) -> common::Run {
    let mode = if extra.contains(&"--mode") {
        vec![]
    } else {
        vec!["--mode", "record"]
    };
    let mut args = mode;
    args.extend([
        "--line",
        "--opponent",
        "human",
        "--time",
        "90m+30s",
        "--virtual-clock",
        "--speech",
        "off",
        "--language",
        "en",
        "--save",
        "g.pgn",
    ]);
    args.extend_from_slice(extra);
    let run = common::run_in(dir, &args, input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    run
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_default()
}

/// The PGN with its line breaks made spaces (comments are wrapped like the moves).
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn folder(name: &str) -> PathBuf {
    common::temp_dir(name)
}

/// Presses without a move are asked before they count; only yes records an illegal move, and no
/// unconfirmed press decides the game.
#[test]
fn a_press_without_a_move_is_asked_before_it_counts() {
    let dir = folder("press-asked");
    let run = r(
        &dir,
        &[],
        "e4\npress\npress\nno\npress\nno\npress\nyes\ntime\n",
    );
    let l = &run.lines;
    let question =
        "A press without a move by Black: record an illegal move (Article 7.5.3)? Type yes or no";
    assert_eq!(l.iter().filter(|s| *s == question).count(), 3, "{l:#?}");
    assert_eq!(
        l.iter()
            .filter(|s| s.starts_with("Not recorded: the press without a move by Black"))
            .count(),
        2,
        "{l:#?}"
    );
    assert_eq!(
        l.iter()
            .filter(|s| s.starts_with("Illegal move number"))
            .collect::<Vec<_>>(),
        ["Illegal move number 1 by Black"],
        "only the confirmed press counts: {l:#?}"
    );
    assert!(!l.iter().any(|s| s.contains("wins")), "{l:#?}");
    assert_eq!(
        l.last().unwrap(),
        "White 1 hour 32 minutes 30 seconds, Black 1 hour 30 minutes"
    );
    // The record and the log keep it for the arbiter.
    let pgn = flat(&read(&dir, "g.pgn"));
    assert!(
        pgn.contains("{Clock pressed without a move by Black: an illegal move (Article 7.5.3)}"),
        "{pgn}"
    );
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    let log = read(&dir, "g.pgn.log.txt");
    assert!(
        log.contains("\tyes\tClock pressed without a move by Black"),
        "{log}"
    );
}

/// The question is answered by the words it offers; anything else asks it again.
#[test]
fn the_press_question_is_answered_by_the_words_offered_and_an_unclear_answer_changes_nothing() {
    let dir = folder("press-unclear");
    let run = r(&dir, &[], "e4\npress\npress\nperhaps\nno\nstate\n");
    let l = &run.lines;
    assert!(
        l.iter().any(|s| s.starts_with("Please answer yes or no")),
        "{l:#?}"
    );
    assert!(
        l.iter().any(|s| s.starts_with("Not recorded")),
        "no answers it: {l:#?}"
    );
    assert_eq!(
        l.last().unwrap(),
        "White's Bauer Eva vier is completed; Black's clock runs"
    );
}

/// The article of the penalty is 7.5.5 (7.5 b in 2014, 7.4 b in 2005/2009); before 2018 a press
/// without a move is no illegal move at all.
#[test]
fn the_penalty_cites_its_article_in_each_edition() {
    let dir = folder("articles");
    let run = r(
        &dir,
        &["--fen", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1"],
        "illegal e7e8\n",
    );
    assert!(
        run.lines
            .iter()
            .any(|s| s == "Black gets 2 minutes more (Article 7.5.5)"),
        "{:#?}",
        run.lines
    );
    assert!(!run.lines.iter().any(|s| s.contains("9.5.3")));
    for (edition, article) in [("2014", "7.5 b"), ("2009", "7.4 b"), ("2005", "7.4 b")] {
        let dir = folder(&format!("articles-{edition}"));
        let run = r(
            &dir,
            &["--edition", edition],
            "e4\npress\npress\npress\npress\nillegal\n",
        );
        let l = &run.lines;
        assert_eq!(
            l.iter()
                .filter(|s| s.starts_with(&format!(
                    "A press without a move by Black is no illegal move under the {edition} Laws"
                )))
                .count(),
            3,
            "{l:#?}"
        );
        assert_eq!(l[l.len() - 2], "Illegal move number 1 by Black", "{l:#?}");
        assert!(
            l.last()
                .unwrap()
                .starts_with(&format!("Illegal move by Black (Article {article})")),
            "{l:#?}"
        );
    }
    // 2009: the third illegal move loses, and is called the third.
    let dir = folder("articles-third");
    let run = r(&dir, &["--edition", "2009"], "illegal\nillegal\nillegal\n");
    assert_eq!(
        run.lines.last().unwrap(),
        "Third illegal move (Article 7.4 b). Black wins, 0-1"
    );
}

/// A forgotten press. Nothing is said about it; White's move is completed by
/// White's next move (R-6.2.1.2), not by Black's; the record keeps the time and a note for the arbiter.
#[test]
fn a_forgotten_press_is_completed_by_the_movers_next_move_without_a_word() {
    let dir = folder("forgotten");
    let run = r(
        &dir,
        &[],
        "wait 1m\ne4\nwait 1m\ne5\nstate\nwait 1m\nNf3\nstate\npress\nNc6\npress\nstate\n",
    );
    let l = &run.lines;
    assert!(
        !l.iter()
            .any(|s| s.contains("not pressed") || s.contains("completed by")),
        "nothing unasked: {l:#?}"
    );
    // After Black's e5 both moves wait for their presses; Black's move did not complete White's.
    assert!(
        l.contains(
            &"Black's Bauer Eva fünf is made, not completed: the clock has not been pressed; White's clock runs. White's Bauer Eva vier is not completed either: the clock has not been pressed for it"
                .to_string()
        ),
        "{l:#?}"
    );
    assert!(
        l.contains(&"White's Springer Felix drei is made, not completed: the clock has not been pressed; White's clock runs. Black's Bauer Eva fünf is not completed either: the clock has not been pressed for it".to_string()),
        "{l:#?}"
    );
    assert_eq!(
        l.last().unwrap(),
        "Black's Springer Cesar sechs is completed; White's clock runs"
    );
    let pgn = flat(&read(&dir, "g.pgn"));
    // White's clock ran 3 minutes until Nf3 completed e4: its time is on e4.
    assert!(
        pgn.contains("1. e4 {[%clk 1:27:00]} {White's Bauer Eva vier was completed by White's next move without a press (Article 6.2.1.2)"),
        "{pgn}"
    );
    let log = read(&dir, "g.pgn.log.txt");
    assert!(
        log.contains(
            "\thector\t\tWhite's Bauer Eva vier was completed by White's next move without a press"
        ),
        "{log}"
    );
}

/// In assistant mode: the note is for the assistant's screen, never the blind player's ear.
#[test]
fn assistant_mode_notes_a_forgotten_press_on_the_screen_only() {
    let dir = folder("forgotten-assistant");
    let speech = dir.join("speech.log");
    let speech_s = speech.display().to_string();
    let run = r(
        &dir,
        &["--mode", "assistant", "--speech-log", &speech_s],
        "e4\ne5\nNf3\n",
    );
    assert!(
        run.lines.iter().any(|s| s.starts_with(
            "White's Bauer Eva vier was completed by White's next move without a press"
        )),
        "{:#?}",
        run.lines
    );
    let heard = read(&dir, "speech.log");
    assert!(!heard.contains("completed by"), "{heard}");
}

/// `undo` tells the true reason: a move not yet pressed for can be withdrawn, a completed one not.
#[test]
fn undo_says_the_true_reason() {
    let dir = folder("undo");
    let run = r(&dir, &[], "e4\ne5\nundo\nstate\nundo\nstate\n");
    let l = &run.lines;
    assert!(
        l.contains(&"White's Bauer Eva vier is made, not completed: the clock has not been pressed; White's clock runs".to_string()),
        "{l:#?}"
    );
    assert!(
        l.contains(
            &"Withdrawn before the clock press (Appendix D.2.8): Bauer Eva vier. Enter White's right move"
                .to_string()
        ),
        "{l:#?}"
    );
    assert!(!l.iter().any(|s| s.contains("was pressed")), "{l:#?}");
    assert_eq!(l.last().unwrap(), "No move yet; White's clock runs");
    let dir = folder("undo-pressed");
    let run = r(&dir, &[], "e4\npress\ne5\nundo\nundo\n");
    assert!(
        run.lines
            .last()
            .unwrap()
            .starts_with("Bauer Eva vier is completed, so it cannot be withdrawn"),
        "{:#?}",
        run.lines
    );
}

/// A move made after the flag fell stands until the flag is claimed and the record says
/// so; illegal moves are in the record as comments, and hector's importer reads it back.
#[test]
fn the_record_keeps_flags_and_illegal_moves_for_the_arbiter() {
    let dir = folder("record-notes");
    r(
        &dir,
        &[],
        "e4\npress\nillegal Ke7\nwait 91m\ne5\npress\nNf3\nflag\n",
    );
    let pgn = flat(&read(&dir, "g.pgn"));
    assert!(
        pgn.contains(
            "{Illegal move by Black: Ke7 (Article 7.5.5); the position before it was restored}"
        ),
        "{pgn}"
    );
    assert!(
        pgn.contains("1... e5 {Made after Black's flag had fallen; the flag counts once the arbiter observes it or a player claims it (Article 6.8)}"),
        "{pgn}"
    );
    // The opponent's move after the fall is marked too: Black's flag stays fallen until a claim.
    assert!(
        pgn.contains("2. Nf3 {Made after Black's flag had fallen"),
        "{pgn}"
    );
    assert!(pgn.contains("1-0"), "{pgn}");
    // Read back by hector: the game and its notes.
    let dir2 = folder("record-notes-load");
    std::fs::copy(dir.join("g.pgn"), dir2.join("in.pgn")).unwrap();
    let run = common::run_in(
        &dir2,
        &[
            "--line",
            "--opponent",
            "human",
            "--load",
            "in.pgn",
            "--save",
            "out.pgn",
            "--speech",
            "off",
        ],
        b"moves\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.lines.iter().any(|s| s.starts_with("1. Bauer Eva vier")),
        "{:#?}",
        run.lines
    );
    let again = flat(&read(&dir2, "out.pgn"));
    assert!(again.contains("Illegal move by Black: Ke7"), "{again}");
}

/// A press while the clock stands after a rewind completes the move; `keep` starts the clock of
/// the side whose move is due, and the next press is that side's own, not the other's illegal move.
#[test]
fn keep_after_a_rewind_starts_the_right_clock() {
    let dir = folder("keep");
    let run = r(
        &dir,
        &[],
        "e4\npress\ne5\npress\ncompare 1. e4 c5\nrewind\nyes\npress\nc5\npress\ntime\nkeep\nNf3\npress\nstate\n",
    );
    let l = &run.lines;
    assert!(!l.iter().any(|s| s.contains("Illegal move")), "{l:#?}");
    assert!(
        l.contains(&"The clock stands and Black has no move to complete: nothing is recorded; the arbiter starts the clock (type keep, or set white 1h20m)".to_string()),
        "{l:#?}"
    );
    assert!(
        l.contains(&"Clock pressed by Black: the clock stands until the arbiter starts it (type keep, or set white 1h20m); then White's clock runs".to_string()),
        "{l:#?}"
    );
    assert!(
        l.contains(&"Clocks started; White's clock runs".to_string()),
        "{l:#?}"
    );
    assert!(
        l.contains(&"Clock pressed by White: Black's clock runs".to_string()),
        "{l:#?}"
    );
    assert_eq!(
        l.last().unwrap(),
        "White's Springer Felix drei is completed; Black's clock runs"
    );
    let pgn = flat(&read(&dir, "g.pgn"));
    assert!(
        pgn.contains("{Rewound after comparing scoresheets (Appendix D.2.9): taken back 1... e5}"),
        "{pgn}"
    );
}

/// A late press (R-6.2.2: after the opponent has moved) puts the presser's time on his own move in
/// the record, not on the opponent's.
#[test]
fn a_late_press_puts_the_time_on_the_pressers_move() {
    let dir = folder("late-press");
    let run = r(
        &dir,
        &[],
        "wait 1m\ne4\nwait 1m\ne5\nwait 1m\npress\npress\nscoresheet\n",
    );
    assert_eq!(
        run.lines.last().unwrap(),
        "Scoresheet: 1. Bauer Eva vier (1 hour 27 minutes 30 seconds left), Bauer Eva fünf (1 hour 30 minutes 30 seconds left)"
    );
    let pgn = flat(&read(&dir, "g.pgn"));
    assert!(
        pgn.contains("1. e4 {[%clk 1:27:30]} 1... e5 {[%clk 1:30:30]}"),
        "{pgn}"
    );
}

/// In assistant mode: the press question and its answers are the assistant's, never in the blind
/// player's ear.
#[test]
fn assistant_mode_asks_the_press_question_on_the_screen_only() {
    let dir = folder("press-assistant");
    let speech = dir.join("speech.log");
    let speech_s = speech.display().to_string();
    let run = r(
        &dir,
        &["--mode", "assistant", "--speech-log", &speech_s],
        "e4\npress\npress\nmaybe\nno\n",
    );
    assert!(
        run.lines
            .iter()
            .any(|s| s.starts_with("Please answer yes or no. A press without a move by Black")),
        "{:#?}",
        run.lines
    );
    assert!(
        run.lines.last().unwrap().starts_with("Not recorded"),
        "{:#?}",
        run.lines
    );
    let heard = read(&dir, "speech.log");
    assert!(heard.contains("Bauer Eva vier"), "{heard}");
    assert!(
        !heard.contains("A press without a move")
            && !heard.contains("Please answer")
            && !heard.contains("Not recorded"),
        "{heard}"
    );
}

/// Without a clock: the press without a move is the side to move's, and asked too.
#[test]
fn without_a_clock_a_press_without_a_move_is_the_side_to_moves_and_asked() {
    let dir = folder("press-untimed");
    let run = common::run_in(
        &dir,
        &[
            "--line",
            "--mode",
            "record",
            "--speech",
            "off",
            "--language",
            "en",
            "--save",
            "g.pgn",
        ],
        b"e4\npress\npress\nno\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.lines.contains(
            &"A press without a move by Black: record an illegal move (Article 7.5.3)? Type yes or no"
                .to_string()
        ),
        "{:#?}",
        run.lines
    );
    assert!(run.lines.last().unwrap().starts_with("Not recorded"));
}
