//! The clock's state and the made move, kept with every save as a PGN tag and restored on resumption.
//!
//! Every save of a game with a clock or under the tournament profile carries the tag `HectorClock`, written in
//! the same atomic save as the moves, so the file never holds moves of one moment and a clock of another:
//!
//! `[HectorClock "at=1795611900000 clock=white since=1795611720000 white=5190000/270000/1/0 black=5370000/120000/1/0 made=white@3 unpressed=1/0 illegal=0/0 virtual=no"]`
//!
//! `at`: when it was saved (UTC wall time, milliseconds since 1970); `clock`: which clock runs (`white`,
//! `black`), or `paused-white`/`paused-black`, `not-started`, `stopped`, `none` (no clock); `since`: since when
//! it runs (UTC wall time); `white`/`black`: remaining time, time used, moves completed (the move counter),
//! delay left, as at `at` (milliseconds); `made`: the move made and waiting for its press (its mover and its
//! half-move number), or `-`; `unpressed`: moves made by White and Black whose press is still owed;
//! `illegal`: illegal moves completed by White and Black; `virtual`: kept by a virtual clock.
//! Written only when they hold: `permove` (an increment or delay set during the game, R-GIII.4, R-6.10.2);
//! `qpf=white|black`: that side's request for the 5-second increment, open until the arbiter decides (R-GIII.4;
//! it counts as a draw offer, restored with it); `counter=arbiter`: the arbiter corrected the clock's move
//! counter, so `count` says the clock's counter too; `offer=white|black`: that side's draw offer is
//! open (R-9.1.2: it stands until the opponent accepts or rejects it, also when made before the offerer's own move,
//! which the record cannot mark); `offer=none`: the offer marked (=) on the record's last move was declined (the
//! record cannot say so). A tag written before these keys existed reads with none of them (no request, the counter
//! not corrected, no offer but the one marked on the record's last move).
//! `end=REASON`: why a finished game ended (`illegal-move`, `draw-after-illegal-move`, `arbiter`, `resignation`,
//! `agreement`, `threefold`, `fifty-moves`, `time-forfeit`, `draw-on-time`, ...), which PGN's Termination tag says
//! only coarsely: a loaded finished game keeps it (see `Game::restore_reason`).
//! Unknown keys are skipped; a tag that cannot be read whole is not used, and the player is told why.
//!
//! An adjourned game goes on from the same tag: only its clock times are its envelope's (R-GI.5); the illegal
//! moves, the made move, the presses owed, `permove`, `qpf`, `counter` and `offer` are restored from the tag, as for any
//! game.

use std::time::{Duration, SystemTime};

use shakmaty::{ByColor, Color};

use super::Config;
use super::Match;
use super::timing::Timing;
use crate::rules::clock::{Clock, ClockState, KeptSide};
use crate::rules::time_control::{PerMove, TimeClass, TimeControl};
use crate::rules::{EndReason, Game};
use crate::words;

/// The PGN tag that keeps the clock's state and the made move.
pub const TAG: &str = "HectorClock";

/// The longest tag value read (outside input is bounded).
const MAX_TAG: usize = 600;
/// The most time a kept clock may show or have used: 1000 hours.
const MAX_MS: u64 = 1000 * 3600 * 1000;
/// The longest move counter read.
const MAX_MOVES: u32 = 10_000;
/// The most illegal moves per side read (a game is lost long before, R-7.5.5).
const MAX_ILLEGAL: u32 = 100;

/// Which clock ran when the game was kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::session) enum Run {
    NoClock,
    NotStarted,
    Running(Color),
    Paused(Color),
    Stopped,
}

/// The state kept with the game at its last save.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::session) struct Kept {
    /// When it was saved: milliseconds since 1970, UTC.
    pub at_ms: Option<u64>,
    pub run: Run,
    pub since_ms: Option<u64>,
    /// White's and Black's clocks as at `at_ms`.
    pub sides: Option<[KeptSide; 2]>,
    /// The move made and not completed: its mover and its index in the record.
    pub made: Option<(Color, usize)>,
    pub unpressed: [u32; 2],
    pub illegal: [u32; 2],
    pub virtual_clock: bool,
    /// R-GIII.4 / R-6.10.2: an increment or delay set during the game.
    pub per_move: Option<PerMove>,
    /// R-GIII.4: the side whose request for the 5-second increment (a draw offer) awaits the arbiter.
    pub qpf: Option<Color>,
    /// the arbiter corrected the clock's move counter (the counts are the sides' `moves`).
    pub counter_set: bool,
    /// the side whose draw offer is open (made before or after its own move).
    pub offer: Option<Color>,
    /// the offer marked on the record's last move is no longer open (it was declined).
    pub offer_declined: bool,
    /// Why the finished game ended.
    pub end: Option<EndReason>,
}

/// The words of `end=` (see the module's documentation).
const END_WORDS: [(EndReason, &str); 14] = [
    (EndReason::Checkmate, "checkmate"),
    (EndReason::Resignation, "resignation"),
    (EndReason::Stalemate, "stalemate"),
    (EndReason::DeadPosition, "dead-position"),
    (EndReason::Agreement, "agreement"),
    (EndReason::ThreefoldRepetition, "threefold"),
    (EndReason::FiftyMoves, "fifty-moves"),
    (EndReason::FivefoldRepetition, "fivefold"),
    (EndReason::SeventyFiveMoves, "seventy-five-moves"),
    (EndReason::TimeForfeit, "time-forfeit"),
    (EndReason::DrawOnTime, "draw-on-time"),
    (EndReason::IllegalMoveForfeit, "illegal-move"),
    (EndReason::DrawAfterIllegalMove, "draw-after-illegal-move"),
    (EndReason::ArbiterDecision, "arbiter"),
];

fn ms(d: Duration) -> u64 {
    d.as_millis().min(u128::from(u64::MAX)) as u64
}

fn color_word(c: Color) -> &'static str {
    c.fold_wb("white", "black")
}

fn color_of(word: &str) -> Option<Color> {
    match word {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// Wall time as milliseconds since 1970 (None before 1970).
pub(in crate::session) fn epoch_ms(t: SystemTime) -> Option<u64> {
    t.duration_since(SystemTime::UNIX_EPOCH).ok().map(ms)
}

fn number<T: std::str::FromStr + PartialOrd>(text: &str, max: T, what: &str) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(format!("{what} {}", words::quote(text))),
    }
}

fn pair(text: &str, what: &str) -> Result<[u32; 2], String> {
    let (a, b) = text
        .split_once('/')
        .ok_or_else(|| format!("{what} {}", words::quote(text)))?;
    Ok([number(a, MAX_ILLEGAL, what)?, number(b, MAX_ILLEGAL, what)?])
}

fn side_of(text: &str) -> Result<KeptSide, String> {
    let parts: Vec<&str> = text.split('/').collect();
    let [remaining, used, moves, delay] = parts[..] else {
        return Err(format!("clock {}", words::quote(text)));
    };
    Ok(KeptSide {
        remaining: Duration::from_millis(number(remaining, MAX_MS, "time")?),
        used: Duration::from_millis(number(used, MAX_MS, "time used")?),
        moves_completed: number(moves, MAX_MOVES, "move counter")?,
        delay_left: Duration::from_millis(number(delay, MAX_MS, "delay")?),
    })
}

impl Kept {
    /// The tag's value.
    pub fn to_tag(&self) -> String {
        let mut out = Vec::new();
        if let Some(at) = self.at_ms {
            out.push(format!("at={at}"));
        }
        out.push(format!(
            "clock={}",
            match self.run {
                Run::NoClock => "none".to_string(),
                Run::NotStarted => "not-started".to_string(),
                Run::Running(c) => color_word(c).to_string(),
                Run::Paused(c) => format!("paused-{}", color_word(c)),
                Run::Stopped => "stopped".to_string(),
            }
        ));
        if let Some(since) = self.since_ms {
            out.push(format!("since={since}"));
        }
        if let Some(sides) = &self.sides {
            for (c, s) in [(Color::White, sides[0]), (Color::Black, sides[1])] {
                out.push(format!(
                    "{}={}/{}/{}/{}",
                    color_word(c),
                    ms(s.remaining),
                    ms(s.used),
                    s.moves_completed,
                    ms(s.delay_left)
                ));
            }
        }
        out.push(match self.made {
            Some((c, ply)) => format!("made={}@{}", color_word(c), ply + 1),
            None => "made=-".to_string(),
        });
        out.push(format!(
            "unpressed={}/{}",
            self.unpressed[0], self.unpressed[1]
        ));
        out.push(format!("illegal={}/{}", self.illegal[0], self.illegal[1]));
        match self.per_move {
            Some(PerMove::Increment(d)) => out.push(format!("permove=increment:{}", ms(d))),
            Some(PerMove::Delay(d)) => out.push(format!("permove=delay:{}", ms(d))),
            Some(PerMove::Nothing) => out.push("permove=nothing".to_string()),
            None => {}
        }
        if let Some(c) = self.qpf {
            out.push(format!("qpf={}", color_word(c)));
        }
        if self.counter_set {
            out.push("counter=arbiter".to_string());
        }
        if let Some(c) = self.offer {
            out.push(format!("offer={}", color_word(c)));
        } else if self.offer_declined {
            out.push("offer=none".to_string());
        }
        if let Some(word) = self
            .end
            .and_then(|r| END_WORDS.iter().find(|(e, _)| *e == r))
        {
            out.push(format!("end={}", word.1));
        }
        out.push(format!(
            "virtual={}",
            if self.virtual_clock { "yes" } else { "no" }
        ));
        out.join(" ")
    }

    /// The tag read back and checked against the game it was kept with; `Err` says why it cannot be used.
    pub fn parse(text: &str, game: &Game) -> Result<Kept, String> {
        if text.len() > MAX_TAG {
            return Err(format!("longer than {MAX_TAG} characters"));
        }
        let mut kept = Kept {
            at_ms: None,
            run: Run::NoClock,
            since_ms: None,
            sides: None,
            made: None,
            unpressed: [0; 2],
            illegal: [0; 2],
            virtual_clock: false,
            per_move: None,
            qpf: None,
            counter_set: false,
            offer: None,
            offer_declined: false,
            end: None,
        };
        let (mut white, mut black, mut run) = (None, None, None);
        for token in text.split_whitespace() {
            let (key, value) = token
                .split_once('=')
                .ok_or_else(|| format!("no value in {}", words::quote(token)))?;
            match key {
                "at" => kept.at_ms = Some(number(value, u64::MAX, "time")?),
                "since" => kept.since_ms = Some(number(value, u64::MAX, "time")?),
                "clock" => {
                    run = Some(match value {
                        "none" => Run::NoClock,
                        "not-started" => Run::NotStarted,
                        "stopped" => Run::Stopped,
                        other => match other.strip_prefix("paused-") {
                            Some(c) => Run::Paused(color_of(c).ok_or("clock")?),
                            None => Run::Running(
                                color_of(other)
                                    .ok_or_else(|| format!("clock {}", words::quote(other)))?,
                            ),
                        },
                    })
                }
                "white" => white = Some(side_of(value)?),
                "black" => black = Some(side_of(value)?),
                "made" if value == "-" => kept.made = None,
                "made" => {
                    let (c, n) = value
                        .split_once('@')
                        .ok_or_else(|| format!("made {}", words::quote(value)))?;
                    let c = color_of(c).ok_or_else(|| format!("made {}", words::quote(value)))?;
                    let n: usize = number(n, game.plies().len(), "made")?;
                    // The made move is the last of the record, by its mover.
                    let fits = n == game.plies().len()
                        && n > 0
                        && game.plies()[n - 1].color() == c
                        && !game.is_over();
                    if !fits {
                        return Err(format!("made {} is not the last move", words::quote(value)));
                    }
                    kept.made = Some((c, n - 1));
                }
                "unpressed" => kept.unpressed = pair(value, "unpressed")?,
                "illegal" => kept.illegal = pair(value, "illegal")?,
                "virtual" => kept.virtual_clock = value == "yes",
                "permove" => {
                    let amount = |v: &str| number(v, MAX_MS, "permove").map(Duration::from_millis);
                    kept.per_move = Some(match value.split_once(':') {
                        Some(("increment", v)) => PerMove::Increment(amount(v)?),
                        Some(("delay", v)) => PerMove::Delay(amount(v)?),
                        None if value == "nothing" => PerMove::Nothing,
                        _ => return Err(format!("permove {}", words::quote(value))),
                    })
                }
                "qpf" => {
                    let c =
                        color_of(value).ok_or_else(|| format!("qpf {}", words::quote(value)))?;
                    kept.qpf = Some(c);
                }
                "counter" => {
                    kept.counter_set = match value {
                        "arbiter" => true,
                        "clock" => false,
                        _ => return Err(format!("counter {}", words::quote(value))),
                    }
                }
                "offer" if value == "none" => (kept.offer, kept.offer_declined) = (None, true),
                "offer" => {
                    let c =
                        color_of(value).ok_or_else(|| format!("offer {}", words::quote(value)))?;
                    (kept.offer, kept.offer_declined) = (Some(c), false);
                }
                "end" => {
                    let word = END_WORDS.iter().find(|(_, w)| *w == value);
                    kept.end = Some(
                        word.ok_or_else(|| format!("end {}", words::quote(value)))?
                            .0,
                    );
                }
                _ => {}
            }
        }
        kept.run = run.ok_or("no clock=")?;
        kept.sides = match (white, black) {
            (Some(w), Some(b)) => Some([w, b]),
            (None, None) => None,
            _ => return Err("one side's clock is missing".to_string()),
        };
        if kept.run != Run::NoClock && kept.sides.is_none() {
            return Err("the clocks are missing".to_string());
        }
        for c in [Color::White, Color::Black] {
            let made_by = game.plies().iter().filter(|p| p.color() == c).count();
            if kept.unpressed[c.fold_wb(0, 1)] as usize > made_by {
                return Err("more presses owed than moves".to_string());
            }
        }
        Ok(kept)
    }
}

/// The wall time at the session's time `real` (the edge gives when the session started; the session never reads
/// the clock itself).
pub(in crate::session) fn wall_ms(cfg: &Config, real: Duration) -> Option<u64> {
    let started = cfg.tournament.started?;
    epoch_ms(started.checked_add(real)?)
}

/// The kept state in a loaded game's tags, taken out of them (it is written anew with every save).
pub(in crate::session) fn take_kept(game: &mut Game) -> Option<Result<Kept, String>> {
    let text = game.tags.get(TAG)?.to_string();
    game.tags.retain(|name, _| name != TAG);
    let kept = Kept::parse(&text, game);
    // A finished game ends as it was kept, not as its Termination tag is guessed back. A tag written
    // before `end=` existed still tells a loss by illegal moves: the loser's count reached the edition's limit.
    if let Ok(k) = &kept
        && let Some(reason) = k.end.or_else(|| illegal_end(k, game))
    {
        game.restore_reason(reason);
    }
    Some(kept)
}

/// a finished game whose loser (or, drawn, either side) had as many illegal moves as lose in the game's
/// edition (2 from 2014 on, 3 before) ended by them.
fn illegal_end(kept: &Kept, game: &Game) -> Option<EndReason> {
    let limit = match game.edition() {
        crate::rules::Edition::E2005 | crate::rules::Edition::E2009 => 3,
        _ => 2,
    };
    let result = game.ending()?.result;
    let counted = match result.winner() {
        Some(w) => kept.illegal[w.other().fold_wb(0, 1)],
        None => kept.illegal.iter().copied().max().unwrap_or(0),
    };
    (counted >= limit).then_some(match result.winner() {
        Some(_) => EndReason::IllegalMoveForfeit,
        None => EndReason::DrawAfterIllegalMove,
    })
}

impl Match {
    /// The state to keep with the next save, as at the session's last command `now`, saved at the wall time
    /// `at_ms`. `tournament`: the profile's made move and presses owed, when it is on.
    pub(in crate::session) fn kept_now(
        &self,
        now: Duration,
        at_ms: Option<u64>,
        tournament: Option<(Option<(Color, usize)>, [u32; 2])>,
    ) -> Option<Kept> {
        if self.timing.is_none() && tournament.is_none() {
            return None;
        }
        let (run, since_ms, sides) = match &self.timing {
            None => (Run::NoClock, None, None),
            Some(t) => {
                let c = &t.clock;
                let run = match c.state() {
                    ClockState::NotStarted => Run::NotStarted,
                    ClockState::Running(s) => Run::Running(s),
                    ClockState::Paused(s) => Run::Paused(s),
                    ClockState::Stopped => Run::Stopped,
                };
                let since = c.running_since().and_then(|since| {
                    let back = now.saturating_sub(since);
                    at_ms.map(|at| at.saturating_sub(ms(back)))
                });
                (
                    run,
                    since,
                    Some([
                        c.kept_side(Color::White, now),
                        c.kept_side(Color::Black, now),
                    ]),
                )
            }
        };
        let (made, unpressed) = tournament.unwrap_or((None, [0; 2]));
        Some(Kept {
            at_ms,
            run,
            since_ms,
            sides,
            made,
            unpressed,
            illegal: self.illegal,
            virtual_clock: self.virtual_now.is_some(),
            per_move: self
                .timing
                .as_ref()
                .and_then(|t| t.clock.per_move_override()),
            qpf: self.qpf_request,
            counter_set: self.counter_corrected,
            offer: self.game.draw_offer(),
            offer_declined: self.game.draw_offer().is_none()
                && !self.game.is_over()
                && self.game.last_ply().is_some_and(|p| p.draw_offer),
            end: self.game.ending().map(|e| e.reason),
        })
    }

    /// [`Match::restore_kept`] with the notes of a resumed game: the made move restored (in the words of
    /// `announce`), and that the physical clock rules when the clock was restored.
    pub(in crate::session) fn resume_kept(
        &mut self,
        cfg: &Config,
        now: Duration,
        wall_now: Option<u64>,
        announce: impl Fn(&crate::rules::Ply) -> String,
    ) -> (bool, Vec<String>, Option<Kept>) {
        let (restored, mut notes, kept) = self.restore_kept(cfg, now, wall_now);
        if let Some((mover, ply)) = kept.as_ref().and_then(|k| k.made)
            && let Some(p) = self.game.plies().get(ply)
        {
            notes.push(cfg.p(
                "resume.made_restored",
                &[("move", &announce(p)), ("side", &cfg.side(mover))],
            ));
        }
        // The physical clock and the arbiter belong to a tournament game; a home game goes on where it stopped
        // (a casual game resumed must not sound like a tournament).
        if restored && cfg.mode.is_tournament() {
            notes.push(cfg.p("resume.physical_clock", &[]));
        }
        (restored, notes, kept)
    }

    /// A resumed game goes on exactly where it was kept: the clocks (with the time that passed since the last
    /// save, to the wall time `wall_now`, charged to the running clock, as a physical clock kept running; not
    /// with a virtual clock), the illegal moves counted. The player is told what of the clock was restored.
    /// Returns false when nothing of the clock was restored (the caller starts the clock as for any loaded
    /// game), and the kept state used (its made move and presses owed are the tournament profile's).
    ///
    /// An adjourned game goes on the same way, on every route (`--load`, the resume question, a chosen game of
    /// a file), except for the clocks' times: those are its envelope's, set as at adjournment (R-GI.5, see
    /// [`Match::use_envelope`]). The illegal moves, an increment or delay set during the game
    /// (R-GIII.4, R-6.10.2) and the made move and presses owed are the kept state's, as for any save.
    pub(in crate::session) fn restore_kept(
        &mut self,
        cfg: &Config,
        now: Duration,
        wall_now: Option<u64>,
    ) -> (bool, Vec<String>, Option<Kept>) {
        let mut notes = Vec::new();
        let kept = match self.kept.take() {
            None => return (false, notes, None),
            Some(Err(reason)) => {
                // An adjourned game's clocks are its envelope's (R-GI.5), not the record's clock times.
                let key = if self.adjourned.is_some() {
                    "resume.state_unusable_adjourned"
                } else {
                    "resume.state_unusable"
                };
                notes.push(cfg.p(key, &[("reason", &reason)]));
                return (false, notes, None);
            }
            Some(Ok(k)) => k,
        };
        // the illegal moves completed before go on counting, whatever the route the game goes on by.
        self.illegal = kept.illegal;
        if self.adjourned.is_some() {
            // R-GI.5: the clocks are the envelope's, stopped until it is opened (R-GI.9); what was set during
            // the game for every move goes on with them (R-GIII.4, R-6.10.2), and so does what awaits the
            // arbiter: the envelope's move counter is the clock's, as the arbiter set it.
            if let (Some(t), Some(per_move)) = (&mut self.timing, kept.per_move) {
                t.clock.keep_per_move(per_move);
            }
            let clock_kept = self.timing.is_some();
            self.reopen(&kept, clock_kept);
            return (false, notes, Some(kept));
        }
        let mut clock_restored = false;
        // The kept clock belongs to the game's own time control: another one given with --time starts afresh.
        let own = self
            .game
            .tags
            .get("TimeControl")
            .and_then(|v| TimeControl::from_pgn(v).ok());
        let applies = own.is_none_or(|own| cfg.time_control.as_ref() == Some(&own));
        if let (Some(control), Some(sides), true) = (cfg.time_control.clone(), kept.sides, applies)
        {
            let state = match kept.run {
                // A finished game's clock stands, whatever the tag says.
                _ if self.game.is_over() => ClockState::Stopped,
                Run::Running(c) => ClockState::Running(c),
                Run::Paused(c) => ClockState::Paused(c),
                Run::Stopped => ClockState::Stopped,
                Run::NotStarted | Run::NoClock => ClockState::NotStarted,
            };
            let mut sides = ByColor {
                white: sides[0],
                black: sides[1],
            };
            // The physical clock kept running while hector was not: the time since the last save is charged to
            // the side whose clock ran (a virtual clock stands still between sessions). Only in a tournament
            // game: a home game has no physical clock, and goes on where it stopped.
            let mut charged = None;
            if let (true, ClockState::Running(c), false, false, Some(at), Some(wall)) = (
                cfg.mode.is_tournament(),
                state,
                kept.virtual_clock,
                self.virtual_now.is_some(),
                kept.at_ms,
                wall_now,
            ) && wall > at
            {
                let gap = Duration::from_millis(wall - at);
                let s = sides.get_mut(c);
                let in_delay = gap.min(s.delay_left);
                s.delay_left -= in_delay;
                s.remaining = s.remaining.saturating_sub(gap - in_delay);
                s.used = s.used.saturating_add(gap);
                charged = Some((c, gap));
            }
            if state != ClockState::NotStarted
                && let Ok(clock) =
                    Clock::restored(control.clone(), state, sides, kept.per_move, now)
            {
                let class = control
                    .class(self.game.edition())
                    .unwrap_or(TimeClass::Standard);
                let mut timing = Timing::from_clock(clock, class);
                for side in [Color::White, Color::Black] {
                    timing.arm_side(side, now, &cfg.clock);
                }
                self.timing = Some(timing);
                clock_restored = true;
                let t = |d: Duration| words::time::duration(&cfg.phrases, d);
                let clock_words = match state {
                    ClockState::Running(c) => {
                        cfg.p("tournament.clock_runs", &[("side", &cfg.side(c))])
                    }
                    _ => cfg.p("tournament.clock_stopped", &[]),
                };
                let now_sides = self.timing.as_ref().map(|t| {
                    (
                        t.clock.remaining(Color::White, now),
                        t.clock.remaining(Color::Black, now),
                    )
                });
                // Said as `time` says them: a second begun is still there.
                let left = super::timing::whole_seconds_left;
                if let Some((w, b)) = now_sides.map(|(w, b)| (left(w), left(b))) {
                    notes.push(cfg.p(
                        "resume.clock_restored",
                        &[
                            ("clock", &clock_words),
                            ("white_side", &cfg.side(Color::White)),
                            ("white", &t(w)),
                            ("black_side", &cfg.side(Color::Black)),
                            ("black", &t(b)),
                        ],
                    ));
                }
                if let Some((c, gap)) = charged {
                    notes.push(cfg.p(
                        "resume.time_charged",
                        &[("time", &t(gap)), ("side", &cfg.side(c))],
                    ));
                }
            }
        }
        self.reopen(&kept, clock_restored);
        (clock_restored, notes, Some(kept))
    }

    /// What was open when the game was kept is open again.: the draw offer stands until the opponent
    /// accepts or rejects it, also when it was made before the offerer's own move (the record marks only an offer
    /// made after it, and the import brings back only one on its last move): it is opened again unless the game is
    /// over or the record already brought it back; an offer the record brought back from its last move's mark
    /// that was declined is not open. R-GIII.4: the request for the 5-second increment
    /// counts as a draw offer, and the offer stands again whatever clock goes on (unless the game is over or the
    /// other side's offer is open); the request itself, for the arbiter to decide, only with the clock it was
    /// made on (`clock_kept`: the kept clock, or the envelope's, goes on).: the arbiter's correction of
    /// the move counter is said by `count` only while the clock keeps the counts the arbiter set.
    fn reopen(&mut self, kept: &Kept, clock_kept: bool) {
        if let Some(side) = kept.offer
            && !self.game.is_over()
            && self.game.draw_offer().is_none()
        {
            let _ = self.game.offer_draw(side);
        }
        if kept.offer_declined
            && !self.game.is_over()
            && let Some(open) = self.game.draw_offer()
        {
            let _ = self.game.decline_draw(open.other());
        }
        if let Some(side) = kept.qpf
            && !self.game.is_over()
        {
            if self.game.draw_offer().is_none() {
                let _ = self.game.offer_draw(side);
            }
            if clock_kept && self.game.draw_offer() == Some(side) {
                self.qpf_request = Some(side);
            }
        }
        self.counter_corrected = clock_kept && kept.counter_set;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &[&str]) -> Game {
        let mut g = Game::new();
        for m in moves {
            let mv = g.parse_san(m).expect("legal");
            g.play(mv).expect("plays");
        }
        g
    }

    #[test]
    fn a_kept_state_reads_back_as_it_was_written() {
        let g = game(&["e4", "e5", "Nf3"]);
        let kept = Kept {
            at_ms: Some(1_795_611_900_000),
            run: Run::Running(Color::White),
            since_ms: Some(1_795_611_720_000),
            sides: Some([
                KeptSide {
                    remaining: Duration::from_millis(5_190_000),
                    used: Duration::from_millis(270_000),
                    moves_completed: 1,
                    delay_left: Duration::ZERO,
                },
                KeptSide {
                    remaining: Duration::from_millis(5_370_000),
                    used: Duration::from_millis(120_000),
                    moves_completed: 1,
                    delay_left: Duration::ZERO,
                },
            ]),
            made: Some((Color::White, 2)),
            unpressed: [1, 0],
            illegal: [0, 1],
            virtual_clock: true,
            per_move: Some(PerMove::Increment(Duration::from_secs(5))),
            qpf: Some(Color::Black),
            counter_set: true,
            offer: Some(Color::Black),
            offer_declined: false,
            end: None,
        };
        let tag = kept.to_tag();
        assert!(
            tag.contains("qpf=black")
                && tag.contains("counter=arbiter")
                && tag.contains("offer=black"),
            "{tag}"
        );
        assert_eq!(Kept::parse(&tag, &g), Ok(kept));
    }

    #[test]
    fn a_tag_written_before_the_request_and_the_counter_were_kept_reads_with_neither() {
        let g = game(&["e4", "e5"]);
        let old = "at=1795723416277 clock=white since=1795723416277 white=5430000/0/40/0 \
                   black=5400000/0/39/0 made=- unpressed=0/0 illegal=0/0 virtual=yes";
        let kept = Kept::parse(old, &g).expect("an older tag still reads");
        assert_eq!(kept.qpf, None);
        assert!(!kept.counter_set);
        assert_eq!((kept.offer, kept.offer_declined), (None, false));
        // Neither is written when it does not hold: a tag without them is what older versions read.
        let tag = kept.to_tag();
        assert!(
            !tag.contains("qpf=") && !tag.contains("counter=") && !tag.contains("offer="),
            "{tag}"
        );
    }

    #[test]
    fn a_request_or_counter_that_cannot_be_read_is_refused_with_its_reason() {
        let g = game(&["e4"]);
        for (tag, why) in [
            ("clock=none qpf=purple", "qpf"),
            ("clock=none qpf=", "qpf"),
            ("clock=none qpf=whitewhite", "qpf"),
            ("clock=none counter=yes", "counter"),
            ("clock=none counter=", "counter"),
            ("clock=none offer=both", "offer"),
            ("clock=none offer=", "offer"),
        ] {
            let err = Kept::parse(tag, &g).expect_err(tag);
            assert!(err.contains(why), "{tag}: {err}");
        }
        let ok = Kept::parse("clock=none qpf=white counter=clock", &g).expect("reads");
        assert_eq!((ok.qpf, ok.counter_set), (Some(Color::White), false));
        let ok = Kept::parse("clock=none offer=black", &g).expect("reads");
        assert_eq!(ok.offer, Some(Color::Black));
        let ok = Kept::parse("clock=none offer=none", &g).expect("reads");
        assert_eq!((ok.offer, ok.offer_declined), (None, true));
        assert!(ok.to_tag().contains("offer=none"), "{}", ok.to_tag());
    }

    /// A finished game ends, once loaded, as it was kept: `end=` replaces the reason guessed from PGN's
    /// Termination when it says the same (its Termination and result), never an ending the moves decide.
    #[test]
    fn a_finished_game_keeps_why_it_ended() {
        use crate::rules::{Ending, GameResult};
        let finished = |moves: &[&str], imported: Option<Ending>, tag: &str| {
            let mut g = game(moves);
            if let Some(e) = imported {
                g.end(e);
            }
            g.tags.push(TAG, tag);
            let kept = take_kept(&mut g);
            (g.ending().map(|e| e.reason), kept)
        };
        let guessed = Ending::new(EndReason::ArbiterDecision, GameResult::BlackWins);
        let (reason, kept) = finished(
            &["e4", "e5"],
            Some(guessed),
            "clock=none illegal=2/0 end=illegal-move",
        );
        assert_eq!(reason, Some(EndReason::IllegalMoveForfeit));
        assert!(
            kept.expect("a tag")
                .expect("reads")
                .to_tag()
                .contains("end=illegal-move")
        );
        // Written before end= existed: White's two illegal moves tell.
        let (reason, _) = finished(&["e4", "e5"], Some(guessed), "clock=none illegal=2/0");
        assert_eq!(reason, Some(EndReason::IllegalMoveForfeit));
        // An arbiter's decision without the illegal moves that lose stays one.
        let (reason, _) = finished(&["e4", "e5"], Some(guessed), "clock=none illegal=1/0");
        assert_eq!(reason, Some(EndReason::ArbiterDecision));
        // A claimed draw is no agreement.
        let agreed = Ending::draw(EndReason::Agreement);
        let (reason, _) = finished(&["e4"], Some(agreed), "clock=none end=threefold");
        assert_eq!(reason, Some(EndReason::ThreefoldRepetition));
        // What does not say the same is not taken: a draw is no illegal-move forfeit, a resignation no claim.
        let (reason, _) = finished(&["e4"], Some(agreed), "clock=none end=illegal-move");
        assert_eq!(reason, Some(EndReason::Agreement));
        let resigned = Ending::new(EndReason::Resignation, GameResult::WhiteWins);
        let (reason, _) = finished(&["e4"], Some(resigned), "clock=none end=threefold");
        assert_eq!(reason, Some(EndReason::Resignation));
        // A mate stays a mate.
        let (reason, _) = finished(
            &["f3", "e5", "g4", "Qh4#"],
            None,
            "clock=none end=resignation",
        );
        assert_eq!(reason, Some(EndReason::Checkmate));
        // A word it does not know is refused with its reason.
        let (_, kept) = finished(&["e4"], None, "clock=none end=boredom");
        assert!(kept.expect("a tag").expect_err("refused").contains("end"));
    }

    #[test]
    fn a_kept_state_that_does_not_fit_the_game_is_refused_with_its_reason() {
        let g = game(&["e4", "e5"]);
        for (tag, why) in [
            ("clock=white made=white@2", "made"),
            ("clock=none made=white@9", "made"),
            ("clock=white white=1/2/3", "clock"),
            (
                "clock=white white=1/2/3/0 black=1/2/3/0 unpressed=2/0",
                "owed",
            ),
            ("clock=purple", "clock"),
            (
                "white=99999999999999/0/0/0 black=0/0/0/0 clock=white",
                "time",
            ),
            ("clock=white white=1/2/3/0", "missing"),
            ("made=-", "clock"),
        ] {
            let err = Kept::parse(tag, &g).expect_err(tag);
            assert!(err.contains(why), "{tag}: {err}");
        }
        assert!(Kept::parse(&"x".repeat(MAX_TAG + 1), &g).is_err());
    }
}
