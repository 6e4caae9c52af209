//! `olympiad book caissa`: rebuilds the Caïssa opening book (`games/caissa/data/book.txt`)
//! by searching every book position with the `caissa` engine, one line of progress per
//! position on stderr. The book is compiled into the binary: rebuild, then `cargo build`.

use olympiad_caissa::engine::{Engine, EngineKind, EngineOptions, book};
use olympiad_core::Notation;
use olympiad_search::Limits;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Arguments of `olympiad book`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (caissa).
    pub game: String,
    /// Plies from the start the book covers (3: White's first two moves against every
    /// reply, Black's first move against every White first move).
    #[arg(long, default_value_t = 3)]
    pub plies: usize,
    /// Search time per book position, in milliseconds.
    #[arg(long, default_value_t = 3_000)]
    pub time_ms: u64,
    /// Where to write the book.
    #[arg(long, default_value = "games/caissa/data/book.txt")]
    pub out: PathBuf,
}

/// `olympiad book`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    if !args.game.eq_ignore_ascii_case("caissa") {
        return Err(crate::input_error(format!(
            "book knows caissa only (asked for '{}')",
            args.game
        )));
    }
    if args.plies == 0 || args.time_ms == 0 {
        return Err(crate::input_error(
            "--plies and --time-ms must be at least 1",
        ));
    }
    let mut engine = Engine::new(EngineOptions {
        book: false,
        ..EngineOptions::new(EngineKind::Caissa)
    });
    let limits = Limits::move_time(Duration::from_millis(args.time_ms));
    let started = Instant::now();
    let mut done = 0usize;
    let entries = book::build(
        args.plies,
        |pos| {
            engine.new_game();
            let choice = engine
                .choose(pos, &limits, &mut ())
                .expect("book positions are not finished games");
            eprintln!(
                "ply {}: {} (depth {}, score {})",
                pos.ply() + 1,
                pos.format_move(choice.mv),
                choice.depth,
                choice.score
            );
            choice.mv
        },
        |_| {
            done += 1;
            if done.is_multiple_of(10) {
                eprintln!(
                    "{done} positions in {:.0} s",
                    started.elapsed().as_secs_f64()
                );
            }
        },
    );
    let header = format!(
        "Caïssa opening book: {} positions, {} plies from the start, {} ms of `caissa` search\n\
         each. Rebuild: olympiad book caissa --plies {} --time-ms {}\n\
         Format: the moves from the start, ':', the book move.",
        entries.len(),
        args.plies,
        args.time_ms,
        args.plies,
        args.time_ms
    );
    std::fs::write(&args.out, book::format(&entries, &header))
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.out.display()))?;
    say!(
        "{} positions written to {} in {:.0} s",
        entries.len(),
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
