//! Buttons, layers, the menu, the contexts (questions, promotion, the input line) and the stick.

use super::*;

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
    // And the file binds nothing docs/gamepad.md does not document.
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
