//! `olympiad perft`: counts, divide, threads and the lossless hash table, with a last line
//! that scripts can read.

use crate::games;
use olympiad_catalog::{PerftOptions, Setup};
use olympiad_core::perft::GameOverLeaves;

/// Arguments of `olympiad perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (see `olympiad games`).
    pub game: String,
    /// Plies to count.
    pub depth: u32,
    /// Start from this position text instead of the start position (`olympiad show GAME`
    /// prints the start position's text; one that begins with `-` is fine).
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Play these moves first (space-separated, e.g. "b2-c4 e5-c5").
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// Print the count below each root move, one line `MOVE: COUNT` each.
    #[arg(long)]
    pub divide: bool,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB (0 = none). Entries hold whole positions, so a hash
    /// collision can never give a wrong count.
    #[arg(long, default_value_t = 0)]
    pub hash: usize,
    /// How a finished game above the target depth counts: `zero` (only full-length
    /// sequences), `one` (a finished game is a leaf), `last-ply` (a leaf only with one ply
    /// left). Default: the convention of the game's published counts.
    #[arg(long, value_parser = parse_game_over)]
    pub game_over: Option<GameOverLeaves>,
}

fn parse_game_over(text: &str) -> Result<GameOverLeaves, String> {
    match text {
        "zero" => Ok(GameOverLeaves::Zero),
        "one" => Ok(GameOverLeaves::One),
        "last-ply" => Ok(GameOverLeaves::OneAtLastPly),
        _ => Err(format!("expected zero, one or last-ply, not '{text}'")),
    }
}

/// `olympiad perft`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let game = games::find(&args.game)?;
    if args.threads == 0 {
        return Err(crate::input_error("--threads must be at least 1"));
    }
    let setup = Setup {
        position: args.position.as_deref(),
        moves: args.moves.as_deref(),
    };
    let options = PerftOptions {
        threads: args.threads,
        hash_mib: args.hash,
        game_over: args.game_over,
        divide: args.divide,
    };
    let report = game
        .tools()
        .perft(&setup, args.depth, &options)
        .map_err(games::setup_error)?;
    for (mv, count) in report.divide.iter().flatten() {
        say!("{mv}: {count}");
    }
    let secs = report.elapsed.as_secs_f64();
    say!("nodes: {}", report.nodes);
    say!(
        "time: {secs:.3} s, {:.0} nodes/s",
        report.nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}
