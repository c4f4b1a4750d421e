//! The other side as one seam: a scripted remote opponent (a test double for online play) answers over a
//! channel after a delay, and a whole game is played against it through the real `Session`, the real edge
//! (`Edge::set_remote`) and a face loop like line mode's: the player's lines and the opponent's answers come
//! through one channel, the opponent's answers at any time. No network.
//!
//! The game: 1.e4 e5 2.Bc4 Nc6, a draw offer declined, 3.a3 a6 taken back with the opponent's consent,
//! 3.Qh5 Nf6 4.Qxf7#. A move typed for the opponent's side while it thinks is refused.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use hector::rules::Game;
use hector::session::{Command, Config, Opponent, OtherEvent, Session, ToOther};
use hector::ui::edge::Edge;
use shakmaty::Color;

/// How long the remote opponent takes to answer anything.
const DELAY: Duration = Duration::from_millis(150);
/// The longest wait for an answer before the test fails.
const PATIENCE: Duration = Duration::from_secs(20);

/// What wakes the face loop: a line typed, or a report for the session (the remote opponent's).
enum Input {
    Line(String),
    Command(Command),
}

/// The remote opponent: reads what it is asked, answers after `DELAY` with its scripted moves (UCI), declines
/// every draw offer, allows every takeback. Returns what it was asked, in order.
fn remote_opponent(
    asks: mpsc::Receiver<ToOther>,
    answers: mpsc::Sender<Input>,
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
            if answers
                .send(Input::Command(Command::Other(answer)))
                .is_err()
            {
                break;
            }
        }
        heard
    })
}

/// The face loop: each input handed to the session, its effects carried out by the edge (what is said is kept
/// in `said`), the edge's replies handed back, until `done` holds for the session and what was said.
struct Face {
    session: Session,
    edge: Edge,
    rx: mpsc::Receiver<Input>,
    said: Vec<String>,
    start: Instant,
}

impl Face {
    fn carry(&mut self, effects: Vec<hector::session::Effect>) {
        let mut batch = effects;
        loop {
            let said = &mut self.said;
            self.edge.run(batch, &mut |a| said.push(a.text.clone()));
            let replies = self.edge.take_replies();
            if replies.is_empty() {
                return;
            }
            batch = Vec::new();
            for c in replies {
                batch.extend(self.session.update(c, self.start.elapsed()));
            }
        }
    }

    fn input(&mut self, input: Input) {
        let now = self.start.elapsed();
        let effects = match input {
            Input::Line(line) => {
                let act = self.session.read(&line);
                self.session.update(Command::Act(act), now)
            }
            Input::Command(c) => self.session.update(c, now),
        };
        self.carry(effects);
    }

    /// Types `line`, then runs the loop until `done` (what was said since, the game).
    fn type_line(&mut self, line: &str, done: impl Fn(&[String], &Game) -> bool) {
        let from = self.said.len();
        self.input(Input::Line(line.to_string()));
        self.wait(from, line, done);
    }

    /// Runs the loop until `done` holds for what was said from `from` on and the game.
    fn wait(&mut self, from: usize, line: &str, done: impl Fn(&[String], &Game) -> bool) {
        let until = Instant::now() + PATIENCE;
        while !done(&self.said[from..], self.session.view().game()) {
            let wait = until.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(wait) {
                Ok(input) => self.input(input),
                Err(_) => panic!("no answer after {line:?}; said: {:?}", &self.said[from..]),
            }
        }
    }
}

fn plies(n: usize) -> impl Fn(&[String], &Game) -> bool {
    move |_, g| g.plies().len() == n
}

fn says(text: &'static str) -> impl Fn(&[String], &Game) -> bool {
    move |said, _| said.iter().any(|s| s.starts_with(text))
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
    let config = Config {
        opponent: Opponent::Remote,
        engine_color: Color::Black,
        ..Config::default()
    };
    let (tx, rx) = mpsc::channel::<Input>();
    let (ask_tx, ask_rx) = mpsc::channel::<ToOther>();
    let remote = remote_opponent(ask_rx, tx.clone(), vec!["e7e5", "b8c6", "a7a6", "g8f6"]);
    let mut edge = Edge::silent();
    edge.set_remote(Box::new(move |ask| {
        let _ = ask_tx.send(ask);
    }));
    let mut face = Face {
        session: Session::new(Game::new(), config),
        edge,
        rx,
        said: Vec::new(),
        start: Instant::now(),
    };
    let first = face.session.start(Duration::ZERO);
    face.carry(first);

    // The opponent is asked after the player's move; a move typed for its side meanwhile is refused.
    face.type_line("e4", plies(1));
    face.type_line(
        "e5",
        says("It is your opponent's turn; wait for their move"),
    );
    assert_eq!(
        face.session.view().game().plies().len(),
        1,
        "nothing changed"
    );
    face.wait(0, "e4", plies(2));
    face.type_line("Bc4", plies(4));

    // The offer is answered later, by an event: declined, and the game goes on.
    face.type_line(
        "offer",
        says("Your opponent declines the draw offer; the game goes on"),
    );
    assert!(face.said.iter().any(|s| s == "White offers a draw"));
    assert_eq!(face.session.view().game().draw_offer(), None);
    assert!(!face.session.view().game().is_over());

    // A takeback is asked first; nothing is taken back until the opponent agrees.
    face.type_line("a3", plies(6));
    let from = face.said.len();
    face.input(Input::Line("takeback".into()));
    assert_eq!(
        face.said[from..],
        ["Your opponent is asked to allow the takeback; wait for the answer"]
    );
    assert_eq!(face.session.view().game().plies().len(), 6, "not yet");
    face.wait(from, "takeback", says("Taken back:"));
    let taken = face
        .said
        .iter()
        .find(|s| s.starts_with("Taken back:"))
        .unwrap();
    assert!(taken.ends_with("; White to move"), "{taken}");
    assert_eq!(face.session.view().game().plies().len(), 4);

    // The game goes on to its end: the opponent is asked again in the position after the takeback.
    face.type_line("Qh5", plies(6));
    face.type_line("Qxf7", |_, g| g.is_over());
    let game = face.session.view().game();
    assert_eq!(game.plies().len(), 7);
    assert!(
        face.said.iter().any(|s| s.contains("1-0")),
        "{:?}",
        face.said
    );

    drop(face);
    drop(tx);
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
