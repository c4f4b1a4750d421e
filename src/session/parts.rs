//! The session's parts: the game and the conversation around it. The coordinator (`impl Session`) is in
//! session/mod.rs.

use std::time::Duration;

use super::match_state::Match;
use super::questions::Questions;
use super::{Announcement, Config, Tournament, board_check, games, other_side, review};
use crate::words;

/// The session: the game and the conversation around it.
pub struct Session {
    /// The game, its clock, penalties and adjournment.
    pub(super) m: Match,
    pub(super) config: Config,
    /// The open question and whether it was said again (the next lines that do not answer it get a reminder).
    pub(super) questions: Questions,
    /// The game files: saves, the resume offer, the file of several games, the game's identity.
    pub(super) files: games::GameFiles,
    /// The other side of the board: a person at the keyboard, the engine (also as analyst), a remote player.
    pub(super) other: other_side::OtherSide,
    /// Command words of the player's language and English → canonical command names.
    pub(super) commands: words::commands::Commands,
    /// The last announcement, for `repeat`.
    pub(super) last_said: Option<Announcement>,
    /// Record and assistant mode: the tournament profile's state (None in play mode).
    pub(super) tournament: Option<Tournament>,
    /// Said once after the greeting (an envelope that was not used).
    pub(super) start_notes: Vec<String>,
    /// The board check and the scoresheet comparison of D.2.9.
    pub(super) board_check: board_check::BoardCheck,
    /// An open review of the game (a copy: the game is never changed by it).
    pub(super) review: Option<review::Review>,
    /// `--review FILE`: the review opens at the start once the game is known.
    pub(super) review_at_start: bool,
    /// The game was read from a file to review (`--review FILE`): no side of it is the player's.
    pub(super) reviewed_file: bool,
    /// A practice of the player's mistakes (session/practice.rs).
    pub(super) practice: Option<super::practice::Practice>,
    /// The session's time of the command being carried out, and the edge's (real) time of it: the clock's
    /// state kept with every save is taken at this instant.
    pub(super) at: Duration,
    pub(super) real_at: Duration,
    /// A resumed game is compared with its action log after the next command.
    pub(super) recover_pending: bool,
    /// The move chosen on the board being carried out (see `face_entries::play_move`).
    pub(super) chosen: Option<shakmaty::Move>,
    /// `openings on|off` and the opening the game shown has reached (see `analysis::after_update`).
    pub(super) openings: Openings,
    /// Online play on lichess: the lobby and the game played there (session/online).
    pub(super) online: super::online::state::Online,
}

/// Whether newly reached openings are announced, and what the game shown had reached when last seen.
#[derive(Debug, Clone)]
pub(super) struct Openings {
    /// `openings on|off`; on by default, in play and in review.
    pub on: bool,
    /// The game shown as last seen: its number of plies and last move, and the opening it had reached.
    pub seen: Option<(
        usize,
        Option<shakmaty::Move>,
        Option<words::openings::Opening>,
    )>,
}

impl Default for Openings {
    fn default() -> Self {
        Openings {
            on: true,
            seen: None,
        }
    }
}

/// A session of `game` as it starts: nothing asked, said or kept yet.
pub(super) fn fresh(game: crate::rules::Game, config: Config) -> Session {
    let openings_on = config.openings;
    Session {
        m: Match::new(game, &config),
        commands: words::commands::Commands::new(&config.phrases),
        tournament: Tournament::of_mode(&config),
        config,
        questions: Questions::default(),
        files: games::GameFiles::default(),
        other: other_side::OtherSide::default(),
        last_said: None,
        start_notes: Vec::new(),
        board_check: board_check::BoardCheck::default(),
        review: None,
        review_at_start: false,
        reviewed_file: false,
        practice: None,
        at: Duration::ZERO,
        real_at: Duration::ZERO,
        recover_pending: false,
        chosen: None,
        openings: Openings {
            on: openings_on,
            seen: None,
        },
        online: super::online::state::Online::default(),
    }
}
