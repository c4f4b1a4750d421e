//! The words and letters a board description is read with: the active vocabulary's and UI language's, then every built-in one's.

use std::sync::OnceLock;

use shakmaty::{Color, File, Piece, Rank, Role, Square};

use crate::words::normalize::{fold, fold_german};
use crate::words::phrases::Phrases;
use crate::words::vocabulary::Vocabulary;

/// What a word stands for in a description.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Cat {
    Colour(Color),
    Empty,
    Role(Role),
    File(File),
    Rank(Rank),
}

/// One word of a description, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Token {
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
pub(super) struct Entry {
    pub(super) folded: String,
    pub(super) cat: Cat,
    pub(super) shown: String,
}

/// The words of every built-in vocabulary and UI language, read once (from the files embedded in the
/// program) and shared by every description.
#[derive(Debug)]
pub(super) struct Others {
    pub(super) entries: Vec<Entry>,
    /// For written squares in their letters (`ε5`).
    pub(super) vocabularies: Vec<Vocabulary>,
    /// Piece letters of every built-in vocabulary that mean one piece in all of them and none other in SAN
    /// (`S`, `T`, `L`, `D`, `Ρ` ...), for a written piece and square (`Sf3`) with any vocabulary.
    pub(super) letters: Vec<(char, Role)>,
    /// Notation file letters of every built-in vocabulary (`f`, `ζ`), for "f three".
    pub(super) files: Vec<(char, File)>,
    /// The filler words of quick questions in every built-in UI language ("is there a ... on"), folded;
    /// none that is a board word anywhere.
    pub(super) fillers: Vec<String>,
}

pub(super) fn others() -> &'static Others {
    static OTHERS: OnceLock<Others> = OnceLock::new();
    OTHERS.get_or_init(|| {
        let vocabularies: Vec<Vocabulary> = crate::words::vocabulary::BUILTIN
            .iter()
            .filter_map(|(name, _)| Vocabulary::builtin(name))
            .collect();
        let languages: Vec<Phrases> = crate::words::phrases::BUILTIN
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
pub(super) const SAN_LETTERS: [(char, Role); 6] = [
    ('K', Role::King),
    ('Q', Role::Queen),
    ('R', Role::Rook),
    ('B', Role::Bishop),
    ('N', Role::Knight),
    ('P', Role::Pawn),
];

pub(super) fn vocabulary_letters(v: &Vocabulary) -> impl Iterator<Item = (char, Role)> + '_ {
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
pub(super) fn vocabulary_words(v: &Vocabulary, plain: &mut Vec<(String, Cat)>) {
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
pub(super) fn phrase_words(p: &Phrases, plain: &mut Vec<(String, Cat)>) {
    for (key, cat) in [
        ("words.white", Cat::Colour(Color::White)),
        ("words.black", Cat::Colour(Color::Black)),
        ("words.empty", Cat::Empty),
    ] {
        plain.extend(list(p.get(key)).map(|w| (w.to_string(), cat)));
    }
}

/// Each word under both foldings ("weiß": "weiß" and "weiss"), once per meaning.
pub(super) fn fold_entries(plain: Vec<(String, Cat)>) -> Vec<Entry> {
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

pub(super) fn list(text: &str) -> impl Iterator<Item = &str> {
    text.split(',').map(str::trim).filter(|w| !w.is_empty())
}

pub(super) const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

pub(super) fn letter_in(letters: &[(char, Role)], c: char) -> Option<Piece> {
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
