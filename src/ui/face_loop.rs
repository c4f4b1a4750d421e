//! The one face loop, shared by line mode and the full-screen view. It sleeps until something wakes it: the
//! face's own input (a line, a key), the other side's event, a pad's event, or something due (the session's
//! clock, the face's own display, a pending speech connection); nothing polls. It carries out what the session
//! answers, then what the edge read for the session (its replies), then the notices of what is missing. What
//! differs between the faces (how input is read and answered, what is drawn, where a reply is shown) is the
//! [`Face`] each of them implements.

use std::io;
use std::sync::mpsc;
use std::time::Duration;

use crate::session::{Announcement, Command, Session, View};
use crate::ui::edge::{Edge, FaceTime};
use crate::ui::gamepad::PadEvent;
use crate::ui::gamepad::glue::{GamepadOptions, PadFace};
pub use crate::ui::replies::carry;

/// How long the last words may take to be heard before the program ends.
pub const FINISH: Duration = Duration::from_secs(5);
/// How often a pending speech connection is looked at.
pub const SPEECH_POLL: Duration = Duration::from_millis(250);

/// What wakes a face.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg<I> {
    /// The face's own input (a line typed, a key pressed).
    Input(I),
    /// A command for the session from elsewhere (the other side's move, a signal to leave).
    Command(Command),
    /// A gamepad's event (src/ui/gamepad).
    Pad(PadEvent),
    /// The input is gone (end of stdin, the terminal closed): save and leave.
    Ended,
}

/// What a face does in the loop: read its input, draw, and show what is said.
pub trait Face {
    /// The face's own input.
    type Input;

    /// Shows one announcement (line mode prints it; the view puts it in its status line).
    fn show(&mut self, a: &Announcement);

    /// Draws what changed, before the loop sleeps (line mode has nothing to draw).
    fn draw(&mut self, _session: &Session, _edge: &mut Edge, _now: Duration) -> io::Result<()> {
        Ok(())
    }

    /// When the face must wake on its own (the view's clock display).
    fn wake(&self, _view: &View<'_>, _now: Duration) -> Option<Duration> {
        None
    }

    /// Whether this input is the player's (a line, a key): its time is the input's (see `FaceTime::input`).
    fn by_player(input: &Self::Input) -> bool;

    /// A message woke the face (the view starts a new batch of its status line).
    fn begin(&mut self) {}

    /// One input of the face, carried out. True when the program should end.
    fn input(
        &mut self,
        input: Self::Input,
        session: &mut Session,
        edge: &mut Edge,
        now: Duration,
    ) -> io::Result<bool>;

    /// One pad event, carried out. True when the program should end.
    fn pad(
        &mut self,
        pad: &mut PadFace,
        event: &PadEvent,
        session: &mut Session,
        edge: &mut Edge,
        now: Duration,
    ) -> bool;

    /// A command from elsewhere was carried out (the view redraws).
    fn changed(&mut self) {}

    /// The session's clock was looked at; `said`: it said something.
    fn ticked(&mut self, _view: &View<'_>, _said: bool, _now: Duration) {}
}

/// Notices of what is missing: shown, logged and (when speech is on) spoken. True when there were any.
pub fn notices<F: Face>(face: &mut F, edge: &mut Edge, extra: Vec<String>) -> bool {
    let all: Vec<String> = extra.into_iter().chain(edge.take_notices()).collect();
    for n in &all {
        face.show(&Announcement {
            kind: crate::session::Kind::Event,
            text: n.clone(),
        });
        edge.notice(n);
    }
    !all.is_empty()
}

/// The other side's events (its move, its answers, the analyst's evaluation) come through the face's channel,
/// as commands (`Command::Other`).
pub fn wire_other_side<I: Send + 'static>(edge: &mut Edge, tx: mpsc::Sender<Msg<I>>) {
    // Online play's events (ui/online_link.rs), when it was started, come the same way.
    let online = tx.clone();
    crate::ui::online_link::forward(move |c| online.send(Msg::Command(c)).is_ok());
    edge.set_other_events(Box::new(move |c| {
        let _ = tx.send(Msg::Command(c));
    }));
}

/// The pad's thread, started when a pad is wanted; it reports through the face's channel and nothing waits
/// for it. Problems known at once join the notices; the tactile clock's cues rumble.
pub fn start_pad<I: Send + 'static>(
    options: Option<GamepadOptions>,
    tx: mpsc::Sender<Msg<I>>,
    edge: &mut Edge,
    notices: &mut Vec<String>,
) -> Option<PadFace> {
    let options = options.filter(GamepadOptions::wanted)?;
    let (face, problems) = PadFace::start(options, Box::new(move |e| tx.send(Msg::Pad(e)).is_ok()));
    notices.extend(problems);
    if let Some(listener) = face.cue_listener() {
        edge.set_cue_listener(listener);
    }
    Some(face)
}

/// The start: the session's first words, and the notices. The start's notices come before its question (the
/// resume offer), so that the question is the last thing said. True when the program should end.
pub fn start<F: Face>(
    face: &mut F,
    session: &mut Session,
    edge: &mut Edge,
    time: &mut FaceTime,
    mut extra: Vec<String>,
) -> bool {
    let first = session.start(time.now(edge));
    if session.view().awaiting_answer() {
        notices(face, edge, std::mem::take(&mut extra));
    }
    let quit = carry(edge, session, first, time.now(edge), &mut |a| face.show(a));
    if !quit {
        notices(face, edge, extra);
    }
    quit
}

/// When the face must wake next, if nothing arrives: the session's clock, the face's own display, a pending
/// speech connection (looked at every [`SPEECH_POLL`] while it connects).
fn next_wake<F: Face>(face: &F, session: &Session, edge: &Edge, now: Duration) -> Option<Duration> {
    let view = session.view();
    let wakes = [
        view.next_wake(now),
        face.wake(&view, now),
        edge.speech_pending().then(|| now + SPEECH_POLL),
    ];
    wakes.into_iter().flatten().min()
}

/// Runs the session in a face until it ends; the face's input, the other side's and the pad's events all
/// come through `rx`. The caller lets the last words be heard (`Edge::finish` with [`FINISH`]) once its
/// terminal is restored.
pub fn run<F: Face>(
    face: &mut F,
    session: &mut Session,
    edge: &mut Edge,
    time: &mut FaceTime,
    rx: mpsc::Receiver<Msg<F::Input>>,
    mut pad: Option<PadFace>,
) -> io::Result<()> {
    loop {
        face.draw(session, edge, time.now(edge))?;
        // Sleep until a message or until something falls due (None: a tick).
        let msg = match next_wake(face, session, edge, time.now(edge)) {
            Some(due) => match rx.recv_timeout(due.saturating_sub(time.now(edge))) {
                Ok(m) => Some(m),
                Err(mpsc::RecvTimeoutError::Timeout) => None,
                Err(mpsc::RecvTimeoutError::Disconnected) => Some(Msg::Ended),
            },
            None => Some(rx.recv().unwrap_or(Msg::Ended)),
        };
        face.begin();
        let now = match &msg {
            Some(Msg::Input(i)) if F::by_player(i) => time.input(edge),
            Some(Msg::Pad(_)) => time.input(edge),
            _ => time.now(edge),
        };
        let plies_before = session.view().game().plies().len();
        let quit = match msg {
            Some(Msg::Input(i)) => face.input(i, session, edge, now)?,
            Some(Msg::Pad(e)) => match &mut pad {
                Some(p) => face.pad(p, &e, session, edge, now),
                None => false,
            },
            Some(Msg::Command(c)) => {
                let effects = session.update(c, now);
                let quit = carry(edge, session, effects, now, &mut |a| face.show(a));
                face.changed();
                quit
            }
            Some(Msg::Ended) => {
                let effects = session.update(Command::EndOfInput, now);
                carry(edge, session, effects, now, &mut |a| face.show(a));
                true
            }
            None => {
                let effects = session.update(Command::Tick, now);
                face.ticked(&session.view(), !effects.is_empty(), now);
                carry(edge, session, effects, now, &mut |a| face.show(a))
            }
        };
        if let Some(p) = &pad {
            p.after(plies_before, &session.view());
        }
        notices(face, edge, Vec::new());
        if quit {
            return Ok(());
        }
    }
}
