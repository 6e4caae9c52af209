//! Rolit engines on the n-seat search of `olympiad-search`: one evaluation ([`RolitHooks`])
//! and three ways to search with it ([`EngineKind`]): max^n, paranoid and MCTS, so that
//! their strength can be compared on equal terms.
//!
//! The evaluation, per seat: ten points a ball, and a bonus for each corner ball (a corner
//! can never be enclosed, so it never turns again) and each edge ball; a finished game is worth
//! ten points a ball and a bonus to the winner. Every value is at least 0 and the values of
//! one position sum to at most [`MAX_SUM`], so max^n may prune. Neutral colours (fewer than
//! four players) count for no one. Moves are ordered corners first, X-squares (diagonally
//! next to an empty corner) last, then by the number of balls turned. The MCTS playout
//! policy takes a free corner when it can and avoids X-squares.

use crate::bitboard::turned;
use crate::{Move, PLAYERS, Position};
use olympiad_core::{Game, Outcome, Seat, SplitMix64};
use olympiad_search::engine::{EngineSpec, OptionError, Options, Pace};
use olympiad_search::{
    Limits, MAX_SEATS, Mcts, MctsConfig, Reward, Score, SeatAlgorithm, SeatHooks, SeatSearcher,
    Values,
};

/// A ball's worth.
pub const BALL: Score = 10;
/// A corner ball's extra worth.
pub const CORNER: Score = 40;
/// An edge ball's extra worth (corners excluded).
pub const EDGE: Score = 4;
/// The winner's bonus in a finished game.
pub const WIN_BONUS: Score = 200;
/// The most the seats' values of one position sum to (all 64 balls, every corner and edge
/// ball counted, or a finished board with the winner's bonus).
pub const MAX_SUM: Score = 64 * BALL + 4 * CORNER + 24 * EDGE + WIN_BONUS;

/// The four corners.
const CORNERS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;
/// The squares on the edge, corners excluded.
const EDGES: u64 = (0xFF | 0xFF << 56 | 0x0101_0101_0101_0101 | 0x8080_8080_8080_8080) & !CORNERS;

/// The X-square of each corner: (corner, the square diagonally inside it).
const X_SQUARES: [(u64, u64); 4] = [
    (1, 1 << 9),
    (1 << 7, 1 << 14),
    (1 << 56, 1 << 49),
    (1 << 63, 1 << 54),
];

/// The squares diagonally next to an empty corner.
fn dangerous(occupied: u64) -> u64 {
    X_SQUARES
        .iter()
        .filter(|(corner, _)| occupied & corner == 0)
        .fold(0, |m, (_, x)| m | x)
}

/// The evaluation, ordering and playout policy of the Rolit engines.
#[derive(Clone, Copy, Debug, Default)]
pub struct RolitHooks;

impl RolitHooks {
    /// A seat's static worth: balls, corner balls, edge balls.
    fn worth(balls: u64) -> Score {
        BALL * balls.count_ones() as Score
            + CORNER * (balls & CORNERS).count_ones() as Score
            + EDGE * (balls & EDGES).count_ones() as Score
    }
}

impl SeatHooks<Position> for RolitHooks {
    fn evaluate(&mut self, pos: &Position) -> Values {
        let mut v = [0; MAX_SEATS];
        for (s, x) in v.iter_mut().enumerate().take(pos.players()) {
            *x = Self::worth(pos.balls(Seat(s as u8)));
        }
        v
    }

    fn finished(&mut self, pos: &Position, outcome: &Outcome) -> Values {
        let mut v = [0; MAX_SEATS];
        for (s, x) in v.iter_mut().enumerate().take(pos.players()) {
            *x = BALL * pos.balls(Seat(s as u8)).count_ones() as Score;
        }
        if let Some(w) = outcome.winner() {
            v[w.index()] += WIN_BONUS;
        }
        v
    }

    fn max_sum(&self) -> Option<Score> {
        Some(MAX_SUM)
    }

    fn order(&mut self, pos: &Position, mv: Move) -> i32 {
        let sq = 1u64 << mv.0;
        let me = pos.balls(pos.to_move());
        let others = pos.occupied() & !me;
        let flips = turned(sq, me, others).count_ones() as i32;
        if sq & CORNERS != 0 {
            1000 + flips
        } else if sq & dangerous(pos.occupied()) != 0 {
            -1000 + flips
        } else {
            flips
        }
    }

    fn playout_move(&mut self, pos: &Position, moves: &[Move], rng: &mut SplitMix64) -> Move {
        let corners: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| (1u64 << m.0) & CORNERS != 0)
            .collect();
        if !corners.is_empty() {
            return corners[rng.below(corners.len())];
        }
        let bad = dangerous(pos.occupied());
        let safe: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| (1u64 << m.0) & bad == 0)
            .collect();
        let from = if safe.is_empty() { moves } else { &safe };
        from[rng.below(from.len())]
    }
}

/// The search an engine runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// Max^n with shallow pruning.
    MaxN,
    /// Paranoid alpha-beta.
    Paranoid,
    /// UCT with the playout policy, rewarded by winning.
    Mcts,
}

impl EngineKind {
    /// The engine's name in the catalog.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::MaxN => "maxn",
            EngineKind::Paranoid => "paranoid",
            EngineKind::Mcts => "mcts",
        }
    }
}

/// A Rolit engine: one of the searches over [`RolitHooks`].
#[derive(Debug)]
pub enum Engine {
    /// Max^n or paranoid.
    Tree(SeatSearcher<RolitHooks>),
    /// MCTS.
    Mcts(Box<Mcts<Position, RolitHooks>>),
}

/// What an engine chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// Plies searched (MCTS: the depth of the tree).
    pub depth: u32,
    /// Nodes (MCTS: playouts).
    pub nodes: u64,
    /// The mover's value after the move: its evaluation (max^n, paranoid) or its mean reward
    /// in thousandths (MCTS).
    pub value: Score,
}

impl Engine {
    /// An engine of `kind`; `seed` drives MCTS's playouts.
    pub fn new(kind: EngineKind, seed: u64) -> Self {
        match kind {
            EngineKind::MaxN => Engine::Tree(SeatSearcher::new(RolitHooks, SeatAlgorithm::MaxN)),
            EngineKind::Paranoid => {
                Engine::Tree(SeatSearcher::new(RolitHooks, SeatAlgorithm::Paranoid))
            }
            EngineKind::Mcts => Engine::Mcts(Box::new(Mcts::new(
                RolitHooks,
                MctsConfig {
                    seed,
                    reward: Reward::Win,
                    ..MctsConfig::default()
                },
            ))),
        }
    }

    /// A move for the side to move at `pos` within `limits` (`None` when the game is over).
    /// A position with one legal move is answered at once.
    pub fn choose(&mut self, pos: &Position, limits: &Limits) -> Option<Choice> {
        let moves = pos.legal_moves();
        match moves.len() {
            0 => return None,
            1 => {
                return Some(Choice {
                    mv: moves[0],
                    depth: 0,
                    nodes: 0,
                    value: 0,
                });
            }
            _ => {}
        }
        let me = pos.to_move().index();
        let report = match self {
            Engine::Tree(s) => s.search(pos, limits, &mut |_| {}),
            Engine::Mcts(m) => m.search(pos, limits),
        }?;
        Some(Choice {
            mv: report.best?,
            depth: report.depth,
            nodes: report.nodes,
            value: report.values[me],
        })
    }
}

/// Every seat's final ball count when each seat is played by its engine in turn, from
/// `start`, each move searched within `limits` (for tests and strength runs).
pub fn play_out(start: &Position, engines: &mut [Engine], limits: &Limits) -> Outcome {
    assert_eq!(engines.len(), start.players(), "one engine per seat");
    assert!(engines.len() <= PLAYERS);
    let mut pos = *start;
    loop {
        if let Some(o) = pos.outcome() {
            return o;
        }
        let seat = pos.to_move().index();
        let choice = engines[seat]
            .choose(&pos, limits)
            .expect("an unfinished game has a move");
        pos.play(choice.mv);
    }
}

/// The depth of max^n and paranoid when neither an option nor a clock gives a limit.
pub const DEFAULT_DEPTH: u32 = 3;
/// Playouts per move for MCTS without a limit or a clock.
pub const DEFAULT_PLAYOUTS: u64 = 2_000;
/// Placements in a game of Rolit: the 60 empty squares of the start.
const PLACEMENTS: u32 = 60;

impl olympiad_search::engine::Engine<Position> for Engine {
    fn choose(
        &mut self,
        pos: &Position,
        limits: &Limits,
        _: &mut dyn olympiad_search::Observer<Move>,
    ) -> Option<olympiad_search::engine::Choice<Move>> {
        let choice = Engine::choose(self, pos, limits)?;
        Some(olympiad_search::engine::Choice {
            mv: choice.mv,
            score: (choice.nodes > 0).then_some(choice.value),
            depth: choice.depth,
            nodes: choice.nodes,
            source: if choice.nodes > 0 {
                olympiad_search::engine::Source::Search
            } else {
                olympiad_search::engine::Source::OnlyMove
            },
            resign: false,
        })
    }
}

/// A Rolit game's pace: 60 placements shared by the players, so a game is 60 / players
/// moves each; this player's moves so far are the balls placed, shared likewise.
fn pace(pos: &Position) -> Pace {
    let players = pos.players() as u32;
    let placed = pos.occupied().count_ones().saturating_sub(4);
    Pace {
        moves_played: placed / players,
        expected_moves: PLACEMENTS / players,
        min_moves_left: 2,
        stretch_percent: 100,
    }
}

/// An engine of `kind`; MCTS's playouts are seeded by `seed=N` mixed with the game's number.
fn create(
    kind: EngineKind,
    options: &Options,
    game_index: u64,
) -> Result<Box<dyn olympiad_search::engine::Engine<Position>>, OptionError> {
    let seed = options.number::<u64>("seed")?.unwrap_or(1);
    Ok(Box::new(Engine::new(
        kind,
        seed ^ game_index.wrapping_mul(0x9E37_79B9),
    )))
}

/// The Rolit engines (for 2, 3 or 4 players), as the catalog lists them.
pub static ENGINES: [EngineSpec<Position>; 3] = [
    EngineSpec {
        name: "maxn",
        summary: "Rolit (2-4 players): max^n with shallow pruning on balls, corners and edges; \
                  options depth=N (default 3), nodes=N, movetime=MS",
        options: &["depth", "nodes", "movetime"],
        nodes_key: "nodes",
        default_depth: Some(DEFAULT_DEPTH),
        default_nodes: None,
        pace,
        create: |options, index| create(EngineKind::MaxN, options, index),
    },
    EngineSpec {
        name: "paranoid",
        summary: "Rolit (2-4 players): paranoid alpha-beta (the others as one coalition), same \
                  evaluation; options depth=N (default 3), nodes=N, movetime=MS",
        options: &["depth", "nodes", "movetime"],
        nodes_key: "nodes",
        default_depth: Some(DEFAULT_DEPTH),
        default_nodes: None,
        pace,
        create: |options, index| create(EngineKind::Paranoid, options, index),
    },
    EngineSpec {
        name: "mcts",
        summary: "Rolit (2-4 players): UCT with corner-seeking playouts, rewarded by winning; \
                  options playouts=N (default 2000), movetime=MS, seed=N",
        options: &["playouts", "movetime", "seed"],
        nodes_key: "playouts",
        default_depth: None,
        default_nodes: Some(DEFAULT_PLAYOUTS),
        pace,
        create: |options, index| create(EngineKind::Mcts, options, index),
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::Notation;

    #[test]
    fn values_respect_the_sum_bound() {
        let mut rng = SplitMix64::new(3);
        let mut hooks = RolitHooks;
        for players in 2..=4 {
            let mut pos = Position::start_with(players);
            while pos.outcome().is_none() {
                let v = hooks.evaluate(&pos);
                assert!(v.iter().all(|&x| x >= 0));
                assert!(v.iter().sum::<Score>() <= MAX_SUM);
                let moves = pos.legal_moves();
                pos.play(moves[rng.below(moves.len())]);
            }
            let o = pos.outcome().unwrap();
            let v = hooks.finished(&pos, &o);
            assert!(v.iter().sum::<Score>() <= MAX_SUM);
            assert!(v[players..].iter().all(|&x| x == 0));
        }
    }

    #[test]
    fn every_engine_plays_whole_games_with_legal_moves() {
        for players in [2, 3, 4] {
            for kind in [EngineKind::MaxN, EngineKind::Paranoid, EngineKind::Mcts] {
                let mut e = Engine::new(kind, 1);
                let limits = match kind {
                    EngineKind::Mcts => Limits::nodes(200),
                    _ => Limits::depth(2),
                };
                let mut pos = Position::start_with(players);
                while pos.outcome().is_none() {
                    let c = e.choose(&pos, &limits).unwrap();
                    assert!(
                        pos.is_legal(c.mv),
                        "{kind:?}: {c:?} at {}",
                        pos.position_text()
                    );
                    pos.play(c.mv);
                }
                assert!(e.choose(&pos, &limits).is_none());
            }
        }
    }

    #[test]
    fn a_free_corner_is_tried_first() {
        // Player 1 to move and nothing to turn: any square next to a ball goes, among them
        // the corner 1 and its X-square 10.
        let mut hooks = RolitHooks;
        let text = format!(".222......1.....{} 1 2", ".".repeat(48));
        let pos = Position::parse_position(&text).unwrap();
        let legal = pos.legal_move_texts();
        assert!(legal.contains(&"1".to_string()) && legal.contains(&"10".to_string()));
        let worst = pos
            .legal_moves()
            .iter()
            .copied()
            .min_by_key(|&m| hooks.order(&pos, m))
            .unwrap();
        assert_eq!(pos.format_move(worst), "10");
        let best = pos
            .legal_moves()
            .iter()
            .copied()
            .max_by_key(|&m| hooks.order(&pos, m))
            .unwrap();
        assert_eq!(pos.format_move(best), "1");
    }
}
