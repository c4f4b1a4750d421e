//! End-to-end: the board check (R-D.2.9) reads the words of every vocabulary and UI language, whatever the
//! player set: with the English vocabulary and the German UI, a guided walk answered in Greek, Appendix D and
//! English words and letters, rank lines in Appendix D and in Greek words, quick checks (`ist`, `is`, `check
//! square`) with squares in any vocabulary; a word hector cannot read, and a beginning that could be several
//! words, are named back and the square asked again.

mod common;

fn has(lines: &[String], text: &str) -> usize {
    lines
        .iter()
        .position(|l| l == text)
        .unwrap_or_else(|| panic!("no line {text:?} in {lines:#?}"))
}

/// Lines in this order (each after the one before).
fn in_order(lines: &[String], wanted: &[&str]) {
    let mut from = 0;
    for w in wanted {
        match lines[from..].iter().position(|l| l == w) {
            Some(i) => from += i + 1,
            None => panic!("no line {w:?} after line {from} in {lines:#?}"),
        }
    }
}

#[test]
fn english_vocabulary_german_ui_reads_every_vocabularys_words() {
    let dir = common::temp_dir("check-words");
    let input = [
        // The guided walk, from White's side.
        "check",
        "weiß Elefant",
        "t",
        "λευκά Πύργος Ίππος Αξιωματικός Βασίλισσα Βασιλιάς Αξιωματικός άλογο Πύργος",
        "weiß Bauer Bauer Bauer Bauer Bauer Bauer Bauer Bauer",
        "8",
        "8",
        "8",
        "8",
        "black Pawn Pawn Pawn Pawn Pawn Pawn Pawn Pawn",
        "schwarz Turm",
        "μαύρος Ίππος",
        "schw Läu",
        "black Queen",
        "k",
        "b",
        "n",
        "Πύργος μαύρο",
        // Rank lines.
        "check rank eins weiß Turm Springer Läufer Dame König Läufer Springer Turm",
        "check rank acht μαύρα Πύργος Ίππος Αξιωματικός Βασίλισσα Βασιλιάς Αξιωματικός Ίππος Πύργος",
        "check rank zwei weiß Bauer Bauer Bauer leer Bauer Bauer Bauer Bauer",
        "check rank επτά μαύρα Πιόνι Πιόνι Πιόνι Πιόνι κενό Πιόνι Πιόνι Πιόνι",
        "check rank eins weiß Elefant",
        // Quick checks.
        "ist Springer Gustav eins",
        "is λευκός Ίππος ζήτα ένα",
        "is f three leer",
        "check square Felix drei schwarz Springer",
        // The English question form (its filler words) under the German UI.
        "is there a white Springer on Gustav eins",
        "quit",
    ]
    .join("\n");
    let r = common::run_in(
        &dir,
        &[
            "--line",
            "--opponent",
            "human",
            "--vocabulary",
            "english",
            "--language",
            "de",
        ],
        input.as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    let start = l
        .iter()
        .position(|x| x.starts_with("Brettprüfung, Feld für Feld"))
        .unwrap_or_else(|| panic!("{l:#?}"));
    assert!(l[start].ends_with("Anna one?"), "{}", l[start]);
    in_order(
        &l[start..],
        &[
            "Ich kann \"Elefant\" nicht lesen; bitte noch einmal. Anna one?",
            "\"t\" kann Turm, three oder two sein; bitte mehr vom Wort. Anna one?",
            "Anna two?",
            "Anna three?",
            "Anna seven?",
            "Anna eight?",
            "Bella eight?",
            "Cesar eight?",
            "David eight?",
            "Eva eight?",
            "Felix eight?",
            "Gustav eight?",
            "Hector eight?",
            "Dein Brett stimmt mit der Partie überein, auf allen Feldern",
            "Dein Brett stimmt mit der Partie überein, auf Reihe one",
            "Dein Brett stimmt mit der Partie überein, auf Reihe eight",
            "Die Bretter unterscheiden sich auf David two. So wird es richtig: auf David two gehört: Pawn, weiß",
            "Die Bretter unterscheiden sich auf Eva seven. So wird es richtig: auf Eva seven gehört: Pawn, schwarz",
            "Ich kann \"Elefant\" nicht lesen; bitte noch einmal",
            "Ja: Gustav one: Knight, Weiß",
            "Nein: Felix one: Bishop, Weiß",
            "Ja: Felix three: leer",
            "Nein: Felix three: leer",
            "Ja: Gustav one: Knight, Weiß",
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Greek vocabulary with the English UI: Appendix D and English words, and an Appendix D letter that is
/// no Greek one (`S`) named back rather than guessed.
#[test]
fn greek_vocabulary_english_ui_reads_appendix_d_and_english_words() {
    let dir = common::temp_dir("check-words-el");
    let input = [
        "check rank eins weiß Turm Springer Läufer Dame König Läufer Springer Turm",
        "check rank eight black rook knight bishop queen king bishop knight rook",
        "check rank sieben schwarz Bauer Bauer Bauer Bauer leer Bauer Bauer Bauer",
        "is there a white Knight on Gustav eins",
        "check square S Gustav eins",
        "quit",
    ]
    .join("\n");
    let r = common::run_in(
        &dir,
        &[
            "--line",
            "--opponent",
            "human",
            "--vocabulary",
            "greek",
            "--language",
            "en",
        ],
        input.as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    in_order(
        l,
        &[
            "Your board agrees with the game on rank ένα",
            "Your board agrees with the game on rank οκτώ",
        ],
    );
    let differ = l
        .iter()
        .position(|x| x.starts_with("Boards differ on έψιλον επτά"))
        .unwrap_or_else(|| panic!("{l:#?}"));
    assert!(l[differ].contains("Πιόνι"), "{}", l[differ]);
    has(l, "Yes: ήτα ένα: White Ίππος");
    let s = l
        .iter()
        .position(|x| x.starts_with("\"S\" could be "))
        .unwrap_or_else(|| panic!("{l:#?}"));
    assert_eq!(
        l[s],
        "\"S\" could be Springer, schwarz, sechs or sieben; say more of the word"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
