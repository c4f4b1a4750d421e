//! The rules core: the Laws of Chess over shakmaty positions. Pure: no I/O, no clock reads.

pub mod analysis;
pub mod board_diff;
pub mod candidates;
pub mod chess960;
pub mod clock;
pub mod dead;
pub mod edition;
pub mod ending;
pub mod game;
pub mod judgement;
pub mod pgn;
pub mod scoresheet;
pub mod tags;
pub mod time_control;

/// A small deterministic generator (xorshift) for the rules' randomized tests, so that a failure replays.
#[cfg(test)]
pub(crate) struct TestRng(u64);

#[cfg(test)]
impl TestRng {
    pub(crate) fn new(seed: u64) -> TestRng {
        TestRng(seed.max(1))
    }

    /// A number below `n` (which must not be 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

pub use dead::MatingChance;
pub use edition::Edition;
pub use ending::{EndReason, Ending, GameResult};
pub use game::{
    AnnotationList, Annotations, ClaimKind, ClaimVerdict, Game, GameError, MovetextItem, Ply,
    RepetitionKey, Start,
};
