//! `olympiad`: the one binary. Each subcommand lives in its own module; this file only parses
//! the command line and turns errors into messages and exit codes (2 for bad input).

/// Prints a line to standard output. When the reader has gone (`olympiad ... | head`), it
/// exits quietly with success, as Unix tools do, instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => { $crate::say_line(format_args!($($arg)*), true) };
}

/// Prints a line to standard output and carries on if nobody reads it any more (for
/// long-running work, like a match, whose records go to files and whose programs must be
/// shut down in order).
macro_rules! say_or_drop {
    ($($arg:tt)*) => { $crate::say_line(format_args!($($arg)*), false) };
}

mod bench;
mod book;
mod caia;
mod cluster_args;
mod egdb;
mod game_file;
mod games;
mod matches;
mod openings;
mod perft;
mod play;
mod serve;
mod show;
mod sudoku;
mod tournament;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The computer-games olympiad: exact rules, perft-verified move generators, engines and
/// tournaments for competition games.
#[derive(Parser, Debug)]
#[command(
    name = "olympiad",
    version,
    about = "The computer-games olympiad: exact rules, perft-verified move generators, an arena \
             that runs game programs with exact clocks, and match statistics.",
    after_help = "Games: `olympiad games`. Each command explains itself: `olympiad help COMMAND`."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games, one line each.
    Games,
    /// List the built-in engines of a game (or of every game) and the protocols.
    Engines {
        /// The game (default: every game).
        game: Option<String>,
    },
    /// Count the move sequences of a given length (perft), optionally per root move.
    Perft(perft::Args),
    /// Draw a position: board, side to move, status, legal moves, outcome, position text.
    Show(show::Args),
    /// Measure move generation and perft speed on one thread.
    Bench(bench::Args),
    /// Play a match (built-in engines or programs: the CodeCup dialogue for two seats, the
    /// Caia Rolit dialogue for more, UCI and CECP for chess, GTP for Go): seats rotate, one
    /// line per game; W/D/L, score and Elo for two players, average rank and score share for
    /// more.
    Match(Box<matches::Args>),
    /// Play a game as a player program: Caïssa in the CodeCup dialogue (`start` or the
    /// opponent's moves in, a move out), Rolit in the Caia dialogue (its number first, then
    /// every other player's move; it moves in turn and stops after the last move or on `0`),
    /// chess over UCI or CECP, Go over GTP (for GoGui, Sabaki or an arena); search reports
    /// on stderr.
    Play(play::Args),
    /// Rebuild the Caïssa opening book by deep searches of the first plies.
    Book(book::Args),
    /// Build a balanced opening set: random openings a strong engine finds level, in the
    /// game's opening format (chess: EPD).
    Openings(openings::Args),
    /// Solve Sudoku puzzles (first, unique or all solutions), or explain each step in Aart
    /// Bik's notation with --verbose.
    Sudoku(sudoku::Args),
    /// The Caia hub: runs a CodeCup manager, which starts the referee and the players;
    /// routes their lines, keeps the players' clocks, and leaves no process behind.
    Caiaio(caia::CaiaioArgs),
    /// A Caia referee: plays one game between the hub's players (two, or Rolit's table),
    /// checks every move, and reports the result to the manager.
    Referee(caia::RefereeArgs),
    /// Play a tournament from a TOML config (round robin, Swiss, CodeCup, gauntlet; without
    /// a config, a demo among the built-in Caïssa engines) into a SQLite database that
    /// --resume continues; standings, crosstable, ratings, HTML/JSON/TRF reports.
    Tournament(tournament::Args),
    /// A Caia competition manager: every player against every other in every seat (for
    /// `seats = N`, every N-player subset with the seats rotated), through the hub; results
    /// and standings on stderr.
    Manager(caia::ManagerArgs),
    /// Checkers endgame databases: build them (every position of up to N pieces, win, loss
    /// or draw by retrograde analysis), print their statistics, probe a position.
    #[command(subcommand)]
    Egdb(egdb::Command),
    /// The web viewer over stored tournaments (read-only, loopback unless --bind says
    /// otherwise): standings, plots, every game replayed on a board.
    Serve(serve::Args),
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

/// Writes one line to standard output; on a closed pipe, exits (`exit_on_close`) or drops it.
pub fn say_line(args: std::fmt::Arguments<'_>, exit_on_close: bool) {
    use std::io::Write;
    let result = writeln!(std::io::stdout().lock(), "{args}");
    if let Err(e) = result
        && e.kind() == std::io::ErrorKind::BrokenPipe
        && exit_on_close
    {
        std::process::exit(0);
    }
}

/// Shorthand for returning an [`InputError`].
pub fn input_error(message: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(InputError(message.into()))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if matches!(
        cli.command,
        Command::Match(_) | Command::Caiaio(_) | Command::Tournament(_) | Command::Openings(_)
    ) {
        // These start programs in process groups of their own, which the terminal's Ctrl-C
        // does not reach: the handler kills them before olympiad ends.
        olympiad_arena::interrupt::install();
    }
    let result = match cli.command {
        Command::Games => games::list(),
        Command::Engines { game } => games::engines(game.as_deref()),
        Command::Perft(args) => perft::run(&args),
        Command::Show(args) => show::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Openings(args) => openings::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Sudoku(args) => sudoku::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Egdb(command) => egdb::run(&command),
        Command::Book(args) => book::run(&args),
        Command::Caiaio(args) => caia::run_caiaio(&args),
        Command::Referee(args) => caia::run_referee(&args),
        Command::Manager(args) => caia::run_manager(&args),
        Command::Tournament(args) => tournament::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("olympiad: {e:#}");
            if e.downcast_ref::<InputError>().is_some() {
                ExitCode::from(2)
            } else if e.downcast_ref::<play::OpponentError>().is_some() {
                ExitCode::from(3)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}
