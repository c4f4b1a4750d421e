//! Speech: one thread owns the speech backend; the rest of hector sends it utterances.
//!
//! Two backends (docs/speech.md): the direct speech-dispatcher one (src/speech/direct.rs, Linux's
//! default) and one over the `tts` crate (src/speech/tts_engine.rs: Tolk or WinRT on Windows, AVFoundation on
//! macOS; `--speech-engine tts` on Linux). The queue, the time-outs and the notices below are the thread's and
//! hold for both; what follows names speech-dispatcher, the first backend.
//!
//! The thread keeps one connection per language it speaks (the board words' language and the UI's), each
//! set once to its language and voice, so a move in German after an English phrase is not delayed by a
//! change of voice. A speech-dispatcher with no real output module (only its dummy, which plays a canned
//! "not configured" recording) counts as no speech ([`SpeechOff::NoModule`]); a language without a
//! voice is reported once ([`SpeechStatus::LanguageOff`]) and its utterances are shown as text only.
//!
//! Connecting may fail or hang (no speech-dispatcher, one that never answers, no voice). [`Speech::start`] waits at most [`START_TIMEOUT`]: by then speech is
//! on, off (with the reason), or still starting (a speech-dispatcher spawned on demand needs about
//! 2.5 s to come up). A start still pending is given up after [`GIVE_UP`]; the change is reported once
//! by [`Speech::take_notice`]. Once speech is off every [`Speech::say`] is a no-op and hector runs on in
//! text; nothing ever blocks the caller, and a thread stuck in a hung connection is left detached. A
//! server that stops answering later is found out only by looking: a face polls [`Speech::take_notice`]
//! while [`Speech::busy`] (a text or request is out), not only while the start or the voice check is pending.

#[cfg(target_os = "linux")]
mod direct;
mod queue;
mod tts_engine;
mod voice;

pub use queue::{Priority, SpeechQueue, Step, Utterance};
pub use voice::{
    VOICE_PACKAGE, choose_voice, has_real_module, has_voice_for, scale_rate, scale_volume,
};

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde::Deserialize;

/// How long [`Speech::start`] waits for the speech thread to connect.
pub const START_TIMEOUT: Duration = Duration::from_secs(2);
/// How long after its start a connection still pending is given up and speech reported off.
pub const GIVE_UP: Duration = Duration::from_secs(10);

/// How long a request to a connected speech-dispatcher may go unanswered before speech is reported off. A
/// server whose sound output cannot start (one spawned where it finds no sound server's cookie) takes a text
/// and never answers: the speech thread then waits inside libspeechd, and only the handle can tell.
pub const ANSWER_LIMIT: Duration = Duration::from_secs(5);
/// How long a listing of the voices may take (espeak-ng has thousands of variants; tts on speech-dispatcher
/// lists them again to set a voice).
pub const LIST_LIMIT: Duration = Duration::from_secs(30);

/// Whether the speech thread is waiting for speech-dispatcher's answer, and since when, and whether it has
/// texts not yet done (shared with the handle, which reports a server that never answers and tells the face
/// to keep looking while anything is out).
struct Waiting {
    base: Instant,
    /// Milliseconds after `base` plus one when the request went out; 0 while none is out.
    since: AtomicU64,
    /// How long the request out may take, in milliseconds.
    limit: AtomicU64,
    /// Texts the handle has sent to the thread (counted before they are sent).
    said: AtomicU64,
    /// How many of them the thread had taken when it last had nothing to say or wait for.
    settled: AtomicU64,
}

impl Waiting {
    fn new() -> Waiting {
        Waiting {
            base: Instant::now(),
            since: AtomicU64::new(0),
            limit: AtomicU64::new(ANSWER_LIMIT.as_millis() as u64),
            said: AtomicU64::new(0),
            settled: AtomicU64::new(0),
        }
    }

    /// Whether a request is out or a text is not done (waiting to be taken, queued, or being spoken): until
    /// it is, a server that stops answering must still be found out, so the face keeps looking.
    fn busy(&self) -> bool {
        self.since.load(Ordering::SeqCst) != 0
            || self.said.load(Ordering::SeqCst) != self.settled.load(Ordering::SeqCst)
    }

    /// Runs one request to the server, marked as waiting while it runs.
    fn around<T>(&self, request: impl FnOnce() -> T) -> T {
        self.around_within(ANSWER_LIMIT, request)
    }

    /// [`Waiting::around`] for a request that may take up to `limit` (a listing of the voices).
    fn around_within<T>(&self, limit: Duration, request: impl FnOnce() -> T) -> T {
        self.limit.store(limit.as_millis() as u64, Ordering::SeqCst);
        let now = self.base.elapsed().as_millis() as u64 + 1;
        self.since.store(now, Ordering::SeqCst);
        let answer = request();
        self.since.store(0, Ordering::SeqCst);
        answer
    }

    /// The limit of the request out when it has gone unanswered that long.
    fn stuck(&self) -> Option<Duration> {
        let limit = self.limit.load(Ordering::SeqCst);
        match self.since.load(Ordering::SeqCst) {
            0 => None,
            since => (self.base.elapsed().as_millis() as u64 + 1 >= since + limit)
                .then(|| Duration::from_millis(limit)),
        }
    }
}

/// Speech settings from the configuration file.
///
/// `rate` and `volume` are normalised to `0.0..=1.0` whatever the synthesiser's own units: for the rate
/// 0.0 is the slowest, 0.5 the synthesiser's normal rate and 1.0 the fastest; for the volume 0.0 is the
/// quietest and 1.0 the loudest (speech-dispatcher: -100..100). Values outside are clamped; `None`
/// leaves the system setting. Voices are named as the synthesiser lists them (`spd-say -L`: "German",
/// "Greek", "English (Great Britain)").
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SpeechConfig {
    pub rate: Option<f32>,
    pub volume: Option<f32>,
    /// Voice for utterances without a language, and for languages without a voice of their own.
    pub voice: Option<String>,
    /// Voice per language tag, e.g. `{"de": "German", "el": "Greek"}`; a tag also matches by its
    /// primary subtag ("en" serves "en-GB"). A language without an entry gets the first voice the
    /// synthesiser lists for it.
    pub voices: BTreeMap<String, String>,
    /// Which backend speaks (`SpeechDispatcher` or `Tts`); `--speech-engine` wins. `None`: the platform's
    /// default (speech-dispatcher on Linux, tts elsewhere).
    pub engine: Option<SpeechEngine>,
}

/// Why speech is off.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpeechOff {
    #[error("speech was switched off")]
    Disabled,
    #[error("the speech server did not answer within {0:?}")]
    TimedOut(Duration),
    #[error("no speech server: {0}")]
    Unavailable(String),
    #[error("the speech server has no voice")]
    NoVoice,
    #[error("speech-dispatcher has no output module but its dummy (install {VOICE_PACKAGE})")]
    NoModule,
    #[error("the speech server does not finish speaking (no sound output?)")]
    Silent,
    #[error("speech failed: {0}")]
    Failed(String),
}

/// The state of speech, for a notice to the player: from [`Speech::start`], and each change after it
/// once from [`Speech::take_notice`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpeechStatus {
    On,
    /// Not connected yet; utterances are kept and spoken once it connects. Later exactly one notice
    /// says `On` or `Off`.
    Starting,
    Off(SpeechOff),
    /// No voice for this language (a lower-case tag): its utterances are shown as text only; the other
    /// languages are still spoken.
    LanguageOff(String),
}

enum Msg {
    Say(Utterance),
    /// An utterance ended or was cancelled.
    Ended(Key),
    Silence,
    /// Answer when everything has been spoken.
    Flush(Sender<()>),
    /// The synthesiser's voices, listed in the background (by speech-dispatcher's backend, Linux only).
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    Voices(Result<Vec<(String, String)>, String>),
    Quit,
}

/// Where the connection stands, as the handle sees it.
enum Link {
    Pending {
        ready: Receiver<Result<(), SpeechOff>>,
        give_up_at: Instant,
        give_up: Duration,
    },
    On,
    Off,
}

struct State {
    link: Link,
    /// A change not yet reported by `take_notice`.
    unreported: Option<SpeechStatus>,
}

/// Handle to the speech thread; cheap to use from the session loop (`Send` and `Sync`). Dropping it
/// ends the thread.
pub struct Speech {
    tx: Option<Sender<Msg>>,
    /// Changes after a good start, from the thread: failures, languages without a voice.
    failures: Option<Mutex<Receiver<SpeechStatus>>>,
    state: Mutex<State>,
    /// True while the thread lists the voices and checks the languages against them.
    checking: Arc<AtomicBool>,
    /// A request the thread has sent to the server and not had answered.
    waiting: Arc<Waiting>,
}

impl std::fmt::Debug for Speech {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Speech")
            .field("on", &self.is_on())
            .finish_non_exhaustive()
    }
}

impl Speech {
    /// Speech that says nothing (`--speech off`).
    pub fn disabled() -> Speech {
        Speech {
            tx: None,
            failures: None,
            state: Mutex::new(State {
                link: Link::Off,
                unreported: None,
            }),
            checking: Arc::default(),
            waiting: Arc::new(Waiting::new()),
        }
    }

    /// Start the speech thread and wait at most [`START_TIMEOUT`] for it to connect; a pending
    /// connection is given up [`GIVE_UP`] after the start.
    pub fn start(config: SpeechConfig) -> (Speech, SpeechStatus) {
        Speech::start_with_limits(config, START_TIMEOUT, GIVE_UP)
    }

    /// [`Speech::start`] with other limits (tests; `give_up` below `wait` means `wait`).
    pub fn start_with_limits(
        config: SpeechConfig,
        wait: Duration,
        give_up: Duration,
    ) -> (Speech, SpeechStatus) {
        Speech::start_for(config, Vec::new(), wait, give_up)
    }

    /// [`Speech::start_with_limits`] ready for `languages` (tags, the first also for utterances without
    /// one): a connection each is opened before speech is on, and each is checked for a voice.
    pub fn start_for(
        config: SpeechConfig,
        languages: Vec<String>,
        wait: Duration,
        give_up: Duration,
    ) -> (Speech, SpeechStatus) {
        let started = Instant::now();
        let (tx, rx) = mpsc::channel();
        let (ready_tx, ready_rx) = mpsc::sync_channel(1);
        let (failure_tx, failure_rx) = mpsc::channel();
        let events = tx.clone();
        let checking = Arc::new(AtomicBool::new(false));
        let checking_thread = checking.clone();
        let waiting = Arc::new(Waiting::new());
        let waiting_thread = waiting.clone();
        let spawned = thread::Builder::new().name("speech".into()).spawn(move || {
            run(
                config,
                languages,
                ready_tx,
                events,
                rx,
                failure_tx,
                (checking_thread, waiting_thread),
            )
        });
        if let Err(e) = spawned {
            return (
                Speech::disabled(),
                SpeechStatus::Off(SpeechOff::Failed(e.to_string())),
            );
        }
        let (link, status) = match ready_rx.recv_timeout(wait) {
            Ok(Ok(())) => (Link::On, SpeechStatus::On),
            Ok(Err(off)) => (Link::Off, SpeechStatus::Off(off)),
            Err(RecvTimeoutError::Disconnected) => (
                Link::Off,
                SpeechStatus::Off(SpeechOff::Failed("the speech thread ended".into())),
            ),
            Err(RecvTimeoutError::Timeout) if give_up <= wait => {
                (Link::Off, SpeechStatus::Off(SpeechOff::TimedOut(wait)))
            }
            Err(RecvTimeoutError::Timeout) => {
                let link = Link::Pending {
                    ready: ready_rx,
                    give_up_at: started + give_up,
                    give_up,
                };
                (link, SpeechStatus::Starting)
            }
        };
        if matches!(link, Link::Off) {
            // `ready_rx` is gone: a late connection fails its report and ends its thread.
            let _ = tx.send(Msg::Quit);
            return (Speech::disabled(), status);
        }
        let speech = Speech {
            tx: Some(tx),
            failures: Some(Mutex::new(failure_rx)),
            state: Mutex::new(State {
                link,
                unreported: None,
            }),
            checking,
            waiting,
        };
        (speech, status)
    }

    /// Settle a pending connection if it has connected, failed or run out of time; true when on.
    fn poll(&self) -> bool {
        let Ok(mut state) = self.state.lock() else {
            return false;
        };
        let change = match &state.link {
            Link::On if let Some(limit) = self.waiting.stuck() => {
                SpeechStatus::Off(SpeechOff::TimedOut(limit))
            }
            Link::On => return true,
            Link::Off => return false,
            Link::Pending {
                ready,
                give_up_at,
                give_up,
            } => match ready.try_recv() {
                Ok(Ok(())) => SpeechStatus::On,
                Ok(Err(off)) => SpeechStatus::Off(off),
                Err(TryRecvError::Disconnected) => {
                    SpeechStatus::Off(SpeechOff::Failed("the speech thread ended".into()))
                }
                Err(TryRecvError::Empty) if Instant::now() >= *give_up_at => {
                    SpeechStatus::Off(SpeechOff::TimedOut(*give_up))
                }
                Err(TryRecvError::Empty) => return false,
            },
        };
        let on = change == SpeechStatus::On;
        state.link = if on { Link::On } else { Link::Off };
        state.unreported = Some(change);
        if !on && let Some(tx) = &self.tx {
            let _ = tx.send(Msg::Quit);
        }
        on
    }

    /// Whether the connection is still being made (utterances are kept until it is).
    pub fn pending(&self) -> bool {
        self.state
            .lock()
            .is_ok_and(|s| matches!(s.link, Link::Pending { .. }))
    }

    /// Whether the voices are still being checked (a notice may follow: poll [`Speech::take_notice`]).
    pub fn checking(&self) -> bool {
        self.checking.load(Ordering::SeqCst) && self.is_on()
    }

    /// Whether speech is on (connected and not failed).
    pub fn is_on(&self) -> bool {
        self.poll()
    }

    /// Whether speech is on and something is out: a text not yet spoken to its end, or a request not yet
    /// answered. A server that stops answering is found out only by looking ([`Speech::take_notice`] after
    /// [`ANSWER_LIMIT`], or the thread's own limit on a text that never ends): a face that sleeps until its
    /// next input while this is true would never tell the player that speech is off.
    pub fn busy(&self) -> bool {
        self.waiting.busy() && self.is_on()
    }

    /// Say something, by the rules of its [`Priority`]. Never blocks; a no-op when speech is off.
    /// While speech is starting, utterances are kept and spoken once it connects.
    pub fn say(&self, utterance: Utterance) {
        if (self.poll() || self.pending())
            && let Some(tx) = &self.tx
        {
            // Counted before it is sent, so the face never sees speech idle while the text is on its way.
            self.waiting.said.fetch_add(1, Ordering::SeqCst);
            if tx.send(Msg::Say(utterance)).is_err() {
                self.waiting.said.fetch_sub(1, Ordering::SeqCst);
            }
        }
    }

    /// Stop the running utterance and drop all waiting ones (the player asked for silence).
    pub fn silence(&self) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(Msg::Silence);
        }
    }

    /// Wait until everything sent so far has been spoken, at most `max` (e.g. before quitting, so that
    /// the last announcement is heard). Returns whether speech was quiet in time; `true` when off.
    pub fn wait_until_quiet(&self, max: Duration) -> bool {
        if !self.poll() {
            return true;
        }
        let Some(tx) = &self.tx else { return true };
        let (done_tx, done_rx) = mpsc::channel();
        if tx.send(Msg::Flush(done_tx)).is_err() {
            return true;
        }
        !matches!(done_rx.recv_timeout(max), Err(RecvTimeoutError::Timeout))
    }

    /// The next change of state not yet reported: a pending start that came on or was given up, a
    /// failure after a good start (e.g. speech-dispatcher went away), a language without a voice. Poll it from the main loop.
    pub fn take_notice(&self) -> Option<SpeechStatus> {
        self.poll();
        if let Ok(mut state) = self.state.lock()
            && let Some(change) = state.unreported.take()
        {
            return Some(change);
        }
        let change = self.failures.as_ref()?.lock().ok()?.try_recv().ok()?;
        if matches!(change, SpeechStatus::Off(_))
            && let Ok(mut state) = self.state.lock()
        {
            state.link = Link::Off;
        }
        Some(change)
    }
}

impl Drop for Speech {
    fn drop(&mut self) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(Msg::Quit);
        }
    }
}

/// Longest an utterance may take before the thread stops waiting for its end: 3 s to start, and
/// 250 ms a character (espeak-ng at its slowest rate speaks about 8 characters a second).
fn watchdog(text: &str) -> Duration {
    let chars = text.chars().count() as u64;
    Duration::from_millis((3_000 + 250 * chars).min(120_000))
}

/// Utterance ids from a backend: (its channel's or connection's number, the utterance's id).
type Key = (usize, u64);

/// Which backend speaks: `--speech-engine`, or `engine` in the output settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, clap::ValueEnum)]
pub enum SpeechEngine {
    /// speech-dispatcher directly, one connection per language (Linux only; its default there).
    SpeechDispatcher,
    /// The `tts` crate: Tolk (NVDA, JAWS) or WinRT on Windows, AVFoundation on macOS, speech-dispatcher on
    /// Linux. The default on Windows and macOS.
    Tts,
}

impl Default for SpeechEngine {
    fn default() -> SpeechEngine {
        if cfg!(target_os = "linux") {
            SpeechEngine::SpeechDispatcher
        } else {
            SpeechEngine::Tts
        }
    }
}

/// What the speech thread asks of a backend (src/speech/direct.rs, src/speech/tts_engine.rs). A backend
/// lives and is used on the speech thread only; the requests that may hang are run by the caller inside
/// [`Waiting::around`], so a server that stops answering is reported.
trait Engine {
    /// The channel opened for `language`: by the whole tag, else by its primary subtag.
    fn channel_of(&self, language: &str) -> Option<usize>;
    /// A channel for a language not opened at the start.
    fn open(&mut self, language: &str) -> Option<usize>;
    /// No voice for the channel's language: its utterances are shown as text only.
    fn is_off(&self, channel: usize) -> bool;
    fn channels(&self) -> usize;
    /// Start saying `text`. `Ok(Some(key))`: a [`Msg::Ended`] with that key follows; `Ok(None)`: no end
    /// will be reported (a screen reader took it), the next text may follow at once. `interrupt`: the
    /// running text is cut off.
    fn say(&mut self, channel: usize, text: &str, interrupt: bool) -> Result<Option<Key>, String>;
    fn cancel(&mut self, channel: usize);
    /// List the voices once: `Some` now (they are set before the first text is said), or `None` when they
    /// come later as [`Msg::Voices`] from a thread of its own.
    fn list_voices(&mut self, to: &Sender<Msg>) -> Option<Result<Vec<(String, String)>, String>>;
    /// The voices are listed: set each channel's voice once; returns the languages that have none (their
    /// channels are off from now on). `around` runs one request marked as waiting.
    fn use_voices(
        &mut self,
        voices: &[(String, String)],
        around: &dyn Fn(&mut dyn FnMut()),
    ) -> Vec<String>;
    /// How long setting a voice may take ([`ANSWER_LIMIT`]; tts on speech-dispatcher lists every voice).
    fn voice_limit(&self) -> Duration {
        ANSWER_LIMIT
    }
    /// How often [`Engine::tick`] is called while a text is spoken (`None`: the end is reported by event).
    fn tick_every(&self) -> Option<Duration> {
        None
    }
    /// Lets the platform deliver its events (macOS: the run loop); true when the text on `channel` has
    /// ended.
    fn tick(&mut self, _channel: usize) -> bool {
        false
    }
    /// Whether a text whose end never comes means a server that cannot speak (speech off), rather than
    /// an end event this platform may not deliver (the thread then moves on).
    fn end_is_reported(&self) -> bool {
        true
    }
}

/// The channel among `languages` for `language`: by the whole tag, else by its primary subtag.
fn channel_of<'a>(
    mut languages: impl Iterator<Item = Option<&'a str>> + Clone,
    language: &str,
) -> Option<usize> {
    let language = language.to_ascii_lowercase();
    let primary = |tag: &str| tag.split(['-', '_']).next().unwrap_or("").to_owned();
    languages
        .clone()
        .position(|l| l == Some(language.as_str()))
        .or_else(|| languages.position(|l| l.is_some_and(|l| primary(l) == primary(&language))))
}

/// Starts the backend `config.engine` names (or the platform's default).
fn open_engine(
    config: &SpeechConfig,
    languages: &[String],
    events: &Sender<Msg>,
) -> Result<Box<dyn Engine>, SpeechOff> {
    match config.engine.unwrap_or_default() {
        #[cfg(target_os = "linux")]
        SpeechEngine::SpeechDispatcher => {
            Ok(Box::new(direct::open(config, languages, events)?) as Box<dyn Engine>)
        }
        #[cfg(not(target_os = "linux"))]
        SpeechEngine::SpeechDispatcher => Err(SpeechOff::Unavailable(
            "speech-dispatcher is only on Linux; use --speech-engine tts".into(),
        )),
        SpeechEngine::Tts => Ok(Box::new(tts_engine::open(config, languages, events)?)),
    }
}

fn run(
    config: SpeechConfig,
    languages: Vec<String>,
    ready: SyncSender<Result<(), SpeechOff>>,
    events: Sender<Msg>,
    rx: Receiver<Msg>,
    notices: Sender<SpeechStatus>,
    (checking, waiting): (Arc<AtomicBool>, Arc<Waiting>),
) {
    let mut wanted: Vec<String> = Vec::new();
    for l in &languages {
        let l = l.trim().to_ascii_lowercase();
        if !l.is_empty() && !wanted.contains(&l) {
            wanted.push(l);
        }
    }
    // Made here and never moved: a `tts::Tts` wraps an `Rc` (it claims `Send` but is not).
    let mut engine = match open_engine(&config, &wanted, &events) {
        Ok(e) => e,
        Err(off) => {
            let _ = ready.send(Err(off));
            return;
        }
    };
    // Set before speech is reported on, so that a face polling for notices sees the check coming.
    checking.store(true, Ordering::SeqCst);
    if ready.send(Ok(())).is_err() {
        checking.store(false, Ordering::SeqCst);
        return; // The caller gave up waiting: speech is off for good.
    }
    let listed = waiting.around_within(LIST_LIMIT, || engine.list_voices(&events));
    let mut speaker = Speaker {
        engine,
        queue: SpeechQueue::new(),
        running: None,
        last: None,
        waiters: Vec::new(),
        dead: false,
        notices,
        checking,
        waiting,
    };
    if let Some(listed) = listed {
        if let Ok(voices) = listed {
            speaker.check_voices(&voices);
        }
        speaker.checking.store(false, Ordering::SeqCst);
    }
    speaker.serve(rx);
    speaker.checking.store(false, Ordering::SeqCst);
}

/// The utterance being spoken.
struct Running {
    channel: usize,
    /// The backend's id of it (events carry it).
    key: Key,
    started: Instant,
    /// How long to wait for its end before moving on (see [`watchdog`]).
    limit: Duration,
}

/// The speech thread's state.
struct Speaker {
    engine: Box<dyn Engine>,
    queue: SpeechQueue,
    running: Option<Running>,
    /// The priority of the last text handed to a backend that reports no end (a screen reader's own queue).
    last: Option<Priority>,
    waiters: Vec<Sender<()>>,
    dead: bool,
    notices: Sender<SpeechStatus>,
    /// True while the voices are being listed and checked.
    checking: Arc<AtomicBool>,
    /// Marks each request to the server while it is out.
    waiting: Arc<Waiting>,
}

impl Speaker {
    fn serve(&mut self, rx: Receiver<Msg>) {
        // Texts taken from the handle so far (see `Waiting::busy`).
        let mut taken: u64 = 0;
        loop {
            let msg = match &self.running {
                Some(r) => {
                    let mut wait = r.limit.saturating_sub(r.started.elapsed());
                    if let Some(tick) = self.engine.tick_every() {
                        wait = wait.min(tick);
                    }
                    match rx.recv_timeout(wait) {
                        Ok(msg) => Some(msg),
                        Err(RecvTimeoutError::Timeout) => None,
                        Err(RecvTimeoutError::Disconnected) => return,
                    }
                }
                None => match rx.recv() {
                    Ok(msg) => Some(msg),
                    Err(_) => return,
                },
            };
            match msg {
                Some(Msg::Quit) => return,
                Some(Msg::Say(_)) if self.dead => taken += 1,
                Some(Msg::Say(u)) => {
                    taken += 1;
                    let step = self.queue.push(u);
                    self.perform(step);
                }
                Some(Msg::Ended(key)) => {
                    if self.running.as_ref().is_some_and(|r| r.key == key) {
                        self.next();
                    }
                }
                Some(Msg::Silence) => {
                    self.cancel_all();
                    self.queue.silence();
                    self.running = None;
                    self.last = None;
                }
                Some(Msg::Flush(done)) => self.waiters.push(done),
                Some(Msg::Voices(Ok(voices))) => {
                    self.check_voices(&voices);
                    self.checking.store(false, Ordering::SeqCst);
                }
                Some(Msg::Voices(Err(_))) => self.checking.store(false, Ordering::SeqCst), // Keep the default voices.
                None => self.check_running(),
            }
            if self.queue.is_idle() && self.running.is_none() {
                self.waiting.settled.store(taken, Ordering::SeqCst);
            }
            if self.queue.is_idle() {
                for w in self.waiters.drain(..) {
                    let _ = w.send(());
                }
            }
        }
    }

    /// The voices are listed: a language without a voice is said once and shown as text from now on;
    /// the others get the voice [`choose_voice`] picks (a setting of their own channel, made once).
    fn check_voices(&mut self, voices: &[(String, String)]) {
        if voices.is_empty() {
            self.fail(SpeechOff::NoVoice);
            return;
        }
        let waiting = self.waiting.clone();
        let limit = self.engine.voice_limit();
        let off = self
            .engine
            .use_voices(voices, &|request| waiting.around_within(limit, request));
        for language in off {
            let _ = self.notices.send(SpeechStatus::LanguageOff(language));
        }
    }

    /// The channel for `language`: the one opened for it (by the whole tag, then its primary subtag),
    /// else a new one; the first channel for utterances without a language.
    fn channel_for(&mut self, language: Option<&str>) -> Option<usize> {
        let Some(language) = language.map(str::to_ascii_lowercase) else {
            return Some(0);
        };
        if let Some(i) = self.engine.channel_of(&language) {
            return Some(i);
        }
        // A new channel is set to its voice (tts on speech-dispatcher lists the voices to do it).
        let limit = self.engine.voice_limit();
        let engine = &mut self.engine;
        self.waiting.around_within(limit, || engine.open(&language))
    }

    fn cancel_all(&mut self) {
        for c in 0..self.engine.channels() {
            let engine = &mut self.engine;
            self.waiting.around(|| engine.cancel(c));
        }
    }

    /// [`Speaker::cancel_all`] once speech is off and said so: a server that does not answer this is not
    /// reported a second time.
    fn cancel_all_unwatched(&mut self) {
        for c in 0..self.engine.channels() {
            self.engine.cancel(c);
        }
    }

    /// Speech has broken down: say so once, then stay silent.
    fn fail(&mut self, why: SpeechOff) {
        if !self.dead {
            self.dead = true;
            self.queue.silence();
            self.running = None;
            // Said before the cancel: a server that stopped answering may not answer that either.
            let _ = self.notices.send(SpeechStatus::Off(why));
            self.cancel_all_unwatched();
        }
    }

    /// No end came in time. An utterance that never ends means a server that cannot speak (a
    /// speech-dispatcher started before any sound server reports the beginning and then nothing):
    /// speech is off. A backend that may not deliver its end events moves on instead.
    fn check_running(&mut self) {
        let Some(r) = &self.running else { return };
        let channel = r.channel;
        let timed_out = r.started.elapsed() >= r.limit;
        if self.engine.tick_every().is_some() && self.engine.tick(channel) {
            self.next();
        } else if timed_out && self.engine.end_is_reported() {
            self.fail(SpeechOff::Silent);
        } else if timed_out {
            self.next();
        }
    }

    fn next(&mut self) {
        self.running = None;
        let step = self.queue.finished();
        self.perform(step);
    }

    fn perform(&mut self, mut step: Step) {
        while let Step::Speak { utterance, cut_off } = step {
            if cut_off {
                self.running = None;
                self.cancel_all();
            }
            let text = utterance.text.trim();
            let channel = self.channel_for(utterance.language.as_deref());
            let Some(channel) = channel.filter(|&i| !self.engine.is_off(i) && !text.is_empty())
            else {
                step = self.queue.finished();
                continue;
            };
            // A backend without end events hands each text on at once: a text that would cut off the
            // last one handed on interrupts the screen reader's own queue.
            let interrupt = cut_off
                || self
                    .last
                    .is_some_and(|last| utterance.priority.cuts_off(last));
            let engine = &mut self.engine;
            let said = self.waiting.around(|| engine.say(channel, text, interrupt));
            match said {
                Ok(Some(key)) => {
                    self.last = None;
                    self.running = Some(Running {
                        channel,
                        key,
                        started: Instant::now(),
                        limit: watchdog(text),
                    });
                }
                Ok(None) => {
                    self.last = Some(utterance.priority);
                    step = self.queue.finished();
                    continue;
                }
                Err(e) => self.fail(SpeechOff::Failed(e)),
            }
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_reads_from_ron() {
        let c: SpeechConfig =
            ron::from_str(r#"(rate: Some(0.6), voices: {"de": "German", "el": "Greek"})"#).unwrap();
        assert_eq!(c.rate, Some(0.6));
        assert_eq!(c.voices.get("el").map(String::as_str), Some("Greek"));
        assert_eq!(c.volume, None);
    }

    #[test]
    fn the_backend_is_chosen_in_the_settings_or_by_the_platform() {
        let c: SpeechConfig = ron::from_str("(engine: Some(Tts))").unwrap();
        assert_eq!(c.engine, Some(SpeechEngine::Tts));
        let c: SpeechConfig = ron::from_str("(engine: Some(SpeechDispatcher))").unwrap();
        assert_eq!(c.engine, Some(SpeechEngine::SpeechDispatcher));
        assert!(ron::from_str::<SpeechConfig>("(engine: Some(Espeak))").is_err());
        let default = SpeechEngine::default();
        assert_eq!(
            default == SpeechEngine::SpeechDispatcher,
            cfg!(target_os = "linux")
        );
    }

    #[test]
    fn a_language_finds_its_channel_by_tag_then_primary_subtag() {
        let languages = [Some("en"), Some("de-at"), None];
        assert_eq!(channel_of(languages.iter().copied(), "DE-AT"), Some(1));
        assert_eq!(channel_of(languages.iter().copied(), "de"), Some(1));
        assert_eq!(channel_of(languages.iter().copied(), "en-GB"), Some(0));
        assert_eq!(channel_of(languages.iter().copied(), "el"), None);
    }

    #[test]
    fn handles_can_be_shared_between_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<Speech>();
        send_sync::<crate::sound::Sound>();
    }

    #[test]
    fn disabled_speech_is_silent_and_quiet() {
        let s = Speech::disabled();
        assert!(!s.is_on());
        s.say(Utterance::new("nothing", Priority::Queue));
        assert!(s.wait_until_quiet(Duration::ZERO));
        assert_eq!(s.take_notice(), None);
    }
}
