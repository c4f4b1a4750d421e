//! The view's own questions on the full screen.

use super::*;

/// The session's action log as (who, what was entered, what was said) for each entry.
fn log_of(s: &Session) -> Vec<(String, String, String)> {
    let view = s.view();
    let entries = view.tournament().unwrap().log_entries();
    entries
        .iter()
        .map(|e| {
            (
                format!("{:?}", e.actor),
                e.action.clone(),
                e.said.join(" | "),
            )
        })
        .collect()
}

/// A command typed while the view's own question is open is not eaten key by key. Tab (the
/// clock press) leaves the question and presses; `:` leaves it and opens the input line, so `:offer` is the
/// command typed, made at once as in line mode (typed, a command acts at once); the blind player's key (assistant mode)
/// is answered and the question stays open. The question, its answer and each cancelling are in the action log, the
/// request as the player's.
#[test]
fn the_views_question_is_left_by_the_press_and_the_input_line_and_logged() {
    let config = Config {
        mode: crate::session::Mode::Assistant,
        ..Config::default()
    };
    let mut s = Session::new(Game::new(), config);
    s.start(Duration::ZERO);
    for m in ["e4", "press", "e5"] {
        s.update(Command::Act(s.read(m)), Duration::ZERO);
    }
    let mut a = app(Color::Black);
    let typed = |line: &str| {
        let mut keys: Vec<KeyEvent> = vec![key(':')];
        keys.extend(line.chars().map(key));
        keys.push(code(KeyCode::Enter));
        keys
    };
    let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
    let said = press(&mut a, &mut s, &[ctrl('d')]);
    assert_eq!(
        said.last().unwrap(),
        "Offer a draw? Press y for yes, n or Escape for no"
    );
    let said = press(&mut a, &mut s, &[code(KeyCode::Tab)]);
    assert_eq!(said[0], "Cancelled: Offer a draw?", "{said:?}");
    // No clock in this session: the press completes Black's move.
    assert_eq!(said[1], "Black's move is completed", "{said:?}");
    assert_eq!(a.mode, Mode::Explore);
    assert!(!s.view().tournament().unwrap().move_made_not_completed());
    // `:` leaves the question; `offer` is typed on the input line, not taken key by key (its letters move the
    // focus), and made at once.
    let focus = a.focus;
    press(&mut a, &mut s, &[ctrl('d')]);
    let said = without_echo(press(&mut a, &mut s, &typed("offer")));
    assert_eq!(
        said[..2],
        [
            "Cancelled: Offer a draw?",
            "Type a move or a command; Enter sends it, Escape or Ctrl-x cancels",
        ]
    );
    assert_eq!(s.view().game().draw_offer(), Some(Color::Black), "{said:?}");
    assert_eq!(a.focus, focus, "no letter moved the focus");
    let said = press(&mut a, &mut s, &[ctrl('n')]);
    assert_eq!(
        said,
        vec!["Decline the draw offer? Press y for yes, n or Escape for no"]
    );
    // The blind player's key is answered; the question stays open for the assistant.
    let said = press(&mut a, &mut s, &[code(KeyCode::F(9))]);
    assert_eq!(said, vec!["Move 2, White to move; 1 move completed"]);
    assert!(matches!(a.mode, Mode::Confirm(..)));
    let said = press(&mut a, &mut s, &[key('n')]);
    assert_eq!(said, vec!["Cancelled"]);
    assert_eq!(s.view().game().draw_offer(), Some(Color::Black));
    let log = log_of(&s);
    let first = log.iter().position(|(_, a, _)| a == "offer").unwrap();
    let tail: Vec<(&str, &str, &str)> = log[first..]
        .iter()
        .map(|(w, a, s)| (w.as_str(), a.as_str(), s.as_str()))
        .collect();
    assert_eq!(
        tail[..4],
        [
            (
                "Assistant",
                "offer",
                "Offer a draw? Press y for yes, n or Escape for no"
            ),
            ("Assistant", "Tab", "Cancelled: Offer a draw?"),
            ("Assistant", "press", tail[2].2),
            (
                "Assistant",
                "offer",
                "Offer a draw? Press y for yes, n or Escape for no"
            ),
        ],
        "{log:#?}"
    );
    assert_eq!(
        tail[4..],
        [
            ("Assistant", ":", "Cancelled: Offer a draw?"),
            ("Assistant", "offer", tail[5].2),
            (
                "Assistant",
                "decline",
                "Decline the draw offer? Press y for yes, n or Escape for no"
            ),
            (
                "BlindPlayer",
                "player: count",
                "Move 2, White to move; 1 move completed"
            ),
            ("Assistant", "n", "Cancelled"),
        ],
        "{log:#?}"
    );
}

/// The view's promotion question and its cancelling are in the action log too.
#[test]
fn the_views_promotion_question_and_its_cancelling_are_logged() {
    let config = Config {
        mode: crate::session::Mode::Record,
        ..Config::default()
    };
    let mut s = Session::new(Game::new(), config);
    s.start(Duration::ZERO);
    for m in [
        "a4", "press", "b5", "press", "axb5", "press", "a6", "press", "bxa6", "press", "Nc6",
        "press", "a7", "press", "Rb8", "press",
    ] {
        s.update(Command::Act(s.read(m)), Duration::ZERO);
    }
    let mut a = app(Color::White);
    a.focus = Square::A7;
    press(&mut a, &mut s, &[code(KeyCode::Enter)]);
    a.focus = Square::A8;
    let said = press(&mut a, &mut s, &[code(KeyCode::Enter)]);
    assert!(said[0].starts_with("Which piece"), "{said:?}");
    let said = press(&mut a, &mut s, &[code(KeyCode::Esc)]);
    assert_eq!(said, vec!["Cancelled"]);
    let log = log_of(&s);
    let n = log.len();
    assert_eq!(log[n - 2].1, "a7a8", "{log:#?}");
    assert!(log[n - 2].2.starts_with("Which piece"), "{log:#?}");
    assert_eq!(
        (
            log[n - 1].0.as_str(),
            log[n - 1].1.as_str(),
            log[n - 1].2.as_str()
        ),
        ("Player", "Esc", "Cancelled"),
        "{log:#?}"
    );
}
