//! PGN round trip as properties (R-8.1, R-8.7, R-C): a game played through the [`Game`] API, exported and imported
//! again, is the same game; a game with comments, NAGs, variations and draw offers exported, imported and exported
//! again gives the same text and keeps every one of them.
//!
//! Games are random but legal, from a seed: from the standard position, from Chess960 positions 0..=959, and from
//! FENs reached by play (some with the halfmove clock near 150, so that the 75-move rule comes). Styles of play
//! make the endings happen: greedy play (mates, captures down to dead positions and stalemates), shuffling pieces
//! back and forth (fivefold repetition, claims of threefold), plus draw offers, agreement, resignation, claims and
//! endings decided off the board (flag fall, the arbiter).

use std::collections::BTreeMap;

use hector::rules::pgn::{
    ExportTags, ImportOptions, export, import, import_with, mainline_sans, result_token,
};
use hector::rules::{EndReason, Ending, Game, GameResult, MovetextItem, Start};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestRunner};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};

const CASES: u32 = 512;

// ---------------------------------------------------------------------------------------------------------
// Random legal games
// ---------------------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy)]
enum StartKind {
    Standard,
    Chess960(u16),
    /// A FEN reached by play from the standard position or from Chess960 position n.
    FenFrom(Option<u16>),
}

#[derive(Debug, Clone, Copy)]
enum Style {
    /// Any legal move.
    Uniform,
    /// Mate when it can, stalemate sometimes, captures mostly: games that end on the board.
    Greedy,
    /// Pieces back and forth: repetitions.
    Shuffle,
}

#[derive(Debug, Clone, Copy)]
struct Spec {
    seed: u64,
    plies: usize,
    start: StartKind,
    style: Style,
    /// For a FEN start: set the halfmove clock close to 150.
    late_clock: bool,
    /// Offers, claims, resignation and endings off the board; without them the game is played out.
    events: bool,
}

fn spec() -> impl Strategy<Value = Spec> {
    let start = prop_oneof![
        2 => Just(StartKind::Standard),
        2 => (0u16..960).prop_map(StartKind::Chess960),
        1 => Just(StartKind::FenFrom(None)),
        1 => (0u16..960).prop_map(|n| StartKind::FenFrom(Some(n))),
    ];
    let style = prop_oneof![
        Just(Style::Uniform),
        Just(Style::Greedy),
        Just(Style::Shuffle)
    ];
    (
        any::<u64>(),
        0usize..260,
        start,
        style,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(seed, plies, start, style, late_clock, events)| Spec {
            seed,
            plies,
            start,
            style,
            late_clock,
            events,
        })
}

fn after(pos: &Chess, m: Move) -> Chess {
    let mut p = pos.clone();
    p.play_unchecked(m);
    p
}

fn start_game(spec: &Spec, rng: &mut ChaCha8Rng) -> Game {
    let base = |n: Option<u16>| match n {
        None => Game::new(),
        Some(n) => Game::chess960(u32::from(n)).unwrap(),
    };
    match spec.start {
        StartKind::Standard => Game::new(),
        StartKind::Chess960(n) => base(Some(n)),
        StartKind::FenFrom(n) => loop {
            let mut g = base(n);
            for _ in 0..rng.gen_range(2..40) {
                let moves = g.legal_moves();
                let Some(&m) = moves.choose(rng) else { break };
                g.play(m).unwrap();
            }
            if g.is_over() {
                continue;
            }
            let mut fields: Vec<String> = g.fen().split(' ').map(str::to_string).collect();
            if spec.late_clock && fields[3] == "-" {
                fields[4] = rng.gen_range(120..150).to_string();
            }
            if rng.gen_bool(0.3) {
                fields[5] = rng.gen_range(1..200).to_string();
            }
            let fen = fields.join(" ");
            let g = Game::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            if !g.is_over() {
                break g;
            }
        },
    }
}

fn choose_move(g: &Game, style: Style, rng: &mut ChaCha8Rng) -> Option<Move> {
    let moves = g.legal_moves();
    let pos = g.position();
    match style {
        Style::Uniform => moves.choose(rng).copied(),
        Style::Greedy => {
            if rng.gen_bool(0.9)
                && let Some(&m) = moves.iter().find(|m| after(pos, **m).is_checkmate())
            {
                return Some(m);
            }
            if rng.gen_bool(0.3)
                && let Some(&m) = moves.iter().find(|m| after(pos, **m).is_stalemate())
            {
                return Some(m);
            }
            let captures: Vec<Move> = moves.iter().copied().filter(|m| m.is_capture()).collect();
            if rng.gen_bool(0.75)
                && let Some(&m) = captures.choose(rng)
            {
                return Some(m);
            }
            moves.choose(rng).copied()
        }
        Style::Shuffle => {
            // Undo my last move when I can; otherwise a quiet piece move.
            let plies = g.plies();
            if plies.len() >= 2 && rng.gen_bool(0.9) {
                let mine = plies[plies.len() - 2].mv;
                if let (
                    Some(from),
                    Move::Normal {
                        role,
                        to,
                        capture: None,
                        promotion: None,
                        ..
                    },
                ) = (mine.from(), mine)
                    && let Some(&m) = moves
                        .iter()
                        .find(|m| m.role() == role && m.from() == Some(to) && m.to() == from)
                {
                    return Some(m);
                }
            }
            let quiet: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| !m.is_capture() && m.role() != shakmaty::Role::Pawn && !m.is_castle())
                .collect();
            if rng.gen_bool(0.8)
                && let Some(&m) = quiet.choose(rng)
            {
                return Some(m);
            }
            moves.choose(rng).copied()
        }
    }
}

/// A tag value with the characters PGN must escape (a quote, a backslash) and others that mean something
/// elsewhere in PGN.
fn random_tag_value(rng: &mut ChaCha8Rng) -> String {
    const CHARS: &[char] = &[
        'a', 'Z', '0', ' ', '"', '\\', '[', ']', '{', '}', ';', '%', '(', '$', 'é', '½', '\t', '\n',
    ];
    (0..rng.gen_range(0..12))
        .map(|_| *CHARS.choose(rng).unwrap())
        .collect()
}

/// A random legal game under the Laws, with offers, claims and endings as the API allows them.
fn random_game(spec: &Spec) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(spec.seed);
    let mut g = start_game(spec, &mut rng);
    for name in [
        "Event",
        "White",
        "Black",
        "Annotator",
        "TimeControl",
        "X_custom",
        "Y2",
    ] {
        if rng.gen_bool(0.4) {
            let value = if name == "TimeControl" {
                "300+2".to_string()
            } else {
                random_tag_value(&mut rng)
            };
            g.tags.push(name, &value);
        }
    }
    for _ in 0..spec.plies {
        if g.is_over() {
            break;
        }
        if !spec.events {
            let Some(m) = choose_move(&g, spec.style, &mut rng) else {
                break;
            };
            g.play(m).unwrap();
            continue;
        }
        let side = if rng.gen_bool(0.5) {
            g.turn()
        } else {
            g.turn().other()
        };
        let roll: f64 = rng.r#gen();
        if roll < 0.008 {
            let _ = g.resign(side);
            break;
        }
        if roll < 0.05 && g.offer_draw(side).is_ok() {
            // accepted (R-5.2.3, refused under 2018 before a move each), declined, or left standing.
            match rng.gen_range(0..4) {
                0 => {
                    let _ = g.accept_draw(side.other());
                }
                1 => {
                    let _ = g.decline_draw(side.other());
                }
                _ => {}
            }
            continue;
        }
        if roll < 0.055 {
            let ending = *[
                Ending::new(EndReason::TimeForfeit, GameResult::win_for(side)),
                Ending::draw(EndReason::DrawOnTime),
                Ending::new(EndReason::ArbiterDecision, GameResult::win_for(side)),
            ]
            .choose(&mut rng)
            .unwrap();
            g.end(ending);
            break;
        }
        if !g.claimable_now().is_empty() && rng.gen_bool(0.3) {
            let _ = g.claim(None);
            continue;
        }
        let Some(m) = choose_move(&g, spec.style, &mut rng) else {
            break;
        };
        if !g.claimable_with(m).is_empty() && rng.gen_bool(0.3) {
            g.claim(Some(m)).unwrap();
        } else {
            g.play(m).unwrap();
        }
    }
    g
}

// ---------------------------------------------------------------------------------------------------------
// The round trip
// ---------------------------------------------------------------------------------------------------------

/// What the ending becomes through PGN, where it cannot stay the same: the illegal-move forfeit is
/// written "rules infraction" and comes back as the arbiter's decision. (Claimed draws: see `round_trip`.)
fn through_pgn(e: Ending) -> Ending {
    match e.reason {
        EndReason::IllegalMoveForfeit | EndReason::DrawAfterIllegalMove => {
            Ending::new(EndReason::ArbiterDecision, e.result)
        }
        _ => e,
    }
}

fn tag_value(pgn: &str, name: &str) -> Option<String> {
    let prefix = format!("[{name} \"");
    pgn.lines().find_map(|l| {
        l.strip_prefix(&prefix)
            .map(|v| v.trim_end_matches("\"]").to_string())
    })
}

fn round_trip(g: &Game) -> Result<(), TestCaseError> {
    let pgn = export(g, &ExportTags::default());
    let r = import(&pgn);
    prop_assert!(r.errors.is_empty(), "errors {:?}\n{}", r.errors, pgn);
    prop_assert!(r.warnings.is_empty(), "warnings {:?}\n{}", r.warnings, pgn);
    prop_assert_eq!(r.games.len(), 1);
    let back = &r.games[0];

    // The start: the same position, the same way of starting, the same rules (R-GII for Chess960).
    prop_assert_eq!(back.start(), g.start(), "{}", pgn);
    prop_assert_eq!(back.start_fen(), g.start_fen());
    prop_assert_eq!(back.is_chess960(), g.is_chess960());
    // Every move, in the same SAN (R-C.10), to the same position.
    prop_assert_eq!(mainline_sans(back), mainline_sans(g), "{}", pgn);
    for (a, b) in back.plies().iter().zip(g.plies()) {
        prop_assert_eq!(a.mv, b.mv);
        prop_assert_eq!(a.draw_offer, b.draw_offer, "(=) on {}", b.san);
    }
    prop_assert_eq!(back.fen(), g.fen());
    // The tags kept with the game come back with their values (a line break in a value becomes a space).
    for (name, value) in &g.tags {
        let want = value.replace(['\n', '\r', '\t'], " ");
        let got = back.tags.get(name).map(str::to_owned);
        prop_assert_eq!(got, Some(want), "tag {}", name);
    }
    // The result and how the game ended.
    prop_assert_eq!(result_token(back), result_token(g));
    match (g.ending(), back.ending()) {
        // The Termination tag says "normal" for a claimed draw as for agreement, so it comes back
        // as a draw by agreement; unless the claimed move itself completed the fifth repetition or the 75th move,
        // which end the game on the board when the moves are played again.
        (Some(e), Some(b))
            if matches!(
                e.reason,
                EndReason::ThreefoldRepetition | EndReason::FiftyMoves
            ) =>
        {
            prop_assert_eq!(b.result, GameResult::Draw);
            match b.reason {
                EndReason::Agreement => {}
                EndReason::FivefoldRepetition => prop_assert!(back.repetitions() >= 5),
                EndReason::SeventyFiveMoves => prop_assert!(back.halfmove_clock() >= 150),
                other => prop_assert!(false, "claimed {:?} came back as {:?}", e.reason, other),
            }
        }
        (e, b) => prop_assert_eq!(b, e.map(through_pgn), "{}", pgn),
    }
    // An offer made with the last move and not yet answered still stands (R-9.1.2.1).
    if let (Some(by), Some(last)) = (g.draw_offer(), g.last_ply())
        && last.draw_offer
        && last.color() == by
    {
        prop_assert_eq!(back.draw_offer(), Some(by));
    }

    // The tags the game derives.
    prop_assert_eq!(tag_value(&pgn, "Result"), Some(result_token(g).to_string()));
    let termination = g
        .ending()
        .map_or("unterminated", |e| e.reason.termination());
    prop_assert_eq!(
        tag_value(&pgn, "Termination"),
        Some(termination.to_string())
    );
    let variant = g.is_chess960().then(|| "Chess960".to_string());
    prop_assert_eq!(tag_value(&pgn, "Variant"), variant, "{}", pgn);
    let standard = matches!(g.start(), Start::Standard) && !g.is_chess960();
    prop_assert_eq!(
        tag_value(&pgn, "SetUp"),
        (!standard).then(|| "1".to_string())
    );
    prop_assert_eq!(tag_value(&pgn, "FEN"), (!standard).then(|| g.start_fen()));

    // The same text again.
    prop_assert_eq!(&export(back, &ExportTags::default()), &pgn);

    // The importer's shortcut (dead positions checked on the last position only) agrees with the full check.
    if g.ending()
        .is_some_and(|e| e.reason == EndReason::DeadPosition)
        || g.plies().len().is_multiple_of(5)
    {
        let full = import_with(
            pgn.as_bytes(),
            &ImportOptions {
                check_every_position: true,
                ..Default::default()
            },
        );
        prop_assert!(full.errors.is_empty());
        prop_assert_eq!(mainline_sans(&full.games[0]), mainline_sans(back));
        prop_assert_eq!(full.games[0].ending(), back.ending());
    }
    Ok(())
}

fn runner() -> TestRunner {
    TestRunner::new(Config {
        cases: CASES,
        // No regression file is written next to the tests; a failing seed is printed instead.
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..Config::with_cases(CASES)
    })
}

#[test]
fn export_then_import_gives_the_same_game() {
    runner()
        .run(&spec(), |spec| {
            let g = random_game(&spec);
            round_trip(&g)
        })
        .unwrap();
}

/// The generator does reach every ending the round trip must carry (so the property above is not vacuous):
/// over a fixed set of seeds, each ending occurs. Each of those games goes through the round trip too.
#[test]
fn the_random_games_reach_every_ending() {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let styles = [Style::Uniform, Style::Greedy, Style::Shuffle];
    for seed in 0..192u64 {
        let start = match seed % 4 {
            0 => StartKind::Standard,
            1 => StartKind::Chess960((seed * 7 % 960) as u16),
            2 => StartKind::FenFrom(None),
            _ => StartKind::FenFrom(Some((seed * 13 % 960) as u16)),
        };
        let spec = Spec {
            seed,
            plies: 300,
            start,
            style: styles[(seed / 4 % 3) as usize],
            late_clock: seed / 12 % 2 == 0,
            events: seed / 24 % 2 == 0,
        };
        let g = random_game(&spec);
        let key = g
            .ending()
            .map_or("none".to_string(), |e| format!("{:?}", e.reason));
        *seen.entry(key).or_default() += 1;
        if g.plies().iter().any(|p| p.draw_offer) {
            *seen.entry("with (=)".into()).or_default() += 1;
        }
        if g.is_chess960() {
            *seen.entry("Chess960".into()).or_default() += 1;
        }
        round_trip(&g).unwrap_or_else(|e| panic!("{spec:?}: {e}"));
    }
    println!("{seen:?}");
    for reason in [
        "Checkmate",
        "Stalemate",
        "DeadPosition",
        "FivefoldRepetition",
        "SeventyFiveMoves",
        "Resignation",
        "Agreement",
        "ThreefoldRepetition",
        "TimeForfeit",
        "with (=)",
        "Chess960",
        "none",
    ] {
        assert!(seen.contains_key(reason), "no game with {reason}: {seen:?}");
    }
}

// ---------------------------------------------------------------------------------------------------------
// Annotations: comments, NAGs, variations, draw offers
// ---------------------------------------------------------------------------------------------------------

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");

/// The games to annotate: the annotated file and the famous games that load.
fn base_games() -> Vec<Game> {
    let mut out = Vec::new();
    let mut files = vec![format!("{DATA}/annotated/variations-nags-and-comments.pgn")];
    let mut famous: Vec<String> = std::fs::read_dir(format!("{DATA}/famous"))
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .collect();
    famous.sort();
    files.extend(famous);
    for f in files {
        out.extend(hector::rules::pgn::import_bytes(&std::fs::read(&f).unwrap()).games);
    }
    out
}

/// Comments, NAGs and variations, counted in a structure.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Counts {
    comments: usize,
    nags: usize,
    variations: usize,
}

fn count_items(items: &[MovetextItem], c: &mut Counts) {
    for it in items {
        match it {
            MovetextItem::San(_) => {}
            MovetextItem::Nag(_) => c.nags += 1,
            MovetextItem::Comment(_) => c.comments += 1,
            MovetextItem::Variation(v) => {
                c.variations += 1;
                count_items(v, c);
            }
        }
    }
}

/// Counted in the game: a draw offer is written as a comment `{(=)}`.
fn count_game(g: &Game) -> Counts {
    let mut c = Counts {
        comments: g.initial_comments.len(),
        ..Counts::default()
    };
    for p in g.plies() {
        c.comments += p.annotations.comments.len() + usize::from(p.draw_offer);
        c.nags += p.annotations.nags.len();
        for v in &p.annotations.variations {
            c.variations += 1;
            count_items(v, &mut c);
        }
    }
    c
}

/// Counted in PGN text: `{` opening a comment, `$` opening a NAG and `(` opening a variation, outside comments
/// and outside the tags.
fn count_text(pgn: &str) -> Counts {
    // The tag section is everything up to the first blank line (a wrapped comment line may start with `[`).
    let movetext = match pgn.split_once("\n\n") {
        Some((head, body)) if head.lines().all(|l| l.starts_with('[')) => body,
        _ => pgn,
    };
    let mut c = Counts::default();
    let mut in_comment = false;
    for ch in movetext.chars() {
        match ch {
            '}' if in_comment => in_comment = false,
            _ if in_comment => {}
            '{' => {
                in_comment = true;
                c.comments += 1;
            }
            '$' => c.nags += 1,
            '(' => c.variations += 1,
            _ => {}
        }
    }
    c
}

/// Comment text as the export keeps it: words of printable characters (any but `}`), single spaces.
fn random_comment(rng: &mut ChaCha8Rng) -> String {
    const CHARS: &[char] = &[
        'a', 'b', 'e', 'K', 'N', 'x', '1', '8', '0', '(', ')', '[', ']', '$', ';', '%', '*', '.',
        ',', ':', '!', '?', '=', '+', '#', '-', '"', '\'', '\\', '/', '{', 'é', '½', '→',
    ];
    loop {
        let words = rng.gen_range(0..6);
        let text = (0..words)
            .map(|_| {
                (0..rng.gen_range(1..8))
                    .map(|_| *CHARS.choose(rng).unwrap())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join(" ");
        // A comment that is only "(=)" is how a draw offer is written; it would come back as one.
        if text != "(=)" {
            return text;
        }
    }
}

/// A variation replacing the move played from `pos`: legal moves as SAN, with NAGs, comments and variations in it.
fn random_variation(pos: &Chess, depth: usize, rng: &mut ChaCha8Rng) -> Vec<MovetextItem> {
    let mut items = Vec::new();
    if rng.gen_bool(0.2) {
        items.push(MovetextItem::Comment(random_comment(rng)));
    }
    let mut pos = pos.clone();
    for _ in 0..rng.gen_range(1..7) {
        let moves = pos.legal_moves();
        let Some(&m) = moves.choose(rng) else { break };
        let before = pos.clone();
        items.push(MovetextItem::San(
            SanPlus::from_move(pos.clone(), m).to_string(),
        ));
        pos.play_unchecked(m);
        if rng.gen_bool(0.2) {
            items.push(MovetextItem::Nag(rng.r#gen()));
        }
        if rng.gen_bool(0.15) {
            items.push(MovetextItem::Comment(random_comment(rng)));
        }
        if depth < 3 && rng.gen_bool(0.12) {
            items.push(MovetextItem::Variation(random_variation(
                &before,
                depth + 1,
                rng,
            )));
        }
    }
    items
}

fn annotate(base: &Game, seed: u64, density: f64) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = base.clone();
    if rng.gen_bool(density) {
        g.initial_comments.push(random_comment(&mut rng));
    }
    let positions: Vec<_> = base.positions().collect();
    for (p, before) in g.plies_mut().iter_mut().zip(&positions) {
        if rng.gen_bool(density / 2.0) {
            p.draw_offer = true;
        }
        while rng.gen_bool(density) {
            p.annotations.nags.push(rng.r#gen());
        }
        while rng.gen_bool(density) {
            p.annotations.comments.push(random_comment(&mut rng));
        }
        while rng.gen_bool(density / 2.0) {
            let v = if rng.gen_bool(0.05) {
                Vec::new()
            } else {
                random_variation(before, 0, &mut rng)
            };
            p.annotations.variations.push(v);
        }
    }
    g
}

fn annotated_round_trip(g: &Game) -> Result<(), TestCaseError> {
    let first = export(g, &ExportTags::default());
    let r = import(&first);
    prop_assert!(
        r.errors.is_empty() && r.warnings.is_empty(),
        "{:?} {:?}\n{}",
        r.errors,
        r.warnings,
        first
    );
    prop_assert_eq!(r.games.len(), 1);
    let back = &r.games[0];
    // A fixed point: the text read back and written again is the same text.
    let second = export(back, &ExportTags::default());
    prop_assert_eq!(&second, &first);
    // Every comment, NAG, variation and (=) is in the text, and comes back where it was.
    let want = count_game(g);
    prop_assert_eq!(count_text(&first), want, "{}", first);
    prop_assert_eq!(count_game(back), want);
    prop_assert_eq!(&back.initial_comments, &g.initial_comments);
    prop_assert_eq!(mainline_sans(back), mainline_sans(g));
    for (a, b) in back.plies().iter().zip(g.plies()) {
        prop_assert_eq!(&a.annotations, &b.annotations, "at {}", b.san);
        prop_assert_eq!(a.draw_offer, b.draw_offer, "at {}", b.san);
    }
    prop_assert!(
        first
            .lines()
            .all(|l| l.chars().count() <= hector::rules::pgn::LINE_WIDTH)
    );
    Ok(())
}

#[test]
fn annotated_games_export_import_export_is_a_fixed_point() {
    let bases = base_games();
    assert!(bases.len() >= 40, "{} base games", bases.len());
    runner()
        .run(
            &(0..bases.len(), any::<u64>(), 0.0f64..0.4),
            |(i, seed, density)| annotated_round_trip(&annotate(&bases[i], seed, density)),
        )
        .unwrap();
}

/// The annotated file itself: its comments, NAGs and variations counted in the file are counted in the export,
/// and the export is a fixed point.
#[test]
fn the_annotated_file_keeps_every_comment_nag_and_variation() {
    let text =
        std::fs::read_to_string(format!("{DATA}/annotated/variations-nags-and-comments.pgn"))
            .unwrap();
    let in_file = count_text(&text);
    assert!(
        in_file.comments > 0 && in_file.nags > 0 && in_file.variations > 0,
        "{in_file:?}"
    );
    let g = hector::rules::pgn::import_game(&text).unwrap();
    assert_eq!(count_game(&g), in_file);
    let out = export(&g, &ExportTags::default());
    assert_eq!(count_text(&out), in_file, "{out}");
    let back = hector::rules::pgn::import_game(&out).unwrap();
    assert_eq!(export(&back, &ExportTags::default()), out);
    // The nested variation 4. Qxf7# inside 1... e5 survives as a variation of a variation.
    let MovetextItem::Variation(inner) = g.plies()[1].annotations.variations[2]
        .iter()
        .find(|i| matches!(i, MovetextItem::Variation(_)))
        .unwrap()
    else {
        unreachable!()
    };
    assert_eq!(inner[0], MovetextItem::San("Qxf7#".into()));
    // So do the famous games with their own annotations.
    for g in base_games() {
        let out = export(&g, &ExportTags::default());
        assert_eq!(count_text(&out), count_game(&g), "{out}");
        let back = hector::rules::pgn::import_game(&out).unwrap();
        assert_eq!(export(&back, &ExportTags::default()), out);
    }
}

#[test]
fn a_game_with_nothing_played_round_trips() {
    for g in [
        Game::new(),
        Game::chess960(0).unwrap(),
        Game::from_fen("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1").unwrap(),
    ] {
        round_trip(&g).unwrap_or_else(|e| panic!("{:?}: {e}", g.start()));
    }
    let mut g = Game::new();
    g.resign(Color::White).unwrap();
    round_trip(&g).unwrap();
}
