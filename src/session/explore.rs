//! Line mode's exploring commands: the same queries as the full-screen view's keys (words::explore), asked of a
//! square named in the command. Reading the position (rank, file, pieces, pawns, turn) is always allowed;
//! analysis (lines, diagonals, knight squares, attackers, legal moves, material) only where `analysis_allowed`.

use shakmaty::{Color, File, Rank, Square};

use super::{Config, Effect, Kind, Opponent, quote, say};
use crate::rules::{Ending, Game};
use crate::words::{explore, spoken};

/// The side whose view names directions (up, left): the player's.
fn orientation(cfg: &Config) -> Color {
    match cfg.opponent {
        Opponent::Engine => cfg.engine_color.other(),
        Opponent::Human => Color::White,
    }
}

/// A square, or for `rank` a rank ("4", "vier") and for `file` a file ("e", "Eva").
fn explore_square(cfg: &Config, word: &str, rest: &str) -> Option<Square> {
    let v = &cfg.vocabulary;
    if let Some(sq) = spoken::parse_square(v, rest) {
        return Some(sq);
    }
    let t = rest.trim().to_lowercase();
    let folded = crate::words::normalize::fold(&t);
    let same = |w: &str| crate::words::normalize::fold(w) == folded;
    match word {
        "rank" => {
            let n = t
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=8).contains(n))
                .map(|n| n - 1)
                .or_else(|| v.ranks.iter().position(|w| same(w)).map(|i| i as u32))?;
            Some(Square::from_coords(File::A, Rank::new(n)))
        }
        "file" => {
            let i = v.files.iter().position(|w| same(w)).or_else(|| {
                let mut c = t.chars();
                match (c.next(), c.next()) {
                    (Some(ch @ 'a'..='h'), None) => Some(ch as usize - 'a' as usize),
                    _ => None,
                }
            })?;
            Some(Square::from_coords(File::new(i as u32), Rank::First))
        }
        _ => None,
    }
}

/// `rank`, `file`, `diagonals`, `lines`, `knights`, `attackers`, `legal`, `pieces`, `pawns`, `material`, `turn`,
/// asked of `game` (the game's position, or the reviewed one); analysis only when `analysis` allows it, a game's
/// end said by `ending`.
pub(super) fn explore(
    cfg: &Config,
    game: &Game,
    analysis_allowed: bool,
    ending: &dyn Fn(Ending) -> String,
    word: &str,
    rest: &str,
) -> Vec<Effect> {
    let analysis = matches!(
        word,
        "diagonals" | "lines" | "knights" | "attackers" | "legal" | "material"
    );
    if analysis && !analysis_allowed {
        return vec![say(Kind::Refusal, cfg.p("tournament.not_allowed", &[]))];
    }
    let (v, p) = (&cfg.vocabulary, &cfg.phrases);
    let pos = game.position();
    let answer = |text: String| vec![say(Kind::Answer, text)];
    match word {
        "pawns" => return answer(explore::pawns(pos, v, p)),
        "material" => return answer(explore::material(pos, v, p)),
        "turn" => {
            return answer(match game.ending() {
                Some(e) => ending(e),
                None => explore::turn(pos, p),
            });
        }
        "pieces" => {
            let color = if rest.is_empty() {
                orientation(cfg)
            } else if p.is_word("arg.white", rest) {
                Color::White
            } else if p.is_word("arg.black", rest) {
                Color::Black
            } else {
                return vec![say(
                    Kind::Refusal,
                    cfg.p("explore.bad_side", &[("text", &quote(rest))]),
                )];
            };
            return answer(explore::pieces(pos, color, v, p));
        }
        _ => {}
    }
    let Some(sq) = explore_square(cfg, word, rest) else {
        return vec![say(
            Kind::Refusal,
            cfg.p(
                "explore.bad_square",
                &[("command", word), ("text", &quote(rest))],
            ),
        )];
    };
    let o = orientation(cfg);
    answer(match word {
        "rank" => explore::rank(pos, sq, v, p),
        "file" => explore::file(pos, sq, v, p),
        "diagonals" => explore::diagonals(pos, sq, o, v, p),
        "lines" => explore::lines(pos, sq, o, v, p),
        "knights" => explore::knight_squares(pos, sq, v, p),
        "attackers" => explore::attackers(pos, sq, v, p),
        _ => explore::legal_moves(game, sq, v, p),
    })
}
