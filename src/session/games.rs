//! A file holding several games (issue 10.8): the player is asked which one to load, and the game is saved
//! back to its own place in the file (only its bytes rewritten, the others kept byte for byte), or to a new
//! file when the games cannot be told apart safely. A file holding other games is never overwritten.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Duration;

use shakmaty::Color;

use super::timing::Timing;
use super::{Effect, Kind, Pending, Session, say};
use crate::rules::pgn::{ImportOptions, Importer};
use crate::rules::time_control::TimeControl;
use crate::rules::{Game, GameResult};
use crate::words;

/// The most games listed one by one in the question; any number of the file can be typed.
pub const LISTED: usize = 20;

/// One game of the file as the question lists it. Only this is kept of every game (a few hundred bytes, not
/// the game with all its positions): a file of 50 MB holds tens of thousands of games, and only the chosen
/// one is read again in full (issue 10, memory of `--load`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    /// The White, Black, Event and Date tags as the file gives them (`None` when missing).
    pub white: Option<String>,
    pub black: Option<String>,
    pub event: Option<String>,
    pub date: Option<String>,
    /// The result as hector read the game (its ending), `None` when unfinished.
    pub result: Option<GameResult>,
    /// Half-moves of the main line.
    pub plies: usize,
    /// The game's clock, from its TimeControl tag or the command line.
    pub time_control: Option<TimeControl>,
    /// The start position, the number of half-moves and the final position, hashed: the game read again
    /// from its place must be the same game.
    pub fingerprint: u64,
}

impl GameSummary {
    /// What the question needs of `game` (whose clock is `time_control`).
    pub fn of(game: &Game, time_control: Option<TimeControl>) -> GameSummary {
        let tag = |name: &str| game.tags.get(name).map(str::to_owned);
        GameSummary {
            white: tag("White"),
            black: tag("Black"),
            event: tag("Event"),
            date: tag("Date"),
            result: game.ending().map(|e| e.result),
            plies: game.plies().len(),
            time_control,
            fingerprint: fingerprint(game),
        }
    }
}

/// The start position, length and final position of `game`, hashed (the same within one run of hector).
pub fn fingerprint(game: &Game) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    game.start_fen().hash(&mut h);
    game.plies().len().hash(&mut h);
    game.fen().hash(&mut h);
    h.finish()
}

/// A file of several games, offered for choice at the start.
#[derive(Debug, Clone)]
pub struct GameFile {
    /// The file, as the player named it (`--load`).
    pub path: PathBuf,
    /// The same file under the name `--save` gave it, when the game is kept there too.
    pub save_alias: Option<PathBuf>,
    /// Every game of the file, in order, as listed; the games themselves are read again from `text`.
    pub games: Vec<GameSummary>,
    /// The file's text and each game's byte range in it; `None` when the games could not be told apart
    /// safely (then the chosen game is never written into this file).
    pub text: String,
    pub spans: Option<Vec<Range<usize>>>,
    /// Where the chosen game is kept when it cannot be written to its place (a new file beside this one).
    pub new_file: PathBuf,
}

impl GameFile {
    /// Game `n` (1-based) read again in full, and whether it was read from its own place (its span alone)
    /// and found to be the game listed. When the place does not give the same game, the game is taken from
    /// the whole text as it was read at the start, and its place counts as unknown. `None` only when the
    /// text no longer gives that game.
    pub fn read_game(&self, n: usize) -> Option<(Game, bool)> {
        let summary = self.games.get(n.checked_sub(1)?)?;
        let options = ImportOptions::default();
        if let Some(span) = self.spans.as_ref().and_then(|s| s.get(n - 1))
            && let Some(text) = self.text.get(span.clone())
        {
            let mut alone = Importer::new(text.as_bytes(), &options);
            if let (Some(first), None) = (alone.next(), alone.next())
                && let Ok(game) = first.game
                && fingerprint(&game) == summary.fingerprint
            {
                return Some((game, true));
            }
        }
        // Every game of the file imported at the start, so the n-th one read is game n.
        let game = Importer::new(self.text.as_bytes(), &options)
            .nth(n - 1)?
            .game
            .ok()?;
        Some((game, false))
    }
}

/// Where the chosen game lives in its file: the file's text and the game's byte range in it.
#[derive(Debug, Clone)]
pub(super) struct Place {
    path: PathBuf,
    alias: Option<PathBuf>,
    text: String,
    span: Range<usize>,
}

impl Place {
    /// The whole file with `pgn` in the game's place, when `path` is the file.
    pub(super) fn splice(&self, path: &Path, pgn: &str) -> Option<String> {
        (path == self.path || self.alias.as_deref() == Some(path)).then(|| {
            let before = &self.text[..self.span.start];
            let after = &self.text[self.span.end..];
            let mut out = String::with_capacity(before.len() + pgn.len() + after.len() + 2);
            out.push_str(before);
            out.push_str(pgn);
            if !after.is_empty() && !pgn.ends_with("\n\n") {
                out.push_str(if pgn.ends_with('\n') { "\n" } else { "\n\n" });
            }
            out.push_str(after);
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

    fn game_words(&self, n: usize, g: &GameSummary) -> String {
        let tag = |value: &Option<String>, side: Color| {
            value
                .as_deref()
                .map(words::quote)
                .filter(|v| !v.is_empty() && v != "?")
                .unwrap_or_else(|| self.side(side))
        };
        let result = match g.result {
            Some(GameResult::WhiteWins) => self.p("result.white_wins", &[]),
            Some(GameResult::BlackWins) => self.p("result.black_wins", &[]),
            Some(GameResult::Draw) => self.p("result.draw", &[]),
            None => self.p("games.unfinished", &[]),
        };
        let moves = g.plies.div_ceil(2);
        let length = if moves == 1 {
            self.p("games.moves_one", &[])
        } else {
            self.p("games.moves_many", &[("count", &moves.to_string())])
        };
        self.p(
            "games.item",
            &[
                ("number", &n.to_string()),
                ("white", &tag(&g.white, Color::White)),
                ("black", &tag(&g.black, Color::Black)),
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
            .map(|(i, g)| self.game_words(i + 1, g))
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
        // Only the chosen game is read in full, from its place in the file.
        let Some((game, in_place)) = self.choice.as_ref().and_then(|f| f.read_game(n)) else {
            self.pending = Some(Pending::ChooseGame);
            let path = self.choice.as_ref().map(|f| f.path.display().to_string());
            return vec![say(
                Kind::Refusal,
                self.p(
                    "games.unreadable",
                    &[
                        ("number", &n.to_string()),
                        ("path", &words::quote(&path.unwrap_or_default())),
                    ],
                ),
            )];
        };
        let file = self.choice.take().expect("checked above");
        let mut game = game.with_edition(self.m.game.edition());
        // The chosen game's kept clock and identity (issue 18.3, 18.22), not the first game's.
        self.m.kept = Session::take_kept(&mut game);
        if let Some(id) = Session::take_game_id(&mut game) {
            self.game_id = id;
        }
        self.m.game = game;
        self.config.time_control = file.games[n - 1].time_control.clone();
        self.m.timing = self
            .config
            .time_control
            .as_ref()
            .and_then(|tc| Timing::new(tc, &self.m.game, &self.config.clock));
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
        let span = file.spans.as_ref().map(|spans| spans[n - 1].clone());
        match span.filter(|_| in_place) {
            Some(span) => {
                self.place = Some(Place {
                    path: file.path.clone(),
                    alias: file.save_alias.clone(),
                    text: file.text,
                    span,
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
            if env.belongs_to(&self.m.game).is_ok() {
                self.m.timing = Timing::from_envelope(&env, &self.m.game, &self.config.clock);
                self.m.adjourned = Some(env);
            } else {
                self.keep_envelope = true;
            }
        }
        out.extend(self.greeting());
        if let Some(env) = &self.m.adjourned {
            let text = self.p(
                "adjourned.greeting",
                &[
                    ("sealer", &self.side(env.sealer_color())),
                    ("number", &env.move_number.to_string()),
                ],
            );
            out.push(say(Kind::Event, text));
        } else {
            let (restored, notes) = self.restore_kept(now, self.real_at);
            out.extend(self.restored_notes(notes));
            if !restored && !self.m.game.is_over() {
                let turn = self.m.game.turn();
                if let Some(t) = &mut self.m.timing {
                    t.start(turn, now, &self.config.clock);
                }
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

    const THREE: &str = "[Event \"A\"]\n[White \"Anna\"]\n[Black \"Bob\"]\n[Date \"2024.01.02\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n[Event \"B\"]\n\n1. d4 d5 *\n\n[Event \"C\"]\n\n1. c4 c5 2. Nc3 1/2-1/2\n";

    fn three() -> GameFile {
        let report = crate::rules::pgn::import(THREE);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        GameFile {
            path: PathBuf::from("m.pgn"),
            save_alias: None,
            games: report
                .games
                .iter()
                .map(|g| GameSummary::of(g, None))
                .collect(),
            text: THREE.to_string(),
            spans: Some(split_games(THREE)),
            new_file: PathBuf::from("m-kept.pgn"),
        }
    }

    #[test]
    fn a_summary_keeps_what_the_question_says() {
        let file = three();
        let first = &file.games[0];
        assert_eq!(first.white.as_deref(), Some("Anna"));
        assert_eq!(first.black.as_deref(), Some("Bob"));
        assert_eq!(first.event.as_deref(), Some("A"));
        assert_eq!(first.date.as_deref(), Some("2024.01.02"));
        assert_eq!(first.result, Some(GameResult::WhiteWins));
        assert_eq!(first.plies, 7);
        assert_eq!(file.games[1].result, None);
        assert_eq!(file.games[1].white, None);
        assert_eq!(file.games[2].result, Some(GameResult::Draw));
        assert_eq!(file.games[2].plies, 3);
        let prints: std::collections::HashSet<u64> =
            file.games.iter().map(|g| g.fingerprint).collect();
        assert_eq!(prints.len(), 3, "three different games, three fingerprints");
    }

    #[test]
    fn the_chosen_game_is_read_again_from_its_place() {
        let file = three();
        let fens = [
            "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
            "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
            "rnbqkbnr/pp1ppppp/8/2p5/2P5/2N5/PP1PPPPP/R1BQKBNR b KQkq - 1 2",
        ];
        for (n, fen) in (1..=3).zip(fens) {
            let (game, in_place) = file.read_game(n).expect("the game is there");
            assert!(in_place, "game {n} read from its own place");
            assert_eq!(game.fen(), fen, "game {n}");
            assert_eq!(fingerprint(&game), file.games[n - 1].fingerprint);
        }
        assert!(file.read_game(0).is_none());
        assert!(file.read_game(4).is_none());
    }

    #[test]
    fn a_place_that_gives_another_game_is_not_trusted() {
        let mut file = three();
        let spans = split_games(THREE);
        // Places swapped: game 1's place now holds game 2. Game 1 still comes (from the whole text), but its
        // place is unknown, so it is never written there.
        file.spans = Some(vec![spans[1].clone(), spans[0].clone(), spans[2].clone()]);
        let (game, in_place) = file.read_game(1).expect("game 1 is in the text");
        assert!(!in_place);
        assert_eq!(game.plies().len(), 7);
        let (game, in_place) = file.read_game(3).expect("game 3 is in its place");
        assert!(in_place);
        assert_eq!(game.plies().len(), 3);
        // Without places, every game comes from the whole text.
        file.spans = None;
        let (game, in_place) = file.read_game(2).expect("game 2");
        assert!(!in_place);
        assert_eq!(game.plies().len(), 2);
    }
}
