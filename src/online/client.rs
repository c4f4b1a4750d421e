//! The HTTP side: one `ureq` agent (rustls, certificates checked, no redirects followed), a worker thread that
//! sends the queued requests one at a time (lichess: "Only make one request at a time"), and the stream
//! threads (`stream.rs`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock, mpsc};
use std::thread;
use std::time::Duration;

use ureq::http::Response;

use super::time_control::TimeControl;
use super::wire::{self, Account, GameEventInfo};
use super::{
    Answer, Event, Failure, MAX_BODY, Outcome, Request, Seek, ServerUrl, StreamKind, Token,
    check_challenge, check_seek,
};

/// Where events go: the session's channel, through the edge.
pub type Sink = Arc<dyn Fn(Event) + Send + Sync>;

/// An idle stream (no line, not even a keep-alive, which lichess sends every 7 s) is taken as dropped after this.
const STREAM_IDLE: Duration = Duration::from_secs(30);
/// Connecting (DNS, TCP, TLS) may take this long.
const CONNECT: Duration = Duration::from_secs(15);
/// The environment variable that shortens the pauses, honoured only for a loopback server (tests).
pub const PAUSE_ENV: &str = "HECTOR_LICHESS_TEST_PAUSE_MS";

/// The client's waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pauses {
    /// After a 429 answer (lichess: "waiting one minute before retrying").
    pub rate_limit: Duration,
    /// The first pause before a dropped stream is reopened; it doubles each time.
    pub reconnect_first: Duration,
    /// The longest pause between tries.
    pub reconnect_max: Duration,
}

impl Default for Pauses {
    fn default() -> Self {
        Pauses {
            rate_limit: Duration::from_secs(60),
            reconnect_first: Duration::from_secs(1),
            reconnect_max: Duration::from_secs(60),
        }
    }
}

impl Pauses {
    /// lichess's pauses, unless the server is this machine (a test server) and `env` (the value of
    /// [`PAUSE_ENV`]) gives milliseconds: then every pause is that long. A real server always gets the real
    /// minute, whatever the environment says, so no setting can make hector hammer lichess.
    pub fn for_server(url: &ServerUrl, env: Option<&str>) -> Pauses {
        match env.and_then(|e| e.trim().parse::<u64>().ok()) {
            Some(ms) if url.is_loopback() => {
                let d = Duration::from_millis(ms.min(60_000));
                Pauses {
                    rate_limit: d,
                    reconnect_first: d,
                    reconnect_max: d,
                }
            }
            _ => Pauses::default(),
        }
    }
}

/// What the threads share.
pub(super) struct Inner {
    pub agent: ureq::Agent,
    pub url: ServerUrl,
    pub token: Token,
    pub sink: Sink,
    pub pauses: Pauses,
}

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
                        let outcome = inner.perform(&r);
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

/// An answer's status and body text (bounded).
pub(super) fn read_body(resp: Response<ureq::Body>) -> (u16, String) {
    let status = resp.status().as_u16();
    let text = resp
        .into_body()
        .into_with_config()
        .limit(MAX_BODY)
        .lossy_utf8(true)
        .read_to_string()
        .unwrap_or_default();
    (status, text)
}

/// True when the error came before anything reached the server.
pub(super) fn not_sent(e: &ureq::Error) -> bool {
    match e {
        ureq::Error::ConnectionFailed | ureq::Error::HostNotFound => true,
        ureq::Error::Timeout(t) => matches!(t, ureq::Timeout::Connect | ureq::Timeout::Resolve),
        ureq::Error::Io(io) => matches!(
            io.kind(),
            std::io::ErrorKind::ConnectionRefused | std::io::ErrorKind::AddrNotAvailable
        ),
        _ => false,
    }
}

/// A path segment from outside (a game or challenge id, a user name): letters, digits, `_` and `-`, at most
/// 40. Anything else is not sent.
pub(super) fn segment(s: &str) -> Option<&str> {
    (!s.is_empty()
        && s.len() <= 40
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'))
    .then_some(s)
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

/// The form of a time control: `clock.limit`/`clock.increment` in seconds, or `days`.
fn clock_form(tc: TimeControl, form: &mut Vec<(&'static str, String)>) {
    match tc {
        TimeControl::RealTime { minutes, increment } => {
            form.push(("clock.limit", (minutes * 60).to_string()));
            form.push(("clock.increment", increment.to_string()));
        }
        TimeControl::Correspondence { days } => form.push(("days", days.to_string())),
    }
}

impl Inner {
    /// A GET or POST to a path of the server, with the token; `None` form: a POST with an empty body.
    pub fn call(
        &self,
        post: bool,
        path: &str,
        form: &[(&'static str, String)],
    ) -> Result<Response<ureq::Body>, ureq::Error> {
        let url = self.url.join(path);
        let auth = self.token.bearer();
        if post {
            let req = self.agent.post(&url).header("Authorization", &auth);
            if form.is_empty() {
                req.send_empty()
            } else {
                req.send_form(form.iter().map(|(k, v)| (*k, v.as_str())))
            }
        } else {
            self.agent.get(&url).header("Authorization", &auth).call()
        }
    }

    /// `call`, waiting after a 429 and trying again (said once), until another answer or `stop`.
    pub fn call_patiently(
        &self,
        post: bool,
        path: &str,
        form: &[(&'static str, String)],
        stop: Option<&AtomicBool>,
    ) -> Result<Response<ureq::Body>, ureq::Error> {
        let mut said = false;
        loop {
            let resp = self.call(post, path, form)?;
            if resp.status().as_u16() != 429 || stop.is_some_and(|s| s.load(Ordering::SeqCst)) {
                return Ok(resp);
            }
            drop(resp);
            if !said {
                (self.sink)(Event::RateLimited {
                    wait: self.pauses.rate_limit,
                });
                said = true;
            }
            if !sleep_unless(self.pauses.rate_limit, stop) {
                return Err(ureq::Error::Io(std::io::Error::other("stopped")));
            }
        }
    }

    fn get_json(&self, path: &str) -> Result<String, Failure> {
        let resp = self
            .call_patiently(false, path, &[], None)
            .map_err(|e| Failure::Network {
                reason: e.to_string(),
            })?;
        let (status, body) = read_body(resp);
        match status {
            200 => Ok(body),
            401 => Err(Failure::Unauthorized {
                error: wire::error_text(&body),
            }),
            _ => Err(Failure::Refused {
                status,
                error: wire::error_text(&body),
            }),
        }
    }

    /// Sends one request and says what came of it. Never sent twice: only a 429 is tried again.
    pub fn perform(&self, r: &Request) -> Outcome {
        let (path, form) = match route(r) {
            Ok(route) => route,
            Err(reason) => return Outcome::NotSent { reason },
        };
        let resp = match self.call_patiently(true, &path, &form, None) {
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

/// The path and form of a request; Err (why) when something in it is not safe to put in a path or lichess
/// would refuse it anyway (then nothing is sent).
fn route(r: &Request) -> Result<(String, Vec<(&'static str, String)>), String> {
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

/// The form of a seek (the caller checked it).
pub(super) fn seek_form(seek: &Seek) -> Vec<(&'static str, String)> {
    let mut form = vec![
        ("rated", seek.rated.to_string()),
        ("variant", "standard".to_string()),
    ];
    match seek.time {
        TimeControl::RealTime { minutes, increment } => {
            form.push(("time", minutes.to_string()));
            form.push(("increment", increment.to_string()));
            if let Some(c) = seek.color {
                form.push(("color", c.as_str().to_string()));
            }
        }
        TimeControl::Correspondence { days } => form.push(("days", days.to_string())),
    }
    form
}

/// Sleeps `d` in short steps; false when `stop` was set meanwhile.
pub(super) fn sleep_unless(d: Duration, stop: Option<&AtomicBool>) -> bool {
    let step = Duration::from_millis(50);
    let mut left = d;
    while !left.is_zero() {
        if stop.is_some_and(|s| s.load(Ordering::SeqCst)) {
            return false;
        }
        let s = left.min(step);
        thread::sleep(s);
        left -= s;
    }
    !stop.is_some_and(|s| s.load(Ordering::SeqCst))
}

#[cfg(test)]
mod tests {
    use super::*;

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
