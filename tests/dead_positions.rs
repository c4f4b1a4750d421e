//! Dead positions and mating chances against chasolver's labelled positions.
//!
//! Labels: `WB` both sides can still checkmate, `W-` only White, `-B` only Black, `--` nobody (dead position).
//! Soundness is asserted strictly: the core may say "don't know", never something false. Completeness (how often
//! it decides) is printed and held above a floor a little below the figure observed when the test was written.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use hector::rules::dead::{can_checkmate_unbounded, is_dead_position_unbounded};
use hector::rules::{EndReason, Game, MatingChance};
use shakmaty::Color;

/// Every `LICHESS_STRIDE`th position of chasolver-lichess.txt is checked (all 65,536 take about four times as
/// long, some 20 s in a debug build).
const LICHESS_STRIDE: usize = 4;

/// Why the core may refuse a position of these files: chasolver.org takes any placement, so some submitted
/// positions cannot arise in a game. A refusal for any other reason fails the test; the number refused is fixed.
const REFUSED_ALLOWED: &[(&str, &str)] = &[
    (
        "too much material",
        "more men than a side has, or more promoted pieces than missing pawns (e.g. five White bishops with seven \
         pawns)",
    ),
    (
        "impossible check",
        "a check the last move cannot have given: lines 1970 and 3088 two knights checking, line 2743 two pawns",
    ),
];
const CHASOLVER_REFUSED: usize = 268;

#[derive(Debug, Clone, Copy)]
struct Label {
    white: bool,
    black: bool,
}

impl Label {
    fn parse(s: &str) -> Option<Label> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let white = match b[0] {
            b'W' => true,
            b'-' => false,
            _ => return None,
        };
        let black = match b[1] {
            b'B' => true,
            b'-' => false,
            _ => return None,
        };
        Some(Label { white, black })
    }

    fn can(self, c: Color) -> bool {
        c.fold_wb(self.white, self.black)
    }

    fn dead(self) -> bool {
        !self.white && !self.black
    }
}

fn load(file: &str, stride: usize) -> Vec<(usize, Label, String)> {
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
    let mut out = Vec::new();
    let mut data_line = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let keep = data_line % stride == 0;
        data_line += 1;
        if !keep {
            continue;
        }
        let (label, fen) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{file}:{}: {line:?}", i + 1));
        let label =
            Label::parse(label).unwrap_or_else(|| panic!("{file}:{}: bad label {label:?}", i + 1));
        let mut fen = fen.trim().to_string();
        match fen.split_whitespace().count() {
            4 => fen.push_str(" 0 1"),
            6 => {}
            n => panic!("{file}:{}: FEN with {n} fields", i + 1),
        }
        out.push((i + 1, label, fen));
    }
    out
}

#[derive(Default)]
struct Figures {
    positions: usize,
    refused: usize,
    by_label: BTreeMap<String, usize>,
    over_checkmate: usize,
    over_stalemate: usize,
    dead_labelled: usize,
    dead_caught_fast: usize,
    /// (position, colour) pairs and how many can_checkmate decided (Yes or No).
    sides: usize,
    sides_decided: usize,
    unknown: usize,
    dead_fully_decided: usize,
    slowest: (Duration, String),
    /// Time spent in can_checkmate per position (both sides).
    times: Vec<Duration>,
    failures: Vec<String>,
}

fn label_name(l: Label) -> String {
    format!(
        "{}{}",
        if l.white { 'W' } else { '-' },
        if l.black { 'B' } else { '-' }
    )
}

fn merge(mut a: Figures, b: Figures) -> Figures {
    a.positions += b.positions;
    a.refused += b.refused;
    for (k, v) in b.by_label {
        *a.by_label.entry(k).or_default() += v;
    }
    a.over_checkmate += b.over_checkmate;
    a.over_stalemate += b.over_stalemate;
    a.dead_labelled += b.dead_labelled;
    a.dead_caught_fast += b.dead_caught_fast;
    a.sides += b.sides;
    a.sides_decided += b.sides_decided;
    a.unknown += b.unknown;
    a.dead_fully_decided += b.dead_fully_decided;
    if b.slowest.0 > a.slowest.0 {
        a.slowest = b.slowest;
    }
    a.times.extend(b.times);
    a.failures.extend(b.failures);
    a
}

/// Checks the file's positions on two threads (the helpmate search takes most of the time).
fn check(file: &str, stride: usize) -> Figures {
    let entries = load(file, stride);
    let (even, odd): (Vec<_>, Vec<_>) = entries
        .into_iter()
        .enumerate()
        .partition(|(i, _)| i % 2 == 0);
    let strip =
        |v: Vec<(usize, (usize, Label, String))>| v.into_iter().map(|(_, e)| e).collect::<Vec<_>>();
    let (even, odd) = (strip(even), strip(odd));
    std::thread::scope(|s| {
        let h = s.spawn(|| check_entries(file, &odd));
        let a = check_entries(file, &even);
        merge(a, h.join().unwrap())
    })
}

fn check_entries(file: &str, entries: &[(usize, Label, String)]) -> Figures {
    let mut f = Figures::default();
    for (line, label, fen) in entries {
        let (line, label) = (*line, *label);
        let game = match Game::from_fen(fen) {
            Ok(g) => g,
            Err(e) => {
                let why = e.to_string();
                if !REFUSED_ALLOWED.iter().any(|(r, _)| why.ends_with(r)) {
                    f.failures
                        .push(format!("{file}:{line}: {fen} refused: {e}"));
                }
                f.refused += 1;
                continue;
            }
        };
        f.positions += 1;
        *f.by_label.entry(label_name(label)).or_default() += 1;
        let ending = game.ending().map(|e| e.reason);
        match ending {
            Some(EndReason::Checkmate) => f.over_checkmate += 1,
            Some(EndReason::Stalemate) => f.over_stalemate += 1,
            _ => {}
        }
        // (a) soundness of the automatic ending.
        if ending == Some(EndReason::DeadPosition) && !label.dead() {
            f.failures.push(format!(
                "{file}:{line}: {fen} labelled {} but ended as a dead position",
                label_name(label)
            ));
        }
        if ending == Some(EndReason::Checkmate) {
            let winner = game.turn().other();
            if !label.can(winner) {
                f.failures.push(format!(
                    "{file}:{line}: {fen}: checkmate, but labelled {}",
                    label_name(label)
                ));
            }
        }
        // (c) what the after-move verdict catches, without its time bound (the bounded one a game runs has
        // been checked for soundness above, through the game's own ending).
        let fast_dead = is_dead_position_unbounded(game.position(), game.mode());
        if fast_dead && !label.dead() {
            f.failures.push(format!(
                "{file}:{line}: {fen}: is_dead_position but labelled {}",
                label_name(label)
            ));
        }
        if label.dead() {
            f.dead_labelled += 1;
            if fast_dead {
                f.dead_caught_fast += 1;
            }
        }
        // (b) can_checkmate never contradicts the label.
        let mut decided_both = true;
        let mut spent = Duration::ZERO;
        for side in Color::ALL {
            let t = Instant::now();
            let chance = can_checkmate_unbounded(game.position(), game.mode(), side);
            let took = t.elapsed();
            spent += took;
            if took > f.slowest.0 {
                f.slowest = (took, format!("{fen} ({side:?})"));
            }
            f.sides += 1;
            let can = label.can(side);
            match chance {
                MatingChance::Yes if !can => f.failures.push(format!(
                    "{file}:{line}: {fen}: can_checkmate({side:?}) = Yes, label {}",
                    label_name(label)
                )),
                MatingChance::No if can => f.failures.push(format!(
                    "{file}:{line}: {fen}: can_checkmate({side:?}) = No, label {}",
                    label_name(label)
                )),
                MatingChance::Unknown => {
                    f.unknown += 1;
                    decided_both = false;
                }
                _ => f.sides_decided += 1,
            }
        }
        f.times.push(spent);
        if label.dead() && decided_both {
            f.dead_fully_decided += 1;
        }
    }
    f
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        100.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

fn report(name: &str, f: &Figures, t: Duration) {
    println!(
        "{name}: {} positions {:?} ({} refused), {} already over by checkmate, {} by stalemate, in {t:.1?}",
        f.positions, f.by_label, f.refused, f.over_checkmate, f.over_stalemate
    );
    println!(
        "  dead positions (--): {} labelled; after-move verdict (is_dead_position) catches {} ({:.1}%); \
         can_checkmate decides both sides for {} ({:.1}%)",
        f.dead_labelled,
        f.dead_caught_fast,
        pct(f.dead_caught_fast, f.dead_labelled),
        f.dead_fully_decided,
        pct(f.dead_fully_decided, f.dead_labelled)
    );
    println!(
        "  can_checkmate: {} of {} (position, side) pairs decided ({:.2}%), {} unknown; slowest {:.1?}: {}",
        f.sides_decided,
        f.sides,
        pct(f.sides_decided, f.sides),
        f.unknown,
        f.slowest.0,
        f.slowest.1
    );
    let mut times = f.times.clone();
    times.sort();
    if !times.is_empty() {
        let total: Duration = times.iter().sum();
        let top: Duration = times.iter().rev().take(times.len() / 100 + 1).sum();
        println!(
            "  can_checkmate time per position: median {:.1?}, p99 {:.1?}, max {:.1?}, total {total:.1?} \
             (the slowest 1% take {top:.1?})",
            times[times.len() / 2],
            times[times.len() * 99 / 100],
            times[times.len() - 1]
        );
    }
    assert!(
        f.failures.is_empty(),
        "{name}: {} unsound answers:\n{}",
        f.failures.len(),
        f.failures.join("\n")
    );
}

#[test]
fn chasolver_positions() {
    let t = Instant::now();
    let f = check("chasolver-positions.txt", 1);
    report("chasolver-positions.txt", &f, t.elapsed());
    assert_eq!(f.positions + f.refused, 3414);
    assert_eq!(f.refused, CHASOLVER_REFUSED, "positions refused as illegal");
    // Completeness floors, just below what was observed (can_checkmate decided every side of every position;
    // the after-move verdict caught 883 of the 1063 dead positions).
    assert!(
        pct(f.sides_decided, f.sides) >= 99.9,
        "can_checkmate decides too little"
    );
    assert!(
        pct(f.dead_fully_decided, f.dead_labelled) >= 99.9,
        "can_checkmate proves too few dead positions"
    );
    assert!(
        f.dead_caught_fast >= 880,
        "the after-move verdict catches too few dead positions"
    );
}

#[test]
fn chasolver_lichess_sample() {
    let t = Instant::now();
    let f = check("chasolver-lichess.txt", LICHESS_STRIDE);
    report(
        &format!("chasolver-lichess.txt (every {LICHESS_STRIDE}th position)"),
        &f,
        t.elapsed(),
    );
    assert_eq!(f.positions + f.refused, 65536 / LICHESS_STRIDE);
    assert_eq!(f.refused, 0);
    assert!(
        pct(f.sides_decided, f.sides) >= 99.9,
        "can_checkmate decides too little"
    );
}
