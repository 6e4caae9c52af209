//! The mate suite: every position of `mates.txt` (a forced mate in N moves, N found by our
//! deep searches and confirmed exactly by exhaustive full-width search) must be solved by the
//! `caissa` engine within the stated limits: full-width (no late-move reductions), a search of
//! 2N - 1 plies (the mate's own length; check extensions and quiescence come on top); as it
//! plays (with reductions), 2N + 1 plies. Solved means the mate's exact score and a move after
//! which the exhaustive search still sees the opponent mated in N - 1.

use olympiad_caissa::Position;
use olympiad_caissa::engine::eval::MATE;
use olympiad_caissa::engine::mates::{self, MateHooks};
use olympiad_caissa::engine::{Engine, EngineKind, EngineOptions};
use olympiad_core::{Game, Notation};
use olympiad_search::{Limits, minimax};

fn suite() -> Vec<(Position, u32)> {
    include_str!("mates.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (text, n) = l.rsplit_once(';').expect("TEXT; N");
            let pos = Position::parse_position(text.trim()).expect("a position");
            (pos, n.trim().parse().expect("a number"))
        })
        .collect()
}

#[test]
fn the_suite_has_at_least_30_mates_of_every_length() {
    let suite = suite();
    assert!(suite.len() >= 30, "{} positions", suite.len());
    for n in 1..=3 {
        assert!(
            suite.iter().filter(|(_, m)| *m == n).count() >= 8,
            "mate in {n}"
        );
    }
}

#[test]
#[ignore = "slow (about a minute): exhaustive search of every position again"]
fn the_distances_are_exact() {
    // Exhaustive search again (the slow twin of the engine): no shorter mate, and this one.
    for (pos, n) in suite() {
        assert_eq!(mates::mate_in(&pos, n), Some(n), "{}", pos.position_text());
    }
}

/// Solves the suite with `options` at 2N - 1 + `extra` plies: the exact mate score, and a
/// move after which the exhaustive search still sees the opponent mated in N - 1. Returns the
/// nodes searched.
fn solve(options: EngineOptions, extra: u32) -> u64 {
    let mut engine = Engine::new(EngineOptions {
        book: false,
        ..options
    });
    let mut nodes = 0;
    for (pos, n) in suite() {
        engine.new_game();
        let plies = 2 * n - 1;
        let choice = engine
            .choose(&pos, &Limits::depth(plies + extra), &mut ())
            .unwrap();
        let text = pos.position_text();
        assert_eq!(
            choice.score,
            MATE - plies as i32,
            "{text}: score {}",
            choice.score
        );
        let child = pos.after(choice.mv);
        let rest = 2 * n - 2;
        let mates = if rest == 0 {
            child.outcome().and_then(|o| o.winner()) == Some(pos.to_move())
        } else {
            minimax(&child, &mut MateHooks, rest) == -(mates::MATE - rest as i32)
        };
        assert!(
            mates,
            "{text}: {} does not mate in {n}",
            pos.format_move(choice.mv)
        );
        nodes += choice.nodes;
    }
    nodes
}

#[test]
fn full_width_caissa_solves_every_mate_within_its_length() {
    // Without late-move reductions the search is full-width: 2N - 1 plies must see the mate.
    let options = EngineOptions {
        lmr: false,
        ..EngineOptions::new(EngineKind::Caissa)
    };
    eprintln!("full width: {} nodes", solve(options, 0));
}

#[test]
fn default_caissa_solves_every_mate_two_plies_beyond_its_length() {
    // As it plays: late-move reductions take one ply from late quiet moves, so two plies on
    // top of the mate's length are the stated limit.
    let nodes = solve(EngineOptions::new(EngineKind::Caissa), 2);
    eprintln!("default: {nodes} nodes");
}
