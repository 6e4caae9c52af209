//! `olympiad`: the one binary. Each subcommand lives in its own module; this file only parses
//! the command line and turns errors into messages and exit codes (2 for bad input).

mod bench;
mod games;
mod matches;
mod perft;
mod show;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The computer-games olympiad: exact rules, perft-verified move generators, engines and
/// tournaments for competition games.
#[derive(Parser, Debug)]
#[command(name = "olympiad", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games, one line each.
    Games,
    /// Count the move sequences of a given length (perft), optionally per root move.
    Perft(perft::Args),
    /// Draw a position: board, side to move, status, legal moves, outcome, position text.
    Show(show::Args),
    /// Measure move generation and perft speed on one thread.
    Bench(bench::Args),
    /// Play a match between two players (built-in engines or programs speaking the CodeCup
    /// dialogue): seats alternate, one line per game, W/D/L, score and Elo at the end.
    Match(matches::Args),
}

/// An error caused by the user's input (exit code 2), as opposed to a failure of the program.
#[derive(Debug)]
pub struct InputError(pub String);

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// Shorthand for returning an [`InputError`].
pub fn input_error(message: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(InputError(message.into()))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Games => games::list(),
        Command::Perft(args) => perft::run(&args),
        Command::Show(args) => show::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Match(args) => matches::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("olympiad: {e:#}");
            if e.downcast_ref::<InputError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}
