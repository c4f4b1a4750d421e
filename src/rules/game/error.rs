//! Why the core refuses something, and the FEN move counters it refuses beyond any game.

use crate::rules::ending::Ending;

/// Why the core refused something. Nothing has changed when one of these is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("the game is over: {}, {}", .0.reason.describe(), .0.result.pgn())]
    GameOver(Ending),
    #[error("illegal move")]
    IllegalMove,
    #[error("not a FEN: {0}")]
    InvalidFen(String),
    #[error("not a legal position: {0}")]
    IllegalPosition(String),
    #[error("Chess960 positions are numbered 0 to 959, not {0}")]
    NoSuchChess960(u32),
    #[error("no draw offer is open")]
    NoDrawOffer,
    #[error("a player cannot accept or decline his own draw offer")]
    OwnDrawOffer,
    #[error("a draw by agreement needs at least one move by each player (Article 5.2.3)")]
    AgreementTooEarly,
    #[error("{0} has already offered a draw")]
    OfferAlreadyOpen(&'static str),
}

/// The largest half-move clock or move number a FEN may give: no game reaches it (the longest possible game
/// is under 9,000 moves), and larger numbers would overflow counting and saying them.
pub const MAX_FEN_COUNTER: u64 = 10_000;

/// Refuses a FEN whose half-move clock or move number (fields 5 and 6) is beyond [`MAX_FEN_COUNTER`]; the
/// FEN reader would otherwise cut 99999999999 down to the largest number it holds without a word.
pub fn check_fen_counters(fen: &str) -> Result<(), GameError> {
    for (i, field) in fen.split_ascii_whitespace().enumerate().skip(4).take(2) {
        // The digits the FEN reader takes a number from (it reads the digits at the start of the field).
        let digits = &field[..field.bytes().take_while(u8::is_ascii_digit).count()];
        if !digits.is_empty() {
            let too_big =
                digits.len() > 12 || digits.parse::<u64>().map_or(true, |n| n > MAX_FEN_COUNTER);
            if too_big {
                let what = if i == 4 {
                    "half-move clock"
                } else {
                    "move number"
                };
                let shown: String = digits.chars().take(24).collect();
                return Err(GameError::InvalidFen(format!(
                    "the {what} {shown} is beyond any game (at most {MAX_FEN_COUNTER})"
                )));
            }
        }
    }
    Ok(())
}

/// The same bound on a parsed FEN, whatever its text looked like (the reader also takes numbers with other
/// characters among the digits, and saturates).
pub fn check_setup_counters(setup: &shakmaty::Setup) -> Result<(), GameError> {
    for (what, n) in [
        ("half-move clock", u64::from(setup.halfmoves)),
        ("move number", u64::from(setup.fullmoves.get())),
    ] {
        if n > MAX_FEN_COUNTER {
            return Err(GameError::InvalidFen(format!(
                "the {what} {n} is beyond any game (at most {MAX_FEN_COUNTER})"
            )));
        }
    }
    Ok(())
}
