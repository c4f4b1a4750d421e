//! `help` by task, most used first (issue 27.3): "To move: ...", "To hear the board: ...", "The clock: ...",
//! "The game: ...", then the topics to ask for (`help board`, `help clock`, ...); `help TOPIC` or `help COMMAND`
//! says one topic whole. Only what answers in the current state and mode is said: the policy table's verdict
//! (session/policy.rs) and each command's own condition (a home game has no arbiter, the tournament profile no
//! engine, `wait` needs the virtual clock).

use super::policy::{self, State, Verdict};
use super::view::View;
use super::{Effect, Kind, Mode, say};
use crate::words::action::Action;
use crate::words::normalize::fold;
use crate::words::{Phrases, quote};

/// When a command answers, besides the policy table's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum When {
    Always,
    /// Not in the tournament profile (a home game).
    Home,
    /// Only in the tournament profile (record and assistant mode).
    Tournament,
    /// Only in assistant mode.
    Assistant,
    /// Only with a clock.
    Timed,
    /// Only with a clock that adds nothing per move (the 5-second increment of Guidelines III.4).
    NoIncrement,
    /// Only with the virtual clock.
    Virtual,
    /// Analysis: not in a tournament game, unless in its review.
    Analysis,
    /// While the game is not over (offers, claims, resigning, moving).
    Playing,
}

/// A topic: its name (phrase keys `help.topic.NAME` and `help.name.NAME`), the commands the main help says
/// of it, and the rest that `help TOPIC` adds.
struct Topic {
    name: &'static str,
    first: &'static [(&'static str, When)],
    rest: &'static [(&'static str, When)],
}

const TOPICS: &[Topic] = &[
    Topic {
        name: "move",
        first: &[
            ("takeback", When::Home),
            ("press", When::Tournament),
            ("undo", When::Tournament),
        ],
        rest: &[("state", When::Tournament), ("touched", When::Tournament)],
    },
    Topic {
        name: "board",
        first: &[
            ("last", When::Always),
            ("moves", When::Always),
            ("board", When::Always),
            ("square", When::Always),
            ("repeat", When::Always),
        ],
        rest: &[
            ("count", When::Always),
            ("turn", When::Always),
            ("rank", When::Always),
            ("file", When::Always),
            ("pieces", When::Always),
            ("pawns", When::Always),
            ("diagonals", When::Analysis),
            ("lines", When::Analysis),
            ("knights", When::Analysis),
            ("attackers", When::Analysis),
            ("legal", When::Analysis),
            ("material", When::Analysis),
            ("fen", When::Always),
            ("sides", When::Always),
        ],
    },
    Topic {
        name: "clock",
        first: &[
            ("time", When::Timed),
            ("used", When::Timed),
            ("control", When::Timed),
        ],
        rest: &[
            ("flag", When::Timed),
            ("wait", When::Virtual),
            ("increment", When::NoIncrement),
            ("announce", When::Tournament),
        ],
    },
    Topic {
        name: "game",
        first: &[
            ("offer", When::Playing),
            ("claim", When::Playing),
            ("resign", When::Playing),
            ("new", When::Home),
            ("save", When::Always),
            ("kept", When::Always),
            ("quit", When::Always),
        ],
        rest: &[
            ("accept", When::Playing),
            ("decline", When::Playing),
            ("rematch", When::Home),
            ("scoresheet", When::Always),
            ("export", When::Always),
        ],
    },
    Topic {
        name: "engine",
        first: &[],
        rest: &[
            ("engine", When::Home),
            ("opponent", When::Home),
            ("level", When::Home),
        ],
    },
    Topic {
        name: "review",
        first: &[],
        rest: &[
            ("review", When::Always),
            ("back", When::Always),
            ("forward", When::Always),
            ("start", When::Always),
            ("end", When::Always),
            ("goto", When::Always),
            ("variation", When::Always),
            ("leave", When::Always),
            ("done", When::Always),
        ],
    },
    Topic {
        name: "check",
        first: &[],
        rest: &[
            ("check", When::Always),
            ("is", When::Always),
            ("compare", When::Always),
            ("rewind", When::Always),
            ("rewound", When::Always),
        ],
    },
    Topic {
        name: "arbiter",
        first: &[("player:", When::Assistant)],
        rest: &[
            ("arbiter", When::Tournament),
            ("illegal", When::Tournament),
            ("seal", When::Tournament),
            ("envelope", When::Tournament),
            ("open", When::Tournament),
            ("log", When::Tournament),
            ("role", When::Tournament),
            ("inspect", When::Tournament),
            ("verify", When::Tournament),
        ],
    },
];

/// What decides which commands answer now.
struct Here {
    state: State,
    mode: Mode,
    timed: bool,
    per_move: bool,
    virtual_clock: bool,
    analysis: bool,
    over: bool,
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
            analysis: view.analysis_allowed(),
            over: view.game().is_over(),
        }
    }

    /// Whether `name` answers here: allowed by the policy table (not refused, not read as the board check's
    /// answer) and its own condition holds.
    fn answers(&self, name: &str, when: When) -> bool {
        let own = match when {
            When::Always => true,
            When::Home => !self.mode.is_tournament(),
            When::Tournament => self.mode.is_tournament(),
            When::Assistant => self.mode == Mode::Assistant,
            When::Timed => self.timed,
            When::NoIncrement => self.timed && !self.per_move,
            When::Virtual => self.virtual_clock,
            When::Analysis => self.analysis,
            When::Playing => !self.over,
        };
        // The review's steps are said with `review` (what to do once it is open), as long as it can open.
        if super::policy::STEPS.contains(&name) && self.state != State::Review {
            return own && self.allowed("review");
        }
        own && self.allowed(name)
    }

    fn allowed(&self, name: &str) -> bool {
        let action = match name {
            "player:" => Action::Player(String::new()),
            "entry" => Action::Entry(String::new()),
            _ => match action_named(name) {
                Some(a) => a,
                None => return false,
            },
        };
        policy::verdict(self.state, &action) == Verdict::Allowed
    }
}

/// The action of a command's contract name (its argument left out).
fn action_named(name: &str) -> Option<Action> {
    let (board, phrases) = (crate::words::Vocabulary::default(), Phrases::default());
    Action::command(
        &crate::words::action::ArgWords {
            board: &board,
            phrases: &phrases,
        },
        name,
        "",
    )
}

/// A command as help says it: the player's word with its argument hint, and the English contract name in
/// brackets where it differs.
fn item(p: &Phrases, name: &str) -> String {
    if name == "player:" {
        return p.get("help.player").to_string();
    }
    let first = |t: &Phrases| {
        t.get(&format!("cmd.{name}"))
            .split_whitespace()
            .next()
            .unwrap_or(name)
            .to_string()
    };
    let (own, contract) = (first(p), first(&Phrases::default()));
    let mut out = own.clone();
    if let Some((_, Some(hint))) = crate::words::commands::COMMANDS
        .iter()
        .find(|(n, _)| *n == name)
    {
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
fn sentence(p: &Phrases, here: &Here, topic: &Topic, whole: bool) -> Option<String> {
    let rest: &[(&str, When)] = if whole { topic.rest } else { &[] };
    let items: Vec<String> = topic
        .first
        .iter()
        .chain(rest)
        .filter(|(n, w)| here.answers(n, *w))
        .map(|(n, _)| item(p, n))
        .collect();
    let heading = p.say(&format!("help.topic.{}", topic.name), &[]);
    if topic.name == "move" {
        // Moving needs no command: the heading says how; the commands that go with it follow.
        if !here.allowed("entry") || here.over {
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
    TOPICS
        .iter()
        .filter(|t| sentence(p, here, t, true).is_some())
        .map(|t| {
            let word = p.say(&format!("help.name.{}", t.name), &[]);
            word.split_whitespace().next().unwrap_or(t.name).to_string()
        })
        .collect()
}

/// The topic `text` names: a topic's word (in the player's language or English), or a command of it.
fn topic_of(p: &Phrases, text: &str, command: Option<&str>) -> Option<&'static Topic> {
    let t = fold(text.trim());
    TOPICS
        .iter()
        .find(|topic| p.is_word(&format!("help.name.{}", topic.name), &t))
        .or_else(|| {
            let name = command?;
            TOPICS.iter().find(|topic| {
                topic
                    .first
                    .iter()
                    .chain(topic.rest)
                    .any(|(n, _)| *n == name)
            })
        })
}

/// `help`: the most used commands by task, then the topics; in a review or the board check, its topic first.
pub(super) fn help(view: &View<'_>) -> Vec<Effect> {
    let p = &view.config().phrases;
    let here = Here::of(view);
    let mut parts: Vec<String> = Vec::new();
    let lead = match here.state {
        State::Review => Some("review"),
        State::BoardCheck => Some("check"),
        // A finished game is looked back through.
        _ if here.over => Some("review"),
        _ => None,
    };
    if let Some(lead) = lead
        && let Some(t) = TOPICS.iter().find(|t| t.name == lead)
        && let Some(s) = sentence(p, &here, t, true)
    {
        parts.push(s);
    }
    for t in TOPICS {
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
        .canonical(text.split_whitespace().next().unwrap_or(""));
    if command == Some("help") {
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
        // The game's commands with the rule of both faces: typed, they act at once (issue 27.9).
        Some(s) if topic.name == "game" => {
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
                    ("topic", &p.say(&format!("help.topic.{}", topic.name), &[])),
                    ("topics", &topics),
                ],
            ),
        )],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::commands::COMMANDS;

    /// Every command is in one topic (help itself is how topics are asked for), so `help COMMAND` finds it.
    #[test]
    fn every_command_is_in_one_topic() {
        for (name, _) in COMMANDS.iter().filter(|(n, _)| *n != "help") {
            let topics: Vec<&str> = TOPICS
                .iter()
                .filter(|t| t.first.iter().chain(t.rest).any(|(n, _)| n == name))
                .map(|t| t.name)
                .collect();
            assert_eq!(topics.len(), 1, "{name}: {topics:?}");
        }
        for t in TOPICS {
            for (n, _) in t.first.iter().chain(t.rest) {
                assert!(
                    *n == "player:" || COMMANDS.iter().any(|(c, _)| c == n),
                    "{n}"
                );
            }
        }
    }

    /// Every topic has its heading and its words in every language.
    #[test]
    fn every_topic_has_its_words() {
        for (lang, _) in crate::words::phrases::BUILTIN {
            let p = Phrases::builtin(lang).unwrap();
            for t in TOPICS {
                for key in [
                    format!("help.topic.{}", t.name),
                    format!("help.name.{}", t.name),
                ] {
                    assert_ne!(p.get(&key), key.as_str(), "{lang}: {key}");
                }
            }
        }
    }
}
