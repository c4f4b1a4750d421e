//! What the session says and sounds: announcements and their kinds, cues, and who is named with a move.

use super::Effect;

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

/// Who enters the moves of the other side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// Both sides' moves are entered here (two players at one keyboard, or an assistant).
    Human,
    /// A UCI engine answers.
    Engine,
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
