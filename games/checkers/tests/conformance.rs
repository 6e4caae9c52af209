//! The fast generator against the reference generator, and the core conformance suite, on
//! random playouts under the default rules and under merged duplicates with a short draw
//! rule, and on random placements of men and kings (where kings meet rings of enemy pieces
//! far more often than in play, so duplicate captures show up).
//!
//! At every position: the same moves (texts, pieces taken) leading to the same positions, the
//! same outcome; plus the suite's invariants (hash from scratch, text round trip, move text
//! round trip, count_moves against the list, ...).

use olympiad_checkers::reference::{RefOutcome, RefPosition};
use olympiad_checkers::{Position, Rules};
use olympiad_core::conformance::{Playouts, Stats, check_position};
use olympiad_core::{Game, Notation, Seat, SplitMix64};

/// Positions checked in the default test run, per rule set.
const DEFAULT_POSITIONS: usize = 20_000;
/// Positions checked by the long run (`--ignored`), per rule set.
const LONG_POSITIONS: usize = 2_000_000;

#[derive(Default, Debug)]
struct Seen {
    kings: usize,
    captures: usize,
    multi_jumps: usize,
    king_captures: usize,
    crowning_captures: usize,
    duplicates: usize,
    no_move_losses: usize,
    draws: usize,
}

fn compare(pos: &Position, seen: &mut Seen) {
    let text = pos.position_text();
    let reference =
        RefPosition::from_text(&text).unwrap_or_else(|e| panic!("reference rejects {text}: {e}"));
    assert_eq!(reference.to_text(), text, "the two writers differ");
    let moves = pos.legal_moves();
    let mut fast: Vec<(String, Vec<u8>, String)> = moves
        .iter()
        .map(|&m| {
            let taken = (0..32u8)
                .filter(|s| m.captured() >> s & 1 != 0)
                .map(|s| s + 1);
            (
                pos.format_move(m),
                taken.collect(),
                pos.after(m).position_text(),
            )
        })
        .collect();
    let mut slow: Vec<(String, Vec<u8>, String)> = reference
        .legal_moves()
        .into_iter()
        .map(|m| (m.text(), m.taken.clone(), m.after))
        .collect();
    if pos.rules().merge_duplicate_captures {
        // Which path stands for a merged set depends on search order: compare the rest.
        let key = |v: &mut Vec<(String, Vec<u8>, String)>| {
            for m in v.iter_mut() {
                let ends: Vec<&str> = m.0.split(['x', '-']).collect();
                m.0 = format!("{}..{}", ends[0], ends[ends.len() - 1]);
            }
        };
        key(&mut fast);
        key(&mut slow);
    }
    fast.sort();
    slow.sort();
    assert_eq!(fast, slow, "moves differ at {text}");
    let expect = pos.outcome().map(|o| match o.winner() {
        Some(Seat(0)) => RefOutcome::BlackWins,
        Some(_) => RefOutcome::WhiteWins,
        None => RefOutcome::Draw,
    });
    assert_eq!(expect, reference.outcome(), "outcome differs at {text}");

    if pos.kings() != 0 {
        seen.kings += 1;
    }
    for (i, &m) in moves.iter().enumerate() {
        if m.is_capture() {
            seen.captures += 1;
            let path = m.path();
            if path.len() > 2 {
                seen.multi_jumps += 1;
            }
            let piece = 1u32 << (m.from_square() - 1);
            if pos.kings() & piece != 0 {
                seen.king_captures += 1;
            } else if pos.after(m).kings() & (1 << (m.to_square() - 1)) != 0 {
                seen.crowning_captures += 1;
            }
            if moves[..i].iter().any(|o| {
                o.from_square() == m.from_square()
                    && o.to_square() == m.to_square()
                    && o.captured() == m.captured()
            }) {
                seen.duplicates += 1;
            }
        }
    }
    match pos.outcome() {
        Some(o) if o.winner().is_some() => seen.no_move_losses += 1,
        Some(_) => seen.draws += 1,
        None => {}
    }
}

fn run(positions: usize, seed: u64, rules: Rules) -> (Stats, Seen) {
    let mut seen = Seen::default();
    let stats = Playouts::new(positions).seed(seed).max_plies(400).run(
        &Position::start_with(rules),
        |_, moves, rng| moves[rng.below(moves.len())],
        |p| compare(p, &mut seen),
    );
    println!("{rules:?}: {stats:?} {seen:?}");
    (stats, seen)
}

/// Draw rule of the second playout set: short, so that random games reach it.
const SHORT_DRAW: Rules = Rules {
    merge_duplicate_captures: true,
    draw_moves: 10,
};

/// A random position: up to 12 pieces a side, a third of them kings, no man on its crowning
/// row; either side to move, under either duplicate rule.
fn random_placement(rng: &mut SplitMix64) -> Position {
    let mut lists = [Vec::new(), Vec::new()];
    let mut used = 0u32;
    for (side, list) in lists.iter_mut().enumerate() {
        let pieces = 1 + rng.below(12);
        while list.len() < pieces {
            let sq = rng.below(32) as u8;
            let king = rng.chance(33);
            let crowning_row = if side == 0 { 28..32 } else { 0..4 };
            if used >> sq & 1 != 0 || (!king && crowning_row.contains(&sq)) {
                continue;
            }
            used |= 1 << sq;
            list.push(format!("{}{}", if king { "K" } else { "" }, sq + 1));
        }
    }
    let side = if rng.chance(50) { "B" } else { "W" };
    let merge = if rng.chance(50) {
        " merge-duplicates"
    } else {
        ""
    };
    let text = format!(
        "{side}:W{}:B{}{merge}",
        lists[1].join(","),
        lists[0].join(",")
    );
    Position::parse_position(&text).unwrap()
}

fn run_placements(positions: usize, seed: u64) -> Seen {
    let mut rng = SplitMix64::new(seed);
    let mut seen = Seen::default();
    for _ in 0..positions {
        let pos = random_placement(&mut rng);
        if let Err(e) = check_position(&pos) {
            panic!("{e} at {}", pos.position_text());
        }
        compare(&pos, &mut seen);
    }
    println!("placements: {seen:?}");
    assert!(seen.king_captures > positions / 10, "too few king captures");
    assert!(seen.multi_jumps > positions / 10, "too few multi-jumps");
    assert!(seen.duplicates > 0, "no duplicate capture met");
    seen
}

fn assert_coverage(stats: &Stats, seen: &Seen, rules: Rules) {
    assert!(stats.finished > stats.games / 2, "too few finished games");
    assert!(
        seen.kings > stats.positions / 10,
        "too few positions with kings"
    );
    assert!(seen.multi_jumps > 100, "too few multi-jumps");
    assert!(seen.king_captures > 100, "too few king captures");
    assert!(seen.crowning_captures > 10, "too few captures that crown");
    assert!(
        seen.no_move_losses > 10,
        "too few games lost for want of a move"
    );
    if rules.draw_moves > 0 {
        assert!(seen.draws > 10, "too few draws by the draw rule");
    }
}

#[test]
fn fast_and_reference_agree_default_rules() {
    let (stats, seen) = run(DEFAULT_POSITIONS, 1, Rules::default());
    assert_coverage(&stats, &seen, Rules::default());
}

#[test]
fn fast_and_reference_agree_merged_with_draw_rule() {
    let (stats, seen) = run(DEFAULT_POSITIONS, 2, SHORT_DRAW);
    assert_coverage(&stats, &seen, SHORT_DRAW);
}

#[test]
fn fast_and_reference_agree_on_random_placements() {
    run_placements(DEFAULT_POSITIONS, 3);
}

#[test]
#[ignore = "long: 2,000,000 positions per rule set; run with --release -- --ignored"]
fn fast_and_reference_agree_long() {
    for (seed, rules) in [(1_000_000, Rules::default()), (2_000_000, SHORT_DRAW)] {
        let (stats, seen) = run(LONG_POSITIONS, seed, rules);
        assert_coverage(&stats, &seen, rules);
    }
    run_placements(LONG_POSITIONS, 3_000_000);
}
