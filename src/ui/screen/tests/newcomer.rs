//! A newcomer on the full screen: full stops between announcements (a screen reader runs sentences together
//! without them), `g`, the review's keys (not line mode's words) and Ctrl-s without a path.

use super::*;

/// Announcements shown one after another end as sentences do, so that the status line (and a screen
/// reader reading it) never runs them together ("... Matt Checkmate").
#[test]
fn announcements_on_the_status_line_end_with_a_full_stop() {
    let mut s = session(&["f3", "e5", "g4"]);
    let mut a = app(Color::White);
    let mut keys = vec![key(':')];
    keys.extend("Qh4#".chars().map(key));
    keys.push(code(KeyCode::Enter));
    let said = without_echo(press(&mut a, &mut s, &keys));
    assert!(said.iter().any(|l| l.ends_with("Matt")), "{said:?}");
    let shown = screen(&a, &s, 200, 40).0;
    assert!(
        shown.contains("Dame Hector vier Matt. Checkmate. Black wins, 0-1"),
        "{shown}"
    );
    assert_eq!(
        draw::sentences(&["Is it?".into(), "Yes.".into(), "Go".into(), "on".into()]),
        "Is it? Yes. Go. on"
    );
}

/// `g` says again what was said last, the view's own answers too (a square), never an older answer
/// of the session (the move list).
#[test]
fn g_repeats_the_last_thing_said() {
    let mut s = session(&["e4"]);
    let mut a = app(Color::White);
    let moves = press(&mut a, &mut s, &[key('m')]);
    let square = press(&mut a, &mut s, &[code(KeyCode::Up)]);
    assert_ne!(moves, square);
    let again = press(&mut a, &mut s, &[key('g')]);
    assert_eq!(again, square, "{moves:?}");
}

/// On the full screen a review says its keys (as the keymap binds them), not line mode's words.
#[test]
fn review_on_the_full_screen_says_its_keys() {
    let mut s = session(&["e4"]);
    let mut a = app(Color::White);
    s.set_review_steps(a.review_steps(&s.view()));
    let alt = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::ALT);
    let said = press(&mut a, &mut s, &[alt('r')]);
    assert!(
        said[0].starts_with(
            "Review of the game, 1 half-move; PageUp back, PageDown forward, Home start, End end, Alt-v variation, \
             Alt-u leave, Alt-r done. "
        ),
        "{said:?}"
    );
}

/// Ctrl-s says the game is saved, in words: no file path is spoken unasked.
#[test]
fn ctrl_s_says_the_game_is_saved_without_a_path() {
    let dir = std::env::temp_dir().join(format!("hector-ctrl-s-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = Config {
        save_path: Some(dir.join("game.pgn")),
        ..Config::default()
    };
    let mut s = Session::new(Game::new(), config);
    s.start(Duration::ZERO);
    let mut a = app(Color::White);
    let ctrl_s = KeyEvent::new(KeyCode::Char('s'), KeyModifiers::CONTROL);
    let mut done = Vec::new();
    for out in a.key(ctrl_s, &s.view()) {
        if let Out::Act(act) = out {
            for e in s.update(Command::Act(act), Duration::ZERO) {
                if let crate::session::Effect::Save { done: Some(d), .. } = e {
                    done.push(d);
                }
            }
        }
    }
    // Said once the file is written (by the edge).
    assert_eq!(done, ["The game is saved"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A newcomer's trial: Escape closed the help panel but said "Nothing to cancel". It says that
/// the help is closed; with no help shown, Escape still says there is nothing to cancel.
#[test]
fn escape_closes_the_help_and_says_so() {
    let mut s = session(&["e4"]);
    let mut a = app(Color::White);
    let said = press(&mut a, &mut s, &[key('?')]);
    assert!(said[0].starts_with("Keys"), "{said:?}");
    assert!(a.help.is_some());
    let said = press(&mut a, &mut s, &[code(KeyCode::Esc)]);
    assert_eq!(said, ["Help closed"]);
    assert!(a.help.is_none());
    let said = press(&mut a, &mut s, &[code(KeyCode::Esc)]);
    assert_eq!(said, ["Nothing to cancel"]);
}
