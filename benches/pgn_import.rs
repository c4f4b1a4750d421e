//! PGN import with full legality checking (issue 2 target: at least 30 times python-chess on the same files).
//!
//! Reads the three collections of tests/data/pgn/collections (3,793 real games) with `hector::rules::pgn::import_bytes`:
//! every SAN is resolved against the legal moves of its position, every game replayed through `Game`, automatic
//! endings decided. Then, in the same run, `benches/pychess_pgn_import.py` reads the same files with python-chess
//! (`chess.pgn.read_game`, which also replays every move), and the ratio is printed. Criterion then measures one
//! collection on its own.
//!
//! `cargo bench --bench pgn_import` (release). Set `PYTHON` to choose the interpreter (default `python3`).

use std::hint::black_box;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use hector::rules::pgn::import_bytes;

const FILES: [&str; 3] = ["twic0920.pgn", "twic1599_1000k.pgn", "lichess_db_1000k.pgn"];
const ROUNDS: usize = 15;

fn data_dir() -> PathBuf {
    [
        env!("CARGO_MANIFEST_DIR"),
        "tests",
        "data",
        "pgn",
        "collections",
    ]
    .iter()
    .collect()
}

fn read_files() -> Vec<(String, Vec<u8>)> {
    FILES
        .iter()
        .map(|name| {
            let p = data_dir().join(name);
            let bytes =
                std::fs::read(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
            (name.to_string(), bytes)
        })
        .collect()
}

/// Imports every file; returns (games, errors, time).
fn import_all(files: &[(String, Vec<u8>)]) -> (usize, usize, Duration) {
    let t = Instant::now();
    let mut games = 0;
    let mut errors = 0;
    for (_, bytes) in files {
        let report = black_box(import_bytes(black_box(bytes)));
        games += report.games.len();
        errors += report.errors.len();
    }
    (games, errors, t.elapsed())
}

/// Runs the python-chess script on the same files; returns its games per second.
fn python_chess() -> Option<f64> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/pychess_pgn_import.py");
    let out = match Command::new(&python).arg(script).arg("3").output() {
        Ok(out) => out,
        Err(e) => {
            println!("python-chess: {python} could not be run ({e}); no comparison");
            return None;
        }
    };
    let text = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        println!(
            "python-chess: the script failed ({}): {}{}",
            out.status,
            text.trim(),
            String::from_utf8_lossy(&out.stderr).trim()
        );
        return None;
    }
    println!("{}", text.trim());
    // "... best of 3: 8.123 s, 467 games/s"
    text.split(", ")
        .last()?
        .trim()
        .strip_suffix(" games/s")?
        .parse()
        .ok()
}

fn main() {
    let files = read_files();
    let mut best: Option<(usize, usize, Duration)> = None;
    for _ in 0..ROUNDS {
        let run = import_all(&files);
        if best.is_none_or(|b| run.2 < b.2) {
            best = Some(run);
        }
    }
    let (games, errors, time) = best.unwrap();
    let ours = games as f64 / time.as_secs_f64();
    println!(
        "hector {}: {games} games, {errors} errors, best of {ROUNDS}: {:.3} s, {ours:.0} games/s",
        env!("CARGO_PKG_VERSION"),
        time.as_secs_f64()
    );
    assert_eq!(errors, 0, "the real games must import without errors");
    if let Some(theirs) = python_chess() {
        println!(
            "ratio: hector reads these games {:.1} times as fast as python-chess (target at least 30)",
            ours / theirs
        );
    }

    let mut c = Criterion::default().sample_size(10).configure_from_args();
    let mut group = c.benchmark_group("pgn import");
    for (name, bytes) in &files {
        let n = import_bytes(bytes).games.len() as u64;
        group.throughput(Throughput::Elements(n));
        group.bench_function(name.as_str(), |b| {
            b.iter(|| black_box(import_bytes(black_box(bytes))))
        });
    }
    group.finish();
    c.final_summary();
}
