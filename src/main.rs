//! hector's command line: parse options, build the game, run the chosen face.

use std::process::ExitCode;

use clap::Parser;

use hector::options::Args;

fn main() -> ExitCode {
    match Args::try_parse() {
        Ok(args) => hector::app::run(args),
        Err(e) => hector::app::bad_options(e),
    }
}
