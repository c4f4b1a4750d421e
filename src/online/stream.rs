//! The streams: NDJSON read line by line (each line bounded), reopened after a growing pause when dropped;
//! and the seek, held open until lichess pairs it.

use std::io::{BufRead, BufReader, Read};
use std::sync::atomic::{AtomicBool, Ordering};

use super::http::{Inner, read_body, seek_form, segment, sleep_unless};
use super::time_control::TimeControl;
use super::wire::{self, GameEvent, Skip};
use super::{Event, MAX_LINE, Seek, SeekEnd, StreamKind};

/// One line of a stream.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Line {
    Text(String),
    Bad(Skip),
}

/// Reads lines of at most `max` bytes; a longer one is read to its end and given as `Bad(TooLong)`.
pub(super) struct Lines<R> {
    r: BufReader<R>,
    max: usize,
}

impl<R: Read> Lines<R> {
    pub fn new(r: R, max: usize) -> Self {
        Lines {
            r: BufReader::new(r),
            max,
        }
    }

    /// The next line, None at the end of the stream.
    pub fn next_line(&mut self) -> std::io::Result<Option<Line>> {
        let mut buf = Vec::new();
        let mut too_long = false;
        loop {
            let chunk = self.r.fill_buf()?;
            if chunk.is_empty() {
                if buf.is_empty() && !too_long {
                    return Ok(None);
                }
                break;
            }
            let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            if !too_long {
                if buf.len() + take > self.max {
                    too_long = true;
                    buf = Vec::new();
                } else {
                    buf.extend_from_slice(&chunk[..take]);
                }
            }
            self.r.consume(take + usize::from(end));
            if end {
                break;
            }
        }
        if too_long {
            return Ok(Some(Line::Bad(Skip::TooLong)));
        }
        Ok(Some(match String::from_utf8(buf) {
            Ok(s) => Line::Text(s),
            Err(_) => Line::Bad(Skip::NotText),
        }))
    }
}

fn stopped(stop: &AtomicBool) -> bool {
    stop.load(Ordering::SeqCst)
}

/// Why a connection ended.
enum End {
    /// The server closed it.
    Closed,
    /// It broke (or the server answered something else than 200).
    Broken(String),
    /// Given up for good (401, 404...), said already.
    Failed,
    /// The handle was dropped.
    Stopped,
}

/// Runs a stream until its handle is dropped, it fails for good, or (a game's) the game is over.
pub(super) fn run(inner: &Inner, kind: StreamKind, stop: &AtomicBool) {
    let path = match &kind {
        StreamKind::Events => "/api/stream/event".to_string(),
        StreamKind::Game(id) => match segment(id) {
            Some(id) => format!("/api/board/game/stream/{id}"),
            None => {
                (inner.sink)(Event::StreamFailed {
                    stream: kind.clone(),
                    status: 0,
                    error: "not a valid game id".into(),
                });
                return;
            }
        },
        StreamKind::Seek => return,
    };
    let mut pause = inner.pauses.reconnect_first;
    let mut lost = false;
    // Whether the game (of a game stream) is over, from the last gameFull or gameState.
    let mut over = false;
    loop {
        if stopped(stop) {
            return;
        }
        let end = match inner.call_patiently(false, &path, &[], Some(stop)) {
            Err(e) => End::Broken(e.to_string()),
            Ok(resp) if resp.status().as_u16() == 200 => {
                if lost {
                    (inner.sink)(Event::ConnectedAgain {
                        stream: kind.clone(),
                    });
                    lost = false;
                }
                // The pause starts again from the shortest once a line came through (a server that
                // accepts and drops at once keeps the growing pause).
                let body = resp.into_body().into_reader();
                let (end, got_line) = read_lines(inner, &kind, body, stop, &mut over);
                if got_line {
                    pause = inner.pauses.reconnect_first;
                }
                end
            }
            Ok(resp) => {
                let (status, body) = read_body(resp);
                if matches!(status, 400..=499) {
                    (inner.sink)(Event::StreamFailed {
                        stream: kind.clone(),
                        status,
                        error: wire::error_text(&body),
                    });
                    End::Failed
                } else {
                    End::Broken(format!("the server answered {status}"))
                }
            }
        };
        match end {
            End::Failed | End::Stopped => return,
            End::Closed if over => {
                if let StreamKind::Game(id) = &kind {
                    (inner.sink)(Event::GameStreamEnded { id: id.clone() });
                }
                return;
            }
            End::Closed => end_lost(
                inner,
                &kind,
                &mut lost,
                "the server closed the stream".into(),
            ),
            End::Broken(reason) => end_lost(inner, &kind, &mut lost, reason),
        }
        if stopped(stop) || !sleep_unless(pause, Some(stop)) {
            return;
        }
        pause = (pause * 2).min(inner.pauses.reconnect_max);
    }
}

fn end_lost(inner: &Inner, kind: &StreamKind, lost: &mut bool, reason: String) {
    if !*lost {
        *lost = true;
        (inner.sink)(Event::ConnectionLost {
            stream: kind.clone(),
            reason,
        });
    }
}

/// Reads a stream's lines and reports them, until it ends.
fn read_lines(
    inner: &Inner,
    kind: &StreamKind,
    body: impl Read,
    stop: &AtomicBool,
    over: &mut bool,
) -> (End, bool) {
    let mut lines = Lines::new(body, MAX_LINE);
    let mut got_line = false;
    loop {
        if stopped(stop) {
            return (End::Stopped, got_line);
        }
        let line = match lines.next_line() {
            Ok(Some(l)) => l,
            Ok(None) => return (End::Closed, got_line),
            Err(e) => return (End::Broken(e.to_string()), got_line),
        };
        got_line = true;
        if stopped(stop) {
            return (End::Stopped, got_line);
        }
        let text = match line {
            Line::Text(t) => t,
            Line::Bad(why) => {
                (inner.sink)(Event::Skipped {
                    stream: kind.clone(),
                    why,
                });
                continue;
            }
        };
        let event = match kind {
            StreamKind::Game(id) => wire::parse_game_line(&text).map(|e| {
                e.map(|event| {
                    match &event {
                        GameEvent::GameFull(f) => *over = !f.state.status.is_playing(),
                        GameEvent::GameState(s) => *over = !s.status.is_playing(),
                        _ => {}
                    }
                    Event::Game {
                        id: id.clone(),
                        event,
                    }
                })
            }),
            _ => wire::parse_lobby_line(&text).map(|e| e.map(Event::Lobby)),
        };
        match event {
            Ok(Some(e)) => (inner.sink)(e),
            Ok(None) => {}
            Err(why) => (inner.sink)(Event::Skipped {
                stream: kind.clone(),
                why,
            }),
        }
    }
}

/// Runs a seek: a real-time one is held open until lichess closes it (paired or expired) or the handle is
/// dropped; a correspondence one answers at once with its id. A 429 waits and tries again; a seek lost on
/// the network is not sent again (it may have been paired: the event stream tells).
pub(super) fn seek(inner: &Inner, seek: Seek, stop: &AtomicBool) {
    let form = seek_form(&seek);
    let end = match inner.call_patiently(true, "/api/board/seek", &form, Some(stop)) {
        Err(_) if stopped(stop) => return,
        Err(e) => SeekEnd::Lost {
            reason: e.to_string(),
        },
        Ok(resp) if resp.status().as_u16() == 200 => match seek.time {
            TimeControl::Correspondence { .. } => {
                let (_, body) = read_body(resp);
                match serde_json::from_str::<wire::IdBody>(&body) {
                    Ok(b) => SeekEnd::Created { id: b.id },
                    Err(_) => SeekEnd::Created { id: String::new() },
                }
            }
            TimeControl::RealTime { .. } => {
                let mut lines = Lines::new(resp.into_body().into_reader(), MAX_LINE);
                loop {
                    if stopped(stop) {
                        return;
                    }
                    match lines.next_line() {
                        Ok(Some(_)) => continue,
                        Ok(None) => break SeekEnd::Closed,
                        Err(e) => {
                            break SeekEnd::Lost {
                                reason: e.to_string(),
                            };
                        }
                    }
                }
            }
        },
        Ok(resp) => {
            let (status, body) = read_body(resp);
            SeekEnd::Refused {
                status,
                error: wire::error_text(&body),
            }
        }
    };
    if !stopped(stop) {
        (inner.sink)(Event::SeekEnded(end));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_bounded() {
        let data = format!("a\n\n{}\nb\nlast", "x".repeat(100));
        let mut l = Lines::new(data.as_bytes(), 10);
        assert_eq!(l.next_line().unwrap(), Some(Line::Text("a".into())));
        assert_eq!(l.next_line().unwrap(), Some(Line::Text("".into())));
        assert_eq!(l.next_line().unwrap(), Some(Line::Bad(Skip::TooLong)));
        assert_eq!(l.next_line().unwrap(), Some(Line::Text("b".into())));
        assert_eq!(l.next_line().unwrap(), Some(Line::Text("last".into())));
        assert_eq!(l.next_line().unwrap(), None);
        let mut l = Lines::new(&b"\xff\xfe\n"[..], 10);
        assert_eq!(l.next_line().unwrap(), Some(Line::Bad(Skip::NotText)));
    }
}
