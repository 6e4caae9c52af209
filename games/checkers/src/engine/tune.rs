//! Texel tuning of Crown's evaluation on the project's own games: Crown plays fast games
//! against itself from the ACF three-move openings followed by a few random plies
//! ([`self_play`]), the quiet positions of those games (no capture pending, no win on the
//! board in sight) are labelled with the games' results ([`load`], [`sample`]), and the
//! weights are fitted so that a logistic curve of the evaluation predicts the results
//! (the search library's game-agnostic `olympiad_search::texel`, with [`settings`]);
//! [`weights_source`] writes them as `weights.rs`. No outside data.
//!
//! The documented command (see `tests/engine_tune.rs`):
//! `cargo test --profile release -p olympiad-checkers --test engine_tune -- --ignored --nocapture`.

use std::io::{BufRead, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use olympiad_core::{Game, Notation, SplitMix64};
use olympiad_search::Limits;
use olympiad_search::texel::{self, Adjudicator, Sample, Settings};

use super::eval::{self, NUM_FEATURES, PHASE_MAX};
use super::hooks::{WIN, WIN_BAND, capture_pending};
use super::weights::WEIGHTS;
use super::{Crown, DEFAULT_HASH_MIB};
use crate::{Color, Position, Rules};

/// The openings the games start from (then [`SelfPlay::random_plies`] random plies).
const OPENINGS: &str = include_str!("../../data/three-move.txt");

/// Settings of the self-play games.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// Games to play.
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Uniformly random plies after the three-move opening.
    pub random_plies: usize,
    /// A game is adjudicated won once the mover's score is beyond this many centi-men for
    /// [`ADJUDICATE_PLIES`] plies in a row.
    pub win_score: i32,
    /// Seed of the openings and of the engines' evaluation noise.
    pub seed: u64,
    /// Threads playing games at once (one engine each).
    pub threads: usize,
}

impl Default for SelfPlay {
    fn default() -> Self {
        Self {
            games: 2000,
            nodes: 4000,
            random_plies: 4,
            win_score: 400,
            seed: 1,
            threads: 1,
        }
    }
}

/// Plies in a row a score must stay decisive to end a game early.
pub const ADJUDICATE_PLIES: usize = 6;
/// A game longer than this many plies is scored a draw.
pub const MAX_GAME_PLIES: usize = 300;
/// Positions of the first this-many plies of a game are not recorded (they are the
/// opening's, not the engine's).
pub const SKIP_PLIES: usize = 6;

/// The game's rules: tournament rules, with the 40-move draw rule that ends king endings.
const RULES: Rules = Rules::TOURNAMENT;

/// One game's recorded positions (position text) and its result for Black (1, 0.5, 0).
fn play_game(cfg: &SelfPlay, rng: &mut SplitMix64, game: usize) -> (Vec<String>, f32) {
    let openings: Vec<&str> = OPENINGS
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect();
    let mut pos = loop {
        let mut pos = Position::start_with(RULES);
        if pos.play_line(openings[rng.below(openings.len())]).is_err() {
            continue;
        }
        for _ in 0..cfg.random_plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
        }
        if pos.outcome().is_none() {
            break pos;
        }
    };
    let noise = |side: u64| cfg.seed ^ (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ side;
    let mut engines = [
        Crown::new(DEFAULT_HASH_MIB, 1, Some(noise(1)), None),
        Crown::new(DEFAULT_HASH_MIB, 1, Some(noise(2)), None),
    ];
    let mut recorded = Vec::new();
    let mut adjudicator = Adjudicator::new(cfg.win_score, ADJUDICATE_PLIES);
    for ply in 0..MAX_GAME_PLIES {
        if let Some(outcome) = pos.outcome() {
            return (recorded, outcome.points(olympiad_core::Seat(0)) as f32);
        }
        let side = pos.side() as usize;
        let r = engines[side].search(&pos, &Limits::nodes(cfg.nodes), &mut ());
        let Some(mv) = r.best else {
            break;
        };
        let black_score = if pos.side() == Color::Black {
            r.score
        } else {
            -r.score
        };
        if let Some(result) = adjudicator.observe(black_score) {
            return (recorded, result);
        }
        if ply >= SKIP_PLIES && !capture_pending(&pos) && r.score.abs() < WIN - WIN_BAND {
            recorded.push(pos.text());
        }
        pos.play(mv);
    }
    (recorded, 0.5)
}

/// Plays `cfg.games` games and writes one line per recorded position, `TEXT;result` with
/// the result for Black. Returns the positions written.
pub fn self_play(cfg: &SelfPlay, out: &mut (impl Write + Send)) -> std::io::Result<usize> {
    let out = Mutex::new(out);
    let written = AtomicUsize::new(0);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..cfg.threads.max(1))
            .map(|_| {
                scope.spawn(|| -> std::io::Result<()> {
                    loop {
                        let game = next.fetch_add(1, Ordering::Relaxed);
                        if game >= cfg.games {
                            return Ok(());
                        }
                        let mut rng = SplitMix64::new(
                            cfg.seed ^ (game as u64).wrapping_mul(0xD1B5_4A32_D192_ED03),
                        );
                        let (texts, result) = play_game(cfg, &mut rng, game);
                        let mut o = out.lock().expect("writer lock");
                        for text in &texts {
                            writeln!(o, "{text};{result}")?;
                        }
                        written.fetch_add(texts.len(), Ordering::Relaxed);
                    }
                })
            })
            .collect();
        for w in workers {
            w.join().expect("a self-play thread panicked")?;
        }
        Ok::<(), std::io::Error>(())
    })?;
    Ok(written.into_inner())
}

/// The sample of `pos` with `black_result` (1, 0.5, 0 for Black): each feature's count
/// times the phase for its opening weight (indices `0..NUM_FEATURES`) and times the rest
/// for its ending weight (the next `NUM_FEATURES`), as `eval::weigh` tapers them.
pub fn sample(pos: &Position, black_result: f64) -> Sample {
    let (features, phase) = eval::features(pos);
    let result = match pos.side() {
        Color::Black => black_result,
        Color::White => 1.0 - black_result,
    };
    texel::tapered_sample(
        &features,
        f64::from(phase) / f64::from(PHASE_MAX),
        1.0,
        result,
    )
}

/// Reads `TEXT;result` lines into samples (bad lines are skipped).
pub fn load(input: impl BufRead) -> Vec<Sample> {
    texel::load_lines(input, |text, result| {
        Some(sample(&Position::from_text(text).ok()?, result))
    })
}

/// The current weights as one vector (opening, then ending).
pub fn current_weights() -> Vec<f64> {
    texel::tapered_weights(&WEIGHTS)
}

/// The largest scale of the logistic curve tried, per centi-man (a man ahead predicting
/// a win at once).
pub const K_MAX: f64 = 0.1;

/// How the weights are fitted: the opening weight of a man stays 100 (it fixes the unit),
/// and the hunt's weights stay as set by hand: the hunt guides the search towards the
/// capture that ends a won ending, and in games the engine could not yet convert it only
/// predicts the draws it failed to win (fitted, it turned negative).
pub fn settings(epochs: usize, l2: f64, block: usize) -> Settings {
    Settings {
        epochs,
        rate: 0.5,
        l2,
        l2_from: Vec::new(),
        fixed: vec![eval::MEN, eval::HUNT, NUM_FEATURES + eval::HUNT],
        block,
    }
}

/// `weights.rs` for weights `w`, with a comment naming how they were made.
pub fn weights_source(w: &[f64], provenance: &str) -> String {
    let names: [&str; NUM_FEATURES] = [
        "men",
        "kings",
        "men on the back row",
        "both bridge squares held",
        "men on the centre squares",
        "kings round the centre",
        "tempo: rows advanced by the men",
        "mobility: plain steps",
        "runaway men",
        "kings on the edge",
        "trade: empty places, signed by who is ahead",
        "hunt: the kings of the side ahead close to the enemy pieces",
    ];
    texel::tapered_weights_source(&names, w, provenance)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tuner's linear evaluation is the engine's (the same features and weights), a
    /// fit on a few self-play games lowers the error it starts from and keeps the opening
    /// man, and its weights can be written.
    #[test]
    fn the_fit_agrees_with_the_engine_and_lowers_the_error() {
        let cfg = SelfPlay {
            games: 6,
            nodes: 500,
            ..SelfPlay::default()
        };
        let mut text = Vec::new();
        let n = self_play(&cfg, &mut text).unwrap();
        assert!(n > 50, "{n}");
        let text = String::from_utf8(text).unwrap();
        let engine =
            |position: &str| f64::from(eval::evaluate(&Position::from_text(position).unwrap()));
        let w = current_weights();
        let settings = settings(50, 0.0, 0);
        let report = texel::check_tuner(
            &text,
            &load(text.as_bytes()),
            &w,
            engine,
            1.0,
            K_MAX,
            &settings,
        );
        let source = weights_source(&report.weights, "test");
        assert!(source.contains("pub const WEIGHTS"));
    }
}
