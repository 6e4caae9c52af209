//! Texel tuning, knowing no game: an evaluation that is linear in its weights is fitted to
//! positions labelled with game results, so that a logistic curve of the evaluation
//! predicts the results. A game turns each position into a [`Sample`] (the weights it
//! uses, each with its coefficient: a feature's count, times the phase for a tapered
//! weight) and gets the scale of the curve ([`fit_k`]), the fit ([`tune`]: full-batch
//! Adam on the mean squared error, pulled towards the starting weights), and a fit
//! measured on held-out games ([`fit`]).
//!
//! ```
//! use olympiad_search::texel::{Sample, Settings, fit};
//!
//! // One feature; the side with it wins three games in four.
//! let samples: Vec<Sample> = (0..400)
//!     .map(|i| Sample { terms: vec![(0, 1.0)], result: if i % 4 == 0 { 0.0 } else { 1.0 } })
//!     .collect();
//! let report = fit(&samples, vec![0.0], 1.0, &Settings { epochs: 300, ..Settings::default() });
//! // The logistic curve at the fitted weight gives 3/4.
//! let p = 1.0 / (1.0 + (-report.k * report.weights[0]).exp());
//! assert!((p - 0.75).abs() < 0.02, "{p}");
//! ```

/// One labelled position: the weights its evaluation uses, each with its coefficient,
/// and the result for the side the evaluation speaks for (1 win, 0.5 draw, 0 loss).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// (weight index, coefficient) pairs.
    pub terms: Vec<(u32, f64)>,
    /// The game's result for the side to move.
    pub result: f64,
}

/// The evaluation of `s` under weights `w`.
pub fn linear(s: &Sample, w: &[f64]) -> f64 {
    s.terms.iter().map(|&(i, c)| w[i as usize] * c).sum()
}

/// The logistic curve: the expected result of a score at scale `k`.
pub fn sigmoid(k: f64, score: f64) -> f64 {
    1.0 / (1.0 + (-k * score).exp())
}

/// Mean squared error of the predictions under `w` with scale `k`.
pub fn error(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(k, linear(s, w))).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scale in `lo..hi` that best fits the results with weights `w` (golden-section
/// search: the error is unimodal in the scale).
pub fn fit_k(samples: &[Sample], w: &[f64], lo: f64, hi: f64) -> f64 {
    let (mut a, mut b) = (lo, hi);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if error(samples, w, c) < error(samples, w, d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// How [`tune`] fits.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Full-batch Adam steps.
    pub epochs: usize,
    /// Step size, in the weights' units.
    pub rate: f64,
    /// Pull towards the starting weights per squared unit of distance (rare features then
    /// stay near their starting values instead of fitting noise).
    pub l2: f64,
    /// Weights that stay as they start (one fixes the unit of the others).
    pub fixed: Vec<usize>,
    /// Every this-many-th block of this many consecutive samples is held out by [`fit`]
    /// (a game's positions are consecutive, so blocks keep games apart); 0 holds none out.
    pub block: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            epochs: 1000,
            rate: 1.0,
            l2: 0.0,
            fixed: Vec::new(),
            block: 0,
        }
    }
}

/// Held-out blocks are one in this many.
pub const HELD_OUT_ONE_IN: usize = 10;

/// Fits the weights `w` to `samples` at scale `k` (see [`Settings`]); returns them.
pub fn tune(samples: &[Sample], w: Vec<f64>, k: f64, settings: &Settings) -> Vec<f64> {
    let prior = w.clone();
    let mut w = w;
    let n = w.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    for epoch in 1..=settings.epochs {
        let mut grad = vec![0.0; n];
        for s in samples {
            let p = sigmoid(k, linear(s, &w));
            // d/dscore of (result - p)^2 = -2 (result - p) p (1 - p) k
            let g = -2.0 * (s.result - p) * p * (1.0 - p) * k;
            for &(i, c) in &s.terms {
                grad[i as usize] += g * c;
            }
        }
        let scale = 1.0 / samples.len().max(1) as f64;
        for i in 0..n {
            let gi = grad[i] * scale + 2.0 * settings.l2 * (w[i] - prior[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            w[i] -= settings.rate * mh / (vh.sqrt() + eps);
        }
        for &i in &settings.fixed {
            w[i] = prior[i];
        }
    }
    w
}

/// What [`fit`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The fitted weights.
    pub weights: Vec<f64>,
    /// The scale of the curve, fitted to the starting weights.
    pub k: f64,
    /// Samples fitted and held out.
    pub counts: (usize, usize),
    /// Error on the fitted samples, before and after.
    pub fitted: (f64, f64),
    /// Error on the held-out samples, before and after.
    pub held_out: (f64, f64),
}

/// Holds out blocks of `samples` (see [`Settings::block`]), fits the scale in
/// `k_max / 100..k_max` to the starting weights `w`, then the weights, and measures both
/// sets before and after.
pub fn fit(samples: &[Sample], w: Vec<f64>, k_max: f64, settings: &Settings) -> Report {
    let held =
        |i: usize| settings.block > 0 && (i / settings.block).is_multiple_of(HELD_OUT_ONE_IN);
    let (out, kept): (Vec<_>, Vec<_>) = samples.iter().enumerate().partition(|&(i, _)| held(i));
    let out: Vec<Sample> = out.into_iter().map(|(_, s)| s.clone()).collect();
    let kept: Vec<Sample> = kept.into_iter().map(|(_, s)| s.clone()).collect();
    let k = fit_k(&kept, &w, k_max / 100.0, k_max);
    let before = (error(&kept, &w, k), error(&out, &w, k));
    let weights = tune(&kept, w, k, settings);
    Report {
        k,
        counts: (kept.len(), out.len()),
        fitted: (before.0, error(&kept, &weights, k)),
        held_out: (before.1, error(&out, &weights, k)),
        weights,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two features, one that predicts the result and one that is noise: the fit gives the
    /// first the weight that predicts, leaves a fixed one alone, and lowers both errors.
    #[test]
    fn the_fit_finds_the_feature_that_predicts() {
        let mut rng = olympiad_core::SplitMix64::new(3);
        let samples: Vec<Sample> = (0..4000)
            .map(|_| {
                let x = rng.below(5) as f64 - 2.0;
                let noise = rng.below(5) as f64 - 2.0;
                let p = sigmoid(1.0, 0.8 * x);
                let result = if (rng.below(1000) as f64) < p * 1000.0 {
                    1.0
                } else {
                    0.0
                };
                Sample {
                    terms: vec![(0, x), (1, noise), (2, 1.0)],
                    result,
                }
            })
            .collect();
        let settings = Settings {
            epochs: 500,
            rate: 0.05,
            fixed: vec![2],
            block: 100,
            ..Settings::default()
        };
        let w0 = vec![0.1, 0.0, 0.0];
        let report = fit(&samples, w0, 1.0, &settings);
        assert_eq!(report.counts, (3600, 400));
        let k = report.k;
        assert!((report.weights[0] * k - 0.8).abs() < 0.15, "{report:?}");
        assert!((report.weights[1] * k).abs() < 0.1, "{report:?}");
        assert_eq!(report.weights[2], 0.0);
        assert!(report.fitted.1 < report.fitted.0);
        assert!(report.held_out.1 < report.held_out.0);
    }
}
