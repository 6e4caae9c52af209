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

/// Pull of the starting weights per squared centipawn (see `tune::tune`), chosen on the
/// held-out error.
const L2: f64 = 1e-8;

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
    if !data.exists() {
        let start = std::time::Instant::now();
        let mut file = std::io::BufWriter::new(std::fs::File::create(&data).unwrap());
        let n = tune::self_play(&cfg, &mut file).unwrap();
        println!(
            "self-play: {} games, {n} positions in {:.0} s -> {}",
            cfg.games,
            start.elapsed().as_secs_f64(),
            data.display()
        );
    }
    let all = tune::load(BufReader::new(std::fs::File::open(&data).unwrap()));
    assert!(!all.is_empty(), "no positions in {}", data.display());
    // Every tenth block of 1000 positions (about ten whole games, as a game's positions are
    // consecutive) is held out, to measure the fit on games it was not fitted to.
    let (held_out, samples): (Vec<_>, Vec<_>) = all
        .into_iter()
        .enumerate()
        .partition(|(i, _)| (i / 1000) % 10 == 0);
    let held_out: Vec<_> = held_out.into_iter().map(|(_, s)| s).collect();
    let samples: Vec<_> = samples.into_iter().map(|(_, s)| s).collect();
    let w0 = tune::current_weights();
    let k = tune::fit_k(&samples, &w0);
    let e0 = tune::error(&samples, &w0, k);
    let v0 = tune::error(&held_out, &w0, k);
    let epochs = texel::env_or("JUMPER_EPOCHS", 1000usize);
    let l2 = texel::env_or("JUMPER_L2", L2);
    let w = tune::tune(&samples, w0, k, epochs, 1.0, l2);
    let e1 = tune::error(&samples, &w, k);
    let v1 = tune::error(&held_out, &w, k);
    println!(
        "{} positions fitted, {} held out, k = {k:.3}, l2 = {l2:e}: error {e0:.6} -> {e1:.6}, \
         held out {v0:.6} -> {v1:.6} after {epochs} epochs",
        samples.len(),
        held_out.len()
    );
    assert!(v1 <= v0, "tuning made the held-out fit worse");
    if texel::env_or("JUMPER_WRITE", 1) != 0 {
        let provenance = format!(
            "{} positions (and {} held out) from {} self-play games at {} nodes per move \
             (seed {}, {} random opening plies),\nk = {k:.3}, l2 = {l2:e}, {epochs} Adam epochs: \
             mean squared error {e0:.6} -> {e1:.6}, held out {v0:.6} -> {v1:.6}.",
            samples.len(),
            held_out.len(),
            cfg.games,
            cfg.nodes,
            cfg.seed,
            cfg.random_plies
        );
        std::fs::write(
            manifest.join("src/engine/weights.rs"),
            tune::weights_source(&w, &provenance),
        )
        .unwrap();
    }
}
