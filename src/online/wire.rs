//! What lichess sends, as the official spec names it (lichess-org/api, doc/specs/schemas: GameFullEvent,
//! GameStateEvent, ChatLineEvent, OpponentGoneEvent, GameStartEvent, GameFinishEvent, GameEventInfo,
//! ChallengeEvent, ChallengeJson, ChallengeDeclinedJson). Unknown fields are ignored; a field the spec marks
//! optional (or that lila leaves out, e.g. the AI player's id) has a default, so a missing one is no error.
//! Clocks are in milliseconds as on the wire.

use serde::Deserialize;

/// A side (GameColor).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// The form value (`white`, `black`).
    pub fn as_str(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// GameStatusName. `Other` holds a name this hector does not know (a newer lila).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    Created,
    #[default]
    Started,
    Aborted,
    Mate,
    Resign,
    Stalemate,
    Timeout,
    Draw,
    Outoftime,
    Cheat,
    NoStart,
    UnknownFinish,
    InsufficientMaterialClaim,
    VariantEnd,
    #[serde(other)]
    Other,
}

impl Status {
    /// True while the game goes on (`created`, `started`).
    pub fn is_playing(self) -> bool {
        matches!(self, Status::Created | Status::Started)
    }
}

/// GET /api/account (only the parts hector uses).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Account {
    pub id: String,
    pub username: String,
    #[serde(default)]
    pub title: Option<String>,
}

/// Variant.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Default)]
pub struct Variant {
    #[serde(default)]
    pub key: String,
    #[serde(default)]
    pub name: String,
}

/// A player of a game stream (GameEventPlayer). lichess's computer has `aiLevel` and no id or name.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct GameEventPlayer {
    #[serde(default)]
    pub ai_level: Option<u8>,
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub rating: Option<u32>,
    #[serde(default)]
    pub provisional: bool,
}

/// The clock of a real-time game, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct GameClock {
    pub initial: u64,
    pub increment: u64,
}

/// `perf` of a gameFull.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Default)]
pub struct PerfName {
    #[serde(default)]
    pub name: String,
}

/// GameFullEvent: the first line of a game stream, and after every reconnection.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameFull {
    pub id: String,
    #[serde(default)]
    pub variant: Variant,
    /// None for correspondence and unlimited games.
    #[serde(default)]
    pub clock: Option<GameClock>,
    #[serde(default)]
    pub speed: String,
    #[serde(default)]
    pub perf: PerfName,
    #[serde(default)]
    pub rated: bool,
    #[serde(default)]
    pub created_at: u64,
    pub white: GameEventPlayer,
    pub black: GameEventPlayer,
    /// `startpos` or a FEN.
    #[serde(default = "startpos")]
    pub initial_fen: String,
    pub state: GameState,
    /// Set for a correspondence game.
    #[serde(default)]
    pub days_per_turn: Option<u32>,
    #[serde(default)]
    pub tournament_id: Option<String>,
}

fn startpos() -> String {
    "startpos".into()
}

/// `expiration` of a gameState: a game not begun in time is aborted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Expiration {
    pub idle_millis: u64,
    pub millis_to_move: u64,
}

/// GameStateEvent: after a move, a draw or takeback offer, the end. `moves` holds all the game's moves
/// (UCI, space-separated); the clocks are milliseconds left.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Default)]
pub struct GameState {
    #[serde(default)]
    pub moves: String,
    #[serde(default)]
    pub wtime: u64,
    #[serde(default)]
    pub btime: u64,
    #[serde(default)]
    pub winc: u64,
    #[serde(default)]
    pub binc: u64,
    #[serde(default)]
    pub status: Status,
    #[serde(default)]
    pub winner: Option<Color>,
    #[serde(default)]
    pub wdraw: bool,
    #[serde(default)]
    pub bdraw: bool,
    #[serde(default)]
    pub wtakeback: bool,
    #[serde(default)]
    pub btakeback: bool,
    #[serde(default)]
    pub expiration: Option<Expiration>,
}

impl GameState {
    /// The moves, in order (UCI).
    pub fn move_list(&self) -> Vec<&str> {
        self.moves.split_whitespace().collect()
    }
}

/// ChatLineEvent.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ChatLine {
    /// `player` or `spectator`.
    pub room: String,
    pub username: String,
    pub text: String,
}

/// OpponentGoneEvent: the opponent left (`gone`), and in how many seconds a win may be claimed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpponentGone {
    pub gone: bool,
    #[serde(default)]
    pub claim_win_in_seconds: Option<u32>,
}

/// A line of the game stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameEvent {
    GameFull(Box<GameFull>),
    GameState(GameState),
    ChatLine(ChatLine),
    OpponentGone(OpponentGone),
}

/// GameStatus of GameEventInfo (`{"id": 20, "name": "started"}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
pub struct GameStatusInfo {
    #[serde(default)]
    pub id: u32,
    #[serde(default)]
    pub name: Status,
}

/// GameEventOpponent: a person (id, username, rating) or lichess's computer (`ai` level, id null).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct Opponent {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub rating: Option<u32>,
    #[serde(default)]
    pub rating_diff: Option<i32>,
    #[serde(default)]
    pub ai: Option<u8>,
}

/// GameEventInfo: a game in gameStart, gameFinish, and in GET /api/account/playing's `nowPlaying`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameEventInfo {
    #[serde(default)]
    pub full_id: String,
    pub game_id: String,
    #[serde(default)]
    pub fen: Option<String>,
    /// The player's colour in it.
    #[serde(default)]
    pub color: Option<Color>,
    #[serde(default)]
    pub last_move: Option<String>,
    #[serde(default)]
    pub source: Option<String>,
    #[serde(default)]
    pub status: Option<GameStatusInfo>,
    #[serde(default)]
    pub variant: Variant,
    #[serde(default)]
    pub speed: String,
    #[serde(default)]
    pub perf: String,
    #[serde(default)]
    pub rated: bool,
    /// The player's rating.
    #[serde(default)]
    pub rating: Option<u32>,
    #[serde(default)]
    pub has_moved: bool,
    #[serde(default)]
    pub opponent: Opponent,
    #[serde(default)]
    pub is_my_turn: bool,
    /// Seconds left on the player's clock (or until the correspondence deadline).
    #[serde(default)]
    pub seconds_left: Option<u64>,
    #[serde(default)]
    pub winner: Option<Color>,
    #[serde(default)]
    pub rating_diff: Option<i32>,
    #[serde(default)]
    pub tournament_id: Option<String>,
}

/// ChallengeUser.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Default)]
pub struct ChallengeUser {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub rating: Option<u32>,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub provisional: bool,
    #[serde(default)]
    pub online: bool,
}

/// TimeControl of a challenge.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ChallengeTimeControl {
    /// Seconds and seconds; `show` as lichess writes it ("10+5").
    Clock {
        limit: u32,
        increment: u32,
        #[serde(default)]
        show: String,
    },
    #[serde(rename_all = "camelCase")]
    Correspondence {
        days_per_turn: u32,
    },
    Unlimited,
}

/// ChallengeJson (and ChallengeDeclinedJson's two more fields).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Challenge {
    pub id: String,
    #[serde(default)]
    pub url: String,
    /// created, offline, canceled, declined, accepted.
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub challenger: ChallengeUser,
    #[serde(default)]
    pub dest_user: Option<ChallengeUser>,
    #[serde(default)]
    pub variant: Variant,
    #[serde(default)]
    pub rated: bool,
    #[serde(default)]
    pub speed: String,
    pub time_control: ChallengeTimeControl,
    /// white, black or random (the challenger's wish).
    #[serde(default)]
    pub color: String,
    #[serde(default)]
    pub final_color: Option<Color>,
    /// `in` (made to the player) or `out` (made by the player).
    #[serde(default)]
    pub direction: Option<String>,
    #[serde(default)]
    pub decline_reason: Option<String>,
    #[serde(default)]
    pub decline_reason_key: Option<String>,
}

/// A line of the event stream (GET /api/stream/event).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LobbyEvent {
    GameStart(GameEventInfo),
    GameFinish(GameEventInfo),
    Challenge(Challenge),
    ChallengeCanceled(Challenge),
    ChallengeDeclined(Challenge),
}

/// GET /api/account/playing.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Playing {
    #[serde(default)]
    pub now_playing: Vec<GameEventInfo>,
}

/// The `error` of a refusal (Error.yaml), or `{ "error": {field: [texts]} }` from a form.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct ErrorBody {
    pub error: serde_json::Value,
}

/// `{ "id": ... }`: POST /api/board/seek (correspondence), POST /api/challenge/ai.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct IdBody {
    pub id: String,
}

/// Why a line was skipped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skip {
    /// Not JSON (or not an object).
    NotJson,
    /// A `type` this hector does not know.
    UnknownType(String),
    /// A known type whose fields are not as the spec says.
    BadFields { kind: String, reason: String },
    /// Longer than the bound.
    TooLong,
    /// Not UTF-8.
    NotText,
}

impl std::fmt::Display for Skip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Skip::NotJson => write!(f, "not JSON"),
            Skip::UnknownType(t) => write!(f, "unknown type {}", short(t)),
            Skip::BadFields { kind, reason } => {
                write!(f, "{} with bad fields: {}", short(kind), short(reason))
            }
            Skip::TooLong => write!(f, "line too long"),
            Skip::NotText => write!(f, "not UTF-8"),
        }
    }
}

/// At most 60 characters, debug-quoted (no control character reaches a log).
fn short(s: &str) -> String {
    let cut: String = s.chars().take(60).collect();
    format!("{cut:?}")
}

/// At most `n` characters, no control character (what a skipped line's report keeps of it).
fn bounded(s: &str, n: usize) -> String {
    s.chars().filter(|c| !c.is_control()).take(n).collect()
}

fn kind_of(value: &serde_json::Value) -> Result<String, Skip> {
    let obj = value.as_object().ok_or(Skip::NotJson)?;
    Ok(bounded(
        obj.get("type").and_then(|t| t.as_str()).unwrap_or(""),
        60,
    ))
}

fn field<T: serde::de::DeserializeOwned>(kind: &str, v: serde_json::Value) -> Result<T, Skip> {
    serde_json::from_value(v).map_err(|e| Skip::BadFields {
        kind: kind.to_string(),
        reason: bounded(&e.to_string(), 200),
    })
}

/// One line of the game stream. An empty line (keep-alive) is `Ok(None)`.
pub fn parse_game_line(line: &str) -> Result<Option<GameEvent>, Skip> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let v: serde_json::Value = serde_json::from_str(line).map_err(|_| Skip::NotJson)?;
    let kind = kind_of(&v)?;
    let ev = match kind.as_str() {
        "gameFull" => GameEvent::GameFull(Box::new(field(&kind, v)?)),
        "gameState" => GameEvent::GameState(field(&kind, v)?),
        "chatLine" => GameEvent::ChatLine(field(&kind, v)?),
        "opponentGone" => GameEvent::OpponentGone(field(&kind, v)?),
        _ => return Err(Skip::UnknownType(kind)),
    };
    Ok(Some(ev))
}

/// One line of the event stream. An empty line (keep-alive) is `Ok(None)`.
pub fn parse_lobby_line(line: &str) -> Result<Option<LobbyEvent>, Skip> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let mut v: serde_json::Value = serde_json::from_str(line).map_err(|_| Skip::NotJson)?;
    let kind = kind_of(&v)?;
    let key = match kind.as_str() {
        "gameStart" | "gameFinish" => "game",
        "challenge" | "challengeCanceled" | "challengeDeclined" => "challenge",
        _ => return Err(Skip::UnknownType(kind)),
    };
    let inner = v
        .get_mut(key)
        .map(serde_json::Value::take)
        .unwrap_or_default();
    let ev = match kind.as_str() {
        "gameStart" => LobbyEvent::GameStart(field(&kind, inner)?),
        "gameFinish" => LobbyEvent::GameFinish(field(&kind, inner)?),
        "challenge" => LobbyEvent::Challenge(field(&kind, inner)?),
        "challengeCanceled" => LobbyEvent::ChallengeCanceled(field(&kind, inner)?),
        _ => LobbyEvent::ChallengeDeclined(field(&kind, inner)?),
    };
    Ok(Some(ev))
}

/// The text of a refusal's `error` (a string, or a form's field errors joined), at most 300 characters.
pub(super) fn error_text(body: &str) -> String {
    let text = match serde_json::from_str::<ErrorBody>(body) {
        Ok(ErrorBody {
            error: serde_json::Value::String(s),
        }) => s,
        Ok(ErrorBody { error }) => flatten(&error),
        Err(_) => body.trim().to_string(),
    };
    text.chars().filter(|c| !c.is_control()).take(300).collect()
}

fn flatten(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Array(a) => a.iter().map(flatten).collect::<Vec<_>>().join("; "),
        serde_json::Value::Object(o) => o
            .iter()
            .map(|(k, v)| format!("{k}: {}", flatten(v)))
            .collect::<Vec<_>>()
            .join("; "),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests;
