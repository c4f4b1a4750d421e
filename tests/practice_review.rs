//! Review with the engine's judgements and `practice` of one's own mistakes, through the real binary in line
//! mode with the real Stockfish: a game analysed by `hector --analyse` is reviewed (its blunder said with the
//! better move, the other moves as ever), then practised (a wrong try told what was better, a move as good
//! accepted, the engine's move accepted); refused in the tournament profile while the game is played; without
//! an engine said plainly with how to install one.

mod common;

use std::path::PathBuf;

use common::{RECORD, run_in, temp_dir};

/// The scholar's mate: 3...Nf6?? lets White mate at once, a blunder at any depth.
const GAME: &str = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

/// A small fixed node count: quick, and the same answers on every run (one thread).
const SETTINGS: &str = "(depth: None, nodes: Some(20000), seconds: None, threads: 1, hash_mb: 16)";

/// A folder with the game analysed by `hector --analyse` (game-analysed.pgn), and the better move the analysis
/// wrote for 3...Nf6 (its variation's first move, SAN).
fn analysed(name: &str) -> (PathBuf, String) {
    assert!(
        hector::engine::find_program("stockfish").is_some(),
        "Stockfish is needed for this test: apt-get install stockfish"
    );
    let dir = temp_dir(name);
    std::fs::create_dir_all(dir.join("config/hector")).unwrap();
    std::fs::write(dir.join("config/hector/analysis.ron"), SETTINGS).unwrap();
    std::fs::write(dir.join("game.pgn"), GAME).unwrap();
    let run = run_in(&dir, &["--analyse", "game.pgn", "--line"], b"");
    assert_eq!(run.code, 0, "{:#?} {}", run.lines, run.stderr);
    let text = std::fs::read_to_string(dir.join("game-analysed.pgn")).unwrap();
    let game = hector::rules::pgn::import_game(&text).expect("the analysis reads back");
    let nf6 = &game.plies()[5];
    assert_eq!(nf6.annotations.nags, vec![4], "{text}");
    let better = match nf6.annotations.variations.last().and_then(|v| v.first()) {
        Some(hector::rules::game::MovetextItem::San(s)) => s.clone(),
        other => panic!("no better move in {text}: {other:?}"),
    };
    (dir, better)
}

/// The better moves Stockfish finds against the mate on f7, in the board words they are said in.
fn words_of(san: &str) -> &'static str {
    match san {
        "g6" => "Bauer Gustav sechs",
        "Qe7" => "Dame Eva sieben",
        "Qf6" => "Dame Felix sechs",
        other => panic!("an unexpected better move {other}: extend this table"),
    }
}

use common::Line as Hector;

const REVIEW: [&str; 7] = [
    "--review",
    "game-analysed.pgn",
    "--line",
    "--speech",
    "off",
    "--language",
    "en",
];

#[test]
fn review_of_an_analysed_game_says_the_blunder_with_its_better_move() {
    let (dir, better) = analysed("review");
    let mut h = Hector::start(&dir, &REVIEW);
    let blunder = h.said("goto 3 black", "Move 3, Black");
    let expected = format!(
        "Move 3, Black: Springer Felix sechs, a blunder; better was {}",
        words_of(&better)
    );
    assert!(
        blunder.starts_with(&expected),
        "{blunder}\nexpected: {expected}"
    );
    // The judgement's NAG is not said again as "Blunder".
    assert!(!blunder.contains(". Blunder"), "{blunder}");
    // A move not judged is said as ever.
    let first = h.said("goto 1 white", "Move 1, White");
    assert!(
        first.starts_with("Move 1, White: Bauer Eva vier"),
        "{first}"
    );
    assert!(!first.contains("better was"), "{first}");
    // In a variation (the better line) nothing is judged.
    h.send("goto 3 black");
    let entered = h.said("variation", "Variation 1");
    assert!(!entered.contains("better was"), "{entered}");
}

#[test]
fn practice_tells_a_wrong_try_what_was_better_and_accepts_the_engines_move() {
    let (dir, better) = analysed("practice");
    let words = words_of(&better);
    let mut h = Hector::start(&dir, &REVIEW);
    let started = h.said("practice black", "Practice:");
    assert!(
        started.contains("1 move of Black")
            && started.contains("Move 3, you are Black: find a better move"),
        "{started}"
    );
    // The board's questions answer about the practised position: the last move before it is White's 3. Bc4.
    let last = h.said("last", "Move 3, White");
    assert!(last.contains("Läufer Cesar vier"), "{last}");
    // Bad input: a reason, nothing changes; the review's steps wait for the practice's end.
    let bad = h.said("Ke5", "");
    assert!(!bad.contains("Practice done"), "{bad}");
    let step = h.said("forward", "practising");
    assert!(step.contains("Nothing changed"), "{step}");
    // A wrong try: a6 lets White mate at once, as bad as the game's move.
    h.send("a6");
    h.until_has("the engine checks it");
    let told = h.until_has("better was");
    assert!(
        told.contains("Bauer Anna sechs is a blunder too; better was") && told.contains(words),
        "{told}"
    );
    assert!(told.contains("Practice done: 0 of 1 found"), "{told}");
    // The engine's own move is accepted at once.
    h.said("practice black", "Move 3, you are Black");
    let found = h.said(&better, "engine's move");
    assert!(
        found.starts_with(&format!("{words}: the engine's move")),
        "{found}"
    );
    assert!(found.contains("Practice done: 1 of 1 found"), "{found}");
    // The game's own move: what was better.
    h.said("practice black", "Move 3, you are Black");
    let played = h.said("Nf6", "move of the game");
    assert!(played.contains("a blunder; better was"), "{played}");
    // Stopped in the middle: back where he was (the review, at its start).
    h.said("practice black", "Move 3, you are Black");
    let stopped = h.said("practice stop", "Practice ended");
    assert!(stopped.contains("Start of the game"), "{stopped}");
    let again = h.said("practice stop", "Not practising");
    assert!(again.contains("nothing changed"), "{again}");
}

#[test]
fn practice_is_refused_in_the_tournament_profile_while_the_game_is_played() {
    let dir = temp_dir("practice-tournament");
    let mut args = RECORD.to_vec();
    args.push("en");
    let run = run_in(&dir, &args, b"e4\npractice\npractice white\ne5\nmoves\n");
    let said = run.lines.join("\n");
    let refusals = run
        .lines
        .iter()
        .filter(|l| l.contains("Not in a tournament game"))
        .count();
    assert_eq!(refusals, 2, "{said}");
    assert!(!said.contains("Practice:"), "{said}");
    // Nothing changed: the game goes on.
    assert!(said.contains("Bauer Eva fünf"), "{said}");
}

#[test]
fn practice_without_an_engine_says_how_to_install_one() {
    let (dir, better) = analysed("practice-no-engine");
    let mut args = REVIEW.to_vec();
    args.extend(["--engine", "/nonexistent/stockfish"]);
    let mut h = Hector::start(&dir, &args);
    h.said("practice black", "Move 3, you are Black");
    h.send("a6");
    let said = h.until_has("No chess engine");
    assert!(said.contains("apt-get install stockfish"), "{said}");
    assert!(said.contains(words_of(&better)), "{said}");
}

#[test]
fn practice_needs_an_analysis() {
    let dir = temp_dir("practice-none");
    std::fs::write(dir.join("game.pgn"), GAME).unwrap();
    let run = run_in(
        &dir,
        &[
            "--review",
            "game.pgn",
            "--line",
            "--speech",
            "off",
            "--language",
            "en",
        ],
        b"practice black\nforward\n",
    );
    let said = run.lines.join("\n");
    assert!(said.contains("no analysis to practise with"), "{said}");
    // Nothing changed: the review steps on.
    assert!(said.contains("Move 1, White: Bauer Eva vier"), "{said}");
}
