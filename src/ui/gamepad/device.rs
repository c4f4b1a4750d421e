//! The pad thread: gilrs, or a script of synthetic events (`--gamepad-events FILE`, a testing aid), sends
//! [`PadEvent`]s to the face and plays the rumble patterns it is sent. Nothing here may hang or crash hector:
//! gilrs starts on this thread (the face never waits for it), a failure becomes one `Unavailable` event, and a
//! panic ends only this thread.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use super::{Axis, Button, PadEvent, Rumble};

/// The thread's name (the full-screen view's panic hook leaves the terminal alone for it).
pub const THREAD_NAME: &str = "hector-gamepad";
/// A script larger than this is not read.
pub const MAX_SCRIPT_BYTES: u64 = 1024 * 1024;
/// A `wait` in a script is at most this long.
pub const MAX_WAIT_MS: u64 = 60_000;

/// Where events come from.
#[derive(Debug, Clone)]
pub enum Source {
    /// Real pads through gilrs.
    Devices,
    /// A script of synthetic events; rumble patterns asked for are appended to `FILE.rumble`, one name a line.
    Script(PathBuf),
}

/// Where events go: false when the face is gone.
pub type Sink = Box<dyn Fn(PadEvent) -> bool + Send>;

/// One line of a script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Event(PadEvent),
    /// Sleep this many milliseconds.
    Wait(u64),
}

/// Reads a script: one step a line, `#` starts a comment.
///
/// ```text
/// connect 0 Test pad      # a pad (id and name) appears
/// press 0 South           # a button goes down ... and up
/// release 0 South
/// tap 0 South             # down and up
/// axis 0 LeftStickX 900   # -1000..1000
/// disconnect 0
/// ready 1                 # gilrs started, 1 pad connected
/// unavailable no udev     # gilrs could not start
/// wait 200                # milliseconds
/// ```
/// A line that cannot be read is reported (line number and why) and left out.
pub fn parse_script(text: &str, file: &str) -> (Vec<Step>, Vec<String>) {
    let mut steps = Vec::new();
    let mut problems = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace();
        let verb = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        let pad = || rest.first().and_then(|p| p.parse::<usize>().ok());
        let button = || rest.get(1).and_then(|b| Button::parse(b));
        let parsed: Option<Vec<Step>> = match verb {
            "connect" => pad().map(|pad| {
                vec![Step::Event(PadEvent::Connected {
                    pad,
                    name: rest[1..].join(" "),
                })]
            }),
            "disconnect" => pad().map(|pad| vec![Step::Event(PadEvent::Disconnected { pad })]),
            "press" => pad()
                .zip(button())
                .map(|(pad, button)| vec![Step::Event(PadEvent::Pressed { pad, button })]),
            "release" => pad()
                .zip(button())
                .map(|(pad, button)| vec![Step::Event(PadEvent::Released { pad, button })]),
            "tap" => pad().zip(button()).map(|(pad, button)| {
                vec![
                    Step::Event(PadEvent::Pressed { pad, button }),
                    Step::Event(PadEvent::Released { pad, button }),
                ]
            }),
            "axis" => match (
                pad(),
                rest.get(1).and_then(|a| Axis::parse(a)),
                rest.get(2).and_then(|v| v.parse::<i32>().ok()),
            ) {
                (Some(pad), Some(axis), Some(value)) => Some(vec![Step::Event(PadEvent::Axis {
                    pad,
                    axis,
                    value: value.clamp(-1000, 1000),
                })]),
                _ => None,
            },
            "ready" => rest
                .first()
                .and_then(|n| n.parse::<usize>().ok())
                .map(|connected| vec![Step::Event(PadEvent::Ready { connected })]),
            "unavailable" => Some(vec![Step::Event(PadEvent::Unavailable(rest.join(" ")))]),
            "wait" => rest
                .first()
                .and_then(|n| n.parse::<u64>().ok())
                .map(|ms| vec![Step::Wait(ms.min(MAX_WAIT_MS))]),
            _ => None,
        };
        match parsed {
            Some(s) => steps.extend(s),
            None => problems.push(format!(
                "{file}, line {}: cannot read \"{}\"",
                i + 1,
                line.chars()
                    .filter(|c| !c.is_control())
                    .take(80)
                    .collect::<String>()
            )),
        }
    }
    (steps, problems)
}

/// Starts the pad thread. Returns where rumble patterns go (when `rumble` is on) and any problem known at
/// once (a script that cannot be read).
pub fn start(
    source: Source,
    rumble: bool,
    sink: Sink,
) -> (Option<mpsc::Sender<Rumble>>, Vec<String>) {
    let (tx, rx) = mpsc::channel::<Rumble>();
    let mut problems = Vec::new();
    let body: Box<dyn FnOnce() + Send> = match source {
        Source::Devices => Box::new(move || run_gilrs(sink, rumble.then_some(rx))),
        Source::Script(path) => match read_script(&path) {
            Ok((steps, mut p)) => {
                problems.append(&mut p);
                Box::new(move || run_script(steps, &path, sink, rx))
            }
            Err(e) => {
                problems.push(e);
                return (None, problems);
            }
        },
    };
    let spawned = std::thread::Builder::new()
        .name(THREAD_NAME.to_string())
        .spawn(move || {
            // A panic in gilrs ends this thread only; the face goes on with the keyboard.
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(body));
        });
    if let Err(e) = spawned {
        problems.push(format!("the gamepad thread cannot start: {e}"));
        return (None, problems);
    }
    (rumble.then_some(tx), problems)
}

fn read_script(path: &Path) -> Result<(Vec<Step>, Vec<String>), String> {
    let shown = path.display().to_string();
    let meta =
        std::fs::metadata(path).map_err(|e| format!("{shown}: cannot read the file: {e}"))?;
    if meta.len() > MAX_SCRIPT_BYTES {
        return Err(format!(
            "{shown}: the file is larger than {} KiB and is not read",
            MAX_SCRIPT_BYTES / 1024
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{shown}: cannot read the file: {e}"))?;
    Ok(parse_script(&String::from_utf8_lossy(&bytes), &shown))
}

fn run_script(steps: Vec<Step>, path: &Path, sink: Sink, rumble: mpsc::Receiver<Rumble>) {
    for step in steps {
        match step {
            Step::Event(e) => {
                if !sink(e) {
                    return;
                }
            }
            Step::Wait(ms) => std::thread::sleep(Duration::from_millis(ms)),
        }
    }
    drop(sink);
    // What would have rumbled, for tests: one name a line.
    let mut log = path.as_os_str().to_owned();
    log.push(".rumble");
    while let Ok(r) = rumble.recv() {
        use std::io::Write;
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
        {
            let _ = writeln!(f, "{}", r.name());
        }
    }
}

/// gilrs's button, as hector names it.
pub fn button_of(b: gilrs::Button) -> Option<Button> {
    use gilrs::Button as G;
    Some(match b {
        G::South => Button::South,
        G::East => Button::East,
        G::West => Button::West,
        G::North => Button::North,
        G::LeftTrigger => Button::LeftShoulder,
        G::RightTrigger => Button::RightShoulder,
        G::LeftTrigger2 => Button::LeftTrigger,
        G::RightTrigger2 => Button::RightTrigger,
        G::Select => Button::Select,
        G::Start => Button::Start,
        G::Mode => Button::Mode,
        G::LeftThumb => Button::LeftThumb,
        G::RightThumb => Button::RightThumb,
        G::DPadUp => Button::DPadUp,
        G::DPadDown => Button::DPadDown,
        G::DPadLeft => Button::DPadLeft,
        G::DPadRight => Button::DPadRight,
        G::C | G::Z | G::Unknown => return None,
    })
}

/// gilrs's axis, when it moves the focus.
pub fn axis_of(a: gilrs::Axis) -> Option<Axis> {
    use gilrs::Axis as G;
    match a {
        G::LeftStickX => Some(Axis::LeftStickX),
        G::LeftStickY => Some(Axis::LeftStickY),
        G::DPadX => Some(Axis::DPadX),
        G::DPadY => Some(Axis::DPadY),
        _ => None,
    }
}

/// One gilrs event as hector's, if it is one hector uses.
pub fn event_of(ev: &gilrs::Event, name: &str) -> Option<PadEvent> {
    use gilrs::EventType as E;
    let pad: usize = ev.id.into();
    match ev.event {
        E::ButtonPressed(b, _) => button_of(b).map(|button| PadEvent::Pressed { pad, button }),
        E::ButtonReleased(b, _) => button_of(b).map(|button| PadEvent::Released { pad, button }),
        E::AxisChanged(a, v, _) => axis_of(a).map(|axis| PadEvent::Axis {
            pad,
            axis,
            value: (v.clamp(-1.0, 1.0) * 1000.0).round() as i32,
        }),
        E::Connected => Some(PadEvent::Connected {
            pad,
            name: name.to_string(),
        }),
        E::Disconnected => Some(PadEvent::Disconnected { pad }),
        _ => None,
    }
}

fn run_gilrs(sink: Sink, rumble: Option<mpsc::Receiver<Rumble>>) {
    let mut gilrs = match gilrs::Gilrs::new() {
        Ok(g) => g,
        Err(gilrs::Error::NotImplemented(_)) => {
            sink(PadEvent::Unavailable(
                "gamepads are not supported on this system".to_string(),
            ));
            return;
        }
        Err(e) => {
            sink(PadEvent::Unavailable(e.to_string()));
            return;
        }
    };
    let present: Vec<(usize, String)> = gilrs
        .gamepads()
        .map(|(id, g)| (id.into(), g.name().to_string()))
        .collect();
    if !sink(PadEvent::Ready {
        connected: present.len(),
    }) {
        return;
    }
    for (pad, name) in present {
        if !sink(PadEvent::Connected { pad, name }) {
            return;
        }
    }
    // Effects play while their handle lives: the last one is kept.
    let mut playing: Option<gilrs::ff::Effect> = None;
    loop {
        let any_ff = rumble.is_some() && gilrs.gamepads().any(|(_, g)| g.is_ff_supported());
        // With a pad that can rumble, wake now and then for rumble requests; else sleep until an event.
        let timeout = any_ff.then(|| Duration::from_millis(100));
        if let Some(ev) = gilrs.next_event_blocking(timeout) {
            let name = gilrs
                .connected_gamepad(ev.id)
                .map(|g| g.name().to_string())
                .unwrap_or_default();
            if let Some(e) = event_of(&ev, &name)
                && !sink(e)
            {
                return;
            }
        }
        if let Some(rx) = &rumble {
            loop {
                match rx.try_recv() {
                    Ok(pattern) if any_ff => playing = play(&mut gilrs, pattern).or(playing),
                    Ok(_) => {}
                    Err(mpsc::TryRecvError::Empty) => break,
                    Err(mpsc::TryRecvError::Disconnected) => return,
                }
            }
        }
    }
}

/// Plays a pattern on every pad that can rumble.
fn play(gilrs: &mut gilrs::Gilrs, pattern: Rumble) -> Option<gilrs::ff::Effect> {
    use gilrs::ff::{BaseEffect, BaseEffectType, EffectBuilder, Repeat, Replay, Ticks};
    let ids: Vec<gilrs::GamepadId> = gilrs
        .gamepads()
        .filter(|(_, g)| g.is_ff_supported())
        .map(|(id, _)| id)
        .collect();
    if ids.is_empty() {
        return None;
    }
    let mut builder = EffectBuilder::new();
    let mut end = 0;
    for (after, length, strong) in pattern.pulses() {
        end = end.max(after + length);
        let kind = if *strong {
            BaseEffectType::Strong { magnitude: 60_000 }
        } else {
            BaseEffectType::Weak { magnitude: 60_000 }
        };
        builder.add_effect(BaseEffect {
            kind,
            scheduling: Replay {
                after: Ticks::from_ms(*after),
                play_for: Ticks::from_ms(*length),
                with_delay: Ticks::from_ms(0),
            },
            ..Default::default()
        });
    }
    let effect = builder
        .gamepads(&ids)
        .repeat(Repeat::For(Ticks::from_ms(end)))
        .finish(gilrs)
        .ok()?;
    effect.play().ok()?;
    Some(effect)
}
