//! `olympiad book GAME`: rebuilds a game's opening book (Caïssa's
//! `games/caissa/data/book.txt`) by searching every book position deeply, one line of
//! progress per position on stderr. The book is compiled into the binary: rebuild, then
//! `cargo build`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Arguments of `olympiad book`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (caissa has a book).
    pub game: String,
    /// Plies from the start the book covers (3: White's first two moves against every
    /// reply, Black's first move against every White first move).
    #[arg(long, default_value_t = 3)]
    pub plies: usize,
    /// Search time per book position, in milliseconds.
    #[arg(long, default_value_t = 3_000)]
    pub time_ms: u64,
    /// Where to write the book (default: the game's book file in the workspace).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// `olympiad book`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let game = crate::games::find(&args.game)?;
    let Some(book) = &game.row.book else {
        let with: Vec<&str> = olympiad_catalog::GAMES
            .iter()
            .filter(|g| g.book.is_some())
            .map(|g| g.name)
            .collect();
        return Err(crate::input_error(format!(
            "{} has no opening book (books: {})",
            game.name,
            with.join(", ")
        )));
    };
    if args.plies == 0 || args.time_ms == 0 {
        return Err(crate::input_error(
            "--plies and --time-ms must be at least 1",
        ));
    }
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from(book.path));
    let started = Instant::now();
    let (entries, text) = (book.rebuild)(
        args.plies,
        Duration::from_millis(args.time_ms),
        &mut |line| eprintln!("{line}"),
    );
    std::fs::write(&out, text).map_err(|e| anyhow::anyhow!("{}: {e}", out.display()))?;
    say!(
        "{entries} positions written to {} in {:.0} s",
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
