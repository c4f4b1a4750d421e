//! Line mode: one command per line on stdin, one announcement per line on stdout (screen readers, braille,
//! scripts). Diagnostics never go to stdout.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Instant;

use crate::session::{Command, Effect, Session};
use crate::store::{self, SpeechLog};

/// Options of the line-mode edge.
#[derive(Default)]
pub struct LineOptions {
    pub speech_log: Option<PathBuf>,
    /// Said once at the start, after the greeting (e.g. what is missing).
    pub notices: Vec<String>,
}

struct Output {
    log: Option<SpeechLog>,
    stdout: io::Stdout,
}

impl Output {
    fn say(&mut self, text: &str) {
        let mut out = self.stdout.lock();
        // A closed stdout (reader gone) must not crash the game; the save still happens.
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
        if let Some(log) = &mut self.log {
            if let Err(e) = log.record(text) {
                eprintln!("hector: speech log: {e}");
                self.log = None;
            }
        }
    }

    /// Carries out effects; returns true when the program should end.
    fn run(&mut self, effects: Vec<Effect>) -> bool {
        let mut quit = false;
        for effect in effects {
            match effect {
                Effect::Say(a) => self.say(&a.text),
                Effect::Save { path, pgn, done, failed } => match store::write_atomic(&path, &pgn) {
                    Ok(()) => {
                        if let Some(done) = done {
                            self.say(&done);
                        }
                    }
                    Err(e) => self.say(&failed.replace("{reason}", &e.to_string())),
                },
                Effect::Remove { path } => {
                    let _ = std::fs::remove_file(&path);
                }
                Effect::Cue(_) => {}
                Effect::Quit => quit = true,
            }
        }
        quit
    }
}

/// Runs the session over stdin and stdout until `quit` or end of input.
pub fn run(mut session: Session, options: LineOptions) -> io::Result<()> {
    let log = match &options.speech_log {
        Some(p) => match SpeechLog::open(p) {
            Ok(l) => Some(l),
            Err(e) => {
                eprintln!("hector: cannot open the speech log {}: {e}", p.display());
                None
            }
        },
        None => None,
    };
    let mut out = Output { log, stdout: io::stdout() };
    let start = Instant::now();
    if out.run(session.start(start.elapsed())) {
        return Ok(());
    }
    for notice in &options.notices {
        out.say(notice);
    }
    let (tx, rx) = mpsc::channel::<Command>();
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
                    let line = String::from_utf8_lossy(&buf).trim_end_matches(['\n', '\r']).to_string();
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
        let cmd = match session.next_wake(start.elapsed()) {
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
        if out.run(session.update(cmd, start.elapsed())) {
            break;
        }
    }
    Ok(())
}
