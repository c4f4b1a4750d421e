//! The board check's one answer: its own commands (D.2.9) routed to the check, the comparison and the rewind.

use std::time::Duration;

use super::BoardCheck;
use crate::session::log::Entry;
use crate::session::match_state::Match;
use crate::session::{Config, Effect};
use crate::words::action::Action;

/// What the board check answered: said, or the rewind's question (R-D.2.9b) that the coordinator keeps open.
pub(in crate::session) enum Outcome {
    Said(Vec<Effect>),
    AskRewind(Vec<Effect>),
}

impl BoardCheck {
    /// The board check's and the scoresheets' comparison's commands (D.2.9): `keep`, `set clocks`, `check`,
    /// `compare`, `rewind`, `rewound`, `is`. `how` is how the rewind's question is answered; `log` the
    /// tournament profile's action log, if any. None: the action is not the board check's.
    pub(in crate::session) fn answer(
        &mut self,
        cfg: &Config,
        m: &mut Match,
        action: &Action,
        now: Duration,
        how: &str,
        log: Option<&[Entry]>,
    ) -> Option<Outcome> {
        use Action as A;
        let out = match action {
            // R-7.1 / R-D.2.9c: `keep`: the arbiter starts the clocks as they are; the time is said.
            A::Keep => {
                let mut out = self.clocks_keep(cfg, m, now);
                out.extend(m.time_answer(cfg, now));
                out
            }
            A::SetClocks(rest) => BoardCheck::clocks_set(cfg, m, rest, now),
            A::Check(rest) => self.check_command(cfg, m.game(), rest),
            A::Compare(rest) => self.compare_command(cfg, m.game(), rest),
            // `rewind`: the question of R-D.2.9b, open until it is answered.
            A::Rewind => {
                return Some(match self.rewind_command(cfg, m.game(), how) {
                    Ok(out) => Outcome::AskRewind(out),
                    Err(out) => Outcome::Said(out),
                });
            }
            A::Rewound => self.rewound(cfg, log),
            A::Is(rest) => self.quick_question(cfg, m.game(), rest),
            _ => return None,
        };
        Some(Outcome::Said(out))
    }
}
