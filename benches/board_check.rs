//! The board-mismatch work of R-D.2.9 (target: under 1 ms, release build): two 150-move scoresheets
//! compared (the other one typed as SAN text and replayed, or already moves) and the correction of a board with
//! 4 slips.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{Board, Color, Move, Piece, Position, Role, Square};
use std::time::Instant;

use hector::rules::board_diff::{correct, fewest_steps};
use hector::rules::{Game, pgn, scoresheet};
use hector::words::Vocabulary;
use hector::words::scoresheet_text;

const PLIES: usize = 300;

/// A random legal game of 150 moves (300 half-moves) that has not ended: pawn moves and captures are
/// preferred now and then so that the 75-move rule does not end it.
fn long_game() -> Game {
    for seed in 0.. {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Game::new();
        while g.plies().len() < PLIES && !g.is_over() {
            let moves: Vec<Move> = g.legal_moves().into_iter().collect();
            let zeroing: Vec<Move> = moves.iter().copied().filter(|m| m.is_zeroing()).collect();
            let pick = if !zeroing.is_empty() && g.halfmove_clock() > 60 && rng.gen_bool(0.5) {
                *zeroing.choose(&mut rng).unwrap()
            } else {
                *moves.choose(&mut rng).unwrap()
            };
            g.play_without_dead_check(pick).unwrap();
        }
        if g.plies().len() == PLIES && !g.is_over() {
            return g;
        }
    }
    unreachable!()
}

/// The other scoresheet as typed text: the same moves up to half-move 250, then another legal move.
fn other_sheet(g: &Game) -> (String, Vec<Move>) {
    let mut replay = Game::new();
    let mut sans = Vec::new();
    let mut moves = Vec::new();
    for (i, ply) in g.plies().iter().enumerate() {
        let m = if i == 250 {
            replay
                .legal_moves()
                .into_iter()
                .find(|m| *m != ply.mv)
                .unwrap_or(ply.mv)
        } else if i > 250 {
            match replay.legal_moves().first() {
                Some(m) => *m,
                None => break,
            }
        } else {
            ply.mv
        };
        if i % 2 == 0 {
            sans.push(format!("{}.", i / 2 + 1));
        }
        sans.push(replay.san(m).to_string());
        moves.push(m);
        if replay.play_without_dead_check(m).is_err() || replay.is_over() {
            break;
        }
    }
    (sans.join(" "), moves)
}

/// A board from the middle of the game with 4 slips: a piece of the wrong colour, a piece on a neighbouring
/// square, a captured piece not removed, a piece missing.
fn slipped(g: &Game) -> (Board, Board) {
    let target = g.position_before(120).board().clone();
    let mut b = target.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let occupied: Vec<Square> = b.occupied().into_iter().collect();
    let a = *occupied.choose(&mut rng).unwrap();
    let p = b.piece_at(a).unwrap();
    b.set_piece_at(
        a,
        Piece {
            color: p.color.other(),
            role: p.role,
        },
    );
    let movable = occupied.iter().copied().find(|&s| {
        s != a
            && shakmaty::attacks::king_attacks(s)
                .into_iter()
                .any(|t| b.piece_at(t).is_none())
    });
    let from = movable.unwrap();
    let to = shakmaty::attacks::king_attacks(from)
        .into_iter()
        .find(|t| b.piece_at(*t).is_none())
        .unwrap();
    let q = b.remove_piece_at(from).unwrap();
    b.set_piece_at(to, q);
    let empty = (!b.occupied()).into_iter().next().unwrap();
    b.set_piece_at(
        empty,
        Piece {
            color: Color::Black,
            role: Role::Knight,
        },
    );
    let gone = occupied
        .iter()
        .copied()
        .find(|&s| s != a && s != from && b.piece_at(s).is_some())
        .unwrap();
    b.discard_piece_at(gone);
    assert_eq!(fewest_steps(&b, &target), 4);
    (b, target)
}

fn record_moves(g: &Game) -> Vec<Move> {
    g.plies().iter().map(|p| p.mv).collect()
}

fn bench(c: &mut Criterion) {
    let g = long_game();
    let v = Vocabulary::default();
    let (text, other_moves) = other_sheet(&g);
    let record = record_moves(&g);
    let (described, target) = slipped(&g);
    let recent: Vec<(Color, Move)> = g.plies()[116..120]
        .iter()
        .map(|p| (p.color(), p.mv))
        .collect();
    let pgn_text = format!("[Event \"other\"]\n\n{text} *\n");

    // Sanity: the pipeline finds the difference at half-move 250.
    let r = scoresheet_text::replay(&g, &v, &text);
    assert_eq!(r.stopped, None);
    assert_eq!(
        scoresheet::compare(&record, &r.moves).first_difference(),
        Some(250)
    );

    c.bench_function("compare two 150-move scoresheets (moves)", |b| {
        b.iter(|| scoresheet::compare(black_box(&record), black_box(&other_moves)))
    });
    c.bench_function(
        "compare two 150-move scoresheets (typed SAN replayed)",
        |b| {
            b.iter(|| {
                let r = scoresheet_text::replay(black_box(&g), &v, black_box(&text));
                scoresheet::compare(&record, &r.moves)
            })
        },
    );
    c.bench_function("compare two 150-move scoresheets (PGN text)", |b| {
        b.iter(|| {
            let other = pgn::import_game(black_box(&pgn_text)).unwrap();
            let moves: Vec<Move> = other.plies().iter().map(|p| p.mv).collect();
            scoresheet::compare(&record, &moves)
        })
    });
    c.bench_function("correction of a board with 4 slips", |b| {
        b.iter(|| {
            correct(
                black_box(&described),
                black_box(&target),
                black_box(&recent),
            )
        })
    });
    c.bench_function("typed scoresheet compared + 4-slip correction", |b| {
        b.iter(|| {
            let r = scoresheet_text::replay(black_box(&g), &v, black_box(&text));
            let cmp = scoresheet::compare(&record, &r.moves);
            (cmp, correct(&described, &target, &recent))
        })
    });
    // Median and p99 of single runs of the whole task (typed sheet replayed, compared, board corrected).
    let mut samples: Vec<u128> = (0..2_000)
        .map(|_| {
            let t = Instant::now();
            let r = scoresheet_text::replay(&g, &v, &text);
            black_box(scoresheet::compare(&record, &r.moves));
            black_box(correct(&described, &target, &recent));
            t.elapsed().as_nanos()
        })
        .collect();
    samples.sort_unstable();
    let at = |q: f64| samples[((samples.len() as f64 - 1.0) * q) as usize] as f64 / 1000.0;
    println!(
        "whole task (typed 150-move sheet replayed and compared, 4-slip correction): median {:.1} µs, p99 {:.1} µs",
        at(0.5),
        at(0.99)
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
