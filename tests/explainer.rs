//! The reason a refused move is given must hold in the position (a player told a wrong reason is misled): a property
//! over generated wrong inputs (wrong piece, wrong square, capture onto nothing, pinned pieces, moving into check, the
//! wrong side, wrong disambiguation), written as SAN, long algebraic, UCI and Appendix D words. Every refusal is
//! checked against the position by rules independent of the reader: a piece said to be there is there, a
//! move said to leave the king in check does, a piece said to be pinned is, "nothing to capture" means no
//! opponent's piece stands there, and "cannot reach" means no legal move does it.

use hector::rules::Game;
use hector::words::input::{Hint, MoveInputError};
use hector::words::{Vocabulary, parse_move};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{
    Bitboard, Board, Chess, Color, File, Move, Piece, Position, Rank, Role, Square, attacks,
};

const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// A position after a random game of up to 60 plies.
fn position(rng: &mut ChaCha8Rng) -> Game {
    let mut g = Game::new();
    let plies = rng.gen_range(0..60);
    for _ in 0..plies {
        let moves = g.legal_moves();
        let Some(m) = moves.choose(rng) else { break };
        if g.play(*m).is_err() || g.is_over() {
            break;
        }
    }
    g
}

fn san_letter(role: Role) -> &'static str {
    match role {
        Role::King => "K",
        Role::Queen => "Q",
        Role::Rook => "R",
        Role::Bishop => "B",
        Role::Knight => "N",
        Role::Pawn => "",
    }
}

/// Wrong inputs for this position: every pseudo-move that is not legal, moves of the wrong side, pieces
/// named wrongly, captures onto nothing, wrong disambiguations, plus random texts.
fn wrong_inputs(g: &Game, rng: &mut ChaCha8Rng) -> Vec<String> {
    let pos = g.position();
    let board = pos.board();
    let mut out = Vec::new();
    let squares: Vec<Square> = Square::ALL.to_vec();
    for _ in 0..12 {
        let from = *squares.choose(rng).unwrap();
        let to = *squares.choose(rng).unwrap();
        let role = *ROLES.choose(rng).unwrap();
        let x = if rng.gen_bool(0.3) { "x" } else { "" };
        // Random long algebraic and UCI, with or without a piece letter.
        out.push(format!("{from}{to}"));
        out.push(format!("{}{from}{x}{to}", san_letter(role)));
        // Random SAN with a file, rank or no disambiguation.
        let dis = match rng.gen_range(0..3) {
            0 => String::new(),
            1 => from.file().char().to_string(),
            _ => from.rank().char().to_string(),
        };
        out.push(format!("{}{dis}{x}{to}", san_letter(role)));
        if role == Role::Pawn {
            out.push(format!("{}{x}{to}", from.file().char()));
        }
    }
    // Each own piece to each square it attacks (pseudo-moves: pins, moving into check).
    for from in pos.us() {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        let targets = attacks::attacks(from, piece, board.occupied()) & !pos.us();
        for to in targets {
            let x = if board.piece_at(to).is_some() {
                "x"
            } else {
                ""
            };
            out.push(format!("{}{from}{x}{to}", san_letter(piece.role)));
            out.push(format!("{}{x}{to}", san_letter(piece.role)));
        }
    }
    // Legal moves made wrong: the capture sign added to a quiet move, the wrong piece letter, and the same
    // move by the other side's pieces.
    for m in g.legal_moves() {
        let san = g.san(m).to_string();
        if !m.is_capture() && !m.is_castle() && m.role() != Role::Pawn {
            out.push(format!("{}x{}", san_letter(m.role()), m.to()));
        }
        let wrong = *ROLES.choose(rng).unwrap();
        if wrong != m.role() && !m.is_castle() {
            out.push(format!("{}{}", san_letter(wrong), m.to()));
        }
        out.push(san.replace('+', "").replace('#', ""));
    }
    for from in pos.them() {
        let to = *squares.choose(rng).unwrap();
        out.push(format!("{from}{to}"));
    }
    out
}

/// The board after playing `from` to `to` without asking whether it is legal (captures remove the piece; an en
/// passant capture removes the pawn passed).
fn after_unchecked(pos: &Chess, from: Square, to: Square) -> Board {
    let mut b = pos.board().clone();
    let piece = b.remove_piece_at(from).expect("a piece on from");
    if piece.role == Role::Pawn && from.file() != to.file() && b.piece_at(to).is_none() {
        let _ = b.remove_piece_at(Square::from_coords(to.file(), from.rank()));
    }
    b.set_piece_at(to, piece);
    b
}

fn king_attacked(board: &Board, us: Color) -> bool {
    let Some(king) = board.king_of(us) else {
        return false;
    };
    !board
        .attacks_to(king, us.other(), board.occupied())
        .is_empty()
}

fn on_line(sq: Square, line: Hint) -> bool {
    match line {
        Hint::File(f) => sq.file() == f,
        Hint::Rank(r) => sq.rank() == r,
        Hint::Square(s) => sq == s,
    }
}

/// Whether the reason holds in the position; `Err` says what is false.
fn holds(g: &Game, text: &str, e: &MoveInputError) -> Result<(), String> {
    let pos = g.position();
    let board = pos.board();
    let us = pos.turn();
    let legal = g.legal_moves();
    let own = |role: Role| board.by_piece(Piece { color: us, role });
    let legal_to = |role: Role, to: Square, from: Option<Square>| {
        legal.iter().any(|m: &Move| {
            m.role() == role
                && m.to() == to
                && !m.is_castle()
                && from.is_none_or(|f| m.from() == Some(f))
        })
    };
    let fail = |what: &str| Err(format!("{text:?} in {}: {what}: {e:?}", g.fen()));
    match e {
        MoveInputError::NotAMove(_)
        | MoveInputError::AmbiguousWord { .. }
        | MoveInputError::GameOver => Ok(()),
        MoveInputError::NoSuchPiece { role } => {
            if own(*role).is_empty() {
                Ok(())
            } else {
                fail("the side has that piece")
            }
        }
        MoveInputError::EmptySquare(s) => {
            if board.piece_at(*s).is_none() {
                Ok(())
            } else {
                fail("the square is not empty")
            }
        }
        MoveInputError::WrongSide { square, role, turn } => {
            if *turn == us
                && board.piece_at(*square)
                    == Some(Piece {
                        color: us.other(),
                        role: *role,
                    })
            {
                Ok(())
            } else {
                fail("the piece is not the other side's")
            }
        }
        MoveInputError::NotThere { role, square } => {
            if board.piece_at(*square)
                != Some(Piece {
                    color: us,
                    role: *role,
                })
            {
                Ok(())
            } else {
                fail("the piece is there")
            }
        }
        MoveInputError::NoneOnLine { role, line } => {
            if own(*role).into_iter().any(|s| on_line(s, *line)) {
                fail("a piece of that kind is on the line")
            } else {
                Ok(())
            }
        }
        MoveInputError::NoneOnLineCanReach { role, line, to } => {
            let any = own(*role)
                .into_iter()
                .filter(|s| on_line(*s, *line))
                .any(|s| legal_to(*role, *to, Some(s)));
            if any {
                fail("a piece on the line can reach")
            } else {
                Ok(())
            }
        }
        MoveInputError::CannotReach {
            role,
            from: Some(f),
            to,
        } => {
            if board.piece_at(*f)
                != Some(Piece {
                    color: us,
                    role: *role,
                })
            {
                return fail("no such piece on from");
            }
            if legal_to(*role, *to, Some(*f)) {
                return fail("it can reach");
            }
            // Not even leaving the king aside: a piece said unable to reach is not merely pinned.
            let piece = Piece {
                color: us,
                role: *role,
            };
            let pseudo = *role != Role::Pawn
                && (attacks::attacks(*f, piece, board.occupied()) & !pos.us()).contains(*to);
            if pseudo {
                fail("it reaches but for its king")
            } else {
                Ok(())
            }
        }
        MoveInputError::CannotReach {
            role,
            from: None,
            to,
        } => {
            if legal_to(*role, *to, None) {
                fail("a piece can reach")
            } else {
                Ok(())
            }
        }
        MoveInputError::KingInCheck {
            role,
            from,
            to,
            in_check,
            pinned,
        } => {
            if board.piece_at(*from)
                != Some(Piece {
                    color: us,
                    role: *role,
                })
            {
                return fail("no such piece on from");
            }
            if legal
                .iter()
                .any(|m| m.from() == Some(*from) && m.to() == *to && !m.is_castle())
            {
                return fail("the move is legal");
            }
            if !king_attacked(&after_unchecked(pos, *from, *to), us) {
                return fail("the king is not in check after it");
            }
            if *in_check != pos.is_check() {
                return fail("in check is wrong");
            }
            if *pinned {
                let mut b = board.clone();
                b.discard_piece_at(*from);
                if !king_attacked(&b, us) {
                    return fail("the piece is not pinned");
                }
            }
            Ok(())
        }
        MoveInputError::PromotionNeeded { from, to } => {
            if legal
                .iter()
                .any(|m| m.from() == Some(*from) && m.to() == *to && m.is_promotion())
            {
                Ok(())
            } else {
                fail("no promotion there")
            }
        }
        MoveInputError::CaptureMismatch {
            to,
            says_capture: true,
        } => {
            let enemy = board.piece_at(*to).is_some_and(|p| p.color != us);
            // En passant is a pawn's capture: a SAN pawn move ("bxa3"), or squares whose first holds our pawn
            // ("b4xa3"; "e8xa3" with the king on e8 captures nothing there).
            let from_square = text
                .get(..2)
                .and_then(|t| t.parse::<Square>().ok())
                .filter(|_| text.len() >= 4);
            let pawn_moves = match from_square {
                Some(f) => {
                    board.piece_at(f)
                        == Some(Piece {
                            color: us,
                            role: Role::Pawn,
                        })
                }
                None => text.chars().next().is_some_and(|c| c.is_ascii_lowercase()),
            };
            let ep = pos.maybe_ep_square() == Some(*to) && pawn_moves;
            if enemy || ep {
                fail("there is something to capture")
            } else {
                Ok(())
            }
        }
        MoveInputError::CaptureMismatch {
            to,
            says_capture: false,
        } => {
            if legal.iter().any(|m| m.to() == *to && m.is_capture()) {
                Ok(())
            } else {
                fail("no capture there")
            }
        }
        MoveInputError::CannotCastle(side) => {
            if pos.castling_moves(*side).is_empty() {
                Ok(())
            } else {
                fail("castling is possible")
            }
        }
        MoveInputError::Ambiguous { role, options } => {
            let n = legal.iter().filter(|m| m.role() == *role).count();
            if options.len() >= 2 && n >= 2 {
                Ok(())
            } else {
                fail("not ambiguous")
            }
        }
    }
}

fn check_position(g: &Game, rng: &mut ChaCha8Rng) -> Result<usize, String> {
    let vocabulary = Vocabulary::default();
    let mut refused = 0;
    for text in wrong_inputs(g, rng) {
        if let Err(e) = parse_move(g, &vocabulary, &text) {
            refused += 1;
            holds(g, &text, &e)?;
        }
    }
    Ok(refused)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn every_reason_given_holds_in_the_position(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let g = position(&mut rng);
        let refused = check_position(&g, &mut rng).map_err(TestCaseError::fail)?;
        prop_assert!(refused > 0, "some inputs were wrong");
    }
}

/// Positions made for pins, checks and doubled pieces, where wrong reasons were said before.
#[test]
fn reasons_hold_in_pins_checks_and_doubled_pieces() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for fen in [
        // After 1.e4 Nf6: exd4 must not be explained by d2-d4.
        "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2",
        "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
        "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "k7/8/8/KPp4r/8/8/8/8 w - c6 0 2",
        "4k3/8/8/8/8/R7/R7/4K3 w - - 0 1",
        "4k3/8/8/8/8/6B1/8/4K1B1 w - - 0 1",
        "4k3/8/8/8/2N1N3/8/2N5/4K3 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    ] {
        let g = Game::from_fen(fen).unwrap();
        check_position(&g, &mut rng).unwrap_or_else(|e| panic!("{e}"));
    }
    let g = Game::from_fen("rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2").unwrap();
    for text in ["exd4", "Bauer Eva schlägt David vier"] {
        let e = parse_move(&g, &Vocabulary::default(), text).unwrap_err();
        assert!(
            !matches!(e, MoveInputError::KingInCheck { .. }),
            "{text}: {e:?}"
        );
    }
    let greek = Vocabulary::builtin("greek").unwrap();
    let e = parse_move(&g, &greek, "εδ4").unwrap_err();
    holds(&g, "εδ4", &e).unwrap();
    assert!(!matches!(e, MoveInputError::KingInCheck { .. }), "{e:?}");
}

#[test]
fn the_checker_catches_a_false_reason() {
    // The old reason for exd4 after 1.e4 Nf6 is found false: the checker can fail.
    let g = Game::from_fen("rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2").unwrap();
    let old = MoveInputError::KingInCheck {
        role: Role::Pawn,
        from: Square::D2,
        to: Square::D4,
        in_check: false,
        pinned: false,
    };
    assert!(holds(&g, "exd4", &old).is_err());
    let _ = (Bitboard::EMPTY, File::A, Rank::First);
}
