//! Settings of the engine's analysis, read from RON (config/analysis.ron, or the player's own file): how far
//! each position is searched (depth, nodes, seconds) and the engine's threads and hash. Read by `analyse`,
//! `hector --analyse`, and every other question put to the engine as analyst.

use serde::Deserialize;

use crate::words::vocabulary::VocabularyError;

/// How the engine analyses each position.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisSettings {
    /// Half-moves searched ahead (`go depth`).
    pub depth: Option<u32>,
    /// Positions searched (`go nodes`).
    pub nodes: Option<u64>,
    /// Seconds per position at most (`go movetime`).
    pub seconds: Option<f64>,
    /// The engine's `Threads` option.
    pub threads: u32,
    /// The engine's `Hash` option, in MiB.
    pub hash_mb: u32,
}

/// Every value is checked finite when read (`seconds` is refused otherwise), so equality is one.
impl Eq for AnalysisSettings {}

/// One limit given with a command (`analyse depth 12`), replacing the settings' limits for that analysis.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AnalysisLimit {
    Depth(u32),
    Nodes(u64),
    Seconds(f64),
}

pub const BUILTIN: &str = include_str!("../../config/analysis.ron");

pub const DEPTH: (u32, u32) = (1, 60);
pub const NODES: (u64, u64) = (1, 10_000_000_000);
pub const SECONDS: (f64, f64) = (0.05, 600.0);
pub const THREADS: (u32, u32) = (1, 256);
pub const HASH_MB: (u32, u32) = (1, 65_536);

/// The line of the first place `key` is written in `text` (0 when it is not).
fn line_of(text: &str, key: &str) -> usize {
    text.find(&format!("{key}:"))
        .map_or(0, |at| text[..at].matches('\n').count() + 1)
}

impl Default for AnalysisSettings {
    fn default() -> Self {
        AnalysisSettings::from_ron(BUILTIN, "config/analysis.ron")
            .expect("the built-in analysis settings are valid")
    }
}

impl AnalysisLimit {
    /// Why this limit cannot be used (its range), or `None` when it can.
    pub fn refused(self) -> Option<String> {
        match self {
            AnalysisLimit::Depth(d) if !(DEPTH.0..=DEPTH.1).contains(&d) => Some(format!(
                "`depth` is {d}; it must be from {} to {}",
                DEPTH.0, DEPTH.1
            )),
            AnalysisLimit::Nodes(n) if !(NODES.0..=NODES.1).contains(&n) => Some(format!(
                "`nodes` is {n}; it must be from {} to {}",
                NODES.0, NODES.1
            )),
            AnalysisLimit::Seconds(s)
                if !(s.is_finite() && (SECONDS.0..=SECONDS.1).contains(&s)) =>
            {
                Some(format!(
                    "`seconds` is {s}; it must be from {} to {}",
                    SECONDS.0, SECONDS.1
                ))
            }
            _ => None,
        }
    }
}

impl AnalysisSettings {
    pub fn from_ron(text: &str, file: &str) -> Result<AnalysisSettings, VocabularyError> {
        let s: AnalysisSettings = ron::from_str(text).map_err(|e| VocabularyError {
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
        if s.depth.is_none() && s.nodes.is_none() && s.seconds.is_none() {
            return Err(err(
                "depth",
                "no limit is set: set at least one of `depth`, `nodes` and `seconds`".into(),
            ));
        }
        let limits = [
            ("depth", s.depth.map(AnalysisLimit::Depth)),
            ("nodes", s.nodes.map(AnalysisLimit::Nodes)),
            ("seconds", s.seconds.map(AnalysisLimit::Seconds)),
        ];
        for (key, limit) in limits {
            if let Some(reason) = limit.and_then(AnalysisLimit::refused) {
                return Err(err(key, reason));
            }
        }
        if !(THREADS.0..=THREADS.1).contains(&s.threads) {
            return Err(err(
                "threads",
                format!(
                    "`threads` is {}; it must be from {} to {}",
                    s.threads, THREADS.0, THREADS.1
                ),
            ));
        }
        if !(HASH_MB.0..=HASH_MB.1).contains(&s.hash_mb) {
            return Err(err(
                "hash_mb",
                format!(
                    "`hash_mb` is {}; it must be from {} to {}",
                    s.hash_mb, HASH_MB.0, HASH_MB.1
                ),
            ));
        }
        Ok(s)
    }

    /// Reads the player's file (at most [`crate::bounded::MAX_SETTINGS_FILE`] bytes, a regular file).
    pub fn load(path: &std::path::Path) -> Result<AnalysisSettings, VocabularyError> {
        let text = crate::bounded::read_settings_file(path, crate::bounded::MAX_SETTINGS_FILE)
            .map_err(|message| VocabularyError {
                file: path.display().to_string(),
                line: 0,
                column: 0,
                message,
            })?;
        AnalysisSettings::from_ron(&text, &path.display().to_string())
    }

    /// These settings with only `limit` (a command's own limit); `None` with its reason when out of range.
    pub fn with_limit(&self, limit: AnalysisLimit) -> Result<AnalysisSettings, String> {
        if let Some(reason) = limit.refused() {
            return Err(reason);
        }
        let (depth, nodes, seconds) = match limit {
            AnalysisLimit::Depth(d) => (Some(d), None, None),
            AnalysisLimit::Nodes(n) => (None, Some(n), None),
            AnalysisLimit::Seconds(s) => (None, None, Some(s)),
        };
        Ok(AnalysisSettings {
            depth,
            nodes,
            seconds,
            ..self.clone()
        })
    }

    /// The UCI `go` command of these limits: `go depth 18 nodes 1000000 movetime 3000`.
    pub fn go_command(&self) -> String {
        let mut go = String::from("go");
        if let Some(d) = self.depth {
            go.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = self.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        if let Some(s) = self.seconds {
            go.push_str(&format!(
                " movetime {}",
                (s * 1000.0).round().max(1.0) as u64
            ));
        }
        go
    }

    /// The UCI `setoption` lines of the engine's threads and hash.
    pub fn option_commands(&self) -> [String; 2] {
        [
            format!("setoption name Threads value {}", self.threads),
            format!("setoption name Hash value {}", self.hash_mb),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_settings_search_a_million_nodes_at_most_three_seconds() {
        let s = AnalysisSettings::default();
        assert_eq!(s.go_command(), "go nodes 1000000 movetime 3000");
        assert_eq!(
            s.option_commands(),
            [
                "setoption name Threads value 1".to_string(),
                "setoption name Hash value 64".to_string()
            ]
        );
    }

    #[test]
    fn bad_values_are_refused_with_their_setting_and_line() {
        let cases = [
            ("depth: None", "depth: Some(0)", "depth"),
            ("depth: None", "depth: Some(61)", "depth"),
            ("nodes: Some(1000000)", "nodes: Some(0)", "nodes"),
            ("seconds: Some(3.0)", "seconds: Some(0.0)", "seconds"),
            ("seconds: Some(3.0)", "seconds: Some(100000.0)", "seconds"),
            ("threads: 1", "threads: 0", "threads"),
            ("threads: 1", "threads: 1000", "threads"),
            ("hash_mb: 64", "hash_mb: 0", "hash_mb"),
            ("hash_mb: 64", "hash_mb: 1000000", "hash_mb"),
        ];
        for (from, to, key) in cases {
            let text = BUILTIN.replace(from, to);
            assert_ne!(text, BUILTIN, "{from}");
            let e = AnalysisSettings::from_ron(&text, "mine.ron").unwrap_err();
            assert!(e.message.contains(&format!("`{key}`")), "{to}: {e}");
            let line = text.lines().position(|l| l.contains(to)).unwrap() + 1;
            assert_eq!(e.line, line, "{to}");
        }
        let none = BUILTIN
            .replace("nodes: Some(1000000)", "nodes: None")
            .replace("seconds: Some(3.0)", "seconds: None");
        let e = AnalysisSettings::from_ron(&none, "mine.ron").unwrap_err();
        assert!(e.message.contains("no limit"), "{e}");
        let e = AnalysisSettings::from_ron("(depth: Some(3))", "mine.ron").unwrap_err();
        assert!(e.message.contains("threads"), "{e}");
        let e = AnalysisSettings::from_ron(
            &BUILTIN.replace("threads: 1", "threads: 1, colour: 2"),
            "m",
        )
        .unwrap_err();
        assert!(e.message.contains("colour"), "{e}");
    }

    #[test]
    fn a_commands_limit_replaces_the_settings_limits() {
        let s = AnalysisSettings::default();
        assert_eq!(
            s.with_limit(AnalysisLimit::Depth(12)).unwrap().go_command(),
            "go depth 12"
        );
        assert_eq!(
            s.with_limit(AnalysisLimit::Seconds(0.5))
                .unwrap()
                .go_command(),
            "go movetime 500"
        );
        assert!(
            s.with_limit(AnalysisLimit::Nodes(0))
                .unwrap_err()
                .contains("nodes")
        );
        assert!(
            s.with_limit(AnalysisLimit::Seconds(f64::NAN))
                .unwrap_err()
                .contains("seconds")
        );
    }
}
