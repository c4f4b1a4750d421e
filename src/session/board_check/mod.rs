//! Board mismatches (Appendix D.2.9, ANN-I4) in the session: the tactile board check (a guided walk square by
//! square, a rank, a FEN, piece lists, quick questions) said as the fewest physical steps, and two scoresheets
//! compared (a PGN file, a typed list, or moves read out one by one), with the retracing of the moves to the
//! point where they agree and the arbiter's clock setting (R-D.2.9c, R-7.1). Works in every mode.
//!
//! Reading the record is allowed in the tournament profile: the check says what the record holds and how the
//! player's own board differs from it, which is what the Laws give a blind player through the arbiter
//! (D.2.9); it says nothing about the position's merits (Article 11.3.1).

mod answer;
mod compare;
mod rewind;
mod walk;

pub(super) use answer::Outcome;

use std::sync::{Arc, OnceLock};

use shakmaty::{Board, Move, Piece, Square};

use super::{Config, Effect};
use crate::rules::Game;
use crate::words::MoveInputError;
use crate::words::board_text::BoardWords;
use crate::words::commands::Commands;
use crate::words::normalize::fold;

/// The most a scoresheet file may hold (outside input is bounded).
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// The guided walk: the squares in the order asked, and the answers so far.
#[derive(Debug, Clone)]
struct Walk {
    order: Vec<Square>,
    answers: Vec<Option<Piece>>,
}

/// The other scoresheet read out move by move.
#[derive(Debug, Clone)]
struct SheetEntry {
    game: Game,
    moves: Vec<Move>,
    /// The last line refused as the next move: `end` right after it compares up to it and names it as the
    /// other sheet's own illegal move.
    refused: Option<(String, MoveInputError)>,
}

/// The state of the board check and the scoresheet comparison.
#[derive(Debug, Clone, Default)]
pub(super) struct BoardCheck {
    walk: Option<Walk>,
    entry: Option<SheetEntry>,
    /// The last comparison that found the scoresheets apart: half-moves that agree (R-D.2.9b).
    found: Option<usize>,
    /// After a rewind: the arbiter sets the clocks (`keep`, `set SIDE TIME`).
    clocks: bool,
    /// The half-moves taken back by each rewind, as written (also in the action log in the tournament modes).
    taken_back: Vec<String>,
    /// The last whole board the player described (for D.2.9a: what to change on it).
    last_board: Option<Board>,
    /// The words descriptions are read with, made once (the vocabulary and language do not change).
    words: OnceLock<Arc<BoardWords>>,
}

/// The moves of an action-log rewind entry ("Taken back: 1... e5 2. Nf3", in whichever language the log was
/// written), as written.
fn taken_back_in(said: &str) -> Option<String> {
    crate::words::phrases::BUILTIN.iter().find_map(|(lang, _)| {
        let p = crate::words::Phrases::builtin(lang)?;
        let (before, after) = p.get("rewound.list").split_once("{list}")?;
        let list = said.strip_prefix(before)?.strip_suffix(after)?.trim();
        (!list.is_empty()).then(|| list.to_string())
    })
}

/// The words of a phrase-table list ("stop, stopp"), folded.
fn listed(p: &crate::words::Phrases, key: &str) -> Vec<String> {
    p.get(key)
        .split(',')
        .map(|w| fold(w.trim()))
        .filter(|w| !w.is_empty())
        .collect()
}

/// A command word of this feature: the contract's English name or a word of the UI language's list.
pub(super) fn is_word(cfg: &Config, word: &str, english: &str, key: &str) -> bool {
    let w = fold(word);
    w == english || listed(&cfg.phrases, key).contains(&w)
}

impl BoardCheck {
    /// The words descriptions are read with (made once).
    fn board_words(&self, cfg: &Config) -> Arc<BoardWords> {
        Arc::clone(
            self.words
                .get_or_init(|| Arc::new(BoardWords::new(&cfg.vocabulary, &cfg.phrases))),
        )
    }

    /// The square the guided walk asks now (the full-screen view puts its focus there and opens the input
    /// line), if a walk is on.
    pub(super) fn square(&self) -> Option<Square> {
        let w = self.walk.as_ref()?;
        w.order.get(w.answers.len()).copied()
    }

    /// The board check or the one-by-one scoresheet entry waits for the next line.
    pub(super) fn waits(&self) -> bool {
        self.walk.is_some() || self.entry.is_some()
    }

    /// A line while the board check waits: the guided walk's answer, or a line of the one-by-one scoresheet
    /// entry (`commands` reads its first word).
    pub(super) fn line_answer(
        &mut self,
        cfg: &Config,
        game: &Game,
        commands: &Commands,
        line: &str,
    ) -> Vec<Effect> {
        if self.walks() {
            self.walk_answer(cfg, game, line)
        } else {
            let (word, _) = crate::words::action::split(commands, line);
            self.entry_line(cfg, game, line, &word)
        }
    }

    /// The guided walk is on: a line is its answer.
    pub(super) fn walks(&self) -> bool {
        self.walk.is_some()
    }

    /// The clocks' check is on: `keep` and `set` are its words.
    pub(super) fn clocks(&self) -> bool {
        self.clocks
    }
}

#[cfg(test)]
mod tests;
