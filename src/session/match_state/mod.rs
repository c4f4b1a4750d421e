//! The match: the game on the board, its clock, the penalties and the adjournment, owned in one part.

pub(super) mod adjourn;
mod answer;
mod claims;
mod play;
pub(super) mod resume;
mod takeback;
mod texts;
pub(super) mod timing;

pub(in crate::session) use answer::Clocked;
pub(in crate::session) use claims::Said;
pub(in crate::session) use play::Entry;

use std::time::Duration;

use shakmaty::Color;

use super::{ClockSettings, Config, Cue, Effect, Kind, quote, say};

use crate::rules::Game;
use adjourn::Envelope;
use timing::Timing;

/// The game being played and what the Laws keep about it beside the moves: the clock, illegal moves
/// completed, a 5-second request (R-GIII.4), the arbiter's counter correction, the sealed
/// move (Guidelines I) and the clock's state kept in the game's file (issue 18.3).
pub(super) struct Match {
    pub(super) game: Game,
    pub(super) timing: Option<Timing>,
    /// With `--virtual-clock`: the session's own time, moved on only by `wait`.
    pub(super) virtual_now: Option<Duration>,
    /// A sealed move waiting in its envelope (Guidelines I).
    pub(super) adjourned: Option<Envelope>,
    /// Illegal moves completed by White and Black.
    pub(super) illegal: [u32; 2],
    /// A 5-second increment request that counts as a draw offer (R-GIII.4).
    pub(super) qpf_request: Option<Color>,
    /// The arbiter corrected the clock's move counter: `count` says it too.
    pub(super) counter_corrected: bool,
    /// The clock's state and made move kept in the loaded game's file, restored when the game goes on.
    pub(super) kept: Option<Result<resume::Kept, String>>,
}

impl Match {
    /// The match of `game` under the settings: the clock's state kept in its tags taken out of them (issue
    /// 18.3), its timing `cfg.time_control`'s, the virtual clock at zero with `--virtual-clock`.
    pub(super) fn new(mut game: Game, cfg: &Config) -> Match {
        let kept = resume::take_kept(&mut game);
        let timing = cfg
            .time_control
            .as_ref()
            .and_then(|tc| Timing::new(tc, &game, &cfg.clock));
        Match {
            game,
            timing,
            virtual_now: cfg.virtual_clock.then_some(Duration::ZERO),
            adjourned: None,
            illegal: [0; 2],
            qpf_request: None,
            counter_corrected: false,
            kept,
        }
    }

    /// No clock runs (a review of a kept game, `--review FILE`).
    pub(super) fn without_clock(&mut self) {
        self.timing = None;
    }

    /// The clock starts for the side to move, when the game has one.
    pub(super) fn start_clock(&mut self, cfg: &Config, now: Duration) {
        let turn = self.game.turn();
        if let Some(t) = &mut self.timing {
            t.start(turn, now, &cfg.clock);
        }
    }
}
