//! The gamepad end to end: the real binary reads a script of synthetic pad events (`--gamepad-events`, the
//! testing aid) through the pad's own thread and the face's channel, exactly the path gilrs's events take.
//! What the pad does is checked against line mode typing the same moves and commands. This machine has no
//! input devices: real pads are not tested here (see src/ui/gamepad/tests.rs for the pure mapping).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use hector::ui::gamepad::{GamepadConfig, Mapper, MenuItem};
use hector::ui::screen::keymap::Action;
use shakmaty::Square;

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hector-pad-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::create_dir_all(dir.join("config")).unwrap();
    dir
}

/// Line mode with this input: every line printed.
fn line(dir: &Path, args: &[&str], input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hector"))
        .arg("--line")
        .args(args)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    // The openings reached are left out (tests/analysis_line.rs checks them).
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| {
            !["Opening: ", "Eröffnung: ", "Άνοιγμα: "]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .map(str::to_string)
        .collect()
}

/// D-pad taps from one square to another, White at the bottom.
fn path(from: Square, to: Square) -> Vec<String> {
    let (f0, r0) = (from.file() as i32, from.rank() as i32);
    let (f1, r1) = (to.file() as i32, to.rank() as i32);
    let mut out = Vec::new();
    let (h, v) = (f1 - f0, r1 - r0);
    let hb = if h > 0 { "DPadRight" } else { "DPadLeft" };
    let vb = if v > 0 { "DPadUp" } else { "DPadDown" };
    for _ in 0..h.abs() {
        out.push(format!("tap 0 {hb}"));
    }
    // Half of the vertical steps by the stick, to take that path too.
    for i in 0..v.abs() {
        if i % 2 == 0 {
            out.push(format!("tap 0 {vb}"));
        } else {
            let value = if v > 0 { 900 } else { -900 };
            out.push(format!("axis 0 LeftStickY {value}"));
            out.push("axis 0 LeftStickY 0".to_string());
        }
    }
    out
}

/// A move by pad: to the piece, South, to the target, South. The focus moves along.
fn play(focus: &mut Square, uci: &str) -> Vec<String> {
    let from: Square = uci[0..2].parse().unwrap();
    let to: Square = uci[2..4].parse().unwrap();
    let mut out = path(*focus, from);
    out.push("tap 0 South".into());
    out.extend(path(from, to));
    out.push("tap 0 South".into());
    *focus = to;
    out
}

/// The menu opened, moved down to an action, and done.
fn menu(action: Action) -> Vec<String> {
    // The menu as a play-mode pad has it.
    let place = Mapper::new(GamepadConfig::builtin(), false, false)
        .menu_items()
        .iter()
        .position(|a| *a == MenuItem::Action(action))
        .unwrap();
    let mut out = vec!["tap 0 Start".to_string()];
    out.extend((0..place).map(|_| "tap 0 DPadDown".to_string()));
    out.push("tap 0 South".into());
    out
}

fn tmux_missing() -> bool {
    match Command::new("tmux").arg("-V").output() {
        Ok(o) if o.status.success() => false,
        _ => {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI must have tmux installed (apt-get install tmux)"
            );
            eprintln!("skipped: tmux is not installed (apt-get install tmux)");
            true
        }
    }
}

/// hector's full-screen view in a tmux server of its own.
struct Tmux {
    socket: String,
    dir: PathBuf,
}

impl Tmux {
    fn start(dir: &Path, name: &str, args: &[String]) -> Tmux {
        let socket = format!("hector-pad-{}-{name}", std::process::id());
        let mut line = format!(
            "env XDG_DATA_HOME={} XDG_CONFIG_HOME={} TERM=xterm-256color {} --speech off --sound off --speech-log {}",
            dir.join("data").display(),
            dir.join("config").display(),
            env!("CARGO_BIN_EXE_hector"),
            dir.join("speech.log").display()
        );
        for a in args {
            line.push(' ');
            line.push_str(a);
        }
        let t = Tmux {
            socket,
            dir: dir.to_path_buf(),
        };
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
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn said(&self) -> Vec<String> {
        std::fs::read_to_string(self.dir.join("speech.log"))
            .unwrap_or_default()
            .lines()
            .map(|l| l.split_once('\t').map_or(l, |(_, t)| t).to_string())
            .collect()
    }

    /// Waits until the log holds every one of `texts` in this order; returns the log.
    fn wait_said_in_order(&self, texts: &[String]) -> Vec<String> {
        let start = Instant::now();
        loop {
            let said = self.said();
            if in_order(&said, texts).is_ok() {
                return said;
            }
            if start.elapsed() > Duration::from_secs(30) {
                let screen = self.tmux(&["capture-pane", "-p", "-t", "hector"]);
                panic!(
                    "{}\nsaid: {said:#?}\n{screen}",
                    in_order(&said, texts).unwrap_err()
                );
            }
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
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "hector did not end:\n{}",
                self.tmux(&["capture-pane", "-p", "-t", "hector"])
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
    }
}

/// `want` is a subsequence of `said`.
fn in_order(said: &[String], want: &[String]) -> Result<(), String> {
    let mut it = said.iter();
    for w in want {
        if !it.any(|s| s == w) {
            return Err(format!("not said (in order): {w:?}"));
        }
    }
    Ok(())
}

fn write_script(dir: &Path, lines: &[String]) -> PathBuf {
    let p = dir.join("pad.txt");
    std::fs::write(&p, lines.join("\n") + "\n").unwrap();
    p
}

#[test]
fn a_whole_game_by_pad_with_a_disconnect_in_the_full_screen_view() {
    if tmux_missing() {
        return;
    }
    let dir = tmp("game");
    let moves = ["f2f3", "e7e5", "g2g4", "d8h4"];
    // What line mode says for the same moves: the oracle.
    let typed = line(&dir, &["--opponent", "human"], &(moves.join("\n") + "\n"));
    let announced: Vec<String> = typed[1..].to_vec();
    assert!(
        announced.last().unwrap().starts_with("Checkmate"),
        "{typed:?}"
    );

    let mut script = vec!["connect 0 Test pad".to_string()];
    let mut focus = Square::E2;
    for (i, m) in moves.iter().enumerate() {
        script.extend(play(&mut focus, m));
        if i == 1 {
            // The pad goes away mid-game, with a shoulder held, and comes back.
            script.push("press 0 LeftShoulder".into());
            script.push("disconnect 0".into());
            script.push("connect 0 Test pad".into());
        }
    }
    script.extend(menu(Action::Quit));
    let file = write_script(&dir, &script);
    let t = Tmux::start(
        &dir,
        "game",
        &[
            "--opponent".into(),
            "human".into(),
            "--gamepad-events".into(),
            file.display().to_string(),
        ],
    );
    let mut want = vec![
        "New game, White to move".to_string(),
        "Gamepad connected: Test pad, the player's pad".to_string(),
    ];
    want.extend(announced[..2].iter().cloned());
    want.push(
        "Gamepad disconnected: Test pad. Nothing is lost; the keys work, and the pad again when it is back"
            .to_string(),
    );
    want.push("Gamepad connected: Test pad, the player's pad".to_string());
    want.extend(announced[2..].iter().cloned());
    let said = t.wait_said_in_order(&want);
    // Quit from the menu: saved and gone.
    t.wait_dead();
    let pgn = std::fs::read_to_string(dir.join("data/hector/autosave.pgn")).unwrap();
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4#"), "{pgn}");
    // No read-out of the rank: the shoulder held when the pad went away did nothing after.
    assert!(!said.iter().any(|s| s.starts_with("Rank ")), "{said:#?}");
    // The opponent's move brought "your move" once (after 1... e5); the mate ends the game.
    let rumble = std::fs::read_to_string(dir.join("pad.txt.rumble")).unwrap_or_default();
    assert_eq!(rumble, "your-move\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn promotion_by_pad_in_the_full_screen_view() {
    if tmux_missing() {
        return;
    }
    let dir = tmp("promotion");
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let typed = line(&dir, &["--fen", fen, "--opponent", "human"], "a7a8r\n");
    let announced = typed.last().unwrap().clone();
    assert!(announced.contains("Turm"), "{typed:?}");

    let mut focus = Square::E2;
    let mut script = vec!["connect 0 Test pad".to_string()];
    script.extend(path(focus, Square::A7));
    script.push("tap 0 South".into());
    script.extend(path(Square::A7, Square::A8));
    focus = Square::A8;
    let _ = focus;
    script.push("tap 0 South".into());
    // A button that chooses no piece says the pad's choices; right is the rook.
    script.push("tap 0 West".into());
    script.push("tap 0 DPadRight".into());
    script.extend(menu(Action::Quit));
    let file = write_script(&dir, &script);
    let t = Tmux::start(
        &dir,
        "promotion",
        &[
            "--opponent".into(),
            "human".into(),
            "--fen".into(),
            format!("'{fen}'"),
            "--gamepad-events".into(),
            file.display().to_string(),
        ],
    );
    let said = t.wait_said_in_order(&[
        "Gamepad connected: Test pad, the player's pad".to_string(),
        "Promotion on the gamepad: South Dame, D-pad up Dame, D-pad down Läufer, D-pad left Springer, D-pad right Turm; East cancels".to_string(),
        announced,
    ]);
    assert!(
        said.iter()
            .any(|s| s.starts_with("Which piece") || s.contains("Dame, Turm")),
        "the promotion question was asked: {said:#?}"
    );
    t.wait_dead();
    let pgn = std::fs::read_to_string(dir.join("data/hector/autosave.pgn")).unwrap();
    assert!(pgn.contains("a8=R+"), "{pgn}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Line mode with a pad script, stdin held open until `lines` lines are printed: every line printed.
fn line_with_pad(dir: &Path, args: &[&str], script: &[String], lines: usize) -> Vec<String> {
    let file = write_script(dir, script);
    let file = file.display().to_string();
    let mut args = args.to_vec();
    args.extend(["--gamepad-events", &file]);
    line_held(dir, &args, lines)
}

/// Line mode with no input, stdin held open until `lines` lines are printed: every line printed.
fn line_held(dir: &Path, args: &[&str], lines: usize) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hector"))
        .arg("--line")
        .args(args)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(l).is_err() {
                return;
            }
        }
    });
    let mut out = Vec::new();
    let start = Instant::now();
    while out.len() < lines {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(l) => out.push(l),
            Err(_) => assert!(start.elapsed() < Duration::from_secs(20), "only {out:#?}"),
        }
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    out.extend(rx.try_iter());
    out
}

#[test]
fn the_players_pad_asks_in_assistant_mode() {
    let dir = tmp("assistant");
    let requests = ["time", "count", "used", "last", "repeat"];
    let buttons = ["LeftTrigger", "RightTrigger", "West", "North", "South"];
    let args = [
        "--mode",
        "assistant",
        "--time",
        "90m+30s",
        "--virtual-clock",
    ];
    // The player's requests typed, as the contract names them (line-mode.md: `player: COMMAND`).
    let input: String = requests.iter().map(|r| format!("player: {r}\n")).collect();
    let typed = line(&dir, &args, &input);
    // One answer a request, each understood (assistant mode is there).
    let answers = &typed[typed.len() - requests.len()..];
    assert!(
        answers.iter().all(|a| !a.starts_with("Not understood")),
        "{typed:#?}"
    );
    let mut script = vec!["connect 0 Player pad".to_string()];
    script.extend(buttons.iter().map(|b| format!("tap 0 {b}")));
    // A button that asks nothing asks nothing: the focus keys are not the player's.
    script.push("tap 0 DPadUp".to_string());
    let dir2 = tmp("assistant-pad");
    let by_pad = line_with_pad(&dir2, &args, &script, typed.len() + 1);
    let connected = "Gamepad connected: Player pad, the player's pad";
    let at = by_pad
        .iter()
        .position(|l| l == connected)
        .expect("connected");
    assert_eq!(&by_pad[at + 1..], answers, "by pad: {by_pad:#?}");
    assert_eq!(by_pad.len(), typed.len() + 1, "{by_pad:#?}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&dir2);
}

#[test]
fn a_pad_asked_for_and_missing_is_one_line_never_an_error() {
    let dir = tmp("none");
    // Real devices (this machine has none, maybe no udev): one line, exit 0.
    let asked = line_held(&dir, &["--gamepad", "on", "--opponent", "human"], 2);
    let pad_lines: Vec<&String> = asked.iter().filter(|l| l.contains("gamepad")).collect();
    assert_eq!(pad_lines.len(), 1, "{asked:#?}");
    assert!(
        pad_lines[0].starts_with("A gamepad was asked for, but "),
        "{asked:#?}"
    );
    // Not asked: not a word.
    let quiet = line(&dir, &[], "count\n");
    assert!(
        !quiet.iter().any(|l| l.to_lowercase().contains("gamepad")),
        "{quiet:#?}"
    );
    // No udev, as the thread reports it.
    let script = vec!["unavailable no udev".to_string()];
    let out = line_with_pad(
        &dir,
        &["--gamepad", "on", "--opponent", "human"],
        &script,
        2,
    );
    assert!(
        out.contains(&"A gamepad was asked for, but gamepads cannot be read here (no udev); the keys work as always".to_string()),
        "{out:#?}"
    );
    // A script that cannot be read, and a broken settings file: notices, and the game goes on.
    std::fs::create_dir_all(dir.join("config/hector")).unwrap();
    std::fs::write(dir.join("config/hector/gamepad.ron"), "(rumble: Loud)").unwrap();
    let out = line(
        &dir,
        &["--gamepad-events", "/nonexistent/pad.txt"],
        "count\n",
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("Gamepad: /nonexistent/pad.txt: cannot read the file")),
        "{out:#?}"
    );
    assert!(
        out.iter().any(|l| l.starts_with("Gamepad: ")
            && l.contains("gamepad.ron, line 1")
            && l.contains("the shipped gamepad settings are used")),
        "{out:#?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_pads_in_assistant_mode_on_screen_the_assistant_plays_the_player_asks() {
    if tmux_missing() {
        return;
    }
    let dir = tmp("two-pads");
    // The oracle: the assistant's move, the press, the player's two requests, typed.
    let typed = line(
        &dir,
        &[
            "--mode",
            "assistant",
            "--time",
            "90m+30s",
            "--virtual-clock",
        ],
        "e4\npress\nplayer: count\nplayer: last\n",
    );
    let answers = typed[typed.len() - 2..].to_vec();
    assert!(
        answers.iter().all(|a| !a.starts_with("Not understood")),
        "{typed:#?}"
    );
    let mut script = vec![
        "connect 0 Assistant pad".to_string(),
        "connect 1 Player pad".to_string(),
        // Asked which pad is the player's: a button on it.
        "tap 1 East".to_string(),
    ];
    // The assistant's pad enters 1. e4 and presses the clock (one button, D.2.4).
    let mut focus = Square::E2;
    script.extend(play(&mut focus, "e2e4"));
    script.push("tap 0 RightThumb".into());
    // The player's pad asks: the move count and the last move.
    script.push("tap 1 RightTrigger".into());
    script.push("tap 1 North".into());
    let file = write_script(&dir, &script);
    let t = Tmux::start(
        &dir,
        "two-pads",
        &[
            "--mode".into(),
            "assistant".into(),
            "--time".into(),
            "90m+30s".into(),
            "--gamepad-events".into(),
            file.display().to_string(),
        ],
    );
    let mut want = vec![
        "Gamepad connected: Assistant pad, the player's pad".to_string(),
        "Gamepad connected: Player pad, the assistant's pad".to_string(),
        "Two gamepads: press any button on the player's pad".to_string(),
        "Player pad is the player's pad, Assistant pad the assistant's".to_string(),
        "Bauer Eva vier".to_string(),
    ];
    want.extend(answers);
    t.wait_said_in_order(&want);
    let _ = std::fs::remove_dir_all(&dir);
}
