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
    // Offline first; a fresh machine that built for Linux only may lack the other targets' crates, which cargo
    // then fetches (their manifests give the dependency edges; nothing is compiled).
    let run = |offline: bool| {
        Command::new(env!("CARGO"))
            .args(["tree", "--locked", "--target", target, "-e", "normal"])
            .args(offline.then_some("--offline"))
            .args(["--prefix", "none", "--manifest-path"])
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
