//! The application as a state machine: `update(command, now) -> effects`. Every user-visible decision lives here.

mod analysis;
pub mod analysis_settings;
mod board_check;
mod config;
mod dispatch;
mod effect;
pub mod engine_io;
mod explore;
mod face_entries;
pub mod game_log;
mod game_mark;
mod games;
mod help;
pub mod log;
mod match_state;
pub mod online;
mod other_side;
mod parts;
mod pending;
pub mod policy;
mod practice;
mod practising;
mod questions;
mod reading;
mod review;
pub mod settings;
pub mod start;
pub mod tournament;
mod view;
mod voice;

use std::path::PathBuf;
use std::time::Duration;

use shakmaty::Color;

use crate::rules::Game;
use crate::words::action::{Act, Action, Arg};
use crate::words::{self};
pub use adjourn::Envelope;
pub use analysis_settings::{AnalysisLimit, AnalysisSettings};
pub use config::Config;
pub use effect::{Announcement, Command, Cue, Effect, Kind, NameSides};
use effect::{quote, say};
pub use games::{GameFile, GameSummary, fingerprint as games_fingerprint, split_games};
use match_state::{Match, Said, adjourn, resume, timing};
pub use other_side::{DEFAULT_LEVEL, LEVELS, Opponent, OtherEvent, ToOther};
use other_side::{Heard, OtherSide};
use pending::{Completion, Pending};
pub use questions::ResumeOffer;
use questions::{Answered, Route};
pub use settings::ClockSettings;
use tournament::requests::flag_alerts;
pub use tournament::{Mode, Served, Tournament, TournamentSettings};
pub use view::View;
use voice::Voice;

pub use parts::Session;

/// The PGN tag of a game's identity: the same game, saved or exported again, has the same one.
pub const GAME_ID_TAG: &str = "HectorGame";

impl Session {
    /// A session of `game`, with the identity it was kept with, else a new one.
    pub fn new(mut game: Game, config: Config) -> Session {
        let game_id = games::take_game_id(&mut game);
        let mut s = parts::fresh(game, config);
        s.files.identify(&s.config, game_id);
        s
    }

    /// Continues an adjourned game: the envelope sets the clocks (Guidelines I.5). An envelope that does not
    /// belong to this game and position (a finished game, a game replaced in the file) is not used: the start
    /// says so, and the next save removes it.
    pub fn with_envelope(mut self, envelope: Envelope) -> Session {
        let unused = self
            .files
            .envelope_now(envelope)
            .map(|e| self.m.use_envelope(&self.config, e));
        if let Some(Err(key)) = unused {
            self.start_notes.push(self.config.p(key, &[]));
        }
        self
    }

    /// Offers at the start to continue an unfinished game; `yes` continues it with its clocks, anything
    /// else starts the new game (and a move typed instead of the answer is played in it).
    pub fn with_resume_offer(mut self, offer: ResumeOffer) -> Session {
        self.files.offer_resume(offer);
        self.questions.ask(Pending::Resume);
        self
    }

    /// The session's and the edge's time of the command being carried out, kept for the saves; the first.
    fn at_command(&mut self, real_now: Duration) -> Duration {
        (self.at, self.real_at) = (self.m.now(real_now), real_now);
        self.at
    }

    /// The session seen without changing it: what the faces draw and ask, and what the coordinator reads of
    /// its parts (see [`View`]).
    pub fn view(&self) -> View<'_> {
        View {
            m: &self.m,
            config: &self.config,
            questions: &self.questions,
            files: &self.files,
            tournament: self.tournament.as_ref(),
            board_check: &self.board_check,
            review: self.review.as_ref(),
            other: &self.other,
            commands: &self.commands,
            last_said: self.last_said.as_ref(),
            at: self.at,
            real_at: self.real_at,
            online: &self.online,
        }
    }

    /// Online play on lichess (`--opponent lichess`): where its games are kept, `--save`, `--game`.
    pub fn with_online(mut self, online: online::Online) -> Session {
        self.online = online;
        self
    }

    /// The review's steps as the face takes them (the full screen: its keys), said when a review opens.
    pub fn set_review_steps(&mut self, steps: String) {
        self.config.review_steps = Some(steps);
    }

    /// What is said when the session starts; the clock starts now.
    pub fn start(&mut self, real_now: Duration) -> Vec<Effect> {
        let now = self.at_command(real_now);
        if self.files.choice.is_some() {
            let mut out = vec![say(Kind::Event, self.files.choice_question(&self.config))];
            out.extend(self.other.at_start(&self.config, &self.m));
            return out;
        }
        let notes = std::mem::take(&mut self.start_notes).into_iter();
        let notes = notes.map(|note| say(Kind::Event, note));
        if self.review_at_start {
            let mut out = self.open_review_at_start();
            out.extend(notes);
            return out;
        }
        let resume = self.files.resume.is_some();
        let mut out = if resume {
            Vec::new()
        } else if self.online.is_active() {
            // Online, the game is lichess's: no local game is greeted; the sign-in and the games follow.
            vec![say(Kind::Event, self.config.p("online.connecting", &[]))]
        } else {
            self.view().greeting()
        };
        out.extend(notes);
        // The operator's question (the assistant's screen in assistant mode, not the blind player's earpiece), said
        // last so a question is the last thing heard.
        let mut question = Vec::new();
        if resume && !self.m.is_adjourned() {
            question = self.view().operator_question(Pending::Resume);
        } else {
            out.extend(self.go_on(now));
        }
        if !resume {
            out.extend(tournament::greeting(self.tournament.as_ref(), &self.config));
        }
        out.extend(self.other.at_start(&self.config, &self.m));
        self.other_follow_up(now, &mut out);
        analysis::after_update(self, &mut out);
        if !resume {
            out.extend(self.recover(real_now));
        }
        out.extend(question);
        out
    }

    /// The actions the action log holds and the game file lacks (hector was killed after the log's
    /// entry was on disk and before the game file was renamed into place) are carried out again, in order, and
    /// said: "Recovered after an interruption: ...". One that does not lead to the game its entry recorded is
    /// said and logged as not carried out, and so is every one after it.
    fn recover(&mut self, real_now: Duration) -> Vec<Effect> {
        let Some(t) = &self.tournament else {
            return Vec::new();
        };
        let lost = t.log.lost_actions(&t.game_mark(&self.m));
        let mut out = Vec::new();
        let mut failed = false;
        for (line, expected) in lost {
            let now = self.at_command(real_now);
            if failed {
                let text = game_log::not_recovered(&self.config, &line);
                out.push(say(Kind::Event, text.clone()));
                out.extend(self.log_action(now, log::Actor::Hector, "", vec![text]));
                continue;
            }
            let act = self.read(&line);
            let mut answer = self.act(&act, now);
            let t = self.tournament.as_ref().expect("a tournament game");
            let done = t.game_mark(&self.m).agrees(&expected);
            failed = !done;
            game_log::said_as_recovered(&self.config, &mut answer, done, &line);
            self.log_command(&act.line, &mut answer, now);
            out.extend(answer);
        }
        out
    }

    /// The one entry point: a command at time `now` (time since the session started) gives effects.
    pub fn update(&mut self, cmd: Command, real_now: Duration) -> Vec<Effect> {
        let now = self.at_command(real_now);
        // Whatever fell due before this command happened first (a flag before a late move).
        let mut out = self.tick(now);
        let path = self.view().log_path();
        if let Some(t) = &mut self.tournament {
            t.note_game(&self.m);
            t.log_events(&self.config, path, &mut out, now);
        }
        match cmd {
            Command::EndOfInput => out.extend(self.quit()),
            Command::Act(act) => {
                let mut answer = self.act(&act, now);
                self.log_command(&act.line, &mut answer, now);
                out.extend(answer);
            }
            Command::Tick => {}
            Command::Other(e) => out.extend(practising::heard_first(self, e, now)),
            // A file read for the profile's `verify`, else for the board check's `compare`.
            Command::Read { path, text } => {
                let (line, mut answer) = if tournament::verifies(self.tournament.as_ref(), &path) {
                    let t = self.tournament.as_mut().expect("verifying");
                    let game = t.game_mark(&self.m);
                    let answer = t.verify_answer(&self.config, &path, text, game);
                    (words::commands::Kind::Verify.name().into(), answer)
                } else {
                    let check = &mut self.board_check;
                    let answer = check.file_read(&self.config, self.m.game(), &path, text);
                    let compare = words::commands::Kind::Compare.name();
                    (format!("{compare} {}", path.display()), answer)
                };
                self.log_command(&line, &mut answer, now);
                out.extend(answer);
            }
            // What the edge said about a file it wrote: hector's entry in the action log.
            Command::Outcome(text) => {
                out.extend(self.log_action(now, log::Actor::Hector, "", vec![text]))
            }
        }
        self.other_follow_up(now, &mut out);
        if std::mem::take(&mut self.recover_pending) {
            out.extend(self.recover(real_now));
        }
        // What `repeat` says again: the last thing said (the move, not the opening it reached).
        self.last_said = effect::last_said(&out).or(self.last_said.take());
        analysis::after_update(self, &mut out);
        out
    }

    /// The full-screen view's own question, its answer or its cancelling, logged (see `face_entries`).
    pub fn log_view(&mut self, entered: &str, said: Vec<String>, now: Duration) -> Vec<Effect> {
        face_entries::log_view(self, entered, said, now)
    }

    /// A legal move chosen on the board, played like the same move typed (see `face_entries::play_move`).
    pub fn play_move(&mut self, m: shakmaty::Move, now: Duration) -> Vec<Effect> {
        face_entries::play_move(self, m, now)
    }

    /// `quit`: the game saved, and the files left as they are (see `GameFiles::leave`).
    fn quit(&mut self) -> Vec<Effect> {
        let beside = self.tournament.is_some().then(|| self.view().pgn_kept());
        self.files
            .leave(&self.config, &self.m, self.view().kept_now(), beside)
    }

    /// A line read once into its action, as the session's state reads it now: a command word of any language
    /// becomes its command, with the text after it; a line that reads as a move is a move even when its first
    /// word is a command's; while the board check waits, a line is its answer; a line that is no command is an
    /// entry (a move, or the answer a question waits for). The line is kept with it for the action log.
    pub fn read(&self, line: &str) -> Act {
        Act::said(reading::read_action(&self.view(), line.trim()), line)
    }

    /// An action: an open question takes its answers first; then the policy allows it, refuses it with its
    /// reason, or reads its line as the answer the state waits for; then its handler answers it.
    fn act(&mut self, act: &Act, now: Duration) -> Vec<Effect> {
        let line = act.line.trim();
        if line.is_empty() {
            return Vec::new();
        }
        let action = &act.action;
        let mut out =
            match (self.questions).route(&self.config, &self.m, action, self.view().mode()) {
                Route::Left(p) => questions::cancelled(&self.config, self.tournament.as_ref(), p),
                Route::Open if let Some(answer) = self.answer_question(action, line, now) => {
                    return answer;
                }
                Route::Open | Route::Past => Vec::new(),
            };
        out.extend(match policy::verdict(self.view().state(), action) {
            policy::Verdict::Allowed => dispatch::answer(self, action, line, now),
            policy::Verdict::Refused(key) => self.view().refused(key, line),
            policy::Verdict::Answer => {
                let (cfg, game) = (&self.config, self.m.game());
                let out = self
                    .board_check
                    .line_answer(cfg, game, &self.commands, line);
                self.view().board_check_view(out)
            }
        });
        out
    }

    /// The open question takes its answers first (see `Questions::answer`). None: no question is open, or the
    /// line does not answer it and is read as usual.
    fn answer_question(
        &mut self,
        action: &Action,
        line: &str,
        now: Duration,
    ) -> Option<Vec<Effect>> {
        let (cfg, resume) = (&self.config, self.files.resume.as_ref());
        let ends = |p| questions::ends(cfg, &self.m, Some(p));
        let whole = ends(self.questions.open()?).is_some();
        let question =
            |p| questions::asked(cfg, resume, &self.board_check, self.m.game(), p, ends(p));
        let out = match self.questions.answer(cfg, action, line, question, whole)? {
            Answered::ChooseGame => return Some(self.choose_game(line, now)),
            // Not a piece: the question is dropped and the line is read as usual.
            Answered::Promotion { from, to } => return self.promote(from, to, line, now),
            Answered::NotFitting(entry) => match action {
                Action::Illegal(rest) => self.illegal(rest, entry.as_deref(), now),
                _ => return None,
            },
            // What a "yes" does to the game is said as ever (and the assistant's answers shown); declining a
            // kept game starts the new one: its greeting is for everyone.
            Answered::Yes(p) => self.confirm(p, now),
            Answered::No(Pending::Resume) => self.decline_resume(now),
            Answered::No(p) => return Some(questions::cancelled(cfg, self.tournament.as_ref(), p)),
            Answered::Leave => {
                return Some(games::goodbye(self.quit(), &self.config, self.m.game()));
            }
            Answered::Again(out) => return Some(questions::operator_view(self.view().mode(), out)),
        };
        Some(self.view().assistant_view(out))
    }

    /// The answer to the promotion question (see `Match::promotion`): the move with the piece named, or None
    /// when `line` names no piece.
    fn promote(
        &mut self,
        from: shakmaty::Square,
        to: shakmaty::Square,
        line: &str,
        now: Duration,
    ) -> Option<Vec<Effect>> {
        match self.m.promotion(&self.config, from, to, line)? {
            Ok(m) => Some(self.enter_move(m, Completion::ByPress, now)),
            Err(()) => {
                // A king or a pawn: the question stays, asked again.
                let p = Pending::Promotion { from, to };
                self.questions.ask(p);
                Some(vec![say(Kind::Refusal, self.view().question(p))])
            }
        }
    }

    fn confirm(&mut self, p: Pending, now: Duration) -> Vec<Effect> {
        match p {
            // The promotion, the entry that did not fit and the choice of a game are answered before yes/no.
            Pending::Promotion { .. } | Pending::NotFitting | Pending::ChooseGame => Vec::new(),
            Pending::Resign(side) => {
                let said = self.m.resign(&self.config, side);
                self.carry(said, now)
            }
            Pending::Resume => self.accept_resume(now),
            Pending::Rewind => self.rewind_confirmed(now),
            Pending::NewGame { swap } => self.restart(now, swap),
            Pending::PressWithoutMove(side) => {
                let r = self.m.press_without_move_confirmed(&self.config, side, now);
                self.view().saved_if(r)
            }
        }
    }

    /// `yes` to the resume offer: the kept game with its clocks replaces the new one (see
    /// `GameFiles::accept_resume`); the clock goes on where it was kept, else starts.
    fn accept_resume(&mut self, now: Duration) -> Vec<Effect> {
        let Some(r) = self.files.accept_resume(&mut self.config, &mut self.m) else {
            return Vec::new();
        };
        if let (Some(t), Some(text)) = (&mut self.tournament, &r.log) {
            t.log = log::ActionLog::continued(self.config.tournament.started, text);
            self.recover_pending = true;
        }
        let notes = self.go_on(now);
        let mut greeting = r.files;
        greeting.extend(self.view().greeting());
        greeting.extend(r.said);
        greeting.extend(notes);
        greeting.extend(r.sealed);
        greeting.extend(tournament::greeting(self.tournament.as_ref(), &self.config));
        greeting
    }

    /// `no`: the unfinished game is kept, unchanged, in the folder of kept games (written before anything is
    /// said, and before the new game's first save can overwrite the old file); the new game starts now.
    fn decline_resume(&mut self, now: Duration) -> Vec<Effect> {
        let Some(offer) = self.files.resume.take() else {
            return Vec::new();
        };
        self.m.start_clock(&self.config, now);
        let mut out = games::resume_declined(offer, &mut self.config);
        out.extend(self.view().greeting());
        out.extend(tournament::greeting(self.tournament.as_ref(), &self.config));
        out
    }

    /// A typed move (see `Match::read_move`), entered, or the question it asks.
    fn play_text(&mut self, text: &str, now: Duration) -> Vec<Effect> {
        if let Some(e) = self.m.game().ending() {
            return vec![say(Kind::Refusal, self.view().game_over(e))];
        }
        if let Some(refused) = self.other.refuses_move(&self.config, &self.m) {
            return refused;
        }
        let in_profile = self.tournament.is_some();
        let not_fitting = |e: &_| in_profile && tournament::does_not_fit(e);
        match face_entries::read_move(&mut self.chosen, (&self.m, &self.config), text, not_fitting)
        {
            match_state::Entry::Move(m) => self.enter_move(m, Completion::ByPress, now),
            match_state::Entry::NotFitting(reason) => {
                self.questions.ask_not_fitting(text);
                let t = self.tournament.as_ref().expect("in the profile");
                // When `illegal` would end the game, the choice says so.
                let ends = self
                    .m
                    .illegal_consequence(&self.config, self.m.game().turn());
                t.not_fitting(&self.config, text, reason, ends)
            }
            match_state::Entry::Promotion { from, to, said } => {
                self.questions.ask(Pending::Promotion { from, to });
                said
            }
            match_state::Entry::Refused(out) => out,
        }
    }

    /// The one way a move enters the game, whatever face or words it came in (typed SAN, long notation, board
    /// words, Greek, the promotion answer, the full-screen view's keys, the gamepad, `illegal MOVE`, `open`):
    /// in the tournament profile it is made and completed by the press or the mover's next move (R-6.2.1,
    /// D.2.3-D.2.4), or complete as entered; in play mode it is played and the clock pressed with it.
    pub(crate) fn enter_move(
        &mut self,
        m: shakmaty::Move,
        completion: Completion,
        now: Duration,
    ) -> Vec<Effect> {
        if self.online.in_game() {
            return online::send_move(self, m);
        }
        let (mover, path) = (self.m.game().turn(), self.view().log_path());
        let Some(t) = &mut self.tournament else {
            return self.play(m, now);
        };
        let said = t.make_move(&self.config, &mut self.m, path, m, now);
        let made = t.move_made_not_completed();
        let mut out = self.view().saved_if(said);
        if completion == Completion::AsEntered && made && self.m.game().turn() != mover {
            let t = self.tournament.as_mut().expect("in the profile");
            out.extend(t.complete_by_press(&self.config, &mut self.m, mover, now));
            out.extend(self.view().autosave());
        }
        out
    }

    /// A move played and its clock pressed (see `Match::play`), then saved. Play mode only: see
    /// [`Session::enter_move`].
    fn play(&mut self, m: shakmaty::Move, now: Duration) -> Vec<Effect> {
        let check_words = self.view().check_words();
        match self.m.play(&self.config, m, now, check_words) {
            Ok(mut out) => {
                out.extend(self.view().autosave());
                out
            }
            Err(out) => out,
        }
    }

    /// Articles 9.2, 9.3 and 9.5: the side to move claims a draw, now or with an intended move.
    fn claim(&mut self, rest: &str, now: Duration) -> Vec<Effect> {
        if let Some(e) = self.m.game().ending() {
            return vec![say(Kind::Refusal, self.view().game_over(e))];
        }
        // The side to move claims: not the player while the engine is to move.
        if let Some(refused) = self.other.refuses_move(&self.config, &self.m) {
            return refused;
        }
        let check_words = self.view().check_words();
        let (mut out, played) = match self.m.claim_outcome(&self.config, rest, check_words, now) {
            Ok(said) => return self.carry(said, now),
            Err(rejected) => rejected,
        };
        if let Some(claimant) = played {
            // the intended move is made; in the profile it waits for its press like any entry.
            let path = self.view().log_path();
            if let Some(t) = &mut self.tournament {
                let said = t.made_in_profile(&self.config, &mut self.m, path, claimant, None, now);
                out.extend(self.view().saved_if(said));
            } else {
                out.extend(self.m.after_move(&self.config, claimant, now, check_words));
                out.extend(self.view().autosave());
            }
        }
        out
    }

    fn offer(&mut self, now: Duration) -> Vec<Effect> {
        match self.m.offer(&self.config) {
            // The other side answers (the engine at once, a remote player later); never the player their own.
            Said::Changed(mut out) if self.other.answers_offers(&self.config) => {
                let answer = self.other.offered(&self.config, &self.m);
                out.extend(answer.map_or_else(|asked| asked, |a| self.other_event(a, now)));
                out
            }
            said => self.carry(said, now),
        }
    }

    fn accept(&mut self, now: Duration) -> Vec<Effect> {
        let said = self
            .m
            .accept_offer(&self.config, self.other.answers_offers(&self.config));
        self.carry(said, now)
    }

    /// an offer declined is saved at once, as an offer made is: a game killed before the next move goes on
    /// without it (D.2.7).
    fn decline(&mut self, now: Duration) -> Vec<Effect> {
        let engine_opponent = self.other.answers_offers(&self.config);
        let before = self.m.game().draw_offer();
        let mut out = self.m.decline_offer(&self.config, engine_opponent, now);
        if self.m.game().draw_offer() != before {
            out.extend(self.view().autosave());
        }
        out
    }

    /// Article 5.1.2: resignation, always confirmed.
    fn resign(&mut self, side: &Arg<Color>) -> Vec<Effect> {
        let side = match self.m.resigning(&self.config, side) {
            Ok(side) => side,
            Err(out) => return out,
        };
        self.questions.ask(Pending::Resign(side));
        // In assistant mode the assistant answers it: his question, not the blind player's (D.2.10).
        self.view().operator_question(Pending::Resign(side))
    }

    // --- opponent ---

    /// After every command: the other side is asked for its move, or its search called off.
    fn other_follow_up(&mut self, now: Duration, out: &mut Vec<Effect>) {
        let waiting = self.questions.start_waits();
        OtherSide::follow_up(&mut self.other, &self.config, &self.m, waiting, now, out);
    }

    /// What the other side reported: its move is played like any move, its answers carried out.
    pub(super) fn other_event(&mut self, event: OtherEvent, now: Duration) -> Vec<Effect> {
        if let OtherEvent::Lichess(e) = event {
            return online::event(self, e, now);
        }
        match self.other.event(&self.config, &mut self.m, event) {
            Heard::Effects(out) => out,
            Heard::Play { mv, for_ply } => {
                let mut out = self.play(mv, now);
                out.extend(self.other.after_move(&self.config, &mut self.m, for_ply));
                out
            }
            Heard::Said(said) => self.carry(said, now),
            Heard::TakeBack(count) => self.takeback(&count, now),
        }
    }

    // --- game files ---

    fn save(&mut self, named: &Option<PathBuf>) -> Vec<Effect> {
        self.files
            .save(&self.config, &self.m, self.view().kept_now(), named)
    }

    /// Asks at the start which game of `file` to load (more than one game in it).
    pub fn with_game_choice(mut self, file: GameFile) -> Session {
        self.files.offer_choice(file);
        self.questions.ask(Pending::ChooseGame);
        self
    }

    /// The answer to the question of which game: the chosen game is loaded with its kept clock, identity and
    /// envelope (see `GameFiles::choose`), and greeted; anything but a number of the list asks again.
    fn choose_game(&mut self, line: &str, now: Duration) -> Vec<Effect> {
        let mut out = match self.files.choose(&mut self.config, &mut self.m, line) {
            games::Chosen::Nothing => return Vec::new(),
            games::Chosen::Quit => return vec![Effect::Quit],
            games::Chosen::Again(out) => {
                self.questions.ask(Pending::ChooseGame);
                return out;
            }
            games::Chosen::Loaded(said) => said,
        };
        out.extend(self.view().greeting());
        out.extend(self.go_on(now));
        // `--review FILE`: the chosen game opens in review.
        out.extend(self.open_review_at_start());
        out
    }

    // --- board check ---

    /// The board check's commands (see `BoardCheck::answer`); its rewind question stays open until answered.
    fn board_check_answer(&mut self, action: &Action, now: Duration) -> Vec<Effect> {
        let how = questions::how_to_answer(&self.config);
        let log = self.tournament.as_ref().map(|t| t.log_entries());
        let (cfg, m) = (&self.config, &mut self.m);
        let out = match self.board_check.answer(cfg, m, action, now, &how, log) {
            Some(board_check::Outcome::Said(out)) => out,
            Some(board_check::Outcome::AskRewind(out)) => {
                self.questions.ask(Pending::Rewind);
                out
            }
            None => Vec::new(),
        };
        self.view().board_check_view(out)
    }

    /// R-D.2.9b-c: `yes` to the rewind: the moves retraced, the rewind noted on the record and in the action
    /// log, the tournament profile's made move dropped, the game saved.
    fn rewind_confirmed(&mut self, now: Duration) -> Vec<Effect> {
        let r = match self.board_check.retrace(&self.config, &mut self.m, now) {
            Ok(r) => r,
            Err(out) => return out,
        };
        if let Some(t) = &mut self.tournament {
            t.rewound();
        }
        let mut out = r.said;
        out.extend(self.log_action(now, log::Actor::Hector, "rewind", vec![r.logged]));
        out.extend(self.view().autosave());
        out
    }

    // --- review ---

    /// `--review FILE`: the session opens in review, at the start of the game (after the choice of a game when
    /// the file has several). No clock runs and nothing is saved.
    pub fn with_review_at_start(mut self) -> Session {
        (self.review_at_start, self.reviewed_file) = (true, true);
        self.config.time_control = None;
        self.m.without_clock();
        self.config.save_path = None;
        self
    }

    /// Called when the game to review is known (at the start, or after the choice of a game).
    pub(super) fn open_review_at_start(&mut self) -> Vec<Effect> {
        if !std::mem::take(&mut self.review_at_start) {
            return Vec::new();
        }
        self.m.without_clock();
        self.config.time_control = None;
        let judged = practising::session_judgements(self);
        let (review, out) = review::Review::open(&self.view().voice(), &self.m, true, judged);
        self.review = Some(review);
        out
    }

    // --- match ---

    /// Everything that has fallen due by `now` (see `Match::tick`).
    pub(super) fn tick(&mut self, now: Duration) -> Vec<Effect> {
        let alerts = flag_alerts(&self.config, self.view().mode(), self.m.clock_in_play());
        let r = self.m.tick(&self.config, now, &alerts);
        self.view().saved_if(r)
    }

    /// The match's clock, arbiter and adjournment commands (see `Match::answer_clock`); a game they end is
    /// saved, and a sealed move's envelope is saved beside the game.
    fn clock_answer(&mut self, action: &Action, now: Duration) -> Vec<Effect> {
        // Guidelines I: another game's sealed move is never replaced; this game cannot be sealed beside it.
        if matches!(action, Action::Seal(_)) && self.files.keeps_another_envelope() {
            let path = self.config.save_path.as_deref().map(adjourn::envelope_path);
            let path = path.map(|p| words::quote::clean(&p.display().to_string()));
            let text = self.config.p(
                "seal.envelope_taken",
                &[("path", &path.unwrap_or_default())],
            );
            return vec![say(Kind::Refusal, text)];
        }
        let (cfg, mode) = (&self.config, self.view().mode());
        let alerts = |m: &Match| flag_alerts(cfg, mode, m.clock_in_play());
        let board = |game: &Game| explore::board(cfg, game);
        match self.m.answer_clock(cfg, action, now, alerts, board) {
            // The arbiter's corrections are the assistant's to see: the blind player hears the
            // corrected clock when he asks for the time or the count; the end of a game is said to everyone.
            Some(match_state::Clocked::Said(out, ended)) => {
                let out = tournament::arbiters(self.tournament.as_ref(), action, out);
                self.view().saved_if((out, ended))
            }
            Some(match_state::Clocked::Sealed { save, done }) => {
                self.files.sealed();
                let mut out = vec![*save];
                out.extend(self.view().autosave());
                out.push(*done);
                out
            }
            None => Vec::new(),
        }
    }

    /// an illegal move completed (see `Match::illegal`); a promoted one stands, entered like any move.
    /// `entry`: the move entered just before that did not fit the record, which the record names.
    ///
    /// `illegal` alone while a move is made and not pressed is about that move (see `Tournament::illegal_made`).
    pub(super) fn illegal(
        &mut self,
        rest: &str,
        entry: Option<&str>,
        now: Duration,
    ) -> Vec<Effect> {
        let named = Some(rest).filter(|r| !r.is_empty()).or(entry);
        if let Some(t) = &mut self.tournament
            && let Some(said) = t.illegal_made(&self.config, &mut self.m, named)
        {
            return self.view().saved_if(said);
        }
        match self.m.illegal(&self.config, rest, entry, now) {
            timing::Illegal::Refused(out) => out,
            timing::Illegal::Penalised(out) => self.view().saved_if((out, true)),
            timing::Illegal::Promotion {
                mut said,
                queen,
                offender,
            } => {
                said.extend(self.enter_move(queen, Completion::AsEntered, now));
                said.extend(
                    self.m
                        .illegal_promotion_entered(&self.config, offender, now),
                );
                self.view().saved_if((said, true))
            }
        }
    }

    /// a press without a move is asked first (see `Match::press_without_move`).
    pub(super) fn press_without_move(&mut self, side: Color, _now: Duration) -> Vec<Effect> {
        let text = match self.m.press_without_move(&self.config, side) {
            Err(Ok(out)) => return out,
            Err(Err(text)) => text,
            Ok(()) => {
                self.questions.ask(Pending::PressWithoutMove(side));
                self.view().question(Pending::PressWithoutMove(side))
            }
        };
        vec![tournament::to_operator(self.tournament.as_ref(), text)]
    }

    /// A game kept with its clock's state goes on exactly there (see `Match::resume_kept`), with the
    /// tournament profile's made move and presses owed, else its clock starts now unless it is over or
    /// adjourned. What was restored (the physical clock rules) is the operator's to hear. Every route by which a
    /// game goes on comes here, an adjourned one too (its clocks the envelope's, R-GI.5; its illegal moves and
    /// made move the kept state's, R-7.5.5), and an adjourned game is greeted as such (Guidelines I.5).
    fn go_on(&mut self, now: Duration) -> Vec<Effect> {
        let wall_now = resume::wall_ms(&self.config, self.real_at);
        let voice = Voice::new(&self.config, self.tournament.as_ref());
        let (restored, notes, kept) =
            (self.m).resume_kept(&self.config, now, wall_now, |p| voice.announce(p, false));
        if let (Some(t), Some(kept)) = (&mut self.tournament, kept) {
            t.restore_made(kept.made, kept.unpressed);
        }
        if !restored && !self.m.game().is_over() && !self.m.is_adjourned() {
            self.m.start_clock(&self.config, now);
        }
        let mut out = questions::restored_notes(self.view().mode(), notes);
        if let Some(text) = self.m.adjourned_greeting(&self.config) {
            out.push(say(Kind::Event, text));
        }
        out
    }

    /// R-GI.9: the envelope opened (see `Match::open_envelope`): the sealed move is played; the autosave of a
    /// game no longer adjourned removes the envelope.
    fn open_envelope(&mut self, now: Duration) -> Vec<Effect> {
        match self.m.open_envelope(&self.config, now) {
            adjourn::Opened::Refused(out) | adjourn::Opened::Lost(out) => out,
            adjourn::Opened::Saved(out) => self.view().saved_if((out, true)),
            adjourn::Opened::Play { mut said, sealed } => {
                said.extend(self.enter_move(sealed, Completion::AsEntered, now));
                self.view().saved_if((said, true))
            }
        }
    }

    /// `takeback [N]` (see `Match::take_back`), asked of a remote player first; the engine's evaluations go too.
    fn takeback(&mut self, count: &Arg<usize>, now: Duration) -> Vec<Effect> {
        if let Some(refused) = self.view().takeback_refused() {
            return refused;
        }
        if let Some(asked) = self.other.asks_takeback(&self.config, &self.m, count) {
            return asked;
        }
        let removed = match self.m.take_back(&self.config, count, now) {
            Ok(removed) => removed,
            Err(out) => return out,
        };
        self.other.taken_back(removed.len());
        let voice = self.view().voice();
        let said: Vec<String> = removed.iter().map(|p| voice.announce(p, false)).collect();
        let mut out = self.m.taken_back(&self.config, &said, now);
        out.extend(self.view().autosave());
        out
    }

    /// `new` or `rematch`: asked first in both faces, saying what becomes of the game played.
    fn ask_new_game(&mut self, swap: bool) -> Vec<Effect> {
        if let Some(refused) = self.view().takeback_refused() {
            return refused;
        }
        self.questions.ask(Pending::NewGame { swap });
        self.view().operator_question(Pending::NewGame { swap })
    }

    /// `new` (the same sides) or `rematch` (`swap`: the colours swapped), confirmed: a new game from the same
    /// start; the game played, finished or not, is kept first (see `GameFiles::restart`, `EngineState::new_game`).
    fn restart(&mut self, now: Duration, swap: bool) -> Vec<Effect> {
        if let Some(refused) = self.view().takeback_refused() {
            return refused;
        }
        let kept = self.view().kept_now();
        let mut out = self.files.restart(&mut self.config, &mut self.m, kept, now);
        self.questions.drop_open();
        self.other.new_game(&mut self.config, swap);
        if swap {
            self.m.swap_players();
        }
        out.extend(self.view().greeting());
        out.extend(self.other.introduce(&self.config));
        out.extend(self.view().autosave());
        out
    }

    // --- the match: what its claims, offers and resignations did ---

    /// What a claim, an offer's answer or a resignation did: a game that ended stops its clock; a changed game
    /// is saved.
    fn carry(&mut self, said: Said, now: Duration) -> Vec<Effect> {
        let (mut out, save) = self.m.carried(said, now);
        if save {
            out.extend(self.view().autosave());
        }
        out
    }

    // --- tournament profile ---

    /// Adds an entry to the action log and appends it to the file (see [`Tournament::log_action`]).
    fn log_action(
        &mut self,
        now: Duration,
        actor: log::Actor,
        action: &str,
        said: Vec<String>,
    ) -> Vec<Effect> {
        let path = self.view().log_path();
        match &mut self.tournament {
            Some(t) => {
                t.note_game(&self.m);
                t.log_action(&self.config, path, now, actor, action, said)
            }
            None => Vec::new(),
        }
    }

    /// After a command in the profile: who acted, and the entry in the log (see [`Tournament::log_command`]).
    fn log_command(&mut self, line: &str, out: &mut Vec<Effect>, now: Duration) {
        let path = self.view().log_path();
        if let Some(t) = &mut self.tournament {
            t.log_command(&self.config, &self.commands, &self.m, path, line, out, now);
        }
    }

    /// The profile's own commands (see `Tournament::answer`); a game they change is saved, and a press
    /// without a move is asked about. None: no profile, or the action is not its own.
    fn profile_answer(&mut self, action: &Action, now: Duration) -> Option<Vec<Effect>> {
        let path = self.view().log_path();
        let count = |cfg: &Config, m: &Match, made| explore::count(cfg, m.game(), m, made);
        let t = self.tournament.as_mut()?;
        let out = match t.answer(&mut self.config, &mut self.m, action, now, path, count)? {
            tournament::Profiled::Said {
                out,
                changed,
                to_assistant: false,
            } => {
                return Some(self.view().saved_if((out, changed)));
            }
            tournament::Profiled::Said { out, changed, .. } => self.view().saved_if((out, changed)),
            tournament::Profiled::WithoutMove(side) => self.press_without_move(side, now),
        };
        Some(self.view().assistant_view(out))
    }
}
