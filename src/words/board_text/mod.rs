//! A tactile board described in words (the board check, R-D.2.9): one square's answer, a rank in one line,
//! piece lists per side, or a FEN. Case and accents never matter (nor the German ae/oe/ue/ss spellings, nor
//! the Greek final sigma); a word that cannot be read is named back, never guessed.
//!
//! **Which words.** Those of the active vocabulary (pieces, files, ranks, aliases, the `board` words for
//! colours and "empty") and of the UI language's phrase table (`words.white`, `words.black`, `words.empty`),
//! and, just as well, those of every built-in vocabulary (config/vocabulary: Appendix D, English, Greek) and
//! every built-in UI language (config/phrases: en, de, el): with the English vocabulary and the German UI,
//! "weiß Springer Felix drei", "λευκός Ίππος ζήτα τρία" and "white knight f three" all read. The built-in
//! words are read once (from the files built into the program) and shared. How a word is read:
//! 1. an exact word of the active vocabulary or UI language stands, whatever it means elsewhere (a
//!    vocabulary file may give a word another meaning: it is the arbiter's, R-D.2.1c);
//! 2. else an exact word of another vocabulary or UI language, if all that have it give it one meaning
//!    (the same word with the same meaning in two of them is no clash; no built-in word clashes today, a
//!    test keeps it so);
//! 3. else a beginning of words ("Spr", "schw"), of two characters at least, if every word it begins, in
//!    every vocabulary and language, means the same; otherwise the candidates are named back ("si": sieben
//!    or six). One character is never read as a beginning ("t": Turm, two or three?).
//!
//! **Letters.** A single letter is a notation letter, never the beginning of a word: SAN's (`K Q R B N P`,
//! upper case white, lower case black, as in FEN) and the active vocabulary's (`S`, `T`, `L`, `D` with
//! Appendix D; `Ρ Β Π Α Ι` with the Greek one); a vocabulary letter that means another piece in SAN is not
//! taken, so `B` is always a bishop, never the beginning of Bauer. Other vocabularies' letters are read only in a
//! written piece with its square (`Sf3`, `Ιζ3` with the English vocabulary), where upper case and the square
//! leave no doubt. Written squares are read in any built-in vocabulary's file letters (`f3`, `ζ3`), and a file
//! letter followed by a rank word is a square ("f three", "ζ τρία") except in a rank line.
//!
//! The forms:
//! - **A square** (the guided walk): a piece with its colour in either order ("weiß Springer", "Springer
//!   weiß", "weißer Springer"), a FEN letter (`N` white, `n` black; the vocabulary's letters too: `S`, `s`),
//!   or an empty word ("leer", "empty", `-`, `.`).
//! - **A rank** from the a-file to the h-file: piece words need a colour, and a colour word holds for the
//!   pieces after it until the next one ("weiß Turm Springer Läufer Dame König leer leer Turm"); FEN letters
//!   carry their colour; a digit is that many empty squares (FEN: `rnbqk2r`, `R 3 K 2 R`), also before an
//!   empty word ("3 leer"). A word of FEN letters and digits only is read as FEN ("kn" is a black king
//!   and a black knight, not the beginning of "knight"). It must make 8 squares.
//! - **Piece lists**: a colour word starts a side, a piece word the piece, then its squares ("weiß König
//!   Gustav eins, Turm Felix eins Anna eins; schwarz König Gustav acht"); written squares (`g1`) and
//!   pieces with squares (`Kg1`, `Sf3`) also do. Only the sides named are described.
//! - **FEN**: the placement field of a FEN (the rest is ignored).

mod forms;
mod lexicon;
mod reading;

#[cfg(test)]
mod tests;

pub use forms::Asked;
pub use reading::BoardWords;

use shakmaty::{Board, Role, Square};

use crate::words::phrases::Phrases;
use crate::words::quote::quote;
use crate::words::vocabulary::Vocabulary;

/// Why a description could not be read. Nothing is taken from a description that has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardTextError {
    /// A word hector does not know.
    Unknown(String),
    /// A beginning of several words.
    Ambiguous {
        word: String,
        candidates: Vec<String>,
    },
    /// A word that is known but has no place here ("eins" in a rank line).
    OutOfPlace(String),
    /// A piece word without a colour.
    NoColour(Role),
    /// A rank that does not make 8 squares.
    RankCount(usize),
    /// Nothing at all.
    Nothing,
    /// A square answer with more than one piece.
    TwoPieces(String),
    /// A square in a piece list before any piece.
    NoPiece(Square),
    /// The same square twice in piece lists.
    Twice(Square),
    /// Not a FEN placement.
    BadFen(String),
}

/// The placement field of a FEN.
pub fn fen_board(text: &str) -> Result<Board, BoardTextError> {
    let field = text
        .split_whitespace()
        .next()
        .ok_or(BoardTextError::Nothing)?;
    field
        .parse::<Board>()
        .map_err(|_| BoardTextError::BadFen(quote(field)))
}

/// The reason a description was refused, in the player's words.
pub fn explain(v: &Vocabulary, p: &Phrases, words: &BoardWords, e: &BoardTextError) -> String {
    match e {
        BoardTextError::Unknown(w) => p.say("board_text.unknown", &[("word", w)]),
        BoardTextError::Ambiguous { word, candidates } => {
            let list = match candidates.as_slice() {
                [rest @ .., last] if !rest.is_empty() => {
                    format!("{} {} {}", rest.join(", "), p.get("input.or"), last)
                }
                _ => candidates.join(", "),
            };
            p.say(
                "board_text.ambiguous",
                &[("word", word), ("candidates", &list)],
            )
        }
        BoardTextError::OutOfPlace(w) => p.say("board_text.out_of_place", &[("word", w)]),
        BoardTextError::NoColour(r) => p.say(
            "board_text.no_colour",
            &[
                ("piece", v.piece(*r)),
                ("white", words.white()),
                ("black", words.black()),
            ],
        ),
        BoardTextError::RankCount(n) => {
            p.say("board_text.rank_count", &[("count", &n.to_string())])
        }
        BoardTextError::Nothing => p.say("board_text.nothing", &[("empty", words.empty())]),
        BoardTextError::TwoPieces(t) => p.say("board_text.two_pieces", &[("text", t)]),
        BoardTextError::NoPiece(sq) => p.say("board_text.no_piece", &[("square", &v.square(*sq))]),
        BoardTextError::Twice(sq) => p.say("board_text.twice", &[("square", &v.square(*sq))]),
        BoardTextError::BadFen(t) => p.say("board_text.bad_fen", &[("text", t)]),
    }
}
