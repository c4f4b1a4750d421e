//! End-to-end: one rule for game files: a game file that exists is never replaced, the
//! clock's state and the made move are kept with every save, and a resumed game goes on exactly there.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;

mod common;

use common::RECORD;

/// hector in `dir` with the record-mode options (`R`, see tests/common) and `extra`, fed `input`.
fn record(dir: &Path, extra: &[&str], input: &str) -> Vec<String> {
    let mut args = RECORD.to_vec();
    args.push("en");
    args.extend_from_slice(extra);
    let run = common::run_in(dir, &args, input.as_bytes());
    assert_eq!(run.code, 0, "{run:?}");
    run.lines
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The files in a folder (names), sorted; none when it is missing.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

fn kept_dir(dir: &Path) -> PathBuf {
    dir.join("data/hector/kept")
}

fn line_with<'a>(lines: &'a [String], needle: &str) -> &'a str {
    lines
        .iter()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in {lines:#?}"))
}

#[test]
fn a_second_start_with_the_same_file_offers_the_unfinished_game_and_no_keeps_it_with_its_log() {
    let d = common::temp_dir("second-start");
    record(&d, &["--save", "g.pgn"], "e4\npress\ne5\npress\nquit\n");
    let first = read(&d.join("g.pgn"));
    let first_log = read(&d.join("g.pgn.log.txt"));
    assert!(first.contains("1. e4"), "{first}");

    // A second start as a player met it: its lines answer the question with something else; nothing is replaced.
    let out = record(&d, &["--save", "g.pgn"], "d4\npress\nquit\n");
    assert!(
        out[0].contains("Your last game is unfinished: move 2, White to move"),
        "{out:?}"
    );
    assert_eq!(read(&d.join("g.pgn")), first, "the first game is untouched");
    assert_eq!(
        read(&d.join("g.pgn.log.txt")),
        first_log,
        "its log is untouched"
    );
    assert!(
        names_in(&kept_dir(&d)).is_empty(),
        "{:?}",
        names_in(&kept_dir(&d))
    );

    // "no": the old game and its log go to the folder of kept games, unchanged; the new game has the file.
    let out = record(&d, &["--save", "g.pgn"], "no\nd4\npress\nquit\n");
    let said = line_with(&out, "The unfinished game is kept;");
    let kept = names_in(&kept_dir(&d));
    let pgn = kept
        .iter()
        .find(|n| n.ends_with(".pgn"))
        .expect("kept game");
    assert!(pgn.starts_with("g_"), "{kept:?}");
    // Said in words; `kept` names the file when asked.
    assert!(!said.contains(pgn.as_str()), "{said}");
    assert_eq!(read(&kept_dir(&d).join(pgn)), first);
    assert_eq!(
        read(&kept_dir(&d).join(format!("{pgn}.log.txt"))),
        first_log
    );
    let now = read(&d.join("g.pgn"));
    assert!(now.contains("1. d4") && !now.contains("e4"), "{now}");
    let log = read(&d.join("g.pgn.log.txt"));
    assert!(log.contains("\td4\t") && !log.contains("\te4\t"), "{log}");
}

#[test]
fn yes_goes_on_with_the_game_in_its_file_and_its_log() {
    let d = common::temp_dir("second-start-yes");
    record(&d, &["--save", "g.pgn"], "e4\npress\nquit\n");
    let out = record(&d, &["--save", "g.pgn"], "yes\ne5\npress\nkept\nquit\n");
    // Nor listed by `kept`.
    assert!(out.iter().any(|l| l == "No games are kept"), "{out:?}");
    assert!(
        out.iter()
            .any(|l| l.starts_with("Game continued: move 1, Black to move")),
        "{out:?}"
    );
    assert!(read(&d.join("g.pgn")).contains("1. e4 {[%clk 1:30:30]} 1... e5"));
    let log = read(&d.join("g.pgn.log.txt"));
    assert!(
        log.find("\te4\t").unwrap() < log.find("\te5\t").unwrap(),
        "{log}"
    );
    // The copy made for a "no" is not left behind.
    assert!(
        names_in(&kept_dir(&d)).is_empty(),
        "{:?}",
        names_in(&kept_dir(&d))
    );
}

#[test]
fn a_finished_game_in_the_file_is_kept_and_the_player_told_where() {
    let d = common::temp_dir("finished-kept");
    record(
        &d,
        &["--save", "g.pgn"],
        "f3\npress\ne5\npress\ng4\npress\nQh4#\n",
    );
    let first = read(&d.join("g.pgn"));
    assert!(first.contains("0-1"), "{first}");
    let out = record(&d, &["--save", "g.pgn"], "d4\npress\nquit\n");
    let said = line_with(&out, "Your last game is kept; kept lists it");
    let kept = names_in(&kept_dir(&d));
    let pgn = kept
        .iter()
        .find(|n| n.ends_with(".pgn"))
        .expect("kept game");
    // Said in words; `kept` names the file when asked.
    assert!(!said.contains(pgn.as_str()), "{said}");
    assert_eq!(read(&kept_dir(&d).join(pgn)), first);
    assert!(read(&d.join("g.pgn")).contains("1. d4"));
}

#[test]
fn play_mode_save_files_are_never_replaced_either() {
    let d = common::temp_dir("play-second-start");
    let play = |input: &str| {
        common::run_in(
            &d,
            &["--line", "--opponent", "human", "--save", "p.pgn"],
            input.as_bytes(),
        )
        .lines
    };
    play("e4\ne5\nquit\n");
    let first = read(&d.join("p.pgn"));
    let out = play("d4\nquit\n");
    assert!(out[0].contains("Your last game is unfinished"), "{out:?}");
    assert_eq!(read(&d.join("p.pgn")), first);
    play("no\nd4\nquit\n");
    let kept = names_in(&kept_dir(&d));
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(read(&kept_dir(&d).join(&kept[0])), first);
}

#[test]
fn two_games_started_in_the_same_second_get_two_files() {
    let d = common::temp_dir("same-second");
    let spawn = |moves: &str| {
        let mut child = common::hector_command(&d)
            .current_dir(&d)
            .args(["--line", "--mode", "record", "--speech", "off"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(moves.as_bytes())
            .unwrap();
        child
    };
    // Both start before either saves: the same second, the same default name before files were claimed at once.
    let a = spawn("e4\npress\nquit\n");
    let b = spawn("d4\npress\nquit\n");
    a.wait_with_output().unwrap();
    b.wait_with_output().unwrap();
    let games = d.join("data/hector/games");
    let pgns: Vec<String> = names_in(&games)
        .into_iter()
        .filter(|n| n.ends_with(".pgn"))
        .collect();
    assert_eq!(pgns.len(), 2, "{pgns:?}");
    let texts: Vec<String> = pgns.iter().map(|n| read(&games.join(n))).collect();
    assert!(texts.iter().any(|t| t.contains("1. e4")), "{texts:?}");
    assert!(texts.iter().any(|t| t.contains("1. d4")), "{texts:?}");
}

/// Resuming must not lose a made move or give back time: the game as it stands after `Nf3` made, not completed,
/// with 3 minutes of White's thinking since the last press.
const MADE_NF3: &str = "wait 1m\ne4\npress\nwait 2m\ne5\npress\nwait 3m\nNf3\n";

/// After resumption: Nf3 made, not completed, White's clock running at 1:26:30; `undo` withdraws it and the
/// press completes White's move (not Black's illegal one).
fn goes_on_with_nf3_made(out: &[String]) {
    assert!(
        out.iter()
            .any(|l| l == "White's Springer Felix drei is made and waits for the clock press"),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("The physical clock rules")),
        "{out:?}"
    );
    assert!(
        out.iter().any(|l| l
            == "White's Springer Felix drei is made, not completed: the clock has not been pressed; White's clock runs"),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l == "White 1 hour 26 minutes 30 seconds, Black 1 hour 28 minutes 30 seconds"),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("Withdrawn before the clock press")
                && l.contains("Springer Felix drei")),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l == "Clock pressed by White: Black's clock runs"),
        "{out:?}"
    );
    assert!(!out.iter().any(|l| l.contains("llegal")), "{out:?}");
}

#[test]
fn a_loaded_game_goes_on_with_its_made_move_and_its_clocks_in_its_own_file() {
    let d = common::temp_dir("resume-made");
    record(&d, &["--save", "g.pgn"], MADE_NF3);
    let log_before = read(&d.join("g.pgn.log.txt"));
    // --load without --save goes on in the same file and the same log.
    let out = record(
        &d,
        &["--load", "g.pgn"],
        "state\ntime\nundo\nNf3\npress\ntime\nquit\n",
    );
    goes_on_with_nf3_made(&out);
    assert!(
        !out.iter().any(|l| l.contains("The game is kept in")),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l == "White 1 hour 27 minutes, Black 1 hour 28 minutes 30 seconds"),
        "{out:?}"
    );
    let pgn = read(&d.join("g.pgn"));
    assert!(pgn.contains("2. Nf3 {[%clk 1:27:00]} *"), "{pgn}");
    let log = read(&d.join("g.pgn.log.txt"));
    assert!(
        log.starts_with(log_before.trim_end()),
        "the log goes on:\n{log}"
    );
    assert!(log.contains("\tundo\t"), "{log}");
    assert!(names_in(&d.join("data/hector/games")).is_empty());
}

#[test]
fn waiting_without_a_move_then_quitting_keeps_the_time_used() {
    let d = common::temp_dir("resume-wait");
    record(&d, &["--save", "g.pgn"], "e4\npress\nwait 5m\nquit\n");
    let out = record(&d, &["--load", "g.pgn"], "time\nstate\ncount\n");
    // The counters restored are not the arbiter's corrections.
    assert!(
        out.iter()
            .any(|l| l == "Move 1, Black to move; 0 moves completed"),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l == "White 1 hour 30 minutes 30 seconds, Black 1 hour 25 minutes"),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l.contains("completed") && l.contains("Black's clock runs")),
        "{out:?}"
    );
}

#[test]
fn after_kill_9_the_game_goes_on_from_the_last_entry() {
    let d = common::temp_dir("resume-kill");
    let mut args = RECORD.to_vec();
    args.extend(["en", "--save", "g.pgn"]);
    let mut child = common::hector_command(&d)
        .current_dir(&d)
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(MADE_NF3.as_bytes()).unwrap();
    stdin.flush().unwrap();
    // Killed once Nf3 is announced (announced only after it is saved), with stdin still open.
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    assert!(
        lines.any(|l| l.is_ok_and(|l| l == "Springer Felix drei")),
        "Nf3 announced"
    );
    child.kill().unwrap();
    child.wait().unwrap();
    drop(stdin);
    let out = record(&d, &["--load", "g.pgn"], "state\ntime\nundo\nNf3\npress\n");
    goes_on_with_nf3_made(&out);
}

#[test]
fn with_a_real_clock_the_time_since_the_last_save_is_charged_to_the_running_clock() {
    let d = common::temp_dir("resume-charged");
    let args = [
        "--line", "--mode", "record", "--time", "90m+30s", "--save", "g.pgn",
    ];
    common::run_in(&d, &args, b"e4\npress\n");
    std::thread::sleep(std::time::Duration::from_millis(2200));
    let mut load = args.to_vec();
    load.extend(["--load", "g.pgn"]);
    let out = common::run_in(&d, &load, b"time\n").lines;
    let charged = line_with(&out, "passed since the last save; charged to Black");
    assert!(
        charged.starts_with("2 seconds") || charged.starts_with("3 seconds"),
        "{charged}"
    );
    let time = line_with(&out, "White 1 hour 30 minutes");
    assert!(
        time.contains("Black 1 hour 29 minutes 57 seconds")
            || time.contains("Black 1 hour 29 minutes 58 seconds"),
        "{time}"
    );
}

#[test]
fn play_mode_autosave_resumes_its_clock_where_it_stood() {
    let d = common::temp_dir("autosave-clock");
    let args = [
        "--line",
        "--autosave",
        "--opponent",
        "human",
        "--time",
        "5m",
        "--virtual-clock",
    ];
    common::run_in(&d, &args, b"e4\nwait 1m\nquit\n");
    let out = common::run_in(&d, &args, b"yes\ntime\n").lines;
    assert!(
        out.iter()
            .any(|l| l.starts_with("The clock is restored as it was kept: Black's clock runs")),
        "{out:?}"
    );
    assert!(
        out.iter().any(|l| l == "White 5 minutes, Black 4 minutes"),
        "{out:?}"
    );
}

#[test]
fn export_never_replaces_another_games_files_and_names_a_file_in_the_way() {
    let d = common::temp_dir("export-other-game");
    let play = |input: &str| {
        common::run_in(
            &d,
            &["--line", "--opponent", "human", "--no-autosave"],
            input.as_bytes(),
        )
        .lines
    };
    play("e4\nexport out\nquit\n");
    // Another game with the same headers: the next free name; the same game exported again: its own files.
    let out = play("d4\nexport out\ne5\nexport out\nquit\n");
    assert_eq!(
        out.iter()
            .filter(|l| l.contains("out/game-2.pgn, out/game-2.txt, out/game-2.brf"))
            .count(),
        2,
        "{out:?}"
    );
    assert!(read(&d.join("out/game.pgn")).contains("1. e4 *"));
    assert!(read(&d.join("out/game-2.pgn")).contains("1. d4 e5 *"));
    assert!(read(&d.join("out/game.txt")).contains("e4"));
    std::fs::write(d.join("afile"), "mine").unwrap();
    let out = play("e4\nexport afile\n");
    assert!(
        out.iter().any(
            |l| l == "Could not write the scoresheet into afile: afile is a file, not a folder"
        ),
        "{out:?}"
    );
    assert_eq!(read(&d.join("afile")), "mine");
}

#[test]
fn the_arbiter_corrects_time_and_the_move_counter_by_words_and_count_says_the_correction() {
    let d = common::temp_dir("arbiter-corrections");
    let out = record(
        &d,
        &["--save", "g.pgn"],
        "e4\npress\ne5\npress\narbiter moves 40\ncount\narbiter time white 1h20m\ntime\narbiter moves black 38\ncount\narbiter set black 10m\ntime\n",
    );
    assert!(
        out.iter()
            .any(|l| l == "Arbiter: the move counter set: White 40 moves completed, Black 40"),
        "{out:?}"
    );
    assert!(
        out.iter().any(|l| l
            == "Move 2, White to move; 1 move completed; the clock's move counter, as the arbiter set it: White 40, Black 40"),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l == "Arbiter: White's time set to 1 hour 20 minutes"),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l == "White 1 hour 20 minutes, Black 1 hour 30 minutes 30 seconds"),
        "{out:?}"
    );
    // The older forms still work.
    assert!(
        out.iter()
            .any(|l| l.ends_with("as the arbiter set it: White 40, Black 38")),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l == "White 1 hour 20 minutes, Black 10 minutes"),
        "{out:?}"
    );
    // Each correction is in the arbiter's log with what was said back.
    let log = read(&d.join("g.pgn.log.txt"));
    for entry in [
        "arbiter\tarbiter moves 40\tArbiter: the move counter set",
        "arbiter\tarbiter time white 1h20m\tArbiter: White's time set to 1 hour 20 minutes",
    ] {
        assert!(log.contains(entry), "{entry:?} in\n{log}");
    }
    // The corrected counter is kept with the game and goes on after resumption.
    let pgn = read(&d.join("g.pgn"));
    assert!(
        pgn.contains("white=4800000/0/40/0 black=600000/0/38/0"),
        "{pgn}"
    );
}

#[test]
fn an_adjourned_game_in_the_file_is_offered_with_its_envelope() {
    let d = common::temp_dir("adjourned-offer");
    record(
        &d,
        &["--save", "g.pgn"],
        "e4\npress\ne5\npress\nseal Nf3\nquit\n",
    );
    let envelope = read(&d.join("g.pgn.envelope.ron"));
    // Left unanswered: nothing changes, nothing is left in the folder of kept games.
    record(&d, &["--save", "g.pgn"], "");
    assert_eq!(read(&d.join("g.pgn.envelope.ron")), envelope);
    assert!(
        names_in(&kept_dir(&d)).is_empty(),
        "{:?}",
        names_in(&kept_dir(&d))
    );
    let out = record(&d, &["--save", "g.pgn"], "yes\nopen\nquit\n");
    assert!(
        out.iter()
            .any(|l| l.starts_with("This game is adjourned; White sealed move 2")),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l == "Springer Felix drei"), "{out:?}");
    assert!(read(&d.join("g.pgn")).contains("2. Nf3"));
    assert!(
        names_in(&kept_dir(&d)).is_empty(),
        "{:?}",
        names_in(&kept_dir(&d))
    );
}

/// Three short games in one file, each with its own tags, none finished.
/// A tournament mode's session on the file of several games `games.pgn`.
fn several_args(mode: &str) -> [&str; 9] {
    [
        "--line",
        "--mode",
        mode,
        "--load",
        "games.pgn",
        "--speech",
        "off",
        "--language",
        "en",
    ]
}

const THREE_UNFINISHED: &str = "[Event \"First\"]\n[White \"Anna\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"Second\"]\n[White \"Carl\"]\n[Black \"Dora\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 *\n\n[Event \"Third\"]\n[White \"Emil\"]\n[Black \"Fay\"]\n[Result \"*\"]\n\n1. c4 c5 *\n";

/// In the tournament rooms: a game chosen from a file of several, played on and left (with or without
/// `export` into the file's own folder), is written back to its place; the other games of the file stay byte for
/// byte, in record mode and in assistant mode, whichever game is chosen. (The scoresheet files left beside the
/// game on leaving once wrote the chosen game alone over the whole file.)
#[test]
fn a_tournament_game_chosen_from_a_file_of_several_keeps_the_others() {
    let starts = [
        THREE_UNFINISHED.find("[Event \"First\"]").unwrap(),
        THREE_UNFINISHED.find("[Event \"Second\"]").unwrap(),
        THREE_UNFINISHED.find("[Event \"Third\"]").unwrap(),
        THREE_UNFINISHED.len(),
    ];
    let game = |n: usize| &THREE_UNFINISHED[starts[n]..starts[n + 1]];
    // The move entered in each game, and the game's moves after it.
    let played = [
        ("Nc6", "1. e4 e5 2. Nf3 Nc6 *"),
        ("e6", "1. d4 d5 2. c4 e6 *"),
        ("Nc3", "1. c4 c5 2. Nc3 *"),
    ];
    for mode in ["record", "assistant"] {
        for export in ["", "export .\n"] {
            for (n, (entry, moves)) in played.iter().enumerate() {
                let d = common::temp_dir("tournament-several");
                std::fs::write(d.join("games.pgn"), THREE_UNFINISHED).unwrap();
                let input = format!("{}\n{entry}\npress\n{export}quit\n", n + 1);
                let args = several_args(mode);
                let run = common::run_in(&d, &args, input.as_bytes());
                assert_eq!(run.code, 0, "{run:?}");
                let said = format!("Game {} of games.pgn; only this game is saved", n + 1);
                assert!(
                    run.lines.iter().any(|l| l.starts_with(&said)),
                    "{mode}: {:?}",
                    run.lines
                );
                let after = read(&d.join("games.pgn"));
                let why = format!("{mode}, game {} chosen{}:\n{after}", n + 1, export.trim());
                for other in (0..3).filter(|o| *o != n) {
                    assert!(
                        after.contains(game(other)),
                        "game {} kept byte for byte ({why})",
                        other + 1
                    );
                }
                // The chosen game at its place, with its new move: the games in their order.
                let report = hector::rules::pgn::import(&after);
                assert!(report.errors.is_empty(), "{:?} ({why})", report.errors);
                assert_eq!(report.games.len(), 3, "{why}");
                let events = ["First", "Second", "Third"];
                for (g, event) in report.games.iter().zip(events) {
                    assert_eq!(g.tags.get("Event"), Some(event), "{why}");
                }
                let ours = format!("[Event \"{}\"]", events[n]);
                assert!(after[after.find(&ours).unwrap()..].contains(moves), "{why}");
                assert!(
                    report.games[n].tags.get("HectorGame").is_some(),
                    "the chosen game is the one saved ({why})"
                );
            }
        }
    }
}

/// The scoresheet files left beside each game of a file of several (D.2.7) are that game's: leaving game 1 and then
/// game 2 of the same file in two sessions leaves two sets of files, neither written over the other's.
#[test]
fn each_game_of_a_file_of_several_keeps_its_own_scoresheet_files() {
    let d = common::temp_dir("tournament-several-sheets");
    std::fs::write(d.join("games.pgn"), THREE_UNFINISHED).unwrap();
    let args = several_args("record");
    for input in ["1\nNc6\npress\nquit\n", "2\ne6\npress\nquit\n"] {
        let run = common::run_in(&d, &args, input.as_bytes());
        assert_eq!(run.code, 0, "{run:?}");
    }
    let sheets: Vec<String> = names_in(&d)
        .into_iter()
        .filter(|n| n.ends_with(".txt") && !n.contains(".log"))
        .collect();
    assert_eq!(sheets.len(), 2, "{sheets:?}");
    let texts: Vec<String> = sheets.iter().map(|n| read(&d.join(n))).collect();
    assert!(
        texts.iter().any(|t| t.contains("Anna")) && texts.iter().any(|t| t.contains("Carl")),
        "each game's scoresheet: {texts:#?}"
    );
    // The file still holds the three games, both sessions' moves in their places.
    let after = read(&d.join("games.pgn"));
    assert!(
        after.contains("2. Nf3 Nc6 *") && after.contains("2. c4 e6 *"),
        "{after}"
    );
    assert_eq!(hector::rules::pgn::import(&after).games.len(), 3, "{after}");
}
