//! Text from outside said back safely: what a player typed, a file name, an engine's name. No
//! control byte, escape sequence, bidirectional override or invisible format character reaches a terminal,
//! a screen reader or a braille display through an announcement; user text quoted back is also bounded.

/// The most characters of a player's text said back; longer text is cut with "…".
pub const MAX_QUOTED: usize = 60;

/// What stands for a character that is not shown.
pub const REPLACEMENT: char = '?';

/// Whether a character must not be shown as it is: C0 and C1 controls (ESC, BEL, NUL, CSI ...), DEL, the
/// bidirectional controls (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM), line and paragraph
/// separators, and invisible format characters (zero-width spaces and joiners, word joiner, BOM, tags).
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{061C}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{E0000}'..='\u{E007F}')
}

/// The text with every unsafe character replaced (a tab becomes a space). Text without one is unchanged.
pub fn clean(text: &str) -> String {
    if !text.chars().any(is_unsafe) {
        return text.to_string();
    }
    text.chars()
        .map(|c| match c {
            '\t' => ' ',
            c if is_unsafe(c) => REPLACEMENT,
            c => c,
        })
        .collect()
}

/// A player's text (or any text from outside) as it is said back inside an announcement: cleaned, and cut
/// after [`MAX_QUOTED`] characters. Every announcement that repeats outside text goes through this.
pub fn quote(text: &str) -> String {
    let cleaned = clean(text);
    match cleaned.char_indices().nth(MAX_QUOTED) {
        Some((at, _)) => format!("{}…", &cleaned[..at]),
        None => cleaned,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_bytes_are_replaced() {
        assert_eq!(clean("e4"), "e4");
        assert_eq!(clean("Springer Felix drei"), "Springer Felix drei");
        assert_eq!(clean("Λευκά ♞ König"), "Λευκά ♞ König");
        assert_eq!(clean("a\u{1b}[31mb"), "a?[31mb");
        assert_eq!(clean("\u{7}\u{0}\u{7f}\u{9b}2J"), "????2J");
        assert_eq!(clean("x\u{202e}y\u{2066}z\u{200b}"), "x?y?z?");
        assert_eq!(clean("a\tb\r\nc"), "a b??c");
        assert_eq!(clean("tag\u{E0041}"), "tag?");
        assert!(!clean("\u{2028}\u{2029}\u{feff}").chars().any(is_unsafe));
    }

    #[test]
    fn quoted_text_is_bounded() {
        let long = "x".repeat(10_000);
        let q = quote(&long);
        assert_eq!(q.chars().count(), MAX_QUOTED + 1);
        assert!(q.ends_with('…'));
        let exact = "ü".repeat(MAX_QUOTED);
        assert_eq!(quote(&exact), exact);
    }
}
