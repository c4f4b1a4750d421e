//! The dead-position verdict the core runs after every move: `hector::rules::dead::is_dead_position`.
//!
//! Criterion measures it cycling over chasolver's 3,146 hard positions (the legal ones of
//! chasolver-positions.txt) and over a sample of positions from lichess games. Because criterion reports time per
//! iteration averaged over many positions, `main` first times every position on its own with `Instant` (best of
//! several runs each) and prints the median, p99 and worst case with the worst FEN. Target: median under 50 µs.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion};
use hector::rules::Game;
use hector::rules::dead::{
    DEAD_CHECK_STEPS, is_dead_position, is_dead_position_unbounded, late_checks_running,
};
use shakmaty::{CastlingMode, Chess, Color};
use std::hint::black_box;

const LICHESS_STRIDE: usize = 16;
const RUNS_PER_POSITION: usize = 7;

struct Set {
    name: &'static str,
    positions: Vec<(String, Chess, CastlingMode)>,
}

fn load(file: &str, stride: usize) -> Vec<(String, Chess, CastlingMode)> {
    let p: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "tests",
        "data",
        "dead-positions",
        file,
    ]
    .iter()
    .collect();
    let text =
        std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .step_by(stride)
        .filter_map(|l| {
            let (_, fen) = l.split_once(' ')?;
            let mut fen = fen.trim().to_string();
            if fen.split_whitespace().count() == 4 {
                fen.push_str(" 0 1");
            }
            // Positions the core refuses as illegal cannot occur after a move; they are left out.
            let g = Game::from_fen(&fen).ok()?;
            Some((fen, g.position().clone(), g.mode()))
        })
        .collect()
}

fn sets() -> Vec<Set> {
    vec![
        Set {
            name: "chasolver-positions",
            positions: load("chasolver-positions.txt", 1),
        },
        Set {
            name: "lichess-sample",
            positions: load("chasolver-lichess.txt", LICHESS_STRIDE),
        },
    ]
}

fn percentile(sorted: &[(Duration, usize)], p: usize) -> (Duration, usize) {
    sorted[(sorted.len() * p / 100).min(sorted.len() - 1)]
}

/// Times each position on its own: the solver alone (best of `RUNS_PER_POSITION` runs, to keep scheduler noise
/// out), and the bounded verdict a game runs after a move (once, with no late check still running).
fn per_position_report(sets: &[Set]) {
    for set in sets {
        let mut solver = Vec::new();
        let mut bounded = Vec::new();
        let (mut dead, mut dead_bounded) = (0, 0);
        for (i, (_, pos, mode)) in set.positions.iter().enumerate() {
            let best = (0..RUNS_PER_POSITION)
                .map(|_| {
                    let t = Instant::now();
                    black_box(is_dead_position_unbounded(black_box(pos), *mode));
                    t.elapsed()
                })
                .min()
                .unwrap();
            solver.push((best, i));
            dead += usize::from(is_dead_position_unbounded(pos, *mode));
            while late_checks_running() > 0 {
                std::thread::sleep(Duration::from_millis(5));
            }
            let t = Instant::now();
            let verdict = black_box(is_dead_position(black_box(pos), *mode));
            bounded.push((t.elapsed(), i));
            dead_bounded += usize::from(verdict);
        }
        for (what, times, found) in [
            ("solver alone", &mut solver, dead),
            ("bounded verdict", &mut bounded, dead_bounded),
        ] {
            times.sort();
            let total: Duration = times.iter().map(|t| t.0).sum();
            let (median, _) = percentile(times, 50);
            let (p99, p99_i) = percentile(times, 99);
            let (max, max_i) = *times.last().unwrap();
            println!(
                "{what}, {} ({} positions, {found} found dead): mean {:.1?}, median {median:.1?}, \
                 p99 {p99:.1?} ({}), max {max:.1?} ({})",
                set.name,
                set.positions.len(),
                total / times.len() as u32,
                set.positions[p99_i].0,
                set.positions[max_i].0
            );
        }
    }
    println!(
        "(the bounded verdict gives chasolver's fast check at most {DEAD_CHECK_STEPS} steps of work for each side)"
    );
    // For reference: the full helpmate search behind can_checkmate (R-6.9 flag fall), on the position that was
    // slowest in tests/dead_positions.rs.
    let slow = "kb6/b1p2p1p/1pP5/1P6/8/8/5P1P/5K2 w - - 0 1";
    let g = Game::from_fen(slow).unwrap();
    for side in Color::ALL {
        let t = Instant::now();
        let chance = hector::rules::dead::can_checkmate_unbounded(g.position(), g.mode(), side);
        println!(
            "can_checkmate({side:?}) on {slow}: {chance:?} in {:.1?}",
            t.elapsed()
        );
    }
}

fn bench(c: &mut Criterion, sets: &[Set]) {
    let mut group = c.benchmark_group("is_dead_position");
    for set in sets {
        let n = set.positions.len();
        group.bench_with_input(
            BenchmarkId::new("cycling", set.name),
            &set.positions,
            |b, positions| {
                let mut i = 0;
                b.iter(|| {
                    let (_, pos, mode) = &positions[i % n];
                    i += 1;
                    black_box(is_dead_position(black_box(pos), *mode))
                })
            },
        );
    }
    group.finish();
}

fn main() {
    let sets = sets();
    per_position_report(&sets);
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c, &sets);
    c.final_summary();
}
