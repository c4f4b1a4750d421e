//! End-to-end: the talking clock in line mode with the virtual clock (time passes only with `wait`).

mod common;

use std::io::Write;
use std::process::Stdio;

fn hector(args: &[&str], input: &str) -> (Vec<String>, i32) {
    let mut child = common::hector_command(&common::temp_dir("clock"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start hector");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    // The openings reached are left out (tests/analysis_line.rs checks them).
    let lines = common::without_openings(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect(),
    );
    (lines, out.status.code().unwrap_or(-1))
}

/// A game between two people with a clock; the openings reached are not announced (the clock is the subject).
fn clocked(time: &str, input: &str) -> Vec<String> {
    let input = format!("openings off\n{input}");
    let (lines, code) = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--time",
            time,
        ],
        &input,
    );
    assert_eq!(code, 0, "{lines:?}");
    assert_eq!(
        lines[1], "Openings are not announced; opening says the one reached",
        "{lines:?}"
    );
    lines[2..].to_vec()
}

#[test]
fn time_is_spoken_in_words_with_increment() {
    let a = clocked("90m+30s", "time\ne4\nwait 10s\ntime\nused\ncontrol\n");
    assert_eq!(a[0], "White 1 hour 30 minutes, Black 1 hour 30 minutes");
    assert_eq!(a[1], "Bauer Eva vier");
    assert_eq!(
        a[2],
        "White 1 hour 30 minutes 30 seconds, Black 1 hour 29 minutes 50 seconds"
    );
    assert_eq!(a[3], "Time used: White 0 seconds, Black 10 seconds");
    assert_eq!(
        a[4],
        "Time control: the rest of the game in 1 hour 30 minutes plus 30 seconds per move from move one"
    );
}

#[test]
fn thresholds_and_the_flag_fall_with_its_result() {
    let a = clocked("5m", "e4\nwait 4m\ntime\nwait 2m\ne5\ntime\n");
    assert_eq!(
        a,
        [
            "Bauer Eva vier",
            "Black, 2 minutes left",
            "Black, 1 minute left",
            "White 5 minutes, Black 1 minute",
            "Black, 30 seconds left",
            "Black, 10 seconds left",
            "Black's flag has fallen. White wins, 1-0",
            "The game is over (Flag fallen. White wins, 1-0); review commands still work",
            "White 5 minutes, Black 0 seconds",
        ]
    );
}

#[test]
fn flag_against_a_bare_king_is_a_draw() {
    // Article 6.9: White's flag falls, but Black (a bare king) cannot checkmate.
    let (lines, _) = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--time",
            "1m",
            "--fen",
            "4k3/8/8/8/8/3K4/8/7Q w - - 0 1",
        ],
        "wait 61s\n",
    );
    assert_eq!(
        lines.last().unwrap(),
        "White's flag has fallen, but Black cannot checkmate (Article 6.9). Draw, 1/2-1/2"
    );
}

#[test]
fn a_flag_can_be_claimed_only_when_it_has_fallen() {
    let dir = std::env::temp_dir().join(format!("hector-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cfg = dir.join("clock.ron");
    std::fs::write(
        &cfg,
        "(thresholds_seconds: [], announce_period_start: true, periodic_seconds: None, tactile: false, observe_flags: false)",
    )
    .unwrap();
    let (lines, _) = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--time",
            "1m",
            "--clock-config",
            cfg.to_str().unwrap(),
        ],
        "flag\nwait 70s\nflag\n",
    );
    assert_eq!(
        lines[1],
        "No flag has fallen: White 1 minute, Black 1 minute"
    );
    // Observed but not decided: the fall is said at once, the claim decides.
    assert_eq!(
        lines[2],
        "White's flag has fallen: Black may claim the game with flag (Article 6.8)"
    );
    assert_eq!(lines[3], "White's flag has fallen. Black wins, 0-1");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn delay_is_not_banked() {
    // Article 6.3.2b: 5 s delay; moving within it leaves the main time as it was.
    let a = clocked("5m", "e4\nwait 3s\ne5\ntime\nwait 8s\nNf3\ntime\n");
    assert_eq!(
        a[2], "White 5 minutes, Black 4 minutes 57 seconds",
        "without delay the time runs"
    );
    let (lines, _) = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--time",
            "5m",
            "--delay",
            "5",
        ],
        "openings off\ne4\nwait 3s\ne5\ntime\nwait 8s\nNf3\ntime\n",
    );
    let a = &lines[2..];
    assert_eq!(a[2], "White 5 minutes, Black 5 minutes");
    assert_eq!(a[4], "White 4 minutes 57 seconds, Black 5 minutes");
}

#[test]
fn a_new_period_adds_its_time_and_is_announced() {
    // Two moves in 5 minutes, then 1 minute for the rest; time left over is carried (Article 6.3.2).
    let a = clocked("2/5m:1m", "e4\ne5\nwait 1m\nNf3\nNc6\ncontrol\n");
    assert_eq!(a[2], "Springer Felix drei");
    assert_eq!(
        a[3],
        "Time control reached: White gets 1 minute, now 5 minutes left"
    );
    assert_eq!(a[4], "Springer Cesar sechs");
    assert_eq!(
        a[5],
        "Time control reached: Black gets 1 minute, now 6 minutes left"
    );
    assert!(
        a[6].ends_with("White is in period 2; Black is in period 2"),
        "{}",
        a[7]
    );
}

#[test]
fn illegal_moves_cost_two_minutes_and_the_second_loses() {
    let a = clocked("90m", "e4\nillegal Ke7\ntime\npress\nyes\n");
    assert_eq!(a[1], "Illegal move number 1 by Black");
    // the penalty's article (not 9.5.3, the wrong claim's).
    assert_eq!(
        a[2],
        "Illegal move by Black (Article 7.5.5): the position is restored, Black to move; White gets 2 minutes more"
    );
    assert_eq!(a[3], "White 1 hour 32 minutes, Black 1 hour 30 minutes");
    // A press without a move is asked before it counts (a key bounce decides no game); the question says that its
    // yes ends the game.
    assert_eq!(
        a[4],
        "A press without a move by Black (Article 7.5.3). This is Black's second illegal move: Black loses the game, White wins, 1-0. Record it? Type yes or no"
    );
    assert_eq!(
        a[5],
        "Clock pressed without a move by Black (Article 7.5.3): counts as an illegal move"
    );
    assert_eq!(a[6], "Illegal move number 2 by Black");
    assert_eq!(a[7], "Second illegal move. White wins, 1-0");
}

#[test]
fn blitz_penalty_is_one_minute_and_older_editions_allow_two() {
    let a = clocked("5+3", "illegal\ntime\n");
    assert!(a[1].ends_with("Black gets 1 minute more"), "{}", a[1]);
    assert_eq!(a[2], "White 5 minutes, Black 6 minutes");
    let (lines, _) = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--time",
            "90m",
            "--edition",
            "2009",
        ],
        "illegal\nillegal\nillegal\n",
    );
    assert_eq!(lines[3], "Illegal move number 2 by White");
    assert!(
        lines[4].starts_with("Illegal move by White"),
        "2009: the second illegal move does not lose yet: {lines:?}"
    );
    // E09 7.4(b): the third illegal move loses, and the ending says so.
    assert_eq!(
        lines.last().unwrap(),
        "Third illegal move (Article 7.4 b). Black wins, 0-1"
    );
    assert!(
        lines[2].contains("(Article 7.4 b)"),
        "the 2009 article: {lines:?}"
    );
}

#[test]
fn unpromoted_pawn_becomes_a_queen() {
    let (lines, _) = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--time",
            "90m",
            "--fen",
            "7k/P7/8/8/8/8/8/K7 w - - 0 1",
        ],
        "illegal a7a8\nfen\n",
    );
    assert_eq!(
        lines[1],
        "Pawn not promoted (Article 7.5.2): it becomes a Dame; the move stands as an illegal move"
    );
    assert_eq!(lines[2], "Bauer Anna acht Dame Schach");
    assert!(
        lines
            .iter()
            .any(|l| l == "Black gets 2 minutes more (Article 7.5.5)"),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains("9.5.3")), "{lines:?}");
    assert_eq!(lines.last().unwrap(), "Q6k/8/8/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn wrong_claim_gives_the_opponent_two_minutes() {
    let a = clocked("90m", "claim\ntime\n");
    assert!(
        a[0].starts_with("White's draw claim is not correct"),
        "{}",
        a[0]
    );
    assert_eq!(a[1], "Black gets 2 minutes more (Article 9.5.3)");
    assert_eq!(a[2], "White 1 hour 30 minutes, Black 1 hour 32 minutes");
    // 2005: three minutes, and the claimant's time is cut by half, at most 3 minutes.
    let (lines, _) = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--time",
            "90m",
            "--edition",
            "2005",
        ],
        "claim\ntime\n",
    );
    assert_eq!(lines[2], "Black gets 3 minutes more (Article 9.5.3)");
    assert_eq!(
        lines[3],
        "White's time is cut by 3 minutes (Article 9.5, 2005 Laws)"
    );
    assert_eq!(lines[4], "White 1 hour 27 minutes, Black 1 hour 33 minutes");
}

#[test]
fn arbiter_pauses_adds_time_and_keeps_a_log() {
    let a = clocked(
        "10m",
        "arbiter pause\nwait 5m\ntime\narbiter resume\narbiter add black 1m\narbiter moves white 3\narbiter log\narbiter frobnicate\n",
    );
    assert_eq!(a[0], "Clock stopped by the arbiter (Article 6.11)");
    assert_eq!(
        a[1], "White 10 minutes, Black 10 minutes",
        "a paused clock does not run"
    );
    assert_eq!(a[2], "Clock restarted");
    assert_eq!(a[3], "Arbiter: Black gets 1 minute more");
    assert_eq!(a[4], "Arbiter: White's move counter set to 3");
    assert!(
        a[5].starts_with("Arbiter actions: 0 seconds: Clock stopped"),
        "{}",
        a[5]
    );
    assert!(a[5].contains("5 minutes: Clock restarted"), "{}", a[5]);
    // A refused line says why, then the commands.
    assert!(
        a[6].starts_with("\"frobnicate\" is not an arbiter command. arbiter commands:"),
        "{}",
        a[6]
    );
}

#[test]
fn increment_request_of_guidelines_iii_4() {
    let a = clocked(
        "90m",
        "increment\ne4\ne5\nwait 88m30s\nincrement\ndecline\ntime\n",
    );
    assert!(
        a[0].starts_with("A 5-second increment can be requested only"),
        "{}",
        a[0]
    );
    let n = a.len();
    assert_eq!(
        a[n - 4],
        "White requests a 5-second increment for both players (Guidelines III.4); this counts as a draw offer"
    );
    assert_eq!(a[n - 3], "Black declines the draw offer");
    assert!(
        a[n - 2].starts_with("The arbiter grants the request"),
        "{}",
        a[n - 2]
    );
    assert_eq!(
        a[n - 1],
        "White 1 minute 30 seconds, Black 1 hour 32 minutes"
    );
}

#[test]
fn sealed_move_round_trip() {
    let dir = std::env::temp_dir().join(format!("hector-seal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("adjourned.pgn");
    let p = pgn.to_str().unwrap();
    let (lines, _) = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--time",
            "90m+30s",
            "--save",
            p,
        ],
        "openings off\ne4\ne5\nwait 20m\nseal Nf5\nseal Nf3\nNc6\nenvelope\nquit\n",
    );
    assert_eq!(
        lines[4],
        "Sealed move refused (Guidelines I.8): Not possible: no Springer can reach Felix fünf"
    );
    assert_eq!(
        lines[5],
        "White seals move 2 (Guidelines I.1): the clock is stopped and the envelope is saved"
    );
    assert_eq!(
        lines[6],
        "The game is adjourned: type envelope to hear it, or open to open it"
    );
    assert!(
        lines[7].contains("Time used: White 20 minutes, Black 0 seconds. Sealed by White, move 2"),
        "{}",
        lines[7]
    );
    assert!(
        !lines[7].contains("Felix drei"),
        "the sealed move stays secret: {}",
        lines[7]
    );
    let envelope_path = dir.join("adjourned.pgn.envelope.ron");
    let envelope = std::fs::read_to_string(&envelope_path).unwrap();
    // The move is kept coded, not in plain text (a screen reader on the file must not tell it).
    assert!(
        !envelope.contains("g1f3") && !envelope.contains("Nf3"),
        "{envelope}"
    );
    let coded = envelope
        .lines()
        .find(|l| l.trim_start().starts_with("sealed_move_coded:"))
        .expect("the coded move")
        .to_string();
    // An envelope of an older hector holds the move in plain UCI: it is opened as well.
    std::fs::write(
        &envelope_path,
        envelope.replace(&coded, "    sealed_move: \"g1f3\","),
    )
    .unwrap();
    // Resumption: the position before the sealed move and the clocks as they were (Guidelines I.5, I.9).
    let (lines, _) = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--load",
            p,
            "--save",
            p,
        ],
        "time\nopen\ntime\nfen\n",
    );
    assert_eq!(
        lines[1],
        "This game is adjourned; White sealed move 2. Type open to open the envelope"
    );
    assert_eq!(
        lines[2],
        "White 1 hour 10 minutes 30 seconds, Black 1 hour 30 minutes 30 seconds"
    );
    assert_eq!(
        lines[3],
        "Envelope opened (Guidelines I.9): the sealed move is played"
    );
    assert_eq!(lines[4], "Springer Felix drei");
    assert_eq!(
        lines[5],
        "White 1 hour 11 minutes, Black 1 hour 30 minutes 30 seconds"
    );
    assert_eq!(
        lines[6],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert!(
        !dir.join("adjourned.pgn.envelope.ron").exists(),
        "an opened envelope is gone"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn nonsense_time_controls_are_refused() {
    let (lines, code) = hector(&["--line", "--time", "abc"], "");
    assert_eq!(code, 2);
    assert!(lines[0].contains("expected e.g. 90m+30s"), "{lines:?}");
    let (lines, code) = hector(&["--line", "--delay", "5"], "");
    assert_eq!(code, 2);
    assert!(
        lines[0].contains("--delay needs a time control"),
        "{lines:?}"
    );
    let (lines, _) = hector(&["--line", "--opponent", "human"], "time\nwait 5s\n");
    assert_eq!(
        lines[1..],
        [
            "There is no clock in this game",
            "wait works only with --virtual-clock and a clock"
        ]
    );
    let (lines, _) = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--virtual-clock",
            "--time",
            "5m",
        ],
        "wait soon\n",
    );
    assert_eq!(
        lines[1],
        "wait needs a duration like 30s, 5m or 1h2m, not \"soon\""
    );
}

/// A loaded game says what happens to its clock. `--time` equal to the game's own control keeps the
/// recorded times; another `--time` replaces the control, says so, and both clocks start afresh (the record's
/// times belong to the old control); a TimeControl tag that cannot be read is said in the player's language.
#[test]
fn a_loaded_game_says_which_clock_it_keeps() {
    let dir = common::temp_dir("loadtime");
    let game = dir.join("g.pgn");
    std::fs::write(
        &game,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[TimeControl \"300+3\"]\n\n1. e4 {[%clk 0:04:12]} e5 {[%clk 0:03:30]} 2. Nf3 {[%clk 0:04:05]} *\n",
    )
    .unwrap();
    let g = game.to_str().unwrap();
    let (same, _) = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--load",
            g,
            "--time",
            "5m+3s",
        ],
        "time\n",
    );
    // Black's clock runs: 3:30 until a whole second has passed (a second begun is said), then 3:2x.
    assert!(
        same[1].starts_with("White 4 minutes 5 seconds, Black 3 minutes 2")
            || same[1] == "White 4 minutes 5 seconds, Black 3 minutes 30 seconds",
        "{same:?}"
    );
    let (other, _) = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--load",
            g,
            "--time",
            "10m",
        ],
        "time\n",
    );
    assert_eq!(
        other[1],
        "The game's own time control, the rest of the game in 5 minutes plus 3 seconds per move from move one, \
         is replaced by --time, the rest of the game in 10 minutes: both clocks start afresh; the times in the \
         record are not used",
        "{other:?}"
    );
    assert!(
        other[2].starts_with("White 10 minutes, Black 9 minutes 59 seconds")
            || other[2] == "White 10 minutes, Black 10 minutes",
        "{other:?}"
    );
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, "[TimeControl \"soon\"]\n[Result \"*\"]\n\n1. e4 *\n").unwrap();
    let (de, _) = hector(
        &[
            "--line",
            "--opponent",
            "human",
            "--language",
            "de",
            "--load",
            bad.to_str().unwrap(),
        ],
        "zeit\n",
    );
    assert!(
        de.iter()
            .any(|l| l
                .starts_with("Die Bedenkzeit der Partie (TimeControl \"soon\") ist nicht lesbar")),
        "{de:?}"
    );
}
