//! `analyse [depth N | nodes N | seconds S]` and `analyse stop`: the whole game so far (or the reviewed line)
//! analysed by the engine in the background, in a process of its own (`ToOther::Analyse`, carried out at the
//! edge), while the game stays playable and reviewable. Progress is said every
//! [`words::analysis::PROGRESS_EVERY_MOVES`] moves ("Analysing: move 10 of 40") and shown as a bar on the full
//! screen; at the end each side's summary is said. Whether it is allowed is the policy's answer (none in the
//! tournament profile while the game is played, none online).

use super::super::effect::{Kind, quote, say};
use super::super::engine_io::{AnalysisEnd, AnalysisRequest, OtherEvent, ToOther};
use super::super::{AnalysisLimit, Config, Effect};
use crate::rules::Game;
use crate::rules::analysis::{self, GameAnalysis};
use crate::words;

/// The analysis under way.
#[derive(Debug, Clone)]
struct Running {
    id: u64,
    game: Game,
    done: usize,
    total: usize,
}

/// The last analysis finished: the game (or line) analysed and its verdicts.
#[derive(Debug, Clone)]
pub struct Finished {
    pub game: Game,
    pub analysis: GameAnalysis,
}

/// The analysis part of the other side: what runs, and what was found last.
#[derive(Debug, Default)]
pub(in crate::session) struct Analysis {
    next_id: u64,
    running: Option<Running>,
    last: Option<Finished>,
}

/// `depth 12`, `nodes 50000`, `seconds 2.5` (or `2,5`), in the player's words or English.
fn limit(cfg: &Config, rest: &str) -> Option<AnalysisLimit> {
    let mut words = rest.split_whitespace();
    let (word, value) = (words.next()?, words.next()?);
    if words.next().is_some() {
        return None;
    }
    let p = &cfg.phrases;
    if p.is_word("arg.depth", word) {
        value.parse().ok().map(AnalysisLimit::Depth)
    } else if p.is_word("arg.nodes", word) {
        value.parse().ok().map(AnalysisLimit::Nodes)
    } else if p.is_word("arg.seconds", word) {
        value
            .replace(',', ".")
            .parse::<f64>()
            .ok()
            .map(AnalysisLimit::Seconds)
    } else {
        None
    }
}

fn limit_words(s: &super::super::AnalysisSettings) -> String {
    let mut parts = Vec::new();
    if let Some(d) = s.depth {
        parts.push(format!("depth {d}"));
    }
    if let Some(n) = s.nodes {
        parts.push(format!("nodes {n}"));
    }
    if let Some(t) = s.seconds {
        parts.push(format!("seconds {t}"));
    }
    parts.join(", ")
}

impl Analysis {
    /// `analyse ...` on `game` (the game so far, or the line reviewed).
    pub(in crate::session) fn answer(
        &mut self,
        cfg: &Config,
        game: &Game,
        rest: &str,
    ) -> Vec<Effect> {
        let rest = rest.trim();
        if cfg.phrases.is_word("arg.stop", rest) {
            return self.stop(cfg);
        }
        let settings = if rest.is_empty() {
            cfg.analysis.clone()
        } else {
            let refused = |reason: String| {
                vec![say(
                    Kind::Refusal,
                    cfg.p(
                        "analyse.usage",
                        &[("text", &quote(rest)), ("reason", &reason)],
                    ),
                )]
            };
            match limit(cfg, rest).map(|l| cfg.analysis.with_limit(l)) {
                Some(Ok(s)) => s,
                Some(Err(reason)) => return refused(format!(": {reason}")),
                None => return refused(String::new()),
            }
        };
        if let Some(r) = &self.running {
            let (done, total) = (
                words::analysis::moves_done(r.done),
                words::analysis::moves_done(r.total),
            );
            return vec![say(
                Kind::Refusal,
                cfg.p(
                    "analyse.running",
                    &[("done", &done.to_string()), ("total", &total.to_string())],
                ),
            )];
        }
        if game.plies().is_empty() {
            return vec![say(Kind::Refusal, cfg.p("analyse.nothing", &[]))];
        }
        self.next_id += 1;
        let moves_uci: Vec<String> = game
            .plies()
            .iter()
            .map(|p| game.uci(p.mv).to_string())
            .collect();
        let total = moves_uci.len() + 1;
        let request = AnalysisRequest {
            id: self.next_id,
            engine_command: cfg.engine_command.clone(),
            start_fen: game.start_fen(),
            chess960: game.is_chess960(),
            moves_uci,
            settings: settings.clone(),
        };
        self.running = Some(Running {
            id: self.next_id,
            game: game.clone(),
            done: 0,
            total,
        });
        let moves = words::analysis::moves_done(total).to_string();
        vec![
            say(
                Kind::Event,
                cfg.p(
                    "analyse.started",
                    &[("moves", &moves), ("limit", &limit_words(&settings))],
                ),
            ),
            Effect::Other(ToOther::Analyse(request)),
        ]
    }

    /// `analyse stop`: the analysis under way is called off (its engine ended).
    fn stop(&mut self, cfg: &Config) -> Vec<Effect> {
        match self.running.take() {
            Some(_) => vec![
                Effect::Other(ToOther::AnalyseStop),
                say(Kind::Event, cfg.p("analyse.cancelled", &[])),
            ],
            None => vec![say(Kind::Refusal, cfg.p("analyse.not_running", &[]))],
        }
    }

    /// Whether this event is the analyst's.
    pub(in crate::session) fn owns(event: &OtherEvent) -> bool {
        matches!(
            event,
            OtherEvent::AnalysisProgress { .. } | OtherEvent::Analysed { .. }
        )
    }

    /// The analyst's report: progress said every ten moves; at the end each side's summary.
    pub(in crate::session) fn event(&mut self, cfg: &Config, event: OtherEvent) -> Vec<Effect> {
        match event {
            OtherEvent::AnalysisProgress { id, done, total } => {
                let Some(r) = self.running.as_mut().filter(|r| r.id == id) else {
                    return Vec::new();
                };
                r.done = done.min(r.total);
                // The last position's progress comes with the summary.
                if done >= total {
                    return Vec::new();
                }
                words::analysis::progress(&cfg.phrases, done, total)
                    .map(|t| vec![say(Kind::Event, t)])
                    .unwrap_or_default()
            }
            OtherEvent::Analysed { id, end } => {
                let Some(r) = self.running.take_if(|r| r.id == id) else {
                    return Vec::new();
                };
                match end {
                    AnalysisEnd::Done(evals) => {
                        let found = analysis::analyse(&r.game, &evals);
                        let p = &cfg.phrases;
                        let mut out = vec![say(
                            Kind::Event,
                            words::analysis::progress(p, r.total, r.total).unwrap_or_default(),
                        )];
                        for side in [shakmaty::Color::White, shakmaty::Color::Black] {
                            out.push(say(
                                Kind::Event,
                                words::analysis::summary(p, side, found.side(side)),
                            ));
                        }
                        self.last = Some(Finished {
                            game: r.game,
                            analysis: found,
                        });
                        out
                    }
                    AnalysisEnd::NoEngine { command } => vec![say(
                        Kind::Event,
                        cfg.p("analyse.no_engine", &[("command", &quote(&command))]),
                    )],
                    AnalysisEnd::Failed(reason) => vec![say(
                        Kind::Event,
                        cfg.p("analyse.failed", &[("reason", &quote(&reason))]),
                    )],
                    AnalysisEnd::Cancelled => Vec::new(),
                }
            }
            _ => Vec::new(),
        }
    }

    /// The analysis under way: positions searched and to search.
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.running.as_ref().map(|r| (r.done, r.total))
    }

    /// The last analysis finished (for the review's verdicts and practice).
    pub fn last(&self) -> Option<&Finished> {
        self.last.as_ref()
    }
}
