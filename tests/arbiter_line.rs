//! End-to-end: the arbiter's commands in record mode through the real binary in line mode:
//! the clock's own formats and signed changes, the reason of a refused line, cancelling an illegal move recorded
//! by mistake, correcting the result of a finished game; `hector --verify` comparing the action log with the
//! game beside it; and a game whose file lacks an action its log holds, completed when it is loaded.

use std::path::Path;

mod common;

/// `R`: record mode, 90 minutes plus 30 seconds, the virtual clock, no speech, English, `g.pgn`;
/// both sides typed at the keyboard (`--opponent human`).
fn r_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = common::RECORD.to_vec();
    a.extend(["en", "--save", "g.pgn", "--opponent", "human"]);
    a.extend_from_slice(extra);
    a
}

fn run(dir: &Path, extra: &[&str], input: &str) -> common::Run {
    common::run_in(dir, &r_args(extra), input.as_bytes())
}

/// The line printed in answer that contains `needle` (the test fails naming every line when none does).
fn line_with<'a>(r: &'a common::Run, needle: &str) -> &'a str {
    let i = common::index_of(&r.lines, needle);
    &r.lines[i]
}

fn pgn_of(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("g.pgn")).expect("the game is kept")
}

fn log_of(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("g.pgn.log.txt")).expect("the action log is kept")
}

/// `hector --verify g.pgn` in `dir`: its answer and exit code.
fn verify(dir: &Path) -> (String, i32) {
    let r = common::run_in(dir, &["--verify", "g.pgn", "--language", "en"], b"");
    (r.lines.join("\n"), r.code)
}

/// `arbiter time black 1:20:00` (the clock's own format), `arbiter add white -2m` (a signed change)
/// and `arbiter time b 80m` are carried out; a refused line says why, not only the list of commands.
#[test]
fn the_arbiter_writes_times_as_the_clock_shows_them_and_signed_changes() {
    let dir = common::temp_dir("arbiter-formats");
    let r = run(
        &dir,
        &[],
        "e4\npress\narbiter time black 1:20:00\ntime\narbiter add white -2m\ntime\n\
         arbiter time b 80m\narbiter time white 45:00\ntime\narbiter time white +1m30s\ntime\n\
         arbiter add white 2x\narbiter time purple 3m\narbiter frobnicate\narbiter add white\n\
         arbiter moves many\ntime\n",
    );
    let times: Vec<&String> = r
        .lines
        .iter()
        .filter(|l| l.starts_with("White ") && l.contains(", Black "))
        .collect();
    assert_eq!(
        times,
        [
            "White 1 hour 30 minutes 30 seconds, Black 1 hour 20 minutes",
            "White 1 hour 28 minutes 30 seconds, Black 1 hour 20 minutes",
            "White 45 minutes, Black 1 hour 20 minutes",
            "White 46 minutes 30 seconds, Black 1 hour 20 minutes",
            "White 46 minutes 30 seconds, Black 1 hour 20 minutes",
        ],
        "{:#?}",
        r.lines
    );
    assert!(line_with(&r, "2 minutes taken from White's clock").starts_with("Arbiter"));
    // Each refusal names what was wrong in the line, then the commands.
    for (needle, why) in [
        ("\"2x\" is not a time", "1:20:00"),
        ("\"purple\" is not a side", "white or black"),
        (
            "\"frobnicate\" is not an arbiter command",
            "arbiter commands",
        ),
        ("arbiter add is written: arbiter add SIDE TIME", "SIDE TIME"),
        ("\"many\" is not a number of moves", "moves N"),
    ] {
        assert!(
            line_with(&r, needle).contains(why),
            "{needle}: {:#?}",
            r.lines
        );
    }
    // The corrections are in the clock's audit trail and the action log; the refused lines too, with why.
    let log = log_of(&dir);
    assert!(
        log.contains(
            "arbiter\tarbiter time black 1:20:00\tArbiter: Black's time set to 1 hour 20 minutes"
        ),
        "{log}"
    );
    assert!(log.contains("\"2x\" is not a time"), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An illegal move recorded by mistake is cancelled by the arbiter: its count (the next one is
/// number 1 again) and the 2 minutes it gave the opponent; the record and the log say what was cancelled.
#[test]
fn the_arbiter_cancels_an_illegal_move_recorded_by_mistake() {
    let dir = common::temp_dir("arbiter-cancel");
    let r = run(
        &dir,
        &[],
        "e4\npress\nKe7\nillegal\ntime\narbiter cancel illegal black\ntime\n\
         arbiter cancel illegal black\narbiter cancel illegal white\nKe7\nillegal\n",
    );
    let times: Vec<&String> = r
        .lines
        .iter()
        .filter(|l| l.starts_with("White ") && l.contains(", Black "))
        .collect();
    assert_eq!(
        times,
        [
            "White 1 hour 32 minutes 30 seconds, Black 1 hour 30 minutes",
            "White 1 hour 30 minutes 30 seconds, Black 1 hour 30 minutes",
        ],
        "{:#?}",
        r.lines
    );
    line_with(
        &r,
        "Arbiter: illegal move number 1 by Black cancelled; the 2 minutes it gave White taken back",
    );
    line_with(
        &r,
        "No illegal move by Black is recorded: nothing to cancel",
    );
    line_with(
        &r,
        "No illegal move by White is recorded: nothing to cancel",
    );
    let numbers: Vec<&String> = r
        .lines
        .iter()
        .filter(|l| l.starts_with("Illegal move number"))
        .collect();
    assert_eq!(
        numbers,
        [
            "Illegal move number 1 by Black",
            "Illegal move number 1 by Black"
        ],
        "the cancelled one does not count: {:#?}",
        r.lines
    );
    assert!(
        pgn_of(&dir).contains("illegal move number 1 by Black cancelled"),
        "{}",
        pgn_of(&dir)
    );
    assert!(pgn_of(&dir).contains("illegal=0/1"), "{}", pgn_of(&dir));
    assert!(log_of(&dir).contains(
        "arbiter\tarbiter cancel illegal black\tArbiter: illegal move number 1 by Black cancelled"
    ));
    // Kept over a resumption: the counter is the corrected one.
    let r = run(&dir, &["--load", "g.pgn"], "Ke7\nillegal\n");
    line_with(&r, "Illegal move number 2 by Black");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The second illegal move ended the game, but it was recorded by mistake: cancelling it reopens the
/// game, its clock stopped until the arbiter resumes it, and the game goes on in the same file.
#[test]
fn cancelling_the_illegal_move_that_ended_the_game_lets_it_go_on() {
    let dir = common::temp_dir("arbiter-reopen");
    // A `yes` follows the second `illegal`, for a question that asks before it ends the game.
    let r = run(
        &dir,
        &[],
        "e4\npress\nillegal\nillegal\nyes\nstate\narbiter cancel illegal black\narbiter resume\ne5\npress\ntime\n",
    );
    line_with(&r, "White wins, 1-0");
    let reopened = line_with(&r, "Arbiter: illegal move number 2 by Black cancelled");
    assert!(
        reopened.contains("it had ended the game") && reopened.contains("arbiter resume"),
        "{reopened}"
    );
    line_with(&r, "Bauer Eva fünf");
    let pgn = pgn_of(&dir);
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(pgn.contains("1. e4") && pgn.contains("e5"), "{pgn}");
    assert!(pgn.contains("illegal=0/1"), "{pgn}");
    let (said, code) = verify(&dir);
    assert_eq!(code, 0, "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The result of a finished game is corrected by the arbiter; the answer, the record and the log
/// say what it replaced; a game not over is not "corrected".
#[test]
fn the_arbiter_corrects_the_result_of_a_finished_game() {
    let dir = common::temp_dir("arbiter-result");
    let r = run(
        &dir,
        &[],
        "arbiter result 1-0\ne4\npress\nresign white\nyes\narbiter result 2-0\narbiter result 0-1\n\
         arbiter result 1-0\narbiter win black\n",
    );
    line_with(&r, "The game is not over");
    line_with(&r, "\"2-0\" is not a result");
    line_with(&r, "The result is already 0-1");
    let corrected = line_with(&r, "Arbiter: the result corrected");
    assert!(
        corrected.contains("0-1") && corrected.contains("1-0"),
        "{corrected}"
    );
    // `arbiter win` on a finished game is refused, and says how to correct the result.
    line_with(&r, "To correct the result: arbiter result RESULT");
    let pgn = pgn_of(&dir);
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("Arbiter: the result corrected"), "{pgn}");
    let log = log_of(&dir);
    assert!(
        log.contains("arbiter\tarbiter result 1-0\tArbiter: the result corrected. It was:"),
        "{log}"
    );
    let (said, code) = verify(&dir);
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("result 1-0"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--verify` checks the log against the game beside it: a log cut to its first third of entries
/// is whole as a chain but does not match the game, and says so; the whole log agrees.
#[test]
fn verify_finds_a_log_cut_to_its_first_third() {
    let dir = common::temp_dir("verify-cut");
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
    ];
    let input: String = moves.iter().map(|m| format!("{m}\npress\n")).collect();
    let r = run(&dir, &[], &format!("{input}time\n"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let (said, code) = verify(&dir);
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains("The log agrees with the game beside it: 10 half-moves, the last Be7"),
        "{said}"
    );
    let whole = log_of(&dir);
    let entries: Vec<&str> = whole.lines().filter(|l| l.contains("sha256:")).collect();
    let third = entries.len() / 3;
    let cut: String = whole
        .lines()
        .take_while(|l| !l.contains(&format!("#{} sha256:", third + 1)))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.join("g.pgn.log.txt"), &cut).unwrap();
    let (said, code) = verify(&dir);
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains("is whole and unchanged"),
        "the chain is whole: {said}"
    );
    assert!(said.contains("does not match the game"), "{said}");
    assert!(
        said.contains("entries are missing at the end of the log"),
        "{said}"
    );
    // A game file changed after the log: another move in its place.
    std::fs::write(dir.join("g.pgn.log.txt"), &whole).unwrap();
    let pgn = pgn_of(&dir).replace("Be7", "Bc5");
    std::fs::write(dir.join("g.pgn"), pgn).unwrap();
    let (said, code) = verify(&dir);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("other moves or another result"), "{said}");
    // The arbiter's `verify` in a game compares the log with the game as it stands.
    let dir = common::temp_dir("verify-in-game");
    let r = run(
        &dir,
        &[],
        "e4
press
e5
verify
",
    );
    let said = line_with(&r, "is whole and unchanged");
    assert!(
        said.contains(
            "The log agrees with the game beside it: 2 half-moves, the last e5, result *"
        ),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The game file lacks the last action its log holds (the state a kill leaves between the log's
/// entry and the game's rename; tests/kill.rs makes it with a real kill): `--verify` says so, and loading the
/// game completes it from the log and says so; then the log and the game agree.
#[test]
fn an_action_the_log_holds_and_the_game_lacks_is_recovered_on_loading() {
    let dir = common::temp_dir("recover");
    let r = run(&dir, &[], "e4\npress\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let before = pgn_of(&dir);
    let r = run(&dir, &["--load", "g.pgn"], "e5\n");
    line_with(&r, "Bauer Eva fünf");
    // The game file as it was before e5: the log holds e5, the game does not.
    std::fs::write(dir.join("g.pgn"), &before).unwrap();
    let (said, code) = verify(&dir);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("a save was interrupted"), "{said}");
    let r = run(&dir, &["--load", "g.pgn"], "state\nlog last 2\n");
    line_with(&r, "Recovered after an interruption: Bauer Eva fünf");
    line_with(&r, "Black's Bauer Eva fünf is made, not completed");
    assert!(
        pgn_of(&dir).contains("1... e5") || pgn_of(&dir).contains("1. e4 {[%clk 1:30:30]} e5"),
        "{}",
        pgn_of(&dir)
    );
    let (said, code) = verify(&dir);
    assert_eq!(code, 0, "{said}");
    // An action that cannot be carried out again is said and marked in the log as not carried out.
    let dir2 = common::temp_dir("recover-not");
    let r = run(&dir2, &[], "e4\npress\nresign white\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let before = pgn_of(&dir2);
    let r = run(&dir2, &["--load", "g.pgn"], "resign white\nyes\n");
    line_with(&r, "0-1");
    std::fs::write(dir2.join("g.pgn"), &before).unwrap();
    let r = run(&dir2, &["--load", "g.pgn"], "state\n");
    line_with(&r, "Not carried out after an interruption");
    let log = log_of(&dir2);
    assert!(
        log.contains("Not carried out after an interruption"),
        "{log}"
    );
    let (said, code) = verify(&dir2);
    assert_eq!(code, 0, "the log says what it did not carry out: {said}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&dir2);
}
