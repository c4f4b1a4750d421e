//! No input may crash hector or lose a move: thousands of seeded random lines (moves, commands with odd
//! arguments, noise, other scripts) go to the real binary in line mode; it must answer every line, exit 0,
//! never panic, and the saved game must hold exactly the moves it announced.

mod common;

use std::io::Write;
use std::process::Stdio;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const WORDS: &[&str] = &[
    "review",
    "forward",
    "start",
    "goto",
    "variation",
    "leave",
    "done",
    "check",
    "compare",
    "rewind",
    "rewound",
    "is",
    "keep",
    "stop",
    "end",
    "back",
    "leer",
    "weiß",
    "RNBQKBNR",
    "last",
    "moves",
    "count",
    "board",
    "square",
    "fen",
    "claim",
    "offer",
    "accept",
    "decline",
    "resign",
    "yes",
    "no",
    "time",
    "used",
    "control",
    "flag",
    "wait",
    "illegal",
    "press",
    "increment",
    "arbiter",
    "seal",
    "envelope",
    "open",
    "help",
    "save",
    "e4",
    "Nf3",
    "O-O",
    "O-O-O",
    "e8=Q",
    "exd5",
    "Springer",
    "Felix",
    "drei",
    "Bauer",
    "Eva",
    "vier",
    "Dame",
    "König",
    "Kurze",
    "Rochade",
    "Lange",
    "ε4",
    "Ιζ3",
    "Β",
    "a1",
    "h8",
    "z9",
    "0",
    "-1",
    "99999999999999999999",
    "1h2m",
    "30s",
    "5m",
    "pause",
    "resume",
    "add",
    "white",
    "black",
    "\u{0}",
    "\u{feff}",
    "🙂",
    "\"",
    "'",
    "\\",
    "%",
    "{}",
    "e2e4",
    "g1f3",
    "e7e8q",
    "a7a8n",
];

fn random_line(rng: &mut ChaCha8Rng, legal: &[String]) -> String {
    match rng.gen_range(0..10) {
        // A legal move from the last known position (keeps the game going).
        0..=3 if !legal.is_empty() => legal.choose(rng).unwrap().clone(),
        4 => (0..rng.gen_range(1..40))
            .map(|_| char::from_u32(rng.gen_range(1..0x3000)).unwrap_or('?'))
            .collect(),
        _ => (0..rng.gen_range(1..5))
            .map(|_| *WORDS.choose(rng).unwrap())
            .collect::<Vec<_>>()
            .join(" "),
    }
}

#[test]
fn random_input_never_crashes_and_never_loses_a_move() {
    let dir = std::env::temp_dir().join(format!("hector-noise-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for seed in 0..6u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // Legal moves come from a shadow game played by the rules core on the announced moves: we cannot
        // know which lines the binary takes as moves, so we offer UCI moves of the start position and of
        // typical openings; most are refused later, which is the point.
        let legal: Vec<String> = [
            "e2e4", "d2d4", "g1f3", "e7e5", "d7d5", "g8f6", "c2c4", "b8c6", "f1c4", "f8c5",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let mut input = String::new();
        for _ in 0..400 {
            input.push_str(&random_line(&mut rng, &legal));
            input.push('\n');
        }
        // An open question (resign?) is asked again until yes or no: "no" closes one left open; "done" leaves
        // a review left open (where `fen` answers about the reviewed position).
        input.push_str("no\ndone\nfen\nquit\n");
        let save = dir.join(format!("noise-{seed}.pgn"));
        let mut child = common::hector_command(&common::temp_dir("noise"))
            .args([
                "--line",
                "--opponent",
                "human",
                "--virtual-clock",
                "--time",
                "5+3",
                "--save",
            ])
            .arg(&save)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .current_dir(&dir)
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "seed {seed}: exit {:?}, stderr: {stderr}",
            out.status
        );
        assert!(!stderr.contains("panicked"), "seed {seed}: {stderr}");
        let stdout = String::from_utf8(out.stdout).expect("UTF-8 out");
        assert!(
            stdout.lines().all(|l| !l.trim().is_empty()),
            "seed {seed}: an empty announcement"
        );
        // Every line was answered or was a confirmation/cancellation: more output lines than a third of input.
        assert!(
            stdout.lines().count() > 130,
            "seed {seed}: only {} lines",
            stdout.lines().count()
        );
        // The saved game imports again and ends in the position the last `fen` answered: no move was lost.
        let pgn = std::fs::read_to_string(&save).expect("the game is saved at quit");
        let report = hector::rules::pgn::import(&pgn);
        assert!(
            report.errors.is_empty(),
            "seed {seed}: {:?}\n{pgn}",
            report.errors
        );
        assert_eq!(report.games.len(), 1, "seed {seed}");
        let last_fen = stdout
            .lines()
            .rev()
            .find(|l| l.split(' ').count() == 6 && l.contains('/'))
            .expect("fen");
        assert_eq!(report.games[0].fen(), last_fen, "seed {seed}\n{pgn}");
        let plies = report.games[0].plies().len();
        println!(
            "seed {seed}: {} lines answered, {plies} plies kept",
            stdout.lines().count()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
