//! The lichess client (src/online) against the fake lichess (tests/support/fake_lichess.rs): each scenario of
//! issue 29 at the client's level: the answers and events the session gets, what reached the server, and
//! that the token shows nowhere.

#[path = "support/fake_lichess.rs"]
mod fake_lichess;

use std::cell::RefCell;
use std::collections::VecDeque;
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fake_lichess::{FakeLichess, GameSpec};
use hector::online::wire::ChallengeTimeControl;
use hector::online::{
    Answer, Client, Color, Event, Failure, GameEvent, LobbyEvent, Outcome, Pauses, Request, Seek,
    SeekEnd, ServerUrl, Status, StreamKind, TimeControl, Token,
};

const TOKEN: &str = "lip_SecretTestToken0042";
const PAUSE: Duration = Duration::from_millis(300);

struct Rig {
    fake: FakeLichess,
    client: Client,
    rx: Receiver<Event>,
    /// Every event's Debug text, to check the token shows in none.
    log: Arc<Mutex<Vec<String>>>,
    /// Events received and not yet taken by a `wait`.
    backlog: RefCell<VecDeque<Event>>,
}

fn client_of(url: &str, token: &str, log: &Arc<Mutex<Vec<String>>>) -> (Client, Receiver<Event>) {
    let (tx, rx) = mpsc::channel();
    let log = log.clone();
    let tx = Mutex::new(tx);
    let client = Client::new(
        ServerUrl::parse(url).unwrap(),
        Token::new(token).unwrap(),
        move |e| {
            log.lock().unwrap().push(format!("{e:?}"));
            let _ = tx.lock().unwrap().send(e);
        },
    )
    .with_pauses(Pauses {
        rate_limit: PAUSE,
        reconnect_first: Duration::from_millis(50),
        reconnect_max: Duration::from_millis(400),
    });
    (client, rx)
}

fn rig() -> Rig {
    let fake = FakeLichess::start(TOKEN, "Blindfold");
    let log = Arc::new(Mutex::new(Vec::new()));
    let (client, rx) = client_of(&fake.url(), TOKEN, &log);
    Rig {
        fake,
        client,
        rx,
        log,
        backlog: RefCell::default(),
    }
}

impl Drop for Rig {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        let log = self.log.lock().unwrap();
        assert!(
            log.iter().all(|l| !l.contains(TOKEN)),
            "the token in an event: {log:#?}"
        );
        assert!(!format!("{:?}", self.client).contains(TOKEN));
        // Every request reached the fake with the token, and only as the Authorization header.
        for r in self.fake.requests() {
            assert_eq!(
                r.auth.as_deref(),
                Some(format!("Bearer {TOKEN}").as_str()),
                "{r:?}"
            );
            assert!(!r.path.contains(TOKEN) && r.form.iter().all(|(_, v)| !v.contains(TOKEN)));
        }
    }
}

impl Rig {
    /// Takes the first event (received earlier or arriving within 5 s) that `f` picks; the others stay for
    /// later waits, in order. Panics with what came.
    fn wait<T>(&self, what: &str, mut f: impl FnMut(&Event) -> Option<T>) -> T {
        let end = Instant::now() + Duration::from_secs(5);
        let mut backlog = self.backlog.borrow_mut();
        if let Some(i) = backlog.iter().position(|e| f(e).is_some()) {
            return f(&backlog.remove(i).unwrap()).unwrap();
        }
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.rx.recv_timeout(left) {
                Ok(e) => match f(&e) {
                    Some(t) => return t,
                    None => backlog.push_back(e),
                },
                Err(_) => break,
            }
        }
        panic!("no {what}; seen: {backlog:#?}");
    }

    fn answer(&self, what: &str) -> (Request, Outcome) {
        self.wait(what, |e| match e {
            Event::Answer { request, outcome } => Some((request.clone(), outcome.clone())),
            _ => None,
        })
    }

    fn state(&self, id: &str) -> hector::online::GameState {
        self.wait("a gameState", |e| match e {
            Event::Game {
                id: i,
                event: GameEvent::GameState(s),
            } if i == id => Some(s.clone()),
            _ => None,
        })
    }

    /// The first state that `f` accepts.
    fn state_where(
        &self,
        id: &str,
        what: &str,
        f: impl Fn(&hector::online::GameState) -> bool,
    ) -> hector::online::GameState {
        self.wait(what, |e| match e {
            Event::Game {
                id: i,
                event: GameEvent::GameState(s),
            } if i == id && f(s) => Some(s.clone()),
            _ => None,
        })
    }

    /// The state whose move list is `moves`.
    fn state_with(&self, id: &str, moves: &str) -> hector::online::GameState {
        self.wait(&format!("a gameState with {moves}"), |e| match e {
            Event::Game {
                id: i,
                event: GameEvent::GameState(s),
            } if i == id && s.moves == moves => Some(s.clone()),
            _ => None,
        })
    }

    fn full(&self, id: &str) -> hector::online::GameFull {
        self.wait("a gameFull", |e| match e {
            Event::Game {
                id: i,
                event: GameEvent::GameFull(f),
            } if i == id => Some((**f).clone()),
            _ => None,
        })
    }

    fn mv(&self, game: &str, uci: &str) -> Outcome {
        self.client.send(Request::Move {
            game: game.into(),
            uci: uci.into(),
        });
        self.answer(&format!("the answer to {uci}")).1
    }

    /// No event picked by `f` within `ms`.
    fn none_within(&self, ms: u64, what: &str, f: impl Fn(&Event) -> bool) {
        assert!(!self.backlog.borrow().iter().any(&f), "unexpected {what}");
        let end = Instant::now() + Duration::from_millis(ms);
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            if let Ok(e) = self.rx.recv_timeout(left) {
                assert!(!f(&e), "unexpected {what}: {e:?}");
            }
        }
    }
}

fn done(o: &Outcome) -> bool {
    matches!(o, Outcome::Done(_))
}

#[test]
fn account_and_ongoing_games() {
    let r = rig();
    assert_eq!(r.client.account().unwrap().username, "Blindfold");
    let real = r.fake.add_game(GameSpec::rapid("Mary", "white", &[]));
    let corr = r
        .fake
        .add_game(GameSpec::correspondence("Corr", "black", 3, &["d2d4"]));
    let games = r.client.playing().unwrap();
    assert_eq!(games.len(), 2);
    let c = games.iter().find(|g| g.game_id == corr).unwrap();
    assert!(
        c.is_my_turn,
        "the opponent moved in the correspondence game"
    );
    assert_eq!(c.color, Some(Color::Black));
    assert_eq!(c.opponent.username, "Corr");
    let g = games.iter().find(|g| g.game_id == real).unwrap();
    assert_eq!(g.opponent.rating, Some(1500));
}

#[test]
fn a_wrong_token_is_refused_with_lichess_words() {
    let fake = FakeLichess::start(TOKEN, "Blindfold");
    let log = Arc::new(Mutex::new(Vec::new()));
    let wrong = "lip_WrongTokenXYZ";
    let (client, rx) = client_of(&fake.url(), wrong, &log);
    let e = client.account().unwrap_err();
    assert_eq!(
        e,
        Failure::Unauthorized {
            error: "No such token".into()
        }
    );
    assert!(
        e.to_string()
            .contains("lichess refused the token: No such token")
    );
    let _s = client.event_stream();
    match rx.recv_timeout(Duration::from_secs(5)).unwrap() {
        Event::StreamFailed {
            stream: StreamKind::Events,
            status: 401,
            error,
        } => assert_eq!(error, "No such token"),
        other => panic!("{other:?}"),
    }
    assert!(!format!("{e:?} {e} {client:?} {:?}", log.lock().unwrap()).contains(wrong));
}

#[test]
fn a_whole_game_against_a_scripted_opponent_ends_by_mate() {
    let r = rig();
    let _events = r.client.event_stream();
    let id = r
        .fake
        .add_game(GameSpec::rapid("Mary", "white", &["e7e5", "b8c6", "g8f6"]));
    let start = r.wait("gameStart", |e| match e {
        Event::Lobby(LobbyEvent::GameStart(g)) if g.game_id == id => Some(g.clone()),
        _ => None,
    });
    assert!(start.is_my_turn);
    let _game = r.client.game_stream(&id);
    let full = r.full(&id);
    assert_eq!(
        (full.white.name.as_str(), full.black.name.as_str()),
        ("Blindfold", "Mary")
    );
    assert_eq!(
        full.clock.map(|c| (c.initial, c.increment)),
        Some((600_000, 5_000))
    );
    assert_eq!(full.days_per_turn, None);
    assert!(full.state.moves.is_empty());
    let mut expect = String::new();
    for (mine, theirs) in [("e2e4", "e7e5"), ("f1c4", "b8c6"), ("d1h5", "g8f6")] {
        assert!(done(&r.mv(&id, mine)));
        expect = format!("{expect} {mine}").trim().to_string();
        let s = r.state_with(&id, &expect);
        assert_eq!(s.status, Status::Started);
        expect = format!("{expect} {theirs}");
        let s = r.state_with(&id, &expect);
        assert!(s.wtime < 600_000, "the player's clock ran: {}", s.wtime);
    }
    assert!(done(&r.mv(&id, "h5f7")));
    let s = r.state(&id);
    assert_eq!((s.status, s.winner), (Status::Mate, Some(Color::White)));
    r.wait("the game stream's end", |e| {
        matches!(e, Event::GameStreamEnded { id: i } if *i == id).then_some(())
    });
    assert_eq!(
        r.fake
            .count("POST", &format!("/api/board/game/{id}/move/h5f7")),
        1
    );
}

#[test]
fn a_refused_move_comes_back_with_lichess_reason() {
    let r = rig();
    let id = r.fake.add_game(GameSpec::rapid("Mary", "white", &[]));
    assert_eq!(
        r.mv(&id, "e2e5"),
        Outcome::Refused {
            status: 400,
            error: "Illegal move: e2e5".into()
        }
    );
    assert!(done(&r.mv(&id, "e2e4")));
    assert_eq!(
        r.mv(&id, "d2d4"),
        Outcome::Refused {
            status: 400,
            error: "Not your turn, or game already over".into()
        }
    );
    // Not a move at all: nothing is sent.
    assert!(matches!(r.mv(&id, "e2e4; x"), Outcome::NotSent { .. }));
    assert_eq!(r.fake.moves(&id), vec!["e2e4"]);
    assert_eq!(r.fake.requests().len(), 3);
}

#[test]
fn draw_offers_and_takebacks_both_ways() {
    let r = rig();
    let id = r
        .fake
        .add_game(GameSpec::rapid("Mary", "white", &["e7e5", "g8f6", "b8c6"]));
    let _g = r.client.game_stream(&id);
    r.full(&id);
    assert!(done(&r.mv(&id, "e2e4")));
    r.state_with(&id, "e2e4 e7e5");
    // The opponent offers a draw; the player declines.
    r.fake.offer_draw(&id);
    r.state_where(&id, "the opponent's offer", |s| s.bdraw);
    r.client.send(Request::Draw {
        game: id.clone(),
        yes: false,
    });
    assert!(done(&r.answer("decline").1));
    r.state_where(&id, "the offer gone", |s| {
        !s.bdraw && s.status == Status::Started
    });
    // The player offers; the scripted opponent declines (the offer shows, then goes).
    r.client.send(Request::Draw {
        game: id.clone(),
        yes: true,
    });
    assert!(done(&r.answer("offer").1));
    r.state_where(&id, "the player's offer", |s| s.wdraw);
    r.state_where(&id, "the player's offer declined", |s| !s.wdraw);
    // The player proposes a takeback; the opponent accepts: back to the player's turn.
    r.client.send(Request::Takeback {
        game: id.clone(),
        yes: true,
    });
    assert!(done(&r.answer("takeback").1));
    r.state_with(&id, "");
    assert_eq!(r.fake.moves(&id), Vec::<String>::new());
    assert!(done(&r.mv(&id, "d2d4")));
    r.state_with(&id, "d2d4 g8f6");
    // The opponent proposes a takeback; the player accepts: its move is gone.
    r.fake.propose_takeback(&id);
    r.state_where(&id, "the opponent's takeback", |s| s.btakeback);
    r.client.send(Request::Takeback {
        game: id.clone(),
        yes: true,
    });
    assert!(done(&r.answer("accept takeback").1));
    r.state_with(&id, "d2d4");
    // The player offers a draw the opponent accepts.
    r.fake.set_answers(&id, true, true);
    r.client.send(Request::Draw {
        game: id.clone(),
        yes: true,
    });
    assert!(done(&r.answer("offer").1));
    r.state_where(&id, "the draw", |s| s.status == Status::Draw);
}

#[test]
fn opponent_gone_then_the_win_claimed() {
    let r = rig();
    let id = r.fake.add_game(GameSpec::rapid("Mary", "black", &["e2e4"]));
    let _g = r.client.game_stream(&id);
    assert_eq!(r.full(&id).state.moves, "e2e4");
    r.client.send(Request::ClaimVictory { game: id.clone() });
    assert_eq!(
        r.answer("early claim").1,
        Outcome::Refused {
            status: 400,
            error: "You cannot claim the win now".into()
        }
    );
    r.fake.opponent_gone(&id, Some(0));
    let gone = r.wait("opponentGone", |e| match e {
        Event::Game {
            event: GameEvent::OpponentGone(g),
            ..
        } => Some(*g),
        _ => None,
    });
    assert!(gone.gone && gone.claim_win_in_seconds == Some(0));
    r.client.send(Request::ClaimVictory { game: id.clone() });
    assert!(done(&r.answer("claim").1));
    let s = r.state(&id);
    assert_eq!((s.status, s.winner), (Status::Timeout, Some(Color::Black)));
}

#[test]
fn a_dropped_stream_is_reopened_once_said_and_nothing_is_sent_twice() {
    let r = rig();
    let id = r
        .fake
        .add_game(GameSpec::rapid("Mary", "white", &["e7e5", "b8c6"]));
    let _g = r.client.game_stream(&id);
    r.full(&id);
    // The move reaches lichess but its answer is lost with the connection.
    r.fake.lose_answer(&format!("/api/board/game/{id}/move"));
    let lost = r.mv(&id, "e2e4");
    assert!(matches!(lost, Outcome::Unknown { .. }), "{lost:?}");
    // The stream drops; the next two tries fail; the third gets through.
    r.fake.lose_answers("/api/board/game/stream", 2);
    let dropped = Instant::now();
    r.fake.drop_streams(&format!("/api/board/game/stream/{id}"));
    r.wait("connection lost", |e| {
        matches!(
            e,
            Event::ConnectionLost {
                stream: StreamKind::Game(_),
                ..
            }
        )
        .then_some(())
    });
    let full = r.full(&id);
    // Three pauses, growing: 50 + 100 + 200 ms.
    assert!(
        dropped.elapsed() >= Duration::from_millis(350),
        "{:?}",
        dropped.elapsed()
    );
    // The gameFull after the reconnection tells the move landed: the session does not send it again.
    assert_eq!(full.state.moves, "e2e4 e7e5");
    assert_eq!(
        r.fake
            .count("POST", &format!("/api/board/game/{id}/move/e2e4")),
        1
    );
    assert!(r.fake.count("GET", &format!("/api/board/game/stream/{id}")) >= 4);
    // ConnectedAgain came before that gameFull; ConnectionLost was said once over the three failures.
    let log = r.log.lock().unwrap().clone();
    assert_eq!(
        log.iter()
            .filter(|l| l.starts_with("ConnectionLost"))
            .count(),
        1,
        "{log:#?}"
    );
    assert_eq!(
        log.iter()
            .filter(|l| l.starts_with("ConnectedAgain"))
            .count(),
        1,
        "{log:#?}"
    );
    let again = log
        .iter()
        .position(|l| l.starts_with("ConnectedAgain"))
        .unwrap();
    let lost_at = log
        .iter()
        .position(|l| l.starts_with("ConnectionLost"))
        .unwrap();
    assert!(lost_at < again);
    // The game goes on.
    assert!(done(&r.mv(&id, "d2d4")));
    r.state_with(&id, "e2e4 e7e5 d2d4 b8c6");
}

#[test]
fn garbage_unknown_and_overlong_lines_are_skipped() {
    let r = rig();
    let id = r.fake.add_game(GameSpec::rapid("Mary", "white", &[]));
    let _g = r.client.game_stream(&id);
    let _e = r.client.event_stream();
    r.full(&id);
    r.fake.push_game_line(&id, "this is not json {");
    r.fake
        .push_game_line(&id, r#"{"type":"somethingNew","x":1}"#);
    r.fake.push_game_line(
        &id,
        &format!(
            r#"{{"type":"chatLine","username":"a","room":"player","text":"{}"}}"#,
            "x".repeat(70_000)
        ),
    );
    r.fake
        .push_game_line(&id, r#"{"type":"chatLine","room":"player"}"#);
    r.fake.push_event_line(r#"{"type":"gameStart"}"#);
    r.fake.chat(&id, "still here");
    let chat = r.wait("the chat after the garbage", |e| match e {
        Event::Game {
            event: GameEvent::ChatLine(c),
            ..
        } => Some(c.clone()),
        _ => None,
    });
    assert_eq!(
        (chat.username.as_str(), chat.text.as_str()),
        ("Mary", "still here")
    );
    let log = r.log.lock().unwrap().clone();
    let skipped: Vec<&String> = log
        .iter()
        .filter(|l| l.starts_with("Skipped { stream: Game"))
        .collect();
    assert_eq!(skipped.len(), 4, "{log:#?}");
    for (i, want) in [
        "NotJson",
        "UnknownType(\"somethingNew\")",
        "TooLong",
        "BadFields { kind: \"chatLine\"",
    ]
    .iter()
    .enumerate()
    {
        assert!(skipped[i].contains(want), "{}: {}", want, skipped[i]);
    }
    r.wait("the event stream's bad line", |e| {
        matches!(
            e,
            Event::Skipped {
                stream: StreamKind::Events,
                why: hector::online::Skip::BadFields { .. }
            }
        )
        .then_some(())
    });
    assert!(
        !log.iter().any(|l| l.starts_with("ConnectionLost")),
        "no reconnection for a bad line"
    );
}

#[test]
fn a_429_waits_then_the_request_is_tried_again_once() {
    let r = rig();
    let id = r.fake.add_game(GameSpec::rapid("Mary", "white", &["e7e5"]));
    r.fake.rate_limit(&format!("/api/board/game/{id}/move"), 2);
    let t = Instant::now();
    r.client.send(Request::Move {
        game: id.clone(),
        uci: "e2e4".into(),
    });
    r.wait("rate limited", |e| {
        matches!(e, Event::RateLimited { wait } if *wait == PAUSE).then_some(())
    });
    let (_, outcome) = r.answer("the move");
    assert!(done(&outcome));
    assert!(t.elapsed() >= PAUSE * 2, "waited {:?}", t.elapsed());
    let log = r.log.lock().unwrap().clone();
    assert_eq!(
        log.iter().filter(|l| l.starts_with("RateLimited")).count(),
        1,
        "said once: {log:#?}"
    );
    assert_eq!(
        r.fake
            .count("POST", &format!("/api/board/game/{id}/move/e2e4")),
        3,
        "two 429s, one accepted"
    );
    assert_eq!(r.fake.moves(&id), vec!["e2e4", "e7e5"], "played once");
    // The real pause is a minute.
    assert_eq!(Pauses::default().rate_limit, Duration::from_secs(60));
}

#[test]
fn the_ends_resignation_flag_abort() {
    let r = rig();
    let a = r.fake.add_game(GameSpec::rapid("Mary", "white", &["e7e5"]));
    let _ga = r.client.game_stream(&a);
    r.full(&a);
    r.client.send(Request::Resign { game: a.clone() });
    assert!(done(&r.answer("resign").1));
    let s = r.state(&a);
    assert_eq!((s.status, s.winner), (Status::Resign, Some(Color::Black)));
    r.wait("end", |e| {
        matches!(e, Event::GameStreamEnded { id } if *id == a).then_some(())
    });
    r.client.send(Request::Resign { game: a.clone() });
    assert!(matches!(
        r.answer("late resign").1,
        Outcome::Refused { status: 400, .. }
    ));

    let b = r.fake.add_game(GameSpec::rapid("Mary", "white", &["e7e5"]));
    let _gb = r.client.game_stream(&b);
    r.full(&b);
    r.fake.end_game(&b, "outoftime", Some("black"));
    let s = r.state(&b);
    assert_eq!(
        (s.status, s.winner, s.wtime),
        (Status::Outoftime, Some(Color::Black), 0)
    );

    let c = r.fake.add_game(GameSpec::rapid("Mary", "white", &["e7e5"]));
    r.client.send(Request::Abort { game: c.clone() });
    assert!(done(&r.answer("abort").1));
    assert_eq!(r.fake.status(&c), "aborted");
    let d = r.fake.add_game(GameSpec::rapid("Mary", "white", &["e7e5"]));
    assert!(done(&r.mv(&d, "e2e4")));
    r.client.send(Request::Abort { game: d.clone() });
    assert_eq!(
        r.answer("late abort").1,
        Outcome::Refused {
            status: 400,
            error: "This game can no longer be aborted".into()
        }
    );
}

#[test]
fn chat_both_ways() {
    let r = rig();
    let id = r.fake.add_game(GameSpec::rapid("Mary", "white", &[]));
    let _g = r.client.game_stream(&id);
    r.full(&id);
    r.client.send(Request::Chat {
        game: id.clone(),
        text: "Good luck\nhave fun".into(),
    });
    assert!(done(&r.answer("chat").1));
    let sent = r
        .fake
        .requests()
        .into_iter()
        .find(|q| q.path.ends_with("/chat"))
        .unwrap();
    assert_eq!(
        (sent.field("room"), sent.field("text")),
        (Some("player"), Some("Good luckhave fun"))
    );
    r.fake.chat(&id, "thanks, you too");
    let lines: Vec<(String, String)> = (0..2)
        .map(|_| {
            r.wait("chat", |e| match e {
                Event::Game {
                    event: GameEvent::ChatLine(c),
                    ..
                } => Some((c.username.clone(), c.text.clone())),
                _ => None,
            })
        })
        .collect();
    assert_eq!(lines[0], ("Blindfold".into(), "Good luckhave fun".into()));
    assert_eq!(lines[1], ("Mary".into(), "thanks, you too".into()));
}

#[test]
fn seeks_fast_refused_before_sending_rapid_paired_cancel_and_correspondence() {
    let r = rig();
    let _e = r.client.event_stream();
    let fast = Seek {
        time: TimeControl::RealTime {
            minutes: 5,
            increment: 0,
        },
        rated: true,
        color: None,
    };
    let why = r.client.seek(fast).unwrap_err();
    assert!(why.to_string().contains("rapid and classical"), "{why}");
    assert_eq!(r.fake.count("POST", "/api/board/seek"), 0, "nothing sent");

    let rapid = Seek {
        time: TimeControl::RealTime {
            minutes: 10,
            increment: 5,
        },
        rated: true,
        color: Some(Color::Black),
    };
    let handle = r.client.seek(rapid).unwrap();
    r.fake.wait_requests(5, "the seek", |q| {
        q.iter().any(|q| q.path == "/api/board/seek")
    });
    let sent = r
        .fake
        .requests()
        .into_iter()
        .find(|q| q.path == "/api/board/seek")
        .unwrap();
    assert_eq!(
        (
            sent.field("time"),
            sent.field("increment"),
            sent.field("rated"),
            sent.field("color")
        ),
        (Some("10"), Some("5"), Some("true"), Some("black"))
    );
    std::thread::sleep(Duration::from_millis(300));
    assert!(r.fake.seek_open(), "held open until paired");
    let id = r.fake.pair_seek("Stranger", &["e2e4"]).unwrap();
    r.wait("the seek closed", |e| {
        matches!(e, Event::SeekEnded(SeekEnd::Closed)).then_some(())
    });
    let g = r.wait("gameStart", |e| match e {
        Event::Lobby(LobbyEvent::GameStart(g)) if g.game_id == id => Some(g.clone()),
        _ => None,
    });
    assert_eq!(
        (g.color, g.opponent.username.as_str(), g.is_my_turn),
        (Some(Color::Black), "Stranger", true)
    );
    drop(handle);

    // Cancelled: dropping the handle closes the connection, and lichess forgets the seek.
    let handle = r.client.seek(rapid).unwrap();
    let end = Instant::now() + Duration::from_secs(5);
    while !r.fake.seek_open() && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(r.fake.seek_open());
    handle.cancel();
    while r.fake.seek_open() && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!r.fake.seek_open(), "the seek was withdrawn");
    r.none_within(300, "a seek end after cancel", |e| {
        matches!(e, Event::SeekEnded(_))
    });

    let corr = Seek {
        time: TimeControl::Correspondence { days: 3 },
        rated: false,
        color: None,
    };
    let _h = r.client.seek(corr).unwrap();
    let id = r.wait("created", |e| match e {
        Event::SeekEnded(SeekEnd::Created { id }) => Some(id.clone()),
        _ => None,
    });
    assert!(!id.is_empty());
    let sent = r
        .fake
        .requests()
        .into_iter()
        .rfind(|q| q.path == "/api/board/seek")
        .unwrap();
    assert_eq!((sent.field("days"), sent.field("time")), (Some("3"), None));
    assert_eq!(r.fake.count("POST", "/api/board/seek"), 3);
}

#[test]
fn challenges_accepted_declined_the_computer_and_incoming() {
    let r = rig();
    let _e = r.client.event_stream();
    let ten_five = TimeControl::RealTime {
        minutes: 15,
        increment: 10,
    };
    r.client.send(Request::Challenge {
        user: "Mary".into(),
        time: ten_five,
        rated: true,
        color: Some(Color::White),
    });
    match r.answer("challenge").1 {
        Outcome::Done(Answer::Challenge(c)) => {
            assert_eq!(
                c.time_control,
                ChallengeTimeControl::Clock {
                    limit: 900,
                    increment: 10,
                    show: "15+10".into()
                }
            );
            assert_eq!(c.dest_user.unwrap().name, "Mary");
        }
        other => panic!("{other:?}"),
    }
    r.wait("game with Mary", |e| match e {
        Event::Lobby(LobbyEvent::GameStart(g)) if g.opponent.username == "Mary" => Some(()),
        _ => None,
    });
    r.fake.challenge_answer("Grumpy", Some("later"));
    r.client.send(Request::Challenge {
        user: "Grumpy".into(),
        time: TimeControl::Correspondence { days: 5 },
        rated: false,
        color: None,
    });
    assert!(done(&r.answer("challenge").1));
    let d = r.wait("declined", |e| match e {
        Event::Lobby(LobbyEvent::ChallengeDeclined(c)) => Some(c.clone()),
        _ => None,
    });
    assert_eq!(d.decline_reason_key.as_deref(), Some("later"));
    assert_eq!(
        d.time_control,
        ChallengeTimeControl::Correspondence { days_per_turn: 5 }
    );

    r.client.send(Request::ChallengeAi {
        level: 3,
        time: Some(ten_five),
        color: Some(Color::Black),
    });
    let id = match r.answer("ai").1 {
        Outcome::Done(Answer::Game { id }) => id,
        other => panic!("{other:?}"),
    };
    let sent = r
        .fake
        .requests()
        .into_iter()
        .find(|q| q.path == "/api/challenge/ai")
        .unwrap();
    assert_eq!(
        (
            sent.field("level"),
            sent.field("clock.limit"),
            sent.field("color")
        ),
        (Some("3"), Some("900"), Some("black"))
    );
    r.wait("ai game", |e| {
        matches!(e, Event::Lobby(LobbyEvent::GameStart(g)) if g.game_id == id).then_some(())
    });

    let cid = r.fake.incoming_challenge("Visitor", 600, 0, true);
    let c = r.wait("incoming", |e| match e {
        Event::Lobby(LobbyEvent::Challenge(c)) => Some(c.clone()),
        _ => None,
    });
    assert_eq!(
        (
            c.id.as_str(),
            c.challenger.name.as_str(),
            c.direction.as_deref()
        ),
        (cid.as_str(), "Visitor", Some("in"))
    );
    r.client.send(Request::Accept {
        challenge: cid.clone(),
    });
    assert!(done(&r.answer("accept").1));
    r.wait("visitor game", |e| match e {
        Event::Lobby(LobbyEvent::GameStart(g)) if g.opponent.username == "Visitor" => Some(()),
        _ => None,
    });
    let other = r.fake.incoming_challenge("Pest", 600, 0, false);
    r.client.send(Request::Decline {
        challenge: other.clone(),
        reason: Some("later".into()),
    });
    assert!(done(&r.answer("decline").1));
    r.client.send(Request::Accept { challenge: other });
    assert!(matches!(
        r.answer("gone").1,
        Outcome::Refused { status: 404, .. }
    ));
    // Too fast for a challenge, or a level lichess lacks: refused before anything is sent.
    let before = r.fake.requests().len();
    r.client.send(Request::ChallengeAi {
        level: 9,
        time: None,
        color: None,
    });
    assert!(matches!(r.answer("level 9").1, Outcome::NotSent { .. }));
    assert_eq!(r.fake.requests().len(), before);
}

#[test]
fn a_correspondence_game_left_and_joined_again_a_day_later() {
    let fake = FakeLichess::start(TOKEN, "Blindfold");
    let id = fake.add_game(GameSpec::correspondence("Slow", "white", 3, &[]));
    let log = Arc::new(Mutex::new(Vec::new()));
    {
        let (client, rx) = client_of(&fake.url(), TOKEN, &log);
        let g = client.game_stream(&id);
        let full = match rx.recv_timeout(Duration::from_secs(5)).unwrap() {
            Event::Game {
                event: GameEvent::GameFull(f),
                ..
            } => f,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            (full.days_per_turn, full.clock, full.speed.as_str()),
            (Some(3), None, "correspondence")
        );
        client.send(Request::Move {
            game: id.clone(),
            uci: "d2d4".into(),
        });
        let end = Instant::now() + Duration::from_secs(5);
        while fake.moves(&id).is_empty() && Instant::now() < end {
            std::thread::sleep(Duration::from_millis(20));
        }
        drop(g);
    }
    // The next day the opponent answers while hector is closed.
    fake.opponent_plays(&id, "d7d5");
    let (client, rx) = client_of(&fake.url(), TOKEN, &log);
    let games = client.playing().unwrap();
    assert!(
        games
            .iter()
            .any(|g| g.game_id == id && g.is_my_turn && g.last_move.as_deref() == Some("d7d5"))
    );
    let _g = client.game_stream(&id);
    match rx.recv_timeout(Duration::from_secs(5)).unwrap() {
        Event::Game {
            event: GameEvent::GameFull(f),
            ..
        } => {
            assert_eq!(f.state.moves, "d2d4 d7d5");
            assert_eq!(f.days_per_turn, Some(3));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        fake.count("POST", &format!("/api/board/game/{id}/move/d2d4")),
        1
    );
    assert!(log.lock().unwrap().iter().all(|l| !l.contains(TOKEN)));
}

#[test]
fn no_redirect_is_followed_so_the_token_stays_with_the_server() {
    let r = rig();
    let elsewhere = FakeLichess::start("other", "Thief");
    r.fake.redirect("/api/account", &elsewhere.url());
    let e = r.client.account().unwrap_err();
    assert!(matches!(e, Failure::Refused { status: 302, .. }), "{e:?}");
    r.fake.redirect("/api/board/game", &elsewhere.url());
    r.client.send(Request::Resign {
        game: "abcdefgh".into(),
    });
    assert!(matches!(
        r.answer("redirected").1,
        Outcome::Refused { status: 302, .. }
    ));
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        elsewhere.requests().is_empty(),
        "{:?}",
        elsewhere.requests()
    );
    assert!(!format!("{e} {e:?}").contains(TOKEN));
}

#[test]
fn https_is_checked_and_never_falls_back_to_plain_http() {
    // The fake speaks plain HTTP: an https:// client must fail the TLS handshake, not talk in clear.
    let fake = FakeLichess::start(TOKEN, "Blindfold");
    let log = Arc::new(Mutex::new(Vec::new()));
    let url = fake.url().replace("http://", "https://");
    let (client, _rx) = client_of(&url, TOKEN, &log);
    let e = client.account().unwrap_err();
    assert!(matches!(e, Failure::Network { .. }), "{e:?}");
    assert!(!e.to_string().contains(TOKEN));
    // Nothing readable reached the fake: no request line, so no token.
    assert!(
        fake.requests().iter().all(|r| r.auth.is_none()),
        "{:?}",
        fake.requests()
    );
    // And http:// to another machine is refused before any client exists.
    assert!(ServerUrl::parse("http://192.0.2.1:8080").is_err());
}
