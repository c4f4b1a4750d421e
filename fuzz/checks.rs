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
use hector::rules::board_diff;
use hector::rules::clock::Clock;
use hector::rules::pgn::{self, ExportTags, ImportOptions};
use hector::rules::time_control::{self, TimeControl};
use hector::rules::{Edition, Game};
use hector::session::{
    ClockSettings, Command, Config, Effect, Envelope, Mode, Opponent, Session, TournamentSettings,
};
use hector::ui::edge::OutputConfig;
use hector::ui::screen::{Keymap, Theme};
use hector::words::board_text::{self, BoardTextError, BoardWords};
use hector::words::{self, Phrases, Vocabulary, scoresheet_text};
use shakmaty::uci::UciMove;
use shakmaty::{Board, Color, Position};

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
/// player's own text safely when it is echoed is done where it is shown.)
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

/// The board check's words, made once per vocabulary and UI language (BoardWords reads every built-in word).
fn board_words() -> &'static Vec<(String, Vocabulary, Phrases, BoardWords)> {
    static WORDS: std::sync::OnceLock<Vec<(String, Vocabulary, Phrases, BoardWords)>> =
        std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let (vocabularies, phrases) = builtins();
        let mut out = Vec::new();
        for (vn, v) in vocabularies {
            for (ln, p) in phrases {
                out.push((
                    format!("{vn}/{ln}"),
                    v.clone(),
                    p.clone(),
                    BoardWords::new(v, p),
                ));
            }
        }
        out
    })
}

/// A board read from the player's words is put right by the steps hector says: each can be carried out on
/// the physical board, in order, and together they give the record's board (ANN-I4, R-D.2.9).
#[track_caller]
fn assert_steps_put_right(what: &str, input: &str, described: &Board, target: &Board) {
    let steps = board_diff::correct(described, target, &[]);
    let mut board = described.clone();
    board_diff::apply(&mut board, &steps)
        .unwrap_or_else(|e| panic!("{what}: {input:?}: a step cannot be done: {e:?}"));
    assert_eq!(
        &board, target,
        "{what}: {input:?}: the steps do not give the record's board"
    );
}

/// The lines the session is given, each the player's text after a command word of the board check.
const BOARD_CHECK_LINES: [&str; 6] = [
    "check ",
    "check rank ",
    "check fen ",
    "check square ",
    "is ",
    "",
];

/// The board check's words (Appendix D.2.9, `check`): piece lists, ranks, one square, quick questions and FEN
/// boards, in every vocabulary and UI language; then the same text through a session (`check ...`, `is ...`,
/// or the guided walk, one line an answer). The first byte picks the position and the session's line. A board
/// read is put right by the steps said; a refusal is said; no text for the player gets a control character
/// the input did not have; the check never changes the game.
pub fn check_board_check(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let input = text(rest);
    let game = Game::from_fen(POSITIONS[usize::from(pick) % POSITIONS.len()]).unwrap();
    let target = game.position().board().clone();
    for (name, v, p, w) in board_words() {
        let refused = |e: &BoardTextError| {
            let said = board_text::explain(v, p, w, e);
            assert!(!said.trim().is_empty(), "{name}: {input:?}: nothing said");
            assert_adds_no_control(name, &input, &said);
        };
        match w.piece_lists(v, &input) {
            Ok((board, sides)) => {
                assert!(!sides.is_empty(), "{name}: {input:?}: a board of no side");
                assert_steps_put_right(name, &input, &board, &target);
            }
            Err(e) => refused(&e),
        }
        match w.rank(v, &input) {
            Ok(rank) => assert_eq!(rank.len(), 8),
            Err(e) => refused(&e),
        }
        if let Err(e) = w.square(v, &input) {
            refused(&e);
        }
        let fillers: Vec<String> = p
            .get("words.filler")
            .split(',')
            .map(|f| f.trim().to_string())
            .collect();
        if let Err(e) = w.question(v, &input, &fillers) {
            refused(&e);
        }
        let _ = w.rank_word(v, &input);
    }
    match board_text::fen_board(&input) {
        Ok(board) => assert_steps_put_right("fen", &input, &board, &target),
        Err(e) => {
            let (_, v, p, w) = &board_words()[0];
            assert_adds_no_control("fen", &input, &board_text::explain(v, p, w, &e));
        }
    }
    // Through a session: one command line, or the walk with one answer a line.
    let (name, v, p, _) = &board_words()[usize::from(pick / 8) % board_words().len()];
    let mut session = Session::new(
        game.clone(),
        Config {
            vocabulary: v.clone(),
            phrases: p.clone(),
            ..Config::default()
        },
    );
    let prefix = BOARD_CHECK_LINES[usize::from(pick) % BOARD_CHECK_LINES.len()];
    let lines: Vec<String> = if prefix.is_empty() {
        std::iter::once("check".to_string())
            .chain(input.lines().take(80).map(str::to_string))
            .chain(std::iter::once("stop".to_string()))
            .collect()
    } else {
        vec![format!("{prefix}{}", input.replace(['\n', '\r'], " "))]
    };
    for line in lines {
        let out = session.update(Command::Act(session.read(&line)), Duration::ZERO);
        assert_says_no_new_control(name, &line, &out);
    }
    assert_eq!(
        session.view().game().plies().len(),
        game.plies().len(),
        "{name}: {input:?}: the board check changed the game"
    );
}

/// Every announcement in `out` adds no control character to `input`.
#[track_caller]
fn assert_says_no_new_control(what: &str, input: &str, out: &[Effect]) {
    for e in out {
        if let Effect::Say(a) = e {
            assert_adds_no_control(what, input, &a.text);
        }
    }
}

/// The record the scoresheets are compared with: the Ruy Lopez's first six half-moves.
const RECORD: [&str; 6] = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"];

/// `compare`'s reader (R-D.2.9): a scoresheet file (PGN, hector's printed sheet, bare moves) and a typed
/// sheet, read and replayed from the record's start; then the same text through a session as `compare TEXT`,
/// as a file read (`compare other.pgn`), and read out one line a move. The moves read are legal from the
/// start, in order; nothing said gets a control character the input did not have; comparing never changes
/// the game (only `rewind` and `yes` do), and a `rewind` then `no` leaves it as it was.
pub fn check_compare(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let input = text(rest);
    let mut game = Game::new();
    for m in &RECORD[..usize::from(pick) % (RECORD.len() + 1)] {
        game.play_san(m).unwrap();
    }
    let (vocabularies, _) = builtins();
    let (_, v) = &vocabularies[usize::from(pick / 8) % vocabularies.len()];
    let replayed = |r: &scoresheet_text::Replay, what: &str| {
        assert!(
            r.moves.len() <= scoresheet_text::MAX_MOVES,
            "{what}: too many moves"
        );
        let mut pos = game.start_position().clone();
        for m in &r.moves {
            assert!(
                pos.is_legal(*m),
                "{what}: {input:?}: the illegal {m:?} read"
            );
            pos.play_unchecked(*m);
        }
    };
    if let Ok(sheet) = scoresheet_text::sheet_file(&input) {
        let r = scoresheet_text::replay(&game, v, &sheet.moves);
        replayed(&r, "file");
        if let Some(fen) = &sheet.fen {
            assert!(
                !fen.contains('\n'),
                "{input:?}: a FEN of more than one line"
            );
        }
    }
    replayed(&scoresheet_text::replay(&game, v, &input), "typed");
    let _ = scoresheet_text::looks_like_path(&input);

    let (name, _, p, _) = &board_words()[usize::from(pick / 8) % board_words().len()];
    let config = || Config {
        vocabulary: v.clone(),
        phrases: p.clone(),
        ..Config::default()
    };
    let plies = game.plies().len();
    for way in 0..3 {
        let mut session = Session::new(game.clone(), config());
        let said = |s: &mut Session, cmd: Command, line: &str| {
            let out = s.update(cmd, Duration::ZERO);
            assert_says_no_new_control(name, line, &out);
        };
        match way {
            0 => {
                let line = format!("compare {}", input.replace(['\n', '\r'], " "));
                {
                    let act = session.read(&line);
                    said(&mut session, Command::Act(act), &line);
                }
            }
            1 => said(
                &mut session,
                Command::Read {
                    path: "other.pgn".into(),
                    text: Ok(input.clone()),
                },
                &input,
            ),
            _ => {
                {
                    let act = session.read("compare");
                    said(&mut session, Command::Act(act), "");
                }
                for line in input.lines().take(120) {
                    {
                        let act = session.read(&line);
                        said(&mut session, Command::Act(act), line);
                    }
                }
                {
                    let act = session.read("end");
                    said(&mut session, Command::Act(act), "");
                }
            }
        }
        assert_eq!(
            session.view().game().plies().len(),
            plies,
            "{name}: {input:?}: comparing changed the game"
        );
        {
            let act = session.read("rewind");
            said(&mut session, Command::Act(act), "");
        }
        {
            let act = session.read("no");
            said(&mut session, Command::Act(act), "");
        }
        assert_eq!(
            session.view().game().plies().len(),
            plies,
            "{name}: {input:?}: a rewind answered no changed the game"
        );
    }
}

/// The games a kept clock's tag is tried with: none played, a game going on, an offer marked on the last move,
/// a finished game.
const KEPT_GAMES: [&str; 4] = [
    "*",
    "1. e4 e5 2. Nf3 *",
    "1. e4 {(=)} *",
    "1. f3 e5 2. g4 Qh4# 0-1",
];

/// What is typed once a game went on from a kept clock: the clock, its counter, the offers, a move and its press.
const KEPT_LINES: [&str; 9] = [
    "time", "count", "state", "accept", "decline", "offer", "Nc6", "press", "time",
];

/// The clock's state kept with a saved game (`[HectorClock "…"]`, read back on `--load`, the resume question and
/// an adjourned game's envelope): the rest of the input is the tag's value, the first byte picks the game, the
/// mode, the time control and the clocks. The game goes on from it as a loaded game does (the tag read from the
/// game file's text, and set as it is), then a few lines are typed: nothing panics, and nothing said holds a
/// control character, whatever the tag holds (a tag refused is said with its reason, quoted cleanly).
pub fn check_clock_tag(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let value = text(rest);
    let moves = KEPT_GAMES[usize::from(pick) % KEPT_GAMES.len()];
    let time = ["90m+30s", "15m", "40/90m,30m+30s"][usize::from(pick / 4) % 3];
    let config = || Config {
        mode: if pick & 0x10 == 0 {
            Mode::Record
        } else {
            Mode::Play
        },
        opponent: Opponent::Human,
        time_control: (pick & 0x20 == 0).then(|| TimeControl::from_str(time).unwrap()),
        virtual_clock: pick & 0x40 == 0,
        tournament: TournamentSettings {
            started: (pick & 0x80 == 0)
                .then(|| std::time::UNIX_EPOCH + Duration::from_millis(1_795_724_141_765)),
            ..TournamentSettings::default()
        },
        ..Config::default()
    };
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    let file = format!("[TimeControl \"5400+30\"]\n[HectorClock \"{escaped}\"]\n\n{moves}\n");
    let mut games = pgn::import(&file).games;
    if let Some(mut game) = pgn::import(&format!("[TimeControl \"5400+30\"]\n\n{moves}\n"))
        .games
        .pop()
    {
        game.tags.set("HectorClock", &value);
        games.push(game);
    }
    for game in games {
        let mut session = Session::new(game, config());
        for e in session.start(Duration::ZERO) {
            if let Effect::Say(a) = e {
                assert_printable("a kept clock's tag", &a.text);
            }
        }
        for (i, line) in KEPT_LINES.iter().enumerate() {
            let now = Duration::from_secs(10 * (i as u64 + 1));
            for e in session.update(Command::Act(session.read(line)), now) {
                if let Effect::Say(a) = e {
                    assert_printable(line, &a.text);
                }
            }
        }
    }
}
