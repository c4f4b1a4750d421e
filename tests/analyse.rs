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
    assert_eq!(
        std::fs::read_to_string(dir.join("games.pgn")).unwrap(),
        GAMES
    );
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
    // and hector's review, through the binary: the first game of the two, the blunder and its better line
    let run = run_in(
        &dir,
        &[
            "--line",
            "--review",
            "games-analysed.pgn",
            "--speech",
            "off",
        ],
        b"1\ngoto 3 black\nvariation\nquit\n",
    );
    let said = run.lines.join("\n");
    assert!(
        said.contains("Move 3, Black: Springer Felix sechs. Blunder. 1 variation"),
        "{said}"
    );
    assert!(
        said.contains("Variation 1, depth 1. Move 3, Black: "),
        "{said}"
    );
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
        std::fs::read_to_string(&beside).unwrap().contains("[%eval"),
        "{:#?}",
        run.lines
    );
    assert!(
        run.lines.iter().any(|l| l.contains("Keep it?")),
        "{:#?}",
        run.lines
    );
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
    assert!(
        run.lines[0].contains("never written over"),
        "{:#?}",
        run.lines
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("games.pgn")).unwrap(),
        GAMES
    );
}

#[test]
fn analyse_without_an_engine_or_with_bad_settings_says_why_and_writes_nothing() {
    let dir = setup("noengine");
    let run = run_in(
        &dir,
        &[
            "--analyse",
            "games.pgn",
            "--engine",
            "no-such-engine",
            "--line",
        ],
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
    assert!(
        run.lines.join("\n").contains("`threads` is 0"),
        "{:#?}",
        run.lines
    );
    assert!(!dir.join("games-analysed.pgn").exists());
}

/// hector in line mode, talked to line by line: each answer waited for (the analysis runs in the background).
struct Live {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
    heard: Vec<String>,
}

impl Live {
    fn start(dir: &Path, args: &[&str]) -> Live {
        use std::io::BufRead;
        use std::process::Stdio;
        let mut child = common::hector_command(dir)
            .current_dir(dir)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start hector");
        let stdin = child.stdin.take().unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for l in std::io::BufReader::new(out).lines().map_while(Result::ok) {
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Live {
            child,
            stdin,
            lines,
            heard: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        use std::io::Write;
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Every line up to the first that contains `needle` (within 60 seconds).
    fn until(&mut self, needle: &str) -> Vec<String> {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    self.heard.push(l.clone());
                    let found = l.contains(needle);
                    got.push(l);
                    if found {
                        return got;
                    }
                }
                Err(_) => panic!("no line with {needle:?}; heard {:#?}", self.heard),
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

const HOME: [&str; 7] = [
    "--line",
    "--opponent",
    "human",
    "--no-autosave",
    "--speech",
    "off",
    "--virtual-clock",
];

#[test]
fn analyse_in_line_mode_says_progress_and_each_sides_summary_while_the_game_goes_on() {
    let dir = setup("line");
    let mut h = Live::start(&dir, &HOME);
    // a short game first: 3...Nf6?? is a blunder
    for m in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"] {
        h.send(m);
    }
    h.send("analyse nodes 200000");
    let said = h.until("Analysing 3 moves").join("\n");
    assert!(said.contains("nodes 200000"), "{said}");
    // the game stays playable meanwhile (the mate is played and announced before the analysis ends), and a
    // second analysis is refused while one runs
    h.send("analyse");
    h.until("The analysis is running");
    h.send("Qxf7");
    let before = h.until("Checkmate");
    assert!(
        !before.iter().any(|l| l.contains("accuracy")),
        "{before:#?}"
    );
    let summary = h.until("Black: accuracy");
    let black = summary.last().unwrap();
    assert!(
        black.contains("0 inaccuracies, 0 mistakes, 1 blunder;"),
        "{black}"
    );
    let white = &summary[summary.len() - 2];
    assert!(white.starts_with("White: accuracy"), "{white}");
    assert!(white.contains("0 blunders"), "{white}");
    h.quit();
    // bad limits are refused with the reason
    let run = run_in(
        &dir,
        &HOME,
        b"e4\nanalyse depth 0\nanalyse fast\nanalyse stop\nquit\n",
    );
    let said = run.lines.join("\n");
    assert!(
        said.contains("`depth` is 0; it must be from 1 to 60"),
        "{said}"
    );
    assert!(said.contains("not \"fast\""), "{said}");
    assert!(said.contains("No analysis is running"), "{said}");
}

#[test]
fn a_long_analysis_reports_every_ten_moves_and_can_be_called_off() {
    let dir = setup("stop");
    let mut h = Live::start(&dir, &HOME);
    // the Immortal Game, 23 moves
    let moves = "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6 Rg1 cxb5 h4 Qg6 \
                 h5 Qg5 Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 Na6 Nxg7+ Kd8 Qf6+ Nxf6 Be7#";
    for m in moves.split_whitespace() {
        h.send(m);
    }
    h.until("Checkmate");
    h.send("analyse nodes 2000");
    h.until("Analysing 23 moves");
    let progress = h.until("Black: accuracy");
    let said: Vec<&String> = progress
        .iter()
        .filter(|l| l.starts_with("Analysing:"))
        .collect();
    assert_eq!(
        said,
        [
            "Analysing: move 10 of 23",
            "Analysing: move 20 of 23",
            "Analysing: move 23 of 23"
        ],
        "{progress:#?}"
    );
    // a slow one, called off
    h.send("analyse depth 60");
    h.until("Analysing 23 moves");
    h.send("analyse stop");
    h.until("The analysis was called off");
    std::thread::sleep(std::time::Duration::from_secs(1));
    h.send("fen");
    let said = h.until("/");
    assert!(!said.iter().any(|l| l.contains("accuracy")), "{said:#?}");
    h.quit();
}

#[test]
fn analyse_is_refused_in_the_tournament_profile_while_the_game_is_played() {
    let dir = setup("profile");
    let mut args = RECORD.to_vec();
    args.push("en");
    let run = run_in(
        &dir,
        &args,
        b"e4\npress\nanalyse\nanalyse nodes 100\nquit\n",
    );
    let said = run.lines.join("\n");
    assert_eq!(
        said.matches("Not in a tournament game: the Laws allow no analysis")
            .count(),
        2,
        "{said}"
    );
    assert!(!said.contains("Analysing"), "{said}");
}

#[test]
fn analyse_without_an_engine_says_how_to_install_one() {
    let dir = setup("line-noengine");
    let mut args = HOME.to_vec();
    args.extend(["--engine", "no-such-engine"]);
    let mut h = Live::start(&dir, &args);
    h.send("e4");
    h.send("analyse");
    let said = h.until("No chess engine found").join("\n");
    assert!(said.contains("apt-get install stockfish"), "{said}");
    h.quit();
}

#[test]
fn analyse_in_a_review_analyses_the_whole_reviewed_game_from_any_place() {
    let dir = setup("review");
    let first = GAMES.split("\n\n[Event").next().unwrap();
    std::fs::write(dir.join("one.pgn"), first).unwrap();
    let mut h = Live::start(&dir, &["--line", "--review", "one.pgn", "--speech", "off"]);
    h.until("Review of the game");
    // at the start of the review: the whole game is analysed, not the position shown
    h.send("analyse");
    let said = h.until("Black: accuracy").join("\n");
    assert!(said.contains("Analysing 4 moves"), "{said}");
    assert!(
        said.contains("0 inaccuracies, 0 mistakes, 1 blunder;"),
        "{said}"
    );
    h.send("forward");
    h.until("Move 1, White");
    h.quit();
}

#[test]
fn bad_analysis_settings_are_refused_at_the_start_with_the_reason() {
    let dir = setup("bad-settings");
    std::fs::write(
        dir.join("config/hector/analysis.ron"),
        SETTINGS.replace("hash_mb: 16", "hash_mb: 999999"),
    )
    .unwrap();
    let run = run_in(&dir, &HOME, b"quit\n");
    let said = run.lines.join("\n");
    assert!(
        said.contains("Analysis settings:")
            && said.contains("`hash_mb` is 999999; it must be from 1 to 65536")
            && said.contains("the shipped analysis settings are used"),
        "{said}"
    );
    // --analysis-config names another file; one that is fine says nothing
    std::fs::write(dir.join("mine.ron"), SETTINGS).unwrap();
    let mut args = HOME.to_vec();
    args.extend(["--analysis-config", "mine.ron"]);
    let run = run_in(&dir, &args, b"quit\n");
    assert!(
        !run.lines.join("\n").contains("Analysis settings"),
        "{:#?}",
        run.lines
    );
}
