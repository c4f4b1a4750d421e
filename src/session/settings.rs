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
        s.thresholds_seconds.sort_unstable_by(|a, b| b.cmp(a));
        s.thresholds_seconds.dedup();
        if s.periodic_seconds == Some(0) {
            return Err(VocabularyError {
                file: file.into(),
                line: 0,
                column: 0,
                message: "`periodic_seconds` must be above 0".into(),
            });
        }
        Ok(s)
    }

    pub fn load(path: &str) -> Result<ClockSettings, VocabularyError> {
        let text = std::fs::read_to_string(path).map_err(|e| VocabularyError {
            file: path.into(),
            line: 0,
            column: 0,
            message: format!("cannot read the file: {e}"),
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
}
