//! The profile's commands of the players, the assistant and the arbiter: the blind player's requests, a touched
//! piece, the served player, the switches, the inspection, the greeting and the flag's alert.

use shakmaty::{Color, Position};

use super::{Mode, Served, Tournament};
use crate::rules::Game;
use crate::session::log;
use crate::session::{Config, Cue, Effect, Kind, say};
use crate::words;
use crate::words::commands::Kind as Row;

impl Tournament {
    /// `player: REQUEST`, read: its word (`time`, `used`, `count`, `last`, `repeat`), or the refusal. The blind
    /// player's own request is answered into the player's earpiece (D.2.10.4): move count and time only when
    /// asked; the sighted player's assistant does not answer them (R-D.2.11).
    pub(in crate::session) fn request_word(
        &self,
        cfg: &Config,
        request: &str,
    ) -> Result<Row, Vec<Effect>> {
        if self.in_assistant_mode() && self.served == Served::Sighted {
            return Err(vec![say(
                Kind::Refusal,
                cfg.p("tournament.sighted_duties", &[]),
            )]);
        }
        let word = request
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_lowercase();
        // The commands a blind player may ask for by their contract names (the keys send `player: NAME`).
        match Row::named(&word) {
            Some(row @ (Row::Time | Row::Used | Row::Count | Row::Last | Row::Repeat)) => Ok(row),
            _ => Err(vec![say(
                Kind::Refusal,
                cfg.p(
                    "tournament.player_usage",
                    &[("text", &log::clean(request, 40))],
                ),
            )]),
        }
    }

    /// `player: repeat`: the last thing said to the blind player.
    pub(in crate::session) fn repeat_to_player(&self, cfg: &Config) -> Vec<Effect> {
        let again = self
            .last_to_player
            .clone()
            .unwrap_or_else(|| cfg.p("tournament.nothing_said", &[]));
        vec![say(Kind::Answer, again)]
    }

    /// The answer to the player's request `word`: spoken, whatever kind it had, and kept for `player: repeat`.
    pub(in crate::session) fn answered(&mut self, word: Row, out: Vec<Effect>) -> Vec<Effect> {
        let out: Vec<Effect> = out
            .into_iter()
            .map(|e| match e {
                Effect::Say(a) => say(Kind::Answer, a.text),
                other => other,
            })
            .collect();
        if word != Row::Repeat
            && let Some(Effect::Say(a)) = out.iter().rev().find(|e| matches!(e, Effect::Say(_)))
        {
            self.last_to_player = Some(a.text.clone());
        }
        out
    }

    /// The last thing said to the blind player is `said` (a move made).
    pub(in crate::session) fn said_to_player(&mut self, said: String) {
        self.last_to_player = Some(said);
    }

    /// `touched SQUARE`: D.2.10.5, the assistant notes for the arbiter that the sighted player touched a piece.
    pub(in crate::session) fn touched(&self, cfg: &Config, game: &Game, rest: &str) -> Vec<Effect> {
        if !self.in_assistant_mode() {
            return vec![say(
                Kind::Refusal,
                cfg.p("tournament.touched_only_assistant", &[]),
            )];
        }
        let Some(sq) = words::spoken::parse_square(&cfg.vocabulary, rest) else {
            return vec![say(
                Kind::Refusal,
                cfg.p("square.bad", &[("text", &log::clean(rest, 40))]),
            )];
        };
        let v = &cfg.vocabulary;
        let text = match game.position().board().piece_at(sq) {
            Some(p) => cfg.p(
                "tournament.touched",
                &[
                    ("side", &cfg.side(p.color)),
                    ("piece", v.piece(p.role)),
                    ("square", &v.square(sq)),
                ],
            ),
            None => cfg.p("tournament.touched_empty", &[("square", &v.square(sq))]),
        };
        vec![say(Kind::Assistant, text)]
    }

    /// `role blind|sighted`: R-D.2.11, the player the assistant serves.
    pub(in crate::session) fn role(&mut self, cfg: &Config, rest: &str) -> Vec<Effect> {
        if !self.in_assistant_mode() {
            return vec![say(
                Kind::Refusal,
                cfg.p("tournament.role_only_assistant", &[]),
            )];
        }
        let served = match rest.trim().to_lowercase().as_str() {
            "blind" | "vi" | "blinder" | "blind player" | "τυφλός" => Served::Blind,
            "sighted" | "sehend" | "sehender" | "sighted player" | "βλέπων" => {
                Served::Sighted
            }
            _ => {
                return vec![say(
                    Kind::Refusal,
                    cfg.p("tournament.role_usage", &[("text", &log::clean(rest, 40))]),
                )];
            }
        };
        self.served = served;
        let key = match served {
            Served::Blind => "tournament.role_blind",
            Served::Sighted => "tournament.role_sighted",
        };
        vec![say(Kind::Assistant, cfg.p(key, &[]))]
    }

    /// `opponent hearing-impaired` (D.2.1): the opponent is told of the player's moves on the screen.
    pub(in crate::session) fn set_hearing_impaired_opponent(
        &mut self,
        cfg: &Config,
    ) -> Vec<Effect> {
        self.hearing_impaired_opponent = true;
        vec![say(Kind::Event, self.hearing_notice(cfg))]
    }

    /// `arbiter check-words on|off`: whether the check's words are said.
    pub(in crate::session) fn check_words_command(
        &mut self,
        cfg: &Config,
        rest: &str,
    ) -> Vec<Effect> {
        let on = rest.to_lowercase().ends_with(" on");
        let off = rest.to_lowercase().ends_with(" off");
        if !(on || off) {
            return vec![say(
                Kind::Refusal,
                cfg.p("tournament.check_words_usage", &[]),
            )];
        }
        self.check_words = on;
        let key = if on {
            "tournament.check_words_on"
        } else {
            "tournament.check_words_off"
        };
        let out = vec![say(Kind::Event, cfg.p(key, &[]))];
        self.for_assistant(out)
    }

    /// R-11.3.3 / DN-3: what an arbiter inspecting the device hears: the mode and every switch.
    pub(in crate::session) fn inspection(&self, cfg: &Config, game: &Game) -> String {
        let on_off = |b: bool| cfg.p(if b { "tournament.on" } else { "tournament.off" }, &[]);
        let mode = cfg.p(
            match self.mode {
                Mode::Record => "mode.record",
                Mode::Assistant => "mode.assistant",
                Mode::Play => "mode.play",
            },
            &[],
        );
        let control = match &cfg.time_control {
            Some(tc) => words::time::control(&cfg.phrases, tc),
            None => cfg.p("clock.none", &[]),
        };
        cfg.p(
            "tournament.inspection",
            &[
                ("mode", &mode),
                ("edition", &game.edition().year().to_string()),
                ("control", &control),
                ("hearing", &on_off(self.hearing_impaired_opponent)),
                ("check_words", &on_off(self.check_words)),
                (
                    "clock",
                    &on_off(!cfg.clock.thresholds_seconds.is_empty() || cfg.clock.tactile),
                ),
                ("assistant_speech", &on_off(cfg.tournament.speak_assistant)),
            ],
        )
    }

    /// R-D.2.11: a hearing-impaired opponent makes an assistant mandatory.
    pub(in crate::session) fn hearing_notice(&self, cfg: &Config) -> String {
        if self.in_assistant_mode() {
            cfg.p("tournament.hearing_assistant", &[])
        } else {
            cfg.p("tournament.hearing_needs_assistant", &[])
        }
    }

    /// The greeting of the profile: the mode and what it does (said after the game's greeting).
    pub(in crate::session) fn greeting(&self, cfg: &Config) -> Vec<Effect> {
        let key = match self.mode {
            Mode::Record => "tournament.greeting_record",
            Mode::Assistant => "tournament.greeting_assistant",
            Mode::Play => return Vec::new(),
        };
        let mut out = vec![say(
            Kind::Event,
            cfg.p(key, &[("side", &cfg.side(blind_color(cfg)))]),
        )];
        if self.hearing_impaired_opponent {
            out.push(say(Kind::Event, self.hearing_notice(cfg)));
        }
        out
    }
}

/// The blind player's colour (`--color`; the player's side).
fn blind_color(cfg: &Config) -> Color {
    cfg.engine_color.other()
}

/// What a flag observed but not decided says, per side (R-6.8: the tournament profile's alert), in a game
/// whose clock is `in_play` (it has one and the game is not over).
pub(in crate::session) fn flag_alerts(cfg: &Config, mode: Mode, in_play: bool) -> [Vec<Effect>; 2] {
    if cfg.clock.observe_flags || !in_play {
        return [Vec::new(), Vec::new()];
    }
    let assistant = mode == Mode::Assistant;
    let alert = |side| flag_alert(cfg, assistant, side);
    [alert(Color::White), alert(Color::Black)]
}

/// a flag has fallen; in the profile hector does not decide it: it alerts. In assistant mode the
/// assistant is alerted (screen and a distinct sound) when the sighted player's flag falls, so that the
/// blind player can claim (D.2.10.5). `assistant`: in assistant mode.
pub(in crate::session) fn flag_alert(cfg: &Config, assistant: bool, side: Color) -> Vec<Effect> {
    let text = cfg.p(
        "tournament.flag_alert",
        &[
            ("side", &cfg.side(side)),
            ("opponent", &cfg.side(side.other())),
        ],
    );
    if assistant {
        if side != blind_color(cfg) {
            vec![say(Kind::Assistant, text), Effect::Cue(Cue::FlagFall)]
        } else {
            vec![say(Kind::Assistant, text)]
        }
    } else {
        vec![say(Kind::Event, text), Effect::Cue(Cue::FlagFall)]
    }
}
