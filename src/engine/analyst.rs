//! The engine as analyst of a whole game: its own engine process, each position of the game searched at the
//! analysis settings' limit (config/analysis.ron), progress reported after each position, cancellable at any
//! time. Used by `hector --analyse` (in the caller's thread) and by `analyse` in a game (in a thread of its
//! own, [`Analyst::start`], so the game goes on meanwhile).

use std::io::Write;
use std::process::{Child, ChildStdin};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::level::Level;
use super::spec::{EngineSpec, spawn};
use super::uci::{self, MultiPvCollector};
use super::{EngineError, find_program};
use crate::bounded::read_line_bounded;
use crate::rules::analysis::Eval;
use crate::rules::judgement::Score;
use crate::session::AnalysisSettings;

/// How long the engine may take to greet (`uciok`) and to be ready (`readyok`).
const HANDSHAKE: Duration = Duration::from_secs(10);
const READY: Duration = Duration::from_secs(30);
/// Beyond a search's own time limit, how long its `bestmove` may take; a search with no time limit (depth or
/// nodes only) may take [`UNTIMED`].
const MARGIN: Duration = Duration::from_secs(10);
const UNTIMED: Duration = Duration::from_secs(600);
/// How often a waiting analyst looks whether it was called off.
const POLL: Duration = Duration::from_millis(50);

/// What to analyse: the game's start and moves (UCI), and how.
#[derive(Debug, Clone)]
pub struct AnalysisJob {
    pub engine_command: String,
    pub settings: AnalysisSettings,
    pub start_fen: String,
    pub moves_uci: Vec<String>,
    pub chess960: bool,
}

impl AnalysisJob {
    /// Positions to search: before the first move and after each.
    pub fn positions(&self) -> usize {
        self.moves_uci.len() + 1
    }
}

/// Why an analysis stopped before its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalysisError {
    /// No engine program: how to install one is said with it.
    NoEngine { command: String },
    /// The engine could not be started, or it failed or stopped answering.
    Failed(String),
    /// Called off.
    Cancelled,
}

impl std::fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalysisError::NoEngine { command } => write!(f, "no chess engine found ({command})"),
            AnalysisError::Failed(reason) => f.write_str(reason),
            AnalysisError::Cancelled => f.write_str("called off"),
        }
    }
}

/// The evaluations of a game's positions, and the time the engine said its searches took.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysed {
    /// One per position (before the first move, after each); `None` where the engine gave no score.
    pub evals: Vec<Option<Eval>>,
    /// The sum of the engine's own `time` of each search's last info line, in milliseconds.
    pub engine_ms: u64,
}

/// The engine's score (from the side to move's view) from White's view.
fn white_view(score: uci::Score, white_to_move: bool) -> Score {
    let s = match score {
        uci::Score::Cp(c) => Score::Cp(c),
        uci::Score::Mate(m) => Score::Mate(m),
    };
    if white_to_move {
        s
    } else {
        s.for_side(shakmaty::Color::Black)
    }
}

/// One engine conversation: the process, its stdin, and its lines.
struct Conversation {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Conversation {
    fn start(job: &AnalysisJob) -> Result<Conversation, AnalysisError> {
        if find_program(&job.engine_command).is_none() {
            return Err(AnalysisError::NoEngine {
                command: job.engine_command.clone(),
            });
        }
        let spec = EngineSpec::new(job.engine_command.clone(), Level::DEFAULT, job.chess960);
        let mut child = spawn(&spec).map_err(|e| match e {
            EngineError::NotFound { command } => AnalysisError::NoEngine { command },
            e => AnalysisError::Failed(e.to_string()),
        })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(AnalysisError::Failed("the engine has no pipes".into()));
        };
        // A bounded channel: the engine blocks on its full pipe while the analyst is behind.
        let (tx, lines) = mpsc::sync_channel(256);
        std::thread::Builder::new()
            .name("analyst-reader".into())
            .spawn(move || {
                let mut out = std::io::BufReader::new(stdout);
                let mut buf = Vec::new();
                while let Ok(true) = read_line_bounded(&mut out, &mut buf, super::process::MAX_LINE)
                {
                    if tx
                        .send(String::from_utf8_lossy(&buf).trim_end().to_string())
                        .is_err()
                    {
                        break;
                    }
                }
            })
            .map_err(|e| AnalysisError::Failed(e.to_string()))?;
        Ok(Conversation {
            child,
            stdin,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), AnalysisError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| AnalysisError::Failed(format!("the engine stopped reading: {e}")))
    }

    /// The next line within `until`, looking every [`POLL`] whether the analysis was called off.
    fn next(&mut self, until: Instant, cancel: &AtomicBool) -> Result<String, AnalysisError> {
        loop {
            if cancel.load(Ordering::Relaxed) {
                return Err(AnalysisError::Cancelled);
            }
            let now = Instant::now();
            if now >= until {
                return Err(AnalysisError::Failed(
                    "the engine did not answer in time".into(),
                ));
            }
            match self.lines.recv_timeout(POLL.min(until - now)) {
                Ok(line) => return Ok(line),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(AnalysisError::Failed("the engine ended".into()));
                }
            }
        }
    }

    fn wait_for(
        &mut self,
        word: &str,
        within: Duration,
        cancel: &AtomicBool,
    ) -> Result<(), AnalysisError> {
        let until = Instant::now() + within;
        while self.next(until, cancel)?.trim() != word {}
        Ok(())
    }

    /// `stop` if searching, `quit`, a short wait, then a kill; the process is always waited for.
    fn end(mut self) {
        let _ = self.send("stop");
        let _ = self.send("quit");
        drop(self.stdin);
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Analyses every position of `job`, calling `progress(done, total)` after each; stops when `cancel` is set.
pub fn analyse(
    job: &AnalysisJob,
    cancel: &AtomicBool,
    mut progress: impl FnMut(usize, usize),
) -> Result<Analysed, AnalysisError> {
    let mut engine = Conversation::start(job)?;
    let result = converse(&mut engine, job, cancel, &mut progress);
    engine.end();
    result
}

fn converse(
    engine: &mut Conversation,
    job: &AnalysisJob,
    cancel: &AtomicBool,
    progress: &mut impl FnMut(usize, usize),
) -> Result<Analysed, AnalysisError> {
    engine.send("uci")?;
    engine.wait_for("uciok", HANDSHAKE, cancel)?;
    for option in job.settings.option_commands() {
        engine.send(&option)?;
    }
    if job.chess960 {
        engine.send("setoption name UCI_Chess960 value true")?;
    }
    engine.send("ucinewgame")?;
    engine.send("isready")?;
    engine.wait_for("readyok", READY, cancel)?;
    let go = job.settings.go_command();
    let within = match job.settings.seconds {
        Some(s) => Duration::from_secs_f64(s) + MARGIN,
        None => UNTIMED,
    };
    let total = job.positions();
    let mut evals = Vec::with_capacity(total);
    let mut engine_ms = 0;
    for i in 0..total {
        engine.send(&uci::position_command(&job.start_fen, &job.moves_uci[..i]))?;
        engine.send(&go)?;
        let until = Instant::now() + within;
        let mut collector = MultiPvCollector::new();
        // The engine's own time of the search: the `time` of its last info line, whatever its bound.
        let mut searched_ms = 0;
        let lines = loop {
            let line = engine.next(until, cancel)?;
            if let Some(ms) = uci::parse_info(&line).and_then(|i| i.time_ms) {
                searched_ms = ms;
            }
            if let Some(lines) = collector.feed(&line) {
                break lines;
            }
        };
        engine_ms += searched_ms;
        let white = uci::white_to_move(&job.start_fen, i);
        let eval = lines.into_iter().next().and_then(|info| {
            Some(Eval {
                score: white_view(info.score?, white),
                pv: info.pv,
            })
        });
        evals.push(eval);
        progress(i + 1, total);
    }
    Ok(Analysed { evals, engine_ms })
}

/// What an analysis in its own thread reports.
#[derive(Debug, Clone, PartialEq)]
pub enum AnalystEvent {
    Progress { done: usize, total: usize },
    Done(Result<Analysed, AnalysisError>),
}

/// An analysis running in its own thread; dropping it calls it off.
pub struct Analyst {
    cancel: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Analyst {
    /// Starts the analysis; its events go to `report` (from the analyst's thread).
    pub fn start(job: AnalysisJob, report: Box<dyn Fn(AnalystEvent) + Send>) -> Analyst {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let thread = std::thread::Builder::new()
            .name("analyst".into())
            .spawn(move || {
                let result = analyse(&job, &flag, |done, total| {
                    report(AnalystEvent::Progress { done, total })
                });
                report(AnalystEvent::Done(result));
            })
            .ok();
        Analyst { cancel, thread }
    }

    /// Calls the analysis off: its engine is stopped and ended; `Done(Err(Cancelled))` follows.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl Drop for Analyst {
    fn drop(&mut self) {
        self.cancel();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_turned_to_whites_view() {
        assert_eq!(white_view(uci::Score::Cp(35), true), Score::Cp(35));
        assert_eq!(white_view(uci::Score::Cp(35), false), Score::Cp(-35));
        assert_eq!(white_view(uci::Score::Mate(3), false), Score::Mate(-3));
        assert_eq!(white_view(uci::Score::Mate(-2), true), Score::Mate(-2));
    }

    #[test]
    fn a_missing_engine_is_said_as_such() {
        let job = AnalysisJob {
            engine_command: "no-such-engine-here".into(),
            settings: AnalysisSettings::default(),
            start_fen: shakmaty::fen::Fen::default().to_string(),
            moves_uci: vec![],
            chess960: false,
        };
        let r = analyse(&job, &AtomicBool::new(false), |_, _| {});
        assert_eq!(
            r.unwrap_err(),
            AnalysisError::NoEngine {
                command: "no-such-engine-here".into()
            }
        );
    }
}
