//! Pads that come and go, two pads told apart, and the requests of the player's pad in each mode.

use super::*;

/// A request as the pad sends it: typed, with the words line mode would type for it.
fn request(line: &str) -> PadOut {
    use crate::words::action::{Act, Action as Typed};
    let action = match line.strip_prefix("player: ") {
        Some(r) => Typed::Player(r.to_string()),
        None => Typed::english(line, "").expect(line),
    };
    let act = Act::new(action);
    assert_eq!(act.line, line);
    PadOut::Request(act)
}

#[test]
fn a_pad_that_goes_away_loses_nothing_and_keeps_its_role() {
    let mut m = mapper();
    // The layer is held when the pad goes: back, South is South again (no stuck layer).
    press(&mut m, 0, B::LeftShoulder, Context::Play);
    assert_eq!(
        m.event(&PadEvent::Disconnected { pad: 0 }, Context::Play),
        vec![PadOut::Notice(Notice::Disconnected {
            name: "Test pad".into()
        })]
    );
    assert_eq!(m.connected(), 0);
    // Events of a pad that is gone do nothing; a second disconnect says nothing.
    assert_eq!(press(&mut m, 0, B::South, Context::Play), vec![]);
    assert_eq!(
        m.event(&PadEvent::Disconnected { pad: 0 }, Context::Play),
        vec![]
    );
    assert_eq!(
        m.event(
            &PadEvent::Connected {
                pad: 0,
                name: "Test pad".into()
            },
            Context::Play
        ),
        vec![PadOut::Notice(Notice::Connected {
            name: "Test pad".into(),
            role: PadRole::Player
        })]
    );
    // The release of the shoulder held before the pad went does not read the rank.
    assert_eq!(release(&mut m, 0, B::LeftShoulder, Context::Play), vec![]);
    assert_eq!(
        chord(&mut m, None, B::South, Context::Play),
        vec![PadOut::Action(Action::Select)]
    );
    // A pad already connected and reported again is not announced twice.
    assert_eq!(
        m.event(
            &PadEvent::Connected {
                pad: 0,
                name: "Test pad".into()
            },
            Context::Play
        ),
        vec![]
    );
    // Names from the device are cleaned.
    let out = m.event(
        &PadEvent::Connected {
            pad: 7,
            name: "Evil\u{1b}[2J pad\n".into(),
        },
        Context::Play,
    );
    assert!(
        matches!(&out[0], PadOut::Notice(Notice::Connected { name, .. }) if name == "Evil[2J pad")
    );
}

#[test]
fn two_pads_are_told_apart_by_a_button_when_asked() {
    let mut m = mapper();
    let out = m.event(
        &PadEvent::Connected {
            pad: 1,
            name: "Second".into(),
        },
        Context::Play,
    );
    assert_eq!(
        out,
        vec![
            PadOut::Notice(Notice::Connected {
                name: "Second".into(),
                role: PadRole::Assistant
            }),
            PadOut::Notice(Notice::AskRoles)
        ]
    );
    // The answer is any button on the player's pad; it does nothing else.
    assert_eq!(
        press(&mut m, 1, B::South, Context::Play),
        vec![PadOut::Notice(Notice::Roles {
            player: "Second".into(),
            assistant: "Test pad".into()
        })]
    );
    assert_eq!(release(&mut m, 1, B::South, Context::Play), vec![]);
    assert_eq!(m.role(1), Some(PadRole::Player));
    assert_eq!(m.role(0), Some(PadRole::Assistant));
    // Asked again from the menu (its last item with two pads).
    let items = m.menu_items();
    assert_eq!(items.last(), Some(&MenuItem::Roles));
    chord(&mut m, 0, B::Start);
    chord(&mut m, 0, B::DPadUp);
    assert_eq!(
        chord(&mut m, 0, B::South),
        vec![PadOut::Notice(Notice::AskRoles)]
    );
    assert_eq!(
        press(&mut m, 0, B::North, Context::Play),
        vec![PadOut::Notice(Notice::Roles {
            player: "Test pad".into(),
            assistant: "Second".into()
        })]
    );
    release(&mut m, 0, B::North, Context::Play);
    // Both pads play with the full layout outside assistant mode.
    assert_eq!(
        chord(&mut m, 1, B::West),
        vec![PadOut::Action(Action::Square)]
    );
    assert_eq!(
        chord(&mut m, 0, B::West),
        vec![PadOut::Action(Action::Square)]
    );
    // One goes away: the question is not pending, and the menu has no roles item.
    m.event(&PadEvent::Disconnected { pad: 1 }, Context::Play);
    assert!(!m.menu_items().contains(&MenuItem::Roles));

    fn chord(m: &mut Mapper, pad: PadId, b: Button) -> Vec<PadOut> {
        let mut out = press(m, pad, b, Context::Play);
        out.extend(release(m, pad, b, Context::Play));
        out
    }
}

#[test]
fn the_players_pad_in_assistant_mode_asks_exactly_the_contract_commands() {
    let mut m = Mapper::new(GamepadConfig::builtin(), true, true);
    m.event(
        &PadEvent::Connected {
            pad: 3,
            name: "Player".into(),
        },
        Context::Play,
    );
    let expected = [
        (B::LeftTrigger, "player: time"),
        (B::RightTrigger, "player: count"),
        (B::West, "player: used"),
        (B::North, "player: last"),
        (B::South, "player: repeat"),
    ];
    for context in [
        Context::Play,
        Context::Question,
        Context::Promotion,
        Context::Input,
    ] {
        for button in Button::ALL {
            let mut out = press(&mut m, 3, button, context);
            out.extend(release(&mut m, 3, button, context));
            let want: Vec<PadOut> = expected
                .iter()
                .filter(|(b, _)| *b == button)
                .map(|(_, t)| request(t))
                .collect();
            assert_eq!(out, want, "{context:?} {button:?}");
        }
    }
    // Every request of the contract has a button.
    let words: BTreeSet<&str> = expected.iter().map(|(_, t)| *t).collect();
    for r in REQUESTS {
        assert!(
            words.contains(format!("player: {}", r.word()).as_str()),
            "{r:?}"
        );
    }
    // The assistant's pad plays the full layout.
    m.event(
        &PadEvent::Connected {
            pad: 4,
            name: "Assistant".into(),
        },
        Context::Play,
    );
    press(&mut m, 3, B::East, Context::Play); // the roles question: pad 3 is the player's
    release(&mut m, 3, B::East, Context::Play);
    assert_eq!(m.role(4), Some(PadRole::Assistant));
    assert_eq!(
        press(&mut m, 4, B::South, Context::Play),
        vec![PadOut::Action(Action::Select)]
    );
    assert_eq!(
        press(&mut m, 3, B::LeftTrigger, Context::Play),
        vec![request("player: time")]
    );
}

#[test]
fn line_mode_pads_ask_the_plain_commands() {
    let mut m = mapper();
    let out: Vec<PadOut> = [
        B::LeftTrigger,
        B::RightTrigger,
        B::West,
        B::North,
        B::South,
        B::East,
    ]
    .into_iter()
    .flat_map(|b| {
        let mut o = press(&mut m, 0, b, Context::Line);
        o.extend(release(&mut m, 0, b, Context::Line));
        o
    })
    .collect();
    assert_eq!(out, ["time", "count", "used", "last"].map(request).to_vec());
}

#[test]
fn no_pad_is_said_only_when_asked_for() {
    let mut quiet = mapper();
    quiet.event(&PadEvent::Disconnected { pad: 0 }, Context::Play);
    assert_eq!(
        quiet.event(&PadEvent::Ready { connected: 0 }, Context::Play),
        vec![]
    );
    assert_eq!(
        quiet.event(&PadEvent::Unavailable("no udev".into()), Context::Play),
        vec![]
    );
    let mut config = GamepadConfig::builtin();
    config.enabled = Use::On;
    let mut asked = Mapper::new(config, false, false);
    assert_eq!(
        asked.event(&PadEvent::Ready { connected: 0 }, Context::Play),
        vec![PadOut::Notice(Notice::NoPad)]
    );
    assert_eq!(
        asked.event(&PadEvent::Unavailable("no udev".into()), Context::Play),
        vec![PadOut::Notice(Notice::Unavailable("no udev".into()))]
    );
    assert_eq!(
        asked.event(&PadEvent::Ready { connected: 1 }, Context::Play),
        vec![]
    );
}
