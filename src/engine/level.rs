//! Engine strength in ten levels a player understands, and how each level is told to a UCI engine.
//!
//! | level | UCI_Elo (Stockfish: 1350..2850) | else Skill Level (0..20) | else depth | time per move without a clock | at most per move with a clock |
//! |------:|------------------:|------:|-----:|------:|------:|
//! |     1 |              1350 |     0 |    1 | 0.1 s | 1 s   |
//! |     2 |              1517 |     2 |    2 | 0.15 s| 1.5 s |
//! |     3 |              1683 |     4 |    3 | 0.2 s | 2 s   |
//! |     4 |              1850 |     7 |    4 | 0.3 s | 3 s   |
//! |     5 |              2017 |     9 |    6 | 0.4 s | 4 s   |
//! |     6 |              2183 |    11 |    8 | 0.6 s | 6 s   |
//! |     7 |              2350 |    13 |   10 | 0.8 s | 8 s   |
//! |     8 |              2517 |    16 |   12 | 1 s   | 12 s  |
//! |     9 |              2683 |    18 |   16 | 1.5 s | 20 s  |
//! |    10 |     full strength |    20 | none | 2 s   | the engine's own |
//!
//! With a clock, levels 1 to 9 also never spend more than a 30th of their remaining time plus three quarters of
//! the increment on one move (`go wtime ... movetime N`, the smaller of the two limits): Stockfish at a limited
//! Elo otherwise plans its time as at full strength (measured: about 28 s for its first move at level 1 with
//! 5+3 on a busy machine). `bash benches/engine_time.sh` measures the time per move at each level; with 5+3
//! (debug build, Stockfish 15.1, 2 busy cores, start-up included) the first move took 2.2, 1.7, 2.4, 3.2, 4.9,
//! 6.3, 8.3, 12.2, 12.6 and 10.8 s at levels 1 to 10.
//!
//! Levels 1 to 9 spread evenly over the engine's own `UCI_Elo` range when it has `UCI_LimitStrength` and
//! `UCI_Elo` (the UCI standard way); otherwise over its `Skill Level` range; an engine with neither is held back
//! by search depth. Level 10 lifts every limit. With a game clock the engine manages its own time from the clock
//! (`go wtime btime winc binc`); without one it gets the fixed time per move above, so weak levels also answer
//! quickly (Stockfish's Elo scale is calibrated at one minute per game, so short thinking makes it weaker still).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::uci::UciOption;

/// Engine strength, 1 (weakest) to 10 (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

const MOVETIME_MS: [u64; 10] = [100, 150, 200, 300, 400, 600, 800, 1000, 1500, 2000];
const CAP_MS: [u64; 9] = [1000, 1500, 2000, 3000, 4000, 6000, 8000, 12_000, 20_000];
const DEPTH: [u32; 9] = [1, 2, 3, 4, 6, 8, 10, 12, 16];

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(10);
    /// The level a new player meets first.
    pub const DEFAULT: Level = Level(2);

    /// `None` outside 1..=10.
    pub const fn new(n: u32) -> Option<Level> {
        if n >= 1 && n <= 10 {
            Some(Level(n as u8))
        } else {
            None
        }
    }

    pub const fn get(self) -> u32 {
        self.0 as u32
    }

    pub fn is_full_strength(self) -> bool {
        self == Level::MAX
    }

    /// Time per move when the game has no clock.
    pub fn movetime(self) -> Duration {
        Duration::from_millis(MOVETIME_MS[self.index()])
    }

    /// With a clock: the most one move may take at this level, given the engine's remaining time and
    /// increment; `None` at full strength (the engine manages its own time).
    pub fn time_cap(self, remaining: Duration, increment: Duration) -> Option<Duration> {
        let cap = Duration::from_millis(*CAP_MS.get(self.index())?);
        let share = remaining / 30 + increment * 3 / 4;
        Some(cap.min(share).max(Duration::from_millis(50)))
    }

    /// `UCI_Elo` for this level within the engine's range `min..=max`; `None` for full strength.
    pub fn elo_in(self, min: i64, max: i64) -> Option<i64> {
        (!self.is_full_strength()).then(|| self.spread(min, max))
    }

    /// `Skill Level` for this level within the engine's range `min..=max` (level 10 is `max`).
    pub fn skill_in(self, min: i64, max: i64) -> i64 {
        if self.is_full_strength() {
            max
        } else {
            self.spread(min, max)
        }
    }

    /// Search depth for an engine without strength options; `None` for full strength.
    pub fn depth_limit(self) -> Option<u32> {
        DEPTH.get(self.index()).copied()
    }

    fn index(self) -> usize {
        usize::from(self.0 - 1)
    }

    /// Levels 1..=9 evenly from `min` towards `max` (level 10 would be `max`).
    fn spread(self, min: i64, max: i64) -> i64 {
        let (min, max) = if min <= max { (min, max) } else { (max, min) };
        let steps = i128::from(self.0 - 1);
        // Rounded to the nearest whole number. In i128: an engine may declare any i64 range (found by fuzzing:
        // `min -9223372036854775808 max 9223372036854775807` overflowed); the result lies within min..=max.
        let (min, max) = (i128::from(min), i128::from(max));
        let value = min + ((max - min) * steps * 2 + 9) / 18;
        i64::try_from(value.clamp(min, max)).unwrap_or(i64::MAX)
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::DEFAULT
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a level is a number from 1 to 10, not '{0}'")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        s.trim()
            .parse::<u32>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

impl TryFrom<u32> for Level {
    type Error = ParseLevelError;
    fn try_from(n: u32) -> Result<Level, ParseLevelError> {
        Level::new(n).ok_or_else(|| ParseLevelError(n.to_string()))
    }
}

/// How a level was put to a particular engine, for the player to hear ("level 3, about 1683 Elo").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strength {
    /// `UCI_LimitStrength` on with this `UCI_Elo`.
    Elo(i64),
    /// `Skill Level` set to `level` of at most `max`.
    Skill { level: i64, max: i64 },
    /// No strength options: searches are cut at this depth.
    Depth(u32),
    /// No limit.
    Full,
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strength::Elo(elo) => write!(f, "about {elo} Elo"),
            Strength::Skill { level, max } => write!(f, "skill {level} of {max}"),
            Strength::Depth(d) => write!(f, "searching {d} moves deep"),
            Strength::Full => f.write_str("full strength"),
        }
    }
}

fn find<'a>(options: &'a [UciOption], name: &str) -> Option<&'a UciOption> {
    options.iter().find(|o| o.name.eq_ignore_ascii_case(name))
}

/// The strength a level gives on an engine with these options, and the `setoption` lines that set it.
pub fn plan(level: Level, options: &[UciOption]) -> (Strength, Vec<String>) {
    let limit = find(options, "UCI_LimitStrength");
    let elo = find(options, "UCI_Elo");
    let skill = find(options, "Skill Level");
    let mut lines = Vec::new();
    if let (Some(limit), Some(elo)) = (limit, elo) {
        let (min, max) = (elo.min.unwrap_or(1350), elo.max.unwrap_or(2850));
        match level.elo_in(min, max) {
            Some(value) => {
                lines.push(format!("setoption name {} value true", limit.name));
                lines.push(format!("setoption name {} value {value}", elo.name));
                return (Strength::Elo(value), lines);
            }
            None => {
                lines.push(format!("setoption name {} value false", limit.name));
                if let Some(skill) = skill {
                    lines.push(format!(
                        "setoption name {} value {}",
                        skill.name,
                        skill.max.unwrap_or(20)
                    ));
                }
                return (Strength::Full, lines);
            }
        }
    }
    if let Some(skill) = skill {
        let (min, max) = (skill.min.unwrap_or(0), skill.max.unwrap_or(20));
        let value = level.skill_in(min, max);
        lines.push(format!("setoption name {} value {value}", skill.name));
        return (
            if level.is_full_strength() {
                Strength::Full
            } else {
                Strength::Skill { level: value, max }
            },
            lines,
        );
    }
    match level.depth_limit() {
        Some(d) => (Strength::Depth(d), lines),
        None => (Strength::Full, lines),
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_limited_level_spends_little_of_its_clock() {
        let five = Duration::from_secs(300);
        let three = Duration::from_secs(3);
        let l1 = Level::new(1).unwrap();
        assert_eq!(l1.time_cap(five, three), Some(Duration::from_secs(1)));
        // Short of time: a 30th of what is left plus most of the increment.
        assert_eq!(
            Level::new(9)
                .unwrap()
                .time_cap(Duration::from_secs(30), Duration::ZERO),
            Some(Duration::from_secs(1))
        );
        assert_eq!(Level::MAX.time_cap(five, three), None);
        for n in 1..=9 {
            let cap = Level::new(n).unwrap().time_cap(five, three).unwrap();
            assert!(
                cap <= five / 10,
                "level {n} takes at most a tenth of 5 minutes"
            );
        }
    }

    use super::*;

    fn opts(lines: &[&str]) -> Vec<UciOption> {
        lines.iter().map(|l| UciOption::parse(l).unwrap()).collect()
    }

    /// Found by fuzzing: an engine declaring the whole i64 range overflowed the spread.
    #[test]
    fn any_declared_range_gives_a_value_inside_it() {
        let o = opts(&[
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1 min -9223372036854775808 max 9223372036854775807",
        ]);
        for n in 1..=10 {
            let (strength, lines) = plan(Level::new(n).unwrap(), &o);
            if let Strength::Elo(v) = strength {
                assert!(lines.iter().any(|l| l.ends_with(&format!("value {v}"))));
            }
        }
        // Rising with the level, from min towards max.
        let values: Vec<i64> = (1..=9)
            .map(|n| Level::new(n).unwrap().elo_in(i64::MIN, i64::MAX).unwrap())
            .collect();
        assert_eq!(values[0], i64::MIN);
        assert!(values.windows(2).all(|w| w[0] < w[1]), "{values:?}");
        assert_eq!(
            Level::new(10).unwrap().skill_in(i64::MIN, i64::MAX),
            i64::MAX
        );
    }

    #[test]
    fn levels_are_one_to_ten() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(11), None);
        assert_eq!("7".parse::<Level>().unwrap().get(), 7);
        assert!("eleven".parse::<Level>().is_err());
        assert!(
            (1..=10)
                .map(|n| Level::new(n).unwrap().movetime())
                .is_sorted()
        );
    }

    #[test]
    fn elo_spreads_over_stockfish_range() {
        let elos: Vec<Option<i64>> = (1..=10)
            .map(|n| Level::new(n).unwrap().elo_in(1350, 2850))
            .collect();
        assert_eq!(
            elos,
            [
                Some(1350),
                Some(1517),
                Some(1683),
                Some(1850),
                Some(2017),
                Some(2183),
                Some(2350),
                Some(2517),
                Some(2683),
                None
            ]
        );
        let skills: Vec<i64> = (1..=10)
            .map(|n| Level::new(n).unwrap().skill_in(0, 20))
            .collect();
        assert_eq!(skills, [0, 2, 4, 7, 9, 11, 13, 16, 18, 20]);
    }

    #[test]
    fn plans_per_engine() {
        let sf = opts(&[
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1350 min 1350 max 2850",
        ]);
        let (s, lines) = plan(Level::MIN, &sf);
        assert_eq!(s, Strength::Elo(1350));
        assert_eq!(
            lines,
            [
                "setoption name UCI_LimitStrength value true",
                "setoption name UCI_Elo value 1350"
            ]
        );
        let (s, lines) = plan(Level::MAX, &sf);
        assert_eq!(s, Strength::Full);
        assert_eq!(
            lines,
            [
                "setoption name UCI_LimitStrength value false",
                "setoption name Skill Level value 20"
            ]
        );

        let skill_only = opts(&["option name Skill Level type spin default 20 min 0 max 20"]);
        assert_eq!(
            plan(Level::new(5).unwrap(), &skill_only).0,
            Strength::Skill { level: 9, max: 20 }
        );

        let bare = opts(&["option name Hash type spin default 16 min 1 max 1024"]);
        let (s, lines) = plan(Level::new(3).unwrap(), &bare);
        assert_eq!(s, Strength::Depth(3));
        assert!(lines.is_empty());
        assert_eq!(plan(Level::MAX, &bare).0, Strength::Full);
    }
}
