//! One frame, one write: the view's output is gathered and written to the terminal at once, cursor included,
//! so a screen reader never reads a half-drawn frame.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

/// What ratatui and crossterm write for a frame is gathered here; nothing reaches the terminal until
/// [`FrameOut::commit`]. `flush` writes nothing: crossterm's `execute!` (the cursor's show and move) flushes in
/// the middle of a frame, and the 8-byte cursor move written apart from the cells was read by fenrir between
/// the two, dropping the answer it had queued.
pub struct FrameWriter {
    pending: Rc<RefCell<Vec<u8>>>,
}

/// The terminal side: writes a gathered frame in one piece.
pub struct FrameOut<W: Write> {
    pending: Rc<RefCell<Vec<u8>>>,
    out: W,
}

/// A writer for ratatui's backend and the terminal it is committed to.
pub fn frame_writer<W: Write>(out: W) -> (FrameWriter, FrameOut<W>) {
    let pending = Rc::new(RefCell::new(Vec::with_capacity(16 * 1024)));
    (
        FrameWriter {
            pending: Rc::clone(&pending),
        },
        FrameOut { pending, out },
    )
}

impl<W: Write> FrameOut<W> {
    /// Writes the gathered frame in one `write_all` and flushes the terminal. Nothing gathered: nothing written.
    pub fn commit(&mut self) -> io::Result<()> {
        let frame = std::mem::take(&mut *self.pending.borrow_mut());
        if frame.is_empty() {
            return Ok(());
        }
        self.out.write_all(&frame).and_then(|()| self.out.flush())
    }

    /// Moves the terminal's cursor and nothing else, at once (the silent mark of plain mode, before a key's
    /// answer: [`super::draw::split_mark`]). Whatever was gathered for a frame goes out first.
    pub fn cursor_only(&mut self, x: u16, y: u16) -> io::Result<()> {
        self.commit()?;
        let mut moved = Vec::with_capacity(12);
        crossterm::queue!(moved, crossterm::cursor::MoveTo(x, y))?;
        self.out.write_all(&moved).and_then(|()| self.out.flush())
    }

    /// The terminal written to.
    pub fn out(&self) -> &W {
        &self.out
    }
}

impl Write for FrameWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    /// Writes nothing: the frame goes out whole with [`FrameOut::commit`].
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<W: Write> Drop for FrameOut<W> {
    fn drop(&mut self) {
        let _ = self.commit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::session::{Command, Config, Session};
    use crate::ui::screen::{App, Keymap, Theme, draw};
    use ratatui::Terminal;
    use ratatui::backend::CrosstermBackend;
    use shakmaty::{Color, Square};
    use std::time::Duration;

    /// A terminal that records every write and flush it is given.
    #[derive(Default)]
    struct Recorder {
        writes: Vec<Vec<u8>>,
        flushes: usize,
    }

    impl Write for Recorder {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.writes.push(buf.to_vec());
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            self.flushes += 1;
            Ok(())
        }
    }

    /// A terminal whose writes are seen from outside.
    struct Shared(Rc<RefCell<Vec<Vec<u8>>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().push(buf.to_vec());
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn contains(hay: &[u8], needle: &[u8]) -> bool {
        hay.windows(needle.len()).any(|w| w == needle)
    }

    /// The silent mark: the cursor's move to it goes out alone, in one write and flush of its own, after
    /// whatever the frame before it had gathered.
    #[test]
    fn the_cursor_goes_to_the_mark_in_a_write_of_its_own() {
        let (mut writer, mut out) = frame_writer(Recorder::default());
        writer.write_all(b"cells").unwrap();
        assert!(out.out().writes.is_empty());
        out.cursor_only(0, 23).unwrap();
        let rec = out.out();
        assert_eq!(rec.writes, vec![b"cells".to_vec(), b"\x1b[24;1H".to_vec()]);
        assert_eq!(rec.flushes, 2);
        // Nothing is left to go out with the next frame.
        out.commit().unwrap();
        assert_eq!(out.out().writes.len(), 2);
    }

    /// Each frame, the cells and the cursor move on the focused square, reaches the terminal in
    /// one write; the cursor move is its last part.
    #[test]
    fn a_frame_and_its_cursor_move_are_one_write() {
        let mut session = Session::new(Game::new(), Config::default());
        session.start(Duration::ZERO);
        let mut app = App::new(Color::White, Theme::default(), Keymap::builtin());
        let (writer, mut out) = frame_writer(Recorder::default());
        let backend = CrosstermBackend::new(writer);
        let mut terminal = Terminal::with_options(
            backend,
            ratatui::TerminalOptions {
                viewport: ratatui::Viewport::Fixed(ratatui::layout::Rect::new(0, 0, 80, 24)),
            },
        )
        .unwrap();
        let g = draw::geometry(ratatui::layout::Rect::new(0, 0, 80, 24)).unwrap();
        for (i, focus) in [Square::E2, Square::E3, Square::D5].into_iter().enumerate() {
            app.focus = focus;
            if i == 2 {
                session.update(Command::Act(session.read("e4")), Duration::ZERO);
                app.show("Bauer Eva vier");
            }
            terminal
                .draw(|f| draw::draw(f, &app, &session.view(), Duration::ZERO))
                .unwrap();
            // Nothing reached the terminal while the frame was drawn (crossterm flushed twice in it).
            assert_eq!(out.out().writes.len(), i, "frame {i}");
            out.commit().unwrap();
            let rec = out.out();
            assert_eq!(rec.writes.len(), i + 1, "frame {i}: one write");
            assert_eq!(rec.flushes, i + 1, "frame {i}: one flush");
            let c = draw::cursor_of(&g, focus, Color::White);
            let goto = format!("\x1b[{};{}H", c.y + 1, c.x + 1);
            let frame = &rec.writes[i];
            assert!(
                frame.ends_with(goto.as_bytes()),
                "frame {i} ends with the cursor move {goto:?}"
            );
            // The cells are in the same write: the focus brackets around the square's mark.
            assert!(contains(frame, b"["), "frame {i} has the cells");
        }
        let frame = String::from_utf8_lossy(out.out().writes.last().unwrap()).to_string();
        // The answer and the move list (only what changed is written) are in the frame's one write.
        assert!(frame.contains("vier") && frame.contains("e4"), "{frame:?}");
        // Without the frame writer (as before), crossterm writes the cursor move apart from the cells.
        let seen = Rc::new(RefCell::new(Vec::new()));
        let mut direct = Terminal::with_options(
            CrosstermBackend::new(Shared(Rc::clone(&seen))),
            ratatui::TerminalOptions {
                viewport: ratatui::Viewport::Fixed(ratatui::layout::Rect::new(0, 0, 80, 24)),
            },
        )
        .unwrap();
        direct
            .draw(|f| draw::draw(f, &app, &session.view(), Duration::ZERO))
            .unwrap();
        let writes = seen.borrow();
        assert!(writes.len() > 1, "{}", writes.len());
        assert!(!writes[0].ends_with(b"H"), "the cells alone come first");
        // Committing again writes nothing.
        out.commit().unwrap();
        assert_eq!(out.out().writes.len(), 3);
    }
}
