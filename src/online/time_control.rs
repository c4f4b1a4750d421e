//! Time controls of seeks and challenges, and what lichess allows through the Board API, checked before
//! anything is sent.
//!
//! The rule (lichess-org/api, doc/specs/lichess-api.yaml, tag Board, "Restrictions"): "Time controls: Rapid,
//! Classical and Correspondence only. For direct challenges, games vs AI, and bulk pairing, Blitz is also
//! possible." lichess sorts a clock by its estimated duration (scalachess `Clock.Config.estimateTotalSeconds`
//! = limit seconds + 40 × increment seconds; `Speed`: Rapid from 8 minutes, 480 s, Blitz from 3 minutes, 180
//! s). So a real-time seek needs `minutes*60 + 40*increment >= 480`, and a challenge `>= 180`. The seek form's
//! bounds: time 0..=180 minutes, increment 0..=180 seconds; a challenge's clock at most 180 minutes and an
//! increment of at most 60 seconds; correspondence: 1, 2, 3, 5, 7, 10 or 14 days per move.

use std::fmt;

/// Days per move lichess offers for correspondence games.
pub const CORRESPONDENCE_DAYS: [u32; 7] = [1, 2, 3, 5, 7, 10, 14];
/// The shortest estimated duration of a rapid game (seconds).
pub const RAPID_SECONDS: u32 = 480;
/// The shortest estimated duration of a blitz game (seconds).
pub const BLITZ_SECONDS: u32 = 180;

/// A time control asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// Minutes for the game and seconds added per move (`10+5`).
    RealTime { minutes: u32, increment: u32 },
    /// Days per move (`3d`).
    Correspondence { days: u32 },
}

impl TimeControl {
    /// lichess's estimate of a real-time game's length, seconds (None for correspondence).
    pub fn estimated_seconds(self) -> Option<u32> {
        match self {
            TimeControl::RealTime { minutes, increment } => Some(
                minutes
                    .saturating_mul(60)
                    .saturating_add(increment.saturating_mul(40)),
            ),
            TimeControl::Correspondence { .. } => None,
        }
    }

    /// Reads `10+5` (minutes + seconds), `10` (no increment), `3d` (days per move).
    pub fn parse(text: &str) -> Option<TimeControl> {
        let t = text.trim();
        if let Some(d) = t.strip_suffix(['d', 'D']) {
            return Some(TimeControl::Correspondence {
                days: d.parse().ok()?,
            });
        }
        let (m, i) = t.split_once('+').unwrap_or((t, "0"));
        Some(TimeControl::RealTime {
            minutes: m.parse().ok()?,
            increment: i.parse().ok()?,
        })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::RealTime { minutes, increment } => write!(f, "{minutes}+{increment}"),
            TimeControl::Correspondence { days } => write!(f, "{days}d"),
        }
    }
}

/// Why a seek or challenge is refused before anything is sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Faster than rapid: lichess allows only rapid and classical seeks through the Board API.
    SeekTooFast { estimated_seconds: u32 },
    /// Faster than blitz: not even a challenge.
    ChallengeTooFast { estimated_seconds: u32 },
    /// Clock or increment beyond lichess's bounds.
    OutOfBounds { what: &'static str, max: u32 },
    /// Not 1, 2, 3, 5, 7, 10 or 14 days.
    BadDays { days: u32 },
    /// A computer level outside 1..=8.
    BadLevel { level: u8 },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::SeekTooFast { estimated_seconds } => write!(
                f,
                "lichess allows only rapid and classical seeks through the Board API: minutes × 60 + 40 × \
                 increment must be at least {RAPID_SECONDS} seconds, this is {estimated_seconds} (try 10+0 or 8+2)"
            ),
            Refusal::ChallengeTooFast { estimated_seconds } => write!(
                f,
                "lichess allows blitz and slower challenges through the Board API: minutes × 60 + 40 × increment \
                 must be at least {BLITZ_SECONDS} seconds, this is {estimated_seconds}"
            ),
            Refusal::OutOfBounds { what, max } => write!(f, "the {what} may be at most {max}"),
            Refusal::BadDays { days } => write!(
                f,
                "lichess offers 1, 2, 3, 5, 7, 10 or 14 days per move, not {days}"
            ),
            Refusal::BadLevel { level } => {
                write!(f, "lichess's computer has levels 1 to 8, not {level}")
            }
        }
    }
}

impl std::error::Error for Refusal {}

fn check_days(days: u32) -> Result<(), Refusal> {
    if CORRESPONDENCE_DAYS.contains(&days) {
        Ok(())
    } else {
        Err(Refusal::BadDays { days })
    }
}

/// A seek lichess would take through the Board API.
pub fn check_seek(tc: TimeControl) -> Result<(), Refusal> {
    match tc {
        TimeControl::Correspondence { days } => check_days(days),
        TimeControl::RealTime { minutes, increment } => {
            if minutes > 180 {
                return Err(Refusal::OutOfBounds {
                    what: "clock in minutes",
                    max: 180,
                });
            }
            if increment > 180 {
                return Err(Refusal::OutOfBounds {
                    what: "increment in seconds",
                    max: 180,
                });
            }
            let est = tc.estimated_seconds().unwrap_or(0);
            if est < RAPID_SECONDS {
                return Err(Refusal::SeekTooFast {
                    estimated_seconds: est,
                });
            }
            Ok(())
        }
    }
}

/// A challenge (to a player or the computer) lichess would take through the Board API.
pub fn check_challenge(tc: TimeControl) -> Result<(), Refusal> {
    match tc {
        TimeControl::Correspondence { days } => check_days(days),
        TimeControl::RealTime { minutes, increment } => {
            if minutes > 180 {
                return Err(Refusal::OutOfBounds {
                    what: "clock in minutes",
                    max: 180,
                });
            }
            if increment > 60 {
                return Err(Refusal::OutOfBounds {
                    what: "increment in seconds",
                    max: 60,
                });
            }
            let est = tc.estimated_seconds().unwrap_or(0);
            if est < BLITZ_SECONDS {
                return Err(Refusal::ChallengeTooFast {
                    estimated_seconds: est,
                });
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rt(minutes: u32, increment: u32) -> TimeControl {
        TimeControl::RealTime { minutes, increment }
    }

    #[test]
    fn seeks_rapid_or_slower() {
        assert!(check_seek(rt(10, 0)).is_ok());
        assert!(check_seek(rt(8, 0)).is_ok(), "480 s is rapid");
        assert!(check_seek(rt(5, 5)).is_ok(), "300 + 200 = 500");
    }

    #[test]
    fn too_fast_seeks_refused() {
        assert_eq!(
            check_seek(rt(7, 0)),
            Err(Refusal::SeekTooFast {
                estimated_seconds: 420
            })
        );
        assert_eq!(
            check_seek(rt(5, 2)),
            Err(Refusal::SeekTooFast {
                estimated_seconds: 380
            })
        );
        assert_eq!(
            check_seek(rt(3, 2)),
            Err(Refusal::SeekTooFast {
                estimated_seconds: 260
            })
        );
        assert!(check_seek(rt(2, 10)).is_ok(), "120 + 400 = 520");
        assert!(check_seek(rt(181, 0)).is_err());
        assert!(check_seek(TimeControl::Correspondence { days: 3 }).is_ok());
        assert_eq!(
            check_seek(TimeControl::Correspondence { days: 4 }),
            Err(Refusal::BadDays { days: 4 })
        );
        let text = Refusal::SeekTooFast {
            estimated_seconds: 420,
        }
        .to_string();
        assert!(text.contains("rapid and classical"), "{text}");
    }

    #[test]
    fn challenges_blitz_or_slower() {
        assert!(check_challenge(rt(3, 0)).is_ok());
        assert!(check_challenge(rt(2, 0)).is_err());
        assert!(check_challenge(rt(10, 61)).is_err());
    }

    #[test]
    fn parse_time_controls() {
        assert_eq!(TimeControl::parse("10+5"), Some(rt(10, 5)));
        assert_eq!(TimeControl::parse("15"), Some(rt(15, 0)));
        assert_eq!(
            TimeControl::parse("3d"),
            Some(TimeControl::Correspondence { days: 3 })
        );
        assert_eq!(TimeControl::parse("x+1"), None);
        assert_eq!(TimeControl::parse("-1+0"), None);
        assert_eq!(rt(10, 5).to_string(), "10+5");
    }
}
