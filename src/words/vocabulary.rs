//! Board words: files, ranks, pieces and the move words, as data (the voice issue loads them from RON).

use shakmaty::{File, Rank, Role, Square};

/// The words a move announcement is built from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vocabulary {
    pub name: String,
    /// Files a..h.
    pub files: [String; 8],
    /// Ranks 1..8.
    pub ranks: [String; 8],
    /// King, Queen, Rook, Bishop, Knight, Pawn.
    pub pieces: [String; 6],
    /// How a square is said: `{file}` and `{rank}` are replaced.
    pub square_format: String,
    pub short_castling: String,
    pub long_castling: String,
    pub capture: String,
    pub check: String,
    pub mate: String,
    pub en_passant: String,
}

fn arr<const N: usize>(words: [&str; N]) -> [String; N] {
    words.map(str::to_string)
}

impl Vocabulary {
    /// Plain English piece names with algebraic squares ("Knight f3"): the first cut of line mode.
    pub fn plain_english() -> Vocabulary {
        Vocabulary {
            name: "plain".into(),
            files: arr(["a", "b", "c", "d", "e", "f", "g", "h"]),
            ranks: arr(["1", "2", "3", "4", "5", "6", "7", "8"]),
            pieces: arr(["King", "Queen", "Rook", "Bishop", "Knight", "Pawn"]),
            square_format: "{file}{rank}".into(),
            short_castling: "Short castling".into(),
            long_castling: "Long castling".into(),
            capture: "takes".into(),
            check: "check".into(),
            mate: "checkmate".into(),
            en_passant: "en passant".into(),
        }
    }

    pub fn piece(&self, role: Role) -> &str {
        let i = match role {
            Role::King => 0,
            Role::Queen => 1,
            Role::Rook => 2,
            Role::Bishop => 3,
            Role::Knight => 4,
            Role::Pawn => 5,
        };
        &self.pieces[i]
    }

    pub fn file(&self, file: File) -> &str {
        &self.files[usize::from(file)]
    }

    pub fn rank(&self, rank: Rank) -> &str {
        &self.ranks[usize::from(rank)]
    }

    pub fn square(&self, sq: Square) -> String {
        self.square_format.replace("{file}", self.file(sq.file())).replace("{rank}", self.rank(sq.rank()))
    }
}
