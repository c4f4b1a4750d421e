//! The lobby's arguments, read without the network (shared/design/online.md): `seek 10+5 [rated|casual]
//! [white|black]`, `seek 3d`, `challenge NAME 15+10 ...`, `challenge ai LEVEL [10+5] [white|black]`. Pure.

use super::types::{Control, LichessAsk};

/// lichess's Board API pairs only rapid and classical seeks: an estimated time (limit + 40 × increment) of
/// at least 8 minutes (lila's Speed: rapid from 480 seconds).
pub const RAPID_FROM_SECONDS: u32 = 480;

/// What a lobby line asks, or why it cannot be asked (a phrase key and the text it quotes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Read {
    Ask(LichessAsk),
    /// A real-time seek faster than rapid: refused before anything is sent.
    TooFast(String),
    Bad(&'static str, String),
}

/// `10+5` (minutes + seconds), `0.5+0`; `3d` (days per move).
pub fn control(text: &str) -> Option<Control> {
    let t = text.trim().to_lowercase();
    if let Some(days) = t.strip_suffix('d') {
        return match days.parse::<u32>() {
            Ok(d) if [1, 2, 3, 5, 7, 10, 14].contains(&d) => Some(Control::Days(d)),
            _ => None,
        };
    }
    let (m, s) = t.split_once('+')?;
    let minutes: f64 = m.parse().ok()?;
    let increment: u32 = s.parse().ok()?;
    let limit = (minutes * 60.0).round();
    (minutes.is_finite() && (0.0..=180.0).contains(&minutes) && increment <= 180).then_some(
        Control::Clock {
            limit: limit as u32,
            increment,
        },
    )
}

/// The options after the control: `rated`/`casual`, `white`/`black`; an unknown word is bad.
fn options(words: &[&str]) -> Result<(Option<bool>, Option<String>), String> {
    let (mut rated, mut color) = (None, None);
    for w in words {
        match w.to_lowercase().as_str() {
            "rated" => rated = Some(true),
            "casual" => rated = Some(false),
            c @ ("white" | "black" | "random") => color = Some(c.to_string()),
            _ => return Err((*w).to_string()),
        }
    }
    Ok((rated, color))
}

/// `seek ...`.
pub fn seek(rest: &str) -> Read {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let bad = || Read::Bad("online.bad_seek", rest.trim().to_string());
    let Some(control) = words.first().and_then(|w| control(w)) else {
        return bad();
    };
    let Ok((rated, color)) = options(&words[1..]) else {
        return bad();
    };
    if let Control::Clock { limit, increment } = control
        && limit + 40 * increment < RAPID_FROM_SECONDS
    {
        return Read::TooFast(words[0].to_string());
    }
    Read::Ask(LichessAsk::Seek {
        control,
        rated: rated.unwrap_or(false),
        color,
    })
}

/// `challenge NAME CONTROL ...` or `challenge ai LEVEL [CONTROL] ...`.
pub fn challenge(rest: &str) -> Read {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let bad = || Read::Bad("online.bad_challenge", rest.trim().to_string());
    let Some(name) = words.first() else {
        return bad();
    };
    if name.eq_ignore_ascii_case("ai") {
        let Some(level) = words.get(1) else {
            return bad();
        };
        let level = match level.parse::<u8>() {
            Ok(l) if (1..=8).contains(&l) => l,
            _ => return Read::Bad("online.bad_level", (*level).to_string()),
        };
        let (control, more) = match words.get(2).and_then(|w| control(w)) {
            Some(c) => (c, &words[3..]),
            None => (Control::Unlimited, &words[2.min(words.len())..]),
        };
        let Ok((_, color)) = options(more) else {
            return bad();
        };
        return Read::Ask(LichessAsk::ChallengeAi {
            level,
            control,
            color,
        });
    }
    let valid = |n: &str| {
        (2..=30).contains(&n.len())
            && n.chars()
                .all(|c| c.is_ascii_alphanumeric() || "_-".contains(c))
    };
    if !valid(name) {
        return bad();
    }
    let Some(control) = words.get(1).and_then(|w| control(w)) else {
        return bad();
    };
    let Ok((rated, color)) = options(&words[2..]) else {
        return bad();
    };
    Read::Ask(LichessAsk::Challenge {
        user: (*name).to_string(),
        control,
        rated: rated.unwrap_or(false),
        color,
    })
}

/// `N` of `accept N`, `join N`: a number from 1.
pub fn number(rest: &str) -> Option<usize> {
    rest.trim().parse::<usize>().ok().filter(|n| *n >= 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seek_reads_its_control_and_options_and_a_fast_one_is_refused() {
        assert_eq!(
            seek("10+5 rated white"),
            Read::Ask(LichessAsk::Seek {
                control: Control::Clock {
                    limit: 600,
                    increment: 5
                },
                rated: true,
                color: Some("white".into())
            })
        );
        assert_eq!(
            seek("3d"),
            Read::Ask(LichessAsk::Seek {
                control: Control::Days(3),
                rated: false,
                color: None
            })
        );
        assert_eq!(seek("3+2"), Read::TooFast("3+2".into()));
        assert_eq!(seek("5+0"), Read::TooFast("5+0".into()));
        assert!(matches!(seek("8+0"), Read::Ask(_)));
        assert_eq!(
            seek("5+3"),
            Read::TooFast("5+3".into()),
            "5 min + 40 × 3 s = 7 min"
        );
        assert!(
            matches!(seek("5+5"), Read::Ask(_)),
            "5 min + 40 × 5 s = 8 min 20"
        );
        assert_eq!(seek("ten"), Read::Bad("online.bad_seek", "ten".into()));
        assert_eq!(
            seek("10+5 purple"),
            Read::Bad("online.bad_seek", "10+5 purple".into())
        );
        assert_eq!(seek("4d"), Read::Bad("online.bad_seek", "4d".into()));
    }

    #[test]
    fn a_challenge_reads_a_name_or_the_computer() {
        assert_eq!(
            challenge("Magnus 15+10 casual black"),
            Read::Ask(LichessAsk::Challenge {
                user: "Magnus".into(),
                control: Control::Clock {
                    limit: 900,
                    increment: 10
                },
                rated: false,
                color: Some("black".into())
            })
        );
        assert_eq!(
            challenge("ai 3 10+5 white"),
            Read::Ask(LichessAsk::ChallengeAi {
                level: 3,
                control: Control::Clock {
                    limit: 600,
                    increment: 5
                },
                color: Some("white".into())
            })
        );
        assert_eq!(challenge("ai 9"), Read::Bad("online.bad_level", "9".into()));
        assert_eq!(
            challenge("x"),
            Read::Bad("online.bad_challenge", "x".into())
        );
        assert_eq!(
            challenge("bob"),
            Read::Bad("online.bad_challenge", "bob".into())
        );
    }
}
