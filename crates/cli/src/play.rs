//! `olympiad play caissa`: a player program for the CodeCup dialogue. It reads `start` or
//! White's first move, answers each move with one line (flushed), and exits on `end` or at
//! the end of its input. It keeps its own clock from the budget and never lets a search
//! eat into the reserve; its search reports go to stderr, one line per iteration. An
//! illegal or unreadable opponent move is reported on stderr and exits with code 3.

use olympiad_caissa::Position;
use olympiad_caissa::engine::{Engine, EngineKind, EngineOptions, Source};
use olympiad_core::{Game, Notation};
use olympiad_protocol::codecup::{Responder, ServeError, serve};
use olympiad_search::{Limits, Report, TimeBudget};
use std::io::Write;
use std::time::{Duration, Instant};

/// Time never spent from the budget, for process start-up, pipes and the scheduler: this
/// share of the budget, at most [`RESERVE_MAX_MS`].
pub const RESERVE_PERCENT: u64 = 10;
/// The largest reserve, in milliseconds.
pub const RESERVE_MAX_MS: u64 = 1_000;
/// Kept back from every move's allocation for the answer to reach the referee.
pub const ANSWER_MARGIN_MS: u64 = 5;

/// Which engine plays.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineName {
    /// Our default engine.
    Caissa,
    /// The CodeCup 2003 champion rebuilt from its paper.
    Hipp,
}

/// Arguments of `olympiad play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (caissa).
    pub game: String,
    /// The engine.
    #[arg(long, value_enum, default_value_t = EngineName::Caissa)]
    pub engine: EngineName,
    /// The budget for the whole game, in milliseconds (the CodeCup 2003 limit is 30 s).
    #[arg(long, default_value_t = 30_000)]
    pub time_ms: u64,
    /// Search to this depth on every move instead of using the clock (for tests and
    /// analysis; the budget still caps each move).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Play without the opening book.
    #[arg(long)]
    pub no_book: bool,
    /// No search reports on stderr.
    #[arg(long)]
    pub quiet: bool,
}

/// The opponent sent something that is not a legal move: exit code 3.
#[derive(Debug)]
pub struct OpponentError(pub String);

impl std::fmt::Display for OpponentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OpponentError {}

/// The game side of the dialogue: position, engine and clock.
struct Player {
    pos: Position,
    engine: Engine,
    depth: Option<u32>,
    quiet: bool,
    budget: Duration,
    used: Duration,
    /// When the line we are answering arrived.
    asked: Instant,
    moves_played: u32,
}

impl Responder for Player {
    type Error = OpponentError;

    fn opponent_moved(&mut self, mv: &str) -> Result<(), OpponentError> {
        self.asked = Instant::now();
        let m = self.pos.parse_legal_move(mv).map_err(|e| {
            OpponentError(format!(
                "opponent's move '{mv}' at ply {}: {e}",
                self.pos.ply() + 1
            ))
        })?;
        self.pos.play(m);
        Ok(())
    }

    fn choose(&mut self) -> Result<String, OpponentError> {
        // For `start`, the clock starts now (no opponent move came first).
        if self.pos.ply() == 0 {
            self.asked = Instant::now();
        }
        let remaining = self.budget.saturating_sub(self.used);
        let budget = TimeBudget {
            reserve: (self.budget * RESERVE_PERCENT as u32 / 100)
                .min(Duration::from_millis(RESERVE_MAX_MS)),
            ..TimeBudget::new(remaining, Duration::ZERO)
        };
        let share = budget
            .allocate(self.moves_played)
            .saturating_sub(Duration::from_millis(ANSWER_MARGIN_MS))
            .max(Duration::from_millis(1));
        let limits = Limits {
            depth: self.depth,
            move_time: Some(share),
            ..Limits::default()
        };
        let quiet = self.quiet;
        let ply = self.pos.ply();
        let pos = self.pos;
        let mut report = |r: &Report<olympiad_caissa::Move>| {
            if !quiet {
                let pv: Vec<String> = pv_text(&pos, &r.pv);
                eprintln!(
                    "ply {} depth {} score {} nodes {} nps {} time {} ms pv {}",
                    ply + 1,
                    r.depth,
                    r.score,
                    r.nodes,
                    r.nps,
                    r.elapsed.as_millis(),
                    pv.join(" ")
                );
            }
        };
        let choice = self
            .engine
            .choose(&self.pos, &limits, &mut report)
            .ok_or_else(|| OpponentError("asked to move in a finished game".into()))?;
        if !quiet && choice.source != Source::Search {
            eprintln!(
                "ply {} {} move",
                ply + 1,
                match choice.source {
                    Source::Book => "book",
                    _ => "only",
                }
            );
        }
        let text = self.pos.format_move(choice.mv);
        self.pos.play(choice.mv);
        self.moves_played += 1;
        self.used += self.asked.elapsed();
        if !quiet {
            eprintln!(
                "ply {} played {text}; clock used {} of {} ms",
                ply + 1,
                self.used.as_millis(),
                self.budget.as_millis()
            );
        }
        Ok(text)
    }
}

/// A principal variation as move texts (stops at the first move that is not legal).
fn pv_text(pos: &Position, pv: &[olympiad_caissa::Move]) -> Vec<String> {
    let mut p = *pos;
    let mut out = Vec::new();
    for &m in pv {
        if !p.is_legal(m) {
            break;
        }
        out.push(p.format_move(m));
        p.play(m);
    }
    out
}

/// `olympiad play`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    if !args.game.eq_ignore_ascii_case("caissa") {
        return Err(crate::input_error(format!(
            "play knows caissa only (asked for '{}')",
            args.game
        )));
    }
    let kind = match args.engine {
        EngineName::Caissa => EngineKind::Caissa,
        EngineName::Hipp => EngineKind::Hipp,
    };
    let mut player = Player {
        pos: Position::start(),
        engine: Engine::new(EngineOptions {
            book: !args.no_book,
            ..EngineOptions::new(kind)
        }),
        depth: args.depth,
        quiet: args.quiet,
        budget: Duration::from_millis(args.time_ms),
        used: Duration::ZERO,
        asked: Instant::now(),
        moves_played: 0,
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let result = serve(stdin.lock(), stdout.lock(), &mut player);
    let _ = std::io::stderr().flush();
    match result {
        Ok(()) | Err(ServeError::Eof) => Ok(()),
        Err(ServeError::Responder(e)) => Err(anyhow::Error::new(e)),
        Err(ServeError::Dialogue(e)) => Err(anyhow::Error::new(OpponentError(format!(
            "unreadable line from the referee: {e}"
        )))),
        Err(ServeError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(ServeError::Io(e)) => Err(e.into()),
    }
}
