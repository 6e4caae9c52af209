//! Texel tuning of the draughts engine's evaluation on the project's own games: the engine
//! plays fast games against itself from the start position followed by a few seeded random
//! plies ([`self_play`]), the quiet positions of those games (no capture pending, no win on
//! the board in sight) are labelled with the games' results ([`load`], [`sample`]), and the
//! weights are fitted so that a logistic curve of the evaluation predicts the results
//! (the search library's game-agnostic `olympiad_search::texel`, with [`settings`]);
//! [`weights_source`] writes the counted features' as `weights.rs`, [`patterns_bytes`]
//! the pattern tables' as `data/patterns.bin`. No outside data.
//!
//! The documented command (see `tests/engine_tune.rs`):
//! `cargo test --profile test-opt -p olympiad-draughts --test engine_tune -- --ignored --nocapture`.

use std::io::{BufRead, Write};

use olympiad_core::{Game, Seat, SplitMix64};
use olympiad_search::texel::{self, Adjudicator, Sample, Settings};
use olympiad_search::{Limits, Searcher};

use super::eval::{self, NUM_FEATURES, PHASE_MAX};
use super::hooks::{DraughtsHooks, WIN, WIN_BAND};
use super::patterns::{self, WEIGHTS_PER_PHASE};
use super::weights::WEIGHTS;
use crate::{Color, Position};

/// Settings of the self-play games.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// Games to play.
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Uniformly random plies from the start position before the engines play.
    pub random_plies: usize,
    /// A game is adjudicated won once the mover's score is beyond this many centi-men for
    /// [`ADJUDICATE_PLIES`] plies in a row.
    pub win_score: i32,
    /// Seed of the openings and of the engines' evaluation noise.
    pub seed: u64,
}

impl Default for SelfPlay {
    fn default() -> Self {
        Self {
            games: 2000,
            nodes: 10_000,
            random_plies: 6,
            win_score: 400,
            seed: 1,
        }
    }
}

/// Plies in a row a score must stay decisive to end a game early.
pub const ADJUDICATE_PLIES: usize = 6;
/// A game longer than this many plies is scored a draw.
pub const MAX_GAME_PLIES: usize = 400;
/// Positions of the engines' first this-many plies are not recorded (they still answer
/// the random opening).
pub const SKIP_PLIES: usize = 4;
/// Each engine's table, in MiB (small: a game's searches are short).
const TABLE_MIB: usize = 8;

/// Does the side to move have to capture? (All legal moves capture or none does.)
pub fn capture_pending(pos: &Position) -> bool {
    pos.legal_moves().first().is_some_and(|m| m.is_capture())
}

/// One game's recorded positions (position text) and its result for White (1, 0.5, 0).
fn play_game(cfg: &SelfPlay, rng: &mut SplitMix64, game: usize) -> (Vec<String>, f32) {
    let mut pos = loop {
        let mut pos = Position::start();
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
    // The engine's own search (reductions and ProbCut), with a small table.
    let config = super::config(TABLE_MIB);
    let mut engines = [
        Searcher::new(DraughtsHooks::new(Some(noise(1))), config),
        Searcher::new(DraughtsHooks::new(Some(noise(2))), config),
    ];
    let mut recorded = Vec::new();
    let mut adjudicator = Adjudicator::new(cfg.win_score, ADJUDICATE_PLIES);
    for ply in 0..MAX_GAME_PLIES {
        if let Some(outcome) = pos.outcome() {
            return (recorded, outcome.points(Seat(0)) as f32);
        }
        let r = engines[pos.side() as usize].search(&pos, &Limits::nodes(cfg.nodes), &mut ());
        let Some(mv) = r.best else {
            break;
        };
        let white_score = if pos.side() == Color::White {
            r.score
        } else {
            -r.score
        };
        if let Some(result) = adjudicator.observe(white_score) {
            return (recorded, result);
        }
        if ply >= SKIP_PLIES && !capture_pending(&pos) && r.score.abs() < WIN - WIN_BAND {
            recorded.push(pos.text());
        }
        pos.play(mv);
    }
    (recorded, 0.5)
}

/// Plays `cfg.games` games one after the other and writes one line per recorded position,
/// `TEXT;result` with the result for White. Returns the positions written.
pub fn self_play(cfg: &SelfPlay, out: &mut impl Write) -> std::io::Result<usize> {
    let mut written = 0;
    for game in 0..cfg.games {
        let mut rng = SplitMix64::new(cfg.seed ^ (game as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
        let (texts, result) = play_game(cfg, &mut rng, game);
        for text in &texts {
            writeln!(out, "{text};{result}")?;
        }
        written += texts.len();
    }
    Ok(written)
}

/// The sample of `pos` with `white_result` (1, 0.5, 0 for White): each feature's count
/// times the phase for its opening weight (indices `0..NUM_FEATURES`) and times the rest
/// for its ending weight (the next `NUM_FEATURES`), both over a drawish ending's divisor,
/// as `eval::weigh` tapers them.
///
/// The pattern tables' weights follow the counted features' (see [`PATTERNS_AT`]): an
/// arrangement the side to move reads counts +1, one its opponent reads -1 (the two cancel
/// when both read the same arrangement of the same table).
pub fn sample(pos: &Position, white_result: f64) -> Sample {
    let f = eval::features(pos);
    let result = match pos.side() {
        Color::White => white_result,
        Color::Black => 1.0 - white_result,
    };
    let phase = f64::from(f.phase) / f64::from(PHASE_MAX);
    let divisor = f64::from(f.divisor);
    let mut s = texel::tapered_sample(&f.counts, phase, divisor, result);
    let [own, opp] = f.patterns;
    for (t, (&a, &b)) in own.iter().zip(&opp).enumerate() {
        if a == b {
            continue;
        }
        for (i, sign) in [(a, 1.0), (b, -1.0)] {
            let at = (PATTERNS_AT + t * patterns::SIZE + usize::from(i)) as u32;
            s.terms.push((at, sign * phase / divisor));
            s.terms.push((
                at + WEIGHTS_PER_PHASE as u32,
                sign * (1.0 - phase) / divisor,
            ));
        }
    }
    s
}

/// Where the pattern tables' weights start in the tuner's weight vector: after the counted
/// features' opening and ending weights. Every table's opening weights come first, then
/// every table's ending weights.
pub const PATTERNS_AT: usize = 2 * NUM_FEATURES;

/// Reads `TEXT;result` lines into samples (bad lines are skipped).
pub fn load(input: impl BufRead) -> Vec<Sample> {
    texel::load_lines(input, |text, result| {
        Some(sample(&Position::from_text(text).ok()?, result))
    })
}

/// The current weights as one vector: the counted features' (opening, then ending), then
/// the pattern tables' (see [`PATTERNS_AT`]).
pub fn current_weights() -> Vec<f64> {
    let mut w = texel::tapered_weights(&WEIGHTS);
    w.resize(PATTERNS_AT + 2 * WEIGHTS_PER_PHASE, 0.0);
    for t in 0..patterns::TABLES {
        for i in 0..patterns::SIZE {
            let (o, e) = patterns::weight(t, i);
            let at = PATTERNS_AT + t * patterns::SIZE + i;
            w[at] = f64::from(o);
            w[at + WEIGHTS_PER_PHASE] = f64::from(e);
        }
    }
    w
}

/// `data/patterns.bin` for weights `w` (laid out as [`current_weights`] lays them out):
/// each arrangement's opening then ending weight, rounded, as little-endian `i16`.
pub fn patterns_bytes(w: &[f64]) -> Vec<u8> {
    let mut out = Vec::with_capacity(4 * WEIGHTS_PER_PHASE);
    for at in PATTERNS_AT..PATTERNS_AT + WEIGHTS_PER_PHASE {
        for v in [w[at], w[at + WEIGHTS_PER_PHASE]] {
            out.extend((v.round().clamp(-30000.0, 30000.0) as i16).to_le_bytes());
        }
    }
    out
}

/// The largest scale of the logistic curve tried, per centi-man.
pub const K_MAX: f64 = 0.1;

/// How the weights are fitted: the opening weight of a man stays 100 (it fixes the unit);
/// the counted features are pulled towards their starting weights by `l2`, the pattern
/// tables' weights by `pattern_l2` (most arrangements are seen in few games).
pub fn settings(epochs: usize, l2: f64, pattern_l2: f64, block: usize) -> Settings {
    Settings {
        epochs,
        rate: 0.5,
        l2,
        l2_from: vec![(PATTERNS_AT, pattern_l2)],
        fixed: vec![eval::MEN],
        block,
    }
}

/// The features' names, as `weights.rs` comments them.
const NAMES: [&str; NUM_FEATURES] = [
    "men",
    "kings",
    "advancement: rows advanced by the men",
    "centre: steps from the edge of the men on rows 2..7",
    "outposts: men in the far half held from behind",
    "men on the back row",
    "wing imbalance: men on files a-e less men on f-j, unsigned",
    "blocked men",
    "kings on the main diagonal",
    "runaway men",
];

/// `weights.rs` for weights `w`, with a comment naming how they were made.
pub fn weights_source(w: &[f64], provenance: &str) -> String {
    texel::tapered_weights_source(&NAMES, &w[..PATTERNS_AT], provenance)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tuner's linear evaluation is the engine's (the same features and weights), no
    /// recorded position has a capture pending, and a fit on a few self-play games lowers
    /// the error it starts from and keeps the opening man at 100.
    #[test]
    fn the_fit_agrees_with_the_engine_and_lowers_the_error() {
        let cfg = SelfPlay {
            games: 4,
            nodes: 300,
            ..SelfPlay::default()
        };
        let mut text = Vec::new();
        let n = self_play(&cfg, &mut text).unwrap();
        assert!(n > 50, "{n}");
        let text = String::from_utf8(text).unwrap();
        let engine = |position: &str| {
            let pos = Position::from_text(position).unwrap();
            assert!(!capture_pending(&pos), "{position}");
            f64::from(eval::evaluate(&pos))
        };
        // The engine divides in integers: by the phase's scale, then by a drawish ending's
        // divisor.
        let w = current_weights();
        let settings = settings(50, 0.0, 0.0, 0);
        texel::check_tuner(
            &text,
            &load(text.as_bytes()),
            &w,
            engine,
            1.1,
            K_MAX,
            &settings,
        );
    }

    /// `weights.rs` is what [`weights_source`] writes for the weights it holds (after its
    /// header), so the tuner's output is the file the engine compiles.
    #[test]
    fn weights_rs_round_trips() {
        let file = include_str!("weights.rs");
        let body = |s: &str| s[s.find("\n/// (opening").expect("the table's doc")..].to_string();
        let written = weights_source(&current_weights(), "provenance");
        assert_eq!(body(file), body(&written));
        assert!(written.contains("//! provenance\n"));
        let bytes = include_bytes!("../../data/patterns.bin");
        assert!(patterns_bytes(&current_weights()) == bytes);
    }
}
