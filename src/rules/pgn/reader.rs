//! PGN import: the games of a file read one at a time, or all into a report.

use std::io::{Cursor, Seek};

use pgn_reader::Reader;

use crate::rules::game::Game;
use crate::rules::tags::Tags;

use super::build::build_game;
use super::collect::Collector;
use super::report::{
    ImportError, ImportErrorKind, ImportOptions, ImportReport, ImportWarning, players,
};
use super::scan::{merge_dropped, scan_game};

/// Reads every game of a PGN text under the default options. Never panics; see [`ImportReport`].
pub fn import(text: &str) -> ImportReport {
    import_with(text.as_bytes(), &ImportOptions::default())
}

/// Like [`import`], for a file's raw bytes: text that is not UTF-8 is read as Latin-1.
pub fn import_bytes(bytes: &[u8]) -> ImportReport {
    import_with(bytes, &ImportOptions::default())
}

/// Reads every game of a PGN file's bytes. Never panics; see [`ImportReport`].
pub fn import_with(bytes: &[u8], options: &ImportOptions) -> ImportReport {
    let mut report = ImportReport::default();
    for one in Importer::new(bytes, options) {
        report.warnings.extend(one.warnings);
        match one.game {
            Ok(game) => {
                report.games.push(game);
                report.numbers.push(one.number);
            }
            Err(e) => report.errors.push(e),
        }
    }
    report
}

/// One game as [`Importer`] reads it.
#[derive(Debug, Clone)]
pub struct Imported {
    /// 1-based position of the game in the file.
    pub number: usize,
    /// The game, checked, or why it cannot be loaded.
    pub game: Result<Game, ImportError>,
    /// What the import changed or left out in this game.
    pub warnings: Vec<ImportWarning>,
}

/// Reads the games of a PGN file's bytes one at a time, so that a large file is never held as games all at
/// once (`--load` keeps only what it needs). [`import_with`] collects the same games into a report.
pub struct Importer<'a> {
    bytes: &'a [u8],
    reader: Reader<Cursor<&'a [u8]>>,
    collector: Collector,
    number: usize,
    options: ImportOptions,
    done: bool,
}

impl<'a> Importer<'a> {
    pub fn new(bytes: &'a [u8], options: &ImportOptions) -> Importer<'a> {
        Importer {
            bytes,
            reader: Reader::new(Cursor::new(bytes)),
            collector: Collector::default(),
            number: 0,
            options: *options,
            done: false,
        }
    }
}

impl Iterator for Importer<'_> {
    type Item = Imported;

    fn next(&mut self) -> Option<Imported> {
        let bytes = self.bytes;
        while !self.done {
            match self.reader.has_more() {
                Ok(true) => {}
                Ok(false) | Err(_) => break,
            }
            let Ok(start) = self.reader.stream_position() else {
                break;
            };
            let read = self.reader.read_game(&mut self.collector);
            let end = self.reader.stream_position().unwrap_or(bytes.len() as u64);
            let range = (start as usize).min(bytes.len())..(end as usize).min(bytes.len());
            match read {
                Ok(None) => break,
                Ok(Some(())) => {
                    let scan = scan_game(&bytes[range.clone()]);
                    let has_tags = !self.collector.tags.is_empty();
                    let toks = merge_dropped(
                        std::mem::take(&mut self.collector.toks),
                        &bytes[range],
                        scan,
                        has_tags,
                    );
                    let Some(toks) = toks else {
                        // Nothing but whitespace, stray brackets or escapes: not a game.
                        continue;
                    };
                    self.number += 1;
                    let number = self.number;
                    // The next game's tags most likely take about as much room.
                    let room = Tags::with_capacity(
                        self.collector.tags.len() + 2,
                        self.collector.tags.text_len() * 5 / 4 + 16,
                    );
                    let tags = std::mem::replace(&mut self.collector.tags, room);
                    let mut warnings = Vec::new();
                    let mut toks = toks;
                    let game =
                        build_game(number, tags, &mut toks.toks, &self.options, &mut warnings);
                    if toks.mismatch {
                        warnings.push(ImportWarning {
                            game: number,
                            message:
                                "text the reader passed over could not be placed; it was ignored"
                                    .into(),
                        });
                    }
                    let mut reuse = toks.toks;
                    reuse.clear();
                    self.collector.toks = reuse;
                    return Some(Imported {
                        number,
                        game,
                        warnings,
                    });
                }
                Err(e) => {
                    self.number += 1;
                    if end <= start {
                        self.done = true;
                    }
                    let kind = if end as usize >= bytes.len() {
                        // The text ends inside a tag or comment: cut off.
                        ImportErrorKind::CutOff(Box::new(ImportErrorKind::Syntax(e.to_string())))
                    } else {
                        ImportErrorKind::Syntax(e.to_string())
                    };
                    return Some(Imported {
                        number: self.number,
                        game: Err(ImportError {
                            game: self.number,
                            players: players(&self.collector.tags),
                            at: None,
                            kind,
                        }),
                        warnings: Vec::new(),
                    });
                }
            }
        }
        self.done = true;
        None
    }
}

/// The first game of a PGN text, or why it cannot be loaded.
pub fn import_game(text: &str) -> Result<Game, ImportError> {
    let mut report = import(text);
    match (report.numbers.first(), report.errors.first()) {
        (Some(&n), Some(e)) if e.game < n => Err(e.clone()),
        (Some(_), _) => Ok(report.games.swap_remove(0)),
        (None, Some(e)) => Err(e.clone()),
        (None, None) => Err(ImportError {
            game: 1,
            players: None,
            at: None,
            kind: ImportErrorKind::Syntax("no game found".into()),
        }),
    }
}
