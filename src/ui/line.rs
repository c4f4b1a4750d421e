//! Line mode: one command per line on stdin, one announcement per line on stdout (screen readers, braille,
//! scripts). Diagnostics never go to stdout.

use std::io::{self, IsTerminal, Write};
use std::sync::mpsc;
use std::time::Duration;

use crate::session::{Announcement, Command, Session};
use crate::ui::edge::{Edge, FaceTime};
use crate::ui::face_loop::{self, FINISH, Face};
use crate::ui::gamepad::PadEvent;
use crate::ui::gamepad::glue::{self as pad, GamepadOptions, LineOut, PadFace};
use crate::words::action::{Act, Action};

/// The longest line read from the player (bytes); the rest of a longer line is dropped (memory stays bounded).
pub const MAX_INPUT_LINE: usize = 4096;
/// Set (to anything) in the environment, each line read is printed before its answers, after this mark, so a
/// script can tell which answer belongs to which line (the arbiter's casebook, tests/casebook.rs).
pub const ECHO_ENV: &str = "HECTOR_ECHO_INPUT";
/// The mark before an echoed line.
pub const ECHO_MARK: &str = "\u{bb} ";

/// Options of line mode.
pub struct LineOptions {
    /// Speech, sounds, the speech log and files.
    pub edge: Edge,
    /// Said once at the start, after the greeting (e.g. what is missing).
    pub notices: Vec<String>,
    /// The gamepad, when asked for: in line mode every pad is the request device.
    pub gamepad: Option<GamepadOptions>,
}

/// Line mode's own input (what else wakes it, see [`face_loop::Msg`]).
enum Input {
    /// A line typed: read by the session into its action when it is carried out.
    Line(String),
    /// A line longer than [`MAX_INPUT_LINE`]: nothing of it is read, and the player is told so.
    TooLong,
}

/// What wakes line mode.
type Msg = face_loop::Msg<Input>;

/// Prints one line; a closed stdout (reader gone) must not crash the game, the save still happens. The last
/// line of defence of the line-mode promise: no control byte, escape or bidirectional override is printed,
/// and one announcement stays one line.
///
/// On a terminal a long announcement is broken into lines at spaces, each narrower than the terminal, so the
/// terminal never splits a word (a screen reader reads the screen line by line: "Gust", "av"). Piped
/// (scripts), one announcement stays one line. Nothing empty is printed: an empty line is read "blank".
fn print(stdout: &io::Stdout, text: &str) {
    let text = crate::words::quote::clean(text);
    if text.trim().is_empty() {
        return;
    }
    let text = match terminal_width(stdout) {
        Some(width) => wrap_words(&text, width),
        None => text,
    };
    let mut out = stdout.lock();
    // One write for the whole announcement, so a screen reader never reads half of it.
    let _ = out.write_all(format!("{text}\n").as_bytes());
    let _ = out.flush();
}

/// The width lines are broken at on a terminal: one less than its columns (a line that fills the last column
/// leaves some terminals waiting to wrap). None when stdout is no terminal or is too narrow to matter.
fn terminal_width(stdout: &io::Stdout) -> Option<usize> {
    if !stdout.is_terminal() {
        return None;
    }
    let (columns, _) = crossterm::terminal::size().ok()?;
    let width = usize::from(columns).saturating_sub(1);
    (width >= 20).then_some(width)
}

/// The mark a row is filled with at the start: three no-break spaces, blank to the eye and to a screen reader.
const FILL: &str = "\u{a0}\u{a0}\u{a0}";

/// On a terminal, before the greeting: fills the screen with rows that look blank (the screen's old text scrolls
/// away) and leaves the cursor on the last row, so every line written from then on scrolls the screen.
///
/// Why: the line editor moves the cursor to a new line for Enter a moment before hector's answer is
/// written. On a row above the last, that is a cursor move onto an empty row with no new text, and fenrir reads
/// the empty row: "blank". At the last row the new line scrolls the screen instead; fenrir then reads the text
/// that scrolled away at the top when it is shorter than three characters (an empty row: "space"), so the rows
/// that will scroll away first are not empty but hold no-break spaces, which fenrir and espeak-ng keep silent.
fn start_at_last_row(stdout: &io::Stdout) {
    if !stdout.is_terminal() {
        return;
    }
    let Ok((_, rows)) = crossterm::terminal::size() else {
        return;
    };
    let fill = format!("\r{FILL}\x1b[K\r\n").repeat(usize::from(rows.saturating_sub(1)));
    let mut out = stdout.lock();
    let _ = out.write_all(format!("{fill}\x1b[K").as_bytes());
    let _ = out.flush();
}

/// Breaks a text into lines of at most `width` characters at spaces; a word longer than a line is cut.
pub fn wrap_words(text: &str, width: usize) -> String {
    let width = width.max(1);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut len = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        if len > 0 && len + 1 + word.len() <= width {
            line.push(' ');
            line.extend(&word);
            len += 1 + word.len();
            continue;
        }
        if len > 0 {
            lines.push(std::mem::take(&mut line));
        }
        while word.len() > width {
            lines.push(word.drain(..width).collect());
        }
        len = word.len();
        line = word.into_iter().collect();
    }
    if len > 0 || lines.is_empty() {
        lines.push(line);
    }
    lines.join("\n")
}

/// Line mode as a face of the one loop: lines in, one printed line per announcement.
struct LineFace {
    stdout: io::Stdout,
    /// Each line read is printed before its answers (see [`ECHO_ENV`]).
    echo: bool,
}

impl Face for LineFace {
    type Input = Input;

    fn show(&mut self, a: &Announcement) {
        print(&self.stdout, &a.text);
    }

    fn by_player(input: &Input) -> bool {
        matches!(input, Input::Line(_))
    }

    fn input(
        &mut self,
        input: Input,
        session: &mut Session,
        edge: &mut Edge,
        now: Duration,
    ) -> io::Result<bool> {
        Ok(match input {
            Input::Line(line) => {
                if self.echo {
                    print(&self.stdout, &format!("{ECHO_MARK}{line}"));
                }
                // Line mode's text is the contract: read into its action, then handled like a key.
                let act = session.read(&line);
                let effects = session.update(Command::Act(act), now);
                face_loop::carry(edge, session, effects, now, &mut |a| self.show(a))
            }
            Input::TooLong => {
                let max = MAX_INPUT_LINE.to_string();
                let p = &session.view().config().phrases;
                let text = p.say("input.too_long", &[("max", &max)]);
                face_loop::notices(self, edge, vec![text]);
                false
            }
        })
    }

    fn pad(
        &mut self,
        pad: &mut PadFace,
        event: &PadEvent,
        session: &mut Session,
        edge: &mut Edge,
        now: Duration,
    ) -> bool {
        let mut quit = false;
        for o in pad::line_event(pad, event, &session.view()) {
            match o {
                LineOut::Act(act) => {
                    let effects = session.update(Command::Act(act), now);
                    quit |= face_loop::carry(edge, session, effects, now, &mut |a| self.show(a));
                }
                LineOut::Say(a) => {
                    self.show(&a);
                    edge.say(&a);
                }
            }
        }
        quit
    }
}

/// Reads lines with a line editor (rustyline) while stdin is a terminal: Left/Right/Home/End edit, Up/Down recall
/// earlier lines, Ctrl-C and Ctrl-D leave (the game is saved). Returns false when no editor could be set up (the
/// caller reads plain lines then).
fn edit_lines(tx: &mpsc::Sender<Msg>) -> bool {
    use rustyline::error::ReadlineError;
    let Ok(mut editor) = rustyline::DefaultEditor::new() else {
        return false;
    };
    loop {
        match editor.readline("") {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                if tx.send(Msg::Input(Input::Line(line))).is_err() {
                    return true;
                }
            }
            Err(ReadlineError::Interrupted) => {
                let _ = tx.send(Msg::Command(Command::Act(Act::new(Action::Quit))));
                return true;
            }
            Err(_) => break,
        }
    }
    let _ = tx.send(Msg::Ended);
    true
}

/// Runs the session over stdin and stdout until `quit` or end of input.
pub fn run(mut session: Session, options: LineOptions) -> io::Result<()> {
    let mut edge = options.edge;
    let mut face = LineFace {
        stdout: io::stdout(),
        echo: std::env::var_os(ECHO_ENV).is_some(),
    };
    let (tx, rx) = mpsc::channel::<Msg>();
    // The other side's move comes through the same channel as the player's lines: printed the moment it
    // arrives.
    face_loop::wire_other_side(&mut edge, tx.clone());
    let mut notices = options.notices;
    let pad_face = face_loop::start_pad(options.gamepad, tx.clone(), &mut edge, &mut notices);
    start_at_last_row(&face.stdout);
    // The clock starts when the game is ready (see `FaceTime`).
    let mut time = FaceTime::new();
    if face_loop::start(&mut face, &mut session, &mut edge, &mut time, notices) {
        edge.finish(FINISH);
        return Ok(());
    }
    std::thread::spawn(move || {
        // On a terminal: a line editor with history (arrow keys edit and recall, never reach a command).
        if io::stdin().is_terminal() && edit_lines(&tx) {
            return;
        }
        let stdin = io::stdin();
        let mut lines = stdin.lock();
        let mut buf = Vec::new();
        loop {
            match crate::bounded::read_line_bounded(&mut lines, &mut buf, MAX_INPUT_LINE + 1) {
                Ok(false) | Err(_) => break,
                Ok(true) => {
                    // Invalid UTF-8 is read lossily: a bad byte must not end the game. A line cut to its first
                    // part could mean another thing (a scoresheet without its end): it is not read at all.
                    let line = String::from_utf8_lossy(&buf).into_owned();
                    let input = if buf.len() > MAX_INPUT_LINE {
                        Input::TooLong
                    } else {
                        Input::Line(line)
                    };
                    if tx.send(Msg::Input(input)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = tx.send(Msg::Ended);
    });
    // Sleep until input arrives or something falls due (a flag, a time announcement): no polling.
    face_loop::run(&mut face, &mut session, &mut edge, &mut time, rx, pad_face)?;
    edge.finish(FINISH);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::wrap_words;

    /// A long answer is broken at spaces; no line is wider than asked; the words are all there.
    #[test]
    fn long_answers_break_between_words() {
        let text = "Black: König Eva acht; Dame David acht; Turm Anna acht, Hector acht; Läufer Cesar acht, Felix \
                    acht; Springer Bella acht, Gustav acht; Bauer Eva fünf, Anna sieben";
        let wrapped = wrap_words(text, 40);
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(lines.len() > 2, "{wrapped}");
        for l in &lines {
            assert!(l.chars().count() <= 40, "{l:?}");
            assert!(!l.starts_with(' ') && !l.ends_with(' '), "{l:?}");
        }
        assert_eq!(lines.join(" "), text);
        assert!(
            lines
                .iter()
                .any(|l| l.ends_with("Gustav acht;") || l.contains("Gustav acht;"))
        );
        // Short texts are untouched; a word longer than a line is cut, nothing lost.
        assert_eq!(wrap_words("Bauer Eva vier", 40), "Bauer Eva vier");
        assert_eq!(wrap_words("abcdefghij kl", 4), "abcd\nefgh\nij\nkl");
    }
}
