//! Takeback, a new game and a rematch, from inside the program (not in a tournament game: `takeback_allowed`).

use std::time::Duration;

use super::{Cue, Effect, Kind, Opponent, Session, quote, say};
use crate::words::action::Arg;

impl Session {
    /// `takeback [N]`: against the engine, by default the player's last move and the engine's answer (the
    /// player is to move again); at one keyboard, by default the last move. `N` half-moves when given.
    pub(super) fn takeback(&mut self, count: &Arg<usize>, now: Duration) -> Vec<Effect> {
        if !self.takeback_allowed() {
            return vec![say(Kind::Refusal, self.p("tournament.not_allowed", &[]))];
        }
        let plies = self.m.game.plies().len();
        let n = if *count == Arg::None {
            let player = self.config.engine_color.other();
            if self.config.opponent == Opponent::Engine {
                // Back to the player's turn: one half-move if the engine has not answered yet, else two.
                match self.m.game.last_ply() {
                    Some(p) if p.color() == player => 1,
                    Some(_) => 2,
                    None => 0,
                }
            } else {
                1
            }
        } else {
            match count {
                Arg::Given(n) => *n,
                Arg::None | Arg::Bad(_) => {
                    return vec![say(
                        Kind::Refusal,
                        self.p("takeback.bad", &[("text", &quote(&count.text()))]),
                    )];
                }
            }
        };
        if n == 0 || plies == 0 {
            return vec![say(Kind::Refusal, self.p("last.none", &[]))];
        }
        let n = n.min(plies);
        let removed = self.m.game.truncate(plies - n);
        self.clock_after_takeback(now);
        self.m.adjourned = None;
        self.m.qpf_request = None;
        self.engine
            .evals
            .truncate(self.engine.evals.len().saturating_sub(n.div_ceil(2)));
        let said: Vec<String> = removed.iter().map(|p| self.announce(p, false)).collect();
        let clocks = self.m.timing.as_ref().map(|t| {
            self.p(
                "takeback.clocks",
                &[
                    (
                        "white",
                        &self.t(t.clock.remaining(shakmaty::Color::White, now)),
                    ),
                    (
                        "black",
                        &self.t(t.clock.remaining(shakmaty::Color::Black, now)),
                    ),
                ],
            )
        });
        let mut out = vec![
            say(
                Kind::Event,
                self.p(
                    "takeback.done",
                    &[
                        ("moves", &said.join(", ")),
                        ("side", &self.side(self.m.game.turn())),
                    ],
                ),
            ),
            Effect::Cue(Cue::Move),
        ];
        if let Some(c) = clocks {
            out.push(say(Kind::Event, c));
        }
        out.extend(self.autosave());
        out
    }

    /// A takeback in a game with a clock (casual play only: `takeback_allowed`): each side's time goes back to
    /// what it had after its last move that stands (the record's clock comments, or the control's starting
    /// time), the move counters follow the moves that stand, the time used stays what was really used, and the
    /// clock of the side to move runs. A game that had ended (a mate, a flag) is open again.
    fn clock_after_takeback(&mut self, now: Duration) {
        let Some(old) = self.m.timing.take() else {
            return;
        };
        let Some(mut fresh) = super::Timing::new(&old.control, &self.m.game, &self.config.clock)
        else {
            self.m.timing = Some(old);
            return;
        };
        for side in [shakmaty::Color::White, shakmaty::Color::Black] {
            fresh
                .clock
                .set_used(side, old.clock.used(side, now), Duration::ZERO);
        }
        fresh.class = old.class;
        fresh.start(self.m.game.turn(), now, &self.config.clock);
        self.m.timing = Some(fresh);
    }

    /// `new`: a new game from the same start, the same sides; the unfinished game is kept first.
    pub(super) fn new_game(&mut self, now: Duration) -> Vec<Effect> {
        if !self.takeback_allowed() {
            return vec![say(Kind::Refusal, self.p("tournament.not_allowed", &[]))];
        }
        self.restart(now, false)
    }

    /// `rematch`: a new game with the colours swapped.
    pub(super) fn rematch(&mut self, now: Duration) -> Vec<Effect> {
        if !self.takeback_allowed() {
            return vec![say(Kind::Refusal, self.p("tournament.not_allowed", &[]))];
        }
        self.restart(now, true)
    }

    fn restart(&mut self, now: Duration, swap: bool) -> Vec<Effect> {
        let mut out = Vec::new();
        // An unfinished game with moves is kept in the folder of kept games before it is replaced.
        if !self.m.game.is_over()
            && !self.m.game.plies().is_empty()
            && let Some(dir) = &self.config.kept_dir
        {
            let n = self.config.kept_games.len() + 1;
            let path = dir.join(format!("{}-{n}.pgn", self.config.session_stamp));
            let failed = self.p(
                "resume.keep_failed",
                &[("path", &path.display().to_string())],
            );
            // "kept" is said only once the file is safely written; a failure says why.
            let done = self.p("resume.kept_game", &[("path", &path.display().to_string())]);
            out.push(Effect::Save {
                path: path.clone(),
                pgn: self.pgn_kept(),
                done: Some(done),
                failed,
            });
            self.config.kept_games.push(path);
        }
        self.m.game.truncate(0);
        // Another game: its exported files are another game's (issue 18.22).
        self.files.game_id = self.next_game_id();
        self.m.counter_corrected = false;
        self.m.adjourned = None;
        self.m.qpf_request = None;
        self.m.illegal = [0; 2];
        self.pending = None;
        self.engine.evals.clear();
        self.engine.offered_at = None;
        if swap {
            self.config.engine_color = self.config.engine_color.other();
        }
        self.m.timing = self
            .config
            .time_control
            .as_ref()
            .and_then(|tc| super::Timing::new(tc, &self.m.game, &self.config.clock));
        let turn = self.m.game.turn();
        if let Some(t) = &mut self.m.timing {
            t.start(turn, now, &self.config.clock);
        }
        out.extend(self.greeting());
        if self.config.opponent == Opponent::Engine {
            let player = self.config.engine_color.other();
            out.push(say(
                Kind::Event,
                self.p(
                    "engine.intro",
                    &[
                        ("player", &self.side(player)),
                        ("side", &self.side(self.config.engine_color)),
                        ("level", &self.config.level.to_string()),
                    ],
                ),
            ));
            // The engine is asked afresh (a search for the old game is called off by the follow-up).
            self.engine.asked_for = None;
            out.push(Effect::EngineStop);
        }
        out.extend(self.autosave());
        out
    }
}
