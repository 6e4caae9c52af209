//! The sequential probability ratio test on game pairs, for "is A stronger than B by at least
//! ELO1 rather than at most ELO0?" with stated error rates, stopping as soon as the evidence
//! decides.
//!
//! Games are counted in pairs (the same opening with seats swapped: games `2k` and `2k + 1`
//! of a match). A pair scores 0, 1/4, 1/2, 3/4 or 1 for A (its two game scores averaged): the
//! pentanomial counts LL, LD, WL+DD, WD, WW. Pairs are more independent than single games and
//! their variance is smaller, because the seat advantage cancels within a pair.
//!
//! Hypotheses are in normalized Elo: `nElo = (800 / ln 10) * (mu - 1/2) / (sqrt(2) * sigma)`,
//! where `mu` is the mean pair score and `sigma` its standard deviation (`sqrt(2) * sigma`
//! stands in for the per-game deviation). Under a hypothesis `nElo_k` the expected pair score
//! is `mu_k = 1/2 + nElo_k * sqrt(2) * sigma * ln 10 / 800`. The log-likelihood ratio uses the
//! usual normal approximation (a generalised SPRT with the variance estimated from the data):
//!
//! `LLR = N * (mu_1 - mu_0) * (2 * mu - mu_0 - mu_1) / (2 * sigma^2)`
//!
//! and the test stops when LLR leaves `[ln(beta / (1 - alpha)), ln((1 - beta) / alpha)]`
//! (Wald's bounds; `[-2.94, 2.94]` for alpha = beta = 0.05).

use std::f64::consts::LN_10;

/// The default error rates.
pub const DEFAULT_ALPHA: f64 = 0.05;
/// See [`DEFAULT_ALPHA`].
pub const DEFAULT_BETA: f64 = 0.05;
/// Scale between a logistic win probability and Elo: `Elo = 400 log10(p / (1 - p))`; its slope
/// at p = 1/2 is `1600 / ln 10` per unit score, `800 / ln 10` per unit of `(p - 1/2) / sigma`
/// with the per-game deviation 1/2 of a decisive game.
const NELO_SCALE: f64 = 800.0 / LN_10;
/// The count given to an empty pentanomial cell when computing the LLR.
pub const PSEUDO_COUNT: f64 = 1e-3;

/// The test's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The null hypothesis, in normalized Elo.
    pub elo0: f64,
    /// The alternative, in normalized Elo (greater than `elo0`).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not decided: play on.
    Continue,
    /// H1 accepted: A is at least `elo1` stronger.
    AcceptH1,
    /// H0 accepted: A is at most `elo0` stronger.
    AcceptH0,
}

/// Pair counts: index = A's two-game score in half points (0 = LL, 1 = LD, 2 = WL or DD,
/// 3 = WD, 4 = WW).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Counts one pair from A's scores in its two games (each 0, 1/2 or 1).
    pub fn add(&mut self, first: f64, second: f64) {
        let half_points = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[half_points] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Mean pair score and its (population) variance; `None` without pairs.
    pub fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return None;
        }
        let score = |i: usize| i as f64 / 4.0;
        let mean = (0..5).map(|i| self.0[i] as f64 * score(i)).sum::<f64>() / n;
        let var = (0..5)
            .map(|i| self.0[i] as f64 * (score(i) - mean).powi(2))
            .sum::<f64>()
            / n;
        Some((mean, var))
    }

    /// The normalized Elo estimate; `None` without pairs or without variance.
    pub fn normalized_elo(&self) -> Option<f64> {
        let (mean, var) = self.mean_and_variance()?;
        (var > 0.0).then(|| NELO_SCALE * (mean - 0.5) / (2.0 * var).sqrt())
    }

    /// The likelihood of superiority: the probability that A is stronger, from the normal
    /// approximation of the mean pair score.
    pub fn los(&self) -> Option<f64> {
        let (mean, var) = self.mean_and_variance()?;
        if var == 0.0 {
            return None;
        }
        let se = (var / self.pairs() as f64).sqrt();
        Some(normal_cdf((mean - 0.5) / se))
    }
}

impl Sprt {
    /// Wald's bounds `(lower, upper)` for the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for these pairs. Empty cells get a tiny
    /// pseudo-count ([`PSEUDO_COUNT`]) so that a one-sided result (all pairs won, say) has a
    /// small variance instead of none and still decides.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let n = pairs.pairs() as f64;
        let cells = pairs
            .0
            .map(|c| if c == 0 { PSEUDO_COUNT } else { c as f64 });
        let total: f64 = cells.iter().sum();
        let score = |i: usize| i as f64 / 4.0;
        let mean = (0..5).map(|i| cells[i] * score(i)).sum::<f64>() / total;
        let var = (0..5)
            .map(|i| cells[i] * (score(i) - mean).powi(2))
            .sum::<f64>()
            / total;
        let sigma = var.sqrt();
        let mu = |nelo: f64| 0.5 + nelo / NELO_SCALE * std::f64::consts::SQRT_2 * sigma;
        let (mu0, mu1) = (mu(self.elo0), mu(self.elo1));
        n * (mu1 - mu0) * (2.0 * mean - mu0 - mu1) / (2.0 * var)
    }

    /// The verdict for these pairs.
    pub fn verdict(&self, pairs: &Pentanomial) -> Verdict {
        let llr = self.llr(pairs);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::AcceptH1
        } else if llr <= lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

/// The standard normal distribution function (Abramowitz-Stegun 7.1.26 for erf; absolute
/// error below 1.5e-7).
pub fn normal_cdf(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-z * z).exp();
    if x >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: DEFAULT_ALPHA,
            beta: DEFAULT_BETA,
        }
    }

    #[test]
    fn bounds_are_walds() {
        let (lo, hi) = test(0.0, 5.0).bounds();
        assert!((lo - (0.05f64 / 0.95).ln()).abs() < 1e-12);
        assert!((hi - (0.95f64 / 0.05).ln()).abs() < 1e-12);
        assert!((hi - 2.944_438_979).abs() < 1e-9 && (lo + 2.944_438_979).abs() < 1e-9);
    }

    #[test]
    fn llr_by_hand() {
        // 10 pairs: LL 1, LD 2, WL+DD 3, WD 2, WW 2.
        let p = Pentanomial([1, 2, 3, 2, 2]);
        // Mean = (0*1 + .25*2 + .5*3 + .75*2 + 1*2) / 10 = 5.5 / 10.
        let mean = 0.55;
        // Variance = sum n_i (x_i - .55)^2 / 10.
        let var = (0.3025 + 2.0 * 0.09 + 3.0 * 0.0025 + 2.0 * 0.04 + 2.0 * 0.2025) / 10.0;
        let (m, v) = p.mean_and_variance().unwrap();
        assert!((m - mean).abs() < 1e-12 && (v - var).abs() < 1e-12);
        let sigma = var.sqrt();
        let k = LN_10 / 800.0 * 2f64.sqrt() * sigma;
        let (mu0, mu1) = (0.5, 0.5 + 10.0 * k);
        let llr = 10.0 * (mu1 - mu0) * (2.0 * mean - mu0 - mu1) / (2.0 * var);
        assert!((test(0.0, 10.0).llr(&p) - llr).abs() < 1e-12);
        let nelo = 800.0 / LN_10 * (mean - 0.5) / (2.0 * var).sqrt();
        assert!((p.normalized_elo().unwrap() - nelo).abs() < 1e-9);
    }

    #[test]
    fn clear_results_decide_and_even_ones_do_not() {
        let t = test(0.0, 20.0);
        let mut strong = Pentanomial::default();
        let mut steps = 0;
        while t.verdict(&strong) == Verdict::Continue {
            // A wins 3 pairs in 4 outright and draws the fourth pair 1-1.
            match steps % 4 {
                3 => strong.add(1.0, 0.0),
                _ => strong.add(1.0, 1.0),
            }
            steps += 1;
            assert!(steps < 1000);
        }
        assert_eq!(t.verdict(&strong), Verdict::AcceptH1);
        let mut weak = Pentanomial::default();
        for i in 0..400 {
            match i % 4 {
                0 => weak.add(0.0, 0.0),
                1 => weak.add(0.5, 0.0),
                _ => weak.add(1.0, 0.0),
            }
        }
        assert_eq!(t.verdict(&weak), Verdict::AcceptH0);
        let mut sweep = Pentanomial::default();
        while t.verdict(&sweep) == Verdict::Continue {
            sweep.add(1.0, 1.0);
            assert!(sweep.pairs() < 100, "a clean sweep must decide");
        }
        assert_eq!(t.verdict(&sweep), Verdict::AcceptH1);
        let even = Pentanomial([5, 5, 10, 5, 5]);
        assert_eq!(t.verdict(&even), Verdict::Continue);
        assert!((even.los().unwrap() - 0.5).abs() < 1e-9);
    }

    #[test]
    fn normal_cdf_values() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_cdf(1.959_964) - 0.975).abs() < 1e-6);
        assert!((normal_cdf(-1.0) - 0.158_655_25).abs() < 1e-6);
    }
}
