//! Line mode: one command per line on stdin, one announcement per line on stdout (screen readers, braille,
//! scripts). Diagnostics never go to stdout.

use std::io::{self, IsTerminal, Write};
use std::sync::mpsc;
use std::time::Duration;

use crate::session::{Command, Effect, Session};
use crate::ui::edge::{Edge, FaceTime};
use crate::ui::gamepad::PadEvent;
use crate::ui::gamepad::glue::{self as pad, GamepadOptions, LineOut, PadFace};
use crate::words::action::{Act, Action};

/// How long the last words may take to be heard before the program ends.
const FINISH: Duration = Duration::from_secs(5);
/// The longest line read from the player (bytes); the rest of a longer line is dropped (issue 10).
pub const MAX_INPUT_LINE: usize = 4096;
/// How often a pending speech connection is looked at.
const SPEECH_POLL: Duration = Duration::from_millis(250);
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

/// What wakes line mode: a command, or a gamepad's event.
enum Input {
    /// A line typed: read by the session into its action when it is carried out.
    Line(String),
    /// A line longer than [`MAX_INPUT_LINE`]: nothing of it is read, and the player is told so.
    TooLong,
    Command(Command),
    Pad(PadEvent),
}

/// Prints one line; a closed stdout (reader gone) must not crash the game, the save still happens. The last
/// line of defence of the line-mode promise: no control byte, escape or bidirectional override is printed,
/// and one announcement stays one line (issue 10.6).
///
/// On a terminal a long announcement is broken into lines at spaces, each narrower than the terminal, so the
/// terminal never splits a word (a screen reader reads the screen line by line: "Gust", "av"; issue 19.6). Piped
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
/// Why (issue 19.6): the line editor moves the cursor to a new line for Enter a moment before hector's answer is
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

struct Output {
    edge: Edge,
    stdout: io::Stdout,
}

impl Output {
    fn run(&mut self, effects: Vec<Effect>) -> bool {
        let stdout = &self.stdout;
        self.edge.run(effects, &mut |a| print(stdout, &a.text))
    }

    /// Runs the session's effects, then gives it what the edge read for it (a file), before the next line.
    fn step(&mut self, session: &mut Session, effects: Vec<Effect>, now: Duration) -> bool {
        let mut quit = self.run(effects);
        let mut rounds = 0;
        while !quit && rounds < 8 {
            let replies = self.edge.take_replies();
            if replies.is_empty() {
                break;
            }
            for c in replies {
                quit |= self.run(session.update(c, now));
            }
            rounds += 1;
        }
        quit
    }

    /// Notices of what is missing: printed, logged and (when speech is on) spoken.
    fn notices(&mut self, extra: Vec<String>) {
        for n in extra.into_iter().chain(self.edge.take_notices()) {
            print(&self.stdout, &n);
            self.edge.notice(&n);
        }
    }
}

/// Reads lines with a line editor (rustyline) while stdin is a terminal: Left/Right/Home/End edit, Up/Down recall
/// earlier lines, Ctrl-C and Ctrl-D leave (the game is saved). Returns false when no editor could be set up (the
/// caller reads plain lines then).
fn edit_lines(tx: &mpsc::Sender<Input>) -> bool {
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
                if tx.send(Input::Line(line)).is_err() {
                    return true;
                }
            }
            Err(ReadlineError::Interrupted) => {
                let _ = tx.send(Input::Command(Command::Act(Act::new(Action::Quit))));
                return true;
            }
            Err(_) => break,
        }
    }
    let _ = tx.send(Input::Command(Command::EndOfInput));
    true
}

/// Runs the session over stdin and stdout until `quit` or end of input.
pub fn run(mut session: Session, options: LineOptions) -> io::Result<()> {
    let mut out = Output {
        edge: options.edge,
        stdout: io::stdout(),
    };
    let (tx, rx) = mpsc::channel::<Input>();
    // The engine's move comes through the same channel as the player's lines: printed the moment it arrives.
    let engine_tx = tx.clone();
    out.edge.set_engine_events(Box::new(move |c| {
        let _ = engine_tx.send(Input::Command(c));
    }));
    let mut notices = options.notices;
    let mut pad_face = match options.gamepad.filter(GamepadOptions::wanted) {
        Some(o) => {
            let pad_tx = tx.clone();
            let (face, problems) =
                PadFace::start(o, Box::new(move |e| pad_tx.send(Input::Pad(e)).is_ok()));
            notices.extend(problems);
            if let Some(listener) = face.cue_listener() {
                out.edge.set_cue_listener(listener);
            }
            Some(face)
        }
        None => None,
    };
    let echo = std::env::var_os(ECHO_ENV).is_some();
    start_at_last_row(&out.stdout);
    // Issue 27.7: the clock starts when the game is ready (see `FaceTime`).
    let mut time = FaceTime::new();
    let first = session.start(time.now(&out.edge));
    // The start's notices before its question (the resume offer), so the question is the last thing said
    // (issue 27.6).
    if session.view().awaiting_answer() {
        out.notices(std::mem::take(&mut notices));
    }
    if out.run(first) {
        out.edge.finish(FINISH);
        return Ok(());
    }
    out.notices(notices);
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
                    if tx.send(input).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = tx.send(Input::Command(Command::EndOfInput));
    });
    // Sleep until input arrives or something falls due (a flag, a time announcement): no polling.
    loop {
        // While speech is still connecting, look every so often whether it came on or was given up.
        let at = time.now(&out.edge);
        let speech_check = out.edge.speech_pending().then(|| at + SPEECH_POLL);
        let wake = match (session.view().next_wake(at), speech_check) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let input = match wake {
            Some(due) => {
                let wait = due.saturating_sub(time.now(&out.edge));
                match rx.recv_timeout(wait) {
                    Ok(input) => input,
                    Err(mpsc::RecvTimeoutError::Timeout) => Input::Command(Command::Tick),
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        Input::Command(Command::EndOfInput)
                    }
                }
            }
            None => rx.recv().unwrap_or(Input::Command(Command::EndOfInput)),
        };
        let plies_before = session.view().game().plies().len();
        let now = match &input {
            Input::Line(_) | Input::Pad(_) => time.input(&out.edge),
            Input::Command(_) | Input::TooLong => time.now(&out.edge),
        };
        let quit = match input {
            Input::Line(line) => {
                if echo {
                    print(&out.stdout, &format!("{ECHO_MARK}{line}"));
                }
                // Line mode's text is the contract: read into its action, then handled like a key.
                let act = session.read(&line);
                let effects = session.update(Command::Act(act), now);
                out.step(&mut session, effects, now)
            }
            Input::TooLong => {
                let max = MAX_INPUT_LINE.to_string();
                let p = &session.view().config().phrases;
                let text = p.say("input.too_long", &[("max", &max)]);
                out.notices(vec![text]);
                false
            }
            Input::Command(cmd) => {
                let effects = session.update(cmd, now);
                out.step(&mut session, effects, now)
            }
            Input::Pad(e) => {
                let mut quit = false;
                if let Some(face) = &mut pad_face {
                    let outs = pad::line_event(face, &e, &session.view());
                    for o in outs {
                        match o {
                            LineOut::Text(t) => {
                                let act = session.read(&t);
                                let effects = session.update(Command::Act(act), now);
                                quit |= out.step(&mut session, effects, now);
                            }
                            LineOut::Say(a) => {
                                print(&out.stdout, &a.text);
                                out.edge.say(&a);
                            }
                        }
                    }
                }
                quit
            }
        };
        if let Some(face) = &pad_face {
            face.after(plies_before, &session.view());
        }
        out.notices(Vec::new());
        if quit {
            break;
        }
    }
    out.edge.finish(FINISH);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::wrap_words;

    /// Issue 19.6: a long answer is broken at spaces; no line is wider than asked; the words are all there.
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
