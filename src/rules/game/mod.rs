//! A game under the Laws: start position, history with SAN, automatic endings, claims, offers, resignation.

mod endings;
mod error;
mod ply;
mod repetition;

#[cfg(test)]
mod tests;

pub use endings::{ClaimKind, ClaimVerdict};
pub use error::{GameError, MAX_FEN_COUNTER, check_fen_counters, check_setup_counters};
pub use ply::{AnnotationList, Annotations, Comments, MovetextItem, Ply};
pub use repetition::RepetitionKey;
use repetition::{halves, move_hash, rights_hash, whole};

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::uci::UciMove;
use shakmaty::{
    CastlingMode, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Move, MoveList, Position,
    Role,
};

use crate::rules::candidates;
use crate::rules::chess960;
use crate::rules::dead::{self, MatingChance};
use crate::rules::edition::Edition;
use crate::rules::ending::Ending;
use crate::rules::tags::Tags;

/// How the game started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// The standard position.
    Standard,
    /// A Chess960 start position by number (R-GII.2).
    Chess960(u16),
    /// Any legal position given as FEN.
    Fen(String),
}

/// The game: the position, its history and the state the Laws care about.
#[derive(Debug, Clone)]
pub struct Game {
    start: Start,
    start_position: Chess,
    mode: CastlingMode,
    edition: Edition,
    position: Chess,
    /// Set by [`Game::play_recorded`]: a stalemate may stand undecided until [`Game::settle`].
    unsettled: bool,
    plies: Vec<Ply>,
    /// The keys of the positions since the last pawn move or capture, the only ones that can stand again
    /// keys[i] is the key of the position before ply `keys_from() + i`; the last one is the current
    /// position's. A record of a whole game keeps no key for each of its moves.
    keys: Vec<RepetitionKey>,
    ending: Option<Ending>,
    /// An open draw offer and who made it (R-9.1.2.1).
    offer: Option<Color>,
    /// The offer was made before the offerer's move: mark his next move (=).
    mark_next_move_of: Option<Color>,
    /// PGN tags other than the ones the game derives (Event, Site, players, ...), in order.
    pub tags: Tags,
    /// Comments before the first move.
    pub initial_comments: Vec<String>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

pub fn color_name(c: Color) -> &'static str {
    c.fold_wb("White", "Black")
}

impl Game {
    /// The standard start position.
    pub fn new() -> Game {
        Game::from_parts(Start::Standard, Chess::default(), CastlingMode::Standard)
    }

    /// Any legal position. Shredder-FEN and X-FEN castling letters are accepted; a position whose castling
    /// rights need Chess960 rules is played under them.
    pub fn from_fen(fen: &str) -> Result<Game, GameError> {
        check_fen_counters(fen)?;
        let parsed = Fen::from_ascii(fen.trim().as_bytes())
            .map_err(|e| GameError::InvalidFen(format!("{e} in {:?}", fen.trim())))?;
        let setup = parsed.into_setup();
        check_setup_counters(&setup)?;
        let mode = CastlingMode::detect(&setup);
        let pos: Chess = Chess::from_setup(setup, mode)
            .or_else(|e| e.ignore_invalid_ep_square())
            .map_err(|e| GameError::IllegalPosition(e.to_string()))?;
        let normalized = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        let start = if pos == Chess::default() {
            Start::Standard
        } else {
            Start::Fen(normalized)
        };
        Ok(Game::from_parts(start, pos, mode))
    }

    /// Chess960 position `n` (0..=959) (R-GII.2).
    pub fn chess960(n: u32) -> Result<Game, GameError> {
        let pos = u16::try_from(n)
            .ok()
            .and_then(chess960::position)
            .ok_or(GameError::NoSuchChess960(n))?;
        Ok(Game::from_parts(
            Start::Chess960(n as u16),
            pos,
            CastlingMode::Chess960,
        ))
    }

    /// A game from a position already checked legal.
    pub fn from_position(start: Start, pos: Chess, mode: CastlingMode) -> Game {
        Game::from_parts(start, pos, mode)
    }

    fn from_parts(start: Start, pos: Chess, mode: CastlingMode) -> Game {
        let edition = Edition::default();
        let mut game = Game {
            start,
            keys: {
                // Room for the positions between two pawn moves or captures of most games.
                let mut keys = Vec::with_capacity(16);
                keys.push(RepetitionKey::of(&pos, edition));
                keys
            },
            start_position: pos.clone(),
            position: pos,
            unsettled: false,
            mode,
            edition,
            plies: Vec::new(),
            ending: None,
            offer: None,
            mark_next_move_of: None,
            tags: Tags::new(),
            initial_comments: Vec::new(),
        };
        // The standard start is no ending of any kind; not asking spares a dead-position verdict per game read.
        if game.start != Start::Standard {
            game.ending = game.automatic_ending();
        }
        game
    }

    /// The edition whose rules apply (R-EDN.1). Only sensible before the first move.
    pub fn with_edition(mut self, edition: Edition) -> Game {
        self.edition = edition;
        self.rebuild_keys();
        self
    }

    /// The repetition keys worked out again from the positions (after a change of edition or a takeback
    /// beyond the last pawn move or capture).
    fn rebuild_keys(&mut self) {
        self.keys.clear();
        if self.plies.is_empty() {
            self.keys
                .push(RepetitionKey::of(&self.position, self.edition));
            return;
        }
        for (i, pos) in self.positions().collect::<Vec<_>>().into_iter().enumerate() {
            if i > 0 && pos.halfmoves() == 0 {
                self.keys.clear();
            }
            self.keys.push(RepetitionKey::of(&pos, self.edition));
        }
    }

    /// The position before ply `ply` (0-based); the current position for `ply` at or beyond the record's
    /// length. Replayed from the start position: a record keeps moves, not positions.
    pub fn position_before(&self, ply: usize) -> Chess {
        if ply >= self.plies.len() {
            return self.position.clone();
        }
        let mut pos = self.start_position.clone();
        for p in &self.plies[..ply] {
            pos.play_unchecked(p.mv);
        }
        pos
    }

    /// Every position of the game in order: the one before each ply, then the current one (one more than
    /// the plies). Replayed from the start position, one move at a time.
    pub fn positions(&self) -> impl Iterator<Item = Chess> + '_ {
        let mut pos = Some(self.start_position.clone());
        let mut moves = self.plies.iter();
        std::iter::from_fn(move || {
            let now = pos.take()?;
            if let Some(p) = moves.next() {
                let mut next = now.clone();
                next.play_unchecked(p.mv);
                pos = Some(next);
            }
            Some(now)
        })
    }

    pub fn edition(&self) -> Edition {
        self.edition
    }
    pub fn start(&self) -> &Start {
        &self.start
    }
    pub fn start_position(&self) -> &Chess {
        &self.start_position
    }
    pub fn mode(&self) -> CastlingMode {
        self.mode
    }
    pub fn is_chess960(&self) -> bool {
        self.mode == CastlingMode::Chess960
    }
    pub fn position(&self) -> &Chess {
        &self.position
    }
    pub fn turn(&self) -> Color {
        self.position.turn()
    }
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }
    pub fn plies_mut(&mut self) -> &mut [Ply] {
        &mut self.plies
    }
    pub fn last_ply(&self) -> Option<&Ply> {
        self.plies.last()
    }
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }
    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }
    pub fn draw_offer(&self) -> Option<Color> {
        self.offer
    }
    pub fn legal_moves(&self) -> MoveList {
        if self.is_over() {
            MoveList::new()
        } else {
            self.position.legal_moves()
        }
    }
    /// The current position as FEN (en passant square only when a capture is legal, as python-chess does).
    pub fn fen(&self) -> String {
        Fen::from_position(&self.position, EnPassantMode::Legal).to_string()
    }
    /// The start position as FEN.
    pub fn start_fen(&self) -> String {
        Fen::from_position(&self.start_position, EnPassantMode::Legal).to_string()
    }
    /// Plies without a pawn move or capture (R-9.3 counts them in moves by each side: 100 plies = 50 moves).
    pub fn halfmove_clock(&self) -> u32 {
        self.position.halfmoves()
    }
    /// Moves completed by `side` in this game.
    pub fn moves_completed(&self, side: Color) -> usize {
        self.plies.iter().filter(|p| p.color() == side).count()
    }
    /// How often the current position has occurred (R-9.2.2 identity). Only the positions since the last pawn
    /// move or capture are looked at: none before it can stand again.
    pub fn repetitions(&self) -> usize {
        let Some(current) = self.keys.last() else {
            return 0;
        };
        let since = (self.position.halfmoves() as usize + 1).min(self.keys.len());
        self.keys[self.keys.len() - since..]
            .iter()
            .filter(|k| *k == current)
            .count()
    }
    /// The ply before which the first kept repetition key's position stood (the last one is the current
    /// position's, before the next ply).
    fn keys_from(&self) -> usize {
        self.plies.len() + 1 - self.keys.len()
    }

    /// The ply indexes (0-based, "before ply i") at which the current position stood, for the arbiter.
    pub fn repetition_indexes(&self) -> Vec<usize> {
        let current = self.keys.last().copied();
        self.keys
            .iter()
            .enumerate()
            .filter(|(_, k)| Some(**k) == current)
            .map(|(i, _)| self.keys_from() + i)
            .collect()
    }

    /// The SAN of a legal move in the current position, with check or mate suffix.
    pub fn san(&self, m: Move) -> SanPlus {
        SanPlus::from_move(self.position.clone(), m)
    }

    pub fn uci(&self, m: Move) -> UciMove {
        m.to_uci(self.mode)
    }

    fn check_not_over(&self) -> Result<(), GameError> {
        match self.ending {
            Some(e) => Err(GameError::GameOver(e)),
            None => Ok(()),
        }
    }

    /// Makes room for `additional` more plies (a record about to be read in, for instance).
    pub fn reserve_plies(&mut self, additional: usize) {
        self.plies.reserve(additional);
    }

    /// Plays a legal move and applies the automatic endings. Nothing changes if the move is refused.
    pub fn play(&mut self, m: Move) -> Result<&Ply, GameError> {
        self.play_checking(m, true)
    }

    /// Like [`Game::play`], but without the dead-position check after the move; every other automatic
    /// ending applies. For a caller that checks dead positions itself, as the PGN import does (it checks the
    /// last position, and replays with [`Game::play`] when that one is dead).
    pub fn play_without_dead_check(&mut self, m: Move) -> Result<&Ply, GameError> {
        self.play_checking(m, false)
    }

    /// For reading a recorded game (PGN import), where a move is read every few microseconds: plays `m` as
    /// [`Game::play_without_dead_check`] does, except that whether the side to move has no legal move at all
    /// is looked into only when it is in check (mate, and the `#` of the move) or another automatic ending is
    /// due. A stalemate is therefore found by [`Game::settle`], which the reader calls before it reads the
    /// ending: when the next move cannot be read, and after the last move.
    /// `san`, when the reader has it: `m`'s SAN without suffix, made by the reader from the legal moves it found
    /// `m` among (`San::disambiguate` over shakmaty's `san_candidates`); `m` is then known to be legal.
    pub(crate) fn play_recorded(&mut self, m: Move, san: Option<San>) -> Result<(), GameError> {
        self.play_move(m, false, false, san).map(|_| ())
    }

    /// Decides what [`Game::play_recorded`] left open: a stalemate. True when the game is over.
    pub(crate) fn settle(&mut self) -> bool {
        if std::mem::take(&mut self.unsettled) && self.position.legal_moves().is_empty() {
            self.ending = self.automatic_ending_checking(false, true);
            self.offer = None;
        }
        self.is_over()
    }

    fn play_checking(&mut self, m: Move, dead_check: bool) -> Result<&Ply, GameError> {
        self.play_move(m, dead_check, true, None)
    }

    /// `exact`: decide mate and stalemate now; otherwise only when in check or another ending is due, and
    /// leave the game `unsettled`.
    fn play_move(
        &mut self,
        m: Move,
        dead_check: bool,
        exact: bool,
        known_san: Option<San>,
    ) -> Result<&Ply, GameError> {
        self.check_not_over()?;
        // The legal moves that could be written like `m` decide both its legality and its SAN (R-C.10); what
        // follows is shakmaty's `is_legal` and `SanPlus::from_move_and_play_unchecked` with the legal moves of
        // the new position generated once, for the suffix and the automatic endings alike. A reader that found
        // `m` among those moves gives its SAN (`known_san`).
        let mover = self.position.turn();
        let san = match known_san {
            Some(san) => san,
            None => {
                let candidates = match m {
                    Move::Normal { role, to, .. } | Move::Put { role, to } => {
                        self.position.san_candidates(role, to)
                    }
                    Move::EnPassant { to, .. } => self.position.san_candidates(Role::Pawn, to),
                    Move::Castle { king, rook } if king.file() < rook.file() => {
                        self.position.castling_moves(CastlingSide::KingSide)
                    }
                    Move::Castle { .. } => self.position.castling_moves(CastlingSide::QueenSide),
                };
                if !candidates.contains(&m) {
                    return Err(GameError::IllegalMove);
                }
                San::disambiguate(m, &candidates)
            }
        };
        let number = self.position.fullmoves().get();
        // The repetition key of the new position from the last one (R-9.2.2: same pieces, same side to move, same
        // possible moves): the parts of the hash the move changes, pieces and side to move, castling rights and
        // en passant square. Under the 2005 edition the castling moves possible count too, and the key is
        // computed whole.
        let before = self
            .keys
            .last()
            .filter(|_| !self.edition.repetition_counts_temporary_castling())
            .map(|k| whole(k.hash) ^ rights_hash(&self.position) ^ move_hash(mover, m));
        self.position.play_unchecked(m);
        let next_hash = before.map(|h| h ^ rights_hash(&self.position));
        let in_check = self.position.is_check();
        let decide_now = exact || in_check;
        // In check, a king that can step away settles it without generating every move.
        let mut no_moves = decide_now
            && !(in_check && candidates::king_can_move(&self.position))
            && self.position.legal_moves().is_empty();
        let suffix = match (in_check, no_moves) {
            (true, true) => Some(Suffix::Checkmate),
            (true, false) => Some(Suffix::Check),
            (false, _) => None,
        };
        let san = SanPlus { san, suffix };
        let key = match next_hash {
            Some(h) => RepetitionKey {
                hash: halves(h),
                castling_now: 0,
            },
            None => RepetitionKey::of(&self.position, self.edition),
        };
        debug_assert_eq!(key, RepetitionKey::of(&self.position, self.edition));
        if self.position.halfmoves() == 0 {
            // A pawn move or a capture: no position before it can stand again.
            self.keys.clear();
        }
        self.keys.push(key);
        let mut draw_offer = false;
        if self.mark_next_move_of == Some(mover) {
            draw_offer = true;
            self.mark_next_move_of = None;
        }
        // R-9.1.2.1: the opponent's move declines an open offer.
        if self.offer == Some(mover.other()) {
            self.offer = None;
        }
        self.plies.push(Ply {
            mv: m,
            san,
            draw_offer,
            color: mover,
            number,
            annotations: Annotations::default(),
        });
        self.ending = self.automatic_ending_checking(dead_check, no_moves);
        if self.ending.is_some() && !decide_now {
            // A stalemate would come before the ending found (R-5.2.1 first).
            no_moves = self.position.legal_moves().is_empty();
            self.ending = self.automatic_ending_checking(dead_check, no_moves);
        }
        self.unsettled = !decide_now && self.ending.is_none();
        if self.ending.is_some() {
            self.offer = None;
        }
        Ok(self.plies.last().expect("just pushed"))
    }

    /// Takes the record back to its first `plies` half-moves: the position before the next one, no ending, no
    /// open draw offer. Used for a slip corrected before the clock press (R-D.2.8), a takeback, and retracing
    /// two scoresheets to the point where they agree (R-D.2.9). Returns the plies taken back, oldest first
    /// (empty when `plies` is not below the record's length).
    pub fn truncate(&mut self, plies: usize) -> Vec<Ply> {
        if plies >= self.plies.len() {
            return Vec::new();
        }
        self.position = self.position_before(plies);
        let keys_from = self.keys_from();
        let removed = self.plies.split_off(plies);
        if plies >= keys_from {
            self.keys.truncate(plies - keys_from + 1);
        } else {
            self.rebuild_keys();
        }
        self.ending = None;
        self.offer = None;
        self.mark_next_move_of = None;
        self.unsettled = false;
        removed
    }

    /// Plays a move given in SAN.
    pub fn play_san(&mut self, san: &str) -> Result<&Ply, GameError> {
        self.check_not_over()?;
        let m = self.parse_san(san).ok_or(GameError::IllegalMove)?;
        self.play(m)
    }

    /// A legal move from SAN text in the current position.
    pub fn parse_san(&self, san: &str) -> Option<Move> {
        let san = SanPlus::from_ascii(san.trim().as_bytes()).ok()?;
        san.san.to_move(&self.position).ok()
    }

    /// A legal move from UCI text (king-to-rook castling accepted in both modes).
    pub fn parse_uci(&self, uci: &str) -> Option<Move> {
        let uci = UciMove::from_ascii(uci.trim().as_bytes()).ok()?;
        uci.to_move(&self.position).ok()
    }

    /// may `side` still checkmate by any series of legal moves? `No` only when proven.
    pub fn can_checkmate(&self, side: Color) -> MatingChance {
        dead::can_checkmate(&self.position, self.mode, side)
    }

    /// Counts leaf nodes of the legal move tree from the current position (perft), a check of move generation.
    pub fn perft(&self, depth: u32) -> u64 {
        shakmaty::perft(&self.position, depth)
    }
}
