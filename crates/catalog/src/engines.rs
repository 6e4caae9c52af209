//! Built-in engines as the arena holds them: [`Engine`] chooses a move in a [`DynGame`] and
//! answers in the game's notation. Every engine is a game's typed engine
//! ([`olympiad_search::engine::Engine`], listed by its row) behind one generic adapter,
//! [`Adapter`], which keeps the engine's own typed copy of the game in step with the game
//! it is shown, move by move, so no engine ever downcasts.

use crate::DynGame;
use olympiad_core::Notation;
use olympiad_search::Report;
use olympiad_search::engine::{Clocked, Source, ThinkTime};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A search report as text: one completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The root score for the side to move, in the engine's own scale.
    pub score: i32,
    /// The moves to mate that score means, when it is a mate (negative: the side to move
    /// is mated).
    pub mate: Option<i32>,
    /// Nodes so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation in the game's notation (cut at the first move that is not
    /// legal, as a table hit can leave one).
    pub pv: Vec<String>,
}

/// An engine's move with how it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The move in the game's notation.
    pub mv: String,
    /// Its score, when a search gave one.
    pub score: Option<i32>,
    /// The last completed depth (0 without a search).
    pub depth: u32,
    /// Nodes (or playouts) searched.
    pub nodes: u64,
    /// Book, only move or search.
    pub source: Source,
    /// The engine gives the game up (`mv` is still its best move, for protocols that
    /// cannot resign).
    pub resign: bool,
}

/// A built-in engine: chooses moves, never prints (its search reports go to a callback).
pub trait Engine: Send {
    /// A move for the side to move in `game` (not over), with every completed search
    /// iteration passed to `report`; the search ends early when `stop` is set.
    fn think(
        &mut self,
        game: &dyn DynGame,
        time: &ThinkTime,
        stop: Option<Arc<AtomicBool>>,
        report: &mut dyn FnMut(&Thought),
    ) -> Decision;

    /// A move for the side to move in `game` (not over), in the game's notation.
    fn choose(&mut self, game: &dyn DynGame, time: &ThinkTime) -> String {
        self.think(game, time, None, &mut |_| {}).mv
    }
}

/// A game's typed engine as an [`Engine`]: it replays the moves of the game it is shown
/// onto its own position (from the game's start text), so a search sees the whole game's
/// state, not just the last position's text.
#[derive(Debug)]
pub struct Adapter<G: Notation> {
    engine: Clocked<G>,
    /// The start text and the moves of the game the position follows.
    start: String,
    moves: Vec<String>,
    position: Option<G>,
}

impl<G: Notation> Adapter<G> {
    /// Wraps `engine`.
    pub fn new(engine: Clocked<G>) -> Self {
        Self {
            engine,
            start: String::new(),
            moves: Vec::new(),
            position: None,
        }
    }

    /// Brings the engine's own position to `game`'s: plays the new moves if `game` goes on
    /// from the last one seen, else starts again from its start text (a new game).
    fn follow(&mut self, game: &dyn DynGame) -> &G {
        let played = game.moves();
        let same_game = self.position.is_some()
            && self.start == game.start_text()
            && played.len() >= self.moves.len()
            && played[..self.moves.len()] == self.moves[..];
        if !same_game {
            self.start = game.start_text().to_string();
            self.moves.clear();
            self.position = Some(
                G::parse_position(&self.start).expect("a game's start text is a position of it"),
            );
            self.engine.new_game();
        }
        let pos = self.position.as_mut().expect("set above");
        for text in &played[self.moves.len()..] {
            let mv = pos
                .parse_legal_move(text)
                .expect("a game's moves are legal in it");
            pos.play(mv);
            self.moves.push(text.clone());
        }
        pos
    }
}

/// A principal variation as move texts, up to the first move that is not legal.
fn pv_text<G: Notation>(pos: &G, pv: &[G::Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &m in pv {
        if !p.is_legal(m) {
            break;
        }
        out.push(p.format_move(m));
        p.play(m);
    }
    out
}

impl<G: Notation + 'static> Engine for Adapter<G> {
    fn think(
        &mut self,
        game: &dyn DynGame,
        time: &ThinkTime,
        stop: Option<Arc<AtomicBool>>,
        report: &mut dyn FnMut(&Thought),
    ) -> Decision {
        let pos = self.follow(game).clone();
        let mate = self.engine.mates();
        let mut observer = |r: &Report<G::Move>| {
            report(&Thought {
                depth: r.depth,
                score: r.score,
                mate: mate(r.score),
                nodes: r.nodes,
                nps: r.nps,
                elapsed: r.elapsed,
                pv: pv_text(&pos, &r.pv),
            });
        };
        let choice = self
            .engine
            .choose_until(&pos, time, stop, &mut observer)
            .expect("asked to move in a finished game");
        Decision {
            mv: pos.format_move(choice.mv),
            score: choice.score,
            depth: choice.depth,
            nodes: choice.nodes,
            source: choice.source,
            resign: choice.resign,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Options, ThinkTime, find_game};

    #[test]
    fn random_is_seeded_and_varies_by_game() {
        let game = find_game("caissa").unwrap();
        let line = |seed: &str, index: u64| {
            let mut e = game
                .engine("random", &Options::parse(seed).unwrap(), index)
                .unwrap();
            let mut g = game.start();
            let mut moves = Vec::new();
            while g.outcome().is_none() && moves.len() < 20 {
                let m = e.choose(&*g, &ThinkTime::default());
                g.play(&m).unwrap();
                moves.push(m);
            }
            moves
        };
        assert_eq!(line("seed=5", 0), line("seed=5", 0));
        assert_ne!(line("seed=5", 0), line("seed=5", 1));
        assert_ne!(line("seed=5", 0), line("seed=6", 0));
        assert!(
            game.engine("random", &Options::parse("seed=x").unwrap(), 0)
                .is_err()
        );
    }

    #[test]
    fn random_is_uniform() {
        // The start has 26 moves; 26,000 draws give each about 1,000 (sd ~31).
        let entry = find_game("caissa").unwrap();
        let game = entry.start();
        let moves = game.legal_moves();
        let mut e = entry
            .engine("random", &Options::parse("seed=9").unwrap(), 0)
            .unwrap();
        let mut counts = vec![0u32; moves.len()];
        for _ in 0..moves.len() * 1000 {
            let m = e.choose(&*game, &ThinkTime::default());
            counts[moves.iter().position(|x| *x == m).unwrap()] += 1;
        }
        assert!(
            counts.iter().all(|&c| (850..1150).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn an_engine_follows_the_game_and_starts_again_on_a_new_one() {
        let entry = find_game("caissa").unwrap();
        let mut e = entry
            .engine("caissa", &Options::parse("depth=2,book=off").unwrap(), 0)
            .unwrap();
        let mut game = entry.start();
        for _ in 0..6 {
            let mv = e.choose(&*game, &ThinkTime::default());
            game.play(&mv).unwrap();
        }
        // A game from a position text, unrelated to the last one.
        let other = entry.from_text(&game.position_text()).unwrap();
        let mv = e.choose(&*other, &ThinkTime::default());
        assert!(other.legal_moves().contains(&mv));
        // Back to a fresh game from the start.
        let fresh = entry.start();
        assert!(
            fresh
                .legal_moves()
                .contains(&e.choose(&*fresh, &ThinkTime::default()))
        );
    }

    #[test]
    fn engines_are_per_game_and_check_their_options() {
        let caissa = find_game("caissa").unwrap();
        let rolit = find_game("rolit3").unwrap();
        let names = |g: &crate::GameEntry| g.engines().iter().map(|e| e.0).collect::<Vec<_>>();
        assert_eq!(names(caissa), ["random", "hipp", "caissa"]);
        assert_eq!(names(rolit), ["random", "maxn", "paranoid", "mcts"]);
        let error = |g: &crate::GameEntry, name: &str, options: &str| {
            g.engine(name, &Options::parse(options).unwrap(), 0)
                .err()
                .map(|e| e.to_string())
        };
        assert_eq!(
            error(rolit, "hipp", "").unwrap(),
            "unknown engine 'hipp' for rolit3 (known: random, maxn, paranoid, mcts)"
        );
        assert_eq!(
            error(caissa, "hipp", "hash=8").unwrap(),
            "engine 'hipp' has no option 'hash' (options: depth, nodes, movetime, book, skip)"
        );
        assert_eq!(
            error(caissa, "caissa", "depth=x").unwrap(),
            "option depth=x: expected a whole number"
        );
        assert_eq!(error(rolit, "mcts", "playouts=50,seed=3"), None);
    }
}
