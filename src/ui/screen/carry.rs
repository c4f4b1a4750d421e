//! Carrying out a key or a pad's button: the view's answers, cues and the session's effects.

use std::time::Duration;

use crossterm::event::KeyEvent;

use super::app::{self, App};
use crate::session::{Announcement, Command, Effect, Session};
use crate::ui::edge::Edge;
use crate::ui::replies;
use crate::words::action::Act;

/// Carries out effects, spoken and shown in the status line, then the edge's replies (see
/// [`replies::carry`]). True when the program should end.
fn carry(
    edge: &mut Edge,
    app: &mut App,
    session: &mut Session,
    effects: Vec<Effect>,
    now: Duration,
) -> bool {
    replies::carry(edge, session, effects, now, &mut |a: &Announcement| {
        app.show(&a.text)
    })
}

/// Does one key: the view's answers, cues and the session's effects. True when the program should end.
pub fn press(
    key: KeyEvent,
    app: &mut App,
    session: &mut Session,
    edge: &mut Edge,
    now: Duration,
) -> bool {
    let outs = app.key(key, &session.view());
    carry_outs(outs, app, session, edge, now)
}

/// Carries out what the view answered to a key (or a pad's button). True when the program should end.
pub fn carry_outs(
    outs: Vec<app::Out>,
    app: &mut App,
    session: &mut Session,
    edge: &mut Edge,
    now: Duration,
) -> bool {
    let mut quit = false;
    for out in outs {
        match out {
            app::Out::Say(a) => {
                // In assistant mode the view's own texts are the assistant's (not spoken by default).
                let a = match session.view().tournament() {
                    Some(t) => t.view_text(a),
                    None => a,
                };
                app.show(&a.text);
                edge.say(&a);
            }
            app::Out::Cue(c) => edge.cue(c),
            app::Out::Line(text) => {
                // A line typed in the view: read as line mode reads it.
                let act = session.read(&text);
                quit |= send(act, app, session, edge, now);
            }
            app::Out::Act(act) => quit |= send(act, app, session, edge, now),
            // A legal move chosen on the board: played as it is, with the words of the same move typed.
            app::Out::Move(m) => {
                let effects = session.play_move(m, now);
                quit |= answered(effects, app, session, edge, now);
            }
            // The view's own question and its answer: in the action log like every entry.
            app::Out::Log { entered, said } => {
                let effects = session.log_view(&entered, said, now);
                quit |= carry(edge, app, session, effects, now);
            }
        }
    }
    quit
}

/// An action for the session; what it answers is carried out. True when the program should end.
fn send(act: Act, app: &mut App, session: &mut Session, edge: &mut Edge, now: Duration) -> bool {
    let effects = session.update(Command::Act(act), now);
    answered(effects, app, session, edge, now)
}

/// What the session answered to an action or a move, carried out. True when the program should end.
fn answered(
    effects: Vec<Effect>,
    app: &mut App,
    session: &mut Session,
    edge: &mut Edge,
    now: Duration,
) -> bool {
    let quit = carry(edge, app, session, effects, now);
    // The board check asks square by square: the focus goes to the square asked, and the input
    // line stays open for the answer.
    if session.view().board_check_waits() && !quit {
        if let Some(sq) = session.view().board_check_square() {
            app.focus = sq;
        }
        app.mode = app::Mode::Input(String::new());
    }
    quit
}
