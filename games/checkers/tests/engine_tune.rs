//! The command that regenerates Crown's evaluation weights from its own games (ignored: it
//! plays thousands of games). Run it with
//!
//! ```text
//! cargo test --profile test-opt -p olympiad-checkers --test engine_tune -- --ignored --nocapture
//! ```
//!
//! Settings from the environment: `CROWN_GAMES` (default 2000), `CROWN_NODES` per move
//! (4000), `CROWN_THREADS` playing games at once (1), `CROWN_SEED` (1), `CROWN_EPOCHS`
//! (2000), `CROWN_L2` (see [`L2`]), `CROWN_DATA` (the positions file, default
//! `target/crown-selfplay.txt` in the workspace; reused when it exists, so delete it to play
//! new games), `CROWN_WRITE=0` to fit without writing `src/engine/weights.rs`.

use std::io::BufReader;
use std::path::PathBuf;

use olympiad_checkers::engine::tune::{self, SelfPlay};
use olympiad_search::texel;

/// Pull of the starting weights per squared centi-man (see `tune::tune`): weak, so that
/// rare features (a bridge late in the game) stay near their hand-set values.
const L2: f64 = 1e-7;

/// Positions per block; every tenth block (a few whole games, a game's positions being
/// consecutive) is held out to measure the fit on games it was not fitted to.
const BLOCK: usize = 500;

#[test]
#[ignore = "plays thousands of self-play games, then rewrites src/engine/weights.rs"]
fn regenerate_weights() {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let data = std::env::var("CROWN_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|_| manifest.join("../../target/crown-selfplay.txt"));
    let cfg = SelfPlay {
        games: texel::env_or("CROWN_GAMES", 2000),
        nodes: texel::env_or("CROWN_NODES", 4000),
        seed: texel::env_or("CROWN_SEED", 1),
        threads: texel::env_or("CROWN_THREADS", 1),
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
    let epochs = texel::env_or("CROWN_EPOCHS", 2000usize);
    let l2 = texel::env_or("CROWN_L2", L2);
    let settings = tune::settings(epochs, l2, BLOCK);
    let report = texel::fit(&samples, tune::current_weights(), tune::K_MAX, &settings);
    let (k, (fitted, held)) = (report.k, report.counts);
    let ((e0, e1), (v0, v1)) = (report.fitted, report.held_out);
    println!("{}", report.summary(&settings));
    assert!(v1 <= v0, "tuning made the held-out fit worse");
    if texel::env_or("CROWN_WRITE", 1) != 0 {
        let provenance = format!(
            "{fitted} positions (and {held} held out) from {} self-play games at {} nodes per \
             move (seed {}, ACF three-move\nopenings and {} random plies), starting from \
             the weights weights.rs held, k = {k:.5}, \
             l2 = {l2:e}, {epochs} Adam epochs: mean squared error {e0:.6} -> {e1:.6},\nheld \
             out {v0:.6} -> {v1:.6}.",
            cfg.games, cfg.nodes, cfg.seed, cfg.random_plies
        );
        std::fs::write(
            manifest.join("src/engine/weights.rs"),
            tune::weights_source(&report.weights, &provenance),
        )
        .unwrap();
    }
}
