//! Puzzles per second on the public benchmark sets (17-clue, forum hardest), in first-solution
//! and uniqueness modes, on one thread and on all of them; prints a table of medians.
//!
//! `cargo bench -p olympiad-sudoku` (optionally `-- REPEATS`). The sets are read from
//! `../shared/data/sudoku` beside the workspace. Every timed run checks that each puzzle got
//! exactly one solution (uniqueness mode) or one (first mode), so a fast wrong solver shows.

use olympiad_sudoku::{Mode, Puzzle, available_threads, parse_puzzles, solve_batch};
use std::path::PathBuf;
use std::time::Instant;

/// Timed runs per row; the median is reported.
const DEFAULT_REPEATS: usize = 7;
/// The sets, as files in the shared data folder.
const SETS: [&str; 2] = ["17-clue.txt", "forum-hardest-1106.txt"];

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/sudoku")
}

fn load(name: &str) -> Vec<Puzzle> {
    let path = data_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_puzzles(&text)
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .into_iter()
        .map(|entry| Puzzle::new(entry.grid).unwrap_or_else(|c| panic!("{name}: {c}")))
        .collect()
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let repeats = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<usize>().ok())
        .unwrap_or(DEFAULT_REPEATS)
        .max(1);
    let all = available_threads();
    println!("# median of {repeats} runs; guesses per puzzle in the last column");
    println!(
        "{:<24} {:<7} {:>7} {:>8} {:>14} {:>9}",
        "set", "mode", "threads", "puzzles", "puzzles/s", "guesses"
    );
    for name in SETS {
        let puzzles = load(name);
        for mode in [Mode::First, Mode::Unique] {
            let mut thread_counts = vec![1];
            if all > 1 {
                thread_counts.push(all);
            }
            for threads in thread_counts {
                let mut rates = Vec::with_capacity(repeats);
                let mut guesses = 0;
                for _ in 0..repeats {
                    let start = Instant::now();
                    let results = solve_batch(&puzzles, mode, threads);
                    let seconds = start.elapsed().as_secs_f64();
                    assert!(
                        results.iter().all(|r| r.report.solutions == 1),
                        "{name}: a puzzle without exactly one solution"
                    );
                    guesses = results.iter().map(|r| r.report.guesses).sum::<u64>();
                    rates.push(puzzles.len() as f64 / seconds);
                }
                println!(
                    "{:<24} {:<7} {:>7} {:>8} {:>14.0} {:>9.2}",
                    name,
                    format!("{mode:?}").to_lowercase(),
                    threads,
                    puzzles.len(),
                    median(rates),
                    guesses as f64 / puzzles.len() as f64
                );
            }
        }
    }
}
