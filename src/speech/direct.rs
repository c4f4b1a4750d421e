//! The direct speech-dispatcher backend (Linux's default): one connection per language, each set once to its
//! language and voice, so a move in German after an English phrase is not delayed by a change of voice (a
//! move is said in a median 17.7 ms). The voices are listed once, on a thread and connection of their own.

use std::sync::mpsc::Sender;
use std::thread;

use super::{
    Engine, Key, Msg, SpeechConfig, SpeechOff, choose_voice, has_real_module, has_voice_for,
    scale_rate, scale_volume,
};

/// One connection to speech-dispatcher, set once to one language (and later its voice): switching
/// between board words and UI phrases never sends a setting, let alone lists the voices.
struct Channel {
    /// Lower-case language tag; `None`: the default voice.
    language: Option<String>,
    conn: speech_dispatcher::Connection,
    /// The voice set on it, once the voices are listed.
    voice: Option<String>,
    /// No voice for its language: its utterances are shown as text only.
    off: bool,
}

pub(super) struct Direct {
    channels: Vec<Channel>,
    config: SpeechConfig,
    /// For the callbacks of channels opened later.
    events: Sender<Msg>,
}

/// Opens a connection for each of `languages` (the first also for utterances without one).
pub(super) fn open(
    config: &SpeechConfig,
    languages: &[String],
    events: &Sender<Msg>,
) -> Result<Direct, SpeechOff> {
    let first = open_channel(config, languages.first().map(String::as_str), events)
        .map_err(SpeechOff::Unavailable)?;
    // A speech-dispatcher with only its dummy module "speaks" every text as a canned recording.
    match first.conn.list_output_modules() {
        Ok(modules) if !has_real_module(&modules) => return Err(SpeechOff::NoModule),
        _ => {}
    }
    let mut channels = vec![first];
    // One connection per language, opened now: the first move in German after an English greeting
    // must not wait for a connection or a change of voice.
    for language in languages.iter().skip(1) {
        channels
            .push(open_channel(config, Some(language), events).map_err(SpeechOff::Unavailable)?);
    }
    Ok(Direct {
        channels,
        config: config.clone(),
        events: events.clone(),
    })
}

fn open_channel(
    config: &SpeechConfig,
    language: Option<&str>,
    events: &Sender<Msg>,
) -> Result<Channel, String> {
    let name = format!("speech-{}", language.unwrap_or("default"));
    let conn = speech_dispatcher::Connection::open(
        "hector",
        name.as_str(),
        "hector",
        speech_dispatcher::Mode::Threaded,
    )
    .map_err(|e| e.to_string())?;
    if let Some(language) = language {
        let _ = conn.set_language(language);
    }
    if let Some(rate) = config.rate {
        let _ = conn.set_voice_rate(scale_rate(rate, -100.0, 0.0, 100.0).round() as i32);
    }
    if let Some(volume) = config.volume {
        let _ = conn.set_volume(scale_volume(volume, -100.0, 100.0).round() as i32);
    }
    let on_end = events.clone();
    conn.on_end(Some(Box::new(move |msg, client| {
        let _ = on_end.send(Msg::Ended((client, msg as u64)));
    })));
    let on_cancel = events.clone();
    conn.on_cancel(Some(Box::new(move |msg, client| {
        let _ = on_cancel.send(Msg::Ended((client, msg as u64)));
    })));
    Ok(Channel {
        language: language.map(str::to_ascii_lowercase),
        conn,
        voice: None,
        off: false,
    })
}

impl Engine for Direct {
    fn channel_of(&self, language: &str) -> Option<usize> {
        super::channel_of(
            self.channels.iter().map(|c| c.language.as_deref()),
            language,
        )
    }

    fn open(&mut self, language: &str) -> Option<usize> {
        let channel = open_channel(&self.config, Some(language), &self.events).ok()?;
        self.channels.push(channel);
        Some(self.channels.len() - 1)
    }

    fn is_off(&self, channel: usize) -> bool {
        self.channels[channel].off
    }

    fn channels(&self) -> usize {
        self.channels.len()
    }

    fn say(&mut self, channel: usize, text: &str, _interrupt: bool) -> Result<Option<Key>, String> {
        let conn = &self.channels[channel].conn;
        match conn.say(speech_dispatcher::Priority::Important, text) {
            Some(id) => Ok(Some((conn.client_id(), id))),
            None => Err("speech-dispatcher refused a text".into()),
        }
    }

    fn cancel(&mut self, channel: usize) {
        let _ = self.channels[channel].conn.cancel();
    }

    /// Lists the voices on a thread and connection of their own and sends them to the speech thread:
    /// with espeak-ng's thousands of variants the list takes seconds, and speech must not wait for it.
    fn list_voices(&mut self, to: &Sender<Msg>) -> Option<Result<Vec<(String, String)>, String>> {
        let to = to.clone();
        let _ = thread::Builder::new()
            .name("speech-voices".into())
            .spawn(move || {
                let listed = speech_dispatcher::Connection::open(
                    "hector",
                    "voices",
                    "hector",
                    speech_dispatcher::Mode::Threaded,
                )
                .and_then(|c| c.list_synthesis_voices())
                .map(|voices| {
                    voices
                        .into_iter()
                        .map(|v| (v.name, v.language))
                        .collect::<Vec<_>>()
                })
                .map_err(|e| e.to_string());
                let _ = to.send(Msg::Voices(listed));
            });
        None
    }

    fn use_voices(
        &mut self,
        voices: &[(String, String)],
        around: &dyn Fn(&mut dyn FnMut()),
    ) -> Vec<String> {
        let mut off = Vec::new();
        for channel in &mut self.channels {
            let Some(language) = channel.language.clone() else {
                continue;
            };
            if !has_voice_for(voices, &language) {
                if !channel.off {
                    channel.off = true;
                    off.push(language);
                }
                continue;
            }
            if let Some(name) = choose_voice(&self.config, voices, Some(&language))
                && channel.voice.as_deref() != Some(name)
            {
                let voice = speech_dispatcher::Voice {
                    name: name.to_owned(),
                    language: language.clone(),
                    variant: None,
                };
                let mut set = false;
                around(&mut || set = channel.conn.set_synthesis_voice(&voice).is_ok());
                if set {
                    channel.voice = Some(name.to_owned());
                }
            }
        }
        off
    }
}
