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
