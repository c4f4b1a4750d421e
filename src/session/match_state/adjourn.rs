//! Adjournment (Guidelines I): sealing a move, the envelope with its seven items, resumption.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use shakmaty::{Color, Move, Position};

use super::Match;
use super::timing::Timing;
use super::{ClockSettings, Config, Cue, Effect, Kind, say};
use crate::rules::Game;
use crate::rules::clock::Clock;
use crate::rules::time_control::{TimeClass, TimeControl};
use crate::words;

/// R-GI.2: what the envelope carries, plus the sealed move itself and the clock settings needed to resume.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope {
    /// (1) The players' names.
    pub white: String,
    pub black: String,
    /// (2) The position immediately before the sealed move (FEN).
    pub position: String,
    /// (3) The time used by each player, in milliseconds.
    pub white_used_ms: u64,
    pub black_used_ms: u64,
    /// (4) Who sealed: "white" or "black".
    pub sealer: String,
    /// (5) The number of the sealed move.
    pub move_number: u32,
    /// (6) An open draw offer, by "white" or "black".
    pub draw_offer: Option<String>,
    /// (7) Date, time and venue of resumption, when the arbiter has set them.
    pub resumption: Option<String>,
    /// The clocks as at adjournment (R-GI.5).
    pub time_control: String,
    pub white_remaining_ms: u64,
    pub black_remaining_ms: u64,
    pub white_moves: u32,
    pub black_moves: u32,
    /// The sealed move in plain UCI: only in envelopes written by hector before the move was kept coded; read,
    /// never written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sealed_move: String,
    /// The sealed move, coded (Guidelines I.1: secret until the envelope is opened). The file is kept beside
    /// the game, on the player's device: a screen reader or a look at it must not tell the move. This is no
    /// cipher against a determined reader (hector itself reads it back); like the paper envelope it keeps
    /// the move from being read by chance, and opening it on purpose before `open` is the breach it would be
    /// on paper.
    #[serde(default)]
    pub sealed_move_coded: String,
}

/// The bytes the sealed move is coded with: drawn from the position before the move, so each envelope has its
/// own (FNV-1a of the FEN, stepped for each byte).
fn keystream(position: &str, n: usize) -> Vec<u8> {
    const PRIME: u64 = 0x0100_0000_01b3;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in position.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(PRIME);
    }
    (0..n)
        .map(|i| {
            h ^= i as u64 + 0x9e37;
            h = h.wrapping_mul(PRIME);
            (h >> 32) as u8
        })
        .collect()
}

/// The sealed move (UCI) coded for the envelope file: hex digits that say nothing read aloud.
pub fn code_move(position: &str, uci: &str) -> String {
    uci.bytes()
        .zip(keystream(position, uci.len()))
        .map(|(b, k)| format!("{:02x}", b ^ k))
        .collect()
}

/// The sealed move back from its coded form; `None` when it is not a coded move of this position.
pub fn decode_move(position: &str, coded: &str) -> Option<String> {
    if coded.len() % 2 != 0 || !coded.is_ascii() {
        return None;
    }
    let bytes: Option<Vec<u8>> = (0..coded.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&coded[i..i + 2], 16).ok())
        .collect();
    let bytes = bytes?;
    let plain: Vec<u8> = bytes
        .iter()
        .zip(keystream(position, bytes.len()))
        .map(|(b, k)| b ^ k)
        .collect();
    String::from_utf8(plain).ok()
}

fn color_word(c: Color) -> String {
    c.fold_wb("white", "black").to_string()
}

fn ms(d: Duration) -> u64 {
    d.as_millis().min(u128::from(u64::MAX)) as u64
}

/// Where the envelope of a game saved at `pgn` is kept.
pub fn envelope_path(pgn: &Path) -> PathBuf {
    let mut s = pgn.as_os_str().to_owned();
    s.push(".envelope.ron");
    PathBuf::from(s)
}

impl Envelope {
    /// The greeting of the adjourned game going on (Guidelines I.5): who sealed, at which move.
    pub(in crate::session) fn greeting(&self, cfg: &Config) -> String {
        let sealer = cfg.side(self.sealer_color());
        let number = self.move_number.to_string();
        cfg.p(
            "adjourned.greeting",
            &[("sealer", &sealer), ("number", &number)],
        )
    }

    pub fn sealer_color(&self) -> Color {
        if self.sealer == "black" {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The sealed move in UCI, from its coded form (or the plain form of an older envelope).
    pub fn sealed_uci(&self) -> Option<String> {
        if !self.sealed_move_coded.is_empty() {
            decode_move(&self.position, &self.sealed_move_coded)
        } else if !self.sealed_move.is_empty() {
            Some(self.sealed_move.clone())
        } else {
            None
        }
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).unwrap_or_default()
    }

    pub fn from_ron(text: &str) -> Result<Envelope, String> {
        ron::from_str(text).map_err(|e| {
            format!(
                "line {}, column {}: {}",
                e.position.line,
                e.position.col,
                crate::rules::pgn::printable(&e.code.to_string())
            )
        })
    }

    /// Whether this envelope belongs to `game` (Guidelines I.2, I.9): an envelope belongs to exactly one game
    /// and position, the unfinished game whose position is the one recorded before the sealed move, with the
    /// sealer to move. `Err` names the phrase key of the reason it does not.
    pub fn belongs_to(&self, game: &Game) -> Result<(), &'static str> {
        if game.is_over() {
            return Err("envelope.stale.finished");
        }
        if self.position != game.fen() || self.sealer_color() != game.turn() {
            return Err("envelope.stale.position");
        }
        Ok(())
    }
}

impl Timing {
    /// R-GI.5: the clocks set as at adjournment, stopped until the envelope is opened.
    pub fn from_envelope(env: &Envelope, game: &Game, _settings: &ClockSettings) -> Option<Timing> {
        let control = TimeControl::from_pgn(&env.time_control)
            .or_else(|_| env.time_control.parse())
            .ok()?;
        let mut clock = Clock::new(control.clone()).ok()?;
        let zero = Duration::ZERO;
        clock.start(env.sealer_color(), zero).ok()?;
        for (side, moves, used, remaining) in [
            (
                Color::White,
                env.white_moves,
                env.white_used_ms,
                env.white_remaining_ms,
            ),
            (
                Color::Black,
                env.black_moves,
                env.black_used_ms,
                env.black_remaining_ms,
            ),
        ] {
            clock.set_moves(side, moves, zero);
            clock.set_used(side, Duration::from_millis(used), zero);
            clock.set_remaining(side, Duration::from_millis(remaining), zero);
        }
        clock.pause(zero).ok()?;
        let mut timing = Timing::from_clock(
            clock,
            control.class(game.edition()).unwrap_or(TimeClass::Standard),
        );
        for side in [Color::White, Color::Black] {
            timing.arm_side(side, zero, _settings);
        }
        Some(timing)
    }
}

/// What opening the envelope comes to.
pub(in crate::session) enum Opened {
    /// No envelope: nothing changed.
    Refused(Vec<Effect>),
    /// Said, and the game saved after it (an envelope of another game or position is dropped).
    Saved(Vec<Effect>),
    /// R-GI.8: the sealed move could not be played: the sealer lost (not saved here, as before).
    Lost(Vec<Effect>),
    /// The sealed move is entered after `said` like any move (complete as entered), then the game saved.
    Play { said: Vec<Effect>, sealed: Move },
}

impl Match {
    /// Guidelines I.1-I.2, I.8: the player to move seals a legal, unambiguous move; it is not played; his clock
    /// stops; the envelope is kept in the match. `Ok`: the envelope's save and what is said once the game is
    /// saved too; `Err`: refused.
    pub(in crate::session) fn seal(
        &mut self,
        cfg: &Config,
        rest: &str,
        now: Duration,
    ) -> Result<(Effect, Effect), Vec<Effect>> {
        if let Some(e) = self.game.ending() {
            return Err(vec![say(Kind::Refusal, self.game_over(cfg, e))]);
        }
        let Some(save_path) = cfg.save_path.clone() else {
            return Err(vec![say(Kind::Refusal, cfg.p("seal.no_file", &[]))]);
        };
        if self.timing.is_none() {
            return Err(vec![say(Kind::Refusal, cfg.p("seal.no_clock", &[]))]);
        }
        let m = match words::parse_move(&self.game, &cfg.vocabulary, rest) {
            Ok(m) => m,
            Err(e) => {
                let reason = words::explain(&cfg.vocabulary, &cfg.phrases, &e);
                return Err(vec![say(
                    Kind::Refusal,
                    cfg.p("seal.refused", &[("reason", &reason)]),
                )]);
            }
        };
        let sealer = self.game.turn();
        let tag = |name: &str, default: Color| {
            self.game
                .tags
                .get(name)
                .filter(|v| *v != "?")
                .map(str::to_owned)
                .unwrap_or_else(|| cfg.side(default))
        };
        let (white, black) = (tag("White", Color::White), tag("Black", Color::Black));
        let timing = self.timing.as_mut().expect("checked above");
        let _ = timing.clock.pause(now);
        let c = &timing.clock;
        let envelope = Envelope {
            white,
            black,
            position: self.game.fen(),
            white_used_ms: ms(c.used(Color::White, now)),
            black_used_ms: ms(c.used(Color::Black, now)),
            sealer: color_word(sealer),
            move_number: self.game.position().fullmoves().get(),
            draw_offer: self.game.draw_offer().map(color_word),
            resumption: None,
            time_control: timing.control.to_string(),
            white_remaining_ms: ms(c.remaining(Color::White, now)),
            black_remaining_ms: ms(c.remaining(Color::Black, now)),
            white_moves: c.moves_completed(Color::White),
            black_moves: c.moves_completed(Color::Black),
            sealed_move: String::new(),
            sealed_move_coded: code_move(&self.game.fen(), &self.game.uci(m).to_string()),
        };
        let path = super::adjourn::envelope_path(&save_path);
        let failed = cfg.p("save.failed", &[("path", &path.display().to_string())]);
        let number = envelope.move_number.to_string();
        let save = Effect::Save {
            path,
            pgn: envelope.to_ron(),
            done: None,
            failed,
        };
        // Adjourned before the autosave: the autosave of a game that is not adjourned removes its envelope.
        self.adjourned = Some(envelope);
        let done = say(
            Kind::Event,
            cfg.p(
                "seal.done",
                &[("side", &cfg.side(sealer)), ("number", &number)],
            ),
        );
        Ok((save, done))
    }

    /// R-GI.2: the envelope read aloud (not the sealed move: hector never says it before the envelope is
    /// opened, not even to the arbiter; it was checked legal when it was sealed, Guidelines I.8).
    /// `board`: the position in words.
    pub(in crate::session) fn read_envelope(
        &self,
        cfg: &Config,
        board: impl FnOnce() -> String,
    ) -> Vec<Effect> {
        let Some(env) = &self.adjourned else {
            return vec![say(Kind::Refusal, cfg.p("envelope.none", &[]))];
        };
        let offer = match &env.draw_offer {
            Some(side) => {
                let c = if side == "black" {
                    Color::Black
                } else {
                    Color::White
                };
                cfg.p("envelope.offer_open", &[("side", &cfg.side(c))])
            }
            None => cfg.p("envelope.no_offer", &[]),
        };
        let resumption = env
            .resumption
            .clone()
            .unwrap_or_else(|| cfg.p("envelope.resumption_unknown", &[]));
        let t = |ms: u64| words::time::duration(&cfg.phrases, Duration::from_millis(ms));
        let text = cfg.p(
            "envelope.read",
            &[
                ("white", &env.white),
                ("black", &env.black),
                ("position", &board()),
                ("white_side", &cfg.side(Color::White)),
                ("black_side", &cfg.side(Color::Black)),
                ("white_used", &t(env.white_used_ms)),
                ("black_used", &t(env.black_used_ms)),
                ("sealer", &cfg.side(env.sealer_color())),
                ("number", &env.move_number.to_string()),
                ("offer", &offer),
                ("resumption", &resumption),
            ],
        );
        vec![say(Kind::Answer, text)]
    }

    /// R-GI.9: the envelope is opened, the sealed move played, the responder's clock starts.
    pub(in crate::session) fn open_envelope(&mut self, cfg: &Config, now: Duration) -> Opened {
        let Some(env) = self.adjourned.take() else {
            return Opened::Refused(vec![say(Kind::Refusal, cfg.p("envelope.none", &[]))]);
        };
        // An envelope of another game or position is never opened in this one (a leftover one would decide a
        // new game); a finished game has nothing to resume. Session::with_envelope refuses such envelopes already.
        if let Err(key) = env.belongs_to(&self.game) {
            return Opened::Saved(vec![say(Kind::Refusal, cfg.p(key, &[]))]);
        }
        let Some(m) = env.sealed_uci().and_then(|uci| self.game.parse_uci(&uci)) else {
            // R-GI.8: an illegal or unreadable sealed move loses (unless the game is drawn on the board).
            let sealer = env.sealer_color();
            let ending = crate::rules::Ending::new(
                crate::rules::EndReason::ArbiterDecision,
                crate::rules::GameResult::win_for(sealer.other()),
            );
            self.game.end(ending);
            return Opened::Lost(vec![
                say(Kind::GameEnd, self.ending_text(cfg, ending)),
                Effect::Cue(Cue::GameEnd),
            ]);
        };
        if let Some(t) = &mut self.timing {
            let _ = t.clock.resume(now);
        }
        // The sealed move is made on the board by the arbiter and the responder's clock started (R-GI.9): it
        // enters the game like any move, complete as entered.
        Opened::Play {
            said: vec![say(Kind::Event, cfg.p("envelope.opened", &[]))],
            sealed: m,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sealed_move_is_coded_and_read_back() {
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        let coded = code_move(fen, "g1f3");
        // Neither the move nor its bytes written as hex.
        assert!(!coded.contains("g1f3") && coded != "67316633", "{coded}");
        assert!(coded.chars().all(|c| c.is_ascii_hexdigit()), "{coded}");
        assert_eq!(decode_move(fen, &coded).as_deref(), Some("g1f3"));
        // Another position codes the same move otherwise.
        assert_ne!(code_move("8/8/8/8/8/8/8/K6k w - - 0 1", "g1f3"), coded);
        assert_eq!(decode_move(fen, "zz"), None);
        assert_eq!(decode_move(fen, "abc"), None);
    }
}
