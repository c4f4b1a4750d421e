//! End-to-end: analysis by ear in line mode, with the real binary and the real Stockfish (a missing Stockfish
//! fails, saying what to install): `eval`, `best [N]`, `hint`, `opening`, `openings on|off`, the refusal in
//! the tournament profile while the game is played, and what is said without an engine.

mod common;

use hector::rules::Game;
use hector::words::Vocabulary;

use common::Line as Hector;

/// hector in line mode with `args`, in a folder of its own.
fn start(args: &[&str]) -> Hector {
    Hector::start(&common::temp_dir("analysis"), args)
}

/// Stockfish. A missing Stockfish fails the test, saying what to install: never a silent skip.
fn stockfish() {
    assert!(
        hector::engine::find_program("stockfish").is_some(),
        "Stockfish is needed for this test: apt-get install stockfish (or bash scripts/install-deps.sh --tests)"
    );
}

/// A move of `fen` (SAN) as hector announces it.
fn said(fen: &str, san: &str) -> String {
    let game = Game::from_fen(fen).unwrap();
    let m = game.parse_san(san).unwrap();
    hector::words::announce::short(&Vocabulary::default(), &game.san(m), m)
}

/// Two people at one keyboard, from `fen`, nothing kept.
fn at_fen(fen: &str) -> Hector {
    let mut h = start(&[
        "--line",
        "--opponent",
        "human",
        "--no-autosave",
        "--fen",
        fen,
    ]);
    h.until(|l| l.starts_with("New game"));
    h
}

#[test]
fn eval_says_the_mate_and_best_says_the_mating_move() {
    stockfish();
    // Mate in 1: only Rh8 mates (Ra1+ lets the king out to b8).
    let mate_in_one = "k7/8/1K6/8/8/8/8/7R w - - 0 1";
    let mut h = at_fen(mate_in_one);
    h.send("eval");
    assert_eq!(h.line(), "White mates in 1");
    h.send("best");
    assert_eq!(h.line(), "The engine's 1 best move for White:");
    let rh8 = said(mate_in_one, "Rh8#");
    assert!(rh8.ends_with("Matt") || rh8.contains(' '), "{rh8}");
    assert_eq!(h.line(), format!("1. {rh8}: White mates in 1"));
    // Mate in 2, and the side that is mated said from Black's turn too.
    let mut h = at_fen("k7/8/2K5/8/8/8/8/7R w - - 0 1");
    h.send("eval");
    assert_eq!(h.line(), "White mates in 2");
    let mut h = at_fen("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1");
    h.send("eval");
    assert_eq!(h.line(), "Black mates in 1");
}

#[test]
fn best_three_gives_three_lines_in_board_words_and_a_bad_count_is_refused() {
    stockfish();
    let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let mut h = at_fen(start);
    h.send("best 3");
    assert_eq!(h.line(), "The engine's 3 best moves for Black:");
    let mut firsts = Vec::new();
    for rank in 1..=3 {
        let l = h.line();
        let prefix = format!("{rank}. ");
        assert!(l.starts_with(&prefix), "{l}");
        let (head, line) = l.split_once("; then ").expect("each with its line");
        let (mv, eval) = head[prefix.len()..].split_once(": ").unwrap();
        // The move in board words: one of Black's legal moves as hector announces them.
        let game = Game::from_fen(start).unwrap();
        assert!(
            game.legal_moves()
                .iter()
                .any(|m| said(start, &game.san(*m).to_string()) == mv),
            "{mv} is no move of Black's here, in board words"
        );
        assert!(eval == "Equal" || eval.contains(" is better by "), "{eval}");
        // At most the next three plies; fewer when the search was cut short (a loaded machine, a bound line).
        let plies = line.split(", ").count();
        assert!(
            (1..=3).contains(&plies),
            "the next plies, at most three: {line}"
        );
        firsts.push(mv.to_string());
    }
    let mut different = firsts.clone();
    different.sort();
    different.dedup();
    assert_eq!(different.len(), 3, "three different moves: {firsts:?}");
    for bad in ["9", "0", "x"] {
        h.send(&format!("best {bad}"));
        assert_eq!(
            h.line(),
            format!(
                "best takes a number of moves from 1 to 5, not \"{bad}\"; best alone says the best move"
            )
        );
    }
    h.send("fen");
    assert_eq!(h.line(), start, "nothing changed");
}

#[test]
fn eval_of_a_clearly_winning_position_says_the_side_the_pawns_and_the_chances() {
    stockfish();
    // White has a queen more.
    let mut h = at_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    h.send("eval");
    let l = h.line();
    let rest = l.strip_prefix("White is better by ").expect(&l);
    let (pawns, chances) = rest.split_once(" pawns; ").expect(&l);
    let pawns: f64 = pawns.parse().expect(&l);
    assert!(pawns >= 5.0, "{l}");
    let numbers: Vec<u32> = chances
        .strip_prefix("White wins ")
        .expect(&l)
        .replace(" percent, draws ", " ")
        .replace(", loses ", " ")
        .split(' ')
        .map(|n| n.parse().expect(&l))
        .collect();
    assert_eq!(numbers.len(), 3, "{l}");
    assert_eq!(numbers.iter().sum::<u32>(), 100, "{l}");
    assert!(numbers[0] >= 90, "{l}");
}

#[test]
fn hint_in_a_game_against_the_engine_says_one_move_and_elsewhere_is_refused() {
    stockfish();
    let mut h = start(&["--line", "--no-autosave", "--level", "1"]);
    h.until(|l| l.starts_with("You play White"));
    h.send("hint");
    let l = h.line();
    let mv = l.strip_prefix("Hint: ").expect(&l);
    let game = Game::new();
    let start = game.fen();
    assert!(
        game.legal_moves()
            .iter()
            .any(|m| said(&start, &game.san(*m).to_string()) == mv),
        "{mv} is one of White's first moves in board words"
    );
    // Said once: nothing more follows, and the game is as it was.
    h.quiet_for(1500);
    h.send("fen");
    assert_eq!(h.line(), start);
    // Between two people there is no hint; eval and best are the way.
    let mut h = at_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    h.send("hint");
    assert_eq!(
        h.line(),
        "A hint is for a game against the engine; eval and best say what the engine thinks of any position"
    );
}

#[test]
fn in_the_tournament_profile_analysis_is_refused_while_playing_and_allowed_once_over() {
    stockfish();
    let mut args = common::RECORD.to_vec();
    args.extend(["en", "--opponent", "human", "--no-autosave"]);
    let mut h = start(&args);
    h.send("e4");
    h.until(|l| l.starts_with("Bauer Eva vier"));
    for command in ["eval", "best 2", "hint", "opening", "openings on"] {
        h.send(command);
        assert_eq!(
            h.until(|l| l.starts_with("Not in a tournament game")),
            "Not in a tournament game: the Laws allow no analysis or outside help during play (Article 11.3.1)",
            "{command}"
        );
    }
    h.send("press");
    h.send("resign black");
    h.send("yes");
    h.until(|l| l.contains("Black resigns"));
    // Over: analysis is allowed (the engine answers about the final position), the home help still is not.
    h.send("eval");
    let l = h.line();
    assert!(
        l == "Equal" || l.contains(" is better by "),
        "the engine answers once the game is over: {l}"
    );
    h.send("takeback");
    assert!(h.line().starts_with("Not in a tournament game"));
    h.send("review");
    h.until(|l| l.starts_with("Review of the game"));
    h.send("goto 1");
    h.until(|l| l.starts_with("Move 1, White: Bauer Eva vier"));
    h.send("opening");
    h.until(|l| l == "Opening: B00 King's Pawn");
    h.send("eval");
    let l = h.until(|l| !l.starts_with("Opening: "));
    assert!(
        l == "Equal" || l.contains(" is better by "),
        "the engine answers in the review: {l}"
    );
}

#[test]
fn without_an_engine_eval_best_and_hint_say_how_to_install_one_and_the_game_goes_on() {
    let mut h = start(&[
        "--line",
        "--no-autosave",
        "--engine",
        "/nonexistent/stockfish",
    ]);
    h.until(|l| l.starts_with("No chess engine found"));
    for command in ["eval", "best 2"] {
        h.send(command);
        assert_eq!(
            h.line(),
            "No chess engine to analyse with (the engine command '/nonexistent/stockfish' was not found): \
             install one with apt-get install stockfish, or give one with --engine PATH. The game goes on",
            "{command}"
        );
    }
    // No engine plays: there is no game against it to hint in.
    h.send("hint");
    assert!(
        h.line()
            .starts_with("A hint is for a game against the engine")
    );
    h.send("e4");
    assert_eq!(h.line(), "Bauer Eva vier");
}

/// The openings, with no engine at all: the table in the program.
fn moves_heard(moves: &[&str], extra: &str) -> Vec<String> {
    let dir = common::temp_dir("openings");
    let input = format!("{}\n{extra}", moves.join("\n"));
    let run = common::run_in(
        &dir,
        &["--line", "--opponent", "human", "--no-autosave"],
        input.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.lines
}

#[test]
fn an_opening_reached_by_transposition_is_named_after_its_move() {
    let qgd = "Opening: D30 Queen's Gambit Declined";
    let main = moves_heard(&["d4", "d5", "c4", "e6"], "opening\n");
    let english = moves_heard(&["c4", "e6", "d4", "d5"], "opening\n");
    for heard in [&main, &english] {
        // Said right after the move that reaches it, and by `opening`.
        let at = heard
            .iter()
            .position(|l| l == qgd)
            .expect(&heard.join("\n"));
        assert!(heard[at - 1].starts_with("Bauer"), "{heard:?}");
        assert_eq!(heard.last().map(String::as_str), Some(qgd), "{heard:?}");
    }
    // A name is said once, when it is new: after 1. d4 the Queen's Pawn Game, and not again for the same name.
    assert!(
        main.contains(&"Opening: A40 Queen's Pawn Game".to_string()),
        "{main:?}"
    );
    // 1. d4 A40, 1... d5 D00 (the same name: not said again), 2. c4 D06 Queen's Gambit, 2... e6 D30, `opening`.
    assert_eq!(
        main.iter().filter(|l| l.starts_with("Opening: ")).count(),
        4,
        "{main:?}"
    );
    // Off: no opening is said after a move; `opening` still answers.
    let quiet = moves_heard(&["openings off", "d4", "d5", "c4", "e6"], "opening\n");
    assert_eq!(
        quiet.iter().filter(|l| l.starts_with("Opening: ")).count(),
        1,
        "{quiet:?}"
    );
    assert!(
        quiet.contains(&"Openings are not announced; opening says the one reached".to_string())
    );
    let first = moves_heard(&["opening", "a3"], "opening\nopenings maybe\n");
    let a3 = "Opening: A00 Anderssen's Opening";
    let at = first
        .iter()
        .position(|l| l == "No named opening reached yet");
    assert!(at.is_some(), "{first:?}");
    assert_eq!(first.iter().filter(|l| *l == a3).count(), 2, "{first:?}");
    assert!(
        first.contains(&"openings takes on or off, not \"maybe\"".to_string()),
        "{first:?}"
    );
}
