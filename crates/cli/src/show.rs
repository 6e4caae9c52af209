//! `olympiad show`: a position for people — the board, who moves, status, legal moves, the
//! outcome if the game is over, and the position text to paste back into `--position`.

use crate::games::{self, CliGame};

/// Arguments of `olympiad show`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (see `olympiad games`).
    pub game: String,
    /// Start from this position text instead of the start position (`olympiad show GAME`
    /// prints the start position's text; one that begins with `-` is fine).
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Play these moves first (space-separated).
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
}

/// `olympiad show`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    (games::find(&args.game)?.show)(args)
}

/// `olympiad show` for one game.
pub fn run_game<G: CliGame>(args: &Args, start: fn() -> G) -> anyhow::Result<()> {
    let pos: G = games::setup(start, args.position.as_deref(), args.moves.as_deref())?;
    say!("{}", pos.draw().trim_end());
    say!("to move: {}", G::seat_name(pos.to_move()));
    for line in pos.status() {
        say!("{line}");
    }
    let moves = pos.legal_move_texts();
    say!("legal moves ({}): {}", moves.len(), moves.join(" "));
    if let Some(outcome) = pos.outcome() {
        match outcome.winner() {
            Some(seat) => say!(
                "game over: {} wins ({})",
                G::seat_name(seat),
                outcome.reason
            ),
            None => say!("game over: no winner ({})", outcome.reason),
        }
    }
    say!("position: {}", pos.position_text());
    Ok(())
}
