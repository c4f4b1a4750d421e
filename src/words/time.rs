//! Time in words ("1 hour 29 minutes 50 seconds"; under a minute, seconds only), never clock digits.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

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

/// UTC time stamp `YYYY-MM-DDTHH:MM:SS.mmmZ` of a system time.
pub fn utc_timestamp(t: SystemTime) -> String {
    let d = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        d.subsec_millis()
    )
}

/// A time control in words: "40 moves in 1 hour 30 minutes plus 30 seconds per move from move one, then ...".
pub fn control(p: &Phrases, tc: &TimeControl) -> String {
    let mut periods = Vec::new();
    for period in tc.periods() {
        let base = duration(p, period.base);
        let mut text = match period.moves {
            Some(n) => p.say("tc.moves_in", &[("moves", &n.to_string()), ("time", &base)]),
            None => p.say("tc.rest_in", &[("time", &base)]),
        };
        match period.per_move {
            PerMove::Nothing => {}
            PerMove::Increment(d) => {
                text = format!(
                    "{text} {}",
                    p.say("tc.increment", &[("time", &duration(p, d))])
                )
            }
            PerMove::Delay(d) => {
                text = format!("{text} {}", p.say("tc.delay", &[("time", &duration(p, d))]))
            }
        }
        periods.push(text);
    }
    if periods.is_empty() {
        return tc.to_string();
    }
    periods.join(&format!(", {} ", p.get("tc.then")))
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

    #[test]
    fn time_controls_in_words() {
        let en = Phrases::default();
        let tc: TimeControl = "40/5400+30:1800+30".parse().unwrap();
        assert_eq!(
            control(&en, &tc),
            "40 moves in 1 hour 30 minutes plus 30 seconds per move from move one, then the rest of the game in 30 minutes plus 30 seconds per move from move one"
        );
    }
}
