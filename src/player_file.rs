//! The player's own name for the games' records: `player.ron` in the config folder,
//! `(name: "Ann Smith")`. Against the engine it names the player's side in the PGN, unless `--white` or `--black`
//! names it; without the file the side is "Player". The file is outside input: bounded in size, its name bounded
//! in length and free of control characters; a file that cannot be used changes nothing and says why.

use std::path::Path;

use serde::Deserialize;

/// The largest player.ron read: a name and a comment or two.
pub const MAX_FILE: u64 = 4 * 1024;
/// The longest name, in characters (a PGN tag value is kept on one line and read out).
pub const MAX_NAME: usize = 100;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerFile {
    name: String,
}

/// The name in `text` (the file's contents), or why it cannot be used.
pub fn parse(text: &str) -> Result<String, String> {
    let file: PlayerFile = ron::from_str(text).map_err(|e| {
        // The parser's words may quote the file: said without control characters, bounded.
        let said: String = e
            .code
            .to_string()
            .chars()
            .filter(|c| !c.is_control())
            .take(200)
            .collect();
        format!(
            "line {}, column {}: {said}",
            e.position.line, e.position.col
        )
    })?;
    let name = file.name.trim();
    if name.is_empty() {
        return Err("the name is empty".to_string());
    }
    let chars = name.chars().count();
    if chars > MAX_NAME {
        return Err(format!(
            "the name has {chars} characters; at most {MAX_NAME} are allowed"
        ));
    }
    if name.chars().any(char::is_control) {
        return Err("the name holds a control character (a line break or a tab)".to_string());
    }
    Ok(name.to_string())
}

/// The name in the file at `path`, or why it cannot be used.
pub fn load(path: &Path) -> Result<String, String> {
    parse(&crate::bounded::read_settings_file(path, MAX_FILE)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_read_and_bad_ones_are_refused_with_a_reason() {
        assert_eq!(parse("(name: \" Ann Smith \")").unwrap(), "Ann Smith");
        assert!(parse("(name: \"\")").unwrap_err().contains("empty"));
        assert!(parse("(name: \"a\\nb\")").unwrap_err().contains("control"));
        let long = format!("(name: \"{}\")", "x".repeat(MAX_NAME + 1));
        assert!(parse(&long).unwrap_err().contains("at most 100"));
        assert!(parse("(nom: \"Ann\")").is_err());
        assert!(parse("[1, 2]").is_err());
    }
}
