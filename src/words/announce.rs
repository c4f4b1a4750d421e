//! Move → announcement: the short form built from SAN, and the long form from- and to-square.

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingSide, Move, Role};

use super::vocabulary::Vocabulary;

fn push_suffix(words: &mut Vec<String>, v: &Vocabulary, suffix: Option<Suffix>) {
    match suffix {
        Some(Suffix::Check) => words.push(v.check.clone()),
        Some(Suffix::Checkmate) => words.push(v.mate.clone()),
        None => {}
    }
}

/// The short form: the piece first (pawns too), disambiguation exactly as SAN gives it, capture, target
/// square, en passant, promotion piece, check or mate ("Matt" replaces "Schach").
pub fn short(v: &Vocabulary, san: &SanPlus, mv: Move) -> String {
    let mut words: Vec<String> = Vec::new();
    if mv.is_castle() {
        words.push(castling_word(v, mv));
        push_suffix(&mut words, v, san.suffix);
        return words.join(" ");
    }
    match san.san {
        San::Normal { role, file, rank, capture, to, promotion } => {
            words.push(v.piece(role).to_string());
            if let Some(f) = file {
                words.push(v.file(f).to_string());
            }
            if let Some(r) = rank {
                words.push(v.rank(r).to_string());
            }
            if capture {
                words.push(v.capture.clone());
            }
            words.push(v.square(to));
            if mv.is_en_passant() {
                words.push(v.en_passant.clone());
            }
            if let Some(p) = promotion {
                words.push(v.piece(p).to_string());
            }
        }
        San::Castle(_) => words.push(castling_word(v, mv)),
        San::Put { role, to } => {
            words.push(v.piece(role).to_string());
            words.push(v.square(to));
        }
        San::Null => words.push("--".into()),
    }
    push_suffix(&mut words, v, san.suffix);
    words.join(" ")
}

fn castling_word(v: &Vocabulary, mv: Move) -> String {
    match mv.castling_side() {
        Some(CastlingSide::QueenSide) => v.long_castling.clone(),
        _ => v.short_castling.clone(),
    }
}

/// The long form: piece, from-square, capture, to-square (for a player mirroring on a tactile board).
pub fn long(v: &Vocabulary, san: &SanPlus, mv: Move) -> String {
    let mut words: Vec<String> = Vec::new();
    if mv.is_castle() {
        words.push(castling_word(v, mv));
    } else {
        words.push(v.piece(mv.role()).to_string());
        if let Some(from) = mv.from() {
            words.push(v.square(from));
        }
        if mv.is_capture() {
            words.push(v.capture.clone());
        }
        words.push(v.square(mv.to()));
        if mv.is_en_passant() {
            words.push(v.en_passant.clone());
        }
        if let Some(p) = mv.promotion() {
            words.push(v.piece(p).to_string());
        }
    }
    push_suffix(&mut words, v, san.suffix);
    words.join(" ")
}

/// The name of a piece role in the vocabulary, for lists and error messages.
pub fn piece(v: &Vocabulary, role: Role) -> &str {
    v.piece(role)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;

    fn say(fen: Option<&str>, pre: &str, san: &str) -> String {
        let mut g = match fen {
            Some(f) => Game::from_fen(f).unwrap(),
            None => Game::new(),
        };
        for s in pre.split_whitespace() {
            g.play_san(s).unwrap();
        }
        let m = g.parse_san(san).unwrap();
        let ply = g.play(m).unwrap().clone();
        short(&Vocabulary::plain_english(), &ply.san, ply.mv)
    }

    #[test]
    fn short_form_in_plain_english() {
        assert_eq!(say(None, "", "e4"), "Pawn e4");
        assert_eq!(say(None, "", "Nf3"), "Knight f3");
        assert_eq!(say(None, "e4 d5", "exd5"), "Pawn e takes d5");
        assert_eq!(say(None, "e4 Nf6 e5 d5", "exd6"), "Pawn e takes d6 en passant");
        assert_eq!(say(None, "e4 e5 Qh5 Nc6 Bc4 Nf6", "Qxf7#"), "Queen takes f7 checkmate");
        assert_eq!(say(Some("4k3/2P5/8/8/8/8/8/4K3 w - - 0 1"), "", "c8=Q+"), "Pawn c8 Queen check");
        assert_eq!(say(Some("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1"), "", "cxd8=N"), "Pawn c takes d8 Knight");
        assert_eq!(say(Some("r3k3/8/8/8/8/8/8/4K2R w K - 0 1"), "", "O-O"), "Short castling");
        assert_eq!(say(Some("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1"), "", "O-O-O+"), "Long castling check");
    }
}
