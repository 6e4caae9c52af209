//! Standings: points under a configurable scheme, the tie-breaks of rule 9 and the optional
//! ones, the place of every player with what decided it, W/D/L per seat, the crosstable and
//! the tally of termination reasons.
//!
//! Definitions (all "higher is better" except irregular losses):
//! - **Buchholz** (no cut): the sum of the final scores of the opponents of every game
//!   played (an opponent met twice counts twice). A bye counts as a game against a virtual
//!   opponent with the player's own final score (the FIDE 2023 "dummy opponent"), so a bye
//!   neither helps nor hurts. In a complete round robin every player's Buchholz is the total
//!   of all scores minus its own, so tied players always have equal Buchholz (the pitfall of
//!   the spec: the rule then falls through to the progressive score).
//! - **Progressive** (cumulative) score: the sum of the running totals after each round
//!   1..=R, R the last round of the tournament; a round without a game adds the total so far.
//! - **Sonneborn-Berger**: the sum over games of the opponent's final score times the
//!   fraction of the game won (1, 1/2, 0); a bye counts as a win against the virtual
//!   opponent above.
//! - **Head-to-head**: the points scored in games among the players still tied when this
//!   tie-break is applied.
//! - **Irregular losses** (CodeCup's tie-break): fewer is better.
//! - **First places** and **average rank** are the tie-breaks of games with more than two
//!   seats (see [`crate::nseat`], where Buchholz, Sonneborn-Berger and head-to-head are
//!   generalised too); for two seats they are the wins and the mean of 1 (win), 1.5 (draw)
//!   and 2 (loss), and configs of two-seat games do not accept them.
//!
//! Points groups are split by the configured tie-breaks in order; a group a tie-break cannot
//! split goes on to the next one; what is left is a shared place. Rule 9's medal play-offs
//! are applied on top (see [`crate::playoff`]).

use crate::config::{Named, deserialize_named};
use crate::model::{Game, GameResult, Pairing, PlayerId, Points, Termination};
use crate::playoff::{self, Playoff};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use thiserror::Error;

/// A tie-break, as named in configs (`buchholz`, `progressive`, `sonneborn-berger`,
/// `head-to-head`, `irregular-losses`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieBreak {
    /// The sum of the opponents' scores, no cut.
    Buchholz,
    /// The sum of the running totals after each round.
    Progressive,
    /// The opponents' scores weighted by the result against them.
    SonnebornBerger,
    /// Points in the games among the tied players.
    HeadToHead,
    /// Fewest irregular losses (time-outs, crashes, illegal moves...).
    IrregularLosses,
    /// Most games finished first alone (games of more than two seats).
    FirstPlaces,
    /// The lowest mean rank (games of more than two seats).
    AverageRank,
}

impl TieBreak {
    /// Every tie-break of two-seat games, in the order reports show their columns.
    pub const ALL: [TieBreak; 5] = [
        TieBreak::Buchholz,
        TieBreak::Progressive,
        TieBreak::SonnebornBerger,
        TieBreak::HeadToHead,
        TieBreak::IrregularLosses,
    ];

    /// The tie-breaks of the Computer Olympiad's rule 9 (b).
    pub const RULE_9: [TieBreak; 2] = [TieBreak::Buchholz, TieBreak::Progressive];

    /// The default for games of more than two seats: generalised Buchholz, first places,
    /// the pairwise results among the tied, average rank.
    pub const TABLE: [TieBreak; 4] = [
        TieBreak::Buchholz,
        TieBreak::FirstPlaces,
        TieBreak::HeadToHead,
        TieBreak::AverageRank,
    ];

    /// Whether only games of more than two seats accept it in a config.
    pub fn is_for_tables(self) -> bool {
        matches!(self, TieBreak::FirstPlaces | TieBreak::AverageRank)
    }

    /// Every tie-break, two-seat ones first.
    pub const EVERY: [TieBreak; 7] = [
        TieBreak::Buchholz,
        TieBreak::Progressive,
        TieBreak::SonnebornBerger,
        TieBreak::HeadToHead,
        TieBreak::IrregularLosses,
        TieBreak::FirstPlaces,
        TieBreak::AverageRank,
    ];

    /// The config name.
    pub const fn name(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "buchholz",
            TieBreak::Progressive => "progressive",
            TieBreak::SonnebornBerger => "sonneborn-berger",
            TieBreak::HeadToHead => "head-to-head",
            TieBreak::IrregularLosses => "irregular-losses",
            TieBreak::FirstPlaces => "first-places",
            TieBreak::AverageRank => "average-rank",
        }
    }
}

impl Named for TieBreak {
    const NAMES: &'static [&'static str] = &{
        let mut names = [""; TieBreak::EVERY.len()];
        let mut i = 0;
        while i < names.len() {
            names[i] = TieBreak::EVERY[i].name();
            i += 1;
        }
        names
    };
    const VALUES: &'static [TieBreak] = &TieBreak::EVERY;
}

impl<'de> Deserialize<'de> for TieBreak {
    /// By its config name; a wrong value is answered with every name.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_named(deserializer)
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How game results become tournament points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    default,
    deny_unknown_fields,
    expecting = "a [points] table of `win`, `draw`, `loss`, `bye` (numbers), `game_score` \
                 (true or false) and `rank_points` (a list of numbers)"
)]
pub struct PointsScheme {
    /// Points for a win.
    pub win: Points,
    /// Points for a draw.
    pub draw: Points,
    /// Points for a loss.
    pub loss: Points,
    /// Points for a bye (FIDE: a pairing-allocated bye scores a win).
    pub bye: Points,
    /// Use the game's own score ([`GameResult::game_score`]) where the game gives one;
    /// for games of more than two seats, the score of every seat (Rolit: its balls)
    /// instead of points by rank.
    pub game_score: bool,
    /// Games of more than two seats: the points of the first, second, ... place (one per
    /// seat, best first; tied seats share the mean of the places they take). `None`: one
    /// point less per place, the last 0 (four seats: 3, 2, 1, 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank_points: Option<Vec<Points>>,
}

impl Default for PointsScheme {
    /// Win 1, draw 1/2, loss 0, bye 1.
    fn default() -> Self {
        PointsScheme {
            win: Points::ONE,
            draw: Points::HALF,
            loss: Points::ZERO,
            bye: Points::ONE,
            game_score: false,
            rank_points: None,
        }
    }
}

impl PointsScheme {
    /// CodeCup 2005: the game's own score (win 12, draws by pieces 3-1 or 2-2, loss 0),
    /// falling back to 12/2/0 when a game gives none; a bye scores a win.
    pub fn codecup_2005() -> PointsScheme {
        PointsScheme {
            win: Points::from_int(12),
            draw: Points::from_int(2),
            loss: Points::ZERO,
            bye: Points::from_int(12),
            game_score: true,
            rank_points: None,
        }
    }

    /// The points of `seat` for `result` (a bye: [`PointsScheme::bye`] for seat 0).
    pub fn points(&self, result: &GameResult, seat: usize) -> Points {
        if result.termination == Termination::Bye {
            return if seat == 0 { self.bye } else { Points::ZERO };
        }
        if self.game_score
            && let Some(score) = result.game_score
        {
            return score[seat];
        }
        match result.half_points[seat] {
            2 => self.win,
            1 => self.draw,
            _ => self.loss,
        }
    }
}

/// How standings are computed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingsConfig {
    /// The points scheme.
    pub points: PointsScheme,
    /// Tie-breaks in the order they apply.
    pub tie_breaks: Vec<TieBreak>,
    /// Settle medal ties by play-off games as rule 9 says.
    pub medal_playoffs: bool,
    /// The seed of the lots drawn when even the tie-breaks cannot say which two of a tied
    /// group play a medal play-off.
    pub lots_seed: u64,
}

impl Default for StandingsConfig {
    /// The Computer Olympiad: win 1/draw 1/2, Buchholz then progressive score, medal
    /// play-offs.
    fn default() -> Self {
        StandingsConfig {
            points: PointsScheme::default(),
            tie_breaks: TieBreak::RULE_9.to_vec(),
            medal_playoffs: true,
            lots_seed: 0,
        }
    }
}

/// What decided a player's place against its neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decider {
    /// Its points alone.
    Points,
    /// This tie-break.
    TieBreak(TieBreak),
    /// A medal play-off.
    Playoff,
    /// A medal play-off that is still to be played: the place is provisional.
    PlayoffPending,
    /// Lots, drawn to say which of a tied group play a medal play-off.
    Lots,
    /// Nothing: the place is shared.
    Shared,
}

impl fmt::Display for Decider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decider::Points => f.write_str("points"),
            Decider::TieBreak(t) => write!(f, "{t}"),
            Decider::Playoff => f.write_str("play-off"),
            Decider::PlayoffPending => f.write_str("play-off pending"),
            Decider::Lots => f.write_str("lots"),
            Decider::Shared => f.write_str("shared"),
        }
    }
}

/// Wins, draws and losses in one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl SeatRecord {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    fn add(&mut self, half_points: u8) {
        match half_points {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
    }
}

/// Every tie-break value of one player, for the report's columns.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TieBreakValues {
    /// Buchholz (no cut).
    pub buchholz: Points,
    /// Progressive score.
    pub progressive: Points,
    /// Sonneborn-Berger.
    pub sonneborn_berger: f64,
    /// Head-to-head points among the group it was last applied to (`None` if never).
    pub head_to_head: Option<Points>,
    /// Irregular losses.
    pub irregular_losses: u32,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The place (1-based); a shared place spans `place..=place_to`.
    pub place: u32,
    /// The last place of a shared place (`== place` when not shared).
    pub place_to: u32,
    /// Who.
    pub player: PlayerId,
    /// Points.
    pub points: Points,
    /// Games played (byes not counted).
    pub games: u32,
    /// Byes.
    pub byes: u32,
    /// W/D/L in the first seat and in the second.
    pub by_seat: [SeatRecord; 2],
    /// Tie-break values.
    pub tie_breaks: TieBreakValues,
    /// What decided the place.
    pub decided_by: Decider,
}

impl Row {
    /// W/D/L over both seats.
    pub fn total(&self) -> SeatRecord {
        let [a, b] = self.by_seat;
        SeatRecord {
            wins: a.wins + b.wins,
            draws: a.draws + b.draws,
            losses: a.losses + b.losses,
        }
    }
}

/// The standings of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    /// One row per player, best first.
    pub rows: Vec<Row>,
    /// The last round with a game.
    pub rounds: u32,
    /// Medal play-offs, played or still to play.
    pub playoffs: Vec<Playoff>,
}

/// Why standings could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StandingsError {
    /// A game names a player who is not in the list.
    #[error("round {round} board {board}: player {player} is not a participant")]
    UnknownPlayer {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// The stranger.
        player: PlayerId,
    },
    /// A game's half points do not sum to 2, or a player meets itself.
    #[error("round {round} board {board}: {what}")]
    BadGame {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
        /// What is wrong.
        what: &'static str,
    },
}

/// What standings keep per player while adding up games.
#[derive(Clone, Debug, Default)]
struct Tally {
    points: Points,
    by_round: BTreeMap<u32, Points>,
    /// Played games: opponent, own half points, own points.
    opponents: Vec<(PlayerId, u8, Points)>,
    byes: u32,
    seats: [SeatRecord; 2],
    irregular: u32,
}

/// Per-player totals and the tie-break keys, for players `0..n` (absent ones stay empty).
pub(crate) struct Table {
    tallies: Vec<Tally>,
    rounds: u32,
}

impl Table {
    fn build(
        players: &[PlayerId],
        games: &[Game],
        scheme: &PointsScheme,
    ) -> Result<Table, StandingsError> {
        let size = players.iter().map(|p| p.index() + 1).max().unwrap_or(0);
        let mut known = vec![false; size];
        for p in players {
            known[p.index()] = true;
        }
        let mut tallies = vec![Tally::default(); size];
        let mut rounds = 0;
        for game in games {
            let Pairing {
                round,
                board,
                first,
                second,
                ..
            } = game.pairing;
            for p in [Some(first), second].into_iter().flatten() {
                if !known.get(p.index()).copied().unwrap_or(false) {
                    return Err(StandingsError::UnknownPlayer {
                        round,
                        board,
                        player: p,
                    });
                }
            }
            rounds = rounds.max(round);
            let Some(second) = second else {
                let t = &mut tallies[first.index()];
                t.byes += 1;
                t.points += scheme.bye;
                *t.by_round.entry(round).or_default() += scheme.bye;
                continue;
            };
            let bad = |what| StandingsError::BadGame { round, board, what };
            if first == second {
                return Err(bad("a player meets itself"));
            }
            let half = game.result.half_points;
            if half[0] + half[1] != 2 || half[0] > 2 {
                return Err(bad("the half points do not sum to 2"));
            }
            for (seat, (me, them)) in [(first, second), (second, first)].into_iter().enumerate() {
                let points = scheme.points(&game.result, seat);
                let t = &mut tallies[me.index()];
                t.points += points;
                *t.by_round.entry(round).or_default() += points;
                t.opponents.push((them, half[seat], points));
                t.seats[seat].add(half[seat]);
                if game.result.irregular_loser() == Some(seat) {
                    t.irregular += 1;
                }
            }
        }
        Ok(Table { tallies, rounds })
    }

    fn points(&self, p: PlayerId) -> Points {
        self.tallies[p.index()].points
    }

    fn buchholz(&self, p: PlayerId) -> Points {
        let t = &self.tallies[p.index()];
        let played: Points = t.opponents.iter().map(|&(o, _, _)| self.points(o)).sum();
        played + Points::from_milli(t.points.milli() * i64::from(t.byes))
    }

    fn progressive(&self, p: PlayerId) -> Points {
        progressive_score(&self.tallies[p.index()].by_round, self.rounds)
    }

    /// Sonneborn-Berger in thousandths of a half point (exact).
    fn sonneborn_berger_raw(&self, p: PlayerId) -> i64 {
        let t = &self.tallies[p.index()];
        let played: i64 = t
            .opponents
            .iter()
            .map(|&(o, half, _)| self.points(o).milli() * i64::from(half))
            .sum();
        played + 2 * t.points.milli() * i64::from(t.byes)
    }

    fn head_to_head(&self, p: PlayerId, group: &[PlayerId]) -> Points {
        self.tallies[p.index()]
            .opponents
            .iter()
            .filter(|(o, _, _)| group.contains(o))
            .map(|&(_, _, pts)| pts)
            .sum()
    }
}

impl Keys for Table {
    fn key(&self, tie_break: TieBreak, p: PlayerId, group: &[PlayerId]) -> i64 {
        let t = &self.tallies[p.index()];
        match tie_break {
            TieBreak::Buchholz => self.buchholz(p).milli(),
            TieBreak::Progressive => self.progressive(p).milli(),
            TieBreak::SonnebornBerger => self.sonneborn_berger_raw(p),
            TieBreak::HeadToHead => self.head_to_head(p, group).milli(),
            TieBreak::IrregularLosses => -i64::from(t.irregular),
            TieBreak::FirstPlaces => i64::from(t.seats[0].wins + t.seats[1].wins),
            TieBreak::AverageRank => {
                let half_ranks: u64 = t
                    .opponents
                    .iter()
                    .map(|&(_, half, _)| u64::from(4 - half.min(2)))
                    .sum();
                average_rank_key(half_ranks, t.opponents.len() as u32)
            }
        }
    }

    fn head_to_head(&self, p: PlayerId, group: &[PlayerId]) -> Points {
        Table::head_to_head(self, p, group)
    }
}

/// The key of the average-rank tie-break (higher is better) from the sum of a player's
/// ranks in half places (first alone = 2) over `games` games; `i64::MIN` without games.
pub(crate) fn average_rank_key(half_ranks: u64, games: u32) -> i64 {
    if games == 0 {
        return i64::MIN;
    }
    -((half_ranks as i64) * 1_000_000 / i64::from(games))
}

/// What a tie-break needs of a table of tallies: the key of each tie-break (higher is
/// better) and the head-to-head points among a group.
pub(crate) trait Keys {
    /// The key of `tie_break` for `p` among `group`: higher is better.
    fn key(&self, tie_break: TieBreak, p: PlayerId, group: &[PlayerId]) -> i64;
    /// The points `p` scored against the others of `group`.
    fn head_to_head(&self, p: PlayerId, group: &[PlayerId]) -> Points;
}

/// The ordering of one points group into tiers (a tier of several players is a tie).
pub(crate) struct Ordering<'a, K> {
    pub(crate) table: &'a K,
    pub(crate) tie_breaks: &'a [TieBreak],
    pub(crate) decided: BTreeMap<PlayerId, Decider>,
    pub(crate) head_to_head: BTreeMap<PlayerId, Points>,
}

impl<K: Keys> Ordering<'_, K> {
    /// Splits `group` (level on points) by the tie-breaks from `level` on into `tiers`.
    pub(crate) fn split(
        &mut self,
        group: Vec<PlayerId>,
        level: usize,
        tiers: &mut Vec<Vec<PlayerId>>,
    ) {
        if group.len() == 1 {
            tiers.push(group);
            return;
        }
        let Some(&tie_break) = self.tie_breaks.get(level) else {
            for &p in &group {
                self.decided.insert(p, Decider::Shared);
            }
            tiers.push(group);
            return;
        };
        let mut keyed: Vec<(i64, PlayerId)> = group
            .iter()
            .map(|&p| (self.table.key(tie_break, p, &group), p))
            .collect();
        if tie_break == TieBreak::HeadToHead {
            for &p in &group {
                self.head_to_head
                    .insert(p, self.table.head_to_head(p, &group));
            }
        }
        keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut start = 0;
        while start < keyed.len() {
            let end = start + keyed[start..].partition_point(|k| k.0 == keyed[start].0);
            let sub: Vec<PlayerId> = keyed[start..end].iter().map(|k| k.1).collect();
            if sub.len() == 1 {
                self.decided.insert(sub[0], Decider::TieBreak(tie_break));
                tiers.push(sub);
            } else {
                self.split(sub, level + 1, tiers);
            }
            start = end;
        }
    }
}

impl Standings {
    /// The standings of `players` after `games` (byes included); `playoff_games` are the
    /// medal play-off games played so far (they do not count for points). Games naming a
    /// player outside `players` are an error.
    pub fn compute(
        players: &[PlayerId],
        games: &[Game],
        playoff_games: &[Game],
        config: &StandingsConfig,
    ) -> Result<Standings, StandingsError> {
        let table = Table::build(players, games, &config.points)?;
        let mut by_points: Vec<PlayerId> = players.to_vec();
        by_points.sort_by(|a, b| table.points(*b).cmp(&table.points(*a)).then(a.cmp(b)));
        let mut ordering = Ordering {
            table: &table,
            tie_breaks: &config.tie_breaks,
            decided: BTreeMap::new(),
            head_to_head: BTreeMap::new(),
        };
        let mut tiers: Vec<Vec<PlayerId>> = Vec::new();
        let mut playoffs = Vec::new();
        let mut start = 0;
        while start < by_points.len() {
            let pts = table.points(by_points[start]);
            let end = start + by_points[start..].partition_point(|&p| table.points(p) == pts);
            let group = by_points[start..end].to_vec();
            let position = tiers.iter().map(Vec::len).sum::<usize>();
            if group.len() == 1 {
                ordering.decided.insert(group[0], Decider::Points);
                tiers.push(group);
            } else {
                let mut group_tiers = Vec::new();
                ordering.split(group, 0, &mut group_tiers);
                if config.medal_playoffs
                    && position < playoff::MEDAL_PLACES
                    && let Some(p) = playoff::settle(
                        &mut group_tiers,
                        &mut ordering.decided,
                        position as u32 + 1,
                        playoff_games,
                        config.lots_seed,
                    )
                {
                    playoffs.push(p);
                }
                tiers.extend(group_tiers);
            }
            start = end;
        }
        let mut rows = Vec::with_capacity(players.len());
        let mut place = 1;
        for tier in &tiers {
            let place_to = place + tier.len() as u32 - 1;
            for &p in tier {
                let t = &table.tallies[p.index()];
                rows.push(Row {
                    place,
                    place_to,
                    player: p,
                    points: t.points,
                    games: t.opponents.len() as u32,
                    byes: t.byes,
                    by_seat: t.seats,
                    tie_breaks: TieBreakValues {
                        buchholz: table.buchholz(p),
                        progressive: table.progressive(p),
                        sonneborn_berger: table.sonneborn_berger_raw(p) as f64 / 2000.0,
                        head_to_head: ordering.head_to_head.get(&p).copied(),
                        irregular_losses: t.irregular,
                    },
                    decided_by: ordering.decided.get(&p).copied().unwrap_or(Decider::Shared),
                });
            }
            place = place_to + 1;
        }
        Ok(Standings {
            rows,
            rounds: table.rounds,
            playoffs,
        })
    }

    /// The row of `player`.
    pub fn row(&self, player: PlayerId) -> Option<&Row> {
        self.rows.iter().find(|r| r.player == player)
    }

    /// The players in standings order.
    pub fn order(&self) -> Vec<PlayerId> {
        self.rows.iter().map(|r| r.player).collect()
    }

    /// The medal play-off games still to play: two per play-off, the tie-break leader in
    /// the first seat of the first. Play them, then compute the standings again with their
    /// results in `playoff_games`.
    pub fn playoff_pairings(&self) -> Vec<Pairing> {
        self.playoffs
            .iter()
            .enumerate()
            .flat_map(|(i, p)| p.missing_pairings(self.rounds, i as u32 + 1))
            .collect()
    }
}

/// One game in a crosstable cell, from the row player's point of view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrossGame {
    /// The game's index in the list the crosstable was built from (for links).
    pub game: usize,
    /// Its round.
    pub round: u32,
    /// The row player's seat.
    pub seat: u8,
    /// The row player's half points.
    pub half_points: u8,
    /// The row player's points.
    pub points: Points,
}

/// Who did what against whom: `cells[i][j]` holds the games of `players[i]` against
/// `players[j]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crosstable {
    /// Row and column order (usually the standings order).
    pub players: Vec<PlayerId>,
    /// The games of each pair, by round.
    pub cells: Vec<Vec<Vec<CrossGame>>>,
}

impl Crosstable {
    /// The crosstable of `games` among `players` (in that order); byes and games with
    /// other players are left out.
    pub fn new(players: &[PlayerId], games: &[Game], scheme: &PointsScheme) -> Crosstable {
        let position: BTreeMap<PlayerId, usize> =
            players.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let n = players.len();
        let mut cells = vec![vec![Vec::new(); n]; n];
        for (index, game) in games.iter().enumerate() {
            let Some(second) = game.pairing.second else {
                continue;
            };
            let (Some(&i), Some(&j)) = (position.get(&game.pairing.first), position.get(&second))
            else {
                continue;
            };
            for (seat, (row, col)) in [(i, j), (j, i)].into_iter().enumerate() {
                cells[row][col].push(CrossGame {
                    game: index,
                    round: game.pairing.round,
                    seat: seat as u8,
                    half_points: game.result.half_points[seat],
                    points: scheme.points(&game.result, seat),
                });
            }
        }
        for row in &mut cells {
            for cell in row {
                cell.sort_by_key(|g| (g.round, g.game));
            }
        }
        Crosstable {
            players: players.to_vec(),
            cells,
        }
    }
}

/// How many games ended each way, by [`Termination::label`] (byes not counted).
pub fn termination_counts(games: &[Game]) -> BTreeMap<String, u32> {
    let mut counts = BTreeMap::new();
    for game in games.iter().filter(|g| !g.is_bye()) {
        *counts
            .entry(game.result.termination.label().to_string())
            .or_insert(0) += 1;
    }
    counts
}

/// The progressive score: the sum of the running totals after each of rounds 1..=`rounds`
/// (points by round in `by_round`; a round without a game adds nothing new).
pub(crate) fn progressive_score(by_round: &BTreeMap<u32, Points>, rounds: u32) -> Points {
    let mut running = Points::ZERO;
    let mut sum = Points::ZERO;
    for round in 1..=rounds {
        running += by_round.get(&round).copied().unwrap_or_default();
        sum += running;
    }
    sum
}
