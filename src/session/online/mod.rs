//! Online play on lichess (shared/design/online.md) as one part of the session: the lobby (seeks, challenges,
//! the ongoing games) and the game played through lichess's Board API. The session decides everything here;
//! the edge's link (ui/online_link.rs) carries `ToOther::Lichess` to lichess and brings its events back as
//! `OtherEvent::Lichess`. Free functions of the session, as face_entries.rs: the coordinator delegates here.
//!
//! A move of the player is sent, not played: it is played and announced only once lichess sends it back in a
//! game state (no second move while one is on its way; a refused move leaves the position as it was).

mod game;
pub(super) mod state;
pub(super) use game::send_move;
pub use state::Online;
pub mod lobby;
pub mod types;

use std::time::Duration;

use super::{Effect, Kind, Session, say};
use crate::words;
use crate::words::action::Action;
pub use types::{
    Control, GameFull, GameState, GameSummary, IncomingChallenge, LichessAsk, LichessEvent,
    OnlinePlayer,
};

fn ask(a: LichessAsk) -> Effect {
    Effect::Other(super::ToOther::Lichess(a))
}

fn event_say(s: &Session, key: &str, args: &[(&str, &str)]) -> Effect {
    say(Kind::Event, s.config.p(key, args))
}

fn answer_say(s: &Session, key: &str, args: &[(&str, &str)]) -> Effect {
    say(Kind::Answer, s.config.p(key, args))
}

fn refuse(s: &Session, key: &str, args: &[(&str, &str)]) -> Vec<Effect> {
    vec![say(Kind::Refusal, s.config.p(key, args))]
}

/// The online part's answer to an action, before the ordinary dispatch; None: answered as ever. Outside
/// online play only its own commands are answered (refused: they need `--opponent lichess`).
pub(super) fn answer(s: &mut Session, action: &Action, line: &str) -> Option<Vec<Effect>> {
    use Action as A;
    let own = matches!(
        action,
        A::Seek(_)
            | A::Challenge(_)
            | A::Cancel
            | A::Challenges
            | A::Games
            | A::Join(_)
            | A::Abort
            | A::Say(_)
            | A::Chat(_)
    );
    if !s.online.is_active() {
        return own.then(|| refuse(s, "online.not_lichess", &[]));
    }
    // The resignation's question takes its answer first.
    if let Some(g) = &mut s.online.game
        && std::mem::take(&mut g.resign_asked)
    {
        match action {
            A::Yes => {
                let game = g.id.clone();
                return Some(vec![ask(LichessAsk::Resign { game })]);
            }
            A::No => return Some(vec![answer_say(s, "online.resign_kept", &[])]),
            _ => {}
        }
    }
    let rest = action.rest();
    // `accept N`, `decline N`: the command with its number (a command without an argument followed by text
    // reads as an entry).
    let first = line.split_whitespace().next().unwrap_or("");
    let numbered = match (action, s.commands.kind(first)) {
        (
            A::Entry(_),
            Some(k @ (words::commands::Kind::Accept | words::commands::Kind::Decline)),
        ) => Some(if k == words::commands::Kind::Accept {
            A::Accept
        } else {
            A::Decline
        }),
        _ => None,
    };
    let action = numbered.as_ref().unwrap_or(action);
    Some(match action {
        A::Seek(r) => lobby_ask(s, lobby::seek(r)),
        A::Challenge(r) => lobby_ask(s, lobby::challenge(r)),
        A::Cancel => match s.online.open.take() {
            Some(id) => {
                let id = (!id.is_empty()).then_some(id);
                vec![
                    ask(LichessAsk::Cancel { id }),
                    answer_say(s, "online.cancelled", &[]),
                ]
            }
            None => refuse(s, "online.nothing_open", &[]),
        },
        A::Challenges => challenges_list(s),
        A::Games => vec![ask(LichessAsk::Playing)],
        A::Join(r) => join(s, r),
        A::Accept | A::Decline => {
            let yes = matches!(action, A::Accept);
            let n = line.split_whitespace().nth(1).unwrap_or("");
            if n.is_empty()
                && let Some(out) = game::answer_offer(s, yes)
            {
                return Some(out);
            }
            answer_challenge(s, n, yes)
        }
        _ => return game::answer(s, action, &rest),
    })
}

/// A lobby request read: sent, or refused with its reason before anything is sent.
fn lobby_ask(s: &mut Session, read: lobby::Read) -> Vec<Effect> {
    match read {
        lobby::Read::Bad(key, text) => refuse(s, key, &[("text", &words::quote(&text))]),
        lobby::Read::TooFast(text) => refuse(s, "online.seek_too_fast", &[("control", &text)]),
        lobby::Read::Ask(a) => {
            let control = match &a {
                LichessAsk::Seek { control, .. }
                | LichessAsk::Challenge { control, .. }
                | LichessAsk::ChallengeAi { control, .. } => control_text(s, *control),
                _ => String::new(),
            };
            let said = match &a {
                LichessAsk::Seek { .. } => {
                    s.online.open = Some(String::new());
                    answer_say(s, "online.seek_sent", &[("control", &control)])
                }
                LichessAsk::Challenge { user, .. } => {
                    let name = words::quote(user);
                    answer_say(
                        s,
                        "online.challenge_sent",
                        &[("name", &name), ("control", &control)],
                    )
                }
                _ => answer_say(s, "online.ai_sent", &[("control", &control)]),
            };
            vec![said, ask(a)]
        }
    }
}

/// A control as said: "10+5", "3 days per move", "no clock".
fn control_text(s: &Session, c: Control) -> String {
    match c {
        Control::Clock { .. } => c.clock_text().unwrap_or_default(),
        Control::Days(d) => s.config.p("online.days", &[("days", &d.to_string())]),
        Control::Unlimited => s.config.p("online.unlimited", &[]),
    }
}

fn player_text(s: &Session, p: &OnlinePlayer) -> String {
    let name = match p.ai_level {
        Some(l) => s.config.p("online.ai_name", &[("level", &l.to_string())]),
        None => words::quote(&p.name),
    };
    match p.rating {
        Some(r) => format!("{name} ({r})"),
        None => name,
    }
}

fn challenge_text(s: &Session, n: usize, c: &IncomingChallenge) -> String {
    let rated = s.config.p(
        if c.rated {
            "online.rated"
        } else {
            "online.casual"
        },
        &[],
    );
    let color = match c.color.as_str() {
        "white" => s.config.p("online.you_white", &[]),
        "black" => s.config.p("online.you_black", &[]),
        _ => s.config.p("online.you_random", &[]),
    };
    s.config.p(
        "online.challenge_line",
        &[
            ("n", &n.to_string()),
            ("name", &player_text(s, &c.from)),
            ("control", &control_text(s, c.control)),
            ("rated", &rated),
            ("color", &color),
        ],
    )
}

fn challenges_list(s: &Session) -> Vec<Effect> {
    if s.online.incoming.is_empty() {
        return vec![answer_say(s, "online.challenges_none", &[])];
    }
    let lines: Vec<String> = s
        .online
        .incoming
        .iter()
        .enumerate()
        .map(|(i, c)| challenge_text(s, i + 1, c))
        .collect();
    vec![say(Kind::Answer, lines.join("; "))]
}

fn answer_challenge(s: &mut Session, n: &str, yes: bool) -> Vec<Effect> {
    // Without a number, the only challenge made (the key's answer); with several, the number is asked for.
    let only = (n.is_empty() && s.online.incoming.len() == 1).then_some(1);
    let Some(i) = only.or_else(|| lobby::number(n).filter(|i| *i <= s.online.incoming.len()))
    else {
        if s.online.incoming.is_empty() {
            return refuse(s, "online.nothing_to_answer", &[]);
        }
        return refuse(
            s,
            "online.bad_number",
            &[("text", &words::quote(n)), ("list", "challenges")],
        );
    };
    let c = s.online.incoming.remove(i - 1);
    let key = if yes {
        "online.accepting"
    } else {
        "online.declined"
    };
    let said = answer_say(s, key, &[("name", &player_text(s, &c.from))]);
    let a = if yes {
        LichessAsk::Accept { id: c.id }
    } else {
        LichessAsk::Decline { id: c.id }
    };
    vec![said, ask(a)]
}

fn game_line(s: &Session, n: usize, g: &GameSummary) -> String {
    let color = s.config.side(if g.white {
        shakmaty::Color::White
    } else {
        shakmaty::Color::Black
    });
    let turn = if g.my_turn {
        s.config.p("online.your_move_short", &[])
    } else {
        String::new()
    };
    s.config.p(
        "online.game_line",
        &[
            ("n", &n.to_string()),
            ("name", &player_text(s, &g.opponent)),
            ("control", &control_text(s, g.control)),
            ("color", &color),
            ("turn", &turn),
        ],
    )
}

fn join(s: &mut Session, rest: &str) -> Vec<Effect> {
    if s.online.in_game() {
        return refuse(s, "online.in_game", &[]);
    }
    match lobby::number(rest).and_then(|i| s.online.games.get(i - 1)) {
        Some(g) => {
            let said = answer_say(
                s,
                "online.joining",
                &[("name", &player_text(s, &g.opponent))],
            );
            vec![said, ask(LichessAsk::Join { id: g.id.clone() })]
        }
        None if s.online.games.is_empty() => refuse(s, "online.games_none", &[]),
        None => refuse(
            s,
            "online.bad_number",
            &[("text", &words::quote(rest)), ("list", "games")],
        ),
    }
}

/// What lichess reported.
pub(super) fn event(s: &mut Session, e: LichessEvent, now: Duration) -> Vec<Effect> {
    match e {
        LichessEvent::SignedIn { name } => {
            let said = event_say(s, "online.signed_in", &[("name", &words::quote(&name))]);
            s.online.me = Some(name);
            let mut out = vec![said];
            match s.online.join_first.take() {
                Some(id) => out.push(ask(LichessAsk::Join { id })),
                None => out.push(ask(LichessAsk::Playing)),
            }
            out
        }
        LichessEvent::TokenRefused { reason } => {
            vec![event_say(
                s,
                "online.token_refused",
                &[("reason", &words::quote(&reason))],
            )]
        }
        LichessEvent::SignInFailed { reason } => {
            vec![event_say(
                s,
                "online.sign_in_failed",
                &[("reason", &words::quote(&reason))],
            )]
        }
        LichessEvent::Playing(games) => {
            s.online.games = games;
            playing(s)
        }
        LichessEvent::GameStart(g) => {
            s.online.open = None;
            if s.online.in_game() {
                let g_line = game_line(s, s.online.games.len() + 1, &g);
                s.online.games.push(g);
                return vec![event_say(s, "online.another_game", &[("game", &g_line)])];
            }
            let said = event_say(
                s,
                "online.paired",
                &[("name", &player_text(s, &g.opponent))],
            );
            let id = g.id.clone();
            s.online.games.retain(|x| x.id != id);
            s.online.games.insert(0, g);
            vec![said, ask(LichessAsk::Join { id })]
        }
        LichessEvent::GameFinish { id } => {
            s.online.games.retain(|g| g.id != id);
            Vec::new()
        }
        LichessEvent::Challenge(c) => {
            if s.online.incoming.iter().any(|x| x.id == c.id) {
                return Vec::new();
            }
            s.online.incoming.push(c);
            let n = s.online.incoming.len();
            let text = challenge_text(s, n, &s.online.incoming[n - 1]);
            vec![event_say(s, "online.challenge_in", &[("challenge", &text)])]
        }
        LichessEvent::ChallengeGone {
            id,
            declined,
            reason,
        } => {
            if let Some(i) = s.online.incoming.iter().position(|c| c.id == id) {
                let c = s.online.incoming.remove(i);
                return vec![event_say(
                    s,
                    "online.challenge_gone",
                    &[("name", &player_text(s, &c.from))],
                )];
            }
            if s.online.open.as_deref() == Some(id.as_str()) {
                s.online.open = None;
                if declined {
                    return vec![event_say(
                        s,
                        "online.challenge_declined",
                        &[("reason", &words::quote(&reason))],
                    )];
                }
            }
            Vec::new()
        }
        LichessEvent::Created { id } => {
            if s.online.open.as_deref().is_none_or(str::is_empty) && !id.is_empty() {
                s.online.open = Some(id);
            }
            Vec::new()
        }
        LichessEvent::Lost => {
            if std::mem::replace(&mut s.online.lost, true) {
                return Vec::new();
            }
            vec![event_say(s, "online.lost", &[])]
        }
        LichessEvent::Again => {
            if !std::mem::take(&mut s.online.lost) {
                return Vec::new();
            }
            s.online.limited = false;
            vec![event_say(s, "online.again", &[])]
        }
        LichessEvent::Limited => {
            if std::mem::replace(&mut s.online.limited, true) {
                return Vec::new();
            }
            vec![event_say(s, "online.limited", &[])]
        }
        LichessEvent::Refused { ask: a, reason } => game::refused(s, a, &reason),
        LichessEvent::Full(full) => game::full(s, full, now),
        LichessEvent::State(state) => {
            // lichess answers again: a later 429 is said again.
            s.online.limited = false;
            game::state(s, state, now)
        }
        LichessEvent::Chat { user, text } => {
            if s.online.chat_off
                || s.online
                    .me
                    .as_deref()
                    .is_some_and(|m| m.eq_ignore_ascii_case(&user))
            {
                return Vec::new();
            }
            let (user, text) = (words::quote(&user), words::quote(&text));
            vec![event_say(
                s,
                "online.chat",
                &[("name", &user), ("text", &text)],
            )]
        }
        LichessEvent::OpponentGone { gone, claim_in } => game::gone(s, gone, claim_in),
    }
}

/// The ongoing games at the start or for `games`: exactly one is joined (unless a game is played), several
/// listed for `join N`.
fn playing(s: &mut Session) -> Vec<Effect> {
    match s.online.games.len() {
        0 => vec![answer_say(s, "online.games_none", &[])],
        1 if !s.online.in_game() => {
            let g = &s.online.games[0];
            let said = answer_say(
                s,
                "online.joining",
                &[("name", &player_text(s, &g.opponent))],
            );
            vec![said, ask(LichessAsk::Join { id: g.id.clone() })]
        }
        _ => {
            let lines: Vec<String> = s
                .online
                .games
                .iter()
                .enumerate()
                .map(|(i, g)| game_line(s, i + 1, g))
                .collect();
            let list = lines.join("; ");
            vec![answer_say(s, "online.games_list", &[("list", &list)])]
        }
    }
}
