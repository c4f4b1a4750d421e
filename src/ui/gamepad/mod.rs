//! Gamepad play and the blind player's request device.
//!
//! A pad is read on a thread of its own ([`device`]: gilrs, or a script of synthetic events for tests) that
//! sends [`PadEvent`]s into the face's one channel, the keyboard's. The face turns each event into what a key
//! would do through [`Mapper::event`], a pure function of the event, the pads' state (a held shoulder is a
//! layer, the open menu, the roles) and the view's [`Context`]: keyboard actions of `keymap.ron`, yes and
//! no, a promotion piece, or a line for the session (the requests of assistant mode, `player: time`).
//! The layout is `config/gamepad.ron`, with the user's overrides in the config folder.

pub mod device;
pub mod glue;

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;
use shakmaty::Role;

use crate::session::Cue;
pub use crate::ui::screen::keymap::Request;
use crate::ui::screen::keymap::{self, Action, PieceKind};
use crate::words::{Phrases, Vocabulary};

/// The shipped layout.
pub const DEFAULT_GAMEPAD: &str = include_str!("../../../config/gamepad.ron");
/// How the shipped layout is named in reports.
pub const DEFAULT_GAMEPAD_FILE: &str = "config/gamepad.ron";
/// A user's gamepad.ron larger than this is not read (outside input is bounded).
pub const MAX_CONFIG_BYTES: u64 = 64 * 1024;

/// A pad's buttons by position on a standard layout (gilrs's names, with its `LeftTrigger` called a
/// shoulder and its `LeftTrigger2` a trigger, as players call them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
pub enum Button {
    South,
    East,
    West,
    North,
    LeftShoulder,
    RightShoulder,
    LeftTrigger,
    RightTrigger,
    Select,
    Start,
    Mode,
    LeftThumb,
    RightThumb,
    DPadUp,
    DPadDown,
    DPadLeft,
    DPadRight,
}

impl Button {
    pub const ALL: [Button; 17] = [
        Button::South,
        Button::East,
        Button::West,
        Button::North,
        Button::LeftShoulder,
        Button::RightShoulder,
        Button::LeftTrigger,
        Button::RightTrigger,
        Button::Select,
        Button::Start,
        Button::Mode,
        Button::LeftThumb,
        Button::RightThumb,
        Button::DPadUp,
        Button::DPadDown,
        Button::DPadLeft,
        Button::DPadRight,
    ];

    /// The name in gamepad.ron and in event scripts.
    pub fn name(self) -> String {
        format!("{self:?}")
    }

    pub fn parse(text: &str) -> Option<Button> {
        Button::ALL.into_iter().find(|b| b.name() == text)
    }

    /// The phrase key of the button's spoken name.
    fn phrase(self) -> String {
        format!("pad.button.{}", self.name())
    }
}

/// Axes that move the focus: the left stick and a D-pad that reports itself as axes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Axis {
    LeftStickX,
    LeftStickY,
    DPadX,
    DPadY,
}

impl Axis {
    pub const ALL: [Axis; 4] = [Axis::LeftStickX, Axis::LeftStickY, Axis::DPadX, Axis::DPadY];

    pub fn parse(text: &str) -> Option<Axis> {
        Axis::ALL.into_iter().find(|a| format!("{a:?}") == text)
    }

    /// The D-pad buttons the axis stands for: (negative, positive). Y grows upwards, as gilrs reports it.
    fn buttons(self) -> (Button, Button) {
        match self {
            Axis::LeftStickX | Axis::DPadX => (Button::DPadLeft, Button::DPadRight),
            Axis::LeftStickY | Axis::DPadY => (Button::DPadDown, Button::DPadUp),
        }
    }
}

/// An axis counts as pushed beyond this (thousandths of full deflection) ...
pub const AXIS_PRESS: i32 = 500;
/// ... and as back in the middle below this, so a stick held near the threshold does not chatter.
pub const AXIS_RELEASE: i32 = 300;

/// Which pad: gilrs's id (stable while the program runs, also over a reconnect).
pub type PadId = usize;

/// What the pad thread reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PadEvent {
    /// Gamepads can be read; this many are connected now (each is also reported as `Connected`).
    Ready {
        connected: usize,
    },
    /// Gamepads cannot be read here (no udev, no /dev/input, not supported); why, for the notice.
    Unavailable(String),
    Connected {
        pad: PadId,
        name: String,
    },
    Disconnected {
        pad: PadId,
    },
    Pressed {
        pad: PadId,
        button: Button,
    },
    Released {
        pad: PadId,
        button: Button,
    },
    /// An axis moved: -1000..=1000.
    Axis {
        pad: PadId,
        axis: Axis,
        value: i32,
    },
}

/// Whether something is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Use {
    Auto,
    On,
    Off,
}

/// Every request of the blind player (keymap's `Request`, the line-mode contract's `player: WORD`).
pub const REQUESTS: [Request; 5] = [
    Request::Time,
    Request::Used,
    Request::Count,
    Request::Last,
    Request::Repeat,
];

/// The line a request sends to the session: `player: time` in assistant mode (the contract of
/// line-mode.md); the plain command otherwise (there is no plain `repeat`: nothing is sent).
pub fn request_command(r: Request, assistant: bool) -> Option<String> {
    if assistant {
        Some(format!("player: {}", r.word()))
    } else if r == Request::Repeat {
        None
    } else {
        Some(r.word().to_string())
    }
}

/// Which pad is whose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PadRole {
    /// The player's pad; in assistant mode the blind player's request device.
    Player,
    /// The assistant's pad (or a second player's): the full layout.
    Assistant,
}

/// One file as written: every field may be left out.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct GamepadFile {
    enabled: Option<Use>,
    rumble: Option<Use>,
    menu_button: Option<Button>,
    buttons: Vec<(Button, Action)>,
    left_layer: Vec<(Button, Action)>,
    right_layer: Vec<(Button, Action)>,
    promotion: Vec<(Button, PieceKind)>,
    requests: Vec<(Button, Request)>,
    menu: Option<Vec<Action>>,
}

/// The layout in force.
#[derive(Debug, Clone, PartialEq)]
pub struct GamepadConfig {
    pub enabled: Use,
    pub rumble: Use,
    pub menu_button: Button,
    pub buttons: BTreeMap<Button, Action>,
    pub left_layer: BTreeMap<Button, Action>,
    pub right_layer: BTreeMap<Button, Action>,
    pub promotion: BTreeMap<Button, PieceKind>,
    pub requests: BTreeMap<Button, Request>,
    pub menu: Vec<Action>,
}

/// Where things are written in a layout file, so that every problem is said with its place (as keymap.ron's
/// are): the line and column of a field and of each entry of its list. Comments and strings are skipped; one
/// pass over a file of at most [`MAX_CONFIG_BYTES`].
struct Places {
    /// The significant characters (comments left out) with their line and column (1-based).
    chars: Vec<(char, usize, usize)>,
}

impl Places {
    fn new(text: &str) -> Places {
        let mut chars = Vec::new();
        let (mut line, mut col) = (1, 1);
        let mut it = text.chars().peekable();
        let mut in_string = false;
        while let Some(c) = it.next() {
            let here = (line, col);
            if c == '\n' {
                line += 1;
                col = 1;
            } else {
                col += 1;
            }
            if in_string {
                if c == '"' {
                    in_string = false;
                } else if c == '\\'
                    && let Some(n) = it.next()
                {
                    col += 1;
                    if n == '\n' {
                        line += 1;
                        col = 1;
                    }
                }
                chars.push((c, here.0, here.1));
                continue;
            }
            match (c, it.peek()) {
                ('/', Some('/')) => {
                    for n in it.by_ref() {
                        if n == '\n' {
                            line += 1;
                            col = 1;
                            break;
                        }
                    }
                    chars.push(('\n', here.0, here.1));
                }
                ('/', Some('*')) => {
                    it.next();
                    col += 1;
                    let mut last = ' ';
                    for n in it.by_ref() {
                        if n == '\n' {
                            line += 1;
                            col = 1;
                        } else {
                            col += 1;
                        }
                        if last == '*' && n == '/' {
                            break;
                        }
                        last = n;
                    }
                    chars.push((' ', here.0, here.1));
                }
                _ => {
                    in_string = c == '"';
                    chars.push((c, here.0, here.1));
                }
            }
        }
        Places { chars }
    }

    /// The index of the field `name` of the outermost structure (its first character), if written.
    fn field(&self, name: &str) -> Option<usize> {
        let mut depth = 0i32;
        let n: Vec<char> = name.chars().collect();
        let c = &self.chars;
        let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
        for i in 0..c.len() {
            match c[i].0 {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                _ if depth == 1
                    && c[i..].len() >= n.len()
                    && c[i..i + n.len()].iter().map(|x| x.0).eq(n.iter().copied())
                    && (i == 0 || !ident(c[i - 1].0)) =>
                {
                    let after = c[i + n.len()..].iter().find(|x| !x.0.is_whitespace());
                    if after.is_some_and(|x| x.0 == ':') {
                        return Some(i);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// "line L, column C" of the field `name`.
    fn of_field(&self, name: &str) -> Option<(usize, usize)> {
        self.field(name).map(|i| (self.chars[i].1, self.chars[i].2))
    }

    /// The places of the entries of the list in field `name`, in the order written.
    fn entries(&self, name: &str) -> Vec<(usize, usize)> {
        let Some(start) = self.field(name) else {
            return Vec::new();
        };
        let c = &self.chars;
        let Some(open) = (start..c.len()).find(|&i| c[i].0 == '[') else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut depth = 0i32;
        let mut want = true;
        for &(ch, line, col) in &c[open + 1..] {
            match ch {
                ']' | ')' | '}' if depth == 0 => break,
                ',' if depth == 0 => {
                    want = true;
                    continue;
                }
                _ if ch.is_whitespace() => continue,
                _ => {}
            }
            if want {
                out.push((line, col));
                want = false;
            }
            match ch {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                _ => {}
            }
        }
        out
    }
}

/// "FILE, line L, column C", or the file alone when the place is not known.
fn at(file: &str, place: Option<(usize, usize)>) -> String {
    match place {
        Some((l, c)) => format!("{file}, line {l}, column {c}"),
        None => file.to_string(),
    }
}

/// Puts a file's list over a map: a button written twice in one list keeps its first binding; either way the
/// second is reported with both places.
fn merge<T: Copy + PartialEq + fmt::Debug>(
    map: &mut BTreeMap<Button, T>,
    list: &[(Button, T)],
    file: &str,
    name: &str,
    places: &[(usize, usize)],
    problems: &mut Vec<String>,
) {
    let mut seen: BTreeMap<Button, (T, usize)> = BTreeMap::new();
    for (i, (button, value)) in list.iter().enumerate() {
        let here = at(file, places.get(i).copied());
        if let Some((first, j)) = seen.get(button) {
            let there = places
                .get(*j)
                .map_or(String::new(), |(l, c)| format!(" (line {l}, column {c})"));
            if first != value {
                problems.push(format!(
                    "{here}: {name}: {button:?} is bound to {value:?}, but already to {first:?}{there}; the first stays"
                ));
            } else {
                problems.push(format!(
                    "{here}: {name}: {button:?} is bound to {value:?} twice{there}; once is enough"
                ));
            }
            continue;
        }
        seen.insert(*button, (*value, i));
        map.insert(*button, *value);
    }
}

/// Reads a file; `enabled: On` need not be written `Some(On)`.
fn parse_file(text: &str) -> Result<GamepadFile, ron::error::SpannedError> {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(text)
}

impl GamepadConfig {
    /// The shipped layout.
    pub fn builtin() -> GamepadConfig {
        let file = parse_file(DEFAULT_GAMEPAD).expect("config/gamepad.ron is a valid layout");
        let mut problems = Vec::new();
        let mut c = GamepadConfig {
            enabled: file.enabled.unwrap_or(Use::Auto),
            rumble: file.rumble.unwrap_or(Use::Auto),
            menu_button: file.menu_button.unwrap_or(Button::Start),
            buttons: BTreeMap::new(),
            left_layer: BTreeMap::new(),
            right_layer: BTreeMap::new(),
            promotion: BTreeMap::new(),
            requests: BTreeMap::new(),
            menu: file.menu.clone().unwrap_or_default(),
        };
        c.apply(&file, DEFAULT_GAMEPAD_FILE, DEFAULT_GAMEPAD, &mut problems);
        debug_assert!(problems.is_empty(), "{problems:?}");
        c
    }

    /// Lays `file` (read from `text`, named `name`) over this layout. Every problem is reported with its place
    /// in the file, and what would break the pad is not taken: the working binding stays.
    fn apply(&mut self, file: &GamepadFile, name: &str, text: &str, problems: &mut Vec<String>) {
        let places = Places::new(text);
        if let Some(e) = file.enabled {
            self.enabled = e;
        }
        if let Some(r) = file.rumble {
            self.rumble = r;
        }
        for (list, field, map) in [
            (&file.buttons, "buttons", &mut self.buttons),
            (&file.left_layer, "left_layer", &mut self.left_layer),
            (&file.right_layer, "right_layer", &mut self.right_layer),
        ] {
            let entries = places.entries(field);
            merge(map, list, name, field, &entries, problems);
            for (i, (b, a)) in list.iter().enumerate() {
                if *a == Action::Moves(0) {
                    problems.push(format!(
                        "{}: {field}: {b:?} is bound to Moves(0), which reads no move",
                        at(name, entries.get(i).copied())
                    ));
                }
            }
        }
        // A layer's own shoulder is held while the layer is used: it cannot be pressed in it as well.
        for (list, field, shoulder) in [
            (&file.left_layer, "left_layer", Button::LeftShoulder),
            (&file.right_layer, "right_layer", Button::RightShoulder),
        ] {
            let entries = places.entries(field);
            for (i, (b, a)) in list.iter().enumerate() {
                if *b == shoulder {
                    problems.push(format!(
                        "{}: {field}: {b:?} holds this layer, so its binding to {a:?} here can never be pressed",
                        at(name, entries.get(i).copied())
                    ));
                }
            }
        }
        let entries = places.entries("promotion");
        merge(
            &mut self.promotion,
            &file.promotion,
            name,
            "promotion",
            &entries,
            problems,
        );
        for (i, (b, kind)) in file.promotion.iter().enumerate() {
            let here = at(name, entries.get(i).copied());
            if matches!(kind, PieceKind::King | PieceKind::Pawn) {
                problems.push(format!(
                    "{here}: promotion: a pawn cannot become a {kind:?} ({b:?})"
                ));
            }
            if *b == Button::East {
                // East answers no to every question; the promotion question must keep its way back.
                self.promotion.remove(b);
                problems.push(format!(
                    "{here}: promotion: East cancels the promotion question, so it cannot choose a {kind:?}; it still cancels"
                ));
            }
        }
        merge(
            &mut self.requests,
            &file.requests,
            name,
            "requests",
            &places.entries("requests"),
            problems,
        );
        if let Some(m) = file.menu_button {
            if self.layer(m).is_some() {
                problems.push(format!(
                    "{}: menu_button: {m:?} holds a layer, so the menu would never open; {:?} still opens it",
                    at(name, places.of_field("menu_button")),
                    self.menu_button
                ));
            } else {
                self.menu_button = m;
            }
        }
        if let Some(menu) = &file.menu {
            let entries = places.entries("menu");
            let here = at(name, places.of_field("menu"));
            if menu.is_empty() {
                problems.push(format!(
                    "{here}: menu: an empty menu would leave its commands without a button; the menu stays as it was"
                ));
            } else {
                let mut kept: Vec<Action> = Vec::new();
                for (i, a) in menu.iter().enumerate() {
                    if kept.contains(a) {
                        problems.push(format!(
                            "{}: menu: {a:?} is in the menu twice; once is enough",
                            at(name, entries.get(i).copied())
                        ));
                    } else {
                        kept.push(*a);
                    }
                }
                self.menu = kept;
            }
        }
        if let Some(a) = self.buttons.get(&self.menu_button) {
            let i = file
                .buttons
                .iter()
                .position(|(b, _)| *b == self.menu_button);
            let place = match i {
                Some(i) => places.entries("buttons").get(i).copied(),
                None => places.of_field("menu_button"),
            };
            problems.push(format!(
                "{}: {:?} opens the menu, so its binding to {a:?} in buttons is not used",
                at(name, place),
                self.menu_button
            ));
        }
    }

    /// The shipped layout with a user's file over it. A file that cannot be read as a layout changes nothing
    /// and is reported with its place.
    pub fn with_overrides(mut self, text: &str, file: &str) -> (GamepadConfig, Vec<String>) {
        let mut problems = Vec::new();
        match parse_file(text) {
            Ok(f) => {
                let mut next = self.clone();
                next.apply(&f, file, text, &mut problems);
                self = next;
            }
            Err(e) => problems.push(format!(
                "{file}, line {}, column {}: {}; the shipped gamepad settings are used",
                e.position.line, e.position.col, e.code
            )),
        }
        (self, problems)
    }

    /// The shipped layout, and the user's file when there is one (at most [`MAX_CONFIG_BYTES`]).
    pub fn load(user: Option<&std::path::Path>) -> (GamepadConfig, Vec<String>) {
        let base = GamepadConfig::builtin();
        let Some(path) = user else {
            return (base, Vec::new());
        };
        let shown = path.display().to_string();
        match std::fs::metadata(path) {
            Ok(m) if m.len() > MAX_CONFIG_BYTES => {
                return (
                    base,
                    vec![format!(
                        "{shown}: the file is larger than {} KiB and is not read; the shipped gamepad settings are used",
                        MAX_CONFIG_BYTES / 1024
                    )],
                );
            }
            _ => {}
        }
        match std::fs::read(path) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => base.with_overrides(&text, &shown),
                Err(_) => (
                    base,
                    vec![format!(
                        "{shown}: the file is not UTF-8 text; the shipped gamepad settings are used"
                    )],
                ),
            },
            Err(e) => (
                base,
                vec![format!(
                    "{shown}: cannot read the file: {e}; the shipped gamepad settings are used"
                )],
            ),
        }
    }

    /// The layer a held shoulder opens, if the shoulder is a layer button (its layer is not empty).
    pub fn layer(&self, shoulder: Button) -> Option<&BTreeMap<Button, Action>> {
        let layer = match shoulder {
            Button::LeftShoulder => &self.left_layer,
            Button::RightShoulder => &self.right_layer,
            _ => return None,
        };
        (!layer.is_empty()).then_some(layer)
    }

    /// Whether rumble is wanted, given whether the tournament profile is in force.
    pub fn rumble_on(&self, tournament: bool) -> bool {
        match self.rumble {
            Use::On => true,
            Use::Off => false,
            Use::Auto => !tournament,
        }
    }
}

/// What the view is doing, as far as a pad needs to know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// Exploring or choosing a target: the layout.
    Play,
    /// A question waits for yes or no (a confirmation of the view, or the session's question).
    Question,
    /// Which piece a pawn becomes.
    Promotion,
    /// The input line is open (typed on a keyboard): South sends it, East cancels, nothing else types.
    Input,
    /// Line mode: only the requests.
    Line,
}

/// A thing of the menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuItem {
    Action(Action),
    /// Ask again which pad is whose (with two pads connected).
    Roles,
}

/// What a pad does to the view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PadOut {
    /// What the action's key does.
    Action(Action),
    /// Yes to the question (Enter).
    Yes,
    /// No, or cancel (Escape).
    No,
    /// The pawn becomes this piece.
    Promote(Role),
    /// A line for the session, as line mode would read it.
    Text(String),
    /// Something to say about the pads themselves.
    Notice(Notice),
}

/// What is said about the pads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    Connected {
        name: String,
        role: PadRole,
    },
    Disconnected {
        name: String,
    },
    /// Two pads: press a button on the player's.
    AskRoles,
    Roles {
        player: String,
        assistant: String,
    },
    /// The menu opened, or moved: the item, its place (1-based) and the count.
    Menu {
        item: MenuItem,
        place: usize,
        count: usize,
        opened: bool,
    },
    MenuClosed,
    /// The promotion buttons.
    PromotionHelp,
    /// The player asked for a pad and none is connected.
    NoPad,
    /// The player asked for a pad and pads cannot be read here.
    Unavailable(String),
}

#[derive(Debug, Clone)]
struct Pad {
    name: String,
    role: PadRole,
    connected: bool,
    /// Buttons down now, in the order they were pressed.
    held: Vec<Button>,
    /// Layer buttons that did something as a layer while held (their own action is then not done).
    layer_used: Vec<Button>,
    /// Each axis's side: -1, 0 or 1.
    axes: BTreeMap<Axis, i8>,
}

/// The pads' state and the layout: events in, what they do out. No I/O.
#[derive(Debug, Clone)]
pub struct Mapper {
    pub config: GamepadConfig,
    /// Assistant mode: the player's pad is the request device.
    pub assistant: bool,
    /// The tournament profile (record and assistant mode): the menu leaves out what it refuses.
    pub tournament: bool,
    pads: BTreeMap<PadId, Pad>,
    asking_roles: bool,
    /// The open menu's place.
    menu: Option<usize>,
}

impl Mapper {
    pub fn new(config: GamepadConfig, assistant: bool, tournament: bool) -> Mapper {
        Mapper {
            config,
            assistant,
            tournament,
            pads: BTreeMap::new(),
            asking_roles: false,
            menu: None,
        }
    }

    /// How many pads are connected.
    pub fn connected(&self) -> usize {
        self.pads.values().filter(|p| p.connected).count()
    }

    pub fn role(&self, pad: PadId) -> Option<PadRole> {
        self.pads.get(&pad).map(|p| p.role)
    }

    pub fn menu_open(&self) -> bool {
        self.menu.is_some()
    }

    /// The menu's things: the layout's list, less what the mode refuses (the clock press outside the
    /// tournament profile, analysis in it, R-11.3.1), and the roles with two pads connected.
    pub fn menu_items(&self) -> Vec<MenuItem> {
        let mut items: Vec<MenuItem> = self
            .config
            .menu
            .iter()
            .filter(|a| {
                if self.tournament {
                    !matches!(
                        a,
                        Action::Diagonals
                            | Action::Lines
                            | Action::Knight
                            | Action::Attackers
                            | Action::LegalMoves
                            | Action::Material
                            | Action::Takeback
                            | Action::NewGame
                            | Action::Rematch
                    )
                } else {
                    !matches!(
                        a,
                        Action::Press
                            | Action::Undo
                            | Action::State
                            | Action::Log
                            | Action::Player(_)
                    )
                }
            })
            .map(|a| MenuItem::Action(*a))
            .collect();
        if self.connected() >= 2 {
            items.push(MenuItem::Roles);
        }
        items
    }

    /// One event from the pad thread, in the view's context.
    pub fn event(&mut self, event: &PadEvent, context: Context) -> Vec<PadOut> {
        match event {
            PadEvent::Ready { connected } => {
                if *connected == 0 && self.config.enabled == Use::On && self.connected() == 0 {
                    vec![PadOut::Notice(Notice::NoPad)]
                } else {
                    Vec::new()
                }
            }
            PadEvent::Unavailable(why) => {
                if self.config.enabled == Use::On {
                    vec![PadOut::Notice(Notice::Unavailable(why.clone()))]
                } else {
                    Vec::new()
                }
            }
            PadEvent::Connected { pad, name } => self.connect(*pad, name),
            PadEvent::Disconnected { pad } => self.disconnect(*pad),
            PadEvent::Pressed { pad, button } => self.press(*pad, *button, context),
            PadEvent::Released { pad, button } => self.release(*pad, *button, context),
            PadEvent::Axis { pad, axis, value } => {
                let Some(state) = self.pads.get_mut(pad) else {
                    return Vec::new();
                };
                let old = state.axes.get(axis).copied().unwrap_or(0);
                let new = if *value >= AXIS_PRESS {
                    1
                } else if *value <= -AXIS_PRESS {
                    -1
                } else if value.abs() < AXIS_RELEASE {
                    0
                } else {
                    old
                };
                if new == old {
                    return Vec::new();
                }
                state.axes.insert(*axis, new);
                let (neg, pos) = axis.buttons();
                let mut out = Vec::new();
                match old {
                    1 => out.extend(self.release(*pad, pos, context)),
                    -1 => out.extend(self.release(*pad, neg, context)),
                    _ => {}
                }
                match new {
                    1 => out.extend(self.press(*pad, pos, context)),
                    -1 => out.extend(self.press(*pad, neg, context)),
                    _ => {}
                }
                out
            }
        }
    }

    fn connect(&mut self, pad: PadId, name: &str) -> Vec<PadOut> {
        let name = clean_name(name);
        if let Some(p) = self.pads.get_mut(&pad) {
            if p.connected {
                return Vec::new();
            }
            // The same pad back: its role stays.
            p.connected = true;
            p.name = name.clone();
            p.held.clear();
            p.layer_used.clear();
            p.axes.clear();
            return vec![PadOut::Notice(Notice::Connected { name, role: p.role })];
        }
        let taken: Vec<PadRole> = self
            .pads
            .values()
            .filter(|p| p.connected)
            .map(|p| p.role)
            .collect();
        // A new pad takes the player's role when it is free (also one a pad left behind by going away).
        let role = if taken.contains(&PadRole::Player) {
            PadRole::Assistant
        } else {
            PadRole::Player
        };
        // A pad that went away and left its role gives it up to the new one.
        self.pads.retain(|_, p| p.connected || p.role != role);
        self.pads.insert(
            pad,
            Pad {
                name: name.clone(),
                role,
                connected: true,
                held: Vec::new(),
                layer_used: Vec::new(),
                axes: BTreeMap::new(),
            },
        );
        let mut out = vec![PadOut::Notice(Notice::Connected { name, role })];
        if self.connected() == 2 {
            self.asking_roles = true;
            out.push(PadOut::Notice(Notice::AskRoles));
        }
        out
    }

    fn disconnect(&mut self, pad: PadId) -> Vec<PadOut> {
        let Some(p) = self.pads.get_mut(&pad) else {
            return Vec::new();
        };
        if !p.connected {
            return Vec::new();
        }
        // Nothing is lost: the game is the session's; only what the pad held down is forgotten.
        p.connected = false;
        p.held.clear();
        p.layer_used.clear();
        p.axes.clear();
        let name = p.name.clone();
        if self.connected() < 2 {
            self.asking_roles = false;
        }
        if self.connected() == 0 {
            self.menu = None;
        }
        vec![PadOut::Notice(Notice::Disconnected { name })]
    }

    fn press(&mut self, pad: PadId, button: Button, context: Context) -> Vec<PadOut> {
        let Some(state) = self.pads.get_mut(&pad) else {
            return Vec::new();
        };
        if !state.connected {
            return Vec::new();
        }
        if !state.held.contains(&button) {
            state.held.push(button);
        }
        let role = state.role;
        // The roles question takes any button: the pad pressed is the player's.
        if self.asking_roles {
            self.asking_roles = false;
            return self.set_roles(pad);
        }
        // The request device: the player's pad in assistant mode, every pad in line mode.
        if context == Context::Line || (self.assistant && role == PadRole::Player) {
            return match self.config.requests.get(&button) {
                Some(r) => request_command(*r, self.assistant)
                    .map(PadOut::Text)
                    .into_iter()
                    .collect(),
                None => Vec::new(),
            };
        }
        if let Some(place) = self.menu {
            return self.menu_button(place, button);
        }
        match context {
            Context::Input => {
                return match button {
                    Button::South => vec![PadOut::Yes],
                    Button::East => vec![PadOut::No],
                    _ => Vec::new(),
                };
            }
            Context::Promotion => {
                return match (button, self.config.promotion.get(&button)) {
                    (_, Some(kind)) => vec![PadOut::Promote(kind.role())],
                    (Button::East, None) => vec![PadOut::No],
                    _ => vec![PadOut::Notice(Notice::PromotionHelp)],
                };
            }
            Context::Question => match button {
                Button::South => return vec![PadOut::Yes],
                Button::East => return vec![PadOut::No],
                _ => {}
            },
            Context::Play | Context::Line => {}
        }
        // A held layer button: the most recent one that has a layer.
        let state = self.pads.get_mut(&pad).expect("looked up above");
        let layer_button = state
            .held
            .iter()
            .rev()
            .copied()
            .find(|b| *b != button && self.config.layer(*b).is_some());
        if let Some(lb) = layer_button {
            // Both are used: neither does its own action when let go.
            for b in [lb, button] {
                if !state.layer_used.contains(&b) {
                    state.layer_used.push(b);
                }
            }
            let layer = self.config.layer(lb).expect("found with its layer");
            return layer
                .get(&button)
                .map(|a| vec![PadOut::Action(*a)])
                .unwrap_or_default();
        }
        if self.config.layer(button).is_some() {
            // Its own action comes at the release, if it was not used as a layer.
            state.layer_used.retain(|b| *b != button);
            return Vec::new();
        }
        if button == self.config.menu_button {
            return self.open_menu();
        }
        self.config
            .buttons
            .get(&button)
            .map(|a| vec![PadOut::Action(*a)])
            .unwrap_or_default()
    }

    fn release(&mut self, pad: PadId, button: Button, context: Context) -> Vec<PadOut> {
        let Some(state) = self.pads.get_mut(&pad) else {
            return Vec::new();
        };
        let was_held = state.held.contains(&button);
        state.held.retain(|b| *b != button);
        let used = state.layer_used.contains(&button);
        state.layer_used.retain(|b| *b != button);
        let requests =
            context == Context::Line || (self.assistant && state.role == PadRole::Player);
        if !was_held
            || used
            || requests
            || self.menu.is_some()
            || context != Context::Play && context != Context::Question
            || self.config.layer(button).is_none()
        {
            return Vec::new();
        }
        // A layer button pressed and let go alone: its own action.
        self.config
            .buttons
            .get(&button)
            .map(|a| vec![PadOut::Action(*a)])
            .unwrap_or_default()
    }

    fn set_roles(&mut self, player: PadId) -> Vec<PadOut> {
        let mut assistant = String::new();
        let mut player_name = String::new();
        for (id, p) in self.pads.iter_mut().filter(|(_, p)| p.connected) {
            if *id == player {
                p.role = PadRole::Player;
                player_name = p.name.clone();
            } else {
                p.role = PadRole::Assistant;
                assistant = p.name.clone();
            }
        }
        vec![PadOut::Notice(Notice::Roles {
            player: player_name,
            assistant,
        })]
    }

    fn open_menu(&mut self) -> Vec<PadOut> {
        let items = self.menu_items();
        let Some(item) = items.first() else {
            return Vec::new();
        };
        self.menu = Some(0);
        vec![PadOut::Notice(Notice::Menu {
            item: *item,
            place: 1,
            count: items.len(),
            opened: true,
        })]
    }

    fn menu_button(&mut self, place: usize, button: Button) -> Vec<PadOut> {
        let items = self.menu_items();
        let n = items.len();
        if n == 0 {
            self.menu = None;
            return vec![PadOut::Notice(Notice::MenuClosed)];
        }
        let place = place.min(n - 1);
        let step = |by: isize| (place as isize + by).rem_euclid(n as isize) as usize;
        let to = match button {
            Button::DPadDown => step(1),
            Button::DPadUp => step(-1),
            Button::DPadRight => step(10),
            Button::DPadLeft => step(-10),
            Button::South => {
                self.menu = None;
                return match items[place] {
                    MenuItem::Action(a) => vec![PadOut::Action(a)],
                    MenuItem::Roles => {
                        self.asking_roles = true;
                        vec![PadOut::Notice(Notice::AskRoles)]
                    }
                };
            }
            b if b == Button::East || b == self.config.menu_button => {
                self.menu = None;
                return vec![PadOut::Notice(Notice::MenuClosed)];
            }
            _ => place,
        };
        self.menu = Some(to);
        vec![PadOut::Notice(Notice::Menu {
            item: items[to],
            place: to + 1,
            count: n,
            opened: false,
        })]
    }
}

/// A pad's name as said: control characters dropped, at most 60 characters (it comes from the device).
fn clean_name(name: &str) -> String {
    let s: String = name.chars().filter(|c| !c.is_control()).take(60).collect();
    let s = s.trim().to_string();
    if s.is_empty() { "?".to_string() } else { s }
}

/// What a menu thing does, in the player's language.
pub fn describe_item(item: MenuItem, v: &Vocabulary, p: &Phrases) -> String {
    match item {
        MenuItem::Action(a) => keymap::describe(a, v, p),
        MenuItem::Roles => p.get("pad.menu.roles").to_string(),
    }
}

/// A button's spoken name.
pub fn button_name(b: Button, p: &Phrases) -> String {
    p.get(&b.phrase()).to_string()
}

/// The words of a notice.
pub fn notice_text(n: &Notice, v: &Vocabulary, p: &Phrases, config: &GamepadConfig) -> String {
    let role = |r: PadRole| match r {
        PadRole::Player => p.get("pad.role.player").to_string(),
        PadRole::Assistant => p.get("pad.role.assistant").to_string(),
    };
    match n {
        Notice::Connected { name, role: r } => {
            p.say("pad.connected", &[("name", name), ("role", &role(*r))])
        }
        Notice::Disconnected { name } => p.say("pad.disconnected", &[("name", name)]),
        Notice::AskRoles => p.get("pad.ask_roles").to_string(),
        Notice::Roles { player, assistant } => p.say(
            "pad.roles",
            &[
                ("player", player.as_str()),
                ("assistant", assistant.as_str()),
            ],
        ),
        Notice::Menu {
            item,
            place,
            count,
            opened,
        } => {
            let item = describe_item(*item, v, p);
            let args = [
                ("item", item.as_str()),
                ("place", &place.to_string()),
                ("count", &count.to_string()),
            ];
            if *opened {
                p.say("pad.menu.open", &args)
            } else {
                p.say("pad.menu.item", &args)
            }
        }
        Notice::MenuClosed => p.get("pad.menu.closed").to_string(),
        Notice::PromotionHelp => promotion_help(config, v, p),
        Notice::NoPad => p.get("pad.none").to_string(),
        Notice::Unavailable(why) => p.say("pad.unavailable", &[("reason", why)]),
    }
}

fn promotion_help(config: &GamepadConfig, v: &Vocabulary, p: &Phrases) -> String {
    let choices: Vec<String> = config
        .promotion
        .iter()
        .map(|(b, k)| format!("{} {}", button_name(*b, p), v.piece(k.role())))
        .collect();
    p.say(
        "pad.help.promotion",
        &[
            ("choices", &choices.join(", ")),
            ("cancel", &button_name(Button::East, p)),
        ],
    )
}

/// The layout for help: one line per list, in the player's language.
pub fn help_lines(
    config: &GamepadConfig,
    assistant: bool,
    v: &Vocabulary,
    p: &Phrases,
) -> Vec<String> {
    let list = |map: &BTreeMap<Button, Action>| -> String {
        map.iter()
            .map(|(b, a)| format!("{}: {}", button_name(*b, p), keymap::describe(*a, v, p)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut buttons = list(&self_buttons(config));
    buttons.push_str(&format!(
        ", {}: {}",
        button_name(config.menu_button, p),
        p.get("pad.help.menu")
    ));
    let mut lines = vec![p.say("pad.help", &[("buttons", &buttons)])];
    for (shoulder, key) in [
        (Button::LeftShoulder, "pad.help.left_layer"),
        (Button::RightShoulder, "pad.help.right_layer"),
    ] {
        if let Some(layer) = config.layer(shoulder) {
            lines.push(p.say(
                key,
                &[
                    ("button", &button_name(shoulder, p)),
                    ("buttons", &list(layer)),
                ],
            ));
        }
    }
    lines.push(promotion_help(config, v, p));
    if assistant {
        let requests: Vec<String> = config
            .requests
            .iter()
            .map(|(b, r)| format!("{}: {}", button_name(*b, p), request_name(*r, p)))
            .collect();
        lines.push(p.say("pad.help.requests", &[("buttons", &requests.join(", "))]));
    }
    lines
}

/// The base buttons as they act (the menu button's own binding is not used).
fn self_buttons(config: &GamepadConfig) -> BTreeMap<Button, Action> {
    let mut b = config.buttons.clone();
    b.remove(&config.menu_button);
    b
}

/// A request's spoken name.
pub fn request_name(r: Request, p: &Phrases) -> String {
    p.get(&format!("pad.request.{}", r.word())).to_string()
}

/// A rumble pattern of the pad thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rumble {
    /// D.2.6.2.1: one raised dot each 5 minutes: one short pulse.
    Pulse,
    /// Two raised dots each 15 minutes: two short pulses.
    DoublePulse,
    /// D.2.6.2.2: the flag of the last 5 minutes: one long pulse each minute.
    FinalWarning,
    /// The opponent moved: the player's turn.
    YourMove,
}

impl Rumble {
    /// The pulses: (start after ms, length ms, strong).
    pub fn pulses(self) -> &'static [(u32, u32, bool)] {
        match self {
            Rumble::Pulse => &[(0, 150, true)],
            Rumble::DoublePulse => &[(0, 150, true), (300, 150, true)],
            Rumble::FinalWarning => &[(0, 700, true)],
            Rumble::YourMove => &[(0, 250, false)],
        }
    }

    /// The rumble of a cue: the tactile clock's (R-D.2.6.2); other cues are heard, not felt.
    pub fn of_cue(cue: Cue) -> Option<Rumble> {
        match cue {
            Cue::Pulse => Some(Rumble::Pulse),
            Cue::DoublePulse => Some(Rumble::DoublePulse),
            Cue::FinalWarning => Some(Rumble::FinalWarning),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rumble::Pulse => "pulse",
            Rumble::DoublePulse => "double-pulse",
            Rumble::FinalWarning => "final-warning",
            Rumble::YourMove => "your-move",
        }
    }
}

#[cfg(test)]
mod tests;
