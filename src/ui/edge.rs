//! The edge every face shares: it carries out the session's effects — speech, sounds, the speech log and
//! files — and reports once, in text, what is missing (no speech, no sound card).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use serde::Deserialize;

use crate::engine::{self, EngineHandle, EngineSpec, Level};
use crate::session::{Announcement, Command, Cue, Effect, Kind, ToOther};
use crate::sound::{Sound, SoundConfig, SoundId, SoundOff, SoundStatus};
use crate::speech::{
    GIVE_UP, Priority, Speech, SpeechConfig, SpeechOff, SpeechStatus, Utterance, VOICE_PACKAGE,
};
use crate::store::{self, SpeechLog};
use crate::ui::export::export;
use crate::words::Phrases;

/// Speech and sound settings (config/output.ron, or the user's copy in the config folder).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OutputConfig {
    pub speech: SpeechConfig,
    pub sound: SoundConfig,
}

/// The shipped settings.
pub const DEFAULT_OUTPUT: &str = include_str!("../../config/output.ron");

/// The most voices a settings file may name (one per language).
pub const MAX_VOICES: usize = 64;
/// The longest voice name (the synthesiser's names are short).
pub const MAX_VOICE_NAME: usize = 200;

/// The line of the first place `key` is written in `text` (0 when it is not).
fn line_of(text: &str, key: &str) -> usize {
    text.find(key)
        .map_or(0, |at| text[..at].matches('\n').count() + 1)
}

impl OutputConfig {
    /// Parses RON; errors name the file, line and column. Rates and volumes are numbers from 0 to 1 (not
    /// NaN, not infinite), and the voices are few and short (a settings file is outside input, bounded).
    pub fn from_ron(text: &str, file: &str) -> Result<OutputConfig, String> {
        let c: OutputConfig = ron::from_str(text).map_err(|e| {
            format!(
                "{file}, line {}, column {}: {}",
                e.position.line,
                e.position.col,
                crate::rules::pgn::printable(&e.code.to_string())
            )
        })?;
        let unit = |name: &str, key: &str, value: Option<f32>| match value {
            Some(v) if !(0.0..=1.0).contains(&v) => Err(format!(
                "{file}, line {}: {name} is {v}; it must be a number from 0.0 to 1.0",
                line_of(text, key)
            )),
            _ => Ok(()),
        };
        unit("the speech rate", "rate:", c.speech.rate)?;
        let speech_volume = text.find("speech:").unwrap_or(0);
        let volume_line = |after: usize| {
            text[after..]
                .find("volume:")
                .map_or(0, |at| text[..after + at].matches('\n').count() + 1)
        };
        if let Some(v) = c.speech.volume.filter(|v| !(0.0..=1.0).contains(v)) {
            return Err(format!(
                "{file}, line {}: the speech volume is {v}; it must be a number from 0.0 to 1.0",
                volume_line(speech_volume)
            ));
        }
        if let Some(v) = c.sound.volume.filter(|v| !(0.0..=1.0).contains(v)) {
            let sound = text.rfind("sound:").unwrap_or(0);
            return Err(format!(
                "{file}, line {}: the sound volume is {v}; it must be a number from 0.0 to 1.0",
                volume_line(sound)
            ));
        }
        if c.speech.voices.len() > MAX_VOICES {
            return Err(format!(
                "{file}, line {}: {} voices are named; at most {MAX_VOICES} are allowed",
                line_of(text, "voices:"),
                c.speech.voices.len()
            ));
        }
        let names = c.speech.voice.iter().chain(c.speech.voices.values());
        if let Some(long) = names
            .chain(c.speech.voices.keys())
            .find(|n| n.chars().count() > MAX_VOICE_NAME || n.chars().any(char::is_control))
        {
            let shown = crate::words::quote(long);
            return Err(format!(
                "{file}, line {}: the voice or language \"{shown}\" is longer than {MAX_VOICE_NAME} characters or holds a control character",
                line_of(text, "voice")
            ));
        }
        Ok(c)
    }

    /// The user's file when given (at most [`crate::bounded::MAX_SETTINGS_FILE`] bytes, a regular file),
    /// else the shipped settings.
    pub fn load(path: Option<&Path>) -> Result<OutputConfig, String> {
        match path {
            Some(p) => {
                let text = crate::bounded::read_settings_file(p, crate::bounded::MAX_SETTINGS_FILE)
                    .map_err(|e| format!("{}: {e}", p.display()))?;
                OutputConfig::from_ron(&text, &p.display().to_string())
            }
            None => OutputConfig::from_ron(DEFAULT_OUTPUT, "config/output.ron"),
        }
    }
}

/// Why a file could not be written, in the player's language and true plain words: a full
/// disk, a read-only disk, a file the system does not let change (`chattr +i`), no permission, a folder that
/// is missing or a place where no file can be made, a file where a folder should be. Paths are said whole
/// (cleaned, never cut). The one wording of write failures: saves, the action log, exports and start-up use it.
pub fn io_reason(p: &Phrases, e: &std::io::Error, path: &Path) -> String {
    let shown = |q: &Path| crate::words::quote::clean(&q.display().to_string());
    let folder = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // The nearest part of the path that exists: a file where a folder should be is named.
    let file_in_the_way = || {
        path.ancestors()
            .find(|a| !a.as_os_str().is_empty() && a.exists())
            .filter(|a| !a.is_dir())
            .map(Path::to_path_buf)
    };
    match e.raw_os_error() {
        Some(28) => p.get("io.disk_full").to_string(),
        Some(30) => p.get("io.read_only").to_string(),
        Some(122) => p.get("io.quota").to_string(),
        Some(5) => p.get("io.disk_error").to_string(),
        Some(1) => p.say("io.not_permitted", &[("path", &shown(path))]),
        Some(13) => p.say("io.no_write_permission", &[("path", &shown(&folder))]),
        Some(36) => p.get("io.name_too_long").to_string(),
        Some(21) => p.say("io.is_folder", &[("path", &shown(path))]),
        Some(17 | 20) => match file_in_the_way() {
            Some(f) => p.say("io.file_not_folder", &[("path", &shown(&f))]),
            None => plain_os(e),
        },
        Some(2) if !folder.exists() => match file_in_the_way() {
            Some(f) => p.say("io.file_not_folder", &[("path", &shown(&f))]),
            None => p.say("io.no_folder_named", &[("path", &shown(&folder))]),
        },
        Some(2) => p.say("io.cannot_create", &[("path", &shown(&folder))]),
        _ => plain_os(e),
    }
}

/// An error's own text without "(os error N)".
fn plain_os(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// Whether a game or log the session asked to keep is held in memory, not on disk: hector then
/// exits non-zero. Set by the edge after every batch.
static UNSAVED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether something hector was asked to keep is not on disk (see [`UNSAVED`]).
pub fn unsaved() -> bool {
    UNSAVED.load(std::sync::atomic::Ordering::SeqCst)
}

/// A write that failed, held in memory and tried again before every batch until it succeeds.
#[derive(Debug, Clone)]
enum Held {
    /// A whole file (a saved game): the newest contents.
    Whole { contents: String },
    /// Lines still to be appended (the action log).
    Tail { text: String },
}

/// The sound of a cue.
pub fn sound_of(cue: Cue) -> SoundId {
    match cue {
        Cue::Move => SoundId::Move,
        Cue::Capture => SoundId::Capture,
        Cue::Check => SoundId::Check,
        Cue::Illegal => SoundId::Illegal,
        Cue::Edge => SoundId::Edge,
        Cue::LowTime => SoundId::LowTime,
        Cue::FlagFall => SoundId::FlagFall,
        Cue::GameEnd => SoundId::GameEnd,
        Cue::DrawOffer => SoundId::DrawOffer,
        Cue::Pulse => SoundId::Pulse,
        Cue::DoublePulse => SoundId::DoublePulse,
        Cue::FinalWarning => SoundId::FinalWarning,
    }
}

/// How an announcement competes in the speech queue: a move or the end of the game cuts off a running
/// read-out; a player's question cuts off the previous answer; the rest waits its turn.
pub fn priority_of(kind: Kind) -> Priority {
    match kind {
        Kind::Move | Kind::GameEnd => Priority::Interrupt,
        Kind::Answer | Kind::Refusal | Kind::Assistant => Priority::Query,
        Kind::Event => Priority::Queue,
    }
}

/// One short line for the player, naming the package to install where one helps; the details go to
/// stderr with `--verbose` (see [`Edge::open`]).
pub fn speech_off_notice(phrases: &Phrases, why: &SpeechOff) -> String {
    let key = match why {
        SpeechOff::Disabled => "speech.off.disabled",
        SpeechOff::TimedOut(_) => "speech.off.timed_out",
        SpeechOff::Unavailable(_) => "speech.off.unavailable",
        SpeechOff::NoModule => "speech.off.no_module",
        SpeechOff::NoVoice => "speech.off.no_voice",
        SpeechOff::Silent => "speech.off.silent",
        SpeechOff::Failed(_) => "speech.off.failed",
    };
    let package = match why {
        SpeechOff::Unavailable(_) => format!("speech-dispatcher {VOICE_PACKAGE}"),
        _ => VOICE_PACKAGE.to_string(),
    };
    let reason = phrases.say(key, &[("package", &package)]);
    phrases.say("speech.off", &[("reason", &reason)])
}

/// Speech in one language is off (no voice for it): one short line naming the language and the package.
pub fn language_off_notice(phrases: &Phrases, language: &str) -> String {
    let primary = language.split(['-', '_']).next().unwrap_or(language);
    let key = format!("language.{primary}");
    let name = match phrases.get(&key) {
        n if n == key => language,
        n => n,
    };
    phrases.say(
        "speech.language_off",
        &[("language", name), ("package", VOICE_PACKAGE)],
    )
}

/// One short line for the player.
pub fn sound_off_notice(phrases: &Phrases, why: &SoundOff) -> String {
    let key = match why {
        SoundOff::Disabled => "sound.off.disabled",
        SoundOff::NoDevice(_) => "sound.off.no_device",
        SoundOff::TimedOut(_) => "sound.off.timed_out",
        SoundOff::BadFile(_) => "sound.off.bad_file",
        SoundOff::Failed(_) => "sound.off.failed",
    };
    phrases.say("sound.off", &[("reason", phrases.get(key))])
}

/// How long start-up waits for speech before going on with it pending.
pub const SPEECH_WAIT: std::time::Duration = std::time::Duration::from_millis(150);

/// What the edge is asked to use.
#[derive(Debug, Clone, Default)]
pub struct EdgeOptions {
    pub speech: bool,
    pub sound: bool,
    pub speech_log: Option<PathBuf>,
    pub output: OutputConfig,
    /// Print the details of what is missing on stderr.
    pub verbose: bool,
    /// Language of the board words (move announcements are spoken in it).
    pub board_language: String,
    /// Language of everything else.
    pub text_language: String,
    /// Speak the texts meant for the assistant's eyes (assistant mode); otherwise they are only shown.
    pub speak_assistant: bool,
}

/// The effects' edge.
pub struct Edge {
    speech: Speech,
    /// The UI language's phrases, for the notices of what is missing.
    phrases: Phrases,
    sound: Sound,
    log: Option<SpeechLog>,
    board_language: String,
    text_language: String,
    /// Notices not yet shown (what is missing).
    notices: Vec<String>,
    /// The UCI engine, while one plays.
    engine: Option<EngineHandle>,
    /// Where the other side's events go (the face's channel); see [`Edge::set_other_events`].
    other_events: Option<Arc<Mutex<engine::Callback>>>,
    /// A remote player's link, when one plays the other side (the engine still evaluates).
    remote: Option<crate::session::engine_io::RemoteLink>,
    /// Told every cue (the gamepad rumbles the tactile clock's).
    cue_listener: Option<Box<dyn Fn(Cue) + Send>>,
    /// Answers for the session to take before the next input (files read for `Effect::Read`).
    replies: Vec<Command>,
    verbose: bool,
    speak_assistant: bool,
    /// Writes that failed, by path, in order: tried again before every batch.
    held: Vec<(PathBuf, Held)>,
}

impl Edge {
    /// Opens what was asked for. Never blocks longer than the speech and sound time-outs (about 2 s each,
    /// in parallel: sound opens while speech connects).
    pub fn open(options: EdgeOptions) -> Edge {
        let mut notices = Vec::new();
        let phrases = Phrases::builtin(&options.text_language).unwrap_or_default();
        let sound_thread = options.sound.then(|| {
            let config = options.output.sound.clone();
            std::thread::spawn(move || Sound::start(config))
        });
        let speech = if options.speech {
            // Wait only briefly: the first announcement must not wait for a slow or hung speech server. A
            // connection still pending is kept (utterances wait for it) and given up after GIVE_UP; the
            // face polls `take_notices` while `speech_pending`. One connection for the UI language and one
            // for the board words' (Appendix D: German), each set to its voice once.
            let languages = vec![
                options.text_language.clone(),
                options.board_language.clone(),
            ];
            let (speech, status) = Speech::start_for(
                options.output.speech.clone(),
                languages,
                SPEECH_WAIT,
                GIVE_UP,
            );
            if let SpeechStatus::Off(why) = status {
                if options.verbose {
                    eprintln!("hector: speech: {why}");
                }
                notices.push(speech_off_notice(&phrases, &why));
            }
            speech
        } else {
            Speech::disabled()
        };
        let sound = match sound_thread.map(|t| t.join()) {
            Some(Ok((sound, SoundStatus::On))) => sound,
            Some(Ok((_, SoundStatus::Off(why)))) => {
                if options.verbose {
                    eprintln!("hector: sound: {why}");
                }
                notices.push(sound_off_notice(&phrases, &why));
                Sound::disabled()
            }
            Some(Err(_)) => {
                notices.push(sound_off_notice(&phrases, &SoundOff::Failed(String::new())));
                Sound::disabled()
            }
            None => Sound::disabled(),
        };
        let log = options
            .speech_log
            .as_ref()
            .and_then(|p| match SpeechLog::open(p) {
                Ok(l) => Some(l),
                Err(e) => {
                    notices.push(phrases.say(
                        "notice.speech_log",
                        &[
                            ("path", &p.display().to_string()),
                            ("reason", &e.kind().to_string()),
                        ],
                    ));
                    None
                }
            });
        Edge {
            speech,
            phrases,
            sound,
            log,
            board_language: options.board_language,
            text_language: options.text_language,
            notices,
            engine: None,
            other_events: None,
            remote: None,
            cue_listener: None,
            replies: Vec::new(),
            verbose: options.verbose,
            speak_assistant: options.speak_assistant,
            held: Vec::new(),
        }
    }

    /// Where the other side's events go (`Command::Other`: the engine's, the analyst's): the face sends them on
    /// to the session, the moment they come (line mode: into its input channel). Without it no engine is started.
    pub fn set_other_events(&mut self, events: engine::Callback) {
        self.other_events = Some(Arc::new(Mutex::new(events)));
    }

    /// A remote player plays the other side through `link` (see `RemoteLink`).
    pub fn set_remote(&mut self, link: crate::session::engine_io::RemoteLink) {
        self.remote = Some(link);
    }

    /// Carries out one thing asked of the other side: a remote player's is sent on its link; the engine's
    /// process starts in the background: nothing here waits for it.
    fn other(&mut self, ask: ToOther) {
        if let Some(link) = &mut self.remote
            && !matches!(ask, ToOther::Start { .. } | ToOther::Evaluate(_))
        {
            return link(ask);
        }
        match ask {
            ToOther::Start {
                command,
                level,
                chess960,
            } => {
                self.engine = None;
                let Some(events) = self.other_events.clone() else {
                    eprintln!("hector: no engine started: the face gave no way to hear it");
                    return;
                };
                let level = Level::new(u32::from(level)).unwrap_or_default();
                let spec = EngineSpec {
                    verbose: self.verbose,
                    phrases: self.phrases.clone(),
                    ..EngineSpec::new(command, level, chess960)
                };
                let forward: engine::Callback = Box::new(move |c: Command| {
                    if let Ok(f) = events.lock() {
                        f(c)
                    }
                });
                self.engine = Some(EngineHandle::start(spec, forward));
            }
            ToOther::Go(request) => {
                if let Some(e) = &self.engine {
                    e.go(request)
                }
            }
            ToOther::Evaluate(request) => {
                if let Some(e) = &self.engine {
                    e.evaluate(request)
                }
            }
            ToOther::Level(level) => {
                if let (Some(e), Some(level)) = (&self.engine, Level::new(u32::from(level))) {
                    e.set_level(level)
                }
            }
            ToOther::Stop => {
                if let Some(e) = &self.engine {
                    e.stop()
                }
            }
            ToOther::Quit => self.engine = None,
            // The engine answers these in the session; only a remote player is asked.
            ToOther::Offer | ToOther::Takeback | ToOther::Lichess(_) => {}
        }
    }

    /// Tries once more to write the held write at `at`. Ok: it is on disk now and no longer held.
    fn flush_held(&mut self, at: usize) -> Result<(), std::io::Error> {
        let (path, held) = &self.held[at];
        let result = match held {
            Held::Whole { contents } => store::write_atomic(path, contents),
            Held::Tail { text } => store::append_durably(path, text),
        };
        if result.is_ok() {
            self.held.remove(at);
        }
        result
    }

    /// What is said when something held is on disk again.
    fn safe_again(&self, path: &Path, held: &Held) -> String {
        let key = match held {
            Held::Whole { .. } => "save.safe_again",
            Held::Tail { .. } => "log.safe_again",
        };
        self.phrases.say(
            key,
            &[(
                "path",
                &crate::words::quote::clean(&path.display().to_string()),
            )],
        )
    }

    /// Carries out the batch's file effects, in order, before anything is said (a move is said only once on disk): the
    /// writes held from earlier batches are tried again first. Returns what each effect has to say at its
    /// place, what is said before the batch (held writes that are safe again), and why the save of the game
    /// failed, when it did (its moves are then not announced as played).
    fn files(&mut self, effects: &[Effect]) -> (Vec<Option<String>>, Vec<String>, Option<String>) {
        let touched: Vec<&Path> = effects
            .iter()
            .filter_map(|e| match e {
                Effect::Save { path, .. } | Effect::Append { path, .. } => Some(path.as_path()),
                _ => None,
            })
            .collect();
        let mut before = Vec::new();
        let mut at = 0;
        while at < self.held.len() {
            if touched.contains(&self.held[at].0.as_path()) {
                at += 1;
                continue;
            }
            let (path, held) = self.held[at].clone();
            match self.flush_held(at) {
                Ok(()) => {
                    let text = self.safe_again(&path, &held);
                    if matches!(held, Held::Whole { .. }) {
                        self.replies.push(Command::Outcome(text.clone()));
                    }
                    before.push(text);
                }
                Err(_) => at += 1,
            }
        }
        let mut game_failed = None;
        let mut saved: Vec<Option<String>> = vec![None; effects.len()];
        // The action log first: an entry is on disk before the game file that holds its move, so a kill
        // between the two never leaves a move in the game without its entry.
        let log_first = effects
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, Effect::Append { .. }))
            .chain(
                effects
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| !matches!(e, Effect::Append { .. })),
            );
        for (place, effect) in log_first {
            saved[place] = match effect {
                Effect::Save {
                    path,
                    pgn,
                    done,
                    failed,
                } => {
                    let was_held = self.held.iter().position(|(p, _)| p == path);
                    if let Some(i) = was_held {
                        self.held.remove(i);
                    }
                    match store::write_atomic(path, pgn) {
                        Ok(()) => match was_held {
                            Some(_) => {
                                let held = Held::Whole {
                                    contents: String::new(),
                                };
                                let text = self.safe_again(path, &held);
                                self.replies.push(Command::Outcome(text.clone()));
                                Some(match done {
                                    Some(d) => format!("{d}. {text}"),
                                    None => text,
                                })
                            }
                            // An explicit save (`save FILE`, a kept game) is hector's entry in the action log
                            // too, done or failed (a trial found a failed `save` missing there).
                            None => {
                                self.replies.extend(done.clone().map(Command::Outcome));
                                done.clone()
                            }
                        },
                        // An explicit save elsewhere (`save FILE`, a kept game) that fails is said, not
                        // held: the game's own file is what is kept and tried again.
                        Err(e) if done.is_some() => {
                            let text =
                                failed.replace("{reason}", &io_reason(&self.phrases, &e, path));
                            self.replies.push(Command::Outcome(text.clone()));
                            Some(text)
                        }
                        Err(e) => {
                            let text = format!(
                                "{}. {}",
                                failed.replace("{reason}", &io_reason(&self.phrases, &e, path)),
                                self.phrases.get("save.held")
                            );
                            self.held.push((
                                path.clone(),
                                Held::Whole {
                                    contents: pgn.clone(),
                                },
                            ));
                            self.replies.push(Command::Outcome(text.clone()));
                            game_failed.get_or_insert(text.clone());
                            Some(text)
                        }
                    }
                }
                Effect::Append { path, text, failed } => {
                    match self.held.iter().position(|(p, _)| p == path) {
                        Some(i) => {
                            match &mut self.held[i].1 {
                                Held::Whole { contents } => contents.push_str(text),
                                Held::Tail { text: t } => t.push_str(text),
                            }
                            let held = self.held[i].1.clone();
                            // Said once when it failed; said again when it is safe.
                            self.flush_held(i)
                                .ok()
                                .map(|()| self.safe_again(path, &held))
                        }
                        None => match store::append_durably(path, text) {
                            Ok(()) => None,
                            Err(e) => {
                                self.held
                                    .push((path.clone(), Held::Tail { text: text.clone() }));
                                Some(format!(
                                    "{}. {}",
                                    failed.replace("{reason}", &io_reason(&self.phrases, &e, path)),
                                    self.phrases.get("log.held")
                                ))
                            }
                        },
                    }
                }
                Effect::Remove { path } => {
                    // A file removed (an opened envelope) is not written back by a held save.
                    self.held.retain(|(p, _)| p != path);
                    store::remove_durably(path);
                    None
                }
                Effect::Export {
                    dir,
                    stem,
                    pgn,
                    game_file,
                    text,
                    braille,
                    table,
                    done,
                    failed,
                } => {
                    let game_file = game_file.as_ref();
                    let reason = |e: &std::io::Error, p: &Path| io_reason(&self.phrases, e, p);
                    let exported = export(&reason, dir, stem, pgn, game_file, text, braille, table);
                    let said = match exported {
                        Ok(files) => {
                            (!done.is_empty()).then(|| done.replace("{files}", &files.join(", ")))
                        }
                        Err(e) => Some(failed.replace("{reason}", &e)),
                    };
                    if let Some(t) = &said {
                        self.replies.push(Command::Outcome(t.clone()));
                    }
                    said
                }
                _ => None,
            };
        }
        UNSAVED.store(!self.held.is_empty(), std::sync::atomic::Ordering::SeqCst);
        (saved, before, game_failed)
    }

    /// An edge with nothing but text (tests, screens without output).
    pub fn silent() -> Edge {
        Edge::open(EdgeOptions::default())
    }

    /// Notices of what is missing, once; then changes of speech later on (a slow start that came on or
    /// failed, a speech server that went away).
    pub fn take_notices(&mut self) -> Vec<String> {
        let mut out = std::mem::take(&mut self.notices);
        while let Some(status) = self.speech.take_notice() {
            match status {
                SpeechStatus::On => {}
                SpeechStatus::Off(why) => {
                    if self.verbose {
                        eprintln!("hector: speech: {why}");
                    }
                    out.push(speech_off_notice(&self.phrases, &why))
                }
                SpeechStatus::LanguageOff(language) => {
                    out.push(language_off_notice(&self.phrases, &language))
                }
                SpeechStatus::Starting => {}
            }
        }
        out
    }

    pub fn speech_on(&self) -> bool {
        self.speech.is_on()
    }

    /// Speech is still connecting (its start's check): what is said waits for it.
    pub fn speech_connecting(&self) -> bool {
        self.speech.pending()
    }

    /// Speech is still connecting or checking its voices, or has a text or request out (a server that stops
    /// answering is found out only by looking): poll [`Edge::take_notices`] now and then until it is settled.
    pub fn speech_pending(&self) -> bool {
        self.speech.pending() || self.speech.checking() || self.speech.busy()
    }

    /// Speaks and logs one announcement (the face shows it). A text for the assistant's eyes is neither spoken
    /// nor put in the speech log unless the assistant's texts are to be spoken.
    pub fn say(&mut self, a: &Announcement) {
        if a.kind == Kind::Assistant && !self.speak_assistant {
            return;
        }
        let language = if a.kind == Kind::Move {
            &self.board_language
        } else {
            &self.text_language
        };
        let mut u = Utterance::new(a.text.clone(), priority_of(a.kind));
        if !language.is_empty() {
            u = u.in_language(language.clone());
        }
        self.speech.say(u);
        self.record(&a.text);
    }

    /// Logs a text the face shows that is not an announcement of the session (a notice).
    pub fn notice(&mut self, text: &str) {
        self.speech
            .say(Utterance::new(text, Priority::Queue).in_language(self.text_language.clone()));
        self.record(text);
    }

    fn record(&mut self, text: &str) {
        if let Some(log) = &mut self.log
            && let Err(e) = log.record(text)
        {
            eprintln!("hector: speech log: {e}");
            self.log = None;
        }
    }

    /// Stops the running utterance and drops the waiting ones.
    pub fn silence(&self) {
        self.speech.silence();
    }

    pub fn cue(&self, cue: Cue) {
        self.sound.play(sound_of(cue));
        if let Some(listen) = &self.cue_listener {
            listen(cue);
        }
    }

    /// Who else is told every cue (the gamepad's rumble).
    pub fn set_cue_listener(&mut self, listener: Box<dyn Fn(Cue) + Send>) {
        self.cue_listener = Some(listener);
    }

    /// Carries out effects; `show` displays each text said. Returns true when the program should end.
    ///
    /// Files first: every save and removal of the batch is carried out, and is durable on disk,
    /// before anything of the batch is said or shown, so a move is never announced before it is safe. What a
    /// save has to say (done, or why it failed) is still said at its place in the batch.
    ///
    /// A save of the game that fails (a full or read-only disk, a protected file) keeps the game in memory and
    /// is tried again before every batch and at the end; while it fails, a move is not announced as played:
    /// it is said as not kept, with the reason. When the game is on disk again, that is said.
    pub fn run(&mut self, effects: Vec<Effect>, show: &mut dyn FnMut(&Announcement)) -> bool {
        let (saved, before, failure) = self.files(&effects);
        for text in before {
            let a = Announcement {
                kind: Kind::Event,
                text,
            };
            show(&a);
            self.say(&a);
        }
        // The failure of the game's save is said in place of each move of the batch.
        let moves_replaced = failure.is_some()
            && effects
                .iter()
                .any(|e| matches!(e, Effect::Say(a) if a.kind == Kind::Move));
        let mut quit = false;
        for (effect, said) in effects.into_iter().zip(saved) {
            match effect {
                Effect::Say(a) if a.kind == Kind::Move && moves_replaced => {
                    let a = Announcement {
                        kind: Kind::Event,
                        text: self.phrases.say(
                            "save.move_not_kept",
                            &[
                                ("move", &a.text),
                                ("failure", failure.as_deref().unwrap_or_default()),
                            ],
                        ),
                    };
                    show(&a);
                    self.say(&a);
                }
                Effect::Say(a) => {
                    show(&a);
                    self.say(&a);
                }
                e @ (Effect::Save { .. } | Effect::Export { .. } | Effect::Append { .. }) => {
                    // Said already in place of the moves.
                    let said = said.filter(|t| !(moves_replaced && Some(t) == failure.as_ref()));
                    // What an operator's own command wrote (`export`, `save`) answers him: in assistant mode
                    // the assistant's screen, not the blind player's earpiece. The game's own file
                    // and its log are everyone's.
                    let kind = match e {
                        Effect::Export { .. } | Effect::Save { done: Some(_), .. } => {
                            Kind::Assistant
                        }
                        _ => Kind::Event,
                    };
                    if let Some(text) = said {
                        let a = Announcement { kind, text };
                        show(&a);
                        self.say(&a);
                    }
                }
                Effect::Remove { .. } => {}
                Effect::Read { path, limit } => {
                    let text = read_bounded(&path, limit);
                    self.replies.push(Command::Read { path, text });
                }
                Effect::Cue(c) => self.cue(c),
                Effect::Quit => quit = true,
                Effect::Other(ask) => self.other(ask),
            }
        }
        quit
    }

    /// What the session must take before the next input: the files it asked to read.
    pub fn take_replies(&mut self) -> Vec<Command> {
        std::mem::take(&mut self.replies)
    }

    /// Before leaving: let the last announcement be heard (at most `max`).
    pub fn finish(&self, max: std::time::Duration) {
        self.speech.wait_until_quiet(max);
    }
}

/// A text file of at most `limit` bytes (bad UTF-8 read lossily), or why not: the shared bounded reader
/// (a FIFO or device is refused without waiting on it).
fn read_bounded(path: &Path, limit: u64) -> Result<String, String> {
    crate::store::read_outside_text(path, limit).map_err(|e| e.to_string())
}

/// The faces' time, the `now` given to the session: it starts when the game is ready for its
/// first move, once speech has connected (or been given up), or at the player's first input, whichever comes
/// first. Until then no time passes, so the start's speech check takes nothing from the first player's clock;
/// nothing waits for it (a hung speech server never delays the game).
pub struct FaceTime {
    ready: Option<std::time::Instant>,
}

impl FaceTime {
    pub fn new() -> FaceTime {
        FaceTime { ready: None }
    }

    /// The time since the game was ready (zero before), looking whether speech has connected.
    pub fn now(&mut self, edge: &Edge) -> std::time::Duration {
        if self.ready.is_none() && !edge.speech_connecting() {
            self.ready = Some(std::time::Instant::now());
        }
        self.ready
            .map_or(std::time::Duration::ZERO, |r| r.elapsed())
    }

    /// The player's input: the game is ready, whatever speech is doing.
    pub fn input(&mut self, edge: &Edge) -> std::time::Duration {
        self.ready.get_or_insert_with(std::time::Instant::now);
        self.now(edge)
    }
}

impl Default for FaceTime {
    fn default() -> Self {
        FaceTime::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_output_settings_parse() {
        let c = OutputConfig::load(None).unwrap();
        assert!(c.speech.rate.is_some_and(|r| (0.0..=1.0).contains(&r)));
        let e = OutputConfig::from_ron("(speech: (rat: 0.5))", "x.ron").unwrap_err();
        assert!(
            e.contains("x.ron") && e.contains("line 1") && e.contains("rat"),
            "{e}"
        );
    }

    /// NaN, infinite and absurd rates and volumes are refused with the file and line.
    #[test]
    fn absurd_rates_and_volumes_are_refused() {
        for (from, to, what) in [
            ("rate: 0.5", "rate: NaN", "speech rate"),
            ("rate: 0.5", "rate: inf", "speech rate"),
            ("rate: 0.5", "rate: 1e30", "speech rate"),
            ("rate: 0.5", "rate: -0.1", "speech rate"),
            ("volume: 1.0", "volume: NaN", "speech volume"),
            ("volume: 1.0", "volume: -inf", "speech volume"),
            ("volume: 0.8", "volume: 3.0", "sound volume"),
        ] {
            let text = DEFAULT_OUTPUT.replace(from, to);
            assert_ne!(text, DEFAULT_OUTPUT);
            let e = OutputConfig::from_ron(&text, "out.ron").unwrap_err();
            let line = text.lines().position(|l| l.contains(to)).unwrap() + 1;
            assert!(
                e.starts_with(&format!("out.ron, line {line}: the {what} is ")),
                "{to}: {e}"
            );
        }
        let voices: Vec<String> = (0..=MAX_VOICES)
            .map(|n| format!("\"l{n}\": \"v\""))
            .collect();
        let text =
            DEFAULT_OUTPUT.replace("voices: {}", &format!("voices: {{{}}}", voices.join(", ")));
        assert!(
            OutputConfig::from_ron(&text, "o.ron")
                .unwrap_err()
                .contains("at most 64")
        );
        let ok = DEFAULT_OUTPUT.replace("rate: 0.5", "rate: 1.0");
        assert!(OutputConfig::from_ron(&ok, "o.ron").is_ok());
    }

    #[test]
    fn notices_of_missing_speech_name_the_package_in_every_language() {
        let reasons = [
            SpeechOff::Disabled,
            SpeechOff::TimedOut(std::time::Duration::from_secs(2)),
            SpeechOff::Unavailable("no socket".into()),
            SpeechOff::NoModule,
            SpeechOff::NoVoice,
            SpeechOff::Silent,
            SpeechOff::Failed("x".into()),
        ];
        for language in ["en", "de", "el"] {
            let phrases = Phrases::builtin(language).unwrap();
            for why in &reasons {
                let notice = speech_off_notice(&phrases, why);
                assert!(!notice.contains("speech.off"), "{language}: {notice}");
                assert!(!notice.contains('{'), "{language}: {notice}");
                let needs_package = matches!(
                    why,
                    SpeechOff::NoModule | SpeechOff::NoVoice | SpeechOff::Unavailable(_)
                );
                assert_eq!(
                    notice.contains(VOICE_PACKAGE),
                    needs_package,
                    "{language}: {notice}"
                );
            }
            let german = language_off_notice(&phrases, "de");
            assert!(german.contains(VOICE_PACKAGE), "{german}");
            assert!(!german.contains("language."), "{german}");
            assert!(language_off_notice(&phrases, "fr-CA").contains("fr-CA"));
            let sound = sound_off_notice(&phrases, &SoundOff::NoDevice("x".into()));
            assert!(!sound.contains("sound.off"), "{sound}");
        }
        let en = Phrases::builtin("en").unwrap();
        assert_eq!(
            speech_off_notice(&en, &SpeechOff::NoModule),
            "Speech is off: speech-dispatcher has no voice; install speech-dispatcher-espeak-ng. Everything is \
             shown as text"
        );
        assert_eq!(
            language_off_notice(&en, "de"),
            "No voice for German: those words are shown as text only; install speech-dispatcher-espeak-ng"
        );
    }

    #[test]
    fn moves_interrupt_questions_replace_questions() {
        assert_eq!(priority_of(Kind::Move), Priority::Interrupt);
        assert_eq!(priority_of(Kind::GameEnd), Priority::Interrupt);
        assert_eq!(priority_of(Kind::Answer), Priority::Query);
        assert_eq!(priority_of(Kind::Refusal), Priority::Query);
        assert_eq!(priority_of(Kind::Event), Priority::Queue);
    }

    #[test]
    fn every_cue_has_its_own_sound() {
        use std::collections::HashSet;
        let cues = [
            Cue::Move,
            Cue::Capture,
            Cue::Check,
            Cue::Illegal,
            Cue::Edge,
            Cue::LowTime,
            Cue::FlagFall,
            Cue::GameEnd,
            Cue::DrawOffer,
            Cue::Pulse,
            Cue::DoublePulse,
            Cue::FinalWarning,
        ];
        let sounds: HashSet<SoundId> = cues.iter().map(|c| sound_of(*c)).collect();
        assert_eq!(sounds.len(), cues.len());
    }
}
