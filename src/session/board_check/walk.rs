//! The tactile board (D.2.9a, ANN-I4): the guided walk square by square, a rank, a FEN, piece lists and quick
//! questions, each compared with the record and said as the fewest physical steps that put the board right.

use shakmaty::{Board, Color, File, Move, Position, Rank, Square};

use super::{BoardCheck, Walk, is_word};
use crate::rules::Game;
use crate::rules::board_diff::{self, Slip, Step};
use crate::session::{Config, Effect, Kind, say};
use crate::words;
use crate::words::board_text::{self, Asked, BoardTextError};
use crate::words::normalize::fold;

impl BoardCheck {
    pub(in crate::session) fn check_command(
        &mut self,
        cfg: &Config,
        game: &Game,
        rest: &str,
    ) -> Vec<Effect> {
        let mut parts = rest.splitn(2, char::is_whitespace);
        let first = parts.next().unwrap_or("");
        let tail = parts.next().unwrap_or("").trim();
        if rest.is_empty() {
            return self.walk_start(cfg);
        }
        if is_word(cfg, first, "rank", "words.rank") {
            return self.check_rank(cfg, game, tail);
        }
        if is_word(cfg, first, "square", "words.square") {
            return self.quick_question(cfg, game, tail);
        }
        if fold(first) == "fen" || rest.contains('/') {
            let fen = if fold(first) == "fen" { tail } else { rest };
            return match board_text::fen_board(fen) {
                Ok(b) => {
                    self.last_board = Some(b.clone());
                    let scope = cfg.p("check.scope_all", &[]);
                    vec![say(Kind::Event, Self::board_report(cfg, game, &b, &scope))]
                }
                Err(e) => self.board_text_refusal(cfg, &e, None),
            };
        }
        let bw = self.board_words(cfg);
        match bw.piece_lists(&cfg.vocabulary, rest) {
            Ok((described, sides)) => {
                // The sides not named are not described: they stand as in the record.
                let target = game.position().board().clone();
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
                    self.last_board = Some(board.clone());
                    cfg.p("check.scope_all", &[])
                } else {
                    cfg.p("check.scope_side", &[("side", &cfg.side(sides[0]))])
                };
                vec![say(
                    Kind::Event,
                    Self::board_report(cfg, game, &board, &scope),
                )]
            }
            Err(BoardTextError::Nothing | BoardTextError::OutOfPlace(_))
                if bw.square(&cfg.vocabulary, rest).is_err() =>
            {
                vec![say(Kind::Refusal, cfg.p("check.usage", &[]))]
            }
            Err(e) => self.board_text_refusal(cfg, &e, None),
        }
    }

    fn board_text_refusal(
        &self,
        cfg: &Config,
        e: &BoardTextError,
        then: Option<String>,
    ) -> Vec<Effect> {
        let bw = self.board_words(cfg);
        let reason = board_text::explain(&cfg.vocabulary, &cfg.phrases, &bw, e);
        let text = match then {
            Some(t) => format!("{reason}. {t}"),
            None => reason,
        };
        vec![say(Kind::Refusal, text)]
    }

    /// `check rank N WORDS`: one rank compared; without words, the record's rank read out.
    fn check_rank(&mut self, cfg: &Config, game: &Game, rest: &str) -> Vec<Effect> {
        let mut parts = rest.splitn(2, char::is_whitespace);
        let n = parts.next().unwrap_or("");
        let words_said = parts.next().unwrap_or("").trim();
        let bw = self.board_words(cfg);
        let v = &cfg.vocabulary;
        let Some(rank) = bw.rank_word(v, n) else {
            return vec![say(
                Kind::Refusal,
                cfg.p("check.rank_bad", &[("text", &words::quote(n))]),
            )];
        };
        let target = game.position().board().clone();
        if words_said.is_empty() {
            return vec![say(Kind::Answer, Self::read_rank(cfg, &target, rank))];
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
                let scope = cfg.p("check.scope_rank", &[("rank", v.rank(rank))]);
                vec![say(
                    Kind::Event,
                    Self::board_report(cfg, game, &board, &scope),
                )]
            }
            Err(e) => self.board_text_refusal(cfg, &e, None),
        }
    }

    /// The record's rank, a-file to h-file.
    fn read_rank(cfg: &Config, board: &Board, rank: Rank) -> String {
        let v = &cfg.vocabulary;
        let items: Vec<String> = File::ALL
            .iter()
            .map(|f| Square::from_coords(*f, rank))
            .filter_map(|sq| {
                board.piece_at(sq).map(|p| {
                    cfg.p(
                        "square.piece",
                        &[
                            ("square", &v.square(sq)),
                            ("side", &cfg.side(p.color)),
                            ("piece", v.piece(p.role)),
                        ],
                    )
                })
            })
            .collect();
        let pieces = if items.is_empty() {
            cfg.p("screen.empty_line", &[])
        } else {
            items.join(", ")
        };
        cfg.p(
            "screen.rank",
            &[("rank", v.rank(rank)), ("pieces", &pieces)],
        )
    }

    /// "is there a Springer on Felix drei?", `check square Felix drei Springer`: what the record holds there.
    pub(in crate::session) fn quick_question(
        &self,
        cfg: &Config,
        game: &Game,
        rest: &str,
    ) -> Vec<Effect> {
        let bw = self.board_words(cfg);
        let v = &cfg.vocabulary;
        let fillers: Vec<String> = cfg
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
                    cfg.p("check.square_bad", &[("text", &words::quote(rest))]),
                )];
            }
            Err(e) => return self.board_text_refusal(cfg, &e, None),
        };
        let here = game.position().board().piece_at(sq);
        let yes = match (asked, here) {
            (Asked::Empty, None) => true,
            (Asked::Piece { role, color }, Some(p)) => {
                p.role == role && color.is_none_or(|c| c == p.color)
            }
            _ => false,
        };
        let stands = match here {
            None => cfg.p("square.empty", &[("square", &v.square(sq))]),
            Some(p) => cfg.p(
                "square.piece",
                &[
                    ("square", &v.square(sq)),
                    ("side", &cfg.side(p.color)),
                    ("piece", v.piece(p.role)),
                ],
            ),
        };
        let key = if yes { "check.yes" } else { "check.no" };
        vec![say(Kind::Answer, cfg.p(key, &[("stands", &stands)]))]
    }

    fn walk_start(&mut self, cfg: &Config) -> Vec<Effect> {
        let player = cfg.engine_color.other();
        // From the player's side: the nearest rank first, each from the player's left to right.
        let order: Vec<Square> = match player {
            Color::White => Square::ALL.to_vec(),
            Color::Black => Square::ALL.iter().rev().copied().collect(),
        };
        let first = order[0];
        self.walk = Some(Walk {
            order,
            answers: Vec::new(),
        });
        let bw = self.board_words(cfg);
        let text = cfg.p(
            "check.walk_start",
            &[
                ("side", &cfg.side(player)),
                ("empty", bw.empty()),
                ("square", &cfg.vocabulary.square(first)),
            ],
        );
        vec![say(Kind::Event, text)]
    }

    fn ask_square(&self, cfg: &Config) -> String {
        let sq = self.square().expect("a walk is on");
        cfg.p("check.ask", &[("square", &cfg.vocabulary.square(sq))])
    }

    pub(in crate::session) fn walk_answer(
        &mut self,
        cfg: &Config,
        game: &Game,
        line: &str,
    ) -> Vec<Effect> {
        let first = line.split_whitespace().next().unwrap_or("");
        if is_word(cfg, first, "stop", "words.stop") {
            return self.walk_finish(cfg, game);
        }
        if is_word(cfg, first, "back", "words.back") {
            if let Some(w) = &mut self.walk {
                w.answers.pop();
            }
            return vec![say(Kind::Event, self.ask_square(cfg))];
        }
        if is_word(cfg, first, "repeat", "words.repeat") {
            return vec![say(Kind::Event, self.ask_square(cfg))];
        }
        let bw = self.board_words(cfg);
        let v = &cfg.vocabulary;
        let answered = match bw.square(v, line) {
            Ok(p) => vec![p],
            Err(e) => {
                // At the start of a rank a whole rank may be said at once, in the walk's order.
                let at = self.walk.as_ref().map_or(0, |w| w.answers.len());
                match (at.is_multiple_of(8), bw.rank(v, line)) {
                    (true, Ok(rank)) => rank.to_vec(),
                    _ => {
                        let again = self.ask_square(cfg);
                        return self.board_text_refusal(cfg, &e, Some(again));
                    }
                }
            }
        };
        let done = {
            let w = self.walk.as_mut().expect("a walk is on");
            w.answers.extend(answered);
            w.answers.len() >= w.order.len()
        };
        if done {
            return self.walk_finish(cfg, game);
        }
        vec![say(Kind::Event, self.ask_square(cfg))]
    }

    fn walk_finish(&mut self, cfg: &Config, game: &Game) -> Vec<Effect> {
        let Some(w) = self.walk.take() else {
            return Vec::new();
        };
        if w.answers.is_empty() {
            return vec![say(Kind::Event, cfg.p("check.walk_nothing", &[]))];
        }
        let mut board = game.position().board().clone();
        for (sq, p) in w.order.iter().zip(&w.answers) {
            match p {
                Some(p) => board.set_piece_at(*sq, *p),
                None => board.discard_piece_at(*sq),
            }
        }
        let scope = if w.answers.len() == w.order.len() {
            self.last_board = Some(board.clone());
            cfg.p("check.scope_all", &[])
        } else {
            cfg.p(
                "check.scope_squares",
                &[("n", &w.answers.len().to_string())],
            )
        };
        vec![say(
            Kind::Event,
            Self::board_report(cfg, game, &board, &scope),
        )]
    }

    /// ANN-I4: "Boards differ: <squares>", then the fewest steps that put the described board right.
    pub(super) fn board_report(
        cfg: &Config,
        game: &Game,
        described: &Board,
        scope: &str,
    ) -> String {
        let target = game.position().board();
        let steps = board_diff::correct(described, target, &Self::recent_moves(game));
        if steps.is_empty() {
            return cfg.p("check.same", &[("scope", scope)]);
        }
        let v = &cfg.vocabulary;
        let squares: Vec<String> = board_diff::differing_squares(described, target)
            .into_iter()
            .map(|sq| v.square(sq))
            .collect();
        let said: Vec<String> = steps.iter().map(|s| Self::step_text(cfg, s)).collect();
        cfg.p(
            "check.differ",
            &[
                ("squares", &squares.join(", ")),
                ("steps", &said.join("; ")),
                ("n", &steps.len().to_string()),
            ],
        )
    }

    /// The game's last four half-moves: they tell which slip a difference most likely was.
    fn recent_moves(game: &Game) -> Vec<(Color, Move)> {
        let plies = game.plies();
        plies[plies.len().saturating_sub(4)..]
            .iter()
            .map(|p| (p.color(), p.mv))
            .collect()
    }

    fn colour(cfg: &Config, c: Color) -> String {
        cfg.p(c.fold_wb("colour.white", "colour.black"), &[])
    }

    fn step_text(cfg: &Config, step: &Step) -> String {
        let v = &cfg.vocabulary;
        let text = match *step {
            Step::Move {
                piece, from, to, ..
            } => cfg.p(
                "step.move",
                &[
                    ("piece", v.piece(piece.role)),
                    ("side", &cfg.side(piece.color)),
                    ("from", &v.square(from)),
                    ("to", &v.square(to)),
                ],
            ),
            Step::Remove { piece, at, .. } => cfg.p(
                "step.remove",
                &[
                    ("piece", v.piece(piece.role)),
                    ("side", &cfg.side(piece.color)),
                    ("square", &v.square(at)),
                ],
            ),
            Step::Put { piece, at, .. } => cfg.p(
                "step.put",
                &[
                    ("piece", v.piece(piece.role)),
                    ("colour", &Self::colour(cfg, piece.color)),
                    ("square", &v.square(at)),
                ],
            ),
            Step::Replace { at, was, now, .. } => cfg.p(
                "step.replace",
                &[
                    ("piece", v.piece(now.role)),
                    ("colour", &Self::colour(cfg, now.color)),
                    ("was", v.piece(was.role)),
                    ("was_colour", &Self::colour(cfg, was.color)),
                    ("square", &v.square(at)),
                ],
            ),
        };
        let slip = cfg.p(
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
            cfg.p("step.with_slip", &[("step", &text), ("slip", &slip)])
        }
    }

    // ---------------------------------------------------------------------------------------------------
}
