//! hector reads every SAN python-chess 1.11.2 writes (once `B1f2`, a bishop disambiguated by its
//! rank, was read as a move from b1). The oracle (tests/oracle/pychess_san.py) writes the SAN of every mainline
//! move of every standard and Chess960 game in tests/data/pgn (the same files as ../shared/data/pgn) and of
//! every legal move of generated positions with two and three pieces of one kind on a side; each must be read
//! back as the same move by the reader players type into (`words::input::parse_notation`, and `parse_move`
//! for the generated positions).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use hector::rules::Game;
use hector::words::input::parse_notation;
use hector::words::{Vocabulary, parse_move};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

const PYCHESS_VERSION: &str = "1.11.2";
const INSTALL_HINT: &str =
    "this test needs python3 with python-chess: run `pip install chess==1.11.2`";

fn oracle(args: &[String]) -> Vec<(String, bool, String, String)> {
    let script: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "tests",
        "oracle",
        "pychess_san.py",
    ]
    .iter()
    .collect();
    let mut child = Command::new("python3")
        .arg(script)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start python3 ({e}); {INSTALL_HINT}"));
    let mut lines = BufReader::with_capacity(1 << 20, child.stdout.take().unwrap()).lines();
    let first = lines.next().and_then(Result::ok).unwrap_or_default();
    assert_eq!(
        first,
        format!("READY\t{PYCHESS_VERSION}"),
        "the python-chess oracle did not start; {INSTALL_HINT}"
    );
    let out = lines
        .map(|l| {
            let l = l.expect("oracle output");
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "{l}");
            (
                f[0].to_string(),
                f[1] == "1",
                f[2].to_string(),
                f[3].to_string(),
            )
        })
        .collect();
    assert!(child.wait().unwrap().success(), "the oracle failed");
    out
}

fn pgn_files(dir: &Path, out: &mut Vec<String>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if !p.ends_with("other-variants") {
                pgn_files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "pgn") {
            out.push(p.to_string_lossy().into_owned());
        }
    }
}

/// Reads every SAN back; returns the number read, or panics with the first few that were not.
fn read_back(moves: &[(String, bool, String, String)], words_too: bool) -> usize {
    let mut wrong = Vec::new();
    let mut skipped = 0;
    let vocabulary = Vocabulary::default();
    for (fen, c960, san, uci) in moves {
        let mode = if *c960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        // shakmaty refuses a few generated checks python-chess lets through (two checkers no move can give).
        let Ok(pos) = fen.parse::<Fen>().unwrap().into_position::<Chess>(mode) else {
            skipped += 1;
            continue;
        };
        match parse_notation(&pos, san) {
            Ok(m) if m.to_uci(mode).to_string() == *uci => {}
            other => wrong.push(format!("{fen}: {san} should be {uci}, read {other:?}")),
        }
        if words_too {
            let game = Game::from_fen(fen).unwrap();
            match parse_move(&game, &vocabulary, san) {
                Ok(m) if game.uci(m).to_string() == *uci => {}
                other => wrong.push(format!(
                    "{fen}: {san} (parse_move) should be {uci}, read {other:?}"
                )),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} not read:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
    assert!(
        skipped * 20 < moves.len(),
        "{skipped} of {} skipped",
        moves.len()
    );
    moves.len() - skipped
}

#[test]
fn every_san_python_chess_writes_for_the_test_games_is_read() {
    let mut args = vec!["games".to_string()];
    pgn_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn"),
        &mut args,
    );
    let moves = oracle(&args);
    assert!(moves.len() > 300_000, "{} moves", moves.len());
    assert!(
        moves.iter().any(|(_, c960, _, _)| *c960),
        "Chess960 games are among them"
    );
    read_back(&moves, false);
}

#[test]
fn every_san_in_positions_with_two_and_three_like_pieces_is_read() {
    let moves = oracle(&["generated".into(), "3000".into(), "11".into()]);
    // Disambiguation by file, by rank and by both occurs.
    let has = |f: &dyn Fn(&str) -> bool| moves.iter().any(|(_, _, san, _)| f(san));
    let body = |s: &str| s.trim_end_matches(['+', '#']).replace('x', "");
    assert!(has(&|s| {
        let b = body(s);
        b.len() == 4 && b.as_bytes()[1].is_ascii_digit() && b.starts_with(['B', 'N', 'R', 'Q'])
    }));
    assert!(has(&|s| {
        let b = body(s);
        b.len() == 4 && b.as_bytes()[1].is_ascii_lowercase() && b.starts_with(['B', 'N', 'R', 'Q'])
    }));
    assert!(has(
        &|s| body(s).len() == 5 && s.starts_with(['B', 'N', 'R', 'Q'])
    ));
    assert!(
        has(&|s| s.starts_with("B1") || s.starts_with("B8")),
        "a bishop disambiguated by rank 1 or 8"
    );
    read_back(&moves, true);
}
