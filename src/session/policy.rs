//! What each state of the session allows, as data: state × action → allowed, refused with its reason's phrase
//! key, or read as the answer the state waits for. The dispatcher consults it once before an action is answered.
//! It is keyed by the action's kind: each row of the command registry (words/commands.rs) has its class, and the
//! columns here give each class its verdict. The faces ask `offer` (what a key or a menu item does in a game)
//! and keep no lists of their own.

use crate::words::action::{Action, Arg, OpponentKind};
use crate::words::commands::{Class, Kind, ROWS};

/// The state that decides what is allowed (the first that holds, in this order: adjourned, review, board
/// check, online game, tournament profile, play; see `state`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// An ordinary game (`--mode play`).
    Play,
    /// The tournament profile: record or assistant mode (R-11.3.1: no analysis, no takeback, no engine).
    Tournament,
    /// The game is adjourned (Guidelines I): the record is read, nothing is played.
    Adjourned,
    /// A review is open: read-only questions about the reviewed position and the review's steps.
    Review,
    /// The board check's walk or the one-by-one scoresheet entry waits for its next line (D.2.9).
    BoardCheck,
    /// A game against a remote opponent (`Game::online`; online play itself comes later): what a remote game
    /// cannot do is refused, and analysis.
    Online,
}

/// Every state, for the tests that walk the table.
pub const STATES: [State; 6] = [
    State::Play,
    State::Tournament,
    State::Adjourned,
    State::Review,
    State::BoardCheck,
    State::Online,
];

/// What a state does with an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Answered by its handler.
    Allowed,
    /// Refused with this reason (a phrase key); nothing changes.
    Refused(&'static str),
    /// The line is the answer the state waits for (a square of the board check, a move of the scoresheet).
    Answer,
}

/// The game as far as the policy needs it: the tournament profile or a home game, played online or here, and
/// whether a review of it is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Game {
    /// The tournament profile (record or assistant mode).
    pub profile: bool,
    /// A game against a remote opponent (online play, next: nothing sets it yet).
    pub online: bool,
    /// A review is open.
    pub reviewing: bool,
}

/// The state that decides what is allowed: the first that holds of adjourned, review, board check (waiting),
/// online game, tournament profile, play.
pub fn state(game: Game, adjourned: bool, board_check_waits: bool) -> State {
    if adjourned {
        State::Adjourned
    } else if game.reviewing {
        State::Review
    } else if board_check_waits {
        State::BoardCheck
    } else if game.online {
        State::Online
    } else if game.profile {
        State::Tournament
    } else {
        State::Play
    }
}

/// One column of the table: the verdict of every action not listed, and the verdicts of the listed classes
/// (the first class the action's row has decides).
struct Column {
    state: State,
    otherwise: Verdict,
    listed: &'static [(Class, Verdict)],
}

const NOT_OPEN: Verdict = Verdict::Refused("review.not_open");

/// The analysis rule, said once (R-11.3.1, DN-3; the analysis contract, shared/design/analysis.md): analysis of
/// the position (the rows of class `ANALYSIS`, the analysis commands to come among them) is refused in the
/// tournament profile while the game is played, and in an online game; so is the outside help of a home game
/// (class `HOME`: the engine, taking moves back, a new game) in the profile. A review (open only once the game
/// is over) allows analysis. The table below, `offer` for the faces and `help` all read it from here.
const NOT_IN_TOURNAMENT: Verdict = Verdict::Refused("tournament.not_allowed");
const NOT_ONLINE: Verdict = Verdict::Refused("online.not_possible");

const TABLE: &[Column] = &[
    Column {
        state: State::Play,
        otherwise: Verdict::Allowed,
        listed: &[(Class::STEP, NOT_OPEN)],
    },
    Column {
        state: State::Tournament,
        otherwise: Verdict::Allowed,
        listed: &[
            (Class::STEP, NOT_OPEN),
            (Class::ANALYSIS, NOT_IN_TOURNAMENT),
            (Class::HOME, NOT_IN_TOURNAMENT),
        ],
    },
    // Guidelines I: while the game is adjourned, reading the record, the player's requests and `repeat` are
    // answered; `envelope` and `open` are the adjournment's own.
    Column {
        state: State::Adjourned,
        otherwise: Verdict::Refused("adjourned.refused"),
        listed: &[(Class::ADJOURNED, Verdict::Allowed)],
    },
    // In a review: its steps, read-only questions (answered on the reviewed position), and what is about the
    // game and the program, unchanged by the review.
    Column {
        state: State::Review,
        otherwise: Verdict::Refused("review.refused"),
        listed: &[(Class::REVIEW, Verdict::Allowed)],
    },
    // While the board check waits for its next line, its class is answered as ever; any other line is its
    // answer.
    Column {
        state: State::BoardCheck,
        otherwise: Verdict::Answer,
        listed: &[(Class::CHECK, Verdict::Allowed)],
    },
    // What a remote game cannot do (let time pass, call the arbiter, change the opponent, seal a move, press a
    // physical clock), and analysis; exploring the board (as lichess's own blind mode allows) and a takeback
    // asked of the opponent are done online too (class `ONLINE`).
    Column {
        state: State::Online,
        otherwise: Verdict::Allowed,
        listed: &[
            (Class::STEP, NOT_OPEN),
            (Class::ONLINE, Verdict::Allowed),
            (Class::LOCAL, NOT_ONLINE),
            (Class::ANALYSIS, NOT_ONLINE),
        ],
    },
];

/// Whether a command (its contract name) still works while the board check's walk or the one-by-one scoresheet
/// entry waits for its next line: the policy's board-check column, read by `reading.rs` so that every other line
/// is the board check's answer (no board word or move reads like these).
pub(super) fn passes_board_check(name: &str) -> bool {
    ROWS.iter()
        .find(|r| r.name == name)
        .is_some_and(|r| verdict_of(State::BoardCheck, r.class) == Verdict::Allowed)
}

/// The class an action has in the table: its row's, and outside help where the argument decides (`opponent
/// engine`: an engine as the opponent, in every word for one, "computer", "Maschine").
pub fn class_of(action: &Action) -> Class {
    let class = action.kind().row().class;
    match action {
        Action::Opponent(Arg::Given(w)) if w.value == OpponentKind::Engine => {
            class.and(Class::HOME)
        }
        _ => class,
    }
}

/// The verdict of `state` on an action of `class`.
fn verdict_of(state: State, class: Class) -> Verdict {
    let column = TABLE
        .iter()
        .find(|c| c.state == state)
        .expect("every state has its column");
    column
        .listed
        .iter()
        .find(|(listed, _)| class.has(*listed))
        .map_or(column.otherwise, |(_, v)| *v)
}

/// The verdict of `state` on `action`.
pub fn verdict(state: State, action: &Action) -> Verdict {
    verdict_of(state, class_of(action))
}

/// The verdict of `state` on a command with no argument given (what help and the faces ask of a row).
pub fn verdict_on(state: State, kind: Kind) -> Verdict {
    verdict_of(state, kind.row().class)
}

/// What a face (a key, an item of the pad menu, a line of the keys' help) does with a command in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer {
    /// Offered: the face answers it, or sends it to the session.
    Yes,
    /// Not offered, and a key for it is refused at once with this reason (a phrase key): analysis where the
    /// analysis rule refuses it, the profile's own commands outside the profile.
    Refused(&'static str),
    /// Not offered (left out of the menu and the keys' help), but a key for it is sent: the session refuses it
    /// with its reason, and the profile's log keeps the refusal (the outside help of a home game).
    Sent,
}

/// What a face does with the command `kind` in `game`: the faces ask this and keep no lists of their own.
pub fn offer(game: Game, kind: Kind) -> Offer {
    let class = kind.row().class;
    if class.has(Class::PROFILE) && !game.profile {
        return Offer::Refused("screen.tournament_only");
    }
    let played = state(
        Game {
            reviewing: false,
            ..game
        },
        false,
        false,
    );
    match verdict_of(played, class) {
        // A review allows analysis (the review column lists it).
        Verdict::Refused(_) if class.has(Class::ANALYSIS) && game.reviewing => Offer::Yes,
        Verdict::Refused(key) if class.has(Class::ANALYSIS) => Offer::Refused(key),
        Verdict::Refused(_) if class.has(Class::HOME) => Offer::Sent,
        _ => Offer::Yes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Phrases;

    #[test]
    fn every_state_has_one_column_and_every_reason_is_a_phrase() {
        for state in STATES {
            assert_eq!(TABLE.iter().filter(|c| c.state == state).count(), 1);
        }
        for (lang, _) in crate::words::phrases::BUILTIN {
            let p = Phrases::builtin(lang).unwrap();
            for c in TABLE {
                let verdicts = c.listed.iter().map(|(_, v)| *v).chain([c.otherwise]);
                for v in verdicts {
                    if let Verdict::Refused(key) = v {
                        assert_ne!(p.get(key), key, "{lang}: {key}");
                    }
                }
            }
        }
    }

    /// The old lists of names, now the rows' classes: each column answers as its list did (the review's steps,
    /// the adjournment's, the review's, the board check's, the remote game's), and analysis as the one rule.
    #[test]
    fn every_column_answers_by_the_rows_classes() {
        let allowed = |state, names: &[&str]| {
            for row in ROWS {
                let listed = names.contains(&row.name);
                let v = verdict_on(state, row.kind);
                assert_eq!(
                    v == Verdict::Allowed,
                    listed,
                    "{state:?} {}: {v:?}",
                    row.name
                );
            }
        };
        allowed(
            State::BoardCheck,
            &[
                "help",
                "quit",
                "time",
                "used",
                "count",
                "last",
                "moves",
                "board",
                "square",
                "fen",
                "save",
                "log",
                "state",
                "press",
                "flag",
                "scoresheet",
                "control",
                "inspect",
                "player:",
            ],
        );
        allowed(
            State::Adjourned,
            &[
                "envelope",
                "open",
                "help",
                "quit",
                "last",
                "moves",
                "count",
                "board",
                "square",
                "fen",
                "offer",
                "accept",
                "decline",
                "resign",
                "yes",
                "no",
                "save",
                "time",
                "used",
                "control",
                "scoresheet",
                "repeat",
                "log",
                "export",
                "state",
                "inspect",
                "player:",
            ],
        );
        let analysis = [
            "diagonals",
            "lines",
            "knights",
            "attackers",
            "legal",
            "material",
            "analysis",
        ];
        let home = ["engine", "level", "takeback", "new", "rematch"];
        let steps = [
            "back",
            "forward",
            "start",
            "end",
            "goto",
            "variation",
            "leave",
            "done",
        ];
        for row in ROWS {
            let n = row.name;
            let t = verdict_on(State::Tournament, row.kind);
            let p = verdict_on(State::Play, row.kind);
            if steps.contains(&n) {
                assert_eq!((t, p), (NOT_OPEN, NOT_OPEN), "{n}");
            } else if analysis.contains(&n) || home.contains(&n) {
                assert_eq!((t, p), (NOT_IN_TOURNAMENT, Verdict::Allowed), "{n}");
            } else {
                assert_eq!((t, p), (Verdict::Allowed, Verdict::Allowed), "{n}");
            }
            let online = verdict_on(State::Online, row.kind);
            assert_eq!(
                online == NOT_ONLINE,
                (analysis.contains(&n) || row.class.has(Class::LOCAL))
                    && !row.class.has(Class::ONLINE),
                "{n}"
            );
        }
        // The engine as the opponent is outside help, whatever word names it; a person is not.
        let engine = Action::english("opponent", "computer").unwrap();
        assert_eq!(verdict(State::Tournament, &engine), NOT_IN_TOURNAMENT);
        let human = Action::english("opponent", "human").unwrap();
        assert_eq!(verdict(State::Tournament, &human), Verdict::Allowed);
    }

    /// The Online column is reached from the game the session knows, and the analysis rule answers there as in
    /// the tournament profile; a review allows analysis; the faces get the same answer.
    #[test]
    fn an_online_game_is_a_state_and_the_analysis_rule_answers_for_it() {
        let online = Game {
            online: true,
            ..Game::default()
        };
        assert_eq!(state(online, false, false), State::Online);
        assert_eq!(state(online, true, false), State::Adjourned);
        let profile = Game {
            profile: true,
            ..Game::default()
        };
        assert_eq!(state(profile, false, false), State::Tournament);
        assert_eq!(state(profile, false, true), State::BoardCheck);
        assert_eq!(state(Game::default(), false, false), State::Play);
        let hint = Action::Analysis("hint".into());
        assert_eq!(verdict(State::Online, &hint), NOT_ONLINE);
        assert_eq!(verdict(State::Tournament, &hint), NOT_IN_TOURNAMENT);
        assert_eq!(verdict(State::Play, &hint), Verdict::Allowed);
        let reviewed = Game {
            reviewing: true,
            ..profile
        };
        assert_eq!(
            verdict_on(state(reviewed, false, false), Kind::Knights),
            Verdict::Allowed
        );
        // The faces: analysis refused at once, the outside help sent for the session to refuse, the profile's
        // own only in the profile.
        assert_eq!(
            offer(profile, Kind::Knights),
            Offer::Refused("tournament.not_allowed")
        );
        // Exploring the board stays allowed online (lichess's own blind mode allows it); analysis does not.
        assert_eq!(offer(online, Kind::Knights), Offer::Yes);
        assert_eq!(
            offer(online, Kind::Analysis),
            Offer::Refused("online.not_possible")
        );
        assert_eq!(offer(reviewed, Kind::Knights), Offer::Yes);
        assert_eq!(offer(Game::default(), Kind::Knights), Offer::Yes);
        assert_eq!(offer(profile, Kind::Takeback), Offer::Sent);
        assert_eq!(offer(Game::default(), Kind::Takeback), Offer::Yes);
        assert_eq!(offer(profile, Kind::Press), Offer::Yes);
        assert_eq!(
            offer(Game::default(), Kind::Press),
            Offer::Refused("screen.tournament_only")
        );
    }

    #[test]
    fn an_online_game_refuses_what_a_remote_game_cannot_do() {
        for name in ["wait", "arbiter", "new", "opponent"] {
            let a = Action::english(name, "").unwrap();
            assert_eq!(
                verdict(State::Online, &a),
                Verdict::Refused("online.not_possible")
            );
        }
        assert_eq!(verdict(State::Online, &Action::Board), Verdict::Allowed);
        // A takeback is asked of the opponent on lichess.
        let takeback = Action::english("takeback", "").unwrap();
        assert_eq!(verdict(State::Online, &takeback), Verdict::Allowed);
    }
}

/// The table walked against the session: every action in every reachable state.
#[cfg(test)]
mod walk {
    use std::time::Duration;

    use super::*;
    use crate::rules::Game;
    use crate::session::{Command, Config, Effect, Mode, Session};
    use crate::words::action::Act;
    use crate::words::commands::commands;

    /// Every action once: each command with an argument where it takes one, and the lines that are no command.
    fn actions() -> Vec<Action> {
        let mut all: Vec<Action> = commands()
            .map(|row| Action::english(row.name, "").expect("a command's action"))
            .collect();
        all.extend([
            Action::english("opponent", "engine").expect("opponent engine"),
            Action::Yes,
            Action::No,
            Action::Player("time".into()),
            Action::Keep,
            Action::SetClocks(String::new()),
            Action::Analysis("hint".into()),
            Action::Entry("Nf3".into()),
        ]);
        all
    }

    fn said(out: &[Effect]) -> Vec<String> {
        out.iter()
            .filter_map(|e| match e {
                Effect::Say(a) => Some(a.text.clone()),
                _ => None,
            })
            .collect()
    }

    /// A timed game (time stands still; untimed for a review) after 1. e4 e5, brought into `state`.
    fn session_in(state: State) -> Session {
        let config = Config {
            mode: match state {
                State::Tournament | State::Adjourned => Mode::Record,
                _ => Mode::Play,
            },
            // A review opens only while no clock runs.
            time_control: (state != State::Review)
                .then(|| "90+30".parse().expect("a time control")),
            virtual_clock: true,
            save_path: Some(std::env::temp_dir().join("hector-policy-walk-never-written.pgn")),
            ..Config::default()
        };
        let mut s = Session::new(Game::new(), config);
        s.start(Duration::ZERO);
        let mut lines = vec!["e4", "press", "e5", "press"];
        if s.view().mode() == Mode::Play {
            lines = vec!["e4", "e5"];
        }
        lines.extend(match state {
            State::Adjourned => vec!["seal Nf3"],
            State::Review => vec!["review"],
            State::BoardCheck => vec!["check"],
            _ => vec![],
        });
        for line in lines {
            s.update(Command::Act(s.read(line)), Duration::ZERO);
        }
        assert_eq!(s.view().state(), state, "the session is in {state:?}");
        s
    }

    #[test]
    fn every_action_in_every_state_is_refused_with_its_reason_or_reaches_its_handler() {
        for state in STATES {
            if state == State::Online {
                // Reserved: no remote game yet; its column is checked by the table's own tests.
                continue;
            }
            for action in actions() {
                let mut s = session_in(state);
                let (pgn, clock) = (s.view().pgn(), s.view().clock_remaining(Duration::ZERO));
                let act = Act::new(action.clone());
                let line = act.line.clone();
                let out = said(&s.update(Command::Act(act), Duration::ZERO));
                let reason = |key: &str| {
                    s.view()
                        .config()
                        .phrases
                        .say(key, &[("text", &crate::words::quote(&line))])
                };
                match verdict(state, &action) {
                    Verdict::Refused(key) => {
                        assert_eq!(out, vec![reason(key)], "{state:?} {line}");
                        assert_eq!(s.view().pgn(), pgn, "{state:?} {line}: the game changed");
                        assert_eq!(
                            s.view().clock_remaining(Duration::ZERO),
                            clock,
                            "{state:?} {line}: the clock changed"
                        );
                    }
                    Verdict::Answer => {
                        assert_eq!(
                            s.view().pgn(),
                            pgn,
                            "{state:?} {line}: the board check changed the game"
                        );
                    }
                    Verdict::Allowed => {
                        // Its handler answered: not one of the table's refusals (a handler that refuses by
                        // itself for the same reason, such as `knights` in the profile, gives its own words).
                        for c in TABLE {
                            for v in c.listed.iter().map(|(_, v)| *v).chain([c.otherwise]) {
                                if let Verdict::Refused(key) = v {
                                    let own = state == State::Tournament
                                        && key == "tournament.not_allowed"
                                        && action.name() == "knights";
                                    assert!(
                                        own || !out.contains(&reason(key)),
                                        "{state:?} {line}: {out:?}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_line_is_read_once_as_the_state_reads_it() {
        use crate::words::action::Arg;
        let mut s = session_in(State::Tournament);
        assert_eq!(s.read("player: time").action, Action::Player("time".into()));
        assert_eq!(s.read("moves 3").action, Action::Moves(Arg::Given(3)));
        assert_eq!(s.read("hint").action, Action::Analysis("hint".into()));
        assert_eq!(
            s.read("  log last 2 ").line,
            "  log last 2 ",
            "the line is kept as typed"
        );
        assert_eq!(s.read("log last 2").action, Action::Log(Arg::Given(2)));
        // A line that reads as a move is a move, even when its first word is a command's.
        assert_eq!(
            s.read("Knight f3").action,
            Action::Entry("Knight f3".into())
        );
        assert_eq!(
            s.read("knights f3").action,
            Action::Knights(Arg::Given(shakmaty::Square::F3))
        );
        // The player's language, and English besides.
        let de = Config {
            phrases: crate::words::Phrases::builtin("de").unwrap(),
            ..Config::default()
        };
        let g = Session::new(Game::new(), de);
        assert_eq!(g.read("Zeit").action, Action::Time);
        assert_eq!(g.read("time").action, Action::Time);
        // While the board check waits, a line that is not answered as ever is its answer.
        s = session_in(State::BoardCheck);
        assert_eq!(s.read("back").action, Action::Entry("back".into()));
        assert_eq!(s.read("board").action, Action::Board);
    }
}
