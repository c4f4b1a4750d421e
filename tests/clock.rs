//! The clock to the millisecond with injected time: increments, delay, periods, flags, pauses, arbiter edits,
//! time-control parsing and classes. No sleeping: every instant is given.

use std::time::Duration;

use hector::rules::Edition;
use hector::rules::clock::{
    ArbiterAction, Clock, ClockError, ClockEvent, ClockState, QPF_INCREMENT, illegal_move_bonus,
    wrong_claim_bonus, wrong_claim_cut,
};
use hector::rules::time_control::{ParseTimeControlError, PerMove, Period, TimeClass, TimeControl};
use shakmaty::Color::{Black, White};

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn s(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn min(n: u64) -> Duration {
    Duration::from_secs(60 * n)
}

fn tc(text: &str) -> TimeControl {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn clock(text: &str) -> Clock {
    Clock::new(tc(text)).unwrap()
}

// ---------------------------------------------------------------- increment

#[test]
fn increment_is_added_after_each_completed_move_from_move_one() {
    // 5+3: 300 s, 3 s per move.
    let mut c = clock("5+3");
    c.start(White, s(0)).unwrap();
    // White thinks 10 s: 300 - 10 + 3 = 293.
    assert_eq!(c.press(White, s(10)).unwrap(), vec![]);
    assert_eq!(c.remaining(White, s(10)), s(293));
    // Black thinks 15 s (10 → 25): 300 - 15 + 3 = 288.
    c.press(Black, s(25)).unwrap();
    assert_eq!(c.remaining(Black, s(25)), s(288));
    // White 5.5 s into his second move: 293 - 5.5 = 287.5; used 10 + 5.5 = 15.5.
    assert_eq!(c.remaining(White, ms(30_500)), ms(287_500));
    assert_eq!(c.used(White, ms(30_500)), ms(15_500));
    assert_eq!(c.used(Black, ms(30_500)), s(15));
    assert_eq!(c.moves_completed(White), 1);
    assert_eq!(c.moves_completed(Black), 1);
    assert_eq!(c.running(), Some(White));
    // Black's clock stands still while White thinks.
    assert_eq!(c.remaining(Black, s(100)), s(288));
}

// ---------------------------------------------------------------- delay (R-6.3.2b)

#[test]
fn delay_used_partly_is_not_banked() {
    // 5 minutes, 5 s delay.
    let mut c = clock("5m d5s");
    assert_eq!(c.control().periods()[0].per_move, PerMove::Delay(s(5)));
    c.start(White, s(0)).unwrap();
    // 3 s into the move: still in the delay, 2 s of it left, main time untouched.
    assert_eq!(c.remaining(White, s(3)), s(300));
    assert_eq!(c.delay_left(White, s(3)), s(2));
    // Pressed after 3 s: the 2 unused seconds are not banked: 300, not 302.
    c.press(White, s(3)).unwrap();
    assert_eq!(c.remaining(White, s(3)), s(300));
    assert_eq!(c.delay_left(White, s(3)), Duration::ZERO);
    // Black gets a fresh 5 s delay.
    assert_eq!(c.delay_left(Black, s(3)), s(5));
}

#[test]
fn delay_used_fully_then_main_time_runs() {
    let mut c = clock("5m d5s");
    c.start(White, s(0)).unwrap();
    c.press(White, s(1)).unwrap();
    // Black from 1 s: delay until 6 s exactly, then main time.
    assert_eq!(c.remaining(Black, s(6)), s(300));
    assert_eq!(c.remaining(Black, ms(6_001)), ms(299_999));
    // Black presses at 9 s: 8 s used, 5 of delay, 3 of main: 297.
    c.press(Black, s(9)).unwrap();
    assert_eq!(c.remaining(Black, s(9)), s(297));
    assert_eq!(c.used(Black, s(9)), s(8));
    // White presses exactly at the end of his delay (9 + 5 = 14): main time unchanged.
    c.press(White, s(14)).unwrap();
    assert_eq!(c.remaining(White, s(14)), s(300));
    // Black's flag: 14 + 5 delay + 297 main = 316 s.
    assert_eq!(c.next_due(s(14)), Some(s(316)));
    assert!(!c.flag_fallen(Black, ms(315_999)));
    assert_eq!(c.flag_fell_at(Black, s(316)), Some(s(316)));
}

// ---------------------------------------------------------------- periods (R-6.3.2a)

#[test]
fn period_transition_adds_time_to_what_is_left() {
    // 2 moves in 60 s with 10 s each, then the rest in 30 s with 5 s each.
    let mut c = Clock::new(TimeControl::from_pgn("2/60+10:30+5").unwrap()).unwrap();
    c.start(White, s(0)).unwrap();
    c.press(White, s(20)).unwrap(); // W: 60 - 20 + 10 = 50
    c.press(Black, s(25)).unwrap(); // B: 60 - 5 + 10 = 65
    assert_eq!(c.moves_to_next_period(White), Some(1));
    // White's second move (10 s): 50 - 10 + 10 = 50, then + 30 for period 2 = 80.
    let events = c.press(White, s(35)).unwrap();
    assert_eq!(
        events,
        vec![ClockEvent::PeriodStarted {
            side: White,
            period: 2,
            added: s(30)
        }]
    );
    assert_eq!(c.remaining(White, s(35)), s(80));
    assert_eq!(c.period(White), 2);
    assert_eq!(c.period(Black), 1);
    assert_eq!(c.moves_in_period(White), 0);
    // Black's second move (5 s): 65 - 5 + 10 + 30 = 100.
    let events = c.press(Black, s(40)).unwrap();
    assert_eq!(
        events,
        vec![ClockEvent::PeriodStarted {
            side: Black,
            period: 2,
            added: s(30)
        }]
    );
    assert_eq!(c.remaining(Black, s(40)), s(100));
    // Period 2 increment is 5: White thinks 10 s: 80 - 10 + 5 = 75.
    assert_eq!(c.press(White, s(50)).unwrap(), vec![]);
    assert_eq!(c.remaining(White, s(50)), s(75));
    assert_eq!(c.moves_to_next_period(White), None);
    assert!(c.in_last_period(White));
    assert_eq!(c.moves_completed(White), 3);
}

#[test]
fn fide_classical_forty_moves() {
    // 40/5400+30:1800+30, every move takes exactly 60 s on both sides.
    // After 40 moves: 5400 - 40 × 60 + 40 × 30 = 4200, then + 1800 = 6000.
    let mut c = clock("40/5400+30:1800+30");
    c.start(White, s(0)).unwrap();
    let mut now = s(0);
    let mut periods = Vec::new();
    for _ in 0..40 {
        for side in [White, Black] {
            now += s(60);
            periods.extend(c.press(side, now).unwrap());
        }
    }
    assert_eq!(
        periods,
        vec![
            ClockEvent::PeriodStarted {
                side: White,
                period: 2,
                added: s(1800)
            },
            ClockEvent::PeriodStarted {
                side: Black,
                period: 2,
                added: s(1800)
            },
        ]
    );
    assert_eq!(c.remaining(White, now), s(6000));
    assert_eq!(c.remaining(Black, now), s(6000));
    assert_eq!(c.used(White, now), s(2400));
}

#[test]
fn last_period_with_a_move_count_repeats() {
    // 1/10: one move in 10 s, then another 10 s for each further move.
    let mut c = Clock::new(TimeControl::from_pgn("1/10").unwrap()).unwrap();
    c.start(White, s(0)).unwrap();
    // White moves in 4 s: 6 left + 10 = 16, period 2.
    let e = c.press(White, s(4)).unwrap();
    assert_eq!(
        e,
        vec![ClockEvent::PeriodStarted {
            side: White,
            period: 2,
            added: s(10)
        }]
    );
    c.press(Black, s(5)).unwrap();
    // Again 4 s: 16 - 4 + 10 = 22, period 3.
    let e = c.press(White, s(9)).unwrap();
    assert_eq!(
        e,
        vec![ClockEvent::PeriodStarted {
            side: White,
            period: 3,
            added: s(10)
        }]
    );
    assert_eq!(c.remaining(White, s(9)), s(22));
}

// ---------------------------------------------------------------- flags

#[test]
fn flag_falls_exactly_at_zero() {
    // One minute, started at 1 s: the flag falls at 61 s.
    let mut c = clock("1m");
    c.start(White, s(1)).unwrap();
    assert_eq!(c.next_due(s(1)), Some(s(61)));
    assert_eq!(c.remaining(White, ms(60_999)), ms(1));
    assert!(!c.flag_fallen(White, ms(60_999)));
    assert_eq!(c.observe(ms(60_999)), vec![]);
    assert!(c.flag_fallen(White, s(61)));
    assert_eq!(c.remaining(White, s(61)), Duration::ZERO);
    assert_eq!(
        c.observe(s(61)),
        vec![ClockEvent::FlagFell {
            side: White,
            at: s(61)
        }]
    );
    // Reported once only; nothing more is due.
    assert_eq!(c.observe(s(62)), vec![]);
    assert_eq!(c.next_due(s(62)), None);
    // Time does not go below zero, and the instant stays the one it fell at.
    assert_eq!(c.remaining(White, s(100)), Duration::ZERO);
    assert_eq!(c.flag_fell_at(White, s(100)), Some(s(61)));
    assert!(!c.flag_fallen(Black, s(100)));
}

#[test]
fn both_flags_seen_late_the_first_is_known() {
    // 10 s + 2 s.
    let mut c = clock("10s+2s");
    c.start(White, s(0)).unwrap();
    c.press(White, s(4)).unwrap(); // W: 10 - 4 + 2 = 8
    // Black's 10 s run out at 14 s; he presses at 20 s, too late: no increment, display stays at 0.
    c.press(Black, s(20)).unwrap();
    assert_eq!(c.remaining(Black, s(20)), Duration::ZERO);
    assert_eq!(c.flag_fell_at(Black, s(20)), Some(s(14)));
    // White's 8 s from 20 s: his flag falls at 28 s.
    assert_eq!(
        c.next_due(s(20)),
        Some(s(14)),
        "Black's unreported flag is due at once"
    );
    // Nobody looks until 100 s: both reported, earliest first.
    assert_eq!(
        c.observe(s(100)),
        vec![
            ClockEvent::FlagFell {
                side: Black,
                at: s(14)
            },
            ClockEvent::FlagFell {
                side: White,
                at: s(28)
            }
        ]
    );
    assert_eq!(c.first_flag(s(100)), Some((Black, s(14))));
    assert_eq!(c.moves_completed(Black), 1);
}

#[test]
fn flag_with_period_not_completed() {
    // 2 moves in 10 s, then 60 s. White completes one move only.
    let mut c = Clock::new(TimeControl::from_pgn("2/10:60").unwrap()).unwrap();
    c.start(White, s(0)).unwrap();
    c.press(White, s(6)).unwrap(); // W: 4 left
    c.press(Black, s(7)).unwrap();
    // W flag: 7 + 4 = 11 s, in period 1 with 1 of 2 moves.
    assert_eq!(
        c.observe(s(11)),
        vec![ClockEvent::FlagFell {
            side: White,
            at: s(11)
        }]
    );
    assert_eq!(c.period(White), 1);
    assert_eq!(c.moves_to_next_period(White), Some(1));
    // Completing the period after the flag fell adds nothing.
    assert_eq!(c.press(White, s(12)).unwrap(), vec![]);
    assert_eq!(c.remaining(White, s(12)), Duration::ZERO);
}

#[test]
fn when_remaining_is_gives_threshold_instants() {
    // 5 minutes, 5 s delay, White from 0: 60 s left at 5 + 240 = 245 s.
    let mut c = clock("5m d5s");
    assert_eq!(c.when_remaining_is(White, s(60)), None, "not started");
    c.start(White, s(0)).unwrap();
    assert_eq!(c.when_remaining_is(White, s(60)), Some(s(245)));
    assert_eq!(c.remaining(White, s(245)), s(60));
    assert_eq!(c.when_remaining_is(White, s(301)), None);
    assert_eq!(c.when_remaining_is(Black, s(60)), None);
}

// ---------------------------------------------------------------- pause and arbiter edits

#[test]
fn pause_does_not_count() {
    let mut c = clock("5m");
    c.start(White, s(0)).unwrap();
    c.pause(s(10)).unwrap();
    assert_eq!(c.state(), ClockState::Paused(White));
    assert_eq!(c.running(), None);
    assert_eq!(c.remaining(White, s(50)), s(290));
    assert_eq!(c.next_due(s(50)), None);
    assert_eq!(c.press(White, s(50)), Err(ClockError::Paused));
    c.resume(s(70)).unwrap();
    // 10 s before the pause + 10 s after: 280 left, 20 used.
    assert_eq!(c.remaining(White, s(80)), s(280));
    assert_eq!(c.used(White, s(80)), s(20));
    // Flag: 70 + 290 = 360.
    assert_eq!(c.next_due(s(80)), Some(s(360)));
    let audit = c.audit();
    assert_eq!(audit.len(), 2);
    assert_eq!(audit[0].action, ArbiterAction::Pause);
    assert_eq!(audit[0].at, s(10));
    assert_eq!(audit[0].before.state, ClockState::Running(White));
    assert_eq!(audit[0].after.state, ClockState::Paused(White));
    assert_eq!(audit[0].after.sides.white.remaining, s(290));
    assert_eq!(audit[1].action, ArbiterAction::Resume);
    assert_eq!(audit[1].after.state, ClockState::Running(White));
    assert_eq!(c.resume(s(90)), Err(ClockError::NotPaused));
}

#[test]
fn arbiter_edits_are_audited() {
    let mut c = clock("10m");
    // White arrives 2 minutes late.
    c.charge_late_arrival(White, min(2), s(0));
    c.start(White, s(0)).unwrap();
    assert_eq!(c.remaining(White, s(30)), s(450)); // 600 - 120 - 30
    assert_eq!(c.used(White, s(30)), s(150));
    // Black gets 2 minutes.
    c.add_time(Black, min(2), s(30));
    assert_eq!(c.remaining(Black, s(30)), s(720));
    // White's time is set to 5 minutes at 30 s; ten seconds later 290.
    c.set_remaining(White, min(5), s(30));
    assert_eq!(c.remaining(White, s(40)), s(290));
    // R-GIII.4: 5 s increment for both from now; White completes his move at 50 s: 300 - 20 + 5 = 285.
    assert_eq!(c.per_move(White), PerMove::Nothing);
    c.introduce_increment(QPF_INCREMENT, s(40));
    assert_eq!(c.per_move(Black), PerMove::Increment(s(5)));
    c.press(White, s(50)).unwrap();
    assert_eq!(c.remaining(White, s(50)), s(285));
    c.press(Black, s(60)).unwrap(); // 720 - 10 + 5 = 715
    assert_eq!(c.remaining(Black, s(60)), s(715));
    // E05 cut of a wrong claimant (White has 285 - 0 = 285 s at 60 s: half is 142.5 s, under 3 minutes).
    let cut = wrong_claim_cut(Edition::E2005, c.remaining(White, s(60)));
    assert_eq!(cut, ms(142_500));
    c.deduct_time(White, cut, s(60));
    assert_eq!(c.remaining(White, s(60)), ms(142_500));
    // Move counter correction.
    c.set_moves(Black, 7, s(60));
    assert_eq!(c.moves_completed(Black), 7);

    let actions: Vec<ArbiterAction> = c.audit().iter().map(|e| e.action).collect();
    assert_eq!(
        actions,
        vec![
            ArbiterAction::LateArrival {
                side: White,
                elapsed: min(2)
            },
            ArbiterAction::AddTime {
                side: Black,
                amount: min(2)
            },
            ArbiterAction::SetRemaining {
                side: White,
                remaining: min(5)
            },
            ArbiterAction::SetPerMove {
                per_move: PerMove::Increment(s(5))
            },
            ArbiterAction::DeductTime {
                side: White,
                amount: ms(142_500)
            },
            ArbiterAction::SetMoves {
                side: Black,
                moves_completed: 7
            },
        ]
    );
    let set = &c.audit()[2];
    assert_eq!(set.at, s(30));
    assert_eq!(set.before.sides.white.remaining, s(450));
    assert_eq!(set.after.sides.white.remaining, s(300));
    assert_eq!(set.before.sides.black.remaining, s(720));
    let late = &c.audit()[0];
    assert_eq!(late.before.state, ClockState::NotStarted);
    assert_eq!(late.after.sides.white.used, s(120));
    let moves = &c.audit()[5];
    assert_eq!(moves.before.sides.black.moves_completed, 1);
    assert_eq!(moves.after.sides.black.moves_completed, 7);
}

#[test]
fn move_counter_sets_the_period() {
    let mut c = clock("40/90m+30s:30m+30s");
    c.set_moves(White, 41, s(0));
    assert_eq!((c.period(White), c.moves_in_period(White)), (2, 1));
    c.set_moves(White, 39, s(0));
    assert_eq!(
        (
            c.period(White),
            c.moves_in_period(White),
            c.moves_to_next_period(White)
        ),
        (1, 39, Some(1))
    );
}

#[test]
fn setting_zero_drops_the_flag_now_and_adding_time_raises_it() {
    let mut c = clock("5m");
    c.start(White, s(0)).unwrap();
    c.set_remaining(Black, Duration::ZERO, s(3));
    assert_eq!(
        c.observe(s(3)),
        vec![ClockEvent::FlagFell {
            side: Black,
            at: s(3)
        }]
    );
    c.add_time(Black, s(30), s(4));
    assert!(!c.flag_fallen(Black, s(4)));
    assert_eq!(c.remaining(Black, s(4)), s(30));
}

#[test]
fn wrong_side_and_state_errors() {
    let mut c = clock("5m");
    assert_eq!(c.press(White, s(0)), Err(ClockError::NotStarted));
    c.start(White, s(0)).unwrap();
    assert_eq!(c.start(White, s(0)), Err(ClockError::AlreadyStarted));
    assert_eq!(c.press(Black, s(1)), Err(ClockError::NotRunning(Black)));
    assert_eq!(c.remaining(White, s(1)), s(299));
    c.stop(s(2));
    assert_eq!(c.remaining(White, s(100)), s(298));
    assert_eq!(c.press(White, s(3)), Err(ClockError::Stopped));
    assert_eq!(
        Clock::new(tc("-")).unwrap_err().to_string(),
        "the game has no clock: the time control is -"
    );
    assert!(Clock::new(tc("?")).is_err());
}

#[test]
fn black_can_start() {
    let mut c = clock("5m");
    c.start(Black, s(0)).unwrap();
    assert_eq!(c.remaining(Black, s(7)), s(293));
    assert_eq!(c.remaining(White, s(7)), s(300));
}

#[test]
fn sandclock_moves_time_across() {
    // *60: each side starts with 60 s; what one uses, the other gains.
    let mut c = Clock::new(TimeControl::from_pgn("*60").unwrap()).unwrap();
    c.start(White, s(0)).unwrap();
    assert_eq!(c.remaining(Black, s(10)), s(70));
    c.press(White, s(10)).unwrap();
    assert_eq!(c.remaining(White, s(10)), s(50));
    // Black 5 s into his move: 65 for him, 55 for White.
    assert_eq!(c.remaining(Black, s(15)), s(65));
    assert_eq!(c.remaining(White, s(15)), s(55));
    c.press(Black, s(15)).unwrap();
    assert_eq!(c.remaining(White, s(15)), s(55));
    // White's flag at 15 + 55 = 70; Black then holds all 120.
    assert_eq!(c.next_due(s(15)), Some(s(70)));
    assert_eq!(c.remaining(Black, s(200)), s(120));
}

// ---------------------------------------------------------------- parsing and display

#[test]
fn parses_every_form() {
    let sd = |base: u64, inc: u64| TimeControl::sudden_death(s(base), s(inc));
    assert_eq!(tc("5400+30"), sd(5400, 30));
    assert_eq!(tc("300"), sd(300, 0));
    assert_eq!(tc("90m+30s"), sd(5400, 30));
    assert_eq!(tc("90m + 30s"), sd(5400, 30));
    assert_eq!(tc("5+3"), sd(300, 3));
    assert_eq!(tc("90+30"), sd(5400, 30));
    assert_eq!(tc("1h30m"), sd(5400, 0));
    assert_eq!(tc("1h30"), sd(5400, 0));
    assert_eq!(tc("25m+10s"), sd(1500, 10));
    assert_eq!(tc("3m+2"), sd(180, 2));
    assert_eq!(tc("?"), TimeControl::Unknown);
    assert_eq!(tc("-"), TimeControl::Untimed);
    assert_eq!(tc("*60"), TimeControl::Sandclock(s(60)));
    let classical = TimeControl::Periods(vec![
        Period {
            moves: Some(40),
            base: s(5400),
            per_move: PerMove::Increment(s(30)),
        },
        Period {
            moves: None,
            base: s(1800),
            per_move: PerMove::Increment(s(30)),
        },
    ]);
    assert_eq!(tc("40/5400+30:1800+30"), classical);
    assert_eq!(tc("40/90m+30s:30m+30s"), classical);
    assert_eq!(
        TimeControl::from_pgn("40/5400+30:1800+30").unwrap(),
        classical
    );
    // PGN reads bare numbers as seconds: 5+3 is 5 s + 3 s there.
    assert_eq!(TimeControl::from_pgn("5+3").unwrap(), sd(5, 3));
    assert_eq!(
        TimeControl::from_pgn("40/7200:3600")
            .unwrap()
            .periods()
            .len(),
        2
    );
    // Delay, written and from --delay.
    assert_eq!(
        tc("90m d5s"),
        TimeControl::Periods(vec![Period {
            moves: None,
            base: s(5400),
            per_move: PerMove::Delay(s(5))
        }])
    );
    assert_eq!(tc("5400d5"), tc("90m").with_delay(s(5)));
    assert_eq!(tc("90m+30s").with_delay(s(5)).to_string(), "5400d5");
    assert_eq!(
        tc("90m+30s").with_delay(Duration::ZERO),
        tc("90m+30s"),
        "no delay changes nothing"
    );
}

#[test]
fn display_is_pgn_and_reads_back() {
    for (written, pgn) in [
        ("90m+30s", "5400+30"),
        ("5+3", "300+3"),
        ("1h30m", "5400"),
        ("40/90m+30s:30m+30s", "40/5400+30:1800+30"),
        ("300", "300"),
        ("*60", "*60"),
        ("-", "-"),
        ("?", "?"),
        ("5m d5s", "300d5"),
    ] {
        let t = tc(written);
        assert_eq!(t.to_string(), pgn, "{written}");
        assert_eq!(TimeControl::from_pgn(pgn).unwrap(), t, "{pgn}");
    }
    assert_eq!(tc("5m").with_delay(ms(2500)).to_string(), "300d2.5");
}

#[test]
fn refuses_nonsense_saying_what_was_expected() {
    let err = "abc".parse::<TimeControl>().unwrap_err();
    assert_eq!(err, ParseTimeControlError::NotATimeControl("abc".into()));
    assert_eq!(
        err.to_string(),
        "not a time control: \"abc\"; expected e.g. 90m+30s, 5+3 or 40/5400+30:1800+30"
    );
    for bad in [
        "",
        "5+",
        "+3",
        "40/",
        "/90m",
        "0/90m:30m",
        "90m30m",
        "30s1m",
        "5 minutes",
        "1.5m",
        "5++3",
        "::",
        "*",
    ] {
        assert!(bad.parse::<TimeControl>().is_err(), "{bad:?} accepted");
    }
    assert_eq!(
        "0+5".parse::<TimeControl>().unwrap_err().to_string(),
        "time control \"0+5\" gives no time for the first period; expected e.g. 90m+30s, 5+3 or 40/5400+30:1800+30"
    );
    assert_eq!(
        "90m:30m".parse::<TimeControl>().unwrap_err(),
        ParseTimeControlError::SuddenDeathNotLast("90m:30m".into())
    );
}

// ---------------------------------------------------------------- classes and penalties

#[test]
fn classes_per_edition() {
    use TimeClass::*;
    // (control, base + 60 × increment, E18, E09, E05)
    let cases = [
        ("5+3", "8 min", Blitz, Blitz, Blitz),
        ("10", "10 min", Blitz, Blitz, Blitz),
        ("10+5", "15 min", Rapid, Rapid, Rapid),
        ("12", "12 min", Rapid, Blitz, Blitz),
        ("25m+10s", "35 min", Rapid, Rapid, Rapid),
        ("45+15", "60 min", Standard, Standard, Standard),
        ("59m59s", "just under 60", Rapid, Rapid, Rapid),
        (
            "40/90m+30s:30m+30s",
            "120 min",
            Standard,
            Standard,
            Standard,
        ),
        ("3m d2s", "5 min", Blitz, Blitz, Blitz),
    ];
    for (control, why, e18, e09, e05) in cases {
        let t = tc(control);
        assert_eq!(t.class(Edition::E2018), Some(e18), "{control} ({why}) E18");
        assert_eq!(t.class(Edition::E2014), Some(e18), "{control} ({why}) E14");
        assert_eq!(t.class(Edition::E2009), Some(e09), "{control} ({why}) E09");
        assert_eq!(t.class(Edition::E2005), Some(e05), "{control} ({why}) E05");
    }
    assert_eq!(tc("?").class(Edition::E2018), None);
    assert_eq!(tc("10+5").equivalent_time(), Some(min(15)));
}

#[test]
fn penalties_per_class_and_edition() {
    use TimeClass::*;
    assert_eq!(illegal_move_bonus(Standard, Edition::E2018), Some(min(2)));
    assert_eq!(illegal_move_bonus(Rapid, Edition::E2018), Some(min(2)));
    assert_eq!(illegal_move_bonus(Blitz, Edition::E2018), Some(min(1)));
    assert_eq!(illegal_move_bonus(Standard, Edition::E2005), Some(min(2)));
    assert_eq!(illegal_move_bonus(Blitz, Edition::E2009), None);
    assert_eq!(wrong_claim_bonus(Standard, Edition::E2018), min(2));
    assert_eq!(wrong_claim_bonus(Blitz, Edition::E2018), min(1));
    assert_eq!(wrong_claim_bonus(Standard, Edition::E2009), min(3));
    assert_eq!(wrong_claim_bonus(Standard, Edition::E2005), min(3));
    // E05 cut: 10 min → half is 5, capped at 3; 100 s → down to 60; 50 s → none.
    assert_eq!(wrong_claim_cut(Edition::E2005, min(10)), min(3));
    assert_eq!(wrong_claim_cut(Edition::E2005, s(100)), s(40));
    assert_eq!(wrong_claim_cut(Edition::E2005, s(50)), Duration::ZERO);
    assert_eq!(wrong_claim_cut(Edition::E2009, min(10)), Duration::ZERO);
}
