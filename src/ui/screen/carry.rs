//! Carrying out a key or a pad's button: the view's answers, cues and the session's effects.

use std::time::Duration;

use crossterm::event::KeyEvent;

use super::app::{self, App};
use crate::session::{Announcement, Command, Effect, Session};
use crate::ui::edge::Edge;
use crate::words::action::Act;

/// Carries out effects: spoken and shown in the status line. True when the program should end.
pub(super) fn carry(edge: &mut Edge, app: &mut App, effects: Vec<Effect>) -> bool {
    edge.run(effects, &mut |a: &Announcement| app.show(&a.text))
}

/// What the edge read for the session (a file) goes to it before the next key.
pub(super) fn replies(
    edge: &mut Edge,
    app: &mut App,
    session: &mut Session,
    now: Duration,
) -> bool {
    let mut quit = false;
    for c in edge.take_replies() {
        quit |= carry(edge, app, session.update(c, now));
    }
    quit
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
            // The view's own question and its answer: in the action log like every entry (issue 26.7).
            app::Out::Log { entered, said } => {
                quit |= carry(edge, app, session.log_view(&entered, said, now));
            }
        }
    }
    quit
}

/// An action for the session; what it answers is carried out. True when the program should end.
fn send(act: Act, app: &mut App, session: &mut Session, edge: &mut Edge, now: Duration) -> bool {
    let mut quit = false;
    quit |= carry(edge, app, session.update(Command::Act(act), now));
    quit |= replies(edge, app, session, now);
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
