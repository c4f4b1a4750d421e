//! Words: board vocabulary, move announcements and reading moves from text. Depends only on `rules`.

pub mod announce;
pub mod input;
pub mod vocabulary;

pub use input::{explain, parse_move, MoveInputError};
pub use vocabulary::Vocabulary;
