//! The move made in the profile (R-D.2.3-D.2.4, R-6.2.1): made, completed by the press or by the mover's next
//! move, withdrawn before its press (D.2.8); and the player's own requests (D.2.10.4). Each takes the match it
//! changes; what another part must do (save the game, ask about a press without a move) is the coordinator's.

use std::path::PathBuf;
use std::time::Duration;

use shakmaty::Color;

use super::{Tournament, log, silent_clock};
use crate::rules::clock::ClockState;
use crate::session::log::Actor;
use crate::session::match_state::{Match, MoveSteps};
use crate::session::{ClockSettings, Config, Cue, Effect, Kind, say};
use crate::words::action::Arg;

/// What a press asks of the coordinator.
pub(in crate::session) enum Pressed {
    /// Said; `true`: the game changed and is saved.
    Said(Vec<Effect>, bool),
    /// the side pressed without a move to complete: asked first (a key bounce or a slip decides no
    /// game).
    WithoutMove(Color),
}

/// Text for the operator: in assistant mode the assistant's screen, otherwise said like any event.
pub(in crate::session) fn to_operator(t: Option<&Tournament>, text: String) -> Effect {
    match t {
        Some(t) => t.to_operator(text),
        None => say(Kind::Event, text),
    }
}

/// Whether a file read is the one `verify` asked for.
pub(in crate::session) fn verifies(t: Option<&Tournament>, path: &std::path::Path) -> bool {
    t.is_some_and(|t| t.takes_verify_read(path))
}

/// The greeting of the profile, if it applies: the mode and what it does (said after the game's greeting).
pub(in crate::session) fn greeting(t: Option<&Tournament>, cfg: &Config) -> Vec<Effect> {
    t.map(|t| t.greeting(cfg)).unwrap_or_default()
}

/// `announce on|off`: the talking clock's unasked read-outs and pulses, only when the player wants them.
pub(in crate::session) fn clock_announcements(
    cfg: &mut Config,
    m: &mut Match,
    on: &Arg<bool>,
) -> Vec<Effect> {
    let Arg::Given(on) = *on else {
        return vec![say(Kind::Refusal, cfg.p("tournament.announce_usage", &[]))];
    };
    cfg.clock = silent_clock(ClockSettings::default(), on);
    m.rearm_announcements(cfg);
    let key = if on {
        "tournament.announce_on"
    } else {
        "tournament.announce_off"
    };
    vec![say(Kind::Event, cfg.p(key, &[]))]
}

/// The tournament profile's steps on the one path of a move played (`Match::move_applied`): the move is
/// *made* and waits for its press (D.2.3-D.2.4); the mover's earlier move that was never pressed is completed by
/// it (R-6.2.1.2, said to no one but the assistant's screen and the record); a move made after a fallen flag is
/// noted for the arbiter; a correction says so (ANN-M13).
struct InProfile<'a> {
    t: &'a mut Tournament,
    /// The action log's file.
    log: Option<PathBuf>,
    /// The side whose flag had fallen, unclaimed, when the move was made.
    after_flag: Option<Color>,
}

impl MoveSteps for InProfile<'_> {
    fn played(&mut self, cfg: &Config, m: &mut Match, mover: Color, now: Duration) -> Vec<Effect> {
        let t = &mut *self.t;
        let mut out = Vec::new();
        let ply_index = m.game().plies().len() - 1;
        if let Some(flagged) = self.after_flag {
            let note = cfg.p("pgn.after_flag", &[("side", &cfg.side(flagged))]);
            m.note_on_ply(ply_index, note);
        }
        // R-6.2.1.2: an incomplete move is completed when the same player makes his next move. Its press is
        // lost: per the commentary of the move counter lags, and the arbiter corrects it. Nothing is
        // said to the player; the assistant's screen and the record note it.
        let earlier = t.completes_earlier(mover, ply_index);
        if earlier && let Some(prev) = ply_index.checked_sub(2) {
            let said = t.say_ply(cfg, &m.game().plies()[prev], false);
            let note = cfg.p(
                "tournament.completed_by_next",
                &[("side", &cfg.side(mover)), ("move", &said)],
            );
            m.mark_clock_on(prev, mover, now);
            m.note_on_ply(prev, note.clone());
            if t.in_assistant_mode() {
                out.push(say(Kind::Assistant, note));
            } else {
                t.note_game(m);
                out.extend(t.log_action(cfg, self.log.clone(), now, Actor::Hector, "", vec![note]));
            }
        }
        out
    }

    fn said(&mut self, cfg: &Config, m: &Match, _: Color) -> String {
        let correcting = self.t.take_correcting();
        let said = m.last_ply_said(cfg, self.t.says_check_words());
        if correcting {
            cfg.p("tournament.correction", &[("move", &said)])
        } else {
            said
        }
    }

    /// The move is made and waits for its press (D.2.4); one that ended the game is complete without it.
    fn presses(&mut self, m: &Match, said: &str, mover: Color, ends: bool) -> bool {
        self.t.said_to_player(said.to_string());
        self.t.made(mover, m.game().plies().len() - 1, ends);
        false
    }
}

impl Tournament {
    /// R-D.2.3: in the profile a move entered is *made*: executed and announced; the mover's clock still runs
    /// until `press` (D.2.4), or until the mover's next move completes it (R-6.2.1.2). A move that ends the game
    /// is complete without a press (R-6.2.1.1). Every way of entering a move reaches the profile here, through
    /// `Session::enter_move`; it is played on the one path of every move (`Match::apply_move`), with the
    /// profile's steps ([`InProfile`]). `log`: the action log's file. `.1`: the game changed (to be saved).
    pub(in crate::session) fn make_move(
        &mut self,
        cfg: &Config,
        m: &mut Match,
        log: Option<PathBuf>,
        mv: shakmaty::Move,
        now: Duration,
    ) -> (Vec<Effect>, bool) {
        // a flag that has fallen counts only once it is claimed or the arbiter observes it: a move made
        // after it (by either side) stands, and the record says so for the arbiter.
        let after_flag = m.flag_fallen(now);
        let mut steps = InProfile {
            t: self,
            log,
            after_flag,
        };
        match m.apply_move(cfg, mv, now, &mut steps) {
            Ok(out) => (out, true),
            Err(out) => (out, false),
        }
    }

    /// After a move of `mover` was played in the profile (`after_flag`: the side whose flag had fallen, unclaimed,
    /// when it was made), on the one path of every move (`Match::move_applied`) with the profile's steps
    /// ([`InProfile`]). `.1`: the game changed.
    pub(in crate::session) fn made_in_profile(
        &mut self,
        cfg: &Config,
        m: &mut Match,
        log: Option<PathBuf>,
        mover: Color,
        after_flag: Option<Color>,
        now: Duration,
    ) -> (Vec<Effect>, bool) {
        let mut steps = InProfile {
            t: self,
            log,
            after_flag,
        };
        (m.move_applied(cfg, mover, now, &mut steps), true)
    }

    /// A move entry that does not fit the record is never silently refused: the operator re-enters it (a typing
    /// slip) or records an illegal move for the arbiter; the coordinator waits for that answer.
    /// `ends`: what `illegal` would do when it ends the game (the choice says so).
    pub(in crate::session) fn not_fitting(
        &self,
        cfg: &Config,
        text: &str,
        reason: String,
        ends: Option<String>,
    ) -> Vec<Effect> {
        let quoted = log::clean(text, 60);
        let mut said = cfg.p(
            "tournament.not_fitting",
            &[("text", &quoted), ("reason", &reason)],
        );
        if let Some(ends) = ends {
            said = cfg.p(
                "tournament.not_fitting_ends",
                &[("choice", &said), ("ends", &ends)],
            );
        }
        vec![self.to_operator(said), Effect::Cue(Cue::Illegal)]
    }

    /// `press`: the button of the clock that runs (or stands) (D.2.4, R-6.2.1). It completes the move made by
    /// that side; without one it may be Article 7.5.3, and is asked first (a key bounce or a slip decides no
    /// game). While the arbiter has the clock standing (after a rewind, R-7.1) a press completes the move and the
    /// clock stands on until the arbiter starts it.
    pub(in crate::session) fn press_clock(
        &mut self,
        cfg: &Config,
        m: &mut Match,
        now: Duration,
    ) -> Pressed {
        if let Some(e) = m.game().ending() {
            return Pressed::Said(vec![say(Kind::Refusal, m.game_over(cfg, e))], false);
        }
        if m.is_adjourned() {
            let refused = say(Kind::Refusal, cfg.p("adjourned.refused", &[]));
            return Pressed::Said(vec![refused], false);
        }
        let made = self.made_move();
        let state = m.clock().map(|c| c.state());
        let standing = matches!(state, Some(ClockState::Paused(_)));
        // The side whose clock runs (or stands) presses; without a clock, the side that made the move.
        let presser = match state {
            Some(ClockState::Running(side) | ClockState::Paused(side)) => side,
            _ => made.map_or(m.game().turn().other(), |(mover, _)| mover),
        };
        if self.owed(presser) == 0 {
            if standing {
                // The arbiter stopped the clock: a press without a move changes nothing on it.
                let text = cfg.p("tournament.press_standing", &[("side", &cfg.side(presser))]);
                return Pressed::Said(vec![self.to_operator(text)], false);
            }
            // pressing the clock without having made a move (asked first): the side whose clock runs,
            // without a clock the side to move.
            let side = match state {
                Some(ClockState::Running(side)) => side,
                _ => m.game().turn(),
            };
            return Pressed::WithoutMove(side);
        }
        let mut out = self.complete_by_press(cfg, m, presser, now);
        let key = if standing {
            "tournament.pressed_standing"
        } else if m.clock().is_some() {
            "tournament.pressed"
        } else {
            "tournament.completed"
        };
        let text = cfg.p(
            key,
            &[
                ("side", &cfg.side(presser)),
                ("runs", &cfg.side(presser.other())),
            ],
        );
        out.insert(0, self.to_operator(text));
        Pressed::Said(out, true)
    }

    /// `presser`'s made move is completed by the press: the opponent's clock runs (or, while the
    /// arbiter has the clock standing, will run when it is started), and the mover's time after it goes into
    /// the record.
    pub(in crate::session) fn complete_by_press(
        &mut self,
        cfg: &Config,
        m: &mut Match,
        presser: Color,
        now: Duration,
    ) -> Vec<Effect> {
        self.pressed(presser);
        let ply = m.game().plies().iter().rposition(|p| p.color() == presser);
        let standing = m
            .clock()
            .is_some_and(|c| matches!(c.state(), ClockState::Paused(_)));
        let out = if standing {
            // The press counts (move counter, increment) and the clock stands on, now on the opponent's side.
            m.press_standing(presser, now);
            Vec::new()
        } else {
            m.press(cfg, presser, now)
        };
        if let Some(ply) = ply {
            m.mark_clock_on(ply, presser, now);
        }
        out
    }

    /// `undo`: a slip is corrected before the clock press (D.2.8); after it, corrections go to the arbiter.
    /// `.1`: the game changed.
    pub(in crate::session) fn undo_made(
        &mut self,
        cfg: &Config,
        m: &mut Match,
    ) -> (Vec<Effect>, bool) {
        if let Some(e) = m.game().ending() {
            return (vec![say(Kind::Refusal, m.game_over(cfg, e))], false);
        }
        let len = m.game().plies().len();
        if self.made_last(len).is_none() {
            let key = match m.game().last_ply() {
                None => "last.none",
                Some(_) => "tournament.undo_after_press",
            };
            let said = m
                .game()
                .last_ply()
                .map(|p| self.say_ply(cfg, p, false))
                .unwrap_or_default();
            return (
                vec![say(Kind::Refusal, cfg.p(key, &[("move", &said)]))],
                false,
            );
        };
        let (mover, said) = self.withdraw(cfg, m).expect("a made move");
        let args = [("move", said.as_str()), ("side", &cfg.side(mover))];
        let out = if self.in_assistant_mode() {
            // The blind player hears that the move was withdrawn; the prompt for the right move is the
            // assistant's.
            vec![
                say(Kind::Event, cfg.p("tournament.withdrawn_told", &args)),
                say(Kind::Assistant, cfg.p("tournament.enter_right", &args)),
            ]
        } else {
            vec![say(Kind::Event, cfg.p("tournament.withdrawn", &args))]
        };
        (out, true)
    }

    /// `illegal` alone while a move is made and not pressed (see `Session::illegal`): an illegal move
    /// is completed only by the press in every edition (R-7.5.1; E14 7.5 a; E05/E09 7.4 a with 6.7 a), so the
    /// made move is withdrawn as a slip would be (D.2.8), its mover moves again and nothing is charged: not to
    /// its mover, and never to the side to move in the position. In assistant mode the blind player hears only
    /// that the move was withdrawn, as for `undo`; the reason is the assistant's. None: no move is made and
    /// waiting for its press.
    ///
    /// `illegal MOVE`, or `illegal` after an entry that did not fit, while a move is made and not pressed:
    /// no illegal move can have been completed since the last press (the clock of the side that would have
    /// made it did not run), so nothing is charged to anyone and nothing changes; the answer says why and how
    /// to go on (R-7.5.1: the side charged is always the side that made the move, by its press).
    pub(in crate::session) fn illegal_made(
        &mut self,
        cfg: &Config,
        m: &mut Match,
        named: Option<&str>,
    ) -> Option<(Vec<Effect>, bool)> {
        let (mover, _) = self.made_last(m.game().plies().len())?;
        if m.game().is_over() {
            return None;
        }
        if let Some(named) = named {
            let said = m.last_ply_said(cfg, self.says_check_words());
            let args = [
                ("entry", crate::words::quote(named)),
                ("move", said),
                ("side", cfg.side(mover)),
                ("article", m.completion_article().to_string()),
            ];
            let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let text = cfg.p("illegal.before_press", &args);
            let kind = if self.in_assistant_mode() {
                Kind::Assistant
            } else {
                Kind::Refusal
            };
            return Some((vec![say(kind, text)], false));
        }
        let (mover, said) = self.withdraw(cfg, m)?;
        let article = m.completion_article();
        let args = [
            ("move", said.as_str()),
            ("side", &cfg.side(mover)),
            ("article", article),
        ];
        let reason = cfg.p("illegal.made_withdrawn", &args);
        let out = if self.in_assistant_mode() {
            vec![
                say(Kind::Event, cfg.p("tournament.withdrawn_told", &args)),
                say(Kind::Assistant, reason),
            ]
        } else {
            vec![say(Kind::Event, reason)]
        };
        Some((out, true))
    }

    /// D.2.8: the move made and not pressed, the last of the record, is taken back: its mover and the move as it
    /// was said. None: no move is made and waiting for its press.
    fn withdraw(&mut self, cfg: &Config, m: &mut Match) -> Option<(Color, String)> {
        let (mover, ply) = self.made_last(m.game().plies().len())?;
        let said = m.last_ply_said(cfg, self.says_check_words());
        m.take_back_to(ply);
        // The withdrawn entry had completed its mover's earlier move (R-6.2.1.2): that one waits for its press
        // again.
        if self.withdrawn(mover, ply)
            && let Some(prev) = ply.checked_sub(2)
        {
            let said = self.say_ply(cfg, &m.game().plies()[prev], false);
            let note = cfg.p(
                "tournament.completed_by_next",
                &[("side", &cfg.side(mover)), ("move", &said)],
            );
            m.unnote_completion(prev, &note);
        }
        // The record's last move is made, not completed, again when its mover has not pressed for it.
        let len = m.game().plies().len();
        if let Some(last) = m.game().last_ply() {
            self.made_again(last.color(), len - 1);
        }
        Some((mover, said))
    }

    /// `player: REQUEST`: the blind player's own request, answered into the player's earpiece (D.2.10.4): move
    /// count and time only when asked. In record mode the player is the operator: his request keys (F7-F11)
    /// and `player:` lines are answered the same way. `count`: the game's count, when it is asked.
    pub(in crate::session) fn player_request(
        &mut self,
        cfg: &Config,
        m: &Match,
        request: &str,
        count: impl FnOnce() -> String,
        now: Duration,
    ) -> Vec<Effect> {
        let word = match self.request_word(cfg, request) {
            Ok(word) => word,
            Err(refused) => return refused,
        };
        use crate::words::commands::Kind as Row;
        let out = match word {
            Row::Time => m.time_answer(cfg, now),
            Row::Used => m.used_answer(cfg, now),
            Row::Count => vec![say(Kind::Answer, count())],
            Row::Last => vec![say(Kind::Answer, m.last(cfg, self.says_check_words()))],
            _ => self.repeat_to_player(cfg),
        };
        self.answered(word, out)
    }
}
