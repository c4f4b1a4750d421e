//! Dead positions and mating chances, decided soundly with chasolver.
//!
//! chasolver works on the `chess` crate's board, which knows only standard castling; a Chess960 position that
//! still has castling rights is therefore never proven dead here (it simply stays "not proven").

use shakmaty::{CastlingMode, CastlingSide, Chess, Color, EnPassantMode, Position, Role};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
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

/// A verdict to work out on a helper, with where to send its answer.
type Job = Box<dyn FnOnce() + Send + 'static>;

/// The helper threads that work out verdicts which may take long. Each is started on first need and then
/// waits for work: starting a thread for every verdict cost more than most verdicts (reading a file of games
/// asks for one per game). At most `max` verdicts run at once; a verdict that is late keeps its helper busy
/// until it ends on its own, and its answer is dropped.
struct Helpers {
    max: usize,
    running: AtomicUsize,
    helpers: Mutex<Vec<Helper>>,
}

/// One helper thread: where to send it work, and whether it has some.
struct Helper {
    jobs: mpsc::Sender<Job>,
    busy: Arc<AtomicBool>,
}

impl Helpers {
    const fn new(max: usize) -> Helpers {
        Helpers {
            max,
            running: AtomicUsize::new(0),
            helpers: Mutex::new(Vec::new()),
        }
    }

    /// An idle helper (started when there is none yet), marked busy: where to send its work, and the mark
    /// to clear when the work is done. `None` when no helper can take work.
    fn idle_helper(&self) -> Option<(mpsc::Sender<Job>, Arc<AtomicBool>)> {
        let mut helpers = self.helpers.lock().unwrap_or_else(|e| e.into_inner());
        let idle = helpers.iter().position(|h| !h.busy.load(Ordering::SeqCst));
        let at = match idle {
            Some(at) => at,
            None if helpers.len() < self.max => {
                let (jobs, rx) = mpsc::channel::<Job>();
                std::thread::Builder::new()
                    .name("dead-position".into())
                    .spawn(move || {
                        while let Ok(job) = rx.recv() {
                            job();
                        }
                    })
                    .ok()?;
                helpers.push(Helper {
                    jobs,
                    busy: Arc::new(AtomicBool::new(false)),
                });
                helpers.len() - 1
            }
            None => return None,
        };
        let helper = &helpers[at];
        helper.busy.store(true, Ordering::SeqCst);
        Some((helper.jobs.clone(), Arc::clone(&helper.busy)))
    }

    /// Runs `work` on a helper and waits at most `budget` for its answer; `None` when it is late or too many
    /// late ones are still running.
    fn within<T: Send + 'static>(
        &'static self,
        budget: Duration,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        if self.running.fetch_add(1, Ordering::SeqCst) >= self.max {
            self.running.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        let Some((jobs, busy)) = self.idle_helper() else {
            self.running.fetch_sub(1, Ordering::SeqCst);
            return None;
        };
        let (tx, rx) = mpsc::channel();
        let job: Job = Box::new(move || {
            let answer = work();
            // Free again before the answer goes out: the caller's next verdict finds this helper idle.
            busy.store(false, Ordering::SeqCst);
            self.running.fetch_sub(1, Ordering::SeqCst);
            let _ = tx.send(answer);
        });
        if let Err(mpsc::SendError(_job)) = jobs.send(job) {
            // The helper is gone (it cannot be: it waits for ever); its mark stays, so it is not used again.
            self.running.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        rx.recv_timeout(budget).ok()
    }
}

static HELPERS: Helpers = Helpers::new(MAX_LATE);

/// How many verdicts that ran out of time are still being worked out (for benchmarks).
pub fn late_checks_running() -> usize {
    HELPERS.running.load(Ordering::SeqCst)
}

/// Runs `work` on a helper thread and waits at most `budget` for its answer; `None` when it is late or too
/// many late ones are still running. The late work finishes on its own and its answer is dropped.
fn within<T: Send + 'static>(
    budget: Duration,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    HELPERS.within(budget, work)
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

/// The position on chasolver's board, square by square (as its FEN would give it, without writing and
/// reading the text: this runs once for every game read from a file).
fn to_chess_board(pos: &Chess, mode: CastlingMode) -> Option<chess::Board> {
    if mode == CastlingMode::Chess960 && pos.castles().any() {
        // The `chess` board cannot carry Chess960 castling rights.
        return None;
    }
    let mut b = chess::BoardBuilder::new();
    for (sq, piece) in pos.board() {
        let square = chess::Square::make_square(
            chess::Rank::from_index(usize::from(sq.rank())),
            chess::File::from_index(usize::from(sq.file())),
        );
        let role = match piece.role {
            Role::Pawn => chess::Piece::Pawn,
            Role::Knight => chess::Piece::Knight,
            Role::Bishop => chess::Piece::Bishop,
            Role::Rook => chess::Piece::Rook,
            Role::Queen => chess::Piece::Queen,
            Role::King => chess::Piece::King,
        };
        b.piece(square, role, to_chess_color(piece.color));
    }
    b.side_to_move(to_chess_color(pos.turn()));
    for color in [Color::White, Color::Black] {
        let castles = pos.castles();
        let rights = match (
            castles.has(color, CastlingSide::KingSide),
            castles.has(color, CastlingSide::QueenSide),
        ) {
            (true, true) => chess::CastleRights::Both,
            (true, false) => chess::CastleRights::KingSide,
            (false, true) => chess::CastleRights::QueenSide,
            (false, false) => chess::CastleRights::NoRights,
        };
        b.castle_rights(to_chess_color(color), rights);
    }
    if let Some(ep) = pos.ep_square(EnPassantMode::Legal) {
        b.en_passant(Some(chess::File::from_index(usize::from(ep.file()))));
    }
    chess::Board::try_from(&b).ok()
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

    use shakmaty::fen::Fen;
    use std::str::FromStr;

    /// The board as chasolver's FEN reader makes it: what `to_chess_board` must give.
    fn by_fen(pos: &Chess) -> Option<chess::Board> {
        let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
        chess::Board::from_str(&fen).ok()
    }

    #[test]
    fn the_board_given_to_chasolver_is_the_one_its_fen_gives() {
        let mut positions: Vec<Chess> = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 b - - 0 1",
            "8/2p5/8/KP5r/8/8/8/7k b - - 0 1",
        ]
        .iter()
        .map(|f| pos(f))
        .collect();
        // Every position of a game with captures, checks, castling on both sides and en passant.
        let mut p = Chess::default();
        for uci in [
            "e2e4", "d7d5", "e4e5", "f7f5", "e5f6", "g8f6", "g1f3", "b8c6", "f1c4", "c8g4", "e1g1",
            "d8d6", "d2d4", "e8c8", "c4d5", "c6d4", "d5b7", "c8b7",
        ] {
            let m = shakmaty::uci::UciMove::from_ascii(uci.as_bytes())
                .unwrap()
                .to_move(&p)
                .unwrap();
            p.play_unchecked(m);
            positions.push(p.clone());
        }
        for p in &positions {
            let fen = Fen::from_position(p, EnPassantMode::Legal).to_string();
            let ours = to_chess_board(p, CastlingMode::Standard);
            assert!(ours.is_some(), "{fen}");
            assert_eq!(ours, by_fen(p), "{fen}");
        }
    }

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
        // Helpers of the test's own, so that verdicts of other tests running at the same time take none.
        static OWN: Helpers = Helpers::new(1);
        // Work that cannot finish until the test releases it. A budget of zero: the caller must answer "no
        // verdict" at once, whatever the machine's load, while the work is still blocked. A caller that
        // waited for the work would wait for ever; the watchdog then releases the work after a minute, so
        // such a caller fails here instead of hanging (a correct caller returns long before).
        let (release, wait) = mpsc::channel::<()>();
        let (done_tx, done) = mpsc::channel::<()>();
        let finished = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = Arc::clone(&finished);
        let watchdog = release.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_secs(60));
            let _ = watchdog.send(());
        });
        let answer = OWN.within(Duration::ZERO, move || {
            let _ = wait.recv();
            flag.store(true, Ordering::SeqCst);
            let _ = done_tx.send(());
            true
        });
        assert!(
            !finished.load(Ordering::SeqCst),
            "the caller waited for the blocked verdict"
        );
        assert_eq!(answer, None);
        // While it is blocked, its helper is taken: the next verdict is "not proven" at once, not queued.
        assert_eq!(OWN.within(Duration::from_secs(3600), || 1), None);
        // Released, the late work ends on its own; its answer goes nowhere, and the helper is free again.
        release.send(()).unwrap();
        done.recv().unwrap();
        while OWN.running.load(Ordering::SeqCst) > 0 {
            std::thread::yield_now();
        }
        // Work that finishes is answered (the budget is far beyond any load).
        assert_eq!(OWN.within(Duration::from_secs(3600), || 7), Some(7));
        assert_eq!(OWN.within(Duration::from_secs(3600), || 8), Some(8));
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
