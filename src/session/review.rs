//! Review: stepping through the current game, or a game read from a file (`--review FILE.pgn`), move by move,
//! hearing each move as it was announced in play, with its NAGs, comments and clock times, entering and leaving
//! the variations of an annotated PGN, and exploring the board at any point.
//!
//! The game itself is never changed: the review works on a copy. While reviewing, the exploring commands
//! (`board`, `rank`, `attackers`, ...) answer about the reviewed position; moves and game commands are refused
//! with the reason (leave the review with `done` to play).
//!
//! When review is possible: when the game is over, or when no clock runs (a game without a clock). A running
//! clock would go on running while the player looks back, so review waits for the game's end there; against the
//! engine, not while it is thinking. In the tournament profile review is analysis (R-11.3.1): refused while the
//! game is unfinished, allowed once it is over.

use super::explore;
use super::voice::Voice;
use super::{Config, Effect, Kind, Match, say};
use crate::rules::game::MovetextItem;
use crate::rules::pgn::MAX_VARIATION_DEPTH;
use crate::rules::{Game, Ply};
use crate::words;
use crate::words::action::{Action, Arg, MoveNumber, Worded};

/// The most characters of one comment said (longer ones are cut with "…").
pub const MAX_COMMENT_CHARS: usize = 400;
/// The most comments and NAGs said after one move.
pub const MAX_NOTES: usize = 8;

/// One line being reviewed: the main line or a variation.
#[derive(Debug, Clone)]
struct Line {
    /// The line's moves, after the moves before it (`offset` of them): a game of its own.
    game: Game,
    /// How many half-moves come before the line's first move.
    offset: usize,
    /// How many of the line's moves have been played (0: before its first move).
    at: usize,
    /// Comments before the line's first move (the game's initial comment, a variation's opening comment).
    opening: Vec<String>,
    /// A variation's move that could not be played (it is kept as written in the file): the line ends before it.
    unreadable: Option<String>,
    /// The variation's number among its move's variations (0 for the main line).
    number: usize,
}

impl Line {
    fn len(&self) -> usize {
        self.game.plies().len() - self.offset
    }

    /// The move just said, if any.
    fn current(&self) -> Option<&Ply> {
        self.at
            .checked_sub(1)
            .map(|i| &self.game.plies()[self.offset + i])
    }

    /// The position after `at` moves of the line, as a game (for the exploring commands).
    fn shown(&self) -> Game {
        let mut g = self.game.clone();
        g.truncate(self.offset + self.at);
        g
    }
}

/// The review's state: the lines entered, innermost last.
#[derive(Debug, Clone)]
pub(super) struct Review {
    lines: Vec<Line>,
    /// The reviewed position as a game, kept in step with the cursor.
    shown: Game,
    /// The main line's ending as the session says it (the game is never changed while it is reviewed).
    ending: Option<String>,
}

/// Why a review cannot start now, if it cannot: the game goes on and it is a tournament game, a clock runs, or
/// the engine is to move.
pub(super) fn refused(cfg: &Config, m: &Match, tournament: bool) -> Option<String> {
    if m.game().is_over() {
        return None;
    }
    if tournament {
        return Some(cfg.p("review.tournament", &[]));
    }
    if m.clock_running().is_some() {
        return Some(cfg.p("review.clock", &[]));
    }
    if cfg.opponent.is_engine() && m.game().turn() == cfg.engine_color {
        return Some(cfg.p("review.engine", &[]));
    }
    None
}

impl Review {
    /// A review of `game` (a copy), at its start or at its last move; `ending` is its end as the session says
    /// it.
    pub(super) fn new(game: &Game, at_start: bool, ending: Option<String>) -> Review {
        let line = Line {
            game: game.clone(),
            offset: 0,
            at: if at_start { 0 } else { game.plies().len() },
            opening: game.initial_comments.clone(),
            unreadable: None,
            number: 0,
        };
        let shown = line.shown();
        Review {
            lines: vec![line],
            shown,
            ending,
        }
    }

    fn line(&self) -> &Line {
        self.lines.last().expect("the main line is always there")
    }

    fn line_mut(&mut self) -> &mut Line {
        self.lines
            .last_mut()
            .expect("the main line is always there")
    }

    /// How deep in variations (0: the main line).
    pub(super) fn depth(&self) -> usize {
        self.lines.len() - 1
    }

    fn refresh(&mut self) {
        self.shown = self.line().shown();
    }

    /// The reviewed position, as a game.
    pub(super) fn shown(&self) -> &Game {
        &self.shown
    }

    /// The whole line reviewed (the main line, or the variation entered with the moves before it): what
    /// `analyse` analyses in a review.
    pub(super) fn line_game(&self) -> &Game {
        &self.line().game
    }
}

/// What the open review answered: said, or said with the review closed (the coordinator drops it).
pub(super) enum Reviewed {
    Said(Vec<Effect>),
    Closed(Vec<Effect>),
}

impl Review {
    /// `review`: a review of the match's game at its last move, unless it must wait (see [`refused`]); `review
    /// off` with none open is refused.
    pub(super) fn enter(
        v: &Voice,
        m: &Match,
        tournament: bool,
        rest: &str,
    ) -> Result<(Review, Vec<Effect>), Vec<Effect>> {
        let cfg = v.cfg;
        if cfg.phrases.is_word("arg.off", rest) {
            return Err(vec![say(Kind::Refusal, cfg.p("review.not_open", &[]))]);
        }
        if let Some(reason) = refused(cfg, m, tournament) {
            return Err(vec![say(Kind::Refusal, reason)]);
        }
        Ok(Review::open(v, m, false))
    }

    /// A review of the match's game, at its start or at its last move, and what is said as it opens.
    pub(super) fn open(v: &Voice, m: &Match, at_start: bool) -> (Review, Vec<Effect>) {
        let ending = m.game().ending().map(|e| m.ending_text(v.cfg, e));
        let review = Review::new(m.game(), at_start, ending);
        let text = review.opened(v);
        (review, vec![say(Kind::Event, text)])
    }

    /// `done`: what is said as the review ends; the game goes on where it was.
    fn closed(cfg: &Config, m: &Match) -> Vec<Effect> {
        let mut text = cfg.p("review.closed", &[]);
        text.push_str(". ");
        text.push_str(&match m.game().ending() {
            Some(e) => m.ending_text(cfg, e),
            None => explore::count(cfg, m.game(), m, None),
        });
        vec![say(Kind::Event, text)]
    }

    /// The open review's answer to `action`: its steps, and the read-only questions about a position answered
    /// on the reviewed one (analysis is allowed in a review). None: the action is not the review's.
    pub(super) fn answer(&mut self, v: &Voice, m: &Match, action: &Action) -> Option<Reviewed> {
        use Action as A;
        let cfg = v.cfg;
        let out = match action {
            A::Review(rest) if cfg.phrases.is_word("arg.off", rest) => {
                return Some(Reviewed::Closed(Review::closed(cfg, m)));
            }
            A::Review(_) | A::Last => vec![say(Kind::Answer, self.here(v, false))],
            A::Done => return Some(Reviewed::Closed(Review::closed(cfg, m))),
            A::Back => self.step(v, -1),
            A::Forward => self.step(v, 1),
            A::Start => self.jump(v, false),
            A::End => self.jump(v, true),
            A::Goto(rest) => self.goto(v, rest),
            A::Variation(rest) => self.enter_variation(v, rest),
            A::Leave => self.leave_variation(v),
            _ if action.asks_about_position() => {
                let asked = explore::Asked {
                    voice: Voice {
                        cfg,
                        check_words: v.check_words,
                    },
                    ending: &|e| m.ending_text(cfg, e),
                    m,
                    // A reviewed position holds no move waiting for its press.
                    made: None,
                };
                explore::answer(&asked, self.shown(), action)
            }
            _ => return None,
        };
        Some(Reviewed::Said(out))
    }
}

/// A variation's items read against `base` (the position before the move it replaces): its moves played on a
/// copy of `base`, each with the NAGs, comments and nested variations that follow it. Reading stops at a move
/// that cannot be played (variations are kept as written, unchecked): it is given back as written.
fn read_variation(base: &Game, items: &[MovetextItem]) -> (Game, Vec<String>, Option<String>) {
    let mut game = base.clone();
    let first = base.plies().len();
    let mut opening = Vec::new();
    for item in items {
        match item {
            MovetextItem::San(text) => {
                let played = game
                    .parse_san(text)
                    .and_then(|m| game.play_without_dead_check(m).ok().map(|_| ()));
                if played.is_none() {
                    return (game, opening, Some(text.clone()));
                }
            }
            other => {
                let has_move = game.plies().len() > first;
                match (other, has_move) {
                    (MovetextItem::Comment(c), false) => opening.push(c.clone()),
                    (_, false) => {}
                    (item, true) => {
                        let ply = game.plies_mut().last_mut().expect("a move was played");
                        match item {
                            MovetextItem::Nag(n) => ply.annotations.nags.push(*n),
                            MovetextItem::Comment(c) => ply.annotations.comments.push(c.clone()),
                            MovetextItem::Variation(v) => {
                                ply.annotations.variations.push(v.clone())
                            }
                            MovetextItem::San(_) => {}
                        }
                    }
                }
            }
        }
    }
    (game, opening, None)
}

/// A comment as it is said: `[%clk ...]` and other `[%...]` commands taken out, control bytes replaced,
/// spaces collapsed, cut after [`MAX_COMMENT_CHARS`]. Empty when nothing is left.
pub fn spoken_comment(text: &str) -> String {
    let mut plain = String::with_capacity(text.len().min(MAX_COMMENT_CHARS * 4));
    let mut rest = text;
    while let Some(at) = rest.find("[%") {
        plain.push_str(&rest[..at]);
        plain.push(' ');
        rest = match rest[at..].find(']') {
            Some(end) => &rest[at + end + 1..],
            None => "",
        };
    }
    plain.push_str(rest);
    let cleaned = words::quote::clean(&plain);
    let collapsed = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
    match collapsed.char_indices().nth(MAX_COMMENT_CHARS) {
        Some((at, _)) => format!("{}…", &collapsed[..at]),
        None => collapsed,
    }
}

/// The NAGs said in words (R: PGN standard 10: $1 good move ... $19 Black has a decisive advantage); others by
/// number.
const NAMED_NAGS: &[u8] = &[
    1, 2, 3, 4, 5, 6, 7, 10, 13, 14, 15, 16, 17, 18, 19, 22, 23, 36, 37, 40, 41, 132, 133, 138, 139,
];

impl Review {
    /// For the full-screen view's move list: the index of the main-line half-move the review is at (in a
    /// variation, the one it branched from), if past the start.
    pub(super) fn main_ply(&self) -> Option<usize> {
        let main = &self.lines[0];
        let at = match self.lines.get(1) {
            // A variation replaces the move it branched from: that move is marked.
            Some(v) => v.offset + 1,
            None => main.at,
        };
        at.checked_sub(1)
    }

    /// For the full-screen view's status line: "Review: move 12, White, Springer Felix drei" and the comment.
    pub(super) fn status(&self, v: &Voice) -> String {
        let line = self.line();
        let mut text = match line.current() {
            Some(ply) => v.cfg.p(
                "review.status",
                &[
                    ("number", &ply.move_number().to_string()),
                    ("side", &v.cfg.side(ply.color())),
                    ("move", &v.announce(ply, v.cfg.long_form)),
                ],
            ),
            None => v.cfg.p("review.status_start", &[]),
        };
        if self.depth() > 0 {
            text.push_str(&format!(
                " ({})",
                v.cfg
                    .p("review.depth", &[("depth", &self.depth().to_string())])
            ));
        }
        let comments: &[String] = match line.current() {
            Some(ply) => &ply.annotations.comments,
            None => &line.opening,
        };
        for c in comments.iter().take(MAX_NOTES) {
            let c = spoken_comment(c);
            if !c.is_empty() {
                text.push_str(" \u{2014} ");
                text.push_str(&c);
            }
        }
        text
    }

    /// "Review of the game, N half-moves" (one half-move said as one), then where the review is.
    pub(super) fn opened(&self, v: &Voice) -> String {
        // The steps as this face takes them: the full screen's keys, line mode's words.
        let words = v.cfg.p("review.steps.words", &[]);
        let steps = v.cfg.review_steps.as_deref().unwrap_or(&words);
        let mut text = match self.lines[0].game.plies().len() {
            1 => v.cfg.p("review.opened_one", &[("steps", steps)]),
            n => v
                .cfg
                .p("review.opened", &[("n", &n.to_string()), ("steps", steps)]),
        };
        text.push_str(". ");
        text.push_str(&self.here(v, true));
        text
    }

    /// The move at the cursor said in full (move, NAGs, comments, clock, variations), or the start of the line
    /// with its opening comment. At the end of the main line of a finished game, the ending too.
    pub(super) fn here(&self, v: &Voice, with_end: bool) -> String {
        let line = self.line();
        let mut parts = Vec::new();
        match line.current() {
            None => {
                let key = if self.depth() == 0 {
                    "review.start"
                } else {
                    "review.variation_start"
                };
                parts.push(v.cfg.p(
                    key,
                    &[
                        ("side", &v.cfg.side(self.shown.turn())),
                        ("depth", &self.depth().to_string()),
                    ],
                ));
                parts.extend(comment_parts(v, &line.opening));
            }
            Some(ply) => parts.extend(ply_parts(v, ply)),
        }
        if with_end && line.at == line.len() {
            if let Some(text) = &line.unreadable {
                parts.push(
                    v.cfg
                        .p("review.unreadable", &[("text", &words::quote(text))]),
                );
            }
            if self.depth() == 0
                && let Some(e) = &self.ending
            {
                parts.push(e.clone());
            }
        }
        parts.join(". ")
    }

    /// `back` and `forward`: one half-move; at either end of the line it is said and nothing changes.
    pub(super) fn step(&mut self, v: &Voice, by: i32) -> Vec<Effect> {
        let line = self.line_mut();
        let bound = if by < 0 {
            line.at == 0
        } else {
            line.at >= line.len()
        };
        if bound {
            // The end of the line: said, with the edge sound (as at the board's edge).
            return vec![
                say(Kind::Refusal, self.bound_text(v, by > 0)),
                Effect::Cue(super::Cue::Edge),
            ];
        }
        if by < 0 {
            line.at -= 1;
        } else {
            line.at += 1;
        }
        self.refresh();
        vec![say(Kind::Answer, self.here(v, true))]
    }

    fn bound_text(&self, v: &Voice, end: bool) -> String {
        let depth = self.depth();
        let key = match (end, depth) {
            (false, 0) => "review.at_start",
            (true, 0) => "review.at_end",
            (false, _) => "review.variation_at_start",
            (true, _) => "review.variation_at_end",
        };
        let mut text = v.cfg.p(key, &[("depth", &depth.to_string())]);
        if end {
            let line = self.line();
            if let Some(t) = &line.unreadable {
                text.push_str(". ");
                text.push_str(&v.cfg.p("review.unreadable", &[("text", &words::quote(t))]));
            }
            if depth == 0
                && let Some(e) = &self.ending
            {
                text.push_str(". ");
                text.push_str(e);
            }
        }
        text
    }

    /// `start` and `end` of the line.
    pub(super) fn jump(&mut self, v: &Voice, end: bool) -> Vec<Effect> {
        let line = self.line_mut();
        let target = if end { line.len() } else { 0 };
        if line.at == target {
            return vec![
                say(Kind::Refusal, self.bound_text(v, end)),
                Effect::Cue(super::Cue::Edge),
            ];
        }
        line.at = target;
        self.refresh();
        vec![say(Kind::Answer, self.here(v, true))]
    }

    /// `goto N [white|black]`: to White's (or Black's) move N of the line being reviewed.
    pub(super) fn goto(&mut self, v: &Voice, at: &Arg<Worded<MoveNumber>>) -> Vec<Effect> {
        let rest = &at.text();
        let bad = |r: &Review| {
            let l = r.line();
            let plies = &l.game.plies()[l.offset..];
            let (first, last) = (
                plies.first().map_or(0, Ply::move_number),
                plies.last().map_or(0, Ply::move_number),
            );
            vec![say(
                Kind::Refusal,
                v.cfg.p(
                    "review.goto_bad",
                    &[
                        ("text", &words::quote(rest)),
                        ("first", &first.to_string()),
                        ("last", &last.to_string()),
                    ],
                ),
            )]
        };
        let Arg::Given(Worded {
            value: MoveNumber { number, side },
            ..
        }) = *at
        else {
            return bad(self);
        };
        let line = self.line_mut();
        let found = line.game.plies()[line.offset..]
            .iter()
            .position(|p| p.move_number() == number && p.color() == side);
        let Some(i) = found else {
            return bad(self);
        };
        line.at = i + 1;
        self.refresh();
        vec![say(Kind::Answer, self.here(v, true))]
    }

    /// `variation [N]`: into the N-th variation (the first by default) of the move just said; it replaces that
    /// move, as in PGN. Bounded in depth as the PGN reader bounds it.
    pub(super) fn enter_variation(&mut self, v: &Voice, asked: &Arg<Worded<usize>>) -> Vec<Effect> {
        let line = self.line();
        let Some(ply) = line.current() else {
            return vec![say(Kind::Refusal, v.cfg.p("review.no_variations", &[]))];
        };
        let count = ply.annotations.variations.len();
        if count == 0 {
            return vec![say(Kind::Refusal, v.cfg.p("review.no_variations", &[]))];
        }
        let n = match asked {
            Arg::None => Some(1),
            Arg::Given(n) => Some(n.value).filter(|n| (1..=count).contains(n)),
            Arg::Bad(_) => None,
        };
        let rest = &asked.text();
        let Some(n) = n else {
            let key = if count == 1 {
                "review.variation_bad_one"
            } else {
                "review.variation_bad"
            };
            return vec![say(
                Kind::Refusal,
                v.cfg.p(
                    key,
                    &[("text", &words::quote(rest)), ("n", &count.to_string())],
                ),
            )];
        };
        if self.depth() >= MAX_VARIATION_DEPTH {
            return vec![say(Kind::Refusal, v.cfg.p("review.too_deep", &[]))];
        }
        let mut base = line.game.clone();
        base.truncate(line.offset + line.at - 1);
        let offset = base.plies().len();
        let (game, opening, unreadable) = read_variation(&base, &ply.annotations.variations[n - 1]);
        if game.plies().len() == offset {
            let text = unreadable.unwrap_or_default();
            return vec![say(
                Kind::Refusal,
                v.cfg.p(
                    "review.variation_unreadable",
                    &[("text", &words::quote(&text))],
                ),
            )];
        }
        self.lines.push(Line {
            game,
            offset,
            at: 1,
            opening,
            unreadable,
            number: n,
        });
        self.refresh();
        let depth = self.depth();
        let mut parts = vec![v.cfg.p(
            "review.variation_entered",
            &[("n", &n.to_string()), ("depth", &depth.to_string())],
        )];
        parts.extend(comment_parts(v, &self.line().opening));
        parts.push(self.here(v, true));
        vec![say(Kind::Answer, parts.join(". "))]
    }

    /// `leave`: out of the variation, back to the move where it branched.
    pub(super) fn leave_variation(&mut self, v: &Voice) -> Vec<Effect> {
        if self.depth() == 0 {
            return vec![say(Kind::Refusal, v.cfg.p("review.not_in_variation", &[]))];
        }
        let left = self.lines.pop().expect("depth checked").number;
        self.refresh();
        let depth = self.depth();
        let text = format!(
            "{}. {}",
            if depth == 0 {
                v.cfg
                    .p("review.variation_left_main", &[("n", &left.to_string())])
            } else {
                v.cfg.p(
                    "review.variation_left",
                    &[("n", &left.to_string()), ("depth", &depth.to_string())],
                )
            },
            self.here(v, true)
        );
        vec![say(Kind::Answer, text)]
    }
}

/// One move's words: "Move 12, White: Springer Felix drei", NAGs, comments, clock time, variations.
fn ply_parts(v: &Voice, ply: &Ply) -> Vec<String> {
    let mut parts = vec![v.cfg.p(
        "review.move",
        &[
            ("number", &ply.move_number().to_string()),
            ("side", &v.cfg.side(ply.color())),
            ("move", &v.announce(ply, v.cfg.long_form)),
        ],
    )];
    let a = &ply.annotations;
    for &n in a.nags.iter().take(MAX_NOTES) {
        parts.push(nag(v.cfg, n));
    }
    parts.extend(comment_parts(v, &a.comments));
    if ply.draw_offer {
        parts.push(v.cfg.p("review.draw_offer", &[]));
    }
    match a.variations.len() {
        0 => {}
        1 => parts.push(v.cfg.p("review.variations_one", &[])),
        n => parts.push(v.cfg.p("review.variations_many", &[("n", &n.to_string())])),
    }
    parts
}

/// Comments said: the text without `[%...]` commands, then the clock time of a `[%clk]`.
fn comment_parts(v: &Voice, comments: &[String]) -> Vec<String> {
    let mut parts = Vec::new();
    for c in comments.iter().take(MAX_NOTES) {
        let text = spoken_comment(c);
        if !text.is_empty() {
            parts.push(v.cfg.p("review.comment", &[("text", &text)]));
        }
        if let Some(Ok(d)) = crate::rules::time_control::parse_clock_comment(c) {
            parts.push(v.cfg.p(
                "review.clock_time",
                &[("time", &words::time::duration(&v.cfg.phrases, d))],
            ));
        }
    }
    parts
}

/// A NAG in words, as a sentence of its own (it follows the move after a full stop).
fn nag(cfg: &Config, n: u8) -> String {
    let text = if NAMED_NAGS.contains(&n) {
        cfg.p(&format!("nag.{n}"), &[])
    } else {
        cfg.p("nag.other", &[("n", &n.to_string())])
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use shakmaty::Position;

    use super::*;
    use crate::session::{Command, Session};

    fn said(out: &[Effect]) -> String {
        out.iter()
            .filter_map(|e| match e {
                Effect::Say(a) => Some(a.text.clone()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join(" | ")
    }

    fn run(s: &mut Session, line: &str) -> String {
        said(&s.update(Command::Act(s.read(line)), Duration::ZERO))
    }

    const ANNOTATED: &str = r#"[Event "t"]
[White "A"]
[Black "B"]
[Result "*"]

{The opening.} 1. e4 $1 {Best by test [%clk 1:30:00]} e5 (1... c5 $5 {Sicilian}
(1... e6 {French} 2. d4 (2. d3 $6) 2... d5) 2. Nf3) 2. Nf3 $14 {Control [%clk 1:29:50] [%eval 0.3]
bell} Nc6 *
"#;

    fn annotated() -> Session {
        let game = crate::rules::pgn::import_game(ANNOTATED).expect("the test game reads");
        let mut s = Session::new(game, Config::default()).with_review_at_start();
        s.start(Duration::ZERO);
        s
    }

    #[test]
    fn steps_say_moves_nags_comments_and_clock_times_and_stop_at_the_bounds() {
        let mut s = annotated();
        assert!(s.view().reviewing());
        let out = s.update(Command::Act(s.read("back")), Duration::ZERO);
        assert_eq!(
            said(&out),
            "Already at the start of the game; nothing changed"
        );
        assert!(out.contains(&Effect::Cue(crate::session::Cue::Edge)));
        let first = run(&mut s, "forward");
        assert_eq!(
            first,
            "Move 1, White: Bauer Eva vier. Good move. Comment: Best by test. Clock 1 hour 30 minutes \
             | Opening: B00 King's Pawn"
        );
        // The rest of the steps without the openings reached.
        assert_eq!(
            run(&mut s, "openings off"),
            "Openings are not announced; opening says the one reached"
        );
        let second = run(&mut s, "forward");
        assert_eq!(second, "Move 1, Black: Bauer Eva fünf. 1 variation");
        let third = run(&mut s, "forward");
        assert_eq!(
            third,
            "Move 2, White: Springer Felix drei. White is slightly better. Comment: Control bell. \
             Clock 1 hour 29 minutes 50 seconds"
        );
        run(&mut s, "forward");
        assert_eq!(
            run(&mut s, "forward"),
            "Already at the end of the game; nothing changed"
        );
        assert_eq!(s.view().shown_game().plies().len(), 4);
        assert!(
            run(&mut s, "start")
                .starts_with("Start of the game, White to move. Comment: The opening.")
        );
        assert_eq!(s.view().shown_game().plies().len(), 0);
        assert!(run(&mut s, "goto 2").starts_with("Move 2, White: Springer Felix drei"));
        assert!(run(&mut s, "goto 1 black").starts_with("Move 1, Black: Bauer Eva fünf"));
        assert!(run(&mut s, "goto 9").contains("no move"));
        assert!(run(&mut s, "goto x y z").contains("no move"));
        assert_eq!(
            s.view().shown_game().plies().len(),
            2,
            "a bad goto changes nothing"
        );
        // The game itself is never changed.
        assert_eq!(s.view().game().plies().len(), 4);
    }

    #[test]
    fn variations_nest_two_deep_and_leave_returns_to_the_branch() {
        let mut s = annotated();
        run(&mut s, "goto 1 black");
        let v = run(&mut s, "variation");
        assert_eq!(
            v,
            "Variation 1, depth 1. Move 1, Black: Bauer Cesar fünf. Interesting move. Comment: Sicilian. 1 variation"
        );
        let v2 = run(&mut s, "variation 1");
        assert!(
            v2.starts_with("Variation 1, depth 2. Move 1, Black: Bauer Eva sechs. Comment: French"),
            "{v2}"
        );
        assert!(run(&mut s, "forward").starts_with("Move 2, White: Bauer David vier. 1 variation"));
        // Depth 3: the variation of 2. d4 inside the French.
        assert!(
            run(&mut s, "variation")
                .contains("depth 3. Move 2, White: Bauer David drei. Dubious move")
        );
        assert!(run(&mut s, "forward").contains("end of the variation"));
        assert!(
            run(&mut s, "leave")
                .starts_with("Left variation 1, depth 2. Move 2, White: Bauer David vier")
        );
        assert!(run(&mut s, "forward").starts_with("Move 2, Black: Bauer David fünf"));
        assert_eq!(s.view().shown_game().position().board().to_string(), {
            let g = crate::rules::pgn::import_game("1. e4 e6 2. d4 d5 *").unwrap();
            g.position().board().to_string()
        });
        assert!(
            run(&mut s, "leave")
                .starts_with("Left variation 1, depth 1. Move 1, Black: Bauer Cesar fünf")
        );
        assert!(
            run(&mut s, "leave").starts_with(
                "Left variation 1, back in the main line. Move 1, Black: Bauer Eva fünf"
            )
        );
        assert!(run(&mut s, "leave").contains("main line"));
        assert!(run(&mut s, "variation 2").contains("one variation here"));
        run(&mut s, "forward");
        assert!(run(&mut s, "variation").contains("no variations"));
    }

    #[test]
    fn comments_are_quoted_safely_and_bounded() {
        let hostile = format!(
            "1. e4 {{evil \u{1b}[31m red\u{7} [%clk 0:05:00] {}}} e5 *",
            "x".repeat(5000)
        );
        let game = crate::rules::pgn::import_game(&hostile).unwrap();
        let mut s = Session::new(game, Config::default()).with_review_at_start();
        s.start(Duration::ZERO);
        let text = run(&mut s, "forward");
        assert!(!text.chars().any(words::quote::is_unsafe), "{text:?}");
        assert!(text.contains("Comment: evil ?[31m red?"), "{text}");
        assert!(text.ends_with("…. Clock 5 minutes"), "{text}");
        assert!(text.chars().count() < MAX_COMMENT_CHARS + 100);
        assert_eq!(spoken_comment("[%clk 1:00:00]"), "");
        assert_eq!(spoken_comment("a [%eval 1.2 b"), "a");
    }

    #[test]
    fn moves_are_refused_and_exploring_answers_the_reviewed_position() {
        let mut s = Session::new(Game::new(), Config::default());
        s.start(Duration::ZERO);
        for m in ["e4", "e5", "Nf3"] {
            run(&mut s, m);
        }
        assert!(run(&mut s, "back").contains("Not reviewing"));
        let opened = run(&mut s, "review");
        assert!(
            opened.contains("Move 2, White: Springer Felix drei"),
            "{opened}"
        );
        run(&mut s, "start");
        // The same answer as at the start of a fresh game: all of White's pawns.
        let mut fresh = Session::new(Game::new(), Config::default());
        fresh.start(Duration::ZERO);
        let expected = run(&mut fresh, "rank 2");
        assert_eq!(run(&mut s, "rank 2"), expected);
        assert_eq!(expected.matches("Bauer").count(), 8, "{expected}");
        assert_eq!(run(&mut s, "fen"), run(&mut fresh, "fen"));
        run(&mut s, "end");
        assert!(run(&mut s, "square f3").contains("Springer"));
        run(&mut s, "start");
        let refused = run(&mut s, "d4");
        assert!(refused.contains("reviewing"), "{refused}");
        assert!(run(&mut s, "takeback").contains("reviewing"));
        assert_eq!(s.view().game().plies().len(), 3);
        let back = run(&mut s, "done");
        assert!(back.starts_with("Review ended"), "{back}");
        assert!(!s.view().reviewing());
        // The game goes on where it was.
        run(&mut s, "Nc6");
        assert_eq!(s.view().game().plies().len(), 4);
    }

    #[test]
    fn review_waits_for_a_running_clock_and_the_tournament_game() {
        let config = Config {
            time_control: "5m".parse().ok(),
            ..Config::default()
        };
        let mut s = Session::new(Game::new(), config);
        s.start(Duration::ZERO);
        assert!(run(&mut s, "review").contains("clock"));
        assert!(!s.view().reviewing());
        let config = Config {
            mode: crate::session::Mode::Record,
            ..Config::default()
        };
        let mut t = Session::new(Game::new(), config);
        t.start(Duration::ZERO);
        let text = run(&mut t, "review");
        assert!(text.contains("tournament"), "{text}");
        assert!(!t.view().reviewing());
    }

    #[test]
    fn unplayable_variation_moves_and_deep_nesting_are_bounded() {
        // A variation with a move that cannot be played there: the variation ends before it, said.
        let game = crate::rules::pgn::import_game("1. e4 (1. d4 Nf6 Qxh7) e5 *").unwrap();
        let mut s = Session::new(game, Config::default()).with_review_at_start();
        s.start(Duration::ZERO);
        run(&mut s, "forward");
        assert!(
            run(&mut s, "variation")
                .starts_with("Variation 1, depth 1. Move 1, White: Bauer David vier")
        );
        run(&mut s, "forward");
        let end = run(&mut s, "forward");
        assert!(
            end.contains("\"Qxh7\", which is not a possible move there"),
            "{end}"
        );
        // A variation that starts with an impossible move is not entered.
        let game = crate::rules::pgn::import_game("1. e4 (1. Ke5) e5 *").unwrap();
        let mut s = Session::new(game, Config::default()).with_review_at_start();
        s.start(Duration::ZERO);
        run(&mut s, "forward");
        assert!(run(&mut s, "variation").contains("nothing changed"));
        assert!(run(&mut s, "leave").contains("main line"));
        // Variations nested far deeper than the reader keeps: entering stops where the nesting stops.
        let depth = 200;
        let mut text = String::from("1. e4 ");
        for _ in 0..depth {
            text.push_str("(1. d4 ");
        }
        for _ in 0..depth {
            text.push(')');
        }
        text.push_str(" e5 *");
        let game = crate::rules::pgn::import_game(&text).unwrap();
        let mut s = Session::new(game, Config::default()).with_review_at_start();
        s.start(Duration::ZERO);
        run(&mut s, "forward");
        let mut entered = 0;
        for _ in 0..depth {
            if run(&mut s, "variation").starts_with("Variation 1") {
                entered += 1;
            } else {
                break;
            }
        }
        assert!(entered >= 1 && entered <= MAX_VARIATION_DEPTH, "{entered}");
        for _ in 0..entered {
            assert!(run(&mut s, "leave").starts_with("Left variation"));
        }
        assert!(run(&mut s, "leave").contains("main line"));
        assert_eq!(s.view().shown_game().plies().len(), 1);
    }
}
