//! One rule for both faces. A typed command acts at once (a typed word is not pressed by accident);
//! a single key that offers, claims, resigns or starts a new game asks first. `resign` and `new` ask in both
//! faces (the session asks them). A wrong claim costs time: the claim key's question says so.

use super::*;

/// A session after `moves` with a clock (5 minutes each), as the full screen starts one.
fn timed(moves: &[&str]) -> Session {
    let config = Config {
        time_control: Some(crate::rules::time_control::TimeControl::sudden_death(
            Duration::from_secs(300),
            Duration::ZERO,
        )),
        ..Config::default()
    };
    let mut s = Session::new(Game::new(), config);
    s.start(Duration::ZERO);
    for m in moves {
        s.update(Command::Act(s.read(m)), Duration::ZERO);
    }
    s
}

/// The keys that type `line` on the input line and send it.
fn typed(line: &str) -> Vec<KeyEvent> {
    let mut keys = vec![key(':')];
    keys.extend(line.chars().map(key));
    keys.push(code(KeyCode::Enter));
    keys
}

/// What the session answers to `line` typed in line mode (the same session, the same words).
fn line_mode(s: &mut Session, line: &str) -> Vec<String> {
    s.update(Command::Act(s.read(line)), Duration::ZERO)
        .into_iter()
        .filter_map(|e| match e {
            crate::session::Effect::Say(a) => Some(a.text),
            _ => None,
        })
        .collect()
}

/// Typed on the input line, `offer` and `claim` act at once with line mode's words; no question is asked.
#[test]
fn typed_offer_and_claim_act_at_once_as_in_line_mode() {
    let moves = ["e4", "e5", "Nf3"];
    for line in ["offer", "claim", "claim Nc6", "accept", "decline"] {
        let mut s = timed(&moves);
        let mut twin = timed(&moves);
        let mut a = app(Color::Black);
        let said = without_echo(press(&mut a, &mut s, &typed(line)));
        let expected = line_mode(&mut twin, line);
        assert!(!expected.is_empty(), "{line}");
        assert_eq!(
            said[1..],
            expected[..],
            "{line}: the full screen's typed command says what line mode says"
        );
        assert!(
            !said.iter().any(|l| l.contains("Press y for yes")),
            "{line}: {said:?}"
        );
        assert_eq!(a.mode, Mode::Explore, "{line}");
    }
    // The offer is made at once: the opponent may accept it.
    let mut s = timed(&moves);
    let mut a = app(Color::Black);
    press(&mut a, &mut s, &typed("offer"));
    assert!(s.view().game().draw_offer().is_some(), "the offer stands");
}

/// The keys ask first, and nothing is done before yes; the claim's question says what a wrong claim costs where
/// there is a clock, and only there.
#[test]
fn the_keys_ask_first_and_the_claim_says_its_cost() {
    let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
    let mut s = timed(&["e4", "e5", "Nf3"]);
    let mut a = app(Color::Black);
    let said = press(&mut a, &mut s, &[ctrl('d')]);
    assert_eq!(said, ["Offer a draw? Press y for yes, n or Escape for no"]);
    assert_eq!(s.view().game().draw_offer(), None, "nothing before yes");
    press(&mut a, &mut s, &[key('n')]);
    let said = press(&mut a, &mut s, &[ctrl('l')]);
    assert_eq!(
        said,
        [
            "Claim a draw? If the claim is wrong, your opponent gets time added (Article 9.5.3). \
          Press y for yes, n or Escape for no"
        ]
    );
    let before = s.view().clock_remaining(Duration::ZERO).unwrap();
    let said = press(&mut a, &mut s, &[key('y')]);
    assert!(
        said.iter().any(|l| l.starts_with("White gets ")),
        "a wrong claim: the opponent gets time: {said:?}"
    );
    let after = s.view().clock_remaining(Duration::ZERO).unwrap();
    assert!(after[0] > before[0], "{before:?} {after:?}");
    // Without a clock a wrong claim costs nothing, and the question does not say it does.
    let mut s = session(&["e4", "e5", "Nf3"]);
    let said = press(&mut a, &mut s, &[ctrl('l')]);
    assert_eq!(said, ["Claim a draw? Press y for yes, n or Escape for no"]);
}

/// `resign` and `new` ask in both faces, typed or by key: a game is never ended or left by one word.
#[test]
fn resign_and_new_ask_typed_and_by_key() {
    let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
    for keys in [typed("resign"), vec![ctrl('r')]] {
        let mut s = session(&["e4", "e5"]);
        let mut a = app(Color::White);
        let said = without_echo(press(&mut a, &mut s, &keys));
        assert!(
            said.last()
                .unwrap()
                .starts_with("Resign the game for White?"),
            "{said:?}"
        );
        assert!(s.view().game().ending().is_none());
    }
    for keys in [typed("new"), vec![ctrl('g')]] {
        let mut s = session(&["e4", "e5"]);
        let mut a = app(Color::White);
        let said = without_echo(press(&mut a, &mut s, &keys));
        assert!(s.view().awaiting_answer(), "{said:?}");
        assert_eq!(s.view().game().plies().len(), 2, "{said:?}");
    }
}
