//! End-to-end: the real binary in line mode, checked by what a player would hear (one announcement per line).

mod common;

use std::io::Write;
use std::path::PathBuf;
use std::process::Stdio;

struct Run {
    lines: Vec<String>,
    code: i32,
    stderr: String,
}

fn hector(args: &[&str], input: &[u8]) -> Run {
    let mut child = common::hector_command(&common::temp_dir("line"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start hector");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    Run {
        lines: common::without_openings(
            String::from_utf8(out.stdout)
                .expect("stdout is UTF-8")
                .lines()
                .map(str::to_string)
                .collect(),
        ),
        code: out.status.code().unwrap_or(-1),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn play(input: &str) -> Run {
    hector(&["--line", "--opponent", "human"], input.as_bytes())
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hector-e2e-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The lines after the greeting, one per input line that produces output.
fn answers(r: &Run) -> &[String] {
    &r.lines[1..]
}

#[test]
fn scholars_mate_is_announced_and_ends_the_game() {
    let r = play("e4\ne5\nQh5\nNc6\nBc4\nNf6\nQxf7#\na3\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.lines[0], "New game, White to move");
    assert_eq!(
        answers(&r),
        [
            "Bauer Eva vier",
            "Bauer Eva fünf",
            "Dame Hector fünf",
            "Springer Cesar sechs",
            "Läufer Cesar vier",
            "Springer Felix sechs",
            "Dame schlägt Felix sieben Matt",
            "Checkmate. White wins, 1-0",
            "The game is over (Checkmate. White wins, 1-0); review commands still work",
        ]
    );
    assert!(
        !r.lines.iter().any(|l| l.contains('\x1b')),
        "no ANSI escapes on stdout"
    );
}

#[test]
fn a_refused_move_says_why_and_changes_nothing() {
    let r = play("Ne5\ne7e5\nhello\nfen\ne4\nKe2\nfen\n");
    let a = answers(&r);
    assert_eq!(a[0], "Not possible: no Springer can reach Eva fünf");
    assert_eq!(
        a[1],
        "Not possible: the Bauer on Eva sieben is Black's, and it is White's turn"
    );
    assert!(a[2].starts_with("Not understood"), "{}", a[2]);
    assert_eq!(
        a[3],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(a[4], "Bauer Eva vier");
    assert_eq!(
        a[5],
        "Not possible: the König on Eva acht cannot reach Eva zwei"
    );
    assert_eq!(
        a[6],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn review_commands_answer_in_words() {
    let r = play(
        "last\ne4\nc5\nNf3\nlast\nmoves\nmoves 2\nmoves x\ncount\nsquare e4\nsquare e5\nsquare z9\nhelp\n",
    );
    let a = answers(&r);
    assert_eq!(a[0], "No move has been played yet");
    assert_eq!(a[4], "Last move, White 2: Springer Felix drei");
    assert_eq!(
        a[5],
        "1. Bauer Eva vier, Bauer Cesar fünf; 2. Springer Felix drei"
    );
    assert_eq!(a[6], "1... Bauer Cesar fünf; 2. Springer Felix drei");
    assert!(a[7].starts_with("moves takes a number"), "{}", a[7]);
    assert_eq!(a[8], "Move 2, Black to move; 1 move completed");
    assert_eq!(a[9], "Eva vier: White Bauer");
    assert_eq!(a[10], "Eva fünf: empty");
    assert!(a[11].starts_with("square needs a square"), "{}", a[11]);
    assert!(a[12].starts_with("To move, type the move"), "{}", a[12]);
}

#[test]
fn board_lists_pieces_per_side() {
    let r = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--fen",
            "4k3/8/8/8/8/8/4P3/R3K2R w KQ - 0 1",
        ],
        b"board\n",
    );
    assert_eq!(
        answers(&r)[0],
        "White: König Eva eins; Turm Anna eins, Hector eins; Bauer Eva zwei. Black: König Eva acht. White to move"
    );
}

#[test]
fn resignation_needs_confirmation() {
    let r = play("e4\nresign\nno\nresign\ne5\nresign\nyes\nd4\n");
    let a = answers(&r);
    assert_eq!(a[1], "Resign the game for Black? Type yes or no");
    assert_eq!(a[2], "Resignation cancelled");
    assert_eq!(
        a[4], "Please answer yes or no. Resign the game for Black? Type yes or no",
        "a move after a resign question asks again and is not played"
    );
    assert_eq!(
        a[5], "Please answer yes or no",
        "the next line that is no answer: a short reminder, the question stays open"
    );
    assert_eq!(a[6], "Black resigns. White wins, 1-0");
    assert!(a[7].starts_with("The game is over"), "{}", a[7]);
}

#[test]
fn draw_offers_follow_article_9_1_and_5_2_3() {
    let r = play("accept\noffer\naccept\ne4\ne5\naccept\n");
    let a = answers(&r);
    assert_eq!(a[0], "No draw offer is open");
    assert_eq!(a[1], "White offers a draw");
    assert!(a[2].contains("Article 5.2.3"), "{}", a[2]);
    assert_eq!(a[3], "Bauer Eva vier");
    // Black's move declines the open offer.
    assert_eq!(a[4], "Bauer Eva fünf");
    assert_eq!(a[5], "No draw offer is open");
    let r = play("e4\ne5\nNf3\noffer\ndecline\nNc6\noffer\naccept\nfen\n");
    let a = answers(&r);
    assert_eq!(a[3], "White offers a draw");
    assert_eq!(a[4], "Black declines the draw offer");
    assert_eq!(a[6], "Black offers a draw");
    assert_eq!(a[7], "Draw by agreement, 1/2-1/2");
}

#[test]
fn repetition_claims_and_fivefold() {
    let shuffle = "Nf3\nNf6\nNg1\nNg8\n";
    let input = format!("claim\n{shuffle}Nf3\nNf6\nNg1\nclaim Ng8\n");
    let r = play(&input);
    let a = answers(&r);
    assert!(
        a[0].starts_with("White's draw claim is not correct: the position has occurred once"),
        "{}",
        a[0]
    );
    let n = a.len();
    assert_eq!(a[n - 3], "Springer Gustav acht");
    assert_eq!(
        a[n - 2],
        "Black claims a draw by threefold repetition (Article 9.2) with the intended move: the claim is correct"
    );
    assert_eq!(a[n - 1], "Draw by threefold repetition, 1/2-1/2");

    // A wrong claim with an intended move: the move stands and is played.
    let r = play("e4\nclaim e5\nfen\n");
    let a = answers(&r);
    assert!(
        a[1].starts_with("Black's draw claim is not correct"),
        "{}",
        a[1]
    );
    assert!(
        a[1].ends_with("the intended move stands and is played (Article 9.5.3)"),
        "{}",
        a[1]
    );
    assert_eq!(a[2], "Bauer Eva fünf");
    assert_eq!(
        a[3],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );

    let r = play(&shuffle.repeat(4));
    let a = answers(&r);
    assert_eq!(a.last().unwrap(), "Draw by fivefold repetition, 1/2-1/2");
    assert_eq!(a.len(), 17, "16 moves and the ending");
}

#[test]
fn dead_position_after_a_capture() {
    let r = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--fen",
            "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",
        ],
        b"Kxe2\n",
    );
    assert_eq!(
        answers(&r),
        [
            "König schlägt Eva zwei",
            "Dead position, no one can checkmate. Draw, 1/2-1/2"
        ]
    );
}

#[test]
fn fen_and_chess960_starts_and_bad_ones_are_refused() {
    let r = hector(
        &["--line", "--chess960", "0", "--opponent", "human"],
        b"fen\n",
    );
    assert_eq!(r.lines[0], "New Chess960 game, position 0, White to move");
    assert!(
        r.lines[1].starts_with("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w"),
        "{}",
        r.lines[1]
    );
    let r = hector(&["--line", "--chess960", "960"], b"");
    assert_eq!(r.code, 2);
    assert!(r.lines[0].contains("0 to 959"), "{:?}", r.lines);
    let r = hector(&["--line", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"], b"");
    assert_eq!(r.code, 2);
    assert!(
        r.lines[0].starts_with("Cannot start from that FEN"),
        "{:?}",
        r.lines
    );
    let r = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--fen",
            "8/8/4k3/8/8/3K4/8/8 b - - 0 1",
        ],
        b"Kd5\n",
    );
    assert_eq!(r.lines[0], "New game, Black to move");
    assert_eq!(
        r.lines[1],
        "Dead position, no one can checkmate. Draw, 1/2-1/2"
    );
}

#[test]
fn save_after_every_move_and_load_continues() {
    let dir = tmp("save");
    let pgn = dir.join("game.pgn");
    let p = pgn.to_str().unwrap();
    let r = hector(
        &["--line", "--opponent", "human", "--save", p],
        b"e4\ne5\noffer\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("1. e4 e5"), "{text}");
    assert!(text.contains("[Result \"*\"]"), "{text}");
    let r = hector(
        &["--line", "--opponent", "human", "--load", p, "--save", p],
        b"count\nNf3\nlast\n",
    );
    assert_eq!(r.lines[0], "Game continued: move 2, White to move");
    assert_eq!(r.lines[1], "Move 2, White to move; 1 move completed");
    assert_eq!(r.lines[2], "Springer Felix drei");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("2. Nf3"), "{text}");
    // A damaged file is refused with the place and the reason; nothing is overwritten.
    std::fs::write(dir.join("bad.pgn"), "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
    let bad = dir.join("bad.pgn");
    let r = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--load",
            bad.to_str().unwrap(),
            "--save",
            bad.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, 2);
    assert!(r.lines[0].contains("Ke3"), "{:?}", r.lines);
    assert!(std::fs::read_to_string(&bad).unwrap().contains("Ke3"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn save_command_and_unwritable_file() {
    let dir = tmp("savecmd");
    let target = dir.join("out.pgn");
    let input = format!(
        "save\ne4\nsave {}\nsave /nonexistent-dir/x.pgn\n",
        target.display()
    );
    let r = hector(
        &["--line", "--opponent", "human", "--no-autosave"],
        input.as_bytes(),
    );
    let a = answers(&r);
    assert!(a[0].starts_with("No file to save to"), "{}", a[0]);
    assert!(std::fs::read_to_string(&target).unwrap().contains("1. e4"));
    assert_eq!(a[1], "Bauer Eva vier");
    assert_eq!(a[2], format!("Game saved to {}", target.display()));
    assert!(
        a[3].starts_with("Could not save the game to /nonexistent-dir/x.pgn: "),
        "{}",
        a[3]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn speech_log_records_every_announcement_with_a_time_stamp() {
    let dir = tmp("log");
    let log = dir.join("speech.log");
    let r = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--speech-log",
            log.to_str().unwrap(),
        ],
        b"e4\nNf9\n",
    );
    let text = std::fs::read_to_string(&log).unwrap();
    let entries: Vec<&str> = text
        .lines()
        .filter(|l| !common::is_opening(l.split_once('\t').map_or(*l, |(_, t)| t)))
        .collect();
    assert_eq!(entries.len(), r.lines.len());
    for (entry, line) in entries.iter().zip(&r.lines) {
        let (stamp, said) = entry.split_once('\t').unwrap();
        assert_eq!(said, line);
        assert_eq!(stamp.len(), 24, "{stamp}");
        assert!(stamp.starts_with("20") && stamp.ends_with('Z'), "{stamp}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn garbage_input_never_crashes() {
    let mut input: Vec<u8> = b"\xff\xfe\x00garbage\n\n   \n".to_vec();
    input.extend_from_slice(
        "é♞ x\nsquare\nclaim Zz9\nmoves 99999999999999999999\nresign maybe\ne4\n".as_bytes(),
    );
    let r = hector(&["--line", "--opponent", "human"], &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.lines.last().unwrap(), "Bauer Eva vier");
    assert!(r.lines.len() >= 7, "{:?}", r.lines);
}

#[test]
fn moves_in_words_vocabularies_and_languages() {
    let r = play("Springer Felix drei\nspr fel sechs\ns Cesar drei\nBauer Eva vier\n");
    let a = answers(&r);
    assert_eq!(a[0], "Springer Felix drei");
    assert_eq!(a[1], "Springer Felix sechs");
    assert!(a[2].starts_with("\"s\" could be "), "{}", a[2]);
    assert_eq!(a[3], "Bauer Eva vier");
    let r = hector(
        &["--line", "--opponent", "human", "--vocabulary", "english"],
        b"knight felix three\ne5\nBf4\n",
    );
    assert_eq!(
        answers(&r),
        [
            "Knight Felix three",
            "Pawn Eva five",
            "Not possible: no Bishop can reach Felix four"
        ]
    );
    let r = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--vocabulary",
            "greek",
            "--language",
            "el",
        ],
        "Ιζ3\nΙδ4\n".as_bytes(),
    );
    assert_eq!(r.lines[0], "Νέα παρτίδα, παίζουν τα Λευκά");
    assert_eq!(r.lines[1], "Ίππος ζήτα τρία");
    assert_eq!(
        r.lines[2],
        "Δεν είναι δυνατό: κανένας Ίππος δεν φτάνει στο δέλτα τέσσερα"
    );
    let r = hector(
        &["--line", "--opponent", "human", "--language", "de"],
        b"f3\ne5\ng4\nDh4\n",
    );
    assert_eq!(answers(&r).last().unwrap(), "Matt. Schwarz gewinnt, 0-1");
    assert_eq!(answers(&r)[3], "Dame Hector vier Matt");
}

#[test]
fn bad_vocabulary_or_language_is_refused_with_the_place() {
    let dir = tmp("vocab");
    let file = dir.join("mine.ron");
    let good = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/config/vocabulary/appendix-d.ron"
    ))
    .unwrap();
    std::fs::write(&file, good.replace("    check: \"Schach\",\n", "")).unwrap();
    let r = hector(&["--line", "--vocabulary", file.to_str().unwrap()], b"");
    assert_eq!(r.code, 2);
    assert!(
        r.lines[0].contains("mine.ron, line ") && r.lines[0].contains("check"),
        "{:?}",
        r.lines
    );
    std::fs::write(&file, good.replace("\"Hector\"", "\"Hektor\"")).unwrap();
    let r = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--vocabulary",
            file.to_str().unwrap(),
        ],
        b"e4\ne5\nNh3\n",
    );
    assert_eq!(
        answers(&r)[2],
        "Springer Hektor drei",
        "a user vocabulary is used"
    );
    let r = hector(&["--line", "--language", "fr"], b"");
    assert_eq!(r.code, 2);
    assert!(r.lines[0].contains("en, de or el"), "{:?}", r.lines);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// SAN to Appendix D words, written here independently of hector's own announcer.
fn san_to_words(san: &str) -> String {
    let san = san.trim_end_matches(['+', '#']);
    if san == "O-O" {
        return "Kurze Rochade".into();
    }
    if san == "O-O-O" {
        return "Lange Rochade".into();
    }
    let files = [
        "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector",
    ];
    let ranks = [
        "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht",
    ];
    let piece = |c: char| match c {
        'K' => "König",
        'Q' => "Dame",
        'R' => "Turm",
        'B' => "Läufer",
        'N' => "Springer",
        _ => "Bauer",
    };
    let mut words = Vec::new();
    let mut chars = san.chars().peekable();
    words.push(piece(*chars.peek().unwrap()).to_string());
    if chars.peek().is_some_and(|c| c.is_ascii_uppercase()) {
        chars.next();
    }
    while let Some(c) = chars.next() {
        match c {
            'a'..='h' => words.push(files[(c as u8 - b'a') as usize].to_string()),
            '1'..='8' => words.push(ranks[(c as u8 - b'1') as usize].to_string()),
            'x' => words.push("schlägt".into()),
            '=' => words.push(piece(chars.next().unwrap()).to_string()),
            _ => panic!("unexpected {c} in {san}"),
        }
    }
    words.join(" ")
}

#[test]
fn famous_games_typed_in_appendix_d_words_end_in_the_same_position() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/famous");
    let mut games = 0;
    for name in [
        "kasparov-deep-blue-1997.pgn",
        "molinari-bordais-1979.pgn",
        "nepomniachtchi-liren-game1.pgn",
    ] {
        let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
        let report = hector::rules::pgn::import(&text);
        assert!(report.errors.is_empty(), "{name}: {:?}", report.errors);
        for game in &report.games {
            let mut input = String::new();
            for ply in game.plies() {
                input.push_str(&san_to_words(&ply.san.to_string()));
                input.push('\n');
            }
            input.push_str("fen\n");
            let r = play(&input);
            assert_eq!(r.code, 0);
            assert!(
                !r.lines.iter().any(|l| l.starts_with("Illegal")
                    || l.starts_with("Not understood")
                    || l.starts_with("Which")),
                "{name}: {:?}",
                r.lines
            );
            assert_eq!(r.lines.last().unwrap(), &game.fen(), "{name}");
            games += 1;
        }
    }
    assert!(games >= 8, "{games} games");
}

#[test]
fn the_promotion_question_is_answered_with_the_words_and_letters_it_offers() {
    let fen = "4k3/P6p/8/8/8/8/7P/4K3 w - - 0 1";
    for (vocabulary, language, answer, said) in [
        ("appendix-d", "en", "Dame", "Bauer Anna acht Dame Schach"),
        ("appendix-d", "en", "q", "Bauer Anna acht Dame Schach"),
        ("appendix-d", "de", "Turm", "Bauer Anna acht Turm Schach"),
        ("appendix-d", "en", "spr", "Bauer Anna acht Springer"),
        ("appendix-d", "de", "L", "Bauer Anna acht Läufer"),
        ("english", "en", "queen", "Pawn Anna eight Queen check"),
        ("english", "en", "N", "Pawn Anna eight Knight"),
        ("greek", "el", "Πύργος", "Πιόνι άλφα οκτώ Πύργος σαχ"),
        ("greek", "el", "Β", "Πιόνι άλφα οκτώ Βασίλισσα σαχ"),
    ] {
        let r = hector(
            &[
                "--line",
                "--opponent",
                "human",
                "--fen",
                fen,
                "--vocabulary",
                vocabulary,
                "--language",
                language,
            ],
            format!("a8\n{answer}\nfen\n").as_bytes(),
        );
        let a = answers(&r);
        assert_eq!(a.len(), 3, "{answer}: {a:?}");
        assert!(
            a[0].ends_with('?') || a[0].ends_with(';'),
            "the question: {}",
            a[0]
        );
        assert_eq!(a[1], said, "{vocabulary} {answer}");
        assert!(
            a[2].starts_with("R3k3/")
                || a[2].starts_with("Q3k3/")
                || a[2].starts_with("B3k3/")
                || a[2].starts_with("N3k3/"),
            "{}",
            a[2]
        );
    }
    // Something else than a piece drops the question and is read as usual.
    let r = hector(
        &["--line", "--opponent", "human", "--fen", fen],
        b"a8\nKd2\n",
    );
    assert_eq!(answers(&r)[1], "König David zwei");
}

#[test]
fn a_bishop_with_a_rank_is_read_as_san() {
    // Two White bishops on the g-file: B1f2 is the one from g1 (python-chess writes it so).
    let r = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--fen",
            "4k3/7p/8/8/8/8/8/4K1BB w - - 0 1",
        ],
        b"B1f2\nfen\n",
    );
    assert_eq!(answers(&r)[0], "Läufer Felix zwei", "{:?}", r.lines);
    assert!(
        answers(&r)[1].ends_with("/8/8/8/8/5B2/4K2B b - - 1 1"),
        "{:?}",
        r.lines
    );
    let r = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--fen",
            "4k3/7p/8/8/8/6B1/8/4K1B1 w - - 0 1",
        ],
        b"B1f2\nB3f2\nfen\n",
    );
    assert_eq!(answers(&r)[0], "Läufer eins Felix zwei", "{:?}", r.lines);
}

#[test]
fn entry_mistakes_are_not_possible_and_the_reason_holds_in_every_language() {
    // After 1.e4 Nf6 the e-pawn cannot capture on d4: the reason must not speak of d2-d4 or of a check.
    for (args, input, expected) in [
        (
            vec!["--line", "--opponent", "human"],
            "e4\nNf6\nexd4\n",
            "Not possible: there is nothing to capture on David vier",
        ),
        (
            vec!["--line", "--opponent", "human"],
            "e4\nNf6\nBauer Eva schlägt David vier\n",
            "Not possible: there is nothing to capture on David vier",
        ),
        (
            vec![
                "--line",
                "--opponent",
                "human",
                "--vocabulary",
                "greek",
                "--language",
                "el",
            ],
            "e4\nNf6\nεδ4\n",
            "Δεν είναι δυνατό: δεν υπάρχει τίποτα να παρθεί στο δέλτα τέσσερα",
        ),
        (
            vec!["--line", "--opponent", "human", "--language", "de"],
            "e4\nNf6\nexd5\n",
            "Nicht möglich: auf David fünf ist nichts zu schlagen",
        ),
        (
            vec![
                "--line",
                "--opponent",
                "human",
                "--language",
                "de",
                "--fen",
                "4k3/8/8/8/8/R7/R7/4K3 w - - 0 1",
            ],
            "Rah5\n",
            "Nicht möglich: keine Figur der Art Turm auf der Linie Anna kann Hector fünf erreichen",
        ),
        (
            vec![
                "--line",
                "--opponent",
                "human",
                "--fen",
                "4k3/8/8/8/8/R7/R7/4K3 w - - 0 1",
            ],
            "Rbh5\nR1a4\nQd1\n",
            "Not possible: you have no Dame",
        ),
        (
            vec!["--line", "--opponent", "human"],
            "e4\ne5\nd4\nNf6\nBb5\nNc6\nBxc6\nbxc6\nd5\nd6\nKe2\nBg4\nNf3\nNxe4\nNfd2\n",
            "Not possible: the Springer on Felix drei is pinned to your king",
        ),
        (
            vec!["--line", "--opponent", "human", "--language", "de"],
            "e3e4\n",
            "Nicht möglich: auf Eva drei steht keine Figur",
        ),
    ] {
        let r = hector(&args, input.as_bytes());
        let last = r.lines.last().unwrap();
        assert_eq!(last, expected, "{input:?}");
        assert!(
            !last.contains("Illegal") && !last.contains("Regelwidrig"),
            "{last}"
        );
    }
}

#[test]
fn every_command_has_its_words_in_german_and_greek_and_help_lists_them_all() {
    // `help` says the everyday commands by task; `help TOPIC` each topic whole, in the player's words.
    for (lang, words, help_start, topics) in [
        (
            "de",
            "zeit\nhilfe\nzugzahl\nbrett\nverbraucht\n",
            "Zum Ziehen",
            ["zug", "brett", "uhr", "partie", "programm", "nachspielen"],
        ),
        (
            "el",
            "χρόνος\nβοήθεια\nμέτρηση\nσκακιέρα\nκαταναλωμένος\n",
            "Για κίνηση",
            [
                "κίνηση",
                "σκακιέρα",
                "ρολόι",
                "παρτίδα",
                "μηχανή",
                "ανασκόπηση",
            ],
        ),
    ] {
        let help_word = if lang == "de" {
            "hilfe"
        } else {
            "βοήθεια"
        };
        let mut input = words.to_string();
        for t in topics {
            input.push_str(&format!("{help_word} {t}\n"));
        }
        let r = hector(
            &[
                "--line",
                "--opponent",
                "human",
                "--language",
                lang,
                // No increment: `increment` (Guidelines III.4) is only said where it works.
                "--time",
                "300",
                "--virtual-clock",
            ],
            input.as_bytes(),
        );
        let a = answers(&r);
        assert_eq!(a.len(), 5 + topics.len(), "{a:?}");
        assert!(
            !a.iter()
                .any(|l| l.contains("Nicht verstanden") || l.contains("Δεν έγινε κατανοητό")),
            "{a:?}"
        );
        assert!(a[1].starts_with(help_start), "{}", a[1]);
        let help = a[5..].join(" ");
        // Every command of a home game is in its topic, in the language's word (with the English contract name
        // beside it).
        for name in [
            "time",
            "used",
            "control",
            "flag",
            "wait",
            "increment",
            "engine",
            "level",
            "opponent",
            "repeat",
            "quit",
            "review",
            "back",
            "forward",
            "start",
            "end",
            "goto",
            "variation",
            "leave",
            "done",
        ] {
            assert!(
                help.contains(&format!("({name})")),
                "{lang}: {name} missing in {help}"
            );
        }
        // The arbiter's commands are not for a home game: in the tournament profile they are.
        for name in ["arbiter", "seal", "envelope", "open", "illegal"] {
            assert!(
                !help.contains(&format!("({name})")),
                "{lang}: {name} in {help}"
            );
        }
        let tournament = if lang == "de" {
            "turnier"
        } else {
            "τουρνουά"
        };
        let r = hector(
            &[
                "--line",
                "--language",
                lang,
                "--mode",
                "record",
                "--time",
                "5+3",
            ],
            format!("{help_word} {tournament}\n").as_bytes(),
        );
        let arbiter = r.lines.last().unwrap();
        for name in ["arbiter", "seal", "envelope", "open", "illegal"] {
            assert!(
                arbiter.contains(&format!("({name})")),
                "{lang}: {name} missing in {arbiter}"
            );
        }
    }
    // The English contract names work in every language.
    let r = hector(
        &["--line", "--opponent", "human", "--language", "el"],
        b"count\n",
    );
    assert!(answers(&r)[0].starts_with("Κίνηση 1"), "{:?}", r.lines);
}

#[test]
fn start_up_errors_are_said_in_the_players_language_in_plain_words_and_logged() {
    let dir = tmp("startup");
    let log = dir.join("speech.log");
    let r = hector(
        &[
            "--line",
            "--language",
            "de",
            "--speech-log",
            log.to_str().unwrap(),
            "--load",
            "/no/such/game.pgn",
        ],
        b"",
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.lines,
        ["/no/such/game.pgn kann nicht gelesen werden: diese Datei gibt es nicht"]
    );
    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(
        logged.contains("diese Datei gibt es nicht") && !logged.contains("os error"),
        "{logged}"
    );
    let r = hector(&["--line", "--language", "el", "--level", "11"], b"");
    assert_eq!(
        r.lines,
        ["Το --level 11 δεν μπορεί να χρησιμοποιηθεί: το επίπεδο είναι αριθμός από 1 έως 10"]
    );
    let r = hector(&["--line", "--language", "de", "--bogus"], b"");
    assert!(
        r.lines[0].starts_with("hector kann diese Optionen nicht verwenden"),
        "{:?}",
        r.lines
    );
}

#[test]
fn repeat_says_the_last_announcement_again_and_sides_can_be_named() {
    let r = play("e4\nrepeat\nsides all\ne5\nagain\nsides none\nNf3\n");
    assert_eq!(
        answers(&r),
        [
            "Bauer Eva vier",
            "Bauer Eva vier",
            "Every move is announced with the side that made it",
            "Black: Bauer Eva fünf",
            "Black: Bauer Eva fünf",
            "Moves are announced without the side",
            "Springer Felix drei",
        ]
    );
    let r = hector(
        &["--line", "--opponent", "human", "--sides", "all"],
        b"e4\n",
    );
    assert_eq!(answers(&r), ["White: Bauer Eva vier"]);
}

#[test]
fn line_mode_explores_the_board_like_the_screen() {
    let fen = "3rk3/8/5n2/3pp3/1b1PPB2/2N5/8/3QK2R w K - 0 1";
    let r = hector(
        &["--line", "--opponent", "human", "--fen", fen],
        "rank a4\nrank 4\nfile a\ndiagonals f4\nlines h1\nknights a1\nattackers c3\nattackers d3\nlegal c3\npieces black\npawns\nmaterial\nturn\nrank z9\n".as_bytes(),
    );
    let a = answers(&r);
    let rank = "Rank vier: Bella vier Black Läufer, David vier White Bauer, Eva vier White Bauer, Felix vier White Läufer";
    assert_eq!(a[0], rank);
    assert_eq!(a[1], rank);
    assert_eq!(a[2], "File Anna: empty");
    assert_eq!(
        a[3],
        "Diagonals from Felix vier: up left Eva fünf Black Bauer; up right Gustav fünf, Hector sechs; \
         down left Eva drei, David zwei, Cesar eins; down right Gustav drei, Hector zwei"
    );
    assert!(
        a[4].starts_with("Lines from Hector eins: up Hector zwei"),
        "{}",
        a[4]
    );
    assert_eq!(a[5], "A knight on Anna eins reaches Cesar zwei, Bella drei");
    assert_eq!(
        a[6],
        "Cesar drei White Springer: attacked by Läufer Bella vier; defended by none"
    );
    assert_eq!(
        a[7],
        "David drei: reached by White Dame David eins; by Black none"
    );
    assert_eq!(
        a[8], "Springer Cesar drei has no legal move",
        "pinned by the Läufer on Bella vier"
    );
    assert_eq!(
        a[9],
        "Black: König Eva acht; Turm David acht; Läufer Bella vier; Springer Felix sechs; Bauer David fünf, Eva fünf"
    );
    assert_eq!(
        a[10],
        "Pawns: David: White vier, Black fünf; Eva: White vier, Black fünf"
    );
    assert!(a[11].starts_with("Material: White Dame 1"), "{}", a[11]);
    assert_eq!(a[12], "White to move");
    assert_eq!(a[13], "rank needs a square like e4, not \"z9\"");
    // German words for the same commands.
    let r = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--fen",
            fen,
            "--language",
            "de",
        ],
        b"reihe 4\nangreifer c3\n",
    );
    assert!(
        answers(&r)[0].starts_with("Reihe vier") || answers(&r)[0].contains("Bella vier"),
        "{:?}",
        r.lines
    );
    assert!(answers(&r)[1].contains("Bella vier"), "{:?}", r.lines);
}

#[test]
fn takeback_and_a_new_game_keep_the_unfinished_one() {
    let dir = tmp("takeback");
    let data = dir.join("data");
    let _ = std::fs::remove_dir_all(&data);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hector"))
        .args(["--line", "--opponent", "human"])
        .env("XDG_DATA_HOME", &data)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"e4\ne5\ntakeback\nd5\ntakeback 2\nfen\nNf3\nnew\nyes\nfen\ntakeback x\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let lines: Vec<String> = common::without_openings(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect(),
    );
    let a = &lines[1..];
    assert_eq!(a[2], "Taken back: Bauer Eva fünf; Black to move");
    assert_eq!(a[3], "Bauer David fünf");
    assert_eq!(
        a[4],
        "Taken back: Bauer Eva vier, Bauer David fünf; White to move"
    );
    assert_eq!(
        a[5],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(a[6], "Springer Felix drei");
    // Asked first; no path said.
    assert!(a[7].starts_with("Start a new game?"), "{a:?}");
    assert!(a[8].starts_with("The unfinished game is kept"), "{a:?}");
    assert!(!a[8].contains('/'), "{a:?}");
    assert_eq!(a[9], "New game, White to move");
    assert_eq!(
        a[10],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(a[11].starts_with("takeback takes a number"), "{a:?}");
    let kept: Vec<_> = std::fs::read_dir(data.join("hector/kept"))
        .unwrap()
        .collect();
    assert_eq!(kept.len(), 1);
    // In a tournament game, takeback is refused.
    let r = hector(&["--line", "--mode", "record"], b"e4\npress\ntakeback\n");
    assert!(
        r.lines
            .iter()
            .any(|l| l.starts_with("Not in a tournament game")),
        "{:?}",
        r.lines
    );
}
