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
struct Bucket<M> {
    deep: Entry<M>,
    recent: Entry<M>,
}

/// A fixed-size table of two-entry buckets, sized in MiB.
pub struct Table<M> {
    buckets: Vec<Bucket<M>>,
    mask: usize,
    generation: u8,
}

impl<M> std::fmt::Debug for Table<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("buckets", &self.buckets.len())
            .field("generation", &self.generation)
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
            buckets: vec![
                Bucket {
                    deep: Entry::EMPTY,
                    recent: Entry::EMPTY,
                };
                n
            ],
            mask: n - 1,
            generation: 0,
        }
    }

    /// How many entries the table holds (two per bucket).
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for b in &mut self.buckets {
            b.deep = Entry::EMPTY;
            b.recent = Entry::EMPTY;
        }
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries lose their claim on the deep slots.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // The low bits index the bucket; the whole key is compared on probe.
        (key as usize) & self.mask
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let b = &self.buckets[self.bucket(key)];
        if b.deep.used && b.deep.key == key {
            Some(b.deep)
        } else if b.recent.used && b.recent.key == key {
            Some(b.recent)
        } else {
            None
        }
    }

    /// Stores a result. A result without a move keeps the move already stored for the key.
    #[inline]
    pub fn store(&mut self, key: u64, depth: i32, bound: Bound, score: Score, mv: Option<M>) {
        let generation = self.generation;
        let i = self.bucket(key);
        let b = &mut self.buckets[i];
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
        let mut t: Table<u8> = Table::with_mib(1);
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
}
