//! Drawing the full-screen view: board, clocks, move list and status line, and the cursor on the focus.

use std::time::Duration;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cursor, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, BorderType, Borders, Paragraph, Wrap};
use shakmaty::{Color, File, Piece, Position, Rank, Role, Square};

use super::app::{App, Mode};
use super::theme::{PieceStyle, Theme};
use crate::session::View;
use crate::words::explore;
use crate::words::{Phrases, Vocabulary};

/// The smallest terminal the view is drawn in.
pub const MIN_WIDTH: u16 = 50;
pub const MIN_HEIGHT: u16 = 15;
/// Rows of the status line (at the top), borders included.
const STATUS_HEIGHT: u16 = 4;
/// The narrowest side panel.
const SIDE_MIN: u16 = 22;

/// Where everything goes at one terminal size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    pub board: Rect,
    /// Top-left corner of the a8 (or h1) square.
    pub squares: (u16, u16),
    pub cell_w: u16,
    pub cell_h: u16,
    pub side: Rect,
    pub status: Rect,
}

/// Squares as large as the terminal allows, about twice as wide as high (terminal cells are tall).
pub fn geometry(area: Rect) -> Option<Geometry> {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        return None;
    }
    // Border (2) and the row of file names (1).
    let inner_h = area.height - STATUS_HEIGHT - 3;
    // Border (2) and the rank numbers (2).
    let avail_w = area.width - SIDE_MIN - 4;
    let cell_h = (inner_h / 8)
        .min((avail_w / 8).saturating_sub(1) / 2)
        .max(1);
    let cell_w = 2 * cell_h + 1;
    // The status line, where every answer is shown, is at the top: a screen reader reads what changed from
    // the top down, so the answer comes first and the board's changed rows after it.
    let status = Rect {
        x: area.x,
        y: area.y,
        width: area.width,
        height: STATUS_HEIGHT,
    };
    let board = Rect {
        x: area.x,
        y: area.y + STATUS_HEIGHT,
        width: 8 * cell_w + 4,
        height: 8 * cell_h + 3,
    };
    let side = Rect {
        x: board.x + board.width,
        y: area.y + STATUS_HEIGHT,
        width: area.width - board.width,
        height: area.height - STATUS_HEIGHT,
    };
    Some(Geometry {
        board,
        squares: (board.x + 3, board.y + 1),
        cell_w,
        cell_h,
        side,
        status,
    })
}

/// The square at a row and column of the drawn board.
pub fn square_at(row: u16, col: u16, orientation: Color) -> Square {
    let (f, r) = if orientation == Color::White {
        (col, 7 - row)
    } else {
        (7 - col, row)
    };
    Square::from_coords(File::new(u32::from(f)), Rank::new(u32::from(r)))
}

/// Row and column of a square on the drawn board.
pub fn cell_of(sq: Square, orientation: Color) -> (u16, u16) {
    let (f, r) = (u16::from(sq.file()), u16::from(sq.rank()));
    if orientation == Color::White {
        (7 - r, f)
    } else {
        (r, 7 - f)
    }
}

/// Where the cursor sits for a square: the piece's letter in the middle of the square.
pub fn cursor_of(g: &Geometry, sq: Square, orientation: Color) -> Cursor {
    let (row, col) = cell_of(sq, orientation);
    Cursor {
        x: g.squares.0 + col * g.cell_w + g.cell_w / 2,
        y: g.squares.1 + row * g.cell_h + g.cell_h / 2,
    }
}

/// The letter of a pawn: the first letter of its word, unless a piece letter has it (then P).
fn pawn_letter(v: &Vocabulary) -> String {
    let first: String = v
        .pieces
        .pawn
        .chars()
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    let taken = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
    ]
    .iter()
    .any(|r| v.piece_letter(*r) == Some(first.as_str()));
    if first.is_empty() || taken {
        "P".to_string()
    } else {
        first
    }
}

/// How a piece is drawn: the vocabulary's letter (White upper case, Black lower case) or a figurine.
pub fn glyph(piece: Piece, style: PieceStyle, v: &Vocabulary) -> String {
    match style {
        PieceStyle::Figurines => {
            let white = ['♔', '♕', '♖', '♗', '♘', '♙'];
            let black = ['♚', '♛', '♜', '♝', '♞', '♟'];
            let i = explore::ROLES
                .iter()
                .position(|r| *r == piece.role)
                .unwrap_or(5);
            (if piece.color == Color::White {
                white[i]
            } else {
                black[i]
            })
            .to_string()
        }
        PieceStyle::Letters => {
            let letter = match v.piece_letter(piece.role) {
                Some(l) => l.to_string(),
                None => pawn_letter(v),
            };
            if piece.color == Color::White {
                letter.to_uppercase()
            } else {
                letter.to_lowercase()
            }
        }
    }
}

/// SAN written with the vocabulary's letters: German `Sf3`, Greek `Ιζ3`.
pub fn notation(v: &Vocabulary, san: &str) -> String {
    san.chars()
        .map(|c| {
            let role = match c {
                'K' => Some(Role::King),
                'Q' => Some(Role::Queen),
                'R' => Some(Role::Rook),
                'B' => Some(Role::Bishop),
                'N' => Some(Role::Knight),
                _ => None,
            };
            if let Some(l) = role.and_then(|r| v.piece_letter(r)) {
                return l.to_string();
            }
            if ('a'..='h').contains(&c) {
                return v.notation.files[(c as u8 - b'a') as usize].clone();
            }
            c.to_string()
        })
        .collect()
}

/// A clock's time: minutes ("1 h 29 min"), or with seconds ("1:29:50").
pub fn clock_text(d: Duration, seconds: bool, p: &Phrases) -> String {
    if seconds {
        // A second begun is still there, as the time is said.
        let s = d.as_millis().div_ceil(1000) as u64;
        if s >= 3600 {
            format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
        } else {
            format!("{}:{:02}", s / 60, s % 60)
        }
    } else {
        // Rounded up: "1 min" until the last minute is gone.
        let m = d.as_millis().div_ceil(60_000) as u64;
        if m >= 60 {
            p.say(
                "screen.clock.hm",
                &[("h", &(m / 60).to_string()), ("m", &(m % 60).to_string())],
            )
        } else {
            p.say("screen.clock.m", &[("m", &m.to_string())])
        }
    }
}

fn block<'a>(title: String, theme: &Theme) -> Block<'a> {
    if theme.plain {
        Block::default()
            .borders(Borders::NONE)
            .title(format!("{title}:"))
    } else {
        Block::bordered()
            .border_type(BorderType::Thick)
            .border_style(Style::default().fg(theme.border))
            .title(format!(" {title} "))
    }
}

fn text_style(theme: &Theme) -> Style {
    if theme.plain {
        Style::default()
    } else {
        Style::default().fg(theme.text).bg(theme.background)
    }
}

/// The label of what the keys do now.
/// The analysis under way (`analyse`) as a bar after the title, in tenths so that a screen reader that reads
/// changed rows hears it ten times, not at every position: "Explore · Analysis ■■■■□□□□□□ 40%".
pub(super) fn with_analysis_bar(label: String, view: &View<'_>) -> String {
    let Some((done, total)) = view.analysis_progress() else {
        return label;
    };
    let tenths = (done * 10 / total.max(1)).min(10);
    let p = &view.config().phrases;
    format!(
        "{label} · {} {}{} {}%",
        p.get("screen.analysis"),
        "■".repeat(tenths),
        "□".repeat(10 - tenths),
        tenths * 10
    )
}

fn mode_label(app: &App, view: &View<'_>) -> String {
    let c = view.config();
    let p = &c.phrases;
    if view.awaiting_answer() && matches!(app.mode, Mode::Explore | Mode::Target(_)) {
        return p.get("screen.mode.answer").to_string();
    }
    match &app.mode {
        // Plain (for screen readers): choosing a piece does not change this line, which a screen reader would
        // read after the answer that says the same ("... chosen; where to?"); the board shows the
        // chosen piece underlined and its targets reversed.
        Mode::Explore => p.get("screen.mode.explore").to_string(),
        Mode::Target(_) if app.theme.plain => p.get("screen.mode.explore").to_string(),
        Mode::Target(from) => {
            let role = view
                .game()
                .position()
                .board()
                .role_at(*from)
                .unwrap_or(Role::Pawn);
            p.say(
                "screen.mode.target",
                &[
                    ("piece", c.vocabulary.piece(role)),
                    ("square", &c.vocabulary.square(*from)),
                ],
            )
        }
        Mode::Promotion { .. } => p.get("screen.mode.promotion").to_string(),
        Mode::Input(_) => p.get("screen.mode.input").to_string(),
        Mode::Confirm(..) => p.get("screen.mode.confirm").to_string(),
    }
}

/// The silent mark of plain mode ([`Theme::stop_reader`]): "_" alone on the bottom row, where the cursor stops
/// for a moment before a key's answer is drawn. fenrir reads a cursor that moved to another row, the screen
/// otherwise unchanged, at once and stops what it was saying (a key's answer written to the screen is read only
/// after what it is saying); at its punctuation levels none, some and most "_" is said as nothing.
pub const READER_MARK: &str = "_";

/// The part of the terminal the view is drawn in, and where the silent mark is: plain mode with `stop_reader`
/// keeps the bottom row for the mark alone when the terminal is more than the smallest size.
pub fn split_mark(full: Rect, theme: &Theme) -> (Rect, Option<Cursor>) {
    if theme.plain && theme.stop_reader && full.height > MIN_HEIGHT && full.width >= MIN_WIDTH {
        let area = Rect {
            height: full.height - 1,
            ..full
        };
        let mark = Cursor {
            x: full.x,
            y: full.y + full.height - 1,
        };
        (area, Some(mark))
    } else {
        (full, None)
    }
}

/// Draws the whole view at `now` (for the clocks).
pub fn draw(frame: &mut Frame, app: &App, view: &View<'_>, now: Duration) {
    let (area, mark) = split_mark(frame.area(), &app.theme);
    if let Some(m) = mark {
        frame
            .buffer_mut()
            .set_string(m.x, m.y, READER_MARK, Style::default());
    }
    let c = view.config();
    let (v, p) = (&c.vocabulary, &c.phrases);
    let theme = &app.theme;
    let Some(g) = geometry(area) else {
        let text = p.say(
            "screen.too_small",
            &[
                ("width", &area.width.to_string()),
                ("height", &area.height.to_string()),
                ("min_width", &MIN_WIDTH.to_string()),
                ("min_height", &MIN_HEIGHT.to_string()),
            ],
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        frame.set_cursor_position(Cursor {
            x: area.x,
            y: area.y,
        });
        return;
    };
    frame.render_widget(Block::default().style(text_style(theme)), area);
    // Hidden (`--no-board`, G), the board's squares are not drawn, so that a move changes no rank a screen reader
    // would read after the answer; the keys still explore the board and say each square.
    let board_title = if theme.board {
        draw_board(frame.buffer_mut(), &g, app, view);
        "screen.title.board"
    } else {
        "screen.title.board_hidden"
    };
    frame.render_widget(
        block(p.get(board_title).to_string(), theme).style(text_style(theme)),
        g.board,
    );

    // Clocks (or, without a clock, whose turn it is).
    let game = view.game();
    let clocks = view.clock_remaining(now);
    let marked = view
        .clock_running()
        .or_else(|| (!game.is_over()).then(|| game.turn()));
    // Plain, for a screen reader: the side panel's rows between the board's ranks (where the board has no
    // text), so that a screen reader, which reads each changed row whole, reads a changed clock or move without
    // a rank of the board; not with help or the large last move, which need rows next to each other.
    let big_last_move = view
        .tournament()
        .is_some_and(|t| t.hearing_impaired_opponent())
        && game.last_ply().is_some();
    let quiet: Option<Vec<u16>> = (theme.plain && app.help.is_none() && !big_last_move)
        .then(|| quiet_rows(&g))
        // The clocks' title, two clocks and the state of the last move, the moves' title and three moves.
        .filter(|rows| rows.len() >= 7);
    let marker = if theme.plain { ">" } else { "▶" };
    let clock_lines: Vec<Line> = [Color::White, Color::Black]
        .iter()
        .map(|side| {
            let name = crate::words::explain::side(p, *side);
            let time = clocks
                .map(|t| clock_text(t[side.fold_wb(0, 1)], app.show_seconds, p))
                .unwrap_or_default();
            // Plain: the side to move is shown reversed (below), not by a marker, so that a move changes no
            // clock row (a screen reader reads changed text, not attributes).
            if quiet.is_some() {
                Line::from(format!("{name} {time}").trim_end().to_string())
            } else {
                let mark = if marked == Some(*side) { marker } else { " " };
                Line::from(format!("{mark} {name} {time}"))
            }
        })
        .collect();
    // Record and assistant mode: the mode in the title, and the state of the last move (D.2.3-D.2.4).
    let mut clock_lines = clock_lines;
    let clock_title = match view.mode() {
        crate::session::Mode::Play => {
            // Online play: the opponent's name and rating under the clocks (lichess's).
            if let Some(o) = view.online().opponent() {
                let rating = o.rating.map(|r| format!(" ({r})")).unwrap_or_default();
                let name = format!("{}{rating}", crate::words::quote(&o.name));
                clock_lines.push(Line::from(p.say("screen.opponent", &[("name", &name)])));
            }
            p.get("screen.title.clocks").to_string()
        }
        mode => {
            let state = match (view.tournament(), game.last_ply()) {
                (_, None) => "screen.state.none",
                (Some(t), Some(_)) if t.move_made_not_completed() => "screen.state.made",
                _ => "screen.state.completed",
            };
            clock_lines.push(Line::from(p.get(state).to_string()));
            let key = if mode == crate::session::Mode::Record {
                "mode.record"
            } else {
                "mode.assistant"
            };
            p.get(key).to_string()
        }
    };
    let clock_area = Rect {
        height: (clock_lines.len() as u16 + 2).min(g.side.height),
        ..g.side
    };
    if quiet.is_none() {
        frame.render_widget(
            Paragraph::new(clock_lines.clone())
                .block(block(clock_title.clone(), theme))
                .style(text_style(theme)),
            clock_area,
        );
    }

    // The move list, newest at the bottom; or the keys after help.
    let list_area = Rect {
        y: g.side.y + clock_area.height,
        height: g.side.height - clock_area.height,
        ..g.side
    };
    let inner_rows = list_area.height.saturating_sub(2) as usize;
    let (title, lines) = match &app.help {
        // Help a page at a time: `?` again turns the page.
        Some(help) => {
            let rows = inner_rows.max(1);
            let width = usize::from(list_area.width.saturating_sub(2)).max(1);
            // Each entry broken between words to the panel's width; the pages hold whole entries.
            let wrapped: Vec<Vec<String>> = help
                .iter()
                .map(|l| {
                    crate::ui::line::wrap_words(l, width)
                        .lines()
                        .map(str::to_string)
                        .collect()
                })
                .collect();
            let mut starts = vec![0];
            let mut used = 0;
            let mut headed = false;
            for (i, w) in wrapped.iter().enumerate() {
                // A group of keys begins a page (`?` says one group at a time, as the screen shows).
                let heading = super::app::help::is_heading(&help[i]);
                if used > 0 && ((heading && headed) || used + w.len() > rows) {
                    starts.push(i);
                    used = 0;
                }
                used += w.len();
                headed |= heading;
            }
            let pages = starts.len();
            let page = app.help_page % pages;
            let to = starts.get(page + 1).copied().unwrap_or(help.len());
            let shown: Vec<String> = wrapped[starts[page]..to].concat();
            *app.help_pages.borrow_mut() = starts;
            let title = if pages > 1 {
                p.say(
                    "screen.title.keys_page",
                    &[("n", &(page + 1).to_string()), ("of", &pages.to_string())],
                )
            } else {
                p.get("screen.title.keys").to_string()
            };
            (title, shown)
        }
        None => {
            let mut lines: Vec<String> = Vec::new();
            // While reviewing, the reviewed move is in brackets.
            let reviewed = view.review_main_ply();
            for (i, ply) in game.plies().iter().enumerate() {
                let san = notation(v, &ply.san.to_string());
                let san = if reviewed == Some(i) {
                    format!("[{san}]")
                } else {
                    san
                };
                if ply.color() == Color::White {
                    lines.push(format!("{}. {san}", ply.move_number()));
                } else if let Some(last) = lines.last_mut()
                    && last.starts_with(&format!("{}. ", ply.move_number()))
                {
                    last.push_str(&format!(" {san}"));
                } else {
                    lines.push(format!("{}... {san}", ply.move_number()));
                }
            }
            // Appendix D.2.11: for a hearing-impaired opponent the last move in large letters above the list.
            let mut big = Vec::new();
            if let Some(t) = view.tournament()
                && t.hearing_impaired_opponent()
                && let Some(ply) = game.last_ply()
            {
                let mut san = ply.san.clone();
                if !t.says_check_words() {
                    san.suffix = None;
                }
                let ink = if theme.plain { '#' } else { '█' };
                big = super::big::lines(&san.to_string(), ink);
                big.push(String::new());
            }
            let title = p.get("screen.title.moves").to_string();
            // Plain, for a screen reader: the rows of the side panel between the board's ranks, and the move
            // list a page at a time instead of scrolled, so that a move changes one short row and no rank of
            // the board is read with it.
            if let Some(quiet) = &quiet {
                // A move a row, Black's indented under White's: a move adds one short row ("e5", not
                // "1. e4 e5" again).
                let mut plies: Vec<String> = Vec::new();
                for (i, ply) in game.plies().iter().enumerate() {
                    let san = notation(v, &ply.san.to_string());
                    let san = if reviewed == Some(i) {
                        format!("[{san}]")
                    } else {
                        san
                    };
                    let n = ply.move_number();
                    plies.push(if ply.color() == Color::White {
                        format!("{n}. {san}")
                    } else if i == 0 {
                        format!("{n}... {san}")
                    } else {
                        format!("{} {san}", " ".repeat(n.to_string().len() + 1))
                    });
                }
                let used = 1 + clock_lines.len() + 1;
                // An even number of rows, so that each page begins with White's move.
                let rows = ((quiet.len() - used) / 2 * 2).max(1);
                let skip = plies.len().saturating_sub(1) / rows * rows;
                let mut side: Vec<(String, Style)> =
                    vec![(format!("{clock_title}:"), Style::default())];
                for (i, l) in clock_lines.iter().enumerate() {
                    let to_move = i < 2 && marked == Some([Color::White, Color::Black][i]);
                    let style = if to_move {
                        Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
                    } else {
                        Style::default()
                    };
                    side.push((l.to_string(), style));
                }
                side.push((format!("{title}:"), Style::default()));
                side.extend(
                    plies
                        .split_off(skip)
                        .into_iter()
                        .map(|l| (l, Style::default())),
                );
                let buf = frame.buffer_mut();
                for (y, (text, style)) in quiet.iter().zip(side) {
                    buf.set_stringn(g.side.x, *y, text, usize::from(g.side.width), style);
                }
                (title, Vec::new())
            } else if theme.plain {
                let rows = inner_rows.max(1);
                let skip = lines.len().saturating_sub(1) / rows * rows;
                (title, lines.split_off(skip))
            } else {
                let rows = inner_rows.saturating_sub(big.len());
                let skip = lines.len().saturating_sub(rows);
                big.extend(lines.split_off(skip));
                (title, big)
            }
        }
    };
    let lines: Vec<Line> = lines.into_iter().map(Line::from).collect();
    if quiet.is_none() {
        frame.render_widget(
            Paragraph::new(lines)
                .block(block(title, theme))
                .style(text_style(theme))
                .wrap(Wrap { trim: false }),
            list_area,
        );
    }

    // The status line: what was said last, or the input line.
    let status_style = if theme.plain {
        Style::default()
    } else {
        Style::default().fg(theme.status_fg).bg(theme.status_bg)
    };
    let (status_text, input_cursor) = match &app.mode {
        Mode::Input(text) => (format!("> {text}"), true),
        _ => match view.review_status() {
            // Review: where it is (move, side, the move, its comment), then what was said last.
            Some(review) => {
                let said = said_text(app, p);
                if said.is_empty() {
                    (review, false)
                } else {
                    (format!("{review}\n{said}"), false)
                }
            }
            None => (said_text(app, p), false),
        },
    };
    let mut status_block = block(with_analysis_bar(mode_label(app, view), view), theme);
    if theme.plain {
        // Plain (for screen readers): what the keys do now below the answer, so that a screen reader, which reads
        // the changed rows from the top, says the answer first ("Bauer Eva zwei chosen; ..." before "Target for
        // Bauer Eva zwei").
        status_block = status_block.title_position(ratatui::widgets::TitlePosition::Bottom);
    }
    // A long answer (the whole board, help, a long list) is shown whole: the status line grows down over the
    // board until the next key, its rows broken between words (nothing cut off).
    let width = usize::from(g.status.width.saturating_sub(2)).max(1);
    let rows: Vec<String> = if input_cursor {
        // The input line, and below it what was said last (how to use the line, the echo of a key), so a
        // screen reader reads more than the title "Input".
        let mut rows = vec![status_text.clone()];
        rows.extend(
            crate::ui::line::wrap_words(&said_text(app, p), width)
                .lines()
                .map(str::to_string),
        );
        rows
    } else {
        status_text
            .split('\n')
            .flat_map(|l| {
                crate::ui::line::wrap_words(l, width)
                    .lines()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let borders = g.status.height - status_block.inner(g.status).height;
    // Help is shown whole in its own panel, page by page: its spoken text stays in the status line's rows.
    let status_area =
        if !input_cursor && app.help.is_none() && rows.len() as u16 + borders > g.status.height {
            Rect {
                height: (rows.len() as u16 + borders).min(area.height),
                ..g.status
            }
        } else {
            g.status
        };
    let inner = status_block.inner(status_area);
    frame.render_widget(ratatui::widgets::Clear, status_area);
    let status_lines: Vec<Line> = rows.into_iter().map(Line::from).collect();
    frame.render_widget(
        Paragraph::new(status_lines)
            .block(status_block)
            .style(status_style),
        status_area,
    );
    let cursor = if input_cursor {
        let w = status_text.chars().count() as u16;
        Cursor {
            x: inner.x + w.min(inner.width.saturating_sub(1)),
            y: inner.y,
        }
    } else {
        let focus = cursor_of(&g, app.focus, app.orientation);
        // The focused square under a long answer, or the board hidden: the cursor at the answer's start.
        if focus.y < status_area.y + status_area.height || !theme.board {
            Cursor {
                x: inner.x,
                y: inner.y,
            }
        } else {
            focus
        }
    };
    frame.set_cursor_position(cursor);
}

/// The rows beside the board where the board has no text: above and below it, and between its ranks when a
/// square is more than one row high.
fn quiet_rows(g: &Geometry) -> Vec<u16> {
    let (top, end) = (g.squares.1, g.squares.1 + 8 * g.cell_h);
    (g.side.y..g.side.y + g.side.height)
        .filter(|&y| y < top || y > end || (y < end && (y - top) % g.cell_h != g.cell_h / 2))
        .collect()
}

/// What was said last, as the status line shows it: marked when it repeats the batch before, so the screen
/// changes with every answer and a screen reader reads it again.
fn said_text(app: &App, p: &Phrases) -> String {
    let said = sentences(&app.status);
    if app.again && !said.is_empty() {
        format!("{} {said}", p.get("screen.again"))
    } else {
        said
    }
}

/// Announcements shown one after another, each ending as a sentence ends (a full stop unless it ends with one,
/// a question or an exclamation mark), so that they never run together on the status line or under a screen
/// reader ("... Matt. Checkmate. Black wins").
pub fn sentences(said: &[String]) -> String {
    let mut out = String::new();
    for (i, text) in said.iter().enumerate() {
        let text = text.trim_end();
        if text.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(text);
        let ended = text.ends_with(['.', '?', '!', '…']);
        if !ended && i + 1 < said.len() {
            out.push('.');
        }
    }
    out
}

fn draw_board(buf: &mut Buffer, g: &Geometry, app: &App, view: &View<'_>) {
    let theme = &app.theme;
    let v = &view.config().vocabulary;
    // While reviewing, the reviewed position.
    let game = view.shown_game();
    let board = game.position().board();
    let (selected, targets) = match app.mode {
        Mode::Target(from) | Mode::Promotion { from, .. } => {
            (Some(from), explore::legal_targets(game, from))
        }
        _ => (None, Vec::new()),
    };
    let base = text_style(theme);
    for row in 0..8u16 {
        for col in 0..8u16 {
            let sq = square_at(row, col, app.orientation);
            let x = g.squares.0 + col * g.cell_w;
            let y = g.squares.1 + row * g.cell_h;
            let dark = sq.is_dark();
            let bg = if sq == app.focus {
                theme.focus
            } else if Some(sq) == selected {
                theme.selected
            } else if dark {
                theme.dark_square
            } else {
                theme.light_square
            };
            let cell_style = if theme.plain {
                Style::default()
            } else {
                base.bg(bg)
            };
            let rect = Rect {
                x,
                y,
                width: g.cell_w,
                height: g.cell_h,
            };
            buf.set_style(rect, cell_style);
            for yy in y..y + g.cell_h {
                buf.set_string(x, yy, " ".repeat(g.cell_w as usize), cell_style);
            }
            let cx = x + g.cell_w / 2;
            let cy = y + g.cell_h / 2;
            // The squares the chosen piece can go to are shown by reversed colours alone, and in plain mode the
            // chosen piece by underlining: a mark (`*`, brackets) would change the board's rows, and a screen
            // reader reads every changed row after the answer ("star" on each; the answer names the targets
            // already). In plain mode the terminal cursor alone marks the focus, so moving it changes
            // no row of the board either.
            let target = targets.contains(&sq);
            let (open, close) = if theme.plain {
                (" ", " ")
            } else if sq == app.focus && Some(sq) == selected {
                ("{", "}")
            } else if sq == app.focus {
                ("[", "]")
            } else if Some(sq) == selected {
                ("<", ">")
            } else {
                (" ", " ")
            };
            let marked = |style: Style| {
                if target {
                    style.add_modifier(Modifier::REVERSED)
                } else if theme.plain && Some(sq) == selected {
                    style.add_modifier(Modifier::UNDERLINED)
                } else {
                    style
                }
            };
            buf.set_string(cx - 1, cy, open, cell_style);
            buf.set_string(cx + 1, cy, close, cell_style);
            match board.piece_at(sq) {
                Some(piece) => {
                    let chip = if theme.plain {
                        Style::default().add_modifier(Modifier::BOLD)
                    } else if piece.color == Color::White {
                        Style::default()
                            .fg(theme.white_piece_fg)
                            .bg(theme.white_piece_bg)
                            .add_modifier(Modifier::BOLD)
                    } else {
                        Style::default()
                            .fg(theme.black_piece_fg)
                            .bg(theme.black_piece_bg)
                            .add_modifier(Modifier::BOLD)
                    };
                    buf.set_string(cx, cy, glyph(piece, theme.pieces, v), marked(chip));
                }
                None => {
                    let mark = if theme.plain && dark { "." } else { " " };
                    buf.set_string(cx, cy, mark, marked(cell_style));
                }
            }
        }
    }
    // Coordinates: rank numbers on the left, file letters (or words where they fit) below.
    for i in 0..8u16 {
        let sq = square_at(i, i, app.orientation);
        let y = g.squares.1 + i * g.cell_h + g.cell_h / 2;
        buf.set_string(
            g.squares.0 - 2,
            y,
            format!("{}", u32::from(sq.rank()) + 1),
            base,
        );
        let longest = v.files.iter().map(|w| w.chars().count()).max().unwrap_or(0);
        let label = if g.cell_w as usize >= longest + 2 {
            v.files[usize::from(sq.file())].clone()
        } else {
            v.notation.files[usize::from(sq.file())].clone()
        };
        let w = label.chars().count() as u16;
        let x = g.squares.0 + i * g.cell_w + (g.cell_w.saturating_sub(w)) / 2;
        buf.set_string(x, g.squares.1 + 8 * g.cell_h, label, base);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_grow_with_the_terminal() {
        let g = geometry(Rect::new(0, 0, 80, 24)).unwrap();
        assert_eq!((g.cell_w, g.cell_h), (5, 2));
        let g = geometry(Rect::new(0, 0, 160, 48)).unwrap();
        assert_eq!((g.cell_w, g.cell_h), (11, 5));
        let g = geometry(Rect::new(0, 0, 200, 60)).unwrap();
        assert_eq!((g.cell_w, g.cell_h), (13, 6));
        assert!(g.board.width + g.side.width <= 200 && g.board.height + STATUS_HEIGHT <= 60);
        assert!(geometry(Rect::new(0, 0, 49, 24)).is_none());
        assert!(geometry(Rect::new(0, 0, 80, 14)).is_none());
        let g = geometry(Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT)).unwrap();
        assert_eq!((g.cell_w, g.cell_h), (3, 1));
    }

    #[test]
    fn orientation_and_cells() {
        assert_eq!(square_at(0, 0, Color::White), Square::A8);
        assert_eq!(square_at(0, 0, Color::Black), Square::H1);
        for sq in [Square::A1, Square::E4, Square::H8] {
            for o in [Color::White, Color::Black] {
                let (r, c) = cell_of(sq, o);
                assert_eq!(square_at(r, c, o), sq);
            }
        }
    }

    #[test]
    fn letters_and_notation_follow_the_vocabulary() {
        let d = Vocabulary::default();
        let wn = Piece {
            color: Color::White,
            role: Role::Knight,
        };
        let bp = Piece {
            color: Color::Black,
            role: Role::Pawn,
        };
        assert_eq!(glyph(wn, PieceStyle::Letters, &d), "S");
        assert_eq!(glyph(bp, PieceStyle::Letters, &d), "b");
        assert_eq!(glyph(wn, PieceStyle::Figurines, &d), "♘");
        assert_eq!(notation(&d, "Nxf3+"), "Sxf3+");
        let el = Vocabulary::builtin("greek").unwrap();
        assert_eq!(notation(&el, "Nf3"), "Ιζ3");
        // The Greek pawn's letter is the rook's: P instead.
        assert_eq!(
            glyph(
                Piece {
                    color: Color::White,
                    role: Role::Pawn
                },
                PieceStyle::Letters,
                &el
            ),
            "P"
        );
        let p = Phrases::default();
        assert_eq!(
            clock_text(Duration::from_secs(5390), false, &p),
            "1 h 30 min"
        );
        assert_eq!(clock_text(Duration::from_secs(59), false, &p), "1 min");
        assert_eq!(clock_text(Duration::from_secs(5390), true, &p), "1:29:50");
        assert_eq!(clock_text(Duration::from_secs(59), true, &p), "0:59");
    }
}

#[cfg(test)]
mod analysis_bar {
    use super::super::app::{App, Out};
    use super::super::keymap::{Action, Keymap};
    use super::super::theme::Theme;
    use super::with_analysis_bar;
    use crate::session::engine_io::AnalysisEnd;
    use crate::session::{Command, Config, Effect, OtherEvent, Session, ToOther};
    use crate::words::action::Action as Typed;
    use std::time::Duration;

    fn key(s: &mut Session) -> Vec<Typed> {
        let mut app = App::new(shakmaty::Color::White, Theme::default(), Keymap::builtin());
        app.action(Action::Analyse, &s.view())
            .into_iter()
            .filter_map(|o| match o {
                Out::Act(a) => Some(a.action),
                _ => None,
            })
            .collect()
    }

    /// The key `A` starts the analysis, and while it runs calls it off; the bar shows it in tenths.
    #[test]
    fn the_analyse_key_and_the_bar_in_tenths() {
        let z = Duration::ZERO;
        let mut s = Session::new(crate::rules::Game::new(), Config::default());
        s.start(z);
        for m in ["e4", "e5"] {
            let act = s.read(m);
            s.update(Command::Act(act), z);
        }
        assert_eq!(key(&mut s), [Typed::Analyse(String::new())]);
        let act = s.read("analyse");
        let out = s.update(Command::Act(act), z);
        assert!(
            out.iter()
                .any(|e| matches!(e, Effect::Other(ToOther::Analyse(r)) if r.moves_uci.len() == 2)),
            "{out:?}"
        );
        assert_eq!(
            with_analysis_bar("Explore".into(), &s.view()),
            "Explore · Analysis □□□□□□□□□□ 0%"
        );
        let progress = OtherEvent::AnalysisProgress {
            id: 1,
            done: 2,
            total: 3,
        };
        s.update(Command::Other(progress), z);
        assert_eq!(
            with_analysis_bar("Explore".into(), &s.view()),
            "Explore · Analysis ■■■■■■□□□□ 60%"
        );
        assert_eq!(key(&mut s), [Typed::Analyse("stop".into())]);
        let end = OtherEvent::Analysed {
            id: 1,
            end: AnalysisEnd::Cancelled,
        };
        s.update(Command::Other(end), z);
        assert_eq!(with_analysis_bar("Explore".into(), &s.view()), "Explore");
    }
}
