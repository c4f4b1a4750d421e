//! The rest of a blind newcomer's first hour, through the real binary in line mode: one rule for both
//! faces on offers and claims, the player's name from the config folder, and the newcomer trial's
//! smaller findings (`quit` says goodbye, words after a command that takes none, the action log's own entries,
//! `help clock`, a home game's rewind).

mod common;

use std::path::Path;

/// Two people at one keyboard with a 5-minute clock plus 2 seconds that stands still but for `wait`.
fn human(extra: &[&'static str]) -> Vec<&'static str> {
    let mut a = vec![
        "--line",
        "--opponent",
        "human",
        "--virtual-clock",
        "--time",
        "5m+2s",
        "--speech",
        "off",
        "--sound",
        "off",
        "--language",
        "en",
        "--no-autosave",
    ];
    a.extend_from_slice(extra);
    a
}

fn run(home: &Path, args: &[&str], input: &str) -> Vec<String> {
    let r = common::run_in(home, args, input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    // The openings reached are left out (tests/analysis_line.rs checks them).
    common::without_openings(r.lines)
}

/// Typed in line mode, `offer` and `claim` act at once (the contract: only `resign` asks); a wrong claim
/// gives the opponent time at once; `resign` and `new` ask first. `help game` says the rule and what a wrong
/// claim costs.
#[test]
fn typed_offer_and_claim_act_at_once_and_help_says_the_rule() {
    let home = common::temp_dir("rule-line");
    let lines = run(
        &home,
        &human(&[]),
        "e4\ne5\noffer\nNf3\nclaim\ntime\nresign\nno\nnew\nno\nhelp game\n",
    );
    let after = |cmd: &str, n: usize| -> Vec<String> {
        let at = lines
            .iter()
            .position(|l| l.starts_with(cmd))
            .unwrap_or_else(|| panic!("{cmd}: {lines:#?}"));
        lines[at..at + n].to_vec()
    };
    assert_eq!(after("Black offers a draw", 1), ["Black offers a draw"]);
    assert!(
        !lines.iter().any(|l| l.starts_with("Offer a draw?")),
        "{lines:#?}"
    );
    let claim = after("Black's draw claim is not correct", 2);
    assert_eq!(
        claim[1], "White gets 1 minute more (Article 9.5.3)",
        "{lines:#?}"
    );
    assert!(
        lines.contains(&"White 6 minutes 4 seconds, Black 5 minutes 2 seconds".to_string()),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Resign the game for Black?")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Start a new game?")),
        "{lines:#?}"
    );
    let help = lines.last().unwrap();
    assert!(help.starts_with("The game: offer, claim"), "{help}");
    assert!(
        help.contains("Typed, a command acts at once: offer and claim are made as you send them; resign and new ask first. A wrong draw claim gives your opponent time added on the clock (Article 9.5.3)."),
        "{help}"
    );
}

/// The PGN of a game against the engine (the default opponent), kept in the data folder's autosave.
fn engine_pgn(home: &Path, extra: &[&str]) -> (Vec<String>, String) {
    let mut args = vec!["--line", "--speech", "off", "--language", "en"];
    args.extend_from_slice(extra);
    let lines = run(home, &args, "");
    let pgn = std::fs::read_to_string(home.join("data/hector/autosave.pgn")).expect("kept");
    (lines, pgn)
}

fn player_ron(home: &Path, text: &str) {
    let dir = home.join("config/hector");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("player.ron"), text).unwrap();
}

/// The player's name comes from player.ron in the config folder, else "Player"; `--white`/`--black`
/// still name it; a name with quotes is written safely; a bad file says why and changes nothing; `--help`
/// names the file.
#[test]
fn the_players_name_comes_from_player_ron() {
    let home = common::temp_dir("player-ron");
    player_ron(&home, "// me\n(name: \"Ann \\\"Ace\\\" O'Neil\")\n");
    let (_, pgn) = engine_pgn(&home, &[]);
    assert!(pgn.contains("[White \"Ann \\\"Ace\\\" O'Neil\"]"), "{pgn}");
    // Playing Black: the name is Black's.
    let home = common::temp_dir("player-ron-black");
    player_ron(&home, "(name: \"Ann\")");
    let (_, pgn) = engine_pgn(&home, &["--color", "black"]);
    assert!(pgn.contains("[Black \"Ann\"]"), "{pgn}");
    // The command line names it still.
    let home = common::temp_dir("player-ron-white");
    player_ron(&home, "(name: \"Ann\")");
    let (_, pgn) = engine_pgn(&home, &["--white", "Bea"]);
    assert!(pgn.contains("[White \"Bea\"]"), "{pgn}");
    // Bad files: a reason, and the name stays "Player".
    for (text, reason) in [
        ("(name: \"\")", "the name is empty"),
        ("(nom: \"Ann\")", "line 1"),
        ("(name: \"a\\nb\")", "control character"),
    ] {
        let home = common::temp_dir("player-ron-bad");
        player_ron(&home, text);
        let (lines, pgn) = engine_pgn(&home, &[]);
        assert!(pgn.contains("[White \"Player\"]"), "{text}: {pgn}");
        let notice = lines
            .iter()
            .find(|l| l.starts_with("Your name in player.ron: "))
            .unwrap_or_else(|| panic!("{text}: {lines:#?}"));
        assert!(notice.contains(reason), "{notice}");
        assert!(notice.ends_with("; the name Player is used"), "{notice}");
    }
    // Too large a file is not read.
    let home = common::temp_dir("player-ron-large");
    player_ron(
        &home,
        &format!("(name: \"Ann\")\n//{}\n", "x".repeat(10_000)),
    );
    let (lines, pgn) = engine_pgn(&home, &[]);
    assert!(pgn.contains("[White \"Player\"]"), "{pgn}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Your name in player.ron: the file is too large")),
        "{lines:#?}"
    );
    let help = common::hector_command(&home)
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("player.ron"), "{help}");
    assert!(
        help.contains("output.ron") && help.contains("keymap.ron"),
        "{help}"
    );
}

/// `quit` says the game is kept, once written, and goodbye, without a path; with nothing kept, goodbye.
#[test]
fn quit_says_the_game_is_kept_and_goodbye() {
    let home = common::temp_dir("quit-kept");
    let mut args = human(&[]);
    args.retain(|a| *a != "--no-autosave");
    let lines = run(&home, &args, "e4\nquit\n");
    assert_eq!(
        lines.last().unwrap(),
        "The game is kept. Goodbye",
        "{lines:#?}"
    );
    assert!(
        !lines.iter().any(|l| l.contains('/')),
        "no path: {lines:#?}"
    );
    let pgn = std::fs::read_to_string(home.join("data/hector/autosave.pgn")).unwrap();
    assert!(pgn.contains("1. e4"), "{pgn}");
    let home = common::temp_dir("quit-none");
    let lines = run(&home, &human(&[]), "e4\nquit\n");
    assert_eq!(lines.last().unwrap(), "Goodbye", "{lines:#?}");
}

/// `quit` while the start asks whether to continue the last game leaves with a goodbye, and the unfinished game
/// is offered again at the next start.
#[test]
fn quit_at_the_starts_question_says_goodbye_and_keeps_the_game() {
    let home = common::temp_dir("quit-question");
    let mut args = human(&[]);
    args.retain(|a| *a != "--no-autosave");
    run(&home, &args, "e4\nquit\n");
    let lines = run(&home, &args, "quit\n");
    assert!(lines[0].contains("Continue it?"), "{lines:#?}");
    assert!(lines.last().unwrap().ends_with("Goodbye"), "{lines:#?}");
    let lines = run(&home, &args, "yes\nmoves\n");
    assert!(
        lines.iter().any(|l| l.contains("Eva vier")),
        "the game goes on: {lines:#?}"
    );
}

/// Words after a command that takes none are refused with a reason, and nothing changes.
#[test]
fn words_after_offer_and_press_are_refused() {
    let home = common::temp_dir("trailing");
    let lines = run(&home, &human(&[]), "e4\noffer now please\naccept\n");
    assert_eq!(
        lines[2],
        "Not understood: \"offer now please\" is neither a move nor a command. Type help for the commands"
    );
    assert!(
        !lines.iter().any(|l| l.contains("offers a draw")),
        "{lines:#?}"
    );
    assert!(
        !lines.iter().any(|l| l.contains("Draw by agreement")),
        "{lines:#?}"
    );
    let lines = run(
        &home,
        &[
            "--line",
            "--mode",
            "record",
            "--speech",
            "off",
            "--language",
            "en",
            "--no-autosave",
        ],
        "e4\npress x\nstate\n",
    );
    let at = lines.iter().position(|l| l == "Bauer Eva vier").unwrap();
    assert_eq!(
        lines[at + 1],
        "Not understood: \"press x\" is neither a move nor a command. Type help for the commands"
    );
    assert!(lines[at + 2].contains("made, not completed"), "{lines:#?}");
}

/// The action log reads hector's own entry (an explicit save) as what it said, not "hector: , answered".
#[test]
fn hectors_own_log_entry_reads_as_words() {
    let home = common::temp_dir("log-own");
    let lines = run(
        &home,
        &[
            "--line",
            "--mode",
            "record",
            "--speech",
            "off",
            "--language",
            "en",
        ],
        "e4\npress\nsave\nlog 2\n",
    );
    let log = lines.last().unwrap();
    assert!(log.ends_with("hector: The game is saved."), "{log}");
    assert!(!log.contains(": , "), "{log}");
}

/// `help clock` names only what works here: `increment` (Guidelines III.4) only in a game without increment.
#[test]
fn help_clock_names_increment_only_without_one() {
    let home = common::temp_dir("help-clock");
    let with = run(&home, &human(&[]), "help clock\n");
    assert!(!with.last().unwrap().contains("increment"), "{with:#?}");
    let mut args = human(&[]);
    let at = args.iter().position(|a| *a == "5m+2s").unwrap();
    args[at] = "5m";
    let without = run(&home, &args, "help clock\n");
    assert!(
        without.last().unwrap().contains("increment"),
        "{without:#?}"
    );
}

/// A home game's compare and rewind speak a home game's words (no arbiter, no action log) and the clock goes on
/// for the side to move; the tournament profile's stop for the arbiter is unchanged.
#[test]
fn a_home_games_rewind_keeps_the_clock_going() {
    let home = common::temp_dir("rewind-home");
    let lines = run(
        &home,
        &human(&[]),
        "e4\ne5\nNf3\nNc6\ncompare 1. e4 e5 2. Nf3 Nf6\nrewind\nyes\nwait 10s\ntime\n",
    );
    assert!(
        lines.contains(&"Go back to after move 2, White, Black to move? 1 half-move is taken back. Type yes or no".to_string()),
        "{lines:#?}"
    );
    assert!(
        lines.contains(&"Play resumes after move 2, White, Black to move. Taken back: 2... Springer Cesar sechs. The clock goes on".to_string()),
        "{lines:#?}"
    );
    assert!(
        !lines
            .iter()
            .any(|l| l.contains("arbiter") || l.contains("action log")),
        "{lines:#?}"
    );
    assert_eq!(
        lines.last().unwrap(),
        "White 5 minutes 4 seconds, Black 4 minutes 54 seconds"
    );
}
