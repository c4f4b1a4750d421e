//! The shape of issue 20 holds: no import circle among the files of src, no import upward against the layers
//! (base < rules < words < session < faces < main), as `scripts/shape.sh --imports` reads them.

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

// The coordinator adds here, once they hold: `src/main.rs` under 150 lines, no file in src over 1,000 lines,
// `impl Session` in one file, no `Command::Text` in src/ui outside tests (the other figures of scripts/shape.sh).

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
