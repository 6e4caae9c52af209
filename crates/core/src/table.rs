//! A perft transposition table that is lossless: each entry keeps the whole position, and a
//! probe hits only when the stored position equals the probed one. A hash collision can cost
//! a miss, never a wrong count.
//!
//! Buckets of two entries: the first keeps the deepest subtree seen (the most work saved), the
//! second always takes the newest. Each bucket has its own lock, so threads rarely wait.

use std::sync::Mutex;

struct Entry<G> {
    pos: G,
    depth: u32,
    count: u128,
}

struct Bucket<G> {
    deep: Option<Entry<G>>,
    recent: Option<Entry<G>>,
}

/// A shared, thread-safe perft cache keyed by a 64-bit hash and verified by full equality.
pub struct PerftTable<G> {
    buckets: Vec<Mutex<Bucket<G>>>,
    mask: u64,
}

impl<G> std::fmt::Debug for PerftTable<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerftTable")
            .field("buckets", &self.buckets.len())
            .finish()
    }
}

impl<G: Clone + PartialEq> PerftTable<G> {
    /// A table of about `mib` MiB (rounded down to a power of two buckets; at least one).
    pub fn with_mib(mib: usize) -> Self {
        let bucket_bytes = std::mem::size_of::<Mutex<Bucket<G>>>().max(1);
        let wanted = (mib << 20) / bucket_bytes;
        let n = if wanted <= 1 {
            1
        } else {
            1usize << (usize::BITS - 1 - wanted.leading_zeros())
        };
        let buckets = (0..n)
            .map(|_| {
                Mutex::new(Bucket {
                    deep: None,
                    recent: None,
                })
            })
            .collect();
        Self {
            buckets,
            mask: n as u64 - 1,
        }
    }

    /// Number of buckets (two entries each).
    pub fn buckets(&self) -> usize {
        self.buckets.len()
    }

    fn bucket(&self, key: u64) -> std::sync::MutexGuard<'_, Bucket<G>> {
        // A poisoned lock only means another thread panicked; the data is still whole.
        self.buckets[(key & self.mask) as usize]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// The stored count for `pos` at `depth`, if any.
    pub fn probe(&self, key: u64, pos: &G, depth: u32) -> Option<u128> {
        let b = self.bucket(key);
        [&b.deep, &b.recent]
            .into_iter()
            .flatten()
            .find(|e| e.depth == depth && e.pos == *pos)
            .map(|e| e.count)
    }

    /// Remembers the count of `pos` at `depth`.
    pub fn store(&self, key: u64, pos: &G, depth: u32, count: u128) {
        let mut b = self.bucket(key);
        let entry = Entry {
            pos: pos.clone(),
            depth,
            count,
        };
        match &b.deep {
            Some(e) if e.depth > depth => b.recent = Some(entry),
            _ => b.deep = Some(entry),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collisions_never_return_a_foreign_count() {
        let t: PerftTable<u32> = PerftTable::with_mib(0);
        assert_eq!(t.buckets(), 1);
        t.store(5, &10, 3, 100);
        t.store(5, &11, 2, 200);
        assert_eq!(t.probe(5, &10, 3), Some(100));
        assert_eq!(t.probe(5, &11, 2), Some(200));
        assert_eq!(t.probe(5, &12, 3), None, "same key, other position");
        assert_eq!(t.probe(5, &10, 2), None, "same position, other depth");
    }
}
