//! The edge's link to the other side: the engine's process (its moves, the analyst's evaluations), a remote
//! player's link, and the game analysis in a process of its own.

use crate::engine::analyst::{AnalysisError, AnalysisJob, Analyst, AnalystEvent};
use crate::engine::{self, EngineHandle, EngineSpec, Level};
use crate::session::engine_io::{AnalysisEnd, AnalysisRequest};
use crate::session::{Command, OtherEvent, ToOther};

use super::Edge;

impl Edge {
    /// Carries out one thing asked of the other side: a remote player's is sent on its link; the engine's
    /// process starts in the background: nothing here waits for it.
    pub(super) fn other(&mut self, ask: ToOther) {
        if let Some(link) = &mut self.remote
            && !matches!(
                ask,
                ToOther::Start { .. }
                    | ToOther::Evaluate(_)
                    | ToOther::Analyse(_)
                    | ToOther::AnalyseStop
            )
        {
            return link(ask);
        }
        match ask {
            ToOther::Start {
                command,
                level,
                chess960,
            } => {
                self.engine = None;
                let Some(events) = self.other_events.clone() else {
                    eprintln!("hector: no engine started: the face gave no way to hear it");
                    return;
                };
                let level = Level::new(u32::from(level)).unwrap_or_default();
                let spec = EngineSpec {
                    verbose: self.verbose,
                    phrases: self.phrases.clone(),
                    ..EngineSpec::new(command, level, chess960)
                };
                let forward: engine::Callback = Box::new(move |c: Command| {
                    if let Ok(f) = events.lock() {
                        f(c)
                    }
                });
                self.engine = Some(EngineHandle::start(spec, forward));
            }
            ToOther::Go(request) => {
                if let Some(e) = &self.engine {
                    e.go(request)
                }
            }
            ToOther::Evaluate(request) => {
                if let Some(e) = &self.engine {
                    e.evaluate(request)
                }
            }
            ToOther::Level(level) => {
                if let (Some(e), Some(level)) = (&self.engine, Level::new(u32::from(level))) {
                    e.set_level(level)
                }
            }
            ToOther::Stop => {
                if let Some(e) = &self.engine {
                    e.stop()
                }
            }
            ToOther::Quit => self.engine = None,
            ToOther::Analyse(request) => self.analyse(request),
            // Dropping the analyst calls it off and ends its engine.
            ToOther::AnalyseStop => self.analyst = None,
            // The engine answers these in the session; only a remote player is asked.
            ToOther::Offer | ToOther::Takeback | ToOther::Lichess(_) => {}
        }
    }

    /// Starts the game analysis `request` (a new one replaces the one under way); its progress and its end come
    /// back as `Command::Other`.
    fn analyse(&mut self, request: AnalysisRequest) {
        self.analyst = None;
        let Some(events) = self.other_events.clone() else {
            eprintln!("hector: no analysis started: the face gave no way to hear it");
            return;
        };
        let id = request.id;
        let job = AnalysisJob {
            engine_command: request.engine_command,
            settings: request.settings,
            start_fen: request.start_fen,
            moves_uci: request.moves_uci,
            chess960: request.chess960,
        };
        let report = Box::new(move |e: AnalystEvent| {
            let event = match e {
                AnalystEvent::Progress { done, total } => {
                    OtherEvent::AnalysisProgress { id, done, total }
                }
                AnalystEvent::Done(result) => OtherEvent::Analysed {
                    id,
                    end: match result {
                        Ok(a) => AnalysisEnd::Done(a.evals),
                        Err(AnalysisError::NoEngine { command }) => {
                            AnalysisEnd::NoEngine { command }
                        }
                        Err(AnalysisError::Failed(reason)) => AnalysisEnd::Failed(reason),
                        Err(AnalysisError::Cancelled) => AnalysisEnd::Cancelled,
                    },
                },
            };
            if let Ok(f) = events.lock() {
                f(Command::Other(event))
            }
        });
        self.analyst = Some(Analyst::start(job, report));
    }
}
