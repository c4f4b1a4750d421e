//! A tactile board described in words (the board check, R-D.2.9): one square's answer, a rank in one line,
//! piece lists per side, or a FEN. Words come from the vocabulary (pieces, files, ranks, aliases, the
//! `board` words for colours and "empty") and the UI language's phrase table (`words.white`, `words.black`,
//! `words.empty`); case and accents never matter; an unambiguous beginning of a word is enough ("Spr",
//! "schw"). A word that cannot be read is named back, never guessed.
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

use shakmaty::{Board, Color, File, Piece, Rank, Role, Square};

use super::normalize::{fold, fold_german};
use super::phrases::Phrases;
use super::vocabulary::Vocabulary;

/// Longest text said back to the player.
const QUOTE_LIMIT: usize = 40;

/// `text` made safe to say back: control characters escaped, at most 40 characters.
pub fn quote(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == QUOTE_LIMIT {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

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

/// What a word stands for in a description.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cat {
    Colour(Color),
    Empty,
    Role(Role),
    File(File),
    Rank(Rank),
}

/// One word of a description, read.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Colour(Color),
    Empty,
    Role(Role),
    /// A letter that carries its colour (FEN `N`/`n`).
    Piece(Piece),
    File(File),
    Rank(Rank),
    /// A digit 1 to 8 (a rank, or a number of empty squares).
    Digit(u8),
    Square(Square),
    /// A written piece and square: `Kg1`.
    RoleSquare(Role, Square),
    /// A FEN rank run: `rnbqk2r`.
    Run(Vec<Option<Piece>>),
}

/// The words a description is read with: the vocabulary's and the UI language's.
pub struct BoardWords {
    /// (folded spelling, category, word as shown)
    entries: Vec<(String, Cat, String)>,
    /// Notation letters (the vocabulary's and SAN's): letter → role.
    letters: Vec<(char, Role)>,
    white: String,
    black: String,
    empty: String,
}

fn list(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').map(str::trim).filter(|w| !w.is_empty())
}

const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

impl BoardWords {
    pub fn new(v: &Vocabulary, p: &Phrases) -> BoardWords {
        let mut plain: Vec<(String, Cat)> = Vec::new();
        for role in ROLES {
            plain.push((v.piece(role).to_string(), Cat::Role(role)));
        }
        for (i, w) in v.files.iter().enumerate() {
            plain.push((w.clone(), Cat::File(File::new(i as u32))));
        }
        for (i, w) in v.ranks.iter().enumerate() {
            plain.push((w.clone(), Cat::Rank(Rank::new(i as u32))));
        }
        let known = plain.clone();
        for (alias, target) in &v.aliases {
            if let Some((_, cat)) = known.iter().find(|(w, _)| w == target) {
                plain.push((alias.clone(), *cat));
            }
        }
        let colour_words = |c: Color| {
            let (mine, key) = match c {
                Color::White => (&v.board.white, "words.white"),
                Color::Black => (&v.board.black, "words.black"),
            };
            mine.iter()
                .map(String::as_str)
                .chain(list(p.get(key)))
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        let white = colour_words(Color::White);
        let black = colour_words(Color::Black);
        let empty: Vec<String> = v
            .board
            .empty
            .iter()
            .map(String::as_str)
            .chain(list(p.get("words.empty")))
            .map(str::to_string)
            .collect();
        for w in &white {
            plain.push((w.clone(), Cat::Colour(Color::White)));
        }
        for w in &black {
            plain.push((w.clone(), Cat::Colour(Color::Black)));
        }
        for w in &empty {
            plain.push((w.clone(), Cat::Empty));
        }
        let mut entries: Vec<(String, Cat, String)> = Vec::new();
        for (shown, cat) in plain {
            for folded in [fold(&shown), fold_german(&shown)] {
                if !entries.iter().any(|(f, c, _)| *f == folded && *c == cat) {
                    entries.push((folded, cat, shown.clone()));
                }
            }
        }
        let n = &v.notation.pieces;
        let mut letters: Vec<(char, Role)> = Vec::new();
        for (letter, role) in [
            ('K', Role::King),
            ('Q', Role::Queen),
            ('R', Role::Rook),
            ('B', Role::Bishop),
            ('N', Role::Knight),
            ('P', Role::Pawn),
        ]
        .into_iter()
        .chain(
            [
                (&n.king, Role::King),
                (&n.queen, Role::Queen),
                (&n.rook, Role::Rook),
                (&n.bishop, Role::Bishop),
                (&n.knight, Role::Knight),
            ]
            .into_iter()
            .filter_map(|(l, r)| l.chars().next().map(|c| (c, r))),
        ) {
            // The first meaning of a letter stands (SAN's); a vocabulary letter that means another piece
            // in SAN is not taken.
            if !letters.iter().any(|(c, _)| *c == letter) {
                letters.push((letter, role));
            }
        }
        BoardWords {
            entries,
            letters,
            white: white.first().cloned().unwrap_or_default(),
            black: black.first().cloned().unwrap_or_default(),
            empty: empty.first().cloned().unwrap_or_default(),
        }
    }

    /// The first word for white, black and an empty square (for questions: "say weiß or schwarz").
    pub fn white(&self) -> &str {
        &self.white
    }
    pub fn black(&self) -> &str {
        &self.black
    }
    pub fn empty(&self) -> &str {
        &self.empty
    }

    fn letter(&self, c: char) -> Option<Piece> {
        let upper: Vec<char> = c.to_uppercase().collect();
        let is_upper = upper == [c];
        let key = if is_upper { c } else { *upper.first()? };
        if !is_upper && c.to_lowercase().next() != Some(c) {
            return None;
        }
        let role = self.letters.iter().find(|(l, _)| *l == key)?.1;
        Some(Piece {
            color: if is_upper { Color::White } else { Color::Black },
            role,
        })
    }

    fn written_square(&self, v: &Vocabulary, word: &str) -> Option<Square> {
        let t: String = super::spoken::transliterate(v, word).to_lowercase();
        t.parse::<Square>().ok().filter(|_| t.len() == 2)
    }

    fn word(&self, word: &str) -> Result<Cat, BoardTextError> {
        let (a, b) = (fold(word), fold_german(word));
        let exact: Vec<&(String, Cat, String)> = self
            .entries
            .iter()
            .filter(|(f, _, _)| *f == a || *f == b)
            .collect();
        let found = if exact.is_empty() {
            self.entries
                .iter()
                .filter(|(f, _, _)| {
                    a.chars().count() >= 2 && (f.starts_with(&a) || f.starts_with(&b))
                })
                .collect()
        } else {
            exact
        };
        let mut cats: Vec<Cat> = found.iter().map(|(_, c, _)| *c).collect();
        cats.dedup();
        cats.sort_by_key(|c| format!("{c:?}"));
        cats.dedup();
        match cats.as_slice() {
            [] => Err(BoardTextError::Unknown(quote(word))),
            [one] => Ok(*one),
            _ => {
                let mut shown: Vec<String> = found.iter().map(|(_, _, s)| s.clone()).collect();
                shown.sort();
                shown.dedup();
                Err(BoardTextError::Ambiguous {
                    word: quote(word),
                    candidates: shown,
                })
            }
        }
    }

    /// Reads the words; `rank_line`: a word of FEN letters and digits is a FEN run ("b2" is a bishop and two
    /// empty squares, "kn" a king and a knight), elsewhere never.
    fn tokens(
        &self,
        v: &Vocabulary,
        text: &str,
        rank_line: bool,
    ) -> Result<Vec<(Token, String)>, BoardTextError> {
        let mut out = Vec::new();
        for raw in text.split(|c: char| {
            c.is_whitespace() || matches!(c, ',' | ';' | ':' | '!' | '?' | '(' | ')')
        }) {
            let word = if raw.chars().count() > 1 {
                raw.trim_end_matches('.')
            } else {
                raw
            };
            if word.is_empty() {
                continue;
            }
            let chars: Vec<char> = word.chars().collect();
            let token = if matches!(word, "-" | "." | "_") {
                Token::Empty
            } else if chars.len() == 1
                && chars[0].is_ascii_digit()
                && ('1'..='8').contains(&chars[0])
            {
                Token::Digit(chars[0] as u8 - b'0')
            } else if chars.len() == 1
                && let Some(p) = self.letter(chars[0])
            {
                Token::Piece(p)
            } else if rank_line
                && chars.len() >= 2
                && let Some(run) = self.run(&chars)
            {
                Token::Run(run)
            } else if let Some(sq) = self.written_square(v, word) {
                Token::Square(sq)
            } else if chars.len() == 3
                && let Some(p) = self.letter(chars[0]).filter(|p| p.color == Color::White)
                && let Some(sq) = self.written_square(v, &word[chars[0].len_utf8()..])
            {
                Token::RoleSquare(p.role, sq)
            } else {
                match self.word(word)? {
                    Cat::Colour(c) => Token::Colour(c),
                    Cat::Empty => Token::Empty,
                    Cat::Role(r) => Token::Role(r),
                    Cat::File(f) => Token::File(f),
                    Cat::Rank(r) => Token::Rank(r),
                }
            };
            out.push((token, quote(word)));
        }
        Ok(out)
    }

    /// A FEN rank run: only FEN letters and digits, with at least one letter.
    fn run(&self, chars: &[char]) -> Option<Vec<Option<Piece>>> {
        let mut out = Vec::new();
        for &c in chars {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                out.extend(std::iter::repeat_n(None, d as usize));
            } else {
                let p = Piece::from_char(c)?;
                out.push(Some(p));
            }
        }
        out.iter().any(Option::is_some).then_some(out)
    }

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
                Token::RoleSquare(r, sq) => {
                    role = Some(*r);
                    place(&mut board, *sq, colour, role)?;
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
    /// `fillers` ("is", "there", "a", "on" ...) are left out.
    pub fn question(
        &self,
        v: &Vocabulary,
        text: &str,
        fillers: &[String],
    ) -> Result<(Square, Asked), BoardTextError> {
        let folded: Vec<String> = fillers.iter().map(|f| fold(f)).collect();
        let kept: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '!' | '?'))
            .filter(|w| !w.is_empty() && !folded.contains(&fold(w)))
            .collect();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn words(voc: &str, lang: &str) -> (Vocabulary, Phrases, BoardWords) {
        let v = Vocabulary::builtin(voc).unwrap();
        let p = Phrases::builtin(lang).unwrap();
        let w = BoardWords::new(&v, &p);
        (v, p, w)
    }

    fn pc(c: char) -> Option<Piece> {
        Piece::from_char(c)
    }

    fn rank_fen(r: &[Option<Piece>; 8]) -> String {
        r.iter().map(|p| p.map_or('.', |p| p.char())).collect()
    }

    #[test]
    fn square_answers_in_every_vocabulary() {
        let (v, _, w) = words("appendix-d", "de");
        assert_eq!(w.square(&v, "weiß Springer"), Ok(pc('N')));
        assert_eq!(w.square(&v, "Springer weiss"), Ok(pc('N')));
        assert_eq!(w.square(&v, "schwarzer Läufer"), Ok(pc('b')));
        assert_eq!(w.square(&v, "SCHWARZE dame"), Ok(pc('q')));
        assert_eq!(w.square(&v, "schw spr"), Ok(pc('n')));
        assert_eq!(w.square(&v, "leer"), Ok(None));
        assert_eq!(w.square(&v, "-"), Ok(None));
        assert_eq!(w.square(&v, "n"), Ok(pc('n')));
        assert_eq!(w.square(&v, "S"), Ok(pc('N')), "German letter");
        assert_eq!(w.square(&v, "s"), Ok(pc('n')));
        assert_eq!(w.square(&v, "Koenig weiß"), Ok(pc('K')));
        assert_eq!(
            w.square(&v, "Springer"),
            Err(BoardTextError::NoColour(Role::Knight))
        );
        assert_eq!(
            w.square(&v, "weiß Springer Läufer"),
            Err(BoardTextError::TwoPieces("weiß Springer Läufer".into()))
        );
        assert_eq!(
            w.square(&v, "Elefant"),
            Err(BoardTextError::Unknown("Elefant".into()))
        );
        assert_eq!(w.square(&v, ""), Err(BoardTextError::Nothing));
        // English vocabulary, English UI.
        let (v, _, w) = words("english", "en");
        assert_eq!(w.square(&v, "white knight"), Ok(pc('N')));
        assert_eq!(w.square(&v, "black pawn"), Ok(pc('p')));
        assert_eq!(w.square(&v, "empty"), Ok(None));
        assert_eq!(w.square(&v, "w kn"), Ok(pc('N')));
        // Greek.
        let (v, _, w) = words("greek", "el");
        assert_eq!(w.square(&v, "λευκός ίππος"), Ok(pc('N')));
        assert_eq!(w.square(&v, "μαύρη Βασίλισσα"), Ok(pc('q')));
        assert_eq!(w.square(&v, "κενό"), Ok(None));
        assert_eq!(w.square(&v, "Ι"), Ok(pc('N')), "Greek letter");
        // Appendix D words with the English UI: both "leer" and "empty".
        let (v, _, w) = words("appendix-d", "en");
        assert_eq!(w.square(&v, "empty"), Ok(None));
        assert_eq!(w.square(&v, "leer"), Ok(None));
        assert_eq!(w.square(&v, "white Turm"), Ok(pc('R')));
    }

    #[test]
    fn unknown_and_ambiguous_words_are_named_back_safely() {
        let (v, p, w) = words("appendix-d", "en");
        let e = w.square(&v, "weiß Sp\u{7}x").unwrap_err();
        assert_eq!(e, BoardTextError::Unknown("Sp\\u{7}x".into()));
        let said = explain(&v, &p, &w, &e);
        assert!(!said.chars().any(char::is_control), "{said}");
        assert!(said.contains("Sp\\u{7}x"), "{said}");
        // "Da" begins Dame and David.
        let e = w.rank(&v, "weiß Da Turm").unwrap_err();
        match &e {
            BoardTextError::Ambiguous { word, candidates } => {
                assert_eq!(word, "Da");
                assert!(
                    candidates.contains(&"Dame".to_string())
                        && candidates.contains(&"David".to_string())
                );
            }
            other => panic!("{other:?}"),
        }
        assert!(explain(&v, &p, &w, &e).contains("Dame"));
        let long = "x".repeat(500);
        match w.square(&v, &long).unwrap_err() {
            BoardTextError::Unknown(q) => assert!(q.chars().count() <= 41),
            other => panic!("{other:?}"),
        }
        let e = w.square(&v, "Springer").unwrap_err();
        assert_eq!(
            explain(&v, &p, &w, &e),
            "Which colour is the Springer? Say weiß or schwarz before it"
        );
    }

    #[test]
    fn ranks_in_one_line() {
        let (v, _, w) = words("appendix-d", "de");
        let r = w
            .rank(&v, "weiß Turm Springer Läufer Dame König leer leer Turm")
            .unwrap();
        assert_eq!(rank_fen(&r), "RNBQK..R");
        let r = w
            .rank(&v, "schwarz Turm 3 leer König Läufer weiß Springer leer")
            .unwrap();
        assert_eq!(rank_fen(&r), "r...kbN.");
        let r = w.rank(&v, "rnbqk2r").unwrap();
        assert_eq!(rank_fen(&r), "rnbqk..r");
        let r = w.rank(&v, "R 3 K 2 R").unwrap();
        assert_eq!(rank_fen(&r), "R...K..R");
        // In a rank line "b2" is a black bishop and two empty squares, not a square.
        let r = w.rank(&v, "b2 p p 1 P Q").unwrap();
        assert_eq!(rank_fen(&r), "b..pp.PQ");
        assert_eq!(
            w.rank(&v, "Turm Springer Läufer Dame König leer leer Turm"),
            Err(BoardTextError::NoColour(Role::Rook))
        );
        assert_eq!(
            w.rank(&v, "weiß Turm Springer"),
            Err(BoardTextError::RankCount(2))
        );
        assert_eq!(w.rank(&v, "8"), Ok([None; 8]));
        assert_eq!(
            w.rank(&v, "weiß Turm eins"),
            Err(BoardTextError::OutOfPlace("eins".into()))
        );
        assert_eq!(w.rank(&v, ""), Err(BoardTextError::Nothing));
        let (v, _, w) = words("english", "en");
        let r = w
            .rank(&v, "black rook knight bishop queen king bishop knight rook")
            .unwrap();
        assert_eq!(rank_fen(&r), "rnbqkbnr");
        let (v, _, w) = words("greek", "el");
        let r = w
            .rank(&v, "λευκά Πύργος κενό κενό κενό Βασιλιάς κενό κενό Πύργος")
            .unwrap();
        assert_eq!(rank_fen(&r), "R...K..R");
    }

    #[test]
    fn piece_lists_per_side() {
        let (v, _, w) = words("appendix-d", "de");
        let (b, sides) = w
            .piece_lists(
                &v,
                "weiß König Gustav eins, Turm Felix eins, Bauer Anna zwei Bella 2; schwarz König Gustav acht, Springer f6",
            )
            .unwrap();
        assert_eq!(b.board_fen().to_string(), "6k1/8/5n2/8/8/8/PP6/5RK1");
        assert_eq!(sides, vec![Color::White, Color::Black]);
        let (b, sides) = w.piece_lists(&v, "weiß Kg1 Tf1 Sf3 Bauer e4").unwrap();
        assert_eq!(b.board_fen().to_string(), "8/8/8/8/4P3/5N2/8/5RK1");
        assert_eq!(sides, vec![Color::White]);
        assert_eq!(
            w.piece_lists(&v, "weiß Gustav eins"),
            Err(BoardTextError::NoPiece(Square::G1))
        );
        assert_eq!(
            w.piece_lists(&v, "König Gustav eins"),
            Err(BoardTextError::NoColour(Role::King))
        );
        assert_eq!(
            w.piece_lists(&v, "weiß König g1 Dame g1"),
            Err(BoardTextError::Twice(Square::G1))
        );
        assert_eq!(
            w.piece_lists(&v, "weiß König Gustav"),
            Err(BoardTextError::OutOfPlace("Gustav".into()))
        );
        let (v, _, w) = words("greek", "el");
        let (b, _) = w
            .piece_lists(&v, "λευκά Βασιλιάς ζήτα ένα μαύρα Ίππος ε5")
            .unwrap();
        assert_eq!(b.board_fen().to_string(), "8/8/8/4n3/8/8/8/5K2");
    }

    #[test]
    fn quick_questions() {
        let (v, p, w) = words("appendix-d", "en");
        let fillers: Vec<String> = list(p.get("words.filler")).map(str::to_string).collect();
        assert_eq!(
            w.question(&v, "is there a Springer on Felix drei?", &fillers),
            Ok((
                Square::F3,
                Asked::Piece {
                    role: Role::Knight,
                    color: None
                }
            ))
        );
        assert_eq!(
            w.question(&v, "Felix drei schwarzer Springer", &fillers),
            Ok((
                Square::F3,
                Asked::Piece {
                    role: Role::Knight,
                    color: Some(Color::Black)
                }
            ))
        );
        assert_eq!(
            w.question(&v, "e4 empty", &fillers),
            Ok((Square::E4, Asked::Empty))
        );
        assert_eq!(
            w.question(&v, "Sf3", &fillers),
            Ok((
                Square::F3,
                Asked::Piece {
                    role: Role::Knight,
                    color: None
                }
            ))
        );
        assert_eq!(
            w.question(&v, "is there a Springer", &fillers),
            Err(BoardTextError::Nothing)
        );
        let (v, p, w) = words("appendix-d", "de");
        let fillers: Vec<String> = list(p.get("words.filler")).map(str::to_string).collect();
        assert_eq!(
            w.question(&v, "steht ein Springer auf Felix drei", &fillers),
            Ok((
                Square::F3,
                Asked::Piece {
                    role: Role::Knight,
                    color: None
                }
            ))
        );
        assert_eq!(w.rank_word(&v, "drei"), Some(Rank::Third));
        assert_eq!(w.rank_word(&v, "3"), Some(Rank::Third));
        assert_eq!(w.rank_word(&v, "fuenf"), Some(Rank::Fifth));
        assert_eq!(w.rank_word(&v, "Turm"), None);
    }

    #[test]
    fn fen_boards() {
        assert_eq!(
            fen_board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
                .parse()
                .unwrap()
        );
        assert_eq!(
            fen_board("8/8/9"),
            Err(BoardTextError::BadFen("8/8/9".into()))
        );
        assert_eq!(fen_board("  "), Err(BoardTextError::Nothing));
    }
}
