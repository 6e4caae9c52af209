//! `olympiad openings GAME ENGINE`: builds a balanced opening set. Short random openings
//! (seeded, distinct) are each searched by a strong engine over its own protocol; those it
//! finds level, within `--within` centipawns, are kept, in the game's opening format (chess:
//! EPD with the engine's score `ce`, depth `acd` and the moves `c0`). The file starts with
//! the command that rebuilds it; lines are written as they are found, to `FILE.partial`,
//! which becomes `FILE` when the set is complete, so an interrupted run loses nothing.

use crate::matches::{contestant, random_openings, read_players_file};
use olympiad_arena::analyse::analyse;
use olympiad_protocol::EngineScore;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How many random openings are drawn per opening wanted, at most.
const CANDIDATES_PER_OPENING: u64 = 30;

/// Arguments of `olympiad openings`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (its row must have an opening format: chess).
    pub game: String,
    /// The engine that judges each opening: a program of an engine protocol that reports
    /// scores (`uci:stockfish`, `cecp:fairymax`), or a name from the players file.
    pub engine: String,
    /// Openings wanted.
    #[arg(long, default_value_t = 100)]
    pub count: u64,
    /// Random plies from the start in each opening.
    #[arg(long, default_value_t = 8)]
    pub plies: u32,
    /// The engine's search time per opening, in milliseconds.
    #[arg(long, default_value_t = 1_000)]
    pub time_ms: u64,
    /// Keep an opening when the engine's score is within this many centipawns of zero.
    #[arg(long, default_value_t = 50)]
    pub within: i32,
    /// The seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A TOML file naming players, as for `olympiad match` (options such as Threads).
    #[arg(long)]
    pub players: Option<PathBuf>,
    /// Where to write the set.
    #[arg(long)]
    pub out: PathBuf,
}

/// `olympiad openings`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let game = crate::games::find(&args.game)?;
    let Some(files) = game.row.files else {
        let with: Vec<&str> = olympiad_catalog::GAMES
            .iter()
            .filter(|g| g.files.is_some())
            .map(|g| g.name)
            .collect();
        return Err(crate::input_error(format!(
            "{} has no opening file format (games with one: {})",
            game.name,
            with.join(", ")
        )));
    };
    if args.count == 0 || args.plies == 0 || args.time_ms == 0 || args.within < 0 {
        return Err(crate::input_error(
            "--count, --plies and --time-ms must be at least 1, --within at least 0",
        ));
    }
    let players = args.players.as_ref().map(read_players_file).transpose()?;
    let engine = contestant(&args.engine, players.as_ref(), game)?;
    let time = Duration::from_millis(args.time_ms);
    let candidates = random_openings(
        game,
        args.plies,
        args.count * CANDIDATES_PER_OPENING,
        args.seed,
    );

    let partial = PathBuf::from(format!("{}.partial", args.out.display()));
    let mut file = std::fs::File::create(&partial)
        .map_err(|e| anyhow::anyhow!("{}: {e}", partial.display()))?;
    let mut write = |line: &str| -> anyhow::Result<()> {
        writeln!(file, "{line}")
            .and_then(|()| file.flush())
            .map_err(|e| anyhow::anyhow!("{}: {e}", partial.display()))
    };
    write(&format!(
        "# {} balanced openings: {} random plies, kept when {} finds them within {} \
         centipawns in {} ms.",
        game.name, args.plies, engine.name, args.within, args.time_ms
    ))?;
    write(&format!(
        "# Rebuild: olympiad openings {} '{}' --count {} --plies {} --time-ms {} --within {} \
         --seed {}{} --out {}",
        game.name,
        args.engine,
        args.count,
        args.plies,
        args.time_ms,
        args.within,
        args.seed,
        args.players
            .as_ref()
            .map_or(String::new(), |p| format!(" --players {}", p.display())),
        args.out.display()
    ))?;

    let started = Instant::now();
    let mut kept = 0u64;
    for (n, line) in candidates.iter().enumerate() {
        if kept == args.count {
            break;
        }
        let mut position = game.start();
        for word in line.split_whitespace() {
            position
                .play(word)
                .expect("a random opening's moves are legal");
        }
        let analysis = analyse(game, &engine, &*position, time)
            .map_err(|f| anyhow::anyhow!("{} on opening '{line}': {f}", engine.name))?;
        let (shown, level) = match analysis.thinking.score.expect("analyse returns a score") {
            EngineScore::Cp(cp) => (
                format!("{cp:+} cp"),
                (cp.abs() <= args.within).then_some(cp),
            ),
            EngineScore::Mate(m) => (format!("mate {m}"), None),
        };
        if let Some(cp) = level {
            kept += 1;
            let mut notes = vec![("ce", cp.to_string())];
            if let Some(depth) = analysis.thinking.depth {
                notes.push(("acd", depth.to_string()));
            }
            notes.push(("c0", line.clone()));
            let text = (files.write_opening)(&game.values, &position.position_text(), &notes)
                .map_err(|e| anyhow::anyhow!("opening '{line}': {e}"))?;
            write(&text)?;
        }
        eprintln!(
            "[{:>4}/{}] candidate {:>5}: {line}: {shown}{}",
            kept,
            args.count,
            n + 1,
            if level.is_some() { ", kept" } else { "" }
        );
    }
    drop(file);
    if kept < args.count {
        return Err(anyhow::anyhow!(
            "only {kept} of {} candidate openings were within {} centipawns ({} kept in {}); \
             allow more with --within or fewer --plies",
            candidates.len(),
            args.within,
            kept,
            partial.display()
        ));
    }
    std::fs::rename(&partial, &args.out)
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.out.display()))?;
    say!(
        "{kept} openings written to {} in {:.0} s",
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
