//! What the session says and sounds: announcements and their kinds, cues, and who is named with a move.

use std::path::PathBuf;

use super::engine_io::{OtherEvent, ToOther};
use crate::words::action::Act;

/// What the edges must carry out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    Say(Announcement),
    /// Write this PGN to this file (atomically). `done` is said on success (explicit saves only); on failure
    /// `failed` is said with `{reason}` replaced.
    Save {
        path: PathBuf,
        pgn: String,
        done: Option<String>,
        failed: String,
    },
    /// Append `text` (whole lines) to the file at `path`, created if missing, and sync it (the
    /// action log is appended, never rewritten). Like a save, it is done before anything of its batch is said;
    /// what cannot be written is kept and tried again before the next batch. On failure `failed` is said with
    /// `{reason}` replaced, once, until it is written again.
    Append {
        path: PathBuf,
        text: String,
        failed: String,
    },
    /// Remove this file (an opened envelope).
    Remove {
        path: PathBuf,
    },
    /// Read this text file (at most `limit` bytes) and give it back as `Command::Read` before the next input
    /// (the other scoresheet of D.2.9, `compare FILE.pgn`).
    Read {
        path: PathBuf,
        limit: u64,
    },
    /// The scoresheet files of D.2.7 into `dir`: `STEM.pgn`, the plain-text scoresheet `STEM.txt`, and
    /// `braille` translated with the braille table into `STEM.brf`. A file of another game already there is not
    /// overwritten: the stem gets a number. `done` is said with `{files}`, `failed` with `{reason}`.
    /// `game_file`: the game's own file and its whole text as a save writes it now; when `STEM.pgn` is that
    /// file, that text is written (a file of several games keeps the others), never `pgn` alone.
    Export {
        dir: PathBuf,
        stem: String,
        pgn: String,
        game_file: Option<(PathBuf, String)>,
        text: String,
        braille: String,
        table: String,
        done: String,
        failed: String,
    },
    /// A short sound (or rumble) for an event.
    Cue(Cue),
    /// Leave the program (after the effects before it).
    Quit,
    /// Something the other side is asked (the engine's process or a remote player's link carries it out).
    Other(ToOther),
}

/// Input to the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// An action: a line read by [`Session::read`], a key, a pad's button. Its line is what the action log
    /// keeps.
    Act(Act),
    /// Standard input ended.
    EndOfInput,
    /// Time has passed: something may be due (a flag, a time announcement).
    Tick,
    /// The other side reported (ready, its move, an answer, a failure, an evaluation).
    Other(OtherEvent),
    /// A file asked for by `Effect::Read`: its text, or why it could not be read.
    Read {
        path: PathBuf,
        text: Result<String, String>,
    },
    /// What the edge said about a file it wrote (an export's files, a save that failed or is safe again), for
    /// the action log: the log holds the answer the player heard.
    Outcome(String),
}

/// Which moves are announced with the name of the side that made them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NameSides {
    /// Every move ("White: Bauer Eva vier"), for two players at one keyboard.
    All,
    /// The engine's moves (the default): the player hears at once that the engine has moved.
    #[default]
    Engine,
    /// No move.
    None,
}

/// What kind of announcement, so the speech edge can choose priority.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A move was made.
    Move,
    /// The game ended.
    GameEnd,
    /// An answer to a question (board, count, last ...).
    Answer,
    /// A refused command or move, with the reason.
    Refusal,
    /// Anything else worth saying (offers, claims, confirmations).
    Event,
    /// For the sighted assistant's eyes (assistant mode): shown, and spoken only when the assistant's texts are
    /// set to be spoken, so the blind player's earpiece carries only what is for the player (D.2.10.4).
    Assistant,
}

/// One thing said: exactly the text speech says and line mode prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announcement {
    pub kind: Kind,
    pub text: String,
}

/// The sounds of events (the sound edge maps them to files; Appendix D.2.6.2 pulses included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cue {
    Move,
    Capture,
    Check,
    Illegal,
    Edge,
    LowTime,
    FlagFall,
    GameEnd,
    DrawOffer,
    /// Every 5 minutes of the running clock (D.2.6.2.1: one raised dot).
    Pulse,
    /// Every 15 minutes (two raised dots).
    DoublePulse,
    /// Each minute of the last 5 (D.2.6.2.2).
    FinalWarning,
}

/// User text echoed back: control characters dropped, at most 80 characters.
pub(super) fn quote(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(80).collect()
}

pub(super) fn say(kind: Kind, text: impl Into<String>) -> Effect {
    Effect::Say(Announcement {
        kind,
        text: text.into(),
    })
}

/// The last announcement among `out`, if any: what `repeat` says again.
pub(super) fn last_said(out: &[Effect]) -> Option<Announcement> {
    out.iter().rev().find_map(|e| match e {
        Effect::Say(a) => Some(a.clone()),
        _ => None,
    })
}
