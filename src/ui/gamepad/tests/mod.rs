//! The pad through its pure mapping: every button in every layer and context of the shipped layout, the
//! menu, roles, connect and disconnect, requests, the settings file and the rumble patterns. Real pads
//! cannot be plugged in here; gilrs's events meet this mapping only through `device::event_of`.

use std::collections::BTreeSet;

use shakmaty::Role;

use super::*;
use crate::ui::screen::keymap::{Keymap, PieceKind};
use crate::words::{Phrases, Vocabulary};

use Button as B;

/// The layout as docs/gamepad.md documents it: (layer, button, action). Written out here, independently of
/// config/gamepad.ron, so a change to the file that docs/gamepad.md does not follow fails.
fn documented() -> Vec<(Option<Button>, Button, Action)> {
    use Action as A;
    use PieceKind as K;
    let base = [
        (B::DPadUp, A::Up),
        (B::DPadDown, A::Down),
        (B::DPadLeft, A::Left),
        (B::DPadRight, A::Right),
        (B::South, A::Select),
        (B::East, A::Cancel),
        (B::West, A::Square),
        (B::North, A::Last),
        (B::LeftShoulder, A::ReadRank),
        (B::RightShoulder, A::ReadFile),
        (B::LeftTrigger, A::Time),
        (B::RightTrigger, A::Count),
        (B::Select, A::Help),
        (B::LeftThumb, A::Turn),
        (B::RightThumb, A::Press),
    ];
    let left = [
        (B::DPadUp, A::Diagonals),
        (B::DPadRight, A::Lines),
        (B::DPadDown, A::Knight),
        (B::DPadLeft, A::Attackers),
        (B::South, A::LegalMoves),
        (B::West, A::OwnPieces),
        (B::North, A::TheirPieces),
        (B::East, A::Pawns),
        (B::LeftTrigger, A::Used),
        (B::RightTrigger, A::Material),
        (B::Select, A::AllMoves),
        (B::Start, A::Moves(10)),
    ];
    let right = [
        (B::North, A::NextOwn(K::King)),
        (B::DPadUp, A::NextOwn(K::Queen)),
        (B::DPadRight, A::NextOwn(K::Rook)),
        (B::DPadDown, A::NextOwn(K::Bishop)),
        (B::DPadLeft, A::NextOwn(K::Knight)),
        (B::South, A::NextOwn(K::Pawn)),
        (B::West, A::NextTheirs(K::King)),
        (B::East, A::NextTheirs(K::Queen)),
        (B::LeftTrigger, A::Undo),
        (B::Select, A::State),
        (B::Start, A::Log),
    ];
    let mut out = Vec::new();
    out.extend(base.iter().map(|(b, a)| (None, *b, *a)));
    out.extend(left.iter().map(|(b, a)| (Some(B::LeftShoulder), *b, *a)));
    out.extend(right.iter().map(|(b, a)| (Some(B::RightShoulder), *b, *a)));
    out
}

fn mapper() -> Mapper {
    let mut m = Mapper::new(GamepadConfig::builtin(), false, false);
    let out = m.event(
        &PadEvent::Connected {
            pad: 0,
            name: "Test pad".into(),
        },
        Context::Play,
    );
    assert_eq!(
        out,
        vec![PadOut::Notice(Notice::Connected {
            name: "Test pad".into(),
            role: PadRole::Player
        })]
    );
    m
}

fn press(m: &mut Mapper, pad: PadId, button: Button, context: Context) -> Vec<PadOut> {
    m.event(&PadEvent::Pressed { pad, button }, context)
}

fn release(m: &mut Mapper, pad: PadId, button: Button, context: Context) -> Vec<PadOut> {
    m.event(&PadEvent::Released { pad, button }, context)
}

/// Press and release, with a layer button held around it: everything that came out.
fn chord(m: &mut Mapper, layer: Option<Button>, button: Button, context: Context) -> Vec<PadOut> {
    let mut out = Vec::new();
    if let Some(l) = layer {
        out.extend(press(m, 0, l, context));
    }
    out.extend(press(m, 0, button, context));
    out.extend(release(m, 0, button, context));
    if let Some(l) = layer {
        out.extend(release(m, 0, l, context));
    }
    out
}

mod buttons;
mod hardware;
mod in_the_view;
mod pads;
mod settings;
