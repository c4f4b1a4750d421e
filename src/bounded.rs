//! Reading outside input in bounded pieces (issue 10): no line from a player, an engine or a file may grow
//! memory without limit.

use std::io::BufRead;

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

    /// Issue 10.5: lines are cut at the bound, the rest of the line dropped, the next line read whole.
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
