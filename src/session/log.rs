//! The action log of a tournament game: append-only, time-stamped, kept beside the game (Appendix D.2.10,
//! the event log records what happened for the arbiter). Every entry, correction, clock press, request
//! and its answer, flag and arbiter action is one entry; nothing is ever removed, a correction is an entry of
//! its own.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::words::{self, Phrases};

/// Who acted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// The blind player operating hector alone (record mode).
    Player,
    /// The sighted assistant of Appendix D.2.10.
    Assistant,
    /// A request of the blind player (assistant mode).
    BlindPlayer,
    /// The sighted player (D.2.11: the player an assistant may serve).
    SightedPlayer,
    /// The arbiter's actions (Articles 6.10-6.11, 7, 12.9).
    Arbiter,
    /// hector itself: flags, automatic endings, time.
    Hector,
}

impl Actor {
    /// The key of the actor's name in the phrase tables.
    fn key(self) -> &'static str {
        match self {
            Actor::Player => "log.actor.player",
            Actor::Assistant => "log.actor.assistant",
            Actor::BlindPlayer => "log.actor.blind_player",
            Actor::SightedPlayer => "log.actor.sighted_player",
            Actor::Arbiter => "log.actor.arbiter",
            Actor::Hector => "log.actor.hector",
        }
    }

    /// The name in the log file (stable, not translated, so a file can be read back).
    fn tag(self) -> &'static str {
        match self {
            Actor::Player => "player",
            Actor::Assistant => "assistant",
            Actor::BlindPlayer => "blind-player",
            Actor::SightedPlayer => "sighted-player",
            Actor::Arbiter => "arbiter",
            Actor::Hector => "hector",
        }
    }

    fn from_tag(tag: &str) -> Option<Actor> {
        [
            Actor::Player,
            Actor::Assistant,
            Actor::BlindPlayer,
            Actor::SightedPlayer,
            Actor::Arbiter,
            Actor::Hector,
        ]
        .into_iter()
        .find(|a| a.tag() == tag)
    }
}

/// One thing that happened: when, who, what was entered, and what hector answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Wall-clock time (UTC text), from the start time the edge gave plus session time.
    pub at: String,
    /// Time since the session started.
    pub elapsed: Duration,
    pub actor: Actor,
    /// What was entered (a move, a command), control characters removed.
    pub action: String,
    /// What hector said in answer, in order.
    pub said: Vec<String>,
}

/// Where the log of a game saved at `game` is kept: beside it, `FILE.pgn.log.txt`.
pub fn log_path(game: &Path) -> PathBuf {
    let mut s = game.as_os_str().to_owned();
    s.push(".log.txt");
    PathBuf::from(s)
}

/// Text from outside made safe for a line of the log and for speech: control characters and bidirectional
/// overrides become spaces, runs of spaces one, at most `max` characters.
pub fn clean(text: &str, max: usize) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let bad = c.is_control()
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        let c = if bad || c == '\t' { ' ' } else { c };
        if c == ' ' && out.ends_with(' ') {
            continue;
        }
        if out.chars().count() >= max {
            out.push('…');
            break;
        }
        out.push(c);
    }
    out.trim().to_string()
}

/// The most an entered action keeps of its text.
const ACTION_MAX: usize = 200;

/// The append-only log. Entries of earlier sessions of the same game (read from its file) come first.
#[derive(Debug, Clone, Default)]
pub struct ActionLog {
    /// When the session started (wall clock), given by the edge; entries are stamped from it.
    started: Option<SystemTime>,
    entries: Vec<Entry>,
    /// Lines of the file that could not be read back as entries, kept as they were.
    header: Vec<String>,
}

impl ActionLog {
    pub fn new(started: Option<SystemTime>) -> ActionLog {
        ActionLog {
            started,
            entries: Vec::new(),
            header: Vec::new(),
        }
    }

    /// Continues the log kept in a file: its entries stay, new ones follow.
    pub fn continued(started: Option<SystemTime>, text: &str) -> ActionLog {
        let mut log = ActionLog::new(started);
        for line in text.lines() {
            match Self::parse_line(line) {
                Some(e) => log.entries.push(e),
                None if log.entries.is_empty() => log.header.push(line.to_string()),
                None => {
                    if let Some(last) = log.entries.last_mut() {
                        last.said.push(line.trim().to_string());
                    }
                }
            }
        }
        log
    }

    fn parse_line(line: &str) -> Option<Entry> {
        let mut parts = line.split('\t');
        let at = parts.next()?.to_string();
        let elapsed = parse_elapsed(parts.next()?)?;
        let actor = Actor::from_tag(parts.next()?)?;
        let action = parts.next()?.to_string();
        let said = parts.map(str::to_string).collect();
        Some(Entry {
            at,
            elapsed,
            actor,
            action,
            said,
        })
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds an entry. `now` is session time.
    pub fn record(&mut self, now: Duration, actor: Actor, action: &str, said: Vec<String>) {
        let at = self
            .started
            .map(|s| words::time::utc_timestamp(s + now))
            .unwrap_or_default();
        self.entries.push(Entry {
            at,
            elapsed: now,
            actor,
            action: clean(action, ACTION_MAX),
            said: said.iter().map(|s| clean(s, 2000)).collect(),
        });
    }

    /// The whole log as the file keeps it: one entry per line, tab-separated (time, time since start, actor,
    /// action, answers).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if self.header.is_empty() {
            out.push_str("# hector action log: UTC time, time since the session started, who, what was entered, what hector said\n");
        }
        for h in &self.header {
            out.push_str(h);
            out.push('\n');
        }
        for e in &self.entries {
            out.push_str(&e.at);
            out.push('\t');
            out.push_str(&elapsed_text(e.elapsed));
            out.push('\t');
            out.push_str(e.actor.tag());
            out.push('\t');
            out.push_str(&e.action);
            for s in &e.said {
                out.push('\t');
                out.push_str(s);
            }
            out.push('\n');
        }
        out
    }

    /// Entries read aloud: the last `n` (all without `n`), numbered as in the whole log.
    pub fn read(&self, p: &Phrases, n: Option<usize>) -> String {
        if self.entries.is_empty() {
            return p.get("log.empty").to_string();
        }
        let n = n.unwrap_or(self.entries.len()).min(self.entries.len());
        let first = self.entries.len() - n;
        let mut parts = Vec::new();
        for (i, e) in self.entries.iter().enumerate().skip(first) {
            let said = if e.said.is_empty() {
                String::new()
            } else {
                p.say("log.said", &[("said", &e.said.join("; "))])
            };
            parts.push(p.say(
                "log.entry",
                &[
                    ("n", &(i + 1).to_string()),
                    ("time", &words::time::duration(p, e.elapsed)),
                    ("actor", p.get(e.actor.key())),
                    ("action", &e.action),
                    ("said", &said),
                ],
            ));
        }
        p.say(
            "log.read",
            &[
                ("from", &(first + 1).to_string()),
                ("to", &self.entries.len().to_string()),
                ("entries", &parts.join(" ")),
            ],
        )
    }
}

/// `h:mm:ss.d` of session time.
fn elapsed_text(d: Duration) -> String {
    let s = d.as_secs();
    format!(
        "{}:{:02}:{:02}.{}",
        s / 3600,
        s % 3600 / 60,
        s % 60,
        d.subsec_millis() / 100
    )
}

fn parse_elapsed(text: &str) -> Option<Duration> {
    let (hms, tenths) = text.split_once('.')?;
    let mut it = hms.split(':');
    let h: u64 = it.next()?.parse().ok()?;
    let m: u64 = it.next()?.parse().ok()?;
    let s: u64 = it.next()?.parse().ok()?;
    let t: u64 = tenths.parse().ok()?;
    if it.next().is_some() || m >= 60 || s >= 60 || t >= 10 || h > 10_000 {
        return None;
    }
    Some(Duration::from_millis(
        ((h * 3600 + m * 60 + s) * 10 + t) * 100,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::UNIX_EPOCH;

    #[test]
    fn entries_are_kept_in_the_file_and_read_back() {
        let start = UNIX_EPOCH + Duration::from_secs(1_795_304_047);
        let mut log = ActionLog::new(Some(start));
        log.record(
            Duration::from_millis(5_300),
            Actor::Player,
            "e4",
            vec!["Bauer Eva vier".into()],
        );
        log.record(
            Duration::from_secs(3_700),
            Actor::Arbiter,
            "arbiter add white 2m\u{1b}[31m",
            vec![],
        );
        let text = log.to_text();
        assert!(
            text.contains("\t0:00:05.3\tplayer\te4\tBauer Eva vier\n"),
            "{text}"
        );
        assert!(text.contains("\t1:01:40.0\tarbiter\t"), "{text}");
        assert!(
            !text.contains('\u{1b}'),
            "control characters never reach the file"
        );
        let back = ActionLog::continued(None, &text);
        assert_eq!(back.entries(), log.entries());
        assert_eq!(
            back.to_text(),
            text,
            "a continued log keeps its file unchanged"
        );
    }

    #[test]
    fn reading_the_last_entries_numbers_them_as_in_the_whole_log() {
        let p = Phrases::default();
        let mut log = ActionLog::new(None);
        assert_eq!(log.read(&p, None), p.get("log.empty"));
        for (i, m) in ["e4", "e5", "Nf3"].iter().enumerate() {
            log.record(Duration::from_secs(i as u64 * 10), Actor::Player, m, vec![]);
        }
        let last = log.read(&p, Some(2));
        assert!(
            last.contains("2") && last.contains("e5") && last.contains("Nf3"),
            "{last}"
        );
        assert!(!last.contains("e4"), "{last}");
        assert!(log.read(&p, Some(10)).contains("e4"));
    }

    #[test]
    fn clean_removes_controls_and_bidi_overrides() {
        assert_eq!(clean("a\u{0}b\u{7}c\u{202e}d\n", 100), "a b c d");
        assert_eq!(clean("abcdef", 3), "abc…");
    }
}
