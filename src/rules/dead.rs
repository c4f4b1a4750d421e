//! Dead positions and mating chances, decided soundly with chasolver.
//!
//! chasolver works on the `chess` crate's board, which knows only standard castling; a Chess960 position that
//! still has castling rights is therefore never proven dead here (it simply stays "not proven").

use shakmaty::{CastlingMode, CastlingSide, Chess, Color, EnPassantMode, Position, Role};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// The work the dead-position verdict after a move may take, in positions chasolver's searches
/// visit (a static analysis counts 50; see vendor/chasolver/HECTOR.md). Positions of kings, pawns and bishops
/// are the ones where its fast check searches deep (up to 15 plies; over a second on a few positions sent to
/// chasolver.org); when the steps run out the verdict is "not proven", so the game goes on (the position may
/// still be claimed or agreed drawn). On the development machine a step takes about 45 ns, so this is at most
/// about 11 ms; from 3,000 steps up, every verdict over chasolver's 68,950 test positions is the same as
/// without a bound. Work, not a clock: the verdict is the same on every machine and under any load, and it is
/// reached in place (handing it to a helper thread cost more CPU time than the verdict itself).
pub const DEAD_CHECK_STEPS: u64 = 250_000;

/// The longest a flag fall or an illegal move waits for `can_checkmate` before it
/// answers `Unknown` (and the arbiter decides).
pub const MATING_CHANCE_BUDGET: Duration = Duration::from_millis(1500);

/// At most this many searches that ran out of time may still be running; beyond it a mating chance is
/// answered `Unknown` at once instead of starting another.
const MAX_LATE: usize = 2;

/// A verdict to work out on a helper, with where to send its answer.
type Job = Box<dyn FnOnce() + Send + 'static>;

/// The helper threads that work out mating chances: chasolver's full search has a node
/// limit of its own but may take a second or more, so it runs on a helper and the caller waits at most
/// [`MATING_CHANCE_BUDGET`]. Each helper is started on first need and then waits for work. At most `max`
/// searches run at once; a search that is late keeps its helper busy until it ends on its own, and its
/// answer is dropped. Work and answers pass through a mutex and a condition variable, so a waiting thread
/// sleeps at once.
struct Helpers {
    max: usize,
    running: AtomicUsize,
    helpers: Mutex<Vec<Arc<Helper>>>,
}

/// One helper thread: the work it is given, and whether it has some.
struct Helper {
    inbox: Mutex<Option<Job>>,
    work_came: Condvar,
    busy: AtomicBool,
}

/// Where a helper leaves one verdict's answer for the caller who may still be waiting.
struct Answer<T> {
    value: Mutex<Option<T>>,
    given: Condvar,
}

impl Helpers {
    const fn new(max: usize) -> Helpers {
        Helpers {
            max,
            running: AtomicUsize::new(0),
            helpers: Mutex::new(Vec::new()),
        }
    }

    /// An idle helper (started when there is none yet), marked busy. `None` when no helper can take work.
    fn idle_helper(&self) -> Option<Arc<Helper>> {
        let mut helpers = self.helpers.lock().unwrap_or_else(|e| e.into_inner());
        let idle = helpers.iter().position(|h| !h.busy.load(Ordering::SeqCst));
        let at = match idle {
            Some(at) => at,
            None if helpers.len() < self.max => {
                let helper = Arc::new(Helper {
                    inbox: Mutex::new(None),
                    work_came: Condvar::new(),
                    busy: AtomicBool::new(false),
                });
                let own = Arc::clone(&helper);
                std::thread::Builder::new()
                    .name("dead-position".into())
                    .spawn(move || {
                        loop {
                            let job = {
                                let mut inbox = own.inbox.lock().unwrap_or_else(|e| e.into_inner());
                                loop {
                                    match inbox.take() {
                                        Some(job) => break job,
                                        None => {
                                            inbox = own
                                                .work_came
                                                .wait(inbox)
                                                .unwrap_or_else(|e| e.into_inner())
                                        }
                                    }
                                }
                            };
                            job();
                        }
                    })
                    .ok()?;
                helpers.push(helper);
                helpers.len() - 1
            }
            None => return None,
        };
        let helper = Arc::clone(&helpers[at]);
        helper.busy.store(true, Ordering::SeqCst);
        Some(helper)
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
        let Some(helper) = self.idle_helper() else {
            self.running.fetch_sub(1, Ordering::SeqCst);
            return None;
        };
        let answer = Arc::new(Answer {
            value: Mutex::new(None),
            given: Condvar::new(),
        });
        let to_give = Arc::clone(&answer);
        let worker = Arc::clone(&helper);
        let job: Job = Box::new(move || {
            let value = work();
            // Free again before the answer goes out: the caller's next verdict finds this helper idle.
            worker.busy.store(false, Ordering::SeqCst);
            self.running.fetch_sub(1, Ordering::SeqCst);
            *to_give.value.lock().unwrap_or_else(|e| e.into_inner()) = Some(value);
            to_give.given.notify_one();
        });
        *helper.inbox.lock().unwrap_or_else(|e| e.into_inner()) = Some(job);
        helper.work_came.notify_one();
        let value = answer.value.lock().unwrap_or_else(|e| e.into_inner());
        let (mut value, _) = answer
            .given
            .wait_timeout_while(value, budget, |v| v.is_none())
            .unwrap_or_else(|e| e.into_inner());
        value.take()
    }
}

static HELPERS: Helpers = Helpers::new(MAX_LATE);

/// How many mating-chance searches that ran out of time are still being worked out (for benchmarks).
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
/// chasolver's fast check for each side, with at most [`DEAD_CHECK_STEPS`] of work for each.
pub fn is_dead_position(pos: &Chess, mode: CastlingMode) -> bool {
    verdict(pos, mode, Some(DEAD_CHECK_STEPS))
}

/// The same verdict as [`is_dead_position`] without the time bound: for tests of the solver's reach and for
/// benchmarks, never for a game in progress.
pub fn is_dead_position_unbounded(pos: &Chess, mode: CastlingMode) -> bool {
    verdict(pos, mode, None)
}

/// `steps`: the work allowed for each side's check; `None` for no bound.
fn verdict(pos: &Chess, mode: CastlingMode, steps: Option<u64>) -> bool {
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
    let unwinnable = |side| match steps {
        Some(steps) => chasolver::is_unwinnable_fast_within(&board, side, steps) == Some(true),
        None => chasolver::is_unwinnable_fast(&board, side),
    };
    unwinnable(chess::Color::White) && unwinnable(chess::Color::Black)
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
    use std::sync::mpsc;

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
    fn the_after_move_verdict_is_bounded_by_work_not_by_a_clock() {
        let board = |fen: &str| to_chess_board(&pos(fen), CastlingMode::Standard).unwrap();
        // Dead, but chasolver's fast check searches over a second for it without a bound (chasolver.org's
        // test positions): the steps run out, the verdict is "not proven", the same on any machine.
        let slow = "kb6/b1p2p1p/1pP5/1P6/8/8/5P1P/5K2 w - - 0 1";
        assert_eq!(
            chasolver::is_unwinnable_fast_within(
                &board(slow),
                chess::Color::White,
                DEAD_CHECK_STEPS
            ),
            None,
            "the budget stops the search"
        );
        assert!(!is_dead_position(&pos(slow), CastlingMode::Standard));
        // Dead, and proven so only with more than 1,000 steps: the budget is well above that.
        let deep = "7k/p1p2p1P/5PpK/6P1/8/8/P1P5/8 w - - 0 1";
        let within = |steps| {
            [chess::Color::White, chess::Color::Black]
                .map(|c| chasolver::is_unwinnable_fast_within(&board(deep), c, steps))
        };
        assert_ne!(within(1_000), [Some(true), Some(true)]);
        assert_eq!(within(DEAD_CHECK_STEPS), [Some(true), Some(true)]);
        assert!(is_dead_position(&pos(deep), CastlingMode::Standard));
        // Without a budget chasolver answers as it always did (the start position is no dead position).
        let start = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(
            chasolver::is_unwinnable_fast_within(&start, chess::Color::White, DEAD_CHECK_STEPS),
            Some(false)
        );
        assert!(!chasolver::is_unwinnable_fast(&start, chess::Color::White));
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
