//! The forms of a description: one square, a rank, piece lists per side, and a quick question about a square.

use shakmaty::{Board, Color, Piece, Rank, Role, Square};

use crate::words::normalize::fold;
use crate::words::quote::quote;
use crate::words::vocabulary::Vocabulary;

use super::BoardTextError;
use super::lexicon::Token;
use super::reading::BoardWords;

impl BoardWords {
    /// One square of the guided walk: `None` for an empty square.
    pub fn square(&self, v: &Vocabulary, text: &str) -> Result<Option<Piece>, BoardTextError> {
        let tokens = self.tokens(v, text, false)?;
        let mut colour = None;
        let mut role = None;
        let mut piece = None;
        let mut empty = false;
        for (t, word) in &tokens {
            match t {
                Token::Colour(c) if colour.is_none() => colour = Some(*c),
                Token::Role(r) if role.is_none() && piece.is_none() => role = Some(*r),
                Token::Piece(p) if role.is_none() && piece.is_none() => piece = Some(*p),
                Token::Empty if !empty => empty = true,
                Token::Colour(_) | Token::Role(_) | Token::Piece(_) | Token::Empty => {
                    return Err(BoardTextError::TwoPieces(quote(text.trim())));
                }
                _ => return Err(BoardTextError::OutOfPlace(word.clone())),
            }
        }
        if empty {
            return if role.is_none() && piece.is_none() && colour.is_none() {
                Ok(None)
            } else {
                Err(BoardTextError::TwoPieces(quote(text.trim())))
            };
        }
        match (piece, role, colour) {
            (Some(p), None, None) => Ok(Some(p)),
            (Some(p), None, Some(c)) if c == p.color => Ok(Some(p)),
            (Some(_), None, Some(_)) => Err(BoardTextError::TwoPieces(quote(text.trim()))),
            (None, Some(r), Some(c)) => Ok(Some(Piece { color: c, role: r })),
            (None, Some(r), None) => Err(BoardTextError::NoColour(r)),
            _ => Err(BoardTextError::Nothing),
        }
    }

    /// A rank, a-file to h-file.
    pub fn rank(&self, v: &Vocabulary, text: &str) -> Result<[Option<Piece>; 8], BoardTextError> {
        let tokens = self.tokens(v, text, true)?;
        if tokens.is_empty() {
            return Err(BoardTextError::Nothing);
        }
        let mut squares: Vec<Option<Piece>> = Vec::new();
        let mut colour = None;
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i].0 {
                Token::Colour(c) => colour = Some(*c),
                Token::Empty => squares.push(None),
                Token::Digit(n) => {
                    squares.extend(std::iter::repeat_n(None, usize::from(*n)));
                    // "3 leer": the empty word belongs to the count.
                    if matches!(tokens.get(i + 1), Some((Token::Empty, _))) {
                        i += 1;
                    }
                }
                Token::Piece(p) => squares.push(Some(*p)),
                Token::Run(run) => squares.extend(run.iter().copied()),
                Token::Role(r) => match colour {
                    Some(c) => squares.push(Some(Piece { color: c, role: *r })),
                    None => return Err(BoardTextError::NoColour(*r)),
                },
                _ => return Err(BoardTextError::OutOfPlace(tokens[i].1.clone())),
            }
            i += 1;
        }
        <[Option<Piece>; 8]>::try_from(squares.as_slice())
            .map_err(|_| BoardTextError::RankCount(squares.len()))
    }

    /// Piece lists: the board they describe and the sides they name (the other side is not described).
    pub fn piece_lists(
        &self,
        v: &Vocabulary,
        text: &str,
    ) -> Result<(Board, Vec<Color>), BoardTextError> {
        let tokens = self.tokens(v, text, false)?;
        if tokens.is_empty() {
            return Err(BoardTextError::Nothing);
        }
        let mut board = Board::empty();
        let mut sides = Vec::new();
        let mut colour: Option<Color> = None;
        let mut role: Option<Role> = None;
        let mut i = 0;
        let mut place =
            |board: &mut Board, sq: Square, colour: Option<Color>, role: Option<Role>| {
                let Some(role) = role else {
                    return Err(BoardTextError::NoPiece(sq));
                };
                let Some(color) = colour else {
                    return Err(BoardTextError::NoColour(role));
                };
                if board.piece_at(sq).is_some() {
                    return Err(BoardTextError::Twice(sq));
                }
                board.set_piece_at(sq, Piece { color, role });
                if !sides.contains(&color) {
                    sides.push(color);
                }
                Ok(())
            };
        while i < tokens.len() {
            match &tokens[i].0 {
                Token::Colour(c) => {
                    colour = Some(*c);
                    role = None;
                }
                Token::Role(r) => role = Some(*r),
                Token::Piece(p) => {
                    colour = Some(p.color);
                    role = Some(p.role);
                }
                Token::Square(sq) => place(&mut board, *sq, colour, role)?,
                // A piece letter glued to its square (`Ke1`, SAN) names that one piece: a bare square after it
                // ("Ke1 e2") is not taken as a second one of the same kind but asked about (NoPiece), never
                // guessed. A piece word before several squares ("Bauer Anna zwei Bella zwei") names them all.
                Token::RoleSquare(r, sq) => {
                    place(&mut board, *sq, colour, Some(*r))?;
                    role = None;
                }
                Token::File(f) => {
                    let rank = match tokens.get(i + 1) {
                        Some((Token::Rank(r), _)) => *r,
                        Some((Token::Digit(d), _)) => Rank::new(u32::from(*d) - 1),
                        _ => return Err(BoardTextError::OutOfPlace(tokens[i].1.clone())),
                    };
                    place(&mut board, Square::from_coords(*f, rank), colour, role)?;
                    i += 1;
                }
                _ => return Err(BoardTextError::OutOfPlace(tokens[i].1.clone())),
            }
            i += 1;
        }
        if sides.is_empty() {
            return Err(BoardTextError::Nothing);
        }
        Ok((board, sides))
    }
}

/// What a quick question asks about a square: "is there a Springer on Felix drei?".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked {
    /// Is it empty?
    Empty,
    /// Does this piece stand there (of this colour, when one is said)?
    Piece { role: Role, color: Option<Color> },
}

impl BoardWords {
    /// A rank said as a word of the vocabulary (or an alias, or a beginning of one) or a digit 1 to 8.
    pub fn rank_word(&self, v: &Vocabulary, word: &str) -> Option<Rank> {
        match self.tokens(v, word, false).ok()?.as_slice() {
            [(Token::Rank(r), _)] => Some(*r),
            [(Token::Digit(d), _)] => Some(Rank::new(u32::from(*d) - 1)),
            _ => None,
        }
    }

    /// A quick question: a square and a piece (colour optional) or an empty word, in any order; the
    /// `fillers` ("is", "there", "a", "on" ...) are left out, and so are those of every built-in UI language
    /// that are no board word anywhere ("is there a Springer on Felix drei" with the German UI); a file letter
    /// before a rank word is a square even where it is a filler ("a drei").
    pub fn question(
        &self,
        v: &Vocabulary,
        text: &str,
        fillers: &[String],
    ) -> Result<(Square, Asked), BoardTextError> {
        let folded: Vec<String> = fillers.iter().map(|f| fold(f)).collect();
        let said: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '!' | '?'))
            .filter(|w| !w.is_empty())
            .collect();
        let mut kept: Vec<&str> = Vec::new();
        for (i, w) in said.iter().enumerate() {
            let f = fold(w);
            let filler = folded.contains(&f) || self.others.fillers.contains(&f);
            // A file letter before a rank word is a square ("a drei"), even where "a" is a filler.
            let square = w.chars().count() == 1
                && w.chars()
                    .next()
                    .and_then(|c| self.file_letter(v, c))
                    .is_some()
                && said.get(i + 1).and_then(|n| self.rank_of(n)).is_some();
            if !filler || square {
                kept.push(w);
            }
        }
        let tokens = self.tokens(v, &kept.join(" "), false)?;
        let mut square = None;
        let mut colour = None;
        let mut role = None;
        let mut empty = false;
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i].0 {
                Token::Square(sq) if square.is_none() => square = Some(*sq),
                Token::File(f) if square.is_none() => {
                    let r = match tokens.get(i + 1) {
                        Some((Token::Rank(r), _)) => *r,
                        Some((Token::Digit(d), _)) => Rank::new(u32::from(*d) - 1),
                        _ => return Err(BoardTextError::OutOfPlace(tokens[i].1.clone())),
                    };
                    square = Some(Square::from_coords(*f, r));
                    i += 1;
                }
                Token::RoleSquare(r, sq) if square.is_none() && role.is_none() => {
                    role = Some(*r);
                    square = Some(*sq);
                }
                Token::Colour(c) if colour.is_none() => colour = Some(*c),
                Token::Role(r) if role.is_none() => role = Some(*r),
                Token::Piece(p) if role.is_none() && colour.is_none() => {
                    role = Some(p.role);
                    colour = Some(p.color);
                }
                Token::Empty if !empty => empty = true,
                _ => return Err(BoardTextError::OutOfPlace(tokens[i].1.clone())),
            }
            i += 1;
        }
        let Some(square) = square else {
            return Err(BoardTextError::Nothing);
        };
        match (role, empty) {
            (Some(role), false) => Ok((
                square,
                Asked::Piece {
                    role,
                    color: colour,
                },
            )),
            (None, true) if colour.is_none() => Ok((square, Asked::Empty)),
            (None, false) => Err(BoardTextError::Nothing),
            _ => Err(BoardTextError::TwoPieces(quote(text.trim()))),
        }
    }
}
