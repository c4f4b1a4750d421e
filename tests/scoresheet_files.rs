//! The scoresheet files of a real game (R-8.1.1, R-8.1.5, R-D.2.7): PGN with clocks and draw offers, the plain
//! text, and the braille-ready file checked against liblouis's own translator (`lou_translate`, Debian
//! liblouis-bin) for the same text.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use hector::braille::{self, BrailleTable, CELLS_PER_LINE, LINES_PER_PAGE};
use hector::rules::Game;
use hector::rules::pgn::{self, ExportTags};
use hector::words::scoresheet;

const GAME: &str = include_str!("data/pgn/famous/nepomniachtchi-liren-game1.pgn");

/// `lou_translate --forward TABLES`, one output line per input line.
fn lou_translate(tables: &str, text: &str) -> Vec<String> {
    let mut child = Command::new("lou_translate")
        .args(["--forward", tables])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lou_translate runs (Debian liblouis-bin, installed by scripts/install-deps.sh)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.trim().is_empty(),
        "lou_translate {tables}: {stderr}"
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The game with a draw offer on two moves and a clock reading after every move, as a session keeps it.
fn recorded_game() -> (Game, Vec<Option<Duration>>) {
    let mut game = pgn::import_game(GAME).expect("the game imports");
    let mut left = [Duration::from_secs(7200), Duration::from_secs(7200)];
    let mut clocks = Vec::new();
    for (i, ply) in game.plies_mut().iter_mut().enumerate() {
        let side = i % 2;
        left[side] = left[side].saturating_sub(Duration::from_secs(5 + (i as u64 * 37) % 150));
        clocks.push(Some(left[side]));
        ply.annotations
            .comments
            .push(format!("[%clk {}]", scoresheet::clock_text(left[side])));
        if i == 36 || i == 96 {
            ply.draw_offer = true; // 19. Kh2 (=) and 49. Ke3 (=)
        }
    }
    (game, clocks)
}

fn split_pages(brf: &str) -> Vec<Vec<&str>> {
    brf.split('\x0c')
        .map(|page| {
            assert!(page.ends_with("\r\n"), "a page ends with CR LF: {page:?}");
            page[..page.len() - 2].split("\r\n").collect()
        })
        .collect()
}

fn check_layout(brf: &str) -> Vec<String> {
    assert!(
        brf.bytes()
            .all(|b| b == b'\r' || b == b'\n' || b == 0x0c || (0x20..0x60).contains(&b)),
        "only braille ASCII, CR LF and form feeds: {brf:?}"
    );
    assert!(!brf.replace("\r\n", "").contains('\n') && !brf.replace("\r\n", "").contains('\r'));
    let pages = split_pages(brf);
    for (i, page) in pages.iter().enumerate() {
        if i + 1 < pages.len() {
            assert_eq!(page.len(), LINES_PER_PAGE, "page {}", i + 1);
        } else {
            assert!(page.len() <= LINES_PER_PAGE);
        }
        for line in page {
            assert!(
                line.len() <= CELLS_PER_LINE,
                "{} cells: {line:?}",
                line.len()
            );
        }
    }
    pages.concat().into_iter().map(str::to_string).collect()
}

/// The BRF of `text` in `table` is liblouis's translation of each line, in the BRF display table, line for line
/// (a line over 40 cells wrapped at the blanks between words), in pages of 25 lines.
fn check_against_liblouis(text: &str, table: &BrailleTable, display: &str) -> (String, usize) {
    let brf = braille::brf(text, table).unwrap_or_else(|e| panic!("{e}"));
    let lines = check_layout(&brf);
    let expected = lou_translate(&format!("{display},{}", table.file()), text);
    let sources: Vec<&str> = text.lines().collect();
    assert_eq!(expected.len(), sources.len());
    let mut at = 0;
    let mut wrapped = 0;
    for (source, louis) in sources.iter().zip(&expected) {
        let louis: String = if display == "unicode.dis" {
            // Unicode braille: the six upper dots of each cell in braille ASCII.
            louis
                .chars()
                .map(|c| match c {
                    ' ' => ' ',
                    c => braille::cell_char(u32::from(c).wrapping_sub(0x2800) as u8),
                })
                .collect()
        } else {
            louis.clone()
        };
        let louis = louis.trim_end();
        if louis.len() <= CELLS_PER_LINE {
            assert_eq!(lines[at], louis, "line {at} from {source:?}");
            at += 1;
        } else {
            // Several BRF lines, broken where liblouis's line has a blank, or inside a word that fills a
            // whole line.
            let mut joined = String::new();
            while joined.len() < louis.len() && at < lines.len() {
                let line = &lines[at];
                at += 1;
                joined.push_str(line);
                if louis[joined.len().min(louis.len())..].starts_with(' ') {
                    while louis[joined.len()..].starts_with(' ') {
                        joined.push(' ');
                    }
                } else if joined.len() < louis.len() {
                    assert_eq!(line.len(), CELLS_PER_LINE, "cut inside a word: {line:?}");
                    assert!(
                        !line.trim_start().contains(' '),
                        "cut inside a word: {line:?}"
                    );
                }
            }
            assert_eq!(joined, louis, "lines up to {at} from {source:?}");
            wrapped += 1;
        }
    }
    assert_eq!(at, lines.len(), "no line more than liblouis's");
    (brf, wrapped)
}

#[test]
fn a_real_game_to_plain_text_and_braille_matching_liblouis_line_for_line() {
    let (game, clocks) = recorded_game();
    let tags = ExportTags::default();
    let text = scoresheet::plain_text(&game, &tags, &clocks);
    assert!(
        text.starts_with("Event:        FIDE World Championship 2023\n"),
        "{text}"
    );
    assert!(
        text.contains("Time control: 40/7200:20/3600:900+30"),
        "{text}"
    );
    assert!(text.contains("\n 5.  0-0 "), "castling with zeros: {text}");
    assert!(text.contains("19.  Kh2 (=)  "), "{text}");
    assert!(text.contains("49.  Ke3 (=)  "), "{text}");
    assert!(
        text.trim_end()
            .ends_with("Result: 1/2-1/2 (Draw by agreement)"),
        "{text}"
    );
    let numbered = |l: &&str| {
        let n = l.trim_start().split('.').next().unwrap_or("");
        !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
    };
    assert_eq!(text.lines().filter(numbered).count(), 49, "{text}");
    assert_eq!(
        text.lines().filter(|l| l.contains(" (=)")).count(),
        2,
        "{text}"
    );

    let source = scoresheet::braille_text(&game, &tags, &clocks);
    assert!(source.contains("\n19. Kh2 (=) "), "{source}");
    for table in [
        BrailleTable::EnglishComputer,
        BrailleTable::EnglishUncontracted,
        BrailleTable::GermanComputer,
        BrailleTable::GermanUncontracted,
    ] {
        let (brf, _) = check_against_liblouis(&source, &table, "en-us-brf.dis");
        // 8 header lines, a blank, 49 move pairs, a blank, the result: three pages or more.
        assert!(brf.matches('\x0c').count() >= 2, "{table:?}: {brf}");
        let (again, _) = check_against_liblouis(&source, &table, "unicode.dis");
        assert_eq!(brf, again);
    }
}

#[test]
fn the_default_table_is_english_six_dot_computer_braille() {
    let brf = braille::brf("12. Nf3 (=) 1:29:50", &BrailleTable::default()).unwrap();
    // Computer braille: digits without a number sign, one cell per character, the capital N marked.
    assert_eq!(
        brf,
        lou_translate("en-us-brf.dis,en-us-comp6.ctb", "12. Nf3 (=) 1:29:50")[0].clone() + "\r\n"
    );
    assert_eq!(brf, "12. _NF3 (=) 1:29:50\r\n");
}

#[test]
fn german_and_greek_tables_give_braille_of_their_own() {
    let (game, clocks) = recorded_game();
    let source = scoresheet::braille_text(&game, &ExportTags::default(), &clocks);
    let english = braille::brf(&source, &BrailleTable::EnglishComputer).unwrap();
    for table in [
        BrailleTable::GermanComputer,
        BrailleTable::GermanUncontracted,
        BrailleTable::Greek,
    ] {
        let (brf, _) = check_against_liblouis(&source, &table, "unicode.dis");
        assert!(brf.len() > 1000, "{table:?}");
        assert_ne!(brf, english, "{table:?}");
    }
    // Greek: moves and names are Latin letters, each word marked as Latin; the draw offer's stand-alone
    // brackets are 8-dot cells in el.ctb and come out as their six upper dots.
    let greek = braille::brf("Kh2 (=)", &BrailleTable::Greek).unwrap();
    assert!(!greek.trim().is_empty());
}

#[test]
fn long_lines_wrap_at_word_boundaries_and_words_over_forty_cells_are_cut() {
    let text = "Event: The Very Long Name of an International Open Chess Festival Held in Thessaloniki\n\
                Site: abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz\n\n1. e4 e5";
    for table in [
        BrailleTable::EnglishComputer,
        BrailleTable::EnglishUncontracted,
    ] {
        let (_, wrapped) = check_against_liblouis(text, &table, "en-us-brf.dis");
        assert_eq!(wrapped, 2, "{table:?}");
    }
    let brf = braille::brf(text, &BrailleTable::EnglishComputer).unwrap();
    let lines = check_layout(&brf);
    assert_eq!(lines[0], "_EVENT: _THE _VERY _LONG _NAME OF AN");
    assert!(
        lines
            .iter()
            .any(|l| l.len() == CELLS_PER_LINE && !l.contains(' ')),
        "{lines:?}"
    );
    assert!(
        lines.contains(&String::new()),
        "a blank line stays: {lines:?}"
    );
}

#[test]
fn a_missing_table_is_a_clear_error() {
    let table = BrailleTable::from_name("no-such-table.ctb").unwrap();
    let err = braille::brf("1. e4", &table).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("no-such-table.ctb"), "{text}");
    assert!(braille::check_table(&table).is_err());
    assert!(braille::check_table(&BrailleTable::default()).is_ok());
    // A table that exists still works after the failure.
    assert_eq!(
        braille::brf("e4", &BrailleTable::default()).unwrap(),
        "E4\r\n"
    );
}

#[test]
fn the_pgn_keeps_draw_offers_and_clocks_and_the_scoresheet_survives_a_round_trip() {
    let (game, clocks) = recorded_game();
    let tags = ExportTags::default();
    let exported = pgn::export(&game, &tags);
    let one_line = exported.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(one_line.contains("19. Kh2 {(=)} {[%clk 1:"), "{exported}");
    assert!(one_line.contains("49. Ke3 {(=)} {[%clk 0:"), "{exported}");
    let back = pgn::import_game(&exported).expect("the export imports");
    let offers: Vec<usize> = back
        .plies()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.draw_offer)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(offers, vec![36, 96]);
    let clocks_back: Vec<Option<Duration>> = back
        .plies()
        .iter()
        .map(|p| {
            p.annotations.comments.iter().find_map(|c| {
                let t = c.strip_prefix("[%clk ")?.strip_suffix(']')?;
                let mut it = t.split(':').map(|x| x.parse::<u64>().ok());
                let (h, m, s) = (it.next()??, it.next()??, it.next()??);
                Some(Duration::from_secs(h * 3600 + m * 60 + s))
            })
        })
        .collect();
    assert_eq!(clocks_back, clocks);
    assert_eq!(
        scoresheet::plain_text(&back, &tags, &clocks_back),
        scoresheet::plain_text(&game, &tags, &clocks)
    );
}
