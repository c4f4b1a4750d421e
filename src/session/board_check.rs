//! Board mismatches (Appendix D.2.9, ANN-I4) in the session: the tactile board check (a guided walk square by
//! square, a rank, a FEN, piece lists, quick questions) said as the fewest physical steps, and two scoresheets
//! compared (a PGN file, a typed list, or moves read out one by one), with the retracing of the moves to the
//! point where they agree and the arbiter's clock setting (R-D.2.9c, R-7.1). Works in every mode.
//!
//! Reading the record is allowed in the tournament profile: the check says what the record holds and how the
//! player's own board differs from it, which is what the Laws give a blind player through the arbiter
//! (D.2.9); it says nothing about the position's merits (Article 11.3.1).

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use shakmaty::san::SanPlus;
use shakmaty::{Board, Color, File, Move, Piece, Position, Rank, Square};

use super::log::Actor;
use super::{Effect, Kind, Pending, Session, say};
use crate::rules::Game;
use crate::rules::board_diff::{self, Slip, Step};
use crate::rules::scoresheet::{self, Comparison, MovePoint, Sheet};
use crate::words::board_text::{self, Asked, BoardTextError, BoardWords};
use crate::words::normalize::fold;
use crate::words::scoresheet_text::SheetFileError;
use crate::words::{self, MoveInputError, announce, scoresheet_text};

/// The most a scoresheet file may hold (outside input is bounded).
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Commands that still work while the walk or the one-by-one entry waits for its next line (no board word
/// or move reads like them): questions, the clock, saving and leaving.
pub(super) const PASS_THROUGH: [&str; 20] = [
    "help",
    "?",
    "quit",
    "exit",
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
];

/// The guided walk: the squares in the order asked, and the answers so far.
#[derive(Debug, Clone)]
struct Walk {
    order: Vec<Square>,
    answers: Vec<Option<Piece>>,
}

/// The other scoresheet read out move by move.
#[derive(Debug, Clone)]
struct SheetEntry {
    game: Game,
    moves: Vec<Move>,
    /// The last line refused as the next move: `end` right after it compares up to it and names it as the
    /// other sheet's own illegal move.
    refused: Option<(String, MoveInputError)>,
}

/// The state of the board check and the scoresheet comparison.
#[derive(Debug, Clone, Default)]
pub(super) struct BoardCheck {
    walk: Option<Walk>,
    entry: Option<SheetEntry>,
    /// The last comparison that found the scoresheets apart: half-moves that agree (R-D.2.9b).
    found: Option<usize>,
    /// After a rewind: the arbiter sets the clocks (`keep`, `set SIDE TIME`).
    clocks: bool,
    /// The half-moves taken back by each rewind, as written (also in the action log in the tournament modes).
    taken_back: Vec<String>,
    /// The last whole board the player described (for D.2.9a: what to change on it).
    last_board: Option<Board>,
    /// The words descriptions are read with, made once (the vocabulary and language do not change).
    words: OnceLock<Arc<BoardWords>>,
}

/// The moves of an action-log rewind entry ("Taken back: 1... e5 2. Nf3", in whichever language the log was
/// written), as written.
fn taken_back_in(said: &str) -> Option<String> {
    crate::words::phrases::BUILTIN.iter().find_map(|(lang, _)| {
        let p = crate::words::Phrases::builtin(lang)?;
        let (before, after) = p.get("rewound.list").split_once("{list}")?;
        let list = said.strip_prefix(before)?.strip_suffix(after)?.trim();
        (!list.is_empty()).then(|| list.to_string())
    })
}

/// The words of a phrase-table list ("stop, stopp"), folded.
fn listed(p: &crate::words::Phrases, key: &str) -> Vec<String> {
    p.get(key)
        .split(',')
        .map(|w| fold(w.trim()))
        .filter(|w| !w.is_empty())
        .collect()
}

impl Session {
    fn board_words(&self) -> Arc<BoardWords> {
        Arc::clone(self.board_check.words.get_or_init(|| {
            Arc::new(BoardWords::new(
                &self.config.vocabulary,
                &self.config.phrases,
            ))
        }))
    }

    /// A command word of this feature: the contract's English name or a word of the UI language's list.
    pub(super) fn is_word(&self, word: &str, english: &str, key: &str) -> bool {
        let w = fold(word);
        w == english || listed(&self.config.phrases, key).contains(&w)
    }

    /// The square the guided walk asks now (the full-screen view puts its focus there and opens the input
    /// line), if a walk is on.
    pub fn board_check_square(&self) -> Option<Square> {
        let w = self.board_check.walk.as_ref()?;
        w.order.get(w.answers.len()).copied()
    }

    /// The board check or the one-by-one scoresheet entry waits for the next line.
    pub fn board_check_waits(&self) -> bool {
        self.board_check.walk.is_some() || self.board_check.entry.is_some()
    }

    /// The guided walk is on: a line is its answer.
    pub(super) fn board_check_walks(&self) -> bool {
        self.board_check.walk.is_some()
    }

    /// The clocks' check is on: `keep` and `set` are its words.
    pub(super) fn board_check_clocks(&self) -> bool {
        self.board_check.clocks
    }

    // ---------------------------------------------------------------------------------------------------
    // The tactile board
    // ---------------------------------------------------------------------------------------------------

    pub(super) fn check_command(&mut self, rest: &str) -> Vec<Effect> {
        let mut parts = rest.splitn(2, char::is_whitespace);
        let first = parts.next().unwrap_or("");
        let tail = parts.next().unwrap_or("").trim();
        if rest.is_empty() {
            return self.walk_start();
        }
        if self.is_word(first, "rank", "words.rank") {
            return self.check_rank(tail);
        }
        if self.is_word(first, "square", "words.square") {
            return self.quick_question(tail);
        }
        if fold(first) == "fen" || rest.contains('/') {
            let fen = if fold(first) == "fen" { tail } else { rest };
            return match board_text::fen_board(fen) {
                Ok(b) => {
                    self.board_check.last_board = Some(b.clone());
                    let scope = self.p("check.scope_all", &[]);
                    vec![say(Kind::Event, self.board_report(&b, &scope))]
                }
                Err(e) => self.board_text_refusal(&e, None),
            };
        }
        let bw = self.board_words();
        match bw.piece_lists(&self.config.vocabulary, rest) {
            Ok((described, sides)) => {
                // The sides not named are not described: they stand as in the record.
                let target = self.m.game.position().board().clone();
                let mut board = described.clone();
                for color in [Color::White, Color::Black] {
                    if sides.contains(&color) {
                        continue;
                    }
                    for sq in target.by_color(color) {
                        if board.piece_at(sq).is_none() {
                            board.set_piece_at(sq, target.piece_at(sq).expect("occupied"));
                        }
                    }
                }
                let scope = if sides.len() == 2 {
                    self.board_check.last_board = Some(board.clone());
                    self.p("check.scope_all", &[])
                } else {
                    self.p("check.scope_side", &[("side", &self.side(sides[0]))])
                };
                vec![say(Kind::Event, self.board_report(&board, &scope))]
            }
            Err(BoardTextError::Nothing | BoardTextError::OutOfPlace(_))
                if bw.square(&self.config.vocabulary, rest).is_err() =>
            {
                vec![say(Kind::Refusal, self.p("check.usage", &[]))]
            }
            Err(e) => self.board_text_refusal(&e, None),
        }
    }

    fn board_text_refusal(&self, e: &BoardTextError, then: Option<String>) -> Vec<Effect> {
        let bw = self.board_words();
        let reason = board_text::explain(&self.config.vocabulary, &self.config.phrases, &bw, e);
        let text = match then {
            Some(t) => format!("{reason}. {t}"),
            None => reason,
        };
        vec![say(Kind::Refusal, text)]
    }

    /// `check rank N WORDS`: one rank compared; without words, the record's rank read out.
    fn check_rank(&mut self, rest: &str) -> Vec<Effect> {
        let mut parts = rest.splitn(2, char::is_whitespace);
        let n = parts.next().unwrap_or("");
        let words_said = parts.next().unwrap_or("").trim();
        let bw = self.board_words();
        let v = &self.config.vocabulary;
        let Some(rank) = bw.rank_word(v, n) else {
            return vec![say(
                Kind::Refusal,
                self.p("check.rank_bad", &[("text", &words::quote(n))]),
            )];
        };
        let target = self.m.game.position().board().clone();
        if words_said.is_empty() {
            return vec![say(Kind::Answer, self.read_rank(&target, rank))];
        }
        match bw.rank(v, words_said) {
            Ok(squares) => {
                let mut board = target.clone();
                for (i, p) in squares.iter().enumerate() {
                    let sq = Square::from_coords(File::new(i as u32), rank);
                    match p {
                        Some(p) => board.set_piece_at(sq, *p),
                        None => board.discard_piece_at(sq),
                    }
                }
                let scope = self.p("check.scope_rank", &[("rank", v.rank(rank))]);
                vec![say(Kind::Event, self.board_report(&board, &scope))]
            }
            Err(e) => self.board_text_refusal(&e, None),
        }
    }

    /// The record's rank, a-file to h-file.
    fn read_rank(&self, board: &Board, rank: Rank) -> String {
        let v = &self.config.vocabulary;
        let items: Vec<String> = File::ALL
            .iter()
            .map(|f| Square::from_coords(*f, rank))
            .filter_map(|sq| {
                board.piece_at(sq).map(|p| {
                    self.p(
                        "square.piece",
                        &[
                            ("square", &v.square(sq)),
                            ("side", &self.side(p.color)),
                            ("piece", v.piece(p.role)),
                        ],
                    )
                })
            })
            .collect();
        let pieces = if items.is_empty() {
            self.p("screen.empty_line", &[])
        } else {
            items.join(", ")
        };
        self.p(
            "screen.rank",
            &[("rank", v.rank(rank)), ("pieces", &pieces)],
        )
    }

    /// "is there a Springer on Felix drei?", `check square Felix drei Springer`: what the record holds there.
    pub(super) fn quick_question(&self, rest: &str) -> Vec<Effect> {
        let bw = self.board_words();
        let v = &self.config.vocabulary;
        let fillers: Vec<String> = self
            .config
            .phrases
            .get("words.filler")
            .split(',')
            .map(|w| w.trim().to_string())
            .collect();
        let (sq, asked) = match bw.question(v, rest, &fillers) {
            Ok(q) => q,
            Err(BoardTextError::Nothing) => {
                return vec![say(
                    Kind::Refusal,
                    self.p("check.square_bad", &[("text", &words::quote(rest))]),
                )];
            }
            Err(e) => return self.board_text_refusal(&e, None),
        };
        let here = self.m.game.position().board().piece_at(sq);
        let yes = match (asked, here) {
            (Asked::Empty, None) => true,
            (Asked::Piece { role, color }, Some(p)) => {
                p.role == role && color.is_none_or(|c| c == p.color)
            }
            _ => false,
        };
        let stands = match here {
            None => self.p("square.empty", &[("square", &v.square(sq))]),
            Some(p) => self.p(
                "square.piece",
                &[
                    ("square", &v.square(sq)),
                    ("side", &self.side(p.color)),
                    ("piece", v.piece(p.role)),
                ],
            ),
        };
        let key = if yes { "check.yes" } else { "check.no" };
        vec![say(Kind::Answer, self.p(key, &[("stands", &stands)]))]
    }

    fn walk_start(&mut self) -> Vec<Effect> {
        let player = self.config.engine_color.other();
        // From the player's side: the nearest rank first, each from the player's left to right.
        let order: Vec<Square> = match player {
            Color::White => Square::ALL.to_vec(),
            Color::Black => Square::ALL.iter().rev().copied().collect(),
        };
        let first = order[0];
        self.board_check.walk = Some(Walk {
            order,
            answers: Vec::new(),
        });
        let bw = self.board_words();
        let text = self.p(
            "check.walk_start",
            &[
                ("side", &self.side(player)),
                ("empty", bw.empty()),
                ("square", &self.config.vocabulary.square(first)),
            ],
        );
        vec![say(Kind::Event, text)]
    }

    fn ask_square(&self) -> String {
        let sq = self.board_check_square().expect("a walk is on");
        self.p(
            "check.ask",
            &[("square", &self.config.vocabulary.square(sq))],
        )
    }

    pub(super) fn walk_answer(&mut self, line: &str) -> Vec<Effect> {
        let first = line.split_whitespace().next().unwrap_or("");
        if self.is_word(first, "stop", "words.stop") {
            return self.walk_finish();
        }
        if self.is_word(first, "back", "words.back") {
            if let Some(w) = &mut self.board_check.walk {
                w.answers.pop();
            }
            return vec![say(Kind::Event, self.ask_square())];
        }
        if self.is_word(first, "repeat", "words.repeat") {
            return vec![say(Kind::Event, self.ask_square())];
        }
        let bw = self.board_words();
        let v = &self.config.vocabulary;
        let answered = match bw.square(v, line) {
            Ok(p) => vec![p],
            Err(e) => {
                // At the start of a rank a whole rank may be said at once, in the walk's order.
                let at = self
                    .board_check
                    .walk
                    .as_ref()
                    .map_or(0, |w| w.answers.len());
                match (at.is_multiple_of(8), bw.rank(v, line)) {
                    (true, Ok(rank)) => rank.to_vec(),
                    _ => {
                        let again = self.ask_square();
                        return self.board_text_refusal(&e, Some(again));
                    }
                }
            }
        };
        let done = {
            let w = self.board_check.walk.as_mut().expect("a walk is on");
            w.answers.extend(answered);
            w.answers.len() >= w.order.len()
        };
        if done {
            return self.walk_finish();
        }
        vec![say(Kind::Event, self.ask_square())]
    }

    fn walk_finish(&mut self) -> Vec<Effect> {
        let Some(w) = self.board_check.walk.take() else {
            return Vec::new();
        };
        if w.answers.is_empty() {
            return vec![say(Kind::Event, self.p("check.walk_nothing", &[]))];
        }
        let mut board = self.m.game.position().board().clone();
        for (sq, p) in w.order.iter().zip(&w.answers) {
            match p {
                Some(p) => board.set_piece_at(*sq, *p),
                None => board.discard_piece_at(*sq),
            }
        }
        let scope = if w.answers.len() == w.order.len() {
            self.board_check.last_board = Some(board.clone());
            self.p("check.scope_all", &[])
        } else {
            self.p(
                "check.scope_squares",
                &[("n", &w.answers.len().to_string())],
            )
        };
        vec![say(Kind::Event, self.board_report(&board, &scope))]
    }

    /// ANN-I4: "Boards differ: <squares>", then the fewest steps that put the described board right.
    fn board_report(&self, described: &Board, scope: &str) -> String {
        let target = self.m.game.position().board();
        let steps = board_diff::correct(described, target, &self.recent_moves());
        if steps.is_empty() {
            return self.p("check.same", &[("scope", scope)]);
        }
        let v = &self.config.vocabulary;
        let squares: Vec<String> = board_diff::differing_squares(described, target)
            .into_iter()
            .map(|sq| v.square(sq))
            .collect();
        let said: Vec<String> = steps.iter().map(|s| self.step_text(s)).collect();
        self.p(
            "check.differ",
            &[
                ("squares", &squares.join(", ")),
                ("steps", &said.join("; ")),
                ("n", &steps.len().to_string()),
            ],
        )
    }

    /// The game's last four half-moves: they tell which slip a difference most likely was.
    fn recent_moves(&self) -> Vec<(Color, Move)> {
        let plies = self.m.game.plies();
        plies[plies.len().saturating_sub(4)..]
            .iter()
            .map(|p| (p.color(), p.mv))
            .collect()
    }

    fn colour(&self, c: Color) -> String {
        self.p(c.fold_wb("colour.white", "colour.black"), &[])
    }

    fn step_text(&self, step: &Step) -> String {
        let v = &self.config.vocabulary;
        let text = match *step {
            Step::Move {
                piece, from, to, ..
            } => self.p(
                "step.move",
                &[
                    ("piece", v.piece(piece.role)),
                    ("side", &self.side(piece.color)),
                    ("from", &v.square(from)),
                    ("to", &v.square(to)),
                ],
            ),
            Step::Remove { piece, at, .. } => self.p(
                "step.remove",
                &[
                    ("piece", v.piece(piece.role)),
                    ("side", &self.side(piece.color)),
                    ("square", &v.square(at)),
                ],
            ),
            Step::Put { piece, at, .. } => self.p(
                "step.put",
                &[
                    ("piece", v.piece(piece.role)),
                    ("colour", &self.colour(piece.color)),
                    ("square", &v.square(at)),
                ],
            ),
            Step::Replace { at, was, now, .. } => self.p(
                "step.replace",
                &[
                    ("piece", v.piece(now.role)),
                    ("colour", &self.colour(now.color)),
                    ("was", v.piece(was.role)),
                    ("was_colour", &self.colour(was.color)),
                    ("square", &v.square(at)),
                ],
            ),
        };
        let slip = self.p(
            match step.slip() {
                Slip::CaptureNotRemoved => "slip.capture_not_removed",
                Slip::NeighbouringSquare => "slip.neighbouring_square",
                Slip::CastlingHalfDone => "slip.castling_half_done",
                Slip::EnPassantNotRemoved => "slip.en_passant_not_removed",
                Slip::WrongPromotion => "slip.wrong_promotion",
                Slip::PawnNotPromoted => "slip.pawn_not_promoted",
                Slip::WrongColour => "slip.wrong_colour",
                Slip::MoveNotMade => "slip.move_not_made",
                Slip::Swapped => "slip.swapped",
                Slip::Misplaced => "slip.misplaced",
                Slip::ExtraPiece => "slip.extra_piece",
                Slip::MissingPiece => "slip.missing_piece",
                Slip::WrongPiece => "slip.wrong_piece",
            },
            &[],
        );
        if slip.is_empty() {
            text
        } else {
            self.p("step.with_slip", &[("step", &text), ("slip", &slip)])
        }
    }

    // ---------------------------------------------------------------------------------------------------
    // Two scoresheets
    // ---------------------------------------------------------------------------------------------------

    pub(super) fn compare_command(&mut self, rest: &str) -> Vec<Effect> {
        if rest.is_empty() {
            self.board_check.entry = Some(SheetEntry {
                game: self.start_game(),
                moves: Vec::new(),
                refused: None,
            });
            return vec![say(Kind::Event, self.p("compare.start", &[]))];
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
        let r = scoresheet_text::replay(&self.m.game, &self.config.vocabulary, rest);
        if r.moves.is_empty() {
            return self.nothing_read(None, r.stopped.as_ref());
        }
        self.compare_moves(r.moves, r.stopped)
    }

    /// R-D.2.9: a scoresheet with no move that can be read is no scoresheet to compare: refused with the reason,
    /// and nothing changes (no rewind is offered: the record is not shortened by a typo or a wrong file).
    fn nothing_read(
        &self,
        path: Option<&str>,
        stopped: Option<&(String, MoveInputError)>,
    ) -> Vec<Effect> {
        let text = match (path, stopped) {
            (Some(path), Some((text, e))) => self.p(
                "compare.file_not_moves",
                &[
                    ("path", path),
                    ("text", &words::quote(text)),
                    ("reason", &self.sheet_reason(e)),
                ],
            ),
            (None, Some((text, e))) => self.p(
                "compare.not_moves",
                &[
                    ("text", &words::quote(text)),
                    ("reason", &self.sheet_reason(e)),
                ],
            ),
            (Some(path), None) => self.p("compare.file_no_moves", &[("path", path)]),
            (None, None) => self.p("compare.no_moves", &[]),
        };
        vec![say(Kind::Refusal, text)]
    }

    /// Why a scoresheet's move cannot be played, without the command line's "type help" (it is a sheet's move,
    /// not a command).
    fn sheet_reason(&self, e: &MoveInputError) -> String {
        match e {
            MoveInputError::NotAMove(_) => self.p("compare.not_a_move", &[]),
            e => self.refusal(e),
        }
    }

    /// "1 half-move", "5 half-moves".
    fn half_moves(&self, n: usize) -> String {
        self.p("compare.half_moves", &[("n", &n.to_string())])
    }

    /// The start position a scoresheet file names (`None`: the standard one) is the game's.
    fn same_start(&self, fen: Option<&str>) -> bool {
        let start = self.m.game.start_position();
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
    fn start_game(&self) -> Game {
        Game::from_position(
            self.m.game.start().clone(),
            self.m.game.start_position().clone(),
            self.m.game.mode(),
        )
    }

    /// A file asked for by `compare FILE.pgn` has been read by the edge (or could not be).
    pub(super) fn file_read(
        &mut self,
        path: &std::path::Path,
        text: Result<String, String>,
    ) -> Vec<Effect> {
        let shown = words::quote(&path.display().to_string());
        let text = match text {
            Ok(t) => t,
            Err(reason) => {
                return vec![say(
                    Kind::Refusal,
                    self.p(
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
                self.p("compare.file_braille", &[("path", &shown)]),
            )];
        }
        // A PGN game, hector's own printed sheet, or bare moves; read move by move, so that a sheet with an
        // illegal move of its own is compared up to it and the move named (R-D.2.9).
        let sheet = match scoresheet_text::sheet_file(&text) {
            Ok(sheet) => sheet,
            Err(SheetFileError::Empty) => {
                return vec![say(
                    Kind::Refusal,
                    self.p("compare.file_empty", &[("path", &shown)]),
                )];
            }
            Err(SheetFileError::NoMoves) => return self.nothing_read(Some(&shown), None),
        };
        if !self.same_start(sheet.fen.as_deref()) {
            return vec![say(Kind::Event, self.p("compare.other_start", &[]))];
        }
        let r = scoresheet_text::replay(&self.m.game, &self.config.vocabulary, &sheet.moves);
        if r.moves.is_empty() {
            return self.nothing_read(Some(&shown), r.stopped.as_ref());
        }
        self.compare_moves(r.moves, r.stopped)
    }

    pub(super) fn entry_line(&mut self, line: &str, word: &str) -> Vec<Effect> {
        if self.is_word(word, "end", "words.end") {
            let entry = self.board_check.entry.take().expect("an entry is on");
            if entry.moves.is_empty() {
                return self.nothing_read(None, entry.refused.as_ref());
            }
            return self.compare_moves(entry.moves, entry.refused);
        }
        if self.is_word(word, "stop", "words.stop") {
            self.board_check.entry = None;
            return vec![say(Kind::Event, self.p("compare.cancelled", &[]))];
        }
        if self.is_word(word, "back", "words.back") {
            let mut g = self.start_game();
            let entry = self.board_check.entry.as_mut().expect("an entry is on");
            entry.moves.pop();
            entry.refused = None;
            for m in &entry.moves {
                let _ = g.play_without_dead_check(*m);
            }
            entry.game = g;
            let n = entry.moves.len();
            let text = self.p("compare.back", &[("point", &self.point(n))]);
            return vec![say(Kind::Event, text)];
        }
        let entry = self.board_check.entry.as_ref().expect("an entry is on");
        if entry.moves.len() >= scoresheet_text::MAX_MOVES {
            let entry = self.board_check.entry.take().expect("an entry is on");
            return self.compare_moves(entry.moves, None);
        }
        match words::parse_move(&entry.game, &self.config.vocabulary, line) {
            Ok(m) => {
                let n = entry.moves.len();
                let san = entry.game.san(m);
                let said = announce::short(&self.config.vocabulary, &san, m);
                let entry = self.board_check.entry.as_mut().expect("an entry is on");
                if entry.game.play_without_dead_check(m).is_err() {
                    return vec![say(Kind::Refusal, self.p("err.illegal_move", &[]))];
                }
                entry.moves.push(m);
                entry.refused = None;
                let text = self.p(
                    "compare.entered",
                    &[("point", &self.point(n)), ("move", &said)],
                );
                vec![say(Kind::Event, text)]
            }
            Err(e) => {
                let reason = self.refusal(&e);
                if let Some(entry) = self.board_check.entry.as_mut() {
                    entry.refused = Some((line.trim().to_string(), e));
                }
                vec![say(
                    Kind::Refusal,
                    self.p("compare.again", &[("reason", &reason)]),
                )]
            }
        }
    }

    /// Half-move `ply` named as the scoresheet writes it: "move 12, Black".
    fn point(&self, ply: usize) -> String {
        let start = self.m.game.start_position();
        let p = MovePoint::of(ply, start.turn(), start.fullmoves().get());
        self.p(
            "compare.point",
            &[
                ("number", &p.number.to_string()),
                ("side", &self.side(p.color)),
            ],
        )
    }

    /// The last half-move both sheets share, or "the start".
    fn last_agreed(&self, common: usize) -> String {
        match common.checked_sub(1) {
            Some(ply) => self.point(ply),
            None => self.p("compare.the_start", &[]),
        }
    }

    /// A move of a line from the start, said in the vocabulary's words.
    fn said_move(&self, line: &[Move], ply: usize) -> String {
        let mut pos = self.m.game.start_position().clone();
        for m in &line[..ply] {
            pos.play_unchecked(*m);
        }
        let m = line[ply];
        announce::short(&self.config.vocabulary, &SanPlus::from_move(pos, m), m)
    }

    /// R-D.2.9 (2)-(4): the other scoresheet against the record. `stopped`: the other sheet has, after its
    /// `other` moves, one that is not legal there (a wrongly kept sheet): the sheets are compared up to it, and
    /// it is named with its place and why it cannot be played.
    fn compare_moves(
        &mut self,
        other: Vec<Move>,
        stopped: Option<(String, MoveInputError)>,
    ) -> Vec<Effect> {
        let record: Vec<Move> = self.m.game.plies().iter().map(|p| p.mv).collect();
        let cmp = scoresheet::compare(&record, &other);
        let illegal = stopped
            .as_ref()
            .map(|(text, e)| (words::quote(text), self.sheet_reason(e)));
        // The sheet's own illegal move, said after the comparison when it is not the first difference itself.
        let also = illegal.as_ref().map(|(text, reason)| {
            self.p(
                "compare.unreadable",
                &[
                    ("point", &self.point(other.len())),
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
                self.board_check.found = Some(common);
                let t = self.p(
                    "compare.differ_illegal",
                    &[
                        ("first", &self.point(common)),
                        ("record", &self.said_move(&record, common)),
                        ("text", text),
                        ("reason", reason),
                        ("last", &self.last_agreed(common)),
                        ("back", &self.half_moves(record.len() - common)),
                    ],
                );
                (t, None)
            }
            // The record ends where the other sheet has a move that cannot be played.
            Comparison::Agree { plies } if illegal.is_some() => {
                let (text, reason) = illegal.as_ref().expect("checked");
                self.board_check.found = None;
                let t = self.p(
                    "compare.agree_then_illegal",
                    &[
                        ("n", &self.half_moves(plies)),
                        ("last", &self.last_agreed(plies)),
                        ("point", &self.point(plies)),
                        ("text", text),
                        ("reason", reason),
                    ],
                );
                (t, None)
            }
            Comparison::Agree { plies } => {
                self.board_check.found = None;
                let boards = match &self.board_check.last_board {
                    Some(b) if b != self.m.game.position().board() => {
                        let scope = self.p("check.scope_all", &[]);
                        self.board_report(b, &scope)
                    }
                    _ => self.p("compare.describe_board", &[]),
                };
                let key = if plies == 0 {
                    "compare.agree_empty"
                } else {
                    "compare.agree"
                };
                let t = self.p(
                    key,
                    &[
                        ("n", &plies.to_string()),
                        ("last", &self.last_agreed(plies)),
                        ("side", &self.side(self.m.game.turn())),
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
                self.board_check.found = None;
                let t = self.p(
                    "compare.record_shorter",
                    &[
                        ("last", &self.last_agreed(common)),
                        ("other", &self.said_move(&other, common)),
                        ("n", &(other.len() - common).to_string()),
                    ],
                );
                (t, also)
            }
            Comparison::Differ { common } => {
                self.board_check.found = Some(common);
                let t = self.p(
                    "compare.differ",
                    &[
                        ("first", &self.point(common)),
                        ("record", &self.said_move(&record, common)),
                        ("other", &self.said_move(&other, common)),
                        ("last", &self.last_agreed(common)),
                        ("back", &self.half_moves(record.len() - common)),
                    ],
                );
                (t, also)
            }
            // The other sheet ends where the record goes on.
            Comparison::Shorter { common, .. } => {
                self.board_check.found = Some(common);
                let t = self.p(
                    "compare.other_shorter",
                    &[
                        ("first", &self.point(common)),
                        ("record", &self.said_move(&record, common)),
                        ("last", &self.last_agreed(common)),
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

    pub(super) fn rewind_command(&mut self) -> Vec<Effect> {
        let Some(common) = self.board_check.found else {
            return vec![say(Kind::Refusal, self.p("rewind.none", &[]))];
        };
        if common >= self.m.game.plies().len() {
            self.board_check.found = None;
            return vec![say(Kind::Refusal, self.p("rewind.none", &[]))];
        }
        self.pending = Some(Pending::Rewind);
        vec![say(Kind::Event, self.rewind_question())]
    }

    /// The rewind question (R-D.2.9b), as it is asked and asked again.
    pub(super) fn rewind_question(&self) -> String {
        let Some(common) = self.board_check.found else {
            return self.p("rewind.none", &[]);
        };
        let side = if common == 0 {
            self.m.game.start_position().turn()
        } else {
            self.m.game.plies()[common.min(self.m.game.plies().len() - 1)].color()
        };
        self.p(
            "rewind.confirm",
            &[
                ("last", &self.last_agreed(common)),
                ("side", &self.side(side)),
                (
                    "n",
                    &(self.m.game.plies().len().saturating_sub(common)).to_string(),
                ),
                ("how", &self.how_to_answer()),
            ],
        )
    }

    /// R-D.2.9b-c: `yes` to the rewind: both records go back to the last agreeing move, the position with
    /// them; the moves taken back are kept (action log, `rewound`); the clock is stopped for the arbiter.
    pub(super) fn rewind_confirmed(&mut self, now: Duration) -> Vec<Effect> {
        let Some(common) = self.board_check.found.take() else {
            return vec![say(Kind::Refusal, self.p("rewind.none", &[]))];
        };
        let removed = self.m.game.truncate(common);
        if removed.is_empty() {
            return vec![say(Kind::Refusal, self.p("rewind.none", &[]))];
        }
        let written: Vec<String> = removed
            .iter()
            .enumerate()
            .map(|(i, p)| match (p.color(), i) {
                (Color::White, _) => format!("{}. {}", p.move_number(), p.san),
                (Color::Black, 0) => format!("{}... {}", p.move_number(), p.san),
                (Color::Black, _) => p.san.to_string(),
            })
            .collect();
        let written = written.join(" ");
        // R-D.2.9b: the record keeps the rewind for the arbiter, as a comment after the last agreed move.
        let note = self.p("pgn.rewound", &[("moves", &written)]);
        self.note_on_record(note);
        self.board_check.taken_back.push(written.clone());
        self.board_check.last_board = None;
        self.m.qpf_request = None;
        if let Some(t) = &mut self.tournament {
            t.rewound();
        }
        let turn = self.m.game.turn();
        let mut clocks = false;
        if let Some(t) = &mut self.m.timing {
            for side in [Color::White, Color::Black] {
                let n = self.m.game.moves_completed(side) as u32;
                t.clock.set_moves(side, n, now);
            }
            t.clock.hand_over(turn, now);
            let _ = t.clock.pause(now);
            clocks = t.clock.running().is_none() && !self.m.game.is_over();
        }
        self.board_check.clocks = clocks;
        let key = if clocks {
            "rewind.done"
        } else {
            "rewind.done_no_clock"
        };
        // Said in board words (as every move is said); the action log keeps them written, in SAN.
        let text = self.p(
            key,
            &[
                ("last", &self.last_agreed(common)),
                ("side", &self.side(turn)),
                (
                    "moves",
                    &announce::written_moves(&self.config.vocabulary, &written),
                ),
            ],
        );
        let mut out = vec![say(Kind::Event, text)];
        out.extend(self.log_action(
            now,
            Actor::Hector,
            "rewind",
            vec![self.p("rewound.list", &[("list", &written)])],
        ));
        out.extend(self.autosave());
        out
    }

    /// The moves taken back by rewinds, in board words. In the tournament modes they are read back from the
    /// action log, so that those of earlier sessions of a loaded game are said too (R-D.2.9c: they stay
    /// evidence); elsewhere they are those of this session, and the answer says so.
    pub(super) fn rewound(&self) -> Vec<Effect> {
        let from_log: Option<Vec<String>> = self.tournament().map(|t| {
            t.log_entries()
                .iter()
                .filter(|e| e.actor == Actor::Hector && e.action == "rewind")
                .filter_map(|e| e.said.first().and_then(|said| taken_back_in(said)))
                .collect()
        });
        let lists = match from_log {
            Some(found) if !found.is_empty() => found,
            _ => self.board_check.taken_back.clone(),
        };
        if lists.is_empty() {
            let log = self
                .tournament()
                .and(self.config.save_path.as_deref())
                .map(super::log::log_path);
            let text = match log {
                Some(path) => self.p(
                    "rewound.none_in_log",
                    &[("path", &path.display().to_string())],
                ),
                None => self.p("rewound.none", &[]),
            };
            return vec![say(Kind::Answer, text)];
        }
        let v = &self.config.vocabulary;
        let said: Vec<String> = lists
            .iter()
            .map(|l| announce::written_moves(v, l))
            .collect();
        vec![say(
            Kind::Answer,
            self.p("rewound.list", &[("list", &said.join("; "))]),
        )]
    }

    /// R-7.1 / R-D.2.9c: the arbiter keeps the clocks as they are and starts them: the clock of the side whose
    /// move is due or not yet completed (a move made while the clock stood waits for its press) runs.
    pub(super) fn clocks_keep(&mut self, now: Duration) -> Vec<Effect> {
        self.board_check.clocks = false;
        let mut runs = self.m.game.turn();
        if let Some(t) = &mut self.m.timing {
            let _ = t.clock.resume(now);
            if let Some(side) = t.clock.running() {
                runs = side;
            }
        }
        let mut out = vec![say(
            Kind::Event,
            self.p("clocks.kept", &[("side", &self.side(runs))]),
        )];
        out.extend(self.time_answer(now));
        out
    }

    /// `set white 1h20m`: the arbiter sets a clock; `keep` starts play.
    pub(super) fn clocks_set(&mut self, rest: &str, now: Duration) -> Vec<Effect> {
        let parts: Vec<&str> = rest.split_whitespace().collect();
        let parsed = match parts.as_slice() {
            [side, amount @ ..] if !amount.is_empty() => {
                super::timing::parse_side(side).zip(super::timing::parse_duration(&amount.join("")))
            }
            _ => None,
        };
        let Some((side, d)) = parsed else {
            return vec![say(Kind::Refusal, self.p("clocks.usage", &[]))];
        };
        if let Some(t) = &mut self.m.timing {
            t.clock.set_remaining(side, d, now);
        }
        vec![say(
            Kind::Event,
            self.p(
                "clocks.set",
                &[("side", &self.side(side)), ("time", &self.t(d))],
            ),
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Command, Config, Mode};

    fn session(moves: &str) -> Session {
        let mut g = Game::new();
        for m in moves.split_whitespace() {
            g.play_san(m).unwrap();
        }
        Session::new(g, Config::default())
    }

    fn said(out: &[Effect]) -> Vec<String> {
        out.iter()
            .filter_map(|e| match e {
                Effect::Say(a) => Some(a.text.clone()),
                _ => None,
            })
            .collect()
    }

    fn run(s: &mut Session, line: &str) -> Vec<String> {
        said(&s.update(Command::Act(s.read(line)), Duration::ZERO))
    }

    #[test]
    fn a_rank_with_a_capture_not_removed() {
        let mut s = session("e4 d5 exd5");
        // exd5: the black pawn pushed aside to c5 and left there.
        let out = run(
            &mut s,
            "check rank fünf leer leer schwarz Bauer weiß Bauer 4",
        );
        assert_eq!(
            out,
            [
                "Boards differ on Cesar fünf. To put it right: remove the Bauer on Cesar fünf (a capture not removed)"
            ]
        );
        let out = run(&mut s, "check rank 5 8");
        assert_eq!(
            out,
            ["Boards differ on David fünf. To put it right: a white Bauer belongs on David fünf"]
        );
        let out = run(&mut s, "check rank fünf 3 P 4");
        assert_eq!(out, ["Your board agrees with the game on rank fünf"]);
        let out = run(&mut s, "check rank fünf");
        assert_eq!(out, ["Rank fünf: David fünf: White Bauer"]);
    }

    #[test]
    fn the_walk_asks_every_square_and_can_go_back_and_stop() {
        let mut s = session("");
        let out = run(&mut s, "check");
        assert!(out[0].ends_with("Anna eins?"), "{out:?}");
        assert_eq!(s.board_check_square(), Some(Square::A1));
        assert_eq!(run(&mut s, "weiß Turm"), ["Bella eins?"]);
        let out = run(&mut s, "Elefant");
        assert!(
            out[0].contains("\"Elefant\"") && out[0].ends_with("Bella eins?"),
            "{out:?}"
        );
        assert_eq!(run(&mut s, "weiß Läufer"), ["Cesar eins?"]);
        assert_eq!(run(&mut s, "back"), ["Bella eins?"]);
        assert_eq!(run(&mut s, "weiß Springer"), ["Cesar eins?"]);
        // The rest of the first rank at once is not at a rank's start: refused, asked again.
        let out = run(&mut s, "L D K L S T");
        assert!(out[0].ends_with("Cesar eins?"), "{out:?}");
        for p in ["L", "D", "K", "L", "S", "T"] {
            run(&mut s, p);
        }
        // The second rank at once, with a slip: a pawn missing on e2.
        assert_eq!(run(&mut s, "PPPP1PPP"), ["Anna drei?"]);
        // Questions still work during the walk, and the walk goes on where it was.
        assert_eq!(
            run(&mut s, "count"),
            ["Move 1, White to move; 0 moves completed"]
        );
        assert_eq!(s.board_check_square(), Some(Square::A3));
        let out = run(&mut s, "stop");
        assert_eq!(
            out,
            ["Boards differ on Eva zwei. To put it right: a white Bauer belongs on Eva zwei"]
        );
        assert_eq!(s.board_check_square(), None);
    }

    #[test]
    fn scoresheets_that_differ_are_retraced_on_confirmation() {
        let cfg = Config {
            mode: Mode::Play,
            ..Default::default()
        };
        let mut g = Game::new();
        for m in "e4 e5 Nf3 Nc6 Bb5 a6".split_whitespace() {
            g.play_san(m).unwrap();
        }
        let mut s = Session::new(g, cfg);
        let out = run(&mut s, "compare e4 e5 Nf3 Nf6 Nxe5");
        assert_eq!(
            out,
            [
                "Scoresheets differ from move 2, Black: the record has Springer Cesar sechs, the other scoresheet Springer Felix sechs. They agree up to move 2, White; the record has 3 half-moves after it. Type rewind to go back there"
            ]
        );
        let out = run(&mut s, "rewind");
        assert!(
            out[0].starts_with("Rewind the game to after move 2, White"),
            "{out:?}"
        );
        let out = run(&mut s, "no");
        assert_eq!(out, ["Rewind cancelled"]);
        assert_eq!(s.game().plies().len(), 6);
        run(&mut s, "rewind");
        let out = run(&mut s, "yes");
        assert_eq!(
            out,
            [format!(
                "Play resumes after move 2, White, Black to move. Taken back: {}",
                "2... Springer Cesar sechs, 3. Läufer Bella fünf, Bauer Anna sechs"
            )]
        );
        assert_eq!(s.game().plies().len(), 3);
        assert_eq!(
            run(&mut s, "rewound"),
            ["Taken back: 2... Springer Cesar sechs, 3. Läufer Bella fünf, Bauer Anna sechs"]
        );
        // Now they agree.
        let out = run(&mut s, "compare 1. e4 e5 2. Nf3");
        assert!(
            out[0].starts_with("Scoresheets agree: 3 half-moves"),
            "{out:?}"
        );
    }

    #[test]
    fn quick_questions_read_the_record() {
        let mut s = session("e4 e5 Nf3");
        assert_eq!(
            run(&mut s, "is there a Springer on Felix drei?"),
            ["Yes: Felix drei: White Springer"]
        );
        assert_eq!(
            run(&mut s, "check square Felix drei black Springer"),
            ["No: Felix drei: White Springer"]
        );
        assert_eq!(run(&mut s, "is e4 empty"), ["No: Eva vier: White Bauer"]);
        assert_eq!(run(&mut s, "is e3 leer"), ["Yes: Eva drei: empty"]);
    }
}
