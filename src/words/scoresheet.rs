//! The scoresheet as text (R-8.1.1, R-8.1.4, R-8.1.5, R-D.2.7): the form an arbiter reads, and the same record
//! laid out for braille. Pure: a game in, text out.
//!
//! # API
//! - [`plain_text`]`(game: &Game, tags: &ExportTags, clocks: &[Option<Duration>]) -> String`: for print; move
//!   pairs in two aligned columns (number, White, Black), a clock reading after each move when known.
//! - [`braille_text`]`(game: &Game, tags: &ExportTags, clocks: &[Option<Duration>]) -> String`: the same
//!   record without column padding (one move pair a line, single spaces), to hand to
//!   [`crate::braille::brf`], which translates and wraps it at 40 cells.
//!
//! `tags` are the same as for [`crate::rules::pgn::export`]: the header values come from `tags.extra` first,
//! then [`Game::tags`] (Event, Site, Date, Round, White, Black), the time control from `tags.time_control` or
//! the TimeControl tag. `clocks[i]` is the time left on the mover's clock after ply `i` (what the PGN's
//! `[%clk]` comment of that move holds); a shorter slice, or `None`, means not known. A session that keeps the
//! clock in the plies' `[%clk]` comments gets the slice with
//! `game.plies().iter().map(|p| p.annotations.comments.iter().find_map(|c| timing::parse_clk(c)))`.
//!
//! # Notation (Appendix C)
//! Moves are in algebraic notation with the English piece letters K Q R B N (R-C.2), pawns without a letter
//! (R-C.4), `x` for a capture, `+` and `#`. Two forms differ from PGN's SAN so that the sheet reads as FIDE
//! writes it: castling is `0-0` / `0-0-0` with zeros (R-C.13), and a promotion is the pawn move followed by the
//! new piece's letter without `=` (`e8Q`, R-C.11), which also keeps `=` for the draw offer alone. A move with
//! which a draw was offered is followed by `(=)` (R-8.1.5, R-9.1.2.2, R-C.12). Nothing else goes on the sheet
//! no comments, no evaluations.

use std::fmt::Write as _;
use std::time::Duration;

use shakmaty::san::San;
use shakmaty::{CastlingSide, Color};

use crate::rules::Game;
use crate::rules::game::Start;
use crate::rules::pgn::{DRAW_OFFER_COMMENT, ExportTags, result_token};
use crate::words::Phrases;

/// The header lines, phrase key of the label and PGN tag, in the order of the Seven Tag Roster (PGN standard
/// 8.1.1).
const HEADER: [(&str, &str); 6] = [
    ("sheet.event", "Event"),
    ("sheet.site", "Site"),
    ("sheet.date", "Date"),
    ("sheet.round", "Round"),
    ("sheet.white", "White"),
    ("sheet.black", "Black"),
];

/// The words of a scoresheet in the player's language (config/phrases `sheet.*`), and how the game ended.
#[derive(Debug, Clone)]
pub struct SheetWords {
    phrases: Phrases,
    /// How the game ended, in words (the session's own text); `None`: the ending's English name.
    pub ending: Option<String>,
}

impl SheetWords {
    pub fn new(phrases: &Phrases, ending: Option<String>) -> SheetWords {
        SheetWords {
            phrases: phrases.clone(),
            ending,
        }
    }

    fn get(&self, key: &str) -> String {
        self.phrases.get(key).to_string()
    }
}

impl Default for SheetWords {
    /// English labels.
    fn default() -> SheetWords {
        SheetWords::new(&Phrases::default(), None)
    }
}

/// The scoresheet for print, with English labels: headers, move pairs in columns with clock readings, the
/// result.
pub fn plain_text(game: &Game, tags: &ExportTags, clocks: &[Option<Duration>]) -> String {
    render(game, tags, clocks, Layout::Print, &SheetWords::default())
}

/// The scoresheet for braille, with English labels: the same content as [`plain_text`] without column padding.
pub fn braille_text(game: &Game, tags: &ExportTags, clocks: &[Option<Duration>]) -> String {
    render(game, tags, clocks, Layout::Braille, &SheetWords::default())
}

/// [`plain_text`] with the labels in `words`' language.
pub fn plain_text_in(
    game: &Game,
    tags: &ExportTags,
    clocks: &[Option<Duration>],
    words: &SheetWords,
) -> String {
    render(game, tags, clocks, Layout::Print, words)
}

/// [`braille_text`] with the labels in `words`' language.
pub fn braille_text_in(
    game: &Game,
    tags: &ExportTags,
    clocks: &[Option<Duration>],
    words: &SheetWords,
) -> String {
    render(game, tags, clocks, Layout::Braille, words)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    Print,
    Braille,
}

/// A move as written on the scoresheet (Appendix C; see the module notes).
pub fn move_text(san: &shakmaty::san::SanPlus) -> String {
    let suffix = san.suffix.map(|s| s.to_string()).unwrap_or_default();
    match san.san {
        San::Castle(CastlingSide::KingSide) => format!("0-0{suffix}"),
        San::Castle(CastlingSide::QueenSide) => format!("0-0-0{suffix}"),
        _ => san.to_string().replace('=', ""),
    }
}

/// A clock reading: H:MM:SS (seconds cut, not rounded, as a clock shows them).
pub fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// A header value with control characters removed (it goes on one line).
fn clean(value: &str) -> String {
    let one_line: String = value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    one_line.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn tag_value<'a>(game: &'a Game, tags: &'a ExportTags, name: &str) -> Option<&'a str> {
    tags.extra
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
        .or_else(|| game.tags.get(name))
}

/// One row of the move table.
struct Row {
    number: u32,
    white: Option<(String, Option<Duration>)>,
    black: Option<(String, Option<Duration>)>,
}

fn rows(game: &Game, clocks: &[Option<Duration>]) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    for (i, ply) in game.plies().iter().enumerate() {
        let mut text = move_text(&ply.san);
        if ply.draw_offer {
            text.push(' ');
            text.push_str(DRAW_OFFER_COMMENT);
        }
        let entry = Some((text, clocks.get(i).copied().flatten()));
        let number = ply.move_number();
        match ply.color() {
            Color::White => rows.push(Row {
                number,
                white: entry,
                black: None,
            }),
            Color::Black => match rows.last_mut() {
                Some(row) if row.number == number && row.black.is_none() => row.black = entry,
                _ => rows.push(Row {
                    number,
                    white: None,
                    black: entry,
                }),
            },
        }
    }
    rows
}

fn render(
    game: &Game,
    tags: &ExportTags,
    clocks: &[Option<Duration>],
    layout: Layout,
    words: &SheetWords,
) -> String {
    let mut header: Vec<(String, String)> = HEADER
        .iter()
        .map(|(label, tag)| {
            (
                words.get(label),
                clean(tag_value(game, tags, tag).unwrap_or("?")),
            )
        })
        .collect();
    let time_control = tags
        .time_control
        .as_deref()
        .or_else(|| tag_value(game, tags, "TimeControl"))
        .map(clean)
        .filter(|tc| !tc.is_empty() && tc != "-" && tc != "?");
    if let Some(tc) = time_control {
        header.push((words.get("sheet.time_control"), tc));
    }
    if game.is_chess960() {
        let variant = match game.start() {
            Start::Chess960(n) => words
                .phrases
                .say("sheet.chess960_position", &[("n", &n.to_string())]),
            _ => "Chess960".to_string(),
        };
        header.push((words.get("sheet.variant"), variant));
    }
    if !matches!(game.start(), Start::Standard) {
        header.push((words.get("sheet.start_position"), game.start_fen()));
    }

    let mut out = String::new();
    let label_width = header
        .iter()
        .map(|(l, _)| l.chars().count() + 1)
        .max()
        .unwrap_or(0);
    for (label, value) in &header {
        let label = format!("{label}:");
        match layout {
            Layout::Print => {
                let _ = writeln!(out, "{label:<label_width$} {value}");
            }
            Layout::Braille => {
                let _ = writeln!(out, "{label} {value}");
            }
        }
    }
    out.push('\n');

    let rows = rows(game, clocks);
    let with_clocks = (0..game.plies().len()).any(|i| clocks.get(i).copied().flatten().is_some());
    match layout {
        Layout::Print => print_rows(&rows, with_clocks, &mut out, words),
        Layout::Braille => braille_rows(&rows, with_clocks, &mut out),
    }

    out.push('\n');
    let result = result_token(game);
    let how = match game.ending() {
        Some(e) => words
            .ending
            .clone()
            .unwrap_or_else(|| e.reason.describe().to_string()),
        None => words.get("sheet.not_finished"),
    };
    let _ = writeln!(
        out,
        "{}: {result} ({})",
        words.get("sheet.result"),
        clean(&how)
    );
    out
}

fn print_rows(rows: &[Row], with_clocks: bool, out: &mut String, words: &SheetWords) {
    let (number_label, white_label, black_label) = (
        words.get("sheet.number"),
        words.get("sheet.white"),
        words.get("sheet.black"),
    );
    const NOT_PLAYED: &str = "...";
    let clock_of = |e: &Option<(String, Option<Duration>)>| {
        e.as_ref()
            .and_then(|(_, c)| *c)
            .map(clock_text)
            .unwrap_or_default()
    };
    let move_of = |e: &Option<(String, Option<Duration>)>, first: bool| match e {
        Some((m, _)) => m.clone(),
        // Only a game that starts with Black to move has a row without White's move.
        None if first => NOT_PLAYED.to_string(),
        None => String::new(),
    };
    let number_width = rows
        .iter()
        .map(|r| r.number.to_string().len() + 1)
        .max()
        .unwrap_or(1)
        .max(number_label.chars().count());
    let white_width = rows
        .iter()
        .enumerate()
        .map(|(i, r)| move_of(&r.white, i == 0).len())
        .max()
        .unwrap_or(0)
        .max(white_label.chars().count());
    let clock_width = if with_clocks {
        rows.iter()
            .flat_map(|r| [clock_of(&r.white).len(), clock_of(&r.black).len()])
            .max()
            .unwrap_or(0)
    } else {
        0
    };
    let black_width = rows
        .iter()
        .filter_map(|r| r.black.as_ref().map(|(m, _)| m.len()))
        .max()
        .unwrap_or(0);
    let white_column = |m: &str, c: &str| {
        if with_clocks {
            format!("{m:<white_width$}  {c:>clock_width$}")
        } else {
            format!("{m:<white_width$}")
        }
    };
    let line = format!(
        "{:>number_width$}  {}  {black_label}",
        number_label,
        white_column(&white_label, "")
    );
    push_trimmed(out, &line);
    for (i, row) in rows.iter().enumerate() {
        let black = match &row.black {
            Some((m, _)) if with_clocks => {
                let c = clock_of(&row.black);
                format!("{m:<black_width$}  {c:>clock_width$}")
            }
            Some((m, _)) => m.clone(),
            None => String::new(),
        };
        let line = format!(
            "{:>number_width$}  {}  {black}",
            format!("{}.", row.number),
            white_column(&move_of(&row.white, i == 0), &clock_of(&row.white)),
        );
        push_trimmed(out, &line);
    }
}

fn push_trimmed(out: &mut String, line: &str) {
    out.push_str(line.trim_end());
    out.push('\n');
}

fn braille_rows(rows: &[Row], with_clocks: bool, out: &mut String) {
    for (i, row) in rows.iter().enumerate() {
        let mut parts: Vec<String> = vec![format!("{}.", row.number)];
        for (j, entry) in [&row.white, &row.black].into_iter().enumerate() {
            match entry {
                Some((m, c)) => {
                    parts.push(m.clone());
                    if let (true, Some(c)) = (with_clocks, c) {
                        parts.push(clock_text(*c));
                    }
                }
                None if i == 0 && j == 0 => parts.push("...".to_string()),
                None => {}
            }
        }
        let _ = writeln!(out, "{}", parts.join(" "));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::pgn;

    fn game(moves: &str) -> Game {
        let mut g = Game::new();
        for m in moves.split_whitespace() {
            g.play_san(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        g
    }

    fn tags() -> ExportTags {
        ExportTags {
            time_control: Some("40/5400+30:1800+30".into()),
            termination: None,
            extra: vec![
                ("Event".into(), "Oslo Open".into()),
                ("White".into(), "Hansen, Kari".into()),
                ("Black".into(), "Berg,\tOla\n".into()),
            ],
        }
    }

    #[test]
    fn print_form_has_headers_columns_clocks_draw_offer_and_result() {
        let mut g = game("e4 e5 Nf3 Nc6 Bc4 Bc5");
        g.offer_draw(Color::Black).unwrap(); // after his move Bc5: marks Bc5 (R-9.1.2.2).
        g.decline_draw(Color::White).unwrap();
        g.play_san("O-O").unwrap();
        g.resign(Color::Black).unwrap();
        let clocks: Vec<Option<Duration>> = [5390, 5385, 5300, 5290, 5200, 5100, 5000]
            .iter()
            .map(|&s| Some(Duration::from_secs(s)))
            .collect();
        let text = plain_text(&g, &tags(), &clocks);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Event:        Oslo Open", "{text}");
        assert_eq!(lines[5], "Black:        Berg, Ola", "{text}");
        assert_eq!(lines[6], "Time control: 40/5400+30:1800+30", "{text}");
        assert!(lines.contains(&"Site:         ?"), "{text}");
        let table: Vec<&str> = lines
            .iter()
            .skip_while(|l| !l.contains("No."))
            .take_while(|l| !l.is_empty())
            .copied()
            .collect();
        assert_eq!(table[0], "No.  White           Black", "{text}");
        assert_eq!(table[1], " 1.  e4     1:29:50  e5       1:29:45", "{text}");
        assert_eq!(table[3], " 3.  Bc4    1:26:40  Bc5 (=)  1:25:00", "{text}");
        assert_eq!(table[4], " 4.  0-0    1:23:20", "{text}");
        assert_eq!(table.len(), 5, "{text}");
        assert_eq!(lines.last().copied(), Some("Result: 1-0 (Resignation)"));
    }

    #[test]
    fn white_offering_with_his_move_is_marked_on_that_move() {
        let mut g = game("d4 d5");
        g.offer_draw(Color::White).unwrap(); // before his move: marks his next move.
        g.play_san("c4").unwrap();
        let text = plain_text(&g, &ExportTags::default(), &[]);
        assert!(text.contains(" 2.  c4 (=)"), "{text}");
        assert!(!text.contains("1:"), "no clock known: {text}");
        assert!(text.ends_with("Result: * (not finished)\n"), "{text}");
        let braille = braille_text(&g, &ExportTags::default(), &[]);
        assert!(braille.contains("\n2. c4 (=)\n"), "{braille}");
    }

    #[test]
    fn notation_uses_zeros_for_castling_and_no_equals_for_promotion() {
        let g = pgn::import_game(
            "[FEN \"4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n[SetUp \"1\"]\n\n1. b8=Q+ Kd7 2. O-O-O+ Ke6 *",
        )
        .unwrap();
        let text = plain_text(&g, &ExportTags::default(), &[]);
        assert!(text.contains("b8Q+"), "{text}");
        assert!(text.contains("0-0-0+"), "{text}");
        assert!(!text.contains("O-O") && !text.contains("=Q"), "{text}");
        assert!(text.contains("Start position: 4k3/1P6"), "{text}");
    }

    #[test]
    fn a_game_starting_with_black_to_move_leaves_white_empty() {
        let g = pgn::import_game(
            "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\"]\n[SetUp \"1\"]\n\n7... Kd7 8. e4 Kc6 *",
        )
        .unwrap();
        let text = plain_text(
            &g,
            &ExportTags::default(),
            &[None, Some(Duration::from_secs(59))],
        );
        assert!(text.contains("\n 7.  ...             Kd7\n"), "{text}");
        assert!(text.contains("\n 8.  e4     0:00:59  Kc6\n"), "{text}");
        let braille = braille_text(
            &g,
            &ExportTags::default(),
            &[None, Some(Duration::from_secs(59))],
        );
        assert!(
            braille.contains("\n7. ... Kd7\n8. e4 0:00:59 Kc6\n"),
            "{braille}"
        );
    }

    #[test]
    fn braille_form_has_no_padding() {
        let g = game("e4 e5 Nf3");
        let clocks = [
            Some(Duration::from_secs(3600)),
            None,
            Some(Duration::from_secs(61)),
        ];
        let text = braille_text(&g, &tags(), &clocks);
        assert!(text.starts_with("Event: Oslo Open\nSite: ?\n"), "{text}");
        assert!(
            text.contains("\n1. e4 1:00:00 e5\n2. Nf3 0:01:01\n"),
            "{text}"
        );
        assert!(!text.contains("  "), "{text}");
    }
}
