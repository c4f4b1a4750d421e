//! The tag pairs of a game record (PGN standard 8.1: a name and a value, such as `White "Anna"`), in their
//! order: the players, event, date and round a scoresheet carries (R-8.1). A game read from a file keeps all
//! its tags in one text, so that a collection of thousands of games costs two allocations per game for its
//! tags, not two for each tag.

use std::fmt;
use std::ops::Range;

/// A game's tag pairs, in order. Names are compared exactly by [`Tags::get`]; several tags may share a name
/// (the first one counts).
#[derive(Clone, Default)]
pub struct Tags {
    /// The names and values, one after the other. A value replaced by [`Tags::set`] leaves its old text here.
    text: String,
    /// Where each tag's name and value lie in `text`.
    spans: Vec<Span>,
}

#[derive(Clone, Copy)]
struct Span {
    name: (usize, usize),
    value: (usize, usize),
}

impl Span {
    fn name(self) -> Range<usize> {
        self.name.0..self.name.1
    }
    fn value(self) -> Range<usize> {
        self.value.0..self.value.1
    }
}

impl Tags {
    pub fn new() -> Tags {
        Tags::default()
    }

    /// Room for `tags` tags of `text` bytes in all (names and values).
    pub fn with_capacity(tags: usize, text: usize) -> Tags {
        Tags {
            text: String::with_capacity(text),
            spans: Vec::with_capacity(tags),
        }
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The bytes of the names and values kept (for [`Tags::with_capacity`]).
    pub fn text_len(&self) -> usize {
        self.text.len()
    }

    /// The tags in order, as (name, value).
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            text: &self.text,
            spans: self.spans.iter(),
        }
    }

    /// The value of the first tag named exactly `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The value of the first tag whose name is `name` in any case of ASCII letters.
    pub fn get_ignore_ascii_case(&self, name: &str) -> Option<&str> {
        self.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v)
    }

    /// Removes every tag, keeping the room.
    pub fn clear(&mut self) {
        self.text.clear();
        self.spans.clear();
    }

    /// Adds a tag at the end.
    pub fn push(&mut self, name: &str, value: &str) {
        let name_start = self.text.len();
        self.text.push_str(name);
        let value_start = self.text.len();
        self.text.push_str(value);
        self.spans.push(Span {
            name: (name_start, value_start),
            value: (value_start, self.text.len()),
        });
    }

    /// Gives the first tag named `name` the value `value`, or adds the tag at the end.
    pub fn set(&mut self, name: &str, value: &str) {
        let found = self.iter().position(|(n, _)| n == name);
        match found {
            Some(i) => {
                let start = self.text.len();
                self.text.push_str(value);
                self.spans[i].value = (start, self.text.len());
            }
            None => self.push(name, value),
        }
    }

    /// Keeps the tags for which `keep(name, value)` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &str) -> bool) {
        let text = &self.text;
        self.spans
            .retain(|s| keep(&text[s.name()], &text[s.value()]));
    }
}

impl PartialEq for Tags {
    fn eq(&self, other: &Tags) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Tags {}

impl fmt::Debug for Tags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The tags of a [`Tags`] in order, as (name, value).
#[derive(Clone)]
pub struct Iter<'a> {
    text: &'a str,
    spans: std::slice::Iter<'a, Span>,
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a str);
    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        let s = self.spans.next()?;
        Some((&self.text[s.name()], &self.text[s.value()]))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.spans.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let s = self.spans.next_back()?;
        Some((&self.text[s.name()], &self.text[s.value()]))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a Tags {
    type Item = (&'a str, &'a str);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<N: AsRef<str>, V: AsRef<str>> FromIterator<(N, V)> for Tags {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(iter: I) -> Tags {
        let mut tags = Tags::new();
        tags.extend(iter);
        tags
    }
}

impl<N: AsRef<str>, V: AsRef<str>> Extend<(N, V)> for Tags {
    fn extend<I: IntoIterator<Item = (N, V)>>(&mut self, iter: I) {
        for (n, v) in iter {
            self.push(n.as_ref(), v.as_ref());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_keep_their_order_and_the_first_of_a_name_counts() {
        let mut t: Tags = [("White", "Anna"), ("Black", "Boris"), ("White", "Clara")]
            .into_iter()
            .collect();
        assert_eq!(t.get("White"), Some("Anna"));
        assert_eq!(t.get("white"), None);
        assert_eq!(t.get_ignore_ascii_case("wHITE"), Some("Anna"));
        t.set("Black", "Dora");
        t.set("Date", "2026.11.24");
        let all: Vec<_> = t.iter().collect();
        assert_eq!(
            all,
            [
                ("White", "Anna"),
                ("Black", "Dora"),
                ("White", "Clara"),
                ("Date", "2026.11.24")
            ]
        );
        t.retain(|n, _| n != "White");
        assert_eq!(
            format!("{t:?}"),
            r#"[("Black", "Dora"), ("Date", "2026.11.24")]"#
        );
        // Replaced text left behind does not make two equal lists of tags differ.
        let fresh: Tags = [("Black", "Dora"), ("Date", "2026.11.24")]
            .into_iter()
            .collect();
        assert_eq!(t, fresh);
        assert_ne!(t, Tags::new());
    }

    #[test]
    fn an_empty_name_or_value_is_kept_apart_from_its_neighbours() {
        let t: Tags = [("", "x"), ("A", ""), ("B", "yz")].into_iter().collect();
        let all: Vec<_> = t.iter().collect();
        assert_eq!(all, [("", "x"), ("A", ""), ("B", "yz")]);
    }
}
