//! The server hector talks to (`--lichess-url`): `https://` anywhere, `http://` only on this machine
//! (loopback: 127.0.0.0/8, ::1, localhost), since a token sent in clear over a network is a token given away.

use std::fmt;
use std::net::IpAddr;

/// lichess itself.
pub const DEFAULT_URL: &str = "https://lichess.org";
/// The longest URL accepted.
const MAX_URL: usize = 2000;

/// A checked server address: scheme and authority, and an optional path prefix, without a trailing `/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerUrl {
    base: String,
    host: String,
    loopback: bool,
}

/// Why an address is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UrlError {
    /// Not `http://` or `https://`.
    Scheme,
    /// `http://` to a host that is not this machine.
    PlainHttpNotLoopback { host: String },
    /// No host, a user name in it, a query or fragment, spaces or control characters, or too long.
    Malformed { reason: &'static str },
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlError::Scheme => write!(f, "the lichess address must start with https://"),
            UrlError::PlainHttpNotLoopback { host } => write!(
                f,
                "http:// is allowed only for this machine (127.0.0.1, ::1, localhost), not {host}: the token \
                 would cross the network unencrypted; use https://"
            ),
            UrlError::Malformed { reason } => {
                write!(f, "the lichess address is not valid: {reason}")
            }
        }
    }
}

impl std::error::Error for UrlError {}

impl ServerUrl {
    /// Checks an address given with `--lichess-url`.
    pub fn parse(text: &str) -> Result<ServerUrl, UrlError> {
        let bad = |reason| Err(UrlError::Malformed { reason });
        if text.len() > MAX_URL {
            return bad("too long");
        }
        if !text.bytes().all(|b| b.is_ascii_graphic()) {
            return bad("spaces or control characters");
        }
        let lower = text.to_ascii_lowercase();
        let (https, rest) = if lower.starts_with("https://") {
            (true, &text[8..])
        } else if lower.starts_with("http://") {
            (false, &text[7..])
        } else {
            return Err(UrlError::Scheme);
        };
        if rest.contains(['?', '#']) {
            return bad("a query or fragment");
        }
        let (authority, path) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, ""),
        };
        if authority.contains('@') {
            return bad("a user name in the address");
        }
        let host = host_of(authority).ok_or(UrlError::Malformed { reason: "no host" })?;
        let loopback = is_loopback(&host);
        if !https && !loopback {
            return Err(UrlError::PlainHttpNotLoopback { host });
        }
        let scheme = if https { "https://" } else { "http://" };
        let base = format!("{scheme}{authority}{}", path.trim_end_matches('/'));
        Ok(ServerUrl {
            base,
            host: host.to_ascii_lowercase(),
            loopback,
        })
    }

    /// The address as given, without a trailing `/`, e.g. `https://lichess.org`.
    pub fn as_str(&self) -> &str {
        &self.base
    }

    /// The host name or address (no port).
    pub fn host(&self) -> &str {
        &self.host
    }

    /// True for this machine (the test server).
    pub fn is_loopback(&self) -> bool {
        self.loopback
    }

    /// A page of the server: `path` starts with `/`.
    pub fn join(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The game's page, for PGN's `[Site]`: `URL/ID`.
    pub fn game_url(&self, game_id: &str) -> String {
        self.join(&format!("/{game_id}"))
    }
}

impl Default for ServerUrl {
    fn default() -> Self {
        ServerUrl::parse(DEFAULT_URL).expect("the default address is valid")
    }
}

impl fmt::Display for ServerUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.base)
    }
}

/// The host of `host[:port]` or `[v6][:port]`.
fn host_of(authority: &str) -> Option<String> {
    let host = if let Some(r) = authority.strip_prefix('[') {
        let end = r.find(']')?;
        let after = &r[end + 1..];
        if !(after.is_empty() || port_ok(after.strip_prefix(':')?)) {
            return None;
        }
        &r[..end]
    } else {
        match authority.rsplit_once(':') {
            Some((h, p)) if port_ok(p) => h,
            Some(_) => return None,
            None => authority,
        }
    };
    (!host.is_empty()).then(|| host.to_string())
}

fn port_ok(p: &str) -> bool {
    !p.is_empty() && p.len() <= 5 && p.parse::<u16>().is_ok()
}

/// 127.0.0.0/8, ::1 (and ::ffff:127.x), `localhost`.
fn is_loopback(host: &str) -> bool {
    if host.eq_ignore_ascii_case("localhost") {
        return true;
    }
    match host.parse::<IpAddr>() {
        Ok(IpAddr::V4(a)) => a.is_loopback(),
        Ok(IpAddr::V6(a)) => a.is_loopback() || a.to_ipv4_mapped().is_some_and(|v| v.is_loopback()),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn https_anywhere_http_only_here() {
        let u = ServerUrl::parse("https://lichess.org/").unwrap();
        assert_eq!(u.as_str(), "https://lichess.org");
        assert_eq!(u.game_url("abcd1234"), "https://lichess.org/abcd1234");
        assert!(!u.is_loopback());
        for ok in [
            "http://127.0.0.1:8080",
            "http://127.5.6.7",
            "http://[::1]:9000/",
            "http://localhost:1",
        ] {
            assert!(ServerUrl::parse(ok).unwrap().is_loopback(), "{ok}");
        }
        for no in [
            "http://lichess.org",
            "http://10.0.0.1:80",
            "http://127.0.0.1.evil.com",
            "http://[::2]",
        ] {
            assert!(
                matches!(
                    ServerUrl::parse(no),
                    Err(UrlError::PlainHttpNotLoopback { .. })
                ),
                "{no}"
            );
        }
        assert_eq!(ServerUrl::parse("ftp://x"), Err(UrlError::Scheme));
        assert!(ServerUrl::parse("https://u:p@lichess.org").is_err());
        assert!(ServerUrl::parse("https://lichess.org/?a=b").is_err());
        assert!(ServerUrl::parse("https://").is_err());
        assert!(ServerUrl::parse("http://127.0.0.1:99999").is_err());
        let e = ServerUrl::parse("http://example.com")
            .unwrap_err()
            .to_string();
        assert!(e.contains("https://"), "{e}");
    }
}
