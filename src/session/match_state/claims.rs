//! The match's claims, offers and resignations (Articles 5, 9): the game is asked, the answer is said.

use std::time::Duration;

use shakmaty::Color;

use super::Match;
use crate::rules::{ClaimKind, ClaimVerdict, GameError};
use crate::session::Config;
use crate::session::Effect;
use crate::session::effect::{Cue, Kind, say};
use crate::words;
use crate::words::action::Arg;

/// What a claim, an offer's answer or a resignation did to the game, for the coordinator to carry out.
pub(in crate::session) enum Said {
    /// The game ended: the clock stops and the game is saved.
    Ended(Vec<Effect>),
    /// The game changed (an offer, a declined offer, a correct claim of a game that goes on): it is saved.
    Changed(Vec<Effect>),
    /// Refused: nothing changed.
    Refused(Vec<Effect>),
}

/// An incorrect claim (R-9.5.2-3): what was said, by whom, and whether the intended move was made.
pub(in crate::session) struct Rejected {
    pub(in crate::session) out: Vec<Effect>,
    pub(in crate::session) claimant: Color,
    pub(in crate::session) played: bool,
}

impl Match {
    fn claim_kind(cfg: &Config, k: ClaimKind) -> String {
        cfg.p(
            match k {
                ClaimKind::ThreefoldRepetition => "claim.kind.threefold",
                ClaimKind::FiftyMoves => "claim.kind.fifty",
            },
            &[],
        )
    }

    fn times(cfg: &Config, n: usize) -> String {
        match n {
            1 => cfg.p("times.once", &[]),
            2 => cfg.p("times.twice", &[]),
            n => cfg.p("times.many", &[("n", &n.to_string())]),
        }
    }

    /// [`Match::claim`], with a wrong claim's penalty given: what was said, and the claimant when
    /// the intended move was made.
    pub(in crate::session) fn claim_outcome(
        &mut self,
        cfg: &Config,
        rest: &str,
        check_words: bool,
        now: Duration,
    ) -> Result<Said, (Vec<Effect>, Option<Color>)> {
        let Rejected {
            mut out,
            claimant,
            played,
        } = match self.claim(cfg, rest, check_words) {
            Ok(said) => return Ok(said),
            Err(rejected) => rejected,
        };
        out.extend(self.wrong_claim_penalty(cfg, claimant, now));
        Err((out, played.then_some(claimant)))
    }

    /// Articles 9.2, 9.3 and 9.5: the side to move claims a draw, now or with the intended move `rest`.
    pub(in crate::session) fn claim(
        &mut self,
        cfg: &Config,
        rest: &str,
        check_words: bool,
    ) -> Result<Said, Rejected> {
        let intended = if rest.is_empty() {
            None
        } else {
            match words::parse_move(&self.game, &cfg.vocabulary, rest) {
                Ok(m) => Some(m),
                Err(e) => {
                    let reason = words::explain(&cfg.vocabulary, &cfg.phrases, &e);
                    return Ok(Said::Refused(vec![say(
                        Kind::Refusal,
                        cfg.p("claim.not_made", &[("reason", &reason)]),
                    )]));
                }
            }
        };
        let claimant = self.game.turn();
        let side = cfg.side(claimant);
        match self.game.claim(intended) {
            Err(e) => Ok(Said::Refused(vec![say(
                Kind::Refusal,
                self.game_error(cfg, &e),
            )])),
            Ok(ClaimVerdict::Correct { kind, with_move }) => {
                let mut out = Vec::new();
                if with_move.is_some() {
                    let ply = self.game.last_ply().expect("a move was just played");
                    out.push(say(
                        Kind::Move,
                        Match::announce(cfg, ply, cfg.long_form, check_words),
                    ));
                }
                let key = if with_move.is_some() {
                    "claim.correct_with_move"
                } else {
                    "claim.correct"
                };
                out.push(say(
                    Kind::Event,
                    cfg.p(
                        key,
                        &[("side", &side), ("kind", &Match::claim_kind(cfg, kind))],
                    ),
                ));
                match self.game.ending() {
                    Some(e) => {
                        out.push(say(Kind::GameEnd, self.ending_text(cfg, e)));
                        out.push(Effect::Cue(Cue::GameEnd));
                        Ok(Said::Ended(out))
                    }
                    None => Ok(Said::Changed(out)),
                }
            }
            Ok(ClaimVerdict::Incorrect {
                played,
                repetitions,
                moves_without_progress,
            }) => {
                let key = if played.is_some() {
                    "claim.rejected_with_move"
                } else {
                    "claim.rejected"
                };
                let out = vec![say(
                    Kind::Event,
                    cfg.p(
                        key,
                        &[
                            ("side", &side),
                            ("times", &Match::times(cfg, repetitions)),
                            ("moves", &moves_without_progress.to_string()),
                        ],
                    ),
                )];
                Err(Rejected {
                    out,
                    claimant,
                    played: played.is_some(),
                })
            }
        }
    }

    /// In a game at one keyboard, the offer comes from the player who has just moved (R-9.1.2.1: move, offer,
    /// press the clock); before any move, from the side to move.
    fn offerer(&self, cfg: &Config) -> Color {
        if cfg.opponent.plays_one_side() {
            // Against the engine, offers are the player's.
            return cfg.engine_color.other();
        }
        match self.game.last_ply() {
            Some(p) => p.color(),
            None => self.game.turn(),
        }
    }

    /// A draw offer: said with its cue, or refused.
    pub(in crate::session) fn offer(&mut self, cfg: &Config) -> Said {
        let by = self.offerer(cfg);
        match self.game.offer_draw(by) {
            Ok(()) => Said::Changed(vec![
                say(Kind::Event, cfg.p("offer.made", &[("side", &cfg.side(by))])),
                Effect::Cue(Cue::DrawOffer),
            ]),
            Err(e) => Said::Refused(vec![say(Kind::Refusal, self.game_error(cfg, &e))]),
        }
    }

    /// The other side answered the player's offer (the engine at once by its `draw_rule`, a remote player
    /// later): it accepts when `accepts` and the agreement is not too early, else declines; `by` names it in
    /// the words ("engine", "remote").
    pub(in crate::session) fn other_answers_offer(
        &mut self,
        cfg: &Config,
        accepts: bool,
        by: &str,
    ) -> Said {
        let engine = cfg.engine_color;
        if accepts {
            match self.game.accept_draw(engine) {
                Ok(e) => {
                    self.qpf_request = None;
                    self.adjourned = None;
                    return Said::Ended(vec![
                        say(Kind::Event, cfg.p(&format!("{by}.accepts_draw"), &[])),
                        say(Kind::GameEnd, self.ending_text(cfg, e)),
                        Effect::Cue(Cue::GameEnd),
                    ]);
                }
                Err(GameError::AgreementTooEarly) => {}
                Err(e) => return Said::Refused(vec![say(Kind::Refusal, self.game_error(cfg, &e))]),
            }
        }
        Said::Changed(match self.game.decline_draw(engine) {
            Ok(()) => vec![say(Kind::Event, cfg.p(&format!("{by}.declines_draw"), &[]))],
            Err(e) => vec![say(Kind::Refusal, self.game_error(cfg, &e))],
        })
    }

    /// No offer to answer (or the game is over).
    pub(in crate::session) fn no_offer(&self, cfg: &Config) -> Vec<Effect> {
        let e = self
            .game
            .ending()
            .map_or(GameError::NoDrawOffer, GameError::GameOver);
        vec![say(Kind::Refusal, self.game_error(cfg, &e))]
    }

    /// Who answers the open offer: against the engine always the player (their own offer is refused), at one
    /// keyboard the side that did not offer.
    pub(in crate::session) fn answerer(
        &self,
        cfg: &Config,
        engine_opponent: bool,
    ) -> Option<Color> {
        let offer = self.game.draw_offer()?;
        if engine_opponent {
            Some(cfg.engine_color.other())
        } else {
            Some(offer.other())
        }
    }

    /// `accept`: the side that answers the open offer (see [`Match::answerer`]) accepts it; refused when no
    /// offer is open.
    pub(in crate::session) fn accept_offer(&mut self, cfg: &Config, engine_opponent: bool) -> Said {
        match self.answerer(cfg, engine_opponent) {
            Some(by) => self.accept(cfg, by),
            None => Said::Refused(self.no_offer(cfg)),
        }
    }

    /// `decline`: the side that answers the open offer declines it, and the other side's increment is granted;
    /// refused when no offer is open.
    pub(in crate::session) fn decline_offer(
        &mut self,
        cfg: &Config,
        engine_opponent: bool,
        now: Duration,
    ) -> Vec<Effect> {
        let Some(by) = self.answerer(cfg, engine_opponent) else {
            return self.no_offer(cfg);
        };
        match self.decline(cfg, by) {
            Ok(mut out) => {
                out.extend(self.grant_increment(cfg, by.other(), now));
                out
            }
            Err(out) => out,
        }
    }

    /// What a claim, an offer's answer or a resignation did, carried out in the match: a game that ended stops
    /// its clock. Gives what is said, and whether the game is to be saved.
    pub(in crate::session) fn carried(&mut self, said: Said, now: Duration) -> (Vec<Effect>, bool) {
        match said {
            Said::Refused(out) => (out, false),
            Said::Ended(out) => {
                self.stop_clock(now);
                (out, true)
            }
            Said::Changed(out) => (out, true),
        }
    }

    /// `by` accepts the open offer: the game is drawn by agreement.
    pub(in crate::session) fn accept(&mut self, cfg: &Config, by: Color) -> Said {
        match self.game.accept_draw(by) {
            Ok(e) => {
                self.qpf_request = None;
                self.adjourned = None;
                Said::Ended(vec![
                    say(Kind::GameEnd, self.ending_text(cfg, e)),
                    Effect::Cue(Cue::GameEnd),
                ])
            }
            Err(e) => Said::Refused(vec![say(Kind::Refusal, self.game_error(cfg, &e))]),
        }
    }

    /// `by` declines the open offer: Ok with what is said, or the refusal.
    pub(in crate::session) fn decline(
        &mut self,
        cfg: &Config,
        by: Color,
    ) -> Result<Vec<Effect>, Vec<Effect>> {
        match self.game.decline_draw(by) {
            Ok(()) => Ok(vec![say(
                Kind::Event,
                cfg.p("offer.declined", &[("side", &cfg.side(by))]),
            )]),
            Err(e) => Err(vec![say(Kind::Refusal, self.game_error(cfg, &e))]),
        }
    }

    /// Article 5.1.2: which side `rest` resigns for (the question follows), or the refusal.
    pub(in crate::session) fn resigning(
        &self,
        cfg: &Config,
        side: &Arg<Color>,
    ) -> Result<Color, Vec<Effect>> {
        if let Some(e) = self.game.ending() {
            return Err(vec![say(Kind::Refusal, self.game_over(cfg, e))]);
        }
        match side {
            // Against the engine, the player resigns, whoever is to move.
            Arg::None if cfg.opponent.plays_one_side() => Ok(cfg.engine_color.other()),
            Arg::None => Ok(self.game.turn()),
            Arg::Given(side) => Ok(*side),
            // The words as read, in small letters.
            Arg::Bad(other) => Err(vec![say(
                Kind::Refusal,
                cfg.p(
                    "resign.bad",
                    &[("text", &words::quote(&other.to_lowercase()))],
                ),
            )]),
        }
    }

    /// "yes" to the resignation of `side`: the game ends.
    pub(in crate::session) fn resign(&mut self, cfg: &Config, side: Color) -> Said {
        match self.game.resign(side) {
            Ok(e) => {
                self.adjourned = None;
                Said::Ended(vec![
                    say(Kind::GameEnd, self.ending_text(cfg, e)),
                    Effect::Cue(Cue::GameEnd),
                ])
            }
            Err(e) => Said::Refused(vec![say(Kind::Refusal, self.game_error(cfg, &e))]),
        }
    }
}
