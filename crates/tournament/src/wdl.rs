//! Match statistics: win/draw/loss, score, and the Elo difference with its 95% interval,
//! from the per-game scores (the normal approximation over games).

/// The two-sided 95% quantile of the normal distribution.
const Z_95: f64 = 1.959_964;
/// Scores are clamped this far from 0 and 1 so that a perfect score gives a finite Elo.
const SCORE_EPSILON: f64 = 1e-3;

/// Wins, draws and losses from one player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Wdl {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// Points per game (0.5 with no games).
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            0.5
        } else {
            self.points() / f64::from(self.games())
        }
    }

    /// The Elo difference that predicts this score, and the half-width of its 95% interval
    /// (`None` with fewer than two games). `None` altogether when the score is 0% or 100%
    /// (no finite difference predicts it).
    pub fn elo(&self) -> Option<(f64, Option<f64>)> {
        let n = f64::from(self.games());
        let p = self.score();
        if self.wins + self.draws == 0 || self.losses + self.draws == 0 {
            return None;
        }
        let elo = elo_of(p);
        if self.games() < 2 {
            return Some((elo, None));
        }
        let var = (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2))
            / n;
        let half = Z_95 * (var / n).sqrt();
        let (lo, hi) = (elo_of(p - half), elo_of(p + half));
        Some((elo, Some((hi - lo) / 2.0)))
    }
}

/// The Elo difference for an expected score `p`.
pub fn elo_of(p: f64) -> f64 {
    let p = p.clamp(SCORE_EPSILON, 1.0 - SCORE_EPSILON);
    -400.0 * (1.0 / p - 1.0).log10()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_values() {
        assert!(elo_of(0.5).abs() < 1e-9);
        assert!((elo_of(0.75) - 190.85).abs() < 0.01);
        assert!((elo_of(0.25) + 190.85).abs() < 0.01);
        let even = Wdl {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let (e, ci) = even.elo().unwrap();
        assert!(e.abs() < 1e-9);
        // p = 0.5, sd per game 0.5, 20 games: score interval +-0.219 -> about +-157 Elo.
        let ci = ci.unwrap();
        assert!((150.0..165.0).contains(&ci), "{ci}");
        assert_eq!(
            Wdl {
                wins: 1,
                draws: 0,
                losses: 0
            }
            .elo(),
            None
        );
        assert_eq!(
            Wdl {
                wins: 0,
                draws: 1,
                losses: 0
            }
            .elo(),
            Some((0.0, None))
        );
        let more = Wdl {
            wins: 100,
            draws: 0,
            losses: 100,
        }
        .elo()
        .unwrap()
        .1
        .unwrap();
        assert!(more < ci / 3.0);
    }
}
