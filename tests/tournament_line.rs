//! End-to-end: record and assistant mode (Appendix D.2.3-D.2.11) through the real binary in line mode, checked
//! by what the player hears (stdout, the speech log) and what the arbiter reads (the game, the action log).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod common;
use common::index_of;
use common::spoken;

use common::Run;

/// A folder of its own for each test: the XDG folders, the game, the logs.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hector-tournament-{}-{name}", std::process::id()));
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

fn record_args<'a>(save: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec![
        "--line",
        "--mode",
        "record",
        "--time",
        "90m+30s",
        "--virtual-clock",
        "--save",
        save,
    ];
    a.extend_from_slice(extra);
    a
}

/// A record-mode game adjourned in `save`: 1. e4 e5 2. Nf3, Black seals 2... Nc6 (Guidelines I.1).
fn adjourn_after_nf3(dir: &Path, save: &str) {
    let r = hector(
        dir,
        &record_args(save, &[]),
        "e4\npress\ne5\npress\nNf3\npress\nseal Nc6\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.lines.iter().any(|l| l.starts_with("Black seals move 2")),
        "{:#?}",
        r.lines
    );
}

/// Another game written after the games of the file `pgn` (a file of several games).
fn append_game(pgn: &Path, game: &str) {
    let mut file = std::fs::OpenOptions::new().append(true).open(pgn).unwrap();
    writeln!(file, "\n{game}").unwrap();
}

/// `lou_translate --forward TABLES`, one output line per input line (liblouis's own translator).
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
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The three scoresheet files of `export DIR`, checked: the PGN reads back as the game, the plain text has
/// every move and the result, the braille file is BRF (at most 40 cells a line, 25 lines a page) and holds
/// liblouis's own translation of each move of the scoresheet.
fn check_export(lines: &[String], dir: &Path, stem: &str, result: &str) {
    let said = index_of(lines, "Scoresheet written:");
    let pgn_path = dir.join(format!("{stem}.pgn"));
    let txt_path = dir.join(format!("{stem}.txt"));
    let brf_path = dir.join(format!("{stem}.brf"));
    for p in [&pgn_path, &txt_path, &brf_path] {
        assert!(
            lines[said].contains(p.to_str().unwrap()),
            "{} not named in {}",
            p.display(),
            lines[said]
        );
    }
    let pgn = std::fs::read_to_string(&pgn_path).unwrap();
    let game = hector::rules::pgn::import_game(&pgn).expect("the exported PGN reads back");
    let text = std::fs::read_to_string(&txt_path).unwrap();
    for ply in game.plies() {
        let mv = hector::words::scoresheet::move_text(&ply.san);
        assert!(
            text.contains(&mv),
            "{mv} missing from the scoresheet:\n{text}"
        );
    }
    assert!(text.contains(&format!("Result: {result}")), "{text}");
    let brf = std::fs::read_to_string(&brf_path).unwrap();
    for page in brf.split('\u{c}') {
        let page_lines: Vec<&str> = page.split("\r\n").filter(|l| !l.is_empty()).collect();
        assert!(
            page_lines.len() <= 25,
            "a page of {} lines",
            page_lines.len()
        );
        for l in page_lines {
            assert!(
                l.chars().count() <= 40,
                "a line of {} cells: {l}",
                l.chars().count()
            );
            assert!(
                l.chars().all(|c| (' '..='_').contains(&c)),
                "not braille ASCII: {l:?}"
            );
        }
    }
    let flat: String = brf.replace("\r\n", " ");
    let moves: Vec<String> = game
        .plies()
        .iter()
        .map(|p| hector::words::scoresheet::move_text(&p.san))
        .collect();
    for (mv, cells) in moves.iter().zip(lou_translate(
        "en-us-brf.dis,en-us-comp6.ctb",
        &moves.join("\n"),
    )) {
        assert!(
            flat.split(' ').any(|w| w == cells),
            "liblouis's {cells:?} for {mv} is not in the BRF:\n{brf}"
        );
    }
}

/// Words that tell time or the move count: none may be said without a request (D.2.10.4, R-12.6).
fn tells_time_or_count(line: &str) -> bool {
    [
        " hour",
        " minute",
        " second",
        "moves completed",
        "1 move completed",
    ]
    .iter()
    .any(|w| line.contains(w))
}

#[test]
fn record_mode_a_whole_game_with_corrections_requests_and_an_incident() {
    let dir = folder("record-game");
    let save = dir.join("game.pgn");
    let save_s = save.to_str().unwrap().to_string();
    let input = [
        "e4",    // made, not completed
        "state", // says so
        "undo",  // a slip corrected before the press (D.2.8)
        "d4",    // the right move: a correction
        "press", // completes it
        "state", // completed
        "undo",  // refused: after the press
        "Nf6",   // Black
        "press", //
        "c4",
        "press",
        "e6",
        "press",
        "Nc3",
        "press",
        "Bb4",
        "press",
        "Ke3", // does not fit the record
        "Qc2", // re-entered: a typing slip
        "press",
        "O-O",
        "press",
        "Qe2",     // does not fit: White's queen is on c2...
        "illegal", // ... and was recorded as an illegal move
        "a3",
        "press",
        "wait 2m", // time passes; nothing is said unasked
        "Bxc3+",
        "press",
        "Qxc3",
        "press",
        "offer", // White offers with its move (R-9.1.2.1: move, offer, press)
        "d5",
        "press",
        "count",
        "time",
        "used",
        "resign white",
        "yes",
        "log last 3",
        "export EXPORT",
    ]
    .join("\n")
        + "\n";
    let export_dir = dir.join("export");
    let input = input.replace("EXPORT", export_dir.to_str().unwrap());
    let r = hector(&dir, &record_args(&save_s, &[]), &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    check_export(&r.lines, &export_dir, "game", "0-1");
    // On leaving, the scoresheet files are also kept beside the game.
    assert!(dir.join("game.txt").exists() && dir.join("game.brf").exists());
    let l = &r.lines;
    assert_eq!(
        l[0],
        "New game, White to move. Time control: 90 minutes each plus 30 seconds per move from move one"
    );
    assert!(l[1].starts_with("Record mode"), "{l:#?}");
    assert_eq!(l[2], "Bauer Eva vier");
    assert!(l[3].contains("is made, not completed"), "{}", l[3]);
    assert!(
        l[4].starts_with("Withdrawn before the clock press"),
        "{}",
        l[4]
    );
    assert_eq!(l[5], "Correction: Bauer David vier");
    assert_eq!(l[6], "Clock pressed by White: Black's clock runs");
    assert!(l[7].contains("Bauer David vier is completed"), "{}", l[7]);
    assert!(l[8].contains("cannot be withdrawn"), "{}", l[8]);
    let ke3 = index_of(l, "\"Ke3\" does not fit the record");
    assert!(l[ke3].contains("Type the move again"), "{}", l[ke3]);
    assert_eq!(l[ke3 + 1], "Dame Cesar zwei", "a re-entered move is played");
    let qe2 = index_of(l, "\"Qe2\" does not fit the record");
    assert!(
        l[qe2 + 1].contains("Illegal move number 1 by White"),
        "{}",
        l[qe2 + 1]
    );
    assert!(
        l[qe2 + 2].contains("Black gets 2 minutes more"),
        "the penalty of Article 7.5.5: {}",
        l[qe2 + 2]
    );
    // No check words in the profile (DN-3): Bxc3+ is said without "Schach".
    let bxc3 = index_of(l, "Läufer schlägt Cesar drei");
    assert_eq!(l[bxc3], "Läufer schlägt Cesar drei");
    // Time and the count only when asked: the lines before the requests hold none.
    let count = index_of(l, "Move 7, White to move; 6 moves completed");
    // The greeting confirms the time control as it was read: no read-out of the clock either.
    for line in &l[1..count] {
        // A penalty names the time it adds (ANN-T8); that is no read-out of the clock.
        if line.contains("gets 2 minutes more") {
            continue;
        }
        assert!(!tells_time_or_count(line), "said unasked: {line}");
    }
    assert!(l[count + 1].starts_with("White 1 hour"), "{}", l[count + 1]);
    assert!(l[count + 2].starts_with("Time used:"), "{}", l[count + 2]);
    assert!(
        l[count + 3].starts_with("Resign the game for White?"),
        "{}",
        l[count + 3]
    );
    assert_eq!(l[count + 4], "White resigns. Black wins, 0-1");
    assert!(
        l[count + 5].starts_with("Action log, entries"),
        "{}",
        l[count + 5]
    );
    // The game on disk: every completed move, the result, clock comments.
    let pgn = std::fs::read_to_string(&save).unwrap();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(
        pgn.contains("1. d4"),
        "the withdrawn e4 is not in the record: {pgn}"
    );
    assert!(!pgn.contains("1. e4"), "{pgn}");
    assert!(pgn.contains("%clk"), "{pgn}");
    // The action log beside it keeps everything, the withdrawn move and the incident included.
    let log = std::fs::read_to_string(dir.join("game.pgn.log.txt")).unwrap();
    for needle in [
        "\te4\tBauer Eva vier",
        "\tundo\tWithdrawn before the clock press",
        "\tKe3\t\"Ke3\" does not fit the record",
        "\tillegal\tIllegal move number 1 by White",
        "\tpress\tClock pressed by White",
        "\tresign white\t",
        "\tyes\tWhite resigns. Black wins, 0-1",
    ] {
        assert!(log.contains(needle), "{needle:?} not in the log:\n{log}");
    }
    // Reading the log is logged too, with what was read.
    assert!(
        log.contains("\tlog last 3\tAction log, entries "),
        "reading the log is logged:\n{log}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn record_mode_analysis_is_not_in_a_tournament_game_and_changes_nothing() {
    let dir = folder("record-refusals");
    let save = dir.join("g.pgn");
    let r = hector(
        &dir,
        &record_args(save.to_str().unwrap(), &[]),
        "e4\npress\nengine\nlevel 3\nopponent engine\nattackers e4\nlegal\nfen\nboard\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    for i in 4..=8 {
        assert!(
            l[i].starts_with("Not in a tournament game"),
            "line {i}: {}",
            l[i]
        );
    }
    assert_eq!(
        l[9], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "reading the record is allowed"
    );
    assert!(l[10].starts_with("White: König Eva eins"), "{}", l[10]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An engine as the opponent is outside help in every word for it (Article 11.3.1): `opponent computer`, the
/// German `gegner maschine`, not only `opponent engine`; the game goes on with the moves entered by hand.
#[test]
fn record_mode_refuses_an_engine_in_every_word_for_it() {
    let dir = folder("record-engine-words");
    let save = dir.join("g.pgn");
    let r = hector(
        &dir,
        &record_args(save.to_str().unwrap(), &[]),
        "e4\npress\nopponent computer\nopponent COMPUTER\nopponent Engine\ne5\npress\nfen\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    for (i, line) in l.iter().enumerate().take(7).skip(4) {
        assert!(
            line.starts_with("Not in a tournament game"),
            "line {i}: {line}"
        );
    }
    assert!(
        !l.iter()
            .any(|x| x.starts_with("Playing against the engine")),
        "{l:#?}"
    );
    assert!(
        l.iter()
            .any(|x| x == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
        "Black's move entered by hand: {l:#?}"
    );
    let save = dir.join("de.pgn");
    let r = hector(
        &dir,
        &record_args(save.to_str().unwrap(), &["--language", "de"]),
        "e4\ndrücken\ngegner maschine\ngegner programm\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let refused = r
        .lines
        .iter()
        .filter(|x| x.starts_with("Nicht in einer Turnierpartie"))
        .count();
    assert_eq!(refused, 2, "{:#?}", r.lines);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The move count is of completed moves (R-D.2.6.1, R-6.2.1): a move made and not yet pressed is not counted, and
/// the count says it waits for the press; in assistant mode the blind player's request says nothing about a press.
#[test]
fn the_count_does_not_count_a_move_made_and_not_pressed() {
    let dir = folder("count-made");
    let save = dir.join("g.pgn");
    let r = hector(
        &dir,
        &record_args(save.to_str().unwrap(), &[]),
        "e4\ncount\npress\ncount\ne5\ncount\npress\ncount\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let counts: Vec<&String> = r.lines.iter().filter(|l| l.starts_with("Move ")).collect();
    assert_eq!(
        counts,
        [
            "Move 1: White's move is made and waits for the clock press; 0 moves completed",
            "Move 1, Black to move; 0 moves completed",
            "Move 1: Black's move is made and waits for the clock press; 0 moves completed",
            "Move 2, White to move; 1 move completed",
        ],
        "{:#?}",
        r.lines
    );
    let save = dir.join("a.pgn");
    let log = dir.join("speech.log");
    let r = hector(
        &dir,
        &assistant_args(save.to_str().unwrap(), log.to_str().unwrap(), &[]),
        "e4\npress\ne5\npress\nNf3\nplayer: count\npress\nplayer: count\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let heard = std::fs::read_to_string(&log).unwrap();
    let counts: Vec<&str> = heard
        .lines()
        .filter_map(|l| l.split_once('\t').map(|(_, t)| t))
        .filter(|t| t.starts_with("Move "))
        .collect();
    // The blind player hears the moves completed as his board shows them, nothing about the press
    // the same before and after it.
    assert_eq!(
        counts,
        [
            "Move 2, Black to move; 1 move completed",
            "Move 2, Black to move; 1 move completed",
        ],
        "{heard}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn record_mode_a_fallen_flag_is_announced_and_decided_only_when_claimed() {
    let dir = folder("record-flag");
    let save = dir.join("g.pgn");
    let args = [
        "--line",
        "--mode",
        "record",
        "--time",
        "5m",
        "--virtual-clock",
        "--save",
        save.to_str().unwrap(),
    ];
    let r = hector(&dir, &args, "e4\npress\nwait 4m\nwait 2m\ne5\nflag\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    // Nothing unasked at 30 s, 10 s ...: the first line after the press is the flag.
    assert_eq!(
        l[4],
        "Black's flag has fallen: White may claim the game with flag (Article 6.8)"
    );
    assert_eq!(l[5], "Bauer Eva fünf", "the game goes on until a claim");
    assert_eq!(l[6], "Black's flag has fallen. White wins, 1-0");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn record_mode_a_sealed_move_and_its_resumption() {
    let dir = folder("record-seal");
    let save = dir.join("adjourned.pgn");
    let save_s = save.to_str().unwrap();
    let r = hector(
        &dir,
        &record_args(save_s, &[]),
        "e4\npress\ne5\npress\nNf3\npress\nseal Nc6\nNc6\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.lines[8].starts_with("Black seals move 2"),
        "{:#?}",
        r.lines
    );
    assert!(
        r.lines[9].starts_with("The game is adjourned"),
        "{}",
        r.lines[9]
    );
    let r = hector(
        &dir,
        &record_args(save_s, &["--load", save_s]),
        "Bb5\nopen\nstate\nBb5\npress\nlog\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    assert!(l[1].starts_with("This game is adjourned"), "{l:#?}");
    assert!(
        l[3].starts_with("The game is adjourned"),
        "moves wait for the envelope: {}",
        l[3]
    );
    assert!(l[4].starts_with("Envelope opened"), "{}", l[4]);
    assert_eq!(l[5], "Springer Cesar sechs");
    assert!(
        l[6].contains("Springer Cesar sechs is completed; White's clock runs"),
        "{}",
        l[6]
    );
    assert_eq!(l[7], "Läufer Bella fünf");
    // The log goes on in the same file: the first session's entries are still there.
    // The sealed move is not in the log until the envelope is opened (Guidelines I.1); `open` logs it.
    assert!(l[9].contains("seal (move hidden until open)"), "{}", l[9]);
    assert!(!l[9].contains("Nc6"), "{}", l[9]);
    assert!(l[9].contains("open"), "{}", l[9]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Guidelines I.5 / R-7.5.5: an adjourned game chosen from a file of several games goes on, once its envelope is
/// opened, with the illegal moves counted before the adjournment: White's second one loses (2018). The casebook's
/// `gi-5-*` cases take the other routes (`--load`, the resume question).
/// An adjourned game whose kept clock state cannot be read says so truly: its clocks follow the envelope's times
/// (R-GI.5), not the record's.
#[test]
fn an_adjourned_game_with_an_unreadable_clock_state_follows_the_envelope() {
    let dir = folder("record-seal-unreadable");
    let save = dir.join("adjourned.pgn");
    let save_s = save.to_str().unwrap();
    adjourn_after_nf3(&dir, save_s);
    let text = std::fs::read_to_string(&save).unwrap();
    let at = text
        .find("[HectorClock \"")
        .expect("the clock's state is kept");
    let end = at + text[at..].find("\"]").unwrap() + 2;
    std::fs::write(
        &save,
        format!("{}[HectorClock \"broken\"]{}", &text[..at], &text[end..]),
    )
    .unwrap();
    let r = hector(&dir, &record_args(save_s, &["--load", save_s]), "quit\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let note = r
        .lines
        .iter()
        .find(|l| l.contains("cannot be used"))
        .unwrap_or_else(|| panic!("{:#?}", r.lines));
    assert!(
        note.ends_with("the clocks follow the times in the envelope"),
        "{note}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Guidelines I: an adjourned game's envelope beside a file of several games is never replaced by sealing another
/// game of that file: the seal is refused with the reason, the envelope stays byte for byte, and the adjourned
/// game goes on from it with its sealed move.
#[test]
fn sealing_another_game_of_the_file_never_replaces_an_envelope() {
    let dir = folder("record-seal-two");
    let save = dir.join("a.pgn");
    let save_s = save.to_str().unwrap();
    adjourn_after_nf3(&dir, save_s);
    let envelope = dir.join("a.pgn.envelope.ron");
    let sealed = std::fs::read_to_string(&envelope).unwrap();
    append_game(
        &save,
        "[Event \"B\"]\n[White \"Carl\"]\n[Black \"Dora\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 *",
    );
    let r = hector(
        &dir,
        &record_args(save_s, &["--load", save_s]),
        "2\nseal e6\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.lines.iter().any(|l| l.starts_with("Not sealed: ")
            && l.contains("a.pgn.envelope.ron holds the sealed move of another adjourned game")),
        "{:#?}",
        r.lines
    );
    assert!(
        !r.lines.iter().any(|l| l.contains("seals move")),
        "{:#?}",
        r.lines
    );
    assert_eq!(std::fs::read_to_string(&envelope).unwrap(), sealed);
    // The adjourned game goes on from its envelope: its sealed move is played.
    let r = hector(
        &dir,
        &record_args(save_s, &["--load", save_s]),
        "1\nopen\nmoves\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.lines
            .iter()
            .any(|l| l.contains("2. Springer Felix drei, Springer Cesar sechs")),
        "{:#?}",
        r.lines
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn record_mode_a_chosen_adjourned_game_keeps_its_illegal_moves() {
    let dir = folder("record-seal-illegal");
    let save = dir.join("adjourned.pgn");
    let save_s = save.to_str().unwrap();
    let r = hector(
        &dir,
        &record_args(save_s, &[]),
        "e4\npress\ne5\npress\nQa6\nillegal\nNf3\npress\nseal Nc6\nquit\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.lines
            .iter()
            .any(|l| l == "Illegal move number 1 by White"),
        "{:#?}",
        r.lines
    );
    // Another game after it in the file: the adjourned game is chosen at the start.
    append_game(
        &save,
        "[Event \"Other\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. d4 d5 1-0",
    );
    let r = hector(
        &dir,
        &record_args(save_s, &["--load", save_s]),
        "1\nopen\nQa6\nillegal\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    assert!(l[0].contains("holds 2 games"), "{l:#?}");
    assert!(
        l.iter()
            .any(|l| l.starts_with("This game is adjourned; Black sealed move 2")),
        "{l:#?}"
    );
    let n = l
        .iter()
        .position(|l| l.starts_with("Illegal move number"))
        .unwrap_or_else(|| panic!("{l:#?}"));
    assert_eq!(l[n], "Illegal move number 2 by White", "{l:#?}");
    assert_eq!(l[n + 1], "Second illegal move. Black wins, 0-1", "{l:#?}");
    let pgn = std::fs::read_to_string(&save).unwrap();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn assistant_args<'a>(save: &'a str, log: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec![
        "--line",
        "--mode",
        "assistant",
        "--time",
        "90m+30s",
        "--virtual-clock",
        "--save",
        save,
        "--speech-log",
        log,
    ];
    a.extend_from_slice(extra);
    a
}

#[test]
fn assistant_mode_a_whole_game_for_the_blind_player() {
    let dir = folder("assistant-game");
    let save = dir.join("game.pgn");
    let speech = dir.join("speech.log");
    let input = [
        "e4",
        "press",
        "e5",
        "press",
        "Nf3",
        "undo",
        "Nc3",
        "press",
        "time",         // the assistant's own look: not for the player
        "player: time", // the player's request: answered to the player
        "Nc6",
        "press",
        "touched g8", // the sighted player touched a piece: noted for the arbiter
        "Bc4",
        "press",
        "player: count",
        "player: repeat",
        "player: hint", // not a request the player may make
        "Bc5",
        "press",
        "Qh5",
        "press",
        "Nf6",
        "press",
        "Qxf7#", // mate completes the game without a press; "Matt" is not said (DN-3)
        "log last 2",
        "export EXPORT",
    ]
    .join("\n")
        + "\n";
    let export_dir = dir.join("scoresheets");
    let input = input.replace("EXPORT", export_dir.to_str().unwrap());
    let r = hector(
        &dir,
        &assistant_args(save.to_str().unwrap(), speech.to_str().unwrap(), &[]),
        &input,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    check_export(l, &export_dir, "game", "1-0");
    assert!(l[1].starts_with("Assistant mode"), "{l:#?}");
    let time = index_of(l, "White 1 hour");
    assert!(l[time + 1].starts_with("White 1 hour"), "{}", l[time + 1]);
    let count = index_of(l, "Move 3, Black to move; 2 moves completed");
    assert_eq!(l[count + 1], l[count], "repeat says the last answer again");
    assert!(
        l[count + 2].starts_with("The player may ask for time"),
        "{}",
        l[count + 2]
    );
    let touched = index_of(
        l,
        "Noted for the arbiter: the sighted player touched the Black Springer on Gustav acht",
    );
    assert!(touched > 0);
    let mate = index_of(l, "Dame schlägt Felix sieben");
    assert_eq!(l[mate], "Dame schlägt Felix sieben");
    assert_eq!(l[mate + 1], "Checkmate. White wins, 1-0");
    assert!(
        !l.iter().any(|x| x.contains("Schach")),
        "no check word in the profile: {l:#?}"
    );
    // The blind player's earpiece: moves and answers to the player's own requests, not the assistant's
    // screen (press confirmations, the assistant's own look at the clock, notes for the arbiter).
    let heard = spoken(&speech);
    assert!(heard.contains(&"Bauer Eva vier".to_string()), "{heard:#?}");
    assert!(
        heard.contains(&"Checkmate. White wins, 1-0".to_string()),
        "{heard:#?}"
    );
    assert!(
        !heard.iter().any(|h| h.starts_with("Clock pressed")),
        "press confirmations stay on the screen: {heard:#?}"
    );
    assert!(
        !heard.iter().any(|h| h.starts_with("Noted for the arbiter")),
        "{heard:#?}"
    );
    let times: Vec<&String> = heard
        .iter()
        .filter(|h| h.starts_with("White 1 hour"))
        .collect();
    assert_eq!(
        times.len(),
        1,
        "only the player's own request is heard: {heard:#?}"
    );
    assert_eq!(
        heard
            .iter()
            .filter(|h| h.contains("moves completed"))
            .count(),
        2,
        "count and its repeat: {heard:#?}"
    );
    // The action log tells who asked.
    let log = std::fs::read_to_string(dir.join("game.pgn.log.txt")).unwrap();
    assert!(
        log.contains("\tblind-player\tplayer: time\tWhite 1 hour"),
        "{log}"
    );
    assert!(log.contains("\tassistant\ttime\tWhite 1 hour"), "{log}");
    assert!(
        log.contains("\tassistant\ttouched g8\tNoted for the arbiter"),
        "{log}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn assistant_mode_the_sighted_players_flag_alerts_the_assistant_and_the_player_claims() {
    let dir = folder("assistant-flag");
    let save = dir.join("g.pgn");
    let speech = dir.join("speech.log");
    let args = [
        "--line",
        "--mode",
        "assistant",
        "--time",
        "3m",
        "--virtual-clock",
        "--color",
        "white",
        "--save",
        save.to_str().unwrap(),
        "--speech-log",
        speech.to_str().unwrap(),
    ];
    let r = hector(&dir, &args, "e4\npress\nwait 4m\nflag\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    assert_eq!(
        l[4],
        "Black's flag has fallen: White may claim the game with flag (Article 6.8)"
    );
    assert_eq!(l[5], "Black's flag has fallen. White wins, 1-0");
    let heard = spoken(&speech);
    assert!(
        !heard.iter().any(|h| h.contains("may claim")),
        "the alert is the assistant's: {heard:#?}"
    );
    assert!(heard.contains(&"Black's flag has fallen. White wins, 1-0".to_string()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn assistant_mode_serving_the_sighted_player_has_duties_one_and_two_only() {
    let dir = folder("assistant-role");
    let save = dir.join("g.pgn");
    let speech = dir.join("speech.log");
    let r = hector(
        &dir,
        &assistant_args(save.to_str().unwrap(), speech.to_str().unwrap(), &[]),
        "role sighted\nplayer: time\nrole blind\nplayer: time\nrole nobody\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let l = &r.lines;
    assert!(l[2].contains("sighted player"), "{}", l[2]);
    assert!(
        l[3].contains("entering and announcing moves only"),
        "{}",
        l[3]
    );
    assert!(l[5].starts_with("White 1 hour 30 minutes"), "{}", l[5]);
    assert!(l[6].starts_with("role takes blind or sighted"), "{}", l[6]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_hearing_impaired_opponent_needs_an_assistant() {
    let dir = folder("hearing");
    let save = dir.join("g.pgn");
    let r = hector(
        &dir,
        &record_args(save.to_str().unwrap(), &["--hearing-impaired-opponent"]),
        "",
    );
    assert!(
        r.lines
            .iter()
            .any(|l| l.contains("an assistant is mandatory (Appendix D.2.11)")),
        "{:#?}",
        r.lines
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_a_file_the_tournament_game_is_kept_in_the_data_folder() {
    let dir = folder("kept");
    let r = hector(&dir, &["--line", "--mode", "record"], "e4\npress\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let kept = r
        .lines
        .iter()
        .find(|l| l.starts_with("The game is kept in"))
        .unwrap_or_else(|| panic!("{:#?}", r.lines));
    let path = kept.trim_start_matches("The game is kept in ");
    assert!(
        path.starts_with(dir.join("data").to_str().unwrap()),
        "{path}"
    );
    let pgn = std::fs::read_to_string(path).unwrap();
    assert!(pgn.contains("1. e4"), "{pgn}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The text scoresheet speaks the player's language: German labels and the German words for how the game
/// ended (no English left in code); the moves stay in the international notation of Appendix C.
#[test]
fn the_scoresheet_has_the_labels_of_the_players_language() {
    let dir = folder("sheet-de");
    let save = dir.join("partie.pgn");
    let save_s = save.to_str().unwrap().to_string();
    let export_dir = dir.join("bogen");
    let input = format!(
        "e4\npress\ne5\npress\nresign black\nja\nexport {}\n",
        export_dir.display()
    );
    let r = hector(&dir, &record_args(&save_s, &["--language", "de"]), &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(export_dir.join("partie.txt")).expect("the text scoresheet");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("Turnier:"), "{text}");
    assert!(lines.iter().any(|l| l.starts_with("Bedenkzeit:")), "{text}");
    assert!(
        lines.iter().any(|l| l.trim_start().starts_with("Nr.")
            && l.contains("Weiß")
            && l.ends_with("Schwarz")),
        "{text}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("1.") && l.contains("e4") && l.contains("e5")),
        "{text}"
    );
    let last = lines.last().unwrap();
    assert!(last.starts_with("Ergebnis: 1-0 ("), "{text}");
    assert!(!last.contains("Resignation"), "{text}");
    assert!(!text.contains("Event") && !text.contains("White"), "{text}");
}
