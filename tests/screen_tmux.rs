//! The full-screen view end to end: hector runs in a detached tmux session at 80x24; keys explore the board
//! and play moves by from/to selection; the screen (capture-pane), the cursor and the speech log are checked.
//! Skipped, with the reason printed, when tmux is not installed.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use hector::ui::screen::draw;
use ratatui::layout::Rect;
use shakmaty::{Color, Square};

fn tmux_missing() -> bool {
    match Command::new("tmux").arg("-V").output() {
        Ok(o) if o.status.success() => false,
        _ => {
            eprintln!("skipped: tmux is not installed (apt-get install tmux)");
            true
        }
    }
}

struct Tmux {
    socket: String,
    dir: PathBuf,
}

impl Tmux {
    /// Starts hector in a new tmux server of its own, 80x24, with its own data and config folders; `{log}` in
    /// an argument is the speech log's path.
    fn start(name: &str, args: &[&str]) -> Tmux {
        let dir = std::env::temp_dir().join(format!("hector-tmux-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("data")).unwrap();
        std::fs::create_dir_all(dir.join("config")).unwrap();
        let socket = format!("hector-test-{}-{name}", std::process::id());
        let mut line = format!(
            "env XDG_DATA_HOME={} XDG_CONFIG_HOME={} TERM=xterm-256color {}",
            dir.join("data").display(),
            dir.join("config").display(),
            env!("CARGO_BIN_EXE_hector")
        );
        for a in args {
            line.push(' ');
            line.push_str(&a.replace("{log}", &dir.join("speech.log").display().to_string()));
        }
        let t = Tmux { socket, dir };
        t.tmux(&[
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
        t.tmux(&["set-option", "-t", "hector", "remain-on-exit", "on"]);
        t
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("run tmux");
        assert!(
            out.status.success() || args.contains(&"kill-server"),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn log(&self) -> PathBuf {
        self.dir.join("speech.log")
    }

    fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.tmux(&["send-keys", "-t", "hector", k]);
        }
    }

    fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", "hector"])
    }

    fn cursor(&self) -> (u16, u16) {
        let out = self.tmux(&["display-message", "-p", "-t", "hector", "#{cursor_x},#{cursor_y}"]);
        let (x, y) = out.trim().split_once(',').unwrap();
        (x.parse().unwrap(), y.parse().unwrap())
    }

    /// The announcements in the speech log, without time stamps.
    fn said(&self) -> Vec<String> {
        std::fs::read_to_string(self.log())
            .unwrap_or_default()
            .lines()
            .map(|l| l.split_once('\t').map_or(l, |(_, t)| t).to_string())
            .collect()
    }

    /// Waits until the log holds `text` (an announcement), and returns the log.
    fn wait_said(&self, text: &str) -> Vec<String> {
        let start = Instant::now();
        loop {
            let said = self.said();
            if said.iter().any(|s| s == text) {
                return said;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "never said {text:?}; said {said:?}\n{}",
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn wait_screen(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the screen never showed {text:?}:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn dead(&self) -> bool {
        self.tmux(&["display-message", "-p", "-t", "hector", "#{pane_dead}"])
            .trim()
            == "1"
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn expected_cursor(sq: Square, orientation: Color) -> (u16, u16) {
    let g = draw::geometry(Rect::new(0, 0, 80, 24)).unwrap();
    let c = draw::cursor_of(&g, sq, orientation);
    (c.x, c.y)
}

fn autosave(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("data/hector/autosave.pgn")).unwrap_or_default()
}

#[test]
fn explore_and_play_by_keys_in_tmux() {
    if tmux_missing() {
        return;
    }
    let t = Tmux::start(
        "play",
        &[
            "--speech",
            "off",
            "--sound",
            "off",
            "--opponent",
            "human",
            "--speech-log",
            "{log}",
        ],
    );
    t.wait_said("New game, White to move");
    let screen = t.wait_screen("New game, White to move");
    assert!(
        screen.contains("Board") && screen.contains("Clocks") && screen.contains("Moves"),
        "{screen}"
    );
    assert!(screen.contains("T    S    L    D    K    L    S    T"), "{screen}");
    assert_eq!(t.cursor(), expected_cursor(Square::E2, Color::White), "{screen}");

    // Explore: arrows, a jump to a rank, the knight squares and the attackers.
    t.keys(&["Left", "1"]);
    t.wait_said("David eins: White Dame");
    assert_eq!(t.cursor(), expected_cursor(Square::D1, Color::White));
    t.keys(&["Down"]);
    t.keys(&["j"]);
    t.wait_said("A knight on David eins reaches Bella zwei White Bauer, Felix zwei White Bauer, Cesar drei, Eva drei");

    // Play 1. e4 e5 2. Nf3 by choosing from- and to-squares.
    t.keys(&["Right", "2", "Enter", "Up", "Up", "Enter"]);
    t.wait_said("Bauer Eva vier");
    t.keys(&["7", "Space", "5", "Space"]);
    t.wait_said("Bauer Eva fünf");
    t.keys(&["n", "n"]);
    t.wait_said("Gustav eins: White Springer");
    t.keys(&["Enter", "Up", "Up", "Left", "Enter"]);
    let said = t.wait_said("Springer Felix drei");
    assert!(
        said.contains(&"Springer Gustav eins chosen; now the target square".to_string()),
        "{said:?}"
    );
    t.keys(&["a"]);
    t.wait_said("Felix drei White Springer: attacked by none; defended by Dame David eins, Bauer Gustav zwei");
    t.keys(&["l"]);
    t.wait_said("Last move, White 2: Springer Felix drei");
    let screen = t.wait_screen("1. e4 e5");
    assert!(screen.contains("2. Sf3"), "{screen}");
    assert_eq!(t.cursor(), expected_cursor(Square::F3, Color::White), "{screen}");

    // A move typed in the input line, in words.
    t.keys(&[":"]);
    t.tmux(&["send-keys", "-t", "hector", "-l", "spr ces sechs"]);
    t.keys(&["Enter"]);
    t.wait_said("Springer Cesar sechs");

    // Too small a terminal says so; back to 80x24 the board returns.
    t.tmux(&["resize-window", "-t", "hector", "-x", "40", "-y", "10"]);
    t.wait_screen("too small");
    t.tmux(&["resize-window", "-t", "hector", "-x", "80", "-y", "24"]);
    t.wait_screen("Clocks");

    // Quit saves and restores the terminal: the alternate screen is gone.
    t.keys(&["C-q"]);
    let start = Instant::now();
    while !t.dead() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "hector did not quit:\n{}",
            t.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let screen = t.screen();
    assert!(
        !screen.contains("Clocks"),
        "the alternate screen was not left:\n{screen}"
    );
    let pgn = autosave(&t.dir);
    assert!(pgn.contains("1. e4 e5 2. Nf3 Nc6"), "{pgn}");
}

#[test]
fn black_sees_the_board_from_its_side_and_plain_has_no_lines() {
    if tmux_missing() {
        return;
    }
    let t = Tmux::start(
        "black",
        &[
            "--speech",
            "off",
            "--sound",
            "off",
            "--opponent",
            "human",
            "--color",
            "black",
            "--plain",
        ],
    );
    let screen = t.wait_screen("Explore:");
    assert!(
        !screen.chars().any(|c| ('\u{2500}'..='\u{259f}').contains(&c)),
        "{screen}"
    );
    // Black's pieces at the bottom: the first row of squares is White's first rank, seen from h to a.
    let row = screen.lines().find(|l| l.trim_start().starts_with('1')).unwrap();
    assert!(row.contains("T    S    L    K    D    L    S    T"), "{screen}");
    assert_eq!(t.cursor(), expected_cursor(Square::E7, Color::Black), "{screen}");
    t.keys(&["C-c"]);
    let start = Instant::now();
    while !t.dead() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "Ctrl-C did not end hector:\n{}",
            t.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
