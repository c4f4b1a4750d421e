//! How a game ends: the reason (R-5.X) and the result in PGN form.

use shakmaty::Color;
use std::fmt;

/// The result of a finished game (R-10 points, written as in PGN).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    pub fn win_for(color: Color) -> GameResult {
        color.fold_wb(GameResult::WhiteWins, GameResult::BlackWins)
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    /// The PGN result token.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    pub fn from_pgn(s: &str) -> Option<GameResult> {
        match s.trim() {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(GameResult::Draw),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}

/// Why a game ended (R-5.X reason codes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    ///
    Checkmate,
    ///
    Resignation,
    ///
    Stalemate,
    ///
    DeadPosition,
    ///
    Agreement,
    /// R-9.2 (a correct claim)
    ThreefoldRepetition,
    /// R-9.3 (a correct claim)
    FiftyMoves,
    /// R-9.6.1 (automatic)
    FivefoldRepetition,
    /// R-9.6.2 (automatic)
    SeventyFiveMoves,
    /// flag fell, opponent can mate
    TimeForfeit,
    /// exception: flag fell, opponent cannot mate
    DrawOnTime,
    /// second illegal move
    IllegalMoveForfeit,
    /// exception: the opponent could not mate
    DrawAfterIllegalMove,
    ///
    ArbiterDecision,
}

impl EndReason {
    /// The requirement this reason comes from.
    pub fn rule(self) -> &'static str {
        match self {
            EndReason::Checkmate => "R-5.1.1",
            EndReason::Resignation => "R-5.1.2",
            EndReason::Stalemate => "R-5.2.1",
            EndReason::DeadPosition => "R-5.2.2",
            EndReason::Agreement => "R-5.2.3",
            EndReason::ThreefoldRepetition => "R-9.2",
            EndReason::FiftyMoves => "R-9.3",
            EndReason::FivefoldRepetition => "R-9.6.1",
            EndReason::SeventyFiveMoves => "R-9.6.2",
            EndReason::TimeForfeit | EndReason::DrawOnTime => "R-6.9",
            EndReason::IllegalMoveForfeit | EndReason::DrawAfterIllegalMove => "R-7.5.5",
            EndReason::ArbiterDecision => "R-12.9",
        }
    }

    /// The PGN Termination tag value.
    pub fn termination(self) -> &'static str {
        match self {
            EndReason::TimeForfeit | EndReason::DrawOnTime => "time forfeit",
            EndReason::ArbiterDecision
            | EndReason::IllegalMoveForfeit
            | EndReason::DrawAfterIllegalMove => "rules infraction",
            _ => "normal",
        }
    }

    /// A short English description (the voice issue moves all words into phrase tables).
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "Checkmate",
            EndReason::Resignation => "Resignation",
            EndReason::Stalemate => "Stalemate",
            EndReason::DeadPosition => "Dead position",
            EndReason::Agreement => "Draw by agreement",
            EndReason::ThreefoldRepetition => "Draw by threefold repetition, claimed",
            EndReason::FiftyMoves => "Draw by the 50-move rule, claimed",
            EndReason::FivefoldRepetition => "Draw by fivefold repetition",
            EndReason::SeventyFiveMoves => "Draw by the 75-move rule",
            EndReason::TimeForfeit => "Flag fell",
            EndReason::DrawOnTime => "Flag fell, but the opponent cannot checkmate",
            EndReason::IllegalMoveForfeit => "Second illegal move",
            EndReason::DrawAfterIllegalMove => {
                "Second illegal move, but the opponent cannot checkmate"
            }
            EndReason::ArbiterDecision => "Arbiter's decision",
        }
    }
}

/// A finished game: why and with what result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ending {
    pub reason: EndReason,
    pub result: GameResult,
}

impl Ending {
    pub fn new(reason: EndReason, result: GameResult) -> Ending {
        Ending { reason, result }
    }

    pub fn draw(reason: EndReason) -> Ending {
        Ending {
            reason,
            result: GameResult::Draw,
        }
    }
}
