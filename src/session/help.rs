//! `help` by task, most used first: "To move: ...", "To hear the board: ...", "The clock: ...",
//! "The game: ...", then the topics to ask for (`help board`, `help clock`, ...); `help TOPIC` or `help COMMAND`
//! says one topic whole. Only what answers in the current state and mode is said: the policy table's verdict
//! (session/policy.rs) and each command's own condition (a home game has no arbiter, the tournament profile no
//! engine, `wait` needs the virtual clock). Each command's topic, place and condition are its row's in the
//! command registry (words/commands.rs): help names only rows.

use super::policy::{self, State, Verdict};
use super::view::View;
use super::{Effect, Kind, Mode, say};
use crate::words::commands::{Class, Kind as Command, ROWS, Row, Topic, When};
use crate::words::normalize::fold;
use crate::words::{Phrases, quote};

/// A topic's commands in the order help says them: those the main help names (`first`), then the rest.
fn rows_of(topic: Topic, whole: bool) -> impl Iterator<Item = &'static Row> {
    let of = move |first: bool| {
        ROWS.iter()
            .filter(move |r| r.help.is_some_and(|h| h.topic == topic && h.first == first))
    };
    of(true).chain(of(false).filter(move |_| whole))
}

/// What decides which commands answer now.
struct Here {
    state: State,
    mode: Mode,
    timed: bool,
    per_move: bool,
    virtual_clock: bool,
    over: bool,
    online: bool,
}

impl Here {
    fn of(view: &View<'_>) -> Here {
        let c = view.config();
        Here {
            state: view.state(),
            mode: view.mode(),
            timed: c.time_control.is_some(),
            per_move: c
                .time_control
                .as_ref()
                .is_some_and(|t| t.has_time_per_move()),
            virtual_clock: c.virtual_clock,
            over: view.game().is_over(),
            online: c.opponent.is_remote(),
        }
    }

    /// Whether `row` answers here: allowed by the policy table (not refused, not read as the board check's
    /// answer; analysis by the policy's one rule) and its own condition holds.
    fn answers(&self, row: &Row) -> bool {
        let own = match row.help.map_or(When::Always, |h| h.when) {
            When::Always => true,
            When::Home => !self.mode.is_tournament(),
            When::Tournament => self.mode.is_tournament(),
            When::Assistant => self.mode == Mode::Assistant,
            When::Timed => self.timed,
            When::NoIncrement => self.timed && !self.per_move,
            When::Virtual => self.virtual_clock,
            When::Playing => !self.over,
            When::Online => self.online,
        };
        // The review's steps are said with `review` (what to do once it is open), as long as it can open.
        if row.class.has(Class::STEP) && self.state != State::Review {
            return own && self.allowed(Command::Review);
        }
        own && self.allowed(row.kind)
    }

    fn allowed(&self, kind: Command) -> bool {
        policy::verdict_on(self.state, kind) == Verdict::Allowed
    }
}

/// A command as help says it: the player's word with its argument hint, and the English contract name in
/// brackets where it differs.
fn item(p: &Phrases, row: &Row) -> String {
    let name = row.name;
    if row.kind == Command::Player {
        return p.get("help.player").to_string();
    }
    let first = |t: &Phrases| {
        t.get(&row.words_key())
            .split_whitespace()
            .next()
            .unwrap_or(name)
            .to_string()
    };
    let (own, contract) = (first(p), first(&Phrases::default()));
    let mut out = own.clone();
    if let Some(hint) = row.hint {
        out.push(' ');
        out.push_str(p.get(hint));
    }
    if fold(&own) != fold(&contract) {
        out.push_str(&format!(" ({contract})"));
    }
    out
}

/// One topic as a sentence: its heading and its commands that answer here (`whole`: all of them, else the
/// most used); none when nothing of it answers here.
fn sentence(p: &Phrases, here: &Here, topic: Topic, whole: bool) -> Option<String> {
    let items: Vec<String> = rows_of(topic, whole)
        .filter(|r| here.answers(r))
        .map(|r| item(p, r))
        .collect();
    let heading = p.say(&format!("help.topic.{}", topic.name()), &[]);
    if topic == Topic::Move {
        // Moving needs no command: the heading says how; the commands that go with it follow.
        if !here.allowed(Command::Entry) || here.over {
            return None;
        }
        let tail = if items.is_empty() {
            String::new()
        } else {
            format!("; {}", items.join(", "))
        };
        return Some(format!("{heading}{tail}."));
    }
    (!items.is_empty()).then(|| format!("{heading}: {}.", items.join(", ")))
}

/// The topics that answer here, by the words that name them in the player's language.
fn topic_names(p: &Phrases, here: &Here) -> Vec<String> {
    Topic::ALL
        .into_iter()
        .filter(|t| sentence(p, here, *t, true).is_some())
        .map(|t| {
            let word = p.say(&format!("help.name.{}", t.name()), &[]);
            word.split_whitespace()
                .next()
                .unwrap_or(t.name())
                .to_string()
        })
        .collect()
}

/// The topic `text` names: a topic's word (in the player's language or English), or a command of it.
fn topic_of(p: &Phrases, text: &str, command: Option<Command>) -> Option<Topic> {
    let t = fold(text.trim());
    Topic::ALL
        .into_iter()
        .find(|topic| p.is_word(&format!("help.name.{}", topic.name()), &t))
        .or_else(|| Some(command?.row().help?.topic))
}

/// `help`: the most used commands by task, then the topics; in a review or the board check, its topic first.
pub(super) fn help(view: &View<'_>) -> Vec<Effect> {
    let p = &view.config().phrases;
    let here = Here::of(view);
    let mut parts: Vec<String> = Vec::new();
    let lead = match here.state {
        State::Review => Some(Topic::Review),
        State::BoardCheck => Some(Topic::Check),
        // A finished game is looked back through.
        _ if here.over => Some(Topic::Review),
        _ => None,
    };
    if let Some(lead) = lead
        && let Some(s) = sentence(p, &here, lead, true)
    {
        parts.push(s);
    }
    for t in Topic::ALL {
        if let Some(s) = sentence(p, &here, t, false) {
            parts.push(s);
        }
    }
    let topics = topic_names(p, &here);
    parts.push(p.say("help.more", &[("topics", &topics.join(", "))]));
    vec![say(Kind::Answer, parts.join(" "))]
}

/// `help TOPIC` or `help COMMAND`: the topic whole, as far as it answers here.
pub(super) fn help_on(view: &View<'_>, text: &str) -> Vec<Effect> {
    let command = view
        .commands
        .kind(text.split_whitespace().next().unwrap_or(""));
    if command == Some(Command::Help) {
        return help(view);
    }
    let p = &view.config().phrases;
    let here = Here::of(view);
    let topics = topic_names(p, &here).join(", ");
    let Some(topic) = topic_of(p, text, command) else {
        return vec![say(
            Kind::Refusal,
            p.say(
                "help.unknown",
                &[("text", &quote(text.trim())), ("topics", &topics)],
            ),
        )];
    };
    match sentence(p, &here, topic, true) {
        // The game's commands with the rule of both faces: typed, they act at once.
        Some(s) if topic.name() == "game" => {
            vec![say(
                Kind::Answer,
                format!("{s} {}", p.get("help.note.game")),
            )]
        }
        Some(s) => vec![say(Kind::Answer, s)],
        None => vec![say(
            Kind::Refusal,
            p.say(
                "help.not_here",
                &[
                    (
                        "topic",
                        &p.say(&format!("help.topic.{}", topic.name()), &[]),
                    ),
                    ("topics", &topics),
                ],
            ),
        )],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command is in one topic (help itself is how topics are asked for), so `help COMMAND` finds it;
    /// help names only rows (its lines are the rows' own).
    #[test]
    fn every_command_is_in_one_topic() {
        for row in crate::words::commands::commands().filter(|r| r.kind != Command::Help) {
            let topics: Vec<Topic> = Topic::ALL
                .into_iter()
                .filter(|t| rows_of(*t, true).any(|r| r.kind == row.kind))
                .collect();
            assert_eq!(topics.len(), 1, "{}: {topics:?}", row.name);
        }
        for t in Topic::ALL {
            for r in rows_of(t, true) {
                assert!(r.typed || r.kind == Command::Player, "{}", r.name);
            }
        }
    }

    /// Every topic has its heading and its words in every language.
    #[test]
    fn every_topic_has_its_words() {
        for (lang, _) in crate::words::phrases::BUILTIN {
            let p = Phrases::builtin(lang).unwrap();
            for t in Topic::ALL {
                for key in [
                    format!("help.topic.{}", t.name()),
                    format!("help.name.{}", t.name()),
                ] {
                    assert_ne!(p.get(&key), key.as_str(), "{lang}: {key}");
                }
            }
        }
    }
}
