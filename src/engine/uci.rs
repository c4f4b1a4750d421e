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

/// The highest MultiPV slot hector reads; a line with a slot of 0 or above this is ignored.
pub const MAX_MULTIPV: u32 = 64;
/// The longest principal variation kept from an `info ... pv` line; later moves are cut.
pub const MAX_PV_MOVES: usize = 40;
/// At most this many words of one `info` line are read; the rest is ignored (outside input is bounded).
const MAX_INFO_TOKENS: usize = 400;

/// The score of an `info` line, from the side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// `score cp N`: centipawns.
    Cp(i32),
    /// `score mate N`: mate in N moves (negative: the side to move is mated in -N).
    Mate(i32),
}

/// Whether the score is final (`Exact`) or only a bound found while the search was still running.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Bound {
    #[default]
    Exact,
    /// `lowerbound`: the real score is at least this.
    Lower,
    /// `upperbound`: the real score is at most this.
    Upper,
}

/// `wdl W D L`: the engine's expected wins, draws and losses per thousand, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wdl {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

/// One `info` line of a search, as far as analysis needs it. Missing fields are `None` (or empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// The MultiPV slot, 1 when the line names none.
    pub multipv: u32,
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub score: Option<Score>,
    pub bound: Bound,
    pub wdl: Option<Wdl>,
    pub nodes: Option<u64>,
    pub time_ms: Option<u64>,
    /// The principal variation as UCI move strings (`e2e4`, `e7e8q`), at most [`MAX_PV_MOVES`].
    pub pv: Vec<String>,
}

/// Whether `tok` looks like a UCI move: from-square, to-square, and an optional promotion piece.
fn is_uci_move(tok: &str) -> bool {
    let b = tok.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match b.len() {
        4 => square(b[0], b[1]) && square(b[2], b[3]),
        5 => square(b[0], b[1]) && square(b[2], b[3]) && b"qrbn".contains(&b[4]),
        _ => false,
    }
}

/// Parses an `info ...` line of a search. `None` for any other line, for `info string ...`, and for a line
/// whose `multipv` slot is missing its number, 0 or above [`MAX_MULTIPV`]. Unknown words are skipped; a number
/// that does not parse leaves its field empty. Never panics.
pub fn parse_info(line: &str) -> Option<Info> {
    let tokens: Vec<&str> = line.split_whitespace().take(MAX_INFO_TOKENS).collect();
    if tokens.first() != Some(&"info") {
        return None;
    }
    let mut info = Info {
        multipv: 1,
        depth: None,
        seldepth: None,
        score: None,
        bound: Bound::Exact,
        wdl: None,
        nodes: None,
        time_ms: None,
        pv: Vec::new(),
    };
    let num = |i: usize| tokens.get(i).and_then(|t| t.parse::<u64>().ok());
    let small = |i: usize| num(i).and_then(|n| u32::try_from(n).ok());
    let mut i = 1;
    while i < tokens.len() {
        match tokens[i] {
            "string" => {
                if i == 1 {
                    return None;
                }
                break; // free text to the end of the line
            }
            "depth" => {
                info.depth = small(i + 1);
                i += 2;
            }
            "seldepth" => {
                info.seldepth = small(i + 1);
                i += 2;
            }
            "multipv" => {
                let slot = small(i + 1)?;
                if slot == 0 || slot > MAX_MULTIPV {
                    return None;
                }
                info.multipv = slot;
                i += 2;
            }
            "nodes" => {
                info.nodes = num(i + 1);
                i += 2;
            }
            "time" => {
                info.time_ms = num(i + 1);
                i += 2;
            }
            "score" => {
                i += 1;
                while let Some(&t) = tokens.get(i) {
                    match t {
                        "cp" | "mate" => {
                            let n = tokens.get(i + 1).and_then(|t| t.parse::<i32>().ok());
                            info.score = n.map(|n| {
                                if t == "cp" {
                                    Score::Cp(n)
                                } else {
                                    Score::Mate(n)
                                }
                            });
                            i += 2;
                        }
                        "lowerbound" => {
                            info.bound = Bound::Lower;
                            i += 1;
                        }
                        "upperbound" => {
                            info.bound = Bound::Upper;
                            i += 1;
                        }
                        _ => break,
                    }
                }
            }
            // Stockfish writes the bound after `wdl W D L`, not next to the score.
            "lowerbound" => {
                info.bound = Bound::Lower;
                i += 1;
            }
            "upperbound" => {
                info.bound = Bound::Upper;
                i += 1;
            }
            "wdl" => {
                info.wdl = match (small(i + 1), small(i + 2), small(i + 3)) {
                    (Some(win), Some(draw), Some(loss)) => Some(Wdl { win, draw, loss }),
                    _ => None,
                };
                i += 4;
            }
            "pv" => {
                i += 1;
                while let Some(&t) = tokens.get(i) {
                    if !is_uci_move(t) {
                        break;
                    }
                    if info.pv.len() < MAX_PV_MOVES {
                        info.pv.push(t.to_string());
                    }
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    Some(info)
}

/// Gathers the lines of one search with MultiPV: for each slot the last line with an exact score (a
/// `lowerbound`/`upperbound` line, which Stockfish may send last with a one-move pv, does not replace it), and
/// the slots in order when `bestmove` comes. Pure: the caller feeds the engine's lines one by one.
#[derive(Debug, Clone, Default)]
pub struct MultiPvCollector {
    /// Slot N is at index N - 1; never longer than [`MAX_MULTIPV`].
    slots: Vec<Option<Info>>,
    /// The exact lines of the depth being searched, by slot.
    depth: Option<u32>,
    current: Vec<Option<Info>>,
    /// The last depth whose every slot came, one set of lines searched together: a search stopped by its time
    /// mid-depth leaves the first slots a depth deeper than the last ones, which may then name the same move
    /// twice (the moves changed places); the complete set of one depth never does.
    complete: Vec<Info>,
}

impl MultiPvCollector {
    pub fn new() -> MultiPvCollector {
        MultiPvCollector::default()
    }

    /// Takes one line of the engine. On `bestmove`, gives the kept lines in slot order (empty slots
    /// skipped) and starts afresh for the next search; otherwise `None`.
    pub fn feed(&mut self, line: &str) -> Option<Vec<Info>> {
        if parse_bestmove(line).is_some() {
            return Some(self.finish());
        }
        if let Some(info) = parse_info(line) {
            self.push(info);
        }
        None
    }

    /// Keeps `info` when it has an exact score and a valid slot.
    pub fn push(&mut self, info: Info) {
        if info.score.is_none() || info.bound != Bound::Exact {
            return;
        }
        let slot = info.multipv as usize;
        if slot == 0 || slot > MAX_MULTIPV as usize {
            return;
        }
        if self.slots.len() < slot {
            self.slots.resize(slot, None);
        }
        if self.depth != info.depth {
            self.depth = info.depth;
            self.current.clear();
        }
        if self.current.len() < slot {
            self.current.resize(slot, None);
        }
        self.current[slot - 1] = Some(info.clone());
        self.slots[slot - 1] = Some(info);
        if self.current.len() == self.slots.len() && self.current.iter().all(Option::is_some) {
            self.complete = self.current.iter().flatten().cloned().collect();
        }
    }

    /// The kept lines so far in slot order, without ending the search.
    pub fn lines(&self) -> Vec<Info> {
        self.slots.iter().flatten().cloned().collect()
    }

    /// The kept lines in slot order, each slot's last exact line; when those name a move twice (a search
    /// stopped mid-depth), the deepest depth whose every slot came instead. The collector is empty afterwards.
    pub fn finish(&mut self) -> Vec<Info> {
        let done = std::mem::take(self);
        let last: Vec<Info> = done.slots.into_iter().flatten().collect();
        let twice = last
            .iter()
            .enumerate()
            .any(|(i, a)| last[..i].iter().any(|b| b.pv.first() == a.pv.first()));
        if twice && !done.complete.is_empty() && done.complete.len() >= last.len() {
            return done.complete;
        }
        last
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

    // Real Stockfish output (MultiPV 2, UCI_ShowWDL true, go movetime 7000 after 1. e4 e5 2. Nf3 Nc6): the search
    // stopped while slot 2 was being searched, so slot 2 ends with an `upperbound` line of two moves.
    const SF_EXACT_1: &str = "info depth 23 seldepth 31 multipv 1 score cp 28 wdl 34 964 2 nodes 3662545 nps 523071 hashfull 910 tbhits 0 time 7002 pv f1b5 g8f6 e1g1 f6e4 f1e1 e4d6 f3e5 f8e7 b5f1 c6e5 e1e5 e8g8 d2d4 e7f6 e5e1 f8e8 e1e8 d6e8 d4d5 d7d6 a2a4 f6g5 a4a5 g5c1 d1c1 e8f6 b1c3";
    const SF_EXACT_2: &str = "info depth 22 seldepth 32 multipv 2 score cp 21 wdl 24 973 3 nodes 3358914 nps 537254 hashfull 886 tbhits 0 time 6252 pv d2d4 e5d4 f3d4 g8f6 d4c6 b7c6 f1d3 d7d5 e4d5 c6d5 e1g1 f8e7 c2c4 e8g8 b1c3 c7c6 c4d5 f6d5 c3d5 c6d5 c1f4 c8e6 h2h3 f8e8 d1d2";
    const SF_BOUND_2: &str = "info depth 23 seldepth 32 multipv 2 score cp 19 wdl 21 976 3 upperbound nodes 3662545 nps 523071 hashfull 910 tbhits 0 time 7002 pv d2d4 e5d4";
    // Real Stockfish, MultiPV 2, `6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1`, go depth 8.
    const SF_MATE: &str = "info depth 8 seldepth 2 multipv 1 score mate 1 wdl 1000 0 0 nodes 10365 nps 575833 hashfull 4 tbhits 0 time 18 pv a1a8";
    const SF_MATE_CP: &str = "info depth 8 seldepth 8 multipv 2 score cp 637 wdl 1000 0 0 nodes 10365 nps 575833 hashfull 4 tbhits 0 time 18 pv h2h3 f7f5 g1h2 g8f7";

    #[test]
    fn info_lines_of_stockfish() {
        let i = parse_info(SF_EXACT_1).unwrap();
        assert_eq!(
            (i.multipv, i.depth, i.seldepth, i.score, i.bound),
            (1, Some(23), Some(31), Some(Score::Cp(28)), Bound::Exact)
        );
        assert_eq!(
            i.wdl,
            Some(Wdl {
                win: 34,
                draw: 964,
                loss: 2
            })
        );
        assert_eq!((i.nodes, i.time_ms), (Some(3_662_545), Some(7002)));
        assert_eq!(i.pv.len(), 27);
        assert_eq!((i.pv[0].as_str(), i.pv[26].as_str()), ("f1b5", "b1c3"));

        let b = parse_info(SF_BOUND_2).unwrap();
        assert_eq!(
            (b.multipv, b.depth, b.score, b.bound, b.pv.clone()),
            (
                2,
                Some(23),
                Some(Score::Cp(19)),
                Bound::Upper,
                vec!["d2d4".to_string(), "e5d4".into()]
            )
        );
        assert_eq!(b.wdl.map(|w| (w.win, w.draw, w.loss)), Some((21, 976, 3)));
        let lower =
            parse_info("info depth 9 multipv 3 score cp -40 lowerbound nodes 5 pv e7e5").unwrap();
        assert_eq!(
            (lower.multipv, lower.score, lower.bound),
            (3, Some(Score::Cp(-40)), Bound::Lower)
        );

        let m = parse_info(SF_MATE).unwrap();
        assert_eq!(
            (m.score, m.pv.clone()),
            (Some(Score::Mate(1)), vec!["a1a8".to_string()])
        );
        let mated = parse_info("info depth 12 seldepth 4 multipv 1 score mate -2 wdl 0 0 1000 nodes 900 time 3 pv g8h8 a1a8 e8e1 a8e8").unwrap();
        assert_eq!((mated.score, mated.pv.len()), (Some(Score::Mate(-2)), 4));
        let promo = parse_info("info depth 3 score cp 900 pv e7e8q d8e8").unwrap();
        assert_eq!((promo.multipv, promo.pv[0].as_str()), (1, "e7e8q"));
        // Lines without a score still parse; the collector ignores them.
        let cur = parse_info("info depth 22 currmove d2d4 currmovenumber 2").unwrap();
        assert_eq!((cur.depth, cur.score, cur.pv.len()), (Some(22), None, 0));
    }

    #[test]
    fn info_parser_agrees_with_parse_score() {
        for line in [
            SF_EXACT_1,
            SF_EXACT_2,
            SF_MATE,
            SF_MATE_CP,
            "info depth 5 score mate -3 pv a1a2",
        ] {
            let info = parse_info(line).unwrap();
            let cp = match info.score.unwrap() {
                Score::Cp(n) => n.clamp(-29_000, 29_000),
                Score::Mate(n) if n > 0 => 30_000 - n.min(999),
                Score::Mate(n) => -30_000 - n.max(-999),
            };
            assert_eq!(parse_score(line), Some(cp), "{line}");
        }
    }

    #[test]
    fn info_garbage_and_absurd_lines() {
        for line in [
            "",
            "   ",
            "bestmove e2e4",
            "information depth 3",
            "info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
            "info multipv 0 score cp 3 pv e2e4",
            "info multipv 65 score cp 3 pv e2e4",
            "info multipv 99999999999999999999 score cp 3",
            "info multipv -1 score cp 3",
            "info multipv",
            "info multipv x score cp 3",
        ] {
            assert_eq!(parse_info(line), None, "{line:?}");
        }
        let edge = parse_info("info multipv 64 score cp 1 pv e2e4").unwrap();
        assert_eq!(edge.multipv, 64);
        // Broken numbers leave their fields empty; the pv stops at the first word that is not a move.
        let i = parse_info("info depth -3 seldepth x score cp abc wdl 1 2 nodes 99999999999999999999999 time 7 pv e2e4 e9e5 e7e5").unwrap();
        assert_eq!(
            (i.depth, i.seldepth, i.score, i.wdl, i.nodes, i.time_ms),
            (None, None, None, None, None, Some(7))
        );
        assert_eq!(i.pv, ["e2e4"]);
        let t = parse_info("info depth 4 score cp 10 pv e2e4 string then words e7e5").unwrap();
        assert_eq!((t.depth, t.pv.clone()), (Some(4), vec!["e2e4".to_string()]));
        let s = parse_info("info score").unwrap();
        assert_eq!(s.score, None);
        // A long pv is cut.
        let long = format!(
            "info depth 60 score cp 0 pv {}",
            "g1f3 g8f6 f3g1 f6g8 ".repeat(50)
        );
        let l = parse_info(&long).unwrap();
        assert_eq!(l.pv.len(), MAX_PV_MOVES);
        assert_eq!(l.pv[MAX_PV_MOVES - 1], "f6g8");
    }

    #[test]
    fn a_search_stopped_mid_depth_gives_the_last_complete_depth_no_move_twice() {
        let mut c = MultiPvCollector::new();
        for line in [
            "info depth 10 multipv 1 score cp 30 pv e2e4 e7e5",
            "info depth 10 multipv 2 score cp 20 pv d2d4 d7d5",
            "info depth 10 multipv 3 score cp 10 pv g1f3 g8f6",
            // Depth 11 found g1f3 best, and time ran out before slots 2 and 3.
            "info depth 11 multipv 1 score cp 35 pv g1f3 d7d5",
        ] {
            assert_eq!(c.feed(line), None);
        }
        let lines = c.feed("bestmove g1f3").unwrap();
        let firsts: Vec<&str> = lines.iter().map(|i| i.pv[0].as_str()).collect();
        assert_eq!(firsts, ["e2e4", "d2d4", "g1f3"]);
        assert!(lines.iter().all(|i| i.depth == Some(10)));
        // Fewer legal moves than slots asked: the slots that came are the complete set.
        for line in [
            "info depth 5 multipv 1 score mate 1 pv h5f7",
            "info depth 6 multipv 1 score mate 1 pv h5f7",
        ] {
            c.feed(line);
        }
        let one = c.feed("bestmove h5f7").unwrap();
        assert_eq!((one.len(), one[0].depth), (1, Some(6)));
    }

    #[test]
    fn collector_keeps_the_last_exact_line_of_each_slot() {
        let mut c = MultiPvCollector::new();
        let lines = [
            "info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
            "info depth 1 seldepth 1 multipv 1 score cp 18 wdl 22 974 4 nodes 57 nps 57000 hashfull 0 tbhits 0 time 1 pv e2e4",
            "info depth 1 seldepth 1 multipv 2 score cp 12 wdl 17 978 5 nodes 57 nps 57000 hashfull 0 tbhits 0 time 1 pv g1f3",
            SF_EXACT_2,
            SF_EXACT_1,
            "info depth 22 currmove c2c3 currmovenumber 3",
            SF_BOUND_2,
            "info multipv 70 score cp 999 pv a2a3",
            "garbage that is no UCI at all",
        ];
        for line in lines {
            assert_eq!(c.feed(line), None, "{line}");
        }
        assert_eq!(c.lines().len(), 2);
        let out = c.feed("bestmove f1b5 ponder g8f6").unwrap();
        assert_eq!(out.len(), 2);
        assert_eq!(out[0], parse_info(SF_EXACT_1).unwrap());
        assert_eq!(out[1], parse_info(SF_EXACT_2).unwrap());
        assert_eq!(
            (out[1].depth, out[1].score),
            (Some(22), Some(Score::Cp(21)))
        );
        // Afresh for the next search; slots come in order even when sent out of order, gaps skipped.
        assert!(c.lines().is_empty());
        c.feed("info depth 5 multipv 3 score cp -5 pv d2d4");
        c.feed("info depth 5 multipv 1 score mate 2 pv a1a8");
        c.feed("info depth 5 multipv 1 score cp 100 lowerbound pv h2h3");
        let out = c.feed("bestmove a1a8").unwrap();
        let got: Vec<(u32, Option<Score>)> = out.iter().map(|i| (i.multipv, i.score)).collect();
        assert_eq!(got, [(1, Some(Score::Mate(2))), (3, Some(Score::Cp(-5)))]);
        assert_eq!(c.feed("bestmove (none)"), Some(vec![]));
    }

    #[test]
    fn mangled_info_lines_never_panic() {
        // A small deterministic generator (no crate): cut, splice, repeat and corrupt real lines.
        let seeds = [
            SF_EXACT_1,
            SF_BOUND_2,
            SF_MATE,
            SF_MATE_CP,
            "info multipv 64 score mate -1 wdl 0 0 1000 pv a1a8",
        ];
        let junk = [
            "multipv",
            "score",
            "cp",
            "mate",
            "wdl",
            "pv",
            "lowerbound",
            "upperbound",
            "string",
            "-",
            "0",
            "65",
            "-99999999999",
            "e2e4",
            "é",
            "\u{0}",
            "bestmove",
            "info",
            "18446744073709551616",
        ];
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut parsed = 0;
        for round in 0..3000 {
            let seed = seeds[round % seeds.len()];
            let mut words: Vec<String> = seed.split(' ').map(String::from).collect();
            for _ in 0..(next() % 6) {
                let at = (next() as usize) % (words.len() + 1);
                match next() % 4 {
                    0 if at < words.len() => {
                        words.remove(at);
                    }
                    1 => words.insert(at, junk[(next() as usize) % junk.len()].to_string()),
                    2 => words.truncate(at),
                    _ => {
                        if let Some(w) = words.get_mut(at) {
                            let cut = (next() as usize) % (w.len() + 1);
                            *w = w.get(..cut).unwrap_or("").to_string();
                        }
                    }
                }
            }
            let line = words.join(if next() % 5 == 0 { "\t" } else { " " });
            let mut c = MultiPvCollector::new();
            if let Some(info) = parse_info(&line) {
                parsed += 1;
                assert!((1..=MAX_MULTIPV).contains(&info.multipv), "{line}");
                assert!(info.pv.len() <= MAX_PV_MOVES);
                assert!(info.pv.iter().all(|m| is_uci_move(m)), "{line}");
            }
            let _ = parse_score(&line);
            c.feed(&line);
            let kept = c.feed("bestmove e2e4").unwrap();
            assert!(kept.len() <= 1);
            assert!(
                kept.iter()
                    .all(|i| i.bound == Bound::Exact && i.score.is_some())
            );
        }
        // The generator must not have mangled everything beyond recognition.
        assert!(parsed > 1000, "only {parsed} lines parsed");
    }
}
