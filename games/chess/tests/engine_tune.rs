//! The command that regenerates Jumper's evaluation weights from its own games (ignored: it
//! plays thousands of games). Run it with
//!
//! ```text
//! cargo test --profile release -p olympiad-chess --test engine_tune -- --ignored --nocapture
//! ```
//!
//! Settings from the environment: `JUMPER_GAMES` (default 2000), `JUMPER_NODES` per move
//! (5000), `JUMPER_THREADS` playing games at once (1), `JUMPER_SEED` (1), `JUMPER_EPOCHS`
//! (1000), `JUMPER_L2` (see [`L2`]), `JUMPER_DATA` (the positions file, default `target/jumper-selfplay.txt` in the
//! workspace; reused when it exists, so delete it to play new games), `JUMPER_WRITE=0` to
//! fit without writing `src/engine/weights.rs`.

use std::io::BufReader;
use std::path::PathBuf;

use olympiad_chess::engine::tune::{self, SelfPlay};
use olympiad_search::texel;

/// Pull of the starting weights per squared centipawn (see `texel::tune`), chosen on the
/// held-out error.
const L2: f64 = 1e-8;

/// Positions per block; every tenth block (about ten whole games, a game's positions being
/// consecutive) is held out to measure the fit on games it was not fitted to.
const BLOCK: usize = 1000;

#[test]
#[ignore = "plays thousands of self-play games, then rewrites src/engine/weights.rs"]
fn regenerate_weights() {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let data = std::env::var("JUMPER_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|_| manifest.join("../../target/jumper-selfplay.txt"));
    let cfg = SelfPlay {
        games: texel::env_or("JUMPER_GAMES", 2000),
        nodes: texel::env_or("JUMPER_NODES", 5000),
        seed: texel::env_or("JUMPER_SEED", 1),
        threads: texel::env_or("JUMPER_THREADS", 1),
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
    let epochs = texel::env_or("JUMPER_EPOCHS", 1000usize);
    let l2 = texel::env_or("JUMPER_L2", L2);
    let settings = tune::settings(epochs, l2, BLOCK);
    let report = texel::fit(&samples, tune::current_weights(), tune::K_MAX, &settings);
    let (k, (fitted, held)) = (report.k, report.counts);
    let ((e0, e1), (v0, v1)) = (report.fitted, report.held_out);
    println!("{}", report.summary(&settings));
    assert!(v1 <= v0, "tuning made the held-out fit worse");
    if texel::env_or("JUMPER_WRITE", 1) != 0 {
        let provenance = format!(
            "{fitted} positions (and {held} held out) from {} self-play games at {} nodes per \
             move (seed {}, {} random opening plies),\nk = {k:.5} per centipawn, l2 = {l2:e}, \
             {epochs} Adam epochs: mean squared error {e0:.6} -> {e1:.6}, held out {v0:.6} -> \
             {v1:.6}.",
            cfg.games, cfg.nodes, cfg.seed, cfg.random_plies
        );
        std::fs::write(
            manifest.join("src/engine/weights.rs"),
            tune::weights_source(&report.weights, &provenance),
        )
        .unwrap();
    }
}
