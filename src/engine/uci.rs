//! The UCI protocol as text: command lines, option declarations, `position`, `go` and `bestmove`. Pure.

use std::time::Duration;

/// One `option name ... type ...` line of the engine's `uci` answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UciOption {
    pub name: String,
    /// `check`, `spin`, `combo`, `button` or `string`.
    pub kind: String,
    pub default: Option<String>,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub vars: Vec<String>,
}

impl UciOption {
    /// Parses the text after `option ` (or the whole line with it). `None` when there is no name.
    pub fn parse(line: &str) -> Option<UciOption> {
        let line = line.trim();
        let line = line.strip_prefix("option").unwrap_or(line);
        let tokens: Vec<&str> = line.split_whitespace().collect();
        const KEYWORDS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];
        let mut name = Vec::new();
        let mut kind = String::new();
        let mut default: Option<Vec<&str>> = None;
        let mut min = None;
        let mut max = None;
        let mut vars: Vec<Vec<&str>> = Vec::new();
        let mut current = "";
        for tok in tokens {
            // In a name, only `type` ends it (names may hold the other keywords, e.g. "Clear Hash").
            let is_keyword = if current == "name" {
                tok == "type"
            } else {
                KEYWORDS.contains(&tok)
            };
            if is_keyword {
                current = tok;
                match tok {
                    "default" => default = Some(Vec::new()),
                    "var" => vars.push(Vec::new()),
                    _ => {}
                }
                continue;
            }
            match current {
                "name" => name.push(tok),
                "type" if kind.is_empty() => kind = tok.to_string(),
                "default" => default.get_or_insert_with(Vec::new).push(tok),
                "min" if min.is_none() => min = tok.parse().ok(),
                "max" if max.is_none() => max = tok.parse().ok(),
                "var" => {
                    if let Some(v) = vars.last_mut() {
                        v.push(tok)
                    }
                }
                _ => {}
            }
        }
        if name.is_empty() {
            return None;
        }
        Some(UciOption {
            name: name.join(" "),
            kind,
            default: default.map(|d| d.join(" ")),
            min,
            max,
            vars: vars.into_iter().map(|v| v.join(" ")).collect(),
        })
    }
}

/// The answer to `go`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BestMove {
    Move {
        uci: String,
        ponder: Option<String>,
    },
    /// `bestmove (none)` or `bestmove 0000`: the side to move has no legal move.
    None,
}

/// Parses a `bestmove ...` line; `None` when the line is something else.
pub fn parse_bestmove(line: &str) -> Option<BestMove> {
    let mut tokens = line.split_whitespace();
    if tokens.next()? != "bestmove" {
        return None;
    }
    let Some(mv) = tokens.next() else {
        return Some(BestMove::None);
    };
    if mv == "(none)" || mv == "0000" || mv == "none" {
        return Some(BestMove::None);
    }
    let ponder = match (tokens.next(), tokens.next()) {
        (Some("ponder"), Some(p)) if p != "(none)" && p != "0000" => Some(p.to_string()),
        _ => None,
    };
    Some(BestMove::Move {
        uci: mv.to_string(),
        ponder,
    })
}

/// The evaluation in an `info ... score cp N | score mate N` line, in centipawns from the side to move's view;
/// a mate in N is 30000 - N (mated: -30000 + N). Bounds (`lowerbound`, `upperbound`) are not final and are
/// skipped. `None` for any other line.
pub fn parse_score(line: &str) -> Option<i32> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.first() != Some(&"info") {
        return None;
    }
    let at = tokens.iter().position(|t| *t == "score")?;
    if tokens
        .get(at + 3)
        .is_some_and(|t| *t == "lowerbound" || *t == "upperbound")
    {
        return None;
    }
    let n: i32 = tokens.get(at + 2)?.parse().ok()?;
    match *tokens.get(at + 1)? {
        "cp" => Some(n.clamp(-29_000, 29_000)),
        "mate" if n > 0 => Some(30_000 - n.min(999)),
        "mate" => Some(-30_000 - n.max(-999)),
        _ => None,
    }
}

/// Splits a command line roughly as a POSIX shell would: blanks separate words, 'single' and "double" quotes
/// group, a backslash escapes the next character (outside single quotes), and a leading `~/` is the home folder.
pub fn split_command(command: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(ch) => word.push(ch),
                        None => return Err("a single quote is not closed".into()),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(ch @ ('"' | '\\' | '$' | '`')) => word.push(ch),
                            Some(ch) => {
                                word.push('\\');
                                word.push(ch)
                            }
                            None => return Err("a double quote is not closed".into()),
                        },
                        Some(ch) => word.push(ch),
                        None => return Err("a double quote is not closed".into()),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(ch) => word.push(ch),
                    None => return Err("it ends with a backslash".into()),
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c)
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if let Some(first) = words.first_mut()
        && let Some(rest) = first.strip_prefix("~/")
        && let Some(home) = std::env::var_os("HOME")
    {
        *first = format!("{}/{}", home.to_string_lossy().trim_end_matches('/'), rest);
    }
    Ok(words)
}

/// Removes line breaks and other control characters, so that no text can smuggle a second command to the engine.
pub fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

/// Whether `start_fen` means the standard start position.
pub(crate) fn is_startpos(start_fen: &str) -> bool {
    let s = start_fen.trim();
    s.is_empty() || s.eq_ignore_ascii_case("startpos")
}

/// `position startpos moves ...` or `position fen <fen> moves ...`.
pub fn position_command(start_fen: &str, moves_uci: &[String]) -> String {
    let mut line = if is_startpos(start_fen) {
        "position startpos".to_string()
    } else {
        format!("position fen {}", one_line(start_fen))
    };
    let moves: Vec<String> = moves_uci
        .iter()
        .map(|m| one_line(m))
        .filter(|m| !m.is_empty())
        .collect();
    if !moves.is_empty() {
        line.push_str(" moves ");
        line.push_str(&moves.join(" "));
    }
    line
}

/// Whether white is to move after `plies` moves from `start_fen` (the FEN's second field; `startpos` is white).
pub fn white_to_move(start_fen: &str, plies: usize) -> bool {
    let white_first = is_startpos(start_fen)
        || start_fen
            .split_whitespace()
            .nth(1)
            .is_none_or(|f| !f.eq_ignore_ascii_case("b"));
    white_first == plies.is_multiple_of(2)
}

/// Milliseconds for UCI, at least 1 (some engines treat 0 as "no time given").
pub(crate) fn ms(d: Duration) -> u128 {
    d.as_millis().max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_of_stockfish() {
        let o =
            UciOption::parse("option name Skill Level type spin default 20 min 0 max 20").unwrap();
        assert_eq!(
            (
                o.name.as_str(),
                o.kind.as_str(),
                o.default.as_deref(),
                o.min,
                o.max
            ),
            ("Skill Level", "spin", Some("20"), Some(0), Some(20))
        );
        let o = UciOption::parse("option name UCI_Elo type spin default 1350 min 1350 max 2850")
            .unwrap();
        assert_eq!((o.min, o.max), (Some(1350), Some(2850)));
        let o = UciOption::parse("option name Clear Hash type button").unwrap();
        assert_eq!(
            (o.name.as_str(), o.kind.as_str(), o.default),
            ("Clear Hash", "button", None)
        );
        let o = UciOption::parse("option name Debug Log File type string default ").unwrap();
        assert_eq!(o.default.as_deref(), Some(""));
        let o = UciOption::parse(
            "option name Style type combo default Normal var Solid var Normal var Risky",
        )
        .unwrap();
        assert_eq!(o.vars, ["Solid", "Normal", "Risky"]);
        let o = UciOption::parse("option name Max Depth type spin default 5 min 1 max 99").unwrap();
        assert_eq!(o.name, "Max Depth");
        assert!(UciOption::parse("option type spin").is_none());
    }

    #[test]
    fn bestmove_lines() {
        assert_eq!(
            parse_bestmove("bestmove e7e5 ponder g1f3"),
            Some(BestMove::Move {
                uci: "e7e5".into(),
                ponder: Some("g1f3".into())
            })
        );
        assert_eq!(
            parse_bestmove("bestmove e7e5"),
            Some(BestMove::Move {
                uci: "e7e5".into(),
                ponder: None
            })
        );
        assert_eq!(parse_bestmove("bestmove (none)"), Some(BestMove::None));
        assert_eq!(parse_bestmove("bestmove 0000"), Some(BestMove::None));
        assert_eq!(parse_bestmove("info depth 1 pv e2e4"), None);
        assert_eq!(
            parse_score("info depth 12 seldepth 15 score cp -34 nodes 100 pv e2e4"),
            Some(-34)
        );
        assert_eq!(
            parse_score("info depth 9 score mate 3 pv h5f7"),
            Some(29_997)
        );
        assert_eq!(
            parse_score("info depth 9 score mate -2 pv a2a3"),
            Some(-29_998)
        );
        assert_eq!(parse_score("info depth 9 score cp 20 lowerbound"), None);
        assert_eq!(parse_score("info string score cp"), None);
        assert_eq!(parse_score("bestmove e2e4"), None);
        assert_eq!(parse_bestmove("bestmoves"), None);
    }

    #[test]
    fn command_lines_split_like_a_shell() {
        assert_eq!(split_command("stockfish").unwrap(), ["stockfish"]);
        assert_eq!(
            split_command("  lc0 --weights=a.pb  -t 2 ").unwrap(),
            ["lc0", "--weights=a.pb", "-t", "2"]
        );
        assert_eq!(
            split_command("'/opt/my engines/sf' \"a b\" c\\ d").unwrap(),
            ["/opt/my engines/sf", "a b", "c d"]
        );
        assert_eq!(
            split_command("sh -c 'echo \"x\"'").unwrap(),
            ["sh", "-c", "echo \"x\""]
        );
        assert_eq!(split_command("''").unwrap(), [""]);
        assert!(split_command("").unwrap().is_empty());
        assert!(split_command("'open").is_err());
        assert!(split_command("\"open").is_err());
    }

    #[test]
    fn position_lines() {
        assert_eq!(position_command("startpos", &[]), "position startpos");
        assert_eq!(
            position_command("startpos", &["e2e4".into(), "e7e5".into()]),
            "position startpos moves e2e4 e7e5"
        );
        let fen = "8/8/8/8/8/8/8/K1k5 w - - 0 1";
        assert_eq!(
            position_command(fen, &["a1a2".into()]),
            format!("position fen {fen} moves a1a2")
        );
        // No second command can be smuggled in.
        assert_eq!(
            position_command("startpos", &["e2e4\nquit".into()]),
            "position startpos moves e2e4 quit"
        );
    }

    #[test]
    fn side_to_move() {
        assert!(white_to_move("startpos", 0));
        assert!(!white_to_move("startpos", 1));
        assert!(!white_to_move("8/8/8/8/8/8/8/K1k5 b - - 0 1", 0));
        assert!(white_to_move("8/8/8/8/8/8/8/K1k5 b - - 0 1", 3));
    }
}
