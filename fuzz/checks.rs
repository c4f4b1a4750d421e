//! What every fuzz target checks, one function per parser of outside text. Shared by the libFuzzer targets
//! (fuzz/fuzz_targets/*.rs) and by the replay of the committed corpora in tests/fuzz_corpora.rs, so CI runs the
//! very same checks on every input the fuzzer kept.
//!
//! Every check: no panic (a panic is the fuzzer's crash), no hang (libFuzzer's -timeout), and no control byte in
//! any text meant for the player (one announcement per line, read by a screen reader).

#![allow(dead_code)]

use std::str::FromStr;
use std::time::Duration;

use hector::engine::Level;
use hector::engine::level::plan;
use hector::engine::uci::{self, BestMove, UciOption};
use hector::rules::clock::Clock;
use hector::rules::pgn::{self, ExportTags, ImportOptions};
use hector::rules::time_control::{self, TimeControl};
use hector::rules::{Edition, Game};
use hector::session::{ClockSettings, Envelope};
use hector::ui::edge::OutputConfig;
use hector::ui::screen::{Keymap, Theme};
use hector::words::{self, Phrases, Vocabulary};
use shakmaty::uci::UciMove;
use shakmaty::{Color, Position};

/// Text for the player must not hold a control character (a newline would split an announcement, ESC would
/// drive the terminal, NUL or BEL confuse screen readers).
#[track_caller]
fn assert_printable(what: &str, text: &str) {
    assert!(
        !text.chars().any(char::is_control),
        "{what}: a control character in text for the player: {text:?}"
    );
}

/// Text for the player made from `input`: the parser adds no control character of its own. (Quoting the
/// player's own text safely when it is echoed is done where it is shown, issue 10 item 6.)
#[track_caller]
fn assert_adds_no_control(what: &str, input: &str, text: &str) {
    for c in text.chars().filter(|c| c.is_control()) {
        assert!(
            input.contains(c),
            "{what}: the control character {c:?}, not in the input {input:?}, in {text:?}"
        );
    }
}

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// Positions with every kind of move: castling both ways, en passant, promotion, two knights to one square,
/// Black to move.
const POSITIONS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/1P6/8/3pP3/8/8/8/R3K2R w KQ d6 0 2",
    "4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1",
];

const VOCABULARIES: [&str; 3] = ["appendix-d", "english", "greek"];
const LANGUAGES: [&str; 3] = ["en", "de", "el"];

/// The built-in vocabularies and phrase tables, read once (reading them is far slower than a check).
fn builtins() -> &'static (
    Vec<(&'static str, Vocabulary)>,
    Vec<(&'static str, Phrases)>,
) {
    static BUILTINS: std::sync::OnceLock<(Vec<(&str, Vocabulary)>, Vec<(&str, Phrases)>)> =
        std::sync::OnceLock::new();
    BUILTINS.get_or_init(|| {
        (
            VOCABULARIES
                .iter()
                .map(|n| (*n, Vocabulary::builtin(n).unwrap()))
                .collect(),
            LANGUAGES
                .iter()
                .map(|l| (*l, Phrases::builtin(l).unwrap()))
                .collect(),
        )
    })
}

/// `words::parse_move` in every vocabulary and language: the first byte picks the position, the rest is what
/// the player typed. A move read must be legal; a refusal is explained in every language.
pub fn check_moves(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let input = text(rest);
    let game = Game::from_fen(POSITIONS[usize::from(pick) % POSITIONS.len()]).unwrap();
    let (vocabularies, phrases) = builtins();
    for (name, v) in vocabularies {
        match words::parse_move(&game, v, &input) {
            Ok(m) => assert!(
                game.position().is_legal(m),
                "{name}: {input:?} read as the illegal {m:?}"
            ),
            Err(e) => {
                for (lang, p) in phrases {
                    let said = words::explain(v, p, &e);
                    assert!(
                        !said.trim().is_empty(),
                        "{name}/{lang}: {input:?}: nothing said"
                    );
                    assert_adds_no_control(&format!("{name}/{lang}"), &input, &said);
                }
            }
        }
    }
}

/// FEN (`--fen`, a PGN FEN tag): a position read is legal and its FEN reads back to the same position.
pub fn check_fen(data: &[u8]) {
    let fen = text(data);
    match Game::from_fen(&fen) {
        Ok(game) => {
            let again = Game::from_fen(&game.start_fen()).unwrap_or_else(|e| {
                panic!("{fen:?} gave {:?}, which reads as {e}", game.start_fen())
            });
            assert_eq!(again.position(), game.position(), "{fen:?}");
        }
        Err(e) => assert_printable("FEN error", &e.to_string()),
    }
    match pgn::chess960_game_from_fen(&fen) {
        Ok(game) => {
            let _ = game.start_fen();
        }
        Err(e) => assert_printable("Chess960 FEN error", &e.to_string()),
    }
}

/// PGN import: errors and warnings are printable; every game read exports and reads back to the same moves;
/// checking every position (the slow way) finds the same games and moves as the fast import.
pub fn check_pgn(data: &[u8]) {
    let report = pgn::import_bytes(data);
    assert_eq!(report.games.len(), report.numbers.len());
    for e in &report.errors {
        assert_printable("import error", &e.to_string());
    }
    for w in &report.warnings {
        assert_printable("import warning", &w.to_string());
    }
    for game in &report.games {
        let exported = pgn::export(game, &ExportTags::default());
        let again = pgn::import(&exported);
        assert!(
            again.errors.is_empty(),
            "an exported game does not read back: {:?}\n{exported}",
            again.errors
        );
        assert_eq!(again.games.len(), 1, "{exported}");
        let moves = |g: &Game| g.plies().iter().map(|p| p.mv).collect::<Vec<_>>();
        assert_eq!(moves(&again.games[0]), moves(game), "{exported}");
        assert_eq!(again.games[0].ending(), game.ending(), "{exported}");
        for (_, value) in game.tags.iter().filter(|(n, _)| *n == "TimeControl") {
            check_time_control(value.as_bytes());
        }
        for ply in game.plies() {
            for c in &ply.annotations.comments {
                if let Some(Ok(d)) = time_control::parse_clock_comment(c) {
                    assert!(d <= Duration::from_secs(time_control::MAX_SECONDS));
                }
            }
        }
    }
    // The slow way, on small inputs only (it checks for a dead position after every move).
    if data.len() <= 2048 {
        let slow = pgn::import_with(
            data,
            &ImportOptions {
                edition: Edition::default(),
                check_every_position: true,
            },
        );
        assert_eq!(
            slow.numbers, report.numbers,
            "the same games load both ways"
        );
        for (a, b) in slow.games.iter().zip(&report.games) {
            assert_eq!(a.plies().len(), b.plies().len(), "the same moves both ways");
            assert_eq!(a.ending(), b.ending(), "the same ending both ways");
        }
    }
}

/// Time controls (`--time`, the TimeControl tag) and clock comments: what is read writes back the same, and a
/// clock runs with it without overflow.
pub fn check_time_control(data: &[u8]) {
    let s = text(data);
    for (how, read) in [
        ("--time", TimeControl::from_str(&s)),
        ("TimeControl tag", TimeControl::from_pgn(&s)),
    ] {
        match read {
            Ok(tc) => {
                let written = tc.to_string();
                let back = TimeControl::from_pgn(&written).unwrap_or_else(|e| {
                    panic!("{how} {s:?} writes as {written:?}, read back: {e}")
                });
                assert_eq!(back, tc, "{how} {s:?} writes as {written:?}");
                for edition in [
                    Edition::E2005,
                    Edition::E2009,
                    Edition::E2014,
                    Edition::E2018,
                ] {
                    let _ = tc.class(edition);
                }
                run_clock(&tc, data);
            }
            Err(e) => assert_printable(how, &e.to_string()),
        }
    }
    if let Some(read) = time_control::parse_clock_comment(&s) {
        match read {
            Ok(d) => assert!(d <= Duration::from_secs(time_control::MAX_SECONDS), "{s:?}"),
            Err(body) => assert!(s.contains(body.as_str())),
        }
    }
}

/// A clock with the control, pressed at times taken from the input (far apart too), never panics.
fn run_clock(tc: &TimeControl, data: &[u8]) {
    let Ok(mut clock) = Clock::new(tc.clone()) else {
        return;
    };
    let mut now = Duration::ZERO;
    if clock.start(Color::White, now).is_err() {
        return;
    }
    let mut side = Color::White;
    for &b in data.iter().take(64) {
        now += Duration::from_secs(u64::from(b) * u64::from(b) * 7);
        if clock.press(side, now).is_err() {
            break;
        }
        let _ = clock.remaining(side, now);
        let _ = clock.moves_to_next_period(side);
        side = side.other();
    }
    let _ = clock.flag_fallen(side, now + Duration::from_secs(1 << 40));
}

/// The RON settings files: the first byte picks clock.ron, output.ron, keymap.ron, theme.ron or an envelope.
/// Every problem reported names the place and holds no control character.
pub fn check_config_ron(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let s = text(rest);
    match pick % 5 {
        0 => match ClockSettings::from_ron(&s, "clock.ron") {
            Ok(c) => {
                let _ = c.thresholds().take(100_000).count();
            }
            Err(e) => assert_printable("clock.ron", &e.to_string()),
        },
        1 => {
            if let Err(e) = OutputConfig::from_ron(&s, "output.ron") {
                assert_printable("output.ron", &e);
            }
        }
        2 => {
            static SHIPPED: std::sync::OnceLock<Keymap> = std::sync::OnceLock::new();
            let shipped = SHIPPED.get_or_init(Keymap::builtin).clone();
            let (_, problems) = shipped.with_overrides(&s, "keymap.ron");
            for p in problems {
                assert_printable("keymap.ron", &p);
            }
        }
        3 => {
            if let Err(e) = Theme::from_ron(&s, "theme.ron") {
                assert_printable("theme.ron", &e);
            }
        }
        _ => {
            if let Err(e) = Envelope::from_ron(&s) {
                assert_printable("envelope", &e);
            }
        }
    }
}

/// Vocabulary and phrase files: a vocabulary read is usable (moves are read with it); errors are printable.
pub fn check_vocabulary(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let s = text(rest);
    if pick % 2 == 0 {
        match Vocabulary::from_ron(&s, "words.ron") {
            Ok(v) => {
                let game = Game::new();
                for said in ["e4", "Springer Felix drei", "Nf3", "kurze Rochade", "O-O"] {
                    let _ = words::parse_move(&game, &v, said);
                }
                for w in v.all_words() {
                    let _ = words::parse_move(&game, &v, w);
                }
            }
            Err(e) => assert_printable("vocabulary", &e.to_string()),
        }
    } else {
        let lang = LANGUAGES[usize::from(pick / 2) % LANGUAGES.len()];
        if let Err(e) = Phrases::from_ron(lang, &s, "phrases.ron") {
            assert_printable("phrases", &e.to_string());
        }
    }
}

/// Lines from a UCI engine: options, the strength plan made from them for every level, `bestmove` with the
/// move tried on a position, the engine's name as shown, and the engine command line.
pub fn check_uci(data: &[u8]) {
    let s = text(data);
    let mut options = Vec::new();
    for line in s.lines().take(256) {
        if let Some(o) = UciOption::parse(line) {
            options.push(o);
        }
        if let Some(BestMove::Move { uci, ponder }) = uci::parse_bestmove(line) {
            let game = Game::from_fen(POSITIONS[1]).unwrap();
            if let Ok(m) = UciMove::from_ascii(uci.as_bytes()) {
                let _ = m.to_move(game.position());
            }
            let _ = ponder;
        }
        let shown = uci::one_line(line);
        assert_printable("engine name", &shown);
    }
    for n in 1..=10 {
        let (_, lines) = plan(Level::new(n).unwrap(), &options);
        for l in lines {
            assert!(!l.contains('\n') && !l.contains('\r'), "{l:?}");
        }
    }
    if let Err(e) = uci::split_command(&s) {
        assert_printable("engine command", &e);
    }
}
