//! The session's effects carried out, then what the edge read for the session (its replies), answered: the one
//! replies loop of every face (the face loop's messages, the view's keys and the pad's buttons).

use std::time::Duration;

use crate::session::{Announcement, Effect, Session};
use crate::ui::edge::Edge;

/// At most this many rounds of replies (what the edge read for the session, whose answer can make the edge
/// read again) are carried out after one message, so that a reply that always brings another cannot hang
/// the face.
const REPLY_ROUNDS: usize = 8;

/// Carries out the session's effects, each announcement shown by `show`, then what the edge read for the
/// session (a file), answered, before the next message. True when the program should end.
pub fn carry(
    edge: &mut Edge,
    session: &mut Session,
    effects: Vec<Effect>,
    now: Duration,
    show: &mut dyn FnMut(&Announcement),
) -> bool {
    let mut quit = edge.run(effects, show);
    for _ in 0..REPLY_ROUNDS {
        let replies = edge.take_replies();
        if quit || replies.is_empty() {
            break;
        }
        for c in replies {
            quit |= edge.run(session.update(c, now), show);
        }
    }
    quit
}
