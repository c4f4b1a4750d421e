//! Time in words ("1 hour 29 minutes 50 seconds"; under a minute, seconds only), never clock digits.

use std::time::Duration;

use super::phrases::Phrases;
use crate::rules::time_control::{PerMove, TimeControl};

/// A duration in words, whole seconds (a running clock is read down: 4 min 59.6 s is "4 minutes 59 seconds").
pub fn duration(p: &Phrases, d: Duration) -> String {
    let total = d.as_secs();
    if total == 0 {
        return p.get("time.zero").to_string();
    }
    let (h, m, s) = (total / 3600, total % 3600 / 60, total % 60);
    let mut parts = Vec::new();
    let mut unit = |n: u64, one: &str, many: &str| {
        if n == 1 {
            parts.push(p.get(one).to_string());
        } else if n > 1 {
            parts.push(p.say(many, &[("n", &n.to_string())]));
        }
    };
    unit(h, "time.hour", "time.hours");
    unit(m, "time.minute", "time.minutes");
    unit(s, "time.second", "time.seconds");
    parts.join(" ")
}

/// UTC time stamp `YYYY-MM-DDTHH:MM:SS.mmmZ` of a system time (kept in [`crate::store`], which stamps its logs).
pub use crate::store::timestamp as utc_timestamp;

/// What a period gives per move, after its time: " plus 30 seconds per move from move one", or nothing.
fn per_move(p: &Phrases, per_move: PerMove) -> String {
    match per_move {
        PerMove::Nothing => String::new(),
        PerMove::Increment(d) => {
            format!(" {}", p.say("tc.increment", &[("time", &duration(p, d))]))
        }
        PerMove::Delay(d) => format!(" {}", p.say("tc.delay", &[("time", &duration(p, d))])),
    }
}

/// A time control in words: "40 moves in 1 hour 30 minutes plus 30 seconds per move from move one, then ...".
pub fn control(p: &Phrases, tc: &TimeControl) -> String {
    if let TimeControl::Sandclock(base) = tc {
        return p.say("tc.sandclock", &[("time", &duration(p, *base))]);
    }
    let mut periods = Vec::new();
    for period in tc.periods() {
        let base = duration(p, period.base);
        let text = match period.moves {
            Some(n) => p.say("tc.moves_in", &[("moves", &n.to_string()), ("time", &base)]),
            None => p.say("tc.rest_in", &[("time", &base)]),
        };
        periods.push(text + &per_move(p, period.per_move));
    }
    if periods.is_empty() {
        return tc.to_string();
    }
    periods.join(&format!(", {} ", p.get("tc.then")))
}

/// The time control as it is confirmed when the game starts (a bare number in `--time`
/// is heard for what it was read as): "Time control: 90 minutes each plus 30 seconds per move from
/// move one"; controls of several periods as [`control`] says them.
pub fn control_at_start(p: &Phrases, tc: &TimeControl) -> String {
    let words = match tc.periods() {
        [only] if only.moves.is_none() => {
            p.say("tc.each", &[("time", &base_as_said(p, only.base))]) + &per_move(p, only.per_move)
        }
        _ => control(p, tc),
    };
    p.say("greeting.clock", &[("control", &words)])
}

/// A game's base time as players say it: whole minutes up to three hours in minutes ("90 minutes", "a 90
/// game"), anything else as [`duration`] says it ("3 minutes 1 second", "4 hours").
fn base_as_said(p: &Phrases, d: Duration) -> String {
    let secs = d.as_secs();
    if secs >= 120 && secs % 60 == 0 && secs <= 180 * 60 {
        p.say("time.minutes", &[("n", &(secs / 60).to_string())])
    } else {
        duration(p, d)
    }
}

/// Parses `30s`, `5m`, `1h2m`, `90` (seconds), `1m30s`.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let t = text.trim().to_lowercase();
    if t.is_empty() {
        return None;
    }
    if let Ok(secs) = t.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let mut total = 0u64;
    let mut number = String::new();
    let mut any = false;
    for c in t.chars() {
        match c {
            '0'..='9' => number.push(c),
            'h' | 'm' | 's' => {
                let n: u64 = number.parse().ok()?;
                number.clear();
                total = total.checked_add(n.checked_mul(match c {
                    'h' => 3600,
                    'm' => 60,
                    _ => 1,
                })?)?;
                any = true;
            }
            ' ' => {}
            _ => return None,
        }
    }
    if !number.is_empty() || !any {
        return None;
    }
    Some(Duration::from_secs(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_in_words() {
        let en = Phrases::default();
        let d = |s| duration(&en, Duration::from_secs(s));
        assert_eq!(d(5390), "1 hour 29 minutes 50 seconds");
        assert_eq!(d(5340), "1 hour 29 minutes");
        assert_eq!(d(45), "45 seconds");
        assert_eq!(d(61), "1 minute 1 second");
        assert_eq!(d(7200), "2 hours");
        assert_eq!(d(0), "0 seconds");
        assert_eq!(
            duration(&en, Duration::from_millis(299_600)),
            "4 minutes 59 seconds"
        );
        let de = Phrases::builtin("de").unwrap();
        assert_eq!(
            duration(&de, Duration::from_secs(3720)),
            "1 Stunde 2 Minuten"
        );
    }

    /// The control is said at the start as it was read.
    #[test]
    fn the_control_at_the_start_in_words() {
        let en = Phrases::default();
        let said = |t: &str| control_at_start(&en, &t.parse().unwrap());
        assert_eq!(
            said("90+30"),
            "Time control: 90 minutes each plus 30 seconds per move from move one"
        );
        assert_eq!(said("60"), "Time control: 60 minutes each");
        assert_eq!(
            said("40/90+30:30+30"),
            "Time control: 40 moves in 1 hour 30 minutes plus 30 seconds per move from move one, then the rest of the game in 30 minutes plus 30 seconds per move from move one"
        );
        assert_eq!(
            said("*180"),
            "Time control: a sandclock with 3 minutes each; the time one player uses is added to the other's"
        );
        let de = Phrases::builtin("de").unwrap();
        assert_eq!(
            control_at_start(&de, &"5+3".parse().unwrap()),
            "Bedenkzeit: 5 Minuten für jeden plus 3 Sekunden pro Zug ab dem ersten Zug"
        );
    }

    #[test]
    fn time_controls_in_words() {
        let en = Phrases::default();
        let tc = TimeControl::from_pgn("40/5400+30:1800+30").unwrap();
        assert_eq!(
            control(&en, &tc),
            "40 moves in 1 hour 30 minutes plus 30 seconds per move from move one, then the rest of the game in 30 minutes plus 30 seconds per move from move one"
        );
    }
}
