//! The full-screen view end to end: hector runs in a detached tmux session at 80x24; keys explore the board
//! and play moves by from/to selection; the screen (capture-pane), the cursor and the speech log are checked.
//! A missing tmux (or Stockfish, for the game against it) fails, saying what to install.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use hector::ui::screen::draw;
use ratatui::layout::Rect;
use shakmaty::{Color, Square};

/// A missing tmux fails the test, saying what to install: never a silent skip (scripts/install-deps.sh
/// --tests installs it). Always `false`; the callers' early returns never run.
fn tmux_missing() -> bool {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "tmux is needed for the full-screen tests: apt-get install tmux (or bash scripts/install-deps.sh --tests)"
    );
    false
}

/// How long a wait for the screen may last before the test gives up: only so a broken build cannot hang
/// forever; nothing is timed.
const PATIENCE: Duration = Duration::from_secs(120);

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
            "env HOME={} XDG_DATA_HOME={} XDG_CONFIG_HOME={} TERM=xterm-256color {}",
            dir.display(),
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
        let out = self.tmux(&[
            "display-message",
            "-p",
            "-t",
            "hector",
            "#{cursor_x},#{cursor_y}",
        ]);
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

    /// The whole help, page by page: `?` says the first group and how to hear more, `?` again each
    /// next page until the first comes round again; all its pages said, joined.
    fn help_said(&self) -> String {
        let keys = |said: &[String]| -> Vec<String> {
            said.iter()
                .filter(|l| l.starts_with("Keys"))
                .cloned()
                .collect()
        };
        let before = keys(&self.said()).len();
        let mut pages: Vec<String> = Vec::new();
        for _ in 0..20 {
            self.keys(&["?"]);
            let start = Instant::now();
            let page = loop {
                let now = keys(&self.said());
                if now.len() > before + pages.len() {
                    break now[before + pages.len()].clone();
                }
                assert!(
                    start.elapsed() < PATIENCE,
                    "no help said: {:?}",
                    self.said()
                );
                std::thread::sleep(Duration::from_millis(50));
            };
            if page.starts_with("Keys, page 1 of ")
                || (!pages.is_empty() && page.starts_with("Keys: "))
            {
                break;
            }
            let last = page.starts_with("Keys: ") && !page.contains("Press ? again");
            pages.push(page);
            if last {
                break;
            }
        }
        pages.join(" ")
    }

    /// Waits until the log holds `text` (an announcement), and returns the log.
    /// Waits until `text` has been said `n` times in all.
    fn wait_said_times(&self, text: &str, n: usize) {
        let start = Instant::now();
        while self.said().iter().filter(|s| *s == text).count() < n {
            assert!(
                start.elapsed() < PATIENCE,
                "{text:?} not said {n} times; said {:?}",
                self.said()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn wait_said(&self, text: &str) -> Vec<String> {
        let start = Instant::now();
        loop {
            let said = self.said();
            // A greeting of a timed game ends with the control in words.
            let greeting = format!("{text}. Time control: ");
            if said.iter().any(|s| s == text || s.starts_with(&greeting)) {
                return said;
            }
            assert!(
                start.elapsed() < PATIENCE,
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
                start.elapsed() < PATIENCE,
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
    assert!(
        screen.contains("T    S    L    D    K    L    S    T"),
        "{screen}"
    );
    assert_eq!(
        t.cursor(),
        expected_cursor(Square::E2, Color::White),
        "{screen}"
    );

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
        said.contains(&"Springer Gustav eins chosen; where to?".to_string()),
        "{said:?}"
    );
    t.keys(&["a"]);
    t.wait_said("Felix drei White Springer: attacked by none; defended by Dame David eins, Bauer Gustav zwei");
    t.keys(&["l"]);
    t.wait_said("Last move, White 2: Springer Felix drei");
    let screen = t.wait_screen("1. e4 e5");
    assert!(screen.contains("2. Sf3"), "{screen}");
    assert_eq!(
        t.cursor(),
        expected_cursor(Square::F3, Color::White),
        "{screen}"
    );

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
            start.elapsed() < PATIENCE,
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
        !screen
            .chars()
            .any(|c| ('\u{2500}'..='\u{259f}').contains(&c)),
        "{screen}"
    );
    // Black's pieces at the bottom: the first row of squares is White's first rank, seen from h to a.
    let row = screen
        .lines()
        .find(|l| l.trim_start().starts_with('1'))
        .unwrap();
    assert!(
        row.contains("T    S    L    K    D    L    S    T"),
        "{screen}"
    );
    assert_eq!(
        t.cursor(),
        expected_cursor(Square::E7, Color::Black),
        "{screen}"
    );
    t.keys(&["C-c"]);
    let start = Instant::now();
    while !t.dead() {
        assert!(
            start.elapsed() < PATIENCE,
            "Ctrl-C did not end hector:\n{}",
            t.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The game kept in the autosave, if it can be read.
fn kept_game(dir: &Path) -> Option<hector::rules::Game> {
    hector::rules::pgn::import(&autosave(dir))
        .games
        .into_iter()
        .next()
}

/// Keys that put the focus on a square: Alt and the file letter, then the rank number.
fn go_to(t: &Tmux, sq: Square) {
    let file = (b'a' + u8::from(sq.file())) as char;
    let rank = (b'1' + u8::from(sq.rank())) as char;
    t.keys(&[&format!("M-{file}"), &rank.to_string()]);
}

#[test]
fn a_whole_game_against_stockfish_by_keys() {
    if tmux_missing() {
        return;
    }
    assert!(
        hector::engine::find_program("stockfish").is_some(),
        "Stockfish is needed for this test: apt-get install stockfish (or bash scripts/install-deps.sh --tests)"
    );
    let t = Tmux::start(
        "engine",
        &[
            "--speech",
            "off",
            "--sound",
            "off",
            "--level",
            "1",
            "--speech-log",
            "{log}",
        ],
    );
    t.wait_said("New game, White to move");
    let v = hector::words::Vocabulary::default();
    // Moves chosen by keys (the first legal move in UCI order that is not a king move), each answered by the
    // engine, until the game ends on the board (the engine mates such play long before); only if it has not
    // after 150 moves does White resign.
    for n in 0..150 {
        let game = kept_game(&t.dir).unwrap_or_else(hector::rules::Game::new);
        if game.is_over() {
            break;
        }
        assert_eq!(game.plies().len(), 2 * n, "the engine answered every move");
        let mut moves: Vec<shakmaty::Move> = game.legal_moves().into_iter().collect();
        moves.sort_by_key(|m| (m.role() == shakmaty::Role::King, game.uci(*m).to_string()));
        let m = moves[0];
        let from = m.from().unwrap();
        let to = hector::ui::screen::app::target_of(&game, &m);
        go_to(&t, from);
        t.keys(&["Enter"]);
        go_to(&t, to);
        t.keys(&["Enter"]);
        if m.is_promotion() {
            t.keys(&["q"]);
        }
        // Wait for the engine's answer (or the end of the game) in the kept game.
        let start = Instant::now();
        loop {
            if let Some(g) = kept_game(&t.dir)
                && (g.plies().len() == 2 * n + 2 || g.is_over())
            {
                break;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "no answer to move {}:\n{}",
                n + 1,
                t.screen()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    let game = kept_game(&t.dir).unwrap();
    if !game.is_over() {
        t.keys(&["C-r"]);
        t.wait_said("Resign the game for White? Type yes to confirm; anything else cancels");
        t.keys(&["y"]);
        t.wait_said("White resigns. Black wins, 0-1");
    }
    t.keys(&["C-q"]);
    let start = Instant::now();
    while !t.dead() {
        assert!(
            start.elapsed() < PATIENCE,
            "hector did not quit:\n{}",
            t.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // Every move of the game is in the speech log, as it was announced.
    let game = kept_game(&t.dir).unwrap();
    assert!(
        game.is_over() && game.plies().len() >= 2,
        "{}",
        autosave(&t.dir)
    );
    // In the order they were played, each once the one before it was said.
    let said = t.said();
    let mut at = 0;
    for ply in game.plies() {
        let mut text = hector::words::announce::short(&v, &ply.san, ply.mv);
        if ply.color() == Color::Black {
            // The engine's moves are announced with its side (whose move it was).
            text = format!("Black: {text}");
        }
        match said[at..].iter().position(|l| *l == text) {
            Some(i) => at += i + 1,
            None => panic!("{text} is not in the speech log after line {at}: {said:?}"),
        }
    }
    // And the end of the game was said.
    let result = hector::rules::pgn::result_token(&game);
    assert!(
        said.iter().any(|l| l.contains(result)),
        "the result {result} was not said: {said:?}"
    );
    eprintln!(
        "a whole game by keys: {} plies, {}",
        game.plies().len(),
        autosave(&t.dir).lines().last().unwrap_or_default()
    );
}

#[test]
fn assistant_mode_on_screen_the_assistants_and_the_players_keys_in_one_session() {
    if tmux_missing() {
        return;
    }
    let t = Tmux::start(
        "assistant",
        &[
            "--mode",
            "assistant",
            "--time",
            "90m+30s",
            "--speech",
            "off",
            "--sound",
            "off",
            "--speech-log",
            "{log}",
        ],
    );
    t.wait_said(
        "New game, White to move. Time control: 90 minutes each plus 30 seconds per move from move one",
    );
    // The greeting is long: shown whole over the board and the clocks until the next key; w
    // (whose turn) brings them back.
    t.keys(&["w"]);
    let screen = t.wait_screen("assistant mode");
    assert!(screen.contains("No move yet"), "{screen}");
    // The assistant enters the move: made, not completed.
    t.keys(&[":", "e4", "Enter"]);
    t.wait_said("Bauer Eva vier");
    let screen = t.wait_screen("Move made, clock not pressed");
    assert!(
        screen.contains("White 1 h 30 min"),
        "both clocks shown: {screen}"
    );
    assert!(screen.contains("Black 1 h 30 min"), "{screen}");
    // Tab presses the clock for the blind player: completed; shown, not spoken.
    t.keys(&["Tab"]);
    t.wait_screen("Move completed");
    t.wait_screen("Clock pressed by White: Black's clock runs");
    // A slip of Black's move corrected before the press with Ctrl-z.
    t.keys(&[":", "e6", "Enter"]);
    t.wait_said("Bauer Eva sechs");
    t.keys(&["C-z"]);
    t.wait_screen("Withdrawn before the clock press");
    t.keys(&[":", "e5", "Enter"]);
    t.wait_said("Correction: Bauer Eva fünf");
    t.keys(&["Tab"]);
    t.wait_screen("Clock pressed by Black");
    // The assistant's own look at the clock (t) is shown, not spoken; the blind player's key (F9) is spoken.
    t.keys(&["t"]);
    t.wait_screen("White 1 hour");
    t.keys(&["F9"]);
    let said = t.wait_said("Move 2, White to move; 1 move completed");
    assert!(
        !said.iter().any(|s| s.starts_with("White 1 hour")),
        "the assistant's question is not heard: {said:?}"
    );
    assert!(
        !said.iter().any(|s| s.starts_with("Clock pressed")),
        "press confirmations are not heard: {said:?}"
    );
    // Analysis keys are refused in the profile.
    t.keys(&["a"]);
    t.wait_screen("Not in a tournament game");
    t.keys(&["C-q"]);
    let start = Instant::now();
    while !t.dead() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "hector did not quit"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// In assistant mode the keyboard is the assistant's. The input line's prompt and the echo
/// of every key typed are shown, not spoken nor written to the speech log, so a sealed move typed by the
/// assistant never reaches the blind player's earpiece; the player's own keys (F7-F11) are answered to him and
/// do not tell the sealed move either; the log on the screen (F6) hides it until `open`. In record mode the
/// player's request keys answer.
#[test]
fn assistant_mode_the_assistants_typing_and_the_sealed_move_are_not_heard() {
    if tmux_missing() {
        return;
    }
    let t = Tmux::start(
        "sealing",
        &[
            "--mode",
            "assistant",
            "--color",
            "black",
            "--time",
            "90m+30s",
            "--virtual-clock",
            "--speech",
            "off",
            "--sound",
            "off",
            "--speech-log",
            "{log}",
        ],
    );
    t.wait_said("New game, White to move");
    t.keys(&[":", "e4", "Enter"]);
    t.wait_said("Bauer Eva vier");
    t.keys(&["Tab"]);
    t.wait_screen("Clock pressed by White");
    t.keys(&[":", "e5", "Enter"]);
    t.wait_said("Bauer Eva fünf");
    t.keys(&["Tab"]);
    t.wait_screen("Clock pressed by Black");
    t.keys(&[":", "seal Nf3", "Enter"]);
    t.wait_said(
        "White seals move 2 (Guidelines I.1): the clock is stopped and the envelope is saved",
    );
    // The blind player's keys: the time, the last move, repeat.
    t.keys(&["F7"]);
    t.wait_said("White 1 hour 30 minutes 30 seconds, Black 1 hour 30 minutes 30 seconds");
    t.keys(&["F10"]);
    t.wait_said("Last move, Black 1: Bauer Eva fünf");
    t.keys(&["F11"]);
    t.wait_said_times("Last move, Black 1: Bauer Eva fünf", 2);
    // The action log (F6 on the screen, the file in the data folder): the seal without its move.
    t.keys(&["F6"]);
    t.wait_screen("Action log, entries");
    let games = t.dir.join("data/hector/games");
    let log_file = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().ends_with(".log.txt"))
        .expect("the action log beside the game");
    let log = std::fs::read_to_string(log_file).unwrap();
    assert!(log.contains("\tseal (move hidden until open)\t"), "{log}");
    assert!(!log.contains("Nf3"), "{log}");
    let said = t.said();
    for s in &said {
        assert!(
            s.chars().count() > 5,
            "a key echo reached the earpiece: {s:?} in {said:?}"
        );
        for secret in [
            "Nf3",
            "Felix drei",
            "Type a move",
            "seal (",
            "Clock pressed",
        ] {
            assert!(!s.contains(secret), "heard {secret:?}: {said:?}");
        }
    }
    t.keys(&["C-q"]);
    let start = Instant::now();
    while !t.dead() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "hector did not quit"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(t);

    // Record mode: the player is the operator, his request keys answer.
    let t = Tmux::start(
        "record-keys",
        &[
            "--mode",
            "record",
            "--time",
            "90m+30s",
            "--virtual-clock",
            "--speech",
            "off",
            "--sound",
            "off",
            "--speech-log",
            "{log}",
        ],
    );
    t.wait_said("New game, White to move");
    t.keys(&["F9"]);
    t.wait_said("Move 1, White to move; 0 moves completed");
    t.keys(&["F7"]);
    let said = t.wait_said("White 1 hour 30 minutes, Black 1 hour 30 minutes");
    assert!(
        !said.iter().any(|s| s.contains("player: is for")),
        "{said:?}"
    );
    t.keys(&["C-q"]);
}

/// The board check's guided walk in the full-screen view (Appendix D.2.9): the focus goes to each square asked
/// and the input line stays open for the answer; a whole rank can be said at its start; back and stop.
#[test]
fn the_board_check_walk_in_the_full_screen_view() {
    if tmux_missing() {
        return;
    }
    let t = Tmux::start(
        "walk",
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
    t.keys(&[":", "check", "Enter"]);
    let start = Instant::now();
    while !t.said().iter().any(|s| s.ends_with("Anna eins?")) {
        assert!(start.elapsed() < Duration::from_secs(20), "{:?}", t.said());
        std::thread::sleep(Duration::from_millis(50));
    }
    let said = t.said();
    assert!(
        said.iter()
            .any(|s| s.starts_with("Board check, square by square from White's side")),
        "{said:?}"
    );
    // The input line is open for the answer (the terminal cursor is on it, not on the board).
    let input_row = t.cursor().1;
    assert_ne!(t.cursor(), expected_cursor(Square::A1, Color::White));
    // No ":" needed for the answer.
    t.keys(&["white Turm", "Enter"]);
    t.wait_said("Bella eins?");
    assert_eq!(t.cursor().1, input_row, "the input line stays open");
    // A word hector cannot read is named back and the square asked again.
    t.keys(&["Elefant", "Enter"]);
    let said = t.wait_said("I cannot read \"Elefant\"; say it again. Bella eins?");
    assert_eq!(
        said.last().unwrap(),
        "I cannot read \"Elefant\"; say it again. Bella eins?"
    );
    // Words of another vocabulary and another UI language (Greek) read as well; a beginning that could be
    // several words is named back.
    t.keys(&["λευκός Ίππος", "Enter"]);
    t.wait_said("Cesar eins?");
    t.keys(&["si", "Enter"]);
    t.wait_said("\"si\" could be sieben or six; say more of the word. Cesar eins?");
    t.keys(&["back", "Enter"]);
    t.wait_said_times("Bella eins?", 2);
    t.keys(&["back", "Enter"]);
    // The first "Anna eins?" ended the walk's opening line.
    t.wait_said_times("Anna eins?", 1);
    // The whole first rank at its start, then the second with a pawn missing on e2.
    t.keys(&["RNBQKBNR", "Enter"]);
    t.wait_said("Anna zwei?");
    assert_eq!(t.cursor().1, input_row, "the input line stays open");
    t.keys(&["PPPP1PPP", "Enter"]);
    t.wait_said("Anna drei?");
    t.keys(&["stop", "Enter"]);
    t.wait_said("Boards differ on Eva zwei. To put it right: a white Bauer belongs on Eva zwei");
    // The walk is over: the input line is closed, the focus is on the last square asked (it followed the
    // walk), and an arrow explores again from there.
    let start = Instant::now();
    while t.cursor() != expected_cursor(Square::A3, Color::White) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{:?}",
            t.cursor()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    t.keys(&["Right"]);
    let start = Instant::now();
    while t.cursor() != expected_cursor(Square::B3, Color::White) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the focus did not move"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    t.keys(&["C-q"]);
}

#[test]
fn the_resume_question_takes_only_its_keys_and_no_keeps_the_game() {
    if tmux_missing() {
        return;
    }
    let t = Tmux::start(
        "resume",
        &[
            "--opponent",
            "human",
            "--speech",
            "off",
            "--sound",
            "off",
            "--speech-log",
            "{log}",
        ],
    );
    t.wait_said("New game, White to move");
    t.keys(&["Enter", "Up", "Up", "Enter"]);
    t.wait_said("Bauer Eva vier");
    let first = autosave(&t.dir);
    assert!(first.contains("1. e4"), "{first}");
    t.keys(&["C-q"]);
    let start = Instant::now();
    while !t.dead() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "hector did not quit"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // Started again over the same folders, in the same pane: the question names its keys; other keys ask again.
    // A keymap with a problem gives a notice at the start: said before the question.
    let own = t.dir.join("config/hector");
    std::fs::create_dir_all(&own).unwrap();
    std::fs::write(own.join("keymap.ron"), "[(\"Wobble\", Turn)]").unwrap();
    let log = t.dir.join("speech2.log");
    let line = format!(
        "env XDG_DATA_HOME={} XDG_CONFIG_HOME={} TERM=xterm-256color {} --opponent human --speech off --sound off --speech-log {}",
        t.dir.join("data").display(),
        t.dir.join("config").display(),
        env!("CARGO_BIN_EXE_hector"),
        log.display()
    );
    t.tmux(&["respawn-pane", "-k", "-t", "hector", &line]);
    let said = || -> Vec<String> {
        std::fs::read_to_string(&log)
            .unwrap_or_default()
            .lines()
            .map(|l| l.split_once('\t').map_or(l, |(_, t)| t).to_string())
            .collect()
    };
    let wait = |pred: &dyn Fn(&[String]) -> bool| {
        let start = Instant::now();
        loop {
            let s = said();
            if pred(&s) {
                return s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "{s:?}\n{}",
                t.screen()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    wait(&|s| {
        s.iter()
            .any(|l| l.starts_with("Your last game is unfinished"))
    });
    // The question is the last thing said, after the notices, and names no file.
    std::thread::sleep(Duration::from_millis(300));
    let s = said();
    assert!(s.iter().any(|l| l.contains("Wobble")), "{s:?}");
    assert_eq!(
        s.last().map(String::as_str),
        Some(
            "Your last game is unfinished: move 1, Black to move. Continue it? Press y for yes, n or Escape for no"
        ),
        "{s:?}"
    );
    // Keys that are no answer (Enter among them): the question is said again once, not for every key.
    t.keys(&["e", "s", "Enter"]);
    wait(&|s| {
        s.iter()
            .filter(|l| l.starts_with("Please answer yes or no"))
            .count()
            == 1
    });
    std::thread::sleep(Duration::from_millis(500));
    let s = said();
    assert_eq!(
        s.iter()
            .filter(|l| l.starts_with("Please answer yes or no"))
            .count(),
        1,
        "{s:?}"
    );
    assert!(!s.iter().any(|l| l.starts_with("New game")), "{s:?}");
    assert_eq!(autosave(&t.dir), first, "nothing overwritten");
    t.keys(&["n"]);
    let s = wait(&|s| s.iter().any(|l| l == "New game, White to move"));
    let kept_line = s
        .iter()
        .find(|l| l.starts_with("The unfinished game is kept; "))
        .expect("kept said");
    let kept: Vec<PathBuf> = std::fs::read_dir(t.dir.join("data/hector/kept"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), first);
    // Said in words, no path.
    assert!(!kept_line.contains('/'), "{kept_line}");
}

#[test]
fn line_mode_on_a_terminal_edits_lines_with_history_and_no_escapes() {
    if tmux_missing() {
        return;
    }
    let t = Tmux::start(
        "editor",
        &["--line", "--opponent", "human", "--speech-log", "{log}"],
    );
    t.wait_said("New game, White to move");
    // "cout", Left, "n": the cursor moved inside the line, so the command is "count".
    t.keys(&["cout", "Left", "n", "Enter"]);
    t.wait_said("Move 1, White to move; 0 moves completed");
    t.keys(&["e4", "Enter"]);
    t.wait_said("Bauer Eva vier");
    // Up twice recalls "count"; Down and Up again land on the newest entry, "e4"; Home and End move.
    t.keys(&["Up", "Up", "Home", "End", "Enter"]);
    let start = Instant::now();
    loop {
        let said = t.said();
        if said
            .iter()
            .filter(|l| l.starts_with("Move 1, Black to move"))
            .count()
            == 1
        {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "{said:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
    let said = t.said();
    assert!(
        !said
            .iter()
            .any(|l| l.contains('\u{1b}') || l.contains("[A") || l.contains("[D")),
        "no escape sequence reached a command: {said:?}"
    );
    assert!(
        !said.iter().any(|l| l.starts_with("Not understood")),
        "{said:?}"
    );
}

/// Takeback, a new game and a rematch have keys on the full-screen view (Ctrl-t, Ctrl-g, Ctrl-e);
/// the new game and the rematch ask first, naming their keys, and keep the unfinished game.
#[test]
fn takeback_new_game_and_rematch_by_keys() {
    if tmux_missing() {
        return;
    }
    let t = Tmux::start(
        "takeback",
        &[
            "--opponent",
            "human",
            "--speech",
            "off",
            "--sound",
            "off",
            "--speech-log",
            "{log}",
        ],
    );
    t.wait_said("New game, White to move");
    // e2-e4 by selection, then e7-e5 typed.
    t.keys(&["Enter", "Up", "Up", "Enter"]);
    t.wait_said("Bauer Eva vier");
    t.keys(&[":", "e5", "Enter"]);
    t.wait_said("Bauer Eva fünf");
    t.keys(&["C-t"]);
    t.wait_said("Taken back: Bauer Eva fünf; Black to move");
    // In a review the rematch is refused at once, with the reason, not asked about.
    t.keys(&["M-r"]);
    t.wait_said("Review of the game, 1 half-move; PageUp back, PageDown forward, Home start, End end, Alt-v variation, Alt-u leave, Alt-r done. Move 1, White: Bauer Eva vier");
    t.keys(&["C-e"]);
    t.wait_said("You are reviewing the game: \"rematch\" is not possible here. Leave the review with done to play");
    t.keys(&["M-r"]);
    t.wait_said("Review ended, back in the game. Move 1, Black to move; 0 moves completed");
    assert!(autosave(&t.dir).contains("1. e4 *"), "{}", autosave(&t.dir));
    // A new game asks first; Escape says no and changes nothing.
    t.keys(&["C-g"]);
    let said = t.wait_said(
        "Start a new game? The unfinished one is kept. Press y for yes, n or Escape for no",
    );
    let before = said.len();
    t.keys(&["Escape"]);
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        !t.said()[before..].iter().any(|l| l.starts_with("New game")),
        "{:?}",
        t.said()
    );
    assert!(autosave(&t.dir).contains("1. e4 *"));
    // The rematch: yes; the unfinished game is kept, colours swapped.
    t.keys(&["C-e"]);
    t.wait_said("A new game with the colours swapped? The unfinished one is kept. Press y for yes, n or Escape for no");
    t.keys(&["y"]);
    let start = Instant::now();
    let said = loop {
        let said = t.said();
        if said
            .iter()
            .filter(|l| *l == "New game, White to move")
            .count()
            == 2
        {
            break said;
        }
        assert!(start.elapsed() < PATIENCE, "no new game: {said:?}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(
        said.iter()
            .any(|l| l.starts_with("The unfinished game is kept; ")),
        "{said:?}"
    );
    let kept: Vec<PathBuf> = std::fs::read_dir(t.dir.join("data/hector/kept"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(kept.len(), 1);
    assert!(
        std::fs::read_to_string(&kept[0])
            .unwrap()
            .contains("1. e4 *")
    );
    // The help lists the three keys.
    let help = t.help_said();
    for k in [
        "Ctrl-t: take back the last move",
        "Ctrl-g: a new game",
        "Ctrl-e: a rematch with the colours swapped",
    ] {
        assert!(help.contains(k), "{k}: {help}");
    }
}

/// A game on the full-screen view ends and is reviewed by keys: Alt-r opens the review, Home, PageDown,
/// PageUp and End step through it, the board shows the reviewed position and the status line says where the
/// review is; a move key is refused; Alt-r leaves the review and the game is as it was.
#[test]
fn a_finished_game_is_reviewed_by_keys_in_tmux() {
    if tmux_missing() {
        return;
    }
    let t = Tmux::start(
        "review",
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
    // Fool's mate, typed in the input line.
    for (mv, said) in [
        ("f3", "Bauer Felix drei"),
        ("e5", "Bauer Eva fünf"),
        ("g4", "Bauer Gustav vier"),
        ("Qh4", "Dame Hector vier Matt"),
    ] {
        t.keys(&[":"]);
        t.tmux(&["send-keys", "-t", "hector", "-l", mv]);
        t.keys(&["Enter"]);
        t.wait_said(said);
    }
    t.wait_said("Checkmate. Black wins, 0-1");

    t.keys(&["M-r"]);
    t.wait_said(
        "Review of the game, 4 half-moves; PageUp back, PageDown forward, Home start, End end, Alt-v variation, Alt-u leave, Alt-r done. \
         Move 2, Black: Dame Hector vier Matt. Checkmate. Black wins, 0-1",
    );
    let screen = t.wait_screen("Review: move 2, Black, Dame Hector vier Matt");
    assert!(screen.contains("Review: move 2, Black"), "{screen}");

    t.keys(&["Home"]);
    t.wait_said("Start of the game, White to move");
    // The board shows the start: all eight white pawns on rank 2 (in the game f2 and g2 have moved).
    let screen = t.wait_screen("Review: start of the game");
    let rank2 = screen
        .lines()
        .map(|l| l.split("┃┃").next().unwrap_or(l))
        .find(|l| l.trim_start_matches('┃').starts_with('2'))
        .unwrap_or_else(|| panic!("no rank 2 in\n{screen}"));
    assert_eq!(rank2.matches('B').count(), 8, "{rank2}\n{screen}");

    t.keys(&["PageDown"]);
    t.wait_said("Move 1, White: Bauer Felix drei");
    t.keys(&["PageDown"]);
    t.wait_said("Move 1, Black: Bauer Eva fünf");
    let screen = t.wait_screen("Review: move 1, Black, Bauer Eva fünf");
    // The move list marks the reviewed move.
    assert!(screen.contains("1. f3 [e5]"), "{screen}");
    t.keys(&["PageUp"]);
    let said = t.said();
    t.wait_screen("Review: move 1, White, Bauer Felix drei");
    // An exploring key answers about the reviewed position: after 1. f3 the f-pawn is on f3.
    t.keys(&["M-f", "3"]);
    t.wait_said("Felix drei: White Bauer");
    // A move is not made in a review.
    t.keys(&["Enter"]);
    t.wait_said("You are reviewing the game: no move is made here. Leave the review to play");
    t.keys(&["End"]);
    let end = t.wait_said("Move 2, Black: Dame Hector vier Matt. Checkmate. Black wins, 0-1");
    assert!(end.len() > said.len());
    t.keys(&["End"]);
    t.wait_said("Already at the end of the game; nothing changed. Checkmate. Black wins, 0-1");

    t.keys(&["M-r"]);
    t.wait_said("Review ended, back in the game. Checkmate. Black wins, 0-1");
    let screen = t.screen();
    assert!(!screen.contains("Review: move"), "{screen}");
    t.keys(&["C-q"]);
    let start = Instant::now();
    while !t.dead() {
        assert!(
            start.elapsed() < PATIENCE,
            "hector did not quit:\n{}",
            t.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let pgn = autosave(&t.dir);
    assert!(
        pgn.contains("1. f3 e5 2. g4 Qh4#"),
        "the game is unchanged: {pgn}"
    );
}

/// `hector --review FILE.pgn` on the full-screen view: an annotated game is stepped through by keys,
/// a variation entered with Alt-v and left with Alt-u; the status line shows the move and its comment; help
/// lists the review keys.
#[test]
fn a_saved_game_is_reviewed_with_its_variations_by_keys_in_tmux() {
    if tmux_missing() {
        return;
    }
    let pgn_dir =
        std::env::temp_dir().join(format!("hector-tmux-review-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&pgn_dir).unwrap();
    let file = pgn_dir.join("annotated.pgn");
    std::fs::write(
        &file,
        "[Event \"t\"]\n[Result \"*\"]\n\n{Opening} 1. e4 {King's pawn [%clk 0:10:00]} e5 $2 (1... c5 $1 {Sicilian}) 2. Nf3 *\n",
    )
    .unwrap();
    let path = file.display().to_string();
    let t = Tmux::start(
        "review-file",
        &[
            "--speech",
            "off",
            "--sound",
            "off",
            "--speech-log",
            "{log}",
            "--review",
            &path,
        ],
    );
    t.wait_said(
        "Review of the game, 3 half-moves; PageUp back, PageDown forward, Home start, End end, Alt-v variation, Alt-u leave, Alt-r done. \
         Start of the game, White to move. Comment: Opening",
    );
    t.keys(&["PageDown"]);
    t.wait_said("Move 1, White: Bauer Eva vier. Comment: King's pawn. Clock 10 minutes");
    t.wait_screen("Review: move 1, White, Bauer Eva vier — King's pawn");
    t.keys(&["PageDown"]);
    t.wait_said("Move 1, Black: Bauer Eva fünf. Mistake. 1 variation");
    t.keys(&["M-v"]);
    t.wait_said(
        "Variation 1, depth 1. Move 1, Black: Bauer Cesar fünf. Good move. Comment: Sicilian",
    );
    let screen = t.wait_screen("(variation depth 1)");
    // The board shows the variation: a black pawn on c5, none on e5.
    let rank5 = screen
        .lines()
        .map(|l| l.split("┃┃").next().unwrap_or(l))
        .find(|l| l.trim_start_matches('┃').starts_with('5'))
        .unwrap_or_else(|| panic!("no rank 5 in\n{screen}"));
    assert_eq!(rank5.matches('b').count(), 1, "{rank5}");
    t.keys(&["M-u"]);
    t.wait_said("Left variation 1, back in the main line. Move 1, Black: Bauer Eva fünf. Mistake. 1 variation");
    let help = t.help_said();
    for key in [
        "Alt-r: review the game, or leave the review",
        "PageUp: review: one move back",
        "PageDown: review: one move forward",
        "Home: review: to the start",
        "End: review: to the end",
        "Alt-v: review: enter the first variation of the move",
        "Alt-u: review: leave the variation",
    ] {
        assert!(help.contains(key), "{key} not in {help}");
    }
    t.keys(&["C-q"]);
    let start = Instant::now();
    while !t.dead() {
        assert!(
            start.elapsed() < PATIENCE,
            "hector did not quit:\n{}",
            t.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // Reviewing wrote nothing.
    assert!(autosave(&t.dir).is_empty(), "{}", autosave(&t.dir));
    let _ = std::fs::remove_dir_all(&pgn_dir);
}

/// On the full screen: a promotion chosen through the question (`:e8`, `:Dame`) is made, not
/// completed; Tab completes it; a second Tab (Black's press without a move) is asked by its keys and `n` records
/// nothing.
#[test]
fn a_promotion_answered_on_screen_waits_for_tab_and_a_press_without_a_move_is_asked() {
    if tmux_missing() {
        return;
    }
    let t = Tmux::start(
        "promotion-press",
        &[
            "--mode",
            "record",
            "--time",
            "90m+30s",
            "--fen",
            "'7k/4P3/8/8/8/8/8/4K3 w - - 0 1'",
            "--speech",
            "off",
            "--sound",
            "off",
            "--speech-log",
            "{log}",
        ],
    );
    t.wait_said("New game, White to move");
    t.keys(&[":", "e8", "Enter"]);
    t.wait_screen("Which piece");
    t.keys(&[":", "Dame", "Enter"]);
    t.wait_said("Bauer Eva acht Dame");
    t.wait_screen("Move made, clock not pressed");
    t.keys(&["Tab"]);
    t.wait_said("Clock pressed by White: Black's clock runs");
    t.wait_screen("Move completed");
    t.keys(&["Tab"]);
    t.wait_said(
        "A press without a move by Black: record an illegal move (Article 7.5.3)? Press y for yes, n or Escape for no",
    );
    t.keys(&["n"]);
    let said = t.wait_said(
        "Not recorded: the press without a move by Black is taken as a slip; nothing changed",
    );
    assert!(
        !said.iter().any(|s| s.starts_with("Illegal move")),
        "{said:?}"
    );
    t.keys(&["C-q"]);
    let start = Instant::now();
    while !t.dead() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "hector did not quit"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// On the full screen: a command typed while the view's own question is open is not eaten
/// key by key: Tab (the clock press) leaves the question and presses; `:` leaves it and opens the input line, so
/// `:decline` is the command typed, asked in its turn; the blind player's keys (F7, F9, F10) are answered to him
/// while the view's question or the session's resignation question is open, and the question stays open for the
/// assistant; Tab leaves the session's question as its no and presses. Every question, its answer and each
/// cancelling are in the action log; the player's requests as his.
#[test]
fn a_command_typed_in_the_views_question_is_not_eaten_and_the_players_keys_answer() {
    if tmux_missing() {
        return;
    }
    let name = "question-keys";
    let game = std::env::temp_dir()
        .join(format!("hector-tmux-{}-{name}", std::process::id()))
        .join("g.pgn");
    let game_s = game.display().to_string();
    let t = Tmux::start(
        name,
        &[
            "--mode",
            "assistant",
            "--color",
            "black",
            "--opponent",
            "human",
            "--time",
            "90m+30s",
            "--virtual-clock",
            "--speech",
            "off",
            "--sound",
            "off",
            "--language",
            "en",
            "--save",
            &game_s,
            "--speech-log",
            "{log}",
        ],
    );
    t.wait_said(
        "New game, White to move. Time control: 90 minutes each plus 30 seconds per move from move one",
    );
    t.keys(&[":", "e4", "Enter"]);
    t.wait_said("Bauer Eva vier");
    t.keys(&["Tab"]);
    t.wait_screen("Clock pressed by White");
    t.keys(&[":", "e5", "Enter"]);
    t.wait_said("Bauer Eva fünf");
    // The view's question (its key asks; typed, `offer` acts at once); Tab leaves it and the
    // press is carried out (never lost).
    t.keys(&["C-d"]);
    t.wait_screen("Offer a draw?");
    t.keys(&["Tab"]);
    let screen = t.wait_screen("Clock pressed by Black");
    assert!(screen.contains("Cancelled: Offer a draw?"), "{screen}");
    t.keys(&[":", "Nf3", "Enter"]);
    t.wait_said("Springer Felix drei");
    // `:` leaves the question and opens the input line: `fen` is typed there, not taken key by key (its f
    // would move the focus).
    t.keys(&["C-d"]);
    t.wait_screen("Offer a draw?");
    t.keys(&[":", "fen", "Enter"]);
    t.wait_screen("4P3/5N2");
    t.keys(&["C-n"]);
    t.wait_screen("Decline the draw offer?");
    // The blind player's keys are answered while the view's question is open.
    // Said n times, in all, a text that begins with `prefix`.
    let heard_times = |prefix: &str, n: usize| {
        let start = Instant::now();
        while t.said().iter().filter(|s| s.starts_with(prefix)).count() < n {
            assert!(
                start.elapsed() < PATIENCE,
                "{prefix:?} not said {n} times: {:?}\n{}",
                t.said(),
                t.screen()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    t.keys(&["F7"]);
    heard_times("White 1 hour 30 minutes", 1);
    t.keys(&["F9"]);
    t.wait_said("Move 2, Black to move; 1 move completed");
    t.keys(&["F10"]);
    t.wait_said("Last move, White 2: Springer Felix drei");
    t.keys(&["n"]);
    t.wait_screen("Cancelled");
    // Nothing was played or pressed by the keys of `decline`: Nf3 is still made, not pressed.
    t.keys(&["F4"]);
    t.wait_screen("made, not completed");
    // The session's question: F7 is answered to the player, the question stays open for n.
    t.keys(&[":", "resign black", "Enter"]);
    t.wait_screen("Resign the game for Black?");
    t.keys(&["F7"]);
    heard_times("White 1 hour 30 minutes", 2);
    // Tab leaves the session's question too (as its no) and presses.
    t.keys(&["Tab"]);
    let screen = t.wait_screen("Clock pressed by White");
    assert!(screen.contains("Resignation cancelled"), "{screen}");
    t.keys(&["y"]);
    t.wait_screen("y: no function here");
    let said = t.said();
    for not_heard in [
        "Offer a draw",
        "Decline",
        "Cancelled",
        "Resign",
        "Clock pressed",
    ] {
        assert!(
            !said.iter().any(|s| s.contains(not_heard)),
            "{not_heard:?} heard: {said:?}"
        );
    }
    t.keys(&["C-q"]);
    let start = Instant::now();
    while !t.dead() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "hector did not quit"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let pgn = std::fs::read_to_string(&game).unwrap();
    assert!(pgn.contains("1. e4"), "{pgn}");
    assert!(pgn.contains("2. Nf3"), "{pgn}");
    assert!(!pgn.contains("(=)"), "no draw offered: {pgn}");
    let log = std::fs::read_to_string(format!("{game_s}.log.txt")).unwrap();
    let entries: Vec<(&str, &str, &str)> = log
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.len() >= 5).then(|| (f[2], f[3], f[4]))
        })
        .collect();
    let at = |who: &str, what: &str, answer: &str| {
        entries
            .iter()
            .position(|(w, a, s)| *w == who && *a == what && s.starts_with(answer))
            .unwrap_or_else(|| panic!("no entry {who} {what} {answer:?}:\n{log}"))
    };
    let asked = at("assistant", "offer", "Offer a draw?");
    let tab = at("assistant", "Tab", "Cancelled: Offer a draw?");
    let press = at("assistant", "press", "Clock pressed by Black");
    assert!(asked < tab && tab < press, "{log}");
    let colon = at("assistant", ":", "Cancelled: Offer a draw?");
    let decline = at("assistant", "decline", "Decline the draw offer?");
    let time = at("blind-player", "player: time", "White 1 hour");
    let count = at("blind-player", "player: count", "Move 2, Black to move");
    let last = at("blind-player", "player: last", "Last move, White 2");
    let no = at("assistant", "n", "Cancelled");
    assert!(
        colon < decline && decline < time && time < count && count < last && last < no,
        "{log}"
    );
    assert_eq!(
        entries
            .iter()
            .filter(|(w, a, _)| *w == "blind-player" && *a == "player: time")
            .count(),
        2,
        "{log}"
    );
    assert!(
        !entries
            .iter()
            .any(|(w, a, _)| *w == "assistant" && *a == "?"),
        "no request re-asked the assistant's question: {log}"
    );
    at("assistant", "press", "Resignation cancelled");
    assert!(
        pgn.contains("[Result \"*\"]"),
        "the y after the press resigned nothing: {pgn}"
    );
}
