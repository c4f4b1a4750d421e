//! Keys of the full-screen view: config/keymap.ron with the user's overrides from the config folder; a
//! conflict, an unknown key or action is reported with the file and line of both places.

use std::collections::BTreeMap;
use std::fmt;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde::Deserialize;
use shakmaty::Role;

use crate::words::commands::Kind;
use crate::words::{Phrases, Vocabulary};

/// The shipped keymap.
pub const DEFAULT_KEYMAP: &str = include_str!("../../../config/keymap.ron");
/// How the shipped keymap is named in reports.
pub const DEFAULT_KEYMAP_FILE: &str = "config/keymap.ron";

/// A piece kind in the keymap file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
pub enum PieceKind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl PieceKind {
    pub fn role(self) -> Role {
        match self {
            PieceKind::King => Role::King,
            PieceKind::Queen => Role::Queen,
            PieceKind::Rook => Role::Rook,
            PieceKind::Bishop => Role::Bishop,
            PieceKind::Knight => Role::Knight,
            PieceKind::Pawn => Role::Pawn,
        }
    }
}

/// What a key does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
pub enum Action {
    /// Move the focus one square as the player sees the board.
    Up,
    Down,
    Left,
    Right,
    /// Jump to a rank (1..=8) on the focus's file.
    Rank(u8),
    /// Jump to a file ('a'..='h') on the focus's rank.
    File(char),
    /// The next piece of this kind of the player's side, or of the opponent's.
    NextOwn(PieceKind),
    NextTheirs(PieceKind),
    /// Say the focused square again.
    Square,
    ReadRank,
    ReadFile,
    Diagonals,
    Lines,
    Knight,
    Attackers,
    LegalMoves,
    OwnPieces,
    TheirPieces,
    Pawns,
    Material,
    /// The whole position (the line-mode `board`).
    Board,
    Last,
    /// The last N moves.
    Moves(u32),
    AllMoves,
    Turn,
    Time,
    Used,
    Count,
    /// Say the last announcement again.
    Repeat,
    /// Choose the from-square, then the to-square.
    Select,
    /// The input line for any text line mode takes.
    Input,
    Help,
    Cancel,
    /// Save and leave.
    Quit,
    Resign,
    Offer,
    Accept,
    Decline,
    Claim,
    Save,
    /// Show the clocks' seconds (one redraw a second while a clock runs).
    Seconds,
    /// Letters or figurines.
    Figurines,
    /// The board's squares shown or hidden (`--no-board`).
    ShowBoard,
    /// Record and assistant mode: press the clock, completing the move made (D.2.4).
    Press,
    /// Withdraw the move made, before the press (D.2.8).
    Undo,
    /// Whether the last move is made or completed, and whose clock runs.
    State,
    /// The last entries of the action log.
    Log,
    /// Assistant mode: a request of the blind player, from the player's own keys (D.2.10.4).
    Player(Request),
    /// Take back the last move (against the engine: the player's move and its answer); not in a tournament game.
    Takeback,
    /// A new game, the same sides (asks first; an unfinished game is kept).
    NewGame,
    /// A new game with the colours swapped (asks first; an unfinished game is kept).
    Rematch,
    /// Practise one's own mistakes of an analysed game (`practice`).
    Practice,
    /// The engine's verdict on the position (`eval`), its best moves (`best 3`), a hint (`hint`), the opening
    /// reached (`opening`); refused where analysis is refused.
    Eval,
    Best,
    Hint,
    Opening,
    /// Online play: the challenges made to the player (`challenges`), the player's games on lichess (`games`).
    Challenges,
    Games,
    /// `analyse` the game (or the reviewed line) in the background; while one runs, `analyse stop`.
    Analyse,
    // -- Review: the line-mode review commands, by keys.
    /// Review the game, or leave the review; step through it; enter and leave variations.
    Review(ReviewKey),
}

impl Action {
    /// The command of the registry (words/commands.rs) the key is for, if it is one: what the policy is asked
    /// about it. None for the face's own keys (the focus, the input line, how the board is shown).
    pub fn command(self) -> Option<Kind> {
        use Action as A;
        Some(match self {
            A::Up
            | A::Down
            | A::Left
            | A::Right
            | A::Rank(_)
            | A::File(_)
            | A::NextOwn(_)
            | A::NextTheirs(_)
            | A::Select
            | A::Input
            | A::Cancel
            | A::Seconds
            | A::Figurines
            | A::ShowBoard => return None,
            A::Square => Kind::Square,
            A::ReadRank => Kind::Rank,
            A::ReadFile => Kind::File,
            A::Diagonals => Kind::Diagonals,
            A::Lines => Kind::Lines,
            A::Knight => Kind::Knights,
            A::Attackers => Kind::Attackers,
            A::LegalMoves => Kind::Legal,
            A::OwnPieces | A::TheirPieces => Kind::Pieces,
            A::Pawns => Kind::Pawns,
            A::Material => Kind::Material,
            A::Board => Kind::Board,
            A::Last => Kind::Last,
            A::Moves(_) | A::AllMoves => Kind::Moves,
            A::Turn => Kind::Turn,
            A::Time => Kind::Time,
            A::Used => Kind::Used,
            A::Count => Kind::Count,
            A::Repeat => Kind::Repeat,
            A::Help => Kind::Help,
            A::Quit => Kind::Quit,
            A::Resign => Kind::Resign,
            A::Offer => Kind::Offer,
            A::Accept => Kind::Accept,
            A::Decline => Kind::Decline,
            A::Claim => Kind::Claim,
            A::Save => Kind::Save,
            A::Press => Kind::Press,
            A::Undo => Kind::Undo,
            A::State => Kind::State,
            A::Log => Kind::Log,
            A::Player(_) => Kind::Player,
            A::Takeback => Kind::Takeback,
            A::NewGame => Kind::New,
            A::Rematch => Kind::Rematch,
            A::Practice => Kind::Practice,
            A::Eval => Kind::Eval,
            A::Best => Kind::Best,
            A::Hint => Kind::Hint,
            A::Opening => Kind::Opening,
            A::Challenges => Kind::Challenges,
            A::Games => Kind::Games,
            A::Analyse => Kind::Analyse,
            A::Review(r) => r.command(),
        })
    }
}

/// What a review key does: each sends the line-mode review command of the same name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
pub enum ReviewKey {
    /// `review` when not reviewing, `done` when reviewing.
    Toggle,
    Back,
    Forward,
    Start,
    End,
    /// `variation`: the first variation of the move just said.
    Variation,
    /// `leave`: out of the variation.
    Leave,
}

impl ReviewKey {
    /// The action the key sends, the line-mode command's (Toggle depends on whether a review is open).
    pub fn action(self, reviewing: bool) -> crate::words::action::Action {
        use crate::words::action::{Action as A, Arg};
        match self {
            ReviewKey::Toggle if reviewing => A::Done,
            ReviewKey::Toggle => A::Review(String::new()),
            ReviewKey::Back => A::Back,
            ReviewKey::Forward => A::Forward,
            ReviewKey::Start => A::Start,
            ReviewKey::End => A::End,
            ReviewKey::Variation => A::Variation(Arg::None),
            ReviewKey::Leave => A::Leave,
        }
    }

    /// The command of the registry the key is for (`review` for the toggle: `done` is its other half).
    pub fn command(self) -> Kind {
        match self {
            ReviewKey::Toggle => Kind::Review,
            ReviewKey::Back => Kind::Back,
            ReviewKey::Forward => Kind::Forward,
            ReviewKey::Start => Kind::Start,
            ReviewKey::End => Kind::End,
            ReviewKey::Variation => Kind::Variation,
            ReviewKey::Leave => Kind::Leave,
        }
    }

    fn phrase(self) -> &'static str {
        match self {
            ReviewKey::Toggle => "key.review.toggle",
            ReviewKey::Back => "key.review.back",
            ReviewKey::Forward => "key.review.forward",
            ReviewKey::Start => "key.review.start",
            ReviewKey::End => "key.review.end",
            ReviewKey::Variation => "key.review.variation",
            ReviewKey::Leave => "key.review.leave",
        }
    }
}

/// What the blind player may ask for in assistant mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
pub enum Request {
    Time,
    Used,
    Count,
    Last,
    Repeat,
}

impl Request {
    /// The command the request asks for: its row in the registry.
    pub fn command(self) -> Kind {
        match self {
            Request::Time => Kind::Time,
            Request::Used => Kind::Used,
            Request::Count => Kind::Count,
            Request::Last => Kind::Last,
            Request::Repeat => Kind::Repeat,
        }
    }

    /// The line-mode word of the request (`player: WORD`): its command's contract name.
    pub fn word(self) -> &'static str {
        self.command().name()
    }
}

/// One key with its modifiers. Letters carry their case; Shift is part of a letter, not a modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key {
    pub code: KeyCodeOrd,
    pub ctrl: bool,
    pub alt: bool,
    pub shift: bool,
}

/// A key code that can be ordered (crossterm's `KeyCode` is not `Ord`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KeyCodeOrd {
    Char(char),
    F(u8),
    Up,
    Down,
    Left,
    Right,
    Enter,
    Esc,
    Tab,
    BackTab,
    Backspace,
    Delete,
    Home,
    End,
    PageUp,
    PageDown,
    Insert,
}

const NAMED: [(&str, KeyCodeOrd); 16] = [
    ("Up", KeyCodeOrd::Up),
    ("Down", KeyCodeOrd::Down),
    ("Left", KeyCodeOrd::Left),
    ("Right", KeyCodeOrd::Right),
    ("Enter", KeyCodeOrd::Enter),
    ("Esc", KeyCodeOrd::Esc),
    ("Tab", KeyCodeOrd::Tab),
    ("BackTab", KeyCodeOrd::BackTab),
    ("Backspace", KeyCodeOrd::Backspace),
    ("Delete", KeyCodeOrd::Delete),
    ("Home", KeyCodeOrd::Home),
    ("End", KeyCodeOrd::End),
    ("PageUp", KeyCodeOrd::PageUp),
    ("PageDown", KeyCodeOrd::PageDown),
    ("Insert", KeyCodeOrd::Insert),
    ("Space", KeyCodeOrd::Char(' ')),
];

impl Key {
    /// Reads "k", "K", "?", "Up", "F1", "Ctrl-q", "Alt-e", "Shift-Up", "Space".
    pub fn parse(text: &str) -> Option<Key> {
        let mut key = Key {
            code: KeyCodeOrd::Esc,
            ctrl: false,
            alt: false,
            shift: false,
        };
        let mut rest = text;
        loop {
            if let Some(r) = rest.strip_prefix("Ctrl-") {
                key.ctrl = true;
                rest = r;
            } else if let Some(r) = rest.strip_prefix("Alt-") {
                key.alt = true;
                rest = r;
            } else if let Some(r) = rest.strip_prefix("Shift-") {
                key.shift = true;
                rest = r;
            } else {
                break;
            }
        }
        let mut chars = rest.chars();
        key.code = match (chars.next(), chars.next()) {
            // A control character is no key name (found by fuzzing: it went back to the terminal in
            // messages); keys such as Tab and Enter have names.
            (Some(c), None) if c.is_control() => return None,
            (Some(c), None) => {
                if key.shift && c.is_alphabetic() {
                    key.shift = false;
                    KeyCodeOrd::Char(c.to_uppercase().next().unwrap_or(c))
                } else if (key.ctrl || key.alt) && c.is_ascii_uppercase() {
                    // Ctrl-Q is Ctrl-q: terminals do not tell them apart.
                    KeyCodeOrd::Char(c.to_ascii_lowercase())
                } else {
                    KeyCodeOrd::Char(c)
                }
            }
            _ => {
                if let Some(n) = rest
                    .strip_prefix('F')
                    .and_then(|n| n.parse::<u8>().ok())
                    .filter(|n| (1..=24).contains(n))
                {
                    KeyCodeOrd::F(n)
                } else {
                    NAMED.iter().find(|(name, _)| *name == rest)?.1
                }
            }
        };
        if matches!(key.code, KeyCodeOrd::Char(_)) && key.shift {
            // Shift with a symbol is the symbol itself.
            key.shift = false;
        }
        Some(key)
    }

    /// The key of a terminal event.
    pub fn of(event: &KeyEvent) -> Option<Key> {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        let alt = event.modifiers.contains(KeyModifiers::ALT);
        let shift = event.modifiers.contains(KeyModifiers::SHIFT);
        let code = match event.code {
            KeyCode::Char(c) => {
                let c = if ctrl || alt {
                    c.to_ascii_lowercase()
                } else {
                    c
                };
                return Some(Key {
                    code: KeyCodeOrd::Char(c),
                    ctrl,
                    alt,
                    shift: false,
                });
            }
            KeyCode::F(n) => KeyCodeOrd::F(n),
            KeyCode::Up => KeyCodeOrd::Up,
            KeyCode::Down => KeyCodeOrd::Down,
            KeyCode::Left => KeyCodeOrd::Left,
            KeyCode::Right => KeyCodeOrd::Right,
            KeyCode::Enter => KeyCodeOrd::Enter,
            KeyCode::Esc => KeyCodeOrd::Esc,
            KeyCode::Tab => KeyCodeOrd::Tab,
            KeyCode::BackTab => {
                return Some(Key {
                    code: KeyCodeOrd::BackTab,
                    ctrl,
                    alt,
                    shift: false,
                });
            }
            KeyCode::Backspace => KeyCodeOrd::Backspace,
            KeyCode::Delete => KeyCodeOrd::Delete,
            KeyCode::Home => KeyCodeOrd::Home,
            KeyCode::End => KeyCodeOrd::End,
            KeyCode::PageUp => KeyCodeOrd::PageUp,
            KeyCode::PageDown => KeyCodeOrd::PageDown,
            KeyCode::Insert => KeyCodeOrd::Insert,
            _ => return None,
        };
        Some(Key {
            code,
            ctrl,
            alt,
            shift,
        })
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            write!(f, "Ctrl-")?;
        }
        if self.alt {
            write!(f, "Alt-")?;
        }
        if self.shift {
            write!(f, "Shift-")?;
        }
        match self.code {
            KeyCodeOrd::Char(' ') => write!(f, "Space"),
            KeyCodeOrd::Char(c) => write!(f, "{c}"),
            KeyCodeOrd::F(n) => write!(f, "F{n}"),
            other => {
                let name = NAMED
                    .iter()
                    .find(|(_, c)| *c == other)
                    .map_or("?", |(n, _)| n);
                write!(f, "{name}")
            }
        }
    }
}

/// Where a binding was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub file: String,
    pub line: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, line {}", self.file, self.line)
    }
}

/// The keys in force, and where each was written.
#[derive(Debug, Clone)]
pub struct Keymap {
    bindings: BTreeMap<Key, (Action, Place)>,
}

/// The most entries a keymap file may hold (the shipped one has about a hundred; every key there is can be
/// bound with far fewer). A huge file made start-up quadratic.
pub const MAX_ENTRIES: usize = 2000;
/// The most problems reported one by one; the rest are counted.
pub const MAX_PROBLEMS: usize = 10;

/// The lines (1-based) of the entries, by the key name they quote, in the order written: an entry is a
/// quoted name right after "(". One pass over the text.
fn entry_lines(text: &str) -> BTreeMap<&str, Vec<usize>> {
    let mut out: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut line = 1;
    let mut after_paren = false;
    let mut rest = text.char_indices().peekable();
    while let Some((i, c)) = rest.next() {
        match c {
            '\n' => {
                line += 1;
            }
            '(' => {
                after_paren = true;
                continue;
            }
            '"' if after_paren => {
                let start = i + 1;
                let mut end = text.len();
                for (j, d) in rest.by_ref() {
                    if d == '"' {
                        end = j;
                        break;
                    }
                    if d == '\n' {
                        line += 1;
                    }
                }
                out.entry(&text[start..end]).or_default().push(line);
            }
            c if c.is_whitespace() => continue,
            _ => {}
        }
        after_paren = false;
    }
    out
}

/// Problems past [`MAX_PROBLEMS`] are counted in one line.
fn bound_problems(mut problems: Vec<String>, file: &str) -> Vec<String> {
    if problems.len() > MAX_PROBLEMS {
        let more = problems.len() - MAX_PROBLEMS;
        problems.truncate(MAX_PROBLEMS);
        problems.push(format!("{file}: {more} more problems"));
    }
    problems
}

impl Keymap {
    /// The shipped keys.
    pub fn builtin() -> Keymap {
        let (map, problems) = Keymap::from_ron(DEFAULT_KEYMAP, DEFAULT_KEYMAP_FILE);
        debug_assert!(problems.is_empty(), "{problems:?}");
        map
    }

    /// Reads one file. Problems (a key bound twice, a key name not known) are reported with file and line
    /// and the first binding is kept. A file that is not a keymap at all gives no keys and one problem.
    pub fn from_ron(text: &str, file: &str) -> (Keymap, Vec<String>) {
        let mut problems = Vec::new();
        let mut bindings: BTreeMap<Key, (Action, Place)> = BTreeMap::new();
        let entries: Vec<(String, Action)> = match ron::from_str(text) {
            Ok(e) => e,
            Err(e) => {
                problems.push(format!(
                    "{file}, line {}, column {}: {}",
                    e.position.line,
                    e.position.col,
                    crate::rules::pgn::printable(&e.code.to_string())
                ));
                return (Keymap { bindings }, problems);
            }
        };
        if entries.len() > MAX_ENTRIES {
            problems.push(format!(
                "{file}: {} entries; a keymap holds at most {MAX_ENTRIES}, so none of them is used",
                entries.len()
            ));
            return (Keymap { bindings }, problems);
        }
        let lines = entry_lines(text);
        let mut count: BTreeMap<String, usize> = BTreeMap::new();
        for (name, action) in entries {
            let nth = count.entry(name.clone()).or_default();
            let place = Place {
                file: file.to_string(),
                line: lines
                    .get(name.as_str())
                    .and_then(|l| l.get(*nth))
                    .copied()
                    .unwrap_or(0),
            };
            *nth += 1;
            let name = crate::words::quote(&name);
            let Some(key) = Key::parse(&name) else {
                // Debug form: a control character in the name is shown escaped, never sent to the terminal.
                problems.push(format!("{place}: unknown key {name:?}"));
                continue;
            };
            if let Some((other, first)) = bindings.get(&key) {
                if *other != action {
                    problems.push(format!(
                        "{place}: {key} is bound to {action:?}, but {first} already binds it to {other:?}; the first stays"
                    ));
                }
                continue;
            }
            bindings.insert(key, (action, place));
        }
        (Keymap { bindings }, bound_problems(problems, file))
    }

    /// The shipped keys with the user's file over them: the user's binding of a key replaces the shipped one.
    /// When an action thereby loses its last key, both places are reported.
    pub fn with_overrides(mut self, text: &str, file: &str) -> (Keymap, Vec<String>) {
        let (user, mut problems) = Keymap::from_ron(text, file);
        let quit_keys: Vec<(Key, (Action, Place))> = self
            .bindings
            .iter()
            .filter(|(_, (a, _))| *a == Action::Quit)
            .map(|(k, b)| (*k, b.clone()))
            .collect();
        // How many keys each action has: kept up to date, so a lost last key is found without a search.
        let mut keys_of: BTreeMap<Action, usize> = BTreeMap::new();
        for (a, _) in self.bindings.values() {
            *keys_of.entry(*a).or_default() += 1;
        }
        for (key, (action, place)) in user.bindings {
            *keys_of.entry(action).or_default() += 1;
            if let Some((old, old_place)) = self.bindings.insert(key, (action, place.clone())) {
                let left = keys_of.entry(old).or_default();
                *left = left.saturating_sub(1);
                if old != action && *left == 0 && old != Action::Quit {
                    problems.push(format!(
                        "{place}: {key} now does {action:?}; {old:?} ({old_place}) has no key left"
                    ));
                }
            }
        }
        // The way out is never taken away: when no key quits any more, the shipped quit keys
        // come back and the player is told.
        if keys_of.get(&Action::Quit).copied().unwrap_or(0) == 0 {
            let names: Vec<String> = quit_keys.iter().map(|(k, _)| k.to_string()).collect();
            for (key, binding) in quit_keys {
                self.bindings.insert(key, binding);
            }
            problems.push(format!(
                "{file}: no key would quit any more; {} still quit{}",
                names.join(" and "),
                if names.len() == 1 { "s" } else { "" }
            ));
        }
        (self, bound_problems(problems, file))
    }

    /// The shipped keys, and the user's file when there is one.
    pub fn load(user: Option<&std::path::Path>) -> (Keymap, Vec<String>) {
        let base = Keymap::builtin();
        let Some(path) = user else {
            return (base, Vec::new());
        };
        match crate::bounded::read_settings_file(path, crate::bounded::MAX_SETTINGS_FILE) {
            Ok(text) => base.with_overrides(&text, &path.display().to_string()),
            Err(e) => (base, vec![format!("{}: {e}", path.display())]),
        }
    }

    pub fn action(&self, key: &Key) -> Option<Action> {
        self.bindings.get(key).map(|(a, _)| *a)
    }

    /// The keys of an action, in order.
    pub fn keys_of(&self, action: Action) -> Vec<Key> {
        self.bindings
            .iter()
            .filter(|(_, (a, _))| *a == action)
            .map(|(k, _)| *k)
            .collect()
    }

    /// Every action with its keys, in the order of the actions.
    pub fn actions(&self) -> Vec<(Action, Vec<Key>)> {
        let mut by: BTreeMap<Action, Vec<Key>> = BTreeMap::new();
        for (k, (a, _)) in &self.bindings {
            by.entry(*a).or_default().push(*k);
        }
        by.into_iter().collect()
    }
}

/// What an action does, in the player's language (for help).
pub fn describe(action: Action, v: &Vocabulary, p: &Phrases) -> String {
    let key = |k: &str| p.get(k).to_string();
    match action {
        Action::Up => key("key.up"),
        Action::Down => key("key.down"),
        Action::Left => key("key.left"),
        Action::Right => key("key.right"),
        Action::Rank(n) => {
            let word = v
                .ranks
                .get(usize::from(n.clamp(1, 8)) - 1)
                .map_or("", String::as_str);
            p.say("key.rank", &[("rank", word)])
        }
        Action::File(c) => {
            let i = (c as u32).wrapping_sub('a' as u32).min(7) as usize;
            p.say("key.file", &[("file", &v.files[i])])
        }
        Action::NextOwn(k) => p.say("key.next_own", &[("piece", v.piece(k.role()))]),
        Action::NextTheirs(k) => p.say("key.next_theirs", &[("piece", v.piece(k.role()))]),
        Action::Square => key("key.square"),
        Action::ReadRank => key("key.read_rank"),
        Action::ReadFile => key("key.read_file"),
        Action::Diagonals => key("key.diagonals"),
        Action::Lines => key("key.lines"),
        Action::Knight => key("key.knight"),
        Action::Attackers => key("key.attackers"),
        Action::LegalMoves => key("key.legal_moves"),
        Action::OwnPieces => key("key.own_pieces"),
        Action::TheirPieces => key("key.their_pieces"),
        Action::Pawns => key("key.pawns"),
        Action::Material => key("key.material"),
        Action::Board => key("key.board"),
        Action::Last => key("key.last"),
        Action::Moves(n) => p.say("key.moves", &[("n", &n.to_string())]),
        Action::AllMoves => key("key.all_moves"),
        Action::Turn => key("key.turn"),
        Action::Time => key("key.time"),
        Action::Used => key("key.used"),
        Action::Count => key("key.count"),
        Action::Repeat => key("key.repeat"),
        Action::Select => key("key.select"),
        Action::Input => key("key.input"),
        Action::Help => key("key.help"),
        Action::Cancel => key("key.cancel"),
        Action::Quit => key("key.quit"),
        Action::Resign => key("key.resign"),
        Action::Offer => key("key.offer"),
        Action::Accept => key("key.accept"),
        Action::Decline => key("key.decline"),
        Action::Claim => key("key.claim"),
        Action::Save => key("key.save"),
        Action::Seconds => key("key.seconds"),
        Action::Figurines => key("key.figurines"),
        Action::ShowBoard => key("key.show_board"),
        Action::Press => key("key.press"),
        Action::Undo => key("key.undo"),
        Action::State => key("key.state"),
        Action::Log => key("key.log"),
        Action::Player(r) => p.say(
            "key.player",
            &[("request", &key(&format!("key.player.{}", r.word())))],
        ),
        Action::Takeback => key("key.takeback"),
        Action::NewGame => key("key.new_game"),
        Action::Rematch => key("key.rematch"),
        Action::Practice => key("key.practice"),
        Action::Eval => key("key.eval"),
        Action::Best => key("key.best"),
        Action::Hint => key("key.hint"),
        Action::Opening => key("key.opening"),
        Action::Challenges => key("key.challenges"),
        Action::Games => key("key.games"),
        Action::Analyse => key("key.analyse"),
        // -- Review.
        Action::Review(r) => key(r.phrase()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_keymap_is_clean_and_complete() {
        let (map, problems) = Keymap::from_ron(DEFAULT_KEYMAP, DEFAULT_KEYMAP_FILE);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(map.action(&Key::parse("Up").unwrap()), Some(Action::Up));
        assert_eq!(
            map.action(&Key::parse("K").unwrap()),
            Some(Action::NextTheirs(PieceKind::King))
        );
        assert_eq!(
            map.action(&Key::parse("Shift-k").unwrap()),
            Some(Action::NextTheirs(PieceKind::King))
        );
        assert_eq!(
            map.action(&Key::parse("Ctrl-q").unwrap()),
            Some(Action::Quit)
        );
        for r in 1..=8u8 {
            assert_eq!(
                map.action(&Key::parse(&r.to_string()).unwrap()),
                Some(Action::Rank(r))
            );
        }
        // Every action a player needs has a key, and every description exists in every language.
        let (v, p) = (Vocabulary::default(), Phrases::default());
        for (action, keys) in map.actions() {
            assert!(!keys.is_empty());
            let d = describe(action, &v, &p);
            assert!(!d.starts_with("key."), "{action:?}: {d}");
        }
        // Review by keys: every step has a key.
        for r in [
            ReviewKey::Toggle,
            ReviewKey::Back,
            ReviewKey::Forward,
            ReviewKey::Start,
            ReviewKey::End,
            ReviewKey::Variation,
            ReviewKey::Leave,
        ] {
            assert!(!map.keys_of(Action::Review(r)).is_empty(), "{r:?}");
        }
        assert_eq!(
            map.action(&Key::parse("PageUp").unwrap()),
            Some(Action::Review(ReviewKey::Back))
        );
        for required in [
            Action::Select,
            Action::Input,
            Action::Help,
            Action::Cancel,
            Action::Quit,
            Action::Resign,
        ] {
            assert!(!map.keys_of(required).is_empty(), "{required:?}");
        }
    }

    /// Screen readers keep Escape and F-keys for themselves (fenrir: Esc, F1, F2, F3, F6, F7, F8),
    /// so every action on Escape or an F-key has a second key that is neither.
    #[test]
    fn every_escape_and_f_key_action_has_a_key_screen_readers_leave_alone() {
        let map = Keymap::builtin();
        let taken = |k: &Key| matches!(k.code, KeyCodeOrd::Esc | KeyCodeOrd::F(_));
        let mut checked = Vec::new();
        for (action, keys) in map.actions() {
            if keys.iter().any(taken) {
                checked.push(action);
                assert!(
                    keys.iter().any(|k| !taken(k)),
                    "{action:?} has only {keys:?}"
                );
            }
        }
        // Help, cancel, seconds, figurines, state, log and the five requests of the blind player.
        assert_eq!(checked.len(), 11, "{checked:?}");
        assert!(checked.contains(&Action::Cancel), "{checked:?}");
    }

    #[test]
    fn terminal_events_become_keys() {
        let shift_k = KeyEvent::new(KeyCode::Char('K'), KeyModifiers::SHIFT);
        assert_eq!(Key::of(&shift_k), Key::parse("K"));
        let ctrl_q = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::CONTROL);
        assert_eq!(Key::of(&ctrl_q), Key::parse("Ctrl-q"));
        assert_eq!(
            Key::of(&KeyEvent::new(KeyCode::F(1), KeyModifiers::NONE)),
            Key::parse("F1")
        );
        assert_eq!(Key::parse("Ctrl-q").unwrap().to_string(), "Ctrl-q");
        assert_eq!(Key::parse("Space").unwrap().to_string(), "Space");
        assert_eq!(Key::parse("Shift-Up").unwrap().to_string(), "Shift-Up");
        assert_eq!(Key::parse("Hyper-x"), None);
        assert_eq!(Key::parse("F99"), None);
    }

    #[test]
    fn a_control_character_is_no_key() {
        assert_eq!(Key::parse("Ctrl-\u{2}"), None);
        assert_eq!(Key::parse("\u{1b}"), None);
        let (_, problems) = Keymap::builtin()
            .with_overrides("[(\"Ctrl-\u{2}\", Save), (\"Ctrl-\u{2}\", Claim)]", "k.ron");
        assert!(
            problems.iter().all(|p| !p.chars().any(char::is_control)),
            "{problems:?}"
        );
    }

    #[test]
    fn a_control_character_in_a_key_name_is_reported_escaped() {
        // Found by fuzzing: the name was echoed with its ESC byte to the terminal.
        let (_, problems) =
            Keymap::builtin().with_overrides("[(\"Ctrl+\u{1b}[2J\", Quit)]", "k.ron");
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0].starts_with("k.ron, line 1: unknown key"),
            "{problems:?}"
        );
        assert!(!problems[0].chars().any(char::is_control), "{problems:?}");
    }

    #[test]
    fn conflicts_and_unknown_keys_name_both_places() {
        let text = "[\n    (\"x\", Square),\n    (\"Wobble\", Turn),\n    (\"x\", Turn),\n]\n";
        let (map, problems) = Keymap::from_ron(text, "mine.ron");
        assert_eq!(map.action(&Key::parse("x").unwrap()), Some(Action::Square));
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            problems[0].starts_with("mine.ron, line 3: unknown key \"Wobble\""),
            "{}",
            problems[0]
        );
        assert!(
            problems[1]
                .starts_with("mine.ron, line 4: x is bound to Turn, but mine.ron, line 2 already binds it to Square"),
            "{}",
            problems[1]
        );
        // The user's file takes a key from an action that then has none: both files are named.
        let user = "[\n  (\"Ctrl-q\", Resign),\n  (\"c\", Resign),\n]";
        let (map, problems) =
            Keymap::builtin().with_overrides(user, "/home/p/.config/hector/keymap.ron");
        assert_eq!(
            map.action(&Key::parse("Ctrl-q").unwrap()),
            Some(Action::Resign)
        );
        assert_eq!(map.action(&Key::parse("c").unwrap()), Some(Action::Resign));
        // Quit keeps Ctrl-c: no report. Count had only c: reported with both places.
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].contains("/home/p/.config/hector/keymap.ron, line 3"),
            "{}",
            problems[0]
        );
        assert!(problems[0].contains("Count"), "{}", problems[0]);
        assert!(
            problems[0].contains("config/keymap.ron, line "),
            "{}",
            problems[0]
        );
        // An unknown action: file, line and column.
        let (map, problems) = Keymap::from_ron("[\n (\"x\", Fly),\n]", "bad.ron");
        assert!(map.actions().is_empty());
        assert!(problems[0].starts_with("bad.ron, line 2"), "{problems:?}");
    }

    /// A huge keymap is refused in one pass (no quadratic start-up), problems are bounded, and
    /// the quit key cannot be taken away.
    #[test]
    fn huge_keymaps_and_the_quit_key() {
        let mut text = String::from("[\n");
        for n in 0..(MAX_ENTRIES + 1) {
            text.push_str(&format!("    (\"Wobble{n}\", Square),\n"));
        }
        text.push(']');
        let (map, problems) = Keymap::builtin().with_overrides(&text, "huge.ron");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("at most 2000"), "{problems:?}");
        assert_eq!(
            map.action(&Key::parse("Ctrl-q").unwrap()),
            Some(Action::Quit)
        );
        // Many unknown keys: ten reported by place, the rest counted.
        let mut text = String::from("[\n");
        for n in 0..500 {
            text.push_str(&format!("    (\"Wobble{n}\", Square),\n"));
        }
        text.push(']');
        let (_, problems) = Keymap::from_ron(&text, "many.ron");
        assert_eq!(problems.len(), MAX_PROBLEMS + 1);
        assert!(
            problems[0].starts_with("many.ron, line 2: unknown key"),
            "{problems:?}"
        );
        assert!(
            problems[9].starts_with("many.ron, line 11: unknown key"),
            "{problems:?}"
        );
        assert_eq!(problems[10], "many.ron: 490 more problems");
        // Rebinding every quit key away: refused, the shipped quit keys stay, the player is told.
        let user = "[\n  (\"Ctrl-q\", Resign),\n  (\"Ctrl-c\", Count),\n]";
        let (map, problems) = Keymap::builtin().with_overrides(user, "mine.ron");
        assert_eq!(
            map.action(&Key::parse("Ctrl-q").unwrap()),
            Some(Action::Quit)
        );
        assert_eq!(
            map.action(&Key::parse("Ctrl-c").unwrap()),
            Some(Action::Quit)
        );
        assert!(
            problems
                .iter()
                .any(|p| p == "mine.ron: no key would quit any more; Ctrl-c and Ctrl-q still quit"),
            "{problems:?}"
        );
        // Moving quit to another key is fine.
        let user = "[\n  (\"Ctrl-q\", Resign),\n  (\"Ctrl-c\", Count),\n  (\"F10\", Quit),\n]";
        let (map, problems) = Keymap::builtin().with_overrides(user, "mine.ron");
        assert_eq!(map.keys_of(Action::Quit), vec![Key::parse("F10").unwrap()]);
        assert!(problems.iter().all(|p| !p.contains("quit")), "{problems:?}");
    }
}
