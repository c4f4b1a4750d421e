//! What each state of the session allows, as data: state × action → allowed, refused with its reason's phrase
//! key, or read as the answer the state waits for. The dispatcher consults it once before an action is answered.

use crate::words::action::{Action, Arg, OpponentKind};

/// The state that decides what is allowed (the first that holds, in this order: adjourned, review, board
/// check, tournament profile, play).
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
    /// A game against a remote opponent (reserved: not reachable yet): what a remote game cannot do is refused.
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

/// One column of the table: the verdict of every action not listed, and the listed actions' verdicts.
struct Column {
    state: State,
    otherwise: Verdict,
    listed: &'static [(&'static [&'static str], Verdict)],
}

/// The review's steps: refused while no review is open (help says them with `review`).
pub(super) const STEPS: &[&str] = &[
    "back",
    "forward",
    "start",
    "end",
    "goto",
    "variation",
    "leave",
    "done",
];

const NOT_OPEN: Verdict = Verdict::Refused("review.not_open");

/// Analysis and outside help (R-11.3.1, DN-3), refused in the tournament profile; `review` is the review's own
/// (it answers why it cannot open before the game is over), and a review allows analysis.
const ANALYSIS: &[&str] = &[
    "engine",
    "level",
    "attackers",
    "legal",
    "lines",
    "diagonals",
    "material",
    "takeback",
    "new",
    "rematch",
    "analysis",
    "opponent engine",
];

/// Guidelines I: while the game is adjourned, reading the record, the player's requests and `repeat` are
/// answered; `envelope` and `open` are the adjournment's own.
const ADJOURNED: &[&str] = &[
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
];

/// In a review: its steps, read-only questions (answered on the reviewed position), and what is about the game
/// and the program, unchanged by the review.
const REVIEW: &[&str] = &[
    "review",
    "done",
    "back",
    "forward",
    "start",
    "end",
    "goto",
    "variation",
    "leave",
    "last",
    "board",
    "square",
    "fen",
    "count",
    "moves",
    "rank",
    "file",
    "diagonals",
    "lines",
    "knights",
    "attackers",
    "legal",
    "pieces",
    "pawns",
    "material",
    "turn",
    "help",
    "repeat",
    "quit",
    "time",
    "used",
    "control",
    "save",
    "scoresheet",
    "export",
    "kept",
    "sides",
];

/// While the board check waits for its next line, these are answered as ever; any other line is its answer.
const BOARD_CHECK: &[&str] = &[
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
];

/// Whether a command (its contract name) still works while the board check's walk or the one-by-one scoresheet
/// entry waits for its next line: the policy's board-check column, read by `reading.rs` so that every other line
/// is the board check's answer (no board word or move reads like these).
pub(super) fn passes_board_check(name: &str) -> bool {
    BOARD_CHECK.contains(&name)
}

/// What a remote game cannot do: take a move back, let time pass, call the arbiter, change the opponent,
/// seal a move, or press a physical clock.
const ONLINE: &[&str] = &[
    "takeback",
    "wait",
    "arbiter",
    "engine",
    "opponent",
    "opponent engine",
    "level",
    "seal",
    "envelope",
    "open",
    "illegal",
    "press",
    "increment",
    "undo",
    "touched",
    "role",
    "player:",
    "new",
    "rematch",
];

const TABLE: &[Column] = &[
    Column {
        state: State::Play,
        otherwise: Verdict::Allowed,
        listed: &[(STEPS, NOT_OPEN)],
    },
    Column {
        state: State::Tournament,
        otherwise: Verdict::Allowed,
        listed: &[
            (STEPS, NOT_OPEN),
            (ANALYSIS, Verdict::Refused("tournament.not_allowed")),
        ],
    },
    Column {
        state: State::Adjourned,
        otherwise: Verdict::Refused("adjourned.refused"),
        listed: &[(ADJOURNED, Verdict::Allowed)],
    },
    Column {
        state: State::Review,
        otherwise: Verdict::Refused("review.refused"),
        listed: &[(REVIEW, Verdict::Allowed)],
    },
    Column {
        state: State::BoardCheck,
        otherwise: Verdict::Answer,
        listed: &[(BOARD_CHECK, Verdict::Allowed)],
    },
    Column {
        state: State::Online,
        otherwise: Verdict::Allowed,
        listed: &[
            (STEPS, NOT_OPEN),
            (ONLINE, Verdict::Refused("online.not_possible")),
        ],
    },
];

/// The name an action has in the table: its contract name, or a finer one where the argument decides
/// (`opponent engine`: an engine as the opponent).
pub fn name_of(action: &Action) -> &'static str {
    match action {
        // Every word for an engine, in every language ("computer", "Maschine"), not only the English word.
        Action::Opponent(Arg::Given(w)) if w.value == OpponentKind::Engine => "opponent engine",
        a => a.name(),
    }
}

/// The verdict of `state` on `action`.
pub fn verdict(state: State, action: &Action) -> Verdict {
    let name = name_of(action);
    let column = TABLE
        .iter()
        .find(|c| c.state == state)
        .expect("every state has its column");
    column
        .listed
        .iter()
        .find(|(names, _)| names.contains(&name))
        .map_or(column.otherwise, |(_, v)| *v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Phrases;
    use crate::words::commands::COMMANDS;

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

    #[test]
    fn every_name_in_the_table_is_an_action() {
        let extra = ["yes", "no", "player:", "analysis", "opponent engine"];
        for c in TABLE {
            for (names, _) in c.listed {
                for n in *names {
                    assert!(
                        COMMANDS.iter().any(|(c, _)| c == n) || extra.contains(n),
                        "{n}"
                    );
                }
            }
        }
    }

    #[test]
    fn an_online_game_refuses_what_a_remote_game_cannot_do() {
        for name in ["takeback", "wait", "arbiter"] {
            let a = Action::english(name, "").unwrap();
            assert_eq!(
                verdict(State::Online, &a),
                Verdict::Refused("online.not_possible")
            );
        }
        assert_eq!(verdict(State::Online, &Action::Board), Verdict::Allowed);
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
    use crate::words::commands::COMMANDS;

    /// Every action once: each command with an argument where it takes one, and the lines that are no command.
    fn actions() -> Vec<Action> {
        let mut all: Vec<Action> = COMMANDS
            .iter()
            .map(|(name, _)| Action::english(name, "").expect("a command's action"))
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
