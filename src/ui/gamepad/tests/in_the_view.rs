//! The view in-process: pad events through `glue::screen_event`, as the full-screen loop does them.

use std::time::Duration;

use shakmaty::{Color, Square};

use super::*;
use crate::rules::Game;
use crate::session::{Config, Session};
use crate::ui::edge::Edge;
use crate::ui::gamepad::device::Sink;
use crate::ui::gamepad::glue::{self, GamepadOptions, PadFace};
use crate::ui::screen::App;
use crate::ui::screen::app::Mode;
use crate::ui::screen::theme::Theme;

struct View {
    face: PadFace,
    app: App,
    session: Session,
    edge: Edge,
}

impl View {
    fn new(game: Game, assistant: bool) -> View {
        let options = GamepadOptions {
            config: GamepadConfig::builtin(),
            // An empty script: the thread ends at once; the events come from the test.
            source: device::Source::Script(empty_script()),
            assistant,
            tournament: assistant,
            player: Color::White,
        };
        let sink: Sink = Box::new(|_| true);
        let (face, problems) = PadFace::start(options, sink);
        assert!(problems.is_empty(), "{problems:?}");
        let mut session = Session::new(game, config(assistant));
        session.start(Duration::ZERO);
        let mut v = View {
            face,
            app: App::new(Color::White, Theme::default(), Keymap::builtin()),
            session,
            edge: Edge::silent(),
        };
        v.send(PadEvent::Connected {
            pad: 0,
            name: "Test pad".into(),
        });
        v
    }

    fn send(&mut self, e: PadEvent) -> bool {
        glue::screen_event(
            &mut self.face,
            &e,
            &mut self.app,
            &mut self.session,
            &mut self.edge,
            Duration::ZERO,
        )
    }

    fn tap(&mut self, button: Button) -> bool {
        self.send(PadEvent::Pressed { pad: 0, button });
        self.send(PadEvent::Released { pad: 0, button })
    }

    /// D-pad steps from the focus to a square (White at the bottom).
    fn go(&mut self, to: Square) {
        let (f0, r0) = (self.app.focus.file() as i32, self.app.focus.rank() as i32);
        let (f1, r1) = (to.file() as i32, to.rank() as i32);
        for _ in f0..f1 {
            self.tap(B::DPadRight);
        }
        for _ in f1..f0 {
            self.tap(B::DPadLeft);
        }
        for _ in r0..r1 {
            self.tap(B::DPadUp);
        }
        for _ in r1..r0 {
            self.tap(B::DPadDown);
        }
        assert_eq!(self.app.focus, to);
    }

    fn play(&mut self, from: Square, to: Square) {
        self.go(from);
        self.tap(B::South);
        self.go(to);
        self.tap(B::South);
    }
}

fn config(assistant: bool) -> Config {
    Config {
        mode: if assistant {
            crate::session::Mode::Assistant
        } else {
            crate::session::Mode::Play
        },
        ..Config::default()
    }
}

fn empty_script() -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("hector-pad-empty-{}.txt", std::process::id()));
    std::fs::write(&p, "").unwrap();
    p
}

#[test]
fn a_whole_game_by_pad() {
    let mut v = View::new(Game::new(), false);
    v.play(Square::F2, Square::F3);
    v.play(Square::E7, Square::E5);
    // The pad goes away and comes back mid-game: nothing is lost.
    v.send(PadEvent::Disconnected { pad: 0 });
    assert!(
        v.app
            .status
            .iter()
            .any(|s| s.starts_with("Gamepad disconnected: Test pad"))
    );
    v.send(PadEvent::Connected {
        pad: 0,
        name: "Test pad".into(),
    });
    assert_eq!(v.session.view().game().plies().len(), 2);
    v.play(Square::G2, Square::G4);
    v.play(Square::D8, Square::H4);
    assert!(v.session.view().game().is_over());
    assert!(
        v.app.status.iter().any(|s| s.contains("Checkmate")),
        "{:?}",
        v.app.status
    );
    // The help lists the pad's layout after the keys.
    v.tap(B::Select);
    let help = v.app.help.clone().unwrap();
    assert!(help.iter().any(|l| l.starts_with("Gamepad: ")), "{help:?}");
}

#[test]
fn promotion_and_confirmations_by_pad() {
    let game = Game::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let mut v = View::new(game, false);
    v.play(Square::A7, Square::A8);
    assert!(matches!(v.app.mode, Mode::Promotion { .. }));
    // A button with no piece says the pad's choices; East would cancel; right is the rook.
    v.app.begin_batch();
    v.tap(B::West);
    assert!(
        v.app.status[0].starts_with("Promotion on the gamepad"),
        "{:?}",
        v.app.status
    );
    v.tap(B::DPadRight);
    assert_eq!(v.app.mode, Mode::Explore);
    let last = v
        .session
        .view()
        .game()
        .plies()
        .last()
        .unwrap()
        .san
        .to_string();
    assert_eq!(last, "a8=R+");
    // Offer a draw from the menu: a confirmation; East cancels, South confirms.
    let offer = v
        .face
        .mapper
        .menu_items()
        .iter()
        .position(|a| *a == MenuItem::Action(Action::Offer))
        .unwrap();
    let open_at = |v: &mut View| {
        v.tap(B::Start);
        for _ in 0..offer {
            v.tap(B::DPadDown);
        }
        v.tap(B::South);
    };
    open_at(&mut v);
    assert!(matches!(v.app.mode, Mode::Confirm(..)));
    v.tap(B::East);
    assert_eq!(v.app.mode, Mode::Explore);
    open_at(&mut v);
    v.app.begin_batch();
    v.tap(B::South);
    assert_eq!(v.app.mode, Mode::Explore);
    assert!(
        v.app
            .status
            .iter()
            .any(|s| s.to_lowercase().contains("draw")),
        "{:?}",
        v.app.status
    );
    // Resign asks its own question (the session's): South is yes.
    let resign = v
        .face
        .mapper
        .menu_items()
        .iter()
        .position(|a| *a == MenuItem::Action(Action::Resign))
        .unwrap();
    v.tap(B::Start);
    for _ in 0..resign {
        v.tap(B::DPadDown);
    }
    v.tap(B::South);
    assert!(v.session.view().awaiting_answer(), "{:?}", v.app.status);
    v.tap(B::South);
    assert!(v.session.view().game().is_over());
}

#[test]
fn the_players_requests_reach_the_session_as_lines() {
    let mut v = View::new(Game::new(), true);
    v.app.begin_batch();
    v.tap(B::LeftTrigger);
    let by_pad = v.app.status.clone();
    // The same line typed gives the same answer.
    let mut typed = Session::new(Game::new(), config(true));
    typed.start(Duration::ZERO);
    let effects = typed.update(
        crate::session::Command::Act(typed.read("player: time")),
        Duration::ZERO,
    );
    let said: Vec<String> = effects
        .into_iter()
        .filter_map(|e| match e {
            crate::session::Effect::Say(a) => Some(a.text),
            _ => None,
        })
        .collect();
    assert!(!said.is_empty());
    assert_eq!(by_pad, said);
    // The focus did not move and nothing was selected: the player's pad does not play.
    assert_eq!(v.app.focus, Square::E2);
    v.tap(B::South);
    assert_eq!(v.app.mode, Mode::Explore);
}

/// The input line open (typed on a keyboard): the pad's South sends it as Enter does (a typed yes, never a y
/// typed into the line), East cancels it and nothing is sent.
#[test]
fn the_pads_yes_sends_the_input_line_and_no_cancels_it() {
    let mut v = View::new(Game::new(), false);
    v.app.mode = Mode::Input("e4".into());
    v.tap(B::South);
    assert_eq!(v.app.mode, Mode::Explore);
    assert_eq!(
        v.session.view().game().plies().len(),
        1,
        "{:?}",
        v.app.status
    );
    // The move, then the opening it reaches.
    assert_eq!(
        v.app.status[v.app.status.len() - 2..],
        ["Bauer Eva vier", "Opening: B00 King's Pawn"]
    );
    v.app.mode = Mode::Input("e5".into());
    v.tap(B::East);
    assert_eq!(v.app.mode, Mode::Explore);
    assert_eq!(v.session.view().game().plies().len(), 1);
}
