//! The game played on lichess: the player's move sent and played once lichess sends it back, the opponent's
//! moves played as they arrive, the server's clocks, offers and takebacks both ways, resignation, abort, the
//! opponent gone and the claim, chat, and the end with lichess's reason.

use std::time::Duration;

use shakmaty::Color;

use super::state::Played;
use super::types::{Control, GameFull, GameState, LichessAsk, OnlinePlayer};
use super::{answer_say, ask, event_say, player_text, refuse};
use crate::rules::Game;
use crate::rules::ending::{EndReason, Ending, GameResult};
use crate::rules::time_control::TimeControl;
use crate::session::{Effect, Session};
use crate::words;
use crate::words::action::Action;

fn color_of(name: &str) -> Option<Color> {
    match name {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// `gameFull`: the game as lichess has it becomes the session's game (its moves read first, so nothing is sent
/// twice after a reconnect), then its state.
pub(super) fn full(s: &mut Session, full: GameFull, now: Duration) -> Vec<Effect> {
    let me_name = s.online.me.clone().unwrap_or_default();
    let same = |p: &OnlinePlayer| p.ai_level.is_none() && p.name.eq_ignore_ascii_case(&me_name);
    let summary_white = s
        .online
        .games
        .iter()
        .find(|g| g.id == full.id)
        .map(|g| g.white);
    let me = if same(&full.white) {
        Color::White
    } else if same(&full.black) {
        Color::Black
    } else if let Some(w) = summary_white {
        if w { Color::White } else { Color::Black }
    } else {
        Color::White
    };
    let opponent = if me == Color::White {
        full.black.clone()
    } else {
        full.white.clone()
    };
    let rejoined = s
        .online
        .game
        .as_ref()
        .is_some_and(|g| g.id == full.id && !g.over);
    // The game's settings: the opponent's side, lichess's clock (its flags decided by lichess), the file.
    s.config.engine_color = me.other();
    s.config.time_control = match full.control {
        Control::Clock { limit, increment } => Some(TimeControl::sudden_death(
            Duration::from_secs(u64::from(limit)),
            Duration::from_secs(u64::from(increment)),
        )),
        _ => None,
    };
    s.config.clock.observe_flags = false;
    s.config.save_path = s.online.save.clone().or_else(|| {
        s.online
            .games_dir
            .as_ref()
            .map(|d| d.join(format!("lichess-{}.pgn", safe_id(&full.id))))
    });
    let mut game = match full.initial_fen.as_deref().filter(|f| *f != "startpos") {
        Some(fen) => match Game::from_fen(fen) {
            Ok(g) => g,
            Err(e) => return refuse(s, "online.bad_game", &[("reason", &e.to_string())]),
        },
        None => Game::new(),
    };
    let tc = match full.control {
        Control::Clock { limit, increment } => format!("{limit}+{increment}"),
        Control::Days(d) => format!("1/{}", u64::from(d) * 86_400),
        Control::Unlimited => "-".into(),
    };
    let rated = if full.rated { "Rated" } else { "Casual" };
    let tags = [
        ("Event", format!("{rated} game on lichess")),
        ("Site", full.site.clone()),
        ("White", name_tag(&full.white)),
        ("Black", name_tag(&full.black)),
        ("TimeControl", tc),
    ];
    for (t, v) in tags {
        game.tags.set(t, &v);
    }
    for (t, p) in [("WhiteElo", &full.white), ("BlackElo", &full.black)] {
        if let Some(r) = p.rating {
            game.tags.set(t, &r.to_string());
        }
    }
    for uci in full.state.moves.split_whitespace() {
        let Some(mv) = game.parse_uci(uci) else {
            return refuse(s, "online.bad_game", &[("reason", &words::quote(uci))]);
        };
        if game.play(mv).is_err() {
            return refuse(s, "online.bad_game", &[("reason", &words::quote(uci))]);
        }
    }
    s.m.replace_game(&s.config, game);
    s.m.start_clock(&s.config, now);
    let mut played = Played {
        id: full.id.clone(),
        me: Some(me),
        opponent,
        ..Played::default()
    };
    if rejoined && let Some(old) = s.online.game.take() {
        // A reconnect: what was open stays open; a move on its way is in the moves now, or still on its way.
        played = Played {
            pending: old.pending,
            my_draw: old.my_draw,
            my_takeback: old.my_takeback,
            ..played
        };
    }
    s.online.game = Some(played);
    let mut out = Vec::new();
    if !rejoined {
        let rated = s.config.p(
            if full.rated {
                "online.rated"
            } else {
                "online.casual"
            },
            &[],
        );
        let turn = if s.m.game().turn() == me {
            s.config.p("online.your_move", &[])
        } else {
            s.config.p("online.their_move", &[])
        };
        let g = s.online.game.as_ref().expect("set above");
        out.push(event_say(
            s,
            "online.joined",
            &[
                ("name", &player_text(s, &g.opponent)),
                ("control", &super::control_text(s, full.control)),
                ("rated", &rated),
                ("color", &s.config.side(me)),
                ("moves", &s.m.game().plies().len().to_string()),
                ("turn", &turn),
            ],
        ));
    }
    out.extend(s.view().autosave());
    out.extend(state(s, full.state, now));
    out
}

/// A player's name in the PGN: lichess's computer as "lichess AI level N".
fn name_tag(p: &OnlinePlayer) -> String {
    match p.ai_level {
        Some(l) => format!("lichess AI level {l}"),
        None => p.name.clone(),
    }
}

/// A game id as a file name's part: letters and digits only.
fn safe_id(id: &str) -> String {
    id.chars()
        .filter(char::is_ascii_alphanumeric)
        .take(16)
        .collect()
}

/// `gameState`: the new moves played and announced (the player's own once accepted), the server's clocks,
/// offers and takebacks, the end.
pub(super) fn state(s: &mut Session, st: GameState, now: Duration) -> Vec<Effect> {
    let Some(me) = s.online.game.as_ref().and_then(|g| g.me) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let server: Vec<&str> = st.moves.split_whitespace().collect();
    let local: Vec<String> = (s.m.game().plies().iter())
        .map(|p| p.mv.to_uci(shakmaty::CastlingMode::Standard).to_string())
        .collect();
    let common = local
        .iter()
        .zip(&server)
        .take_while(|(a, b)| a.as_str() == **b)
        .count();
    if common < local.len() {
        // A takeback agreed on lichess: the record goes back to the moves lichess keeps.
        let back = local.len() - common;
        s.m.take_back_to(common);
        let side = s.config.side(s.m.game().turn());
        out.push(event_say(
            s,
            "online.taken_back",
            &[("count", &back.to_string()), ("side", &side)],
        ));
        out.extend(s.view().autosave());
        if let Some(g) = &mut s.online.game {
            g.my_takeback = false;
            g.their_takeback = false;
        }
    }
    for uci in &server[common..] {
        let Some(mv) = s.m.game().parse_uci(uci) else {
            out.push(event_say(
                s,
                "remote.illegal_move",
                &[("move", &words::quote(uci))],
            ));
            break;
        };
        let mover = s.m.game().turn();
        if let Some(g) = &mut s.online.game {
            if mover == me {
                g.pending = None;
            }
            // A move declines an open offer (lichess clears it); a takeback proposal too.
            g.their_draw = false;
            g.my_draw = false;
        }
        // The server's clock for the mover, as lichess sent it, is the move's %clk.
        let play = s.play(mv, now);
        out.extend(play);
    }
    // The server's clocks, counted down from now.
    let running = (st.status == "started" && server.len() >= 2).then(|| s.m.game().turn());
    s.m.server_clocks(
        Duration::from_millis(st.wtime),
        Duration::from_millis(st.btime),
        running,
        now,
    );
    let (their_draw, their_takeback, my_draw, my_takeback) = match me {
        Color::White => (st.bdraw, st.btakeback, st.wdraw, st.wtakeback),
        Color::Black => (st.wdraw, st.wtakeback, st.bdraw, st.btakeback),
    };
    let mut said = Vec::new();
    if let Some(g) = &mut s.online.game {
        if their_draw && !g.seen_draw {
            said.push("online.draw_offered");
        }
        if their_takeback && !g.seen_takeback {
            said.push("online.takeback_offered");
        }
        if g.my_draw && !my_draw && st.status == "started" && server.len() == common {
            said.push("remote.declines_draw");
        }
        if g.my_takeback && !my_takeback && st.status == "started" && server.len() == local.len() {
            said.push("remote.takeback_declined");
        }
        // Open while lichess shows it and the player has not answered it.
        g.their_draw = their_draw && (g.their_draw || !g.seen_draw);
        g.their_takeback = their_takeback && (g.their_takeback || !g.seen_takeback);
        g.seen_draw = their_draw;
        g.seen_takeback = their_takeback;
        g.my_draw = my_draw;
        g.my_takeback = my_takeback;
    }
    for key in said {
        out.push(event_say(s, key, &[]));
    }
    if !matches!(st.status.as_str(), "started" | "created" | "") {
        out.extend(end(s, &st));
    }
    out
}

/// The end as lichess says it: its reason and the result; the game ends here too (then analysis is allowed).
fn end(s: &mut Session, st: &GameState) -> Vec<Effect> {
    let Some(g) = &mut s.online.game else {
        return Vec::new();
    };
    if std::mem::replace(&mut g.over, true) {
        return Vec::new();
    }
    g.pending = None;
    let winner = st.winner.as_deref().and_then(color_of);
    let result = match winner {
        Some(Color::White) => Some(GameResult::WhiteWins),
        Some(Color::Black) => Some(GameResult::BlackWins),
        None if matches!(
            st.status.as_str(),
            "draw" | "stalemate" | "outoftime" | "timeout"
        ) =>
        {
            Some(GameResult::Draw)
        }
        None => None,
    };
    let reason = match st.status.as_str() {
        "mate" => EndReason::Checkmate,
        "resign" => EndReason::Resignation,
        "stalemate" => EndReason::Stalemate,
        "draw" => EndReason::Agreement,
        "outoftime" if winner.is_some() => EndReason::TimeForfeit,
        "outoftime" => EndReason::DrawOnTime,
        _ => EndReason::ArbiterDecision,
    };
    let loser = winner.map(|w| s.config.side(w.other())).unwrap_or_default();
    let status = match st.status.as_str() {
        k @ ("mate" | "resign" | "stalemate" | "timeout" | "draw" | "outoftime" | "aborted"
        | "noStart" | "cheat" | "variantEnd") => format!("online.status.{k}"),
        _ => "online.status.other".to_string(),
    };
    let reason_text = s.config.p(
        &status,
        &[("loser", &loser), ("status", &words::quote(&st.status))],
    );
    let result_text = s.config.p(
        match result {
            Some(GameResult::WhiteWins) => "result.white_wins",
            Some(GameResult::BlackWins) => "result.black_wins",
            Some(GameResult::Draw) => "result.draw",
            None => "online.no_result",
        },
        &[],
    );
    let already = s.m.game().is_over();
    if let Some(r) = result
        && !already
    {
        s.m.end_online(Ending::new(reason, r), s.at);
    } else if result.is_none() {
        s.m.stop_clock(s.at);
    }
    let mut out = s.view().autosave();
    out.push(event_say(
        s,
        "online.end",
        &[("reason", &reason_text), ("result", &result_text)],
    ));
    out
}

/// The player's move entered in an online game: sent to lichess, played only once lichess sends it back.
pub(in crate::session) fn send_move(s: &mut Session, mv: shakmaty::Move) -> Vec<Effect> {
    let uci = s.m.game().uci(mv).to_string();
    let Some(g) = &mut s.online.game else {
        return refuse(s, "online.no_game", &[]);
    };
    if let Some(p) = &g.pending {
        let p = p.clone();
        return refuse(s, "online.move_pending", &[("move", &p)]);
    }
    g.pending = Some(uci.clone());
    let game = g.id.clone();
    vec![ask(LichessAsk::Move { game, uci })]
}

/// lichess refused a request: a move (the position stays as it was), or anything else, with its reason.
pub(super) fn refused(s: &mut Session, a: LichessAsk, reason: &str) -> Vec<Effect> {
    let reason = words::quote(reason);
    match a {
        LichessAsk::Move { uci, .. } => {
            if let Some(g) = &mut s.online.game {
                g.pending = None;
            }
            vec![
                Effect::Cue(crate::session::Cue::Illegal),
                event_say(
                    s,
                    "online.move_refused",
                    &[("move", &uci), ("reason", &reason)],
                ),
            ]
        }
        LichessAsk::Seek { .. } | LichessAsk::Challenge { .. } | LichessAsk::ChallengeAi { .. } => {
            s.online.open = None;
            vec![event_say(s, "online.failed", &[("reason", &reason)])]
        }
        _ => vec![event_say(s, "online.failed", &[("reason", &reason)])],
    }
}

/// `opponentGone`: said, with when a win may be claimed.
pub(super) fn gone(s: &mut Session, gone: bool, claim_in: Option<u64>) -> Vec<Effect> {
    let Some(g) = &mut s.online.game else {
        return Vec::new();
    };
    let was = std::mem::replace(&mut g.gone, gone);
    match (gone, claim_in) {
        (true, Some(secs)) if secs > 0 => {
            vec![event_say(
                s,
                "online.gone",
                &[("seconds", &secs.to_string())],
            )]
        }
        (true, _) => vec![event_say(s, "online.gone_now", &[])],
        (false, _) if was => vec![event_say(s, "online.back", &[])],
        (false, _) => Vec::new(),
    }
}

/// `accept`/`decline` without a number during a game: the opponent's draw offer, else its takeback. None:
/// nothing of the opponent is open.
pub(super) fn answer_offer(s: &mut Session, yes: bool) -> Option<Vec<Effect>> {
    let g = s.online.game.as_mut().filter(|g| !g.over)?;
    let game = g.id.clone();
    let (a, key) = if std::mem::take(&mut g.their_draw) {
        (
            LichessAsk::Draw { game, yes },
            if yes {
                "online.draw_accepted"
            } else {
                "online.draw_declined"
            },
        )
    } else if std::mem::take(&mut g.their_takeback) {
        let key = if yes {
            "online.takeback_accepted"
        } else {
            "online.takeback_declined"
        };
        (LichessAsk::Takeback { game, yes }, key)
    } else {
        return None;
    };
    Some(vec![answer_say(s, key, &[]), ask(a)])
}

/// The game's commands in an online game (None: answered as ever: the board, `time`, moves, ...).
pub(super) fn answer(s: &mut Session, action: &Action, rest: &str) -> Option<Vec<Effect>> {
    use Action as A;
    let live = s.online.in_game();
    let needs_game = matches!(
        action,
        A::Offer | A::Takeback(_) | A::Resign(_) | A::Abort | A::Claim(_) | A::Say(_) | A::Flag
    );
    if needs_game && !live {
        return Some(refuse(s, "online.no_game", &[]));
    }
    let id = s
        .online
        .game
        .as_ref()
        .map(|g| g.id.clone())
        .unwrap_or_default();
    Some(match action {
        A::Entry(_) | A::Analysis(_) if !live => refuse(s, "online.no_game", &[]),
        A::Entry(_) => {
            let pending = s.online.game.as_ref().and_then(|g| g.pending.clone());
            match pending {
                Some(p) => refuse(s, "online.move_pending", &[("move", &p)]),
                None => return None,
            }
        }
        A::Offer => {
            if let Some(g) = &mut s.online.game {
                g.my_draw = true;
            }
            vec![
                answer_say(s, "online.offer_sent", &[]),
                ask(LichessAsk::Draw {
                    game: id,
                    yes: true,
                }),
            ]
        }
        A::Takeback(_) => {
            if let Some(g) = &mut s.online.game {
                g.my_takeback = true;
            }
            vec![
                answer_say(s, "remote.takeback_asked", &[]),
                ask(LichessAsk::Takeback {
                    game: id,
                    yes: true,
                }),
            ]
        }
        A::Resign(_) => {
            if let Some(g) = &mut s.online.game {
                g.resign_asked = true;
            }
            vec![crate::session::say(
                crate::session::Kind::Event,
                s.config.p("online.resign_ask", &[]),
            )]
        }
        A::Abort => vec![
            answer_say(s, "online.aborting", &[]),
            ask(LichessAsk::Abort { game: id }),
        ],
        A::Claim(r) => {
            let gone = s.online.game.as_ref().is_some_and(|g| g.gone);
            let draw = r.trim().eq_ignore_ascii_case("draw")
                || s.config.phrases.is_word("online.draw_word", r.trim());
            if !gone {
                return Some(refuse(s, "online.claim_not_gone", &[]));
            }
            if draw {
                vec![ask(LichessAsk::ClaimDraw { game: id })]
            } else {
                vec![ask(LichessAsk::ClaimVictory { game: id })]
            }
        }
        A::Say(text) => {
            let text: String = text.trim().chars().take(140).collect();
            if text.is_empty() {
                return Some(refuse(s, "online.say_empty", &[]));
            }
            vec![
                answer_say(s, "online.chat_sent", &[]),
                ask(LichessAsk::Chat { game: id, text }),
            ]
        }
        A::Chat(r) => match r.trim().to_lowercase().as_str() {
            "off" => {
                s.online.chat_off = true;
                vec![answer_say(s, "online.chat_off", &[])]
            }
            "on" => {
                s.online.chat_off = false;
                vec![answer_say(s, "online.chat_on", &[])]
            }
            _ => refuse(s, "online.bad_chat", &[("text", &words::quote(rest))]),
        },
        A::Flag => refuse(s, "online.flag", &[]),
        A::Time | A::Used if !live => refuse(s, "online.no_game", &[]),
        _ => return None,
    })
}
