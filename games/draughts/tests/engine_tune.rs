//! The command that regenerates the draughts engine's evaluation weights from its own games
//! (ignored: it plays thousands of games). Run it with
//!
//! ```text
//! cargo test --profile test-opt -p olympiad-draughts --test engine_tune -- --ignored --nocapture
//! ```
//!
//! Settings from the environment: `DRAUGHTS_GAMES` (default 2000), `DRAUGHTS_NODES` per
//! move (10000), `DRAUGHTS_PLIES` random plies from the start (6), `DRAUGHTS_SEED` (1),
//! `DRAUGHTS_EPOCHS` (2000), `DRAUGHTS_L2` (see [`L2`]), `DRAUGHTS_PATTERN_L2` (see
//! [`PATTERN_L2`]), `DRAUGHTS_ORIGIN` (how the games were played, for the header of
//! `weights.rs` when the data file was made otherwise), `DRAUGHTS_DATA` (the positions
//! file, default `target/draughts-selfplay.txt` in the workspace; reused when it exists, so
//! delete it to play new games), `DRAUGHTS_WRITE=0` to fit without writing
//! `src/engine/weights.rs` and `data/patterns.bin`. The games are played one at a time,
//! on one thread.

use std::io::BufReader;
use std::path::PathBuf;

use olympiad_draughts::engine::tune::{self, SelfPlay};
use olympiad_search::texel;

/// Pull of the starting weights per squared centi-man (see `texel::tune`). On the 2000
/// games of seed 1 (2000 epochs) the held-out error falls as the pull weakens: 0.088168 at
/// 1e-5, 0.087862 at 1e-6, 0.087454 at 1e-7, 0.086918 at 1e-8, 0.085801 with none (0.088422
/// before). With none, the rare terms run wild (a king worth 9.6 men in the opening and
/// 0.2 in the ending, runaway men 348 and -81) and the engine lost its A/B match against
/// the hand-set weights (46.5 % in 100 games); at 1e-7 the weights stay plausible and won
/// it (see `docs/benchmarks/draughts.md`), so the pull is chosen by play, not by the last
/// digit of the held-out error.
const L2: f64 = 1e-7;

/// Pull of the pattern tables' weights towards where they start. On the first 1.74 M
/// positions (600 epochs from zero tables) the held-out error was 0.097126 at 3e-9,
/// 0.096639 at 1e-9, 0.096526 at 3e-10 and 0.096664 at 1e-10 (1e-9 kept); on 3.12 M
/// positions 0.090909 at 1e-9 and 0.090737 at 3e-10 (kept): see
/// `docs/benchmarks/draughts.md`, "Patterns".
const PATTERN_L2: f64 = 3e-10;

/// Positions per block; every tenth block (a few whole games, a game's positions being
/// consecutive) is held out to measure the fit on games it was not fitted to.
const BLOCK: usize = 500;

#[test]
#[ignore = "plays thousands of self-play games, then rewrites src/engine/weights.rs"]
fn regenerate_weights() {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let data = std::env::var("DRAUGHTS_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|_| manifest.join("../../target/draughts-selfplay.txt"));
    let cfg = SelfPlay {
        games: texel::env_or("DRAUGHTS_GAMES", 2000),
        nodes: texel::env_or("DRAUGHTS_NODES", 10_000),
        random_plies: texel::env_or("DRAUGHTS_PLIES", 6),
        seed: texel::env_or("DRAUGHTS_SEED", 1),
        ..SelfPlay::default()
    };
    let played = texel::play_once(&data, |mut out| tune::self_play(&cfg, &mut out)).unwrap();
    if let Some((n, seconds)) = played {
        println!(
            "self-play: {} games, {n} positions in {seconds:.0} s -> {}",
            cfg.games,
            data.display()
        );
    }
    let samples = tune::load(BufReader::new(std::fs::File::open(&data).unwrap()));
    assert!(!samples.is_empty(), "no positions in {}", data.display());
    let epochs = texel::env_or("DRAUGHTS_EPOCHS", 2000usize);
    let l2 = texel::env_or("DRAUGHTS_L2", L2);
    let pattern_l2 = texel::env_or("DRAUGHTS_PATTERN_L2", PATTERN_L2);
    let settings = tune::settings(epochs, l2, pattern_l2, BLOCK);
    let report = texel::fit(&samples, tune::current_weights(), tune::K_MAX, &settings);
    let (k, (fitted, held)) = (report.k, report.counts);
    let ((e0, e1), (v0, v1)) = (report.fitted, report.held_out);
    println!("{}", report.summary(&settings));
    assert!(v1 <= v0, "tuning made the held-out fit worse");
    if texel::env_or("DRAUGHTS_WRITE", 1) != 0 {
        let games = std::env::var("DRAUGHTS_ORIGIN").unwrap_or_else(|_| {
            format!(
                "{} self-play games at {} nodes per move (seed {},\nthe start position and {} \
                 random plies)",
                cfg.games, cfg.nodes, cfg.seed, cfg.random_plies
            )
        });
        let provenance = format!(
            "{fitted} positions (and {held} held out) from {games}, starting from the weights \
             weights.rs and\ndata/patterns.bin held, k = {k:.5}, l2 = {l2:e}, pattern l2 = \
             {pattern_l2:e}, {epochs} Adam epochs:\nmean squared error {e0:.6} -> {e1:.6}, \
             held out {v0:.6} -> {v1:.6}."
        );
        std::fs::write(
            manifest.join("data/patterns.bin"),
            tune::patterns_bytes(&report.weights),
        )
        .unwrap();
        std::fs::write(
            manifest.join("src/engine/weights.rs"),
            tune::weights_source(&report.weights, &provenance),
        )
        .unwrap();
    }
}
