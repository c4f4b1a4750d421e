//! A screen reader (fenrir) under its shipped settings: the silent mark's row and the keys that leave it alone.

use super::*;

/// Under fenrir's shipped settings (a key does not stop what it is saying): plain mode keeps the bottom
/// row for the silent mark alone, "_", where the cursor stops before a key's answer; fenrir reads a cursor moved to
/// another row at once and stops what it is still saying. Nothing else is drawn on that row, a long answer does not
/// grow over it, and it is there only in plain mode with `stop_reader`, in a terminal above the smallest size.
#[test]
fn plain_mode_keeps_the_bottom_row_for_the_silent_mark() {
    let mark_row = |text: &str| text.lines().last().unwrap().trim_matches('"').to_string();
    for board in [true, false] {
        let theme = Theme {
            plain: true,
            board,
            ..Theme::default()
        };
        assert!(theme.stop_reader, "the shipped theme stops the reader");
        let mut a = App::new(Color::White, theme, Keymap::builtin());
        let mut s = session(&["e4", "e5"]);
        for (w, h) in [(80, 24), (120, 40), (50, 16)] {
            let (text, _) = screen(&a, &s, w, h);
            assert_eq!(
                mark_row(&text).trim_end(),
                "_",
                "board {board}, {w}x{h}:\n{text}"
            );
            // The mark is the only "_" on the screen.
            assert_eq!(text.matches('_').count(), 1, "{text}");
        }
        // The whole board (X) is a long answer: it grows over the board, not over the mark.
        press(&mut a, &mut s, &[key('X')]);
        let (text, _) = screen(&a, &s, 80, 24);
        assert!(text.contains("White: König Eva eins"), "{text}");
        assert_eq!(mark_row(&text).trim_end(), "_", "{text}");
        // The smallest terminal keeps every row for the view.
        let (text, _) = screen(&a, &s, draw::MIN_WIDTH, draw::MIN_HEIGHT);
        assert!(!text.contains('_'), "{text}");
        assert!(!text.contains("too small"), "{text}");
    }
    // Not in the coloured view, nor with stop_reader false.
    let s = session(&[]);
    let plain_kept = Theme {
        plain: true,
        stop_reader: false,
        ..Theme::default()
    };
    for theme in [Theme::default(), plain_kept] {
        let a = App::new(Color::White, theme, Keymap::builtin());
        let (text, _) = screen(&a, &s, 80, 24);
        assert!(!text.contains('_'), "{text}");
    }
    // The theme file: `stop_reader: false` turns it off; a file written before the setting has it on.
    let shipped = super::super::theme::DEFAULT_THEME;
    assert!(shipped.contains("stop_reader: true"));
    let off = Theme::from_ron(
        &shipped.replace("stop_reader: true", "stop_reader: false"),
        "t",
    )
    .unwrap();
    assert!(!off.stop_reader);
    let older: String = shipped
        .lines()
        .filter(|l| !l.contains("stop_reader:"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(Theme::from_ron(&older, "t").unwrap().stop_reader);
}

/// The keys that edit the `:` line do not move the cursor to the mark: the screen reader echoes each letter typed
/// (its echo needs the cursor to move along the line); Enter, Escape and help do.
#[test]
fn typing_in_the_input_line_does_not_stop_the_reader() {
    let mut a = app(Color::White);
    assert!(!a.typing(&key('e')), "exploring: a key is not typing");
    a.mode = Mode::Input(String::new());
    assert!(a.typing(&key('e')));
    assert!(a.typing(&code(KeyCode::Backspace)));
    assert!(!a.typing(&code(KeyCode::Enter)));
    assert!(!a.typing(&code(KeyCode::Esc)));
    assert!(!a.typing(&KeyEvent::new(KeyCode::Char('g'), KeyModifiers::CONTROL)));
    assert!(!a.typing(&code(KeyCode::F(1))));
}
