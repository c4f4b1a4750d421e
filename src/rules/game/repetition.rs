//! What makes two positions the same: the repetition key and its Zobrist hash.

use shakmaty::zobrist::{Zobrist128, ZobristValue};
use shakmaty::{CastlingSide, Chess, Color, EnPassantMode, Move, Position, Role, Square};

use crate::rules::edition::Edition;

/// what makes two positions the same. Placement, side to move and castling rights are in the
/// hash; the en passant square only when a legal en passant capture exists. Under the 2005 edition the
/// castling moves possible at the moment also count (temporary changes make a position differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    /// The 128-bit Zobrist hash as two halves: a `u128` field would align the key to 16 bytes and make it
    /// 32 bytes long instead of 24 (one key is kept for every move of every game read).
    pub(super) hash: [u64; 2],
    pub(super) castling_now: u8,
}

/// A 128-bit hash as the two halves [`RepetitionKey`] keeps.
pub(super) fn halves(hash: u128) -> [u64; 2] {
    [hash as u64, (hash >> 64) as u64]
}

/// The 128-bit hash back from its halves.
pub(super) fn whole(halves: [u64; 2]) -> u128 {
    u128::from(halves[0]) | (u128::from(halves[1]) << 64)
}

impl RepetitionKey {
    pub fn of(pos: &Chess, edition: Edition) -> RepetitionKey {
        let hash: Zobrist128 = pos.zobrist_hash(EnPassantMode::Legal);
        let castling_now = if edition.repetition_counts_temporary_castling() {
            castling_moves_bits(pos)
        } else {
            0
        };
        RepetitionKey {
            hash: halves(hash.0),
            castling_now,
        }
    }
}

/// What a position's hash owes to its castling rights and to a legal en passant capture (see
/// [`RepetitionKey`]), the parts a move changes beside the pieces and the side to move.
pub(super) fn rights_hash(pos: &Chess) -> u128 {
    let mut hash = Zobrist128(0);
    let castles = pos.castles();
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if castles.has(color, side) {
                hash ^= Zobrist128::zobrist_for_castling_right(color, side);
            }
        }
    }
    // The legal en passant square is looked for only where shakmaty keeps one (after a double step).
    if pos.maybe_ep_square().is_some()
        && let Some(sq) = pos.ep_square(EnPassantMode::Legal)
    {
        hash ^= Zobrist128::zobrist_for_en_passant_file(sq.file());
    }
    hash.0
}

/// What a move changes in the hash through the pieces it moves, takes and puts, and the side to move.
pub(super) fn move_hash(turn: Color, m: Move) -> u128 {
    let piece =
        |sq: Square, role: Role, color: Color| Zobrist128::zobrist_for_piece(sq, role.of(color));
    let mut hash = Zobrist128::zobrist_for_white_turn();
    match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            hash ^= piece(from, role, turn);
            hash ^= piece(to, promotion.unwrap_or(role), turn);
            if let Some(taken) = capture {
                hash ^= piece(to, taken, turn.other());
            }
        }
        Move::EnPassant { from, to } => {
            hash ^= piece(from, Role::Pawn, turn);
            hash ^= piece(to, Role::Pawn, turn);
            hash ^= piece(
                Square::from_coords(to.file(), from.rank()),
                Role::Pawn,
                turn.other(),
            );
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            hash ^= piece(king, Role::King, turn);
            hash ^= piece(side.king_to(turn), Role::King, turn);
            hash ^= piece(rook, Role::Rook, turn);
            hash ^= piece(side.rook_to(turn), Role::Rook, turn);
        }
        Move::Put { role, to } => hash ^= piece(to, role, turn),
    }
    hash.0
}

fn castling_moves_bits(pos: &Chess) -> u8 {
    let mut bits = 0u8;
    let sides = [CastlingSide::KingSide, CastlingSide::QueenSide];
    for (i, side) in sides.iter().enumerate() {
        if !pos.castling_moves(*side).is_empty() {
            bits |= 1 << i;
        }
    }
    // The opponent's castling moves, as if it were his turn (only meaningful when he is not in check now).
    if let Ok(swapped) = pos.clone().swap_turn() {
        for (i, side) in sides.iter().enumerate() {
            if !swapped.castling_moves(*side).is_empty() {
                bits |= 1 << (i + 2);
            }
        }
    }
    bits
}
