//! PGN import, data-driven (R-C, R-8.1, R-8.7): every file under `tests/data/pgn` is read, and what comes back is
//! checked against the text itself, read a second time here with pgn-reader and shakmaty alone.
//!
//! - `edge_case_files_never_panic_and_answer_clearly`: each malformed file gives games or clear errors, never a
//!   panic; every game of the file is accounted for once; an error names the game, the move and its text, and why.
//! - `bad_game_in_the_middle_*`, `ambiguous_*`, `unknown_text_*`, `truncated_*`, `empty_*`: built texts.
//! - `real_games_*`: the famous games and the three collections, replayed move by move against the record.
//! - `chess960_*`, `other_variants_*`: the Variant tag.
//! - `export_*`: the Seven Tag Roster, Result, Termination, TimeControl, SetUp/FEN, Variant and draw offers (=).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use hector::rules::pgn::{
    ExportTags, ImportError, ImportErrorKind, ImportOptions, ImportReport, export, export_all,
    import, import_bytes, import_game, import_with, mainline_sans,
};
use hector::rules::{EndReason, Ending, Game, GameResult, Start, chess960};
use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanError};
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position, Role, Square};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

fn data(rel: &str) -> PathBuf {
    Path::new(DATA).join(rel)
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file under `dir`, recursively, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out
}

fn rel(path: &Path) -> String {
    path.strip_prefix(DATA)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Imports with the panic caught, so that the file can be named.
fn import_caught(bytes: &[u8]) -> Result<ImportReport, String> {
    catch_unwind(AssertUnwindSafe(|| import_bytes(bytes))).map_err(|p| {
        p.downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "a panic without a message".into())
    })
}

fn side_name(c: Color) -> &'static str {
    if c == Color::White { "White" } else { "Black" }
}

/// Every game of the file is accounted for exactly once: loaded (in `numbers`) or refused (in `errors`), the
/// numbers 1..=n in file order.
fn assert_every_game_accounted_for(what: &str, r: &ImportReport) -> usize {
    assert_eq!(
        r.numbers.len(),
        r.games.len(),
        "{what}: numbers and games differ in length"
    );
    assert!(
        r.numbers.windows(2).all(|w| w[0] < w[1]),
        "{what}: numbers not in file order: {:?}",
        r.numbers
    );
    assert!(
        r.errors.windows(2).all(|w| w[0].game < w[1].game),
        "{what}: errors not in file order"
    );
    let mut all: Vec<usize> = r
        .numbers
        .iter()
        .copied()
        .chain(r.errors.iter().map(|e| e.game))
        .collect();
    all.sort_unstable();
    let n = all.len();
    assert_eq!(
        all,
        (1..=n).collect::<Vec<_>>(),
        "{what}: every game once, loaded or refused"
    );
    for w in &r.warnings {
        assert!(
            (1..=n).contains(&w.game),
            "{what}: warning for a game that does not exist: {w}"
        );
        assert!(!w.message.trim().is_empty(), "{what}: empty warning");
        assert!(
            !w.to_string().chars().any(char::is_control),
            "{what}: control characters in {w}"
        );
    }
    n
}

/// A move error's text as it could stand in the file: the reader writes `O-O` for `0-0`, and `--` for any null
/// move (`Z0`, `@@`, `0000`).
fn text_in_file(file: &str, text: &str) -> bool {
    let bare = text.trim_end_matches(['+', '#']);
    if bare == "--" {
        return ["--", "Z0", "@@", "0000"].iter().any(|n| file.contains(n));
    }
    file.contains(text) || file.contains(bare) || file.contains(&bare.replace('O', "0"))
}

/// What a player reads must say which game, which move and its text, and why.
/// `file_text`: when given, the move's text must be found in it.
fn assert_error_is_clear(what: &str, file_text: Option<&str>, e: &ImportError) {
    let msg = e.to_string();
    assert!(!msg.trim().is_empty(), "{what}: empty error message");
    assert!(
        msg.chars().all(|c| !c.is_control()),
        "{what}: control characters in {msg:?}"
    );
    assert!(e.game >= 1, "{what}: game numbers are 1-based: {msg}");
    assert!(
        msg.starts_with(&format!("game {}", e.game)),
        "{what}: the message names the game: {msg}"
    );
    let why = e.kind.to_string();
    assert!(
        why.chars().any(char::is_alphabetic),
        "{what}: the reason says nothing: {msg}"
    );
    assert!(
        msg.ends_with(&why),
        "{what}: the message ends with the reason: {msg}"
    );
    if let Some(p) = &e.players {
        assert!(msg.contains(p.as_str()), "{what}: players named: {msg}");
    }
    // A record cut off after a move that cannot be read says so around the move's own error.
    let kind = match &e.kind {
        ImportErrorKind::CutOff(inner) => inner.as_ref(),
        k => k,
    };
    let is_move_error = matches!(
        kind,
        ImportErrorKind::IllegalMove
            | ImportErrorKind::AmbiguousMove(_)
            | ImportErrorKind::NotAMove
            | ImportErrorKind::NullMove
            | ImportErrorKind::AfterEnd(_)
    );
    assert_eq!(
        is_move_error,
        e.at.is_some(),
        "{what}: a move error, and only a move error, names the move: {msg}"
    );
    if let Some(at) = &e.at {
        assert!(at.number >= 1, "{what}: move numbers start at 1: {msg}");
        assert!(
            !at.text.trim().is_empty(),
            "{what}: the move's text is empty: {msg}"
        );
        let place = format!("move {} for {}", at.number, side_name(at.side));
        assert!(msg.contains(&place), "{what}: {place:?} not in {msg}");
        assert!(
            msg.contains(&format!("\"{}\"", at.text)),
            "{what}: the text not quoted in {msg}"
        );
        if let Some(file_text) = file_text {
            assert!(
                text_in_file(file_text, &at.text),
                "{what}: {:?} is not in the file: {msg}",
                at.text
            );
        }
    }
    if let ImportErrorKind::AmbiguousMove(c) = &e.kind {
        assert!(
            c.len() >= 2,
            "{what}: an ambiguity has two readings at least: {msg}"
        );
        for m in c {
            assert!(
                msg.contains(m.as_str()),
                "{what}: candidate {m} not named: {msg}"
            );
        }
    }
}

fn find_in_order(msg: &str, parts: &[&str]) {
    let mut from = 0;
    for p in parts {
        match msg[from..].find(p) {
            Some(i) => from += i + p.len(),
            None => panic!("{p:?} missing (or out of order) in {msg:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// A second reading of the records, with pgn-reader and shakmaty only
// ---------------------------------------------------------------------------------------------------------

/// One game as the file has it: its tags and its mainline moves as written.
#[derive(Debug, Default, Clone)]
struct Record {
    tags: Vec<(String, String)>,
    sans: Vec<SanPlus>,
}

impl Record {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

#[derive(Default)]
struct Records {
    games: Vec<Record>,
    depth: usize,
}

impl Visitor for Records {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        self.games.push(Record::default());
        self.depth = 0;
        ControlFlow::Continue(())
    }
    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        let name = String::from_utf8_lossy(name)
            .trim_start_matches('\u{feff}')
            .to_string();
        // Escapes undone here (PGN standard 7), not with RawTag::decode, which mishandles `\\\\`.
        let raw = value.as_bytes();
        let mut v = Vec::new();
        let mut i = 0;
        while i < raw.len() {
            let escaped = raw[i] == b'\\' && matches!(raw.get(i + 1), Some(b'\\' | b'"'));
            i += usize::from(escaped);
            v.push(raw[i]);
            i += 1;
        }
        self.games
            .last_mut()
            .unwrap()
            .tags
            .push((name, String::from_utf8_lossy(&v).into_owned()));
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn san(&mut self, _: &mut (), san: SanPlus) -> ControlFlow<()> {
        if self.depth == 0 {
            self.games.last_mut().unwrap().sans.push(san);
        }
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), Skip> {
        self.depth += 1;
        ControlFlow::Continue(Skip(false))
    }
    fn end_variation(&mut self, _: &mut ()) -> ControlFlow<()> {
        self.depth = self.depth.saturating_sub(1);
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

fn records(bytes: &[u8]) -> Vec<Record> {
    let mut reader = Reader::new(std::io::Cursor::new(bytes));
    let mut v = Records::default();
    while let Ok(Some(())) = reader.read_game(&mut v) {}
    v.games
}

fn is_chess960_variant(v: &str) -> bool {
    let v = v.to_ascii_lowercase().replace([' ', '-'], "");
    ["chess960", "960", "fischerandom", "fischerrandom", "frc"].contains(&v.as_str())
}

/// The record's start position, from its FEN and Variant tags, by shakmaty alone.
fn record_start(rec: &Record) -> (Chess, CastlingMode) {
    let chess960 = rec.tag("Variant").is_some_and(is_chess960_variant);
    match rec.tag("FEN") {
        Some(fen) => {
            let setup = Fen::from_ascii(fen.trim().as_bytes()).unwrap().into_setup();
            let mode = if chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::detect(&setup)
            };
            (shakmaty::FromSetup::from_setup(setup, mode).unwrap(), mode)
        }
        None => (Chess::default(), CastlingMode::Standard),
    }
}

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// The game's moves, replayed by shakmaty from the game's own start FEN, end where the game says it is.
fn replay_mainline_sans(what: &str, g: &Game) {
    let setup = Fen::from_ascii(g.start_fen().as_bytes())
        .unwrap()
        .into_setup();
    let mut pos: Chess = shakmaty::FromSetup::from_setup(setup, g.mode()).unwrap();
    for (i, s) in mainline_sans(g).iter().enumerate() {
        let san = San::from_ascii(s.trim_end_matches(['+', '#']).as_bytes())
            .unwrap_or_else(|e| panic!("{what}: ply {i} {s:?} is not SAN: {e}"));
        let m = san
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{what}: ply {i} {s}: {e}"));
        // The SAN the game wrote is the SAN of that move (R-C.10: disambiguated only as needed, with + and #).
        assert_eq!(
            shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string(),
            *s,
            "{what}: ply {i}"
        );
        pos.play_unchecked(m);
    }
    assert_eq!(
        fen_of(&pos),
        g.fen(),
        "{what}: final position after replaying mainline_sans"
    );
}

/// The game read by hector is the record read by shakmaty: the same start, the same moves, in order. The record
/// may go on only where the game ended first on the board (then the importer warned). Returns false when the
/// record uses a form strict SAN does not read (a capture without x, say), after which nothing is compared.
fn compare_with_record(what: &str, g: &Game, rec: &Record, warned: bool) -> bool {
    let (mut pos, mode) = record_start(rec);
    assert_eq!(fen_of(&pos), g.start_fen(), "{what}: start position");
    assert_eq!(
        mode == CastlingMode::Chess960,
        g.is_chess960(),
        "{what}: Chess960 or not"
    );
    let plies = g.plies();
    assert!(
        plies.len() <= rec.sans.len(),
        "{what}: {} plies, but the record has {} moves",
        plies.len(),
        rec.sans.len()
    );
    if plies.len() < rec.sans.len() {
        assert!(
            warned,
            "{what}: moves of the record were dropped without a warning"
        );
        assert!(
            g.is_over(),
            "{what}: moves dropped from a game that goes on"
        );
    }
    for (i, (ply, rec_san)) in plies.iter().zip(&rec.sans).enumerate() {
        let Ok(m) = rec_san.san.to_move(&pos) else {
            return false;
        };
        assert_eq!(
            ply.mv, m,
            "{what}: ply {i}: the record says {rec_san}, the game has {}",
            ply.san
        );
        pos.play_unchecked(m);
    }
    assert_eq!(fen_of(&pos), g.fen(), "{what}: final position");
    true
}

// ---------------------------------------------------------------------------------------------------------
// The malformed corpus
// ---------------------------------------------------------------------------------------------------------

#[test]
fn edge_case_files_never_panic_and_answer_clearly() {
    let files = files_under(&data("edge-cases"));
    assert_eq!(files.len(), 77, "the edge-case corpus");
    let mut panics = Vec::new();
    let mut table = String::new();
    let _ = writeln!(
        table,
        "{:<52} {:>6} {:>6} {:>8}",
        "file", "games", "errors", "warnings"
    );
    let (mut total_games, mut total_errors, mut total_warnings) = (0, 0, 0);
    for path in &files {
        let name = rel(path);
        let bytes = read(path);
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let r = match import_caught(&bytes) {
            Ok(r) => r,
            Err(msg) => {
                panics.push(format!("{name}: {msg}"));
                continue;
            }
        };
        let _ = writeln!(
            table,
            "{name:<52} {:>6} {:>6} {:>8}",
            r.games.len(),
            r.errors.len(),
            r.warnings.len()
        );
        for e in &r.errors {
            let _ = writeln!(table, "    error   {e}");
        }
        for w in &r.warnings {
            let _ = writeln!(table, "    warning {w}");
        }
        total_games += r.games.len();
        total_errors += r.errors.len();
        total_warnings += r.warnings.len();

        // Each file has something in it: it gives games, or errors that say why not.
        assert!(
            !r.games.is_empty() || !r.errors.is_empty(),
            "{name}: neither games nor errors"
        );
        assert_every_game_accounted_for(&name, &r);
        for e in &r.errors {
            assert_error_is_clear(&name, Some(&text), e);
        }
        // A lenient import is still a legal game: its moves replay from its start to its position, and it is
        // written out in a form that reads back the same.
        for (g, n) in r.games.iter().zip(&r.numbers) {
            let what = format!("{name} game {n}");
            replay_mainline_sans(&what, g);
            let out = export(g, &ExportTags::default());
            let back = import_game(&out).unwrap_or_else(|e| panic!("{what}: {e}\n{out}"));
            assert_eq!(
                (mainline_sans(&back), back.ending()),
                (mainline_sans(g), g.ending()),
                "{what}"
            );
            assert_eq!(export(&back, &ExportTags::default()), out, "{what}");
        }
    }
    println!("{table}");
    println!(
        "{} files: {total_games} games, {total_errors} errors, {total_warnings} warnings",
        files.len()
    );
    assert!(
        panics.is_empty(),
        "import panicked on:\n{}",
        panics.join("\n")
    );
}

/// Some files of the corpus say exactly what must come out of them.
#[test]
fn edge_case_files_keep_what_the_records_say() {
    // UCI moves (python-chess's uci-moves.pgn): one ply for each UCI token of the file, a draw.
    let bytes = read(&data("edge-cases/python-chess/uci-moves.pgn"));
    let text = String::from_utf8(bytes.clone()).unwrap();
    let is_uci = |t: &str| {
        let b = t.as_bytes();
        (b.len() == 4 || b.len() == 5)
            && (b'a'..=b'h').contains(&b[0])
            && (b'1'..=b'8').contains(&b[1])
            && (b'a'..=b'h').contains(&b[2])
            && (b'1'..=b'8').contains(&b[3])
    };
    let uci_count = text.split_whitespace().filter(|t| is_uci(t)).count();
    let r = import_bytes(&bytes);
    assert!(r.is_clean(), "{:?}", r.errors);
    assert_eq!(r.games.len(), 1);
    assert_eq!(r.games[0].plies().len(), uci_count, "one ply per UCI move");
    assert_eq!(
        r.games[0].ending().map(|e| e.result),
        Some(GameResult::Draw)
    );
    assert!(
        r.games[0]
            .plies()
            .iter()
            .any(|p| p.san.to_string() == "O-O-O"),
        "e1c1 is castling"
    );

    // A byte order mark is not part of the first tag's name.
    let r = import_bytes(&read(&data("edge-cases/python-chess/utf8-bom.pgn")));
    assert!(r.is_clean());
    let events: Vec<&str> = r
        .games
        .iter()
        .map(|g| g.tags.get("Event").unwrap_or("<none>"))
        .collect();
    assert_eq!(events, ["A", "B"]);

    // The longest game FIDE allows: 5895 moves, the last 5895... Kxh1 leaving two kings, a dead position
    // (R-5.2.2) on the very last move; nothing of the record was dropped.
    let bytes = read(&data("edge-cases/pgn-read/FIDE_longest_possible_game.pgn"));
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("5895. Qh1+ Kxh1"));
    let r = import_bytes(&bytes);
    assert!(
        r.is_clean() && r.warnings.is_empty(),
        "{:?} {:?}",
        r.errors,
        r.warnings
    );
    let g = &r.games[0];
    assert_eq!(g.plies().len(), 2 * 5895);
    assert_eq!(g.ending(), Some(Ending::draw(EndReason::DeadPosition)));
    assert_eq!(g.fen(), "8/8/1K6/8/8/8/8/7k w - - 0 5896");

    // Movetext without tags or result (notnil-chess 0008, shakmaty's bare fuzz case): a game that goes on.
    for (file, sans) in [
        (
            "edge-cases/notnil-chess/0008.pgn",
            vec!["e4", "e6", "d4", "d5"],
        ),
        ("edge-cases/shakmaty-fuzz-bare.pgn", vec!["e4", "e5", "Nf3"]),
    ] {
        let r = import_bytes(&read(&data(file)));
        assert!(r.is_clean(), "{file}");
        assert_eq!(mainline_sans(&r.games[0]), sans, "{file}");
        assert_eq!(
            r.games[0].ending(),
            None,
            "{file}: no result, the game goes on"
        );
    }

    // A game from a FEN (notnil-chess 0003) starts there.
    let r = import_bytes(&read(&data("edge-cases/notnil-chess/0003.pgn")));
    assert_eq!(
        r.games[0].start_fen(),
        "2r2rk1/pp1bqpp1/2nppn1p/2p3N1/1bP5/1PN3P1/PBQPPPBP/3R1RK1 w - - 0 1"
    );
    assert_eq!(
        mainline_sans(&r.games[0]),
        ["Nd5", "exd5", "Bxf6", "hxg5", "Bxe7"]
    );
    assert_eq!(
        r.games[0].plies()[1].annotations.variations.len(),
        1,
        "the variation 1... hxg5 is kept"
    );
}

// ---------------------------------------------------------------------------------------------------------
// Built texts
// ---------------------------------------------------------------------------------------------------------

const GOOD_1: &str = "[Event \"Club\"]\n[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
const BAD_2: &str = "[Event \"Club\"]\n[White \"Alpha\"]\n[Black \"Beta\"]\n[Result \"*\"]\n\n\
1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. Ke4 d6 6. d4 *\n";
const GOOD_3: &str = "[Event \"Club\"]\n[White \"Carl\"]\n[Black \"Dora\"]\n[Result \"1/2-1/2\"]\n\n\
1. d4 d5 2. c4 c6 {Slav} 3. Nf3 1/2-1/2\n";

#[test]
fn bad_game_in_the_middle_loses_nothing_and_says_where_and_why() {
    let text = format!("{GOOD_1}\n{BAD_2}\n{GOOD_3}");
    let r = import(&text);
    assert_eq!(assert_every_game_accounted_for("built", &r), 3);

    // Games 1 and 3 are loaded, whole.
    assert_eq!(r.numbers, [1, 3]);
    assert_eq!(
        mainline_sans(&r.games[0]),
        ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
    );
    assert_eq!(
        r.games[0].ending(),
        Some(Ending::new(EndReason::Checkmate, GameResult::WhiteWins))
    );
    assert_eq!(mainline_sans(&r.games[1]), ["d4", "d5", "c4", "c6", "Nf3"]);
    assert_eq!(r.games[1].plies()[3].annotations.comments, ["Slav"]);
    assert_eq!(
        r.games[1].ending(),
        Some(Ending::draw(EndReason::Agreement))
    );

    // Game 2: one error at move 5, White, "Ke4", illegal.
    assert_eq!(r.errors.len(), 1);
    let e = &r.errors[0];
    assert_eq!(e.game, 2);
    let at = e.at.as_ref().expect("the move is named");
    assert_eq!(
        (at.number, at.side, at.text.as_str()),
        (5, Color::White, "Ke4")
    );
    assert_eq!(e.kind, ImportErrorKind::IllegalMove);
    assert_eq!(e.players.as_deref(), Some("Alpha - Beta"));
    // As a player reads it: which game, whose, which move, the text, why.
    let msg = e.to_string();
    find_in_order(
        &msg,
        &[
            "game 2",
            "Alpha - Beta",
            "move 5",
            "White",
            "\"Ke4\"",
            "illegal",
        ],
    );
    assert_error_is_clear("built", Some(&text), e);

    // The first game of the file is given by import_game; a file that starts with the bad game gives its error.
    assert_eq!(mainline_sans(&import_game(&text).unwrap()).len(), 7);
    let e = import_game(&format!("{BAD_2}\n{GOOD_1}")).unwrap_err();
    assert_eq!((e.game, e.at.map(|a| a.number)), (1, Some(5)));

    // A mistake on Black's side is Black's: 3... Qxh2 (the queen cannot pass the e7 pawn... or reach h2).
    let r = import(&format!(
        "{GOOD_1}\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Qxh2 *\n\n{GOOD_3}"
    ));
    assert_eq!(r.numbers, [1, 3]);
    let e = &r.errors[0];
    let at = e.at.as_ref().unwrap();
    assert_eq!(
        (e.game, at.number, at.side, at.text.as_str()),
        (2, 3, Color::Black, "Qxh2")
    );
    find_in_order(
        &e.to_string(),
        &["game 2", "move 3 for Black", "\"Qxh2\"", "illegal"],
    );
}

#[test]
fn ambiguous_moves_name_the_candidates() {
    // 1. d4 d5 2. Nf3 Nf6: both white knights (b1, f3) can go to d2, and both black ones (b8, f6) to d7.
    let r = import("1. d4 d5 2. Nf3 Nf6 3. Nd2 *");
    let e = &r.errors[0];
    let at = e.at.as_ref().unwrap();
    assert_eq!(
        (e.game, at.number, at.side, at.text.as_str()),
        (1, 3, Color::White, "Nd2")
    );
    let ImportErrorKind::AmbiguousMove(c) = &e.kind else {
        panic!("{e}")
    };
    let mut c = c.clone();
    c.sort();
    assert_eq!(c, ["Nbd2", "Nfd2"]);
    find_in_order(
        &e.to_string(),
        &["game 1", "move 3 for White", "\"Nd2\"", "ambiguous"],
    );
    assert!(
        e.to_string().contains("Nbd2") && e.to_string().contains("Nfd2"),
        "{e}"
    );

    let r = import("1. d4 d5 2. Nf3 Nf6 3. e3 Nd7 *");
    let e = &r.errors[0];
    assert_eq!(
        e.at.as_ref().map(|a| (a.number, a.side)),
        Some((3, Color::Black))
    );
    assert!(
        matches!(&e.kind, ImportErrorKind::AmbiguousMove(c) if c.len() == 2),
        "{e}"
    );

    // Not ambiguous when one of the two cannot legally move (R-C.10 counts legal moves only): the f3 knight is
    // pinned to its king on e2 by the bishop on h5.
    let r = import("[FEN \"4k3/8/8/7b/8/5N2/4K3/1N6 w - - 0 1\"]\n\n1. Nd2 *");
    assert!(r.is_clean(), "{:?}", r.errors);
    assert_eq!(r.games[0].plies()[0].mv.from(), Some(Square::B1));
    assert_eq!(mainline_sans(&r.games[0]), ["Nd2"]);
}

#[test]
fn unknown_text_is_named_as_not_a_move() {
    for (text, number, side, word) in [
        ("1. e4 e5 2. hello Nc6 *", 2, Color::White, "hello"),
        ("1. e4 e5 2. Tf3 Nc6 *", 2, Color::White, "Tf3"),
        ("1. e4 e5 2. Nf3 <br> Nc6 *", 2, Color::Black, "<br>"),
        ("1. e4 e5 2. Nf3 Nc6 3. Bb5 Zz9 *", 3, Color::Black, "Zz9"),
    ] {
        let r = import(text);
        assert!(r.games.is_empty(), "{text}");
        let e = &r.errors[0];
        let at = e.at.as_ref().unwrap_or_else(|| panic!("{text}: {e}"));
        assert_eq!(
            (at.number, at.side, at.text.as_str()),
            (number, side, word),
            "{text}: {e}"
        );
        assert_eq!(e.kind, ImportErrorKind::NotAMove, "{text}: {e}");
        assert_error_is_clear(text, Some(text), e);
        find_in_order(
            &e.to_string(),
            &["game 1", &format!("move {number}"), word, "not a move"],
        );
    }
}

/// Three real games, cut at every byte: never a panic, the games before the cut are loaded whole, and the game
/// that was cut keeps only moves of its record (the last one may be a shorter reading, `O-O` of `O-O-O`).
#[test]
fn truncated_files_give_an_error_or_a_lenient_import() {
    let bytes = read(&data("collections/twic1599_1000k.pgn"));
    let full = import_bytes(&bytes);
    let text = String::from_utf8(bytes).unwrap();
    // The games' texts, as cut by their [Event tags; three short ones with castling and a check.
    let starts: Vec<usize> = text.match_indices("[Event ").map(|(i, _)| i).collect();
    let chunk = |k: usize| text[starts[k]..starts[k + 1]].trim_end().to_string();
    let picked: Vec<usize> = (0..starts.len() - 1)
        .filter(|&k| chunk(k).len() < 1100 && chunk(k).contains("O-O") && chunk(k).contains('+'))
        .take(3)
        .collect();
    assert_eq!(picked.len(), 3);
    let mut joined = String::new();
    let mut ends = Vec::new();
    let mut expected = Vec::new();
    for &k in &picked {
        joined.push_str(&chunk(k));
        ends.push(joined.len());
        joined.push_str("\n\n");
        let i = full.numbers.iter().position(|&n| n == k + 1).unwrap();
        expected.push(full.games[i].clone());
    }
    let mut panics = Vec::new();
    let (mut cut_with_errors, mut cut_lenient) = (0, 0);
    for cut in 0..=joined.len() {
        let part = &joined.as_bytes()[..cut];
        let r = match import_caught(part) {
            Ok(r) => r,
            Err(p) => {
                panics.push(format!("cut at {cut}: {p}"));
                continue;
            }
        };
        let what = format!("cut at byte {cut}");
        let n = assert_every_game_accounted_for(&what, &r);
        let whole = ends.iter().filter(|&&e| e <= cut).count();
        assert!(n >= whole, "{what}: {n} games for {whole} whole ones");
        let part_text = String::from_utf8_lossy(part);
        for e in &r.errors {
            assert_error_is_clear(&what, Some(&part_text), e);
        }
        for (g, &num) in r.games.iter().zip(&r.numbers) {
            let exp = &expected[num - 1];
            let got = mainline_sans(g);
            let want = mainline_sans(exp);
            if num <= whole {
                // Nothing already loaded is lost.
                assert_eq!(got, want, "{what}: game {num}");
                assert_eq!(g.ending(), exp.ending(), "{what}: game {num}");
            } else {
                assert!(
                    got.len() <= want.len(),
                    "{what}: game {num} has more moves than its record"
                );
                let keep = got.len().saturating_sub(1);
                assert_eq!(
                    got[..keep],
                    want[..keep],
                    "{what}: game {num} reads other moves"
                );
            }
        }
        for k in 0..whole {
            assert!(
                r.numbers.contains(&(k + 1)),
                "{what}: whole game {} was lost",
                k + 1
            );
        }
        if r.errors.is_empty() {
            cut_lenient += 1
        } else {
            cut_with_errors += 1
        }
    }
    println!(
        "{} cuts: {cut_lenient} read leniently, {cut_with_errors} with an error",
        joined.len() + 1
    );
    assert!(panics.is_empty(), "{}", panics.join("\n"));

    // Cut inside a tag, inside a comment, inside a variation, inside a move.
    for text in [
        "[White \"Kasp",
        "[White \"Kasparov\"]\n[Bla",
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3 {a comment that never",
        "1. e4 e5 2. Nf3 (2. Nc3 Nf6",
        "1. e4 e5 2. Nf3 Nc6 3. Bb",
        "1. e4 e5 2. Nf3 Nc6 3. B",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O 1/2",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O 1-",
    ] {
        let r = import_caught(text.as_bytes()).unwrap_or_else(|p| panic!("{text:?}: {p}"));
        assert_every_game_accounted_for(text, &r);
        for e in &r.errors {
            assert_error_is_clear(text, Some(text), e);
        }
        for g in &r.games {
            replay_mainline_sans(text, g);
            assert!(!g.is_over(), "{text:?}: a cut game has no result");
        }
        println!(
            "{text:?}: {} games {:?} {:?}",
            r.games.len(),
            r.games.iter().map(mainline_sans).collect::<Vec<_>>(),
            r.errors.iter().map(|e| e.to_string()).collect::<Vec<_>>()
        );
    }
}

#[test]
fn empty_input_whitespace_and_comments_only() {
    for text in [
        "",
        " ",
        "\n\n\t\r\n  ",
        "\u{feff}",
        "; a line comment\n",
        "% an escape line\n",
        ";x\n%y\n\n",
    ] {
        let r = import_caught(text.as_bytes()).unwrap_or_else(|p| panic!("{text:?}: {p}"));
        assert!(
            r.games.is_empty() && r.errors.is_empty() && r.warnings.is_empty(),
            "{text:?}: {r:?}"
        );
        // Asked for one game, a player is told there is none.
        let e = import_game(text).unwrap_err();
        assert!(e.to_string().contains("no game"), "{text:?}: {e}");
    }
    // Only a comment: nothing refused; whatever is loaded has no move and keeps the comment.
    for text in [
        "{only a comment}",
        "{only a comment}\n\n",
        "  {only\n a   comment}  ",
    ] {
        let r = import_caught(text.as_bytes()).unwrap_or_else(|p| panic!("{text:?}: {p}"));
        assert!(r.errors.is_empty(), "{text:?}: {:?}", r.errors);
        for g in &r.games {
            assert!(g.plies().is_empty() && !g.is_over(), "{text:?}");
            assert_eq!(g.initial_comments, ["only a comment"], "{text:?}");
            assert!(export(g, &ExportTags::default()).ends_with("{only a comment} *\n"));
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// The real games
// ---------------------------------------------------------------------------------------------------------

/// Movetext tokens of one game's text with comments, variations, NAGs and move numbers taken out: the mainline
/// as typed. Only for the faulty famous records, to look at the move an error names.
fn typed_mainline(game_text: &str) -> Vec<String> {
    let body: String = game_text
        .lines()
        .filter(|l| !l.starts_with('[') && !l.starts_with('%'))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = String::new();
    let (mut depth, mut in_comment, mut in_line_comment) = (0usize, false, false);
    for c in body.chars() {
        match c {
            _ if in_line_comment => in_line_comment = c != '\n',
            '}' if in_comment => in_comment = false,
            _ if in_comment => {}
            '{' => in_comment = true,
            ';' => in_line_comment = true,
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            '.' => out.push(' '),
            c => out.push(c),
        }
    }
    out.split_whitespace()
        .map(|t| t.trim_end_matches(['!', '?', ',']))
        .filter(|t| !t.is_empty() && !t.starts_with('$') && !t.chars().all(|c| c.is_ascii_digit()))
        .filter(|t| !["1-0", "0-1", "1/2-1/2", "*"].contains(t))
        .map(|t| {
            if t.starts_with("0-0") {
                t.replace('0', "O")
            } else {
                t.to_string()
            }
        })
        .collect()
}

/// An error in a famous record must be a fault of the record itself: checked here with shakmaty on the moves as
/// typed, not with the importer's own reading.
fn assert_genuine_fault(what: &str, game_text: &str, e: &ImportError) {
    let at = e.at.as_ref().unwrap_or_else(|| panic!("{what}: {e}"));
    let typed = typed_mainline(game_text);
    let index = (at.number as usize - 1) * 2 + usize::from(at.side == Color::Black);
    let mut pos = Chess::default();
    for (i, t) in typed[..index].iter().enumerate() {
        let san = San::from_ascii(t.as_bytes())
            .unwrap_or_else(|_| panic!("{what}: typed move {i} {t:?}"));
        let m = san
            .to_move(&pos)
            .unwrap_or_else(|err| panic!("{what}: typed move {i} {t}: {err}"));
        pos.play_unchecked(m);
    }
    let faulty = &typed[index];
    if e.kind != ImportErrorKind::NullMove {
        assert_eq!(
            faulty.trim_end_matches(['+', '#']),
            at.text.trim_end_matches(['+', '#']),
            "{what}: {e}"
        );
    }
    match &e.kind {
        ImportErrorKind::AmbiguousMove(candidates) => {
            let san = San::from_ascii(faulty.as_bytes()).unwrap();
            assert_eq!(
                san.to_move(&pos),
                Err(SanError::AmbiguousSan),
                "{what}: shakmaty finds {faulty} ambiguous"
            );
            let San::Normal { role, to, .. } = san else {
                panic!("{what}")
            };
            let mut legal: Vec<String> = pos
                .legal_moves()
                .iter()
                .filter(|m| m.role() == role && m.to() == to)
                .map(|m| shakmaty::san::SanPlus::from_move(pos.clone(), *m).to_string())
                .collect();
            let mut candidates = candidates.clone();
            legal.sort();
            candidates.sort();
            assert_eq!(
                candidates, legal,
                "{what}: the candidates are the legal readings of {faulty}"
            );
        }
        ImportErrorKind::NullMove => {
            assert!(
                ["Z0", "--", "0000", "@@"].contains(&faulty.as_str()),
                "{what}: {faulty} is a null move"
            );
        }
        _ => panic!("{what}: not a fault of the record: {e}"),
    }
}

/// Imports a file of real games and compares every game with the record: returns (games, errors, warnings).
fn check_real_file(path: &Path) -> (usize, usize, usize) {
    let name = rel(path);
    let bytes = read(path);
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let r = import_caught(&bytes).unwrap_or_else(|p| panic!("{name}: {p}"));
    let n = assert_every_game_accounted_for(&name, &r);
    // The number of games, three ways: [Event tags, pgn-reader alone, the importer.
    let recs = records(&bytes);
    let event_tags = text.lines().filter(|l| l.starts_with("[Event ")).count();
    assert_eq!(
        recs.len(),
        event_tags,
        "{name}: pgn-reader and [Event tags disagree"
    );
    assert_eq!(n, event_tags, "{name}: games loaded + refused");

    let chunks: Vec<&str> = {
        let starts: Vec<usize> = text.match_indices("[Event ").map(|(i, _)| i).collect();
        starts
            .iter()
            .enumerate()
            .map(|(k, &s)| &text[s..*starts.get(k + 1).unwrap_or(&text.len())])
            .collect()
    };
    for e in &r.errors {
        assert_error_is_clear(&name, Some(&text), e);
        assert_genuine_fault(&format!("{name} game {}", e.game), chunks[e.game - 1], e);
    }
    let mut strict_skipped = 0;
    for (g, &num) in r.games.iter().zip(&r.numbers) {
        let what = format!("{name} game {num}");
        let rec = &recs[num - 1];
        let warned: Vec<String> = r
            .warnings
            .iter()
            .filter(|w| w.game == num)
            .map(|w| w.message.clone())
            .collect();
        // The result: the record's, or a warning says why not.
        if let Some(tag) = rec.tag("Result").and_then(GameResult::from_pgn) {
            let got = g.ending().map(|e| e.result);
            assert!(
                got == Some(tag) || !warned.is_empty(),
                "{what}: Result {tag} became {got:?} silently"
            );
        }
        // PlyCount, where the record has it and no move was set aside.
        if let Some(pc) = rec
            .tag("PlyCount")
            .and_then(|v| v.trim().parse::<usize>().ok())
            && warned.is_empty()
        {
            assert_eq!(g.plies().len(), pc, "{what}: PlyCount");
        }
        // Every game (all 3,793 of the collections take about a second in a debug build).
        replay_mainline_sans(&what, g);
        if !compare_with_record(&what, g, rec, !warned.is_empty()) {
            strict_skipped += 1;
        }
        // Written out and read back: the same game, and the same text again.
        let out = export(g, &ExportTags::default());
        let back = import_game(&out).unwrap_or_else(|e| panic!("{what}: {e}\n{out}"));
        assert_eq!(mainline_sans(&back), mainline_sans(g), "{what}");
        assert_eq!((back.fen(), back.ending()), (g.fen(), g.ending()), "{what}");
        assert_eq!(export(&back, &ExportTags::default()), out, "{what}");
    }
    if strict_skipped > 0 {
        println!(
            "{name}: {strict_skipped} sampled games use forms strict SAN does not read; compared up to there"
        );
    }
    (r.games.len(), r.errors.len(), r.warnings.len())
}

#[test]
fn real_games_famous_import_and_replay() {
    let files = files_under(&data("famous"));
    assert_eq!(files.len(), 5);
    let mut totals = BTreeMap::new();
    for path in &files {
        let counts = check_real_file(path);
        println!(
            "{:<44} games {:>4} errors {} warnings {}",
            rel(path),
            counts.0,
            counts.1,
            counts.2
        );
        totals.insert(rel(path), counts);
    }
    let games: usize = totals.values().map(|c| c.0 + c.1).sum();
    assert_eq!(games, 45, "games in the famous files");
    // The famous games that are themselves faulty records: each error was checked above to be a fault of the
    // record (ambiguous SAN, a null move), and they are the only ones.
    let errors: usize = totals.values().map(|c| c.1).sum();
    println!("famous: {games} games, {errors} refused as faulty records");
    assert_eq!(totals["famous/kasparov-deep-blue-1997.pgn"], (6, 0, 0));
    assert_eq!(totals["famous/molinari-bordais-1979.pgn"], (1, 0, 0));
    assert_eq!(totals["famous/nepomniachtchi-liren-game1.pgn"], (1, 0, 0));
}

#[test]
fn real_games_collections_import_with_no_error() {
    let mut total = 0;
    for (file, expected) in [
        ("collections/lichess_db_1000k.pgn", 438),
        ("collections/twic0920.pgn", 2245),
        ("collections/twic1599_1000k.pgn", 1110),
    ] {
        let (games, errors, warnings) = check_real_file(&data(file));
        println!("{file:<40} games {games:>5} errors {errors} warnings {warnings}");
        assert_eq!(errors, 0, "{file}");
        assert_eq!(games, expected, "{file}");
        total += games;
    }
    assert_eq!(total, 3793);
}

// ---------------------------------------------------------------------------------------------------------
// Variants
// ---------------------------------------------------------------------------------------------------------

#[test]
fn chess960_file_imports_with_its_start_positions() {
    let path = data("chess960/cutechess-fischerrandom.pgn");
    let bytes = read(&path);
    let r = import_bytes(&bytes);
    let recs = records(&bytes);
    assert_eq!(recs.len(), 4);
    assert!(
        r.is_clean() && r.warnings.is_empty(),
        "{:?} {:?}",
        r.errors,
        r.warnings
    );
    assert_eq!(r.games.len(), 4);
    let mut castled = 0;
    for (g, rec) in r.games.iter().zip(&recs) {
        let fen = rec.tag("FEN").unwrap();
        assert!(g.is_chess960(), "{fen}");
        // The start position is the Chess960 position whose back rank the FEN shows (R-GII.2).
        let Start::Chess960(n) = *g.start() else {
            panic!("{fen}: {:?}", g.start())
        };
        let rank: String = chess960::back_rank(n)
            .unwrap()
            .iter()
            .map(|r| r.upper_char())
            .collect();
        assert_eq!(
            fen.split('/')
                .next_back()
                .unwrap()
                .split(' ')
                .next()
                .unwrap(),
            rank,
            "{fen}"
        );
        assert_eq!(g.start_fen(), fen);
        assert_eq!(
            g.plies().len(),
            rec.tag("PlyCount").unwrap().parse::<usize>().unwrap()
        );
        let result = GameResult::from_pgn(rec.tag("Result").unwrap()).unwrap();
        assert_eq!(
            g.ending(),
            Some(Ending::new(EndReason::Checkmate, result)),
            "each ends in mate"
        );
        assert!(compare_with_record(fen, g, rec, false));
        // Castling ends on the standard squares, whatever the start (R-GII.3.2.6).
        for (i, p) in g.plies().iter().enumerate() {
            let san = p.san.to_string();
            if !san.starts_with("O-O") {
                continue;
            }
            castled += 1;
            let after = &g.position_before(i + 1);
            let rank = p.color().backrank();
            let (king, rook) = if san.starts_with("O-O-O") {
                (2, 3)
            } else {
                (6, 5)
            };
            let board = after.board();
            assert_eq!(
                board.role_at(Square::from_coords(shakmaty::File::new(king), rank)),
                Some(Role::King),
                "{san}"
            );
            assert_eq!(
                board.role_at(Square::from_coords(shakmaty::File::new(rook), rank)),
                Some(Role::Rook),
                "{san}"
            );
        }
        // Export says Chess960 and the start; it reads back the same.
        let out = export(g, &ExportTags::default());
        assert!(out.contains("[Variant \"Chess960\"]\n"), "{out}");
        assert!(out.contains("[SetUp \"1\"]\n"), "{out}");
        assert!(out.contains(&format!("[FEN \"{fen}\"]\n")), "{out}");
        let back = import_game(&out).unwrap();
        assert_eq!(back.start(), g.start());
        assert_eq!(mainline_sans(&back), mainline_sans(g));
        assert_eq!(back.fen(), g.fen());
    }
    assert!(castled >= 2, "the file castles: {castled}");
}

#[test]
fn other_variants_are_refused_with_a_reason() {
    let files = files_under(&data("other-variants"));
    assert_eq!(files.len(), 3);
    for path in &files {
        let name = rel(path);
        let bytes = read(path);
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let recs = records(&bytes);
        let r = import_caught(&bytes).unwrap_or_else(|p| panic!("{name}: {p}"));
        assert!(r.games.is_empty(), "{name}: read as standard chess");
        assert_eq!(r.errors.len(), recs.len(), "{name}: one refusal per game");
        for (e, rec) in r.errors.iter().zip(&recs) {
            let variant = rec.tag("Variant").unwrap();
            assert_eq!(
                e.kind,
                ImportErrorKind::UnsupportedVariant(variant.to_string()),
                "{name}"
            );
            assert!(e.at.is_none());
            find_in_order(
                &e.to_string(),
                &[&format!("game {}", e.game), variant, "not supported"],
            );
            assert_error_is_clear(&name, Some(&text), e);
        }
        // Without the Variant tag the moves are checked as chess, and these are not chess games.
        let untagged: String = text
            .lines()
            .filter(|l| !l.starts_with("[Variant "))
            .collect::<Vec<_>>()
            .join("\n");
        let r = import(&untagged);
        assert!(
            !r.errors.is_empty(),
            "{name}: without its tag, read as a chess game"
        );
        for e in &r.errors {
            assert!(e.at.is_some(), "{name}: {e}");
            assert_error_is_clear(&name, Some(&untagged), e);
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------------------

fn tag_lines(pgn: &str) -> Vec<(String, String)> {
    pgn.lines()
        .take_while(|l| l.starts_with('['))
        .map(|l| {
            let inner = &l[1..l.len() - 1];
            let (name, value) = inner.split_once(' ').unwrap();
            (name.to_string(), value.trim_matches('"').to_string())
        })
        .collect()
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

fn movetext(pgn: &str) -> String {
    pgn.lines()
        .skip_while(|l| l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ")
        .trim()
        .to_string()
}

const SEVEN_TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

#[test]
fn export_marks_draw_offers_and_writes_the_tags_in_order() {
    let mut g = Game::new();
    g.tags.push("Black", "Boris");
    g.tags.push("Annotator", "hector");
    g.tags.push("White", "Anna");
    g.play_san("e4").unwrap();
    g.offer_draw(Color::White).unwrap(); // after his move: marked on it (R-9.1.2.2)
    g.play_san("e5").unwrap(); // declines by moving (R-9.1.2.1)
    g.play_san("Nf3").unwrap();
    g.offer_draw(Color::Black).unwrap(); // before his move: marked on the move he then makes
    g.play_san("Nc6").unwrap();
    g.play_san("Bb5").unwrap();
    g.play_san("a6").unwrap();
    g.offer_draw(Color::Black).unwrap();
    g.accept_draw(Color::White).unwrap(); // R-5.2.3
    let offered: Vec<usize> = g
        .plies()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.draw_offer)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(offered, [0, 3, 5]);

    let pgn = export(&g, &ExportTags::with_time_control("40/5400+30:1800+30"));
    let tags = tag_lines(&pgn);
    let names: Vec<&str> = tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names[..7], SEVEN_TAG_ROSTER, "{pgn}");
    assert_eq!(tag(&tags, "White"), Some("Anna"));
    assert_eq!(tag(&tags, "Black"), Some("Boris"));
    assert_eq!(tag(&tags, "Date"), Some("????.??.??"));
    assert_eq!(tag(&tags, "Result"), Some("1/2-1/2"));
    assert_eq!(tag(&tags, "Termination"), Some("normal"));
    assert_eq!(tag(&tags, "TimeControl"), Some("40/5400+30:1800+30"));
    assert_eq!(tag(&tags, "Annotator"), Some("hector"));
    for derived in ["SetUp", "FEN", "Variant"] {
        assert_eq!(
            tag(&tags, derived),
            None,
            "{derived} for the standard start: {pgn}"
        );
    }
    assert_eq!(
        names
            .iter()
            .filter(|n| SEVEN_TAG_ROSTER.contains(n))
            .count(),
        7,
        "no tag twice"
    );
    assert!(
        pgn.contains("\n\n1. e4"),
        "a blank line after the tags: {pgn}"
    );
    let mt = movetext(&pgn);
    // (=) directly after each move with an offer, and nowhere else.
    assert_eq!(mt.matches("{(=)}").count(), 3, "{mt}");
    for marked in ["1. e4 {(=)}", "Nc6 {(=)}", "a6 {(=)}"] {
        assert!(mt.contains(marked), "{marked:?} in {mt}");
    }
    assert!(
        mt.trim_end().ends_with("1/2-1/2"),
        "the movetext ends with the result: {mt}"
    );

    // Read back: the same offers, the same ending.
    let back = import_game(&pgn).unwrap();
    let back_offered: Vec<usize> = back
        .plies()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.draw_offer)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(back_offered, offered);
    assert_eq!(back.ending(), Some(Ending::draw(EndReason::Agreement)));
    assert_eq!(
        export(&back, &ExportTags::with_time_control("40/5400+30:1800+30")),
        pgn
    );
    // The scoresheet form (R-C.12, "(=)" after the move) reads as the same offer.
    let scoresheet = import_game("1. e4 (=) e5 2. Nf3 Nc6 (=) *").unwrap();
    assert_eq!(
        scoresheet
            .plies()
            .iter()
            .map(|p| p.draw_offer)
            .collect::<Vec<_>>(),
        [true, false, false, true]
    );
    assert!(
        scoresheet
            .plies()
            .iter()
            .all(|p| p.annotations.variations.is_empty())
    );
}

#[test]
fn export_writes_setup_fen_variant_and_termination() {
    // From a FEN: SetUp and FEN, in that order, after the roster; a game that goes on is "*", "unterminated".
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 40";
    let mut g = Game::from_fen(fen).unwrap();
    g.play_san("O-O").unwrap();
    let pgn = export(&g, &ExportTags::default());
    let tags = tag_lines(&pgn);
    let names: Vec<&str> = tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names[..7], SEVEN_TAG_ROSTER);
    assert_eq!(tag(&tags, "Result"), Some("*"));
    assert_eq!(tag(&tags, "Termination"), Some("unterminated"));
    assert_eq!(tag(&tags, "TimeControl"), Some("-"));
    assert_eq!(tag(&tags, "SetUp"), Some("1"));
    assert_eq!(tag(&tags, "FEN"), Some(fen));
    let setup = names.iter().position(|n| *n == "SetUp").unwrap();
    assert_eq!(names[setup + 1], "FEN");
    assert_eq!(tag(&tags, "Variant"), None);
    assert!(movetext(&pgn).starts_with("40... O-O *"), "{pgn}");
    let back = import_game(&pgn).unwrap();
    assert_eq!((back.start_fen(), back.fen()), (g.start_fen(), g.fen()));

    // Chess960: Variant, SetUp and FEN, whatever the position number.
    let mut g = Game::chess960(0).unwrap();
    g.play_san("g3").unwrap();
    g.resign(Color::Black).unwrap();
    let pgn = export(&g, &ExportTags::default());
    let tags = tag_lines(&pgn);
    assert_eq!(tag(&tags, "Variant"), Some("Chess960"));
    assert_eq!(tag(&tags, "SetUp"), Some("1"));
    assert_eq!(tag(&tags, "FEN").map(|f| &f[..8]), Some("bbqnnrkr"));
    assert_eq!(tag(&tags, "Result"), Some("1-0"));
    assert_eq!(tag(&tags, "Termination"), Some("normal"));
    let back = import_game(&pgn).unwrap();
    assert_eq!(back.start(), &Start::Chess960(0));
    assert_eq!(
        back.ending(),
        Some(Ending::new(EndReason::Resignation, GameResult::WhiteWins))
    );

    // Flag fall and the arbiter: the Termination tag says so, and it reads back (R-6.9, R-12.9).
    for (ending, termination) in [
        (
            Ending::new(EndReason::TimeForfeit, GameResult::BlackWins),
            "time forfeit",
        ),
        (Ending::draw(EndReason::DrawOnTime), "time forfeit"),
        (
            Ending::new(EndReason::ArbiterDecision, GameResult::WhiteWins),
            "rules infraction",
        ),
    ] {
        let mut g = Game::new();
        g.play_san("d4").unwrap();
        g.end(ending);
        let pgn = export(&g, &ExportTags::default());
        let tags = tag_lines(&pgn);
        assert_eq!(tag(&tags, "Termination"), Some(termination));
        assert_eq!(tag(&tags, "Result"), Some(ending.result.pgn()));
        assert_eq!(import_game(&pgn).unwrap().ending(), Some(ending));
    }

    // Several games: each with its own roster, separated by a blank line, read back in order.
    let games = [Game::new(), Game::chess960(100).unwrap()];
    let all = export_all(&games, &ExportTags::default());
    assert_eq!(all.matches("[Event ").count(), 2);
    assert!(all.contains("*\n\n[Event "));
    let r = import(&all);
    assert!(r.is_clean());
    assert_eq!(
        r.games
            .iter()
            .map(|g| g.start().clone())
            .collect::<Vec<_>>(),
        [Start::Standard, Start::Chess960(100)]
    );
}

/// Tag values with quotes and backslashes (PGN standard 7: `\"` and `\\`) read as written and come back the same.
#[test]
fn tag_values_with_escapes_read_back_the_same() {
    for (raw, value) in [
        (r#"a\\b"#, r#"a\b"#),
        (r#"a\\\\b"#, r#"a\\b"#),
        (r#"say \"hi\""#, r#"say "hi""#),
        (r#"end\\\""#, r#"end\""#),
        (r#"\\\\\\"#, r#"\\\"#),
        (r#"C:\games\x"#, r#"C:\games\x"#),
    ] {
        let g = import_game(&format!("[Site \"{raw}\"]\n\n1. e4 *\n")).unwrap();
        let site = g.tags.get("Site");
        assert_eq!(site, Some(value), "[Site \"{raw}\"]");
        let out = export(&g, &ExportTags::default());
        assert!(
            out.contains(&format!(
                "[Site \"{}\"]",
                value.replace('\\', r"\\").replace('"', r#"\""#)
            )),
            "{out}"
        );
        let back = import_game(&out).unwrap();
        let back_site = back.tags.get("Site");
        assert_eq!(back_site, Some(value), "{out}");
        assert_eq!(export(&back, &ExportTags::default()), out);
    }
}

/// Real records with random damage (bytes cut out, brackets, quotes, escapes, results, odd bytes put in): the
/// import never panics, accounts for every game, and every error still names the game, the move and why.
#[test]
fn damaged_records_never_panic() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, FileFailurePersistence, TestRunner};
    let sources: Vec<Vec<u8>> = [
        "annotated/variations-nags-and-comments.pgn",
        "famous/molinari-bordais-1979.pgn",
        "famous/nepomniachtchi-liren-game1.pgn",
        "famous/anastasian-lewis.pgn",
        "chess960/cutechess-fischerrandom.pgn",
        "edge-cases/notnil-chess/0003.pgn",
        "edge-cases/notnil-chess/0013.pgn",
        "edge-cases/python-chess/utf8-bom.pgn",
        "edge-cases/pgn-read/calgames_06.pgn",
        "other-variants/saturs-jannlee-zh-lichess.pgn",
    ]
    .iter()
    .map(|f| read(&data(f)))
    .collect();
    const INSERTS: &[&[u8]] = &[
        b"{",
        b"}",
        b"(",
        b")",
        b"[",
        b"]",
        b"\"",
        b"\\",
        b"$",
        b"$300",
        b"%",
        b"\n",
        b"\n\n",
        b";",
        b"1-0",
        b"*",
        b"1/2",
        b"O-O-O",
        b"=",
        b"e8=Q",
        b"--",
        b"Z0",
        b"\xef\xbb\xbf",
        b"\xff",
        b"\xc3",
        b"\r",
        b"...",
        b"0-0",
        b"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n",
        b"[Variant \"Atomic\"]\n",
        b"[SetUp \"1\"]\n[FEN \"x\"]\n",
    ];
    let edit = (
        0usize..3,
        any::<prop::sample::Index>(),
        0usize..40,
        0..INSERTS.len(),
    );
    let strategy = (0..sources.len(), prop::collection::vec(edit, 1..8));
    let mut runner = TestRunner::new(Config {
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..Config::with_cases(256)
    });
    runner
        .run(&strategy, |(source, edits)| {
            let mut bytes = sources[source].clone();
            for (kind, at, len, insert) in edits {
                let i = at.index(bytes.len() + 1);
                match kind {
                    0 => {
                        let end = (i + len).min(bytes.len());
                        bytes.drain(i..end);
                    }
                    1 => {
                        bytes.splice(i..i, INSERTS[insert].iter().copied());
                    }
                    _ => bytes.truncate(i),
                }
            }
            let r = import_caught(&bytes).map_err(|p| {
                TestCaseError::fail(format!("panic: {p}\n{}", String::from_utf8_lossy(&bytes)))
            })?;
            let what = format!("damaged: {:?}", String::from_utf8_lossy(&bytes));
            assert_every_game_accounted_for(&what, &r);
            for e in &r.errors {
                assert_error_is_clear(&what, None, e);
            }
            for g in &r.games {
                replay_mainline_sans(&what, g);
            }
            Ok(())
        })
        .unwrap();
}

/// A control character in the file (a stray carriage return inside a name) does not reach the message a player
/// reads or hears as such: it is shown escaped.
#[test]
fn messages_show_control_characters_escaped() {
    let r = import("[White \"N\repomniachtchi\"]\n[Black \"Ding\"]\n\n1. e4 e5 2. Ke3 *\n");
    let msg = r.errors[0].to_string();
    assert!(!msg.chars().any(char::is_control), "{msg:?}");
    find_in_order(
        &msg,
        &[
            "game 1",
            r"N\repomniachtchi - Ding",
            "move 2 for White",
            "\"Ke3\"",
            "illegal",
        ],
    );
    // The name itself is kept as it was in the tags of a game that loads.
    let g = import_game("[White \"N\repomniachtchi\"]\n\n1. e4 *\n").unwrap();
    assert_eq!(g.tags.get("White").unwrap(), "N\repomniachtchi");
}

/// Sam Loyd's stalemate in ten moves: the import (which decides mate and stalemate only when it must) ends it as
/// stalemate with its own moves, with or without the check after every position, and a move written after the
/// stalemate is refused as a move after the end, at that move.
#[test]
fn stalemate_found_at_the_end_and_before_a_move_after_it() {
    let moves = "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 \
                 9. Qxc8 Kg6 10. Qe6";
    for check_every_position in [false, true] {
        let options = ImportOptions {
            check_every_position,
            ..ImportOptions::default()
        };
        let r = import_with(format!("{moves} 1/2-1/2\n").as_bytes(), &options);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let g = &r.games[0];
        assert_eq!(g.plies().len(), 19);
        assert_eq!(
            g.ending().map(|e| e.reason),
            Some(EndReason::Stalemate),
            "{check_every_position}"
        );
        assert!(g.position().legal_moves().is_empty());

        let r = import_with(format!("{moves} Kh5 1/2-1/2\n").as_bytes(), &options);
        assert!(r.games.is_empty(), "{check_every_position}");
        assert_eq!(r.errors.len(), 1);
        let e = &r.errors[0];
        assert!(matches!(e.kind, ImportErrorKind::AfterEnd(_)), "{e:?}");
        let message = e.to_string();
        assert!(
            message.contains("Kh5") && message.contains("10"),
            "{message}"
        );
    }
}
