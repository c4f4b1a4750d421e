//! The engine as analyst, as the player asks it (`eval`, `best [N]`, `hint`): what was asked about which
//! position, and the engine's answer said in words (words/evaluation.rs) once it comes. Whether analysis is
//! allowed is the policy's answer; that the engine can answer (none plays and failed, none thinking about its
//! own move) is checked here.

use super::OtherEvent;
use crate::rules::Game;
use crate::rules::judgement::Score;
use crate::session::engine_io::{AnalysisLine, EngineScore};
use crate::session::{Config, Effect, Kind, say};
use crate::words::evaluation;

/// How many plies of each line `best` says (the move itself and the next three).
pub const LINE_PLIES: usize = 4;
/// The most lines `best N` asks for.
pub const MAX_BEST: usize = 5;

/// What the player asked of the analyst.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Want {
    /// How the position stands.
    Eval,
    /// The N best moves, each with its evaluation and line.
    Best(u8),
    /// The best move for the player, said once, without its line.
    Hint,
}

impl Want {
    /// The lines the engine is asked for.
    fn lines(self) -> u8 {
        match self {
            Want::Best(n) => n,
            Want::Eval | Want::Hint => 1,
        }
    }
}

/// The question open with the analyst: what, and a copy of the position asked about (its words need it).
#[derive(Debug, Clone)]
struct Asked {
    want: Want,
    game: Game,
}

/// The analyst as the player asks it: at most one question open (a newer one replaces it).
#[derive(Debug, Default)]
pub(super) struct Analyst {
    asked: Option<Asked>,
}

impl Analyst {
    pub(super) fn ask(&mut self, want: Want, game: &Game) -> u8 {
        self.asked = Some(Asked {
            want,
            game: game.clone(),
        });
        want.lines()
    }

    /// Whether a question waits for the engine.
    pub(super) fn waits(&self) -> bool {
        self.asked.is_some()
    }

    /// What a report of the engine says to the player who asked: its answer for the position asked about;
    /// that no engine could be started (`plays`: the engine that plays failed; its own words say so).
    pub(super) fn heard(&mut self, cfg: &Config, event: &OtherEvent, plays: bool) -> Vec<Effect> {
        match event {
            OtherEvent::Evaluated { for_ply, lines, .. } => {
                let Some(asked) = self.asked.take_if(|a| a.game.plies().len() == *for_ply) else {
                    return Vec::new();
                };
                said(cfg, &asked, lines)
            }
            OtherEvent::Failed { reason } if self.asked.take().is_some() && !plays => {
                vec![say(Kind::Refusal, no_engine(cfg, reason))]
            }
            _ => Vec::new(),
        }
    }
}

/// No engine to analyse with: why, and how to install one.
pub(super) fn no_engine(cfg: &Config, reason: &str) -> String {
    cfg.p("analysis.no_engine", &[("reason", reason)])
}

/// The effect that asks the engine (for the tests: the request's lines).
#[cfg(test)]
pub(super) fn lines_asked(out: &[Effect]) -> Option<u8> {
    out.iter().find_map(|e| match e {
        Effect::Other(super::ToOther::Evaluate(r)) => Some(r.lines),
        _ => None,
    })
}

/// A line's score from White's point of view.
fn white_score(score: EngineScore, game: &Game) -> Score {
    let mover = match score {
        EngineScore::Cp(cp) => Score::Cp(cp),
        EngineScore::Mate(n) => Score::Mate(n),
    };
    evaluation::white_view(mover, game.turn())
}

/// How a line leaves the position: its standing, and its chances when the engine gave them for a score that
/// is no mate (a mate says it all).
fn standing(cfg: &Config, line: &AnalysisLine, game: &Game, chances: bool) -> String {
    let score = white_score(line.score, game);
    let standing = evaluation::standing(&cfg.phrases, score, game.turn());
    match (line.wdl, score) {
        (Some(wdl), Score::Cp(_)) if chances => {
            let chances = evaluation::chances(&cfg.phrases, wdl, game.turn());
            cfg.p(
                "analysis.with_chances",
                &[("standing", &standing), ("chances", &chances)],
            )
        }
        _ => standing,
    }
}

/// The answer to what was asked, in words.
fn said(cfg: &Config, asked: &Asked, lines: &[AnalysisLine]) -> Vec<Effect> {
    let game = &asked.game;
    let Some(first) = lines.first() else {
        return vec![say(Kind::Answer, cfg.p("analysis.no_lines", &[]))];
    };
    let moves =
        |l: &AnalysisLine, plies| evaluation::line(&cfg.vocabulary, game.position(), &l.pv, plies);
    match asked.want {
        Want::Eval => vec![say(Kind::Answer, standing(cfg, first, game, true))],
        Want::Hint => {
            let Some(mv) = moves(first, 1).pop() else {
                return vec![say(Kind::Answer, cfg.p("analysis.no_lines", &[]))];
            };
            vec![say(Kind::Answer, cfg.p("analysis.hint", &[("move", &mv)]))]
        }
        Want::Best(_) => {
            let n = lines.len().to_string();
            let side = cfg.side(game.turn());
            let mut out = vec![say(
                Kind::Answer,
                cfg.p("analysis.best", &[("n", &n), ("side", &side)]),
            )];
            for (i, l) in lines.iter().enumerate() {
                let mut said = moves(l, LINE_PLIES);
                if said.is_empty() {
                    continue;
                }
                let mv = said.remove(0);
                let rank = (i + 1).to_string();
                let eval = standing(cfg, l, game, false);
                let args = [
                    ("rank", rank.as_str()),
                    ("move", &mv),
                    ("eval", &eval),
                    ("line", &said.join(", ")),
                ];
                let key = if said.is_empty() {
                    "analysis.best_move"
                } else {
                    "analysis.best_line"
                };
                out.push(say(Kind::Answer, cfg.p(key, &args)));
            }
            out
        }
    }
}
