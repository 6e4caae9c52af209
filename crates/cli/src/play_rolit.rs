//! `olympiad play rolit` (and `rolit3`, `rolit2`): a player program for the Caia Rolit
//! dialogue, so that our engines can sit at a Caia table under any `caiaio` (ours or Caia's)
//! beside the Caia distribution's own players.
//!
//! The dialogue, as the Caia Rolit referee speaks it: the first line is this player's number
//! k (1..n); after that every line is a move of another player (a square number 1-64), in
//! turn order, and when player k is to move it writes its move (one line, flushed) without
//! being asked again. After the last move of the game (board full), given or received, it
//! exits by itself with code 0; it also exits 0 on `0` (the referee stopped the game) and at
//! the end of its input. A first line that is not a number 1..n is an input error (exit
//! code 2); a move from the referee that is not legal is reported on stderr (exit code 3).
//!
//! The clock: the budget is for the whole game; a tenth of it (at most a second) is never
//! spent, and each move gets the rest spread over this player's moves left in the game
//! (exactly known: there is no passing), counted from the moment the line that made it this
//! player's turn arrived.

use crate::play::{
    ANSWER_MARGIN_MS, Args, EngineName, OpponentError, RESERVE_MAX_MS, RESERVE_PERCENT,
};
use olympiad_core::{Game, Notation};
use olympiad_rolit::Position;
use olympiad_rolit::engine::{Engine, EngineKind};
use olympiad_search::{Limits, TimeBudget};
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// The line that stops a player before the end of the game.
pub const STOP: &str = "0";

/// The player: its seat, the position, the engine and the clock.
struct Player {
    me: usize,
    pos: Position,
    engine: Engine,
    depth: Option<u32>,
    quiet: bool,
    budget: Duration,
    used: Duration,
    moves_played: u32,
}

impl Player {
    /// This player's moves left in the game, the one about to be played included (it is to
    /// move).
    fn own_moves_left(&self) -> u32 {
        let empty = 64 - self.pos.occupied().count_ones();
        empty.div_ceil(self.pos.players() as u32)
    }

    /// The time for the move about to be chosen, `asked` being when this turn began.
    fn allocation(&self, asked: Instant) -> Duration {
        let remaining = self.budget.saturating_sub(self.used);
        let clock = TimeBudget {
            reserve: (self.budget * RESERVE_PERCENT as u32 / 100)
                .min(Duration::from_millis(RESERVE_MAX_MS)),
            expected_moves: self.moves_played + self.own_moves_left(),
            min_moves_left: 1,
            ..TimeBudget::new(remaining, Duration::ZERO)
        };
        clock
            .allocate(self.moves_played)
            .saturating_sub(asked.elapsed())
            .saturating_sub(Duration::from_millis(ANSWER_MARGIN_MS))
            .max(Duration::from_millis(1))
    }

    /// Chooses and plays this player's move; returns its text.
    fn choose(&mut self, asked: Instant) -> String {
        let share = self.allocation(asked);
        let limits = Limits {
            depth: self.depth,
            move_time: Some(share),
            ..Limits::default()
        };
        let choice = self
            .engine
            .choose(&self.pos, &limits)
            .expect("the game is not over: it is this player's turn");
        let text = self.pos.format_move(choice.mv);
        self.pos.play(choice.mv);
        self.moves_played += 1;
        self.used += asked.elapsed() + Duration::from_millis(ANSWER_MARGIN_MS);
        if !self.quiet {
            eprintln!(
                "move {} square {text} depth {} nodes {} value {} in {} ms of {} ms; clock used \
                 {} of {} ms",
                self.moves_played,
                choice.depth,
                choice.nodes,
                choice.value,
                asked.elapsed().as_millis(),
                share.as_millis(),
                self.used.as_millis(),
                self.budget.as_millis()
            );
        }
        text
    }

    /// Plays a move of another player, checked.
    fn observe(&mut self, text: &str) -> Result<(), OpponentError> {
        let ply = 61 - (64 - self.pos.occupied().count_ones());
        let player = self.pos.to_move().index() + 1;
        let mv = self.pos.parse_move(text).map_err(|e| {
            OpponentError(format!(
                "move {ply} of player {player} from the referee: {e}"
            ))
        })?;
        if !self.pos.is_legal(mv) {
            return Err(OpponentError(format!(
                "move {ply} of player {player} from the referee: '{text}' is not legal in {}",
                self.pos.position_text()
            )));
        }
        self.pos.play(mv);
        Ok(())
    }
}

/// Reads one line without its end; `None` at the end of the input.
fn read_line(input: &mut impl BufRead) -> anyhow::Result<Option<String>> {
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}

/// `olympiad play rolit|rolit3|rolit2`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let entry =
        olympiad_catalog::find_game(&args.game).map_err(|e| crate::input_error(e.to_string()))?;
    let players = entry.players;
    let kind = match args.engine {
        None | Some(EngineName::Mcts) => EngineKind::Mcts,
        Some(EngineName::Maxn) => EngineKind::MaxN,
        Some(EngineName::Paranoid) => EngineKind::Paranoid,
        Some(other) => {
            return Err(crate::input_error(format!(
                "engine {} plays caissa; Rolit's engines are mcts, maxn and paranoid",
                other.name()
            )));
        }
    };
    if args.depth.is_some() && kind == EngineKind::Mcts {
        return Err(crate::input_error(
            "--depth is for maxn and paranoid; mcts plays by the clock",
        ));
    }
    if args.no_book {
        return Err(crate::input_error(
            "--no-book is for caissa; Rolit has no book",
        ));
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut output = stdout.lock();
    let Some(first) = read_line(&mut input)? else {
        return Ok(());
    };
    let mut asked = Instant::now();
    let me = match first.parse::<usize>() {
        Ok(k) if (1..=players).contains(&k) && !first.starts_with('+') => k - 1,
        _ => {
            return Err(crate::input_error(format!(
                "the first line must be this player's number, 1 to {players}, not '{first}'"
            )));
        }
    };
    let mut player = Player {
        me,
        pos: Position::start_with(players),
        engine: Engine::new(kind, me as u64 + 1),
        depth: args.depth,
        quiet: args.quiet,
        budget: Duration::from_millis(args.time_ms),
        used: Duration::ZERO,
        moves_played: 0,
    };
    loop {
        if player.pos.outcome().is_some() {
            if !player.quiet {
                eprintln!(
                    "game over: {}; clock used {} of {} ms",
                    player.pos.position_text(),
                    player.used.as_millis(),
                    player.budget.as_millis()
                );
            }
            return Ok(());
        }
        if player.pos.to_move().index() == player.me {
            let text = player.choose(asked);
            let written = writeln!(output, "{text}").and_then(|()| output.flush());
            match written {
                Ok(()) => continue,
                // The referee is gone: nobody is left to play for.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(()),
                Err(e) => return Err(e.into()),
            }
        }
        let Some(line) = read_line(&mut input)? else {
            return Ok(());
        };
        asked = Instant::now();
        if line == STOP {
            if !player.quiet {
                eprintln!("stopped by the referee");
            }
            return Ok(());
        }
        player.observe(&line).map_err(anyhow::Error::new)?;
    }
}
