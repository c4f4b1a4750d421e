//! Phrase tables: everything said that is not board vocabulary, per language (config/phrases/*.ron).

use std::collections::{BTreeMap, BTreeSet};

use super::vocabulary::VocabularyError;

/// The languages shipped with hector. English is the reference every other table is checked against.
pub const BUILTIN: [(&str, &str); 3] = [
    ("en", include_str!("../../config/phrases/en.ron")),
    ("de", include_str!("../../config/phrases/de.ron")),
    ("el", include_str!("../../config/phrases/el.ron")),
];

/// One language's phrases: key → template with `{name}` placeholders. A placeholder may choose between a
/// singular and a plural by a count's value: `{n|half-move|half-moves}` says "half-move" when `n` is 1 and
/// "half-moves" otherwise ("{n} {n|half-move|half-moves} more": "1 half-move more", "3 half-moves more").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrases {
    pub language: String,
    map: BTreeMap<String, String>,
}

fn placeholders(template: &str) -> BTreeSet<&str> {
    let mut out = BTreeSet::new();
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        let after = &rest[i + 1..];
        match after.find('}') {
            Some(j) => {
                let spec = &after[..j];
                out.insert(spec.split_once('|').map_or(spec, |(name, _)| name));
                rest = &after[j + 1..];
            }
            None => break,
        }
    }
    out
}

fn parse(text: &str, file: &str) -> Result<BTreeMap<String, String>, VocabularyError> {
    ron::from_str(text).map_err(|e| VocabularyError {
        file: file.to_string(),
        line: e.position.line,
        column: e.position.col,
        message: e.code.to_string(),
    })
}

fn position_of(text: &str, key: &str) -> (usize, usize) {
    let quoted = format!("\"{key}\"");
    match text.find(&quoted) {
        Some(at) => {
            let before = &text[..at];
            (
                before.matches('\n').count() + 1,
                before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1,
            )
        }
        None => (text.lines().count(), 1),
    }
}

impl Default for Phrases {
    fn default() -> Self {
        Phrases::builtin("en").expect("the English phrase table is valid")
    }
}

impl Phrases {
    pub fn builtin(language: &str) -> Option<Phrases> {
        let (_, text) = BUILTIN.iter().find(|(l, _)| *l == language)?;
        Phrases::from_ron(language, text, &format!("config/phrases/{language}.ron")).ok()
    }

    /// Reads a table and checks it against the English reference: every key present, no unknown key, no
    /// placeholder the reference does not know.
    pub fn from_ron(language: &str, text: &str, file: &str) -> Result<Phrases, VocabularyError> {
        let map = parse(text, file)?;
        let reference = parse(BUILTIN[0].1, "config/phrases/en.ron")?;
        let err = |key: &str, message: String| {
            let (line, column) = position_of(text, key);
            VocabularyError {
                file: file.to_string(),
                line,
                column,
                message,
            }
        };
        for key in reference.keys() {
            if !map.contains_key(key) {
                return Err(err(key, format!("missing key \"{key}\"")));
            }
        }
        for (key, template) in &map {
            let Some(reference_template) = reference.get(key) else {
                return Err(err(key, format!("unknown key \"{key}\"")));
            };
            let allowed = placeholders(reference_template);
            if let Some(p) = placeholders(template)
                .into_iter()
                .find(|p| !allowed.contains(p))
            {
                return Err(err(
                    key,
                    format!("\"{key}\" uses {{{p}}}, which is not one of its placeholders"),
                ));
            }
        }
        Ok(Phrases {
            language: language.to_string(),
            map,
        })
    }

    /// The phrase for `key` with its placeholders filled. An unknown key (a bug) is said as the key itself.
    ///
    /// One pass over the template: a value is never read again for placeholders (a typed "{path}" stays
    /// as typed), and no value brings a control byte or bidirectional override into the announcement
    /// (user text is also bounded by [`super::quote`] where it is taken).
    pub fn say(&self, key: &str, args: &[(&str, &str)]) -> String {
        let Some(template) = self.map.get(key) else {
            return key.to_string();
        };
        let mut out = String::with_capacity(template.len() + 32);
        let mut rest = template.as_str();
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let value = after.find('}').and_then(|close| {
                let spec = &after[..close];
                let (name, forms) = match spec.split_once('|') {
                    Some((name, forms)) => (name, Some(forms)),
                    None => (spec, None),
                };
                args.iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| (close, *v, forms))
            });
            match value {
                // A count's word: the singular for 1, the plural for any other value.
                Some((close, v, Some(forms))) => {
                    let (one, many) = forms.split_once('|').unwrap_or((forms, forms));
                    out.push_str(if v.trim() == "1" { one } else { many });
                    rest = &after[close + 1..];
                }
                Some((close, v, None)) => {
                    out.push_str(&super::quote::clean(v));
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// Whether `text` is one of the space-separated words of `key` ("arg.white": "white w"), here or in English;
    /// case and accents do not matter.
    pub fn is_word(&self, key: &str, text: &str) -> bool {
        let t = super::normalize::fold(text.trim());
        !t.is_empty()
            && [self, &Phrases::default()].iter().any(|p| {
                p.get(key)
                    .split_whitespace()
                    .any(|w| super::normalize::fold(w) == t)
            })
    }

    pub fn get<'a>(&'a self, key: &'a str) -> &'a str {
        self.map.get(key).map_or(key, String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_builtin_tables_are_complete() {
        for (lang, text) in BUILTIN {
            let p = Phrases::from_ron(lang, text, lang).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(p.map.len(), parse(BUILTIN[0].1, "en").unwrap().len());
        }
        let de = Phrases::builtin("de").unwrap();
        assert_eq!(
            de.say("end.checkmate", &[("result", de.get("result.white_wins"))]),
            "Matt. Weiß gewinnt, 1-0"
        );
    }

    /// A count of 1 takes the singular in every language ("1 half-move more", not
    /// "1 half-moves more"): every phrase is said with each of its placeholders set to 1 and to 2, and no
    /// English phrase says "1" before a plural noun.
    #[test]
    fn a_count_of_one_is_said_in_the_singular() {
        let en = Phrases::default();
        assert_eq!(
            en.say(
                "compare.other_shorter",
                &[("n", "1"), ("last", "x"), ("record", "y")]
            ),
            "The other scoresheet stops after x; the record goes on with y, 1 half-move more. Type rewind to go back there"
        );
        assert!(
            en.say(
                "compare.other_shorter",
                &[("n", "2"), ("last", "x"), ("record", "y")]
            )
            .contains("2 half-moves more")
        );
        let de = Phrases::builtin("de").unwrap();
        assert!(
            de.say("rewind.confirm", &[("n", "1")])
                .contains("1 Halbzug wird zurückgenommen")
        );
        let el = Phrases::builtin("el").unwrap();
        assert!(
            el.say("check.scope_squares", &[("n", "1")])
                .contains("1 τετράγωνο")
        );
        // Keys only used with counts above one (their singular is a key of its own).
        let plural_only = [
            "times.many",
            "time.hours",
            "time.minutes",
            "time.seconds",
            "games.moves_many",
            "games.choose",
            "games.again",
            "review.variations_many",
            "review.variation_bad",
            "review.opened",
            "count.many",
            "count.made_many",
            "board_text.rank_count",
            "start.bad_delay",
        ];
        let plurals = [
            "half-moves",
            "moves",
            "squares",
            "games",
            "seconds",
            "minutes",
            "hours",
            "variations",
            "times",
            "points",
            "commands",
            "entries",
        ];
        for (key, template) in &en.map {
            if plural_only.contains(&key.as_str()) {
                continue;
            }
            let args: Vec<(&str, &str)> = placeholders(template)
                .into_iter()
                .map(|p| (p, "1"))
                .collect();
            let said = en.say(key, &args);
            let words: Vec<&str> = said
                .split(|c: char| !c.is_alphanumeric() && c != '-')
                .collect();
            for pair in words.windows(2) {
                assert!(
                    !(pair[0] == "1" && plurals.contains(&pair[1])),
                    "{key}: {said}"
                );
            }
        }
    }

    /// Values are put in once, cleaned; a value that looks like a placeholder stays as it is.
    #[test]
    fn values_are_put_in_once_and_cleaned() {
        let en = Phrases::builtin("en").unwrap();
        let said = en.say("input.not_a_move", &[("text", "{text}\u{1b}[2J\u{202e}")]);
        assert_eq!(
            said,
            "Not understood: \"{text}?[2J?\" is neither a move nor a command. Type help for the commands"
        );
        assert_eq!(
            en.say("save.done", &[("path", "a.pgn")]),
            en.get("save.done").replace("{path}", "a.pgn")
        );
    }

    #[test]
    fn incomplete_or_wrong_tables_are_refused() {
        let de = BUILTIN[1].1;
        let missing = de.replace("    \"end.stalemate\": \"Patt. {result}\",\n", "");
        let e = Phrases::from_ron("de", &missing, "de.ron").unwrap_err();
        assert!(e.message.contains("end.stalemate"), "{e}");
        let wrong = de.replace("\"Patt. {result}\"", "\"Patt. {ergebnis}\"");
        let e = Phrases::from_ron("de", &wrong, "de.ron").unwrap_err();
        assert!(e.message.contains("ergebnis"), "{e}");
        let line = wrong.lines().position(|l| l.contains("ergebnis")).unwrap() + 1;
        assert_eq!(e.line, line);
        let unknown = de.replace("\"side.white\"", "\"side.weiss\"");
        assert!(Phrases::from_ron("de", &unknown, "de.ron").is_err());
    }
}
