//! Online play on lichess through its Board API (issue 29; contract: shared/design/online.md; spec:
//! lichess-org/api, doc/specs). This module is the client: it speaks HTTP to the server and turns what comes
//! back into [`Event`]s handed to a sink; what they mean for the game is the session's business.
//!
//! # Why a client of our own
//! hector's threads are plain threads with channels; it has no async runtime. The crates, checked with cargo
//! on Rust 1.95: `litchee` 0.2.1 and later need Rust 1.99; `lichess-api` hard-codes lichess.org (no test
//! server possible); `licheszter` takes a base URL but brings tokio and reqwest (about 216 packages). About a
//! dozen endpoints are needed, so this is a thin client over blocking `ureq` 3 (rustls with the webpki roots:
//! real certificate checks, and no switch turns them off), `serde`/`serde_json` for the events, and one plain
//! thread per stream.
//!
//! # The public API (o29-play builds on it; it stays stable)
//! - [`token`]: [`Token`] (Debug/Display say `Token(hidden)`), [`find_token`]`(file, env, config_dir)`,
//!   [`read_token_file`], [`TokenError`] (Display names `chmod 600` for a file others can read),
//!   [`TOKEN_ENV`] = `LICHESS_TOKEN`, [`TOKEN_FILE`] = `lichess-token`.
//! - [`server`]: [`ServerUrl::parse`] (`https://`; `http://` only for loopback, else [`UrlError`]),
//!   [`DEFAULT_URL`], `ServerUrl::{as_str, host, is_loopback, join, game_url}`.
//! - [`time_control`]: [`TimeControl`] (`RealTime { minutes, increment }`, `Correspondence { days }`;
//!   `parse("10+5" | "3d")`), [`check_seek`] (rapid or slower, days 1/2/3/5/7/10/14), [`check_challenge`]
//!   (blitz or slower), [`Refusal`].
//! - [`wire`]: what lichess sends ([`GameFull`], [`GameState`], [`ChatLine`], [`OpponentGone`],
//!   [`GameEventInfo`], [`Challenge`], [`Account`], [`Color`], [`Status`]), and [`GameEvent`],
//!   [`LobbyEvent`], [`Skip`].
//! - [`Client`]: `Client::new(url, token, sink)`; `with_pauses(Pauses)`; blocking `account()` and
//!   `playing()`; `send(Request)` (queued; one request at a time, in order, its answer an
//!   [`Event::Answer`]); `event_stream()` and `game_stream(id)` ([`StreamHandle`]: dropping it stops the
//!   stream); `seek(Seek)` ([`SeekHandle`]: dropping or `cancel()` withdraws the seek).
//! - [`Event`]: everything the client reports, through the sink (`Fn(Event) + Send + Sync`).
//! - [`Setup`] (added after the first commit): `Setup::from_env(url_option, token_file_option)` reads
//!   `LICHESS_TOKEN`, the default token file and [`PAUSE_ENV`] at the edge; `setup.client(sink)`.
//!   [`Pauses::for_server`]: lichess's pauses, shortened by [`PAUSE_ENV`] (milliseconds) only for a loopback
//!   server, so end-to-end tests through the binary need not wait a minute and no setting can make hector
//!   hammer lichess.
//!
//! # Rules the client keeps
//! - The token goes only into the `Authorization` header of requests to the configured server; no redirect
//!   is ever followed (ureq's `max_redirects(0)`), so it cannot be carried to another host.
//! - Nothing is sent twice. A request whose answer was 429 was refused without effect: it is retried after
//!   the pause (a minute; [`Event::RateLimited`] once per wait). A request that failed on the network is NOT
//!   retried: its answer is [`Outcome::NotSent`] when the connection was never made, [`Outcome::Unknown`]
//!   when it may have reached lichess. For a move, the session learns whether it landed from the game
//!   stream: after a reconnect, the first line is a gameFull whose `state.moves` holds every move lichess
//!   accepted; the session compares before sending anything again.
//! - A dropped stream is reopened after a growing pause (1, 2, 4 ... 60 s): [`Event::ConnectionLost`] once,
//!   [`Event::ConnectedAgain`] when it is back. A game stream the server closes after the game's end is not
//!   reopened ([`Event::GameStreamEnded`]).
//! - The event stream, each time it opens (so after a reconnect too), sends again every ongoing game
//!   (gameStart) and every open challenge (challenge), as lichess does: the session takes them as a list,
//!   not as news. Only one event stream per token is alive on lichess; a second one closes the first.
//! - A real-time challenge to a player expires on lichess after 20 s unless accepted (no keep-alive stream is
//!   held for it); a correspondence challenge stays.
//! - A line longer than [`MAX_LINE`], not UTF-8, not JSON, of an unknown type or with bad fields is skipped
//!   and reported ([`Event::Skipped`]), never a panic; an answer's body is read up to [`MAX_BODY`].

pub mod client;
mod http;
pub mod server;
pub mod setup;
mod stream;
pub mod time_control;
pub mod token;
pub mod wire;

use std::time::Duration;

pub use client::{Client, SeekHandle, StreamHandle};
pub use http::{PAUSE_ENV, Pauses, Sink};
pub use server::{DEFAULT_URL, ServerUrl, UrlError};
pub use setup::{Setup, SetupError};
pub use time_control::{Refusal, TimeControl, check_challenge, check_seek};
pub use token::{TOKEN_ENV, TOKEN_FILE, Token, TokenError, find_token, read_token_file};
pub use wire::{
    Account, Challenge, ChatLine, Color, GameEvent, GameEventInfo, GameFull, GameState, LobbyEvent,
    OpponentGone, Skip, Status,
};

/// The longest stream line read (longer ones are skipped whole).
pub const MAX_LINE: usize = 64 * 1024;
/// The largest answer body read.
pub const MAX_BODY: u64 = 1024 * 1024;

/// Which connection an event is about.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum StreamKind {
    /// GET /api/stream/event.
    Events,
    /// GET /api/board/game/stream/{id}.
    Game(String),
    /// POST /api/board/seek (real-time: held open until paired).
    Seek,
}

/// A seek: real-time (rapid or slower) or correspondence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seek {
    pub time: TimeControl,
    pub rated: bool,
    /// None: lichess chooses.
    pub color: Option<Color>,
}

/// Something asked of lichess; each gets one [`Event::Answer`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// POST /api/board/game/{game}/move/{uci}
    Move { game: String, uci: String },
    /// POST .../draw/yes (offer or accept) or .../draw/no (decline).
    Draw { game: String, yes: bool },
    /// POST .../takeback/yes (propose or accept) or .../takeback/no.
    Takeback { game: String, yes: bool },
    /// POST .../resign
    Resign { game: String },
    /// POST .../abort
    Abort { game: String },
    /// POST .../claim-victory
    ClaimVictory { game: String },
    /// POST .../claim-draw
    ClaimDraw { game: String },
    /// POST .../chat, room player.
    Chat { game: String, text: String },
    /// POST /api/challenge/{user}
    Challenge {
        user: String,
        time: TimeControl,
        rated: bool,
        color: Option<Color>,
    },
    /// POST /api/challenge/ai (level 1..=8; no time: correspondence... lichess makes it unlimited).
    ChallengeAi {
        level: u8,
        time: Option<TimeControl>,
        color: Option<Color>,
    },
    /// POST /api/challenge/{id}/accept
    Accept { challenge: String },
    /// POST /api/challenge/{id}/decline (reason key, e.g. `later`; None: generic).
    Decline {
        challenge: String,
        reason: Option<String>,
    },
    /// POST /api/challenge/{id}/cancel
    Cancel { challenge: String },
}

/// What came of a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// lichess did it (200/201).
    Done(Answer),
    /// lichess refused (4xx/5xx other than 429), with its `error` text.
    Refused { status: u16, error: String },
    /// The connection was never made: nothing reached lichess; safe to ask again.
    NotSent { reason: String },
    /// Failed on the way: lichess may or may not have done it (never retried; see the module's rules).
    Unknown { reason: String },
}

/// The useful part of an accepted answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// `{"ok": true}` or anything else without content hector uses.
    Ok,
    /// The challenge made (POST /api/challenge/{user}).
    Challenge(Box<Challenge>),
    /// The game against lichess's computer (POST /api/challenge/ai): its id.
    Game { id: String },
}

/// How a seek ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeekEnd {
    /// The server closed the real-time seek: paired (a gameStart comes on the event stream) or expired.
    Closed,
    /// A correspondence seek was created (it stays on lichess until someone joins it).
    Created { id: String },
    /// Refused, with lichess's reason.
    Refused { status: u16, error: String },
    /// Lost on the network (the seek is gone with the connection; not re-sent).
    Lost { reason: String },
}

/// What the client reports. (A lobby event is large; events are few, so they are not boxed.)
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
pub enum Event {
    /// A line of the event stream.
    Lobby(LobbyEvent),
    /// A line of a game's stream.
    Game { id: String, event: GameEvent },
    /// The server closed a game's stream after the game's end; it is not reopened.
    GameStreamEnded { id: String },
    /// The answer to a [`Request`].
    Answer { request: Request, outcome: Outcome },
    /// The seek ended.
    SeekEnded(SeekEnd),
    /// A stream dropped; it is being reopened (said once until [`Event::ConnectedAgain`]).
    ConnectionLost { stream: StreamKind, reason: String },
    /// The stream is back.
    ConnectedAgain { stream: StreamKind },
    /// 429: waiting before the request (or stream) is tried again; once per wait.
    RateLimited { wait: Duration },
    /// A stream line skipped (for the log).
    Skipped { stream: StreamKind, why: Skip },
    /// A stream given up for good: the token refused (401), the game not found (404).
    StreamFailed {
        stream: StreamKind,
        status: u16,
        error: String,
    },
}

/// Why a blocking request ([`Client::account`], [`Client::playing`]) failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// 401: the token is wrong, revoked, or lacks a scope; lichess's text.
    Unauthorized { error: String },
    /// Another refusal.
    Refused { status: u16, error: String },
    /// The server could not be reached or the connection broke.
    Network { reason: String },
    /// The answer was not as the spec says.
    Malformed { reason: String },
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Unauthorized { error } => write!(f, "lichess refused the token: {error}"),
            Failure::Refused { status, error } => write!(f, "lichess refused ({status}): {error}"),
            Failure::Network { reason } => write!(f, "cannot reach lichess: {reason}"),
            Failure::Malformed { reason } => {
                write!(f, "lichess's answer was not understood: {reason}")
            }
        }
    }
}

impl std::error::Error for Failure {}
