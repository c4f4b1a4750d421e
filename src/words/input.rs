//! Text → move: SAN, long algebraic and UCI, with the reason in words when the text is no legal move.

use shakmaty::san::{San, SanPlus};
use shakmaty::{attacks, Bitboard, CastlingSide, Chess, Color, File, Move, MoveList, Position, Rank, Role, Square};

use super::vocabulary::Vocabulary;
use crate::rules::Game;

/// Why a text is not a legal move here. `explain` turns it into words for the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveInputError {
    /// The text is not written as a move at all.
    NotAMove(String),
    /// The game is over; no more moves.
    GameOver,
    /// Several legal moves fit; the candidates are listed.
    Ambiguous { role: Role, candidates: Vec<Move> },
    /// The mover has no piece of that kind.
    NoSuchPiece { role: Role },
    /// No piece of that kind can reach the square.
    CannotReach { role: Role, from: Option<Square>, to: Square },
    /// Nothing stands on the from-square.
    EmptySquare(Square),
    /// The piece on the from-square belongs to the side not to move.
    WrongSide { square: Square, role: Role, turn: Color },
    /// The move would leave or put the own king in check.
    KingInCheck { role: Role, from: Square, to: Square, in_check: bool, pinned: bool },
    /// A pawn reaching the last rank needs its promotion piece named (R-3.7.5c).
    PromotionNeeded { from: Square, to: Square },
    /// The text says capture, but there is nothing to capture, or the other way round.
    CaptureMismatch { to: Square, says_capture: bool },
    /// Castling is not possible now.
    CannotCastle(CastlingSide),
}

/// Reads a move in SAN (`Nf3`, `exd6`, `e8=Q`, `O-O`, `0-0`), long algebraic (`Ng1-f3`, `e2-e4`) or UCI
/// (`g1f3`, `e7e8q`, king-onto-rook castling).
pub fn parse_move(game: &Game, text: &str) -> Result<Move, MoveInputError> {
    if game.is_over() {
        return Err(MoveInputError::GameOver);
    }
    let pos = game.position();
    let cleaned: String = text.trim().trim_end_matches(['!', '?']).chars().filter(|c| !c.is_whitespace()).collect();
    if cleaned.is_empty() {
        return Err(MoveInputError::NotAMove(text.to_string()));
    }
    let bare = cleaned.trim_end_matches(['+', '#']);
    // Castling with letter O or digit zero.
    let castle = match bare.to_ascii_uppercase().replace('0', "O").as_str() {
        "O-O" | "OO" => Some(CastlingSide::KingSide),
        "O-O-O" | "OOO" => Some(CastlingSide::QueenSide),
        _ => None,
    };
    if let Some(side) = castle {
        return pos.castling_moves(side).first().copied().ok_or(MoveInputError::CannotCastle(side));
    }
    if let Some(result) = parse_coordinates(pos, bare) {
        return result;
    }
    match SanPlus::from_ascii(cleaned.as_bytes()) {
        Ok(sp) => from_san(pos, sp.san),
        Err(_) => Err(MoveInputError::NotAMove(text.trim().to_string())),
    }
}

fn role_from_char(c: char) -> Option<Role> {
    match c {
        'K' => Some(Role::King),
        'Q' | 'q' => Some(Role::Queen),
        'R' | 'r' => Some(Role::Rook),
        'B' => Some(Role::Bishop),
        'b' => Some(Role::Bishop),
        'N' | 'n' => Some(Role::Knight),
        'P' => Some(Role::Pawn),
        _ => None,
    }
}

fn square_at(s: &[u8]) -> Option<Square> {
    if s.len() < 2 {
        return None;
    }
    let f = s[0].to_ascii_lowercase();
    if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&s[1]) {
        return None;
    }
    Some(Square::from_coords(File::new(u32::from(f - b'a')), Rank::new(u32::from(s[1] - b'1'))))
}

/// Long algebraic and UCI: optional piece letter, from-square, optional `-`/`x`/`:`, to-square, optional
/// promotion (`=Q`, `q`). Returns None when the text is not of this shape.
fn parse_coordinates(pos: &Chess, text: &str) -> Option<Result<Move, MoveInputError>> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut named: Option<Role> = None;
    if let Some(c) = text.chars().next() {
        if c.is_ascii_uppercase() && "KQRBNP".contains(c) && bytes.len() >= 5 {
            named = role_from_char(c);
            i = 1;
        }
    }
    let from = square_at(&bytes[i..])?;
    i += 2;
    let mut says_capture = None;
    if i < bytes.len() && matches!(bytes[i], b'-' | b'x' | b':') {
        says_capture = Some(bytes[i] != b'-');
        i += 1;
    }
    let to = square_at(bytes.get(i..)?)?;
    i += 2;
    let mut promotion = None;
    if i < bytes.len() {
        let rest = text[i..].trim_start_matches('=');
        let mut chars = rest.chars();
        let c = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        promotion = Some(role_from_char(c).filter(|r| !matches!(r, Role::King | Role::Pawn))?);
    }
    Some(coordinates_to_move(pos, named, from, to, promotion, says_capture))
}

fn coordinates_to_move(
    pos: &Chess,
    named: Option<Role>,
    from: Square,
    to: Square,
    promotion: Option<Role>,
    says_capture: Option<bool>,
) -> Result<Move, MoveInputError> {
    let board = pos.board();
    let Some(piece) = board.piece_at(from) else { return Err(MoveInputError::EmptySquare(from)) };
    if piece.color != pos.turn() {
        return Err(MoveInputError::WrongSide { square: from, role: piece.role, turn: pos.turn() });
    }
    if let Some(r) = named {
        if r != piece.role {
            return Err(MoveInputError::CannotReach { role: r, from: Some(from), to });
        }
    }
    let legal = pos.legal_moves();
    // King onto own rook, or king two squares: castling.
    if piece.role == Role::King {
        if let Some(m) = legal.iter().find(|m| match m {
            Move::Castle { king, rook } => {
                *king == from && (*rook == to || castle_target(**m) == Some(to)) && from != to
            }
            _ => false,
        }) {
            if !legal.iter().any(|n| matches!(n, Move::Normal { from: f, to: t, .. } if *f == from && *t == to)) {
                return Ok(*m);
            }
        }
    }
    let matching: Vec<Move> =
        legal.iter().filter(|m| m.from() == Some(from) && m.to() == to && !m.is_castle()).copied().collect();
    if matching.is_empty() {
        return Err(explain_unreachable(pos, piece.role, Some(from), to));
    }
    if let Some(c) = says_capture {
        if c != matching[0].is_capture() {
            return Err(MoveInputError::CaptureMismatch { to, says_capture: c });
        }
    }
    if matching.iter().any(|m| m.is_promotion()) {
        return match promotion {
            None => Err(MoveInputError::PromotionNeeded { from, to }),
            Some(p) => matching
                .iter()
                .find(|m| m.promotion() == Some(p))
                .copied()
                .ok_or(MoveInputError::PromotionNeeded { from, to }),
        };
    }
    if promotion.is_some() {
        return Err(MoveInputError::NotAMove(format!("{from}{to}={}", promotion.map(|r| r.upper_char()).unwrap_or('?'))));
    }
    Ok(matching[0])
}

fn castle_target(m: Move) -> Option<Square> {
    match m {
        Move::Castle { king, rook } => {
            let file = if rook > king { File::G } else { File::C };
            Some(Square::from_coords(file, king.rank()))
        }
        _ => None,
    }
}

fn from_san(pos: &Chess, san: San) -> Result<Move, MoveInputError> {
    match san {
        San::Normal { role, file, rank, capture, to, promotion } => {
            let legal = pos.legal_moves();
            let fits = |m: &Move| {
                m.role() == role
                    && m.to() == to
                    && !m.is_castle()
                    && m.from().is_some_and(|f| file.is_none_or(|x| x == f.file()) && rank.is_none_or(|x| x == f.rank()))
            };
            let candidates: Vec<Move> = legal.iter().filter(|m| fits(m)).copied().collect();
            if candidates.is_empty() {
                if (pos.our(role)).is_empty() {
                    return Err(MoveInputError::NoSuchPiece { role });
                }
                let from = match (file, rank) {
                    (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
                    _ => None,
                };
                return Err(explain_unreachable(pos, role, from, to));
            }
            let with_promotion: Vec<Move> = candidates.iter().filter(|m| m.promotion() == promotion).copied().collect();
            if with_promotion.is_empty() {
                if promotion.is_none() {
                    let m = candidates[0];
                    return Err(MoveInputError::PromotionNeeded { from: m.from().unwrap_or(to), to });
                }
                return Err(MoveInputError::NotAMove(san.to_string()));
            }
            let mut distinct: Vec<Move> = Vec::new();
            for m in with_promotion {
                if !distinct.iter().any(|d| d.from() == m.from()) {
                    distinct.push(m);
                }
            }
            if distinct.len() > 1 {
                return Err(MoveInputError::Ambiguous { role, candidates: distinct });
            }
            let m = distinct[0];
            if capture != m.is_capture() {
                return Err(MoveInputError::CaptureMismatch { to, says_capture: capture });
            }
            Ok(m)
        }
        San::Castle(side) => pos.castling_moves(side).first().copied().ok_or(MoveInputError::CannotCastle(side)),
        San::Put { .. } | San::Null => Err(MoveInputError::NotAMove(san.to_string())),
    }
}

/// Pieces of `role` for the side to move that could reach `to` if the own king were not considered.
fn pseudo_reachers(pos: &Chess, role: Role, to: Square) -> Bitboard {
    let board = pos.board();
    let us = pos.turn();
    let occupied = board.occupied();
    let mut out = Bitboard::EMPTY;
    for from in pos.our(role) {
        let reach = match role {
            Role::Pawn => {
                let mut r = attacks::pawn_attacks(us, from) & (pos.them() | pos.maybe_ep_square().map(Bitboard::from).unwrap_or(Bitboard::EMPTY));
                let step = if us == Color::White { 8i32 } else { -8 };
                if let Some(one) = Square::try_from(i32::from(from) + step).ok() {
                    if !occupied.contains(one) {
                        r |= Bitboard::from(one);
                        let start = if us == Color::White { Rank::Second } else { Rank::Seventh };
                        if from.rank() == start {
                            if let Ok(two) = Square::try_from(i32::from(one) + step) {
                                if !occupied.contains(two) {
                                    r |= Bitboard::from(two);
                                }
                            }
                        }
                    }
                }
                r
            }
            _ => attacks::attacks(from, shakmaty::Piece { color: us, role }, occupied) & !pos.us(),
        };
        if reach.contains(to) {
            out |= Bitboard::from(from);
        }
    }
    out
}

fn explain_unreachable(pos: &Chess, role: Role, from: Option<Square>, to: Square) -> MoveInputError {
    let reachers = pseudo_reachers(pos, role, to);
    let candidate = match from {
        Some(f) if reachers.contains(f) => Some(f),
        Some(_) => None,
        None => reachers.first(),
    };
    match candidate {
        Some(f) => {
            let in_check = pos.is_check();
            let pinned = !in_check && role != Role::King && is_pinned(pos, f);
            MoveInputError::KingInCheck { role, from: f, to, in_check, pinned }
        }
        None => {
            let from = from.or_else(|| {
                let ours = pos.our(role);
                (ours.count() == 1).then(|| ours.first()).flatten()
            });
            MoveInputError::CannotReach { role, from, to }
        }
    }
}

fn is_pinned(pos: &Chess, sq: Square) -> bool {
    let Some(king) = pos.board().king_of(pos.turn()) else { return false };
    let mut board = pos.board().clone();
    board.discard_piece_at(sq);
    let attackers = board.attacks_to(king, pos.turn().other(), board.occupied());
    !attackers.is_empty()
}

fn side_name(c: Color) -> &'static str {
    c.fold_wb("White", "Black")
}

/// The reason in words (English for now; the voice issue moves these into phrase tables).
pub fn explain(v: &Vocabulary, e: &MoveInputError) -> String {
    match e {
        MoveInputError::NotAMove(t) => format!("Not understood: \"{t}\" is neither a move nor a command. Type help for the commands"),
        MoveInputError::GameOver => "The game is over; no more moves can be played".to_string(),
        MoveInputError::Ambiguous { role, candidates } => {
            let froms: Vec<String> = candidates.iter().filter_map(|m| m.from()).map(|s| v.square(s)).collect();
            format!("Which {}: {}?", v.piece(*role), join_or(&froms))
        }
        MoveInputError::NoSuchPiece { role } => format!("Illegal move: you have no {}", v.piece(*role)),
        MoveInputError::CannotReach { role, from: Some(f), to } => {
            format!("Illegal move: the {} on {} cannot reach {}", v.piece(*role), v.square(*f), v.square(*to))
        }
        MoveInputError::CannotReach { role, from: None, to } => {
            format!("Illegal move: no {} can reach {}", v.piece(*role), v.square(*to))
        }
        MoveInputError::EmptySquare(s) => format!("Illegal move: there is no piece on {}", v.square(*s)),
        MoveInputError::WrongSide { square, role, turn } => format!(
            "Illegal move: the {} on {} is {}'s, and it is {}'s turn",
            v.piece(*role),
            v.square(*square),
            side_name(turn.other()),
            side_name(*turn)
        ),
        MoveInputError::KingInCheck { role, from, to, in_check: true, .. } => format!(
            "Illegal move: your king is in check, and {} {} to {} does not end the check",
            v.piece(*role),
            v.square(*from),
            v.square(*to)
        ),
        MoveInputError::KingInCheck { role, from, pinned: true, .. } => format!(
            "Illegal move: the {} on {} is pinned to your king",
            v.piece(*role),
            v.square(*from)
        ),
        MoveInputError::KingInCheck { role: Role::King, to, .. } => {
            format!("Illegal move: your king would be in check on {}", v.square(*to))
        }
        MoveInputError::KingInCheck { role, from, to, .. } => format!(
            "Illegal move: {} {} to {} would leave your king in check",
            v.piece(*role),
            v.square(*from),
            v.square(*to)
        ),
        MoveInputError::PromotionNeeded { to, .. } => format!(
            "Which piece for the pawn on {}: {}, {}, {} or {}?",
            v.square(*to),
            v.piece(Role::Queen),
            v.piece(Role::Rook),
            v.piece(Role::Bishop),
            v.piece(Role::Knight)
        ),
        MoveInputError::CaptureMismatch { to, says_capture: true } => {
            format!("Illegal move: there is nothing to capture on {}", v.square(*to))
        }
        MoveInputError::CaptureMismatch { to, says_capture: false } => {
            format!("That move captures on {}; say it as a capture", v.square(*to))
        }
        MoveInputError::CannotCastle(side) => format!(
            "Illegal move: {} is not possible now",
            match side {
                CastlingSide::KingSide => &v.short_castling,
                CastlingSide::QueenSide => &v.long_castling,
            }
        ),
    }
}

fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {}", rest.join(", "), last),
    }
}

/// Legal moves of a position, for callers that only need the list.
pub fn legal(game: &Game) -> MoveList {
    game.legal_moves()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(sans: &str) -> Game {
        let mut g = Game::new();
        for s in sans.split_whitespace() {
            g.play_san(s).unwrap();
        }
        g
    }

    fn err(g: &Game, t: &str) -> String {
        explain(&Vocabulary::plain_english(), &parse_move(g, t).unwrap_err())
    }

    #[test]
    fn accepts_san_long_and_uci() {
        let g = Game::new();
        for t in ["Nf3", "g1f3", "Ng1-f3", "g1-f3", " nf3 "] {
            let m = parse_move(&g, t);
            if t.trim() == "nf3" {
                // lower-case n is not SAN; "nf3" is refused rather than guessed
                assert!(m.is_err());
                continue;
            }
            assert_eq!(g.san(m.unwrap()).to_string(), "Nf3", "{t}");
        }
        let g = game("e4 e5 Nf3 Nc6 Bc4 Nf6");
        assert_eq!(g.san(parse_move(&g, "0-0").unwrap()).to_string(), "O-O");
        assert_eq!(g.san(parse_move(&g, "e1g1").unwrap()).to_string(), "O-O");
        assert_eq!(g.san(parse_move(&g, "e1h1").unwrap()).to_string(), "O-O");
    }

    #[test]
    fn refusals_say_why() {
        let g = Game::new();
        assert_eq!(err(&g, "Ne5"), "Illegal move: no Knight can reach e5");
        assert_eq!(err(&g, "e7e5"), "Illegal move: the Pawn on e7 is Black's, and it is White's turn");
        assert_eq!(err(&g, "e3e4"), "Illegal move: there is no piece on e3");
        assert_eq!(err(&g, "Bc4"), "Illegal move: no Bishop can reach c4");
        assert!(err(&g, "hello").starts_with("Not understood"));
        let g = game("e4 e5 Nf3 d6 Bb5+");
        assert!(parse_move(&g, "Nc6").is_ok());
        assert_eq!(err(&g, "Nf6"), "Illegal move: your king is in check, and Knight g8 to f6 does not end the check");
    }

    #[test]
    fn ambiguity_lists_candidates_and_promotion_asks_for_a_piece() {
        let g2 = Game::from_fen("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1").unwrap();
        assert_eq!(err(&g2, "Ne4"), "Which Knight: c3 or g3?");
        assert_eq!(g2.san(parse_move(&g2, "Nce4").unwrap()).to_string(), "Nce4");
        let p = Game::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(err(&p, "a8"), "Which piece for the pawn on a8: Queen, Rook, Bishop or Knight?");
        assert_eq!(err(&p, "a7a8"), "Which piece for the pawn on a8: Queen, Rook, Bishop or Knight?");
        assert_eq!(p.san(parse_move(&p, "a7a8n").unwrap()).to_string(), "a8=N");
        assert_eq!(p.san(parse_move(&p, "a8=R").unwrap()).to_string(), "a8=R+");
    }

    #[test]
    fn pinned_piece_and_capture_mismatch() {
        let g = Game::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
        assert_eq!(err(&g, "Bd3"), "Illegal move: the Bishop on e2 is pinned to your king");
        assert_eq!(err(&g, "Bxd3"), "Illegal move: the Bishop on e2 is pinned to your king");
        let g = Game::new();
        assert_eq!(err(&g, "Nxf3"), "Illegal move: there is nothing to capture on f3");
        let g = Game::from_fen("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1").unwrap();
        assert_eq!(err(&g, "O-O"), "Illegal move: Short castling is not possible now");
    }
}
