//! What engine to start and how: its command line, level and time limits; finding its program and starting it.

use std::path::{Path, PathBuf};
use std::process::{Child, Command as Process, Stdio};
use std::time::Duration;

use super::error::EngineError;
use super::level::Level;
use super::uci;

/// Folders searched for an engine after `PATH` (Debian installs Stockfish in /usr/games).
const EXTRA_DIRS: [&str; 2] = ["/usr/games", "/usr/local/games"];

/// How long the engine may take for each step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// `uci` to `uciok`.
    pub handshake: Duration,
    /// `isready` to `readyok` (some engines load their networks here).
    pub ready: Duration,
    /// Added to the time a move may take (the level's time per move, or the engine's own clock).
    pub margin: Duration,
    /// After `stop`, how long the `bestmove` may take.
    pub stop_grace: Duration,
    /// After `quit`, how long before the process is killed.
    pub quit_grace: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            handshake: Duration::from_secs(5),
            ready: Duration::from_secs(10),
            margin: Duration::from_secs(5),
            stop_grace: Duration::from_secs(1),
            quit_grace: Duration::from_millis(300),
        }
    }
}

/// What to start.
#[derive(Debug, Clone)]
pub struct EngineSpec {
    /// The command line, split like a shell would (`stockfish`, `"/opt/my engine/sf" --flag`).
    pub command: String,
    pub level: Level,
    /// Set `UCI_Chess960` from the start (requests can switch it too).
    pub chess960: bool,
    pub limits: Limits,
    /// The conversation (without `info` lines) and the engine's stderr go to stderr.
    pub verbose: bool,
    /// The language failures are said in.
    pub phrases: crate::words::Phrases,
}

impl EngineSpec {
    pub fn new(command: impl Into<String>, level: Level, chess960: bool) -> EngineSpec {
        EngineSpec {
            command: command.into(),
            level,
            chess960,
            limits: Limits::default(),
            verbose: false,
            phrases: crate::words::Phrases::default(),
        }
    }
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

/// The program of an engine command line, found as the shell would (a path, or a name on `PATH`), then in
/// /usr/games and /usr/local/games. `None` when there is no such program.
pub fn find_program(command: &str) -> Option<PathBuf> {
    let words = uci::split_command(command).ok()?;
    let program = words.first().filter(|p| !p.is_empty())?;
    if program.contains('/') {
        let p = PathBuf::from(program);
        return is_executable(&p).then_some(p);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(EXTRA_DIRS.iter().map(PathBuf::from))
        .map(|dir| dir.join(program))
        .find(|p| is_executable(p))
}

/// Starts the engine's program with its stdin and stdout piped (stderr shown when verbose).
pub(super) fn spawn(spec: &EngineSpec) -> Result<Child, EngineError> {
    let words = uci::split_command(&spec.command).map_err(|reason| EngineError::BadCommand {
        command: spec.command.clone(),
        reason,
    })?;
    let Some(program) = words.first().filter(|p| !p.is_empty()) else {
        return Err(EngineError::EmptyCommand);
    };
    let path = find_program(&spec.command).unwrap_or_else(|| PathBuf::from(program));
    Process::new(&path)
        .args(&words[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(if spec.verbose {
            Stdio::inherit()
        } else {
            Stdio::null()
        })
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => EngineError::NotFound {
                command: program.clone(),
            },
            _ => EngineError::CannotStart {
                command: spec.command.clone(),
                reason: e.to_string(),
            },
        })
}
