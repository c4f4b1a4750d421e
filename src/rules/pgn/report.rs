//! What a PGN import is asked and what it found: options, the games, and for each bad game an error naming the move.

use std::fmt;

use shakmaty::Color;

use crate::rules::edition::Edition;
use crate::rules::game::{Game, color_name};
use crate::rules::tags::Tags;

/// What an import found: the good games, and one error for each bad game.
#[derive(Debug, Clone, Default)]
pub struct ImportReport {
    /// The games that were read and checked, in file order.
    pub games: Vec<Game>,
    /// `numbers[i]` is the 1-based position of `games[i]` in the file.
    pub numbers: Vec<usize>,
    /// One error per game that could not be loaded, in file order.
    pub errors: Vec<ImportError>,
    /// Things that did not stop a game from loading but changed or dropped something.
    pub warnings: Vec<ImportWarning>,
}

impl ImportReport {
    /// True when every game loaded.
    pub fn is_clean(&self) -> bool {
        self.errors.is_empty()
    }
}

/// Where in a game an import error is: the move (R-C) as numbered in the record and the text found there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveAt {
    /// Full-move number.
    pub number: u32,
    /// The side that was to move.
    pub side: Color,
    /// The token as read.
    pub text: String,
}

impl fmt::Display for MoveAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} for {}, \"{}\"",
            self.number,
            color_name(self.side),
            self.text
        )
    }
}

/// A game that could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ImportError {
    /// 1-based position of the game in the file.
    pub game: usize,
    /// "White - Black" from the tags, when known.
    pub players: Option<String>,
    /// The move at fault, when the fault is a move.
    pub at: Option<MoveAt>,
    pub kind: ImportErrorKind,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if let Some(p) = &self.players {
            write!(f, " ({p})")?;
        }
        if let Some(at) = &self.at {
            write!(f, ", {at}")?;
        }
        write!(f, ": {}", self.kind)
    }
}

/// Why a game could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportErrorKind {
    #[error("illegal in this position")]
    IllegalMove,
    #[error("ambiguous in this position, it could be {}", .0.join(" or "))]
    AmbiguousMove(Vec<String>),
    #[error("not a move")]
    NotAMove,
    #[error("a null move cannot be played in a game")]
    NullMove,
    #[error("the game was already over: {0}")]
    AfterEnd(String),
    #[error("bad FEN {fen:?}: {reason}")]
    BadFen { fen: String, reason: String },
    #[error("the variant {0:?} is not supported; hector plays standard chess and Chess960")]
    UnsupportedVariant(String),
    #[error("unreadable PGN: {0}")]
    Syntax(String),
    /// The last thing in the record could not be read and no result follows it (R-8.7: a record ends with
    /// its result): the file looks cut off.
    #[error("{0}; the record ends there without a result, it looks incomplete (cut off)")]
    CutOff(Box<ImportErrorKind>),
}

/// Something an import changed or left out without refusing the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportWarning {
    /// 1-based position of the game in the file.
    pub game: usize,
    pub message: String,
}

impl fmt::Display for ImportWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: {}", self.game, self.message)
    }
}

/// How to import.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ImportOptions {
    /// The Laws the games are checked under (R-EDN.1): which automatic endings apply.
    pub edition: Edition,
    /// Check for a dead position after every move, as [`Game::play`] does, instead of checking the last
    /// position and replaying only a game that ends dead (see `last_position_is_dead`). Much slower; meant for
    /// checking that both ways agree.
    pub check_every_position: bool,
}

pub(super) fn players(tags: &Tags) -> Option<String> {
    let get = |n: &str| {
        tags.get(n)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
    };
    match (get("White"), get("Black")) {
        (None, None) => None,
        (w, b) => Some(printable(&format!(
            "{} - {}",
            w.unwrap_or("?"),
            b.unwrap_or("?")
        ))),
    }
}

/// Text from the file as it goes into a message for the player: a control character (a stray carriage return in a
/// name, say) would garble the terminal line or the speech, so it is shown escaped (`\r`). Used for every message
/// quoting a file from outside (PGN, settings, vocabulary).
pub fn printable(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_owned();
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
