//! The match: the game on the board, its clock, the penalties and the adjournment, owned in one part.

pub(super) mod adjourn;
pub(super) mod resume;
mod takeback;
pub(super) mod timing;

use std::time::Duration;

use shakmaty::Color;

use super::{ClockSettings, Config, Cue, Effect, Kind, Opponent, quote, say};
use crate::rules::{EndReason, Ending, GameError, GameResult};

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

/// The words of the game's end and of a refused game action.
impl Match {
    /// The announcement that ends a game: reason and PGN result.
    pub(super) fn ending_text(&self, cfg: &Config, e: Ending) -> String {
        let result = cfg.phrases.get(match e.result {
            GameResult::WhiteWins => "result.white_wins",
            GameResult::BlackWins => "result.black_wins",
            GameResult::Draw => "result.draw",
        });
        let loser = e
            .result
            .winner()
            .map(|w| cfg.side(w.other()))
            .unwrap_or_default();
        let key = match e.reason {
            EndReason::Checkmate => "end.checkmate",
            EndReason::Resignation => "end.resignation",
            EndReason::Stalemate => "end.stalemate",
            EndReason::DeadPosition => "end.dead_position",
            EndReason::Agreement => "end.agreement",
            EndReason::ThreefoldRepetition => "end.threefold",
            EndReason::FiftyMoves => "end.fifty",
            EndReason::FivefoldRepetition => "end.fivefold",
            EndReason::SeventyFiveMoves => "end.seventy_five",
            EndReason::TimeForfeit => "end.time_forfeit",
            EndReason::DrawOnTime => "end.draw_on_time",
            EndReason::IllegalMoveForfeit | EndReason::DrawAfterIllegalMove => {
                self.illegal_ending_key(e.result.winner().map(|w| w.other()))
            }
            EndReason::ArbiterDecision => "end.arbiter",
        };
        cfg.p(key, &[("result", result), ("loser", &loser)])
    }

    /// Section 14 row 1: which illegal move of the `loser` (none: a draw) ended the game, by the count kept (the
    /// second from 2014 on, the third in 2005 and 2009, the first in 2005/2009 blitz, R-B.6); a game read from a
    /// file has no count: its edition's.
    fn illegal_ending_key(&self, loser: Option<Color>) -> &'static str {
        let draw = loser.is_none();
        let counted = match loser {
            Some(side) => self.illegal[side.fold_wb(0, 1)],
            None => self.illegal.iter().copied().max().unwrap_or(0),
        };
        let n = if counted > 0 {
            counted
        } else if matches!(
            self.game.edition(),
            crate::rules::Edition::E2005 | crate::rules::Edition::E2009
        ) {
            3
        } else {
            2
        };
        match (n, draw) {
            (1, false) => "end.illegal_forfeit_first",
            (1, true) => "end.draw_after_illegal_first",
            (2, false) => "end.illegal_forfeit",
            (2, true) => "end.draw_after_illegal",
            (_, false) => "end.illegal_forfeit_third",
            (_, true) => "end.draw_after_illegal_third",
        }
    }

    pub(super) fn game_over(&self, cfg: &Config, e: Ending) -> String {
        cfg.p("game_over", &[("ending", &self.ending_text(cfg, e))])
    }

    pub(super) fn game_error(&self, cfg: &Config, e: &GameError) -> String {
        match e {
            GameError::GameOver(end) => self.game_over(cfg, *end),
            GameError::IllegalMove => cfg.p("err.illegal_move", &[]),
            GameError::NoDrawOffer => cfg.p("err.no_offer", &[]),
            GameError::OwnDrawOffer => cfg.p("err.own_offer", &[]),
            GameError::AgreementTooEarly => cfg.p("err.agreement_too_early", &[]),
            GameError::OfferAlreadyOpen(who) => {
                let side = if *who == "White" {
                    cfg.side(Color::White)
                } else {
                    cfg.side(Color::Black)
                };
                cfg.p("err.offer_open", &[("side", &side)])
            }
            other => cfg.p("err.other", &[("reason", &other.to_string())]),
        }
    }
}
