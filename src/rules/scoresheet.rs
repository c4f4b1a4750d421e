//! Two scoresheets compared (R-D.2.9): where they agree, the first move where they differ and the last one
//! where they still agree. Pure: the moves are compared as given, nothing is replayed here.

use shakmaty::Color;

/// One half-move of a scoresheet named as a player says it: "move 23, Black".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MovePoint {
    /// 0-based index of the half-move in the record.
    pub ply: usize,
    /// The full-move number written on the scoresheet.
    pub number: u32,
    /// Who played it.
    pub color: Color,
}

impl MovePoint {
    /// The half-move `ply` (0-based) of a game that started with `first_turn` to move at full move `first_number`.
    pub fn of(ply: usize, first_turn: Color, first_number: u32) -> MovePoint {
        // Count half-moves as if the game started with White to move at move `first_number`.
        let offset = ply + usize::from(first_turn == Color::Black);
        MovePoint {
            ply,
            number: first_number + (offset / 2) as u32,
            color: if offset.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            },
        }
    }
}

/// Which of the two scoresheets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sheet {
    /// hector's own record.
    Record,
    /// The other scoresheet (the opponent's, the assistant's, a PGN file).
    Other,
}

/// What the comparison found (R-D.2.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comparison {
    /// Every move is the same on both sheets (R-D.2.9a: the boards are set to the scoresheets' position).
    Agree { plies: usize },
    /// The sheets agree as far as the shorter one goes; the longer one has more moves. `common` half-moves agree.
    Shorter {
        common: usize,
        /// The sheet with the moves the other lacks.
        longer: Sheet,
        /// How many half-moves the longer one has.
        longer_plies: usize,
    },
    /// The sheets differ at half-move `common` (0-based); the first `common` half-moves agree (R-D.2.9b).
    Differ { common: usize },
}

impl Comparison {
    /// How many half-moves from the start both sheets share.
    pub fn common(&self) -> usize {
        match *self {
            Comparison::Agree { plies } => plies,
            Comparison::Shorter { common, .. } | Comparison::Differ { common } => common,
        }
    }

    /// The first half-move where the sheets differ (0-based), if they differ.
    pub fn first_difference(&self) -> Option<usize> {
        match *self {
            Comparison::Agree { .. } => None,
            Comparison::Shorter { common, .. } | Comparison::Differ { common } => Some(common),
        }
    }

    /// The last half-move on which both sheets agree (0-based), if any: None when they differ from the first move.
    pub fn last_agreement(&self) -> Option<usize> {
        self.common().checked_sub(1)
    }

    /// R-D.2.9a: the two sheets agree completely.
    pub fn agrees(&self) -> bool {
        matches!(self, Comparison::Agree { .. })
    }
}

/// R-D.2.9 (2): the longest common prefix of the two records, and how they part.
pub fn compare<T: PartialEq>(record: &[T], other: &[T]) -> Comparison {
    let common = record
        .iter()
        .zip(other.iter())
        .take_while(|(a, b)| a == b)
        .count();
    if common == record.len() && common == other.len() {
        Comparison::Agree { plies: common }
    } else if common == record.len() {
        Comparison::Shorter {
            common,
            longer: Sheet::Other,
            longer_plies: other.len(),
        }
    } else if common == other.len() {
        Comparison::Shorter {
            common,
            longer: Sheet::Record,
            longer_plies: record.len(),
        }
    } else {
        Comparison::Differ { common }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_sheets_agree() {
        let a = ["e4", "e5", "Nf3"];
        let c = compare(&a, &a);
        assert_eq!(c, Comparison::Agree { plies: 3 });
        assert!(c.agrees());
        assert_eq!(c.first_difference(), None);
        assert_eq!(c.last_agreement(), Some(2));
        let empty: [&str; 0] = [];
        assert_eq!(compare(&empty, &empty), Comparison::Agree { plies: 0 });
        assert_eq!(compare(&empty, &empty).last_agreement(), None);
    }

    #[test]
    fn first_difference_and_last_agreement() {
        let a = ["e4", "e5", "Nf3", "Nc6", "Bb5"];
        let b = ["e4", "e5", "Nf3", "Nf6", "Nxe5"];
        let c = compare(&a, &b);
        assert_eq!(c, Comparison::Differ { common: 3 });
        assert_eq!(c.first_difference(), Some(3));
        assert_eq!(c.last_agreement(), Some(2));
        // Differing from the very first move: nothing agrees.
        let c = compare(&["e4"], &["d4"]);
        assert_eq!(c.first_difference(), Some(0));
        assert_eq!(c.last_agreement(), None);
    }

    #[test]
    fn a_shorter_sheet_is_a_prefix() {
        let a = ["e4", "e5", "Nf3"];
        let b = ["e4", "e5"];
        assert_eq!(
            compare(&a, &b),
            Comparison::Shorter {
                common: 2,
                longer: Sheet::Record,
                longer_plies: 3
            }
        );
        assert_eq!(
            compare(&b, &a),
            Comparison::Shorter {
                common: 2,
                longer: Sheet::Other,
                longer_plies: 3
            }
        );
        assert_eq!(compare(&b, &a).first_difference(), Some(2));
    }

    #[test]
    fn common_prefix_matches_a_naive_scan_on_random_sheets() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for _ in 0..2000 {
            let n = rng.gen_range(0..12);
            let a: Vec<u8> = (0..n).map(|_| rng.gen_range(0..3)).collect();
            let m = rng.gen_range(0..12);
            let b: Vec<u8> = (0..m).map(|_| rng.gen_range(0..3)).collect();
            let c = compare(&a, &b);
            let mut naive = 0;
            while naive < a.len() && naive < b.len() && a[naive] == b[naive] {
                naive += 1;
            }
            assert_eq!(c.common(), naive, "{a:?} {b:?}");
            assert_eq!(c.agrees(), a == b);
            if let Some(d) = c.first_difference() {
                assert!(d >= a.len() || d >= b.len() || a[d] != b[d]);
            }
        }
    }

    #[test]
    fn move_points_name_number_and_side() {
        let p = MovePoint::of(0, Color::White, 1);
        assert_eq!((p.number, p.color), (1, Color::White));
        let p = MovePoint::of(3, Color::White, 1);
        assert_eq!((p.number, p.color), (2, Color::Black));
        // A game from a FEN with Black to move at move 30.
        let p = MovePoint::of(0, Color::Black, 30);
        assert_eq!((p.number, p.color), (30, Color::Black));
        let p = MovePoint::of(1, Color::Black, 30);
        assert_eq!((p.number, p.color), (31, Color::White));
    }
}
