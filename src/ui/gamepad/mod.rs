//! Gamepad play and the blind player's request device.
//!
//! A pad is read on a thread of its own ([`device`]: gilrs, or a script of synthetic events for tests) that
//! sends [`PadEvent`]s into the face's one channel, the keyboard's. The face turns each event into what a key
//! would do through [`Mapper::event`], a pure function of the event, the pads' state (a held shoulder is a
//! layer, the open menu, the roles) and the view's [`Context`]: keyboard actions of `keymap.ron`, yes and
//! no, a promotion piece, or a line for the session (the requests of assistant mode, `player: time`).
//! The layout is `config/gamepad.ron`, with the user's overrides in the config folder.

mod config;
pub mod device;
pub mod glue;
mod said;

use std::collections::BTreeMap;

use serde::Deserialize;
use shakmaty::Role;

use crate::session::Cue;
use crate::session::policy::{Game, Offer, offer};
use crate::ui::screen::keymap::Action;
pub use crate::ui::screen::keymap::Request;
use crate::words::action::Act;

pub use config::{DEFAULT_GAMEPAD, DEFAULT_GAMEPAD_FILE, GamepadConfig, MAX_CONFIG_BYTES, Use};
pub use said::{button_name, describe_item, help_lines, notice_text, request_name};

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

/// Every request of the blind player (keymap's `Request`, the line-mode contract's `player: WORD`).
pub const REQUESTS: [Request; 5] = [
    Request::Time,
    Request::Used,
    Request::Count,
    Request::Last,
    Request::Repeat,
];

/// The action a request sends to the session, typed, with the words line mode would type for it: `player:
/// time` in assistant mode (the contract of line-mode.md); the plain command otherwise (there is no plain
/// `repeat`: nothing is sent).
pub fn request_command(r: Request, assistant: bool) -> Option<Act> {
    use crate::words::action::Action as Typed;
    if assistant {
        return Some(Act::new(Typed::Player(r.word().to_string())));
    }
    let action = match r {
        Request::Time => Typed::Time,
        Request::Used => Typed::Used,
        Request::Count => Typed::Count,
        Request::Last => Typed::Last,
        Request::Repeat => return None,
    };
    Some(Act::new(action))
}

/// Which pad is whose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PadRole {
    /// The player's pad; in assistant mode the blind player's request device.
    Player,
    /// The assistant's pad (or a second player's): the full layout.
    Assistant,
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
    /// The blind player's request for the session (typed, with the words line mode would type for it).
    Request(Act),
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

    /// The menu's things: the layout's list, less what the policy does not offer in this game (the clock press
    /// outside the tournament profile, analysis and outside help in it, R-11.3.1), and the roles with two pads
    /// connected.
    pub fn menu_items(&self) -> Vec<MenuItem> {
        let game = Game {
            profile: self.tournament,
            ..Game::default()
        };
        let mut items: Vec<MenuItem> = self
            .config
            .menu
            .iter()
            .filter(|a| {
                a.command()
                    .is_none_or(|kind| offer(game, kind) == Offer::Yes)
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
                    .map(PadOut::Request)
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

/// The command registry seen from the faces: keys, the pad and the line name only its rows.
#[cfg(test)]
mod registry {
    use super::*;
    use crate::session::policy::Game;
    use crate::ui::screen::keymap::{Keymap, PieceKind, ReviewKey};
    use crate::words::action::{Action as Typed, ArgWords};
    use crate::words::commands::{self, Commands, Kind};
    use crate::words::{Phrases, Vocabulary};

    /// Every key action of the full-screen view (a value of each variant).
    fn key_actions() -> Vec<Action> {
        use Action as A;
        let mut all = vec![
            A::Up,
            A::Down,
            A::Left,
            A::Right,
            A::Rank(1),
            A::File('a'),
            A::NextOwn(PieceKind::King),
            A::NextTheirs(PieceKind::King),
            A::Square,
            A::ReadRank,
            A::ReadFile,
            A::Diagonals,
            A::Lines,
            A::Knight,
            A::Attackers,
            A::LegalMoves,
            A::OwnPieces,
            A::TheirPieces,
            A::Pawns,
            A::Material,
            A::Board,
            A::Last,
            A::Moves(10),
            A::AllMoves,
            A::Turn,
            A::Time,
            A::Used,
            A::Count,
            A::Repeat,
            A::Select,
            A::Input,
            A::Help,
            A::Cancel,
            A::Quit,
            A::Resign,
            A::Offer,
            A::Accept,
            A::Decline,
            A::Claim,
            A::Save,
            A::Seconds,
            A::Figurines,
            A::ShowBoard,
            A::Press,
            A::Undo,
            A::State,
            A::Log,
            A::Takeback,
            A::NewGame,
            A::Rematch,
            A::Practice,
            A::Eval,
            A::Best,
            A::Hint,
            A::Opening,
            A::Challenges,
            A::Games,
            A::Analyse,
        ];
        all.extend(REQUESTS.map(A::Player));
        all.extend(
            [
                ReviewKey::Toggle,
                ReviewKey::Back,
                ReviewKey::Forward,
                ReviewKey::Start,
                ReviewKey::End,
                ReviewKey::Variation,
                ReviewKey::Leave,
            ]
            .map(A::Review),
        );
        all
    }

    /// Every command word stands in one row: each row is read from the line (its contract name, into an action
    /// of its kind); every key for a row is bound in the shipped keymap and sends that row's command; every
    /// command of the pad's layout and menu is a row the keymap has a key for, and the menu offers it in the
    /// games the policy allows it in.
    #[test]
    fn the_line_the_keys_and_the_pad_name_only_rows_and_reach_each() {
        let (board, phrases) = (Vocabulary::default(), Phrases::default());
        let words = ArgWords {
            board: &board,
            phrases: &phrases,
        };
        let english = Commands::new(&phrases);
        for row in commands::commands() {
            assert_eq!(english.kind(row.name), Some(row.kind), "{}", row.name);
            let read = Typed::read(&words, row.kind, "").map(|a| a.kind());
            assert_eq!(read, Some(row.kind), "{}", row.name);
        }
        let keymap = Keymap::builtin();
        let mut by_key: Vec<Kind> = Vec::new();
        for a in key_actions() {
            let Some(kind) = a.command() else { continue };
            assert!(
                !keymap.keys_of(a).is_empty(),
                "{a:?} ({}) has no key",
                kind.name()
            );
            by_key.push(kind);
        }
        // A review key sends its row's command (the toggle's other half is `done`).
        for r in [ReviewKey::Back, ReviewKey::Variation, ReviewKey::Toggle] {
            assert_eq!(r.action(false).kind(), r.command(), "{r:?}");
        }
        assert_eq!(ReviewKey::Toggle.action(true).kind(), Kind::Done);
        // Every bound key names a row or is the face's own.
        for (a, _) in keymap.actions() {
            assert!(
                key_actions()
                    .iter()
                    .any(|k| std::mem::discriminant(k) == std::mem::discriminant(&a))
            );
        }
        // The pad: its buttons, layers and menu are keys' actions; the menu offers each row in a game where the
        // policy offers it (a home game or the tournament profile), and leaves out what it refuses there.
        let pad = GamepadConfig::builtin();
        let home = Mapper::new(pad.clone(), false, false).menu_items();
        let profile = Mapper::new(pad.clone(), true, true).menu_items();
        let shown = |a: &Action| {
            [&home, &profile]
                .iter()
                .any(|items| items.contains(&MenuItem::Action(*a)))
        };
        for a in &pad.menu {
            if let Some(kind) = a.command() {
                assert!(by_key.contains(&kind), "{a:?}");
                assert!(shown(a), "{a:?} ({}) is in no game's menu", kind.name());
            }
        }
        for (a, kind) in pad.menu.iter().filter_map(|a| Some((a, a.command()?))) {
            let game = Game {
                profile: true,
                ..Game::default()
            };
            let offered = crate::session::policy::offer(game, kind) == Offer::Yes;
            assert_eq!(profile.contains(&MenuItem::Action(*a)), offered, "{a:?}");
        }
        for a in pad
            .buttons
            .values()
            .chain(pad.left_layer.values())
            .chain(pad.right_layer.values())
        {
            if let Some(kind) = a.command() {
                assert!(by_key.contains(&kind), "{a:?}");
            }
        }
        // Analysis and the outside help are left out of the profile's menu, the profile's own out of a home
        // game's, by the policy alone.
        for a in [Action::Material, Action::Takeback] {
            assert!(!profile.contains(&MenuItem::Action(a)), "{a:?}");
            assert!(home.contains(&MenuItem::Action(a)), "{a:?}");
        }
        assert!(profile.contains(&MenuItem::Action(Action::Press)));
        assert!(!home.contains(&MenuItem::Action(Action::Press)));
    }

    /// Each key of a row, sent through the full-screen view (`App::action`, then yes to the view's own question
    /// where it asks one), reaches the session as one action of that row's kind, in a game where the policy
    /// offers it (a home game, else the tournament profile in assistant mode); only the position's questions
    /// and `help` are answered by the view itself (words/explore.rs, as the session answers them), and those
    /// send nothing.
    #[test]
    fn each_key_reaches_the_session_as_an_action_of_its_row() {
        use crate::session::{Config, Mode, Session};
        use crate::ui::screen::App;
        use crate::ui::screen::app::{Mode as AppMode, Out};
        use crate::ui::screen::theme::Theme;
        let session = |mode| {
            let config = Config {
                mode,
                ..Config::default()
            };
            let mut s = Session::new(crate::rules::Game::new(), config);
            s.start(std::time::Duration::ZERO);
            s
        };
        let (home, profile) = (session(Mode::Play), session(Mode::Assistant));
        let by_view = [
            Kind::Square,
            Kind::Rank,
            Kind::File,
            Kind::Diagonals,
            Kind::Lines,
            Kind::Knights,
            Kind::Attackers,
            Kind::Legal,
            Kind::Pieces,
            Kind::Pawns,
            Kind::Material,
            Kind::Turn,
            Kind::Help,
        ];
        let mut sent = Vec::new();
        for a in key_actions() {
            let Some(kind) = a.command() else { continue };
            let refused_at_home = matches!(home.view().offer(kind), Offer::Refused(_));
            let view = if refused_at_home {
                profile.view()
            } else {
                home.view()
            };
            assert!(
                !matches!(view.offer(kind), Offer::Refused(_)),
                "{a:?} is offered in no game"
            );
            let mut app = App::new(shakmaty::Color::White, Theme::default(), Keymap::builtin());
            let mut outs = app.action(a, &view);
            if matches!(app.mode, AppMode::Confirm(..)) {
                outs.extend(app.answer(true, &view));
            }
            let acts: Vec<Kind> = outs
                .iter()
                .filter_map(|o| match o {
                    Out::Act(act) => Some(act.action.kind()),
                    _ => None,
                })
                .collect();
            if by_view.contains(&kind) {
                assert!(acts.is_empty(), "{a:?} sends {acts:?}");
                assert!(
                    outs.iter().any(|o| matches!(o, Out::Say(_))),
                    "{a:?}: {outs:?}"
                );
            } else {
                assert_eq!(acts, [kind], "{a:?} ({})", kind.name());
                sent.push(kind);
            }
        }
        // The keys that reach the session: the moves and the clock, the game's commands, the profile's, the
        // review's.
        for kind in [
            Kind::Board,
            Kind::Moves,
            Kind::Time,
            Kind::Quit,
            Kind::Offer,
            Kind::Claim,
            Kind::Press,
            Kind::Player,
            Kind::Takeback,
            Kind::Rematch,
            Kind::Eval,
            Kind::Best,
            Kind::Hint,
            Kind::Opening,
            Kind::Analyse,
            Kind::Review,
            Kind::Practice,
            Kind::Leave,
        ] {
            assert!(sent.contains(&kind), "{}", kind.name());
        }
    }
}
