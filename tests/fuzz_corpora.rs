//! Replays the committed fuzz corpora (fuzz/corpus/TARGET/*) through the same checks the fuzz targets run
//! (fuzz/checks.rs): every input the fuzzer kept, and every crash it found, stays fixed. The long
//! coverage-guided runs are fuzz/run.sh; this is the fast part CI runs.

#[path = "../fuzz/checks.rs"]
mod checks;

use std::path::Path;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(
        files.len() >= 5,
        "{target}: a corpus of at least a few inputs ({} found)",
        files.len()
    );
    for f in &files {
        let data = std::fs::read(f).unwrap();
        let result = std::panic::catch_unwind(|| check(&data));
        assert!(result.is_ok(), "{target}: {} fails its check", f.display());
    }
}

#[test]
fn moves_corpus() {
    replay("moves", checks::check_moves);
}

#[test]
fn fen_corpus() {
    replay("fen", checks::check_fen);
}

#[test]
fn pgn_corpus() {
    replay("pgn", checks::check_pgn);
}

#[test]
fn time_control_corpus() {
    replay("time_control", checks::check_time_control);
}

#[test]
fn config_ron_corpus() {
    replay("config_ron", checks::check_config_ron);
}

#[test]
fn vocabulary_corpus() {
    replay("vocabulary", checks::check_vocabulary);
}

#[test]
fn uci_corpus() {
    replay("uci", checks::check_uci);
}

#[test]
fn board_check_corpus() {
    replay("board_check", checks::check_board_check);
}

#[test]
fn compare_corpus() {
    replay("compare", checks::check_compare);
}

#[test]
fn clock_tag_corpus() {
    replay("clock_tag", checks::check_clock_tag);
}
