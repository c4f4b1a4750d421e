//! The other side as one seam: a scripted remote opponent (a test double for online play) answers over a
//! channel after a delay, and a whole game is played against it through the real `Session`, the real edge
//! (`Edge::set_remote`) and the real face loop (`hector::ui::face_loop::run`, the loop of line mode and the
//! full-screen view): the player's lines and the opponent's answers come through the loop's one channel, the
//! opponent's answers at any time. The face here is a small `Face` of the test: it hands each line to the
//! session as line mode does, and reports what was said and what it would draw. No network.
//!
//! The game: 1.e4 e5 2.Bc4 Nc6, a draw offer declined, 3.a3 a6 taken back with the opponent's consent,
//! 3.Qh5 Nf6 4.Qxf7#. A move typed for the opponent's side while it thinks is refused.

use std::io;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use hector::rules::Game;
use hector::session::{Announcement, Command, Config, Opponent, OtherEvent, Session, ToOther};
use hector::ui::edge::{Edge, FaceTime};
use hector::ui::face_loop::{self, Face, Msg};
use hector::ui::gamepad::PadEvent;
use hector::ui::gamepad::glue::PadFace;
use shakmaty::Color;

/// How long the remote opponent takes to answer anything (long enough for a line typed at once to come first).
const DELAY: Duration = Duration::from_millis(400);
/// The longest wait for an answer before the test fails.
const PATIENCE: Duration = Duration::from_secs(20);

/// What the face loop wakes on: a line typed (the face's own input), or a command (the opponent's answer).
type Wake = Msg<String>;

/// The remote opponent: reads what it is asked, answers after `DELAY` with its scripted moves (UCI), declines
/// every draw offer, allows every takeback; its answers go into the face loop's channel as `Command::Other`.
/// Returns what it was asked, in order.
fn remote_opponent(
    asks: mpsc::Receiver<ToOther>,
    answers: mpsc::Sender<Wake>,
    mut moves: Vec<&'static str>,
) -> std::thread::JoinHandle<Vec<ToOther>> {
    moves.reverse();
    std::thread::spawn(move || {
        let mut heard = Vec::new();
        while let Ok(ask) = asks.recv() {
            heard.push(ask.clone());
            let answer = match ask {
                ToOther::Go(r) => {
                    let uci = moves.pop().expect("a scripted move left").to_string();
                    OtherEvent::Move {
                        uci,
                        for_ply: r.for_ply,
                    }
                }
                ToOther::Offer => OtherEvent::DrawAnswer { accepts: false },
                ToOther::Takeback => OtherEvent::TakebackAnswer { accepts: true },
                _ => continue,
            };
            std::thread::sleep(DELAY);
            if answers.send(Msg::Command(Command::Other(answer))).is_err() {
                break;
            }
        }
        heard
    })
}

/// What the test's face reports to the player's side of the test.
enum Seen {
    /// An announcement shown.
    Said(String),
    /// What the face would draw before the loop sleeps: the game as it stands, after `lines` lines.
    Frame(Frame),
}

#[derive(Debug, Clone, Copy, Default)]
struct Frame {
    lines: usize,
    plies: usize,
    over: bool,
    offer_open: bool,
}

/// The test's face in the one loop: a line is read by the session and carried out as line mode does it.
struct TestFace {
    seen: mpsc::Sender<Seen>,
    lines: usize,
}

impl Face for TestFace {
    type Input = String;

    fn show(&mut self, a: &Announcement) {
        let _ = self.seen.send(Seen::Said(a.text.clone()));
    }

    fn draw(&mut self, session: &Session, _edge: &mut Edge, _now: Duration) -> io::Result<()> {
        let game = session.view().game();
        let frame = Frame {
            lines: self.lines,
            plies: game.plies().len(),
            over: game.is_over(),
            offer_open: game.draw_offer().is_some(),
        };
        let _ = self.seen.send(Seen::Frame(frame));
        Ok(())
    }

    fn by_player(_: &String) -> bool {
        true
    }

    fn input(
        &mut self,
        line: String,
        session: &mut Session,
        edge: &mut Edge,
        now: Duration,
    ) -> io::Result<bool> {
        self.lines += 1;
        let act = session.read(&line);
        let effects = session.update(Command::Act(act), now);
        Ok(face_loop::carry(edge, session, effects, now, &mut |a| {
            self.show(a)
        }))
    }

    fn pad(
        &mut self,
        _: &mut PadFace,
        _: &PadEvent,
        _: &mut Session,
        _: &mut Edge,
        _: Duration,
    ) -> bool {
        false
    }
}

/// The player's side: types lines into the loop's channel and follows what the face shows.
struct Player {
    tx: mpsc::Sender<Wake>,
    seen: mpsc::Receiver<Seen>,
    said: Vec<String>,
    frame: Frame,
    /// How many announcements had been shown when the last frame was drawn.
    said_before_frame: usize,
    typed: usize,
}

impl Player {
    /// Types `line`, then follows the face until the line was carried out and `done` holds for what was said
    /// since and the game.
    fn type_line(&mut self, line: &str, done: impl Fn(&[String], &Frame) -> bool) {
        let from = self.said.len();
        self.send(line);
        self.wait(from, line, done);
    }

    /// Types `line` (`wait` follows what it does).
    fn send(&mut self, line: &str) {
        self.typed += 1;
        self.tx
            .send(Msg::Input(line.to_string()))
            .expect("the loop runs");
    }

    /// Follows the face until the last line typed was carried out, the game drawn after the last thing said,
    /// and `done` holds for what was said from `from` on and the game as drawn.
    fn wait(&mut self, from: usize, line: &str, done: impl Fn(&[String], &Frame) -> bool) {
        let until = Instant::now() + PATIENCE;
        while self.frame.lines < self.typed
            || self.said_before_frame < self.said.len()
            || !done(&self.said[from..], &self.frame)
        {
            let wait = until.saturating_duration_since(Instant::now());
            match self.seen.recv_timeout(wait) {
                Ok(Seen::Said(text)) => self.said.push(text),
                Ok(Seen::Frame(f)) => {
                    self.frame = f;
                    self.said_before_frame = self.said.len();
                }
                Err(_) => panic!("no answer after {line:?}; said: {:?}", &self.said[from..]),
            }
        }
    }
}

fn plies(n: usize) -> impl Fn(&[String], &Frame) -> bool {
    move |_, f| f.plies == n
}

fn says(text: &'static str) -> impl Fn(&[String], &Frame) -> bool {
    move |said, _| said.iter().any(|s| s.starts_with(text))
}

fn carried_out(_: &[String], _: &Frame) -> bool {
    true
}

#[test]
fn a_whole_game_against_a_scripted_remote_opponent() {
    let dir = std::env::temp_dir().join(format!("hector-remote-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for var in [
        "XDG_CONFIG_HOME",
        "XDG_DATA_HOME",
        "XDG_STATE_HOME",
        "XDG_CACHE_HOME",
    ] {
        // SAFETY: the only test of this binary; no other thread reads the environment yet.
        unsafe { std::env::set_var(var, &dir) };
    }
    let (tx, rx) = mpsc::channel::<Wake>();
    let (ask_tx, ask_rx) = mpsc::channel::<ToOther>();
    let (seen_tx, seen_rx) = mpsc::channel::<Seen>();
    let remote = remote_opponent(ask_rx, tx.clone(), vec!["e7e5", "b8c6", "a7a6", "g8f6"]);
    let wiring = tx.clone();
    // The face loop, as line mode runs it: the other side wired into the loop's channel, the start, the loop.
    let face_loop = std::thread::spawn(move || {
        let config = Config {
            opponent: Opponent::Remote,
            engine_color: Color::Black,
            ..Config::default()
        };
        let mut session = Session::new(Game::new(), config);
        let mut edge = Edge::silent();
        face_loop::wire_other_side(&mut edge, wiring);
        edge.set_remote(Box::new(move |ask| {
            let _ = ask_tx.send(ask);
        }));
        let mut face = TestFace {
            seen: seen_tx,
            lines: 0,
        };
        let mut time = FaceTime::new();
        if face_loop::start(&mut face, &mut session, &mut edge, &mut time, Vec::new()) {
            return;
        }
        face_loop::run(&mut face, &mut session, &mut edge, &mut time, rx, None).expect("the loop");
    });
    let mut player = Player {
        tx,
        seen: seen_rx,
        said: Vec::new(),
        frame: Frame::default(),
        said_before_frame: 0,
        typed: 0,
    };

    // The opponent is asked after the player's move; a move typed for its side meanwhile is refused.
    player.type_line("e4", plies(1));
    let from = player.said.len();
    player.type_line("e5", carried_out);
    assert!(
        player.said[from..]
            .iter()
            .any(|s| s.starts_with("It is your opponent's turn; wait for their move")),
        "{:?}",
        &player.said[from..]
    );
    assert_eq!(player.frame.plies, 1, "nothing changed");
    player.wait(0, "e4", plies(2));
    player.type_line("Bc4", plies(4));

    // The offer is answered later, by an event: declined, and the game goes on.
    player.type_line(
        "offer",
        says("Your opponent declines the draw offer; the game goes on"),
    );
    assert!(player.said.iter().any(|s| s == "White offers a draw"));
    assert!(!player.frame.offer_open);
    assert!(!player.frame.over);

    // A takeback is asked first; nothing is taken back until the opponent agrees.
    player.type_line("a3", plies(6));
    let from = player.said.len();
    player.send("takeback");
    player.wait(from, "takeback", carried_out);
    assert_eq!(
        player.said[from..],
        ["Your opponent is asked to allow the takeback; wait for the answer"]
    );
    assert_eq!(player.frame.plies, 6, "not yet");
    player.wait(from, "takeback", says("Taken back:"));
    let taken = player
        .said
        .iter()
        .find(|s| s.starts_with("Taken back:"))
        .unwrap();
    assert!(taken.ends_with("; White to move"), "{taken}");
    player.wait(from, "takeback", plies(4));

    // The game goes on to its end: the opponent is asked again in the position after the takeback.
    player.type_line("Qh5", plies(6));
    player.type_line("Qxf7", |_, f| f.over);
    assert_eq!(player.frame.plies, 7);
    assert!(
        player.said.iter().any(|s| s.contains("1-0")),
        "{:?}",
        player.said
    );

    // The input ends: the loop saves and returns, the edge closes the remote's link.
    player.tx.send(Msg::Ended).expect("the loop runs");
    drop(player);
    face_loop.join().expect("the face loop ended");
    let heard = remote.join().unwrap();
    let asked: Vec<String> = heard
        .iter()
        .map(|a| match a {
            ToOther::Go(r) => format!("go {} {}", r.for_ply, r.moves_uci.join(" ")),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(
        asked
            .iter()
            .filter(|a| !a.starts_with("Stop"))
            .collect::<Vec<_>>(),
        [
            "go 1 e2e4",
            "go 3 e2e4 e7e5 f1c4",
            "Offer",
            "go 5 e2e4 e7e5 f1c4 b8c6 a2a3",
            "Takeback",
            "go 5 e2e4 e7e5 f1c4 b8c6 d1h5",
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
