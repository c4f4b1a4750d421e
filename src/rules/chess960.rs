//! Chess960 start positions (Guidelines II): the 960 back ranks by their standard number.

use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, File, FromSetup, Piece, Rank, Role, Setup, Square,
};

/// The standard position's number in the Chess960 numbering (RNBQKBNR).
pub const STANDARD_NUMBER: u16 = 518;

/// R-GII.2: the back rank for position `n` (0..=959), in the usual (Scharnagl) numbering.
pub fn back_rank(n: u16) -> Option<[Role; 8]> {
    if n >= 960 {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut n = n as usize;
    // Light-squared bishop on b, d, f or h; dark-squared bishop on a, c, e or g.
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    n /= 4;
    let q = n % 6;
    n /= 6;
    place_on_nth_empty(&mut rank, q, Role::Queen);
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (k1, k2) = KNIGHTS[n];
    // Place the second knight first so the first index is not shifted.
    place_on_nth_empty(&mut rank, k2, Role::Knight);
    place_on_nth_empty(&mut rank, k1, Role::Knight);
    // The three squares left take rook, king, rook: the king between the rooks (R-GII.2).
    for role in [Role::Rook, Role::King, Role::Rook] {
        place_on_nth_empty(&mut rank, 0, role);
    }
    let mut out = [Role::Pawn; 8];
    for (o, r) in out.iter_mut().zip(rank) {
        *o = r?;
    }
    Some(out)
}

fn place_on_nth_empty(rank: &mut [Option<Role>; 8], n: usize, role: Role) {
    if let Some(slot) = rank.iter_mut().filter(|s| s.is_none()).nth(n) {
        *slot = Some(role);
    }
}

/// The number of a back rank, if it is a valid Chess960 rank (R-GII.2: king between the rooks, bishops on
/// opposite colours).
pub fn number_of(rank: &[Role; 8]) -> Option<u16> {
    (0..960u16).find(|&n| back_rank(n).as_ref() == Some(rank))
}

/// The full start position for Chess960 number `n`, with castling rights on both rooks.
pub fn position(n: u16) -> Option<Chess> {
    let roles = back_rank(n)?;
    let mut board = Board::empty();
    let mut rights = Bitboard::EMPTY;
    for (i, role) in roles.iter().enumerate() {
        let file = File::new(i as u32);
        for color in [Color::White, Color::Black] {
            let back = Square::from_coords(file, color.backrank());
            board.set_piece_at(back, Piece { color, role: *role });
            let pawn_rank = color.fold_wb(Rank::Second, Rank::Seventh);
            board.set_piece_at(
                Square::from_coords(file, pawn_rank),
                Piece {
                    color,
                    role: Role::Pawn,
                },
            );
            if *role == Role::Rook {
                rights |= Bitboard::from(back);
            }
        }
    }
    let setup = Setup {
        board,
        castling_rights: rights,
        ..Setup::empty()
    };
    Chess::from_setup(setup, CastlingMode::Chess960).ok()
}

/// The Chess960 number of a position's back rank, if it is an untouched Chess960 start position.
pub fn number_of_position(pos: &Chess) -> Option<u16> {
    use shakmaty::Position;
    let board = pos.board();
    let mut roles = [Role::Pawn; 8];
    for (i, slot) in roles.iter_mut().enumerate() {
        let sq = Square::from_coords(File::new(i as u32), Rank::First);
        *slot = board.role_at(sq)?;
    }
    let n = number_of(&roles)?;
    let start = position(n)?;
    (start.board() == board && start.turn() == pos.turn()).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    #[test]
    fn standard_is_518_and_all_960_are_valid_and_distinct() {
        let std = back_rank(STANDARD_NUMBER).unwrap();
        assert_eq!(
            std,
            [
                Role::Rook,
                Role::Knight,
                Role::Bishop,
                Role::Queen,
                Role::King,
                Role::Bishop,
                Role::Knight,
                Role::Rook
            ]
        );
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let r = back_rank(n).unwrap();
            assert!(seen.insert(r), "duplicate rank for {n}");
            let rooks: Vec<usize> = (0..8).filter(|&i| r[i] == Role::Rook).collect();
            let king = (0..8).find(|&i| r[i] == Role::King).unwrap();
            assert!(
                rooks[0] < king && king < rooks[1],
                "king not between rooks in {n}"
            );
            let bishops: Vec<usize> = (0..8).filter(|&i| r[i] == Role::Bishop).collect();
            assert_ne!(
                bishops[0] % 2,
                bishops[1] % 2,
                "bishops on same colour in {n}"
            );
            assert_eq!(number_of(&r), Some(n));
        }
        assert!(back_rank(960).is_none());
    }

    #[test]
    fn number_zero_is_bbqnnrkr() {
        let r = back_rank(0).unwrap();
        assert_eq!(
            r,
            [
                Role::Bishop,
                Role::Bishop,
                Role::Queen,
                Role::Knight,
                Role::Knight,
                Role::Rook,
                Role::King,
                Role::Rook
            ]
        );
        let pos = position(0).unwrap();
        assert_eq!(pos.legal_moves().len(), 20);
        assert_eq!(number_of_position(&pos), Some(0));
    }
}
