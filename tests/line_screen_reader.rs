//! Line mode on a real terminal (tmux, 120 columns), as a screen reader reads it: no blank lines, no word split
//! where a long answer reaches the terminal's edge.

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

/// How long a wait for the screen may last before the test gives up (only so a broken build cannot hang).
const PATIENCE: Duration = Duration::from_secs(60);

fn tmux(socket: &str, args: &[&str]) -> String {
    let out = Command::new("tmux")
        .env("LANG", "C.UTF-8")
        .args(["-u", "-L", socket])
        .args(args)
        .output()
        .expect("tmux is needed: apt-get install tmux (or bash scripts/install-deps.sh --tests)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What hector prints for these lines through a pipe: one announcement a line.
fn piped(lines: &[&str]) -> Vec<String> {
    let dir = common::temp_dir("line-sr-piped");
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let r = common::run_in(&dir, &ARGS, input.as_bytes());
    String::from_utf8_lossy(&r.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

const ARGS: [&str; 5] = ["--line", "--opponent", "human", "--speech", "off"];

#[test]
fn long_answers_break_between_words_and_no_line_is_blank() {
    let commands = ["e4", "e5", "board", "count", "moves", "pieces black"];
    let expected = piped(&commands);
    assert!(
        expected.iter().any(|l| l.chars().count() > 120),
        "an answer longer than the terminal is wide: {expected:?}"
    );
    let dir = common::temp_dir("line-sr-tmux");
    let socket = format!("hector-line-sr-{}", std::process::id());
    let line = format!(
        "env HOME={d} XDG_DATA_HOME={d}/data XDG_CONFIG_HOME={d}/config XDG_STATE_HOME={d}/state \
         LANG=C.UTF-8 TERM=xterm-256color {} {}",
        env!("CARGO_BIN_EXE_hector"),
        ARGS.join(" "),
        d = dir.display()
    );
    tmux(
        &socket,
        &[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-s",
            "hector",
            "-x",
            "120",
            "-y",
            "60",
            &line,
        ],
    );
    let capture = || tmux(&socket, &["capture-pane", "-p", "-t", "hector"]);
    let wait_for = |text: &str| {
        let start = Instant::now();
        loop {
            let screen = capture();
            if screen.contains(text) {
                return screen;
            }
            assert!(start.elapsed() < PATIENCE, "{text:?} never came:\n{screen}");
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    wait_for(&expected[0]);
    for c in commands {
        tmux(&socket, &["send-keys", "-t", "hector", "-l", c]);
        tmux(&socket, &["send-keys", "-t", "hector", "Enter"]);
        // Each answer is on the screen before the next command.
        let before = capture();
        let start = Instant::now();
        while capture() == before && start.elapsed() < Duration::from_secs(2) {
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    let last = expected.last().unwrap();
    let tail: String = last
        .chars()
        .rev()
        .take(20)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let tail = tail.split(' ').next_back().unwrap().to_string();
    // The last answer's last word after the last command's echo: the same word may stand in an earlier answer
    // ("sieben" in the board), and the screen must not be read before the last answer is there.
    let last_command = *commands.last().unwrap();
    let start = Instant::now();
    let screen = loop {
        let screen = capture();
        if screen
            .rsplit_once(last_command)
            .is_some_and(|(_, after)| after.contains(&tail))
        {
            break screen;
        }
        assert!(start.elapsed() < PATIENCE, "{tail:?} never came:\n{screen}");
        std::thread::sleep(Duration::from_millis(100));
    };
    tmux(&socket, &["kill-server"]);
    let rows: Vec<&str> = screen.lines().collect();
    let used = rows.iter().rposition(|r| !r.trim().is_empty()).unwrap() + 1;
    // Above the greeting only the rows line mode fills at the start, so that each new line scrolls the screen
    // (fenrir then never reads an empty row, "blank"): three no-break spaces each, which no screen reader reads.
    let from = rows
        .iter()
        .position(|r| r.trim_end_matches(' ') != "\u{a0}\u{a0}\u{a0}")
        .unwrap();
    assert!(rows[from].starts_with(&expected[0]), "\n{screen}");
    let rows = &rows[from..used];
    // No blank line: not at the start, not after a command.
    for (i, r) in rows.iter().enumerate() {
        assert!(!r.trim().is_empty(), "row {i} is blank:\n{screen}");
        assert!(
            r.chars().count() < 120,
            "row {i} fills the terminal:\n{screen}"
        );
    }
    // The rows, without the echoed commands, are the piped answers broken between words: joined with spaces
    // they give the same text (a word cut by the terminal would come back as two).
    let shown: Vec<&str> = rows
        .iter()
        .copied()
        .filter(|r| !commands.contains(&r.trim()))
        .collect();
    assert_eq!(shown.join(" "), expected.join(" "), "\n{screen}");
    assert!(
        shown.len() > expected.len(),
        "long answers took more rows:\n{screen}"
    );
}
