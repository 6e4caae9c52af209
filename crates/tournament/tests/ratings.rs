//! Maximum-likelihood ratings: the two-player closed form (strength ratio = wins/losses,
//! ν = D/√(WL), error from the 2×2 information matrix), a synthetic field of known strengths
//! recovered within its error bars, anchoring, and the fields that cannot be rated.

use olympiad_core::SplitMix64;
use olympiad_tournament::{
    Anchor, Game, GameResult, Pairing, PlayerId, RatingError, RatingOptions, fit_ratings,
};
use std::f64::consts::LN_10;

const ELO: f64 = 400.0 / LN_10;

fn games(a: PlayerId, b: PlayerId, wins: u32, draws: u32, losses: u32) -> Vec<Game> {
    let mut out = Vec::new();
    let mut round = 0;
    let mut push = |result: GameResult, out: &mut Vec<Game>| {
        round += 1;
        // Alternate seats; the result is from `a`'s point of view.
        let (pairing, result) = if round % 2 == 0 {
            let mut swapped = result;
            swapped.ranking.reverse();
            (Pairing::game(round, 1, b, a), swapped)
        } else {
            (Pairing::game(round, 1, a, b), result)
        };
        out.push(Game::new(pairing, result));
    };
    for _ in 0..wins {
        push(GameResult::win(0), &mut out);
    }
    for _ in 0..draws {
        push(GameResult::draw(), &mut out);
    }
    for _ in 0..losses {
        push(GameResult::win(1), &mut out);
    }
    out
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn two_players_match_the_closed_form() {
    let (a, b) = (PlayerId(0), PlayerId(1));
    let (w, d, l): (f64, f64, f64) = (30.0, 20.0, 10.0);
    let r = fit_ratings(&[a, b], &games(a, b, 30, 20, 10), &RatingOptions::default()).unwrap();
    // x = ln(W/L): 400·log10(3) = 190.85 Elo, split around the mean.
    let diff = 400.0 * (w / l).log10();
    assert!(close(r.ratings[0].elo, diff / 2.0, 1e-6), "{:?}", r.ratings);
    assert!(close(r.ratings[1].elo, -diff / 2.0, 1e-6));
    assert!(close(r.draw_nu, d / (w * l).sqrt(), 1e-9));
    // Information per game at the optimum (pw = W/N, ...), then the 2×2 inverse.
    let n = w + d + l;
    let (pw, pd, pl) = (w / n, d / n, l / n);
    let ixx = n * ((pw + pl) / 4.0 - (pw - pl).powi(2) / 4.0);
    let iee = n * pd * (1.0 - pd);
    let ixe = -n * pd * (pw - pl) / 2.0;
    let var_x = iee / (ixx * iee - ixe * ixe);
    let se_diff = var_x.sqrt() * ELO;
    assert!(close(r.difference_error(0, 1), se_diff, 1e-6));
    // Mean anchor: each rating is ±diff/2, so its error is half the difference's.
    assert!(close(r.ratings[0].error, se_diff / 2.0, 1e-6));

    // The symmetric case: Var(x) = 4/(W+L).
    let r = fit_ratings(&[a, b], &games(a, b, 10, 20, 10), &RatingOptions::default()).unwrap();
    assert!(close(r.ratings[0].elo, 0.0, 1e-9));
    assert!(close(
        r.difference_error(0, 1),
        2.0 / 20f64.sqrt() * ELO,
        1e-6
    ));

    // Without draws it is the logistic Elo model: 3 wins to 1 loss is 190.85 Elo.
    let r = fit_ratings(&[a, b], &games(a, b, 3, 0, 1), &RatingOptions::default()).unwrap();
    assert_eq!(r.draw_nu, 0.0);
    assert!(close(r.ratings[0].elo - r.ratings[1].elo, diff, 1e-6));
}

#[test]
fn anchored_on_a_player() {
    let (a, b) = (PlayerId(0), PlayerId(1));
    let options = RatingOptions {
        anchor: Anchor::Player {
            player: b,
            elo: 1500.0,
        },
        prior_sd: None,
    };
    let r = fit_ratings(&[a, b], &games(a, b, 30, 20, 10), &options).unwrap();
    assert!(close(r.ratings[1].elo, 1500.0, 1e-9));
    assert_eq!(r.ratings[1].error, 0.0);
    assert!(close(r.ratings[0].elo, 1500.0 + 400.0 * 3f64.log10(), 1e-6));
    assert!(close(r.ratings[0].error, r.difference_error(0, 1), 1e-9));
}

/// Samples the Davidson model.
fn sample(rng: &mut SplitMix64, elo_diff: f64, nu: f64) -> GameResult {
    let x = elo_diff / ELO;
    let (ew, el) = ((x / 2.0).exp(), (-x / 2.0).exp());
    let z = ew + el + nu;
    let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    if u < ew / z {
        GameResult::win(0)
    } else if u < (ew + nu) / z {
        GameResult::draw()
    } else {
        GameResult::win(1)
    }
}

#[test]
fn a_synthetic_field_is_recovered_within_its_error_bars() {
    let truth = [-350.0, -250.0, -150.0, -50.0, 50.0, 150.0, 250.0, 350.0];
    let nu = 0.8;
    let players: Vec<PlayerId> = (0..8).map(PlayerId).collect();
    let mut rng = SplitMix64::new(2024);
    let mut all = Vec::new();
    let mut round = 0;
    for i in 0..8 {
        for j in 0..8 {
            if i == j {
                continue;
            }
            for _ in 0..40 {
                round += 1;
                let result = sample(&mut rng, truth[i] - truth[j], nu);
                all.push(Game::new(
                    Pairing::game(round, 1, players[i], players[j]),
                    result,
                ));
            }
        }
    }
    let r = fit_ratings(&players, &all, &RatingOptions::default()).unwrap();
    for (rating, t) in r.ratings.iter().zip(truth) {
        assert!(
            (rating.elo - t).abs() < 3.0 * rating.error,
            "{rating:?} vs {t}"
        );
        assert!(rating.error > 5.0 && rating.error < 40.0, "{rating:?}");
        assert_eq!(rating.games, 14 * 40);
    }
    let mean: f64 = r.ratings.iter().map(|r| r.elo).sum::<f64>() / 8.0;
    assert!(mean.abs() < 1e-6);
    assert!((r.draw_nu - nu).abs() < 0.15, "{}", r.draw_nu);
}

#[test]
fn fields_without_a_finite_maximum_are_refused_unless_a_prior_is_given() {
    let p: Vec<PlayerId> = (0..3).map(PlayerId).collect();
    // 0 and 1 trade wins; 2 loses everything.
    let mut g = games(p[0], p[1], 3, 1, 3);
    g.extend(games(p[0], p[2], 2, 0, 0));
    g.extend(games(p[1], p[2], 2, 0, 0));
    let err = fit_ratings(&p, &g, &RatingOptions::default()).unwrap_err();
    assert_eq!(
        err,
        RatingError::NotIdentifiable {
            players: vec![p[2]]
        }
    );
    let with_prior = RatingOptions {
        prior_sd: Some(400.0),
        ..RatingOptions::default()
    };
    let r = fit_ratings(&p, &g, &with_prior).unwrap();
    assert!(r.ratings[2].elo < r.ratings[0].elo - 100.0);
    // All draws: no finite draw parameter.
    let draws = games(p[0], p[1], 0, 4, 0);
    assert_eq!(
        fit_ratings(&p[..2], &draws, &RatingOptions::default()),
        Err(RatingError::NoDecisiveGames)
    );
    // 2 loses everything to 0 and 1, who never meet: the group {0, 1} is unrated too...
    // but the refusal names a group that never scored against the rest.
    let mut g = games(p[0], p[2], 2, 0, 0);
    g.extend(games(p[1], p[2], 2, 0, 0));
    assert!(matches!(
        fit_ratings(&p, &g, &RatingOptions::default()),
        Err(RatingError::NotIdentifiable { .. })
    ));
}
