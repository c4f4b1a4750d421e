//! The other side of the board as one part: a person at the keyboard (both sides' moves entered here), the UCI
//! engine, or a remote player. The coordinator calls only [`OtherSide`]; which kind answers is decided here and
//! nowhere else (`Opponent::` is matched in this module and in the options that choose it). Answers that a
//! remote player gives later (its move, a draw offer's answer, a takeback's) come back as events
//! (`Command::Other`), so a reply can come at once, later or never.
//!
//! A new kind of opponent is a variant of [`Opponent`], a file here implementing [`Side`], an arm in
//! [`OtherSide::side`], and the edge's link that carries [`ToOther`] to it and brings [`OtherEvent`] back.
//!
//! The engine is also the analyst: [`OtherSide::evaluate`] asks the engine that plays, or starts one process
//! to evaluate when none plays (whether analysis is allowed is the policy's answer, not this module's).

mod analysis;
mod analyst;
mod engine;
mod keyboard;
mod opponent;
mod remote;

use std::time::Duration;

use shakmaty::Color;

use super::match_state::{Match, Said};
use super::{Config, Effect, Kind, say};
use crate::rules::{Game, Start};
use crate::words::action::{Action, Arg};

pub use super::config::DEFAULT_LEVEL;
pub use super::engine_io::{EngineClock, EngineRequest, OtherEvent, ToOther};
pub use analysis::Finished as AnalysisFinished;
pub(super) use analyst::{MAX_BEST, Want};
use engine::EngineState;
pub use engine::LEVELS;
pub use opponent::Opponent;
pub(super) use opponent::chosen;

/// What a report of the other side asks of the coordinator.
pub(super) enum Heard {
    /// Only this is said or done (often nothing: a stale answer).
    Effects(Vec<Effect>),
    /// Its move, to be played like any move; then [`OtherSide::after_move`].
    Play { mv: shakmaty::Move, for_ply: usize },
    /// What its answer to the player's draw offer did (accepted: the game ended; declined: it goes on).
    Said(Said),
    /// It agreed to the player's takeback of `count`: carried out as the player's takeback is (not asked
    /// again).
    TakeBack(Arg<usize>),
}

/// One kind of other side, as the coordinator's calls reach it.
trait Side {
    /// A move (or claim) entered for the other side's turn: refused, with its words, when someone else makes
    /// that side's moves.
    fn refuses_move(&self, cfg: &Config, m: &Match) -> Option<Vec<Effect>>;
    /// Whether it answers the player's draw offer itself (then the player never answers their own); `false`
    /// at one keyboard, where the side that did not offer answers.
    fn answers_offers(&self) -> bool;
    /// The player's draw offer is open: its answer at once (`Ok`, handled as the event), or what asks it
    /// (`Err`: the answer comes later as an event, or never).
    fn offered(&mut self, cfg: &Config, m: &Match) -> Result<OtherEvent, Vec<Effect>>;
    /// The player's `takeback`: `None` when it is carried out at once, else what asks the other side first.
    fn asks_takeback(&mut self, cfg: &Config, m: &Match, count: &Arg<usize>)
    -> Option<Vec<Effect>>;
    /// After every command: what to ask it or call off. `waiting`: a question keeps the game from going on.
    fn follow_up(&mut self, cfg: &Config, m: &Match, waiting: bool, now: Duration) -> Vec<Effect>;
    /// What it reported.
    fn event(&mut self, cfg: &Config, m: &mut Match, event: OtherEvent) -> Heard;
    /// Its move was played (for the position after `for_ply` plies): what it does after it.
    fn after_move(&mut self, cfg: &Config, m: &mut Match, for_ply: usize) -> Vec<Effect>;
}

/// The session's other side: each kind's state, the one that plays chosen by `Config::opponent`.
#[derive(Debug, Default)]
pub(super) struct OtherSide {
    keyboard: keyboard::Keyboard,
    engine: EngineState,
    remote: remote::Remote,
    /// The player's question to the engine as analyst (`eval`, `best`, `hint`), until it is answered.
    analyst: analyst::Analyst,
    /// `analyse`: the whole game analysed in the background.
    analysis: analysis::Analysis,
}

impl OtherSide {
    fn side(&mut self, cfg: &Config) -> &mut dyn Side {
        match cfg.opponent {
            Opponent::Human => &mut self.keyboard,
            Opponent::Engine => &mut self.engine,
            Opponent::Remote => &mut self.remote,
        }
    }

    fn side_ref(&self, cfg: &Config) -> &dyn Side {
        match cfg.opponent {
            Opponent::Human => &self.keyboard,
            Opponent::Engine => &self.engine,
            Opponent::Remote => &self.remote,
        }
    }

    pub(super) fn refuses_move(&self, cfg: &Config, m: &Match) -> Option<Vec<Effect>> {
        self.side_ref(cfg).refuses_move(cfg, m)
    }

    pub(super) fn answers_offers(&self, cfg: &Config) -> bool {
        self.side_ref(cfg).answers_offers()
    }

    pub(super) fn offered(&mut self, cfg: &Config, m: &Match) -> Result<OtherEvent, Vec<Effect>> {
        self.side(cfg).offered(cfg, m)
    }

    pub(super) fn asks_takeback(
        &mut self,
        cfg: &Config,
        m: &Match,
        count: &Arg<usize>,
    ) -> Option<Vec<Effect>> {
        self.side(cfg).asks_takeback(cfg, m, count)
    }

    /// After every command: what to ask it or call off, added to `out` (nothing once the program quits).
    pub(super) fn follow_up(
        &mut self,
        cfg: &Config,
        m: &Match,
        waiting: bool,
        now: Duration,
        out: &mut Vec<Effect>,
    ) {
        if !out.iter().any(|e| matches!(e, Effect::Quit)) {
            out.extend(self.side(cfg).follow_up(cfg, m, waiting, now));
        }
    }

    /// A report: the remote player's to the remote side; the engine's (also as analyst, and stale ones after
    /// the player took over) to the engine.
    pub(super) fn event(&mut self, cfg: &Config, m: &mut Match, event: OtherEvent) -> Heard {
        if analysis::Analysis::owns(&event) {
            return Heard::Effects(self.analysis.event(cfg, event));
        }
        let plays = cfg.opponent == Opponent::Engine && !self.engine.analyst;
        let answer = self.analyst.heard(cfg, &event, plays);
        let heard = match cfg.opponent {
            Opponent::Remote => self.remote.event(cfg, m, event),
            _ => Side::event(&mut self.engine, cfg, m, event),
        };
        match heard {
            Heard::Effects(mut out) => {
                out.extend(answer);
                Heard::Effects(out)
            }
            other => other,
        }
    }

    pub(super) fn after_move(
        &mut self,
        cfg: &Config,
        m: &mut Match,
        for_ply: usize,
    ) -> Vec<Effect> {
        self.side(cfg).after_move(cfg, m, for_ply)
    }

    /// `analyse ...`: the game (or the reviewed line) analysed in the background; `analyse stop`.
    pub(super) fn analyse(
        &mut self,
        cfg: &Config,
        game: &crate::rules::Game,
        rest: &str,
    ) -> Vec<Effect> {
        self.analysis.answer(cfg, game, rest)
    }

    /// The game analysis under way: positions searched and to search.
    pub(in crate::session) fn analysis_progress(&self) -> Option<(usize, usize)> {
        self.analysis.progress()
    }

    /// The last game analysis finished.
    pub(in crate::session) fn last_analysis(&self) -> Option<&analysis::Finished> {
        self.analysis.last()
    }

    /// At the start of a game: who plays what, and the engine starts in the background.
    pub(super) fn at_start(&mut self, cfg: &Config, m: &Match) -> Vec<Effect> {
        match cfg.opponent {
            Opponent::Engine => self.engine.at_start(cfg, m),
            _ => Vec::new(),
        }
    }

    /// `new`, `rematch` (`swap`: the other side takes the other colour): the old game's evaluations, offer
    /// and open requests go.
    pub(super) fn new_game(&mut self, cfg: &mut Config, swap: bool) {
        self.engine.new_game(cfg, swap);
        self.remote = remote::Remote::default();
    }

    /// After the new game's greeting: the engine, when it plays, is introduced and asked afresh.
    pub(super) fn introduce(&mut self, cfg: &Config) -> Vec<Effect> {
        match cfg.opponent {
            Opponent::Engine => self.engine.introduce(cfg),
            _ => Vec::new(),
        }
    }

    /// `takeback`: `plies` moves were taken back.
    pub(super) fn taken_back(&mut self, plies: usize) {
        self.engine.taken_back(plies);
    }

    /// The other side's commands: `engine`, `opponent`, `level`. None: the action is not the other side's.
    pub(super) fn answer(
        &mut self,
        cfg: &mut Config,
        m: &Match,
        action: &Action,
    ) -> Option<Vec<Effect>> {
        self.engine.answer(cfg, m, action)
    }

    /// The engine as analyst, asked by the player (`eval`, `best`, `hint`) about `game` (the game's position or
    /// the reviewed one): the engine that plays is asked, else one analyst process is started first, once; the
    /// answer is said when it comes. Refused, with the reason, when the game is over there, when the engine that
    /// plays has failed, or while it thinks about its own move. Whether analysis is allowed at all is the
    /// policy's answer, asked by the caller.
    pub(super) fn ask_analyst(
        &mut self,
        cfg: &Config,
        m: &Match,
        game: &Game,
        want: Want,
    ) -> Vec<Effect> {
        let refuse = |key: &str| vec![say(Kind::Refusal, cfg.p(key, &[]))];
        // A game ended by resignation, time or agreement still has a position to analyse; a mate or a
        // stalemate has no move.
        if shakmaty::Position::legal_moves(game.position()).is_empty() {
            return refuse("analysis.game_over");
        }
        if self.engine.plays_but_failed(cfg) {
            return refuse("engine.not_working");
        }
        let thinking = self.engine.asked_for == Some(m.game().plies().len());
        if cfg.opponent == Opponent::Engine && thinking {
            return refuse("analysis.engine_thinking");
        }
        let lines = self.analyst.ask(want, game);
        self.engine.evaluate(cfg, game, lines)
    }

    /// The engine as analyst, asked by practice about a try (the caller sets the position in the request):
    /// the analyst says nothing of its own; the answer comes back as `OtherEvent::Evaluated`.
    pub(super) fn evaluate(&mut self, cfg: &Config, m: &Match) -> Vec<Effect> {
        self.engine.evaluate(cfg, m.game(), 1)
    }

    /// Whether the player's question waits for the analyst's answer.
    #[allow(dead_code, reason = "the tests ask it")]
    pub(super) fn analyst_waits(&self) -> bool {
        self.analyst.waits()
    }

    /// The analyst's last answer: the ply count of its position and the evaluation (side to move's view).
    #[allow(dead_code, reason = "the whole-game analysis reads it; tested here")]
    pub fn evaluation(&self) -> Option<(usize, i32)> {
        self.engine.evaluation
    }
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// The position and the clocks, as the other side is told them.
pub fn request(cfg: &Config, m: &Match, now: Duration) -> EngineRequest {
    let clock = m.clock().map(|c| EngineClock {
        wtime: ms(c.remaining(Color::White, now)),
        btime: ms(c.remaining(Color::Black, now)),
        winc: ms(c.per_move(Color::White).increment()),
        binc: ms(c.per_move(Color::Black).increment()),
        movestogo: c.moves_to_next_period(cfg.engine_color).filter(|n| *n > 0),
    });
    EngineRequest {
        clock,
        ..game_request(m.game())
    }
}

/// The position of a game (no clock), as the engine is told it.
fn game_request(game: &crate::rules::Game) -> EngineRequest {
    let start_fen = match game.start() {
        Start::Standard => "startpos".to_string(),
        _ => game.start_fen(),
    };
    let mode = game.mode();
    let moves_uci = game
        .plies()
        .iter()
        .map(|p| p.mv.to_uci(mode).to_string())
        .collect();
    EngineRequest {
        start_fen,
        chess960: game.is_chess960(),
        moves_uci,
        clock: None,
        for_ply: game.plies().len(),
        lines: 1,
    }
}

/// Whether the other side is to move and may be asked now.
fn its_turn(cfg: &Config, m: &Match, waiting: bool) -> bool {
    !m.game().is_over() && m.game().turn() == cfg.engine_color && !waiting && !m.is_adjourned()
}

/// The one rule of a side that makes its own moves: asked once for each position where it is to move (`asked_for`
/// holds the position asked about), and called off when the position it was asked about is no longer its turn.
fn ask_or_call_off(
    asked_for: &mut Option<usize>,
    cfg: &Config,
    m: &Match,
    waiting: bool,
    now: Duration,
) -> Vec<Effect> {
    let plies = m.game().plies().len();
    if its_turn(cfg, m, waiting) {
        if *asked_for != Some(plies) {
            *asked_for = Some(plies);
            return vec![Effect::Other(ToOther::Go(request(cfg, m, now)))];
        }
    } else if asked_for.take().is_some() {
        return vec![Effect::Other(ToOther::Stop)];
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::session::{Command, Session};

    fn session(opponent: Opponent) -> (Session, Vec<Effect>) {
        let config = Config {
            opponent,
            engine_command: "stockfish".into(),
            engine_color: Color::Black,
            ..Config::default()
        };
        let mut s = Session::new(Game::new(), config);
        let out = s.start(Duration::ZERO);
        (s, out)
    }

    fn starts(out: &[Effect]) -> usize {
        let start = |e: &&Effect| matches!(e, Effect::Other(ToOther::Start { .. }));
        out.iter().filter(start).count()
    }

    fn evaluates(out: &[Effect]) -> Vec<usize> {
        out.iter()
            .filter_map(|e| match e {
                Effect::Other(ToOther::Evaluate(r)) => Some(r.for_ply),
                _ => None,
            })
            .collect()
    }

    fn evaluate(s: &mut Session) -> Vec<Effect> {
        let game = s.m.game().clone();
        s.other.ask_analyst(&s.config, &s.m, &game, Want::Eval)
    }

    fn text(s: &mut Session, line: &str) -> Vec<Effect> {
        s.update(Command::Act(s.read(line)), Duration::ZERO)
    }

    #[test]
    fn an_evaluation_in_an_engine_game_asks_the_process_that_plays() {
        let (mut s, out) = session(Opponent::Engine);
        assert_eq!(starts(&out), 1, "the engine that plays");
        s.update(
            Command::Other(OtherEvent::Ready { name: "sf".into() }),
            Duration::ZERO,
        );
        text(&mut s, "e4");
        // While it thinks about its own move, the question is refused with the reason: nothing is asked.
        let out = evaluate(&mut s);
        assert_eq!(evaluates(&out), Vec::<usize>::new());
        assert!(!s.other.analyst_waits());
        let reply = OtherEvent::Move {
            uci: "e7e5".into(),
            for_ply: 1,
        };
        s.update(Command::Other(reply), Duration::ZERO);
        let out = evaluate(&mut s);
        assert_eq!(starts(&out), 0, "never a second process during play");
        assert_eq!(evaluates(&out), [2]);
        assert_eq!(analyst::lines_asked(&out), Some(1));
        // Its answer is kept and said; the game goes on untouched.
        let event = OtherEvent::Evaluated {
            for_ply: 2,
            cp: -25,
            best: Some("g1f3".into()),
            lines: vec![super::super::engine_io::AnalysisLine {
                score: super::super::engine_io::EngineScore::Cp(-25),
                wdl: None,
                pv: vec!["g1f3".into()],
            }],
        };
        let said = s.update(Command::Other(event), Duration::ZERO);
        assert_eq!(s.other.evaluation(), Some((2, -25)));
        assert!(
            said.iter()
                .any(|e| matches!(e, Effect::Say(a) if a.text == "Black is better by 0.3 pawns")),
            "{said:?}"
        );
        assert_eq!(s.view().game().plies().len(), 2);
    }

    #[test]
    fn an_evaluation_between_two_people_starts_one_analyst_process() {
        let (mut s, out) = session(Opponent::Human);
        assert_eq!(starts(&out), 0, "no engine plays");
        text(&mut s, "e4");
        let out = evaluate(&mut s);
        assert_eq!(starts(&out), 1, "the analyst starts");
        assert_eq!(evaluates(&out), [1]);
        text(&mut s, "e5");
        let out = evaluate(&mut s);
        assert_eq!(starts(&out), 0, "the analyst already runs: one process");
        assert_eq!(evaluates(&out), [2]);
        // The analyst plays no side: no move is asked of it, and its report is no move.
        let out = text(&mut s, "Nf3");
        assert!(
            !out.iter()
                .any(|e| matches!(e, Effect::Other(ToOther::Go(_))))
        );
        let event = OtherEvent::Evaluated {
            for_ply: 2,
            cp: 30,
            best: None,
            lines: Vec::new(),
        };
        let said = s.update(Command::Other(event), Duration::ZERO);
        assert_eq!(said.len(), 1, "the question is answered: {said:?}");
        assert_eq!(s.other.evaluation(), Some((2, 30)));
        assert_eq!(s.view().game().plies().len(), 3);
        // Gone (it failed): the next evaluation starts it again.
        let failed = OtherEvent::Failed {
            reason: "gone".into(),
        };
        s.update(Command::Other(failed), Duration::ZERO);
        assert_eq!(starts(&evaluate(&mut s)), 1);
    }

    #[test]
    fn the_opponent_a_game_starts_with() {
        assert_eq!(chosen(None, false, true), (Opponent::Engine, false));
        assert_eq!(chosen(None, false, false), (Opponent::Human, true));
        assert_eq!(
            chosen(Some(Opponent::Engine), true, true),
            (Opponent::Human, false)
        );
        assert_eq!(
            chosen(Some(Opponent::Human), false, false),
            (Opponent::Human, false)
        );
        assert_eq!(
            chosen(Some(Opponent::Remote), false, false),
            (Opponent::Remote, false)
        );
    }
}
