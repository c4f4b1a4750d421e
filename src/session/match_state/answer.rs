//! The match's one answer to the clock's and the arbiter's commands, and to the adjournment's.

use std::time::Duration;

use super::Match;
use crate::rules::Game;
use crate::session::{Config, Effect};
use crate::words::action::Action;

/// What the match answered: said, said with the game to save when `ended`, or a move sealed (its envelope to
/// save, then the game, then what is said when it is done).
pub(in crate::session) enum Clocked {
    Said(Vec<Effect>, bool),
    Sealed {
        save: Box<Effect>,
        done: Box<Effect>,
    },
}

impl Match {
    /// `time`, `used`, `control`, `flag`, `wait`, `increment`, `arbiter`, `seal`, `envelope`: the clock's, the
    /// arbiter's and the adjournment's commands. `alerts` are what a flag observed but not decided says, per side
    /// (asked only by `wait`); `board` the game's board in words (asked only by `envelope`). None: the action is
    /// not the match's.
    pub(in crate::session) fn answer_clock(
        &mut self,
        cfg: &Config,
        action: &Action,
        now: Duration,
        alerts: impl FnOnce(&Match) -> [Vec<Effect>; 2],
        board: impl FnOnce(&Game) -> String,
    ) -> Option<Clocked> {
        use Action as A;
        let said = |out| Some(Clocked::Said(out, false));
        match action {
            A::Time => said(self.time_answer(cfg, now)),
            A::Used => said(self.used_answer(cfg, now)),
            A::Control => said(self.control_answer(cfg, now)),
            A::Flag => {
                let (out, ended) = self.flag_claim(cfg, now);
                Some(Clocked::Said(out, ended))
            }
            A::Wait(arg) => {
                let alerts = alerts(self);
                let (out, ended) = self.wait(cfg, arg, now, &alerts);
                Some(Clocked::Said(out, ended))
            }
            A::Increment => said(self.request_increment(cfg, now)),
            // The arbiter's actions; a game the arbiter ends is saved.
            A::Arbiter(rest) => {
                let over = self.game.is_over();
                let out = self.arbiter(cfg, rest, now);
                let ended = !over && self.game.is_over();
                Some(Clocked::Said(out, ended))
            }
            // Guidelines I.1-I.2, I.8: a move sealed; the envelope is saved beside the game.
            A::Seal(rest) => Some(match self.seal(cfg, rest, now) {
                Err(out) => Clocked::Said(out, false),
                Ok((save, done)) => Clocked::Sealed {
                    save: Box::new(save),
                    done: Box::new(done),
                },
            }),
            A::Envelope => said(self.read_envelope(cfg, || board(&self.game))),
            _ => None,
        }
    }
}
