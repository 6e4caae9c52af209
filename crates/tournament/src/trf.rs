//! Export of a Swiss tournament as a FIDE Tournament Report File (TRF16), so that a FIDE
//! pairing engine (bbpPairings, JaVaFo) can check our pairings: feed it the file cut after
//! round k-1 and compare its round k with ours.
//!
//! The subset written:
//! - `012` the tournament name, `062` the number of players, `092` the type, and the
//!   JaVaFo/bbpPairings extensions `XXR` (number of rounds) and `XXC` (`white1`/`black1`:
//!   the seat of pairing number 1 in round 1);
//! - one `001` line per player, in pairing-number order: starting rank (cols 5-8), name
//!   (15-47, cut to 33 characters), rating 0 (49-52), points (81-84, `11.5` format, win 1,
//!   draw 1/2, bye 1 whatever the tournament's own scheme), rank (86-89, from the
//!   standings; shared places repeat the rank), then per round from column 92, ten columns
//!   each: the opponent's starting rank (4 digits, `0000` for a bye), the colour (`w`, `b`,
//!   `-` for a bye), the result (`1`, `=`, `0`; `U` for a pairing-allocated bye; blank when
//!   the player was not paired). Irregular losses (time-out, crash, illegal move) are games
//!   played and lost: `0`/`1`, as in chess.
//!
//! Sex, title, federation, FIDE number and birth date are left blank. Lines end with `\n`.

use crate::model::{Game, PlayerId};
use crate::standings::Standings;
use std::collections::BTreeMap;
use thiserror::Error;

/// The first column of round 1's block (1-based).
const ROUND_COLUMN: usize = 92;
/// Columns per round.
const ROUND_WIDTH: usize = 10;
/// Width of the name field.
const NAME_WIDTH: usize = 33;

/// Why a tournament cannot be written as TRF.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TrfError {
    /// TRF has one game per player per round (openings played in pairs cannot be written).
    #[error("player {player} has more than one game in round {round}")]
    TwoGamesInARound {
        /// The player.
        player: PlayerId,
        /// The round.
        round: u32,
    },
    /// A game names a player outside the list.
    #[error("a game names player {0}, who is not in the list")]
    UnknownPlayer(PlayerId),
    /// More than 9999 players.
    #[error("TRF holds at most 9999 players")]
    TooManyPlayers,
}

/// One round of one player: opponent's starting rank (0 for a bye), colour, result code.
type Cell = (usize, char, char);

/// Writes `text` into `line` at 1-based column `column`, padding the line as needed.
fn put(line: &mut Vec<char>, column: usize, text: &str) {
    let start = column - 1;
    let chars: Vec<char> = text.chars().collect();
    if line.len() < start + chars.len() {
        line.resize(start + chars.len(), ' ');
    }
    line[start..start + chars.len()].copy_from_slice(&chars);
}

/// The TRF of a Swiss tournament: `order` holds the players in pairing-number order (the
/// list given to [`swiss_round`](crate::swiss_round)), `names[p.index()]` their names,
/// `games` the games and byes played, `rounds` the number of rounds planned, `standings`
/// the ranks.
pub fn export_trf(
    title: &str,
    order: &[PlayerId],
    names: &[String],
    games: &[Game],
    rounds: u32,
    standings: &Standings,
) -> Result<String, TrfError> {
    if order.len() > 9999 {
        return Err(TrfError::TooManyPlayers);
    }
    let number: BTreeMap<PlayerId, usize> =
        order.iter().enumerate().map(|(i, &p)| (p, i + 1)).collect();
    let lookup = |p: PlayerId| number.get(&p).copied().ok_or(TrfError::UnknownPlayer(p));
    let mut cells: BTreeMap<(usize, u32), Cell> = BTreeMap::new();
    let mut half_points = vec![0u32; order.len() + 1];
    let mut first_seat_of_one = None;
    for game in games {
        let round = game.pairing.round;
        let a = lookup(game.pairing.first())?;
        let mut add = |who: usize, cell: Cell, player: PlayerId| {
            if cells.insert((who, round), cell).is_some() {
                return Err(TrfError::TwoGamesInARound { player, round });
            }
            Ok(())
        };
        match game.pairing.second() {
            None => {
                add(a, (0, '-', 'U'), game.pairing.first())?;
                half_points[a] += 2;
            }
            Some(second) => {
                let b = lookup(second)?;
                let code = |h: u8| match h {
                    2 => '1',
                    1 => '=',
                    _ => '0',
                };
                let h = [game.result.half_points(0), game.result.half_points(1)];
                add(a, (b, 'w', code(h[0])), game.pairing.first())?;
                add(b, (a, 'b', code(h[1])), second)?;
                half_points[a] += u32::from(h[0]);
                half_points[b] += u32::from(h[1]);
                if round == 1 {
                    if a == 1 {
                        first_seat_of_one = Some(true);
                    } else if b == 1 {
                        first_seat_of_one = Some(false);
                    }
                }
            }
        }
    }
    let played = games.iter().map(|g| g.pairing.round).max().unwrap_or(0);
    let mut out = String::new();
    out.push_str(&format!("012 {title}\n"));
    out.push_str(&format!("062 {}\n", order.len()));
    out.push_str("092 Individual: Swiss-System\n");
    out.push_str(&format!("XXR {rounds}\n"));
    if let Some(white) = first_seat_of_one {
        out.push_str(if white {
            "XXC white1\n"
        } else {
            "XXC black1\n"
        });
    }
    for (i, &p) in order.iter().enumerate() {
        let n = i + 1;
        let mut line: Vec<char> = Vec::with_capacity(ROUND_COLUMN + ROUND_WIDTH * played as usize);
        put(&mut line, 1, "001");
        put(&mut line, 5, &format!("{n:>4}"));
        let name: String = names
            .get(p.index())
            .map(String::as_str)
            .unwrap_or("")
            .chars()
            .take(NAME_WIDTH)
            .collect();
        put(&mut line, 15, &name);
        put(&mut line, 49, &format!("{:>4}", 0));
        let hp = half_points[n];
        put(
            &mut line,
            81,
            &format!("{:>4}", format!("{}.{}", hp / 2, (hp % 2) * 5)),
        );
        let rank = standings.row(p).map_or(0, |r| r.place);
        put(&mut line, 86, &format!("{rank:>4}"));
        for round in 1..=played {
            let column = ROUND_COLUMN + ROUND_WIDTH * (round as usize - 1);
            match cells.get(&(n, round)) {
                Some(&(opponent, colour, result)) => {
                    put(&mut line, column, &format!("{opponent:04}"));
                    put(&mut line, column + 5, &colour.to_string());
                    put(&mut line, column + 7, &result.to_string());
                }
                None => put(&mut line, column, "0000 -  "),
            }
        }
        let text: String = line.into_iter().collect();
        out.push_str(text.trim_end());
        out.push('\n');
    }
    Ok(out)
}
