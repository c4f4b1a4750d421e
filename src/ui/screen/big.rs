//! Large letters for a hearing-impaired opponent (Appendix D.2.11): the last move drawn in block letters, five
//! rows high, so it can be read from across the board.

/// Each glyph: five rows of three cells, `#` for ink.
fn glyph(c: char) -> [&'static str; 5] {
    match c.to_ascii_uppercase() {
        'A' => ["###", "# #", "###", "# #", "# #"],
        'B' => ["## ", "# #", "## ", "# #", "## "],
        'C' => ["###", "#  ", "#  ", "#  ", "###"],
        'D' => ["## ", "# #", "# #", "# #", "## "],
        'E' => ["###", "#  ", "## ", "#  ", "###"],
        'F' => ["###", "#  ", "## ", "#  ", "#  "],
        'G' => ["###", "#  ", "# #", "# #", "###"],
        'H' => ["# #", "# #", "###", "# #", "# #"],
        'K' => ["# #", "## ", "#  ", "## ", "# #"],
        'N' => ["# #", "###", "###", "###", "# #"],
        'Q' => ["###", "# #", "# #", "###", "  #"],
        'R' => ["## ", "# #", "## ", "# #", "# #"],
        'O' | '0' => ["###", "# #", "# #", "# #", "###"],
        'X' => ["# #", "# #", " # ", "# #", "# #"],
        '1' => [" # ", "## ", " # ", " # ", "###"],
        '2' => ["###", "  #", "###", "#  ", "###"],
        '3' => ["###", "  #", " ##", "  #", "###"],
        '4' => ["# #", "# #", "###", "  #", "  #"],
        '5' => ["###", "#  ", "###", "  #", "###"],
        '6' => ["###", "#  ", "###", "# #", "###"],
        '7' => ["###", "  #", "  #", "  #", "  #"],
        '8' => ["###", "# #", "###", "# #", "###"],
        '+' => ["   ", " # ", "###", " # ", "   "],
        '#' => ["# #", "###", "# #", "###", "# #"],
        '=' => ["   ", "###", "   ", "###", "   "],
        '-' => ["   ", "   ", "###", "   ", "   "],
        _ => ["   ", "   ", "   ", "   ", "   "],
    }
}

/// Five lines of block letters for `text`, one blank column between letters, `ink` for the strokes.
pub fn lines(text: &str, ink: char) -> Vec<String> {
    let mut rows = vec![String::new(); 5];
    for (i, c) in text.chars().enumerate() {
        let g = glyph(c);
        for (row, part) in rows.iter_mut().zip(g) {
            if i > 0 {
                row.push(' ');
            }
            row.extend(part.chars().map(|p| if p == '#' { ink } else { ' ' }));
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_san_character_has_a_glyph_of_its_own() {
        let chars = "KQRBNabcdefgh12345678x+#=O-";
        let mut seen = std::collections::HashSet::new();
        for c in chars.chars() {
            let g = glyph(c);
            assert!(g.iter().any(|r| r.contains('#')), "{c} has no ink");
            assert!(g.iter().all(|r| r.chars().count() == 3), "{c}");
            // Upper and lower case of a file letter look alike; the rest differ.
            seen.insert(g);
        }
        assert!(seen.len() >= 24, "{} distinct glyphs", seen.len());
        let l = lines("Nf3", '█');
        assert_eq!(l.len(), 5);
        assert!(l.iter().all(|r| r.chars().count() == 4 * 3 - 1));
    }
}
