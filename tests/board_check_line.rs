//! End-to-end: board mismatches (Appendix D.2.9) through the real binary in line mode, in record and in
//! assistant mode: scoresheets that agree (the player's board is put right in the fewest steps) and scoresheets
//! that differ (retraced to the last agreeing move on confirmation, the arbiter sets the clocks, the moves taken
//! back stay in the action log).

use std::path::{Path, PathBuf};

mod common;
use common::spoken;

use common::Run;

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hector-boardcheck-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("config")).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    dir
}

/// hector in `dir` (its config, data and home folders there), fed `input`; stdout must be UTF-8.
fn hector(dir: &Path, args: &[&str], input: &str) -> Run {
    let r = common::run_in(dir, args, input.as_bytes());
    assert!(std::str::from_utf8(&r.stdout).is_ok(), "stdout is UTF-8");
    r
}

fn has(lines: &[String], text: &str) -> usize {
    lines
        .iter()
        .position(|l| l == text)
        .unwrap_or_else(|| panic!("no line {text:?} in {lines:#?}"))
}

fn has_start(lines: &[String], text: &str) -> usize {
    lines
        .iter()
        .position(|l| l.starts_with(text))
        .unwrap_or_else(|| panic!("no line starting {text:?} in {lines:#?}"))
}

fn args<'a>(mode: &'a str, save: &'a str, speech: &'a str) -> Vec<&'a str> {
    vec![
        "--line",
        "--mode",
        mode,
        "--time",
        "90m+30s",
        "--virtual-clock",
        "--save",
        save,
        "--speech-log",
        speech,
    ]
}

/// D.2.9b: the sighted player's scoresheet (a PGN file) has 2... Nf6 where the record has 2... Nc6. hector names
/// the first difference and the last agreement; `rewind` and `yes` take the game back to after 2. Nf3; the
/// arbiter sets Black's clock and keeps the rest; the game goes on; the moves taken back are read back and
/// stand in the action log; the saved game holds the new line.
fn scoresheets_differ(mode: &str) {
    let dir = folder(&format!("differ-{mode}"));
    let save = dir.join("game.pgn");
    let speech = dir.join("speech.log");
    let other = dir.join("other.pgn");
    std::fs::write(
        &other,
        "[Event \"Open\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Nxe5 *\n",
    )
    .unwrap();
    let input = [
        "e4",
        "press",
        "e5",
        "press",
        "Nf3",
        "press",
        "Nc6",
        "press",
        "Bb5",
        "press",
        "a6",
        "press",
        "rewind",
        &format!("compare {}", other.display()),
        "rewind",
        "no",
        "rewind",
        "yes",
        "set black 1h20m",
        "keep",
        "Nf6",
        "press",
        "rewound",
        "log",
        "quit",
    ]
    .join("\n");
    let save_s = save.display().to_string();
    let speech_s = speech.display().to_string();
    let r = hector(&dir, &args(mode, &save_s, &speech_s), &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    has_start(l, "Nothing to rewind: compare the scoresheets first");
    let differ = has(
        l,
        "Scoresheets differ from move 2, Black: the record has Springer Cesar sechs, the other scoresheet Springer Felix sechs. They agree up to move 2, White; the record has 3 half-moves after it. Type rewind to go back there",
    );
    let confirm = has_start(
        l,
        "Rewind the game to after move 2, White, Black to move? 3 half-moves are taken back",
    );
    assert!(confirm > differ);
    has(l, "Rewind cancelled");
    has(
        l,
        "Play resumes after move 2, White, Black to move. Taken back: 2... Springer Cesar sechs, 3. Läufer Bella fünf, Bauer Anna sechs. The clock is stopped: the arbiter sets the clocks (Article 7.1): type keep, or set white 1h20m",
    );
    has(
        l,
        "Black's clock set to 1 hour 20 minutes; set the other, or type keep to start",
    );
    let kept = has(l, "Clocks started; Black's clock runs");
    assert!(l[kept + 1].contains("1 hour 20 minutes"), "{}", l[kept + 1]);
    has(l, "Springer Felix sechs");
    has(
        l,
        "Taken back: 2... Springer Cesar sechs, 3. Läufer Bella fünf, Bauer Anna sechs",
    );
    // The action log holds the moves taken back (the arbiter can read them back).
    let log_line = l
        .iter()
        .find(|x| x.starts_with("Action log"))
        .expect("the log read");
    assert!(
        log_line.contains("Taken back: 2... Nc6 3. Bb5 a6"),
        "{log_line}"
    );
    let log_file = std::fs::read_to_string(dir.join("game.pgn.log.txt")).unwrap();
    assert!(
        log_file.contains("Taken back: 2... Nc6 3. Bb5 a6"),
        "{log_file}"
    );
    // The game as saved: the record retraced and continued.
    let pgn = std::fs::read_to_string(&save).unwrap();
    assert!(pgn.contains("2. Nf3") && pgn.contains("2... Nf6"), "{pgn}");
    // The moves taken back are no moves of the record; they stand in a comment for the arbiter (R-D.2.9b).
    let movetext: String = pgn
        .split('{')
        .map(|part| part.split_once('}').map_or(part, |(_, after)| after))
        .collect();
    assert!(!movetext.contains("Nc6"), "{pgn}");
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "{Rewound after comparing scoresheets (Appendix D.2.9): taken back 2... Nc6 3. Bb5 a6}"
        ),
        "{pgn}"
    );
    // Both players hear the difference and the new position (not only the assistant's screen).
    let said = spoken(&speech);
    assert!(
        said.iter()
            .any(|s| s.starts_with("Scoresheets differ from move 2, Black")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|s| s.starts_with("Play resumes after move 2, White")),
        "{said:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// D.2.9a: the scoresheets agree; the blind player's board (walked rank by rank) has the castling half done:
/// the rook still on h1. hector says the position is the record's and what to change on the board.
fn scoresheets_agree(mode: &str) {
    let dir = folder(&format!("agree-{mode}"));
    let save = dir.join("game.pgn");
    let speech = dir.join("speech.log");
    let mut input: Vec<String> = "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O"
        .split_whitespace()
        .flat_map(|m| [m.to_string(), "press".to_string()])
        .collect();
    input.push("check".into());
    for rank in [
        "RNBQ2KR", "PPPP1PPP", "5N2", "2B1P3", "2b1p3", "2n5", "pppp1ppp", "r1bqk1nr",
    ] {
        input.push(rank.into());
    }
    input.push("compare".into());
    for m in [
        "Bauer Eva vier",
        "e5",
        "Sf3",
        "Springer Cesar sechs",
        "Lc4",
        "Bc5",
        "Kurze Rochade",
    ] {
        input.push(m.into());
    }
    input.push("end".into());
    input.push("is Turm Felix eins".into());
    input.push("quit".into());
    let save_s = save.display().to_string();
    let speech_s = speech.display().to_string();
    let r = hector(&dir, &args(mode, &save_s, &speech_s), &input.join("\n"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    let walk = has_start(l, "Board check, square by square from White's side");
    assert!(l[walk].ends_with("Anna eins?"));
    // Each rank said at once: the next rank's first square is asked.
    has(l, "Anna zwei?");
    has(l, "Anna acht?");
    let report = "Boards differ on Felix eins, Hector eins. To put it right: Turm from Hector eins to Felix eins (castling half done)";
    has(l, report);
    has_start(l, "Read the other scoresheet move by move");
    has(l, "move 1, White: Bauer Eva vier");
    has(l, "move 4, White: Kurze Rochade");
    let agree = has_start(
        l,
        "Scoresheets agree: 7 half-moves, up to move 4, White; the position is the record's, Black to move.",
    );
    assert!(l[agree].ends_with(report), "{}", l[agree]);
    has(l, "Yes: Felix eins: White Turm");
    let said = spoken(&speech);
    assert!(
        said.iter().any(|s| s == report),
        "the player hears the steps: {said:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn record_mode_scoresheets_differ_and_are_retraced() {
    scoresheets_differ("record");
}

#[test]
fn assistant_mode_scoresheets_differ_and_are_retraced() {
    scoresheets_differ("assistant");
}

#[test]
fn record_mode_scoresheets_agree_and_the_board_is_put_right() {
    scoresheets_agree("record");
}

#[test]
fn assistant_mode_scoresheets_agree_and_the_board_is_put_right() {
    scoresheets_agree("assistant");
}

/// Play mode (two players at one keyboard): a typed scoresheet in Appendix D words, an unreadable board word
/// named back safely, a missing file, and a FEN board.
#[test]
fn play_mode_typed_sheet_bad_words_and_files() {
    let dir = folder("play");
    let input = [
        "e4",
        "d5",
        "exd5",
        "compare Bauer Eva vier, Bauer David fünf, Bauer schlägt David fünf",
        "compare e4 d5 Nc3",
        "check rank fünf leer leer schwarz Bauer weiß Bauer 4",
        "check rank fünf weiß Elef\u{1b}ant",
        "check fen rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR",
        "check fen rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPP1PPP/RNBQKBNR",
        "compare /nonexistent/other.pgn",
        "check white König Eva eins, Dame David eins",
    ]
    .join("\n");
    let r = hector(&dir, &["--line", "--opponent", "human"], &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    has_start(l, "Scoresheets agree: 3 half-moves, up to move 2, White");
    has(
        l,
        "Scoresheets differ from move 2, White: the record has Bauer Eva schlägt David fünf, the other scoresheet Springer Cesar drei. They agree up to move 1, Black; the record has 1 half-move after it. Type rewind to go back there",
    );
    has(
        l,
        "Boards differ on Cesar fünf. To put it right: remove the Bauer on Cesar fünf (a capture not removed)",
    );
    // The escape byte is not echoed.
    let bad = has_start(l, "I cannot read \"Elef");
    assert!(!l[bad].contains('\u{1b}'), "{:?}", l[bad]);
    has(l, "Your board agrees with the game on every square");
    has(
        l,
        "Boards differ on David fünf. To put it right: on David fünf a white Bauer instead of the black Bauer (a piece of the wrong colour)",
    );
    has_start(l, "Could not read /nonexistent/other.pgn:");
    // Only White described: the white pieces not named are missing.
    assert!(
        l.iter()
            .any(|x| x.contains("a white Turm belongs on Anna eins")),
        "{l:#?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn record_args(save: &str) -> Vec<&str> {
    vec![
        "--line",
        "--mode",
        "record",
        "--time",
        "90m+30s",
        "--virtual-clock",
        "--speech",
        "off",
        "--language",
        "en",
        "--save",
        save,
    ]
}

/// The record's six half-moves of the Ruy Lopez, each completed by a press.
const RUY_LOPEZ: [&str; 12] = [
    "e4", "press", "e5", "press", "Nf3", "press", "Nc6", "press", "Bb5", "press", "a6", "press",
];

/// R-D.2.9: the other scoresheet has an illegal move in its own line (3... Ke5). As a PGN
/// file, typed, and read out move by move, it is compared up to there: the first difference is named with the
/// sheet's own move and why it cannot be played, and `rewind` offers to take back only the half-move after the
/// agreement. A sheet that differs before its illegal move names the difference first, then the illegal move.
#[test]
fn a_scoresheet_with_its_own_illegal_move_is_compared_up_to_it() {
    let dir = folder("illegal-own");
    std::fs::write(
        dir.join("other.pgn"),
        "[Event \"Open\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 {main line} 3. Bb5 Ke5 4. O-O *\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("other2.pgn"),
        "[Event \"Open\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bb5 Ke5 *\n",
    )
    .unwrap();
    let mut input: Vec<&str> = RUY_LOPEZ.to_vec();
    input.extend([
        "compare other.pgn",
        "compare 1. e4 e5 2. Nf3 Nc6 3. Bb5 Ke5 4. O-O",
        "compare",
        "e4",
        "e5",
        "Nf3",
        "Nc6",
        "Bb5",
        "Ke5",
        "end",
        "compare other2.pgn",
        "compare other.pgn",
        "rewind",
        "yes",
        "quit",
    ]);
    let r = hector(&dir, &record_args("g.pgn"), &input.join("\n"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    let differ = "Scoresheets differ from move 3, Black: the record has Bauer Anna sechs, the other scoresheet \"Ke5\", which is not a legal move there: Not possible: the König on Eva acht cannot reach Eva fünf. They agree up to move 3, White; the record has 1 half-move after it. Type rewind to go back there";
    assert_eq!(
        l.iter().filter(|x| *x == differ).count(),
        4,
        "file, typed, one by one, file again: {l:#?}"
    );
    has(
        l,
        "Not possible: the König on Eva acht cannot reach Eva fünf; say the move again, or end to compare up to here with this move as the other scoresheet has it",
    );
    let first = has(
        l,
        "Scoresheets differ from move 2, Black: the record has Springer Cesar sechs, the other scoresheet Springer Felix sechs. They agree up to move 2, White; the record has 3 half-moves after it. Type rewind to go back there",
    );
    assert_eq!(
        l[first + 1],
        "The other scoresheet has \"Ke5\" at move 3, Black, which is not a legal move there: Not possible: the König on Eva acht cannot reach Eva fünf. It is read no further"
    );
    has_start(
        l,
        "Rewind the game to after move 3, White, Black to move? 1 half-move is taken back",
    );
    has_start(
        l,
        "Play resumes after move 3, White, Black to move. Taken back: 3... Bauer Anna sechs",
    );
    assert!(!l.iter().any(|x| x.starts_with("Could not read")), "{l:#?}");
    let pgn = std::fs::read_to_string(dir.join("g.pgn")).unwrap();
    // The moves alone (the rewind's comment names the move taken back).
    let mut moves = String::new();
    let mut depth = 0;
    for c in pgn.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => moves.push(c),
            _ => {}
        }
    }
    assert!(moves.contains("3. Bb5") && !moves.contains("a6"), "{pgn}");
    assert!(pgn.contains("taken back 3... a6"), "{pgn}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `compare` on a file that is no scoresheet (/dev/null, an empty file, a letter, a typo'd
/// name, words that are no move) is refused with the reason and changes nothing: no rewind is offered, the game
/// keeps every move. hector's own printed scoresheet (the `.txt` beside the game) is read as a scoresheet.
#[test]
fn a_file_that_is_no_scoresheet_is_refused_and_changes_nothing() {
    let dir = folder("not-a-sheet");
    // A first game leaves its printed scoresheet first.txt (written when hector ends).
    let r = hector(
        &dir,
        &record_args("first.pgn"),
        &[&RUY_LOPEZ[..], &["quit"]].concat().join("\n"),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let printed = std::fs::read_to_string(dir.join("first.txt")).unwrap();
    assert!(printed.contains(" 3.  Bb5"), "{printed}");
    std::fs::write(dir.join("empty.pgn"), "").unwrap();
    std::fs::write(
        dir.join("letter.txt"),
        "Dear arbiter,\nplease find my sheet attached.\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("tags.pgn"),
        "[Event \"Open\"]\n[White \"A\"]\n\n*\n",
    )
    .unwrap();
    let mut input: Vec<&str> = RUY_LOPEZ.to_vec();
    input.extend([
        "Ba4",
        "press",
        "compare /dev/null",
        "rewind",
        "compare empty.pgn",
        "compare first.brf",
        "compare letter.txt",
        "compare tags.pgn",
        "compare nothere.txt",
        "compare hello",
        "compare",
        "end",
        "rewind",
        "yes",
        "compare first.txt",
        "rewind",
        "quit",
    ]);
    let r = hector(&dir, &record_args("g.pgn"), &input.join("\n"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    has_start(l, "Could not read /dev/null: ");
    has(
        l,
        "empty.pgn is empty: it holds no scoresheet. Nothing was compared or changed",
    );
    has_start(
        l,
        "first.brf is a braille scoresheet (BRF), which hector does not read back",
    );
    has(
        l,
        "letter.txt cannot be read as a scoresheet: where its first move should be, it has \"Dear arbiter\": not a move in any notation hector reads. Nothing was compared or changed",
    );
    has(
        l,
        "tags.pgn holds no moves: it is no scoresheet. Nothing was compared or changed",
    );
    has_start(l, "Could not read nothere.txt: ");
    has_start(
        l,
        "No move of the other scoresheet can be read: \"hello\": not a move in any notation hector reads. Nothing was compared or changed",
    );
    has(l, "No moves were given: nothing was compared or changed");
    // No rewind was ever offered by those.
    assert_eq!(
        l.iter()
            .filter(|x| x.starts_with("Nothing to rewind"))
            .count(),
        2,
        "{l:#?}"
    );
    // Only hector's own printed sheet is compared, and only then is a rewind offered, of one half-move.
    let read = has_start(
        l,
        "The other scoresheet stops after move 3, Black; the record goes on with Läufer Anna vier",
    );
    let asked = has_start(
        l,
        "Rewind the game to after move 3, Black, White to move? 1 half-move is taken back",
    );
    assert!(asked > read);
    assert!(
        !l[..read].iter().any(|x| x.starts_with("Rewind the game")),
        "{l:#?}"
    );
    let pgn = std::fs::read_to_string(dir.join("g.pgn")).unwrap();
    assert!(pgn.contains("4. Ba4"), "every move kept: {pgn}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A bare square in a piece list is asked about, never guessed: `check white Ke1 e2` does
/// not take e2 as a second King, and a SAN list with pawns as bare squares gives no false steps.
#[test]
fn a_bare_square_in_a_piece_list_is_asked_about() {
    let dir = folder("bare-square");
    let input = [
        "e4",
        "press",
        "check white Ke1 e2",
        "check white Ke1 Qd1 Ra1 Rh1 Bc1 Bf1 Nb1 Ng1 a2 b2 c2 d2 e4 f2 g2 h2",
        "check white Ke1 Qd1 Ra1 Rh1 Bc1 Bf1 Nb1 Ng1 Pa2 Pb2 Pc2 Pd2 Pe4 Pf2 Pg2 Ph2",
        "quit",
    ]
    .join("\n");
    let r = hector(&dir, &record_args("g.pgn"), &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    assert_eq!(
        l.iter()
            .filter(|x| *x == "Which piece stands on Eva zwei? Say the piece before its squares")
            .count(),
        1,
        "{l:#?}"
    );
    has(
        l,
        "Which piece stands on Anna zwei? Say the piece before its squares",
    );
    has(l, "Your board agrees with the game on the White pieces");
    assert!(!l.iter().any(|x| x.starts_with("Boards differ")), "{l:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}
