//! End-to-end: every way of entering a move, in every mode, goes one path: in the tournament profile
//! it is made and completed by the press (R-6.2.1, D.2.3-D.2.4), and the clocks and the action log say so.

mod common;

use std::path::Path;

/// One way of entering White's first move.
struct Way {
    name: &'static str,
    /// Options beyond the mode's (a position, a vocabulary).
    args: &'static [&'static str],
    /// The lines that enter the move.
    lines: &'static [&'static str],
    /// Complete as entered (the opened envelope, the unpromoted pawn of ), not waiting for a press.
    complete: bool,
    /// Black gets 2 minutes for White's illegal move or wrong claim.
    penalty: bool,
}

const PROMOTION: &[&str] = &["--fen", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1"];

const WAYS: &[Way] = &[
    Way {
        name: "SAN",
        args: &[],
        lines: &["e4"],
        complete: false,
        penalty: false,
    },
    Way {
        name: "long notation (the full-screen view's Enter/Enter, the gamepad)",
        args: &[],
        lines: &["e2e4"],
        complete: false,
        penalty: false,
    },
    Way {
        name: "board words",
        args: &[],
        lines: &["Bauer Eva vier"],
        complete: false,
        penalty: false,
    },
    Way {
        name: "Greek",
        args: &["--vocabulary", "greek"],
        lines: &["ε4"],
        complete: false,
        penalty: false,
    },
    Way {
        name: "promotion in SAN",
        args: PROMOTION,
        lines: &["e8=Q"],
        complete: false,
        penalty: false,
    },
    Way {
        name: "promotion answered (line mode, :e8 and :Dame on the full screen)",
        args: PROMOTION,
        lines: &["e8", "Dame"],
        complete: false,
        penalty: false,
    },
    Way {
        name: "promotion in board words, answered",
        args: PROMOTION,
        lines: &["Bauer Eva acht", "Dame"],
        complete: false,
        penalty: false,
    },
    Way {
        name: "promotion in long notation (the full screen's promotion keys, the gamepad)",
        args: PROMOTION,
        lines: &["e7e8q"],
        complete: false,
        penalty: false,
    },
    Way {
        name: "illegal MOVE: an unpromoted pawn, completed by its press (R-7.5.2)",
        args: PROMOTION,
        lines: &["illegal e7e8"],
        complete: true,
        penalty: true,
    },
    Way {
        name: "a wrong draw claim with its intended move (R-9.5.3)",
        args: &[],
        lines: &["claim e4"],
        complete: false,
        penalty: true,
    },
    Way {
        name: "seal and open (Guidelines I.9)",
        args: &[],
        lines: &["seal e4", "open"],
        complete: true,
        penalty: false,
    },
];

/// hector in a folder of its own, in `mode`, with the way's options; the game kept as `g.pgn`.
fn run(dir: &Path, mode: &str, way: &Way, input: &str) -> common::Run {
    let mut args = vec![
        "--line",
        "--time",
        "90m+30s",
        "--virtual-clock",
        "--speech",
        "off",
        "--language",
        "en",
        "--save",
        "g.pgn",
    ];
    match mode {
        "play" => args.extend(["--opponent", "human"]),
        m => args.extend(["--mode", m]),
    }
    args.extend_from_slice(way.args);
    let r = common::run_in(dir, &args, input.as_bytes());
    assert_eq!(r.code, 0, "{}: {}", way.name, r.stderr);
    r
}

fn position(lines: &[String], what: &str, f: impl Fn(&str) -> bool) -> usize {
    lines
        .iter()
        .position(|l| f(l))
        .unwrap_or_else(|| panic!("no {what} in {lines:#?}"))
}

#[test]
fn every_way_of_entering_a_move_is_made_then_completed_by_the_press_in_every_mode() {
    for mode in ["record", "assistant", "play"] {
        for way in WAYS {
            let dir = common::temp_dir("move-entry");
            let tournament = mode != "play";
            // A minute passes before the move; `time` then shows whether the press (and its 30 s) came.
            let mut input = vec!["wait 1m"];
            input.extend_from_slice(way.lines);
            if tournament && !way.complete {
                input.extend(["state", "time", "press", "state", "time", "press", "no"]);
            } else if tournament {
                input.extend(["state", "time", "press", "no"]);
            } else {
                input.extend(["time", "press", "no"]);
            }
            let input = input.join("\n") + "\n";
            let r = run(&dir, mode, way, &input);
            let l = &r.lines;
            let what = format!("{mode}, {}", way.name);
            let black = if way.penalty {
                "Black 1 hour 32 minutes"
            } else {
                "Black 1 hour 30 minutes"
            };
            let pressed_time = format!("White 1 hour 29 minutes 30 seconds, {black}");
            if tournament && !way.complete {
                let made = position(l, "made state", |s| {
                    s.starts_with("White's ") && s.contains(" is made, not completed")
                });
                assert!(
                    l[made].ends_with("White's clock runs"),
                    "{what}: {}",
                    l[made]
                );
                assert_eq!(
                    l[made + 1],
                    format!("White 1 hour 29 minutes, {black}"),
                    "{what}: no press yet"
                );
                assert_eq!(
                    l[made + 2],
                    "Clock pressed by White: Black's clock runs",
                    "{what}: the press completes White's move: {l:#?}"
                );
                assert!(
                    l[made + 3].starts_with("White's ")
                        && l[made + 3].ends_with(" is completed; Black's clock runs"),
                    "{what}: {}",
                    l[made + 3]
                );
                assert_eq!(l[made + 4], pressed_time, "{what}");
            } else if tournament {
                let done = position(l, "completed state", |s| {
                    s.starts_with("White's ") && s.ends_with(" is completed; Black's clock runs")
                });
                assert_eq!(l[done + 1], pressed_time, "{what}: completed as entered");
            } else {
                position(l, "the time after the move", |s| s == pressed_time);
            }
            // The next press is Black's, without a move: asked, never booked at once.
            let asked = position(l, "press question", |s| {
                s.starts_with(
                    "A press without a move by Black: record an illegal move (Article 7.5.3)?",
                )
            });
            assert!(
                l[asked + 1].starts_with("Not recorded"),
                "{what}: {}",
                l[asked + 1]
            );
            assert!(
                !l.iter()
                    .any(|s| s.contains("Illegal move number 1 by Black")),
                "{what}: {l:#?}"
            );
            // The record: White's move with the time after its press.
            let pgn = std::fs::read_to_string(dir.join("g.pgn")).unwrap();
            assert!(pgn.contains("{[%clk 1:29:30]}"), "{what}: {pgn}");
            if tournament {
                let log = std::fs::read_to_string(dir.join("g.pgn.log.txt")).unwrap();
                for line in way.lines {
                    // The sealed move is kept out of the log until `open`; `open` records it.
                    let entry = if line.starts_with("seal ") {
                        "seal (move hidden until open)"
                    } else {
                        line
                    };
                    assert!(log.contains(&format!("\t{entry}\t")), "{what}: {log}");
                }
                if !way.complete {
                    assert!(
                        log.contains("\tpress\tClock pressed by White: Black's clock runs"),
                        "{what}: {log}"
                    );
                }
                assert!(
                    log.contains("\tno\tNot recorded: the press without a move by Black"),
                    "{what}: {log}"
                );
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}
