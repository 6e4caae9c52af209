//! The vocabulary every other module speaks: players by index, exact tournament points, the
//! result of one game of any number of seats with how it ended, pairings and schedules. Kept
//! apart so that schedules, standings, ratings and exports agree on one meaning of "a game",
//! whether it has two seats (chess-like: W/D/L) or more (Rolit: a table ranked by score).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub};

/// A participant, by its index in the tournament's player list (0-based).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct PlayerId(pub u32);

impl PlayerId {
    /// The index as a `usize`, for indexing the player list.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0 + 1)
    }
}

/// Tournament points, counted in thousandths so that sums, comparisons and ties are exact
/// (float sums of 0.1 are not). Serialized as a plain number (`2.5`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(try_from = "f64", into = "f64")]
pub struct Points(i64);

/// Thousandths in one point.
const MILLI: i64 = 1000;
/// The largest magnitude accepted from outside, in points (far beyond any scheme's needs).
const MAX_POINTS: f64 = 1e12;

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// One point.
    pub const ONE: Points = Points(MILLI);
    /// Half a point.
    pub const HALF: Points = Points(MILLI / 2);

    /// Points from thousandths.
    pub const fn from_milli(milli: i64) -> Points {
        Points(milli)
    }

    /// Whole points.
    pub const fn from_int(points: i64) -> Points {
        Points(points * MILLI)
    }

    /// Points from a number that is a whole number of thousandths (`None` otherwise, or when
    /// it is not finite or absurdly large).
    pub fn from_f64(x: f64) -> Option<Points> {
        if !x.is_finite() || x.abs() > MAX_POINTS {
            return None;
        }
        let milli = (x * MILLI as f64).round();
        if (milli / MILLI as f64 - x).abs() > 1e-9 {
            return None;
        }
        Some(Points(milli as i64))
    }

    /// The thousandths.
    pub const fn milli(self) -> i64 {
        self.0
    }

    /// As a number of points.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / MILLI as f64
    }
}

impl TryFrom<f64> for Points {
    type Error = String;
    fn try_from(x: f64) -> Result<Self, Self::Error> {
        Points::from_f64(x).ok_or_else(|| format!("{x} is not a whole number of thousandths"))
    }
}

impl From<Points> for f64 {
    fn from(p: Points) -> f64 {
        p.as_f64()
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0 + rhs.0)
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points(self.0 - rhs.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        self.0 += rhs.0;
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

impl fmt::Display for Points {
    /// `3`, `2.5`, `0.125`: no trailing zeros.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let (whole, frac) = (self.0.abs() / MILLI, self.0.abs() % MILLI);
        if frac == 0 {
            write!(f, "{sign}{whole}")
        } else {
            let digits = format!("{frac:03}");
            write!(f, "{sign}{whole}.{}", digits.trim_end_matches('0'))
        }
    }
}

/// How a game ended, as far as standings care.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Termination {
    /// The game's rules ended it (including a resignation or a rules draw).
    Normal,
    /// A seat lost by breaking the rules of play or of the arena: a time-out, a crash, an
    /// illegal move, a protocol error. The other seat won.
    Irregular {
        /// The offender (0 = first seat).
        seat: u8,
        /// What it did, as the arena names it: `time-out`, `crash`, `illegal-move`,
        /// `protocol`, ...
        reason: String,
    },
    /// The referee stopped the game and declared it drawn (move limit, adjudication).
    AdjudicatedDraw,
    /// Not a game: the player in the first seat had a bye.
    Bye,
}

impl Termination {
    /// A short label for tallies: `normal`, the irregular reason, `adjudicated-draw`, `bye`.
    pub fn label(&self) -> &str {
        match self {
            Termination::Normal => "normal",
            Termination::Irregular { reason, .. } => reason,
            Termination::AdjudicatedDraw => "adjudicated-draw",
            Termination::Bye => "bye",
        }
    }
}

/// The result of one game of any number of seats (seat 0 moves first), or of a bye (one
/// seat).
///
/// Everything standings, crosstables and ratings need is derived here, once, from
/// [`GameResult::ranking`]: the rank of every seat ([`GameResult::half_ranks`]), who finished
/// first alone, and the pairwise result of any two seats ([`GameResult::pairwise`]). How
/// those become tournament points is [`PointsScheme::points`](crate::PointsScheme::points):
/// the config's win/draw/loss values (or the game's own score) for two seats, points by rank
/// for more.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// What orders the seats, one value per seat, higher is better: for two seats the half
    /// points (2 a win, 1 a draw, 0 a loss; they sum to 2), for more seats the game's own
    /// score (Rolit: balls; after an irregular end 0 for the offender and 1 for the
    /// others); a bye's one seat has 2.
    pub ranking: Vec<Points>,
    /// The game's own score by seat, when the game defines one (CodeCup 2005: 12 for a
    /// win, 3-1 or 2-2 for draws by pieces, 0 for a loss; Turn Right: 50 + the point
    /// difference; a table: its [`ranking`](GameResult::ranking)). Used by
    /// [`PointsScheme::game_score`](crate::PointsScheme::game_score).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_score: Option<Vec<Points>>,
    /// How it ended.
    pub termination: Termination,
}

/// Half points as a ranking value.
fn halves(half_points: u8) -> Points {
    Points::from_int(i64::from(half_points))
}

impl GameResult {
    /// A two-seat result from its half points (2 a win, 1 a draw, 0 a loss) and how it
    /// ended.
    pub fn from_half_points(half_points: [u8; 2], termination: Termination) -> GameResult {
        GameResult {
            ranking: half_points.iter().map(|&h| halves(h)).collect(),
            game_score: None,
            termination,
        }
    }

    /// `seat` of two won normally.
    pub fn win(seat: usize) -> GameResult {
        let mut half_points = [0, 0];
        half_points[seat] = 2;
        GameResult::from_half_points(half_points, Termination::Normal)
    }

    /// A normal draw of two seats.
    pub fn draw() -> GameResult {
        GameResult::from_half_points([1, 1], Termination::Normal)
    }

    /// A draw of two seats declared by the referee.
    pub fn adjudicated_draw() -> GameResult {
        GameResult::from_half_points([1, 1], Termination::AdjudicatedDraw)
    }

    /// `seat` of two lost irregularly (time-out, crash, illegal move, ...).
    pub fn irregular_loss(seat: usize, reason: &str) -> GameResult {
        GameResult {
            termination: Termination::Irregular {
                seat: seat as u8,
                reason: reason.into(),
            },
            ..GameResult::win(1 - seat)
        }
    }

    /// The result recorded for a bye (its one seat "wins" against nobody).
    pub fn bye() -> GameResult {
        GameResult {
            ranking: vec![halves(2)],
            game_score: None,
            termination: Termination::Bye,
        }
    }

    /// The result of a game of more than two seats: the game's own score by seat orders the
    /// seats ([`Termination::Irregular`] names the offending seat).
    pub fn table(score: Vec<Points>, termination: Termination) -> GameResult {
        GameResult {
            ranking: score.clone(),
            game_score: Some(score),
            termination,
        }
    }

    /// The same result with the game's own scores.
    pub fn with_game_score(mut self, score: impl Into<Vec<Points>>) -> GameResult {
        self.game_score = Some(score.into());
        self
    }

    /// The number of seats (1 for a bye).
    pub fn seats(&self) -> usize {
        self.ranking.len()
    }

    /// The seat that lost irregularly, if any.
    pub fn irregular_loser(&self) -> Option<usize> {
        match self.termination {
            Termination::Irregular { seat, .. } => Some(usize::from(seat)),
            _ => None,
        }
    }

    /// Seats ranked above `seat`, and seats level with it (itself included).
    fn above_and_level(&self, seat: usize) -> (usize, usize) {
        let mine = self.ranking[seat];
        let above = self.ranking.iter().filter(|&&s| s > mine).count();
        let level = self.ranking.iter().filter(|&&s| s == mine).count();
        (above, level)
    }

    /// The rank of each seat in half places: 2 for first alone, tied seats sharing the mean
    /// of their places (two tied for first: 3 each, that is 1.5). Two seats: 2 for a win, 3
    /// for a draw, 4 for a loss.
    pub fn half_ranks(&self) -> Vec<u32> {
        half_ranks(&self.ranking)
    }

    /// The places each seat's rank spans (0-based, `first..first + count`): tied seats
    /// share them.
    pub fn places(&self, seat: usize) -> std::ops::Range<usize> {
        let (above, level) = self.above_and_level(seat);
        above..above + level
    }

    /// Whether `seat` alone is ranked first (for two seats: it won).
    pub fn first_alone(&self, seat: usize) -> bool {
        self.above_and_level(seat) == (0, 1)
    }

    /// The pairwise result of `seat` against `other` in half points: 2 if it is ranked
    /// above, 1 if level, 0 if below. For two seats these are the game's half points.
    pub fn pairwise(&self, seat: usize, other: usize) -> u8 {
        match self.ranking[seat].cmp(&self.ranking[other]) {
            std::cmp::Ordering::Greater => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 0,
        }
    }

    /// The half points of `seat` (0 or 1) of a two-seat game, 2 for a bye's seat.
    pub fn half_points(&self, seat: usize) -> u8 {
        if self.seats() == 1 {
            2
        } else {
            self.pairwise(seat, 1 - seat)
        }
    }
}

/// The rank of each seat in half places from any ranking values (higher is better): 2 for
/// first alone, tied seats sharing the mean of their places (two tied for first: 3 each,
/// that is 1.5). The one computation behind [`GameResult::half_ranks`], for callers whose
/// values are not [`Points`] (the arena's raw game points).
pub fn half_ranks<T: PartialOrd>(ranking: &[T]) -> Vec<u32> {
    ranking
        .iter()
        .map(|mine| {
            let above = ranking.iter().filter(|s| *s > mine).count();
            let level = ranking.iter().filter(|s| *s == mine).count();
            (2 * above + 1 + level) as u32
        })
        .collect()
}

/// One scheduled game of any number of seats, or a bye (one seat).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pairing {
    /// The round (1-based).
    pub round: u32,
    /// The board (for more than two seats: the table) within the round (1-based).
    pub board: u32,
    /// The player in each seat (seat 0 moves first); a bye has only the player with it.
    pub seats: Vec<PlayerId>,
    /// The index of the start position in the openings file, if openings are used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<u32>,
}

impl Pairing {
    /// A two-seat game.
    pub fn game(round: u32, board: u32, first: PlayerId, second: PlayerId) -> Pairing {
        Pairing::table(round, board, vec![first, second])
    }

    /// A game of the players of `seats`, in seat order.
    pub fn table(round: u32, board: u32, seats: Vec<PlayerId>) -> Pairing {
        Pairing {
            round,
            board,
            seats,
            opening: None,
        }
    }

    /// A bye.
    pub fn bye(round: u32, board: u32, player: PlayerId) -> Pairing {
        Pairing::table(round, board, vec![player])
    }

    /// Whether this is a bye.
    pub fn is_bye(&self) -> bool {
        self.seats.len() == 1
    }

    /// The player in the first seat (moves first), or the player with the bye.
    pub fn first(&self) -> PlayerId {
        self.seats[0]
    }

    /// The player in the second seat; `None` for a bye.
    pub fn second(&self) -> Option<PlayerId> {
        self.player(1)
    }

    /// The seat `player` sits in, if it plays here.
    pub fn seat_of(&self, player: PlayerId) -> Option<usize> {
        self.seats.iter().position(|&p| p == player)
    }

    /// The player in `seat` (`None` for a seat the game does not have).
    pub fn player(&self, seat: usize) -> Option<PlayerId> {
        self.seats.get(seat).copied()
    }

    /// The same two-seat pairing with the seats swapped (a bye stays a bye).
    pub fn swapped(&self) -> Pairing {
        let mut seats = self.seats.clone();
        seats.reverse();
        Pairing {
            seats,
            ..self.clone()
        }
    }
}

/// A played game: its pairing and its result.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Game {
    /// Who played where, in which round.
    pub pairing: Pairing,
    /// How it went (for a bye: [`GameResult::bye`]).
    pub result: GameResult,
}

impl Game {
    /// A game from its pairing and result.
    pub fn new(pairing: Pairing, result: GameResult) -> Game {
        Game { pairing, result }
    }

    /// A bye in `round` (board 0: byes come after the boards).
    pub fn bye(round: u32, player: PlayerId) -> Game {
        Game {
            pairing: Pairing::bye(round, 0, player),
            result: GameResult::bye(),
        }
    }

    /// Whether this is a bye.
    pub fn is_bye(&self) -> bool {
        self.pairing.is_bye()
    }
}

/// Pairings sorted by round and board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    /// Every pairing, byes included, by round then board.
    pub pairings: Vec<Pairing>,
}

impl Schedule {
    /// A schedule from pairings in any order.
    pub fn new(mut pairings: Vec<Pairing>) -> Schedule {
        pairings.sort_by_key(|p| (p.round, p.board));
        Schedule { pairings }
    }

    /// The number of the last round (0 when empty).
    pub fn rounds(&self) -> u32 {
        self.pairings.iter().map(|p| p.round).max().unwrap_or(0)
    }

    /// The pairings of round `round`.
    pub fn round(&self, round: u32) -> &[Pairing] {
        let start = self.pairings.partition_point(|p| p.round < round);
        let end = self.pairings.partition_point(|p| p.round <= round);
        &self.pairings[start..end]
    }

    /// The games (pairings that are not byes).
    pub fn games(&self) -> impl Iterator<Item = &Pairing> {
        self.pairings.iter().filter(|p| !p.is_bye())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_exact_and_print_short() {
        assert_eq!(Points::from_f64(2.5), Some(Points::from_milli(2500)));
        assert_eq!(Points::from_f64(0.0001), None);
        assert_eq!(Points::from_f64(f64::NAN), None);
        assert_eq!(Points::from_milli(2500).to_string(), "2.5");
        assert_eq!(Points::from_int(12).to_string(), "12");
        assert_eq!(Points::from_milli(-125).to_string(), "-0.125");
        let tenth = Points::from_f64(0.1).unwrap();
        let sum: Points = std::iter::repeat_n(tenth, 10).sum();
        assert_eq!(sum, Points::ONE);
    }

    #[test]
    fn ranks_and_pairwise_results_of_two_seats_and_more() {
        // Two seats: the half points are the pairwise results; ranks 1, 1.5, 2 in halves.
        let won = GameResult::win(1);
        assert_eq!((won.half_points(0), won.half_points(1)), (0, 2));
        assert_eq!(won.half_ranks(), vec![4, 2]);
        assert!(won.first_alone(1) && !won.first_alone(0));
        assert_eq!(GameResult::draw().half_ranks(), vec![3, 3]);
        let lost = GameResult::irregular_loss(0, "crash");
        assert_eq!((lost.pairwise(0, 1), lost.irregular_loser()), (0, Some(0)));
        assert_eq!(GameResult::bye().half_points(0), 2);
        // Four seats ranked by their score, two level for second.
        let table = GameResult::table(
            [20, 15, 15, 12].map(Points::from_int).to_vec(),
            Termination::Normal,
        );
        assert_eq!(table.half_ranks(), vec![2, 5, 5, 8]);
        assert_eq!(table.places(1), 1..3);
        assert_eq!((table.pairwise(1, 2), table.pairwise(3, 0)), (1, 0));
        assert_eq!(table.game_score.as_deref(), Some(&table.ranking[..]));
        // A pairing of any seats; two-seat helpers.
        let p = Pairing::table(1, 2, vec![PlayerId(3), PlayerId(1), PlayerId(2)]);
        assert_eq!((p.seat_of(PlayerId(2)), p.player(3)), (Some(2), None));
        let two = Pairing::game(1, 1, PlayerId(0), PlayerId(1));
        assert_eq!(two.swapped().seats, vec![PlayerId(1), PlayerId(0)]);
        assert!(Pairing::bye(1, 3, PlayerId(4)).is_bye() && !two.is_bye());
    }

    #[test]
    fn schedule_rounds() {
        let p = |r, b| Pairing::game(r, b, PlayerId(0), PlayerId(1));
        let s = Schedule::new(vec![p(2, 1), p(1, 2), p(1, 1), p(3, 1)]);
        assert_eq!(s.rounds(), 3);
        assert_eq!(s.round(1).len(), 2);
        assert_eq!(s.round(1)[0].board, 1);
        assert_eq!(s.round(4).len(), 0);
    }
}
