//! The session seen without changing it (`View`): what a face draws and says (the game and the position shown,
//! the clocks, the open question, the review, the board check's walk) and what the coordinator reads of its parts
//! (the state to keep and the save, the action log's place, who hears what).

use std::path::PathBuf;
use std::time::Duration;

use shakmaty::Color;

use super::board_check::BoardCheck;
use super::effect::{Announcement, Effect, Kind, say};
use super::games::{self, GameFiles};
use super::match_state::resume;
use super::questions::{self, Questions};
use super::review::Review;
use super::voice::Voice;
use super::{Config, Match, Mode, Pending, Tournament, explore, log, policy};
use crate::rules::{Ending, Game};
use crate::words::action::Action;
use crate::words::commands::Commands;

/// The session seen read-only, made by `Session::view`: the faces draw and ask through it, and the coordinator
/// reads through it what spans parts without changing them. It holds the parts by reference and asks them.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub(super) m: &'a Match,
    pub(super) config: &'a Config,
    pub(super) questions: &'a Questions,
    pub(super) files: &'a GameFiles,
    pub(super) tournament: Option<&'a Tournament>,
    pub(super) commands: &'a Commands,
    pub(super) board_check: &'a BoardCheck,
    pub(super) review: Option<&'a Review>,
    pub(super) last_said: Option<&'a Announcement>,
    /// The session's and the edge's time of the last command: the clock's state kept with every save is taken
    /// at this instant.
    pub(super) at: Duration,
    pub(super) real_at: Duration,
    /// Online play's part: whether a game is played on lichess, the opponent, the challenges.
    pub(super) online: &'a super::online::state::Online,
}

impl<'a> View<'a> {
    /// The game being played (a review never changes it).
    pub fn game(&self) -> &'a Game {
        self.m.game()
    }

    /// Online play: the lobby's challenges, the game's opponent (the faces show them).
    pub fn online(&self) -> &'a super::online::state::Online {
        self.online
    }

    /// The words and settings.
    pub fn config(&self) -> &'a Config {
        self.config
    }

    /// The mode the session runs in.
    pub fn mode(&self) -> Mode {
        self.tournament.map_or(Mode::Play, |t| t.mode)
    }

    /// The tournament profile's state, when it applies.
    pub fn tournament(&self) -> Option<&'a Tournament> {
        self.tournament
    }

    /// The announcement that ends a game: reason and PGN result.
    pub fn ending_text(&self, e: Ending) -> String {
        self.m.ending_text(self.config, e)
    }

    /// The game as PGN, as it would be saved now.
    pub fn pgn(&self) -> String {
        games::pgn(self.config, self.m)
    }

    /// The state that decides what is allowed (session/policy.rs): the first that holds of adjourned, review,
    /// board check (waiting), online game, tournament profile, play.
    pub(crate) fn state(&self) -> policy::State {
        let waits = self.board_check.waits();
        policy::state(self.policy_game(), self.m.is_adjourned(), waits)
    }

    /// The game as the policy sees it: the profile or a home game, online or here, reviewed or not.
    pub fn policy_game(&self) -> policy::Game {
        policy::Game {
            profile: self.tournament.is_some(),
            // A game played on lichess (session/online): no engine, hints or analysis while it is played.
            online: self.online.in_game(),
            reviewing: self.review.is_some(),
        }
    }

    /// What a face (a key, the pad menu, the keys' help) does with a command here: the policy's answer.
    pub fn offer(&self, kind: crate::words::commands::Kind) -> policy::Offer {
        policy::offer(self.policy_game(), kind)
    }

    /// Analysis of the position (attackers, legal moves, lines, the engine's evaluation): the policy's analysis
    /// rule (refused in a tournament game, R-11.3.1, allowed in its review).
    pub fn analysis_allowed(&self) -> bool {
        self.offer(crate::words::commands::Kind::Analysis) == policy::Offer::Yes
    }

    /// Taking moves back, a new game, a rematch: not in a tournament game.
    pub fn takeback_allowed(&self) -> bool {
        self.tournament.is_none()
    }

    /// The refusal of taking moves back, a new game or a rematch in a tournament game.
    pub(super) fn takeback_refused(&self) -> Option<Vec<Effect>> {
        let refused = || say(Kind::Refusal, self.config.p("tournament.not_allowed", &[]));
        (!self.takeback_allowed()).then(|| vec![refused()])
    }

    // --- the clocks ---

    /// Both sides' remaining time (White, Black) at `real_now`, or None in a game without a clock.
    pub fn clock_remaining(&self, real_now: Duration) -> Option<[Duration; 2]> {
        self.m.clock_remaining(self.m.now(real_now))
    }

    /// The side whose clock is running, if one is.
    pub fn clock_running(&self) -> Option<Color> {
        self.m.clock_running()
    }

    /// The session's time moves only with `wait` (`--virtual-clock`): a face needs no clock wake-ups.
    pub fn is_virtual_clock(&self) -> bool {
        self.m.is_virtual_clock()
    }

    /// When the edge should wake the session next (real time only; the virtual clock moves by `wait`).
    pub fn next_wake(&self, real_now: Duration) -> Option<Duration> {
        self.m.next_wake(self.config, real_now)
    }

    // --- the open question, the board check, the review ---

    /// The session waits for yes or no (resignation, continuing a kept game, retracing the moves).
    pub fn awaiting_answer(&self) -> bool {
        self.questions.awaits_yes_or_no()
    }

    /// The square the board check's guided walk asks now, if a walk is on.
    pub fn board_check_square(&self) -> Option<shakmaty::Square> {
        self.board_check.square()
    }

    /// The board check or the one-by-one scoresheet entry waits for the next line.
    pub fn board_check_waits(&self) -> bool {
        self.board_check.waits()
    }

    /// Whether a review is open.
    pub fn reviewing(&self) -> bool {
        self.review.is_some()
    }

    /// The position to show and explore: the reviewed one while reviewing, else the game's.
    pub fn shown_game(&self) -> &'a Game {
        self.review.map_or(self.m.game(), Review::shown)
    }

    /// For the full-screen view's move list: the main-line half-move the review is at (see `Review::main_ply`).
    pub fn review_main_ply(&self) -> Option<usize> {
        self.review?.main_ply()
    }

    /// For the full-screen view's status line: where the review is, and the comment.
    pub fn review_status(&self) -> Option<String> {
        Some(self.review?.status(&self.voice()))
    }

    // --- for the coordinator: what is said ---

    /// How the session says a move (see [`Voice`]).
    pub(super) fn voice(&self) -> Voice<'a> {
        Voice::new(self.config, self.tournament)
    }

    /// Whether "check" and "mate" are said with moves: in the tournament profile only when switched on.
    pub(super) fn check_words(&self) -> bool {
        self.tournament.is_none_or(Tournament::says_check_words)
    }

    /// What is said when the session starts.
    pub(super) fn greeting(&self) -> Vec<Effect> {
        self.m.greeting(self.config)
    }

    /// A game that is over: any move or claim is refused with its ending.
    pub(super) fn game_over(&self, e: Ending) -> String {
        self.m.game_over(self.config, e)
    }

    /// The last move in words (the match's texts, for the parts that say it).
    pub(super) fn last(&self) -> String {
        self.m.last(self.config, self.check_words())
    }

    /// `repeat`: the last announcement again.
    pub(super) fn repeat(&self) -> Vec<Effect> {
        match self.last_said {
            Some(a) => vec![say(Kind::Answer, a.text.clone())],
            None => vec![say(Kind::Refusal, self.config.p("repeat.none", &[]))],
        }
    }

    /// The open question `p`, as it was asked.
    pub(super) fn question(&self, p: Pending) -> String {
        let resume = self.files.resume.as_ref();
        let ends = questions::ends(self.config, self.m, Some(p));
        questions::asked(
            self.config,
            resume,
            self.board_check,
            self.m.game(),
            p,
            ends,
        )
    }

    /// The open question `p` asked: the operator's (in assistant mode the assistant answers it, D.2.10).
    pub(super) fn operator_question(&self, p: Pending) -> Vec<Effect> {
        let question = vec![say(Kind::Event, self.question(p))];
        questions::operator_view(self.mode(), question)
    }

    /// The questions about a position (`board`, `square`, `fen`, `count`, `moves`, the exploring commands),
    /// answered on `game`: the game's own, or the reviewed position.
    pub(super) fn position_answer(&self, action: &Action, game: &Game) -> Vec<Effect> {
        let asked = explore::Asked {
            voice: self.voice(),
            ending: &|e| self.ending_text(e),
            m: self.m,
            made: self.tournament.and_then(|t| t.made_move()),
        };
        explore::answer(&asked, game, action)
    }

    // --- for the coordinator: who hears it ---

    /// A refusal of the policy, with its reason (see `questions::refused`).
    pub(super) fn refused(&self, key: &str, line: &str) -> Vec<Effect> {
        questions::refused(self.config, self.tournament, key, line)
    }

    /// What the board check said (see `questions::board_check_view`).
    pub(super) fn board_check_view(&self, out: Vec<Effect>) -> Vec<Effect> {
        questions::board_check_view(self.questions, self.tournament, out)
    }

    /// In assistant mode, answers and refusals to the assistant stay on the screen (see
    /// [`Tournament::for_assistant`]).
    pub(super) fn assistant_view(&self, out: Vec<Effect>) -> Vec<Effect> {
        questions::assistant_view(self.tournament, out)
    }

    // --- for the coordinator: what is kept ---

    /// The state to keep with the next save, as at the session's last command.
    pub(super) fn kept_now(&self) -> Option<resume::Kept> {
        let tournament = self.tournament.map(Tournament::kept);
        let at_ms = resume::wall_ms(self.config, self.real_at);
        self.m.kept_now(self.at, at_ms, tournament)
    }

    /// The game saved to its file (and an envelope no longer its own removed).
    pub(super) fn autosave(&self) -> Vec<Effect> {
        self.files.autosave(self.config, self.m, self.kept_now())
    }

    /// What a part said, and the game saved when it changed or ended.
    pub(super) fn saved_if(&self, (mut out, changed): (Vec<Effect>, bool)) -> Vec<Effect> {
        if changed {
            out.extend(self.autosave());
        }
        out
    }

    /// The game as PGN with the clock's state and the made move as at the last command.
    pub(super) fn pgn_kept(&self) -> String {
        self.files.pgn_kept(self.config, self.m, self.kept_now())
    }

    /// Where the action log is kept: beside the game; while a kept game's question is open, its file and log
    /// belong to it.
    pub(super) fn log_path(&self) -> Option<PathBuf> {
        if self.files.resume.is_some() {
            return None;
        }
        self.config.save_path.as_deref().map(log::log_path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::session::{Command, Session};

    #[test]
    fn clocks_and_questions_are_seen_from_outside() {
        let config = Config {
            time_control: "5m".parse().ok(),
            ..Config::default()
        };
        let mut s = Session::new(Game::new(), config);
        s.start(Duration::ZERO);
        assert_eq!(s.view().clock_running(), Some(Color::White));
        let r = s.view().clock_remaining(Duration::from_secs(10)).unwrap();
        assert_eq!(r, [Duration::from_secs(290), Duration::from_secs(300)]);
        assert!(!s.view().awaiting_answer());
        s.update(Command::Act(s.read("resign")), Duration::from_secs(11));
        assert!(s.view().awaiting_answer());
        let plain = Session::new(Game::new(), Config::default());
        assert_eq!(plain.view().clock_remaining(Duration::ZERO), None);
        assert_eq!(plain.view().clock_running(), None);
    }

    #[test]
    fn a_press_without_a_move_is_a_question_answered_by_keys_on_the_full_screen() {
        // The full-screen view answers the session's questions with y/Enter and n/Escape; the
        // question names those keys, and nothing counts before the answer.
        let config = Config {
            time_control: "90m+30s".parse().ok(),
            mode: crate::session::Mode::Record,
            answer_by_keys: true,
            ..Config::default()
        };
        let mut s = Session::new(Game::new(), config);
        s.start(Duration::ZERO);
        let said = |out: Vec<crate::session::Effect>| -> Vec<String> {
            out.into_iter()
                .filter_map(|e| match e {
                    crate::session::Effect::Say(a) => Some(a.text),
                    _ => None,
                })
                .collect()
        };
        said(s.update(Command::Act(s.read("e4")), Duration::ZERO));
        said(s.update(Command::Act(s.read("press")), Duration::ZERO));
        let asked = said(s.update(Command::Act(s.read("press")), Duration::ZERO));
        assert_eq!(
            asked,
            [
                "A press without a move by Black: record an illegal move (Article 7.5.3)? Press y for yes, n or Escape for no"
            ]
        );
        assert!(s.view().awaiting_answer());
        let answered = said(s.update(Command::Act(s.read("no")), Duration::ZERO));
        assert!(answered[0].starts_with("Not recorded"), "{answered:?}");
        assert!(!s.view().awaiting_answer());
        assert_eq!(s.view().clock_running(), Some(Color::Black));
    }
}
