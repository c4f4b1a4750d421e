//! Takeback, a new game and a rematch, from inside the program (not in a tournament game: `takeback_allowed`).

use std::path::PathBuf;
use std::time::Duration;

use super::Match;
use super::{Config, Cue, Effect, Kind, quote, say};
use crate::rules::Ply;
use crate::words::action::Arg;

impl Match {
    /// `takeback [N]`: against the engine, by default the player's last move and the engine's answer (the
    /// player is to move again); at one keyboard, by default the last move. `N` half-moves when given. `Ok`: the
    /// half-moves taken back, oldest first (the clock follows, see `clock_after_takeback`); `Err`: refused.
    pub(in crate::session) fn take_back(
        &mut self,
        cfg: &Config,
        count: &Arg<usize>,
        now: Duration,
    ) -> Result<Vec<Ply>, Vec<Effect>> {
        let plies = self.game.plies().len();
        let n = if *count == Arg::None {
            let player = cfg.engine_color.other();
            if cfg.opponent.plays_one_side() {
                // Back to the player's turn: one half-move if the engine has not answered yet, else two.
                match self.game.last_ply() {
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
                    return Err(vec![say(
                        Kind::Refusal,
                        cfg.p("takeback.bad", &[("text", &quote(&count.text()))]),
                    )]);
                }
            }
        };
        if n == 0 || plies == 0 {
            return Err(vec![say(Kind::Refusal, cfg.p("last.none", &[]))]);
        }
        let n = n.min(plies);
        let removed = self.game.truncate(plies - n);
        self.clock_after_takeback(cfg, now);
        self.adjourned = None;
        self.qpf_request = None;
        Ok(removed)
    }

    /// What a takeback says: the half-moves taken back (`said`, in words), who is to move, the clocks.
    pub(in crate::session) fn taken_back(
        &self,
        cfg: &Config,
        said: &[String],
        now: Duration,
    ) -> Vec<Effect> {
        let clocks = self.timing.as_ref().map(|t| {
            cfg.p(
                "takeback.clocks",
                &[
                    (
                        "white",
                        &cfg.t(t.clock.remaining(shakmaty::Color::White, now)),
                    ),
                    (
                        "black",
                        &cfg.t(t.clock.remaining(shakmaty::Color::Black, now)),
                    ),
                ],
            )
        });
        let mut out = vec![
            say(
                Kind::Event,
                cfg.p(
                    "takeback.done",
                    &[
                        ("moves", &said.join(", ")),
                        ("side", &cfg.side(self.game.turn())),
                    ],
                ),
            ),
            Effect::Cue(Cue::Move),
        ];
        if let Some(c) = clocks {
            out.push(say(Kind::Event, c));
        }
        out
    }

    /// A takeback in a game with a clock (casual play only: `takeback_allowed`): each side's time goes back to
    /// what it had after its last move that stands (the record's clock comments, or the control's starting
    /// time), the move counters follow the moves that stand, the time used stays what was really used, and the
    /// clock of the side to move runs. A game that had ended (a mate, a flag) is open again.
    fn clock_after_takeback(&mut self, cfg: &Config, now: Duration) {
        let Some(old) = self.timing.take() else {
            return;
        };
        let Some(mut fresh) = super::Timing::new(&old.control, &self.game, &cfg.clock) else {
            self.timing = Some(old);
            return;
        };
        for side in [shakmaty::Color::White, shakmaty::Color::Black] {
            fresh
                .clock
                .set_used(side, old.clock.used(side, now), Duration::ZERO);
        }
        fresh.class = old.class;
        fresh.start(self.game.turn(), now, &cfg.clock);
        self.timing = Some(fresh);
    }

    /// Before a new game: the game played, finished or not, is kept in the folder of kept games
    /// (`pgn`: the game as written), unless nothing is kept (see `Config::keeps_played`). The save (it says
    /// "kept" only once the file is safely written, a failure says why) and the path, which the caller adds to
    /// the kept games.
    pub(in crate::session) fn keep_unfinished(
        &self,
        cfg: &Config,
        pgn: impl FnOnce() -> String,
    ) -> Option<(Effect, PathBuf)> {
        if !cfg.keeps_played(&self.game) {
            return None;
        }
        let dir = cfg.kept_dir.as_ref()?;
        let n = cfg.kept_games.len() + 1;
        let path = dir.join(format!("{}-{n}.pgn", cfg.session_stamp));
        let failed = cfg.p(
            "resume.keep_failed",
            &[("path", &path.display().to_string())],
        );
        let done_key = if self.game.is_over() {
            "new.kept_finished"
        } else {
            "resume.kept_game"
        };
        let done = cfg.p(done_key, &[("path", &path.display().to_string())]);
        let save = Effect::Save {
            path: path.clone(),
            pgn: pgn(),
            done: Some(done),
            failed,
        };
        Some((save, path))
    }

    /// `new`, `rematch`: the match starts afresh from the same start, its clock running for the side to move.
    pub(in crate::session) fn restart(&mut self, cfg: &Config, now: Duration) {
        self.game.truncate(0);
        self.counter_corrected = false;
        self.adjourned = None;
        self.qpf_request = None;
        self.illegal = [0; 2];
        self.timing = cfg
            .time_control
            .as_ref()
            .and_then(|tc| super::Timing::new(tc, &self.game, &cfg.clock));
        let turn = self.game.turn();
        if let Some(t) = &mut self.timing {
            t.start(turn, now, &cfg.clock);
        }
    }
}
