//! The move made and the presses owed (D.2.3-D.2.4, R-6.2.1, R-6.2.2): the profile's bookkeeping of a move
//! made, completed by the press or by the mover's next move, and withdrawn before its press (D.2.8).

use shakmaty::Color;

use super::{Made, Tournament, idx};
use crate::rules::Ply;
use crate::rules::clock::ClockState;
use crate::session::Config;
use crate::session::match_state::Match;

impl Tournament {
    /// A move as the profile says it: "Schach" and "Matt" only when switched on (DN-3, ANN-M9).
    pub(in crate::session) fn say_ply(&self, cfg: &Config, ply: &Ply, long: bool) -> String {
        super::ply_words(cfg, self.check_words, ply, long)
    }

    /// R-6.2.1.2: `mover`'s move at `ply` was entered; an earlier move of the mover that was never pressed is
    /// completed by it (its press is lost). Whether there was one.
    pub(in crate::session) fn completes_earlier(&mut self, mover: Color, ply: usize) -> bool {
        if self.unpressed[idx(mover)] == 0 {
            return false;
        }
        self.unpressed[idx(mover)] = 0;
        self.completed_by_next.push(ply);
        true
    }

    /// Whether the move entered corrects a withdrawn one (ANN-M13); asked once per move.
    pub(in crate::session) fn take_correcting(&mut self) -> bool {
        std::mem::take(&mut self.correcting)
    }

    /// `mover`'s move at `ply` is made and waits for its press; or, when it ended the game (`ended`), it is
    /// complete without one (R-6.2.1.1).
    pub(in crate::session) fn made(&mut self, mover: Color, ply: usize, ended: bool) {
        if ended {
            self.made = None;
            self.unpressed[idx(mover)] = 0;
        } else {
            self.made = Some(Made { mover, ply });
            self.unpressed[idx(mover)] += 1;
        }
    }

    /// Moves of `side` that its clock press has not yet completed.
    pub(in crate::session) fn owed(&self, side: Color) -> u32 {
        self.unpressed[idx(side)]
    }

    /// `presser`'s press completes the moves it owed.
    pub(in crate::session) fn pressed(&mut self, presser: Color) {
        self.unpressed[idx(presser)] = 0;
        if self.made.is_some_and(|m| m.mover == presser) {
            self.made = None;
        }
    }

    /// The move made and waiting for its press, when it is the last of a record of `len` plies: its mover and
    /// index.
    pub(in crate::session) fn made_last(&self, len: usize) -> Option<(Color, usize)> {
        self.made
            .filter(|m| m.ply + 1 == len)
            .map(|m| (m.mover, m.ply))
    }

    /// D.2.8: the made move (`mover`'s, at `ply`) was withdrawn before its press; the next move entered
    /// corrects it. Whether the withdrawn entry had completed its mover's earlier move (R-6.2.1.2), which then
    /// waits for its press again.
    pub(in crate::session) fn withdrawn(&mut self, mover: Color, ply: usize) -> bool {
        self.made = None;
        self.unpressed[idx(mover)] = self.unpressed[idx(mover)].saturating_sub(1);
        self.correcting = true;
        if self.completed_by_next.last() == Some(&ply) {
            self.completed_by_next.pop();
            self.unpressed[idx(mover)] += 1;
            return true;
        }
        false
    }

    /// After a withdrawal: the record's last move (`mover`'s, at `ply`) is made, not completed, again when its
    /// mover has not pressed for it.
    pub(in crate::session) fn made_again(&mut self, mover: Color, ply: usize) {
        if self.unpressed[idx(mover)] > 0 {
            self.made = Some(Made { mover, ply });
        }
    }

    /// `state`: whether the last move is made or completed, and whose clock runs or stands (ANN-M15).
    /// `ending`: the game's ending in words.
    pub(in crate::session) fn state_text(
        &self,
        cfg: &Config,
        m: &Match,
        ending: Option<String>,
    ) -> String {
        let running = match m.clock().map(|c| c.state()) {
            Some(ClockState::Running(side)) => {
                cfg.p("tournament.clock_runs", &[("side", &cfg.side(side))])
            }
            Some(_) => cfg.p("tournament.clock_stopped", &[]),
            None => cfg.p("clock.none", &[]),
        };
        let game = m.game();
        let mut text = match (game.last_ply(), self.made) {
            (None, _) => cfg.p("tournament.state_none", &[("clock", &running)]),
            (Some(ply), Some(made)) if made.ply + 1 == game.plies().len() => cfg.p(
                "tournament.state_made",
                &[
                    ("move", &self.say_ply(cfg, ply, false)),
                    ("side", &cfg.side(ply.color())),
                    ("clock", &running),
                ],
            ),
            (Some(ply), _) => cfg.p(
                "tournament.state_completed",
                &[
                    ("move", &self.say_ply(cfg, ply, false)),
                    ("side", &cfg.side(ply.color())),
                    ("clock", &running),
                ],
            ),
        };
        // The other side's move made before it and not pressed for either (R-6.2.2: it can still be pressed).
        if let Some(last) = game.last_ply() {
            let other = last.color().other();
            if self.unpressed[idx(other)] > 0
                && let Some(ply) = game.plies().iter().rev().find(|p| p.color() == other)
            {
                text.push_str(&format!(
                    ". {}",
                    cfg.p(
                        "tournament.state_also_made",
                        &[
                            ("move", &self.say_ply(cfg, ply, false)),
                            ("side", &cfg.side(other)),
                        ],
                    )
                ));
            }
        }
        match ending {
            Some(e) => format!("{text}. {e}"),
            None => text,
        }
    }
}
