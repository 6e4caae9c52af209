//! Standings of games of any number of seats: points under a configurable scheme, the
//! tie-breaks of rule 9 and the optional ones, the place of every player with what decided
//! it, how it finished in each seat, the crosstable of pairwise results and the tally of
//! termination reasons. Every value comes from what [`GameResult`] derives once: the ranks
//! of the seats and the pairwise result of any two of them.
//!
//! **Points** ([`PointsScheme::points`]): two seats score the config's win/draw/loss values
//! (or, with `game_score`, the game's own score where it gives one); more seats score by
//! rank (default `n-1` for the first, ..., 0 for the last, or the config's `rank_points`),
//! tied seats sharing the mean of the points of the places they take (rounded to a
//! thousandth), or with `game_score` the game's own score (Rolit: the balls; after an
//! irregular end the offender scores 0 and the others 1).
//!
//! **Pairwise results**: two players who sat at the same game score 1 (ranked above), 1/2
//! each (level) or 0 against each other; for two seats that is the game's result, and a
//! game of `n` seats holds `n(n-1)/2` of them. The crosstable shows them and the ratings are
//! fitted from them.
//!
//! Tie-breaks (all "higher is better" except irregular losses and average rank):
//! - **Buchholz** (no cut): the sum, over every game played, of the final points of each
//!   opponent met in it (an opponent met twice counts twice; a four-seat game adds three
//!   opponents). A bye counts as a game against a virtual opponent with the player's own
//!   final score (the FIDE 2023 "dummy opponent"), so a bye neither helps nor hurts. In a
//!   complete two-seat round robin every player's Buchholz is the total of all scores minus
//!   its own, so tied players always have equal Buchholz (the pitfall of the spec: the rule
//!   then falls through to the progressive score).
//! - **Progressive** (cumulative) score: the sum of the running totals after each round
//!   1..=R, R the last round of the tournament; a round without a game adds the total so far.
//! - **Sonneborn-Berger**: over every pairwise result, the opponent's final score times the
//!   fraction of it won (1, 1/2, 0); a bye counts as a win against the virtual opponent
//!   above.
//! - **Head-to-head**: among the players still tied when it is applied, the points scored
//!   in their games (two seats) or the pairwise points over the games where both sat (more).
//! - **Irregular losses** (CodeCup's tie-break): fewer is better.
//! - **First places**: games finished first alone; **average rank**: lower is better (first
//!   alone = 1; tied seats share the mean of the places they take). Both apply to games of
//!   more than two seats only ([`TieBreak::applies_to`]): for two they repeat the points.
//!
//! Points groups are split by the configured tie-breaks in order; a group a tie-break cannot
//! split goes on to the next one; what is left is a shared place. Rule 9's medal play-offs
//! (two-game matches) are applied on top for two seats (see [`crate::playoff`]); for more
//! seats the tie-breaks decide and what is left is a shared place.

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

    /// Whether it applies to games of `seats` seats (a config of another seat count
    /// refuses it): first places and average rank are for more than two seats (for two
    /// they would only repeat the points); every other tie-break applies to any.
    pub fn applies_to(self, seats: usize) -> bool {
        match self {
            TieBreak::FirstPlaces | TieBreak::AverageRank => seats > 2,
            _ => true,
        }
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

    /// The points of every seat for `result`, computed once for standings and crosstables:
    /// a bye scores [`PointsScheme::bye`]; with [`game_score`](PointsScheme::game_score)
    /// the game's own score where it gives one; otherwise two seats score the win, draw
    /// and loss values, and more seats score by rank ([`PointsScheme::rank_points`], tied
    /// seats sharing the mean of the places they take, rounded to a thousandth; a place
    /// beyond the list scores 0).
    pub fn points(&self, result: &GameResult) -> Vec<Points> {
        if result.termination == Termination::Bye {
            return vec![self.bye];
        }
        if self.game_score
            && let Some(score) = &result.game_score
        {
            return score.clone();
        }
        let n = result.seats();
        if n == 2 {
            return (0..2)
                .map(|seat| match result.half_points(seat) {
                    2 => self.win,
                    1 => self.draw,
                    _ => self.loss,
                })
                .collect();
        }
        let by_rank = self
            .rank_points
            .clone()
            .unwrap_or_else(|| PointsScheme::default_rank_points(n));
        let place = |k: usize| by_rank.get(k).copied().unwrap_or(Points::ZERO);
        (0..n)
            .map(|seat| {
                let places = result.places(seat);
                let level = places.len() as i64;
                let sum: i64 = places.map(|k| place(k).milli()).sum();
                // The mean, rounded to the nearest thousandth (halves away from zero).
                let mean = (2 * sum + sum.signum() * level) / (2 * level);
                Points::from_milli(mean)
            })
            .collect()
    }

    /// The default points by rank for `seats` seats: `seats - 1` for the first, one less
    /// per place, 0 for the last.
    pub fn default_rank_points(seats: usize) -> Vec<Points> {
        (0..seats)
            .rev()
            .map(|k| Points::from_int(k as i64))
            .collect()
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

/// How a player finished in one seat: first alone (a two-seat win), first shared (a
/// two-seat draw), or not first (a two-seat loss).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// Games finished first alone (two seats: won).
    pub wins: u32,
    /// Games finished first with others (two seats: drawn).
    pub draws: u32,
    /// Games not finished first (two seats: lost).
    pub losses: u32,
}

impl SeatRecord {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    fn add(&mut self, result: &GameResult, seat: usize) {
        match result.places(seat) {
            places if places.start > 0 => self.losses += 1,
            places if places.len() == 1 => self.wins += 1,
            _ => self.draws += 1,
        }
    }
}

/// Every tie-break value of one player, for the report's columns.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TieBreakValues {
    /// Buchholz (no cut; generalised for more than two seats).
    pub buchholz: Points,
    /// Progressive score.
    pub progressive: Points,
    /// Sonneborn-Berger (generalised for more than two seats).
    pub sonneborn_berger: f64,
    /// Head-to-head points among the group it was last applied to (`None` if never).
    pub head_to_head: Option<Points>,
    /// Irregular losses.
    pub irregular_losses: u32,
    /// Games finished first alone (two seats: wins).
    pub first_places: u32,
    /// The mean rank (1 = first alone, tied seats sharing the mean of their places; two
    /// seats: 1 a win, 1.5 a draw, 2 a loss), `None` without games.
    pub average_rank: Option<f64>,
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
    /// How it finished in each seat (two seats: W/D/L in the first seat and in the second).
    pub by_seat: Vec<SeatRecord>,
    /// The sum of the game's own scores where games give one (Rolit: balls).
    pub score: Points,
    /// Its share of all the own scores of the games it played (its balls / all balls at
    /// its tables), `None` when they sum to 0.
    pub score_share: Option<f64>,
    /// Tie-break values.
    pub tie_breaks: TieBreakValues,
    /// What decided the place.
    pub decided_by: Decider,
}

impl Row {
    /// W/D/L (first alone, first shared, not first) over every seat.
    pub fn total(&self) -> SeatRecord {
        self.by_seat
            .iter()
            .fold(SeatRecord::default(), |a, b| SeatRecord {
                wins: a.wins + b.wins,
                draws: a.draws + b.draws,
                losses: a.losses + b.losses,
            })
    }
}

/// The standings of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    /// Seats per game (2 when there is no game).
    pub seats: usize,
    /// One row per player, best first.
    pub rows: Vec<Row>,
    /// The last round with a game.
    pub rounds: u32,
    /// Medal play-offs, played or still to play (two seats only).
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
    /// A game's half points do not sum to 2, a player meets itself, or a game does not
    /// have one player and one result per seat.
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

/// One opponent met in one game, from the player's side.
#[derive(Clone, Copy, Debug)]
struct Encounter {
    opponent: PlayerId,
    /// The pairwise result in half points (2 above, 1 level, 0 below).
    half: u8,
    /// What head-to-head counts of it: two seats, the own points of the game; more seats,
    /// the pairwise score (1, 1/2, 0).
    head_to_head: Points,
}

/// What standings keep per player while adding up games.
#[derive(Clone, Debug, Default)]
struct Tally {
    points: Points,
    by_round: BTreeMap<u32, Points>,
    games: u32,
    /// Every opponent of every game played.
    encounters: Vec<Encounter>,
    byes: u32,
    seats: Vec<SeatRecord>,
    irregular: u32,
    half_ranks: u64,
    /// The own game score, and the score of every seat of its games.
    score: Points,
    score_all: Points,
}

/// Per-player totals and the tie-break keys, for players `0..n` (absent ones stay empty).
struct Table {
    tallies: Vec<Tally>,
    rounds: u32,
    seats: usize,
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
        let seats = games
            .iter()
            .map(|g| g.pairing.seats.len())
            .max()
            .unwrap_or(2)
            .max(2);
        let mut tallies = vec![
            Tally {
                seats: vec![SeatRecord::default(); seats],
                ..Tally::default()
            };
            size
        ];
        let mut rounds = 0;
        for game in games {
            let Pairing {
                round,
                board,
                seats: ref seated,
                ..
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
            rounds = rounds.max(round);
            if game.is_bye() {
                let t = &mut tallies[seated[0].index()];
                t.byes += 1;
                t.points += scheme.bye;
                *t.by_round.entry(round).or_default() += scheme.bye;
                continue;
            }
            if seated.len() != seats || game.result.seats() != seats {
                return Err(bad(
                    "the seats or the scores are not one per seat of the game",
                ));
            }
            if (1..seats).any(|s| seated[..s].contains(&seated[s])) {
                return Err(if seats == 2 {
                    bad("a player meets itself")
                } else {
                    bad("a player sits twice at the table")
                });
            }
            let ranking = &game.result.ranking;
            if seats == 2
                && (ranking
                    .iter()
                    .any(|&h| h > Points::from_int(2) || h < Points::ZERO)
                    || ranking[0] + ranking[1] != Points::from_int(2))
            {
                return Err(bad("the half points do not sum to 2"));
            }
            let points = scheme.points(&game.result);
            let half_ranks = game.result.half_ranks();
            let own = game.result.game_score.as_ref();
            let all: Points = own.map_or(Points::ZERO, |s| s.iter().copied().sum());
            for (seat, &me) in seated.iter().enumerate() {
                let t = &mut tallies[me.index()];
                t.points += points[seat];
                *t.by_round.entry(round).or_default() += points[seat];
                t.games += 1;
                t.seats[seat].add(&game.result, seat);
                t.half_ranks += u64::from(half_ranks[seat]);
                t.irregular += u32::from(game.result.irregular_loser() == Some(seat));
                t.score += own.map_or(Points::ZERO, |s| s[seat]);
                t.score_all += all;
                for (other, &them) in seated.iter().enumerate() {
                    if other != seat {
                        let half = game.result.pairwise(seat, other);
                        t.encounters.push(Encounter {
                            opponent: them,
                            half,
                            head_to_head: if seats == 2 {
                                points[seat]
                            } else {
                                Points::from_milli(i64::from(half) * 500)
                            },
                        });
                    }
                }
            }
        }
        Ok(Table {
            tallies,
            rounds,
            seats,
        })
    }

    fn points(&self, p: PlayerId) -> Points {
        self.tallies[p.index()].points
    }

    fn buchholz(&self, p: PlayerId) -> Points {
        let t = &self.tallies[p.index()];
        let played: Points = t.encounters.iter().map(|e| self.points(e.opponent)).sum();
        played + Points::from_milli(t.points.milli() * i64::from(t.byes))
    }

    fn progressive(&self, p: PlayerId) -> Points {
        progressive_score(&self.tallies[p.index()].by_round, self.rounds)
    }

    /// Sonneborn-Berger in thousandths of a half point (exact).
    fn sonneborn_berger_raw(&self, p: PlayerId) -> i64 {
        let t = &self.tallies[p.index()];
        let played: i64 = t
            .encounters
            .iter()
            .map(|e| self.points(e.opponent).milli() * i64::from(e.half))
            .sum();
        played + 2 * t.points.milli() * i64::from(t.byes)
    }

    fn head_to_head(&self, p: PlayerId, group: &[PlayerId]) -> Points {
        self.tallies[p.index()]
            .encounters
            .iter()
            .filter(|e| group.contains(&e.opponent))
            .map(|e| e.head_to_head)
            .sum()
    }

    fn first_places(&self, p: PlayerId) -> u32 {
        self.tallies[p.index()].seats.iter().map(|s| s.wins).sum()
    }

    /// The key of the average-rank tie-break (higher is better): the negated mean of the
    /// ranks in half places, in millionths; `i64::MIN` without games.
    fn average_rank_key(&self, p: PlayerId) -> i64 {
        let t = &self.tallies[p.index()];
        if t.games == 0 {
            return i64::MIN;
        }
        -((t.half_ranks as i64) * 1_000_000 / i64::from(t.games))
    }

    /// The key of `tie_break` for `p` among `group`: higher is better.
    fn key(&self, tie_break: TieBreak, p: PlayerId, group: &[PlayerId]) -> i64 {
        match tie_break {
            TieBreak::Buchholz => self.buchholz(p).milli(),
            TieBreak::Progressive => self.progressive(p).milli(),
            TieBreak::SonnebornBerger => self.sonneborn_berger_raw(p),
            TieBreak::HeadToHead => self.head_to_head(p, group).milli(),
            TieBreak::IrregularLosses => -i64::from(self.tallies[p.index()].irregular),
            TieBreak::FirstPlaces => i64::from(self.first_places(p)),
            TieBreak::AverageRank => self.average_rank_key(p),
        }
    }
}

/// The ordering of one points group into tiers (a tier of several players is a tie).
struct Ordering<'a> {
    table: &'a Table,
    tie_breaks: &'a [TieBreak],
    decided: BTreeMap<PlayerId, Decider>,
    head_to_head: BTreeMap<PlayerId, Points>,
}

impl Ordering<'_> {
    /// Splits `group` (level on points) by the tie-breaks from `level` on into `tiers`.
    fn split(&mut self, group: Vec<PlayerId>, level: usize, tiers: &mut Vec<Vec<PlayerId>>) {
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
    /// The standings of `players` after `games` (byes included) of any one number of
    /// seats; `playoff_games` are the medal play-off games played so far (they do not count
    /// for points; play-offs are for two seats only). Games naming a player outside
    /// `players`, seating one twice or not having one player and one result per seat are
    /// an error.
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
        let medal_playoffs = config.medal_playoffs && table.seats == 2;
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
                if medal_playoffs
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
                    games: t.games,
                    byes: t.byes,
                    by_seat: t.seats.clone(),
                    score: t.score,
                    score_share: (t.score_all.milli() != 0)
                        .then(|| t.score.as_f64() / t.score_all.as_f64()),
                    tie_breaks: TieBreakValues {
                        buchholz: table.buchholz(p),
                        progressive: table.progressive(p),
                        sonneborn_berger: table.sonneborn_berger_raw(p) as f64 / 2000.0,
                        head_to_head: ordering.head_to_head.get(&p).copied(),
                        irregular_losses: t.irregular,
                        first_places: table.first_places(p),
                        average_rank: (t.games > 0)
                            .then(|| t.half_ranks as f64 / 2.0 / f64::from(t.games)),
                    },
                    decided_by: ordering.decided.get(&p).copied().unwrap_or(Decider::Shared),
                });
            }
            place = place_to + 1;
        }
        Ok(Standings {
            seats: table.seats,
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
    /// The row player's pairwise result against the column player, in half points (two
    /// seats: the game's half points; more: 2 above, 1 level, 0 below).
    pub half_points: u8,
    /// The row player's points in the game.
    pub points: Points,
}

/// Who did what against whom: `cells[i][j]` holds the games of `players[i]` against
/// `players[j]` (for more than two seats: the games where both sat).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crosstable {
    /// Row and column order (usually the standings order).
    pub players: Vec<PlayerId>,
    /// The games of each pair, by round.
    pub cells: Vec<Vec<Vec<CrossGame>>>,
}

impl Crosstable {
    /// The crosstable of `games` among `players` (in that order); byes and seats of other
    /// players are left out.
    pub fn new(players: &[PlayerId], games: &[Game], scheme: &PointsScheme) -> Crosstable {
        let position: BTreeMap<PlayerId, usize> =
            players.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let n = players.len();
        let mut cells = vec![vec![Vec::new(); n]; n];
        for (index, game) in games.iter().enumerate() {
            if game.is_bye() {
                continue;
            }
            let points = scheme.points(&game.result);
            let seats = &game.pairing.seats;
            for (a, pa) in seats.iter().enumerate() {
                for (b, pb) in seats.iter().enumerate() {
                    if a == b {
                        continue;
                    }
                    if let (Some(&i), Some(&j)) = (position.get(pa), position.get(pb)) {
                        cells[i][j].push(CrossGame {
                            game: index,
                            round: game.pairing.round,
                            seat: a as u8,
                            half_points: game.result.pairwise(a, b),
                            points: points[a],
                        });
                    }
                }
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

    /// The pairwise score of row `i` against column `j` over their games.
    pub fn score(&self, i: usize, j: usize) -> Points {
        let halves: i64 = self.cells[i][j]
            .iter()
            .map(|g| i64::from(g.half_points))
            .sum();
        Points::from_milli(halves * 500)
    }

    /// `score/games` of row `i` against column `j` (`2.5/4`), or `.` when they never met.
    pub fn score_text(&self, i: usize, j: usize) -> String {
        match self.cells[i][j].len() {
            0 => ".".into(),
            games => format!("{}/{games}", self.score(i, j)),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ratings::pairwise_games;

    fn pts(x: f64) -> Points {
        Points::from_f64(x).unwrap()
    }

    fn game(round: u32, seats: &[u32], score: &[i64]) -> Game {
        Game::new(
            Pairing::table(round, 1, seats.iter().map(|&p| PlayerId(p)).collect()),
            GameResult::table(
                score.iter().map(|&s| Points::from_int(s)).collect(),
                Termination::Normal,
            ),
        )
    }

    #[test]
    fn points_by_rank_and_by_game_score_with_ties() {
        let by_rank = PointsScheme::default();
        let r = game(1, &[0, 1, 2, 3], &[20, 15, 17, 12]).result;
        assert_eq!(
            by_rank.points(&r),
            vec![pts(3.0), pts(1.0), pts(2.0), pts(0.0)]
        );
        assert_eq!(r.half_ranks(), vec![2, 6, 4, 8]);
        // Two level for first share (3 + 2) / 2; two level for third share (1 + 0) / 2.
        let tied = game(1, &[0, 1, 2, 3], &[20, 20, 12, 12]).result;
        assert_eq!(
            by_rank.points(&tied),
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
            custom.points(&three),
            vec![pts(5.667), pts(5.667), pts(5.667), pts(0.0)]
        );
        // The game's own score, as it is.
        let own = PointsScheme {
            game_score: true,
            ..PointsScheme::default()
        };
        assert_eq!(
            own.points(&tied),
            vec![pts(20.0), pts(20.0), pts(12.0), pts(12.0)]
        );
        // Three seats: 2, 1, 0 by default.
        let three_seats = game(1, &[0, 1, 2], &[30, 10, 24]).result;
        assert_eq!(
            by_rank.points(&three_seats),
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
        let s = Standings::compute(&players, &games, &[], &config).unwrap();
        let row = |p: u32| s.row(PlayerId(p)).unwrap();
        assert_eq!(row(a).points, pts(3.0));
        assert_eq!(row(b).points, pts(2.5));
        assert_eq!(row(c).points, pts(3.5));
        assert_eq!(row(d).points, pts(0.0));
        assert_eq!(row(e).points, pts(3.0));
        assert_eq!(row(a).tie_breaks.buchholz, pts(15.0));
        assert_eq!(row(e).tie_breaks.buchholz, pts(9.0));
        assert_eq!(
            row(b).tie_breaks.buchholz,
            pts(3.0 + 3.5 + 0.0 + 3.0 + 3.0 + 3.5)
        );
        assert_eq!(row(d).tie_breaks.buchholz, pts(3.0 + 2.5 + 3.5));
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
        assert_eq!(row(a).tie_breaks.average_rank, Some(2.5));
        assert_eq!(row(b).tie_breaks.average_rank, Some((3.0 + 2.5) / 2.0));
        assert_eq!(
            (
                row(a).tie_breaks.first_places,
                row(e).tie_breaks.first_places,
                row(c).tie_breaks.first_places
            ),
            (1, 1, 0)
        );
        let games_by_seat: Vec<u32> = row(a).by_seat.iter().map(SeatRecord::games).collect();
        assert_eq!(games_by_seat, vec![1, 1, 0, 0]);
        // A first alone in seat 0, last in seat 1.
        assert_eq!((row(a).by_seat[0].wins, row(a).by_seat[1].losses), (1, 1));
        // Score share: A has 30 balls of the 128 at its two tables.
        assert_eq!(row(a).score, pts(30.0));
        assert!((row(a).score_share.unwrap() - 30.0 / 128.0).abs() < 1e-12);
        // Without Buchholz, first places cannot split A and E (one each); head-to-head
        // can: E finished above A in their only game.
        let config = StandingsConfig {
            tie_breaks: vec![TieBreak::FirstPlaces, TieBreak::HeadToHead],
            ..config
        };
        let s = Standings::compute(&players, &games, &[], &config).unwrap();
        assert_eq!(s.order()[1..3], [PlayerId(e), PlayerId(a)]);
        assert_eq!(
            s.row(PlayerId(e)).unwrap().decided_by,
            Decider::TieBreak(TieBreak::HeadToHead)
        );
        assert_eq!(
            s.row(PlayerId(e)).unwrap().tie_breaks.head_to_head,
            Some(pts(1.0))
        );
        assert_eq!(
            s.row(PlayerId(a)).unwrap().tie_breaks.head_to_head,
            Some(pts(0.0))
        );
        // A game seating a player twice is refused.
        let twice = vec![game(1, &[a, a, c, d], &[20, 15, 17, 12])];
        assert!(Standings::compute(&players, &twice, &[], &config).is_err());
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
        let s = Standings::compute(&players, &games, &[], &config).unwrap();
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
        let s = Standings::compute(&players, &games, &[], &config).unwrap();
        assert_eq!(s.order(), vec![PlayerId(2), PlayerId(0), PlayerId(1)]);
        assert_eq!(s.rows[0].points, pts(50.0));
        assert_eq!(s.rows[0].tie_breaks.average_rank, Some(1.5));
        assert_eq!(s.rows[1].tie_breaks.average_rank, Some(1.75));
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
        let t = Crosstable::new(&players, &games, &PointsScheme::default());
        // 0 against 1: above in game 1, below in game 2.
        assert_eq!(t.score_text(0, 1), "1/2");
        // 0 against 3: above, then level.
        assert_eq!(t.score_text(0, 3), "1.5/2");
        assert_eq!(t.score_text(3, 0), "0.5/2");
        let games_of =
            |i: usize, j: usize| t.cells[i][j].iter().map(|g| g.game).collect::<Vec<_>>();
        assert_eq!(games_of(0, 3), vec![0, 1]);
        // Player 3 sat in seat 3, then seat 0; its points by rank were 0, then 1.5.
        let seats: Vec<(u8, Points)> = t.cells[3][0].iter().map(|g| (g.seat, g.points)).collect();
        assert_eq!(seats, vec![(3, pts(0.0)), (0, pts(1.5))]);
        // Every pair's two cells add up to the games they shared.
        for i in 0..4 {
            for j in 0..4 {
                if i != j {
                    let sum = t.score(i, j) + t.score(j, i);
                    assert_eq!(sum, Points::from_int(t.cells[i][j].len() as i64));
                }
            }
        }
        let pairs = pairwise_games(&games);
        assert_eq!(pairs.len(), 2 * 6);
        let draws = pairs
            .iter()
            .filter(|g| g.result.half_points(0) == 1)
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
