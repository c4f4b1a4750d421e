//! Time controls: PGN TimeControl syntax and short forms, delay mode, and the rapid/blitz class.
//!
//! Written forms accepted by [`TimeControl::from_str`] (for people, e.g. `--time`):
//! - PGN (seconds): `5400+30`, `300`, `40/5400+30:1800+30`, `40/7200:3600`, `*60` (sandclock), `-` (no
//!   time control), `?` (unknown);
//! - short forms with units `h`, `m` (or `min`), `s` (or `sec`): `90m+30s`, `1h30m`, `1h30`, `25m+10s`,
//!   `40/90m+30s:30m+30s`; an increment without a unit is in seconds;
//! - a bare base of at most 180 is minutes, as people say it (`5+3` is 5 minutes plus 3 seconds, `90+30`
//!   is 90 minutes plus 30 seconds); above 180 it is seconds, as PGN writes it (`300` is 5 minutes).
//!   Write units to be explicit. PGN files are read with [`TimeControl::from_pgn`], where bare numbers are
//!   always seconds;
//! - delay (R-6.3.2b) in place of an increment: `5400d5` or `90m d5s` (not part of the PGN standard).
//!
//! [`fmt::Display`] writes the PGN form back (`40/5400+30:1800+30`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::edition::Edition;

/// What a player gets with each completed move, besides the period's base time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PerMove {
    /// Nothing: the period's time only.
    #[default]
    Nothing,
    /// Fischer increment, added to the main time after each completed move, from move one (R-6.3.1c).
    Increment(Duration),
    /// R-6.3.2b: time-delay mode. The main time only starts counting down once this fixed extra time has run
    /// out; unused delay is not banked.
    Delay(Duration),
}

impl PerMove {
    /// The extra time per move, whichever kind it is (zero for [`PerMove::Nothing`]).
    pub fn amount(self) -> Duration {
        match self {
            PerMove::Nothing => Duration::ZERO,
            PerMove::Increment(d) | PerMove::Delay(d) => d,
        }
    }

    pub fn increment(self) -> Duration {
        match self {
            PerMove::Increment(d) => d,
            _ => Duration::ZERO,
        }
    }

    pub fn delay(self) -> Duration {
        match self {
            PerMove::Delay(d) => d,
            _ => Duration::ZERO,
        }
    }
}

/// One period of a time control: `moves` moves in `base` (all remaining moves when `moves` is `None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Period {
    /// Moves to complete in this period (R-6.3.1a); `None` for a sudden-death period (R-6.3.1b).
    pub moves: Option<u32>,
    /// Time given for the period; time left over from the period before is carried in (R-6.3.2a).
    pub base: Duration,
    pub per_move: PerMove,
}

impl Period {
    pub fn sudden_death(base: Duration, per_move: PerMove) -> Period {
        Period {
            moves: None,
            base,
            per_move,
        }
    }
}

/// A time control as agreed before the game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// PGN `?`: not known.
    Unknown,
    /// PGN `-`: no time control.
    Untimed,
    /// One or more periods. Every period but the last has a move count; when the last one has a move count
    /// too, it repeats (`40/7200` is 40 moves in 2 hours, then every further 40 moves in 2 more hours).
    Periods(Vec<Period>),
    /// PGN `*N`: a sandclock (hourglass). Each side starts with N seconds, and the time one side uses is
    /// added to the other's.
    Sandclock(Duration),
}

/// What a written time control was expected to look like.
const EXPECTED: &str = "expected e.g. 90m+30s, 5+3 or 40/5400+30:1800+30";

/// A written time control that could not be understood, with what was expected, in words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseTimeControlError {
    #[error("not a time control: {0:?}; {EXPECTED}")]
    NotATimeControl(String),
    #[error("time control {0:?} gives no time for the first period; {EXPECTED}")]
    NoTime(String),
    #[error(
        "time control {0:?}: every period but the last needs a number of moves, as in 40/90m+30s:30m+30s"
    )]
    SuddenDeathNotLast(String),
}

/// How a bare number (no unit) is read as a base time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bare {
    /// PGN: always seconds.
    Seconds,
    /// People: up to 180 is minutes, above it seconds.
    Human,
}

/// The largest base accepted, in seconds (100 hours): anything above is a typing slip.
pub const MAX_SECONDS: u64 = 360_000;
/// The bare base read as minutes in the human forms (`180+2` is three hours and two seconds).
const BARE_MINUTES_UP_TO: u64 = 180;

impl TimeControl {
    /// Sudden death: all moves in `base`, with a Fischer increment from move one.
    pub fn sudden_death(base: Duration, increment: Duration) -> TimeControl {
        let per_move = if increment.is_zero() {
            PerMove::Nothing
        } else {
            PerMove::Increment(increment)
        };
        TimeControl::Periods(vec![Period::sudden_death(base, per_move)])
    }

    /// Parses the PGN TimeControl tag (PGN standard 9.6.1), where bare numbers are seconds. Also accepts the
    /// unit forms and delay of [`FromStr`], so what hector writes it reads back.
    pub fn from_pgn(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        parse(s, Bare::Seconds)
    }

    /// R-6.3.2b: time-delay mode; every period gets `delay` per move in place of its increment.
    /// (`--delay SECONDS` on the command line.) No effect with a zero delay, nor on an untimed, unknown or
    /// sandclock control.
    pub fn with_delay(self, delay: Duration) -> TimeControl {
        if delay.is_zero() {
            return self;
        }
        match self {
            TimeControl::Periods(periods) => TimeControl::Periods(
                periods
                    .into_iter()
                    .map(|p| Period {
                        per_move: PerMove::Delay(delay),
                        ..p
                    })
                    .collect(),
            ),
            other => other,
        }
    }

    /// The periods; empty for an untimed, unknown or sandclock control.
    pub fn periods(&self) -> &[Period] {
        match self {
            TimeControl::Periods(p) => p,
            _ => &[],
        }
    }

    /// Whether the game is played with a clock at all.
    pub fn is_timed(&self) -> bool {
        matches!(self, TimeControl::Periods(_) | TimeControl::Sandclock(_))
    }

    /// Whether any period gives time per move (increment or delay). R-GIII.2: the quickplay-finish
    /// guidelines apply only to games without increment.
    pub fn has_time_per_move(&self) -> bool {
        self.periods()
            .iter()
            .any(|p| p.per_move != PerMove::Nothing)
    }

    /// R-A.1 / R-B.1: base + 60 × increment of the first period (a delay counts as increment here, as it is
    /// extra time with every move); `None` when untimed or unknown.
    pub fn equivalent_time(&self) -> Option<Duration> {
        match self {
            TimeControl::Periods(p) => {
                let first = p.first()?;
                Some(
                    first
                        .base
                        .saturating_add(first.per_move.amount().saturating_mul(60)),
                )
            }
            TimeControl::Sandclock(base) => Some(*base),
            TimeControl::Unknown | TimeControl::Untimed => None,
        }
    }

    /// Standard, rapid or blitz under the given edition (R-A.1, R-B.1, section 14 rows 10-11); `None` when
    /// untimed or unknown.
    pub fn class(&self, edition: Edition) -> Option<TimeClass> {
        self.equivalent_time()
            .map(|t| TimeClass::of_equivalent_time(t, edition))
    }
}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    /// The forms people write (see the module documentation): `90m+30s`, `5+3`, `1h30m`, PGN forms.
    fn from_str(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        parse(s, Bare::Human)
    }
}

fn parse(input: &str, bare: Bare) -> Result<TimeControl, ParseTimeControlError> {
    let s: String = input
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    let not = || ParseTimeControlError::NotATimeControl(input.to_string());
    match s.as_str() {
        "?" => return Ok(TimeControl::Unknown),
        "-" => return Ok(TimeControl::Untimed),
        "" => return Err(not()),
        _ => {}
    }
    if let Some(rest) = s.strip_prefix('*') {
        let base = duration(rest, Bare::Seconds).ok_or_else(not)?;
        if base.is_zero() {
            return Err(ParseTimeControlError::NoTime(input.to_string()));
        }
        return Ok(TimeControl::Sandclock(base));
    }
    let mut periods = Vec::new();
    for field in s.split(':') {
        periods.push(period(field, bare).ok_or_else(not)?);
    }
    if periods[..periods.len() - 1]
        .iter()
        .any(|p| p.moves.is_none())
    {
        return Err(ParseTimeControlError::SuddenDeathNotLast(input.to_string()));
    }
    if periods[0].base.is_zero() {
        return Err(ParseTimeControlError::NoTime(input.to_string()));
    }
    Ok(TimeControl::Periods(periods))
}

/// One field: `[moves/]base[+increment|ddelay]`.
fn period(field: &str, bare: Bare) -> Option<Period> {
    let (moves, rest) = match field.split_once('/') {
        Some((m, rest)) => {
            let moves: u32 = digits(m)?.try_into().ok()?;
            if moves == 0 || moves > 999 {
                return None;
            }
            (Some(moves), rest)
        }
        None => (None, field),
    };
    let (base, per_move) = match rest.find(['+', 'd']) {
        Some(i) => {
            let (base, extra) = rest.split_at(i);
            let per_move = if let Some(inc) = extra.strip_prefix('+') {
                if let Some(delay) = inc.strip_prefix('d') {
                    PerMove::Delay(duration(delay, Bare::Seconds)?)
                } else {
                    PerMove::Increment(duration(inc, Bare::Seconds)?)
                }
            } else {
                PerMove::Delay(duration(&extra[1..], Bare::Seconds)?)
            };
            let per_move = if per_move.amount().is_zero() {
                PerMove::Nothing
            } else {
                per_move
            };
            (base, per_move)
        }
        None => (rest, PerMove::Nothing),
    };
    let base = duration(base, bare)?;
    if per_move.amount() > Duration::from_secs(3600) {
        return None;
    }
    Some(Period {
        moves,
        base,
        per_move,
    })
}

/// All ASCII digits, as a number (at most 9 digits).
fn digits(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 9 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// A duration: a bare number (read per `bare`) or numbers with units in falling order, `1h30m`, `1h30`
/// (minutes after hours), `1m30` (seconds after minutes), `90m`, `30s`.
fn duration(s: &str, bare: Bare) -> Option<Duration> {
    if s.is_empty() {
        return None;
    }
    if let Some(n) = digits(s) {
        let secs = match bare {
            Bare::Human if n <= BARE_MINUTES_UP_TO => n * 60,
            _ => n,
        };
        return (secs <= MAX_SECONDS).then(|| Duration::from_secs(secs));
    }
    // Units: 0 = hours, 1 = minutes, 2 = seconds; each at most once, in that order.
    const UNITS: [(&str, u64, usize); 5] = [
        ("min", 60, 1),
        ("sec", 1, 2),
        ("h", 3600, 0),
        ("m", 60, 1),
        ("s", 1, 2),
    ];
    let mut rest = s;
    let mut total: u64 = 0;
    let mut next_unit = 0usize;
    while !rest.is_empty() {
        let end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let n = digits(&rest[..end])?;
        rest = &rest[end..];
        let (scale, unit) = match UNITS.iter().find(|(name, _, _)| rest.starts_with(name)) {
            Some(&(name, scale, unit)) => {
                rest = &rest[name.len()..];
                (scale, unit)
            }
            // A trailing bare number takes the unit after the last one written: 1h30, 1m30.
            None if rest.is_empty() && (next_unit == 1 || next_unit == 2) => {
                (if next_unit == 1 { 60 } else { 1 }, next_unit)
            }
            None => return None,
        };
        if unit < next_unit {
            return None;
        }
        next_unit = unit + 1;
        total = total.checked_add(n.checked_mul(scale)?)?;
    }
    (total <= MAX_SECONDS).then(|| Duration::from_secs(total))
}

/// The time a clock comment (`[%clk H:MM:SS(.f)]`, as written after a move) gives: `None` when the comment
/// holds none, `Some(Err(text))` with the text found when it cannot be used: not a time, or more than
/// [`MAX_SECONDS`] (100 hours), which no clock shows.
pub fn parse_clock_comment(comment: &str) -> Option<Result<Duration, String>> {
    // A byte search: cheaper than a string searcher on the short comments of every move.
    let start = comment.as_bytes().windows(5).position(|w| w == b"[%clk")? + 5;
    let rest = &comment[start..];
    let body = rest[..rest.find(']').unwrap_or(rest.len())].trim();
    Some(clock_time(body).ok_or_else(|| body.to_owned()))
}

fn clock_time(body: &str) -> Option<Duration> {
    let (first, rest) = body.split_once(':')?;
    let (h, m, sec) = match rest.split_once(':') {
        Some((m, s)) => (digits(first)?, digits(m)?, s),
        None => (0, digits(first)?, rest),
    };
    // Seconds: digits, optionally a point and digits, of which milliseconds are kept (no signs, exponents, NaN).
    let (whole, fraction) = sec.split_once('.').unwrap_or((sec, ""));
    let whole = digits(whole)?;
    if fraction.len() > 9 || !fraction.bytes().all(|b| b.is_ascii_digit()) || whole >= 60 || m >= 60
    {
        return None;
    }
    let millis = fraction
        .bytes()
        .chain(std::iter::repeat(b'0'))
        .take(3)
        .fold(0u64, |acc, d| acc * 10 + u64::from(d - b'0'));
    let secs = h.checked_mul(3600)?.checked_add(m * 60 + whole)?;
    (secs <= MAX_SECONDS).then(|| Duration::from_secs(secs) + Duration::from_millis(millis))
}

/// Seconds as PGN writes them: whole seconds, or with up to three decimals.
fn write_seconds(f: &mut fmt::Formatter<'_>, d: Duration) -> fmt::Result {
    let millis = d.as_millis();
    if millis.is_multiple_of(1000) {
        write!(f, "{}", millis / 1000)
    } else {
        let s = format!("{}.{:03}", millis / 1000, millis % 1000);
        f.write_str(s.trim_end_matches('0'))
    }
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(moves) = self.moves {
            write!(f, "{moves}/")?;
        }
        write_seconds(f, self.base)?;
        match self.per_move {
            PerMove::Nothing => Ok(()),
            PerMove::Increment(d) => {
                f.write_str("+")?;
                write_seconds(f, d)
            }
            PerMove::Delay(d) => {
                f.write_str("d")?;
                write_seconds(f, d)
            }
        }
    }
}

impl fmt::Display for TimeControl {
    /// The PGN TimeControl form (`40/5400+30:1800+30`, `300`, `*60`, `-`, `?`); a delay is written `5400d5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Unknown => f.write_str("?"),
            TimeControl::Untimed => f.write_str("-"),
            TimeControl::Sandclock(d) => {
                f.write_str("*")?;
                write_seconds(f, *d)
            }
            TimeControl::Periods(periods) => {
                for (i, p) in periods.iter().enumerate() {
                    if i > 0 {
                        f.write_str(":")?;
                    }
                    write!(f, "{p}")?;
                }
                Ok(())
            }
        }
    }
}

/// The class of a game by its time control: Appendix A (rapid), Appendix B (blitz) or standard play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TimeClass {
    Standard,
    Rapid,
    Blitz,
}

impl TimeClass {
    /// Classifies base + 60 × increment (R-A.1, R-B.1; section 14 rows 10-11).
    /// E14/E18: blitz up to and including 10 minutes, rapid above 10 and below 60, standard from 60.
    /// E05/E09: blitz below 15 minutes, rapid from 15 and below 60, standard from 60. (E14's appendices are
    /// not in the sources, R-EDN.2: it follows E18, where the 10-minute bound comes from.)
    pub fn of_equivalent_time(t: Duration, edition: Edition) -> TimeClass {
        const MIN: u64 = 60;
        let sixty = Duration::from_secs(60 * MIN);
        match edition {
            Edition::E2014 | Edition::E2018 => {
                if t <= Duration::from_secs(10 * MIN) {
                    TimeClass::Blitz
                } else if t < sixty {
                    TimeClass::Rapid
                } else {
                    TimeClass::Standard
                }
            }
            Edition::E2005 | Edition::E2009 => {
                if t < Duration::from_secs(15 * MIN) {
                    TimeClass::Blitz
                } else if t < sixty {
                    TimeClass::Rapid
                } else {
                    TimeClass::Standard
                }
            }
        }
    }
}

impl fmt::Display for TimeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TimeClass::Standard => "standard",
            TimeClass::Rapid => "rapid",
            TimeClass::Blitz => "blitz",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn tc(s: &str) -> TimeControl {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn units_and_bare_numbers() {
        // 1h30m = 3600 + 1800 = 5400 s; 1h30 reads the 30 as minutes; 1m30 reads the 30 as seconds.
        assert_eq!(duration("1h30m", Bare::Human), Some(secs(5400)));
        assert_eq!(duration("1h30", Bare::Human), Some(secs(5400)));
        assert_eq!(duration("1m30", Bare::Human), Some(secs(90)));
        assert_eq!(duration("90min", Bare::Human), Some(secs(5400)));
        assert_eq!(duration("30sec", Bare::Human), Some(secs(30)));
        // Bare: 180 is minutes (10800 s) for people, 181 is seconds; PGN is always seconds.
        assert_eq!(duration("180", Bare::Human), Some(secs(10_800)));
        assert_eq!(duration("181", Bare::Human), Some(secs(181)));
        assert_eq!(duration("5", Bare::Seconds), Some(secs(5)));
        // Units out of order or repeated are refused.
        assert_eq!(duration("30m1h", Bare::Human), None);
        assert_eq!(duration("1m1m", Bare::Human), None);
        assert_eq!(duration("30s5", Bare::Human), None);
        assert_eq!(duration("", Bare::Human), None);
        assert_eq!(duration("m", Bare::Human), None);
    }

    #[test]
    fn period_forms() {
        let p = period("40/5400+30", Bare::Seconds).unwrap();
        assert_eq!(
            p,
            Period {
                moves: Some(40),
                base: secs(5400),
                per_move: PerMove::Increment(secs(30))
            }
        );
        let p = period("5400d5", Bare::Seconds).unwrap();
        assert_eq!(p.per_move, PerMove::Delay(secs(5)));
        let p = period("90m+d5s", Bare::Human).unwrap();
        assert_eq!(
            p,
            Period {
                moves: None,
                base: secs(5400),
                per_move: PerMove::Delay(secs(5))
            }
        );
        // "+0" is no increment at all.
        assert_eq!(
            period("300+0", Bare::Seconds).unwrap().per_move,
            PerMove::Nothing
        );
        assert!(period("0/300", Bare::Seconds).is_none());
        assert!(period("40/", Bare::Seconds).is_none());
        assert!(period("300+", Bare::Seconds).is_none());
    }

    #[test]
    fn classes_at_the_edges() {
        let m = |n: u64| secs(n * 60);
        assert_eq!(
            TimeClass::of_equivalent_time(m(10), Edition::E2018),
            TimeClass::Blitz
        );
        assert_eq!(
            TimeClass::of_equivalent_time(m(10) + Duration::from_millis(1), Edition::E2018),
            TimeClass::Rapid
        );
        assert_eq!(
            TimeClass::of_equivalent_time(m(60), Edition::E2018),
            TimeClass::Standard
        );
        assert_eq!(
            TimeClass::of_equivalent_time(m(10), Edition::E2009),
            TimeClass::Blitz
        );
        assert_eq!(
            TimeClass::of_equivalent_time(m(15), Edition::E2009),
            TimeClass::Rapid
        );
        assert_eq!(
            TimeClass::of_equivalent_time(m(15) - Duration::from_millis(1), Edition::E2005),
            TimeClass::Blitz
        );
        // 90m+30s: 90 + 60 × 0.5 = 120 minutes, standard.
        assert_eq!(
            tc("90m+30s").class(Edition::E2018),
            Some(TimeClass::Standard)
        );
        assert_eq!(tc("-").class(Edition::E2018), None);
    }
}
