//! The pad in a face: start the thread, turn what [`Mapper`] gives into what the keys would do, and rumble.

use std::sync::mpsc;
use std::time::Duration;

use shakmaty::{Color, Position};

use super::device::{self, Sink, Source};
use super::{Context, GamepadConfig, Mapper, Notice, PadEvent, PadOut, Rumble, Use};
use crate::session::{Announcement, Cue, Kind, Session, View};
use crate::ui::edge::Edge;
use crate::ui::screen::app::{self, App, Mode, Out};
// What the view's answers do (`screen::carry_outs`), apart from the view's loop that runs the pad.
use crate::ui::screen::carry as screen;
use crate::words::action::Act;

/// What the face is told about the pad at start (main builds it).
#[derive(Debug, Clone)]
pub struct GamepadOptions {
    pub config: GamepadConfig,
    pub source: Source,
    /// Assistant mode: the player's pad is the request device (`player: time` ...).
    pub assistant: bool,
    /// The tournament profile is in force (rumble `Auto` is then off).
    pub tournament: bool,
    /// The player's colour ("your move" rumbles when the turn comes to it).
    pub player: Color,
}

impl GamepadOptions {
    /// Whether a pad is looked for at all.
    pub fn wanted(&self) -> bool {
        matches!(self.source, Source::Script(_)) || self.config.enabled != Use::Off
    }
}

/// A running pad: its mapper and where rumble goes.
pub struct PadFace {
    pub mapper: Mapper,
    rumble: Option<mpsc::Sender<Rumble>>,
    player: Color,
}

impl PadFace {
    /// Starts the pad thread (never waits for it). Problems known at once come back as notices.
    pub fn start(options: GamepadOptions, sink: Sink) -> (PadFace, Vec<String>) {
        let rumble_on = options.config.rumble_on(options.tournament);
        let (rumble, problems) = device::start(options.source.clone(), rumble_on, sink);
        let face = PadFace {
            mapper: Mapper::new(options.config, options.assistant, options.tournament),
            rumble,
            player: options.player,
        };
        (
            face,
            problems
                .into_iter()
                .map(|p| format!("Gamepad: {p}"))
                .collect(),
        )
    }

    /// What the edge calls with every cue: the tactile clock's cues rumble (R-D.2.6.2).
    pub fn cue_listener(&self) -> Option<Box<dyn Fn(Cue) + Send>> {
        let tx = self.rumble.clone()?;
        Some(Box::new(move |cue| {
            if let Some(r) = Rumble::of_cue(cue) {
                let _ = tx.send(r);
            }
        }))
    }

    /// After a message: when it brought a move and the turn is now the player's, "your move" rumbles.
    pub fn after(&self, plies_before: usize, view: &View<'_>) {
        if let Some(r) = your_move(plies_before, view, self.player) {
            self.rumble(r);
        }
    }

    pub fn rumble(&self, r: Rumble) {
        if let Some(tx) = &self.rumble {
            let _ = tx.send(r);
        }
    }
}

/// "Your move": a move was made since `plies_before`, the game goes on and the player has the move.
pub fn your_move(plies_before: usize, view: &View<'_>, player: Color) -> Option<Rumble> {
    let game = view.game();
    (game.plies().len() > plies_before && !game.is_over() && game.position().turn() == player)
        .then_some(Rumble::YourMove)
}

/// The announcement of a notice about the pads.
pub fn notice(n: &Notice, view: &View<'_>, config: &GamepadConfig) -> Announcement {
    let c = view.config();
    Announcement {
        kind: Kind::Event,
        text: super::notice_text(n, &c.vocabulary, &c.phrases, config),
    }
}

/// The line-mode pad: every pad is the request device. What the mapper gives, in order: typed actions for the
/// session and announcements.
pub fn line_event(face: &mut PadFace, event: &PadEvent, view: &View<'_>) -> Vec<LineOut> {
    let outs = face.mapper.event(event, Context::Line);
    outs.into_iter()
        .filter_map(|o| match o {
            PadOut::Request(act) => Some(LineOut::Act(act)),
            PadOut::Notice(n) => Some(LineOut::Say(notice(&n, view, &face.mapper.config))),
            _ => None,
        })
        .collect()
}

/// What the line-mode pad does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineOut {
    Act(Act),
    Say(Announcement),
}

/// What the view is doing, for the pad.
pub fn context_of(app: &App, view: &View<'_>) -> Context {
    match app.mode {
        Mode::Input(_) => Context::Input,
        Mode::Promotion { .. } => Context::Promotion,
        Mode::Confirm(..) => Context::Question,
        _ if view.awaiting_answer() => Context::Question,
        _ => Context::Play,
    }
}

/// One pad event in the full-screen view: what the keys would do. True when the program should end.
pub fn screen_event(
    face: &mut PadFace,
    event: &PadEvent,
    app: &mut App,
    session: &mut Session,
    edge: &mut Edge,
    now: Duration,
) -> bool {
    let context = context_of(app, &session.view());
    let outs = face.mapper.event(event, context);
    let mut quit = false;
    for out in outs {
        quit |= match out {
            PadOut::Action(action) => {
                if let Mode::Confirm(_, question) = app.mode {
                    // The press and the player's requests act in the view's question as their keys do (the press
                    // is never lost); any other button cancels it.
                    let button = format!("{action:?}");
                    match app.in_question(action, button, question, &session.view()) {
                        Some(outs) => screen::carry_outs(outs, app, session, edge, now),
                        None => {
                            let outs = app.answer(false, &session.view());
                            screen::carry_outs(outs, app, session, edge, now)
                        }
                    }
                } else {
                    app.help = None;
                    let outs = app.action(action, &session.view());
                    screen::carry_outs(outs, app, session, edge, now)
                }
            }
            PadOut::Yes | PadOut::No => {
                let outs = app.answer(out == PadOut::Yes, &session.view());
                screen::carry_outs(outs, app, session, edge, now)
            }
            PadOut::Promote(role) => match app.mode {
                Mode::Promotion { from, to } => {
                    app.mode = Mode::Explore;
                    let out = app::promoted(&session.view(), from, to, role);
                    screen::carry_outs(vec![out], app, session, edge, now)
                }
                _ => false,
            },
            // The blind player's request, typed.
            PadOut::Request(act) => {
                screen::carry_outs(vec![Out::Act(act)], app, session, edge, now)
            }
            PadOut::Notice(n) => {
                let a = notice(&n, &session.view(), &face.mapper.config);
                app.show(&a.text);
                edge.say(&a);
                false
            }
        };
    }
    // The layout joins the view's help once a pad is there.
    if face.mapper.connected() > 0 && app.extra_help.is_empty() {
        let c = session.view().config();
        app.extra_help = super::help_lines(
            &face.mapper.config,
            face.mapper.assistant,
            &c.vocabulary,
            &c.phrases,
        );
    }
    quit
}
