//! The position an imported game starts from: FEN, SetUp and Variant tags, Chess960.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup};

use crate::rules::chess960;
use crate::rules::game::{Game, GameError, Start};

use super::report::ImportErrorKind;

/// The variants this program plays, from a Variant tag.
pub(super) fn variant_is_chess960(value: &str) -> Result<bool, ImportErrorKind> {
    let v: String = value
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect::<String>()
        .to_lowercase();
    match v.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" | "classical" | "rapid" | "blitz" => {
            Ok(false)
        }
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" | "frc"
        | "fischer960" => Ok(true),
        _ => Err(ImportErrorKind::UnsupportedVariant(value.trim().to_owned())),
    }
}

/// A game from a FEN under Chess960 rules (X-FEN or Shredder-FEN castling letters; `KQkq` means the outermost
/// rooks). An untouched Chess960 start position starts the game as [`Start::Chess960`].
pub fn chess960_game_from_fen(fen: &str) -> Result<Game, GameError> {
    match position_from_fen(fen, Some(CastlingMode::Chess960))? {
        (pos, _, false) => Ok(chess960_game(pos)),
        (_, _, true) => Err(GameError::IllegalPosition(
            "impossible castling rights or en passant square".into(),
        )),
    }
}

fn chess960_game(pos: Chess) -> Game {
    let start = match chess960::number_of_position(&pos) {
        Some(n) if chess960::position(n).is_some_and(|p| p == pos) => Start::Chess960(n),
        _ => Start::Fen(Fen::from_position(&pos, EnPassantMode::Legal).to_string()),
    };
    Game::from_position(start, pos, CastlingMode::Chess960)
}

/// A legal position from a FEN; `mode` None detects it. The flag says whether castling rights or the en passant
/// square had to be dropped to make it legal.
fn position_from_fen(
    fen: &str,
    mode: Option<CastlingMode>,
) -> Result<(Chess, CastlingMode, bool), GameError> {
    crate::rules::game::check_fen_counters(fen)?;
    let parsed =
        Fen::from_ascii(fen.trim().as_bytes()).map_err(|e| GameError::InvalidFen(e.to_string()))?;
    let setup = parsed.into_setup();
    crate::rules::game::check_setup_counters(&setup)?;
    let mode = mode.unwrap_or_else(|| CastlingMode::detect(&setup));
    match Chess::from_setup(setup.clone(), mode).or_else(|e| e.ignore_invalid_ep_square()) {
        Ok(pos) => Ok((pos, mode, false)),
        Err(strict) => Chess::from_setup(setup, mode)
            .or_else(|e| e.ignore_invalid_castling_rights())
            .or_else(|e| e.ignore_invalid_ep_square())
            .map(|pos| (pos, mode, true))
            .map_err(|_| GameError::IllegalPosition(strict.to_string())),
    }
}

pub(super) fn start_game(
    fen: Option<&str>,
    chess960: bool,
) -> Result<(Game, bool), ImportErrorKind> {
    let bad = |fen: &str, e: GameError| ImportErrorKind::BadFen {
        fen: fen.trim().to_owned(),
        reason: match e {
            GameError::InvalidFen(r) | GameError::IllegalPosition(r) => r,
            other => other.to_string(),
        },
    };
    match (fen, chess960) {
        (None, false) => Ok((Game::new(), false)),
        (None, true) => Ok((
            chess960::position(chess960::STANDARD_NUMBER).map_or_else(Game::new, chess960_game),
            false,
        )),
        (Some(f), true) => position_from_fen(f, Some(CastlingMode::Chess960))
            .map(|(p, _, fixed)| (chess960_game(p), fixed))
            .map_err(|e| bad(f, e)),
        (Some(f), false) => match Game::from_fen(f) {
            Ok(g) => Ok((g, false)),
            Err(GameError::IllegalPosition(_)) => {
                let (pos, mode, fixed) = position_from_fen(f, None).map_err(|e| bad(f, e))?;
                let start = if pos == Chess::default() {
                    Start::Standard
                } else {
                    Start::Fen(Fen::from_position(&pos, EnPassantMode::Legal).to_string())
                };
                Ok((Game::from_position(start, pos, mode), fixed))
            }
            Err(e) => Err(bad(f, e)),
        },
    }
}
