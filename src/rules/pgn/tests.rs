//! Tests of PGN export and import: round trips, lenient reading, errors and warnings.

use shakmaty::Color;
use shakmaty::san::SanPlus;

use crate::rules::ending::{EndReason, Ending, GameResult};
use crate::rules::game::{Game, MovetextItem};

use super::build::{MAX_VARIATION_DEPTH, mainline_sans};
use super::collect::{clean_comment, collapse_whitespace};
use super::reader::{import, import_bytes};
use super::report::{ImportErrorKind, MoveAt};
use super::scan::{is_token_end, plain_san_len};
use super::writer::{ExportTags, LINE_WIDTH, export};

fn one(text: &str) -> Game {
    let r = import(text);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.games.len(), 1);
    r.games.into_iter().next().unwrap()
}

/// Found by fuzzing: a tag named `F<DEL>EN` was written as `FEN` and the saved game could not
/// be read back; `Fen` was read back as the FEN tag.
#[test]
fn a_tag_name_cleaned_into_a_derived_tag_is_not_written() {
    for name in ["F\u{7f}EN", "SET\u{0}UP", "Vari\u{1}ant", "result"] {
        let text = format!("[{name} \"not a position\"]\n\n1. e4 e5 *\n");
        let g = one(&text);
        let exported = export(&g, &ExportTags::default());
        let again = import(&exported);
        assert!(
            again.errors.is_empty(),
            "{name:?}: {:?}\n{exported}",
            again.errors
        );
        assert_eq!(again.games[0].plies().len(), 2);
        assert!(!exported.contains("not a position"), "{exported}");
    }
}

/// Nesting deeper than MAX_VARIATION_DEPTH is left out with a warning, not recursed into (a 1 MB file of nested
/// variations overflowed the stack).
#[test]
fn variations_nested_too_deep_are_left_out() {
    let deep = format!("1. e4 {}{} e5 *\n", "(1. d4 ".repeat(200), ")".repeat(200));
    let r = import(&deep);
    assert!(r.errors.is_empty());
    let g = &r.games[0];
    assert_eq!(g.plies().len(), 2);
    let mut depth = 0;
    let mut items = &g.plies()[0].annotations.variations[0];
    loop {
        depth += 1;
        match items.iter().find_map(|i| match i {
            MovetextItem::Variation(v) => Some(v),
            _ => None,
        }) {
            Some(v) => items = v,
            None => break,
        }
    }
    assert_eq!(depth, MAX_VARIATION_DEPTH);
    assert_eq!(
        r.warnings
            .iter()
            .map(|w| w.message.as_str())
            .collect::<Vec<_>>(),
        ["variations nested more than 64 deep were left out"]
    );
    // Exactly at the limit: kept whole, no warning.
    let ok = format!("1. e4 {}{} e5 *\n", "(1. d4 ".repeat(64), ")".repeat(64));
    assert!(import(&ok).warnings.is_empty());
}

#[test]
fn seven_tag_roster_comes_first_with_defaults() {
    let mut g = Game::new();
    g.play_san("e4").unwrap();
    g.tags.push("Annotator", "me");
    g.tags.push("White", "A \"quoted\" name");
    let pgn = export(&g, &ExportTags::default());
    let names: Vec<&str> = pgn
        .lines()
        .take_while(|l| l.starts_with('['))
        .map(|l| l[1..].split(' ').next().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "Annotator",
            "Termination",
            "TimeControl"
        ]
    );
    assert!(pgn.contains("[Date \"????.??.??\"]"));
    assert!(pgn.contains("[White \"A \\\"quoted\\\" name\"]"));
    assert!(pgn.contains("[Termination \"unterminated\"]"));
    assert!(pgn.ends_with("1. e4 *\n"), "{pgn}");
    let back = one(&pgn);
    assert_eq!(back.tags.get("White").unwrap(), "A \"quoted\" name");
}

#[test]
fn draw_offer_is_a_comment_after_the_move_and_comes_back() {
    let mut g = Game::new();
    g.play_san("e4").unwrap();
    g.offer_draw(Color::White).unwrap();
    g.play_san("e5").unwrap();
    let pgn = export(&g, &ExportTags::default());
    assert!(pgn.contains("1. e4 {(=)} 1... e5"), "{pgn}");
    let back = one(&pgn);
    assert!(back.plies()[0].draw_offer);
    assert!(!back.plies()[1].draw_offer);
    // The scoresheet form (R-C.12) is read too.
    let back = one("1. e4 e5 2. Nf3 (=) Nc6 *");
    assert!(back.plies()[2].draw_offer);
    assert!(back.plies()[2].annotations.variations.is_empty());
}

#[test]
fn errors_name_game_move_side_text_and_reason() {
    let text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n[White \"C\"]\n[Black \"D\"]\n\n1. e4 e5 2. Ke3 *\n\n1. d4 *\n";
    let r = import(text);
    assert_eq!(r.games.len(), 2);
    assert_eq!(r.numbers, vec![1, 3]);
    assert_eq!(r.errors.len(), 1);
    let e = &r.errors[0];
    assert_eq!(e.game, 2);
    assert_eq!(
        e.at,
        Some(MoveAt {
            number: 2,
            side: Color::White,
            text: "Ke3".into()
        })
    );
    assert_eq!(e.kind, ImportErrorKind::IllegalMove);
    assert_eq!(
        e.to_string(),
        "game 2 (C - D), move 2 for White, \"Ke3\": illegal in this position"
    );
}

#[test]
fn text_the_reader_skips_is_named() {
    let r = import("1. e4 e5 2. Tf3 Nc6 *");
    let e = &r.errors[0];
    assert_eq!(e.at.as_ref().unwrap().text, "Tf3");
    assert_eq!(e.kind, ImportErrorKind::NotAMove);
    // Lenient forms: long algebraic with hyphens, UCI promotion, trailing comma, e.p.
    let g = one("1. e2-e4 d7-d5 2. e4xd5 c7-c5 3. dxc6 e.p. Nb8-c6, 4. Bf1-b5 *");
    assert_eq!(
        mainline_sans(&g),
        ["e4", "d5", "exd5", "c5", "dxc6", "Nxc6", "Bb5"]
    );
    let g = one("[FEN \"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1\"]\n\ne7e8q *");
    assert_eq!(mainline_sans(&g), ["e8=Q"]);
}

#[test]
fn ambiguous_moves_list_the_candidates() {
    let r = import("[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n\n1. Nd2 *");
    assert_eq!(
        r.errors[0].kind,
        ImportErrorKind::AmbiguousMove(vec!["Nbd2".into(), "Nfd2".into()])
    );
}

#[test]
fn results_become_endings() {
    assert_eq!(
        one("1. e4 e5 1-0").ending(),
        Some(Ending::new(EndReason::Resignation, GameResult::WhiteWins))
    );
    assert_eq!(
        one("[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2")
            .ending()
            .unwrap()
            .reason,
        EndReason::Agreement
    );
    let g = one("[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n\n1. e4 0-1");
    assert_eq!(
        g.ending(),
        Some(Ending::new(EndReason::TimeForfeit, GameResult::BlackWins))
    );
    assert_eq!(
        one("1. f3 e5 2. g4 Qh4# 0-1").ending().unwrap().reason,
        EndReason::Checkmate
    );
    assert_eq!(one("1. e4 *").ending(), None);
}

#[test]
fn variants_other_than_chess960_are_refused() {
    let r = import("[Variant \"Crazyhouse\"]\n\n1. e4 *");
    assert_eq!(
        r.errors[0].kind,
        ImportErrorKind::UnsupportedVariant("Crazyhouse".into())
    );
    assert!(r.errors[0].to_string().contains("not supported"));
}

/// What `plain_san_len` accepts, shakmaty's reader reads whole, to the same length; and it accepts the
/// usual moves.
fn agrees_with_the_reader(text: &[u8]) -> bool {
    match plain_san_len(text) {
        None => true,
        Some(len) => matches!(
            SanPlus::from_ascii_prefix(text),
            Ok((_, n)) if n == len && text.get(len).is_none_or(|&c| is_token_end(c))
        ),
    }
}

#[test]
fn the_scans_plain_san_is_read_as_the_reader_reads_it() {
    for plain in [
        "e4", "exd5", "e8=Q", "dxc1=N#", "Nf3", "Nbd7", "N1f3", "Ng1f3", "Qh4xe1+", "Rxa8",
        "Kxh8#", "O-O", "O-O-O+", "Bb5+",
    ] {
        assert_eq!(
            plain_san_len(plain.as_bytes()),
            Some(plain.len()),
            "{plain}"
        );
        let followed = format!("{plain} {{c}}");
        assert_eq!(plain_san_len(followed.as_bytes()), Some(plain.len()));
        let annotated = format!("{plain}!?");
        assert_eq!(plain_san_len(annotated.as_bytes()), Some(plain.len()));
    }
    for other in [
        "e4e5", "e8Q", "Kxe8=Q", "O-O-O-O", "0-0", "ed5", "Nf", "exd", "e4++", "P@e4", "--",
    ] {
        assert_eq!(plain_san_len(other.as_bytes()), None, "{other}");
    }
    // Every string of up to four characters over the letters of SAN and the ends of tokens.
    let alphabet = b"abh18KQNBRxO-=+# .!{(";
    let mut text = Vec::new();
    let mut count = 0usize;
    fn each(text: &mut Vec<u8>, alphabet: &[u8], left: usize, count: &mut usize) {
        assert!(
            agrees_with_the_reader(text),
            "{:?}",
            String::from_utf8_lossy(text)
        );
        *count += 1;
        if left == 0 {
            return;
        }
        for &c in alphabet {
            text.push(c);
            each(text, alphabet, left - 1, count);
            text.pop();
        }
    }
    each(&mut text, alphabet, 4, &mut count);
    assert!(count > 100_000);
    // And random strings of up to eight, with the whole board's files and ranks.
    let alphabet = b"abcdefgh12345678KQRBNPxO0-=+#@ .!?{()$;";
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..200_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let len = (state % 9) as usize;
        let text: Vec<u8> = (0..len)
            .map(|k| alphabet[((state >> (k * 6)) % alphabet.len() as u64) as usize])
            .collect();
        assert!(
            agrees_with_the_reader(&text),
            "{:?}",
            String::from_utf8_lossy(&text)
        );
    }
}

#[test]
fn a_plain_comment_is_kept_as_the_whitespace_rule_would_keep_it() {
    let mut rng = crate::rules::TestRng::new(0x1234_5678_9abc_def1);
    // Bytes a comment is made of, whitespace of every kind and non-ASCII included.
    let alphabet: &[u8] = b"[%clk 0:5.]  \t\n\r\x0b\x0c aZ{}\"\xc3\xa9\xe2\x80\xa8\x85\xa0\x7f\x00";
    let mut plain = 0;
    for _ in 0..200_000 {
        let len = rng.below(12);
        let bytes: Vec<u8> = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let cleaned = clean_comment(&bytes);
        assert_eq!(cleaned, collapse_whitespace(&bytes), "{bytes:?}");
        plain += usize::from(cleaned.as_bytes() == bytes.trim_ascii());
    }
    assert!(plain > 1000, "the plain case is met ({plain})");
    assert_eq!(clean_comment(b" [%clk 0:05:00] "), "[%clk 0:05:00]");
    assert_eq!(clean_comment(b"a \t b\n\nc"), "a b c");
}

#[test]
fn garbage_never_panics() {
    for text in [
        "",
        "\u{feff}",
        "[",
        "[\"",
        "{",
        "(((",
        ")))",
        "$999 $",
        "1-",
        "0-",
        "1/2",
        "\u{bd}",
        "[A \"b\\",
        "%x\n[",
        "Z0 -- @@ N@f3",
    ] {
        let _ = import(text);
    }
    let bytes: Vec<u8> = (0..=255u8).cycle().take(5000).collect();
    let _ = import_bytes(&bytes);
}

#[test]
fn lines_are_at_most_80_columns() {
    let mut g = Game::new();
    for _ in 0..40 {
        let m = g.legal_moves()[0];
        g.play(m).unwrap();
        g.plies_mut()
            .last_mut()
            .unwrap()
            .annotations
            .comments
            .push("a fairly long comment that has to be wrapped somewhere".into());
    }
    let pgn = export(&g, &ExportTags::default());
    assert!(
        pgn.lines().all(|l| l.chars().count() <= LINE_WIDTH),
        "{pgn}"
    );
    let back = one(&pgn);
    assert_eq!(export(&back, &ExportTags::default()), pgn);
}
