//! Speech reaches the sound card: hector runs in line mode with `--speech on` on a virtual sound card (a
//! PulseAudio null sink of its own), moves are typed, and the recording of the sink must hold voiced audio of
//! the right length for each announcement — not silence, and not speech-dispatcher's dummy module, which plays
//! a canned 29-second "not configured" recording for every text.
//!
//! Each test starts its own PulseAudio (its own runtime folder, a null sink) and then its own
//! speech-dispatcher on a socket of its own (`SPEECHD_ADDRESS`), so speech-dispatcher always starts after the
//! sound server (one started before hangs or stays silent) and no running one of the user's is touched.
//!
//! What these tests need (pulseaudio, pulseaudio-utils, speech-dispatcher, speech-dispatcher-espeak-ng,
//! espeak-ng) is installed by `bash scripts/install-deps.sh --tests`. Without it they fail and say what is
//! missing; they never skip.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Sample rate of the recording (mono, 16 bit).
const RATE: u32 = 16_000;
/// A 10 ms frame is voiced when its RMS is above this (of 32768): espeak-ng speaks at about 3000-10000,
/// the null sink's silence is 0.
const VOICED_RMS: f64 = 300.0;
const FRAME: usize = (RATE / 100) as usize;
/// Silence that ends an announcement (espeak-ng's pauses at a comma are shorter).
const QUIET: Duration = Duration::from_millis(700);
/// Longest wait for an announcement to be heard and end.
const HEARD_WITHIN: Duration = Duration::from_secs(25);

/// Fails (never skips) when a program the tests need is missing, naming its Debian package.
fn require(programs: &[(&str, &str)]) {
    let missing: Vec<String> = programs
        .iter()
        .filter(|(program, _)| hector::engine::find_program(program).is_none())
        .map(|(program, package)| format!("{program} (Debian package {package})"))
        .collect();
    assert!(
        missing.is_empty(),
        "speech_sound needs {}; install them with: bash scripts/install-deps.sh --tests{}",
        missing.join(", "),
        if std::env::var_os("CI").is_some() {
            " (CI must have them)"
        } else {
            ""
        }
    );
}

/// The recording of the sink's monitor: samples, and when sample 0 was played (estimated from the
/// arrival times of the chunks: a chunk never arrives before its samples were played).
struct Recording {
    samples: Vec<i16>,
    zero: Option<Instant>,
}

impl Recording {
    fn index_at(&self, t: Instant) -> usize {
        let zero = self.zero.expect("recording started");
        (t.saturating_duration_since(zero).as_secs_f64() * f64::from(RATE)) as usize
    }
}

/// Voiced frames as (start, end) sample ranges of voiced stretches, gaps below `gap` joined.
fn voiced_spans(samples: &[i16], gap: Duration) -> Vec<(usize, usize)> {
    let gap_frames = (gap.as_secs_f64() * 100.0) as usize;
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for (i, frame) in samples.chunks(FRAME).enumerate() {
        let rms =
            (frame.iter().map(|&s| f64::from(s).powi(2)).sum::<f64>() / frame.len() as f64).sqrt();
        if rms < VOICED_RMS {
            continue;
        }
        let (start, end) = (i * FRAME, i * FRAME + frame.len());
        match spans.last_mut() {
            Some(last) if start <= last.1 + gap_frames * FRAME => last.1 = end,
            _ => spans.push((start, end)),
        }
    }
    spans
}

fn seconds(samples: usize, rate: u32) -> f64 {
    samples as f64 / f64::from(rate)
}

/// A PulseAudio server with a null sink, its monitor recorded, and a speech-dispatcher started after it; all
/// of their own, in a temporary folder, ended on drop.
struct VirtualSoundCard {
    dir: PathBuf,
    pulse: Child,
    parec: Child,
    speechd: Option<Child>,
    recording: Arc<Mutex<Recording>>,
}

impl VirtualSoundCard {
    fn start(name: &str) -> VirtualSoundCard {
        require(&[
            ("pulseaudio", "pulseaudio"),
            ("pactl", "pulseaudio-utils"),
            ("parec", "pulseaudio-utils"),
            ("speech-dispatcher", "speech-dispatcher"),
        ]);
        let dir = std::env::temp_dir().join(format!("hector-sound-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["run", "home", "log", "config", "data"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.join("run"), std::fs::Permissions::from_mode(0o700)).unwrap();
        let mut pulse = Command::new("pulseaudio")
            .args([
                "-n",
                "--daemonize=no",
                "--exit-idle-time=-1",
                "--use-pid-file=no",
                "--load=module-null-sink sink_name=hector_test",
                "--load=module-native-protocol-unix",
            ])
            .envs(Self::env_of(&dir))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start pulseaudio");
        let t = Instant::now();
        while !Command::new("pactl")
            .arg("info")
            .envs(Self::env_of(&dir))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
        {
            if t.elapsed() > Duration::from_secs(15) || pulse.try_wait().unwrap().is_some() {
                let _ = pulse.kill();
                panic!("PulseAudio did not start (pulseaudio -n with a null sink)");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let mut parec = Command::new("parec")
            .args([
                "-d",
                "hector_test.monitor",
                "--raw",
                "--format=s16le",
                "--channels=1",
                &format!("--rate={RATE}"),
                "--latency-msec=10",
            ])
            .envs(Self::env_of(&dir))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start parec");
        let recording = Arc::new(Mutex::new(Recording {
            samples: Vec::new(),
            zero: None,
        }));
        let mut out = parec.stdout.take().unwrap();
        let rec = recording.clone();
        std::thread::spawn(move || {
            let mut buf = vec![0u8; 4096];
            let mut odd: Option<u8> = None;
            loop {
                let n = match out.read(&mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(n) => n,
                };
                let now = Instant::now();
                let mut r = rec.lock().unwrap();
                let mut bytes = buf[..n].iter().copied();
                if let Some(lo) = odd.take()
                    && let Some(hi) = bytes.next()
                {
                    r.samples.push(i16::from_le_bytes([lo, hi]));
                }
                let rest: Vec<u8> = bytes.collect();
                for pair in rest.chunks(2) {
                    match pair {
                        [lo, hi] => r.samples.push(i16::from_le_bytes([*lo, *hi])),
                        [lo] => odd = Some(*lo),
                        _ => {}
                    }
                }
                let played = Duration::from_secs_f64(seconds(r.samples.len(), RATE));
                let zero = now.checked_sub(played).unwrap_or(now);
                r.zero = Some(r.zero.map_or(zero, |z| z.min(zero)));
            }
        });
        // The recording runs before anything is said.
        let t = Instant::now();
        while recording.lock().unwrap().samples.len() < RATE as usize / 5 {
            assert!(
                t.elapsed() < Duration::from_secs(10),
                "parec records nothing from the null sink's monitor"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        VirtualSoundCard {
            dir,
            pulse,
            parec,
            speechd: None,
            recording,
        }
    }

    /// Environment of every program on this card: its own runtime folder (PulseAudio's socket) and home.
    fn env_of(dir: &Path) -> Vec<(String, PathBuf)> {
        vec![
            ("XDG_RUNTIME_DIR".into(), dir.join("run")),
            ("HOME".into(), dir.join("home")),
            ("PULSE_SERVER".into(), dir.join("run/pulse/native")),
        ]
    }

    fn socket(&self) -> PathBuf {
        self.dir.join("run/speechd.sock")
    }

    /// Starts speech-dispatcher on this card (after PulseAudio), with extra arguments and environment.
    fn start_speechd(&mut self, args: &[&str], env: &[(&str, &Path)]) {
        let socket = self.socket();
        let child = Command::new("speech-dispatcher")
            .args(["-s", "-t", "0", "-c", "unix_socket", "-S"])
            .arg(&socket)
            .arg("-L")
            .arg(self.dir.join("log"))
            .arg("-P")
            .arg(self.dir.join("run/speechd.pid"))
            .args(args)
            .envs(Self::env_of(&self.dir))
            .envs(env.iter().map(|(k, v)| (k.to_string(), v.to_path_buf())))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start speech-dispatcher");
        self.speechd = Some(child);
        let t = Instant::now();
        while !socket.exists() {
            if let Some(status) = self.speechd.as_mut().unwrap().try_wait().unwrap() {
                panic!(
                    "speech-dispatcher ended ({status}) before it listened; its log:\n{}",
                    self.speechd_log()
                );
            }
            assert!(
                t.elapsed() < Duration::from_secs(15),
                "speech-dispatcher did not listen on {}",
                socket.display()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn speechd_log(&self) -> String {
        std::fs::read_to_string(self.dir.join("log/speech-dispatcher.log")).unwrap_or_default()
    }

    /// hector in line mode with speech on, on this card.
    fn hector(&self, extra: &[&str]) -> Hector {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hector"))
            .args([
                "--line",
                "--opponent",
                "human",
                // The voices are the subject here; the openings reached would be heard after the moves.
                "--openings",
                "off",
                "--speech",
                "on",
                "--speech-log",
            ])
            .arg(self.dir.join("speech.log"))
            .args(extra)
            .envs(Self::env_of(&self.dir))
            .env(
                "SPEECHD_ADDRESS",
                format!("unix_socket:{}", self.socket().display()),
            )
            .env("XDG_CONFIG_HOME", self.dir.join("config"))
            .env("XDG_DATA_HOME", self.dir.join("data"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start hector");
        let (tx, lines) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send((Instant::now(), line));
            }
        });
        Hector {
            stdin: child.stdin.take(),
            child,
            lines,
            seen: Vec::new(),
        }
    }

    fn speech_log(&self) -> String {
        std::fs::read_to_string(self.dir.join("speech.log")).unwrap_or_default()
    }

    /// The samples from `from` on, as recorded so far.
    fn samples_since(&self, from: Instant) -> Vec<i16> {
        let r = self.recording.lock().unwrap();
        let at = r.index_at(from).min(r.samples.len());
        r.samples[at..].to_vec()
    }

    /// What `spd-say -l LANGUAGE TEXT` plays on this card (the reference for hector's speech).
    fn spd_say(&self, language: &str, text: &str) -> Vec<i16> {
        self.wait_quiet();
        let at = Instant::now();
        let status = Command::new("spd-say")
            .args(["-w", "-l", language, text])
            .envs(Self::env_of(&self.dir))
            .env(
                "SPEECHD_ADDRESS",
                format!("unix_socket:{}", self.socket().display()),
            )
            .status()
            .expect("run spd-say");
        assert!(status.success(), "spd-say -l {language} {text:?} failed");
        self.heard_and_quiet(at)
            .unwrap_or_else(|e| panic!("spd-say -l {language} {text:?}: {e}"))
    }

    /// Waits until nothing has been heard for `QUIET`.
    fn wait_quiet(&self) {
        let t = Instant::now();
        while t.elapsed() < HEARD_WITHIN {
            let samples = self.samples_since(Instant::now() - QUIET);
            if samples.len() as f64 >= QUIET.as_secs_f64() * f64::from(RATE) * 0.9
                && voiced_spans(&samples, QUIET).is_empty()
            {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the sound card did not fall quiet within {HEARD_WITHIN:?}");
    }

    /// Waits until something is heard after `since` and then `QUIET` passes without sound; returns what was
    /// heard (first to last voiced sample), or why nothing was.
    fn heard_and_quiet(&self, since: Instant) -> Result<Vec<i16>, String> {
        let t = Instant::now();
        loop {
            let samples = self.samples_since(since);
            let spans = voiced_spans(&samples, QUIET);
            if let Some(&(start, end)) = spans.first() {
                let quiet_for = seconds(samples.len().saturating_sub(end), RATE);
                if spans.len() > 1 {
                    return Err("two announcements were heard where one was expected".into());
                }
                if quiet_for >= QUIET.as_secs_f64() {
                    return Ok(samples[start..end].to_vec());
                }
            }
            if t.elapsed() > HEARD_WITHIN {
                return Err(match spans.first() {
                    None => format!("nothing was heard within {HEARD_WITHIN:?}"),
                    Some((s, _)) => format!(
                        "the sound went on for {:.1} s without a pause (speech-dispatcher's dummy module plays a \
                         canned 29 s recording)",
                        seconds(samples.len() - s, RATE)
                    ),
                });
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for VirtualSoundCard {
    fn drop(&mut self) {
        for child in [
            self.speechd.as_mut(),
            Some(&mut self.parec),
            Some(&mut self.pulse),
        ]
        .into_iter()
        .flatten()
        {
            // TERM first: speech-dispatcher ends its output modules, PulseAudio its sink.
            let _ = Command::new("kill").arg(child.id().to_string()).status();
            let t = Instant::now();
            while child.try_wait().ok().flatten().is_none() && t.elapsed() < Duration::from_secs(3)
            {
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

struct Hector {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(Instant, String)>,
    /// Every line printed so far.
    seen: Vec<String>,
}

impl Drop for Hector {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Hector {
    fn type_line(&mut self, line: &str) -> Instant {
        let stdin = self.stdin.as_mut().expect("stdin open");
        let at = Instant::now();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        at
    }

    /// Every line printed so far (for messages).
    fn printed(&mut self) -> Vec<String> {
        std::thread::sleep(Duration::from_millis(200));
        while let Ok((_, line)) = self.lines.try_recv() {
            self.seen.push(line);
        }
        self.seen.clone()
    }

    /// The next printed line.
    fn next_line(&mut self) -> String {
        let (_, line) = self
            .lines
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("hector printed nothing more; so far: {:?}", self.seen));
        self.seen.push(line.clone());
        line
    }

    /// Waits up to `max` for a printed line containing `part`.
    fn wait_for(&mut self, part: &str, max: Duration) -> Option<String> {
        let t = Instant::now();
        while let Some(left) = max.checked_sub(t.elapsed()) {
            match self.lines.recv_timeout(left) {
                Ok((_, line)) => {
                    self.seen.push(line.clone());
                    if line.contains(part) {
                        return Some(line);
                    }
                }
                Err(_) => return None,
            }
        }
        None
    }

    fn quit(&mut self) {
        let _ = self.type_line("quit");
        self.stdin = None;
        let t = Instant::now();
        while self.child.try_wait().unwrap().is_none() {
            if t.elapsed() > Duration::from_secs(15) {
                let _ = self.child.kill();
                panic!("hector did not end after quit");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        while let Ok((_, line)) = self.lines.try_recv() {
            self.seen.push(line);
        }
    }
}

/// The loudness of each 10 ms frame from the first voiced frame to the last.
fn envelope(samples: &[i16], rate: u32) -> Vec<f64> {
    let frame = (rate / 100) as usize;
    let rms: Vec<f64> = samples
        .chunks(frame)
        .map(|f| (f.iter().map(|&s| f64::from(s).powi(2)).sum::<f64>() / f.len() as f64).sqrt())
        .collect();
    let first = rms.iter().position(|&r| r >= VOICED_RMS);
    let last = rms.iter().rposition(|&r| r >= VOICED_RMS);
    match (first, last) {
        (Some(a), Some(b)) => rms[a..=b].to_vec(),
        _ => Vec::new(),
    }
}

/// How alike two loudness envelopes are: both stretched to the same length, then correlated (1: the same
/// shape). The same text said by the same voice gives about 0.99, by a voice of another language about 0.3.
fn likeness(a: &[f64], b: &[f64]) -> f64 {
    const N: usize = 200;
    let stretch = |e: &[f64]| -> Vec<f64> {
        (0..N)
            .map(|i| {
                let x = i as f64 * (e.len() - 1) as f64 / (N - 1) as f64;
                let (j, f) = (x.floor() as usize, x.fract());
                e[j] * (1.0 - f) + e[(j + 1).min(e.len() - 1)] * f
            })
            .collect()
    };
    let (a, b) = (stretch(a), stretch(b));
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (ma, mb) = (mean(&a), mean(&b));
    let cov: f64 = a.iter().zip(&b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let var = |v: &[f64], m: f64| v.iter().map(|x| (x - m).powi(2)).sum::<f64>();
    cov / (var(&a, ma) * var(&b, mb)).sqrt()
}

#[test]
fn moves_typed_in_line_mode_are_heard_on_the_sound_card_in_their_voices() {
    // Moves in the board words (Appendix D: German) and a UI phrase (English) between them.
    let lines = [
        ("e4", "de"),
        ("e5", "de"),
        ("count", "en"),
        ("Nf3", "de"),
        ("Nc6", "de"),
    ];
    heard_in_their_voices("moves", &[], &lines);
}

/// The backend over the `tts` crate (`--speech-engine tts`) is heard on the sound card in each language's voice:
/// "count" is an English phrase and "e5" right after it German board words, so the voice changes between them
/// (the tts crate would list every voice at each change if hector let it; its voices are found once).
#[test]
fn the_tts_backend_is_heard_in_each_language_voice_a_move_after_an_english_phrase_included() {
    let lines = [("e4", "de"), ("count", "en"), ("e5", "de")];
    heard_in_their_voices("tts", &["--speech-engine", "tts"], &lines);
}

/// hector with `args` on a virtual sound card of its own: the greeting and each of `lines` (typed, with the
/// language of the words said) must be heard, as long as spd-say takes for them and more like spd-say in
/// their language than in the other, and be in the speech log.
fn heard_in_their_voices(tag: &str, args: &[&str], lines: &[(&str, &'static str)]) {
    let mut card = VirtualSoundCard::start(tag);
    card.start_speechd(&[], &[]);
    let mut hector = card.hector(args);
    let greeting_at = Instant::now();
    let greeting = hector.next_line();
    assert!(greeting.starts_with("New game"), "{greeting}");
    // (what was typed, the voice of the words, what was printed, what was heard)
    let mut heard: Vec<(String, &str, String, Vec<i16>)> = Vec::new();
    let greeting_heard = card
        .heard_and_quiet(greeting_at)
        .unwrap_or_else(|e| panic!("the greeting: {e}; hector printed {:?}", hector.printed()));
    heard.push(("(start)".into(), "en", greeting, greeting_heard));
    for &(line, voice) in lines {
        let at = hector.type_line(line);
        let printed = hector.next_line();
        let sound = card.heard_and_quiet(at).unwrap_or_else(|e| {
            panic!(
                "{line:?} (printed {printed:?}): {e}; hector printed {:?}",
                hector.printed()
            )
        });
        heard.push((line.into(), voice, printed, sound));
    }
    hector.quit();
    let log = card.speech_log();
    for (line, voice, printed, sound) in &heard {
        let length = seconds(sound.len(), RATE);
        if let Some(d) = std::env::var_os("HECTOR_SOUND_DUMP") {
            let bytes: Vec<u8> = sound.iter().flat_map(|s| s.to_le_bytes()).collect();
            std::fs::write(Path::new(&d).join(format!("{line}.raw")), bytes).unwrap();
        }
        // Plausible for the text: a dummy recording (29 s) or a click is not speech of it.
        let chars = printed.chars().count() as f64;
        assert!(
            (0.025 * chars..=1.0 + 0.2 * chars).contains(&length),
            "{line:?} ({printed:?}, {chars} characters) was heard for {length:.2} s"
        );
        // The same words said by spd-say in the right language, and in the other one.
        let other = if *voice == "de" { "en" } else { "de" };
        let right = card.spd_say(voice, printed);
        let wrong = card.spd_say(other, printed);
        let expected = seconds(right.len(), RATE);
        let heard = envelope(sound, RATE);
        let (mut right_like, mut wrong_like) = (
            likeness(&heard, &envelope(&right, RATE)),
            likeness(&heard, &envelope(&wrong, RATE)),
        );
        // A reference recorded while the machine is busy can lose samples and change its shape: when hector's
        // sound is not more like the right voice, both references are recorded again (twice at most) and the
        // best likeness of each is kept. A wrong voice still loses every time.
        for _ in 0..2 {
            if right_like > wrong_like {
                break;
            }
            let right = card.spd_say(voice, printed);
            let wrong = card.spd_say(other, printed);
            right_like = right_like.max(likeness(&heard, &envelope(&right, RATE)));
            wrong_like = wrong_like.max(likeness(&heard, &envelope(&wrong, RATE)));
        }
        eprintln!(
            "{tag} {line}: {printed:?} heard {length:.2} s, spd-say -l {voice} {expected:.2} s; likeness to spd-say -l \
             {voice} {right_like:.2}, to -l {other} {wrong_like:.2}"
        );
        assert!(
            (0.8..=1.25).contains(&(length / expected)),
            "{line:?} ({printed:?}) was heard for {length:.2} s; spd-say -l {voice} says it in {expected:.2} s"
        );
        assert!(
            right_like > wrong_like,
            "{line:?} ({printed:?}) does not sound like spd-say -l {voice} ({right_like:.2}; -l {other}: \
             {wrong_like:.2})"
        );
        assert!(
            log.contains(printed.as_str()),
            "speech log lacks {printed:?}:\n{log}"
        );
    }
    assert!(
        !hector
            .seen
            .iter()
            .any(|l| l.contains("Speech is off") || l.contains("No voice")),
        "{:?}",
        hector.seen
    );
}

#[test]
fn a_speech_dispatcher_with_only_its_dummy_module_is_said_once_and_play_goes_on_in_text() {
    let mut card = VirtualSoundCard::start("dummy");
    let modules = card.dir.join("modules");
    std::fs::create_dir_all(&modules).unwrap();
    let dummy = ["/usr/lib/speech-dispatcher-modules/sd_dummy"]
        .into_iter()
        .chain(["/usr/lib/x86_64-linux-gnu/speech-dispatcher-modules/sd_dummy"])
        .map(Path::new)
        .find(|p| p.exists())
        .expect("speech-dispatcher's dummy module (sd_dummy)");
    std::os::unix::fs::symlink(dummy, modules.join("sd_dummy")).unwrap();
    card.start_speechd(&["-m", modules.to_str().unwrap()], &[]);
    let mut hector = card.hector(&[]);
    let start = Instant::now();
    let notice = hector
        .wait_for("speech-dispatcher-espeak-ng", Duration::from_secs(15))
        .unwrap_or_else(|| panic!("no notice naming the package: {:?}", hector.seen));
    assert!(notice.starts_with("Speech is off"), "{notice}");
    let at = hector.type_line("e4");
    assert_eq!(hector.next_line(), "Bauer Eva vier");
    std::thread::sleep(Duration::from_secs(2));
    hector.quit();
    let said = hector
        .seen
        .iter()
        .filter(|l| l.contains("speech-dispatcher-espeak-ng"))
        .count();
    assert_eq!(said, 1, "said once: {:?}", hector.seen);
    let log = card.speech_log();
    assert_eq!(
        log.matches("speech-dispatcher-espeak-ng").count(),
        1,
        "{log}"
    );
    assert!(log.contains("Bauer Eva vier"), "{log}");
    // Nothing is played: the dummy's canned recording is not.
    let spans = voiced_spans(&card.samples_since(start.min(at)), QUIET);
    assert!(spans.is_empty(), "sound was played: {spans:?}");
}

/// An espeak-ng data folder without German: links to the real one, but for the German voice and dictionary.
fn espeak_data_without_german(to: &Path) -> PathBuf {
    // Debian keeps it in /usr/lib/<architecture>/espeak-ng-data.
    let candidates: Vec<PathBuf> = std::fs::read_dir("/usr/lib")
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join("espeak-ng-data"))
        .chain([PathBuf::from("/usr/share/espeak-ng-data")])
        .collect();
    let real = candidates
        .iter()
        .find(|p| p.join("lang/gmw/de").exists())
        .expect("espeak-ng-data with German (Debian package espeak-ng-data)");
    let data = to.join("espeak-ng-data");
    std::fs::create_dir_all(data.join("lang/gmw")).unwrap();
    for entry in std::fs::read_dir(real).unwrap().map(Result::unwrap) {
        let name = entry.file_name();
        if name != "lang" && name != "de_dict" {
            std::os::unix::fs::symlink(entry.path(), data.join(&name)).unwrap();
        }
    }
    for entry in std::fs::read_dir(real.join("lang"))
        .unwrap()
        .map(Result::unwrap)
    {
        if entry.file_name() != "gmw" {
            std::os::unix::fs::symlink(entry.path(), data.join("lang").join(entry.file_name()))
                .unwrap();
        }
    }
    for entry in std::fs::read_dir(real.join("lang/gmw"))
        .unwrap()
        .map(Result::unwrap)
    {
        if entry.file_name() != "de" {
            std::os::unix::fs::symlink(entry.path(), data.join("lang/gmw").join(entry.file_name()))
                .unwrap();
        }
    }
    to.to_path_buf()
}

#[test]
fn a_missing_german_voice_is_said_once_and_the_board_words_are_shown_as_text() {
    let mut card = VirtualSoundCard::start("no-german");
    let data = espeak_data_without_german(&card.dir.join("espeak"));
    card.start_speechd(&[], &[("ESPEAK_DATA_PATH", &data)]);
    let mut hector = card.hector(&[]);
    let notice = hector
        .wait_for("No voice for German", Duration::from_secs(30))
        .unwrap_or_else(|| panic!("no notice of the missing German voice: {:?}", hector.seen));
    assert!(notice.contains("speech-dispatcher-espeak-ng"), "{notice}");
    // The notice itself is spoken in English; wait until it has been heard.
    card.wait_quiet();
    let at = hector.type_line("e4");
    assert_eq!(hector.next_line(), "Bauer Eva vier");
    std::thread::sleep(Duration::from_secs(2));
    let spans = voiced_spans(&card.samples_since(at), QUIET);
    assert!(spans.is_empty(), "the German words were played: {spans:?}");
    // The English UI is still spoken.
    let at = hector.type_line("count");
    hector.next_line();
    card.heard_and_quiet(at)
        .unwrap_or_else(|e| panic!("the English answer: {e}"));
    hector.quit();
    let said = hector
        .seen
        .iter()
        .filter(|l| l.contains("No voice for German"))
        .count();
    assert_eq!(said, 1, "said once: {:?}", hector.seen);
    assert_eq!(card.speech_log().matches("No voice for German").count(), 1);
}
