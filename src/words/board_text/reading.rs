//! How one word or letter of a description is read, and a description cut into tokens.

use shakmaty::{Color, File, Piece, Rank, Role, Square};

use crate::words::normalize::{fold, fold_german};
use crate::words::phrases::Phrases;
use crate::words::quote::quote;
use crate::words::vocabulary::Vocabulary;

use super::BoardTextError;
use super::lexicon::{
    Cat, Entry, Others, SAN_LETTERS, Token, fold_entries, letter_in, others, phrase_words,
    vocabulary_letters, vocabulary_words,
};

/// The words a description is read with: the active vocabulary's and UI language's first, then those of
/// every built-in vocabulary and UI language.
#[derive(Debug, Clone)]
pub struct BoardWords {
    /// The active vocabulary's and UI language's words.
    active: Vec<Entry>,
    pub(super) others: &'static Others,
    /// Notation letters (SAN's, then the active vocabulary's): letter → role.
    letters: Vec<(char, Role)>,
    white: String,
    black: String,
    empty: String,
}

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
            let t: String = crate::words::spoken::transliterate(v, word).to_lowercase();
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
    pub(super) fn tokens(
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
    pub(super) fn file_letter(&self, v: &Vocabulary, c: char) -> Option<File> {
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
    pub(super) fn rank_of(&self, word: &str) -> Option<Rank> {
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
}
