//! A player elsewhere plays the other side (online play): asked through a link the edge holds, answering
//! by events that come later or never. The session never waits for them: the player can look at the board,
//! ask questions, or leave meanwhile.

use std::time::Duration;

use super::{Heard, OtherEvent, Side, ToOther, ask_or_call_off};
use crate::session::match_state::Match;
use crate::session::{Config, Cue, Effect, Kind, say};
use crate::words;
use crate::words::action::Arg;

#[derive(Debug, Default)]
pub(super) struct Remote {
    /// The ply count of the position it was asked to move in and has not answered yet.
    asked_for: Option<usize>,
    /// The player's draw offer waits for its answer.
    offer_open: bool,
    /// The player's takeback (its count) waits for its answer.
    takeback: Option<Arg<usize>>,
    /// It agreed: the player's takeback is being carried out and is not asked again.
    agreed: bool,
}

impl Side for Remote {
    fn refuses_move(&self, cfg: &Config, m: &Match) -> Option<Vec<Effect>> {
        (m.game().turn() == cfg.engine_color).then(|| {
            vec![
                say(Kind::Refusal, cfg.p("remote.its_turn", &[])),
                Effect::Cue(Cue::Illegal),
            ]
        })
    }

    fn answers_offers(&self) -> bool {
        true
    }

    fn offered(&mut self, _: &Config, _: &Match) -> Result<OtherEvent, Vec<Effect>> {
        self.offer_open = true;
        Err(vec![Effect::Other(ToOther::Offer)])
    }

    fn asks_takeback(
        &mut self,
        cfg: &Config,
        _: &Match,
        count: &Arg<usize>,
    ) -> Option<Vec<Effect>> {
        if std::mem::take(&mut self.agreed) {
            return None;
        }
        self.takeback = Some(count.clone());
        Some(vec![
            say(Kind::Event, cfg.p("remote.takeback_asked", &[])),
            Effect::Other(ToOther::Takeback),
        ])
    }

    fn follow_up(&mut self, cfg: &Config, m: &Match, waiting: bool, now: Duration) -> Vec<Effect> {
        ask_or_call_off(&mut self.asked_for, cfg, m, waiting, now)
    }

    fn event(&mut self, cfg: &Config, m: &mut Match, event: OtherEvent) -> Heard {
        let effects = match event {
            OtherEvent::Move { uci, for_ply } => {
                // A stale answer (the game moved on, a takeback) is dropped without a word.
                if m.game().is_over()
                    || self.asked_for != Some(for_ply)
                    || for_ply != m.game().plies().len()
                {
                    return Heard::Effects(Vec::new());
                }
                self.asked_for = None;
                match m.game().parse_uci(&uci) {
                    Some(mv) => return Heard::Play { mv, for_ply },
                    None => {
                        let text = cfg.p("remote.illegal_move", &[("move", &words::quote(&uci))]);
                        vec![Effect::Cue(Cue::Illegal), say(Kind::Event, text)]
                    }
                }
            }
            // Only an answer to the offer still open counts (a move declined it meanwhile, R-9.1.2.1).
            OtherEvent::DrawAnswer { accepts } => {
                let open = m.game().draw_offer() == Some(cfg.engine_color.other());
                if std::mem::take(&mut self.offer_open) && open {
                    return Heard::Said(m.other_answers_offer(cfg, accepts, "remote"));
                }
                Vec::new()
            }
            OtherEvent::TakebackAnswer { accepts } => match self.takeback.take() {
                Some(count) if accepts => {
                    self.agreed = true;
                    return Heard::TakeBack(count);
                }
                Some(_) => vec![say(Kind::Event, cfg.p("remote.takeback_declined", &[]))],
                None => Vec::new(),
            },
            OtherEvent::Failed { reason } => {
                self.asked_for = None;
                vec![say(
                    Kind::Event,
                    cfg.p("remote.failed", &[("reason", &reason)]),
                )]
            }
            OtherEvent::Ready { .. }
            | OtherEvent::Eval { .. }
            | OtherEvent::Evaluated { .. }
            | OtherEvent::Lichess(_) => Vec::new(),
        };
        Heard::Effects(effects)
    }

    fn after_move(&mut self, _: &Config, _: &mut Match, _: usize) -> Vec<Effect> {
        Vec::new()
    }
}
