//! Text → move: SAN, long algebraic and UCI, with the reason in words when the text is no legal move.

use shakmaty::san::{San, SanPlus};
use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, File, Move, Position, Rank, Role, Square, attacks,
};

use super::vocabulary::Vocabulary;
use crate::rules::Game;

pub use super::move_error::{Hint, MoveInputError};

/// Reads a move in SAN (`Nf3`, `exd6`, `e8=Q`, `O-O`, `0-0`), long algebraic (`Ng1-f3`, `e2-e4`), UCI
/// (`g1f3`, `e7e8q`, king-onto-rook castling), the vocabulary's own notation letters (Greek `Ιζ3`, German `Sf3`)
/// or its words (`Springer Felix drei`, `spr fel drei`, `Kurze Rochade`), with squares in words or written
/// (`Springer f3`).
///
/// A line that reads as a move in any built-in notation is a move, whatever vocabulary the player chose (R-C.3:
/// players may use the letters of their country): Greek `ε4` and English `Knight f3` are read with the
/// appendix-d words too. The player's own vocabulary is asked first, and with unambiguous prefixes; the others
/// by whole words only, so that a prefix in a language the player does not speak is never a guess.
pub fn parse_move(
    game: &Game,
    vocabulary: &Vocabulary,
    text: &str,
) -> Result<Move, MoveInputError> {
    if game.is_over() {
        return Err(MoveInputError::GameOver);
    }
    let pos = game.position();
    // The fast path: plain SAN, long algebraic and UCI.
    match parse_notation(pos, text) {
        Err(MoveInputError::NotAMove(_)) => {}
        other => return other,
    }
    match in_vocabulary(pos, vocabulary, text, true) {
        Err(MoveInputError::NotAMove(_)) => {}
        other => return other,
    }
    for other in Vocabulary::builtins() {
        if other == vocabulary {
            continue;
        }
        match in_vocabulary(pos, other, text, false) {
            Err(MoveInputError::NotAMove(_) | MoveInputError::AmbiguousWord { .. }) => {}
            other => return other,
        }
    }
    // A piece word of one vocabulary with the squares of another ("Bishop David drei", as "Bishop d3" is read;
    // players mix them): the piece word put in each vocabulary's word (the player's first), then read again.
    for v in std::iter::once(vocabulary).chain(Vocabulary::builtins()) {
        if let Some(own) = own_piece_words(v, text) {
            match in_vocabulary(pos, v, &own, v == vocabulary) {
                Err(MoveInputError::NotAMove(_) | MoveInputError::AmbiguousWord { .. }) => {}
                other => return other,
            }
        }
    }
    Err(MoveInputError::NotAMove(text.trim().to_string()))
}

/// `text` with every whole piece word of a built-in vocabulary put in `vocabulary`'s word; none when no word
/// changed.
fn own_piece_words(vocabulary: &Vocabulary, text: &str) -> Option<String> {
    use super::normalize::fold;
    const ROLES: [Role; 6] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    let mut changed = false;
    let words: Vec<String> = text
        .split_whitespace()
        .map(|w| {
            let f = fold(w);
            let role = Vocabulary::builtins()
                .iter()
                .flat_map(|v| ROLES.iter().map(move |r| (v, *r)))
                .find(|(v, r)| fold(v.piece(*r)) == f)
                .map(|(_, r)| r);
            match role {
                Some(r) if fold(vocabulary.piece(r)) != f => {
                    changed = true;
                    vocabulary.piece(r).to_string()
                }
                _ => w.to_string(),
            }
        })
        .collect();
    changed.then(|| words.join(" "))
}

/// A move in one vocabulary: its notation letters, then its words (with prefixes when `prefixes`).
fn in_vocabulary(
    pos: &Chess,
    vocabulary: &Vocabulary,
    text: &str,
    prefixes: bool,
) -> Result<Move, MoveInputError> {
    let translated = super::spoken::transliterate(vocabulary, text.trim());
    if translated != text.trim() {
        match parse_notation(pos, &translated) {
            Err(MoveInputError::NotAMove(_)) => {}
            other => return other,
        }
    }
    let said = if prefixes {
        super::spoken::parse(vocabulary, text)?
    } else {
        super::spoken::parse_exact(vocabulary, text)?
    };
    match said {
        Some(super::spoken::Said::Castle(side)) => pos
            .castling_moves(side)
            .first()
            .copied()
            .ok_or(MoveInputError::CannotCastle(side)),
        Some(super::spoken::Said::Move(san)) => from_san(pos, san),
        None => Err(MoveInputError::NotAMove(text.trim().to_string())),
    }
}

/// Written notation only: SAN, long algebraic and UCI.
pub fn parse_notation(pos: &Chess, text: &str) -> Result<Move, MoveInputError> {
    let cleaned: String = text
        .trim()
        .trim_end_matches(['!', '?'])
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
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
        return pos
            .castling_moves(side)
            .first()
            .copied()
            .ok_or(MoveInputError::CannotCastle(side));
    }
    if let Some(result) = parse_coordinates(pos, bare) {
        return result;
    }
    // A pawn capture written without x (Appendix C.9 makes the sign optional): "ed5" → "exd5".
    let b = bare.as_bytes();
    let with_x;
    let cleaned = if b.len() >= 3
        && (b'a'..=b'h').contains(&b[0])
        && (b'a'..=b'h').contains(&b[1])
        && (b'1'..=b'8').contains(&b[2])
    {
        with_x = format!("{}x{}", &bare[..1], &bare[1..]);
        with_x.as_str()
    } else {
        cleaned.as_str()
    };
    match SanPlus::from_ascii(cleaned.as_bytes()) {
        Ok(sp) => from_san(pos, sp.san),
        Err(_) => {
            // Coordinates typed in capitals ("E2E4", "B2B4") when they are no SAN.
            let lower = bare.to_ascii_lowercase();
            if lower != bare
                && let Some(result) = parse_coordinates(pos, &lower)
            {
                return result;
            }
            Err(MoveInputError::NotAMove(text.trim().to_string()))
        }
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
    Some(Square::from_coords(
        File::new(u32::from(f - b'a')),
        Rank::new(u32::from(s[1] - b'1')),
    ))
}

/// Long algebraic and UCI: optional piece letter, from-square, optional `-`/`x`/`:`, to-square, optional
/// promotion (`=Q`, `q`). Returns None when the text is not of this shape.
fn parse_coordinates(pos: &Chess, text: &str) -> Option<Result<Move, MoveInputError>> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut named: Option<Role> = None;
    if let Some(c) = text.chars().next()
        && c.is_ascii_uppercase()
        && "KQRBNP".contains(c)
    {
        // A capital piece letter is a piece, never the b-file: "B1f2" is SAN (a bishop from the first rank).
        if bytes.len() < 5 {
            return None;
        }
        named = role_from_char(c);
        i = 1;
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
    Some(coordinates_to_move(
        pos,
        named,
        from,
        to,
        promotion,
        says_capture,
    ))
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
    let Some(piece) = board.piece_at(from) else {
        return Err(MoveInputError::EmptySquare(from));
    };
    if piece.color != pos.turn() {
        return Err(MoveInputError::WrongSide {
            square: from,
            role: piece.role,
            turn: pos.turn(),
        });
    }
    if let Some(r) = named
        && r != piece.role
    {
        return Err(MoveInputError::NotThere {
            role: r,
            square: from,
        });
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
            if !legal
                .iter()
                .any(|n| matches!(n, Move::Normal { from: f, to: t, .. } if *f == from && *t == to))
            {
                return Ok(*m);
            }
        }
    }
    let matching: Vec<Move> = legal
        .iter()
        .filter(|m| m.from() == Some(from) && m.to() == to && !m.is_castle())
        .copied()
        .collect();
    if matching.is_empty() {
        return Err(explain_unreachable(
            pos,
            piece.role,
            (Some(from.file()), Some(from.rank())),
            to,
            says_capture,
        ));
    }
    // As in SAN, a capture may be written without its sign (R-C.9: `e4d5`, `e4-d5`); a capture sign on a
    // move that captures nothing is refused.
    if says_capture == Some(true) && !matching[0].is_capture() {
        return Err(MoveInputError::CaptureMismatch {
            to,
            says_capture: true,
        });
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
        return Err(MoveInputError::NotAMove(format!(
            "{from}{to}={}",
            promotion.map(|r| r.upper_char()).unwrap_or('?')
        )));
    }
    Ok(matching[0])
}

/// How SAN tells this move apart from the others of its kind.
fn hint(pos: &Chess, m: Move) -> Hint {
    let from = m.from().unwrap_or(m.to());
    match San::from_move(pos, m) {
        San::Normal {
            file: Some(f),
            rank: None,
            ..
        } => Hint::File(f),
        San::Normal {
            file: None,
            rank: Some(r),
            ..
        } => Hint::Rank(r),
        _ => Hint::Square(from),
    }
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
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let legal = pos.legal_moves();
            let fits = |m: &Move| {
                m.role() == role
                    && m.to() == to
                    && !m.is_castle()
                    && m.from().is_some_and(|f| {
                        file.is_none_or(|x| x == f.file()) && rank.is_none_or(|x| x == f.rank())
                    })
            };
            let candidates: Vec<Move> = legal.iter().filter(|m| fits(m)).copied().collect();
            if candidates.is_empty() {
                return Err(explain_unreachable(
                    pos,
                    role,
                    (file, rank),
                    to,
                    Some(capture),
                ));
            }
            let with_promotion: Vec<Move> = candidates
                .iter()
                .filter(|m| m.promotion() == promotion)
                .copied()
                .collect();
            if with_promotion.is_empty() {
                if promotion.is_none() {
                    let m = candidates[0];
                    return Err(MoveInputError::PromotionNeeded {
                        from: m.from().unwrap_or(to),
                        to,
                    });
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
                let options = distinct.iter().map(|m| hint(pos, *m)).collect();
                return Err(MoveInputError::Ambiguous { role, options });
            }
            let m = distinct[0];
            // The capture sign may be left out (R-C.9: "an x may be inserted"; `Ba5`, `ed5`), never claimed
            // for a move that captures nothing.
            if capture && !m.is_capture() {
                return Err(MoveInputError::CaptureMismatch {
                    to,
                    says_capture: capture,
                });
            }
            Ok(m)
        }
        San::Castle(side) => pos
            .castling_moves(side)
            .first()
            .copied()
            .ok_or(MoveInputError::CannotCastle(side)),
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
                let mut r = attacks::pawn_attacks(us, from)
                    & (pos.them()
                        | pos
                            .maybe_ep_square()
                            .map(Bitboard::from)
                            .unwrap_or(Bitboard::EMPTY));
                let step = if us == Color::White { 8i32 } else { -8 };
                if let Some(one) = Square::try_from(i32::from(from) + step).ok() {
                    if !occupied.contains(one) {
                        r |= Bitboard::from(one);
                        let start = if us == Color::White {
                            Rank::Second
                        } else {
                            Rank::Seventh
                        };
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

/// Why no legal move of `role` (from the file and rank named, if any) reaches `to`. Every reason given holds in
/// the position: a piece named is there, a move said to leave the king in check is one the piece could make
/// but for its king, "nothing to capture" means no opponent's piece (nor an en passant pawn) is there.
fn explain_unreachable(
    pos: &Chess,
    role: Role,
    (file, rank): (Option<File>, Option<Rank>),
    to: Square,
    says_capture: Option<bool>,
) -> MoveInputError {
    let board = pos.board();
    let ours = pos.our(role);
    if ours.is_empty() {
        return MoveInputError::NoSuchPiece { role };
    }
    let on_line =
        |sq: &Square| file.is_none_or(|f| sq.file() == f) && rank.is_none_or(|r| sq.rank() == r);
    let named: Vec<Square> = ours.into_iter().filter(on_line).collect();
    match (file, rank, named.as_slice()) {
        (Some(f), Some(r), []) => {
            let square = Square::from_coords(f, r);
            return match board.piece_at(square) {
                None => MoveInputError::EmptySquare(square),
                Some(p) if p.color != pos.turn() => MoveInputError::WrongSide {
                    square,
                    role: p.role,
                    turn: pos.turn(),
                },
                Some(_) => MoveInputError::NotThere { role, square },
            };
        }
        (Some(f), None, []) => {
            return MoveInputError::NoneOnLine {
                role,
                line: Hint::File(f),
            };
        }
        (None, Some(r), []) => {
            return MoveInputError::NoneOnLine {
                role,
                line: Hint::Rank(r),
            };
        }
        _ => {}
    }
    let enemy_there = board.piece_at(to).is_some_and(|p| p.color != pos.turn())
        || (role == Role::Pawn && pos.maybe_ep_square() == Some(to));
    if says_capture == Some(true) && !enemy_there {
        return MoveInputError::CaptureMismatch {
            to,
            says_capture: true,
        };
    }
    let reachers = pseudo_reachers(pos, role, to) & named.iter().copied().collect::<Bitboard>();
    match reachers.first() {
        Some(f) => {
            let in_check = pos.is_check();
            let pinned = !in_check && role != Role::King && is_pinned(pos, f);
            MoveInputError::KingInCheck {
                role,
                from: f,
                to,
                in_check,
                pinned,
            }
        }
        None => match (named.as_slice(), file, rank) {
            ([one], _, _) => MoveInputError::CannotReach {
                role,
                from: Some(*one),
                to,
            },
            (_, Some(f), None) => MoveInputError::NoneOnLineCanReach {
                role,
                line: Hint::File(f),
                to,
            },
            (_, None, Some(r)) => MoveInputError::NoneOnLineCanReach {
                role,
                line: Hint::Rank(r),
                to,
            },
            _ => MoveInputError::CannotReach {
                role,
                from: None,
                to,
            },
        },
    }
}

fn is_pinned(pos: &Chess, sq: Square) -> bool {
    let Some(king) = pos.board().king_of(pos.turn()) else {
        return false;
    };
    let mut board = pos.board().clone();
    board.discard_piece_at(sq);
    let attackers = board.attacks_to(king, pos.turn().other(), board.occupied());
    !attackers.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::{Phrases, explain};

    fn game(sans: &str) -> Game {
        let mut g = Game::new();
        for s in sans.split_whitespace() {
            g.play_san(s).unwrap();
        }
        g
    }

    fn parse(g: &Game, t: &str) -> Result<Move, MoveInputError> {
        parse_move(g, &Vocabulary::default(), t)
    }

    fn san(g: &Game, t: &str) -> String {
        g.san(parse(g, t).unwrap_or_else(|e| panic!("{t}: {e:?}")))
            .to_string()
    }

    fn err(g: &Game, t: &str) -> String {
        explain(
            &Vocabulary::default(),
            &Phrases::default(),
            &parse(g, t).unwrap_err(),
        )
    }

    #[test]
    fn accepts_san_long_uci_and_words() {
        let g = Game::new();
        for t in [
            "Nf3",
            "g1f3",
            "Ng1-f3",
            "g1-f3",
            "Springer Felix drei",
            "spr fel drei",
            "Sf3",
        ] {
            assert_eq!(san(&g, t), "Nf3", "{t}");
        }
        assert!(
            parse(&g, "nf3").is_err(),
            "lower-case n is not SAN; refused rather than guessed"
        );
        let g = game("e4 e5 Nf3 Nc6 Bc4 Nf6");
        for t in ["0-0", "O-O", "e1g1", "e1h1", "Kurze Rochade"] {
            assert_eq!(san(&g, t), "O-O", "{t}");
        }
        let g = game("e4 d5");
        assert_eq!(san(&g, "ed5"), "exd5");
        assert_eq!(san(&g, "Bauer Eva schlägt David fünf"), "exd5");
    }

    #[test]
    fn refusals_say_why() {
        let g = Game::new();
        assert_eq!(
            err(&g, "Ne5"),
            "Not possible: no Springer can reach Eva fünf"
        );
        assert_eq!(
            err(&g, "e7e5"),
            "Not possible: the Bauer on Eva sieben is Black's, and it is White's turn"
        );
        assert_eq!(
            err(&g, "e3e4"),
            "Not possible: there is no piece on Eva drei"
        );
        assert_eq!(
            err(&g, "Bc4"),
            "Not possible: no Läufer can reach Cesar vier"
        );
        assert_eq!(
            err(&g, "g1e2"),
            "Not possible: the Springer on Gustav eins cannot reach Eva zwei"
        );
        assert!(err(&g, "hello").starts_with("Not understood"));
        let g = game("e4 e5 Nf3 d6 Bb5+");
        assert!(parse(&g, "Nc6").is_ok());
        assert_eq!(
            err(&g, "Nf6"),
            "Not possible: your king is in check, and Springer Gustav acht to Felix sechs does not end the check"
        );
        let g = Game::from_fen("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1").unwrap();
        assert_eq!(
            err(&g, "O-O"),
            "Not possible: Kurze Rochade is not possible now"
        );
        assert_eq!(
            err(&g, "Kf1"),
            "Not possible: your king is in check, and König Eva eins to Felix eins does not end the check"
        );
        let g = Game::from_fen("4k3/8/8/8/8/8/5r2/R3K3 b Q - 0 1").unwrap();
        let g2 = {
            let mut g = g;
            g.play_san("Rf3").unwrap();
            g
        };
        assert_eq!(
            err(&g2, "Kf2"),
            "Not possible: your king would be in check on Felix zwei"
        );
    }

    #[test]
    fn ambiguity_lists_candidates_and_promotion_asks_for_a_piece() {
        let g = Game::from_fen("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1").unwrap();
        assert_eq!(err(&g, "Ne4"), "Which Springer: Cesar or Gustav?");
        assert_eq!(
            err(&g, "Springer Eva vier"),
            "Which Springer: Cesar or Gustav?"
        );
        assert_eq!(san(&g, "Nce4"), "Nce4");
        assert_eq!(san(&g, "Springer Cesar Eva vier"), "Nce4");
        let g = Game::from_fen("4k3/8/8/6N1/8/6N1/8/4K3 w - - 0 1").unwrap();
        assert_eq!(err(&g, "Ne4"), "Which Springer: drei or fünf?");
        let p = Game::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let ask = "Which piece for the pawn on Anna acht: Dame, Turm, Läufer or Springer?";
        assert_eq!(err(&p, "a8"), ask);
        assert_eq!(err(&p, "a7a8"), ask);
        assert_eq!(err(&p, "Bauer Anna acht"), ask);
        assert_eq!(san(&p, "a7a8n"), "a8=N");
        assert_eq!(san(&p, "a8=R"), "a8=R+");
        assert_eq!(san(&p, "Bauer Anna acht Turm"), "a8=R+");
    }

    #[test]
    fn pinned_piece_and_capture_mismatch() {
        let g = Game::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
        assert_eq!(
            err(&g, "Bd3"),
            "Not possible: the Läufer on Eva zwei is pinned to your king"
        );
        let g = Game::new();
        assert_eq!(
            err(&g, "Nxf3"),
            "Not possible: there is nothing to capture on Felix drei"
        );
        assert_eq!(
            err(&g, "Springer schlägt Felix drei"),
            "Not possible: there is nothing to capture on Felix drei"
        );
    }

    /// A line that reads as a move in any built-in notation is a move, whatever vocabulary
    /// was chosen; piece words with written squares; the capture sign left out (R-C.9).
    #[test]
    fn mixed_forms_and_every_builtin_notation_are_read() {
        let g = Game::new();
        for vocabulary in Vocabulary::builtins() {
            let name = &vocabulary.name;
            let read = |t: &str| {
                parse_move(&g, vocabulary, t)
                    .map(|m| g.san(m).to_string())
                    .unwrap_or_else(|e| panic!("{name}: {t}: {e:?}"))
            };
            for t in [
                "Nf3",
                "Knight f3",
                "knight Felix three",
                "Springer f3",
                "Springer Felix drei",
                "Ιζ3",
                "Ίππος ζ3",
                "Ίππος ζήτα τρία",
                "Sf3",
                "Sg1f3",
            ] {
                assert_eq!(read(t), "Nf3", "{name}: {t}");
            }
            for t in ["e4", "ε4", "ε2ε4", "Pawn e4", "Bauer e4", "Πιόνι ε4"] {
                assert_eq!(read(t), "e4", "{name}: {t}");
            }
            // Reads as a move that cannot be played: a move entry with its reason, not "not understood".
            let e = parse_move(&g, vocabulary, "Knight f5").unwrap_err();
            assert!(
                matches!(e, MoveInputError::CannotReach { .. }),
                "{name}: {e:?}"
            );
            assert!(e.reads_as_move());
            // Command lines stay commands: they do not read as moves.
            for t in [
                "knights f3",
                "square e4",
                "hello world",
                "rank e4",
                "check e4",
            ] {
                let e = parse_move(&g, vocabulary, t).unwrap_err();
                assert!(!e.reads_as_move(), "{name}: {t}: {e:?}");
            }
        }
        // The capture sign may be left out (R-C.9), never claimed for a move that captures nothing.
        let g = Game::from_fen("4k3/8/8/q2n4/4P3/8/3B4/4K3 w - - 0 1").unwrap();
        for (t, want) in [
            ("Ba5", "Bxa5"),
            ("Bd2a5", "Bxa5"),
            ("d2a5", "Bxa5"),
            ("Läufer Anna fünf", "Bxa5"),
            ("ed5", "exd5"),
            ("e4d5", "exd5"),
            ("εδ5", "exd5"),
            ("Bauer Eva David fünf", "exd5"),
        ] {
            assert_eq!(san(&g, t), want, "{t}");
        }
        assert_eq!(
            err(&g, "Bxb4"),
            "Not possible: there is nothing to capture on Bella vier"
        );
    }

    /// Every command word of every language, followed by a square, stays a command: it never reads as a move
    /// (the session gives a line that reads as a move to the move entry before any command).
    #[test]
    fn no_command_with_a_square_reads_as_a_move() {
        let g = Game::new();
        for (lang, _) in crate::words::phrases::BUILTIN {
            let p = Phrases::builtin(lang).unwrap();
            for row in crate::words::commands::commands() {
                // `?` is no word: the line "? f3" is the move f3 (the session gives `?` alone to help).
                for word in p
                    .get(&row.words_key())
                    .split_whitespace()
                    .filter(|w| *w != "?")
                {
                    for vocabulary in Vocabulary::builtins() {
                        for arg in ["f3", "e4", "Nf3", "white", "1"] {
                            let t = format!("{word} {arg}");
                            if let Err(e) = parse_move(&g, vocabulary, &t) {
                                assert!(
                                    !e.reads_as_move(),
                                    "{lang} {}: {t}: {e:?}",
                                    vocabulary.name
                                );
                            } else {
                                panic!("{lang} {}: {t} reads as a move", vocabulary.name);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn other_languages_and_vocabularies() {
        let g = Game::new();
        let greek = Vocabulary::builtin("greek").unwrap();
        let el = Phrases::builtin("el").unwrap();
        assert_eq!(
            g.san(parse_move(&g, &greek, "Ιζ3").unwrap()).to_string(),
            "Nf3"
        );
        assert_eq!(
            g.san(parse_move(&g, &greek, "ε4").unwrap()).to_string(),
            "e4"
        );
        assert_eq!(
            g.san(parse_move(&g, &greek, "Πιόνι έψιλον τέσσερα").unwrap())
                .to_string(),
            "e4"
        );
        let e = parse_move(&g, &greek, "Ιε5").unwrap_err();
        assert_eq!(
            explain(&greek, &el, &e),
            "Δεν είναι δυνατό: κανένας Ίππος δεν φτάνει στο έψιλον πέντε"
        );
        let english = Vocabulary::builtin("english").unwrap();
        let de = Phrases::builtin("de").unwrap();
        assert_eq!(
            g.san(parse_move(&g, &english, "knight felix three").unwrap())
                .to_string(),
            "Nf3"
        );
        let e = parse_move(&g, &english, "Knight Eva five").unwrap_err();
        assert_eq!(
            explain(&english, &de, &e),
            "Nicht möglich: keine Figur der Art Knight kann Eva five erreichen"
        );
    }
}
