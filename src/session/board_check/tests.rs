//! Tests of the board check and the scoresheets' comparison, through the session's public path.

use std::time::Duration;

use shakmaty::Square;

use crate::rules::Game;
use crate::session::{Command, Config, Effect, Mode, Session};

fn session(moves: &str) -> Session {
    let mut g = Game::new();
    for m in moves.split_whitespace() {
        g.play_san(m).unwrap();
    }
    Session::new(g, Config::default())
}

fn said(out: &[Effect]) -> Vec<String> {
    out.iter()
        .filter_map(|e| match e {
            Effect::Say(a) => Some(a.text.clone()),
            _ => None,
        })
        .collect()
}

fn run(s: &mut Session, line: &str) -> Vec<String> {
    said(&s.update(Command::Act(s.read(line)), Duration::ZERO))
}

#[test]
fn a_rank_with_a_capture_not_removed() {
    let mut s = session("e4 d5 exd5");
    // exd5: the black pawn pushed aside to c5 and left there.
    let out = run(
        &mut s,
        "check rank fünf leer leer schwarz Bauer weiß Bauer 4",
    );
    assert_eq!(
        out,
        [
            "Boards differ on Cesar fünf. To put it right: remove the Bauer on Cesar fünf (a capture not removed)"
        ]
    );
    let out = run(&mut s, "check rank 5 8");
    assert_eq!(
        out,
        ["Boards differ on David fünf. To put it right: a white Bauer belongs on David fünf"]
    );
    let out = run(&mut s, "check rank fünf 3 P 4");
    assert_eq!(out, ["Your board agrees with the game on rank fünf"]);
    let out = run(&mut s, "check rank fünf");
    assert_eq!(out, ["Rank fünf: David fünf: White Bauer"]);
}

#[test]
fn the_walk_asks_every_square_and_can_go_back_and_stop() {
    let mut s = session("");
    let out = run(&mut s, "check");
    assert!(out[0].ends_with("Anna eins?"), "{out:?}");
    assert_eq!(s.view().board_check_square(), Some(Square::A1));
    assert_eq!(run(&mut s, "weiß Turm"), ["Bella eins?"]);
    let out = run(&mut s, "Elefant");
    assert!(
        out[0].contains("\"Elefant\"") && out[0].ends_with("Bella eins?"),
        "{out:?}"
    );
    assert_eq!(run(&mut s, "weiß Läufer"), ["Cesar eins?"]);
    assert_eq!(run(&mut s, "back"), ["Bella eins?"]);
    assert_eq!(run(&mut s, "weiß Springer"), ["Cesar eins?"]);
    // The rest of the first rank at once is not at a rank's start: refused, asked again.
    let out = run(&mut s, "L D K L S T");
    assert!(out[0].ends_with("Cesar eins?"), "{out:?}");
    for p in ["L", "D", "K", "L", "S", "T"] {
        run(&mut s, p);
    }
    // The second rank at once, with a slip: a pawn missing on e2.
    assert_eq!(run(&mut s, "PPPP1PPP"), ["Anna drei?"]);
    // Questions still work during the walk, and the walk goes on where it was.
    assert_eq!(
        run(&mut s, "count"),
        ["Move 1, White to move; 0 moves completed"]
    );
    assert_eq!(s.view().board_check_square(), Some(Square::A3));
    let out = run(&mut s, "stop");
    assert_eq!(
        out,
        ["Boards differ on Eva zwei. To put it right: a white Bauer belongs on Eva zwei"]
    );
    assert_eq!(s.view().board_check_square(), None);
}

#[test]
fn scoresheets_that_differ_are_retraced_on_confirmation() {
    let cfg = Config {
        mode: Mode::Play,
        ..Default::default()
    };
    let mut g = Game::new();
    for m in "e4 e5 Nf3 Nc6 Bb5 a6".split_whitespace() {
        g.play_san(m).unwrap();
    }
    let mut s = Session::new(g, cfg);
    let out = run(&mut s, "compare e4 e5 Nf3 Nf6 Nxe5");
    assert_eq!(
        out,
        [
            "Scoresheets differ from move 2, Black: the record has Springer Cesar sechs, the other scoresheet Springer Felix sechs. They agree up to move 2, White; the record has 3 half-moves after it. Type rewind to go back there"
        ]
    );
    let out = run(&mut s, "rewind");
    // A home game's words: no action log (a home game has none).
    assert!(
        out[0].starts_with("Go back to after move 2, White"),
        "{out:?}"
    );
    let out = run(&mut s, "no");
    assert_eq!(out, ["Rewind cancelled"]);
    assert_eq!(s.view().game().plies().len(), 6);
    run(&mut s, "rewind");
    let out = run(&mut s, "yes");
    assert_eq!(
        out,
        [format!(
            "Play resumes after move 2, White, Black to move. Taken back: {}",
            "2... Springer Cesar sechs, 3. Läufer Bella fünf, Bauer Anna sechs"
        )]
    );
    assert_eq!(s.view().game().plies().len(), 3);
    assert_eq!(
        run(&mut s, "rewound"),
        ["Taken back: 2... Springer Cesar sechs, 3. Läufer Bella fünf, Bauer Anna sechs"]
    );
    // Now they agree.
    let out = run(&mut s, "compare 1. e4 e5 2. Nf3");
    assert!(
        out[0].starts_with("Scoresheets agree: 3 half-moves"),
        "{out:?}"
    );
}

#[test]
fn quick_questions_read_the_record() {
    let mut s = session("e4 e5 Nf3");
    assert_eq!(
        run(&mut s, "is there a Springer on Felix drei?"),
        ["Yes: Felix drei: White Springer"]
    );
    assert_eq!(
        run(&mut s, "check square Felix drei black Springer"),
        ["No: Felix drei: White Springer"]
    );
    assert_eq!(run(&mut s, "is e4 empty"), ["No: Eva vier: White Bauer"]);
    assert_eq!(run(&mut s, "is e3 leer"), ["Yes: Eva drei: empty"]);
}
