//! Differential test of the rules core against python-chess 1.11.2 (the oracle, tests/oracle/pychess_oracle.py).
//!
//! Seeded random games are generated with the Game API, biased so that the rules of interest happen:
//! repetitions (R-9.2 threefold claims, R-9.6.1 fivefold), the move counts (R-9.3 fifty-move claims, R-9.6.2
//! seventy-five moves), dead positions, checkmate, stalemate, and Chess960
//! castling (R-GII.3). All games go to one python process; for every position of every game we compare legal
//! moves, SAN, FEN, endings and claims. Any disagreement fails the test and prints the game.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use hector::rules::{ClaimKind, EndReason, Game};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{Chess, Color, Move, Position, Role};

const GAMES: usize = 1200;
const MAX_PLIES: usize = 400;
const SEED: u64 = 0x4845_4354_4f52; // "HECTOR"
const PYCHESS_VERSION: &str = "1.11.2";
const INSTALL_HINT: &str =
    "the differential test needs python3 with python-chess: run `pip install chess==1.11.2`";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    Standard,
    /// A position reached in an earlier game, given to the core as FEN (history lost on both sides).
    Pool,
    Chess960(u32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Policy {
    /// Uniformly random legal moves.
    Random,
    /// Reversible moves, moving a piece back and forth: repetitions.
    Shuffle,
    /// Captures first until few men are left, then moves that do not reset the halfmove clock.
    Strip,
}

#[derive(Debug, Clone)]
struct Params {
    policy: Policy,
    /// Random moves before the policy starts.
    opening: usize,
    /// Probability of taking back one's own last move when possible.
    p_back: f64,
    /// Strip: total men on the board at which stripping stops.
    strip_to: usize,
    /// Probability of playing a mating / stalemating / castling move when one exists.
    p_mate: f64,
    p_stalemate: f64,
    p_castle: f64,
}

impl Params {
    fn draw(policy: Policy, chess960: bool, rng: &mut ChaCha8Rng) -> Params {
        Params {
            policy,
            opening: rng.gen_range(0..12),
            p_back: match policy {
                Policy::Shuffle => rng.gen_range(0.5..0.97),
                Policy::Strip => *[0.0, 0.05, 0.2].choose(rng).unwrap(),
                Policy::Random => 0.0,
            },
            strip_to: rng.gen_range(3..=9),
            p_mate: *[0.0, 0.5, 1.0].choose(rng).unwrap(),
            p_stalemate: *[0.0, 0.0, 0.5].choose(rng).unwrap(),
            p_castle: if chess960 { 0.6 } else { 0.2 },
        }
    }
}

struct GameRec {
    id: usize,
    origin: Origin,
    params: Params,
    start: Game,
    moves: Vec<Move>,
}

fn after(pos: &Chess, m: Move) -> Chess {
    let mut p = pos.clone();
    p.play_unchecked(m);
    p
}

/// The legal move that takes back the side to move's previous move, if there is one.
fn take_back(g: &Game, moves: &[Move]) -> Option<Move> {
    let n = g.plies().len();
    if n < 2 {
        return None;
    }
    let prev = g.plies()[n - 2].mv;
    let Move::Normal {
        role,
        from,
        to,
        capture: None,
        promotion: None,
    } = prev
    else {
        return None;
    };
    if role == Role::Pawn {
        return None;
    }
    moves
        .iter()
        .copied()
        .find(|m| m.from() == Some(to) && m.to() == from && !m.is_capture() && m.role() == role)
}

fn pick(moves: &[Move], rng: &mut ChaCha8Rng, pred: impl Fn(&Move) -> bool) -> Option<Move> {
    let v: Vec<Move> = moves.iter().copied().filter(|m| pred(m)).collect();
    v.choose(rng).copied()
}

fn choose(g: &Game, p: &Params, rng: &mut ChaCha8Rng, stripped: &mut bool, ply: usize) -> Move {
    let pos = g.position();
    let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    let random =
        |rng: &mut ChaCha8Rng| *moves.choose(rng).expect("a game not over has legal moves");
    if p.p_mate > 0.0 && rng.gen_bool(p.p_mate) {
        if let Some(m) = pick(&moves, rng, |m| after(pos, *m).is_checkmate()) {
            return m;
        }
    }
    if p.p_stalemate > 0.0 && rng.gen_bool(p.p_stalemate) {
        if let Some(m) = pick(&moves, rng, |m| after(pos, *m).is_stalemate()) {
            return m;
        }
    }
    if rng.gen_bool(p.p_castle) {
        if let Some(m) = pick(&moves, rng, |m| m.is_castle()) {
            return m;
        }
    }
    if ply < p.opening {
        return random(rng);
    }
    match p.policy {
        Policy::Random => random(rng),
        Policy::Shuffle => {
            if rng.gen_bool(p.p_back) {
                if let Some(m) = take_back(g, &moves) {
                    return m;
                }
            }
            if rng.gen_bool(0.9) {
                if let Some(m) = pick(&moves, rng, |m| !m.is_zeroing() && !m.is_castle()) {
                    return m;
                }
            }
            random(rng)
        }
        Policy::Strip => {
            if !*stripped && pos.board().occupied().count() <= p.strip_to {
                *stripped = true;
            }
            if !*stripped {
                if rng.gen_bool(0.9) {
                    if let Some(m) = pick(&moves, rng, |m| m.is_capture()) {
                        return m;
                    }
                }
                return random(rng);
            }
            if p.p_back > 0.0 && rng.gen_bool(p.p_back) {
                if let Some(m) = take_back(g, &moves) {
                    return m;
                }
            }
            if rng.gen_bool(0.97) {
                if let Some(m) = pick(&moves, rng, |m| !m.is_zeroing()) {
                    return m;
                }
            }
            random(rng)
        }
    }
}

fn generate(id: usize, pool: &mut Vec<String>) -> GameRec {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED.wrapping_add(id as u64));
    let slot = id % 20;
    let origin = match slot {
        15..=18 if !pool.is_empty() => Origin::Pool,
        19 => Origin::Chess960(rng.gen_range(0..960)),
        _ => Origin::Standard,
    };
    let policy = match (origin, slot) {
        (Origin::Standard, 0..=3) => Policy::Random,
        (Origin::Standard, 4..=8) => Policy::Shuffle,
        (Origin::Standard, _) => Policy::Strip,
        _ => *[Policy::Random, Policy::Shuffle, Policy::Strip]
            .choose(&mut rng)
            .unwrap(),
    };
    let start = match origin {
        Origin::Standard => Game::new(),
        Origin::Pool => {
            let fen = pool.choose(&mut rng).unwrap();
            Game::from_fen(fen).unwrap_or_else(|e| panic!("game {id}: pool FEN {fen} refused: {e}"))
        }
        Origin::Chess960(n) => Game::chess960(n).unwrap(),
    };
    let params = Params::draw(policy, start.is_chess960(), &mut rng);
    let mut g = start.clone();
    let mut stripped = false;
    let mut moves = Vec::new();
    let mut keep = Vec::new();
    while !g.is_over() && moves.len() < MAX_PLIES {
        let m = choose(&g, &params, &mut rng, &mut stripped, moves.len());
        g.play(m)
            .unwrap_or_else(|e| panic!("game {id}: legal move refused: {e}"));
        moves.push(m);
        if !g.is_over() && !g.is_chess960() && rng.gen_bool(0.02) {
            keep.push(g.fen());
        }
    }
    pool.extend(keep);
    GameRec {
        id,
        origin,
        params,
        start,
        moves,
    }
}

/// One position as python-chess sees it.
#[derive(Debug, Default, Clone)]
struct PyPos {
    fen: String,
    legal: String,
    checkmate: bool,
    stalemate: bool,
    insufficient: bool,
    insufficient_white: bool,
    insufficient_black: bool,
    fivefold: bool,
    seventyfive: bool,
    claim_threefold: bool,
    claim_fifty: bool,
    san: String,
}

fn parse_p(fields: &[&str]) -> PyPos {
    let f: Vec<bool> = fields[5].chars().map(|c| c == '1').collect();
    assert_eq!(f.len(), 9, "oracle flags {:?}", fields[5]);
    PyPos {
        fen: fields[3].to_string(),
        legal: fields[4].to_string(),
        checkmate: f[0],
        stalemate: f[1],
        insufficient: f[2],
        insufficient_white: f[3],
        insufficient_black: f[4],
        fivefold: f[5],
        seventyfive: f[6],
        claim_threefold: f[7],
        claim_fifty: f[8],
        san: fields[6].to_string(),
    }
}

/// Threefold claim now or with some legal move, from the core's claim API.
fn our_threefold_claim(g: &Game) -> bool {
    g.claimable_now().contains(&ClaimKind::ThreefoldRepetition)
        || g.legal_moves().iter().any(|m| {
            g.claimable_with(*m)
                .contains(&ClaimKind::ThreefoldRepetition)
        })
}

/// Fifty-move claim now or with some legal move, in python-chess's sense: a claim with a move counts only
/// when the move leaves the opponent a legal move (python's is_fifty_moves after the move), i.e. not with a
/// move that mates or stalemates. Returns (python-sense, number of moves the core accepts that python does not).
fn our_fifty_claim(g: &Game) -> (bool, usize) {
    if g.claimable_now().contains(&ClaimKind::FiftyMoves) {
        return (true, 0);
    }
    let mut yes = false;
    let mut ending_moves = 0;
    for m in g.legal_moves() {
        if g.claimable_with(m).contains(&ClaimKind::FiftyMoves) {
            if after(g.position(), m).legal_moves().is_empty() {
                ending_moves += 1;
            } else {
                yes = true;
            }
        }
    }
    (yes, ending_moves)
}

fn our_legal(g: &Game) -> String {
    let mut v: Vec<String> = g
        .position()
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(g.mode()).to_string())
        .collect();
    v.sort();
    v.join(" ")
}

#[derive(Default)]
struct Tally {
    games: usize,
    plies: usize,
    positions: usize,
    endings: BTreeMap<&'static str, usize>,
    reached_threefold_claim: usize,
    reached_fifty_claim: usize,
    insufficient_dead: usize,
    fifty_with_ending_move: usize,
    chess960_games: usize,
    pool_games: usize,
    chess960_castlings: usize,
}

fn show_game(rec: &GameRec, k: usize) -> String {
    let mut g = rec.start.clone();
    let mut sans = Vec::new();
    let mut ucis = Vec::new();
    for m in &rec.moves {
        ucis.push(m.to_uci(g.mode()).to_string());
        let number = g.position().fullmoves();
        let san = g.san(*m).to_string();
        sans.push(match (g.turn(), sans.is_empty()) {
            (Color::White, _) => format!("{number}. {san}"),
            (Color::Black, true) => format!("{number}... {san}"),
            (Color::Black, false) => san,
        });
        if g.play(*m).is_err() {
            break;
        }
    }
    format!(
        "game {} ({:?}, {:?}) at ply {k}\n  start FEN: {}\n  chess960: {}\n  UCI: {}\n  SAN: {}",
        rec.id,
        rec.origin,
        rec.params,
        rec.start.fen(),
        rec.start.is_chess960(),
        ucis.join(" "),
        sans.join(" ")
    )
}

/// Compares one game with python-chess's view of it. Returns the first disagreement.
fn compare(
    rec: &GameRec,
    py: &[PyPos],
    py_error: Option<&str>,
    t: &mut Tally,
) -> Result<(), (usize, String)> {
    if let Some(e) = py_error {
        return Err((
            py.len().saturating_sub(1),
            format!("python-chess refused a move: {e}"),
        ));
    }
    if py.len() != rec.moves.len() + 1 {
        return Err((
            py.len(),
            format!(
                "python-chess returned {} positions, expected {}",
                py.len(),
                rec.moves.len() + 1
            ),
        ));
    }
    let mut g = rec.start.clone();
    let mut threefold_seen = false;
    let mut fifty_seen = false;
    for (k, p) in py.iter().enumerate() {
        let fail = |what: String| Err((k, what));
        let over = g.ending();
        let reason = over.map(|e| e.reason);
        if k < rec.moves.len() && over.is_some() {
            return fail(format!(
                "our game ended ({:?}) before the last move",
                reason
            ));
        }
        // Legal moves, FEN.
        let ours = our_legal(&g);
        if ours != p.legal {
            return fail(format!(
                "legal moves differ\n  ours:   {ours}\n  python: {}",
                p.legal
            ));
        }
        // Compared as they are, Chess960 too: python's board.fen() writes X-FEN castling letters (K/Q for the
        // outermost rook, the file letter otherwise), and so does shakmaty's Fen (no normalisation needed).
        let our_fen = g.fen();
        if our_fen != p.fen {
            return fail(format!(
                "FEN differs\n  ours:   {our_fen}\n  python: {}",
                p.fen
            ));
        }
        // Mate and stalemate.
        if p.checkmate != (reason == Some(EndReason::Checkmate)) {
            return fail(format!(
                "checkmate: python {}, our ending {reason:?}",
                p.checkmate
            ));
        }
        if p.stalemate != (reason == Some(EndReason::Stalemate)) {
            return fail(format!(
                "stalemate: python {}, our ending {reason:?}",
                p.stalemate
            ));
        }
        // Insufficient material: shakmaty's port against python-chess, and must have ended the game.
        let pos = g.position();
        let (iw, ib) = (
            pos.has_insufficient_material(Color::White),
            pos.has_insufficient_material(Color::Black),
        );
        if (iw, ib, pos.is_insufficient_material())
            != (p.insufficient_white, p.insufficient_black, p.insufficient)
        {
            return fail(format!(
                "insufficient material (white, black, both): ours {:?}, python {:?}",
                (iw, ib, pos.is_insufficient_material()),
                (p.insufficient_white, p.insufficient_black, p.insufficient)
            ));
        }
        if p.insufficient {
            if !matches!(
                reason,
                Some(EndReason::DeadPosition | EndReason::Stalemate | EndReason::Checkmate)
            ) {
                return fail(format!(
                    "python: insufficient material on both sides; our ending {reason:?} (R-5.2.2)"
                ));
            }
            if reason == Some(EndReason::DeadPosition) {
                t.insufficient_dead += 1;
            }
        }
        // Fivefold: ours ends the game exactly when python says so (or an ending that takes precedence).
        if p.fivefold
            && !matches!(
                reason,
                Some(
                    EndReason::FivefoldRepetition
                        | EndReason::Checkmate
                        | EndReason::Stalemate
                        | EndReason::DeadPosition
                )
            )
        {
            return fail(format!(
                "python: fivefold repetition; our ending {reason:?} (R-9.6.1)"
            ));
        }
        if reason == Some(EndReason::FivefoldRepetition) && !p.fivefold {
            return fail("ours: fivefold repetition; python: not".into());
        }
        // Seventy-five moves. python's is_seventyfive_moves needs a legal move, so never mate/stalemate.
        if p.seventyfive
            && !matches!(
                reason,
                Some(
                    EndReason::SeventyFiveMoves
                        | EndReason::FivefoldRepetition
                        | EndReason::DeadPosition
                )
            )
        {
            return fail(format!("python: 75 moves; our ending {reason:?} (R-9.6.2)"));
        }
        if reason == Some(EndReason::SeventyFiveMoves) && !p.seventyfive {
            return fail("ours: 75 moves; python: not".into());
        }
        // Claims, only while the game goes on: a finished game takes no claims.
        if over.is_none() {
            let ours3 = our_threefold_claim(&g);
            if ours3 != p.claim_threefold {
                return fail(format!(
                    "threefold claim: ours {ours3} (repetitions {}), python {}",
                    g.repetitions(),
                    p.claim_threefold
                ));
            }
            if (g.repetitions() >= 3) != g.claimable_now().contains(&ClaimKind::ThreefoldRepetition)
            {
                return fail("claimable_now disagrees with repetitions() >= 3".into());
            }
            let (ours50, ending_moves) = our_fifty_claim(&g);
            t.fifty_with_ending_move += ending_moves;
            if ours50 != p.claim_fifty {
                return fail(format!(
                    "fifty-move claim: ours {ours50} (halfmove clock {}), python {}",
                    g.halfmove_clock(),
                    p.claim_fifty
                ));
            }
            let any = g
                .legal_moves()
                .iter()
                .any(|m| !g.claimable_with(*m).is_empty());
            if any != g.claimable_with_some_move() {
                return fail("claimable_with_some_move disagrees with claimable_with".into());
            }
            threefold_seen |= ours3;
            fifty_seen |= ours50;
        }
        // The move: SAN.
        if k < rec.moves.len() {
            let m = rec.moves[k];
            let san = g.san(m).to_string();
            if san != p.san {
                return fail(format!(
                    "SAN of {} differs: ours {san}, python {}",
                    m.to_uci(g.mode()),
                    p.san
                ));
            }
            if g.is_chess960() && m.is_castle() {
                t.chess960_castlings += 1;
            }
            g.play(m)
                .map_err(|e| (k, format!("replay refused the move: {e}")))?;
        }
        t.positions += 1;
    }
    t.games += 1;
    t.plies += rec.moves.len();
    if threefold_seen {
        t.reached_threefold_claim += 1;
    }
    if fifty_seen {
        t.reached_fifty_claim += 1;
    }
    if rec.start.is_chess960() {
        t.chess960_games += 1;
    }
    if rec.origin == Origin::Pool {
        t.pool_games += 1;
    }
    let name = match g.ending().map(|e| e.reason) {
        None => "none (ply limit)",
        Some(EndReason::Checkmate) => "checkmate",
        Some(EndReason::Stalemate) => "stalemate",
        Some(EndReason::DeadPosition) => "dead position",
        Some(EndReason::FivefoldRepetition) => "fivefold repetition",
        Some(EndReason::SeventyFiveMoves) => "75 moves",
        Some(other) => panic!("game {}: unexpected automatic ending {other:?}", rec.id),
    };
    *t.endings.entry(name).or_default() += 1;
    Ok(())
}

struct Oracle {
    child: std::process::Child,
    lines: std::io::Lines<BufReader<std::process::ChildStdout>>,
    writer: Option<std::thread::JoinHandle<std::io::Result<()>>>,
}

fn oracle_path() -> PathBuf {
    [
        env!("CARGO_MANIFEST_DIR"),
        "tests",
        "oracle",
        "pychess_oracle.py",
    ]
    .iter()
    .collect()
}

/// Starts the oracle and sends it all requests from a writer thread (so neither side blocks on a full pipe).
fn start_oracle(requests: Vec<String>) -> Oracle {
    let mut child = Command::new("python3")
        .arg(oracle_path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start python3 ({e}); {INSTALL_HINT}"));
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::with_capacity(1 << 20, stdout).lines();
    let first = lines.next().and_then(|l| l.ok()).unwrap_or_default();
    if !first.starts_with("READY\t") {
        let mut err = String::new();
        if let Some(mut e) = child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        let status = child.wait();
        panic!("the python-chess oracle did not start ({status:?}): {first}{err}\n{INSTALL_HINT}");
    }
    let version = first.trim_start_matches("READY\t").trim();
    assert_eq!(
        version, PYCHESS_VERSION,
        "python-chess {version} found; {INSTALL_HINT}"
    );
    let stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut w = BufWriter::with_capacity(1 << 20, stdin);
        for r in requests {
            w.write_all(r.as_bytes())?;
            w.write_all(b"\n")?;
        }
        w.flush()
    });
    Oracle {
        child,
        lines,
        writer: Some(writer),
    }
}

impl Oracle {
    fn next_line(&mut self) -> String {
        match self.lines.next() {
            Some(Ok(l)) => l,
            other => {
                let mut err = String::new();
                if let Some(mut e) = self.child.stderr.take() {
                    let _ = e.read_to_string(&mut err);
                }
                panic!("the python-chess oracle stopped early ({other:?}):\n{err}");
            }
        }
    }

    fn finish(mut self) {
        if let Some(w) = self.writer.take() {
            w.join().unwrap().expect("writing to the oracle");
        }
        let status = self.child.wait().expect("oracle exit");
        assert!(status.success(), "the oracle exited with {status}");
    }
}

#[test]
fn differential_against_python_chess() {
    let games = std::env::var("HECTOR_DIFF_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(GAMES);
    let t0 = std::time::Instant::now();
    let mut pool = Vec::new();
    let recs: Vec<GameRec> = (0..games).map(|id| generate(id, &mut pool)).collect();
    let generated = t0.elapsed();

    let mut requests: Vec<String> = recs
        .iter()
        .map(|r| {
            let mut g = r.start.clone();
            let ucis: Vec<String> = r
                .moves
                .iter()
                .map(|m| {
                    let u = m.to_uci(g.mode()).to_string();
                    g.play(*m).unwrap();
                    u
                })
                .collect();
            format!(
                "G\t{}\t{}\t{}\t{}",
                r.id,
                r.start.fen(),
                u8::from(r.start.is_chess960()),
                ucis.join(" ")
            )
        })
        .collect();
    requests.extend((0..960).map(|n| format!("S\t{n}")));
    // To replay the oracle by hand: HECTOR_DIFF_DUMP=file, then `python3 tests/oracle/pychess_oracle.py < file`.
    if let Ok(path) = std::env::var("HECTOR_DIFF_DUMP") {
        std::fs::write(&path, requests.join("\n") + "\n").expect("writing the dump");
    }
    let mut oracle = start_oracle(requests);

    let mut t = Tally::default();
    let mut failures = Vec::new();
    for rec in &recs {
        let mut rows = Vec::with_capacity(rec.moves.len() + 1);
        let mut error = None;
        loop {
            let line = oracle.next_line();
            let fields: Vec<&str> = line.split('\t').collect();
            assert!(
                fields.len() >= 2 && fields[1] == rec.id.to_string(),
                "oracle out of step at game {}: {line}",
                rec.id
            );
            match fields[0] {
                "P" => rows.push(parse_p(&fields)),
                "X" => error = Some(fields[3..].join(" ")),
                "E" => break,
                other => panic!("oracle: unexpected {other:?} in {line}"),
            }
        }
        if let Err((k, what)) = compare(rec, &rows, error.as_deref(), &mut t) {
            failures.push(format!("{what}\n{}", show_game(rec, k)));
        }
    }
    let mut chess960_starts = 0;
    for n in 0..960u32 {
        let line = oracle.next_line();
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            fields[..2],
            ["S", n.to_string().as_str()],
            "oracle out of step: {line}"
        );
        let ours = Game::chess960(n).unwrap().fen();
        if ours != fields[2] {
            failures.push(format!(
                "Chess960 start {n}: ours {ours}, python-chess from_chess960_pos {}",
                fields[2]
            ));
        } else {
            chess960_starts += 1;
        }
    }
    oracle.finish();

    println!(
        "differential: {} games ({} from earlier positions as FEN, {} Chess960), {} plies, {} positions compared \
         in {:.1?} (generation {:.1?}); {chess960_starts}/960 Chess960 start positions equal python-chess's",
        t.games,
        t.pool_games,
        t.chess960_games,
        t.plies,
        t.positions,
        t0.elapsed(),
        generated
    );
    println!("  endings: {:?}", t.endings);
    println!(
        "  games reaching a threefold claim: {}, a fifty-move claim: {}; dead by insufficient material: {}",
        t.reached_threefold_claim, t.reached_fifty_claim, t.insufficient_dead
    );
    println!(
        "  fifty-move claims the core accepts with a move that mates or stalemates (python-chess does not count \
         those): {}; castling moves played in Chess960 games: {}",
        t.fifty_with_ending_move, t.chess960_castlings
    );
    assert!(
        failures.is_empty(),
        "{} of {} games disagree with python-chess:\n\n{}",
        failures.len(),
        recs.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
    assert!(t.games >= 1000, "at least 1000 games");
    let min = 10;
    for ending in [
        "fivefold repetition",
        "75 moves",
        "dead position",
        "checkmate",
        "stalemate",
    ] {
        let n = t.endings.get(ending).copied().unwrap_or(0);
        assert!(
            n >= min,
            "only {n} games ended by {ending}: the game bias no longer reaches it"
        );
    }
    assert!(
        t.reached_threefold_claim >= min,
        "only {} games reached a threefold claim",
        t.reached_threefold_claim
    );
    assert!(
        t.reached_fifty_claim >= min,
        "only {} games reached a fifty-move claim",
        t.reached_fifty_claim
    );
    assert!(
        t.insufficient_dead >= min,
        "only {} dead positions by insufficient material",
        t.insufficient_dead
    );
    assert!(t.chess960_games >= 20 && t.pool_games >= 100 && t.chess960_castlings >= min);
}
