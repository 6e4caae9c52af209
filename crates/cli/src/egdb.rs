//! `olympiad egdb`: builds the checkers endgame databases (progress per class on stderr),
//! prints their statistics as a markdown table, and probes a position.

use anyhow::Context;
use olympiad_catalog::checkers_egdb::{self, BuildEvent, BuildOptions, Method, Tablebases};
use std::path::PathBuf;

/// Where the databases go unless `--dir` says otherwise.
const DEFAULT_DIR: &str = "egdb/checkers";
/// Pieces built unless `--pieces` says otherwise.
const DEFAULT_PIECES: u32 = 6;

/// The `egdb` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Build every checkers database of up to N pieces by retrograde analysis: the value
    /// (win, loss or draw for the side to move, no draw rule) of every position. Classes
    /// whose file is already complete are skipped, so a killed build resumes where it
    /// stopped. One line per class on stderr: class, positions, wins, losses, draws, passes,
    /// time. Six pieces: about 2.6 billion positions.
    Build {
        /// Every class of at most this many pieces (2 to 7).
        #[arg(long, default_value_t = DEFAULT_PIECES)]
        pieces: u32,
        /// Directory of the class files (created if missing).
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// Worker threads.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// How each class is solved: `retrograde` (from decided positions back to their
        /// predecessors), or `passes` (repeated forward passes, the slow twin: the same
        /// files, many times slower).
        #[arg(long, default_value = "retrograde", value_parser = parse_method)]
        method: Method,
        /// Whether to write the distance-to-conversion files beside the value files
        /// (`on`, the default, or `off`); with `on`, a class whose value file is complete
        /// but whose distance file is missing is solved again.
        #[arg(long, default_value = "on", value_parser = parse_switch, action = clap::ArgAction::Set)]
        dtc: bool,
    },
    /// Print the statistics per material class of a database directory (positions, wins,
    /// losses, draws for Black to move; White to move is the mirror image), as a markdown
    /// table with totals per piece count.
    Stats {
        /// Directory of the class files.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
    },
    /// Print a position's value for the side to move and, for each legal move, what that
    /// move gives the side to move (win, draw or loss with best play after it).
    Probe {
        /// Directory of the class files.
        #[arg(long, default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// The position, as PDN FEN: `B:W18,K30:BK6` (side to move, White's squares,
        /// Black's squares, `K` for kings).
        #[arg(long)]
        position: String,
    },
}

/// `olympiad egdb ...`.
pub fn run(command: &Command) -> anyhow::Result<()> {
    match command {
        Command::Build {
            pieces,
            dir,
            threads,
            method,
            dtc,
        } => build(*pieces, dir, *threads, *method, *dtc),
        Command::Stats { dir } => {
            let tb = Tablebases::open(dir)?;
            say!(
                "{}",
                checkers_egdb::stats::markdown(&tb.stats()?).trim_end()
            );
            Ok(())
        }
        Command::Probe { dir, position } => {
            let tb = Tablebases::open(dir)?;
            let analysis = tb
                .analyse_text(position)
                .map_err(|e| crate::input_error(e.to_string()))?;
            say!(
                "value: {}{}",
                name(analysis.value),
                distance(analysis.value, analysis.distance)
            );
            if !analysis.moves.is_empty() {
                say!(
                    "moves, each with what it gives the side to move (and the distance to \
                     conversion after it, for the opponent):"
                );
            }
            for (mv, after, dtc) in analysis.moves {
                say!(
                    "{mv:>10}  {}{}",
                    name(after.map(|v| v.flip())),
                    distance(after, dtc)
                );
            }
            Ok(())
        }
    }
}

/// A value as a word (`unknown` when the class is not in the directory).
fn name(v: Option<olympiad_catalog::checkers_egdb::Wdl>) -> &'static str {
    use olympiad_catalog::checkers_egdb::Wdl;
    match v {
        Some(Wdl::Win) => "win",
        Some(Wdl::Draw) => "draw",
        Some(Wdl::Loss) => "loss",
        None => "unknown (class not in the directory)",
    }
}

/// A distance to conversion as text (empty for a draw or when unknown).
fn distance(v: Option<olympiad_catalog::checkers_egdb::Wdl>, dtc: Option<u32>) -> String {
    use olympiad_catalog::checkers_egdb::Wdl;
    match (v, dtc) {
        (Some(Wdl::Win | Wdl::Loss), Some(d)) => format!(", distance to conversion {d} plies"),
        _ => String::new(),
    }
}

/// `--dtc`.
fn parse_switch(text: &str) -> Result<bool, String> {
    match text {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("expected on or off, not '{text}'")),
    }
}

/// `--method`.
fn parse_method(text: &str) -> Result<Method, String> {
    match text {
        "retrograde" => Ok(Method::Retrograde),
        "passes" => Ok(Method::Passes),
        _ => Err(format!("expected retrograde or passes, not '{text}'")),
    }
}

/// `olympiad egdb build`.
fn build(
    pieces: u32,
    dir: &std::path::Path,
    threads: usize,
    method: Method,
    dtc: bool,
) -> anyhow::Result<()> {
    if threads == 0 {
        return Err(crate::input_error("--threads must be at least 1"));
    }
    let most = checkers_egdb::material::MAX_PIECES;
    if !(2..=most).contains(&pieces) {
        return Err(crate::input_error(format!(
            "--pieces must be 2 to {most}, not {pieces}"
        )));
    }
    let options = BuildOptions {
        pieces,
        dir: dir.to_path_buf(),
        threads,
        method,
        dtc,
    };
    let start = std::time::Instant::now();
    let all = checkers_egdb::build(&options, |event| match event {
        BuildEvent::Skipped(s) => {
            eprintln!(
                "{}: {} positions, complete already",
                s.material, s.positions
            )
        }
        BuildEvent::Built(r) => {
            let s = r.stats;
            eprintln!(
                "{}: {} positions ({} wins, {} losses, {} draws), {} passes, {:.1} s (at {:.0} s)",
                s.material,
                s.positions,
                s.wins,
                s.losses,
                s.draws,
                r.passes,
                r.seconds,
                start.elapsed().as_secs_f64()
            )
        }
    })
    .with_context(|| format!("building the databases in {}", dir.display()))?;
    let positions: u64 = all.iter().map(|s| s.positions).sum();
    eprintln!(
        "{} classes, {positions} positions, {:.1} s",
        all.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
