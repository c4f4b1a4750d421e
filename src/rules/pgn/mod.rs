//! PGN export and import (R-8.1, R-8.7, R-C): the game record as text, and games read back with every move checked.
//!
//! Pure: text in, text or games out. Import reads any number of games with [`pgn_reader`]; every mainline move
//! is checked by [`Game::play`], so the automatic endings apply as in a game played
//! here. A bad game gives an [`ImportError`] naming the game, the move and the reason; the games around it are
//! still loaded.
//!
//! Conventions kept by both directions, so that export → import → export is stable:
//! - A draw offer (R-8.1.5, R-9.1.2.2, R-C.12) is written as the comment `{(=)}` directly after the move. The
//!   scoresheet form, a variation holding only `=` (`11. Kb1 (=)`), is read as a draw offer too.
//! - Comments, NAGs and variations after a mainline move belong to that move ([`Ply::annotations`]); a variation
//!   is an alternative to the move it follows. Comments before the first move are [`Game::initial_comments`].
//!   Comment text is kept with its whitespace collapsed to single spaces.
//! - The tags the game derives (Result, Termination, SetUp, FEN, Variant) are not kept in [`Game::tags`];
//!   TimeControl is kept there and written back.

mod build;
mod collect;
mod moves;
mod reader;
mod report;
mod scan;
mod start;
mod writer;

#[cfg(test)]
mod tests;

pub use build::{AFTER_END_COMMENT, MAX_VARIATION_DEPTH, mainline_sans};
pub use reader::{Imported, Importer, import, import_bytes, import_game, import_with};
pub use report::{
    ImportError, ImportErrorKind, ImportOptions, ImportReport, ImportWarning, MoveAt, printable,
};
pub use start::chess960_game_from_fen;
pub use writer::{DRAW_OFFER_COMMENT, ExportTags, LINE_WIDTH, export, export_all, result_token};
