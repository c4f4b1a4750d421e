//! Playing against a UCI engine as the session sees it: when to ask for a move, what to do with the answer,
//! and the player's engine commands. No process here: the edge runs the engine and reports back.

use std::time::Duration;

use shakmaty::{Color, Position};

use super::{Heard, Opponent, OtherEvent, Side, ToOther, ask_or_call_off, request};
use crate::session::match_state::Match;
use crate::session::{Config, Cue, Effect, Kind, say};
use crate::words;
use crate::words::action::{Action, Arg, EngineAsk, OpponentKind, Worded};

/// The lowest and highest engine level (1 weakest, 10 full strength).
pub const LEVELS: std::ops::RangeInclusive<u8> = crate::words::action::LEVELS;

/// The engine's rule for draw offers, as engine front-ends do it: from its evaluation and the phase of the game.
///
/// - It answers an offer at once, with its last evaluation (of the position it last moved in).
/// - It accepts when it stands clearly worse (at most -1.50 pawns for itself), or when the position is about
///   level (at most +0.30 for itself) and the game is in its late phase: from move 30 on, or once both sides
///   have at most 13 points of pieces besides pawns (a rook and two minor pieces). Else it declines.
/// - It never accepts before it has made a move and evaluated (nothing to judge by).
/// - With `engine offers on` it offers a draw itself after its move when its last 10 evaluations all lay
///   within ±0.15 pawns and the game is at move 40 or later, at most once every 10 moves.
pub mod draw_rule {
    /// Accepts when standing at least this much worse (centipawns, its own view).
    pub const ACCEPT_WHEN_WORSE: i32 = -150;
    /// Accepts a level position: at most this much better.
    pub const LEVEL: i32 = 30;
    /// The late phase by move number.
    pub const LATE_MOVE: u32 = 30;
    /// The late phase by material: pieces besides pawns and kings, per side, in points.
    pub const LATE_MATERIAL: u32 = 13;
    /// Offers itself: this many evaluations in a row ...
    pub const OFFER_STREAK: usize = 10;
    /// ... all within this many centipawns of 0 ...
    pub const OFFER_WINDOW: i32 = 15;
    /// ... from this move on.
    pub const OFFER_MOVE: u32 = 40;
}

/// Where the engine stands, as far as the session knows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) enum EngineStatus {
    /// No engine plays (both sides' moves are entered here).
    #[default]
    Off,
    /// Started, handshake not yet done (requests wait for it).
    Starting,
    Ready {
        name: String,
    },
    /// It stopped working; the game goes on when the player restarts it or plays both sides.
    Failed {
        reason: String,
    },
}

/// The session's side of the engine.
#[derive(Debug, Clone, Default)]
pub(super) struct EngineState {
    pub status: EngineStatus,
    /// The ply count of the position the engine was asked about and has not answered yet.
    pub asked_for: Option<usize>,
    /// The engine's own name, once it told it (kept when it fails).
    pub name: Option<String>,
    /// Its evaluations (centipawns, its own view), one per move it made, the last at the end.
    pub evals: Vec<i32>,
    /// The evaluation of the search under way (sent before the move).
    pub pending_eval: Option<(usize, i32)>,
    /// The ply count when it last offered a draw.
    pub offered_at: Option<usize>,
    /// A process runs as analyst only (no engine plays): evaluations are asked of it.
    pub analyst: bool,
    /// The analyst's last answer: the ply count of its position and its evaluation (side to move's view).
    pub evaluation: Option<(usize, i32)>,
}

impl EngineState {
    /// `new`, `rematch` (`swap`: the engine takes the other colour): the old game's evaluations and offer go.
    pub(super) fn new_game(&mut self, cfg: &mut Config, swap: bool) {
        self.evals.clear();
        self.offered_at = None;
        if swap {
            cfg.engine_color = cfg.engine_color.other();
        }
    }

    /// After the new game's greeting: the engine, when it plays, is introduced and asked afresh (a search for
    /// the old game is called off by the follow-up).
    pub(super) fn introduce(&mut self, cfg: &Config) -> Vec<Effect> {
        if cfg.opponent != Opponent::Engine {
            return Vec::new();
        }
        self.asked_for = None;
        vec![say(Kind::Event, intro(cfg)), Effect::Other(ToOther::Stop)]
    }

    fn set(&mut self, status: EngineStatus) {
        self.status = status;
        self.asked_for = None;
        self.analyst = false;
    }

    /// The engine as analyst: the position of `m` to evaluate. The engine that plays (or the analyst already
    /// started) answers; else one process is started for it first. Never a second process.
    pub(super) fn evaluate(&mut self, cfg: &Config, m: &Match) -> Vec<Effect> {
        let mut ask = request(cfg, m, Duration::ZERO);
        ask.clock = None;
        let ask = Effect::Other(ToOther::Evaluate(ask));
        if self.plays(cfg) || self.analyst {
            return vec![ask];
        }
        self.set(EngineStatus::Starting);
        self.analyst = true;
        vec![EngineState::start_effect(cfg, m), ask]
    }
}

/// Who plays what against the engine, at which level.
fn intro(cfg: &Config) -> String {
    cfg.p(
        "engine.intro",
        &[
            ("player", &cfg.side(cfg.engine_color.other())),
            ("side", &cfg.side(cfg.engine_color)),
            ("level", &cfg.level.to_string()),
        ],
    )
}

impl Side for EngineState {
    fn refuses_move(&self, cfg: &Config, m: &Match) -> Option<Vec<Effect>> {
        self.refuses(cfg, m)
    }

    fn answers_offers(&self) -> bool {
        true
    }

    /// It answers at once, by its rule (see [`draw_rule`]).
    fn offered(&mut self, _: &Config, m: &Match) -> Result<OtherEvent, Vec<Effect>> {
        Ok(OtherEvent::DrawAnswer {
            accepts: self.accepts_draw(m),
        })
    }

    /// The engine always lets the player take back (to the player's turn).
    fn asks_takeback(&mut self, _: &Config, _: &Match, _: &Arg<usize>) -> Option<Vec<Effect>> {
        None
    }

    fn follow_up(&mut self, cfg: &Config, m: &Match, waiting: bool, now: Duration) -> Vec<Effect> {
        EngineState::follow_up(self, cfg, m, waiting, now)
    }

    fn event(&mut self, cfg: &Config, m: &mut Match, event: OtherEvent) -> Heard {
        match event {
            OtherEvent::DrawAnswer { accepts } => {
                Heard::Said(m.other_answers_offer(cfg, accepts, "engine"))
            }
            event => EngineState::event(self, cfg, m, event),
        }
    }

    fn after_move(&mut self, cfg: &Config, m: &mut Match, for_ply: usize) -> Vec<Effect> {
        EngineState::after_move(self, cfg, m, for_ply)
    }
}

impl EngineState {
    fn plays(&self, cfg: &Config) -> bool {
        cfg.opponent == Opponent::Engine
            && matches!(
                self.status,
                EngineStatus::Starting | EngineStatus::Ready { .. }
            )
    }

    fn name(&self, cfg: &Config) -> String {
        match &self.name {
            Some(name) => name.clone(),
            None => {
                // The program's file name ("stockfish"), until the engine tells its own.
                let first = cfg
                    .engine_command
                    .split_whitespace()
                    .next()
                    .unwrap_or_default();
                let first = first.trim_matches(['\'', '"']);
                std::path::Path::new(first)
                    .file_name()
                    .map_or(first.to_string(), |f| f.to_string_lossy().into_owned())
            }
        }
    }

    fn start_effect(cfg: &Config, m: &Match) -> Effect {
        Effect::Other(ToOther::Start {
            command: cfg.engine_command.clone(),
            level: cfg.level,
            chess960: m.game().is_chess960(),
        })
    }

    /// At the start of a game against the engine: who plays what, and the engine starts in the background.
    pub(super) fn at_start(&mut self, cfg: &Config, m: &Match) -> Vec<Effect> {
        if cfg.opponent != Opponent::Engine {
            return Vec::new();
        }
        self.set(EngineStatus::Starting);
        vec![
            say(Kind::Event, intro(cfg)),
            EngineState::start_effect(cfg, m),
        ]
    }

    /// `takeback`: the engine's evaluations of the moves taken back (`plies` of them) go too.
    pub(super) fn taken_back(&mut self, plies: usize) {
        let evals = self.evals.len();
        self.evals.truncate(evals.saturating_sub(plies.div_ceil(2)));
    }

    /// After every command: ask the engine for a move when it is its turn, or call off a search nobody
    /// wants any more (the game ended, the position changed). `waiting`: a question at the start (resume,
    /// which game) keeps the game from going on.
    fn follow_up(&mut self, cfg: &Config, m: &Match, waiting: bool, now: Duration) -> Vec<Effect> {
        if !self.plays(cfg) {
            return Vec::new();
        }
        ask_or_call_off(&mut self.asked_for, cfg, m, waiting, now)
    }

    /// What the engine reported: said at once, or its move for the coordinator to play.
    fn event(&mut self, cfg: &Config, m: &Match, event: OtherEvent) -> Heard {
        match event {
            OtherEvent::Ready { name } => {
                if self.status == EngineStatus::Starting {
                    self.name = Some(name.clone());
                    self.status = EngineStatus::Ready { name };
                }
                Heard::Effects(Vec::new())
            }
            OtherEvent::Move { uci, for_ply } => {
                // A stale answer (the game moved on, the player took over) is dropped without a word.
                if !self.plays(cfg)
                    || m.game().is_over()
                    || m.game().turn() != cfg.engine_color
                    || for_ply != m.game().plies().len()
                    || self.asked_for != Some(for_ply)
                {
                    return Heard::Effects(Vec::new());
                }
                self.asked_for = None;
                if self.status == EngineStatus::Starting {
                    // An answer means the handshake was done.
                    self.status = EngineStatus::Ready {
                        name: self.name(cfg),
                    };
                }
                match m.game().parse_uci(&uci) {
                    Some(mv) => Heard::Play { mv, for_ply },
                    None => {
                        let reason = cfg.p("engine.illegal_move", &[("move", &uci)]);
                        let mut out = self.failed(cfg, reason);
                        out.insert(0, Effect::Cue(Cue::Illegal));
                        Heard::Effects(out)
                    }
                }
            }
            OtherEvent::Failed { reason } => {
                if !self.plays(cfg) {
                    // The analyst is gone: the next evaluation starts one again.
                    self.analyst = false;
                    return Heard::Effects(Vec::new());
                }
                Heard::Effects(self.failed(cfg, reason))
            }
            OtherEvent::Eval { cp, for_ply } => {
                self.pending_eval = Some((for_ply, cp));
                Heard::Effects(Vec::new())
            }
            OtherEvent::Evaluated { for_ply, cp, .. } => {
                self.evaluation = Some((for_ply, cp));
                Heard::Effects(Vec::new())
            }
            // A remote player's answers; the engine's own answer to an offer is taken in `Side::event`.
            OtherEvent::DrawAnswer { .. }
            | OtherEvent::TakebackAnswer { .. }
            | OtherEvent::Lichess(_) => Heard::Effects(Vec::new()),
        }
    }

    /// Points of pieces besides pawns and the king, of one side.
    fn piece_points(m: &Match, color: Color) -> u32 {
        use shakmaty::Role;
        let board = m.game().position().board();
        [
            (Role::Queen, 9),
            (Role::Rook, 5),
            (Role::Bishop, 3),
            (Role::Knight, 3),
        ]
        .iter()
        .map(|(r, v)| (board.by_color(color) & board.by_role(*r)).count() as u32 * v)
        .sum()
    }

    /// The engine's answer to the player's draw offer (see [`draw_rule`]).
    fn accepts_draw(&self, m: &Match) -> bool {
        use draw_rule::*;
        let Some(&eval) = self.evals.last() else {
            return false;
        };
        let late = m.game().position().fullmoves().get() >= LATE_MOVE
            || (EngineState::piece_points(m, Color::White) <= LATE_MATERIAL
                && EngineState::piece_points(m, Color::Black) <= LATE_MATERIAL);
        eval <= ACCEPT_WHEN_WORSE || (eval <= LEVEL && late)
    }

    /// After the engine's move, with `engine offers on`: whether it offers a draw now (see [`draw_rule`]).
    fn wants_draw(&self, cfg: &Config, m: &Match) -> bool {
        use draw_rule::*;
        let evals = &self.evals;
        let plies = m.game().plies().len();
        cfg.engine_offers
            && m.game().position().fullmoves().get() >= OFFER_MOVE
            && evals.len() >= OFFER_STREAK
            && evals[evals.len() - OFFER_STREAK..]
                .iter()
                .all(|e| e.abs() <= OFFER_WINDOW)
            && self
                .offered_at
                .is_none_or(|at| plies >= at + 2 * OFFER_STREAK)
    }

    /// The engine's move was played: keep its evaluation, and offer a draw when its rule says so.
    fn after_move(&mut self, cfg: &Config, m: &mut Match, for_ply: usize) -> Vec<Effect> {
        if let Some((ply, cp)) = self.pending_eval.take()
            && ply == for_ply
        {
            self.evals.push(cp);
        }
        if m.game().is_over() || m.game().draw_offer().is_some() || !self.wants_draw(cfg, m) {
            return Vec::new();
        }
        let by = cfg.engine_color;
        if m.offer_draw(by).is_err() {
            return Vec::new();
        }
        self.offered_at = Some(m.game().plies().len());
        vec![
            say(
                Kind::Event,
                cfg.p("engine.offers_draw", &[("side", &cfg.side(by))]),
            ),
            Effect::Cue(Cue::DrawOffer),
        ]
    }

    /// The engine is not usable any more: said once, the game is kept.
    fn failed(&mut self, cfg: &Config, reason: String) -> Vec<Effect> {
        let key = if self.status == EngineStatus::Starting {
            "engine.cannot_start"
        } else {
            "engine.failed"
        };
        self.set(EngineStatus::Failed {
            reason: reason.clone(),
        });
        vec![
            say(Kind::Event, cfg.p(key, &[("reason", &reason)])),
            Effect::Other(ToOther::Quit),
        ]
    }

    /// A move typed for the engine's side is refused while the engine plays it (or should, and failed).
    fn refuses(&self, cfg: &Config, m: &Match) -> Option<Vec<Effect>> {
        if cfg.opponent != Opponent::Engine || m.game().turn() != cfg.engine_color {
            return None;
        }
        let key = match self.status {
            EngineStatus::Failed { .. } | EngineStatus::Off => "engine.not_working",
            _ => "engine.its_turn",
        };
        Some(vec![
            say(Kind::Refusal, cfg.p(key, &[])),
            Effect::Cue(Cue::Illegal),
        ])
    }

    /// The opponent's commands: `engine`, `opponent`, `level`. None: the action is not the opponent's.
    pub(super) fn answer(
        &mut self,
        cfg: &mut Config,
        m: &Match,
        action: &Action,
    ) -> Option<Vec<Effect>> {
        match action {
            Action::Engine(rest) => Some(self.command(cfg, m, rest)),
            Action::Opponent(rest) => Some(self.opponent_command(cfg, m, rest)),
            Action::Level(rest) => Some(self.level_command(cfg, rest)),
            _ => None,
        }
    }

    /// `engine`: its name, level and state; `engine restart`: start it again; `engine offers on|off`.
    pub(super) fn command(
        &mut self,
        cfg: &mut Config,
        m: &Match,
        ask: &Arg<EngineAsk>,
    ) -> Vec<Effect> {
        match ask {
            Arg::None => vec![say(Kind::Answer, self.state_text(cfg))],
            Arg::Given(EngineAsk::Restart) => {
                cfg.opponent = Opponent::Engine;
                self.set(EngineStatus::Starting);
                let text = cfg.p(
                    "engine.restarting",
                    &[
                        ("side", &cfg.side(cfg.engine_color)),
                        ("level", &cfg.level.to_string()),
                    ],
                );
                vec![say(Kind::Event, text), EngineState::start_effect(cfg, m)]
            }
            Arg::Given(EngineAsk::Offers(on)) => {
                cfg.engine_offers = *on;
                let key = if cfg.engine_offers {
                    "engine.offers_on"
                } else {
                    "engine.offers_off"
                };
                vec![say(Kind::Event, cfg.p(key, &[]))]
            }
            Arg::Bad(rest) => vec![say(
                Kind::Refusal,
                cfg.p("engine.usage", &[("text", &words::quote(rest))]),
            )],
        }
    }

    fn state_text(&self, cfg: &Config) -> String {
        let level = cfg.level.to_string();
        let state = match &self.status {
            _ if cfg.opponent == Opponent::Human => {
                return cfg.p(
                    "engine.off",
                    &[("name", &self.name(cfg)), ("level", &level)],
                );
            }
            EngineStatus::Off => cfg.p("engine.state.off", &[]),
            EngineStatus::Starting => cfg.p("engine.state.starting", &[]),
            EngineStatus::Ready { .. } if self.asked_for.is_some() => {
                cfg.p("engine.state.thinking", &[])
            }
            EngineStatus::Ready { .. } => cfg.p("engine.state.ready", &[]),
            EngineStatus::Failed { reason } => cfg.p("engine.state.failed", &[("reason", reason)]),
        };
        cfg.p(
            "engine.state",
            &[
                ("name", &self.name(cfg)),
                ("side", &cfg.side(cfg.engine_color)),
                ("level", &level),
                ("state", &state),
            ],
        )
    }

    /// `opponent human` / `opponent engine`.
    pub(super) fn opponent_command(
        &mut self,
        cfg: &mut Config,
        m: &Match,
        asked: &Arg<Worded<OpponentKind>>,
    ) -> Vec<Effect> {
        let kind = match asked {
            Arg::Given(w) if w.value != OpponentKind::HearingImpaired => w.value,
            // `hearing-impaired` comes here only outside the tournament profile: no opponent of play mode.
            _ => {
                let text = cfg.p("opponent.usage", &[("text", &words::quote(&asked.text()))]);
                return vec![say(Kind::Refusal, text)];
            }
        };
        match kind {
            OpponentKind::Human => {
                if cfg.opponent == Opponent::Human {
                    return vec![say(Kind::Answer, cfg.p("opponent.already_human", &[]))];
                }
                cfg.opponent = Opponent::Human;
                self.set(EngineStatus::Off);
                vec![
                    say(Kind::Event, cfg.p("opponent.human", &[])),
                    Effect::Other(ToOther::Quit),
                ]
            }
            // The engine.
            _ => {
                if self.plays(cfg) {
                    let text = cfg.p(
                        "opponent.already_engine",
                        &[("side", &cfg.side(cfg.engine_color))],
                    );
                    return vec![say(Kind::Answer, text)];
                }
                cfg.opponent = Opponent::Engine;
                self.set(EngineStatus::Starting);
                let text = cfg.p(
                    "opponent.engine",
                    &[
                        ("side", &cfg.side(cfg.engine_color)),
                        ("level", &cfg.level.to_string()),
                    ],
                );
                vec![say(Kind::Event, text), EngineState::start_effect(cfg, m)]
            }
        }
    }

    /// `level N`: the engine's strength from 1 to 10, from its next move on.
    pub(super) fn level_command(&self, cfg: &mut Config, level: &Arg<u8>) -> Vec<Effect> {
        match level {
            Arg::None => vec![say(
                Kind::Answer,
                cfg.p("engine.level", &[("level", &cfg.level.to_string())]),
            )],
            Arg::Given(n) => {
                let n = *n;
                cfg.level = n;
                let mut out = vec![say(
                    Kind::Event,
                    cfg.p("engine.level", &[("level", &n.to_string())]),
                )];
                if self.plays(cfg) {
                    out.push(Effect::Other(ToOther::Level(n)));
                }
                out
            }
            Arg::Bad(text) => vec![say(
                Kind::Refusal,
                cfg.p("engine.level_bad", &[("text", &words::quote(text))]),
            )],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::session::engine_io::EngineRequest;
    use crate::session::{Command, Session};

    fn engine_game(game: Game, engine_color: Color) -> (Session, Vec<Effect>) {
        let config = Config {
            opponent: Opponent::Engine,
            engine_command: "stockfish".into(),
            engine_color,
            ..Config::default()
        };
        let mut s = Session::new(game, config);
        let out = s.start(Duration::ZERO);
        (s, out)
    }

    fn text(s: &mut Session, line: &str) -> Vec<Effect> {
        s.update(Command::Act(s.read(line)), Duration::ZERO)
    }

    fn engine(s: &mut Session, e: OtherEvent) -> Vec<Effect> {
        s.update(Command::Other(e), Duration::ZERO)
    }

    fn said(out: &[Effect]) -> Vec<String> {
        out.iter()
            .filter_map(|e| match e {
                Effect::Say(a) => Some(a.text.clone()),
                _ => None,
            })
            .collect()
    }

    fn go(out: &[Effect]) -> Option<EngineRequest> {
        out.iter().find_map(|e| match e {
            Effect::Other(ToOther::Go(r)) => Some(r.clone()),
            _ => None,
        })
    }

    #[test]
    fn the_engine_starts_in_the_background_and_opens_as_white() {
        let (_, out) = engine_game(Game::new(), Color::White);
        assert!(out.iter().any(|e| matches!(
            e,
            Effect::Other(ToOther::Start {
                level: 2,
                chess960: false,
                ..
            })
        )));
        let r =
            go(&out).expect("asked for the first move at once; the handle waits for the handshake");
        assert_eq!(
            (r.start_fen.as_str(), r.moves_uci.len(), r.for_ply, r.clock),
            ("startpos", 0, 0, None)
        );
        assert_eq!(
            said(&out)[1],
            "You play Black, the engine plays White at level 2"
        );
    }

    #[test]
    fn the_engine_move_is_played_and_announced_like_any_move() {
        let (mut s, out) = engine_game(Game::new(), Color::Black);
        assert!(go(&out).is_none(), "the player opens");
        engine(
            &mut s,
            OtherEvent::Ready {
                name: "Stockfish 15.1".into(),
            },
        );
        let out = text(&mut s, "e4");
        let r = go(&out).expect("engine asked after the player's move");
        assert_eq!((r.moves_uci, r.for_ply), (vec!["e2e4".to_string()], 1));
        // While it thinks, questions are answered and moves for its side are refused.
        assert_eq!(
            said(&text(&mut s, "e5")),
            ["It is the engine's turn; wait for its move, or type opponent human"]
        );
        assert!(said(&text(&mut s, "engine"))[0].contains("thinking"));
        assert_eq!(said(&text(&mut s, "last")).len(), 1);
        // A stale answer is dropped; the right one is played.
        assert!(
            engine(
                &mut s,
                OtherEvent::Move {
                    uci: "e7e5".into(),
                    for_ply: 0
                }
            )
            .is_empty()
        );
        let out = engine(
            &mut s,
            OtherEvent::Move {
                uci: "c7c5".into(),
                for_ply: 1,
            },
        );
        assert_eq!(
            said(&out),
            ["Black: Bauer Cesar fünf"],
            "the engine's move names its side"
        );
        assert!(go(&out).is_none());
        assert_eq!(s.view().game().plies().len(), 2);
        // The same answer again is stale.
        assert!(
            engine(
                &mut s,
                OtherEvent::Move {
                    uci: "c7c5".into(),
                    for_ply: 1
                }
            )
            .is_empty()
        );
    }

    #[test]
    fn an_illegal_engine_move_is_refused_and_the_player_can_go_on() {
        let (mut s, out) = engine_game(Game::new(), Color::White);
        assert!(go(&out).is_some());
        let out = engine(
            &mut s,
            OtherEvent::Move {
                uci: "e2e5".into(),
                for_ply: 0,
            },
        );
        assert_eq!(
            said(&out),
            [
                "The engine stopped working: it answered with an illegal move, e2e5; the game is kept. Type engine \
              restart to start it again, or opponent human to enter both sides' moves"
            ]
        );
        assert!(out.contains(&Effect::Other(ToOther::Quit)));
        assert_eq!(s.view().game().plies().len(), 0);
        assert!(said(&text(&mut s, "e4"))[0].starts_with("The engine is not working"));
        let out = text(&mut s, "opponent human");
        assert_eq!(said(&out), ["Both sides' moves are entered here now"]);
        assert_eq!(said(&text(&mut s, "e4")), ["Bauer Eva vier"]);
        assert_eq!(said(&text(&mut s, "e5")), ["Bauer Eva fünf"]);
        // Back to the engine: it starts and, being White to move, is asked at once.
        let out = text(&mut s, "opponent engine");
        assert!(
            out.iter()
                .any(|e| matches!(e, Effect::Other(ToOther::Start { .. })))
        );
        assert_eq!(go(&out).unwrap().moves_uci, ["e2e4", "e7e5"]);
    }

    #[test]
    fn a_failure_is_said_and_restart_asks_again() {
        let (mut s, _) = engine_game(Game::new(), Color::White);
        let out = engine(
            &mut s,
            OtherEvent::Failed {
                reason: "the engine command 'x' was not found".into(),
            },
        );
        assert_eq!(
            said(&out),
            [
                "The engine could not be started: the engine command 'x' was not found; the game is kept. Type engine \
              restart to try again, or opponent human to enter both sides' moves"
            ]
        );
        let out = text(&mut s, "engine restart");
        assert!(
            out.iter()
                .any(|e| matches!(e, Effect::Other(ToOther::Start { .. })))
        );
        assert_eq!(go(&out).unwrap().for_ply, 0);
    }

    #[test]
    fn a_search_is_called_off_when_the_game_ends() {
        let (mut s, out) = engine_game(Game::new(), Color::White);
        assert!(go(&out).is_some());
        text(&mut s, "resign white");
        let out = text(&mut s, "yes");
        assert!(out.contains(&Effect::Other(ToOther::Stop)), "{out:?}");
    }

    #[test]
    fn offers_and_claims_are_the_players() {
        let (mut s, _) = engine_game(Game::new(), Color::Black);
        text(&mut s, "e4");
        // Black (the engine) is to move: the player cannot claim for it; an offer is White's.
        assert!(said(&text(&mut s, "claim"))[0].starts_with("It is the engine's turn"));
        assert_eq!(
            said(&text(&mut s, "offer")),
            [
                "White offers a draw",
                "The engine declines the draw offer; the game goes on"
            ]
        );
    }

    /// Plays `moves` with the engine answering each of the player's moves with the next one, evaluating `cp`.
    fn engine_line(s: &mut Session, moves: &[&str], cp: i32) {
        for pair in moves.chunks(2) {
            text(s, pair[0]);
            if let Some(reply) = pair.get(1) {
                let for_ply = s.view().game().plies().len();
                let m = s.view().game().parse_san(reply).unwrap();
                let uci = s.view().game().uci(m).to_string();
                engine(s, OtherEvent::Eval { cp, for_ply });
                engine(s, OtherEvent::Move { uci, for_ply });
            }
        }
    }

    #[test]
    fn the_engine_answers_draw_offers_by_its_rule_and_the_player_never_answers_their_own() {
        // Level position, early: declined; the player cannot accept or decline their own offer.
        let (mut s, _) = engine_game(Game::new(), Color::Black);
        engine_line(&mut s, &["e4", "e5", "Nf3", "Nc6"], 10);
        let out = text(&mut s, "offer");
        assert_eq!(
            said(&out)[1],
            "The engine declines the draw offer; the game goes on"
        );
        assert!(!s.view().game().is_over());
        assert_eq!(
            said(&text(&mut s, "accept")),
            ["No draw offer is open"],
            "the declined offer is gone"
        );
        // The engine stands clearly worse: it accepts at once.
        let (mut s, _) = engine_game(Game::new(), Color::Black);
        engine_line(&mut s, &["e4", "e5", "Nf3", "Nc6"], -200);
        let out = text(&mut s, "offer");
        assert_eq!(
            said(&out),
            [
                "White offers a draw",
                "The engine accepts the draw offer",
                "Draw by agreement, 1/2-1/2"
            ]
        );
        // An engine that has not evaluated yet declines.
        let (mut s, _) = engine_game(Game::new(), Color::Black);
        assert_eq!(
            said(&text(&mut s, "offer"))[1],
            "The engine declines the draw offer; the game goes on"
        );
    }

    #[test]
    fn takeback_rematch_and_new_game_against_the_engine() {
        let (mut s, _) = engine_game(Game::new(), Color::Black);
        engine_line(&mut s, &["e4", "e5", "Nf3", "Nc6"], 10);
        // The player's move and the engine's answer are taken back: the player is to move again.
        let out = text(&mut s, "takeback");
        assert_eq!(
            said(&out),
            ["Taken back: Springer Felix drei, Springer Cesar sechs; White to move"]
        );
        assert_eq!(s.view().game().plies().len(), 2);
        assert!(go(&out).is_none(), "the player is to move");
        // Right after the player's move (the engine thinking), one half-move: the search is called off.
        let out = text(&mut s, "d4");
        assert!(go(&out).is_some());
        let out = text(&mut s, "takeback");
        assert_eq!(said(&out), ["Taken back: Bauer David vier; White to move"]);
        assert!(out.contains(&Effect::Other(ToOther::Stop)), "{out:?}");
        // A rematch with colours swapped, asked first: the engine now plays White and is asked at once.
        let asked = text(&mut s, "rematch");
        assert!(said(&asked)[0].starts_with("A new game with the colours swapped?"));
        let out = text(&mut s, "yes");
        assert_eq!(
            said(&out),
            [
                "New game, White to move",
                "You play Black, the engine plays White at level 2"
            ]
        );
        assert_eq!(s.view().game().plies().len(), 0);
        assert_eq!(go(&out).map(|r| r.for_ply), Some(0));
        text(&mut s, "new");
        let out = text(&mut s, "yes");
        assert_eq!(
            said(&out)[1],
            "You play Black, the engine plays White at level 2"
        );
        assert!(said(&text(&mut s, "takeback"))[0].starts_with("No move has been played"));
    }

    #[test]
    fn the_engine_offers_a_draw_only_when_allowed_and_level_for_long() {
        let fen = "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 40";
        for allowed in [false, true] {
            let (mut s, _) = engine_game(Game::from_fen(fen).unwrap(), Color::Black);
            if allowed {
                assert_eq!(
                    said(&text(&mut s, "engine offers on")),
                    ["The engine may offer a draw when the position stays level for many moves"]
                );
            }
            let moves = [
                "Kd1", "Kd8", "Kc1", "Kc8", "Kd1", "Kd8", "Ke1", "Ke8", "Ke2", "Ke7", "Kf2", "Kf7",
                "Ke2", "Ke7", "Kd3", "Kd6", "Ke3", "Ke6", "Kf3", "Kf6",
            ];
            engine_line(&mut s, &moves, 0);
            assert_eq!(
                s.view().game().draw_offer(),
                allowed.then_some(Color::Black),
                "allowed {allowed}"
            );
            if allowed {
                // The engine's offer is the player's to answer.
                assert_eq!(
                    said(&text(&mut s, "accept")),
                    ["Draw by agreement, 1/2-1/2"]
                );
            }
        }
    }

    #[test]
    fn levels_are_one_to_ten() {
        let (mut s, _) = engine_game(Game::new(), Color::Black);
        let out = text(&mut s, "level 7");
        assert_eq!(said(&out), ["Engine level 7"]);
        assert!(out.contains(&Effect::Other(ToOther::Level(7))));
        assert!(said(&text(&mut s, "level 11"))[0].contains("from 1 to 10"));
        assert_eq!(s.view().config().level, 7);
    }

    #[test]
    fn chess960_requests_use_the_start_fen_and_king_takes_rook() {
        // Position 518 is the standard array; Chess960 castling is written king-takes-rook (e1h1).
        let (mut s, _) = engine_game(Game::chess960(518).unwrap(), Color::Black);
        for m in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"] {
            s.m.play_san(m).unwrap();
        }
        let r = request(&s.config, &s.m, Duration::ZERO);
        assert!(r.chess960);
        assert_eq!(
            r.start_fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(r.moves_uci.last().map(String::as_str), Some("e1h1"));
        assert_eq!(r.for_ply, 7);
    }

    #[test]
    fn clock_times_go_to_the_engine() {
        let config = Config {
            opponent: Opponent::Engine,
            engine_color: Color::White,
            time_control: Some("5m+3s".parse().unwrap()),
            ..Config::default()
        };
        let mut s = Session::new(Game::new(), config);
        let out = s.start(Duration::ZERO);
        let c = go(&out).unwrap().clock.unwrap();
        assert_eq!(
            (c.wtime, c.btime, c.winc, c.binc, c.movestogo),
            (300_000, 300_000, 3000, 3000, None)
        );
    }
}
