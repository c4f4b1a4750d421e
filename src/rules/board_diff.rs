//! A described board (a player's tactile board, R-D.2.9) against the game's position: the fewest physical
//! steps that make it right, each with the slip it most likely was. Pure.
//!
//! # The steps and why they are the fewest
//! A step is one of: move a piece from X to an empty Y; remove a piece; put a piece on an empty square;
//! replace the piece on a square by another (a piece of the other colour or another role). Every step counts 1.
//!
//! Call a square *wrong* when the described and the wanted piece differ. A wrong square holding a piece
//! holds a *surplus* piece; a wrong square that should hold a piece has a *deficit*. (A square can have both.)
//! A move can settle one surplus and one deficit of the same piece; a replace settles the surplus and the
//! deficit of one square; a remove or a put settles one. So with P such pairs the cost is
//! `surplus + deficit - P`, and the fewest steps come from the largest set of disjoint pairs: a maximum
//! matching between surplus pieces and deficits, where a surplus and a deficit may pair when they are the same
//! piece (a move) or on the same square (a replace). [`fewest_steps`] is that number; [`correct`] finds
//! such a matching with the Hungarian algorithm, breaking ties by how likely a slip is (short moves, the
//! recent moves of the game), and orders the steps so each can be done on a real board (a square is emptied
//! before a piece goes onto it; a ring of moves is done as replaces, which costs the same). The tests check
//! this against a breadth-first search over every sequence of steps on small boards.

use shakmaty::{Bitboard, Board, CastlingSide, Color, Move, Piece, Role, Square};

/// The usual slips on a tactile board, as far as the steps and the game's last moves tell them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slip {
    /// A captured piece is still on the board (on its square or beside it).
    CaptureNotRemoved,
    /// A piece stands on a square next to the one it belongs on.
    NeighbouringSquare,
    /// King or rook of a castling was moved, the other not.
    CastlingHalfDone,
    /// The pawn taken en passant is still on the board.
    EnPassantNotRemoved,
    /// A promoted pawn became another piece than the one played.
    WrongPromotion,
    /// A promoted pawn is still a pawn.
    PawnNotPromoted,
    /// The right piece in the wrong colour.
    WrongColour,
    /// A move of the game was not made on this board (the piece is still where it came from).
    MoveNotMade,
    /// Two pieces stand on each other's squares.
    Swapped,
    /// Any other piece on the wrong square.
    Misplaced,
    /// A piece that does not belong on the board.
    ExtraPiece,
    /// A piece missing from the board.
    MissingPiece,
    /// Another piece than the one that belongs there.
    WrongPiece,
}

/// One physical step that corrects the described board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// Move `piece` from `from` to the empty square `to`.
    Move {
        piece: Piece,
        from: Square,
        to: Square,
        slip: Slip,
    },
    /// Take `piece` off `at`.
    Remove {
        piece: Piece,
        at: Square,
        slip: Slip,
    },
    /// Put `piece` on the empty square `at`.
    Put {
        piece: Piece,
        at: Square,
        slip: Slip,
    },
    /// Take `was` off `at` and put `now` there.
    Replace {
        at: Square,
        was: Piece,
        now: Piece,
        slip: Slip,
    },
}

impl Step {
    pub fn slip(&self) -> Slip {
        match *self {
            Step::Move { slip, .. }
            | Step::Remove { slip, .. }
            | Step::Put { slip, .. }
            | Step::Replace { slip, .. } => slip,
        }
    }
}

/// A step that cannot be done on the board as it stands (a test aid, and a check of [`correct`]'s order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("step {index} cannot be done: {step:?}")]
pub struct StepError {
    pub index: usize,
    pub step: Step,
}

/// Carries out `steps` in order on `board`, checking that each can be done physically.
pub fn apply(board: &mut Board, steps: &[Step]) -> Result<(), StepError> {
    for (index, step) in steps.iter().enumerate() {
        let ok = match *step {
            Step::Move {
                piece, from, to, ..
            } => board.piece_at(from) == Some(piece) && board.piece_at(to).is_none() && from != to,
            Step::Remove { piece, at, .. } => board.piece_at(at) == Some(piece),
            Step::Put { at, .. } => board.piece_at(at).is_none(),
            Step::Replace { at, was, now, .. } => board.piece_at(at) == Some(was) && was != now,
        };
        if !ok {
            return Err(StepError { index, step: *step });
        }
        match *step {
            Step::Move {
                piece, from, to, ..
            } => {
                board.discard_piece_at(from);
                board.set_piece_at(to, piece);
            }
            Step::Remove { at, .. } => board.discard_piece_at(at),
            Step::Put { piece, at, .. } | Step::Replace { now: piece, at, .. } => {
                board.set_piece_at(at, piece)
            }
        }
    }
    Ok(())
}

/// The squares where the two boards differ.
pub fn differing_squares(described: &Board, target: &Board) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for sq in described.occupied() | target.occupied() {
        if described.piece_at(sq) != target.piece_at(sq) {
            out.add(sq);
        }
    }
    out
}

struct Wrong {
    /// (square, piece) of every surplus piece.
    surplus: Vec<(Square, Piece)>,
    /// (square, piece) of every deficit.
    deficit: Vec<(Square, Piece)>,
}

fn wrong(described: &Board, target: &Board) -> Wrong {
    let mut surplus = Vec::new();
    let mut deficit = Vec::new();
    for sq in differing_squares(described, target) {
        if let Some(p) = described.piece_at(sq) {
            surplus.push((sq, p));
        }
        if let Some(p) = target.piece_at(sq) {
            deficit.push((sq, p));
        }
    }
    Wrong { surplus, deficit }
}

fn can_pair(s: (Square, Piece), d: (Square, Piece)) -> bool {
    s.0 == d.0 || s.1 == d.1
}

/// The fewest steps that turn `described` into `target`: surplus + deficit - maximum matching.
pub fn fewest_steps(described: &Board, target: &Board) -> usize {
    let w = wrong(described, target);
    // Kuhn's augmenting paths: at most 64 × 32 edges.
    let n = w.surplus.len();
    let mut matched_to: Vec<Option<usize>> = vec![None; w.deficit.len()];
    fn augment(i: usize, w: &Wrong, seen: &mut [bool], matched_to: &mut [Option<usize>]) -> bool {
        for j in 0..w.deficit.len() {
            if !seen[j] && can_pair(w.surplus[i], w.deficit[j]) {
                seen[j] = true;
                if matched_to[j].is_none_or(|k| augment(k, w, seen, matched_to)) {
                    matched_to[j] = Some(i);
                    return true;
                }
            }
        }
        false
    }
    let mut pairs = 0;
    for i in 0..n {
        let mut seen = vec![false; w.deficit.len()];
        if augment(i, &w, &mut seen, &mut matched_to) {
            pairs += 1;
        }
    }
    w.surplus.len() + w.deficit.len() - pairs
}

/// One step is worth this much; the plausibility of a slip only breaks ties below it.
const UNIT: i64 = 10_000;
const NEVER: i64 = 4 * UNIT;

/// The minimum-cost assignment of an n × n matrix (Hungarian algorithm, O(n³)). `assignment[row] = column`.
fn hungarian(cost: &[Vec<i64>]) -> Vec<usize> {
    let n = cost.len();
    if n == 0 {
        return Vec::new();
    }
    // 1-based potentials, as in the classic formulation.
    let inf = i64::MAX / 4;
    let mut u = vec![0i64; n + 1];
    let mut v = vec![0i64; n + 1];
    let mut p = vec![0usize; n + 1];
    let mut way = vec![0usize; n + 1];
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0usize;
        let mut minv = vec![inf; n + 1];
        let mut used = vec![false; n + 1];
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let mut delta = inf;
            let mut j1 = 0usize;
            for j in 1..=n {
                if !used[j] {
                    let cur = cost[i0 - 1][j - 1] - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=n {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut assignment = vec![0usize; n];
    for j in 1..=n {
        if p[j] != 0 {
            assignment[p[j] - 1] = j - 1;
        }
    }
    assignment
}

/// The game's last half-moves (oldest first) with the side that played each: they explain slips.
pub type Recent<'a> = &'a [(Color, Move)];

fn castle_squares(color: Color, m: Move) -> Option<(Square, Square, Square, Square)> {
    if let Move::Castle { king, rook } = m {
        let side = if rook.file() > king.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        Some((king, side.king_to(color), rook, side.rook_to(color)))
    } else {
        None
    }
}

fn ep_victim(m: Move) -> Option<Square> {
    match m {
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        _ => None,
    }
}

/// Plausibility cost of a move step (lower is likelier), below `UNIT`: a recent move not made on the board
/// first, then a recent move or castling half done, then short moves before long ones.
fn move_penalty(piece: Piece, from: Square, to: Square, recent: Recent) -> i64 {
    let mut pen = 100 + 10 * i64::from(from.distance(to));
    for (age, &(c, m)) in recent.iter().rev().enumerate() {
        if c != piece.color {
            continue;
        }
        let age = age as i64;
        if let Some((k, kt, r, rt)) = castle_squares(c, m) {
            if (piece.role == Role::King && from == k && to == kt)
                || (piece.role == Role::Rook && from == r && to == rt)
            {
                pen = pen.min(5 + age);
            }
        } else if m.to() == to && m.from() == Some(from) {
            pen = pen.min(5 + age);
        } else if m.to() == to {
            pen = pen.min(40 + 10 * i64::from(from.distance(to)) + age);
        }
    }
    pen
}

fn replace_penalty(was: Piece, now: Piece) -> i64 {
    if was.role == now.role { 120 } else { 150 }
}

fn classify_remove(piece: Piece, at: Square, recent: Recent) -> Slip {
    let theirs = || recent.iter().rev().filter(|(c, _)| *c != piece.color);
    // A taken pawn exactly where en passant took it, or a captured piece on its square, before one beside it.
    if piece.role == Role::Pawn && theirs().any(|&(_, m)| ep_victim(m) == Some(at)) {
        return Slip::EnPassantNotRemoved;
    }
    for near in [0, 1] {
        if theirs().any(|&(_, m)| {
            m.capture() == Some(piece.role) && !m.is_en_passant() && m.to().distance(at) <= near
        }) {
            return Slip::CaptureNotRemoved;
        }
    }
    Slip::ExtraPiece
}

fn classify_move(piece: Piece, from: Square, to: Square, recent: Recent) -> Slip {
    for &(c, m) in recent.iter().rev() {
        if c != piece.color {
            continue;
        }
        if let Some((k, kt, r, rt)) = castle_squares(c, m) {
            if (piece.role == Role::King && from == k && to == kt)
                || (piece.role == Role::Rook && from == r && to == rt)
            {
                return Slip::CastlingHalfDone;
            }
            continue;
        }
        if m.to() == to && m.from() == Some(from) {
            return Slip::MoveNotMade;
        }
        if m.to() == to && from.distance(to) == 1 {
            return Slip::NeighbouringSquare;
        }
    }
    if from.distance(to) == 1 {
        Slip::NeighbouringSquare
    } else {
        Slip::Misplaced
    }
}

fn classify_put(piece: Piece, at: Square, recent: Recent) -> Slip {
    for &(c, m) in recent.iter().rev() {
        if c == piece.color
            && let Some((_, kt, _, rt)) = castle_squares(c, m)
            && ((piece.role == Role::Rook && at == rt) || (piece.role == Role::King && at == kt))
        {
            return Slip::CastlingHalfDone;
        }
    }
    Slip::MissingPiece
}

fn classify_replace(at: Square, was: Piece, now: Piece, recent: Recent) -> Slip {
    for &(c, m) in recent.iter().rev() {
        if c == now.color && m.to() == at && m.promotion().is_some() && was.color == now.color {
            return if was.role == Role::Pawn {
                Slip::PawnNotPromoted
            } else {
                Slip::WrongPromotion
            };
        }
    }
    if was.role == now.role {
        Slip::WrongColour
    } else {
        Slip::WrongPiece
    }
}

/// R-D.2.9 (3): the fewest steps that turn the `described` board into `target` (the game's position), in an
/// order that can be carried out, each with its likeliest slip. `recent`: the game's last moves, oldest first.
pub fn correct(described: &Board, target: &Board, recent: Recent) -> Vec<Step> {
    let w = wrong(described, target);
    let (ns, nd) = (w.surplus.len(), w.deficit.len());
    let n = ns + nd;
    // Rows: surplus pieces, then one dummy row per deficit (a put). Columns: deficits, then one dummy column per
    // surplus piece (a remove).
    let mut cost = vec![vec![0i64; n]; n];
    for (i, &(ssq, sp)) in w.surplus.iter().enumerate() {
        for (j, &(dsq, dp)) in w.deficit.iter().enumerate() {
            cost[i][j] = if ssq == dsq {
                UNIT + replace_penalty(sp, dp)
            } else if sp == dp {
                UNIT + move_penalty(sp, ssq, dsq, recent)
            } else {
                NEVER
            };
        }
        let remove = UNIT
            + match classify_remove(sp, ssq, recent) {
                Slip::ExtraPiece => 200,
                _ => 50,
            };
        for c in &mut cost[i][nd..n] {
            *c = remove;
        }
    }
    for (j, &(dsq, dp)) in w.deficit.iter().enumerate() {
        let put = UNIT
            + match classify_put(dp, dsq, recent) {
                Slip::MissingPiece => 200,
                _ => 50,
            };
        for row in cost.iter_mut().skip(ns) {
            row[j] = put;
        }
    }
    let assignment = hungarian(&cost);

    let mut removes = Vec::new();
    let mut replaces = Vec::new();
    let mut puts = Vec::new();
    // Moves by source square: (piece, from, to).
    let mut moves: Vec<(Piece, Square, Square)> = Vec::new();
    for (i, &j) in assignment.iter().enumerate() {
        match (i < ns, j < nd) {
            (true, true) => {
                let (ssq, sp) = w.surplus[i];
                let (dsq, dp) = w.deficit[j];
                debug_assert!(can_pair(w.surplus[i], w.deficit[j]));
                if ssq == dsq {
                    replaces.push(Step::Replace {
                        at: ssq,
                        was: sp,
                        now: dp,
                        slip: classify_replace(ssq, sp, dp, recent),
                    });
                } else {
                    moves.push((sp, ssq, dsq));
                }
            }
            (true, false) => {
                let (sq, p) = w.surplus[i];
                removes.push(Step::Remove {
                    piece: p,
                    at: sq,
                    slip: classify_remove(p, sq, recent),
                });
            }
            (false, true) => {
                let (sq, p) = w.deficit[j];
                puts.push(Step::Put {
                    piece: p,
                    at: sq,
                    slip: classify_put(p, sq, recent),
                });
            }
            (false, false) => {}
        }
    }

    // Order the moves: a move onto a square waits for the move off it. What stays in a ring is done as
    // replaces (same count).
    let mut ordered = Vec::new();
    let mut left = moves;
    // Squares that will still be occupied by a piece that has to leave (a pending move's source).
    loop {
        let sources: Vec<Square> = left.iter().map(|&(_, f, _)| f).collect();
        let (ready, wait): (Vec<_>, Vec<_>) =
            left.iter().partition(|&&(_, _, to)| !sources.contains(&to));
        if ready.is_empty() {
            left = wait;
            break;
        }
        for (piece, from, to) in ready {
            ordered.push(Step::Move {
                piece,
                from,
                to,
                slip: classify_move(piece, from, to, recent),
            });
        }
        left = wait;
    }
    // A ring of moves: each square gets the piece that belongs there.
    for &(_, _, to) in &left {
        let was = described.piece_at(to).expect("a ring square holds a piece");
        let now = target
            .piece_at(to)
            .expect("a ring square has a wanted piece");
        let slip = match classify_replace(to, was, now, recent) {
            Slip::WrongPiece => Slip::Swapped,
            other => other,
        };
        replaces.push(Step::Replace {
            at: to,
            was,
            now,
            slip,
        });
    }

    let mut steps = removes;
    steps.extend(ordered);
    steps.extend(replaces);
    steps.extend(puts);
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use std::collections::VecDeque;

    fn board(fen: &str) -> Board {
        fen.parse().unwrap()
    }

    fn check(described: &Board, target: &Board, recent: Recent) -> Vec<Step> {
        let steps = correct(described, target, recent);
        let mut b = described.clone();
        apply(&mut b, &steps).unwrap_or_else(|e| panic!("{e} in {steps:?}"));
        assert_eq!(&b, target, "{steps:?}");
        assert_eq!(steps.len(), fewest_steps(described, target), "{steps:?}");
        steps
    }

    /// Breadth-first search over every step sequence on the squares `universe`, with the pieces `kinds`: the
    /// true minimum where the steps stay on those squares and pieces. A state is a number in base
    /// `kinds.len() + 1`, one digit per square (0 = empty).
    fn brute_force(
        described: &Board,
        target: &Board,
        universe: &[Square],
        kinds: &[Piece],
    ) -> usize {
        let base = kinds.len() + 1;
        let code = |b: &Board| -> usize {
            universe.iter().rev().fold(0, |acc, &sq| {
                acc * base
                    + match b.piece_at(sq) {
                        None => 0,
                        Some(p) => 1 + kinds.iter().position(|k| *k == p).unwrap(),
                    }
            })
        };
        let n = universe.len();
        let pow: Vec<usize> = (0..n).map(|i| base.pow(i as u32)).collect();
        let start = code(described);
        let goal = code(target);
        let mut dist = vec![u8::MAX; base.pow(n as u32)];
        dist[start] = 0;
        let mut queue = VecDeque::from([start]);
        while let Some(s) = queue.pop_front() {
            let d = dist[s];
            if s == goal {
                return d as usize;
            }
            let digit = |a: usize| (s / pow[a]) % base;
            let mut push = |t: usize, queue: &mut VecDeque<usize>| {
                if dist[t] == u8::MAX {
                    dist[t] = d + 1;
                    queue.push_back(t);
                }
            };
            for a in 0..n {
                let x = digit(a);
                let cleared = s - x * pow[a];
                if x != 0 {
                    // Remove.
                    push(cleared, &mut queue);
                    // Move to an empty square.
                    for (b, pb) in pow.iter().enumerate() {
                        if digit(b) == 0 {
                            push(cleared + x * pb, &mut queue);
                        }
                    }
                }
                // Put or replace.
                for y in 1..base {
                    if y != x {
                        push(cleared + y * pow[a], &mut queue);
                    }
                }
            }
        }
        unreachable!("the goal is always reachable")
    }

    const KINDS: [Piece; 4] = [
        Piece {
            color: Color::White,
            role: Role::Knight,
        },
        Piece {
            color: Color::White,
            role: Role::Rook,
        },
        Piece {
            color: Color::Black,
            role: Role::Knight,
        },
        Piece {
            color: Color::Black,
            role: Role::Pawn,
        },
    ];

    /// Random boards that differ on `differing` squares, with `parking` free squares and one right, occupied
    /// square around them; the steps found must be as few as the brute-force minimum.
    fn against_brute_force(
        seed: u64,
        cases: usize,
        kinds: &[Piece],
        differing: usize,
        parking: usize,
    ) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut by_cost = [0usize; 8];
        let total = differing + parking + 1;
        for _ in 0..cases {
            let mut squares: Vec<Square> = Vec::new();
            while squares.len() < total {
                let sq = Square::new(rng.gen_range(0..64));
                if !squares.contains(&sq) {
                    squares.push(sq);
                }
            }
            let mut described = Board::empty();
            let mut target = Board::empty();
            for &sq in &squares[..differing] {
                if rng.gen_bool(0.6) {
                    described.set_piece_at(sq, kinds[rng.gen_range(0..kinds.len())]);
                }
                if rng.gen_bool(0.6) {
                    target.set_piece_at(sq, kinds[rng.gen_range(0..kinds.len())]);
                }
            }
            let fixed = kinds[rng.gen_range(0..kinds.len())];
            described.set_piece_at(squares[total - 1], fixed);
            target.set_piece_at(squares[total - 1], fixed);
            let steps = check(&described, &target, &[]);
            let brute = brute_force(&described, &target, &squares, kinds);
            assert_eq!(
                steps.len(),
                brute,
                "{} -> {}: {steps:?}",
                described.board_fen(),
                target.board_fen()
            );
            by_cost[brute.min(7)] += 1;
        }
        // The cases are not all trivial.
        assert!(
            by_cost[3..].iter().sum::<usize>() > cases / 5,
            "{by_cost:?}"
        );
    }

    #[test]
    fn fewest_steps_equal_the_brute_force_minimum_on_small_boards() {
        // Three kinds: the same role in both colours and another role; five squares that may differ.
        against_brute_force(29, 2000, &KINDS[..3], 5, 1);
        // Four kinds, two parking squares.
        against_brute_force(31, 300, &KINDS, 4, 2);
    }

    #[test]
    fn a_swap_is_two_steps_and_can_be_done() {
        // Knight and bishop swapped (R-2.4 commentary: the arbiter checks for a swapped N/B).
        let target = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
        let described = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKNBR");
        let steps = check(&described, &target, &[]);
        assert_eq!(steps.len(), 2);
        assert!(steps.iter().all(|s| s.slip() == Slip::Swapped), "{steps:?}");
        // Three pieces in a ring.
        let described = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKRBN");
        let steps = check(&described, &target, &[]);
        assert_eq!(steps.len(), 3);
    }

    #[test]
    fn the_nearest_piece_moves() {
        // Two white knights misplaced: each goes the short way.
        let target = board("8/8/8/8/8/8/8/1N4N1");
        let described = board("8/8/8/8/8/2N5/8/6N1");
        let steps = check(&described, &target, &[]);
        assert_eq!(
            steps,
            vec![Step::Move {
                piece: Piece {
                    color: Color::White,
                    role: Role::Knight
                },
                from: Square::C3,
                to: Square::B1,
                slip: Slip::Misplaced
            }]
        );
    }

    /// The board after `ucis` from `fen`, and the moves played with their sides.
    fn line(fen: &str, ucis: &[&str]) -> (Board, Vec<(Color, Move)>) {
        use shakmaty::fen::Fen;
        use shakmaty::{CastlingMode, Chess, Position};
        let mut p: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let mut out = Vec::new();
        for uci in ucis {
            let m = uci
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&p)
                .unwrap();
            out.push((p.turn(), m));
            p.play_unchecked(m);
        }
        (p.board().clone(), out)
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn pc(c: char) -> Piece {
        Piece::from_char(c).unwrap()
    }

    #[test]
    fn slips_are_named() {
        let (target, r) = line(START, &["e2e4", "d7d5", "e4d5"]);
        // exd5: the black pawn pushed aside to c5 and left there.
        let mut described = target.clone();
        described.set_piece_at(Square::C5, pc('p'));
        let steps = check(&described, &target, &r);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].slip(), Slip::CaptureNotRemoved);
        // The white pawn put on d6 instead of d5: a neighbouring square.
        let mut described = target.clone();
        described.discard_piece_at(Square::D5);
        described.set_piece_at(Square::D6, pc('P'));
        let steps = check(&described, &target, &r);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].slip(), Slip::NeighbouringSquare);
        // The capture not made at all: the white pawn still on e4, the black one on d5.
        let mut described = target.clone();
        described.set_piece_at(Square::E4, pc('P'));
        described.set_piece_at(Square::D5, pc('p'));
        let steps = check(&described, &target, &r);
        assert_eq!(steps.len(), 2, "{steps:?}");
        // Wrong colour.
        let mut described = target.clone();
        described.set_piece_at(Square::D5, pc('p'));
        let steps = check(&described, &target, &r);
        assert_eq!(steps[0].slip(), Slip::WrongColour);
    }

    #[test]
    fn castling_half_done_en_passant_and_promotion() {
        // O-O with the rook left on h1.
        let (target, r) = line("4k3/8/8/8/8/8/8/4K2R w K - 0 1", &["e1g1"]);
        let mut described = target.clone();
        described.discard_piece_at(Square::F1);
        described.set_piece_at(Square::H1, pc('R'));
        let steps = check(&described, &target, &r);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].slip(), Slip::CastlingHalfDone);
        // The rook moved, the king left on e1.
        let mut described = target.clone();
        described.discard_piece_at(Square::G1);
        described.set_piece_at(Square::E1, pc('K'));
        let steps = check(&described, &target, &r);
        assert_eq!(steps[0].slip(), Slip::CastlingHalfDone);
        // En passant: the captured pawn still on d5.
        let (target, r) = line("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5", "e5d6"]);
        let mut described = target.clone();
        described.set_piece_at(Square::D5, pc('p'));
        let steps = check(&described, &target, &r);
        assert_eq!(steps[0].slip(), Slip::EnPassantNotRemoved);
        // Promotion to a queen, a knight on the board; or the pawn still there.
        let (target, r) = line("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", &["b7b8q"]);
        let mut described = target.clone();
        described.set_piece_at(Square::B8, pc('N'));
        let steps = check(&described, &target, &r);
        assert_eq!(steps[0].slip(), Slip::WrongPromotion);
        described.set_piece_at(Square::B8, pc('P'));
        let steps = check(&described, &target, &r);
        assert_eq!(steps[0].slip(), Slip::PawnNotPromoted);
    }

    #[test]
    fn a_full_board_of_rubbish_is_put_right() {
        let target = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
        let described =
            board("QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ");
        let steps = check(&described, &target, &[]);
        // 31 replaces (d1 is right), 32 removes.
        assert_eq!(steps.len(), 63);
        let steps = check(&Board::empty(), &target, &[]);
        assert_eq!(steps.len(), 32);
        assert!(check(&target, &target, &[]).is_empty());
    }
}
