//! The pad through its pure mapping: every button in every layer and context of the shipped layout, the
//! menu, roles, connect and disconnect, requests, the settings file and the rumble patterns. Real pads
//! cannot be plugged in here; gilrs's events meet this mapping only through `device::event_of`.

use std::collections::BTreeSet;

use shakmaty::Role;

use super::*;
use crate::ui::screen::keymap::Keymap;
use crate::words::{Phrases, Vocabulary};

use Button as B;

/// The layout as README.md documents it: (layer, button, action). Written out here, independently of
/// config/gamepad.ron, so a change to the file that the README does not follow fails.
fn documented() -> Vec<(Option<Button>, Button, Action)> {
    use Action as A;
    use PieceKind as K;
    let base = [
        (B::DPadUp, A::Up),
        (B::DPadDown, A::Down),
        (B::DPadLeft, A::Left),
        (B::DPadRight, A::Right),
        (B::South, A::Select),
        (B::East, A::Cancel),
        (B::West, A::Square),
        (B::North, A::Last),
        (B::LeftShoulder, A::ReadRank),
        (B::RightShoulder, A::ReadFile),
        (B::LeftTrigger, A::Time),
        (B::RightTrigger, A::Count),
        (B::Select, A::Help),
        (B::LeftThumb, A::Turn),
        (B::RightThumb, A::Press),
    ];
    let left = [
        (B::DPadUp, A::Diagonals),
        (B::DPadRight, A::Lines),
        (B::DPadDown, A::Knight),
        (B::DPadLeft, A::Attackers),
        (B::South, A::LegalMoves),
        (B::West, A::OwnPieces),
        (B::North, A::TheirPieces),
        (B::East, A::Pawns),
        (B::LeftTrigger, A::Used),
        (B::RightTrigger, A::Material),
        (B::Select, A::AllMoves),
        (B::Start, A::Moves(10)),
    ];
    let right = [
        (B::North, A::NextOwn(K::King)),
        (B::DPadUp, A::NextOwn(K::Queen)),
        (B::DPadRight, A::NextOwn(K::Rook)),
        (B::DPadDown, A::NextOwn(K::Bishop)),
        (B::DPadLeft, A::NextOwn(K::Knight)),
        (B::South, A::NextOwn(K::Pawn)),
        (B::West, A::NextTheirs(K::King)),
        (B::East, A::NextTheirs(K::Queen)),
        (B::LeftTrigger, A::Undo),
        (B::Select, A::State),
        (B::Start, A::Log),
    ];
    let mut out = Vec::new();
    out.extend(base.iter().map(|(b, a)| (None, *b, *a)));
    out.extend(left.iter().map(|(b, a)| (Some(B::LeftShoulder), *b, *a)));
    out.extend(right.iter().map(|(b, a)| (Some(B::RightShoulder), *b, *a)));
    out
}

fn mapper() -> Mapper {
    let mut m = Mapper::new(GamepadConfig::builtin(), false, false);
    let out = m.event(
        &PadEvent::Connected {
            pad: 0,
            name: "Test pad".into(),
        },
        Context::Play,
    );
    assert_eq!(
        out,
        vec![PadOut::Notice(Notice::Connected {
            name: "Test pad".into(),
            role: PadRole::Player
        })]
    );
    m
}

fn press(m: &mut Mapper, pad: PadId, button: Button, context: Context) -> Vec<PadOut> {
    m.event(&PadEvent::Pressed { pad, button }, context)
}

fn release(m: &mut Mapper, pad: PadId, button: Button, context: Context) -> Vec<PadOut> {
    m.event(&PadEvent::Released { pad, button }, context)
}

/// Press and release, with a layer button held around it: everything that came out.
fn chord(m: &mut Mapper, layer: Option<Button>, button: Button, context: Context) -> Vec<PadOut> {
    let mut out = Vec::new();
    if let Some(l) = layer {
        out.extend(press(m, 0, l, context));
    }
    out.extend(press(m, 0, button, context));
    out.extend(release(m, 0, button, context));
    if let Some(l) = layer {
        out.extend(release(m, 0, l, context));
    }
    out
}

#[test]
fn every_button_in_every_layer_does_the_documented_action() {
    let doc = documented();
    for layer in [None, Some(B::LeftShoulder), Some(B::RightShoulder)] {
        for button in Button::ALL {
            if Some(button) == layer {
                continue;
            }
            let mut m = mapper();
            let out = chord(&mut m, layer, button, Context::Play);
            let expected: Vec<PadOut> =
                match doc.iter().find(|(l, b, _)| *l == layer && *b == button) {
                    Some((_, _, a)) => vec![PadOut::Action(*a)],
                    // Start alone opens the menu.
                    None if layer.is_none() && button == B::Start => {
                        assert!(m.menu_open());
                        vec![PadOut::Notice(Notice::Menu {
                            item: m.menu_items()[0],
                            place: 1,
                            count: m.menu_items().len(),
                            opened: true,
                        })]
                    }
                    // Nothing documented: nothing happens (and the shoulder's own action is not done either).
                    None => Vec::new(),
                };
            assert_eq!(out, expected, "layer {layer:?}, button {button:?}");
        }
    }
    // And the file binds nothing the README does not document.
    let c = GamepadConfig::builtin();
    let bound = c.buttons.len() + c.left_layer.len() + c.right_layer.len();
    assert_eq!(bound, doc.len());
}

#[test]
fn a_shoulder_alone_reads_held_it_is_a_layer() {
    let mut m = mapper();
    // Pressed: nothing yet; let go alone: its own action.
    assert_eq!(press(&mut m, 0, B::LeftShoulder, Context::Play), vec![]);
    assert_eq!(
        release(&mut m, 0, B::LeftShoulder, Context::Play),
        vec![PadOut::Action(Action::ReadRank)]
    );
    // Used as a layer for two buttons: two layer actions, and no ReadRank at the end.
    let mut out = press(&mut m, 0, B::LeftShoulder, Context::Play);
    out.extend(press(&mut m, 0, B::South, Context::Play));
    out.extend(release(&mut m, 0, B::South, Context::Play));
    out.extend(press(&mut m, 0, B::DPadUp, Context::Play));
    out.extend(release(&mut m, 0, B::DPadUp, Context::Play));
    out.extend(release(&mut m, 0, B::LeftShoulder, Context::Play));
    assert_eq!(
        out,
        vec![
            PadOut::Action(Action::LegalMoves),
            PadOut::Action(Action::Diagonals)
        ]
    );
    // After the layer is let go the base layout is back.
    assert_eq!(
        chord(&mut m, None, B::South, Context::Play),
        vec![PadOut::Action(Action::Select)]
    );
    // Both shoulders: the one pressed last is the layer.
    let mut out = press(&mut m, 0, B::LeftShoulder, Context::Play);
    out.extend(press(&mut m, 0, B::RightShoulder, Context::Play));
    out.extend(press(&mut m, 0, B::South, Context::Play));
    assert_eq!(out, vec![PadOut::Action(Action::NextOwn(PieceKind::Pawn))]);
    // The right shoulder was pressed while the left was held: it counts as the left's layer button
    // (nothing bound there), and neither shoulder reads on release.
    let mut out = release(&mut m, 0, B::South, Context::Play);
    out.extend(release(&mut m, 0, B::RightShoulder, Context::Play));
    out.extend(release(&mut m, 0, B::LeftShoulder, Context::Play));
    assert_eq!(out, vec![]);
}

/// Every action the mapper can give from the shipped layout, found by driving it: every button in every
/// layer, and every place of the menu.
fn reachable(m: &mut Mapper) -> BTreeSet<Action> {
    let mut found = BTreeSet::new();
    for layer in [None, Some(B::LeftShoulder), Some(B::RightShoulder)] {
        for button in Button::ALL {
            if Some(button) == layer || (layer.is_none() && button == m.config.menu_button) {
                continue;
            }
            for o in chord(m, layer, button, Context::Play) {
                if let PadOut::Action(a) = o {
                    found.insert(a);
                }
            }
        }
    }
    let count = m.menu_items().len();
    for place in 0..count {
        chord(m, None, B::Start, Context::Play);
        for _ in 0..place {
            chord(m, None, B::DPadDown, Context::Play);
        }
        let out = chord(m, None, B::South, Context::Play);
        assert!(!m.menu_open());
        match out.as_slice() {
            [PadOut::Action(a)] => {
                found.insert(*a);
            }
            [PadOut::Notice(Notice::AskRoles)] => {}
            other => panic!("menu place {place}: {other:?}"),
        }
    }
    found
}

#[test]
fn every_keyboard_action_is_reachable_without_a_keyboard() {
    let mut m = mapper();
    let mut found = reachable(&mut m);
    // In the tournament profile: the clock press and the record's commands, from the menu too.
    let mut t = Mapper::new(GamepadConfig::builtin(), false, true);
    t.event(
        &PadEvent::Connected {
            pad: 0,
            name: "Test pad".into(),
        },
        Context::Play,
    );
    let in_tournament = reachable(&mut t);
    for a in [Action::Press, Action::Undo, Action::State, Action::Log] {
        assert!(in_tournament.contains(&a), "{a:?}");
    }
    found.extend(in_tournament);
    // The blind player's requests come from the player's pad in assistant mode (as `player: ...` lines,
    // tested below).
    for r in REQUESTS {
        assert!(m.config.requests.values().any(|x| *x == r), "{r:?}");
        found.insert(Action::Player(r));
    }
    for (action, _) in Keymap::builtin().actions() {
        assert!(
            found.contains(&action),
            "{action:?} cannot be reached by pad"
        );
    }
    // The irreversible ones only through the menu, never on a chord (DN-9).
    for a in [
        Action::Resign,
        Action::Offer,
        Action::Accept,
        Action::Decline,
        Action::Claim,
        Action::Quit,
    ] {
        let c = &m.config;
        assert!(
            !c.buttons
                .values()
                .chain(c.left_layer.values())
                .chain(c.right_layer.values())
                .any(|x| *x == a),
            "{a:?} is on a button"
        );
        assert!(c.menu.contains(&a), "{a:?}");
    }
}

#[test]
fn the_menu_moves_wraps_and_closes() {
    let mut m = mapper();
    let items = m.menu_items();
    let n = items.len();
    // Outside the tournament profile the menu leaves out its commands.
    assert!(!items.contains(&MenuItem::Action(Action::Press)));
    assert!(items.contains(&MenuItem::Action(Action::Material)));
    assert_eq!(
        n,
        m.config.menu.len() - 4,
        "Press, Undo, State and Log are left out"
    );
    let mut t = Mapper::new(GamepadConfig::builtin(), false, true);
    let t_items = t.menu_items();
    assert!(t_items.contains(&MenuItem::Action(Action::Press)));
    assert!(!t_items.contains(&MenuItem::Action(Action::Material)));
    assert!(!t_items.contains(&MenuItem::Action(Action::LegalMoves)));
    // Takeback, a new game and a rematch are not in a tournament game; outside it they are.
    for a in [Action::Takeback, Action::NewGame, Action::Rematch] {
        assert!(items.contains(&MenuItem::Action(a)), "{a:?}");
        assert!(!t_items.contains(&MenuItem::Action(a)), "{a:?}");
    }
    t.config.menu.clear();
    assert!(t.menu_items().is_empty());
    chord(&mut m, None, B::Start, Context::Play);
    // Up from the first goes to the last; right ten on; left ten back.
    let out = chord(&mut m, None, B::DPadUp, Context::Play);
    assert_eq!(
        out,
        vec![PadOut::Notice(Notice::Menu {
            item: *items.last().unwrap(),
            place: n,
            count: n,
            opened: false
        })]
    );
    let out = chord(&mut m, None, B::DPadRight, Context::Play);
    let expected_place = (n - 1 + 10) % n;
    assert_eq!(
        out,
        vec![PadOut::Notice(Notice::Menu {
            item: items[expected_place],
            place: expected_place + 1,
            count: n,
            opened: false
        })]
    );
    // Buttons that mean nothing in the menu do nothing, not their layout action.
    assert_eq!(
        chord(&mut m, None, B::West, Context::Play),
        vec![PadOut::Notice(Notice::Menu {
            item: items[expected_place],
            place: expected_place + 1,
            count: n,
            opened: false
        })]
    );
    assert_eq!(
        chord(&mut m, None, B::East, Context::Play),
        vec![PadOut::Notice(Notice::MenuClosed)]
    );
    assert!(!m.menu_open());
    // Start closes it too.
    chord(&mut m, None, B::Start, Context::Play);
    assert_eq!(
        chord(&mut m, None, B::Start, Context::Play),
        vec![PadOut::Notice(Notice::MenuClosed)]
    );
}

#[test]
fn confirmations_promotion_and_the_input_line() {
    let mut m = mapper();
    // A question: South is yes, East no; other buttons act as their keys would (the view cancels a
    // confirmation on any other key).
    assert_eq!(
        chord(&mut m, None, B::South, Context::Question),
        vec![PadOut::Yes]
    );
    assert_eq!(
        chord(&mut m, None, B::East, Context::Question),
        vec![PadOut::No]
    );
    assert_eq!(
        chord(&mut m, None, B::West, Context::Question),
        vec![PadOut::Action(Action::Square)]
    );
    // Promotion: every piece a pawn may become, by the documented buttons.
    let doc = [
        (B::DPadUp, Role::Queen),
        (B::DPadRight, Role::Rook),
        (B::DPadDown, Role::Bishop),
        (B::DPadLeft, Role::Knight),
        (B::South, Role::Queen),
    ];
    for button in Button::ALL {
        let out = chord(&mut m, None, button, Context::Promotion);
        let expected = match doc.iter().find(|(b, _)| *b == button) {
            Some((_, r)) => vec![PadOut::Promote(*r)],
            None if button == B::East => vec![PadOut::No],
            None => vec![PadOut::Notice(Notice::PromotionHelp)],
        };
        assert_eq!(out, expected, "{button:?}");
    }
    // The input line: South sends, East cancels; nothing else types into it.
    for button in Button::ALL {
        let out = chord(&mut m, None, button, Context::Input);
        let expected = match button {
            B::South => vec![PadOut::Yes],
            B::East => vec![PadOut::No],
            _ => vec![],
        };
        assert_eq!(out, expected, "{button:?}");
    }
}

#[test]
fn the_stick_moves_like_the_dpad_without_chatter() {
    let mut m = mapper();
    let axis = |m: &mut Mapper, axis, value| {
        m.event(
            &PadEvent::Axis {
                pad: 0,
                axis,
                value,
            },
            Context::Play,
        )
    };
    assert_eq!(axis(&mut m, Axis::LeftStickX, 200), vec![]);
    assert_eq!(
        axis(&mut m, Axis::LeftStickX, 600),
        vec![PadOut::Action(Action::Right)]
    );
    // Held, wobbling between the thresholds: no more steps.
    assert_eq!(axis(&mut m, Axis::LeftStickX, 900), vec![]);
    assert_eq!(axis(&mut m, Axis::LeftStickX, 400), vec![]);
    assert_eq!(axis(&mut m, Axis::LeftStickX, 550), vec![]);
    // Back to the middle, pushed again: one more step.
    assert_eq!(axis(&mut m, Axis::LeftStickX, 100), vec![]);
    assert_eq!(
        axis(&mut m, Axis::LeftStickX, 700),
        vec![PadOut::Action(Action::Right)]
    );
    // Straight across to the other side: one step the other way.
    assert_eq!(
        axis(&mut m, Axis::LeftStickX, -800),
        vec![PadOut::Action(Action::Left)]
    );
    // Y grows upwards; a D-pad reporting axes works the same.
    assert_eq!(
        axis(&mut m, Axis::LeftStickY, 1000),
        vec![PadOut::Action(Action::Up)]
    );
    assert_eq!(
        axis(&mut m, Axis::DPadY, -1000),
        vec![PadOut::Action(Action::Down)]
    );
    // The stick in a layer: the layer's action.
    axis(&mut m, Axis::LeftStickY, 0);
    press(&mut m, 0, B::LeftShoulder, Context::Play);
    assert_eq!(
        axis(&mut m, Axis::LeftStickY, 1000),
        vec![PadOut::Action(Action::Diagonals)]
    );
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
                .map(|(_, t)| PadOut::Text((*t).to_string()))
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
        vec![PadOut::Text("player: time".into())]
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
    assert_eq!(
        out,
        ["time", "count", "used", "last"]
            .map(|t| PadOut::Text(t.to_string()))
            .to_vec()
    );
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

#[test]
fn the_users_file_overrides_and_a_broken_one_changes_nothing() {
    let base = GamepadConfig::builtin();
    let user = "(\n  rumble: Off,\n  buttons: [(West, Material), (North, Turn)],\n  promotion: [(South, Knight)],\n)";
    let (c, problems) = base
        .clone()
        .with_overrides(user, "/home/p/.config/hector/gamepad.ron");
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(c.rumble, Use::Off);
    assert_eq!(c.buttons[&B::West], Action::Material);
    assert_eq!(c.buttons[&B::North], Action::Turn);
    assert_eq!(c.buttons[&B::South], Action::Select);
    assert_eq!(c.promotion[&B::South], PieceKind::Knight);
    assert_eq!(c.menu, base.menu);
    // Broken: the shipped settings and one notice with the file, line and column.
    let (c, problems) = base
        .clone()
        .with_overrides("(\n  buttons: [(Wobble, Up)],\n)", "mine.ron");
    assert_eq!(c, base);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("mine.ron, line 2, column"),
        "{}",
        problems[0]
    );
    let (c, problems) = base.clone().with_overrides("(rumbel: On)", "mine.ron");
    assert_eq!(c, base);
    assert!(problems[0].contains("rumbel"), "{problems:?}");
    // A button twice in a list: the first stays, reported.
    let (c, problems) = base
        .clone()
        .with_overrides("(buttons: [(West, Material), (West, Turn)])", "mine.ron");
    assert_eq!(c.buttons[&B::West], Action::Material);
    assert!(
        problems[0].contains("West") && problems[0].contains("mine.ron"),
        "{problems:?}"
    );
    // A king from a promotion and a binding on the menu button are reported.
    let (_, problems) = base.clone().with_overrides(
        "(promotion: [(North, King)], buttons: [(Start, Up)])",
        "mine.ron",
    );
    assert_eq!(problems.len(), 2, "{problems:?}");
    // Files: too large, not there, not UTF-8.
    let dir = std::env::temp_dir().join(format!("hector-gamepad-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.ron");
    std::fs::write(&big, vec![b' '; MAX_CONFIG_BYTES as usize + 1]).unwrap();
    let (c, problems) = GamepadConfig::load(Some(&big));
    assert_eq!(c, base);
    assert!(problems[0].contains("larger than 64 KiB"), "{problems:?}");
    let (c, problems) = GamepadConfig::load(Some(&dir.join("none.ron")));
    assert_eq!(c, base);
    assert!(problems[0].contains("cannot read"), "{problems:?}");
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, [0xff, 0xfe, b'(']).unwrap();
    let (c, problems) = GamepadConfig::load(Some(&bad));
    assert_eq!(c, base);
    assert!(problems[0].contains("not UTF-8"), "{problems:?}");
    let good = dir.join("good.ron");
    std::fs::write(&good, "(enabled: On)").unwrap();
    let (c, problems) = GamepadConfig::load(Some(&good));
    assert!(problems.is_empty());
    assert_eq!(c.enabled, Use::On);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_word_about_the_pad_exists_in_every_language() {
    let config = GamepadConfig::builtin();
    let m = mapper();
    let notices = [
        Notice::Connected {
            name: "P".into(),
            role: PadRole::Player,
        },
        Notice::Connected {
            name: "P".into(),
            role: PadRole::Assistant,
        },
        Notice::Disconnected { name: "P".into() },
        Notice::AskRoles,
        Notice::Roles {
            player: "P".into(),
            assistant: "A".into(),
        },
        Notice::Menu {
            item: MenuItem::Roles,
            place: 1,
            count: 2,
            opened: true,
        },
        Notice::Menu {
            item: MenuItem::Action(Action::Resign),
            place: 2,
            count: 2,
            opened: false,
        },
        Notice::MenuClosed,
        Notice::PromotionHelp,
        Notice::NoPad,
        Notice::Unavailable("why".into()),
    ];
    for lang in ["en", "de", "el"] {
        let p = Phrases::builtin(lang).unwrap();
        let v = Vocabulary::default();
        for n in &notices {
            let t = notice_text(n, &v, &p, &config);
            assert!(
                !t.contains("pad.") && !t.contains('{'),
                "{lang}: {n:?}: {t}"
            );
        }
        for b in Button::ALL {
            assert!(!button_name(b, &p).starts_with("pad."), "{lang} {b:?}");
        }
        for r in REQUESTS {
            assert!(!request_name(r, &p).starts_with("pad."), "{lang} {r:?}");
        }
        for item in m.menu_items() {
            let d = describe_item(item, &v, &p);
            assert!(
                !d.starts_with("key.") && !d.starts_with("pad."),
                "{lang} {item:?}"
            );
        }
        // Help names every bound button of every list.
        let help = help_lines(&config, true, &v, &p).join(" ");
        for b in config
            .buttons
            .keys()
            .chain(config.left_layer.keys())
            .chain(config.right_layer.keys())
            .chain(config.requests.keys())
        {
            assert!(
                help.contains(&button_name(*b, &p)),
                "{lang}: {b:?} not in help"
            );
        }
        assert!(help.contains(&button_name(config.menu_button, &p)));
    }
    // The English help reads as documented.
    let p = Phrases::default();
    let lines = help_lines(&config, false, &Vocabulary::default(), &p);
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(
        lines[0].contains("South: choose the piece, then its target"),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].contains("Start: menu of every command"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("Holding left shoulder: "),
        "{}",
        lines[1]
    );
}

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
    let before = s.game().plies().len();
    assert_eq!(
        glue::your_move(before, &s, Color::White),
        None,
        "no move yet"
    );
    s.update(Command::Act(s.read("e4")), Duration::ZERO);
    assert_eq!(
        glue::your_move(before, &s, Color::White),
        None,
        "the player moved"
    );
    assert_eq!(
        glue::your_move(before, &s, Color::Black),
        Some(Rumble::YourMove)
    );
    let before = s.game().plies().len();
    s.update(Command::Act(s.read("Kd9")), Duration::ZERO);
    assert_eq!(
        glue::your_move(before, &s, Color::Black),
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

/// The view in-process: pad events through `glue::screen_event`, as the full-screen loop does them.
mod in_the_view {
    use std::time::Duration;

    use shakmaty::{Color, Square};

    use super::*;
    use crate::rules::Game;
    use crate::session::{Config, Session};
    use crate::ui::edge::Edge;
    use crate::ui::gamepad::device::Sink;
    use crate::ui::gamepad::glue::{self, GamepadOptions, PadFace};
    use crate::ui::screen::App;
    use crate::ui::screen::app::Mode;
    use crate::ui::screen::theme::Theme;

    struct View {
        face: PadFace,
        app: App,
        session: Session,
        edge: Edge,
    }

    impl View {
        fn new(game: Game, assistant: bool) -> View {
            let options = GamepadOptions {
                config: GamepadConfig::builtin(),
                // An empty script: the thread ends at once; the events come from the test.
                source: device::Source::Script(empty_script()),
                assistant,
                tournament: assistant,
                player: Color::White,
            };
            let sink: Sink = Box::new(|_| true);
            let (face, problems) = PadFace::start(options, sink);
            assert!(problems.is_empty(), "{problems:?}");
            let mut session = Session::new(game, config(assistant));
            session.start(Duration::ZERO);
            let mut v = View {
                face,
                app: App::new(Color::White, Theme::default(), Keymap::builtin()),
                session,
                edge: Edge::silent(),
            };
            v.send(PadEvent::Connected {
                pad: 0,
                name: "Test pad".into(),
            });
            v
        }

        fn send(&mut self, e: PadEvent) -> bool {
            glue::screen_event(
                &mut self.face,
                &e,
                &mut self.app,
                &mut self.session,
                &mut self.edge,
                Duration::ZERO,
            )
        }

        fn tap(&mut self, button: Button) -> bool {
            self.send(PadEvent::Pressed { pad: 0, button });
            self.send(PadEvent::Released { pad: 0, button })
        }

        /// D-pad steps from the focus to a square (White at the bottom).
        fn go(&mut self, to: Square) {
            let (f0, r0) = (self.app.focus.file() as i32, self.app.focus.rank() as i32);
            let (f1, r1) = (to.file() as i32, to.rank() as i32);
            for _ in f0..f1 {
                self.tap(B::DPadRight);
            }
            for _ in f1..f0 {
                self.tap(B::DPadLeft);
            }
            for _ in r0..r1 {
                self.tap(B::DPadUp);
            }
            for _ in r1..r0 {
                self.tap(B::DPadDown);
            }
            assert_eq!(self.app.focus, to);
        }

        fn play(&mut self, from: Square, to: Square) {
            self.go(from);
            self.tap(B::South);
            self.go(to);
            self.tap(B::South);
        }
    }

    fn config(assistant: bool) -> Config {
        Config {
            mode: if assistant {
                crate::session::Mode::Assistant
            } else {
                crate::session::Mode::Play
            },
            ..Config::default()
        }
    }

    fn empty_script() -> std::path::PathBuf {
        let p = std::env::temp_dir().join(format!("hector-pad-empty-{}.txt", std::process::id()));
        std::fs::write(&p, "").unwrap();
        p
    }

    #[test]
    fn a_whole_game_by_pad() {
        let mut v = View::new(Game::new(), false);
        v.play(Square::F2, Square::F3);
        v.play(Square::E7, Square::E5);
        // The pad goes away and comes back mid-game: nothing is lost.
        v.send(PadEvent::Disconnected { pad: 0 });
        assert!(
            v.app
                .status
                .iter()
                .any(|s| s.starts_with("Gamepad disconnected: Test pad"))
        );
        v.send(PadEvent::Connected {
            pad: 0,
            name: "Test pad".into(),
        });
        assert_eq!(v.session.game().plies().len(), 2);
        v.play(Square::G2, Square::G4);
        v.play(Square::D8, Square::H4);
        assert!(v.session.game().is_over());
        assert!(
            v.app.status.iter().any(|s| s.contains("Checkmate")),
            "{:?}",
            v.app.status
        );
        // The help lists the pad's layout after the keys.
        v.tap(B::Select);
        let help = v.app.help.clone().unwrap();
        assert!(help.iter().any(|l| l.starts_with("Gamepad: ")), "{help:?}");
    }

    #[test]
    fn promotion_and_confirmations_by_pad() {
        let game = Game::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut v = View::new(game, false);
        v.play(Square::A7, Square::A8);
        assert!(matches!(v.app.mode, Mode::Promotion { .. }));
        // A button with no piece says the pad's choices; East would cancel; right is the rook.
        v.app.begin_batch();
        v.tap(B::West);
        assert!(
            v.app.status[0].starts_with("Promotion on the gamepad"),
            "{:?}",
            v.app.status
        );
        v.tap(B::DPadRight);
        assert_eq!(v.app.mode, Mode::Explore);
        let last = v.session.game().plies().last().unwrap().san.to_string();
        assert_eq!(last, "a8=R+");
        // Offer a draw from the menu: a confirmation; East cancels, South confirms.
        let offer = v
            .face
            .mapper
            .menu_items()
            .iter()
            .position(|a| *a == MenuItem::Action(Action::Offer))
            .unwrap();
        let open_at = |v: &mut View| {
            v.tap(B::Start);
            for _ in 0..offer {
                v.tap(B::DPadDown);
            }
            v.tap(B::South);
        };
        open_at(&mut v);
        assert!(matches!(v.app.mode, Mode::Confirm(..)));
        v.tap(B::East);
        assert_eq!(v.app.mode, Mode::Explore);
        open_at(&mut v);
        v.app.begin_batch();
        v.tap(B::South);
        assert_eq!(v.app.mode, Mode::Explore);
        assert!(
            v.app
                .status
                .iter()
                .any(|s| s.to_lowercase().contains("draw")),
            "{:?}",
            v.app.status
        );
        // Resign asks its own question (the session's): South is yes.
        let resign = v
            .face
            .mapper
            .menu_items()
            .iter()
            .position(|a| *a == MenuItem::Action(Action::Resign))
            .unwrap();
        v.tap(B::Start);
        for _ in 0..resign {
            v.tap(B::DPadDown);
        }
        v.tap(B::South);
        assert!(v.session.awaiting_answer(), "{:?}", v.app.status);
        v.tap(B::South);
        assert!(v.session.game().is_over());
    }

    #[test]
    fn the_players_requests_reach_the_session_as_lines() {
        let mut v = View::new(Game::new(), true);
        v.app.begin_batch();
        v.tap(B::LeftTrigger);
        let by_pad = v.app.status.clone();
        // The same line typed gives the same answer.
        let mut typed = Session::new(Game::new(), config(true));
        typed.start(Duration::ZERO);
        let effects = typed.update(
            crate::session::Command::Act(typed.read("player: time")),
            Duration::ZERO,
        );
        let said: Vec<String> = effects
            .into_iter()
            .filter_map(|e| match e {
                crate::session::Effect::Say(a) => Some(a.text),
                _ => None,
            })
            .collect();
        assert!(!said.is_empty());
        assert_eq!(by_pad, said);
        // The focus did not move and nothing was selected: the player's pad does not play.
        assert_eq!(v.app.focus, Square::E2);
        v.tap(B::South);
        assert_eq!(v.app.mode, Mode::Explore);
    }
}

/// Issue 18, fault 26: every broken layout is reported, each problem with its place in the file (line and
/// column, as keymap.ron's), and what would break the pad is not taken.
#[test]
fn every_broken_layout_is_reported_with_its_place() {
    let base = GamepadConfig::builtin();
    for (text, place, words) in [
        // Written twice in one list, the same or another binding.
        (
            "(\n  buttons: [\n    (West, Material),\n    (West, Material),\n  ],\n)",
            "line 4, column 5",
            "twice",
        ),
        (
            "(buttons: [(West, Material), (West, Turn)])",
            "line 1, column 30",
            "already to Material",
        ),
        (
            "(left_layer: [(South, Used), (South, Used)])",
            "line 1, column 30",
            "twice",
        ),
        (
            "(right_layer: [(South, Undo),\n (South, Log)])",
            "line 2, column 2",
            "already to Undo",
        ),
        (
            "(promotion: [(South, Queen), (South, Queen)])",
            "line 1, column 30",
            "twice",
        ),
        (
            "(requests: [(West, Time), (West, Time)])",
            "line 1, column 27",
            "twice",
        ),
        (
            "(requests: [(West, Time), (West, Count)])",
            "line 1, column 27",
            "already to Time",
        ),
        // A layer's own shoulder in the layer.
        (
            "(left_layer: [(LeftShoulder, Used)])",
            "line 1, column 15",
            "never be pressed",
        ),
        (
            "(right_layer: [(RightShoulder, Undo)])",
            "line 1, column 16",
            "never be pressed",
        ),
        // The menu on a layer button: it would never open.
        (
            "(\n  menu_button: LeftShoulder,\n)",
            "line 2, column 3",
            "never open",
        ),
        (
            "(menu_button: RightShoulder)",
            "line 1, column 2",
            "never open",
        ),
        // East is the way back from the promotion question.
        (
            "(promotion: [(East, Queen)])",
            "line 1, column 14",
            "cancels",
        ),
        (
            "(promotion: [(North, King)])",
            "line 1, column 14",
            "cannot become a King",
        ),
        (
            "(promotion: [(North, Pawn)])",
            "line 1, column 14",
            "cannot become a Pawn",
        ),
        // The menu: empty, or an item twice.
        ("(menu: [])", "line 1, column 2", "empty menu"),
        ("(menu: [Press, Undo, Press])", "line 1, column 22", "twice"),
        (
            "(menu: [\n  Quit, // the way out\n  Quit,\n])",
            "line 3, column 3",
            "twice",
        ),
        // The menu button bound in buttons.
        (
            "(buttons: [(South, Select), (Start, Up)])",
            "line 1, column 29",
            "opens the menu",
        ),
        (
            "(buttons: [(West, Moves(0))])",
            "line 1, column 12",
            "Moves(0)",
        ),
        // Not a layout: RON's own place.
        (
            "(\n  buttons: [(Wobble, Up)],\n)",
            "line 2, column",
            "Wobble",
        ),
        ("(buttons: [(West, Dance)])", "line 1, column", "Dance"),
        ("(rumbel: On)", "line 1, column", "rumbel"),
        ("(rumble: On, rumble: Off)", "line 1, column", "rumble"),
        ("(menu_button: Wobble)", "line 1, column", "Wobble"),
        ("(buttons: [(West)])", "line 1, column", ""),
        ("buttons: []", "line 1, column", ""),
    ] {
        let (c, problems) = base.clone().with_overrides(text, "mine.ron");
        assert!(!problems.is_empty(), "not reported: {text}");
        assert!(
            problems
                .iter()
                .any(|p| p.starts_with(&format!("mine.ron, {place}")) && p.contains(words)),
            "{text}: {problems:#?}"
        );
        // What would break the pad is not taken.
        assert_eq!(c.menu_button, Button::Start, "{text}");
        assert!(!c.promotion.contains_key(&Button::East), "{text}");
        assert!(!c.menu.is_empty(), "{text}");
        let mut menu = c.menu.clone();
        menu.dedup();
        assert_eq!(menu.len(), c.menu.len(), "{text}");
    }
    // The shipped layout has no problem.
    let (_, problems) = base
        .clone()
        .with_overrides(DEFAULT_GAMEPAD, DEFAULT_GAMEPAD_FILE);
    assert!(problems.is_empty(), "{problems:?}");
}
