//! The questions the session asks (yes or no, which piece, which game) and what they are about.

use std::path::PathBuf;

use shakmaty::Color;

use super::Envelope;
use crate::rules::Game;
use crate::rules::time_control::TimeControl;

/// A question waiting for its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Pending {
    /// Resign for this side? Only yes or no answers it.
    Resign(Color),
    /// Continue the unfinished game kept in `Session::resume`? Only yes or no answers it: nothing is
    /// overwritten without an explicit no.
    Resume,
    /// A move entry did not fit the record (tournament profile): `illegal` records an illegal move for the
    /// arbiter, anything else is taken as the entry again.
    NotFitting,
    /// Which game of the file in `Session::choice`? (issue 10.8)
    ChooseGame,
    /// R-D.2.9b: retrace the moves to where the scoresheets agree?
    Rewind,
    /// Which piece the pawn becomes (R-3.7.5c): a piece word or letter answers it; anything else drops it.
    Promotion {
        from: shakmaty::Square,
        to: shakmaty::Square,
    },
    /// the clock of this side was pressed without a move; record an illegal move? A press may be a
    /// key bounce or a slip: only yes records it.
    PressWithoutMove(Color),
}

/// An unfinished game found on start-up, offered for resumption (issue 5: games are never lost).
#[derive(Debug, Clone)]
pub struct ResumeOffer {
    pub game: Game,
    pub time_control: Option<TimeControl>,
    /// Where it was kept (said, so the player knows which game).
    pub path: PathBuf,
    /// The file as it was read: written unchanged to `keep_as` when the player declines it (unless `copied`).
    pub text: String,
    /// Where a declined game is kept (the folder of kept games, named by date).
    pub keep_as: PathBuf,
    /// The file and its action log were copied to `keep_as` before the question (issue 18.2): "no" leaves the
    /// copy, "yes" removes it. When the copy could not be made, "no" starts the new game in `fallback` and the
    /// unfinished game stays in its file.
    pub copied: bool,
    /// A free name beside `path` for a new game when the old one could not be kept.
    pub fallback: PathBuf,
    /// The game's action log, which goes on when the game does (tournament profile).
    pub log: Option<String>,
    /// The envelope of an adjourned game (Guidelines I): "yes" resumes it as `--load` would.
    pub envelope: Option<Envelope>,
}
