//! Ad-hoc timing of one set on one thread: `cargo run --release -p olympiad-sudoku --example
//! rate -- FILE [MODE] [REPEATS]` (MODE `first` or `unique`, default `unique`). Prints the
//! puzzles per second of each pass and the guesses per puzzle; meant to be run as a copied
//! binary under `perf stat` to compare two builds (see `docs/benchmarks/sudoku.md`).

use olympiad_sudoku::{Mode, Puzzle, parse_puzzles, solve};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .expect("usage: rate FILE [first|unique] [REPEATS]");
    let mode = match args.next().as_deref() {
        None | Some("unique") => Mode::Unique,
        Some("first") => Mode::First,
        Some(other) => panic!("unknown mode {other}"),
    };
    let repeats: usize = args.next().map_or(1, |r| r.parse().expect("REPEATS"));
    let text = std::fs::read_to_string(&path).expect("cannot read the set");
    let puzzles: Vec<Puzzle> = parse_puzzles(&text)
        .expect("cannot parse the set")
        .into_iter()
        .map(|entry| Puzzle::new(entry.grid).expect("a given breaks a rule"))
        .collect();
    for _ in 0..repeats {
        let start = Instant::now();
        let mut guesses = 0;
        for puzzle in &puzzles {
            let solved = solve(puzzle, mode);
            assert_eq!(solved.report.solutions, 1, "{}", puzzle.grid());
            guesses += solved.report.guesses;
        }
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{:.0} puzzles/s, {:.2} guesses/puzzle",
            puzzles.len() as f64 / seconds,
            guesses as f64 / puzzles.len() as f64
        );
    }
}
