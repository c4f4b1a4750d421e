//! The coordinator's dispatch: an allowed action to the part that answers it, in one exhaustive `match` on the
//! action's kind. A command added to the registry (words/commands.rs) and to `Action` does not compile until it
//! has its arm here; no line falls through into a move unless its arm says so.

use std::time::Duration;

use super::help;
use super::{Effect, Kind, Session, games, say, tournament};
use crate::words::action::Action;

/// The one routing of an allowed action to the part that answers it: the review's while a review is open, the
/// tournament profile's, the board check's (their actions are disjoint), then the ordinary ones (play mode's,
/// and the profile's where they are the same).
pub(super) fn answer(s: &mut Session, action: &Action, line: &str, now: Duration) -> Vec<Effect> {
    use Action as A;
    // The open review answers its steps and the questions about the reviewed position; the tournament
    // profile its own commands (D.2).
    if let Some(out) = s.review_answer(action) {
        return s.view().assistant_view(out);
    }
    if let Some(out) = s.profile_answer(action, now) {
        return out;
    }
    // Online play's lobby and game (session/online): its own commands, and what a game on lichess does
    // differently (offers, takebacks, resigning, claims are asked of lichess).
    if let Some(out) = super::online::answer(s, action, line) {
        return s.view().assistant_view(out);
    }
    let out = match action {
        A::Review(rest) => s.enter_review(rest),
        A::Back
        | A::Forward
        | A::Start
        | A::End
        | A::Goto(_)
        | A::Variation(_)
        | A::Leave
        | A::Done => return s.view().refused("review.not_open", line),
        // The board check and the scoresheets' comparison (D.2.9).
        A::Keep
        | A::SetClocks(_)
        | A::Check(_)
        | A::Compare(_)
        | A::Rewind
        | A::Rewound
        | A::Is(_) => return s.board_check_answer(action, now),
        // The adjournment's (Guidelines I).
        A::Open if s.m.is_adjourned() => s.open_envelope(now),
        A::Open => vec![say(Kind::Refusal, s.config.p("envelope.none", &[]))],
        A::Help => help::help(&s.view()),
        A::HelpOn(text) => help::help_on(&s.view(), text),
        A::Quit => games::goodbye(s.quit(), &s.config, s.m.game()),
        A::Last => vec![say(Kind::Answer, s.view().last())],
        // The questions about the game's position.
        A::Board
        | A::Square(_)
        | A::Fen
        | A::Count
        | A::Moves(_)
        | A::Rank(_)
        | A::File(_)
        | A::Diagonals(_)
        | A::Lines(_)
        | A::Knights(_)
        | A::Attackers(_)
        | A::Legal(_)
        | A::Pieces(_)
        | A::Pawns(_)
        | A::Material(_)
        | A::Turn(_) => s.view().position_answer(action, s.m.game()),
        A::Claim(rest) => s.claim(rest, now),
        A::Offer => s.offer(now),
        A::Accept => s.accept(now),
        A::Decline => s.decline(now),
        A::Resign(side) => s.resign(side),
        A::Yes | A::No => vec![say(Kind::Refusal, s.config.p("confirm.nothing", &[]))],
        A::Save(rest) => s.save(rest),
        A::Scoresheet(rest) => {
            let t = s.tournament.as_ref();
            tournament::record::scoresheet_asked(&s.config, &s.m, t, rest)
        }
        A::Export(rest) => {
            let pgn = s.view().pgn_kept();
            let game_file = s.files.game_file(&s.config, &pgn);
            tournament::record::export(&s.config, &s.m, pgn, game_file, rest)
        }
        A::Kept => games::kept_list(&s.config),
        A::Repeat => s.view().repeat(),
        A::Takeback(rest) => s.takeback(rest, now),
        A::New => s.ask_new_game(false),
        A::Rematch => s.ask_new_game(true),
        A::Sides(rest) => s.config.sides_command(rest),
        // The match's clock, arbiter and adjournment.
        A::Time
        | A::Used
        | A::Control
        | A::Flag
        | A::Wait(_)
        | A::Increment
        | A::Arbiter(_)
        | A::Seal(_)
        | A::Envelope => s.clock_answer(action, now),
        A::Illegal(rest) => s.illegal(rest, None, now),
        A::Press => s.press_without_move(s.m.game().turn(), now),
        // The opponent's.
        A::Engine(_) | A::Opponent(_) | A::Level(_) => s
            .other
            .answer(&mut s.config, &s.m, action)
            .unwrap_or_default(),
        // The profile's own commands outside the profile (its part answers them above), the blind player's
        // request outside assistant mode, a word of analysis hector has no command for, and every line that is
        // no command: read as a move entry, which refuses what is no move with its reason.
        // Online play's commands outside online play (its part refused them above).
        A::Seek(_)
        | A::Challenge(_)
        | A::Cancel
        | A::Challenges
        | A::Games
        | A::Join(_)
        | A::Abort
        | A::Say(_)
        | A::Chat(_) => Vec::new(),
        A::Undo
        | A::State
        | A::Log(_)
        | A::Touched(_)
        | A::Role(_)
        | A::Inspect
        | A::Verify
        | A::Announce(_)
        | A::Player(_)
        | A::Analysis(_)
        | A::Entry(_) => s.play_text(line, now),
    };
    s.view().assistant_view(out)
}
