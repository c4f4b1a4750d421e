//! Opening names by position: lichess's chess-openings table (data/openings/eco_lichess.tsv, public domain,
//! see data/openings/LICENSE), looked up by the position (EPD: the board, the side to move, castling rights and
//! a legal en passant square, without the move counters), so a position reached by another move order is named
//! too. The table is built into the program and read once, on first use; its size is fixed by the file.

use std::collections::HashMap;
use std::sync::OnceLock;

use shakmaty::fen::Epd;
use shakmaty::{Chess, EnPassantMode};

/// lichess's table: `eco`, `name`, `pgn`, `uci`, `epd`, separated by tabs, one opening a line after a header.
const TABLE: &str = include_str!("../../data/openings/eco_lichess.tsv");
/// At most this many openings are read (the shipped table has about 3,400); the rest would be ignored.
pub const MAX_OPENINGS: usize = 10_000;

/// A named opening: its ECO code ("D30") and its English name ("Queen's Gambit Declined").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opening {
    pub eco: &'static str,
    pub name: &'static str,
}

/// The table by position, read once.
fn table() -> &'static HashMap<&'static str, Opening> {
    static BY_EPD: OnceLock<HashMap<&'static str, Opening>> = OnceLock::new();
    BY_EPD.get_or_init(|| {
        let mut by_epd = HashMap::new();
        for row in TABLE.lines().skip(1).take(MAX_OPENINGS) {
            let cols: Vec<&str> = row.split('\t').collect();
            if let [eco, name, _pgn, _uci, epd] = cols[..] {
                by_epd.entry(epd.trim()).or_insert(Opening { eco, name });
            }
        }
        by_epd
    })
}

/// The position's key in the table: EPD with a legal en passant square only (as the table writes it).
pub fn key(pos: &Chess) -> String {
    Epd::from_position(pos, EnPassantMode::Legal).to_string()
}

/// The opening named for exactly this position, if any.
pub fn named(pos: &Chess) -> Option<Opening> {
    table().get(key(pos).as_str()).copied()
}

/// The last named position among `positions` (a game's, in order): the opening reached so far.
pub fn reached<I: IntoIterator<Item = Chess>>(positions: I) -> Option<Opening> {
    positions.into_iter().filter_map(|p| named(&p)).last()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;
    use shakmaty::uci::UciMove;

    fn after(moves: &str) -> Vec<Chess> {
        let mut pos = Chess::default();
        let mut out = vec![pos.clone()];
        for m in moves.split_whitespace() {
            let mv = UciMove::from_ascii(m.as_bytes())
                .unwrap()
                .to_move(&pos)
                .unwrap();
            pos.play_unchecked(mv);
            out.push(pos.clone());
        }
        out
    }

    #[test]
    fn every_row_of_the_table_is_found_from_its_own_moves() {
        let mut rows = 0;
        for row in TABLE.lines().skip(1) {
            let cols: Vec<&str> = row.split('\t').collect();
            let [eco, _name, _pgn, uci, epd] = cols[..] else {
                panic!("a row of five columns: {row}")
            };
            let last = after(uci).pop().unwrap();
            assert_eq!(key(&last), epd, "{row}");
            assert_eq!(named(&last).map(|o| o.eco.len()), Some(3), "{eco}");
            rows += 1;
        }
        assert!(rows > 3000 && rows < MAX_OPENINGS, "{rows} rows");
        assert_eq!(
            TABLE.lines().next(),
            Some("eco\tname\tpgn\tuci\tepd"),
            "the columns as read"
        );
    }

    #[test]
    fn a_transposition_is_named_as_the_main_order() {
        let main = reached(after("d2d4 d7d5 c2c4 e7e6"));
        let english = reached(after("c2c4 e7e6 d2d4 d7d5"));
        let qgd = Opening {
            eco: "D30",
            name: "Queen's Gambit Declined",
        };
        assert_eq!(main, Some(qgd));
        assert_eq!(english, Some(qgd));
        // The last named position counts: after a move no table names, the opening stays.
        assert_eq!(reached(after("d2d4 d7d5 c2c4 e7e6 a2a3 h7h6")), Some(qgd));
        assert_eq!(reached(after("")), None, "the start is no opening");
        assert_eq!(
            named(after("e2e4").last().unwrap()).map(|o| o.name),
            Some("King's Pawn")
        );
    }
}
