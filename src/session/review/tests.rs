//! Review's tests: steps, variations, comments, refusals, and judged moves.
use std::time::Duration;

use shakmaty::Position;

use super::*;
use crate::session::{Command, Session};

fn said(out: &[Effect]) -> String {
    out.iter()
        .filter_map(|e| match e {
            Effect::Say(a) => Some(a.text.clone()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

fn run(s: &mut Session, line: &str) -> String {
    said(&s.update(Command::Act(s.read(line)), Duration::ZERO))
}

const ANNOTATED: &str = r#"[Event "t"]
[White "A"]
[Black "B"]
[Result "*"]

{The opening.} 1. e4 $1 {Best by test [%clk 1:30:00]} e5 (1... c5 $5 {Sicilian}
(1... e6 {French} 2. d4 (2. d3 $6) 2... d5) 2. Nf3) 2. Nf3 $14 {Control [%clk 1:29:50] [%eval 0.3]
bell} Nc6 *
"#;

fn annotated() -> Session {
    let game = crate::rules::pgn::import_game(ANNOTATED).expect("the test game reads");
    let mut s = Session::new(game, Config::default()).with_review_at_start();
    s.start(Duration::ZERO);
    s
}

#[test]
fn steps_say_moves_nags_comments_and_clock_times_and_stop_at_the_bounds() {
    let mut s = annotated();
    assert!(s.view().reviewing());
    let out = s.update(Command::Act(s.read("back")), Duration::ZERO);
    assert_eq!(
        said(&out),
        "Already at the start of the game; nothing changed"
    );
    assert!(out.contains(&Effect::Cue(crate::session::Cue::Edge)));
    let first = run(&mut s, "forward");
    assert_eq!(
        first,
        "Move 1, White: Bauer Eva vier. Good move. Comment: Best by test. Clock 1 hour 30 minutes \
         | Opening: B00 King's Pawn"
    );
    // The rest of the steps without the openings reached.
    assert_eq!(
        run(&mut s, "openings off"),
        "Openings are not announced; opening says the one reached"
    );
    let second = run(&mut s, "forward");
    assert_eq!(second, "Move 1, Black: Bauer Eva fünf. 1 variation");
    let third = run(&mut s, "forward");
    assert_eq!(
        third,
        "Move 2, White: Springer Felix drei. White is slightly better. Comment: Control bell. \
         Clock 1 hour 29 minutes 50 seconds"
    );
    run(&mut s, "forward");
    assert_eq!(
        run(&mut s, "forward"),
        "Already at the end of the game; nothing changed"
    );
    assert_eq!(s.view().shown_game().plies().len(), 4);
    assert!(
        run(&mut s, "start").starts_with("Start of the game, White to move. Comment: The opening.")
    );
    assert_eq!(s.view().shown_game().plies().len(), 0);
    assert!(run(&mut s, "goto 2").starts_with("Move 2, White: Springer Felix drei"));
    assert!(run(&mut s, "goto 1 black").starts_with("Move 1, Black: Bauer Eva fünf"));
    assert!(run(&mut s, "goto 9").contains("no move"));
    assert!(run(&mut s, "goto x y z").contains("no move"));
    assert_eq!(
        s.view().shown_game().plies().len(),
        2,
        "a bad goto changes nothing"
    );
    // The game itself is never changed.
    assert_eq!(s.view().game().plies().len(), 4);
}

#[test]
fn variations_nest_two_deep_and_leave_returns_to_the_branch() {
    let mut s = annotated();
    run(&mut s, "goto 1 black");
    let v = run(&mut s, "variation");
    assert_eq!(
        v,
        "Variation 1, depth 1. Move 1, Black: Bauer Cesar fünf. Interesting move. Comment: Sicilian. 1 variation"
    );
    let v2 = run(&mut s, "variation 1");
    assert!(
        v2.starts_with("Variation 1, depth 2. Move 1, Black: Bauer Eva sechs. Comment: French"),
        "{v2}"
    );
    assert!(run(&mut s, "forward").starts_with("Move 2, White: Bauer David vier. 1 variation"));
    // Depth 3: the variation of 2. d4 inside the French.
    assert!(
        run(&mut s, "variation").contains("depth 3. Move 2, White: Bauer David drei. Dubious move")
    );
    assert!(run(&mut s, "forward").contains("end of the variation"));
    assert!(
        run(&mut s, "leave")
            .starts_with("Left variation 1, depth 2. Move 2, White: Bauer David vier")
    );
    assert!(run(&mut s, "forward").starts_with("Move 2, Black: Bauer David fünf"));
    assert_eq!(s.view().shown_game().position().board().to_string(), {
        let g = crate::rules::pgn::import_game("1. e4 e6 2. d4 d5 *").unwrap();
        g.position().board().to_string()
    });
    assert!(
        run(&mut s, "leave")
            .starts_with("Left variation 1, depth 1. Move 1, Black: Bauer Cesar fünf")
    );
    assert!(
        run(&mut s, "leave")
            .starts_with("Left variation 1, back in the main line. Move 1, Black: Bauer Eva fünf")
    );
    assert!(run(&mut s, "leave").contains("main line"));
    assert!(run(&mut s, "variation 2").contains("one variation here"));
    run(&mut s, "forward");
    assert!(run(&mut s, "variation").contains("no variations"));
}

#[test]
fn comments_are_quoted_safely_and_bounded() {
    let hostile = format!(
        "1. e4 {{evil \u{1b}[31m red\u{7} [%clk 0:05:00] {}}} e5 *",
        "x".repeat(5000)
    );
    let game = crate::rules::pgn::import_game(&hostile).unwrap();
    let mut s = Session::new(game, Config::default()).with_review_at_start();
    s.start(Duration::ZERO);
    let text = run(&mut s, "forward");
    assert!(!text.chars().any(words::quote::is_unsafe), "{text:?}");
    assert!(text.contains("Comment: evil ?[31m red?"), "{text}");
    assert!(text.ends_with("…. Clock 5 minutes"), "{text}");
    assert!(text.chars().count() < MAX_COMMENT_CHARS + 100);
    assert_eq!(spoken_comment("[%clk 1:00:00]"), "");
    assert_eq!(spoken_comment("a [%eval 1.2 b"), "a");
}

#[test]
fn moves_are_refused_and_exploring_answers_the_reviewed_position() {
    let mut s = Session::new(Game::new(), Config::default());
    s.start(Duration::ZERO);
    for m in ["e4", "e5", "Nf3"] {
        run(&mut s, m);
    }
    assert!(run(&mut s, "back").contains("Not reviewing"));
    let opened = run(&mut s, "review");
    assert!(
        opened.contains("Move 2, White: Springer Felix drei"),
        "{opened}"
    );
    run(&mut s, "start");
    // The same answer as at the start of a fresh game: all of White's pawns.
    let mut fresh = Session::new(Game::new(), Config::default());
    fresh.start(Duration::ZERO);
    let expected = run(&mut fresh, "rank 2");
    assert_eq!(run(&mut s, "rank 2"), expected);
    assert_eq!(expected.matches("Bauer").count(), 8, "{expected}");
    assert_eq!(run(&mut s, "fen"), run(&mut fresh, "fen"));
    run(&mut s, "end");
    assert!(run(&mut s, "square f3").contains("Springer"));
    run(&mut s, "start");
    let refused = run(&mut s, "d4");
    assert!(refused.contains("reviewing"), "{refused}");
    assert!(run(&mut s, "takeback").contains("reviewing"));
    assert_eq!(s.view().game().plies().len(), 3);
    let back = run(&mut s, "done");
    assert!(back.starts_with("Review ended"), "{back}");
    assert!(!s.view().reviewing());
    // The game goes on where it was.
    run(&mut s, "Nc6");
    assert_eq!(s.view().game().plies().len(), 4);
}

#[test]
fn review_waits_for_a_running_clock_and_the_tournament_game() {
    let config = Config {
        time_control: "5m".parse().ok(),
        ..Config::default()
    };
    let mut s = Session::new(Game::new(), config);
    s.start(Duration::ZERO);
    assert!(run(&mut s, "review").contains("clock"));
    assert!(!s.view().reviewing());
    let config = Config {
        mode: crate::session::Mode::Record,
        ..Config::default()
    };
    let mut t = Session::new(Game::new(), config);
    t.start(Duration::ZERO);
    let text = run(&mut t, "review");
    assert!(text.contains("tournament"), "{text}");
    assert!(!t.view().reviewing());
}

#[test]
fn unplayable_variation_moves_and_deep_nesting_are_bounded() {
    // A variation with a move that cannot be played there: the variation ends before it, said.
    let game = crate::rules::pgn::import_game("1. e4 (1. d4 Nf6 Qxh7) e5 *").unwrap();
    let mut s = Session::new(game, Config::default()).with_review_at_start();
    s.start(Duration::ZERO);
    run(&mut s, "forward");
    assert!(
        run(&mut s, "variation")
            .starts_with("Variation 1, depth 1. Move 1, White: Bauer David vier")
    );
    run(&mut s, "forward");
    let end = run(&mut s, "forward");
    assert!(
        end.contains("\"Qxh7\", which is not a possible move there"),
        "{end}"
    );
    // A variation that starts with an impossible move is not entered.
    let game = crate::rules::pgn::import_game("1. e4 (1. Ke5) e5 *").unwrap();
    let mut s = Session::new(game, Config::default()).with_review_at_start();
    s.start(Duration::ZERO);
    run(&mut s, "forward");
    assert!(run(&mut s, "variation").contains("nothing changed"));
    assert!(run(&mut s, "leave").contains("main line"));
    // Variations nested far deeper than the reader keeps: entering stops where the nesting stops.
    let depth = 200;
    let mut text = String::from("1. e4 ");
    for _ in 0..depth {
        text.push_str("(1. d4 ");
    }
    for _ in 0..depth {
        text.push(')');
    }
    text.push_str(" e5 *");
    let game = crate::rules::pgn::import_game(&text).unwrap();
    let mut s = Session::new(game, Config::default()).with_review_at_start();
    s.start(Duration::ZERO);
    run(&mut s, "forward");
    let mut entered = 0;
    for _ in 0..depth {
        if run(&mut s, "variation").starts_with("Variation 1") {
            entered += 1;
        } else {
            break;
        }
    }
    assert!(entered >= 1 && entered <= MAX_VARIATION_DEPTH, "{entered}");
    for _ in 0..entered {
        assert!(run(&mut s, "leave").starts_with("Left variation"));
    }
    assert!(run(&mut s, "leave").contains("main line"));
    assert_eq!(s.view().shown_game().plies().len(), 1);
}

/// An analysis made in the session (what `analyse` keeps in `Session::analysis`): review says each judged move
/// with its judgement and the better move; the other moves as ever.
#[test]
fn an_analysis_of_the_session_is_said_in_review() {
    use crate::rules::analysis::Eval;
    use crate::rules::judgement::Score;
    let config = Config {
        opponent: crate::session::Opponent::Human,
        ..Config::default()
    };
    let mut s = Session::new(Game::new(), config);
    s.start(Duration::ZERO);
    for m in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"] {
        run(&mut s, m);
    }
    let eval = |cp: i32, pv: &[&str]| {
        Some(Eval {
            score: Score::Cp(cp),
            pv: pv.iter().map(|m| m.to_string()).collect(),
        })
    };
    let evals = vec![
        eval(20, &["e2e4"]),
        eval(25, &["e7e5"]),
        eval(20, &["g1f3"]),
        eval(0, &["b8c6"]),
        eval(10, &["f1c4"]),
        eval(10, &["g7g6", "h5f3"]),
        Some(Eval {
            score: Score::Mate(1),
            pv: vec!["h5f7".into()],
        }),
    ];
    // `analyse` in the review, and the analyst's report of it, as the edge carries them: the review says the
    // judgements from then on.
    let opened = run(&mut s, "review");
    assert!(!opened.contains("blunder"), "{opened}");
    let out = s.update(Command::Act(s.read("analyse")), Duration::ZERO);
    let id = out
        .iter()
        .find_map(|e| match e {
            Effect::Other(crate::session::ToOther::Analyse(r)) => Some(r.id),
            _ => None,
        })
        .expect("the analysis is asked for");
    let end = crate::session::engine_io::AnalysisEnd::Done(evals);
    let report = crate::session::OtherEvent::Analysed { id, end };
    s.update(Command::Other(report), Duration::ZERO);
    let said = run(&mut s, "last");
    assert!(
        said.contains("a blunder; better was Bauer Gustav sechs"),
        "{said}"
    );
    run(&mut s, "done");
    let opened = run(&mut s, "review");
    assert!(
        opened.ends_with(
            "Move 3, Black: Springer Felix sechs, a blunder; better was Bauer Gustav sechs"
        ),
        "{opened}"
    );
    assert_eq!(
        run(&mut s, "back"),
        "Move 3, White: Läufer Cesar vier",
        "a move not judged is said as ever"
    );
    // Once the game is no longer the analysed one, its judgements are not said.
    run(&mut s, "done");
    run(&mut s, "takeback");
    run(&mut s, "g6");
    let opened = run(&mut s, "review");
    assert!(!opened.contains("blunder"), "{opened}");
}

/// `practice` on the session's own analysis: the position before the blunder, a try sent to the analyst, a stale
/// answer ignored, a second try refused while the first is checked, the verdict by the win-percentage rule (a
/// move as good accepted, a worse one told what was better), then back where the player was.
#[test]
fn practice_judges_tries_by_the_analysts_answer() {
    use crate::rules::analysis::Eval;
    use crate::rules::judgement::Score;
    use crate::session::{OtherEvent, ToOther};
    let config = Config {
        opponent: crate::session::Opponent::Human,
        ..Config::default()
    };
    let mut s = Session::new(Game::new(), config);
    s.start(Duration::ZERO);
    for m in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"] {
        run(&mut s, m);
    }
    assert!(run(&mut s, "practice").contains("no analysis"));
    let eval = |cp: i32, pv: &str| {
        Some(Eval {
            score: Score::Cp(cp),
            pv: vec![pv.to_string()],
        })
    };
    let evals = vec![
        eval(20, "e2e4"),
        eval(25, "e7e5"),
        eval(20, "g1f3"),
        eval(0, "b8c6"),
        eval(10, "f1c4"),
        eval(10, "g7g6"),
        Some(Eval {
            score: Score::Mate(1),
            pv: vec!["h5f7".into()],
        }),
    ];
    let out = s.update(Command::Act(s.read("analyse")), Duration::ZERO);
    let id = out
        .iter()
        .find_map(|e| match e {
            Effect::Other(ToOther::Analyse(r)) => Some(r.id),
            _ => None,
        })
        .unwrap();
    let end = crate::session::engine_io::AnalysisEnd::Done(evals);
    s.update(
        Command::Other(OtherEvent::Analysed { id, end }),
        Duration::ZERO,
    );
    // Two people at the keyboard: the only side with a mistake is practised.
    let started = run(&mut s, "practice");
    assert!(
        started.contains("1 move of Black")
            && started.ends_with("Move 3, you are Black: find a better move"),
        "{started}"
    );
    assert_eq!(s.view().shown_game().plies().len(), 5);
    let asked = |s: &mut Session, line: &str| {
        let out = s.update(Command::Act(s.read(line)), Duration::ZERO);
        let evaluated: Vec<(usize, Vec<String>)> = out
            .iter()
            .filter_map(|e| match e {
                Effect::Other(ToOther::Evaluate(r)) => Some((r.for_ply, r.moves_uci.clone())),
                _ => None,
            })
            .collect();
        (said(&out), evaluated)
    };
    let (text, evaluated) = asked(&mut s, "a6");
    assert_eq!(text, "Bauer Anna sechs: the engine checks it");
    assert_eq!(evaluated.len(), 1);
    assert_eq!(evaluated[0].0, 6);
    assert_eq!(evaluated[0].1.last().map(String::as_str), Some("a7a6"));
    assert_eq!(evaluated[0].1.len(), 6);
    assert!(asked(&mut s, "h6").0.contains("still checking"));
    let answer = |s: &mut Session, for_ply: usize, cp: i32| {
        let e = OtherEvent::Evaluated {
            for_ply,
            cp,
            best: None,
            lines: Vec::new(),
        };
        said(&s.update(Command::Other(e), Duration::ZERO))
    };
    assert_eq!(answer(&mut s, 3, 0), "", "a stale answer is not the try's");
    // White to move mates in one after a6.
    let told = answer(&mut s, 6, 29_999);
    assert!(
        told.starts_with(
            "Bauer Anna sechs is a blunder too; better was Bauer Gustav sechs. Practice done: 0 of 1 found"
        ),
        "{told}"
    );
    assert!(!s.view().reviewing(), "back in the game");
    // A move about as good as the engine's (White +0.20 after it; +0.10 before): found.
    run(&mut s, "practice black");
    let (text, _) = asked(&mut s, "Qe7");
    assert!(text.ends_with("the engine checks it"), "{text}");
    let good = answer(&mut s, 6, 20);
    assert!(
        good.starts_with("Dame Eva sieben is as good as the engine's move, Bauer Gustav sechs"),
        "{good}"
    );
    assert!(good.contains("1 of 1 found"), "{good}");
    // The game was never changed.
    assert_eq!(s.view().game().plies().len(), 6);
    assert!(run(&mut s, "practice stop").contains("Not practising"));
}
