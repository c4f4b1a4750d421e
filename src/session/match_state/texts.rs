//! The match in words: the position, the moves, the count, the greeting and the game's ending.

use shakmaty::{Color, Position};

use super::Match;
use crate::rules::{EndReason, Ending, GameError, GameResult};
use crate::session::Config;
use crate::session::Effect;
use crate::session::effect::{Cue, Kind, say};
use crate::words::{self};

impl Match {
    /// The announcement that ends a game: reason and PGN result.
    pub(in crate::session) fn ending_text(&self, cfg: &Config, e: Ending) -> String {
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
    pub(in crate::session) fn illegal_ending_key(&self, loser: Option<Color>) -> &'static str {
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

    pub(in crate::session) fn game_over(&self, cfg: &Config, e: Ending) -> String {
        cfg.p("game_over", &[("ending", &self.ending_text(cfg, e))])
    }

    pub(in crate::session) fn game_error(&self, cfg: &Config, e: &GameError) -> String {
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

    /// What is said when the session starts.
    pub(in crate::session) fn greeting(&self, cfg: &Config) -> Vec<Effect> {
        let g = &self.game;
        let side = cfg.side(g.turn());
        let number = g.position().fullmoves().to_string();
        let start = if let Some(last) = g.last_ply().filter(|_| g.is_over()) {
            // A finished game loaded is said as finished, never "continued"; its ending follows.
            cfg.p(
                "greeting.finished",
                &[
                    ("number", &last.move_number().to_string()),
                    ("side", &cfg.side(last.color())),
                ],
            )
        } else if !g.plies().is_empty() {
            cfg.p(
                "greeting.continued",
                &[("number", &number), ("side", &side)],
            )
        } else if let crate::rules::Start::Chess960(n) = g.start() {
            cfg.p(
                "greeting.new960",
                &[("number", &n.to_string()), ("side", &side)],
            )
        } else {
            cfg.p("greeting.new", &[("side", &side)])
        };
        // The time control as it was read, so that a bare number in --time is heard for what it means.
        let start = match &self.timing {
            Some(t) if !g.is_over() => format!(
                "{start}. {}",
                words::time::control_at_start(&cfg.phrases, &t.control)
            ),
            _ => start,
        };
        let mut out = vec![say(Kind::Event, start)];
        if let Some(e) = g.ending() {
            out.push(say(Kind::GameEnd, self.ending_text(cfg, e)));
        }
        out
    }

    /// A move in words, short or long; "check" and "mate" only when `check_words` (DN-3 / ANN-M9: in the
    /// tournament profile they are said only when switched on).
    pub(in crate::session) fn announce(
        cfg: &Config,
        ply: &crate::rules::Ply,
        long: bool,
        check_words: bool,
    ) -> String {
        let mut san = ply.san.clone();
        if !check_words {
            san.suffix = None;
        }
        if long {
            words::announce::long(&cfg.vocabulary, &san, ply.mv)
        } else {
            words::announce::short(&cfg.vocabulary, &san, ply.mv)
        }
    }

    pub(in crate::session) fn last(&self, cfg: &Config, check_words: bool) -> String {
        match self.game.last_ply() {
            None => cfg.p("last.none", &[]),
            Some(ply) => cfg.p(
                "last.move",
                &[
                    ("side", &cfg.side(ply.color())),
                    ("number", &ply.move_number().to_string()),
                    ("move", &Match::announce(cfg, ply, false, check_words)),
                ],
            ),
        }
    }

    /// The move just made in words (short or long, as set).
    pub(in crate::session) fn last_ply_said(&self, cfg: &Config, check_words: bool) -> String {
        let ply = self.game.last_ply().expect("a move was just played");
        Match::announce(cfg, ply, cfg.long_form, check_words)
    }

    /// The sound of the move just made: check, capture or a move.
    pub(in crate::session) fn move_cue(&self) -> Cue {
        let ply = self.game.last_ply().expect("a move was just played");
        if ply.san.suffix.is_some() {
            Cue::Check
        } else if ply.mv.is_capture() {
            Cue::Capture
        } else {
            Cue::Move
        }
    }
}
