//! End-to-end: playing a UCI engine in line mode, with the real binary. Whole games against Stockfish (a missing
//! Stockfish fails, saying what to install), and fake engines in
//! tests/engines/ that never answer, crash, hang or answer an illegal move: each failure is said in plain
//! words and the game goes on.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use hector::rules::{Game, GameResult};
use hector::words::Vocabulary;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use shakmaty::Move;

/// hector in line mode, talked to one line at a time.
struct Hector {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<String>,
    stderr: mpsc::Receiver<String>,
    /// Every line read so far.
    seen: Vec<String>,
}

impl Hector {
    fn start(args: &[&str]) -> Hector {
        let mut child = common::hector_command(&common::temp_dir("engine"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start hector");
        let stdin = child.stdin.take();
        let (tx, lines) = mpsc::channel();
        let out = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let (tx, stderr) = mpsc::channel();
        let err = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Hector {
            child,
            stdin,
            lines,
            stderr,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// The next line on stdout, waiting at most `secs`. The openings reached are left out (tests/analysis_line.rs
    /// checks them).
    fn line_within(&mut self, secs: u64) -> String {
        loop {
            match self.lines.recv_timeout(Duration::from_secs(secs)) {
                Ok(l) => {
                    self.seen.push(l.clone());
                    if !["Opening: ", "Eröffnung: ", "Άνοιγμα: "]
                        .iter()
                        .any(|p| l.starts_with(p))
                    {
                        return l;
                    }
                }
                Err(_) => panic!("no line within {secs} s; so far:\n{}", self.seen.join("\n")),
            }
        }
    }

    /// The next line; the limit only keeps a broken build from hanging (nothing is timed).
    fn line(&mut self) -> String {
        self.line_within(120)
    }

    /// Nothing more is printed for `ms` milliseconds.
    fn quiet_for(&mut self, ms: u64) {
        while let Ok(l) = self.lines.recv_timeout(Duration::from_millis(ms)) {
            if !["Opening: ", "Eröffnung: ", "Άνοιγμα: "]
                .iter()
                .any(|p| l.starts_with(p))
            {
                panic!("unexpected line {l:?}; so far:\n{}", self.seen.join("\n"));
            }
        }
    }

    /// Closes stdin; the program saves and ends with 0.
    fn finish(mut self) -> (Vec<String>, String) {
        drop(self.stdin.take());
        let until = Instant::now() + Duration::from_secs(120);
        let code = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status.code();
            }
            assert!(
                Instant::now() < until,
                "hector did not end after its input closed"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        while let Ok(l) = self.lines.recv_timeout(Duration::from_millis(200)) {
            self.seen.push(l);
        }
        let stderr: Vec<String> = self.stderr.try_iter().collect();
        assert_eq!(code, Some(0), "exit code; stderr:\n{}", stderr.join("\n"));
        (std::mem::take(&mut self.seen), stderr.join("\n"))
    }
}

impl Drop for Hector {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Stockfish. A missing Stockfish fails the test, saying what to install: never a silent skip
/// (scripts/install-deps.sh --tests installs it).
fn stockfish() -> Option<PathBuf> {
    let found = hector::engine::find_program("stockfish");
    assert!(
        found.is_some(),
        "Stockfish is needed for this test: apt-get install stockfish (or bash scripts/install-deps.sh --tests)"
    );
    found
}

fn fake(name: &str) -> String {
    format!("sh {}/tests/engines/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hector-engine-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn said(game: &Game, m: Move) -> String {
    hector::words::announce::short(&Vocabulary::default(), &game.san(m), m)
}

fn result_text(r: GameResult) -> &'static str {
    match r {
        GameResult::WhiteWins => "1-0",
        GameResult::BlackWins => "0-1",
        GameResult::Draw => "1/2-1/2",
    }
}

/// Plays the player's move `m` in line mode and checks its announcement (and the end, if it ends the game).
fn player_moves(h: &mut Hector, mirror: &mut Game, m: Move) {
    let expected = said(mirror, m);
    h.send(&mirror.uci(m).to_string());
    mirror.play(m).unwrap();
    assert_eq!(h.line(), expected, "the player's move is announced");
    if let Some(e) = mirror.ending() {
        let end = h.line();
        assert!(end.contains(result_text(e.result)), "{end}");
    }
}

/// Waits for the engine's move: its announcement, then `fen` tells which move it was. Checks that the
/// announcement is that of a legal move, and the end of the game when it came.
fn engine_moves(h: &mut Hector, mirror: &mut Game) -> Move {
    let announced = h.line_within(30);
    h.send("fen");
    let mut extra = Vec::new();
    let fen = loop {
        let l = h.line();
        if l.split_whitespace().count() == 6 && l.contains('/') {
            break l;
        }
        extra.push(l);
    };
    let m = mirror
        .legal_moves()
        .into_iter()
        .find(|m| {
            let mut g = mirror.clone();
            g.play(*m).is_ok() && g.fen() == fen
        })
        .unwrap_or_else(|| {
            panic!("the engine's move {announced:?} leads to {fen}, which no legal move does")
        });
    let side = if mirror.turn() == shakmaty::Color::White {
        "White"
    } else {
        "Black"
    };
    assert_eq!(
        announced,
        format!("{side}: {}", said(mirror, m)),
        "the engine's move is announced like any move, with its side"
    );
    mirror.play(m).unwrap();
    match mirror.ending() {
        Some(e) => {
            assert_eq!(extra.len(), 1, "{extra:?}");
            assert!(extra[0].contains(result_text(e.result)), "{extra:?}");
        }
        None => assert!(extra.is_empty(), "{extra:?}"),
    }
    m
}

#[test]
fn a_whole_game_against_stockfish() {
    if stockfish().is_none() {
        return;
    }
    let dir = tmp("whole");
    let pgn = dir.join("game.pgn");
    let _ = std::fs::remove_file(&pgn);
    let mut h = Hector::start(&[
        "--line",
        "--opponent",
        "engine",
        "--level",
        "1",
        "--save",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(h.line(), "New game, White to move");
    assert_eq!(
        h.line(),
        "You play White, the engine plays Black at level 1"
    );
    let started = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut mirror = Game::new();
    let mut engine_plies = 0;
    while !mirror.is_over() && mirror.plies().len() < 150 {
        let moves: Vec<Move> = mirror.legal_moves().into_iter().collect();
        // Simple moves for the player: a capture or a check when there is one, else any move.
        let forcing: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.is_capture() || mirror.san(*m).suffix.is_some())
            .collect();
        let m = *forcing
            .choose(&mut rng)
            .unwrap_or_else(|| moves.choose(&mut rng).unwrap());
        player_moves(&mut h, &mut mirror, m);
        if mirror.is_over() {
            break;
        }
        engine_moves(&mut h, &mut mirror);
        engine_plies += 1;
    }
    h.send("moves");
    let moves_line = h.line();
    let (lines, _) = h.finish();
    let plies = mirror.plies().len();
    let result = mirror.ending().map_or("*", |e| result_text(e.result));
    eprintln!(
        "whole game against Stockfish at level 1: {plies} plies ({engine_plies} by the engine), result {result}, \
         {:.1} s, {} lines",
        started.elapsed().as_secs_f64(),
        lines.len()
    );
    assert!(plies >= 2);
    // Every move of the game, the engine's too, is in the `moves` read-out.
    for ply in mirror.plies() {
        assert!(moves_line.contains(&hector::words::announce::short(
            &Vocabulary::default(),
            &ply.san,
            ply.mv
        )));
    }
    // The saved game is the game played, with its result.
    let text = std::fs::read_to_string(&pgn).unwrap();
    let saved = hector::rules::pgn::import_game(&text).unwrap();
    assert_eq!(saved.fen(), mirror.fen());
    let sans = |g: &Game| {
        g.plies()
            .iter()
            .map(|p| p.san.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(sans(&saved), sans(&mirror));
    assert!(text.contains(&format!("[Result \"{result}\"]")), "{text}");
}

#[test]
fn stockfish_opens_a_chess960_game_and_castles_king_takes_rook() {
    if stockfish().is_none() {
        return;
    }
    let mut h = Hector::start(&[
        "--line",
        "--opponent",
        "engine",
        "--level",
        "1",
        "--chess960",
        "123",
        "--color",
        "black",
        "--verbose",
    ]);
    assert_eq!(h.line(), "New Chess960 game, position 123, White to move");
    assert_eq!(
        h.line(),
        "You play Black, the engine plays White at level 1"
    );
    let mut mirror = Game::chess960(123).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(960);
    while mirror.plies().len() < 16 && !mirror.is_over() {
        engine_moves(&mut h, &mut mirror);
        if mirror.is_over() {
            break;
        }
        // The player castles as soon as it can, else moves at random.
        let moves: Vec<Move> = mirror.legal_moves().into_iter().collect();
        let m = moves
            .iter()
            .copied()
            .find(|m| m.is_castle())
            .unwrap_or_else(|| *moves.choose(&mut rng).unwrap());
        player_moves(&mut h, &mut mirror, m);
    }
    let (_, stderr) = h.finish();
    assert!(
        stderr.contains("engine <- setoption name UCI_Chess960 value true"),
        "{stderr}"
    );
    // The engine was told every position in Chess960 UCI (castling as king takes rook).
    let mode = mirror.mode();
    let all: Vec<String> = mirror
        .plies()
        .iter()
        .map(|p| p.mv.to_uci(mode).to_string())
        .collect();
    let start = format!("hector: engine <- position fen {}", mirror.start_fen());
    let told: Vec<&str> = stderr.lines().filter(|l| l.starts_with(&start)).collect();
    assert!(told.len() >= 7, "{stderr}");
    for l in &told {
        let moves: Vec<String> = l
            .split(" moves ")
            .nth(1)
            .map(|m| m.split(' ').map(str::to_string).collect())
            .unwrap_or_default();
        assert_eq!(moves[..], all[..moves.len()], "{l}");
    }
    let castles: Vec<&String> = all
        .iter()
        .zip(mirror.plies())
        .filter(|(_, p)| p.mv.is_castle())
        .map(|(u, _)| u)
        .collect();
    eprintln!(
        "Chess960 123 against Stockfish: {} plies, castling {castles:?}",
        all.len()
    );
}

#[test]
fn castling_from_a_chess960_fen_reaches_stockfish_as_king_takes_rook() {
    if stockfish().is_none() {
        return;
    }
    // The king on f1 with castling rights on h1: a Chess960 position. O-O is f1h1 for the engine.
    let fen = "r4k2/8/8/8/8/8/8/5K1R w Ha - 0 1";
    let mut h = Hector::start(&[
        "--line",
        "--opponent",
        "engine",
        "--level",
        "1",
        "--fen",
        fen,
        "--verbose",
    ]);
    assert_eq!(h.line(), "New game, White to move");
    h.line();
    let mut mirror = Game::from_fen(fen).unwrap();
    assert!(mirror.is_chess960());
    let castle = mirror.parse_san("O-O").unwrap();
    player_moves(&mut h, &mut mirror, castle);
    engine_moves(&mut h, &mut mirror);
    let (_, stderr) = h.finish();
    assert!(
        stderr.contains("moves f1h1\n") || stderr.contains("moves f1h1"),
        "{stderr}"
    );
    assert!(
        stderr.contains("setoption name UCI_Chess960 value true"),
        "{stderr}"
    );
}

#[test]
fn with_a_clock_stockfish_is_given_both_times() {
    if stockfish().is_none() {
        return;
    }
    let mut h = Hector::start(&[
        "--line",
        "--opponent",
        "engine",
        "--level",
        "1",
        "--time",
        "30s+1s",
        "--verbose",
    ]);
    h.line();
    h.line();
    let mut mirror = Game::new();
    for _ in 0..3 {
        let m = mirror.legal_moves()[0];
        player_moves(&mut h, &mut mirror, m);
        engine_moves(&mut h, &mut mirror);
    }
    let (_, stderr) = h.finish();
    let go: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("engine <- go "))
        .collect();
    assert_eq!(go.len(), 3, "{stderr}");
    assert!(
        go.iter().all(|l| l.contains("wtime ")
            && l.contains("btime ")
            && l.contains("winc 1000 binc 1000")),
        "{go:?}"
    );
}

/// Against the engine, a takeback works in a game with a clock too (casual play): the player's
/// move and the engine's answer go, both clocks go back to what they showed before them (here the starting
/// time), and the engine answers the player's new move.
#[test]
fn with_a_clock_a_takeback_restores_both_times_and_the_engine_plays_on() {
    if stockfish().is_none() {
        return;
    }
    let mut h = Hector::start(&[
        "--line",
        "--opponent",
        "engine",
        "--level",
        "1",
        "--time",
        "5m+3s",
    ]);
    h.line();
    h.line();
    let mut mirror = Game::new();
    let e4 = mirror
        .legal_moves()
        .into_iter()
        .find(|m| mirror.uci(*m).to_string() == "e2e4")
        .unwrap();
    player_moves(&mut h, &mut mirror, e4);
    let answer = engine_moves(&mut h, &mut mirror);
    let answer_said = {
        let mut g = Game::new();
        g.play(e4).unwrap();
        said(&g, answer)
    };
    h.send("takeback");
    assert_eq!(
        h.line(),
        format!("Taken back: Bauer Eva vier, {answer_said}; White to move")
    );
    assert_eq!(h.line(), "Clocks: White 5 minutes, Black 5 minutes");
    let mut mirror = Game::new();
    let d4 = mirror
        .legal_moves()
        .into_iter()
        .find(|m| mirror.uci(*m).to_string() == "d2d4")
        .unwrap();
    player_moves(&mut h, &mut mirror, d4);
    engine_moves(&mut h, &mut mirror);
    h.send("fen");
    let fen = h.line();
    assert_eq!(
        fen,
        mirror.fen(),
        "the game goes on from the position after the takeback"
    );
    h.finish();
}

#[test]
fn a_limited_level_caps_its_time_per_move() {
    if stockfish().is_none() {
        return;
    }
    let mut h = Hector::start(&[
        "--line",
        "--opponent",
        "engine",
        "--level",
        "1",
        "--color",
        "black",
        "--time",
        "5+3",
        "--verbose",
    ]);
    h.line();
    h.line();
    let mut mirror = Game::new();
    let asked = Instant::now();
    engine_moves(&mut h, &mut mirror);
    // Level 1 thinks at most 1 s (plus the engine's start): far from the 40 s seen before the cap.
    assert!(
        asked.elapsed() < Duration::from_secs(15),
        "{:?}",
        asked.elapsed()
    );
    let (_, stderr) = h.finish();
    let go: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("engine <- go "))
        .collect();
    assert!(
        go.first()
            .is_some_and(|l| l.ends_with("winc 3000 binc 3000 movetime 1000")),
        "{go:?}"
    );
}

#[test]
fn the_engine_answers_draw_offers_and_the_player_never_answers_their_own() {
    if stockfish().is_none() {
        return;
    }
    // A level opening: the engine declines at once; the player cannot accept the offer they made.
    let mut h = Hector::start(&["--line", "--opponent", "engine", "--level", "1"]);
    h.line();
    h.line();
    let mut mirror = Game::new();
    let m = mirror.parse_san("e4").unwrap();
    player_moves(&mut h, &mut mirror, m);
    engine_moves(&mut h, &mut mirror);
    h.send("offer");
    assert_eq!(h.line(), "White offers a draw");
    assert_eq!(
        h.line(),
        "The engine declines the draw offer; the game goes on"
    );
    h.send("accept");
    assert_eq!(h.line(), "No draw offer is open");
    h.send("decline");
    assert_eq!(h.line(), "No draw offer is open");
    h.finish();
    // The engine (Black) has a king against king, queen and rook: it accepts.
    let fen = "4k3/8/8/8/8/8/QR6/4K3 w - - 0 40";
    let mut h = Hector::start(&[
        "--line",
        "--opponent",
        "engine",
        "--level",
        "1",
        "--fen",
        fen,
    ]);
    h.line();
    h.line();
    let mut mirror = Game::from_fen(fen).unwrap();
    let m = mirror.parse_san("Kd2").unwrap();
    player_moves(&mut h, &mut mirror, m);
    engine_moves(&mut h, &mut mirror);
    h.send("offer");
    assert_eq!(h.line(), "White offers a draw");
    assert_eq!(h.line(), "The engine accepts the draw offer");
    assert_eq!(h.line(), "Draw by agreement, 1/2-1/2");
    h.finish();
}

#[test]
fn without_an_engine_one_line_says_so_and_both_sides_are_entered() {
    let mut h = Hector::start(&[
        "--line",
        "--opponent",
        "engine",
        "--engine",
        "no-such-engine-anywhere",
    ]);
    assert_eq!(h.line(), "New game, White to move");
    assert_eq!(
        h.line(),
        "No chess engine found (no-such-engine-anywhere): install it with apt-get install stockfish, or give one \
         with --engine. Both sides' moves are entered here."
    );
    h.send("e4");
    assert_eq!(h.line(), "Bauer Eva vier");
    h.send("e5");
    assert_eq!(h.line(), "Bauer Eva fünf");
    h.finish();
}

#[test]
fn an_engine_that_never_answers_is_given_up_and_the_player_takes_over() {
    let mut h = Hector::start(&[
        "--line",
        "--opponent",
        "engine",
        "--color",
        "black",
        "--engine",
        &fake("no_uci.sh"),
    ]);
    h.line();
    assert_eq!(
        h.line(),
        "You play Black, the engine plays White at level 2"
    );
    let failure = h.line_within(60);
    assert_eq!(
        failure,
        format!(
            "The engine could not be started: '{}' is not a UCI engine: it did not answer the UCI greeting within 5 \
             seconds; the game is kept. Type engine restart to try again, or opponent human to enter both sides' \
             moves",
            fake("no_uci.sh")
        )
    );
    h.send("e4");
    assert!(h.line().starts_with("The engine is not working"));
    h.send("opponent human");
    assert_eq!(h.line(), "Both sides' moves are entered here now");
    h.send("e4");
    assert_eq!(h.line(), "Bauer Eva vier");
    h.send("e5");
    assert_eq!(h.line(), "Bauer Eva fünf");
    h.finish();
}

/// The peak resident memory of a process, in KiB (Linux /proc).
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc status")
}

/// An engine that floods its output before `uciok`, or never ends a line, is given up at the
/// greeting time-out, and hector's memory stays small while it floods.
#[test]
fn a_flooding_engine_is_given_up_and_memory_stays_bounded() {
    for script in ["flood_lines.sh", "no_newline.sh"] {
        let mut h = Hector::start(&["--line", "--opponent", "engine", "--engine", &fake(script)]);
        h.line();
        h.line();
        let failure = h.line_within(60);
        assert!(
            failure.contains(
                "is not a UCI engine: it did not answer the UCI greeting within 5 seconds"
            ),
            "{script}: {failure}"
        );
        let peak = peak_kib(h.child.id());
        assert!(
            peak < 200 * 1024,
            "{script}: hector's peak memory was {peak} KiB while the engine flooded"
        );
        // The game goes on: the player's move is played; at the engine's turn, it says the engine is not working.
        h.send("e4");
        assert_eq!(h.line(), "Bauer Eva vier");
        h.send("e5");
        assert!(h.line().starts_with("The engine is not working"));
        h.finish();
    }
}

#[test]
fn a_crash_is_said_restart_tries_again_and_the_game_is_kept() {
    let mut h = Hector::start(&[
        "--line",
        "--opponent",
        "engine",
        "--engine",
        &fake("crash_on_go.sh"),
    ]);
    h.line();
    h.line();
    h.send("e4");
    assert_eq!(h.line(), "Bauer Eva vier");
    let crashed = "The engine stopped working: the engine Crasher 1 crashed while thinking about a move: it exited \
                   with code 3; the game is kept. Type engine restart to start it again, or opponent human to enter \
                   both sides' moves";
    assert_eq!(h.line_within(60), crashed);
    h.send("engine restart");
    assert_eq!(
        h.line(),
        "Starting the engine again; it plays Black at level 2"
    );
    // It is asked again at once, and crashes again.
    assert_eq!(h.line_within(60), crashed);
    h.send("opponent human");
    assert_eq!(h.line(), "Both sides' moves are entered here now");
    h.send("c5");
    assert_eq!(h.line(), "Bauer Cesar fünf");
    h.send("fen");
    assert_eq!(
        h.line(),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    h.finish();
}

#[test]
fn an_illegal_engine_move_is_refused_with_the_reason() {
    let dir = tmp("illegal");
    let pgn = dir.join("game.pgn");
    let mut h = Hector::start(&[
        "--line",
        "--opponent",
        "engine",
        "--engine",
        &fake("illegal.sh"),
        "--save",
        pgn.to_str().unwrap(),
    ]);
    h.line();
    h.line();
    h.send("d4");
    assert_eq!(h.line(), "Bauer David vier");
    assert_eq!(
        h.line_within(60),
        "The engine stopped working: it answered with an illegal move, e2e5; the game is kept. Type engine restart \
         to start it again, or opponent human to enter both sides' moves"
    );
    h.send("fen");
    assert_eq!(
        h.line(),
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
        "nothing was played for it"
    );
    h.send("opponent human");
    h.line();
    h.send("d5");
    assert_eq!(h.line(), "Bauer David fünf");
    h.finish();
    assert!(std::fs::read_to_string(&pgn).unwrap().contains("1. d4 d5"));
}

#[test]
fn while_the_engine_thinks_questions_are_answered_and_a_hang_is_cut_off() {
    let mut h = Hector::start(&[
        "--line",
        "--opponent",
        "engine",
        "--engine",
        &fake("hang_on_go.sh"),
    ]);
    h.line();
    h.line();
    h.send("e4");
    assert_eq!(h.line(), "Bauer Eva vier");
    h.send("last");
    assert_eq!(h.line(), "Last move, White 1: Bauer Eva vier");
    h.send("e5");
    assert_eq!(
        h.line(),
        "It is the engine's turn; wait for its move, or type opponent human"
    );
    h.send("engine");
    // "starting" when the go was sent before the handshake was done (the engine starts in the background).
    let state = h.line();
    assert!(
        state == "Hanger plays Black at level 2: thinking"
            || state == "sh plays Black at level 2: starting",
        "{state}"
    );
    h.send("count");
    assert!(h.line().contains("Black"));
    let hung = h.line_within(60);
    assert!(
        hung.starts_with("The engine stopped working: the engine Hanger did not answer within ")
            && hung.contains(
                " seconds while thinking about a move, so it was stopped; the game is kept."
            ),
        "{hung}"
    );
    // Level 2 thinks 0.15 s, then 5 s of margin and 1 s after `stop`: the message says so, not a stopwatch.
    h.send("opponent human");
    h.line();
    h.send("e5");
    assert_eq!(h.line(), "Bauer Eva fünf");
    h.quiet_for(300);
    h.finish();
}

#[test]
fn engine_commands_answer_in_a_game_between_people() {
    let mut h = Hector::start(&["--line", "--opponent", "human"]);
    h.line();
    h.send("engine");
    assert_eq!(
        h.line(),
        "No engine plays: both sides' moves are entered here. Type opponent engine to play against stockfish at level 2"
    );
    h.send("level 12");
    assert_eq!(h.line(), "A level is a number from 1 to 10, not \"12\"");
    h.send("level 4");
    assert_eq!(h.line(), "Engine level 4");
    h.send("opponent robot");
    assert_eq!(h.line(), "opponent needs engine or human, not \"robot\"");
    h.send("opponent human");
    assert_eq!(h.line(), "Both sides' moves are already entered here");
    h.finish();
}

#[test]
fn a_bad_level_is_refused_at_start() {
    let out = common::hector_command(&common::temp_dir("engine"))
        .args(["--line", "--level", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "Cannot use --level 0: a level is a number from 1 to 10"
    );
}

/// Review against the engine. While it thinks, review waits (the game is not paused for it); on the
/// player's turn the game is reviewed, and `done` returns to it exactly where it was: the player moves on.
#[test]
fn review_against_the_engine_waits_for_its_move_and_returns_to_the_game() {
    let mut h = Hector::start(&[
        "--line",
        "--opponent",
        "engine",
        "--engine",
        &fake("hang_on_go.sh"),
    ]);
    h.line();
    h.line();
    h.send("e4");
    assert_eq!(h.line(), "Bauer Eva vier");
    h.send("review");
    assert_eq!(h.line(), "The engine is thinking; review once it has moved");
    h.send("back");
    assert_eq!(h.line(), "Not reviewing; say review to review the game");
    drop(h);

    if stockfish().is_none() {
        return;
    }
    let mut h = Hector::start(&["--line", "--opponent", "engine", "--level", "1"]);
    h.line();
    h.line();
    let mut mirror = Game::new();
    let e4 = mirror.parse_san("e4").unwrap();
    player_moves(&mut h, &mut mirror, e4);
    let answer = engine_moves(&mut h, &mut mirror);
    h.send("review");
    let opened = h.line();
    assert!(
        opened.starts_with("Review of the game, 2 half-moves")
            && opened.ends_with(&format!("Move 1, Black: {}", {
                let mut g = Game::new();
                g.play(e4).unwrap();
                said(&g, answer)
            })),
        "{opened}"
    );
    h.send("start");
    assert_eq!(h.line(), "Start of the game, White to move");
    h.send("square e4");
    assert_eq!(h.line(), "Eva vier: empty");
    h.send("done");
    assert!(h.line().starts_with("Review ended, back in the game"));
    // The game goes on: the player's next move is played and the engine answers it.
    let next = mirror
        .legal_moves()
        .into_iter()
        .next()
        .expect("a legal move");
    player_moves(&mut h, &mut mirror, next);
    engine_moves(&mut h, &mut mirror);
    h.finish();
}
