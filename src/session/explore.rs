//! Line mode's exploring commands: the same queries as the full-screen view's keys (words::explore), asked of a
//! square named in the command. Whether analysis (lines, diagonals, knight squares, attackers, legal moves,
//! material) is allowed is the policy's answer (session/policy.rs), given before the question reaches here.

use shakmaty::{Color, Position, Role, Square};

use super::voice::Voice;
use super::{Config, Effect, Kind, Match, quote, say};
use crate::rules::{Ending, Game};
use crate::words::action::{Action, Arg};
use crate::words::{self, explore};

/// What the questions about a position are answered with: the session's voice (its words, how a move is said),
/// how a game's end is said, and the match (its clock's corrected move counter).
pub(super) struct Asked<'a> {
    pub(super) voice: Voice<'a>,
    pub(super) ending: &'a dyn Fn(Ending) -> String,
    pub(super) m: &'a Match,
    /// The move made and not yet completed by the press (record and assistant mode, R-D.2.4): its mover and its
    /// index among the game's plies.
    pub(super) made: Option<(Color, usize)>,
}

/// The questions about a position (`board`, `square`, `fen`, `count`, `moves`, the exploring commands),
/// answered on `game`: the game's own, or the reviewed position.
pub(super) fn answer(q: &Asked, game: &Game, action: &Action) -> Vec<Effect> {
    use Action as A;
    let cfg = q.voice.cfg;
    match action {
        A::Moves(rest) => moves(&q.voice, game, rest),
        A::Count => vec![say(Kind::Answer, count(cfg, game, q.m, q.made))],
        A::Board => vec![say(Kind::Answer, board(cfg, game))],
        A::Square(sq) => square(cfg, game, sq),
        A::Fen => vec![say(Kind::Answer, game.fen())],
        // The other questions about a position: `rank`, `file`, ... `turn` (one list, `Action::asks_about_position`).
        a if a.asks_about_position() => explore_word(q, game, action),
        _ => Vec::new(),
    }
}

/// The side whose view names directions (up, left): the player's.
fn orientation(cfg: &Config) -> Color {
    if cfg.opponent.plays_one_side() {
        cfg.engine_color.other()
    } else {
        Color::White
    }
}

/// `rank`, `file`, `diagonals`, `lines`, `knights`, `attackers`, `legal`, `pieces`, `pawns`, `material`, `turn`,
/// asked of `game` (the policy has allowed them).
fn explore_word(q: &Asked, game: &Game, action: &Action) -> Vec<Effect> {
    use Action as A;
    let cfg = q.voice.cfg;
    let (v, p) = (&cfg.vocabulary, &cfg.phrases);
    let pos = game.position();
    let answer = |text: String| vec![say(Kind::Answer, text)];
    let sq = match action {
        A::Pawns(_) => return answer(explore::pawns(pos, v, p)),
        A::Material(_) => return answer(explore::material(pos, v, p)),
        A::Turn(_) => {
            return answer(match game.ending() {
                Some(e) => (q.ending)(e),
                None => explore::turn(pos, p),
            });
        }
        A::Pieces(side) => {
            let color = match side {
                Arg::None => orientation(cfg),
                Arg::Given(color) => *color,
                Arg::Bad(rest) => {
                    let text = cfg.p("explore.bad_side", &[("text", &quote(rest))]);
                    return vec![say(Kind::Refusal, text)];
                }
            };
            return answer(explore::pieces(pos, color, v, p));
        }
        A::Rank(sq)
        | A::File(sq)
        | A::Diagonals(sq)
        | A::Lines(sq)
        | A::Knights(sq)
        | A::Attackers(sq)
        | A::Legal(sq) => sq,
        _ => return Vec::new(),
    };
    let word = action.name();
    let Arg::Given(sq) = *sq else {
        let args = [("command", word), ("text", &quote(&sq.text()))];
        return vec![say(Kind::Refusal, cfg.p("explore.bad_square", &args))];
    };
    let o = orientation(cfg);
    answer(match action {
        A::Rank(_) => explore::rank(pos, sq, v, p),
        A::File(_) => explore::file(pos, sq, v, p),
        A::Diagonals(_) => explore::diagonals(pos, sq, o, v, p),
        A::Lines(_) => explore::lines(pos, sq, o, v, p),
        A::Knights(_) => explore::knight_squares(pos, sq, v, p),
        A::Attackers(_) => explore::attackers(pos, sq, v, p),
        _ => explore::legal_moves(game, sq, v, p),
    })
}

/// `moves [N]`: the game's moves (the last N), as they were announced.
pub(super) fn moves(v: &Voice, game: &Game, count: &Arg<usize>) -> Vec<Effect> {
    let cfg = v.cfg;
    let plies = game.plies();
    let n = match count {
        Arg::None => plies.len(),
        Arg::Given(n) => (*n).min(plies.len()),
        Arg::Bad(text) => {
            return vec![say(
                Kind::Refusal,
                cfg.p("moves.bad", &[("text", &words::quote(text))]),
            )];
        }
    };
    if plies.is_empty() {
        return vec![say(Kind::Answer, cfg.p("last.none", &[]))];
    }
    let mut text = String::new();
    for (i, ply) in plies[plies.len() - n..].iter().enumerate() {
        let said = v.announce(ply, false);
        if ply.color() == Color::White {
            if !text.is_empty() {
                text.push_str("; ");
            }
            text.push_str(&format!("{}. {said}", ply.move_number()));
        } else if i == 0 {
            text.push_str(&format!("{}... {said}", ply.move_number()));
        } else {
            text.push_str(&format!(", {said}"));
        }
    }
    vec![say(Kind::Answer, text)]
}

/// Appendix D.2.6.1 / D.2.10.4: the number of moves completed in `game` and whose turn it is, and the
/// match's clock counter once the arbiter has corrected it.
pub(super) fn count(cfg: &Config, game: &Game, m: &Match, made: Option<(Color, usize)>) -> String {
    let pos = game.position();
    // A move made and not yet completed by the press (R-D.2.4, R-6.2.1) is not counted: the mover's clock still
    // runs, so the move and the side are those before it, and it is said as made.
    let made = made.filter(|&(_, ply)| ply + 1 == game.plies().len());
    let (number, side) = match made {
        Some((Color::Black, _)) => (pos.fullmoves().get() - 1, Color::Black),
        Some((Color::White, _)) => (pos.fullmoves().get(), Color::White),
        None => (pos.fullmoves().get(), pos.turn()),
    };
    let completed = number - 1;
    let key = match (made.is_some(), completed == 1) {
        (false, true) => "count.one",
        (false, false) => "count.many",
        (true, true) => "count.made_one",
        (true, false) => "count.made_many",
    };
    let text = cfg.p(
        key,
        &[
            ("number", &number.to_string()),
            ("side", &cfg.side(side)),
            ("completed", &completed.to_string()),
        ],
    );
    // The clock's move counter once the arbiter has corrected it: said as it now stands.
    match m.clock() {
        Some(c) if m.counter_corrected() => {
            let clock = cfg.p(
                "count.clock",
                &[
                    ("white_side", &cfg.side(Color::White)),
                    ("white", &c.moves_completed(Color::White).to_string()),
                    ("black_side", &cfg.side(Color::Black)),
                    ("black", &c.moves_completed(Color::Black).to_string()),
                ],
            );
            format!("{text}; {clock}")
        }
        _ => text,
    }
}

/// `board`: the pieces of each side and whose turn it is.
pub(super) fn board(cfg: &Config, game: &Game) -> String {
    let board = game.position().board();
    let v = &cfg.vocabulary;
    let mut sides = Vec::new();
    for color in [Color::White, Color::Black] {
        let mut groups = Vec::new();
        for role in [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ] {
            let squares: Vec<String> = (board.by_color(color) & board.by_role(role))
                .into_iter()
                .map(|s| v.square(s))
                .collect();
            if !squares.is_empty() {
                groups.push(format!("{} {}", v.piece(role), squares.join(", ")));
            }
        }
        sides.push(cfg.p(
            "board.side",
            &[("side", &cfg.side(color)), ("pieces", &groups.join("; "))],
        ));
    }
    format!(
        "{}. {}",
        sides.join(". "),
        cfg.p("board.turn", &[("side", &cfg.side(game.turn()))])
    )
}

/// `square X`: what stands on a square.
pub(super) fn square(cfg: &Config, game: &Game, sq: &Arg<Square>) -> Vec<Effect> {
    let Arg::Given(sq) = *sq else {
        return vec![say(
            Kind::Refusal,
            cfg.p("square.bad", &[("text", &words::quote(&sq.text()))]),
        )];
    };
    let v = &cfg.vocabulary;
    let text = match game.position().board().piece_at(sq) {
        Some(p) => cfg.p(
            "square.piece",
            &[
                ("square", &v.square(sq)),
                ("side", &cfg.side(p.color)),
                ("piece", v.piece(p.role)),
            ],
        ),
        None => cfg.p("square.empty", &[("square", &v.square(sq))]),
    };
    vec![say(Kind::Answer, text)]
}
