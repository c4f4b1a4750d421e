//! The analysis commands of a game (the analysis contract, shared/design/analysis.md): `eval`, `best [N]`,
//! `hint` (asked of the engine as analyst, the other side's part), `opening` and `openings on|off`, and the
//! announcement of a newly reached named opening after the move that reaches it. The policy has allowed the
//! command before it comes here (class `ANALYSIS`: refused in the tournament profile while the game is played
//! and online, allowed in a review).

use super::other_side::{MAX_BEST, Opponent, Want};
use super::{Effect, Kind, Session, say};
use crate::rules::Game;
use crate::words::action::{Action, Arg};
use crate::words::commands;
use crate::words::openings::{self, Opening};

/// An analysis command, allowed by the policy.
pub(super) fn answer(s: &mut Session, action: &Action) -> Vec<Effect> {
    let refuse = |s: &Session, key: &str, args: &[(&str, &str)]| {
        vec![say(Kind::Refusal, s.config.p(key, args))]
    };
    let want = match action {
        Action::Eval => Want::Eval,
        Action::Best(Arg::None) => Want::Best(1),
        Action::Best(Arg::Given(n)) if (1..=MAX_BEST).contains(n) => Want::Best(*n as u8),
        Action::Best(bad) => {
            let max = MAX_BEST.to_string();
            return refuse(
                s,
                "analysis.best_usage",
                &[("max", &max), ("text", &bad.text())],
            );
        }
        Action::Hint => {
            if s.config.opponent != Opponent::Engine {
                return refuse(s, "analysis.hint_engine_only", &[]);
            }
            if s.m.game().is_over() {
                return refuse(s, "analysis.game_over", &[]);
            }
            if s.m.game().turn() == s.config.engine_color {
                return refuse(s, "analysis.hint_not_your_turn", &[]);
            }
            Want::Hint
        }
        Action::Opening => {
            let said = match openings::reached(s.view().shown_game().positions()) {
                Some(o) => opening_words(s, o),
                None => s.config.p("opening.none", &[]),
            };
            return vec![say(Kind::Answer, said)];
        }
        Action::Openings(Arg::Given(on)) => {
            s.openings.on = *on;
            let key = if *on { "openings.on" } else { "openings.off" };
            return vec![say(Kind::Answer, s.config.p(key, &[]))];
        }
        Action::Openings(arg) => {
            return refuse(s, "openings.usage", &[("text", &arg.text())]);
        }
        _ => return Vec::new(),
    };
    let game = s.view().shown_game().clone();
    s.other.ask_analyst(&s.config, &s.m, &game, want)
}

fn opening_words(s: &Session, o: Opening) -> String {
    s.config
        .p("opening.named", &[("eco", o.eco), ("name", o.name)])
}

/// After every command: when a move was played (its announcement is in `out`) or the review stepped, and the game
/// shown (the game's, or the reviewed one) went one move on to a position
/// the table names with another name than the opening reached before, its name is said after the move's own
/// announcement, if `openings on` and the policy allows analysis here. An opening name is book knowledge, the
/// help forbids during a tournament game: it follows the analysis rule (the `opening` row's verdict),
/// so it is silent in the tournament profile while the game is played and online, and said in play and review.
pub(super) fn after_update(s: &mut Session, out: &mut Vec<Effect>) {
    let seen = s.openings.seen;
    let view = s.view();
    let game: &Game = view.shown_game();
    let (plies, last) = (game.plies().len(), game.plies().last().map(|p| p.mv));
    if let Some((n, mv, _)) = seen
        && n == plies
        && mv == last
    {
        return;
    }
    let one_on = seen.is_some_and(|(n, _, _)| n + 1 == plies);
    let before = seen.and_then(|(_, _, o)| o);
    let (reached, new) = match (one_on, openings::named(game.position())) {
        (true, Some(o)) => (Some(o), before.is_none_or(|b| b.name != o.name)),
        (true, None) => (before, false),
        (false, _) => (openings::reached(game.positions()), false),
    };
    let allowed = view.offer(commands::Kind::Opening) == super::policy::Offer::Yes;
    // A game resumed or loaded, a takeback, a jump in the review: the opening is seen, not said.
    let moved = view.reviewing()
        || out
            .iter()
            .any(|e| matches!(e, Effect::Say(a) if a.kind == Kind::Move));
    s.openings.seen = Some((plies, last, reached));
    if let Some(o) = reached
        && new
        && moved
        && s.openings.on
        && allowed
    {
        out.push(say(Kind::Event, opening_words(s, o)));
    }
}
