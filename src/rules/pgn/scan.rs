//! The movetext pgn-reader passes over without telling its visitor, found again to name it or read it leniently.

use shakmaty::san::SanPlus;

use super::collect::{Tok, decode_text};
use super::moves::is_noise;

// pgn-reader skips, without telling its visitor, any movetext it cannot read as a token (`Tf3`, `d2-d4`,
// `e7e8q`, `<br>`). To name such text in an error, or to read it leniently, the movetext is scanned once more
// here with the same rules as pgn-reader 0.29's `read_tags`/`read_movetext`, counting the tokens delivered
// before each skipped piece. If the counts disagree with what the visitor received, the skipped pieces are
// ignored and a warning says so.

/// A piece of skipped movetext: the number of delivered tokens before it, and its bytes.
struct Dropped {
    before: usize,
    range: std::ops::Range<usize>,
}

pub(super) struct Scan {
    dropped: Vec<Dropped>,
    delivered: usize,
}

#[inline]
pub(super) fn is_token_end(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t'
            | b'\n'
            | b'\r'
            | b'{'
            | b'}'
            | b'('
            | b')'
            | b'!'
            | b'?'
            | b'$'
            | b';'
            | b'.'
            | b'*'
    )
}

struct Cur<'a> {
    b: &'a [u8],
    i: usize,
}

impl Cur<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }
    fn eat(&mut self, s: &[u8]) -> bool {
        if self.b.get(self.i..).is_some_and(|rest| rest.starts_with(s)) {
            self.i += s.len();
            true
        } else {
            false
        }
    }
    fn eat_dash(&mut self) -> bool {
        self.eat(b"-") || self.eat("\u{2013}".as_bytes()) || self.eat("\u{2014}".as_bytes())
    }
    /// Moves to the next `needle` (or the end), not past it.
    fn skip_until(&mut self, needle: u8) {
        match self
            .b
            .get(self.i..)
            .and_then(|rest| rest.iter().position(|&c| c == needle))
        {
            Some(p) => self.i += p,
            None => self.i = self.b.len(),
        }
    }
    fn skip_until_after(&mut self, needle: u8) {
        self.skip_until(needle);
        if self.i < self.b.len() {
            self.i += 1;
        }
    }
    fn skip_whitespace(&mut self, mut new_line: bool) {
        while let Some(c) = self.peek() {
            match c {
                b' ' | b'\t' | b'\r' => self.i += 1,
                b'\n' => {
                    new_line = true;
                    self.i += 1;
                }
                b'%' if new_line => {
                    self.i += 1;
                    self.skip_until_after(b'\n');
                }
                _ => return,
            }
        }
    }
    fn skip_ket(&mut self) {
        while let Some(c) = self.peek() {
            match c {
                b' ' | b'\t' | b'\r' => self.i += 1,
                b']' => {
                    self.i += 1;
                    self.skip_whitespace(false);
                    return;
                }
                b'\n' => {
                    self.i += 1;
                    self.skip_whitespace(true);
                    return;
                }
                _ => return,
            }
        }
    }
    fn skip_token(&mut self) {
        while let Some(c) = self.peek() {
            if is_token_end(c) {
                return;
            }
            self.i += 1;
        }
    }
    fn find3(&self, a: u8, b: u8, c: u8) -> Option<usize> {
        self.b
            .get(self.i..)?
            .iter()
            .position(|&x| x == a || x == b || x == c)
            .map(|p| self.i + p)
    }
}

/// The length of a move in plain SAN at the start of `b`, followed by the end of a token (or of the text):
/// a piece letter, an optional file and rank, an optional `x`, the square and a check sign; a pawn move with an
/// optional capture and promotion; or castling with capital O. `None` for anything else, which the scan then
/// reads with shakmaty's own reader. Whatever this accepts, that reader reads whole, to the same length
/// (tested): it only spares the scan a second full reading of every move pgn-reader has already read.
pub(super) fn plain_san_len(b: &[u8]) -> Option<usize> {
    let file = |c: u8| (b'a'..=b'h').contains(&c);
    let rank = |c: u8| (b'1'..=b'8').contains(&c);
    let at = |i: usize| b.get(i).copied().unwrap_or(b' ');
    let mut i;
    match at(0) {
        b'K' | b'Q' | b'R' | b'B' | b'N' => {
            i = 1;
            // Up to a file, a rank and a capture sign before the square: the square is the last file-rank pair.
            if file(at(i)) && rank(at(i + 1)) && !(file(at(i + 2)) || at(i + 2) == b'x') {
                i += 2;
            } else {
                if file(at(i)) {
                    i += 1;
                }
                if rank(at(i)) {
                    i += 1;
                }
                if at(i) == b'x' {
                    i += 1;
                }
                if !(file(at(i)) && rank(at(i + 1))) {
                    return None;
                }
                i += 2;
            }
        }
        c if file(c) => {
            i = 1;
            if at(1) == b'x' {
                if !file(at(2)) {
                    return None;
                }
                i = 3;
            }
            if !rank(at(i)) {
                return None;
            }
            i += 1;
            if at(i) == b'=' {
                if !matches!(at(i + 1), b'Q' | b'R' | b'B' | b'N') {
                    return None;
                }
                i += 2;
            }
        }
        b'O' => {
            if b.starts_with(b"O-O-O") {
                i = 5;
            } else if b.starts_with(b"O-O") {
                i = 3;
            } else {
                return None;
            }
        }
        _ => return None,
    }
    if matches!(at(i), b'+' | b'#') {
        i += 1;
    }
    let end = b.get(i).is_none_or(|&c| is_token_end(c));
    end.then_some(i)
}

/// Scans one game's bytes (from its first tag to its end) as pgn-reader does.
pub(super) fn scan_game(bytes: &[u8]) -> Scan {
    let mut cur = Cur { b: bytes, i: 0 };
    let mut scan = Scan {
        dropped: Vec::new(),
        delivered: 0,
    };
    // Tags.
    while cur.peek() == Some(b'[') {
        cur.i += 1;
        match cur.find3(b'"', b'\n', b']') {
            Some(q) if bytes[q] == b'"' => {
                let mut j = q + 1;
                loop {
                    match bytes.get(j..).and_then(|r| {
                        r.iter()
                            .position(|&x| x == b'\\' || x == b'"' || x == b'\n')
                    }) {
                        Some(d) if bytes[j + d] == b'"' => {
                            cur.i = j + d + 1;
                            break;
                        }
                        Some(d) if bytes[j + d] == b'\n' => {
                            cur.i = j + d;
                            break;
                        }
                        Some(d) => j = (j + d + 2).min(bytes.len()),
                        None => return scan,
                    }
                }
            }
            Some(e) => cur.i = e + 1,
            None => return scan,
        }
        cur.skip_ket();
    }
    // Movetext.
    let skip = |scan: &mut Scan, start: usize, end: usize| {
        if end <= start {
            return;
        }
        match scan.dropped.last_mut() {
            // Pieces joined by nothing but dots are one piece of text ("e.p.", "Bxe7.").
            Some(last)
                if last.before == scan.delivered
                    && last.range.end <= start
                    && bytes[last.range.end..start].iter().all(|&c| c == b'.') =>
            {
                last.range.end = end
            }
            _ => scan.dropped.push(Dropped {
                before: scan.delivered,
                range: start..end,
            }),
        }
    };
    while let Some(c) = cur.peek() {
        let start = cur.i;
        match c {
            b'{' => {
                cur.i += 1;
                cur.skip_until(b'}');
                if cur.i >= bytes.len() {
                    break; // unterminated: pgn-reader reports an error
                }
                cur.i += 1;
                scan.delivered += 1;
            }
            b'\n' => {
                cur.i += 1;
                match cur.peek() {
                    Some(b'%') => {
                        cur.i += 1;
                        cur.skip_until(b'\n');
                    }
                    Some(b'[' | b'\n') => break,
                    Some(b'\r') => {
                        cur.i += 1;
                        if cur.peek() == Some(b'\n') {
                            break;
                        }
                    }
                    _ => {}
                }
            }
            b';' => {
                cur.i += 1;
                cur.skip_until(b'\n');
            }
            b'0' => {
                cur.i += 1;
                if cur.eat_dash() {
                    if cur.eat(b"1") {
                        scan.delivered += 1;
                    } else if cur.eat(b"0") {
                        let _ = cur.eat_dash() && cur.eat(b"0");
                        if matches!(cur.peek(), Some(b'+' | b'#')) {
                            cur.i += 1;
                        }
                        scan.delivered += 1;
                    } else {
                        skip(&mut scan, start, cur.i);
                    }
                } else {
                    skip(&mut scan, start, cur.i);
                }
            }
            b'1' => {
                cur.i += 1;
                if cur.eat_dash() {
                    if cur.eat(b"0") {
                        scan.delivered += 1;
                    } else {
                        skip(&mut scan, start, cur.i);
                    }
                } else {
                    let partial = cur.eat(b"/2");
                    if partial && cur.eat_dash() && cur.eat(b"1/2") {
                        scan.delivered += 1;
                    } else {
                        if partial {
                            skip(&mut scan, start, cur.i);
                        }
                        while matches!(cur.peek(), Some(b'0'..=b'9')) {
                            cur.i += 1;
                        }
                        while matches!(cur.peek(), Some(b'.' | b' ')) {
                            cur.i += 1;
                        }
                    }
                }
            }
            0xc2 => {
                cur.i += 1;
                if cur.eat(b"\xbd") && cur.eat_dash() && cur.eat("\u{bd}".as_bytes()) {
                    scan.delivered += 1;
                } else {
                    skip(&mut scan, start, cur.i);
                }
            }
            b'2'..=b'9' => {
                cur.i += 1;
                while matches!(cur.peek(), Some(b'0'..=b'9')) {
                    cur.i += 1;
                }
                while matches!(cur.peek(), Some(b'.' | b' ')) {
                    cur.i += 1;
                }
            }
            b'(' | b')' | b'*' => {
                cur.i += 1;
                scan.delivered += 1;
            }
            b'$' => {
                cur.i += 1;
                let digits_start = cur.i;
                cur.skip_token();
                let digits = &bytes[digits_start..cur.i];
                let is_nag = !digits.is_empty()
                    && digits.iter().all(u8::is_ascii_digit)
                    && digits
                        .iter()
                        .try_fold(0u32, |acc, d| {
                            let v = acc * 10 + u32::from(d - b'0');
                            (v <= 255).then_some(v)
                        })
                        .is_some();
                if is_nag {
                    scan.delivered += 1;
                } else {
                    skip(&mut scan, start, cur.i);
                }
            }
            b'!' | b'?' => {
                cur.i += 1;
                if matches!(cur.peek(), Some(b'!' | b'?')) {
                    cur.i += 1;
                }
                scan.delivered += 1;
            }
            b' ' | b'\t' | b'\r' | b'.' => cur.i += 1,
            // A move in plain SAN, as nearly every file writes them: its length without the full reader.
            _ if let Some(len) = plain_san_len(&bytes[cur.i..]) => {
                cur.i += len;
                scan.delivered += 1;
            }
            _ => match SanPlus::from_ascii_prefix(&bytes[cur.i..]) {
                Ok((_, len)) => {
                    cur.i += len.max(1);
                    if cur.peek().is_none_or(is_token_end) {
                        scan.delivered += 1;
                    } else {
                        skip(&mut scan, start, cur.i);
                    }
                }
                Err(_) => {
                    cur.i += 1;
                    cur.skip_token();
                    skip(&mut scan, start, cur.i);
                }
            },
        }
    }
    scan
}

pub(super) struct Merged {
    pub(super) toks: Vec<Tok>,
    pub(super) mismatch: bool,
}

/// Puts the skipped text back among the tokens as `Raw`. `None` when there is no game at all: no tags and
/// nothing but noise.
pub(super) fn merge_dropped(
    toks: Vec<Tok>,
    bytes: &[u8],
    scan: Scan,
    has_tags: bool,
) -> Option<Merged> {
    let mismatch = scan.delivered != toks.len() && !scan.dropped.is_empty();
    let merged = if scan.dropped.is_empty() || mismatch {
        Merged { toks, mismatch }
    } else {
        let mut out = Vec::with_capacity(toks.len() + scan.dropped.len());
        let mut dropped = scan.dropped.into_iter().peekable();
        for (k, t) in toks.into_iter().enumerate() {
            while let Some(d) = dropped.next_if(|d| d.before == k) {
                out.push(Tok::Raw(decode_text(&bytes[d.range])));
            }
            out.push(t);
        }
        for d in dropped {
            out.push(Tok::Raw(decode_text(&bytes[d.range])));
        }
        Merged {
            toks: out,
            mismatch: false,
        }
    };
    let meaningful = merged.toks.iter().any(|t| match t {
        Tok::Open | Tok::Close => false,
        Tok::Raw(r) => !is_noise(r),
        _ => true,
    });
    (has_tags || meaningful || merged.mismatch).then_some(merged)
}
