//! The online part's state (its functions are in online/mod.rs and online/game.rs): kept apart so that the
//! session's parts can hold it without importing the session.

use std::path::PathBuf;

use shakmaty::Color;

use super::types::{GameSummary, IncomingChallenge, OnlinePlayer};

/// The online part's state.
#[derive(Debug, Default)]
pub struct Online {
    /// The account's name, once the token was accepted.
    pub(super) me: Option<String>,
    /// Challenges made to the player, in the order they came (numbered from 1).
    pub(super) incoming: Vec<IncomingChallenge>,
    /// The account's ongoing games as last listed (numbered from 1).
    pub(super) games: Vec<GameSummary>,
    /// The player's open seek (`Some("")`) or challenge (its id).
    pub(super) open: Option<String>,
    /// The game being played or last played.
    pub(super) game: Option<Played>,
    /// The opponent's chat is not said (`chat off`).
    pub(super) chat_off: bool,
    /// Said once until it is back: the link was lost; lichess asked to slow down.
    pub(super) lost: bool,
    pub(super) limited: bool,
    /// Where a game is kept without `--save`: `$XDG_DATA_HOME/hector/games` (lichess-ID.pgn).
    pub(super) games_dir: Option<PathBuf>,
    /// `--save FILE`.
    pub(super) save: Option<PathBuf>,
    /// `--game ID`: joined once signed in.
    pub(super) join_first: Option<String>,
}

impl Online {
    /// The start's settings (given by app.rs): where games are kept, `--save`, `--game`.
    pub fn new(games_dir: Option<PathBuf>, save: Option<PathBuf>, join: Option<String>) -> Online {
        Online {
            games_dir,
            save,
            join_first: join,
            ..Online::default()
        }
    }

    /// A game is being played on lichess: the policy's online state (no engine, hints or analysis).
    pub fn in_game(&self) -> bool {
        self.game.as_ref().is_some_and(|g| !g.over)
    }

    /// The game's opponent (name and rating) and whether a move of the player is on its way, for the faces.
    pub fn opponent(&self) -> Option<&OnlinePlayer> {
        self.game.as_ref().map(|g| &g.opponent)
    }

    /// The challenges made to the player, for the faces (accept N, decline N).
    pub fn incoming(&self) -> &[IncomingChallenge] {
        &self.incoming
    }
}

/// The game being played, as far as the session keeps it beside the match.
#[derive(Debug, Default)]
pub(super) struct Played {
    pub id: String,
    pub me: Option<Color>,
    pub opponent: OnlinePlayer,
    /// The player's move on its way to lichess (UCI).
    pub pending: Option<String>,
    /// The opponent's draw offer and takeback proposal, open.
    pub their_draw: bool,
    pub their_takeback: bool,
    /// The opponent's flags in lichess's last state: an offer is announced when it appears, once.
    pub seen_draw: bool,
    pub seen_takeback: bool,
    /// The player's draw offer and takeback proposal, open.
    pub my_draw: bool,
    pub my_takeback: bool,
    /// The opponent left (`opponentGone`).
    pub gone: bool,
    pub over: bool,
    /// `resign` asked its question.
    pub resign_asked: bool,
}
