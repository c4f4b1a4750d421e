//! Nothing announced is lost on kill -9. hector is killed (SIGKILL) at random moments while
//! moves stream in, in line mode and in the full-screen view (tmux), fast and slow; every move announced
//! before the kill is back after `--load`, in order, and the clocks are as they were after the last saved
//! move (the virtual clock makes them exact; the check allows one second).
//!
//! Over 100 kills in all; each run is a short-lived process, so the whole test takes seconds, not minutes.
//! Time-outs here only keep a broken build from hanging forever; nothing is asserted about speed.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hector::rules::Game;
use hector::words::Vocabulary;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use common::{hector_command, run_in, temp_dir};

/// The time control of every run: increments make each side's clock differ from move to move.
const CONTROL: &str = "5m+2s";
/// Plies of each game.
const PLIES: usize = 40;

/// A random game of `PLIES` plies that does not end, with the thinking time (whole seconds, on the virtual
/// clock) before each move.
struct Script {
    /// The move as typed (SAN) and as announced.
    moves: Vec<(String, String)>,
    waits: Vec<u32>,
}

fn script(seed: u64) -> Script {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let v = Vocabulary::default();
    let mut game = Game::new();
    let mut moves = Vec::new();
    let mut waits = Vec::new();
    while moves.len() < PLIES {
        let mut legal: Vec<shakmaty::Move> = game.legal_moves().into_iter().collect();
        legal.shuffle(&mut rng);
        let Some(m) = legal.into_iter().find(|m| {
            let mut g = game.clone();
            g.play(*m).is_ok() && !g.is_over()
        }) else {
            break;
        };
        let san = game.san(m);
        moves.push((san.to_string(), hector::words::announce::short(&v, &san, m)));
        waits.push(rng.gen_range(1..=4));
        game.play(m).unwrap();
    }
    Script { moves, waits }
}

/// The line-mode input: each move after its thinking time.
fn input_lines(s: &Script) -> Vec<String> {
    let mut lines = Vec::new();
    for ((san, _), wait) in s.moves.iter().zip(&s.waits) {
        lines.push(format!("wait {wait}s"));
        lines.push(san.clone());
    }
    lines
}

/// How many moves of the script were announced, in order, in `said` (each after the one before it).
fn announced(s: &Script, said: &[String]) -> usize {
    let mut at = 0;
    let mut n = 0;
    for (_, words) in &s.moves {
        match said[at..].iter().position(|l| l == words) {
            Some(i) => {
                at += i + 1;
                n += 1;
            }
            None => break,
        }
    }
    n
}

/// The clock comments of every ply, in seconds, as hector saves them when nothing is killed: the same
/// script played to its end in line mode.
fn reference_clocks(s: &Script) -> Vec<i64> {
    let dir = temp_dir("kill-reference");
    let mut input = input_lines(s).join("\n");
    input.push_str("\nquit\n");
    let r = run_in(
        &dir,
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--time",
            CONTROL,
            "--save",
            "g.pgn",
        ],
        input.as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let pgn = std::fs::read_to_string(dir.join("g.pgn")).expect("the reference game");
    let clocks = all_clocks(&pgn);
    assert_eq!(
        clocks.len(),
        s.moves.len(),
        "a clock comment per move:\n{pgn}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    clocks
}

/// `[%clk h:mm:ss]` in seconds.
fn clk_seconds(text: &str) -> Option<i64> {
    let mut parts = text.trim().split(':').map(|p| p.parse::<i64>().ok());
    let (h, m, s) = (parts.next()??, parts.next()??, parts.next()??);
    Some(h * 3600 + m * 60 + s)
}

/// Every clock comment of a saved game, in seconds, in the order of the plies.
fn all_clocks(pgn: &str) -> Vec<i64> {
    let pgn = pgn.replace(['\n', '\r'], " ");
    pgn.split("{[%clk ")
        .skip(1)
        .map(|part| clk_seconds(part.split(']').next().unwrap_or("")).expect("a clock comment"))
        .collect()
}

/// Each side's clock after the first `plies` plies (the last comment of each side; 300 s before its
/// first move).
fn clocks_after(reference: &[i64], plies: usize) -> [i64; 2] {
    let mut out = [300, 300];
    for (i, c) in reference.iter().take(plies).enumerate() {
        out[i % 2] = *c;
    }
    out
}

/// What one kill left, checked: every announced move is in the file, in order, the file reads back whole,
/// the clock comments are those after the saved moves (within one second), and `--load` continues from
/// there with those clocks. Returns the number of plies saved.
fn check_after_kill(
    dir: &Path,
    s: &Script,
    reference: &[i64],
    said: &[String],
    what: &str,
) -> usize {
    let a = announced(s, said);
    let file = dir.join("g.pgn");
    let Ok(pgn) = std::fs::read_to_string(&file) else {
        assert_eq!(
            a, 0,
            "{what}: {a} moves announced, but no game file: {said:?}"
        );
        return 0;
    };
    let report = hector::rules::pgn::import(&pgn);
    assert!(
        report.errors.is_empty() && report.games.len() == 1,
        "{what}: the saved file does not read back whole: {:?}\n{pgn}",
        report.errors
    );
    let game = &report.games[0];
    let saved = game.plies().len();
    assert!(
        saved >= a,
        "{what}: {a} moves were announced but only {saved} are in the file:\nsaid {said:?}\n{pgn}"
    );
    for (ply, (san, _)) in game.plies().iter().zip(&s.moves) {
        assert_eq!(
            ply.san.to_string(),
            *san,
            "{what}: the file's moves are the game's\n{pgn}"
        );
    }
    // The clock comments: those of the game played without a kill, within a second.
    let clocks = all_clocks(&pgn);
    assert_eq!(
        clocks.len(),
        saved,
        "{what}: a clock comment per move\n{pgn}"
    );
    for (i, (got, want)) in clocks.iter().zip(reference).enumerate() {
        assert!(
            (got - want).abs() <= 1,
            "{what}: ply {i}: clock {got} s in the file, {want} s without the kill\n{pgn}"
        );
    }
    let expected = clocks_after(reference, saved);
    // --load: the game continues from the last saved move, with those clocks.
    let r = run_in(
        dir,
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--load",
            "g.pgn",
        ],
        b"time\nfen\nquit\n",
    );
    assert_eq!(
        r.code, 0,
        "{what}: --load failed: {:?} {}",
        r.lines, r.stderr
    );
    let fen = game.fen();
    assert!(
        r.lines.contains(&fen),
        "{what}: --load did not continue at {fen}: {:?}",
        r.lines
    );
    let time = r
        .lines
        .iter()
        .find(|l| l.starts_with("White "))
        .unwrap_or_else(|| panic!("{what}: no time answer: {:?}", r.lines));
    let said_clocks = spoken_clocks(time);
    for side in 0..2 {
        assert!(
            (said_clocks[side] - expected[side]).abs() <= 1,
            "{what}: after --load, {time:?}; expected {expected:?} s after {saved} plies"
        );
    }
    saved
}

/// "White 4 minutes 59 seconds, Black 5 minutes" in seconds per side.
fn spoken_clocks(text: &str) -> [i64; 2] {
    let mut out = [0, 0];
    for (i, part) in text.split(", ").take(2).enumerate() {
        let words: Vec<&str> = part.split_whitespace().collect();
        let mut total = 0;
        for pair in words[1..].chunks(2) {
            let n: i64 = pair[0]
                .parse()
                .unwrap_or_else(|_| panic!("a number in {text:?}"));
            total += match pair.get(1).copied().unwrap_or("") {
                u if u.starts_with("hour") => n * 3600,
                u if u.starts_with("minute") => n * 60,
                u if u.starts_with("second") => n,
                other => panic!("unit {other:?} in {text:?}"),
            };
        }
        out[i] = total;
    }
    out
}

/// Kills hector in line mode `runs` times; `slow`: a pause between input lines. Returns how many kills
/// left a game cut off in the middle (neither before the first move nor after the last).
fn line_mode_kills(runs: u64, slow: bool, seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut middle = 0;
    // How long after the start a fast run's kill may come. A fast machine plays the whole input in a few
    // milliseconds, a slow one takes longer: the window follows where the kills land (after the game: it
    // shrinks; before the first move: it grows), so the kills fall in the middle whatever the machine's speed.
    let mut fast_window: u64 = 120_000;
    for run in 0..runs {
        let s = script(seed * 1000 + run);
        let reference = reference_clocks(&s);
        let dir = temp_dir("kill-line");
        let mut child = hector_command(&dir)
            .current_dir(&dir)
            .args([
                "--line",
                "--opponent",
                "human",
                "--virtual-clock",
                "--time",
                CONTROL,
                "--save",
                "g.pgn",
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start hector");
        let said = Arc::new(Mutex::new(Vec::new()));
        let out = child.stdout.take().unwrap();
        let reader = {
            let said = Arc::clone(&said);
            std::thread::spawn(move || {
                for line in BufReader::new(out).lines() {
                    let Ok(line) = line else { break };
                    said.lock().unwrap().push(line);
                }
            })
        };
        let mut stdin = child.stdin.take().unwrap();
        let lines = input_lines(&s);
        let pause = Duration::from_micros(rng.gen_range(200..3000));
        let writer = std::thread::spawn(move || {
            for l in lines {
                if writeln!(stdin, "{l}").and_then(|()| stdin.flush()).is_err() {
                    return;
                }
                if slow {
                    std::thread::sleep(pause);
                }
            }
            // Input stays open: only the kill ends the program.
            std::thread::sleep(Duration::from_secs(30));
        });
        // A random moment: from the start-up to past the end of the game.
        let moment = if slow {
            rng.gen_range(0..(PLIES as u64 * 2 * pause.as_micros() as u64 + 60_000))
        } else {
            rng.gen_range(0..fast_window.max(1_000))
        };
        std::thread::sleep(Duration::from_micros(moment));
        child.kill().expect("kill -9");
        let _ = child.wait();
        reader.join().unwrap();
        drop(writer);
        let said = said.lock().unwrap().clone();
        let what = format!(
            "line mode, {} run {run}, killed after {moment} µs",
            if slow { "slow" } else { "fast" }
        );
        let saved = check_after_kill(&dir, &s, &reference, &said, &what);
        if saved > 0 && saved < s.moves.len() {
            middle += 1;
        }
        if !slow {
            if saved >= s.moves.len() {
                fast_window = (fast_window * 7 / 10).max(1_000);
            } else if saved == 0 {
                fast_window = (fast_window * 13 / 10).min(5_000_000);
            }
        }
        // The next start removes the temporary file a killed save left behind.
        if run % 8 == 0 {
            // Killed before the first save: there is no game to load, only (perhaps) its temporary file.
            let args: &[&str] = if dir.join("g.pgn").exists() {
                &[
                    "--line",
                    "--opponent",
                    "human",
                    "--load",
                    "g.pgn",
                    "--save",
                    "g.pgn",
                ]
            } else {
                &["--line", "--opponent", "human", "--save", "g.pgn"]
            };
            let r = run_in(&dir, args, b"quit\n");
            assert_eq!(r.code, 0, "{what}: {}", r.stderr);
            let temps: Vec<String> = std::fs::read_dir(&dir)
                .unwrap()
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.contains(".tmp"))
                .collect();
            assert!(temps.is_empty(), "{what}: temporary files left: {temps:?}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    middle
}

#[test]
fn kill_9_in_line_mode_loses_no_announced_move() {
    let fast = line_mode_kills(40, false, 1);
    let slow = line_mode_kills(40, true, 2);
    eprintln!("line mode: 80 kills, {fast} fast and {slow} slow ones in the middle of a game");
    // The kills must land in the middle of games, or the test proves nothing.
    assert!(
        fast >= 10 && slow >= 10,
        "fast {fast}, slow {slow} kills in the middle of a game"
    );
}

/// tmux, or a failure saying it is missing (scripts/install-deps.sh --tests installs it).
fn tmux() -> Command {
    let ok = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "tmux is needed for the full-screen kill test: apt-get install tmux"
    );
    Command::new("tmux")
}

#[test]
fn kill_9_in_the_full_screen_view_loses_no_announced_move() {
    let socket = format!("hector-kill-{}", std::process::id());
    let tmux_run = |args: &[&str]| {
        let out = tmux()
            .arg("-L")
            .arg(&socket)
            .args(args)
            .output()
            .expect("run tmux");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let runs = 30;
    let mut middle = 0;
    for run in 0..runs {
        let slow = run % 2 == 1;
        let s = script(3000 + run);
        let reference = reference_clocks(&s);
        let dir = temp_dir("kill-screen");
        for sub in ["config", "data"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        let command = format!(
            "cd {d} && exec env HOME={d} XDG_DATA_HOME={d}/data XDG_CONFIG_HOME={d}/config TERM=xterm-256color {exe} \
             --speech off --sound off --opponent human --virtual-clock --time {CONTROL} --save g.pgn \
             --speech-log said.log",
            d = dir.display(),
            exe = env!("CARGO_BIN_EXE_hector"),
        );
        let name = format!("k{run}");
        tmux_run(&[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-s",
            &name,
            "-x",
            "80",
            "-y",
            "24",
            &command,
        ]);
        let pid: i32 = tmux_run(&["display-message", "-p", "-t", &name, "#{pane_pid}"])
            .trim()
            .parse()
            .expect("the pane's process id");
        // Moves (and thinking time) typed in the input line: ":" opens it, the text is sent literally (a
        // move like f5 is no function key), Enter sends it. One tmux command per line, chained with ";".
        let typed: Vec<Vec<String>> = s
            .moves
            .iter()
            .zip(&s.waits)
            .flat_map(|((san, _), wait)| [format!("wait {wait}s"), san.clone()])
            .map(|text| {
                [
                    "send-keys",
                    "-t",
                    &name,
                    ":",
                    ";",
                    "send-keys",
                    "-l",
                    "-t",
                    &name,
                    &text,
                    ";",
                    "send-keys",
                    "-t",
                    &name,
                    "Enter",
                    ";",
                ]
                .iter()
                .map(|a| a.to_string())
                .collect()
            })
            .collect();
        // Keys typed before the view is up could be lost with the terminal's mode change: wait for the
        // greeting (the outer limit only keeps a broken build from hanging).
        let up = std::time::Instant::now();
        while !std::fs::read_to_string(dir.join("said.log")).is_ok_and(|l| l.contains("New game")) {
            assert!(
                up.elapsed() < Duration::from_secs(60),
                "the full-screen view never started"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        let moment = rng.gen_range(0..1200u64);
        let started = std::time::Instant::now();
        if slow {
            for chunk in typed.chunks(2) {
                let args: Vec<&str> = chunk.iter().flatten().map(String::as_str).collect();
                tmux_run(&args[..args.len() - 1]);
                if started.elapsed() >= Duration::from_millis(moment) {
                    break;
                }
                std::thread::sleep(Duration::from_millis(rng.gen_range(5..40)));
            }
        } else {
            let args: Vec<&str> = typed.iter().flatten().map(String::as_str).collect();
            tmux_run(&args[..args.len() - 1]);
        }
        if let Some(rest) = Duration::from_millis(moment).checked_sub(started.elapsed()) {
            std::thread::sleep(rest);
        }
        // kill -9 of hector itself (the pane's process: env executed it).
        let killed = Command::new("kill")
            .args(["-9", &pid.to_string()])
            .status()
            .unwrap();
        assert!(killed.success(), "kill -9 {pid}");
        tmux_run(&["kill-session", "-t", &name]);
        let said: Vec<String> = std::fs::read_to_string(dir.join("said.log"))
            .unwrap_or_default()
            .lines()
            .map(|l| l.split_once('\t').map_or(l, |(_, t)| t).to_string())
            .collect();
        let what = format!(
            "full-screen view, {} run {run}, killed after {moment} ms",
            if slow { "slow" } else { "fast" }
        );
        let saved = check_after_kill(&dir, &s, &reference, &said, &what);
        if saved > 0 && saved < s.moves.len() {
            middle += 1;
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    tmux_run(&["kill-server"]);
    eprintln!("full-screen view: {runs} kills, {middle} in the middle of a game");
    assert!(
        middle >= 5,
        "only {middle} of {runs} kills landed in the middle of a game"
    );
}

/// Kill -9 after the action log's entry is on disk and before the game file is renamed into place
/// (the third rename, of the save after `e5`, held for 6 seconds by strace): the log holds `e5` and the game
/// file ends at `1. e4`. `--verify` says that a save was interrupted; loading the game completes `e5` from the
/// log and says so ("Recovered after an interruption: Bauer Eva fünf"); then the log and the game agree.
#[test]
fn a_kill_between_the_log_and_the_game_file_is_recovered_on_loading() {
    if Command::new("strace").arg("-V").output().is_err() {
        assert!(
            std::env::var_os("CI").is_none(),
            "strace is needed (apt-get install strace)"
        );
        eprintln!("strace is not installed: this test needs it (apt-get install strace)");
        return;
    }
    let dir = temp_dir("kill-between");
    let r_args = [
        "--line",
        "--mode",
        "record",
        "--time",
        "90m+30s",
        "--virtual-clock",
        "--speech",
        "off",
        "--language",
        "en",
        "--save",
        "g.pgn",
        "--opponent",
        "human",
    ];
    let mut cmd = Command::new("strace");
    common::isolate(&mut cmd, &dir);
    let mut tracer = cmd
        .current_dir(&dir)
        .args([
            "-f",
            "-qq",
            "-o",
            "/dev/null",
            "-e",
            "inject=rename:delay_enter=6000000:when=3",
            env!("CARGO_BIN_EXE_hector"),
        ])
        .args(r_args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = tracer.stdin.take().unwrap();
    stdin.write_all(b"e4\npress\ne5\n").unwrap();
    let log = dir.join("g.pgn.log.txt");
    let began = std::time::Instant::now();
    while !std::fs::read_to_string(&log)
        .unwrap_or_default()
        .contains("\tplayer\te5\t")
        && began.elapsed() < Duration::from_secs(20)
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    // hector is strace's child; it waits in the held rename.
    let children = format!("/proc/{0}/task/{0}/children", tracer.id());
    let pid: i32 = std::fs::read_to_string(&children)
        .unwrap_or_default()
        .split_whitespace()
        .next()
        .and_then(|p| p.parse().ok())
        .expect("hector runs under strace");
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: a plain kill(2) of the process this test started.
    assert_eq!(
        unsafe { libc::kill(pid, libc::SIGKILL) },
        0,
        "kill -9 {pid}"
    );
    drop(stdin);
    let _ = tracer.wait();
    let pgn = std::fs::read_to_string(dir.join("g.pgn")).unwrap();
    assert!(
        pgn.contains("1. e4") && !pgn.contains("e5"),
        "the game file ends at 1. e4:\n{pgn}"
    );
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("\tplayer\te5\tBauer Eva fünf\t"), "{text}");
    let verify = run_in(&dir, &["--verify", "g.pgn", "--language", "en"], b"");
    let said = verify.lines.join("\n");
    assert_eq!(verify.code, 1, "{said}");
    assert!(said.contains("a save was interrupted"), "{said}");
    let mut args = r_args.to_vec();
    args.extend(["--load", "g.pgn"]);
    let r = run_in(&dir, &args, b"log last 3\nstate\n");
    assert!(
        r.lines
            .iter()
            .any(|l| l == "Recovered after an interruption: Bauer Eva fünf"),
        "{:#?}",
        r.lines
    );
    assert!(
        r.lines
            .iter()
            .any(|l| l.contains("Black's Bauer Eva fünf is made, not completed")),
        "{:#?}",
        r.lines
    );
    let pgn = std::fs::read_to_string(dir.join("g.pgn")).unwrap();
    assert!(pgn.contains("e5"), "{pgn}");
    let verify = run_in(&dir, &["--verify", "g.pgn", "--language", "en"], b"");
    assert_eq!(verify.code, 0, "{}", verify.lines.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}
