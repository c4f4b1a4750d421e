//! End-to-end: who hears what in record and assistant mode, the sealed move kept
//! from the player's side until the envelope is opened, the adjourned game's record and requests, and a question
//! that takes only its answers. Checked by the speech log (the earpiece), stdout (the operator's screen), the
//! action log and the envelope file.

use std::path::{Path, PathBuf};

mod common;
use common::index_of;
use common::spoken;

use common::Run;

/// A folder of its own for each test: the XDG folders, the game, the logs.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hector-hears-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("config")).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    dir
}

fn hector(dir: &Path, args: &[&str], input: &str) -> Run {
    let r = common::run_in(dir, args, input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    r
}

/// `--line --MODE --time 90m+30s --virtual-clock --save SAVE --speech-log LOG` and `extra`.
fn args<'a>(mode: &'a str, save: &'a str, log: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec![
        "--line",
        "--mode",
        mode,
        "--time",
        "90m+30s",
        "--virtual-clock",
        "--language",
        "en",
        "--save",
        save,
        "--speech-log",
        log,
    ];
    a.extend_from_slice(extra);
    a
}

/// Fault 4: White's sealed move, entered by the assistant, is in nothing the blind player's side can hear or
/// read before `open`: not the earpiece (whatever the player asks: `player: repeat`, `player: last`), not the
/// action log (nor `log`), not the envelope file in plain text. The arbiter's `envelope` reads the envelope
/// without the move. After `open` the move is played, said and logged.
#[test]
fn assistant_mode_the_sealed_move_is_heard_and_read_nowhere_before_open() {
    let dir = folder("sealed");
    let save = dir.join("g.pgn");
    let speech = dir.join("speech.log");
    let (save_s, speech_s) = (save.to_str().unwrap(), speech.to_str().unwrap());
    let input = "e4\npress\ne5\npress\nseal Ng4\nseal Nf3\nNf3\nplayer: repeat\nplayer: last\nrepeat\nlog\n\
                 envelope\nscoresheet\nquit\n";
    let r = hector(
        &dir,
        &args("assistant", save_s, speech_s, &["--color", "black"]),
        input,
    );
    // The assistant's screen shows that the seal was taken.
    index_of(&r.lines, "White seals move 2");
    let secret = [
        "Nf3",
        "g1f3",
        "Springer Felix drei",
        "Felix drei",
        "Gustav vier",
        "Ng4",
    ];
    let heard = spoken(&speech);
    assert!(
        heard.iter().any(|s| s.starts_with("White seals move 2")),
        "the adjournment is an event the player hears: {heard:#?}"
    );
    for s in &heard {
        for word in secret {
            assert!(!s.contains(word), "heard {word:?} in {s:?}: {heard:#?}");
        }
        // Not a letter of the assistant's typing either (no key echo in line mode).
        assert!(s.chars().count() > 3, "{s:?}");
    }
    let log = std::fs::read_to_string(dir.join("g.pgn.log.txt")).unwrap();
    for word in secret {
        assert!(!log.contains(word), "{word:?} in the action log:\n{log}");
    }
    assert_eq!(
        log.matches("\tseal (move hidden until open)\t").count(),
        2,
        "{log}"
    );
    assert!(
        log.contains("Sealed move refused (the reason is not kept"),
        "{log}"
    );
    // The move typed again without `seal` while adjourned: refused, and its text not kept.
    assert!(
        log.contains("\tan entry refused while the game is adjourned (not kept"),
        "{log}"
    );
    let envelope = std::fs::read_to_string(dir.join("g.pgn.envelope.ron")).unwrap();
    for word in secret {
        assert!(
            !envelope.contains(word),
            "{word:?} in the envelope:\n{envelope}"
        );
    }
    assert!(envelope.contains("sealed_move_coded"), "{envelope}");
    // `log` and `envelope` on the screen do not show it either.
    let shown = r.lines.join("\n");
    let after_seal = &shown[shown.find("White seals move 2").unwrap()..];
    for word in secret {
        assert!(!after_seal.contains(word), "{word:?} shown: {after_seal}");
    }
    assert!(
        after_seal.contains("seal (move hidden until open)"),
        "{after_seal}"
    );

    // Resumed: the envelope is opened, the move played, said and logged.
    let r = hector(
        &dir,
        &args(
            "assistant",
            save_s,
            speech_s,
            &["--color", "black", "--load", save_s],
        ),
        "open\nquit\n",
    );
    index_of(&r.lines, "Envelope opened");
    assert!(
        spoken(&speech).iter().any(|s| s == "Springer Felix drei"),
        "{:#?}",
        spoken(&speech)
    );
    let log = std::fs::read_to_string(dir.join("g.pgn.log.txt")).unwrap();
    assert!(
        log.lines()
            .any(|l| l.contains("\topen\t") && l.contains("Springer Felix drei")),
        "{log}"
    );
    let pgn = std::fs::read_to_string(&save).unwrap();
    assert!(pgn.contains("2. Nf3"), "{pgn}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Fault 17: the operator's prompts and questions are the assistant's: "Enter Black's right move", the
/// resignation and the rewind question with their reminders, "Resignation cancelled" and "Rewind cancelled" are
/// shown, not heard. The blind player
/// hears that a move was withdrawn and the correction.
#[test]
fn assistant_mode_operator_prompts_and_questions_are_not_heard() {
    let dir = folder("prompts");
    let save = dir.join("g.pgn");
    let speech = dir.join("speech.log");
    let (save_s, speech_s) = (save.to_str().unwrap(), speech.to_str().unwrap());
    let input = "e4\npress\ne6\nundo\ne5\npress\nresign black\ntime\nboard\nno\n\
                 compare 1. e4 c5\nrewind\nfoo\nno\nquit\n";
    let r = hector(
        &dir,
        &args("assistant", save_s, speech_s, &["--color", "black"]),
        input,
    );
    for shown in [
        "Enter Black's right move",
        "Resign the game for Black? Type yes or no",
        "Please answer yes or no. Resign the game for Black?",
        "Please answer yes or no",
        "Resignation cancelled",
        "Rewind the game to after move 1, White",
        "Please answer yes or no. Rewind the game",
        "Rewind cancelled",
    ] {
        index_of(&r.lines, shown);
    }
    let heard = spoken(&speech);
    assert!(
        heard
            .iter()
            .any(|s| s == "Withdrawn before the clock press (Appendix D.2.8): Bauer Eva sechs"),
        "{heard:#?}"
    );
    assert!(
        heard.iter().any(|s| s == "Correction: Bauer Eva fünf"),
        "{heard:#?}"
    );
    for s in &heard {
        for not_heard in [
            "right move",
            "Resign",
            "answer yes or no",
            "Resignation",
            "Enter",
            "Rewind",
        ] {
            assert!(!s.contains(not_heard), "heard {s:?}: {heard:#?}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Fault 17: while the game is adjourned, the record is read and the player's requests answered (moves and
/// presses wait for `open`), in record and in assistant mode; in assistant mode the player's answers are heard.
#[test]
fn while_adjourned_the_record_and_the_players_requests_are_answered() {
    for mode in ["record", "assistant"] {
        let dir = folder(&format!("adjourned-{mode}"));
        let save = dir.join("g.pgn");
        let speech = dir.join("speech.log");
        let (save_s, speech_s) = (save.to_str().unwrap(), speech.to_str().unwrap());
        let input = "e4\npress\ne5\npress\nseal Nf3\nscoresheet\nplayer: time\nrepeat\nplayer: count\n\
                     player: repeat\nplayer: last\nlog 1\nNc3\npress\nquit\n";
        let r = hector(&dir, &args(mode, save_s, speech_s, &[]), input);
        let l = &r.lines;
        let seal = index_of(l, "White seals move 2");
        let l = &l[seal + 1..];
        assert!(
            l[0].starts_with("Scoresheet: 1. Bauer Eva vier"),
            "{mode}: {l:#?}"
        );
        assert!(
            l[1].starts_with("White 1 hour 30 minutes"),
            "{mode}: {l:#?}"
        );
        assert_eq!(l[2], l[1], "{mode}: repeat says the last answer again");
        assert!(l[3].starts_with("Move 2, White to move"), "{mode}: {l:#?}");
        assert_eq!(l[4], l[3], "{mode}: player: repeat");
        assert_eq!(l[5], "Last move, Black 1: Bauer Eva fünf", "{mode}");
        assert!(l[6].starts_with("Action log, entries"), "{mode}: {l:#?}");
        assert!(
            l[7].starts_with("The game is adjourned"),
            "{mode}: a move waits: {l:#?}"
        );
        assert!(
            l[8].starts_with("The game is adjourned"),
            "{mode}: a press waits: {l:#?}"
        );
        let heard = spoken(&speech);
        for request in [
            "White 1 hour 30 minutes",
            "Move 2, White to move",
            "Last move, Black 1",
        ] {
            assert!(
                heard.iter().any(|s| s.starts_with(request)),
                "{mode}: {request:?} heard: {heard:#?}"
            );
        }
        let pgn = std::fs::read_to_string(&save).unwrap();
        assert!(!pgn.contains("Nc3"), "{pgn}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Fault 17: in record mode the player is the operator: his request keys (`player: ...`, F7-F11 on the full
/// screen) are answered as in assistant mode, and heard.
#[test]
fn record_mode_the_players_requests_are_answered() {
    let dir = folder("record-requests");
    let save = dir.join("g.pgn");
    let speech = dir.join("speech.log");
    let (save_s, speech_s) = (save.to_str().unwrap(), speech.to_str().unwrap());
    let input = "e4\npress\nplayer: time\nplayer: used\nplayer: count\nplayer: last\nplayer: repeat\nquit\n";
    let r = hector(&dir, &args("record", save_s, speech_s, &[]), input);
    let l = &r.lines;
    let first = index_of(l, "Clock pressed by White") + 1;
    let l = &l[first..];
    assert!(l[0].starts_with("White 1 hour 30 minutes"), "{l:#?}");
    assert!(l[1].starts_with("Time used:"), "{l:#?}");
    assert!(l[2].starts_with("Move 1, Black to move"), "{l:#?}");
    assert_eq!(l[3], "Last move, White 1: Bauer Eva vier");
    assert_eq!(l[4], l[3]);
    assert!(
        !r.lines.iter().any(|s| s.contains("player: is for")),
        "{l:#?}"
    );
    let heard = spoken(&speech);
    assert!(
        heard.iter().any(|s| s.starts_with("Time used:")),
        "{heard:#?}"
    );
    let log = std::fs::read_to_string(dir.join("g.pgn.log.txt")).unwrap();
    assert!(
        log.contains("\tplayer\tplayer: time\tWhite 1 hour"),
        "{log}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Fault 18, line mode: a line that is not an answer leaves the question open and changes nothing; the first
/// hears the question again with its answers, the next ones a short reminder; `?` says the question again.
#[test]
fn line_mode_a_question_takes_its_answers_and_reminds_once() {
    let dir = folder("question");
    let save = dir.join("g.pgn");
    let speech = dir.join("speech.log");
    let (save_s, speech_s) = (save.to_str().unwrap(), speech.to_str().unwrap());
    let input = "e4\npress\nresign white\ntime\nboard\ne5\n?\nno\ne5\nquit\n";
    let r = hector(&dir, &args("record", save_s, speech_s, &[]), input);
    let l = &r.lines;
    let q = index_of(l, "Resign the game for White? Type yes or no");
    assert_eq!(
        l[q + 1],
        "Please answer yes or no. Resign the game for White? Type yes or no"
    );
    assert_eq!(l[q + 2], "Please answer yes or no");
    assert_eq!(
        l[q + 3],
        "Please answer yes or no",
        "e5 is not played while the question is open"
    );
    assert_eq!(
        l[q + 4],
        "Please answer yes or no. Resign the game for White? Type yes or no"
    );
    assert_eq!(l[q + 5], "Resignation cancelled");
    assert_eq!(l[q + 6], "Bauer Eva fünf");
    let pgn = std::fs::read_to_string(&save).unwrap();
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert_eq!(
        pgn.matches(" e5 ").count(),
        1,
        "e5 played once, after the answer: {pgn}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Line mode: in assistant mode the blind player's requests are answered at once whatever question
/// the assistant has open (the resignation question, an entry that does not fit the record); they neither
/// answer nor re-ask it, the question stays open for the assistant, and the action log has them as the blind
/// player's.
#[test]
fn assistant_mode_the_players_requests_are_answered_while_the_assistant_is_asked() {
    let dir = folder("requests-in-question");
    let save = dir.join("g.pgn");
    let speech = dir.join("speech.log");
    let (save_s, speech_s) = (save.to_str().unwrap(), speech.to_str().unwrap());
    let input = "e4\npress\ne5\npress\nresign black\nplayer: time\nplayer: count\nplayer: last\n\
                 no\nKe3\nplayer: used\nNf3\nquit\n";
    let r = hector(
        &dir,
        &args(
            "assistant",
            save_s,
            speech_s,
            &["--color", "black", "--opponent", "human"],
        ),
        input,
    );
    let l = &r.lines;
    let q = index_of(l, "Resign the game for Black? Type yes or no");
    assert!(l[q + 1].starts_with("White 1 hour 30 minutes"), "{l:#?}");
    assert_eq!(
        l[q + 2],
        "Move 2, White to move; 1 move completed",
        "{l:#?}"
    );
    assert_eq!(l[q + 3], "Last move, Black 1: Bauer Eva fünf", "{l:#?}");
    // The question was neither answered nor re-asked: `no` answers it now.
    assert_eq!(l[q + 4], "Resignation cancelled", "{l:#?}");
    assert!(
        !l.iter().any(|s| s.contains("Please answer yes or no")),
        "{l:#?}"
    );
    // An entry that does not fit stays open for the assistant through the player's request.
    let fit = index_of(l, "does not fit the record");
    assert!(l[fit + 1].starts_with("Time used:"), "{l:#?}");
    assert_eq!(l[fit + 2], "Springer Felix drei", "{l:#?}");
    let heard = spoken(&speech);
    for request in [
        "White 1 hour 30 minutes",
        "Move 2, White to move; 1 move completed",
        "Last move, Black 1: Bauer Eva fünf",
        "Time used:",
    ] {
        assert!(
            heard.iter().any(|s| s.starts_with(request)),
            "{request:?} heard: {heard:#?}"
        );
    }
    assert!(
        !heard
            .iter()
            .any(|s| s.contains("Resign") || s.contains("answer yes or no")),
        "{heard:#?}"
    );
    let log = std::fs::read_to_string(dir.join("g.pgn.log.txt")).unwrap();
    for request in ["time", "count", "last", "used"] {
        assert!(
            log.contains(&format!("\tblind-player\tplayer: {request}\t")),
            "{request}: {log}"
        );
    }
    let pgn = std::fs::read_to_string(&save).unwrap();
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(pgn.contains("2. Nf3"), "{pgn}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// In assistant mode (`--assistant-speech player`, the default) the blind player hears only what
/// docs/tournament.md's table lists: `player: count` is the moves completed, nothing about a press; the
/// arbiter's corrections and the answers to the assistant's own commands (`export`, a `save` that fails) are
/// shown, not heard; a correction reaches him when he asks for the time or the count.
#[test]
fn assistant_mode_the_player_hears_no_presses_corrections_or_the_assistants_files() {
    let dir = folder("only-his");
    let save = dir.join("g.pgn");
    let speech = dir.join("speech.log");
    let (save_s, speech_s) = (save.to_str().unwrap(), speech.to_str().unwrap());
    let input = "e4\npress\ne5\nplayer: count\narbiter time white 1h20m\narbiter add black 2m\n\
                 arbiter moves white 1\nexport out\nsave /proc/nowhere/x.pgn\nsave\nplayer: time\n\
                 player: count\nquit\n";
    let r = hector(
        &dir,
        &args(
            "assistant",
            save_s,
            speech_s,
            &["--color", "black", "--opponent", "human"],
        ),
        input,
    );
    let l = &r.lines;
    // The assistant sees every answer.
    for shown in [
        "Arbiter: White's time set to 1 hour 20 minutes",
        "Scoresheet written",
        "/proc/nowhere/x.pgn",
    ] {
        index_of(l, shown);
    }
    let heard = spoken(&speech);
    assert!(
        heard
            .iter()
            .any(|s| s == "Move 2, White to move; 1 move completed"),
        "the count of the board, nothing about the press: {heard:#?}"
    );
    assert!(
        heard
            .iter()
            .any(|s| s.starts_with("White 1 hour 20 minutes")),
        "the corrected time, when he asks: {heard:#?}"
    );
    assert!(
        heard
            .iter()
            .any(|s| s.contains("the clock's move counter, as the arbiter set it")),
        "the corrected counter, when he asks: {heard:#?}"
    );
    for s in &heard {
        for not_heard in [
            "waits for the clock press",
            "Clock pressed",
            "Arbiter",
            "Scoresheet",
            "export",
            "out/",
            "x.pgn",
            "g.pgn",
            "saved",
            "Saved",
        ] {
            assert!(!s.contains(not_heard), "heard {s:?}: {heard:#?}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The clock press is never lost. Typed while a question of the game is open (the resignation, a
/// press without a move), it leaves the question as its no, said, and is carried out; a `yes` after it answers
/// nothing. The start's question takes only its answers.
#[test]
fn the_press_leaves_a_question_and_is_carried_out() {
    for mode in ["record", "assistant"] {
        let dir = folder(&format!("press-leaves-{mode}"));
        let save = dir.join("g.pgn");
        let speech = dir.join("speech.log");
        let (save_s, speech_s) = (save.to_str().unwrap(), speech.to_str().unwrap());
        let input = "e4\npress\ne5\nresign black\npress\nyes\npress\npress\nstate\nquit\n";
        let r = hector(
            &dir,
            &args(mode, save_s, speech_s, &["--opponent", "human"]),
            input,
        );
        let l = &r.lines;
        let q = index_of(l, "Resign the game for Black? Type yes or no");
        assert_eq!(l[q + 1], "Resignation cancelled", "{mode}: {l:#?}");
        assert!(
            l[q + 2].starts_with("Clock pressed by Black"),
            "{mode}: {l:#?}"
        );
        assert_eq!(
            l[q + 3],
            "Nothing to confirm",
            "{mode}: the yes answers nothing: {l:#?}"
        );
        // A press without a move (White has not moved) asks; the next press leaves that question and asks again.
        assert!(
            l[q + 4].starts_with("A press without a move by White"),
            "{mode}: {l:#?}"
        );
        assert!(l[q + 5].starts_with("Not recorded"), "{mode}: {l:#?}");
        assert!(
            l[q + 6].starts_with("A press without a move by White"),
            "{mode}: {l:#?}"
        );
        let pgn = std::fs::read_to_string(&save).unwrap();
        assert!(pgn.contains("[Result \"*\"]"), "{mode}: {pgn}");
        assert!(
            !pgn.contains("Illegal move"),
            "{mode}: nothing recorded: {pgn}"
        );
        let log = std::fs::read_to_string(dir.join("g.pgn.log.txt")).unwrap();
        assert!(
            log.lines()
                .any(|e| e.contains("\tpress\tResignation cancelled\tClock pressed by Black")),
            "{mode}: {log}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
