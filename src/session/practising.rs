//! `practice` answered: free functions of the session (the coordinator and dispatch.rs call them); its
//! state and rules are in session/practice.rs. Also the review's opening and answers, which practice shares.

use shakmaty::{Chess, Color, Move, Position};

use super::engine_io::{OtherEvent, ToOther};
use super::practice::{Practice, mover_score};
use super::review::{self, Review};
use super::voice::Voice;
use super::{Cue, Effect, Kind, Session, say};
use crate::rules::analysis::{Judgements, judgements_read};
use crate::rules::judgement::{self, Judgement};
use crate::words;

/// The judgements of the session's game: the session's own analysis when it is of this game, else the game's
/// annotations.
pub(super) fn judgements(s: &Session) -> Judgements {
    session_judgements(s).unwrap_or_else(|| judgements_read(s.m.game()))
}

/// The judgements of the session's own analysis, when it is of the game as it stands (its moves the game's).
pub(super) fn session_judgements(s: &Session) -> Option<Judgements> {
    let (game, plies) = (s.m.game(), s.m.game().plies());
    let f = s.other.last_analysis()?;
    let analysed = f.game.plies();
    (f.game.start_fen() == game.start_fen()
        && analysed.len() <= plies.len()
        && analysed.iter().zip(plies).all(|(a, p)| a.mv == p.mv))
    .then(|| f.analysis.judgements())
}

fn voice(s: &Session) -> Voice<'_> {
    Voice::new(&s.config, s.tournament.as_ref())
}

/// `practice [white|black|stop]`, and a try while practising.
pub(super) fn answer(s: &mut Session, rest: &str) -> Vec<Effect> {
    let rest = rest.trim();
    let cfg = &s.config;
    let word = |key: &str, english: &str| {
        cfg.phrases.is_word(key, rest) || rest.eq_ignore_ascii_case(english)
    };
    let stop = word("arg.stop", "stop") || word("arg.off", "off");
    let side = if word("arg.white", "white") {
        Some(Color::White)
    } else if word("arg.black", "black") {
        Some(Color::Black)
    } else {
        None
    };
    let refuse = |s: &Session, key: &str| vec![say(Kind::Refusal, s.config.p(key, &[]))];
    match (s.practice.is_some(), stop) {
        (false, true) => refuse(s, "practice.not_open"),
        (true, true) => end(s, "practice.ended"),
        (true, false) if rest.is_empty() => vec![say(Kind::Answer, position(s))],
        (true, false) if side.is_some() => refuse(s, "practice.already"),
        (true, false) => try_move(s, rest),
        (false, false) if rest.is_empty() || side.is_some() => start(s, side),
        (false, false) => refuse(s, "practice.which_side"),
    }
}

fn start(s: &mut Session, side: Option<Color>) -> Vec<Effect> {
    let judgements = judgements(s);
    let refuse = |key: &str, args: &[(&str, &str)]| vec![say(Kind::Refusal, s.config.p(key, args))];
    if judgements.iter().all(Option::is_none) {
        return refuse("practice.no_analysis", &[]);
    }
    let plies_of = |c: Color| -> Vec<usize> {
        let game = s.m.game();
        judgements
            .iter()
            .enumerate()
            .filter(|(i, j)| {
                j.as_ref().is_some_and(|j| {
                    j.judgement >= Judgement::Mistake && j.better.is_some() && j.before.is_some()
                }) && game.plies()[*i].color() == c
            })
            .map(|(i, _)| i)
            .collect()
    };
    let side = match side {
        Some(c) => c,
        None if s.config.opponent.is_engine() && !s.reviewed_file => s.config.engine_color.other(),
        None => match (
            plies_of(Color::White).is_empty(),
            plies_of(Color::Black).is_empty(),
        ) {
            (false, true) => Color::White,
            (true, false) => Color::Black,
            _ => return refuse("practice.which_side", &[]),
        },
    };
    let plies = plies_of(side);
    if plies.is_empty() {
        return refuse("practice.none", &[("side", &s.config.side(side))]);
    }
    let previous = match s.review.take() {
        Some(r) => Some(r),
        None => {
            if let Some(reason) = review::refused(&s.config, &s.m, s.tournament.is_some()) {
                return vec![say(Kind::Refusal, reason)];
            }
            None
        }
    };
    let ending = s.m.game().ending().map(|e| s.m.ending_text(&s.config, e));
    let mut shown = Review::new(s.m.game(), true, ending);
    shown.practising = true;
    s.review = Some(shown);
    let n = plies.len();
    s.practice = Some(Practice {
        side,
        plies,
        at: 0,
        found: 0,
        judgements,
        previous,
        waiting: None,
    });
    let intro = s.config.p(
        "practice.start",
        &[("n", &n.to_string()), ("side", &s.config.side(side))],
    );
    vec![say(Kind::Event, format!("{intro}. {}", show(s)))]
}

/// To the position before the practised move: the review shows it; what is said there.
fn show(s: &mut Session) -> String {
    if let (Some(p), Some(r)) = (&s.practice, s.review.as_mut()) {
        r.at_ply(p.plies[p.at]);
    }
    position(s)
}

/// "Move 23, you are Black: find a better move".
fn position(s: &Session) -> String {
    let Some(p) = &s.practice else {
        return String::new();
    };
    let ply = &s.m.game().plies()[p.plies[p.at]];
    s.config.p(
        "practice.position",
        &[
            ("number", &ply.move_number().to_string()),
            ("side", &s.config.side(p.side)),
        ],
    )
}

/// The position before the practised move, its judgement's better move and the move of the game.
fn asked(s: &Session) -> Option<(Chess, usize, Move, Move)> {
    let p = s.practice.as_ref()?;
    let ply = p.plies[p.at];
    let pos = s.m.game().positions().nth(ply)?;
    let better = p.judgements.get(ply)?.as_ref()?.better?;
    Some((pos, ply, better, s.m.game().plies()[ply].mv))
}

fn try_move(s: &mut Session, text: &str) -> Vec<Effect> {
    if s.practice.as_ref().is_some_and(|p| p.waiting.is_some()) {
        return vec![say(Kind::Refusal, s.config.p("practice.waiting", &[]))];
    }
    let Some((pos, ply, better, played)) = asked(s) else {
        return end(s, "practice.ended");
    };
    let mut before = s.m.game().clone();
    before.truncate(ply);
    let cfg = &s.config;
    let mv = match words::parse_move(&before, &cfg.vocabulary, text) {
        Ok(mv) => mv,
        Err(e) => {
            let reason = words::explain(&cfg.vocabulary, &cfg.phrases, &e);
            return vec![say(Kind::Refusal, reason), Effect::Cue(Cue::Illegal)];
        }
    };
    let v = voice(s);
    let tried = v.announce_move(&pos, mv, cfg.long_form);
    let better_words = v.announce_move(&pos, better, cfg.long_form);
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if mv == better || after.is_checkmate() {
        let key = if mv == better {
            "practice.best"
        } else {
            "practice.mates"
        };
        let text = cfg.p(key, &[("move", &tried)]);
        return next(s, text, true);
    }
    let judged = s.practice.as_ref().and_then(|p| p.judgements[ply].clone());
    if mv == played {
        let what = judged.map_or(Judgement::Mistake, |j| j.judgement);
        let what = words::analysis::judgement(&cfg.phrases, what);
        let text = cfg.p(
            "practice.played",
            &[
                ("move", &tried),
                ("judgement", &what),
                ("better", &better_words),
            ],
        );
        return next(s, text, false);
    }
    // The engine judges the try: the position after it, evaluated.
    let mut out = s.other.evaluate(&s.config, &s.m);
    let mode = s.m.game().mode();
    for e in &mut out {
        if let Effect::Other(ToOther::Evaluate(r)) = e {
            r.moves_uci.truncate(ply);
            r.moves_uci.push(mv.to_uci(mode).to_string());
            r.for_ply = ply + 1;
        }
    }
    if let Some(p) = s.practice.as_mut() {
        p.waiting = Some((mv, ply + 1));
    }
    let text = s.config.p("practice.checking", &[("move", &tried)]);
    out.insert(0, say(Kind::Answer, text));
    out
}

/// The analyst's answer to a try (or its failure): judged, then the next position. Other events are not
/// practice's.
pub(super) fn heard(s: &mut Session, event: &OtherEvent) -> Vec<Effect> {
    let Some((mv, for_ply)) = s.practice.as_ref().and_then(|p| p.waiting) else {
        return Vec::new();
    };
    let Some((pos, ply, better, _)) = asked(s) else {
        return Vec::new();
    };
    let v = voice(s);
    let cfg = &s.config;
    let tried = v.announce_move(&pos, mv, cfg.long_form);
    let better_words = v.announce_move(&pos, better, cfg.long_form);
    let (text, found) = match event {
        OtherEvent::Evaluated { for_ply: f, cp, .. } if *f == for_ply => {
            let mover = pos.turn();
            let before = s
                .practice
                .as_ref()
                .and_then(|p| p.judgements[ply].as_ref()?.before);
            // The evaluation is the side to move's, after the try: the mover's opponent's.
            let after = mover_score(cp.saturating_neg()).for_side(mover);
            let verdict = before.and_then(|b| judgement::judge(mover, b, after));
            match verdict.map(|v| v.judgement) {
                None | Some(Judgement::Inaccuracy) => (
                    cfg.p(
                        "practice.good",
                        &[("move", &tried), ("better", &better_words)],
                    ),
                    true,
                ),
                Some(j) => {
                    let what = words::analysis::judgement(&cfg.phrases, j);
                    let text = cfg.p(
                        "practice.worse",
                        &[
                            ("move", &tried),
                            ("judgement", &what),
                            ("better", &better_words),
                        ],
                    );
                    (text, false)
                }
            }
        }
        OtherEvent::Failed { reason } => (
            cfg.p(
                "practice.no_engine",
                &[
                    ("move", &tried),
                    ("reason", reason),
                    ("better", &better_words),
                ],
            ),
            false,
        ),
        _ => return Vec::new(),
    };
    if let Some(p) = s.practice.as_mut() {
        p.waiting = None;
    }
    next(s, text, found)
}

/// What the try came to, then the next position, or the end.
fn next(s: &mut Session, said: String, found: bool) -> Vec<Effect> {
    let Some(p) = s.practice.as_mut() else {
        return Vec::new();
    };
    p.found += usize::from(found);
    p.at += 1;
    if p.at < p.plies.len() {
        let text = format!("{said}. {}", show(s));
        return vec![say(Kind::Answer, text)];
    }
    let (found, n) = (p.found.to_string(), p.plies.len().to_string());
    let done = s.config.p("practice.done", &[("found", &found), ("n", &n)]);
    let mut out = end(s, "");
    let rest = said_text(&out);
    out = vec![say(Kind::Answer, format!("{said}. {done}{rest}"))];
    out
}

fn said_text(out: &[Effect]) -> String {
    out.iter()
        .filter_map(|e| match e {
            Effect::Say(a) if !a.text.is_empty() => Some(format!(". {}", a.text)),
            _ => None,
        })
        .collect()
}

/// The practice ends: back where the player was (the review he was in, at its move, or the game).
fn end(s: &mut Session, key: &str) -> Vec<Effect> {
    let Some(p) = s.practice.take() else {
        return Vec::new();
    };
    s.review = p.previous;
    let mut parts = Vec::new();
    if !key.is_empty() {
        parts.push(s.config.p(key, &[]));
    }
    let v = voice(s);
    match &s.review {
        Some(r) => parts.push(r.here(&v, true)),
        None => parts.push(super::explore::count(&s.config, s.m.game(), &s.m, None)),
    }
    let text = parts.join(". ");
    vec![say(Kind::Answer, text)]
}

/// `review`: opens a review of the game at its last move, unless it must wait (see `Review::enter`).
pub(super) fn enter_review(s: &mut Session, rest: &str) -> Vec<Effect> {
    let asked = (s.tournament.is_some(), session_judgements(s));
    match Review::enter(&voice(s), &s.m, asked, rest) {
        Ok((review, out)) => {
            s.review = Some(review);
            out
        }
        Err(out) => out,
    }
}

/// The open review's answer (see `Review::answer`); `done` closes it. None: no review is open, or the action
/// is not the review's.
pub(super) fn review_answer(
    s: &mut Session,
    action: &crate::words::action::Action,
) -> Option<Vec<Effect>> {
    let v = Voice::new(&s.config, s.tournament.as_ref());
    match s.review.as_mut()?.answer(&v, &s.m, action)? {
        review::Reviewed::Said(out) => Some(out),
        review::Reviewed::Closed(out) => {
            s.review = None;
            Some(out)
        }
    }
}

/// The other side's event: a practice's try judged first, then the other side's own handling.
pub(super) fn heard_first(
    s: &mut Session,
    event: OtherEvent,
    now: std::time::Duration,
) -> Vec<Effect> {
    let mut out = heard(s, &event);
    let analysed = matches!(event, OtherEvent::Analysed { .. });
    out.extend(s.other_event(event, now));
    // An analysis that ends while the game is reviewed: its judgements are said from the next step on.
    if analysed
        && let Some(j) = session_judgements(s)
        && let Some(r) = s.review.as_mut()
    {
        r.set_judgements(j);
    }
    out
}
