//! Two scoresheets compared (R-D.2.9): the other sheet as a file, a typed list, or moves read out one by one,
//! against the record; where they part is kept for the rewind.

use std::path::PathBuf;

use shakmaty::san::SanPlus;
use shakmaty::{Move, Position};

use super::{BoardCheck, MAX_FILE_BYTES, SheetEntry, is_word};
use crate::rules::Game;
use crate::rules::scoresheet::{self, Comparison, MovePoint, Sheet};
use crate::session::{Config, Effect, Kind, say};
use crate::words::scoresheet_text::SheetFileError;
use crate::words::{self, MoveInputError, announce, scoresheet_text};

impl BoardCheck {
    pub(in crate::session) fn compare_command(
        &mut self,
        cfg: &Config,
        game: &Game,
        rest: &str,
    ) -> Vec<Effect> {
        if rest.is_empty() {
            self.entry = Some(SheetEntry {
                game: Self::start_game(game),
                moves: Vec::new(),
                refused: None,
            });
            return vec![say(Kind::Event, cfg.p("compare.start", &[]))];
        }
        // A file: by its ending (`other.pgn`, `sheet.txt`) or its folder (`/dev/null`); never read as moves.
        let lower = rest.to_lowercase();
        if lower.ends_with(".pgn")
            || lower.ends_with(".txt")
            || scoresheet_text::looks_like_path(rest)
        {
            return vec![Effect::Read {
                path: PathBuf::from(rest),
                limit: MAX_FILE_BYTES,
            }];
        }
        let r = scoresheet_text::replay(game, &cfg.vocabulary, rest);
        if r.moves.is_empty() {
            return Self::nothing_read(cfg, None, r.stopped.as_ref());
        }
        self.compare_moves(cfg, game, r.moves, r.stopped)
    }

    /// R-D.2.9: a scoresheet with no move that can be read is no scoresheet to compare: refused with the reason,
    /// and nothing changes (no rewind is offered: the record is not shortened by a typo or a wrong file).
    fn nothing_read(
        cfg: &Config,
        path: Option<&str>,
        stopped: Option<&(String, MoveInputError)>,
    ) -> Vec<Effect> {
        let text = match (path, stopped) {
            (Some(path), Some((text, e))) => cfg.p(
                "compare.file_not_moves",
                &[
                    ("path", path),
                    ("text", &words::quote(text)),
                    ("reason", &Self::sheet_reason(cfg, e)),
                ],
            ),
            (None, Some((text, e))) => cfg.p(
                "compare.not_moves",
                &[
                    ("text", &words::quote(text)),
                    ("reason", &Self::sheet_reason(cfg, e)),
                ],
            ),
            (Some(path), None) => cfg.p("compare.file_no_moves", &[("path", path)]),
            (None, None) => cfg.p("compare.no_moves", &[]),
        };
        vec![say(Kind::Refusal, text)]
    }

    /// Why a scoresheet's move cannot be played, without the command line's "type help" (it is a sheet's move,
    /// not a command).
    fn sheet_reason(cfg: &Config, e: &MoveInputError) -> String {
        match e {
            MoveInputError::NotAMove(_) => cfg.p("compare.not_a_move", &[]),
            e => words::explain(&cfg.vocabulary, &cfg.phrases, e),
        }
    }

    /// "1 half-move", "5 half-moves".
    fn half_moves(cfg: &Config, n: usize) -> String {
        cfg.p("compare.half_moves", &[("n", &n.to_string())])
    }

    /// The start position a scoresheet file names (`None`: the standard one) is the game's.
    fn same_start(game: &Game, fen: Option<&str>) -> bool {
        let start = game.start_position();
        let setup = match fen {
            None => shakmaty::Chess::default().to_setup(shakmaty::EnPassantMode::Legal),
            Some(f) => match f.trim().parse::<shakmaty::fen::Fen>() {
                Ok(f) => f.into_setup(),
                Err(_) => return false,
            },
        };
        setup.board == *start.board() && setup.turn == start.turn()
    }

    /// The game's start position with no moves.
    fn start_game(game: &Game) -> Game {
        Game::from_position(
            game.start().clone(),
            game.start_position().clone(),
            game.mode(),
        )
    }

    /// A file asked for by `compare FILE.pgn` has been read by the edge (or could not be).
    pub(in crate::session) fn file_read(
        &mut self,
        cfg: &Config,
        game: &Game,
        path: &std::path::Path,
        text: Result<String, String>,
    ) -> Vec<Effect> {
        let shown = words::quote(&path.display().to_string());
        let text = match text {
            Ok(t) => t,
            Err(reason) => {
                return vec![say(
                    Kind::Refusal,
                    cfg.p(
                        "compare.read_failed",
                        &[("path", &shown), ("reason", &reason)],
                    ),
                )];
            }
        };
        // hector's braille scoresheet is in braille cells, not moves: the game's .pgn or .txt is.
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("brf"))
        {
            return vec![say(
                Kind::Refusal,
                cfg.p("compare.file_braille", &[("path", &shown)]),
            )];
        }
        // A PGN game, hector's own printed sheet, or bare moves; read move by move, so that a sheet with an
        // illegal move of its own is compared up to it and the move named (R-D.2.9).
        let sheet = match scoresheet_text::sheet_file(&text) {
            Ok(sheet) => sheet,
            Err(SheetFileError::Empty) => {
                return vec![say(
                    Kind::Refusal,
                    cfg.p("compare.file_empty", &[("path", &shown)]),
                )];
            }
            Err(SheetFileError::NoMoves) => return Self::nothing_read(cfg, Some(&shown), None),
        };
        if !Self::same_start(game, sheet.fen.as_deref()) {
            return vec![say(Kind::Event, cfg.p("compare.other_start", &[]))];
        }
        let r = scoresheet_text::replay(game, &cfg.vocabulary, &sheet.moves);
        if r.moves.is_empty() {
            return Self::nothing_read(cfg, Some(&shown), r.stopped.as_ref());
        }
        self.compare_moves(cfg, game, r.moves, r.stopped)
    }

    pub(in crate::session) fn entry_line(
        &mut self,
        cfg: &Config,
        game: &Game,
        line: &str,
        word: &str,
    ) -> Vec<Effect> {
        if is_word(cfg, word, "end", "words.end") {
            let entry = self.entry.take().expect("an entry is on");
            if entry.moves.is_empty() {
                return Self::nothing_read(cfg, None, entry.refused.as_ref());
            }
            return self.compare_moves(cfg, game, entry.moves, entry.refused);
        }
        if is_word(cfg, word, "stop", "words.stop") {
            self.entry = None;
            return vec![say(Kind::Event, cfg.p("compare.cancelled", &[]))];
        }
        if is_word(cfg, word, "back", "words.back") {
            let mut g = Self::start_game(game);
            let entry = self.entry.as_mut().expect("an entry is on");
            entry.moves.pop();
            entry.refused = None;
            for m in &entry.moves {
                let _ = g.play_without_dead_check(*m);
            }
            entry.game = g;
            let n = entry.moves.len();
            let text = cfg.p("compare.back", &[("point", &Self::point(cfg, game, n))]);
            return vec![say(Kind::Event, text)];
        }
        let entry = self.entry.as_ref().expect("an entry is on");
        if entry.moves.len() >= scoresheet_text::MAX_MOVES {
            let entry = self.entry.take().expect("an entry is on");
            return self.compare_moves(cfg, game, entry.moves, None);
        }
        match words::parse_move(&entry.game, &cfg.vocabulary, line) {
            Ok(m) => {
                let n = entry.moves.len();
                let san = entry.game.san(m);
                let said = announce::short(&cfg.vocabulary, &san, m);
                let entry = self.entry.as_mut().expect("an entry is on");
                if entry.game.play_without_dead_check(m).is_err() {
                    return vec![say(Kind::Refusal, cfg.p("err.illegal_move", &[]))];
                }
                entry.moves.push(m);
                entry.refused = None;
                let text = cfg.p(
                    "compare.entered",
                    &[("point", &Self::point(cfg, game, n)), ("move", &said)],
                );
                vec![say(Kind::Event, text)]
            }
            Err(e) => {
                let reason = words::explain(&cfg.vocabulary, &cfg.phrases, &e);
                if let Some(entry) = self.entry.as_mut() {
                    entry.refused = Some((line.trim().to_string(), e));
                }
                vec![say(
                    Kind::Refusal,
                    cfg.p("compare.again", &[("reason", &reason)]),
                )]
            }
        }
    }

    /// Half-move `ply` named as the scoresheet writes it: "move 12, Black".
    pub(super) fn point(cfg: &Config, game: &Game, ply: usize) -> String {
        let start = game.start_position();
        let p = MovePoint::of(ply, start.turn(), start.fullmoves().get());
        cfg.p(
            "compare.point",
            &[
                ("number", &p.number.to_string()),
                ("side", &cfg.side(p.color)),
            ],
        )
    }

    /// The last half-move both sheets share, or "the start".
    pub(super) fn last_agreed(cfg: &Config, game: &Game, common: usize) -> String {
        match common.checked_sub(1) {
            Some(ply) => Self::point(cfg, game, ply),
            None => cfg.p("compare.the_start", &[]),
        }
    }

    /// A move of a line from the start, said in the vocabulary's words.
    fn said_move(cfg: &Config, game: &Game, line: &[Move], ply: usize) -> String {
        let mut pos = game.start_position().clone();
        for m in &line[..ply] {
            pos.play_unchecked(*m);
        }
        let m = line[ply];
        announce::short(&cfg.vocabulary, &SanPlus::from_move(pos, m), m)
    }

    /// R-D.2.9 (2)-(4): the other scoresheet against the record. `stopped`: the other sheet has, after its
    /// `other` moves, one that is not legal there (a wrongly kept sheet): the sheets are compared up to it, and
    /// it is named with its place and why it cannot be played.
    fn compare_moves(
        &mut self,
        cfg: &Config,
        game: &Game,
        other: Vec<Move>,
        stopped: Option<(String, MoveInputError)>,
    ) -> Vec<Effect> {
        let record: Vec<Move> = game.plies().iter().map(|p| p.mv).collect();
        let cmp = scoresheet::compare(&record, &other);
        let illegal = stopped
            .as_ref()
            .map(|(text, e)| (words::quote(text), Self::sheet_reason(cfg, e)));
        // The sheet's own illegal move, said after the comparison when it is not the first difference itself.
        let also = illegal.as_ref().map(|(text, reason)| {
            cfg.p(
                "compare.unreadable",
                &[
                    ("point", &Self::point(cfg, game, other.len())),
                    ("text", text),
                    ("reason", reason),
                ],
            )
        });
        let (text, also) = match cmp {
            // The record goes on where the other sheet has a move that cannot be played: that is where they
            // part.
            Comparison::Shorter {
                common,
                longer: Sheet::Record,
                ..
            } if illegal.is_some() => {
                let (text, reason) = illegal.as_ref().expect("checked");
                self.found = Some(common);
                let t = cfg.p(
                    "compare.differ_illegal",
                    &[
                        ("first", &Self::point(cfg, game, common)),
                        ("record", &Self::said_move(cfg, game, &record, common)),
                        ("text", text),
                        ("reason", reason),
                        ("last", &Self::last_agreed(cfg, game, common)),
                        ("back", &Self::half_moves(cfg, record.len() - common)),
                    ],
                );
                (t, None)
            }
            // The record ends where the other sheet has a move that cannot be played.
            Comparison::Agree { plies } if illegal.is_some() => {
                let (text, reason) = illegal.as_ref().expect("checked");
                self.found = None;
                let t = cfg.p(
                    "compare.agree_then_illegal",
                    &[
                        ("n", &Self::half_moves(cfg, plies)),
                        ("last", &Self::last_agreed(cfg, game, plies)),
                        ("point", &Self::point(cfg, game, plies)),
                        ("text", text),
                        ("reason", reason),
                    ],
                );
                (t, None)
            }
            Comparison::Agree { plies } => {
                self.found = None;
                let boards = match &self.last_board {
                    Some(b) if b != game.position().board() => {
                        let scope = cfg.p("check.scope_all", &[]);
                        Self::board_report(cfg, game, b, &scope)
                    }
                    _ => cfg.p("compare.describe_board", &[]),
                };
                let key = if plies == 0 {
                    "compare.agree_empty"
                } else {
                    "compare.agree"
                };
                let t = cfg.p(
                    key,
                    &[
                        ("n", &plies.to_string()),
                        ("last", &Self::last_agreed(cfg, game, plies)),
                        ("side", &cfg.side(game.turn())),
                        ("boards", &boards),
                    ],
                );
                (t, None)
            }
            Comparison::Shorter {
                common,
                longer: Sheet::Other,
                ..
            } => {
                self.found = None;
                let t = cfg.p(
                    "compare.record_shorter",
                    &[
                        ("last", &Self::last_agreed(cfg, game, common)),
                        ("other", &Self::said_move(cfg, game, &other, common)),
                        ("n", &(other.len() - common).to_string()),
                    ],
                );
                (t, also)
            }
            Comparison::Differ { common } => {
                self.found = Some(common);
                let t = cfg.p(
                    "compare.differ",
                    &[
                        ("first", &Self::point(cfg, game, common)),
                        ("record", &Self::said_move(cfg, game, &record, common)),
                        ("other", &Self::said_move(cfg, game, &other, common)),
                        ("last", &Self::last_agreed(cfg, game, common)),
                        ("back", &Self::half_moves(cfg, record.len() - common)),
                    ],
                );
                (t, also)
            }
            // The other sheet ends where the record goes on.
            Comparison::Shorter { common, .. } => {
                self.found = Some(common);
                let t = cfg.p(
                    "compare.other_shorter",
                    &[
                        ("first", &Self::point(cfg, game, common)),
                        ("record", &Self::said_move(cfg, game, &record, common)),
                        ("last", &Self::last_agreed(cfg, game, common)),
                        ("n", &(record.len() - common).to_string()),
                    ],
                );
                (t, None)
            }
        };
        let mut out = vec![say(Kind::Event, text)];
        if let Some(also) = also {
            out.push(say(Kind::Event, also));
        }
        out
    }
}
