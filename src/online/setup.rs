//! What the edge needs to start a client, from the command line and the environment, in one call:
//! `--lichess-url`, `--lichess-token-file`, `LICHESS_TOKEN`, the default token file, and the test pauses
//! (honoured only for a loopback server, see [`Pauses::for_server`]). Read at the edge (main/app), never in
//! the session.

use std::fmt;
use std::path::Path;

use super::http::{PAUSE_ENV, Pauses};
use super::{Client, Event, ServerUrl, TOKEN_ENV, Token, TokenError, UrlError, find_token};

/// A checked server, a token, and the pauses for that server.
#[derive(Debug, Clone)]
pub struct Setup {
    pub url: ServerUrl,
    pub token: Token,
    pub pauses: Pauses,
}

/// Why online play cannot start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    Url(UrlError),
    Token(TokenError),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Url(e) => e.fmt(f),
            SetupError::Token(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// From the options (`url`: `--lichess-url`, else lichess.org; `token_file`: `--lichess-token-file`) and
    /// the process's environment (`LICHESS_TOKEN`, `$XDG_CONFIG_HOME`, the test pauses).
    pub fn from_env(url: Option<&str>, token_file: Option<&Path>) -> Result<Setup, SetupError> {
        let env = std::env::var(TOKEN_ENV).ok();
        let pause = std::env::var(PAUSE_ENV).ok();
        Setup::from_parts(
            url,
            token_file,
            env.as_deref(),
            crate::dirs::config_dir().as_deref(),
            pause.as_deref(),
        )
    }

    /// The same with everything passed in (tests).
    pub fn from_parts(
        url: Option<&str>,
        token_file: Option<&Path>,
        token_env: Option<&str>,
        config_dir: Option<&Path>,
        pause_env: Option<&str>,
    ) -> Result<Setup, SetupError> {
        let url = match url {
            Some(u) => ServerUrl::parse(u).map_err(SetupError::Url)?,
            None => ServerUrl::default(),
        };
        let token = find_token(token_file, token_env, config_dir).map_err(SetupError::Token)?;
        let pauses = Pauses::for_server(&url, pause_env);
        Ok(Setup { url, token, pauses })
    }

    /// A client reporting to `sink`.
    pub fn client(self, sink: impl Fn(Event) + Send + Sync + 'static) -> Client {
        Client::new(self.url, self.token, sink).with_pauses(self.pauses)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn url_checked_before_the_token_and_pauses_only_here() {
        let e = Setup::from_parts(Some("http://example.com"), None, Some("lip_x"), None, None)
            .unwrap_err();
        assert!(matches!(
            e,
            SetupError::Url(UrlError::PlainHttpNotLoopback { .. })
        ));
        let e = Setup::from_parts(None, None, None, None, None).unwrap_err();
        assert!(matches!(
            e,
            SetupError::Token(TokenError::Missing { default_file: None })
        ));
        let s = Setup::from_parts(
            Some("http://127.0.0.1:5"),
            None,
            Some("lip_x"),
            None,
            Some("10"),
        )
        .unwrap();
        assert_eq!(s.pauses.rate_limit, Duration::from_millis(10));
        let s = Setup::from_parts(None, None, Some("lip_x"), None, Some("10")).unwrap();
        assert_eq!(s.url.as_str(), "https://lichess.org");
        assert_eq!(s.pauses.rate_limit, Duration::from_secs(60));
        assert!(!format!("{s:?}").contains("lip_x"));
    }
}
