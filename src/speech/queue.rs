//! The speech queue: which utterance is spoken next and which one a new utterance cuts off (pure, no tts).

use std::collections::VecDeque;

/// How an utterance competes with the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Priority {
    /// A new move or a flag fall: cuts off a running query answer or queued read-out; waits only for an
    /// earlier `Interrupt`, and is spoken before every waiting `Query` and `Queue` utterance.
    Interrupt,
    /// The answer to a player's own query: cuts off a running earlier answer and replaces one still
    /// waiting; waits for a running `Interrupt` or `Queue` utterance.
    Query,
    /// Everything else: spoken in order, after waiting `Interrupt` and `Query` utterances.
    Queue,
}

impl Priority {
    /// Lower is spoken first.
    fn rank(self) -> u8 {
        match self {
            Priority::Interrupt => 0,
            Priority::Query => 1,
            Priority::Queue => 2,
        }
    }

    /// Whether a new utterance of this priority cuts off a running one of priority `running`.
    pub fn cuts_off(self, running: Priority) -> bool {
        match self {
            Priority::Interrupt => running != Priority::Interrupt,
            Priority::Query => running == Priority::Query,
            Priority::Queue => false,
        }
    }
}

/// One thing to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Utterance {
    pub text: String,
    pub priority: Priority,
    /// BCP 47 language tag ("de", "en-GB", "el"); `None`: the default voice.
    pub language: Option<String>,
}

impl Utterance {
    pub fn new(text: impl Into<String>, priority: Priority) -> Self {
        Utterance {
            text: text.into(),
            priority,
            language: None,
        }
    }

    pub fn in_language(mut self, language: impl Into<String>) -> Self {
        self.language = Some(language.into());
        self
    }
}

/// What the speech thread must do after a change of the queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Nothing: keep speaking (or stay quiet).
    Wait,
    /// Start this utterance; `cut_off` says whether the running one must be stopped first.
    Speak { utterance: Utterance, cut_off: bool },
}

/// The pending utterances and the priority of the one being spoken.
///
/// Rules: see [`Priority`]. Consecutive identical utterances are all spoken (no deduplication). An
/// utterance that is cut off is not repeated; a waiting one is never dropped, except a waiting query
/// answer replaced by a newer one and everything on [`SpeechQueue::silence`].
#[derive(Debug, Default)]
pub struct SpeechQueue {
    speaking: Option<Priority>,
    pending: VecDeque<Utterance>,
}

impl SpeechQueue {
    pub fn new() -> Self {
        Self::default()
    }

    /// Priority of the utterance being spoken, if any.
    pub fn speaking(&self) -> Option<Priority> {
        self.speaking
    }

    /// Utterances waiting, in the order they will be spoken.
    pub fn pending(&self) -> impl Iterator<Item = &Utterance> {
        self.pending.iter()
    }

    pub fn is_idle(&self) -> bool {
        self.speaking.is_none() && self.pending.is_empty()
    }

    /// A new utterance arrives.
    pub fn push(&mut self, utterance: Utterance) -> Step {
        let priority = utterance.priority;
        if priority == Priority::Query {
            self.pending.retain(|u| u.priority != Priority::Query);
        }
        let at = self
            .pending
            .iter()
            .position(|u| u.priority.rank() > priority.rank())
            .unwrap_or(self.pending.len());
        self.pending.insert(at, utterance);
        match self.speaking {
            Some(running) if priority.cuts_off(running) => {
                self.speaking = None;
                self.next(true)
            }
            Some(_) => Step::Wait,
            None => self.next(false),
        }
    }

    /// The running utterance has ended (or failed, or took too long).
    pub fn finished(&mut self) -> Step {
        self.speaking = None;
        self.next(false)
    }

    /// Stop everything: the running utterance and all waiting ones (the player asked for silence).
    pub fn silence(&mut self) {
        self.speaking = None;
        self.pending.clear();
    }

    fn next(&mut self, cut_off: bool) -> Step {
        match self.pending.pop_front() {
            Some(utterance) => {
                self.speaking = Some(utterance.priority);
                Step::Speak { utterance, cut_off }
            }
            None => Step::Wait,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Priority::*;

    fn u(text: &str, p: Priority) -> Utterance {
        Utterance::new(text, p)
    }

    fn spoken(step: Step) -> Option<(String, bool)> {
        match step {
            Step::Speak { utterance, cut_off } => Some((utterance.text, cut_off)),
            Step::Wait => None,
        }
    }

    fn texts(q: &SpeechQueue) -> Vec<&str> {
        q.pending().map(|u| u.text.as_str()).collect()
    }

    #[test]
    fn idle_queue_speaks_at_once() {
        let mut q = SpeechQueue::new();
        assert_eq!(spoken(q.push(u("a", Queue))), Some(("a".into(), false)));
        assert_eq!(q.speaking(), Some(Queue));
        assert_eq!(spoken(q.finished()), None);
        assert!(q.is_idle());
    }

    #[test]
    fn queue_items_keep_their_order() {
        let mut q = SpeechQueue::new();
        q.push(u("1", Queue));
        assert_eq!(q.push(u("2", Queue)), Step::Wait);
        assert_eq!(q.push(u("3", Queue)), Step::Wait);
        assert_eq!(spoken(q.finished()), Some(("2".into(), false)));
        assert_eq!(spoken(q.finished()), Some(("3".into(), false)));
    }

    #[test]
    fn identical_announcements_are_all_spoken() {
        let mut q = SpeechQueue::new();
        q.push(u("Springer f drei", Interrupt));
        q.push(u("Springer f drei", Interrupt));
        assert_eq!(texts(&q), ["Springer f drei"]);
        assert_eq!(
            spoken(q.finished()),
            Some(("Springer f drei".into(), false))
        );
    }

    #[test]
    fn a_move_cuts_off_a_time_readout_or_query_answer() {
        for running in [Queue, Query] {
            let mut q = SpeechQueue::new();
            q.push(u("ten minutes", running));
            assert_eq!(
                spoken(q.push(u("e4", Interrupt))),
                Some(("e4".into(), true))
            );
            assert_eq!(q.speaking(), Some(Interrupt));
            assert_eq!(
                spoken(q.finished()),
                None,
                "the cut-off read-out is not repeated"
            );
        }
    }

    #[test]
    fn a_move_does_not_cut_off_a_move() {
        let mut q = SpeechQueue::new();
        q.push(u("e4", Interrupt));
        assert_eq!(q.push(u("e5", Interrupt)), Step::Wait);
        assert_eq!(spoken(q.finished()), Some(("e5".into(), false)));
    }

    #[test]
    fn a_move_goes_before_waiting_queries_and_queue_items_but_after_earlier_moves() {
        let mut q = SpeechQueue::new();
        q.push(u("e4", Interrupt));
        q.push(u("later", Queue));
        q.push(u("time?", Query));
        q.push(u("e5", Interrupt));
        q.push(u("flag", Interrupt));
        assert_eq!(texts(&q), ["e5", "flag", "time?", "later"]);
    }

    #[test]
    fn a_query_cuts_off_the_previous_query() {
        let mut q = SpeechQueue::new();
        q.push(u("white has five minutes", Query));
        assert_eq!(
            spoken(q.push(u("material even", Query))),
            Some(("material even".into(), true))
        );
    }

    #[test]
    fn a_query_waits_for_a_move_announcement_and_replaces_a_waiting_query() {
        let mut q = SpeechQueue::new();
        q.push(u("e4", Interrupt));
        assert_eq!(q.push(u("time?", Query)), Step::Wait);
        assert_eq!(q.push(u("material?", Query)), Step::Wait);
        assert_eq!(texts(&q), ["material?"]);
        assert_eq!(spoken(q.finished()), Some(("material?".into(), false)));
    }

    #[test]
    fn a_query_waits_for_a_queue_item_and_goes_before_later_ones() {
        let mut q = SpeechQueue::new();
        q.push(u("draw offered", Queue));
        q.push(u("low time", Queue));
        assert_eq!(q.push(u("time?", Query)), Step::Wait);
        assert_eq!(texts(&q), ["time?", "low time"]);
    }

    #[test]
    fn queue_items_never_cut_off() {
        for running in [Interrupt, Query, Queue] {
            let mut q = SpeechQueue::new();
            q.push(u("x", running));
            assert_eq!(q.push(u("y", Queue)), Step::Wait);
        }
    }

    #[test]
    fn silence_drops_everything() {
        let mut q = SpeechQueue::new();
        q.push(u("a", Interrupt));
        q.push(u("b", Queue));
        q.silence();
        assert!(q.is_idle());
        assert_eq!(spoken(q.push(u("c", Queue))), Some(("c".into(), false)));
    }
}
