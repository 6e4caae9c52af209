//! The project's balanced opening set (`data/balanced.epd`, built by `olympiad openings`):
//! every line reads, is a distinct position, is reached by the moves its `c0` names, and
//! was judged level (`ce` within ±50 centipawns, the bound it was built with).

use olympiad_chess::{Position, epd};
use olympiad_core::Notation;
use std::collections::HashSet;

#[test]
fn every_opening_is_level_distinct_and_reached_by_its_moves() {
    let text = include_str!("../data/balanced.epd");
    assert!(text.contains("# Rebuild: olympiad openings chess"));
    let records = epd::read(text, false).unwrap();
    assert_eq!(records.len(), 100);
    let mut seen = HashSet::new();
    for (i, r) in records.iter().enumerate() {
        let fen = r.position.fen();
        assert!(seen.insert(fen.clone()), "opening {} repeats {fen}", i + 1);
        let ce: i32 = r.operation("ce").unwrap().parse().unwrap();
        assert!(ce.abs() <= 50, "opening {}: ce {ce}", i + 1);
        let mut replay = Position::start();
        replay.play_line(r.operation("c0").unwrap()).unwrap();
        assert_eq!(replay.fen(), fen, "opening {}", i + 1);
        assert_eq!(r.operation("c0").unwrap().split(' ').count(), 8);
    }
}
