//! Dead positions and mating chances, decided soundly with chasolver.
//!
//! chasolver works on the `chess` crate's board, which knows only standard castling; a Chess960 position that
//! still has castling rights is therefore never proven dead here (it simply stays "not proven").

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};
use std::str::FromStr;

/// Whether a side may still checkmate by some legal sequence of moves. `No` only when proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatingChance {
    Yes,
    No,
    Unknown,
}

fn to_chess_board(pos: &Chess, mode: CastlingMode) -> Option<chess::Board> {
    if mode == CastlingMode::Chess960 && pos.castles().any() {
        // The `chess` board cannot carry Chess960 castling rights.
        return None;
    }
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    chess::Board::from_str(&fen).ok()
}

fn to_chess_color(c: Color) -> chess::Color {
    match c {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    }
}

/// the verdict after a move. Sound (never "dead" without proof) and bounded: it runs only
/// chasolver's fast check for each side, which does not search.
pub fn is_dead_position(pos: &Chess, mode: CastlingMode) -> bool {
    if pos.is_checkmate() {
        return false;
    }
    // Cheap exact shortcut: bare material on both sides is dead without asking the solver.
    if pos.is_insufficient_material() {
        return true;
    }
    let Some(board) = to_chess_board(pos, mode) else { return false };
    chasolver::is_unwinnable_fast(&board, chess::Color::White)
        && chasolver::is_unwinnable_fast(&board, chess::Color::Black)
}

/// may `side` still checkmate by any legal sequence? Uses chasolver's full helpmate
/// search, which has its own node limit; inconclusive searches answer `Unknown`.
pub fn can_checkmate(pos: &Chess, mode: CastlingMode, side: Color) -> MatingChance {
    if pos.is_checkmate() {
        return if pos.turn() == side { MatingChance::No } else { MatingChance::Yes };
    }
    if pos.has_insufficient_material(side) {
        return MatingChance::No;
    }
    let Some(board) = to_chess_board(pos, mode) else { return MatingChance::Unknown };
    let colour = to_chess_color(side);
    if chasolver::is_unwinnable_fast(&board, colour) {
        return MatingChance::No;
    }
    match chasolver::winnability(&board, colour) {
        Some(chasolver::Winnability::Winnable { .. }) => MatingChance::Yes,
        Some(chasolver::Winnability::Unwinnable) => MatingChance::No,
        None => MatingChance::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        Fen::from_ascii(fen.as_bytes()).unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn bare_kings_and_locked_pawns_are_dead() {
        assert!(is_dead_position(&pos("8/8/4k3/8/8/3K4/8/8 w - - 0 1"), CastlingMode::Standard));
        // A locked pawn wall with only kings: no one can ever break through.
        let wall = pos("8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1");
        assert!(is_dead_position(&wall, CastlingMode::Standard));
        assert!(!is_dead_position(&Chess::default(), CastlingMode::Standard));
    }

    #[test]
    fn mating_chances_follow_material() {
        let kq = pos("8/8/4k3/8/8/Q2K4/8/8 w - - 0 1");
        assert_eq!(can_checkmate(&kq, CastlingMode::Standard, Color::White), MatingChance::Yes);
        assert_eq!(can_checkmate(&kq, CastlingMode::Standard, Color::Black), MatingChance::No);
        // King and knight against king and pawn: the knight's side can mate with help.
        let kn = pos("8/8/4k3/4p3/8/3KN3/8/8 w - - 0 1");
        assert_eq!(can_checkmate(&kn, CastlingMode::Standard, Color::White), MatingChance::Yes);
        assert!(!is_dead_position(&kn, CastlingMode::Standard));
    }
}
