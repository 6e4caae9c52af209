//! Tournaments of games with more than two seats (Rolit: four, three): a game is a table of
//! `n` players, not a pairing, so it gets its own small vocabulary beside [`crate::model`]
//! (a [`TablePairing`], a [`TableResult`] with every seat's score) and its own schedule,
//! points, standings and crosstable. The two-seat types are left as they are.
//!
//! **Schedule** ([`table_round_robin`]): players get numbers by lot; every `n`-subset of
//! them is a table (board `b`, subsets in lexicographic order of the numbers), and each
//! table plays `n` games per cycle, its players rotated one seat per game, so that over a
//! cycle everyone sits in every seat equally often. Round `c·n + r + 1` holds rotation `r`
//! of cycle `c` at every table. Successive cycles also change who follows whom: cycle `c`
//! seats the table in the `c`-th cyclic order (`(n-1)!` of them, in lexicographic order of
//! the later seats, then again from the first).
//!
//! **Points** ([`PointsScheme::table_points`]): by rank (default `n-1` for the first, ...,
//! 0 for the last, or the config's `rank_points`), tied seats sharing the mean of the points
//! of the places they take (rounded to a thousandth); or the game's own score (Rolit: the
//! balls; after an irregular end the offender scores 0 and the others 1).
//!
//! **Pairwise results**: two players who sat at the same table score 1 (the one with more
//! points in the game), 1/2 each (level) or 0 against each other, so a game of `n` seats
//! holds `n(n-1)/2` pairwise results; the crosstable shows them and the ratings are fitted
//! from them ([`pairwise_games`]).
//!
//! **Tie-breaks** (all "higher is better" except the ones said):
//! - **Buchholz**, generalised: the sum, over every game played, of the final points of
//!   each opponent sat with in that game (a four-seat game adds three opponents' points);
//! - **first places**: games finished first alone;
//! - **head-to-head**: the pairwise points against the players still tied, over the games
//!   where both sat;
//! - **average rank**: lower is better (first alone = 1; tied seats share the mean of the
//!   places they take);
//! - **progressive**: the running totals after each round, summed;
//! - **Sonneborn-Berger**, generalised: over every pairwise result, the opponent's final
//!   points times the fraction of that result won;
//! - **irregular losses**: fewer is better.
//!
//! Rule 9's medal play-offs are two-game matches: they are not played for tables; the
//! tie-breaks decide, and what is left is a shared place.

use crate::model::{Game, GameResult, Pairing, PlayerId, Points, Termination};
use crate::schedule::draw_lots;
use crate::standings::{
    Decider, Keys, Ordering, PointsScheme, StandingsConfig, StandingsError, TieBreak,
    average_rank_key,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One scheduled game of `n` seats.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TablePairing {
    /// The round (1-based).
    pub round: u32,
    /// The board within the round (1-based): the table.
    pub board: u32,
    /// The player in each seat (seat 0 moves first).
    pub seats: Vec<PlayerId>,
}

impl TablePairing {
    /// The seat `player` sits in, if it plays here.
    pub fn seat_of(&self, player: PlayerId) -> Option<usize> {
        self.seats.iter().position(|&p| p == player)
    }
}

/// The result of one game of `n` seats.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TableResult {
    /// The game's own score by seat (Rolit: balls; after an irregular end 0 for the
    /// offender and 1 for every other seat). Ranks and pairwise results come from it.
    pub score: Vec<Points>,
    /// How it ended ([`Termination::Irregular`] names the offending seat).
    pub termination: Termination,
}

impl TableResult {
    /// The seat that lost irregularly, if any.
    pub fn irregular_loser(&self) -> Option<usize> {
        match self.termination {
            Termination::Irregular { seat, .. } => Some(usize::from(seat)),
            _ => None,
        }
    }

    /// Seats that scored more than `seat`, and seats level with it (itself included).
    fn above_and_level(&self, seat: usize) -> (usize, usize) {
        let mine = self.score[seat];
        let above = self.score.iter().filter(|&&s| s > mine).count();
        let level = self.score.iter().filter(|&&s| s == mine).count();
        (above, level)
    }

    /// The rank of each seat in half places: 2 for first alone, tied seats sharing the mean
    /// of their places (two tied for first: 3 each, that is 1.5).
    pub fn half_ranks(&self) -> Vec<u32> {
        (0..self.score.len())
            .map(|seat| {
                let (above, level) = self.above_and_level(seat);
                (2 * above + 1 + level) as u32
            })
            .collect()
    }

    /// Whether `seat` alone scored the most.
    pub fn first_alone(&self, seat: usize) -> bool {
        self.above_and_level(seat) == (0, 1)
    }

    /// The pairwise result of `seat` against `other` in half points: 2 if it scored more,
    /// 1 if level, 0 if less.
    pub fn pairwise(&self, seat: usize, other: usize) -> u8 {
        match self.score[seat].cmp(&self.score[other]) {
            std::cmp::Ordering::Greater => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 0,
        }
    }
}

/// A played game of `n` seats.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TableGame {
    /// Who sat where, in which round.
    pub pairing: TablePairing,
    /// How it went.
    pub result: TableResult,
}

/// The games of a table round robin, by round then board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSchedule {
    /// Every game.
    pub games: Vec<TablePairing>,
}

impl TableSchedule {
    /// The number of the last round (0 when empty).
    pub fn rounds(&self) -> u32 {
        self.games.iter().map(|g| g.round).max().unwrap_or(0)
    }
}

/// The `k`-th permutation (0-based, lexicographic, `k` taken modulo `items.len()!`) of
/// `items`.
fn nth_permutation<T: Copy>(items: &[T], k: u64) -> Vec<T> {
    let mut pool = items.to_vec();
    let factorial = |m: usize| (1..=m as u64).product::<u64>();
    let mut k = k % factorial(pool.len()).max(1);
    let mut out = Vec::with_capacity(pool.len());
    while !pool.is_empty() {
        let block = factorial(pool.len() - 1);
        let i = (k / block) as usize;
        k %= block;
        out.push(pool.remove(i));
    }
    out
}

/// Every `size`-subset of `0..n`, in lexicographic order.
fn subsets(n: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if size == 0 || size > n {
        return out;
    }
    let mut current: Vec<usize> = (0..size).collect();
    loop {
        out.push(current.clone());
        let Some(i) = (0..size).rev().find(|&i| current[i] < n - size + i) else {
            return out;
        };
        current[i] += 1;
        for j in i + 1..size {
            current[j] = current[j - 1] + 1;
        }
    }
}

/// A round robin of tables of `seats` among `0..players`, numbers drawn by lot from `seed`,
/// `cycles` times (see the module doc). Empty when there are fewer players than seats.
pub fn table_round_robin(players: u32, seats: usize, cycles: u32, seed: u64) -> TableSchedule {
    table_round_robin_of(&draw_lots(players, seed), seats, cycles)
}

/// A round robin of tables of `seats` among `order` (numbers in that order), `cycles`
/// times.
pub fn table_round_robin_of(order: &[PlayerId], seats: usize, cycles: u32) -> TableSchedule {
    let tables = subsets(order.len(), seats);
    let mut games = Vec::with_capacity(tables.len() * seats * cycles as usize);
    for cycle in 0..cycles {
        for rotation in 0..seats {
            let round = cycle * seats as u32 + rotation as u32 + 1;
            for (t, numbers) in tables.iter().enumerate() {
                let mut cyclic = vec![numbers[0]];
                cyclic.extend(nth_permutation(&numbers[1..], u64::from(cycle)));
                let seated = (0..seats)
                    .map(|s| order[cyclic[(s + rotation) % seats]])
                    .collect();
                games.push(TablePairing {
                    round,
                    board: t as u32 + 1,
                    seats: seated,
                });
            }
        }
    }
    TableSchedule { games }
}

impl PointsScheme {
    /// The default points by rank for `seats` seats: `seats - 1` for the first, one less
    /// per place, 0 for the last.
    pub fn default_rank_points(seats: usize) -> Vec<Points> {
        (0..seats)
            .rev()
            .map(|k| Points::from_int(k as i64))
            .collect()
    }

    /// The points of every seat of a table game: its score with
    /// [`game_score`](PointsScheme::game_score), otherwise by rank (a place beyond the
    /// configured list scores 0).
    pub fn table_points(&self, result: &TableResult) -> Vec<Points> {
        if self.game_score {
            return result.score.clone();
        }
        let n = result.score.len();
        let by_rank = self
            .rank_points
            .clone()
            .unwrap_or_else(|| PointsScheme::default_rank_points(n));
        let place = |k: usize| by_rank.get(k).copied().unwrap_or(Points::ZERO);
        (0..n)
            .map(|seat| {
                let (above, level) = result.above_and_level(seat);
                let sum: i64 = (above..above + level).map(|k| place(k).milli()).sum();
                let level = level as i64;
                // The mean, rounded to the nearest thousandth (halves away from zero).
                let mean = (2 * sum + sum.signum() * level) / (2 * level);
                Points::from_milli(mean)
            })
            .collect()
    }
}

/// Every pairwise result of `games` as a two-seat game (the lower seat first, same round and
/// board): what the ratings are fitted from. An irregular loss stays one for the pairs of
/// its offender; the other pairs of that game count as normal results.
pub fn pairwise_games(games: &[TableGame]) -> Vec<Game> {
    let mut out = Vec::new();
    for game in games {
        let seats = &game.pairing.seats;
        for a in 0..seats.len() {
            for b in a + 1..seats.len() {
                let pairing =
                    Pairing::game(game.pairing.round, game.pairing.board, seats[a], seats[b]);
                let result = match (game.result.irregular_loser(), &game.result.termination) {
                    (Some(s), Termination::Irregular { reason, .. }) if s == a || s == b => {
                        GameResult::irregular_loss(usize::from(s == b), reason)
                    }
                    _ => match game.result.pairwise(a, b) {
                        2 => GameResult::win(0),
                        0 => GameResult::win(1),
                        _ => GameResult::draw(),
                    },
                };
                out.push(Game::new(pairing, result));
            }
        }
    }
    out
}

/// What standings keep per player while adding up table games.
#[derive(Clone, Debug, Default)]
struct Tally {
    points: Points,
    by_round: BTreeMap<u32, Points>,
    games: u32,
    /// Every pairwise encounter: the opponent and the own half points against it.
    encounters: Vec<(PlayerId, u8)>,
    firsts: u32,
    half_ranks: u64,
    seats: Vec<u32>,
    irregular: u32,
    /// The own game score, and the score of every seat of its games.
    score: Points,
    score_all: Points,
}

/// The tallies of every player.
struct Tallies {
    tallies: Vec<Tally>,
    rounds: u32,
}

impl Tallies {
    fn build(
        players: &[PlayerId],
        games: &[TableGame],
        scheme: &PointsScheme,
        seats: usize,
    ) -> Result<Tallies, StandingsError> {
        let size = players.iter().map(|p| p.index() + 1).max().unwrap_or(0);
        let mut known = vec![false; size];
        for p in players {
            known[p.index()] = true;
        }
        let mut tallies = vec![
            Tally {
                seats: vec![0; seats],
                ..Tally::default()
            };
            size
        ];
        let mut rounds = 0;
        for game in games {
            let TablePairing {
                round,
                board,
                seats: ref seated,
            } = game.pairing;
            let bad = |what| StandingsError::BadGame { round, board, what };
            for &p in seated {
                if !known.get(p.index()).copied().unwrap_or(false) {
                    return Err(StandingsError::UnknownPlayer {
                        round,
                        board,
                        player: p,
                    });
                }
            }
            if seated.len() != seats || game.result.score.len() != seats {
                return Err(bad(
                    "the seats or the scores are not one per seat of the game",
                ));
            }
            if (1..seats).any(|s| seated[..s].contains(&seated[s])) {
                return Err(bad("a player sits twice at the table"));
            }
            rounds = rounds.max(round);
            let points = scheme.table_points(&game.result);
            let half_ranks = game.result.half_ranks();
            let all: Points = game.result.score.iter().copied().sum();
            for (seat, &me) in seated.iter().enumerate() {
                let t = &mut tallies[me.index()];
                t.points += points[seat];
                *t.by_round.entry(round).or_default() += points[seat];
                t.games += 1;
                t.seats[seat] += 1;
                t.half_ranks += u64::from(half_ranks[seat]);
                t.firsts += u32::from(game.result.first_alone(seat));
                t.irregular += u32::from(game.result.irregular_loser() == Some(seat));
                t.score += game.result.score[seat];
                t.score_all += all;
                for (other, &them) in seated.iter().enumerate() {
                    if other != seat {
                        t.encounters.push((them, game.result.pairwise(seat, other)));
                    }
                }
            }
        }
        Ok(Tallies { tallies, rounds })
    }

    fn points(&self, p: PlayerId) -> Points {
        self.tallies[p.index()].points
    }

    fn buchholz(&self, p: PlayerId) -> Points {
        self.tallies[p.index()]
            .encounters
            .iter()
            .map(|&(o, _)| self.points(o))
            .sum()
    }

    fn progressive(&self, p: PlayerId) -> Points {
        crate::standings::progressive_score(&self.tallies[p.index()].by_round, self.rounds)
    }

    /// Sonneborn-Berger in thousandths of a half point.
    fn sonneborn_berger_raw(&self, p: PlayerId) -> i64 {
        self.tallies[p.index()]
            .encounters
            .iter()
            .map(|&(o, half)| self.points(o).milli() * i64::from(half))
            .sum()
    }
}

impl Keys for Tallies {
    fn key(&self, tie_break: TieBreak, p: PlayerId, group: &[PlayerId]) -> i64 {
        let t = &self.tallies[p.index()];
        match tie_break {
            TieBreak::Buchholz => self.buchholz(p).milli(),
            TieBreak::Progressive => self.progressive(p).milli(),
            TieBreak::SonnebornBerger => self.sonneborn_berger_raw(p),
            TieBreak::HeadToHead => self.head_to_head(p, group).milli(),
            TieBreak::IrregularLosses => -i64::from(t.irregular),
            TieBreak::FirstPlaces => i64::from(t.firsts),
            TieBreak::AverageRank => average_rank_key(t.half_ranks, t.games),
        }
    }

    fn head_to_head(&self, p: PlayerId, group: &[PlayerId]) -> Points {
        let halves: i64 = self.tallies[p.index()]
            .encounters
            .iter()
            .filter(|(o, _)| group.contains(o))
            .map(|&(_, half)| i64::from(half))
            .sum();
        Points::from_milli(halves * 500)
    }
}

/// One line of the standings of a table tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRow {
    /// The place (1-based); a shared place spans `place..=place_to`.
    pub place: u32,
    /// The last place of a shared place.
    pub place_to: u32,
    /// Who.
    pub player: PlayerId,
    /// Points.
    pub points: Points,
    /// Games played.
    pub games: u32,
    /// Games played in each seat.
    pub by_seat: Vec<u32>,
    /// Games finished first alone.
    pub first_places: u32,
    /// The mean rank (1 = first alone), `None` without games.
    pub average_rank: Option<f64>,
    /// The sum of the game's own scores (Rolit: balls).
    pub score: Points,
    /// Its share of all the scores of the games it played (its balls / all balls at its
    /// tables), `None` when they sum to 0.
    pub score_share: Option<f64>,
    /// Generalised Buchholz.
    pub buchholz: Points,
    /// Progressive score.
    pub progressive: Points,
    /// Generalised Sonneborn-Berger.
    pub sonneborn_berger: f64,
    /// Pairwise points among the group the head-to-head tie-break was last applied to.
    pub head_to_head: Option<Points>,
    /// Irregular losses.
    pub irregular_losses: u32,
    /// What decided the place.
    pub decided_by: Decider,
}

/// The standings of a table tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableStandings {
    /// Seats per game.
    pub seats: usize,
    /// One row per player, best first.
    pub rows: Vec<TableRow>,
    /// The last round with a game.
    pub rounds: u32,
}

impl TableStandings {
    /// The standings of `players` after `games` of `seats` seats, by points then the
    /// configured tie-breaks (no play-offs: [`StandingsConfig::medal_playoffs`] is not
    /// used). Games naming a player outside `players`, seating one twice or not having one
    /// player and one score per seat are an error.
    pub fn compute(
        players: &[PlayerId],
        games: &[TableGame],
        seats: usize,
        config: &StandingsConfig,
    ) -> Result<TableStandings, StandingsError> {
        let table = Tallies::build(players, games, &config.points, seats)?;
        let mut by_points: Vec<PlayerId> = players.to_vec();
        by_points.sort_by(|a, b| table.points(*b).cmp(&table.points(*a)).then(a.cmp(b)));
        let mut ordering = Ordering {
            table: &table,
            tie_breaks: &config.tie_breaks,
            decided: BTreeMap::new(),
            head_to_head: BTreeMap::new(),
        };
        let mut tiers: Vec<Vec<PlayerId>> = Vec::new();
        let mut start = 0;
        while start < by_points.len() {
            let pts = table.points(by_points[start]);
            let end = start + by_points[start..].partition_point(|&p| table.points(p) == pts);
            let group = by_points[start..end].to_vec();
            if group.len() == 1 {
                ordering.decided.insert(group[0], Decider::Points);
                tiers.push(group);
            } else {
                ordering.split(group, 0, &mut tiers);
            }
            start = end;
        }
        let mut rows = Vec::with_capacity(players.len());
        let mut place = 1;
        for tier in &tiers {
            let place_to = place + tier.len() as u32 - 1;
            for &p in tier {
                let t = &table.tallies[p.index()];
                rows.push(TableRow {
                    place,
                    place_to,
                    player: p,
                    points: t.points,
                    games: t.games,
                    by_seat: t.seats.clone(),
                    first_places: t.firsts,
                    average_rank: (t.games > 0)
                        .then(|| t.half_ranks as f64 / 2.0 / f64::from(t.games)),
                    score: t.score,
                    score_share: (t.score_all.milli() != 0)
                        .then(|| t.score.as_f64() / t.score_all.as_f64()),
                    buchholz: table.buchholz(p),
                    progressive: table.progressive(p),
                    sonneborn_berger: table.sonneborn_berger_raw(p) as f64 / 2000.0,
                    head_to_head: ordering.head_to_head.get(&p).copied(),
                    irregular_losses: t.irregular,
                    decided_by: ordering.decided.get(&p).copied().unwrap_or(Decider::Shared),
                });
            }
            place = place_to + 1;
        }
        Ok(TableStandings {
            seats,
            rows,
            rounds: table.rounds,
        })
    }

    /// The row of `player`.
    pub fn row(&self, player: PlayerId) -> Option<&TableRow> {
        self.rows.iter().find(|r| r.player == player)
    }

    /// The players in standings order.
    pub fn order(&self) -> Vec<PlayerId> {
        self.rows.iter().map(|r| r.player).collect()
    }
}

/// The pairwise results of two players over the games where both sat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairCell {
    /// The row player's half points against the column player.
    pub half_points: u32,
    /// The indices of those games in the list the crosstable was built from (for links).
    pub games: Vec<usize>,
}

impl PairCell {
    /// The row player's pairwise score.
    pub fn score(&self) -> Points {
        Points::from_milli(i64::from(self.half_points) * 500)
    }

    /// `score/games` (`2.5/4`), or `.` when they never sat together.
    pub fn text(&self) -> String {
        if self.games.is_empty() {
            ".".into()
        } else {
            format!("{}/{}", self.score(), self.games.len())
        }
    }
}

/// The pairwise crosstable of a table tournament: `cells[i][j]` holds the pairwise results
/// of `players[i]` against `players[j]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairwiseTable {
    /// Row and column order (usually the standings order).
    pub players: Vec<PlayerId>,
    /// The cells.
    pub cells: Vec<Vec<PairCell>>,
}

impl PairwiseTable {
    /// The pairwise crosstable of `games` among `players` (in that order); seats of other
    /// players are left out.
    pub fn new(players: &[PlayerId], games: &[TableGame]) -> PairwiseTable {
        let position: BTreeMap<PlayerId, usize> =
            players.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let n = players.len();
        let mut cells = vec![vec![PairCell::default(); n]; n];
        for (index, game) in games.iter().enumerate() {
            let seats = &game.pairing.seats;
            for (a, pa) in seats.iter().enumerate() {
                for (b, pb) in seats.iter().enumerate() {
                    if a == b {
                        continue;
                    }
                    if let (Some(&i), Some(&j)) = (position.get(pa), position.get(pb)) {
                        let cell = &mut cells[i][j];
                        cell.half_points += u32::from(game.result.pairwise(a, b));
                        cell.games.push(index);
                    }
                }
            }
        }
        PairwiseTable {
            players: players.to_vec(),
            cells,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pts(x: f64) -> Points {
        Points::from_f64(x).unwrap()
    }

    fn game(round: u32, seats: &[u32], score: &[i64]) -> TableGame {
        TableGame {
            pairing: TablePairing {
                round,
                board: 1,
                seats: seats.iter().map(|&p| PlayerId(p)).collect(),
            },
            result: TableResult {
                score: score.iter().map(|&s| Points::from_int(s)).collect(),
                termination: Termination::Normal,
            },
        }
    }

    #[test]
    fn permutations_and_subsets() {
        assert_eq!(nth_permutation(&[1, 2, 3], 0), vec![1, 2, 3]);
        assert_eq!(nth_permutation(&[1, 2, 3], 1), vec![1, 3, 2]);
        assert_eq!(nth_permutation(&[1, 2, 3], 5), vec![3, 2, 1]);
        assert_eq!(nth_permutation(&[1, 2, 3], 6), vec![1, 2, 3]);
        assert_eq!(subsets(5, 4).len(), 5);
        assert_eq!(subsets(6, 3).len(), 20);
        assert_eq!(subsets(4, 4), vec![vec![0, 1, 2, 3]]);
        assert_eq!(subsets(3, 4), Vec::<Vec<usize>>::new());
    }

    #[test]
    fn every_player_sits_in_every_seat_equally_often() {
        for (players, seats, cycles, tables) in [
            (4, 4, 1, 1),
            (5, 4, 1, 5),
            (5, 4, 2, 5),
            (6, 3, 1, 20),
            (4, 3, 3, 4),
        ] {
            let s = table_round_robin(players, seats, cycles, 9);
            assert_eq!(
                s.games.len(),
                tables * seats * cycles as usize,
                "{players} players, {seats} seats"
            );
            assert_eq!(s.rounds(), cycles * seats as u32);
            // Per player: games and each seat the same as everyone else.
            let mut count = vec![vec![0u32; seats]; players as usize];
            for g in &s.games {
                assert_eq!(g.seats.len(), seats);
                for (seat, p) in g.seats.iter().enumerate() {
                    count[p.index()][seat] += 1;
                }
                let mut sorted = g.seats.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(sorted.len(), seats, "a player sits twice: {g:?}");
            }
            let per_seat = count[0][0];
            assert!(per_seat > 0);
            for c in &count {
                assert!(c.iter().all(|&k| k == per_seat), "{count:?}");
            }
            // Every round has each table once, boards 1..=tables.
            for r in 1..=s.rounds() {
                let boards: Vec<u32> = s
                    .games
                    .iter()
                    .filter(|g| g.round == r)
                    .map(|g| g.board)
                    .collect();
                assert_eq!(boards, (1..=tables as u32).collect::<Vec<_>>());
            }
        }
        // Two cycles of a four-seat table: the second seats it in another cyclic order
        // (3 now follows 1), rotated the same way.
        let s = table_round_robin_of(&(0..4).map(PlayerId).collect::<Vec<_>>(), 4, 2);
        let seats = |i: usize| s.games[i].seats.iter().map(|p| p.0).collect::<Vec<_>>();
        assert_eq!(seats(0), vec![0, 1, 2, 3]);
        assert_eq!(seats(1), vec![1, 2, 3, 0]);
        assert_eq!(seats(4), vec![0, 1, 3, 2]);
        assert_eq!(seats(5), vec![1, 3, 2, 0]);
        // Fewer players than seats: nothing to play.
        assert!(table_round_robin(3, 4, 1, 0).games.is_empty());
    }

    #[test]
    fn points_by_rank_and_by_game_score_with_ties() {
        let by_rank = PointsScheme::default();
        let r = game(1, &[0, 1, 2, 3], &[20, 15, 17, 12]).result;
        assert_eq!(
            by_rank.table_points(&r),
            vec![pts(3.0), pts(1.0), pts(2.0), pts(0.0)]
        );
        assert_eq!(r.half_ranks(), vec![2, 6, 4, 8]);
        // Two level for first share (3 + 2) / 2; two level for third share (1 + 0) / 2.
        let tied = game(1, &[0, 1, 2, 3], &[20, 20, 12, 12]).result;
        assert_eq!(
            by_rank.table_points(&tied),
            vec![pts(2.5), pts(2.5), pts(0.5), pts(0.5)]
        );
        assert_eq!(tied.half_ranks(), vec![3, 3, 7, 7]);
        assert!(!tied.first_alone(0));
        // Three level for first with the list 10, 5, 2, 0: 17/3, rounded to 5.667.
        let custom = PointsScheme {
            rank_points: Some(vec![pts(10.0), pts(5.0), pts(2.0), pts(0.0)]),
            ..PointsScheme::default()
        };
        let three = game(1, &[0, 1, 2, 3], &[16, 16, 16, 16 - 4]).result;
        assert_eq!(
            custom.table_points(&three),
            vec![pts(5.667), pts(5.667), pts(5.667), pts(0.0)]
        );
        // The game's own score, as it is.
        let own = PointsScheme {
            game_score: true,
            ..PointsScheme::default()
        };
        assert_eq!(
            own.table_points(&tied),
            vec![pts(20.0), pts(20.0), pts(12.0), pts(12.0)]
        );
        // Three seats: 2, 1, 0 by default.
        let three_seats = game(1, &[0, 1, 2], &[30, 10, 24]).result;
        assert_eq!(
            by_rank.table_points(&three_seats),
            vec![pts(2.0), pts(0.0), pts(1.0)]
        );
    }

    /// Two four-seat games among five players, computed by hand.
    ///
    /// Game 1: A 20, B 15, C 17, D 12 -> points 3, 1, 2, 0.
    /// Game 2: E 30, A 10, B 12, C 12 (D sits out) -> E 3, A 0, B 1.5, C 1.5.
    /// Totals: A 3, B 2.5, C 3.5, D 0, E 3.
    /// Buchholz: A = (B 2.5 + C 3.5 + D 0) + (E 3 + B 2.5 + C 3.5) = 15;
    /// E = A 3 + B 2.5 + C 3.5 = 9. A and E are level on 3 points: Buchholz puts A first.
    #[test]
    fn generalised_buchholz_by_hand() {
        let (a, b, c, d, e) = (0, 1, 2, 3, 4);
        let games = vec![
            game(1, &[a, b, c, d], &[20, 15, 17, 12]),
            game(2, &[e, a, b, c], &[30, 10, 12, 12]),
        ];
        let players: Vec<PlayerId> = (0..5).map(PlayerId).collect();
        let config = StandingsConfig {
            tie_breaks: TieBreak::TABLE.to_vec(),
            medal_playoffs: true,
            ..StandingsConfig::default()
        };
        let s = TableStandings::compute(&players, &games, 4, &config).unwrap();
        let row = |p: u32| s.row(PlayerId(p)).unwrap();
        assert_eq!(row(a).points, pts(3.0));
        assert_eq!(row(b).points, pts(2.5));
        assert_eq!(row(c).points, pts(3.5));
        assert_eq!(row(d).points, pts(0.0));
        assert_eq!(row(e).points, pts(3.0));
        assert_eq!(row(a).buchholz, pts(15.0));
        assert_eq!(row(e).buchholz, pts(9.0));
        assert_eq!(row(b).buchholz, pts(3.0 + 3.5 + 0.0 + 3.0 + 3.0 + 3.5));
        assert_eq!(row(d).buchholz, pts(3.0 + 2.5 + 3.5));
        assert_eq!(
            s.order(),
            vec![
                PlayerId(c),
                PlayerId(a),
                PlayerId(e),
                PlayerId(b),
                PlayerId(d)
            ]
        );
        assert_eq!(row(c).decided_by, Decider::Points);
        assert_eq!(row(a).decided_by, Decider::TieBreak(TieBreak::Buchholz));
        assert_eq!((row(a).place, row(e).place), (2, 3));
        // Ranks: A first then last (1 + 4) / 2; B 3 then tied 2-3; first places.
        assert_eq!(row(a).average_rank, Some(2.5));
        assert_eq!(row(b).average_rank, Some((3.0 + 2.5) / 2.0));
        assert_eq!(
            (
                row(a).first_places,
                row(e).first_places,
                row(c).first_places
            ),
            (1, 1, 0)
        );
        assert_eq!(row(a).by_seat, vec![1, 1, 0, 0]);
        // Score share: A has 30 balls of the 128 at its two tables.
        assert_eq!(row(a).score, pts(30.0));
        assert!((row(a).score_share.unwrap() - 30.0 / 128.0).abs() < 1e-12);
        // Without Buchholz, first places cannot split A and E (one each); head-to-head
        // can: E finished above A in their only game.
        let config = StandingsConfig {
            tie_breaks: vec![TieBreak::FirstPlaces, TieBreak::HeadToHead],
            ..config
        };
        let s = TableStandings::compute(&players, &games, 4, &config).unwrap();
        assert_eq!(s.order()[1..3], [PlayerId(e), PlayerId(a)]);
        assert_eq!(
            s.row(PlayerId(e)).unwrap().decided_by,
            Decider::TieBreak(TieBreak::HeadToHead)
        );
        assert_eq!(s.row(PlayerId(e)).unwrap().head_to_head, Some(pts(1.0)));
        assert_eq!(s.row(PlayerId(a)).unwrap().head_to_head, Some(pts(0.0)));
        // A game seating a player twice is refused.
        let twice = vec![game(1, &[a, a, c, d], &[20, 15, 17, 12])];
        assert!(TableStandings::compute(&players, &twice, 4, &config).is_err());
    }

    #[test]
    fn average_rank_and_shared_places() {
        // Two games, A and B each first once and last once: level everywhere but the
        // average rank is the same too: a shared place.
        let games = vec![
            game(1, &[0, 1, 2], &[30, 10, 24]),
            game(2, &[1, 2, 0], &[30, 24, 10]),
        ];
        let players: Vec<PlayerId> = (0..3).map(PlayerId).collect();
        let config = StandingsConfig {
            tie_breaks: vec![TieBreak::AverageRank],
            ..StandingsConfig::default()
        };
        let s = TableStandings::compute(&players, &games, 3, &config).unwrap();
        // A 2 + 0, B 0 + 2, C 1 + 1: all on 2 points, all average rank 2.
        assert!(s.rows.iter().all(|r| r.points == pts(2.0)));
        assert!(s.rows.iter().all(|r| (r.place, r.place_to) == (1, 3)));
        assert!(s.rows.iter().all(|r| r.decided_by == Decider::Shared));
        // Points by rank tie with the rank sum when everyone played as often; with the
        // game's own score they need not. A 30 + 20 = 50 balls (ranks 1 and 2.5), C 24 + 26
        // = 50 (ranks 2 and 1), B 30: A and C level, one first place each, C's mean rank
        // 1.5 beats A's 1.75.
        let games = vec![
            game(1, &[0, 1, 2], &[30, 10, 24]),
            game(2, &[1, 2, 0], &[20, 26, 20]),
        ];
        let config = StandingsConfig {
            points: PointsScheme {
                game_score: true,
                ..PointsScheme::default()
            },
            tie_breaks: vec![TieBreak::FirstPlaces, TieBreak::AverageRank],
            ..config
        };
        let s = TableStandings::compute(&players, &games, 3, &config).unwrap();
        assert_eq!(s.order(), vec![PlayerId(2), PlayerId(0), PlayerId(1)]);
        assert_eq!(s.rows[0].points, pts(50.0));
        assert_eq!(s.rows[0].average_rank, Some(1.5));
        assert_eq!(s.rows[1].average_rank, Some(1.75));
        assert_eq!(
            s.rows[0].decided_by,
            Decider::TieBreak(TieBreak::AverageRank)
        );
    }

    #[test]
    fn pairwise_crosstable_and_rating_games() {
        let games = vec![
            game(1, &[0, 1, 2, 3], &[20, 15, 17, 12]),
            game(2, &[3, 0, 1, 2], &[16, 16, 20, 12]),
        ];
        let players: Vec<PlayerId> = (0..4).map(PlayerId).collect();
        let t = PairwiseTable::new(&players, &games);
        // 0 against 1: above in game 1, below in game 2.
        assert_eq!(t.cells[0][1].text(), "1/2");
        // 0 against 3: above, then level.
        assert_eq!(t.cells[0][3].text(), "1.5/2");
        assert_eq!(t.cells[3][0].text(), "0.5/2");
        assert_eq!(t.cells[0][3].games, vec![0, 1]);
        // Every pair's two cells add up to the games they shared.
        for i in 0..4 {
            for j in 0..4 {
                if i != j {
                    let (a, b) = (&t.cells[i][j], &t.cells[j][i]);
                    assert_eq!(a.half_points + b.half_points, 2 * a.games.len() as u32);
                }
            }
        }
        let pairs = pairwise_games(&games);
        assert_eq!(pairs.len(), 2 * 6);
        let draws = pairs
            .iter()
            .filter(|g| g.result.half_points == [1, 1])
            .count();
        assert_eq!(draws, 1);
        // An irregular loss stays one for its offender's pairs only.
        let mut faulted = game(3, &[0, 1, 2, 3], &[1, 0, 1, 1]);
        faulted.result.termination = Termination::Irregular {
            seat: 1,
            reason: "time-out".into(),
        };
        let pairs = pairwise_games(&[faulted]);
        let irregular: Vec<&Game> = pairs
            .iter()
            .filter(|g| g.result.irregular_loser().is_some())
            .collect();
        assert_eq!(irregular.len(), 3);
        assert!(
            irregular
                .iter()
                .all(|g| g.pairing.seat_of(PlayerId(1)) == g.result.irregular_loser())
        );
        assert_eq!(
            pairs
                .iter()
                .filter(|g| g.result == GameResult::draw())
                .count(),
            3
        );
    }
}
