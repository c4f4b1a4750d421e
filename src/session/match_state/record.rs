//! What the other parts do to the game and its clock, each a step of the Laws: the record taken back (D.2.8,
//! R-D.2.9), a game put in place of this one, the notes for the arbiter, the clock set or started by the
//! arbiter.

use std::time::Duration;

use shakmaty::Color;

use super::Match;
use super::resume;
use super::timing::parse_clk;
use crate::rules::{Game, GameError, Ply};
use crate::session::Config;

impl Match {
    /// A game put in place of this one (a resumed game, a chosen game of a file), in this one's edition: its
    /// own kept clock state taken out of its tags, its timing `cfg.time_control`'s.
    pub(in crate::session) fn replace_game(&mut self, cfg: &Config, game: Game) {
        let mut game = game.with_edition(self.game.edition());
        self.kept = resume::take_kept(&mut game);
        self.timing = Match::timing_of(&game, cfg);
        self.game = game;
    }

    /// D.2.8: the record goes back to its first `plies` moves (a move made and not pressed, withdrawn); the
    /// moves taken back, in order.
    pub(in crate::session) fn take_back_to(&mut self, plies: usize) -> Vec<Ply> {
        self.game.truncate(plies)
    }

    /// R-D.2.9b-c: the record and the position go back to the last agreeing move (`plies` moves); a 5-second
    /// request lapses (R-GIII.4); the clock's move counters follow the record, the side to move has the move
    /// and the clock stands for the arbiter. The moves taken back (none: nothing changed), and whether
    /// a clock stands waiting for the arbiter to start it.
    pub(in crate::session) fn rewind_to(
        &mut self,
        plies: usize,
        now: Duration,
        stop_clock: bool,
    ) -> (Vec<Ply>, bool) {
        let removed = self.game.truncate(plies);
        if removed.is_empty() {
            return (removed, false);
        }
        self.qpf_request = None;
        let game = &self.game;
        let turn = game.turn();
        let mut clocks = false;
        if let Some(t) = &mut self.timing {
            for side in [Color::White, Color::Black] {
                let n = game.moves_completed(side) as u32;
                t.clock.set_moves(side, n, now);
            }
            t.clock.hand_over(turn, now);
            if stop_clock {
                let _ = t.clock.pause(now);
                clocks = t.clock.running().is_none() && !game.is_over();
            }
        }
        (removed, clocks)
    }

    /// R-7.1 / R-D.2.9c: the arbiter starts the clocks as they are: the side whose clock now runs (without a
    /// clock, the side to move).
    pub(in crate::session) fn start_clocks_kept(&mut self, now: Duration) -> Color {
        let mut runs = self.game.turn();
        if let Some(t) = &mut self.timing {
            let _ = t.clock.resume(now);
            if let Some(side) = t.clock.running() {
                runs = side;
            }
        }
        runs
    }

    /// The arbiter sets `side`'s clock to `left`; nothing without a clock.
    pub(in crate::session) fn set_clock(&mut self, side: Color, left: Duration, now: Duration) {
        if let Some(t) = &mut self.timing {
            t.clock.set_remaining(side, left, now);
        }
    }

    /// while the arbiter has the clock standing: the press counts (move counter, increment) and
    /// the clock stands on, now on the opponent's side.
    pub(in crate::session) fn press_standing(&mut self, presser: Color, now: Duration) {
        if let Some(t) = &mut self.timing {
            let _ = t.clock.resume(now);
            let _ = t.clock.press(presser, now);
            let _ = t.clock.pause(now);
        }
    }

    /// The talking clock's settings changed: both sides' read-outs are armed again from the session's time.
    pub(in crate::session) fn rearm_announcements(&mut self, cfg: &Config) {
        let now = self.virtual_now.unwrap_or_default();
        if let Some(t) = &mut self.timing {
            for side in [Color::White, Color::Black] {
                t.arm_side(side, now, &cfg.clock);
            }
        }
    }

    /// the side whose flag has fallen at `now` (the first to fall), claimed or not.
    pub(in crate::session) fn flag_fallen(&self, now: Duration) -> Option<Color> {
        self.clock()
            .and_then(|c| c.first_flag(now))
            .map(|(side, _)| side)
    }

    /// `by` offers a draw.
    pub(in crate::session) fn offer_draw(&mut self, by: Color) -> Result<(), GameError> {
        self.game.offer_draw(by)
    }

    /// A rematch (the colours swapped): the players' names change sides with them in the record's tags.
    pub(in crate::session) fn swap_players(&mut self) {
        let game = &mut self.game;
        let name = |tag| game.tags.get(tag).map(str::to_owned);
        let (white, black) = (name("White"), name("Black"));
        game.tags.retain(|tag, _| tag != "White" && tag != "Black");
        if let Some(black) = black {
            game.tags.set("White", &black);
        }
        if let Some(white) = white {
            game.tags.set("Black", &white);
        }
    }

    /// A note for the arbiter in the record (R-8.1, R-D.2.9b): a PGN comment after the ply (before the first
    /// move when there is none), read back by the importer like any comment.
    pub(in crate::session) fn note_on_ply(&mut self, ply: usize, note: String) {
        let note = note.replace(['{', '}'], "");
        match self.game.plies_mut().get_mut(ply) {
            Some(p) => p.annotations.comments.push(note),
            None => self.game.initial_comments.push(note),
        }
    }

    /// The note `note` of a completion by the next move (R-6.2.1.2) is taken back from the ply, with the
    /// clock's time written after it (the earlier move waits for its press again).
    pub(in crate::session) fn unnote_completion(&mut self, ply: usize, note: &str) {
        if let Some(p) = self.game.plies_mut().get_mut(ply) {
            p.annotations
                .comments
                .retain(|c| c != note && parse_clk(c).is_none());
        }
    }

    /// Tests: a move in SAN played on the board, nothing else done.
    #[cfg(test)]
    pub(in crate::session) fn play_san(&mut self, san: &str) -> Result<&Ply, GameError> {
        self.game.play_san(san)
    }
}
