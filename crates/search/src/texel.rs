//! Texel tuning, knowing no game: an evaluation that is linear in its weights is fitted to
//! positions labelled with game results, so that a logistic curve of the evaluation
//! predicts the results. A game turns each position into a [`Sample`] (the weights it
//! uses, each with its coefficient: a feature's count, times the phase for a tapered
//! weight) and gets the scale of the curve ([`fit_k`]), the fit ([`tune`]: full-batch
//! Adam on the mean squared error, pulled towards the starting weights), and a fit
//! measured on held-out games ([`fit`]). For an evaluation tapered between (opening,
//! ending) weight pairs by a phase, [`tapered_sample`], [`tapered_weights`] and
//! [`tapered_weights_source`] lay the pairs out and write them back as the game's
//! `weights.rs`; [`load_lines`] reads a self-play file of `TEXT;result` lines.
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

use std::io::{BufRead, Write};
use std::path::Path;

use crate::Score;

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

/// The sample of a tapered evaluation, `(sum of count x (opening x phase + ending x (1 -
/// phase))) / divisor`: feature `i`'s count times `phase` (1 with every piece on the board,
/// 0 with none) over `divisor` is the coefficient of its opening weight `i`, and times
/// `1 - phase` over `divisor` that of its ending weight `counts.len() + i` (the layout of
/// [`tapered_weights`]); `result` is for the side the counts speak for.
pub fn tapered_sample(counts: &[i32], phase: f64, divisor: f64, result: f64) -> Sample {
    let mut terms = Vec::new();
    for (i, &n) in counts.iter().enumerate().filter(|(_, n)| **n != 0) {
        terms.push((i as u32, f64::from(n) * phase / divisor));
        terms.push((
            (counts.len() + i) as u32,
            f64::from(n) * (1.0 - phase) / divisor,
        ));
    }
    Sample { terms, result }
}

/// (opening, ending) weight pairs as one vector: every opening weight, then every ending
/// weight.
pub fn tapered_weights(pairs: &[(i16, i16)]) -> Vec<f64> {
    let n = pairs.len();
    let mut w = vec![0.0; 2 * n];
    for (i, &(o, e)) in pairs.iter().enumerate() {
        w[i] = f64::from(o);
        w[n + i] = f64::from(e);
    }
    w
}

/// The source of a game's `weights.rs` holding the tapered weights `w` (laid out as
/// [`tapered_weights`] lays them) of the features `names` (one comment each) as the table
/// `WEIGHTS` of `super::eval::NUM_FEATURES` pairs, `provenance` in its header.
pub fn tapered_weights_source(names: &[&str], w: &[f64], provenance: &str) -> String {
    let n = names.len();
    let mut s = String::new();
    s.push_str(
        "//! The evaluation's weights, (opening, ending) in centi-men per feature, indexed as\n",
    );
    s.push_str(
        "//! [`super::eval`] lays the features out. Written by the tuner ([`super::tune`]):\n",
    );
    for line in provenance.lines() {
        s.push_str(&format!("//! {line}\n"));
    }
    s.push_str("\n/// (opening, ending) weight of every feature of [`super::eval`].\n");
    s.push_str("#[rustfmt::skip]\n");
    s.push_str("pub const WEIGHTS: [(i16, i16); super::eval::NUM_FEATURES] = [\n");
    for (i, name) in names.iter().enumerate() {
        let o = w[i].round().clamp(-30000.0, 30000.0) as i64;
        let e = w[n + i].round().clamp(-30000.0, 30000.0) as i64;
        s.push_str(&format!("    // {name}\n    ({o}, {e}),\n"));
    }
    s.push_str("];\n");
    s
}

/// Reads `TEXT;result` lines (a position's text and a result) into samples by `sample`;
/// lines it cannot read, or `sample` refuses, are skipped.
pub fn load_lines(
    input: impl BufRead,
    sample: impl Fn(&str, f64) -> Option<Sample>,
) -> Vec<Sample> {
    input
        .lines()
        .map_while(Result::ok)
        .filter_map(|line| {
            let (text, result) = line.rsplit_once(';')?;
            sample(text, result.trim().parse().ok()?)
        })
        .collect()
}

/// Ends a self-play game early: once one side's score has stayed at `win_score` or beyond,
/// either way, for `plies` plies in a row, the game is scored as that side's win or loss.
#[derive(Clone, Copy, Debug)]
pub struct Adjudicator {
    win_score: Score,
    plies: usize,
    /// Plies in a row the side has been winning, and losing.
    streak: [usize; 2],
}

impl Adjudicator {
    /// A game adjudicated after `plies` plies in a row beyond `win_score`.
    pub fn new(win_score: Score, plies: usize) -> Self {
        Self {
            win_score,
            plies,
            streak: [0; 2],
        }
    }

    /// The score of one more ply, for the side the results speak for: its result (1 won,
    /// 0 lost) once the game is decided.
    pub fn observe(&mut self, score: Score) -> Option<f32> {
        let count = |streak: usize, beyond: bool| if beyond { streak + 1 } else { 0 };
        self.streak = [
            count(self.streak[0], score >= self.win_score),
            count(self.streak[1], score <= -self.win_score),
        ];
        if self.streak[0] >= self.plies {
            Some(1.0)
        } else if self.streak[1] >= self.plies {
            Some(0.0)
        } else {
            None
        }
    }
}

/// Plays a game's self-play into the file `data` by `play` (which returns the positions
/// it wrote) unless the file is there already, so that a fit can be rerun on the same
/// games: the positions and seconds when it played.
pub fn play_once(
    data: &Path,
    play: impl FnOnce(&mut (dyn Write + Send)) -> std::io::Result<usize>,
) -> std::io::Result<Option<(usize, f64)>> {
    if data.exists() {
        return Ok(None);
    }
    let start = std::time::Instant::now();
    let mut file = std::io::BufWriter::new(std::fs::File::create(data)?);
    let n = play(&mut file)?;
    file.flush()?;
    Ok(Some((n, start.elapsed().as_secs_f64())))
}

/// The logistic curve: the expected result of a score at scale `k`.
pub fn sigmoid(k: f64, score: f64) -> f64 {
    1.0 / (1.0 + (-k * score).exp())
}

/// The samples are cut into this many slices, each summed on a thread of its own and the
/// slices' sums added in order, so that a fit of millions of samples uses every core and
/// gives the same weights on any machine.
pub const SLICES: usize = 4;

/// `f` of each of the [`SLICES`] consecutive slices of `samples`, on threads of their own,
/// in the slices' order.
fn by_slices<T: Send>(samples: &[Sample], f: impl Fn(&[Sample]) -> T + Sync) -> Vec<T> {
    let len = samples.len().div_ceil(SLICES).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(len)
            .map(|slice| scope.spawn(|| f(slice)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a fitting thread panicked"))
            .collect()
    })
}

/// Mean squared error of the predictions under `w` with scale `k`.
pub fn error(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    let sum: f64 = by_slices(samples, |slice| {
        slice
            .iter()
            .map(|s| (s.result - sigmoid(k, linear(s, w))).powi(2))
            .sum::<f64>()
    })
    .into_iter()
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
    /// Other pulls for the weights from an index on: `(start, l2)` pairs in increasing
    /// `start`, each pull holding from its start to the next one's (a table of thousands
    /// of rarely seen weights wants a stronger pull than a few counted features).
    pub l2_from: Vec<(usize, f64)>,
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
            l2_from: Vec::new(),
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
    let mut l2 = vec![settings.l2; n];
    for &(start, pull) in &settings.l2_from {
        l2[start.min(n)..].fill(pull);
    }
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    for epoch in 1..=settings.epochs {
        let parts = by_slices(samples, |slice| {
            let mut grad = vec![0.0; n];
            for s in slice {
                let p = sigmoid(k, linear(s, &w));
                // d/dscore of (result - p)^2 = -2 (result - p) p (1 - p) k
                let g = -2.0 * (s.result - p) * p * (1.0 - p) * k;
                for &(i, c) in &s.terms {
                    grad[i as usize] += g * c;
                }
            }
            grad
        });
        let mut grad = vec![0.0; n];
        for part in parts {
            for (g, p) in grad.iter_mut().zip(part) {
                *g += p;
            }
        }
        let scale = 1.0 / samples.len().max(1) as f64;
        for i in 0..n {
            let gi = grad[i] * scale + 2.0 * l2[i] * (w[i] - prior[i]);
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

impl Report {
    /// One line saying what the fit did, with the pull and the epochs of its `settings`.
    pub fn summary(&self, settings: &Settings) -> String {
        let ((e0, e1), (v0, v1)) = (self.fitted, self.held_out);
        format!(
            "{} positions fitted, {} held out, k = {:.5}, l2 = {:e}: error {e0:.6} -> \
             {e1:.6}, held out {v0:.6} -> {v1:.6} after {} epochs",
            self.counts.0, self.counts.1, self.k, settings.l2, settings.epochs
        )
    }
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

/// A tuning run's setting from the environment variable `key` (`CHECKERS_GAMES=4000`), or
/// `default` when it is unset or does not parse: what the ignored tuning tests read.
pub fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// What every game's tuner test checks on a few self-play games: `text` (its `TEXT;result`
/// lines) read into `samples`, one per line; each sample evaluates under the weights `w`
/// as the engine evaluates the line's position (`engine` of the line's text, within
/// `tolerance`: the engine divides in integers); and a short fit by `settings` lowers the
/// error it starts from and leaves the settings' fixed weights as they were. Panics,
/// naming the line or the weight, when one fails; returns the fit.
pub fn check_tuner(
    text: &str,
    samples: &[Sample],
    w: &[f64],
    engine: impl Fn(&str) -> f64,
    tolerance: f64,
    k_max: f64,
    settings: &Settings,
) -> Report {
    assert_eq!(samples.len(), text.lines().count(), "a sample per line");
    for (line, s) in text.lines().zip(samples) {
        let (position, _) = line.rsplit_once(';').expect("TEXT;result");
        let (ours, theirs) = (linear(s, w), engine(position));
        assert!(
            (ours - theirs).abs() <= tolerance,
            "{line}: the fit's evaluation {ours}, the engine's {theirs}"
        );
    }
    let report = fit(samples, w.to_vec(), k_max, settings);
    assert!(report.fitted.1 < report.fitted.0, "{report:?}");
    for &i in &settings.fixed {
        assert_eq!(report.weights[i], w[i], "fixed weight {i}");
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::SplitMix64;

    /// `n` samples (seeded) of a hidden `x` in -2..=2 whose side wins with probability
    /// `sigmoid(1, 0.8 x)`; `terms` of the sample's number, `x` and the generator (drawn
    /// from after `x`, before the result) lay out what the fit sees.
    fn predicted_by_x(
        seed: u64,
        n: usize,
        mut terms: impl FnMut(usize, f64, &mut SplitMix64) -> Vec<(u32, f64)>,
    ) -> Vec<Sample> {
        let mut rng = SplitMix64::new(seed);
        (0..n)
            .map(|i| {
                let x = rng.below(5) as f64 - 2.0;
                let terms = terms(i, x, &mut rng);
                let win = (rng.below(1000) as f64) < sigmoid(1.0, 0.8 * x) * 1000.0;
                Sample {
                    terms,
                    result: if win { 1.0 } else { 0.0 },
                }
            })
            .collect()
    }

    /// Two features, one that predicts the result and one that is noise: the fit gives the
    /// first the weight that predicts, leaves a fixed one alone, and lowers both errors.
    #[test]
    fn the_fit_finds_the_feature_that_predicts() {
        let samples = predicted_by_x(3, 4000, |_, x, rng| {
            let noise = rng.below(5) as f64 - 2.0;
            vec![(0, x), (1, noise), (2, 1.0)]
        });
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

    /// A pull from an index on holds only there: the same predictive feature, fitted free
    /// at index 0 and under a strong pull at index 1, moves at 0 and stays near its start
    /// at 1; and the error summed over slices is the plain mean.
    #[test]
    fn a_pull_from_an_index_holds_from_there() {
        let samples = predicted_by_x(5, 2000, |i, x, _| vec![((i % 2) as u32, x)]);
        let settings = Settings {
            epochs: 400,
            rate: 0.05,
            l2_from: vec![(1, 10.0)],
            ..Settings::default()
        };
        let w = tune(&samples, vec![0.0, 0.0], 1.0, &settings);
        assert!((w[0] - 0.8).abs() < 0.2, "{w:?}");
        assert!(w[1].abs() < 0.05, "{w:?}");
        // The slices only split the sums: the error is the plain mean, for many samples
        // and for fewer samples than slices.
        for n in [samples.len(), 3, 1] {
            let plain = samples[..n]
                .iter()
                .map(|s| (s.result - sigmoid(1.0, linear(s, &w))).powi(2))
                .sum::<f64>()
                / n as f64;
            assert!((error(&samples[..n], &w, 1.0) - plain).abs() < 1e-12, "{n}");
        }
    }

    /// A tapered sample's linear value is the tapered sum it stands for, the weights
    /// survive their source, and lines load through the game's reader.
    #[test]
    fn tapered_samples_weights_and_lines() {
        let pairs = [(100, 120), (-4, 8)];
        let w = tapered_weights(&pairs);
        assert_eq!(w, [100.0, -4.0, 120.0, 8.0]);
        let s = tapered_sample(&[2, -3], 0.25, 2.0, 1.0);
        let want = (2.0 * (100.0 * 0.25 + 120.0 * 0.75) - 3.0 * (-4.0 * 0.25 + 8.0 * 0.75)) / 2.0;
        assert!((linear(&s, &w) - want).abs() < 1e-9);
        let source = tapered_weights_source(&["a", "b"], &w, "made\nby hand");
        assert!(source.contains("//! made\n//! by hand\n"));
        assert!(source.contains("    // a\n    (100, 120),\n    // b\n    (-4, 8),\n];\n"));
        let text = "x;1\nbad line\ny;0.5\nz;nan?\n";
        let loaded = load_lines(text.as_bytes(), |t, r| {
            (t != "y").then(|| Sample {
                terms: vec![],
                result: r,
            })
        });
        assert_eq!(loaded.len(), 1);
        assert_eq!(loaded[0].result, 1.0);
    }

    /// A game is adjudicated after the plies in a row beyond the score, and not before;
    /// a ply below it starts the count again.
    #[test]
    fn adjudication_needs_the_plies_in_a_row() {
        let mut a = Adjudicator::new(400, 3);
        assert_eq!(a.observe(500), None);
        assert_eq!(a.observe(450), None);
        assert_eq!(a.observe(100), None);
        assert_eq!(a.observe(400), None);
        assert_eq!(a.observe(420), None);
        assert_eq!(a.observe(900), Some(1.0));
        let mut a = Adjudicator::new(400, 2);
        assert_eq!(a.observe(-400), None);
        assert_eq!(a.observe(-401), Some(0.0));
    }
}
