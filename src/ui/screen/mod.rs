//! The full-screen view: a board to explore by key, the move list, the clocks and a status line (ratatui).
//! It sleeps until a key, a message or something due on the clock; it draws only after a change, and the
//! terminal cursor always sits on the focused square so a screen reader follows the focus.

pub mod app;
mod big;
pub mod carry;
pub mod draw;
pub mod frame;
pub use crate::words::explore;
pub mod keymap;
pub mod reader;
pub mod theme;

use std::io::{self, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyEvent, KeyEventKind};
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use crossterm::{cursor, execute};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use shakmaty::Color;

use crate::session::{Announcement, Command, Kind, Session, View};
use crate::ui::edge::{Edge, FaceTime};
use crate::ui::gamepad::PadEvent;
use crate::ui::gamepad::glue::{self as pad, GamepadOptions, PadFace};
pub use app::App;
use carry::{carry, replies};
pub use carry::{carry_outs, press};
pub use keymap::Keymap;
pub use theme::Theme;

/// How long the last words may take to be heard before the program ends.
const FINISH: Duration = Duration::from_secs(5);
/// How long the cursor stays on the silent mark before a key's answer is drawn (plain mode): long enough for a
/// screen reader to see the cursor's move apart from the answer's text, even with both cores busy.
const MARK_DWELL: Duration = Duration::from_millis(40);
/// How often a pending speech connection is looked at.
const SPEECH_POLL: Duration = Duration::from_millis(250);

/// What wakes the view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    /// A key pressed.
    Key(KeyEvent),
    /// The terminal changed size.
    Resize,
    /// A command for the session from elsewhere (the engine's move, a signal to leave).
    Command(Command),
    /// The terminal is gone: save and leave.
    InputEnded,
    /// A gamepad's event (src/ui/gamepad).
    Pad(PadEvent),
}

/// The one channel the view sleeps on; hand out senders before `run`.
pub struct Channel {
    tx: mpsc::Sender<Msg>,
    rx: mpsc::Receiver<Msg>,
}

impl Default for Channel {
    fn default() -> Self {
        Channel::new()
    }
}

impl Channel {
    pub fn new() -> Channel {
        let (tx, rx) = mpsc::channel();
        Channel { tx, rx }
    }

    /// A sender for another source of messages (the engine, signals).
    pub fn sender(&self) -> mpsc::Sender<Msg> {
        self.tx.clone()
    }
}

/// Options of the full-screen view.
pub struct ScreenOptions {
    /// Speech, sounds, the speech log and files.
    pub edge: Edge,
    /// Said once at the start, after the greeting (what is missing, keymap problems).
    pub notices: Vec<String>,
    /// The side at the bottom of the board: the player's colour.
    pub orientation: Color,
    pub theme: Theme,
    pub keymap: Keymap,
    pub channel: Channel,
    /// The gamepad, when one is looked for.
    pub gamepad: Option<GamepadOptions>,
}

/// Leaves raw mode and the alternate screen; safe to call more than once.
pub fn restore_terminal() {
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen, cursor::Show);
}

/// Restores the terminal when the view ends, however it ends.
struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// The terminal is restored before a panic message is printed.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // The gamepad thread's panic ends that thread only (it is caught there): the view goes on.
        if std::thread::current().name() == Some(crate::ui::gamepad::device::THREAD_NAME) {
            return;
        }
        restore_terminal();
        previous(info);
    }));
}

/// Notices of what is missing: shown, logged and spoken.
fn notices(edge: &mut Edge, app: &mut App, extra: Vec<String>) -> bool {
    let all: Vec<String> = extra.into_iter().chain(edge.take_notices()).collect();
    for n in &all {
        app.show(n);
        edge.notice(n);
    }
    !all.is_empty()
}

/// When the clock display changes next: the next second with seconds shown, else the next minute.
fn display_wake(view: &View<'_>, app: &App, now: Duration) -> Option<Duration> {
    if view.is_virtual_clock() {
        return None;
    }
    let side = view.clock_running()?;
    let left = view.clock_remaining(now)?[side.fold_wb(0, 1)];
    let step = if app.show_seconds { 1000 } else { 60_000 };
    let rem = (left.as_millis() % step) as u64;
    let rem = if rem == 0 { step as u64 } else { rem };
    Some(now + Duration::from_millis(rem + 1))
}

/// The clock texts as drawn (to know whether a wake-up changed the screen).
fn shown_clocks(view: &View<'_>, app: &App, now: Duration) -> Option<[String; 2]> {
    let p = &view.config().phrases;
    view.clock_remaining(now)
        .map(|t| t.map(|d| draw::clock_text(d, app.show_seconds, p)))
}

/// Runs the session in the full-screen view until quit.
pub fn run(mut session: Session, options: ScreenOptions) -> io::Result<()> {
    let ScreenOptions {
        mut edge,
        notices: extra,
        orientation,
        theme,
        keymap,
        channel,
        gamepad,
    } = options;
    let mut app = App::new(orientation, theme, keymap);
    // Issue 27.7: the clock starts when the game is ready (see `FaceTime`).
    let mut time = FaceTime::new();
    install_panic_hook();
    enable_raw_mode()?;
    let _guard = Guard;
    execute!(io::stdout(), EnterAlternateScreen, cursor::Show)?;
    // Each frame, cursor move included, reaches the terminal in one write (issue 19.1).
    let (writer, mut screen_out) = frame::frame_writer(io::stdout());
    let mut terminal = Terminal::new(CrosstermBackend::new(writer))?;
    terminal.clear()?;
    screen_out.commit()?;

    // The engine's move comes through the same channel as the keys.
    let engine_tx = channel.sender();
    edge.set_engine_events(Box::new(move |c| {
        let _ = engine_tx.send(Msg::Command(c));
    }));
    // The pad's thread starts now and reports through the channel; nothing waits for it.
    let mut extra = extra;
    let mut pad_face: Option<PadFace> = match gamepad.filter(GamepadOptions::wanted) {
        Some(options) => {
            let pad_tx = channel.sender();
            let (face, problems) =
                PadFace::start(options, Box::new(move |e| pad_tx.send(Msg::Pad(e)).is_ok()));
            extra.extend(problems);
            if let Some(listener) = face.cue_listener() {
                edge.set_cue_listener(listener);
            }
            Some(face)
        }
        None => None,
    };
    // A review opened here is stepped through by keys: it says them (issue 27.9).
    session.set_review_steps(app.review_steps(&session.view()));
    let first = session.start(time.now(&edge));
    // The start's notices before its question (the resume offer), so the question is the last thing said
    // (issue 27.6).
    if session.view().awaiting_answer() {
        notices(&mut edge, &mut app, std::mem::take(&mut extra));
    }
    let mut quit = carry(&mut edge, &mut app, first);
    notices(&mut edge, &mut app, extra);

    let Channel { tx, rx } = channel;
    std::thread::spawn(move || {
        loop {
            let msg = match event::read() {
                Ok(Event::Key(k)) if k.kind != KeyEventKind::Release => Msg::Key(k),
                Ok(Event::Resize(..)) => Msg::Resize,
                Ok(_) => continue,
                Err(_) => Msg::InputEnded,
            };
            let end = msg == Msg::InputEnded;
            if tx.send(msg).is_err() || end {
                return;
            }
        }
    });

    let mut dirty = true;
    let mut drawn_clocks = None;
    let mut too_small_said: Option<(u16, u16)> = None;
    // When the cursor went to the silent mark for the key being answered.
    let mut marked: Option<Instant> = None;
    while !quit {
        if dirty {
            if let Some(at) = marked.take() {
                std::thread::sleep(MARK_DWELL.saturating_sub(at.elapsed()));
            }
            let now = time.now(&edge);
            terminal.draw(|f| draw::draw(f, &app, &session.view(), now))?;
            screen_out.commit()?;
            drawn_clocks = shown_clocks(&session.view(), &app, now);
            dirty = false;
            // A terminal too small is said once per size.
            let size = terminal.size()?;
            let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
            if draw::geometry(draw::split_mark(area, &app.theme).0).is_none()
                && too_small_said != Some((size.width, size.height))
            {
                too_small_said = Some((size.width, size.height));
                let p = &session.view().config().phrases;
                let text = p.say(
                    "screen.too_small",
                    &[
                        ("width", &size.width.to_string()),
                        ("height", &size.height.to_string()),
                        ("min_width", &draw::MIN_WIDTH.to_string()),
                        ("min_height", &draw::MIN_HEIGHT.to_string()),
                    ],
                );
                let a = Announcement {
                    kind: Kind::Refusal,
                    text,
                };
                let a = match session.view().tournament() {
                    Some(t) => t.view_text(a),
                    None => a,
                };
                edge.say(&a);
            }
        }
        // Sleep until a message or until something falls due: the session's clock, the clock display, a
        // pending speech connection. Nothing else wakes the view.
        let now = time.now(&edge);
        let wakes = [
            session.view().next_wake(now),
            display_wake(&session.view(), &app, now),
            edge.speech_pending().then(|| now + SPEECH_POLL),
        ];
        let wake = wakes.into_iter().flatten().min();
        let msg = match wake {
            Some(due) => match rx.recv_timeout(due.saturating_sub(time.now(&edge))) {
                Ok(m) => Some(m),
                Err(mpsc::RecvTimeoutError::Timeout) => None,
                Err(mpsc::RecvTimeoutError::Disconnected) => Some(Msg::InputEnded),
            },
            None => Some(rx.recv().unwrap_or(Msg::InputEnded)),
        };
        app.begin_batch();
        let now = match &msg {
            Some(Msg::Key(_) | Msg::Pad(_)) => time.input(&edge),
            _ => time.now(&edge),
        };
        let plies_before = session.view().game().plies().len();
        match msg {
            Some(Msg::Key(k)) => {
                // A key stops the screen reader (plain mode): the cursor on the silent mark, alone, then the
                // answer. Not while a line is typed: the screen reader echoes each letter typed.
                if !app.typing(&k) {
                    let size = terminal.size()?;
                    let full = ratatui::layout::Rect::new(0, 0, size.width, size.height);
                    if let (_, Some(m)) = draw::split_mark(full, &app.theme) {
                        screen_out.cursor_only(m.x, m.y)?;
                        marked = Some(Instant::now());
                    }
                }
                quit = press(k, &mut app, &mut session, &mut edge, now);
                dirty = true;
            }
            Some(Msg::Resize) => dirty = true,
            Some(Msg::Pad(e)) => {
                if let Some(face) = &mut pad_face {
                    quit = pad::screen_event(face, &e, &mut app, &mut session, &mut edge, now);
                }
                dirty = true;
            }
            Some(Msg::Command(c)) => {
                quit = carry(&mut edge, &mut app, session.update(c, now));
                quit |= replies(&mut edge, &mut app, &mut session, now);
                dirty = true;
            }
            Some(Msg::InputEnded) => {
                carry(
                    &mut edge,
                    &mut app,
                    session.update(Command::EndOfInput, now),
                );
                quit = true;
            }
            None => {
                let effects = session.update(Command::Tick, now);
                dirty |=
                    !effects.is_empty() || drawn_clocks != shown_clocks(&session.view(), &app, now);
                quit = carry(&mut edge, &mut app, effects);
            }
        }
        if let Some(face) = &pad_face {
            face.after(plies_before, &session.view());
        }
        dirty |= notices(&mut edge, &mut app, Vec::new());
    }
    let _ = screen_out.commit();
    let _ = io::stdout().flush();
    drop(terminal);
    drop(screen_out);
    restore_terminal();
    edge.finish(FINISH);
    Ok(())
}

#[cfg(test)]
mod tests;
