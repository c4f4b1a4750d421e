//! The action log of a tournament game: append-only, time-stamped, kept beside the game (Appendix D.2.10,
//! the event log records what happened for the arbiter). Every entry, correction, clock press, request
//! and its answer, flag and arbiter action is one entry; nothing is ever removed, a correction is an entry of
//! its own. Each entry is sealed to the one before it by a SHA-256 hash, so that an arbiter can
//! see with `verify` whether the file is whole and unchanged, and where it was cut or edited.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::words::{self, Phrases};

pub use super::game_mark::GameMark;
use super::game_mark::sha256_hex;

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
    /// The entry's seal as the file keeps it (`#N sha256:HEX`); none in logs of earlier versions.
    pub seal: Option<String>,
    /// The game as it stood after the entry; none in logs of earlier versions.
    pub game: Option<GameMark>,
}

/// The hash before the first entry.
const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The seal of entry `n` (1-based) whose line (without its seal) is `text`, after the entry sealed `prev`:
/// SHA-256 of the previous hash, the number and the text.
fn seal_hash(prev: &str, n: usize, text: &str) -> String {
    sha256_hex(format!("{prev}\n{n}\t{text}").as_bytes())
}

/// The seal field of a line: `#N sha256:HEX`.
fn seal_field(n: usize, hash: &str) -> String {
    format!("#{n} sha256:{hash}")
}

/// A seal field read back: the number and the hash.
fn parse_seal(field: &str) -> Option<(usize, String)> {
    let (n, hash) = field.strip_prefix('#')?.split_once(" sha256:")?;
    let n: usize = n.parse().ok()?;
    let ok = hash.len() == 64
        && hash
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    (ok && n > 0).then(|| (n, hash.to_string()))
}

/// A line of the file split into its text and its seal (when it has one).
fn split_seal(line: &str) -> (&str, Option<(usize, String)>) {
    match line.rsplit_once('\t') {
        Some((text, field)) => match parse_seal(field) {
            Some(seal) => (text, Some(seal)),
            None => (line, None),
        },
        None => (line, None),
    }
}

/// The first line of a new log.
const HEADER: &str = "# hector action log: UTC time, time since the session started, who, what was entered, what hector said, the entry's seal (its number and the SHA-256 of the previous seal, the number and the entry)";

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

/// The most characters an entry keeps of an action or an answer: far more than a line of input can hold, so
/// that nothing entered is cut (a typed scoresheet of a whole game is a few thousand characters).
const TEXT_MAX: usize = 1 << 20;

/// The append-only log. Entries of earlier sessions of the same game (read from its file) come first.
#[derive(Debug, Clone, Default)]
pub struct ActionLog {
    /// When the session started (wall clock), given by the edge; entries are stamped from it.
    started: Option<SystemTime>,
    entries: Vec<Entry>,
    /// Lines of the file that could not be read back as entries, kept as they were.
    header: Vec<String>,
    /// The hash of the last entry (the chain goes on from it).
    head: String,
    /// How many entries are already in the file (or were handed to the edge to append).
    written: usize,
    /// Whether the file has its first line (a continued log has).
    header_written: bool,
    /// The number of the next entry.
    next: usize,
    /// The file's last line has no newline (cut off by a crash).
    open_line: bool,
    /// The game as it stands now: every entry recorded carries it (see [`GameMark`]).
    game: Option<GameMark>,
}

impl ActionLog {
    pub fn new(started: Option<SystemTime>) -> ActionLog {
        ActionLog {
            started,
            entries: Vec::new(),
            header: Vec::new(),
            head: GENESIS.to_string(),
            written: 0,
            header_written: false,
            next: 1,
            open_line: false,
            game: None,
        }
    }

    /// The game as it stands now (with the made move, the presses owed and the illegal moves), carried by the
    /// entries recorded from now on.
    pub fn set_game(
        &mut self,
        game: &crate::rules::Game,
        kept: (Option<(shakmaty::Color, usize)>, [u32; 2]),
        illegal: [u32; 2],
    ) {
        self.game = Some(GameMark::of(game, kept.0, kept.1, illegal));
    }

    /// Continues the log kept in a file: its entries stay, new ones follow, sealed on from the last one (a log
    /// of an earlier version without seals is chained over as it is).
    pub fn continued(started: Option<SystemTime>, text: &str) -> ActionLog {
        let mut log = ActionLog::new(started);
        log.header_written = !text.is_empty();
        // A last line cut off by a crash is closed before anything is appended.
        log.open_line = !text.is_empty() && !text.ends_with('\n');
        let mut sealed_yet = false;
        for line in text.lines() {
            let (body, seal) = split_seal(line);
            match Self::parse_line(body) {
                Some(mut e) => {
                    match &seal {
                        Some((n, hash)) => {
                            sealed_yet = true;
                            log.head = hash.clone();
                            log.next = n + 1;
                        }
                        // A line without a seal after sealed ones (cut off, or added) is not chained on.
                        None if sealed_yet => {}
                        // An entry of an earlier version: chained over as it is.
                        None => {
                            log.head = seal_hash(&log.head, log.next, body);
                            log.next += 1;
                        }
                    }
                    e.seal = seal.map(|(n, hash)| seal_field(n, &hash));
                    log.entries.push(e)
                }
                None if log.entries.is_empty() => log.header.push(line.to_string()),
                None => {
                    if let Some(last) = log.entries.last_mut() {
                        last.said.push(line.trim().to_string());
                    }
                }
            }
        }
        log.written = log.entries.len();
        log
    }

    fn parse_line(line: &str) -> Option<Entry> {
        let mut parts = line.split('\t');
        let at = parts.next()?.to_string();
        let elapsed = parse_elapsed(parts.next()?)?;
        let actor = Actor::from_tag(parts.next()?)?;
        let action = parts.next()?.to_string();
        let mut said: Vec<String> = parts.map(str::to_string).collect();
        let game = said.last().and_then(|f| GameMark::parse(f));
        if game.is_some() {
            said.pop();
        }
        Some(Entry {
            at,
            elapsed,
            actor,
            action,
            said,
            seal: None,
            game,
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

    /// Adds an entry, sealed to the one before. `now` is session time. Nothing is cut: the log is the
    /// arbiter's evidence, whole.
    pub fn record(&mut self, now: Duration, actor: Actor, action: &str, said: Vec<String>) {
        let at = self
            .started
            .map(|s| words::time::utc_timestamp(s + now))
            .unwrap_or_default();
        let mut e = Entry {
            at,
            elapsed: now,
            actor,
            action: clean(action, TEXT_MAX),
            said: said.iter().map(|s| clean(s, TEXT_MAX)).collect(),
            seal: None,
            game: self.game.clone(),
        };
        let n = self.next;
        let hash = seal_hash(&self.head, n, &Self::line_text(&e));
        e.seal = Some(seal_field(n, &hash));
        self.head = hash;
        self.next += 1;
        self.entries.push(e);
    }

    /// An entry's line without its seal: time, time since start, actor, action, answers, tab-separated.
    fn line_text(e: &Entry) -> String {
        let mut out = String::new();
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
        if let Some(g) = &e.game {
            out.push('\t');
            out.push_str(&g.field());
        }
        out
    }

    /// An entry's whole line, seal included, with its newline.
    fn line(e: &Entry) -> String {
        let mut out = Self::line_text(e);
        if let Some(seal) = &e.seal {
            out.push('\t');
            out.push_str(seal);
        }
        out.push('\n');
        out
    }

    /// The whole log as the file keeps it: one entry per line, tab-separated (time, time since start, actor,
    /// action, answers, seal).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if self.header.is_empty() {
            out.push_str(HEADER);
            out.push('\n');
        }
        for h in &self.header {
            out.push_str(h);
            out.push('\n');
        }
        for e in &self.entries {
            out.push_str(&Self::line(e));
        }
        out
    }

    /// What is not yet in the file, to be appended to it (the log is appended, never rewritten):
    /// the first line of a new log, then the entries recorded since the last call. Empty when nothing is new.
    pub fn take_unwritten(&mut self) -> String {
        let mut out = String::new();
        if self.written < self.entries.len() && std::mem::take(&mut self.open_line) {
            out.push('\n');
        }
        if self.written < self.entries.len() && !self.header_written {
            out.push_str(HEADER);
            out.push('\n');
            self.header_written = true;
        }
        for e in &self.entries[self.written..] {
            out.push_str(&Self::line(e));
        }
        self.written = self.entries.len();
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
            } else if e.action.is_empty() {
                // hector's own entry (an explicit save done): what it said, not "hector: , answered".
                e.said.join("; ")
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

/// What is wrong with a log, found by [`verify`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The entry's text or its seal was changed.
    Edited { n: usize, at: String },
    /// Entries `from..=to` are not in the file; the last one before them was at `after`.
    Missing {
        from: usize,
        to: usize,
        after: String,
    },
    /// Entry `n` stands after entry `after`: the order was changed.
    OutOfOrder { n: usize, at: String, after: usize },
    /// Entry `n` is in the file more than once.
    Twice { n: usize, at: String },
    /// Line `line` of the file is an entry without a seal after sealed entries (added, or its seal removed).
    Unsealed { line: usize },
    /// Line `line` of the file is not an entry at all.
    NotAnEntry { line: usize },
}

/// The verdict on a log file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// No entries.
    Empty,
    /// Every entry sealed and in its place: how many, the last one's time, and how many entries at the start
    /// were written by an earlier version without seals (covered by the seal of the first sealed entry).
    Whole {
        entries: usize,
        last_at: String,
        unsealed: usize,
    },
    /// Written by an earlier version: no seals, nothing to verify against.
    Unsealed { entries: usize },
    /// What was found wrong, in the order of the file.
    Changed(Vec<Problem>),
}

/// Checks a log file's text: every entry's seal against the entry sealed before it, the numbers in order,
/// nothing missing, twice, added or edited. (A cut after the last entry leaves a shorter log that is whole:
/// the last entry's time tells the arbiter where it ends.)
pub fn verify(text: &str) -> Verdict {
    struct Seen {
        line: usize,
        n: usize,
        hash: Option<String>,
        text: String,
        at: String,
    }
    let mut seen: Vec<Seen> = Vec::new();
    let mut problems = Vec::new();
    let mut sealed_yet = false;
    let mut unsealed_before = 0;
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if seen.is_empty() && !sealed_yet && (line.starts_with('#') || line.trim().is_empty()) {
            continue;
        }
        let (body, seal) = split_seal(line);
        let Some(entry) = ActionLog::parse_line(body) else {
            if !(line.trim().is_empty() && i + 1 == text.lines().count()) {
                problems.push(Problem::NotAnEntry { line: line_no });
            }
            continue;
        };
        match seal {
            Some((n, hash)) => {
                sealed_yet = true;
                seen.push(Seen {
                    line: line_no,
                    n,
                    hash: Some(hash),
                    text: body.to_string(),
                    at: entry.at.clone(),
                });
            }
            None if !sealed_yet => {
                unsealed_before += 1;
                seen.push(Seen {
                    line: line_no,
                    n: seen.len() + 1,
                    hash: None,
                    text: body.to_string(),
                    at: entry.at.clone(),
                });
            }
            None => problems.push(Problem::Unsealed { line: line_no }),
        }
    }
    if seen.is_empty() && problems.is_empty() {
        return Verdict::Empty;
    }
    if !sealed_yet && problems.is_empty() {
        return Verdict::Unsealed {
            entries: seen.len(),
        };
    }
    // The hash each number was sealed with, from the entry that carries it (the chain of unsealed entries of
    // an earlier version is computed).
    let mut by_number: std::collections::HashMap<usize, String> = std::collections::HashMap::new();
    let mut chain = GENESIS.to_string();
    for s in &seen {
        let hash = match &s.hash {
            Some(h) => h.clone(),
            None => seal_hash(&chain, s.n, &s.text),
        };
        chain = hash.clone();
        by_number.entry(s.n).or_insert(hash);
    }
    let mut highest = 0;
    let mut last_at = String::new();
    let mut numbers = std::collections::HashSet::new();
    let mut found: Vec<(usize, Problem)> = problems
        .into_iter()
        .map(|p| match p {
            Problem::Unsealed { line } | Problem::NotAnEntry { line } => (line, p),
            _ => (0, p),
        })
        .collect();
    for s in &seen {
        if !numbers.insert(s.n) {
            found.push((
                s.line,
                Problem::Twice {
                    n: s.n,
                    at: s.at.clone(),
                },
            ));
            continue;
        }
        if s.n < highest {
            found.push((
                s.line,
                Problem::OutOfOrder {
                    n: s.n,
                    at: s.at.clone(),
                    after: highest,
                },
            ));
        } else if s.n > highest + 1 && (highest + 1..s.n).any(|m| !by_number.contains_key(&m)) {
            let from = (highest + 1..s.n)
                .find(|m| !by_number.contains_key(m))
                .unwrap_or(highest + 1);
            found.push((
                s.line,
                Problem::Missing {
                    from,
                    to: s.n - 1,
                    after: last_at.clone(),
                },
            ));
        }
        if let Some(hash) = &s.hash {
            let prev = if s.n == 1 {
                Some(GENESIS.to_string())
            } else {
                by_number.get(&(s.n - 1)).cloned()
            };
            if let Some(prev) = prev
                && seal_hash(&prev, s.n, &s.text) != *hash
            {
                found.push((
                    s.line,
                    Problem::Edited {
                        n: s.n,
                        at: s.at.clone(),
                    },
                ));
            }
        }
        if s.n > highest {
            highest = s.n;
            last_at = s.at.clone();
        }
    }
    if found.is_empty() {
        return Verdict::Whole {
            entries: seen.len(),
            last_at,
            unsealed: unsealed_before,
        };
    }
    found.sort_by_key(|(line, _)| *line);
    Verdict::Changed(found.into_iter().map(|(_, p)| p).collect())
}

/// The verdict in words (the `verify` command and `hector --verify`).
pub fn verdict_text(p: &Phrases, path: &str, v: &Verdict) -> String {
    let time = |at: &str| {
        if at.is_empty() {
            p.get("verify.no_time").to_string()
        } else {
            at.to_string()
        }
    };
    match v {
        Verdict::Empty => p.say("verify.empty", &[("path", path)]),
        Verdict::Unsealed { entries } => p.say(
            "verify.unsealed",
            &[("path", path), ("n", &entries.to_string())],
        ),
        Verdict::Whole {
            entries,
            last_at,
            unsealed,
        } => {
            let mut text = p.say(
                "verify.whole",
                &[
                    ("path", path),
                    ("n", &entries.to_string()),
                    ("time", &time(last_at)),
                ],
            );
            if *unsealed > 0 {
                text.push_str(&p.say(
                    "verify.older",
                    &[
                        ("k", &unsealed.to_string()),
                        ("next", &(unsealed + 1).to_string()),
                    ],
                ));
            }
            text
        }
        Verdict::Changed(problems) => {
            let said: Vec<String> = problems
                .iter()
                .take(12)
                .map(|pr| match pr {
                    Problem::Edited { n, at } => p.say(
                        "verify.edited",
                        &[("n", &n.to_string()), ("time", &time(at))],
                    ),
                    Problem::Missing { from, to, after } if from == to => p.say(
                        "verify.missing_one",
                        &[("n", &from.to_string()), ("time", &time(after))],
                    ),
                    Problem::Missing { from, to, after } => p.say(
                        "verify.missing",
                        &[
                            ("from", &from.to_string()),
                            ("to", &to.to_string()),
                            ("time", &time(after)),
                        ],
                    ),
                    Problem::OutOfOrder { n, at, after } => p.say(
                        "verify.order",
                        &[
                            ("n", &n.to_string()),
                            ("time", &time(at)),
                            ("after", &after.to_string()),
                        ],
                    ),
                    Problem::Twice { n, at } => p.say(
                        "verify.twice",
                        &[("n", &n.to_string()), ("time", &time(at))],
                    ),
                    Problem::Unsealed { line } => {
                        p.say("verify.unsealed_line", &[("line", &line.to_string())])
                    }
                    Problem::NotAnEntry { line } => {
                        p.say("verify.not_entry", &[("line", &line.to_string())])
                    }
                })
                .collect();
            let more = problems.len().saturating_sub(12);
            let mut text = p.say(
                "verify.changed",
                &[("path", path), ("problems", &said.join("; "))],
            );
            if more > 0 {
                text.push_str(&p.say("verify.more", &[("n", &more.to_string())]));
            }
            text
        }
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
            text.contains("\t0:00:05.3\tplayer\te4\tBauer Eva vier\t#1 sha256:"),
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

    /// A log of `n` entries as the file keeps it (appended piece by piece, as the edge does).
    fn sealed_log(n: usize) -> String {
        let start = UNIX_EPOCH + Duration::from_secs(1_795_304_047);
        let mut log = ActionLog::new(Some(start));
        let mut file = String::new();
        for i in 0..n {
            log.record(
                Duration::from_secs(60 * i as u64),
                Actor::Player,
                &format!("move {i}"),
                vec![format!("said {i}")],
            );
            file.push_str(&log.take_unwritten());
        }
        assert_eq!(file, log.to_text(), "the appended pieces are the whole log");
        file
    }

    fn problems(text: &str) -> Vec<Problem> {
        match verify(text) {
            Verdict::Changed(p) => p,
            other => panic!("not caught: {other:?}\n{text}"),
        }
    }

    /// An edit, a removal, a reordering, an added line, a copied entry are each caught and
    /// placed; a whole log is whole.
    #[test]
    fn verify_catches_every_change_and_says_where() {
        let text = sealed_log(8);
        let lines: Vec<&str> = text.lines().collect();
        let join = |ls: Vec<&str>| ls.iter().map(|l| format!("{l}\n")).collect::<String>();
        assert!(matches!(
            verify(&text),
            Verdict::Whole {
                entries: 8,
                unsealed: 0,
                ..
            }
        ));
        let at = |n: usize| lines[n].split('\t').next().unwrap().to_string();
        // An answer edited (line 3 is entry 3).
        let edited = text.replace("said 3", "said three");
        assert_eq!(problems(&edited), vec![Problem::Edited { n: 4, at: at(4) }]);
        // The time of an entry edited.
        let retimed = text.replacen(&at(2), "2026-11-21T23:59:59.000Z", 1);
        assert!(matches!(
            problems(&retimed)[..],
            [Problem::Edited { n: 2, .. }]
        ));
        // An entry removed.
        let mut removed = lines.clone();
        removed.remove(5);
        assert_eq!(
            problems(&join(removed)),
            vec![Problem::Missing {
                from: 5,
                to: 5,
                after: at(4)
            }]
        );
        // Two removed, and the first entry removed.
        let mut cut = lines.clone();
        cut.drain(3..5);
        cut.remove(1);
        assert_eq!(
            problems(&join(cut)),
            vec![
                Problem::Missing {
                    from: 1,
                    to: 1,
                    after: String::new()
                },
                Problem::Missing {
                    from: 3,
                    to: 4,
                    after: at(2)
                }
            ]
        );
        // Two entries swapped.
        let mut swapped = lines.clone();
        swapped.swap(6, 7);
        assert_eq!(
            problems(&join(swapped)),
            vec![Problem::OutOfOrder {
                n: 6,
                at: at(6),
                after: 7
            }]
        );
        // A line added without a seal, a copied entry, a line that is no entry.
        let mut added = lines.clone();
        added.insert(
            3,
            "2026-11-21T23:40:00.000Z\t0:05:00.0\tarbiter\tarbiter add white 5m",
        );
        assert_eq!(problems(&join(added)), vec![Problem::Unsealed { line: 4 }]);
        let mut twice = lines.clone();
        twice.insert(4, lines[2]);
        assert!(matches!(
            problems(&join(twice))[..],
            [Problem::Twice { n: 2, .. }]
        ));
        let mut junk = lines.clone();
        junk.insert(6, "nothing to see");
        assert_eq!(problems(&join(junk)), vec![Problem::NotAnEntry { line: 7 }]);
        // A seal's number changed to hide a removal is an edit.
        let mut renumbered = lines.clone();
        renumbered.remove(5);
        let fixed = renumbered[5].replace("#6 ", "#5 ");
        renumbered[5] = &fixed;
        assert!(matches!(
            problems(&join(renumbered))[..],
            [Problem::Edited { n: 5, .. }, ..]
        ));
        // Said in words, with the entry and its time.
        let p = Phrases::default();
        let said = verdict_text(&p, "g.pgn.log.txt", &verify(&edited));
        assert!(said.contains("entry 4") && said.contains(&at(4)), "{said}");
        assert!(verdict_text(&p, "g", &verify(&text)).contains("whole and unchanged"));
    }

    /// Logs of earlier versions have no seals: they cannot be verified, and are not called changed. A log
    /// continued from one (or from a sealed one) goes on with the chain.
    #[test]
    fn older_logs_are_unverifiable_and_continued_logs_stay_sealed() {
        let old = "# hector action log: UTC time, time since the session started, who, what was entered, what hector said\n\
                   2026-11-21T23:34:07.000Z\t0:00:05.3\tplayer\te4\tBauer Eva vier\n\
                   2026-11-21T23:35:07.000Z\t0:01:05.3\tplayer\tpress\tClock pressed\n";
        assert_eq!(verify(old), Verdict::Unsealed { entries: 2 });
        let p = Phrases::default();
        let said = verdict_text(&p, "g", &verify(old));
        assert!(
            said.contains("cannot be verified") && !said.contains("changed"),
            "{said}"
        );
        let mut log = ActionLog::continued(None, old);
        log.record(Duration::from_secs(70), Actor::Player, "e5", vec![]);
        let file = format!("{old}{}", log.take_unwritten());
        assert!(matches!(
            verify(&file),
            Verdict::Whole {
                entries: 3,
                unsealed: 2,
                ..
            }
        ));
        // The old entries are covered by the first seal.
        assert!(matches!(
            verify(&file.replace("Bauer Eva vier", "Bauer Eva drei")),
            Verdict::Changed(_)
        ));
        // A sealed log continued in a later session.
        let text = sealed_log(3);
        let mut more = ActionLog::continued(None, &text);
        assert_eq!(
            more.take_unwritten(),
            "",
            "nothing of the file is written again"
        );
        more.record(
            Duration::from_secs(5),
            Actor::Arbiter,
            "arbiter add white 2m",
            vec![],
        );
        let appended = more.take_unwritten();
        assert!(
            appended.contains("#4 sha256:") && !appended.starts_with('#'),
            "{appended}"
        );
        assert!(matches!(
            verify(&format!("{text}{appended}")),
            Verdict::Whole { entries: 4, .. }
        ));
        assert_eq!(verify(""), Verdict::Empty);
        // A last line cut off by a crash: closed first, the chain goes on from the last whole entry, and
        // verify names the cut line.
        let cut = &text[..text.len() - 30];
        let mut after = ActionLog::continued(None, cut);
        after.record(Duration::from_secs(9), Actor::Player, "e4", vec![]);
        let appended = after.take_unwritten();
        assert!(
            appended.starts_with('\n') && appended.contains("#3 sha256:"),
            "{appended}"
        );
        let file = format!("{cut}{appended}");
        assert_eq!(
            verify(&file),
            Verdict::Changed(vec![Problem::Unsealed { line: 4 }]),
            "{file}"
        );
    }

    /// Nothing entered or answered is cut (a typed scoresheet of a whole game).
    #[test]
    fn long_entries_are_kept_whole() {
        let sheet: String = (1..=60).map(|n| format!("{n}. Re1 Re8 ")).collect();
        let mut log = ActionLog::new(None);
        log.record(
            Duration::ZERO,
            Actor::Player,
            &format!("compare {sheet}"),
            vec![sheet.clone()],
        );
        let text = log.to_text();
        assert!(text.contains("60. Re1 Re8"), "{text}");
        assert!(!text.contains('…'));
    }

    #[test]
    fn clean_removes_controls_and_bidi_overrides() {
        assert_eq!(clean("a\u{0}b\u{7}c\u{202e}d\n", 100), "a b c d");
        assert_eq!(clean("abcdef", 3), "abc…");
    }
}
