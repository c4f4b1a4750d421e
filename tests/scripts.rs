//! The start script shows what it does: `scripts/play.sh` lets cargo's progress through (no `--quiet`) and says
//! in one line what it builds and why; `install-deps.sh` says what it installs and why.

fn script(name: &str) -> String {
    std::fs::read_to_string(format!("{}/scripts/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn play_sh_shows_the_build_progress_and_says_what_it_does() {
    let play = script("play.sh");
    let build: Vec<&str> = play
        .lines()
        .filter(|l| l.trim_start().starts_with("cargo build"))
        .collect();
    assert_eq!(build.len(), 1, "{play}");
    assert!(
        !build[0].contains("--quiet") && !build[0].contains(" -q"),
        "cargo's progress shown: {}",
        build[0]
    );
    assert!(
        !build[0].contains(">/dev/null") && !build[0].contains("2>"),
        "{}",
        build[0]
    );
    assert!(
        play.lines()
            .any(|l| l.contains("echo") && l.contains("building hector") && l.contains("minutes")),
        "one line says what is built and how long it takes"
    );
    let deps = script("install-deps.sh");
    assert!(
        deps.lines()
            .any(|l| l.contains("installing Debian packages")
                && l.contains("speech")
                && l.contains("engine")),
        "one line says what is installed and why"
    );
}
