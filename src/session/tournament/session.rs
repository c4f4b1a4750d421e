//! The session's side of the tournament profile: the names the rest of the session calls, each handing the
//! profile what it needs (the words, the game, the log's file), and the move made in the profile, which changes
//! the game, the clock and the profile at once.

use std::path::{Path, PathBuf};
use std::time::Duration;

use shakmaty::Color;

use super::{Mode, Tournament, log, made, record, requests, silent_clock};
use crate::rules::clock::ClockState;
use crate::rules::time_control::TimeControl;
use crate::session::log::Actor;
use crate::session::{Announcement, Cue, Effect, Kind, Pending, Session, say};
use crate::words::action::Arg;

impl Session {
    /// The mode the session runs in.
    pub fn mode(&self) -> Mode {
        self.tournament.as_ref().map_or(Mode::Play, |t| t.mode)
    }

    /// The tournament profile's state, when it applies.
    pub fn tournament(&self) -> Option<&Tournament> {
        self.tournament.as_ref()
    }

    pub(in crate::session) fn in_assistant_mode(&self) -> bool {
        self.mode() == Mode::Assistant
    }

    /// What the full-screen view says by itself: in assistant mode the assistant's (see
    /// [`Tournament::view_text`]).
    pub fn view_text(&self, a: Announcement) -> Announcement {
        match &self.tournament {
            Some(t) => t.view_text(a),
            None => a,
        }
    }

    /// Text for the operator: in assistant mode the assistant's screen, otherwise said like any event.
    pub(in crate::session) fn to_operator(&self, text: String) -> Effect {
        match &self.tournament {
            Some(t) => t.to_operator(text),
            None => say(Kind::Event, text),
        }
    }

    /// Where the action log is kept: beside the game.
    fn log_file(&self) -> Option<PathBuf> {
        // While a kept game's question is open, its file and log belong to it (issue 18.2).
        if self.files.resume.is_some() {
            return None;
        }
        self.config.save_path.as_deref().map(log::log_path)
    }

    /// Adds an entry to the action log and appends it to the file (see [`Tournament::log_action`]).
    pub fn log_action(
        &mut self,
        now: Duration,
        actor: Actor,
        action: &str,
        said: Vec<String>,
    ) -> Vec<Effect> {
        let path = self.log_file();
        match &mut self.tournament {
            Some(t) => t.log_action(&self.config, path, now, actor, action, said),
            None => Vec::new(),
        }
    }

    /// What the edge said about a file it wrote, as hector's entry in the action log (issue 18.14).
    pub(in crate::session) fn log_outcome(&mut self, text: String, now: Duration) -> Vec<Effect> {
        self.log_action(now, Actor::Hector, "", vec![text])
    }

    /// After a command in the profile: who acted, and the entry in the log (see [`Tournament::log_command`]).
    pub(in crate::session) fn log_command(
        &mut self,
        line: &str,
        out: &mut Vec<Effect>,
        now: Duration,
    ) {
        let path = self.log_file();
        if let Some(t) = &mut self.tournament {
            t.log_command(&self.config, &self.commands, &self.m, path, line, out, now);
        }
    }

    /// What fell due by itself (a flag, an automatic ending) goes into the log as hector's.
    pub(in crate::session) fn log_events(&mut self, out: &mut Vec<Effect>, now: Duration) {
        let path = self.log_file();
        if let Some(t) = &mut self.tournament {
            t.log_events(&self.config, path, out, now);
        }
    }

    /// In assistant mode, answers and refusals to the assistant stay on the screen (see
    /// [`Tournament::for_assistant`]).
    pub(in crate::session) fn for_assistant(&self, out: Vec<Effect>) -> Vec<Effect> {
        match &self.tournament {
            Some(t) => t.for_assistant(out),
            None => out,
        }
    }

    /// Ordinary commands in assistant mode: their answers are the assistant's (see [`Session::for_assistant`]).
    pub(in crate::session) fn assistant_view(&self, out: Vec<Effect>) -> Vec<Effect> {
        self.for_assistant(out)
    }

    /// `opponent hearing-impaired` (D.2.1): the opponent is told of the player's moves on the screen.
    pub(in crate::session) fn hearing_impaired_opponent(&mut self) -> Vec<Effect> {
        match &mut self.tournament {
            Some(t) => t.set_hearing_impaired_opponent(&self.config),
            None => vec![say(
                Kind::Event,
                self.p("tournament.hearing_needs_assistant", &[]),
            )],
        }
    }

    /// `arbiter check-words on|off`: whether the check's words are said.
    pub(in crate::session) fn check_words_command(&mut self, rest: &str) -> Vec<Effect> {
        match &mut self.tournament {
            Some(t) => t.check_words_command(&self.config, rest),
            None => Vec::new(),
        }
    }

    /// `log [N]` / `log last N`: the action log read aloud.
    pub(in crate::session) fn read_log(&self, count: &Arg<usize>) -> Vec<Effect> {
        match &self.tournament {
            Some(t) => t.read_log(&self.config, count),
            None => Vec::new(),
        }
    }

    /// `verify`: the action log on disk checked (see [`Tournament::verify_command`]).
    pub(in crate::session) fn verify_command(&mut self) -> Vec<Effect> {
        let path = self.log_file();
        match &mut self.tournament {
            Some(t) => t.verify_command(&self.config, path),
            None => vec![say(Kind::Refusal, self.p("verify.no_file", &[]))],
        }
    }

    /// Whether a file read is the one `verify` asked for.
    pub(in crate::session) fn takes_verify_read(&self, path: &Path) -> bool {
        self.tournament
            .as_ref()
            .is_some_and(|t| t.takes_verify_read(path))
    }

    /// The verdict on the action log read for `verify`.
    pub(in crate::session) fn verify_answer(
        &mut self,
        path: &Path,
        text: Result<String, String>,
    ) -> Vec<Effect> {
        match &mut self.tournament {
            Some(t) => t.verify_answer(&self.config, path, text),
            None => Vec::new(),
        }
    }

    /// The game's ending in words, if it has ended.
    fn ending_said(&self) -> Option<String> {
        self.m.game.ending().map(|e| self.ending_text(e))
    }

    /// `scoresheet [N]`: the record read as a scoresheet (see [`record::scoresheet`]).
    pub(in crate::session) fn scoresheet(&self, rest: &str) -> Vec<Effect> {
        let check_words = self
            .tournament
            .as_ref()
            .is_none_or(|t| t.says_check_words());
        record::scoresheet(
            &self.config,
            &self.m.game,
            check_words,
            self.ending_said(),
            rest,
        )
    }

    /// The three scoresheet files of the game (D.2.7): PGN, plain text, braille.
    fn export_effect(&self, dir: PathBuf, done: Option<String>) -> Effect {
        let stem = record::export_stem(&self.config);
        let (cfg, game) = (&self.config, &self.m.game);
        record::export_effect(
            cfg,
            game,
            self.ending_said(),
            self.pgn_kept(),
            dir,
            stem,
            done,
        )
    }

    /// `export DIR`: the game as PGN, plain-text scoresheet and braille-ready file into DIR (D.2.7).
    pub(in crate::session) fn export(&self, folder: &Option<PathBuf>) -> Vec<Effect> {
        let Some(folder) = folder else {
            return vec![say(Kind::Refusal, self.p("export.usage", &[]))];
        };
        let done = self.p("export.done", &[]);
        vec![self.export_effect(folder.clone(), Some(done))]
    }

    /// At the end of a tournament session the scoresheet files go beside the game (quietly).
    pub(in crate::session) fn scoresheet_beside_game(&self) -> Vec<Effect> {
        if self.tournament.is_none() {
            return Vec::new();
        }
        let Some(path) = self.config.save_path.as_deref() else {
            return Vec::new();
        };
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        vec![self.export_effect(dir, None)]
    }

    /// `player: REQUEST`: the blind player's own request, answered into the player's earpiece (D.2.10.4): move
    /// count and time only when asked. In record mode the player is the operator: his request keys (F7-F11)
    /// and `player:` lines are answered the same way.
    pub(in crate::session) fn player_request(
        &mut self,
        request: &str,
        now: Duration,
    ) -> Vec<Effect> {
        let Some(t) = &self.tournament else {
            return Vec::new();
        };
        let word = match t.request_word(&self.config, request) {
            Ok(word) => word,
            Err(refused) => return refused,
        };
        let out = match word.as_str() {
            "time" => self.time_answer(now),
            "used" => self.used_answer(now),
            "count" => vec![say(Kind::Answer, self.count())],
            "last" => vec![say(Kind::Answer, self.last())],
            _ => t.repeat_to_player(&self.config),
        };
        match &mut self.tournament {
            Some(t) => t.answered(&word, out),
            None => out,
        }
    }

    /// `touched SQUARE`: D.2.10.5, the assistant notes for the arbiter that the sighted player touched a piece.
    pub(in crate::session) fn touched(&mut self, rest: &str) -> Vec<Effect> {
        match &self.tournament {
            Some(t) => t.touched(&self.config, &self.m.game, rest),
            None => Vec::new(),
        }
    }

    /// `role blind|sighted`: R-D.2.11, the player the assistant serves.
    pub(in crate::session) fn role(&mut self, rest: &str) -> Vec<Effect> {
        match &mut self.tournament {
            Some(t) => t.role(&self.config, rest),
            None => Vec::new(),
        }
    }

    /// R-11.3.3 / DN-3: what an arbiter inspecting the device hears: the mode and every switch.
    pub(in crate::session) fn inspection(&self) -> String {
        self.tournament
            .as_ref()
            .map(|t| t.inspection(&self.config, &self.m.game))
            .unwrap_or_default()
    }

    /// The greeting of the profile: the mode and what it does (said after the game's greeting).
    pub(in crate::session) fn tournament_greeting(&self) -> Vec<Effect> {
        self.tournament
            .as_ref()
            .map(|t| t.greeting(&self.config))
            .unwrap_or_default()
    }

    /// a flag has fallen; in the profile hector does not decide it: it alerts (see
    /// [`requests::flag_alert`]).
    pub(in crate::session) fn flag_alert(&self, side: Color) -> Vec<Effect> {
        requests::flag_alert(&self.config, self.in_assistant_mode(), side)
    }

    /// The time control of the game, for the scoresheet header.
    pub fn time_control(&self) -> Option<&TimeControl> {
        self.config.time_control.as_ref()
    }

    /// The file the game is kept in.
    pub fn save_path(&self) -> Option<&Path> {
        self.config.save_path.as_deref()
    }

    /// R-D.2.3: in the profile a move entered is *made*: executed and announced; the mover's clock still runs
    /// until `press` (D.2.4), or until the mover's next move completes it (R-6.2.1.2). A move that ends the game
    /// is complete without a press (R-6.2.1.1). Every way of entering a move reaches the profile here, through
    /// [`Session::enter_move`].
    pub(in crate::session) fn make_move(
        &mut self,
        m: shakmaty::Move,
        now: Duration,
    ) -> Vec<Effect> {
        let mover = self.m.game.turn();
        // a flag that has fallen counts only once it is claimed or the arbiter observes it: a move made
        // after it (by either side) stands, and the record says so for the arbiter.
        let after_flag = self
            .m
            .timing
            .as_ref()
            .and_then(|t| t.clock.first_flag(now))
            .map(|(side, _)| side);
        if let Err(e) = self.m.game.play(m) {
            return vec![say(Kind::Refusal, self.game_error(&e))];
        }
        self.made_in_profile(mover, after_flag, now)
    }

    /// After a move of `mover` was played in the profile (`after_flag`: the side whose flag had fallen, unclaimed,
    /// when it was made): the mover's earlier move that was never pressed is
    /// completed by this one (R-6.2.1.2, said to no one but the assistant's screen and the record), the move is
    /// announced, and it is made and waits for its press (or ends the game).
    pub(in crate::session) fn made_in_profile(
        &mut self,
        mover: Color,
        after_flag: Option<Color>,
        now: Duration,
    ) -> Vec<Effect> {
        let mut out = Vec::new();
        if self.m.qpf_request == Some(mover.other()) {
            self.m.qpf_request = None;
        }
        let ply_index = self.m.game.plies().len() - 1;
        if let Some(flagged) = after_flag {
            let note = self.p("pgn.after_flag", &[("side", &self.side(flagged))]);
            self.note_on_ply(ply_index, note);
        }
        // R-6.2.1.2: an incomplete move is completed when the same player makes his next move. Its press is
        // lost: per the commentary of the move counter lags, and the arbiter corrects it. Nothing is
        // said to the player; the assistant's screen and the record note it.
        let earlier = self
            .tournament
            .as_mut()
            .is_some_and(|t| t.completes_earlier(mover, ply_index));
        if earlier && let Some(prev) = ply_index.checked_sub(2) {
            let said = self.announce(&self.m.game.plies()[prev], false);
            let note = self.p(
                "tournament.completed_by_next",
                &[("side", &self.side(mover)), ("move", &said)],
            );
            self.mark_clock_on(prev, mover, now);
            self.note_on_ply(prev, note.clone());
            if self.in_assistant_mode() {
                out.push(say(Kind::Assistant, note));
            } else {
                out.extend(self.log_action(now, Actor::Hector, "", vec![note]));
            }
        }
        let correcting = self
            .tournament
            .as_mut()
            .is_some_and(|t| t.take_correcting());
        let ply = self.m.game.last_ply().expect("just played");
        let cue = if ply.san.suffix.is_some() {
            Cue::Check
        } else if ply.mv.is_capture() {
            Cue::Capture
        } else {
            Cue::Move
        };
        let said = self.announce_last_ply();
        let said = if correcting {
            self.p("tournament.correction", &[("move", &said)])
        } else {
            said
        };
        out.push(say(Kind::Move, said.clone()));
        out.push(Effect::Cue(cue));
        let ending = self.m.game.ending();
        if let Some(t) = &mut self.tournament {
            t.said_to_player(said);
            t.made(mover, ply_index, ending.is_some());
        }
        if let Some(e) = ending {
            self.stop_clock(now);
            self.mark_clock(mover, now);
            out.push(say(Kind::GameEnd, self.ending_text(e)));
            out.push(Effect::Cue(Cue::GameEnd));
        }
        out.extend(self.autosave());
        out
    }

    /// A note for the arbiter in the record (see [`made::note_on_ply`]).
    pub(in crate::session) fn note_on_ply(&mut self, ply: usize, note: String) {
        made::note_on_ply(&mut self.m.game, ply, note);
    }

    /// A note after the last move of the record (an illegal move, a rewind), for the arbiter.
    pub(in crate::session) fn note_on_record(&mut self, note: String) {
        let last = self.m.game.plies().len().wrapping_sub(1);
        self.note_on_ply(last, note);
    }

    /// A move entry that does not fit the record is never silently refused: the operator re-enters it (a typing
    /// slip) or records an illegal move for the arbiter.
    pub(in crate::session) fn entry_does_not_fit(
        &mut self,
        text: &str,
        reason: String,
    ) -> Vec<Effect> {
        self.pending = Some(Pending::NotFitting);
        let quoted = log::clean(text, 60);
        vec![
            self.to_operator(self.p(
                "tournament.not_fitting",
                &[("text", &quoted), ("reason", &reason)],
            )),
            Effect::Cue(Cue::Illegal),
        ]
    }

    /// `press`: the button of the clock that runs (or stands) (D.2.4, R-6.2.1). It completes the move made by
    /// that side; without one it may be Article 7.5.3, and is asked first (a key bounce or a slip decides no
    /// game). While the arbiter has the clock standing (after a rewind, R-7.1) a press completes the move and the
    /// clock stands on until the arbiter starts it.
    pub(in crate::session) fn press_clock(&mut self, now: Duration) -> Vec<Effect> {
        if let Some(e) = self.m.game.ending() {
            return vec![say(Kind::Refusal, self.game_over(e))];
        }
        if self.m.adjourned.is_some() {
            return vec![say(Kind::Refusal, self.p("adjourned.refused", &[]))];
        }
        let made = self.tournament.as_ref().and_then(|t| t.made_move());
        let state = self.m.timing.as_ref().map(|t| t.clock.state());
        let standing = matches!(state, Some(ClockState::Paused(_)));
        // The side whose clock runs (or stands) presses; without a clock, the side that made the move.
        let presser = match state {
            Some(ClockState::Running(side) | ClockState::Paused(side)) => side,
            _ => made.map_or(self.m.game.turn().other(), |(mover, _)| mover),
        };
        let owed = self.tournament.as_ref().map_or(0, |t| t.owed(presser));
        if owed == 0 {
            if standing {
                // The arbiter stopped the clock: a press without a move changes nothing on it.
                return vec![self.to_operator(self.p(
                    "tournament.press_standing",
                    &[("side", &self.side(presser))],
                ))];
            }
            // pressing the clock without having made a move (asked first): the side whose clock runs,
            // without a clock the side to move.
            let side = match state {
                Some(ClockState::Running(side)) => side,
                _ => self.m.game.turn(),
            };
            return self.press_without_move(side, now);
        }
        let mut out = self.complete_by_press(presser, now);
        let key = if standing {
            "tournament.pressed_standing"
        } else if self.m.timing.is_some() {
            "tournament.pressed"
        } else {
            "tournament.completed"
        };
        let text = self.p(
            key,
            &[
                ("side", &self.side(presser)),
                ("runs", &self.side(presser.other())),
            ],
        );
        out.insert(0, self.to_operator(text));
        out.extend(self.autosave());
        out
    }

    /// `presser`'s made move is completed by the press: the opponent's clock runs (or, while the
    /// arbiter has the clock standing, will run when it is started), and the mover's time after it goes into
    /// the record.
    pub(in crate::session) fn complete_by_press(
        &mut self,
        presser: Color,
        now: Duration,
    ) -> Vec<Effect> {
        if let Some(t) = &mut self.tournament {
            t.pressed(presser);
        }
        let ply = self
            .m
            .game
            .plies()
            .iter()
            .rposition(|p| p.color() == presser);
        let standing = self
            .m
            .timing
            .as_ref()
            .is_some_and(|t| matches!(t.clock.state(), ClockState::Paused(_)));
        let out = if standing {
            // The press counts (move counter, increment) and the clock stands on, now on the opponent's side.
            if let Some(t) = &mut self.m.timing {
                let _ = t.clock.resume(now);
                let _ = t.clock.press(presser, now);
                let _ = t.clock.pause(now);
            }
            Vec::new()
        } else {
            self.press(presser, now)
        };
        if let Some(ply) = ply {
            self.mark_clock_on(ply, presser, now);
        }
        out
    }

    /// `undo`: a slip is corrected before the clock press (D.2.8); after it, corrections go to the arbiter.
    pub(in crate::session) fn undo_made(&mut self, now: Duration) -> Vec<Effect> {
        let _ = now;
        if let Some(e) = self.m.game.ending() {
            return vec![say(Kind::Refusal, self.game_over(e))];
        }
        let len = self.m.game.plies().len();
        let made = self.tournament.as_ref().and_then(|t| t.made_last(len));
        let Some((mover, ply)) = made else {
            let key = match self.m.game.last_ply() {
                None => "last.none",
                Some(_) => "tournament.undo_after_press",
            };
            let said = self
                .m
                .game
                .last_ply()
                .map(|p| self.announce(p, false))
                .unwrap_or_default();
            return vec![say(Kind::Refusal, self.p(key, &[("move", &said)]))];
        };
        let said = self.announce_last_ply();
        self.m.game.truncate(ply);
        // The withdrawn entry had completed its mover's earlier move (R-6.2.1.2): that one waits for its press
        // again.
        let earlier_again = self
            .tournament
            .as_mut()
            .is_some_and(|t| t.withdrawn(mover, ply));
        if earlier_again && let Some(prev) = ply.checked_sub(2) {
            let said = self.announce(&self.m.game.plies()[prev], false);
            let note = self.p(
                "tournament.completed_by_next",
                &[("side", &self.side(mover)), ("move", &said)],
            );
            made::unnote_completion(&mut self.m.game, prev, &note);
        }
        // The record's last move is made, not completed, again when its mover has not pressed for it.
        let len = self.m.game.plies().len();
        if let (Some(last), Some(t)) = (self.m.game.last_ply(), &mut self.tournament) {
            t.made_again(last.color(), len - 1);
        }
        let args = [("move", said.as_str()), ("side", &self.side(mover))];
        let mut out = if self.in_assistant_mode() {
            // The blind player hears that the move was withdrawn; the prompt for the right move is the
            // assistant's.
            vec![
                say(Kind::Event, self.p("tournament.withdrawn_told", &args)),
                say(Kind::Assistant, self.p("tournament.enter_right", &args)),
            ]
        } else {
            vec![say(Kind::Event, self.p("tournament.withdrawn", &args))]
        };
        out.extend(self.autosave());
        out
    }

    /// `state`: whether the last move is made or completed, and whose clock runs or stands (ANN-M15).
    pub(in crate::session) fn state_text(&self, now: Duration) -> String {
        let _ = now;
        self.tournament
            .as_ref()
            .map(|t| t.state_text(&self.config, &self.m, self.ending_said()))
            .unwrap_or_default()
    }

    /// `announce on|off`: the talking clock's unasked read-outs and pulses, only when the player wants them.
    pub(in crate::session) fn clock_announcements(&mut self, on: &Arg<bool>) -> Vec<Effect> {
        let Arg::Given(on) = *on else {
            return vec![say(Kind::Refusal, self.p("tournament.announce_usage", &[]))];
        };
        self.config.clock = silent_clock(crate::session::ClockSettings::default(), on);
        if let Some(t) = &mut self.m.timing {
            for side in [Color::White, Color::Black] {
                t.arm_side(
                    side,
                    self.m.virtual_now.unwrap_or_default(),
                    &self.config.clock,
                );
            }
        }
        let key = if on {
            "tournament.announce_on"
        } else {
            "tournament.announce_off"
        };
        vec![say(Kind::Event, self.p(key, &[]))]
    }
}
