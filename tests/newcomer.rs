//! A blind newcomer's first hour: help by task and only what works here, no file path spoken
//! unasked, the start's notices before its question, mixed piece and square words, a README
//! a newcomer reads in two minutes and `--help` with the tournament's options apart. Drives the real
//! binary in line mode; both sides are typed here (`--opponent human`).

mod common;

use std::path::Path;

fn run(dir: &Path, args: &[&str], input: &str) -> Vec<String> {
    let mut all = vec!["--line", "--opponent", "human"];
    all.extend_from_slice(args);
    let r = common::run_in(dir, &all, input.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    // The openings reached are left out (tests/analysis_line.rs checks them).
    common::without_openings(r.lines)
}

fn at(text: &str, part: &str) -> usize {
    text.find(part)
        .unwrap_or_else(|| panic!("{part:?} not in {text}"))
}

#[test]
fn help_is_by_task_most_used_first_and_says_only_what_works_in_a_home_game() {
    let d = common::temp_dir("help-home");
    let out = run(
        &d,
        &["--time", "15+10", "--virtual-clock"],
        "help\nhelp time\nhelp clock\nhelp board\nhelp arbiter\nhelp wobble\n",
    );
    let help = &out[1];
    assert!(help.starts_with("To move, type the move: "), "{help}");
    assert!(at(help, "To move") < at(help, "To hear the board: last"));
    assert!(at(help, "To hear the board") < at(help, "The clock: time, used"));
    assert!(at(help, "The clock") < at(help, "The game: offer"));
    // Sentences end before the next; the topics are named with how to ask for them.
    assert!(help.contains("repeat. The clock: "), "{help}");
    assert!(
        help.contains("help and a topic (move, board, clock, game, engine"),
        "{help}"
    );
    // Short: the everyday commands, not the arbiter's, not every exploring command.
    for not_here in [
        "arbiter",
        "seal",
        "press",
        "illegal",
        "envelope",
        "diagonals",
        "verify",
    ] {
        assert!(!help.contains(not_here), "{not_here} in {help}");
    }
    assert!(help.len() < 600, "{} characters: {help}", help.len());
    // `help time` is the clock's topic, whole, not the whole list again; `help clock` the same.
    let clock = &out[2];
    assert!(
        clock.starts_with("The clock: time, used, control"),
        "{clock}"
    );
    assert!(
        clock.contains("flag") && clock.contains("wait DURATION"),
        "{clock}"
    );
    assert!(!clock.contains("To hear the board"), "{clock}");
    assert_eq!(out[3], *clock);
    let board = &out[4];
    assert!(board.starts_with("To hear the board: last"), "{board}");
    assert!(
        board.contains("attackers [SQUARE]") && board.contains("pawns"),
        "{board}"
    );
    // The arbiter's commands are not for a home game: said so, with the topics that are.
    assert!(
        out[5].contains("none of it works in this game"),
        "{}",
        out[5]
    );
    assert!(
        out[6].starts_with("There is no help on wobble. The topics: move, board"),
        "{}",
        out[6]
    );
    assert_eq!(out.len(), 7, "{out:?}");
}

#[test]
fn help_in_the_tournament_profile_says_only_what_answers_there() {
    let d = common::temp_dir("help-record");
    let out = run(
        &d,
        &["--mode", "record", "--time", "90+30"],
        "help\nhelp arbiter\nhelp engine\nhelp board\n",
    );
    let help = out
        .iter()
        .find(|l| l.starts_with("To move"))
        .unwrap_or_else(|| panic!("{out:?}"));
    assert!(help.contains("press") && help.contains("undo"), "{help}");
    for not_here in ["takeback", "new", "engine", "level", "rematch"] {
        assert!(
            !help.split([' ', ',', ';', '.', '(']).any(|w| w == not_here),
            "{not_here} in {help}"
        );
    }
    let i = out.iter().position(|l| l == help).unwrap();
    let arbiter = &out[i + 1];
    for here in [
        "arbiter ACTION",
        "illegal [MOVE]",
        "seal [MOVE]",
        "envelope",
        "log [N]",
    ] {
        assert!(arbiter.contains(here), "{here} not in {arbiter}");
    }
    assert!(
        !arbiter.contains("player:"),
        "assistant mode only: {arbiter}"
    );
    assert!(out[i + 2].contains("none of it works"), "{}", out[i + 2]);
    // No analysis in a tournament game (R-11.3.1): the board's topic leaves it out.
    let board = &out[i + 3];
    assert!(board.contains("pieces"), "{board}");
    for analysis in ["attackers", "legal", "diagonals", "material", "knights"] {
        assert!(!board.contains(analysis), "{analysis} in {board}");
    }
}

#[test]
fn help_takes_the_players_words_for_topics_and_commands() {
    let d = common::temp_dir("help-de");
    let out = run(
        &d,
        &["--language", "de", "--time", "5+3"],
        "hilfe\nhilfe zeit\nhilfe uhr\nhelp time\n",
    );
    assert!(out[1].starts_with("Zum Ziehen"), "{out:?}");
    assert!(out[2].starts_with("Die Uhr: zeit (time)"), "{out:?}");
    assert_eq!(out[2], out[3]);
    assert_eq!(out[2], out[4]);
}

/// The start says what happened to the last game in words, no path; the start's notices
/// come before the resume question, which is the last thing said; `save` says no path it was not given.
#[test]
fn no_path_is_spoken_unasked_and_the_question_is_the_last_thing_said() {
    let d = common::temp_dir("no-paths");
    let bad = d.join("bad-clock.ron");
    std::fs::write(&bad, "wobble(").unwrap();
    let args = ["--autosave"];
    run(&d, &args, "f3\ne5\ng4\nQh4#\n");
    // A finished game in the autosave: kept, said in words.
    let out = run(&d, &args, "e4\n");
    assert_eq!(out[1], "Your last game is kept; kept lists it");
    // An unfinished one: the question, after the notices, names no file.
    let out = run(
        &d,
        &["--autosave", "--clock-config", bad.to_str().unwrap()],
        "",
    );
    assert!(out[0].starts_with("Clock settings: "), "{out:?}");
    let question = out.last().unwrap();
    assert!(
        question.starts_with("Your last game is unfinished: move 1, Black to move. Continue it?"),
        "{out:?}"
    );
    let out = run(&d, &args, "no\nsave\nkept\nquit\n");
    assert_eq!(
        out[1],
        "The unfinished game is kept; a new game starts. Type kept to hear the kept games"
    );
    assert_eq!(out[3], "The game is saved");
    // Asked, `kept` names the files.
    assert!(out[4].contains("hector/kept/"), "{out:?}");
    for line in &out[..4] {
        assert!(!line.contains('/'), "a path said unasked: {line}");
    }
}

/// Once the game is over, help says no moving, offering or claiming, and the review first.
#[test]
fn help_after_the_end_says_what_still_works() {
    let d = common::temp_dir("help-over");
    let out = run(&d, &[], "f3\ne5\ng4\nQh4#\nhelp\n");
    let help = out.last().unwrap();
    assert!(
        help.starts_with("To look back through the game: review [off], back"),
        "{help}"
    );
    for gone in ["To move", "offer", "claim", "resign"] {
        assert!(!help.contains(gone), "{gone} in {help}");
    }
    assert!(
        help.contains("The game: new, save [FILE], kept, quit."),
        "{help}"
    );
}

/// A piece word of one vocabulary with the squares of another is read, as a written square is.
#[test]
fn a_piece_word_with_squares_in_words_of_another_vocabulary_is_read() {
    let d = common::temp_dir("mixed");
    let out = run(
        &d,
        &[],
        "e4\ne5\nBishop David drei\nKnight Cesar sechs\nRook Hector drei\n",
    );
    assert_eq!(
        out[1..],
        [
            "Bauer Eva vier",
            "Bauer Eva fünf",
            "Läufer David drei",
            "Springer Cesar sechs",
            "Not possible: no Turm can reach Hector drei",
        ]
    );
}

/// The README is a front door: short, its two commands unchanged, and what a newcomer needs next.
#[test]
fn the_readme_is_a_page_a_newcomer_reads_in_two_minutes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 120, "{lines} lines");
    for needed in [
        "```sh\nbash scripts/play.sh\n```",
        "```sh\nbash scripts/test.sh\n```",
        "./target/release/hector",
        "--line",
        "screen reader",
        "output.ron",
        "keymap.ron",
        "--level",
        "--language",
        "rate",
        "voice",
        "kept",
        ".local/share/hector",
        "Ctrl-q",
        "`?`",
        "`Enter`",
        "`:`",
    ] {
        assert!(readme.contains(needed), "README lacks {needed:?}");
    }
    // What moved out is in docs/, and every docs/ file the README names exists.
    for doc in [
        "docs/screen-readers.md",
        "docs/gamepad.md",
        "docs/players-guide.md",
    ] {
        assert!(readme.contains(doc), "README does not name {doc}");
        assert!(root.join(doc).is_file(), "{doc}");
    }
    let readers = std::fs::read_to_string(root.join("docs/screen-readers.md")).unwrap();
    assert!(
        readers.contains("The silent mark"),
        "the measurements moved"
    );
    let pad = std::fs::read_to_string(root.join("docs/gamepad.md")).unwrap();
    assert!(
        pad.contains("| South (A, cross) |"),
        "the gamepad table moved"
    );
}

/// `--help` has the tournament's options under their own heading, after the everyday ones.
#[test]
fn help_option_groups_the_tournament_options_apart() {
    let d = common::temp_dir("dash-help");
    let r = common::run_in(&d, &["--help"], b"");
    assert_eq!(r.code, 0);
    let text = String::from_utf8_lossy(&r.stdout).to_string();
    let heading = at(&text, "Tournament games (record and assistant mode");
    for everyday in ["--line", "--level", "--language", "--time", "--color"] {
        assert!(at(&text, everyday) < heading, "{everyday}");
    }
    for tournament in [
        "--mode",
        "--assistant-speech",
        "--braille-table",
        "--verify",
        "--check-words",
    ] {
        assert!(at(&text, tournament) > heading, "{tournament}");
    }
}
