//! The tournament profile's one answer: its own commands (D.2), and which of them the assistant sees.

use std::path::PathBuf;
use std::time::Duration;

use shakmaty::Color;

use super::Tournament;
use super::moves::{self, Pressed};
use super::record;
use crate::session::match_state::Match;
use crate::session::{Config, Effect, Kind, say};
use crate::words::action::{Action, Arg, OpponentKind};

/// What the profile answered.
pub(in crate::session) enum Profiled {
    /// Said; `changed`: the game changed (to save); `to_assistant`: in assistant mode it stays on the assistant's
    /// screen.
    Said {
        out: Vec<Effect>,
        changed: bool,
        to_assistant: bool,
    },
    /// A press without a move, which the coordinator asks about.
    WithoutMove(Color),
}

impl Tournament {
    /// Whether `action` is the profile's own, and then whether its answer goes to the assistant's screen.
    fn own(action: &Action) -> Option<bool> {
        use Action as A;
        match action {
            A::Player(_) => Some(false),
            A::Press | A::Undo | A::State | A::Inspect | A::Verify => Some(true),
            A::Log(_) | A::Touched(_) | A::Role(_) | A::Announce(_) => Some(true),
            A::Opponent(Arg::Given(w)) if w.value == OpponentKind::HearingImpaired => Some(true),
            A::Arbiter(rest)
                if rest.to_lowercase().starts_with("check-words")
                    || rest.to_lowercase().starts_with("checkwords") =>
            {
                Some(false)
            }
            _ => None,
        }
    }

    /// The profile's own commands (D.2): `player`, `press`, `undo`, `state`, `inspect`, `verify`, `log`,
    /// `touched`, `role`, `announce`, `opponent hearing-impaired`, `arbiter check-words`. `path` is the action
    /// log's file; `count` the game's count as said. None: the action is not the profile's.
    pub(in crate::session) fn answer(
        &mut self,
        cfg: &mut Config,
        m: &mut Match,
        action: &Action,
        now: Duration,
        path: Option<PathBuf>,
        count: impl FnOnce(&Config, &Match, Option<(shakmaty::Color, usize)>) -> String,
    ) -> Option<Profiled> {
        let to_assistant = Tournament::own(action)?;
        let (out, changed) = match action {
            Action::Player(request) => {
                let c: &Config = cfg;
                // D.2.10.4, R-12.6: the blind player hears the moves completed as his board shows them, nothing
                // about presses (a move made and waiting for its press is the assistant's to see, `state`).
                let made = if self.in_assistant_mode() {
                    None
                } else {
                    self.made_move()
                };
                let count = || count(c, m, made);
                (self.player_request(c, m, request, count, now), false)
            }
            Action::Press => match self.press_clock(cfg, m, now) {
                Pressed::Said(out, changed) => (out, changed),
                Pressed::WithoutMove(side) => return Some(Profiled::WithoutMove(side)),
            },
            Action::Undo => self.undo_made(cfg, m),
            Action::State => {
                let text = self.state_text(cfg, m, record::ending_said(cfg, m));
                (vec![self.to_operator(text)], false)
            }
            Action::Log(rest) => (self.read_log(cfg, rest), false),
            Action::Touched(rest) => (self.touched(cfg, m.game(), rest), false),
            Action::Role(rest) => (self.role(cfg, rest), false),
            Action::Inspect => (
                vec![say(Kind::Answer, self.inspection(cfg, m.game()))],
                false,
            ),
            Action::Verify => (self.verify_command(cfg, path), false),
            Action::Announce(on) => (moves::clock_announcements(cfg, m, on), false),
            Action::Opponent(_) => (self.set_hearing_impaired_opponent(cfg), false),
            Action::Arbiter(rest) => (self.check_words_command(cfg, rest), false),
            _ => (Vec::new(), false),
        };
        Some(Profiled::Said {
            out,
            changed,
            to_assistant,
        })
    }
}
