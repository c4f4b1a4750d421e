//! hector's command line: parse options, build the game, run the chosen face.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};

use hector::rules::{Edition, Game};
use hector::session::{self, Config, Session};
use hector::ui::line::{self, LineOptions};
use hector::words::{Phrases, Vocabulary};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OpponentArg {
    Engine,
    Human,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OnOff {
    On,
    Off,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ModeArg {
    Play,
    Record,
    Assistant,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorArg {
    White,
    Black,
}

/// hector: play, record and check chess games by ear and keyboard, under the FIDE Laws of Chess.
#[derive(Debug, Parser)]
#[command(name = "hector", version, about)]
struct Args {
    /// Line mode: one command per line on stdin, one announcement per line on stdout.
    #[arg(long)]
    line: bool,
    /// Self-voicing (default on in full-screen, off in line mode).
    #[arg(long, value_enum)]
    speech: Option<OnOff>,
    /// Append every announcement, with a time stamp, to this file.
    #[arg(long, value_name = "FILE")]
    speech_log: Option<PathBuf>,
    /// Board words: appendix-d, english, greek, or a .ron file.
    #[arg(long, value_name = "NAME|FILE")]
    vocabulary: Option<String>,
    /// Language of everything that is not board vocabulary: en, de, el.
    #[arg(long, value_name = "LANG")]
    language: Option<String>,
    /// Who plays the other side.
    #[arg(long, value_enum)]
    opponent: Option<OpponentArg>,
    /// The UCI engine command.
    #[arg(long, value_name = "CMD")]
    engine: Option<String>,
    /// Engine strength.
    #[arg(long, value_name = "N")]
    level: Option<u32>,
    /// The side the player plays against the engine.
    #[arg(long, value_enum)]
    color: Option<ColorArg>,
    /// Time control (PGN TimeControl syntax or short form).
    #[arg(long, value_name = "CONTROL")]
    time: Option<String>,
    /// Delay mode (Article 6.3.2) instead of increment.
    #[arg(long, value_name = "SECONDS")]
    delay: Option<u32>,
    /// Start from this position.
    #[arg(long, value_name = "FEN", conflicts_with_all = ["chess960", "load"])]
    fen: Option<String>,
    /// Start from Chess960 position N (0..959).
    #[arg(long, value_name = "N", conflicts_with = "load")]
    chess960: Option<u32>,
    /// Continue a saved game.
    #[arg(long, value_name = "FILE.pgn")]
    load: Option<PathBuf>,
    /// Keep the game in this file, written after every move.
    #[arg(long, value_name = "FILE.pgn")]
    save: Option<PathBuf>,
    /// play, record or assistant.
    #[arg(long, value_enum)]
    mode: Option<ModeArg>,
    /// Time stands still except for `wait`.
    #[arg(long)]
    virtual_clock: bool,
    /// Edition of the Laws: 2018 (default), 2014, 2009, 2005.
    #[arg(long, value_name = "YEAR", default_value = "2018")]
    edition: Edition,
    /// Announce moves with from- and to-square.
    #[arg(long)]
    long: bool,
    /// Diagnostics on stderr.
    #[arg(long)]
    verbose: bool,
}

fn build_game(args: &Args) -> Result<Game, String> {
    let game = if let Some(fen) = &args.fen {
        Game::from_fen(fen).map_err(|e| format!("Cannot start from that FEN: {e}"))?
    } else if let Some(n) = args.chess960 {
        Game::chess960(n).map_err(|e| format!("Cannot start that Chess960 game: {e}"))?
    } else if let Some(path) = &args.load {
        return load(path, args.edition);
    } else {
        Game::new()
    };
    Ok(game.with_edition(args.edition))
}

fn load(path: &PathBuf, edition: Edition) -> Result<Game, String> {
    let text = std::fs::read(path).map_err(|e| format!("Cannot read {}: {e}", path.display()))?;
    let text = String::from_utf8_lossy(&text);
    let report = hector::rules::pgn::import(&text);
    if let Some(err) = report.errors.first() {
        return Err(format!("Cannot load {}: {err}", path.display()));
    }
    let Some(game) = report.games.into_iter().next() else {
        return Err(format!("Cannot load {}: the file holds no game", path.display()));
    };
    Ok(game.with_edition(edition))
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut notices = Vec::new();
    let vocabulary = match Vocabulary::load(args.vocabulary.as_deref().unwrap_or("appendix-d")) {
        Ok(v) => v,
        Err(e) => {
            println!("Cannot use that vocabulary: {e}");
            return ExitCode::from(2);
        }
    };
    let language = args.language.clone().unwrap_or_else(|| "en".to_string());
    let Some(phrases) = Phrases::builtin(&language) else {
        println!("No phrases for the language \"{language}\": choose en, de or el");
        return ExitCode::from(2);
    };
    let game = match build_game(&args) {
        Ok(g) => g,
        Err(msg) => {
            // The reason is for the player: it goes where announcements go, and the exit code says it failed.
            println!("{msg}");
            return ExitCode::from(2);
        }
    };
    if args.opponent == Some(OpponentArg::Engine) || (!args.line && args.opponent.is_none()) {
        notices.push("Playing against an engine is not available yet; both sides' moves are entered here".to_string());
    }
    if args.time.is_some() || args.delay.is_some() || args.virtual_clock {
        notices.push("The talking clock is not available yet; this game has no clock".to_string());
    }
    if args.speech == Some(OnOff::On) {
        notices.push("Speech is not available yet; every announcement is printed".to_string());
    }
    if matches!(args.mode, Some(ModeArg::Record | ModeArg::Assistant)) {
        notices.push("Record and assistant modes are not available yet; playing a normal game".to_string());
    }
    if args.verbose {
        eprintln!("hector: edition {}, start {}", args.edition, game.start_fen());
    }
    let config = Config {
        opponent: session::Opponent::Human,
        save_path: args.save.clone(),
        vocabulary,
        phrases,
        long_form: args.long,
        time_control: args.time.clone(),
    };
    let session = Session::new(game, config);
    match line::run(session, LineOptions { speech_log: args.speech_log.clone(), notices }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hector: {e}");
            ExitCode::FAILURE
        }
    }
}
