//! One game's tags and movetext tokens as pgn-reader delivers them, with the file's text decoded.

use std::borrow::Cow;
use std::ops::ControlFlow;

use pgn_reader::{Nag, RawComment, RawTag, Skip, Visitor};
use shakmaty::Outcome;
use shakmaty::san::SanPlus;

use crate::rules::tags::Tags;

/// A movetext token as pgn-reader delivers it, or a piece of text it passed over (`Raw`).
#[derive(Debug, Clone)]
pub(super) enum Tok {
    San(SanPlus),
    Nag(u8),
    Comment(String),
    Open,
    Close,
    Outcome(Outcome),
    Raw(String),
}

/// Collects one game's tags and movetext tokens; the game is built afterwards.
#[derive(Default)]
pub(super) struct Collector {
    pub(super) tags: Tags,
    pub(super) toks: Vec<Tok>,
    pending_comment: Vec<u8>,
}

/// Text from the file: UTF-8, or Latin-1 when it is not valid UTF-8 (old PGN files).
fn decode_cow(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

pub(super) fn decode_text(bytes: &[u8]) -> String {
    decode_cow(bytes).into_owned()
}

/// A tag value with its escapes undone (PGN standard 7: `\"` is a quote, `\\` a backslash), in one pass.
/// pgn-reader's `RawTag::decode` (0.29) reads the second backslash of `\\` as the start of another escape, so
/// `\\\\` and `\\\"` each lost a backslash and a value written by [`export`] did not come back the same.
fn unescape_tag(raw: &[u8]) -> Cow<'_, [u8]> {
    if !raw.contains(&b'\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut bytes = raw.iter().copied().peekable();
    while let Some(b) = bytes.next() {
        match (b, bytes.peek()) {
            (b'\\', Some(&next @ (b'\\' | b'"'))) => {
                out.push(next);
                bytes.next();
            }
            _ => out.push(b),
        }
    }
    Cow::Owned(out)
}

/// Comment text with whitespace collapsed to single spaces.
pub(super) fn clean_comment(bytes: &[u8]) -> String {
    // The usual comment (`{ [%clk 0:05:00] }`): printable ASCII with single spaces inside, kept as it is.
    let trimmed = bytes.trim_ascii();
    let mut after_space = false;
    let plain = trimmed.iter().all(|&b| {
        let ok = b.is_ascii_graphic() || (b == b' ' && !after_space);
        after_space = b == b' ';
        ok
    });
    if plain && let Ok(text) = std::str::from_utf8(trimmed) {
        return text.to_owned();
    }
    collapse_whitespace(bytes)
}

/// [`clean_comment`] for any text: decoded, whitespace of every kind collapsed.
pub(super) fn collapse_whitespace(bytes: &[u8]) -> String {
    let text = decode_cow(bytes);
    let mut out = String::with_capacity(text.len());
    for w in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

impl Visitor for Collector {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.tags.clear();
        self.toks.clear();
        self.pending_comment.clear();
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _tags: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        let value = unescape_tag(value.as_bytes());
        self.tags.push(decode_cow(name).trim(), &decode_cow(&value));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(())
    }

    fn san(&mut self, _m: &mut (), san_plus: SanPlus) -> ControlFlow<Self::Output> {
        self.toks.push(Tok::San(san_plus));
        ControlFlow::Continue(())
    }

    fn nag(&mut self, _m: &mut (), nag: Nag) -> ControlFlow<Self::Output> {
        self.toks.push(Tok::Nag(nag.0));
        ControlFlow::Continue(())
    }

    fn partial_comment(
        &mut self,
        _m: &mut (),
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        self.pending_comment.extend_from_slice(comment.as_bytes());
        ControlFlow::Continue(())
    }

    fn comment(&mut self, _m: &mut (), comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        let text = if self.pending_comment.is_empty() {
            clean_comment(comment.as_bytes())
        } else {
            self.pending_comment.extend_from_slice(comment.as_bytes());
            let t = clean_comment(&self.pending_comment);
            self.pending_comment.clear();
            t
        };
        self.toks.push(Tok::Comment(text));
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _m: &mut ()) -> ControlFlow<Self::Output, Skip> {
        self.toks.push(Tok::Open);
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, _m: &mut ()) -> ControlFlow<Self::Output> {
        self.toks.push(Tok::Close);
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, _m: &mut (), outcome: Outcome) -> ControlFlow<Self::Output> {
        self.toks.push(Tok::Outcome(outcome));
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _m: ()) -> Self::Output {}
}
