//! International draughts' alpha-beta engine on the search library: PVS with a
//! transposition table, killers, history, iterative deepening, late-move reductions and
//! ProbCut (`olympiad_search::searching::Searching` with [`config`]), with draughts' hooks
//! (`hooks.rs`: quiescence over captures, which are compulsory, so a position with a
//! capture is never quiet; captures and crowning steps never reduced; wins by distance;
//! the draw rules scored 0) and an evaluation of the terms draughts players count (`eval.rs`)
//! and of the men's arrangements on windows of the board (`patterns.rs`), its weights in
//! `weights.rs` and `data/patterns.bin` fitted by the project's self-play Texel tuner
//! (`tune.rs`, run by `tests/engine_tune.rs`).

pub mod eval;
pub mod hooks;
pub mod patterns;
pub mod tune;
pub mod weights;

use crate::{Color, Position};
use olympiad_search::engine::{EngineSpec, OptionError, Options, Pace};
use olympiad_search::searching::Searching;
use olympiad_search::{Algorithm, Config, Score};

pub use hooks::{DraughtsHooks, WIN, WIN_BAND};

/// The engine's name in `builtin:NAME`.
pub const NAME: &str = "alphabeta";
/// The most a table may hold, in MiB.
const MAX_HASH_MIB: usize = 4096;
/// The depth the engine searches when neither a clock nor options limit it.
pub const DEFAULT_DEPTH: u32 = 8;

/// Aspiration half-width around the previous iteration's score, in centi-men.
pub const ASPIRATION: Score = 20;
/// ProbCut's margin per ply of depth, in centi-men: a shallow search must beat beta by
/// this much times the depth to cut a node off.
pub const PROBCUT_MARGIN: Score = 5;
/// The table's size when the option `hash` does not say, in MiB (a 10-second game's
/// searches store more positions than the library's 16 MiB default holds).
pub const DEFAULT_HASH_MIB: usize = 64;

/// The search's settings: PVS with aspiration windows, late-move reductions growing with
/// depth and move number (quiet moves only: captures and crowning steps are never
/// reduced), ProbCut (a search to 40% of the depth that beats beta by [`PROBCUT_MARGIN`] a
/// ply cuts the node), no null move (zugzwang is common in draughts) and no static
/// pruning.
pub fn config(hash_mib: usize) -> Config {
    Config {
        algorithm: Algorithm::Pvs,
        tt_mib: hash_mib,
        aspiration: Some(ASPIRATION),
        lmr: true,
        lmr_scaled: true,
        probcut: Some(PROBCUT_MARGIN),
        ..Config::default()
    }
}

/// A side's moves so far, estimated from the men off the board and the kings' moves (a
/// game between engines runs some 50 to 70 moves a side; about one man goes every two
/// moves).
fn pace(pos: &Position) -> Pace {
    let men = (pos.pieces(Color::White) | pos.pieces(Color::Black)) & !pos.kings();
    Pace {
        moves_played: 2 * (40 - men.count_ones().min(40)) + u32::from(pos.quiet_plies()) / 2,
        expected_moves: 70,
        min_moves_left: 20,
        stretch_percent: 100,
    }
}

fn create(
    options: &Options,
    _game_index: u64,
) -> Result<Box<dyn olympiad_search::engine::Engine<Position>>, OptionError> {
    Searching::boxed_with(
        DraughtsHooks::default(),
        config(DEFAULT_HASH_MIB),
        options,
        MAX_HASH_MIB,
    )
}

/// Draughts' engines, as the catalog lists them (after `random`).
pub static ENGINES: [EngineSpec<Position>; 1] = [EngineSpec {
    name: NAME,
    summary: "international draughts: PVS with a transposition table (64 MiB), late-move \
              reductions (never of captures or crownings) and ProbCut, quiescence over \
              captures; Texel-tuned evaluation of material, advancement, centre, outposts, \
              back rank, wings, blocked men, the main diagonal, runaway men and pattern \
              tables of the men on 4x4 windows; options depth=N, nodes=N, movetime=MS, \
              hash=MIB",
    options: &["depth", "nodes", "movetime", "hash"],
    nodes_key: "nodes",
    default_depth: Some(DEFAULT_DEPTH),
    default_nodes: None,
    pace,
    create,
}];

#[cfg(test)]
mod tests {
    use super::eval::{MEN, evaluate};
    use super::weights::WEIGHTS;
    use super::*;
    use olympiad_core::{Game, Notation};
    use olympiad_search::engine::Options;

    /// White wins by the sacrifice 30-24: plain minimax (every node, the same hooks) finds
    /// that it and no other move wins within six plies, and the engine plays it.
    #[test]
    fn finds_the_shot_that_minimax_proves() {
        let pos = Position::parse_position("W:W25,30,36,43:B19,22,28,29").unwrap();
        let shot = pos.parse_move("30-24").unwrap();
        for &mv in pos.legal_moves().iter() {
            let score = -olympiad_search::minimax(&pos.after(mv), &mut DraughtsHooks::default(), 5);
            let wins = score > WIN - WIN_BAND;
            assert_eq!(wins, mv == shot, "{} scores {score}", pos.format_move(mv));
        }
        let spec = &ENGINES[0];
        let options = Options::parse("depth=8").unwrap();
        let mut engine = olympiad_search::engine::Clocked::new(spec, &options, 0).unwrap();
        let choice = engine
            .choose(&pos, &Default::default(), &mut ())
            .expect("a move");
        assert_eq!(pos.format_move(choice.mv), "30-24");
        assert!(choice.score.unwrap() > WIN - WIN_BAND);
    }

    /// A shot that wins two men (28-23, forcing black's captures into a double take): the
    /// engine finds the gain that the static evaluation does not see (more than a man once
    /// the positional terms of a six-piece ending have their say).
    #[test]
    fn finds_a_shot_that_wins_material() {
        let man = i32::from(WEIGHTS[MEN].0);
        let pos = Position::parse_position("W:W17,22,28,37:B19,24,30,39").unwrap();
        assert!(evaluate(&pos).abs() < man / 2);
        let options = Options::parse("depth=9").unwrap();
        let mut engine = olympiad_search::engine::Clocked::new(&ENGINES[0], &options, 0).unwrap();
        let choice = engine
            .choose(&pos, &Default::default(), &mut ())
            .expect("a move");
        assert_eq!(pos.format_move(choice.mv), "28-23");
        assert!(choice.score.unwrap() > man, "{:?}", choice.score);
    }
}
