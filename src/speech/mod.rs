//! Speech: one thread owns the text-to-speech connection (tts over speech-dispatcher); the rest of hector sends it utterances.
//!
//! The `tts::Tts` object is not thread-safe (an `Rc` inside an `unsafe impl Send`), so it is created,
//! used and dropped on the speech thread only. Creation may fail or hang (no speech-dispatcher, one
//! that never answers, no voice). [`Speech::start`] waits at most [`START_TIMEOUT`]: by then speech is
//! on, off (with the reason), or still starting (a speech-dispatcher spawned on demand needs about
//! 2.5 s to come up). A start still pending is given up after [`GIVE_UP`]; the change is reported once
//! by [`Speech::take_notice`]. Once speech is off every [`Speech::say`] is a no-op and hector runs on in
//! text; nothing ever blocks the caller, and a thread stuck in a hung connection is left detached.

mod queue;

pub use queue::{Priority, SpeechQueue, Step, Utterance};

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use serde::Deserialize;

/// How long [`Speech::start`] waits for the speech thread to connect.
pub const START_TIMEOUT: Duration = Duration::from_secs(2);
/// How long after its start a connection still pending is given up and speech reported off.
pub const GIVE_UP: Duration = Duration::from_secs(10);

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
}

enum Msg {
    Say(Utterance),
    /// An utterance ended or was stopped (key: the backend's utterance id, printed).
    Ended(String),
    Silence,
    /// Answer when everything has been spoken.
    Flush(Sender<()>),
    /// The synthesiser's voices, listed in the background.
    Voices(Result<Vec<tts::Voice>, String>),
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
    /// Failures after a good start, from the thread.
    failures: Option<Mutex<Receiver<SpeechOff>>>,
    state: Mutex<State>,
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
        let started = Instant::now();
        let (tx, rx) = mpsc::channel();
        let (ready_tx, ready_rx) = mpsc::sync_channel(1);
        let (failure_tx, failure_rx) = mpsc::channel();
        let events = tx.clone();
        let spawned = thread::Builder::new()
            .name("speech".into())
            .spawn(move || run(config, ready_tx, events, rx, failure_tx));
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
        };
        (speech, status)
    }

    /// Settle a pending connection if it has connected, failed or run out of time; true when on.
    fn poll(&self) -> bool {
        let Ok(mut state) = self.state.lock() else {
            return false;
        };
        let change = match &state.link {
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

    /// Whether speech is on (connected and not failed).
    pub fn is_on(&self) -> bool {
        self.poll()
    }

    /// Say something, by the rules of its [`Priority`]. Never blocks; a no-op when speech is off.
    /// While speech is starting, utterances are kept and spoken once it connects.
    pub fn say(&self, utterance: Utterance) {
        if (self.poll() || self.pending())
            && let Some(tx) = &self.tx
        {
            let _ = tx.send(Msg::Say(utterance));
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

    /// The next change of state not yet reported: a pending start that came on or was given up, or a
    /// failure after a good start (e.g. speech-dispatcher went away). Poll it from the main loop.
    pub fn take_notice(&self) -> Option<SpeechStatus> {
        self.poll();
        if let Ok(mut state) = self.state.lock()
            && let Some(change) = state.unreported.take()
        {
            return Some(change);
        }
        let failure = self.failures.as_ref()?.lock().ok()?.try_recv().ok()?;
        if let Ok(mut state) = self.state.lock() {
            state.link = Link::Off;
        }
        Some(SpeechStatus::Off(failure))
    }
}

impl Drop for Speech {
    fn drop(&mut self) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(Msg::Quit);
        }
    }
}

/// Map a normalised setting (0..=1, 0.5 normal) onto the synthesiser's range.
pub fn scale_rate(value: f32, min: f32, normal: f32, max: f32) -> f32 {
    let v = if value.is_nan() {
        0.5
    } else {
        value.clamp(0.0, 1.0)
    };
    if v <= 0.5 {
        min + (normal - min) * (v / 0.5)
    } else {
        normal + (max - normal) * ((v - 0.5) / 0.5)
    }
}

/// Map a normalised volume (0..=1) linearly onto the synthesiser's range.
pub fn scale_volume(value: f32, min: f32, max: f32) -> f32 {
    let v = if value.is_nan() {
        1.0
    } else {
        value.clamp(0.0, 1.0)
    };
    min + (max - min) * v
}

/// Choose a voice name for `language` among `voices` (name, language tag), by the rules of
/// [`SpeechConfig`]. `None`: keep the current voice.
pub fn choose_voice<'a>(
    config: &'a SpeechConfig,
    voices: &'a [(String, String)],
    language: Option<&str>,
) -> Option<&'a str> {
    let known = |name: &str| voices.iter().any(|(n, _)| n == name);
    let default = config.voice.as_deref().filter(|v| known(v));
    let Some(language) = language else {
        return default;
    };
    let language = language.to_ascii_lowercase();
    let primary = language.split(['-', '_']).next().unwrap_or("");
    let primary_of = |tag: &str| {
        tag.split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    let configured = config
        .voices
        .iter()
        .find(|(l, _)| l.to_ascii_lowercase() == language)
        .or_else(|| {
            config
                .voices
                .iter()
                .find(|(l, _)| l.to_ascii_lowercase() == primary)
        })
        .map(|(_, v)| v.as_str())
        .filter(|v| known(v));
    if configured.is_some() {
        return configured;
    }
    if let Some(d) = default
        && voices
            .iter()
            .any(|(n, l)| n == d && primary_of(l) == primary)
    {
        return Some(d);
    }
    // Plain voices first ("German" before the variant "German+Anika").
    let plain = |n: &str| !n.contains('+');
    let pick = |exact: bool, plain_only: bool| {
        voices
            .iter()
            .find(|(n, l)| {
                (!plain_only || plain(n))
                    && if exact {
                        l.to_ascii_lowercase() == language
                    } else {
                        primary_of(l) == primary
                    }
            })
            .map(|(n, _)| n.as_str())
    };
    pick(true, true)
        .or_else(|| pick(false, true))
        .or_else(|| pick(true, false))
        .or_else(|| pick(false, false))
        .or(default)
}

/// How the thread learns that an utterance has ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum EndSignal {
    Callbacks,
    Poll,
    /// The backend queues by itself: hand utterances over at once.
    None,
}

/// Longest an utterance may take before the thread stops waiting for its end: 3 s to start, and
/// 250 ms a character (espeak-ng at its slowest rate speaks about 8 characters a second).
fn watchdog(text: &str) -> Duration {
    let chars = text.chars().count() as u64;
    Duration::from_millis((3_000 + 250 * chars).min(120_000))
}

fn run(
    config: SpeechConfig,
    ready: SyncSender<Result<(), SpeechOff>>,
    events: Sender<Msg>,
    rx: Receiver<Msg>,
    notices: Sender<SpeechOff>,
) {
    let voices_to = events.clone();
    let mut tts = match tts::Tts::default() {
        Ok(tts) => tts,
        Err(e) => {
            let _ = ready.send(Err(SpeechOff::Unavailable(e.to_string())));
            return;
        }
    };
    let features = tts.supported_features();
    if let Some(rate) = config.rate
        && features.rate
    {
        let r = scale_rate(rate, tts.min_rate(), tts.normal_rate(), tts.max_rate());
        let _ = tts.set_rate(r);
    }
    if let Some(volume) = config.volume
        && features.volume
    {
        let _ = tts.set_volume(scale_volume(volume, tts.min_volume(), tts.max_volume()));
    }
    let end_signal = if features.utterance_callbacks {
        let on_end = events.clone();
        let on_stop = events.clone();
        let ok = tts
            .on_utterance_end(Some(Box::new(move |id| {
                let _ = on_end.send(Msg::Ended(format!("{id:?}")));
            })))
            .is_ok()
            && tts
                .on_utterance_stop(Some(Box::new(move |id| {
                    let _ = on_stop.send(Msg::Ended(format!("{id:?}")));
                })))
                .is_ok();
        if ok {
            EndSignal::Callbacks
        } else {
            EndSignal::Poll
        }
    } else if features.is_speaking {
        EndSignal::Poll
    } else {
        EndSignal::None
    };
    if ready.send(Ok(())).is_err() {
        return; // The caller gave up waiting: speech is off for good.
    }
    if features.voice {
        list_voices(voices_to);
    }
    let mut speaker = Speaker {
        tts,
        config,
        voices: None,
        current_voice: None,
        last_language: None,
        end_signal,
        queue: SpeechQueue::new(),
        running: None,
        waiters: Vec::new(),
        dead: false,
        notices,
    };
    speaker.serve(rx);
}

/// List the voices on a thread and connection of their own and send them to the speech thread:
/// with espeak-ng's thousands of variants the list takes seconds, and speech must not wait for it.
fn list_voices(to: Sender<Msg>) {
    let _ = thread::Builder::new()
        .name("speech-voices".into())
        .spawn(move || {
            let listed = tts::Tts::default()
                .and_then(|tts| tts.voices())
                .map_err(|e| e.to_string());
            let _ = to.send(Msg::Voices(listed));
        });
}

/// The synthesiser's voices: (name, language tag) for [`choose_voice`], and the voices themselves.
struct Voices {
    named: Vec<(String, String)>,
    all: Vec<tts::Voice>,
}

/// The utterance being spoken.
struct Running {
    /// The backend's utterance id, printed (events carry it).
    key: Option<String>,
    started: Instant,
    /// How long to wait for its end before moving on (see [`watchdog`]).
    limit: Duration,
}

/// The speech thread's state.
struct Speaker {
    tts: tts::Tts,
    config: SpeechConfig,
    /// The synthesiser's voices, once listed.
    voices: Option<Voices>,
    current_voice: Option<String>,
    /// The language of the latest utterance (the voice to choose once the voices are listed).
    last_language: Option<String>,
    end_signal: EndSignal,
    queue: SpeechQueue,
    running: Option<Running>,
    waiters: Vec<Sender<()>>,
    dead: bool,
    notices: Sender<SpeechOff>,
}

const POLL: Duration = Duration::from_millis(50);

impl Speaker {
    fn serve(&mut self, rx: Receiver<Msg>) {
        loop {
            let msg = match &self.running {
                Some(r) => {
                    let wait = match self.end_signal {
                        EndSignal::Poll => POLL,
                        _ => r.limit.saturating_sub(r.started.elapsed()),
                    };
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
                Some(Msg::Say(u)) if !self.dead => {
                    let step = self.queue.push(u);
                    self.perform(step);
                }
                Some(Msg::Say(_)) => {}
                Some(Msg::Ended(key)) => {
                    if self
                        .running
                        .as_ref()
                        .is_some_and(|r| r.key.as_ref() == Some(&key))
                    {
                        self.next();
                    }
                }
                Some(Msg::Silence) => {
                    let _ = self.tts.stop();
                    self.queue.silence();
                    self.running = None;
                }
                Some(Msg::Flush(done)) => self.waiters.push(done),
                Some(Msg::Voices(Ok(voices))) if voices.is_empty() => self.fail(SpeechOff::NoVoice),
                Some(Msg::Voices(Ok(voices))) => {
                    let named = voices
                        .iter()
                        .map(|v| (v.name(), v.language().to_string()))
                        .collect();
                    self.voices = Some(Voices { named, all: voices });
                    if self.running.is_none() {
                        self.apply_voice(); // Now, while quiet, rather than before the next utterance.
                    }
                }
                Some(Msg::Voices(Err(_))) => {} // Keep the default voice.
                None => self.check_running(),
            }
            if self.queue.is_idle() {
                for w in self.waiters.drain(..) {
                    let _ = w.send(());
                }
            }
        }
    }

    /// Choose the voice for the language last asked for. Until the voices are listed the default
    /// voice speaks. Changing the voice costs as much as listing them (tts looks the name up in the
    /// whole list: about 2 s with espeak-ng's thousands of variants), so it happens only on a change.
    fn apply_voice(&mut self) {
        if let Some(voices) = &self.voices
            && let Some(name) =
                choose_voice(&self.config, &voices.named, self.last_language.as_deref())
            && self.current_voice.as_deref() != Some(name)
            && let Some(voice) = voices.all.iter().find(|v| v.name() == name)
            && self.tts.set_voice(voice).is_ok()
        {
            self.current_voice = Some(name.to_owned());
        }
    }

    /// Speech has broken down: say so once, then stay silent.
    fn fail(&mut self, why: SpeechOff) {
        if !self.dead {
            self.dead = true;
            self.queue.silence();
            self.running = None;
            let _ = self.tts.stop();
            let _ = self.notices.send(why);
        }
    }

    /// No message came in time: poll the backend, or give up waiting for the end. With end events, an
    /// utterance that never ends means a server that cannot speak (a speech-dispatcher started before
    /// any sound server reports the beginning and then nothing): speech is off.
    fn check_running(&mut self) {
        let Some(r) = &self.running else {
            return;
        };
        let elapsed = r.started.elapsed();
        let quiet = self.end_signal == EndSignal::Poll
            && elapsed > Duration::from_millis(300)
            && !self.tts.is_speaking().unwrap_or(false);
        if elapsed >= r.limit && self.end_signal == EndSignal::Callbacks {
            self.fail(SpeechOff::Silent);
        } else if quiet || elapsed >= r.limit {
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
            }
            let text = utterance.text.trim();
            if text.is_empty() {
                if cut_off {
                    let _ = self.tts.stop();
                }
                step = self.queue.finished();
                continue;
            }
            self.last_language = utterance.language.clone();
            self.apply_voice();
            match self.tts.speak(text, cut_off) {
                Ok(id) => {
                    let key = id.map(|id| format!("{id:?}"));
                    if self.end_signal == EndSignal::None {
                        step = self.queue.finished();
                        continue;
                    }
                    let (started, limit) = (Instant::now(), watchdog(text));
                    self.running = Some(Running {
                        key,
                        started,
                        limit,
                    });
                }
                Err(e) => self.fail(SpeechOff::Failed(e.to_string())),
            }
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn voices() -> Vec<(String, String)> {
        [
            ("Afrikaans", "af"),
            ("German+Anika", "de"),
            ("German", "de"),
            ("English (Great Britain)", "en-GB"),
            ("English (America)", "en-US"),
            ("Greek", "el"),
        ]
        .iter()
        .map(|(n, l)| (n.to_string(), l.to_string()))
        .collect()
    }

    #[test]
    fn voice_by_language_prefers_plain_voices_and_exact_tags() {
        let c = SpeechConfig::default();
        let v = voices();
        assert_eq!(choose_voice(&c, &v, Some("de")), Some("German"));
        assert_eq!(
            choose_voice(&c, &v, Some("en-US")),
            Some("English (America)")
        );
        assert_eq!(
            choose_voice(&c, &v, Some("en")),
            Some("English (Great Britain)")
        );
        assert_eq!(choose_voice(&c, &v, Some("EL")), Some("Greek"));
        assert_eq!(choose_voice(&c, &v, Some("fr")), None);
        assert_eq!(choose_voice(&c, &v, None), None);
    }

    #[test]
    fn configured_voices_win() {
        let mut c = SpeechConfig {
            voice: Some("English (America)".into()),
            ..Default::default()
        };
        c.voices.insert("de".into(), "German+Anika".into());
        c.voices.insert("el".into(), "No such voice".into());
        let v = voices();
        assert_eq!(choose_voice(&c, &v, Some("de-AT")), Some("German+Anika"));
        assert_eq!(choose_voice(&c, &v, Some("el")), Some("Greek"));
        assert_eq!(choose_voice(&c, &v, Some("en")), Some("English (America)"));
        assert_eq!(choose_voice(&c, &v, None), Some("English (America)"));
        assert_eq!(choose_voice(&c, &v, Some("fr")), Some("English (America)"));
    }

    #[test]
    fn normalised_settings_map_onto_the_synthesiser_range() {
        assert_eq!(scale_rate(0.0, -100.0, 0.0, 100.0), -100.0);
        assert_eq!(scale_rate(0.5, -100.0, 0.0, 100.0), 0.0);
        assert_eq!(scale_rate(0.75, -100.0, 0.0, 100.0), 50.0);
        assert_eq!(scale_rate(7.0, 0.1, 1.0, 10.0), 10.0);
        assert_eq!(scale_volume(1.0, -100.0, 100.0), 100.0);
        assert_eq!(scale_volume(0.25, -100.0, 100.0), -50.0);
        assert_eq!(scale_volume(f32::NAN, 0.0, 1.0), 1.0);
    }

    #[test]
    fn config_reads_from_ron() {
        let c: SpeechConfig =
            ron::from_str(r#"(rate: Some(0.6), voices: {"de": "German", "el": "Greek"})"#).unwrap();
        assert_eq!(c.rate, Some(0.6));
        assert_eq!(c.voices.get("el").map(String::as_str), Some("Greek"));
        assert_eq!(c.volume, None);
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
