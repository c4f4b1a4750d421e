//! The talking clock in the session: presses, announcements at thresholds, flags, penalties, arbiter actions.

use std::time::Duration;

use shakmaty::Color;

use super::Match;
use super::{ClockSettings, Config, Cue, Effect, Kind, say};
use crate::rules::clock::{Clock, ClockEvent, ClockState};
use crate::rules::time_control::{TimeClass, TimeControl, parse_clock_comment};
use crate::rules::{EndReason, Ending, GameResult, MatingChance};
use crate::words;
use crate::words::Phrases;
use crate::words::action::Arg;

mod arbiter;
mod penalties;

pub(in crate::session) use penalties::Illegal;

/// The clock of a game and what it has already said.
pub(in crate::session) struct Timing {
    pub clock: Clock,
    pub control: TimeControl,
    pub class: TimeClass,
    /// Thresholds already said, per side (White, Black).
    announced: [std::collections::BTreeSet<Duration>; 2],
    /// Tactile cue boundaries already given, per side (the remaining time at the last cue).
    last_cue: [Option<Duration>; 2],
    /// When the next periodic read-out is due.
    next_periodic: Option<Duration>,
}

/// A PGN clock comment: `[%clk 1:29:50]` (hours, minutes, seconds; tenths when under a minute).
pub fn clk_comment(d: Duration) -> String {
    let s = d.as_secs();
    if s < 60 {
        format!("[%clk 0:00:{:02}.{}]", s, d.subsec_millis() / 100)
    } else {
        format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60)
    }
}

/// The time in a comment holding `[%clk H:MM:SS(.f)]`; `None` also when it is not a usable time (see
/// [`parse_clock_comment`]: at most 100 hours; the import says when one was ignored).
pub fn parse_clk(comment: &str) -> Option<Duration> {
    parse_clock_comment(comment).and_then(Result::ok)
}

fn idx(c: Color) -> usize {
    c.fold_wb(0, 1)
}

const FIVE_MINUTES: Duration = Duration::from_secs(300);
const MINUTE: Duration = Duration::from_secs(60);

impl Timing {
    pub fn new(
        control: &TimeControl,
        game: &crate::rules::Game,
        _settings: &ClockSettings,
    ) -> Option<Timing> {
        let mut clock = Clock::new(control.clone()).ok()?;
        // The record's clock comments belong to the game's own time control: under another one (--time given
        // for a loaded game) both clocks start afresh.
        let own_control = game
            .tags
            .get("TimeControl")
            .and_then(|v| TimeControl::from_pgn(v).ok());
        let times_apply = own_control.is_none_or(|own| !own.is_timed() || own == *control);
        // A game continued from a record: the move counters follow the moves already played (periods).
        for side in [Color::White, Color::Black] {
            let n = game.moves_completed(side) as u32;
            if n > 0 {
                clock.set_moves(side, n, Duration::ZERO);
            }
            // The side's time after its last move, from the record's clock comments.
            let left = game
                .plies()
                .iter()
                .rev()
                .filter(|p| p.color() == side)
                .find_map(|p| {
                    p.annotations
                        .comments
                        .iter()
                        .rev()
                        .find_map(|c| parse_clk(c))
                });
            if let Some(left) = left.filter(|_| times_apply) {
                clock.set_remaining(side, left, Duration::ZERO);
            }
        }
        Some(Timing {
            class: control.class(game.edition()).unwrap_or(TimeClass::Standard),
            control: control.clone(),
            clock,
            announced: Default::default(),
            last_cue: [None, None],
            next_periodic: None,
        })
    }

    pub fn from_clock(clock: Clock, class: TimeClass) -> Timing {
        Timing {
            control: clock.control().clone(),
            class,
            clock,
            announced: Default::default(),
            last_cue: [None, None],
            next_periodic: None,
        }
    }

    pub fn start(&mut self, first: Color, now: Duration, settings: &ClockSettings) {
        if self.clock.start(first, now).is_ok() {
            for side in [Color::White, Color::Black] {
                self.arm_side(side, now, settings);
            }
        }
    }

    /// Thresholds at or above a side's time are not said (they lie above what the side has); the ones below
    /// are armed.
    pub(in crate::session) fn arm_side(
        &mut self,
        side: Color,
        now: Duration,
        settings: &ClockSettings,
    ) {
        let r = self.clock.remaining(side, now);
        self.announced[idx(side)] = settings.thresholds().filter(|t| *t >= r).collect();
        self.last_cue[idx(side)] = Some(r);
    }

    /// The next instant something is due: a flag, a threshold, a tactile cue or a periodic read-out.
    fn next_due(&self, now: Duration, settings: &ClockSettings) -> Option<Duration> {
        let ClockState::Running(side) = self.clock.state() else {
            return None;
        };
        let mut due: Vec<Duration> = Vec::new();
        // A flag not yet reported (once reported it is announced and decided by a claim, R-6.8; waking for it
        // again would make a face wake at once, again and again).
        if let Some(next) = self.clock.next_due(now) {
            due.push(next);
        }
        let r = self.clock.remaining(side, now);
        // The thresholds run from the largest down: the first one below the remaining time and not yet said
        // is the next to fall due (one look, not one per threshold).
        if let Some(t) = settings
            .thresholds()
            .find(|t| *t < r && !self.announced[idx(side)].contains(t))
        {
            due.extend(self.clock.when_remaining_is(side, t));
        }
        if settings.tactile {
            if let Some(b) = tactile_boundary_below(r) {
                due.extend(self.clock.when_remaining_is(side, b));
            }
        }
        if let (Some(p), Some(_)) = (self.next_periodic, settings.periodic_seconds) {
            due.push(p);
        }
        due.into_iter().min()
    }
}

/// The next lower multiple of 5 minutes, or of 1 minute in the last 5 minutes (D.2.6.2).
fn tactile_boundary_below(r: Duration) -> Option<Duration> {
    if r.is_zero() {
        return None;
    }
    let step = if r <= FIVE_MINUTES {
        MINUTE
    } else {
        FIVE_MINUTES
    };
    let below = (r.as_millis() - 1) / step.as_millis() * step.as_millis();
    (below > 0).then(|| Duration::from_millis(below as u64))
}

pub use crate::words::time::parse_duration;

pub(in crate::session) fn parse_side(text: &str) -> Option<Color> {
    // The words of every shipped language: an arbiter's command is read whatever the player's language.
    let any = |key: &str| {
        crate::words::phrases::BUILTIN
            .iter()
            .filter_map(|(lang, _)| Phrases::builtin(lang))
            .any(|p| p.is_word(key, text))
    };
    if any("arg.white") {
        Some(Color::White)
    } else if any("arg.black") {
        Some(Color::Black)
    } else {
        None
    }
}

impl Match {
    /// The time the session works with: the virtual clock's, or the edge's.
    pub(in crate::session) fn now(&self, real: Duration) -> Duration {
        self.virtual_now.unwrap_or(real)
    }

    /// The session's time moves only with `wait` (`--virtual-clock`).
    pub(in crate::session) fn is_virtual_clock(&self) -> bool {
        self.virtual_now.is_some()
    }

    /// The game has a clock and is not over: a flag can still fall.
    pub(in crate::session) fn clock_in_play(&self) -> bool {
        self.timing.is_some() && !self.game.is_over()
    }

    /// Both sides' remaining time (White, Black) at the session's time `now`, or None in a game without a clock.
    pub(in crate::session) fn clock_remaining(&self, now: Duration) -> Option<[Duration; 2]> {
        let clock = &self.timing.as_ref()?.clock;
        Some([
            clock.remaining(Color::White, now),
            clock.remaining(Color::Black, now),
        ])
    }

    /// The side whose clock is running, if one is.
    pub(in crate::session) fn clock_running(&self) -> Option<Color> {
        match self.timing.as_ref()?.clock.state() {
            ClockState::Running(side) => Some(side),
            _ => None,
        }
    }

    /// When the edge should wake the session next (real time only; the virtual clock moves by `wait`).
    pub(in crate::session) fn next_wake(
        &self,
        cfg: &Config,
        real_now: Duration,
    ) -> Option<Duration> {
        if self.virtual_now.is_some() || self.game.is_over() {
            return None;
        }
        self.timing.as_ref()?.next_due(real_now, &cfg.clock)
    }

    /// Everything that has fallen due by `now`, in order: flags, period and threshold announcements, cues.
    /// `alerts` are what a flag observed but not decided says, per side (the tournament profile's, R-6.8).
    /// `.1`: the game ended on a flag (the coordinator saves it).
    pub(in crate::session) fn tick(
        &mut self,
        cfg: &Config,
        now: Duration,
        alerts: &[Vec<Effect>; 2],
    ) -> (Vec<Effect>, bool) {
        let mut out = Vec::new();
        if self.game.is_over() {
            return (out, false);
        }
        let settings = cfg.clock.clone();
        let Some(timing) = &mut self.timing else {
            return (out, false);
        };
        let events = timing.clock.observe(now);
        for e in events {
            if let ClockEvent::FlagFell { side, .. } = e {
                if settings.observe_flags {
                    out.push(Effect::Cue(Cue::FlagFall));
                    let decided = self.decide_flag(cfg, side, now);
                    let ended = !decided.is_empty();
                    out.extend(decided);
                    return (out, ended);
                }
                // observed but not decided here: an alert, and a claim (`flag`) decides.
                out.extend(alerts[idx(side)].iter().cloned());
            }
        }
        let Some(timing) = &mut self.timing else {
            return (out, false);
        };
        let ClockState::Running(side) = timing.clock.state() else {
            return (out, false);
        };
        let r = timing.clock.remaining(side, now);
        // Thresholds: say the smallest one crossed; a jump over several says the time itself.
        let crossed: Vec<Duration> = settings
            .thresholds()
            .filter(|t| r <= *t && !timing.announced[idx(side)].contains(t))
            .collect();
        if let Some(smallest) = crossed.iter().min().copied() {
            timing.announced[idx(side)].extend(crossed.iter().copied());
            let said = if smallest.saturating_sub(r) < Duration::from_secs(1) {
                smallest
            } else {
                r
            };
            let text = cfg.p(
                "time.left",
                &[("side", &cfg.side(side)), ("time", &cfg.t(said))],
            );
            out.push(say(Kind::Event, text));
            if said <= FIVE_MINUTES {
                out.push(Effect::Cue(Cue::LowTime));
            }
        }
        let Some(timing) = &mut self.timing else {
            return (out, false);
        };
        if settings.tactile {
            if let Some(last) = timing.last_cue[idx(side)] {
                if let Some(b) = tactile_boundary_below(last).filter(|b| r <= *b) {
                    let cue = if b < FIVE_MINUTES {
                        Cue::FinalWarning
                    } else if b.as_secs() % 900 == 0 {
                        Cue::DoublePulse
                    } else {
                        Cue::Pulse
                    };
                    timing.last_cue[idx(side)] = Some(r);
                    out.push(Effect::Cue(cue));
                }
            }
        }
        if let Some(period) = settings.periodic_seconds.map(Duration::from_secs) {
            match timing.next_periodic {
                None => timing.next_periodic = Some(now + period),
                Some(due) if due <= now => {
                    timing.next_periodic = Some(now + period);
                    let text = cfg.p(
                        "time.left",
                        &[("side", &cfg.side(side)), ("time", &cfg.t(r))],
                    );
                    out.push(say(Kind::Event, text));
                }
                Some(_) => {}
            }
        }
        (out, false)
    }

    /// The mover presses the clock: the move is completed. Period starts are announced.
    pub(in crate::session) fn press(
        &mut self,
        cfg: &Config,
        mover: Color,
        now: Duration,
    ) -> Vec<Effect> {
        let settings = cfg.clock.clone();
        let Some(timing) = &mut self.timing else {
            return Vec::new();
        };
        let Ok(events) = timing.clock.press(mover, now) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for e in events {
            if let ClockEvent::PeriodStarted { side, added, .. } = e {
                let timing = self.timing.as_mut().expect("checked");
                timing.arm_side(side, now, &settings);
                let left = timing.clock.remaining(side, now);
                if settings.announce_period_start {
                    let text = cfg.p(
                        "time.period_started",
                        &[
                            ("side", &cfg.side(side)),
                            ("added", &cfg.t(added)),
                            ("time", &cfg.t(left)),
                        ],
                    );
                    out.push(say(Kind::Event, text));
                }
            }
        }
        out
    }

    /// Writes the mover's remaining time after the move into the record, as PGN clock comments do
    /// (`[%clk 1:29:50]`), so a saved game continues with its clocks.
    pub(in crate::session) fn mark_clock(&mut self, mover: Color, now: Duration) {
        let Some(timing) = &self.timing else { return };
        let left = timing.clock.remaining(mover, now);
        if let Some(ply) = self.game.plies_mut().last_mut() {
            ply.annotations.comments.retain(|c| parse_clk(c).is_none());
            ply.annotations.comments.push(clk_comment(left));
        }
    }

    /// Writes `side`'s remaining time into the record after the ply at `ply` (a move completed later than the
    /// last one: a late press, R-6.2.2, or a completion by the mover's next move, R-6.2.1.2).
    pub(in crate::session) fn mark_clock_on(&mut self, ply: usize, side: Color, now: Duration) {
        let Some(timing) = &self.timing else { return };
        let left = timing.clock.remaining(side, now);
        if let Some(p) = self.game.plies_mut().get_mut(ply) {
            p.annotations.comments.retain(|c| parse_clk(c).is_none());
            p.annotations.comments.push(clk_comment(left));
        }
    }

    /// The game has ended: the clock stops.
    pub(in crate::session) fn stop_clock(&mut self, now: Duration) {
        if let Some(t) = &mut self.timing {
            t.clock.stop(now);
        }
    }

    /// the flagged side loses, unless the opponent cannot checkmate by any series of legal moves.
    /// Empty when the game had ended already; the coordinator saves the game it ends.
    fn decide_flag(&mut self, cfg: &Config, side: Color, now: Duration) -> Vec<Effect> {
        if self.game.is_over() {
            return Vec::new();
        }
        let opponent = side.other();
        let cannot_mate = self.game.can_checkmate(opponent) == MatingChance::No;
        let ending = if cannot_mate {
            Ending::draw(EndReason::DrawOnTime)
        } else {
            Ending::new(EndReason::TimeForfeit, GameResult::win_for(opponent))
        };
        self.game.end(ending);
        self.adjourned = None;
        self.stop_clock(now);
        let key = if cannot_mate {
            "flag.draw"
        } else {
            "flag.lost"
        };
        let text = cfg.p(
            key,
            &[
                ("side", &cfg.side(side)),
                ("opponent", &cfg.side(opponent)),
                ("result", &result_words(cfg, ending.result)),
            ],
        );
        vec![say(Kind::GameEnd, text), Effect::Cue(Cue::GameEnd)]
    }
}

fn result_words(cfg: &Config, r: GameResult) -> String {
    cfg.phrases
        .get(match r {
            GameResult::WhiteWins => "result.white_wins",
            GameResult::BlackWins => "result.black_wins",
            GameResult::Draw => "result.draw",
        })
        .to_string()
}

fn no_clock(cfg: &Config) -> Vec<Effect> {
    vec![say(Kind::Refusal, cfg.p("clock.none", &[]))]
}

/// The time left as a clock shows it: a second begun is still there, so "0 seconds" is said only
/// when the time is out, and 14:47.9 is "14 minutes 48 seconds".
pub(in crate::session) fn whole_seconds_left(left: Duration) -> Duration {
    Duration::from_secs(left.as_secs() + u64::from(left.subsec_nanos() > 0))
}

fn both(cfg: &Config, key: &str, white: Duration, black: Duration) -> String {
    cfg.p(
        key,
        &[
            ("white_side", &cfg.side(Color::White)),
            ("black_side", &cfg.side(Color::Black)),
            ("white", &cfg.t(white)),
            ("black", &cfg.t(black)),
        ],
    )
}

impl Match {
    /// ANN-T1: remaining time of both sides, in words.
    pub(in crate::session) fn time_answer(&self, cfg: &Config, now: Duration) -> Vec<Effect> {
        let Some(t) = &self.timing else {
            return no_clock(cfg);
        };
        let text = both(
            cfg,
            "time.both",
            whole_seconds_left(t.clock.remaining(Color::White, now)),
            whole_seconds_left(t.clock.remaining(Color::Black, now)),
        );
        vec![say(Kind::Answer, text)]
    }

    /// ANN-T2 / D.2.10.4: time used by both sides.
    pub(in crate::session) fn used_answer(&self, cfg: &Config, now: Duration) -> Vec<Effect> {
        let Some(t) = &self.timing else {
            return no_clock(cfg);
        };
        let text = both(
            cfg,
            "time.used",
            t.clock.used(Color::White, now),
            t.clock.used(Color::Black, now),
        );
        vec![say(Kind::Answer, text)]
    }

    /// ANN-T4: the time control read back, with the period each side is in.
    pub(in crate::session) fn control_answer(&self, cfg: &Config, _now: Duration) -> Vec<Effect> {
        let Some(t) = &self.timing else {
            return no_clock(cfg);
        };
        let mut text = cfg.p(
            "time.control",
            &[("control", &words::time::control(&cfg.phrases, &t.control))],
        );
        if t.control.periods().len() > 1 {
            for side in [Color::White, Color::Black] {
                let period = t.clock.period(side).to_string();
                text.push_str(&format!(
                    "; {}",
                    cfg.p(
                        "tc.period",
                        &[("side", &cfg.side(side)), ("period", &period)]
                    )
                ));
            }
        }
        vec![say(Kind::Answer, text)]
    }

    /// a flag claimed. Decided for the side whose flag fell first.
    /// `.1`: the game ended (the coordinator saves it).
    pub(in crate::session) fn flag_claim(
        &mut self,
        cfg: &Config,
        now: Duration,
    ) -> (Vec<Effect>, bool) {
        if let Some(e) = self.game.ending() {
            return (vec![say(Kind::Refusal, self.game_over(cfg, e))], false);
        }
        let Some(t) = &self.timing else {
            return (no_clock(cfg), false);
        };
        match t.clock.first_flag(now) {
            Some((side, _)) => {
                let out = self.decide_flag(cfg, side, now);
                let ended = !out.is_empty();
                (out, ended)
            }
            None => {
                let text = both(
                    cfg,
                    "flag.not_fallen",
                    t.clock.remaining(Color::White, now),
                    t.clock.remaining(Color::Black, now),
                );
                (vec![say(Kind::Refusal, text)], false)
            }
        }
    }

    /// `wait DURATION` with the virtual clock: time passes, and whatever falls due is said at its moment.
    /// `alerts` as for [`Match::tick`]; `.1`: the game ended on a flag (the coordinator saves it).
    pub(in crate::session) fn wait(
        &mut self,
        cfg: &Config,
        arg: &Arg<Duration>,
        now: Duration,
        alerts: &[Vec<Effect>; 2],
    ) -> (Vec<Effect>, bool) {
        let Some(virtual_now) = self.virtual_now else {
            return (vec![say(Kind::Refusal, cfg.p("wait.none", &[]))], false);
        };
        let Arg::Given(d) = *arg else {
            let text = match arg {
                Arg::Bad(t) => t.as_str(),
                _ => "",
            };
            return (
                vec![say(
                    Kind::Refusal,
                    cfg.p("wait.bad", &[("text", &words::quote(text))]),
                )],
                false,
            );
        };
        let target = virtual_now.max(now).saturating_add(d);
        let mut out = Vec::new();
        let mut ended = false;
        let mut at = virtual_now;
        for _ in 0..100_000 {
            let due = match &self.timing {
                Some(t) if !self.game.is_over() => t
                    .next_due(at, &cfg.clock)
                    .filter(|d| *d > at && *d <= target),
                _ => None,
            };
            let Some(due) = due else { break };
            at = due;
            self.virtual_now = Some(at);
            let (said, end) = self.tick(cfg, at, alerts);
            out.extend(said);
            ended |= end;
        }
        self.virtual_now = Some(target);
        let (said, end) = self.tick(cfg, target, alerts);
        out.extend(said);
        (out, ended || end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_comments_round_trip() {
        for secs in [0u64, 9, 59, 60, 61, 3599, 3600, 5400, 36_000] {
            let d = Duration::from_secs(secs);
            assert_eq!(parse_clk(&clk_comment(d)), Some(d), "{}", clk_comment(d));
        }
        assert_eq!(clk_comment(Duration::from_secs(5390)), "[%clk 1:29:50]");
        assert_eq!(
            clk_comment(Duration::from_millis(9_450)),
            "[%clk 0:00:09.4]"
        );
        assert_eq!(
            parse_clk("a note [%clk 0:05:07] more"),
            Some(Duration::from_secs(307))
        );
        assert_eq!(parse_clk("[%clk 1:75:00]"), None);
        assert_eq!(parse_clk("[%clk x]"), None);
        assert_eq!(parse_clk("no clock"), None);
    }

    #[test]
    fn durations_for_wait() {
        assert_eq!(parse_duration("30s"), Some(Duration::from_secs(30)));
        assert_eq!(parse_duration("1h2m"), Some(Duration::from_secs(3720)));
        assert_eq!(parse_duration("90"), Some(Duration::from_secs(90)));
        assert_eq!(parse_duration("5m 30s"), Some(Duration::from_secs(330)));
        assert_eq!(parse_duration("abc"), None);
        assert_eq!(parse_duration("5x"), None);
        assert_eq!(parse_duration("5"), Some(Duration::from_secs(5)));
        assert_eq!(parse_duration("99999999999999999999h"), None);
    }

    #[test]
    fn tactile_boundaries() {
        assert_eq!(
            tactile_boundary_below(Duration::from_secs(1800)),
            Some(Duration::from_secs(1500))
        );
        assert_eq!(
            tactile_boundary_below(Duration::from_secs(1799)),
            Some(Duration::from_secs(1500))
        );
        assert_eq!(
            tactile_boundary_below(Duration::from_secs(300)),
            Some(Duration::from_secs(240))
        );
        assert_eq!(
            tactile_boundary_below(Duration::from_secs(61)),
            Some(Duration::from_secs(60))
        );
        assert_eq!(tactile_boundary_below(Duration::from_secs(60)), None);
    }

    #[test]
    fn a_flag_observed_but_not_decided_is_not_due_again() {
        use crate::rules::Game;
        use crate::session::{Command, Config, Effect, Session};
        // in the tournament profile: the flag is announced once and the session does not ask to be woken
        // for it again (a face that woke at once, again and again, spun the CPU).
        let config = Config {
            time_control: "5s".parse().ok(),
            clock: crate::session::tournament::silent_clock(ClockSettings::default(), false),
            ..Config::default()
        };
        let mut s = Session::new(Game::new(), config);
        s.start(Duration::ZERO);
        assert_eq!(
            s.view().next_wake(Duration::ZERO),
            Some(Duration::from_secs(5))
        );
        let out = s.update(Command::Tick, Duration::from_secs(6));
        let said: Vec<&str> = out
            .iter()
            .filter_map(|e| match e {
                Effect::Say(a) => Some(a.text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(
            said,
            ["White's flag has fallen: Black may claim the game with flag (Article 6.8)"]
        );
        assert!(!s.view().game().is_over(), "a claim decides, not hector");
        let wake = s.view().next_wake(Duration::from_secs(6));
        assert!(
            wake.is_none_or(|w| w > Duration::from_secs(6)),
            "woken again at {wake:?}"
        );
        let again = s.update(Command::Tick, Duration::from_secs(7));
        assert!(
            again.iter().all(|e| !matches!(e, Effect::Say(_))),
            "said once"
        );
    }
}
