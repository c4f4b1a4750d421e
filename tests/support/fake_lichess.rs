//! A fake lichess on 127.0.0.1 (a random port) for the tests: HTTP/1.1, the Board API's endpoints as the
//! official spec names them (lichess-org/api, doc/specs), bearer auth (401 on a wrong token), NDJSON streams
//! sent chunked with empty keep-alive lines, and scripted games: an opponent answering the player's moves
//! from a list, draw and takeback offers both ways, chat, opponentGone, the ends (mate, resignation, flag,
//! abort), correspondence games (`daysPerTurn`), seeks paired on demand, challenges accepted or declined,
//! incoming challenges. It records every request (method, path, form, the Authorization header) so a test can
//! check that nothing was sent twice and where the token went. Failures on demand: 429 for the next requests
//! to a path, a stream dropped mid-game, an answer lost after the request was carried out, a redirect.
//!
//! Use: `#[path = "support/fake_lichess.rs"] mod fake_lichess;` then `FakeLichess::start(TOKEN, "me")`.
//! Each request is answered on its own connection (`Connection: close`).
#![allow(dead_code)]

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use shakmaty::{Chess, Position, uci::UciMove};

/// A request as the fake received it.
#[derive(Debug, Clone)]
pub struct Req {
    pub method: String,
    pub path: String,
    pub form: Vec<(String, String)>,
    /// The Authorization header, as sent.
    pub auth: Option<String>,
}

impl Req {
    pub fn field(&self, k: &str) -> Option<&str> {
        self.form
            .iter()
            .find(|(a, _)| a == k)
            .map(|(_, v)| v.as_str())
    }
}

/// A game the fake keeps.
#[derive(Debug, Clone)]
pub struct GameSpec {
    pub opponent: String,
    /// The player's side: "white" or "black".
    pub player_color: &'static str,
    /// Real time: (initial ms, increment ms); None for correspondence.
    pub clock: Option<(u64, u64)>,
    pub days: Option<u32>,
    pub rated: bool,
    /// The opponent's moves in order (UCI), each played as soon as it is the opponent's turn.
    pub opponent_moves: Vec<String>,
}

impl GameSpec {
    pub fn rapid(opponent: &str, player_color: &'static str, opponent_moves: &[&str]) -> GameSpec {
        GameSpec {
            opponent: opponent.into(),
            player_color,
            clock: Some((600_000, 5_000)),
            days: None,
            rated: true,
            opponent_moves: opponent_moves.iter().map(|s| s.to_string()).collect(),
        }
    }

    pub fn correspondence(
        opponent: &str,
        player_color: &'static str,
        days: u32,
        opponent_moves: &[&str],
    ) -> GameSpec {
        GameSpec {
            clock: None,
            days: Some(days),
            ..GameSpec::rapid(opponent, player_color, opponent_moves)
        }
    }
}

struct Game {
    spec: GameSpec,
    pos: Chess,
    moves: Vec<String>,
    next_reply: usize,
    status: &'static str,
    winner: Option<&'static str>,
    wtime: u64,
    btime: u64,
    player_draw: bool,
    opponent_draw: bool,
    opponent_takeback: bool,
    gone: bool,
    /// How the opponent answers the player's offers.
    accepts_draw: bool,
    accepts_takeback: bool,
}

#[derive(Default)]
struct State {
    token: String,
    username: String,
    requests: Vec<Req>,
    games: HashMap<String, Game>,
    /// Lines per stream path (`/api/stream/event`, `/api/board/game/stream/ID`).
    lines: HashMap<String, Vec<String>>,
    /// Bumped to drop a stream's open connections.
    generation: HashMap<String, u64>,
    rate_limited: Vec<(String, usize)>,
    lose_answer: Vec<String>,
    redirect: Vec<(String, String)>,
    challenge_answers: HashMap<String, Option<String>>,
    incoming: Vec<Value>,
    seek_open: Option<(u64, Value)>,
    seek_generation: u64,
    counter: u64,
    stopped: bool,
}

/// The fake server. Dropping it stops its streams.
pub struct FakeLichess {
    port: u16,
    shared: Arc<(Mutex<State>, Condvar)>,
    pub keep_alive: Duration,
}

impl Drop for FakeLichess {
    fn drop(&mut self) {
        self.state().stopped = true;
        self.shared.1.notify_all();
    }
}

fn status_name(won_by_player: bool, player: &str) -> &'static str {
    match (won_by_player, player) {
        (true, "white") | (false, "black") => "white",
        _ => "black",
    }
}

impl FakeLichess {
    /// Starts a fake lichess that knows one account (`username`, signed in by `token`).
    pub fn start(token: &str, username: &str) -> FakeLichess {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a port on 127.0.0.1");
        let port = listener.local_addr().unwrap().port();
        let shared = Arc::new((
            Mutex::new(State {
                token: token.into(),
                username: username.into(),
                ..State::default()
            }),
            Condvar::new(),
        ));
        let s = shared.clone();
        let keep_alive = Duration::from_millis(100);
        thread::spawn(move || {
            for conn in listener.incoming() {
                let Ok(conn) = conn else { continue };
                if s.0.lock().unwrap().stopped {
                    return;
                }
                let s = s.clone();
                thread::spawn(move || serve(conn, &s, keep_alive));
            }
        });
        FakeLichess {
            port,
            shared,
            keep_alive,
        }
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.shared.0.lock().unwrap()
    }

    fn notify(&self) {
        self.shared.1.notify_all();
    }

    /// Every request received so far.
    pub fn requests(&self) -> Vec<Req> {
        self.state().requests.clone()
    }

    /// How many requests had this method and path.
    pub fn count(&self, method: &str, path: &str) -> usize {
        self.state()
            .requests
            .iter()
            .filter(|r| r.method == method && r.path == path)
            .count()
    }

    /// Waits until `f` holds of the requests (or panics after `secs`).
    pub fn wait_requests(&self, secs: u64, what: &str, f: impl Fn(&[Req]) -> bool) {
        let end = Instant::now() + Duration::from_secs(secs);
        while Instant::now() < end {
            if f(&self.state().requests) {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        panic!("the fake never saw {what}: {:#?}", self.requests());
    }

    /// Adds an ongoing game; its id.
    pub fn add_game(&self, spec: GameSpec) -> String {
        let id = add_game_locked(&mut self.state(), spec);
        self.notify();
        id
    }

    /// How the opponent answers the player's draw offers and takeback proposals.
    pub fn set_answers(&self, id: &str, accepts_draw: bool, accepts_takeback: bool) {
        let mut st = self.state();
        let g = st.games.get_mut(id).expect("a game");
        g.accepts_draw = accepts_draw;
        g.accepts_takeback = accepts_takeback;
    }

    /// The game's moves as the fake has them.
    pub fn moves(&self, id: &str) -> Vec<String> {
        self.state().games[id].moves.clone()
    }

    /// The game's status name.
    pub fn status(&self, id: &str) -> String {
        self.state().games[id].status.to_string()
    }

    /// A raw line on a game's stream (garbage, unknown types...).
    pub fn push_game_line(&self, id: &str, raw: &str) {
        push(&mut self.state(), &game_path(id), raw.to_string());
        self.notify();
    }

    /// A raw line on the event stream.
    pub fn push_event_line(&self, raw: &str) {
        push(&mut self.state(), "/api/stream/event", raw.to_string());
        self.notify();
    }

    /// The opponent offers a draw.
    pub fn offer_draw(&self, id: &str) {
        self.change(id, |g| g.opponent_draw = true);
    }

    /// The opponent proposes a takeback.
    pub fn propose_takeback(&self, id: &str) {
        self.change(id, |g| g.opponent_takeback = true);
    }

    /// The opponent writes in the chat.
    pub fn chat(&self, id: &str, text: &str) {
        let mut st = self.state();
        let user = st.games[id].spec.opponent.clone();
        let line = json!({"type": "chatLine", "room": "player", "username": user, "text": text})
            .to_string();
        push(&mut st, &game_path(id), line);
        drop(st);
        self.notify();
    }

    /// The opponent leaves (`Some(seconds)` until a win may be claimed) or comes back (None).
    pub fn opponent_gone(&self, id: &str, claim_in: Option<u32>) {
        let mut st = self.state();
        st.games.get_mut(id).unwrap().gone = claim_in.is_some();
        let line = match claim_in {
            Some(s) => json!({"type": "opponentGone", "gone": true, "claimWinInSeconds": s}),
            None => json!({"type": "opponentGone", "gone": false}),
        };
        push(&mut st, &game_path(id), line.to_string());
        drop(st);
        self.notify();
    }

    /// The game ends (`mate`, `resign`, `outoftime`, `aborted`, `draw`...), the winner "white"/"black".
    pub fn end_game(&self, id: &str, status: &'static str, winner: Option<&'static str>) {
        self.change(id, |g| {
            g.status = status;
            g.winner = winner;
            if status == "outoftime" {
                match winner {
                    Some("white") => g.btime = 0,
                    _ => g.wtime = 0,
                }
            }
        });
    }

    /// The opponent plays a move now (a correspondence game while the player was away).
    pub fn opponent_plays(&self, id: &str, uci: &str) {
        self.change(id, |g| {
            play(g, uci).expect("a legal move for the opponent");
        });
    }

    /// Drops every open connection of the streams whose path starts with `prefix`.
    pub fn drop_streams(&self, prefix: &str) {
        let mut st = self.state();
        let paths: Vec<String> = st
            .lines
            .keys()
            .filter(|p| p.starts_with(prefix))
            .cloned()
            .collect();
        for p in paths.into_iter().chain([prefix.to_string()]) {
            *st.generation.entry(p).or_default() += 1;
        }
        drop(st);
        self.notify();
    }

    /// The next `times` requests whose path starts with `prefix` are answered 429.
    pub fn rate_limit(&self, prefix: &str, times: usize) {
        self.state().rate_limited.push((prefix.into(), times));
    }

    /// The next request whose path starts with `prefix` is carried out, but its connection closed without
    /// an answer (the client cannot know whether it landed).
    pub fn lose_answer(&self, prefix: &str) {
        self.state().lose_answer.push(prefix.into());
    }

    /// The next `times` requests whose path starts with `prefix` get no answer (the connection closes).
    pub fn lose_answers(&self, prefix: &str, times: usize) {
        for _ in 0..times {
            self.lose_answer(prefix);
        }
    }

    /// Requests whose path starts with `prefix` are answered 302 to `to` (another server).
    pub fn redirect(&self, prefix: &str, to: &str) {
        self.state().redirect.push((prefix.into(), to.into()));
    }

    /// How the user `name` answers a challenge: None accepts, Some(reason key) declines.
    pub fn challenge_answer(&self, name: &str, decline: Option<&str>) {
        self.state()
            .challenge_answers
            .insert(name.to_lowercase(), decline.map(String::from));
    }

    /// Someone challenges the player; the challenge's id.
    pub fn incoming_challenge(
        &self,
        from: &str,
        limit_s: u32,
        increment_s: u32,
        rated: bool,
    ) -> String {
        let mut st = self.state();
        st.counter += 1;
        let id = format!("chal{:04}", st.counter);
        let me = st.username.clone();
        let c = challenge_json(
            &id,
            from,
            &me,
            "in",
            json!({"type": "clock", "limit": limit_s, "increment": increment_s, "show": format!("{}+{}", limit_s / 60, increment_s)}),
            rated,
        );
        st.incoming.push(c.clone());
        push(
            &mut st,
            "/api/stream/event",
            json!({"type": "challenge", "challenge": c}).to_string(),
        );
        drop(st);
        self.notify();
        id
    }

    /// Pairs the open seek: a new game against `opponent` (gameStart on the event stream) and the seek's
    /// connection closed, as lichess does. The game's id, None when no seek is open.
    pub fn pair_seek(&self, opponent: &str, opponent_moves: &[&str]) -> Option<String> {
        let (_, form) = self.state().seek_open.take()?;
        let days = form
            .get("days")
            .and_then(|d| d.as_str())
            .and_then(|d| d.parse().ok());
        let color = match form.get("color").and_then(|c| c.as_str()) {
            Some("black") => "black",
            _ => "white",
        };
        let mut spec = match days {
            Some(d) => GameSpec::correspondence(opponent, color, d, opponent_moves),
            None => GameSpec::rapid(opponent, color, opponent_moves),
        };
        spec.rated = form.get("rated").and_then(|r| r.as_str()) == Some("true");
        let id = self.add_game(spec);
        self.state().seek_generation += 1;
        self.notify();
        Some(id)
    }

    /// True while a seek is open.
    pub fn seek_open(&self) -> bool {
        self.state().seek_open.is_some()
    }

    fn change(&self, id: &str, f: impl FnOnce(&mut Game)) {
        let mut st = self.state();
        let g = st.games.get_mut(id).expect("a game");
        f(g);
        finish_if_over(&mut st, id);
        drop(st);
        self.notify();
    }
}

fn game_path(id: &str) -> String {
    format!("/api/board/game/stream/{id}")
}

fn push(st: &mut State, path: &str, line: String) {
    st.lines.entry(path.to_string()).or_default().push(line);
}

fn opponent_color(g: &Game) -> shakmaty::Color {
    if g.spec.player_color == "white" {
        shakmaty::Color::Black
    } else {
        shakmaty::Color::White
    }
}

fn play(g: &mut Game, uci: &str) -> Result<(), String> {
    let m = uci
        .parse::<UciMove>()
        .map_err(|_| format!("Invalid UCI move: {uci}"))?
        .to_move(&g.pos)
        .map_err(|_| format!("Illegal move: {uci}"))?;
    g.pos = g
        .pos
        .clone()
        .play(m)
        .map_err(|_| format!("Illegal move: {uci}"))?;
    g.moves.push(uci.to_string());
    if g.pos.is_checkmate() {
        g.status = "mate";
        g.winner = Some(if g.pos.turn() == shakmaty::Color::White {
            "black"
        } else {
            "white"
        });
    } else if g.pos.is_stalemate() {
        g.status = "stalemate";
    }
    g.player_draw = false;
    g.opponent_draw = false;
    g.opponent_takeback = false;
    Ok(())
}

/// The opponent plays its next scripted move while it is its turn.
fn opponent_replies(g: &mut Game) {
    while g.status == "started"
        && g.pos.turn() == opponent_color(g)
        && g.next_reply < g.spec.opponent_moves.len()
    {
        let uci = g.spec.opponent_moves[g.next_reply].clone();
        g.next_reply += 1;
        if play(g, &uci).is_err() {
            break;
        }
    }
}

fn state_json(g: &Game) -> Value {
    let (winc, binc) = g.spec.clock.map_or((0, 0), |c| (c.1, c.1));
    let mut s = json!({
        "type": "gameState", "moves": g.moves.join(" "), "wtime": g.wtime, "btime": g.btime,
        "winc": winc, "binc": binc, "status": g.status,
    });
    let white_player = g.spec.player_color == "white";
    let (wdraw, bdraw) = if white_player {
        (g.player_draw, g.opponent_draw)
    } else {
        (g.opponent_draw, g.player_draw)
    };
    if wdraw {
        s["wdraw"] = json!(true);
    }
    if bdraw {
        s["bdraw"] = json!(true);
    }
    if g.opponent_takeback {
        s[if white_player {
            "btakeback"
        } else {
            "wtakeback"
        }] = json!(true);
    }
    if let Some(w) = g.winner {
        s["winner"] = json!(w);
    }
    s
}

fn player_json(id: &str, name: &str) -> Value {
    json!({"id": id.to_lowercase(), "name": name, "title": null, "rating": 1500})
}

fn game_full(st: &State, id: &str) -> String {
    let g = &st.games[id];
    let (me, them) = (
        player_json(&st.username, &st.username),
        player_json(&g.spec.opponent, &g.spec.opponent),
    );
    let (white, black) = if g.spec.player_color == "white" {
        (me, them)
    } else {
        (them, me)
    };
    let mut full = json!({
        "type": "gameFull", "id": id,
        "variant": {"key": "standard", "name": "Standard", "short": "Std"},
        "speed": if g.spec.days.is_some() { "correspondence" } else { "rapid" },
        "perf": {"name": if g.spec.days.is_some() { "Correspondence" } else { "Rapid" }},
        "rated": g.spec.rated, "createdAt": 1_745_112_707_998u64,
        "white": white, "black": black, "initialFen": "startpos", "state": state_json(g),
    });
    match (g.spec.clock, g.spec.days) {
        (Some((initial, increment)), _) => {
            full["clock"] = json!({"initial": initial, "increment": increment})
        }
        (None, Some(d)) => full["daysPerTurn"] = json!(d),
        _ => {}
    }
    full.to_string()
}

fn game_info(st: &State, id: &str) -> Value {
    let g = &st.games[id];
    let my_turn = g.status == "started" && g.pos.turn() != opponent_color(g);
    json!({
        "fullId": format!("{id}xxxx"), "gameId": id, "id": id, "color": g.spec.player_color,
        "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "lastMove": g.moves.last().cloned().unwrap_or_default(),
        "source": "lobby", "status": {"id": 20, "name": g.status},
        "variant": {"key": "standard", "name": "Standard"},
        "speed": if g.spec.days.is_some() { "correspondence" } else { "rapid" }, "perf": "rapid",
        "rated": g.spec.rated, "hasMoved": !g.moves.is_empty(),
        "opponent": {"id": g.spec.opponent.to_lowercase(), "username": g.spec.opponent, "rating": 1500},
        "isMyTurn": my_turn, "secondsLeft": if my_turn { g.spec.days.map_or(600, |d| d as u64 * 86400) } else { 0 },
        "compat": {"bot": false, "board": true},
    })
}

fn game_start(st: &State, id: &str) -> String {
    json!({"type": "gameStart", "game": game_info(st, id)}).to_string()
}

fn challenge_json(
    id: &str,
    from: &str,
    to: &str,
    direction: &str,
    tc: Value,
    rated: bool,
) -> Value {
    json!({
        "id": id, "url": format!("https://lichess.org/{id}"), "status": "created",
        "challenger": {"id": from.to_lowercase(), "name": from, "rating": 1500},
        "destUser": {"id": to.to_lowercase(), "name": to, "rating": 1500},
        "variant": {"key": "standard", "name": "Standard", "short": "Std"}, "rated": rated, "speed": "rapid",
        "timeControl": tc, "color": "random", "perf": {"icon": "", "name": "Rapid"}, "direction": direction,
    })
}

/// After a change: the new state on the game's stream; at the end, gameFinish on the event stream.
fn finish_if_over(st: &mut State, id: &str) -> bool {
    let line = state_json(&st.games[id]).to_string();
    push(st, &game_path(id), line);
    let over = st.games[id].status != "started";
    if over {
        let info = game_info(st, id);
        push(
            st,
            "/api/stream/event",
            json!({"type": "gameFinish", "game": info}).to_string(),
        );
    }
    over
}

// ---- HTTP ----

fn serve(conn: TcpStream, shared: &Arc<(Mutex<State>, Condvar)>, keep_alive: Duration) {
    let _ = conn.set_read_timeout(Some(Duration::from_secs(10)));
    let Some(req) = read_request(&conn) else {
        return;
    };
    let mut out = conn;
    let (state, cvar) = (&shared.0, &shared.1);
    let mut st = state.lock().unwrap();
    st.requests.push(req.clone());
    let path_only = req.path.split('?').next().unwrap_or("").to_string();
    if let Some((_, to)) = st
        .redirect
        .iter()
        .find(|(p, _)| path_only.starts_with(p.as_str()))
    {
        let head = format!(
            "HTTP/1.1 302 Found\r\nLocation: {to}{}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            req.path
        );
        let _ = out.write_all(head.as_bytes());
        return;
    }
    if req.auth.as_deref() != Some(&format!("Bearer {}", st.token)) {
        drop(st);
        return answer(&mut out, 401, &json!({"error": "No such token"}));
    }
    if let Some(i) = st
        .rate_limited
        .iter()
        .position(|(p, n)| *n > 0 && path_only.starts_with(p.as_str()))
    {
        st.rate_limited[i].1 -= 1;
        drop(st);
        return answer(
            &mut out,
            429,
            &json!({"error": "Too many requests. Try again later."}),
        );
    }
    let lose = st
        .lose_answer
        .iter()
        .position(|p| path_only.starts_with(p.as_str()));
    if let Some(i) = lose {
        st.lose_answer.remove(i);
    }
    let parts: Vec<&str> = path_only.trim_start_matches('/').split('/').collect();
    let form: HashMap<String, String> = req.form.iter().cloned().collect();
    let reply: Reply = match (req.method.as_str(), parts.as_slice()) {
        ("GET", ["api", "account"]) => Reply::Json(
            200,
            json!({"id": st.username.to_lowercase(), "username": st.username}),
        ),
        ("GET", ["api", "account", "playing"]) => {
            let mut ids: Vec<&String> = st
                .games
                .iter()
                .filter(|(_, g)| g.status == "started")
                .map(|(k, _)| k)
                .collect();
            ids.sort();
            let list: Vec<Value> = ids.into_iter().map(|id| game_info(&st, id)).collect();
            let my_turn = list.iter().filter(|g| g["isMyTurn"] == json!(true)).count();
            Reply::Json(200, json!({"nowPlaying": list, "nbMyTurn": my_turn}))
        }
        ("GET", ["api", "stream", "event"]) => {
            let mut first: Vec<String> = Vec::new();
            let mut ids: Vec<&String> = st
                .games
                .iter()
                .filter(|(_, g)| g.status == "started")
                .map(|(k, _)| k)
                .collect();
            ids.sort();
            first.extend(ids.into_iter().map(|id| game_start(&st, id)));
            first.extend(
                st.incoming
                    .iter()
                    .map(|c| json!({"type": "challenge", "challenge": c}).to_string()),
            );
            Reply::Stream("/api/stream/event".into(), first)
        }
        ("GET", ["api", "board", "game", "stream", id]) => match st.games.contains_key(*id) {
            true => Reply::Stream(game_path(id), vec![game_full(&st, id)]),
            false => Reply::Json(404, json!({"error": "No such game"})),
        },
        ("POST", ["api", "board", "game", id, rest @ ..]) => {
            let id = id.to_string();
            let r = board_action(&mut st, &id, rest, &form);
            cvar.notify_all();
            r
        }
        ("POST", ["api", "board", "seek"]) => seek(&mut st, &form),
        ("POST", ["api", "challenge", "ai"]) => {
            let level: u32 = form.get("level").and_then(|l| l.parse().ok()).unwrap_or(0);
            if !(1..=8).contains(&level) {
                Reply::Json(400, json!({"error": {"level": ["Invalid value"]}}))
            } else {
                let color = if form.get("color").map(String::as_str) == Some("black") {
                    "black"
                } else {
                    "white"
                };
                let mut spec = GameSpec::rapid(&format!("lichess AI level {level}"), color, &[]);
                spec.rated = false;
                let id = add_game_locked(&mut st, spec);
                cvar.notify_all();
                Reply::Json(
                    201,
                    json!({"id": id, "variant": {"key": "standard", "name": "Standard"}, "speed": "rapid", "perf": "rapid", "rated": false, "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "turns": 0, "source": "ai", "status": {"id": 20, "name": "started"}, "player": color, "fullId": format!("{id}xxxx")}),
                )
            }
        }
        (
            "POST",
            [
                "api",
                "challenge",
                cid,
                verb @ ("accept" | "decline" | "cancel"),
            ],
        ) => {
            let cid = cid.to_string();
            let r = challenge_action(&mut st, &cid, verb);
            cvar.notify_all();
            r
        }
        ("POST", ["api", "challenge", user]) => {
            let user = user.to_string();
            let r = challenge(&mut st, &user, &form);
            cvar.notify_all();
            r
        }
        _ => Reply::Json(404, json!({"error": "Not found"})),
    };
    if lose.is_some() {
        return; // carried out, but the answer is lost: the connection closes without a word
    }
    match reply {
        Reply::Json(status, body) => {
            drop(st);
            answer(&mut out, status, &body)
        }
        Reply::Seek(epoch) => {
            drop(st);
            stream_seek(&mut out, shared, epoch, keep_alive)
        }
        Reply::Stream(path, first) => {
            let cursor = st.lines.get(&path).map_or(0, Vec::len);
            let epoch = st.generation.get(&path).copied().unwrap_or(0);
            drop(st);
            stream(&mut out, shared, &path, first, cursor, epoch, keep_alive)
        }
    }
}

enum Reply {
    Json(u16, Value),
    Stream(String, Vec<String>),
    Seek(u64),
}

fn add_game_locked(st: &mut State, spec: GameSpec) -> String {
    st.counter += 1;
    let id = format!("game{:04}", st.counter);
    let initial = spec.clock.map_or(2_147_483_647, |c| c.0);
    let mut g = Game {
        spec,
        pos: Chess::default(),
        moves: Vec::new(),
        next_reply: 0,
        status: "started",
        winner: None,
        wtime: initial,
        btime: initial,
        player_draw: false,
        opponent_draw: false,
        opponent_takeback: false,
        gone: false,
        accepts_draw: false,
        accepts_takeback: true,
    };
    opponent_replies(&mut g);
    st.games.insert(id.clone(), g);
    let start = game_start(st, &id);
    push(st, "/api/stream/event", start);
    id
}

fn ok() -> Reply {
    Reply::Json(200, json!({"ok": true}))
}

fn bad(text: &str) -> Reply {
    Reply::Json(400, json!({"error": text}))
}

fn board_action(st: &mut State, id: &str, rest: &[&str], form: &HashMap<String, String>) -> Reply {
    let me = st.username.clone();
    let Some(g) = st.games.get_mut(id) else {
        return Reply::Json(404, json!({"error": "No such game"}));
    };
    if g.status != "started" && rest.first() != Some(&"chat") {
        return bad("This game is already over");
    }
    let mine = g.pos.turn() != opponent_color(g);
    let player_white = g.spec.player_color == "white";
    match rest {
        ["move", uci] => {
            if !mine {
                return bad("Not your turn, or game already over");
            }
            if let Err(e) = play(g, uci) {
                return bad(&e);
            }
            if g.spec.clock.is_some() {
                let t = if player_white {
                    &mut g.wtime
                } else {
                    &mut g.btime
                };
                *t = t.saturating_sub(1000);
            }
            finish_if_over(st, id);
            let g = st.games.get_mut(id).unwrap();
            let before = g.moves.len();
            opponent_replies(g);
            if g.moves.len() > before {
                finish_if_over(st, id);
            }
            ok()
        }
        ["draw", yes] => {
            let yes = *yes == "yes" || *yes == "true";
            if yes && (g.opponent_draw || g.accepts_draw) {
                g.status = "draw";
            } else if yes {
                g.player_draw = true;
            } else {
                g.opponent_draw = false;
            }
            finish_if_over(st, id);
            if yes && st.games[id].player_draw {
                // The scripted opponent declines: the offer goes away.
                st.games.get_mut(id).unwrap().player_draw = false;
                finish_if_over(st, id);
            }
            ok()
        }
        ["takeback", yes] => {
            let yes = *yes == "yes" || *yes == "true";
            let n = g.moves.len();
            let proposed = g.opponent_takeback;
            // Back to the proposer's turn, as lichess does.
            let keep = if yes && proposed {
                Some(n.saturating_sub(1))
            } else if yes && g.accepts_takeback {
                Some(if mine {
                    n.saturating_sub(2)
                } else {
                    n.saturating_sub(1)
                })
            } else {
                None
            };
            g.opponent_takeback = false;
            if let Some(k) = keep {
                let kept: Vec<String> = g.moves[..k].to_vec();
                g.pos = Chess::default();
                g.moves.clear();
                for m in kept {
                    let _ = play(g, &m);
                }
            }
            finish_if_over(st, id);
            ok()
        }
        ["resign"] => {
            g.status = "resign";
            g.winner = Some(status_name(false, g.spec.player_color));
            finish_if_over(st, id);
            ok()
        }
        ["abort"] => {
            if g.moves.len() >= 2 {
                return bad("This game can no longer be aborted");
            }
            g.status = "aborted";
            finish_if_over(st, id);
            ok()
        }
        ["claim-victory"] => {
            if !g.gone {
                return bad("You cannot claim the win now");
            }
            g.status = "timeout";
            g.winner = Some(status_name(true, g.spec.player_color));
            finish_if_over(st, id);
            ok()
        }
        ["claim-draw"] => {
            if !g.gone {
                return bad("You cannot claim a draw now");
            }
            g.status = "draw";
            finish_if_over(st, id);
            ok()
        }
        ["chat"] => {
            let text = form.get("text").cloned().unwrap_or_default();
            if text.is_empty() || form.get("room").map(String::as_str) != Some("player") {
                return bad("Invalid chat");
            }
            let line = json!({"type": "chatLine", "room": "player", "username": me, "text": text})
                .to_string();
            push(st, &game_path(id), line);
            ok()
        }
        _ => Reply::Json(404, json!({"error": "Not found"})),
    }
}

fn seek(st: &mut State, form: &HashMap<String, String>) -> Reply {
    let as_json: Value = json!(form);
    if let Some(days) = form.get("days") {
        if !["1", "2", "3", "5", "7", "10", "14"].contains(&days.as_str()) {
            return Reply::Json(400, json!({"error": {"days": ["Invalid value"]}}));
        }
        st.counter += 1;
        let id = format!("seek{:04}", st.counter);
        st.seek_open = Some((0, as_json));
        return Reply::Json(200, json!({"id": id}));
    }
    let time: f64 = form
        .get("time")
        .and_then(|t| t.parse().ok())
        .unwrap_or(-1.0);
    let inc: f64 = form
        .get("increment")
        .and_then(|t| t.parse().ok())
        .unwrap_or(-1.0);
    if time < 0.0 || inc < 0.0 {
        return Reply::Json(400, json!({"error": {"time": ["Invalid value"]}}));
    }
    if time * 60.0 + 40.0 * inc < 480.0 {
        return bad(
            "Invalid time control: only rapid and classical are allowed for Board API seeks",
        );
    }
    st.seek_generation += 1;
    st.seek_open = Some((st.seek_generation, as_json));
    Reply::Seek(st.seek_generation)
}

fn challenge(st: &mut State, user: &str, form: &HashMap<String, String>) -> Reply {
    st.counter += 1;
    let id = format!("chal{:04}", st.counter);
    let tc = match (
        form.get("clock.limit"),
        form.get("clock.increment"),
        form.get("days"),
    ) {
        (Some(l), Some(i), _) => {
            let (l, i): (u32, u32) = (l.parse().unwrap_or(0), i.parse().unwrap_or(0));
            json!({"type": "clock", "limit": l, "increment": i, "show": format!("{}+{}", l / 60, i)})
        }
        (_, _, Some(d)) => {
            json!({"type": "correspondence", "daysPerTurn": d.parse::<u32>().unwrap_or(0)})
        }
        _ => json!({"type": "unlimited"}),
    };
    let rated = form.get("rated").map(String::as_str) == Some("true");
    let me = st.username.clone();
    let c = challenge_json(&id, &me, user, "out", tc.clone(), rated);
    match st.challenge_answers.get(&user.to_lowercase()).cloned() {
        Some(Some(reason)) => {
            let mut d = c.clone();
            d["status"] = json!("declined");
            d["declineReason"] = json!("I'm not accepting challenges at the moment.");
            d["declineReasonKey"] = json!(reason);
            push(
                st,
                "/api/stream/event",
                json!({"type": "challengeDeclined", "challenge": d}).to_string(),
            );
        }
        _ => {
            let color = if form.get("color").map(String::as_str) == Some("black") {
                "black"
            } else {
                "white"
            };
            let mut spec = GameSpec::rapid(user, color, &[]);
            if let Some(d) = tc.get("daysPerTurn").and_then(Value::as_u64) {
                spec = GameSpec::correspondence(user, color, d as u32, &[]);
            }
            spec.rated = rated;
            let gid = add_game_locked(st, spec);
            let _ = gid;
        }
    }
    Reply::Json(200, c)
}

fn challenge_action(st: &mut State, cid: &str, verb: &str) -> Reply {
    let Some(i) = st.incoming.iter().position(|c| c["id"] == json!(cid)) else {
        return Reply::Json(404, json!({"error": "Challenge not found"}));
    };
    let c = st.incoming.remove(i);
    if verb == "accept" {
        let from = c["challenger"]["name"]
            .as_str()
            .unwrap_or("someone")
            .to_string();
        let spec = GameSpec::rapid(&from, "black", &["e2e4"]);
        add_game_locked(st, spec);
    }
    ok()
}

fn answer(out: &mut TcpStream, status: u16, body: &Value) {
    let body = body.to_string();
    let reason = match status {
        200 => "OK",
        201 => "Created",
        400 => "Bad Request",
        401 => "Unauthorized",
        404 => "Not Found",
        429 => "Too Many Requests",
        _ => "Other",
    };
    let head = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = out.write_all(head.as_bytes());
    let _ = out.write_all(body.as_bytes());
}

fn chunk(out: &mut TcpStream, line: &str) -> bool {
    let data = format!("{line}\n");
    out.write_all(format!("{:x}\r\n{data}\r\n", data.len()).as_bytes())
        .and_then(|_| out.flush())
        .is_ok()
}

fn stream_head(out: &mut TcpStream) -> bool {
    out.write_all(b"HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
        .is_ok()
}

/// An NDJSON stream: the first lines, then every line pushed to `path`, a keep-alive line when idle; closed
/// cleanly when its game is over, dropped (no final chunk) when its generation changes.
fn stream(
    out: &mut TcpStream,
    shared: &Arc<(Mutex<State>, Condvar)>,
    path: &str,
    first: Vec<String>,
    mut cursor: usize,
    epoch: u64,
    keep_alive: Duration,
) {
    if !stream_head(out) {
        return;
    }
    for l in &first {
        if !chunk(out, l) {
            return;
        }
    }
    let game = path
        .strip_prefix("/api/board/game/stream/")
        .map(String::from);
    loop {
        let (new, over, dropped, stopped) = {
            let st = shared.0.lock().unwrap();
            let (st, _) = shared.1.wait_timeout(st, keep_alive).unwrap();
            let lines = st.lines.get(path).cloned().unwrap_or_default();
            let new: Vec<String> = lines
                .get(cursor..)
                .map(<[String]>::to_vec)
                .unwrap_or_default();
            cursor = lines.len();
            let over = game
                .as_ref()
                .is_some_and(|id| st.games.get(id).is_some_and(|g| g.status != "started"));
            let dropped = st.generation.get(path).copied().unwrap_or(0) != epoch;
            (new, over, dropped, st.stopped)
        };
        if dropped || stopped {
            return; // no final chunk: the client sees the connection broken
        }
        if new.is_empty() && !chunk(out, "") {
            return;
        }
        for l in &new {
            if !chunk(out, l) {
                return;
            }
        }
        if over {
            let _ = out.write_all(b"0\r\n\r\n");
            return;
        }
    }
}

/// A real-time seek: keep-alive lines until paired (the connection then closes cleanly). A closed connection
/// (the client dropped it) withdraws the seek.
fn stream_seek(
    out: &mut TcpStream,
    shared: &Arc<(Mutex<State>, Condvar)>,
    epoch: u64,
    keep_alive: Duration,
) {
    if !stream_head(out) {
        return;
    }
    loop {
        let (paired, stopped) = {
            let st = shared.0.lock().unwrap();
            let (st, _) = shared.1.wait_timeout(st, keep_alive).unwrap();
            (st.seek_generation != epoch, st.stopped)
        };
        if stopped {
            return;
        }
        if paired {
            let _ = out.write_all(b"0\r\n\r\n");
            return;
        }
        if !chunk(out, "") {
            // The client went away: the seek is withdrawn.
            let mut st = shared.0.lock().unwrap();
            if st.seek_open.as_ref().is_some_and(|(g, _)| *g == epoch) {
                st.seek_open = None;
            }
            return;
        }
    }
}

fn read_request(conn: &TcpStream) -> Option<Req> {
    let mut r = BufReader::new(conn.try_clone().ok()?);
    let mut line = String::new();
    r.read_line(&mut line).ok()?;
    let mut it = line.split_whitespace();
    let (method, path) = (it.next()?.to_string(), it.next()?.to_string());
    let (mut len, mut auth) = (0usize, None);
    for _ in 0..100 {
        let mut h = String::new();
        r.read_line(&mut h).ok()?;
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        let (k, v) = h.split_once(':')?;
        match k.trim().to_ascii_lowercase().as_str() {
            "content-length" => len = v.trim().parse().ok()?,
            "authorization" => auth = Some(v.trim().to_string()),
            _ => {}
        }
    }
    let mut body = vec![0; len.min(65536)];
    r.read_exact(&mut body).ok()?;
    let form = String::from_utf8_lossy(&body)
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect();
    Some(Req {
        method,
        path,
        form,
        auth,
    })
}

fn decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len() => {
                let h = std::str::from_utf8(&b[i + 1..i + 3])
                    .ok()
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                match h {
                    Some(v) => {
                        out.push(v);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
