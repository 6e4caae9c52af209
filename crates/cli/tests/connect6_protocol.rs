//! Connect6 over the Connect6 programs' protocol, both sides ours: `olympiad play connect6
//! --protocol connect6` (the player's side) against the built-in `random` through `olympiad
//! match` (the referee's side), seats swapped, from the start and after random openings
//! (which the referee tells as `new white`, the stones and `next`). Every game is played
//! out with no fault, and the records replay under the game's rules.

mod common;

use common::{records, run_ok};
use std::process::Command;

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("olympiad-c6-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn our_served_player_plays_random_over_the_connect6_protocol() {
    let olympiad = env!("CARGO_BIN_EXE_olympiad");
    let served = format!("connect6:{olympiad} play connect6(size=9) --protocol connect6 --quiet");
    for (name, extra) in [
        ("start", vec![]),
        ("openings", vec!["--random-openings", "3"]),
    ] {
        let dir = scratch(name);
        let text = run_ok(
            Command::new(olympiad)
                .args(["match", "connect6(size=9)", &served, "builtin:random"])
                .args(["--games", "4", "--time-ms", "20000", "--out"])
                .arg(&dir)
                .args(&extra),
        );
        assert!(text.contains("faults: "), "{text}");
        assert!(!text.contains("protocol-error"), "{text}");
        let games = records(&dir);
        assert_eq!(games.len(), 4);
        for g in &games {
            // Finished by the rules: six in a row or a full board, never a fault.
            let end = g["end"].as_str().unwrap_or_default().to_string();
            let reason = g.to_string();
            assert!(
                reason.contains("six in a row") || reason.contains("the board is full"),
                "{end}: {reason}"
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
