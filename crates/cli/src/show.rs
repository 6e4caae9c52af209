//! `olympiad show`: a position for people — the board, who moves, status, legal moves, the
//! outcome if the game is over, and the position text to paste back into `--position`.

use crate::games;
use olympiad_catalog::Setup;

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
    let game = games::find(&args.game)?;
    let setup = Setup {
        position: args.position.as_deref(),
        moves: args.moves.as_deref(),
    };
    let show = game.tools().show(&setup).map_err(games::setup_error)?;
    say!("{}", show.board.trim_end());
    say!("to move: {}", show.to_move);
    for line in &show.status {
        say!("{line}");
    }
    say!(
        "legal moves ({}): {}",
        show.moves.len(),
        show.moves.join(" ")
    );
    match show.game_over {
        Some((Some(winner), reason)) => say!("game over: {winner} wins ({reason})"),
        Some((None, reason)) => say!("game over: no winner ({reason})"),
        None => {}
    }
    say!("position: {}", show.position);
    Ok(())
}
