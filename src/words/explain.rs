//! Refusals in words: why a text is not a legal move, said with the vocabulary and the phrase table.

use shakmaty::{CastlingSide, Color, Role};

use super::input::{Hint, MoveInputError};
use super::phrases::Phrases;
use super::vocabulary::Vocabulary;

pub fn side(p: &Phrases, c: Color) -> String {
    p.get(c.fold_wb("side.white", "side.black")).to_string()
}

fn join_or(p: &Phrases, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {} {}", rest.join(", "), p.get("input.or"), last),
    }
}

/// "on the Eva file", "on rank vier".
fn line_words(v: &Vocabulary, p: &Phrases, line: Hint) -> String {
    match line {
        Hint::File(f) => p.say("line.file", &[("file", v.file(f))]),
        Hint::Rank(r) => p.say("line.rank", &[("rank", v.rank(r))]),
        Hint::Square(s) => v.square(s),
    }
}

/// The reason a move was refused, in the player's words.
pub fn explain(v: &Vocabulary, p: &Phrases, e: &MoveInputError) -> String {
    let sq = |s| v.square(s);
    match e {
        MoveInputError::NotAMove(t) => p.say("input.not_a_move", &[("text", &super::quote(t))]),
        MoveInputError::AmbiguousWord { word, candidates } => p.say(
            "input.ambiguous_word",
            &[
                ("word", &super::quote(word)),
                ("candidates", &join_or(p, candidates)),
            ],
        ),
        MoveInputError::GameOver => p.say("game_over", &[("ending", "")]).replace(" ()", ""),
        MoveInputError::Ambiguous { role, options } => {
            let names: Vec<String> = options
                .iter()
                .map(|h| match h {
                    Hint::File(f) => v.file(*f).to_string(),
                    Hint::Rank(r) => v.rank(*r).to_string(),
                    Hint::Square(s) => v.square(*s),
                })
                .collect();
            p.say(
                "input.which",
                &[
                    ("piece", v.piece(*role)),
                    ("candidates", &join_or(p, &names)),
                ],
            )
        }
        MoveInputError::NoSuchPiece { role } => {
            p.say("input.no_such_piece", &[("piece", v.piece(*role))])
        }
        MoveInputError::CannotReach {
            role,
            from: Some(f),
            to,
        } => p.say(
            "input.cannot_reach",
            &[
                ("piece", v.piece(*role)),
                ("from", &sq(*f)),
                ("to", &sq(*to)),
            ],
        ),
        MoveInputError::CannotReach {
            role,
            from: None,
            to,
        } => p.say(
            "input.none_can_reach",
            &[("piece", v.piece(*role)), ("to", &sq(*to))],
        ),
        MoveInputError::EmptySquare(s) => p.say("input.empty_square", &[("square", &sq(*s))]),
        MoveInputError::NotThere { role, square } => p.say(
            "input.not_there",
            &[("piece", v.piece(*role)), ("square", &sq(*square))],
        ),
        MoveInputError::NoneOnLine { role, line } => p.say(
            "input.none_on_line",
            &[
                ("piece", v.piece(*role)),
                ("line", &line_words(v, p, *line)),
            ],
        ),
        MoveInputError::NoneOnLineCanReach { role, line, to } => p.say(
            "input.none_on_line_can_reach",
            &[
                ("piece", v.piece(*role)),
                ("line", &line_words(v, p, *line)),
                ("to", &sq(*to)),
            ],
        ),
        MoveInputError::WrongSide { square, role, turn } => p.say(
            "input.wrong_side",
            &[
                ("piece", v.piece(*role)),
                ("square", &sq(*square)),
                ("owner", &side(p, turn.other())),
                ("turn", &side(p, *turn)),
            ],
        ),
        MoveInputError::KingInCheck {
            role,
            from,
            to,
            in_check: true,
            ..
        } => p.say(
            "input.in_check",
            &[
                ("piece", v.piece(*role)),
                ("from", &sq(*from)),
                ("to", &sq(*to)),
            ],
        ),
        MoveInputError::KingInCheck {
            role,
            from,
            pinned: true,
            ..
        } => p.say(
            "input.pinned",
            &[("piece", v.piece(*role)), ("from", &sq(*from))],
        ),
        MoveInputError::KingInCheck {
            role: Role::King,
            to,
            ..
        } => p.say("input.king_attacked", &[("to", &sq(*to))]),
        MoveInputError::KingInCheck { role, from, to, .. } => p.say(
            "input.exposes_king",
            &[
                ("piece", v.piece(*role)),
                ("from", &sq(*from)),
                ("to", &sq(*to)),
            ],
        ),
        MoveInputError::PromotionNeeded { to, .. } => p.say(
            "input.promotion",
            &[
                ("to", &sq(*to)),
                ("queen", v.piece(Role::Queen)),
                ("rook", v.piece(Role::Rook)),
                ("bishop", v.piece(Role::Bishop)),
                ("knight", v.piece(Role::Knight)),
            ],
        ),
        MoveInputError::CaptureMismatch {
            to,
            says_capture: true,
        } => p.say("input.nothing_to_capture", &[("to", &sq(*to))]),
        MoveInputError::CaptureMismatch {
            to,
            says_capture: false,
        } => p.say("input.is_capture", &[("to", &sq(*to))]),
        MoveInputError::CannotCastle(s) => p.say(
            "input.cannot_castle",
            &[(
                "castling",
                match s {
                    CastlingSide::KingSide => &v.short_castling,
                    CastlingSide::QueenSide => &v.long_castling,
                },
            )],
        ),
    }
}
