//! An imported move token read as a legal move: SAN, lenient forms (long algebraic, UCI), ambiguity.

use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, MoveList, Position, Rank, Role};

use crate::rules::game::Game;

use super::report::ImportErrorKind;

/// Text that carries nothing: punctuation left between moves and the optional "e.p." (R-C.9, R-C.13).
pub(super) fn is_noise(raw: &str) -> bool {
    let t = raw.trim();
    let t = t.trim_matches(|c: char| ",;:.+#=-\u{2013}\u{2014}!?".contains(c));
    t.is_empty() || t.eq_ignore_ascii_case("e.p") || t.eq_ignore_ascii_case("ep")
}

/// Lenient readings of a token pgn-reader could not read: trailing punctuation, "e.p.", hyphens in long
/// algebraic (`Ng1-f3`, `e2-e4`), promotion without `=` (`e8Q`), UCI with promotion (`e7e8q`).
fn lenient_candidates(raw: &str) -> Vec<String> {
    let mut t = raw.trim().trim_end_matches([',', ';', ':']).to_owned();
    for suffix in ["e.p.", "e.p", "ep"] {
        if t.len() > suffix.len() && t.to_ascii_lowercase().ends_with(suffix) {
            t.truncate(t.len() - suffix.len());
            t = t.trim_end_matches(['.', ' ']).to_owned();
        }
    }
    let mut out = vec![t.clone()];
    let dehyphened: String = if t.starts_with(['O', '0']) {
        t.clone()
    } else {
        t.replace(['-', '\u{2013}'], "")
    };
    out.push(dehyphened.clone());
    let bytes = dehyphened.as_bytes();
    if let [.., rank, piece] = bytes
        && (*rank == b'1' || *rank == b'8')
        && b"QRBNqrbn".contains(piece)
    {
        let head = &dehyphened[..dehyphened.len() - 1];
        out.push(format!(
            "{head}={}",
            char::from(*piece).to_ascii_uppercase()
        ));
        out.push(dehyphened.to_ascii_lowercase());
    }
    out.dedup();
    out
}

pub(super) fn lenient_move(pos: &Chess, raw: &str) -> Option<Move> {
    for cand in lenient_candidates(raw) {
        if let Ok(sp) = SanPlus::from_ascii(cand.as_bytes())
            && let Ok(m) = resolve_san(pos, &sp)
        {
            return Some(m);
        }
        if let Ok(uci) = UciMove::from_ascii(cand.as_bytes())
            && let Ok(m) = uci.to_move(pos)
        {
            return Some(m);
        }
    }
    None
}

/// A lenient token as variation text, if it reads as SAN at all.
pub(super) fn lenient_san_text(raw: &str) -> Option<String> {
    lenient_candidates(raw).into_iter().find_map(|c| {
        SanPlus::from_ascii(c.as_bytes())
            .ok()
            .map(|sp| sp.to_string())
    })
}

/// The legal moves a SAN could mean (for an ambiguity message).
fn candidates_of(pos: &Chess, san: &San) -> Vec<String> {
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = *san
    else {
        return Vec::new();
    };
    pos.san_candidates(role, to)
        .iter()
        .filter(|m| {
            m.from().is_some_and(|f| {
                file.is_none_or(|x| x == f.file()) && rank.is_none_or(|x| x == f.rank())
            }) && m.is_capture() == capture
                && m.promotion() == promotion
        })
        .map(|m| SanPlus::from_move(pos.clone(), *m).to_string())
        .collect()
}

/// A piece move or pawn move in SAN that names exactly one legal move: the move, and the legal moves of that
/// piece kind to that square (what `San::to_move` looks through, kept for the move's own SAN).
pub(super) fn read_plain_san(game: &Game, san: &San) -> Option<(Move, San)> {
    let San::Normal { role, to, .. } = *san else {
        return None;
    };
    let pos = game.position();
    // The last move's check sign says whether the side to move is in check.
    let in_check = game
        .last_ply()
        .map_or_else(|| pos.is_check(), |p| p.san.suffix.is_some());
    debug_assert_eq!(in_check, pos.is_check());
    // The list stays here: copying it (over 2 KB) costs more than reading the move.
    let mut among = MoveList::new();
    if !crate::rules::candidates::plain_candidates(pos, role, to, in_check, &mut among) {
        among = pos.san_candidates(role, to);
    }
    let mut matching = among.iter().filter(|m| san.matches(**m));
    let m = *matching.next()?;
    matching
        .next()
        .is_none()
        .then(|| (m, San::disambiguate(m, &among)))
}

/// A mainline move from a token pgn-reader delivered, or why not. UCI text such as `g1f3` reads as SAN
/// "pawn from g1 to f3", so it is tried as UCI when the SAN reading fails; a capture written without `x`
/// (optional in R-C.9) is tried as a capture.
pub(super) fn resolve_san(pos: &Chess, sp: &SanPlus) -> Result<Move, ImportErrorKind> {
    match sp.san.to_move(pos) {
        Ok(m) => Ok(m),
        Err(SanError::AmbiguousSan) => {
            Err(ImportErrorKind::AmbiguousMove(candidates_of(pos, &sp.san)))
        }
        Err(SanError::IllegalSan) => match sp.san {
            San::Null => Err(ImportErrorKind::NullMove),
            San::Put { .. } => Err(ImportErrorKind::NotAMove),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                // Other readings: the optional capture sign left out (R-C.9), a pawn on the last rank without
                // its new piece, which becomes a queen.
                let last_rank = to.rank() == pos.turn().fold_wb(Rank::Eighth, Rank::First);
                let promotions: &[Option<Role>] =
                    if role == Role::Pawn && last_rank && promotion.is_none() {
                        &[None, Some(Role::Queen)]
                    } else {
                        &[promotion]
                    };
                let captures: &[bool] = if capture { &[true] } else { &[false, true] };
                for &promotion in promotions {
                    for &capture in captures {
                        let san = San::Normal {
                            role,
                            file,
                            rank,
                            capture,
                            to,
                            promotion,
                        };
                        match san.to_move(pos) {
                            Ok(m) => return Ok(m),
                            Err(SanError::AmbiguousSan) => {
                                return Err(ImportErrorKind::AmbiguousMove(candidates_of(
                                    pos, &san,
                                )));
                            }
                            Err(SanError::IllegalSan) => {}
                        }
                    }
                }
                if file.is_some() && rank.is_some() {
                    UciMove::from_ascii(sp.san.to_string().as_bytes())
                        .ok()
                        .and_then(|u| u.to_move(pos).ok())
                        .ok_or(ImportErrorKind::IllegalMove)
                } else {
                    Err(ImportErrorKind::IllegalMove)
                }
            }
            San::Castle(_) => Err(ImportErrorKind::IllegalMove),
        },
    }
}
