//! Exploring the board from a square: pure functions of the position, the square and the words, each giving
//! the text that is spoken and shown. One implementation for both faces: the full-screen view's keys and the
//! line-mode commands (`rank`, `file`, `diagonals`, `lines`, `knights`, `attackers`, `legal`, `pieces`, `pawns`,
//! `material`, `turn`).

use shakmaty::{Bitboard, Board, Chess, Color, File, Piece, Position, Rank, Role, Square, attacks};

use crate::rules::Game;
use crate::words::{Phrases, Vocabulary, explain};

/// The order pieces are listed in: king to pawn.
pub const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// A direction on the board as the player sees it: `(file step, rank step)` seen from White; the view turns
/// it for Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub file: i32,
    pub rank: i32,
    /// The phrase key of its name ("screen.dir.up_left").
    pub name: &'static str,
}

const UP: Step = Step {
    file: 0,
    rank: 1,
    name: "screen.dir.up",
};
const DOWN: Step = Step {
    file: 0,
    rank: -1,
    name: "screen.dir.down",
};
const LEFT: Step = Step {
    file: -1,
    rank: 0,
    name: "screen.dir.left",
};
const RIGHT: Step = Step {
    file: 1,
    rank: 0,
    name: "screen.dir.right",
};
const UP_LEFT: Step = Step {
    file: -1,
    rank: 1,
    name: "screen.dir.up_left",
};
const UP_RIGHT: Step = Step {
    file: 1,
    rank: 1,
    name: "screen.dir.up_right",
};
const DOWN_LEFT: Step = Step {
    file: -1,
    rank: -1,
    name: "screen.dir.down_left",
};
const DOWN_RIGHT: Step = Step {
    file: 1,
    rank: -1,
    name: "screen.dir.down_right",
};

/// The square one step away as the player sees the board (`orientation` at the bottom), if on the board.
pub fn step(sq: Square, file: i32, rank: i32, orientation: Color) -> Option<Square> {
    let (f, r) = if orientation == Color::White {
        (file, rank)
    } else {
        (-file, -rank)
    };
    let file = sq.file().offset(f)?;
    let rank = sq.rank().offset(r)?;
    Some(Square::from_coords(file, rank))
}

fn side(p: &Phrases, c: Color) -> String {
    explain::side(p, c)
}

/// "White Bauer".
pub fn piece_name(v: &Vocabulary, p: &Phrases, piece: Piece) -> String {
    p.say(
        "screen.piece",
        &[
            ("side", &side(p, piece.color)),
            ("piece", v.piece(piece.role)),
        ],
    )
}

/// "Eva vier White Bauer" or "Eva vier".
fn square_with_piece(board: &Board, sq: Square, v: &Vocabulary, p: &Phrases) -> String {
    match board.piece_at(sq) {
        Some(piece) => p.say(
            "screen.occupied",
            &[
                ("square", &v.square(sq)),
                ("piece", &piece_name(v, p, piece)),
            ],
        ),
        None => v.square(sq),
    }
}

fn list_or_none(p: &Phrases, items: Vec<String>) -> String {
    if items.is_empty() {
        p.get("screen.none").to_string()
    } else {
        items.join(", ")
    }
}

/// The focused square and what stands on it: "Eva vier: White Bauer", "Eva vier: empty".
pub fn square(pos: &Chess, sq: Square, v: &Vocabulary, p: &Phrases) -> String {
    match pos.board().piece_at(sq) {
        Some(piece) => p.say(
            "square.piece",
            &[
                ("square", &v.square(sq)),
                ("side", &side(p, piece.color)),
                ("piece", v.piece(piece.role)),
            ],
        ),
        None => p.say("square.empty", &[("square", &v.square(sq))]),
    }
}

/// The pieces on the focus's rank, from the a-file to the h-file.
pub fn rank(pos: &Chess, focus: Square, v: &Vocabulary, p: &Phrases) -> String {
    let board = pos.board();
    let items: Vec<String> = File::ALL
        .iter()
        .map(|f| Square::from_coords(*f, focus.rank()))
        .filter(|sq| board.piece_at(*sq).is_some())
        .map(|sq| square_with_piece(board, sq, v, p))
        .collect();
    let pieces = if items.is_empty() {
        p.get("screen.empty_line").to_string()
    } else {
        items.join(", ")
    };
    p.say(
        "screen.rank",
        &[("rank", v.rank(focus.rank())), ("pieces", &pieces)],
    )
}

/// The pieces on the focus's file, from the first rank to the eighth.
pub fn file(pos: &Chess, focus: Square, v: &Vocabulary, p: &Phrases) -> String {
    let board = pos.board();
    let items: Vec<String> = Rank::ALL
        .iter()
        .map(|r| Square::from_coords(focus.file(), *r))
        .filter(|sq| board.piece_at(*sq).is_some())
        .map(|sq| square_with_piece(board, sq, v, p))
        .collect();
    let pieces = if items.is_empty() {
        p.get("screen.empty_line").to_string()
    } else {
        items.join(", ")
    };
    p.say(
        "screen.file",
        &[("file", v.file(focus.file())), ("pieces", &pieces)],
    )
}

/// The squares from the focus in one direction, up to and including the first piece.
pub fn ray(board: &Board, focus: Square, s: Step, orientation: Color) -> Vec<Square> {
    let mut out = Vec::new();
    let mut at = focus;
    while let Some(next) = step(at, s.file, s.rank, orientation) {
        out.push(next);
        if board.piece_at(next).is_some() {
            break;
        }
        at = next;
    }
    out
}

fn rays(
    pos: &Chess,
    focus: Square,
    steps: [Step; 4],
    key: &str,
    orientation: Color,
    v: &Vocabulary,
    p: &Phrases,
) -> String {
    let board = pos.board();
    let parts: Vec<String> = steps
        .iter()
        .filter_map(|s| {
            let squares = ray(board, focus, *s, orientation);
            (!squares.is_empty()).then(|| {
                let said: Vec<String> = squares
                    .iter()
                    .map(|sq| square_with_piece(board, *sq, v, p))
                    .collect();
                p.say(
                    "screen.ray",
                    &[("direction", p.get(s.name)), ("squares", &said.join(", "))],
                )
            })
        })
        .collect();
    let rays = if parts.is_empty() {
        p.get("screen.none").to_string()
    } else {
        parts.join("; ")
    };
    p.say(key, &[("square", &v.square(focus)), ("rays", &rays)])
}

/// The four diagonals from the focus as the player sees them, each up to the first piece.
pub fn diagonals(
    pos: &Chess,
    focus: Square,
    orientation: Color,
    v: &Vocabulary,
    p: &Phrases,
) -> String {
    rays(
        pos,
        focus,
        [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT],
        "screen.diagonals",
        orientation,
        v,
        p,
    )
}

/// The rank and file lines from the focus, each up to the first piece.
pub fn lines(
    pos: &Chess,
    focus: Square,
    orientation: Color,
    v: &Vocabulary,
    p: &Phrases,
) -> String {
    rays(
        pos,
        focus,
        [UP, DOWN, LEFT, RIGHT],
        "screen.lines",
        orientation,
        v,
        p,
    )
}

/// The squares a knight on the focus would reach, in board order, with what stands on them.
pub fn knight_squares(pos: &Chess, focus: Square, v: &Vocabulary, p: &Phrases) -> String {
    let board = pos.board();
    let items: Vec<String> = attacks::knight_attacks(focus)
        .into_iter()
        .map(|sq| square_with_piece(board, sq, v, p))
        .collect();
    p.say(
        "screen.knight",
        &[("square", &v.square(focus)), ("squares", &items.join(", "))],
    )
}

/// The pieces of `color` that attack `sq` (a pinned piece counts: it still defends and gives check).
pub fn attackers_of(board: &Board, sq: Square, color: Color) -> Vec<Square> {
    board
        .attacks_to(sq, color, board.occupied())
        .into_iter()
        .collect()
}

fn named(board: &Board, squares: &[Square], v: &Vocabulary, p: &Phrases) -> String {
    let items: Vec<String> = squares
        .iter()
        .filter_map(|sq| {
            let piece = board.piece_at(*sq)?;
            Some(p.say(
                "screen.piece_on",
                &[("piece", v.piece(piece.role)), ("square", &v.square(*sq))],
            ))
        })
        .collect();
    list_or_none(p, items)
}

/// What attacks and what defends the focus square. On an empty square: which pieces of each side reach it.
pub fn attackers(pos: &Chess, focus: Square, v: &Vocabulary, p: &Phrases) -> String {
    let board = pos.board();
    match board.piece_at(focus) {
        Some(piece) => {
            let attacking = attackers_of(board, focus, piece.color.other());
            let defending = attackers_of(board, focus, piece.color);
            p.say(
                "screen.attack.piece",
                &[
                    ("target", &square_with_piece(board, focus, v, p)),
                    ("attackers", &named(board, &attacking, v, p)),
                    ("defenders", &named(board, &defending, v, p)),
                ],
            )
        }
        None => {
            let white = attackers_of(board, focus, Color::White);
            let black = attackers_of(board, focus, Color::Black);
            p.say(
                "screen.attack.empty",
                &[
                    ("square", &v.square(focus)),
                    ("white_side", &side(p, Color::White)),
                    ("white", &named(board, &white, v, p)),
                    ("black_side", &side(p, Color::Black)),
                    ("black", &named(board, &black, v, p)),
                ],
            )
        }
    }
}

/// The legal moves of the piece on the focus, as target squares (promotions and castling included once).
pub fn legal_targets(game: &Game, focus: Square) -> Vec<Square> {
    let mut out: Vec<Square> = Vec::new();
    for m in game.legal_moves() {
        if m.from() != Some(focus) {
            continue;
        }
        // Castling: the king's destination, as the player moves the king (standard chess).
        let to = match m.castling_side() {
            Some(side) if !game.is_chess960() => {
                Square::from_coords(side.king_to_file(), m.to().rank())
            }
            _ => m.to(),
        };
        if !out.contains(&to) {
            out.push(to);
        }
    }
    out
}

/// Where the piece on the focus can go now.
pub fn legal_moves(game: &Game, focus: Square, v: &Vocabulary, p: &Phrases) -> String {
    let pos = game.position();
    let board = pos.board();
    let Some(piece) = board.piece_at(focus) else {
        return p.say("square.empty", &[("square", &v.square(focus))]);
    };
    let args = |extra: &[(&'static str, String)]| {
        let mut a: Vec<(&str, String)> = vec![
            ("piece", v.piece(piece.role).to_string()),
            ("square", v.square(focus)),
        ];
        a.extend(extra.iter().cloned());
        a
    };
    let say = |key: &str, a: Vec<(&str, String)>| {
        let refs: Vec<(&str, &str)> = a.iter().map(|(k, s)| (*k, s.as_str())).collect();
        p.say(key, &refs)
    };
    if piece.color != pos.turn() {
        return say(
            "screen.moves.not_turn",
            args(&[
                ("owner", side(p, piece.color)),
                ("turn", side(p, pos.turn())),
            ]),
        );
    }
    let targets = legal_targets(game, focus);
    if targets.is_empty() {
        return say("screen.moves.none", args(&[]));
    }
    let said: Vec<String> = targets
        .iter()
        .map(|sq| square_with_piece(board, *sq, v, p))
        .collect();
    say("screen.moves.from", args(&[("targets", said.join(", "))]))
}

/// All pieces of one side, king to pawn: "White: König Eva eins; Dame David eins; ...".
pub fn pieces(pos: &Chess, color: Color, v: &Vocabulary, p: &Phrases) -> String {
    let board = pos.board();
    let mut groups = Vec::new();
    for role in ROLES {
        let squares: Vec<String> = (board.by_color(color) & board.by_role(role))
            .into_iter()
            .map(|s| v.square(s))
            .collect();
        if !squares.is_empty() {
            groups.push(format!("{} {}", v.piece(role), squares.join(", ")));
        }
    }
    let list = if groups.is_empty() {
        p.get("screen.none").to_string()
    } else {
        groups.join("; ")
    };
    p.say(
        "board.side",
        &[("side", &side(p, color)), ("pieces", &list)],
    )
}

/// The pawns file by file: "Anna: White zwei, Black sieben; ...".
pub fn pawns(pos: &Chess, v: &Vocabulary, p: &Phrases) -> String {
    let board = pos.board();
    let pawns = board.pawns();
    let mut files = Vec::new();
    for f in File::ALL {
        let on_file = pawns & Bitboard::from_file(f);
        if on_file.is_empty() {
            continue;
        }
        let items: Vec<String> = on_file
            .into_iter()
            .filter_map(|sq| {
                let piece = board.piece_at(sq)?;
                Some(p.say(
                    "screen.pawn",
                    &[("side", &side(p, piece.color)), ("rank", v.rank(sq.rank()))],
                ))
            })
            .collect();
        files.push(p.say(
            "screen.pawns.file",
            &[("file", v.file(f)), ("pawns", &items.join(", "))],
        ));
    }
    if files.is_empty() {
        return p.get("screen.pawns.none").to_string();
    }
    p.say("screen.pawns", &[("files", &files.join("; "))])
}

/// The usual piece values: pawn 1, knight and bishop 3, rook 5, queen 9.
pub fn value(role: Role) -> u32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// Points of material of one side.
pub fn points(board: &Board, color: Color) -> u32 {
    ROLES
        .iter()
        .map(|r| (board.by_color(color) & board.by_role(*r)).count() as u32 * value(*r))
        .sum()
}

/// Material of both sides: the pieces counted and the points, and who is ahead.
pub fn material(pos: &Chess, v: &Vocabulary, p: &Phrases) -> String {
    let board = pos.board();
    let count = |color: Color| {
        let items: Vec<String> = ROLES[1..]
            .iter()
            .filter_map(|r| {
                let n = (board.by_color(color) & board.by_role(*r)).count();
                (n > 0).then(|| {
                    p.say(
                        "screen.count",
                        &[("piece", v.piece(*r)), ("n", &n.to_string())],
                    )
                })
            })
            .collect();
        list_or_none(p, items)
    };
    let (w, b) = (points(board, Color::White), points(board, Color::Black));
    let balance = if w == b {
        p.get("screen.material.equal").to_string()
    } else {
        let (ahead, by) = if w > b {
            (Color::White, w - b)
        } else {
            (Color::Black, b - w)
        };
        p.say(
            "screen.material.ahead",
            &[("side", &side(p, ahead)), ("n", &by.to_string())],
        )
    };
    p.say(
        "screen.material",
        &[
            ("white_side", &side(p, Color::White)),
            ("white", &count(Color::White)),
            ("white_points", &w.to_string()),
            ("black_side", &side(p, Color::Black)),
            ("black", &count(Color::Black)),
            ("black_points", &b.to_string()),
            ("balance", &balance),
        ],
    )
}

/// Whose turn it is, and whether that side is in check.
pub fn turn(pos: &Chess, p: &Phrases) -> String {
    let key = if pos.is_check() {
        "screen.turn_check"
    } else {
        "board.turn"
    };
    p.say(key, &[("side", &side(p, pos.turn()))])
}

/// The next square after `from` (in a1..h8 order, wrapping) holding a piece of this colour and role.
pub fn next_piece(board: &Board, from: Square, piece: Piece) -> Option<Square> {
    let set = board.by_piece(piece);
    let start = usize::from(from);
    (1..=64)
        .map(|i| Square::new(((start + i) % 64) as u32))
        .find(|sq| set.contains(*sq))
}

/// "White has no Dame".
pub fn no_piece(v: &Vocabulary, p: &Phrases, piece: Piece) -> String {
    p.say(
        "screen.no_piece",
        &[
            ("side", &side(p, piece.color)),
            ("piece", v.piece(piece.role)),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn words() -> (Vocabulary, Phrases) {
        (Vocabulary::default(), Phrases::default())
    }

    /// White: Ke1, Qd1, Rh1, Nc3, Bf4, pawns e4 d4. Black: Ke8, Nf6, Bb4, Rd8, pawns e5 d5.
    const MIDDLE: &str = "3rk3/8/5n2/3pp3/1b1PPB2/2N5/8/3QK2R w K - 0 1";

    #[test]
    fn attackers_and_defenders_of_a_piece() {
        let (v, p) = words();
        let pos = pos(MIDDLE);
        let board = pos.board();
        // e4 is attacked by the pawn d5 and the knight f6, and defended by the knight c3 only.
        assert_eq!(
            attackers_of(board, Square::E4, Color::Black),
            vec![Square::D5, Square::F6]
        );
        assert_eq!(
            attackers_of(board, Square::E4, Color::White),
            vec![Square::C3]
        );
        // The knight c3 is attacked by the bishop b4 and defended by nothing.
        assert_eq!(
            attackers_of(board, Square::C3, Color::Black),
            vec![Square::B4]
        );
        assert!(attackers_of(board, Square::C3, Color::White).is_empty());
        assert_eq!(
            attackers(&pos, Square::C3, &v, &p),
            "Cesar drei White Springer: attacked by Läufer Bella vier; defended by none"
        );
        // d4 is defended by the queen d1 (through the empty d2, d3) and attacked by the pawn e5 only: the rook
        // d8 stands behind the pawn d5.
        assert_eq!(
            attackers_of(board, Square::D4, Color::Black),
            vec![Square::E5]
        );
        assert_eq!(
            attackers_of(board, Square::D4, Color::White),
            vec![Square::D1]
        );
    }

    #[test]
    fn an_empty_square_is_reached_by_both_sides() {
        let (v, p) = words();
        let pos = pos(MIDDLE);
        // d3: White queen d1 (d2 empty); Black bishop? b4-c3 is blocked by the knight. None for Black... the
        // pawn e4 does not attack backwards. d3 for Black: nothing.
        assert_eq!(
            attackers(&pos, Square::D3, &v, &p),
            "David drei: reached by White Dame David eins; by Black none"
        );
        // g4: the Black knight f6, and the White queen d1 along the empty e2-f3 diagonal; the bishop f4 and the
        // rook h1 do not reach it.
        assert_eq!(
            attackers_of(pos.board(), Square::G4, Color::Black),
            vec![Square::F6]
        );
        assert_eq!(
            attackers_of(pos.board(), Square::G4, Color::White),
            vec![Square::D1]
        );
    }

    #[test]
    fn knight_squares_from_a_corner_and_the_centre() {
        let (v, p) = words();
        let start = Chess::default();
        assert_eq!(
            knight_squares(&start, Square::A1, &v, &p),
            "A knight on Anna eins reaches Cesar zwei White Bauer, Bella drei"
        );
        assert_eq!(attacks::knight_attacks(Square::E4).count(), 8);
        assert_eq!(
            knight_squares(&start, Square::H8, &v, &p),
            "A knight on Hector acht reaches Gustav sechs, Felix sieben Black Bauer"
        );
    }

    #[test]
    fn diagonals_stop_at_the_first_piece() {
        let (v, p) = words();
        let pos = pos(MIDDLE);
        // From f4 (White bishop): up-left e5 (Black pawn); up-right g5, h6; down-left e3, d2, c1;
        // down-right g3, h2.
        let board = pos.board();
        assert_eq!(
            ray(board, Square::F4, UP_LEFT, Color::White),
            vec![Square::E5]
        );
        assert_eq!(
            ray(board, Square::F4, UP_RIGHT, Color::White),
            vec![Square::G5, Square::H6]
        );
        assert_eq!(
            ray(board, Square::F4, DOWN_LEFT, Color::White),
            vec![Square::E3, Square::D2, Square::C1]
        );
        assert_eq!(
            ray(board, Square::F4, DOWN_RIGHT, Color::White),
            vec![Square::G3, Square::H2]
        );
        // Seen from Black, up-left is White's down-right.
        assert_eq!(
            ray(board, Square::F4, UP_LEFT, Color::Black),
            vec![Square::G3, Square::H2]
        );
        assert_eq!(
            diagonals(&pos, Square::F4, Color::White, &v, &p),
            "Diagonals from Felix vier: up left Eva fünf Black Bauer; up right Gustav fünf, Hector sechs; \
             down left Eva drei, David zwei, Cesar eins; down right Gustav drei, Hector zwei"
        );
        // A corner has one diagonal.
        let start = Chess::default();
        assert_eq!(
            diagonals(&start, Square::A1, Color::White, &v, &p),
            "Diagonals from Anna eins: up right Bella zwei White Bauer"
        );
    }

    #[test]
    fn lines_ranks_and_files() {
        let (v, p) = words();
        let pos = pos(MIDDLE);
        assert_eq!(
            lines(&pos, Square::H1, Color::White, &v, &p),
            "Lines from Hector eins: up Hector zwei, Hector drei, Hector vier, Hector fünf, Hector sechs, Hector sieben, \
             Hector acht; left Gustav eins, Felix eins, Eva eins White König"
        );
        assert_eq!(
            rank(&pos, Square::A4, &v, &p),
            "Rank vier: Bella vier Black Läufer, David vier White Bauer, Eva vier White Bauer, Felix vier White Läufer"
        );
        assert_eq!(file(&pos, Square::A4, &v, &p), "File Anna: empty");
    }

    #[test]
    fn legal_moves_from_the_focus() {
        let (v, p) = words();
        let g = Game::new();
        assert_eq!(
            legal_moves(&g, Square::G1, &v, &p),
            "Springer Gustav eins can go to Felix drei, Hector drei"
        );
        assert_eq!(
            legal_moves(&g, Square::A1, &v, &p),
            "Turm Anna eins has no legal move"
        );
        assert_eq!(
            legal_moves(&g, Square::E7, &v, &p),
            "The Bauer on Eva sieben is Black's, and it is White's turn"
        );
        assert_eq!(legal_moves(&g, Square::E4, &v, &p), "Eva vier: empty");
        let castle = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert!(legal_targets(&castle, Square::E1).contains(&Square::G1));
        assert!(!legal_targets(&castle, Square::E1).contains(&Square::H1));
    }

    #[test]
    fn lists_and_material() {
        let (v, p) = words();
        let pos = pos(MIDDLE);
        assert_eq!(
            pieces(&pos, Color::Black, &v, &p),
            "Black: König Eva acht; Turm David acht; Läufer Bella vier; Springer Felix sechs; Bauer David fünf, Eva fünf"
        );
        assert_eq!(
            pawns(&pos, &v, &p),
            "Pawns: David: White vier, Black fünf; Eva: White vier, Black fünf"
        );
        assert_eq!(
            material(&pos, &v, &p),
            "Material: White Dame 1, Turm 1, Läufer 1, Springer 1, Bauer 2: 22 points; \
             Black Turm 1, Läufer 1, Springer 1, Bauer 2: 13 points; White is ahead by 9"
        );
        assert_eq!(turn(&pos, &p), "White to move");
        let check = self::pos("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
        assert_eq!(turn(&check, &p), "White to move, in check");
    }

    #[test]
    fn next_piece_wraps_around() {
        let board = Chess::default().board().clone();
        let wn = Piece {
            color: Color::White,
            role: Role::Knight,
        };
        assert_eq!(next_piece(&board, Square::A1, wn), Some(Square::B1));
        assert_eq!(next_piece(&board, Square::B1, wn), Some(Square::G1));
        assert_eq!(next_piece(&board, Square::G1, wn), Some(Square::B1));
        let none = Board::empty();
        assert_eq!(next_piece(&none, Square::A1, wn), None);
    }
}
