//! The hot path never allocates: a search's allocations (root move list, reports, result)
//! grow with the number of iterations, never with the number of nodes. Counted by a global
//! allocator, so this file holds a single test.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use olympiad_caissa::Position;
use olympiad_core::Game;
use olympiad_search::{Config, Hooks, Limits, Score, Searcher};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: forwards every call to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on as is.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on as is.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on as is.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Mobility only; a quiescence search over moves to the centre rows, so that the horizon
/// generates moves too.
struct Mobility;

impl Hooks<Position> for Mobility {
    fn bounds(&self) -> (Score, Score) {
        (-1000, 1000)
    }
    fn terminal(&mut self, pos: &Position, ply: u32) -> Option<Score> {
        let outcome = pos.outcome()?;
        Some(match outcome.winner() {
            Some(s) if s == pos.to_move() => 1000 - ply as Score,
            Some(_) => ply as Score - 1000,
            None => 0,
        })
    }
    fn no_moves(&mut self, _: &Position, _: u32) -> Score {
        0
    }
    fn evaluate(&mut self, pos: &Position, _: u32) -> Score {
        pos.count_moves() as Score
    }
    fn is_noisy(&mut self, _: &Position, mv: olympiad_caissa::Move) -> bool {
        mv.to == 24
    }
    fn history_slot(&self, _: &Position, mv: olympiad_caissa::Move) -> Option<usize> {
        Some(usize::from(mv.from) * 64 + usize::from(mv.to))
    }
}

#[test]
fn allocations_do_not_grow_with_nodes() {
    let mut searcher = Searcher::new(Mobility, Config::default());
    let pos = Position::start();
    // Warm up: the per-ply buffers reach their final size.
    searcher.search(&pos, &Limits::depth(6), &mut ());
    let mut counts = Vec::new();
    for depth in [4, 6] {
        searcher.clear();
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let r = searcher.search(&pos, &Limits::depth(depth), &mut ());
        let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;
        eprintln!(
            "depth {depth}: {} nodes, {allocations} allocations",
            r.nodes
        );
        assert!(r.nodes > 1000);
        counts.push((r.nodes, allocations));
    }
    let (small, large) = (counts[0], counts[1]);
    assert!(large.0 > 10 * small.0, "{counts:?}");
    // A few per iteration (the report's and result's lines), none per node.
    assert!(large.1 <= 8 * 6 + 8, "{counts:?}");
}
