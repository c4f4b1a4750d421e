//! Read-only views for a face that draws the session (the full-screen view) and for the parts that speak about
//! the game: the clocks, whether a question is open, and how a move is said (the voice).

use std::time::Duration;

use shakmaty::Color;

use super::{Config, Match, Tournament};
use crate::rules::Ply;
use crate::rules::clock::ClockState;
use crate::words;

impl Match {
    /// Both sides' remaining time (White, Black) at the session's time `now`, or None in a game without a clock.
    pub(super) fn clock_remaining(&self, now: Duration) -> Option<[Duration; 2]> {
        let clock = &self.timing.as_ref()?.clock;
        Some([
            clock.remaining(Color::White, now),
            clock.remaining(Color::Black, now),
        ])
    }

    /// The side whose clock is running, if one is.
    pub(super) fn clock_running(&self) -> Option<Color> {
        match self.timing.as_ref()?.clock.state() {
            ClockState::Running(side) => Some(side),
            _ => None,
        }
    }
}

/// How the session says a move: in the player's words, and in the tournament profile without "Schach" and
/// "Matt" unless they are switched on (DN-3 / ANN-M9).
pub(super) struct Voice<'a> {
    pub(super) cfg: &'a Config,
    pub(super) check_words: bool,
}

impl<'a> Voice<'a> {
    /// The voice of the settings `cfg` and, in the tournament profile, its choice about check words.
    pub(super) fn new(cfg: &'a Config, tournament: Option<&Tournament>) -> Voice<'a> {
        Voice {
            cfg,
            check_words: tournament.is_none_or(Tournament::says_check_words),
        }
    }

    /// A move said in the short form, or in the long form (from- and to-square).
    pub(super) fn announce(&self, ply: &Ply, long: bool) -> String {
        let mut san = ply.san;
        if !self.check_words {
            san.suffix = None;
        }
        if long {
            words::announce::long(&self.cfg.vocabulary, &san, ply.mv)
        } else {
            words::announce::short(&self.cfg.vocabulary, &san, ply.mv)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::session::{Command, Session};

    #[test]
    fn clocks_and_questions_are_seen_from_outside() {
        let config = Config {
            time_control: "5m".parse().ok(),
            ..Config::default()
        };
        let mut s = Session::new(Game::new(), config);
        s.start(Duration::ZERO);
        assert_eq!(s.clock_running(), Some(Color::White));
        let r = s.clock_remaining(Duration::from_secs(10)).unwrap();
        assert_eq!(r, [Duration::from_secs(290), Duration::from_secs(300)]);
        assert!(!s.awaiting_answer());
        s.update(Command::Act(s.read("resign")), Duration::from_secs(11));
        assert!(s.awaiting_answer());
        let plain = Session::new(Game::new(), Config::default());
        assert_eq!(plain.clock_remaining(Duration::ZERO), None);
        assert_eq!(plain.clock_running(), None);
    }

    #[test]
    fn a_press_without_a_move_is_a_question_answered_by_keys_on_the_full_screen() {
        // Issue 18.6: the full-screen view answers the session's questions with y/Enter and n/Escape; the
        // question names those keys, and nothing counts before the answer.
        let config = Config {
            time_control: "90m+30s".parse().ok(),
            mode: crate::session::Mode::Record,
            answer_by_keys: true,
            ..Config::default()
        };
        let mut s = Session::new(Game::new(), config);
        s.start(Duration::ZERO);
        let said = |out: Vec<crate::session::Effect>| -> Vec<String> {
            out.into_iter()
                .filter_map(|e| match e {
                    crate::session::Effect::Say(a) => Some(a.text),
                    _ => None,
                })
                .collect()
        };
        said(s.update(Command::Act(s.read("e4")), Duration::ZERO));
        said(s.update(Command::Act(s.read("press")), Duration::ZERO));
        let asked = said(s.update(Command::Act(s.read("press")), Duration::ZERO));
        assert_eq!(
            asked,
            [
                "A press without a move by Black: record an illegal move (Article 7.5.3)? Press y for yes, n or Escape for no"
            ]
        );
        assert!(s.awaiting_answer());
        let answered = said(s.update(Command::Act(s.read("no")), Duration::ZERO));
        assert!(answered[0].starts_with("Not recorded"), "{answered:?}");
        assert!(!s.awaiting_answer());
        assert_eq!(s.clock_running(), Some(Color::Black));
    }
}
