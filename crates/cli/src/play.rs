//! `olympiad play`: player programs. This module takes the arguments, sends Rolit to
//! [`crate::play_rolit`] (the Caia dialogue), and is itself `olympiad play caissa`, a player
//! program for the CodeCup dialogue. It reads `start` or White's first move, answers each
//! move with one line (flushed), and exits on `end` or at the end of its input. It keeps its
//! own clock from the budget and never lets a search eat into the reserve; its search
//! reports go to stderr, one line per iteration. An illegal or unreadable opponent move is
//! reported on stderr and exits with code 3.

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
/// Kept back from every move's allocation, and charged to the clock with every move, for
/// what the program's own clock cannot see: the answer reaching the referee and the next
/// line reaching us (pipes and the scheduler; 1 to 4 ms a move were seen on a loaded 2-core
/// machine, which over a 100-move game is more than the reserve).
pub const ANSWER_MARGIN_MS: u64 = 5;

/// Which engine plays.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineName {
    /// Caïssa: our default engine.
    Caissa,
    /// Caïssa: the CodeCup 2003 champion rebuilt from its paper.
    Hipp,
    /// Rolit: Monte Carlo tree search (the default, the strongest).
    Mcts,
    /// Rolit: max^n with shallow pruning.
    Maxn,
    /// Rolit: paranoid alpha-beta.
    Paranoid,
}

impl EngineName {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            EngineName::Caissa => "caissa",
            EngineName::Hipp => "hipp",
            EngineName::Mcts => "mcts",
            EngineName::Maxn => "maxn",
            EngineName::Paranoid => "paranoid",
        }
    }
}

/// Arguments of `olympiad play`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "caissa speaks the CodeCup dialogue: `start` or the opponent's move in, \
    one move out, `end` or the end of input stops it.\n\n\
    rolit (rolit3, rolit2) speaks the Caia Rolit dialogue: the first line is the player's \
    number 1..n (anything else: exit code 2); it moves when its turn comes (a square number \
    1-64), reads every other player's move, and exits 0 after the last move of the game, on \
    `0` or at the end of input. An illegal move from the referee: exit code 3.\n\n\
    Under a Caia hub start it through a script: `exec olympiad play rolit --time-ms 30000`."
)]
pub struct Args {
    /// The game: caissa, or rolit, rolit3, rolit2.
    pub game: String,
    /// The engine (default: caissa for caissa, mcts for Rolit).
    #[arg(long, value_enum)]
    pub engine: Option<EngineName>,
    /// The budget for the whole game, in milliseconds (the CodeCup 2003 limit is 30 s; Caia's
    /// Rolit players have 30 s too).
    #[arg(long, default_value_t = 30_000)]
    pub time_ms: u64,
    /// Search to this depth on every move instead of using the clock (for tests and
    /// analysis; the budget still caps each move). Rolit: maxn and paranoid only.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Play without the opening book (caissa).
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
        self.used += self.asked.elapsed() + Duration::from_millis(ANSWER_MARGIN_MS);
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

/// `olympiad play`: Caïssa here, Rolit in [`crate::play_rolit`].
pub fn run(args: &Args) -> anyhow::Result<()> {
    let lower = args.game.to_ascii_lowercase();
    if ["rolit", "rolit3", "rolit2"].contains(&lower.as_str()) {
        return crate::play_rolit::run(args);
    }
    if lower != "caissa" {
        return Err(crate::input_error(format!(
            "play knows caissa, rolit, rolit3 and rolit2 (asked for '{}')",
            args.game
        )));
    }
    let kind = match args.engine {
        None | Some(EngineName::Caissa) => EngineKind::Caissa,
        Some(EngineName::Hipp) => EngineKind::Hipp,
        Some(other) => {
            return Err(crate::input_error(format!(
                "engine {} plays Rolit; caissa's engines are caissa and hipp",
                other.name()
            )));
        }
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
