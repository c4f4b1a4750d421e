//! The legal moves of one piece kind to one square: what a move written in algebraic notation (R-C.8, R-C.9)
//! could mean, and what its disambiguation looks at (R-C.10). shakmaty's `san_candidates` answers the same
//! question, but returns a list of 256 moves by value; reading a file of games asks it once per move, and
//! the copy cost more than the answer. [`plain_candidates`] fills a caller's list, and declines what it does
//! not handle (an en passant capture onto the square), which is then left to shakmaty. A move is legal here
//! exactly when shakmaty's generator yields it: a piece pinned to its king moves only along the pin,
//! a king never onto an attacked square, and in check only a move that ends it.

use shakmaty::{Bitboard, Chess, Move, MoveList, Position, Rank, Role, Square, attacks};

/// Puts into `out` the legal moves of a `role` of the side to move that end on `to`, and returns true; or
/// returns false, leaving `out` as it was, when the position is one this does not handle (an en passant
/// capture could end on `to`, or a piece of the side to move stands there), so that the caller asks shakmaty
/// instead.
/// `in_check`: whether the side to move is in check (a caller may know it from the last move's sign).
pub(crate) fn plain_candidates(
    pos: &Chess,
    role: Role,
    to: Square,
    in_check: bool,
    out: &mut MoveList,
) -> bool {
    let board = pos.board();
    let turn = pos.turn();
    let Some(king) = board.king_of(turn) else {
        return false;
    };
    if pos.us().contains(to) || (role == Role::Pawn && pos.maybe_ep_square() == Some(to)) {
        return false;
    }
    let occupied = board.occupied();
    // In check (as shakmaty's `evasions`): the king steps off every checking line (`king_may_step`), another
    // piece takes the only checker or steps between.
    let checkers = if in_check {
        pos.checkers()
    } else {
        Bitboard(0)
    };
    if in_check && role != Role::King {
        let Some(checker) = checkers.single_square() else {
            return true;
        };
        if to != checker && !attacks::between(king, checker).contains(to) {
            return true;
        }
    }
    let capture = board.role_at(to);
    // The pieces that shield their own king from an enemy slider (as shakmaty's `slider_blockers`); none
    // unless one of the pieces that could move stands on a line through the king.
    let pinned = |froms: Bitboard| {
        let lines =
            attacks::rook_attacks(king, Bitboard(0)) | attacks::bishop_attacks(king, Bitboard(0));
        if (froms & lines).is_empty() {
            return Bitboard(0);
        }
        let snipers = (attacks::rook_attacks(king, Bitboard(0)) & board.rooks_and_queens())
            | (attacks::bishop_attacks(king, Bitboard(0)) & board.bishops_and_queens());
        let mut blockers = Bitboard(0);
        for sniper in snipers & pos.them() {
            let b = attacks::between(king, sniper) & occupied;
            if !b.more_than_one() {
                blockers |= b;
            }
        }
        blockers
    };
    let mut push = |from: Square, promotion: Option<Role>, blockers: Bitboard| {
        if !blockers.contains(from) || attacks::aligned(from, to, king) {
            out.push(Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            });
        }
    };
    match role {
        Role::King => {
            if king_may_step(pos, king, checkers, to) {
                push(king, None, Bitboard(0));
            }
        }
        Role::Pawn => {
            let pawns = pos.our(Role::Pawn);
            let froms = if capture.is_some() {
                attacks::pawn_attacks(!turn, to) & pawns
            } else {
                let back = turn.fold_wb(-8, 8);
                match to.offset(back) {
                    Some(one) if pawns.contains(one) => Bitboard::from_square(one),
                    Some(one)
                        if !occupied.contains(one)
                            && to.rank() == turn.fold_wb(Rank::Fourth, Rank::Fifth) =>
                    {
                        one.offset(back)
                            .filter(|two| pawns.contains(*two))
                            .map_or(Bitboard(0), Bitboard::from_square)
                    }
                    _ => Bitboard(0),
                }
            };
            if froms.is_empty() {
                return true;
            }
            let blockers = pinned(froms);
            let last_rank = to.rank() == turn.fold_wb(Rank::Eighth, Rank::First);
            for from in froms {
                if last_rank {
                    for piece in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                        push(from, Some(piece), blockers);
                    }
                } else {
                    push(from, None, blockers);
                }
            }
        }
        Role::Knight | Role::Bishop | Role::Rook | Role::Queen => {
            let reach = match role {
                Role::Knight => attacks::knight_attacks(to),
                Role::Bishop => attacks::bishop_attacks(to, occupied),
                Role::Rook => attacks::rook_attacks(to, occupied),
                _ => attacks::queen_attacks(to, occupied),
            };
            let froms = reach & pos.our(role);
            if froms.is_empty() {
                return true;
            }
            let blockers = pinned(froms);
            for from in froms {
                push(from, None, blockers);
            }
        }
    }
    true
}

/// Whether the king of the side to move has a legal move (castling aside), as shakmaty's generator would find
/// one: a square next to it, not its own piece's, not attacked, and in check not on a checking line beyond
/// it. Deciding mate starts here: a king that can step away is not mated.
pub(crate) fn king_can_move(pos: &Chess) -> bool {
    let board = pos.board();
    let turn = pos.turn();
    let Some(king) = board.king_of(turn) else {
        return false;
    };
    let checkers = pos.checkers();
    attacks::king_attacks(king)
        .into_iter()
        .any(|to| king_may_step(pos, king, checkers, to))
}

/// Whether the king of the side to move, on `king` and checked by `checkers`, may step to `to` (as shakmaty's
/// `gen_safe_king` with the target of `evasions`): next to it, not onto its own piece, not onto an attacked
/// square, and not back along a checking line.
fn king_may_step(pos: &Chess, king: Square, checkers: Bitboard, to: Square) -> bool {
    let board = pos.board();
    if !attacks::king_attacks(king).contains(to) || pos.us().contains(to) {
        return false;
    }
    for checker in checkers & board.sliders() {
        if to != checker && attacks::ray(checker, king).contains(to) {
            return false;
        }
    }
    board
        .attacks_to(to, !pos.turn(), board.occupied())
        .is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, EnPassantMode};

    /// Compares with shakmaty's generator for every piece kind and square of `pos`: the same moves, or a
    /// refusal. Returns how many (role, square) pairs were answered here.
    fn agrees(pos: &Chess) -> usize {
        let mut answered = 0;
        for role in Role::ALL {
            for to in Square::ALL {
                let mut ours = MoveList::new();
                if !plain_candidates(pos, role, to, pos.is_check(), &mut ours) {
                    assert!(ours.is_empty(), "a refusal leaves the list alone");
                    continue;
                }
                answered += 1;
                let mut theirs: Vec<Move> = pos.san_candidates(role, to).into_iter().collect();
                let mut ours: Vec<Move> = ours.into_iter().collect();
                theirs.sort_by_key(|m| format!("{m:?}"));
                ours.sort_by_key(|m| format!("{m:?}"));
                assert_eq!(
                    ours,
                    theirs,
                    "{role:?} to {to} in {}",
                    Fen::from_position(pos, EnPassantMode::Legal)
                );
            }
        }
        answered
    }

    #[test]
    fn the_candidates_are_shakmatys_in_every_position_of_random_games() {
        let mut rng = crate::rules::TestRng::new(0x2545_f491_4f6c_dd1d);
        let mut answered = 0;
        let mut in_check = 0;
        for _ in 0..300 {
            let mut pos = Chess::default();
            for _ in 0..200 {
                let king_moves = pos
                    .legal_moves()
                    .iter()
                    .any(|m| m.role() == Role::King && !m.is_castle());
                assert_eq!(
                    king_can_move(&pos),
                    king_moves,
                    "{}",
                    Fen::from_position(&pos, EnPassantMode::Legal)
                );
                let here = agrees(&pos);
                answered += here;
                if pos.is_check() && here > 0 {
                    in_check += 1;
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
        assert!(
            answered > 1_000_000,
            "the usual case is answered here ({answered})"
        );
        assert!(
            in_check > 1000,
            "positions in check are answered ({in_check})"
        );
    }

    #[test]
    fn pins_en_passant_and_promotions_are_shakmatys() {
        for fen in [
            // A knight pinned by a bishop, a rook pinned along a file, a pawn pinned along a diagonal.
            "4k3/8/8/1b6/8/3N4/4K3/8 w - - 0 1",
            "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1",
            "4k3/8/8/8/7b/8/5P2/4K3 w - - 0 1",
            // A pawn that may capture en passant, or push next to the one that just moved.
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "4k3/8/8/r2pP2K/8/8/8/8 w - d6 0 1",
            // Promotions by push and by capture, blocked double pushes, a king beside an attacked square.
            "1n2k3/P7/8/8/8/p7/P7/4K3 w - - 0 1",
            "4k3/8/8/8/8/n7/P7/4K2r w - - 0 1",
            // Check by a slider (the king may not step back along its line), double check, check by a pawn
            // that may be taken en passant, check that a pinned piece cannot block.
            "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",
            "4k3/8/8/8/1b6/8/4r3/4K2N w - - 0 1",
            "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1",
            "4k3/4r3/8/8/1b6/8/3N4/4K3 w - - 0 1",
            // Chess960: castling rights on unusual files do not change the candidates.
            "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
        ] {
            let setup: Fen = fen.parse().expect("a valid FEN");
            let pos: Chess = setup
                .into_position(CastlingMode::Chess960)
                .expect("a legal position");
            agrees(&pos);
        }
    }
}
