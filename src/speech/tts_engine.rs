//! The backend over the `tts` crate (0.26.3), the default on Windows and macOS and `--speech-engine tts` on
//! Linux: on Windows Tolk (the running NVDA or JAWS speaks and brailles) or else WinRT, on macOS AVFoundation,
//! on Linux speech-dispatcher.
//!
//! Traps of tts 0.26.3, each met here:
//! - `Tts` wraps an `Rc` yet claims `Send` and `Sync`: every instance is made, used and dropped on the
//!   speech thread (which the handle waits for with its time-out), never moved.
//! - Tolk supports no rate, volume or voice, and its `min_rate`, `max_rate`, `normal_rate` (and the volume's)
//!   skip the feature check and panic: the features are asked for first.
//! - Tolk's `speak` calls `Tolk_Speak` only, so a braille display would get nothing: on Windows each text tts
//!   speaks through Tolk is also brailled here, through the same `tolk` crate (see [`Instance::tolk`]).
//! - On macOS a second instance fails, and AVFoundation's callbacks need a run loop, which a terminal
//!   program does not run: one instance speaks every language (its `set_voice` only stores the voice), and
//!   the speech thread runs the run loop briefly and asks `is_speaking` while a text is out.
//! - On speech-dispatcher `set_voice` lists every voice (seconds with espeak-ng): the voices are listed once
//!   at the start, and each language gets an instance of its own (a connection), set to its voice once.
//!   Switching between an English phrase and German board words then sets nothing.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
#[cfg(windows)]
use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::time::Duration;

use tts::{Features, Tts, UtteranceId};

use super::{
    Engine, Key, Msg, SpeechConfig, SpeechOff, choose_voice, has_voice_for, scale_rate,
    scale_volume,
};

struct Instance {
    tts: Tts,
    /// Asked once: Tolk's range functions panic, so nothing is called that is not listed here.
    features: Features,
    /// The voice set on it (by name).
    voice: Option<String>,
    /// Windows, when tts chose Tolk for this instance: Tolk, to braille each text it speaks. tts 0.26.3 calls
    /// `Tolk_Speak` only; `Tolk_Speak` and then `Tolk_Braille` is what every Tolk driver's `Output` does. The
    /// `tolk` crate loads Tolk once per process (`Tolk::new` keeps it in a static and hands out clones):
    /// `Tts::default` loaded it on this, the speech thread, and this is a clone of it.
    #[cfg(windows)]
    tolk: Option<Arc<tolk::Tolk>>,
}

/// Tolk is the only backend of tts 0.26.3 that supports `stop` and nothing else (WinRT supports everything).
#[cfg_attr(not(windows), allow(dead_code))]
fn is_tolk(features: &Features) -> bool {
    *features
        == Features {
            stop: true,
            ..Features::default()
        }
}

/// One language's voice: an instance of its own, or the shared one.
struct Channel {
    /// Lower-case language tag; `None`: the default voice.
    language: Option<String>,
    instance: usize,
    /// The voice chosen for it, once the voices are listed.
    voice: Option<String>,
    /// No voice for its language: its utterances are shown as text only.
    off: bool,
}

pub(super) struct TtsEngine {
    instances: Vec<Instance>,
    channels: Vec<Channel>,
    /// One instance speaks every language: macOS allows only one, and a screen reader (Tolk) speaks in
    /// its own voice.
    shared: bool,
    /// The voices, listed once.
    voices: Vec<tts::Voice>,
    config: SpeechConfig,
    events: Sender<Msg>,
}

/// A number for an utterance id, the same in the callback and from `speak` (on macOS the id is a pointer).
fn key_of(id: &UtteranceId) -> u64 {
    let mut h = DefaultHasher::new();
    format!("{id:?}").hash(&mut h);
    h.finish()
}

/// A new instance, set to the configured rate and volume, its end events sent as [`Msg::Ended`] with its
/// number.
fn instance(
    config: &SpeechConfig,
    number: usize,
    events: &Sender<Msg>,
) -> Result<Instance, String> {
    let mut tts = Tts::default().map_err(|e| e.to_string())?;
    let features = tts.supported_features();
    if features.rate
        && let Some(rate) = config.rate
    {
        let rate = scale_rate(rate, tts.min_rate(), tts.normal_rate(), tts.max_rate());
        let _ = tts.set_rate(rate);
    }
    if features.volume
        && let Some(volume) = config.volume
    {
        let _ = tts.set_volume(scale_volume(volume, tts.min_volume(), tts.max_volume()));
    }
    if features.utterance_callbacks {
        let on_end = events.clone();
        let _ = tts.on_utterance_end(Some(Box::new(move |id| {
            let _ = on_end.send(Msg::Ended((number, key_of(&id))));
        })));
        let on_stop = events.clone();
        let _ = tts.on_utterance_stop(Some(Box::new(move |id| {
            let _ = on_stop.send(Msg::Ended((number, key_of(&id))));
        })));
    }
    Ok(Instance {
        tts,
        features,
        voice: None,
        #[cfg(windows)]
        tolk: is_tolk(&features).then(tolk::Tolk::new),
    })
}

/// Starts the backend for `languages` (the first also for utterances without one).
pub(super) fn open(
    config: &SpeechConfig,
    languages: &[String],
    events: &Sender<Msg>,
) -> Result<TtsEngine, SpeechOff> {
    #[cfg(target_os = "linux")]
    no_dummy_only()?;
    let first = instance(config, 0, events).map_err(SpeechOff::Unavailable)?;
    let shared = cfg!(target_os = "macos") || !first.features.voice;
    let mut engine = TtsEngine {
        instances: vec![first],
        channels: Vec::new(),
        shared,
        voices: Vec::new(),
        config: config.clone(),
        events: events.clone(),
    };
    let mut languages: Vec<Option<&str>> = languages.iter().map(|l| Some(l.as_str())).collect();
    if languages.is_empty() {
        languages.push(None);
    }
    for (i, language) in languages.into_iter().enumerate() {
        let instance = if shared || i == 0 {
            0
        } else {
            let made = instance(config, engine.instances.len(), events);
            engine.instances.push(made.map_err(SpeechOff::Unavailable)?);
            engine.instances.len() - 1
        };
        engine.channels.push(Channel {
            language: language.map(str::to_ascii_lowercase),
            instance,
            voice: None,
            off: false,
        });
    }
    Ok(engine)
}

/// A speech-dispatcher with only its dummy module "speaks" every text as a canned recording (tts cannot
/// tell): asked on a connection of its own.
#[cfg(target_os = "linux")]
fn no_dummy_only() -> Result<(), SpeechOff> {
    let conn = speech_dispatcher::Connection::open(
        "hector",
        "modules",
        "hector",
        speech_dispatcher::Mode::Threaded,
    )
    .map_err(|e| SpeechOff::Unavailable(e.to_string()))?;
    match conn.list_output_modules() {
        Ok(modules) if !super::has_real_module(&modules) => Err(SpeechOff::NoModule),
        _ => Ok(()),
    }
}

impl TtsEngine {
    /// The listed voice named `name`.
    fn voice_named(&self, name: &str) -> Option<tts::Voice> {
        self.voices.iter().find(|v| v.name() == name).cloned()
    }
}

impl Engine for TtsEngine {
    fn channel_of(&self, language: &str) -> Option<usize> {
        super::channel_of(
            self.channels.iter().map(|c| c.language.as_deref()),
            language,
        )
    }

    fn open(&mut self, language: &str) -> Option<usize> {
        let instance = if self.shared {
            0
        } else {
            let made = instance(&self.config, self.instances.len(), &self.events).ok()?;
            self.instances.push(made);
            self.instances.len() - 1
        };
        let mut channel = Channel {
            language: Some(language.to_ascii_lowercase()),
            instance,
            voice: None,
            off: false,
        };
        if !self.voices.is_empty() {
            let pairs = pairs(&self.voices);
            channel.off = !has_voice_for(&pairs, language);
            channel.voice = choose_voice(&self.config, &pairs, Some(language)).map(str::to_owned);
            if let (false, Some(name)) = (self.shared, channel.voice.clone())
                && let Some(voice) = self.voice_named(&name)
                && self.instances[instance].tts.set_voice(&voice).is_ok()
            {
                self.instances[instance].voice = Some(name);
            }
        }
        self.channels.push(channel);
        Some(self.channels.len() - 1)
    }

    fn is_off(&self, channel: usize) -> bool {
        self.channels[channel].off
    }

    fn channels(&self) -> usize {
        self.channels.len()
    }

    fn say(&mut self, channel: usize, text: &str, interrupt: bool) -> Result<Option<Key>, String> {
        let number = self.channels[channel].instance;
        let wanted = self.channels[channel].voice.clone();
        // Only a shared instance changes voice (AVFoundation's set_voice stores it and lists nothing).
        if self.shared
            && wanted.is_some()
            && self.instances[number].voice != wanted
            && let Some(voice) = wanted.as_deref().and_then(|n| self.voice_named(n))
            && self.instances[number].tts.set_voice(&voice).is_ok()
        {
            self.instances[number].voice = wanted;
        }
        let instance = &mut self.instances[number];
        let id = instance
            .tts
            .speak(text, interrupt)
            .map_err(|e| format!("speech failed: {e}"))?;
        #[cfg(windows)]
        if let Some(tolk) = &instance.tolk {
            // False when the screen reader has no braille (or no display): the text was spoken all the same.
            let _ = tolk.braille(text);
        }
        Ok(id
            .filter(|_| instance.features.utterance_callbacks)
            .map(|id| (number, key_of(&id))))
    }

    fn cancel(&mut self, channel: usize) {
        let number = self.channels[channel].instance;
        // A shared instance is stopped once, for its first channel.
        if self.channels.iter().position(|c| c.instance == number) == Some(channel)
            && self.instances[number].features.stop
        {
            let _ = self.instances[number].tts.stop();
        }
    }

    fn list_voices(&mut self, _to: &Sender<Msg>) -> Option<Result<Vec<(String, String)>, String>> {
        let first = &self.instances[0];
        if !first.features.voice {
            return Some(Err("the backend lists no voices".into()));
        }
        Some(match first.tts.voices() {
            Ok(voices) => {
                self.voices = voices;
                Ok(pairs(&self.voices))
            }
            Err(e) => Err(e.to_string()),
        })
    }

    fn use_voices(
        &mut self,
        voices: &[(String, String)],
        around: &dyn Fn(&mut dyn FnMut()),
    ) -> Vec<String> {
        let mut off = Vec::new();
        for c in 0..self.channels.len() {
            let language = self.channels[c].language.clone();
            if let Some(language) = &language
                && !has_voice_for(voices, language)
            {
                if !self.channels[c].off {
                    self.channels[c].off = true;
                    off.push(language.clone());
                }
                continue;
            }
            let Some(name) = choose_voice(&self.config, voices, language.as_deref()) else {
                continue;
            };
            self.channels[c].voice = Some(name.to_owned());
            let number = self.channels[c].instance;
            if self.shared || self.instances[number].voice.as_deref() == Some(name) {
                continue;
            }
            let Some(voice) = self.voice_named(name) else {
                continue;
            };
            // speech-dispatcher lists every voice again here: once per language, at the start.
            let instance = &mut self.instances[number];
            let mut set = false;
            around(&mut || set = instance.tts.set_voice(&voice).is_ok());
            if set {
                instance.voice = Some(name.to_owned());
            }
        }
        off
    }

    fn voice_limit(&self) -> Duration {
        super::LIST_LIMIT
    }

    fn tick_every(&self) -> Option<Duration> {
        cfg!(target_os = "macos").then_some(Duration::from_millis(50))
    }

    fn tick(&mut self, channel: usize) -> bool {
        #[cfg(target_os = "macos")]
        run_loop_once();
        let instance = &self.instances[self.channels[channel].instance];
        instance.features.is_speaking && instance.tts.is_speaking().is_ok_and(|speaking| !speaking)
    }

    fn end_is_reported(&self) -> bool {
        // AVFoundation's end events come only through a run loop; a lost one must not turn speech off.
        !cfg!(target_os = "macos")
    }
}

/// (name, language tag) of each voice, as [`choose_voice`] takes them.
fn pairs(voices: &[tts::Voice]) -> Vec<(String, String)> {
    voices
        .iter()
        .map(|v| (v.name(), v.language().as_str().to_owned()))
        .collect()
}

/// Runs the thread's run loop once, without waiting: AVFoundation delivers its delegate's callbacks there.
#[cfg(target_os = "macos")]
fn run_loop_once() {
    use std::ffi::c_void;
    #[link(name = "CoreFoundation", kind = "framework")]
    unsafe extern "C" {
        static kCFRunLoopDefaultMode: *const c_void;
        fn CFRunLoopRunInMode(mode: *const c_void, seconds: f64, return_after_source: u8) -> i32;
    }
    // SAFETY: runs the current thread's run loop for at most no time, in the default mode.
    unsafe {
        CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.0, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each backend's `supported_features` as tts 0.26.3 has it (src/backends/*.rs).
    fn features(stop: bool, rest: bool) -> Features {
        Features {
            stop,
            rate: rest,
            pitch: rest,
            volume: rest,
            is_speaking: rest,
            voice: rest,
            get_voice: rest,
            utterance_callbacks: rest,
        }
    }

    #[test]
    fn only_tolk_gets_braille() {
        // Tolk: stop and nothing else.
        assert!(is_tolk(&features(true, false)));
        // WinRT, the other Windows backend: everything.
        assert!(!is_tolk(&features(true, true)));
        // speech-dispatcher and AppKit: stop and more.
        let mut dispatcher = features(true, true);
        dispatcher.get_voice = false;
        assert!(!is_tolk(&dispatcher));
        let appkit = Features {
            stop: true,
            rate: true,
            volume: true,
            is_speaking: true,
            ..Features::default()
        };
        assert!(!is_tolk(&appkit));
        // A backend with nothing at all is not Tolk either.
        assert!(!is_tolk(&Features::default()));
    }
}
