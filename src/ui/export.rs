//! The scoresheet files of a game written (D.2.7): never over another game's files, nor one game over a file
//! of several.

use std::path::{Path, PathBuf};

use crate::store;

/// Writes the scoresheet files of a game into `dir` (created if missing), durably; returns their paths. A
/// `STEM.pgn` already there that holds another game (other players, date or round) is kept: the files take the
/// next free `STEM-N`. `reason`: why a write failed, in words.
/// `game_file`: the game's own file and its whole text as a save writes it; when `STEM.pgn` is that file, that
/// text is what is written there (a file of several games keeps the others).
#[allow(clippy::too_many_arguments)]
pub(super) fn export(
    reason: &dyn Fn(&std::io::Error, &Path) -> String,
    dir: &Path,
    stem: &str,
    pgn: &str,
    game_file: Option<&(PathBuf, String)>,
    text: &str,
    braille: &str,
    table: &str,
) -> Result<Vec<String>, String> {
    let table = crate::braille::BrailleTable::from_name(table).map_err(|e| e.to_string())?;
    let brf = crate::braille::brf(braille, &table).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(dir).map_err(|e| reason(&e, &dir.join(stem)))?;
    // The files of another game are never replaced. A game's files are replaced only by the
    // same game's (its identity, the HectorGame tag, is the same); else the stem gets the next free number.
    // The game's own file of one game is the game's, written whole as its save writes it; the game's own file of
    // several games, and any other file of several, is never the game's scoresheet (its STEM.txt and STEM.brf may
    // be another game's of that file; a file's first game's identity says nothing of the others).
    let ours = game_id(pgn);
    let mut name = stem.to_string();
    let mut pgn = pgn;
    for n in 2.. {
        let path = dir.join(format!("{name}.pgn"));
        let own = game_file.filter(|(own, _)| store::same_file(own, &path));
        let taken = match own {
            // The game's own file of one game: written whole, as its save writes it.
            Some((_, whole)) if crate::session::split_games(whole).len() <= 1 => {
                pgn = whole;
                break;
            }
            // The game's own file of several games (its save rewrote only its place): its STEM.txt and STEM.brf
            // may be another game's of that file, so this game's scoresheet files take the next free name.
            Some(_) => true,
            None => match crate::store::read_outside_text(&path, crate::store::MAX_PGN_BYTES) {
                Ok(other) => {
                    ours.is_none()
                        || game_id(&other) != ours
                        || crate::session::split_games(&other).len() > 1
                }
                // No game there: free unless the other files of that name are (another game's scoresheet).
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => ["txt", "brf"]
                    .iter()
                    .any(|ext| dir.join(format!("{name}.{ext}")).exists()),
                Err(_) => true,
            },
        };
        if !taken {
            break;
        }
        if n > 999 {
            return Err("too many scoresheets of that name".to_string());
        }
        name = format!("{stem}-{n}");
    }
    let mut files = Vec::new();
    for (ext, contents) in [("pgn", pgn), ("txt", text), ("brf", brf.as_str())] {
        let path = dir.join(format!("{name}.{ext}"));
        store::write_atomic(&path, contents).map_err(|e| reason(&e, &path))?;
        files.push(path.display().to_string());
    }
    Ok(files)
}

/// The identity of the game in a PGN text (its `HectorGame` tag, among the first lines of tags).
fn game_id(pgn: &str) -> Option<&str> {
    pgn.lines()
        .take(200)
        .take_while(|l| l.starts_with('[') || l.trim().is_empty())
        .find_map(|l| {
            l.strip_prefix(&format!("[{} \"", crate::session::GAME_ID_TAG))?
                .strip_suffix("\"]")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An export never writes one game over a file of several. A file whose first game is this one
    /// but which holds others is another's (the next free name), the game's own file of several too (its save
    /// rewrites its place); the game's own file of one game is written whole, as its save writes it.
    #[test]
    fn an_export_never_writes_one_game_over_a_file_of_several() {
        let dir = std::env::temp_dir().join(format!("hector-export-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let reason = |e: &std::io::Error, _: &Path| e.to_string();
        let ours = "[Event \"A\"]\n[HectorGame \"g-1\"]\n\n1. e4 e5 *\n";
        let several = format!("{ours}\n[Event \"B\"]\n\n1. d4 *\n");
        std::fs::write(dir.join("m.pgn"), &several).unwrap();
        let sheet = |game_file: Option<&(PathBuf, String)>| {
            export(&reason, &dir, "m", ours, game_file, "t", "b", "en-us-comp6").unwrap()
        };
        let files = sheet(None);
        assert!(files[0].ends_with("m-2.pgn"), "{files:?}");
        assert_eq!(std::fs::read_to_string(dir.join("m.pgn")).unwrap(), several);
        // The game's own file of several games (named otherwise): left to the game's save, which rewrites only
        // its place; the scoresheet files take this game's own name (m-2, its identity), never m.txt or m.brf,
        // which may be another game's of that file.
        let whole = several.replace("e5 *", "e5 2. Nf3 *");
        let own = (dir.join(".").join("m.pgn"), whole.clone());
        let files = sheet(Some(&own));
        assert!(files[0].ends_with("m-2.pgn"), "{files:?}");
        assert_eq!(std::fs::read_to_string(dir.join("m.pgn")).unwrap(), several);
        // The game's own file of one game: written whole, as its save writes it.
        let alone = ours.replace("e5 *", "e5 2. Nf3 *");
        std::fs::write(dir.join("o.pgn"), ours).unwrap();
        let own = (dir.join("o.pgn"), alone.clone());
        let files = export(
            &reason,
            &dir,
            "o",
            ours,
            Some(&own),
            "t",
            "b",
            "en-us-comp6",
        )
        .unwrap();
        assert!(files[0].ends_with("/o.pgn"), "{files:?}");
        assert_eq!(std::fs::read_to_string(dir.join("o.pgn")).unwrap(), alone);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
