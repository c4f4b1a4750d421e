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

use crate::session::{Announcement, Kind, Session, View};
use crate::ui::edge::{Edge, FaceTime};
use crate::ui::face_loop::{self, FINISH, Face};
use crate::ui::gamepad::PadEvent;
use crate::ui::gamepad::glue::{self as pad, GamepadOptions, PadFace};
pub use app::App;
pub use carry::{carry_outs, press};
pub use keymap::Keymap;
pub use theme::Theme;

/// How long the cursor stays on the silent mark before a key's answer is drawn (plain mode): long enough for a
/// screen reader to see the cursor's move apart from the answer's text, even with both cores busy.
const MARK_DWELL: Duration = Duration::from_millis(40);

/// The view's own input (what else wakes it, see [`face_loop::Msg`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A key pressed.
    Key(KeyEvent),
    /// The terminal changed size.
    Resize,
}

/// What wakes the view.
pub type Msg = face_loop::Msg<Input>;

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

    /// A sender for another source of messages (the other side, signals).
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

/// The full-screen view as a face of the one loop: keys in, a frame drawn after each change.
struct ScreenFace {
    app: App,
    terminal: Terminal<CrosstermBackend<frame::FrameWriter>>,
    screen_out: frame::FrameOut<io::Stdout>,
    /// Something changed since the last frame.
    dirty: bool,
    /// The clock texts of the last frame.
    drawn_clocks: Option<[String; 2]>,
    /// A terminal too small is said once per size.
    too_small_said: Option<(u16, u16)>,
    /// When the cursor went to the silent mark for the key being answered.
    marked: Option<Instant>,
}

impl Face for ScreenFace {
    type Input = Input;

    fn show(&mut self, a: &Announcement) {
        self.app.show(&a.text);
        self.dirty = true;
    }

    fn draw(&mut self, session: &Session, edge: &mut Edge, now: Duration) -> io::Result<()> {
        if !self.dirty {
            return Ok(());
        }
        if let Some(at) = self.marked.take() {
            std::thread::sleep(MARK_DWELL.saturating_sub(at.elapsed()));
        }
        let app = &self.app;
        self.terminal
            .draw(|f| draw::draw(f, app, &session.view(), now))?;
        self.screen_out.commit()?;
        self.drawn_clocks = shown_clocks(&session.view(), &self.app, now);
        self.dirty = false;
        // A terminal too small is said once per size.
        let size = self.terminal.size()?;
        let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
        if draw::geometry(draw::split_mark(area, &self.app.theme).0).is_none()
            && self.too_small_said != Some((size.width, size.height))
        {
            self.too_small_said = Some((size.width, size.height));
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
        Ok(())
    }

    /// The clock display's next change.
    fn wake(&self, view: &View<'_>, now: Duration) -> Option<Duration> {
        display_wake(view, &self.app, now)
    }

    fn by_player(input: &Input) -> bool {
        matches!(input, Input::Key(_))
    }

    fn begin(&mut self) {
        self.app.begin_batch();
    }

    fn input(
        &mut self,
        input: Input,
        session: &mut Session,
        edge: &mut Edge,
        now: Duration,
    ) -> io::Result<bool> {
        self.dirty = true;
        let Input::Key(k) = input else {
            return Ok(false);
        };
        // A key stops the screen reader (plain mode): the cursor on the silent mark, alone, then the answer.
        // Not while a line is typed: the screen reader echoes each letter typed.
        if !self.app.typing(&k) {
            let size = self.terminal.size()?;
            let full = ratatui::layout::Rect::new(0, 0, size.width, size.height);
            if let (_, Some(m)) = draw::split_mark(full, &self.app.theme) {
                self.screen_out.cursor_only(m.x, m.y)?;
                self.marked = Some(Instant::now());
            }
        }
        Ok(press(k, &mut self.app, session, edge, now))
    }

    fn pad(
        &mut self,
        pad: &mut PadFace,
        event: &PadEvent,
        session: &mut Session,
        edge: &mut Edge,
        now: Duration,
    ) -> bool {
        self.dirty = true;
        pad::screen_event(pad, event, &mut self.app, session, edge, now)
    }

    fn changed(&mut self) {
        self.dirty = true;
    }

    fn ticked(&mut self, view: &View<'_>, said: bool, now: Duration) {
        self.dirty |= said || self.drawn_clocks != shown_clocks(view, &self.app, now);
    }
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
    let app = App::new(orientation, theme, keymap);
    // The clock starts when the game is ready (see `FaceTime`).
    let mut time = FaceTime::new();
    install_panic_hook();
    enable_raw_mode()?;
    let _guard = Guard;
    execute!(io::stdout(), EnterAlternateScreen, cursor::Show)?;
    // Each frame, cursor move included, reaches the terminal in one write.
    let (writer, mut screen_out) = frame::frame_writer(io::stdout());
    let mut terminal = Terminal::new(CrosstermBackend::new(writer))?;
    terminal.clear()?;
    screen_out.commit()?;
    let mut face = ScreenFace {
        app,
        terminal,
        screen_out,
        dirty: true,
        drawn_clocks: None,
        too_small_said: None,
        marked: None,
    };

    // The other side's move comes through the same channel as the keys.
    face_loop::wire_other_side(&mut edge, channel.sender());
    // The pad's thread starts now and reports through the channel; nothing waits for it.
    let mut extra = extra;
    let pad_face = face_loop::start_pad(gamepad, channel.sender(), &mut edge, &mut extra);
    // A review opened here is stepped through by keys: it says them.
    session.set_review_steps(face.app.review_steps(&session.view()));
    let quit = face_loop::start(&mut face, &mut session, &mut edge, &mut time, extra);

    let Channel { tx, rx } = channel;
    std::thread::spawn(move || {
        loop {
            let msg = match event::read() {
                Ok(Event::Key(k)) if k.kind != KeyEventKind::Release => Msg::Input(Input::Key(k)),
                Ok(Event::Resize(..)) => Msg::Input(Input::Resize),
                Ok(_) => continue,
                Err(_) => Msg::Ended,
            };
            let end = msg == Msg::Ended;
            if tx.send(msg).is_err() || end {
                return;
            }
        }
    });

    if !quit {
        face_loop::run(&mut face, &mut session, &mut edge, &mut time, rx, pad_face)?;
    }
    let ScreenFace {
        terminal,
        mut screen_out,
        ..
    } = face;
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
