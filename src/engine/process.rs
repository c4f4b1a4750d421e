//! A UCI engine as a child process: started in the background, asked for moves, stopped and ended. Its
//! answers and failures come back as session commands through a callback given at creation.
//!
//! One worker thread owns the process and its stdin and keeps every time-out; one reader thread turns the
//! engine's stdout into lines for the worker. Dropping the [`EngineHandle`] ends the engine: `quit`, a short
//! wait, then a kill, and the process is always waited for (no zombie; the engine also ends when its stdin
//! closes, so none is orphaned).

use std::collections::VecDeque;
use std::io::{BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::error::{EngineError, Phase, describe_exit, seconds};
use super::level::{self, Level, Strength};
use super::spec::spawn;
pub use super::spec::{EngineSpec, Limits, find_program};
use super::uci::{self, BestMove, UciOption};
use crate::bounded::read_line_bounded;
use crate::session::engine_io::EngineRequest;
use crate::session::{Command, OtherEvent};

mod analyse;

/// Where the engine's events go (line mode: into its channel).
pub type Callback = Box<dyn Fn(Command) + Send>;

/// The longest line taken from an engine (UCI lines are short; a long `info ... pv` is a few hundred bytes).
/// The rest of a longer line is read and dropped (an engine that never ends its line).
pub const MAX_LINE: usize = 16 * 1024;
/// How many lines read from the engine may wait for the worker; the reader stops reading (and the engine
/// blocks on its full pipe) until the worker catches up. With [`MAX_LINE`], at most 4 MiB wait.
pub const MAX_PENDING_LINES: usize = 256;
/// The most `option` lines kept from the greeting; more are ignored.
pub const MAX_OPTIONS: usize = 1024;

/// Lines read but not yet taken by the worker: the reader waits while there are [`MAX_PENDING_LINES`].
#[derive(Default)]
struct Pending {
    count: Mutex<usize>,
    room: Condvar,
}

impl Pending {
    /// Waits for room for one more line; `false` once the worker is gone.
    fn reserve(&self, gone: &dyn Fn() -> bool) -> bool {
        let mut n = self.count.lock().unwrap_or_else(|e| e.into_inner());
        while *n >= MAX_PENDING_LINES {
            if gone() {
                return false;
            }
            n = self
                .room
                .wait_timeout(n, Duration::from_millis(100))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        *n += 1;
        true
    }

    fn taken(&self) {
        let mut n = self.count.lock().unwrap_or_else(|e| e.into_inner());
        *n = n.saturating_sub(1);
        self.room.notify_one();
    }
}

enum Msg {
    Go(EngineRequest),
    /// The engine as analyst: the position evaluated, answered by `OtherEvent::Evaluated`.
    Evaluate(EngineRequest),
    Stop,
    Level(Level),
    Quit,
    Line(String),
    Eof,
}

/// A running (or starting, or failed) engine. Requests never block; answers come through the callback.
pub struct EngineHandle {
    tx: Sender<Msg>,
    worker: Option<JoinHandle<()>>,
}

impl EngineHandle {
    /// Starts the engine in the background: returns at once; `Ready`, `Move` and `Failed` come later
    /// through `events`. Requests sent before the handshake is done wait for it.
    pub fn start(spec: EngineSpec, events: Callback) -> EngineHandle {
        let (tx, rx) = mpsc::channel();
        let lines = tx.clone();
        let worker = std::thread::Builder::new()
            .name("engine".into())
            .spawn(move || run(spec, events, rx, lines))
            .ok();
        EngineHandle { tx, worker }
    }

    /// Think about this position and answer with `OtherEvent::Move`. A search still running is stopped
    /// and its answer dropped.
    pub fn go(&self, request: EngineRequest) {
        let _ = self.tx.send(Msg::Go(request));
    }

    /// Evaluate this position (the engine as analyst) and answer with `OtherEvent::Evaluated`; it waits for a
    /// search for a move under way, and a newer request for a move calls it off.
    pub fn evaluate(&self, request: EngineRequest) {
        let _ = self.tx.send(Msg::Evaluate(request));
    }

    /// Stop thinking; the answer of the search is dropped.
    pub fn stop(&self) {
        let _ = self.tx.send(Msg::Stop);
    }

    /// Play at this level from the next search on.
    pub fn set_level(&self, level: Level) {
        let _ = self.tx.send(Msg::Level(level));
    }
}

impl Drop for EngineHandle {
    /// Ends the engine and waits for it (at most the quit grace plus a kill).
    fn drop(&mut self) {
        let _ = self.tx.send(Msg::Quit);
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

/// Why the conversation ended.
enum Stopped {
    /// Asked to quit (or the handle is gone).
    Quit,
    Failed(EngineError),
}

/// What the worker waited for.
enum Event {
    Line(String),
    /// A request arrived (it is in the inbox).
    Request,
    Timeout,
    Eof,
}

/// The worker's view of the engine.
struct Worker {
    spec: EngineSpec,
    events: Callback,
    rx: Receiver<Msg>,
    child: Child,
    stdin: ChildStdin,
    /// The program's file name, then the engine's own name (`id name`).
    name: String,
    options: Vec<UciOption>,
    level: Level,
    strength: Strength,
    /// `UCI_Chess960` as last set.
    chess960: bool,
    phase: Phase,
    /// Requests that arrived while an answer was awaited.
    inbox: VecDeque<Msg>,
    /// The last position sent: a request that does not continue it is a new game (`ucinewgame`).
    last: Option<(String, Vec<String>)>,
    /// Lines the reader has sent and the worker not yet taken.
    pending: Arc<Pending>,
    /// Set when the worker ends, so a reader waiting for room stops.
    gone: Arc<std::sync::atomic::AtomicBool>,
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.gone.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The worker thread: start, converse until asked to quit or the engine fails, clean up, report a failure.
fn run(spec: EngineSpec, events: Callback, rx: Receiver<Msg>, lines: Sender<Msg>) {
    let started = Instant::now();
    let mut child = match spawn(&spec) {
        Ok(c) => c,
        Err(e) => {
            events(Command::Other(OtherEvent::Failed {
                reason: e.say(&spec.phrases),
            }));
            return;
        }
    };
    let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        let _ = child.kill();
        let _ = child.wait();
        return;
    };
    // Every line is bounded (MAX_LINE) and so is what waits for the worker (MAX_PENDING_LINES): an engine that
    // floods its output or never ends a line cannot grow hector's memory.
    let pending = Arc::new(Pending::default());
    let reader_pending = Arc::clone(&pending);
    let worker_gone = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reader_gone = Arc::clone(&worker_gone);
    let reader = std::thread::Builder::new()
        .name("engine-reader".into())
        .spawn(move || {
            let mut out = BufReader::new(stdout);
            let mut buf = Vec::new();
            let gone = || reader_gone.load(std::sync::atomic::Ordering::Relaxed);
            loop {
                match read_line_bounded(&mut out, &mut buf, MAX_LINE) {
                    Ok(false) | Err(_) => break,
                    Ok(true) => {
                        let line = String::from_utf8_lossy(&buf).into_owned();
                        if !reader_pending.reserve(&gone) || lines.send(Msg::Line(line)).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = lines.send(Msg::Eof);
        });
    let name = uci::split_command(&spec.command)
        .ok()
        .and_then(|w| w.into_iter().next())
        .map(|p| {
            Path::new(&p)
                .file_name()
                .map_or(p.clone(), |f| f.to_string_lossy().into_owned())
        })
        .unwrap_or_default();
    let mut w = Worker {
        level: spec.level,
        strength: Strength::Full,
        chess960: false,
        spec,
        events,
        rx,
        child,
        stdin,
        name,
        options: Vec::new(),
        phase: Phase::Starting,
        inbox: VecDeque::new(),
        last: None,
        pending,
        gone: worker_gone,
    };
    if reader.is_err() {
        w.kill();
        return;
    }
    let stopped = match w.handshake() {
        Ok(()) => {
            if w.spec.verbose {
                eprintln!(
                    "hector: engine {} ready after {} ms",
                    w.name,
                    started.elapsed().as_millis()
                );
            }
            (w.events)(Command::Other(OtherEvent::Ready {
                name: w.name.clone(),
            }));
            match w.serve() {
                Ok(never) => match never {},
                Err(s) => s,
            }
        }
        Err(s) => s,
    };
    match stopped {
        Stopped::Quit => w.quit(),
        Stopped::Failed(e) => {
            w.kill();
            if w.spec.verbose {
                eprintln!("hector: engine: {e}");
            }
            (w.events)(Command::Other(OtherEvent::Failed {
                reason: e.say(&w.spec.phrases),
            }));
        }
    }
}

impl Worker {
    fn send(&mut self, line: &str) -> Result<(), Stopped> {
        if self.spec.verbose {
            eprintln!("hector: engine <- {line}");
        }
        let sent = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        if sent.is_err() {
            return Err(self.crashed());
        }
        Ok(())
    }

    /// The next line, request, end of output or time-out (`None`: no time limit). A quit ends the wait.
    fn next(&mut self, deadline: Option<Instant>) -> Result<Event, Stopped> {
        // A deadline that has passed fires even while the engine floods its output.
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(Event::Timeout);
        }
        let msg = match deadline {
            Some(d) => match self
                .rx
                .recv_timeout(d.saturating_duration_since(Instant::now()))
            {
                Ok(m) => m,
                Err(RecvTimeoutError::Timeout) => return Ok(Event::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(Stopped::Quit),
            },
            None => self.rx.recv().map_err(|_| Stopped::Quit)?,
        };
        Ok(match msg {
            Msg::Line(l) => {
                self.pending.taken();
                if self.spec.verbose && !l.starts_with("info") {
                    eprintln!("hector: engine -> {l}");
                }
                Event::Line(l)
            }
            Msg::Eof => Event::Eof,
            Msg::Quit => return Err(Stopped::Quit),
            other => {
                self.inbox.push_back(other);
                Event::Request
            }
        })
    }

    /// The process ended on its own (or closed its output): how it ended, in words.
    fn crashed(&mut self) -> Stopped {
        let until = Instant::now() + Duration::from_secs(1);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break describe_exit(status),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(10)),
                Ok(None) => break "it closed its output".to_string(),
                Err(e) => break e.to_string(),
            }
        };
        Stopped::Failed(EngineError::Crashed {
            engine: self.name.clone(),
            phase: self.phase,
            status,
        })
    }

    fn hung(&self, since: Instant) -> Stopped {
        Stopped::Failed(EngineError::Hung {
            engine: self.name.clone(),
            phase: self.phase,
            waited: round(since.elapsed()),
        })
    }

    /// `uci` … `uciok`, options, `isready` … `readyok`.
    fn handshake(&mut self) -> Result<(), Stopped> {
        // A program that ends cleanly before `uciok` (whether it read `uci` or not) is no UCI engine.
        self.greet().map_err(|stopped| match stopped {
            Stopped::Failed(EngineError::Crashed { status, .. }) if status.ends_with("code 0") => {
                Stopped::Failed(EngineError::NotUci {
                    command: self.spec.command.clone(),
                    reason: "it ended without answering the UCI greeting".to_string(),
                })
            }
            other => other,
        })?;
        if self.spec.chess960 {
            self.set_chess960(true)?;
        }
        self.apply_level(self.level)?;
        self.sync()?;
        self.phase = Phase::Waiting;
        Ok(())
    }

    /// `uci` … `uciok`: the engine's name and options.
    fn greet(&mut self) -> Result<(), Stopped> {
        self.send("uci")?;
        let asked = Instant::now();
        let deadline = asked + self.spec.limits.handshake;
        loop {
            match self.next(Some(deadline))? {
                Event::Line(l) => {
                    let l = l.trim();
                    if l == "uciok" {
                        return Ok(());
                    } else if let Some(name) = l.strip_prefix("id name ") {
                        self.name = uci::one_line(name);
                    } else if l.starts_with("option ") && self.options.len() < MAX_OPTIONS {
                        self.options.extend(UciOption::parse(l));
                    }
                }
                Event::Request => {}
                Event::Timeout => {
                    return Err(Stopped::Failed(EngineError::NotUci {
                        command: self.spec.command.clone(),
                        reason: format!(
                            "it did not answer the UCI greeting within {}",
                            seconds(&self.spec.limits.handshake)
                        ),
                    }));
                }
                Event::Eof => return Err(self.crashed()),
            }
        }
    }

    fn option(&self, name: &str) -> Option<String> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
            .map(|o| o.name.clone())
    }

    fn set_chess960(&mut self, on: bool) -> Result<(), Stopped> {
        match self.option("UCI_Chess960") {
            Some(name) => self.send(&format!("setoption name {name} value {on}"))?,
            None if on => {
                return Err(Stopped::Failed(EngineError::NoChess960 {
                    engine: self.name.clone(),
                }));
            }
            None => {}
        }
        self.chess960 = on;
        Ok(())
    }

    fn apply_level(&mut self, level: Level) -> Result<(), Stopped> {
        let (strength, lines) = level::plan(level, &self.options);
        for line in lines {
            self.send(&line)?;
        }
        self.level = level;
        self.strength = strength;
        Ok(())
    }

    /// `isready` … `readyok`.
    fn sync(&mut self) -> Result<(), Stopped> {
        self.send("isready")?;
        let asked = Instant::now();
        let deadline = asked + self.spec.limits.ready;
        loop {
            match self.next(Some(deadline))? {
                Event::Line(l) if l.trim() == "readyok" => return Ok(()),
                Event::Line(_) | Event::Request => {}
                Event::Timeout => return Err(self.hung(asked)),
                Event::Eof => return Err(self.crashed()),
            }
        }
    }

    /// A newer go or a stop waits in the inbox: this request is not wanted any more.
    fn superseded(&self) -> bool {
        self.inbox
            .iter()
            .any(|m| matches!(m, Msg::Go(_) | Msg::Stop))
    }

    /// Between moves: requests in order of arrival, until a quit or a failure.
    fn serve(&mut self) -> Result<std::convert::Infallible, Stopped> {
        loop {
            let msg = match self.inbox.pop_front() {
                Some(m) => m,
                None => match self.next(None)? {
                    Event::Eof => return Err(self.crashed()),
                    // Stray output between moves (a late `info`) means nothing.
                    Event::Line(_) | Event::Request | Event::Timeout => continue,
                },
            };
            match msg {
                Msg::Go(r) if !self.superseded() => self.think(r)?,
                Msg::Evaluate(r) if !self.superseded() => self.analyse(r)?,
                Msg::Go(_) | Msg::Evaluate(_) | Msg::Stop | Msg::Line(_) => {}
                Msg::Level(l) => self.apply_level(l)?,
                Msg::Quit => return Err(Stopped::Quit),
                Msg::Eof => return Err(self.crashed()),
            }
        }
    }

    /// `go` with the clock's times, or the level's time per move; the time the move may take.
    fn go_command(&self, r: &EngineRequest) -> (String, Duration) {
        let white = uci::white_to_move(&r.start_fen, r.moves_uci.len());
        let (mut line, budget) = match r.clock {
            Some(c) => {
                let mut line = format!(
                    "go wtime {} btime {} winc {} binc {}",
                    c.wtime.max(1),
                    c.btime.max(1),
                    c.winc,
                    c.binc
                );
                if let Some(n) = c.movestogo {
                    line.push_str(&format!(" movestogo {n}"));
                }
                let (time, inc) = if white {
                    (c.wtime, c.winc)
                } else {
                    (c.btime, c.binc)
                };
                // A limited level never spends a large share of its clock (see level.rs).
                match self
                    .level
                    .time_cap(Duration::from_millis(time), Duration::from_millis(inc))
                {
                    Some(cap) => {
                        line.push_str(&format!(" movetime {}", uci::ms(cap)));
                        (line, cap)
                    }
                    None => (line, Duration::from_millis(time + inc)),
                }
            }
            None => {
                let t = self.level.movetime();
                (format!("go movetime {}", uci::ms(t)), t)
            }
        };
        if let Strength::Depth(d) = self.strength {
            line.push_str(&format!(" depth {d}"));
        }
        (line, budget)
    }

    /// One search for a move: position, go, and the `bestmove` within the time allowed.
    fn think(&mut self, r: EngineRequest) -> Result<(), Stopped> {
        if r.chess960 != self.chess960 {
            self.set_chess960(r.chess960)?;
        }
        let continues = self
            .last
            .as_ref()
            .is_some_and(|(fen, moves)| *fen == r.start_fen && r.moves_uci.starts_with(moves));
        if !continues {
            self.send("ucinewgame")?;
            self.sync()?;
        }
        self.last = Some((r.start_fen.clone(), r.moves_uci.clone()));
        self.send(&uci::position_command(&r.start_fen, &r.moves_uci))?;
        let (go, budget) = self.go_command(&r);
        self.send(&go)?;
        self.phase = Phase::Thinking;
        let asked = Instant::now();
        let mut deadline = asked + budget + self.spec.limits.margin;
        // Stopped by us: on time-out, or because the answer is no longer wanted.
        // The last evaluation the engine gave in this search (its own view).
        let mut score = None;
        let mut stop_sent = false;
        let mut wanted = true;
        loop {
            match self.next(Some(deadline))? {
                Event::Line(l) => {
                    if let Some(cp) = uci::parse_score(&l) {
                        score = Some(cp);
                    }
                    if let Some(best) = uci::parse_bestmove(&l) {
                        self.phase = Phase::Waiting;
                        if !wanted {
                            return Ok(());
                        }
                        return match best {
                            BestMove::Move { uci, .. } => {
                                let uci = uci::one_line(&uci);
                                if let Some(cp) = score {
                                    (self.events)(Command::Other(OtherEvent::Eval {
                                        cp,
                                        for_ply: r.for_ply,
                                    }));
                                }
                                (self.events)(Command::Other(OtherEvent::Move {
                                    uci,
                                    for_ply: r.for_ply,
                                }));
                                Ok(())
                            }
                            BestMove::None => Err(Stopped::Failed(EngineError::NoMove {
                                engine: self.name.clone(),
                            })),
                        };
                    }
                }
                Event::Request => {}
                Event::Eof => return Err(self.crashed()),
                Event::Timeout if stop_sent => return Err(self.hung(asked)),
                Event::Timeout => {
                    // Past its time: `stop` asks for the best move so far.
                    self.send("stop")?;
                    stop_sent = true;
                    deadline = Instant::now() + self.spec.limits.stop_grace;
                }
            }
            if wanted && self.superseded() {
                wanted = false;
                if !stop_sent {
                    self.send("stop")?;
                    stop_sent = true;
                    deadline = deadline.min(Instant::now() + self.spec.limits.stop_grace);
                }
            }
        }
    }

    /// `quit`, a short wait, then a kill; the process is always waited for.
    fn quit(&mut self) {
        if self.phase == Phase::Thinking {
            let _ = writeln!(self.stdin, "stop");
        }
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let until = Instant::now() + self.spec.limits.quit_grace;
        while Instant::now() < until {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            }
        }
        self.kill();
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Tenths of a second are enough for a player.
fn round(d: Duration) -> Duration {
    Duration::from_millis((d.as_millis() as u64 + 50) / 100 * 100)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    fn fake(name: &str) -> String {
        format!("sh {}/tests/engines/{name}", env!("CARGO_MANIFEST_DIR"))
    }

    fn quick() -> Limits {
        Limits {
            handshake: Duration::from_millis(500),
            ready: Duration::from_millis(500),
            margin: Duration::from_millis(300),
            stop_grace: Duration::from_millis(200),
            quit_grace: Duration::from_millis(200),
        }
    }

    /// Events as they come, and a way to wait for the next one.
    struct Events(mpsc::Receiver<OtherEvent>);

    impl Events {
        /// The next event other than an evaluation.
        fn next(&self) -> OtherEvent {
            loop {
                let e = self
                    .0
                    .recv_timeout(Duration::from_secs(10))
                    .expect("an engine event within 10 s");
                if !matches!(e, OtherEvent::Eval { .. }) {
                    return e;
                }
            }
        }
    }

    fn start(command: &str, chess960: bool) -> (EngineHandle, Events) {
        let (tx, rx) = mpsc::channel();
        let tx = Mutex::new(tx);
        let spec = EngineSpec {
            limits: quick(),
            ..EngineSpec::new(command, Level::MIN, chess960)
        };
        let handle = EngineHandle::start(
            spec,
            Box::new(move |c| {
                if let Command::Other(e) = c {
                    let _ = tx.lock().unwrap().send(e);
                }
            }),
        );
        (handle, Events(rx))
    }

    fn request(moves: &[&str], for_ply: usize) -> EngineRequest {
        EngineRequest {
            start_fen: "startpos".into(),
            chess960: false,
            moves_uci: moves.iter().map(|m| m.to_string()).collect(),
            clock: None,
            for_ply,
            lines: 1,
        }
    }

    fn failed(e: OtherEvent) -> String {
        match e {
            OtherEvent::Failed { reason } => reason,
            other => panic!("expected a failure, got {other:?}"),
        }
    }

    #[test]
    fn a_missing_engine_is_named() {
        let (_h, ev) = start("no-such-engine-here --flag", false);
        assert_eq!(
            failed(ev.next()),
            "the engine command 'no-such-engine-here' was not found"
        );
        assert!(find_program("no-such-engine-here").is_none());
        assert!(find_program("sh").is_some());
    }

    #[test]
    fn an_engine_that_never_answers_uci_is_not_a_uci_engine() {
        let (_h, ev) = start(&fake("no_uci.sh"), false);
        let reason = failed(ev.next());
        assert!(
            reason.contains(
                "is not a UCI engine: it did not answer the UCI greeting within 0.5 seconds"
            ),
            "{reason}"
        );
    }

    /// An engine that floods lines before `uciok`, or prints without ever ending a line, is given
    /// up when the greeting time runs out (the flood does not keep the time-out from firing).
    #[test]
    fn a_flooding_engine_is_given_up_at_the_greeting_time_out() {
        for script in ["flood_lines.sh", "no_newline.sh"] {
            let (_h, ev) = start(&fake(script), false);
            let reason = failed(ev.next());
            assert!(
                reason.contains(
                    "is not a UCI engine: it did not answer the UCI greeting within 0.5 seconds"
                ),
                "{script}: {reason}"
            );
        }
    }

    #[test]
    fn a_program_that_ends_at_once_is_not_a_uci_engine() {
        let (_h, ev) = start("true", false);
        let reason = failed(ev.next());
        assert_eq!(
            reason,
            "'true' is not a UCI engine: it ended without answering the UCI greeting"
        );
    }

    #[test]
    fn a_crash_while_thinking_is_reported_with_its_exit() {
        let (h, ev) = start(&fake("crash_on_go.sh"), false);
        assert_eq!(
            ev.next(),
            OtherEvent::Ready {
                name: "Crasher 1".into()
            }
        );
        h.go(request(&[], 0));
        assert_eq!(
            failed(ev.next()),
            "the engine Crasher 1 crashed while thinking about a move: it exited with code 3"
        );
    }

    #[test]
    fn a_hang_while_thinking_is_cut_off() {
        let (h, ev) = start(&fake("hang_on_go.sh"), false);
        assert!(matches!(ev.next(), OtherEvent::Ready { .. }));
        h.go(request(&["e2e4"], 1));
        let reason = failed(ev.next());
        // Level 1 thinks 0.1 s; 0.3 s margin; 0.2 s after `stop`: about 0.6 s.
        assert!(
            reason.starts_with("the engine Hanger did not answer within "),
            "{reason}"
        );
        assert!(
            reason.ends_with(" seconds while thinking about a move, so it was stopped"),
            "{reason}"
        );
    }

    #[test]
    fn an_illegal_answer_is_passed_on_for_the_session_to_judge() {
        let (h, ev) = start(&fake("illegal.sh"), false);
        assert!(matches!(ev.next(), OtherEvent::Ready { .. }));
        h.go(request(&[], 0));
        assert_eq!(
            ev.next(),
            OtherEvent::Move {
                uci: "e2e5".into(),
                for_ply: 0
            }
        );
    }

    #[test]
    fn a_chess960_game_needs_an_engine_that_plays_it() {
        let (_h, ev) = start(&fake("illegal.sh"), true);
        assert_eq!(failed(ev.next()), "the engine Illegal cannot play Chess960");
    }

    #[test]
    fn dropping_the_handle_ends_the_engine_without_a_word() {
        let (h, ev) = start(&fake("hang_on_go.sh"), false);
        assert!(matches!(ev.next(), OtherEvent::Ready { .. }));
        h.go(request(&[], 0));
        drop(h);
        assert!(
            ev.0.recv_timeout(Duration::from_millis(300)).is_err(),
            "no failure reported after quit"
        );
    }

    /// The conversation a fake engine saw, from its log.
    #[test]
    fn the_conversation_follows_uci() {
        let dir = std::env::temp_dir().join(format!("hector-engine-log-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.join("log.txt");
        let _ = std::fs::remove_file(&log);
        let (tx, rx) = mpsc::channel();
        let tx = Arc::new(Mutex::new(tx));
        let command = format!("{} {}", fake("echo_first.sh"), log.display());
        let spec = EngineSpec {
            limits: quick(),
            ..EngineSpec::new(command, Level::new(3).unwrap(), false)
        };
        let sink = tx.clone();
        let h = EngineHandle::start(
            spec,
            Box::new(move |c| {
                if let Command::Other(e) = c {
                    let _ = sink.lock().unwrap().send(e);
                }
            }),
        );
        let ev = Events(rx);
        assert!(matches!(ev.next(), OtherEvent::Ready { .. }));
        h.go(request(&[], 0));
        assert_eq!(
            ev.next(),
            OtherEvent::Move {
                uci: "a2a3".into(),
                for_ply: 0
            }
        );
        let mut timed = request(&["a2a3", "e7e5"], 2);
        timed.clock = Some(crate::session::engine_io::EngineClock {
            wtime: 60_000,
            btime: 59_000,
            winc: 2000,
            binc: 2000,
            movestogo: None,
        });
        h.go(timed);
        assert_eq!(
            ev.next(),
            OtherEvent::Move {
                uci: "a2a3".into(),
                for_ply: 2
            }
        );
        h.set_level(Level::MAX);
        let mut fen = request(&[], 0);
        fen.start_fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".into();
        h.go(fen);
        assert_eq!(
            ev.next(),
            OtherEvent::Move {
                uci: "a2a3".into(),
                for_ply: 0
            }
        );
        drop(h);
        let seen: Vec<String> = std::fs::read_to_string(&log)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        assert_eq!(
            seen,
            [
                "uci",
                "setoption name UCI_LimitStrength value true",
                "setoption name UCI_Elo value 1683",
                "isready",
                "ucinewgame",
                "isready",
                "position startpos",
                "go movetime 200",
                "position startpos moves a2a3 e7e5",
                "go wtime 60000 btime 59000 winc 2000 binc 2000 movetime 2000",
                "setoption name UCI_LimitStrength value false",
                "ucinewgame",
                "isready",
                "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1",
                "go movetime 2000",
                "quit",
            ]
        );
    }

    /// The engine as analyst: an evaluation is answered with `Evaluated` (its best move named, never played),
    /// by the same process that plays.
    #[test]
    fn an_evaluation_is_answered_by_the_same_process() {
        let dir = std::env::temp_dir().join(format!("hector-engine-eval-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.join("log.txt");
        let (h, ev) = start(
            &format!("{} {}", fake("echo_first.sh"), log.display()),
            false,
        );
        assert!(matches!(ev.next(), OtherEvent::Ready { .. }));
        h.go(request(&[], 0));
        assert!(matches!(ev.next(), OtherEvent::Move { for_ply: 0, .. }));
        h.evaluate(request(&["a2a3"], 1));
        assert_eq!(
            ev.next(),
            OtherEvent::Evaluated {
                for_ply: 1,
                cp: 0,
                best: Some("a2a3".into()),
                lines: Vec::new(),
            }
        );
        drop(h);
        let seen = std::fs::read_to_string(&log).unwrap();
        assert_eq!(seen.matches("uci\n").count(), 1, "one process: {seen}");
        assert!(seen.contains("position startpos moves a2a3\n"), "{seen}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
