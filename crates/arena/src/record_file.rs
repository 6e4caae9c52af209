//! A finished game in its community's file format (chess: PGN), for the games whose catalog
//! row has one: the record's players, time control, result and termination become header
//! tags, and every move carries what a chess reader expects in its comment: the mover's
//! score and depth (`+0.31/12`, `-M3/20`), the time it took and its clock after the move
//! (`[%clk 0:00:09.480]`), as cutechess and fastchess write them.

use crate::player::Fault;
use crate::referee::{GameRecord, MoveRecord, Termination, TimeControl};
use olympiad_catalog::{Ending, GameEntry, RecordMove, RecordText};
use olympiad_protocol::EngineScore;

/// The record's tags: the Seven Tag Roster (Event, Site, Date, Round, a tag per seat named
/// by the game's seat names: White and Black in chess, Black and White in Go, Result), then
/// TimeControl and Termination in the PGN standard's words, and PlyCount.
fn tags(game: &GameEntry, record: &GameRecord, head: &Head<'_>) -> Vec<(String, String)> {
    let name = |seat: usize| {
        record
            .players
            .get(seat)
            .map_or_else(|| "?".to_string(), |p| p.name.clone())
    };
    let start = game.start();
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), head.event.into()),
        ("Site".into(), "?".into()),
        ("Date".into(), head.date.into()),
        ("Round".into(), head.round.into()),
    ];
    tags.extend(
        (0..record.players.len())
            .map(|seat| (start.seat_name(olympiad_core::Seat(seat as u8)), name(seat))),
    );
    tags.extend([
        ("Result".into(), record.result.clone()),
        ("TimeControl".into(), time_control(&record.config.time)),
        (
            "Termination".into(),
            termination(&record.termination).into(),
        ),
        ("PlyCount".into(), record.moves.len().to_string()),
    ]);
    tags
}

/// The PGN standard's TimeControl: `SECONDS+INCREMENT`, `MOVES/SECONDS`, or for a fixed
/// time per move the standard's nearest form, one move per period (`1/SECONDS`).
fn time_control(t: &TimeControl) -> String {
    let s = |d: std::time::Duration| {
        let text = format!("{:.3}", d.as_secs_f64());
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    if let Some(cap) = t.move_cap
        && cap * 1000 <= t.budget
    {
        return format!("1/{}", s(cap));
    }
    let mut text = match t.moves_per_period {
        Some(m) => format!("{m}/{}", s(t.budget)),
        None => s(t.budget),
    };
    if !t.increment.is_zero() {
        text.push('+');
        text.push_str(&s(t.increment));
    }
    text
}

/// The PGN standard's Termination values.
fn termination(t: &Termination) -> &'static str {
    match t {
        Termination::Rules { .. } | Termination::Resigned { .. } => "normal",
        Termination::MoveLimit { .. } | Termination::Adjudicated { .. } => "adjudication",
        Termination::Fault { fault, .. } => match fault {
            Fault::Timeout(_) => "time forfeit",
            Fault::Crash(_) => "abandoned",
            Fault::Garbled(_) | Fault::IllegalMove(_) | Fault::ProtocolError(_) => {
                "rules infraction"
            }
        },
    }
}

/// Why the game ended, for the last move's comment.
fn reason(record: &GameRecord) -> String {
    match &record.termination {
        Termination::Rules { reason } => reason.clone(),
        Termination::MoveLimit { plies } => format!("move limit of {plies} plies"),
        Termination::Resigned { seat } => format!("seat {seat} resigns"),
        Termination::Adjudicated { reason, .. } => reason.clone(),
        Termination::Fault { seat, fault } => {
            format!("seat {seat} loses: {} ({})", fault.kind(), fault.detail())
        }
    }
}

/// How the game ended, for formats that put it in the result.
fn ending(t: &Termination) -> Ending {
    match t {
        Termination::Rules { .. } => Ending::Rules,
        Termination::Resigned { .. } => Ending::Resignation,
        Termination::MoveLimit { .. } | Termination::Adjudicated { .. } => Ending::Adjudication,
        Termination::Fault { fault, .. } => match fault {
            Fault::Timeout(_) => Ending::TimeForfeit,
            Fault::Crash(_)
            | Fault::Garbled(_)
            | Fault::IllegalMove(_)
            | Fault::ProtocolError(_) => Ending::Forfeit,
        },
    }
}

/// A move's comment: score/depth from the mover's side and the time taken.
fn comment(m: &MoveRecord) -> String {
    let mut parts = Vec::new();
    if let Some(t) = &m.thinking
        && let Some(score) = t.score
    {
        let mut s = match score {
            EngineScore::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
            EngineScore::Mate(n) if n < 0 => format!("-M{}", -n),
            EngineScore::Mate(n) => format!("+M{n}"),
        };
        if let Some(d) = t.depth {
            s.push_str(&format!("/{d}"));
        }
        parts.push(s);
    }
    parts.push(format!("{:.3}s", m.time_ms / 1000.0));
    parts.join(" ")
}

/// What the record does not say about where it was played: the event's name, the UTC date
/// (`YYYY.MM.DD`) and the round (`3`, or `3.2` for board 2).
#[derive(Clone, Copy, Debug)]
pub struct Head<'a> {
    /// The match's or tournament's name.
    pub event: &'a str,
    /// The day the game ended, UTC.
    pub date: &'a str,
    /// Its round.
    pub round: &'a str,
}

/// The record of a game of `game` as its format's writer takes it.
pub fn record_text<'a>(
    game: &GameEntry,
    record: &'a GameRecord,
    head: &Head<'_>,
) -> RecordText<'a> {
    let moves = record
        .moves
        .iter()
        .map(|m| RecordMove {
            text: m.text.clone(),
            comment: Some(comment(m)),
            clock_ms: Some(m.left_ms.max(0.0).round() as u64),
        })
        .collect();
    RecordText {
        tags: tags(game, record, head),
        start: &record.start,
        moves,
        result: &record.result,
        ending: ending(&record.termination),
        reason: reason(record),
    }
}

/// The record in `game`'s format (`None`: the game has none), with `head` in its header.
pub fn write(
    game: &GameEntry,
    record: &GameRecord,
    head: &Head<'_>,
) -> Option<Result<String, String>> {
    game.write_record(&record_text(game, record, head))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn time_controls_read_as_chess_tools_write_them() {
        let tc = |budget_ms, inc_ms, moves, cap_ms: Option<u64>| TimeControl {
            budget: Duration::from_millis(budget_ms),
            increment: Duration::from_millis(inc_ms),
            move_cap: cap_ms.map(Duration::from_millis),
            moves_per_period: moves,
            margin: Duration::ZERO,
        };
        assert_eq!(time_control(&tc(10_000, 100, None, None)), "10+0.1");
        assert_eq!(time_control(&tc(60_000, 0, Some(40), None)), "40/60");
        assert_eq!(time_control(&tc(1_000_000, 0, None, Some(1_000))), "1/1");
        assert_eq!(time_control(&tc(1_000, 10, None, None)), "1+0.01");
    }
}
