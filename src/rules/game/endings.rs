//! How a game ends: automatic endings, draw claims (Article 9), draw offers, resignation.

use shakmaty::san::SanPlus;
use shakmaty::{Color, Move, Position};

use crate::rules::dead::{self};
use crate::rules::ending::{EndReason, Ending, GameResult};

use super::error::GameError;
use super::repetition::RepetitionKey;
use super::{Game, color_name};

/// Which draw claim (Article 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    ///
    ThreefoldRepetition,
    ///
    FiftyMoves,
}

/// The arbiter's verdict on a claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimVerdict {
    /// the game is drawn.
    Correct {
        kind: ClaimKind,
        with_move: Option<SanPlus>,
    },
    /// the game goes on; an intended move has been played.
    Incorrect {
        played: Option<SanPlus>,
        repetitions: usize,
        moves_without_progress: u32,
    },
}

impl Game {
    /// The automatic endings, in order of precedence: mate before every draw, then stalemate
    /// dead position, fivefold repetition and 75 moves.
    pub(super) fn automatic_ending(&self) -> Option<Ending> {
        self.automatic_ending_checking(true, self.position.legal_moves().is_empty())
    }

    /// `no_moves`: the side to move has no legal move.
    pub(super) fn automatic_ending_checking(
        &self,
        dead_check: bool,
        no_moves: bool,
    ) -> Option<Ending> {
        let pos = &self.position;
        if no_moves && pos.is_check() {
            return Some(Ending::new(
                EndReason::Checkmate,
                GameResult::win_for(pos.turn().other()),
            ));
        }
        if no_moves {
            return Some(Ending::draw(EndReason::Stalemate));
        }
        if dead_check && dead::is_dead_position(pos, self.mode) {
            return Some(Ending::draw(EndReason::DeadPosition));
        }
        if self.edition.automatic_fivefold_and_75() {
            // Five occurrences lie at least four half-moves apart, all since the last pawn move or capture.
            if pos.halfmoves() >= 16 && self.repetitions() >= 5 {
                return Some(Ending::draw(EndReason::FivefoldRepetition));
            }
            if pos.halfmoves() >= 150 {
                return Some(Ending::draw(EndReason::SeventyFiveMoves));
            }
        }
        None
    }

    /// Which claims the side to move could make right now, without a move (R-9.2.1b, R-9.3b).
    pub fn claimable_now(&self) -> Vec<ClaimKind> {
        let mut out = Vec::new();
        if self.is_over() {
            return out;
        }
        if self.repetitions() >= 3 {
            out.push(ClaimKind::ThreefoldRepetition);
        }
        if self.position.halfmoves() >= 100 {
            out.push(ClaimKind::FiftyMoves);
        }
        out
    }

    /// Which claims the side to move could make with the intended move `m` (R-9.2.1a, R-9.3a), judged without
    /// playing it.
    pub fn claimable_with(&self, m: Move) -> Vec<ClaimKind> {
        let mut out = Vec::new();
        if self.is_over() || !self.position.is_legal(m) {
            return out;
        }
        let mut after = self.position.clone();
        after.play_unchecked(m);
        let key = RepetitionKey::of(&after, self.edition);
        if self.keys.iter().filter(|k| **k == key).count() + 1 >= 3 {
            out.push(ClaimKind::ThreefoldRepetition);
        }
        if after.halfmoves() >= 100 {
            out.push(ClaimKind::FiftyMoves);
        }
        out
    }

    /// True when some legal move would make a claim correct (what python-chess calls "can claim").
    pub fn claimable_with_some_move(&self) -> bool {
        self.legal_moves()
            .iter()
            .any(|m| !self.claimable_with(*m).is_empty())
    }

    /// the side to move claims a draw, now or with an intended move. The claim is judged
    /// before the move is played. A correct claim draws the game (a prospective claim's move is written in the
    /// record, as on the scoresheet). A wrong claim changes nothing but that the intended move, which can no
    /// longer be changed, is then played; time penalties belong to the clock.
    pub fn claim(&mut self, intended: Option<Move>) -> Result<ClaimVerdict, GameError> {
        self.check_not_over()?;
        match intended {
            None => {
                let kinds = self.claimable_now();
                if let Some(kind) = kinds.first().copied() {
                    self.end(Ending::draw(claim_reason(kind)));
                    Ok(ClaimVerdict::Correct {
                        kind,
                        with_move: None,
                    })
                } else {
                    Ok(ClaimVerdict::Incorrect {
                        played: None,
                        repetitions: self.repetitions(),
                        moves_without_progress: self.position.halfmoves() / 2,
                    })
                }
            }
            Some(m) => {
                if !self.position.is_legal(m) {
                    return Err(GameError::IllegalMove);
                }
                let kinds = self.claimable_with(m);
                let san = self.play(m)?.san;
                if self
                    .ending
                    .is_some_and(|e| e.reason == EndReason::Checkmate)
                {
                    // Mate prevails over any claim (R-9.6 commentary, R-5.1.1).
                    return Ok(ClaimVerdict::Incorrect {
                        played: Some(san),
                        repetitions: self.repetitions(),
                        moves_without_progress: self.position.halfmoves() / 2,
                    });
                }
                if let Some(kind) = kinds.first().copied() {
                    self.ending = Some(Ending::draw(claim_reason(kind)));
                    self.offer = None;
                    Ok(ClaimVerdict::Correct {
                        kind,
                        with_move: Some(san),
                    })
                } else {
                    Ok(ClaimVerdict::Incorrect {
                        played: Some(san),
                        repetitions: self.repetitions(),
                        moves_without_progress: self.position.halfmoves() / 2,
                    })
                }
            }
        }
    }

    /// `by` offers a draw. The offer stands until accepted, declined, or the opponent moves.
    pub fn offer_draw(&mut self, by: Color) -> Result<(), GameError> {
        self.check_not_over()?;
        if let Some(open) = self.offer {
            return Err(if open == by {
                GameError::OfferAlreadyOpen(color_name(by))
            } else {
                GameError::OfferAlreadyOpen(color_name(open))
            });
        }
        self.offer = Some(by);
        // R-9.1.2.2: written (=) after the offerer's move.
        match self.plies.last_mut() {
            Some(last) if last.color() == by => last.draw_offer = true,
            _ => self.mark_next_move_of = Some(by),
        }
        Ok(())
    }

    /// `by` accepts the opponent's open offer. Under the 2018 edition each side must have moved.
    pub fn accept_draw(&mut self, by: Color) -> Result<Ending, GameError> {
        self.check_not_over()?;
        match self.offer {
            None => Err(GameError::NoDrawOffer),
            Some(c) if c == by => Err(GameError::OwnDrawOffer),
            Some(_) => {
                if self.edition.agreement_needs_a_move_each() && self.plies.len() < 2 {
                    return Err(GameError::AgreementTooEarly);
                }
                let e = Ending::draw(EndReason::Agreement);
                self.end(e);
                Ok(e)
            }
        }
    }

    /// `by` declines the opponent's open offer.
    pub fn decline_draw(&mut self, by: Color) -> Result<(), GameError> {
        self.check_not_over()?;
        match self.offer {
            None => Err(GameError::NoDrawOffer),
            Some(c) if c == by => Err(GameError::OwnDrawOffer),
            Some(_) => {
                self.offer = None;
                self.mark_next_move_of = None;
                Ok(())
            }
        }
    }

    /// `side` resigns; the opponent wins.
    pub fn resign(&mut self, side: Color) -> Result<Ending, GameError> {
        self.check_not_over()?;
        let e = Ending::new(EndReason::Resignation, GameResult::win_for(side.other()));
        self.end(e);
        Ok(e)
    }

    /// A finished game read back from its record: PGN's Termination tag says why it ended only coarsely ("rules
    /// infraction" for an illegal-move forfeit and an arbiter's decision alike, "normal" for a resignation, an
    /// agreement and a claimed draw), so the import guesses. `reason`, kept beside the record by the program
    /// that ended the game, replaces the guess when it says the same: the same Termination and result, and an
    /// ending the moves themselves do not decide (a mate stays a mate). Loading a finished game changes nothing
    /// of it. Whether it was taken.
    pub fn restore_reason(&mut self, reason: EndReason) -> bool {
        use EndReason as R;
        let by_moves = |r: EndReason| {
            matches!(
                r,
                R::Checkmate
                    | R::Stalemate
                    | R::DeadPosition
                    | R::FivefoldRepetition
                    | R::SeventyFiveMoves
            )
        };
        let Some(e) = self.ending else {
            return false;
        };
        let draw = e.result == GameResult::Draw;
        let fits = match reason {
            R::Resignation | R::TimeForfeit | R::IllegalMoveForfeit => !draw,
            R::Agreement
            | R::ThreefoldRepetition
            | R::FiftyMoves
            | R::DrawOnTime
            | R::DrawAfterIllegalMove => draw,
            R::ArbiterDecision => true,
            _ => false,
        };
        if !fits || by_moves(e.reason) || reason.termination() != e.reason.termination() {
            return false;
        }
        self.ending = Some(Ending::new(reason, e.result));
        true
    }

    /// The arbiter takes back what ended the game (an illegal move recorded by mistake, a result to correct,
    /// as FIDE's standard for electronic clocks asks): the game is not over any more. Returns the ending it had.
    pub fn reopen(&mut self) -> Option<Ending> {
        self.ending.take()
    }

    /// Ends the game for a reason decided outside the board (flag, arbiter, illegal moves, an imported result).
    pub fn end(&mut self, ending: Ending) {
        if self.ending.is_none() {
            self.ending = Some(ending);
            self.offer = None;
            self.mark_next_move_of = None;
        }
    }
}

fn claim_reason(kind: ClaimKind) -> EndReason {
    match kind {
        ClaimKind::ThreefoldRepetition => EndReason::ThreefoldRepetition,
        ClaimKind::FiftyMoves => EndReason::FiftyMoves,
    }
}
