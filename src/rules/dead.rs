//! Dead positions and mating chances, decided soundly with chasolver.
//!
//! chasolver works on the `chess` crate's board, which knows only standard castling; a Chess960 position that
//! still has castling rights is therefore never proven dead here (it simply stays "not proven").

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position, Role};
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// The longest a move waits for the dead-position verdict. Positions of only kings, pawns and
/// bishops are the ones where chasolver's fast check searches deep (up to 15 plies; seconds on a few
/// constructed positions); they are decided on a helper thread, and a verdict not reached in this time is
/// "not proven", so the game goes on (the position may still be claimed or agreed drawn). Every other
/// position is decided in place: chasolver searches it 4 plies deep, well under a millisecond.
pub const DEAD_CHECK_BUDGET: Duration = Duration::from_millis(30);

/// The longest a flag fall or an illegal move waits for `can_checkmate` before it
/// answers `Unknown` (and the arbiter decides).
pub const MATING_CHANCE_BUDGET: Duration = Duration::from_millis(1500);

/// At most this many verdicts that ran out of time may still be running; beyond it a slow kind of position
/// is answered "not proven" at once instead of starting another.
const MAX_LATE: usize = 2;
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// How many verdicts that ran out of time are still being worked out (for benchmarks).
pub fn late_checks_running() -> usize {
    RUNNING.load(Ordering::SeqCst)
}

/// Runs `work` on a helper thread and waits at most `budget` for its answer; `None` when it is late or too
/// many late ones are still running. The late thread finishes on its own and its answer is dropped.
fn within<T: Send + 'static>(
    budget: Duration,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    if RUNNING.fetch_add(1, Ordering::SeqCst) >= MAX_LATE {
        RUNNING.fetch_sub(1, Ordering::SeqCst);
        return None;
    }
    let (tx, rx) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("dead-position".into())
        .spawn(move || {
            let answer = work();
            RUNNING.fetch_sub(1, Ordering::SeqCst);
            let _ = tx.send(answer);
        });
    if spawned.is_err() {
        RUNNING.fetch_sub(1, Ordering::SeqCst);
        return None;
    }
    rx.recv_timeout(budget).ok()
}

/// Only kings, pawns and bishops: the positions where chasolver may search long.
fn may_search_long(pos: &Chess) -> bool {
    let board = pos.board();
    (board.knights() | board.rooks() | board.queens()).is_empty() && board.by_role(Role::Pawn).any()
}

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
/// chasolver's fast check for each side, and waits at most [`DEAD_CHECK_BUDGET`] for it.
pub fn is_dead_position(pos: &Chess, mode: CastlingMode) -> bool {
    verdict(pos, mode, Some(DEAD_CHECK_BUDGET))
}

/// The same verdict as [`is_dead_position`] without the time bound: for tests of the solver's reach and for
/// benchmarks, never for a game in progress.
pub fn is_dead_position_unbounded(pos: &Chess, mode: CastlingMode) -> bool {
    verdict(pos, mode, None)
}

fn verdict(pos: &Chess, mode: CastlingMode, budget: Option<Duration>) -> bool {
    if pos.is_checkmate() {
        return false;
    }
    // Cheap exact shortcut: bare material on both sides is dead without asking the solver.
    if pos.is_insufficient_material() {
        return true;
    }
    let Some(board) = to_chess_board(pos, mode) else {
        return false;
    };
    let unwinnable = move || {
        chasolver::is_unwinnable_fast(&board, chess::Color::White)
            && chasolver::is_unwinnable_fast(&board, chess::Color::Black)
    };
    match budget {
        Some(budget) if may_search_long(pos) => within(budget, unwinnable).unwrap_or(false),
        _ => unwinnable(),
    }
}

/// may `side` still checkmate by any legal sequence? Uses chasolver's full helpmate
/// search, which has its own node limit, and waits at most [`MATING_CHANCE_BUDGET`]; inconclusive or late
/// searches answer `Unknown`.
pub fn can_checkmate(pos: &Chess, mode: CastlingMode, side: Color) -> MatingChance {
    chance(pos, mode, side, Some(MATING_CHANCE_BUDGET))
}

/// [`can_checkmate`] without the time bound: for tests of the solver's reach, never for a game in progress.
pub fn can_checkmate_unbounded(pos: &Chess, mode: CastlingMode, side: Color) -> MatingChance {
    chance(pos, mode, side, None)
}

fn chance(pos: &Chess, mode: CastlingMode, side: Color, budget: Option<Duration>) -> MatingChance {
    if pos.is_checkmate() {
        return if pos.turn() == side {
            MatingChance::No
        } else {
            MatingChance::Yes
        };
    }
    if pos.has_insufficient_material(side) {
        return MatingChance::No;
    }
    let Some(board) = to_chess_board(pos, mode) else {
        return MatingChance::Unknown;
    };
    let colour = to_chess_color(side);
    let search = move || {
        if chasolver::is_unwinnable_fast(&board, colour) {
            return MatingChance::No;
        }
        match chasolver::winnability(&board, colour) {
            Some(chasolver::Winnability::Winnable { .. }) => MatingChance::Yes,
            Some(chasolver::Winnability::Unwinnable) => MatingChance::No,
            None => MatingChance::Unknown,
        }
    };
    match budget {
        Some(budget) => within(budget, search).unwrap_or(MatingChance::Unknown),
        None => search(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn bare_kings_and_locked_pawns_are_dead() {
        assert!(is_dead_position(
            &pos("8/8/4k3/8/8/3K4/8/8 w - - 0 1"),
            CastlingMode::Standard
        ));
        // A locked pawn wall with only kings: no one can ever break through.
        let wall = pos("8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1");
        assert!(is_dead_position(&wall, CastlingMode::Standard));
        assert!(!is_dead_position(&Chess::default(), CastlingMode::Standard));
    }

    #[test]
    fn a_late_verdict_is_not_waited_for_and_says_nothing() {
        // Work that cannot finish until released: the caller gets no answer after the budget, and the late
        // thread ends on its own once released.
        let (release, wait) = mpsc::channel::<()>();
        let answer = within(Duration::from_millis(20), move || {
            let _ = wait.recv();
            true
        });
        assert_eq!(answer, None);
        release.send(()).unwrap();
        // Work that finishes in time is answered.
        assert_eq!(within(Duration::from_secs(5), || 7), Some(7));
    }

    #[test]
    fn bounded_and_unbounded_verdicts_agree_on_quick_positions() {
        for fen in [
            "8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1",
            "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
            "8/8/4k3/4p3/8/3KN3/8/8 w - - 0 1",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        ] {
            let p = pos(fen);
            assert_eq!(
                is_dead_position(&p, CastlingMode::Standard),
                is_dead_position_unbounded(&p, CastlingMode::Standard),
                "{fen}"
            );
        }
    }

    #[test]
    fn mating_chances_follow_material() {
        let kq = pos("8/8/4k3/8/8/Q2K4/8/8 w - - 0 1");
        assert_eq!(
            can_checkmate(&kq, CastlingMode::Standard, Color::White),
            MatingChance::Yes
        );
        assert_eq!(
            can_checkmate(&kq, CastlingMode::Standard, Color::Black),
            MatingChance::No
        );
        // King and knight against king and pawn: the knight's side can mate with help.
        let kn = pos("8/8/4k3/4p3/8/3KN3/8/8 w - - 0 1");
        assert_eq!(
            can_checkmate(&kn, CastlingMode::Standard, Color::White),
            MatingChance::Yes
        );
        assert!(!is_dead_position(&kn, CastlingMode::Standard));
    }
}
