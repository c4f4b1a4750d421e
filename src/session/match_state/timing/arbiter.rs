//! The arbiter's actions on the clock and the game, with an audit trail.

use std::time::Duration;

use shakmaty::Color;

use super::super::Match;
use super::super::{Config, Cue, Effect, Kind, say};
use super::{idx, no_clock, parse_duration, parse_side};
use crate::rules::clock::{self, ArbiterAction, ClockState};
use crate::rules::{EndReason, Ending, GameResult};
use crate::words;

/// A time as the arbiter writes it: the clock's own format (`1:20:00`, `45:00`, `0:00:05.3`), units (`80m`,
/// `1h20m`, `90s`, `90`), and a sign for a change (`+2m`, `-30s`). `.0`: the sign (`None`: no sign).
fn arbiter_time(text: &str) -> Option<(Option<bool>, Duration)> {
    let t = text.trim();
    let (sign, body) = if let Some(rest) = t.strip_prefix('+') {
        (Some(true), rest)
    } else if let Some(rest) = t.strip_prefix(['-', '\u{2212}']) {
        (Some(false), rest)
    } else {
        (None, t)
    };
    if body.is_empty() || body.starts_with(['+', '-']) {
        return None;
    }
    let d = if body.contains(':') {
        clock_format(body)?
    } else {
        parse_duration(body)?
    };
    // At most 100 hours: a clock shows no more.
    (d <= Duration::from_secs(100 * 3600)).then_some((sign, d))
}

/// `H:MM:SS`, `M:SS` or `MM:SS`, with tenths after a point on the seconds (`0:00:05.3`).
fn clock_format(text: &str) -> Option<Duration> {
    let parts: Vec<&str> = text.split(':').collect();
    let digits = |p: &str| !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit());
    let (secs, tenths) = match parts.last()?.split_once('.') {
        Some((s, f)) if f.len() == 1 && digits(f) => (s, f.parse::<u64>().ok()?),
        Some(_) => return None,
        None => (*parts.last()?, 0),
    };
    if !digits(secs) || secs.len() != 2 {
        return None;
    }
    let s: u64 = secs.parse().ok()?;
    let (h, m) = match parts.as_slice() {
        [h, m, _] if digits(h) && digits(m) && m.len() == 2 => {
            (h.parse::<u64>().ok()?, m.parse::<u64>().ok()?)
        }
        [m, _] if digits(m) => (0, m.parse::<u64>().ok()?),
        _ => return None,
    };
    if s >= 60 || (parts.len() == 3 && m >= 60) {
        return None;
    }
    Some(Duration::from_millis(
        ((h * 3600 + m * 60 + s) * 10 + tenths) * 100,
    ))
}

/// A result as the arbiter writes it: `1-0`, `0-1`, `1/2-1/2` (`½-½`, `draw`), or the winner's side.
fn parse_result(text: &str) -> Option<GameResult> {
    match text.trim().to_lowercase().as_str() {
        "1-0" => Some(GameResult::WhiteWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" | "½-½" | "1/2" | "½" | "draw" | "=" => Some(GameResult::Draw),
        other => parse_side(other).map(GameResult::win_for),
    }
}

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
        let usage = cfg.p("arbiter.usage", &[]);
        let refuse = |text: String| vec![say(Kind::Refusal, text)];
        // A refused line says why, then the commands.
        let why = |key: &str, text: &str| {
            refuse(format!(
                "{}. {usage}",
                cfg.p(key, &[("text", &words::quote(text))])
            ))
        };
        let Some(action) = parts.first().map(|s| s.to_lowercase()) else {
            return refuse(usage.clone());
        };
        let form = |f: &str| {
            refuse(cfg.p(
                "arbiter.form",
                &[("command", &words::quote(&action)), ("form", f)],
            ))
        };
        let args = &parts[1..];
        match action.as_str() {
            "draw" | "win" => {
                let result = match (action.as_str(), args) {
                    ("draw", []) => GameResult::Draw,
                    ("win", [side]) => match parse_side(side) {
                        Some(side) => GameResult::win_for(side),
                        None => return why("arbiter.bad_side", side),
                    },
                    ("draw", _) => return form("arbiter draw"),
                    _ => return form(&cfg.p("arbiter.form_win", &[])),
                };
                if let Some(e) = self.game.ending() {
                    return refuse(format!(
                        "{} {}",
                        self.game_over(cfg, e),
                        cfg.p("arbiter.result_hint", &[])
                    ));
                }
                let ending = Ending::new(EndReason::ArbiterDecision, result);
                self.game.end(ending);
                self.adjourned = None;
                self.stop_clock(now);
                vec![
                    say(Kind::GameEnd, self.ending_text(cfg, ending)),
                    Effect::Cue(Cue::GameEnd),
                ]
            }
            "log" if args.is_empty() => {
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
            "pause" | "resume" if args.is_empty() => {
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
            "log" | "pause" | "resume" => form(&format!("arbiter {action}")),
            // Corrections within a minute (FIDE's standard for clocks; ): `time SIDE TIME` is `set`; a
            // signed time is a change (`add white -2m`, `time black +30s`).
            "add" | "set" | "late" | "time" => {
                let [side, amount] = args else {
                    return form(&cfg.p("arbiter.form_time", &[("command", &action)]));
                };
                let Some(side) = parse_side(side) else {
                    return why("arbiter.bad_side", side);
                };
                let Some((sign, d)) = arbiter_time(amount) else {
                    return why("arbiter.bad_time", amount);
                };
                if action == "late" && sign == Some(false) {
                    return why("arbiter.bad_time", amount);
                }
                let Some(t) = &mut self.timing else {
                    return no_clock(cfg);
                };
                let key = match (action.as_str(), sign) {
                    ("late", _) => {
                        t.clock.charge_late_arrival(side, d, now);
                        "arbiter.late"
                    }
                    (_, Some(false)) => {
                        t.clock.deduct_time(side, d, now);
                        "arbiter.deducted"
                    }
                    ("add", _) | (_, Some(true)) => {
                        t.clock.add_time(side, d, now);
                        "arbiter.added"
                    }
                    _ => {
                        t.clock.set_remaining(side, d, now);
                        "arbiter.set"
                    }
                };
                vec![say(
                    Kind::Event,
                    cfg.p(key, &[("side", &cfg.side(side)), ("time", &cfg.t(d))]),
                )]
            }
            // commentary: the game's move counter, N moves completed by White; Black's follows
            // from whose clock runs (N-1 while Black's runs: Black is making move N).
            "moves" if args.len() == 1 => {
                let Ok(n) = args[0].parse::<u32>() else {
                    return why("arbiter.bad_number", args[0]);
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
            "moves" if args.len() == 2 => {
                let Some(side) = parse_side(args[0]) else {
                    return why("arbiter.bad_side", args[0]);
                };
                let Ok(n) = args[1].parse::<u32>() else {
                    return why("arbiter.bad_number", args[1]);
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
            "moves" => form(&cfg.p("arbiter.form_moves", &[])),
            // An illegal move recorded by mistake is cancelled: its count, and the time it gave.
            "cancel" => {
                let side = match args {
                    [word, side] if cfg.phrases.is_word("cmd.illegal", word) => side,
                    [side] => side,
                    _ => return form(&cfg.p("arbiter.form_cancel", &[])),
                };
                match parse_side(side) {
                    Some(side) => self.cancel_illegal(cfg, side, now),
                    None => why("arbiter.bad_side", side),
                }
            }
            // The result of a finished game corrected.
            "result" => {
                let [text] = args else {
                    return form(&cfg.p("arbiter.form_result", &[]));
                };
                match parse_result(text) {
                    Some(result) => self.correct_result(cfg, result),
                    None => why("arbiter.bad_result", text),
                }
            }
            _ => why("arbiter.unknown", &action),
        }
    }

    /// The illegal moves recorded for White and Black, as every save keeps them.
    pub(in crate::session) fn illegal_counts(&self) -> [u32; 2] {
        self.illegal
    }

    /// `arbiter cancel illegal SIDE`: the last illegal move recorded for `side` is taken back (R-7.5.5 applied
    /// by mistake): its count, and the time its penalty gave the opponent; a game it ended goes on, its clock
    /// stopped until `arbiter resume`. The record notes what was cancelled.
    fn cancel_illegal(&mut self, cfg: &Config, side: Color, now: Duration) -> Vec<Effect> {
        let n = self.illegal[idx(side)];
        if n == 0 {
            return vec![say(
                Kind::Refusal,
                cfg.p("arbiter.no_illegal", &[("side", &cfg.side(side))]),
            )];
        }
        let opponent = side.other();
        let ended_by_it = self.game.ending().filter(|e| match e.reason {
            EndReason::IllegalMoveForfeit => e.result == GameResult::win_for(opponent),
            EndReason::DrawAfterIllegalMove => true,
            _ => false,
        });
        self.illegal[idx(side)] = n - 1;
        let common = [
            ("side", cfg.side(side)),
            ("opponent", cfg.side(opponent)),
            ("n", n.to_string()),
        ];
        let args = |more: &[(&'static str, String)]| -> Vec<(&'static str, String)> {
            common.iter().cloned().chain(more.iter().cloned()).collect()
        };
        let text = |key: &str, args: Vec<(&'static str, String)>| {
            let refs: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
            cfg.p(key, &refs)
        };
        let said = if let Some(was) = ended_by_it {
            let was = self.ending_text(cfg, was);
            self.game.reopen();
            if let Some(t) = &mut self.timing {
                t.clock.reopen(self.game.turn(), now);
            }
            text("arbiter.illegal_cancelled_reopened", args(&[("was", was)]))
        } else {
            let class = self.timing.as_ref().map(|t| t.class);
            let bonus = class.and_then(|c| clock::illegal_move_bonus(c, self.game.edition()));
            match (bonus, &mut self.timing) {
                (Some(bonus), Some(t)) => {
                    t.clock.deduct_time(opponent, bonus, now);
                    text(
                        "arbiter.illegal_cancelled",
                        args(&[("bonus", cfg.t(bonus))]),
                    )
                }
                _ => text("arbiter.illegal_cancelled_no_time", args(&[])),
            }
        };
        self.note_for_arbiter(said.clone());
        vec![say(Kind::Event, said)]
    }

    /// `arbiter result RESULT`: the result of a finished game corrected (R-12.9: the arbiter decides); the
    /// answer and the record say which result it replaced.
    fn correct_result(&mut self, cfg: &Config, result: GameResult) -> Vec<Effect> {
        let Some(was) = self.game.ending() else {
            return vec![say(Kind::Refusal, cfg.p("arbiter.result_not_over", &[]))];
        };
        if was.result == result {
            return vec![say(
                Kind::Refusal,
                cfg.p("arbiter.result_same", &[("result", result.pgn())]),
            )];
        }
        let ending = Ending::new(EndReason::ArbiterDecision, result);
        let said = cfg.p(
            "arbiter.result_corrected",
            &[
                ("was", &self.ending_text(cfg, was)),
                ("now", &self.ending_text(cfg, ending)),
            ],
        );
        self.game.reopen();
        self.game.end(ending);
        self.note_for_arbiter(said.clone());
        vec![say(Kind::GameEnd, said)]
    }

    /// A note after the last move of the record, for the arbiter.
    fn note_for_arbiter(&mut self, note: String) {
        let note = note.replace(['{', '}'], "");
        let last = self.game.plies().len().wrapping_sub(1);
        match self.game.plies_mut().get_mut(last) {
            Some(p) => p.annotations.comments.push(note),
            None => self.game.initial_comments.push(note),
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
        ArbiterAction::DeductTime { side, amount } => cfg.p(
            "arbiter.deducted",
            &[("side", &cfg.side(side)), ("time", &cfg.t(amount))],
        ),
        ArbiterAction::LateArrival { side, elapsed } => cfg.p(
            "arbiter.late",
            &[("side", &cfg.side(side)), ("time", &cfg.t(elapsed))],
        ),
        other => format!("{other:?}"),
    };
    format!("{}: {what}", cfg.t(at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_as_the_clock_shows_them_and_signed_changes() {
        let secs = |s: u64| Duration::from_secs(s);
        assert_eq!(arbiter_time("1:20:00"), Some((None, secs(4800))));
        assert_eq!(arbiter_time("45:00"), Some((None, secs(2700))));
        assert_eq!(
            arbiter_time("0:00:05.3"),
            Some((None, Duration::from_millis(5300)))
        );
        assert_eq!(arbiter_time("80m"), Some((None, secs(4800))));
        assert_eq!(arbiter_time("1h20m"), Some((None, secs(4800))));
        assert_eq!(arbiter_time("-2m"), Some((Some(false), secs(120))));
        assert_eq!(arbiter_time("\u{2212}2m"), Some((Some(false), secs(120))));
        assert_eq!(arbiter_time("+1:30"), Some((Some(true), secs(90))));
        for bad in [
            "",
            "-",
            "+",
            "--2m",
            "+-2m",
            "2x",
            "1:2:3",
            "1:60:00",
            "0:61",
            ":30",
            "1::00",
            "1:20:00.",
            "1:20:00.25",
            "101h",
            "9999999999999999999h",
            "1:20:00:00",
        ] {
            assert_eq!(arbiter_time(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn results_as_the_arbiter_writes_them() {
        assert_eq!(parse_result("1-0"), Some(GameResult::WhiteWins));
        assert_eq!(parse_result("0-1"), Some(GameResult::BlackWins));
        assert_eq!(parse_result("1/2-1/2"), Some(GameResult::Draw));
        assert_eq!(parse_result("½-½"), Some(GameResult::Draw));
        assert_eq!(parse_result("black"), Some(GameResult::BlackWins));
        assert_eq!(parse_result("2-0"), None);
    }
}
