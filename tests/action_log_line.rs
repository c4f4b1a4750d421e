//! End-to-end: the action log and the disk through the real binary in
//! line mode: what the arbiter sees with `inspect`, what the log keeps, how it is appended and verified, and
//! what the player hears when the disk fails (made to fail through the edge's `HECTOR_FAULT_FILE` seam).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

mod common;

/// `R` (record mode, see tests/common), in `dir`, keeping the game in `g.pgn` there.
fn record_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = common::RECORD.to_vec();
    a.extend(["en", "--save", "g.pgn"]);
    a.extend_from_slice(extra);
    a
}

fn run(dir: &Path, extra: &[&str], input: &str) -> common::Run {
    common::run_in(dir, &record_args(extra), input.as_bytes())
}

fn log_of(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("g.pgn.log.txt")).expect("the action log is kept")
}

/// `hector --verify g.pgn` in `dir`: its answer and exit code.
fn verify(dir: &Path) -> (String, i32) {
    let r = common::run_in(dir, &["--verify", "g.pgn", "--language", "en"], b"");
    (r.lines.join("\n"), r.code)
}

/// `inspect` names every switch: the edition, the time control and the hearing-impaired
/// opponent besides the mode, check words, clock announcements and the assistant's speech.
#[test]
fn inspect_names_the_edition_the_time_control_and_the_hearing_impaired_opponent() {
    let dir = common::temp_dir("inspect");
    let r = run(
        &dir,
        &["--edition", "2009", "--hearing-impaired-opponent"],
        "inspect\n",
    );
    let said = r
        .lines
        .iter()
        .find(|l| l.starts_with("hector in record mode"))
        .expect("inspect answers");
    for needle in [
        "the 2009 edition",
        "Time control: the rest of the game in 1 hour 30 minutes plus 30 seconds per move",
        "Hearing-impaired opponent (Appendix D.2.11): on",
        "Check and mate said: off",
    ] {
        assert!(said.contains(needle), "{needle:?} not in {said:?}");
    }
    let r = run(&dir, &["--load", "g.pgn"], "inspect\n");
    let said = r
        .lines
        .iter()
        .find(|l| l.starts_with("hector in record mode"))
        .unwrap();
    assert!(
        said.contains("Hearing-impaired opponent (Appendix D.2.11): off"),
        "{said}"
    );
    assert!(said.contains("the 2018 edition"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The log is whole: reading the log is logged, `export` with the files it wrote, and nothing is
/// cut (a typed scoresheet of a whole game).
#[test]
fn the_log_keeps_every_command_and_every_answer_whole() {
    let dir = common::temp_dir("whole-log");
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
        "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5", "Nc3", "Bb7",
        "Bg5", "b4", "Nb1", "h6", "Bh4", "c5", "dxe5", "Nxe4", "Bxe7", "Qxe7", "exd6", "Qf6",
        "Nbd2", "Nxd6",
    ];
    let mut input = String::new();
    for m in &moves {
        input.push_str(&format!("{m}\npress\n"));
    }
    let mut sheet = String::new();
    for (i, pair) in moves.chunks(2).enumerate() {
        sheet.push_str(&format!("{}. {} {} ", i + 1, pair[0], pair[1]));
    }
    input.push_str(&format!(
        "compare {}\nlog\nlog last 2\nexport out\nquit\n",
        sheet.trim()
    ));
    let r = run(&dir, &[], &input);
    assert_eq!(r.code, 0, "{:?}", r.lines);
    assert!(
        r.lines
            .iter()
            .any(|l| l.starts_with("Scoresheet written: out/g.pgn")),
        "{:?}",
        r.lines
    );
    let log = log_of(&dir);
    assert!(sheet.len() > 200, "the sheet is longer than the old cut");
    assert!(
        log.contains(&format!("\tcompare {}\t", sheet.trim())),
        "the typed sheet is logged whole:\n{log}"
    );
    assert!(log.contains("20. Nbd2 Nxd6"), "{log}");
    assert!(!log.contains('…'), "nothing cut: {log}");
    assert!(
        log.contains("\tplayer\tlog\tAction log, entries 1 to "),
        "{log}"
    );
    assert!(
        log.contains("\tplayer\tlog last 2\tAction log, entries "),
        "{log}"
    );
    assert!(log.contains("\tplayer\texport out\t"), "{log}");
    assert!(
        log.contains("\thector\t\tScoresheet written: out/g.pgn, out/g.txt, out/g.brf\t"),
        "the export's answer is logged:\n{log}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The log is appended, not rewritten: the same file (inode) keeps its first bytes as they were,
/// no temporary file is ever made for it, and a temporary file an earlier version left with entries that never
/// reached the log is merged at the next start (one with nothing new is removed).
#[test]
fn the_log_is_appended_and_an_old_stale_temp_is_merged() {
    use std::os::unix::fs::MetadataExt;
    let dir = common::temp_dir("append");
    let r = run(&dir, &[], "e4\npress\ne5\npress\nquit\n");
    assert_eq!(r.code, 0);
    let first = log_of(&dir);
    let inode = std::fs::metadata(dir.join("g.pgn.log.txt")).unwrap().ino();
    // An earlier version killed between the game's save and the log's rename left this.
    let lost = "2026-11-21T23:40:00.000Z\t0:05:00.0\tplayer\tNf3\tSpringer Felix drei\n";
    std::fs::write(
        dir.join(".g.pgn.log.txt.tmp99998"),
        format!("{first}{lost}"),
    )
    .unwrap();
    std::fs::write(dir.join(".g.pgn.log.txt.tmp99999"), "# an older copy\n").unwrap();
    let r = run(&dir, &["--load", "g.pgn"], "Nf3\npress\nquit\n");
    assert_eq!(r.code, 0, "{:?}", r.lines);
    let log = log_of(&dir);
    assert!(
        log.starts_with(&first),
        "the earlier entries stay as they were:\n{log}"
    );
    assert!(
        log.contains(lost),
        "the entry left in the temporary file is merged:\n{log}"
    );
    assert!(
        // The new entry carries the game it left before its seal.
        log.find(lost) < log.find("\tplayer\tNf3\tSpringer Felix drei\tgame: 3 Nf3 "),
        "{log}"
    );
    assert_eq!(
        std::fs::metadata(dir.join("g.pgn.log.txt")).unwrap().ino(),
        inode,
        "appended to the same file, not replaced by a rename"
    );
    let temps: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp"))
        .collect();
    assert!(temps.is_empty(), "no temporary file is left: {temps:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `hector --verify` and `verify` say whether the log is whole; an edit, a removal, a reordering
/// and an added line are each caught with the entry's number and time; a log of an earlier version without
/// seals cannot be verified (and is not called changed); a continued game goes on with the chain.
#[test]
fn verify_finds_every_edit_removal_and_reordering() {
    let dir = common::temp_dir("verify");
    let r = run(&dir, &[], "e4\npress\ne5\npress\nNf3\npress\ntime\nquit\n");
    assert_eq!(r.code, 0);
    let r = run(&dir, &["--load", "g.pgn"], "Nc6\npress\nverify\nquit\n");
    let said = r
        .lines
        .iter()
        .find(|l| l.starts_with("The action log"))
        .expect("verify answers");
    assert!(
        said.contains("is whole and unchanged: 10 entries"),
        "{said}"
    );
    let (said, code) = verify(&dir);
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains("is whole and unchanged: 12 entries"),
        "{said}"
    );
    let good = log_of(&dir);
    let lines: Vec<&str> = good.lines().collect();
    let time_of = |n: usize| lines[n].split('\t').next().unwrap().to_string();
    let join = |ls: &[&str]| ls.iter().map(|l| format!("{l}\n")).collect::<String>();
    let check = |text: String, needles: &[String]| {
        std::fs::write(dir.join("g.pgn.log.txt"), text).unwrap();
        let (said, code) = verify(&dir);
        assert_eq!(code, 1, "{said}");
        assert!(said.contains("was changed"), "{said}");
        for n in needles {
            assert!(said.contains(n.as_str()), "{n:?} not in {said:?}");
        }
    };
    // An answer edited.
    check(
        good.replace("Bauer Eva fünf", "Bauer Eva vier"),
        &[format!("entry 3, at {}, was edited", time_of(3))],
    );
    // An entry removed.
    let mut removed = lines.clone();
    removed.remove(4);
    check(
        join(&removed),
        &[format!("entry 4 is missing: removed after {}", time_of(3))],
    );
    // Two entries swapped.
    let mut swapped = lines.clone();
    swapped.swap(5, 6);
    check(
        join(&swapped),
        &["entry 5".to_string(), "stands after entry 6".to_string()],
    );
    // A line added.
    let mut added = lines.clone();
    added.insert(
        2,
        "2026-11-21T23:40:00.000Z\t0:05:00.0\tarbiter\tarbiter add black 5m",
    );
    check(join(&added), &["line 3 has no seal".to_string()]);
    // A log of an earlier version: no seals.
    let old: String = lines
        .iter()
        .map(|l| match l.rsplit_once('\t') {
            Some((text, seal)) if seal.starts_with('#') => format!("{text}\n"),
            _ => format!("{l}\n"),
        })
        .collect();
    std::fs::write(dir.join("g.pgn.log.txt"), old).unwrap();
    let (said, code) = verify(&dir);
    assert_ne!(code, 0);
    assert!(
        said.contains("cannot be verified") && !said.contains("changed"),
        "{said}"
    );
    std::fs::remove_file(dir.join("g.pgn.log.txt")).unwrap();
    let (said, code) = verify(&dir);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("There is no action log"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// hector in line mode, driven line by line: what it says is read as it comes.
struct Live {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Live {
    fn start(dir: &Path, extra: &[&str], fault: &Path) -> Live {
        let mut child = common::hector_command(dir)
            .current_dir(dir)
            .args(record_args(extra))
            .env("HECTOR_FAULT_FILE", fault)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start hector");
        let stdin = child.stdin.take().unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Live {
            child,
            stdin,
            lines,
        }
    }

    /// Sends a line and collects what is said until a line holds `until`.
    fn say(&mut self, line: &str, until: &str) -> Vec<String> {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        let mut got = Vec::new();
        loop {
            match self.lines.recv_timeout(Duration::from_secs(20)) {
                Ok(l) => {
                    let done = l.contains(until);
                    got.push(l);
                    if done {
                        return got;
                    }
                }
                Err(_) => panic!("no {until:?} after {line:?}: {got:#?}"),
            }
        }
    }
}

fn pgn_of(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("g.pgn")).unwrap_or_default()
}

/// While the disk is full a move is not announced as kept: it is said as not kept on disk, with
/// the true reason, held in memory and saved at the next entry that can write; hector says when it is safe.
/// A kill during the fault loses no move that was announced as kept; a session that ends with the game unsaved
/// exits non-zero.
#[test]
fn a_failing_disk_never_announces_a_move_as_kept() {
    let dir = common::temp_dir("full-disk");
    let fault: PathBuf = dir.join("fault");
    let mut h = Live::start(&dir, &[], &fault);
    h.say("e4", "Bauer Eva vier");
    h.say("press", "Clock pressed");
    std::fs::write(&fault, "28").unwrap();
    let said = h.say("e5", "fünf");
    assert_eq!(
        said.last().unwrap(),
        "Not kept on disk: Bauer Eva fünf. Could not save the game to g.pgn: the disk is full. The game is \
         held in memory; hector tries again at every entry and at the end, and says when it is safe",
    );
    assert!(!pgn_of(&dir).contains("e5"), "{}", pgn_of(&dir));
    h.say("press", "the disk is full");
    std::fs::remove_file(&fault).unwrap();
    let said = h.say("time", "White 1 hour");
    assert!(
        said.iter()
            .any(|l| l == "The game is safe again: it is saved in g.pgn"),
        "{said:?}"
    );
    assert!(pgn_of(&dir).contains("1... e5"), "{}", pgn_of(&dir));
    // The disk fails again; a kill -9 now loses only a move that was said not to be kept.
    std::fs::write(&fault, "30").unwrap();
    let said = h.say("Nf3", "drei");
    assert!(
        said.iter().any(|l| l.starts_with(
            "Not kept on disk: Springer Felix drei. Could not save the game to \
             g.pgn: the disk is read-only"
        )),
        "{said:?}"
    );
    h.child.kill().unwrap();
    let _ = h.child.wait();
    std::fs::remove_file(&fault).unwrap();
    let pgn = pgn_of(&dir);
    assert!(
        pgn.contains("1. e4") && pgn.contains("1... e5") && !pgn.contains("Nf3"),
        "{pgn}"
    );
    let (said, code) = verify(&dir);
    assert_eq!(code, 0, "the log of the failing session is whole: {said}");
    // A session that ends while the game cannot be kept exits non-zero.
    std::fs::write(&fault, "1").unwrap();
    let mut h = Live::start(&dir, &["--load", "g.pgn"], &fault);
    let said = h.say("Nf3", "drei");
    assert!(
        said.iter()
            .any(|l| l.contains("the system does not let g.pgn be changed")),
        "EPERM (chattr +i) is not 'may not read it': {said:?}"
    );
    drop(h.stdin);
    let status = h.child.wait().unwrap();
    assert!(!status.success(), "the game was never saved: {status:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A data folder that cannot be written at start is said so, not "The game is kept in"; the
/// reasons are true (a place where no file can be made is not a missing folder, a file in the way of an export
/// is named, not "File exists (os error 17)"), and paths are said whole.
#[test]
fn the_reasons_a_file_cannot_be_written_are_true_and_whole() {
    let dir = common::temp_dir("reasons");
    let fault = dir.join("fault");
    std::fs::write(&fault, "28").unwrap();
    let mut cmd = common::hector_command(&dir);
    cmd.current_dir(&dir)
        .args([
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
        ])
        .env("HECTOR_FAULT_FILE", &fault)
        .stdin(Stdio::null())
        .stdout(Stdio::piped());
    let out = cmd.output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("The game is kept in"), "{text}");
    assert!(
        text.contains("The game cannot be kept in ") && text.contains(": the disk is full"),
        "{text}"
    );
    std::fs::remove_file(&fault).unwrap();
    // /proc has no room for a file, but it is there.
    let r = common::run_in(
        &dir,
        &[
            "--line",
            "--mode",
            "record",
            "--virtual-clock",
            "--speech",
            "off",
            "--language",
            "en",
            "--save",
            "/proc/x.pgn",
        ],
        b"e4\nquit\n",
    );
    let all = r.lines.join("\n");
    assert!(all.contains("no file can be made in /proc"), "{all}");
    assert!(!all.contains("does not exist"), "{all}");
    assert_ne!(r.code, 0, "the game was never saved");
    // An export onto a file, and a long path said whole.
    std::fs::write(dir.join("afile"), "x").unwrap();
    let long = format!("{}/g.pgn", "a-rather-long-folder-name".repeat(4));
    std::fs::create_dir_all(dir.join(long.trim_end_matches("/g.pgn"))).unwrap();
    let args = [
        "--line",
        "--mode",
        "record",
        "--virtual-clock",
        "--speech",
        "off",
        "--language",
        "en",
        "--save",
        long.as_str(),
    ];
    std::fs::write(&fault, "28").unwrap();
    let mut cmd = common::hector_command(&dir);
    let out = cmd
        .current_dir(&dir)
        .args(args)
        .env("HECTOR_FAULT_FILE", &fault)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(b"e4\n")?;
            c.wait_with_output()
        })
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!(
            "Could not save the game to {long}: the disk is full"
        )),
        "{text}"
    );
    std::fs::remove_file(&fault).unwrap();
    let r = common::run_in(&dir, &record_args(&[]), b"e4\nexport afile\nquit\n");
    let all = r.lines.join("\n");
    assert!(
        all.contains("Could not write the scoresheet into afile: afile is a file, not a folder"),
        "{all}"
    );
    assert!(!all.contains("os error"), "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same on a real full disk, without the seam: a 64 KB tmpfs filled up (only where this test may mount
/// one, as root; elsewhere it says so and checks nothing more). The move is said as not kept; when the disk
/// has room again the game is saved and that is said.
#[test]
fn a_real_full_disk_is_said_and_survived() {
    let dir = common::temp_dir("tmpfs");
    let disk = dir.join("disk");
    std::fs::create_dir_all(&disk).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&disk)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("no tmpfs could be mounted here (not root?): the seam tests cover this");
        return;
    }
    /// Unmounted however the test ends.
    struct Mounted(PathBuf);
    impl Drop for Mounted {
        fn drop(&mut self) {
            let _ = std::process::Command::new("umount").arg(&self.0).status();
        }
    }
    let mounted = Mounted(disk.clone());
    let never = dir.join("no-fault");
    let mut h = Live::start(&disk, &[], &never);
    h.say("e4", "Bauer Eva vier");
    h.say("press", "Clock pressed");
    // Fill the disk to the last byte.
    let mut fill = std::fs::File::create(disk.join("fill")).unwrap();
    while fill.write_all(&[0u8; 1024]).is_ok() {}
    drop(fill);
    let said = h.say("e5", "fünf");
    let last = said.last().unwrap().clone();
    std::fs::remove_file(disk.join("fill")).unwrap();
    let after = h.say("time", "White 1 hour");
    drop(h.stdin);
    let status = h.child.wait().unwrap();
    let pgn = pgn_of(&disk);
    drop(mounted);
    assert_eq!(
        last,
        "Not kept on disk: Bauer Eva fünf. Could not save the game to g.pgn: the disk is full. The game is \
         held in memory; hector tries again at every entry and at the end, and says when it is safe"
    );
    assert!(
        after
            .iter()
            .any(|l| l == "The game is safe again: it is saved in g.pgn"),
        "{after:?}"
    );
    assert!(pgn.contains("1... e5"), "{pgn}");
    assert!(status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Kill -9 at any moment of a recorded game: every move the game file holds has its entry in the
/// action log (the entry is on disk before the game), no temporary file of the log is ever left, and the log
/// is whole by its seals.
#[test]
fn kill_9_never_leaves_a_move_without_its_entry() {
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
    ];
    let mut seed: u64 = 0x5eed;
    let mut in_the_middle = 0;
    let mut interrupted = 0;
    for run in 0..24 {
        let dir = common::temp_dir(&format!("kill-{run}"));
        let mut child = common::hector_command(&dir)
            .current_dir(&dir)
            .args(record_args(&[]))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let input: String = moves.iter().map(|m| format!("{m}\npress\n")).collect();
        let writer = std::thread::spawn(move || {
            for line in input.lines() {
                if writeln!(stdin, "{line}").is_err() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        });
        // The game's first save marks that hector runs; the kill lands somewhere in the rest.
        let began = std::time::Instant::now();
        while !dir.join("g.pgn").exists() && began.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_micros(200));
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        std::thread::sleep(Duration::from_micros((seed >> 33) % 40_000));
        let _ = child.kill();
        let _ = child.wait();
        let _ = writer.join();
        let pgn = pgn_of(&dir);
        let log = std::fs::read_to_string(dir.join("g.pgn.log.txt")).unwrap_or_default();
        let saved: Vec<&str> = moves
            .iter()
            .copied()
            .filter(|m| {
                pgn.split_whitespace()
                    .any(|w| w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.') == *m)
            })
            .collect();
        if !saved.is_empty() && saved.len() < moves.len() {
            in_the_middle += 1;
        }
        for m in &saved {
            assert!(
                log.contains(&format!("\tplayer\t{m}\t")),
                "run {run}: {m} is in the game but not in the log:\n{pgn}\n{log}"
            );
        }
        if !log.is_empty() {
            let (said, code) = verify(&dir);
            // A kill between the log's entry and the game's rename leaves an action the game file
            // lacks: verify says so, and loading the game completes it from the log; then they agree.
            if code == 1 && said.contains("a save was interrupted") {
                interrupted += 1;
                let r = self::run(&dir, &["--load", "g.pgn"], "");
                assert!(
                    r.lines
                        .iter()
                        .any(|l| l.starts_with("Recovered after an interruption")),
                    "run {run}: {:#?}",
                    r.lines
                );
                let (said, code) = verify(&dir);
                assert_eq!(
                    code,
                    0,
                    "run {run}, after loading: {said}\n{}",
                    log_of(&dir)
                );
            } else {
                assert_eq!(code, 0, "run {run}: {said}\n{log}");
            }
        }
        let temps: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(".g.pgn.log.txt"))
            .collect();
        assert!(temps.is_empty(), "run {run}: {temps:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
    eprintln!(
        "{in_the_middle} of 24 kills in the middle of a game, {interrupted} between a log entry and its game"
    );
    assert!(
        in_the_middle >= 4,
        "the kills must land in the middle of games"
    );
}
