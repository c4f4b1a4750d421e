//! The engine as analyst: one search at full strength, with as many lines as asked (MultiPV) and the
//! win/draw/loss chances (`UCI_ShowWDL`) where the engine offers them, answered with its lines
//! (`OtherEvent::Evaluated`). The level and the single line of play are set back after it, so the game's own
//! searches never see the analyst's settings.

use super::*;
use crate::session::engine_io::{AnalysisLine, EngineScore};

/// At most this long for one evaluation ...
pub const ANALYSIS_TIME: Duration = Duration::from_millis(1500);
/// ... and at most this deep (whichever comes first).
pub const ANALYSIS_DEPTH: u32 = 22;
/// The most lines one evaluation asks for.
pub const MAX_LINES: u8 = 5;

impl Worker {
    /// `setoption` for an option the engine offers; nothing for one it does not.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), Stopped> {
        match self.option(name) {
            Some(name) => self.send(&format!("setoption name {name} value {value}")),
            None => Ok(()),
        }
    }

    /// One evaluation: full strength, `r.lines` lines, position, go; the lines kept by the collector (the
    /// last exact line of each slot); then the level, one line and no WDL again.
    pub(super) fn analyse(&mut self, r: EngineRequest) -> Result<(), Stopped> {
        if r.chess960 != self.chess960 {
            self.set_chess960(r.chess960)?;
        }
        let (_, full) = level::plan(Level::MAX, &self.options);
        for line in full {
            self.send(&line)?;
        }
        let lines = r.lines.clamp(1, MAX_LINES);
        self.set_option("MultiPV", &lines.to_string())?;
        self.set_option("UCI_ShowWDL", "true")?;
        let continues = self
            .last
            .as_ref()
            .is_some_and(|(fen, moves)| *fen == r.start_fen && r.moves_uci.starts_with(moves));
        if !continues {
            self.send("ucinewgame")?;
        }
        self.sync()?;
        self.last = Some((r.start_fen.clone(), r.moves_uci.clone()));
        self.send(&uci::position_command(&r.start_fen, &r.moves_uci))?;
        self.send(&format!(
            "go depth {ANALYSIS_DEPTH} movetime {}",
            uci::ms(ANALYSIS_TIME)
        ))?;
        self.phase = Phase::Thinking;
        let asked = Instant::now();
        let mut deadline = asked + ANALYSIS_TIME + self.spec.limits.margin;
        let mut collector = uci::MultiPvCollector::new();
        // The last line of each slot, bound or not (see `answer_lines`).
        let mut latest: Vec<uci::Info> = Vec::new();
        let (mut stop_sent, mut wanted) = (false, true);
        let best = loop {
            match self.next(Some(deadline))? {
                Event::Line(l) => {
                    if let Some(best) = uci::parse_bestmove(&l) {
                        break best;
                    }
                    if let Some(info) = uci::parse_info(&l)
                        && info.score.is_some()
                        && !info.pv.is_empty()
                        && (info.multipv as usize) <= usize::from(MAX_LINES)
                    {
                        latest.retain(|i| i.multipv != info.multipv);
                        latest.push(info.clone());
                    }
                    collector.feed(&l);
                }
                Event::Request => {}
                Event::Eof => return Err(self.crashed()),
                Event::Timeout if stop_sent => return Err(self.hung(asked)),
                Event::Timeout => {
                    self.send("stop")?;
                    stop_sent = true;
                    deadline = Instant::now() + self.spec.limits.stop_grace;
                }
            }
            if wanted && self.superseded() {
                wanted = false;
                if !stop_sent {
                    self.send("stop")?;
                    stop_sent = true;
                    deadline = deadline.min(Instant::now() + self.spec.limits.stop_grace);
                }
            }
        };
        self.phase = Phase::Waiting;
        self.set_option("MultiPV", "1")?;
        self.set_option("UCI_ShowWDL", "false")?;
        self.apply_level(self.level)?;
        if !wanted {
            return Ok(());
        }
        let lines = answer_lines(collector.finish(), latest, usize::from(lines));
        let cp = lines.first().map_or(0, |l| centipawns(l.score));
        let best = match best {
            BestMove::Move { uci, .. } => Some(uci::one_line(&uci)),
            BestMove::None => None,
        };
        (self.events)(Command::Other(OtherEvent::Evaluated {
            for_ply: r.for_ply,
            cp,
            best,
            lines,
        }));
        Ok(())
    }
}

/// The collector's lines as the session gets them: at most `count`, each with a score and a move, each for another
/// move. A search stopped by its time may leave a slot's last exact line from an earlier depth, when its move was
/// in another slot: then the slot's latest line (`latest`, a bound perhaps) names its move now, and is taken.
pub(super) fn answer_lines(
    exact: Vec<uci::Info>,
    latest: Vec<uci::Info>,
    count: usize,
) -> Vec<AnalysisLine> {
    let mut taken: Vec<String> = Vec::new();
    let mut infos = Vec::new();
    for i in exact {
        let now = latest.iter().find(|l| l.multipv == i.multipv);
        let chosen = match i.pv.first() {
            Some(m) if taken.contains(m) => now.cloned(),
            _ => Some(i),
        };
        if let Some(c) = chosen
            && let Some(m) = c.pv.first()
            && !taken.contains(m)
        {
            taken.push(m.clone());
            infos.push(c);
        }
    }
    infos
        .into_iter()
        .filter_map(|i| {
            let score = match i.score? {
                uci::Score::Cp(cp) => EngineScore::Cp(cp.clamp(-29_000, 29_000)),
                uci::Score::Mate(n) => EngineScore::Mate(n.clamp(-999, 999)),
            };
            let wdl = i.wdl.map(|w| [w.win, w.draw, w.loss]);
            (!i.pv.is_empty()).then_some(AnalysisLine {
                score,
                wdl,
                pv: i.pv,
            })
        })
        .take(count)
        .collect()
}

/// A score as the play's evaluations count it: centipawns, a mate in N as 30000 - N (mated: -30000 + N).
pub(super) fn centipawns(score: EngineScore) -> i32 {
    match score {
        EngineScore::Cp(cp) => cp,
        EngineScore::Mate(n) if n > 0 => 30_000 - n,
        EngineScore::Mate(n) => -30_000 - n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kept_lines_are_bounded_and_keep_their_wdl_and_mates() {
        let mut c = uci::MultiPvCollector::new();
        for l in [
            "info depth 10 multipv 1 score mate 2 wdl 1000 0 0 pv d1h5 g7g6 h5g6",
            "info depth 10 multipv 2 score cp 35 wdl 80 900 20 pv e2e4",
            "info depth 10 multipv 3 score cp -12 pv a2a3",
            "info depth 11 multipv 1 score mate 1 lowerbound pv d1h5",
        ] {
            c.feed(l);
        }
        let lines = answer_lines(c.finish(), Vec::new(), 2);
        assert_eq!(lines.len(), 2, "at most the lines asked for");
        assert_eq!(
            lines[0].score,
            EngineScore::Mate(2),
            "the bound line is not kept"
        );
        assert_eq!(lines[0].pv, ["d1h5", "g7g6", "h5g6"]);
        assert_eq!(lines[1].wdl, Some([80, 900, 20]));
        // A slot whose last exact line repeats another slot's move: its latest line names its move now.
        let info = |l: &str| uci::parse_info(l).unwrap();
        let exact = vec![
            info("info depth 12 multipv 1 score cp 30 pv c7c5 g1f3"),
            info("info depth 11 multipv 2 score cp 25 pv c7c5 g1f3"),
            info("info depth 11 multipv 3 score cp 20 pv e7e5"),
        ];
        let latest = vec![info(
            "info depth 12 multipv 2 score cp 24 upperbound pv c7c6",
        )];
        let lines = answer_lines(exact, latest, 3);
        let firsts: Vec<&str> = lines.iter().map(|l| l.pv[0].as_str()).collect();
        assert_eq!(firsts, ["c7c5", "c7c6", "e7e5"]);
        assert_eq!(centipawns(EngineScore::Mate(2)), 29_998);
        assert_eq!(centipawns(EngineScore::Mate(-3)), -29_997);
        assert_eq!(centipawns(EngineScore::Cp(-40)), -40);
    }
}
