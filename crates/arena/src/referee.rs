//! The top layer for one game: the referee. It owns the position (as a [`DynGame`]), the
//! clocks and the players (one per seat, two or more), asks for moves in turn, shows every
//! move to the other seats, checks every reply, and writes the complete record of the game.
//!
//! A fault ends the game at once, whatever the number of seats: the offender scores 0 (an
//! irregular loss) and every other seat 1 point ([`fault_outcome`]); for two seats that is
//! the opponent's win. The Caia Rolit referee only says the offender loses; giving the
//! others equal shares keeps the rule the same for every game, needs no knowledge of a
//! game's score in an unfinished position, and ranks the others tied first.
//!
//! Clock rules (CodeCup style): each player has a budget for the whole game; a move is
//! charged the wall time from the moment its request was written until the reply line was
//! read (the reader thread stamps the line); the increment is added after each move; a
//! per-move cap, if set, limits one move. A reply later than the time allowed is a time-out
//! even if it arrives. With `freeze_idle`, the player not on move is stopped (SIGSTOP) and
//! resumed (SIGCONT) just before its request, so that no one computes on the opponent's time.

use crate::player::{Fault, Player, PlayerEnd, Turn};
use crate::process::StderrCapture;
use crate::watch::{Started, Watch};
use olympiad_catalog::{DynGame, ThinkTime};
use olympiad_core::{Outcome, Seat};
use olympiad_protocol::Thinking;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// A game's time control.
///
/// The durations are written as milliseconds (`f64`) and read back rounded to the nearest
/// nanosecond: exact for every duration under 2^50 ns (about 13 days).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Each player's budget for the whole game.
    #[serde(
        rename = "budget_ms",
        serialize_with = "ser_ms",
        deserialize_with = "de_ms"
    )]
    pub budget: Duration,
    /// Added to a player's clock after each of its moves.
    #[serde(
        rename = "increment_ms",
        serialize_with = "ser_ms",
        deserialize_with = "de_ms"
    )]
    pub increment: Duration,
    /// The most a single move may take (`None`: only the budget limits it).
    #[serde(
        rename = "move_cap_ms",
        serialize_with = "ser_opt_ms",
        deserialize_with = "de_opt_ms"
    )]
    pub move_cap: Option<Duration>,
    /// Each player's moves after which its budget is added to its clock again (the 40 of
    /// `40/300+1`); `None`: the budget is for the whole game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_per_period: Option<u32>,
    /// How far past its clock (or cap) a reply may come without losing on time, as
    /// fastchess's `timemargin`: the clock then stands at zero before the increment.
    #[serde(
        rename = "margin_ms",
        default,
        serialize_with = "ser_ms",
        deserialize_with = "de_ms",
        skip_serializing_if = "Duration::is_zero"
    )]
    pub margin: Duration,
}

/// Adjudication by the engines' own scores (engine protocols report them), as chess match
/// runners do it. Scores are in centipawns for the mover, mates beyond any material.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adjudication {
    /// A side loses when, for `moves` moves of each side in a row, its own score is at or
    /// below `-score_cp` and its opponent's at or above `score_cp`: both agree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resign: Option<ScoreRule>,
    /// A draw when, for `moves` moves of each side in a row, both scores are within
    /// `score_cp` of zero, counting from move `after_move` (moves of both sides, from 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<DrawRule>,
}

impl Adjudication {
    /// No rule at all.
    pub fn is_off(&self) -> bool {
        self.resign.is_none() && self.draw.is_none()
    }
}

/// The resignation rule: a score and how many moves of each side it must hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreRule {
    /// The score, in centipawns.
    pub score_cp: i32,
    /// Moves of each side in a row.
    pub moves: u32,
}

/// The draw rule: a score band, how many moves of each side, from which move on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawRule {
    /// The band's half width, in centipawns.
    pub score_cp: i32,
    /// Moves of each side in a row.
    pub moves: u32,
    /// The first move (of both sides, from 1) that may count.
    pub after_move: u32,
}

fn seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("'{text}' is not a number of seconds"))
}

impl TimeControl {
    /// Reads a time control as chess match runners write it: `[MOVES/]SECONDS[+INCREMENT]`
    /// (`10+0.1`, `40/60`, `1+0.01`; MOVES repeats the budget every MOVES moves), or
    /// `st=SECONDS`, that long per move. No margin.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        if let Some(st) = text.strip_prefix("st=") {
            let t = seconds(st)?;
            if t.is_zero() {
                return Err("st=0: a move needs some time".into());
            }
            return Ok(TimeControl {
                budget: t * 1000,
                increment: Duration::ZERO,
                move_cap: Some(t),
                moves_per_period: None,
                margin: Duration::ZERO,
            });
        }
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => {
                let m: u32 = m
                    .parse()
                    .ok()
                    .filter(|&m| m > 0)
                    .ok_or_else(|| format!("'{m}' is not a number of moves (1 or more)"))?;
                (Some(m), rest)
            }
            None => (None, text),
        };
        let (budget, increment) = match rest.split_once('+') {
            Some((b, i)) => (seconds(b)?, seconds(i)?),
            None => (seconds(rest)?, Duration::ZERO),
        };
        if budget.is_zero() {
            return Err(format!("'{text}': the budget must be more than 0 s"));
        }
        Ok(TimeControl {
            budget,
            increment,
            move_cap: None,
            moves_per_period: moves,
            margin: Duration::ZERO,
        })
    }
}

/// Whole numbers from 0 to 100,000, `want` of them, comma-separated.
fn whole_numbers(text: &str, want: usize, form: &str) -> Result<Vec<u32>, String> {
    let n: Vec<u32> = text
        .split(',')
        .map(|t| {
            t.trim()
                .parse::<u32>()
                .ok()
                .filter(|&x| x <= 100_000)
                .ok_or_else(|| format!("'{}' is not a whole number from 0 to 100000", t.trim()))
        })
        .collect::<Result<_, _>>()?;
    if n.len() != want {
        return Err(format!(
            "expected {form}: {want} whole numbers, found {}",
            n.len()
        ));
    }
    Ok(n)
}

impl ScoreRule {
    /// Reads `SCORE,MOVES` (centipawns, moves of each side).
    pub fn parse(text: &str) -> Result<ScoreRule, String> {
        let n = whole_numbers(text, 2, "SCORE,MOVES")?;
        Ok(ScoreRule {
            score_cp: n[0] as i32,
            moves: n[1],
        })
    }
}

impl DrawRule {
    /// Reads `SCORE,MOVES,AFTER` (centipawns, moves of each side, the first move counted).
    pub fn parse(text: &str) -> Result<DrawRule, String> {
        let n = whole_numbers(text, 3, "SCORE,MOVES,AFTER")?;
        Ok(DrawRule {
            score_cp: n[0] as i32,
            moves: n[1],
            after_move: n[2],
        })
    }
}

/// How the referee runs a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefereeConfig {
    /// The clocks.
    pub time: TimeControl,
    /// Stop the player who is not on move (SIGSTOP/SIGCONT).
    pub freeze_idle: bool,
    /// Adjudicate a draw after this many plies (on top of the game's own rules).
    pub max_plies: Option<u32>,
    /// Adjudication by the engines' scores.
    #[serde(default, skip_serializing_if = "Adjudication::is_off")]
    pub adjudication: Adjudication,
}

/// One move in the record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// What the mover said about its search (depth, score, nodes), when it said anything.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub info: Option<String>,
    /// Its last search report before the move, parsed (engine protocols).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thinking: Option<Thinking>,
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// A player gave the game up.
    Resigned {
        /// Who resigned.
        seat: u8,
    },
    /// The referee ended it on the engines' scores ([`Adjudication`]).
    Adjudicated {
        /// The seat given the win; `None`: a draw.
        winner: Option<u8>,
        /// Which rule, and for whom.
        reason: String,
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
            Termination::Resigned { .. } => "resignation".into(),
            Termination::Adjudicated { .. } => "adjudication".into(),
            Termination::Fault { fault, .. } => fault.kind().into(),
        }
    }
}

/// A player as the record names it. Its end is written flattened into it (`name`, `exit`,
/// `ignored_end`, `stderr`) and read back by naming those fields, without serde's
/// flattening.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "PlayerRecordFields")]
pub struct PlayerRecord {
    /// Its name (the spec or the players-file name).
    pub name: String,
    /// What happened to it at the end.
    #[serde(flatten)]
    pub end: PlayerEnd,
}

/// The fields of a [`PlayerRecord`] as written, for reading it back.
#[derive(Deserialize)]
struct PlayerRecordFields {
    name: String,
    exit: Option<String>,
    ignored_end: bool,
    stderr: Option<StderrCapture>,
}

impl From<PlayerRecordFields> for PlayerRecord {
    fn from(f: PlayerRecordFields) -> Self {
        PlayerRecord {
            name: f.name,
            end: PlayerEnd {
                exit: f.exit,
                ignored_end: f.ignored_end,
                stderr: f.stderr,
            },
        }
    }
}

/// The complete record of one game. It is written to JSON (the match's JSON lines, the
/// store) and read back from it: every `f64` reads back exactly (serde_json writes the
/// shortest text that reads back to the same number, and this crate turns on its exact
/// parsing, `float_roundtrip`); the durations of its config as [`TimeControl`] says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// Points by seat: the game's outcome in half points (two seats: 1, 0.5, 0; Rolit: the
    /// balls), or after a fault 0 for the offender and 1 for everyone else.
    pub points: Vec<f64>,
    /// "1-0", "0-1" or "1/2-1/2"; for more seats the points joined by "-".
    pub result: String,
    /// Why it ended.
    pub termination: Termination,
    /// The final position's text.
    pub end: String,
    /// Time left on each seat's clock at the end, in milliseconds.
    pub left_ms: Vec<f64>,
    /// Time each seat used (wall time charged, increments not counted), in milliseconds.
    pub used_ms: Vec<f64>,
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

/// Reads what [`ser_ms`] wrote: milliseconds, rounded to the nearest nanosecond.
fn de_ms<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
    let ms = f64::deserialize(d)?;
    duration_of_ms(ms).map_err(serde::de::Error::custom)
}

/// Reads what [`ser_opt_ms`] wrote.
fn de_opt_ms<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Duration>, D::Error> {
    Option::<f64>::deserialize(d)?
        .map(duration_of_ms)
        .transpose()
        .map_err(serde::de::Error::custom)
}

/// The duration of `ms` milliseconds, rounded to the nearest nanosecond; beyond what
/// nanoseconds in a `u64` hold (584 years), the nearest `f64` seconds.
fn duration_of_ms(ms: f64) -> Result<Duration, String> {
    let nanos = (ms * 1e6).round();
    if nanos.is_nan() || nanos < 0.0 {
        return Err(format!("{ms} ms is not a duration"));
    }
    if nanos < u64::MAX as f64 {
        return Ok(Duration::from_nanos(nanos as u64));
    }
    Duration::try_from_secs_f64(ms / 1000.0).map_err(|e| format!("{ms} ms: {e}"))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The adjudication streaks: for each seat, its last moves in a row that count towards a
/// loss, a win and a draw.
struct Streaks {
    losing: Vec<u32>,
    winning: Vec<u32>,
    level: Vec<u32>,
}

impl Streaks {
    fn new(seats: usize) -> Self {
        Self {
            losing: vec![0; seats],
            winning: vec![0; seats],
            level: vec![0; seats],
        }
    }

    /// Seat `s` just moved with `score` (for itself), the game's `plies`-th move: whether
    /// the rules end the game now. Two seats only; a move without a score breaks every
    /// streak of its seat.
    fn after(
        &mut self,
        rules: &Adjudication,
        s: usize,
        score: Option<olympiad_protocol::EngineScore>,
        plies: usize,
    ) -> Option<Termination> {
        if self.losing.len() != 2 || rules.is_off() {
            return None;
        }
        let cp = score.map(|s| s.centipawns());
        let bump = |streak: &mut u32, holds: bool| *streak = if holds { *streak + 1 } else { 0 };
        let o = 1 - s;
        if let Some(rule) = rules.resign {
            bump(&mut self.losing[s], cp.is_some_and(|c| c <= -rule.score_cp));
            bump(&mut self.winning[s], cp.is_some_and(|c| c >= rule.score_cp));
            for (loser, winner) in [(s, o), (o, s)] {
                if self.losing[loser] >= rule.moves && self.winning[winner] >= rule.moves {
                    return Some(Termination::Adjudicated {
                        winner: Some(winner as u8),
                        reason: format!(
                            "seat {loser} lost by score: both engines saw at least {} cp \
                             for {} moves each",
                            rule.score_cp, rule.moves
                        ),
                    });
                }
            }
        }
        if let Some(rule) = rules.draw {
            let move_number = (plies as u32).div_ceil(2);
            bump(
                &mut self.level[s],
                move_number >= rule.after_move && cp.is_some_and(|c| c.abs() <= rule.score_cp),
            );
            if self.level.iter().all(|&n| n >= rule.moves) {
                return Some(Termination::Adjudicated {
                    winner: None,
                    reason: format!(
                        "draw by score: both engines within {} cp for {} moves each",
                        rule.score_cp, rule.moves
                    ),
                });
            }
        }
        None
    }
}

/// The points of a game ended by a fault in a game of `seats` seats: the offender gets
/// nothing (an irregular loss), every other seat one point (two half points). For two seats
/// this is the other seat's win.
pub fn fault_outcome(offender: Seat, seats: usize) -> Outcome {
    let mut half = [2u16; olympiad_core::MAX_SEATS];
    half[offender.index()] = 0;
    Outcome::with_half_points(&half[..seats], "fault")
}

/// The result text: "1-0", "0-1" or "1/2-1/2" for two seats; the points by seat joined by
/// "-" for more ("20-15-17-12").
pub fn result_text(points: &[f64]) -> String {
    match points {
        [a, b] if a > b => "1-0".into(),
        [a, b] if a < b => "0-1".into(),
        [_, _] => "1/2-1/2".into(),
        _ => points
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("-"),
    }
}

/// Plays one game between `players` (index = seat; as many as the game has seats) from
/// `game`, to the end, and returns its record. Every seat is joined first ([`Player::join`])
/// and every move is shown to every other seat ([`Player::observe`]), the seat next to move
/// getting it as its request; each program's dialogue decides what that means on its
/// pipes. Every player is
/// finished (programs killed with their whole process group) before this returns.
///
/// `watch` sees the game start, every move as it enters the record, and the finished
/// record ([`crate::watch::NoWatch`] where nobody watches).
pub fn play_game(
    mut game: Box<dyn DynGame>,
    players: &mut [Box<dyn Player>],
    names: impl Into<Vec<String>>,
    config: &RefereeConfig,
    index: u64,
    watch: &dyn Watch,
) -> GameRecord {
    let names: Vec<String> = names.into();
    let seats = game.num_players();
    assert_eq!(players.len(), seats, "one player per seat");
    assert_eq!(names.len(), seats, "one name per seat");
    let started = Instant::now();
    let start = game.position_text();
    let time = config.time;
    let mut left = vec![time.budget; seats];
    let mut used = vec![Duration::ZERO; seats];
    let mut moves: Vec<MoveRecord> = Vec::new();
    watch.started(&Started {
        index,
        game: game.name(),
        players: &names,
        start: &start,
        config,
    });
    if config.freeze_idle {
        for p in players.iter_mut() {
            p.freeze();
        }
    }
    let fault = |seat: usize, fault| Termination::Fault {
        seat: seat as u8,
        fault,
    };
    let joined = players
        .iter_mut()
        .enumerate()
        .find_map(|(s, p)| p.join(Seat(s as u8), seats).err().map(|f| fault(s, f)));
    let mut moves_made = vec![0u32; seats];
    let mut streaks = Streaks::new(seats);
    let termination = match joined {
        Some(t) => Err(t),
        None => loop {
            if let Some(outcome) = game.outcome() {
                break Ok(outcome);
            }
            let plies = moves.len() as u32;
            if config.max_plies.is_some_and(|m| plies >= m) {
                break Err(Termination::MoveLimit { plies });
            }
            let s = game.to_move().index();
            let due = time.move_cap.map_or(left[s], |cap| cap.min(left[s]));
            let limit = due + time.margin;
            let clock = ThinkTime {
                left: left[s],
                increment: time.increment,
                move_cap: time.move_cap,
                moves_to_go: time
                    .moves_per_period
                    .map(|n| n.max(1) - moves_made[s] % n.max(1)),
                ..ThinkTime::default()
            };
            let turn = match moves.last() {
                None => Turn::Start,
                Some(m) => Turn::Opponent(&m.text),
            };
            let player = &mut players[s];
            if config.freeze_idle {
                player.thaw();
            }
            let reply = player.take_turn(turn, &*game, limit, &clock, &left);
            if config.freeze_idle {
                player.freeze();
            }
            let reply = match reply {
                Ok(r) => r,
                Err(f) => {
                    left[s] = left[s].saturating_sub(limit);
                    used[s] += limit;
                    break Err(fault(s, f));
                }
            };
            if reply.wall > limit {
                left[s] = Duration::ZERO;
                used[s] += reply.wall;
                break Err(fault(
                    s,
                    Fault::Timeout(format!(
                        "answered after {} ms, {} ms allowed",
                        reply.wall.as_millis(),
                        limit.as_millis()
                    )),
                ));
            }
            if reply.resigned {
                left[s] = left[s].saturating_sub(reply.wall);
                used[s] += reply.wall;
                if seats == 2 {
                    break Err(Termination::Resigned { seat: s as u8 });
                }
                break Err(fault(
                    s,
                    Fault::Garbled("resigned in a game of more than two seats".into()),
                ));
            }
            let text = match game.play(&reply.text) {
                Ok(t) => t,
                Err(olympiad_catalog::PlayError::Syntax(e)) => {
                    break Err(fault(s, Fault::Garbled(format!("'{}': {e}", reply.text))));
                }
                Err(e) => break Err(fault(s, Fault::IllegalMove(e.to_string()))),
            };
            // Within the margin past the clock, the clock stands at zero.
            left[s] = left[s].saturating_sub(reply.wall) + time.increment;
            used[s] += reply.wall;
            moves_made[s] += 1;
            if let Some(n) = time.moves_per_period
                && moves_made[s].is_multiple_of(n.max(1))
            {
                left[s] += time.budget;
            }
            let score = reply.thinking.as_ref().and_then(|t| t.score);
            moves.push(MoveRecord {
                seat: s as u8,
                text: text.clone(),
                time_ms: ms(reply.wall),
                cpu_ms: reply.cpu.map(ms),
                left_ms: ms(left[s]),
                info: reply.info,
                thinking: reply.thinking,
            });
            watch.moved(index, moves.len() - 1, &moves[moves.len() - 1]);
            // Everyone but the mover sees the move; the next to move gets it as its request
            // (unless the game is over: then everyone is told now).
            let next = game.outcome().is_none().then(|| game.to_move().index());
            let told = (0..seats)
                .filter(|&t| t != s && Some(t) != next)
                .find_map(|t| players[t].observe(&text).err().map(|f| fault(t, f)));
            if let Some(t) = told {
                break Err(t);
            }
            if game.outcome().is_none()
                && let Some(t) = streaks.after(&config.adjudication, s, score, moves.len())
            {
                break Err(t);
            }
        },
    };
    let (outcome, termination) = match termination {
        Ok(outcome) => (
            outcome,
            Termination::Rules {
                reason: outcome.reason.to_string(),
            },
        ),
        Err(t @ Termination::MoveLimit { .. }) => (Outcome::draw(seats, "move limit"), t),
        Err(t @ Termination::Resigned { seat }) => {
            (Outcome::win(Seat(1 - seat), seats, "resignation"), t)
        }
        Err(t @ Termination::Adjudicated { winner, .. }) => (
            match winner {
                Some(w) => Outcome::win(Seat(w), seats, "adjudication"),
                None => Outcome::draw(seats, "adjudication"),
            },
            t,
        ),
        Err(t @ Termination::Fault { seat, .. }) => (fault_outcome(Seat(seat), seats), t),
        Err(t @ Termination::Rules { .. }) => unreachable!("rules end as Ok: {t:?}"),
    };
    let offender = match &termination {
        Termination::Fault { seat, .. } => Some(*seat),
        _ => None,
    };
    if matches!(termination, Termination::Rules { .. }) {
        let half: Vec<u32> = (0..seats)
            .map(|i| outcome.half_points(Seat(i as u8)) as u32)
            .collect();
        for p in players.iter_mut() {
            p.result(&half, outcome.reason);
        }
    } else {
        for (i, p) in players.iter_mut().enumerate() {
            if offender != Some(i as u8) {
                p.stopped();
            }
        }
    }
    let ends: Vec<PlayerEnd> = players
        .iter_mut()
        .enumerate()
        .map(|(i, p)| p.finish(offender == Some(i as u8)))
        .collect();
    // A program still running after the end (it ignored `end`, or did not stop by itself
    // after the last move) loses like any other offender, whatever the board said, when it
    // is the only one; when several do, the board result stands and the records say so.
    let ignored: Vec<usize> = (0..seats).filter(|&i| ends[i].ignored_end).collect();
    let (outcome, termination) = match (ignored.as_slice(), &termination) {
        (&[seat], Termination::Rules { .. } | Termination::MoveLimit { .. }) => (
            fault_outcome(Seat(seat as u8), seats),
            Termination::Fault {
                seat: seat as u8,
                fault: Fault::ProtocolError(format!(
                    "still running {} ms after the end of the game (it ignored the end)",
                    crate::player::END_GRACE.as_millis()
                )),
            },
        ),
        _ => (outcome, termination),
    };
    let points: Vec<f64> = (0..seats).map(|i| outcome.points(Seat(i as u8))).collect();
    let record = GameRecord {
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
        result: result_text(&points),
        points,
        termination,
        end: game.position_text(),
        left_ms: left.iter().map(|&d| ms(d)).collect(),
        used_ms: used.iter().map(|&d| ms(d)).collect(),
        wall_ms: ms(started.elapsed()),
    };
    watch.ended(&record);
    record
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_protocol::EngineScore::{Cp, Mate};

    #[test]
    fn a_loss_needs_both_engines_to_agree_for_the_moves_asked() {
        let rules = Adjudication {
            resign: Some(ScoreRule {
                score_cp: 500,
                moves: 2,
            }),
            draw: None,
        };
        let mut s = Streaks::new(2);
        // Seat 0 sees itself lost twice; seat 1 agrees only once, then not.
        assert_eq!(s.after(&rules, 0, Some(Cp(-600)), 1), None);
        assert_eq!(s.after(&rules, 1, Some(Cp(700)), 2), None);
        assert_eq!(s.after(&rules, 0, Some(Mate(-9)), 3), None);
        assert_eq!(s.after(&rules, 1, None, 4), None);
        assert_eq!(s.after(&rules, 0, Some(Cp(-900)), 5), None);
        assert_eq!(s.after(&rules, 1, Some(Cp(650)), 6), None);
        match s.after(&rules, 0, Some(Cp(-800)), 7) {
            None => {}
            other => panic!("seat 1 has agreed once since its unscored move: {other:?}"),
        }
        match s.after(&rules, 1, Some(Mate(4)), 8) {
            Some(Termination::Adjudicated { winner, .. }) => assert_eq!(winner, Some(1)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_draw_counts_from_its_move_on_and_breaks_on_a_big_score() {
        let rules = Adjudication {
            resign: None,
            draw: Some(DrawRule {
                score_cp: 10,
                moves: 2,
                after_move: 3,
            }),
        };
        let mut s = Streaks::new(2);
        // Moves 1 and 2 do not count.
        for ply in 1..=4 {
            assert_eq!(s.after(&rules, (ply + 1) % 2, Some(Cp(0)), ply), None);
        }
        assert_eq!(s.after(&rules, 0, Some(Cp(5)), 5), None);
        assert_eq!(s.after(&rules, 1, Some(Cp(-40)), 6), None);
        assert_eq!(s.after(&rules, 0, Some(Cp(-3)), 7), None);
        assert_eq!(s.after(&rules, 1, Some(Cp(8)), 8), None);
        assert_eq!(
            s.after(&rules, 0, Some(Cp(0)), 9),
            None,
            "seat 1 has one move in band"
        );
        match s.after(&rules, 1, Some(Cp(-10)), 10) {
            Some(Termination::Adjudicated { winner: None, .. }) => {}
            other => panic!("{other:?}"),
        }
        // Off, or more than two seats: never.
        assert_eq!(
            Streaks::new(2).after(&Adjudication::default(), 0, Some(Cp(0)), 99),
            None
        );
        assert_eq!(Streaks::new(3).after(&rules, 0, Some(Cp(0)), 99), None);
    }
}
