//! The top layer for one game: the referee. It owns the position (as a [`DynGame`]), the
//! clocks and the two players, asks for moves in turn, checks every reply, and writes the
//! complete record of the game.
//!
//! Clock rules (CodeCup style): each player has a budget for the whole game; a move is
//! charged the wall time from the moment its request was written until the reply line was
//! read (the reader thread stamps the line); the increment is added after each move; a
//! per-move cap, if set, limits one move. A reply later than the time allowed is a time-out
//! even if it arrives. With `freeze_idle`, the player not on move is stopped (SIGSTOP) and
//! resumed (SIGCONT) just before its request, so that no one computes on the opponent's time.

use crate::player::{Fault, Player, PlayerEnd, Turn};
use olympiad_catalog::{DynGame, ThinkTime};
use olympiad_core::{Outcome, Seat};
use serde::Serialize;
use std::time::{Duration, Instant};

/// A game's time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TimeControl {
    /// Each player's budget for the whole game.
    #[serde(rename = "budget_ms", serialize_with = "ser_ms")]
    pub budget: Duration,
    /// Added to a player's clock after each of its moves.
    #[serde(rename = "increment_ms", serialize_with = "ser_ms")]
    pub increment: Duration,
    /// The most a single move may take (`None`: only the budget limits it).
    #[serde(rename = "move_cap_ms", serialize_with = "ser_opt_ms")]
    pub move_cap: Option<Duration>,
}

/// How the referee runs a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RefereeConfig {
    /// The clocks.
    pub time: TimeControl,
    /// Stop the player who is not on move (SIGSTOP/SIGCONT).
    pub freeze_idle: bool,
    /// Adjudicate a draw after this many plies (on top of the game's own rules).
    pub max_plies: Option<u32>,
}

/// One move in the record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveRecord {
    /// The seat that moved.
    pub seat: u8,
    /// The move in the game's canonical notation.
    #[serde(rename = "move")]
    pub text: String,
    /// Wall time charged, in milliseconds.
    pub time_ms: f64,
    /// CPU time used, in milliseconds, when measured (programs: in clock ticks).
    pub cpu_ms: Option<f64>,
    /// Time left on the mover's clock after the move (and its increment), in milliseconds.
    pub left_ms: f64,
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Termination {
    /// The game's rules ended it (checkmate, stalemate, its own ply limit, ...).
    Rules {
        /// The rules' reason.
        reason: String,
    },
    /// The referee's move limit: a draw.
    MoveLimit {
        /// Plies played.
        plies: u32,
    },
    /// A player broke the rules of the arena and lost.
    Fault {
        /// The offender.
        seat: u8,
        /// What it did.
        fault: Fault,
    },
}

impl Termination {
    /// A short name for tallies: the rules' reason, "move-limit", or the fault's kind.
    pub fn label(&self) -> String {
        match self {
            Termination::Rules { reason } => reason.clone(),
            Termination::MoveLimit { .. } => "move-limit".into(),
            Termination::Fault { fault, .. } => fault.kind().into(),
        }
    }
}

/// A player as the record names it.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerRecord {
    /// Its name (the spec or the players-file name).
    pub name: String,
    /// What happened to it at the end.
    #[serde(flatten)]
    pub end: PlayerEnd,
}

/// The complete record of one game.
#[derive(Clone, Debug, Serialize)]
pub struct GameRecord {
    /// The catalog name of the game.
    pub game: String,
    /// The game's number in its match (0-based).
    pub index: u64,
    /// The players by seat (seat 0 moves first).
    pub players: Vec<PlayerRecord>,
    /// The time control and referee options.
    pub config: RefereeConfig,
    /// The start position's text.
    pub start: String,
    /// Every move with its times.
    pub moves: Vec<MoveRecord>,
    /// Points by seat (1, 0.5, 0).
    pub points: Vec<f64>,
    /// "1-0", "0-1" or "1/2-1/2".
    pub result: String,
    /// Why it ended.
    pub termination: Termination,
    /// The final position's text.
    pub end: String,
    /// Time left on each seat's clock at the end, in milliseconds.
    pub left_ms: Vec<f64>,
    /// Wall time of the whole game, in milliseconds.
    pub wall_ms: f64,
}

fn ser_ms<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(ms(*d))
}

fn ser_opt_ms<S: serde::Serializer>(d: &Option<Duration>, s: S) -> Result<S::Ok, S::Error> {
    match d {
        Some(d) => s.serialize_some(&ms(*d)),
        None => s.serialize_none(),
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Plays one two-player game between `players` (index = seat) from `game`, to the end, and
/// returns its record. Every player is finished (programs killed with their whole process
/// group) before this returns.
pub fn play_game(
    mut game: Box<dyn DynGame>,
    players: &mut [Box<dyn Player>; 2],
    names: [String; 2],
    config: &RefereeConfig,
    index: u64,
) -> GameRecord {
    assert_eq!(
        game.num_players(),
        2,
        "the CodeCup dialogue is for two players"
    );
    let started = Instant::now();
    let start = game.position_text();
    let time = config.time;
    let mut left = [time.budget; 2];
    let mut moves: Vec<MoveRecord> = Vec::new();
    if config.freeze_idle {
        for p in players.iter_mut() {
            p.freeze();
        }
    }
    let termination = loop {
        if let Some(outcome) = game.outcome() {
            break Ok(outcome);
        }
        let plies = moves.len() as u32;
        if config.max_plies.is_some_and(|m| plies >= m) {
            break Err(Termination::MoveLimit { plies });
        }
        let seat = game.to_move();
        let s = seat.index();
        let limit = time.move_cap.map_or(left[s], |cap| cap.min(left[s]));
        let clock = ThinkTime {
            left: left[s],
            increment: time.increment,
            move_cap: time.move_cap,
        };
        let turn = match moves.last() {
            None => Turn::Start,
            Some(m) => Turn::Opponent(&m.text),
        };
        let player = &mut players[s];
        if config.freeze_idle {
            player.thaw();
        }
        let reply = player.take_turn(turn, limit, &clock);
        if config.freeze_idle {
            player.freeze();
        }
        let fault = |fault| Termination::Fault {
            seat: seat.0,
            fault,
        };
        let reply = match reply {
            Ok(r) => r,
            Err(f) => {
                left[s] = left[s].saturating_sub(limit);
                break Err(fault(f));
            }
        };
        if reply.wall > limit {
            left[s] = Duration::ZERO;
            break Err(fault(Fault::Timeout(format!(
                "answered after {} ms, {} ms allowed",
                reply.wall.as_millis(),
                limit.as_millis()
            ))));
        }
        let text = match game.play(&reply.text) {
            Ok(t) => t,
            Err(olympiad_catalog::PlayError::Syntax(e)) => {
                break Err(fault(Fault::Garbled(format!("'{}': {e}", reply.text))));
            }
            Err(e) => break Err(fault(Fault::IllegalMove(e.to_string()))),
        };
        left[s] = left[s] - reply.wall + time.increment;
        moves.push(MoveRecord {
            seat: seat.0,
            text,
            time_ms: ms(reply.wall),
            cpu_ms: reply.cpu.map(ms),
            left_ms: ms(left[s]),
        });
    };
    let (outcome, termination) = match termination {
        Ok(outcome) => (
            outcome,
            Termination::Rules {
                reason: outcome.reason.to_string(),
            },
        ),
        Err(t @ Termination::MoveLimit { .. }) => (Outcome::draw(2, "move limit"), t),
        Err(t @ Termination::Fault { seat, .. }) => {
            (Outcome::win(Seat(seat).next(2), 2, "fault"), t)
        }
        Err(t @ Termination::Rules { .. }) => unreachable!("rules end as Ok: {t:?}"),
    };
    let offender = match &termination {
        Termination::Fault { seat, .. } => Some(*seat),
        _ => None,
    };
    let ends: Vec<PlayerEnd> = players
        .iter_mut()
        .enumerate()
        .map(|(i, p)| p.finish(offender == Some(i as u8)))
        .collect();
    let points: Vec<f64> = (0..2).map(|i| outcome.points(Seat(i))).collect();
    let result = match (points[0], points[1]) {
        (a, b) if a > b => "1-0",
        (a, b) if a < b => "0-1",
        _ => "1/2-1/2",
    };
    GameRecord {
        game: game.name().to_string(),
        index,
        players: names
            .into_iter()
            .zip(ends)
            .map(|(name, end)| PlayerRecord { name, end })
            .collect(),
        config: *config,
        start,
        moves,
        points,
        result: result.to_string(),
        termination,
        end: game.position_text(),
        left_ms: left.iter().map(|&d| ms(d)).collect(),
        wall_ms: ms(started.elapsed()),
    }
}
