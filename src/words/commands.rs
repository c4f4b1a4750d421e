//! Command words in every UI language: the phrase tables' `cmd.NAME` entries (space-separated words) name the
//! canonical command NAME (the line-mode contract's English name). English words always work besides the
//! player's language, so the contract names stay valid everywhere. Case and accents do not matter.

use std::collections::BTreeMap;

use super::normalize::fold;
use super::phrases::Phrases;

/// The commands, each with the phrase key of its argument hint (if any).
pub const COMMANDS: &[(&str, Option<&str>)] = &[
    ("last", None),
    ("moves", Some("hint.n")),
    ("count", None),
    ("board", None),
    ("square", Some("hint.square")),
    ("fen", None),
    ("repeat", None),
    ("sides", Some("hint.sides")),
    ("rank", Some("hint.square")),
    ("file", Some("hint.square")),
    ("diagonals", Some("hint.square")),
    ("lines", Some("hint.square")),
    ("knights", Some("hint.square")),
    ("attackers", Some("hint.square")),
    ("legal", Some("hint.square")),
    ("pieces", Some("hint.side")),
    ("pawns", None),
    ("material", None),
    ("turn", None),
    ("claim", Some("hint.move")),
    ("offer", None),
    ("accept", None),
    ("decline", None),
    ("resign", None),
    ("time", None),
    ("used", None),
    ("control", None),
    ("flag", None),
    ("wait", Some("hint.duration")),
    ("illegal", Some("hint.move")),
    ("press", None),
    ("increment", None),
    ("seal", Some("hint.move")),
    ("envelope", None),
    ("open", None),
    ("arbiter", Some("hint.action")),
    ("engine", Some("hint.engine")),
    ("opponent", Some("hint.opponent")),
    ("level", Some("hint.n")),
    ("announce", Some("hint.on_off")),
    ("takeback", Some("hint.n")),
    ("new", None),
    ("rematch", None),
    ("kept", None),
    ("review", Some("hint.review")),
    ("back", None),
    ("forward", None),
    ("start", None),
    ("end", None),
    ("goto", Some("hint.goto")),
    ("variation", Some("hint.n")),
    ("leave", None),
    ("done", None),
    ("check", None),
    ("is", Some("hint.piece_square")),
    ("compare", Some("hint.file")),
    ("rewind", None),
    ("rewound", None),
    ("save", Some("hint.file")),
    ("undo", None),
    ("state", None),
    ("log", Some("hint.n")),
    ("scoresheet", None),
    ("export", Some("hint.folder")),
    ("touched", Some("hint.square")),
    ("role", Some("hint.role")),
    ("inspect", None),
    ("verify", None),
    ("help", None),
    ("quit", None),
];

/// Word → canonical command name, for one language (with English).
#[derive(Debug, Clone, Default)]
pub struct Commands {
    map: BTreeMap<String, &'static str>,
}

impl Commands {
    /// The words of `phrases`' language and of English; where both name a word, the player's language wins.
    pub fn new(phrases: &Phrases) -> Commands {
        let mut map = BTreeMap::new();
        let english = Phrases::default();
        for table in [&english, phrases] {
            for (name, _) in COMMANDS {
                for w in table.get(&format!("cmd.{name}")).split_whitespace() {
                    map.insert(fold(w), *name);
                }
            }
        }
        Commands { map }
    }

    /// The canonical name of a command word, if it is one.
    pub fn canonical(&self, word: &str) -> Option<&'static str> {
        self.map.get(&fold(word)).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_has_words_in_every_language_and_english_always_works() {
        for (lang, _) in super::super::phrases::BUILTIN {
            let p = Phrases::builtin(lang).unwrap();
            let c = Commands::new(&p);
            for (name, _) in COMMANDS {
                let key = format!("cmd.{name}");
                let words = p.get(&key);
                assert!(!words.trim().is_empty(), "{lang}: {name}");
                for w in words.split_whitespace() {
                    assert_eq!(c.canonical(w), Some(*name), "{lang}: {w}");
                }
                assert_eq!(
                    c.canonical(name),
                    Some(*name),
                    "{lang}: the contract name {name}"
                );
            }
        }
        let de = Commands::new(&Phrases::builtin("de").unwrap());
        assert_eq!(de.canonical("Zeit"), Some("time"));
        assert_eq!(de.canonical("HILFE"), Some("help"));
        let el = Commands::new(&Phrases::builtin("el").unwrap());
        assert_eq!(
            el.canonical("χρονος"),
            Some("time"),
            "accents do not matter"
        );
    }

    #[test]
    fn no_word_names_two_commands_in_a_language() {
        for (lang, _) in super::super::phrases::BUILTIN {
            let p = Phrases::builtin(lang).unwrap();
            let mut seen: BTreeMap<String, &str> = BTreeMap::new();
            for (name, _) in COMMANDS {
                for w in p.get(&format!("cmd.{name}")).split_whitespace() {
                    if let Some(other) = seen.insert(fold(w), name) {
                        assert_eq!(other, *name, "{lang}: {w} names {other} and {name}");
                    }
                }
            }
        }
    }

    #[test]
    fn no_command_word_is_a_board_word() {
        use crate::words::Vocabulary;
        for (lang, _) in super::super::phrases::BUILTIN {
            let p = Phrases::builtin(lang).unwrap();
            for name in ["appendix-d", "english", "greek"] {
                let v = Vocabulary::builtin(name).unwrap();
                let mut board: Vec<String> = v
                    .files
                    .iter()
                    .chain(v.ranks.iter())
                    .map(|w| fold(w))
                    .collect();
                for r in [
                    shakmaty::Role::King,
                    shakmaty::Role::Queen,
                    shakmaty::Role::Rook,
                    shakmaty::Role::Bishop,
                    shakmaty::Role::Knight,
                    shakmaty::Role::Pawn,
                ] {
                    board.push(fold(v.piece(r)));
                }
                for (cmd, _) in COMMANDS {
                    let key = format!("cmd.{cmd}");
                    for w in p.get(&key).split_whitespace() {
                        assert!(
                            !board.contains(&fold(w)),
                            "{lang} {cmd} word {w} is a {name} board word"
                        );
                    }
                }
            }
        }
    }
}
