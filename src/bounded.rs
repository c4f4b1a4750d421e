//! Reading outside input in bounded pieces: no line from a player, an engine or a file may grow
//! memory without limit.

use std::io::{BufRead, Read};
use std::path::Path;

/// The largest settings file read (clock.ron, output.ron, keymap.ron, theme.ron, a vocabulary): the shipped
/// ones are a few kilobytes.
pub const MAX_SETTINGS_FILE: u64 = 256 * 1024;

/// Reads a settings file of at most `max` bytes. A folder, a FIFO or a device is refused without being read
/// (a FIFO would block, /dev/zero would never end), and so is a larger file; the message says which.
pub fn read_settings_file(path: &Path, max: u64) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read the file: {e}"))?;
    if !meta.is_file() {
        return Err("cannot read the file: it is not a regular file".to_string());
    }
    if meta.len() > max {
        return Err(format!(
            "the file is too large ({} bytes; settings files are at most {max} bytes)",
            meta.len()
        ));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read the file: {e}"))?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read the file: {e}"))?;
    if bytes.len() as u64 > max {
        return Err(format!(
            "the file is too large (settings files are at most {max} bytes)"
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "the file is not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to()
        )
    })
}

/// Reads one line of at most `max` bytes into `buf` (without its end); the rest of a longer line is read and
/// dropped. `Ok(false)` at the end of the output with nothing read.
pub fn read_line_bounded(
    r: &mut impl BufRead,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<bool> {
    buf.clear();
    let mut any = false;
    loop {
        let (done, used) = {
            let chunk = match r.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(any);
            }
            any = true;
            match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    let room = max.saturating_sub(buf.len());
                    buf.extend_from_slice(&chunk[..i.min(room)]);
                    (true, i + 1)
                }
                None => {
                    let room = max.saturating_sub(buf.len());
                    buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
                    (false, chunk.len())
                }
            }
        };
        r.consume(used);
        if done {
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            return Ok(true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_files_are_small_regular_text() {
        let dir = std::env::temp_dir().join(format!("hector-bounded-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let ok = dir.join("ok.ron");
        std::fs::write(&ok, "(a: 1)").unwrap();
        assert_eq!(read_settings_file(&ok, 100).unwrap(), "(a: 1)");
        let big = dir.join("big.ron");
        std::fs::write(&big, "x".repeat(101)).unwrap();
        assert!(
            read_settings_file(&big, 100)
                .unwrap_err()
                .contains("too large")
        );
        assert!(
            read_settings_file(&dir, 100)
                .unwrap_err()
                .contains("not a regular file")
        );
        assert!(
            read_settings_file(Path::new("/dev/zero"), 100)
                .unwrap_err()
                .contains("not a regular file")
        );
        assert!(read_settings_file(&dir.join("none.ron"), 100).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Lines are cut at the bound, the rest of the line dropped, the next line read whole.
    #[test]
    fn lines_are_bounded() {
        let mut text = vec![b'x'; 100];
        text.extend_from_slice(b"\r\nuciok\r\nno end");
        let mut r = std::io::BufReader::with_capacity(7, std::io::Cursor::new(text));
        let mut buf = Vec::new();
        assert!(read_line_bounded(&mut r, &mut buf, 10).unwrap());
        assert_eq!(buf, b"xxxxxxxxxx");
        assert!(read_line_bounded(&mut r, &mut buf, 10).unwrap());
        assert_eq!(buf, b"uciok");
        assert!(read_line_bounded(&mut r, &mut buf, 10).unwrap());
        assert_eq!(buf, b"no end");
        assert!(!read_line_bounded(&mut r, &mut buf, 10).unwrap());
        assert!(buf.is_empty());
    }
}
