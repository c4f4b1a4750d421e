//! Disk: atomic writes of saved games and the speech log. Knows nothing of chess.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The folder a file lives in (`.` for a bare file name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Syncs a folder, so that a rename or removal in it survives a crash (POSIX: the directory entry is data of
/// the folder). Where folders cannot be opened for syncing, nothing more can be done.
fn sync_folder(dir: &Path) -> io::Result<()> {
    match File::open(dir) {
        Ok(d) => d.sync_all().or_else(|e| {
            // Some file systems refuse fsync on a folder; the rename itself has been done.
            if e.kind() == io::ErrorKind::InvalidInput || e.raw_os_error() == Some(22) {
                Ok(())
            } else {
                Err(e)
            }
        }),
        Err(_) => Ok(()),
    }
}

/// The prefix of the temporary files of `path` (`.NAME.tmp`, then the writer's process id).
fn temp_prefix(path: &Path) -> Option<String> {
    path.file_name()
        .map(|n| format!(".{}.tmp", n.to_string_lossy()))
}

/// The seam for tests of a failing disk, read only here: while the file named by the
/// environment variable `HECTOR_FAULT_FILE` exists, every write of a game, a log or a scoresheet fails with
/// the OS error number the file holds (28: the disk is full, 30: read-only, 1: not permitted). Without the
/// variable (always, outside tests) nothing changes.
fn injected_fault() -> io::Result<()> {
    let Some(marker) = std::env::var_os("HECTOR_FAULT_FILE") else {
        return Ok(());
    };
    match fs::read_to_string(marker)
        .ok()
        .and_then(|c| c.trim().parse().ok())
    {
        Some(code) => Err(io::Error::from_raw_os_error(code)),
        None => Ok(()),
    }
}

/// Writes `contents` to `path` durably and atomically: a temporary file beside it, written and synced, renamed
/// over it, then the folder synced. When this returns Ok, the new contents survive a crash or a kill; a crash
/// before leaves the old file whole.
pub fn write_atomic(path: &Path, contents: &str) -> io::Result<()> {
    let dir = folder_of(path);
    let prefix = temp_prefix(path)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let tmp = dir.join(format!("{prefix}{}", std::process::id()));
    injected_fault()?;
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(contents.as_bytes())?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)?;
        sync_folder(&dir)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Whether two names name one file (each resolved, links and `.` included); names that cannot be resolved (a
/// file not there) are compared as they are.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Removes a file and syncs its folder; a file that is not there is fine.
pub fn remove_durably(path: &Path) {
    if fs::remove_file(path).is_ok() {
        let _ = sync_folder(&folder_of(path));
    }
}

/// Removes the temporary files a killed writer of `path` left behind (`.NAME.tmpPID` of another process).
/// They never hold anything that was announced: a save is announced only after its rename. Returns how many
/// were removed.
pub fn remove_stale_temps(path: &Path) -> usize {
    let (Some(prefix), dir) = (temp_prefix(path), folder_of(path)) else {
        return 0;
    };
    let own = format!("{prefix}{}", std::process::id());
    let Ok(entries) = fs::read_dir(&dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let is_temp = name
            .strip_prefix(&prefix)
            .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()));
        if is_temp && name != own && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    if removed > 0 {
        let _ = sync_folder(&dir);
    }
    removed
}

/// Appends `text` to `path` (created if missing) and syncs it, so that when this returns Ok the lines survive a
/// crash or a kill (an append-only log is appended, not rewritten through a temporary file). A
/// write that fails half-way is cut back, so the file never keeps half a line; the caller keeps the text and
/// tries again.
pub fn append_durably(path: &Path, text: &str) -> io::Result<()> {
    injected_fault()?;
    let existed = path.exists();
    let mut f = OpenOptions::new().create(true).append(true).open(path)?;
    let before = f.metadata()?.len();
    let result = f.write_all(text.as_bytes()).and_then(|()| f.sync_data());
    if result.is_err() {
        let _ = f.set_len(before);
        let _ = f.sync_data();
    }
    drop(f);
    if result.is_ok() && !existed {
        sync_folder(&folder_of(path))?;
    }
    result
}

/// Whether a file can be written in `dir` now: a small file is written, synced and removed (a full disk, a
/// read-only one or a folder without permission says no before a game is promised to be kept there).
pub fn probe_writable(dir: &Path) -> io::Result<()> {
    injected_fault()?;
    let probe = dir.join(format!(".hector-probe{}", std::process::id()));
    let result = (|| {
        let mut f = File::create(&probe)?;
        f.write_all(&[b'\n'; 4096])?;
        f.sync_all()
    })();
    let _ = fs::remove_file(&probe);
    result
}

/// The temporary files that earlier versions of hector left when killed while rewriting the action log at
/// `log` (`.NAME.tmpPID`): one that holds the log and more (entries that never reached the log) has the rest
/// appended to the log; the others hold nothing new. All are removed. Returns how many entries' worth of
/// text (lines) were merged.
pub fn merge_stale_log_temps(log: &Path) -> usize {
    let (Some(prefix), dir) = (temp_prefix(log), folder_of(log)) else {
        return 0;
    };
    let Ok(entries) = fs::read_dir(&dir) else {
        return 0;
    };
    let own = format!("{prefix}{}", std::process::id());
    let mut temps: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name != own
                && name
                    .strip_prefix(&prefix)
                    .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
        })
        .map(|e| e.path())
        .collect();
    temps.sort();
    let mut merged = 0;
    for temp in temps {
        let current = fs::read_to_string(log).unwrap_or_default();
        if let Ok(text) = fs::read_to_string(&temp)
            && text.len() > current.len()
            && text.starts_with(&current)
            && text.ends_with('\n')
        {
            let rest = &text[current.len()..];
            if append_durably(log, rest).is_err() {
                // Kept for the next start: it holds entries the log does not.
                continue;
            }
            merged += rest.lines().count();
        }
        remove_durably(&temp);
    }
    merged
}

/// The most a PGN file may hold for hector to read it (128 MiB: tens of thousands of games).
pub const MAX_PGN_BYTES: u64 = 128 << 20;
/// The most a settings, key, theme, vocabulary or envelope file (RON) may hold (1 MiB).
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Reads a file that came from outside (a game to load, a settings or vocabulary file), bounded: what is not a
/// regular file (a FIFO would block for ever, `/dev/zero` would never end) is refused before it is read, and
/// more than `limit` bytes is refused rather than read into memory. Every file from outside is read here.
pub fn read_outside(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let not_regular = || io::Error::new(io::ErrorKind::InvalidInput, "it is not a regular file");
    // The kind is checked before opening: opening a FIFO for reading waits for a writer.
    if !fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // O_NONBLOCK: should the path be swapped for a FIFO after the check, opening it does not wait.
        options.custom_flags(0o4000);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    let too_big = || {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "it is larger than {}, more than hector reads",
                size_words(limit)
            ),
        )
    };
    if meta.len() > limit {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_big());
    }
    Ok(bytes)
}

/// Like [`read_outside`], as text: UTF-8, with anything that is not UTF-8 replaced.
pub fn read_outside_text(path: &Path, limit: u64) -> io::Result<String> {
    let bytes = read_outside(path, limit)?;
    Ok(match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

fn size_words(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MB", bytes >> 20)
    } else {
        format!("{} KB", bytes >> 10)
    }
}

/// UTC time stamp `YYYY-MM-DDTHH:MM:SS.mmmZ` of a system time.
pub fn timestamp(t: SystemTime) -> String {
    let d = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        d.subsec_millis()
    )
}

/// An append-only log of every announcement, one per line with a time stamp.
pub struct SpeechLog {
    file: File,
}

impl SpeechLog {
    pub fn open(path: &Path) -> io::Result<SpeechLog> {
        Ok(SpeechLog {
            file: OpenOptions::new().create(true).append(true).open(path)?,
        })
    }

    pub fn record(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.file, "{}\t{}", timestamp(SystemTime::now()), text)?;
        self.file.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn timestamps_are_civil_utc() {
        assert_eq!(timestamp(UNIX_EPOCH), "1970-01-01T00:00:00.000Z");
        let t = UNIX_EPOCH + Duration::from_millis(1_795_304_047_123);
        assert_eq!(timestamp(t), "2026-11-21T23:34:07.123Z");
        let leap = UNIX_EPOCH + Duration::from_secs(951_782_400); // 2000-02-29
        assert_eq!(timestamp(leap), "2000-02-29T00:00:00.000Z");
    }

    #[test]
    fn atomic_write_replaces_whole_file() {
        let dir = std::env::temp_dir().join(format!("hector-store-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let p = dir.join("g.pgn");
        write_atomic(&p, "first version, long text").unwrap();
        write_atomic(&p, "second").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "second");
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary file left behind"
        );
        assert!(write_atomic(&dir.join("missing-dir/x.pgn"), "x").is_err());
        // A killed writer's temporary file is removed at the next start; other files stay.
        fs::write(dir.join(".g.pgn.tmp999999"), "half").unwrap();
        fs::write(dir.join(".g.pgn.tmpnotapid"), "other").unwrap();
        assert_eq!(remove_stale_temps(&p), 1);
        assert!(dir.join(".g.pgn.tmpnotapid").exists());
        assert_eq!(fs::read_to_string(&p).unwrap(), "second");
        fs::remove_dir_all(&dir).unwrap();
    }

    /// The log is appended; a temporary file an earlier version left with entries the log lacks is
    /// merged, one with nothing new is removed.
    #[test]
    fn appends_and_stale_log_temps_are_merged() {
        let dir = std::env::temp_dir().join(format!("hector-append-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let log = dir.join("g.pgn.log.txt");
        append_durably(&log, "one\n").unwrap();
        append_durably(&log, "two\n").unwrap();
        assert_eq!(fs::read_to_string(&log).unwrap(), "one\ntwo\n");
        fs::write(dir.join(".g.pgn.log.txt.tmp4242"), "one\ntwo\nthree\n").unwrap();
        fs::write(dir.join(".g.pgn.log.txt.tmp4243"), "one\n").unwrap();
        fs::write(dir.join(".g.pgn.log.txt.tmp4244"), "other\nlog\nentirely\n").unwrap();
        assert_eq!(merge_stale_log_temps(&log), 1);
        assert_eq!(fs::read_to_string(&log).unwrap(), "one\ntwo\nthree\n");
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            1,
            "every stale temp removed"
        );
        assert!(probe_writable(&dir).is_ok());
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            1,
            "the probe leaves nothing"
        );
        assert!(append_durably(&dir.join("no/such/folder.txt"), "x\n").is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
