//! The games the binary knows, as an explicit table, and the small per-game hooks the
//! generic subcommands need (start position, board drawing, status lines, perft convention).
//! The `catalog` crate will take this role for the arena; until then the table lives here.

use olympiad_core::perft::GameOverLeaves;
use olympiad_core::{Hashed, Notation};

/// What the generic subcommands need from a game beyond the core traits.
pub trait CliGame: Hashed + Notation + 'static {
    /// The start position with the default rules (a table row may name another start, as
    /// Rolit for fewer players does).
    fn start() -> Self;
    /// The board drawn in text, several lines.
    fn draw(&self) -> String;
    /// The name of a seat ("White", "Black").
    fn seat_name(seat: olympiad_core::Seat) -> String {
        seat.to_string()
    }
    /// Extra status lines for `show` (e.g. "in check").
    fn status(&self) -> Vec<String> {
        Vec::new()
    }
    /// The perft convention for finished games that this game's published counts use.
    const PERFT_GAME_OVER: GameOverLeaves = GameOverLeaves::Zero;
    /// The move a random playout picks (for the benchmark's position set); uniform unless a
    /// game wants more varied positions.
    fn playout_move(
        &self,
        moves: &[Self::Move],
        rng: &mut olympiad_core::SplitMix64,
    ) -> Self::Move {
        moves[rng.below(moves.len())]
    }
}

/// One row of the table.
pub struct Entry {
    /// The name used on the command line.
    pub name: &'static str,
    /// One line about the game.
    pub summary: &'static str,
    /// `olympiad perft` for this game.
    pub perft: fn(&crate::perft::Args) -> anyhow::Result<()>,
    /// `olympiad show` for this game.
    pub show: fn(&crate::show::Args) -> anyhow::Result<()>,
    /// `olympiad bench` for this game.
    pub bench: fn(&crate::bench::Args) -> anyhow::Result<()>,
}

macro_rules! entry {
    ($name:literal, $summary:literal, $ty:ty) => {
        entry!($name, $summary, $ty, <$ty as CliGame>::start)
    };
    ($name:literal, $summary:literal, $ty:ty, $start:expr) => {
        Entry {
            name: $name,
            summary: $summary,
            perft: |args| crate::perft::run_game::<$ty>(args, $start),
            show: |args| crate::show::run_game::<$ty>(args, $start),
            bench: |args| crate::bench::run_game::<$ty>(args, $start),
        }
    };
}

/// Every game, in the order `olympiad games` lists them.
pub const GAMES: &[Entry] = &[
    entry!(
        "caissa",
        "Caïssa, the CodeCup 2003 game: chess-like, 7x7 tiles that sink away (2 players)",
        olympiad_caissa::Position
    ),
    entry!(
        "rolit",
        "Rolit, the Caia example game: Othello for four, balls turn to the encloser (4 players)",
        olympiad_rolit::Position
    ),
    entry!(
        "rolit3",
        "Rolit for three players (the fourth colour stays on the board, neutral)",
        olympiad_rolit::Position,
        || olympiad_rolit::Position::start_with(3)
    ),
    entry!(
        "rolit2",
        "Rolit for two players (two neutral colours on the board)",
        olympiad_rolit::Position,
        || olympiad_rolit::Position::start_with(2)
    ),
    entry!(
        "checkers",
        "8x8 checkers (English draughts): compulsory captures, PDN notation (2 players)",
        olympiad_checkers::Position
    ),
    entry!(
        "reversi",
        "8x8 reversi (Othello): passes are moves, most discs wins (2 players)",
        olympiad_reversi::Position
    ),
];

/// The entry named `name`, or an input error listing the known names.
pub fn find(name: &str) -> anyhow::Result<&'static Entry> {
    let wanted = name.to_ascii_lowercase();
    GAMES.iter().find(|e| e.name == wanted).ok_or_else(|| {
        let names: Vec<&str> = GAMES.iter().map(|e| e.name).collect();
        crate::input_error(format!(
            "unknown game '{name}' (known: {})",
            names.join(", ")
        ))
    })
}

/// `olympiad games`.
pub fn list() -> anyhow::Result<()> {
    let width = GAMES.iter().map(|e| e.name.len()).max().unwrap_or(0);
    for e in GAMES {
        say!("{:width$}  {}", e.name, e.summary);
    }
    Ok(())
}

/// Builds the position from `--position` (or the start) and `--moves`, with errors that say
/// what is wrong and where.
pub fn setup<G: CliGame>(
    start: fn() -> G,
    position: Option<&str>,
    moves: Option<&str>,
) -> anyhow::Result<G> {
    let mut pos = match position {
        Some(text) => G::parse_position(text)
            .map_err(|e| crate::input_error(format!("bad --position: {e}")))?,
        None => start(),
    };
    if let Some(line) = moves {
        pos.play_line(line)
            .map_err(|e| crate::input_error(format!("bad --moves: {e}")))?;
    }
    Ok(pos)
}

impl CliGame for olympiad_caissa::Position {
    fn start() -> Self {
        olympiad_caissa::Position::start()
    }
    fn draw(&self) -> String {
        self.to_string()
    }
    fn seat_name(seat: olympiad_core::Seat) -> String {
        ["White", "Black"][seat.index()].to_string()
    }
    fn status(&self) -> Vec<String> {
        let check = if self.in_check() {
            "in check"
        } else {
            "not in check"
        };
        vec![format!("check: {check}"), format!("ply: {}", self.ply())]
    }
    fn playout_move(
        &self,
        moves: &[Self::Move],
        rng: &mut olympiad_core::SplitMix64,
    ) -> Self::Move {
        olympiad_caissa::playout::biased_move(self, moves, rng)
    }
}

impl CliGame for olympiad_rolit::Position {
    fn start() -> Self {
        olympiad_rolit::Position::start()
    }
    fn draw(&self) -> String {
        self.to_string()
    }
    fn seat_name(seat: olympiad_core::Seat) -> String {
        format!("player {}", seat.0 + 1)
    }
}
