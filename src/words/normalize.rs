//! Folding of typed or spoken words for matching: case, accents and the German ae/oe/ue spellings.

use unicode_normalization::UnicodeNormalization;

/// Lower case without accents: "Läufer" → "laufer", "Ίππος" → "ιππος" (final sigma folded too).
pub fn fold(word: &str) -> String {
    word.to_lowercase()
        .nfd()
        .filter(|c| !('\u{0300}'..='\u{036f}').contains(c))
        .map(|c| if c == 'ς' { 'σ' } else { c })
        .collect()
}

/// The German plain-letter spelling, folded: "fünf" → "fuenf", "König" → "koenig".
pub fn fold_german(word: &str) -> String {
    let lower = word.to_lowercase();
    let mut out = String::with_capacity(lower.len() + 2);
    for c in lower.chars() {
        match c {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'ß' => out.push_str("ss"),
            c => out.push(c),
        }
    }
    fold(&out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_case_accents_and_umlauts() {
        assert_eq!(fold("Läufer"), "laufer");
        assert_eq!(fold_german("Läufer"), "laeufer");
        assert_eq!(fold_german("fünf"), fold("fuenf"));
        assert_eq!(fold("ΊΠΠΟΣ"), "ιπποσ");
        assert_eq!(fold("Ίππος"), "ιπποσ");
        assert_eq!(fold("έψιλον"), "εψιλον");
    }
}
