//! What can go wrong with a UCI engine, said in words a player understands.

use std::fmt;
use std::process::ExitStatus;
use std::time::Duration;

/// What the engine was doing when it failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The handshake: `uci`, options, `isready`.
    Starting,
    /// Between `go` and `bestmove`.
    Thinking,
    /// Idle, between moves.
    Waiting,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Starting => "while starting",
            Phase::Thinking => "while thinking about a move",
            Phase::Waiting => "between moves",
        })
    }
}

/// An engine that cannot be started, or that stopped working.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    #[error("no engine command was given")]
    EmptyCommand,
    #[error("the engine command '{command}' cannot be read: {reason}")]
    BadCommand { command: String, reason: String },
    #[error("the engine command '{command}' was not found")]
    NotFound { command: String },
    #[error("the engine command '{command}' could not be started: {reason}")]
    CannotStart { command: String, reason: String },
    /// The program ran but did not finish the UCI handshake (`uci` → `uciok`).
    #[error("'{command}' is not a UCI engine: {reason}")]
    NotUci { command: String, reason: String },
    /// The process ended on its own; `status` says how ("it exited with code 3").
    #[error("the engine {engine} crashed {phase}: {status}")]
    Crashed {
        engine: String,
        phase: Phase,
        status: String,
    },
    /// The game is Chess960 and the engine has no `UCI_Chess960` option.
    #[error("the engine {engine} cannot play Chess960")]
    NoChess960 { engine: String },
    /// `bestmove (none)` in a position with legal moves.
    #[error("the engine {engine} answered without a move")]
    NoMove { engine: String },
    /// No answer within the time allowed; the process has been ended.
    #[error("the engine {engine} did not answer within {} {phase}, so it was stopped", seconds(.waited))]
    Hung {
        engine: String,
        phase: Phase,
        waited: Duration,
    },
}

impl Phase {
    fn key(self) -> &'static str {
        match self {
            Phase::Starting => "engine_phase.starting",
            Phase::Thinking => "engine_phase.thinking",
            Phase::Waiting => "engine_phase.waiting",
        }
    }
}

impl EngineError {
    /// The error in the player's language (config/phrases `engine_error.*`); `Display` is the English of logs.
    pub fn say(&self, p: &crate::words::Phrases) -> String {
        let phase = |ph: &Phase| p.get(ph.key()).to_string();
        match self {
            EngineError::EmptyCommand => p.say("engine_error.empty", &[]),
            EngineError::BadCommand { command, reason } => p.say(
                "engine_error.bad_command",
                &[("command", command), ("reason", reason)],
            ),
            EngineError::NotFound { command } => {
                p.say("engine_error.not_found", &[("command", command)])
            }
            EngineError::CannotStart { command, reason } => p.say(
                "engine_error.cannot_start",
                &[("command", command), ("reason", reason)],
            ),
            EngineError::NotUci { command, reason } => p.say(
                "engine_error.not_uci",
                &[("command", command), ("reason", reason)],
            ),
            EngineError::Crashed {
                engine,
                phase: ph,
                status,
            } => p.say(
                "engine_error.crashed",
                &[
                    ("engine", engine),
                    ("phase", &phase(ph)),
                    ("status", status),
                ],
            ),
            EngineError::NoChess960 { engine } => {
                p.say("engine_error.no_chess960", &[("engine", engine)])
            }
            EngineError::NoMove { engine } => p.say("engine_error.no_move", &[("engine", engine)]),
            EngineError::Hung {
                engine,
                phase: ph,
                waited,
            } => {
                let ms = waited.as_millis();
                let secs = if ms.is_multiple_of(1000) {
                    (ms / 1000).to_string()
                } else {
                    format!("{:.1}", waited.as_secs_f64())
                };
                p.say(
                    "engine_error.hung",
                    &[
                        ("engine", engine),
                        ("phase", &phase(ph)),
                        ("seconds", &secs),
                    ],
                )
            }
        }
    }
}

/// "5 seconds", "1 second", "0.5 seconds".
pub(crate) fn seconds(d: &Duration) -> String {
    let ms = d.as_millis();
    if ms == 1000 {
        "1 second".to_string()
    } else if ms.is_multiple_of(1000) {
        format!("{} seconds", ms / 1000)
    } else {
        let s = format!("{:.1}", d.as_secs_f64());
        format!("{} seconds", s.trim_end_matches(".0"))
    }
}

/// How a process ended, in words: "it exited with code 3", "it was killed by signal 11 (segmentation fault)".
pub(crate) fn describe_exit(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("it exited with code {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            let name = match sig {
                4 => " (illegal instruction)",
                6 => " (abort)",
                8 => " (arithmetic error)",
                9 => " (killed)",
                11 => " (segmentation fault)",
                13 => " (broken pipe)",
                15 => " (terminated)",
                _ => "",
            };
            return format!("it was killed by signal {sig}{name}");
        }
    }
    format!("it ended ({status})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_said_in_the_players_language() {
        let de = crate::words::Phrases::builtin("de").unwrap();
        let e = EngineError::NotFound {
            command: "xyz".into(),
        };
        assert_eq!(e.say(&de), "Das Programm 'xyz' wurde nicht gefunden");
        let e = EngineError::Hung {
            engine: "Stockfish".into(),
            phase: Phase::Thinking,
            waited: Duration::from_secs(12),
        };
        assert_eq!(
            e.say(&crate::words::Phrases::default()),
            "the engine Stockfish did not answer within 12 seconds while thinking about a move, so it was stopped"
        );
    }

    #[test]
    fn seconds_in_words() {
        assert_eq!(seconds(&Duration::from_secs(5)), "5 seconds");
        assert_eq!(seconds(&Duration::from_secs(1)), "1 second");
        assert_eq!(seconds(&Duration::from_millis(1500)), "1.5 seconds");
    }

    #[test]
    fn messages_say_what_happened() {
        let e = EngineError::NotFound {
            command: "xyz".into(),
        };
        assert_eq!(e.to_string(), "the engine command 'xyz' was not found");
        let e = EngineError::Hung {
            engine: "Stockfish 15.1".into(),
            phase: Phase::Thinking,
            waited: Duration::from_secs(12),
        };
        assert_eq!(
            e.to_string(),
            "the engine Stockfish 15.1 did not answer within 12 seconds while thinking about a move, so it was stopped"
        );
        let e = EngineError::Crashed {
            engine: "X".into(),
            phase: Phase::Waiting,
            status: "it exited with code 3".into(),
        };
        assert_eq!(
            e.to_string(),
            "the engine X crashed between moves: it exited with code 3"
        );
    }
}
