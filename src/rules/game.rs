//! A game under the Laws: start position, history with SAN, automatic endings, claims, offers, resignation.

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::uci::UciMove;
use shakmaty::zobrist::{Zobrist128, ZobristValue};
use shakmaty::{
    CastlingMode, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Move, MoveList, Position,
    Role, Square,
};

use super::candidates;
use super::chess960;
use super::dead::{self, MatingChance};
use super::edition::Edition;
use super::ending::{EndReason, Ending, GameResult};
use super::tags::Tags;

/// How the game started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// The standard position (R-2.3).
    Standard,
    /// A Chess960 start position by number (R-GII.2).
    Chess960(u16),
    /// Any legal position given as FEN.
    Fen(String),
}

/// PGN annotations kept with a move: numeric glyphs, comments after it, and variations that replace it.
/// Reached through [`Annotations`], which every move has.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AnnotationList {
    pub nags: Vec<u8>,
    pub comments: Comments,
    pub variations: Vec<Vec<MovetextItem>>,
}

impl AnnotationList {
    pub fn is_empty(&self) -> bool {
        self.nags.is_empty() && self.comments.is_empty() && self.variations.is_empty()
    }
}

/// No annotations: what a move without any reads.
static NO_ANNOTATIONS: AnnotationList = AnnotationList {
    nags: Vec::new(),
    comments: Comments::new(),
    variations: Vec::new(),
};

/// The comments after a move, in order (a list of texts, through `Deref`). A move has one comment most
/// often, a clock time in a file from an online game (`{ [%clk 0:05:00] }`), so one is kept without a list:
/// a list for each move made reading such files a fifth slower.
#[derive(Clone, Default)]
pub struct Comments(CommentList);

#[derive(Clone, Default)]
enum CommentList {
    #[default]
    None,
    One(String),
    Many(Vec<String>),
}

impl Comments {
    pub const fn new() -> Comments {
        Comments(CommentList::None)
    }

    /// Adds a comment at the end.
    pub fn push(&mut self, comment: String) {
        self.0 = match std::mem::take(&mut self.0) {
            CommentList::None => CommentList::One(comment),
            CommentList::One(first) => CommentList::Many(vec![first, comment]),
            CommentList::Many(mut all) => {
                all.push(comment);
                CommentList::Many(all)
            }
        };
    }

    /// Keeps the comments for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&String) -> bool) {
        match &mut self.0 {
            CommentList::None => {}
            CommentList::One(c) => {
                if !keep(c) {
                    self.0 = CommentList::None;
                }
            }
            CommentList::Many(all) => {
                all.retain(|c| keep(c));
                if all.is_empty() {
                    self.0 = CommentList::None;
                }
            }
        }
    }
}

/// Equal when the texts are, however they are kept.
impl PartialEq for Comments {
    fn eq(&self, other: &Comments) -> bool {
        **self == **other
    }
}

impl Eq for Comments {}

impl std::ops::Deref for Comments {
    type Target = [String];
    fn deref(&self) -> &[String] {
        match &self.0 {
            CommentList::None => &[],
            CommentList::One(c) => std::slice::from_ref(c),
            CommentList::Many(all) => all,
        }
    }
}

impl std::ops::DerefMut for Comments {
    fn deref_mut(&mut self) -> &mut [String] {
        match &mut self.0 {
            CommentList::None => &mut [],
            CommentList::One(c) => std::slice::from_mut(c),
            CommentList::Many(all) => all,
        }
    }
}

impl<'a> IntoIterator for &'a Comments {
    type Item = &'a String;
    type IntoIter = std::slice::Iter<'a, String>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<S: AsRef<str>> FromIterator<S> for Comments {
    fn from_iter<I: IntoIterator<Item = S>>(iter: I) -> Comments {
        let mut all = Comments::new();
        for c in iter {
            all.push(c.as_ref().to_owned());
        }
        all
    }
}

impl<S: AsRef<str>, const N: usize> PartialEq<[S; N]> for Comments {
    fn eq(&self, other: &[S; N]) -> bool {
        self.len() == N && self.iter().zip(other).all(|(a, b)| a == b.as_ref())
    }
}

impl std::fmt::Debug for Comments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

/// A move's annotations ([`AnnotationList`], through `Deref`): one pointer while the move has none, a box
/// made on the first change. A game read from a file keeps tens of thousands of moves, most without any;
/// three empty lists in every move made each move a third larger, and reading a file that much slower.
#[derive(Clone, Default)]
pub struct Annotations(Option<Box<AnnotationList>>);

impl std::ops::Deref for Annotations {
    type Target = AnnotationList;
    fn deref(&self) -> &AnnotationList {
        self.0.as_deref().unwrap_or(&NO_ANNOTATIONS)
    }
}

impl std::ops::DerefMut for Annotations {
    fn deref_mut(&mut self) -> &mut AnnotationList {
        self.0.get_or_insert_with(Box::default)
    }
}

impl PartialEq for Annotations {
    fn eq(&self, other: &Annotations) -> bool {
        **self == **other
    }
}

impl Eq for Annotations {}

impl std::fmt::Debug for Annotations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

/// One element of a variation's movetext, kept as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MovetextItem {
    San(String),
    Nag(u8),
    Comment(String),
    Variation(Vec<MovetextItem>),
}

/// One half-move of the game record. It keeps no position: a game read from a file keeps every move of
/// every game, and a position (136 bytes) in each made reading a file several times slower than the moves
/// alone (issue 10). [`Game::position_before`] and [`Game::positions`] give the positions back by replay.
#[derive(Debug, Clone)]
pub struct Ply {
    pub mv: Move,
    pub san: SanPlus,
    /// R-9.1.2.2: a draw was offered with this move, written (=).
    pub draw_offer: bool,
    /// Who made the move.
    color: Color,
    /// The full-move number of the move (R-8.1 numbering, from the start position's).
    number: u32,
    pub annotations: Annotations,
}

impl Ply {
    pub fn color(&self) -> Color {
        self.color
    }

    /// Full-move number of this ply.
    pub fn move_number(&self) -> u32 {
        self.number
    }
}

/// R-9.2.2: what makes two positions the same. Placement, side to move and castling rights are in the
/// hash; the en passant square only when a legal en passant capture exists. Under the 2005 edition the
/// castling moves possible at the moment also count (temporary changes make a position differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    /// The 128-bit Zobrist hash as two halves: a `u128` field would align the key to 16 bytes and make it
    /// 32 bytes long instead of 24 (one key is kept for every move of every game read).
    hash: [u64; 2],
    castling_now: u8,
}

/// A 128-bit hash as the two halves [`RepetitionKey`] keeps.
fn halves(hash: u128) -> [u64; 2] {
    [hash as u64, (hash >> 64) as u64]
}

/// The 128-bit hash back from its halves.
fn whole(halves: [u64; 2]) -> u128 {
    u128::from(halves[0]) | (u128::from(halves[1]) << 64)
}

impl RepetitionKey {
    pub fn of(pos: &Chess, edition: Edition) -> RepetitionKey {
        let hash: Zobrist128 = pos.zobrist_hash(EnPassantMode::Legal);
        let castling_now = if edition.repetition_counts_temporary_castling() {
            castling_moves_bits(pos)
        } else {
            0
        };
        RepetitionKey {
            hash: halves(hash.0),
            castling_now,
        }
    }
}

/// What a position's hash owes to its castling rights and to a legal en passant capture (see
/// [`RepetitionKey`]), the parts a move changes beside the pieces and the side to move.
fn rights_hash(pos: &Chess) -> u128 {
    let mut hash = Zobrist128(0);
    let castles = pos.castles();
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if castles.has(color, side) {
                hash ^= Zobrist128::zobrist_for_castling_right(color, side);
            }
        }
    }
    // The legal en passant square is looked for only where shakmaty keeps one (after a double step).
    if pos.maybe_ep_square().is_some()
        && let Some(sq) = pos.ep_square(EnPassantMode::Legal)
    {
        hash ^= Zobrist128::zobrist_for_en_passant_file(sq.file());
    }
    hash.0
}

/// What a move changes in the hash through the pieces it moves, takes and puts, and the side to move.
fn move_hash(turn: Color, m: Move) -> u128 {
    let piece =
        |sq: Square, role: Role, color: Color| Zobrist128::zobrist_for_piece(sq, role.of(color));
    let mut hash = Zobrist128::zobrist_for_white_turn();
    match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            hash ^= piece(from, role, turn);
            hash ^= piece(to, promotion.unwrap_or(role), turn);
            if let Some(taken) = capture {
                hash ^= piece(to, taken, turn.other());
            }
        }
        Move::EnPassant { from, to } => {
            hash ^= piece(from, Role::Pawn, turn);
            hash ^= piece(to, Role::Pawn, turn);
            hash ^= piece(
                Square::from_coords(to.file(), from.rank()),
                Role::Pawn,
                turn.other(),
            );
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            hash ^= piece(king, Role::King, turn);
            hash ^= piece(side.king_to(turn), Role::King, turn);
            hash ^= piece(rook, Role::Rook, turn);
            hash ^= piece(side.rook_to(turn), Role::Rook, turn);
        }
        Move::Put { role, to } => hash ^= piece(to, role, turn),
    }
    hash.0
}

fn castling_moves_bits(pos: &Chess) -> u8 {
    let mut bits = 0u8;
    let sides = [CastlingSide::KingSide, CastlingSide::QueenSide];
    for (i, side) in sides.iter().enumerate() {
        if !pos.castling_moves(*side).is_empty() {
            bits |= 1 << i;
        }
    }
    // The opponent's castling moves, as if it were his turn (only meaningful when he is not in check now).
    if let Ok(swapped) = pos.clone().swap_turn() {
        for (i, side) in sides.iter().enumerate() {
            if !swapped.castling_moves(*side).is_empty() {
                bits |= 1 << (i + 2);
            }
        }
    }
    bits
}

/// Which draw claim (Article 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// R-9.2
    ThreefoldRepetition,
    /// R-9.3
    FiftyMoves,
}

/// The arbiter's verdict on a claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimVerdict {
    /// R-9.5.2: the game is drawn.
    Correct {
        kind: ClaimKind,
        with_move: Option<SanPlus>,
    },
    /// R-9.5.3: the game goes on; an intended move has been played.
    Incorrect {
        played: Option<SanPlus>,
        repetitions: usize,
        moves_without_progress: u32,
    },
}

/// Why the core refused something. Nothing has changed when one of these is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("the game is over: {}, {}", .0.reason.describe(), .0.result.pgn())]
    GameOver(Ending),
    #[error("illegal move")]
    IllegalMove,
    #[error("not a FEN: {0}")]
    InvalidFen(String),
    #[error("not a legal position: {0}")]
    IllegalPosition(String),
    #[error("Chess960 positions are numbered 0 to 959, not {0}")]
    NoSuchChess960(u32),
    #[error("no draw offer is open")]
    NoDrawOffer,
    #[error("a player cannot accept or decline his own draw offer")]
    OwnDrawOffer,
    #[error("a draw by agreement needs at least one move by each player (Article 5.2.3)")]
    AgreementTooEarly,
    #[error("{0} has already offered a draw")]
    OfferAlreadyOpen(&'static str),
}

/// The largest half-move clock or move number a FEN may give: no game reaches it (the longest possible game
/// is under 9,000 moves), and larger numbers would overflow counting and saying them.
pub const MAX_FEN_COUNTER: u64 = 10_000;

/// Refuses a FEN whose half-move clock or move number (fields 5 and 6) is beyond [`MAX_FEN_COUNTER`]; the
/// FEN reader would otherwise cut 99999999999 down to the largest number it holds without a word.
pub fn check_fen_counters(fen: &str) -> Result<(), GameError> {
    for (i, field) in fen.split_ascii_whitespace().enumerate().skip(4).take(2) {
        // The digits the FEN reader takes a number from (it reads the digits at the start of the field).
        let digits = &field[..field.bytes().take_while(u8::is_ascii_digit).count()];
        if !digits.is_empty() {
            let too_big =
                digits.len() > 12 || digits.parse::<u64>().map_or(true, |n| n > MAX_FEN_COUNTER);
            if too_big {
                let what = if i == 4 {
                    "half-move clock"
                } else {
                    "move number"
                };
                let shown: String = digits.chars().take(24).collect();
                return Err(GameError::InvalidFen(format!(
                    "the {what} {shown} is beyond any game (at most {MAX_FEN_COUNTER})"
                )));
            }
        }
    }
    Ok(())
}

/// The same bound on a parsed FEN, whatever its text looked like (the reader also takes numbers with other
/// characters among the digits, and saturates).
pub fn check_setup_counters(setup: &shakmaty::Setup) -> Result<(), GameError> {
    for (what, n) in [
        ("half-move clock", u64::from(setup.halfmoves)),
        ("move number", u64::from(setup.fullmoves.get())),
    ] {
        if n > MAX_FEN_COUNTER {
            return Err(GameError::InvalidFen(format!(
                "the {what} {n} is beyond any game (at most {MAX_FEN_COUNTER})"
            )));
        }
    }
    Ok(())
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
    /// (R-9.2.2): keys[i] is the key of the position before ply `keys_from() + i`; the last one is the current
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
    /// The standard start position (R-2.3).
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

    /// The ply indexes (0-based, "before ply i") at which the current position stood, for the arbiter (R-9.5.1).
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

    /// Like [`Game::play`], but without the dead-position check (R-5.2.2) after the move; every other automatic
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

    /// The automatic endings, in order of precedence: mate (R-5.1.1) before every draw, then stalemate
    /// (R-5.2.1), dead position (R-5.2.2), fivefold repetition (R-9.6.1) and 75 moves (R-9.6.2).
    fn automatic_ending(&self) -> Option<Ending> {
        self.automatic_ending_checking(true, self.position.legal_moves().is_empty())
    }

    /// `no_moves`: the side to move has no legal move.
    fn automatic_ending_checking(&self, dead_check: bool, no_moves: bool) -> Option<Ending> {
        let pos = &self.position;
        if no_moves && pos.is_check() {
            return Some(Ending::new(
                EndReason::Checkmate,
                GameResult::win_for(pos.turn().other()),
            ));
        }
        if no_moves {
            return Some(Ending::draw(EndReason::Stalemate));
        }
        if dead_check && dead::is_dead_position(pos, self.mode) {
            return Some(Ending::draw(EndReason::DeadPosition));
        }
        if self.edition.automatic_fivefold_and_75() {
            // Five occurrences lie at least four half-moves apart, all since the last pawn move or capture.
            if pos.halfmoves() >= 16 && self.repetitions() >= 5 {
                return Some(Ending::draw(EndReason::FivefoldRepetition));
            }
            if pos.halfmoves() >= 150 {
                return Some(Ending::draw(EndReason::SeventyFiveMoves));
            }
        }
        None
    }

    /// Which claims the side to move could make right now, without a move (R-9.2.1b, R-9.3b).
    pub fn claimable_now(&self) -> Vec<ClaimKind> {
        let mut out = Vec::new();
        if self.is_over() {
            return out;
        }
        if self.repetitions() >= 3 {
            out.push(ClaimKind::ThreefoldRepetition);
        }
        if self.position.halfmoves() >= 100 {
            out.push(ClaimKind::FiftyMoves);
        }
        out
    }

    /// Which claims the side to move could make with the intended move `m` (R-9.2.1a, R-9.3a), judged without
    /// playing it.
    pub fn claimable_with(&self, m: Move) -> Vec<ClaimKind> {
        let mut out = Vec::new();
        if self.is_over() || !self.position.is_legal(m) {
            return out;
        }
        let mut after = self.position.clone();
        after.play_unchecked(m);
        let key = RepetitionKey::of(&after, self.edition);
        if self.keys.iter().filter(|k| **k == key).count() + 1 >= 3 {
            out.push(ClaimKind::ThreefoldRepetition);
        }
        if after.halfmoves() >= 100 {
            out.push(ClaimKind::FiftyMoves);
        }
        out
    }

    /// True when some legal move would make a claim correct (what python-chess calls "can claim").
    pub fn claimable_with_some_move(&self) -> bool {
        self.legal_moves()
            .iter()
            .any(|m| !self.claimable_with(*m).is_empty())
    }

    /// R-9.2 / R-9.3 / R-9.5: the side to move claims a draw, now or with an intended move. The claim is judged
    /// before the move is played. A correct claim draws the game (a prospective claim's move is written in the
    /// record, as on the scoresheet). A wrong claim changes nothing but that the intended move, which can no
    /// longer be changed, is then played (R-9.5.3); time penalties belong to the clock.
    pub fn claim(&mut self, intended: Option<Move>) -> Result<ClaimVerdict, GameError> {
        self.check_not_over()?;
        match intended {
            None => {
                let kinds = self.claimable_now();
                if let Some(kind) = kinds.first().copied() {
                    self.end(Ending::draw(claim_reason(kind)));
                    Ok(ClaimVerdict::Correct {
                        kind,
                        with_move: None,
                    })
                } else {
                    Ok(ClaimVerdict::Incorrect {
                        played: None,
                        repetitions: self.repetitions(),
                        moves_without_progress: self.position.halfmoves() / 2,
                    })
                }
            }
            Some(m) => {
                if !self.position.is_legal(m) {
                    return Err(GameError::IllegalMove);
                }
                let kinds = self.claimable_with(m);
                let san = self.play(m)?.san;
                if self
                    .ending
                    .is_some_and(|e| e.reason == EndReason::Checkmate)
                {
                    // Mate prevails over any claim (R-9.6 commentary, R-5.1.1).
                    return Ok(ClaimVerdict::Incorrect {
                        played: Some(san),
                        repetitions: self.repetitions(),
                        moves_without_progress: self.position.halfmoves() / 2,
                    });
                }
                if let Some(kind) = kinds.first().copied() {
                    self.ending = Some(Ending::draw(claim_reason(kind)));
                    self.offer = None;
                    Ok(ClaimVerdict::Correct {
                        kind,
                        with_move: Some(san),
                    })
                } else {
                    Ok(ClaimVerdict::Incorrect {
                        played: Some(san),
                        repetitions: self.repetitions(),
                        moves_without_progress: self.position.halfmoves() / 2,
                    })
                }
            }
        }
    }

    /// R-9.1.2: `by` offers a draw. The offer stands until accepted, declined, or the opponent moves.
    pub fn offer_draw(&mut self, by: Color) -> Result<(), GameError> {
        self.check_not_over()?;
        if let Some(open) = self.offer {
            return Err(if open == by {
                GameError::OfferAlreadyOpen(color_name(by))
            } else {
                GameError::OfferAlreadyOpen(color_name(open))
            });
        }
        self.offer = Some(by);
        // R-9.1.2.2: written (=) after the offerer's move.
        match self.plies.last_mut() {
            Some(last) if last.color() == by => last.draw_offer = true,
            _ => self.mark_next_move_of = Some(by),
        }
        Ok(())
    }

    /// R-5.2.3: `by` accepts the opponent's open offer. Under the 2018 edition each side must have moved.
    pub fn accept_draw(&mut self, by: Color) -> Result<Ending, GameError> {
        self.check_not_over()?;
        match self.offer {
            None => Err(GameError::NoDrawOffer),
            Some(c) if c == by => Err(GameError::OwnDrawOffer),
            Some(_) => {
                if self.edition.agreement_needs_a_move_each() && self.plies.len() < 2 {
                    return Err(GameError::AgreementTooEarly);
                }
                let e = Ending::draw(EndReason::Agreement);
                self.end(e);
                Ok(e)
            }
        }
    }

    /// `by` declines the opponent's open offer.
    pub fn decline_draw(&mut self, by: Color) -> Result<(), GameError> {
        self.check_not_over()?;
        match self.offer {
            None => Err(GameError::NoDrawOffer),
            Some(c) if c == by => Err(GameError::OwnDrawOffer),
            Some(_) => {
                self.offer = None;
                self.mark_next_move_of = None;
                Ok(())
            }
        }
    }

    /// R-5.1.2: `side` resigns; the opponent wins.
    pub fn resign(&mut self, side: Color) -> Result<Ending, GameError> {
        self.check_not_over()?;
        let e = Ending::new(EndReason::Resignation, GameResult::win_for(side.other()));
        self.end(e);
        Ok(e)
    }

    /// Ends the game for a reason decided outside the board (flag, arbiter, illegal moves, an imported result).
    pub fn end(&mut self, ending: Ending) {
        if self.ending.is_none() {
            self.ending = Some(ending);
            self.offer = None;
            self.mark_next_move_of = None;
        }
    }

    /// R-6.9 / R-7.5.5: may `side` still checkmate by any series of legal moves? `No` only when proven.
    pub fn can_checkmate(&self, side: Color) -> MatingChance {
        dead::can_checkmate(&self.position, self.mode, side)
    }

    /// Counts leaf nodes of the legal move tree from the current position (perft), a check of move generation.
    pub fn perft(&self, depth: u32) -> u64 {
        shakmaty::perft(&self.position, depth)
    }
}

fn claim_reason(kind: ClaimKind) -> EndReason {
    match kind {
        ClaimKind::ThreefoldRepetition => EndReason::ThreefoldRepetition,
        ClaimKind::FiftyMoves => EndReason::FiftyMoves,
    }
}

#[cfg(test)]
mod tests {

    /// Issue 10 item 10, and what fuzzing found after: the FEN reader takes a number from the digits at the
    /// start of a field (`2002222222222222222<garbage>` too) and cuts it to the largest it holds.
    #[test]
    fn fen_counters_beyond_any_game_are_refused() {
        for fen in [
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 99999999999",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 10001 1",
            "k7/8/8/8/8/8/8/K7 b - - 2002222222222222222\u{c9}22 300",
            "rnbqkbnr/pqpppppp/8/8/4P3/8/PP1PPPPP/RNBQKBNR b KQkq a3 0 _222222222222222",
        ] {
            match Game::from_fen(fen) {
                Err(GameError::InvalidFen(m)) => assert!(m.contains("beyond any game"), "{m}"),
                other => panic!("{fen}: {other:?}"),
            }
        }
        assert!(Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 10000 10000").is_ok());
    }

    use super::*;

    fn play_all(g: &mut Game, sans: &str) {
        for s in sans.split_whitespace() {
            g.play_san(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        }
    }

    /// The repetition key of each new position, worked out from the one before (R-9.2.2), is the key computed
    /// whole: in random games from the standard and from Chess960 starts (castling on every file, king and rook
    /// moves that lose castling rights, double steps, en passant and promotions).
    #[test]
    fn the_key_after_each_move_is_the_key_computed_whole() {
        let mut rng = crate::rules::TestRng::new(0x9e37_79b9_7f4a_7c15);
        let (mut castled, mut en_passant, mut lost_rights) = (0, 0, 0);
        for n in 0..400u16 {
            let mut g = if n % 2 == 0 {
                Game::new()
            } else {
                Game::chess960(u32::from(n) * 7 % 960).expect("a Chess960 start")
            };
            for _ in 0..250 {
                let moves = g.position().legal_moves();
                if moves.is_empty() || g.is_over() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                let rights_before = g.position().castles().castling_rights();
                castled += usize::from(matches!(m, Move::Castle { .. }));
                en_passant += usize::from(m.is_en_passant());
                g.play_without_dead_check(m).expect("a legal move");
                lost_rights +=
                    usize::from(g.position().castles().castling_rights() != rights_before);
                assert_eq!(
                    g.keys.last().copied(),
                    Some(RepetitionKey::of(g.position(), g.edition)),
                    "after {m:?} in {}",
                    g.fen()
                );
            }
        }
        assert!(
            castled > 20 && en_passant > 0 && lost_rights > 100,
            "{castled} {en_passant} {lost_rights}"
        );
        // En passant, rare in random games: a capture that is legal, one that would expose the king (so the
        // square does not count), and a double step beside no pawn.
        for (fen, sans) in [
            ("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e4 dxe3 Kf1 e2+"),
            ("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", "e4 Kb3 e5 d3"),
            ("4k3/p7/8/1P6/8/8/8/4K3 b - - 0 1", "a5 bxa6 Kd8 a7"),
        ] {
            let mut g = Game::from_fen(fen).expect("a legal position");
            for san in sans.split_whitespace() {
                g.play_san(san)
                    .unwrap_or_else(|e| panic!("{san} in {fen}: {e}"));
                assert_eq!(
                    g.keys.last().copied(),
                    Some(RepetitionKey::of(g.position(), g.edition)),
                    "after {san} from {fen}"
                );
            }
        }
    }

    /// Keys are kept only since the last pawn move or capture; repetitions before it are found again when
    /// the record is taken back behind it.
    #[test]
    fn repetitions_are_counted_across_a_takeback_behind_a_pawn_move() {
        let mut g = Game::new();
        for san in "Nf3 Nf6 Ng1 Ng8 e4 Nf6 Nf3 Ng8 Ng1".split_whitespace() {
            g.play_san(san).unwrap();
        }
        // The position after 3. e4 stood before ply 5 and stands now, before ply 9.
        assert_eq!(g.repetition_indexes(), [5, 9]);
        assert_eq!(g.repetitions(), 2);
        assert!(g.keys.len() < 10, "no key from before 3. e4 is kept");
        // Back to before 3. e4: the start position stood before plies 0 and 4.
        g.truncate(4);
        assert_eq!(g.repetition_indexes(), [0, 4]);
        assert_eq!(g.repetitions(), 2);
        // Playing on finds the third occurrence, as in a game never taken back.
        for san in "Nf3 Nf6 Ng1 Ng8".split_whitespace() {
            g.play_san(san).unwrap();
        }
        assert_eq!(g.repetition_indexes(), [0, 4, 8]);
        assert!(g.claimable_now().contains(&ClaimKind::ThreefoldRepetition));
        let mut fresh = Game::new();
        for p in g.plies() {
            fresh.play(p.mv).unwrap();
        }
        assert_eq!(fresh.keys, g.keys);
        assert_eq!(fresh.keys_from(), g.keys_from());
    }

    #[test]
    fn comments_keep_their_order_from_none_to_one_to_many_and_back() {
        let mut c = Comments::new();
        assert!(c.is_empty());
        c.push("a".into());
        assert_eq!(c, ["a"]);
        c.push("b".into());
        c.push("c".into());
        assert_eq!(c, ["a", "b", "c"]);
        c.retain(|s| s != "b");
        assert_eq!(c, ["a", "c"]);
        c[1] = "d".into();
        assert_eq!(c.iter().map(String::as_str).collect::<Vec<_>>(), ["a", "d"]);
        c.retain(|s| s == "a");
        assert_eq!(c, ["a"]);
        assert_ne!(c, ["b"]);
        assert_ne!(c, ["a", "a"]);
        c.retain(|_| false);
        assert!(c.is_empty());
        assert_eq!(c, Comments::new());
        let one: Comments = ["x"].into_iter().collect();
        assert_eq!(format!("{one:?}"), r#"["x"]"#);
    }

    #[test]
    fn positions_are_replayed_from_the_start_and_plies_stay_small() {
        // A FEN start with Black to move at move 30, castling, en passant and a promotion on the way.
        let mut g = Game::from_fen("r3k2r/P7/8/8/5p2/8/4P3/R3K2R b KQkq - 3 30").unwrap();
        let sans = "O-O-O e4 fxe3 a8=Q+ Kc7 O-O";
        let mut seen = vec![g.position().clone()];
        for s in sans.split_whitespace() {
            g.play_san(s).unwrap_or_else(|e| panic!("{s}: {e}"));
            seen.push(g.position().clone());
        }
        let replayed: Vec<Chess> = g.positions().collect();
        assert_eq!(
            replayed, seen,
            "one position before each ply, then the current one"
        );
        for (i, want) in seen.iter().enumerate() {
            assert_eq!(&g.position_before(i), want, "before ply {i}");
        }
        assert_eq!(&g.position_before(99), g.position());
        // Colour and move number come from the position the move was made in.
        let numbered: Vec<(Color, u32)> = g
            .plies()
            .iter()
            .map(|p| (p.color(), p.move_number()))
            .collect();
        assert_eq!(
            numbered,
            [
                (Color::Black, 30),
                (Color::White, 31),
                (Color::Black, 31),
                (Color::White, 32),
                (Color::Black, 32),
                (Color::White, 33)
            ]
        );
        // A move kept in a record read from a file must stay far smaller than a position (issue 10).
        assert!(
            std::mem::size_of::<Ply>() <= 40,
            "a ply takes {} bytes",
            std::mem::size_of::<Ply>()
        );
        // Taking back replays to the same position and numbering.
        g.truncate(2);
        assert_eq!(g.position(), &seen[2]);
        g.play_san("fxe3").unwrap();
        assert_eq!(g.plies()[2].move_number(), 31);
    }

    #[test]
    fn truncate_retraces_to_an_earlier_position() {
        let mut g = Game::new();
        play_all(&mut g, "e4 e5 Nf3 Nc6 Bc4 Nf6");
        let before = {
            let mut h = Game::new();
            play_all(&mut h, "e4 e5 Nf3");
            h
        };
        g.offer_draw(Color::White).ok();
        let removed = g.truncate(3);
        assert_eq!(removed.len(), 3);
        assert_eq!(removed[0].san.to_string(), "Nc6");
        assert_eq!(g.plies().len(), 3);
        assert_eq!(g.fen(), before.fen());
        assert_eq!(g.turn(), Color::Black);
        assert_eq!(g.draw_offer(), None);
        assert_eq!(g.repetitions(), 1);
        // The game goes on from there, and nothing changes when there is nothing to take back.
        g.play_san("Nf6").unwrap();
        assert!(g.truncate(10).is_empty());
        assert_eq!(g.plies().len(), 4);
        // A finished game taken back before its mate is open again.
        let mut m = Game::new();
        play_all(&mut m, "f3 e5 g4 Qh4#");
        assert!(m.is_over());
        m.truncate(3);
        assert!(!m.is_over());
        assert_eq!(m.truncate(0).len(), 3);
        assert_eq!(m.fen(), Game::new().fen());
    }

    #[test]
    fn fools_mate_ends_by_checkmate() {
        let mut g = Game::new();
        play_all(&mut g, "f3 e5 g4 Qh4#");
        assert_eq!(
            g.ending(),
            Some(Ending::new(EndReason::Checkmate, GameResult::BlackWins))
        );
        let e = g.ending().unwrap();
        assert_eq!(g.play_san("a3").unwrap_err(), GameError::GameOver(e));
        assert_eq!(g.plies().len(), 4);
    }

    #[test]
    fn truncate_restores_the_position_repetitions_and_ending() {
        let mut g = Game::new();
        play_all(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6");
        let fen_after_two = {
            let mut h = Game::new();
            play_all(&mut h, "Nf3 Nf6");
            h.fen()
        };
        assert_eq!(g.repetitions(), 2);
        let removed = g.truncate(2);
        assert_eq!(removed.len(), 4);
        assert_eq!(removed[0].san.to_string(), "Ng1");
        assert_eq!(g.fen(), fen_after_two);
        assert_eq!(
            g.repetitions(),
            1,
            "the taken-back positions no longer count"
        );
        assert!(
            g.truncate(5).is_empty(),
            "nothing to take back beyond the record"
        );
        let mut mated = Game::new();
        play_all(&mut mated, "f3 e5 g4 Qh4#");
        mated.truncate(3);
        assert!(!mated.is_over());
        play_all(&mut mated, "Nc6");
        assert_eq!(mated.plies().len(), 4);
    }

    #[test]
    fn threefold_is_a_claim_and_fivefold_ends_the_game() {
        let mut g = Game::new();
        play_all(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        assert_eq!(g.repetitions(), 2);
        let ng8 = g.parse_san("Ng8").unwrap();
        assert_eq!(g.claimable_with(ng8), vec![ClaimKind::ThreefoldRepetition]);
        assert!(g.claimable_now().is_empty());
        play_all(&mut g, "Ng8");
        assert_eq!(g.repetitions(), 3);
        assert!(!g.is_over(), "threefold must not end the game by itself");
        play_all(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        assert!(!g.is_over());
        play_all(&mut g, "Ng8");
        assert_eq!(g.ending().unwrap().reason, EndReason::FivefoldRepetition);
    }

    #[test]
    fn fivefold_is_not_automatic_in_2009() {
        let mut g = Game::new().with_edition(Edition::E2009);
        for _ in 0..5 {
            play_all(&mut g, "Nf3 Nf6 Ng1 Ng8");
        }
        assert!(!g.is_over());
        assert_eq!(g.repetitions(), 6);
        assert_eq!(
            g.claim(None).unwrap(),
            ClaimVerdict::Correct {
                kind: ClaimKind::ThreefoldRepetition,
                with_move: None
            }
        );
    }

    #[test]
    fn wrong_claim_plays_the_intended_move() {
        let mut g = Game::new();
        let m = g.parse_san("e4").unwrap();
        match g.claim(Some(m)).unwrap() {
            ClaimVerdict::Incorrect {
                played: Some(san), ..
            } => assert_eq!(san.to_string(), "e4"),
            other => panic!("{other:?}"),
        }
        assert!(!g.is_over());
        assert_eq!(g.plies().len(), 1);
    }

    #[test]
    fn ep_possible_only_at_start_makes_positions_differ() {
        // After 1.e4 Nf6 2.e5 d5 an en passant capture is possible; repeating the knights later does not recreate it.
        let mut g = Game::new();
        play_all(&mut g, "e4 Nf6 e5 d5");
        let k0 = g.repetitions();
        play_all(&mut g, "Nf3 Ng8 Ng1 Nf6");
        assert_eq!(k0, 1);
        assert_eq!(
            g.repetitions(),
            1,
            "ep capture was possible the first time, so it is not the same position"
        );
        play_all(&mut g, "Nf3 Ng8 Ng1 Nf6");
        assert_eq!(g.repetitions(), 2);
    }

    #[test]
    fn agreement_needs_a_move_each_in_2018_only() {
        let mut g = Game::new();
        g.offer_draw(Color::White).unwrap();
        assert_eq!(
            g.accept_draw(Color::Black),
            Err(GameError::AgreementTooEarly)
        );
        assert_eq!(g.accept_draw(Color::White), Err(GameError::OwnDrawOffer));
        let mut g = Game::new().with_edition(Edition::E2014);
        g.offer_draw(Color::White).unwrap();
        assert_eq!(
            g.accept_draw(Color::Black).unwrap().reason,
            EndReason::Agreement
        );
    }

    #[test]
    fn offer_is_marked_on_the_offerers_move_and_lapses_when_the_opponent_moves() {
        let mut g = Game::new();
        play_all(&mut g, "e4");
        g.offer_draw(Color::White).unwrap();
        assert!(g.plies()[0].draw_offer);
        play_all(&mut g, "e5");
        assert_eq!(g.draw_offer(), None);
        assert_eq!(g.accept_draw(Color::Black), Err(GameError::NoDrawOffer));
    }

    #[test]
    fn seventy_five_moves_but_mate_prevails() {
        // Halfmove clock 149: the next quiet move would be the 75th; if it mates, mate prevails.
        let mut g = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 149 120").unwrap();
        g.play_san("Ra8#").unwrap();
        assert_eq!(g.ending().unwrap().reason, EndReason::Checkmate);
        let mut g = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 149 120").unwrap();
        g.play_san("Rb1").unwrap();
        assert_eq!(g.ending().unwrap().reason, EndReason::SeventyFiveMoves);
    }

    #[test]
    fn fifty_move_claim_counts_moves_by_each_side() {
        let mut g = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 98 80").unwrap();
        assert!(g.claimable_now().is_empty());
        g.play_san("Rb1").unwrap();
        assert!(
            g.claimable_now().is_empty(),
            "99 plies are not 50 moves by each side"
        );
        let m = g.parse_san("Kg8").unwrap();
        assert_eq!(g.claimable_with(m), vec![ClaimKind::FiftyMoves]);
        let v = g.claim(Some(m)).unwrap();
        assert!(matches!(
            v,
            ClaimVerdict::Correct {
                kind: ClaimKind::FiftyMoves,
                ..
            }
        ));
        assert_eq!(g.ending().unwrap().result, GameResult::Draw);
    }

    #[test]
    fn chess960_castling_ends_on_standard_squares() {
        use shakmaty::{Piece, Role, Square};
        // R-GII.3.2.6: after O-O the king is on g1 and the rook on f1; after O-O-O on c1 and d1.
        let mut castled = 0;
        for n in 0..960 {
            let g = Game::chess960(n).unwrap();
            assert!(g.is_chess960());
            for m in g.legal_moves() {
                let Some(side) = m.castling_side() else {
                    continue;
                };
                let mut g2 = g.clone();
                g2.play(m).unwrap();
                let b = g2.position().board();
                let (k, r) = if side == CastlingSide::KingSide {
                    (Square::G1, Square::F1)
                } else {
                    (Square::C1, Square::D1)
                };
                assert_eq!(
                    b.piece_at(k),
                    Some(Piece {
                        color: Color::White,
                        role: Role::King
                    }),
                    "n={n}"
                );
                assert_eq!(
                    b.piece_at(r),
                    Some(Piece {
                        color: Color::White,
                        role: Role::Rook
                    }),
                    "n={n}"
                );
                let san = g2.plies()[0].san.to_string();
                assert!(
                    san.starts_with(if side == CastlingSide::KingSide {
                        "O-O"
                    } else {
                        "O-O-O"
                    }),
                    "{san}"
                );
                castled += 1;
            }
        }
        assert!(
            castled > 0,
            "some Chess960 positions allow castling on move one (R-GII.3.2.7)"
        );
    }

    #[test]
    fn bad_fens_are_refused_with_a_reason() {
        assert!(matches!(
            Game::from_fen("nonsense"),
            Err(GameError::InvalidFen(_))
        ));
        assert!(matches!(
            Game::from_fen("8/8/8/8/8/8/8/8 w - - 0 1"),
            Err(GameError::IllegalPosition(_))
        ));
        assert!(matches!(
            Game::chess960(960),
            Err(GameError::NoSuchChess960(960))
        ));
    }
}
