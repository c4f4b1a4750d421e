//! What the pad says: its notices, the menu's things, the names of buttons and requests, and the help lines.

use std::collections::BTreeMap;

use super::{Button, GamepadConfig, MenuItem, Notice, PadRole};
use crate::ui::screen::keymap::{self, Action, Request};
use crate::words::{Phrases, Vocabulary};

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
