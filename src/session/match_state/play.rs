//! A move played in play mode and what follows it; a loaded game's envelope and the start of its clock.

use std::time::Duration;

use shakmaty::Color;

use super::Match;
use super::adjourn::Envelope;
use super::timing::Timing;
use super::{Config, Cue, Effect, Kind, say};
use crate::words::{self, MoveInputError};

/// What a typed move entry is, as the coordinator routes it.
pub(in crate::session) enum Entry {
    /// A legal move: entered (see `Session::enter_move`).
    Move(shakmaty::Move),
    /// It does not fit the record (tournament profile), and why.
    NotFitting(String),
    /// A pawn reaches the last rank: the piece is asked for (said), answered on the next line.
    Promotion {
        from: shakmaty::Square,
        to: shakmaty::Square,
        said: Vec<Effect>,
    },
    /// Not a move: said why, with its sound.
    Refused(Vec<Effect>),
}

impl Match {
    /// A typed move read in the game; `not_fitting` tells the errors that are taken as an entry not fitting the
    /// record (the tournament profile).
    pub(in crate::session) fn read_move(
        &self,
        cfg: &Config,
        text: &str,
        not_fitting: impl Fn(&MoveInputError) -> bool,
    ) -> Entry {
        let refusal = |e: &MoveInputError| words::explain(&cfg.vocabulary, &cfg.phrases, e);
        match words::parse_move(&self.game, &cfg.vocabulary, text) {
            Ok(m) => Entry::Move(m),
            Err(e) if not_fitting(&e) => Entry::NotFitting(refusal(&e)),
            Err(e @ MoveInputError::PromotionNeeded { from, to }) => {
                // The question is answered by the piece alone ("Dame", "q") on the next line.
                let said = vec![say(Kind::Event, refusal(&e))];
                Entry::Promotion { from, to, said }
            }
            Err(e) => Entry::Refused(vec![
                say(Kind::Refusal, refusal(&e)),
                Effect::Cue(Cue::Illegal),
            ]),
        }
    }

    /// The answer to the promotion question: the move with the piece named; Err when that piece cannot be
    /// chosen (a king or a pawn: the question stays); None when `line` names no piece.
    pub(in crate::session) fn promotion(
        &self,
        cfg: &Config,
        from: shakmaty::Square,
        to: shakmaty::Square,
        line: &str,
    ) -> Option<Result<shakmaty::Move, ()>> {
        let role = words::spoken::parse_piece(&cfg.vocabulary, line)?;
        let m = self
            .game
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == Some(from) && m.to() == to && m.promotion() == Some(role));
        Some(m.ok_or(()))
    }

    /// A move is made (executed and announced), then completed: the clock is pressed (R-6.2.1, D.2.3-D.2.4).
    /// A move that ends the game is complete without a press. Play mode only (see `Session::enter_move`).
    /// Err: the move could not be played, and why.
    pub(in crate::session) fn play(
        &mut self,
        cfg: &Config,
        mv: shakmaty::Move,
        now: Duration,
        check_words: bool,
    ) -> Result<Vec<Effect>, Vec<Effect>> {
        let mover = self.game.turn();
        if let Err(e) = self.game.play(mv) {
            return Err(vec![say(Kind::Refusal, self.game_error(cfg, &e))]);
        }
        if self.qpf_request == Some(mover.other()) {
            self.qpf_request = None;
        }
        Ok(self.after_move(cfg, mover, now, check_words))
    }

    /// Announcement, sound, clock press and ending after a move was made.
    pub(in crate::session) fn after_move(
        &mut self,
        cfg: &Config,
        mover: Color,
        now: Duration,
        check_words: bool,
    ) -> Vec<Effect> {
        let mut out = self.move_said(cfg, mover, check_words);
        if let Some(e) = self.game.ending() {
            self.stop_clock(now);
            self.mark_clock(mover, now);
            out.push(say(Kind::GameEnd, self.ending_text(cfg, e)));
            out.push(Effect::Cue(Cue::GameEnd));
        } else {
            out.extend(self.press(cfg, mover, now));
            self.mark_clock(mover, now);
        }
        out
    }

    /// An envelope used when it belongs to this game and position: it sets the clocks (R-GI.5); else the key of
    /// why it is not used. The rest of what was kept with the game (the illegal moves, the made move) is
    /// restored as for any resumed game, by [`Match::restore_kept`].
    pub(in crate::session) fn use_envelope(
        &mut self,
        cfg: &Config,
        env: Envelope,
    ) -> Result<(), &'static str> {
        env.belongs_to(&self.game)?;
        self.timing = Timing::from_envelope(&env, &self.game, &cfg.clock);
        self.adjourned = Some(env);
        Ok(())
    }

    /// The greeting of an adjourned game that goes on (None when it is not adjourned).
    pub(in crate::session) fn adjourned_greeting(&self, cfg: &Config) -> Option<String> {
        self.adjourned.as_ref().map(|env| env.greeting(cfg))
    }
}
