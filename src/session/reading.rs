//! A line read once into its action, as the session's state reads it now: a free function of the session seen.

use super::Config;
use super::board_check::{self, BoardCheck};
use super::pending::Pending;
use super::policy;
use super::view::View;
use crate::rules::Game;
use crate::words;
use crate::words::action::{Action, ArgWords};
use crate::words::commands::Kind as Row;

/// A line (trimmed) read into its action, as the session's state reads it now: a command word of any language
/// becomes its command, with the text after it; a line that reads as a move is a move even when its first word
/// is a command's; while the board check waits, a line is its answer; a line that is no command is an entry (a
/// move, or the answer a question waits for).
pub(super) fn read_action(v: &View, line: &str) -> Action {
    let (cfg, m, board_check) = (v.config, v.m, v.board_check);
    let reviewing = v.review.is_some();
    // While practising (session/practice.rs), a line that is no command is the try.
    let entry = |line: &str| match v.review.is_some_and(|r| r.practising) {
        true => Action::Practice(line.to_string()),
        false => Action::Entry(line.to_string()),
    };
    if line.is_empty() || v.questions.open() == Some(Pending::ChooseGame) {
        return Action::Entry(line.to_string());
    }
    let (word, rest) = words::action::split(v.commands, line);
    let is_move = line_is_a_move(cfg, m.game(), board_check, reviewing, rest, line);
    // The blind player's request, whatever follows it (while the game is adjourned a line that reads as a
    // move is refused as one: it could be the sealed move).
    let player = Row::Player.name();
    if line.to_lowercase().starts_with(player) && !(is_move && m.is_adjourned()) {
        return Action::Player(line[player.len()..].trim().to_string());
    }
    // A line that reads as a move is a move, even when its first word is a command's ("Knight f3" is no
    // `knights`; R-C.3: any built-in notation).
    if is_move {
        return Action::Entry(line.to_string());
    }
    if board_check.waits() && !policy::passes_board_check(&word) {
        return Action::Entry(line.to_string());
    }
    if board_check.clocks() {
        if board_check::is_word(cfg, &word, Row::Keep.name(), "words.keep") {
            return Action::Keep;
        }
        if word == Row::SetClocks.name() {
            return Action::SetClocks(rest.to_string());
        }
    }
    if board_check::is_word(cfg, &word, Row::Is.name(), "words.question") {
        return Action::Is(rest.to_string());
    }
    let words = ArgWords {
        board: &cfg.vocabulary,
        phrases: &cfg.phrases,
    };
    if let Some(a) = Action::command(&words, &word, rest) {
        // Words after a command that takes none are never dropped ("offer now please", "press x"):
        // the line is no command, refused whole with its reason, and nothing changes.
        if !rest.is_empty() && takes_nothing(&a) {
            return entry(line);
        }
        return a;
    }
    match word.as_str() {
        w if w == Row::Yes.name() => Action::Yes,
        w if w == Row::No.name() => Action::No,
        w if words::action::ANALYSIS_WORDS.contains(&w) => Action::Analysis(line.to_string()),
        _ => entry(line),
    }
}

/// The commands that change the game and take no words after them (../shared/design/line-mode.md).
fn takes_nothing(a: &Action) -> bool {
    matches!(
        a,
        Action::Offer
            | Action::Accept
            | Action::Decline
            | Action::Flag
            | Action::Press
            | Action::Undo
            | Action::Increment
            | Action::Rewind
    )
}

/// Whether a line of several words reads as a move entry (legal or not) in the position on the board, so
/// that no command takes it. A board check in progress and a review read lines their own way.
pub(super) fn line_is_a_move(
    cfg: &Config,
    game: &Game,
    board_check: &BoardCheck,
    reviewing: bool,
    rest: &str,
    line: &str,
) -> bool {
    !rest.is_empty()
        && line.starts_with(char::is_alphanumeric)
        && !board_check.waits()
        && !reviewing
        && match words::parse_move(game, &cfg.vocabulary, line) {
            Ok(_) => true,
            Err(e) => e.reads_as_move(),
        }
}
