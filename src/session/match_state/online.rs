//! The match in a game played online: lichess keeps the clocks and decides the end; the match takes them.

use std::time::Duration;

use shakmaty::Color;

use super::Match;
use crate::rules::Ending;

impl Match {
    /// The server's clocks (`wtime`, `btime` of the last state), counted down from `now` for the side whose
    /// clock runs (None: none runs yet, or the game stopped); the last move's `%clk` is the server's.
    pub(in crate::session) fn server_clocks(
        &mut self,
        white: Duration,
        black: Duration,
        running: Option<Color>,
        now: Duration,
    ) {
        let last = self.game.plies().len().checked_sub(1);
        let mover = self.game.turn().other();
        if let Some(t) = &mut self.timing {
            t.clock.set_remaining(Color::White, white, now);
            t.clock.set_remaining(Color::Black, black, now);
            match running {
                Some(side) => t.clock.hand_over(side, now),
                None => {
                    let _ = t.clock.pause(now);
                }
            }
            if running.is_some() && t.clock.running().is_none() {
                let _ = t.clock.resume(now);
            }
        }
        if let Some(ply) = last {
            self.mark_clock_on(ply, mover, now);
        }
    }

    /// lichess ended the game (its reason, its result): the game ends here too, and its clock stops.
    pub(in crate::session) fn end_online(&mut self, ending: Ending, now: Duration) {
        self.game.end(ending);
        self.stop_clock(now);
    }
}
