//! Read-only views of the session for a face that draws it (the full-screen view): clocks and open questions.

use std::time::Duration;

use shakmaty::Color;

use super::Session;
use crate::rules::clock::ClockState;

impl Session {
    /// Both sides' remaining time (White, Black) at `real_now`, or None in a game without a clock.
    pub fn clock_remaining(&self, real_now: Duration) -> Option<[Duration; 2]> {
        let now = self.now(real_now);
        let clock = &self.m.timing.as_ref()?.clock;
        Some([
            clock.remaining(Color::White, now),
            clock.remaining(Color::Black, now),
        ])
    }

    /// The side whose clock is running, if one is.
    pub fn clock_running(&self) -> Option<Color> {
        match self.m.timing.as_ref()?.clock.state() {
            ClockState::Running(side) => Some(side),
            _ => None,
        }
    }

    /// The session's time moves only with `wait` (`--virtual-clock`): a face needs no clock wake-ups.
    pub fn is_virtual_clock(&self) -> bool {
        self.m.virtual_now.is_some()
    }

    /// The session waits for yes or no (resignation, continuing a kept game, retracing the moves).
    pub fn awaiting_answer(&self) -> bool {
        matches!(
            self.pending,
            Some(
                super::Pending::Resign(_)
                    | super::Pending::Resume
                    | super::Pending::Rewind
                    | super::Pending::PressWithoutMove(_)
            )
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::session::{Command, Config};

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
