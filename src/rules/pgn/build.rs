//! An imported game built from its tokens: mainline played, comments, variations, endings and dead positions.

use shakmaty::san::San;
use shakmaty::{Chess, Color, KnownOutcome, Outcome, Position};

use crate::rules::ending::{EndReason, Ending, GameResult};
use crate::rules::game::{Game, GameError, MovetextItem, Ply};
use crate::rules::tags::Tags;

use super::collect::Tok;
use super::moves::{is_noise, lenient_move, lenient_san_text, read_plain_san, resolve_san};
use super::report::{
    ImportError, ImportErrorKind, ImportOptions, ImportWarning, MoveAt, players, printable,
};
use super::start::{start_game, variant_is_chess960};
use super::writer::{DERIVED_TAGS, DRAW_OFFER_COMMENT};

/// An open variation while building: its items and whether it held only a `=` (the scoresheet draw offer).
struct OpenVariation {
    items: Vec<MovetextItem>,
    only_equals: bool,
    saw_equals: bool,
}

/// A move found in the record after an automatic draw ending: kept as text, not played.
struct AfterEnd {
    number: u32,
    side: Color,
    text: String,
}

fn after_end_text(moves: &[AfterEnd]) -> String {
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match m.side {
            Color::White => out.push_str(&format!("{}. ", m.number)),
            Color::Black if i == 0 => out.push_str(&format!("{}... ", m.number)),
            Color::Black => {}
        }
        out.push_str(&m.text);
    }
    out
}

/// How deep variations may nest (a variation inside a variation inside ...). Deeper ones are left out with a
/// warning: outside text must not make the reader, or anything walking the kept variations, recurse without bound.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// The prefix of the comment that keeps moves recorded after the game ended.
pub const AFTER_END_COMMENT: &str = "recorded after the game ended:";

/// `toks` are used up: the text of comments is moved into the game, not copied.
pub(super) fn build_game(
    number: usize,
    tags: Tags,
    toks: &mut [Tok],
    options: &ImportOptions,
    warnings: &mut Vec<ImportWarning>,
) -> Result<Game, ImportError> {
    // The players are named only in an error (their tags are moved into the game on the way).
    let err = |tags: &Tags, at: Option<MoveAt>, kind: ImportErrorKind| ImportError {
        game: number,
        players: players(tags),
        at,
        kind,
    };
    let tag = |name: &str| tags.get_ignore_ascii_case(name);

    let chess960 = match tag("Variant") {
        Some(v) => variant_is_chess960(v).map_err(|k| err(&tags, None, k))?,
        None => false,
    };
    let fen = tag("FEN").filter(|f| !f.trim().is_empty());
    let (game, fixed) = start_game(fen, chess960).map_err(|k| err(&tags, None, k))?;
    let mut game = game.with_edition(options.edition);
    if fixed {
        warnings.push(ImportWarning {
            game: number,
            message:
                "the FEN's castling rights or en passant square were not possible and were dropped"
                    .into(),
        });
    }
    let result_tag = tag("Result").and_then(GameResult::from_pgn);
    let termination = tag("Termination").map(str::to_owned);
    game.tags = tags;
    game.tags
        .retain(|n, _| !DERIVED_TAGS.iter().any(|d| d.eq_ignore_ascii_case(n)));

    let at = |game: &Game, text: String| {
        let pos = game.position();
        Some(MoveAt {
            number: pos.fullmoves().get(),
            side: pos.turn(),
            text: printable(&text),
        })
    };
    let mut stack: Vec<OpenVariation> = Vec::new();
    // Variations nested deeper than MAX_VARIATION_DEPTH: how deep inside the one being passed over, and whether any
    // was.
    let mut passing_over = 0usize;
    let mut passed_over = false;
    let mut outcome: Option<Outcome> = None;
    let mut after_end: Vec<AfterEnd> = Vec::new();
    let mut after_result = false;
    game.reserve_plies(mainline_move_count(toks));
    let count = toks.len();

    for (i, slot) in toks.iter_mut().enumerate() {
        // A comment's text is moved into the game, not copied.
        let mut comment = match slot {
            Tok::Comment(c) => std::mem::take(c),
            _ => String::new(),
        };
        let tok: &Tok = slot;
        if passing_over > 0 {
            match tok {
                Tok::Open => passing_over += 1,
                Tok::Close => passing_over -= 1,
                _ => {}
            }
            continue;
        }
        if matches!(tok, Tok::Open) && stack.len() >= MAX_VARIATION_DEPTH {
            passing_over = 1;
            passed_over = true;
            continue;
        }
        if let Some(top) = stack.last_mut() {
            // Inside a variation: kept as written, not checked.
            let item = match tok {
                Tok::San(sp) => Some(MovetextItem::San(sp.to_string())),
                Tok::Nag(n) => Some(MovetextItem::Nag(*n)),
                Tok::Comment(_) => Some(MovetextItem::Comment(std::mem::take(&mut comment))),
                Tok::Raw(r) if r.trim() == "=" => {
                    top.saw_equals = true;
                    None
                }
                Tok::Raw(r) => lenient_san_text(r).map(MovetextItem::San),
                Tok::Outcome(_) => None,
                Tok::Open => {
                    top.only_equals = false;
                    stack.push(OpenVariation {
                        items: Vec::new(),
                        only_equals: true,
                        saw_equals: false,
                    });
                    continue;
                }
                Tok::Close => {
                    let Some(done) = stack.pop() else { continue };
                    match stack.last_mut() {
                        Some(parent) => parent.items.push(MovetextItem::Variation(done.items)),
                        None if after_end.is_empty() => close_top_variation(&mut game, done),
                        None => {}
                    }
                    continue;
                }
            };
            if let Some(item) = item {
                top.only_equals = false;
                top.items.push(item);
            }
            continue;
        }
        match tok {
            Tok::San(_) | Tok::Raw(_) => {
                let (raw, sp) = match tok {
                    Tok::San(sp) => ("", Some(sp)),
                    Tok::Raw(raw) if is_noise(raw) => continue,
                    Tok::Raw(raw) => (raw.trim(), None),
                    _ => continue,
                };
                // The move as read, for messages; made only when needed.
                let text = || sp.map_or_else(|| raw.to_owned(), |sp| sp.to_string());
                // Text after the game termination marker that is no move belongs to no game.
                if after_result && sp.is_none() && lenient_san_text(raw).is_none() {
                    warnings.push(ImportWarning {
                        game: number,
                        message: format!("\"{}\" after the result was ignored", printable(raw)),
                    });
                    continue;
                }
                // The usual case, a plain SAN naming one legal move, keeps the candidates it was found among.
                let mut plain: Option<San> = None;
                let mut resolve = |game: &Game| match sp {
                    Some(sp) => match read_plain_san(game, &sp.san) {
                        Some((m, own)) => {
                            plain = Some(own);
                            Ok(m)
                        }
                        None => resolve_san(game.position(), sp),
                    },
                    None => lenient_move(game.position(), raw).ok_or_else(|| {
                        if lenient_san_text(raw).is_some() {
                            ImportErrorKind::IllegalMove
                        } else {
                            ImportErrorKind::NotAMove
                        }
                    }),
                };
                let mut resolved = None;
                if game.ending().is_none() {
                    let r = resolve(&game);
                    // A move that cannot be read may follow a stalemate `play_recorded` left undecided.
                    if r.is_err() {
                        game.settle();
                    }
                    resolved = Some(r);
                }
                if let Some(e) = game.ending() {
                    let text = text();
                    let is_move_text = sp
                        .is_some_and(|sp| matches!(sp.san, San::Normal { .. } | San::Castle(_)))
                        || (sp.is_none() && lenient_san_text(&text).is_some());
                    let draw_on_the_board = matches!(
                        e.reason,
                        EndReason::DeadPosition
                            | EndReason::FivefoldRepetition
                            | EndReason::SeventyFiveMoves
                    );
                    if !(is_move_text && draw_on_the_board) {
                        let kind = if is_move_text {
                            ImportErrorKind::AfterEnd(e.reason.describe().to_owned())
                        } else {
                            ImportErrorKind::NotAMove
                        };
                        return Err(err(&game.tags, at(&game, text), kind));
                    }
                    // the game was over; the moves written after it are kept as a comment.
                    let (number, side) = match after_end.last() {
                        Some(last) if last.side == Color::Black => {
                            (last.number.saturating_add(1), Color::White)
                        }
                        Some(last) => (last.number, Color::Black),
                        None => (game.position().fullmoves().get(), game.turn()),
                    };
                    after_end.push(AfterEnd { number, side, text });
                    continue;
                }
                let m = match resolved.expect("read while the game was not over") {
                    Ok(m) => m,
                    // The text ends here, without a result: most likely a file cut off in the middle of a move.
                    Err(k) if i + 1 == count => {
                        return Err(err(
                            &game.tags,
                            at(&game, text()),
                            ImportErrorKind::CutOff(Box::new(k)),
                        ));
                    }
                    Err(k) => return Err(err(&game.tags, at(&game, text()), k)),
                };
                if let Some(sp) = sp
                    && let San::Normal {
                        promotion: None, ..
                    } = sp.san
                    && m.promotion().is_some()
                {
                    let at = at(&game, text()).map_or_else(String::new, |a| a.to_string());
                    warnings.push(ImportWarning {
                        game: number,
                        message: format!("{at}: a pawn on the last rank must become a piece; read as a queen (R-7.5.2)"),
                    });
                }
                let played = if options.check_every_position {
                    game.play(m).map(|_| ())
                } else {
                    game.play_recorded(m, plain)
                };
                match played {
                    Ok(_) => {}
                    Err(GameError::GameOver(e)) => {
                        return Err(err(
                            &game.tags,
                            at(&game, text()),
                            ImportErrorKind::AfterEnd(e.reason.describe().to_owned()),
                        ));
                    }
                    Err(_) => {
                        return Err(err(
                            &game.tags,
                            at(&game, text()),
                            ImportErrorKind::IllegalMove,
                        ));
                    }
                }
            }
            // Annotations of moves written after the end go with them.
            _ if !after_end.is_empty() => {
                if let Tok::Open = tok {
                    stack.push(OpenVariation {
                        items: Vec::new(),
                        only_equals: true,
                        saw_equals: false,
                    });
                }
            }
            Tok::Nag(n) => {
                if let Some(p) = game.plies_mut().last_mut() {
                    p.annotations.nags.push(*n);
                }
            }
            Tok::Comment(_) => match game.plies_mut().last_mut() {
                Some(p) if comment == DRAW_OFFER_COMMENT => p.draw_offer = true,
                Some(p) => {
                    if let Some(Err(clk)) =
                        crate::rules::time_control::parse_clock_comment(&comment)
                    {
                        let at = MoveAt {
                            number: p.move_number(),
                            side: p.color(),
                            text: p.san.to_string(),
                        };
                        warnings.push(ImportWarning {
                            game: number,
                            message: format!(
                                "{at}: the clock time \"{}\" is not a time of at most {} hours; it was ignored",
                                printable(&clk),
                                crate::rules::time_control::MAX_SECONDS / 3600
                            ),
                        });
                    }
                    p.annotations.comments.push(comment)
                }
                None => game.initial_comments.push(comment),
            },
            Tok::Open => stack.push(OpenVariation {
                items: Vec::new(),
                only_equals: true,
                saw_equals: false,
            }),
            Tok::Close => {}
            Tok::Outcome(o) => {
                after_result = true;
                if outcome.is_none() || matches!(o, Outcome::Known(_)) {
                    outcome = Some(*o);
                }
            }
        }
    }
    // Variations left open at the end of the game.
    while let Some(done) = stack.pop() {
        match stack.last_mut() {
            Some(parent) => parent.items.push(MovetextItem::Variation(done.items)),
            None if after_end.is_empty() => close_top_variation(&mut game, done),
            None => {}
        }
    }

    if outcome.is_none() {
        // a record ends with its result (`*` while the game goes on); hector's own saves always write
        // one. Without it the file was most likely cut off, and the game may be shorter than it was.
        warnings.push(ImportWarning {
            game: number,
            message: "the record ends without a result (1-0, 0-1, 1/2-1/2 or *); it looks incomplete, moves may be missing"
                .into(),
        });
    }
    if passed_over {
        warnings.push(ImportWarning {
            game: number,
            message: format!(
                "variations nested more than {MAX_VARIATION_DEPTH} deep were left out"
            ),
        });
    }

    game.settle();
    if !options.check_every_position && last_position_is_dead(&game) {
        game = replay_with_dead_check(game, &mut after_end);
    }
    if !after_end.is_empty() {
        let moves = after_end_text(&after_end);
        let reason = game.ending().map_or("", |e| e.reason.describe());
        warnings.push(ImportWarning {
            game: number,
            message: format!(
                "the game was over ({reason}) before {moves}; those moves are kept as a comment"
            ),
        });
        let comment = format!("{AFTER_END_COMMENT} {moves}");
        match game.plies_mut().last_mut() {
            Some(p) => p.annotations.comments.push(comment),
            None => game.initial_comments.push(comment),
        }
    }

    let token_result = match outcome {
        Some(Outcome::Known(KnownOutcome::Decisive { winner })) => {
            Some(GameResult::win_for(winner))
        }
        Some(Outcome::Known(KnownOutcome::Draw)) => Some(GameResult::Draw),
        _ => None,
    };
    let result = result_tag.or(token_result);
    if let (Some(tag), Some(token)) = (result_tag, token_result)
        && tag != token
    {
        warnings.push(ImportWarning {
            game: number,
            message: format!(
                "the Result tag says {tag} but the movetext ends {token}; the tag was used"
            ),
        });
    }
    match (game.ending(), result) {
        (Some(e), Some(r)) if e.result != r => warnings.push(ImportWarning {
            game: number,
            message: format!(
                "the record says {r}, but the moves end the game: {}, {}",
                e.reason.describe(),
                e.result
            ),
        }),
        (None, Some(r)) => game.end(imported_ending(r, termination.as_deref())),
        (None, None) => {
            // An offer marked on the last move and not answered still stands (R-9.1.2.1).
            if let Some(p) = game.last_ply()
                && p.draw_offer
            {
                let by = p.color();
                let _ = game.offer_draw(by);
            }
        }
        _ => {}
    }
    Ok(game)
}

/// Whether the game, played without dead-position checks, may have met a dead position. A position
/// from which the game still reached checkmate is not dead, nor is any before it; and a position that is dead
/// stays dead whatever is played. So the last position decides (for a stalemate, the one before it): when it
/// is not dead, no earlier one was. The one thing this leans on is that chasolver's fast check, which proves
/// the positions dead, proves the later ones too.
fn last_position_is_dead(game: &Game) -> bool {
    let Some(last) = game.plies().len().checked_sub(1) else {
        return false;
    };
    match game.ending().map(|e| e.reason) {
        Some(EndReason::Checkmate) => false,
        Some(EndReason::Stalemate) => {
            crate::rules::dead::is_dead_position(&game.position_before(last), game.mode())
        }
        _ => crate::rules::dead::is_dead_position(game.position(), game.mode()),
    }
}

/// Plays the game again with every check of [`Game::play`], to find where a dead position ended it. Moves after
/// that are put in front of `after_end`.
fn replay_with_dead_check(light: Game, after_end: &mut Vec<AfterEnd>) -> Game {
    let mut game = Game::from_position(
        light.start().clone(),
        light.start_position().clone(),
        light.mode(),
    )
    .with_edition(light.edition());
    game.tags = light.tags.clone();
    game.initial_comments = light.initial_comments.clone();
    // The first dead position, found by halving (a dead position stays dead whatever is played, see
    // `last_position_is_dead`): only the moves from there on are played with the dead-position check.
    let n = light.plies().len();
    // The positions before each move and the last one (this runs only for a game that ends dead).
    let positions: Vec<Chess> = light.positions().collect();
    let dead_after = |k: usize| crate::rules::dead::is_dead_position(&positions[k], light.mode());
    let check_from = match (dead_after(n), n >= 1 && dead_after(n - 1)) {
        (false, false) => 0,
        (at_end, _) => {
            let (mut lo, mut hi) = (1, if at_end { n } else { n - 1 });
            while lo < hi {
                let mid = (lo + hi) / 2;
                if dead_after(mid) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            lo - 1
        }
    };
    let mut cut = Vec::new();
    for (i, ply) in light.plies().iter().enumerate() {
        if game.is_over() {
            cut.push(AfterEnd {
                number: ply.move_number(),
                side: ply.color(),
                text: ply.san.to_string(),
            });
            continue;
        }
        let played = if i < check_from {
            game.play_without_dead_check(ply.mv).map(|_| ())
        } else {
            game.play(ply.mv).map(|_| ())
        };
        if played.is_err() {
            // Cannot happen: the same moves were legal a moment ago. Keep the light game rather than lose it.
            return light;
        }
        if let Some(p) = game.plies_mut().last_mut() {
            p.draw_offer = ply.draw_offer;
            p.annotations = ply.annotations.clone();
        }
    }
    if game.ending().is_none()
        && let Some(e) = light.ending()
    {
        game.end(e);
    }
    cut.append(after_end);
    *after_end = cut;
    game
}

/// How many move tokens the main line has (an upper bound on its plies).
fn mainline_move_count(toks: &[Tok]) -> usize {
    let mut depth = 0usize;
    let mut n = 0;
    for t in toks {
        match t {
            Tok::Open => depth += 1,
            Tok::Close => depth = depth.saturating_sub(1),
            Tok::San(_) | Tok::Raw(_) if depth == 0 => n += 1,
            _ => {}
        }
    }
    n
}

/// A variation closed at the main line's level: an alternative to the last mainline move, or a draw offer.
fn close_top_variation(game: &mut Game, done: OpenVariation) {
    let Some(p) = game.plies_mut().last_mut() else {
        return;
    };
    if done.only_equals && done.saw_equals && done.items.is_empty() {
        p.draw_offer = true;
    } else {
        p.annotations.variations.push(done.items);
    }
}

/// How a game the moves do not end came to its recorded result: from the Termination tag, else resignation
/// for a win and agreement for a draw.
fn imported_ending(result: GameResult, termination: Option<&str>) -> Ending {
    let t = termination
        .map(|t| t.trim().to_ascii_lowercase())
        .unwrap_or_default();
    let reason = if t.contains("time") {
        if result == GameResult::Draw {
            EndReason::DrawOnTime
        } else {
            EndReason::TimeForfeit
        }
    } else if [
        "rules infraction",
        "adjudication",
        "abandoned",
        "death",
        "emergency",
    ]
    .contains(&t.as_str())
    {
        EndReason::ArbiterDecision
    } else if result == GameResult::Draw {
        EndReason::Agreement
    } else {
        EndReason::Resignation
    };
    Ending::new(reason, result)
}

/// The mainline plies, for callers that want the move list of an imported game.
pub fn mainline_sans(game: &Game) -> Vec<String> {
    game.plies()
        .iter()
        .map(|p: &Ply| p.san.to_string())
        .collect()
}
