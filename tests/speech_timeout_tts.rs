//! What the speech thread promises holds for the tts backend too (`--speech-engine tts`): a
//! speech server that is missing, hangs at the start, takes no text or never finishes one is said once, in
//! words, and play goes on in text. The same servers as tests/speech_timeout.rs (the fake one is copied here),
//! driven through the real binary.

mod common;

use std::os::unix::net::UnixListener;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hector-tts-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// hector in line mode with the tts backend against `address`; the player waits `think` before `e4`, then
/// plays `e5` and quits. Returns every line printed.
fn play(address: &str, think: Duration) -> Vec<String> {
    use std::io::{BufRead, BufReader, Write};
    let mut child = common::hector_command(&common::temp_dir("speech-tts"))
        .args(["--line", "--speech", "on", "--speech-engine", "tts"])
        .args(["--opponent", "human"])
        .env("SPEECHD_ADDRESS", address)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start hector");
    let mut stdin = child.stdin.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    let next = |seen: &mut Vec<String>| {
        let line = rx
            .recv_timeout(Duration::from_secs(120))
            .unwrap_or_else(|_| panic!("no more lines; so far {seen:?}"));
        seen.push(line.clone());
        line
    };
    assert_eq!(next(&mut seen), "New game, White to move");
    std::thread::sleep(think);
    writeln!(stdin, "e4").unwrap();
    while !seen.iter().any(|l| l == "Bauer Eva vier") {
        next(&mut seen);
    }
    // The notice, if one comes, comes within the answer limit (5 s) or the text's watchdog (3 s and 250 ms a
    // character); waited for by the line, not by a stopwatch.
    if !seen.iter().any(|l| l.starts_with("Speech is off"))
        && let Ok(line) = rx.recv_timeout(Duration::from_secs(30))
    {
        seen.push(line);
    }
    writeln!(stdin, "e5").unwrap();
    while !seen.iter().any(|l| l == "Bauer Eva fünf") {
        next(&mut seen);
    }
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    let status = child.wait().unwrap();
    assert!(status.success(), "{seen:?}");
    while let Ok(line) = rx.recv_timeout(Duration::from_millis(200)) {
        seen.push(line);
    }
    seen
}

/// The lines that say speech is off: exactly one is expected.
fn off_notices(seen: &[String]) -> Vec<&String> {
    seen.iter()
        .filter(|l| l.starts_with("Speech is off"))
        .collect()
}

#[test]
fn tts_without_a_speech_server_is_said_once_and_play_goes_on() {
    let seen = play(
        "unix_socket:/nonexistent/hector-test/speechd.sock",
        Duration::ZERO,
    );
    let off = off_notices(&seen);
    assert_eq!(off.len(), 1, "{seen:?}");
    assert!(off[0].contains("no speech server"), "{seen:?}");
}

#[test]
fn tts_with_a_hung_speech_server_plays_on_in_text_and_says_so_once() {
    let dir = scratch_dir("hung");
    let socket = dir.join("speechd.sock");
    let listener = UnixListener::bind(&socket).expect("bind fake speech-dispatcher");
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            held.push(stream);
        }
    });
    let seen = play(&format!("unix_socket:{}", socket.display()), Duration::ZERO);
    let _ = std::fs::remove_dir_all(&dir);
    // The move is answered while the start is pending; the start is given up (10 s) before hector quits, or
    // not at all if the player was quicker: never twice.
    assert_eq!(
        seen[1], "Bauer Eva vier",
        "answered while pending: {seen:?}"
    );
    assert!(off_notices(&seen).len() <= 1, "{seen:?}");
}

/// A fake speech-dispatcher that answers the set-up of a connection (SSIP) and then stops answering:
/// `at_speak` at the first text, else after taking the first text, which it never reports spoken (a server
/// spawned where it cannot reach a sound server behaves so, and then answers nothing more).
fn fake_server_that_stops_answering(socket: &std::path::Path, at_speak: bool) {
    use std::io::{BufRead, BufReader, Write};
    let listener = UnixListener::bind(socket).expect("bind fake speech-dispatcher");
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || {
                let mut out = stream.try_clone().expect("clone the stream");
                let mut lines = BufReader::new(stream).lines();
                let mut stopped = false;
                while let Some(Ok(line)) = lines.next() {
                    let command = line.trim_end().to_ascii_uppercase();
                    let reply = if stopped {
                        continue;
                    } else if command.starts_with("SPEAK") {
                        if at_speak {
                            stopped = true;
                            continue;
                        }
                        let _ = out.write_all(b"230 OK RECEIVING DATA\r\n");
                        // The text, up to the line with a single dot.
                        for text in lines.by_ref() {
                            if text.map_or(true, |t| t.trim_end() == ".") {
                                break;
                            }
                        }
                        stopped = true;
                        "225-1\r\n225 OK MESSAGE QUEUED\r\n"
                    } else if command.starts_with("LIST OUTPUT_MODULES") {
                        "250-espeak-ng\r\n250 OK MODULE LIST SENT\r\n"
                    } else if command.starts_with("LIST SYNTHESIS_VOICES") {
                        "300 ERR INTERNAL\r\n"
                    } else if command.starts_with("HISTORY GET CLIENT_ID") {
                        "245-1\r\n245 OK CLIENT ID SENT\r\n"
                    } else if command.starts_with("QUIT") {
                        "231 HAPPY HACKING\r\n"
                    } else {
                        "200 OK\r\n"
                    };
                    let _ = out.write_all(reply.as_bytes());
                }
            });
        }
    });
}

fn stops_answering(at_speak: bool, think: Duration, expected: &str) {
    let dir = scratch_dir(&format!("stops-{at_speak}-{}", think.as_millis()));
    let socket = dir.join("speechd.sock");
    fake_server_that_stops_answering(&socket, at_speak);
    let seen = play(&format!("unix_socket:{}", socket.display()), think);
    let _ = std::fs::remove_dir_all(&dir);
    let off = off_notices(&seen);
    assert_eq!(off.len(), 1, "said once: {seen:?}");
    assert!(
        off[0].starts_with(expected),
        "the player is told why: {seen:?}"
    );
    assert!(
        seen.iter().any(|l| l == "Bauer Eva fünf"),
        "play goes on: {seen:?}"
    );
}

#[test]
fn tts_with_a_server_that_takes_no_text_is_reported_off_once() {
    stops_answering(
        true,
        Duration::ZERO,
        "Speech is off: the speech server does not",
    );
}

#[test]
fn tts_with_a_server_that_never_finishes_a_text_is_reported_off_once() {
    stops_answering(
        false,
        Duration::from_secs(2),
        "Speech is off: the speech server does not",
    );
}
