//! The player's lichess token: where it is found, how it is kept. A token is a password: it is never shown
//! (its Debug and Display say `Token(hidden)`), never logged, and sent only to the configured server (see
//! `client.rs`: no redirect is ever followed).

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The environment variable holding a token.
pub const TOKEN_ENV: &str = "LICHESS_TOKEN";
/// The default token file's name in hector's config folder (`$XDG_CONFIG_HOME/hector/lichess-token`).
pub const TOKEN_FILE: &str = "lichess-token";
/// A token file is read up to this many bytes (a lichess token is about 30 characters).
const MAX_FILE: u64 = 4096;
/// The longest token accepted.
const MAX_TOKEN: usize = 256;

/// A personal API token. Its text leaves this type only as the `Authorization` header of a request to the
/// configured server.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(hidden)")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(hidden token)")
    }
}

impl Token {
    /// A token from its text (surrounding white space dropped). Refused: empty, over 256 characters, or any
    /// character that is not visible ASCII (it would break the HTTP header).
    pub fn new(text: &str) -> Result<Token, TokenError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(TokenError::Empty);
        }
        if t.len() > MAX_TOKEN || !t.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(TokenError::Malformed);
        }
        Ok(Token(t.to_string()))
    }

    /// The header value; only the client's request builder calls it.
    pub(super) fn bearer(&self) -> String {
        format!("Bearer {}", self.0)
    }

    /// True when `text` contains the token (tests and the log's guard check that it appears nowhere).
    pub fn appears_in(&self, text: &str) -> bool {
        text.contains(&self.0)
    }
}

/// Why no token could be had. The texts name no token, only paths and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenError {
    /// No `LICHESS_TOKEN`, no `--lichess-token-file`, and no default file (its path, when known).
    Missing { default_file: Option<PathBuf> },
    /// The file could not be read.
    Unreadable { path: PathBuf, reason: String },
    /// The file can be read by other users (mode & 0o077 != 0): refused until `chmod 600`.
    OpenToOthers { path: PathBuf, mode: u32 },
    /// The token is empty (an empty variable or file).
    Empty,
    /// The token holds spaces, control characters or is far too long.
    Malformed,
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenError::Missing { default_file } => {
                write!(
                    f,
                    "no lichess token: set {TOKEN_ENV}, or pass --lichess-token-file FILE"
                )?;
                if let Some(p) = default_file {
                    write!(f, ", or put it in {}", p.display())?;
                }
                write!(
                    f,
                    " (a personal token with the board:play scope, made at https://lichess.org/account/oauth/token)"
                )
            }
            TokenError::Unreadable { path, reason } => {
                write!(
                    f,
                    "cannot read the lichess token file {}: {reason}",
                    path.display()
                )
            }
            TokenError::OpenToOthers { path, mode } => write!(
                f,
                "the lichess token file {} can be read by other users (mode {:o}); make it private with: chmod 600 {}",
                path.display(),
                mode & 0o777,
                path.display()
            ),
            TokenError::Empty => write!(f, "the lichess token is empty"),
            TokenError::Malformed => {
                write!(
                    f,
                    "the lichess token is not a token (spaces, control characters, or too long)"
                )
            }
        }
    }
}

impl std::error::Error for TokenError {}

/// Finds the token: `--lichess-token-file` first (it replaces the variable), then `LICHESS_TOKEN` (its value
/// passed as `env`), then the default file in `config_dir` (hector's config folder, `dirs::config_dir()`).
/// Read at the edge; `env` and `config_dir` are passed in so tests never read the real ones.
pub fn find_token(
    file: Option<&Path>,
    env: Option<&str>,
    config_dir: Option<&Path>,
) -> Result<Token, TokenError> {
    if let Some(f) = file {
        return read_token_file(f);
    }
    if let Some(e) = env {
        return Token::new(e);
    }
    let default_file = config_dir.map(|d| d.join(TOKEN_FILE));
    match &default_file {
        Some(p) if p.exists() => read_token_file(p),
        _ => Err(TokenError::Missing { default_file }),
    }
}

/// Reads a token file, refusing one that other users can read (on Unix).
pub fn read_token_file(path: &Path) -> Result<Token, TokenError> {
    let unreadable = |e: std::io::Error| TokenError::Unreadable {
        path: path.to_path_buf(),
        reason: e.to_string(),
    };
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let meta = file.metadata().map_err(unreadable)?;
    if !meta.is_file() {
        return Err(TokenError::Unreadable {
            path: path.to_path_buf(),
            reason: "not a file".into(),
        });
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = meta.permissions().mode();
        if mode & 0o077 != 0 {
            return Err(TokenError::OpenToOthers {
                path: path.to_path_buf(),
                mode,
            });
        }
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(TokenError::Malformed);
    }
    let text = String::from_utf8(bytes).map_err(|_| TokenError::Malformed)?;
    Token::new(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_shown() {
        let t = Token::new("lip_secret123\n").unwrap();
        assert!(!format!("{t:?} {t}").contains("secret"));
        assert!(t.appears_in("xx lip_secret123 yy"));
        assert_eq!(t.bearer(), "Bearer lip_secret123");
    }

    #[test]
    fn bad_tokens_refused() {
        assert_eq!(Token::new("  "), Err(TokenError::Empty));
        assert_eq!(Token::new("a b"), Err(TokenError::Malformed));
        assert_eq!(Token::new("a\r\nX: y"), Err(TokenError::Malformed));
        assert_eq!(Token::new(&"a".repeat(300)), Err(TokenError::Malformed));
    }

    #[test]
    fn order_file_env_default() {
        let dir = std::env::temp_dir().join(format!("hector-token-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join(TOKEN_FILE);
        std::fs::write(&f, "lip_fromfile\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600)).unwrap();
        }
        let from = |t: Token| {
            if t.appears_in("lip_fromfile") {
                "file"
            } else if t.appears_in("lip_env") {
                "env"
            } else {
                "?"
            }
        };
        assert_eq!(
            from(find_token(Some(&f), Some("lip_env"), None).unwrap()),
            "file"
        );
        assert_eq!(
            from(find_token(None, Some("lip_env"), Some(&dir)).unwrap()),
            "env"
        );
        assert_eq!(from(find_token(None, None, Some(&dir)).unwrap()), "file");
        let none = find_token(None, None, Some(&dir.join("nothing"))).unwrap_err();
        assert!(matches!(
            none,
            TokenError::Missing {
                default_file: Some(_)
            }
        ));
        assert!(none.to_string().contains("LICHESS_TOKEN"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o644)).unwrap();
            let e = find_token(Some(&f), None, None).unwrap_err();
            assert!(matches!(e, TokenError::OpenToOthers { .. }));
            assert!(e.to_string().contains("chmod 600"), "{e}");
            assert!(!e.to_string().contains("lip_fromfile"));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
