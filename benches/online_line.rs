//! A lichess gameState line arriving to the words handed to speech, the client's and the rules' part of it:
//! the stream's bytes read as a line (bounded), parsed (src/online/wire.rs), the opponent's last move read
//! as UCI in the game, and its announcement made (issue 29's target for the whole chain: p99 under 1 ms).

use std::io::{BufRead, BufReader};
use std::time::Instant;

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use hector::online::GameEvent;
use hector::online::wire::parse_game_line;
use hector::rules::Game;
use hector::words::{Vocabulary, announce};

/// A game of 60 plies, and the state line lichess sends after its 61st.
fn game_and_line() -> (Game, Vec<u8>) {
    let sans = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 \
                Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ Rxf7 \
                Nxf7 Rxe1+ Qxe1 Kxf7 Qe3 Qg5 Qxg5 hxg5 b3 Ke6 a3 Kd6";
    let mut g = Game::new();
    let mut ucis = Vec::new();
    for s in sans.split_whitespace() {
        let mv = g.play_san(s).unwrap().mv;
        ucis.push(mv);
    }
    let ucis: Vec<String> = {
        let mut replay = Game::new();
        ucis.iter()
            .map(|m| {
                let u = replay.uci(*m).to_string();
                replay.play(*m).unwrap();
                u
            })
            .collect()
    };
    let mut before = Game::new();
    for s in sans.split_whitespace().take(ucis.len() - 1) {
        before.play_san(s).unwrap();
    }
    let line = format!(
        r#"{{"type":"gameState","moves":"{}","wtime":503210,"btime":499870,"winc":5000,"binc":5000,"status":"started"}}"#,
        ucis.join(" ")
    );
    (before, format!("{line}\n\n").into_bytes())
}

fn chain(g: &Game, v: &Vocabulary, bytes: &[u8]) -> String {
    let mut r = BufReader::new(bytes);
    let mut line = String::new();
    r.read_line(&mut line).unwrap();
    let Ok(Some(GameEvent::GameState(s))) = parse_game_line(&line) else {
        panic!("not a state")
    };
    let uci = s.moves.rsplit(' ').next().unwrap();
    let m = g.parse_uci(uci).unwrap();
    announce::short(v, &g.san(m), m)
}

fn bench(c: &mut Criterion) {
    let (g, bytes) = game_and_line();
    let v = Vocabulary::default();
    assert!(!chain(&g, &v, &bytes).is_empty());
    c.bench_function("gameState line to announcement", |b| {
        b.iter(|| chain(black_box(&g), black_box(&v), black_box(&bytes)))
    });
    let mut samples: Vec<u128> = (0..20_000)
        .map(|_| {
            let t = Instant::now();
            black_box(chain(&g, &v, &bytes));
            t.elapsed().as_nanos()
        })
        .collect();
    samples.sort_unstable();
    let at = |q: f64| samples[((samples.len() as f64 - 1.0) * q) as usize] as f64 / 1000.0;
    println!(
        "gameState line to announcement: median {:.1} µs, p99 {:.1} µs, max {:.1} µs (target p99 < 1000 µs)",
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
