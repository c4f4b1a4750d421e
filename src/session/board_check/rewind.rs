//! The rewind of R-D.2.9b-c: the moves retraced to where the scoresheets agree, the moves taken back kept, and
//! the arbiter's clock setting after it (`keep`, `set SIDE TIME`; ).

use std::time::Duration;

use shakmaty::{Color, Position};

use super::{BoardCheck, taken_back_in};
use crate::rules::Game;
use crate::session::log::{Actor, Entry};
use crate::session::match_state::Match;
use crate::session::{Config, Effect, Kind, say, timing};
use crate::words::announce;

/// What a confirmed rewind leaves to the coordinator: what is said, and the action log's words for it.
pub(in crate::session) struct Retraced {
    pub(in crate::session) said: Vec<Effect>,
    pub(in crate::session) logged: String,
}

impl BoardCheck {
    /// `rewind`: `Ok` asks the rewind question (the coordinator opens it), `Err` refuses (nothing found apart).
    pub(in crate::session) fn rewind_command(
        &mut self,
        cfg: &Config,
        game: &Game,
        how: &str,
    ) -> Result<Vec<Effect>, Vec<Effect>> {
        let Some(common) = self.found else {
            return Err(vec![say(Kind::Refusal, cfg.p("rewind.none", &[]))]);
        };
        if common >= game.plies().len() {
            self.found = None;
            return Err(vec![say(Kind::Refusal, cfg.p("rewind.none", &[]))]);
        }
        Ok(vec![say(Kind::Event, self.rewind_question(cfg, game, how))])
    }

    /// The rewind question (R-D.2.9b), as it is asked and asked again; `how`: how a question is answered here.
    pub(in crate::session) fn rewind_question(
        &self,
        cfg: &Config,
        game: &Game,
        how: &str,
    ) -> String {
        let Some(common) = self.found else {
            return cfg.p("rewind.none", &[]);
        };
        let side = if common == 0 {
            game.start_position().turn()
        } else {
            game.plies()[common.min(game.plies().len() - 1)].color()
        };
        // A home game has no action log (its words are a home game's).
        let key = if cfg.mode.is_tournament() {
            "rewind.confirm"
        } else {
            "rewind.confirm_home"
        };
        cfg.p(
            key,
            &[
                ("last", &Self::last_agreed(cfg, game, common)),
                ("side", &cfg.side(side)),
                (
                    "n",
                    &(game.plies().len().saturating_sub(common)).to_string(),
                ),
                ("how", how),
            ],
        )
    }

    /// R-D.2.9b-c: `yes` to the rewind: both records go back to the last agreeing move, the position with
    /// them; the moves taken back are kept (`rewound`) and noted on the record after the last agreed move; the
    /// clock is stopped for the arbiter. `Err`: nothing to retrace, refused. What the coordinator does with the
    /// rest (the tournament profile, the action log, the save) is in the `Retraced` it gets.
    pub(in crate::session) fn retrace(
        &mut self,
        cfg: &Config,
        m: &mut Match,
        now: Duration,
    ) -> Result<Retraced, Vec<Effect>> {
        let Some(common) = self.found.take() else {
            return Err(vec![say(Kind::Refusal, cfg.p("rewind.none", &[]))]);
        };
        // In a home game there is no arbiter to set the clocks: the clock goes on, for the side to move. Under
        // the tournament profile it stops for the arbiter (Article 7.1).
        let home = !cfg.mode.is_tournament();
        let (removed, clocks) = m.rewind_to(common, now, !home);
        if removed.is_empty() {
            return Err(vec![say(Kind::Refusal, cfg.p("rewind.none", &[]))]);
        }
        let written: Vec<String> = removed
            .iter()
            .enumerate()
            .map(|(i, p)| match (p.color(), i) {
                (Color::White, _) => format!("{}. {}", p.move_number(), p.san),
                (Color::Black, 0) => format!("{}... {}", p.move_number(), p.san),
                (Color::Black, _) => p.san.to_string(),
            })
            .collect();
        let written = written.join(" ");
        // R-D.2.9b: the record keeps the rewind for the arbiter, as a comment after the last agreed move.
        let note = cfg.p("pgn.rewound", &[("moves", &written)]);
        self.taken_back.push(written.clone());
        self.last_board = None;
        let game = m.game();
        let turn = game.turn();
        let timed = m.clock().is_some() && !game.is_over();
        self.clocks = clocks;
        let key = if clocks {
            "rewind.done"
        } else if home && timed {
            "rewind.done_home"
        } else {
            "rewind.done_no_clock"
        };
        // Said in board words (as every move is said); the action log keeps them written, in SAN.
        let text = cfg.p(
            key,
            &[
                ("last", &Self::last_agreed(cfg, game, common)),
                ("side", &cfg.side(turn)),
                ("moves", &announce::written_moves(&cfg.vocabulary, &written)),
            ],
        );
        m.note_on_ply(common.wrapping_sub(1), note);
        Ok(Retraced {
            said: vec![say(Kind::Event, text)],
            logged: cfg.p("rewound.list", &[("list", &written)]),
        })
    }

    /// The moves taken back by rewinds, in board words. In the tournament modes they are read back from the
    /// action log, so that those of earlier sessions of a loaded game are said too (R-D.2.9c: they stay
    /// evidence); elsewhere they are those of this session, and the answer says so.
    /// `log`: the tournament profile's action log (None outside the tournament modes).
    pub(in crate::session) fn rewound(&self, cfg: &Config, log: Option<&[Entry]>) -> Vec<Effect> {
        let from_log: Option<Vec<String>> = log.map(|entries| {
            entries
                .iter()
                .filter(|e| e.actor == Actor::Hector && e.action == "rewind")
                .filter_map(|e| e.said.first().and_then(|said| taken_back_in(said)))
                .collect()
        });
        let lists = match from_log {
            Some(found) if !found.is_empty() => found,
            _ => self.taken_back.clone(),
        };
        if lists.is_empty() {
            let log = log
                .and(cfg.save_path.as_deref())
                .map(crate::session::log::log_path);
            let text = match log {
                Some(path) => cfg.p(
                    "rewound.none_in_log",
                    &[("path", &path.display().to_string())],
                ),
                None => cfg.p("rewound.none", &[]),
            };
            return vec![say(Kind::Answer, text)];
        }
        let v = &cfg.vocabulary;
        let said: Vec<String> = lists
            .iter()
            .map(|l| announce::written_moves(v, l))
            .collect();
        vec![say(
            Kind::Answer,
            cfg.p("rewound.list", &[("list", &said.join("; "))]),
        )]
    }

    /// R-7.1 / R-D.2.9c: the arbiter keeps the clocks as they are and starts them: the clock of the side whose
    /// move is due or not yet completed (a move made while the clock stood waits for its press) runs. The
    /// coordinator says the time after it.
    pub(in crate::session) fn clocks_keep(
        &mut self,
        cfg: &Config,
        m: &mut Match,
        now: Duration,
    ) -> Vec<Effect> {
        self.clocks = false;
        let runs = m.start_clocks_kept(now);
        vec![say(
            Kind::Event,
            cfg.p("clocks.kept", &[("side", &cfg.side(runs))]),
        )]
    }

    /// `set white 1h20m`: the arbiter sets a clock; `keep` starts play.
    pub(in crate::session) fn clocks_set(
        cfg: &Config,
        m: &mut Match,
        rest: &str,
        now: Duration,
    ) -> Vec<Effect> {
        let parts: Vec<&str> = rest.split_whitespace().collect();
        let parsed = match parts.as_slice() {
            [side, amount @ ..] if !amount.is_empty() => {
                timing::parse_side(side).zip(timing::parse_duration(&amount.join("")))
            }
            _ => None,
        };
        let Some((side, d)) = parsed else {
            return vec![say(Kind::Refusal, cfg.p("clocks.usage", &[]))];
        };
        m.set_clock(side, d, now);
        vec![say(
            Kind::Event,
            cfg.p(
                "clocks.set",
                &[("side", &cfg.side(side)), ("time", &cfg.t(d))],
            ),
        )]
    }
}
