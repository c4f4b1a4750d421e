//! Key press → announcement handed to the edge, in the full-screen view (target: p99 under 5 ms).
//! Each sample is one key through the keymap, the view, the session and the edge (speech off, no terminal).

use std::time::{Duration, Instant};

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use hector::rules::Game;
use hector::session::{Config, Session};
use hector::ui::edge::Edge;
use hector::ui::screen::{self, App, Keymap, Theme};
use shakmaty::{Color, Square};

/// A middlegame (Ruy Lopez, move 11), White to move.
fn middlegame() -> Session {
    let mut g = Game::new();
    for s in "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7"
        .split_whitespace()
    {
        g.play_san(s).unwrap();
    }
    let mut s = Session::new(g, Config::default());
    s.start(Duration::ZERO);
    s
}

fn key(c: KeyCode) -> KeyEvent {
    KeyEvent::new(c, KeyModifiers::NONE)
}

const KEYS: [(&str, KeyCode); 10] = [
    ("arrow (square spoken)", KeyCode::Up),
    ("next own knight", KeyCode::Char('n')),
    ("attackers and defenders", KeyCode::Char('a')),
    ("legal moves from the focus", KeyCode::Char('v')),
    ("diagonals", KeyCode::Char('d')),
    ("knight squares", KeyCode::Char('j')),
    ("material", KeyCode::Char('x')),
    ("own pieces", KeyCode::Char('i')),
    ("last move (session)", KeyCode::Char('l')),
    ("last 10 moves (session)", KeyCode::Char('m')),
];

fn bench(c: &mut Criterion) {
    let mut session = middlegame();
    let mut app = App::new(Color::White, Theme::default(), Keymap::builtin());
    let mut edge = Edge::silent();
    app.focus = Square::F3;
    for (name, code) in KEYS {
        c.bench_function(&format!("key to announcement: {name}"), |b| {
            b.iter(|| {
                screen::press(
                    black_box(key(code)),
                    &mut app,
                    &mut session,
                    &mut edge,
                    Duration::ZERO,
                )
            })
        });
    }
    // Median and p99 over single key presses, the figure the issue asks for.
    let mut all = Vec::new();
    for (name, code) in KEYS {
        let mut samples: Vec<u128> = (0..5_000)
            .map(|i| {
                // Arrows walk the board: back to the middle now and then.
                if i % 6 == 0 {
                    app.focus = Square::D4;
                }
                let t = Instant::now();
                black_box(screen::press(
                    key(code),
                    &mut app,
                    &mut session,
                    &mut edge,
                    Duration::ZERO,
                ));
                t.elapsed().as_nanos()
            })
            .collect();
        all.extend_from_slice(&samples);
        report(name, &mut samples);
    }
    // A move by keys: Enter on the knight f3, Enter on d4... here Nf3xe5 is not legal; Nbd2 is: b1 then d2.
    let mut samples = Vec::new();
    for _ in 0..2_000 {
        let mut s = middlegame();
        app.focus = Square::B1;
        app.mode = screen::app::Mode::Explore;
        screen::press(
            key(KeyCode::Enter),
            &mut app,
            &mut s,
            &mut edge,
            Duration::ZERO,
        );
        app.focus = Square::D2;
        let t = Instant::now();
        black_box(screen::press(
            key(KeyCode::Enter),
            &mut app,
            &mut s,
            &mut edge,
            Duration::ZERO,
        ));
        samples.push(t.elapsed().as_nanos());
    }
    all.extend_from_slice(&samples);
    report("Enter on the to-square (move played)", &mut samples);
    report("all keys", &mut all);
}

fn report(name: &str, samples: &mut [u128]) {
    samples.sort_unstable();
    let at = |q: f64| samples[((samples.len() as f64 - 1.0) * q) as usize] as f64 / 1000.0;
    println!(
        "{name:>40}: median {:.1} µs, p99 {:.1} µs, max {:.1} µs",
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
