//! A missing or hung speech-dispatcher never delays start-up beyond the time-out, and speech is reported off once.
//!
//! Each case runs `Speech::start` in a child process (this test binary, re-run on one ignored test) so
//! that `SPEECHD_ADDRESS` can point somewhere else without touching this process's environment.

mod common;

use std::io::Read;
use std::os::unix::net::UnixListener;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hector::speech::{Priority, START_TIMEOUT, Speech, SpeechConfig, SpeechStatus, Utterance};

/// The child gives a pending start up after this long (the default, `GIVE_UP`, is longer).
const CHILD_GIVE_UP: Duration = Duration::from_secs(4);
const CHILD: &str = "HECTOR_SPEECH_TIMEOUT_CHILD";

/// What the child saw: the status `Speech::start` returned and when, and the first later notice.
struct Outcome {
    start: (Duration, String),
    notice: Option<(Duration, String)>,
    on_at_end: bool,
    stderr: String,
}

/// Run `child_start_speech` in a new process with `SPEECHD_ADDRESS` set to `address`.
fn start_in_child(address: &str) -> Outcome {
    let exe = std::env::current_exe().expect("test binary path");
    let wall = Instant::now();
    let mut child = Command::new(exe)
        .args([
            "--exact",
            "child_start_speech",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .env("SPEECHD_ADDRESS", address)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn child");
    // The child must finish by itself (a hung connection attempt is left detached, not joined).
    // Only so a broken build cannot hang the suite; nothing is timed against it.
    let limit = Duration::from_secs(120);
    loop {
        if child.try_wait().expect("wait child").is_some() {
            break;
        }
        if wall.elapsed() > limit {
            let _ = child.kill();
            panic!("the child did not exit within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut stdout = String::new();
    let mut stderr = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let field = |tag: &str| -> Option<(Duration, String)> {
        let line = stdout
            .lines()
            .find_map(|l| l.find(tag).map(|at| &l[at..]))?;
        let ms: u64 = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("ms="))?
            .parse()
            .ok()?;
        let status = line.split_once("status=")?.1.to_owned();
        Some((Duration::from_millis(ms), status))
    };
    let start = field("speech-start ")
        .unwrap_or_else(|| panic!("no result from the child:\n{stdout}\n{stderr}"));
    Outcome {
        start,
        notice: field("speech-notice "),
        on_at_end: stdout.contains("speech-end on=true"),
        stderr,
    }
}

/// Not a test of its own: the body of the child process.
#[test]
#[ignore = "run by the other tests in a child process"]
fn child_start_speech() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    let t = Instant::now();
    let (speech, status) =
        Speech::start_with_limits(SpeechConfig::default(), START_TIMEOUT, CHILD_GIVE_UP);
    println!(
        "speech-start ms={} status={status:?}",
        t.elapsed().as_millis()
    );
    // Waits for the give-up notice (the outer limit only keeps a broken build from hanging).
    while status == SpeechStatus::Starting && t.elapsed() < CHILD_GIVE_UP + Duration::from_secs(60)
    {
        if let Some(notice) = speech.take_notice() {
            println!(
                "speech-notice ms={} status={notice:?}",
                t.elapsed().as_millis()
            );
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    speech.say(Utterance::new("nobody hears this", Priority::Interrupt));
    println!("speech-end on={}", speech.is_on());
}

#[test]
fn missing_speech_dispatcher_turns_speech_off_at_once() {
    let out = start_in_child("unix_socket:/nonexistent/hector-test/speechd.sock");
    let (elapsed, status) = &out.start;
    // Off at once: start returned the verdict itself, without waiting for a connection that cannot come.
    assert!(status.starts_with("Off(Unavailable("), "status: {status}");
    assert_eq!(out.notice, None, "speech off is reported once, by start");
    assert!(!out.on_at_end);
    println!("missing: {elapsed:?} {status}; stderr: {:?}", out.stderr);
}

#[test]
fn hung_speech_dispatcher_never_blocks_and_turns_speech_off_once() {
    let dir = scratch_dir("hung");
    let socket = dir.join("speechd.sock");
    let listener = UnixListener::bind(&socket).expect("bind fake speech-dispatcher");
    // Accept every connection and keep it open without ever answering.
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            held.push(stream);
        }
    });
    let out = start_in_child(&format!("unix_socket:{}", socket.display()));
    let _ = std::fs::remove_dir_all(&dir);
    let (elapsed, status) = &out.start;
    // Start returned while the connection was still pending (it did not block on it), and not before its
    // time-out: lower bounds only, which no load on the machine can break.
    assert_eq!(status, "Starting");
    assert!(
        *elapsed >= START_TIMEOUT,
        "gave up waiting before the time-out: {elapsed:?}"
    );
    let (later, notice) = out.notice.clone().expect("one notice that speech is off");
    assert_eq!(notice, format!("Off(TimedOut({CHILD_GIVE_UP:?}))"));
    assert!(later >= CHILD_GIVE_UP, "gave up before its time: {later:?}");
    assert!(!out.on_at_end);
    println!(
        "hung: start {elapsed:?} {status}; notice {later:?} {notice}; stderr: {:?}",
        out.stderr
    );
}

#[test]
fn disabled_speech_reports_nothing_and_never_blocks() {
    let speech = Speech::disabled();
    assert!(!speech.is_on());
    speech.say(Utterance::new("nothing", Priority::Queue));
    assert!(speech.wait_until_quiet(Duration::ZERO));
    assert_eq!(speech.take_notice(), None);
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hector-speech-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// The real binary with `--speech on` against a speech-dispatcher that accepts and never answers: the
/// greeting and the answer to a move come while speech is still pending, before it is given up (the notice
/// that speech is off comes after them), and quitting ends the program. Checked by order, not by a stopwatch.
#[test]
fn hector_with_a_hung_speech_dispatcher_plays_on_in_text() {
    use std::io::{BufRead, BufReader, Write};
    let dir = scratch_dir("hung-binary");
    let socket = dir.join("speechd.sock");
    let listener = UnixListener::bind(&socket).expect("bind fake speech-dispatcher");
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            held.push(stream);
        }
    });
    let mut child = common::hector_command(&common::temp_dir("speech"))
        .args([
            "--line",
            "--speech",
            "on",
            "--opponent",
            "human",
            "--openings",
            "off",
        ])
        .env(
            "SPEECHD_ADDRESS",
            format!("unix_socket:{}", socket.display()),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start hector");
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let greeting = lines.next().expect("a greeting").unwrap();
    assert_eq!(greeting, "New game, White to move");
    // hector waits only briefly (SPEECH_WAIT) and keeps the connection pending: had it waited for speech to
    // be given up, the notice that speech is off would come before the answer to the move.
    writeln!(stdin, "e4").unwrap();
    let answer = lines.next().expect("an answer").unwrap();
    assert_eq!(answer, "Bauer Eva vier", "answered while speech is pending");
    writeln!(stdin, "quit").unwrap();
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = child.wait().unwrap();
    assert!(status.success());
    assert!(
        rest.iter().all(|l| !l.starts_with("Bauer")),
        "nothing more was played: {rest:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
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

/// hector against `fake_server_that_stops_answering`: it plays on in text and says, in words, that speech
/// is off and why. Checked by what is printed and in which order; the outer limit only keeps a broken
/// build from hanging the suite. The player waits `think` before the first move.
fn speech_that_stops_answering_is_reported(at_speak: bool, think: Duration) {
    use std::io::{BufRead, BufReader, Write};
    let dir = scratch_dir(&format!(
        "{}-{}",
        if at_speak {
            "stops-at-speak"
        } else {
            "never-ends"
        },
        think.as_millis()
    ));
    let socket = dir.join("speechd.sock");
    fake_server_that_stops_answering(&socket, at_speak);
    let mut child = common::hector_command(&common::temp_dir("speech"))
        .args([
            "--line",
            "--speech",
            "on",
            "--opponent",
            "human",
            "--openings",
            "off",
        ])
        .env(
            "SPEECHD_ADDRESS",
            format!("unix_socket:{}", socket.display()),
        )
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
    let next = || rx.recv_timeout(Duration::from_secs(120)).expect("a line");
    assert_eq!(next(), "New game, White to move");
    std::thread::sleep(think);
    writeln!(stdin, "e4").unwrap();
    assert_eq!(
        next(),
        "Bauer Eva vier",
        "answered in text while speech hangs"
    );
    let notice = next();
    assert!(
        notice.starts_with("Speech is off: the speech server does not"),
        "the player is told, in words: {notice}"
    );
    writeln!(stdin, "e5").unwrap();
    assert_eq!(next(), "Bauer Eva fünf", "play goes on in text");
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    let status = child.wait().unwrap();
    assert!(status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_speech_server_that_takes_no_text_is_reported_off() {
    speech_that_stops_answering_is_reported(true, Duration::ZERO);
}

#[test]
fn a_speech_server_that_never_finishes_and_then_answers_nothing_is_reported_off() {
    speech_that_stops_answering_is_reported(false, Duration::ZERO);
}

/// The same server, and a player who thinks before the first move: by then the voices have been listed (the
/// server refused) and nothing is being checked any more, so only the text the move cut off is still out
/// when the server stops answering. hector must keep watching it and report speech off (it once slept
/// until the next line instead, and the player was never told).
#[test]
fn a_speech_server_that_stops_answering_while_the_player_thinks_is_reported_off() {
    speech_that_stops_answering_is_reported(false, Duration::from_secs(2));
}

// The backend over the `tts` crate (`--speech-engine tts`): the speech thread promises the same for it, through
// the real binary: a speech server that is missing, hangs at the start, takes no text or never finishes one is
// said once, in words, and play goes on in text.

/// hector in line mode with the tts backend against `address`; the player waits `think` before `e4`, then
/// plays `e5` and quits. Returns every line printed.
fn play(address: &str, think: Duration) -> Vec<String> {
    use std::io::{BufRead, BufReader, Write};
    let mut child = common::hector_command(&common::temp_dir("speech-tts"))
        .args(["--line", "--speech", "on", "--speech-engine", "tts"])
        .args(["--opponent", "human", "--openings", "off"])
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
