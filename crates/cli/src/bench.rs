//! `olympiad bench`: single-thread speed of a game's move generator, on a fixed set of
//! positions from seeded random games (opening, middle game, endgame), and perft from the
//! start. Prints a table; asserts nothing about speed.

use crate::games::{self, CliGame};
use olympiad_core::SplitMix64;
use olympiad_core::perft::Perft;
use std::hint::black_box;
use std::time::Instant;

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

/// Random games played to collect the position set.
const BENCH_GAMES: u64 = 400;
/// Seed of the first random game (fixed so every run measures the same positions).
const BENCH_SEED: u64 = 2003;

/// `olympiad bench`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    (games::find(&args.game)?.bench)(args)
}

/// Positions from seeded random games, split by game phase: plies 0-19, 20-59, 60 on.
pub fn bench_positions<G: CliGame>(start: fn() -> G) -> [Vec<G>; 3] {
    let mut phases: [Vec<G>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    for g in 0..BENCH_GAMES {
        let mut rng = SplitMix64::new(BENCH_SEED + g);
        let mut pos = start();
        let mut ply = 0;
        loop {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let phase = match ply {
                0..20 => 0,
                20..60 => 1,
                _ => 2,
            };
            phases[phase].push(pos.clone());
            let mv = G::playout_move(&pos, &moves, &mut rng);
            pos.play(mv);
            ply += 1;
        }
    }
    phases
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// `olympiad bench` for one game.
pub fn run_game<G: CliGame>(args: &Args, start: fn() -> G) -> anyhow::Result<()> {
    let phases = bench_positions(start);
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
    let all: Vec<G> = phases.iter().flatten().cloned().collect();
    for (name, set) in ["opening", "middle", "endgame", "all"]
        .iter()
        .zip(phases.iter().chain(std::iter::once(&all)))
    {
        if set.is_empty() {
            continue;
        }
        let per_pos: usize = set.iter().map(|p| p.legal_moves().len()).sum();
        let mut rates = Vec::new();
        for _ in 0..args.runs.max(1) {
            let started = Instant::now();
            let mut generated = 0usize;
            while started.elapsed().as_secs_f64() < args.seconds {
                for p in set {
                    generated += black_box(p.legal_moves()).len();
                }
            }
            rates.push(generated as f64 / started.elapsed().as_secs_f64());
        }
        say!(
            "{:<10} {:>10} {:>14.1} {:>16.0}",
            name,
            set.len(),
            per_pos as f64 / set.len() as f64,
            median(rates)
        );
    }
    let start = start();
    let mut rates = Vec::new();
    let mut nodes = 0;
    for _ in 0..args.runs.max(1) {
        let started = Instant::now();
        nodes = Perft {
            game_over: G::PERFT_GAME_OVER,
            ..Perft::default()
        }
        .run(&start, args.depth);
        rates.push(nodes as f64 / started.elapsed().as_secs_f64());
    }
    say!(
        "perft({}) from the start = {nodes}: {:.0} leaves/s (median)",
        args.depth,
        median(rates)
    );
    Ok(())
}
