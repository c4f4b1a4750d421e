//! Penalties on the clock: illegal moves, a wrong claim, the 5-second request (R-GIII.4).

use std::time::Duration;

use shakmaty::{Color, Move};

use super::super::Match;
use super::super::{Config, Cue, Effect, Kind, say};
use super::idx;
use crate::rules::clock;
use crate::rules::time_control::TimeClass;
use crate::rules::{EndReason, Ending, GameResult, MatingChance};
use crate::words;

/// What an `illegal` entry comes to.
pub(in crate::session) enum Illegal {
    /// Refused, nothing changed.
    Refused(Vec<Effect>),
    /// Recorded and penalised: the game is saved after these.
    Penalised(Vec<Effect>),
    /// an unpromoted pawn on the last rank becomes a queen and the move stands: the coordinator enters
    /// `queen` after `said`, then calls [`Match::illegal_promotion_entered`] and saves.
    Promotion {
        said: Vec<Effect>,
        queen: Move,
        offender: Color,
    },
}

impl Match {
    /// an illegal move was completed by the side to move (recorded by the arbiter or assistant). The
    /// position stays as before it; the opponent gets time; the second (third before 2014) loses, unless the
    /// opponent cannot checkmate. An unpromoted pawn on the last rank becomes a queen and the move stands
    ///
    /// `entry`: the move entered just before that did not fit the record (the record names it when
    /// `illegal` is typed alone).
    pub(in crate::session) fn illegal(
        &mut self,
        cfg: &Config,
        rest: &str,
        entry: Option<&str>,
        now: Duration,
    ) -> Illegal {
        if let Some(e) = self.game.ending() {
            return Illegal::Refused(vec![say(Kind::Refusal, self.game_over(cfg, e))]);
        }
        let offender = self.game.turn();
        let mut out = Vec::new();
        if !rest.is_empty() {
            match words::parse_move(&self.game, &cfg.vocabulary, rest) {
                Err(words::MoveInputError::PromotionNeeded { from, to }) => {
                    let queen = self.game.legal_moves().into_iter().find(|m| {
                        m.from() == Some(from)
                            && m.to() == to
                            && m.promotion() == Some(shakmaty::Role::Queen)
                    });
                    if let Some(m) = queen {
                        let queen_word = cfg.vocabulary.piece(shakmaty::Role::Queen).to_string();
                        out.push(say(
                            Kind::Event,
                            cfg.p("illegal.promotion", &[("queen", &queen_word)]),
                        ));
                        // The press completed it: the move stands, entered like any other.
                        return Illegal::Promotion {
                            said: out,
                            queen: m,
                            offender,
                        };
                    }
                }
                Ok(_) => {
                    // A legal move is no illegal move: nothing to penalise.
                    return Illegal::Refused(vec![say(
                        Kind::Refusal,
                        cfg.p(
                            "err.other",
                            &[("reason", &format!("{}: legal", words::quote(rest)))],
                        ),
                    )]);
                }
                // Not written as a move at all ("white", "Zz9", "1"): nothing is recorded, and the answer
                // says what `illegal` takes (a word meant as a side never charges the other side).
                Err(words::MoveInputError::NotAMove(_)) => {
                    let text = cfg.p("illegal.not_a_move", &[("text", &words::quote(rest))]);
                    return Illegal::Refused(vec![say(Kind::Refusal, text)]);
                }
                Err(_) => {}
            }
        }
        // The record keeps the illegal move for the arbiter (R-7.5.1: the position before it is restored), named
        // as it was entered: one comment per illegal move.
        let named = if rest.is_empty() {
            entry.unwrap_or_default()
        } else {
            rest
        };
        let note = if named.is_empty() {
            cfg.p(
                "pgn.illegal",
                &[
                    ("side", &cfg.side(offender)),
                    ("article", self.illegal_article()),
                ],
            )
        } else {
            cfg.p(
                "pgn.illegal_move",
                &[
                    ("side", &cfg.side(offender)),
                    ("move", &words::quote(named)),
                    ("article", self.illegal_article()),
                ],
            )
        };
        self.note_on_record(note);
        out.extend(self.penalise_illegal(cfg, offender, now, true));
        Illegal::Penalised(out)
    }

    /// After the promoted move of [`Illegal::Promotion`] was entered: the record notes it and, unless the move
    /// ended the game, the offender is penalised.
    pub(in crate::session) fn illegal_promotion_entered(
        &mut self,
        cfg: &Config,
        offender: Color,
        now: Duration,
    ) -> Vec<Effect> {
        let note = cfg.p(
            "pgn.illegal_promotion",
            &[
                ("side", &cfg.side(offender)),
                ("article", self.illegal_article()),
            ],
        );
        self.note_on_record(note);
        if self.game.is_over() {
            return Vec::new();
        }
        self.penalise_illegal(cfg, offender, now, false)
    }

    /// A note after the last move of the record (an illegal move), for the arbiter.
    fn note_on_record(&mut self, note: String) {
        let note = note.replace(['{', '}'], "");
        let last = self.game.plies().len().wrapping_sub(1);
        match self.game.plies_mut().get_mut(last) {
            Some(p) => p.annotations.comments.push(note),
            None => self.game.initial_comments.push(note),
        }
    }

    /// R-7.5.3 (2018 Laws only): pressing the clock without making a move counts as an illegal move. A press
    /// without a move may be a key bounce or a slip of the operator, so it is asked first: no entry that hector
    /// cannot tell from a slip decides a game without a confirmation. Under earlier editions it is no illegal
    /// move: nothing is recorded, the arbiter may rule on it.
    /// `Err`: said (refused, or no illegal move under this edition: `Err(Some(text))` goes to the operator);
    /// `Ok`: to be asked.
    pub(in crate::session) fn press_without_move(
        &self,
        cfg: &Config,
        side: Color,
    ) -> Result<(), Result<Vec<Effect>, String>> {
        if let Some(e) = self.game.ending() {
            return Err(Ok(vec![say(Kind::Refusal, self.game_over(cfg, e))]));
        }
        let edition = self.game.edition();
        if edition != crate::rules::Edition::E2018 {
            return Err(Err(cfg.p(
                "press.not_illegal",
                &[("side", &cfg.side(side)), ("edition", &edition.to_string())],
            )));
        }
        Ok(())
    }

    /// `yes` to the question of a press without a move: it is recorded as an illegal move.
    /// `.1`: recorded (the coordinator saves the game).
    pub(in crate::session) fn press_without_move_confirmed(
        &mut self,
        cfg: &Config,
        side: Color,
        now: Duration,
    ) -> (Vec<Effect>, bool) {
        if let Some(e) = self.game.ending() {
            return (vec![say(Kind::Refusal, self.game_over(cfg, e))], false);
        }
        let mut out = vec![say(
            Kind::Event,
            cfg.p("illegal.press", &[("side", &cfg.side(side))]),
        )];
        let note = cfg.p("pgn.press_without_move", &[("side", &cfg.side(side))]);
        self.note_on_record(note);
        out.extend(self.penalise_illegal(cfg, side, now, true));
        (out, true)
    }

    /// The article of the illegal-move penalty in the game's edition (section 14 row 1): 7.5.5 (2018), 7.5 b
    /// (2014), 7.4 b (2005, 2009); in blitz from 2014 on with Appendix B.2, which makes its time 1 minute
    /// (R-B.2).
    pub(in crate::session) fn illegal_article(&self) -> &'static str {
        let blitz = self
            .timing
            .as_ref()
            .is_some_and(|t| t.class == TimeClass::Blitz);
        match self.game.edition() {
            crate::rules::Edition::E2018 if blitz => "7.5.5, B.2",
            crate::rules::Edition::E2014 if blitz => "7.5 b, B.2",
            crate::rules::Edition::E2018 => "7.5.5",
            crate::rules::Edition::E2014 => "7.5 b",
            crate::rules::Edition::E2005 | crate::rules::Edition::E2009 => "7.4 b",
        }
    }

    /// The opponent's time for an illegal move in the game's time class and edition; None where the illegal move
    /// loses at once (2005/2009 blitz).
    /// The article by which an illegal move is completed only by the clock press, in the game's edition
    /// 7.5.1 (2018), 7.5 a (2014), 7.4 a (2005, 2009, with 6.7 a: a move is completed by the press).
    pub(in crate::session) fn completion_article(&self) -> &'static str {
        match self.game.edition() {
            crate::rules::Edition::E2018 => "7.5.1",
            crate::rules::Edition::E2014 => "7.5 a",
            crate::rules::Edition::E2005 | crate::rules::Edition::E2009 => "7.4 a",
        }
    }

    fn illegal_bonus(&self) -> Option<Duration> {
        let class = self
            .timing
            .as_ref()
            .map_or(TimeClass::Standard, |t| t.class);
        clock::illegal_move_bonus(class, self.game.edition())
    }

    /// Section 14 row 1: how one more illegal move of `offender` would end the game, if it would: the second
    /// loses from 2014 on, the third before (E05/E09 7.4 b), in 2005/2009 blitz the first (no time
    /// bonus exists there); a draw when the opponent cannot checkmate.
    pub(in crate::session) fn illegal_would_end(&self, offender: Color) -> Option<Ending> {
        let limit = if matches!(
            self.game.edition(),
            crate::rules::Edition::E2005 | crate::rules::Edition::E2009
        ) {
            3
        } else {
            2
        };
        let n = self.illegal[idx(offender)] + 1;
        if n < limit && self.illegal_bonus().is_some() {
            return None;
        }
        let opponent = offender.other();
        Some(if self.game.can_checkmate(opponent) == MatingChance::No {
            Ending::draw(EndReason::DrawAfterIllegalMove)
        } else {
            Ending::new(EndReason::IllegalMoveForfeit, GameResult::win_for(opponent))
        })
    }

    /// What recording one more illegal move of `offender` would do, said in the question before it
    /// ("This is Black's second illegal move: Black loses the game, White wins, 1-0."), when it ends the game.
    pub(in crate::session) fn illegal_consequence(
        &self,
        cfg: &Config,
        offender: Color,
    ) -> Option<String> {
        let ending = self.illegal_would_end(offender)?;
        let n = self.illegal[idx(offender)] + 1;
        let result = cfg.phrases.get(match ending.result {
            GameResult::WhiteWins => "result.white_wins",
            GameResult::BlackWins => "result.black_wins",
            GameResult::Draw => "result.draw",
        });
        let args = [
            ("side", cfg.side(offender)),
            ("opponent", cfg.side(offender.other())),
            ("result", result.to_string()),
        ];
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let outcome = if ending.result == GameResult::Draw {
            cfg.p("illegal.outcome_draw", &args)
        } else {
            cfg.p("illegal.outcome_loses", &args)
        };
        let nth = cfg.p(&format!("illegal.nth_{}", n.min(3)), &[]);
        Some(cfg.p(
            "illegal.ends",
            &[
                ("side", &cfg.side(offender)),
                ("nth", &nth),
                ("outcome", &outcome),
            ],
        ))
    }

    fn penalise_illegal(
        &mut self,
        cfg: &Config,
        offender: Color,
        now: Duration,
        restored: bool,
    ) -> Vec<Effect> {
        let opponent = offender.other();
        let ends = self.illegal_would_end(offender);
        let bonus = self.illegal_bonus();
        self.illegal[idx(offender)] += 1;
        let n = self.illegal[idx(offender)];
        let mut out = vec![
            say(
                Kind::Event,
                cfg.p(
                    "illegal.count",
                    &[("n", &n.to_string()), ("side", &cfg.side(offender))],
                ),
            ),
            Effect::Cue(Cue::Illegal),
        ];
        if let Some(ending) = ends {
            self.game.end(ending);
            self.stop_clock(now);
            out.push(say(Kind::GameEnd, self.ending_text(cfg, ending)));
            out.push(Effect::Cue(Cue::GameEnd));
            return out;
        }
        let bonus = bonus.unwrap_or_default();
        if let Some(t) = &mut self.timing {
            t.clock.add_time(opponent, bonus, now);
        }
        let article = self.illegal_article();
        if restored {
            let text = cfg.p(
                "illegal.penalty",
                &[
                    ("side", &cfg.side(offender)),
                    ("opponent", &cfg.side(opponent)),
                    ("bonus", &cfg.t(bonus)),
                    ("article", article),
                ],
            );
            out.push(say(Kind::Event, text));
        } else {
            out.push(say(
                Kind::Event,
                cfg.p(
                    "illegal.bonus",
                    &[
                        ("opponent", &cfg.side(opponent)),
                        ("bonus", &cfg.t(bonus)),
                        ("article", article),
                    ],
                ),
            ));
        }
        out
    }

    /// R-9.5.3 (and section 14 row 4): a wrong claim gives the opponent time; in 2005 the claimant is also cut.
    pub(in crate::session) fn wrong_claim_penalty(
        &mut self,
        cfg: &Config,
        claimant: Color,
        now: Duration,
    ) -> Vec<Effect> {
        let edition = self.game.edition();
        let Some(t) = &mut self.timing else {
            return Vec::new();
        };
        let opponent = claimant.other();
        let bonus = clock::wrong_claim_bonus(t.class, edition);
        t.clock.add_time(opponent, bonus, now);
        let cut = clock::wrong_claim_cut(edition, t.clock.remaining(claimant, now));
        if !cut.is_zero() {
            t.clock.deduct_time(claimant, cut, now);
        }
        let mut out = vec![say(
            Kind::Event,
            cfg.p(
                "claim.bonus",
                &[("opponent", &cfg.side(opponent)), ("bonus", &cfg.t(bonus))],
            ),
        )];
        if !cut.is_zero() {
            out.push(say(
                Kind::Event,
                cfg.p(
                    "claim.cut",
                    &[("side", &cfg.side(claimant)), ("cut", &cfg.t(cut))],
                ),
            ));
        }
        out
    }

    /// R-GIII.4: the player to move, under 2 minutes, in a game without increment (not blitz), asks for a
    /// 5-second increment for both. The request is a draw offer.
    pub(in crate::session) fn request_increment(
        &mut self,
        cfg: &Config,
        now: Duration,
    ) -> Vec<Effect> {
        if let Some(e) = self.game.ending() {
            return vec![say(Kind::Refusal, self.game_over(cfg, e))];
        }
        let side = self.game.turn();
        let eligible = self.timing.as_ref().is_some_and(|t| {
            !t.control.has_time_per_move()
                && t.clock.per_move(side).amount().is_zero()
                && t.class != TimeClass::Blitz
                && t.clock.remaining(side, now) < clock::QPF_THRESHOLD
        });
        if !eligible {
            return vec![say(Kind::Refusal, cfg.p("qpf.not_eligible", &[]))];
        }
        if let Err(e) = self.game.offer_draw(side) {
            return vec![say(Kind::Refusal, self.game_error(cfg, &e))];
        }
        self.qpf_request = Some(side);
        vec![
            say(
                Kind::Event,
                cfg.p("qpf.request", &[("side", &cfg.side(side))]),
            ),
            Effect::Cue(Cue::DrawOffer),
        ]
    }

    /// R-GIII.4: the offer was declined; the arbiter grants the increment, and the opponent gets 2 minutes.
    pub(in crate::session) fn grant_increment(
        &mut self,
        cfg: &Config,
        requester: Color,
        now: Duration,
    ) -> Vec<Effect> {
        if self.qpf_request != Some(requester) {
            return Vec::new();
        }
        self.qpf_request = None;
        let Some(t) = &mut self.timing else {
            return Vec::new();
        };
        t.clock.introduce_increment(clock::QPF_INCREMENT, now);
        t.clock
            .add_time(requester.other(), clock::QPF_OPPONENT_BONUS, now);
        vec![say(
            Kind::Event,
            cfg.p("qpf.granted", &[("opponent", &cfg.side(requester.other()))]),
        )]
    }
}
