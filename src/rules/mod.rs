//! The rules core: the Laws of Chess over shakmaty positions. Pure: no I/O, no clock reads.

pub mod board_diff;
pub mod candidates;
pub mod chess960;
pub mod clock;
pub mod dead;
pub mod edition;
pub mod ending;
pub mod game;
pub mod pgn;
pub mod scoresheet;
pub mod tags;
pub mod time_control;

pub use dead::MatingChance;
pub use edition::Edition;
pub use ending::{EndReason, Ending, GameResult};
pub use game::{
    AnnotationList, Annotations, ClaimKind, ClaimVerdict, Game, GameError, MovetextItem, Ply,
    RepetitionKey, Start,
};
