//! Where hector keeps its files, by the platform's conventions (XDG Base Directory on Linux):
//! settings in `$XDG_CONFIG_HOME/hector` (else `~/.config/hector`), games in `$XDG_DATA_HOME/hector`
//! (else `~/.local/share/hector`). Read at the edge (main), never in the rules core.

use std::ffi::OsString;
use std::path::PathBuf;

/// The folder for a user's settings (keymap.ron, output.ron, clock.ron).
pub fn config_dir() -> Option<PathBuf> {
    resolve(
        std::env::var_os("XDG_CONFIG_HOME"),
        std::env::var_os("HOME"),
        ".config",
    )
}

/// The folder for games (the autosave).
pub fn data_dir() -> Option<PathBuf> {
    resolve(
        std::env::var_os("XDG_DATA_HOME"),
        std::env::var_os("HOME"),
        ".local/share",
    )
}

/// The user's copy of a settings file, if there is one.
pub fn user_config(name: &str) -> Option<PathBuf> {
    config_dir().map(|d| d.join(name)).filter(|p| p.is_file())
}

/// XDG rules: an absolute `$XDG_*` wins; a relative or empty one is ignored; else `$HOME/fallback`.
pub fn resolve(xdg: Option<OsString>, home: Option<OsString>, fallback: &str) -> Option<PathBuf> {
    if let Some(x) = xdg.map(PathBuf::from).filter(|p| p.is_absolute()) {
        return Some(x.join("hector"));
    }
    let home = home.map(PathBuf::from).filter(|p| p.is_absolute())?;
    Some(home.join(fallback).join("hector"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xdg_wins_when_absolute() {
        let r = resolve(Some("/x/cfg".into()), Some("/home/p".into()), ".config");
        assert_eq!(r, Some(PathBuf::from("/x/cfg/hector")));
        let r = resolve(Some("rel".into()), Some("/home/p".into()), ".config");
        assert_eq!(r, Some(PathBuf::from("/home/p/.config/hector")));
        let r = resolve(Some("".into()), Some("/home/p".into()), ".local/share");
        assert_eq!(r, Some(PathBuf::from("/home/p/.local/share/hector")));
        assert_eq!(resolve(None, None, ".config"), None);
    }
}
