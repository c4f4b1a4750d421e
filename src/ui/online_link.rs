//! Online play's link at the edge: carries the session's requests to lichess (`ToOther::Lichess`, through the
//! client of src/online) and brings lichess's events back as `Command::Other(OtherEvent::Lichess(..))`, in the
//! session's own words (session/online/types.rs). The face loop's channel receives them through
//! [`forward`], called by `face_loop::wire_other_side`. The token stays inside the client: nothing here prints
//! it, and a skipped line is logged by its kind only.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use crate::online::wire::ChallengeTimeControl;
use crate::online::{
    self, Challenge, Client, Event, GameEvent, GameEventInfo, LobbyEvent, Outcome, Request,
    ServerUrl, StreamHandle, Token,
};
use crate::session::online::{
    Control, GameFull, GameState, GameSummary, IncomingChallenge, LichessAsk, LichessEvent,
    OnlinePlayer,
};
use crate::session::{Command, OtherEvent, ToOther, engine_io::RemoteLink};

/// The events waiting for a face's channel (set by [`start`], taken by [`forward`]).
static WAITING: Mutex<Option<mpsc::Receiver<Command>>> = Mutex::new(None);

/// What the link holds: the client, the account's name, the open streams and seek.
struct Link {
    client: Client,
    me: Arc<Mutex<Option<String>>>,
    events: Option<StreamHandle>,
    game: Option<StreamHandle>,
    seek: Option<online::SeekHandle>,
}

/// Starts online play: the token is checked (`GET /api/account`) on a thread of its own and the event stream
/// opened; returns the link the edge carries `ToOther` on (`Edge::set_remote`).
pub fn start(url: ServerUrl, token: Token, pauses: online::Pauses) -> RemoteLink {
    let (tx, rx) = mpsc::channel::<Command>();
    if let Ok(mut w) = WAITING.lock() {
        *w = Some(rx);
    }
    let me = Arc::new(Mutex::new(None::<String>));
    let site = url.clone();
    let send = Arc::new(Mutex::new(tx));
    let (me_sink, send_sink) = (me.clone(), send.clone());
    let client = Client::new(url, token, move |e: Event| {
        let me = me_sink
            .lock()
            .ok()
            .and_then(|m| m.clone())
            .unwrap_or_default();
        if let Some(e) = translate(e, &site, &me)
            && let Ok(tx) = send_sink.lock()
        {
            let _ = tx.send(Command::Other(OtherEvent::Lichess(e)));
        }
    })
    .with_pauses(pauses);
    let link = Arc::new(Mutex::new(Link {
        client,
        me: me.clone(),
        events: None,
        game: None,
        seek: None,
    }));
    let say = move |e: LichessEvent| {
        if let Ok(tx) = send.lock() {
            let _ = tx.send(Command::Other(OtherEvent::Lichess(e)));
        }
    };
    let (starting, said) = (link.clone(), say.clone());
    std::thread::spawn(move || {
        let account = match starting.lock() {
            Ok(l) => l.client.account(),
            Err(_) => return,
        };
        match account {
            Ok(a) => {
                if let Ok(mut m) = me.lock() {
                    *m = Some(a.username.clone());
                }
                if let Ok(mut l) = starting.lock() {
                    l.events = Some(l.client.event_stream());
                }
                said(LichessEvent::SignedIn { name: a.username });
            }
            Err(online::Failure::Unauthorized { error }) => {
                said(LichessEvent::TokenRefused { reason: error })
            }
            // Not the token's fault: lichess was not reached, or answered otherwise.
            Err(f) => said(LichessEvent::SignInFailed {
                reason: f.to_string(),
            }),
        }
    });
    Box::new(move |ask: ToOther| {
        if let ToOther::Lichess(a) = ask {
            carry(&link, a, &say);
        }
    })
}

/// The face's channel gets the link's events from now on (nothing when online play is not started).
pub fn forward(send: impl Fn(Command) -> bool + Send + 'static) {
    let Some(rx) = WAITING.lock().ok().and_then(|mut w| w.take()) else {
        return;
    };
    std::thread::spawn(move || {
        while let Ok(c) = rx.recv() {
            if !send(c) {
                break;
            }
        }
    });
}

fn color(c: &Option<String>) -> Option<online::Color> {
    match c.as_deref() {
        Some("white") => Some(online::Color::White),
        Some("black") => Some(online::Color::Black),
        _ => None,
    }
}

fn time(c: Control) -> Option<online::TimeControl> {
    match c {
        Control::Clock { limit, increment } => Some(online::TimeControl::RealTime {
            minutes: limit / 60,
            increment,
        }),
        Control::Days(days) => Some(online::TimeControl::Correspondence { days }),
        Control::Unlimited => None,
    }
}

/// One request of the session, carried out (the client queues them; nothing waits here).
fn carry(
    link: &Arc<Mutex<Link>>,
    a: LichessAsk,
    say: &(impl Fn(LichessEvent) + Clone + Send + 'static),
) {
    let Ok(mut l) = link.lock() else { return };
    let refused = |reason: String| {
        say(LichessEvent::Refused {
            ask: a.clone(),
            reason,
        })
    };
    let request = match &a {
        LichessAsk::Seek {
            control,
            rated,
            color: c,
        } => {
            let Some(t) = time(*control) else {
                return refused("no clock".into());
            };
            match l.client.seek(online::Seek {
                time: t,
                rated: *rated,
                color: color(c),
            }) {
                Ok(h) => l.seek = Some(h),
                Err(r) => refused(r.to_string()),
            }
            return;
        }
        LichessAsk::Challenge {
            user,
            control,
            rated,
            color: c,
        } => {
            let Some(t) = time(*control) else {
                return refused("no clock".into());
            };
            Request::Challenge {
                user: user.clone(),
                time: t,
                rated: *rated,
                color: color(c),
            }
        }
        LichessAsk::ChallengeAi {
            level,
            control,
            color: c,
        } => Request::ChallengeAi {
            level: *level,
            time: time(*control),
            color: color(c),
        },
        LichessAsk::Cancel { id: None } => {
            l.seek = None;
            return;
        }
        LichessAsk::Cancel { id: Some(id) } => Request::Cancel {
            challenge: id.clone(),
        },
        LichessAsk::Accept { id } => Request::Accept {
            challenge: id.clone(),
        },
        LichessAsk::Decline { id } => Request::Decline {
            challenge: id.clone(),
            reason: None,
        },
        LichessAsk::Playing => {
            let (link, say) = (link.clone(), say.clone());
            std::thread::spawn(move || {
                let (playing, me) = match link.lock() {
                    Ok(l) => (l.client.playing(), l.me.clone()),
                    Err(_) => return,
                };
                let _ = me;
                match playing {
                    Ok(games) => say(LichessEvent::Playing(games.iter().map(summary).collect())),
                    Err(f) => say(LichessEvent::Refused {
                        ask: LichessAsk::Playing,
                        reason: f.to_string(),
                    }),
                }
            });
            return;
        }
        LichessAsk::Join { id } => {
            l.game = None;
            l.game = Some(l.client.game_stream(id));
            return;
        }
        LichessAsk::Move { game, uci } => Request::Move {
            game: game.clone(),
            uci: uci.clone(),
        },
        LichessAsk::Draw { game, yes } => Request::Draw {
            game: game.clone(),
            yes: *yes,
        },
        LichessAsk::Takeback { game, yes } => Request::Takeback {
            game: game.clone(),
            yes: *yes,
        },
        LichessAsk::Resign { game } => Request::Resign { game: game.clone() },
        LichessAsk::Abort { game } => Request::Abort { game: game.clone() },
        LichessAsk::ClaimVictory { game } => Request::ClaimVictory { game: game.clone() },
        LichessAsk::ClaimDraw { game } => Request::ClaimDraw { game: game.clone() },
        LichessAsk::Chat { game, text } => Request::Chat {
            game: game.clone(),
            text: text.clone(),
        },
    };
    l.client.send(request);
}

fn player(p: &online::wire::GameEventPlayer) -> OnlinePlayer {
    OnlinePlayer {
        name: p.name.clone(),
        rating: p.rating,
        ai_level: p.ai_level,
    }
}

fn summary(g: &GameEventInfo) -> GameSummary {
    let control = match (g.speed.as_str(), g.seconds_left) {
        ("correspondence", _) => Control::Days(0),
        _ => Control::Unlimited,
    };
    GameSummary {
        id: g.game_id.clone(),
        opponent: OnlinePlayer {
            name: g.opponent.username.clone(),
            rating: g.opponent.rating,
            ai_level: g.opponent.ai,
        },
        control,
        white: g.color != Some(online::Color::Black),
        my_turn: g.is_my_turn,
    }
}

fn control_of(c: &ChallengeTimeControl) -> Control {
    match c {
        ChallengeTimeControl::Clock {
            limit, increment, ..
        } => Control::Clock {
            limit: *limit,
            increment: *increment,
        },
        ChallengeTimeControl::Correspondence { days_per_turn } => Control::Days(*days_per_turn),
        ChallengeTimeControl::Unlimited => Control::Unlimited,
    }
}

fn incoming(c: &Challenge) -> IncomingChallenge {
    // The colour the challenger asks for is its own: the player gets the other.
    let color = match c.color.as_str() {
        "white" => "black",
        "black" => "white",
        _ => "random",
    };
    IncomingChallenge {
        id: c.id.clone(),
        from: OnlinePlayer {
            name: c.challenger.name.clone(),
            rating: c.challenger.rating,
            ai_level: None,
        },
        control: control_of(&c.time_control),
        rated: c.rated,
        color: color.into(),
    }
}

fn state(s: &online::GameState) -> GameState {
    let status = serde_status(s.status);
    GameState {
        moves: s.moves.clone(),
        wtime: s.wtime,
        btime: s.btime,
        status,
        winner: s.winner.map(|c| c.as_str().to_string()),
        wdraw: s.wdraw,
        bdraw: s.bdraw,
        wtakeback: s.wtakeback,
        btakeback: s.btakeback,
    }
}

/// lichess's name of a status (GameStatusName).
fn serde_status(s: online::Status) -> String {
    use online::Status as S;
    match s {
        S::Created => "created",
        S::Started => "started",
        S::Aborted => "aborted",
        S::Mate => "mate",
        S::Resign => "resign",
        S::Stalemate => "stalemate",
        S::Timeout => "timeout",
        S::Draw => "draw",
        S::Outoftime => "outoftime",
        S::Cheat => "cheat",
        S::NoStart => "noStart",
        S::UnknownFinish => "unknownFinish",
        S::InsufficientMaterialClaim => "draw",
        S::VariantEnd => "variantEnd",
        S::Other => "other",
    }
    .to_string()
}

fn ask_of(r: &Request) -> LichessAsk {
    match r {
        Request::Move { game, uci } => LichessAsk::Move {
            game: game.clone(),
            uci: uci.clone(),
        },
        Request::Draw { game, yes } => LichessAsk::Draw {
            game: game.clone(),
            yes: *yes,
        },
        Request::Takeback { game, yes } => LichessAsk::Takeback {
            game: game.clone(),
            yes: *yes,
        },
        Request::Resign { game } => LichessAsk::Resign { game: game.clone() },
        Request::Abort { game } => LichessAsk::Abort { game: game.clone() },
        Request::ClaimVictory { game } => LichessAsk::ClaimVictory { game: game.clone() },
        Request::ClaimDraw { game } => LichessAsk::ClaimDraw { game: game.clone() },
        Request::Chat { game, text } => LichessAsk::Chat {
            game: game.clone(),
            text: text.clone(),
        },
        Request::Challenge { user, .. } => LichessAsk::Challenge {
            user: user.clone(),
            control: Control::Unlimited,
            rated: false,
            color: None,
        },
        Request::ChallengeAi { level, .. } => LichessAsk::ChallengeAi {
            level: *level,
            control: Control::Unlimited,
            color: None,
        },
        Request::Accept { challenge } => LichessAsk::Accept {
            id: challenge.clone(),
        },
        Request::Decline { challenge, .. } => LichessAsk::Decline {
            id: challenge.clone(),
        },
        Request::Cancel { challenge } => LichessAsk::Cancel {
            id: Some(challenge.clone()),
        },
    }
}

/// A client event in the session's words; None: nothing for the session (logged where it says so). Public for
/// the benchmark (benches/online_state.rs).
pub fn translate(e: Event, site: &ServerUrl, me: &str) -> Option<LichessEvent> {
    Some(match e {
        Event::Lobby(LobbyEvent::GameStart(g)) => LichessEvent::GameStart(summary(&g)),
        Event::Lobby(LobbyEvent::GameFinish(g)) => LichessEvent::GameFinish { id: g.game_id },
        Event::Lobby(LobbyEvent::Challenge(c)) if c.challenger.name.eq_ignore_ascii_case(me) => {
            LichessEvent::Created { id: c.id }
        }
        Event::Lobby(LobbyEvent::Challenge(c)) => LichessEvent::Challenge(incoming(&c)),
        Event::Lobby(LobbyEvent::ChallengeCanceled(c)) => LichessEvent::ChallengeGone {
            id: c.id,
            declined: false,
            reason: String::new(),
        },
        Event::Lobby(LobbyEvent::ChallengeDeclined(c)) => LichessEvent::ChallengeGone {
            id: c.id,
            declined: true,
            reason: c.decline_reason.unwrap_or_default(),
        },
        Event::Game {
            event: GameEvent::GameFull(f),
            ..
        } => {
            let control = match (&f.clock, f.days_per_turn) {
                (Some(c), _) => Control::Clock {
                    limit: u32::try_from(c.initial / 1000).unwrap_or(u32::MAX),
                    increment: u32::try_from(c.increment / 1000).unwrap_or(u32::MAX),
                },
                (None, Some(d)) => Control::Days(d),
                (None, None) => Control::Unlimited,
            };
            LichessEvent::Full(GameFull {
                site: site.game_url(&f.id),
                id: f.id.clone(),
                white: player(&f.white),
                black: player(&f.black),
                control,
                rated: f.rated,
                initial_fen: Some(f.initial_fen.clone())
                    .filter(|x| !x.is_empty() && x != "startpos"),
                state: state(&f.state),
            })
        }
        Event::Game {
            event: GameEvent::GameState(s),
            ..
        } => LichessEvent::State(state(&s)),
        Event::Game {
            event: GameEvent::ChatLine(c),
            ..
        } => LichessEvent::Chat {
            user: c.username,
            text: c.text,
        },
        Event::Game {
            event: GameEvent::OpponentGone(g),
            ..
        } => LichessEvent::OpponentGone {
            gone: g.gone,
            claim_in: g.claim_win_in_seconds.map(u64::from),
        },
        Event::GameStreamEnded { .. } => return None,
        Event::Answer { request, outcome } => match outcome {
            Outcome::Done(online::Answer::Challenge(c)) => LichessEvent::Created { id: c.id },
            Outcome::Done(_) => return None,
            Outcome::Refused { error, .. } | Outcome::NotSent { reason: error } => {
                LichessEvent::Refused {
                    ask: ask_of(&request),
                    reason: error,
                }
            }
            // It may have reached lichess: the game's stream says whether it did (nothing is sent again).
            Outcome::Unknown { .. } => return None,
        },
        Event::SeekEnded(online::SeekEnd::Refused { error, .. })
        | Event::SeekEnded(online::SeekEnd::Lost { reason: error }) => LichessEvent::Refused {
            ask: LichessAsk::Seek {
                control: Control::Unlimited,
                rated: false,
                color: None,
            },
            reason: error,
        },
        Event::SeekEnded(online::SeekEnd::Created { id }) => LichessEvent::Created { id },
        Event::SeekEnded(_) => return None,
        Event::ConnectionLost { .. } => LichessEvent::Lost,
        Event::ConnectedAgain { .. } => LichessEvent::Again,
        Event::RateLimited { .. } => LichessEvent::Limited,
        Event::Skipped { stream, why } => {
            eprintln!("hector: a line from lichess skipped ({stream:?}): {why:?}");
            return None;
        }
        Event::StreamFailed {
            stream: online::StreamKind::Events,
            status: 401,
            error,
        } => LichessEvent::TokenRefused { reason: error },
        Event::StreamFailed {
            stream: online::StreamKind::Game(id),
            error,
            ..
        } => LichessEvent::Refused {
            ask: LichessAsk::Join { id },
            reason: error,
        },
        Event::StreamFailed { error, .. } => LichessEvent::Refused {
            ask: LichessAsk::Playing,
            reason: error,
        },
    })
}
