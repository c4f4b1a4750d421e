//! Online play in the full-screen view (tmux, 100x30): signed in, the one game joined, a move typed on the `:`
//! line sent to the fake lichess and said once accepted, the opponent's move said on arrival, both clocks on
//! the screen. A missing tmux fails, saying what to install.

#[path = "support/fake_lichess.rs"]
#[allow(dead_code)]
mod fake_lichess;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use fake_lichess::{FakeLichess, GameSpec};

const TOKEN: &str = "lip_ScreenTokenSecret9";

struct Tmux {
    socket: String,
    dir: PathBuf,
}

impl Tmux {
    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux is needed: apt-get install tmux");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn said(&self) -> String {
        std::fs::read_to_string(self.dir.join("speech.log")).unwrap_or_default()
    }

    fn wait_said(&self, text: &str) {
        let start = Instant::now();
        while !self.said().contains(text) {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "never said {text:?}; said {}\n{}",
                self.said(),
                self.tmux(&["capture-pane", "-p", "-t", "hector"])
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[test]
fn the_full_screen_view_plays_an_online_game() {
    let fake = FakeLichess::start(TOKEN, "Player");
    let id = fake.add_game(GameSpec::rapid("Felix", "white", &["e7e5"]));
    let t = screen(&fake, "o29-screen");
    t.wait_said("Signed in to lichess as Player");
    t.wait_said("Game against Felix");
    t.tmux(&["send-keys", "-t", "hector", ":", "e4", "Enter"]);
    t.wait_said("Black: Bauer Eva fünf");
    assert_eq!(fake.moves(&id), ["e2e4", "e7e5"]);
    let screen = t.tmux(&["capture-pane", "-p", "-t", "hector"]);
    assert!(
        screen.contains("White 10 min") && screen.contains("Black 10 min"),
        "both of lichess's clocks shown:\n{screen}"
    );
    assert!(
        screen.contains("Opponent: Felix (1500)"),
        "the opponent's name and rating:\n{screen}"
    );
    assert!(!screen.contains(TOKEN) && !t.said().contains(TOKEN));
}

/// The lobby by keys: `?` lists the online keys, `C` says the challenges made to the player, `J` the games there,
/// and the accept key (Ctrl-a) asks, then accepts the only challenge.
#[test]
fn the_lobby_by_keys_lists_challenges_and_games_and_accepts_the_only_challenge() {
    let fake = FakeLichess::start(TOKEN, "Player");
    let t = screen(&fake, "o29-lobby");
    t.wait_said("Signed in to lichess as Player");
    t.wait_said("No game of yours is going on");
    // `?` reads one group at a time; the online keys are in "The game".
    for _ in 0..8 {
        if t.said().contains("the challenges made to you") {
            break;
        }
        t.tmux(&["send-keys", "-t", "hector", "?"]);
        std::thread::sleep(Duration::from_millis(300));
    }
    t.wait_said("the challenges made to you");
    assert!(t.said().contains("your games on lichess"), "{}", t.said());
    let incoming = fake.incoming_challenge("Anna", 900, 10, false);
    t.wait_said("Challenge 1: Anna");
    t.tmux(&["send-keys", "-t", "hector", "C"]);
    t.wait_said("1: Anna");
    t.tmux(&["send-keys", "-t", "hector", "J"]);
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        !fake
            .requests()
            .iter()
            .any(|r| r.path.ends_with(&format!("{incoming}/accept"))),
        "nothing accepted before the key is answered"
    );
    t.tmux(&["send-keys", "-t", "hector", "C-a"]);
    std::thread::sleep(Duration::from_millis(300));
    t.tmux(&["send-keys", "-t", "hector", "y"]);
    t.wait_said("Challenge of Anna (1500) accepted");
    let start = Instant::now();
    while !fake
        .requests()
        .iter()
        .any(|r| r.path == format!("/api/challenge/{incoming}/accept"))
    {
        assert!(start.elapsed() < Duration::from_secs(10), "{}", t.said());
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// hector's full-screen view signed in to `fake`, in tmux (100x30), with its own folders named by `name`.
fn screen(fake: &FakeLichess, name: &str) -> Tmux {
    let dir = std::env::temp_dir().join(format!("hector-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::create_dir_all(dir.join("config")).unwrap();
    let line = format!(
        "env HOME={d} XDG_DATA_HOME={d}/data XDG_CONFIG_HOME={d}/config TERM=xterm-256color LICHESS_TOKEN={TOKEN} \
         {bin} --opponent lichess --lichess-url {url} --speech off --sound off --gamepad off --speech-log {d}/speech.log",
        d = dir.display(),
        bin = env!("CARGO_BIN_EXE_hector"),
        url = fake.url(),
    );
    let t = Tmux {
        socket: format!("{name}-{}", std::process::id()),
        dir,
    };
    t.tmux(&[
        "-f",
        "/dev/null",
        "new-session",
        "-d",
        "-s",
        "hector",
        "-x",
        "100",
        "-y",
        "30",
        &line,
    ]);
    t
}
