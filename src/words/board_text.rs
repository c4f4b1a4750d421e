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

use std::sync::OnceLock;

use shakmaty::{Board, Color, File, Piece, Rank, Role, Square};

use super::normalize::{fold, fold_german};
use super::phrases::Phrases;
use super::quote::quote;
use super::vocabulary::Vocabulary;

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

/// One word of the table: its folded spelling, what it stands for, and the word as shown (named back).
#[derive(Debug, Clone)]
struct Entry {
    folded: String,
    cat: Cat,
    shown: String,
}

/// The words of every built-in vocabulary and UI language, read once (from the files embedded in the
/// program) and shared by every description.
#[derive(Debug)]
struct Others {
    entries: Vec<Entry>,
    /// For written squares in their letters (`ε5`).
    vocabularies: Vec<Vocabulary>,
    /// Piece letters of every built-in vocabulary that mean one piece in all of them and none other in SAN
    /// (`S`, `T`, `L`, `D`, `Ρ` ...), for a written piece and square (`Sf3`) with any vocabulary.
    letters: Vec<(char, Role)>,
    /// Notation file letters of every built-in vocabulary (`f`, `ζ`), for "f three".
    files: Vec<(char, File)>,
    /// The filler words of quick questions in every built-in UI language ("is there a ... on"), folded;
    /// none that is a board word anywhere.
    fillers: Vec<String>,
}

fn others() -> &'static Others {
    static OTHERS: OnceLock<Others> = OnceLock::new();
    OTHERS.get_or_init(|| {
        let vocabularies: Vec<Vocabulary> = super::vocabulary::BUILTIN
            .iter()
            .filter_map(|(name, _)| Vocabulary::builtin(name))
            .collect();
        let languages: Vec<Phrases> = super::phrases::BUILTIN
            .iter()
            .filter_map(|(lang, _)| Phrases::builtin(lang))
            .collect();
        let mut plain = Vec::new();
        for v in &vocabularies {
            vocabulary_words(v, &mut plain);
        }
        for p in &languages {
            phrase_words(p, &mut plain);
        }
        let mut letters: Vec<(char, Role)> = Vec::new();
        let mut clashes: Vec<char> = Vec::new();
        for v in &vocabularies {
            for (c, role) in vocabulary_letters(v) {
                let san = SAN_LETTERS.iter().find(|(l, _)| *l == c).map(|(_, r)| *r);
                match letters.iter().find(|(l, _)| *l == c) {
                    _ if san.is_some_and(|r| r != role) => clashes.push(c),
                    Some((_, r)) if *r != role => clashes.push(c),
                    Some(_) => {}
                    None => letters.push((c, role)),
                }
            }
        }
        letters.retain(|(c, _)| !clashes.contains(c));
        let mut files: Vec<(char, File)> = Vec::new();
        for v in &vocabularies {
            for (i, f) in v.notation.files.iter().enumerate() {
                if let Some(c) = f.chars().next()
                    && !files.iter().any(|(l, _)| *l == c)
                {
                    files.push((c, File::new(i as u32)));
                }
            }
        }
        let entries = fold_entries(plain);
        let mut fillers: Vec<String> = Vec::new();
        for p in &languages {
            for f in list(p.get("words.filler")).map(fold) {
                if !entries.iter().any(|e| e.folded == f) && !fillers.contains(&f) {
                    fillers.push(f);
                }
            }
        }
        Others {
            entries,
            fillers,
            vocabularies,
            letters,
            files,
        }
    })
}

/// The letters of SAN and FEN (white; lower case is black).
const SAN_LETTERS: [(char, Role); 6] = [
    ('K', Role::King),
    ('Q', Role::Queen),
    ('R', Role::Rook),
    ('B', Role::Bishop),
    ('N', Role::Knight),
    ('P', Role::Pawn),
];

fn vocabulary_letters(v: &Vocabulary) -> impl Iterator<Item = (char, Role)> + '_ {
    let n = &v.notation.pieces;
    [
        (&n.king, Role::King),
        (&n.queen, Role::Queen),
        (&n.rook, Role::Rook),
        (&n.bishop, Role::Bishop),
        (&n.knight, Role::Knight),
    ]
    .into_iter()
    .filter_map(|(l, r)| l.chars().next().map(|c| (c, r)))
}

/// A vocabulary's words: pieces, files, ranks, their aliases, and its colour and empty words.
fn vocabulary_words(v: &Vocabulary, plain: &mut Vec<(String, Cat)>) {
    let start = plain.len();
    for role in ROLES {
        plain.push((v.piece(role).to_string(), Cat::Role(role)));
    }
    for (i, w) in v.files.iter().enumerate() {
        plain.push((w.clone(), Cat::File(File::new(i as u32))));
    }
    for (i, w) in v.ranks.iter().enumerate() {
        plain.push((w.clone(), Cat::Rank(Rank::new(i as u32))));
    }
    let known = plain[start..].to_vec();
    for (alias, target) in &v.aliases {
        if let Some((_, cat)) = known.iter().find(|(w, _)| w == target) {
            plain.push((alias.clone(), *cat));
        }
    }
    for (words, cat) in [
        (&v.board.white, Cat::Colour(Color::White)),
        (&v.board.black, Cat::Colour(Color::Black)),
        (&v.board.empty, Cat::Empty),
    ] {
        plain.extend(words.iter().map(|w| (w.clone(), cat)));
    }
}

/// A UI language's colour and empty words (`words.white`, `words.black`, `words.empty`).
fn phrase_words(p: &Phrases, plain: &mut Vec<(String, Cat)>) {
    for (key, cat) in [
        ("words.white", Cat::Colour(Color::White)),
        ("words.black", Cat::Colour(Color::Black)),
        ("words.empty", Cat::Empty),
    ] {
        plain.extend(list(p.get(key)).map(|w| (w.to_string(), cat)));
    }
}

/// Each word under both foldings ("weiß": "weiß" and "weiss"), once per meaning.
fn fold_entries(plain: Vec<(String, Cat)>) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    for (shown, cat) in plain {
        for folded in [fold(&shown), fold_german(&shown)] {
            if !entries.iter().any(|e| e.folded == folded && e.cat == cat) {
                entries.push(Entry {
                    folded,
                    cat,
                    shown: shown.clone(),
                });
            }
        }
    }
    entries
}

/// The words a description is read with: the active vocabulary's and UI language's first, then those of
/// every built-in vocabulary and UI language.
#[derive(Debug, Clone)]
pub struct BoardWords {
    /// The active vocabulary's and UI language's words.
    active: Vec<Entry>,
    others: &'static Others,
    /// Notation letters (SAN's, then the active vocabulary's): letter → role.
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
        vocabulary_words(v, &mut plain);
        phrase_words(p, &mut plain);
        let first = |cat: Cat| {
            plain
                .iter()
                .find(|(_, c)| *c == cat)
                .map(|(w, _)| w.clone())
                .unwrap_or_default()
        };
        let (white, black, empty) = (
            first(Cat::Colour(Color::White)),
            first(Cat::Colour(Color::Black)),
            first(Cat::Empty),
        );
        let mut letters: Vec<(char, Role)> = Vec::new();
        for (letter, role) in SAN_LETTERS.into_iter().chain(vocabulary_letters(v)) {
            // The first meaning of a letter stands (SAN's); a vocabulary letter that means another piece
            // in SAN is not taken.
            if !letters.iter().any(|(c, _)| *c == letter) {
                letters.push((letter, role));
            }
        }
        BoardWords {
            active: fold_entries(plain),
            others: others(),
            letters,
            white,
            black,
            empty,
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

    /// A notation letter: SAN's or the active vocabulary's (`N`, `S`: white; `n`, `s`: black).
    fn letter(&self, c: char) -> Option<Piece> {
        letter_in(&self.letters, c)
    }

    /// A written square (`f3`), in the active vocabulary's letters or another built-in one's (`ζ3`).
    fn written_square(&self, v: &Vocabulary, word: &str) -> Option<Square> {
        let read = |v: &Vocabulary| {
            let t: String = super::spoken::transliterate(v, word).to_lowercase();
            t.parse::<Square>().ok().filter(|_| t.len() == 2)
        };
        read(v).or_else(|| self.others.vocabularies.iter().find_map(read))
    }

    /// A written piece and square (`Kg1`, `Sf3`, `Ιζ3`): the piece letter upper case, of SAN, the active
    /// vocabulary or any built-in one.
    fn written_piece_square(
        &self,
        v: &Vocabulary,
        chars: &[char],
        word: &str,
    ) -> Option<(Role, Square)> {
        if chars.len() != 3 {
            return None;
        }
        let piece = self
            .letter(chars[0])
            .or_else(|| letter_in(&self.others.letters, chars[0]))
            .filter(|p| p.color == Color::White)?;
        let sq = self.written_square(v, &word[chars[0].len_utf8()..])?;
        Some((piece.role, sq))
    }

    /// What a word stands for. The active vocabulary's and UI language's words come first: an exact word
    /// there stands. Otherwise an exact word of another vocabulary or UI language, if all that have it
    /// agree on its meaning. Otherwise a beginning of words (of two characters at least) whose candidates,
    /// in every vocabulary, all mean the same. Anything else is named back: unknown, or ambiguous with the
    /// candidates, never guessed.
    fn word(&self, word: &str) -> Result<Cat, BoardTextError> {
        let (a, b) = (fold(word), fold_german(word));
        let exact = |e: &&Entry| e.folded == a || e.folded == b;
        let mut found: Vec<&Entry> = self.active.iter().filter(exact).collect();
        if found.is_empty() {
            found = self.others.entries.iter().filter(exact).collect();
        }
        let mut prefix = false;
        if found.is_empty() {
            prefix = true;
            found = self
                .active
                .iter()
                .chain(&self.others.entries)
                .filter(|e| e.folded.starts_with(&a) || e.folded.starts_with(&b))
                .collect();
        }
        let mut cats: Vec<Cat> = found.iter().map(|e| e.cat).collect();
        cats.sort_by_key(|c| format!("{c:?}"));
        cats.dedup();
        // One character is never read as the beginning of a word ("t": Turm? two?).
        let short = prefix && word.chars().count() < 2;
        match cats.as_slice() {
            [] => Err(BoardTextError::Unknown(quote(word))),
            [one] if !short => Ok(*one),
            _ => {
                // One word for each meaning (the active vocabulary's if it has one), not every form of it.
                let mut shown: Vec<String> = cats
                    .iter()
                    .filter_map(|c| found.iter().find(|e| e.cat == *c))
                    .map(|e| e.shown.clone())
                    .collect();
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
        let words: Vec<&str> = text
            .split(|c: char| {
                c.is_whitespace() || matches!(c, ',' | ';' | ':' | '!' | '?' | '(' | ')')
            })
            .map(|raw| {
                if raw.chars().count() > 1 {
                    raw.trim_end_matches('.')
                } else {
                    raw
                }
            })
            .filter(|w| !w.is_empty())
            .collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let word = words[i];
            let chars: Vec<char> = word.chars().collect();
            let token = if matches!(word, "-" | "." | "_") {
                Token::Empty
            } else if chars.len() == 1
                && chars[0].is_ascii_digit()
                && ('1'..='8').contains(&chars[0])
            {
                Token::Digit(chars[0] as u8 - b'0')
            } else if !rank_line
                && chars.len() == 1
                && let Some(file) = self.file_letter(v, chars[0])
                && let Some(rank) = words.get(i + 1).and_then(|next| self.rank_of(next))
            {
                // A file letter and a rank word: "f three", "ζ τρία", "e 4".
                i += 1;
                Token::Square(Square::from_coords(file, rank))
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
            } else if let Some((role, sq)) = self.written_piece_square(v, &chars, word) {
                Token::RoleSquare(role, sq)
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
            i += 1;
        }
        Ok(out)
    }

    /// A notation file letter, the active vocabulary's or a built-in one's (`f`, `ζ`).
    fn file_letter(&self, v: &Vocabulary, c: char) -> Option<File> {
        let lower = c.to_lowercase().next()?;
        v.notation
            .files
            .iter()
            .position(|f| f.chars().next() == Some(lower))
            .map(|i| File::new(i as u32))
            .or_else(|| {
                self.others
                    .files
                    .iter()
                    .find(|(l, _)| *l == lower)
                    .map(|(_, f)| *f)
            })
    }

    /// A rank word read on its own (a digit 1 to 8 too), if it is one.
    fn rank_of(&self, word: &str) -> Option<Rank> {
        let mut chars = word.chars();
        if let (Some(d), None) = (chars.next(), chars.next())
            && let Some(n) = d.to_digit(10).filter(|n| (1..=8).contains(n))
        {
            return Some(Rank::new(n - 1));
        }
        match self.word(word) {
            Ok(Cat::Rank(r)) => Some(r),
            _ => None,
        }
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

fn letter_in(letters: &[(char, Role)], c: char) -> Option<Piece> {
    let upper: Vec<char> = c.to_uppercase().collect();
    let is_upper = upper == [c];
    let key = if is_upper { c } else { *upper.first()? };
    if !is_upper && c.to_lowercase().next() != Some(c) {
        return None;
    }
    let role = letters.iter().find(|(l, _)| *l == key)?.1;
    Some(Piece {
        color: if is_upper { Color::White } else { Color::Black },
        role,
    })
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
        assert_eq!(e, BoardTextError::Unknown("Sp?x".into()));
        let said = explain(&v, &p, &w, &e);
        assert!(!said.chars().any(char::is_control), "{said}");
        assert!(said.contains("Sp?x"), "{said}");
        // A bidi override is no control character, but it reorders what a screen reader says: replaced too.
        let e = w.square(&v, "weiß Sp\u{202e}x").unwrap_err();
        assert_eq!(e, BoardTextError::Unknown("Sp?x".into()));
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
            BoardTextError::Unknown(q) => {
                assert!(
                    q.chars().count() <= crate::words::quote::MAX_QUOTED + 1,
                    "{q}"
                )
            }
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
        // A bare square after a piece glued to its square is asked about, never taken as one more piece of
        // the same kind (issue 18, fault 8).
        assert_eq!(
            w.piece_lists(&v, "weiß Ke1 e2"),
            Err(BoardTextError::NoPiece(Square::E2))
        );
        assert_eq!(
            w.piece_lists(&v, "white Ke1 Qd1 Nf3 a2 b2"),
            Err(BoardTextError::NoPiece(Square::A2))
        );
        let (b, _) = w.piece_lists(&v, "white Ke1 Rook a1 h1 Pa2 Pb2").unwrap();
        assert_eq!(b.board_fen().to_string(), "8/8/8/8/8/8/PP6/R3K2R");
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

    const VOCABULARIES: [&str; 3] = ["appendix-d", "english", "greek"];
    const LANGUAGES: [&str; 3] = ["en", "de", "el"];

    /// Every vocabulary's words (pieces, aliases, colours, empty words, files, ranks) and every UI language's
    /// colour and empty words are read the same under every active vocabulary and every UI language.
    #[test]
    fn every_vocabulary_and_language_is_read_under_every_other() {
        let all_v: Vec<Vocabulary> = VOCABULARIES
            .iter()
            .map(|n| Vocabulary::builtin(n).unwrap())
            .collect();
        let all_p: Vec<Phrases> = LANGUAGES
            .iter()
            .map(|l| Phrases::builtin(l).unwrap())
            .collect();
        let mut checked = 0;
        for voc in VOCABULARIES {
            for lang in LANGUAGES {
                let (v, p, w) = words(voc, lang);
                let fillers: Vec<String> =
                    list(p.get("words.filler")).map(str::to_string).collect();
                for other in &all_v {
                    let whites: Vec<&str> = other.board.white.iter().map(String::as_str).collect();
                    let blacks: Vec<&str> = other.board.black.iter().map(String::as_str).collect();
                    for role in ROLES {
                        let mut names = vec![other.piece(role).to_string()];
                        names.extend(
                            other
                                .aliases
                                .iter()
                                .filter(|(_, t)| t.as_str() == other.piece(role))
                                .map(|(a, _)| a.clone()),
                        );
                        for name in &names {
                            for (colour, list) in [(Color::White, &whites), (Color::Black, &blacks)]
                            {
                                for c in list.iter() {
                                    let said = format!("{c} {name}");
                                    assert_eq!(
                                        w.square(&v, &said),
                                        Ok(Some(Piece {
                                            color: colour,
                                            role
                                        })),
                                        "{said:?} with {voc}, {lang}"
                                    );
                                    checked += 1;
                                }
                            }
                        }
                    }
                    for e in &other.board.empty {
                        assert_eq!(w.square(&v, e), Ok(None), "{e:?} with {voc}, {lang}");
                    }
                    for sq in [Square::A1, Square::F3, Square::H8, Square::E5] {
                        let said = format!("{} {}", other.square(sq), other.piece(Role::Knight));
                        assert_eq!(
                            w.question(&v, &said, &fillers),
                            Ok((
                                sq,
                                Asked::Piece {
                                    role: Role::Knight,
                                    color: None
                                }
                            )),
                            "{said:?} with {voc}, {lang}"
                        );
                        checked += 1;
                    }
                    for (i, r) in other.ranks.iter().enumerate() {
                        assert_eq!(
                            w.rank_word(&v, r),
                            Some(Rank::new(i as u32)),
                            "{r} with {voc}"
                        );
                    }
                    for (alias, target) in &other.aliases {
                        if let Some(i) = other.ranks.iter().position(|r| r == target) {
                            assert_eq!(
                                w.rank_word(&v, alias),
                                Some(Rank::new(i as u32)),
                                "{alias}"
                            );
                        }
                    }
                }
                for ui in &all_p {
                    for (key, want) in [
                        ("words.white", Some(pc('R'))),
                        ("words.black", Some(pc('r'))),
                    ] {
                        for c in list(ui.get(key)) {
                            let said = format!("{c} {}", v.piece(Role::Rook));
                            assert_eq!(
                                w.square(&v, &said),
                                Ok(want.flatten()),
                                "{said:?} with {voc}, {lang}"
                            );
                        }
                    }
                    for e in list(ui.get("words.empty")) {
                        assert_eq!(w.square(&v, e), Ok(None), "{e:?} with {voc}, {lang}");
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn the_issue_examples_with_english_words_and_the_german_ui() {
        let (v, p, w) = words("english", "de");
        let fillers: Vec<String> = list(p.get("words.filler")).map(str::to_string).collect();
        let knight_f3 = Ok((
            Square::F3,
            Asked::Piece {
                role: Role::Knight,
                color: Some(Color::White),
            },
        ));
        assert_eq!(
            w.question(&v, "weiß Springer Felix drei", &fillers),
            knight_f3
        );
        assert_eq!(w.question(&v, "white knight f three", &fillers), knight_f3);
        assert_eq!(w.question(&v, "λευκός Ίππος ζ τρία", &fillers), knight_f3);
        assert_eq!(
            w.question(&v, "λευκός άλογο ζήτα τρεις", &fillers),
            knight_f3
        );
        assert_eq!(w.question(&v, "weiß Spr ζ3", &fillers), knight_f3);
        // A written piece with its square, in the German or Greek letters though the vocabulary is English.
        let written = Ok((
            Square::F3,
            Asked::Piece {
                role: Role::Knight,
                color: None,
            },
        ));
        assert_eq!(w.question(&v, "Sf3", &fillers), written);
        assert_eq!(w.question(&v, "Ιζ3", &fillers), written);
        assert_eq!(w.square(&v, "Turm weiss"), Ok(pc('R')));
        assert_eq!(w.square(&v, "leer"), Ok(None));
        assert_eq!(w.square(&v, "nichts"), Ok(None));
        assert_eq!(w.square(&v, "Πύργος μαύρος"), Ok(pc('r')));
        assert_eq!(
            w.square(&v, "ΠΥΡΓΟΣ ΜΑΥΡΟΣ"),
            Ok(pc('r')),
            "capitals, final sigma"
        );
        assert_eq!(
            w.square(&v, "πυργοσ μαυροσ"),
            Ok(pc('r')),
            "no accents, plain sigma"
        );
        assert_eq!(w.square(&v, "Koenig schwarzes"), Ok(pc('k')));
        let r = w
            .rank(&v, "weiß Turm Springer Läufer Dame König leer leer Turm")
            .unwrap();
        assert_eq!(rank_fen(&r), "RNBQK..R");
        let r = w
            .rank(
                &v,
                "μαύρα Πύργος κενό κενό Βασίλισσα Βασιλιάς Αξιωματικός άλογο Πύργος",
            )
            .unwrap();
        assert_eq!(rank_fen(&r), "r..qkbnr");
        let (b, sides) = w
            .piece_lists(
                &v,
                "weiß König Gustav eins, Turm Felix eins; black King ζήτα οκτώ, Pawn e7",
            )
            .unwrap();
        assert_eq!(b.board_fen().to_string(), "5k2/4p3/8/8/8/8/8/5RK1");
        assert_eq!(sides, vec![Color::White, Color::Black]);
    }

    /// The filler words of every UI language are left out of a quick question, whichever is set; a file
    /// letter before a rank word stays a square even where it is a filler ("a").
    #[test]
    fn quick_questions_in_every_languages_form() {
        for lang in LANGUAGES {
            let (v, p, w) = words("english", lang);
            let fillers: Vec<String> = list(p.get("words.filler")).map(str::to_string).collect();
            for said in [
                "is there a Springer on Felix drei",
                "steht ein Springer auf Felix drei",
                "υπάρχει Ίππος στο ζήτα τρία",
            ] {
                assert_eq!(
                    w.question(&v, said, &fillers),
                    Ok((
                        Square::F3,
                        Asked::Piece {
                            role: Role::Knight,
                            color: None
                        }
                    )),
                    "{said:?} with {lang}"
                );
            }
            assert_eq!(
                w.question(&v, "is there a Turm on a drei", &fillers),
                Ok((
                    Square::A3,
                    Asked::Piece {
                        role: Role::Rook,
                        color: None
                    }
                )),
                "with {lang}"
            );
            // A word that is no filler and no board word is still named back.
            assert_eq!(
                w.question(&v, "is there a Springer near Felix drei", &fillers),
                Err(BoardTextError::Unknown("near".into()))
            );
        }
    }

    /// "t" begins Turm and two: named back, never guessed; one letter is never a beginning. Where a letter is
    /// a notation letter of the active vocabulary it keeps that meaning (German `t`: a black Turm).
    #[test]
    fn ambiguous_beginnings_across_vocabularies_are_named_back() {
        let (v, p, w) = words("english", "de");
        match w.rank(&v, "weiß t t t t t t t t").unwrap_err() {
            BoardTextError::Ambiguous { word, candidates } => {
                assert_eq!(word, "t");
                assert!(candidates.contains(&"Turm".to_string()), "{candidates:?}");
                assert!(candidates.contains(&"two".to_string()), "{candidates:?}");
            }
            other => panic!("{other:?}"),
        }
        // "si": sieben (Appendix D) or six (English).
        let e = w.rank(&v, "si").unwrap_err();
        assert_eq!(
            e,
            BoardTextError::Ambiguous {
                word: "si".into(),
                candidates: vec!["sieben".into(), "six".into()]
            }
        );
        let said = explain(&v, &p, &w, &e);
        assert!(said.contains("sieben") && said.contains("six"), "{said}");
        // "S" is no letter of English notation: a beginning of one letter, named back.
        assert!(matches!(
            w.square(&v, "S"),
            Err(BoardTextError::Ambiguous { .. })
        ));
        // One candidate still is not taken from one letter.
        assert!(matches!(
            w.square(&v, "ζ"),
            Err(BoardTextError::Ambiguous { .. })
        ));
        // Beginnings on which every vocabulary agrees are read.
        assert_eq!(w.square(&v, "schw Spr"), Ok(pc('n')));
        assert_eq!(w.square(&v, "λευ Ιπ"), Ok(pc('N')));
        assert_eq!(w.rank_word(&v, "sec"), Some(Rank::Sixth));
        // Under Appendix D, t and S are its notation letters.
        let (v, _, w) = words("appendix-d", "en");
        assert_eq!(w.square(&v, "t"), Ok(pc('r')));
        assert_eq!(w.square(&v, "S"), Ok(pc('N')));
        // B is SAN's bishop everywhere, never the beginning of Bauer.
        assert_eq!(w.square(&v, "B"), Ok(pc('B')));
        let (v, _, w) = words("greek", "de");
        assert_eq!(w.square(&v, "B"), Ok(pc('B')));
        assert_eq!(w.square(&v, "Ι"), Ok(pc('N')));
    }

    /// No built-in word means one thing in one vocabulary or UI language and another in another: a clash
    /// would be read by the active vocabulary's meaning, and a new file must not bring one in unseen.
    #[test]
    fn built_in_words_do_not_clash() {
        let o = others();
        for (i, e) in o.entries.iter().enumerate() {
            for f in &o.entries[i + 1..] {
                assert!(
                    e.folded != f.folded || e.cat == f.cat,
                    "{} ({:?}) and {} ({:?})",
                    e.shown,
                    e.cat,
                    f.shown,
                    f.cat
                );
            }
        }
        // Every vocabulary's piece letters mean one piece (the German S and the Greek Ι both a knight).
        assert!(
            o.letters.contains(&('S', Role::Knight)) && o.letters.contains(&('Ι', Role::Knight))
        );
    }

    /// A word that is one thing in the active vocabulary and another in a built-in one: the active meaning
    /// stands; with another vocabulary active, that one's meaning does.
    #[test]
    fn the_active_vocabulary_wins_a_clash() {
        let text = super::super::vocabulary::BUILTIN[0]
            .1
            .replace("rook: \"Turm\"", "rook: \"Knight\"");
        assert_ne!(text, super::super::vocabulary::BUILTIN[0].1);
        let v = Vocabulary::from_ron(&text, "mine.ron").unwrap();
        let p = Phrases::builtin("en").unwrap();
        let w = BoardWords::new(&v, &p);
        assert_eq!(w.square(&v, "white Knight"), Ok(pc('R')));
        let (v, _, w) = words("english", "en");
        assert_eq!(w.square(&v, "white Knight"), Ok(pc('N')));
    }

    fn board_strategy()
    -> impl proptest::strategy::Strategy<Value = (Vec<Option<(bool, usize)>>, Vec<usize>)> {
        use proptest::prelude::*;
        (
            proptest::collection::vec(proptest::option::of((any::<bool>(), 0usize..6)), 64),
            proptest::collection::vec(0usize..16, 64),
        )
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 40, ..Default::default() })]
        /// For every vocabulary and UI language, a random board described in the words of a different
        /// vocabulary (rank lines, then piece lists) reads back to the same board.
        #[test]
        fn a_board_in_another_vocabularys_words_reads_back((squares, picks) in board_strategy()) {
            let mut board = Board::empty();
            for (i, s) in squares.iter().enumerate() {
                if let Some((white, r)) = s {
                    let color = if *white { Color::White } else { Color::Black };
                    board.set_piece_at(Square::new(i as u32), Piece { color, role: ROLES[*r] });
                }
            }
            for voc in VOCABULARIES {
                for lang in LANGUAGES {
                    let (v, _, w) = words(voc, lang);
                    for said_in in VOCABULARIES.iter().filter(|o| **o != voc) {
                        let o = Vocabulary::builtin(said_in).unwrap();
                        let pick = |list: &[String], i: usize| list[picks[i] % list.len()].clone();
                        let colour = |c: Color, i: usize| match c {
                            Color::White => pick(&o.board.white, i),
                            Color::Black => pick(&o.board.black, i),
                        };
                        // Rank lines: each piece with its colour.
                        let mut read = Board::empty();
                        for rank in Rank::ALL {
                            let mut said = Vec::new();
                            for file in File::ALL {
                                let sq = Square::from_coords(file, rank);
                                said.push(match board.piece_at(sq) {
                                    None => pick(&o.board.empty, usize::from(sq)),
                                    Some(p) => format!("{} {}", colour(p.color, usize::from(sq)), o.piece(p.role)),
                                });
                            }
                            let line = said.join(" ");
                            let r = w.rank(&v, &line);
                            proptest::prop_assert!(r.is_ok(), "{line:?} with {voc}, {lang}: {r:?}");
                            for (file, p) in File::ALL.iter().zip(r.unwrap()) {
                                if let Some(p) = p {
                                    read.set_piece_at(Square::from_coords(*file, rank), p);
                                }
                            }
                        }
                        proptest::prop_assert_eq!(&read, &board, "rank lines in {} with {}, {}", said_in, voc, lang);
                        // Piece lists: both sides, each piece named before its squares.
                        let mut text = Vec::new();
                        for c in [Color::White, Color::Black] {
                            text.push(colour(c, 0));
                            for role in ROLES {
                                let on = board.by_color(c) & board.by_role(role);
                                if on.is_empty() {
                                    continue;
                                }
                                text.push(format!("{},", o.piece(role)));
                                for sq in on {
                                    text.push(format!("{},", o.square(sq)));
                                }
                            }
                        }
                        if board.occupied().is_empty() {
                            continue;
                        }
                        let text = text.join(" ");
                        let r = w.piece_lists(&v, &text);
                        proptest::prop_assert!(r.is_ok(), "{text:?} with {voc}, {lang}: {r:?}");
                        proptest::prop_assert_eq!(&r.unwrap().0, &board, "{}", text);
                    }
                }
            }
        }
    }
}
