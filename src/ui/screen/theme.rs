//! The look of the full-screen view: colours, letters or figurines, and plain mode (config/theme.ron).

use std::str::FromStr;

use ratatui::style::Color;
use serde::Deserialize;

/// The shipped theme (high contrast).
pub const DEFAULT_THEME: &str = include_str!("../../../config/theme.ron");

/// How pieces are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum PieceStyle {
    Letters,
    Figurines,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    plain: bool,
    /// Absent in a theme file written before it: the board is drawn.
    #[serde(default = "on")]
    board: bool,
    /// Absent in a theme file written before it: plain mode stops the screen reader on a key.
    #[serde(default = "on")]
    stop_reader: bool,
    pieces: PieceStyle,
    light_square: String,
    dark_square: String,
    white_piece_fg: String,
    white_piece_bg: String,
    black_piece_fg: String,
    black_piece_bg: String,
    focus: String,
    selected: String,
    text: String,
    background: String,
    border: String,
    status_fg: String,
    status_bg: String,
}

/// A switch absent from a theme file written before it: on.
fn on() -> bool {
    true
}

/// Colours and look, ready to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct Theme {
    pub plain: bool,
    /// The board's squares are drawn; false: only the answer, the clocks and the moves are on the screen (for a
    /// screen reader that reads every changed row: a move then changes no rank of the board).
    pub board: bool,
    /// Plain mode: before a key's answer is drawn the cursor visits a silent mark on the bottom row, alone, so a
    /// screen reader that reads a moved cursor at once (fenrir, whose shipped settings otherwise finish what
    /// they are saying first) stops and says the answer next. False: the screen reader decides.
    pub stop_reader: bool,
    pub pieces: PieceStyle,
    pub light_square: Color,
    pub dark_square: Color,
    pub white_piece_fg: Color,
    pub white_piece_bg: Color,
    pub black_piece_fg: Color,
    pub black_piece_bg: Color,
    pub focus: Color,
    pub selected: Color,
    pub text: Color,
    pub background: Color,
    pub border: Color,
    pub status_fg: Color,
    pub status_bg: Color,
}

impl Default for Theme {
    fn default() -> Self {
        Theme::from_ron(DEFAULT_THEME, "config/theme.ron").expect("the shipped theme is valid")
    }
}

impl Theme {
    /// Reads a theme; errors name the file, the line and the colour that is not one.
    pub fn from_ron(text: &str, file: &str) -> Result<Theme, String> {
        let t: ThemeFile = ron::from_str(text).map_err(|e| {
            format!(
                "{file}, line {}, column {}: {}",
                e.position.line,
                e.position.col,
                crate::rules::pgn::printable(&e.code.to_string())
            )
        })?;
        let colour = |name: &str, value: &str| {
            Color::from_str(value).map_err(|_| {
                let line = text
                    .lines()
                    .position(|l| l.trim_start().starts_with(name))
                    .map_or(0, |i| i + 1);
                // Debug form: a control character in the value is shown escaped.
                format!("{file}, line {line}: {name}: {value:?} is not a colour")
            })
        };
        Ok(Theme {
            plain: t.plain,
            board: t.board,
            stop_reader: t.stop_reader,
            pieces: t.pieces,
            light_square: colour("light_square", &t.light_square)?,
            dark_square: colour("dark_square", &t.dark_square)?,
            white_piece_fg: colour("white_piece_fg", &t.white_piece_fg)?,
            white_piece_bg: colour("white_piece_bg", &t.white_piece_bg)?,
            black_piece_fg: colour("black_piece_fg", &t.black_piece_fg)?,
            black_piece_bg: colour("black_piece_bg", &t.black_piece_bg)?,
            focus: colour("focus", &t.focus)?,
            selected: colour("selected", &t.selected)?,
            text: colour("text", &t.text)?,
            background: colour("background", &t.background)?,
            border: colour("border", &t.border)?,
            status_fg: colour("status_fg", &t.status_fg)?,
            status_bg: colour("status_bg", &t.status_bg)?,
        })
    }

    /// The user's file when given, else the shipped theme.
    pub fn load(path: Option<&std::path::Path>) -> Result<Theme, String> {
        match path {
            Some(p) => {
                let text = crate::bounded::read_settings_file(p, crate::bounded::MAX_SETTINGS_FILE)
                    .map_err(|e| format!("{}: {e}", p.display()))?;
                Theme::from_ron(&text, &p.display().to_string())
            }
            None => Ok(Theme::default()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_theme_and_broken_colours() {
        let t = Theme::default();
        assert!(!t.plain);
        assert!(t.board);
        // A theme file written before `board` was a setting still loads, with the board drawn.
        let old: String = DEFAULT_THEME
            .lines()
            .filter(|l| !l.trim_start().starts_with("board:"))
            .collect::<Vec<_>>()
            .join("\n");
        assert_ne!(old, DEFAULT_THEME);
        assert!(Theme::from_ron(&old, "old.ron").unwrap().board);
        let hidden = DEFAULT_THEME.replace("board: true", "board: false");
        assert!(!Theme::from_ron(&hidden, "mine.ron").unwrap().board);
        assert_eq!(t.pieces, PieceStyle::Letters);
        let bad = DEFAULT_THEME.replace("\"magenta\"", "\"mauve-ish\"");
        let e = Theme::from_ron(&bad, "mine.ron").unwrap_err();
        let line = bad.lines().position(|l| l.contains("mauve")).unwrap() + 1;
        assert_eq!(
            e,
            format!("mine.ron, line {line}: focus: \"mauve-ish\" is not a colour")
        );
        assert!(
            Theme::from_ron("(plain: maybe)", "x.ron")
                .unwrap_err()
                .starts_with("x.ron, line 1")
        );
    }
}
