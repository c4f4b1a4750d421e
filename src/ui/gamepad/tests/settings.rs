//! The layout file: the user's overrides, broken layouts said with their places, and the pad's words.

use super::*;

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

/// Every broken layout is reported, each problem with its place in the file (line and
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
