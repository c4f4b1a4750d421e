//! A blind newcomer's first hour: nothing a player played is lost when a new game starts,
//! line mode starts the full screen's game by default, a home game resumed goes on where it stopped
//! (no physical clock, no arbiter), the clock starts when the game is ready, and the PGN of an engine game has a
//! date and its players. Drives the real binary, in line mode and in the full-screen view (tmux).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Two people at one keyboard, a one-minute clock that stands still but for `wait`.
const HUMAN: [&str; 11] = [
    "--line",
    "--opponent",
    "human",
    "--virtual-clock",
    "--time",
    "1m",
    "--speech",
    "off",
    "--language",
    "en",
    "--sound",
];

fn human() -> Vec<&'static str> {
    let mut a = HUMAN.to_vec();
    a.push("off");
    a
}

/// The ways a game ends: its lines, and what its PGN holds then (moves and result).
const ENDINGS: [(&str, &str, &str, &str); 4] = [
    ("resignation", "e4\ne5\nresign\nyes\n", "1. e4 e5", "0-1"),
    ("mate", "f3\ne5\ng4\nQh4\n", "2. g4 Qh4#", "0-1"),
    // `offer` and `accept` may ask first: a "yes" after each is either the answer or "nothing to confirm".
    (
        "agreement",
        "d4\nd5\noffer\nyes\naccept\nyes\n",
        "1. d4 d5",
        "1/2-1/2",
    ),
    ("flag", "Nf3\nwait 2m\n", "1. Nf3", "1-0"),
];

/// The kept games: the files of the data folder's folder of kept games, with their texts.
fn kept_files(home: &Path) -> Vec<(PathBuf, String)> {
    let dir = home.join("data/hector/kept");
    let mut files: Vec<(PathBuf, String)> = std::fs::read_dir(&dir)
        .map(|e| {
            e.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
                .map(|p| {
                    let text = std::fs::read_to_string(&p).unwrap_or_default();
                    (p, text)
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// The movetext of a PGN without its comments and Black's move numbers ("1. e4 e5 0-1").
fn bare_moves(pgn: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in pgn.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace()
        .filter(|w| !w.ends_with("..."))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The finished game (its moves and result) is in a kept file that `kept`'s answer names.
fn kept_where_kept_finds_it(home: &Path, kept_answer: &str, moves: &str, result: &str, how: &str) {
    let files = kept_files(home);
    let found = files.iter().find(|(_, text)| {
        bare_moves(text).contains(moves) && text.contains(&format!("[Result \"{result}\"]"))
    });
    let Some((path, _)) = found else {
        panic!("{how}: no kept file holds {moves} {result}: {files:#?}");
    };
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        kept_answer.contains(&name),
        "{how}: `kept` does not name {name}: {kept_answer}"
    );
}

/// The line that answers `kept` (it names the kept games).
fn kept_answer(lines: &[String]) -> String {
    lines
        .iter()
        .rev()
        .find(|l| l.contains("kept game") || l.starts_with("No games are kept"))
        .cloned()
        .unwrap_or_else(|| panic!("no answer to kept: {lines:#?}"))
}

/// In line mode: after every way a game ends, every way a new game starts (`new`, `rematch`, a restart)
/// keeps it where `kept` finds it; the question says the truth about it.
#[test]
fn a_finished_game_is_kept_when_a_new_game_starts_in_line_mode() {
    for (ending, lines, moves, result) in ENDINGS {
        for start in ["new", "rematch"] {
            let how = format!("{ending}, then {start}");
            let home = common::temp_dir(&format!("kept-{ending}-{start}"));
            let input = format!("{lines}{start}\nyes\nkept\nquit\n");
            let r = common::run_in(&home, &human(), input.as_bytes());
            assert_eq!(r.code, 0, "{how}: {}", r.stderr);
            let asked = r
                .lines
                .iter()
                .find(|l| l.contains("new game"))
                .unwrap_or_else(|| panic!("{how}: not asked: {:#?}", r.lines));
            assert!(
                asked.contains("This game is kept") && !asked.contains("unfinished"),
                "{how}: {asked}"
            );
            assert!(
                r.lines.iter().any(
                    |l| l == "New game, White to move. Time control: 1 minute each"
                        || l.starts_with("New game, White to move")
                ),
                "{how}: {:#?}",
                r.lines
            );
            kept_where_kept_finds_it(&home, &kept_answer(&r.lines), moves, result, &how);
        }
        // A restart: hector left and started again in the same folders.
        let how = format!("{ending}, then a restart");
        let home = common::temp_dir(&format!("kept-{ending}-restart"));
        let r = common::run_in(&home, &human(), format!("{lines}quit\n").as_bytes());
        assert_eq!(r.code, 0, "{how}: {}", r.stderr);
        let r = common::run_in(&home, &human(), b"kept\nquit\n");
        kept_where_kept_finds_it(&home, &kept_answer(&r.lines), moves, result, &how);
    }
}

/// `new` asks first in line mode, as the full screen does; "no" changes nothing; an unfinished game is
/// said to be kept, and is.
#[test]
fn new_asks_first_in_line_mode_and_no_changes_nothing() {
    let home = common::temp_dir("new-asks");
    let r = common::run_in(
        &home,
        &human(),
        b"e4\nnew\nno\nmoves\nnew\nyes\nkept\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let at = common::index_of(&r.lines, "Start a new game?");
    assert_eq!(
        r.lines[at],
        "Start a new game? The unfinished one is kept. Type yes or no"
    );
    // "no": the game goes on as it was.
    assert!(
        r.lines[at + 1].contains("this one goes on"),
        "{:#?}",
        r.lines
    );
    assert!(r.lines[at + 2].contains("Bauer Eva vier"), "{:#?}", r.lines);
    kept_where_kept_finds_it(
        &home,
        &kept_answer(&r.lines),
        "1. e4",
        "*",
        "unfinished, new",
    );
}

/// Line mode's defaults are the full screen's: against the engine, kept after every move and offered
/// again at the next start; `--help` names the default opponent; `--no-autosave` keeps nothing.
#[test]
fn line_mode_plays_the_engine_and_keeps_the_game_by_default() {
    let home = common::temp_dir("line-defaults");
    let base = ["--line", "--speech", "off", "--language", "en"];
    let r = common::run_in(&home, &base, b"e4\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.lines
            .iter()
            .any(|l| l == "You play White, the engine plays Black at level 2"),
        "who plays whom: {:#?}",
        r.lines
    );
    let autosave = home.join("data/hector/autosave.pgn");
    let kept = std::fs::read_to_string(&autosave).expect("the game is kept after every move");
    assert!(kept.contains("1. e4"), "{kept}");
    // Started again: the unfinished game is offered.
    let r = common::run_in(&home, &base, b"no\nquit\n");
    assert!(
        r.lines
            .iter()
            .any(|l| l.starts_with("Your last game is unfinished: move 1, Black to move")),
        "{:#?}",
        r.lines
    );
    // --help names the default opponent.
    let help = common::run_in(&home, &["--help"], b"");
    let text = String::from_utf8_lossy(&help.stdout);
    let opponent = text
        .split("--opponent")
        .nth(1)
        .expect("--opponent in --help");
    assert!(
        opponent[..opponent.find("\n  -").unwrap_or(opponent.len())].contains("default: engine"),
        "{text}"
    );
    // --no-autosave keeps nothing, and nothing is offered after it.
    let quiet = common::temp_dir("line-no-autosave");
    let args = ["--line", "--opponent", "human", "--no-autosave"];
    let r = common::run_in(&quiet, &args, b"e4\nquit\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        !quiet.join("data/hector/autosave.pgn").exists(),
        "kept with --no-autosave"
    );
    assert!(kept_files(&quiet).is_empty());
    let r = common::run_in(&quiet, &args, b"quit\n");
    assert_eq!(r.lines[0], "New game, White to move", "{:#?}", r.lines);
}

/// A home game resumed goes on where it stopped: no arbiter, no physical clock, no time charged for
/// the hours hector was closed.
#[test]
fn a_home_game_resumed_is_not_a_tournament_game() {
    let home = common::temp_dir("home-resume");
    let args = [
        "--line",
        "--autosave",
        "--opponent",
        "human",
        "--time",
        "5m",
        "--speech",
        "off",
        "--language",
        "en",
    ];
    let r = common::run_in(&home, &args, b"e4\nquit\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    std::thread::sleep(Duration::from_millis(2500));
    let r = common::run_in(&home, &args, b"yes\ntime\nquit\n");
    assert!(
        r.lines
            .iter()
            .any(|l| l.starts_with("The clock is restored as it was kept")),
        "{:#?}",
        r.lines
    );
    assert!(
        !r.lines.iter().any(|l| l.contains("arbiter")
            || l.contains("physical clock")
            || l.contains("charged")),
        "{:#?}",
        r.lines
    );
    let time = r
        .lines
        .iter()
        .find(|l| l.starts_with("White 5 minutes, Black"))
        .unwrap_or_else(|| panic!("{:#?}", r.lines));
    // Black's clock ran only while hector did (well under the 2.5 s it was closed).
    assert!(
        time.ends_with("Black 5 minutes") || time.ends_with("Black 4 minutes 59 seconds"),
        "{time}"
    );
}

/// The PGN of a game against the engine has the date, the player and the engine with its level.
#[test]
fn an_engine_game_is_written_with_its_date_and_players() {
    let home = common::temp_dir("engine-tags");
    let r = common::run_in(
        &home,
        &["--line", "--speech", "off", "--language", "en"],
        b"e4\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let pgn = std::fs::read_to_string(home.join("data/hector/autosave.pgn")).expect("kept");
    let today = Command::new("date")
        .args(["-u", "+%Y.%m.%d"])
        .output()
        .unwrap();
    let today = String::from_utf8_lossy(&today.stdout).trim().to_string();
    assert!(pgn.contains(&format!("[Date \"{today}\"]")), "{pgn}");
    assert!(pgn.contains("[White \"Player\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"Stockfish, level 2\"]"), "{pgn}");
    // Playing Black at level 4, named on the command line.
    let home = common::temp_dir("engine-tags-black");
    let r = common::run_in(
        &home,
        &[
            "--line",
            "--speech",
            "off",
            "--language",
            "en",
            "--color",
            "black",
            "--level",
            "4",
            "--black",
            "Anna",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let pgn = std::fs::read_to_string(home.join("data/hector/autosave.pgn")).expect("kept");
    assert!(pgn.contains("[White \"Stockfish, level 4\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"Anna\"]"), "{pgn}");
}

/// How long a wait for the full-screen view may last before the test gives up (a broken build must not hang).
const PATIENCE: Duration = Duration::from_secs(120);

/// hector's full-screen view in a tmux server of its own (80x24), with its own folders in `home`.
struct Screen {
    socket: String,
    home: PathBuf,
}

impl Screen {
    /// `env`: more of the environment (`NAME=VALUE`); speech is off unless `args` say otherwise.
    fn start(home: &Path, name: &str, env: &[&str], args: &[&str]) -> Screen {
        // One server per view: tests run in parallel threads of one process, and two may use the same name.
        static SERVERS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = SERVERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let socket = format!("hector-first-hour-{}-{n}-{name}", std::process::id());
        let mut line = format!(
            "env HOME={0} XDG_DATA_HOME={0}/data XDG_CONFIG_HOME={0}/config TERM=xterm-256color {3} {1} \
             --sound off --gamepad off --language en --speech-log {0}/speech-{2}.log",
            home.display(),
            env!("CARGO_BIN_EXE_hector"),
            name,
            env.join(" ")
        );
        if !args.contains(&"--speech") {
            line.push_str(" --speech off");
        }
        for a in args {
            line.push(' ');
            line.push_str(a);
        }
        let s = Screen {
            socket,
            home: home.to_path_buf(),
        };
        s.tmux(&[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-s",
            "hector",
            "-x",
            "80",
            "-y",
            "24",
            &line,
        ]);
        s.tmux(&["set-option", "-t", "hector", "remain-on-exit", "on"]);
        s
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux is needed: apt-get install tmux");
        assert!(
            out.status.success() || args.contains(&"kill-server"),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.tmux(&["send-keys", "-t", "hector", k]);
        }
    }

    /// Types a line into the view's input (`:`), then Enter.
    fn typed(&self, line: &str) {
        self.keys(&[":"]);
        self.tmux(&["send-keys", "-t", "hector", "-l", line]);
        self.keys(&["Enter"]);
    }

    fn said(&self) -> Vec<String> {
        let mut all = Vec::new();
        let mut logs: Vec<PathBuf> = std::fs::read_dir(&self.home)
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.to_string_lossy().ends_with(".log"))
            .collect();
        logs.sort();
        for log in logs {
            all.extend(common::spoken(&log));
        }
        all
    }

    /// Waits until an announcement starting with `text` has been said `n` times in all; returns the last.
    fn wait_said(&self, text: &str, n: usize) -> String {
        let start = Instant::now();
        loop {
            let said = self.said();
            let found: Vec<&String> = said.iter().filter(|s| s.starts_with(text)).collect();
            if found.len() >= n {
                return found[n - 1].clone();
            }
            assert!(
                start.elapsed() < PATIENCE,
                "never said {text:?} ({n}); said {said:#?}\n{}",
                self.tmux(&["capture-pane", "-p", "-t", "hector"])
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn wait_dead(&self) {
        let start = Instant::now();
        while self
            .tmux(&["display-message", "-p", "-t", "hector", "#{pane_dead}"])
            .trim()
            != "1"
        {
            assert!(start.elapsed() < PATIENCE, "hector did not leave");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
    }
}

/// In the full-screen view: resigned, Ctrl-g asks with the truth and keeps the finished game where `kept`
/// finds it; a game ended by mate and left is kept at the next start.
#[test]
fn a_finished_game_is_kept_when_a_new_game_starts_on_the_full_screen() {
    let home = common::temp_dir("screen-kept");
    let s = Screen::start(&home, "one", &[], &["--opponent", "human"]);
    s.wait_said("New game, White to move", 1);
    s.typed("e4");
    s.wait_said("Bauer Eva vier", 1);
    s.typed("e5");
    s.wait_said("Bauer Eva fünf", 1);
    s.keys(&["C-r"]);
    s.wait_said("Resign the game for White?", 1);
    s.keys(&["y"]);
    s.wait_said("White resigns", 1);
    s.keys(&["C-g"]);
    let asked = s.wait_said("Start a new game?", 1);
    assert_eq!(
        asked,
        "Start a new game? This game is kept; kept lists it. Press y for yes, n or Escape for no"
    );
    s.keys(&["y"]);
    s.wait_said("New game, White to move", 2);
    s.typed("kept");
    let kept = s.wait_said("1 kept game", 1);
    kept_where_kept_finds_it(&home, &kept, "1. e4 e5", "0-1", "screen: resigned, Ctrl-g");
    // Fool's mate, then the view is left and started again: the finished game is kept.
    for m in ["f3", "e5", "g4", "Qh4"] {
        s.typed(m);
    }
    s.wait_said("Dame Hector vier", 1);
    s.keys(&["C-q"]);
    s.wait_dead();
    drop(s);
    let s = Screen::start(&home, "two", &[], &["--opponent", "human"]);
    s.wait_said("New game, White to move", 3);
    s.typed("kept");
    let kept = s.wait_said("2 kept games", 1);
    kept_where_kept_finds_it(&home, &kept, "2. g4 Qh4#", "0-1", "screen: mate, restart");
}

/// A speech-dispatcher that takes connections and never answers: speech stays "connecting" until hector gives
/// it up. Returns its address for `SPEECHD_ADDRESS`.
fn hung_speech_server(home: &Path) -> String {
    let socket = home.join("speechd.sock");
    let listener =
        std::os::unix::net::UnixListener::bind(&socket).expect("bind a fake speech-dispatcher");
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            held.push(stream);
        }
    });
    format!("unix_socket:{}", socket.display())
}

/// White's time in "White 14 minutes 48 seconds, Black 15 minutes", in seconds.
fn white_seconds(answer: &str) -> u64 {
    let white = answer
        .strip_prefix("White ")
        .and_then(|r| r.split(", Black").next())
        .unwrap_or_else(|| panic!("not a time answer: {answer}"));
    let words: Vec<&str> = white.split_whitespace().collect();
    words
        .chunks(2)
        .map(|c| {
            let n: u64 = c[0].parse().unwrap_or_else(|_| panic!("{answer}"));
            match c[1] {
                "hour" | "hours" => n * 3600,
                "minute" | "minutes" => n * 60,
                _ => n,
            }
        })
        .sum()
}

/// In line mode: while speech is still connecting (its start's check) the clock does not run: asked 3
/// seconds after the start, both sides still have their whole time.
#[test]
fn the_clock_does_not_run_while_speech_connects_in_line_mode() {
    use std::io::{BufRead, BufReader, Write};
    let home = common::temp_dir("clock-speech-line");
    let address = hung_speech_server(&home);
    let mut child = common::hector_command(&home)
        .args([
            "--line",
            "--opponent",
            "human",
            "--speech",
            "on",
            "--time",
            "15+10",
            "--language",
            "en",
        ])
        .env("SPEECHD_ADDRESS", address)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start hector");
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let greeting = lines.next().expect("a greeting").unwrap();
    assert!(
        greeting.starts_with("New game, White to move"),
        "{greeting}"
    );
    std::thread::sleep(Duration::from_secs(3));
    writeln!(stdin, "time").unwrap();
    let answer = lines
        .map_while(Result::ok)
        .find(|l| l.starts_with("White "))
        .expect("the time");
    assert_eq!(answer, "White 15 minutes, Black 15 minutes");
    drop(stdin);
    let _ = child.wait();
}

/// On the full screen: `t` 12 seconds after the greeting does not say 14:47 (the start's speech check
/// took nothing from White's time, and a second begun is still there).
#[test]
fn twelve_seconds_after_the_start_t_does_not_say_14_47() {
    let home = common::temp_dir("clock-speech-screen");
    let address = hung_speech_server(&home);
    let env = format!("SPEECHD_ADDRESS={address}");
    let s = Screen::start(
        &home,
        "clock",
        &[&env],
        &["--opponent", "human", "--time", "15+10", "--speech", "on"],
    );
    s.wait_said("New game, White to move", 1);
    std::thread::sleep(Duration::from_secs(12));
    s.keys(&["t"]);
    let answer = s.wait_said("White ", 1);
    assert!(white_seconds(&answer) >= 14 * 60 + 48, "{answer}");
}

/// hector started and left without a move keeps no empty game and says nothing of one at the
/// next start; a game with a move is kept as ever.
#[test]
fn a_start_without_a_move_leaves_no_game_to_keep() {
    let home = common::temp_dir("nobody-played");
    let args = [
        "--line",
        "--autosave",
        "--opponent",
        "human",
        "--speech",
        "off",
        "--language",
        "en",
    ];
    common::run_in(&home, &args, b"quit\n");
    let r = common::run_in(&home, &args, b"kept\nquit\n");
    // `quit` says goodbye, not that a game without a move is kept.
    assert_eq!(
        r.lines,
        ["New game, White to move", "No games are kept", "Goodbye"]
    );
    assert!(kept_files(&home).is_empty());
}

/// On the full screen: a game against the engine is written with its date and players; left and
/// resumed, it goes on where it stopped, without arbiter talk or time charged for the pause.
#[test]
fn a_home_game_on_the_full_screen_is_written_with_its_players_and_resumed_as_it_was() {
    let home = common::temp_dir("screen-home");
    let s = Screen::start(&home, "one", &[], &["--time", "5m"]);
    s.wait_said("New game, White to move", 1);
    s.typed("e4");
    s.wait_said("Bauer Eva vier", 1);
    s.wait_said("Black: ", 1);
    s.keys(&["C-q"]);
    s.wait_dead();
    drop(s);
    let pgn = std::fs::read_to_string(home.join("data/hector/autosave.pgn")).expect("kept");
    assert!(pgn.contains("[White \"Player\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"Stockfish, level 2\"]"), "{pgn}");
    assert!(!pgn.contains("[Date \"????.??.??\"]"), "{pgn}");
    std::thread::sleep(Duration::from_millis(2500));
    let s = Screen::start(&home, "two", &[], &["--time", "5m"]);
    // The question is the last thing said at the start, after who plays whom.
    let asked = s.wait_said("Your last game is unfinished", 1);
    let said = s.said();
    assert!(said.last() == Some(&asked), "{said:#?}");
    s.keys(&["y"]);
    s.wait_said("The clock is restored as it was kept", 1);
    s.keys(&["t"]);
    let time = s.wait_said("White ", 1);
    // White's clock runs, with what White had when it was left: nothing charged for the pause.
    assert!(white_seconds(&time) > 5 * 60 - 2, "{time}");
    let said = s.said();
    assert!(
        !said.iter().any(|l| l.contains("arbiter")
            || l.contains("physical clock")
            || l.contains("charged")),
        "{said:#?}"
    );
}
