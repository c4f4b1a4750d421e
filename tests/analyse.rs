//! Whole-game analysis through the real binary with the real Stockfish: `hector --analyse FILE.pgn` (the
//! annotated copy read back by python-chess and by hector, the original never changed, an existing output
//! kept unless the answer is no), and `analyse` in line mode (the summary's counts, its refusal in the
//! tournament profile while the game is played, without an engine).

mod common;

use std::path::Path;
use std::process::Command;

use common::{RECORD, run_in, temp_dir};

/// The scholar's mate: 3...Nf6?? lets White mate at once, a blunder at any depth; a clock comment and a
/// comment of the player's to keep. Then a second, short game: a file of several games analyses each.
const GAMES: &str = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n\
1. e4 { [%clk 0:05:00] } e5 2. Qh5 { bold } Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
[Event \"Club\"]\n[White \"Cid\"]\n[Black \"Dee\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 *\n";

/// A small fixed node count: quick, and the same answers on every run (one thread).
const SETTINGS: &str = "(depth: None, nodes: Some(20000), seconds: None, threads: 1, hash_mb: 16)";

fn stockfish() {
    assert!(
        hector::engine::find_program("stockfish").is_some(),
        "Stockfish is needed for this test: apt-get install stockfish (or bash scripts/install-deps.sh --tests)"
    );
}

/// A folder with the games and the analysis settings in its config folder.
fn setup(name: &str) -> std::path::PathBuf {
    stockfish();
    let dir = temp_dir(name);
    std::fs::create_dir_all(dir.join("config/hector")).unwrap();
    std::fs::write(dir.join("config/hector/analysis.ron"), SETTINGS).unwrap();
    std::fs::write(dir.join("games.pgn"), GAMES).unwrap();
    dir
}

fn python(script: &str, file: &Path) -> String {
    let out = Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(file)
        .output()
        .expect("python3 runs (python-chess is needed: pip install chess)");
    assert!(
        out.status.success(),
        "python-chess failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What python-chess reads of the first game: each mainline move with its NAGs, its eval (White's view),
/// its clock and how many variations it has; then how many games.
const READ_BACK: &str = r#"
import sys, chess.pgn
f = open(sys.argv[1])
games = []
while True:
    g = chess.pgn.read_game(f)
    if g is None:
        break
    games.append(g)
g = games[0]
assert not g.errors, g.errors
for node in g.mainline():
    ev = node.eval()
    ev = "none" if ev is None else str(ev.white())
    clk = node.clock()
    print(node.san(), sorted(node.nags), ev, clk, len(node.parent.variations) - 1,
          " ".join(v.san() for v in node.parent.variations[1:]))
print("games", len(games), len(list(games[1].mainline())))
"#;

#[test]
fn analyse_writes_an_annotated_copy_that_python_chess_and_hector_read_back() {
    let dir = setup("cli");
    let run = run_in(&dir, &["--analyse", "games.pgn", "--line"], b"");
    assert_eq!(run.code, 0, "{:#?} {}", run.lines, run.stderr);
    let said = run.lines.join("\n");
    assert!(
        said.contains("Move 3, Black: Nf6, a blunder; better was"),
        "{said}"
    );
    assert!(said.contains("1 blunder;"), "{said}");
    assert!(said.contains("Game 2 of 2: Cid against Dee"), "{said}");
    assert!(said.contains("Analysing: move 4 of 4"), "{said}");
    assert!(said.contains("games-analysed.pgn"), "{said}");
    // the original is never changed
    assert_eq!(std::fs::read_to_string(dir.join("games.pgn")).unwrap(), GAMES);
    let out = dir.join("games-analysed.pgn");
    let read = python(READ_BACK, &out);
    let rows: Vec<&str> = read.lines().collect();
    assert_eq!(rows.len(), 8, "{read}");
    // every move but the mate carries an eval; the clock and the player's comment are kept
    assert!(rows[0].starts_with("e4 [] "), "{read}");
    assert!(rows[0].contains(" 300.0 "), "the clock is kept: {read}");
    for row in &rows[..6] {
        assert!(!row.contains(" none "), "an eval on every move: {read}");
    }
    // 3...Nf6?? : NAG $4, White mates in one, the better move as a variation
    assert!(rows[5].starts_with("Nf6 [4] #+1 None 1 "), "{read}");
    let better = rows[5].rsplit(' ').next().unwrap();
    assert!(["g6", "Qe7", "Qf6"].contains(&better), "{read}");
    assert!(rows[6].starts_with("Qxf7# [] none"), "{read}");
    assert_eq!(rows[7], "games 2 3", "{read}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("{bold}"), "{text}");
    // hector reads it back too: the same moves, the NAG and the variation kept
    let report = hector::rules::pgn::import(&text);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.games.len(), 2);
    let nf6 = &report.games[0].plies()[5];
    assert_eq!(nf6.annotations.nags, vec![4]);
    assert_eq!(nf6.annotations.comments[0], "[%eval #1]");
    assert_eq!(nf6.annotations.variations.len(), 1);
}

#[test]
fn an_existing_output_is_replaced_only_after_an_explicit_no() {
    let dir = setup("exists");
    let out = dir.join("games-analysed.pgn");
    std::fs::write(&out, "keep me").unwrap();
    // no answer (the end of the input): kept, the analysis goes beside it
    let run = run_in(&dir, &["--analyse", "games.pgn", "--line"], b"");
    assert_eq!(run.code, 0, "{:#?}", run.lines);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep me");
    let beside = dir.join("games-analysed-2.pgn");
    assert!(
        std::fs::read_to_string(&beside)
            .unwrap()
            .contains("[%eval"),
        "{:#?}",
        run.lines
    );
    assert!(run.lines.iter().any(|l| l.contains("Keep it?")), "{:#?}", run.lines);
    // yes keeps it too
    let run = run_in(&dir, &["--analyse", "games.pgn", "--line"], b"yes\n");
    assert_eq!(run.code, 0);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep me");
    // no replaces it
    let run = run_in(&dir, &["--analyse", "games.pgn", "--line"], b"no\n");
    assert_eq!(run.code, 0, "{:#?}", run.lines);
    assert!(std::fs::read_to_string(&out).unwrap().contains("$4"));
    // --save the game itself: refused, the game unchanged
    let run = run_in(
        &dir,
        &["--analyse", "games.pgn", "--save", "games.pgn", "--line"],
        b"no\n",
    );
    assert_eq!(run.code, 2);
    assert!(run.lines[0].contains("never written over"), "{:#?}", run.lines);
    assert_eq!(std::fs::read_to_string(dir.join("games.pgn")).unwrap(), GAMES);
}

#[test]
fn analyse_without_an_engine_or_with_bad_settings_says_why_and_writes_nothing() {
    let dir = setup("noengine");
    let run = run_in(
        &dir,
        &["--analyse", "games.pgn", "--engine", "no-such-engine", "--line"],
        b"",
    );
    assert_eq!(run.code, 2);
    let said = run.lines.join("\n");
    assert!(said.contains("No chess engine found"), "{said}");
    assert!(said.contains("apt-get install stockfish"), "{said}");
    assert!(!dir.join("games-analysed.pgn").exists());
    std::fs::write(
        dir.join("config/hector/analysis.ron"),
        SETTINGS.replace("threads: 1", "threads: 0"),
    )
    .unwrap();
    let run = run_in(&dir, &["--analyse", "games.pgn", "--line"], b"");
    assert_eq!(run.code, 2);
    assert!(run.lines.join("\n").contains("`threads` is 0"), "{:#?}", run.lines);
    assert!(!dir.join("games-analysed.pgn").exists());
    let _ = RECORD;
}
