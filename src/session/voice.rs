//! How the session says a move: in the player's words, with or without check words (the voice every part that
//! speaks about the game is given).

use super::{Config, Tournament};
use crate::rules::Ply;
use crate::words;

/// How the session says a move: in the player's words, and in the tournament profile without "Schach" and
/// "Matt" unless they are switched on (DN-3 / ANN-M9).
pub(super) struct Voice<'a> {
    pub(super) cfg: &'a Config,
    pub(super) check_words: bool,
}

impl<'a> Voice<'a> {
    /// The voice of the settings `cfg` and, in the tournament profile, its choice about check words.
    pub(super) fn new(cfg: &'a Config, tournament: Option<&Tournament>) -> Voice<'a> {
        Voice {
            cfg,
            check_words: tournament.is_none_or(Tournament::says_check_words),
        }
    }

    /// A move said in the short form, or in the long form (from- and to-square).
    pub(super) fn announce(&self, ply: &Ply, long: bool) -> String {
        let mut san = ply.san;
        if !self.check_words {
            san.suffix = None;
        }
        if long {
            words::announce::long(&self.cfg.vocabulary, &san, ply.mv)
        } else {
            words::announce::short(&self.cfg.vocabulary, &san, ply.mv)
        }
    }

    /// A move legal in `pos` (not played in the game: the engine's better move, a try) said as a move is.
    pub(super) fn announce_move(
        &self,
        pos: &shakmaty::Chess,
        mv: shakmaty::Move,
        long: bool,
    ) -> String {
        let mut san = shakmaty::san::SanPlus::from_move(pos.clone(), mv);
        if !self.check_words {
            san.suffix = None;
        }
        if long {
            words::announce::long(&self.cfg.vocabulary, &san, mv)
        } else {
            words::announce::short(&self.cfg.vocabulary, &san, mv)
        }
    }
}
