//! The application as a state machine: `update(command, now) -> effects`. Every user-visible decision lives here.

mod adjourn;
mod board_check;
mod config;
mod effect;
mod engine;
mod explore;
mod games;
pub mod log;
mod match_state;
pub mod policy;
mod questions;
mod resume;
mod review;
pub mod settings;
pub mod start;
mod takeback;
mod timing;
pub mod tournament;
mod view;

use std::path::PathBuf;
use std::time::Duration;

use shakmaty::Color;

use crate::rules::{Ending, Game, GameError};
use crate::words;
use crate::words::action::{Act, Action};
pub use adjourn::Envelope;
pub use config::Config;
pub use effect::{Announcement, Cue, Kind, NameSides, Opponent};
use effect::{quote, say};
pub use engine::{DEFAULT_LEVEL, EngineClock, EngineEvent, EngineRequest, LEVELS};
pub use games::{GameFile, GameSummary, fingerprint as games_fingerprint, split_games};
use match_state::{Match, Rejected, Said};
use questions::Questions;
pub use questions::ResumeOffer;
pub use settings::ClockSettings;
use timing::Timing;
pub use tournament::{Mode, Served, Tournament, TournamentSettings};

/// What the edges must carry out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    Say(Announcement),
    /// Write this PGN to this file (atomically). `done` is said on success (explicit saves only); on failure
    /// `failed` is said with `{reason}` replaced.
    Save {
        path: PathBuf,
        pgn: String,
        done: Option<String>,
        failed: String,
    },
    /// Append `text` (whole lines) to the file at `path`, created if missing, and sync it (issue 18.24: the
    /// action log is appended, never rewritten). Like a save, it is done before anything of its batch is said;
    /// what cannot be written is kept and tried again before the next batch. On failure `failed` is said with
    /// `{reason}` replaced, once, until it is written again.
    Append {
        path: PathBuf,
        text: String,
        failed: String,
    },
    /// Remove this file (an opened envelope).
    Remove {
        path: PathBuf,
    },
    /// Read this text file (at most `limit` bytes) and give it back as `Command::Read` before the next input
    /// (the other scoresheet of D.2.9, `compare FILE.pgn`).
    Read {
        path: PathBuf,
        limit: u64,
    },
    /// The scoresheet files of D.2.7 into `dir`: `STEM.pgn`, the plain-text scoresheet `STEM.txt`, and
    /// `braille` translated with the braille table into `STEM.brf`. A file of another game already there is not
    /// overwritten: the stem gets a number. `done` is said with `{files}`, `failed` with `{reason}`.
    Export {
        dir: PathBuf,
        stem: String,
        pgn: String,
        text: String,
        braille: String,
        table: String,
        done: String,
        failed: String,
    },
    /// A short sound (or rumble) for an event.
    Cue(Cue),
    /// Leave the program (after the effects before it).
    Quit,
    /// Start the engine in the background (ending one already running); it reports `Command::Engine`.
    EngineStart {
        command: String,
        level: u8,
        chess960: bool,
    },
    /// Ask the engine for a move in this position.
    EngineGo(EngineRequest),
    /// Play at this level (1..=10) from the next move on.
    EngineLevel(u8),
    /// Stop thinking; the answer is not wanted.
    EngineStop,
    /// End the engine.
    EngineQuit,
}

/// Input to the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// An action: a line read by [`Session::read`], a key, a pad's button. Its line is what the action log
    /// keeps.
    Act(Act),
    /// Standard input ended.
    EndOfInput,
    /// Time has passed: something may be due (a flag, a time announcement).
    Tick,
    /// The engine reported (ready, its move, a failure).
    Engine(EngineEvent),
    /// A file asked for by `Effect::Read`: its text, or why it could not be read.
    Read {
        path: PathBuf,
        text: Result<String, String>,
    },
    /// What the edge said about a file it wrote (an export's files, a save that failed or is safe again), for
    /// the action log (issue 18.14): the log holds the answer the player heard.
    Outcome(String),
}

/// A question waiting for its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pending {
    /// Resign for this side? Only yes or no answers it.
    Resign(Color),
    /// Continue the unfinished game kept in `Session::resume`? Only yes or no answers it: nothing is
    /// overwritten without an explicit no.
    Resume,
    /// A move entry did not fit the record (tournament profile): `illegal` records an illegal move for the
    /// arbiter, anything else is taken as the entry again.
    NotFitting,
    /// Which game of the file in `Session::choice`? (issue 10.8)
    ChooseGame,
    /// R-D.2.9b: retrace the moves to where the scoresheets agree?
    Rewind,
    /// Which piece the pawn becomes (R-3.7.5c): a piece word or letter answers it; anything else drops it.
    Promotion {
        from: shakmaty::Square,
        to: shakmaty::Square,
    },
    /// the clock of this side was pressed without a move; record an illegal move? A press may be a
    /// key bounce or a slip: only yes records it.
    PressWithoutMove(Color),
}

/// How an entered move is completed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Completion {
    /// Made by a player: in the tournament profile completed by the clock press or by the mover's next move
    /// (D.2.3-D.2.4, R-6.2.1.2); in play mode hector presses the clock with the move.
    ByPress,
    /// Complete as entered: the sealed move the arbiter opens (R-GI.9), the unpromoted pawn whose press made it
    /// an illegal move.
    AsEntered,
}

/// The session: the game and the conversation around it.
pub struct Session {
    /// The game, its clock, penalties and adjournment.
    m: Match,
    config: Config,
    pending: Option<Pending>,
    /// Whether the open yes/no question was said again (the next lines that do not answer it get a reminder).
    questions: Questions,
    /// An unfinished game waiting for the player's yes or no.
    resume: Option<ResumeOffer>,
    /// The engine, as far as the session knows it.
    engine: engine::EngineState,
    /// Command words of the player's language and English → canonical command names.
    commands: words::commands::Commands,
    /// The last announcement, for `repeat`.
    last_said: Option<Announcement>,
    /// Record and assistant mode: the tournament profile's state (None in play mode).
    tournament: Option<Tournament>,
    /// Said once after the greeting (an envelope that was not used).
    start_notes: Vec<String>,
    /// A file of several games, waiting for the player's choice.
    choice: Option<games::GameFile>,
    /// The chosen game's place in its file: saves to that file rewrite only this game.
    place: Option<games::Place>,
    /// An envelope read with a file of several games, checked once the game is chosen.
    pending_envelope: Option<Envelope>,
    /// The envelope beside the file belongs to another game of it: saves do not remove it.
    keep_envelope: bool,
    /// The board check and the scoresheet comparison of D.2.9.
    board_check: board_check::BoardCheck,
    /// An open review of the game (a copy: the game is never changed by it).
    review: Option<review::Review>,
    /// `--review FILE`: the review opens at the start once the game is known.
    review_at_start: bool,
    /// The session's time of the command being carried out, and the edge's (real) time of it: the clock's
    /// state kept with every save is taken at this instant (issue 18.3).
    at: Duration,
    real_at: Duration,
    /// The game's identity (the `HectorGame` tag), kept with it; and how many games this session began.
    game_id: String,
    games_begun: u32,
}

/// The PGN tag of a game's identity: the same game, saved or exported again, has the same one (issue 18.22).
pub const GAME_ID_TAG: &str = "HectorGame";

impl Session {
    pub fn new(mut game: Game, config: Config) -> Session {
        let kept = Session::take_kept(&mut game);
        let game_id = Session::take_game_id(&mut game);
        let commands = words::commands::Commands::new(&config.phrases);
        let timing = config
            .time_control
            .as_ref()
            .and_then(|tc| Timing::new(tc, &game, &config.clock));
        let virtual_now = config.virtual_clock.then_some(Duration::ZERO);
        let tournament = config
            .mode
            .is_tournament()
            .then(|| Tournament::new(config.mode, &config.tournament));
        Session {
            m: Match {
                game,
                timing,
                virtual_now,
                adjourned: None,
                illegal: [0; 2],
                qpf_request: None,
                counter_corrected: false,
                kept,
            },
            config,
            pending: None,
            questions: Questions::default(),
            resume: None,
            engine: engine::EngineState::default(),
            commands,
            last_said: None,
            tournament,
            start_notes: Vec::new(),
            choice: None,
            place: None,
            pending_envelope: None,
            keep_envelope: false,
            board_check: board_check::BoardCheck::default(),
            review: None,
            review_at_start: false,
            at: Duration::ZERO,
            real_at: Duration::ZERO,
            game_id: String::new(),
            games_begun: 0,
        }
        .with_game_id(game_id)
    }

    /// The game's identity: the one it was kept with, else a new one.
    fn with_game_id(mut self, id: Option<String>) -> Session {
        self.game_id = id.unwrap_or_else(|| self.next_game_id());
        self
    }

    /// A new game's identity: unique to this session and process.
    pub(super) fn next_game_id(&mut self) -> String {
        self.games_begun += 1;
        format!("{}-{}", self.config.game_id_base, self.games_begun)
    }

    /// The identity a loaded game was kept with, taken out of its tags (written anew with every save).
    pub(super) fn take_game_id(game: &mut Game) -> Option<String> {
        let id = game
            .tags
            .get(GAME_ID_TAG)
            .map(|v| {
                v.chars()
                    .filter(|c| c.is_ascii_graphic())
                    .take(80)
                    .collect::<String>()
            })
            .filter(|v| !v.is_empty());
        game.tags.retain(|name, _| name != GAME_ID_TAG);
        id
    }

    /// Continues an adjourned game: the envelope sets the clocks (Guidelines I.5). An envelope that does not
    /// belong to this game and position (a finished game, a game replaced in the file) is not used: the start
    /// says so, and the next save removes it (issue 10.2).
    pub fn with_envelope(mut self, envelope: Envelope) -> Session {
        if self.choice.is_some() {
            // Checked against the game the player chooses.
            self.pending_envelope = Some(envelope);
            return self;
        }
        match envelope.belongs_to(&self.m.game) {
            Ok(()) => {
                self.m.timing = Timing::from_envelope(&envelope, &self.m.game, &self.config.clock);
                self.m.adjourned = Some(envelope);
            }
            Err(key) => self.start_notes.push(self.p(key, &[])),
        }
        self
    }

    /// Offers at the start to continue an unfinished game; `yes` continues it with its clocks, anything
    /// else starts the new game (and a move typed instead of the answer is played in it).
    pub fn with_resume_offer(mut self, offer: ResumeOffer) -> Session {
        self.resume = Some(offer);
        self.pending = Some(Pending::Resume);
        self
    }

    /// The time the session works with: the virtual clock's, or the edge's.
    fn now(&self, real: Duration) -> Duration {
        self.m.virtual_now.unwrap_or(real)
    }

    pub fn game(&self) -> &Game {
        &self.m.game
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    fn p(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.config.p(key, args)
    }

    fn side(&self, c: Color) -> String {
        self.config.side(c)
    }

    /// The announcement that ends a game: reason and PGN result.
    pub fn ending_text(&self, e: Ending) -> String {
        self.m.ending_text(&self.config, e)
    }

    fn game_over(&self, e: Ending) -> String {
        self.m.game_over(&self.config, e)
    }

    fn game_error(&self, e: &GameError) -> String {
        self.m.game_error(&self.config, e)
    }

    /// What is said when the session starts; the clock starts now.
    pub fn start(&mut self, real_now: Duration) -> Vec<Effect> {
        let now = self.now(real_now);
        self.at = now;
        self.real_at = real_now;
        if self.choice.is_some() {
            let mut out = vec![say(Kind::Event, self.choice_question())];
            out.extend(self.engine_at_start());
            return out;
        }
        if self.review_at_start {
            let mut out = self.open_review_at_start();
            for note in std::mem::take(&mut self.start_notes) {
                out.push(say(Kind::Event, note));
            }
            return out;
        }
        let mut out = if self.resume.is_some() {
            Vec::new()
        } else {
            self.greeting()
        };
        for note in std::mem::take(&mut self.start_notes) {
            out.push(say(Kind::Event, note));
        }
        if let Some(env) = &self.m.adjourned {
            let text = self.p(
                "adjourned.greeting",
                &[
                    ("sealer", &self.side(env.sealer_color())),
                    ("number", &env.move_number.to_string()),
                ],
            );
            out.push(say(Kind::Event, text));
        } else if self.resume.is_some() {
            let text = self.question(Pending::Resume);
            // The question is the operator's: in assistant mode the assistant's screen (issue 18.17).
            out.extend(self.question_view(vec![say(Kind::Event, text)]));
        } else {
            // A game kept with its clock's state goes on exactly there (issue 18.3).
            let (restored, notes) = self.restore_kept(now, real_now);
            out.extend(self.restored_notes(notes));
            if !restored && !self.m.game.is_over() {
                let turn = self.m.game.turn();
                if let Some(t) = &mut self.m.timing {
                    t.start(turn, now, &self.config.clock);
                }
            }
        }
        if self.resume.is_none() {
            out.extend(self.tournament_greeting());
        }
        out.extend(self.engine_at_start());
        let next = self.engine_follow_up(now, &out);
        out.extend(next);
        out
    }

    /// What is said when the session starts.
    pub fn greeting(&self) -> Vec<Effect> {
        self.m.greeting(&self.config)
    }

    /// The one entry point: a command at time `now` (time since the session started) gives effects.
    pub fn update(&mut self, cmd: Command, real_now: Duration) -> Vec<Effect> {
        let now = self.now(real_now);
        self.at = now;
        self.real_at = real_now;
        // Whatever fell due before this command happened first (a flag before a late move).
        let mut out = self.tick(now);
        self.log_events(&mut out, now);
        match cmd {
            Command::EndOfInput => out.extend(self.quit()),
            Command::Act(act) => {
                let mut answer = self.act(&act, now);
                self.log_command(&act.line, &mut answer, now);
                out.extend(answer);
            }
            Command::Tick => {}
            Command::Engine(e) => out.extend(self.engine_event(e, now)),
            Command::Read { path, text } if self.takes_verify_read(&path) => {
                let mut answer = self.verify_answer(&path, text);
                self.log_command("verify", &mut answer, now);
                out.extend(answer);
            }
            Command::Read { path, text } => {
                let mut answer = self.file_read(&path, text);
                self.log_command(&format!("compare {}", path.display()), &mut answer, now);
                out.extend(answer);
            }
            Command::Outcome(text) => out.extend(self.log_outcome(text, now)),
        }
        let next = self.engine_follow_up(now, &out);
        out.extend(next);
        // What `repeat` says again: the last thing said.
        if let Some(a) = out.iter().rev().find_map(|e| match e {
            Effect::Say(a) => Some(a.clone()),
            _ => None,
        }) {
            self.last_said = Some(a);
        }
        out
    }

    /// `repeat`: the last announcement again.
    fn repeat(&self) -> Vec<Effect> {
        match &self.last_said {
            Some(a) => vec![say(Kind::Answer, a.text.clone())],
            None => vec![say(Kind::Refusal, self.p("repeat.none", &[]))],
        }
    }

    fn quit(&mut self) -> Vec<Effect> {
        // Before a game of the file is chosen, nothing is saved (the file is left as it is).
        if self.choice.is_some() {
            return vec![Effect::Quit];
        }
        if let Some(offer) = self.resume.as_ref().filter(|o| o.copied) {
            // Not answered: the game stays in its file, untouched; the copy made for "no" is not needed.
            return vec![
                Effect::Remove {
                    path: offer.keep_as.clone(),
                },
                Effect::Remove {
                    path: log::log_path(&offer.keep_as),
                },
                Effect::Remove {
                    path: adjourn::envelope_path(&offer.keep_as),
                },
                Effect::Quit,
            ];
        }
        let mut out = self.autosave();
        // D.2.7: a tournament game leaves its scoresheet files beside it.
        out.extend(self.scoresheet_beside_game());
        out.push(Effect::Quit);
        out
    }

    fn save_effect(&self, path: PathBuf, done: Option<String>) -> Effect {
        // The path is said whole (cleaned, never cut mid-name: issue 18.23).
        let failed = self.p(
            "save.failed",
            &[("path", &words::quote::clean(&path.display().to_string()))],
        );
        let pgn = self.pgn_kept();
        // A file of several games: only this game's place is rewritten (issue 10.8).
        let pgn = match &self.place {
            Some(place) => place.splice(&path, &pgn).unwrap_or(pgn),
            None => pgn,
        };
        Effect::Save {
            path,
            pgn,
            done,
            failed,
        }
    }

    /// The game saved to its file. A game that is not adjourned has no envelope: one left beside the file (by
    /// a game that ended, was resumed or was replaced) is removed with the same save (Guidelines I; issue 10.2).
    fn autosave(&self) -> Vec<Effect> {
        if self.resume.is_some() {
            // The kept game is not overwritten while its question is open (quit before answering keeps it).
            return Vec::new();
        }
        match &self.config.save_path {
            Some(path) => {
                let mut out = vec![self.save_effect(path.clone(), None)];
                if self.m.adjourned.is_none() && !self.keep_envelope {
                    out.push(Effect::Remove {
                        path: adjourn::envelope_path(path),
                    });
                }
                out
            }
            None => Vec::new(),
        }
    }

    /// The game as PGN with the clock's state and the made move as at the last command (the `HectorClock` tag,
    /// see session/resume.rs): what is written to the game's file, in the same save as the moves.
    pub(super) fn pgn_kept(&self) -> String {
        let tags = crate::rules::pgn::ExportTags {
            time_control: self.config.time_control.as_ref().map(ToString::to_string),
            extra: std::iter::once((GAME_ID_TAG.to_string(), self.game_id.clone()))
                .chain(
                    self.kept_now()
                        .map(|k| (resume::TAG.to_string(), k.to_tag())),
                )
                .collect(),
            ..Default::default()
        };
        crate::rules::pgn::export(&self.m.game, &tags)
    }

    /// The game as PGN, as it would be saved now.
    pub fn pgn(&self) -> String {
        let tags = crate::rules::pgn::ExportTags {
            time_control: self.config.time_control.as_ref().map(ToString::to_string),
            ..Default::default()
        };
        crate::rules::pgn::export(&self.m.game, &tags)
    }

    /// A line read once into its action, as the session's state reads it now: a command word of any language
    /// becomes its command, with the text after it; a line that reads as a move is a move even when its first
    /// word is a command's; while the board check waits, a line is its answer; a line that is no command is an
    /// entry (a move, or the answer a question waits for). The line is kept with it for the action log.
    pub fn read(&self, line: &str) -> Act {
        Act::said(self.read_action(line.trim()), line)
    }

    fn read_action(&self, line: &str) -> Action {
        if line.is_empty() || self.pending == Some(Pending::ChooseGame) {
            return Action::Entry(line.to_string());
        }
        let (word, rest) = words::action::split(&self.commands, line);
        let is_move = self.line_is_a_move(rest, line);
        // The blind player's request, whatever follows it (while the game is adjourned a line that reads as a
        // move is refused as one: it could be the sealed move).
        if line.to_lowercase().starts_with("player:") && !(is_move && self.m.adjourned.is_some()) {
            return Action::Player(line["player:".len()..].trim().to_string());
        }
        // A line that reads as a move is a move, even when its first word is a command's ("Knight f3" is no
        // `knights`; R-C.3: any built-in notation).
        if is_move {
            return Action::Entry(line.to_string());
        }
        if self.board_check_waits() && !board_check::PASS_THROUGH.contains(&word.as_str()) {
            return Action::Entry(line.to_string());
        }
        if self.board_check_clocks() {
            if self.is_word(&word, "keep", "words.keep") {
                return Action::Keep;
            }
            if word == "set" {
                return Action::SetClocks(rest.to_string());
            }
        }
        if self.is_word(&word, "is", "words.question") {
            return Action::Is(rest.to_string());
        }
        if let Some(a) = Action::command(&word, rest) {
            return a;
        }
        match word.as_str() {
            "yes" => Action::Yes,
            "no" => Action::No,
            w if words::action::ANALYSIS_WORDS.contains(&w) => Action::Analysis(line.to_string()),
            _ => Action::Entry(line.to_string()),
        }
    }

    /// The state that decides what is allowed (session/policy.rs).
    pub(crate) fn state(&self) -> policy::State {
        if self.m.adjourned.is_some() {
            policy::State::Adjourned
        } else if self.review.is_some() {
            policy::State::Review
        } else if self.board_check_waits() {
            policy::State::BoardCheck
        } else if self.tournament.is_some() {
            policy::State::Tournament
        } else {
            policy::State::Play
        }
    }

    /// An action: an open question takes its answers first; then the policy allows it, refuses it with its
    /// reason, or reads its line as the answer the state waits for; then its handler answers it.
    fn act(&mut self, act: &Act, now: Duration) -> Vec<Effect> {
        let line = act.line.trim();
        if line.is_empty() {
            return Vec::new();
        }
        if self.pending == Some(Pending::ChooseGame) {
            self.pending = None;
            return self.choose_game(line, now);
        }
        let action = &act.action;
        if let Some(p) = self.pending.take() {
            if let Pending::Promotion { from, to } = p {
                if let Some(out) = self.promote(from, to, line, now) {
                    return out;
                }
                // Not a piece: the question is dropped and the line is read as usual.
            } else if p == Pending::NotFitting {
                // the entry that did not fit was an illegal move; anything else is a new entry.
                if let Action::Illegal(rest) = action {
                    let out = self.illegal(rest, now);
                    return self.assistant_view(out);
                }
            } else {
                let answered = questions::yes_or_no(&self.config, line);
                if answered.is_some() {
                    self.questions.answered();
                }
                let out = match answered {
                    // What a "yes" does to the game is said as ever (and the assistant's answers shown).
                    Some(true) => {
                        let out = self.confirm(p, now);
                        return self.assistant_view(out);
                    }
                    // Declining a kept game starts the new one: its greeting is for everyone.
                    Some(false) if p == Pending::Resume => {
                        let out = self.cancel(p, now);
                        return self.assistant_view(out);
                    }
                    Some(false) => self.cancel(p, now),
                    // Leaving is no answer: the question stays unanswered and nothing it asks about changes
                    // (an unfinished game offered stays in its file as it was).
                    None if *action == Action::Quit => {
                        self.pending = Some(p);
                        return self.quit();
                    }
                    None => {
                        self.pending = Some(p);
                        let asked = matches!(action, Action::Help | Action::Repeat);
                        let question = self.question(p);
                        let said =
                            self.questions
                                .not_an_answer(&self.config, &question, line, asked);
                        vec![said]
                    }
                };
                // The question's reminders and a "no" are the operator's (in assistant mode the assistant's
                // screen, not the blind player's earpiece).
                return self.question_view(out);
            }
        }
        match policy::verdict(self.state(), action) {
            policy::Verdict::Allowed => self.answer(action, line, now),
            policy::Verdict::Refused(key) => self.refused(key, line),
            policy::Verdict::Answer => {
                let out = if self.board_check_walks() {
                    self.walk_answer(line)
                } else {
                    let (word, _) = words::action::split(&self.commands, line);
                    self.entry_line(line, &word)
                };
                self.board_check_view(out)
            }
        }
    }

    /// A refusal of the policy, with its reason.
    fn refused(&self, key: &str, line: &str) -> Vec<Effect> {
        let out = vec![say(
            Kind::Refusal,
            self.p(key, &[("text", &words::quote(line))]),
        )];
        // The profile's refusal of analysis is said to the player himself.
        if key == "tournament.not_allowed" {
            out
        } else {
            self.assistant_view(out)
        }
    }

    /// What the board check said: `rewind` asks the operator whether to retrace the moves: his question
    /// (D.2.9b).
    fn board_check_view(&self, out: Vec<Effect>) -> Vec<Effect> {
        if self.pending == Some(Pending::Rewind) {
            self.question_view(out)
        } else {
            self.assistant_view(out)
        }
    }

    /// The one routing of an allowed action to the handler that answers it: the review's while a review is
    /// open, the board check's, the tournament profile's, then the ordinary commands.
    fn answer(&mut self, action: &Action, line: &str, now: Duration) -> Vec<Effect> {
        use Action as A;
        let reviewing = self.review.is_some();
        let tournament = self.tournament.is_some();
        let out = match action {
            // The review's steps, and read-only questions answered on the reviewed position.
            A::Review(rest) if reviewing && self.config.phrases.is_word("arg.off", rest) => {
                self.leave_review()
            }
            A::Review(_) | A::Last if reviewing => {
                vec![say(Kind::Answer, self.review_here(false))]
            }
            A::Done if reviewing => self.leave_review(),
            A::Back if reviewing => self.review_step(-1),
            A::Forward if reviewing => self.review_step(1),
            A::Start if reviewing => self.review_jump(false),
            A::End if reviewing => self.review_jump(true),
            A::Goto(rest) if reviewing => self.review_goto(rest),
            A::Variation(rest) if reviewing => self.enter_variation(rest),
            A::Leave if reviewing => self.leave_variation(),
            A::Board
            | A::Square(_)
            | A::Fen
            | A::Count
            | A::Moves(_)
            | A::Rank(_)
            | A::File(_)
            | A::Diagonals(_)
            | A::Lines(_)
            | A::Knights(_)
            | A::Attackers(_)
            | A::Legal(_)
            | A::Pieces(_)
            | A::Pawns(_)
            | A::Material(_)
            | A::Turn(_)
                if reviewing =>
            {
                self.on_shown(|s| s.ordinary(action, line, Duration::ZERO))
            }
            A::Review(rest) => self.enter_review(rest),
            A::Back
            | A::Forward
            | A::Start
            | A::End
            | A::Goto(_)
            | A::Variation(_)
            | A::Leave
            | A::Done => return self.refused("review.not_open", line),
            // The board check and the scoresheets' comparison (D.2.9).
            A::Keep => {
                let out = self.clocks_keep(now);
                return self.board_check_view(out);
            }
            A::SetClocks(rest) => {
                let out = self.clocks_set(rest, now);
                return self.board_check_view(out);
            }
            A::Check(rest) => {
                let out = self.check_command(rest);
                return self.board_check_view(out);
            }
            A::Compare(rest) => {
                let out = self.compare_command(rest);
                return self.board_check_view(out);
            }
            A::Rewind => {
                let out = self.rewind_command();
                return self.board_check_view(out);
            }
            A::Rewound => {
                let out = self.rewound();
                return self.board_check_view(out);
            }
            A::Is(rest) => {
                let out = self.quick_question(rest);
                return self.board_check_view(out);
            }
            // The tournament profile's own commands (D.2).
            A::Player(request) if tournament => return self.player_request(request, now),
            A::Press if tournament => self.press_clock(now),
            A::Undo if tournament => self.undo_made(now),
            A::State if tournament => vec![self.to_operator(self.state_text(now))],
            A::Log(rest) if tournament => self.read_log(rest),
            A::Touched(rest) if tournament => self.touched(rest),
            A::Role(rest) if tournament => self.role(rest),
            A::Inspect if tournament => vec![say(Kind::Answer, self.inspection())],
            A::Verify if tournament => self.verify_command(),
            A::Announce(rest) if tournament => self.clock_announcements(rest),
            A::Opponent(rest)
                if tournament
                    && (rest.eq_ignore_ascii_case("hearing-impaired")
                        || rest.eq_ignore_ascii_case("hearing impaired")) =>
            {
                self.hearing_impaired_opponent()
            }
            A::Arbiter(rest)
                if tournament
                    && (rest.to_lowercase().starts_with("check-words")
                        || rest.to_lowercase().starts_with("checkwords")) =>
            {
                return self.check_words_command(rest);
            }
            // The adjournment's (Guidelines I).
            A::Open if self.m.adjourned.is_some() => self.open_envelope(now),
            _ => self.ordinary(action, line, now),
        };
        self.assistant_view(out)
    }

    /// Whether a line of several words reads as a move entry (legal or not) in the position on the board, so
    /// that no command takes it. A board check in progress and a review read lines their own way.
    fn line_is_a_move(&self, rest: &str, line: &str) -> bool {
        !rest.is_empty()
            && line.starts_with(char::is_alphanumeric)
            && !self.board_check_waits()
            && self.review.is_none()
            && match words::parse_move(&self.m.game, &self.config.vocabulary, line) {
                Ok(_) => true,
                Err(e) => e.reads_as_move(),
            }
    }

    /// The ordinary commands (play mode's, and the profile's where they are the same); a line that is no
    /// command is a move entry.
    fn ordinary(&mut self, action: &Action, line: &str, now: Duration) -> Vec<Effect> {
        use Action as A;
        match action {
            A::Help => vec![say(
                Kind::Answer,
                self.p(
                    "help",
                    &[(
                        "commands",
                        &words::commands::help_list(&self.config.phrases),
                    )],
                ),
            )],
            A::Quit => self.quit(),
            A::Last => vec![say(
                Kind::Answer,
                self.m.last(&self.config, self.check_words()),
            )],
            A::Moves(rest) => self.m.moves(&self.config, self.check_words(), rest),
            A::Count => vec![say(Kind::Answer, self.count())],
            A::Board => vec![say(Kind::Answer, self.board())],
            A::Square(rest) => self.m.square(&self.config, rest),
            A::Fen => vec![say(Kind::Answer, self.m.game.fen())],
            A::Claim(rest) => self.claim(rest, now),
            A::Offer => self.offer(now),
            A::Accept => self.accept(now),
            A::Decline => self.decline(now),
            A::Resign(rest) => self.resign(rest),
            A::Yes | A::No => vec![say(Kind::Refusal, self.p("confirm.nothing", &[]))],
            A::Save(rest) => self.save(rest),
            A::Scoresheet(rest) => self.scoresheet(rest),
            A::Export(rest) => self.export(rest),
            A::Kept => self.kept(),
            A::Repeat => self.repeat(),
            A::Takeback(rest) => self.takeback(rest, now),
            A::New => self.new_game(now),
            A::Rematch => self.rematch(now),
            A::Rank(rest)
            | A::File(rest)
            | A::Diagonals(rest)
            | A::Lines(rest)
            | A::Knights(rest)
            | A::Attackers(rest)
            | A::Legal(rest)
            | A::Pieces(rest)
            | A::Pawns(rest)
            | A::Material(rest)
            | A::Turn(rest) => self.explore(action.name(), rest),
            A::Sides(rest) => self.config.sides_command(rest),
            A::Time => self.time_answer(now),
            A::Used => self.used_answer(now),
            A::Control => self.control_answer(now),
            A::Flag => self.flag_claim(now),
            A::Wait(rest) => self.wait(rest, now),
            A::Illegal(rest) => self.illegal(rest, now),
            A::Press => self.press_without_move(self.m.game.turn(), now),
            A::Increment => self.request_increment(now),
            A::Arbiter(rest) => self.arbiter(rest, now),
            A::Seal(rest) => self.seal(rest, now),
            A::Envelope => self.read_envelope(),
            A::Open => vec![say(Kind::Refusal, self.p("envelope.none", &[]))],
            A::Engine(rest) => self.engine_command(rest),
            A::Opponent(rest) => self.opponent_command(rest),
            A::Level(rest) => self.level_command(rest),
            // No command of play mode (the profile's own, a request, a word of analysis) or no command at all:
            // read as a move entry.
            _ => self.play_text(line, now),
        }
    }

    /// What a resumption restored (the clocks, a made move, the physical clock's rule) is the operator's: in
    /// assistant mode the assistant's screen, as the blind player hears the time only when he asks (D.2.10.4).
    fn restored_notes(&self, notes: Vec<String>) -> Vec<Effect> {
        self.question_view(notes.into_iter().map(|n| say(Kind::Event, n)).collect())
    }

    /// A question and what is said about it without changing the game are the operator's: in assistant mode
    /// the assistant answers it, so it is shown to the assistant, not spoken to the blind player (D.2.10).
    fn question_view(&self, out: Vec<Effect>) -> Vec<Effect> {
        if self.mode() != Mode::Assistant {
            return out;
        }
        out.into_iter()
            .map(|e| match e {
                Effect::Say(a) if matches!(a.kind, Kind::Answer | Kind::Refusal | Kind::Event) => {
                    say(Kind::Assistant, a.text)
                }
                other => other,
            })
            .collect()
    }

    /// How a question is answered here: typed words in line mode, keys in the full-screen view.
    pub(super) fn how_to_answer(&self) -> String {
        questions::how_to_answer(&self.config)
    }

    /// The open question, as it was asked.
    fn question(&self, p: Pending) -> String {
        p.text(&self.config, self.resume.as_ref(), || {
            self.rewind_question()
        })
    }

    /// The answer to the promotion question: the move with the piece named, or None when `line` names no piece.
    fn promote(
        &mut self,
        from: shakmaty::Square,
        to: shakmaty::Square,
        line: &str,
        now: Duration,
    ) -> Option<Vec<Effect>> {
        let role = words::spoken::parse_piece(&self.config.vocabulary, line)?;
        let m = self
            .m
            .game
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == Some(from) && m.to() == to && m.promotion() == Some(role));
        match m {
            Some(m) => Some(self.enter_move(m, Completion::ByPress, now)),
            None => {
                // A king or a pawn: the question stays, asked again.
                self.pending = Some(Pending::Promotion { from, to });
                Some(vec![say(
                    Kind::Refusal,
                    self.question(Pending::Promotion { from, to }),
                )])
            }
        }
    }

    /// "no" to a question.
    fn cancel(&mut self, p: Pending, now: Duration) -> Vec<Effect> {
        match p {
            Pending::Resign(_) => vec![say(Kind::Event, self.p("resign.cancelled", &[]))],
            Pending::Resume => self.decline_resume(now),
            Pending::Promotion { .. } | Pending::NotFitting | Pending::ChooseGame => Vec::new(),
            Pending::Rewind => vec![say(Kind::Event, self.p("rewind.cancelled", &[]))],
            Pending::PressWithoutMove(side) => {
                vec![self.to_operator(self.p("press.slip", &[("side", &self.side(side))]))]
            }
        }
    }

    fn confirm(&mut self, p: Pending, now: Duration) -> Vec<Effect> {
        match p {
            Pending::Promotion { .. } => Vec::new(),
            Pending::Resign(side) => {
                let said = self.m.resign(&self.config, side);
                self.carry(said, now)
            }
            Pending::Resume => self.accept_resume(now),
            Pending::NotFitting => vec![say(Kind::Refusal, self.p("confirm.nothing", &[]))],
            Pending::ChooseGame => self.choose_game("yes", now),
            Pending::Rewind => self.rewind_confirmed(now),
            Pending::PressWithoutMove(side) => self.press_without_move_confirmed(side, now),
        }
    }

    /// `yes` to the resume offer: the kept game with its clocks replaces the new one.
    fn accept_resume(&mut self, now: Duration) -> Vec<Effect> {
        let Some(offer) = self.resume.take() else {
            return Vec::new();
        };
        let mut game = offer.game.with_edition(self.m.game.edition());
        self.m.kept = Session::take_kept(&mut game);
        if let Some(id) = Session::take_game_id(&mut game) {
            self.game_id = id;
        }
        self.m.game = game;
        // The game goes on in its own file, with its own action log (issue 18.2); the copy made before the
        // question is not needed.
        let mut files = Vec::new();
        if offer.copied {
            self.config.kept_games.retain(|p| *p != offer.keep_as);
            files.push(Effect::Remove {
                path: offer.keep_as.clone(),
            });
            files.push(Effect::Remove {
                path: log::log_path(&offer.keep_as),
            });
            files.push(Effect::Remove {
                path: adjourn::envelope_path(&offer.keep_as),
            });
        }
        if let (Some(t), Some(text)) = (&mut self.tournament, &offer.log) {
            t.log = log::ActionLog::continued(self.config.tournament.started, text);
        }
        // The kept game goes on with its own clock: a --time given for the new game is said to be unused.
        let mut out = Vec::new();
        if let Some(given) = &self.config.time_control
            && offer.time_control.as_ref() != Some(given)
        {
            let text = match &offer.time_control {
                Some(kept) => self.p(
                    "resume.time_kept",
                    &[
                        ("kept", &words::time::control(&self.config.phrases, kept)),
                        ("given", &given.to_string()),
                    ],
                ),
                None => self.p("resume.time_none", &[("given", &given.to_string())]),
            };
            out.push(say(Kind::Event, text));
        }
        self.config.time_control = offer.time_control;
        self.m.timing = self
            .config
            .time_control
            .as_ref()
            .and_then(|tc| Timing::new(tc, &self.m.game, &self.config.clock));
        // An adjourned game goes on with its envelope (Guidelines I.5), as `--load` would.
        let mut sealed = Vec::new();
        if let Some(env) = offer.envelope {
            match env.belongs_to(&self.m.game) {
                Ok(()) => {
                    self.m.timing = Timing::from_envelope(&env, &self.m.game, &self.config.clock);
                    sealed.push(say(
                        Kind::Event,
                        self.p(
                            "adjourned.greeting",
                            &[
                                ("sealer", &self.side(env.sealer_color())),
                                ("number", &env.move_number.to_string()),
                            ],
                        ),
                    ));
                    self.m.adjourned = Some(env);
                    self.m.kept = None;
                }
                Err(key) => sealed.push(say(Kind::Event, self.p(key, &[]))),
            }
        }
        // The clock's state kept with the game: it goes on exactly there (issue 18.3).
        let (restored, notes) = self.restore_kept(now, self.real_at);
        if !restored && !self.m.game.is_over() && self.m.adjourned.is_none() {
            let turn = self.m.game.turn();
            if let Some(t) = &mut self.m.timing {
                t.start(turn, now, &self.config.clock);
            }
        }
        let mut greeting = files;
        greeting.extend(self.greeting());
        greeting.extend(out);
        greeting.extend(self.restored_notes(notes));
        greeting.extend(sealed);
        greeting.extend(self.tournament_greeting());
        greeting
    }

    /// `no`: the unfinished game is kept, unchanged, in the folder of kept games (written before anything is
    /// said, and before the new game's first save can overwrite the old file); the new game starts now.
    fn decline_resume(&mut self, now: Duration) -> Vec<Effect> {
        let Some(offer) = self.resume.take() else {
            return Vec::new();
        };
        let turn = self.m.game.turn();
        if let Some(t) = &mut self.m.timing {
            t.start(turn, now, &self.config.clock);
        }
        let kept = offer.keep_as.display().to_string();
        let mut out = if offer.copied {
            // Kept (with its log) before the question; the new game starts its own log in the file.
            let mut out = vec![say(Kind::Event, self.p("resume.kept", &[("path", &kept)]))];
            if let Some(path) = &self.config.save_path {
                out.push(Effect::Remove {
                    path: log::log_path(path),
                });
            }
            if !self.config.kept_games.contains(&offer.keep_as) {
                self.config.kept_games.push(offer.keep_as);
            }
            out
        } else {
            // It could not be copied: it stays in its file, and the new game takes a new name.
            self.config.save_path = Some(offer.fallback.clone());
            vec![say(
                Kind::Event,
                self.p(
                    "resume.left_in_place",
                    &[
                        ("path", &offer.path.display().to_string()),
                        ("new", &offer.fallback.display().to_string()),
                    ],
                ),
            )]
        };
        out.extend(self.greeting());
        out.extend(self.tournament_greeting());
        out
    }

    /// `kept`: the games kept in the folder of kept games, by date, and how to open one.
    fn kept(&self) -> Vec<Effect> {
        let games = &self.config.kept_games;
        if games.is_empty() {
            return vec![say(Kind::Answer, self.p("kept.none", &[]))];
        }
        let names: Vec<String> = games.iter().map(|p| p.display().to_string()).collect();
        vec![say(
            Kind::Answer,
            self.p(
                "kept.list",
                &[
                    ("n", &games.len().to_string()),
                    ("games", &names.join("; ")),
                ],
            ),
        )]
    }

    fn refusal(&self, e: &words::MoveInputError) -> String {
        words::explain(&self.config.vocabulary, &self.config.phrases, e)
    }

    fn play_text(&mut self, text: &str, now: Duration) -> Vec<Effect> {
        if let Some(e) = self.m.game.ending() {
            return vec![say(Kind::Refusal, self.game_over(e))];
        }
        if let Some(refused) = self.engine_refuses_move() {
            return refused;
        }
        match words::parse_move(&self.m.game, &self.config.vocabulary, text) {
            Ok(m) => self.enter_move(m, Completion::ByPress, now),
            Err(e) if self.tournament.is_some() && tournament::does_not_fit(&e) => {
                let reason = self.refusal(&e);
                self.entry_does_not_fit(text, reason)
            }
            Err(e @ words::MoveInputError::PromotionNeeded { from, to }) => {
                // The question is answered by the piece alone ("Dame", "q") on the next line.
                self.pending = Some(Pending::Promotion { from, to });
                vec![say(Kind::Event, self.refusal(&e))]
            }
            Err(e) => vec![
                say(Kind::Refusal, self.refusal(&e)),
                Effect::Cue(Cue::Illegal),
            ],
        }
    }

    fn announce(&self, ply: &crate::rules::Ply, long: bool) -> String {
        Match::announce(&self.config, ply, long, self.check_words())
    }

    fn announce_last_ply(&self) -> String {
        self.m.last_ply_said(&self.config, self.check_words())
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
        if self.tournament.is_none() {
            return self.play(m, now);
        }
        let mover = self.m.game.turn();
        let mut out = self.make_move(m, now);
        let made = self
            .tournament
            .as_ref()
            .is_some_and(|t| t.move_made_not_completed());
        if completion == Completion::AsEntered && made && self.m.game.turn() != mover {
            out.extend(self.complete_by_press(mover, now));
            out.extend(self.autosave());
        }
        out
    }

    /// A move is made (executed and announced), then completed: the clock is pressed (R-6.2.1, D.2.3-D.2.4).
    /// A move that ends the game is complete without a press. Play mode only: see [`Session::enter_move`].
    fn play(&mut self, m: shakmaty::Move, now: Duration) -> Vec<Effect> {
        let mover = self.m.game.turn();
        if let Err(e) = self.m.game.play(m) {
            return vec![say(Kind::Refusal, self.game_error(&e))];
        }
        if self.m.qpf_request == Some(mover.other()) {
            self.m.qpf_request = None;
        }
        let mut out = self.after_move(mover, now);
        out.extend(self.autosave());
        out
    }

    /// Announcement, sound, clock press and ending after a move was made.
    fn after_move(&mut self, mover: Color, now: Duration) -> Vec<Effect> {
        let mut out = self.m.move_said(&self.config, mover, self.check_words());
        if let Some(e) = self.m.game.ending() {
            self.stop_clock(now);
            self.mark_clock(mover, now);
            out.push(say(Kind::GameEnd, self.ending_text(e)));
            out.push(Effect::Cue(Cue::GameEnd));
        } else {
            out.extend(self.press(mover, now));
            self.mark_clock(mover, now);
        }
        out
    }

    /// Articles 9.2, 9.3 and 9.5: the side to move claims a draw, now or with an intended move.
    fn claim(&mut self, rest: &str, now: Duration) -> Vec<Effect> {
        if let Some(e) = self.m.game.ending() {
            return vec![say(Kind::Refusal, self.game_over(e))];
        }
        // The side to move claims: not the player while the engine is to move.
        if let Some(refused) = self.engine_refuses_move() {
            return refused;
        }
        let check_words = self.check_words();
        let Rejected {
            mut out,
            claimant,
            played,
        } = match self.m.claim(&self.config, rest, check_words) {
            Ok(said) => return self.carry(said, now),
            Err(rejected) => rejected,
        };
        out.extend(self.wrong_claim_penalty(claimant, now));
        if played {
            // the intended move is made; in the profile it waits for its press like any entry.
            if self.tournament.is_some() {
                out.extend(self.made_in_profile(claimant, None, now));
            } else {
                out.extend(self.after_move(claimant, now));
                out.extend(self.autosave());
            }
        }
        out
    }

    fn offer(&mut self, now: Duration) -> Vec<Effect> {
        match self.m.offer(&self.config) {
            // The engine answers at once, by its rule (engine::draw_rule); the player never answers their own
            // offer.
            Said::Changed(mut out) if self.engine_opponent() => {
                let accepts = self.engine_accepts_draw();
                let answer = self.m.engine_answers_offer(&self.config, accepts);
                out.extend(self.carry(answer, now));
                out
            }
            said => self.carry(said, now),
        }
    }

    fn no_offer(&self) -> Vec<Effect> {
        self.m.no_offer(&self.config)
    }

    fn accept(&mut self, now: Duration) -> Vec<Effect> {
        match self.m.answerer(&self.config, self.engine_opponent()) {
            Some(by) => {
                let said = self.m.accept(&self.config, by);
                self.carry(said, now)
            }
            None => self.no_offer(),
        }
    }

    fn decline(&mut self, now: Duration) -> Vec<Effect> {
        let Some(by) = self.m.answerer(&self.config, self.engine_opponent()) else {
            return self.no_offer();
        };
        match self.m.decline(&self.config, by) {
            Ok(mut out) => {
                out.extend(self.grant_increment(by.other(), now));
                out
            }
            Err(out) => out,
        }
    }

    /// Article 5.1.2: resignation, always confirmed.
    fn resign(&mut self, rest: &str) -> Vec<Effect> {
        let side = match self.m.resigning(&self.config, rest) {
            Ok(side) => side,
            Err(out) => return out,
        };
        self.pending = Some(Pending::Resign(side));
        // In assistant mode the assistant answers it: his question, not the blind player's (D.2.10).
        self.question_view(vec![say(Kind::Event, self.question(Pending::Resign(side)))])
    }

    fn save(&mut self, named: &Option<PathBuf>) -> Vec<Effect> {
        let path = match named.as_ref().or(self.config.save_path.as_ref()) {
            Some(p) => p.clone(),
            None => return vec![say(Kind::Refusal, self.p("save.no_file", &[]))],
        };
        let done = self.p(
            "save.done",
            &[("path", &words::quote(&path.display().to_string()))],
        );
        vec![self.save_effect(path, Some(done))]
    }

    // --- the match (p6): its texts for the other parts, and what its claims and offers did ---

    /// Whether "check" and "mate" are said with moves: in the tournament profile only when switched on.
    fn check_words(&self) -> bool {
        !self
            .tournament
            .as_ref()
            .is_some_and(|t| !t.says_check_words())
    }

    /// What a claim, an offer's answer or a resignation did: a game that ended stops its clock; a changed game
    /// is saved.
    fn carry(&mut self, said: Said, now: Duration) -> Vec<Effect> {
        match said {
            Said::Refused(out) => out,
            Said::Ended(mut out) => {
                self.stop_clock(now);
                out.extend(self.autosave());
                out
            }
            Said::Changed(mut out) => {
                out.extend(self.autosave());
                out
            }
        }
    }

    /// The last move, the count and the board in words (the match's texts, for the parts that say them).
    fn last(&self) -> String {
        self.m.last(&self.config, self.check_words())
    }

    fn count(&self) -> String {
        self.m.count(&self.config)
    }

    fn board(&self) -> String {
        self.m.board(&self.config)
    }
}
