//! The match: the game on the board, its clock, the penalties and the adjournment, owned in one part.

pub(super) mod adjourn;
mod answer;
mod claims;
mod online;
mod play;
mod record;
pub(super) mod resume;
mod takeback;
mod texts;
pub(super) mod timing;

pub(in crate::session) use answer::Clocked;
pub(in crate::session) use claims::Said;
pub(in crate::session) use play::{Entry, MoveSteps};

use std::time::Duration;

use shakmaty::Color;

use super::{ClockSettings, Config, Cue, Effect, Kind, quote, say};

use crate::rules::Game;
use crate::rules::clock::Clock;
use adjourn::Envelope;
use timing::Timing;

/// The game being played and what the Laws keep about it beside the moves: the clock, illegal moves
/// completed, a 5-second request (R-GIII.4), the arbiter's counter correction, the sealed
/// move (Guidelines I) and the clock's state kept in the game's file.
///
/// Its fields are private to this module (the compiler keeps them so): the other parts read the game through
/// [`Match::game`] and change it only through the methods named for what the Laws do to it (`apply_move`,
/// `take_back_to`, `rewind_to`, `replace_game`, ...).
pub(super) struct Match {
    game: Game,
    timing: Option<Timing>,
    /// With `--virtual-clock`: the session's own time, moved on only by `wait`.
    virtual_now: Option<Duration>,
    /// A sealed move waiting in its envelope (Guidelines I).
    adjourned: Option<Envelope>,
    /// Illegal moves completed by White and Black.
    illegal: [u32; 2],
    /// A 5-second increment request that counts as a draw offer (R-GIII.4).
    qpf_request: Option<Color>,
    /// The arbiter corrected the clock's move counter: `count` says it too.
    counter_corrected: bool,
    /// The clock's state and made move kept in the loaded game's file, restored when the game goes on.
    kept: Option<Result<resume::Kept, String>>,
}

impl Match {
    /// The match of `game` under the settings: the clock's state kept in its tags taken out of them,
    /// its timing `cfg.time_control`'s, the virtual clock at zero with `--virtual-clock`.
    pub(super) fn new(mut game: Game, cfg: &Config) -> Match {
        let kept = resume::take_kept(&mut game);
        let timing = Match::timing_of(&game, cfg);
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

    /// The timing of `game` under `cfg.time_control`, none without one.
    fn timing_of(game: &Game, cfg: &Config) -> Option<Timing> {
        cfg.time_control
            .as_ref()
            .and_then(|tc| Timing::new(tc, game, &cfg.clock))
    }

    /// The game on the board and its record, read.
    pub(in crate::session) fn game(&self) -> &Game {
        &self.game
    }

    /// The game's clock, read; None in a game without one.
    pub(in crate::session) fn clock(&self) -> Option<&Clock> {
        self.timing.as_ref().map(|t| &t.clock)
    }

    /// A sealed move waits in its envelope (Guidelines I): the adjourned game has not gone on yet.
    pub(in crate::session) fn is_adjourned(&self) -> bool {
        self.adjourned.is_some()
    }

    /// The arbiter corrected the clock's move counter.
    pub(in crate::session) fn counter_corrected(&self) -> bool {
        self.counter_corrected
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

#[cfg(test)]
mod tests {
    /// No field of `Match` is visible outside this module: the compiler refuses every access to a private field
    /// from another part (the parts change the game only through the methods of `Match`); this keeps
    /// a field from being opened again with `pub`.
    #[test]
    fn no_field_of_match_is_visible_outside_its_module() {
        let source = include_str!("mod.rs");
        let body = source
            .split("pub(super) struct Match {")
            .nth(1)
            .and_then(|rest| rest.split("\n}\n").next())
            .expect("the struct Match in match_state/mod.rs");
        let fields = body.lines().map(str::trim).filter(|l| !l.starts_with("//"));
        let open: Vec<&str> = fields.filter(|l| l.starts_with("pub")).collect();
        assert!(open.is_empty(), "fields of Match open outside it: {open:?}");
        assert!(body.contains("game: Game,"), "the struct was read: {body}");
    }
}
