//! Moves said in words ("Springer Felix drei", "spr fel drei", "Kurze Rochade") and the vocabulary's own
//! notation letters (Greek "Ιζ3"), case- and accent-insensitive, with unambiguous word prefixes.

use shakmaty::san::San;
use shakmaty::{CastlingSide, File, Rank, Role, Square};

use std::cell::RefCell;
use std::rc::Rc;

use super::move_error::MoveInputError;
use super::normalize::{fold, fold_german};
use super::vocabulary::Vocabulary;

/// What a word stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cat {
    File(File),
    Rank(Rank),
    Piece(Role),
    Capture,
    Check,
    Mate,
    EnPassant,
    Castle(CastlingSide),
}

/// A move said in words, before it is matched against the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Said {
    Move(San),
    Castle(CastlingSide),
}

struct Entry {
    /// The entry's words, folded (several for "Kurze Rochade"); each spelling is its own entry.
    words: Vec<String>,
    cat: Cat,
    /// The word as the vocabulary writes it, for "could be ..." answers.
    shown: String,
}

fn split_words(text: &str) -> Vec<String> {
    text.split(|c: char| {
        c.is_whitespace() || matches!(c, ',' | ';' | '.' | '!' | '?' | '-' | ':' | '(' | ')')
    })
    .filter(|w| !w.is_empty())
    .map(str::to_string)
    .collect()
}

/// The lexicon of `v`, built once and reused while the same vocabulary is asked (every word folded costs
/// far more than comparing the vocabulary).
/// A few are kept: the player's own and the built-in ones a line is also read in (input::parse_move).
fn lexicon(v: &Vocabulary) -> Rc<Vec<Entry>> {
    const KEPT: usize = 6;
    thread_local! {
        static LAST: RefCell<Vec<(Vocabulary, Rc<Vec<Entry>>)>> = const { RefCell::new(Vec::new()) };
    }
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((_, lex)) = last.iter().find(|(cached, _)| cached == v) {
            return Rc::clone(lex);
        }
        let lex = Rc::new(build_lexicon(v));
        if last.len() >= KEPT {
            last.remove(0);
        }
        last.push((v.clone(), Rc::clone(&lex)));
        lex
    })
}

fn build_lexicon(v: &Vocabulary) -> Vec<Entry> {
    let mut plain: Vec<(String, Cat)> = Vec::new();
    for (i, w) in v.files.iter().enumerate() {
        plain.push((w.clone(), Cat::File(File::new(i as u32))));
    }
    for (i, w) in v.ranks.iter().enumerate() {
        plain.push((w.clone(), Cat::Rank(Rank::new(i as u32))));
        plain.push(((i + 1).to_string(), Cat::Rank(Rank::new(i as u32))));
    }
    for role in [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ] {
        plain.push((v.piece(role).to_string(), Cat::Piece(role)));
    }
    plain.push((v.capture.clone(), Cat::Capture));
    plain.push((v.check.clone(), Cat::Check));
    plain.push((v.mate.clone(), Cat::Mate));
    plain.push((v.en_passant.clone(), Cat::EnPassant));
    plain.push((
        v.short_castling.clone(),
        Cat::Castle(CastlingSide::KingSide),
    ));
    plain.push((
        v.long_castling.clone(),
        Cat::Castle(CastlingSide::QueenSide),
    ));
    let targets: Vec<(String, Cat)> = plain.clone();
    for (alias, target) in &v.aliases {
        if let Some((_, cat)) = targets.iter().find(|(w, _)| w == target) {
            plain.push((alias.clone(), *cat));
        }
    }
    let mut out = Vec::new();
    for (shown, cat) in plain {
        let words = split_words(&shown);
        for folded in [
            words.iter().map(|w| fold(w)).collect::<Vec<_>>(),
            words.iter().map(|w| fold_german(w)).collect(),
        ] {
            if !out
                .iter()
                .any(|e: &Entry| e.words == folded && e.cat == cat)
            {
                out.push(Entry {
                    words: folded,
                    cat,
                    shown: shown.clone(),
                });
            }
        }
    }
    out
}

/// A square written in notation among words ("Springer f3", Greek "Ίππος ζ3"): a file letter (Latin a-h or
/// the vocabulary's own, R-C.5) and a rank digit (R-C.6, R-C.7).
fn written_square(v: &Vocabulary, token: &str) -> Option<(File, Rank)> {
    let mut chars = token.chars();
    let (f, r, None) = (chars.next()?, chars.next()?, chars.next()) else {
        return None;
    };
    let rank = r.to_digit(10).filter(|d| (1..=8).contains(d))?;
    let file =
        if f.is_ascii_lowercase() && f <= 'h' {
            u32::from(f) - u32::from('a')
        } else {
            v.notation.files.iter().position(|w| {
                w.chars().next().map(|c| fold(&c.to_string())) == Some(f.to_string())
            })? as u32
        };
    Some((File::new(file), Rank::new(rank - 1)))
}

/// Reads words into categories: exact words first, then (when `prefixes`) unambiguous prefixes; the longest
/// entry wins. A token that is no word but a written square ("f3") is its file and rank.
fn categorize(
    v: &Vocabulary,
    text: &str,
    prefixes: bool,
) -> Result<Option<Vec<Cat>>, MoveInputError> {
    let tokens: Vec<(String, String)> = split_words(text)
        .iter()
        .map(|t| (fold(t), fold_german(t)))
        .collect();
    if tokens.is_empty() {
        return Ok(None);
    }
    let lex = lexicon(v);
    let mut cats = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let mut best: Option<(usize, bool, Vec<&Entry>)> = None;
        for e in lex.iter() {
            let n = e.words.len();
            // An entry of no words (a vocabulary word of only spaces or signs) matches nothing: it would match
            // everywhere and never move on (found by fuzzing: an endless loop).
            if n == 0 || i + n > tokens.len() {
                continue;
            }
            let exact =
                (0..n).all(|k| tokens[i + k].0 == e.words[k] || tokens[i + k].1 == e.words[k]);
            let prefix = exact
                || prefixes
                    && (0..n).all(|k| {
                        e.words[k].starts_with(&tokens[i + k].0)
                            || e.words[k].starts_with(&tokens[i + k].1)
                    });
            if !prefix {
                continue;
            }
            let better = match &best {
                None => true,
                Some((bn, bexact, _)) => n > *bn || (n == *bn && exact && !*bexact),
            };
            let same = matches!(&best, Some((bn, bexact, _)) if *bn == n && *bexact == exact);
            if same {
                if let Some((_, _, list)) = &mut best {
                    list.push(e);
                }
            } else if better {
                best = Some((n, exact, vec![e]));
            }
        }
        let Some((n, _, list)) = best else {
            if let Some((f, r)) = written_square(v, &tokens[i].0) {
                cats.extend([Cat::File(f), Cat::Rank(r)]);
                i += 1;
                continue;
            }
            return Ok(None);
        };
        let mut kinds: Vec<Cat> = list.iter().map(|e| e.cat).collect();
        kinds.dedup();
        kinds.sort_by_key(|c| format!("{c:?}"));
        kinds.dedup();
        if kinds.len() > 1 {
            let mut shown: Vec<String> = list.iter().map(|e| e.shown.clone()).collect();
            shown.sort();
            shown.dedup();
            let word = split_words(text)[i..i + n].join(" ");
            return Err(MoveInputError::AmbiguousWord {
                word,
                candidates: shown,
            });
        }
        cats.push(kinds[0]);
        i += n;
    }
    Ok(Some(cats))
}

/// A move in words: `[piece] [file] [rank] [capture] file rank [en passant] [promotion piece] [check|mate]`,
/// or castling. `Ok(None)` when the words do not form a move.
pub fn parse(v: &Vocabulary, text: &str) -> Result<Option<Said>, MoveInputError> {
    parse_words(v, text, true)
}

/// As `parse`, with whole words only: how a line is read in a vocabulary the player did not choose, where a
/// prefix would be a guess.
pub fn parse_exact(v: &Vocabulary, text: &str) -> Result<Option<Said>, MoveInputError> {
    parse_words(v, text, false)
}

fn parse_words(v: &Vocabulary, text: &str, prefixes: bool) -> Result<Option<Said>, MoveInputError> {
    let Some(cats) = categorize(v, text, prefixes)? else {
        return Ok(None);
    };
    let is_suffix = |c: &Cat| matches!(c, Cat::Check | Cat::Mate);
    if let Some(Cat::Castle(side)) = cats.first() {
        return Ok(cats[1..]
            .iter()
            .all(is_suffix)
            .then_some(Said::Castle(*side)));
    }
    // The target square is the last file word followed by a rank word.
    let Some(j) = (0..cats.len().saturating_sub(1))
        .rev()
        .find(|&j| matches!((cats[j], cats[j + 1]), (Cat::File(_), Cat::Rank(_))))
    else {
        return Ok(None);
    };
    let to = match (cats[j], cats[j + 1]) {
        (Cat::File(f), Cat::Rank(r)) => Square::from_coords(f, r),
        _ => return Ok(None),
    };
    let mut promotion = None;
    for c in &cats[j + 2..] {
        match c {
            Cat::Piece(r) if promotion.is_none() && !matches!(r, Role::King | Role::Pawn) => {
                promotion = Some(*r)
            }
            Cat::EnPassant | Cat::Check | Cat::Mate => {}
            _ => return Ok(None),
        }
    }
    let head = &cats[..j];
    let mut k = 0;
    let mut role = Role::Pawn;
    if let Some(Cat::Piece(r)) = head.first() {
        role = *r;
        k = 1;
    }
    let mut file = None;
    let mut rank = None;
    if let Some(Cat::File(f)) = head.get(k) {
        file = Some(*f);
        k += 1;
    }
    if let Some(Cat::Rank(r)) = head.get(k) {
        rank = Some(*r);
        k += 1;
    }
    let mut capture = false;
    if let Some(Cat::Capture) = head.get(k) {
        capture = true;
        k += 1;
    }
    if k != head.len() {
        return Ok(None);
    }
    Ok(Some(Said::Move(San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })))
}

/// A piece named alone, as the answer to "Which piece for the pawn?": the vocabulary's word or an unambiguous
/// prefix of it ("Dame", "da", "Ίππος"), its notation letter (German "D", Greek "Β"), or the SAN letter in either
/// case ("q", "N").
pub fn parse_piece(v: &Vocabulary, text: &str) -> Option<Role> {
    let t = text.trim();
    let mut chars = t.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        let letters = [
            (&v.notation.pieces.king, Role::King),
            (&v.notation.pieces.queen, Role::Queen),
            (&v.notation.pieces.rook, Role::Rook),
            (&v.notation.pieces.bishop, Role::Bishop),
            (&v.notation.pieces.knight, Role::Knight),
        ];
        let lower = |x: char| x.to_lowercase().next();
        if let Some((_, role)) = letters
            .iter()
            .find(|(l, _)| l.chars().next().and_then(lower) == lower(c))
        {
            return Some(*role);
        }
        return Role::from_char(c.to_ascii_lowercase());
    }
    match categorize(v, t, true).ok()??.as_slice() {
        [Cat::Piece(r)] => Some(*r),
        _ => None,
    }
}

/// A square said in words ("Eva vier") or written ("e4", Greek "ε4").
pub fn parse_square(v: &Vocabulary, text: &str) -> Option<Square> {
    let t = transliterate(v, text.trim()).to_lowercase();
    if let Ok(sq) = t.parse::<Square>() {
        return Some(sq);
    }
    match categorize(v, text, true).ok()??.as_slice() {
        [Cat::File(f), Cat::Rank(r)] => Some(Square::from_coords(*f, *r)),
        _ => None,
    }
}

/// Replaces the vocabulary's notation letters by the SAN letters: Greek `Ιζ3` → `Nf3`, German `Sf3` → `Nf3`.
/// Case matters: Greek capital Β is the queen, small β the b-file.
pub fn transliterate(v: &Vocabulary, text: &str) -> String {
    let pieces = [
        (&v.notation.pieces.king, 'K'),
        (&v.notation.pieces.queen, 'Q'),
        (&v.notation.pieces.rook, 'R'),
        (&v.notation.pieces.bishop, 'B'),
        (&v.notation.pieces.knight, 'N'),
    ];
    text.chars()
        .map(|c| {
            if let Some((_, latin)) = pieces.iter().find(|(l, _)| l.chars().next() == Some(c)) {
                return *latin;
            }
            if let Some(i) = v
                .notation
                .files
                .iter()
                .position(|f| f.chars().next() == Some(c))
            {
                return (b'a' + i as u8) as char;
            }
            c
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by fuzzing: a vocabulary word of nothing but signs made every word match it, without
    /// moving on: an endless loop on the next move typed.
    #[test]
    fn a_word_of_no_letters_matches_nothing_and_ends() {
        let text = crate::words::vocabulary::BUILTIN[1].1.replacen(
            "\"captures\": \"takes\"",
            "\".\": \"takes\"",
            1,
        );
        assert!(
            text.contains("\".\": \"takes\""),
            "the alias is in the English vocabulary"
        );
        let v = Vocabulary::from_ron(&text, "words.ron").unwrap();
        assert!(matches!(
            parse(&v, "Knight Felix three"),
            Ok(Some(Said::Move(_)))
        ));
        assert_eq!(parse(&v, "zzz").unwrap(), None);
    }

    #[test]
    fn words_become_san() {
        let v = Vocabulary::default();
        let said = |t: &str| {
            parse(&v, t).unwrap().map(|s| match s {
                Said::Move(san) => san.to_string(),
                Said::Castle(CastlingSide::KingSide) => "O-O".into(),
                Said::Castle(CastlingSide::QueenSide) => "O-O-O".into(),
            })
        };
        assert_eq!(said("Springer Felix drei").as_deref(), Some("Nf3"));
        assert_eq!(said("spr fel drei").as_deref(), Some("Nf3"));
        assert_eq!(said("SPRINGER felix DREI").as_deref(), Some("Nf3"));
        assert_eq!(
            said("Bauer Eva schlägt David fünf").as_deref(),
            Some("exd5")
        );
        assert_eq!(
            said("bauer eva schlaegt david fuenf").as_deref(),
            Some("exd5")
        );
        assert_eq!(
            said("Springer Gustav eins Felix drei").as_deref(),
            Some("Ng1f3")
        );
        assert_eq!(said("Bauer Eva acht Dame").as_deref(), Some("e8=Q"));
        assert_eq!(said("Kurze Rochade").as_deref(), Some("O-O"));
        assert_eq!(said("lange roch Schach").as_deref(), Some("O-O-O"));
        assert_eq!(said("Koenig Eva zwei").as_deref(), Some("Ke2"));
        assert_eq!(said("Läufer Bella 5").as_deref(), Some("Bb5"));
        assert_eq!(said("hello world"), None);
        assert_eq!(said("Springer Felix"), None);
        // "s" could be Springer, schlägt, Schach, sechs, sieben: refused, never guessed.
        assert!(matches!(
            parse(&v, "s Felix drei"),
            Err(MoveInputError::AmbiguousWord { .. })
        ));
    }

    #[test]
    fn greek_by_alphabet_not_by_shape() {
        let g = Vocabulary::builtin("greek").unwrap();
        assert_eq!(transliterate(&g, "Ιζ3"), "Nf3");
        assert_eq!(
            transliterate(&g, "Βδ1"),
            "Qd1",
            "Greek capital Beta is the queen"
        );
        assert_eq!(
            transliterate(&g, "Αβ5"),
            "Bb5",
            "Greek capital Alpha is the bishop, small beta the b-file"
        );
        assert_eq!(parse_square(&g, "έψιλον τέσσερα"), Some(Square::E4));
        assert_eq!(parse_square(&g, "ε4"), Some(Square::E4));
        let said = parse(&g, "Ίππος ζήτα τρία").unwrap();
        assert_eq!(
            said,
            Some(Said::Move(San::Normal {
                role: Role::Knight,
                file: None,
                rank: None,
                capture: false,
                to: Square::F3,
                promotion: None
            }))
        );
        assert_eq!(
            parse(&g, "ιππος ζητα τρια").unwrap(),
            said,
            "accents do not matter"
        );
    }
}
