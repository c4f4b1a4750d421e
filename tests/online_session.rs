//! Online play's session (shared/design/online.md), driven by scripted lichess events as the edge's link would
//! bring them (`Command::Other(OtherEvent::Lichess(..))`), with what the session asks of lichess read from its
//! effects (`Effect::Other(ToOther::Lichess(..))`). No network: the fake lichess server's end-to-end tests
//! drive the binary; these check the session's decisions: a move sent and announced only once lichess sent it
//! back, never two moves in flight, a refused move leaving the position, the opponent's moves on arrival, offers
//! and takebacks both ways, resignation confirmed, opponent gone and claim, chat quoted and silenced, the end
//! with lichess's reason, analysis refused while the game is played and allowed after it, a fast seek refused
//! before anything is sent, reconnection said once, and a rejoin that plays nothing twice.

use std::time::Duration;

use hector::rules::Game;
use hector::session::online::{
    Control, GameFull, GameState, GameSummary, IncomingChallenge, LichessAsk, LichessEvent, Online,
    OnlinePlayer,
};
use hector::session::{Command, Config, Effect, Opponent, OtherEvent, Session, ToOther};
use shakmaty::Color;

struct T {
    s: Session,
    now: Duration,
}

/// What one command did: the texts said and the requests to lichess.
#[derive(Debug, Default)]
struct Did {
    said: Vec<String>,
    asked: Vec<LichessAsk>,
}

impl Did {
    fn says(&self, part: &str) -> bool {
        self.said.iter().any(|t| t.contains(part))
    }
}

fn did(effects: Vec<Effect>) -> Did {
    let mut d = Did::default();
    for e in effects {
        match e {
            Effect::Say(a) => d.said.push(a.text),
            Effect::Other(ToOther::Lichess(a)) => d.asked.push(a),
            _ => {}
        }
    }
    d
}

impl T {
    fn new() -> T {
        let config = Config {
            opponent: Opponent::Remote,
            ..Config::default()
        };
        let s = Session::new(Game::new(), config).with_online(Online::new(None, None, None));
        let mut t = T {
            s,
            now: Duration::ZERO,
        };
        let _ = t.s.start(t.now);
        t
    }

    fn line(&mut self, line: &str) -> Did {
        self.now += Duration::from_millis(100);
        let act = self.s.read(line);
        did(self.s.update(Command::Act(act), self.now))
    }

    fn hear(&mut self, e: LichessEvent) -> Did {
        self.now += Duration::from_millis(100);
        did(self
            .s
            .update(Command::Other(OtherEvent::Lichess(e)), self.now))
    }

    fn plies(&self) -> usize {
        self.s.view().game().plies().len()
    }
}

fn player(name: &str, rating: u32) -> OnlinePlayer {
    OnlinePlayer {
        name: name.into(),
        rating: Some(rating),
        ai_level: None,
    }
}

fn state(moves: &str) -> GameState {
    GameState {
        moves: moves.into(),
        wtime: 600_000,
        btime: 600_000,
        status: "started".into(),
        ..GameState::default()
    }
}

fn full(moves: &str) -> GameFull {
    GameFull {
        id: "abcd1234".into(),
        site: "https://lichess.org/abcd1234".into(),
        white: player("Player", 1500),
        black: player("Felix", 1620),
        control: Control::Clock {
            limit: 600,
            increment: 5,
        },
        rated: true,
        initial_fen: None,
        state: state(moves),
    }
}

/// Signed in, one game going on: joined at once, the game's state read.
fn in_game(moves: &str) -> T {
    let mut t = T::new();
    let d = t.hear(LichessEvent::SignedIn {
        name: "Player".into(),
    });
    assert!(d.says("Signed in to lichess as Player"), "{d:?}");
    assert_eq!(d.asked, vec![LichessAsk::Playing]);
    let game = GameSummary {
        id: "abcd1234".into(),
        opponent: player("Felix", 1620),
        control: Control::Clock {
            limit: 600,
            increment: 5,
        },
        white: true,
        my_turn: true,
    };
    let d = t.hear(LichessEvent::Playing(vec![game]));
    assert_eq!(
        d.asked,
        vec![LichessAsk::Join {
            id: "abcd1234".into()
        }],
        "{d:?}"
    );
    let d = t.hear(LichessEvent::Full(full(moves)));
    assert!(
        d.says("Game against Felix (1620), 10+5, rated; you play White"),
        "{d:?}"
    );
    t
}

#[test]
fn a_move_is_sent_and_announced_only_once_lichess_sent_it_back() {
    let mut t = in_game("");
    let d = t.line("e4");
    assert_eq!(
        d.asked,
        vec![LichessAsk::Move {
            game: "abcd1234".into(),
            uci: "e2e4".into()
        }]
    );
    assert_eq!(t.plies(), 0, "not played before lichess accepted it: {d:?}");
    // No second move while one is on its way.
    let d = t.line("d4");
    assert!(d.asked.is_empty() && d.says("on its way"), "{d:?}");
    // lichess's state with it: played and announced; then the opponent's move on arrival.
    let d = t.hear(LichessEvent::State(state("e2e4")));
    assert_eq!(t.plies(), 1, "{d:?}");
    assert!(!d.said.is_empty());
    let d = t.hear(LichessEvent::State(state("e2e4 e7e5")));
    assert_eq!(t.plies(), 2);
    assert!(
        d.said.iter().any(|s| s.starts_with("Black")),
        "the opponent's move named: {d:?}"
    );
    // The same state again (a reconnect) plays nothing twice.
    let d = t.hear(LichessEvent::State(state("e2e4 e7e5")));
    assert_eq!(t.plies(), 2, "{d:?}");
}

#[test]
fn a_refused_move_is_said_with_lichesss_reason_and_the_position_stays() {
    let mut t = in_game("");
    let d = t.line("e4");
    let a = d.asked[0].clone();
    let d = t.hear(LichessEvent::Refused {
        ask: a,
        reason: "Not your turn, or game already over".into(),
    });
    assert!(
        d.says("lichess refused the move e2e4: Not your turn, or game already over"),
        "{d:?}"
    );
    assert_eq!(t.plies(), 0);
    // The player may move again.
    let d = t.line("d4");
    assert_eq!(d.asked.len(), 1, "{d:?}");
}

#[test]
fn analysis_is_refused_while_the_game_is_played_exploring_allowed_and_after_the_game_allowed() {
    let mut t = in_game("e2e4 e7e5");
    let d = t.line("attackers e5");
    assert!(
        !d.says("Not possible in a game played online"),
        "exploring is allowed: {d:?}"
    );
    assert!(t.s.view().policy_game().online);
    let d = t.hear(LichessEvent::State(GameState {
        status: "resign".into(),
        winner: Some("white".into()),
        ..state("e2e4 e7e5")
    }));
    assert!(
        d.says("Game over on lichess: Black resigned. White wins")
            || d.says("Game over on lichess: Black resigned"),
        "{d:?}"
    );
    assert!(
        !t.s.view().policy_game().online,
        "after the game: no longer online"
    );
    assert!(t.s.view().game().is_over());
}

#[test]
fn offers_and_takebacks_both_ways() {
    let mut t = in_game("e2e4 e7e5");
    let d = t.line("offer");
    assert_eq!(
        d.asked,
        vec![LichessAsk::Draw {
            game: "abcd1234".into(),
            yes: true
        }]
    );
    let d = t.hear(LichessEvent::State(GameState {
        wdraw: true,
        ..state("e2e4 e7e5")
    }));
    assert!(d.said.is_empty(), "{d:?}");
    let d = t.hear(LichessEvent::State(state("e2e4 e7e5")));
    assert!(d.says("declines the draw offer"), "{d:?}");
    // The opponent's offer, declined; its takeback, accepted.
    let d = t.hear(LichessEvent::State(GameState {
        bdraw: true,
        ..state("e2e4 e7e5")
    }));
    assert!(d.says("Your opponent offers a draw"), "{d:?}");
    let d = t.line("decline");
    assert_eq!(
        d.asked,
        vec![LichessAsk::Draw {
            game: "abcd1234".into(),
            yes: false
        }]
    );
    let d = t.hear(LichessEvent::State(GameState {
        btakeback: true,
        ..state("e2e4 e7e5")
    }));
    assert!(d.says("asks to take back"), "{d:?}");
    let d = t.line("accept");
    assert_eq!(
        d.asked,
        vec![LichessAsk::Takeback {
            game: "abcd1234".into(),
            yes: true
        }]
    );
    let d = t.hear(LichessEvent::State(state("e2e4")));
    assert_eq!(t.plies(), 1, "{d:?}");
    assert!(d.says("Taken back: 1 half-move"), "{d:?}");
    // The player's own takeback is asked of lichess.
    let d = t.line("takeback");
    assert_eq!(
        d.asked,
        vec![LichessAsk::Takeback {
            game: "abcd1234".into(),
            yes: true
        }]
    );
}

#[test]
fn resignation_is_confirmed_then_sent() {
    let mut t = in_game("e2e4 e7e5");
    let d = t.line("resign");
    assert!(
        d.asked.is_empty() && d.says("Resign this game on lichess?"),
        "{d:?}"
    );
    let d = t.line("no");
    assert!(d.asked.is_empty() && d.says("Not resigned"), "{d:?}");
    t.line("resign");
    let d = t.line("yes");
    assert_eq!(
        d.asked,
        vec![LichessAsk::Resign {
            game: "abcd1234".into()
        }]
    );
}

#[test]
fn opponent_gone_then_claim() {
    let mut t = in_game("e2e4 e7e5");
    let d = t.line("claim");
    assert!(
        d.asked.is_empty(),
        "no claim while the opponent is there: {d:?}"
    );
    let d = t.hear(LichessEvent::OpponentGone {
        gone: true,
        claim_in: Some(8),
    });
    assert!(d.says("you may claim victory in 8 seconds"), "{d:?}");
    let d = t.line("claim");
    assert_eq!(
        d.asked,
        vec![LichessAsk::ClaimVictory {
            game: "abcd1234".into()
        }]
    );
    let d = t.line("claim draw");
    assert_eq!(
        d.asked,
        vec![LichessAsk::ClaimDraw {
            game: "abcd1234".into()
        }]
    );
}

#[test]
fn chat_is_said_quoted_written_and_silenced() {
    let mut t = in_game("");
    let d = t.hear(LichessEvent::Chat {
        user: "Felix".into(),
        text: "good luck\u{1b}[2J".into(),
    });
    assert!(d.says("Chat, Felix: "), "{d:?}");
    assert!(
        !d.said.iter().any(|s| s.contains('\u{1b}')),
        "quoted safely: {d:?}"
    );
    let d = t.line("say have fun");
    assert_eq!(
        d.asked,
        vec![LichessAsk::Chat {
            game: "abcd1234".into(),
            text: "have fun".into()
        }]
    );
    t.line("chat off");
    let d = t.hear(LichessEvent::Chat {
        user: "Felix".into(),
        text: "hello".into(),
    });
    assert!(d.said.is_empty(), "{d:?}");
    t.line("chat on");
    let d = t.hear(LichessEvent::Chat {
        user: "Felix".into(),
        text: "hello".into(),
    });
    assert!(d.says("hello"), "{d:?}");
}

#[test]
fn the_lobby_refuses_a_fast_seek_before_anything_is_sent_and_answers_challenges() {
    let mut t = T::new();
    t.hear(LichessEvent::SignedIn {
        name: "Player".into(),
    });
    let d = t.line("seek 3+2");
    assert!(
        d.asked.is_empty() && d.says("only rapid and classical"),
        "{d:?}"
    );
    let d = t.line("seek 10+5 rated white");
    assert_eq!(
        d.asked,
        vec![LichessAsk::Seek {
            control: Control::Clock {
                limit: 600,
                increment: 5
            },
            rated: true,
            color: Some("white".into())
        }]
    );
    let d = t.line("seek 3d");
    assert!(
        matches!(
            d.asked[0],
            LichessAsk::Seek {
                control: Control::Days(3),
                ..
            }
        ),
        "{d:?}"
    );
    let d = t.line("seek banana");
    assert!(d.asked.is_empty() && d.says("seek takes"), "{d:?}");
    let d = t.line("e4");
    assert!(
        d.asked.is_empty() && d.says("No game is being played"),
        "{d:?}"
    );
    let d = t.hear(LichessEvent::Challenge(IncomingChallenge {
        id: "ch1".into(),
        from: player("Anna", 1800),
        control: Control::Clock {
            limit: 900,
            increment: 10,
        },
        rated: false,
        color: "black".into(),
    }));
    assert!(
        d.says("Challenge 1: Anna (1800), 15+10, casual, you play Black"),
        "{d:?}"
    );
    let d = t.line("accept 2");
    assert!(d.asked.is_empty() && d.says("no number"), "{d:?}");
    let d = t.line("accept 1");
    assert_eq!(d.asked, vec![LichessAsk::Accept { id: "ch1".into() }]);
    let d = t.line("challenge ai 9");
    assert!(d.asked.is_empty() && d.says("levels 1 to 8"), "{d:?}");
}

#[test]
fn several_games_are_listed_and_join_waits_for_a_number() {
    let mut t = T::new();
    t.hear(LichessEvent::SignedIn {
        name: "Player".into(),
    });
    let g = |id: &str, name: &str, white, my_turn, control| GameSummary {
        id: id.into(),
        opponent: player(name, 1500),
        control,
        white,
        my_turn,
    };
    let d = t.hear(LichessEvent::Playing(vec![
        g(
            "g1",
            "Felix",
            true,
            true,
            Control::Clock {
                limit: 600,
                increment: 5,
            },
        ),
        g("g2", "Anna", false, false, Control::Days(3)),
    ]));
    assert!(d.asked.is_empty(), "{d:?}");
    assert!(d.says("1: against Felix (1500), 10+5, you play White, your move; 2: against Anna (1500), 3 days per move, you play Black"), "{d:?}");
    let d = t.line("join 3");
    assert!(d.asked.is_empty(), "{d:?}");
    let d = t.line("join 2");
    assert_eq!(d.asked, vec![LichessAsk::Join { id: "g2".into() }]);
}

#[test]
fn a_rejoined_game_reads_its_moves_first_and_the_link_is_said_once() {
    let mut t = in_game("e2e4 e7e5");
    let d = t.hear(LichessEvent::Lost);
    assert!(d.says("Connection to lichess lost, reconnecting"));
    assert!(t.hear(LichessEvent::Lost).said.is_empty());
    let d = t.hear(LichessEvent::Full(full("e2e4 e7e5 g1f3")));
    assert_eq!(t.plies(), 3, "{d:?}");
    assert!(t.hear(LichessEvent::Again).says("Connected again"));
    assert!(t.hear(LichessEvent::Again).said.is_empty());
    let _ = Color::White;
}
