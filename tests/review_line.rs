//! End-to-end: review in line mode, through the real binary with its own XDG folders. A game is played
//! to its end and reviewed; an annotated PGN is reviewed with `--review` (comments, NAGs, clock times, nested
//! variations); exploring during review answers about the reviewed position; review is refused in an
//! unfinished tournament game.

mod common;

use common::temp_dir;

/// hector's printed lines; the openings reached are left out (tests/analysis_line.rs checks them).
fn run_in(dir: &std::path::Path, args: &[&str], input: &[u8]) -> common::Run {
    let mut run = common::run_in(dir, args, input);
    run.lines = common::without_openings(run.lines);
    run
}

/// The printed lines that follow the line starting with `marker` (exclusive), to the end.
fn after<'a>(lines: &'a [String], marker: &str) -> &'a [String] {
    let at = lines
        .iter()
        .position(|l| l.starts_with(marker))
        .unwrap_or_else(|| panic!("no line starting with {marker:?} in {lines:#?}"));
    &lines[at + 1..]
}

#[test]
fn a_finished_game_is_reviewed_move_by_move() {
    let dir = temp_dir("review-fools-mate");
    let input = "f3\ne5\ng4\nQh4\nreview\nstart\nback\nforward\nforward\nforward\nforward\nforward\nback\n\
                 end\ngoto 1 black\ngoto 7\ne4\ndone\nlast\nquit\n";
    let run = run_in(&dir, &["--line", "--opponent", "human"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let said = after(&run.lines, "Checkmate. Black wins");
    let expected = [
        "Review of the game, 4 half-moves; back, forward, start, end, goto N, variation, leave, done. \
         Move 2, Black: Dame Hector vier Matt. Checkmate. Black wins, 0-1",
        "Start of the game, White to move",
        "Already at the start of the game; nothing changed",
        "Move 1, White: Bauer Felix drei",
        "Move 1, Black: Bauer Eva fünf",
        "Move 2, White: Bauer Gustav vier",
        "Move 2, Black: Dame Hector vier Matt. Checkmate. Black wins, 0-1",
        "Already at the end of the game; nothing changed. Checkmate. Black wins, 0-1",
        "Move 2, White: Bauer Gustav vier",
        "Move 2, Black: Dame Hector vier Matt. Checkmate. Black wins, 0-1",
        "Move 1, Black: Bauer Eva fünf",
        "There is no move \"7\" in this line; its moves run from 1 to 2, as in goto 12 or goto 12 black",
        "You are reviewing the game: \"e4\" is not possible here. Leave the review with done to play",
        "Review ended, back in the game. Checkmate. Black wins, 0-1",
        // The game is where it was: its last move is still the mate.
        "Last move, Black 2: Dame Hector vier Matt",
    ];
    let got: Vec<&str> = said
        .iter()
        .map(String::as_str)
        .take(expected.len())
        .collect();
    assert_eq!(got, expected, "{:#?}", run.lines);
}

const ANNOTATED: &str = "[Event \"Review test\"]\n[White \"Anna\"]\n[Black \"Bert\"]\n[Result \"*\"]\n\n\
{A quiet game.} 1. e4 $1 {Best by test [%clk 1:30:00]} e5 $2 {Weak? \u{1b}[2J [%clk 1:29:55]}\n\
(1... c5 $3 {The Sicilian} (1... e6 {French} 2. d4 $16 d5) 2. Nf3)\n\
2. Nf3 $14 Nc6 $19 {[%clk 0:59:00] [%eval 0.3]} 3. Bb5 *\n";

#[test]
fn an_annotated_game_is_reviewed_with_its_comments_nags_clock_times_and_variations() {
    let dir = temp_dir("review-annotated");
    let file = dir.join("annotated.pgn");
    std::fs::write(&file, ANNOTATED).unwrap();
    let input = "forward\nforward\nvariation\nvariation 2\nvariation\nforward\nforward\nleave\nleave\n\
                 forward\nforward\nforward\nforward\nleave\ndone\nquit\n";
    let run = run_in(
        &dir,
        &["--line", "--review", file.to_str().unwrap()],
        input.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected = [
        "Review of the game, 5 half-moves; back, forward, start, end, goto N, variation, leave, done. \
         Start of the game, White to move. Comment: A quiet game.",
        "Move 1, White: Bauer Eva vier. Good move. Comment: Best by test. Clock 1 hour 30 minutes",
        // The escape sequence in the comment is not passed on; the clock command is not read out as text.
        "Move 1, Black: Bauer Eva fünf. Mistake. Comment: Weak? ?[2J. Clock 1 hour 29 minutes 55 seconds. \
         1 variation",
        "Variation 1, depth 1. Move 1, Black: Bauer Cesar fünf. Brilliant move. Comment: The Sicilian. 1 variation",
        "There is one variation here; say variation, not \"2\"",
        "Variation 1, depth 2. Move 1, Black: Bauer Eva sechs. Comment: French",
        "Move 2, White: Bauer David vier. White is better",
        "Move 2, Black: Bauer David fünf",
        "Left variation 1, depth 1. Move 1, Black: Bauer Cesar fünf. Brilliant move. Comment: The Sicilian. \
         1 variation",
        "Left variation 1, back in the main line. Move 1, Black: Bauer Eva fünf. Mistake. Comment: Weak? ?[2J. \
         Clock 1 hour 29 minutes 55 seconds. 1 variation",
        "Move 2, White: Springer Felix drei. White is slightly better",
        "Move 2, Black: Springer Cesar sechs. Black is winning. Clock 59 minutes",
        "Move 3, White: Läufer Bella fünf",
        "Already at the end of the game; nothing changed",
        "You are in the main line; done leaves the review",
        "Review ended, back in the game. Move 3, Black to move; 2 moves completed",
    ];
    let got: Vec<&str> = run.lines.iter().map(String::as_str).collect();
    assert_eq!(&got[..expected.len()], expected, "{:#?}", run.lines);
    assert!(run.lines.iter().all(|l| !l.contains('\u{1b}')));
    // Reviewing writes nothing: the file is unchanged and no autosave appears.
    assert_eq!(std::fs::read_to_string(&file).unwrap(), ANNOTATED);
    assert!(!dir.join("data/hector/autosave.pgn").exists());
}

#[test]
fn exploring_during_review_answers_about_the_reviewed_position() {
    let dir = temp_dir("review-explore");
    let input = "e4\ne5\nNf3\nNc6\nreview\nstart\nrank 2\nsquare e4\nend\nsquare e4\nback\nsquare c6\n\
                 pieces black\ndone\nsquare c6\nquit\n";
    let run = run_in(&dir, &["--line", "--opponent", "human"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let said = after(&run.lines, "Review of the game");
    assert_eq!(said[0], "Start of the game, White to move");
    // At the start, rank 2 holds all eight white pawns (in the game they have moved from e2).
    let rank = &said[1];
    assert!(rank.starts_with("Rank zwei:"), "{rank}");
    for file in [
        "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector",
    ] {
        assert!(
            rank.contains(&format!("{file} zwei White Bauer")),
            "{file} in {rank}"
        );
    }
    assert_eq!(said[2], "Eva vier: empty");
    assert_eq!(said[3], "Move 2, Black: Springer Cesar sechs");
    assert_eq!(said[4], "Eva vier: White Bauer");
    assert_eq!(said[5], "Move 2, White: Springer Felix drei");
    assert_eq!(said[6], "Cesar sechs: empty", "Nc6 is not yet played there");
    assert!(!said[7].contains("Springer Cesar sechs"), "{}", said[7]);
    assert!(said[8].starts_with("Review ended"));
    assert_eq!(
        said[9], "Cesar sechs: Black Springer",
        "the game is unchanged"
    );
}

#[test]
fn review_is_refused_in_an_unfinished_tournament_game_and_allowed_after_it() {
    let dir = temp_dir("review-tournament");
    let save = dir.join("game.pgn");
    let input = "f3\nreview\npress\ne5\npress\ng4\npress\nQh4\nreview\nstart\nattackers f3\nforward\nquit\n";
    let run = run_in(
        &dir,
        &[
            "--line",
            "--mode",
            "record",
            "--save",
            save.to_str().unwrap(),
        ],
        input.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let said = after(&run.lines, "Bauer Felix drei");
    assert_eq!(
        said[0],
        "Review is analysis, not allowed while a tournament game is being played (Article 11.3.1); \
         it is possible once the game is over"
    );
    let after_end = after(&run.lines, "Checkmate. Black wins");
    assert!(
        after_end[0].starts_with("Review of the game, 4 half-moves"),
        "{after_end:#?}"
    );
    assert_eq!(after_end[1], "Start of the game, White to move");
    // Analysis of the finished game is allowed in the review (Article 11.3.1 covers play only).
    assert!(!after_end[2].contains("Article 11.3.1"), "{}", after_end[2]);
    assert_eq!(after_end[3], "Move 1, White: Bauer Felix drei");
}

#[test]
fn review_commands_work_in_german_and_greek() {
    let dir = temp_dir("review-languages");
    let run = run_in(
        &dir,
        &[
            "--line",
            "--language",
            "de",
            "--opponent",
            "human",
            "--no-autosave",
        ],
        "e4\ne5\nnachspielen\nanfang\nvor\nzurück\nschluss\nfertig\nquit\n".as_bytes(),
    );
    let said = after(&run.lines, "Bauer Eva fünf");
    assert!(
        said[0].starts_with("Nachspielen der Partie, 2 Halbzüge"),
        "{said:#?}"
    );
    assert_eq!(said[1], "Anfang der Partie, Weiß am Zug");
    assert_eq!(said[2], "Zug 1, Weiß: Bauer Eva vier");
    assert_eq!(said[3], "Anfang der Partie, Weiß am Zug");
    assert_eq!(said[4], "Zug 1, Schwarz: Bauer Eva fünf");
    assert!(said[5].starts_with("Nachspielen beendet"));
    let run = run_in(
        &dir,
        &[
            "--line",
            "--language",
            "el",
            "--opponent",
            "human",
            "--no-autosave",
        ],
        "e4\nανασκόπηση\nαρχή\nεπόμενη\nκλείσιμο\nquit\n".as_bytes(),
    );
    let said = after(&run.lines, "Bauer Eva vier");
    assert!(
        said[0].starts_with("Ανασκόπηση της παρτίδας, 1 μισοκίνηση·"),
        "{said:#?}"
    );
    assert!(said[1].starts_with("Αρχή της παρτίδας"));
    assert!(said[2].starts_with("Κίνηση 1, "), "{}", said[2]);
    assert!(said[2].ends_with("Bauer Eva vier"), "{}", said[2]);
    assert!(said[3].starts_with("Η ανασκόπηση έκλεισε"));
}

#[test]
fn a_file_of_several_games_asks_which_to_review() {
    let dir = temp_dir("review-choice");
    let file = dir.join("two.pgn");
    std::fs::write(
        &file,
        "[Event \"one\"]\n\n1. e4 e5 *\n\n[Event \"two\"]\n\n1. d4 {Queen's pawn} d5 *\n",
    )
    .unwrap();
    let run = run_in(
        &dir,
        &["--line", "--review", file.to_str().unwrap()],
        b"2\nforward\nquit\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let opened = run
        .lines
        .iter()
        .position(|l| l.starts_with("Review of the game, 2 half-moves"))
        .unwrap_or_else(|| panic!("{:#?}", run.lines));
    assert_eq!(
        run.lines[opened + 1],
        "Move 1, White: Bauer David vier. Comment: Queen's pawn"
    );
}

#[test]
fn a_clocked_game_is_reviewed_once_over_with_the_clock_times_it_recorded() {
    let dir = temp_dir("review-clocked");
    let input = "f3\nwait 10s\ne5\ng4\nreview\nQh4\nreview\nstart\nforward\nforward\nquit\n";
    let run = run_in(
        &dir,
        &[
            "--line",
            "--opponent",
            "human",
            "--time",
            "5+3",
            "--virtual-clock",
        ],
        input.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let said = after(&run.lines, "Bauer Gustav vier");
    // While the clock runs, review waits for the end of the game.
    assert_eq!(
        said[0],
        "The clock is running: review is possible in a game without a clock, or once the game is over"
    );
    let said = after(&run.lines, "Checkmate. Black wins");
    assert!(said[0].contains("Clock 4 minutes 53 seconds"), "{said:#?}");
    assert_eq!(said[1], "Start of the game, White to move");
    assert_eq!(
        said[2],
        "Move 1, White: Bauer Felix drei. Clock 5 minutes 3 seconds"
    );
    // Black's 10 seconds of thought, then its increment of 3.
    assert_eq!(
        said[3],
        "Move 1, Black: Bauer Eva fünf. Clock 4 minutes 53 seconds"
    );
}

/// No input may crash the review: seeded random review commands, with odd arguments, over an annotated game with
/// nested variations; every line is answered and the program ends normally.
#[test]
fn random_review_commands_never_crash() {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    const WORDS: &[&str] = &[
        "back",
        "forward",
        "start",
        "end",
        "goto",
        "variation",
        "leave",
        "up",
        "review",
        "done",
        "board",
        "rank",
        "attackers",
        "legal",
        "moves",
        "fen",
        "last",
        "e4",
        "1",
        "2",
        "3",
        "0",
        "-1",
        "black",
        "white",
        "99999999999999999999",
        "e5",
        "\u{1b}[2J",
        "🙂",
    ];
    let dir = temp_dir("review-random");
    let file = dir.join("annotated.pgn");
    std::fs::write(&file, ANNOTATED).unwrap();
    for seed in 0..4u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut input = String::new();
        let n = 500;
        for _ in 0..n {
            let words = rng.gen_range(1..4);
            let line: Vec<&str> = (0..words)
                .map(|_| *WORDS.choose(&mut rng).unwrap())
                .collect();
            input.push_str(&line.join(" "));
            input.push('\n');
        }
        input.push_str("quit\n");
        let run = run_in(
            &dir,
            &["--line", "--review", file.to_str().unwrap()],
            input.as_bytes(),
        );
        assert_eq!(run.code, 0, "seed {seed}: {}", run.stderr);
        assert!(
            !run.stderr.contains("panicked"),
            "seed {seed}: {}",
            run.stderr
        );
        assert!(
            run.lines.len() > n / 2,
            "seed {seed}: {} lines",
            run.lines.len()
        );
        assert!(
            run.lines.iter().all(|l| !l.contains('\u{1b}')),
            "seed {seed}: an escape byte was echoed"
        );
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), ANNOTATED);
}
