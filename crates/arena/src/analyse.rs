//! One search by a player on one position, outside any game: how the opening-set builder
//! asks a strong engine what a position is worth. The player is made exactly as a game's
//! player is (its process, limits and options from its spec), joins as the seat to move,
//! is asked for a move with a fixed time, and is closed again; its last search report is
//! the answer.

use crate::job::GameJob;
use crate::matches::Contestant;
use crate::player::{Fault, Turn};
use crate::referee::{Adjudication, RefereeConfig, TimeControl};
use olympiad_catalog::{DynGame, GameEntry, ThinkTime};
use olympiad_protocol::Thinking;
use std::time::Duration;

/// How far past its time an analysing engine may answer before it counts as hung.
pub const ANALYSIS_GRACE: Duration = Duration::from_secs(5);

/// What a search found: the move it would play and its report.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The move it chose, in its own text.
    pub best: String,
    /// Its last search report (score from the side to move, depth, pv).
    pub thinking: Thinking,
}

/// Asks `player` of `game` to search `position` for `time` and returns its last report.
/// A player that reports no score (a built-in engine, a CodeCup program) is an error, as is
/// every fault of a game's turn.
pub fn analyse(
    game: &'static GameEntry,
    player: &Contestant,
    position: &dyn DynGame,
    time: Duration,
) -> Result<Analysis, Fault> {
    let seat = position.to_move();
    let job = GameJob {
        index: 0,
        game,
        // The player sits in every seat: only the seat to move is ever made.
        seats: vec![player.clone(); game.players],
        opening: None,
        referee: RefereeConfig {
            time: TimeControl {
                budget: time,
                increment: Duration::ZERO,
                move_cap: Some(time),
                moves_per_period: None,
                margin: ANALYSIS_GRACE,
            },
            freeze_idle: false,
            max_plies: None,
            adjudication: Adjudication::default(),
        },
        log_dir: None,
        address_space_bytes: None,
    };
    let mut program = job.player(seat.index());
    let clock = ThinkTime {
        left: time,
        move_cap: Some(time),
        ..ThinkTime::default()
    };
    let answer = program.join(seat, game.players).and_then(|()| {
        program.take_turn(
            Turn::Start,
            position,
            time + ANALYSIS_GRACE,
            &clock,
            &vec![time; game.players],
        )
    });
    program.finish(answer.is_err());
    let reply = answer?;
    let thinking = reply
        .thinking
        .filter(|t| t.score.is_some())
        .ok_or_else(|| {
            Fault::ProtocolError(format!(
                "{} reported no score for its move {}",
                player.name, reply.text
            ))
        })?;
    Ok(Analysis {
        best: reply.text,
        thinking,
    })
}
