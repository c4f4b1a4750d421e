//! The full screen's help by task: how to move, type and quit first, then the board, the clock,
//! the game and the review, then the arrows and Alt-letters; only the keys that work in this mode.

use super::*;

impl App {
    /// The next page of the help shown, said and shown; None when it has only one page.
    pub(super) fn next_help_page(
        &mut self,
        lines: Vec<String>,
        view: &View<'_>,
    ) -> Option<Vec<Out>> {
        let starts = self.help_pages.borrow().clone();
        let pages = starts.len();
        if pages <= 1 {
            return None;
        }
        self.help_page = (self.help_page + 1) % pages;
        let from = starts[self.help_page];
        let to = starts
            .get(self.help_page + 1)
            .copied()
            .unwrap_or(lines.len());
        let page: Vec<String> = lines.get(from..to).unwrap_or_default().to_vec();
        let p = &view.config().phrases;
        let text = p.say(
            "screen.help.page",
            &[
                ("n", &(self.help_page + 1).to_string()),
                ("of", &pages.to_string()),
                ("keys", &join_help(&page)),
            ],
        );
        self.help = Some(lines);
        Some(vec![answer(text)])
    }

    /// The review's steps by their keys ("PageUp back, PageDown forward, ..."), as the keymap binds them.
    pub fn review_steps(&self, view: &View<'_>) -> String {
        use keymap::ReviewKey as R;
        let key = |r: R| {
            self.keymap
                .keys_of(Action::Review(r))
                .first()
                .map_or_else(|| "-".to_string(), ToString::to_string)
        };
        view.config().phrases.say(
            "review.steps.keys",
            &[
                ("back", &key(R::Back)),
                ("forward", &key(R::Forward)),
                ("start", &key(R::Start)),
                ("end", &key(R::End)),
                ("variation", &key(R::Variation)),
                ("leave", &key(R::Leave)),
                ("done", &key(R::Toggle)),
            ],
        )
    }

    /// The keys of the current mode, said and shown.
    pub fn help(&mut self, view: &View<'_>) -> Vec<Out> {
        self.help_page = 0;
        let c = view.config();
        let (v, p) = (&c.vocabulary, &c.phrases);
        let lines: Vec<String> = match &self.mode {
            Mode::Input(_) => vec![p.get("screen.help.input").to_string()],
            Mode::Promotion { to, .. } => {
                vec![promotion_question(v, p, *to), self.promotion_keys(v, p)]
            }
            Mode::Confirm(..) => {
                vec![p.say("screen.help.confirm", &[("how", p.get("confirm.how.keys"))])]
            }
            Mode::Explore | Mode::Target(_) => {
                let mut lines = Vec::new();
                if let Mode::Target(from) = self.mode
                    && let Some(piece) = view.game().position().board().piece_at(from)
                {
                    lines.push(p.say(
                        "screen.help.target",
                        &[("piece", v.piece(piece.role)), ("square", &v.square(from))],
                    ));
                }
                // By task, most used first; only the keys that answer in this game.
                let actions = self.keymap.actions();
                for (heading, group) in HELP_GROUPS {
                    let mut in_group: Vec<&(Action, Vec<Key>)> = actions
                        .iter()
                        .filter(|(a, _)| help_group(*a).0 == *group && key_works(*a, view))
                        .collect();
                    // Stable: the keymap's order where the place is the same.
                    in_group.sort_by_key(|(a, _)| help_group(*a).1);
                    let entries: Vec<String> = in_group
                        .into_iter()
                        .map(|(action, keys)| {
                            let keys: Vec<String> = keys.iter().map(ToString::to_string).collect();
                            // Alternative keys said with "or" ("Space or Enter"), never run together.
                            let or = format!(" {} ", p.get("screen.keys.or"));
                            format!("{}: {}", keys.join(&or), keymap::describe(*action, v, p))
                        })
                        .collect();
                    if !entries.is_empty() {
                        lines.push(format!("{}:", p.get(heading)));
                        lines.extend(entries);
                        // The rule of both faces: a key asks first, a typed command acts at once.
                        if *group == HelpGroup::Game {
                            lines.push(p.get("screen.help.note.game").to_string());
                        }
                    }
                }
                lines.extend(self.extra_help.iter().cloned());
                lines
            }
        };
        // The first `?` says the first group only, and how to hear the others (all pages at once were
        // about 2000 characters); `?` again says the next page, as the screen shows it.
        let headings: Vec<usize> = (0..lines.len())
            .filter(|&i| is_heading(&lines[i]))
            .collect();
        let text = match headings.get(1) {
            Some(&end) => {
                let topics: Vec<&str> = headings[1..]
                    .iter()
                    .map(|&i| lines[i].trim_end_matches(':'))
                    .collect();
                p.say(
                    "screen.help.first",
                    &[
                        ("keys", &join_help(&lines[..end])),
                        ("topics", &topics.join(", ")),
                    ],
                )
            }
            None => p.say("screen.help", &[("keys", &join_help(&lines))]),
        };
        self.help = Some(lines);
        vec![answer(text)]
    }
}

/// The groups of help, in the order help says them: the heading's phrase key and the group.
const HELP_GROUPS: &[(&str, HelpGroup)] = &[
    ("screen.help.move", HelpGroup::Move),
    ("help.topic.board", HelpGroup::Board),
    ("help.topic.clock", HelpGroup::Clock),
    ("help.topic.game", HelpGroup::Game),
    ("help.topic.review", HelpGroup::Review),
    ("screen.help.focus", HelpGroup::Focus),
    ("screen.help.view", HelpGroup::View),
    ("help.topic.arbiter", HelpGroup::Arbiter),
];

/// The task a key serves (help's groups).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HelpGroup {
    Move,
    Board,
    Clock,
    Game,
    Review,
    Focus,
    View,
    Arbiter,
}

/// The task a key serves and its place there, most used first.
fn help_group(a: Action) -> (HelpGroup, u8) {
    use Action as A;
    use HelpGroup as G;
    match a {
        A::Select => (G::Move, 0),
        A::Input => (G::Move, 1),
        A::Quit => (G::Move, 2),
        A::Help => (G::Move, 3),
        A::Cancel => (G::Move, 4),
        A::Takeback => (G::Move, 5),
        A::Press => (G::Move, 6),
        A::Undo => (G::Move, 7),
        A::State => (G::Move, 8),
        A::Last => (G::Board, 0),
        A::Repeat => (G::Board, 1),
        A::Moves(_) => (G::Board, 2),
        A::AllMoves => (G::Board, 3),
        A::Turn => (G::Board, 4),
        A::Count => (G::Board, 5),
        A::Square => (G::Board, 6),
        A::Board => (G::Board, 7),
        A::OwnPieces => (G::Board, 8),
        A::TheirPieces => (G::Board, 9),
        A::ReadRank => (G::Board, 10),
        A::ReadFile => (G::Board, 11),
        A::Pawns => (G::Board, 12),
        A::Material => (G::Board, 13),
        A::Diagonals => (G::Board, 14),
        A::Lines => (G::Board, 15),
        A::Knight => (G::Board, 16),
        A::Attackers => (G::Board, 17),
        A::LegalMoves => (G::Board, 18),
        A::Time => (G::Clock, 0),
        A::Used => (G::Clock, 1),
        A::Seconds => (G::Clock, 2),
        A::Offer => (G::Game, 0),
        A::Claim => (G::Game, 1),
        A::Resign => (G::Game, 2),
        A::Accept => (G::Game, 3),
        A::Decline => (G::Game, 4),
        A::Save => (G::Game, 5),
        A::NewGame => (G::Game, 6),
        A::Rematch => (G::Game, 7),
        A::Eval => (G::Board, 19),
        A::Best => (G::Board, 20),
        A::Hint => (G::Board, 21),
        A::Opening => (G::Board, 22),
        A::Analyse => (G::Game, 8),
        A::Challenges => (G::Game, 9),
        A::Games => (G::Game, 10),
        A::Review(_) => (G::Review, 0),
        A::Practice => (G::Review, 1),
        A::Up | A::Down | A::Left | A::Right => (G::Focus, 0),
        A::Rank(_) => (G::Focus, 1),
        A::File(_) => (G::Focus, 2),
        A::NextOwn(_) => (G::Focus, 3),
        A::NextTheirs(_) => (G::Focus, 4),
        A::Figurines | A::ShowBoard => (G::View, 0),
        A::Log | A::Player(_) => (G::Arbiter, 0),
    }
}

/// Whether a key answers in this game (help lists only those): what the policy offers here (no analysis and no
/// takeback or new game in a tournament game, R-11.3.1; the record's keys only in record and assistant mode),
/// and the blind player's requests only in assistant mode.
fn key_works(a: Action, view: &View<'_>) -> bool {
    match a {
        Action::Player(_) => view.mode() == crate::session::Mode::Assistant,
        _ => a
            .command()
            .is_none_or(|kind| view.offer(kind) == crate::session::policy::Offer::Yes),
    }
}

/// A line of help that heads a group ("The clock:"), not a key's entry.
pub(in crate::ui::screen) fn is_heading(line: &str) -> bool {
    line.ends_with(':')
}

/// Help's lines said as one text: a group's entries joined by "; ", a full stop before the next heading.
fn join_help(lines: &[String]) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            out.push_str(if line.ends_with(':') {
                ". "
            } else if lines[i - 1].ends_with(':') {
                " "
            } else {
                "; "
            });
        }
        out.push_str(line);
    }
    out
}
