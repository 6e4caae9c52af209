//! `olympiad sudoku`: solves the puzzles of a file (or standard input) with the fast solver,
//! or explains each step in Aart Bik's notation with `--verbose`; `--stats` adds speed.

use anyhow::Context;
use olympiad_sudoku::explain::{Step, explain};
use olympiad_sudoku::{Entry, Grid, Mode, Puzzle, Solved, for_each_solution, solve_batch};
use std::io::{BufWriter, Read, Write};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// Arguments of `olympiad sudoku`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Puzzles, one per line (81 characters, `.` or `0` for blanks, `#` for comments) or as
    /// 9-line grids; `-` for standard input.
    #[arg(default_value = "-")]
    pub file: String,
    /// Explain every step in Bik's notation: must-be, try, dead-end.
    #[arg(long)]
    pub verbose: bool,
    /// `first` solution only, `unique` (stop at a second solution) or `all` solutions.
    #[arg(long, default_value = "all", value_parser = parse_mode)]
    pub mode: Mode,
    /// Worker threads for the first and unique modes (all mode and --verbose print as they
    /// go, on one thread).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// End with puzzles per second and guesses per puzzle (solving time only).
    #[arg(long)]
    pub stats: bool,
}

fn parse_mode(text: &str) -> Result<Mode, String> {
    match text {
        "first" => Ok(Mode::First),
        "unique" => Ok(Mode::Unique),
        "all" => Ok(Mode::All),
        _ => Err(format!("expected first, unique or all, not '{text}'")),
    }
}

/// What a run adds up to, for the last lines.
#[derive(Default)]
struct Totals {
    puzzles: u64,
    solutions: u64,
    guesses: u64,
    time: Duration,
}

/// `olympiad sudoku`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    if args.threads == 0 {
        return Err(crate::input_error("--threads must be at least 1"));
    }
    let (name, text) = read_input(&args.file)?;
    let entries = olympiad_sudoku::parse_puzzles(&text)
        .map_err(|e| crate::input_error(format!("{name}: {e}")))?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let totals = if args.verbose {
        verbose(&entries, args.mode, &mut out)
    } else if args.mode == Mode::All {
        all_solutions(&entries, &mut out)
    } else {
        batch(&entries, args.mode, args.threads, &mut out)
    };
    let mut totals = match totals {
        Ok(t) => t,
        Err(e) => return quiet_on_closed_pipe(e),
    };
    totals.puzzles = entries.len() as u64;
    let mut summary = format!(
        "#PUZZLES={} #SOLUTIONS={}\n",
        totals.puzzles, totals.solutions
    );
    if args.stats {
        let seconds = totals.time.as_secs_f64();
        let per = |x: f64| {
            if totals.puzzles == 0 {
                0.0
            } else {
                x / totals.puzzles as f64
            }
        };
        let rate = if seconds > 0.0 {
            totals.puzzles as f64 / seconds
        } else {
            0.0
        };
        let threads = if args.verbose || args.mode == Mode::All {
            1
        } else {
            args.threads
        };
        summary.push_str(&format!(
            "# {} puzzles in {seconds:.3} s: {rate:.0} puzzles/s, {:.2} guesses/puzzle \
             ({} mode{}, {threads} thread{})\n",
            totals.puzzles,
            per(totals.guesses as f64),
            format!("{:?}", args.mode).to_lowercase(),
            if args.verbose { ", explained" } else { "" },
            if threads == 1 { "" } else { "s" },
        ));
    }
    match out.write_all(summary.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) => quiet_on_closed_pipe(e),
    }
}

/// A closed pipe (`olympiad sudoku ... | head`) ends the run quietly, as Unix tools do.
fn quiet_on_closed_pipe(e: std::io::Error) -> anyhow::Result<()> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    Err(e).context("writing the solutions")
}

fn read_input(file: &str) -> anyhow::Result<(String, String)> {
    if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| crate::input_error(format!("standard input: {e}")))?;
        Ok(("standard input".into(), text))
    } else {
        let text = std::fs::read_to_string(file)
            .map_err(|e| crate::input_error(format!("cannot read {file}: {e}")))?;
        Ok((file.to_string(), text))
    }
}

/// The line for a placement that breaks the rules.
fn broken(entry: &Entry, conflict: &olympiad_sudoku::Conflict) -> String {
    format!(
        "line {}: the placement breaks the rules: {conflict}",
        entry.line
    )
}

/// First or unique mode, through the parallel batch: one line per solution, `no solution`,
/// and `not unique` after the two solutions of a puzzle that has several.
fn batch(
    entries: &[Entry],
    mode: Mode,
    threads: usize,
    out: &mut impl Write,
) -> std::io::Result<Totals> {
    let puzzles: Vec<Result<Puzzle, _>> = entries.iter().map(|e| Puzzle::new(e.grid)).collect();
    let valid: Vec<Puzzle> = puzzles
        .iter()
        .filter_map(|p| p.as_ref().ok().copied())
        .collect();
    let start = Instant::now();
    let solved = solve_batch(&valid, mode, threads);
    let time = start.elapsed();
    let mut totals = Totals {
        time,
        ..Totals::default()
    };
    let mut results = solved.iter();
    for (entry, puzzle) in entries.iter().zip(&puzzles) {
        match puzzle {
            Err(conflict) => writeln!(out, "{}", broken(entry, conflict))?,
            Ok(_) => {
                let s: &Solved = results.next().expect("one result per valid puzzle");
                totals.solutions += s.report.solutions;
                totals.guesses += s.report.guesses;
                match (s.first, s.second) {
                    (None, _) => writeln!(out, "no solution")?,
                    (Some(a), None) => writeln!(out, "{a}")?,
                    (Some(a), Some(b)) => writeln!(out, "{a}\n{b}\nnot unique")?,
                }
            }
        }
    }
    Ok(totals)
}

/// All mode: every solution as it is found, then `# N solutions` after a puzzle with several.
fn all_solutions(entries: &[Entry], out: &mut impl Write) -> std::io::Result<Totals> {
    let mut totals = Totals::default();
    for entry in entries {
        let puzzle = match Puzzle::new(entry.grid) {
            Ok(p) => p,
            Err(conflict) => {
                writeln!(out, "{}", broken(entry, &conflict))?;
                continue;
            }
        };
        let mut failure = None;
        let start = Instant::now();
        let report = for_each_solution(&puzzle, Mode::All, |grid| match writeln!(out, "{grid}") {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failure = Some(e);
                ControlFlow::Break(())
            }
        });
        totals.time += start.elapsed();
        if let Some(e) = failure {
            return Err(e);
        }
        totals.solutions += report.solutions;
        totals.guesses += report.guesses;
        match report.solutions {
            0 => writeln!(out, "no solution")?,
            1 => {}
            n => writeln!(out, "# {n} solutions")?,
        }
    }
    Ok(totals)
}

/// Verbose mode: Bik's transcript for each puzzle.
fn verbose(entries: &[Entry], mode: Mode, out: &mut impl Write) -> std::io::Result<Totals> {
    let mut totals = Totals::default();
    for entry in entries {
        write!(out, "PROBLEM:\n{}\n", entry.grid.boxed())?;
        let puzzle = match Puzzle::new(entry.grid) {
            Ok(p) => p,
            Err(conflict) => {
                writeln!(out, "{}\n", broken(entry, &conflict))?;
                continue;
            }
        };
        let mut failure = None;
        let mut guesses = 0;
        let start = Instant::now();
        let found = explain(&puzzle, mode, |step| {
            let written = match step {
                Step::Solution(grid) => write_solution(out, grid),
                Step::Try { .. } => {
                    guesses += 1;
                    writeln!(out, "{step}")
                }
                _ => writeln!(out, "{step}"),
            };
            match written {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    failure = Some(e);
                    ControlFlow::Break(())
                }
            }
        });
        totals.time += start.elapsed();
        if let Some(e) = failure {
            return Err(e);
        }
        if found == 0 {
            writeln!(out, "\nno solution\n")?;
        }
        totals.solutions += found;
        totals.guesses += guesses;
    }
    Ok(totals)
}

fn write_solution(out: &mut impl Write, grid: &Grid) -> std::io::Result<()> {
    write!(out, "\nSOLUTION:\n{}\n", grid.boxed())
}
