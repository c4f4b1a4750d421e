//! The HTTP side: one `ureq` agent (rustls, certificates checked, no redirects followed), a worker thread that
//! sends the queued requests one at a time (lichess: "Only make one request at a time"), and the stream
//! threads (`stream.rs`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock, mpsc};
use std::thread;

use super::http::{CONNECT, Inner, STREAM_IDLE, clock_form, not_sent, read_body, segment};
pub use super::http::{PAUSE_ENV, Pauses, Sink};
use super::wire::{self, Account, GameEventInfo};
use super::{
    Answer, Event, Failure, Outcome, Request, Seek, ServerUrl, StreamKind, Token, check_challenge,
    check_seek,
};

/// A lichess client for one account on one server. Dropping it ends the request worker (after the request
/// under way); streams and seeks live as long as their handles.
pub struct Client {
    inner: Arc<Inner>,
    queue: OnceLock<mpsc::Sender<Request>>,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Client({}, {:?})", self.inner.url, self.inner.token)
    }
}

/// A stream's thread: dropping the handle stops it (at its next line; lichess sends one every 7 s).
#[derive(Debug)]
pub struct StreamHandle {
    stop: Arc<AtomicBool>,
}

impl Drop for StreamHandle {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// An open seek. Dropping it (or `cancel`) closes the seek's connection, which withdraws a real-time seek on
/// lichess; this happens at the next keep-alive line lichess sends. A correspondence seek stays on lichess.
#[derive(Debug)]
pub struct SeekHandle {
    stop: Arc<AtomicBool>,
}

impl SeekHandle {
    /// Withdraws the seek (no [`Event::SeekEnded`] follows).
    pub fn cancel(self) {}
}

impl Drop for SeekHandle {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

impl Client {
    /// A client of `url`, signed in with `token`, reporting to `sink`. Nothing is sent yet.
    pub fn new(
        url: ServerUrl,
        token: Token,
        sink: impl Fn(Event) + Send + Sync + 'static,
    ) -> Client {
        let config = ureq::Agent::config_builder()
            .max_redirects(0)
            .http_status_as_error(false)
            .user_agent(format!("hector/{}", env!("CARGO_PKG_VERSION")))
            .timeout_connect(Some(CONNECT))
            .timeout_per_read(Some(STREAM_IDLE))
            .build();
        Client {
            inner: Arc::new(Inner {
                agent: config.into(),
                url,
                token,
                sink: Arc::new(sink),
                pauses: Pauses::default(),
            }),
            queue: OnceLock::new(),
        }
    }

    /// The same client with other pauses (tests; the edge uses [`Pauses::for_server`]). Call before anything
    /// is sent.
    pub fn with_pauses(mut self, pauses: Pauses) -> Client {
        let i = &self.inner;
        self.inner = Arc::new(Inner {
            agent: i.agent.clone(),
            url: i.url.clone(),
            token: i.token.clone(),
            sink: i.sink.clone(),
            pauses,
        });
        self.queue = OnceLock::new();
        self
    }

    /// The server.
    pub fn url(&self) -> &ServerUrl {
        &self.inner.url
    }

    /// GET /api/account: whose token it is. Blocking (the start waits for it).
    pub fn account(&self) -> Result<Account, Failure> {
        let body = self.inner.get_json("/api/account")?;
        serde_json::from_str(&body).map_err(|e| Failure::Malformed {
            reason: e.to_string(),
        })
    }

    /// GET /api/account/playing: the ongoing games, real-time and correspondence, most urgent first.
    /// Blocking.
    pub fn playing(&self) -> Result<Vec<GameEventInfo>, Failure> {
        let body = self.inner.get_json("/api/account/playing?nb=50")?;
        serde_json::from_str::<wire::Playing>(&body)
            .map(|p| p.now_playing)
            .map_err(|e| Failure::Malformed {
                reason: e.to_string(),
            })
    }

    /// Queues a request; its answer comes as [`Event::Answer`]. Requests are sent one at a time, in order.
    pub fn send(&self, request: Request) {
        let queue = self.queue.get_or_init(|| {
            let (tx, rx) = mpsc::channel::<Request>();
            let inner = self.inner.clone();
            thread::Builder::new()
                .name("lichess-requests".into())
                .spawn(move || {
                    for r in rx {
                        let outcome = perform(&inner, &r);
                        (inner.sink)(Event::Answer {
                            request: r,
                            outcome,
                        });
                    }
                })
                .expect("a thread for lichess requests");
            tx
        });
        let _ = queue.send(request);
    }

    /// Opens the event stream (GET /api/stream/event) on its own thread.
    pub fn event_stream(&self) -> StreamHandle {
        self.stream(StreamKind::Events)
    }

    /// Opens a game's stream (GET /api/board/game/stream/{id}) on its own thread.
    pub fn game_stream(&self, id: &str) -> StreamHandle {
        self.stream(StreamKind::Game(id.to_string()))
    }

    fn stream(&self, kind: StreamKind) -> StreamHandle {
        let stop = Arc::new(AtomicBool::new(false));
        let (inner, s) = (self.inner.clone(), stop.clone());
        thread::Builder::new()
            .name("lichess-stream".into())
            .spawn(move || super::stream::run(&inner, kind, &s))
            .expect("a thread for a lichess stream");
        StreamHandle { stop }
    }

    /// Seeks a game (POST /api/board/seek) on its own thread. A seek lichess would not take through the
    /// Board API (faster than rapid, days it does not offer) is refused here, before anything is sent.
    pub fn seek(&self, seek: Seek) -> Result<SeekHandle, super::Refusal> {
        check_seek(seek.time)?;
        let stop = Arc::new(AtomicBool::new(false));
        let (inner, s) = (self.inner.clone(), stop.clone());
        thread::Builder::new()
            .name("lichess-seek".into())
            .spawn(move || super::stream::seek(&inner, seek, &s))
            .expect("a thread for a lichess seek");
        Ok(SeekHandle { stop })
    }
}

fn uci_ok(s: &str) -> bool {
    let b = s.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && matches!(b[0], b'a'..=b'h')
        && matches!(b[1], b'1'..=b'8')
        && matches!(b[2], b'a'..=b'h')
        && matches!(b[3], b'1'..=b'8')
        && (b.len() == 4 || matches!(b[4], b'q' | b'r' | b'b' | b'n'))
}

/// Sends one request and says what came of it. Never sent twice: only a 429 is tried again.
pub(super) fn perform(inner: &Inner, r: &Request) -> Outcome {
    let (path, form) = match route(r) {
        Ok(route) => route,
        Err(reason) => return Outcome::NotSent { reason },
    };
    let resp = match inner.call_patiently(true, &path, &form, None) {
        Ok(resp) => resp,
        Err(e) if not_sent(&e) => {
            return Outcome::NotSent {
                reason: e.to_string(),
            };
        }
        Err(e) => {
            return Outcome::Unknown {
                reason: e.to_string(),
            };
        }
    };
    let (status, body) = read_body(resp);
    if !(200..300).contains(&status) {
        return Outcome::Refused {
            status,
            error: wire::error_text(&body),
        };
    }
    Outcome::Done(answer(r, &body))
}

/// The useful part of a 2xx answer.
fn answer(r: &Request, body: &str) -> Answer {
    match r {
        Request::Challenge { .. } => {
            let v: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
            // The spec says ChallengeJson; lila has also answered `{"challenge": {...}}`.
            let c = v.get("challenge").cloned().unwrap_or(v);
            match serde_json::from_value(c) {
                Ok(c) => Answer::Challenge(Box::new(c)),
                Err(_) => Answer::Ok,
            }
        }
        Request::ChallengeAi { .. } => match serde_json::from_str::<wire::IdBody>(body) {
            Ok(b) => Answer::Game { id: b.id },
            Err(_) => Answer::Ok,
        },
        _ => Answer::Ok,
    }
}

/// A request's path and form.
type Route = (String, Vec<(&'static str, String)>);

/// The path and form of a request; Err (why) when something in it is not safe to put in a path or lichess
/// would refuse it anyway (then nothing is sent).
fn route(r: &Request) -> Result<Route, String> {
    let yes_no = |y: bool| if y { "yes" } else { "no" };
    let bad_id = || "not a valid game id, challenge id or user name".to_string();
    let seg = |s: &str| segment(s).map(str::to_string).ok_or_else(bad_id);
    let game = |g: &str, what: &str| seg(g).map(|g| format!("/api/board/game/{g}/{what}"));
    let mut form = Vec::new();
    let path = match r {
        Request::Move { game: g, uci } => {
            if !uci_ok(uci) {
                return Err(format!(
                    "not a move in UCI: {:?}",
                    uci.chars().take(10).collect::<String>()
                ));
            }
            game(g, &format!("move/{uci}"))?
        }
        Request::Draw { game: g, yes } => game(g, &format!("draw/{}", yes_no(*yes)))?,
        Request::Takeback { game: g, yes } => game(g, &format!("takeback/{}", yes_no(*yes)))?,
        Request::Resign { game: g } => game(g, "resign")?,
        Request::Abort { game: g } => game(g, "abort")?,
        Request::ClaimVictory { game: g } => game(g, "claim-victory")?,
        Request::ClaimDraw { game: g } => game(g, "claim-draw")?,
        Request::Chat { game: g, text } => {
            form.push(("room", "player".to_string()));
            form.push((
                "text",
                text.chars().filter(|c| !c.is_control()).take(140).collect(),
            ));
            game(g, "chat")?
        }
        Request::Challenge {
            user,
            time,
            rated,
            color,
        } => {
            check_challenge(*time).map_err(|e| e.to_string())?;
            form.push(("rated", rated.to_string()));
            if let Some(c) = color {
                form.push(("color", c.as_str().to_string()));
            }
            clock_form(*time, &mut form);
            format!("/api/challenge/{}", seg(user)?)
        }
        Request::ChallengeAi { level, time, color } => {
            if !(1..=8).contains(level) {
                return Err(super::Refusal::BadLevel { level: *level }.to_string());
            }
            if let Some(t) = time {
                check_challenge(*t).map_err(|e| e.to_string())?;
            }
            form.push(("level", level.to_string()));
            if let Some(t) = time {
                clock_form(*t, &mut form);
            }
            if let Some(c) = color {
                form.push(("color", c.as_str().to_string()));
            }
            "/api/challenge/ai".to_string()
        }
        Request::Accept { challenge } => format!("/api/challenge/{}/accept", seg(challenge)?),
        Request::Decline { challenge, reason } => {
            if let Some(r) = reason {
                form.push(("reason", seg(r)?));
            }
            format!("/api/challenge/{}/decline", seg(challenge)?)
        }
        Request::Cancel { challenge } => format!("/api/challenge/{}/cancel", seg(challenge)?),
    };
    Ok((path, form))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::time_control::TimeControl;
    use std::time::Duration;

    #[test]
    fn routes_refuse_what_is_not_safe() {
        let mv = |g: &str, u: &str| {
            route(&Request::Move {
                game: g.into(),
                uci: u.into(),
            })
            .ok()
            .map(|r| r.0)
        };
        assert_eq!(
            mv("abcd1234", "e2e4").as_deref(),
            Some("/api/board/game/abcd1234/move/e2e4")
        );
        assert_eq!(
            mv("abcd1234", "e7e8q").as_deref(),
            Some("/api/board/game/abcd1234/move/e7e8q")
        );
        assert_eq!(mv("../x", "e2e4"), None);
        assert_eq!(mv("abcd1234", "e2e4?x=1"), None);
        assert_eq!(mv("abcd1234", "e2e9"), None);
        let ai = |level| {
            route(&Request::ChallengeAi {
                level,
                time: None,
                color: None,
            })
        };
        assert!(ai(0).is_err() && ai(9).is_err() && ai(8).is_ok());
        let fast = Request::Challenge {
            user: "mary".into(),
            time: TimeControl::RealTime {
                minutes: 1,
                increment: 0,
            },
            rated: true,
            color: None,
        };
        assert!(route(&fast).unwrap_err().contains("blitz"));
    }

    #[test]
    fn pauses_short_only_for_this_machine() {
        let here = ServerUrl::parse("http://127.0.0.1:9").unwrap();
        let there = ServerUrl::parse("https://lichess.org").unwrap();
        assert_eq!(
            Pauses::for_server(&here, Some("20")).rate_limit,
            Duration::from_millis(20)
        );
        assert_eq!(Pauses::for_server(&there, Some("20")), Pauses::default());
        assert_eq!(Pauses::for_server(&here, None), Pauses::default());
        assert_eq!(Pauses::default().rate_limit, Duration::from_secs(60));
    }
}
