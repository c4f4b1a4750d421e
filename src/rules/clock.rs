//! The chessclock (Article 6), told the time: periods, increment, delay, flags, pauses and arbiter edits.
//!
//! Every method that depends on time takes `now`: a monotonic [`Duration`] since an arbitrary origin, chosen
//! by the caller (real time from an `Instant`, or a virtual clock). The clock never reads the time itself,
//! never sleeps and never does I/O, so it is exact to the nanosecond and tested without waiting.
//! [`Clock::next_due`] tells the caller when to wake next.

use std::time::Duration;

use shakmaty::{ByColor, Color};

use super::edition::Edition;
use super::time_control::{PerMove, Period, TimeClass, TimeControl};

/// Where the clock stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClockState {
    /// Set up, not yet started (R-6.6: the arbiter starts White's clock at the scheduled time).
    NotStarted,
    /// This side's clock runs (R-6.1: only one at a time).
    Running(Color),
    /// Stopped for the arbiter; this side's clock runs again on resumption.
    Paused(Color),
    /// Stopped for good: the game is over.
    Stopped,
}

/// Something the clock has to report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClockEvent {
    /// this side's time reached zero at the instant `at`. Reported once, by
    /// [`Clock::observe`]; the flag counts as fallen from that observation (or from a claim).
    FlagFell { side: Color, at: Duration },
    /// R-6.3.2a: `side` completed the moves of the period before, and the time of period number `period`
    /// (1 for the first) was added to what it had left.
    PeriodStarted {
        side: Color,
        period: u32,
        added: Duration,
    },
}

/// One side's display and counters at some instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SideReading {
    /// Main thinking time left.
    pub remaining: Duration,
    /// Time this side's clock has run since the start, including late arrival (D.2.10.4).
    pub used: Duration,
    /// R-6.3.2b: delay left for the move in progress (zero when not this side's move or no delay).
    pub delay_left: Duration,
    /// Moves completed (clock presses counted as moves, R-6.2.1).
    pub moves_completed: u32,
    /// Period number, 1 for the first.
    pub period: u32,
    /// Moves completed in the current period.
    pub moves_in_period: u32,
    /// the exact instant the flag fell, if it has.
    pub flag_fell_at: Option<Duration>,
}

/// One side of a clock as it is kept with the game between sessions, so a resumed game gives no time back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct KeptSide {
    pub remaining: Duration,
    pub used: Duration,
    pub moves_completed: u32,
    /// R-6.3.2b: delay left for the move in progress (the running side only).
    pub delay_left: Duration,
}

/// Both displays at some instant, as kept in the audit trail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClockSnapshot {
    pub state: ClockState,
    pub sides: ByColor<SideReading>,
}

/// An action of the arbiter (or of a player stopping the clock to call him) on the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArbiterAction {
    /// the clock is stopped to interrupt the game.
    Pause,
    /// the arbiter lets the game go on.
    Resume,
    /// a side's remaining time is set.
    SetRemaining { side: Color, remaining: Duration },
    /// The time used of a side is set (resumption of an adjourned game, Guidelines I).
    SetUsed { side: Color, used: Duration },
    /// the move counter is set; the period follows from it.
    SetMoves { side: Color, moves_completed: u32 },
    /// Time added (R-7.5.5 / R-9.5.3 penalties, R-GIII.4-5).
    AddTime { side: Color, amount: Duration },
    /// Time taken away (E05 9.5 cut of a wrong claimant; assistant deduction).
    DeductTime { side: Color, amount: Duration },
    /// time that passed before a late player arrived is charged to him.
    LateArrival { side: Color, elapsed: Duration },
    /// R-6.10.2 / R-GIII.4: increment or delay for both sides, from the next completed move on.
    SetPerMove { per_move: PerMove },
    /// R-D.2.9c / R-7.1: after the moves are retraced, the clock of the side to move is the one that runs
    /// (or runs when the paused clock is resumed).
    HandOver { side: Color },
    /// The arbiter cancelled what ended the game; the clock, stopped for good, is paused with this
    /// side's clock to run on resumption.
    Reopen { side: Color },
}

/// One arbiter action with the clock before and after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AuditEntry {
    pub at: Duration,
    pub action: ArbiterAction,
    pub before: ClockSnapshot,
    pub after: ClockSnapshot,
}

/// A clock operation that does not fit where the clock stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    #[error("the game has no clock: the time control is {0}")]
    Untimed(String),
    #[error("the clock has not been started")]
    NotStarted,
    #[error("the clock has already been started")]
    AlreadyStarted,
    #[error("{0}'s clock is not running")]
    NotRunning(Color),
    #[error("the clock is paused")]
    Paused,
    #[error("the clock is not paused")]
    NotPaused,
    #[error("the clock has been stopped: the game is over")]
    Stopped,
}

/// Settled state of one side: valid at the start of its running segment, or now when it does not run.
#[derive(Debug, Clone, Copy, Default)]
struct Side {
    remaining: Duration,
    used: Duration,
    delay_left: Duration,
    moves_completed: u32,
    period: u32,
    moves_in_period: u32,
    flag_fell_at: Option<Duration>,
    reported: bool,
}

/// A chess clock for two sides.
#[derive(Debug, Clone)]
pub struct Clock {
    control: TimeControl,
    sides: ByColor<Side>,
    state: ClockState,
    /// Start of the running side's current segment (since the last start, press, resume or edit).
    since: Duration,
    /// R-GIII.4 / R-6.10.2: increment or delay set during the game, replacing the periods' own.
    per_move_override: Option<PerMove>,
    audit: Vec<AuditEntry>,
}

impl Clock {
    /// A clock set for `control`, not started. Refuses an untimed or unknown control.
    pub fn new(control: TimeControl) -> Result<Clock, ClockError> {
        let base = match &control {
            TimeControl::Periods(periods) if !periods.is_empty() => periods[0].base,
            TimeControl::Sandclock(base) => *base,
            _ => return Err(ClockError::Untimed(control.to_string())),
        };
        let side = Side {
            remaining: base,
            period: 1,
            ..Side::default()
        };
        Ok(Clock {
            control,
            sides: ByColor {
                white: side,
                black: side,
            },
            state: ClockState::NotStarted,
            since: Duration::ZERO,
            per_move_override: None,
            audit: Vec::new(),
        })
    }

    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    pub fn state(&self) -> ClockState {
        self.state
    }

    /// The side whose clock runs now (none before the start, while paused and after the end).
    pub fn running(&self) -> Option<Color> {
        match self.state {
            ClockState::Running(side) => Some(side),
            _ => None,
        }
    }

    /// The arbiter's actions so far, oldest first.
    pub fn audit(&self) -> &[AuditEntry] {
        &self.audit
    }

    /// starts the clock of `first` (White, unless the game starts from a position with Black to move).
    pub fn start(&mut self, first: Color, now: Duration) -> Result<(), ClockError> {
        if self.state != ClockState::NotStarted {
            return Err(ClockError::AlreadyStarted);
        }
        self.begin_segment(first, now);
        Ok(())
    }

    /// `side` presses the clock and so completes its move. Its clock stops; it gets its increment
    /// (from move one) or loses what is left of its delay (R-6.3.2b: unused delay is not banked); the move is
    /// counted, and when it completes the moves of its period the next period's time is added to what it
    /// has left (R-6.3.2a). Then the opponent's clock runs. After a flag has fallen, that side gets no more
    /// time: its display stays at zero and the flag stays down.
    pub fn press(&mut self, side: Color, now: Duration) -> Result<Vec<ClockEvent>, ClockError> {
        match self.state {
            ClockState::Running(s) if s == side => {}
            ClockState::NotStarted => return Err(ClockError::NotStarted),
            ClockState::Paused(_) => return Err(ClockError::Paused),
            ClockState::Stopped => return Err(ClockError::Stopped),
            ClockState::Running(_) => return Err(ClockError::NotRunning(side)),
        }
        self.settle(now);
        let mut events = Vec::new();
        let spec = self.period_spec(self.sides.get(side).period);
        let per_move = self.per_move(side);
        let next_base = self
            .period_spec(self.sides.get(side).period + 1)
            .map(|p| p.base);
        let s = self.sides.get_mut(side);
        s.moves_completed += 1;
        s.moves_in_period += 1;
        s.delay_left = Duration::ZERO;
        if s.flag_fell_at.is_none() {
            s.remaining = s.remaining.saturating_add(per_move.increment());
            if let (Some(required), Some(added)) = (spec.and_then(|p| p.moves), next_base)
                && s.moves_in_period >= required
            {
                s.period += 1;
                s.moves_in_period = 0;
                s.remaining = s.remaining.saturating_add(added);
                events.push(ClockEvent::PeriodStarted {
                    side,
                    period: s.period,
                    added,
                });
            }
        }
        self.begin_segment(side.other(), now);
        Ok(events)
    }

    /// Stops the clock for good (the game is over). The readings stay as they are at `now`.
    pub fn stop(&mut self, now: Duration) {
        self.settle(now);
        self.state = ClockState::Stopped;
    }

    /// The arbiter cancelled what ended the game: a clock stopped for good is paused, with `side`'s
    /// clock to run on resumption. Nothing happens to a clock that was not stopped.
    pub fn reopen(&mut self, side: Color, now: Duration) {
        if self.state != ClockState::Stopped {
            return;
        }
        self.audited(now, ArbiterAction::Reopen { side }, |c| {
            c.state = ClockState::Paused(side);
            c.since = now;
        });
    }

    /// stops the clock to interrupt the game (also a player stopping it to call the arbiter,
    /// or on a claim, R-9.5.1). Time does not run until [`Clock::resume`].
    pub fn pause(&mut self, now: Duration) -> Result<(), ClockError> {
        let side = match self.state {
            ClockState::Running(side) => side,
            ClockState::Paused(_) => return Err(ClockError::Paused),
            ClockState::NotStarted => return Err(ClockError::NotStarted),
            ClockState::Stopped => return Err(ClockError::Stopped),
        };
        self.audited(now, ArbiterAction::Pause, |c| {
            c.state = ClockState::Paused(side);
        });
        Ok(())
    }

    /// the clock of the side that was running when it was paused runs again.
    pub fn resume(&mut self, now: Duration) -> Result<(), ClockError> {
        let side = match self.state {
            ClockState::Paused(side) => side,
            ClockState::Stopped => return Err(ClockError::Stopped),
            ClockState::NotStarted => return Err(ClockError::NotStarted),
            ClockState::Running(_) => return Err(ClockError::NotPaused),
        };
        self.audited(now, ArbiterAction::Resume, |c| {
            c.state = ClockState::Running(side);
            c.since = now;
        });
        Ok(())
    }

    /// R-D.2.9c / R-7.1: the clock of `side` becomes the one that runs (or that runs on resumption when the
    /// clock is paused); no move is counted and no increment given. Nothing happens before the start or after
    /// the end.
    pub fn hand_over(&mut self, side: Color, now: Duration) {
        if matches!(self.state, ClockState::NotStarted | ClockState::Stopped) {
            return;
        }
        self.audited(now, ArbiterAction::HandOver { side }, |c| {
            c.state = match c.state {
                ClockState::Running(_) => ClockState::Running(side),
                ClockState::Paused(_) => ClockState::Paused(side),
                other => other,
            };
            c.since = now;
        });
    }

    /// the arbiter sets a side's remaining time. Setting zero drops the flag now;
    /// setting more raises a fallen flag again (observe flags before editing).
    pub fn set_remaining(&mut self, side: Color, remaining: Duration, now: Duration) {
        self.audited(now, ArbiterAction::SetRemaining { side, remaining }, |c| {
            c.sides.get_mut(side).remaining = remaining;
            c.after_edit(side, now);
        });
    }

    /// The arbiter sets the time a side has used (resuming an adjourned game, Guidelines I).
    pub fn set_used(&mut self, side: Color, used: Duration, now: Duration) {
        self.audited(now, ArbiterAction::SetUsed { side, used }, |c| {
            c.sides.get_mut(side).used = used;
        });
    }

    /// commentary: the arbiter corrects the move counter. The period and the moves in
    /// it follow from the count and the time control; the times are not touched (set them separately).
    pub fn set_moves(&mut self, side: Color, moves_completed: u32, now: Duration) {
        self.audited(
            now,
            ArbiterAction::SetMoves {
                side,
                moves_completed,
            },
            |c| {
                let (period, moves_in_period) = c.period_of(moves_completed);
                let s = c.sides.get_mut(side);
                s.moves_completed = moves_completed;
                s.period = period;
                s.moves_in_period = moves_in_period;
            },
        );
    }

    /// Adds time to a side: and R-9.5.3 (see [`illegal_move_bonus`], [`wrong_claim_bonus`]),
    /// R-GIII.4-5 ([`QPF_OPPONENT_BONUS`]). A fallen flag is raised again (observe flags first).
    pub fn add_time(&mut self, side: Color, amount: Duration, now: Duration) {
        self.audited(now, ArbiterAction::AddTime { side, amount }, |c| {
            let s = c.sides.get_mut(side);
            s.remaining = s.remaining.saturating_add(amount);
            c.after_edit(side, now);
        });
    }

    /// Takes time from a side (E05 wrong-claim cut, [`wrong_claim_cut`]; assistant deduction, never
    /// for a disabled player in E14/E18). Reaching zero drops the flag now.
    pub fn deduct_time(&mut self, side: Color, amount: Duration, now: Duration) {
        self.audited(now, ArbiterAction::DeductTime { side, amount }, |c| {
            let s = c.sides.get_mut(side);
            s.remaining = s.remaining.saturating_sub(amount);
            c.after_edit(side, now);
        });
    }

    /// the time that passed before `side` arrived is charged to it, as used time. Works before or
    /// after the start (e.g. `start` then `charge_late_arrival(White, 10 min)`). Reaching zero drops the flag.
    pub fn charge_late_arrival(&mut self, side: Color, elapsed: Duration, now: Duration) {
        self.audited(now, ArbiterAction::LateArrival { side, elapsed }, |c| {
            let s = c.sides.get_mut(side);
            s.remaining = s.remaining.saturating_sub(elapsed);
            s.used = s.used.saturating_add(elapsed);
            c.after_edit(side, now);
        });
    }

    /// R-6.10.2 / R-GIII.4: increment or delay for both sides, replacing the periods' own, for every move
    /// completed from now on (the move in progress included; a delay already running for it is kept).
    pub fn set_per_move(&mut self, per_move: PerMove, now: Duration) {
        self.audited(now, ArbiterAction::SetPerMove { per_move }, |c| {
            c.per_move_override = Some(per_move);
        });
    }

    /// R-GIII.4: the 5-second increment (or another) for both sides from the next move.
    pub fn introduce_increment(&mut self, increment: Duration, now: Duration) {
        self.set_per_move(PerMove::Increment(increment), now);
    }

    /// When the running side's clock last started (its start, press, resumption or an edit), for a record of
    /// the clock kept with the game; `None` when no clock runs.
    pub fn running_since(&self) -> Option<Duration> {
        self.running().map(|_| self.since)
    }

    /// The increment or delay set during the game (R-GIII.4, R-6.10.2), replacing the periods' own.
    pub fn per_move_override(&self) -> Option<PerMove> {
        self.per_move_override
    }

    /// The increment or delay set during the game (R-GIII.4, R-6.10.2), as it was kept with the game, carried onto
    /// a clock set anew for its resumption (the clocks of an adjourned game set from its envelope, R-GI.5). Not an
    /// arbiter action: nothing goes into the audit trail, as for [`Clock::restored`].
    pub fn keep_per_move(&mut self, per_move: PerMove) {
        self.per_move_override = Some(per_move);
    }

    /// A side's time and counter at `now`, as they are kept with the game.
    pub fn kept_side(&self, side: Color, now: Duration) -> KeptSide {
        let l = self.live(side, now);
        KeptSide {
            remaining: l.remaining,
            used: l.used,
            moves_completed: self.sides.get(side).moves_completed,
            delay_left: l.delay_left,
        }
    }

    /// A clock set again as it was kept with the game (for resumption: no time given back): both sides' times and move
    /// counters (the period follows from the counter, as for [`Clock::set_moves`]), and `state`, running
    /// from `now`. Not an arbiter action: nothing goes into the audit trail. A side kept at zero has its flag
    /// down from `now`.
    pub fn restored(
        control: TimeControl,
        state: ClockState,
        sides: ByColor<KeptSide>,
        per_move: Option<PerMove>,
        now: Duration,
    ) -> Result<Clock, ClockError> {
        let mut clock = Clock::new(control)?;
        clock.per_move_override = per_move;
        for side in [Color::White, Color::Black] {
            let k = *sides.get(side);
            let (period, moves_in_period) = clock.period_of(k.moves_completed);
            let s = clock.sides.get_mut(side);
            s.remaining = k.remaining;
            s.used = k.used;
            s.moves_completed = k.moves_completed;
            s.period = period;
            s.moves_in_period = moves_in_period;
            s.delay_left = match state {
                ClockState::Running(r) | ClockState::Paused(r) if r == side => k.delay_left,
                _ => Duration::ZERO,
            };
            if k.remaining.is_zero() {
                s.flag_fell_at = Some(now);
            }
        }
        clock.state = state;
        clock.since = now;
        Ok(clock)
    }

    /// Main thinking time a side has left at `now`.
    pub fn remaining(&self, side: Color, now: Duration) -> Duration {
        self.live(side, now).remaining
    }

    /// Time a side's clock has run since the start, including the move in progress (D.2.10.4).
    pub fn used(&self, side: Color, now: Duration) -> Duration {
        self.live(side, now).used
    }

    /// R-6.3.2b: delay left for the move in progress.
    pub fn delay_left(&self, side: Color, now: Duration) -> Duration {
        self.live(side, now).delay_left
    }

    /// Moves completed by a side (the move counter).
    pub fn moves_completed(&self, side: Color) -> u32 {
        self.sides.get(side).moves_completed
    }

    /// The period a side plays in, 1 for the first.
    pub fn period(&self, side: Color) -> u32 {
        self.sides.get(side).period
    }

    /// Moves completed by a side in its current period.
    pub fn moves_in_period(&self, side: Color) -> u32 {
        self.sides.get(side).moves_in_period
    }

    /// The rules of a side's current period (`None` for a sandclock).
    pub fn current_period(&self, side: Color) -> Option<Period> {
        self.period_spec(self.sides.get(side).period)
    }

    /// What a side gets with its next completed move: the current period's increment or delay, or the one
    /// the arbiter set during the game (R-GIII.4, R-6.10.2).
    pub fn per_move(&self, side: Color) -> PerMove {
        let spec = self
            .period_spec(self.sides.get(side).period)
            .map_or(PerMove::Nothing, |p| p.per_move);
        self.per_move_override.unwrap_or(spec)
    }

    /// moves a side still has to complete before the next period's time is added; `None` in a
    /// sudden-death period.
    pub fn moves_to_next_period(&self, side: Color) -> Option<u32> {
        let s = self.sides.get(side);
        let required = self.period_spec(s.period)?.moves?;
        Some(required.saturating_sub(s.moves_in_period))
    }

    /// Whether the period a side plays in is the last one, in which all remaining moves must be completed
    /// (R-GIII.3.1).
    pub fn in_last_period(&self, side: Color) -> bool {
        self.current_period(side).is_none_or(|p| p.moves.is_none())
    }

    /// the exact instant a side's flag fell, if it has fallen by `now`.
    pub fn flag_fell_at(&self, side: Color, now: Duration) -> Option<Duration> {
        self.live(side, now).flag_fell_at
    }

    /// Whether a side's time has run out by `now` (a flag falls exactly when the time reaches zero).
    pub fn flag_fallen(&self, side: Color, now: Duration) -> bool {
        self.flag_fell_at(side, now).is_some()
    }

    /// the side whose flag fell first, and when, even if both are seen late.
    pub fn first_flag(&self, now: Duration) -> Option<(Color, Duration)> {
        Color::ALL
            .into_iter()
            .filter_map(|side| self.flag_fell_at(side, now).map(|at| (side, at)))
            .min_by_key(|&(_, at)| at)
    }

    /// flags that have fallen by `now` and were not reported yet, each reported once, earliest first.
    pub fn observe(&mut self, now: Duration) -> Vec<ClockEvent> {
        let mut events = Vec::new();
        for side in Color::ALL {
            if let Some(at) = self.flag_fell_at(side, now) {
                let s = self.sides.get_mut(side);
                if !s.reported {
                    s.reported = true;
                    events.push(ClockEvent::FlagFell { side, at });
                }
            }
        }
        events.sort_by_key(|e| match e {
            ClockEvent::FlagFell { at, .. } => *at,
            ClockEvent::PeriodStarted { .. } => Duration::ZERO,
        });
        events
    }

    /// The next instant at which the clock has something to report (a flag falls), so the caller can sleep
    /// until then. It may be at or before `now`: then [`Clock::observe`] has something at once. `None`
    /// when nothing will happen without a press or an edit.
    pub fn next_due(&self, _now: Duration) -> Option<Duration> {
        Color::ALL
            .into_iter()
            .filter(|&side| !self.sides.get(side).reported)
            .filter_map(|side| self.flag_instant(side))
            .min()
    }

    /// The instant at which a side's remaining time will be (or was, in this move) exactly `amount`, if its
    /// clock runs and had at least that much when this move began (or since the last edit or resumption).
    /// For announcement thresholds: the caller wakes at the earliest threshold instant after `now`.
    pub fn when_remaining_is(&self, side: Color, amount: Duration) -> Option<Duration> {
        if self.state != ClockState::Running(side) {
            return None;
        }
        let s = self.sides.get(side);
        let to_go = s.remaining.checked_sub(amount)?;
        Some(
            self.since
                .saturating_add(s.delay_left)
                .saturating_add(to_go),
        )
    }

    /// Both displays and counters at `now`.
    pub fn snapshot(&self, now: Duration) -> ClockSnapshot {
        ClockSnapshot {
            state: self.state,
            sides: ByColor::new_with(|side| self.reading(side, now)),
        }
    }

    /// One side's display and counters at `now`.
    pub fn reading(&self, side: Color, now: Duration) -> SideReading {
        let l = self.live(side, now);
        let s = self.sides.get(side);
        SideReading {
            remaining: l.remaining,
            used: l.used,
            delay_left: l.delay_left,
            moves_completed: s.moves_completed,
            period: s.period,
            moves_in_period: s.moves_in_period,
            flag_fell_at: l.flag_fell_at,
        }
    }

    // --- inner workings ---

    /// The rules of period number `period` (1-based). The last period repeats when it has a move count;
    /// `None` after a sudden-death last period, and always for a sandclock.
    fn period_spec(&self, period: u32) -> Option<Period> {
        let periods = self.control.periods();
        let last = periods.last()?;
        let i = period.checked_sub(1)? as usize;
        match periods.get(i) {
            Some(p) => Some(*p),
            None if last.moves.is_some() => Some(*last),
            None => None,
        }
    }

    /// The period and moves in it reached after `moves` completed moves.
    fn period_of(&self, moves: u32) -> (u32, u32) {
        let mut period = 1;
        let mut left = moves;
        while let Some(required) = self.period_spec(period).and_then(|p| p.moves) {
            if left < required || required == 0 {
                break;
            }
            left -= required;
            period += 1;
        }
        (period, left)
    }

    /// The delay a side gets for the move it is about to make.
    fn delay_for(&self, side: Color) -> Duration {
        self.per_move(side).delay()
    }

    /// `side`'s clock starts running at `now` for a new move.
    fn begin_segment(&mut self, side: Color, now: Duration) {
        let delay = self.delay_for(side);
        self.sides.get_mut(side).delay_left = delay;
        self.state = ClockState::Running(side);
        self.since = now;
    }

    /// The running side's live reading at `now`, written into the settled state; a new segment starts at
    /// `now`. Splitting a segment changes nothing: time arithmetic is exact.
    fn settle(&mut self, now: Duration) {
        if let ClockState::Running(side) = self.state {
            let sandclock = matches!(self.control, TimeControl::Sandclock(_));
            let mine = self.live(side, now);
            let theirs = self.live(side.other(), now);
            let s = self.sides.get_mut(side);
            s.remaining = mine.remaining;
            s.used = mine.used;
            s.delay_left = mine.delay_left;
            s.flag_fell_at = mine.flag_fell_at;
            if sandclock {
                self.sides.get_mut(side.other()).remaining = theirs.remaining;
            }
            self.since = now;
        }
    }

    /// After an edit of a side's time: zero drops its flag at `now`, anything more raises it again.
    fn after_edit(&mut self, side: Color, now: Duration) {
        let s = self.sides.get_mut(side);
        if s.remaining.is_zero() {
            if s.flag_fell_at.is_none() {
                s.flag_fell_at = Some(now);
                s.reported = false;
            }
        } else {
            s.flag_fell_at = None;
            s.reported = false;
        }
    }

    /// Runs an arbiter action at `now` and writes it into the audit trail with the readings around it.
    fn audited(&mut self, now: Duration, action: ArbiterAction, edit: impl FnOnce(&mut Clock)) {
        self.settle(now);
        let before = self.snapshot(now);
        edit(self);
        let after = self.snapshot(now);
        self.audit.push(AuditEntry {
            at: now,
            action,
            before,
            after,
        });
    }

    /// The instant a side's flag fell or will fall if nothing changes (ignores `reported`).
    fn flag_instant(&self, side: Color) -> Option<Duration> {
        let s = self.sides.get(side);
        if let Some(at) = s.flag_fell_at {
            return Some(at);
        }
        match self.state {
            ClockState::Running(r) if r == side => Some(
                self.since
                    .saturating_add(s.delay_left)
                    .saturating_add(s.remaining),
            ),
            _ => None,
        }
    }

    /// A side's time at `now`, from the settled state and the running segment.
    fn live(&self, side: Color, now: Duration) -> Live {
        let s = self.sides.get(side);
        let mut live = Live {
            remaining: s.remaining,
            used: s.used,
            delay_left: s.delay_left,
            flag_fell_at: s.flag_fell_at,
        };
        let ClockState::Running(running) = self.state else {
            return live;
        };
        let elapsed = now.saturating_sub(self.since);
        if running == side {
            let in_delay = elapsed.min(s.delay_left);
            let main = elapsed - in_delay;
            live.used = s.used.saturating_add(elapsed);
            live.delay_left = s.delay_left - in_delay;
            live.remaining = s.remaining.saturating_sub(main);
            // The flag falls at the very instant the main time reaches zero, after the delay.
            let falls = self
                .since
                .saturating_add(s.delay_left)
                .saturating_add(s.remaining);
            if live.flag_fell_at.is_none() && falls <= now {
                live.flag_fell_at = Some(falls);
            }
        } else if let TimeControl::Sandclock(_) = self.control {
            // The sand the running side loses runs into this side's bulb, until the running side has none.
            let r = self.sides.get(running);
            let main = elapsed.saturating_sub(r.delay_left).min(r.remaining);
            live.remaining = s.remaining.saturating_add(main);
        }
        live
    }
}

#[derive(Debug, Clone, Copy)]
struct Live {
    remaining: Duration,
    used: Duration,
    delay_left: Duration,
    flag_fell_at: Option<Duration>,
}

/// R-GIII.4: the increment a player under 2 minutes may ask for, for both sides.
pub const QPF_INCREMENT: Duration = Duration::from_secs(5);
/// R-GIII.4-5: the opponent's extra time when the request of R-GIII.4 is granted or a quickplay-finish claim
/// is rejected or postponed.
pub const QPF_OPPONENT_BONUS: Duration = Duration::from_secs(120);
/// R-GIII.4-5: a player with less than this may ask for the increment or claim a draw.
pub const QPF_THRESHOLD: Duration = Duration::from_secs(120);

/// Time added to the opponent of a player who completed an illegal move (R-7.5.5, section 14 rows 1 and
/// 13): 2 minutes; in blitz under E14/E18, 1 minute (R-B.2). `None` for blitz under E05/E09, where the
/// opponent instead claims the win (R-B.6). (E14's appendices are not in the sources: it follows E18.)
/// Rapid keeps 2 minutes in every edition (R-A.4.2 applies 7.5.5).
pub fn illegal_move_bonus(class: TimeClass, edition: Edition) -> Option<Duration> {
    match (class, edition) {
        (TimeClass::Blitz, Edition::E2005 | Edition::E2009) => None,
        (TimeClass::Blitz, Edition::E2014 | Edition::E2018) => Some(Duration::from_secs(60)),
        _ => Some(Duration::from_secs(120)),
    }
}

/// Time added to the opponent of a player whose draw claim was wrong (R-9.5.3, section 14 row 4):
/// E14/E18 2 minutes, 1 in blitz (R-B.2); E05/E09 3 minutes. (E14 follows E18, R-EDN.2.)
/// Under E05 the claimant also loses time: see [`wrong_claim_cut`].
pub fn wrong_claim_bonus(class: TimeClass, edition: Edition) -> Duration {
    match (class, edition) {
        (_, Edition::E2005 | Edition::E2009) => Duration::from_secs(180),
        (TimeClass::Blitz, _) => Duration::from_secs(60),
        _ => Duration::from_secs(120),
    }
}

/// E05 9.5(β) (section 14 row 4): the time taken from a wrong claimant who has `remaining` left. With
/// more than 2 minutes, half of it but at most 3 minutes; with 1 to 2 minutes, down to 1 minute; with less
/// than 1 minute, nothing. Other editions cut nothing.
pub fn wrong_claim_cut(edition: Edition, remaining: Duration) -> Duration {
    const MINUTE: Duration = Duration::from_secs(60);
    if edition != Edition::E2005 {
        return Duration::ZERO;
    }
    if remaining > 2 * MINUTE {
        (remaining / 2).min(3 * MINUTE)
    } else {
        remaining.saturating_sub(MINUTE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn settling_in_pieces_changes_nothing() {
        // 5 s with a 2 s delay. One clock settles at 1.5 s and 3 s by pauses; the other does not.
        let tc = TimeControl::sudden_death(Duration::from_secs(5), Duration::ZERO)
            .with_delay(Duration::from_secs(2));
        let mut a = Clock::new(tc.clone()).unwrap();
        let b = {
            let mut b = Clock::new(tc).unwrap();
            b.start(Color::White, ms(0)).unwrap();
            b
        };
        a.start(Color::White, ms(0)).unwrap();
        a.pause(ms(1500)).unwrap();
        a.resume(ms(1500)).unwrap();
        a.pause(ms(3000)).unwrap();
        a.resume(ms(3000)).unwrap();
        // At 4 s: delay 2 s used, main 2 s used: 3000 ms left, in both.
        assert_eq!(a.remaining(Color::White, ms(4000)), ms(3000));
        assert_eq!(b.remaining(Color::White, ms(4000)), ms(3000));
        // Flag at 2 s delay + 5 s main = 7 s.
        assert_eq!(a.next_due(ms(4000)), Some(ms(7000)));
        assert_eq!(b.next_due(ms(4000)), Some(ms(7000)));
    }

    #[test]
    fn hand_over_switches_the_running_side_without_a_move() {
        let tc = TimeControl::sudden_death(Duration::from_secs(600), Duration::from_secs(5));
        let mut c = Clock::new(tc).unwrap();
        c.hand_over(Color::Black, ms(0));
        assert_eq!(
            c.state(),
            ClockState::NotStarted,
            "nothing before the start"
        );
        c.start(Color::White, ms(0)).unwrap();
        c.hand_over(Color::Black, ms(10_000));
        assert_eq!(c.running(), Some(Color::Black));
        assert_eq!(
            c.remaining(Color::White, ms(15_000)),
            Duration::from_secs(590)
        );
        assert_eq!(
            c.remaining(Color::Black, ms(15_000)),
            Duration::from_secs(595)
        );
        assert_eq!(
            c.moves_completed(Color::White),
            0,
            "no move counted, no increment"
        );
        c.pause(ms(15_000)).unwrap();
        c.hand_over(Color::White, ms(20_000));
        assert_eq!(c.state(), ClockState::Paused(Color::White));
        c.resume(ms(30_000)).unwrap();
        assert_eq!(
            c.remaining(Color::White, ms(31_000)),
            Duration::from_secs(589)
        );
        assert_eq!(
            c.remaining(Color::Black, ms(31_000)),
            Duration::from_secs(595)
        );
        assert!(matches!(
            c.audit()[0].action,
            ArbiterAction::HandOver { side: Color::Black }
        ));
    }

    #[test]
    fn period_of_counts_through_repeating_periods() {
        // 40/7200 repeats: 85 moves = 40 + 40 + 5, period 3 with 5 moves in it.
        let clock = Clock::new(TimeControl::from_pgn("40/7200").unwrap()).unwrap();
        assert_eq!(clock.period_of(85), (3, 5));
        assert_eq!(clock.period_of(39), (1, 39));
        let clock = Clock::new(TimeControl::from_pgn("40/5400+30:1800+30").unwrap()).unwrap();
        assert_eq!(clock.period_of(100), (2, 60));
    }

    #[test]
    fn e05_cut() {
        let m = |n: u64| Duration::from_secs(n * 60);
        assert_eq!(wrong_claim_cut(Edition::E2005, m(10)), m(3));
        assert_eq!(wrong_claim_cut(Edition::E2005, m(4)), m(2));
        assert_eq!(wrong_claim_cut(Edition::E2005, m(2)), m(1));
        assert_eq!(
            wrong_claim_cut(Edition::E2005, Duration::from_secs(90)),
            Duration::from_secs(30)
        );
        assert_eq!(
            wrong_claim_cut(Edition::E2005, Duration::from_secs(59)),
            Duration::ZERO
        );
        assert_eq!(wrong_claim_cut(Edition::E2018, m(10)), Duration::ZERO);
    }
}
