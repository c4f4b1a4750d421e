//! The talking clock in the session: presses, announcements at thresholds, flags, penalties, arbiter actions.

use std::time::Duration;

use shakmaty::Color;

use super::{ClockSettings, Cue, Effect, Kind, Session, say};
use crate::rules::clock::{self, ArbiterAction, Clock, ClockEvent, ClockState};
use crate::rules::time_control::{TimeClass, TimeControl, parse_clock_comment};
use crate::rules::{EndReason, Ending, GameResult, MatingChance};
use crate::words;
use crate::words::Phrases;
use crate::words::action::Arg;

/// The clock of a game and what it has already said.
pub(super) struct Timing {
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
    pub(super) fn arm_side(&mut self, side: Color, now: Duration, settings: &ClockSettings) {
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
        // is the next to fall due (one look, not one per threshold: issue 10.7).
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

pub(super) fn parse_side(text: &str) -> Option<Color> {
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

impl Session {
    pub(super) fn t(&self, d: Duration) -> String {
        self.config.t(d)
    }

    /// When the edge should wake the session next (real time only; the virtual clock moves by `wait`).
    pub fn next_wake(&self, real_now: Duration) -> Option<Duration> {
        if self.m.virtual_now.is_some() || self.m.game.is_over() {
            return None;
        }
        self.m
            .timing
            .as_ref()?
            .next_due(real_now, &self.config.clock)
    }

    /// Everything that has fallen due by `now`, in order: flags, period and threshold announcements, cues.
    pub(super) fn tick(&mut self, now: Duration) -> Vec<Effect> {
        let mut out = Vec::new();
        if self.m.game.is_over() {
            return out;
        }
        let settings = self.config.clock.clone();
        let Some(timing) = &mut self.m.timing else {
            return out;
        };
        let events = timing.clock.observe(now);
        for e in events {
            if let ClockEvent::FlagFell { side, .. } = e {
                if settings.observe_flags {
                    out.push(Effect::Cue(Cue::FlagFall));
                    out.extend(self.decide_flag(side, now));
                    return out;
                }
                // observed but not decided here: an alert, and a claim (`flag`) decides.
                out.extend(self.flag_alert(side));
            }
        }
        let Some(timing) = &mut self.m.timing else {
            return out;
        };
        let ClockState::Running(side) = timing.clock.state() else {
            return out;
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
            let text = self.p(
                "time.left",
                &[("side", &self.side(side)), ("time", &self.t(said))],
            );
            out.push(say(Kind::Event, text));
            if said <= FIVE_MINUTES {
                out.push(Effect::Cue(Cue::LowTime));
            }
        }
        let Some(timing) = &mut self.m.timing else {
            return out;
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
                    let text = self.p(
                        "time.left",
                        &[("side", &self.side(side)), ("time", &self.t(r))],
                    );
                    out.push(say(Kind::Event, text));
                }
                Some(_) => {}
            }
        }
        out
    }

    /// The mover presses the clock: the move is completed. Period starts are announced.
    pub(super) fn press(&mut self, mover: Color, now: Duration) -> Vec<Effect> {
        let settings = self.config.clock.clone();
        let Some(timing) = &mut self.m.timing else {
            return Vec::new();
        };
        let Ok(events) = timing.clock.press(mover, now) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for e in events {
            if let ClockEvent::PeriodStarted { side, added, .. } = e {
                let timing = self.m.timing.as_mut().expect("checked");
                timing.arm_side(side, now, &settings);
                let left = timing.clock.remaining(side, now);
                if settings.announce_period_start {
                    let text = self.p(
                        "time.period_started",
                        &[
                            ("side", &self.side(side)),
                            ("added", &self.t(added)),
                            ("time", &self.t(left)),
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
    pub(super) fn mark_clock(&mut self, mover: Color, now: Duration) {
        let Some(timing) = &self.m.timing else { return };
        let left = timing.clock.remaining(mover, now);
        if let Some(ply) = self.m.game.plies_mut().last_mut() {
            ply.annotations.comments.retain(|c| parse_clk(c).is_none());
            ply.annotations.comments.push(clk_comment(left));
        }
    }

    /// Writes `side`'s remaining time into the record after the ply at `ply` (a move completed later than the
    /// last one: a late press, R-6.2.2, or a completion by the mover's next move, R-6.2.1.2).
    pub(super) fn mark_clock_on(&mut self, ply: usize, side: Color, now: Duration) {
        let Some(timing) = &self.m.timing else { return };
        let left = timing.clock.remaining(side, now);
        if let Some(p) = self.m.game.plies_mut().get_mut(ply) {
            p.annotations.comments.retain(|c| parse_clk(c).is_none());
            p.annotations.comments.push(clk_comment(left));
        }
    }

    /// The game has ended: the clock stops.
    pub(super) fn stop_clock(&mut self, now: Duration) {
        if let Some(t) = &mut self.m.timing {
            t.clock.stop(now);
        }
    }

    /// the flagged side loses, unless the opponent cannot checkmate by any series of legal moves.
    fn decide_flag(&mut self, side: Color, now: Duration) -> Vec<Effect> {
        if self.m.game.is_over() {
            return Vec::new();
        }
        let opponent = side.other();
        let cannot_mate = self.m.game.can_checkmate(opponent) == MatingChance::No;
        let ending = if cannot_mate {
            Ending::draw(EndReason::DrawOnTime)
        } else {
            Ending::new(EndReason::TimeForfeit, GameResult::win_for(opponent))
        };
        self.m.game.end(ending);
        self.m.adjourned = None;
        self.stop_clock(now);
        let key = if cannot_mate {
            "flag.draw"
        } else {
            "flag.lost"
        };
        let text = self.p(
            key,
            &[
                ("side", &self.side(side)),
                ("opponent", &self.side(opponent)),
                ("result", &self.result_words(ending.result)),
            ],
        );
        let mut out = vec![say(Kind::GameEnd, text), Effect::Cue(Cue::GameEnd)];
        out.extend(self.autosave());
        out
    }

    pub(super) fn result_words(&self, r: GameResult) -> String {
        self.config
            .phrases
            .get(match r {
                GameResult::WhiteWins => "result.white_wins",
                GameResult::BlackWins => "result.black_wins",
                GameResult::Draw => "result.draw",
            })
            .to_string()
    }

    fn no_clock(&self) -> Vec<Effect> {
        vec![say(Kind::Refusal, self.p("clock.none", &[]))]
    }

    fn both(&self, key: &str, white: Duration, black: Duration) -> String {
        self.p(
            key,
            &[
                ("white_side", &self.side(Color::White)),
                ("black_side", &self.side(Color::Black)),
                ("white", &self.t(white)),
                ("black", &self.t(black)),
            ],
        )
    }

    /// ANN-T1: remaining time of both sides, in words.
    pub(super) fn time_answer(&self, now: Duration) -> Vec<Effect> {
        let Some(t) = &self.m.timing else {
            return self.no_clock();
        };
        let text = self.both(
            "time.both",
            t.clock.remaining(Color::White, now),
            t.clock.remaining(Color::Black, now),
        );
        vec![say(Kind::Answer, text)]
    }

    /// ANN-T2 / D.2.10.4: time used by both sides.
    pub(super) fn used_answer(&self, now: Duration) -> Vec<Effect> {
        let Some(t) = &self.m.timing else {
            return self.no_clock();
        };
        let text = self.both(
            "time.used",
            t.clock.used(Color::White, now),
            t.clock.used(Color::Black, now),
        );
        vec![say(Kind::Answer, text)]
    }

    /// ANN-T4: the time control read back, with the period each side is in.
    pub(super) fn control_answer(&self, _now: Duration) -> Vec<Effect> {
        let Some(t) = &self.m.timing else {
            return self.no_clock();
        };
        let mut text = self.p(
            "time.control",
            &[(
                "control",
                &words::time::control(&self.config.phrases, &t.control),
            )],
        );
        if t.control.periods().len() > 1 {
            for side in [Color::White, Color::Black] {
                let period = t.clock.period(side).to_string();
                text.push_str(&format!(
                    "; {}",
                    self.p(
                        "tc.period",
                        &[("side", &self.side(side)), ("period", &period)]
                    )
                ));
            }
        }
        vec![say(Kind::Answer, text)]
    }

    /// a flag claimed. Decided for the side whose flag fell first.
    pub(super) fn flag_claim(&mut self, now: Duration) -> Vec<Effect> {
        if let Some(e) = self.m.game.ending() {
            return vec![say(Kind::Refusal, self.game_over(e))];
        }
        let Some(t) = &self.m.timing else {
            return self.no_clock();
        };
        match t.clock.first_flag(now) {
            Some((side, _)) => self.decide_flag(side, now),
            None => {
                let text = self.both(
                    "flag.not_fallen",
                    t.clock.remaining(Color::White, now),
                    t.clock.remaining(Color::Black, now),
                );
                vec![say(Kind::Refusal, text)]
            }
        }
    }

    /// `wait DURATION` with the virtual clock: time passes, and whatever falls due is said at its moment.
    pub(super) fn wait(&mut self, arg: &Arg<Duration>, now: Duration) -> Vec<Effect> {
        let Some(virtual_now) = self.m.virtual_now else {
            return vec![say(Kind::Refusal, self.p("wait.none", &[]))];
        };
        let Arg::Given(d) = *arg else {
            let text = match arg {
                Arg::Bad(t) => t.as_str(),
                _ => "",
            };
            return vec![say(
                Kind::Refusal,
                self.p("wait.bad", &[("text", &words::quote(text))]),
            )];
        };
        let target = virtual_now.max(now).saturating_add(d);
        let mut out = Vec::new();
        let mut at = virtual_now;
        for _ in 0..100_000 {
            let due = match &self.m.timing {
                Some(t) if !self.m.game.is_over() => t
                    .next_due(at, &self.config.clock)
                    .filter(|d| *d > at && *d <= target),
                _ => None,
            };
            let Some(due) = due else { break };
            at = due;
            self.m.virtual_now = Some(at);
            out.extend(self.tick(at));
        }
        self.m.virtual_now = Some(target);
        out.extend(self.tick(target));
        out
    }

    /// an illegal move was completed by the side to move (recorded by the arbiter or assistant). The
    /// position stays as before it; the opponent gets time; the second (third before 2014) loses, unless the
    /// opponent cannot checkmate. An unpromoted pawn on the last rank becomes a queen and the move stands
    ///
    pub(super) fn illegal(&mut self, rest: &str, now: Duration) -> Vec<Effect> {
        if let Some(e) = self.m.game.ending() {
            return vec![say(Kind::Refusal, self.game_over(e))];
        }
        let offender = self.m.game.turn();
        let mut out = Vec::new();
        if !rest.is_empty() {
            match words::parse_move(&self.m.game, &self.config.vocabulary, rest) {
                Err(words::MoveInputError::PromotionNeeded { from, to }) => {
                    let queen = self.m.game.legal_moves().into_iter().find(|m| {
                        m.from() == Some(from)
                            && m.to() == to
                            && m.promotion() == Some(shakmaty::Role::Queen)
                    });
                    if let Some(m) = queen {
                        let queen_word = self
                            .config
                            .vocabulary
                            .piece(shakmaty::Role::Queen)
                            .to_string();
                        out.push(say(
                            Kind::Event,
                            self.p("illegal.promotion", &[("queen", &queen_word)]),
                        ));
                        // The press completed it: the move stands, entered like any other.
                        out.extend(self.enter_move(m, super::Completion::AsEntered, now));
                        let note = self.p(
                            "pgn.illegal_promotion",
                            &[
                                ("side", &self.side(offender)),
                                ("article", self.illegal_article()),
                            ],
                        );
                        self.note_on_record(note);
                        if self.m.game.is_over() {
                            out.extend(self.autosave());
                            return out;
                        }
                        out.extend(self.penalise_illegal(offender, now, false));
                        out.extend(self.autosave());
                        return out;
                    }
                }
                Ok(_) => {
                    // A legal move is no illegal move: nothing to penalise.
                    return vec![say(
                        Kind::Refusal,
                        self.p(
                            "err.other",
                            &[("reason", &format!("{}: legal", words::quote(rest)))],
                        ),
                    )];
                }
                Err(_) => {}
            }
        }
        // The record keeps the illegal move for the arbiter (R-7.5.1: the position before it is restored).
        let note = if rest.is_empty() {
            self.p(
                "pgn.illegal",
                &[
                    ("side", &self.side(offender)),
                    ("article", self.illegal_article()),
                ],
            )
        } else {
            self.p(
                "pgn.illegal_move",
                &[
                    ("side", &self.side(offender)),
                    ("move", &words::quote(rest)),
                    ("article", self.illegal_article()),
                ],
            )
        };
        self.note_on_record(note);
        out.extend(self.penalise_illegal(offender, now, true));
        out.extend(self.autosave());
        out
    }

    /// R-7.5.3 (2018 Laws only): pressing the clock without making a move counts as an illegal move. A press
    /// without a move may be a key bounce or a slip of the operator, so it is asked first: no entry that hector
    /// cannot tell from a slip decides a game without a confirmation. Under earlier editions it is no illegal
    /// move: nothing is recorded, the arbiter may rule on it.
    pub(super) fn press_without_move(&mut self, side: Color, now: Duration) -> Vec<Effect> {
        let _ = now;
        if let Some(e) = self.m.game.ending() {
            return vec![say(Kind::Refusal, self.game_over(e))];
        }
        let edition = self.m.game.edition();
        if edition != crate::rules::Edition::E2018 {
            return vec![self.to_operator(self.p(
                "press.not_illegal",
                &[
                    ("side", &self.side(side)),
                    ("edition", &edition.to_string()),
                ],
            ))];
        }
        let p = super::Pending::PressWithoutMove(side);
        self.pending = Some(p);
        vec![self.to_operator(self.question(p))]
    }

    /// `yes` to the question of a press without a move: it is recorded as an illegal move.
    pub(super) fn press_without_move_confirmed(
        &mut self,
        side: Color,
        now: Duration,
    ) -> Vec<Effect> {
        if let Some(e) = self.m.game.ending() {
            return vec![say(Kind::Refusal, self.game_over(e))];
        }
        let mut out = vec![say(
            Kind::Event,
            self.p("illegal.press", &[("side", &self.side(side))]),
        )];
        let note = self.p("pgn.press_without_move", &[("side", &self.side(side))]);
        self.note_on_record(note);
        out.extend(self.penalise_illegal(side, now, true));
        out.extend(self.autosave());
        out
    }

    /// The article of the illegal-move penalty in the game's edition (section 14 row 1): 7.5.5 (2018), 7.5 b
    /// (2014), 7.4 b (2005, 2009).
    pub(super) fn illegal_article(&self) -> &'static str {
        match self.m.game.edition() {
            crate::rules::Edition::E2018 => "7.5.5",
            crate::rules::Edition::E2014 => "7.5 b",
            crate::rules::Edition::E2005 | crate::rules::Edition::E2009 => "7.4 b",
        }
    }

    fn penalise_illegal(&mut self, offender: Color, now: Duration, restored: bool) -> Vec<Effect> {
        let opponent = offender.other();
        let edition = self.m.game.edition();
        self.m.illegal[idx(offender)] += 1;
        let n = self.m.illegal[idx(offender)];
        let class = self
            .m
            .timing
            .as_ref()
            .map_or(TimeClass::Standard, |t| t.class);
        let bonus = clock::illegal_move_bonus(class, edition);
        // Section 14 row 1: the second illegal move loses from 2014 on, the third before; in 2005/2009 blitz the
        // first one, on the opponent's claim (no time bonus exists there).
        let limit = if matches!(
            edition,
            crate::rules::Edition::E2005 | crate::rules::Edition::E2009
        ) {
            3
        } else {
            2
        };
        let mut out = vec![
            say(
                Kind::Event,
                self.p(
                    "illegal.count",
                    &[("n", &n.to_string()), ("side", &self.side(offender))],
                ),
            ),
            Effect::Cue(Cue::Illegal),
        ];
        if n >= limit || bonus.is_none() {
            let cannot_mate = self.m.game.can_checkmate(opponent) == MatingChance::No;
            let ending = if cannot_mate {
                Ending::draw(EndReason::DrawAfterIllegalMove)
            } else {
                Ending::new(EndReason::IllegalMoveForfeit, GameResult::win_for(opponent))
            };
            self.m.game.end(ending);
            self.stop_clock(now);
            out.push(say(Kind::GameEnd, self.ending_text(ending)));
            out.push(Effect::Cue(Cue::GameEnd));
            return out;
        }
        let bonus = bonus.unwrap_or_default();
        if let Some(t) = &mut self.m.timing {
            t.clock.add_time(opponent, bonus, now);
        }
        let article = self.illegal_article();
        if restored {
            let text = self.p(
                "illegal.penalty",
                &[
                    ("side", &self.side(offender)),
                    ("opponent", &self.side(opponent)),
                    ("bonus", &self.t(bonus)),
                    ("article", article),
                ],
            );
            out.push(say(Kind::Event, text));
        } else {
            out.push(say(
                Kind::Event,
                self.p(
                    "illegal.bonus",
                    &[
                        ("opponent", &self.side(opponent)),
                        ("bonus", &self.t(bonus)),
                        ("article", article),
                    ],
                ),
            ));
        }
        out
    }

    /// R-9.5.3 (and section 14 row 4): a wrong claim gives the opponent time; in 2005 the claimant is also cut.
    pub(super) fn wrong_claim_penalty(&mut self, claimant: Color, now: Duration) -> Vec<Effect> {
        let edition = self.m.game.edition();
        let Some(t) = &mut self.m.timing else {
            return Vec::new();
        };
        let opponent = claimant.other();
        let bonus = clock::wrong_claim_bonus(t.class, edition);
        t.clock.add_time(opponent, bonus, now);
        let cut = clock::wrong_claim_cut(edition, t.clock.remaining(claimant, now));
        if !cut.is_zero() {
            t.clock.deduct_time(claimant, cut, now);
        }
        let mut out = vec![say(
            Kind::Event,
            self.p(
                "claim.bonus",
                &[
                    ("opponent", &self.side(opponent)),
                    ("bonus", &self.t(bonus)),
                ],
            ),
        )];
        if !cut.is_zero() {
            out.push(say(
                Kind::Event,
                self.p(
                    "claim.cut",
                    &[("side", &self.side(claimant)), ("cut", &self.t(cut))],
                ),
            ));
        }
        out
    }

    /// R-GIII.4: the player to move, under 2 minutes, in a game without increment (not blitz), asks for a
    /// 5-second increment for both. The request is a draw offer.
    pub(super) fn request_increment(&mut self, now: Duration) -> Vec<Effect> {
        if let Some(e) = self.m.game.ending() {
            return vec![say(Kind::Refusal, self.game_over(e))];
        }
        let side = self.m.game.turn();
        let eligible = self.m.timing.as_ref().is_some_and(|t| {
            !t.control.has_time_per_move()
                && t.clock.per_move(side).amount().is_zero()
                && t.class != TimeClass::Blitz
                && t.clock.remaining(side, now) < clock::QPF_THRESHOLD
        });
        if !eligible {
            return vec![say(Kind::Refusal, self.p("qpf.not_eligible", &[]))];
        }
        if let Err(e) = self.m.game.offer_draw(side) {
            return vec![say(Kind::Refusal, self.game_error(&e))];
        }
        self.m.qpf_request = Some(side);
        vec![
            say(
                Kind::Event,
                self.p("qpf.request", &[("side", &self.side(side))]),
            ),
            Effect::Cue(Cue::DrawOffer),
        ]
    }

    /// R-GIII.4: the offer was declined; the arbiter grants the increment, and the opponent gets 2 minutes.
    pub(super) fn grant_increment(&mut self, requester: Color, now: Duration) -> Vec<Effect> {
        if self.m.qpf_request != Some(requester) {
            return Vec::new();
        }
        self.m.qpf_request = None;
        let Some(t) = &mut self.m.timing else {
            return Vec::new();
        };
        t.clock.introduce_increment(clock::QPF_INCREMENT, now);
        t.clock
            .add_time(requester.other(), clock::QPF_OPPONENT_BONUS, now);
        vec![say(
            Kind::Event,
            self.p(
                "qpf.granted",
                &[("opponent", &self.side(requester.other()))],
            ),
        )]
    }

    /// The arbiter's actions on the clock and the game, with an audit trail.
    pub(super) fn arbiter(&mut self, rest: &str, now: Duration) -> Vec<Effect> {
        let parts: Vec<&str> = rest.split_whitespace().collect();
        let usage = || vec![say(Kind::Refusal, self.p("arbiter.usage", &[]))];
        let Some(action) = parts.first().map(|s| s.to_lowercase()) else {
            return usage();
        };
        match (action.as_str(), &parts[1..]) {
            ("draw", []) | ("win", [_]) => {
                if let Some(e) = self.m.game.ending() {
                    return vec![say(Kind::Refusal, self.game_over(e))];
                }
                let result = match parts.get(1).map(|s| parse_side(s)) {
                    None => GameResult::Draw,
                    Some(Some(side)) => GameResult::win_for(side),
                    Some(None) => return usage(),
                };
                let ending = Ending::new(EndReason::ArbiterDecision, result);
                self.m.game.end(ending);
                self.m.adjourned = None;
                self.stop_clock(now);
                let mut out = vec![
                    say(Kind::GameEnd, self.ending_text(ending)),
                    Effect::Cue(Cue::GameEnd),
                ];
                out.extend(self.autosave());
                out
            }
            ("log", []) => {
                let Some(t) = &self.m.timing else {
                    return self.no_clock();
                };
                if t.clock.audit().is_empty() {
                    return vec![say(Kind::Answer, self.p("arbiter.log_empty", &[]))];
                }
                let entries: Vec<String> = t
                    .clock
                    .audit()
                    .iter()
                    .map(|e| self.audit_words(e.at, e.action))
                    .collect();
                vec![say(
                    Kind::Answer,
                    self.p("arbiter.log", &[("entries", &entries.join("; "))]),
                )]
            }
            ("pause", []) | ("resume", []) => {
                let Some(t) = &mut self.m.timing else {
                    return self.no_clock();
                };
                let (result, key) = if action == "pause" {
                    (t.clock.pause(now), "clock.paused")
                } else {
                    (t.clock.resume(now), "clock.resumed")
                };
                match result {
                    Ok(()) => vec![say(Kind::Event, self.p(key, &[]))],
                    Err(e) => vec![say(
                        Kind::Refusal,
                        self.p("err.other", &[("reason", &e.to_string())]),
                    )],
                }
            }
            // Corrections within a minute (FIDE's standard for clocks; ): `time SIDE TIME` is `set`.
            ("add" | "set" | "late" | "time", [side, amount]) => {
                let (Some(side), Some(d)) = (parse_side(side), parse_duration(amount)) else {
                    return usage();
                };
                let Some(t) = &mut self.m.timing else {
                    return self.no_clock();
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
                    self.p(key, &[("side", &self.side(side)), ("time", &self.t(d))]),
                )]
            }
            // commentary: the game's move counter, N moves completed by White; Black's follows
            // from whose clock runs (N-1 while Black's runs: Black is making move N).
            ("moves", [n]) => {
                let Ok(n) = n.parse::<u32>() else {
                    return usage();
                };
                let Some(t) = &mut self.m.timing else {
                    return self.no_clock();
                };
                let black_moving = match t.clock.state() {
                    ClockState::Running(side) | ClockState::Paused(side) => side == Color::Black,
                    _ => self.m.game.turn() == Color::Black,
                };
                let black = if black_moving { n.saturating_sub(1) } else { n };
                t.clock.set_moves(Color::White, n, now);
                t.clock.set_moves(Color::Black, black, now);
                self.m.counter_corrected = true;
                vec![say(
                    Kind::Event,
                    self.p(
                        "arbiter.moves_both",
                        &[
                            ("white_side", &self.side(Color::White)),
                            ("white", &n.to_string()),
                            ("black_side", &self.side(Color::Black)),
                            ("black", &black.to_string()),
                        ],
                    ),
                )]
            }
            ("moves", [side, n]) => {
                let (Some(side), Ok(n)) = (parse_side(side), n.parse::<u32>()) else {
                    return usage();
                };
                let Some(t) = &mut self.m.timing else {
                    return self.no_clock();
                };
                t.clock.set_moves(side, n, now);
                self.m.counter_corrected = true;
                vec![say(
                    Kind::Event,
                    self.p(
                        "arbiter.moves",
                        &[("side", &self.side(side)), ("n", &n.to_string())],
                    ),
                )]
            }
            _ => usage(),
        }
    }

    fn audit_words(&self, at: Duration, action: ArbiterAction) -> String {
        let what = match action {
            ArbiterAction::Pause => self.p("clock.paused", &[]),
            ArbiterAction::Resume => self.p("clock.resumed", &[]),
            ArbiterAction::SetRemaining { side, remaining } => self.p(
                "arbiter.set",
                &[("side", &self.side(side)), ("time", &self.t(remaining))],
            ),
            ArbiterAction::AddTime { side, amount } => self.p(
                "arbiter.added",
                &[("side", &self.side(side)), ("time", &self.t(amount))],
            ),
            ArbiterAction::SetMoves {
                side,
                moves_completed,
            } => self.p(
                "arbiter.moves",
                &[
                    ("side", &self.side(side)),
                    ("n", &moves_completed.to_string()),
                ],
            ),
            ArbiterAction::LateArrival { side, elapsed } => self.p(
                "arbiter.late",
                &[("side", &self.side(side)), ("time", &self.t(elapsed))],
            ),
            other => format!("{other:?}"),
        };
        format!("{}: {what}", self.t(at))
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
        assert_eq!(s.next_wake(Duration::ZERO), Some(Duration::from_secs(5)));
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
        assert!(!s.game().is_over(), "a claim decides, not hector");
        let wake = s.next_wake(Duration::from_secs(6));
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
