//! The typed action: one variant per command of the line-mode contract (`COMMANDS`), plus the lines that are no
//! command (a move entry, the answer a question waits for). Faces send actions; a typed line is read into one.
//!
//! An argument stays the text typed after the command word (`rest`) unless the command's own reading is pure and
//! its refusal is the same phrase either way: the session's handler reads it against the game (a square in
//! the player's vocabulary, a move in the position) and refuses what does not parse with today's words.

use std::path::PathBuf;
use std::time::Duration;

use super::commands::{COMMANDS, Commands};

/// What a line (or a key, or a pad button) asks of the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Last,
    Moves(Arg<usize>),
    Count,
    Board,
    Square(String),
    Fen,
    Repeat,
    Sides(String),
    Rank(String),
    File(String),
    Diagonals(String),
    Lines(String),
    Knights(String),
    Attackers(String),
    Legal(String),
    Pieces(String),
    Pawns(String),
    Material(String),
    Turn(String),
    Claim(String),
    Offer,
    Accept,
    Decline,
    Resign(String),
    Time,
    Used,
    Control,
    Flag,
    Wait(Arg<Duration>),
    Illegal(String),
    Press,
    Increment,
    Seal(String),
    Envelope,
    Open,
    Arbiter(String),
    Engine(String),
    Opponent(String),
    Level(Arg<u8>),
    Announce(Arg<bool>),
    Takeback(Arg<usize>),
    New,
    Rematch,
    Kept,
    Review(String),
    Back,
    Forward,
    Start,
    End,
    Goto(String),
    Variation(String),
    Leave,
    Done,
    Check(String),
    Is(String),
    Compare(String),
    Rewind,
    Rewound,
    Save(Option<PathBuf>),
    Undo,
    State,
    Log(Arg<usize>),
    Scoresheet(String),
    Export(Option<PathBuf>),
    Touched(String),
    Role(String),
    Inspect,
    Verify,
    Help,
    Quit,
    /// `yes` or `no` typed with no question open (the English words: they answer nothing then).
    Yes,
    No,
    /// `player: REQUEST`: the blind player's request, entered by the assistant (D.2.10).
    Player(String),
    /// During the clocks' check (D.2.9): keep the clocks as they are, or set them.
    Keep,
    SetClocks(String),
    /// A word of analysis hector has no command for (`hint`, `eval`, ...): refused in the tournament profile,
    /// otherwise read like any entry.
    Analysis(String),
    /// No command: a move entry, or the answer the session's current state waits for (a promotion piece, a
    /// board check's square, a game of a file).
    Entry(String),
}

/// An argument as read: not given, read, or the text that did not read (the handler refuses it with that text,
/// after its own checks, as it always did).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg<T> {
    None,
    Given(T),
    Bad(String),
}

impl Arg<usize> {
    /// A count of at least 1 (`moves 5`, `takeback 2`, `log 10`).
    pub fn count(rest: &str) -> Arg<usize> {
        if rest.is_empty() {
            return Arg::None;
        }
        match rest.parse::<usize>() {
            Ok(n) if n > 0 => Arg::Given(n),
            _ => Arg::Bad(rest.to_string()),
        }
    }

    /// A count given by a key (0 reads nothing, as `moves 0` typed).
    pub fn counted(n: usize) -> Arg<usize> {
        if n > 0 {
            Arg::Given(n)
        } else {
            Arg::Bad(n.to_string())
        }
    }
}

/// The engine's levels (`level N`).
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

impl Arg<u8> {
    /// A level of the engine, 1 to 10.
    pub fn level(rest: &str) -> Arg<u8> {
        if rest.is_empty() {
            return Arg::None;
        }
        match rest.parse::<u8>() {
            Ok(n) if LEVELS.contains(&n) => Arg::Given(n),
            _ => Arg::Bad(rest.to_string()),
        }
    }
}

/// A file or folder named after a command (`save FILE`, `export FOLDER`); nothing named is `None`.
fn path(rest: &str) -> Option<PathBuf> {
    let rest = rest.trim();
    (!rest.is_empty()).then(|| PathBuf::from(rest))
}

impl Arg<bool> {
    /// `on` or `off` (and the German words the profile has always taken); anything else, nothing included, is
    /// `Bad`.
    pub fn on_off(rest: &str) -> Arg<bool> {
        match rest.trim().to_lowercase().as_str() {
            "on" | "an" | "ein" => Arg::Given(true),
            "off" | "aus" => Arg::Given(false),
            _ => Arg::Bad(rest.to_string()),
        }
    }
}

impl<T: ToString> Arg<T> {
    /// The argument as the contract writes it.
    pub fn text(&self) -> String {
        match self {
            Arg::None => String::new(),
            Arg::Given(v) => v.to_string(),
            Arg::Bad(t) => t.clone(),
        }
    }
}

/// Words of analysis that are no command of hector's but are refused in the tournament profile.
pub const ANALYSIS_WORDS: [&str; 10] = [
    "defenders",
    "attacks",
    "diagonal",
    "knight",
    "hint",
    "eval",
    "analyse",
    "analyze",
    "threats",
    "book",
];

impl Action {
    /// A question about the position (the board, a square, the moves, the exploring words): answered on the
    /// game asked about, the game's own or the reviewed one.
    pub fn asks_about_position(&self) -> bool {
        use Action as A;
        matches!(
            self,
            A::Board
                | A::Square(_)
                | A::Fen
                | A::Count
                | A::Moves(_)
                | A::Rank(_)
                | A::File(_)
                | A::Diagonals(_)
                | A::Lines(_)
                | A::Knights(_)
                | A::Attackers(_)
                | A::Legal(_)
                | A::Pieces(_)
                | A::Pawns(_)
                | A::Material(_)
                | A::Turn(_)
        )
    }

    /// The action of the command `name` (a contract name of `COMMANDS`) with the text after its word.
    pub fn command(name: &str, rest: &str) -> Option<Action> {
        let r = || rest.to_string();
        use Action as A;
        Some(match name {
            "last" => A::Last,
            "moves" => A::Moves(Arg::count(rest)),
            "count" => A::Count,
            "board" => A::Board,
            "square" => A::Square(r()),
            "fen" => A::Fen,
            "repeat" => A::Repeat,
            "sides" => A::Sides(r()),
            "rank" => A::Rank(r()),
            "file" => A::File(r()),
            "diagonals" => A::Diagonals(r()),
            "lines" => A::Lines(r()),
            "knights" => A::Knights(r()),
            "attackers" => A::Attackers(r()),
            "legal" => A::Legal(r()),
            "pieces" => A::Pieces(r()),
            "pawns" => A::Pawns(r()),
            "material" => A::Material(r()),
            "turn" => A::Turn(r()),
            "claim" => A::Claim(r()),
            "offer" => A::Offer,
            "accept" => A::Accept,
            "decline" => A::Decline,
            "resign" => A::Resign(r()),
            "time" => A::Time,
            "used" => A::Used,
            "control" => A::Control,
            "flag" => A::Flag,
            "wait" => A::Wait(match super::time::parse_duration(rest) {
                Some(d) => Arg::Given(d),
                None if rest.is_empty() => Arg::None,
                None => Arg::Bad(r()),
            }),
            "illegal" => A::Illegal(r()),
            "press" => A::Press,
            "increment" => A::Increment,
            "seal" => A::Seal(r()),
            "envelope" => A::Envelope,
            "open" => A::Open,
            "arbiter" => A::Arbiter(r()),
            "engine" => A::Engine(r()),
            "opponent" => A::Opponent(r()),
            "level" => A::Level(Arg::level(rest)),
            "announce" => A::Announce(Arg::on_off(rest)),
            "takeback" => A::Takeback(Arg::count(rest)),
            "new" => A::New,
            "rematch" => A::Rematch,
            "kept" => A::Kept,
            "review" => A::Review(r()),
            "back" => A::Back,
            "forward" => A::Forward,
            "start" => A::Start,
            "end" => A::End,
            "goto" => A::Goto(r()),
            "variation" => A::Variation(r()),
            "leave" => A::Leave,
            "done" => A::Done,
            "check" => A::Check(r()),
            "is" => A::Is(r()),
            "compare" => A::Compare(r()),
            "rewind" => A::Rewind,
            "rewound" => A::Rewound,
            "save" => A::Save(path(rest)),
            "undo" => A::Undo,
            "state" => A::State,
            // `log last N` is `log N`.
            "log" => A::Log(Arg::count(
                rest.strip_prefix("last").map(str::trim).unwrap_or(rest),
            )),
            "scoresheet" => A::Scoresheet(r()),
            "export" => A::Export(path(rest)),
            "touched" => A::Touched(r()),
            "role" => A::Role(r()),
            "inspect" => A::Inspect,
            "verify" => A::Verify,
            "help" => A::Help,
            "quit" => A::Quit,
            _ => return None,
        })
    }

    /// The action's name: its contract name (`COMMANDS`), or the name of the kind of line (`yes`, `player:`,
    /// `keep`, `set`, `analysis`, `entry`). The policy table and help name actions by it.
    pub fn name(&self) -> &'static str {
        use Action as A;
        match self {
            A::Last => "last",
            A::Moves(_) => "moves",
            A::Count => "count",
            A::Board => "board",
            A::Square(_) => "square",
            A::Fen => "fen",
            A::Repeat => "repeat",
            A::Sides(_) => "sides",
            A::Rank(_) => "rank",
            A::File(_) => "file",
            A::Diagonals(_) => "diagonals",
            A::Lines(_) => "lines",
            A::Knights(_) => "knights",
            A::Attackers(_) => "attackers",
            A::Legal(_) => "legal",
            A::Pieces(_) => "pieces",
            A::Pawns(_) => "pawns",
            A::Material(_) => "material",
            A::Turn(_) => "turn",
            A::Claim(_) => "claim",
            A::Offer => "offer",
            A::Accept => "accept",
            A::Decline => "decline",
            A::Resign(_) => "resign",
            A::Time => "time",
            A::Used => "used",
            A::Control => "control",
            A::Flag => "flag",
            A::Wait(_) => "wait",
            A::Illegal(_) => "illegal",
            A::Press => "press",
            A::Increment => "increment",
            A::Seal(_) => "seal",
            A::Envelope => "envelope",
            A::Open => "open",
            A::Arbiter(_) => "arbiter",
            A::Engine(_) => "engine",
            A::Opponent(_) => "opponent",
            A::Level(_) => "level",
            A::Announce(_) => "announce",
            A::Takeback(_) => "takeback",
            A::New => "new",
            A::Rematch => "rematch",
            A::Kept => "kept",
            A::Review(_) => "review",
            A::Back => "back",
            A::Forward => "forward",
            A::Start => "start",
            A::End => "end",
            A::Goto(_) => "goto",
            A::Variation(_) => "variation",
            A::Leave => "leave",
            A::Done => "done",
            A::Check(_) => "check",
            A::Is(_) => "is",
            A::Compare(_) => "compare",
            A::Rewind => "rewind",
            A::Rewound => "rewound",
            A::Save(_) => "save",
            A::Undo => "undo",
            A::State => "state",
            A::Log(_) => "log",
            A::Scoresheet(_) => "scoresheet",
            A::Export(_) => "export",
            A::Touched(_) => "touched",
            A::Role(_) => "role",
            A::Inspect => "inspect",
            A::Verify => "verify",
            A::Help => "help",
            A::Quit => "quit",
            A::Yes => "yes",
            A::No => "no",
            A::Player(_) => "player:",
            A::Keep => "keep",
            A::SetClocks(_) => "set",
            A::Analysis(_) => "analysis",
            A::Entry(_) => "entry",
        }
    }

    /// The text after the command word (empty for actions without one).
    pub fn rest(&self) -> String {
        use Action as A;
        match self {
            A::Moves(a) | A::Takeback(a) | A::Log(a) => a.text(),
            A::Announce(a) => a.text(),
            A::Level(a) => a.text(),
            A::Wait(Arg::Given(d)) => format!("{}s", d.as_secs()),
            A::Wait(Arg::Bad(t)) => t.clone(),
            A::Save(Some(p)) | A::Export(Some(p)) => p.display().to_string(),
            A::Square(r)
            | A::Sides(r)
            | A::Rank(r)
            | A::File(r)
            | A::Diagonals(r)
            | A::Lines(r)
            | A::Knights(r)
            | A::Attackers(r)
            | A::Legal(r)
            | A::Pieces(r)
            | A::Pawns(r)
            | A::Material(r)
            | A::Turn(r)
            | A::Claim(r)
            | A::Resign(r)
            | A::Illegal(r)
            | A::Seal(r)
            | A::Arbiter(r)
            | A::Engine(r)
            | A::Opponent(r)
            | A::Review(r)
            | A::Goto(r)
            | A::Variation(r)
            | A::Check(r)
            | A::Is(r)
            | A::Compare(r)
            | A::Scoresheet(r)
            | A::Touched(r)
            | A::Role(r)
            | A::Player(r)
            | A::SetClocks(r) => r.clone(),
            _ => String::new(),
        }
    }

    /// The action as line mode's contract writes it (English words): what a key sends, and what the action log
    /// holds for it.
    pub fn text(&self) -> String {
        match self {
            Action::Entry(t) | Action::Analysis(t) => t.clone(),
            Action::Player(r) => format!("player: {r}"),
            a if a.rest().is_empty() => a.name().to_string(),
            a => format!("{} {}", a.name(), a.rest()),
        }
    }

    /// Whether this action is one of the contract's commands (not an entry, an answer or a request).
    pub fn is_command(&self) -> bool {
        COMMANDS.iter().any(|(n, _)| *n == self.name())
    }
}

/// A line split as every reader splits it: its first word (lowercase; a command word of any language becomes
/// its contract name) and the rest, trimmed.
pub fn split<'a>(commands: &Commands, line: &'a str) -> (String, &'a str) {
    let mut parts = line.splitn(2, char::is_whitespace);
    let word = parts.next().unwrap_or("").to_lowercase();
    let word = match commands.canonical(&word) {
        Some(name) => name.to_string(),
        None => word,
    };
    (word, parts.next().unwrap_or("").trim())
}

/// An action and the line it was read from: the line is what the action log keeps (byte for byte what was
/// typed), and what an answer to the session's current state is read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Act {
    pub action: Action,
    pub line: String,
}

impl Act {
    /// An action from a key or a button: its line is the contract's text of it.
    pub fn new(action: Action) -> Act {
        let line = action.text();
        Act { action, line }
    }

    /// An action with the words it was given in (`?` for help, a key's own text).
    pub fn said(action: Action, line: impl Into<String>) -> Act {
        Act {
            action,
            line: line.into(),
        }
    }
}

impl From<Action> for Act {
    fn from(action: Action) -> Act {
        Act::new(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_has_its_action_and_back() {
        for (name, _) in COMMANDS {
            let a = Action::command(name, "x").expect(name);
            assert_eq!(a.name(), *name);
            assert!(a.is_command());
            let text = a.text();
            assert!(text == *name || text == format!("{name} x"), "{text}");
        }
        assert_eq!(Action::command("nonsense", ""), None);
        assert_eq!(Action::Player("time".into()).text(), "player: time");
        assert_eq!(Action::Moves(Arg::Given(5)).text(), "moves 5");
        assert_eq!(
            Action::command("moves", "0"),
            Some(Action::Moves(Arg::Bad("0".into())))
        );
        assert_eq!(Action::command("moves", ""), Some(Action::Moves(Arg::None)));
        assert_eq!(
            Action::command("log", "last 3"),
            Some(Action::Log(Arg::Given(3)))
        );
        assert_eq!(
            Action::command("announce", "AUS"),
            Some(Action::Announce(Arg::Given(false)))
        );
        assert_eq!(
            Action::command("announce", ""),
            Some(Action::Announce(Arg::Bad(String::new())))
        );
        assert_eq!(Action::Entry("e2e4".into()).text(), "e2e4");
        assert!(!Action::Entry("e4".into()).is_command());
        assert_eq!(
            Action::command("level", "11"),
            Some(Action::Level(Arg::Bad("11".into())))
        );
        assert_eq!(
            Action::command("level", "3"),
            Some(Action::Level(Arg::Given(3)))
        );
        let wait = Action::command("wait", "1m30s").unwrap();
        assert_eq!(wait, Action::Wait(Arg::Given(Duration::from_secs(90))));
        assert_eq!(Action::command(wait.name(), &wait.rest()), Some(wait));
        assert_eq!(
            Action::command("save", "a.pgn"),
            Some(Action::Save(Some("a.pgn".into())))
        );
        assert_eq!(Action::command("save", ""), Some(Action::Save(None)));
    }
}
