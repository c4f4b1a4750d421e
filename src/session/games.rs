//! A file holding several games (issue 10.8): the player is asked which one to load, and the game is saved
//! back to its own place in the file (only its bytes rewritten, the others kept byte for byte), or to a new
//! file when the games cannot be told apart safely. A file holding other games is never overwritten.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Duration;

use shakmaty::Color;

use super::timing::Timing;
use super::{Effect, Kind, Pending, Session, say};
use crate::rules::time_control::TimeControl;
use crate::rules::{Game, GameResult};
use crate::words;

/// The most games listed one by one in the question; any number of the file can be typed.
pub const LISTED: usize = 20;

/// One game of the file, ready to play.
#[derive(Debug, Clone)]
pub struct FileGame {
    pub game: Game,
    pub time_control: Option<TimeControl>,
}

/// A file of several games, offered for choice at the start.
#[derive(Debug, Clone)]
pub struct GameFile {
    /// The file, as the player named it (`--load`).
    pub path: PathBuf,
    /// The same file under the name `--save` gave it, when the game is kept there too.
    pub save_alias: Option<PathBuf>,
    pub games: Vec<FileGame>,
    /// The file's text and each game's byte range in it; `None` when the games could not be told apart
    /// safely (then the chosen game is never written into this file).
    pub text: String,
    pub spans: Option<Vec<Range<usize>>>,
    /// Where the chosen game is kept when it cannot be written to its place (a new file beside this one).
    pub new_file: PathBuf,
}

/// Where the chosen game lives in its file: the text before and after it.
#[derive(Debug, Clone)]
pub(super) struct Place {
    path: PathBuf,
    alias: Option<PathBuf>,
    before: String,
    after: String,
}

impl Place {
    /// The whole file with `pgn` in the game's place, when `path` is the file.
    pub(super) fn splice(&self, path: &Path, pgn: &str) -> Option<String> {
        (path == self.path || self.alias.as_deref() == Some(path)).then(|| {
            let mut out =
                String::with_capacity(self.before.len() + pgn.len() + self.after.len() + 1);
            out.push_str(&self.before);
            out.push_str(pgn);
            if !self.after.is_empty() && !pgn.ends_with("\n\n") {
                out.push_str(if pgn.ends_with('\n') { "\n" } else { "\n\n" });
            }
            out.push_str(&self.after);
            out
        })
    }
}

/// The byte ranges of the games of a PGN text: a game starts at its first tag line (or at its first
/// movetext when it has no tags) and runs to the start of the next. Brace comments and `;` comments are
/// skipped, so a `[` inside them starts nothing. The caller checks the ranges against the games it read.
pub fn split_games(text: &str) -> Vec<Range<usize>> {
    let mut spans = Vec::new();
    let mut start: Option<usize> = None;
    let mut in_movetext = false;
    let mut in_comment = false;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let at = offset;
        offset += line.len();
        let trimmed = line.trim_start();
        if !in_comment && trimmed.starts_with('[') {
            if in_movetext {
                if let Some(s) = start {
                    spans.push(s..at);
                }
                start = Some(at);
                in_movetext = false;
            } else if start.is_none() {
                start = Some(at);
            }
            continue;
        }
        if !in_comment && trimmed.starts_with('%') {
            continue;
        }
        for c in line.chars() {
            match c {
                '{' if !in_comment => in_comment = true,
                '}' if in_comment => in_comment = false,
                ';' if !in_comment => break,
                c if !in_comment && !c.is_whitespace() => {
                    if start.is_none() {
                        start = Some(at);
                    }
                    in_movetext = true;
                }
                _ => {}
            }
        }
    }
    if let Some(s) = start {
        spans.push(s..text.len());
    }
    spans
}

impl Session {
    /// Asks at the start which game of `file` to load (more than one game in it).
    pub fn with_game_choice(mut self, file: GameFile) -> Session {
        self.choice = Some(file);
        self.pending = Some(Pending::ChooseGame);
        self
    }

    fn game_words(&self, n: usize, g: &Game) -> String {
        let tag = |name: &str, side: Color| {
            g.tags
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| words::quote(v))
                .filter(|v| !v.is_empty() && v != "?")
                .unwrap_or_else(|| self.side(side))
        };
        let result = match g.ending().map(|e| e.result) {
            Some(GameResult::WhiteWins) => self.p("result.white_wins", &[]),
            Some(GameResult::BlackWins) => self.p("result.black_wins", &[]),
            Some(GameResult::Draw) => self.p("result.draw", &[]),
            None => self.p("games.unfinished", &[]),
        };
        let moves = g.plies().len().div_ceil(2);
        let length = if moves == 1 {
            self.p("games.moves_one", &[])
        } else {
            self.p("games.moves_many", &[("count", &moves.to_string())])
        };
        self.p(
            "games.item",
            &[
                ("number", &n.to_string()),
                ("white", &tag("White", Color::White)),
                ("black", &tag("Black", Color::Black)),
                ("result", &result),
                ("length", &length),
            ],
        )
    }

    /// The question: every game in words (number, players, result, length), then what to type.
    pub(super) fn choice_question(&self) -> String {
        let Some(file) = &self.choice else {
            return String::new();
        };
        let mut items: Vec<String> = file
            .games
            .iter()
            .take(LISTED)
            .enumerate()
            .map(|(i, g)| self.game_words(i + 1, &g.game))
            .collect();
        if file.games.len() > LISTED {
            items.push(self.p(
                "games.more",
                &[("count", &(file.games.len() - LISTED).to_string())],
            ));
        }
        self.p(
            "games.choose",
            &[
                ("path", &words::quote(&file.path.display().to_string())),
                ("count", &file.games.len().to_string()),
                ("list", &items.join("; ")),
            ],
        )
    }

    /// The answer to the question: a number of the list loads that game; `quit` leaves without saving;
    /// anything else asks again.
    pub(super) fn choose_game(&mut self, line: &str, now: Duration) -> Vec<Effect> {
        let Some(count) = self.choice.as_ref().map(|f| f.games.len()) else {
            return Vec::new();
        };
        let word = line.trim().to_lowercase();
        if matches!(word.as_str(), "quit" | "exit") {
            self.choice = None;
            return vec![Effect::Quit];
        }
        let chosen = word
            .trim_end_matches('.')
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=count).contains(n));
        let Some(n) = chosen else {
            self.pending = Some(Pending::ChooseGame);
            return vec![say(
                Kind::Refusal,
                self.p(
                    "games.again",
                    &[
                        ("count", &count.to_string()),
                        ("text", &words::quote(line.trim())),
                    ],
                ),
            )];
        };
        let file = self.choice.take().expect("checked above");
        let FileGame { game, time_control } = file.games[n - 1].clone();
        self.game = game.with_edition(self.game.edition());
        self.config.time_control = time_control;
        self.timing = self
            .config
            .time_control
            .as_ref()
            .and_then(|tc| Timing::new(tc, &self.game, &self.config.clock));
        let mut out = vec![say(
            Kind::Event,
            self.p(
                "games.chosen",
                &[
                    ("number", &n.to_string()),
                    ("path", &words::quote(&file.path.display().to_string())),
                ],
            ),
        )];
        // Only this game's bytes are ever written into the file; when its place is not known for sure, the
        // game is kept in a new file instead.
        match &file.spans {
            Some(spans) => {
                let span = spans[n - 1].clone();
                self.place = Some(Place {
                    path: file.path.clone(),
                    alias: file.save_alias.clone(),
                    before: file.text[..span.start].to_string(),
                    after: file.text[span.end..].to_string(),
                });
            }
            None => {
                let kept_here = self
                    .config
                    .save_path
                    .as_ref()
                    .is_some_and(|p| *p == file.path || file.save_alias.as_ref() == Some(p));
                if kept_here {
                    self.config.save_path = Some(file.new_file.clone());
                    out.push(say(
                        Kind::Event,
                        self.p(
                            "games.new_file",
                            &[
                                ("path", &words::quote(&file.path.display().to_string())),
                                ("new", &words::quote(&file.new_file.display().to_string())),
                            ],
                        ),
                    ));
                }
            }
        }
        // An envelope beside a file of several games belongs to one of them: it is used when it is this
        // game's, and kept (not removed) otherwise.
        if let Some(env) = self.pending_envelope.take() {
            if env.belongs_to(&self.game).is_ok() {
                self.timing = Timing::from_envelope(&env, &self.game, &self.config.clock);
                self.adjourned = Some(env);
            } else {
                self.keep_envelope = true;
            }
        }
        out.extend(self.greeting());
        if let Some(env) = &self.adjourned {
            let text = self.p(
                "adjourned.greeting",
                &[
                    ("sealer", &self.side(env.sealer_color())),
                    ("number", &env.move_number.to_string()),
                ],
            );
            out.push(say(Kind::Event, text));
        } else if !self.game.is_over() {
            let turn = self.game.turn();
            if let Some(t) = &mut self.timing {
                t.start(turn, now, &self.config.clock);
            }
        }
        // `--review FILE`: the chosen game opens in review.
        out.extend(self.open_review_at_start());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_split_at_their_first_tag() {
        let text = "[Event \"a\"]\n[White \"x\"]\n\n1. e4 { [not a tag]\n[nor this] } e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n\n% escape\n[Event \"c\"]\n1. c4 ; [comment\n0-1\n";
        let spans = split_games(text);
        assert_eq!(spans.len(), 3, "{spans:?}");
        assert!(text[spans[0].clone()].starts_with("[Event \"a\"]"));
        assert!(text[spans[0].clone()].contains("e5 1-0"));
        assert!(text[spans[1].clone()].starts_with("[Event \"b\"]"));
        assert!(text[spans[2].clone()].starts_with("[Event \"c\"]"));
        assert_eq!(spans[2].end, text.len());
        assert_eq!(spans[0].end, spans[1].start);
        assert_eq!(split_games("1. e4 e5 *\n").len(), 1);
        assert!(split_games("\n\n").is_empty());
    }
}
