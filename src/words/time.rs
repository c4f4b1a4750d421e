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
