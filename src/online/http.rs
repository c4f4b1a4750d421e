//! What the client's threads share: the agent (rustls, certificates checked, no redirects followed), the
//! server, the token, the sink and the pauses; one request with the token, and the 429 rule.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use ureq::http::Response;

use super::time_control::TimeControl;
use super::wire;
use super::{Event, Failure, MAX_BODY, Seek, ServerUrl, Token};

/// Where events go: the session's channel, through the edge.
pub type Sink = Arc<dyn Fn(Event) + Send + Sync>;

/// An idle stream (no line, not even a keep-alive, which lichess sends every 7 s) is taken as dropped after this.
pub(super) const STREAM_IDLE: Duration = Duration::from_secs(30);
/// Connecting (DNS, TCP, TLS) may take this long.
pub(super) const CONNECT: Duration = Duration::from_secs(15);
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

    pub fn get_json(&self, path: &str) -> Result<String, Failure> {
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

/// The form of a time control: `clock.limit`/`clock.increment` in seconds, or `days`.
pub(super) fn clock_form(tc: TimeControl, form: &mut Vec<(&'static str, String)>) {
    match tc {
        TimeControl::RealTime { minutes, increment } => {
            form.push(("clock.limit", (minutes * 60).to_string()));
            form.push(("clock.increment", increment.to_string()));
        }
        TimeControl::Correspondence { days } => form.push(("days", days.to_string())),
    }
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
