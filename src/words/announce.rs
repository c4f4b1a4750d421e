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
    push_san(&mut words, v, san, castling_word(v, mv), mv.is_en_passant());
    words.join(" ")
}

/// The words of a SAN after what only the move can tell: the castling word and whether it is en passant.
fn push_san(
    words: &mut Vec<String>,
    v: &Vocabulary,
    san: &SanPlus,
    castling: String,
    en_passant: bool,
) {
    match san.san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
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
            if en_passant {
                words.push(v.en_passant.clone());
            }
            if let Some(p) = promotion {
                words.push(v.piece(p).to_string());
            }
        }
        San::Castle(_) => words.push(castling),
        San::Put { role, to } => {
            words.push(v.piece(role).to_string());
            words.push(v.square(to));
        }
        San::Null => words.push("--".into()),
    }
    push_suffix(words, v, san.suffix);
}

fn castling_word(v: &Vocabulary, mv: Move) -> String {
    match mv.castling_side() {
        Some(CastlingSide::QueenSide) => v.long_castling.clone(),
        _ => v.short_castling.clone(),
    }
}

/// A SAN written without its position (a list kept as text, as the action log keeps moves taken back), in
/// board words: the short form, without "en passant", which only the position can tell.
pub fn san_words(v: &Vocabulary, san: &SanPlus) -> String {
    let castling = match san.san {
        San::Castle(CastlingSide::QueenSide) => v.long_castling.clone(),
        _ => v.short_castling.clone(),
    };
    let mut words: Vec<String> = Vec::new();
    push_san(&mut words, v, san, castling, false);
    words.join(" ")
}

/// Moves written as a numbered SAN list ("1... e5 2. Nf3 Nc6") in board words, as `moves` says them:
/// "1... Bauer Eva fünf, 2. Springer Felix drei, Springer Cesar sechs". A token that is no SAN stays as written.
pub fn written_moves(v: &Vocabulary, text: &str) -> String {
    let mut items: Vec<String> = Vec::new();
    let mut numbered = false;
    for token in text.split_whitespace() {
        let is_number = token.ends_with('.')
            && token
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit())
            && token.starts_with(|c: char| c.is_ascii_digit());
        if is_number {
            items.push(token.to_string());
            numbered = true;
            continue;
        }
        let said = SanPlus::from_ascii(token.as_bytes())
            .map(|san| san_words(v, &san))
            .unwrap_or_else(|_| token.to_string());
        match items.last_mut() {
            Some(last) if numbered => {
                last.push(' ');
                last.push_str(&said);
            }
            _ => items.push(said),
        }
        numbered = false;
    }
    items.join(", ")
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

    /// The table of announcements.md, with a position for each row, in all three vocabularies.
    const TABLE: [(&str, &str, &str, &str, &str); 12] = [
        (
            "",
            "e4",
            "Bauer Eva vier",
            "Pawn Eva four",
            "Πιόνι έψιλον τέσσερα",
        ),
        (
            "",
            "Nf3",
            "Springer Felix drei",
            "Knight Felix three",
            "Ίππος ζήτα τρία",
        ),
        (
            "rnbqkb1r/ppp2ppp/3p1n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 1",
            "Nbd7",
            "Springer Bella David sieben",
            "Knight Bella David seven",
            "Ίππος βήτα δέλτα επτά",
        ),
        (
            "k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1",
            "R1e2",
            "Turm eins Eva zwei",
            "Rook one Eva two",
            "Πύργος ένα έψιλον δύο",
        ),
        (
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
            "Bxc6",
            "Läufer schlägt Cesar sechs",
            "Bishop takes Cesar six",
            "Αξιωματικός παίρνει γάμμα έξι",
        ),
        (
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "exd5",
            "Bauer Eva schlägt David fünf",
            "Pawn Eva takes David five",
            "Πιόνι έψιλον παίρνει δέλτα πέντε",
        ),
        (
            "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
            "exd6",
            "Bauer Eva schlägt David sechs en passant",
            "Pawn Eva takes David six en passant",
            "Πιόνι έψιλον παίρνει δέλτα έξι αν πασάν",
        ),
        (
            "8/4P3/8/8/8/8/8/K6k w - - 0 1",
            "e8=Q",
            "Bauer Eva acht Dame",
            "Pawn Eva eight Queen",
            "Πιόνι έψιλον οκτώ Βασίλισσα",
        ),
        (
            "4r3/3P2k1/8/8/8/8/8/K7 w - - 0 1",
            "dxe8=N+",
            "Bauer David schlägt Eva acht Springer Schach",
            "Pawn David takes Eva eight Knight check",
            "Πιόνι δέλτα παίρνει έψιλον οκτώ Ίππος σαχ",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "O-O",
            "Kurze Rochade",
            "short castling",
            "μικρό ροκέ",
        ),
        (
            "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
            "O-O-O+",
            "Lange Rochade Schach",
            "long castling check",
            "μεγάλο ροκέ σαχ",
        ),
        (
            "rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
            "Qh5#",
            "Dame Hector fünf Matt",
            "Queen Hector five checkmate",
            "Βασίλισσα θήτα πέντε ματ",
        ),
    ];

    fn played(fen: &str, san: &str) -> crate::rules::Ply {
        let mut g = if fen.is_empty() {
            Game::new()
        } else {
            Game::from_fen(fen).unwrap()
        };
        let m = g.parse_san(san).unwrap_or_else(|| panic!("{san} in {fen}"));
        g.play(m).unwrap().clone()
    }

    #[test]
    fn every_row_of_the_table_in_three_vocabularies() {
        let vocabularies =
            ["appendix-d", "english", "greek"].map(|n| Vocabulary::builtin(n).unwrap());
        for (fen, san, de, en, el) in TABLE {
            let ply = played(fen, san);
            assert_eq!(
                ply.san.to_string(),
                san,
                "the position gives the table's SAN"
            );
            for (v, want) in vocabularies.iter().zip([de, en, el]) {
                assert_eq!(short(v, &ply.san, ply.mv), want, "{san} in {}", v.name);
            }
        }
    }

    #[test]
    fn long_form_names_both_squares() {
        let v = Vocabulary::default();
        let ply = played("", "Nf3");
        assert_eq!(
            long(&v, &ply.san, ply.mv),
            "Springer Gustav eins Felix drei"
        );
        let ply = played("", "e4");
        assert_eq!(long(&v, &ply.san, ply.mv), "Bauer Eva zwei Eva vier");
        let ply = played(
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 1",
            "Bxc6",
        );
        assert_eq!(
            long(&v, &ply.san, ply.mv),
            "Läufer Bella fünf schlägt Cesar sechs"
        );
        let ply = played("4r3/3P2k1/8/8/8/8/8/K7 w - - 0 1", "dxe8=N+");
        assert_eq!(
            long(&v, &ply.san, ply.mv),
            "Bauer David sieben schlägt Eva acht Springer Schach"
        );
    }

    /// Moves kept as written SAN are said back in board words.
    #[test]
    fn written_moves_are_said_in_board_words() {
        let v = Vocabulary::default();
        assert_eq!(
            written_moves(&v, "1... e5 2. Nf3 Nc6 3. O-O-O exd8=Q#"),
            "1... Bauer Eva fünf, 2. Springer Felix drei, Springer Cesar sechs, 3. Lange Rochade, \
             Bauer Eva schlägt David acht Dame Matt"
        );
        let english = Vocabulary::builtin("english").unwrap();
        assert_eq!(
            written_moves(&english, "12. Rae1+ ??"),
            "12. Rook Anna Eva one check, ??"
        );
    }
}
