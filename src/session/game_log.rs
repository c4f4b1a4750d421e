//! What the action log says of the game: `hector --verify` and `verify` compare the log with
//! the game beside it, and a resumed game completes an action the log holds and the game file lacks.

use super::game_mark::GameMark;
use super::log::{ActionLog, Actor};
use super::{Config, Effect, Kind, say};
use crate::words::{self, Phrases};

/// What is said of an action carried out again from the log after an interruption: "Recovered
/// after an interruption: " before its first answer; one that did not lead to the game its entry recorded is said
/// as not carried out.
pub(super) fn said_as_recovered(cfg: &Config, answer: &mut Vec<Effect>, done: bool, line: &str) {
    let first = answer.iter_mut().find_map(|e| match e {
        Effect::Say(a) => Some(a),
        _ => None,
    });
    match first {
        Some(a) if done => a.text = cfg.p("log.recovered", &[("action", &a.text)]),
        _ if done => answer.insert(
            0,
            say(
                Kind::Event,
                cfg.p("log.recovered", &[("action", &words::quote(line))]),
            ),
        ),
        _ => answer.insert(0, say(Kind::Event, not_recovered(cfg, line))),
    }
}

/// An action of the log not carried out after an interruption.
pub(super) fn not_recovered(cfg: &Config, line: &str) -> String {
    cfg.p("log.not_recovered", &[("action", &words::quote(line))])
}

/// The log read against the game.
impl ActionLog {
    /// The game as the log's last entry that says it left it.
    pub fn last_game(&self) -> Option<&GameMark> {
        self.entries().iter().rev().find_map(|e| e.game.as_ref())
    }

    /// The actions the log holds and the game `now` lacks (a kill after the log's entry was on disk
    /// and before the game file was renamed into place): the entries after the last one that left the game as it
    /// is now, each with the game it left (all of them when the game has not begun and the log holds no more
    /// than a first move: a kill before the first save). Empty when the log agrees with the game, or when no
    /// entry left the game as it is (then `--verify` tells the arbiter).
    pub fn lost_actions(&self, now: &GameMark) -> Vec<(String, GameMark)> {
        if self.last_game().is_none_or(|g| g.agrees(now)) {
            return Vec::new();
        }
        // A game killed before its first save (no file yet: its log goes no further than a first move) lacks every
        // entry; a log of a longer game whose file is gone is not played into a new one.
        let first_move_only = self
            .entries()
            .iter()
            .all(|e| e.game.as_ref().is_none_or(|g| g.plies <= 1));
        let unbegun =
            first_move_only && now.plies == 0 && now.result == "*" && now.made == "-/0/0/0/0";
        let from = match self
            .entries()
            .iter()
            .rposition(|e| e.game.as_ref().is_some_and(|g| g.agrees(now)))
        {
            Some(at) => at + 1,
            None if unbegun => 0,
            None => return Vec::new(),
        };
        self.entries()[from..]
            .iter()
            .filter(|e| e.actor != Actor::Hector && !e.action.is_empty())
            .filter_map(|e| Some((e.action.clone(), e.game.clone()?)))
            .collect()
    }
}

/// How the log compares with the game beside it: its last entry's game against the file's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Against {
    /// No entry says what the game was (a log of an earlier version): only the chain can be checked.
    NoMarks,
    /// The same moves and result.
    Agrees(GameMark),
    /// The log ends before the game does: entries were cut off at its end.
    LogBehind { log: GameMark, game: GameMark },
    /// The log holds actions the game file lacks (a save interrupted after its entry).
    GameBehind { log: GameMark, game: GameMark },
    /// As many moves, other moves or another result.
    Differs { log: GameMark, game: GameMark },
}

/// Compares the log's text with the game kept beside it (moves, result, the made move and presses owed).
pub fn against_game(text: &str, game: &crate::rules::Game) -> Against {
    against(text, GameMark::of_file(game))
}

/// Compares the log's text with the game as it stands `now` (the session's `verify`).
pub fn against(text: &str, now: GameMark) -> Against {
    let log = ActionLog::continued(None, text);
    let Some(last) = log.last_game().cloned() else {
        return Against::NoMarks;
    };
    if last.agrees(&now) {
        return Against::Agrees(now);
    }
    let earlier = log
        .entries()
        .iter()
        .any(|e| e.game.as_ref().is_some_and(|g| g.agrees(&now)));
    if earlier || last.plies > now.plies {
        Against::GameBehind {
            log: last,
            game: now,
        }
    } else if last.plies < now.plies {
        Against::LogBehind {
            log: last,
            game: now,
        }
    } else {
        Against::Differs {
            log: last,
            game: now,
        }
    }
}

/// What `--verify` says of the log against the game.
pub fn against_text(p: &Phrases, a: &Against) -> String {
    let args = |key: &str, log: &GameMark, game: &GameMark| {
        p.say(
            key,
            &[
                ("log_n", &log.plies.to_string()),
                ("log_last", &log.last),
                ("log_result", &log.result),
                ("game_n", &game.plies.to_string()),
                ("game_last", &game.last),
                ("game_result", &game.result),
            ],
        )
    };
    match a {
        Against::NoMarks => p.say("verify.game_no_marks", &[]),
        Against::Agrees(g) => args("verify.game_agrees", g, g),
        Against::LogBehind { log, game } => args("verify.game_log_behind", log, game),
        Against::GameBehind { log, game } => args("verify.game_game_behind", log, game),
        Against::Differs { log, game } => args("verify.game_differs", log, game),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::log::{Verdict, verify};
    use std::time::Duration;

    /// A log sealed by an earlier version (our own SHA-256; the seals computed apart from hector) still verifies
    /// whole, and an edit in it is still found.
    #[test]
    fn a_log_written_before_the_sha2_crate_still_verifies() {
        let old = "# hector action log\n\
2026-11-20T10:00:05Z\t0:00:05.3\tplayer\te4\tBauer Eva vier\t#1 sha256:02c2bf2c72e53b7243a99c894c6ca490f9f40d98213f20f26569b8cfc4298c52\n\
2026-11-20T10:00:07Z\t0:00:07.0\tplayer\tpress\t#2 sha256:2c5c0bae3a825654428f320bd504ccbf78c607f6bfd16126a725a03729ca0d77\n\
2026-11-20T10:01:40Z\t0:01:40.0\tarbiter\tarbiter add white 2m\tArbiter: White gets 2 minutes more\t#3 sha256:b9f23a6caec5fa907db4c38689f6d5ab2531a8166834850840786b2c63d69a94\n";
        assert_eq!(
            verify(old),
            Verdict::Whole {
                entries: 3,
                last_at: "2026-11-20T10:01:40Z".into(),
                unsealed: 0
            }
        );
        let edited = old.replace("add white 2m", "add white 3m");
        assert!(matches!(verify(&edited), Verdict::Changed(_)), "{edited}");
        // And a log continued now chains on from the old seals.
        let mut more = ActionLog::continued(None, old);
        more.record(Duration::from_secs(200), Actor::Player, "e5", vec![]);
        let whole = format!("{old}{}", more.take_unwritten());
        assert!(
            matches!(verify(&whole), Verdict::Whole { entries: 4, .. }),
            "{whole}"
        );
    }

    fn game(moves: &[&str]) -> crate::rules::Game {
        let mut g = crate::rules::Game::new();
        for m in moves {
            g.play_san(m).unwrap();
        }
        g
    }

    /// The entries after the last one that left the game as the file has it are lost; a game killed
    /// before its first save lacks its first entries; a longer game whose file is gone is not played again.
    #[test]
    fn the_actions_a_game_file_lacks() {
        let mut log = ActionLog::new(None);
        let played: [&[&str]; 3] = [&["e4"], &["e4"], &["e4", "e5"]];
        for (action, moves) in ["e4", "press", "e5"].iter().zip(played) {
            log.set_game(&game(moves), (None, [0, 0]), [0, 0]);
            log.record(Duration::ZERO, Actor::Player, action, vec![]);
        }
        let now = |moves: &[&str]| GameMark::of(&game(moves), None, [0, 0], [0, 0]);
        let lost: Vec<String> = log
            .lost_actions(&now(&["e4"]))
            .into_iter()
            .map(|(a, _)| a)
            .collect();
        assert_eq!(lost, ["e5"]);
        assert!(log.lost_actions(&now(&["e4", "e5"])).is_empty());
        // Killed before the first save: the file holds no game, the log only a first move.
        let mut first = ActionLog::new(None);
        first.set_game(&game(&["e4"]), (None, [0, 0]), [0, 0]);
        first.record(Duration::ZERO, Actor::Player, "e4", vec![]);
        assert_eq!(first.lost_actions(&now(&[])).len(), 1);
        assert!(
            log.lost_actions(&now(&[])).is_empty(),
            "a longer game is never played into a new one"
        );
        // And --verify's verdicts.
        let text = log.to_text();
        assert!(matches!(
            against(&text, now(&["e4", "e5"])),
            Against::Agrees(_)
        ));
        assert!(matches!(
            against(&text, now(&["e4"])),
            Against::GameBehind { .. }
        ));
        assert!(matches!(
            against(&text, now(&["e4", "e5", "Nf3"])),
            Against::LogBehind { .. }
        ));
        assert!(matches!(
            against(&text, now(&["d4", "d5"])),
            Against::Differs { .. }
        ));
    }
}
