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
use std::process::{Child, ChildStdin, Stdio};
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
    // No local game is greeted before lichess's: the first line says where hector is going.
    assert_eq!(h.seen[0], "Connecting to lichess", "{:#?}", h.seen);
    assert!(
        !h.seen.iter().any(|l| l.starts_with("New game")),
        "{:#?}",
        h.seen
    );
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
    assert!(
        pgn.contains("[WhiteElo \"1500\"]") && pgn.contains("[BlackElo \"1500\"]"),
        "{pgn}"
    );
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

/// Signed in and joined to the one game (the player White, the opponent's moves scripted).
fn joined(name: &str, spec: GameSpec) -> (PathBuf, FakeLichess, String, Hector) {
    let home = common::temp_dir(name);
    let fake = FakeLichess::start(TOKEN, "Player");
    let id = fake.add_game(spec);
    let mut h = Hector::start(&home, &fake.url(), Some(TOKEN), &[]);
    h.expect("Game against Felix");
    (home, fake, id, h)
}

#[test]
fn a_refused_move_keeps_the_position_and_nothing_is_sent_twice_across_a_dropped_stream() {
    let (_home, fake, id, mut h) = joined(
        "online-refused",
        GameSpec::rapid("Felix", "white", &["e7e5", "b8c6"]),
    );
    // lichess refuses the next move (a 400 from the fake for a move it cannot take: rate limits aside, a
    // move the fake does not know): hector's own check refuses an illegal one before sending.
    h.type_line("e5");
    h.expect("Not possible");
    h.type_line("e4");
    h.expect("Black: ");
    // The stream dropped mid-game: said once, reconnected, nothing played or sent twice.
    fake.drop_streams("/api/board/game/stream");
    h.expect("Connection to lichess lost, reconnecting");
    h.expect("Connected again");
    h.type_line("Nf3");
    h.expect("Black: ");
    let (seen, _, _) = h.finish();
    assert_eq!(
        fake.moves(&id),
        ["e2e4", "e7e5", "g1f3", "b8c6"],
        "{seen:#?}"
    );
    let sent = fake
        .requests()
        .into_iter()
        .filter(|r| r.path.contains("/move/"))
        .count();
    assert_eq!(sent, 2);
    let black = seen.iter().filter(|l| l.starts_with("Black: ")).count();
    assert_eq!(black, 2, "each opponent move announced once: {seen:#?}");
}

#[test]
fn draw_offers_and_takebacks_both_ways_chat_and_garbage_lines() {
    let (_home, fake, id, mut h) = joined(
        "online-offers",
        GameSpec::rapid("Felix", "white", &["e7e5", "b8c6"]),
    );
    h.type_line("e4");
    h.expect("Black: ");
    fake.push_game_line(&id, "this is not json");
    fake.push_game_line(&id, r#"{"type":"somethingNew","x":1}"#);
    fake.offer_draw(&id);
    h.expect("Your opponent offers a draw");
    h.type_line("decline");
    h.expect("Draw offer declined");
    fake.propose_takeback(&id);
    h.expect("asks to take back");
    h.type_line("accept");
    h.expect("Taken back");
    fake.chat(&id, "good luck \u{1b}[31m");
    let line = h.expect("Chat, Felix: good luck");
    assert!(!line.contains('\u{1b}'), "quoted safely: {line:?}");
    h.type_line("say thanks");
    h.expect("Written in the chat");
    h.type_line("offer");
    h.expect("Draw offer sent");
    // The offer goes out on the client's own thread: waited for before hector is stopped.
    let until = Instant::now() + Duration::from_secs(10);
    while !fake
        .requests()
        .iter()
        .any(|r| r.path.ends_with("/draw/yes"))
        && Instant::now() < until
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    let (seen, _, _) = h.finish();
    let reqs = fake.requests();
    assert!(
        reqs.iter().any(|r| r.path.ends_with("/draw/no")),
        "{seen:#?}"
    );
    assert!(reqs.iter().any(|r| r.path.ends_with("/takeback/yes")));
    assert!(
        reqs.iter()
            .any(|r| r.path.ends_with("/chat") && r.field("text") == Some("thanks"))
    );
    assert!(reqs.iter().any(|r| r.path.ends_with("/draw/yes")));
}

#[test]
fn opponent_gone_then_claim_and_the_end_said_with_lichesss_reason() {
    let (_home, fake, id, mut h) =
        joined("online-gone", GameSpec::rapid("Felix", "white", &["e7e5"]));
    h.type_line("e4");
    h.expect("Black: ");
    fake.opponent_gone(&id, Some(0));
    h.expect("Your opponent has left the game");
    h.type_line("claim");
    h.expect("Game over on lichess");
    let (seen, _, _) = h.finish();
    assert!(
        fake.requests()
            .iter()
            .any(|r| r.path.ends_with("/claim-victory")),
        "{seen:#?}"
    );
    assert_ne!(fake.status(&id), "started");
}

#[test]
fn resignation_confirmed_then_sent_and_ends_by_flag_and_abort_said() {
    let (_home, fake, id, mut h) = joined(
        "online-resign",
        GameSpec::rapid("Felix", "white", &["e7e5"]),
    );
    h.type_line("resign");
    h.expect("Resign this game on lichess?");
    h.type_line("no");
    h.expect("Not resigned");
    h.type_line("resign");
    h.type_line("yes");
    h.expect("Game over on lichess: White resigned. Black wins");
    let _ = h.finish();
    assert_eq!(fake.status(&id), "resign");

    let (_home, fake, id, mut h) =
        joined("online-flag", GameSpec::rapid("Felix", "white", &["e7e5"]));
    fake.end_game(&id, "outoftime", Some("black"));
    h.expect("Game over on lichess: White ran out of time. Black wins");
    h.type_line("hint");
    let line = h.expect("");
    assert!(
        !line.contains("Not possible in a game played online"),
        "after the game: {line}"
    );
    let _ = h.finish();

    let (_home, fake, id, mut h) = joined("online-abort", GameSpec::rapid("Felix", "white", &[]));
    h.type_line("abort");
    h.expect("Game over on lichess: the game was aborted");
    let _ = h.finish();
    assert_eq!(fake.status(&id), "aborted");
}

#[test]
fn a_fast_seek_is_refused_before_anything_is_sent() {
    let home = common::temp_dir("online-seek");
    let fake = FakeLichess::start(TOKEN, "Player");
    let mut h = Hector::start(&home, &fake.url(), Some(TOKEN), &[]);
    h.expect("Signed in to lichess as Player");
    h.expect("No game of yours is going on");
    h.type_line("seek 3+2");
    h.expect("only rapid and classical");
    h.type_line("seek 10+5 rated");
    h.expect("Seeking a game, 10+5");
    fake.wait_requests(10, "the seek", |r| {
        r.iter().any(|q| q.path == "/api/board/seek")
    });
    let _ = h.finish();
    let seeks = fake
        .requests()
        .into_iter()
        .filter(|r| r.path == "/api/board/seek")
        .count();
    assert_eq!(seeks, 1, "the fast seek was never sent");
}

#[test]
fn a_correspondence_game_left_and_joined_again_plays_nothing_twice() {
    let home = common::temp_dir("online-corr");
    let fake = FakeLichess::start(TOKEN, "Player");
    let id = fake.add_game(GameSpec::correspondence("Felix", "black", 3, &["e2e4"]));
    let mut h = Hector::start(&home, &fake.url(), Some(TOKEN), &[]);
    h.expect("3 days per move");
    h.type_line("e5");
    h.expect("Bauer Eva fünf");
    h.type_line("quit");
    let _ = h.finish();
    // A day later the opponent has moved; the game is joined again with --game.
    fake.opponent_plays(&id, "g1f3");
    let mut h = Hector::start(&home, &fake.url(), Some(TOKEN), &["--game", &id]);
    h.expect("Game against Felix");
    h.type_line("last");
    h.expect("Springer Felix drei");
    let (seen, _, _) = h.finish();
    assert_eq!(fake.moves(&id), ["e2e4", "e7e5", "g1f3"], "{seen:#?}");
    let sent = fake
        .requests()
        .into_iter()
        .filter(|r| r.path.contains("/move/"))
        .count();
    assert_eq!(sent, 1, "nothing sent twice: {seen:#?}");
}

#[test]
fn a_429_is_said_once_and_the_move_goes_after_the_pause_and_a_challenge_is_announced_and_accepted()
{
    let (_home, fake, id, mut h) =
        joined("online-429", GameSpec::rapid("Felix", "white", &["e7e5"]));
    fake.rate_limit("/api/board/game/", 2);
    h.type_line("e4");
    h.expect("lichess asks hector to slow down");
    h.expect("Black: ");
    let incoming = fake.incoming_challenge("Anna", 900, 10, false);
    h.expect("Challenge 1: Anna");
    h.type_line("accept 1");
    h.expect("Challenge of Anna (1500) accepted");
    let (seen, _, _) = h.finish();
    let slow = seen.iter().filter(|l| l.contains("slow down")).count();
    assert_eq!(slow, 1, "said once: {seen:#?}");
    assert_eq!(fake.moves(&id)[..2], ["e2e4", "e7e5"]);
    let landed = fake
        .requests()
        .into_iter()
        .filter(|r| r.path.contains("/move/e2e4"))
        .count();
    assert!(landed >= 1);
    assert!(
        fake.requests()
            .iter()
            .any(|r| r.path == format!("/api/challenge/{incoming}/accept"))
    );
}

/// An unfinished game at the keyboard stays where it is: online, no local game is offered, asked about or
/// written in the autosave file; the online game goes to its own file.
#[test]
fn an_unfinished_local_game_is_neither_offered_nor_touched_by_online_play() {
    let home = common::temp_dir("online-local-kept");
    let local = common::run_in(&home, &["--line", "--opponent", "human"], b"e4\nquit\n");
    assert_eq!(local.code, 0, "{:?}", local.lines);
    let autosave = home.join("data/hector/autosave.pgn");
    let before = std::fs::read(&autosave).expect("the local game is kept");
    let fake = FakeLichess::start(TOKEN, "Player");
    let id = fake.add_game(GameSpec::rapid("Felix", "white", &["e7e5"]));
    let mut h = Hector::start(&home, &fake.url(), Some(TOKEN), &[]);
    h.expect("Game against Felix");
    h.type_line("e4");
    h.expect("Black: ");
    h.type_line("quit");
    let (seen, _, _) = h.finish();
    assert!(
        !seen
            .iter()
            .any(|l| l.contains("unfinished") || l.contains("Continue it")),
        "{seen:#?}"
    );
    assert_eq!(
        std::fs::read(&autosave).unwrap(),
        before,
        "the local game is untouched"
    );
    let online = home.join(format!("data/hector/games/lichess-{id}.pgn"));
    let kept = std::fs::read_to_string(&online).expect("the online game is kept");
    assert!(
        kept.contains("1. e4 {") && kept.contains("1... e5 {"),
        "{kept}"
    );
}
