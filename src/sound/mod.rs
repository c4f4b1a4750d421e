//! Sounds: one thread owns the audio output (rodio over cpal), opened once at start; the rest of hector sends it sound ids.
//!
//! The WAV files of `sounds/` are embedded in the binary and decoded once. With no usable sound card
//! [`Sound::start`] reports [`SoundStatus::Off`] once and every later [`Sound::play`] is silent. ALSA's
//! own error lines ("ALSA lib pcm.c: ... Unknown PCM default") are silenced before the device is
//! opened, so they never reach the terminal.

use std::io::Cursor;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::thread;
use std::time::Duration;

use rodio::buffer::SamplesBuffer;
use rodio::{Decoder, DeviceSinkBuilder, MixerDeviceSink, Source};
use serde::Deserialize;

/// How long [`Sound::start`] waits for the output device to open before it reports sound off.
pub const START_TIMEOUT: Duration = Duration::from_secs(2);

/// The sounds hector makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SoundId {
    Move,
    Capture,
    Check,
    /// Refused or illegal input.
    Illegal,
    /// The cursor hit the board edge.
    Edge,
    LowTime,
    FlagFall,
    GameEnd,
    DrawOffer,
    /// The clock's pulse every 5 minutes (Appendix D.2.6.2.1).
    Pulse,
    /// Every 15 minutes.
    DoublePulse,
    /// Each minute of the last 5 (D.2.6.2.2).
    FinalWarning,
}

impl SoundId {
    pub const ALL: [SoundId; 12] = [
        SoundId::Move,
        SoundId::Capture,
        SoundId::Check,
        SoundId::Illegal,
        SoundId::Edge,
        SoundId::LowTime,
        SoundId::FlagFall,
        SoundId::GameEnd,
        SoundId::DrawOffer,
        SoundId::Pulse,
        SoundId::DoublePulse,
        SoundId::FinalWarning,
    ];

    /// File name in `sounds/`.
    pub fn file_name(self) -> &'static str {
        match self {
            SoundId::Move => "move.wav",
            SoundId::Capture => "capture.wav",
            SoundId::Check => "check.wav",
            SoundId::Illegal => "illegal.wav",
            SoundId::Edge => "edge.wav",
            SoundId::LowTime => "low_time.wav",
            SoundId::FlagFall => "flag_fall.wav",
            SoundId::GameEnd => "game_end.wav",
            SoundId::DrawOffer => "draw_offer.wav",
            SoundId::Pulse => "pulse.wav",
            SoundId::DoublePulse => "double_pulse.wav",
            SoundId::FinalWarning => "final_warning.wav",
        }
    }

    /// The embedded WAV file.
    pub fn wav(self) -> &'static [u8] {
        match self {
            SoundId::Move => include_bytes!("../../sounds/move.wav"),
            SoundId::Capture => include_bytes!("../../sounds/capture.wav"),
            SoundId::Check => include_bytes!("../../sounds/check.wav"),
            SoundId::Illegal => include_bytes!("../../sounds/illegal.wav"),
            SoundId::Edge => include_bytes!("../../sounds/edge.wav"),
            SoundId::LowTime => include_bytes!("../../sounds/low_time.wav"),
            SoundId::FlagFall => include_bytes!("../../sounds/flag_fall.wav"),
            SoundId::GameEnd => include_bytes!("../../sounds/game_end.wav"),
            SoundId::DrawOffer => include_bytes!("../../sounds/draw_offer.wav"),
            SoundId::Pulse => include_bytes!("../../sounds/pulse.wav"),
            SoundId::DoublePulse => include_bytes!("../../sounds/double_pulse.wav"),
            SoundId::FinalWarning => include_bytes!("../../sounds/final_warning.wav"),
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Sound settings from the configuration file.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SoundConfig {
    /// 0.0 (silent) ..= 1.0 (as recorded); `None`: 1.0.
    pub volume: Option<f32>,
}

/// Why there is no sound.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SoundOff {
    #[error("sound was switched off")]
    Disabled,
    #[error("no sound card: {0}")]
    NoDevice(String),
    #[error("the sound card did not open within {0:?}")]
    TimedOut(Duration),
    #[error("a sound file is broken: {0}")]
    BadFile(String),
    #[error("sound failed: {0}")]
    Failed(String),
}

/// The outcome of [`Sound::start`], for one notice to the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SoundStatus {
    On,
    Off(SoundOff),
}

/// Handle to the sound thread. Dropping it closes the device.
#[derive(Debug)]
pub struct Sound {
    tx: Option<Sender<SoundId>>,
}

impl Sound {
    /// No sound (`--sound off`, or after a failed start).
    pub fn disabled() -> Sound {
        Sound { tx: None }
    }

    /// Decode the sounds, open the default output device on the sound thread and wait at most
    /// [`START_TIMEOUT`] for it.
    pub fn start(config: SoundConfig) -> (Sound, SoundStatus) {
        let (tx, rx) = mpsc::channel();
        let (ready_tx, ready_rx) = mpsc::sync_channel(1);
        let spawned = thread::Builder::new()
            .name("sound".into())
            .spawn(move || run(config, ready_tx, rx));
        if let Err(e) = spawned {
            return (
                Sound::disabled(),
                SoundStatus::Off(SoundOff::Failed(e.to_string())),
            );
        }
        let off = match ready_rx.recv_timeout(START_TIMEOUT) {
            Ok(Ok(())) => return (Sound { tx: Some(tx) }, SoundStatus::On),
            Ok(Err(off)) => off,
            Err(RecvTimeoutError::Timeout) => SoundOff::TimedOut(START_TIMEOUT),
            Err(RecvTimeoutError::Disconnected) => {
                SoundOff::Failed("the sound thread ended".into())
            }
        };
        (Sound::disabled(), SoundStatus::Off(off))
    }

    pub fn is_on(&self) -> bool {
        self.tx.is_some()
    }

    /// Start a sound and return at once; sounds overlap rather than wait. Silent when off.
    pub fn play(&self, id: SoundId) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(id);
        }
    }
}

/// Decode one embedded WAV into a buffer that can be played any number of times.
pub fn decode(id: SoundId) -> Result<SamplesBuffer, SoundOff> {
    let bad = |e: &dyn std::fmt::Display| SoundOff::BadFile(format!("{}: {e}", id.file_name()));
    let decoder = Decoder::new(Cursor::new(id.wav())).map_err(|e| bad(&e))?;
    let channels = decoder.channels();
    let rate = decoder.sample_rate();
    let samples: Vec<rodio::Sample> = decoder.collect();
    if samples.is_empty() {
        return Err(bad(&"no samples"));
    }
    Ok(SamplesBuffer::new(channels, rate, samples))
}

fn run(config: SoundConfig, ready: SyncSender<Result<(), SoundOff>>, rx: Receiver<SoundId>) {
    let buffers: Result<Vec<SamplesBuffer>, SoundOff> =
        SoundId::ALL.iter().map(|&id| decode(id)).collect();
    let buffers = match buffers {
        Ok(b) => b,
        Err(off) => {
            let _ = ready.send(Err(off));
            return;
        }
    };
    let volume = config
        .volume
        .filter(|v| !v.is_nan())
        .unwrap_or(1.0)
        .clamp(0.0, 1.0);
    let sink = match open_output() {
        Ok(sink) => sink,
        Err(off) => {
            let _ = ready.send(Err(off));
            return;
        }
    };
    if ready.send(Ok(())).is_err() {
        return; // Opened too late: the caller already said sound is off.
    }
    let mixer = sink.mixer();
    while let Ok(id) = rx.recv() {
        mixer.add(buffers[id.index()].clone().amplify(volume));
    }
}

/// Open the system's default output device, with ALSA's messages silenced and rodio's stream errors
/// dropped (a lost device simply goes quiet). Other devices are not tried: probing them all opens
/// plugins such as JACK, which write to stderr on their own and may start servers.
fn open_output() -> Result<MixerDeviceSink, SoundOff> {
    quiet_alsa();
    let silent = |_: rodio::CpalError| {};
    let mut sink = DeviceSinkBuilder::from_default_device()
        .map(|b| b.with_error_callback(silent))
        .and_then(|b| b.open_sink_or_fallback())
        .map_err(|e| SoundOff::NoDevice(with_sources(&e)))?;
    sink.log_on_drop(false);
    Ok(sink)
}

/// An error and its causes, "outer: inner".
fn with_sources(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// Route ALSA's library errors to a handler that drops them (global, for every thread, including
/// cpal's stream thread). Done once per process.
#[cfg(target_os = "linux")]
fn quiet_alsa() {
    use std::ffi::{c_char, c_int};
    use std::sync::Once;

    /// ALSA declares the handler variadic; on Linux a non-variadic function receives the fixed
    /// arguments the same way, and this one reads none of them.
    unsafe extern "C" fn drop_error(
        _file: *const c_char,
        _line: c_int,
        _function: *const c_char,
        _err: c_int,
        _fmt: *const c_char,
    ) {
    }

    type Handler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);

    // libasound is linked by alsa-sys (through cpal).
    unsafe extern "C" {
        fn snd_lib_error_set_handler(handler: Option<Handler>) -> c_int;
    }

    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: sets a process-global function pointer in libasound to a function that does nothing.
        unsafe {
            snd_lib_error_set_handler(Some(drop_error));
        }
    });
}

#[cfg(not(target_os = "linux"))]
fn quiet_alsa() {}
