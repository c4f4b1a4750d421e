//! A person at the keyboard plays the other side: both sides' moves are entered here (two players at one
//! keyboard, or an assistant). Nothing is asked of anyone else: the side that did not offer answers an offer,
//! a takeback is carried out at once.

use std::time::Duration;

use super::{Heard, OtherEvent, Side};
use crate::session::match_state::Match;
use crate::session::{Config, Effect};
use crate::words::action::Arg;

#[derive(Debug, Default)]
pub(super) struct Keyboard;

impl Side for Keyboard {
    fn refuses_move(&self, _: &Config, _: &Match) -> Option<Vec<Effect>> {
        None
    }

    fn answers_offers(&self) -> bool {
        false
    }

    fn offered(&mut self, _: &Config, _: &Match) -> Result<OtherEvent, Vec<Effect>> {
        Err(Vec::new())
    }

    fn asks_takeback(&mut self, _: &Config, _: &Match, _: &Arg<usize>) -> Option<Vec<Effect>> {
        None
    }

    fn follow_up(&mut self, _: &Config, _: &Match, _: bool, _: Duration) -> Vec<Effect> {
        Vec::new()
    }

    fn event(&mut self, _: &Config, _: &mut Match, _: OtherEvent) -> Heard {
        Heard::Effects(Vec::new())
    }

    fn after_move(&mut self, _: &Config, _: &mut Match, _: usize) -> Vec<Effect> {
        Vec::new()
    }
}
