//! The command registry: one row per command (`ROWS`), with its typed kind, its contract name, its argument's
//! hint, its help line and its policy class. The line reader (`Commands`, `Action::read`), the keymap
//! (`keymap::Action::command`), the pad menu, `help` and the policy table (session/policy.rs) all read the rows.
//!
//! Command words in every UI language: the phrase tables' `cmd.NAME` entries (space-separated words) name the
//! canonical command NAME (the line-mode contract's English name). English words always work besides the
//! player's language, so the contract names stay valid everywhere. Case and accents do not matter.
//!
//! To add a command: its `Kind` and its row here; its variant of `Action` with its arms in `Action::read` and
//! `Action::kind` (words/action.rs); its arm in the session's dispatch (session/dispatch.rs); its words
//! `cmd.NAME` (and its hint) in each phrase table. The compiler asks for every arm, the tests for every word;
//! the policy answers for it by its class, with no list to edit. A key for it is one arm of
//! `keymap::Action::command`.

use std::collections::BTreeMap;

use super::normalize::fold;
use super::phrases::Phrases;

/// The typed kind of an action: one per row of [`ROWS`]. The line reader, the keys, the pad menu, `help` and the
/// policy name a command by its kind; its name and words are in its row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Last,
    Moves,
    Count,
    Board,
    Square,
    Fen,
    Repeat,
    Sides,
    Rank,
    File,
    Diagonals,
    Lines,
    Knights,
    Attackers,
    Legal,
    Pieces,
    Pawns,
    Material,
    Turn,
    Claim,
    Offer,
    Accept,
    Decline,
    Resign,
    Time,
    Used,
    Control,
    Flag,
    Wait,
    Illegal,
    Press,
    Increment,
    Seal,
    Envelope,
    Open,
    Arbiter,
    Engine,
    Opponent,
    Level,
    Announce,
    Takeback,
    New,
    Rematch,
    Kept,
    Review,
    Back,
    Forward,
    Start,
    End,
    Goto,
    Variation,
    Leave,
    Done,
    Check,
    Is,
    Compare,
    Rewind,
    Rewound,
    Save,
    Undo,
    State,
    Log,
    Scoresheet,
    Export,
    Touched,
    Role,
    Inspect,
    Verify,
    Seek,
    Challenge,
    Cancel,
    Challenges,
    Games,
    Join,
    Abort,
    Say,
    Chat,
    Help,
    Quit,
    /// The lines that are no command of the contract: `yes` and `no` with no question open, the blind player's
    /// request (`player: REQUEST`), the clocks' check's answers, a word of analysis hector has no command for,
    /// and an entry (a move, or the answer a question waits for).
    Yes,
    No,
    Player,
    Keep,
    SetClocks,
    Analysis,
    Entry,
}

/// The policy class of a row: the sets it belongs to, which the policy table (session/policy.rs) gives its
/// verdicts by. A row says what it is; the policy alone says what each state does with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Class(u16);

impl Class {
    pub const NONE: Class = Class(0);
    /// A step of the review (refused while no review is open).
    pub const STEP: Class = Class(1);
    /// Analysis of the position (R-11.3.1; the analysis contract).
    pub const ANALYSIS: Class = Class(1 << 1);
    /// Outside help of a home game: the engine, taking moves back, a new game.
    pub const HOME: Class = Class(1 << 2);
    /// The tournament profile's own (record and assistant mode, D.2).
    pub const PROFILE: Class = Class(1 << 3);
    /// Answered while the game is adjourned: reading the record, the adjournment's own (Guidelines I).
    pub const ADJOURNED: Class = Class(1 << 4);
    /// Answered in a review: its steps, read-only questions, what is about the game and the program.
    pub const REVIEW: Class = Class(1 << 5);
    /// Answered as ever while the board check waits for its next line (D.2.9).
    pub const CHECK: Class = Class(1 << 6);
    /// Needs the board and the clock at hand: not possible in a game played online.
    pub const LOCAL: Class = Class(1 << 7);
    /// Done in a game played online too, whatever its other sets: exploring the board (as lichess's own blind
    /// mode allows) and a takeback asked of the opponent.
    pub const ONLINE: Class = Class(1 << 8);

    /// Both classes.
    pub const fn and(self, other: Class) -> Class {
        Class(self.0 | other.0)
    }

    /// Whether this class has all of `other`'s sets (and `other` names one).
    pub const fn has(self, other: Class) -> bool {
        other.0 != 0 && self.0 & other.0 == other.0
    }
}

/// The topics of `help` (phrase keys `help.topic.NAME` and `help.name.NAME`), in the order help says them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    Move,
    Board,
    Clock,
    Game,
    Engine,
    Review,
    Check,
    Arbiter,
}

impl Topic {
    pub const ALL: [Topic; 8] = [
        Topic::Move,
        Topic::Board,
        Topic::Clock,
        Topic::Game,
        Topic::Engine,
        Topic::Review,
        Topic::Check,
        Topic::Arbiter,
    ];

    /// The topic's name in its phrase keys.
    pub fn name(self) -> &'static str {
        match self {
            Topic::Move => "move",
            Topic::Board => "board",
            Topic::Clock => "clock",
            Topic::Game => "game",
            Topic::Engine => "engine",
            Topic::Review => "review",
            Topic::Check => "check",
            Topic::Arbiter => "arbiter",
        }
    }
}

/// When a command answers, besides the policy table's verdict: help says it only then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
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
    /// While the game is not over (offers, claims, resigning, moving).
    Playing,
    /// Only in online play (`--opponent lichess`).
    Online,
}

/// Where help says a command: its topic, whether the main help names it (`first`) or only `help TOPIC`, and
/// its own condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HelpLine {
    pub topic: Topic,
    pub first: bool,
    pub when: When,
}

/// One command: its kind, its contract name (line-mode.md; its words in each language are the phrase tables'
/// `cmd.NAME`, English always besides), whether it is typed by a word, its argument's hint (a phrase key), its
/// help line, and its policy class.
#[derive(Debug, Clone, Copy)]
pub struct Row {
    pub kind: Kind,
    pub name: &'static str,
    /// A command word of the line-mode contract (typed in any language): false for the lines that are none.
    pub typed: bool,
    pub hint: Option<&'static str>,
    pub help: Option<HelpLine>,
    pub class: Class,
}

impl Row {
    /// The phrase key of the row's words in each language.
    pub fn words_key(&self) -> String {
        format!("cmd.{}", self.name)
    }
}

const fn row(
    kind: Kind,
    name: &'static str,
    hint: Option<&'static str>,
    help: (Topic, bool, When),
    class: Class,
) -> Row {
    Row {
        kind,
        name,
        typed: true,
        hint,
        help: Some(HelpLine {
            topic: help.0,
            first: help.1,
            when: help.2,
        }),
        class,
    }
}

/// A line that is no command word.
const fn line(kind: Kind, name: &'static str, help: Option<HelpLine>, class: Class) -> Row {
    Row {
        kind,
        name,
        typed: false,
        hint: None,
        help,
        class,
    }
}

const N: Class = Class::NONE;
const STEP: Class = Class::STEP;
const ANALYSIS: Class = Class::ANALYSIS;
const HOME: Class = Class::HOME;
const PROFILE: Class = Class::PROFILE;
const ADJ: Class = Class::ADJOURNED;
const REV: Class = Class::REVIEW;
const CHK: Class = Class::CHECK;
const LOCAL: Class = Class::LOCAL;
const ONL: Class = Class::ONLINE;
const SQ: Option<&str> = Some("hint.square");

use Kind as K;
use Topic as T;
use When as W;

/// Every command, one row each, in the order help says them within a topic; then the lines that are no command.
/// Adding a command is one row here, its variant of `Action` and its arm in the session's dispatch (the
/// compiler asks for both), and its words in the phrase tables.
///
/// A row: its kind, its contract name, its argument's hint, its help line (topic, named by the main help, own
/// condition), its policy class.
#[rustfmt::skip]
pub const ROWS: &[Row] = &[
    // To move.
    row(K::Takeback, "takeback", Some("hint.n"), (T::Move, true, W::Home), HOME.and(LOCAL).and(ONL)),
    row(K::Press, "press", None, (T::Move, true, W::Tournament), PROFILE.and(CHK).and(LOCAL)),
    row(K::Undo, "undo", None, (T::Move, true, W::Tournament), PROFILE.and(LOCAL)),
    row(K::State, "state", None, (T::Move, false, W::Tournament), PROFILE.and(ADJ).and(CHK)),
    row(K::Touched, "touched", SQ, (T::Move, false, W::Tournament), PROFILE.and(LOCAL)),
    // To hear the board.
    row(K::Last, "last", None, (T::Board, true, W::Always), ADJ.and(REV).and(CHK)),
    row(K::Moves, "moves", Some("hint.n"), (T::Board, true, W::Always), ADJ.and(REV).and(CHK)),
    row(K::Board, "board", None, (T::Board, true, W::Always), ADJ.and(REV).and(CHK)),
    row(K::Square, "square", SQ, (T::Board, true, W::Always), ADJ.and(REV).and(CHK)),
    row(K::Repeat, "repeat", None, (T::Board, true, W::Always), ADJ.and(REV)),
    row(K::Count, "count", None, (T::Board, false, W::Always), ADJ.and(REV).and(CHK)),
    row(K::Turn, "turn", None, (T::Board, false, W::Always), REV),
    row(K::Rank, "rank", SQ, (T::Board, false, W::Always), REV),
    row(K::File, "file", SQ, (T::Board, false, W::Always), REV),
    row(K::Pieces, "pieces", Some("hint.side"), (T::Board, false, W::Always), REV),
    row(K::Pawns, "pawns", None, (T::Board, false, W::Always), REV),
    row(K::Diagonals, "diagonals", SQ, (T::Board, false, W::Always), ANALYSIS.and(REV).and(ONL)),
    row(K::Lines, "lines", SQ, (T::Board, false, W::Always), ANALYSIS.and(REV).and(ONL)),
    row(K::Knights, "knights", SQ, (T::Board, false, W::Always), ANALYSIS.and(REV).and(ONL)),
    row(K::Attackers, "attackers", SQ, (T::Board, false, W::Always), ANALYSIS.and(REV).and(ONL)),
    row(K::Legal, "legal", SQ, (T::Board, false, W::Always), ANALYSIS.and(REV).and(ONL)),
    row(K::Material, "material", None, (T::Board, false, W::Always), ANALYSIS.and(REV).and(ONL)),
    row(K::Fen, "fen", None, (T::Board, false, W::Always), ADJ.and(REV).and(CHK)),
    row(K::Sides, "sides", Some("hint.sides"), (T::Board, false, W::Always), REV),
    // The clock.
    row(K::Time, "time", None, (T::Clock, true, W::Timed), ADJ.and(REV).and(CHK)),
    row(K::Used, "used", None, (T::Clock, true, W::Timed), ADJ.and(REV).and(CHK)),
    row(K::Control, "control", None, (T::Clock, true, W::Timed), ADJ.and(REV).and(CHK)),
    row(K::Flag, "flag", None, (T::Clock, false, W::Timed), CHK),
    row(K::Wait, "wait", Some("hint.duration"), (T::Clock, false, W::Virtual), LOCAL),
    row(K::Increment, "increment", None, (T::Clock, false, W::NoIncrement), LOCAL),
    row(K::Announce, "announce", Some("hint.on_off"), (T::Clock, false, W::Tournament), PROFILE),
    // The game.
    row(K::Offer, "offer", None, (T::Game, true, W::Playing), ADJ),
    row(K::Claim, "claim", Some("hint.move"), (T::Game, true, W::Playing), N),
    row(K::Resign, "resign", None, (T::Game, true, W::Playing), ADJ),
    row(K::New, "new", None, (T::Game, true, W::Home), HOME.and(LOCAL)),
    row(K::Save, "save", Some("hint.file"), (T::Game, true, W::Always), ADJ.and(REV).and(CHK)),
    row(K::Kept, "kept", None, (T::Game, true, W::Always), REV),
    row(K::Quit, "quit", None, (T::Game, true, W::Always), ADJ.and(REV).and(CHK)),
    row(K::Accept, "accept", None, (T::Game, false, W::Playing), ADJ),
    row(K::Decline, "decline", None, (T::Game, false, W::Playing), ADJ),
    row(K::Rematch, "rematch", None, (T::Game, false, W::Home), HOME.and(LOCAL)),
    row(K::Scoresheet, "scoresheet", None, (T::Game, false, W::Always), ADJ.and(REV).and(CHK)),
    row(K::Export, "export", Some("hint.folder"), (T::Game, false, W::Always), ADJ.and(REV)),
    // Online play (shared/design/online.md): the lobby, and what only a game on lichess has.
    row(K::Seek, "seek", Some("hint.seek"), (T::Game, false, W::Online), N),
    row(K::Challenge, "challenge", Some("hint.challenge"), (T::Game, false, W::Online), N),
    row(K::Cancel, "cancel", None, (T::Game, false, W::Online), N),
    row(K::Challenges, "challenges", None, (T::Game, false, W::Online), N),
    row(K::Games, "games", None, (T::Game, false, W::Online), N),
    row(K::Join, "join", Some("hint.n"), (T::Game, false, W::Online), N),
    row(K::Abort, "abort", None, (T::Game, false, W::Online), N),
    row(K::Say, "say", Some("hint.text"), (T::Game, false, W::Online), N),
    row(K::Chat, "chat", Some("hint.on_off"), (T::Game, false, W::Online), N),
    // The engine.
    row(K::Engine, "engine", Some("hint.engine"), (T::Engine, false, W::Home), HOME.and(LOCAL)),
    row(K::Opponent, "opponent", Some("hint.opponent"), (T::Engine, false, W::Home), LOCAL),
    row(K::Level, "level", Some("hint.n"), (T::Engine, false, W::Home), HOME.and(LOCAL)),
    // The review.
    row(K::Review, "review", Some("hint.review"), (T::Review, false, W::Always), REV),
    row(K::Back, "back", None, (T::Review, false, W::Always), STEP.and(REV)),
    row(K::Forward, "forward", None, (T::Review, false, W::Always), STEP.and(REV)),
    row(K::Start, "start", None, (T::Review, false, W::Always), STEP.and(REV)),
    row(K::End, "end", None, (T::Review, false, W::Always), STEP.and(REV)),
    row(K::Goto, "goto", Some("hint.goto"), (T::Review, false, W::Always), STEP.and(REV)),
    row(K::Variation, "variation", Some("hint.n"), (T::Review, false, W::Always), STEP.and(REV)),
    row(K::Leave, "leave", None, (T::Review, false, W::Always), STEP.and(REV)),
    row(K::Done, "done", None, (T::Review, false, W::Always), STEP.and(REV)),
    // The board check (D.2.9).
    row(K::Check, "check", None, (T::Check, false, W::Always), N),
    row(K::Is, "is", Some("hint.piece_square"), (T::Check, false, W::Always), N),
    row(K::Compare, "compare", Some("hint.file"), (T::Check, false, W::Always), N),
    row(K::Rewind, "rewind", None, (T::Check, false, W::Always), N),
    row(K::Rewound, "rewound", None, (T::Check, false, W::Always), N),
    // The arbiter's (after the blind player's request, a line of its own below).
    row(K::Arbiter, "arbiter", Some("hint.action"), (T::Arbiter, false, W::Tournament), LOCAL),
    row(K::Illegal, "illegal", Some("hint.move"), (T::Arbiter, false, W::Tournament), LOCAL),
    row(K::Seal, "seal", Some("hint.move"), (T::Arbiter, false, W::Tournament), LOCAL),
    row(K::Envelope, "envelope", None, (T::Arbiter, false, W::Tournament), ADJ.and(LOCAL)),
    row(K::Open, "open", None, (T::Arbiter, false, W::Tournament), ADJ.and(LOCAL)),
    row(K::Log, "log", Some("hint.n"), (T::Arbiter, false, W::Tournament), PROFILE.and(ADJ).and(CHK)),
    row(K::Role, "role", Some("hint.role"), (T::Arbiter, false, W::Tournament), PROFILE.and(LOCAL)),
    row(K::Inspect, "inspect", None, (T::Arbiter, false, W::Tournament), PROFILE.and(ADJ).and(CHK)),
    row(K::Verify, "verify", None, (T::Arbiter, false, W::Tournament), PROFILE),
    // `help` says the topics; `help TOPIC` or `help COMMAND` one of them.
    Row {
        kind: K::Help,
        name: "help",
        typed: true,
        hint: None,
        help: None,
        class: ADJ.and(REV).and(CHK),
    },
    // The lines that are no command word.
    line(K::Yes, "yes", None, ADJ),
    line(K::No, "no", None, ADJ),
    line(
        K::Player,
        "player:",
        Some(HelpLine {
            topic: T::Arbiter,
            first: true,
            when: W::Assistant,
        }),
        PROFILE.and(ADJ).and(CHK).and(LOCAL),
    ),
    line(K::Keep, "keep", None, N),
    line(K::SetClocks, "set", None, N),
    line(K::Analysis, "analysis", None, ANALYSIS),
    line(K::Entry, "entry", None, N),
];

impl Kind {
    /// The kind's row.
    pub fn row(self) -> &'static Row {
        ROWS.iter()
            .find(|r| r.kind == self)
            .expect("every kind has its row")
    }

    /// The kind's contract name (or the name of the kind of line: `yes`, `player:`, `entry`, ...).
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The command of a contract name (typed commands only).
    pub fn named(name: &str) -> Option<Kind> {
        ROWS.iter()
            .find(|r| r.typed && r.name == name)
            .map(|r| r.kind)
    }
}

/// The rows of the commands typed by a word (the line-mode contract's).
pub fn commands() -> impl Iterator<Item = &'static Row> {
    ROWS.iter().filter(|r| r.typed)
}

/// Word → canonical command name, for one language (with English).
#[derive(Debug, Clone, Default)]
pub struct Commands {
    map: BTreeMap<String, Kind>,
}

impl Commands {
    /// The words of `phrases`' language and of English; where both name a word, the player's language wins.
    pub fn new(phrases: &Phrases) -> Commands {
        let mut map = BTreeMap::new();
        let english = Phrases::default();
        for table in [&english, phrases] {
            for row in commands() {
                for w in table.get(&row.words_key()).split_whitespace() {
                    map.insert(fold(w), row.kind);
                }
            }
        }
        Commands { map }
    }

    /// The canonical name of a command word, if it is one.
    pub fn canonical(&self, word: &str) -> Option<&'static str> {
        self.kind(word).map(Kind::name)
    }

    /// The command a word names, if it is one.
    pub fn kind(&self, word: &str) -> Option<Kind> {
        self.map.get(&fold(word)).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_has_words_in_every_language_and_english_always_works() {
        for (lang, _) in super::super::phrases::BUILTIN {
            let p = Phrases::builtin(lang).unwrap();
            let c = Commands::new(&p);
            for row in commands() {
                let name = row.name;
                let key = row.words_key();
                let words = p.get(&key);
                assert!(!words.trim().is_empty(), "{lang}: {name}");
                for w in words.split_whitespace() {
                    assert_eq!(c.canonical(w), Some(name), "{lang}: {w}");
                }
                assert_eq!(
                    c.canonical(name),
                    Some(name),
                    "{lang}: the contract name {name}"
                );
                assert_eq!(c.kind(name), Some(row.kind), "{lang}: {name}");
            }
        }
        let de = Commands::new(&Phrases::builtin("de").unwrap());
        assert_eq!(de.canonical("Zeit"), Some("time"));
        assert_eq!(de.canonical("HILFE"), Some("help"));
        let el = Commands::new(&Phrases::builtin("el").unwrap());
        assert_eq!(
            el.canonical("χρονος"),
            Some("time"),
            "accents do not matter"
        );
    }

    #[test]
    fn no_word_names_two_commands_in_a_language() {
        for (lang, _) in super::super::phrases::BUILTIN {
            let p = Phrases::builtin(lang).unwrap();
            let mut seen: BTreeMap<String, &str> = BTreeMap::new();
            for row in commands() {
                let name = &row.name;
                for w in p.get(&row.words_key()).split_whitespace() {
                    if let Some(other) = seen.insert(fold(w), name) {
                        assert_eq!(other, *name, "{lang}: {w} names {other} and {name}");
                    }
                }
            }
        }
    }

    #[test]
    fn no_command_word_is_a_board_word() {
        use crate::words::Vocabulary;
        for (lang, _) in super::super::phrases::BUILTIN {
            let p = Phrases::builtin(lang).unwrap();
            for name in ["appendix-d", "english", "greek"] {
                let v = Vocabulary::builtin(name).unwrap();
                let mut board: Vec<String> = v
                    .files
                    .iter()
                    .chain(v.ranks.iter())
                    .map(|w| fold(w))
                    .collect();
                for r in [
                    shakmaty::Role::King,
                    shakmaty::Role::Queen,
                    shakmaty::Role::Rook,
                    shakmaty::Role::Bishop,
                    shakmaty::Role::Knight,
                    shakmaty::Role::Pawn,
                ] {
                    board.push(fold(v.piece(r)));
                }
                for row in commands() {
                    let cmd = row.name;
                    for w in p.get(&row.words_key()).split_whitespace() {
                        assert!(
                            !board.contains(&fold(w)),
                            "{lang} {cmd} word {w} is a {name} board word"
                        );
                    }
                }
            }
        }
    }

    /// One row per kind, one kind per row, one name per row: the registry is the one place a command is named.
    #[test]
    fn every_kind_has_one_row_and_every_name_one_row() {
        for (i, a) in ROWS.iter().enumerate() {
            assert_eq!(a.kind.row().name, a.name, "{:?}", a.kind);
            for b in &ROWS[i + 1..] {
                assert_ne!(a.kind, b.kind, "{:?} has two rows", a.kind);
                assert_ne!(a.name, b.name, "{} names two rows", a.name);
            }
            assert_eq!(Kind::named(a.name), a.typed.then_some(a.kind), "{}", a.name);
        }
        // The line-mode contract's commands, all of them typed rows.
        assert_eq!(commands().count(), 79);
        assert_eq!(Kind::named("player:"), None, "a request is no command word");
    }

    /// Every argument hint a row names is a phrase in every language.
    #[test]
    fn every_hint_is_a_phrase() {
        for (lang, _) in super::super::phrases::BUILTIN {
            let p = Phrases::builtin(lang).unwrap();
            for hint in ROWS.iter().filter_map(|r| r.hint) {
                assert_ne!(p.get(hint), hint, "{lang}: {hint}");
            }
        }
    }
}
