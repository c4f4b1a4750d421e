//! The board check (R-D.2.9) on positions from real games (tests/data/pgn): 1 to 4 physical slips of every
//! kind are injected into the position of a tactile board; the correction must bring it back every time, be
//! no longer than the slips made, be the fewest steps (by matching), and equal a brute-force search over every
//! step sequence wherever that search is small enough. A single slip must be named for what it was.

use std::collections::VecDeque;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{Bitboard, Board, CastlingSide, Color, Move, Piece, Position, Role, Square};

use hector::rules::board_diff::{Slip, apply, correct, differing_squares, fewest_steps};
use hector::rules::{Game, pgn};

fn data(path: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pgn")
        .join(path);
    let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The first `n` games of a file.
fn games(path: &str, n: usize) -> Vec<Game> {
    let text = data(path);
    let mut cut = text.len();
    if let Some((i, _)) = text.match_indices("[Event ").nth(n) {
        cut = i;
    }
    pgn::import(&text[..cut]).games
}

fn all_games() -> Vec<Game> {
    let mut out = Vec::new();
    for f in [
        "famous/immortal-games.pgn",
        "famous/kasparov-deep-blue-1997.pgn",
        "famous/anastasian-lewis.pgn",
        "famous/molinari-bordais-1979.pgn",
        "famous/nepomniachtchi-liren-game1.pgn",
        "chess960/cutechess-fischerrandom.pgn",
    ] {
        out.extend(games(f, 1000));
    }
    out.extend(games("collections/twic0920.pgn", 150));
    assert!(out.len() > 150, "{} games", out.len());
    out
}

/// A slip a player makes on a tactile board, relative to the game's last moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    CaptureNotRemoved,
    Neighbouring,
    CastlingHalfDone,
    EnPassantNotRemoved,
    WrongPromotion,
    WrongColour,
    MoveNotMade,
}

const KINDS: [Kind; 7] = [
    Kind::CaptureNotRemoved,
    Kind::Neighbouring,
    Kind::CastlingHalfDone,
    Kind::EnPassantNotRemoved,
    Kind::WrongPromotion,
    Kind::WrongColour,
    Kind::MoveNotMade,
];

fn expected_slip(kind: Kind) -> Slip {
    match kind {
        Kind::CaptureNotRemoved => Slip::CaptureNotRemoved,
        Kind::Neighbouring => Slip::NeighbouringSquare,
        Kind::CastlingHalfDone => Slip::CastlingHalfDone,
        Kind::EnPassantNotRemoved => Slip::EnPassantNotRemoved,
        Kind::WrongPromotion => Slip::WrongPromotion,
        Kind::WrongColour => Slip::WrongColour,
        Kind::MoveNotMade => Slip::MoveNotMade,
    }
}

fn neighbours(sq: Square) -> Vec<Square> {
    shakmaty::attacks::king_attacks(sq).into_iter().collect()
}

/// Makes the slip on `board` (the tactile board) if the game's last moves allow it; returns how many
/// physical changes it made (0: not possible here). `touched`: squares earlier slips changed (left alone so
/// slips do not undo each other).
fn inject(
    kind: Kind,
    board: &mut Board,
    recent: &[(Color, Move)],
    touched: &mut Bitboard,
    rng: &mut ChaCha8Rng,
) -> usize {
    let free = |b: &Board, t: &Bitboard, sq: Square| b.piece_at(sq).is_none() && !t.contains(sq);
    match kind {
        Kind::CaptureNotRemoved => {
            for &(c, m) in recent.iter().rev() {
                if let (Some(role), false) = (m.capture(), m.is_en_passant()) {
                    let mut around = neighbours(m.to());
                    around.shuffle(rng);
                    if let Some(&sq) = around.iter().find(|&&s| free(board, touched, s)) {
                        board.set_piece_at(
                            sq,
                            Piece {
                                color: c.other(),
                                role,
                            },
                        );
                        touched.add(sq);
                        return 1;
                    }
                }
            }
            0
        }
        Kind::Neighbouring => {
            for &(c, m) in recent.iter().rev() {
                let to = match m {
                    Move::Castle { .. } => continue,
                    _ => m.to(),
                };
                let Some(p) = board.piece_at(to).filter(|p| p.color == c) else {
                    continue;
                };
                if touched.contains(to) {
                    continue;
                }
                let mut around = neighbours(to);
                around.shuffle(rng);
                if let Some(&sq) = around
                    .iter()
                    .find(|&&s| free(board, touched, s) && Some(s) != m.from())
                {
                    board.discard_piece_at(to);
                    board.set_piece_at(sq, p);
                    touched.add(sq);
                    touched.add(to);
                    return 1;
                }
            }
            0
        }
        Kind::CastlingHalfDone => {
            for &(c, m) in recent.iter().rev() {
                if let Move::Castle { king, rook } = m {
                    let side = if rook.file() > king.file() {
                        CastlingSide::KingSide
                    } else {
                        CastlingSide::QueenSide
                    };
                    let (kt, rt) = (side.king_to(c), side.rook_to(c));
                    // Leave the rook (or the king) where it stood.
                    let (from, to, role) = if rng.gen_bool(0.5) {
                        (rt, rook, Role::Rook)
                    } else {
                        (kt, king, Role::King)
                    };
                    if from == to
                        || touched.contains(from)
                        || board.piece_at(from) != Some(Piece { color: c, role })
                        || !free(board, touched, to)
                    {
                        continue;
                    }
                    board.discard_piece_at(from);
                    board.set_piece_at(to, Piece { color: c, role });
                    touched.add(from);
                    touched.add(to);
                    return 1;
                }
            }
            0
        }
        Kind::EnPassantNotRemoved => {
            for &(c, m) in recent.iter().rev() {
                if let Move::EnPassant { from, to } = m {
                    let victim = Square::from_coords(to.file(), from.rank());
                    if free(board, touched, victim) {
                        board.set_piece_at(
                            victim,
                            Piece {
                                color: c.other(),
                                role: Role::Pawn,
                            },
                        );
                        touched.add(victim);
                        return 1;
                    }
                }
            }
            0
        }
        Kind::WrongPromotion => {
            for &(c, m) in recent.iter().rev() {
                if let Some(promoted) = m.promotion() {
                    let to = m.to();
                    if touched.contains(to)
                        || board.piece_at(to)
                            != Some(Piece {
                                color: c,
                                role: promoted,
                            })
                    {
                        continue;
                    }
                    let others: Vec<Role> = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
                        .into_iter()
                        .filter(|r| *r != promoted)
                        .collect();
                    let role = *others.choose(rng).unwrap();
                    board.set_piece_at(to, Piece { color: c, role });
                    touched.add(to);
                    return 1;
                }
            }
            0
        }
        Kind::WrongColour => {
            let mut squares: Vec<Square> = (board.occupied() & !*touched).into_iter().collect();
            squares.shuffle(rng);
            let Some(&sq) = squares.first() else {
                return 0;
            };
            let p = board.piece_at(sq).unwrap();
            board.set_piece_at(
                sq,
                Piece {
                    color: p.color.other(),
                    role: p.role,
                },
            );
            touched.add(sq);
            1
        }
        Kind::MoveNotMade => {
            // The last move of a side not made on the board: the piece back, a captured piece back.
            let &(c, m) = recent.last().unwrap();
            let Move::Normal {
                role,
                from,
                capture,
                to,
                promotion: None,
            } = m
            else {
                return 0;
            };
            if touched.contains(from)
                || touched.contains(to)
                || board.piece_at(to) != Some(Piece { color: c, role })
                || board.piece_at(from).is_some()
            {
                return 0;
            }
            board.discard_piece_at(to);
            board.set_piece_at(from, Piece { color: c, role });
            if let Some(r) = capture {
                board.set_piece_at(
                    to,
                    Piece {
                        color: c.other(),
                        role: r,
                    },
                );
            }
            touched.add(from);
            touched.add(to);
            if capture.is_some() { 2 } else { 1 }
        }
    }
}

/// Breadth-first search over every step sequence on `universe` with the pieces found there (and none
/// other): the true fewest steps. A state is a number with one digit per square.
fn brute_force(described: &Board, target: &Board, universe: &[Square]) -> usize {
    let mut kinds: Vec<Piece> = Vec::new();
    for &sq in universe {
        for p in [described.piece_at(sq), target.piece_at(sq)]
            .into_iter()
            .flatten()
        {
            if !kinds.contains(&p) {
                kinds.push(p);
            }
        }
    }
    let base = kinds.len() + 1;
    let code = |b: &Board| -> usize {
        universe.iter().rev().fold(0, |acc, &sq| {
            acc * base
                + b.piece_at(sq)
                    .map_or(0, |p| 1 + kinds.iter().position(|k| *k == p).unwrap())
        })
    };
    let n = universe.len();
    let pow: Vec<usize> = (0..n).map(|i| base.pow(i as u32)).collect();
    let (start, goal) = (code(described), code(target));
    let mut dist = vec![u8::MAX; base.pow(n as u32)];
    dist[start] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(s) = queue.pop_front() {
        let d = dist[s];
        if s == goal {
            return usize::from(d);
        }
        let digit = |a: usize| (s / pow[a]) % base;
        let mut push = |t: usize, q: &mut VecDeque<usize>| {
            if dist[t] == u8::MAX {
                dist[t] = d + 1;
                q.push_back(t);
            }
        };
        for a in 0..n {
            let x = digit(a);
            let cleared = s - x * pow[a];
            if x != 0 {
                push(cleared, &mut queue);
                for (b, pb) in pow.iter().enumerate() {
                    if digit(b) == 0 {
                        push(cleared + x * pb, &mut queue);
                    }
                }
            }
            for y in 1..base {
                if y != x {
                    push(cleared + y * pow[a], &mut queue);
                }
            }
        }
    }
    unreachable!()
}

#[test]
fn injected_slips_in_real_games_are_corrected_with_the_fewest_steps() {
    let games = all_games();
    let mut rng = ChaCha8Rng::seed_from_u64(2_9);
    let mut cases = 0usize;
    let mut named = [0usize; 7];
    let mut single = [0usize; 7];
    let mut brute_checked = 0usize;
    let mut by_slips = [0usize; 5];
    for game in &games {
        let plies = game.plies();
        for k in 1..=plies.len() {
            let target = game.position_before(k).board().clone();
            let recent: Vec<(Color, Move)> = plies[k.saturating_sub(4)..k]
                .iter()
                .map(|p| (p.color(), p.mv))
                .collect();
            // Every kind alone, where it can happen; and a few random mixes of 2 to 4.
            let mut plans: Vec<Vec<Kind>> = KINDS.iter().map(|k| vec![*k]).collect();
            for _ in 0..2 {
                let n = rng.gen_range(2..=4);
                plans.push((0..n).map(|_| *KINDS.choose(&mut rng).unwrap()).collect());
            }
            for plan in plans {
                let mut described = target.clone();
                let mut touched = Bitboard::EMPTY;
                let mut changes = 0;
                let mut made = 0;
                for &kind in &plan {
                    let c = inject(kind, &mut described, &recent, &mut touched, &mut rng);
                    changes += c;
                    made += usize::from(c > 0);
                }
                if made == 0 {
                    continue;
                }
                cases += 1;
                by_slips[made] += 1;
                let steps = correct(&described, &target, &recent);
                let mut b = described.clone();
                apply(&mut b, &steps).unwrap_or_else(|e| panic!("{e}: {steps:?}"));
                assert_eq!(b, target, "{steps:?}");
                assert!(steps.len() <= changes, "{plan:?}: {steps:?}");
                assert_eq!(steps.len(), fewest_steps(&described, &target));
                let wrong: Vec<Square> =
                    differing_squares(&described, &target).into_iter().collect();
                if wrong.len() <= 5 {
                    // The wrong squares, one free square to park a piece on, one right occupied square.
                    let mut universe = wrong.clone();
                    if let Some(free) = (!(described.occupied() | target.occupied())).first() {
                        universe.push(free);
                    }
                    if let Some(right) = (described.occupied() & target.occupied())
                        .into_iter()
                        .find(|s| !wrong.contains(s))
                    {
                        universe.push(right);
                    }
                    assert_eq!(
                        steps.len(),
                        brute_force(&described, &target, &universe),
                        "{plan:?}: {steps:?}"
                    );
                    brute_checked += 1;
                }
                if plan.len() == 1 {
                    let i = KINDS.iter().position(|k| *k == plan[0]).unwrap();
                    single[i] += 1;
                    let want = expected_slip(plan[0]);
                    if steps.iter().any(|s| s.slip() == want) {
                        named[i] += 1;
                    } else {
                        panic!(
                            "{:?} named {:?} in {}: {steps:?}",
                            plan[0],
                            steps.iter().map(|s| s.slip()).collect::<Vec<_>>(),
                            shakmaty::fen::Fen::from_position(
                                &game.position_before(k - 1),
                                shakmaty::EnPassantMode::Legal
                            )
                        );
                    }
                }
            }
        }
    }
    eprintln!(
        "{cases} cases in {} games; single slips by kind {single:?}; by number of slips {by_slips:?}; \
         {brute_checked} checked by brute force",
        games.len()
    );
    // Every kind occurred often enough to mean something.
    for (kind, n) in KINDS.iter().zip(single) {
        assert!(n >= 5, "{kind:?} happened only {n} times");
    }
    assert!(by_slips[4] > 100, "{by_slips:?}");
    assert!(brute_checked > 1000);
}
