//! The shape holds: no import circle among the files of src, no import upward against the layers
//! (base < rules < words < session < faces < main), as `scripts/shape.sh --imports` reads them; a short
//! main.rs, no file over 1,000 lines, one file of `impl Session`, no face sending text.

use std::process::Command;

/// `scripts/shape.sh --imports`: the import graph only.
fn shape() -> Command {
    let mut c = Command::new("bash");
    c.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/shape.sh"))
        .arg("--imports");
    c
}

/// The import graph's report: its exit status and what it printed.
fn imports() -> (bool, String) {
    let out = shape()
        .output()
        .expect("bash runs scripts/shape.sh (it needs python3)");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

#[test]
fn no_import_circle_and_no_import_upward() {
    let (ok, report) = imports();
    assert!(
        report.contains("== import circles among files: 0"),
        "{report}"
    );
    assert!(report.contains("== imports upward: 0"), "{report}");
    assert!(ok, "{report}");
}

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &std::path::Path, out: &mut Vec<(std::path::PathBuf, String)>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("src is readable").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("a source file is text");
            out.push((path, text));
        }
    }
}

fn src() -> Vec<(std::path::PathBuf, String)> {
    let mut out = Vec::new();
    sources(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut out,
    );
    assert!(
        out.len() > 50,
        "the reader sees the source files: {}",
        out.len()
    );
    out
}

/// A short front door: main.rs parses the options and runs.
#[test]
fn main_rs_is_short() {
    let files = src();
    let (_, main) = files
        .iter()
        .find(|(p, _)| p.ends_with("src/main.rs"))
        .expect("src/main.rs");
    let lines = main.lines().count();
    assert!(lines < 150, "src/main.rs has {lines} lines");
}

/// No file in src over 1,000 lines: a file holds one concept, split when it grows (pgn.rs into reader,
/// writer and importer; session/mod.rs into the parts and the read-only View).
#[test]
fn no_file_is_over_a_thousand_lines() {
    let long: Vec<String> = src()
        .into_iter()
        .filter(|(_, text)| text.lines().count() > 1000)
        .map(|(p, text)| format!("{} ({} lines)", p.display(), text.lines().count()))
        .collect();
    assert!(long.is_empty(), "files over 1,000 lines: {long:?}");
}

/// The coordinator is one file: every other part answers through its own `impl`.
#[test]
fn impl_session_is_in_one_file() {
    let holding: Vec<_> = src()
        .into_iter()
        .filter(|(_, text)| {
            text.lines()
                .any(|l| l.trim_start().starts_with("impl Session "))
        })
        .map(|(p, _)| p.display().to_string())
        .collect();
    assert_eq!(holding.len(), 1, "{holding:?}");
    assert!(holding[0].ends_with("src/session/mod.rs"), "{holding:?}");
}

/// The faces send typed actions, never text for the session to read again.
#[test]
fn no_face_sends_text() {
    let texts: Vec<_> = src()
        .into_iter()
        .filter(|(p, _)| p.to_string_lossy().contains("/src/ui/"))
        .filter(|(_, text)| text.contains("Command::Text"))
        .map(|(p, _)| p.display().to_string())
        .collect();
    assert!(texts.is_empty(), "{texts:?}");
}

/// The reader sees the imports that are there: a graph read as empty would have no circle either.
#[test]
fn the_import_reader_sees_the_layers_imports() {
    let out = shape()
        .env("SHAPE_EDGES", "1")
        .output()
        .expect("bash runs scripts/shape.sh (it needs python3)");
    let report = String::from_utf8_lossy(&out.stdout);
    for edge in [
        "edge: src/words/input.rs -> src/rules/game/mod.rs",
        "edge: src/session/config.rs -> src/words/phrases.rs",
        "edge: src/ui/screen/mod.rs -> src/session/mod.rs",
        "edge: src/app.rs -> src/ui/screen/mod.rs",
        "edge: src/main.rs -> src/app.rs",
        "edge: src/words/vocabulary.rs -> src/store.rs",
    ] {
        assert!(report.contains(edge), "{edge} in\n{report}");
    }
}
