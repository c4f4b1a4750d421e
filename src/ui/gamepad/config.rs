//! The pad's layout: config/gamepad.ron and the user's overrides, every problem said with its place in the file.

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;

use super::Button;
use crate::ui::screen::keymap::{Action, PieceKind, Request};

/// The shipped layout.
pub const DEFAULT_GAMEPAD: &str = include_str!("../../../config/gamepad.ron");
/// How the shipped layout is named in reports.
pub const DEFAULT_GAMEPAD_FILE: &str = "config/gamepad.ron";
/// A user's gamepad.ron larger than this is not read (outside input is bounded).
pub const MAX_CONFIG_BYTES: u64 = 64 * 1024;

/// Whether something is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Use {
    Auto,
    On,
    Off,
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
