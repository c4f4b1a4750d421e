//! Online play end to end (shared/design/online.md): the real binary in line mode, `--opponent lichess`, against
//! the fake lichess of tests/support (127.0.0.1): signed in, the one ongoing game joined, the player's moves sent
//! and announced once lichess accepted them, the opponent's announced on arrival, the game kept as PGN with
//! lichess's tags, the end with lichess's reason; a wrong token refused; no token: what to do; the token in no
//! output, file or speech log.

mod common;
#[path = "support/fake_lichess.rs"]
#[allow(dead_code)]
mod fake_lichess;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use fake_lichess::{FakeLichess, GameSpec};

const TOKEN: &str = "lip_TestTokenSecret123";

/// hector in line mode, its output read line by line as it comes.
struct Hector {
    child: Child,
    stdin: Option<ChildStdin>,
    out: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Hector {
    fn start(home: &Path, url: &str, token: Option<&str>, extra: &[&str]) -> Hector {
        let mut cmd = common::hector_command(home);
        cmd.args([
            "--line",
            "--speech",
            "off",
            "--sound",
            "off",
            "--opponent",
            "lichess",
        ])
        .args(["--lichess-url", url, "--speech-log"])
        .arg(home.join("speech.log"))
        .args(extra)
        .env_remove("LICHESS_TOKEN")
        .env("HECTOR_LICHESS_TEST_PAUSE_MS", "200")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
        if let Some(t) = token {
            cmd.env("LICHESS_TOKEN", t);
        }
        let mut child = cmd.spawn().expect("hector runs");
        let stdout = child.stdout.take().unwrap();
        let (tx, out) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Hector {
            child,
            stdin,
            out,
            seen: Vec::new(),
        }
    }

    /// Waits until a line containing `text` was printed (after the lines seen so far); fails after 20 s.
    fn expect(&mut self, text: &str) -> String {
        let until = Instant::now() + Duration::from_secs(20);
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.out.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.contains(text) {
                        return line;
                    }
                }
                Err(_) => panic!("no line with {text:?}; seen: {:#?}", self.seen),
            }
        }
    }

    fn type_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("hector reads");
        stdin.flush().unwrap();
    }

    fn finish(mut self) -> (Vec<String>, String, i32) {
        self.stdin = None;
        let until = Instant::now() + Duration::from_secs(20);
        while let Ok(line) = self
            .out
            .recv_timeout(until.saturating_duration_since(Instant::now()))
        {
            self.seen.push(line);
        }
        let status = self.child.wait().expect("hector ends");
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut e, &mut err);
        }
        (self.seen, err, status.code().unwrap_or(-1))
    }
}

fn all_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(all_files(&p));
            } else {
                out.push(p);
            }
        }
    }
    out
}

#[test]
fn a_whole_game_against_a_scripted_opponent_kept_as_pgn_and_the_token_nowhere() {
    let home = common::temp_dir("online-game");
    let fake = FakeLichess::start(TOKEN, "Player");
    // Fool's mate the other way: the player (White) mates with 4.Qxf7#.
    let id = fake.add_game(GameSpec::rapid("Felix", "white", &["e7e5", "b8c6", "g8f6"]));
    let mut h = Hector::start(&home, &fake.url(), Some(TOKEN), &[]);
    h.expect("Signed in to lichess as Player");
    h.expect("Game against Felix");
    h.type_line("e4");
    h.expect("Black: ");
    // A move for the opponent's turn is refused before anything is sent; board exploring is allowed.
    h.type_line("Bc4");
    h.expect("Black: ");
    h.type_line("hint");
    h.expect("Not possible in a game played online");
    h.type_line("Qh5");
    h.expect("Black: ");
    h.type_line("Qxf7");
    h.expect("checkmate");
    let (seen, err, code) = h.finish();
    assert_eq!(code, 0, "{seen:#?}\n{err}");
    assert_eq!(
        fake.moves(&id),
        ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]
    );
    // Every move sent once.
    let moves = fake
        .requests()
        .into_iter()
        .filter(|r| r.path.contains("/move/"))
        .count();
    assert_eq!(moves, 4, "each of the player's moves sent once");
    // The game kept as PGN with lichess's tags.
    let pgn_path = home
        .join("data/hector/games")
        .join(format!("lichess-{id}.pgn"));
    let pgn = std::fs::read_to_string(&pgn_path)
        .unwrap_or_else(|e| panic!("{pgn_path:?}: {e}; {:?}", all_files(&home)));
    assert!(
        pgn.contains(&format!("[Site \"{}/{id}\"]", fake.url())),
        "{pgn}"
    );
    assert!(
        pgn.contains("[White \"Player\"]") && pgn.contains("[Black \"Felix\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[TimeControl \"600+5\"]"), "{pgn}");
    assert!(pgn.contains("%clk"), "{pgn}");
    assert!(pgn.contains("Qxf7#") && pgn.contains("1-0"), "{pgn}");
    // The token in no output, no file, no speech log.
    assert!(!seen.iter().any(|l| l.contains(TOKEN)) && !err.contains(TOKEN));
    for f in all_files(&home) {
        let text = String::from_utf8_lossy(&std::fs::read(&f).unwrap()).into_owned();
        assert!(!text.contains(TOKEN), "the token in {f:?}");
    }
}

#[test]
fn a_wrong_token_is_refused_with_lichesss_reason() {
    let home = common::temp_dir("online-401");
    let fake = FakeLichess::start(TOKEN, "Player");
    let mut h = Hector::start(&home, &fake.url(), Some("lip_wrong"), &[]);
    h.expect("lichess refused the token");
    let (seen, err, _) = h.finish();
    assert!(!seen.iter().any(|l| l.contains("lip_wrong")) && !err.contains("lip_wrong"));
}

#[test]
fn no_token_says_what_to_do_in_the_players_language() {
    let home = common::temp_dir("online-none");
    let fake = FakeLichess::start(TOKEN, "Player");
    let h = Hector::start(&home, &fake.url(), None, &["--language", "de"]);
    let (seen, _, code) = h.finish();
    assert_eq!(code, 2);
    assert!(
        seen.iter()
            .any(|l| l.contains("Kein lichess-Token") && l.contains("board:play")),
        "{seen:?}"
    );
    assert!(fake.requests().is_empty(), "nothing sent without a token");
}
