//! A lichess gameState line arriving → the announcement handed to speech (target: p99 under 1 ms): the line
//! parsed by the client (`online::wire::parse_game_line`), put in the session's words by the edge's link
//! (`ui::online_link::translate`), and carried through `Session::update` to the `Effect::Say` of the opponent's
//! move. Each sample is the opponent's first move arriving; between samples lichess's state without it takes it
//! back again (not timed).

use std::time::{Duration, Instant};

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use hector::online::{Event, ServerUrl, wire};
use hector::rules::Game;
use hector::session::online::{Control, GameFull, GameState, LichessEvent, Online, OnlinePlayer};
use hector::session::{Command, Config, Effect, Opponent, OtherEvent, Session};
use hector::ui::online_link::translate;

const LINE: &str = r#"{"type":"gameState","moves":"g1f3","wtime":599000,"btime":600000,"winc":5000,"binc":5000,"status":"started"}"#;
const BACK: &str = r#"{"type":"gameState","moves":"","wtime":600000,"btime":600000,"winc":5000,"binc":5000,"status":"started"}"#;

fn session() -> (Session, Duration) {
    let config = Config {
        opponent: Opponent::Remote,
        ..Config::default()
    };
    let mut s = Session::new(Game::new(), config).with_online(Online::new(None, None, None));
    let mut now = Duration::ZERO;
    let _ = s.start(now);
    let hear = |s: &mut Session, e: LichessEvent, now: Duration| {
        s.update(Command::Other(OtherEvent::Lichess(e)), now)
    };
    now += Duration::from_millis(10);
    hear(
        &mut s,
        LichessEvent::SignedIn {
            name: "Player".into(),
        },
        now,
    );
    let player = |n: &str| OnlinePlayer {
        name: n.into(),
        rating: Some(1500),
        ai_level: None,
    };
    let full = GameFull {
        id: "bench001".into(),
        site: "https://lichess.org/bench001".into(),
        white: player("Felix"),
        black: player("Player"),
        control: Control::Clock {
            limit: 600,
            increment: 5,
        },
        rated: true,
        initial_fen: None,
        state: GameState {
            wtime: 600_000,
            btime: 600_000,
            status: "started".into(),
            ..GameState::default()
        },
    };
    now += Duration::from_millis(10);
    hear(&mut s, LichessEvent::Full(full), now);
    (s, now)
}

/// One line through: parsed, translated, carried; the text said.
fn arrive(s: &mut Session, site: &ServerUrl, line: &str, now: Duration) -> Option<String> {
    let event = wire::parse_game_line(line).ok()??;
    let event = Event::Game {
        id: "bench001".into(),
        event,
    };
    let e = translate(event, site, "Player")?;
    let out = s.update(Command::Other(OtherEvent::Lichess(e)), now);
    out.into_iter().find_map(|e| match e {
        Effect::Say(a) => Some(a.text),
        _ => None,
    })
}

fn bench(c: &mut Criterion) {
    let site = ServerUrl::parse("https://lichess.org").expect("the URL");
    let (mut s, mut now) = session();
    let said = arrive(&mut s, &site, LINE, now).expect("the move said");
    assert!(said.starts_with("White"), "{said}");
    arrive(&mut s, &site, BACK, now);
    c.bench_function("gameState line to announcement", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                now += Duration::from_millis(1);
                let t = Instant::now();
                black_box(arrive(&mut s, &site, LINE, now));
                total += t.elapsed();
                arrive(&mut s, &site, BACK, now);
            }
            total
        })
    });
    let mut samples: Vec<u128> = (0..5_000)
        .map(|_| {
            now += Duration::from_millis(1);
            let t = Instant::now();
            black_box(arrive(&mut s, &site, LINE, now));
            let d = t.elapsed().as_nanos();
            arrive(&mut s, &site, BACK, now);
            d
        })
        .collect();
    samples.sort_unstable();
    let at = |q: f64| samples[((samples.len() as f64 - 1.0) * q) as usize] as f64 / 1000.0;
    println!(
        "gameState line to announcement: median {:.1} µs, p99 {:.1} µs, max {:.1} µs",
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
