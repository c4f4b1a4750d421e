//! Settings of the talking clock, read from RON (config/clock.ron, or the player's own file).

use std::time::Duration;

use serde::Deserialize;

use crate::words::vocabulary::VocabularyError;

/// What the clock says without being asked.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSettings {
    /// Remaining time (seconds) at which the running side's time is announced.
    pub thresholds_seconds: Vec<u64>,
    /// Announce each period start (R-6.3.2a).
    pub announce_period_start: bool,
    /// Announce the running side's time every so many seconds.
    pub periodic_seconds: Option<u64>,
    /// Appendix D.2.6.2 as sound cues.
    pub tactile: bool,
    /// Decide a fallen flag at once (R-6.8: observed), or only when claimed.
    pub observe_flags: bool,
}

pub const BUILTIN: &str = include_str!("../../config/clock.ron");

/// The most thresholds a clock file may list (the shipped file has 8; tens of thousands made
/// `wait` take minutes).
pub const MAX_THRESHOLDS: usize = 64;
/// The largest time a setting may name, in seconds: 10 days, far beyond any time control.
pub const MAX_SECONDS: u64 = 10 * 24 * 3600;
/// The shortest period of the periodic time announcement: anything shorter cannot be said before the next.
pub const MIN_PERIODIC_SECONDS: u64 = 10;

/// The line of the first place `key` is written in `text` (0 when it is not).
fn line_of(text: &str, key: &str) -> usize {
    text.find(key)
        .map_or(0, |at| text[..at].matches('\n').count() + 1)
}

impl Default for ClockSettings {
    fn default() -> Self {
        ClockSettings::from_ron(BUILTIN, "config/clock.ron")
            .expect("the built-in clock settings are valid")
    }
}

impl ClockSettings {
    pub fn from_ron(text: &str, file: &str) -> Result<ClockSettings, VocabularyError> {
        let mut s: ClockSettings = ron::from_str(text).map_err(|e| VocabularyError {
            file: file.to_string(),
            line: e.position.line,
            column: e.position.col,
            message: e.code.to_string(),
        })?;
        let err = |key: &str, message: String| VocabularyError {
            file: file.into(),
            line: line_of(text, key),
            column: 0,
            message,
        };
        if s.thresholds_seconds.len() > MAX_THRESHOLDS {
            return Err(err(
                "thresholds_seconds",
                format!(
                    "`thresholds_seconds` lists {} times; at most {MAX_THRESHOLDS} are allowed",
                    s.thresholds_seconds.len()
                ),
            ));
        }
        if let Some(t) = s.thresholds_seconds.iter().find(|t| **t > MAX_SECONDS) {
            return Err(err(
                "thresholds_seconds",
                format!(
                    "`thresholds_seconds` has {t}; the largest allowed is {MAX_SECONDS} (10 days)"
                ),
            ));
        }
        s.thresholds_seconds.sort_unstable_by(|a, b| b.cmp(a));
        s.thresholds_seconds.dedup();
        if let Some(p) = s.periodic_seconds
            && !(MIN_PERIODIC_SECONDS..=MAX_SECONDS).contains(&p)
        {
            return Err(err(
                "periodic_seconds",
                format!(
                    "`periodic_seconds` is {p}; it must be from {MIN_PERIODIC_SECONDS} to {MAX_SECONDS}, or None"
                ),
            ));
        }
        Ok(s)
    }

    /// Reads the player's file (at most [`crate::bounded::MAX_SETTINGS_FILE`] bytes, a regular file).
    pub fn load(path: &str) -> Result<ClockSettings, VocabularyError> {
        let text = crate::bounded::read_settings_file(
            std::path::Path::new(path),
            crate::bounded::MAX_SETTINGS_FILE,
        )
        .map_err(|message| VocabularyError {
            file: path.into(),
            line: 0,
            column: 0,
            message,
        })?;
        ClockSettings::from_ron(&text, path)
    }

    pub fn thresholds(&self) -> impl Iterator<Item = Duration> + '_ {
        self.thresholds_seconds
            .iter()
            .map(|s| Duration::from_secs(*s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_what_a_blind_player_wants() {
        let s = ClockSettings::default();
        assert_eq!(
            s.thresholds_seconds,
            vec![1800, 900, 600, 300, 120, 60, 30, 10]
        );
        assert!(s.announce_period_start && s.observe_flags && !s.tactile);
        let e = ClockSettings::from_ron("(thresholds_seconds: [60])", "x.ron").unwrap_err();
        assert!(e.message.contains("announce_period_start"), "{e}");
    }

    /// Sizes and values are checked, with the file and line of the setting.
    #[test]
    fn absurd_settings_are_refused_with_their_place() {
        let many: Vec<String> = (1..=MAX_THRESHOLDS as u64 + 1)
            .map(|n| n.to_string())
            .collect();
        let text = BUILTIN.replace(
            "[1800, 900, 600, 300, 120, 60, 30, 10]",
            &format!("[{}]", many.join(", ")),
        );
        let e = ClockSettings::from_ron(&text, "mine.ron").unwrap_err();
        assert!(e.message.contains("at most 64"), "{e}");
        assert_eq!(
            e.line,
            text.lines()
                .position(|l| l.contains("thresholds_seconds:"))
                .unwrap()
                + 1
        );
        let at_most: Vec<String> = (1..=MAX_THRESHOLDS as u64).map(|n| n.to_string()).collect();
        let text = BUILTIN.replace(
            "[1800, 900, 600, 300, 120, 60, 30, 10]",
            &format!("[{}]", at_most.join(", ")),
        );
        assert_eq!(
            ClockSettings::from_ron(&text, "mine.ron")
                .unwrap()
                .thresholds_seconds
                .len(),
            MAX_THRESHOLDS
        );
        let huge = BUILTIN.replace("[1800,", "[99999999999999,");
        assert!(
            ClockSettings::from_ron(&huge, "m.ron")
                .unwrap_err()
                .message
                .contains("10 days")
        );
        for bad in ["Some(0)", "Some(1)", "Some(99999999999)"] {
            let text = BUILTIN.replace(
                "periodic_seconds: None",
                &format!("periodic_seconds: {bad}"),
            );
            let e = ClockSettings::from_ron(&text, "m.ron").unwrap_err();
            assert!(e.message.contains("periodic_seconds"), "{bad}: {e}");
            assert!(e.line > 0);
        }
        let fine = BUILTIN.replace("periodic_seconds: None", "periodic_seconds: Some(60)");
        assert_eq!(
            ClockSettings::from_ron(&fine, "m.ron")
                .unwrap()
                .periodic_seconds,
            Some(60)
        );
    }
}
