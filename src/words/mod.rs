//! Words: board vocabulary, phrase tables, move announcements and reading moves from text. Depends only on
//! `rules`; no `match` on a language anywhere, only data.

pub mod action;
pub mod analysis;
pub mod announce;
pub mod board_text;
pub mod commands;
pub mod evaluation;
pub mod explain;
pub mod explore;
pub mod input;
pub mod move_error;
pub mod normalize;
pub mod openings;
pub mod phrases;
pub mod quote;
pub mod scoresheet;
pub mod scoresheet_text;
pub mod spoken;
pub mod time;
pub mod vocabulary;

pub use explain::explain;
pub use input::{MoveInputError, parse_move};
pub use phrases::Phrases;
pub use quote::quote;
pub use vocabulary::Vocabulary;
