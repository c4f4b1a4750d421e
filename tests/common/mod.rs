//! What every end-to-end test shares: the real binary, run hermetically. Each run gets its own config, data and
//! home folders (temporary), so a developer's own ~/.config/hector never changes what a test sees.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// `R`, the tournament profile's usual start, without its language: record mode, 90 minutes plus 30 seconds, the
/// virtual clock, no speech. The tests add `en` (or another language) and their own options.
pub const RECORD: [&str; 9] = [
    "--line",
    "--mode",
    "record",
    "--time",
    "90m+30s",
    "--virtual-clock",
    "--speech",
    "off",
    "--language",
];

/// A fresh, empty folder for one test (removed first if a previous run left it).
pub fn temp_dir(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("hector-test-{}-{n}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("create a test folder");
    d
}

/// The folders a hermetic run uses: `home/config`, `home/data` and `home` itself as HOME.
pub fn isolate(cmd: &mut Command, home: &Path) {
    let config = home.join("config");
    let data = home.join("data");
    let _ = std::fs::create_dir_all(&config);
    let _ = std::fs::create_dir_all(&data);
    cmd.env("HOME", home)
        .env("XDG_CONFIG_HOME", config)
        .env("XDG_DATA_HOME", data)
        .env("LANG", "C.UTF-8");
}

/// The binary with its own empty config, data and home folders.
pub fn hector_command(home: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hector"));
    isolate(&mut cmd, home);
    cmd
}

/// What one run printed.
#[derive(Debug)]
pub struct Run {
    pub lines: Vec<String>,
    pub stdout: Vec<u8>,
    pub code: i32,
    pub stderr: String,
}

/// Runs hector with `args` in the folder `dir` (as its working folder and home), feeding `input`.
pub fn run_in(dir: &Path, args: &[&str], input: &[u8]) -> Run {
    let mut child = hector_command(dir)
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start hector");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Written from a thread: a long input must not dead-lock against a full stdout pipe.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    Run {
        lines: String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect(),
        stdout: out.stdout,
        code: out.status.code().unwrap_or(-1),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The printed lines without the openings reached ("Opening: C20 King's Pawn Game"), which play and review
/// announce after a move by default (shared/design/analysis.md, `openings on|off`): for the tests whose subject
/// is something else (tests/analysis_line.rs checks the openings).
pub fn without_openings(lines: Vec<String>) -> Vec<String> {
    lines.into_iter().filter(|l| !is_opening(l)).collect()
}

/// Whether a printed line is an opening reached, in English, German or Greek.
pub fn is_opening(line: &str) -> bool {
    ["Opening: ", "Eröffnung: ", "Άνοιγμα: "]
        .iter()
        .any(|p| line.starts_with(p))
}

/// The texts of a speech log, without their time stamps.
pub fn spoken(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(|l| l.split_once('\t').map_or(l, |(_, t)| t).to_string())
        .collect()
}

/// The first line that contains `needle` (a test fails naming every line when none does).
pub fn index_of(lines: &[String], needle: &str) -> usize {
    lines
        .iter()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in {lines:#?}"))
}

/// hector in line mode, running: lines typed to it, its printed lines read as they come (its standard error
/// dropped). Killed when dropped. The time limits only keep a broken build from hanging; nothing is timed.
pub struct Line {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
    /// Every line read so far, for the failure messages.
    pub seen: Vec<String>,
}

impl Line {
    /// Starts hector with `args` in `dir` (its own config, data and home folders there).
    pub fn start(dir: &Path, args: &[&str]) -> Line {
        use std::io::BufRead;
        let mut child = hector_command(dir)
            .current_dir(dir)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start hector");
        let stdin = child.stdin.take();
        let (tx, lines) = std::sync::mpsc::channel();
        let out = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Line {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    /// Types `line` and Enter.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// The next line, waiting at most a minute.
    pub fn line(&mut self) -> String {
        match self.lines.recv_timeout(std::time::Duration::from_secs(60)) {
            Ok(l) => {
                self.seen.push(l.clone());
                l
            }
            Err(_) => panic!("no line within 60 s; so far:\n{}", self.seen.join("\n")),
        }
    }

    /// Lines until one that `wanted` accepts (it is returned; the others are dropped).
    pub fn until(&mut self, wanted: impl Fn(&str) -> bool) -> String {
        loop {
            let l = self.line();
            if wanted(&l) {
                return l;
            }
        }
    }

    /// The first line from now on that contains `needle`.
    pub fn until_has(&mut self, needle: &str) -> String {
        self.until(|l| l.contains(needle))
    }

    /// Types `line`, then the first line that contains `needle`.
    pub fn said(&mut self, line: &str, needle: &str) -> String {
        self.send(line);
        self.until_has(needle)
    }

    /// Nothing more is printed for `ms` milliseconds.
    pub fn quiet_for(&mut self, ms: u64) {
        if let Ok(l) = self
            .lines
            .recv_timeout(std::time::Duration::from_millis(ms))
        {
            panic!("unexpected line {l:?}; so far:\n{}", self.seen.join("\n"));
        }
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
