//! Tests of board descriptions in words: every form, in every vocabulary and UI language.

use shakmaty::{Board, Color, File, Piece, Rank, Role, Square};

use crate::words::phrases::Phrases;
use crate::words::vocabulary::Vocabulary;

use super::forms::Asked;
use super::lexicon::{ROLES, list, others};
use super::reading::BoardWords;
use super::{BoardTextError, explain, fen_board};

fn words(voc: &str, lang: &str) -> (Vocabulary, Phrases, BoardWords) {
    let v = Vocabulary::builtin(voc).unwrap();
    let p = Phrases::builtin(lang).unwrap();
    let w = BoardWords::new(&v, &p);
    (v, p, w)
}

fn pc(c: char) -> Option<Piece> {
    Piece::from_char(c)
}

fn rank_fen(r: &[Option<Piece>; 8]) -> String {
    r.iter().map(|p| p.map_or('.', |p| p.char())).collect()
}

#[test]
fn square_answers_in_every_vocabulary() {
    let (v, _, w) = words("appendix-d", "de");
    assert_eq!(w.square(&v, "weiß Springer"), Ok(pc('N')));
    assert_eq!(w.square(&v, "Springer weiss"), Ok(pc('N')));
    assert_eq!(w.square(&v, "schwarzer Läufer"), Ok(pc('b')));
    assert_eq!(w.square(&v, "SCHWARZE dame"), Ok(pc('q')));
    assert_eq!(w.square(&v, "schw spr"), Ok(pc('n')));
    assert_eq!(w.square(&v, "leer"), Ok(None));
    assert_eq!(w.square(&v, "-"), Ok(None));
    assert_eq!(w.square(&v, "n"), Ok(pc('n')));
    assert_eq!(w.square(&v, "S"), Ok(pc('N')), "German letter");
    assert_eq!(w.square(&v, "s"), Ok(pc('n')));
    assert_eq!(w.square(&v, "Koenig weiß"), Ok(pc('K')));
    assert_eq!(
        w.square(&v, "Springer"),
        Err(BoardTextError::NoColour(Role::Knight))
    );
    assert_eq!(
        w.square(&v, "weiß Springer Läufer"),
        Err(BoardTextError::TwoPieces("weiß Springer Läufer".into()))
    );
    assert_eq!(
        w.square(&v, "Elefant"),
        Err(BoardTextError::Unknown("Elefant".into()))
    );
    assert_eq!(w.square(&v, ""), Err(BoardTextError::Nothing));
    // English vocabulary, English UI.
    let (v, _, w) = words("english", "en");
    assert_eq!(w.square(&v, "white knight"), Ok(pc('N')));
    assert_eq!(w.square(&v, "black pawn"), Ok(pc('p')));
    assert_eq!(w.square(&v, "empty"), Ok(None));
    assert_eq!(w.square(&v, "w kn"), Ok(pc('N')));
    // Greek.
    let (v, _, w) = words("greek", "el");
    assert_eq!(w.square(&v, "λευκός ίππος"), Ok(pc('N')));
    assert_eq!(w.square(&v, "μαύρη Βασίλισσα"), Ok(pc('q')));
    assert_eq!(w.square(&v, "κενό"), Ok(None));
    assert_eq!(w.square(&v, "Ι"), Ok(pc('N')), "Greek letter");
    // Appendix D words with the English UI: both "leer" and "empty".
    let (v, _, w) = words("appendix-d", "en");
    assert_eq!(w.square(&v, "empty"), Ok(None));
    assert_eq!(w.square(&v, "leer"), Ok(None));
    assert_eq!(w.square(&v, "white Turm"), Ok(pc('R')));
}

#[test]
fn unknown_and_ambiguous_words_are_named_back_safely() {
    let (v, p, w) = words("appendix-d", "en");
    let e = w.square(&v, "weiß Sp\u{7}x").unwrap_err();
    assert_eq!(e, BoardTextError::Unknown("Sp?x".into()));
    let said = explain(&v, &p, &w, &e);
    assert!(!said.chars().any(char::is_control), "{said}");
    assert!(said.contains("Sp?x"), "{said}");
    // A bidi override is no control character, but it reorders what a screen reader says: replaced too.
    let e = w.square(&v, "weiß Sp\u{202e}x").unwrap_err();
    assert_eq!(e, BoardTextError::Unknown("Sp?x".into()));
    // "Da" begins Dame and David.
    let e = w.rank(&v, "weiß Da Turm").unwrap_err();
    match &e {
        BoardTextError::Ambiguous { word, candidates } => {
            assert_eq!(word, "Da");
            assert!(
                candidates.contains(&"Dame".to_string())
                    && candidates.contains(&"David".to_string())
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(explain(&v, &p, &w, &e).contains("Dame"));
    let long = "x".repeat(500);
    match w.square(&v, &long).unwrap_err() {
        BoardTextError::Unknown(q) => {
            assert!(
                q.chars().count() <= crate::words::quote::MAX_QUOTED + 1,
                "{q}"
            )
        }
        other => panic!("{other:?}"),
    }
    let e = w.square(&v, "Springer").unwrap_err();
    assert_eq!(
        explain(&v, &p, &w, &e),
        "Which colour is the Springer? Say weiß or schwarz before it"
    );
}

#[test]
fn ranks_in_one_line() {
    let (v, _, w) = words("appendix-d", "de");
    let r = w
        .rank(&v, "weiß Turm Springer Läufer Dame König leer leer Turm")
        .unwrap();
    assert_eq!(rank_fen(&r), "RNBQK..R");
    let r = w
        .rank(&v, "schwarz Turm 3 leer König Läufer weiß Springer leer")
        .unwrap();
    assert_eq!(rank_fen(&r), "r...kbN.");
    let r = w.rank(&v, "rnbqk2r").unwrap();
    assert_eq!(rank_fen(&r), "rnbqk..r");
    let r = w.rank(&v, "R 3 K 2 R").unwrap();
    assert_eq!(rank_fen(&r), "R...K..R");
    // In a rank line "b2" is a black bishop and two empty squares, not a square.
    let r = w.rank(&v, "b2 p p 1 P Q").unwrap();
    assert_eq!(rank_fen(&r), "b..pp.PQ");
    assert_eq!(
        w.rank(&v, "Turm Springer Läufer Dame König leer leer Turm"),
        Err(BoardTextError::NoColour(Role::Rook))
    );
    assert_eq!(
        w.rank(&v, "weiß Turm Springer"),
        Err(BoardTextError::RankCount(2))
    );
    assert_eq!(w.rank(&v, "8"), Ok([None; 8]));
    assert_eq!(
        w.rank(&v, "weiß Turm eins"),
        Err(BoardTextError::OutOfPlace("eins".into()))
    );
    assert_eq!(w.rank(&v, ""), Err(BoardTextError::Nothing));
    let (v, _, w) = words("english", "en");
    let r = w
        .rank(&v, "black rook knight bishop queen king bishop knight rook")
        .unwrap();
    assert_eq!(rank_fen(&r), "rnbqkbnr");
    let (v, _, w) = words("greek", "el");
    let r = w
        .rank(&v, "λευκά Πύργος κενό κενό κενό Βασιλιάς κενό κενό Πύργος")
        .unwrap();
    assert_eq!(rank_fen(&r), "R...K..R");
}

#[test]
fn piece_lists_per_side() {
    let (v, _, w) = words("appendix-d", "de");
    let (b, sides) = w
        .piece_lists(
            &v,
            "weiß König Gustav eins, Turm Felix eins, Bauer Anna zwei Bella 2; schwarz König Gustav acht, Springer f6",
        )
        .unwrap();
    assert_eq!(b.board_fen().to_string(), "6k1/8/5n2/8/8/8/PP6/5RK1");
    assert_eq!(sides, vec![Color::White, Color::Black]);
    let (b, sides) = w.piece_lists(&v, "weiß Kg1 Tf1 Sf3 Bauer e4").unwrap();
    assert_eq!(b.board_fen().to_string(), "8/8/8/8/4P3/5N2/8/5RK1");
    assert_eq!(sides, vec![Color::White]);
    assert_eq!(
        w.piece_lists(&v, "weiß Gustav eins"),
        Err(BoardTextError::NoPiece(Square::G1))
    );
    // A bare square after a piece glued to its square is asked about, never taken as one more piece of
    // the same kind: the board check never guesses.
    assert_eq!(
        w.piece_lists(&v, "weiß Ke1 e2"),
        Err(BoardTextError::NoPiece(Square::E2))
    );
    assert_eq!(
        w.piece_lists(&v, "white Ke1 Qd1 Nf3 a2 b2"),
        Err(BoardTextError::NoPiece(Square::A2))
    );
    let (b, _) = w.piece_lists(&v, "white Ke1 Rook a1 h1 Pa2 Pb2").unwrap();
    assert_eq!(b.board_fen().to_string(), "8/8/8/8/8/8/PP6/R3K2R");
    assert_eq!(
        w.piece_lists(&v, "König Gustav eins"),
        Err(BoardTextError::NoColour(Role::King))
    );
    assert_eq!(
        w.piece_lists(&v, "weiß König g1 Dame g1"),
        Err(BoardTextError::Twice(Square::G1))
    );
    assert_eq!(
        w.piece_lists(&v, "weiß König Gustav"),
        Err(BoardTextError::OutOfPlace("Gustav".into()))
    );
    let (v, _, w) = words("greek", "el");
    let (b, _) = w
        .piece_lists(&v, "λευκά Βασιλιάς ζήτα ένα μαύρα Ίππος ε5")
        .unwrap();
    assert_eq!(b.board_fen().to_string(), "8/8/8/4n3/8/8/8/5K2");
}

#[test]
fn quick_questions() {
    let (v, p, w) = words("appendix-d", "en");
    let fillers: Vec<String> = list(p.get("words.filler")).map(str::to_string).collect();
    assert_eq!(
        w.question(&v, "is there a Springer on Felix drei?", &fillers),
        Ok((
            Square::F3,
            Asked::Piece {
                role: Role::Knight,
                color: None
            }
        ))
    );
    assert_eq!(
        w.question(&v, "Felix drei schwarzer Springer", &fillers),
        Ok((
            Square::F3,
            Asked::Piece {
                role: Role::Knight,
                color: Some(Color::Black)
            }
        ))
    );
    assert_eq!(
        w.question(&v, "e4 empty", &fillers),
        Ok((Square::E4, Asked::Empty))
    );
    assert_eq!(
        w.question(&v, "Sf3", &fillers),
        Ok((
            Square::F3,
            Asked::Piece {
                role: Role::Knight,
                color: None
            }
        ))
    );
    assert_eq!(
        w.question(&v, "is there a Springer", &fillers),
        Err(BoardTextError::Nothing)
    );
    let (v, p, w) = words("appendix-d", "de");
    let fillers: Vec<String> = list(p.get("words.filler")).map(str::to_string).collect();
    assert_eq!(
        w.question(&v, "steht ein Springer auf Felix drei", &fillers),
        Ok((
            Square::F3,
            Asked::Piece {
                role: Role::Knight,
                color: None
            }
        ))
    );
    assert_eq!(w.rank_word(&v, "drei"), Some(Rank::Third));
    assert_eq!(w.rank_word(&v, "3"), Some(Rank::Third));
    assert_eq!(w.rank_word(&v, "fuenf"), Some(Rank::Fifth));
    assert_eq!(w.rank_word(&v, "Turm"), None);
}

#[test]
fn fen_boards() {
    assert_eq!(
        fen_board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
            .parse()
            .unwrap()
    );
    assert_eq!(
        fen_board("8/8/9"),
        Err(BoardTextError::BadFen("8/8/9".into()))
    );
    assert_eq!(fen_board("  "), Err(BoardTextError::Nothing));
}

const VOCABULARIES: [&str; 3] = ["appendix-d", "english", "greek"];
const LANGUAGES: [&str; 3] = ["en", "de", "el"];

/// Every vocabulary's words (pieces, aliases, colours, empty words, files, ranks) and every UI language's
/// colour and empty words are read the same under every active vocabulary and every UI language.
#[test]
fn every_vocabulary_and_language_is_read_under_every_other() {
    let all_v: Vec<Vocabulary> = VOCABULARIES
        .iter()
        .map(|n| Vocabulary::builtin(n).unwrap())
        .collect();
    let all_p: Vec<Phrases> = LANGUAGES
        .iter()
        .map(|l| Phrases::builtin(l).unwrap())
        .collect();
    let mut checked = 0;
    for voc in VOCABULARIES {
        for lang in LANGUAGES {
            let (v, p, w) = words(voc, lang);
            let fillers: Vec<String> = list(p.get("words.filler")).map(str::to_string).collect();
            for other in &all_v {
                let whites: Vec<&str> = other.board.white.iter().map(String::as_str).collect();
                let blacks: Vec<&str> = other.board.black.iter().map(String::as_str).collect();
                for role in ROLES {
                    let mut names = vec![other.piece(role).to_string()];
                    names.extend(
                        other
                            .aliases
                            .iter()
                            .filter(|(_, t)| t.as_str() == other.piece(role))
                            .map(|(a, _)| a.clone()),
                    );
                    for name in &names {
                        for (colour, list) in [(Color::White, &whites), (Color::Black, &blacks)] {
                            for c in list.iter() {
                                let said = format!("{c} {name}");
                                assert_eq!(
                                    w.square(&v, &said),
                                    Ok(Some(Piece {
                                        color: colour,
                                        role
                                    })),
                                    "{said:?} with {voc}, {lang}"
                                );
                                checked += 1;
                            }
                        }
                    }
                }
                for e in &other.board.empty {
                    assert_eq!(w.square(&v, e), Ok(None), "{e:?} with {voc}, {lang}");
                }
                for sq in [Square::A1, Square::F3, Square::H8, Square::E5] {
                    let said = format!("{} {}", other.square(sq), other.piece(Role::Knight));
                    assert_eq!(
                        w.question(&v, &said, &fillers),
                        Ok((
                            sq,
                            Asked::Piece {
                                role: Role::Knight,
                                color: None
                            }
                        )),
                        "{said:?} with {voc}, {lang}"
                    );
                    checked += 1;
                }
                for (i, r) in other.ranks.iter().enumerate() {
                    assert_eq!(
                        w.rank_word(&v, r),
                        Some(Rank::new(i as u32)),
                        "{r} with {voc}"
                    );
                }
                for (alias, target) in &other.aliases {
                    if let Some(i) = other.ranks.iter().position(|r| r == target) {
                        assert_eq!(w.rank_word(&v, alias), Some(Rank::new(i as u32)), "{alias}");
                    }
                }
            }
            for ui in &all_p {
                for (key, want) in [
                    ("words.white", Some(pc('R'))),
                    ("words.black", Some(pc('r'))),
                ] {
                    for c in list(ui.get(key)) {
                        let said = format!("{c} {}", v.piece(Role::Rook));
                        assert_eq!(
                            w.square(&v, &said),
                            Ok(want.flatten()),
                            "{said:?} with {voc}, {lang}"
                        );
                    }
                }
                for e in list(ui.get("words.empty")) {
                    assert_eq!(w.square(&v, e), Ok(None), "{e:?} with {voc}, {lang}");
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn the_issue_examples_with_english_words_and_the_german_ui() {
    let (v, p, w) = words("english", "de");
    let fillers: Vec<String> = list(p.get("words.filler")).map(str::to_string).collect();
    let knight_f3 = Ok((
        Square::F3,
        Asked::Piece {
            role: Role::Knight,
            color: Some(Color::White),
        },
    ));
    assert_eq!(
        w.question(&v, "weiß Springer Felix drei", &fillers),
        knight_f3
    );
    assert_eq!(w.question(&v, "white knight f three", &fillers), knight_f3);
    assert_eq!(w.question(&v, "λευκός Ίππος ζ τρία", &fillers), knight_f3);
    assert_eq!(
        w.question(&v, "λευκός άλογο ζήτα τρεις", &fillers),
        knight_f3
    );
    assert_eq!(w.question(&v, "weiß Spr ζ3", &fillers), knight_f3);
    // A written piece with its square, in the German or Greek letters though the vocabulary is English.
    let written = Ok((
        Square::F3,
        Asked::Piece {
            role: Role::Knight,
            color: None,
        },
    ));
    assert_eq!(w.question(&v, "Sf3", &fillers), written);
    assert_eq!(w.question(&v, "Ιζ3", &fillers), written);
    assert_eq!(w.square(&v, "Turm weiss"), Ok(pc('R')));
    assert_eq!(w.square(&v, "leer"), Ok(None));
    assert_eq!(w.square(&v, "nichts"), Ok(None));
    assert_eq!(w.square(&v, "Πύργος μαύρος"), Ok(pc('r')));
    assert_eq!(
        w.square(&v, "ΠΥΡΓΟΣ ΜΑΥΡΟΣ"),
        Ok(pc('r')),
        "capitals, final sigma"
    );
    assert_eq!(
        w.square(&v, "πυργοσ μαυροσ"),
        Ok(pc('r')),
        "no accents, plain sigma"
    );
    assert_eq!(w.square(&v, "Koenig schwarzes"), Ok(pc('k')));
    let r = w
        .rank(&v, "weiß Turm Springer Läufer Dame König leer leer Turm")
        .unwrap();
    assert_eq!(rank_fen(&r), "RNBQK..R");
    let r = w
        .rank(
            &v,
            "μαύρα Πύργος κενό κενό Βασίλισσα Βασιλιάς Αξιωματικός άλογο Πύργος",
        )
        .unwrap();
    assert_eq!(rank_fen(&r), "r..qkbnr");
    let (b, sides) = w
        .piece_lists(
            &v,
            "weiß König Gustav eins, Turm Felix eins; black King ζήτα οκτώ, Pawn e7",
        )
        .unwrap();
    assert_eq!(b.board_fen().to_string(), "5k2/4p3/8/8/8/8/8/5RK1");
    assert_eq!(sides, vec![Color::White, Color::Black]);
}

/// The filler words of every UI language are left out of a quick question, whichever is set; a file
/// letter before a rank word stays a square even where it is a filler ("a").
#[test]
fn quick_questions_in_every_languages_form() {
    for lang in LANGUAGES {
        let (v, p, w) = words("english", lang);
        let fillers: Vec<String> = list(p.get("words.filler")).map(str::to_string).collect();
        for said in [
            "is there a Springer on Felix drei",
            "steht ein Springer auf Felix drei",
            "υπάρχει Ίππος στο ζήτα τρία",
        ] {
            assert_eq!(
                w.question(&v, said, &fillers),
                Ok((
                    Square::F3,
                    Asked::Piece {
                        role: Role::Knight,
                        color: None
                    }
                )),
                "{said:?} with {lang}"
            );
        }
        assert_eq!(
            w.question(&v, "is there a Turm on a drei", &fillers),
            Ok((
                Square::A3,
                Asked::Piece {
                    role: Role::Rook,
                    color: None
                }
            )),
            "with {lang}"
        );
        // A word that is no filler and no board word is still named back.
        assert_eq!(
            w.question(&v, "is there a Springer near Felix drei", &fillers),
            Err(BoardTextError::Unknown("near".into()))
        );
    }
}

/// "t" begins Turm and two: named back, never guessed; one letter is never a beginning. Where a letter is
/// a notation letter of the active vocabulary it keeps that meaning (German `t`: a black Turm).
#[test]
fn ambiguous_beginnings_across_vocabularies_are_named_back() {
    let (v, p, w) = words("english", "de");
    match w.rank(&v, "weiß t t t t t t t t").unwrap_err() {
        BoardTextError::Ambiguous { word, candidates } => {
            assert_eq!(word, "t");
            assert!(candidates.contains(&"Turm".to_string()), "{candidates:?}");
            assert!(candidates.contains(&"two".to_string()), "{candidates:?}");
        }
        other => panic!("{other:?}"),
    }
    // "si": sieben (Appendix D) or six (English).
    let e = w.rank(&v, "si").unwrap_err();
    assert_eq!(
        e,
        BoardTextError::Ambiguous {
            word: "si".into(),
            candidates: vec!["sieben".into(), "six".into()]
        }
    );
    let said = explain(&v, &p, &w, &e);
    assert!(said.contains("sieben") && said.contains("six"), "{said}");
    // "S" is no letter of English notation: a beginning of one letter, named back.
    assert!(matches!(
        w.square(&v, "S"),
        Err(BoardTextError::Ambiguous { .. })
    ));
    // One candidate still is not taken from one letter.
    assert!(matches!(
        w.square(&v, "ζ"),
        Err(BoardTextError::Ambiguous { .. })
    ));
    // Beginnings on which every vocabulary agrees are read.
    assert_eq!(w.square(&v, "schw Spr"), Ok(pc('n')));
    assert_eq!(w.square(&v, "λευ Ιπ"), Ok(pc('N')));
    assert_eq!(w.rank_word(&v, "sec"), Some(Rank::Sixth));
    // Under Appendix D, t and S are its notation letters.
    let (v, _, w) = words("appendix-d", "en");
    assert_eq!(w.square(&v, "t"), Ok(pc('r')));
    assert_eq!(w.square(&v, "S"), Ok(pc('N')));
    // B is SAN's bishop everywhere, never the beginning of Bauer.
    assert_eq!(w.square(&v, "B"), Ok(pc('B')));
    let (v, _, w) = words("greek", "de");
    assert_eq!(w.square(&v, "B"), Ok(pc('B')));
    assert_eq!(w.square(&v, "Ι"), Ok(pc('N')));
}

/// No built-in word means one thing in one vocabulary or UI language and another in another: a clash
/// would be read by the active vocabulary's meaning, and a new file must not bring one in unseen.
#[test]
fn built_in_words_do_not_clash() {
    let o = others();
    for (i, e) in o.entries.iter().enumerate() {
        for f in &o.entries[i + 1..] {
            assert!(
                e.folded != f.folded || e.cat == f.cat,
                "{} ({:?}) and {} ({:?})",
                e.shown,
                e.cat,
                f.shown,
                f.cat
            );
        }
    }
    // Every vocabulary's piece letters mean one piece (the German S and the Greek Ι both a knight).
    assert!(o.letters.contains(&('S', Role::Knight)) && o.letters.contains(&('Ι', Role::Knight)));
}

/// A word that is one thing in the active vocabulary and another in a built-in one: the active meaning
/// stands; with another vocabulary active, that one's meaning does.
#[test]
fn the_active_vocabulary_wins_a_clash() {
    let text = crate::words::vocabulary::BUILTIN[0]
        .1
        .replace("rook: \"Turm\"", "rook: \"Knight\"");
    assert_ne!(text, crate::words::vocabulary::BUILTIN[0].1);
    let v = Vocabulary::from_ron(&text, "mine.ron").unwrap();
    let p = Phrases::builtin("en").unwrap();
    let w = BoardWords::new(&v, &p);
    assert_eq!(w.square(&v, "white Knight"), Ok(pc('R')));
    let (v, _, w) = words("english", "en");
    assert_eq!(w.square(&v, "white Knight"), Ok(pc('N')));
}

fn board_strategy()
-> impl proptest::strategy::Strategy<Value = (Vec<Option<(bool, usize)>>, Vec<usize>)> {
    use proptest::prelude::*;
    (
        proptest::collection::vec(proptest::option::of((any::<bool>(), 0usize..6)), 64),
        proptest::collection::vec(0usize..16, 64),
    )
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 40, ..Default::default() })]
    /// For every vocabulary and UI language, a random board described in the words of a different
    /// vocabulary (rank lines, then piece lists) reads back to the same board.
    #[test]
    fn a_board_in_another_vocabularys_words_reads_back((squares, picks) in board_strategy()) {
        let mut board = Board::empty();
        for (i, s) in squares.iter().enumerate() {
            if let Some((white, r)) = s {
                let color = if *white { Color::White } else { Color::Black };
                board.set_piece_at(Square::new(i as u32), Piece { color, role: ROLES[*r] });
            }
        }
        for voc in VOCABULARIES {
            for lang in LANGUAGES {
                let (v, _, w) = words(voc, lang);
                for said_in in VOCABULARIES.iter().filter(|o| **o != voc) {
                    let o = Vocabulary::builtin(said_in).unwrap();
                    let pick = |list: &[String], i: usize| list[picks[i] % list.len()].clone();
                    let colour = |c: Color, i: usize| match c {
                        Color::White => pick(&o.board.white, i),
                        Color::Black => pick(&o.board.black, i),
                    };
                    // Rank lines: each piece with its colour.
                    let mut read = Board::empty();
                    for rank in Rank::ALL {
                        let mut said = Vec::new();
                        for file in File::ALL {
                            let sq = Square::from_coords(file, rank);
                            said.push(match board.piece_at(sq) {
                                None => pick(&o.board.empty, usize::from(sq)),
                                Some(p) => format!("{} {}", colour(p.color, usize::from(sq)), o.piece(p.role)),
                            });
                        }
                        let line = said.join(" ");
                        let r = w.rank(&v, &line);
                        proptest::prop_assert!(r.is_ok(), "{line:?} with {voc}, {lang}: {r:?}");
                        for (file, p) in File::ALL.iter().zip(r.unwrap()) {
                            if let Some(p) = p {
                                read.set_piece_at(Square::from_coords(*file, rank), p);
                            }
                        }
                    }
                    proptest::prop_assert_eq!(&read, &board, "rank lines in {} with {}, {}", said_in, voc, lang);
                    // Piece lists: both sides, each piece named before its squares.
                    let mut text = Vec::new();
                    for c in [Color::White, Color::Black] {
                        text.push(colour(c, 0));
                        for role in ROLES {
                            let on = board.by_color(c) & board.by_role(role);
                            if on.is_empty() {
                                continue;
                            }
                            text.push(format!("{},", o.piece(role)));
                            for sq in on {
                                text.push(format!("{},", o.square(sq)));
                            }
                        }
                    }
                    if board.occupied().is_empty() {
                        continue;
                    }
                    let text = text.join(" ");
                    let r = w.piece_lists(&v, &text);
                    proptest::prop_assert!(r.is_ok(), "{text:?} with {voc}, {lang}: {r:?}");
                    proptest::prop_assert_eq!(&r.unwrap().0, &board, "{}", text);
                }
            }
        }
    }
}
