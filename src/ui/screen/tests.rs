//! Screen snapshots (insta on ratatui's TestBackend) and the key flows of the view, without a terminal.

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::Position as Cursor;
use shakmaty::{Color, Square};

use super::app::{App, Mode, Out};
use super::draw;
use super::keymap::Keymap;
use super::theme::Theme;
use crate::rules::Game;
use crate::session::{Announcement, Command, Config, Kind, Session};

fn session(moves: &[&str]) -> Session {
    let mut s = Session::new(Game::new(), Config::default());
    s.start(Duration::ZERO);
    for m in moves {
        s.update(Command::Act(s.read(m)), Duration::ZERO);
    }
    s
}

fn app(orientation: Color) -> App {
    App::new(orientation, Theme::default(), Keymap::builtin())
}

fn screen(app: &App, session: &Session, width: u16, height: u16) -> (String, Cursor) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|f| draw::draw(f, app, &session.view(), Duration::ZERO))
        .unwrap();
    let cursor = terminal.get_cursor_position().unwrap();
    (terminal.backend().to_string(), cursor)
}

fn key(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

fn code(c: KeyCode) -> KeyEvent {
    KeyEvent::new(c, KeyModifiers::NONE)
}

/// The rows that differ between two screens (what a screen reader reads again).
fn changed(before: &str, after: &str) -> Vec<usize> {
    before
        .lines()
        .zip(after.lines())
        .enumerate()
        .filter(|(_, (b, a))| b != a)
        .map(|(i, _)| i)
        .collect()
}

/// Presses keys, carrying out what the session is sent, and returns everything said.
/// What was said, without the echo of each typed character (one character, or "space").
fn without_echo(said: Vec<String>) -> Vec<String> {
    said.into_iter()
        .filter(|s| s.chars().count() != 1 && s != "space")
        .collect()
}

fn press(app: &mut App, session: &mut Session, keys: &[KeyEvent]) -> Vec<String> {
    let mut said = Vec::new();
    for k in keys {
        for out in app.key(*k, &session.view()) {
            match out {
                Out::Say(a) => {
                    app.show(&a.text);
                    said.push(a.text);
                }
                Out::Cue(_) => {}
                Out::Log { entered, said } => {
                    session.log_view(&entered, said, Duration::ZERO);
                }
                Out::Act(_) | Out::Line(_) | Out::Move(_) => {
                    let effects = match out {
                        Out::Act(act) => session.update(Command::Act(act), Duration::ZERO),
                        Out::Line(text) => {
                            let act = session.read(&text);
                            session.update(Command::Act(act), Duration::ZERO)
                        }
                        Out::Move(m) => session.play_move(m, Duration::ZERO),
                        _ => unreachable!(),
                    };
                    for e in effects {
                        if let crate::session::Effect::Say(a) = e {
                            app.show(&a.text);
                            said.push(a.text);
                        }
                    }
                }
            }
        }
        app.begin_batch();
    }
    said
}

#[test]
fn start_position_80x24() {
    let s = session(&[]);
    let mut a = app(Color::White);
    a.show("New game, White to move");
    let (text, cursor) = screen(&a, &s, 80, 24);
    insta::assert_snapshot!("start_80x24", text);
    // The cursor sits on the letter of the focused square, e2.
    let g = draw::geometry(ratatui::layout::Rect::new(0, 0, 80, 24)).unwrap();
    assert_eq!(cursor, draw::cursor_of(&g, Square::E2, Color::White));
    let line: Vec<char> = text
        .lines()
        .nth(cursor.y as usize)
        .unwrap()
        .chars()
        .collect();
    // The TestBackend's lines are quoted: the first character is '"'.
    assert_eq!(line[cursor.x as usize + 1], 'B', "{text}");
}

#[test]
fn after_some_moves_80x24_and_160x48() {
    let mut s = session(&["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3"]);
    let mut a = app(Color::White);
    let said = press(&mut a, &mut s, &[key('n'), key('a')]);
    assert_eq!(said[0], "Felix sechs: Black Springer");
    let (text, _) = screen(&a, &s, 80, 24);
    insta::assert_snapshot!("moves_80x24", text);
    let (text, cursor) = screen(&a, &s, 160, 48);
    insta::assert_snapshot!("moves_160x48", text);
    let g = draw::geometry(ratatui::layout::Rect::new(0, 0, 160, 48)).unwrap();
    assert_eq!(cursor, draw::cursor_of(&g, Square::F6, Color::White));
}

#[test]
fn plain_mode_has_no_box_drawing() {
    let s = session(&["e4", "e5"]);
    let mut theme = Theme::default();
    theme.plain = true;
    let mut a = App::new(Color::White, theme, Keymap::builtin());
    a.show("Bauer Eva fünf");
    let (text, _) = screen(&a, &s, 80, 24);
    insta::assert_snapshot!("plain_80x24", text);
    assert!(
        !text.chars().any(|c| ('\u{2500}'..='\u{259f}').contains(&c)),
        "{text}"
    );
}

#[test]
fn black_at_the_bottom_80x24() {
    let s = session(&["d4"]);
    let mut a = app(Color::Black);
    a.show("Bauer David vier");
    let (text, cursor) = screen(&a, &s, 80, 24);
    insta::assert_snapshot!("black_80x24", text);
    let g = draw::geometry(ratatui::layout::Rect::new(0, 0, 80, 24)).unwrap();
    assert_eq!(cursor, draw::cursor_of(&g, Square::E7, Color::Black));
    // Black's first rank is at the top, Hector on the left.
    assert!(text.lines().nth(6).unwrap().contains('1'), "{text}");
}

#[test]
fn a_terminal_too_small_says_so() {
    let s = session(&[]);
    let a = app(Color::White);
    let (text, _) = screen(&a, &s, 40, 10);
    assert!(text.contains("too small"), "{text}");
}

#[test]
fn arrows_speak_squares_and_stop_at_the_edge() {
    let mut s = session(&[]);
    let mut a = app(Color::White);
    assert_eq!(
        press(&mut a, &mut s, &[code(KeyCode::Up)]),
        vec!["Eva drei: empty"]
    );
    assert_eq!(
        press(&mut a, &mut s, &[key('1')]),
        vec!["Eva eins: White König"]
    );
    let outs = a.key(code(KeyCode::Down), &s.view());
    assert_eq!(
        outs,
        vec![
            Out::Cue(crate::session::Cue::Edge),
            Out::Say(Announcement {
                kind: Kind::Answer,
                text: "edge".into()
            })
        ],
        "the edge: a sound and a word"
    );
    assert_eq!(a.focus, Square::E1);
    // Seen from Black, Up goes towards White's side.
    let mut b = app(Color::Black);
    assert_eq!(
        press(&mut b, &mut s, &[code(KeyCode::Up)]),
        vec!["Eva sechs: empty"]
    );
}

#[test]
fn moves_by_from_and_to_squares() {
    let mut s = session(&[]);
    let mut a = app(Color::White);
    let said = press(
        &mut a,
        &mut s,
        &[
            code(KeyCode::Enter),
            code(KeyCode::Up),
            code(KeyCode::Up),
            code(KeyCode::Enter),
        ],
    );
    assert_eq!(
        said,
        vec![
            "Bauer Eva zwei chosen; where to?",
            "Eva drei: empty",
            "Eva vier: empty",
            "Bauer Eva vier",
            "Opening: B00 King's Pawn"
        ]
    );
    assert_eq!(s.view().game().plies().len(), 1);
    // A square the piece cannot reach: the session says why, in line mode's words.
    let said = press(&mut a, &mut s, &[key('7'), key(' '), key('4'), key(' ')]);
    assert_eq!(said[1], "Bauer Eva sieben chosen; where to?");
    assert_eq!(
        said.last().unwrap(),
        "Not possible: the Bauer on Eva sieben cannot reach Eva vier"
    );
    // The opponent's piece and an empty square are refused at once.
    let said = press(
        &mut a,
        &mut s,
        &[code(KeyCode::Left), key('2'), code(KeyCode::Enter)],
    );
    assert_eq!(
        said[2],
        "Not possible: the Bauer on David zwei is White's, and it is Black's turn"
    );
    let said = press(&mut a, &mut s, &[key('4'), code(KeyCode::Enter)]);
    assert_eq!(said[1], "Not possible: there is no piece on David vier");
    assert_eq!(a.mode, Mode::Explore);
}

#[test]
fn promotion_asks_for_the_piece() {
    let mut s = Session::new(
        Game::from_fen("8/4P3/8/8/8/8/8/K6k w - - 0 1").unwrap(),
        Config::default(),
    );
    s.start(Duration::ZERO);
    let mut a = app(Color::White);
    a.focus = Square::E7;
    let said = press(
        &mut a,
        &mut s,
        &[
            code(KeyCode::Enter),
            code(KeyCode::Up),
            code(KeyCode::Enter),
        ],
    );
    // The prompt names its keys, from the keymap.
    assert_eq!(
        said[2],
        "Which piece for the pawn on Eva acht: Dame, Turm, Läufer or Springer? Press q for Dame, r for Turm, \
         b for Läufer, n for Springer; Enter for Dame; Escape or Ctrl-x cancels"
    );
    let said = press(&mut a, &mut s, &[key('r')]);
    assert_eq!(said, vec!["Bauer Eva acht Turm"]);
}

#[test]
fn irreversible_actions_are_confirmed() {
    let mut s = session(&["e4"]);
    let mut a = app(Color::White);
    let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
    // A draw offer: the view asks; another key says the question again, n cancels.
    let said = press(&mut a, &mut s, &[ctrl('d'), key('x'), key('n')]);
    assert_eq!(
        said,
        vec![
            "Offer a draw? Press y for yes, n or Escape for no",
            "Please answer yes or no. Offer a draw? Press y for yes, n or Escape for no",
            "Cancelled"
        ]
    );
    assert_eq!(s.view().game().draw_offer(), None);
    let said = press(&mut a, &mut s, &[ctrl('d'), key('y')]);
    assert_eq!(said[1], "White offers a draw");
    // Resignation: the session asks; y confirms.
    let said = press(&mut a, &mut s, &[ctrl('r')]);
    assert!(
        said[0].starts_with("Resign the game for Black?"),
        "{said:?}"
    );
    let said = press(&mut a, &mut s, &[key('y')]);
    assert_eq!(said, vec!["Black resigns. White wins, 1-0"]);
    // Typed, a command acts at once, as in line mode (see tests/rule.rs).
}

/// An open question takes only its answers. Other keys are said to be no answer once (then only a
/// short sound), Enter never answers yes, and a command typed while it is open is not run.
#[test]
fn a_question_takes_only_its_answers_and_says_so_once() {
    let mut s = session(&["e4", "e5"]);
    let mut a = app(Color::White);
    let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
    // The session's question (resignation, Article 5.1.2).
    let said = press(&mut a, &mut s, &[ctrl('r')]);
    assert_eq!(said, vec!["Resign the game for White? Type yes or no"]);
    // A command typed on the input line while the question is open goes to the session whole, as in line mode
    // (never key by key, the y of `verify` answers nothing): one reminder, nothing done; Enter after
    // it does nothing either.
    let mut keys: Vec<KeyEvent> = vec![key(':')];
    keys.extend("verify".chars().map(key));
    keys.push(code(KeyCode::Enter));
    keys.push(code(KeyCode::Enter));
    let said = without_echo(press(&mut a, &mut s, &keys));
    assert_eq!(
        said,
        vec![
            "Type a move or a command; Enter sends it, Escape or Ctrl-x cancels",
            "Please answer yes or no. Resign the game for White? Type yes or no"
        ],
        "said once, not for every key"
    );
    assert!(s.view().game().ending().is_none(), "Enter did not resign");
    assert!(s.view().awaiting_answer(), "the question stays open");
    assert_eq!(a.mode, Mode::Explore, "the input line sent its line");
    // F1 says the question again.
    let said = press(&mut a, &mut s, &[code(KeyCode::F(1))]);
    assert_eq!(
        said,
        vec!["Please answer yes or no. Resign the game for White? Type yes or no"]
    );
    let said = press(&mut a, &mut s, &[key('n')]);
    assert_eq!(said, vec!["Resignation cancelled"]);
    assert!(s.view().game().ending().is_none());
    // The next question is reminded of again once.
    press(&mut a, &mut s, &[ctrl('r')]);
    let said = press(&mut a, &mut s, &[key('x'), key('x')]);
    assert_eq!(said.len(), 1, "{said:?}");
    press(&mut a, &mut s, &[code(KeyCode::Esc)]);
    // The view's own question: the same.
    let said = press(
        &mut a,
        &mut s,
        &[
            ctrl('d'),
            code(KeyCode::Enter),
            key('t'),
            code(KeyCode::Enter),
        ],
    );
    assert_eq!(
        said,
        vec![
            "Offer a draw? Press y for yes, n or Escape for no",
            "Please answer yes or no. Offer a draw? Press y for yes, n or Escape for no",
        ]
    );
    assert_eq!(s.view().game().draw_offer(), None, "Enter did not offer");
    let said = press(&mut a, &mut s, &[code(KeyCode::Esc)]);
    assert_eq!(said, vec!["Cancelled"]);
}

#[test]
fn the_input_line_takes_what_line_mode_takes() {
    let mut s = session(&[]);
    let mut a = app(Color::White);
    let mut keys: Vec<KeyEvent> = vec![key('/')];
    keys.extend("spr fel drei".chars().map(key));
    keys.push(code(KeyCode::Enter));
    let said = press(&mut a, &mut s, &keys);
    // Each typed character is echoed by speech.
    assert_eq!(&said[1..4], ["s", "p", "r"]);
    assert_eq!(said[4], "space");
    assert_eq!(
        without_echo(said),
        vec![
            "Type a move or a command; Enter sends it, Escape or Ctrl-x cancels",
            "Springer Felix drei",
            "Opening: A04 Zukertort Opening"
        ]
    );
    let mut keys: Vec<KeyEvent> = vec![key(':')];
    keys.extend("count".chars().map(key));
    keys.push(code(KeyCode::Enter));
    assert_eq!(
        without_echo(press(&mut a, &mut s, &keys))[1],
        "Move 1, Black to move; 0 moves completed"
    );
    // Backspace says what it deleted; an unbound key says it does nothing.
    let said = press(
        &mut a,
        &mut s,
        &[
            key(':'),
            key('x'),
            code(KeyCode::Backspace),
            code(KeyCode::Esc),
        ],
    );
    assert_eq!(said[2], "x deleted");
    let said = press(&mut a, &mut s, &[key('z')]);
    assert_eq!(said, ["z: no function here; ? lists the keys"]);
}

#[test]
fn help_speaks_and_shows_the_keys_of_the_mode() {
    let mut s = session(&[]);
    let mut a = app(Color::White);
    let first = press(&mut a, &mut s, &[key('?')]);
    // The first `?` says the first group only (not all pages at once, about 2000 characters), with
    // its alternative keys joined by "or", and names the groups `?` again says.
    assert!(
        first[0].starts_with("Keys: To move, and to leave: Space or Enter: "),
        "{first:?}"
    );
    assert!(
        first[0].contains("Ctrl-c or Ctrl-q: save and quit"),
        "{first:?}"
    );
    assert!(
        first[0].ends_with(
            "Press ? again for the next keys: To hear the board, The clock, The game, \
             To look back through the game, To move over the board, The view"
        ),
        "{first:?}"
    );
    assert!(first[0].chars().count() < 600, "{first:?}");
    assert!(!first[0].contains("l: last move"), "{first:?}");
    // The whole help, as the screen shows it page by page.
    let said = vec![a.help.clone().unwrap().join(" ")];
    let at = |text: &str| {
        said[0]
            .find(text)
            .unwrap_or_else(|| panic!("{text}: {said:?}"))
    };
    assert!(at("Ctrl-c or Ctrl-q: save and quit") < at("To hear the board: l: last move"));
    assert!(at("To hear the board: ") < at("The clock: "));
    assert!(at("The clock: ") < at("The game: "));
    assert!(at("The game: ") < at("Up: focus up"));
    assert!(at("Up: focus up") < at("Alt-a: go to file"));
    // A full stop between the groups, none run together.
    assert!(
        a.help
            .as_ref()
            .unwrap()
            .contains(&"To hear the board:".to_string()),
        "{said:?}"
    );
    // Only what works in a home game: no record or assistant keys; take back and a new game are there.
    for not_here in [
        "Tab: ",
        "F7 or Alt-t",
        "Alt-t or F7",
        "F6 or L",
        "L or F6",
        "Ctrl-z: ",
    ] {
        assert!(!said[0].contains(not_here), "{not_here}: {said:?}");
    }
    assert!(said[0].contains("Ctrl-t: "), "{said:?}");
    assert!(said[0].contains("Ctrl-g: "), "{said:?}");
    // The rule of both faces is said with the game's keys, and what a wrong claim costs.
    assert!(
        at("The game: ")
            < at(
                "A key that offers, claims, resigns or starts a new game asks first; a command \
             typed after : acts at once"
            )
            && at("acts at once") < at("To look back through the game: "),
        "{said:?}"
    );
    assert!(
        said[0].contains("A wrong draw claim gives your opponent time added"),
        "{said:?}"
    );
    assert!(a.help.is_some());
    let said = press(&mut a, &mut s, &[key(':'), code(KeyCode::F(1))]);
    assert!(said[1].starts_with("Keys: Input line"), "{said:?}");
    // In record mode: the press and the record's keys; no take back, no new game, no analysis.
    let config = Config {
        mode: crate::session::Mode::Record,
        ..Config::default()
    };
    let mut s = Session::new(Game::new(), config);
    s.start(std::time::Duration::ZERO);
    let mut a = app(Color::White);
    press(&mut a, &mut s, &[key('?')]);
    let said = vec![a.help.clone().unwrap().join(" ")];
    assert!(said[0].contains("Tab: "), "{said:?}");
    assert!(said[0].contains("Ctrl-z: "), "{said:?}");
    for not_here in [
        "Ctrl-t: ",
        "Ctrl-g: ",
        "Ctrl-e: ",
        "a: attackers",
        "F7",
        "Alt-t",
    ] {
        assert!(!said[0].contains(not_here), "{not_here}: {said:?}");
    }
}

/// Under a screen reader Escape and F1-F3, F6-F8 never reach the view (fenrir keeps them); their
/// second keys do the same: Ctrl-x cancels a choice, the input line, the view's question and answers no to the
/// session's; S shows the seconds, F the figurines.
#[test]
fn the_second_keys_work_where_a_screen_reader_keeps_escape_and_f_keys() {
    let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
    let mut s = session(&["e4"]);
    let mut a = app(Color::White);
    // A choice: Enter on e7's pawn, then Ctrl-x.
    a.focus = Square::E7;
    let said = press(&mut a, &mut s, &[code(KeyCode::Enter), ctrl('x')]);
    assert_eq!(said[1], "Choice cancelled", "{said:?}");
    assert_eq!(a.mode, Mode::Explore);
    // The input line: typed text is dropped, nothing is sent.
    let said = press(&mut a, &mut s, &[key(':'), key('e'), key('5'), ctrl('x')]);
    assert_eq!(said.last().unwrap(), "Cancelled", "{said:?}");
    assert_eq!(a.mode, Mode::Explore);
    assert_eq!(s.view().game().plies().len(), 1);
    // The view's own question (a draw offer): Ctrl-x says no.
    let said = press(&mut a, &mut s, &[ctrl('d'), ctrl('x')]);
    assert_eq!(said[1], "Cancelled", "{said:?}");
    assert_eq!(s.view().game().draw_offer(), None);
    // The session's question (resign): Ctrl-x answers no; the game goes on.
    let said = press(&mut a, &mut s, &[ctrl('r'), ctrl('x')]);
    assert!(
        said[0].starts_with("Resign the game for Black?"),
        "{said:?}"
    );
    assert!(!s.view().awaiting_answer(), "{said:?}");
    assert!(!s.view().game().is_over());
    // Nothing to cancel: said, never silence.
    let said = press(&mut a, &mut s, &[ctrl('x')]);
    assert_eq!(said, ["Nothing to cancel"]);
    // The view's switches.
    let said = press(&mut a, &mut s, &[key('S')]);
    assert!(a.show_seconds, "{said:?}");
    let before = a.theme.pieces;
    press(&mut a, &mut s, &[key('F')]);
    assert_ne!(a.theme.pieces, before);
    // Help lists both keys of an action side by side.
    let said = press(&mut a, &mut s, &[key('?')]);
    assert!(said[0].contains("Ctrl-x or Esc: "), "{said:?}");
    let all = a.help.clone().unwrap().join(" ");
    assert!(all.contains("S or F2: "), "{all}");
}

/// The status rows of a drawn screen (the first four rows, borders included).
fn status_rows(text: &str) -> String {
    let rows: Vec<&str> = text.lines().collect();
    rows[..4].join("\n")
}

/// A screen reader reads what changes on the screen; an answer that says the same as the one before
/// (s right after an arrow, a refusal repeated) changes the status line all the same, so it is read again.
#[test]
fn every_answer_changes_the_screen() {
    let mut s = session(&[]);
    let mut a = app(Color::White);
    let said = press(&mut a, &mut s, &[code(KeyCode::Up)]);
    let first = status_rows(&screen(&a, &s, 80, 24).0);
    assert!(first.contains(&said[0]), "{first}");
    // The same words again: the screen changes, the words stay readable whole.
    let again = press(&mut a, &mut s, &[key('s')]);
    assert_eq!(again, said);
    let second = status_rows(&screen(&a, &s, 80, 24).0);
    assert_ne!(first, second);
    assert!(second.contains(&format!("Again: {}", said[0])), "{second}");
    // And a third time: changed again.
    press(&mut a, &mut s, &[key('s')]);
    let third = status_rows(&screen(&a, &s, 80, 24).0);
    assert_ne!(second, third);
    assert!(third.contains(&said[0]), "{third}");
    // A refusal repeated (a request of the blind player outside a tournament game) changes it too.
    let r1 = press(&mut a, &mut s, &[code(KeyCode::F(9))]);
    let one = status_rows(&screen(&a, &s, 80, 24).0);
    let r2 = press(&mut a, &mut s, &[code(KeyCode::F(9))]);
    assert_eq!(r1, r2);
    let two = status_rows(&screen(&a, &s, 80, 24).0);
    assert_ne!(one, two);
    // Different words are never marked.
    press(&mut a, &mut s, &[code(KeyCode::Down)]);
    let other = status_rows(&screen(&a, &s, 80, 24).0);
    assert!(!other.contains("Again"), "{other}");
}

/// A screen reader reads the changed rows from the top down; the answer is on the status line at
/// the top, so it is read before the board's changed rows, the clocks and the move list.
#[test]
fn the_answer_is_above_the_board() {
    let mut s = session(&[]);
    let mut a = app(Color::White);
    let said = press(&mut a, &mut s, &[code(KeyCode::Up)]);
    let (text, cursor) = screen(&a, &s, 80, 24);
    let rows: Vec<&str> = text.lines().collect();
    let answer = rows.iter().position(|r| r.contains(&said[0])).unwrap();
    let board = rows.iter().position(|r| r.contains("Board")).unwrap();
    let clocks = rows.iter().position(|r| r.contains("White")).unwrap();
    assert!(answer < board && answer < clocks, "{text}");
    // The cursor stays on the focused square, below the answer.
    assert!(usize::from(cursor.y) > answer, "{text}");
}

/// Help has more keys than the screen shows at once; `?` again turns the page, so every key can
/// be read on the screen, and the pages come round again.
#[test]
fn help_turns_its_pages_and_shows_every_key() {
    let mut s = session(&[]);
    let mut a = app(Color::White);
    press(&mut a, &mut s, &[key('?')]);
    let all = a.help.clone().unwrap();
    let (text, _) = screen(&a, &s, 80, 24);
    assert!(text.contains("Keys, page 1 of "), "{text}");
    let of: usize = text
        .split("Keys, page 1 of ")
        .nth(1)
        .and_then(|t| t.split(';').next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap();
    assert!(of > 1, "{text}");
    let mut seen = Vec::new();
    let collect = |text: &str, seen: &mut Vec<String>| {
        for l in &all {
            // A line wider than the panel is wrapped: its start is enough.
            let start: String = l.chars().take(20).collect();
            if text.contains(&start) && !seen.contains(l) {
                seen.push(l.clone());
            }
        }
    };
    collect(&text, &mut seen);
    for n in 2..=of {
        let said = press(&mut a, &mut s, &[key('?')]);
        assert!(
            said[0].starts_with(&format!("Keys, page {n} of {of}: ")),
            "{said:?}"
        );
        let (text, _) = screen(&a, &s, 80, 24);
        assert!(text.contains(&format!("Keys, page {n} of {of}")), "{text}");
        collect(&text, &mut seen);
    }
    assert_eq!(seen.len(), all.len(), "every key was on a page");
    // Round again to the first page; any other key closes help.
    let said = press(&mut a, &mut s, &[key('?')]);
    assert!(
        said[0].starts_with(&format!("Keys, page 1 of {of}: ")),
        "{said:?}"
    );
    press(&mut a, &mut s, &[code(KeyCode::Up)]);
    assert!(a.help.is_none());
}

/// `X` (the whole board) was cut off after two rows (Black's pieces never shown). A long answer is
/// shown whole, over the board until the next key, broken between words; then the board is back.
#[test]
fn a_long_answer_is_shown_whole() {
    let mut s = session(&["e4", "e5"]);
    let mut a = app(Color::White);
    let said = press(&mut a, &mut s, &[key('X')]);
    assert!(said[0].chars().count() > 300, "{said:?}");
    let (text, cursor) = screen(&a, &s, 80, 24);
    // Every word of the answer is on the screen, in order, none cut in two.
    let shown: Vec<&str> = text
        .lines()
        .map(|r| r.trim_matches('"').trim_matches('┃').trim())
        .collect();
    let joined = shown.join(" ");
    assert!(joined.contains(&said[0]), "{text}");
    assert!(said[0].contains("Black: König Eva acht"), "{said:?}");
    // The focused square (e2) is not covered: the cursor stays on it.
    let g = draw::geometry(ratatui::layout::Rect::new(0, 0, 80, 24)).unwrap();
    assert_eq!(cursor, draw::cursor_of(&g, Square::E2, Color::White));
    // Focused on e7, under the answer: the cursor goes to the answer's first row.
    a.focus = Square::E7;
    let (_, cursor) = screen(&a, &s, 80, 24);
    assert_eq!((cursor.x, cursor.y), (1, 1));
    // The next key brings the board back.
    press(&mut a, &mut s, &[code(KeyCode::Up)]);
    let (text, _) = screen(&a, &s, 80, 24);
    assert!(text.contains("Board"), "{text}");
    assert!(!text.contains("Black: König"), "{text}");
}

/// The `:` line showed only "> " under the title "Input": a screen reader read "Input" and nothing
/// of how to use it. The hint said is shown below the line; the cursor stays at the end of what is typed.
#[test]
fn the_input_line_shows_its_hint() {
    let mut s = session(&[]);
    let mut a = app(Color::White);
    let said = press(&mut a, &mut s, &[key(':')]);
    let (text, cursor) = screen(&a, &s, 80, 24);
    let rows = status_rows(&text);
    assert!(rows.contains("> "), "{rows}");
    assert!(rows.contains(&said[0]), "{rows}");
    assert_eq!((cursor.x, cursor.y), (3, 1), "{rows}");
}

/// With --plain (for screen readers) moving the focus changes no row of the board: the terminal
/// cursor marks the focus, and the screen reader reads only the changed answer, not two rank rows after it.
#[test]
fn in_plain_mode_moving_the_focus_changes_only_the_answer() {
    let mut s = session(&[]);
    let mut theme = Theme::default();
    theme.plain = true;
    let mut a = App::new(Color::White, theme, Keymap::builtin());
    press(&mut a, &mut s, &[code(KeyCode::Up)]);
    let (before, _) = screen(&a, &s, 80, 24);
    press(&mut a, &mut s, &[code(KeyCode::Up)]);
    let (after, cursor) = screen(&a, &s, 80, 24);
    let changed = changed(&before, &after);
    // The answer's row is the first: in plain mode what the keys do ("Explore:") is below it.
    assert_eq!(
        changed,
        vec![0],
        "only the answer's row:\n{before}\n{after}"
    );
    let g = draw::geometry(ratatui::layout::Rect::new(0, 0, 80, 24)).unwrap();
    assert_eq!(cursor, draw::cursor_of(&g, Square::E4, Color::White));
}

/// The answer first, under a screen reader's shipped settings (fenrir reads every changed row whole, after the answer,
/// and its queue grows): with --plain choosing a piece changes only the answer's row (what the keys do stays
/// "Explore:"), and a move only the answer, the two ranks and one short row of moves, none of them a rank and
/// the side panel at once; the side to move is shown reversed, not by a marker that moves between rows.
#[test]
fn in_plain_mode_a_move_changes_few_short_rows() {
    use ratatui::style::Modifier;
    let mut s = session(&["e4"]);
    let mut theme = Theme::default();
    theme.plain = true;
    let mut a = App::new(Color::White, theme, Keymap::builtin());
    press(&mut a, &mut s, &[key('7')]);
    let (before, _) = screen(&a, &s, 80, 24);
    let said = press(&mut a, &mut s, &[code(KeyCode::Enter)]);
    assert_eq!(said, vec!["Bauer Eva sieben chosen; where to?"]);
    let (chosen, _) = screen(&a, &s, 80, 24);
    assert_eq!(changed(&before, &chosen), vec![0], "{before}\n{chosen}");
    press(&mut a, &mut s, &[key('5')]);
    let (before, _) = screen(&a, &s, 80, 24);
    let said = press(&mut a, &mut s, &[code(KeyCode::Enter)]);
    // The move, then the opening it reaches (openings are announced by default).
    assert_eq!(
        said,
        vec!["Bauer Eva fünf", "Opening: C20 King's Pawn Game"]
    );
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|f| draw::draw(f, &a, &s.view(), Duration::ZERO))
        .unwrap();
    let after = terminal.backend().to_string();
    let rows = changed(&before, &after);
    let g = draw::geometry(ratatui::layout::Rect::new(0, 0, 80, 24)).unwrap();
    let (e7, e5) = (
        draw::cursor_of(&g, Square::E7, Color::White).y as usize,
        draw::cursor_of(&g, Square::E5, Color::White).y as usize,
    );
    assert_eq!(rows.len(), 4, "{before}\n{after}");
    assert!(
        rows[0] == 0 && rows.contains(&e7) && rows.contains(&e5),
        "{rows:?}"
    );
    for i in &rows[1..] {
        // The lines are quoted: the first character is '"'.
        let row: Vec<char> = after.lines().nth(*i).unwrap().chars().collect();
        let x = g.side.x as usize + 1;
        let board: String = row[1..x].iter().collect();
        let side: String = row[x..row.len() - 1].iter().collect();
        assert!(
            board.trim().is_empty() || side.trim().is_empty(),
            "a rank and the side panel in one changed row {i}:\n{after}"
        );
        if board.trim().is_empty() {
            assert_eq!(side.trim(), "e5", "{after}");
        }
    }
    // White to move: "White" reversed, "Black" not.
    let buf = terminal.backend().buffer();
    let style_of = |word: &str| {
        let y = (0..24u16)
            .find(|&y| {
                (g.side.x..80)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect::<String>()
                    .trim()
                    == word
            })
            .unwrap();
        buf[(g.side.x, y)].style().add_modifier
    };
    assert!(style_of("White").contains(Modifier::REVERSED), "{after}");
    assert!(!style_of("Black").contains(Modifier::REVERSED), "{after}");
}

/// Under a screen reader's shipped settings (fenrir reads every changed row whole and queues it): with the
/// board hidden (`--no-board`, G) a move changes only the answer's row and one row of moves, no rank; moving the
/// focus only the answer's row, with the terminal cursor at the answer's start; G shows the board again.
#[test]
fn with_the_board_hidden_a_move_changes_the_answer_and_one_row_of_moves() {
    let mut s = session(&["e4"]);
    let theme = Theme {
        plain: true,
        board: false,
        ..Theme::default()
    };
    let mut a = App::new(Color::White, theme, Keymap::builtin());
    let (start, _) = screen(&a, &s, 80, 24);
    assert!(start.contains("Board hidden:"), "{start}");
    // No rank of the board is drawn: no row holds the squares' marks or pieces.
    assert!(!start.contains(" t ") && !start.contains(" . "), "{start}");
    press(&mut a, &mut s, &[key('7')]);
    let (before, _) = screen(&a, &s, 80, 24);
    assert!(before.contains("Eva sieben: Black Bauer"), "{before}");
    let said = press(&mut a, &mut s, &[code(KeyCode::Up)]);
    assert_eq!(said, vec!["Eva acht: Black König"]);
    let (after, cursor) = screen(&a, &s, 80, 24);
    assert_eq!(changed(&before, &after), vec![0], "{before}\n{after}");
    // The cursor is at the answer's start (inside the quoted line: column 0, the first row).
    assert_eq!((cursor.x, cursor.y), (0, 0), "{after}");
    press(&mut a, &mut s, &[code(KeyCode::Down), code(KeyCode::Enter)]);
    press(&mut a, &mut s, &[key('5')]);
    let (before, _) = screen(&a, &s, 80, 24);
    let said = press(&mut a, &mut s, &[code(KeyCode::Enter)]);
    // The move, then the opening it reaches (openings are announced by default).
    assert_eq!(
        said,
        vec!["Bauer Eva fünf", "Opening: C20 King's Pawn Game"]
    );
    let (after, _) = screen(&a, &s, 80, 24);
    let rows = changed(&before, &after);
    assert_eq!(rows.len(), 2, "{before}\n{after}");
    assert_eq!(rows[0], 0, "{after}");
    assert_eq!(
        after.lines().nth(rows[1]).unwrap().trim_matches('"').trim(),
        "e5",
        "{after}"
    );
    // G shows the board again: its ranks are drawn, and it says so.
    let said = press(&mut a, &mut s, &[key('G')]);
    assert_eq!(said, vec!["Board shown"]);
    let (shown, _) = screen(&a, &s, 80, 24);
    assert!(shown.contains("Board:") && shown.contains(" t "), "{shown}");
    let said = press(&mut a, &mut s, &[key('G')]);
    assert_eq!(said, vec!["Board hidden: the keys still say each square"]);
}

/// Keys send actions, and the action log keeps for each the line the key sent as text before actions were
/// typed: the casebook's logs stay byte for byte the same.
#[test]
fn keys_send_actions_with_the_lines_the_log_has_always_kept() {
    use super::keymap::{Action, Request, ReviewKey};
    let config = Config {
        mode: crate::session::Mode::Record,
        ..Config::default()
    };
    let s = Session::new(Game::new(), config);
    let mut a = app(Color::White);
    let cases = [
        (Action::Board, "board"),
        (Action::Last, "last"),
        (Action::Moves(5), "moves 5"),
        (Action::Moves(0), "moves 0"),
        (Action::AllMoves, "moves"),
        (Action::Time, "time"),
        (Action::Used, "used"),
        (Action::Count, "count"),
        (Action::Repeat, "repeat"),
        (Action::Save, "save"),
        (Action::Quit, "quit"),
        (Action::Resign, "resign"),
        (Action::Press, "press"),
        (Action::Undo, "undo"),
        (Action::State, "state"),
        (Action::Log, "log 5"),
        (Action::Player(Request::Time), "player: time"),
        (Action::Takeback, "takeback"),
        (Action::Review(ReviewKey::Toggle), "review"),
        (Action::Review(ReviewKey::Variation), "variation"),
    ];
    for (key_action, line) in cases {
        let outs = a.action(key_action, &s.view());
        let sent: Vec<String> = outs
            .iter()
            .filter_map(|o| match o {
                Out::Act(act) => Some(act.line.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(sent, vec![line.to_string()], "{key_action:?}");
        // The same line typed is read into the same action.
        if let Some(Out::Act(act)) = outs.iter().find(|o| matches!(o, Out::Act(_))) {
            assert_eq!(s.read(line).action, act.action, "{line}");
        }
    }
}

/// The style of the middle cell of a square (where its letter or mark is drawn).
fn cell_style(app: &App, session: &Session, sq: Square) -> ratatui::style::Style {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|f| draw::draw(f, app, &session.view(), Duration::ZERO))
        .unwrap();
    let g = draw::geometry(ratatui::layout::Rect::new(0, 0, 80, 24)).unwrap();
    let c = draw::cursor_of(&g, sq, Color::White);
    terminal.backend().buffer()[(c.x, c.y)].style()
}

/// The squares the chosen piece can reach are shown by reversed colours, not by a `*` that a screen
/// reader reads "star" on every row; with --plain choosing a piece changes no row of the board at all (the chosen
/// piece underlined), so a screen reader reads only the answer; a piece that can be taken is reversed too.
#[test]
fn target_squares_are_shown_by_attributes_not_marks() {
    use ratatui::style::Modifier;
    for plain in [true, false] {
        let mut s = session(&["e4", "d5"]);
        let mut theme = Theme::default();
        theme.plain = plain;
        let mut a = App::new(Color::White, theme, Keymap::builtin());
        press(&mut a, &mut s, &[key('4')]);
        let (before, _) = screen(&a, &s, 80, 24);
        let said = press(&mut a, &mut s, &[code(KeyCode::Enter)]);
        assert_eq!(said, vec!["Bauer Eva vier chosen; where to?"]);
        let (after, _) = screen(&a, &s, 80, 24);
        assert!(!after.contains('*') && !after.contains('('), "{after}");
        // e5 (empty) and d5 (a pawn to take) reversed; e4 (the piece) and e6 (out of reach) not.
        for (sq, reversed) in [
            (Square::E5, true),
            (Square::D5, true),
            (Square::E6, false),
            (Square::E4, false),
        ] {
            let style = cell_style(&a, &s, sq);
            assert_eq!(
                style.add_modifier.contains(Modifier::REVERSED),
                reversed,
                "plain {plain}, {sq}: {style:?}"
            );
        }
        if plain {
            assert!(
                cell_style(&a, &s, Square::E4)
                    .add_modifier
                    .contains(Modifier::UNDERLINED)
            );
            // The answer on the first row, read first; what the keys do now below it.
            let first = after.lines().next().unwrap();
            assert!(first.contains("Bauer Eva vier chosen"), "{after}");
            let board = |t: &str| t.lines().skip(5).map(str::to_string).collect::<Vec<_>>();
            assert_eq!(
                board(&before),
                board(&after),
                "no board row changes:\n{before}\n{after}"
            );
        }
    }
}

/// The silent mark for fenrir on the full screen.
mod reader;

/// A newcomer's keys and words on the full screen.
mod newcomer;

/// The view's own questions: a command typed during one is not eaten key by key.
mod questions;

/// One rule for both faces on offers, claims and a new game.
mod rule;
