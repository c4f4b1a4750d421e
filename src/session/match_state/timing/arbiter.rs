//! The arbiter's actions on the clock and the game, with an audit trail.

use std::time::Duration;

use shakmaty::Color;

use super::super::Match;
use super::super::{Config, Cue, Effect, Kind, say};
use super::{no_clock, parse_duration, parse_side};
use crate::rules::clock::{ArbiterAction, ClockState};
use crate::rules::{EndReason, Ending, GameResult};

impl Match {
    /// The arbiter's actions on the clock and the game, with an audit trail.
    /// A game it ends is saved by the coordinator.
    pub(in crate::session) fn arbiter(
        &mut self,
        cfg: &Config,
        rest: &str,
        now: Duration,
    ) -> Vec<Effect> {
        let parts: Vec<&str> = rest.split_whitespace().collect();
        let usage = || vec![say(Kind::Refusal, cfg.p("arbiter.usage", &[]))];
        let Some(action) = parts.first().map(|s| s.to_lowercase()) else {
            return usage();
        };
        match (action.as_str(), &parts[1..]) {
            ("draw", []) | ("win", [_]) => {
                if let Some(e) = self.game.ending() {
                    return vec![say(Kind::Refusal, self.game_over(cfg, e))];
                }
                let result = match parts.get(1).map(|s| parse_side(s)) {
                    None => GameResult::Draw,
                    Some(Some(side)) => GameResult::win_for(side),
                    Some(None) => return usage(),
                };
                let ending = Ending::new(EndReason::ArbiterDecision, result);
                self.game.end(ending);
                self.adjourned = None;
                self.stop_clock(now);
                vec![
                    say(Kind::GameEnd, self.ending_text(cfg, ending)),
                    Effect::Cue(Cue::GameEnd),
                ]
            }
            ("log", []) => {
                let Some(t) = &self.timing else {
                    return no_clock(cfg);
                };
                if t.clock.audit().is_empty() {
                    return vec![say(Kind::Answer, cfg.p("arbiter.log_empty", &[]))];
                }
                let entries: Vec<String> = t
                    .clock
                    .audit()
                    .iter()
                    .map(|e| audit_words(cfg, e.at, e.action))
                    .collect();
                vec![say(
                    Kind::Answer,
                    cfg.p("arbiter.log", &[("entries", &entries.join("; "))]),
                )]
            }
            ("pause", []) | ("resume", []) => {
                let Some(t) = &mut self.timing else {
                    return no_clock(cfg);
                };
                let (result, key) = if action == "pause" {
                    (t.clock.pause(now), "clock.paused")
                } else {
                    (t.clock.resume(now), "clock.resumed")
                };
                match result {
                    Ok(()) => vec![say(Kind::Event, cfg.p(key, &[]))],
                    Err(e) => vec![say(
                        Kind::Refusal,
                        cfg.p("err.other", &[("reason", &e.to_string())]),
                    )],
                }
            }
            // Corrections within a minute (FIDE's standard for clocks; ): `time SIDE TIME` is `set`.
            ("add" | "set" | "late" | "time", [side, amount]) => {
                let (Some(side), Some(d)) = (parse_side(side), parse_duration(amount)) else {
                    return usage();
                };
                let Some(t) = &mut self.timing else {
                    return no_clock(cfg);
                };
                let key = match action.as_str() {
                    "add" => {
                        t.clock.add_time(side, d, now);
                        "arbiter.added"
                    }
                    "set" | "time" => {
                        t.clock.set_remaining(side, d, now);
                        "arbiter.set"
                    }
                    _ => {
                        t.clock.charge_late_arrival(side, d, now);
                        "arbiter.late"
                    }
                };
                vec![say(
                    Kind::Event,
                    cfg.p(key, &[("side", &cfg.side(side)), ("time", &cfg.t(d))]),
                )]
            }
            // commentary: the game's move counter, N moves completed by White; Black's follows
            // from whose clock runs (N-1 while Black's runs: Black is making move N).
            ("moves", [n]) => {
                let Ok(n) = n.parse::<u32>() else {
                    return usage();
                };
                let Some(t) = &mut self.timing else {
                    return no_clock(cfg);
                };
                let black_moving = match t.clock.state() {
                    ClockState::Running(side) | ClockState::Paused(side) => side == Color::Black,
                    _ => self.game.turn() == Color::Black,
                };
                let black = if black_moving { n.saturating_sub(1) } else { n };
                t.clock.set_moves(Color::White, n, now);
                t.clock.set_moves(Color::Black, black, now);
                self.counter_corrected = true;
                vec![say(
                    Kind::Event,
                    cfg.p(
                        "arbiter.moves_both",
                        &[
                            ("white_side", &cfg.side(Color::White)),
                            ("white", &n.to_string()),
                            ("black_side", &cfg.side(Color::Black)),
                            ("black", &black.to_string()),
                        ],
                    ),
                )]
            }
            ("moves", [side, n]) => {
                let (Some(side), Ok(n)) = (parse_side(side), n.parse::<u32>()) else {
                    return usage();
                };
                let Some(t) = &mut self.timing else {
                    return no_clock(cfg);
                };
                t.clock.set_moves(side, n, now);
                self.counter_corrected = true;
                vec![say(
                    Kind::Event,
                    cfg.p(
                        "arbiter.moves",
                        &[("side", &cfg.side(side)), ("n", &n.to_string())],
                    ),
                )]
            }
            _ => usage(),
        }
    }
}

fn audit_words(cfg: &Config, at: Duration, action: ArbiterAction) -> String {
    let what = match action {
        ArbiterAction::Pause => cfg.p("clock.paused", &[]),
        ArbiterAction::Resume => cfg.p("clock.resumed", &[]),
        ArbiterAction::SetRemaining { side, remaining } => cfg.p(
            "arbiter.set",
            &[("side", &cfg.side(side)), ("time", &cfg.t(remaining))],
        ),
        ArbiterAction::AddTime { side, amount } => cfg.p(
            "arbiter.added",
            &[("side", &cfg.side(side)), ("time", &cfg.t(amount))],
        ),
        ArbiterAction::SetMoves {
            side,
            moves_completed,
        } => cfg.p(
            "arbiter.moves",
            &[
                ("side", &cfg.side(side)),
                ("n", &moves_completed.to_string()),
            ],
        ),
        ArbiterAction::LateArrival { side, elapsed } => cfg.p(
            "arbiter.late",
            &[("side", &cfg.side(side)), ("time", &cfg.t(elapsed))],
        ),
        other => format!("{other:?}"),
    };
    format!("{}: {what}", cfg.t(at))
}
