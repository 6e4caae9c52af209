//! The transposition table: remembers, per position hash, the depth searched, the score with
//! its bound and the best move, so that transpositions and later iterations reuse the work.
//!
//! Replacement: buckets of two entries. The first slot is depth-preferred: it is replaced by
//! a result at least as deep, or by any result once its entry is from an older search. The
//! second slot always takes the newest result that did not go to the first. A probe looks at
//! both. The full 64-bit key is stored, so a wrong hit needs a 64-bit collision.
//!
//! A stored bound cuts a node off when it was searched at least as deep as the node needs.
//! So the table never changes a fixed-depth value when every transposition is reached with
//! the same remaining depth (games that count plies, without extensions: the tests check
//! this on hundreds of positions); when one path reaches a position with more depth left
//! than another (extensions, or the same position at different plies), the table may hand
//! back the deeper, better-informed result instead, as in every engine. Win-by-distance
//! scores go through [`crate::Hooks::to_table`] and [`crate::Hooks::from_table`].
//!
//! One table can be shared by several searchers on several threads (Lazy SMP: see
//! [`crate::LazySmp`]): every bucket has its own one-byte spin lock, held only while two
//! entries are copied in or out, so a probe or a store costs one uncontended atomic swap.

use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use crate::hooks::Score;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is the value.
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

/// One stored result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// The position's full hash.
    pub key: u64,
    /// The best (or refuting) move found, if any.
    pub mv: Option<M>,
    /// The score, in the table's form (see [`crate::Hooks::to_table`]).
    pub score: Score,
    /// Remaining depth the result was searched to.
    pub depth: i16,
    /// What the score means.
    pub bound: Bound,
    generation: u8,
    used: bool,
}

impl<M> Entry<M> {
    const EMPTY: Self = Self {
        key: 0,
        mv: None,
        score: 0,
        depth: 0,
        bound: Bound::Exact,
        generation: 0,
        used: false,
    };
}

#[derive(Clone, Copy)]
struct Slots<M> {
    deep: Entry<M>,
    recent: Entry<M>,
}

/// Two entries behind a spin lock.
struct Bucket<M> {
    lock: AtomicBool,
    slots: UnsafeCell<Slots<M>>,
}

/// A fixed-size table of two-entry buckets, sized in MiB; shareable between threads.
pub struct Table<M> {
    buckets: Box<[Bucket<M>]>,
    mask: usize,
    generation: AtomicU8,
}

// SAFETY: a bucket's slots are only read or written while its lock is held (`Bucket::with`),
// so no two threads ever touch the same slots at once; entries are plain `Copy` data.
unsafe impl<M: Send> Sync for Table<M> {}

impl<M: Copy> Bucket<M> {
    /// Runs `f` on the slots with the lock held.
    #[inline]
    fn with<R>(&self, f: impl FnOnce(&mut Slots<M>) -> R) -> R {
        while self
            .lock
            .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            std::hint::spin_loop();
        }
        // SAFETY: the lock is held, so this is the only reference to the slots.
        let r = f(unsafe { &mut *self.slots.get() });
        self.lock.store(false, Ordering::Release);
        r
    }
}

impl<M> std::fmt::Debug for Table<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("buckets", &self.buckets.len())
            .field("generation", &self.generation.load(Ordering::Relaxed))
            .finish()
    }
}

impl<M: Copy> Table<M> {
    /// A table of at most `mib` MiB: a power of two buckets, at least one.
    pub fn with_mib(mib: usize) -> Self {
        let bucket = std::mem::size_of::<Bucket<M>>().max(1);
        let wanted = ((mib << 20) / bucket).max(1);
        let n = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Self {
            buckets: (0..n)
                .map(|_| Bucket {
                    lock: AtomicBool::new(false),
                    slots: UnsafeCell::new(Slots {
                        deep: Entry::EMPTY,
                        recent: Entry::EMPTY,
                    }),
                })
                .collect(),
            mask: n - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// How many entries the table holds (two per bucket).
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for b in &self.buckets {
            b.with(|s| {
                s.deep = Entry::EMPTY;
                s.recent = Entry::EMPTY;
            });
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older entries lose their claim on the deep slots.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // The low bits index the bucket; the whole key is compared on probe.
        (key as usize) & self.mask
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.buckets[self.bucket(key)].with(|b| {
            if b.deep.used && b.deep.key == key {
                Some(b.deep)
            } else if b.recent.used && b.recent.key == key {
                Some(b.recent)
            } else {
                None
            }
        })
    }

    /// Stores a result. A result without a move keeps the move already stored for the key.
    #[inline]
    pub fn store(&self, key: u64, depth: i32, bound: Bound, score: Score, mv: Option<M>) {
        let generation = self.generation.load(Ordering::Relaxed);
        self.buckets[self.bucket(key)]
            .with(|b| Self::put(b, key, depth, bound, score, mv, generation));
    }

    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn put(
        b: &mut Slots<M>,
        key: u64,
        depth: i32,
        bound: Bound,
        score: Score,
        mv: Option<M>,
        generation: u8,
    ) {
        let depth = depth.clamp(0, i32::from(i16::MAX)) as i16;
        let old_move = if b.deep.used && b.deep.key == key {
            b.deep.mv
        } else if b.recent.used && b.recent.key == key {
            b.recent.mv
        } else {
            None
        };
        let entry = Entry {
            key,
            mv: mv.or(old_move),
            score,
            depth,
            bound,
            generation,
            used: true,
        };
        if !b.deep.used
            || b.deep.key == key
            || depth >= b.deep.depth
            || b.deep.generation != generation
        {
            // A deep entry displaced by a different key moves down to the always-replace slot.
            if b.deep.used && b.deep.key != key {
                b.recent = b.deep;
            } else if b.recent.used && b.recent.key == key {
                b.recent = Entry::EMPTY;
            }
            b.deep = entry;
        } else {
            b.recent = entry;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_and_replace() {
        let t: Table<u8> = Table::with_mib(1);
        assert!(t.capacity().is_power_of_two());
        let n = t.buckets.len() as u64;
        t.store(5, 4, Bound::Exact, 10, Some(1));
        let e = t.probe(5).unwrap();
        assert_eq!(
            (e.depth, e.score, e.mv, e.bound),
            (4, 10, Some(1), Bound::Exact)
        );
        // Same bucket, shallower: goes to the recent slot; the deep one stays.
        t.store(5 + n, 2, Bound::Lower, 3, None);
        assert_eq!(t.probe(5).unwrap().depth, 4);
        assert_eq!(t.probe(5 + n).unwrap().score, 3);
        // Deeper: takes the deep slot, the old deep entry moves down.
        t.store(5 + 2 * n, 9, Bound::Upper, -1, Some(2));
        assert_eq!(t.probe(5 + 2 * n).unwrap().depth, 9);
        assert_eq!(t.probe(5).unwrap().depth, 4);
        assert!(t.probe(5 + n).is_none());
        // A result without a move keeps the stored move.
        t.store(5, 6, Bound::Lower, 7, None);
        assert_eq!(t.probe(5).unwrap().mv, Some(1));
        t.clear();
        assert!(t.probe(5).is_none());
    }

    /// Threads storing and probing at once never see a torn entry: each stored score is a
    /// function of its key.
    #[test]
    fn shared_between_threads() {
        let t: Table<u32> = Table::with_mib(1);
        let n = t.buckets.len() as u64;
        std::thread::scope(|s| {
            for thread in 0..4u64 {
                let t = &t;
                s.spawn(move || {
                    let mut x = thread + 1;
                    for _ in 0..200_000 {
                        x = x
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        let key = (x >> 20) % (4 * n) + 1;
                        if x & 1 == 0 {
                            let score = (key % 10_007) as Score;
                            t.store(
                                key,
                                (key % 13) as i32,
                                Bound::Exact,
                                score,
                                Some(key as u32),
                            );
                        } else if let Some(e) = t.probe(key) {
                            assert_eq!(e.key, key);
                            assert_eq!(e.score, (key % 10_007) as Score);
                            assert_eq!(e.mv, Some(key as u32));
                        }
                    }
                });
            }
        });
    }
}
