//! The tournament profile of record and assistant mode (Appendix D.2.3-D.2.11, R-11.3.1, R-12.6): a move is
//! made, then completed by the clock press; what may be said, to whom and when; the two operators of assistant
//! mode; the action log.

use std::path::{Path, PathBuf};
use std::time::Duration;

use shakmaty::{Color, Position};

use super::log::{self, ActionLog, Actor};
use super::{Announcement, Cue, Effect, Kind, Pending, Session, say};
use crate::rules::clock::ClockState;
use crate::rules::time_control::TimeControl;
use crate::words;
use crate::words::action::Arg;

/// What hector is used for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// A game against the engine or a person at the same keyboard.
    #[default]
    Play,
    /// The blind player records a tournament game alone: the talking scoresheet and clock (D.2.6-D.2.8).
    Record,
    /// The sighted assistant of Appendix D.2.10 operates hector for the blind player.
    Assistant,
}

impl Mode {
    /// Record and assistant mode play under the tournament profile (R-11.3.1, DN-3).
    pub fn is_tournament(self) -> bool {
        self != Mode::Play
    }
}

/// The player an assistant serves (R-D.2.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Served {
    /// The blind player: every duty of D.2.10.
    Blind,
    /// The sighted player: duties D.2.10.1 and D.2.10.2 only (entering and announcing moves).
    Sighted,
}

/// Settings of the tournament profile, fixed at start (some can be switched by the arbiter).
#[derive(Debug, Clone, Default)]
pub struct TournamentSettings {
    /// Assistant mode: speak the assistant's own texts too (prompts, confirmations, answers to the assistant).
    /// Off by default: the blind player's earpiece hears only moves, the game's events and the answers to the
    /// player's own requests; the assistant reads the screen.
    pub speak_assistant: bool,
    /// R-D.2.11: the opponent is hearing-impaired; an assistant is mandatory and moves are shown in large text.
    pub hearing_impaired_opponent: bool,
    /// DN-3 / ANN-M9: say "Schach" and "Matt" after moves (off by default in the tournament profile).
    pub check_words: bool,
    /// The talking clock's unasked announcements (thresholds, pulses) were asked for by the player.
    pub clock_announcements: bool,
    /// Wall-clock time when the session started (given by the edge; the session never reads the clock).
    pub started: Option<std::time::SystemTime>,
    /// The action log kept from an earlier session of the same game.
    pub earlier_log: Option<String>,
}

/// A move made but not completed (D.2.3-D.2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Made {
    mover: Color,
    /// Its index in the record.
    ply: usize,
}

/// The state of the tournament profile in a session.
#[derive(Debug, Clone)]
pub struct Tournament {
    pub mode: Mode,
    made: Option<Made>,
    /// Moves made by each side that the clock has not yet been pressed for (R-6.2.2: a player can always press
    /// after moving, even when the opponent has moved meanwhile).
    unpressed: [u32; 2],
    pub log: ActionLog,
    served: Served,
    /// The last thing said to the blind player (`player: repeat`).
    last_to_player: Option<String>,
    /// The next move entered corrects a withdrawn one (ANN-M13).
    correcting: bool,
    /// The plies whose entry completed their mover's earlier move that was never pressed (R-6.2.1.2): when
    /// such an entry is withdrawn, the earlier move is made and not completed again.
    completed_by_next: Vec<usize>,
    check_words: bool,
    hearing_impaired_opponent: bool,
    /// `verify` asked to read the action log at this path; its text comes back as `Command::Read`.
    verifying: Option<PathBuf>,
}

fn idx(c: Color) -> usize {
    c.fold_wb(0, 1)
}

impl Tournament {
    pub fn new(mode: Mode, settings: &TournamentSettings) -> Tournament {
        let log = match &settings.earlier_log {
            Some(text) => ActionLog::continued(settings.started, text),
            None => ActionLog::new(settings.started),
        };
        Tournament {
            mode,
            made: None,
            unpressed: [0; 2],
            log,
            served: Served::Blind,
            last_to_player: None,
            correcting: false,
            completed_by_next: Vec::new(),
            check_words: settings.check_words,
            hearing_impaired_opponent: settings.hearing_impaired_opponent,
            verifying: None,
        }
    }

    pub fn says_check_words(&self) -> bool {
        self.check_words
    }

    pub fn hearing_impaired_opponent(&self) -> bool {
        self.hearing_impaired_opponent
    }

    /// The action log's entries, those of earlier sessions of the game first (`rewound` reads rewinds back).
    pub fn log_entries(&self) -> &[log::Entry] {
        self.log.entries()
    }

    /// R-D.2.9b: the moves were retraced; no move is made and waiting for its press any more.
    pub(super) fn rewound(&mut self) {
        self.made = None;
        self.unpressed = [0; 2];
        self.correcting = false;
        self.completed_by_next.clear();
    }

    /// Whether the last move is made but not completed, for a face to show.
    pub fn move_made_not_completed(&self) -> bool {
        self.made.is_some()
    }

    /// The move made and waiting for its press: its mover and index in the record (kept with every save,
    /// issue 18.3).
    pub(super) fn made_move(&self) -> Option<(Color, usize)> {
        self.made.map(|m| (m.mover, m.ply))
    }

    /// Moves made by White and Black that their clock press has not yet completed (kept with every save).
    pub(super) fn unpressed_counts(&self) -> [u32; 2] {
        self.unpressed
    }

    /// A resumed game goes on where it was kept: the made move and the presses still owed (issue 18.3).
    pub(super) fn restore_made(&mut self, made: Option<(Color, usize)>, unpressed: [u32; 2]) {
        self.made = made.map(|(mover, ply)| Made { mover, ply });
        self.unpressed = unpressed;
    }
}

/// A move entry that reads as a move but cannot be played in the recorded position: it does not fit the record.
/// Text that is no move at all, an ambiguous word or a missing promotion piece is asked again as usual.
pub fn does_not_fit(e: &words::MoveInputError) -> bool {
    use words::MoveInputError as E;
    !matches!(
        e,
        E::NotAMove(_)
            | E::AmbiguousWord { .. }
            | E::Ambiguous { .. }
            | E::PromotionNeeded { .. }
            | E::GameOver
    )
}

/// The silent talking clock of the profile: nothing unasked (D.2.10.4, R-12.6), flags observed but not
/// decided by hector (R-6.8: the arbiter observes, or a player claims).
pub fn silent_clock(mut c: super::ClockSettings, announcements: bool) -> super::ClockSettings {
    if !announcements {
        c.thresholds_seconds.clear();
        c.periodic_seconds = None;
        c.tactile = false;
        c.announce_period_start = false;
    }
    c.observe_flags = false;
    c
}

impl Session {
    /// The mode the session runs in.
    pub fn mode(&self) -> Mode {
        self.tournament.as_ref().map_or(Mode::Play, |t| t.mode)
    }

    /// The tournament profile's state, when it applies.
    pub fn tournament(&self) -> Option<&Tournament> {
        self.tournament.as_ref()
    }

    /// The blind player's colour (`--color`; the player's side).
    fn blind_color(&self) -> Color {
        self.config.engine_color.other()
    }

    pub(super) fn in_assistant_mode(&self) -> bool {
        self.mode() == Mode::Assistant
    }

    /// What the full-screen view says by itself (the key echo, the input line's prompt, its own questions and
    /// answers) comes from the keyboard, which is the operator's: in assistant mode it is the assistant's text,
    /// shown and not spoken into the blind player's earpiece nor written to the speech log (D.2.10; the blind
    /// player's own keys ask the session with `player:` and are answered to him).
    pub fn view_text(&self, a: Announcement) -> Announcement {
        if self.in_assistant_mode() {
            Announcement {
                kind: Kind::Assistant,
                text: a.text,
            }
        } else {
            a
        }
    }

    /// Text for the operator: in assistant mode the assistant's screen, otherwise said like any event.
    pub(super) fn to_operator(&self, text: String) -> Effect {
        let kind = if self.in_assistant_mode() {
            Kind::Assistant
        } else {
            Kind::Event
        };
        say(kind, text)
    }

    /// Where the action log is kept: beside the game.
    fn log_file(&self) -> Option<PathBuf> {
        // While a kept game's question is open, its file and log belong to it (issue 18.2).
        if self.files.resume.is_some() {
            return None;
        }
        self.config.save_path.as_deref().map(log::log_path)
    }

    /// What hector said in a batch of effects, for the log.
    fn said_in(out: &[Effect]) -> Vec<String> {
        out.iter()
            .filter_map(|e| match e {
                Effect::Say(a) => Some(a.text.clone()),
                _ => None,
            })
            .collect()
    }

    /// Adds an entry to the action log and appends it to the file, synced, before anything of the batch is
    /// said (issue 18.24: appended, never rewritten; a kill cannot lose an entry that was announced).
    pub fn log_action(
        &mut self,
        now: Duration,
        actor: Actor,
        action: &str,
        said: Vec<String>,
    ) -> Vec<Effect> {
        let path = self.log_file();
        let Some(t) = &mut self.tournament else {
            return Vec::new();
        };
        t.log.record(now, actor, action, said);
        let Some(path) = path else {
            return Vec::new();
        };
        let text = t.log.take_unwritten();
        let failed = self.p(
            "log.save_failed",
            &[("path", &words::quote::clean(&path.display().to_string()))],
        );
        vec![Effect::Append { path, text, failed }]
    }

    /// What the edge said about a file it wrote, as hector's entry in the action log (issue 18.14).
    pub(super) fn log_outcome(&mut self, text: String, now: Duration) -> Vec<Effect> {
        if self.tournament.is_none() {
            return Vec::new();
        }
        self.log_action(now, Actor::Hector, "", vec![text])
    }

    /// After a command in the profile: who acted, and the entry in the log. Everything typed is logged, reading
    /// the log too (issue 18.14); a `verify` that reads the file is logged with its answer, when it comes.
    pub(super) fn log_command(&mut self, line: &str, out: &mut Vec<Effect>, now: Duration) {
        if self.tournament.is_none() {
            return;
        }
        let word = line.split_whitespace().next().unwrap_or("").to_lowercase();
        if word.is_empty()
            || (self.config.phrases.is_word("cmd.verify", &word)
                && out.iter().any(|e| matches!(e, Effect::Read { .. })))
        {
            return;
        }
        let actor = if self.in_assistant_mode()
            && line.trim_start().to_lowercase().starts_with("player:")
        {
            match self.tournament.as_ref().map(|t| t.served) {
                Some(Served::Sighted) => Actor::SightedPlayer,
                _ => Actor::BlindPlayer,
            }
        } else if word == "arbiter" {
            Actor::Arbiter
        } else if self.in_assistant_mode() {
            Actor::Assistant
        } else {
            Actor::Player
        };
        let mut said = Self::said_in(out);
        let mut action = line.trim().to_string();
        // Guidelines I.1: the sealed move is secret until the envelope is opened. The log (which the player's
        // side can read: `log`, the file on the player's own device) never holds it; the entry of `open` holds
        // the move once it is played.
        if self.commands.canonical(&word) == Some("seal") || word == "seal" {
            action = self.p("log.seal_hidden", &[]);
            if self.m.adjourned.is_none() {
                // A refused seal: its reason could name the move.
                said = vec![self.p("log.seal_refused_hidden", &[])];
            }
        } else if self.m.adjourned.is_some() {
            // A move typed while the game is adjourned is refused; it could be the sealed move, typed without
            // `seal`: its text is not kept either.
            let refused = self.p("adjourned.refused", &[]);
            if said.contains(&refused) {
                action = self.p("log.adjourned_hidden", &[]);
            }
        }
        let saves = self.log_action(now, actor, &action, said);
        out.extend(saves);
    }

    /// What fell due by itself (a flag, an automatic ending) goes into the log as hector's.
    pub(super) fn log_events(&mut self, out: &mut Vec<Effect>, now: Duration) {
        if self.tournament.is_none() {
            return;
        }
        let said = Self::said_in(out);
        if !said.is_empty() {
            let saves = self.log_action(now, Actor::Hector, "", said);
            out.extend(saves);
        }
    }

    /// In assistant mode, what is said for the assistant stays on the screen: answers and refusals to the
    /// assistant are not spoken into the blind player's earpiece (D.2.10.4: time and count only on request).
    pub(super) fn for_assistant(&self, out: Vec<Effect>) -> Vec<Effect> {
        if !self.in_assistant_mode() {
            return out;
        }
        out.into_iter()
            .map(|e| match e {
                Effect::Say(Announcement {
                    kind: Kind::Answer | Kind::Refusal,
                    text,
                }) => say(Kind::Assistant, text),
                other => other,
            })
            .collect()
    }

    /// `opponent hearing-impaired` (D.2.1): the opponent is told of the player's moves on the screen.
    pub(super) fn hearing_impaired_opponent(&mut self) -> Vec<Effect> {
        if let Some(t) = &mut self.tournament {
            t.hearing_impaired_opponent = true;
        }
        vec![say(Kind::Event, self.hearing_notice())]
    }

    /// `arbiter check-words on|off`: whether the check's words are said.
    pub(super) fn check_words_command(&mut self, rest: &str) -> Vec<Effect> {
        let on = rest.to_lowercase().ends_with(" on");
        let off = rest.to_lowercase().ends_with(" off");
        if !(on || off) {
            return vec![say(
                Kind::Refusal,
                self.p("tournament.check_words_usage", &[]),
            )];
        }
        if let Some(t) = &mut self.tournament {
            t.check_words = on;
        }
        let key = if on {
            "tournament.check_words_on"
        } else {
            "tournament.check_words_off"
        };
        let out = vec![say(Kind::Event, self.p(key, &[]))];
        self.for_assistant(out)
    }

    /// Ordinary commands in assistant mode: their answers are the assistant's (see [`Session::for_assistant`]).
    pub(super) fn assistant_view(&self, out: Vec<Effect>) -> Vec<Effect> {
        if self.tournament.is_some() {
            self.for_assistant(out)
        } else {
            out
        }
    }

    /// R-D.2.3: in the profile a move entered is *made*: executed and announced; the mover's clock still runs
    /// until `press` (D.2.4), or until the mover's next move completes it (R-6.2.1.2). A move that ends the game
    /// is complete without a press (R-6.2.1.1). Every way of entering a move reaches the profile here, through
    /// [`Session::enter_move`].
    pub(super) fn make_move(&mut self, m: shakmaty::Move, now: Duration) -> Vec<Effect> {
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
    pub(super) fn made_in_profile(
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
            .as_ref()
            .is_some_and(|t| t.unpressed[idx(mover)] > 0);
        if earlier {
            if let Some(t) = &mut self.tournament {
                t.unpressed[idx(mover)] = 0;
                t.completed_by_next.push(ply_index);
            }
            if let Some(prev) = ply_index.checked_sub(2) {
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
        }
        let correcting = self
            .tournament
            .as_mut()
            .map(|t| std::mem::take(&mut t.correcting))
            .unwrap_or(false);
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
        if let Some(t) = &mut self.tournament {
            t.last_to_player = Some(said);
        }
        if let Some(e) = self.m.game.ending() {
            self.stop_clock(now);
            self.mark_clock(mover, now);
            if let Some(t) = &mut self.tournament {
                t.made = None;
                t.unpressed[idx(mover)] = 0;
            }
            out.push(say(Kind::GameEnd, self.ending_text(e)));
            out.push(Effect::Cue(Cue::GameEnd));
        } else if let Some(t) = &mut self.tournament {
            t.made = Some(Made {
                mover,
                ply: ply_index,
            });
            t.unpressed[idx(mover)] += 1;
        }
        out.extend(self.autosave());
        out
    }

    /// A note for the arbiter in the record: a PGN comment after the ply (before the first move when there is
    /// none), read back by the importer like any comment.
    pub(super) fn note_on_ply(&mut self, ply: usize, note: String) {
        let note = note.replace(['{', '}'], "");
        match self.m.game.plies_mut().get_mut(ply) {
            Some(p) => p.annotations.comments.push(note),
            None => self.m.game.initial_comments.push(note),
        }
    }

    /// A note after the last move of the record (an illegal move, a rewind), for the arbiter.
    pub(super) fn note_on_record(&mut self, note: String) {
        let last = self.m.game.plies().len().wrapping_sub(1);
        self.note_on_ply(last, note);
    }

    /// A move entry that does not fit the record is never silently refused: the operator re-enters it (a typing
    /// slip) or records an illegal move for the arbiter.
    pub(super) fn entry_does_not_fit(&mut self, text: &str, reason: String) -> Vec<Effect> {
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
    pub(super) fn press_clock(&mut self, now: Duration) -> Vec<Effect> {
        if let Some(e) = self.m.game.ending() {
            return vec![say(Kind::Refusal, self.game_over(e))];
        }
        if self.m.adjourned.is_some() {
            return vec![say(Kind::Refusal, self.p("adjourned.refused", &[]))];
        }
        let made = self.tournament.as_ref().and_then(|t| t.made);
        let state = self.m.timing.as_ref().map(|t| t.clock.state());
        let standing = matches!(state, Some(ClockState::Paused(_)));
        // The side whose clock runs (or stands) presses; without a clock, the side that made the move.
        let presser = match state {
            Some(ClockState::Running(side) | ClockState::Paused(side)) => side,
            _ => made.map_or(self.m.game.turn().other(), |m| m.mover),
        };
        let owed = self
            .tournament
            .as_ref()
            .map_or(0, |t| t.unpressed[idx(presser)]);
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
    pub(super) fn complete_by_press(&mut self, presser: Color, now: Duration) -> Vec<Effect> {
        if let Some(t) = &mut self.tournament {
            t.unpressed[idx(presser)] = 0;
            if t.made.is_some_and(|m| m.mover == presser) {
                t.made = None;
            }
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
    pub(super) fn undo_made(&mut self, now: Duration) -> Vec<Effect> {
        let _ = now;
        if let Some(e) = self.m.game.ending() {
            return vec![say(Kind::Refusal, self.game_over(e))];
        }
        let made = self.tournament.as_ref().and_then(|t| t.made);
        let last = self.m.game.plies().len().checked_sub(1);
        let Some(made) = made.filter(|m| Some(m.ply) == last) else {
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
        self.m.game.truncate(made.ply);
        let mut earlier_again = false;
        if let Some(t) = &mut self.tournament {
            t.made = None;
            t.unpressed[idx(made.mover)] = t.unpressed[idx(made.mover)].saturating_sub(1);
            t.correcting = true;
            // The withdrawn entry had completed its mover's earlier move (R-6.2.1.2): that one waits for its
            // press again.
            if t.completed_by_next.last() == Some(&made.ply) {
                t.completed_by_next.pop();
                t.unpressed[idx(made.mover)] += 1;
                earlier_again = true;
            }
        }
        if earlier_again && let Some(prev) = made.ply.checked_sub(2) {
            let said = self.announce(&self.m.game.plies()[prev], false);
            let note = self.p(
                "tournament.completed_by_next",
                &[("side", &self.side(made.mover)), ("move", &said)],
            );
            if let Some(p) = self.m.game.plies_mut().get_mut(prev) {
                p.annotations
                    .comments
                    .retain(|c| *c != note && super::timing::parse_clk(c).is_none());
            }
        }
        // The record's last move is made, not completed, again when its mover has not pressed for it.
        let len = self.m.game.plies().len();
        if let (Some(last), Some(t)) = (self.m.game.last_ply(), &mut self.tournament) {
            let mover = last.color();
            if t.unpressed[idx(mover)] > 0 {
                t.made = Some(Made {
                    mover,
                    ply: len - 1,
                });
            }
        }
        let args = [("move", said.as_str()), ("side", &self.side(made.mover))];
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
    pub(super) fn state_text(&self, now: Duration) -> String {
        let _ = now;
        let running = match self.m.timing.as_ref().map(|t| t.clock.state()) {
            Some(ClockState::Running(side)) => {
                self.p("tournament.clock_runs", &[("side", &self.side(side))])
            }
            Some(_) => self.p("tournament.clock_stopped", &[]),
            None => self.p("clock.none", &[]),
        };
        let made = self.tournament.as_ref().and_then(|t| t.made);
        let mut text = match (self.m.game.last_ply(), made) {
            (None, _) => self.p("tournament.state_none", &[("clock", &running)]),
            (Some(ply), Some(m)) if m.ply + 1 == self.m.game.plies().len() => self.p(
                "tournament.state_made",
                &[
                    ("move", &self.announce(ply, false)),
                    ("side", &self.side(ply.color())),
                    ("clock", &running),
                ],
            ),
            (Some(ply), _) => self.p(
                "tournament.state_completed",
                &[
                    ("move", &self.announce(ply, false)),
                    ("side", &self.side(ply.color())),
                    ("clock", &running),
                ],
            ),
        };
        // The other side's move made before it and not pressed for either (R-6.2.2: it can still be pressed).
        if let (Some(last), Some(t)) = (self.m.game.last_ply(), &self.tournament) {
            let other = last.color().other();
            let plies = self.m.game.plies();
            if t.unpressed[idx(other)] > 0
                && let Some(ply) = plies.iter().rev().find(|p| p.color() == other)
            {
                text.push_str(&format!(
                    ". {}",
                    self.p(
                        "tournament.state_also_made",
                        &[
                            ("move", &self.announce(ply, false)),
                            ("side", &self.side(other)),
                        ],
                    )
                ));
            }
        }
        match self.m.game.ending() {
            Some(e) => format!("{text}. {}", self.ending_text(e)),
            None => text,
        }
    }

    /// `log [N]` / `log last N`: the action log read aloud.
    pub(super) fn read_log(&self, count: &Arg<usize>) -> Vec<Effect> {
        let n = match count {
            Arg::None => None,
            Arg::Given(n) => Some(*n),
            Arg::Bad(text) => {
                return vec![say(
                    Kind::Refusal,
                    self.p("log.bad", &[("text", &log::clean(text, 40))]),
                )];
            }
        };
        let Some(t) = &self.tournament else {
            return Vec::new();
        };
        vec![say(Kind::Answer, t.log.read(&self.config.phrases, n))]
    }

    /// `verify`: R-12.9 / issue 18.28, the action log on disk checked, seal by seal. The file is read by the
    /// edge and comes back as `Command::Read`.
    pub(super) fn verify_command(&mut self) -> Vec<Effect> {
        let Some(path) = self.log_file() else {
            return vec![say(Kind::Refusal, self.p("verify.no_file", &[]))];
        };
        if let Some(t) = &mut self.tournament {
            t.verifying = Some(path.clone());
        }
        vec![Effect::Read {
            path,
            limit: 256 << 20,
        }]
    }

    /// Whether a file read is the one `verify` asked for.
    pub(super) fn takes_verify_read(&self, path: &Path) -> bool {
        self.tournament
            .as_ref()
            .and_then(|t| t.verifying.as_deref())
            .is_some_and(|p| p == path)
    }

    /// The verdict on the action log read for `verify`.
    pub(super) fn verify_answer(
        &mut self,
        path: &Path,
        text: Result<String, String>,
    ) -> Vec<Effect> {
        if let Some(t) = &mut self.tournament {
            t.verifying = None;
        }
        let shown = words::quote::clean(&path.display().to_string());
        let out = match text {
            Ok(text) => vec![say(
                Kind::Answer,
                log::verdict_text(&self.config.phrases, &shown, &log::verify(&text)),
            )],
            Err(reason) => vec![say(
                Kind::Refusal,
                self.p("verify.no_log", &[("path", &shown), ("reason", &reason)]),
            )],
        };
        self.for_assistant(out)
    }

    /// `scoresheet [N]`: the record read as a scoresheet (ANN-G5, D.2.7): the last N moves (all without N), with
    /// the draw offers written (=) and the time each player had left after the move, when the record
    /// keeps it.
    pub(super) fn scoresheet(&self, rest: &str) -> Vec<Effect> {
        let plies = self.m.game.plies();
        let rest = rest.trim();
        let n = if rest.is_empty() {
            plies.len()
        } else {
            match rest.parse::<usize>() {
                Ok(n) if n > 0 => (2 * n).min(plies.len()),
                _ => {
                    return vec![say(
                        Kind::Refusal,
                        self.p("scoresheet.bad", &[("text", &log::clean(rest, 40))]),
                    )];
                }
            }
        };
        if plies.is_empty() {
            return vec![say(Kind::Answer, self.p("last.none", &[]))];
        }
        let mut text = String::new();
        let first = plies.len() - n;
        for (i, ply) in plies.iter().enumerate().skip(first) {
            let mut said = self.announce(ply, false);
            if ply.draw_offer {
                said.push_str(&self.p("scoresheet.offer", &[]));
            }
            if let Some(left) = ply
                .annotations
                .comments
                .iter()
                .rev()
                .find_map(|c| super::timing::parse_clk(c))
            {
                said.push_str(&self.p("scoresheet.clock", &[("time", &self.t(left))]));
            }
            if ply.color() == Color::White {
                if !text.is_empty() {
                    text.push_str("; ");
                }
                text.push_str(&format!("{}. {said}", ply.move_number()));
            } else if i == first {
                text.push_str(&format!("{}... {said}", ply.move_number()));
            } else {
                text.push_str(&format!(", {said}"));
            }
        }
        if let Some(e) = self.m.game.ending() {
            text.push_str(&format!(". {}", self.ending_text(e)));
        }
        vec![say(
            Kind::Answer,
            self.p("scoresheet.read", &[("moves", &text)]),
        )]
    }

    /// The three scoresheet files of the game (D.2.7): PGN, plain text, braille.
    fn export_effect(&self, dir: PathBuf, stem: String, done: Option<String>) -> Effect {
        let tags = crate::rules::pgn::ExportTags {
            time_control: self.config.time_control.as_ref().map(ToString::to_string),
            ..Default::default()
        };
        let clocks: Vec<Option<Duration>> = self
            .m
            .game
            .plies()
            .iter()
            .map(|p| {
                p.annotations
                    .comments
                    .iter()
                    .find_map(|c| super::timing::parse_clk(c))
            })
            .collect();
        let sheet_words = words::scoresheet::SheetWords::new(
            &self.config.phrases,
            self.m.game.ending().map(|e| self.ending_text(e)),
        );
        let text = words::scoresheet::plain_text_in(&self.m.game, &tags, &clocks, &sheet_words);
        let braille =
            words::scoresheet::braille_text_in(&self.m.game, &tags, &clocks, &sheet_words);
        Effect::Export {
            failed: self.p("export.failed", &[("dir", &dir.display().to_string())]),
            done: done.unwrap_or_default(),
            dir,
            stem,
            pgn: self.pgn_kept(),
            text,
            braille,
            table: self.config.braille_table.clone(),
        }
    }

    /// The name the files of this game take: the saved game's, else "game".
    fn export_stem(&self) -> String {
        self.config
            .save_path
            .as_deref()
            .and_then(Path::file_stem)
            .map(|s| s.to_string_lossy().into_owned())
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| "game".to_string())
    }

    /// `export DIR`: the game as PGN, plain-text scoresheet and braille-ready file into DIR (D.2.7).
    pub(super) fn export(&self, folder: &Option<PathBuf>) -> Vec<Effect> {
        let Some(folder) = folder else {
            return vec![say(Kind::Refusal, self.p("export.usage", &[]))];
        };
        let done = self.p("export.done", &[]);
        vec![self.export_effect(folder.clone(), self.export_stem(), Some(done))]
    }

    /// At the end of a tournament session the scoresheet files go beside the game (quietly).
    pub(super) fn scoresheet_beside_game(&self) -> Vec<Effect> {
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
        vec![self.export_effect(dir, self.export_stem(), None)]
    }

    /// `player: REQUEST`: the blind player's own request, answered into the player's earpiece (D.2.10.4): move
    /// count and time only when asked. In record mode the player is the operator: his request keys (F7-F11)
    /// and `player:` lines are answered the same way.
    pub(super) fn player_request(&mut self, request: &str, now: Duration) -> Vec<Effect> {
        let served = self.tournament.as_ref().map(|t| t.served);
        if self.in_assistant_mode() && served == Some(Served::Sighted) {
            return vec![say(Kind::Refusal, self.p("tournament.sighted_duties", &[]))];
        }
        let word = request
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_lowercase();
        let out: Vec<Effect> = match word.as_str() {
            "time" => self.time_answer(now),
            "used" => self.used_answer(now),
            "count" => vec![say(Kind::Answer, self.count())],
            "last" => vec![say(Kind::Answer, self.last())],
            "repeat" => {
                let again = self
                    .tournament
                    .as_ref()
                    .and_then(|t| t.last_to_player.clone())
                    .unwrap_or_else(|| self.p("tournament.nothing_said", &[]));
                vec![say(Kind::Answer, again)]
            }
            _ => {
                return vec![say(
                    Kind::Refusal,
                    self.p(
                        "tournament.player_usage",
                        &[("text", &log::clean(request, 40))],
                    ),
                )];
            }
        };
        // Answered to the player: spoken, whatever kind it had.
        let out: Vec<Effect> = out
            .into_iter()
            .map(|e| match e {
                Effect::Say(a) => say(Kind::Answer, a.text),
                other => other,
            })
            .collect();
        if word != "repeat"
            && let Some(Effect::Say(a)) = out.iter().rev().find(|e| matches!(e, Effect::Say(_)))
        {
            let text = a.text.clone();
            if let Some(t) = &mut self.tournament {
                t.last_to_player = Some(text);
            }
        }
        out
    }

    /// `touched SQUARE`: D.2.10.5, the assistant notes for the arbiter that the sighted player touched a piece.
    pub(super) fn touched(&mut self, rest: &str) -> Vec<Effect> {
        if !self.in_assistant_mode() {
            return vec![say(
                Kind::Refusal,
                self.p("tournament.touched_only_assistant", &[]),
            )];
        }
        let Some(sq) = words::spoken::parse_square(&self.config.vocabulary, rest) else {
            return vec![say(
                Kind::Refusal,
                self.p("square.bad", &[("text", &log::clean(rest, 40))]),
            )];
        };
        let v = &self.config.vocabulary;
        let text = match self.m.game.position().board().piece_at(sq) {
            Some(p) => self.p(
                "tournament.touched",
                &[
                    ("side", &self.side(p.color)),
                    ("piece", v.piece(p.role)),
                    ("square", &v.square(sq)),
                ],
            ),
            None => self.p("tournament.touched_empty", &[("square", &v.square(sq))]),
        };
        vec![say(Kind::Assistant, text)]
    }

    /// `role blind|sighted`: R-D.2.11, the player the assistant serves.
    pub(super) fn role(&mut self, rest: &str) -> Vec<Effect> {
        if !self.in_assistant_mode() {
            return vec![say(
                Kind::Refusal,
                self.p("tournament.role_only_assistant", &[]),
            )];
        }
        let served = match rest.trim().to_lowercase().as_str() {
            "blind" | "vi" | "blinder" | "blind player" | "τυφλός" => Served::Blind,
            "sighted" | "sehend" | "sehender" | "sighted player" | "βλέπων" => {
                Served::Sighted
            }
            _ => {
                return vec![say(
                    Kind::Refusal,
                    self.p("tournament.role_usage", &[("text", &log::clean(rest, 40))]),
                )];
            }
        };
        if let Some(t) = &mut self.tournament {
            t.served = served;
        }
        let key = match served {
            Served::Blind => "tournament.role_blind",
            Served::Sighted => "tournament.role_sighted",
        };
        vec![say(Kind::Assistant, self.p(key, &[]))]
    }

    /// `announce on|off`: the talking clock's unasked read-outs and pulses, only when the player wants them.
    pub(super) fn clock_announcements(&mut self, on: &Arg<bool>) -> Vec<Effect> {
        let Arg::Given(on) = *on else {
            return vec![say(Kind::Refusal, self.p("tournament.announce_usage", &[]))];
        };
        self.config.clock = silent_clock(super::ClockSettings::default(), on);
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

    /// R-11.3.3 / DN-3: what an arbiter inspecting the device hears: the mode and every switch.
    pub(super) fn inspection(&self) -> String {
        let on_off = |b: bool| self.p(if b { "tournament.on" } else { "tournament.off" }, &[]);
        let Some(t) = &self.tournament else {
            return String::new();
        };
        let mode = self.p(
            match t.mode {
                Mode::Record => "mode.record",
                Mode::Assistant => "mode.assistant",
                Mode::Play => "mode.play",
            },
            &[],
        );
        let control = match &self.config.time_control {
            Some(tc) => words::time::control(&self.config.phrases, tc),
            None => self.p("clock.none", &[]),
        };
        self.p(
            "tournament.inspection",
            &[
                ("mode", &mode),
                ("edition", &self.m.game.edition().year().to_string()),
                ("control", &control),
                ("hearing", &on_off(t.hearing_impaired_opponent)),
                ("check_words", &on_off(t.check_words)),
                (
                    "clock",
                    &on_off(
                        !self.config.clock.thresholds_seconds.is_empty()
                            || self.config.clock.tactile,
                    ),
                ),
                (
                    "assistant_speech",
                    &on_off(self.config.tournament.speak_assistant),
                ),
            ],
        )
    }

    /// R-D.2.11: a hearing-impaired opponent makes an assistant mandatory.
    pub(super) fn hearing_notice(&self) -> String {
        if self.in_assistant_mode() {
            self.p("tournament.hearing_assistant", &[])
        } else {
            self.p("tournament.hearing_needs_assistant", &[])
        }
    }

    /// The greeting of the profile: the mode and what it does (said after the game's greeting).
    pub(super) fn tournament_greeting(&self) -> Vec<Effect> {
        let Some(t) = &self.tournament else {
            return Vec::new();
        };
        let key = match t.mode {
            Mode::Record => "tournament.greeting_record",
            Mode::Assistant => "tournament.greeting_assistant",
            Mode::Play => return Vec::new(),
        };
        let mut out = vec![say(
            Kind::Event,
            self.p(key, &[("side", &self.side(self.blind_color()))]),
        )];
        if t.hearing_impaired_opponent {
            out.push(say(Kind::Event, self.hearing_notice()));
        }
        out
    }

    /// a flag has fallen; in the profile hector does not decide it: it alerts. In assistant mode the
    /// assistant is alerted (screen and a distinct sound) when the sighted player's flag falls, so that the
    /// blind player can claim (D.2.10.5).
    pub(super) fn flag_alert(&self, side: Color) -> Vec<Effect> {
        let text = self.p(
            "tournament.flag_alert",
            &[
                ("side", &self.side(side)),
                ("opponent", &self.side(side.other())),
            ],
        );
        if self.in_assistant_mode() {
            if side != self.blind_color() {
                vec![say(Kind::Assistant, text), Effect::Cue(Cue::FlagFall)]
            } else {
                vec![say(Kind::Assistant, text)]
            }
        } else {
            vec![say(Kind::Event, text), Effect::Cue(Cue::FlagFall)]
        }
    }

    /// The time control of the game, for the scoresheet header.
    pub fn time_control(&self) -> Option<&TimeControl> {
        self.config.time_control.as_ref()
    }

    /// The file the game is kept in.
    pub fn save_path(&self) -> Option<&Path> {
        self.config.save_path.as_deref()
    }
}
