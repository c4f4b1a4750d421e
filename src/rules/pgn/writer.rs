//! PGN export (PGN standard 8): tag pairs and movetext of a game, wrapped at 80 columns.

use shakmaty::Color;

use crate::rules::game::{Game, MovetextItem, Start};

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
pub(super) const DERIVED_TAGS: [&str; 5] = ["Result", "Termination", "SetUp", "FEN", "Variant"];

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
