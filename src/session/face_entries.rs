//! What a face enters that is no typed line: a legal move chosen on the board (the full-screen view's keys, a
//! pad's buttons), and the full-screen view's own question for the action log. Free functions of the session
//! (the coordinator's methods delegate here, see session/mod.rs).

use std::time::Duration;

use super::match_state::{self, Match};
use super::{Command, Config, Effect, Session};
use crate::words::MoveInputError;
use crate::words::action::{Act, Action};

/// A legal move chosen on the board: carried out exactly as the same move typed in line mode's words (its
/// long notation, `e2e4`, is what the action log keeps and what an open question is offered), but when it
/// comes to be played it is played as it is, never read back from that text.
pub(super) fn play_move(s: &mut Session, m: shakmaty::Move, now: Duration) -> Vec<Effect> {
    let line = s.view().game().uci(m).to_string();
    s.chosen = Some(m);
    let out = s.update(Command::Act(Act::new(Action::Entry(line))), now);
    s.chosen = None;
    out
}

/// The entry a move's text makes (see `Match::read_move`); the move chosen on the board (see [`play_move`])
/// when this text is its own and it is legal here.
pub(super) fn read_move(
    chosen: &mut Option<shakmaty::Move>,
    (m, cfg): (&Match, &Config),
    text: &str,
    not_fitting: impl Fn(&MoveInputError) -> bool,
) -> match_state::Entry {
    let game = &m.game;
    match chosen.take() {
        Some(c) if game.uci(c).to_string() == text && game.legal_moves().contains(&c) => {
            match_state::Entry::Move(c)
        }
        _ => m.read_move(cfg, text, not_fitting),
    }
}

/// The full-screen view's own question, its answer or its cancelling, logged (see `Tournament::log_view`).
pub(super) fn log_view(
    s: &mut Session,
    entered: &str,
    said: Vec<String>,
    real_now: Duration,
) -> Vec<Effect> {
    let (now, path) = (s.at_command(real_now), s.view().log_path());
    let (parts, t) = ((&s.config, &s.m), s.tournament.as_mut());
    t.map(|t| t.log_view(parts, path, now, entered, said))
        .unwrap_or_default()
}
