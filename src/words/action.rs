//! The typed action: one variant per row of the command registry (`commands::ROWS`: the line-mode contract's
//! commands), plus the lines that are no command (a move entry, the answer a question waits for). Faces send actions; a typed line is read into one.
//!
//! An argument that reads without the game is read with the action (`Arg`: a count, a duration, a file, a square
//! in the player's words, a side, a move number, the opponent, the engine's words); a bad one is kept as its text,
//! which the handler refuses with today's words after its own checks. An argument that needs the position (a
//! move, a claim, the board check's descriptions and questions) stays the text typed after the command word
//! (`rest`), read by its handler against the game.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use shakmaty::{Color, File, Rank, Square};

use super::commands::{Commands, Kind};
use super::normalize::fold;
use super::{Phrases, Vocabulary, spoken};

/// What a line (or a key, or a pad button) asks of the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Last,
    Moves(Arg<usize>),
    Count,
    Board,
    Square(Arg<Square>),
    Fen,
    Repeat,
    Sides(String),
    Rank(Arg<Square>),
    File(Arg<Square>),
    Diagonals(Arg<Square>),
    Lines(Arg<Square>),
    Knights(Arg<Square>),
    Attackers(Arg<Square>),
    Legal(Arg<Square>),
    Pieces(Arg<Color>),
    Pawns(String),
    Material(String),
    Turn(String),
    Claim(String),
    Offer,
    Accept,
    Decline,
    Resign(Arg<Color>),
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
    Engine(Arg<EngineAsk>),
    Opponent(Arg<Worded<OpponentKind>>),
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
    Goto(Arg<Worded<MoveNumber>>),
    Variation(Arg<Worded<usize>>),
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
    /// Online play's (shared/design/online.md): the text after the command word, read by the online part.
    Seek(String),
    Challenge(String),
    Cancel,
    Challenges,
    Games,
    Join(String),
    Abort,
    Say(String),
    Chat(String),
    Help,
    /// `help TOPIC` or `help COMMAND`: one topic's commands.
    HelpOn(String),
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

/// The words an argument is read in: the board's (a square: `e4`, or Appendix D's file names and rank words) and
/// the phrases' (a side, the opponent, the engine's words), in the player's language and in English.
#[derive(Clone, Copy)]
pub struct ArgWords<'a> {
    pub board: &'a Vocabulary,
    pub phrases: &'a Phrases,
}

/// A value read from an argument, with the argument as typed: a handler that finds no place for it in the game
/// (no such move in the line, no such variation) or in its state refuses it quoting these words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Worded<T> {
    pub value: T,
    pub text: String,
}

impl<T> fmt::Display for Worded<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// `goto N [white|black]`: a move number and the side whose half-move it is (White when not named).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveNumber {
    pub number: u32,
    pub side: Color,
}

/// `opponent human|engine`, and the tournament profile's `opponent hearing-impaired` (D.2.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpponentKind {
    Human,
    Engine,
    HearingImpaired,
}

/// `engine restart`, `engine offers on|off` (`engine` alone asks its state: `Arg::None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineAsk {
    Restart,
    Offers(bool),
}

impl fmt::Display for EngineAsk {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            EngineAsk::Restart => f.write_str("restart"),
            EngineAsk::Offers(true) => f.write_str("offers on"),
            EngineAsk::Offers(false) => f.write_str("offers off"),
        }
    }
}

impl Arg<Square> {
    /// The square a command names (`square`, `rank`, `file`, `diagonals`, `lines`, `knights`, `attackers`,
    /// `legal`): a square in the player's words (`e4`, `Eva vier`); for `rank` also a rank (`4`, `vier`) and for
    /// `file` a file (`e`, `Eva`), read as its first square. Anything else, nothing included, is `Bad`.
    pub fn square(words: &ArgWords, command: Kind, rest: &str) -> Arg<Square> {
        let v = words.board;
        if let Some(sq) = spoken::parse_square(v, rest) {
            return Arg::Given(sq);
        }
        let t = rest.trim().to_lowercase();
        let folded = fold(&t);
        let same = |w: &str| fold(w) == folded;
        let sq = match command {
            Kind::Rank => t
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=8).contains(n))
                .map(|n| n - 1)
                .or_else(|| v.ranks.iter().position(|w| same(w)).map(|i| i as u32))
                .map(|n| Square::from_coords(File::A, Rank::new(n))),
            Kind::File => v
                .files
                .iter()
                .position(|w| same(w))
                .or_else(|| {
                    let mut c = t.chars();
                    match (c.next(), c.next()) {
                        (Some(ch @ 'a'..='h'), None) => Some(ch as usize - 'a' as usize),
                        _ => None,
                    }
                })
                .map(|i| Square::from_coords(File::new(i as u32), Rank::First)),
            _ => None,
        };
        sq.map_or_else(|| Arg::Bad(rest.to_string()), Arg::Given)
    }
}

impl Arg<Color> {
    /// A side in the player's words or in English (`white`, `schwarz`); nothing named is `None`.
    pub fn side(words: &ArgWords, rest: &str) -> Arg<Color> {
        if rest.is_empty() {
            Arg::None
        } else if words.phrases.is_word("arg.white", rest) {
            Arg::Given(Color::White)
        } else if words.phrases.is_word("arg.black", rest) {
            Arg::Given(Color::Black)
        } else {
            Arg::Bad(rest.to_string())
        }
    }
}

impl Arg<Worded<MoveNumber>> {
    /// `goto N [SIDE]`: a move number (`12`, `12.`) and a side, White when none is named. Anything else,
    /// nothing included, is `Bad`.
    pub fn move_number(words: &ArgWords, rest: &str) -> Arg<Worded<MoveNumber>> {
        let mut parts = rest.split_whitespace();
        let number = parts
            .next()
            .and_then(|n| n.trim_end_matches('.').parse::<u32>().ok());
        let side = match parts.next() {
            None => Some(Color::White),
            Some(w) if words.phrases.is_word("arg.white", w) => Some(Color::White),
            Some(b) if words.phrases.is_word("arg.black", b) => Some(Color::Black),
            Some(_) => None,
        };
        match (number, side, parts.next()) {
            (Some(number), Some(side), None) => Arg::Given(Worded {
                value: MoveNumber { number, side },
                text: rest.to_string(),
            }),
            _ => Arg::Bad(rest.to_string()),
        }
    }
}

impl Arg<Worded<usize>> {
    /// A number (`variation 2`); nothing named is `None`. Whether the game has a place for it is the handler's.
    pub fn number(rest: &str) -> Arg<Worded<usize>> {
        if rest.is_empty() {
            return Arg::None;
        }
        match rest.parse::<usize>() {
            Ok(value) => Arg::Given(Worded {
                value,
                text: rest.to_string(),
            }),
            Err(_) => Arg::Bad(rest.to_string()),
        }
    }
}

impl Arg<Worded<OpponentKind>> {
    /// `opponent human|engine` in the player's words or in English, and `hearing-impaired` (the profile's).
    /// Anything else, nothing included, is `Bad`.
    pub fn opponent(words: &ArgWords, rest: &str) -> Arg<Worded<OpponentKind>> {
        let kind = if rest.eq_ignore_ascii_case("hearing-impaired")
            || rest.eq_ignore_ascii_case("hearing impaired")
        {
            OpponentKind::HearingImpaired
        } else if words.phrases.is_word("arg.human", rest) {
            OpponentKind::Human
        } else if words.phrases.is_word("arg.engine", rest) {
            OpponentKind::Engine
        } else {
            return Arg::Bad(rest.to_string());
        };
        Arg::Given(Worded {
            value: kind,
            text: rest.to_string(),
        })
    }
}

impl Arg<EngineAsk> {
    /// `engine restart`, `engine offers on|off` in the player's words or in English; nothing named is `None`.
    pub fn engine(words: &ArgWords, rest: &str) -> Arg<EngineAsk> {
        let p = words.phrases;
        let lower = rest.to_lowercase();
        let w: Vec<&str> = lower.split_whitespace().collect();
        if lower.is_empty() {
            Arg::None
        } else if p.is_word("arg.restart", &lower) {
            Arg::Given(EngineAsk::Restart)
        } else if let [offers, on_off] = w[..]
            && p.is_word("arg.offers", offers)
            && (p.is_word("arg.on", on_off) || p.is_word("arg.off", on_off))
        {
            Arg::Given(EngineAsk::Offers(p.is_word("arg.on", on_off)))
        } else {
            Arg::Bad(rest.to_string())
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

    /// The action of the command `name` (a contract name of the registry's rows) with the text after its word,
    /// its argument read in `words` where it reads without the game.
    pub fn command(words: &ArgWords, name: &str, rest: &str) -> Option<Action> {
        Action::read(words, Kind::named(name)?, rest)
    }

    /// The action of a command's kind with the text after its word, its argument read in `words` where it
    /// reads without the game. None for the kinds of line that are no command word.
    pub fn read(words: &ArgWords, kind: Kind, rest: &str) -> Option<Action> {
        let r = || rest.to_string();
        let square = || Arg::square(words, kind, rest);
        use Action as A;
        use Kind as K;
        Some(match kind {
            K::Last => A::Last,
            K::Moves => A::Moves(Arg::count(rest)),
            K::Count => A::Count,
            K::Board => A::Board,
            K::Square => A::Square(square()),
            K::Fen => A::Fen,
            K::Repeat => A::Repeat,
            K::Sides => A::Sides(r()),
            K::Rank => A::Rank(square()),
            K::File => A::File(square()),
            K::Diagonals => A::Diagonals(square()),
            K::Lines => A::Lines(square()),
            K::Knights => A::Knights(square()),
            K::Attackers => A::Attackers(square()),
            K::Legal => A::Legal(square()),
            K::Pieces => A::Pieces(Arg::side(words, rest)),
            K::Pawns => A::Pawns(r()),
            K::Material => A::Material(r()),
            K::Turn => A::Turn(r()),
            K::Claim => A::Claim(r()),
            K::Offer => A::Offer,
            K::Accept => A::Accept,
            K::Decline => A::Decline,
            K::Resign => A::Resign(Arg::side(words, rest)),
            K::Time => A::Time,
            K::Used => A::Used,
            K::Control => A::Control,
            K::Flag => A::Flag,
            K::Wait => A::Wait(match super::time::parse_duration(rest) {
                Some(d) => Arg::Given(d),
                None if rest.is_empty() => Arg::None,
                None => Arg::Bad(r()),
            }),
            K::Illegal => A::Illegal(r()),
            K::Press => A::Press,
            K::Increment => A::Increment,
            K::Seal => A::Seal(r()),
            K::Envelope => A::Envelope,
            K::Open => A::Open,
            K::Arbiter => A::Arbiter(r()),
            K::Engine => A::Engine(Arg::engine(words, rest)),
            K::Opponent => A::Opponent(Arg::opponent(words, rest)),
            K::Level => A::Level(Arg::level(rest)),
            K::Announce => A::Announce(Arg::on_off(rest)),
            K::Takeback => A::Takeback(Arg::count(rest)),
            K::New => A::New,
            K::Rematch => A::Rematch,
            K::Kept => A::Kept,
            K::Review => A::Review(r()),
            K::Back => A::Back,
            K::Forward => A::Forward,
            K::Start => A::Start,
            K::End => A::End,
            K::Goto => A::Goto(Arg::move_number(words, rest)),
            K::Variation => A::Variation(Arg::number(rest)),
            K::Leave => A::Leave,
            K::Done => A::Done,
            K::Check => A::Check(r()),
            K::Is => A::Is(r()),
            K::Compare => A::Compare(r()),
            K::Rewind => A::Rewind,
            K::Rewound => A::Rewound,
            K::Save => A::Save(path(rest)),
            K::Undo => A::Undo,
            K::State => A::State,
            // `log last N` is `log N`.
            K::Log => A::Log(Arg::count(
                rest.strip_prefix("last").map(str::trim).unwrap_or(rest),
            )),
            K::Scoresheet => A::Scoresheet(r()),
            K::Export => A::Export(path(rest)),
            K::Touched => A::Touched(r()),
            K::Role => A::Role(r()),
            K::Inspect => A::Inspect,
            K::Verify => A::Verify,
            K::Seek => A::Seek(r()),
            K::Challenge => A::Challenge(r()),
            K::Cancel => A::Cancel,
            K::Challenges => A::Challenges,
            K::Games => A::Games,
            K::Join => A::Join(r()),
            K::Abort => A::Abort,
            K::Say => A::Say(r()),
            K::Chat => A::Chat(r()),
            K::Help if rest.is_empty() => A::Help,
            K::Help => A::HelpOn(r()),
            K::Quit => A::Quit,
            K::Yes | K::No | K::Player | K::Keep | K::SetClocks | K::Analysis | K::Entry => {
                return None;
            }
        })
    }

    /// The action of `name rest` read in the built-in English words (tests).
    #[cfg(test)]
    pub(crate) fn english(name: &str, rest: &str) -> Option<Action> {
        let (board, phrases) = (Vocabulary::default(), Phrases::default());
        Action::command(
            &ArgWords {
                board: &board,
                phrases: &phrases,
            },
            name,
            rest,
        )
    }

    /// The action's kind: its row in the command registry.
    pub fn kind(&self) -> Kind {
        use Action as A;
        use Kind as K;
        match self {
            A::Last => K::Last,
            A::Moves(_) => K::Moves,
            A::Count => K::Count,
            A::Board => K::Board,
            A::Square(_) => K::Square,
            A::Fen => K::Fen,
            A::Repeat => K::Repeat,
            A::Sides(_) => K::Sides,
            A::Rank(_) => K::Rank,
            A::File(_) => K::File,
            A::Diagonals(_) => K::Diagonals,
            A::Lines(_) => K::Lines,
            A::Knights(_) => K::Knights,
            A::Attackers(_) => K::Attackers,
            A::Legal(_) => K::Legal,
            A::Pieces(_) => K::Pieces,
            A::Pawns(_) => K::Pawns,
            A::Material(_) => K::Material,
            A::Turn(_) => K::Turn,
            A::Claim(_) => K::Claim,
            A::Offer => K::Offer,
            A::Accept => K::Accept,
            A::Decline => K::Decline,
            A::Resign(_) => K::Resign,
            A::Time => K::Time,
            A::Used => K::Used,
            A::Control => K::Control,
            A::Flag => K::Flag,
            A::Wait(_) => K::Wait,
            A::Illegal(_) => K::Illegal,
            A::Press => K::Press,
            A::Increment => K::Increment,
            A::Seal(_) => K::Seal,
            A::Envelope => K::Envelope,
            A::Open => K::Open,
            A::Arbiter(_) => K::Arbiter,
            A::Engine(_) => K::Engine,
            A::Opponent(_) => K::Opponent,
            A::Level(_) => K::Level,
            A::Announce(_) => K::Announce,
            A::Takeback(_) => K::Takeback,
            A::New => K::New,
            A::Rematch => K::Rematch,
            A::Kept => K::Kept,
            A::Review(_) => K::Review,
            A::Back => K::Back,
            A::Forward => K::Forward,
            A::Start => K::Start,
            A::End => K::End,
            A::Goto(_) => K::Goto,
            A::Variation(_) => K::Variation,
            A::Leave => K::Leave,
            A::Done => K::Done,
            A::Check(_) => K::Check,
            A::Is(_) => K::Is,
            A::Compare(_) => K::Compare,
            A::Rewind => K::Rewind,
            A::Rewound => K::Rewound,
            A::Save(_) => K::Save,
            A::Undo => K::Undo,
            A::State => K::State,
            A::Log(_) => K::Log,
            A::Scoresheet(_) => K::Scoresheet,
            A::Export(_) => K::Export,
            A::Touched(_) => K::Touched,
            A::Role(_) => K::Role,
            A::Inspect => K::Inspect,
            A::Verify => K::Verify,
            A::Seek(_) => K::Seek,
            A::Challenge(_) => K::Challenge,
            A::Cancel => K::Cancel,
            A::Challenges => K::Challenges,
            A::Games => K::Games,
            A::Join(_) => K::Join,
            A::Abort => K::Abort,
            A::Say(_) => K::Say,
            A::Chat(_) => K::Chat,
            A::Help | A::HelpOn(_) => K::Help,
            A::Quit => K::Quit,
            A::Yes => K::Yes,
            A::No => K::No,
            A::Player(_) => K::Player,
            A::Keep => K::Keep,
            A::SetClocks(_) => K::SetClocks,
            A::Analysis(_) => K::Analysis,
            A::Entry(_) => K::Entry,
        }
    }

    /// The action's name: its row's (the contract name, or the name of the kind of line: `yes`, `player:`,
    /// `keep`, `set`, `analysis`, `entry`).
    pub fn name(&self) -> &'static str {
        self.kind().name()
    }

    /// The text after the command word (empty for actions without one).
    pub fn rest(&self) -> String {
        use Action as A;
        match self {
            A::Moves(a) | A::Takeback(a) | A::Log(a) => a.text(),
            A::Announce(a) => a.text(),
            A::Level(a) => a.text(),
            A::Square(a)
            | A::Rank(a)
            | A::File(a)
            | A::Diagonals(a)
            | A::Lines(a)
            | A::Knights(a)
            | A::Attackers(a)
            | A::Legal(a) => a.text(),
            A::Pieces(a) | A::Resign(a) => a.text(),
            A::Engine(a) => a.text(),
            A::Opponent(a) => a.text(),
            A::Goto(a) => a.text(),
            A::Variation(a) => a.text(),
            A::Wait(Arg::Given(d)) => format!("{}s", d.as_secs()),
            A::Wait(Arg::Bad(t)) => t.clone(),
            A::Save(Some(p)) | A::Export(Some(p)) => p.display().to_string(),
            A::Sides(r)
            | A::Pawns(r)
            | A::Material(r)
            | A::Turn(r)
            | A::Claim(r)
            | A::Illegal(r)
            | A::Seal(r)
            | A::Arbiter(r)
            | A::Review(r)
            | A::Check(r)
            | A::Is(r)
            | A::Compare(r)
            | A::Scoresheet(r)
            | A::Touched(r)
            | A::Role(r)
            | A::Player(r)
            | A::Seek(r)
            | A::Challenge(r)
            | A::Join(r)
            | A::Say(r)
            | A::Chat(r)
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
        self.kind().row().typed
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
        for row in super::super::commands::commands() {
            let name = &row.name;
            let a = Action::english(name, "x").expect(name);
            assert_eq!(a.name(), *name);
            assert_eq!(a.kind(), row.kind);
            assert!(a.is_command());
            let text = a.text();
            assert!(text == *name || text == format!("{name} x"), "{text}");
        }
        assert_eq!(Action::english("nonsense", ""), None);
        assert_eq!(Action::Player("time".into()).text(), "player: time");
        assert_eq!(Action::Moves(Arg::Given(5)).text(), "moves 5");
        assert_eq!(
            Action::english("moves", "0"),
            Some(Action::Moves(Arg::Bad("0".into())))
        );
        assert_eq!(Action::english("moves", ""), Some(Action::Moves(Arg::None)));
        assert_eq!(
            Action::english("log", "last 3"),
            Some(Action::Log(Arg::Given(3)))
        );
        assert_eq!(
            Action::english("announce", "AUS"),
            Some(Action::Announce(Arg::Given(false)))
        );
        assert_eq!(
            Action::english("announce", ""),
            Some(Action::Announce(Arg::Bad(String::new())))
        );
        assert_eq!(Action::Entry("e2e4".into()).text(), "e2e4");
        assert!(!Action::Entry("e4".into()).is_command());
        assert_eq!(
            Action::english("level", "11"),
            Some(Action::Level(Arg::Bad("11".into())))
        );
        assert_eq!(
            Action::english("level", "3"),
            Some(Action::Level(Arg::Given(3)))
        );
        let wait = Action::english("wait", "1m30s").unwrap();
        assert_eq!(wait, Action::Wait(Arg::Given(Duration::from_secs(90))));
        assert_eq!(Action::english(wait.name(), &wait.rest()), Some(wait));
        assert_eq!(
            Action::english("save", "a.pgn"),
            Some(Action::Save(Some("a.pgn".into())))
        );
        assert_eq!(Action::english("save", ""), Some(Action::Save(None)));
    }

    #[test]
    fn arguments_that_read_without_the_game_are_read_with_the_action() {
        use shakmaty::{Color, Square};
        fn given<T>(text: &str, value: T) -> Arg<Worded<T>> {
            Arg::Given(Worded {
                value,
                text: text.to_string(),
            })
        }
        fn bad<T>(text: &str) -> Arg<T> {
            Arg::Bad(text.to_string())
        }
        let read = |line: &str| {
            let (name, rest) = line.split_once(' ').unwrap_or((line, ""));
            Action::english(name, rest).expect(line)
        };
        // A square; for `rank` and `file` also a rank or a file, read as its first square.
        assert_eq!(read("square e4"), Action::Square(Arg::Given(Square::E4)));
        assert_eq!(read("square"), Action::Square(bad("")));
        assert_eq!(read("rank 4"), Action::Rank(Arg::Given(Square::A4)));
        assert_eq!(read("file e"), Action::File(Arg::Given(Square::E1)));
        assert_eq!(read("knights 4"), Action::Knights(bad("4")));
        // A side: nothing named is the handler's default.
        assert_eq!(
            read("pieces Black"),
            Action::Pieces(Arg::Given(Color::Black))
        );
        assert_eq!(read("pieces"), Action::Pieces(Arg::None));
        assert_eq!(read("resign Purple"), Action::Resign(bad("Purple")));
        // A move number and side, a variation's number: kept with the words typed, for the refusal.
        let twelve = MoveNumber {
            number: 12,
            side: Color::Black,
        };
        assert_eq!(
            read("goto 12. black"),
            Action::Goto(given("12. black", twelve))
        );
        assert_eq!(read("goto 12 black x"), Action::Goto(bad("12 black x")));
        assert_eq!(read("variation 02"), Action::Variation(given("02", 2)));
        assert_eq!(read("variation"), Action::Variation(Arg::None));
        assert_eq!(read("variation two"), Action::Variation(bad("two")));
        // The opponent and the engine's words.
        let engine = given("Computer", OpponentKind::Engine);
        assert_eq!(read("opponent Computer"), Action::Opponent(engine));
        let impaired = given("hearing impaired", OpponentKind::HearingImpaired);
        assert_eq!(
            read("opponent hearing impaired"),
            Action::Opponent(impaired)
        );
        assert_eq!(read("opponent"), Action::Opponent(bad("")));
        assert_eq!(read("engine"), Action::Engine(Arg::None));
        assert_eq!(
            read("engine Restart"),
            Action::Engine(Arg::Given(EngineAsk::Restart))
        );
        let off = Action::Engine(Arg::Given(EngineAsk::Offers(false)));
        assert_eq!(read("engine offers off"), off);
        assert_eq!(off.text(), "engine offers off");
        assert_eq!(
            read("engine offers maybe"),
            Action::Engine(bad("offers maybe"))
        );
        // Appendix D's words and the player's language.
        let (board, phrases) = (
            Vocabulary::builtin("appendix-d").unwrap(),
            Phrases::builtin("de").unwrap(),
        );
        let de = ArgWords {
            board: &board,
            phrases: &phrases,
        };
        let read = |name: &str, rest: &str| Action::command(&de, name, rest).expect(name);
        assert_eq!(
            read("square", "Eva vier"),
            Action::Square(Arg::Given(Square::E4))
        );
        assert_eq!(read("rank", "vier"), Action::Rank(Arg::Given(Square::A4)));
        assert_eq!(read("file", "Eva"), Action::File(Arg::Given(Square::E1)));
        assert_eq!(
            read("pieces", "schwarz"),
            Action::Pieces(Arg::Given(Color::Black))
        );
        assert_eq!(
            read("pieces", "white"),
            Action::Pieces(Arg::Given(Color::White))
        );
    }
}
