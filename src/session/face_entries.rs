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
    // While practising (session/practice.rs), the move is its try, in the practised position.
    let practising = s.review.as_ref().is_some_and(|r| r.practising);
    let shown = if practising {
        s.view().shown_game()
    } else {
        s.view().game()
    };
    let line = shown.uci(m).to_string();
    s.chosen = Some(m);
    let action = match practising {
        true => Action::Practice(line),
        false => Action::Entry(line),
    };
    let out = s.update(Command::Act(Act::new(action)), now);
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
    let game = m.game();
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::super::{Command, Config, Mode, Session};
    use crate::rules::Game;
    use crate::words::action::{Act, Action};

    fn session(mode: Mode) -> Session {
        let mut s = Session::new(
            Game::new(),
            Config {
                mode,
                ..Config::default()
            },
        );
        s.start(Duration::ZERO);
        s
    }

    /// A move chosen on the board says, does and logs what the same move typed in line mode does, in play mode
    /// and in the tournament profile (where the action log keeps its words), and nothing of it is left behind.
    #[test]
    fn a_chosen_move_is_the_same_move_typed() {
        for mode in [Mode::Play, Mode::Record, Mode::Assistant] {
            let (mut typed, mut chosen) = (session(mode), session(mode));
            for uci in ["e2e4", "e7e5", "g1f3"] {
                let line = Act::new(Action::Entry(uci.to_string()));
                let by_text = typed.update(Command::Act(line), Duration::from_secs(1));
                let game = chosen.view().game().clone();
                let m = game
                    .legal_moves()
                    .into_iter()
                    .find(|m| game.uci(*m).to_string() == uci)
                    .expect(uci);
                let by_move = chosen.play_move(m, Duration::from_secs(1));
                assert_eq!(by_move, by_text, "{mode:?} {uci}");
                assert!(chosen.chosen.is_none());
            }
            assert_eq!(
                chosen.view().game().plies().len(),
                typed.view().game().plies().len()
            );
            assert!(!chosen.view().game().plies().is_empty(), "{mode:?}");
        }
    }
}
