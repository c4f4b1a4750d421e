//! The tournament profile of record and assistant mode (Appendix D.2.3-D.2.11, R-11.3.1, R-12.6): its state
//! (the move made and the presses owed), who hears what, and its action log.

mod answer;
pub(in crate::session) mod made;
pub(in crate::session) mod moves;
pub(in crate::session) mod record;
pub(in crate::session) mod requests;

pub(in crate::session) use moves::{greeting, to_operator, verifies};

pub(in crate::session) use answer::Profiled;

use std::path::PathBuf;
use std::time::Duration;

use shakmaty::Color;

pub use super::config::{Mode, TournamentSettings};
use super::log::{self, ActionLog, Actor};
use super::match_state::Match;
use super::{Announcement, Config, Effect, Kind, say};
use crate::words;

/// The player an assistant serves (R-D.2.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Served {
    /// The blind player: every duty of D.2.10.
    Blind,
    /// The sighted player: duties D.2.10.1 and D.2.10.2 only (entering and announcing moves).
    Sighted,
}

/// A move made but not completed (D.2.3-D.2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Made {
    mover: Color,
    /// Its index in the record.
    ply: usize,
}

/// The state of the tournament profile in a session.
#[derive(Debug, Clone)]
pub struct Tournament {
    pub mode: Mode,
    made: Option<Made>,
    /// Moves made by each side that the clock has not yet been pressed for (R-6.2.2: a player can always press
    /// after moving, even when the opponent has moved meanwhile).
    unpressed: [u32; 2],
    pub log: ActionLog,
    served: Served,
    /// The last thing said to the blind player (`player: repeat`).
    last_to_player: Option<String>,
    /// The next move entered corrects a withdrawn one (ANN-M13).
    correcting: bool,
    /// The plies whose entry completed their mover's earlier move that was never pressed (R-6.2.1.2): when
    /// such an entry is withdrawn, the earlier move is made and not completed again.
    completed_by_next: Vec<usize>,
    check_words: bool,
    hearing_impaired_opponent: bool,
    /// `verify` asked to read the action log at this path; its text comes back as `Command::Read`.
    verifying: Option<PathBuf>,
}

fn idx(c: Color) -> usize {
    c.fold_wb(0, 1)
}

impl Tournament {
    /// The profile's state in record and assistant mode; None in play mode.
    pub(in crate::session) fn of_mode(cfg: &Config) -> Option<Tournament> {
        cfg.mode
            .is_tournament()
            .then(|| Tournament::new(cfg.mode, &cfg.tournament))
    }

    pub fn new(mode: Mode, settings: &TournamentSettings) -> Tournament {
        let log = match &settings.earlier_log {
            Some(text) => ActionLog::continued(settings.started, text),
            None => ActionLog::new(settings.started),
        };
        Tournament {
            mode,
            made: None,
            unpressed: [0; 2],
            log,
            served: Served::Blind,
            last_to_player: None,
            correcting: false,
            completed_by_next: Vec::new(),
            check_words: settings.check_words,
            hearing_impaired_opponent: settings.hearing_impaired_opponent,
            verifying: None,
        }
    }

    pub fn says_check_words(&self) -> bool {
        self.check_words
    }

    pub fn hearing_impaired_opponent(&self) -> bool {
        self.hearing_impaired_opponent
    }

    /// The action log's entries, those of earlier sessions of the game first (`rewound` reads rewinds back).
    pub fn log_entries(&self) -> &[log::Entry] {
        self.log.entries()
    }

    /// R-D.2.9b: the moves were retraced; no move is made and waiting for its press any more.
    pub(in crate::session) fn rewound(&mut self) {
        self.made = None;
        self.unpressed = [0; 2];
        self.correcting = false;
        self.completed_by_next.clear();
    }

    /// Whether the last move is made but not completed, for a face to show.
    pub fn move_made_not_completed(&self) -> bool {
        self.made.is_some()
    }

    /// The move made and waiting for its press: its mover and index in the record (kept with every save,
    /// so a resumed game goes on where it stopped).
    pub(in crate::session) fn made_move(&self) -> Option<(Color, usize)> {
        self.made.map(|m| (m.mover, m.ply))
    }

    /// Moves made by White and Black that their clock press has not yet completed (kept with every save).
    pub(in crate::session) fn unpressed_counts(&self) -> [u32; 2] {
        self.unpressed
    }

    /// What the profile keeps with a save: the made move and the presses owed.
    pub(in crate::session) fn kept(&self) -> (Option<(Color, usize)>, [u32; 2]) {
        (self.made_move(), self.unpressed_counts())
    }

    /// The game as the action log records it now: its moves and result, the made move, the presses
    /// owed and the illegal moves.
    pub(in crate::session) fn game_mark(&self, m: &Match) -> log::GameMark {
        let (made, unpressed) = self.kept();
        log::GameMark::of(m.game(), made, unpressed, m.illegal_counts())
    }

    /// The game as it stands, for the next entries of the action log (see `GameMark`).
    pub(in crate::session) fn note_game(&mut self, m: &Match) {
        self.log.set_game(m.game(), self.kept(), m.illegal_counts());
    }

    /// The full-screen view's own question (an offer, a claim, a new game), its answer or its cancelling:
    /// an entry of the operator's in the action log (every question and answer is logged). What
    /// was `entered` (the line or the key) and what the view `said`.
    pub(in crate::session) fn log_view(
        &mut self,
        (cfg, m): (&Config, &Match),
        path: Option<PathBuf>,
        now: Duration,
        entered: &str,
        said: Vec<String>,
    ) -> Vec<Effect> {
        let actor = if self.in_assistant_mode() {
            Actor::Assistant
        } else {
            Actor::Player
        };
        self.note_game(m);
        self.log_action(cfg, path, now, actor, entered, said)
    }

    /// A resumed game goes on where it was kept: the made move and the presses still owed.
    pub(in crate::session) fn restore_made(
        &mut self,
        made: Option<(Color, usize)>,
        unpressed: [u32; 2],
    ) {
        self.made = made.map(|(mover, ply)| Made { mover, ply });
        self.unpressed = unpressed;
    }
}

/// A move entry that reads as a move but cannot be played in the recorded position: it does not fit the record.
/// Text that is no move at all, an ambiguous word or a missing promotion piece is asked again as usual.
pub fn does_not_fit(e: &words::MoveInputError) -> bool {
    use words::MoveInputError as E;
    !matches!(
        e,
        E::NotAMove(_)
            | E::AmbiguousWord { .. }
            | E::Ambiguous { .. }
            | E::PromotionNeeded { .. }
            | E::GameOver
    )
}

/// The silent talking clock of the profile: nothing unasked (D.2.10.4, R-12.6), flags observed but not
/// decided by hector (R-6.8: the arbiter observes, or a player claims).
pub fn silent_clock(mut c: super::ClockSettings, announcements: bool) -> super::ClockSettings {
    if !announcements {
        c.thresholds_seconds.clear();
        c.periodic_seconds = None;
        c.tactile = false;
        c.announce_period_start = false;
    }
    c.observe_flags = false;
    c
}

/// Who hears what (D.2.10): in assistant mode the operator is the assistant, whose texts are shown on the screen
/// and not spoken into the blind player's earpiece.
impl Tournament {
    pub(in crate::session) fn in_assistant_mode(&self) -> bool {
        self.mode == Mode::Assistant
    }

    /// What the full-screen view says by itself (the key echo, the input line's prompt, its own questions and
    /// answers) comes from the keyboard, which is the operator's: in assistant mode it is the assistant's text,
    /// shown and not spoken into the blind player's earpiece nor written to the speech log (D.2.10; the blind
    /// player's own keys ask the session with `player:` and are answered to him).
    pub fn view_text(&self, a: Announcement) -> Announcement {
        if self.in_assistant_mode() {
            Announcement {
                kind: Kind::Assistant,
                text: a.text,
            }
        } else {
            a
        }
    }

    /// Text for the operator: in assistant mode the assistant's screen, otherwise said like any event.
    pub(in crate::session) fn to_operator(&self, text: String) -> Effect {
        let kind = if self.in_assistant_mode() {
            Kind::Assistant
        } else {
            Kind::Event
        };
        say(kind, text)
    }

    /// In assistant mode, what is said for the assistant stays on the screen: answers and refusals to the
    /// assistant are not spoken into the blind player's earpiece (D.2.10.4: time and count only on request).
    pub(in crate::session) fn for_assistant(&self, out: Vec<Effect>) -> Vec<Effect> {
        if !self.in_assistant_mode() {
            return out;
        }
        out.into_iter()
            .map(|e| match e {
                Effect::Say(Announcement {
                    kind: Kind::Answer | Kind::Refusal,
                    text,
                }) => say(Kind::Assistant, text),
                other => other,
            })
            .collect()
    }
}

/// What the arbiter's command said (a clock corrected, paused or started): in assistant mode the assistant's
/// screen; the blind player hears the corrected clock when he asks for the time or the count (D.2.10.4, R-12.6;
/// nothing unasked). The end of a game the arbiter decides is said to everyone.
pub(in crate::session) fn arbiters(
    t: Option<&Tournament>,
    action: &crate::words::action::Action,
    out: Vec<Effect>,
) -> Vec<Effect> {
    // Only the clock's corrections: a cancelled illegal move and a corrected result change what the blind
    // player was told, so he hears them.
    const CLOCK: [&str; 7] = ["pause", "resume", "add", "set", "time", "moves", "late"];
    let clock = matches!(action, crate::words::action::Action::Arbiter(r)
        if r.split_whitespace().next().is_some_and(|w| CLOCK.contains(&w.to_lowercase().as_str())));
    if !clock || !t.is_some_and(Tournament::in_assistant_mode) {
        return out;
    }
    out.into_iter()
        .map(|e| match e {
            Effect::Say(Announcement {
                kind: Kind::Event,
                text,
            }) => say(Kind::Assistant, text),
            other => other,
        })
        .collect()
}

/// A move in words, "Schach" and "Matt" only when `check_words` (DN-3, ANN-M9); `long`: with from- and
/// to-square.
fn ply_words(cfg: &Config, check_words: bool, ply: &crate::rules::Ply, long: bool) -> String {
    let mut san = ply.san;
    if !check_words {
        san.suffix = None;
    }
    if long {
        words::announce::long(&cfg.vocabulary, &san, ply.mv)
    } else {
        words::announce::short(&cfg.vocabulary, &san, ply.mv)
    }
}

/// What hector said in a batch of effects, for the log.
fn said_in(out: &[Effect]) -> Vec<String> {
    out.iter()
        .filter_map(|e| match e {
            Effect::Say(a) => Some(a.text.clone()),
            _ => None,
        })
        .collect()
}

/// The action log of the profile: `path` is the log's file beside the game, when there is
/// one.
impl Tournament {
    /// Adds an entry to the action log and appends it to the file, synced, before anything of the batch is
    /// said (appended, never rewritten; a kill cannot lose an entry that was announced).
    pub(in crate::session) fn log_action(
        &mut self,
        cfg: &Config,
        path: Option<PathBuf>,
        now: Duration,
        actor: Actor,
        action: &str,
        said: Vec<String>,
    ) -> Vec<Effect> {
        self.log.record(now, actor, action, said);
        let Some(path) = path else {
            return Vec::new();
        };
        let text = self.log.take_unwritten();
        let failed = cfg.p(
            "log.save_failed",
            &[("path", &words::quote::clean(&path.display().to_string()))],
        );
        vec![Effect::Append { path, text, failed }]
    }

    /// After a command in the profile: who acted, and the entry in the log. Everything typed is logged, reading
    /// the log too; a `verify` that reads the file is logged with its answer, when it comes.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::session) fn log_command(
        &mut self,
        cfg: &Config,
        commands: &words::commands::Commands,
        m: &Match,
        path: Option<PathBuf>,
        line: &str,
        out: &mut Vec<Effect>,
        now: Duration,
    ) {
        use words::commands::Kind as Row;
        let word = line.split_whitespace().next().unwrap_or("").to_lowercase();
        // The command the line's first word names, in the player's words or English: its row.
        let row = commands.kind(&word);
        if word.is_empty()
            || (row == Some(Row::Verify) && out.iter().any(|e| matches!(e, Effect::Read { .. })))
        {
            return;
        }
        let actor = if self.in_assistant_mode()
            && line
                .trim_start()
                .to_lowercase()
                .starts_with(Row::Player.name())
        {
            match self.served {
                Served::Sighted => Actor::SightedPlayer,
                Served::Blind => Actor::BlindPlayer,
            }
        } else if word == Row::Arbiter.name() {
            Actor::Arbiter
        } else if self.in_assistant_mode() {
            Actor::Assistant
        } else {
            Actor::Player
        };
        let mut said = said_in(out);
        let mut action = line.trim().to_string();
        // Guidelines I.1: the sealed move is secret until the envelope is opened. The log (which the player's
        // side can read: `log`, the file on the player's own device) never holds it; the entry of `open` holds
        // the move once it is played.
        if row == Some(Row::Seal) || word == Row::Seal.name() {
            action = cfg.p("log.seal_hidden", &[]);
            if !m.is_adjourned() {
                // A refused seal: its reason could name the move.
                said = vec![cfg.p("log.seal_refused_hidden", &[])];
            }
        } else if m.is_adjourned() {
            // A move typed while the game is adjourned is refused; it could be the sealed move, typed without
            // `seal`: its text is not kept either.
            let refused = cfg.p("adjourned.refused", &[]);
            if said.contains(&refused) {
                action = cfg.p("log.adjourned_hidden", &[]);
            }
        }
        self.note_game(m);
        let saves = self.log_action(cfg, path, now, actor, &action, said);
        out.extend(saves);
    }

    /// What fell due by itself (a flag, an automatic ending) goes into the log as hector's.
    pub(in crate::session) fn log_events(
        &mut self,
        cfg: &Config,
        path: Option<PathBuf>,
        out: &mut Vec<Effect>,
        now: Duration,
    ) {
        let said = said_in(out);
        if !said.is_empty() {
            let saves = self.log_action(cfg, path, now, Actor::Hector, "", said);
            out.extend(saves);
        }
    }
}
