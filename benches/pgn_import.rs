//! PGN import with full legality checking (target: at least 30 times python-chess's speed on the same files).
//!
//! Reads the three collections of tests/data/pgn/collections (3,793 real games) with `hector::rules::pgn::import_bytes`:
//! every SAN is resolved against the legal moves of its position, every game replayed through `Game`, automatic
//! endings decided. Then, in the same run, `benches/pychess_pgn_import.py` reads the same files with python-chess
//! (`chess.pgn.read_game`, which also replays every move), and the ratio is printed. Criterion then measures one
//! collection on its own.
//!
//! The reference within Rust, measured in the same run: a bare replay of the same files with pgn-reader and
//! shakmaty alone (`bare_replay`: every mainline SAN resolved and played, variations skipped, nothing kept, no
//! ending decided). hector's import keeps every game and checks every Law on the way; the target is at most 3
//! times the bare replay's time.
//!
//! `cargo bench --bench pgn_import` (release). Set `PYTHON` to choose the interpreter (default `python3`).
//! `PGN_IMPORT_ONCE=1` imports the files once and exits (for profiling, e.g. under callgrind; `=bare`: the bare
//! replay once);
//! `PGN_IMPORT_SUMMARY=1` prints the comparison lines only (no criterion), for benches/all.sh.

use std::hint::black_box;
use std::io::Cursor;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use hector::rules::pgn::import_bytes;
use pgn_reader::{RawTag, Reader, Skip, Visitor};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Position};

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

/// CPU time used by the process so far (all its threads): on a machine shared with other work, wall-clock time
/// punishes a long run (it is interrupted) more than a short one; CPU time does not.
fn cpu_now() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Runs `f` and returns its result with the CPU time it took.
fn cpu_timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = cpu_now();
    let out = f();
    (out, cpu_now().saturating_sub(start))
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

/// pgn-reader + shakmaty and nothing else: the position from the FEN tag (if any), every mainline SAN resolved
/// and played. The output says whether every move was legal.
struct BareReplay;

impl Visitor for BareReplay {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Option<Chess>,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<bool> {
        if name == b"FEN" {
            *tags = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Chess960).ok());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn begin_variation(&mut self, _pos: &mut Chess) -> ControlFlow<bool, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<bool> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _pos: Chess) -> bool {
        true
    }
}

/// The bare replay of every file; returns (games, games with an unreadable move, time).
fn bare_replay(files: &[(String, Vec<u8>)]) -> (usize, usize, Duration) {
    let t = Instant::now();
    let mut games = 0;
    let mut bad = 0;
    for (_, bytes) in files {
        let mut reader = Reader::new(Cursor::new(black_box(bytes.as_slice())));
        while let Ok(Some(ok)) = reader.read_game(&mut BareReplay) {
            games += 1;
            bad += usize::from(!ok);
        }
    }
    (games, bad, t.elapsed())
}

fn best_of(
    rounds: usize,
    mut run: impl FnMut() -> (usize, usize, Duration),
) -> (usize, usize, Duration) {
    let mut best: Option<(usize, usize, Duration)> = None;
    for _ in 0..rounds {
        let r = run();
        if best.is_none_or(|b| r.2 < b.2) {
            best = Some(r);
        }
    }
    best.unwrap()
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
    if let Some(once) = std::env::var_os("PGN_IMPORT_ONCE") {
        let (games, errors, time) = if once == "bare" {
            bare_replay(&files)
        } else {
            import_all(&files)
        };
        println!(
            "{games} games, {errors} errors, {:.3} s",
            time.as_secs_f64()
        );
        return;
    }
    // Interleaved rounds, so that both meet the same machine load; best wall-clock and best CPU time of each.
    let mut ours_best: Option<(usize, usize, Duration)> = None;
    let mut bare_best: Option<(usize, usize, Duration)> = None;
    let (mut ours_cpu, mut bare_cpu) = (Duration::MAX, Duration::MAX);
    for _ in 0..ROUNDS {
        let (run, cpu) = cpu_timed(|| import_all(&files));
        ours_cpu = ours_cpu.min(cpu);
        if ours_best.is_none_or(|b| run.2 < b.2) {
            ours_best = Some(run);
        }
        let (run, cpu) = cpu_timed(|| best_of(1, || bare_replay(&files)));
        bare_cpu = bare_cpu.min(cpu);
        if bare_best.is_none_or(|b| run.2 < b.2) {
            bare_best = Some(run);
        }
    }
    let (games, errors, time) = ours_best.unwrap();
    let ours = games as f64 / time.as_secs_f64();
    println!(
        "hector {}: {games} games, {errors} errors, best of {ROUNDS}: {:.3} s, {ours:.0} games/s",
        env!("CARGO_PKG_VERSION"),
        time.as_secs_f64()
    );
    assert_eq!(errors, 0, "the real games must import without errors");
    let (bare_games, bare_bad, bare_time) = bare_best.unwrap();
    let bare = bare_games as f64 / bare_time.as_secs_f64();
    println!(
        "bare replay (pgn-reader + shakmaty): {bare_games} games ({bare_bad} with an unreadable move), best of {ROUNDS}: {:.3} s, {bare:.0} games/s",
        bare_time.as_secs_f64()
    );
    println!(
        "ratio: hector's import takes {:.2} times the bare replay's CPU time (best of {ROUNDS}: {:.3} s against {:.3} s; target at most 3); wall-clock {:.2} times",
        ours_cpu.as_secs_f64() / bare_cpu.as_secs_f64(),
        ours_cpu.as_secs_f64(),
        bare_cpu.as_secs_f64(),
        time.as_secs_f64() / bare_time.as_secs_f64()
    );
    if let Some(theirs) = python_chess() {
        println!(
            "ratio: hector reads these games {:.1} times as fast as python-chess (target at least 30)",
            ours / theirs
        );
    }
    if std::env::var_os("PGN_IMPORT_SUMMARY").is_some() {
        return;
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
