//! The game as an entry of the action log records it, and the hash that seals the entries
//! (SHA-256 from RustCrypto's `sha2`).

/// SHA-256 (FIPS 180-4) as 64 lower-case hex digits, from RustCrypto's `sha2` (the hash an
/// arbiter relies on comes from the crate the Rust world reviews and fuzzes, not from our own code).
pub(super) fn sha256_hex(data: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What the game file holds after an entry, kept in the entry's last field before its seal: `game: N LAST
/// RESULT MOVES MADE`, the number of half-moves, the last one in SAN (`-` before the first), the result (`*`
/// while the game goes on), the first 16 hex digits of the SHA-256 of the moves in SAN joined by spaces, and
/// the move made and waiting for its press, the presses owed and the illegal moves recorded, White's then
/// Black's (`white@3/1/0/0/1`, `-/0/0/0/0`: as the game file's `HectorClock` tag keeps them). With it `hector --verify` compares the log with the game beside it, and a
/// resumed game completes an action the log holds and the game file lacks (a kill between the two writes,
/// for one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameMark {
    pub plies: usize,
    pub last: String,
    pub result: String,
    pub moves: String,
    pub made: String,
}

impl GameMark {
    /// The game as it stands, with the made move, the presses owed and the illegal moves (White, Black).
    pub fn of(
        game: &crate::rules::Game,
        made: Option<(shakmaty::Color, usize)>,
        unpressed: [u32; 2],
        illegal: [u32; 2],
    ) -> GameMark {
        let made = match made {
            // Its half-move number, as the tag writes it.
            Some((c, ply)) => format!("{}@{}", c.fold_wb("white", "black"), ply + 1),
            None => "-".into(),
        };
        let [uw, ub] = unpressed;
        let [iw, ib] = illegal;
        Self::with_made(game, format!("{made}/{uw}/{ub}/{iw}/{ib}"))
    }

    /// The game as a game file keeps it: the made move and the presses owed from its `HectorClock` tag.
    pub fn of_file(game: &crate::rules::Game) -> GameMark {
        let tag = game
            .tags
            .get(super::match_state::resume::TAG)
            .map(|t| &t[..])
            .unwrap_or("");
        let key = |k: &str| {
            tag.split_whitespace()
                .find_map(|w| w.strip_prefix(k).and_then(|v| v.strip_prefix('=')))
        };
        let made = key("made").unwrap_or("-");
        let unpressed = key("unpressed").unwrap_or("0/0");
        let illegal = key("illegal").unwrap_or("0/0");
        Self::with_made(game, format!("{made}/{unpressed}/{illegal}"))
    }

    fn with_made(game: &crate::rules::Game, made: String) -> GameMark {
        let sans: Vec<String> = game.plies().iter().map(|p| p.san.san.to_string()).collect();
        let moves = sha256_hex(sans.join(" ").as_bytes())[..16].to_string();
        GameMark {
            plies: sans.len(),
            last: sans.last().cloned().unwrap_or_else(|| "-".into()),
            result: game.ending().map_or("*", |e| e.result.pgn()).to_string(),
            moves,
            made,
        }
    }

    pub(super) fn field(&self) -> String {
        format!(
            "game: {} {} {} {} {}",
            self.plies, self.last, self.result, self.moves, self.made
        )
    }

    pub(super) fn parse(field: &str) -> Option<GameMark> {
        let rest = field.strip_prefix("game: ")?;
        let parts: Vec<&str> = rest.split(' ').collect();
        let [plies, last, result, moves, made] = parts.as_slice() else {
            return None;
        };
        let hex = moves.len() == 16
            && moves
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        let result_ok = ["1-0", "0-1", "1/2-1/2", "*"].contains(result);
        let plies = plies.parse().ok()?;
        (hex && result_ok && !last.is_empty() && !made.is_empty()).then(|| GameMark {
            plies,
            last: last.to_string(),
            result: result.to_string(),
            moves: moves.to_string(),
            made: made.to_string(),
        })
    }

    /// The same game: the same moves, result, made move, presses owed and illegal moves.
    pub fn agrees(&self, other: &GameMark) -> bool {
        self.plies == other.plies
            && self.moves == other.moves
            && self.result == other.result
            && self.made == other.made
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The test vectors of FIPS 180-4 / NIST, and lengths around the padding boundary.
    #[test]
    fn known_digests() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            sha256_hex(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
        assert_eq!(
            sha256_hex(&[b'a'; 1_000_000]),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        );
        assert_eq!(
            sha256_hex(&[b'a'; 55]),
            "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"
        );
        assert_eq!(
            sha256_hex(&[b'a'; 56]),
            "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"
        );
        assert_eq!(
            sha256_hex(&[b'a'; 64]),
            "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"
        );
    }
}
