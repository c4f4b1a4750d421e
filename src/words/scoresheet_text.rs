//! Another scoresheet typed as text (R-D.2.9): moves in any accepted notation, replayed from the game's start.
//! Move numbers ("12.", "12...") and a result are skipped. Moves are separated by commas or semicolons, or,
//! without them, by spaces (a move in words, "Springer Felix drei", is then read as the longest run of words
//! that is a legal move).

use shakmaty::Move;

use super::input::{MoveInputError, parse_move};
use super::vocabulary::Vocabulary;
use crate::rules::Game;

/// Most moves one scoresheet may hold (outside input is bounded).
pub const MAX_MOVES: usize = 2000;
/// Most words one move in words may take.
const MAX_WORDS_PER_MOVE: usize = 6;

/// The moves read, and where reading stopped, if it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    pub moves: Vec<Move>,
    /// The text that could not be read as the next legal move (index = `moves.len()`), and why.
    pub stopped: Option<(String, MoveInputError)>,
}

fn is_number_or_result(token: &str) -> bool {
    let t = token.trim_end_matches('.');
    (token.ends_with('.') && !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()))
        || matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// Strips a leading move number glued to a move: "1.e4" → "e4".
fn strip_number(token: &str) -> &str {
    let digits = token.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 {
        let rest = token[digits..].trim_start_matches('.');
        if rest.len() < token.len() - digits && !rest.is_empty() {
            return rest;
        }
    }
    token
}

/// Replays `text` from the start of `game` (its start position; its moves are not used).
pub fn replay(game: &Game, v: &Vocabulary, text: &str) -> Replay {
    let mut g = Game::from_position(
        game.start().clone(),
        game.start_position().clone(),
        game.mode(),
    );
    let mut moves = Vec::new();
    let play = |g: &mut Game, m: Move, moves: &mut Vec<Move>| {
        // The record's start was legal and each move is legal: play cannot refuse it, but a refusal stops.
        g.play_without_dead_check(m).is_ok() && {
            moves.push(m);
            true
        }
    };
    if text.contains([',', ';']) {
        for part in text.split([',', ';']) {
            let tokens: Vec<&str> = part
                .split_whitespace()
                .filter(|t| !is_number_or_result(t))
                .collect();
            if tokens.is_empty() {
                continue;
            }
            let said = tokens.join(" ");
            let said = strip_number(&said).to_string();
            if moves.len() >= MAX_MOVES {
                break;
            }
            match parse_move(&g, v, &said) {
                Ok(m) if play(&mut g, m, &mut moves) => {}
                Ok(_) => {
                    return Replay {
                        moves,
                        stopped: Some((said, MoveInputError::GameOver)),
                    };
                }
                Err(e) => {
                    return Replay {
                        moves,
                        stopped: Some((said, e)),
                    };
                }
            }
        }
        return Replay {
            moves,
            stopped: None,
        };
    }
    let tokens: Vec<&str> = text
        .split_whitespace()
        .filter(|t| !is_number_or_result(t))
        .map(strip_number)
        .collect();
    let mut i = 0;
    while i < tokens.len() && moves.len() < MAX_MOVES {
        // One token first (SAN, UCI), then the longest run of words that is a legal move.
        let mut found = None;
        let mut first_error = None;
        for n in std::iter::once(1).chain((2..=MAX_WORDS_PER_MOVE.min(tokens.len() - i)).rev()) {
            let said = tokens[i..i + n].join(" ");
            match parse_move(&g, v, &said) {
                Ok(m) => {
                    found = Some((m, n));
                    break;
                }
                Err(e) => {
                    if n == 1 {
                        first_error = Some((said, e));
                    }
                }
            }
        }
        match found {
            Some((m, n)) if play(&mut g, m, &mut moves) => i += n,
            _ => {
                let stopped = first_error
                    .unwrap_or_else(|| (tokens[i].to_string(), MoveInputError::GameOver));
                return Replay {
                    moves,
                    stopped: Some(stopped),
                };
            }
        }
    }
    Replay {
        moves,
        stopped: None,
    }
}

/// A scoresheet file reduced to its moves: the text [`replay`] reads, and the start position it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetFile {
    /// The moves as text, move numbers and results left in (replay skips them).
    pub moves: String,
    /// The start position the file names (a PGN `FEN` tag, the "Start position:" line of hector's sheet).
    pub fen: Option<String>,
    /// The file is hector's own printed scoresheet (the `.txt` of `scoresheet`), not PGN or bare moves.
    pub printed: bool,
}

/// Why a file holds no scoresheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetFileError {
    /// Nothing but white space (an empty file, /dev/null).
    Empty,
    /// Text, but no moves in it (only tags, comments, a result).
    NoMoves,
}

/// A line of a scoresheet's move table: a move number first ("12.", " 7.  ...").
fn is_row(line: &str) -> bool {
    let t = line.trim_start();
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with('.')
}

/// A clock reading of hector's printed sheet: H:MM:SS.
fn is_clock(token: &str) -> bool {
    let parts: Vec<&str> = token.split(':').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
}

/// The printed sheet's promotion `e8Q+` (R-C.11, no `=`) as SAN writes it, `e8=Q+`; other moves as they are.
fn promotion_with_equals(token: &str) -> String {
    let body = token.trim_end_matches(['+', '#']);
    let mut rev = body.chars().rev();
    match (rev.next(), rev.next()) {
        (Some('Q' | 'R' | 'B' | 'N'), Some('1' | '8')) if body.len() >= 3 => {
            let cut = body.len() - 1;
            format!("{}={}", &body[..cut], &token[cut..])
        }
        _ => token.to_string(),
    }
}

/// PGN movetext without comments (`{...}`, `;` to the line's end), variations (`(...)`, nested), NAGs (`$1`)
/// and move marks (`!`, `?`): what is left are move numbers, moves and the result.
fn plain_movetext(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
                out.push(' ');
            }
            ';' if depth == 0 => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
                out.push(' ');
            }
            '(' => depth += 1,
            ')' => {
                depth = depth.saturating_sub(1);
                out.push(' ');
            }
            _ if depth > 0 => {}
            '$' => {
                while chars.peek().is_some_and(char::is_ascii_digit) {
                    chars.next();
                }
                out.push(' ');
            }
            '!' | '?' => {}
            c => out.push(c),
        }
    }
    out
}

/// The value of a PGN tag line `[Name "value"]`, if the line is one with this name.
fn tag_value<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    let (n, rest) = inner.split_once(char::is_whitespace)?;
    if !n.eq_ignore_ascii_case(name) {
        return None;
    }
    let v = rest.trim();
    Some(v.strip_prefix('"')?.strip_suffix('"').unwrap_or(v))
}

/// Reads a scoresheet file (R-D.2.9): a PGN game (its first game; tags, comments and variations left out), hector's
/// own printed sheet (`scoresheet`'s `.txt`: the header lines, then one row a move pair with clock readings), or
/// bare moves in any notation [`replay`] reads. Illegal moves are not judged here: `replay` stops at them.
pub fn sheet_file(text: &str) -> Result<SheetFile, SheetFileError> {
    if text.trim().is_empty() {
        return Err(SheetFileError::Empty);
    }
    let lines: Vec<&str> = text.lines().collect();
    let first = lines
        .iter()
        .map(|l| l.trim())
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let sheet = if first.starts_with('[') {
        // PGN: the first game's tags, then its movetext up to the next game's tags.
        let mut fen = None;
        let mut movetext = String::new();
        let mut in_moves = false;
        for line in &lines {
            let t = line.trim();
            if t.starts_with('[') && !in_moves {
                if let Some(v) = tag_value(t, "FEN") {
                    fen = Some(v.to_string());
                }
                continue;
            }
            if t.starts_with('[') && in_moves {
                break;
            }
            if t.starts_with('%') {
                continue;
            }
            if !t.is_empty() {
                in_moves = true;
            }
            movetext.push_str(line);
            movetext.push('\n');
        }
        SheetFile {
            moves: plain_movetext(&movetext),
            fen,
            printed: false,
        }
    } else if first.contains(": ") && !is_row(first) && lines.iter().any(|l| is_row(l)) {
        // hector's printed sheet: "Label: value" lines, the table's rows, "Result: ...".
        let fen = lines.iter().find_map(|l| {
            let (_, v) = l.split_once(": ")?;
            let v = v.trim();
            (v.matches('/').count() == 7 && v.contains(' ')).then(|| v.to_string())
        });
        let moves: Vec<String> = lines
            .iter()
            .filter(|l| is_row(l))
            .flat_map(|l| l.split_whitespace())
            .filter(|t| !is_clock(t) && *t != "..." && *t != "(=)")
            .map(promotion_with_equals)
            .collect();
        SheetFile {
            moves: moves.join(" "),
            fen,
            printed: true,
        }
    } else {
        SheetFile {
            moves: plain_movetext(text),
            fen: None,
            printed: false,
        }
    };
    let has_move = sheet
        .moves
        .split_whitespace()
        .any(|t| !is_number_or_result(t) && !t.chars().all(|c| c.is_ascii_digit() || c == '.'));
    if !has_move {
        return Err(SheetFileError::NoMoves);
    }
    Ok(sheet)
}

/// `compare WORD`: a single word that names a file rather than a move: a folder separator or a file ending
/// (`other.pgn`, `sheet.txt`, `/dev/null`). No move in any notation has either.
pub fn looks_like_path(text: &str) -> bool {
    let t = text.trim();
    if t.is_empty() || t.contains(char::is_whitespace) || is_number_or_result(t) {
        return false;
    }
    if t.contains(['/', '\\']) {
        return true;
    }
    match t.rsplit_once('.') {
        Some((stem, ext)) => {
            !stem.is_empty()
                && (1..=5).contains(&ext.len())
                && ext.chars().all(|c| c.is_ascii_alphabetic())
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn san_list(game: &Game, moves: &[Move]) -> Vec<String> {
        let mut g = Game::from_position(
            game.start().clone(),
            game.start_position().clone(),
            game.mode(),
        );
        moves
            .iter()
            .map(|m| {
                let s = g.san(*m).to_string();
                g.play(*m).unwrap();
                s
            })
            .collect()
    }

    #[test]
    fn any_notation_with_numbers_and_result() {
        let v = Vocabulary::default();
        let mut game = Game::new();
        game.play_san("d4").unwrap();
        for text in [
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0",
            "1.e4 e5 2.Nf3 Nc6 3.Bb5",
            "e2e4 e7e5 g1f3 b8c6 f1b5",
            "Bauer Eva vier, Bauer Eva fünf, Springer Felix drei, Springer Cesar sechs, Läufer Bella fünf",
            "Bauer Eva vier Bauer Eva fünf Springer Felix drei Springer Cesar sechs Läufer Bella fünf",
            "1. e4 Bauer Eva fünf 2. Sf3 Sc6 3. Lb5",
        ] {
            let r = replay(&game, &v, text);
            assert_eq!(r.stopped, None, "{text}");
            assert_eq!(
                san_list(&game, &r.moves),
                ["e4", "e5", "Nf3", "Nc6", "Bb5"],
                "{text}"
            );
        }
    }

    #[test]
    fn reading_stops_at_the_first_move_that_is_not_legal() {
        let v = Vocabulary::default();
        let game = Game::new();
        let r = replay(&game, &v, "1. e4 e5 2. Ke3 Nc6");
        assert_eq!(r.moves.len(), 2);
        let (text, _) = r.stopped.unwrap();
        assert_eq!(text, "Ke3");
        let r = replay(&game, &v, "e4, Elefant Eva fünf");
        assert_eq!(r.moves.len(), 1);
        assert_eq!(r.stopped.unwrap().0, "Elefant Eva fünf");
    }
}

#[cfg(test)]
mod file_tests {
    use super::*;
    use crate::rules::pgn::ExportTags;
    use crate::words::scoresheet;
    use std::time::Duration;

    fn read(text: &str) -> Replay {
        let sheet = sheet_file(text).unwrap_or_else(|e| panic!("{e:?}: {text}"));
        replay(&Game::new(), &Vocabulary::default(), &sheet.moves)
    }

    fn sans(moves: &[Move]) -> Vec<String> {
        let mut g = Game::new();
        moves
            .iter()
            .map(|m| {
                let s = g.san(*m).to_string();
                g.play(*m).unwrap();
                s
            })
            .collect()
    }

    #[test]
    fn a_pgn_with_comments_variations_and_an_illegal_move_is_read_up_to_it() {
        let r = read(
            "[Event \"x\"]\n[White \"A\"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3! $1 Nc6 ; a comment\n3. Bb5 Ke5 4. O-O *\n\n[Event \"second\"]\n\n1. d4 *\n",
        );
        assert_eq!(sans(&r.moves), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert_eq!(r.stopped.unwrap().0, "Ke5");
    }

    #[test]
    fn hectors_own_printed_sheet_is_read_back() {
        let mut g = Game::new();
        for m in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6"] {
            g.play_san(m).unwrap();
        }
        g.offer_draw(shakmaty::Color::White).unwrap();
        let clocks: Vec<Option<Duration>> = (0..8)
            .map(|i| Some(Duration::from_secs(5000 - i)))
            .collect();
        let text = scoresheet::plain_text(&g, &ExportTags::default(), &clocks);
        let sheet = sheet_file(&text).unwrap();
        assert!(sheet.printed && sheet.fen.is_none(), "{sheet:?}");
        let r = replay(&Game::new(), &Vocabulary::default(), &sheet.moves);
        assert_eq!(r.stopped, None, "{text}");
        assert_eq!(
            sans(&r.moves),
            ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6"]
        );
        // From a set-up position the sheet names its start.
        let g = crate::rules::pgn::import_game(
            "[FEN \"4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n[SetUp \"1\"]\n\n1. b8=Q+ Kd7 2. O-O-O+ Ke6 *",
        )
        .unwrap();
        let text = scoresheet::plain_text(&g, &ExportTags::default(), &[]);
        let sheet = sheet_file(&text).unwrap();
        assert_eq!(
            sheet.fen.as_deref(),
            Some("4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1")
        );
        let r = replay(&g, &Vocabulary::default(), &sheet.moves);
        assert_eq!(r.stopped, None, "{text} {sheet:?}");
        assert_eq!(r.moves.len(), 4);
    }

    #[test]
    fn files_without_moves_are_told_apart() {
        assert_eq!(sheet_file(""), Err(SheetFileError::Empty));
        assert_eq!(sheet_file(" \n\t\n"), Err(SheetFileError::Empty));
        assert_eq!(
            sheet_file("[Event \"x\"]\n[White \"A\"]\n\n*\n"),
            Err(SheetFileError::NoMoves)
        );
        assert_eq!(
            sheet_file("{only a comment} 1-0"),
            Err(SheetFileError::NoMoves)
        );
        // Bare moves are moves.
        let r = read("1. e4 e5\n2. Nf3\n");
        assert_eq!(sans(&r.moves), ["e4", "e5", "Nf3"]);
        // Text that is no scoresheet reads as moves that stop at once.
        let r = read("Dear arbiter, please find attached");
        assert!(r.moves.is_empty() && r.stopped.is_some());
    }

    #[test]
    fn paths_are_not_moves() {
        for p in [
            "other.pgn",
            "sheet.TXT",
            "/dev/null",
            "dir/x",
            "C:\\x.pgn",
            "g.brf",
        ] {
            assert!(looks_like_path(p), "{p}");
        }
        for m in [
            "e4",
            "1.e4",
            "Nf3",
            "1/2-1/2",
            "0-0-0",
            "e8=Q",
            "exd6",
            "1. e4 e5",
            "Springer Felix drei",
        ] {
            assert!(!looks_like_path(m), "{m}");
        }
    }
}
