//! A move played and what follows it, one path for every mode: play mode and the tournament profile add
//! their steps to it ([`MoveSteps`]); a loaded game's envelope and the start of its clock.

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

/// What a mode adds to the one path of a move played ([`Match::apply_move`], [`Match::move_applied`]): play
/// mode presses the clock with the move ([`InPlay`], R-6.2.1); the tournament profile makes the move and waits
/// for its press (D.2.3-D.2.4, see `tournament::moves`).
pub(in crate::session) trait MoveSteps {
    /// Once `mover`'s move is on the board, before it is said: notes on the record and what they say.
    fn played(&mut self, cfg: &Config, m: &mut Match, mover: Color, now: Duration) -> Vec<Effect>;
    /// The move just made in words, as it is announced.
    fn said(&mut self, cfg: &Config, m: &Match, mover: Color) -> String;
    /// The move was announced as `said`; `ends`: it ended the game. Whether the clock is pressed with the move
    /// now.
    fn presses(&mut self, m: &Match, said: &str, mover: Color, ends: bool) -> bool;
}

/// Play mode: the move is said (with the side's name when set) and the clock is pressed with it.
struct InPlay {
    /// "Check" and "mate" are said.
    check_words: bool,
}

impl MoveSteps for InPlay {
    fn played(&mut self, _: &Config, _: &mut Match, _: Color, _: Duration) -> Vec<Effect> {
        Vec::new()
    }

    fn said(&mut self, cfg: &Config, m: &Match, mover: Color) -> String {
        let said = m.last_ply_said(cfg, self.check_words);
        if cfg.names_side(mover) {
            cfg.p("move.by", &[("side", &cfg.side(mover)), ("move", &said)])
        } else {
            said
        }
    }

    fn presses(&mut self, _: &Match, _: &str, _: Color, _: bool) -> bool {
        true
    }
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

    /// The one path of a move played, in every mode: the move is made (executed and announced), then what the
    /// mode adds (`steps`); it is completed by the press with it in play mode, or made and waiting for
    /// its press in the tournament profile (D.2.3-D.2.4). A move that ends the game is complete without a press
    /// (R-6.2.1.1). Err: the move could not be played, and why.
    pub(in crate::session) fn apply_move(
        &mut self,
        cfg: &Config,
        mv: shakmaty::Move,
        now: Duration,
        steps: &mut dyn MoveSteps,
    ) -> Result<Vec<Effect>, Vec<Effect>> {
        let mover = self.game.turn();
        if let Err(e) = self.game.play(mv) {
            return Err(vec![say(Kind::Refusal, self.game_error(cfg, &e))]);
        }
        Ok(self.move_applied(cfg, mover, now, steps))
    }

    /// After `mover`'s move is on the board (by [`Match::apply_move`], or as a claim's intended move, R-9.5.3):
    /// the opponent's 5-second request lapses (R-GIII.4), the mode's steps, the announcement and its sound, then
    /// the ending (the clock stops) or the press when the mode presses with the move.
    pub(in crate::session) fn move_applied(
        &mut self,
        cfg: &Config,
        mover: Color,
        now: Duration,
        steps: &mut dyn MoveSteps,
    ) -> Vec<Effect> {
        if self.qpf_request == Some(mover.other()) {
            self.qpf_request = None;
        }
        let mut out = steps.played(cfg, self, mover, now);
        let said = steps.said(cfg, self, mover);
        out.push(say(Kind::Move, said.clone()));
        out.push(Effect::Cue(self.move_cue()));
        let ending = self.game.ending();
        let presses = steps.presses(self, &said, mover, ending.is_some());
        if let Some(e) = ending {
            self.stop_clock(now);
            self.mark_clock(mover, now);
            out.push(say(Kind::GameEnd, self.ending_text(cfg, e)));
            out.push(Effect::Cue(Cue::GameEnd));
        } else if presses {
            out.extend(self.press(cfg, mover, now));
            self.mark_clock(mover, now);
        }
        out
    }

    /// [`Match::apply_move`] in play mode ([`InPlay`]; see `Session::enter_move`).
    pub(in crate::session) fn play(
        &mut self,
        cfg: &Config,
        mv: shakmaty::Move,
        now: Duration,
        check_words: bool,
    ) -> Result<Vec<Effect>, Vec<Effect>> {
        self.apply_move(cfg, mv, now, &mut InPlay { check_words })
    }

    /// [`Match::move_applied`] in play mode ([`InPlay`]).
    pub(in crate::session) fn after_move(
        &mut self,
        cfg: &Config,
        mover: Color,
        now: Duration,
        check_words: bool,
    ) -> Vec<Effect> {
        self.move_applied(cfg, mover, now, &mut InPlay { check_words })
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
