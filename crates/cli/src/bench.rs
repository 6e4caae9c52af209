//! `olympiad bench`: single-thread speed of a game's move generator, on a fixed set of
//! positions from seeded random games (opening, middle game, endgame), and perft from the
//! start. Prints a table; asserts nothing about speed.

use crate::games;
use olympiad_catalog::BenchOptions;

/// Arguments of `olympiad bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (see `olympiad games`).
    #[arg(default_value = "caissa")]
    pub game: String,
    /// Perft depth from the start position.
    #[arg(long, default_value_t = 5)]
    pub depth: u32,
    /// Seconds to spend generating moves over the position set, per phase.
    #[arg(long, default_value_t = 2.0)]
    pub seconds: f64,
    /// Timed repetitions; the table shows the median.
    #[arg(long, default_value_t = 3)]
    pub runs: usize,
}

/// `olympiad bench`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let game = games::find(&args.game)?;
    let report = game.tools().bench(&BenchOptions {
        depth: args.depth,
        seconds: args.seconds,
        runs: args.runs,
    });
    say!(
        "{} move generation, one thread, median of {} runs",
        args.game,
        args.runs
    );
    say!(
        "{:<10} {:>10} {:>14} {:>16}",
        "phase",
        "positions",
        "moves/pos",
        "legal moves/s"
    );
    for phase in &report.phases {
        say!(
            "{:<10} {:>10} {:>14.1} {:>16.0}",
            phase.name,
            phase.positions,
            phase.moves_per_position,
            phase.moves_per_second
        );
    }
    say!(
        "perft({}) from the start = {}: {:.0} leaves/s (median)",
        report.perft_depth,
        report.perft_nodes,
        report.perft_leaves_per_second
    );
    Ok(())
}
