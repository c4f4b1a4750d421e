//! The view's own state (focus, selection, input line, questions) and what a key does: an answer to say,
//! a cue, or text for the session, exactly as line mode would send it.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use shakmaty::{Color, Piece, Position, Role, Square};

use super::keymap::{self, Action, Key, Keymap, PieceKind};
use super::theme::{PieceStyle, Theme};
use crate::session::policy::Offer;
use crate::session::{Announcement, Cue, Kind, View};
use crate::words::action::{Act, Action as Typed, Arg};
use crate::words::explore;
use crate::words::{Phrases, Vocabulary};

pub(in crate::ui::screen) mod help;

/// What the view is doing with keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// Exploring; Enter chooses a piece.
    Explore,
    /// A piece is chosen; Enter on its target square makes the move.
    Target(Square),
    /// Which piece a pawn becomes.
    Promotion { from: Square, to: Square },
    /// The input line, with what is typed so far.
    Input(String),
    /// An irreversible action waits for yes (y) or no (n or Escape); the text is sent to the session
    /// when confirmed. The second string is the question's phrase key, asked again after any other key.
    Confirm(Box<Out>, &'static str),
}

/// What the loop must do after a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Out {
    /// Speak and show (the view's own answer).
    Say(Announcement),
    Cue(Cue),
    /// An action for the session (a key's).
    Act(Act),
    /// A legal move chosen on the board, for the session to play as it is (never turned back into text).
    Move(shakmaty::Move),
    /// A line typed in the view's input line: the session reads it as line mode's.
    Line(String),
    /// The view's own question, its answer or its cancelling, for the action log: what was
    /// entered (a line, a key) and what the view answered.
    Log {
        entered: String,
        said: Vec<String>,
    },
}

/// The view's state.
#[derive(Debug, Clone)]
pub struct App {
    pub focus: Square,
    pub mode: Mode,
    /// What was said last (one batch of announcements), shown in the status line.
    pub status: Vec<String>,
    /// The keys of the current mode, shown in place of the move list until the next key.
    pub help: Option<Vec<String>>,
    /// The side at the bottom of the board: the player's colour.
    pub orientation: Color,
    pub show_seconds: bool,
    pub theme: Theme,
    pub keymap: Keymap,
    /// More lines for help after the keys (the gamepad's layout, once a pad is there).
    pub extra_help: Vec<String>,
    /// The page of help shown: `?` again turns to the next page (help shows every key).
    pub help_page: usize,
    /// Where each page of help begins (indexes into its lines), as the screen last drew it (set by the
    /// drawing: how many lines fit depends on the terminal's size).
    pub help_pages: std::cell::RefCell<Vec<usize>>,
    /// A new batch of announcements replaces the status line.
    fresh: bool,
    /// The status line of the batch before, and whether it was marked as said again.
    before: (Vec<String>, bool),
    /// This batch says the same as the one before: the status line is marked ("Again:") so that its text
    /// changes and a screen reader reads it again; a third time is unmarked, and so on.
    pub again: bool,
    /// The open question was said again after a key that does not answer it: further such keys get a short
    /// sound only, not the question for every key.
    reminded: bool,
}

impl App {
    /// The key edits the input line: a letter typed or Backspace (not the keys that end the line or ask for
    /// help).
    pub fn typing(&self, key: &KeyEvent) -> bool {
        matches!(self.mode, Mode::Input(_))
            && match key.code {
                KeyCode::Backspace => true,
                KeyCode::Char(_) => !key.modifiers.contains(KeyModifiers::CONTROL),
                _ => false,
            }
    }
}

/// The names the action log keeps for a yes and a no given without a key (see [`App::answer`]): those of the
/// keys that say them, so that the log reads the same whichever way the answer came.
const YES_NAME: &str = "y";
const NO_NAME: &str = "Esc";

/// A key's action for the session.
fn act(action: Typed) -> Out {
    Out::Act(Act::new(action))
}

fn answer(text: String) -> Out {
    Out::Say(Announcement {
        kind: Kind::Answer,
        text,
    })
}

fn refusal(text: String) -> Out {
    Out::Say(Announcement {
        kind: Kind::Refusal,
        text,
    })
}

/// A key listed in a phrase (`answer.yes_keys`: "j y"), in the player's language or in English, any case.
fn listed_key(e: &KeyEvent, p: &Phrases, list: &str) -> bool {
    let KeyCode::Char(c) = e.code else {
        return false;
    };
    if e.modifiers.contains(KeyModifiers::CONTROL) || e.modifiers.contains(KeyModifiers::ALT) {
        return false;
    }
    let c = c.to_lowercase().next().unwrap_or(c);
    [p, &Phrases::default()].iter().any(|p| {
        p.get(list)
            .split_whitespace()
            .any(|k| k.chars().eq(std::iter::once(c)))
    })
}

/// Yes: a yes key of the language (y; j for ja; ν for ναι). Never Enter: an Enter meant for something else
/// must not answer yes to a question that ends the game or takes moves back.
fn yes_key(e: &KeyEvent, p: &Phrases) -> bool {
    listed_key(e, p, "answer.yes_keys")
}

/// No: a no key of the language (n; ο for όχι), or a cancel key (Escape, Ctrl-x; see [`App::cancel_key`]).
fn no_key(app: &App, e: &KeyEvent, p: &Phrases) -> bool {
    app.cancel_key(e, false) || listed_key(e, p, "answer.no_keys")
}

/// Ctrl-C: always leaves, whatever the keymap says.
fn ctrl_c(e: &KeyEvent) -> bool {
    e.code == KeyCode::Char('c') && e.modifiers.contains(KeyModifiers::CONTROL)
}

/// A key that types a character on the input line (no Ctrl, no Alt).
fn types(e: &KeyEvent) -> bool {
    matches!(e.code, KeyCode::Char(_))
        && !e.modifiers.contains(KeyModifiers::CONTROL)
        && !e.modifiers.contains(KeyModifiers::ALT)
}

impl App {
    /// Whether a key is bound to an action in the keymap.
    fn bound(&self, e: &KeyEvent, action: Action) -> bool {
        Key::of(e).and_then(|k| self.keymap.action(&k)) == Some(action)
    }

    /// Cancel: Escape, or a key of the keymap's Cancel (Ctrl-x): screen readers keep Escape (fenrir: "stop
    /// speaking"), so every cancel has a second key. On the input line only a key that types
    /// nothing (Ctrl, Alt or a named key) cancels.
    fn cancel_key(&self, e: &KeyEvent, typing: bool) -> bool {
        e.code == KeyCode::Esc || (self.bound(e, Action::Cancel) && !(typing && types(e)))
    }

    /// Help: F1, or a key of the keymap's Help; on the input line only a key that types nothing.
    fn help_key(&self, e: &KeyEvent, typing: bool) -> bool {
        e.code == KeyCode::F(1) || (self.bound(e, Action::Help) && !(typing && types(e)))
    }

    pub fn new(orientation: Color, theme: Theme, keymap: Keymap) -> App {
        App {
            // The player's king's file on the player's first rank is where a player starts.
            focus: if orientation == Color::White {
                Square::E2
            } else {
                Square::E7
            },
            mode: Mode::Explore,
            status: Vec::new(),
            help: None,
            orientation,
            show_seconds: false,
            theme,
            keymap,
            extra_help: Vec::new(),
            help_page: 0,
            help_pages: std::cell::RefCell::new(Vec::new()),
            fresh: true,
            before: (Vec::new(), false),
            again: false,
            reminded: false,
        }
    }

    /// The next announcements replace the status line.
    pub fn begin_batch(&mut self) {
        self.fresh = true;
    }

    /// Shows a text said (by the session or the view).
    pub fn show(&mut self, text: &str) {
        if self.fresh {
            self.before = (std::mem::take(&mut self.status), self.again);
            self.fresh = false;
        }
        self.status.push(text.to_string());
        self.again = self.status == self.before.0 && !self.before.1;
    }

    /// The side whose pieces "own" keys jump to: the side to move when both sides play here, else the player's.
    pub fn own(&self, view: &View<'_>) -> Color {
        if view.config().opponent.plays_one_side() {
            self.orientation
        } else {
            view.game().turn()
        }
    }

    /// A key pressed: what to say, cue and send.
    pub fn key(&mut self, event: KeyEvent, view: &View<'_>) -> Vec<Out> {
        let shown_help = self.help.take();
        if !view.awaiting_answer() && !matches!(self.mode, Mode::Confirm(..)) {
            self.reminded = false;
        }
        match self.mode.clone() {
            Mode::Input(text) => return self.input_key(event, text, view),
            Mode::Confirm(sent, question) => return self.confirm_key(event, *sent, question, view),
            Mode::Promotion { from, to } => return self.promotion_key(event, from, to, view),
            Mode::Explore | Mode::Target(_) => {}
        }
        // The session's own question (resign, continue a kept game, retrace the moves): y says yes, n or
        // Escape no.
        if view.awaiting_answer() {
            let p = &view.config().phrases;
            if yes_key(&event, p) {
                self.reminded = false;
                return vec![act(Typed::Yes)];
            }
            if no_key(self, &event, p) {
                self.reminded = false;
                return vec![act(Typed::No)];
            }
            // The blind player's own request goes to the session, which answers it in assistant mode whatever
            // the assistant is asked; leaving is no answer (the session keeps the question).
            match self.bound_action(&event) {
                Some(Action::Player(r)) if view.mode().is_tournament() => {
                    return vec![act(Typed::Player(r.word().into()))];
                }
                // The clock press is never lost: the session lets it leave its question.
                Some(Action::Press) if view.mode().is_tournament() => {
                    self.reminded = false;
                    return vec![act(Typed::Press)];
                }
                Some(Action::Quit) => return vec![act(Typed::Quit)],
                _ if ctrl_c(&event) => return vec![act(Typed::Quit)],
                // A command typed instead of the answer goes whole to the session, as in line mode (never key
                // by key: a y in `:verify` would answer yes); the question stays open.
                Some(Action::Input) => {
                    self.mode = Mode::Input(String::new());
                    return vec![answer(p.get("screen.input").to_string())];
                }
                _ => {}
            }
            // Any other key does nothing: the first (and F1) has the session say its question again with
            // its answers, the next ones only sound.
            if self.reminded && !self.help_key(&event, false) {
                return vec![Out::Cue(Cue::Edge)];
            }
            self.reminded = true;
            return vec![Out::Cue(Cue::Edge), Out::Act(Act::said(Typed::Help, "?"))];
        }
        let action = Key::of(&event).and_then(|k| self.keymap.action(&k));
        // Help shown and cancelled: it closes, and says so (not "Nothing to cancel").
        if action == Some(Action::Cancel) && shown_help.is_some() && self.mode == Mode::Explore {
            let p = &view.config().phrases;
            return vec![answer(p.get("screen.help.closed").to_string())];
        }
        // Help shown and asked again: its next page.
        if action == Some(Action::Help)
            && let Some(lines) = shown_help
            && let Some(outs) = self.next_help_page(lines, view)
        {
            return outs;
        }
        let Some(action) = action else {
            // Ctrl-C always leaves, whatever the keymap says (the terminal is restored, the game saved).
            if ctrl_c(&event) {
                return vec![act(Typed::Quit)];
            }
            // A key that does nothing here: a short sound and a word, never silence.
            let p = &view.config().phrases;
            let name = Key::of(&event).map_or_else(|| "?".to_string(), |k| k.to_string());
            return vec![
                Out::Cue(Cue::Edge),
                answer(p.say("screen.unbound", &[("key", &name)])),
            ];
        };
        self.action(action, view)
    }

    /// An action of the keymap.
    pub fn action(&mut self, action: Action, view: &View<'_>) -> Vec<Out> {
        let v = &view.config().vocabulary;
        let p = &view.config().phrases;
        // What the policy says of the key's command here (R-11.3.1: no analysis in a tournament game, a review of
        // the finished game allows it; the profile's own keys only in the profile): refused at once, or sent.
        if let Some(kind) = action.command()
            && let Offer::Refused(key) = view.offer(kind)
        {
            return vec![refusal(p.get(key).to_string())];
        }
        // While reviewing, the keys explore the reviewed position.
        let game = view.shown_game();
        let pos = game.position();
        let focus = self.focus;
        match action {
            // -- Review: the line-mode commands, answered by the session.
            Action::Review(r) => vec![act(r.action(view.reviewing()))],
            Action::Up | Action::Down | Action::Left | Action::Right => {
                let (f, r) = match action {
                    Action::Up => (0, 1),
                    Action::Down => (0, -1),
                    Action::Left => (-1, 0),
                    _ => (1, 0),
                };
                match explore::step(focus, f, r, self.orientation) {
                    Some(sq) => self.go(sq, view),
                    // The edge of the board: a short sound and a short word (never silence).
                    None => vec![
                        Out::Cue(Cue::Edge),
                        answer(view.config().phrases.get("screen.edge").to_string()),
                    ],
                }
            }
            Action::Rank(n) => match shakmaty::Rank::try_from(u32::from(n.clamp(1, 8)) - 1) {
                Ok(rank) => self.go(Square::from_coords(focus.file(), rank), view),
                Err(_) => Vec::new(),
            },
            Action::File(c) => match shakmaty::File::from_char(c.to_ascii_lowercase()) {
                Some(file) => self.go(Square::from_coords(file, focus.rank()), view),
                None => Vec::new(),
            },
            Action::NextOwn(kind) => self.next(kind, self.own(view), view),
            Action::NextTheirs(kind) => self.next(kind, self.own(view).other(), view),
            Action::Square => vec![answer(explore::square(pos, focus, v, p))],
            Action::ReadRank => vec![answer(explore::rank(pos, focus, v, p))],
            Action::ReadFile => vec![answer(explore::file(pos, focus, v, p))],
            Action::Diagonals => vec![answer(explore::diagonals(
                pos,
                focus,
                self.orientation,
                v,
                p,
            ))],
            Action::Lines => vec![answer(explore::lines(pos, focus, self.orientation, v, p))],
            Action::Knight => vec![answer(explore::knight_squares(pos, focus, v, p))],
            Action::Attackers => vec![answer(explore::attackers(pos, focus, v, p))],
            Action::LegalMoves => vec![answer(explore::legal_moves(game, focus, v, p))],
            Action::OwnPieces => vec![answer(explore::pieces(pos, self.own(view), v, p))],
            Action::TheirPieces => vec![answer(explore::pieces(pos, self.own(view).other(), v, p))],
            Action::Pawns => vec![answer(explore::pawns(pos, v, p))],
            Action::Material => vec![answer(explore::material(pos, v, p))],
            Action::Turn => match game.ending() {
                Some(e) => vec![answer(view.ending_text(e))],
                None => vec![answer(explore::turn(pos, p))],
            },
            Action::Board => vec![act(Typed::Board)],
            Action::Last => vec![act(Typed::Last)],
            Action::Moves(n) => vec![act(Typed::Moves(Arg::counted(n as usize)))],
            Action::AllMoves => vec![act(Typed::Moves(Arg::None))],
            Action::Time => vec![act(Typed::Time)],
            Action::Used => vec![act(Typed::Used)],
            Action::Count => vec![act(Typed::Count)],
            // The last thing said, as the status line shows it: the view's own answers too (a square, a rank),
            // which the session never hears (`g` once said the move list instead).
            Action::Repeat if !self.status.is_empty() => {
                self.status.iter().map(|t| answer(t.clone())).collect()
            }
            Action::Repeat => vec![act(Typed::Repeat)],
            Action::Save => vec![act(Typed::Save(None))],
            Action::Quit => vec![act(Typed::Quit)],
            // The session asks for confirmation itself (Article 5.1.2).
            Action::Resign => vec![act(Typed::Resign(Arg::None))],
            Action::Offer => self.confirm(act(Typed::Offer), "screen.confirm.offer", p),
            Action::Accept => self.confirm(act(Typed::Accept), "screen.confirm.accept", p),
            Action::Decline => self.confirm(act(Typed::Decline), "screen.confirm.decline", p),
            // A wrong claim costs time: the question says so where there is a clock.
            Action::Claim => {
                let question = if view.clock_remaining(std::time::Duration::ZERO).is_some() {
                    "screen.confirm.claim_timed"
                } else {
                    "screen.confirm.claim"
                };
                self.confirm(act(Typed::Claim(String::new())), question, p)
            }
            Action::Select => self.select(view),
            Action::Press => vec![act(Typed::Press)],
            Action::Undo => vec![act(Typed::Undo)],
            Action::State => vec![act(Typed::State)],
            Action::Log => vec![act(Typed::Log(Arg::Given(5)))],
            Action::Player(r) => vec![act(Typed::Player(r.word().into()))],
            // The session refuses these in a tournament game, with the reason.
            Action::Takeback => vec![act(Typed::Takeback(Arg::None))],
            // The session asks first, in both faces, saying what is kept; during a review it
            // refuses them with its reason.
            Action::NewGame => vec![act(Typed::New)],
            Action::Rematch => vec![act(Typed::Rematch)],
            Action::Practice => vec![act(Typed::Practice(String::new()))],
            // The engine's answers come later, said as they come; refused where analysis is.
            Action::Eval => vec![act(Typed::Eval)],
            Action::Best => vec![act(Typed::Best(Arg::Given(3)))],
            Action::Hint => vec![act(Typed::Hint)],
            Action::Opening => vec![act(Typed::Opening)],
            // Online play's lobby: the lists; a challenge is answered by the accept and decline keys.
            Action::Challenges => vec![act(Typed::Challenges)],
            Action::Games => vec![act(Typed::Games)],
            // One key starts the analysis and calls it off while it runs.
            Action::Analyse => {
                let stop = view.analysis_progress().is_some();
                vec![act(Typed::Analyse(if stop {
                    "stop".into()
                } else {
                    String::new()
                }))]
            }
            Action::Input => {
                self.mode = Mode::Input(String::new());
                vec![answer(p.get("screen.input").to_string())]
            }
            Action::Help => self.help(view),
            Action::Cancel => match self.mode {
                Mode::Target(_) => {
                    self.mode = Mode::Explore;
                    vec![answer(p.get("screen.deselected").to_string())]
                }
                // Never silence: a key that does nothing says so.
                _ => vec![answer(p.get("screen.nothing_to_cancel").to_string())],
            },
            Action::Seconds => {
                self.show_seconds = !self.show_seconds;
                let key = if self.show_seconds {
                    "screen.seconds_on"
                } else {
                    "screen.seconds_off"
                };
                vec![answer(p.get(key).to_string())]
            }
            Action::ShowBoard => {
                self.theme.board = !self.theme.board;
                let key = if self.theme.board {
                    "screen.board_shown"
                } else {
                    "screen.board_hidden"
                };
                vec![answer(p.get(key).to_string())]
            }
            Action::Figurines => {
                self.theme.pieces = match self.theme.pieces {
                    PieceStyle::Letters => PieceStyle::Figurines,
                    PieceStyle::Figurines => PieceStyle::Letters,
                };
                let key = if self.theme.pieces == PieceStyle::Figurines {
                    "screen.figurines"
                } else {
                    "screen.letters"
                };
                vec![answer(p.get(key).to_string())]
            }
        }
    }

    fn go(&mut self, sq: Square, view: &View<'_>) -> Vec<Out> {
        self.focus = sq;
        let c = view.config();
        vec![answer(explore::square(
            view.shown_game().position(),
            sq,
            &c.vocabulary,
            &c.phrases,
        ))]
    }

    fn next(&mut self, kind: PieceKind, color: Color, view: &View<'_>) -> Vec<Out> {
        let c = view.config();
        let piece = Piece {
            color,
            role: kind.role(),
        };
        match explore::next_piece(view.shown_game().position().board(), self.focus, piece) {
            Some(sq) => self.go(sq, view),
            None => vec![refusal(explore::no_piece(&c.vocabulary, &c.phrases, piece))],
        }
    }

    /// The view's own question before `sent` (an offer, a claim, a new game): asked, and logged with what
    /// asked it.
    fn confirm(&mut self, sent: Out, key: &'static str, p: &Phrases) -> Vec<Out> {
        let entered = match &sent {
            Out::Line(line) => line.clone(),
            Out::Act(a) => a.line.clone(),
            _ => String::new(),
        };
        self.mode = Mode::Confirm(Box::new(sent), key);
        let text = p.say(key, &[("how", p.get("confirm.how.keys"))]);
        vec![
            Out::Say(Announcement {
                kind: Kind::Event,
                text: text.clone(),
            }),
            Out::Log {
                entered,
                said: vec![text],
            },
        ]
    }

    /// The view's own question is left: cancelled, said, and logged with the key that left it.
    fn leave_question(&mut self, key_name: String, said: String) -> Vec<Out> {
        self.mode = Mode::Explore;
        self.reminded = false;
        vec![
            answer(said.clone()),
            Out::Log {
                entered: key_name,
                said: vec![said],
            },
        ]
    }

    /// An action (a key's or a pad button's, `key_name`) while the view's own question `question` is open: the
    /// blind player's request is answered in assistant mode and the question stays open; the keys that leave
    /// it cancel it and then act (the press, the input line, leaving hector). None: it does nothing here.
    pub fn in_question(
        &mut self,
        action: Action,
        key_name: String,
        question: &'static str,
        view: &View<'_>,
    ) -> Option<Vec<Out>> {
        let p = &view.config().phrases;
        let asked = p.say(question, &[("how", "")]).trim().to_string();
        let left = p.say("screen.confirm.left", &[("question", &asked)]);
        let then = match action {
            Action::Player(r) if view.mode() == crate::session::Mode::Assistant => {
                return Some(vec![act(Typed::Player(r.word().into()))]);
            }
            Action::Press if view.mode().is_tournament() => act(Typed::Press),
            Action::Quit => act(Typed::Quit),
            Action::Input => answer(p.get("screen.input").to_string()),
            _ => return None,
        };
        let mut out = self.leave_question(key_name, left);
        if action == Action::Input {
            self.mode = Mode::Input(String::new());
        }
        out.push(then);
        Some(out)
    }

    /// The keymap's action of a key, if it has one.
    fn bound_action(&self, e: &KeyEvent) -> Option<Action> {
        Key::of(e).and_then(|k| self.keymap.action(&k))
    }

    /// A key while the view's own question is open: only its answers and the keys that leave it
    /// act, and nothing typed is taken key by key. y sends what was asked about; n, Escape or Ctrl-x cancel
    /// it. The keys that leave it cancel it first and then act: the clock press (never lost: the physical
    /// clock was pressed), the input line (a command typed instead of the answer), Ctrl-C (leave hector). The
    /// blind player's own request keys are answered at once in assistant mode, and the question stays open.
    /// Any other key does nothing: the first (and F1) says the question again with its answers,
    /// the next ones only sound. Each answer and each cancelling is logged with its key.
    fn confirm_key(
        &mut self,
        event: KeyEvent,
        sent: Out,
        question: &'static str,
        view: &View<'_>,
    ) -> Vec<Out> {
        let p = &view.config().phrases;
        let key_name = Key::of(&event).map_or_else(|| "?".to_string(), |k| k.to_string());
        if yes_key(&event, p) {
            return self.confirmed(key_name, sent, question, p);
        }
        if no_key(self, &event, p) {
            return self.leave_question(key_name, p.get("screen.cancelled").to_string());
        }
        let action = if ctrl_c(&event) {
            Some(Action::Quit)
        } else {
            self.bound_action(&event)
        };
        if let Some(out) = action.and_then(|a| self.in_question(a, key_name, question, view)) {
            return out;
        }
        if self.reminded && !self.help_key(&event, false) {
            return vec![Out::Cue(Cue::Edge)];
        }
        self.reminded = true;
        let question = p.say(question, &[("how", p.get("confirm.how.keys"))]);
        vec![
            Out::Cue(Cue::Edge),
            refusal(p.say("confirm.again", &[("question", &question), ("text", "")])),
        ]
    }

    /// Yes to the view's own question (`key_name`: the key or button that said it): what was asked about is
    /// sent, and the answer logged.
    fn confirmed(
        &mut self,
        key_name: String,
        sent: Out,
        question: &'static str,
        p: &Phrases,
    ) -> Vec<Out> {
        self.mode = Mode::Explore;
        self.reminded = false;
        let asked = p.say(question, &[("how", "")]).trim().to_string();
        let said = p.say("screen.confirm.yes", &[("question", &asked)]);
        vec![
            Out::Log {
                entered: key_name,
                said: vec![said],
            },
            sent,
        ]
    }

    /// Yes or no given as such (a pad's South and East), never as a key: what the view's yes key (y) and no key
    /// (Escape) do in each state, and the words the action log keeps for them. On the input line yes sends
    /// the line (what Enter does) and no cancels it; the view's own question is confirmed or cancelled; the
    /// promotion question is cancelled by no; the session's own question gets the answer.
    pub fn answer(&mut self, yes: bool, view: &View<'_>) -> Vec<Out> {
        let p = &view.config().phrases;
        self.help = None;
        if !view.awaiting_answer() && !matches!(self.mode, Mode::Confirm(..)) {
            self.reminded = false;
        }
        match self.mode.clone() {
            Mode::Input(text) if yes => self.input_key(
                KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE),
                text,
                view,
            ),
            Mode::Input(_) => {
                self.mode = Mode::Explore;
                vec![answer(p.get("screen.cancelled").to_string())]
            }
            Mode::Confirm(sent, question) if yes => {
                self.confirmed(YES_NAME.into(), *sent, question, p)
            }
            Mode::Confirm(..) | Mode::Promotion { .. } if !yes => {
                self.leave_question(NO_NAME.into(), p.get("screen.cancelled").to_string())
            }
            Mode::Promotion { to, .. } => {
                let v = &view.config().vocabulary;
                let text = format!(
                    "{} {}",
                    promotion_question(v, p, to),
                    self.promotion_keys(v, p)
                );
                vec![refusal(text)]
            }
            _ if view.awaiting_answer() => {
                self.reminded = false;
                vec![act(if yes { Typed::Yes } else { Typed::No })]
            }
            _ if yes => vec![Out::Cue(Cue::Edge)],
            _ => self.action(Action::Cancel, view),
        }
    }

    /// Enter on a square: choose the piece, then its target.
    fn select(&mut self, view: &View<'_>) -> Vec<Out> {
        let c = view.config();
        let (v, p) = (&c.vocabulary, &c.phrases);
        // No move is made in a review: the session says why (leave it to play).
        // A practice's try is chosen on the board too, in the practised position.
        let practising = view.practising();
        if view.reviewing() && !practising {
            return vec![refusal(p.get("review.no_moves").to_string())];
        }
        let game = view.shown_game();
        let pos = game.position();
        let focus = self.focus;
        match self.mode {
            Mode::Target(from) if from == focus => {
                self.mode = Mode::Explore;
                vec![answer(p.get("screen.deselected").to_string())]
            }
            Mode::Target(from) => {
                self.mode = Mode::Explore;
                let moves: Vec<shakmaty::Move> = game
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.from() == Some(from) && target_of(game, m) == focus)
                    .collect();
                match moves.as_slice() {
                    // Not a legal move: the session says why, in the words line mode uses.
                    [] if practising => vec![act(Typed::Practice(format!("{from}{focus}")))],
                    [] => vec![act(Typed::Entry(format!("{from}{focus}")))],
                    // A pawn to the last rank in the profile: the promotion piece is asked, as ever.
                    [m] => vec![Out::Move(*m)],
                    _ => {
                        self.mode = Mode::Promotion { from, to: focus };
                        let text = format!(
                            "{} {}",
                            promotion_question(v, p, focus),
                            self.promotion_keys(v, p)
                        );
                        // The view's question is logged with the entry that asked it.
                        vec![
                            Out::Say(Announcement {
                                kind: Kind::Event,
                                text: text.clone(),
                            }),
                            Out::Log {
                                entered: format!("{from}{focus}"),
                                said: vec![text],
                            },
                        ]
                    }
                }
            }
            _ => {
                if let Some(e) = game.ending() {
                    return vec![
                        refusal(p.say("game_over", &[("ending", &view.ending_text(e))])),
                        Out::Cue(Cue::Illegal),
                    ];
                }
                let Some(piece) = pos.board().piece_at(focus) else {
                    return vec![
                        refusal(p.say("input.empty_square", &[("square", &v.square(focus))])),
                        Out::Cue(Cue::Illegal),
                    ];
                };
                if piece.color != pos.turn() {
                    let side = |c| crate::words::explain::side(p, c);
                    return vec![
                        refusal(p.say(
                            "input.wrong_side",
                            &[
                                ("piece", v.piece(piece.role)),
                                ("square", &v.square(focus)),
                                ("owner", &side(piece.color)),
                                ("turn", &side(pos.turn())),
                            ],
                        )),
                        Out::Cue(Cue::Illegal),
                    ];
                }
                // In the tournament profile a choice is never checked against the legal moves (that would tell
                // what the board does not): the session says whether the entry fits the record.
                if !view.mode().is_tournament() && explore::legal_targets(game, focus).is_empty() {
                    return vec![
                        refusal(explore::legal_moves(game, focus, v, p)),
                        Out::Cue(Cue::Illegal),
                    ];
                }
                self.mode = Mode::Target(focus);
                vec![answer(p.say(
                    "screen.selected",
                    &[("piece", v.piece(piece.role)), ("square", &v.square(focus))],
                ))]
            }
        }
    }

    fn promotion_key(
        &mut self,
        event: KeyEvent,
        from: Square,
        to: Square,
        view: &View<'_>,
    ) -> Vec<Out> {
        let p = &view.config().phrases;
        let v = &view.config().vocabulary;
        // The piece's letter in the vocabulary's notation or in SAN ("d" for Dame, "q"), else the keymap's key.
        let typed = match event.code {
            KeyCode::Char(c) if !event.modifiers.contains(KeyModifiers::CONTROL) => {
                crate::words::spoken::parse_piece(v, &c.to_string())
            }
            _ => None,
        };
        let role = match typed {
            Some(r) => Some(r),
            None => match Key::of(&event).and_then(|k| self.keymap.action(&k)) {
                Some(Action::NextOwn(k) | Action::NextTheirs(k)) => Some(k.role()),
                Some(Action::Select) => Some(Role::Queen),
                Some(Action::Help) => return self.help(view),
                _ => None,
            },
        };
        match role {
            Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => {
                self.mode = Mode::Explore;
                vec![promoted(view, from, to, r)]
            }
            _ if self.cancel_key(&event, false) => {
                let key_name = Key::of(&event).map_or_else(|| "?".to_string(), |k| k.to_string());
                self.leave_question(key_name, p.get("screen.cancelled").to_string())
            }
            _ => vec![refusal(format!(
                "{} {}",
                promotion_question(v, p, to),
                self.promotion_keys(v, p)
            ))],
        }
    }

    fn input_key(&mut self, event: KeyEvent, mut text: String, view: &View<'_>) -> Vec<Out> {
        let p = &view.config().phrases;
        if self.cancel_key(&event, true) {
            self.mode = Mode::Explore;
            return vec![answer(p.get("screen.cancelled").to_string())];
        }
        if self.help_key(&event, true) {
            return self.help(view);
        }
        match event.code {
            KeyCode::Enter => {
                self.mode = Mode::Explore;
                let line = text.trim().to_string();
                // One rule for both faces: a typed command acts at once, as in line mode (a typed
                // word is not pressed by accident); only its key asks first. `resign` and `new` are asked by
                // the session itself, in both faces. While the session asks its own question the line goes to
                // it whole, as in line mode.
                if view.awaiting_answer() {
                    // The session says its question again if the line does not answer it; the keys after it
                    // only sound.
                    self.reminded = true;
                }
                if line.is_empty() {
                    vec![answer(p.get("screen.cancelled").to_string())]
                } else {
                    vec![Out::Line(line)]
                }
            }
            // Typing is echoed by speech, as screen readers echo it.
            KeyCode::Backspace => {
                let gone = text.pop();
                self.mode = Mode::Input(text);
                match gone {
                    Some(c) => vec![answer(
                        p.say("screen.deleted", &[("char", &char_name(p, c))]),
                    )],
                    None => vec![Out::Cue(Cue::Edge)],
                }
            }
            KeyCode::Char(c) if !event.modifiers.contains(KeyModifiers::CONTROL) => {
                text.push(c);
                self.mode = Mode::Input(text);
                vec![answer(char_name(p, c))]
            }
            _ => Vec::new(),
        }
    }

    /// The keys that answer the promotion question, named from the keymap: "Press q for Dame, r for Turm, ...".
    fn promotion_keys(&self, v: &Vocabulary, p: &Phrases) -> String {
        let kinds = [
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight,
        ];
        let actions = self.keymap.actions();
        let keys: Vec<String> = kinds
            .iter()
            .filter_map(|kind| {
                let (_, keys) = actions.iter().find(|(a, _)| *a == Action::NextOwn(*kind))?;
                let key = keys.first()?;
                Some(p.say(
                    "screen.promotion.key",
                    &[("key", &key.to_string()), ("piece", v.piece(kind.role()))],
                ))
            })
            .collect();
        p.say(
            "screen.help.promotion",
            &[("keys", &keys.join(", ")), ("queen", v.piece(Role::Queen))],
        )
    }
}

/// A typed character as speech says it: "space" for a blank, else the character.
fn char_name(p: &Phrases, c: char) -> String {
    if c == ' ' {
        p.get("screen.space").to_string()
    } else {
        c.to_string()
    }
}

/// The promotion answered (a key's piece, a pad's button): the legal move it makes, played as it is; a move
/// that is not legal (none is asked for) goes to the session in the words line mode uses, which say why.
pub fn promoted(view: &View<'_>, from: Square, to: Square, role: Role) -> Out {
    let game = view.game();
    let legal = game.legal_moves().into_iter().find(|m| {
        m.from() == Some(from) && target_of(game, m) == to && m.promotion() == Some(role)
    });
    match legal {
        Some(m) => Out::Move(m),
        None => act(Typed::Entry(format!("{from}{to}{}", role.char()))),
    }
}

/// Where a move goes as the player points at it: the king's square for castling in standard chess.
pub fn target_of(game: &crate::rules::Game, m: &shakmaty::Move) -> Square {
    match m.castling_side() {
        Some(side) if !game.is_chess960() => {
            Square::from_coords(side.king_to_file(), m.to().rank())
        }
        _ => m.to(),
    }
}

fn promotion_question(v: &Vocabulary, p: &Phrases, to: Square) -> String {
    p.say(
        "input.promotion",
        &[
            ("to", &v.square(to)),
            ("queen", v.piece(Role::Queen)),
            ("rook", v.piece(Role::Rook)),
            ("bishop", v.piece(Role::Bishop)),
            ("knight", v.piece(Role::Knight)),
        ],
    )
}
