//! Board words: files, ranks, pieces and the move words, loaded from RON files (config/vocabulary/).

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use serde::Deserialize;
use shakmaty::{File, Rank, Role, Square};

/// Piece names, king to pawn.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pieces {
    pub king: String,
    pub queen: String,
    pub rook: String,
    pub bishop: String,
    pub knight: String,
    pub pawn: String,
}

/// Piece letters of written notation (pawns have none).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NotationPieces {
    pub king: String,
    pub queen: String,
    pub rook: String,
    pub bishop: String,
    pub knight: String,
}

/// The letters of written moves in this language (Appendix C).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Notation {
    pub pieces: NotationPieces,
    pub files: Vec<String>,
}

/// Words of a board description (the tactile board check, R-D.2.9): a piece's colour and an empty square,
/// with the forms a sentence may give them ("weißer", "weiße"). Optional in a vocabulary file; the UI
/// languages' words (config/phrases, `words.white` ...) and every built-in vocabulary's are accepted too
/// (words::board_text says how a word is read when several could match).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardWords {
    #[serde(default)]
    pub white: Vec<String>,
    #[serde(default)]
    pub black: Vec<String>,
    #[serde(default)]
    pub empty: Vec<String>,
}

/// The words a move announcement is built from, and that are accepted as input.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vocabulary {
    pub name: String,
    /// Language code of the words (for the voice): de, en, el ...
    pub language: String,
    /// Files a..h.
    pub files: Vec<String>,
    /// Ranks 1..8.
    pub ranks: Vec<String>,
    pub pieces: Pieces,
    /// How a square is said: `{file}` and `{rank}` are replaced.
    pub square: String,
    pub short_castling: String,
    pub long_castling: String,
    pub capture: String,
    pub check: String,
    pub mate: String,
    pub en_passant: String,
    /// Other spellings accepted on input: alias → a word of this vocabulary.
    #[serde(default)]
    pub aliases: BTreeMap<String, String>,
    pub notation: Notation,
    /// Colours and "empty" for board descriptions.
    #[serde(default)]
    pub board: BoardWords,
}

/// A vocabulary file that cannot be used, with where and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct VocabularyError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

use crate::rules::pgn::printable;

impl fmt::Display for VocabularyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A place not known (0) is left out: "file: message" or "file, line 3: message". The message may quote
        // the file (a word, an alias): never a control character to the player.
        let (file, message) = (printable(&self.file), printable(&self.message));
        match (self.line, self.column) {
            (0, _) => write!(f, "{file}: {message}"),
            (line, 0) => write!(f, "{file}, line {line}: {message}"),
            (line, column) => write!(f, "{file}, line {line}, column {column}: {message}"),
        }
    }
}

/// The vocabularies shipped with hector, by name.
pub const BUILTIN: [(&str, &str); 3] = [
    (
        "appendix-d",
        include_str!("../../config/vocabulary/appendix-d.ron"),
    ),
    (
        "english",
        include_str!("../../config/vocabulary/english.ron"),
    ),
    ("greek", include_str!("../../config/vocabulary/greek.ron")),
];

impl Default for Vocabulary {
    fn default() -> Self {
        Vocabulary::builtin("appendix-d").expect("the built-in appendix-d vocabulary is valid")
    }
}

/// Line and column (1-based) of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Where a key is written in the file (for errors about its value), or the end of the file.
fn position_of_key(text: &str, key: &str) -> (usize, usize) {
    let mut search = 0;
    while let Some(i) = text[search..].find(key) {
        let at = search + i;
        let after = text[at + key.len()..].trim_start();
        if after.starts_with(':') {
            return line_col(text, at);
        }
        search = at + key.len();
    }
    line_col(text, text.len())
}

impl Vocabulary {
    /// A built-in vocabulary: `appendix-d`, `english` or `greek`.
    pub fn builtin(name: &str) -> Option<Vocabulary> {
        let (_, text) = BUILTIN.iter().find(|(n, _)| *n == name)?;
        Vocabulary::from_ron(text, &format!("config/vocabulary/{name}.ron")).ok()
    }

    /// Every built-in vocabulary, read once (a line that reads as a move in any of them is a move).
    pub fn builtins() -> &'static [Vocabulary] {
        static ALL: std::sync::OnceLock<Vec<Vocabulary>> = std::sync::OnceLock::new();
        ALL.get_or_init(|| {
            BUILTIN
                .iter()
                .filter_map(|(name, _)| Vocabulary::builtin(name))
                .collect()
        })
    }

    /// A built-in name or a path to a `.ron` file.
    pub fn load(name_or_path: &str) -> Result<Vocabulary, VocabularyError> {
        if let Some(v) = Vocabulary::builtin(name_or_path) {
            return Ok(v);
        }
        let path = Path::new(name_or_path);
        let text = crate::store::read_outside_text(path, crate::store::MAX_CONFIG_BYTES).map_err(|e| VocabularyError {
            file: name_or_path.to_string(),
            line: 0,
            column: 0,
            message: if path.extension().is_some_and(|x| x == "ron") {
                format!("cannot read the file: {e}")
            } else {
                format!(
                    "no vocabulary of that name (appendix-d, english, greek) and no such file: {e}"
                )
            },
        })?;
        Vocabulary::from_ron(&text, name_or_path)
    }

    /// Reads and checks a vocabulary; a broken or incomplete file is refused with line, column and key.
    pub fn from_ron(text: &str, file: &str) -> Result<Vocabulary, VocabularyError> {
        let v: Vocabulary = ron::from_str(text).map_err(|e| VocabularyError {
            file: file.to_string(),
            line: e.position.line,
            column: e.position.col,
            message: e.code.to_string(),
        })?;
        v.check().map_err(|(key, message)| {
            let (line, column) = position_of_key(text, key);
            VocabularyError {
                file: file.to_string(),
                line,
                column,
                message: format!("`{key}`: {message}"),
            }
        })?;
        Ok(v)
    }

    /// Every word present, and no two input words that read the same (they would make input ambiguous).
    fn check(&self) -> Result<(), (&'static str, String)> {
        let singles: [(&'static str, &str); 13] = [
            ("name", &self.name),
            ("language", &self.language),
            ("square", &self.square),
            ("short_castling", &self.short_castling),
            ("long_castling", &self.long_castling),
            ("capture", &self.capture),
            ("check", &self.check),
            ("mate", &self.mate),
            ("en_passant", &self.en_passant),
            ("king", &self.pieces.king),
            ("queen", &self.pieces.queen),
            ("rook", &self.pieces.rook),
            ("bishop", &self.pieces.bishop),
        ];
        for (key, word) in singles.iter().chain(
            [
                ("knight", self.pieces.knight.as_str()),
                ("pawn", self.pieces.pawn.as_str()),
            ]
            .iter(),
        ) {
            if word.trim().is_empty() {
                return Err((key, "the word is empty".into()));
            }
        }
        if !self.square.contains("{file}") || !self.square.contains("{rank}") {
            return Err(("square", "must contain {file} and {rank}".into()));
        }
        for (key, list) in [
            ("files", &self.files),
            ("ranks", &self.ranks),
            ("notation", &self.notation.files),
        ] {
            if list.len() != 8 {
                return Err((
                    key,
                    format!(
                        "needs 8 words, one for each {}, but has {}",
                        if key == "ranks" { "rank" } else { "file" },
                        list.len()
                    ),
                ));
            }
            if let Some(i) = list.iter().position(|w| w.trim().is_empty()) {
                return Err((key, format!("word {} is empty", i + 1)));
            }
        }
        // Input words must be distinct across categories.
        let mut seen: BTreeMap<String, &str> = BTreeMap::new();
        let words = self
            .files
            .iter()
            .map(|w| ("files", w.as_str()))
            .chain(self.ranks.iter().map(|w| ("ranks", w.as_str())))
            .chain(self.piece_words().map(|w| ("pieces", w)))
            .chain([
                ("capture", self.capture.as_str()),
                ("check", self.check.as_str()),
                ("mate", self.mate.as_str()),
            ]);
        for (key, w) in words {
            let n = super::normalize::fold(w);
            if let Some(other) = seen.insert(n.clone(), key) {
                return Err((
                    key,
                    format!("\"{w}\" is also used in `{other}`; input words must differ"),
                ));
            }
        }
        for (alias, target) in &self.aliases {
            if !self.all_words().any(|w| w == target) {
                return Err((
                    "aliases",
                    format!(
                        "alias \"{alias}\" points to \"{target}\", which is not a word of this vocabulary"
                    ),
                ));
            }
        }
        for (key, letter) in [
            ("notation", &self.notation.pieces.king),
            ("notation", &self.notation.pieces.queen),
            ("notation", &self.notation.pieces.rook),
            ("notation", &self.notation.pieces.bishop),
            ("notation", &self.notation.pieces.knight),
        ] {
            if letter.chars().count() != 1 {
                return Err((key, format!("piece letter \"{letter}\" must be one letter")));
            }
        }
        if self.notation.files.iter().any(|f| f.chars().count() != 1) {
            return Err(("notation", "file letters must be one letter each".into()));
        }
        Ok(())
    }

    fn piece_words(&self) -> impl Iterator<Item = &str> {
        [
            &self.pieces.king,
            &self.pieces.queen,
            &self.pieces.rook,
            &self.pieces.bishop,
            &self.pieces.knight,
            &self.pieces.pawn,
        ]
        .into_iter()
        .map(String::as_str)
    }

    /// Every word of the vocabulary (aliases point to these).
    pub fn all_words(&self) -> impl Iterator<Item = &str> {
        self.files
            .iter()
            .chain(self.ranks.iter())
            .map(String::as_str)
            .chain(self.piece_words())
            .chain([
                self.short_castling.as_str(),
                self.long_castling.as_str(),
                self.capture.as_str(),
                self.check.as_str(),
                self.mate.as_str(),
                self.en_passant.as_str(),
            ])
    }

    pub fn piece(&self, role: Role) -> &str {
        match role {
            Role::King => &self.pieces.king,
            Role::Queen => &self.pieces.queen,
            Role::Rook => &self.pieces.rook,
            Role::Bishop => &self.pieces.bishop,
            Role::Knight => &self.pieces.knight,
            Role::Pawn => &self.pieces.pawn,
        }
    }

    /// The notation letter of a piece (None for the pawn).
    pub fn piece_letter(&self, role: Role) -> Option<&str> {
        let p = &self.notation.pieces;
        Some(match role {
            Role::King => &p.king,
            Role::Queen => &p.queen,
            Role::Rook => &p.rook,
            Role::Bishop => &p.bishop,
            Role::Knight => &p.knight,
            Role::Pawn => return None,
        })
    }

    pub fn file(&self, file: File) -> &str {
        &self.files[usize::from(file)]
    }

    pub fn rank(&self, rank: Rank) -> &str {
        &self.ranks[usize::from(rank)]
    }

    pub fn square(&self, sq: Square) -> String {
        self.square
            .replace("{file}", self.file(sq.file()))
            .replace("{rank}", self.rank(sq.rank()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_load_and_say_squares() {
        let d = Vocabulary::default();
        assert_eq!(d.square(Square::E4), "Eva vier");
        assert_eq!(d.piece(Role::Bishop), "Läufer");
        assert_eq!(
            Vocabulary::builtin("english").unwrap().square(Square::H8),
            "Hector eight"
        );
        assert_eq!(
            Vocabulary::builtin("greek").unwrap().square(Square::A1),
            "άλφα ένα"
        );
        assert!(Vocabulary::builtin("klingon").is_none());
    }

    #[test]
    fn broken_files_name_line_column_and_key() {
        let good = BUILTIN[0].1;
        // A missing key.
        let text = good.replace("    capture: \"schlägt\",\n", "");
        let e = Vocabulary::from_ron(&text, "mine.ron").unwrap_err();
        assert_eq!(e.file, "mine.ron");
        assert!(e.message.contains("capture"), "{e}");
        assert!(e.line > 1, "{e}");
        // A wrong key.
        let text = good.replace("    mate: \"Matt\",", "    matte: \"Matt\",");
        let e = Vocabulary::from_ron(&text, "mine.ron").unwrap_err();
        assert!(e.message.contains("matte"), "{e}");
        let line = text.lines().position(|l| l.contains("matte")).unwrap() + 1;
        assert_eq!(e.line, line, "{e}");
        // Seven ranks.
        let text = good.replace("\"sieben\", ", "");
        let e = Vocabulary::from_ron(&text, "mine.ron").unwrap_err();
        assert!(
            e.message.contains("needs 8 words") && e.message.contains("has 7"),
            "{e}"
        );
        assert_eq!(
            e.line,
            text.lines()
                .position(|l| l.trim_start().starts_with("ranks:"))
                .unwrap()
                + 1,
            "{e}"
        );
        // A word used twice.
        let text = good.replace("\"Dame\"", "\"Turm\"");
        let e = Vocabulary::from_ron(&text, "mine.ron").unwrap_err();
        assert!(e.message.contains("Turm"), "{e}");
        assert!(e.to_string().starts_with("mine.ron, line "), "{e}");
        // Not RON at all.
        let e = Vocabulary::from_ron("{{{", "x.ron").unwrap_err();
        assert_eq!(e.line, 1);
        let e = Vocabulary::load("/nonexistent/voc.ron").unwrap_err();
        assert!(e.message.contains("cannot read"), "{e}");
    }
}
