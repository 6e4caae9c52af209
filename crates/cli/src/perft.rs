//! `olympiad perft`: counts, divide, threads and the lossless hash table, with a last line
//! that scripts can read; with `--cluster`, the same count spread over processes and
//! machines, journaled and resumable.

use crate::cluster_args::ClusterArgs;
use crate::games;
use olympiad_catalog::{PerftOptions, Setup};
use olympiad_cluster::perft::{PerftJob, PerftOutcome};
use olympiad_core::perft::GameOverLeaves;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `olympiad perft`.
#[derive(clap::Args, Debug)]
#[command(
    disable_help_flag = true,
    after_help = "Across processes (each started with its own -p; process 0 prints):\n  \
    olympiad perft checkers 16 --cluster -n 2 -p 0 --hash 512 --journal perft.db &\n  \
    olympiad perft checkers 16 --cluster -n 2 -p 1 --hash 512\n\
    After a killed process, start every process again with --resume (the journal on \
    process 0): only the units it lacks are counted. docs/cluster.md has ssh and Slurm \
    recipes."
)]
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
    /// Worker threads (with --cluster: -w, workers per process).
    #[arg(long, default_value_t = 1, conflicts_with = "cluster")]
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
    /// Across processes: where process 0 journals finished units (SQLite).
    #[arg(long, requires = "cluster")]
    pub journal: Option<PathBuf>,
    /// Across processes: continue the run in --journal, counting only its missing units.
    #[arg(long, requires = "journal")]
    pub resume: bool,
    /// Across processes: plies from the position to the units of work (default: two
    /// fifths of the depth, deeper when that gives fewer than 64 units per worker; a
    /// resumed run keeps its journal's).
    #[arg(long, requires = "cluster")]
    pub split: Option<u32>,
    /// Across processes: seconds between progress lines on stderr (0: none).
    #[arg(long, default_value_t = 10, requires = "cluster")]
    pub progress: u64,
    #[command(flatten)]
    pub cluster: ClusterArgs,
    /// Print help.
    #[arg(long, action = clap::ArgAction::Help)]
    pub help: Option<bool>,
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
    if args.cluster.cluster {
        return run_cluster(args, game);
    }
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

/// `olympiad perft --cluster`: this process's part of the run; process 0 prints.
fn run_cluster(args: &Args, game: &'static olympiad_catalog::GameEntry) -> anyhow::Result<()> {
    let topology = args.cluster.topology()?;
    let job = PerftJob {
        game,
        position: args.position.clone(),
        moves: args.moves.clone(),
        depth: args.depth,
        split: args.split,
        divide: args.divide,
        game_over: args.game_over,
        hash_mib: args.hash,
        journal: args.journal.clone(),
        resume: args.resume,
        progress: (args.progress > 0).then(|| Duration::from_secs(args.progress)),
    };
    if topology.process != 0 && args.journal.is_some() {
        return Err(crate::input_error(
            "--journal belongs to process 0 (the one that collects the counts)",
        ));
    }
    let outcome = olympiad_cluster::perft::run(&topology, &job, args.cluster.timeout())
        .map_err(|e| crate::input_error(e.to_string()))?;
    if let Some(outcome) = outcome {
        print_outcome(&outcome);
    }
    Ok(())
}

fn print_outcome(outcome: &PerftOutcome) {
    for (mv, count) in outcome.divide.iter().flatten() {
        say!("{mv}: {count}");
    }
    let counted: u64 = outcome.shares.iter().map(|s| s.units).sum();
    say!(
        "units: {} at {} plies, {} from the journal, {} counted now",
        outcome.units,
        outcome.plies,
        outcome.units_journaled,
        counted
    );
    for s in outcome.shares.iter().filter(|s| s.units > 0) {
        say!(
            "worker {} (process {}): {} units, {} leaves, {:.3} s",
            s.worker,
            s.process,
            s.units,
            s.leaves,
            s.seconds
        );
    }
    let busy: Vec<f64> = outcome.shares.iter().map(|s| s.seconds).collect();
    let max = busy.iter().cloned().fold(0.0, f64::max);
    let mean = busy.iter().sum::<f64>() / busy.len().max(1) as f64;
    if max > 0.0 {
        say!(
            "balance: mean busy {mean:.3} s / max busy {max:.3} s = {:.3}",
            mean / max
        );
    }
    for s in &outcome.sessions {
        say!(
            "journal session {}: started {}, {} processes, {} workers, {} units",
            s.id,
            s.started,
            s.processes,
            s.workers,
            s.units
        );
    }
    let secs = outcome.elapsed.as_secs_f64();
    say!("nodes: {}", outcome.nodes);
    say!(
        "time: {secs:.3} s, {:.0} nodes/s",
        outcome.nodes as f64 / secs.max(1e-9)
    );
}
