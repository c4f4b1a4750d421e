//! Tests of the start step: the session built from texts, with no terminal and no disk.

use std::time::Duration;

use super::*;
use crate::session::{Command, Effect};

fn found(options: Options) -> Found {
    Found::new(options, Phrases::default(), Vocabulary::default())
}

/// A game loaded from `text` (as `--load game.pgn`).
fn loading(text: &str, options: Options) -> Found {
    let mut f = found(Options {
        load: Some(PathBuf::from("game.pgn")),
        ..options
    });
    f.loaded = Some(text.to_string());
    f
}

fn said(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Say(a) => Some(a.text.clone()),
            _ => None,
        })
        .collect()
}

fn p(key: &str, args: &[(&str, &str)]) -> String {
    Phrases::default().say(key, args)
}

const UNFINISHED: &str = "[Event \"?\"]\n[TimeControl \"300+5\"]\n\n1. e4 e5 2. Nf3 *\n";

fn offer(text: &str) -> ResumeOffer {
    let game = unfinished(text, true).expect("offered");
    ResumeOffer {
        time_control: own_time_control(&game),
        game,
        path: PathBuf::from("autosave.pgn"),
        text: text.to_string(),
        keep_as: PathBuf::from("kept/2025-01-31_14-05-02.pgn"),
        copied: true,
        fallback: PathBuf::from("autosave-2.pgn"),
        log: None,
        envelope: None,
    }
}

#[test]
fn where_the_game_is_kept() {
    let file = |p: &str| Keeping::File(PathBuf::from(p));
    let load = Some(PathBuf::from("g.pgn"));
    let save = Some(PathBuf::from("s.pgn"));
    let k = |o: Options| keeping(&o);
    // Both faces keep the game in the autosave unless told not to.
    assert_eq!(k(Options::default()), Keeping::Autosave);
    assert_eq!(
        k(Options {
            save: save.clone(),
            ..Options::default()
        }),
        file("s.pgn")
    );
    assert_eq!(
        k(Options {
            autosave: false,
            ..Options::default()
        }),
        Keeping::Nowhere
    );
    assert_eq!(
        k(Options {
            line: false,
            ..Options::default()
        }),
        Keeping::Autosave
    );
    assert_eq!(
        k(Options {
            line: false,
            review: true,
            load: load.clone(),
            ..Options::default()
        }),
        Keeping::Nowhere
    );
    let record = Options {
        mode: Mode::Record,
        ..Options::default()
    };
    assert_eq!(k(record.clone()), Keeping::NewGameFile);
    assert_eq!(
        k(Options {
            load: load.clone(),
            ..record.clone()
        }),
        file("g.pgn")
    );
    assert_eq!(
        k(Options {
            load,
            save,
            ..record
        }),
        file("s.pgn")
    );
    assert!(offers_unfinished(&Options::default()));
    assert!(!offers_unfinished(&Options {
        chess960: Some(5),
        ..Options::default()
    }));
}

#[test]
fn a_plain_new_game_starts_new() {
    let mut s = start(found(Options::default()), Claimed::default()).expect("starts");
    assert!(s.notices.is_empty(), "{:?}", s.notices);
    let out = said(&s.session.start(Duration::ZERO));
    assert_eq!(out[0], p("greeting.new", &[("side", "White")]), "{out:?}");
}

#[test]
fn an_unfinished_game_is_offered_and_yes_goes_on_with_it() {
    let claimed = Claimed {
        save_path: Some(PathBuf::from("autosave.pgn")),
        resume: Some(offer(UNFINISHED)),
        ..Claimed::default()
    };
    let mut s = start(found(Options::default()), claimed).expect("starts");
    let out = said(&s.session.start(Duration::ZERO));
    assert!(
        out.iter()
            .any(|t| t.starts_with("Your last game is unfinished: move 2, Black to move")),
        "{out:?}"
    );
    let out = said(
        &s.session
            .update(Command::Act(s.session.read("yes")), Duration::ZERO),
    );
    assert!(
        out.iter().any(|t| t.starts_with(&p(
            "greeting.continued",
            &[("number", "2"), ("side", "Black")]
        ))),
        "{out:?}"
    );
    assert_eq!(s.session.view().game().plies().len(), 3);
    // It goes on with its own clock, as it was kept.
    assert_eq!(
        s.session.view().config().time_control,
        Some(TimeControl::from_pgn("300+5").unwrap())
    );
}

#[test]
fn an_unfinished_game_declined_is_kept_and_a_new_game_starts() {
    let claimed = Claimed {
        save_path: Some(PathBuf::from("autosave.pgn")),
        resume: Some(offer(UNFINISHED)),
        ..Claimed::default()
    };
    let mut s = start(found(Options::default()), claimed).expect("starts");
    s.session.start(Duration::ZERO);
    let out = s
        .session
        .update(Command::Act(s.session.read("no")), Duration::ZERO);
    let texts = said(&out);
    assert!(
        texts.contains(&p(
            "resume.kept",
            &[("path", "kept/2025-01-31_14-05-02.pgn")]
        )),
        "{texts:?}"
    );
    assert!(
        texts.contains(&p("greeting.new", &[("side", "White")])),
        "{texts:?}"
    );
    assert!(s.session.view().game().plies().is_empty());
    assert_eq!(
        s.session.view().config().kept_games,
        vec![PathBuf::from("kept/2025-01-31_14-05-02.pgn")]
    );
}

#[test]
fn only_an_unfinished_game_with_moves_is_offered() {
    assert!(unfinished(UNFINISHED, true).is_some());
    // Not offered: not asked to (a --load, --fen or --chess960 start), finished, without moves, no game.
    assert!(unfinished(UNFINISHED, false).is_none());
    assert!(unfinished("1. f3 e5 2. g4 Qh4# 0-1\n", true).is_none());
    assert!(unfinished("[Event \"?\"]\n\n*\n", true).is_none());
    assert!(unfinished("", true).is_none());
    assert_eq!(
        own_time_control(&unfinished(UNFINISHED, true).unwrap()),
        Some(TimeControl::from_pgn("300+5").unwrap())
    );
}

const THREE: &str = "[Event \"A\"]\n[White \"Anna\"]\n[Black \"Bob\"]\n[TimeControl \"600\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n[Event \"B\"]\n\n1. d4 d5 *\n\n[Event \"C\"]\n\n1. c4 c5 2. Nc3 1/2-1/2\n";

#[test]
fn a_file_of_several_games_asks_which() {
    let prepared = prepare(loading(THREE, Options::default())).expect("prepared");
    assert!(prepared.several_games());
    let claimed = Claimed {
        new_file: PathBuf::from("game-kept.pgn"),
        ..Claimed::default()
    };
    let mut s = finish(prepared, claimed).expect("starts");
    let out = said(&s.session.start(Duration::ZERO));
    assert!(
        out[0].starts_with("game.pgn holds 3 games: 1: Anna against Bob"),
        "{out:?}"
    );
    let out = said(
        &s.session
            .update(Command::Act(s.session.read("2")), Duration::ZERO),
    );
    assert!(
        out.iter().any(|t| t.starts_with(&p(
            "greeting.continued",
            &[("number", "2"), ("side", "White")]
        ))),
        "{out:?}"
    );
    // The first game's clock is its own; the second has none.
    assert_eq!(s.session.view().config().time_control, None);
}

#[test]
fn a_file_of_one_game_is_loaded_without_a_question() {
    let prepared = prepare(loading(UNFINISHED, Options::default())).expect("prepared");
    assert!(!prepared.several_games());
    let mut s = finish(prepared, Claimed::default()).expect("starts");
    let out = said(&s.session.start(Duration::ZERO));
    assert!(
        out[0].starts_with(&p(
            "greeting.continued",
            &[("number", "2"), ("side", "Black")]
        )),
        "{out:?}"
    );
}

#[test]
fn a_loaded_game_keeps_its_time_control_unless_time_is_given() {
    let own = prepare(loading(UNFINISHED, Options::default())).expect("prepared");
    assert_eq!(
        own.time_control,
        Some(TimeControl::from_pgn("300+5").unwrap())
    );
    assert!(own.notices.is_empty(), "{:?}", own.notices);
    let given = prepare(loading(
        UNFINISHED,
        Options {
            time: Some("90+30".into()),
            ..Options::default()
        },
    ))
    .expect("prepared");
    let tc: TimeControl = "90+30".parse().unwrap();
    assert_eq!(given.time_control, Some(tc.clone()));
    let phrases = Phrases::default();
    let replaced = phrases.say(
        "notice.time_replaced",
        &[
            (
                "own",
                &crate::words::time::control(&phrases, &TimeControl::from_pgn("300+5").unwrap()),
            ),
            ("given", &crate::words::time::control(&phrases, &tc)),
        ],
    );
    assert_eq!(given.notices, vec![replaced]);
}

#[test]
fn time_control_errors_refuse_the_start() {
    let err = |o: Options| prepare(found(o)).err().map(|e| e.key);
    assert_eq!(
        err(Options {
            delay: Some(5),
            ..Options::default()
        }),
        Some("start.delay_needs_time")
    );
    assert_eq!(
        err(Options {
            delay: Some(3601),
            time: Some("5+3".into()),
            ..Options::default()
        }),
        Some("start.bad_delay")
    );
    assert_eq!(
        err(Options {
            time: Some("soon".into()),
            ..Options::default()
        }),
        Some("start.bad_time")
    );
    assert_eq!(
        err(Options {
            level: Some(11),
            ..Options::default()
        }),
        Some("start.bad_level")
    );
    let s = prepare(found(Options {
        time: Some("5+3".into()),
        ..Options::default()
    }))
    .expect("prepared");
    assert_eq!(s.time_control, Some("5+3".parse().unwrap()));
}

#[test]
fn a_missing_engine_is_said_and_a_person_plays() {
    let mut f = found(Options {
        line: false,
        engine_command: "no-such-engine".into(),
        ..Options::default()
    });
    f.engine_found = false;
    let s = prepare(f).expect("prepared");
    assert!(!s.opponent.plays_one_side(), "a person plays both sides");
    assert_eq!(
        s.notices,
        vec![p("notice.no_engine", &[("command", "no-such-engine")])]
    );
}

#[test]
fn an_envelope_of_another_game_is_noted() {
    // Sealed in the starting position; the game loaded is at another position.
    let sealed = Envelope {
        white: "Anna".into(),
        black: "Bob".into(),
        position: Game::new().fen(),
        white_used_ms: 1000,
        black_used_ms: 1000,
        sealer: "white".into(),
        move_number: 1,
        draw_offer: None,
        resumption: None,
        time_control: "300+5".into(),
        white_remaining_ms: 299_000,
        black_remaining_ms: 299_000,
        white_moves: 0,
        black_moves: 0,
        sealed_move: String::new(),
        sealed_move_coded: String::new(),
    };
    let mut f = loading(UNFINISHED, Options::default());
    f.envelope = Ok(Some(sealed.to_ron()));
    let mut s = start(f, Claimed::default()).expect("starts");
    let out = said(&s.session.start(Duration::ZERO));
    assert!(out.contains(&p("envelope.stale.position", &[])), "{out:?}");
}

#[test]
fn an_adjourned_game_goes_on_with_what_was_kept_and_the_envelopes_clocks() {
    // Sealed by Black after 2. Nf3; the save kept White's illegal move and a 5-second increment
    // (R-GIII.4); its clock times differ from the envelope's, which set the clocks (R-GI.5).
    let text = "[Event \"?\"]\n[TimeControl \"300+5\"]\n[HectorClock \"at=1 clock=paused-black \
                white=100000/0/2/0 black=100000/0/1/0 made=- unpressed=0/0 illegal=1/0 permove=increment:5000 \
                virtual=yes\"]\n\n1. e4 e5 2. Nf3 *\n";
    let mut after = Game::new();
    for san in ["e4", "e5", "Nf3"] {
        let m = after.parse_san(san).expect("legal");
        after.play(m).expect("plays");
    }
    let sealed = Envelope {
        white: "Anna".into(),
        black: "Bob".into(),
        position: after.fen(),
        white_used_ms: 20_000,
        black_used_ms: 10_000,
        sealer: "black".into(),
        move_number: 2,
        draw_offer: None,
        resumption: None,
        time_control: "300+5".into(),
        white_remaining_ms: 290_000,
        black_remaining_ms: 295_000,
        white_moves: 2,
        black_moves: 1,
        sealed_move: String::new(),
        sealed_move_coded: crate::session::adjourn::code_move(&after.fen(), "b8c6"),
    };
    let mut f = loading(text, Options::default());
    f.envelope = Ok(Some(sealed.to_ron()));
    let mut s = start(f, Claimed::default()).expect("starts");
    let out = said(&s.session.start(Duration::ZERO));
    let greeting = p(
        "adjourned.greeting",
        &[("sealer", "Black"), ("number", "2")],
    );
    assert!(out.contains(&greeting), "{out:?}");
    let m = &s.session.m;
    assert_eq!(m.illegal_counts(), [1, 0]);
    let clock = m.clock().expect("the envelope's clock");
    assert_eq!(
        clock.per_move_override(),
        Some(crate::rules::time_control::PerMove::Increment(
            Duration::from_secs(5)
        ))
    );
    assert_eq!(
        s.session.view().clock_remaining(Duration::ZERO),
        Some([Duration::from_secs(290), Duration::from_secs(295)])
    );
}

#[test]
fn an_envelope_that_cannot_be_read_refuses_the_start() {
    let mut f = loading(UNFINISHED, Options::default());
    f.envelope = Ok(Some("not an envelope".into()));
    let e = prepare(f).err().expect("refused");
    assert_eq!(e.key, "start.bad_envelope");
    assert!(e.args[1].1.starts_with("game.pgn.envelope.ron: "), "{e:?}");
}

#[test]
fn a_finished_game_is_greeted_as_finished() {
    let mut s = start(
        loading("1. f3 e5 2. g4 Qh4# 0-1\n", Options::default()),
        Claimed::default(),
    )
    .expect("starts");
    let out = said(&s.session.start(Duration::ZERO));
    assert_eq!(
        out[0],
        p("greeting.finished", &[("number", "2"), ("side", "Black")]),
        "{out:?}"
    );
}

#[test]
fn a_file_without_a_game_or_with_a_broken_one_refuses_the_start() {
    let e = prepare(loading("", Options::default()))
        .err()
        .expect("refused");
    assert_eq!(e.key, "start.no_game");
    let e = prepare(loading("1. e4 Ke7 Qxh8 *\n", Options::default()))
        .err()
        .expect("refused");
    assert_eq!(e.key, "start.cannot_load");
}

#[test]
fn names_and_a_tournament_date_go_on_the_scoresheet() {
    let options = Options {
        mode: Mode::Record,
        tags: vec![("White", "Anna\u{7}".into()), ("Event", "Club".into())],
        ..Options::default()
    };
    let claimed = Claimed {
        started: Some(SystemTime::UNIX_EPOCH + Duration::from_secs(86_400 * 365)),
        ..Claimed::default()
    };
    let s = start(found(options), claimed).expect("starts");
    let tags = &s.session.view().game().tags;
    assert_eq!(tags.get("White"), Some("Anna"));
    assert_eq!(tags.get("Event"), Some("Club"));
    assert_eq!(tags.get("Date"), Some("1971.01.01"));
    let opponent = s.session.view().config().opponent;
    assert!(!opponent.plays_one_side(), "a person plays both sides");
}
