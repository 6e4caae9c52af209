//! Ratings of a whole field by maximum likelihood, with error bars.
//!
//! The model is Davidson's (1970) extension of Bradley-Terry to draws: with strengths
//! `θ` (natural-log scale) and a draw parameter `ν = e^η`, a game between `i` and `j`
//! with `x = θ_i - θ_j` ends
//!
//! ```text
//! P(i wins) = e^{x/2} / Z,   P(draw) = ν / Z,   P(j wins) = e^{-x/2} / Z,
//! Z = e^{x/2} + e^{-x/2} + ν.
//! ```
//!
//! Without draws it is the logistic Elo model; in general the win/loss odds are
//! `e^x = 10^{d/400}`, so Elo differences are `d = x · 400 / ln 10`. `θ` and `η` are fitted
//! together by Newton's method on the log-likelihood (concave: the model is an exponential
//! family). For two players the maximum is closed form: `x = ln(W/L)`, `ν = D/√(WL)`.
//!
//! Error bars come from the inverse of the observed information (minus the Hessian of the
//! log-likelihood), which here equals the Fisher information; the covariance is carried
//! through the anchoring (mean of the field, or a named player at a given rating), so the
//! anchor player's own error is 0 and differences keep their full error.
//!
//! The maximum exists only if the field cannot be cut in two with one side never scoring
//! against the other (wins and draws both count as scoring), and the draw parameter needs
//! both drawn and decisive games (with no draws at all, `ν = 0` is fixed). A Gaussian prior
//! on the strengths ([`RatingOptions::prior_sd`]) makes every field ratable (perfect scores
//! included), at the price of pulling ratings towards the mean.

use crate::model::{Game, GameResult, Pairing, PlayerId, Termination};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::f64::consts::LN_10;
use thiserror::Error;

/// Elo points per unit of `θ`.
pub const ELO_PER_NAT: f64 = 400.0 / LN_10;
/// The two-sided 95% quantile of the normal distribution.
pub const Z_95: f64 = 1.959_964;
/// Newton stops when no parameter moves more than this (in nats).
const STEP_TOLERANCE: f64 = 1e-10;
/// Newton gives up after this many iterations.
const MAX_ITERATIONS: u32 = 200;
/// Step halvings tried when a full Newton step lowers the likelihood.
const MAX_HALVINGS: u32 = 40;

/// Where the rating scale is pinned.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Anchor {
    /// The field's mean rating is `elo`.
    Mean {
        /// The mean.
        elo: f64,
    },
    /// `player` is rated `elo` exactly.
    Player {
        /// The anchor.
        player: PlayerId,
        /// Its rating.
        elo: f64,
    },
}

/// Options of the fit.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingOptions {
    /// The anchor.
    pub anchor: Anchor,
    /// The standard deviation, in Elo, of a Gaussian prior on every strength (centred on
    /// the field's 0); `None` for the pure maximum-likelihood fit.
    pub prior_sd: Option<f64>,
}

impl Default for RatingOptions {
    /// Mean 0, pure maximum likelihood.
    fn default() -> Self {
        RatingOptions {
            anchor: Anchor::Mean { elo: 0.0 },
            prior_sd: None,
        }
    }
}

/// One player's rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// Who.
    pub player: PlayerId,
    /// The rating (Elo scale).
    pub elo: f64,
    /// Its standard error, in Elo (0 for an anchor player).
    pub error: f64,
    /// Games played.
    pub games: u32,
}

impl Rating {
    /// The half-width of the 95% interval.
    pub fn interval_95(&self) -> f64 {
        Z_95 * self.error
    }
}

/// The fitted field.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ratings {
    /// One rating per player, in the order given.
    pub ratings: Vec<Rating>,
    /// The covariance of the ratings, in Elo², in the same order.
    pub covariance: Vec<Vec<f64>>,
    /// The draw parameter `ν` (0 when no game was drawn).
    pub draw_nu: f64,
    /// The log-likelihood at the optimum (prior included).
    pub log_likelihood: f64,
    /// Newton iterations used.
    pub iterations: u32,
}

impl Ratings {
    /// The standard error, in Elo, of the difference between the ratings at `i` and `j`.
    pub fn difference_error(&self, i: usize, j: usize) -> f64 {
        let c = &self.covariance;
        (c[i][i] + c[j][j] - 2.0 * c[i][j]).max(0.0).sqrt()
    }
}

/// Why the field could not be rated.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RatingError {
    /// Fewer than two players.
    #[error("at least two players are needed")]
    TooFewPlayers,
    /// A game names a player outside the list.
    #[error("a game names player {0}, who is not in the list")]
    UnknownPlayer(PlayerId),
    /// The anchor is not in the list.
    #[error("the anchor {0} is not in the list")]
    UnknownAnchor(PlayerId),
    /// Games were drawn but none was decisive: the draw rate is 100%, `ν` is infinite.
    #[error("every game was drawn: no finite draw parameter fits")]
    NoDecisiveGames,
    /// Some players never scored against the others (or never played): their rating is
    /// infinitely far off. A prior fixes this.
    #[error("no finite maximum: {players:?} never scored against the rest (or never played)")]
    NotIdentifiable {
        /// A group that never scored against the others.
        players: Vec<PlayerId>,
    },
    /// Newton's method did not converge.
    #[error("the fit did not converge")]
    NoConvergence,
}

/// Wins, draws, losses of `i` against `j` (i < j), over both seats.
#[derive(Clone, Copy, Debug, Default)]
struct PairCounts {
    wins: f64,
    draws: f64,
    losses: f64,
}

/// The data and the parametrisation: free strengths, then `η` if fitted.
struct Problem {
    n: usize,
    pairs: Vec<(usize, usize, PairCounts)>,
    /// Parameter index of each player's θ (`None`: fixed at 0).
    slot: Vec<Option<usize>>,
    /// Parameter index of η (`None`: no draws, ν = 0).
    eta: Option<usize>,
    params: usize,
    /// 1/σ² of the prior in nats⁻², if any.
    prior_precision: Option<f64>,
}

impl Problem {
    fn theta(&self, x: &[f64], i: usize) -> f64 {
        self.slot[i].map_or(0.0, |k| x[k])
    }

    /// Log-likelihood, gradient and Hessian (row-major) at `x`.
    fn evaluate(&self, x: &[f64], derivatives: bool) -> (f64, Vec<f64>, Vec<f64>) {
        let k = self.params;
        let mut ll = 0.0;
        let mut g = vec![0.0; if derivatives { k } else { 0 }];
        let mut h = vec![0.0; if derivatives { k * k } else { 0 }];
        let eta = self.eta.map(|e| x[e]);
        let nu = eta.map_or(0.0, f64::exp);
        for &(i, j, c) in &self.pairs {
            let d = self.theta(x, i) - self.theta(x, j);
            let (ew, el) = ((d / 2.0).exp(), (-d / 2.0).exp());
            let z = ew + el + nu;
            let (pw, pl, pd) = (ew / z, el / z, nu / z);
            let n = c.wins + c.draws + c.losses;
            ll += c.wins * (d / 2.0) - c.losses * (d / 2.0) - n * z.ln();
            if let Some(eta) = eta
                && c.draws > 0.0
            {
                ll += c.draws * eta;
            }
            if !derivatives {
                continue;
            }
            let gx = (c.wins - c.losses) / 2.0 - n * (pw - pl) / 2.0;
            let ixx = n * ((pw + pl) / 4.0 - (pw - pl).powi(2) / 4.0);
            let (si, sj) = (self.slot[i], self.slot[j]);
            if let Some(a) = si {
                g[a] += gx;
                h[a * k + a] -= ixx;
            }
            if let Some(b) = sj {
                g[b] -= gx;
                h[b * k + b] -= ixx;
            }
            if let (Some(a), Some(b)) = (si, sj) {
                h[a * k + b] += ixx;
                h[b * k + a] += ixx;
            }
            if let Some(e) = self.eta {
                g[e] += c.draws - n * pd;
                let iee = n * pd * (1.0 - pd);
                let ixe = -n * pd * (pw - pl) / 2.0;
                h[e * k + e] -= iee;
                if let Some(a) = si {
                    h[a * k + e] -= ixe;
                    h[e * k + a] -= ixe;
                }
                if let Some(b) = sj {
                    h[b * k + e] += ixe;
                    h[e * k + b] += ixe;
                }
            }
        }
        if let Some(p) = self.prior_precision {
            for i in 0..self.n {
                if let Some(a) = self.slot[i] {
                    ll -= p * x[a] * x[a] / 2.0;
                    if derivatives {
                        g[a] -= p * x[a];
                        h[a * k + a] -= p;
                    }
                }
            }
        }
        (ll, g, h)
    }
}

/// The Cholesky factor `L` (row-major, lower) of a symmetric positive definite `a`.
fn cholesky(a: &[f64], n: usize) -> Option<Vec<f64>> {
    let mut l = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..=i {
            let mut s = a[i * n + j];
            for k in 0..j {
                s -= l[i * n + k] * l[j * n + k];
            }
            if i == j {
                if s <= 0.0 || !s.is_finite() {
                    return None;
                }
                l[i * n + i] = s.sqrt();
            } else {
                l[i * n + j] = s / l[j * n + j];
            }
        }
    }
    Some(l)
}

/// Solves `L Lᵀ x = b`.
fn cholesky_solve(l: &[f64], n: usize, b: &[f64]) -> Vec<f64> {
    let mut y = b.to_vec();
    for i in 0..n {
        for k in 0..i {
            y[i] -= l[i * n + k] * y[k];
        }
        y[i] /= l[i * n + i];
    }
    for i in (0..n).rev() {
        for k in i + 1..n {
            y[i] -= l[k * n + i] * y[k];
        }
        y[i] /= l[i * n + i];
    }
    y
}

/// A group of players that never scored against the rest, if any. With an edge `i → j`
/// when `i` scored against `j`: the set reached from player 0 never scored outside itself;
/// outside the set that reaches player 0, nobody ever scored against it.
fn unscoring_group(n: usize, pairs: &[(usize, usize, PairCounts)]) -> Option<Vec<usize>> {
    let mut scored = vec![Vec::new(); n];
    let mut scored_by = vec![Vec::new(); n];
    for &(i, j, c) in pairs {
        if c.wins + c.draws > 0.0 {
            scored[i].push(j);
            scored_by[j].push(i);
        }
        if c.losses + c.draws > 0.0 {
            scored[j].push(i);
            scored_by[i].push(j);
        }
    }
    let reach = |edges: &[Vec<usize>]| {
        let mut seen = vec![false; n];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(v) = stack.pop() {
            for &w in &edges[v] {
                if !seen[w] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        seen
    };
    let forward = reach(&scored);
    if forward.contains(&false) {
        return Some((0..n).filter(|&i| forward[i]).collect());
    }
    let backward = reach(&scored_by);
    if backward.contains(&false) {
        return Some((0..n).filter(|&i| !backward[i]).collect());
    }
    None
}

/// Every pairwise result of `games` as a two-seat game (the lower seat first, same round and
/// board): what the ratings are fitted from. An irregular loss stays one for the pairs of
/// its offender; the other pairs of that game count as normal results.
pub fn pairwise_games(games: &[Game]) -> Vec<Game> {
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

/// Fits ratings to `players` from `games`: every game counts, irregular losses and
/// adjudicated draws included; byes are ignored; a game of more than two seats counts as
/// its pairwise results ([`pairwise_games`]: `n(n-1)/2` of them, counted as independent,
/// which they are not, so the error bars are optimistic). No first-seat advantage is
/// modelled.
pub fn fit_ratings(
    players: &[PlayerId],
    games: &[Game],
    options: &RatingOptions,
) -> Result<Ratings, RatingError> {
    let n = players.len();
    if n < 2 {
        return Err(RatingError::TooFewPlayers);
    }
    let index: BTreeMap<PlayerId, usize> =
        players.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut counts: BTreeMap<(usize, usize), PairCounts> = BTreeMap::new();
    let mut played = vec![0u32; n];
    let (mut draws, mut decisive) = (0u32, 0u32);
    let pairwise;
    let games = if games.iter().any(|g| g.pairing.seats.len() > 2) {
        pairwise = pairwise_games(games);
        &pairwise[..]
    } else {
        games
    };
    for game in games {
        let Some(second) = game.pairing.second() else {
            continue;
        };
        let first = game.pairing.first();
        let i = *index.get(&first).ok_or(RatingError::UnknownPlayer(first))?;
        let j = *index
            .get(&second)
            .ok_or(RatingError::UnknownPlayer(second))?;
        if i == j {
            continue;
        }
        played[i] += 1;
        played[j] += 1;
        let first_half = game.result.half_points(0);
        let (lo, hi, lo_half) = if i < j {
            (i, j, first_half)
        } else {
            (j, i, 2 - first_half.min(2))
        };
        let c = counts.entry((lo, hi)).or_default();
        match lo_half {
            2 => c.wins += 1.0,
            1 => c.draws += 1.0,
            _ => c.losses += 1.0,
        }
        if first_half == 1 {
            draws += 1;
        } else {
            decisive += 1;
        }
    }
    if draws > 0 && decisive == 0 {
        return Err(RatingError::NoDecisiveGames);
    }
    let pairs: Vec<(usize, usize, PairCounts)> =
        counts.into_iter().map(|((i, j), c)| (i, j, c)).collect();
    let prior_precision = options.prior_sd.map(|sd| (ELO_PER_NAT / sd).powi(2));
    if prior_precision.is_none()
        && let Some(group) = unscoring_group(n, &pairs)
    {
        return Err(RatingError::NotIdentifiable {
            players: group.into_iter().map(|i| players[i]).collect(),
        });
    }
    // Without a prior the scale is pinned by fixing the last player's θ at 0.
    let free = if prior_precision.is_some() { n } else { n - 1 };
    let slot: Vec<Option<usize>> = (0..n).map(|i| (i < free).then_some(i)).collect();
    let eta = (draws > 0).then_some(free);
    let params = free + usize::from(draws > 0);
    let problem = Problem {
        n,
        pairs,
        slot,
        eta,
        params,
        prior_precision,
    };
    let mut x = vec![0.0; params];
    if let Some(e) = eta {
        // Start from the overall draw ratio at equal strengths: P(draw) = ν/(2 + ν).
        let rate = f64::from(draws) / f64::from(draws + decisive);
        x[e] = (2.0 * rate / (1.0 - rate)).ln();
    }
    let mut iterations = 0;
    let (mut ll, mut g, mut h) = problem.evaluate(&x, true);
    loop {
        if iterations >= MAX_ITERATIONS {
            return Err(RatingError::NoConvergence);
        }
        iterations += 1;
        let neg: Vec<f64> = h.iter().map(|v| -v).collect();
        let l = cholesky(&neg, params).ok_or(RatingError::NoConvergence)?;
        let step = cholesky_solve(&l, params, &g);
        let mut scale = 1.0;
        let mut accepted = None;
        for _ in 0..MAX_HALVINGS {
            let trial: Vec<f64> = x.iter().zip(&step).map(|(a, s)| a + scale * s).collect();
            let (trial_ll, _, _) = problem.evaluate(&trial, false);
            if trial_ll.is_finite() && trial_ll >= ll - 1e-12 * ll.abs().max(1.0) {
                accepted = Some(trial);
                break;
            }
            scale /= 2.0;
        }
        let Some(next) = accepted else {
            return Err(RatingError::NoConvergence);
        };
        let moved = step.iter().map(|s| (s * scale).abs()).fold(0.0, f64::max);
        x = next;
        (ll, g, h) = problem.evaluate(&x, true);
        if moved < STEP_TOLERANCE {
            break;
        }
    }
    // Covariance of the free parameters.
    let neg: Vec<f64> = h.iter().map(|v| -v).collect();
    let l = cholesky(&neg, params).ok_or(RatingError::NoConvergence)?;
    let mut cov = vec![0.0; params * params];
    for c in 0..params {
        let mut e = vec![0.0; params];
        e[c] = 1.0;
        let col = cholesky_solve(&l, params, &e);
        for r in 0..params {
            cov[r * params + c] = col[r];
        }
    }
    // Anchoring: rating_i = (θ_i - aᵀθ) · scale + offset, a linear map of the free θs.
    let (weights, offset) = match options.anchor {
        Anchor::Mean { elo } => (vec![1.0 / n as f64; n], elo),
        Anchor::Player { player, elo } => {
            let a = *index
                .get(&player)
                .ok_or(RatingError::UnknownAnchor(player))?;
            let mut w = vec![0.0; n];
            w[a] = 1.0;
            (w, elo)
        }
    };
    let centre: f64 = (0..n).map(|i| weights[i] * problem.theta(&x, i)).sum();
    // Row i of the map from free parameters to anchored θ.
    let rows: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            let mut u = vec![0.0; params];
            for (j, w) in weights.iter().enumerate() {
                if let Some(s) = problem.slot[j] {
                    u[s] -= w;
                }
            }
            if let Some(s) = problem.slot[i] {
                u[s] += 1.0;
            }
            u
        })
        .collect();
    let quad = |u: &[f64], v: &[f64]| -> f64 {
        let mut s = 0.0;
        for r in 0..params {
            for c in 0..params {
                s += u[r] * cov[r * params + c] * v[c];
            }
        }
        s
    };
    let covariance: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| quad(&rows[i], &rows[j]) * ELO_PER_NAT * ELO_PER_NAT)
                .collect()
        })
        .collect();
    let ratings = (0..n)
        .map(|i| Rating {
            player: players[i],
            elo: (problem.theta(&x, i) - centre) * ELO_PER_NAT + offset,
            error: covariance[i][i].max(0.0).sqrt(),
            games: played[i],
        })
        .collect();
    Ok(Ratings {
        ratings,
        covariance,
        draw_nu: eta.map_or(0.0, |e| x[e].exp()),
        log_likelihood: ll,
        iterations,
    })
}
