//! A move of the record and what PGN keeps with it: comments, numeric glyphs and variations.

use shakmaty::san::SanPlus;
use shakmaty::{Color, Move};

/// PGN annotations kept with a move: numeric glyphs, comments after it, and variations that replace it.
/// Reached through [`Annotations`], which every move has.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AnnotationList {
    pub nags: Vec<u8>,
    pub comments: Comments,
    pub variations: Vec<Vec<MovetextItem>>,
}

impl AnnotationList {
    pub fn is_empty(&self) -> bool {
        self.nags.is_empty() && self.comments.is_empty() && self.variations.is_empty()
    }
}

/// No annotations: what a move without any reads.
static NO_ANNOTATIONS: AnnotationList = AnnotationList {
    nags: Vec::new(),
    comments: Comments::new(),
    variations: Vec::new(),
};

/// The comments after a move, in order (a list of texts, through `Deref`). A move has one comment most
/// often, a clock time in a file from an online game (`{ [%clk 0:05:00] }`), so one is kept without a list:
/// a list for each move made reading such files a fifth slower.
#[derive(Clone, Default)]
pub struct Comments(CommentList);

#[derive(Clone, Default)]
enum CommentList {
    #[default]
    None,
    One(String),
    Many(Vec<String>),
}

impl Comments {
    pub const fn new() -> Comments {
        Comments(CommentList::None)
    }

    /// Adds a comment at the end.
    pub fn push(&mut self, comment: String) {
        self.0 = match std::mem::take(&mut self.0) {
            CommentList::None => CommentList::One(comment),
            CommentList::One(first) => CommentList::Many(vec![first, comment]),
            CommentList::Many(mut all) => {
                all.push(comment);
                CommentList::Many(all)
            }
        };
    }

    /// Keeps the comments for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&String) -> bool) {
        match &mut self.0 {
            CommentList::None => {}
            CommentList::One(c) => {
                if !keep(c) {
                    self.0 = CommentList::None;
                }
            }
            CommentList::Many(all) => {
                all.retain(|c| keep(c));
                if all.is_empty() {
                    self.0 = CommentList::None;
                }
            }
        }
    }
}

/// Equal when the texts are, however they are kept.
impl PartialEq for Comments {
    fn eq(&self, other: &Comments) -> bool {
        **self == **other
    }
}

impl Eq for Comments {}

impl std::ops::Deref for Comments {
    type Target = [String];
    fn deref(&self) -> &[String] {
        match &self.0 {
            CommentList::None => &[],
            CommentList::One(c) => std::slice::from_ref(c),
            CommentList::Many(all) => all,
        }
    }
}

impl std::ops::DerefMut for Comments {
    fn deref_mut(&mut self) -> &mut [String] {
        match &mut self.0 {
            CommentList::None => &mut [],
            CommentList::One(c) => std::slice::from_mut(c),
            CommentList::Many(all) => all,
        }
    }
}

impl<'a> IntoIterator for &'a Comments {
    type Item = &'a String;
    type IntoIter = std::slice::Iter<'a, String>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<S: AsRef<str>> FromIterator<S> for Comments {
    fn from_iter<I: IntoIterator<Item = S>>(iter: I) -> Comments {
        let mut all = Comments::new();
        for c in iter {
            all.push(c.as_ref().to_owned());
        }
        all
    }
}

impl<S: AsRef<str>, const N: usize> PartialEq<[S; N]> for Comments {
    fn eq(&self, other: &[S; N]) -> bool {
        self.len() == N && self.iter().zip(other).all(|(a, b)| a == b.as_ref())
    }
}

impl std::fmt::Debug for Comments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

/// A move's annotations ([`AnnotationList`], through `Deref`): one pointer while the move has none, a box
/// made on the first change. A game read from a file keeps tens of thousands of moves, most without any;
/// three empty lists in every move made each move a third larger, and reading a file that much slower.
#[derive(Clone, Default)]
pub struct Annotations(Option<Box<AnnotationList>>);

impl std::ops::Deref for Annotations {
    type Target = AnnotationList;
    fn deref(&self) -> &AnnotationList {
        self.0.as_deref().unwrap_or(&NO_ANNOTATIONS)
    }
}

impl std::ops::DerefMut for Annotations {
    fn deref_mut(&mut self) -> &mut AnnotationList {
        self.0.get_or_insert_with(Box::default)
    }
}

impl PartialEq for Annotations {
    fn eq(&self, other: &Annotations) -> bool {
        **self == **other
    }
}

impl Eq for Annotations {}

impl std::fmt::Debug for Annotations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

/// One element of a variation's movetext, kept as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MovetextItem {
    San(String),
    Nag(u8),
    Comment(String),
    Variation(Vec<MovetextItem>),
}

/// One half-move of the game record. It keeps no position: a game read from a file keeps every move of
/// every game, and a position (136 bytes) in each made reading a file several times slower than the moves
/// alone. [`Game::position_before`] and [`Game::positions`] give the positions back by replay.
#[derive(Debug, Clone)]
pub struct Ply {
    pub mv: Move,
    pub san: SanPlus,
    /// R-9.1.2.2: a draw was offered with this move, written (=).
    pub draw_offer: bool,
    /// Who made the move.
    pub(super) color: Color,
    /// The full-move number of the move (R-8.1 numbering, from the start position's).
    pub(super) number: u32,
    pub annotations: Annotations,
}

impl Ply {
    pub fn color(&self) -> Color {
        self.color
    }

    /// Full-move number of this ply.
    pub fn move_number(&self) -> u32 {
        self.number
    }
}
