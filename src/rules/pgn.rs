//! PGN export and import (R-8.1, R-8.7, R-C): the game record as text, and games read back with every move checked.
//!
//! Pure: text in, text or games out. Import reads any number of games with [`pgn_reader`]; every mainline move
//! is checked by [`Game::play`], so the automatic endings apply as in a game played
//! here. A bad game gives an [`ImportError`] naming the game, the move and the reason; the games around it are
//! still loaded.
//!
//! Conventions kept by both directions, so that export → import → export is stable:
//! - A draw offer (R-8.1.5, R-9.1.2.2, R-C.12) is written as the comment `{(=)}` directly after the move. The
//!   scoresheet form, a variation holding only `=` (`11. Kb1 (=)`), is read as a draw offer too.
//! - Comments, NAGs and variations after a mainline move belong to that move ([`Ply::annotations`]); a variation
//!   is an alternative to the move it follows. Comments before the first move are [`Game::initial_comments`].
//!   Comment text is kept with its whitespace collapsed to single spaces.
//! - The tags the game derives (Result, Termination, SetUp, FEN, Variant) are not kept in [`Game::tags`];
//!   TimeControl is kept there and written back.

use std::borrow::Cow;
use std::fmt;
use std::io::{Cursor, Seek};
use std::ops::ControlFlow;

use pgn_reader::{Nag, RawComment, RawTag, Reader, Skip, Visitor};
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{
    CastlingMode, Chess, Color, EnPassantMode, FromSetup, KnownOutcome, Move, MoveList, Outcome,
    Position, Rank, Role,
};

use super::chess960;
use super::edition::Edition;
use super::ending::{EndReason, Ending, GameResult};
use super::game::{Game, GameError, MovetextItem, Ply, Start, color_name};
use super::tags::Tags;

// ---------------------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------------------

/// Tags that come from outside the game record when exporting.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExportTags {
    /// The TimeControl value (PGN standard 9.6.1, e.g. `"40/5400+30:1800+30"` or `"300+2"`). When `None`, the
    /// game's own TimeControl tag is written, or `"-"` if it has none.
    pub time_control: Option<String>,
    /// Overrides the Termination value derived from the ending (e.g. `"adjudication"`, `"abandoned"`).
    pub termination: Option<String>,
    /// More tags, written after the game's own ones; a tag of the same name in the game is replaced.
    pub extra: Vec<(String, String)>,
}

impl ExportTags {
    pub fn with_time_control(tc: impl Into<String>) -> ExportTags {
        ExportTags {
            time_control: Some(tc.into()),
            ..ExportTags::default()
        }
    }
}

/// The Seven Tag Roster (PGN standard 8.1.1) and its defaults.
const SEVEN_TAG_ROSTER: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
];

/// Tags the game derives itself: never written from, or read into, [`Game::tags`].
const DERIVED_TAGS: [&str; 5] = ["Result", "Termination", "SetUp", "FEN", "Variant"];

/// Lines of movetext are at most this long (PGN standard 8.2.3: export format lines are below 80 columns).
pub const LINE_WIDTH: usize = 80;

/// The comment that marks a draw offer (R-C.12) in PGN.
pub const DRAW_OFFER_COMMENT: &str = "(=)";

/// The PGN of one game in export format (PGN standard 8): tag pairs, a blank line, movetext wrapped at
/// [`LINE_WIDTH`] columns, the result, and a final newline.
pub fn export(game: &Game, extra: &ExportTags) -> String {
    let mut out = String::with_capacity(256 + game.plies().len() * 8);
    write_tags(game, extra, &mut out);
    out.push('\n');
    write_movetext(game, &mut out);
    out
}

/// Several games, separated by blank lines, as one PGN file.
pub fn export_all<'a>(games: impl IntoIterator<Item = &'a Game>, extra: &ExportTags) -> String {
    let mut out = String::new();
    for (i, g) in games.into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&export(g, extra));
    }
    out
}

/// The PGN result token of a game: from its ending, `*` while it goes on.
pub fn result_token(game: &Game) -> &'static str {
    game.ending().map_or("*", |e| e.result.pgn())
}

fn write_tags(game: &Game, extra: &ExportTags, out: &mut String) {
    let tag_value = |name: &str| -> Option<&str> {
        extra
            .extra
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .or_else(|| game.tags.get(name))
    };
    for (name, default) in SEVEN_TAG_ROSTER {
        push_tag(out, name, tag_value(name).unwrap_or(default));
    }
    push_tag(out, "Result", result_token(game));

    // Derived tags are read back whatever their case (see `build_game`), so they are recognised so here too.
    let is_special = |n: &str| {
        SEVEN_TAG_ROSTER.iter().any(|(s, _)| *s == n)
            || DERIVED_TAGS.iter().any(|d| d.eq_ignore_ascii_case(n))
            || n == "TimeControl"
    };
    for (name, value) in &game.tags {
        // Judged by the name as written: `F\x7fEN` is written `FEN` and must not pass for the FEN tag.
        if is_special(name) || is_special(&symbol(name)) {
            continue;
        }
        let value = extra
            .extra
            .iter()
            .find(|(n, _)| n == name)
            .map_or(value, |(_, v)| v.as_str());
        push_tag(out, name, value);
    }
    for (name, value) in &extra.extra {
        if is_special(name) || is_special(&symbol(name)) || game.tags.get(name).is_some() {
            continue;
        }
        push_tag(out, name, value);
    }

    let termination = match (&extra.termination, game.ending()) {
        (Some(t), _) => t.as_str(),
        (None, Some(e)) => e.reason.termination(),
        (None, None) => "unterminated",
    };
    push_tag(out, "Termination", termination);
    let time_control = extra
        .time_control
        .as_deref()
        .or_else(|| tag_value("TimeControl"))
        .unwrap_or("-");
    push_tag(out, "TimeControl", time_control);
    let standard_start = matches!(game.start(), Start::Standard) && !game.is_chess960();
    if !standard_start {
        push_tag(out, "SetUp", "1");
        push_tag(out, "FEN", &game.start_fen());
    }
    if game.is_chess960() {
        push_tag(out, "Variant", "Chess960");
    }
}

/// A tag name as written: only the characters PGN allows in a symbol.
fn symbol(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_ascii_alphanumeric() || "_+#=:-".contains(*c))
        .collect()
}

/// A tag pair line; the name keeps only the characters PGN allows in a symbol, the value is escaped.
fn push_tag(out: &mut String, name: &str, value: &str) {
    let name = symbol(name);
    if name.is_empty() {
        return;
    }
    out.push('[');
    out.push_str(&name);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' | '\r' | '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

/// Movetext tokens, joined with "(" and ")" glued to their neighbours, then wrapped.
#[derive(Default)]
struct Tokens {
    list: Vec<String>,
    open_pending: usize,
}

impl Tokens {
    fn push(&mut self, t: impl Into<String>) {
        let mut t = t.into();
        if self.open_pending > 0 {
            t.insert_str(0, &"(".repeat(self.open_pending));
            self.open_pending = 0;
        }
        self.list.push(t);
    }

    fn open(&mut self) {
        self.open_pending += 1;
    }

    fn close(&mut self) {
        if self.open_pending > 0 {
            self.open_pending -= 1;
            self.push("()");
        } else if let Some(last) = self.list.last_mut() {
            last.push(')');
        }
    }

    fn comment(&mut self, text: &str) {
        let words: Vec<&str> = text
            .split_whitespace()
            .map(|w| w.trim_matches('}'))
            .filter(|w| !w.is_empty())
            .collect();
        let words: Vec<String> = words.iter().map(|w| w.replace('}', "")).collect();
        match words.len() {
            0 => self.push("{}"),
            1 => self.push(format!("{{{}}}", words[0])),
            n => {
                for (i, w) in words.into_iter().enumerate() {
                    if i == 0 {
                        self.push(format!("{{{w}"));
                    } else if i == n - 1 {
                        self.push(format!("{w}}}"));
                    } else {
                        self.push(w);
                    }
                }
            }
        }
    }

    fn wrap_into(self, out: &mut String) {
        let mut line = 0usize;
        for t in self.list {
            let w = t.chars().count();
            if line > 0 {
                if line + 1 + w > LINE_WIDTH {
                    out.push('\n');
                    line = 0;
                } else {
                    out.push(' ');
                    line += 1;
                }
            }
            out.push_str(&t);
            line += w;
        }
        out.push('\n');
    }
}

fn write_movetext(game: &Game, out: &mut String) {
    let mut toks = Tokens::default();
    for c in &game.initial_comments {
        toks.comment(c);
    }
    let mut need_number = true;
    for ply in game.plies() {
        let (n, color) = (ply.move_number(), ply.color());
        let san = ply.san.to_string();
        match color {
            Color::White => toks.push(format!("{n}. {san}")),
            Color::Black if need_number => toks.push(format!("{n}... {san}")),
            Color::Black => toks.push(san),
        }
        need_number = false;
        if ply.draw_offer {
            toks.comment(DRAW_OFFER_COMMENT);
            need_number = true;
        }
        for nag in &ply.annotations.nags {
            toks.push(format!("${nag}"));
        }
        for c in &ply.annotations.comments {
            toks.comment(c);
            need_number = true;
        }
        for v in &ply.annotations.variations {
            toks.open();
            write_items(v, n, color, &mut toks);
            toks.close();
            need_number = true;
        }
    }
    toks.push(result_token(game));
    toks.wrap_into(out);
}

/// A variation's items, with move numbers counted from the move the variation replaces.
fn write_items(items: &[MovetextItem], number: u32, color: Color, toks: &mut Tokens) {
    let (mut n, mut c) = (number, color);
    let mut previous = (number, color);
    let mut need_number = true;
    for item in items {
        match item {
            MovetextItem::San(s) => {
                match c {
                    Color::White => toks.push(format!("{n}. {s}")),
                    Color::Black if need_number => toks.push(format!("{n}... {s}")),
                    Color::Black => toks.push(s.clone()),
                }
                previous = (n, c);
                if c == Color::Black {
                    n = n.saturating_add(1);
                }
                c = c.other();
                need_number = false;
            }
            MovetextItem::Nag(nag) => toks.push(format!("${nag}")),
            MovetextItem::Comment(text) => {
                toks.comment(text);
                need_number = true;
            }
            MovetextItem::Variation(v) => {
                toks.open();
                write_items(v, previous.0, previous.1, toks);
                toks.close();
                need_number = true;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Import: report and errors
// ---------------------------------------------------------------------------------------------------------

/// What an import found: the good games, and one error for each bad game.
#[derive(Debug, Clone, Default)]
pub struct ImportReport {
    /// The games that were read and checked, in file order.
    pub games: Vec<Game>,
    /// `numbers[i]` is the 1-based position of `games[i]` in the file.
    pub numbers: Vec<usize>,
    /// One error per game that could not be loaded, in file order.
    pub errors: Vec<ImportError>,
    /// Things that did not stop a game from loading but changed or dropped something.
    pub warnings: Vec<ImportWarning>,
}

impl ImportReport {
    /// True when every game loaded.
    pub fn is_clean(&self) -> bool {
        self.errors.is_empty()
    }
}

/// Where in a game an import error is: the move (R-C) as numbered in the record and the text found there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveAt {
    /// Full-move number.
    pub number: u32,
    /// The side that was to move.
    pub side: Color,
    /// The token as read.
    pub text: String,
}

impl fmt::Display for MoveAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} for {}, \"{}\"",
            self.number,
            color_name(self.side),
            self.text
        )
    }
}

/// A game that could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ImportError {
    /// 1-based position of the game in the file.
    pub game: usize,
    /// "White - Black" from the tags, when known.
    pub players: Option<String>,
    /// The move at fault, when the fault is a move.
    pub at: Option<MoveAt>,
    pub kind: ImportErrorKind,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if let Some(p) = &self.players {
            write!(f, " ({p})")?;
        }
        if let Some(at) = &self.at {
            write!(f, ", {at}")?;
        }
        write!(f, ": {}", self.kind)
    }
}

/// Why a game could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportErrorKind {
    #[error("illegal in this position")]
    IllegalMove,
    #[error("ambiguous in this position, it could be {}", .0.join(" or "))]
    AmbiguousMove(Vec<String>),
    #[error("not a move")]
    NotAMove,
    #[error("a null move cannot be played in a game")]
    NullMove,
    #[error("the game was already over: {0}")]
    AfterEnd(String),
    #[error("bad FEN {fen:?}: {reason}")]
    BadFen { fen: String, reason: String },
    #[error("the variant {0:?} is not supported; hector plays standard chess and Chess960")]
    UnsupportedVariant(String),
    #[error("unreadable PGN: {0}")]
    Syntax(String),
    /// The last thing in the record could not be read and no result follows it (R-8.7: a record ends with
    /// its result): the file looks cut off.
    #[error("{0}; the record ends there without a result, it looks incomplete (cut off)")]
    CutOff(Box<ImportErrorKind>),
}

/// Something an import changed or left out without refusing the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportWarning {
    /// 1-based position of the game in the file.
    pub game: usize,
    pub message: String,
}

impl fmt::Display for ImportWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: {}", self.game, self.message)
    }
}

// ---------------------------------------------------------------------------------------------------------
// Import: reading with pgn-reader
// ---------------------------------------------------------------------------------------------------------

/// A movetext token as pgn-reader delivers it, or a piece of text it passed over (`Raw`).
#[derive(Debug, Clone)]
enum Tok {
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
struct Collector {
    tags: Tags,
    toks: Vec<Tok>,
    pending_comment: Vec<u8>,
}

/// Text from the file: UTF-8, or Latin-1 when it is not valid UTF-8 (old PGN files).
fn decode_cow(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

fn decode_text(bytes: &[u8]) -> String {
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
fn clean_comment(bytes: &[u8]) -> String {
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
fn collapse_whitespace(bytes: &[u8]) -> String {
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

/// How to import.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ImportOptions {
    /// The Laws the games are checked under (R-EDN.1): which automatic endings apply.
    pub edition: Edition,
    /// Check for a dead position after every move, as [`Game::play`] does, instead of checking the last
    /// position and replaying only a game that ends dead (see `last_position_is_dead`). Much slower; meant for
    /// checking that both ways agree.
    pub check_every_position: bool,
}

/// Reads every game of a PGN text under the default options. Never panics; see [`ImportReport`].
pub fn import(text: &str) -> ImportReport {
    import_with(text.as_bytes(), &ImportOptions::default())
}

/// Like [`import`], for a file's raw bytes: text that is not UTF-8 is read as Latin-1.
pub fn import_bytes(bytes: &[u8]) -> ImportReport {
    import_with(bytes, &ImportOptions::default())
}

/// Reads every game of a PGN file's bytes. Never panics; see [`ImportReport`].
pub fn import_with(bytes: &[u8], options: &ImportOptions) -> ImportReport {
    let mut report = ImportReport::default();
    for one in Importer::new(bytes, options) {
        report.warnings.extend(one.warnings);
        match one.game {
            Ok(game) => {
                report.games.push(game);
                report.numbers.push(one.number);
            }
            Err(e) => report.errors.push(e),
        }
    }
    report
}

/// One game as [`Importer`] reads it.
#[derive(Debug, Clone)]
pub struct Imported {
    /// 1-based position of the game in the file.
    pub number: usize,
    /// The game, checked, or why it cannot be loaded.
    pub game: Result<Game, ImportError>,
    /// What the import changed or left out in this game.
    pub warnings: Vec<ImportWarning>,
}

/// Reads the games of a PGN file's bytes one at a time, so that a large file is never held as games all at
/// once (`--load` keeps only what it needs). [`import_with`] collects the same games into a report.
pub struct Importer<'a> {
    bytes: &'a [u8],
    reader: Reader<Cursor<&'a [u8]>>,
    collector: Collector,
    number: usize,
    options: ImportOptions,
    done: bool,
}

impl<'a> Importer<'a> {
    pub fn new(bytes: &'a [u8], options: &ImportOptions) -> Importer<'a> {
        Importer {
            bytes,
            reader: Reader::new(Cursor::new(bytes)),
            collector: Collector::default(),
            number: 0,
            options: *options,
            done: false,
        }
    }
}

impl Iterator for Importer<'_> {
    type Item = Imported;

    fn next(&mut self) -> Option<Imported> {
        let bytes = self.bytes;
        while !self.done {
            match self.reader.has_more() {
                Ok(true) => {}
                Ok(false) | Err(_) => break,
            }
            let Ok(start) = self.reader.stream_position() else {
                break;
            };
            let read = self.reader.read_game(&mut self.collector);
            let end = self.reader.stream_position().unwrap_or(bytes.len() as u64);
            let range = (start as usize).min(bytes.len())..(end as usize).min(bytes.len());
            match read {
                Ok(None) => break,
                Ok(Some(())) => {
                    let scan = scan_game(&bytes[range.clone()]);
                    let has_tags = !self.collector.tags.is_empty();
                    let toks = merge_dropped(
                        std::mem::take(&mut self.collector.toks),
                        &bytes[range],
                        scan,
                        has_tags,
                    );
                    let Some(toks) = toks else {
                        // Nothing but whitespace, stray brackets or escapes: not a game.
                        continue;
                    };
                    self.number += 1;
                    let number = self.number;
                    // The next game's tags most likely take about as much room.
                    let room = Tags::with_capacity(
                        self.collector.tags.len() + 2,
                        self.collector.tags.text_len() * 5 / 4 + 16,
                    );
                    let tags = std::mem::replace(&mut self.collector.tags, room);
                    let mut warnings = Vec::new();
                    let mut toks = toks;
                    let game =
                        build_game(number, tags, &mut toks.toks, &self.options, &mut warnings);
                    if toks.mismatch {
                        warnings.push(ImportWarning {
                            game: number,
                            message:
                                "text the reader passed over could not be placed; it was ignored"
                                    .into(),
                        });
                    }
                    let mut reuse = toks.toks;
                    reuse.clear();
                    self.collector.toks = reuse;
                    return Some(Imported {
                        number,
                        game,
                        warnings,
                    });
                }
                Err(e) => {
                    self.number += 1;
                    if end <= start {
                        self.done = true;
                    }
                    let kind = if end as usize >= bytes.len() {
                        // The text ends inside a tag or comment: cut off.
                        ImportErrorKind::CutOff(Box::new(ImportErrorKind::Syntax(e.to_string())))
                    } else {
                        ImportErrorKind::Syntax(e.to_string())
                    };
                    return Some(Imported {
                        number: self.number,
                        game: Err(ImportError {
                            game: self.number,
                            players: players(&self.collector.tags),
                            at: None,
                            kind,
                        }),
                        warnings: Vec::new(),
                    });
                }
            }
        }
        self.done = true;
        None
    }
}

/// The first game of a PGN text, or why it cannot be loaded.
pub fn import_game(text: &str) -> Result<Game, ImportError> {
    let mut report = import(text);
    match (report.numbers.first(), report.errors.first()) {
        (Some(&n), Some(e)) if e.game < n => Err(e.clone()),
        (Some(_), _) => Ok(report.games.swap_remove(0)),
        (None, Some(e)) => Err(e.clone()),
        (None, None) => Err(ImportError {
            game: 1,
            players: None,
            at: None,
            kind: ImportErrorKind::Syntax("no game found".into()),
        }),
    }
}

fn players(tags: &Tags) -> Option<String> {
    let get = |n: &str| {
        tags.get(n)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
    };
    match (get("White"), get("Black")) {
        (None, None) => None,
        (w, b) => Some(printable(&format!(
            "{} - {}",
            w.unwrap_or("?"),
            b.unwrap_or("?")
        ))),
    }
}

/// Text from the file as it goes into a message for the player: a control character (a stray carriage return in a
/// name, say) would garble the terminal line or the speech, so it is shown escaped (`\r`). Used for every message
/// quoting a file from outside (PGN, settings, vocabulary).
pub fn printable(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_owned();
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------------------
// Import: the text pgn-reader passes over
// ---------------------------------------------------------------------------------------------------------
//
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

struct Scan {
    dropped: Vec<Dropped>,
    delivered: usize,
}

#[inline]
fn is_token_end(b: u8) -> bool {
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
fn plain_san_len(b: &[u8]) -> Option<usize> {
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
fn scan_game(bytes: &[u8]) -> Scan {
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

struct Merged {
    toks: Vec<Tok>,
    mismatch: bool,
}

/// Puts the skipped text back among the tokens as `Raw`. `None` when there is no game at all: no tags and
/// nothing but noise.
fn merge_dropped(toks: Vec<Tok>, bytes: &[u8], scan: Scan, has_tags: bool) -> Option<Merged> {
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

// ---------------------------------------------------------------------------------------------------------
// Import: building the game
// ---------------------------------------------------------------------------------------------------------

/// The variants this program plays, from a Variant tag.
fn variant_is_chess960(value: &str) -> Result<bool, ImportErrorKind> {
    let v: String = value
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect::<String>()
        .to_lowercase();
    match v.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" | "classical" | "rapid" | "blitz" => {
            Ok(false)
        }
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" | "frc"
        | "fischer960" => Ok(true),
        _ => Err(ImportErrorKind::UnsupportedVariant(value.trim().to_owned())),
    }
}

/// A game from a FEN under Chess960 rules (X-FEN or Shredder-FEN castling letters; `KQkq` means the outermost
/// rooks). An untouched Chess960 start position starts the game as [`Start::Chess960`].
pub fn chess960_game_from_fen(fen: &str) -> Result<Game, GameError> {
    match position_from_fen(fen, Some(CastlingMode::Chess960))? {
        (pos, _, false) => Ok(chess960_game(pos)),
        (_, _, true) => Err(GameError::IllegalPosition(
            "impossible castling rights or en passant square".into(),
        )),
    }
}

fn chess960_game(pos: Chess) -> Game {
    let start = match chess960::number_of_position(&pos) {
        Some(n) if chess960::position(n).is_some_and(|p| p == pos) => Start::Chess960(n),
        _ => Start::Fen(Fen::from_position(&pos, EnPassantMode::Legal).to_string()),
    };
    Game::from_position(start, pos, CastlingMode::Chess960)
}

/// A legal position from a FEN; `mode` None detects it. The flag says whether castling rights or the en passant
/// square had to be dropped to make it legal.
fn position_from_fen(
    fen: &str,
    mode: Option<CastlingMode>,
) -> Result<(Chess, CastlingMode, bool), GameError> {
    super::game::check_fen_counters(fen)?;
    let parsed =
        Fen::from_ascii(fen.trim().as_bytes()).map_err(|e| GameError::InvalidFen(e.to_string()))?;
    let setup = parsed.into_setup();
    super::game::check_setup_counters(&setup)?;
    let mode = mode.unwrap_or_else(|| CastlingMode::detect(&setup));
    match Chess::from_setup(setup.clone(), mode).or_else(|e| e.ignore_invalid_ep_square()) {
        Ok(pos) => Ok((pos, mode, false)),
        Err(strict) => Chess::from_setup(setup, mode)
            .or_else(|e| e.ignore_invalid_castling_rights())
            .or_else(|e| e.ignore_invalid_ep_square())
            .map(|pos| (pos, mode, true))
            .map_err(|_| GameError::IllegalPosition(strict.to_string())),
    }
}

fn start_game(fen: Option<&str>, chess960: bool) -> Result<(Game, bool), ImportErrorKind> {
    let bad = |fen: &str, e: GameError| ImportErrorKind::BadFen {
        fen: fen.trim().to_owned(),
        reason: match e {
            GameError::InvalidFen(r) | GameError::IllegalPosition(r) => r,
            other => other.to_string(),
        },
    };
    match (fen, chess960) {
        (None, false) => Ok((Game::new(), false)),
        (None, true) => Ok((
            chess960::position(chess960::STANDARD_NUMBER).map_or_else(Game::new, chess960_game),
            false,
        )),
        (Some(f), true) => position_from_fen(f, Some(CastlingMode::Chess960))
            .map(|(p, _, fixed)| (chess960_game(p), fixed))
            .map_err(|e| bad(f, e)),
        (Some(f), false) => match Game::from_fen(f) {
            Ok(g) => Ok((g, false)),
            Err(GameError::IllegalPosition(_)) => {
                let (pos, mode, fixed) = position_from_fen(f, None).map_err(|e| bad(f, e))?;
                let start = if pos == Chess::default() {
                    Start::Standard
                } else {
                    Start::Fen(Fen::from_position(&pos, EnPassantMode::Legal).to_string())
                };
                Ok((Game::from_position(start, pos, mode), fixed))
            }
            Err(e) => Err(bad(f, e)),
        },
    }
}

/// Text that carries nothing: punctuation left between moves and the optional "e.p." (R-C.9, R-C.13).
fn is_noise(raw: &str) -> bool {
    let t = raw.trim();
    let t = t.trim_matches(|c: char| ",;:.+#=-\u{2013}\u{2014}!?".contains(c));
    t.is_empty() || t.eq_ignore_ascii_case("e.p") || t.eq_ignore_ascii_case("ep")
}

/// Lenient readings of a token pgn-reader could not read: trailing punctuation, "e.p.", hyphens in long
/// algebraic (`Ng1-f3`, `e2-e4`), promotion without `=` (`e8Q`), UCI with promotion (`e7e8q`).
fn lenient_candidates(raw: &str) -> Vec<String> {
    let mut t = raw.trim().trim_end_matches([',', ';', ':']).to_owned();
    for suffix in ["e.p.", "e.p", "ep"] {
        if t.len() > suffix.len() && t.to_ascii_lowercase().ends_with(suffix) {
            t.truncate(t.len() - suffix.len());
            t = t.trim_end_matches(['.', ' ']).to_owned();
        }
    }
    let mut out = vec![t.clone()];
    let dehyphened: String = if t.starts_with(['O', '0']) {
        t.clone()
    } else {
        t.replace(['-', '\u{2013}'], "")
    };
    out.push(dehyphened.clone());
    let bytes = dehyphened.as_bytes();
    if let [.., rank, piece] = bytes
        && (*rank == b'1' || *rank == b'8')
        && b"QRBNqrbn".contains(piece)
    {
        let head = &dehyphened[..dehyphened.len() - 1];
        out.push(format!(
            "{head}={}",
            char::from(*piece).to_ascii_uppercase()
        ));
        out.push(dehyphened.to_ascii_lowercase());
    }
    out.dedup();
    out
}

fn lenient_move(pos: &Chess, raw: &str) -> Option<Move> {
    for cand in lenient_candidates(raw) {
        if let Ok(sp) = SanPlus::from_ascii(cand.as_bytes())
            && let Ok(m) = resolve_san(pos, &sp)
        {
            return Some(m);
        }
        if let Ok(uci) = UciMove::from_ascii(cand.as_bytes())
            && let Ok(m) = uci.to_move(pos)
        {
            return Some(m);
        }
    }
    None
}

/// A lenient token as variation text, if it reads as SAN at all.
fn lenient_san_text(raw: &str) -> Option<String> {
    lenient_candidates(raw).into_iter().find_map(|c| {
        SanPlus::from_ascii(c.as_bytes())
            .ok()
            .map(|sp| sp.to_string())
    })
}

/// The legal moves a SAN could mean (for an ambiguity message).
fn candidates_of(pos: &Chess, san: &San) -> Vec<String> {
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = *san
    else {
        return Vec::new();
    };
    pos.san_candidates(role, to)
        .iter()
        .filter(|m| {
            m.from().is_some_and(|f| {
                file.is_none_or(|x| x == f.file()) && rank.is_none_or(|x| x == f.rank())
            }) && m.is_capture() == capture
                && m.promotion() == promotion
        })
        .map(|m| SanPlus::from_move(pos.clone(), *m).to_string())
        .collect()
}

/// A piece move or pawn move in SAN that names exactly one legal move: the move, and the legal moves of that
/// piece kind to that square (what `San::to_move` looks through, kept for the move's own SAN).
fn read_plain_san(game: &Game, san: &San) -> Option<(Move, San)> {
    let San::Normal { role, to, .. } = *san else {
        return None;
    };
    let pos = game.position();
    // The last move's check sign says whether the side to move is in check.
    let in_check = game
        .last_ply()
        .map_or_else(|| pos.is_check(), |p| p.san.suffix.is_some());
    debug_assert_eq!(in_check, pos.is_check());
    // The list stays here: copying it (over 2 KB) costs more than reading the move.
    let mut among = MoveList::new();
    if !super::candidates::plain_candidates(pos, role, to, in_check, &mut among) {
        among = pos.san_candidates(role, to);
    }
    let mut matching = among.iter().filter(|m| san.matches(**m));
    let m = *matching.next()?;
    matching
        .next()
        .is_none()
        .then(|| (m, San::disambiguate(m, &among)))
}

/// A mainline move from a token pgn-reader delivered, or why not. UCI text such as `g1f3` reads as SAN
/// "pawn from g1 to f3", so it is tried as UCI when the SAN reading fails; a capture written without `x`
/// (optional in R-C.9) is tried as a capture.
fn resolve_san(pos: &Chess, sp: &SanPlus) -> Result<Move, ImportErrorKind> {
    match sp.san.to_move(pos) {
        Ok(m) => Ok(m),
        Err(SanError::AmbiguousSan) => {
            Err(ImportErrorKind::AmbiguousMove(candidates_of(pos, &sp.san)))
        }
        Err(SanError::IllegalSan) => match sp.san {
            San::Null => Err(ImportErrorKind::NullMove),
            San::Put { .. } => Err(ImportErrorKind::NotAMove),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                // Other readings: the optional capture sign left out (R-C.9), a pawn on the last rank without
                // its new piece, which becomes a queen.
                let last_rank = to.rank() == pos.turn().fold_wb(Rank::Eighth, Rank::First);
                let promotions: &[Option<Role>] =
                    if role == Role::Pawn && last_rank && promotion.is_none() {
                        &[None, Some(Role::Queen)]
                    } else {
                        &[promotion]
                    };
                let captures: &[bool] = if capture { &[true] } else { &[false, true] };
                for &promotion in promotions {
                    for &capture in captures {
                        let san = San::Normal {
                            role,
                            file,
                            rank,
                            capture,
                            to,
                            promotion,
                        };
                        match san.to_move(pos) {
                            Ok(m) => return Ok(m),
                            Err(SanError::AmbiguousSan) => {
                                return Err(ImportErrorKind::AmbiguousMove(candidates_of(
                                    pos, &san,
                                )));
                            }
                            Err(SanError::IllegalSan) => {}
                        }
                    }
                }
                if file.is_some() && rank.is_some() {
                    UciMove::from_ascii(sp.san.to_string().as_bytes())
                        .ok()
                        .and_then(|u| u.to_move(pos).ok())
                        .ok_or(ImportErrorKind::IllegalMove)
                } else {
                    Err(ImportErrorKind::IllegalMove)
                }
            }
            San::Castle(_) => Err(ImportErrorKind::IllegalMove),
        },
    }
}

/// An open variation while building: its items and whether it held only a `=` (the scoresheet draw offer).
struct OpenVariation {
    items: Vec<MovetextItem>,
    only_equals: bool,
    saw_equals: bool,
}

/// A move found in the record after an automatic draw ending: kept as text, not played.
struct AfterEnd {
    number: u32,
    side: Color,
    text: String,
}

fn after_end_text(moves: &[AfterEnd]) -> String {
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match m.side {
            Color::White => out.push_str(&format!("{}. ", m.number)),
            Color::Black if i == 0 => out.push_str(&format!("{}... ", m.number)),
            Color::Black => {}
        }
        out.push_str(&m.text);
    }
    out
}

/// How deep variations may nest (a variation inside a variation inside ...). Deeper ones are left out with a
/// warning: outside text must not make the reader, or anything walking the kept variations, recurse without bound.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// The prefix of the comment that keeps moves recorded after the game ended.
pub const AFTER_END_COMMENT: &str = "recorded after the game ended:";

/// `toks` are used up: the text of comments is moved into the game, not copied.
fn build_game(
    number: usize,
    tags: Tags,
    toks: &mut [Tok],
    options: &ImportOptions,
    warnings: &mut Vec<ImportWarning>,
) -> Result<Game, ImportError> {
    // The players are named only in an error (their tags are moved into the game on the way).
    let err = |tags: &Tags, at: Option<MoveAt>, kind: ImportErrorKind| ImportError {
        game: number,
        players: players(tags),
        at,
        kind,
    };
    let tag = |name: &str| tags.get_ignore_ascii_case(name);

    let chess960 = match tag("Variant") {
        Some(v) => variant_is_chess960(v).map_err(|k| err(&tags, None, k))?,
        None => false,
    };
    let fen = tag("FEN").filter(|f| !f.trim().is_empty());
    let (game, fixed) = start_game(fen, chess960).map_err(|k| err(&tags, None, k))?;
    let mut game = game.with_edition(options.edition);
    if fixed {
        warnings.push(ImportWarning {
            game: number,
            message:
                "the FEN's castling rights or en passant square were not possible and were dropped"
                    .into(),
        });
    }
    let result_tag = tag("Result").and_then(GameResult::from_pgn);
    let termination = tag("Termination").map(str::to_owned);
    game.tags = tags;
    game.tags
        .retain(|n, _| !DERIVED_TAGS.iter().any(|d| d.eq_ignore_ascii_case(n)));

    let at = |game: &Game, text: String| {
        let pos = game.position();
        Some(MoveAt {
            number: pos.fullmoves().get(),
            side: pos.turn(),
            text: printable(&text),
        })
    };
    let mut stack: Vec<OpenVariation> = Vec::new();
    // Variations nested deeper than MAX_VARIATION_DEPTH: how deep inside the one being passed over, and whether any
    // was.
    let mut passing_over = 0usize;
    let mut passed_over = false;
    let mut outcome: Option<Outcome> = None;
    let mut after_end: Vec<AfterEnd> = Vec::new();
    let mut after_result = false;
    game.reserve_plies(mainline_move_count(toks));
    let count = toks.len();

    for (i, slot) in toks.iter_mut().enumerate() {
        // A comment's text is moved into the game, not copied.
        let mut comment = match slot {
            Tok::Comment(c) => std::mem::take(c),
            _ => String::new(),
        };
        let tok: &Tok = slot;
        if passing_over > 0 {
            match tok {
                Tok::Open => passing_over += 1,
                Tok::Close => passing_over -= 1,
                _ => {}
            }
            continue;
        }
        if matches!(tok, Tok::Open) && stack.len() >= MAX_VARIATION_DEPTH {
            passing_over = 1;
            passed_over = true;
            continue;
        }
        if let Some(top) = stack.last_mut() {
            // Inside a variation: kept as written, not checked.
            let item = match tok {
                Tok::San(sp) => Some(MovetextItem::San(sp.to_string())),
                Tok::Nag(n) => Some(MovetextItem::Nag(*n)),
                Tok::Comment(_) => Some(MovetextItem::Comment(std::mem::take(&mut comment))),
                Tok::Raw(r) if r.trim() == "=" => {
                    top.saw_equals = true;
                    None
                }
                Tok::Raw(r) => lenient_san_text(r).map(MovetextItem::San),
                Tok::Outcome(_) => None,
                Tok::Open => {
                    top.only_equals = false;
                    stack.push(OpenVariation {
                        items: Vec::new(),
                        only_equals: true,
                        saw_equals: false,
                    });
                    continue;
                }
                Tok::Close => {
                    let Some(done) = stack.pop() else { continue };
                    match stack.last_mut() {
                        Some(parent) => parent.items.push(MovetextItem::Variation(done.items)),
                        None if after_end.is_empty() => close_top_variation(&mut game, done),
                        None => {}
                    }
                    continue;
                }
            };
            if let Some(item) = item {
                top.only_equals = false;
                top.items.push(item);
            }
            continue;
        }
        match tok {
            Tok::San(_) | Tok::Raw(_) => {
                let (raw, sp) = match tok {
                    Tok::San(sp) => ("", Some(sp)),
                    Tok::Raw(raw) if is_noise(raw) => continue,
                    Tok::Raw(raw) => (raw.trim(), None),
                    _ => continue,
                };
                // The move as read, for messages; made only when needed.
                let text = || sp.map_or_else(|| raw.to_owned(), |sp| sp.to_string());
                // Text after the game termination marker that is no move belongs to no game.
                if after_result && sp.is_none() && lenient_san_text(raw).is_none() {
                    warnings.push(ImportWarning {
                        game: number,
                        message: format!("\"{}\" after the result was ignored", printable(raw)),
                    });
                    continue;
                }
                // The usual case, a plain SAN naming one legal move, keeps the candidates it was found among.
                let mut plain: Option<San> = None;
                let mut resolve = |game: &Game| match sp {
                    Some(sp) => match read_plain_san(game, &sp.san) {
                        Some((m, own)) => {
                            plain = Some(own);
                            Ok(m)
                        }
                        None => resolve_san(game.position(), sp),
                    },
                    None => lenient_move(game.position(), raw).ok_or_else(|| {
                        if lenient_san_text(raw).is_some() {
                            ImportErrorKind::IllegalMove
                        } else {
                            ImportErrorKind::NotAMove
                        }
                    }),
                };
                let mut resolved = None;
                if game.ending().is_none() {
                    let r = resolve(&game);
                    // A move that cannot be read may follow a stalemate `play_recorded` left undecided.
                    if r.is_err() {
                        game.settle();
                    }
                    resolved = Some(r);
                }
                if let Some(e) = game.ending() {
                    let text = text();
                    let is_move_text = sp
                        .is_some_and(|sp| matches!(sp.san, San::Normal { .. } | San::Castle(_)))
                        || (sp.is_none() && lenient_san_text(&text).is_some());
                    let draw_on_the_board = matches!(
                        e.reason,
                        EndReason::DeadPosition
                            | EndReason::FivefoldRepetition
                            | EndReason::SeventyFiveMoves
                    );
                    if !(is_move_text && draw_on_the_board) {
                        let kind = if is_move_text {
                            ImportErrorKind::AfterEnd(e.reason.describe().to_owned())
                        } else {
                            ImportErrorKind::NotAMove
                        };
                        return Err(err(&game.tags, at(&game, text), kind));
                    }
                    // the game was over; the moves written after it are kept as a comment.
                    let (number, side) = match after_end.last() {
                        Some(last) if last.side == Color::Black => {
                            (last.number.saturating_add(1), Color::White)
                        }
                        Some(last) => (last.number, Color::Black),
                        None => (game.position().fullmoves().get(), game.turn()),
                    };
                    after_end.push(AfterEnd { number, side, text });
                    continue;
                }
                let m = match resolved.expect("read while the game was not over") {
                    Ok(m) => m,
                    // The text ends here, without a result: most likely a file cut off in the middle of a move.
                    Err(k) if i + 1 == count => {
                        return Err(err(
                            &game.tags,
                            at(&game, text()),
                            ImportErrorKind::CutOff(Box::new(k)),
                        ));
                    }
                    Err(k) => return Err(err(&game.tags, at(&game, text()), k)),
                };
                if let Some(sp) = sp
                    && let San::Normal {
                        promotion: None, ..
                    } = sp.san
                    && m.promotion().is_some()
                {
                    let at = at(&game, text()).map_or_else(String::new, |a| a.to_string());
                    warnings.push(ImportWarning {
                        game: number,
                        message: format!("{at}: a pawn on the last rank must become a piece; read as a queen (R-7.5.2)"),
                    });
                }
                let played = if options.check_every_position {
                    game.play(m).map(|_| ())
                } else {
                    game.play_recorded(m, plain)
                };
                match played {
                    Ok(_) => {}
                    Err(GameError::GameOver(e)) => {
                        return Err(err(
                            &game.tags,
                            at(&game, text()),
                            ImportErrorKind::AfterEnd(e.reason.describe().to_owned()),
                        ));
                    }
                    Err(_) => {
                        return Err(err(
                            &game.tags,
                            at(&game, text()),
                            ImportErrorKind::IllegalMove,
                        ));
                    }
                }
            }
            // Annotations of moves written after the end go with them.
            _ if !after_end.is_empty() => {
                if let Tok::Open = tok {
                    stack.push(OpenVariation {
                        items: Vec::new(),
                        only_equals: true,
                        saw_equals: false,
                    });
                }
            }
            Tok::Nag(n) => {
                if let Some(p) = game.plies_mut().last_mut() {
                    p.annotations.nags.push(*n);
                }
            }
            Tok::Comment(_) => match game.plies_mut().last_mut() {
                Some(p) if comment == DRAW_OFFER_COMMENT => p.draw_offer = true,
                Some(p) => {
                    if let Some(Err(clk)) = super::time_control::parse_clock_comment(&comment) {
                        let at = MoveAt {
                            number: p.move_number(),
                            side: p.color(),
                            text: p.san.to_string(),
                        };
                        warnings.push(ImportWarning {
                            game: number,
                            message: format!(
                                "{at}: the clock time \"{}\" is not a time of at most {} hours; it was ignored",
                                printable(&clk),
                                super::time_control::MAX_SECONDS / 3600
                            ),
                        });
                    }
                    p.annotations.comments.push(comment)
                }
                None => game.initial_comments.push(comment),
            },
            Tok::Open => stack.push(OpenVariation {
                items: Vec::new(),
                only_equals: true,
                saw_equals: false,
            }),
            Tok::Close => {}
            Tok::Outcome(o) => {
                after_result = true;
                if outcome.is_none() || matches!(o, Outcome::Known(_)) {
                    outcome = Some(*o);
                }
            }
        }
    }
    // Variations left open at the end of the game.
    while let Some(done) = stack.pop() {
        match stack.last_mut() {
            Some(parent) => parent.items.push(MovetextItem::Variation(done.items)),
            None if after_end.is_empty() => close_top_variation(&mut game, done),
            None => {}
        }
    }

    if outcome.is_none() {
        // a record ends with its result (`*` while the game goes on); hector's own saves always write
        // one. Without it the file was most likely cut off, and the game may be shorter than it was.
        warnings.push(ImportWarning {
            game: number,
            message: "the record ends without a result (1-0, 0-1, 1/2-1/2 or *); it looks incomplete, moves may be missing"
                .into(),
        });
    }
    if passed_over {
        warnings.push(ImportWarning {
            game: number,
            message: format!(
                "variations nested more than {MAX_VARIATION_DEPTH} deep were left out"
            ),
        });
    }

    game.settle();
    if !options.check_every_position && last_position_is_dead(&game) {
        game = replay_with_dead_check(game, &mut after_end);
    }
    if !after_end.is_empty() {
        let moves = after_end_text(&after_end);
        let reason = game.ending().map_or("", |e| e.reason.describe());
        warnings.push(ImportWarning {
            game: number,
            message: format!(
                "the game was over ({reason}) before {moves}; those moves are kept as a comment"
            ),
        });
        let comment = format!("{AFTER_END_COMMENT} {moves}");
        match game.plies_mut().last_mut() {
            Some(p) => p.annotations.comments.push(comment),
            None => game.initial_comments.push(comment),
        }
    }

    let token_result = match outcome {
        Some(Outcome::Known(KnownOutcome::Decisive { winner })) => {
            Some(GameResult::win_for(winner))
        }
        Some(Outcome::Known(KnownOutcome::Draw)) => Some(GameResult::Draw),
        _ => None,
    };
    let result = result_tag.or(token_result);
    if let (Some(tag), Some(token)) = (result_tag, token_result)
        && tag != token
    {
        warnings.push(ImportWarning {
            game: number,
            message: format!(
                "the Result tag says {tag} but the movetext ends {token}; the tag was used"
            ),
        });
    }
    match (game.ending(), result) {
        (Some(e), Some(r)) if e.result != r => warnings.push(ImportWarning {
            game: number,
            message: format!(
                "the record says {r}, but the moves end the game: {}, {}",
                e.reason.describe(),
                e.result
            ),
        }),
        (None, Some(r)) => game.end(imported_ending(r, termination.as_deref())),
        (None, None) => {
            // An offer marked on the last move and not answered still stands (R-9.1.2.1).
            if let Some(p) = game.last_ply()
                && p.draw_offer
            {
                let by = p.color();
                let _ = game.offer_draw(by);
            }
        }
        _ => {}
    }
    Ok(game)
}

/// Whether the game, played without dead-position checks, may have met a dead position. A position
/// from which the game still reached checkmate is not dead, nor is any before it; and a position that is dead
/// stays dead whatever is played. So the last position decides (for a stalemate, the one before it): when it
/// is not dead, no earlier one was. The one thing this leans on is that chasolver's fast check, which proves
/// the positions dead, proves the later ones too.
fn last_position_is_dead(game: &Game) -> bool {
    let Some(last) = game.plies().len().checked_sub(1) else {
        return false;
    };
    match game.ending().map(|e| e.reason) {
        Some(EndReason::Checkmate) => false,
        Some(EndReason::Stalemate) => {
            super::dead::is_dead_position(&game.position_before(last), game.mode())
        }
        _ => super::dead::is_dead_position(game.position(), game.mode()),
    }
}

/// Plays the game again with every check of [`Game::play`], to find where a dead position ended it. Moves after
/// that are put in front of `after_end`.
fn replay_with_dead_check(light: Game, after_end: &mut Vec<AfterEnd>) -> Game {
    let mut game = Game::from_position(
        light.start().clone(),
        light.start_position().clone(),
        light.mode(),
    )
    .with_edition(light.edition());
    game.tags = light.tags.clone();
    game.initial_comments = light.initial_comments.clone();
    // The first dead position, found by halving (a dead position stays dead whatever is played, see
    // `last_position_is_dead`): only the moves from there on are played with the dead-position check.
    let n = light.plies().len();
    // The positions before each move and the last one (this runs only for a game that ends dead).
    let positions: Vec<Chess> = light.positions().collect();
    let dead_after = |k: usize| super::dead::is_dead_position(&positions[k], light.mode());
    let check_from = match (dead_after(n), n >= 1 && dead_after(n - 1)) {
        (false, false) => 0,
        (at_end, _) => {
            let (mut lo, mut hi) = (1, if at_end { n } else { n - 1 });
            while lo < hi {
                let mid = (lo + hi) / 2;
                if dead_after(mid) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            lo - 1
        }
    };
    let mut cut = Vec::new();
    for (i, ply) in light.plies().iter().enumerate() {
        if game.is_over() {
            cut.push(AfterEnd {
                number: ply.move_number(),
                side: ply.color(),
                text: ply.san.to_string(),
            });
            continue;
        }
        let played = if i < check_from {
            game.play_without_dead_check(ply.mv).map(|_| ())
        } else {
            game.play(ply.mv).map(|_| ())
        };
        if played.is_err() {
            // Cannot happen: the same moves were legal a moment ago. Keep the light game rather than lose it.
            return light;
        }
        if let Some(p) = game.plies_mut().last_mut() {
            p.draw_offer = ply.draw_offer;
            p.annotations = ply.annotations.clone();
        }
    }
    if game.ending().is_none()
        && let Some(e) = light.ending()
    {
        game.end(e);
    }
    cut.append(after_end);
    *after_end = cut;
    game
}

/// How many move tokens the main line has (an upper bound on its plies).
fn mainline_move_count(toks: &[Tok]) -> usize {
    let mut depth = 0usize;
    let mut n = 0;
    for t in toks {
        match t {
            Tok::Open => depth += 1,
            Tok::Close => depth = depth.saturating_sub(1),
            Tok::San(_) | Tok::Raw(_) if depth == 0 => n += 1,
            _ => {}
        }
    }
    n
}

/// A variation closed at the main line's level: an alternative to the last mainline move, or a draw offer.
fn close_top_variation(game: &mut Game, done: OpenVariation) {
    let Some(p) = game.plies_mut().last_mut() else {
        return;
    };
    if done.only_equals && done.saw_equals && done.items.is_empty() {
        p.draw_offer = true;
    } else {
        p.annotations.variations.push(done.items);
    }
}

/// How a game the moves do not end came to its recorded result: from the Termination tag, else resignation
/// for a win and agreement for a draw.
fn imported_ending(result: GameResult, termination: Option<&str>) -> Ending {
    let t = termination
        .map(|t| t.trim().to_ascii_lowercase())
        .unwrap_or_default();
    let reason = if t.contains("time") {
        if result == GameResult::Draw {
            EndReason::DrawOnTime
        } else {
            EndReason::TimeForfeit
        }
    } else if [
        "rules infraction",
        "adjudication",
        "abandoned",
        "death",
        "emergency",
    ]
    .contains(&t.as_str())
    {
        EndReason::ArbiterDecision
    } else if result == GameResult::Draw {
        EndReason::Agreement
    } else {
        EndReason::Resignation
    };
    Ending::new(reason, result)
}

/// The mainline plies, for callers that want the move list of an imported game.
pub fn mainline_sans(game: &Game) -> Vec<String> {
    game.plies()
        .iter()
        .map(|p: &Ply| p.san.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Game {
        let r = import(text);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        assert_eq!(r.games.len(), 1);
        r.games.into_iter().next().unwrap()
    }

    /// Found by fuzzing (issue 10): a tag named `F<DEL>EN` was written as `FEN` and the saved game could not
    /// be read back; `Fen` was read back as the FEN tag.
    #[test]
    fn a_tag_name_cleaned_into_a_derived_tag_is_not_written() {
        for name in ["F\u{7f}EN", "SET\u{0}UP", "Vari\u{1}ant", "result"] {
            let text = format!("[{name} \"not a position\"]\n\n1. e4 e5 *\n");
            let g = one(&text);
            let exported = export(&g, &ExportTags::default());
            let again = import(&exported);
            assert!(
                again.errors.is_empty(),
                "{name:?}: {:?}\n{exported}",
                again.errors
            );
            assert_eq!(again.games[0].plies().len(), 2);
            assert!(!exported.contains("not a position"), "{exported}");
        }
    }

    /// Issue 10 item 4: nesting deeper than MAX_VARIATION_DEPTH is left out with a warning, not recursed into.
    #[test]
    fn variations_nested_too_deep_are_left_out() {
        let deep = format!("1. e4 {}{} e5 *\n", "(1. d4 ".repeat(200), ")".repeat(200));
        let r = import(&deep);
        assert!(r.errors.is_empty());
        let g = &r.games[0];
        assert_eq!(g.plies().len(), 2);
        let mut depth = 0;
        let mut items = &g.plies()[0].annotations.variations[0];
        loop {
            depth += 1;
            match items.iter().find_map(|i| match i {
                MovetextItem::Variation(v) => Some(v),
                _ => None,
            }) {
                Some(v) => items = v,
                None => break,
            }
        }
        assert_eq!(depth, MAX_VARIATION_DEPTH);
        assert_eq!(
            r.warnings
                .iter()
                .map(|w| w.message.as_str())
                .collect::<Vec<_>>(),
            ["variations nested more than 64 deep were left out"]
        );
        // Exactly at the limit: kept whole, no warning.
        let ok = format!("1. e4 {}{} e5 *\n", "(1. d4 ".repeat(64), ")".repeat(64));
        assert!(import(&ok).warnings.is_empty());
    }

    #[test]
    fn seven_tag_roster_comes_first_with_defaults() {
        let mut g = Game::new();
        g.play_san("e4").unwrap();
        g.tags.push("Annotator", "me");
        g.tags.push("White", "A \"quoted\" name");
        let pgn = export(&g, &ExportTags::default());
        let names: Vec<&str> = pgn
            .lines()
            .take_while(|l| l.starts_with('['))
            .map(|l| l[1..].split(' ').next().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "Event",
                "Site",
                "Date",
                "Round",
                "White",
                "Black",
                "Result",
                "Annotator",
                "Termination",
                "TimeControl"
            ]
        );
        assert!(pgn.contains("[Date \"????.??.??\"]"));
        assert!(pgn.contains("[White \"A \\\"quoted\\\" name\"]"));
        assert!(pgn.contains("[Termination \"unterminated\"]"));
        assert!(pgn.ends_with("1. e4 *\n"), "{pgn}");
        let back = one(&pgn);
        assert_eq!(back.tags.get("White").unwrap(), "A \"quoted\" name");
    }

    #[test]
    fn draw_offer_is_a_comment_after_the_move_and_comes_back() {
        let mut g = Game::new();
        g.play_san("e4").unwrap();
        g.offer_draw(Color::White).unwrap();
        g.play_san("e5").unwrap();
        let pgn = export(&g, &ExportTags::default());
        assert!(pgn.contains("1. e4 {(=)} 1... e5"), "{pgn}");
        let back = one(&pgn);
        assert!(back.plies()[0].draw_offer);
        assert!(!back.plies()[1].draw_offer);
        // The scoresheet form (R-C.12) is read too.
        let back = one("1. e4 e5 2. Nf3 (=) Nc6 *");
        assert!(back.plies()[2].draw_offer);
        assert!(back.plies()[2].annotations.variations.is_empty());
    }

    #[test]
    fn errors_name_game_move_side_text_and_reason() {
        let text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n[White \"C\"]\n[Black \"D\"]\n\n1. e4 e5 2. Ke3 *\n\n1. d4 *\n";
        let r = import(text);
        assert_eq!(r.games.len(), 2);
        assert_eq!(r.numbers, vec![1, 3]);
        assert_eq!(r.errors.len(), 1);
        let e = &r.errors[0];
        assert_eq!(e.game, 2);
        assert_eq!(
            e.at,
            Some(MoveAt {
                number: 2,
                side: Color::White,
                text: "Ke3".into()
            })
        );
        assert_eq!(e.kind, ImportErrorKind::IllegalMove);
        assert_eq!(
            e.to_string(),
            "game 2 (C - D), move 2 for White, \"Ke3\": illegal in this position"
        );
    }

    #[test]
    fn text_the_reader_skips_is_named() {
        let r = import("1. e4 e5 2. Tf3 Nc6 *");
        let e = &r.errors[0];
        assert_eq!(e.at.as_ref().unwrap().text, "Tf3");
        assert_eq!(e.kind, ImportErrorKind::NotAMove);
        // Lenient forms: long algebraic with hyphens, UCI promotion, trailing comma, e.p.
        let g = one("1. e2-e4 d7-d5 2. e4xd5 c7-c5 3. dxc6 e.p. Nb8-c6, 4. Bf1-b5 *");
        assert_eq!(
            mainline_sans(&g),
            ["e4", "d5", "exd5", "c5", "dxc6", "Nxc6", "Bb5"]
        );
        let g = one("[FEN \"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1\"]\n\ne7e8q *");
        assert_eq!(mainline_sans(&g), ["e8=Q"]);
    }

    #[test]
    fn ambiguous_moves_list_the_candidates() {
        let r = import("[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n\n1. Nd2 *");
        assert_eq!(
            r.errors[0].kind,
            ImportErrorKind::AmbiguousMove(vec!["Nbd2".into(), "Nfd2".into()])
        );
    }

    #[test]
    fn results_become_endings() {
        assert_eq!(
            one("1. e4 e5 1-0").ending(),
            Some(Ending::new(EndReason::Resignation, GameResult::WhiteWins))
        );
        assert_eq!(
            one("[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2")
                .ending()
                .unwrap()
                .reason,
            EndReason::Agreement
        );
        let g = one("[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n\n1. e4 0-1");
        assert_eq!(
            g.ending(),
            Some(Ending::new(EndReason::TimeForfeit, GameResult::BlackWins))
        );
        assert_eq!(
            one("1. f3 e5 2. g4 Qh4# 0-1").ending().unwrap().reason,
            EndReason::Checkmate
        );
        assert_eq!(one("1. e4 *").ending(), None);
    }

    #[test]
    fn variants_other_than_chess960_are_refused() {
        let r = import("[Variant \"Crazyhouse\"]\n\n1. e4 *");
        assert_eq!(
            r.errors[0].kind,
            ImportErrorKind::UnsupportedVariant("Crazyhouse".into())
        );
        assert!(r.errors[0].to_string().contains("not supported"));
    }

    /// What `plain_san_len` accepts, shakmaty's reader reads whole, to the same length; and it accepts the
    /// usual moves.
    fn agrees_with_the_reader(text: &[u8]) -> bool {
        match plain_san_len(text) {
            None => true,
            Some(len) => matches!(
                SanPlus::from_ascii_prefix(text),
                Ok((_, n)) if n == len && text.get(len).is_none_or(|&c| is_token_end(c))
            ),
        }
    }

    #[test]
    fn the_scans_plain_san_is_read_as_the_reader_reads_it() {
        for plain in [
            "e4", "exd5", "e8=Q", "dxc1=N#", "Nf3", "Nbd7", "N1f3", "Ng1f3", "Qh4xe1+", "Rxa8",
            "Kxh8#", "O-O", "O-O-O+", "Bb5+",
        ] {
            assert_eq!(
                plain_san_len(plain.as_bytes()),
                Some(plain.len()),
                "{plain}"
            );
            let followed = format!("{plain} {{c}}");
            assert_eq!(plain_san_len(followed.as_bytes()), Some(plain.len()));
            let annotated = format!("{plain}!?");
            assert_eq!(plain_san_len(annotated.as_bytes()), Some(plain.len()));
        }
        for other in [
            "e4e5", "e8Q", "Kxe8=Q", "O-O-O-O", "0-0", "ed5", "Nf", "exd", "e4++", "P@e4", "--",
        ] {
            assert_eq!(plain_san_len(other.as_bytes()), None, "{other}");
        }
        // Every string of up to four characters over the letters of SAN and the ends of tokens.
        let alphabet = b"abh18KQNBRxO-=+# .!{(";
        let mut text = Vec::new();
        let mut count = 0usize;
        fn each(text: &mut Vec<u8>, alphabet: &[u8], left: usize, count: &mut usize) {
            assert!(
                agrees_with_the_reader(text),
                "{:?}",
                String::from_utf8_lossy(text)
            );
            *count += 1;
            if left == 0 {
                return;
            }
            for &c in alphabet {
                text.push(c);
                each(text, alphabet, left - 1, count);
                text.pop();
            }
        }
        each(&mut text, alphabet, 4, &mut count);
        assert!(count > 100_000);
        // And random strings of up to eight, with the whole board's files and ranks.
        let alphabet = b"abcdefgh12345678KQRBNPxO0-=+#@ .!?{()$;";
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = (state % 9) as usize;
            let text: Vec<u8> = (0..len)
                .map(|k| alphabet[((state >> (k * 6)) % alphabet.len() as u64) as usize])
                .collect();
            assert!(
                agrees_with_the_reader(&text),
                "{:?}",
                String::from_utf8_lossy(&text)
            );
        }
    }

    #[test]
    fn a_plain_comment_is_kept_as_the_whitespace_rule_would_keep_it() {
        let mut rng = crate::rules::TestRng::new(0x1234_5678_9abc_def1);
        // Bytes a comment is made of, whitespace of every kind and non-ASCII included.
        let alphabet: &[u8] =
            b"[%clk 0:5.]  \t\n\r\x0b\x0c aZ{}\"\xc3\xa9\xe2\x80\xa8\x85\xa0\x7f\x00";
        let mut plain = 0;
        for _ in 0..200_000 {
            let len = rng.below(12);
            let bytes: Vec<u8> = (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect();
            let cleaned = clean_comment(&bytes);
            assert_eq!(cleaned, collapse_whitespace(&bytes), "{bytes:?}");
            plain += usize::from(cleaned.as_bytes() == bytes.trim_ascii());
        }
        assert!(plain > 1000, "the plain case is met ({plain})");
        assert_eq!(clean_comment(b" [%clk 0:05:00] "), "[%clk 0:05:00]");
        assert_eq!(clean_comment(b"a \t b\n\nc"), "a b c");
    }

    #[test]
    fn garbage_never_panics() {
        for text in [
            "",
            "\u{feff}",
            "[",
            "[\"",
            "{",
            "(((",
            ")))",
            "$999 $",
            "1-",
            "0-",
            "1/2",
            "\u{bd}",
            "[A \"b\\",
            "%x\n[",
            "Z0 -- @@ N@f3",
        ] {
            let _ = import(text);
        }
        let bytes: Vec<u8> = (0..=255u8).cycle().take(5000).collect();
        let _ = import_bytes(&bytes);
    }

    #[test]
    fn lines_are_at_most_80_columns() {
        let mut g = Game::new();
        for _ in 0..40 {
            let m = g.legal_moves()[0];
            g.play(m).unwrap();
            g.plies_mut()
                .last_mut()
                .unwrap()
                .annotations
                .comments
                .push("a fairly long comment that has to be wrapped somewhere".into());
        }
        let pgn = export(&g, &ExportTags::default());
        assert!(
            pgn.lines().all(|l| l.chars().count() <= LINE_WIDTH),
            "{pgn}"
        );
        let back = one(&pgn);
        assert_eq!(export(&back, &ExportTags::default()), pgn);
    }
}
