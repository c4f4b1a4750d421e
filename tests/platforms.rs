//! hector builds for Windows and macOS. Those machines have no speech-dispatcher, libudev or
//! ALSA, so none of them may be an unconditional dependency. `cargo tree --target X` resolves another
//! target's dependencies without its toolchain (nothing is compiled), so this runs on any CI machine.

use std::process::Command;

/// Linux-only libraries: the speech-dispatcher client (and its C library's bindings), libudev (gilrs on
/// Linux) and ALSA (cpal on Linux).
const LINUX_ONLY: [&str; 5] = [
    "speech-dispatcher ",
    "speech-dispatcher-sys ",
    "libudev-sys ",
    "libudev ",
    "alsa-sys ",
];

fn tree(target: &str) -> String {
    tree_with(target, &["--prefix", "none"])
}

/// `cargo tree` of the normal dependencies for `target`, with `args`.
fn tree_with(target: &str, args: &[&str]) -> String {
    // Offline first; a fresh machine that built for Linux only may lack the other targets' crates, which cargo
    // then fetches (their manifests give the dependency edges; nothing is compiled).
    let run = |offline: bool| {
        Command::new(env!("CARGO"))
            .args(["tree", "--locked", "--target", target, "-e", "normal"])
            .args(offline.then_some("--offline"))
            .args(args)
            .arg("--manifest-path")
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
            .output()
            .expect("cargo runs")
    };
    let mut out = run(true);
    if !out.status.success() {
        out = run(false);
    }
    assert!(
        out.status.success(),
        "cargo tree --target {target} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("cargo tree prints UTF-8")
}

/// The crates of `tree` that are Linux-only.
fn linux_only(tree: &str) -> Vec<String> {
    tree.lines()
        .filter(|l| LINUX_ONLY.iter().any(|name| l.starts_with(name)))
        .map(str::to_owned)
        .collect()
}

#[test]
fn windows_and_macos_need_no_linux_library() {
    for target in ["x86_64-pc-windows-msvc", "aarch64-apple-darwin"] {
        let tree = tree(target);
        assert!(
            tree.lines().any(|l| l.starts_with("tts v0.26.3")),
            "{target}: speech through the tts crate:\n{tree}"
        );
        assert_eq!(linux_only(&tree), Vec::<String>::new(), "{target}");
    }
}

#[test]
fn windows_speaks_through_the_running_screen_reader() {
    let tree = tree("x86_64-pc-windows-msvc");
    assert!(
        tree.lines().any(|l| l.starts_with("tolk ")),
        "tts with its tolk feature (NVDA, JAWS):\n{tree}"
    );
}

/// What is wrong with `tolk` in `target`'s tree (empty: nothing). tts 0.26.3 speaks through `Tolk_Speak` only,
/// so hector brailles through `tolk` itself: it must depend on it directly, and on the very copy tts uses
/// (one `tolk`, so one Tolk loaded; a second version would make `cargo tree -i tolk` ask which one).
fn tolk_faults(target: &str) -> Vec<String> {
    // The inverted tree: `0tolk v..` first, then its dependents at depth 1.
    let users = tree_with(target, &["-i", "tolk", "--prefix", "depth"]);
    let mut faults = Vec::new();
    let tolks = users.lines().filter(|l| l.starts_with("0tolk v")).count();
    if tolks != 1 {
        faults.push(format!("{tolks} copies of tolk"));
    }
    for user in ["1hector v", "1tts v0.26.3"] {
        if !users.lines().any(|l| l.starts_with(user)) {
            faults.push(format!("{} does not use tolk directly", &user[1..]));
        }
    }
    faults
}

#[test]
fn windows_brailles_through_the_tolk_that_tts_speaks_through() {
    assert_eq!(tolk_faults("x86_64-pc-windows-msvc"), Vec::<String>::new());
    // The check can fail: Linux has no tolk at all.
    assert_eq!(
        tolk_faults("x86_64-unknown-linux-gnu"),
        [
            "0 copies of tolk",
            "hector v does not use tolk directly",
            "tts v0.26.3 does not use tolk directly"
        ]
    );
}

#[test]
fn linux_keeps_its_direct_speech_dispatcher_backend() {
    // The check above can fail: on Linux the same tree holds them.
    let tree = tree("x86_64-unknown-linux-gnu");
    let found = linux_only(&tree);
    for name in ["speech-dispatcher ", "libudev-sys ", "alsa-sys "] {
        assert!(
            found.iter().any(|l| l.starts_with(name)),
            "{name} on Linux: {found:?}"
        );
    }
}
