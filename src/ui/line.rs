//! Line mode: one command per line on stdin, one announcement per line on stdout (screen readers, braille,
//! scripts). Diagnostics never go to stdout.

use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::session::{Command, Effect, Session};
use crate::ui::edge::Edge;

/// How long the last words may take to be heard before the program ends.
const FINISH: Duration = Duration::from_secs(5);
/// How often a pending speech connection is looked at.
const SPEECH_POLL: Duration = Duration::from_millis(250);

/// Options of line mode.
pub struct LineOptions {
    /// Speech, sounds, the speech log and files.
    pub edge: Edge,
    /// Said once at the start, after the greeting (e.g. what is missing).
    pub notices: Vec<String>,
}

/// Prints one line; a closed stdout (reader gone) must not crash the game, the save still happens.
fn print(stdout: &io::Stdout, text: &str) {
    let mut out = stdout.lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
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

    /// Notices of what is missing: printed, logged and (when speech is on) spoken.
    fn notices(&mut self, extra: Vec<String>) {
        for n in extra.into_iter().chain(self.edge.take_notices()) {
            print(&self.stdout, &n);
            self.edge.notice(&n);
        }
    }
}

/// Runs the session over stdin and stdout until `quit` or end of input.
pub fn run(mut session: Session, options: LineOptions) -> io::Result<()> {
    let mut out = Output {
        edge: options.edge,
        stdout: io::stdout(),
    };
    let (tx, rx) = mpsc::channel::<Command>();
    // The engine's move comes through the same channel as the player's lines: printed the moment it arrives.
    let engine_tx = tx.clone();
    out.edge.set_engine_events(Box::new(move |c| {
        let _ = engine_tx.send(c);
    }));
    let start = Instant::now();
    if out.run(session.start(start.elapsed())) {
        out.edge.finish(FINISH);
        return Ok(());
    }
    out.notices(options.notices);
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut lines = stdin.lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match lines.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    // Invalid UTF-8 is read lossily: a bad byte must not end the game.
                    let line = String::from_utf8_lossy(&buf)
                        .trim_end_matches(['\n', '\r'])
                        .to_string();
                    if tx.send(Command::Text(line)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = tx.send(Command::EndOfInput);
    });
    // Sleep until input arrives or something falls due (a flag, a time announcement): no polling.
    loop {
        // While speech is still connecting, look every so often whether it came on or was given up.
        let speech_check = out
            .edge
            .speech_pending()
            .then(|| start.elapsed() + SPEECH_POLL);
        let wake = match (session.next_wake(start.elapsed()), speech_check) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let cmd = match wake {
            Some(due) => {
                let wait = due.saturating_sub(start.elapsed());
                match rx.recv_timeout(wait) {
                    Ok(cmd) => cmd,
                    Err(mpsc::RecvTimeoutError::Timeout) => Command::Tick,
                    Err(mpsc::RecvTimeoutError::Disconnected) => Command::EndOfInput,
                }
            }
            None => rx.recv().unwrap_or(Command::EndOfInput),
        };
        let quit = out.run(session.update(cmd, start.elapsed()));
        out.notices(Vec::new());
        if quit {
            break;
        }
    }
    out.edge.finish(FINISH);
    Ok(())
}
