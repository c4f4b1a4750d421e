//! The questions the session asks (yes or no, which piece, which game) and what they are about.

use std::path::PathBuf;

use shakmaty::Position;

use super::Effect;
use super::board_check::BoardCheck;
use super::config::Mode;
use super::effect::{Kind, quote, say};
use super::match_state::Match;
use super::tournament::Tournament;
use super::{Config, Envelope, Pending};
use crate::rules::Game;
use crate::rules::time_control::TimeControl;
use crate::words::action::Action;
use crate::words::{self, Phrases};

/// An unfinished game found on start-up, offered for resumption (games are never lost).
#[derive(Debug, Clone)]
pub struct ResumeOffer {
    pub game: Game,
    pub time_control: Option<TimeControl>,
    /// Where it was kept (said, so the player knows which game).
    pub path: PathBuf,
    /// The file as it was read: written unchanged to `keep_as` when the player declines it (unless `copied`).
    pub text: String,
    /// Where a declined game is kept (the folder of kept games, named by date).
    pub keep_as: PathBuf,
    /// The file and its action log were copied to `keep_as` before the question: "no" leaves the
    /// copy, "yes" removes it. When the copy could not be made, "no" starts the new game in `fallback` and the
    /// unfinished game stays in its file.
    pub copied: bool,
    /// A free name beside `path` for a new game when the old one could not be kept.
    pub fallback: PathBuf,
    /// The game's action log, which goes on when the game does (tournament profile).
    pub log: Option<String>,
    /// The envelope of an adjourned game (Guidelines I): "yes" resumes it as `--load` would.
    pub envelope: Option<Envelope>,
}

/// The open question (at most one: yes or no, which piece, which game, an entry that did not fit), and whether
/// it was said again after a line that did not answer it.
#[derive(Debug, Default)]
pub(super) struct Questions {
    pending: Option<Pending>,
    reminded: bool,
    /// The entry that did not fit the record, while its question is open (`illegal` names it).
    entry: Option<String>,
}

impl Questions {
    /// Asks `p`: it is open until a line answers it (see [`Questions::answer`]).
    pub(super) fn ask(&mut self, p: Pending) {
        self.pending = Some(p);
        self.entry = None;
    }

    /// `entry` did not fit the record; `illegal` records it as an illegal move, by its name.
    pub(super) fn ask_not_fitting(&mut self, entry: &str) {
        self.pending = Some(Pending::NotFitting);
        self.entry = Some(entry.chars().take(60).collect());
    }

    /// A command that asks a yes-or-no question of its own (`resign` for another side than the open
    /// resignation's, `rewind`) while another one is open takes its place: the open question is left unanswered
    /// (it changes nothing) and returned, so that the next `yes` answers the question the operator has just
    /// heard, never the one before it. A command that would ask the open question again is no answer, as before;
    /// the start's question is answered first. None: nothing is left.
    pub(super) fn left_for(&mut self, cfg: &Config, m: &Match, action: &Action) -> Option<Pending> {
        let open = self.pending?;
        let same = match action {
            // A refused resignation ("resign purple") asks nothing: the open question stays open.
            Action::Resign(side) => match m.resigning(cfg, side) {
                Ok(side) => open == Pending::Resign(side),
                Err(_) => return None,
            },
            Action::Rewind => open == Pending::Rewind,
            _ => return None,
        };
        if same || !self.awaits_yes_or_no() || self.start_waits() {
            return None;
        }
        self.answered();
        self.pending.take()
    }

    /// What the open question does with `action` before it is read (see [`Route`]).
    pub(super) fn route(&mut self, cfg: &Config, m: &Match, action: &Action, mode: Mode) -> Route {
        let Some(open) = self.pending else {
            return Route::Open;
        };
        let between = self.awaits_yes_or_no() && !self.start_waits();
        if matches!(action, Action::Player(_)) && mode == Mode::Assistant && !self.start_waits() {
            Route::Past
        } else if *action == Action::Press && mode.is_tournament() && between {
            self.drop_open();
            Route::Left(open)
        } else {
            self.left_for(cfg, m, action)
                .map_or(Route::Open, Route::Left)
        }
    }

    /// The open question, if one is.
    pub(super) fn open(&self) -> Option<Pending> {
        self.pending
    }

    /// A new game (or the clock press, which leaves it) drops the open question unanswered; the
    /// next question is said whole again.
    pub(super) fn drop_open(&mut self) {
        self.pending = None;
        self.reminded = false;
    }

    /// The session waits for yes or no (resignation, continuing a kept game, retracing the moves, a press
    /// without a move).
    pub(super) fn awaits_yes_or_no(&self) -> bool {
        matches!(
            self.pending,
            Some(
                Pending::Resign(_)
                    | Pending::Resume
                    | Pending::Rewind
                    | Pending::PressWithoutMove(_)
                    | Pending::NewGame { .. }
            )
        )
    }

    /// The start waits for its answer (continue a kept game, which game of a file): nothing moves before it.
    pub(super) fn start_waits(&self) -> bool {
        matches!(self.pending, Some(Pending::Resume | Pending::ChooseGame))
    }

    /// The question was answered: the next one is said whole again.
    fn answered(&mut self) {
        self.reminded = false;
    }

    /// A line that is no answer changes nothing and the question stays open. The first such line (and `?`,
    /// `help`, `repeat`: `asked`) hears the question again with its answers, the next ones a short reminder,
    /// not the whole question each time.
    fn not_an_answer(&mut self, cfg: &Config, question: &str, line: &str, asked: bool) -> Effect {
        let text = if self.reminded && !asked {
            cfg.p("confirm.first", &[])
        } else {
            self.reminded = true;
            cfg.p(
                "confirm.again",
                &[("question", question), ("text", &quote(line))],
            )
        };
        say(Kind::Refusal, text)
    }
}

/// What an open question does with an action before the action is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Route {
    /// D.2.10.4: in assistant mode the blind player's own request is answered at once, whatever question the
    /// assistant has open: it neither answers nor re-asks it, and the question stays open. The
    /// start's question (which game, continue a kept one) is answered first: until then there is no game.
    Past,
    /// The question is left unanswered, said, and the action is read as usual: the clock press in the
    /// tournament profile (the physical clock was pressed, so the press is never lost; a later yes
    /// never answers the question it left), or a command that asks a question of its own (see
    /// `Questions::left_for`). The start's question takes only its answers.
    Left(Pending),
    /// The open question (if any) takes its answers first (see `Questions::answer`).
    Open,
}

/// What a line says to the open question (see [`Questions::answer`]); the coordinator carries it out.
pub(super) enum Answered {
    /// Which game of the file: the line is the choice.
    ChooseGame,
    /// The promotion question: the line may name the piece.
    Promotion {
        from: shakmaty::Square,
        to: shakmaty::Square,
    },
    /// the entry that did not fit (its text): `illegal` records it as an illegal move, anything else is a
    /// new entry.
    NotFitting(Option<String>),
    Yes(Pending),
    No(Pending),
    /// Leaving is no answer: the question stays open and unanswered, and nothing it asks about changes (an
    /// unfinished game offered stays in its file as it was).
    Leave,
    /// No answer: the question stays open; said again, or a reminder (the operator's).
    Again(Vec<Effect>),
}

impl Questions {
    /// The answer `line` (read as `action`) gives to the open question, which is closed unless the line leaves
    /// it open (`Leave`, `Again`); `question` says it as it was asked. None: no question is open.
    /// `whole`: the question's yes ends the game, so a line that is no answer always hears it whole, never the
    /// short reminder (a `yes` answers only a question the operator has just heard).
    pub(super) fn answer(
        &mut self,
        cfg: &Config,
        action: &Action,
        line: &str,
        question: impl FnOnce(Pending) -> String,
        whole: bool,
    ) -> Option<Answered> {
        let p = self.pending.take()?;
        match p {
            Pending::ChooseGame => return Some(Answered::ChooseGame),
            Pending::Promotion { from, to } => return Some(Answered::Promotion { from, to }),
            Pending::NotFitting => return Some(Answered::NotFitting(self.entry.take())),
            _ => {}
        }
        let answered = yes_or_no(cfg, line);
        if answered.is_some() {
            self.answered();
        }
        Some(match answered {
            Some(true) => Answered::Yes(p),
            Some(false) => Answered::No(p),
            None if *action == Action::Quit => {
                self.pending = Some(p);
                Answered::Leave
            }
            None => {
                let asked =
                    whole || matches!(action, Action::Help | Action::HelpOn(_) | Action::Repeat);
                let said = self.not_an_answer(cfg, &question(p), line, asked);
                self.pending = Some(p);
                Answered::Again(vec![said])
            }
        })
    }
}

/// "no" to a question that changes nothing but is said (a declined resumption is the coordinator's): the
/// operator's (in assistant mode the assistant's screen, not the blind player's earpiece).
pub(super) fn cancelled(cfg: &Config, t: Option<&Tournament>, p: Pending) -> Vec<Effect> {
    let out = match p {
        Pending::Resign(_) => vec![say(Kind::Event, cfg.p("resign.cancelled", &[]))],
        Pending::Resume | Pending::Promotion { .. } | Pending::NotFitting | Pending::ChooseGame => {
            Vec::new()
        }
        Pending::Rewind => vec![say(Kind::Event, cfg.p("rewind.cancelled", &[]))],
        Pending::NewGame { .. } => vec![say(Kind::Event, cfg.p("new.cancelled", &[]))],
        Pending::PressWithoutMove(side) => {
            let text = cfg.p("press.slip", &[("side", &cfg.side(side))]);
            vec![super::tournament::to_operator(t, text)]
        }
    };
    operator_view(t.map_or(Mode::Play, |t| t.mode), out)
}

/// In assistant mode, answers and refusals to the assistant stay on the screen (see
/// [`Tournament::for_assistant`]).
pub(super) fn assistant_view(t: Option<&Tournament>, out: Vec<Effect>) -> Vec<Effect> {
    match t {
        Some(t) => t.for_assistant(out),
        None => out,
    }
}

/// What the board check said: `rewind` asks the operator whether to retrace the moves: his question
/// (D.2.9b).
pub(super) fn board_check_view(
    q: &Questions,
    t: Option<&Tournament>,
    out: Vec<Effect>,
) -> Vec<Effect> {
    if q.open() == Some(Pending::Rewind) {
        operator_view(t.map_or(Mode::Play, |t| t.mode), out)
    } else {
        assistant_view(t, out)
    }
}

/// A refusal of the policy, with its reason.
pub(super) fn refused(cfg: &Config, t: Option<&Tournament>, key: &str, line: &str) -> Vec<Effect> {
    let out = vec![say(
        Kind::Refusal,
        cfg.p(key, &[("text", &words::quote(line))]),
    )];
    // The profile's refusal of analysis is said to the player himself.
    if key == "tournament.not_allowed" {
        out
    } else {
        assistant_view(t, out)
    }
}

/// "yes" or "no" in the player's language or in English (data: `answer.yes`, `answer.no`).
pub(super) fn yes_or_no(cfg: &Config, line: &str) -> Option<bool> {
    let word = line.trim().to_lowercase();
    let english = Phrases::default();
    let listed = |key: &str| {
        [&cfg.phrases, &english].iter().any(|p| {
            p.get(key)
                .split_whitespace()
                .any(|w| w.to_lowercase() == word)
        })
    };
    if listed("answer.yes") {
        Some(true)
    } else if listed("answer.no") {
        Some(false)
    } else {
        None
    }
}

/// How a question is answered here: typed words in line mode, keys in the full-screen view.
pub(super) fn how_to_answer(cfg: &Config) -> String {
    let key = if cfg.answer_by_keys {
        "confirm.how.keys"
    } else {
        "confirm.how.words"
    };
    cfg.p(key, &[])
}

impl Pending {
    /// The question, as it was asked: `resume` is the unfinished game offered, `rewind` says the board
    /// check's question (D.2.9b), `game` is the game played (what a new game keeps of it).
    pub(super) fn text(
        self,
        cfg: &Config,
        resume: Option<&ResumeOffer>,
        game: &Game,
        rewind: impl FnOnce() -> String,
    ) -> String {
        match self {
            Pending::Resign(side) => cfg.p(
                "resign.confirm",
                &[("side", &cfg.side(side)), ("how", &how_to_answer(cfg))],
            ),
            Pending::Resume => match resume {
                Some(offer) => cfg.p(
                    "resume.offer",
                    &[
                        ("number", &offer.game.position().fullmoves().to_string()),
                        ("side", &cfg.side(offer.game.turn())),
                        ("path", &offer.path.display().to_string()),
                        ("how", &how_to_answer(cfg)),
                    ],
                ),
                None => String::new(),
            },
            Pending::NotFitting | Pending::ChooseGame => String::new(),
            Pending::Rewind => rewind(),
            Pending::NewGame { swap } => new_game_question(cfg, game, swap),
            Pending::PressWithoutMove(side) => cfg.p(
                "press.confirm",
                &[("side", &cfg.side(side)), ("how", &how_to_answer(cfg))],
            ),
            Pending::Promotion { to, .. } => words::explain(
                &cfg.vocabulary,
                &cfg.phrases,
                &words::MoveInputError::PromotionNeeded { from: to, to },
            ),
        }
    }
}

/// "a new game?" says the truth about the game played: an unfinished one is kept, a finished one
/// is kept too (`kept` lists it), a game without a move or not kept anywhere (`--no-autosave`) is not.
fn new_game_question(cfg: &Config, game: &Game, swap: bool) -> String {
    let key = if swap {
        "new.confirm.rematch"
    } else {
        "new.confirm"
    };
    let kept = if !cfg.keeps_played(game) {
        "new.keeps_nothing"
    } else if game.is_over() {
        "new.keeps_finished"
    } else {
        "new.keeps_unfinished"
    };
    cfg.p(
        key,
        &[("kept", &cfg.p(kept, &[])), ("how", &how_to_answer(cfg))],
    )
}

/// The open question `p`, as it was asked (see [`Pending::text`]).
/// `ends`: what yes does when it ends the game (see `Match::illegal_consequence`), said in the question.
pub(super) fn asked(
    cfg: &Config,
    resume: Option<&ResumeOffer>,
    bc: &BoardCheck,
    game: &Game,
    p: Pending,
    ends: Option<String>,
) -> String {
    if let (Pending::PressWithoutMove(side), Some(ends)) = (p, ends) {
        // A question whose yes ends the game says so.
        return cfg.p(
            "press.confirm_ends",
            &[
                ("side", &cfg.side(side)),
                ("ends", &ends),
                ("how", &how_to_answer(cfg)),
            ],
        );
    }
    p.text(cfg, resume, game, || {
        bc.rewind_question(cfg, game, &how_to_answer(cfg))
    })
}

/// What yes to `p` does when it ends the game, said in the question: a press without a move that
/// would be the offender's last illegal move.
pub(super) fn ends(cfg: &Config, m: &Match, p: Option<Pending>) -> Option<String> {
    match p? {
        Pending::PressWithoutMove(side) => m.illegal_consequence(cfg, side),
        _ => None,
    }
}

/// What a resumption restored (the clocks, a made move, the physical clock's rule) is the operator's: in
/// assistant mode the assistant's screen, as the blind player hears the time only when he asks (D.2.10.4).
pub(super) fn restored_notes(mode: Mode, notes: Vec<String>) -> Vec<Effect> {
    operator_view(
        mode,
        notes.into_iter().map(|n| say(Kind::Event, n)).collect(),
    )
}

/// A question and what is said about it without changing the game are the operator's: in assistant mode
/// the assistant answers it, so it is shown to the assistant, not spoken to the blind player (D.2.10).
pub(super) fn operator_view(mode: Mode, out: Vec<Effect>) -> Vec<Effect> {
    if mode != Mode::Assistant {
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
