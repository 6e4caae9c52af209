//! Lazy SMP: several searchers on several threads share one transposition table and search
//! the same root; the main one decides the move and the limits, the helpers (every second
//! one a ply deeper) fill the table with results the main one then finds. Nothing else is
//! shared, so a helper needs its own copy of the hooks.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use olympiad_core::{Game, Hashed, TwoPlayerZeroSum};

use crate::hooks::Hooks;
use crate::limits::Limits;
use crate::searcher::{Config, Observer, SearchResult, Searcher};
use crate::tt::Table;

/// A main searcher and `threads - 1` helpers sharing one table.
pub struct LazySmp<G: Game + Hashed + TwoPlayerZeroSum, H: Hooks<G>> {
    main: Searcher<G, H>,
    helpers: Vec<Searcher<G, H>>,
}

impl<G: Game + Hashed + TwoPlayerZeroSum, H: Hooks<G>> std::fmt::Debug for LazySmp<G, H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LazySmp")
            .field("main", &self.main)
            .field("helpers", &self.helpers.len())
            .finish()
    }
}

impl<G, H> LazySmp<G, H>
where
    G: Game + Hashed + TwoPlayerZeroSum,
    H: Hooks<G> + Clone + Send,
{
    /// `threads` searchers (at least one) with copies of `hooks` and one table of
    /// `config.tt_mib` MiB. With one thread this is exactly a [`Searcher`].
    pub fn new(hooks: H, config: Config, threads: usize) -> Self {
        let table = (config.tt_mib > 0).then(|| Arc::new(Table::with_mib(config.tt_mib)));
        let helpers = (1..threads.max(1))
            .map(|i| {
                let mut s = Searcher::with_table(hooks.clone(), config, table.clone());
                s.depth_bonus = (i % 2) as u32;
                s.owns_generation = false;
                s
            })
            .collect();
        let mut main = Searcher::with_table(hooks, config, table);
        main.owns_generation = threads <= 1;
        Self { main, helpers }
    }

    /// How many threads search.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// The main searcher.
    pub fn main(&self) -> &Searcher<G, H> {
        &self.main
    }

    /// Every searcher's hooks, main first (to set up each one before a search).
    pub fn hooks_mut(&mut self) -> impl Iterator<Item = &mut H> {
        std::iter::once(&mut self.main)
            .chain(self.helpers.iter_mut())
            .map(|s| s.hooks_mut())
    }

    /// Forgets the table, killers and history of every searcher.
    pub fn clear(&mut self) {
        self.main.clear();
        for h in &mut self.helpers {
            h.clear();
        }
    }

    /// Searches `pos`: the main searcher within `limits` (its result, reports and move are
    /// the answer), the helpers until it is done. The result's node count includes the
    /// helpers'.
    pub fn search(
        &mut self,
        pos: &G,
        limits: &Limits,
        observer: &mut impl Observer<G::Move>,
    ) -> SearchResult<G::Move> {
        if self.helpers.is_empty() {
            return self.main.search(pos, limits, observer);
        }
        if let Some(t) = self.main.table() {
            t.new_search();
        }
        let stop = Arc::new(AtomicBool::new(false));
        let helper_limits = Limits {
            depth: None,
            nodes: None,
            move_time: limits.move_time,
            soft_time: limits.soft_time,
            stop: Some(Arc::clone(&stop)),
        };
        let main = &mut self.main;
        let helpers = &mut self.helpers;
        std::thread::scope(|scope| {
            let handles: Vec<_> = helpers
                .iter_mut()
                .map(|h| scope.spawn(|| h.search(pos, &helper_limits, &mut ()).nodes))
                .collect();
            let mut result = main.search(pos, limits, observer);
            stop.store(true, Ordering::Relaxed);
            for h in handles {
                result.nodes += h.join().expect("a helper search panicked");
            }
            result
        })
    }
}
