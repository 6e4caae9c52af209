//! The vocabulary every other module speaks: players by index, exact tournament points, the
//! result of one game between two seats with how it ended, pairings and schedules. Kept apart
//! so that schedules, standings, ratings and exports agree on one meaning of "a game".

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

/// The result of one game between two seats (seat 0 moves first).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// Half points by seat: 2 for a win, 1 for a draw, 0 for a loss; they sum to 2.
    pub half_points: [u8; 2],
    /// The game's own score by seat, when the game defines one (CodeCup 2005: 12 for a
    /// win, 3-1 or 2-2 for draws by pieces, 0 for a loss; Turn Right: 50 + the point
    /// difference). Used by [`PointsScheme::game_score`](crate::PointsScheme::game_score).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_score: Option<[Points; 2]>,
    /// How it ended.
    pub termination: Termination,
}

impl GameResult {
    /// `seat` won normally.
    pub fn win(seat: usize) -> GameResult {
        let mut half_points = [0, 0];
        half_points[seat] = 2;
        GameResult {
            half_points,
            game_score: None,
            termination: Termination::Normal,
        }
    }

    /// A normal draw.
    pub fn draw() -> GameResult {
        GameResult {
            half_points: [1, 1],
            game_score: None,
            termination: Termination::Normal,
        }
    }

    /// A draw declared by the referee.
    pub fn adjudicated_draw() -> GameResult {
        GameResult {
            termination: Termination::AdjudicatedDraw,
            ..GameResult::draw()
        }
    }

    /// `seat` lost irregularly (time-out, crash, illegal move, ...).
    pub fn irregular_loss(seat: usize, reason: &str) -> GameResult {
        GameResult {
            termination: Termination::Irregular {
                seat: seat as u8,
                reason: reason.into(),
            },
            ..GameResult::win(1 - seat)
        }
    }

    /// The result recorded for a bye (the first seat's player "wins" against nobody).
    pub fn bye() -> GameResult {
        GameResult {
            termination: Termination::Bye,
            ..GameResult::win(0)
        }
    }

    /// The same result with the game's own scores.
    pub fn with_game_score(mut self, score: [Points; 2]) -> GameResult {
        self.game_score = Some(score);
        self
    }

    /// The seat that lost irregularly, if any.
    pub fn irregular_loser(&self) -> Option<usize> {
        match self.termination {
            Termination::Irregular { seat, .. } => Some(usize::from(seat)),
            _ => None,
        }
    }
}

/// One scheduled game, or a bye when `second` is `None`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pairing {
    /// The round (1-based).
    pub round: u32,
    /// The board within the round (1-based).
    pub board: u32,
    /// The player in the first seat (white, moves first), or the player with the bye.
    pub first: PlayerId,
    /// The player in the second seat; `None` for a bye.
    pub second: Option<PlayerId>,
    /// The index of the start position in the openings file, if openings are used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<u32>,
}

impl Pairing {
    /// A game.
    pub fn game(round: u32, board: u32, first: PlayerId, second: PlayerId) -> Pairing {
        Pairing {
            round,
            board,
            first,
            second: Some(second),
            opening: None,
        }
    }

    /// A bye.
    pub fn bye(round: u32, board: u32, player: PlayerId) -> Pairing {
        Pairing {
            round,
            board,
            first: player,
            second: None,
            opening: None,
        }
    }

    /// Whether this is a bye.
    pub fn is_bye(&self) -> bool {
        self.second.is_none()
    }

    /// The seat `player` sits in (0 or 1), if it plays here.
    pub fn seat_of(&self, player: PlayerId) -> Option<usize> {
        if self.first == player {
            Some(0)
        } else if self.second == Some(player) {
            Some(1)
        } else {
            None
        }
    }

    /// The player in `seat` (`None` for the empty seat of a bye).
    pub fn player(&self, seat: usize) -> Option<PlayerId> {
        if seat == 0 {
            Some(self.first)
        } else {
            self.second
        }
    }

    /// The same pairing with the seats swapped (a bye stays a bye).
    pub fn swapped(&self) -> Pairing {
        match self.second {
            Some(second) => Pairing {
                first: second,
                second: Some(self.first),
                ..self.clone()
            },
            None => self.clone(),
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
    fn schedule_rounds() {
        let p = |r, b| Pairing::game(r, b, PlayerId(0), PlayerId(1));
        let s = Schedule::new(vec![p(2, 1), p(1, 2), p(1, 1), p(3, 1)]);
        assert_eq!(s.rounds(), 3);
        assert_eq!(s.round(1).len(), 2);
        assert_eq!(s.round(1)[0].board, 1);
        assert_eq!(s.round(4).len(), 0);
    }
}
