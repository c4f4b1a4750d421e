//! Rumble, scripts of synthetic events and gilrs's buttons and axes.

use super::*;

#[test]
fn rumble_follows_the_tactile_clock_and_the_profile() {
    // The cues of D.2.6.2, and no others.
    assert_eq!(Rumble::of_cue(Cue::Pulse), Some(Rumble::Pulse));
    assert_eq!(Rumble::of_cue(Cue::DoublePulse), Some(Rumble::DoublePulse));
    assert_eq!(
        Rumble::of_cue(Cue::FinalWarning),
        Some(Rumble::FinalWarning)
    );
    for c in [
        Cue::Move,
        Cue::Capture,
        Cue::Check,
        Cue::Illegal,
        Cue::Edge,
        Cue::LowTime,
        Cue::FlagFall,
        Cue::GameEnd,
        Cue::DrawOffer,
    ] {
        assert_eq!(Rumble::of_cue(c), None, "{c:?}");
    }
    // One dot, two dots, a long flag; told apart by feel.
    assert_eq!(Rumble::Pulse.pulses().len(), 1);
    assert_eq!(Rumble::DoublePulse.pulses().len(), 2);
    let long = Rumble::FinalWarning.pulses()[0].1;
    assert!(long >= 3 * Rumble::Pulse.pulses()[0].1);
    let [(a0, l0, _), (a1, _, _)] = Rumble::DoublePulse.pulses() else {
        panic!()
    };
    assert!(a1 > &(a0 + l0), "the two pulses are apart");
    // Auto is off in the tournament profile unless asked.
    let mut c = GamepadConfig::builtin();
    assert_eq!(c.rumble, Use::Auto);
    assert!(c.rumble_on(false) && !c.rumble_on(true));
    c.rumble = Use::On;
    assert!(c.rumble_on(true));
    c.rumble = Use::Off;
    assert!(!c.rumble_on(false));
}

#[test]
fn your_move_rumbles_when_the_turn_comes_to_the_player() {
    use crate::rules::Game;
    use crate::session::{Command, Config, Session};
    use shakmaty::Color;
    use std::time::Duration;
    let mut s = Session::new(Game::new(), Config::default());
    s.start(Duration::ZERO);
    let before = s.view().game().plies().len();
    assert_eq!(
        glue::your_move(before, &s.view(), Color::White),
        None,
        "no move yet"
    );
    s.update(Command::Act(s.read("e4")), Duration::ZERO);
    assert_eq!(
        glue::your_move(before, &s.view(), Color::White),
        None,
        "the player moved"
    );
    assert_eq!(
        glue::your_move(before, &s.view(), Color::Black),
        Some(Rumble::YourMove)
    );
    let before = s.view().game().plies().len();
    s.update(Command::Act(s.read("Kd9")), Duration::ZERO);
    assert_eq!(
        glue::your_move(before, &s.view(), Color::Black),
        None,
        "an illegal move"
    );
}

#[test]
fn scripts_are_read_line_by_line_and_bad_lines_named() {
    let text = "# a game\nconnect 0 Test pad\ntap 0 South\npress 0 LeftShoulder\naxis 0 LeftStickX 5000\n\
                wait 999999\nready 1\nunavailable no udev here\nrelease 0 LeftShoulder\ndisconnect 0\n\
                press 0 Wobble\nfly\naxis 0 RightStickX 1\n";
    let (steps, problems) = device::parse_script(text, "s.txt");
    use device::Step as S;
    assert_eq!(
        steps,
        vec![
            S::Event(PadEvent::Connected {
                pad: 0,
                name: "Test pad".into()
            }),
            S::Event(PadEvent::Pressed {
                pad: 0,
                button: B::South
            }),
            S::Event(PadEvent::Released {
                pad: 0,
                button: B::South
            }),
            S::Event(PadEvent::Pressed {
                pad: 0,
                button: B::LeftShoulder
            }),
            S::Event(PadEvent::Axis {
                pad: 0,
                axis: Axis::LeftStickX,
                value: 1000
            }),
            S::Wait(device::MAX_WAIT_MS),
            S::Event(PadEvent::Ready { connected: 1 }),
            S::Event(PadEvent::Unavailable("no udev here".into())),
            S::Event(PadEvent::Released {
                pad: 0,
                button: B::LeftShoulder
            }),
            S::Event(PadEvent::Disconnected { pad: 0 }),
        ]
    );
    assert_eq!(
        problems,
        vec![
            "s.txt, line 11: cannot read \"press 0 Wobble\"",
            "s.txt, line 12: cannot read \"fly\"",
            "s.txt, line 13: cannot read \"axis 0 RightStickX 1\"",
        ]
    );
}

#[test]
fn gilrs_buttons_and_axes_map_by_position() {
    use gilrs::Axis as GA;
    use gilrs::Button as G;
    let pairs = [
        (G::South, B::South),
        (G::East, B::East),
        (G::West, B::West),
        (G::North, B::North),
        (G::LeftTrigger, B::LeftShoulder),
        (G::RightTrigger, B::RightShoulder),
        (G::LeftTrigger2, B::LeftTrigger),
        (G::RightTrigger2, B::RightTrigger),
        (G::Select, B::Select),
        (G::Start, B::Start),
        (G::Mode, B::Mode),
        (G::LeftThumb, B::LeftThumb),
        (G::RightThumb, B::RightThumb),
        (G::DPadUp, B::DPadUp),
        (G::DPadDown, B::DPadDown),
        (G::DPadLeft, B::DPadLeft),
        (G::DPadRight, B::DPadRight),
    ];
    let mapped: BTreeSet<Button> = pairs
        .iter()
        .map(|(g, b)| {
            assert_eq!(device::button_of(*g), Some(*b));
            *b
        })
        .collect();
    assert_eq!(
        mapped.len(),
        Button::ALL.len(),
        "every button has a gilrs button"
    );
    for g in [G::C, G::Z, G::Unknown] {
        assert_eq!(device::button_of(g), None);
    }
    assert_eq!(device::axis_of(GA::LeftStickX), Some(Axis::LeftStickX));
    assert_eq!(device::axis_of(GA::LeftStickY), Some(Axis::LeftStickY));
    assert_eq!(device::axis_of(GA::DPadX), Some(Axis::DPadX));
    assert_eq!(device::axis_of(GA::DPadY), Some(Axis::DPadY));
    for g in [
        GA::RightStickX,
        GA::RightStickY,
        GA::LeftZ,
        GA::RightZ,
        GA::Unknown,
    ] {
        assert_eq!(device::axis_of(g), None);
    }
}
