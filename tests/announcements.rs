//! Every legal move of many random positions, announced in each vocabulary (short and long form), reads back
//! as the same move.

use hector::rules::Game;
use hector::words::{Vocabulary, announce, parse_move};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Positions from seeded random games: standard, Chess960, and some with promotions near.
fn positions(count: usize) -> Vec<Game> {
    let mut rng = ChaCha8Rng::seed_from_u64(0x4845_4354);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut g = if out.len() % 5 == 0 {
            Game::chess960(rng.gen_range(0..960)).unwrap()
        } else if out.len() % 7 == 0 {
            // Pawns close to promotion, pieces about.
            Game::from_fen("r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1").unwrap()
        } else {
            Game::new()
        };
        let plies = rng.gen_range(0..80);
        for _ in 0..plies {
            let moves = g.legal_moves();
            let Some(m) = moves.choose(&mut rng) else {
                break;
            };
            g.play(*m).unwrap();
        }
        if !g.is_over() {
            out.push(g);
        }
    }
    out
}

#[test]
fn announcements_read_back_as_the_same_move() {
    let vocabularies = ["appendix-d", "english", "greek"].map(|n| Vocabulary::builtin(n).unwrap());
    let games = positions(1000);
    let mut checked = 0usize;
    for g in &games {
        for m in g.legal_moves() {
            let san = g.san(m);
            for v in &vocabularies {
                for (form, text) in [
                    ("short", announce::short(v, &san, m)),
                    ("long", announce::long(v, &san, m)),
                ] {
                    match parse_move(g, v, &text) {
                        Ok(back) => assert_eq!(
                            back,
                            m,
                            "{form} \"{text}\" ({san}) in {} read back as {}",
                            g.fen(),
                            g.san(back)
                        ),
                        Err(e) => panic!(
                            "{form} \"{text}\" ({san}) in {} ({}): {e:?}",
                            g.fen(),
                            v.name
                        ),
                    }
                    checked += 1;
                }
            }
        }
    }
    println!(
        "{} positions, {checked} announcements read back",
        games.len()
    );
    assert!(checked > 100_000, "{checked}");
}
