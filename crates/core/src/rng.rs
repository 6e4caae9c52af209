//! A tiny deterministic random number generator (SplitMix64), so that the core crate, the
//! conformance suite and Zobrist key tables need no dependency and every run is reproducible
//! from its seed.

/// SplitMix64 (Steele, Lea and Flood, 2014): 64-bit state, passes BigCrush, `const`-evaluable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose whole future is fixed by `seed`.
    pub const fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)]
    pub const fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (`n > 0`), by Lemire's multiply-shift (bias below 2^-32
    /// for the small `n` used here).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }
}

/// `N` random 64-bit keys from `seed`, at compile time (Zobrist tables).
pub const fn random_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut rng = SplitMix64::new(seed);
    let mut keys = [0u64; N];
    let mut i = 0;
    while i < N {
        keys[i] = rng.next_u64();
        i += 1;
    }
    keys
}

/// Byte tables of `keys` (the Zobrist keys of one kind of piece, one per bit of a square
/// set), at compile time: entry `[b][v]` is the XOR of the keys of the bits of byte `b` that
/// are set in `v`, so a set's hash is one lookup per byte, whatever the number of pieces.
///
/// # Panics
/// At compile time, if `keys` has fewer than `8 * BYTES` keys.
pub const fn byte_tables<const BYTES: usize>(keys: &[u64]) -> [[u64; 256]; BYTES] {
    let mut t = [[0u64; 256]; BYTES];
    let mut b = 0;
    while b < BYTES {
        let mut v = 0;
        while v < 256 {
            let mut h = 0;
            let mut i = 0;
            while i < 8 {
                if v >> i & 1 != 0 {
                    h ^= keys[8 * b + i];
                }
                i += 1;
            }
            t[b][v] = h;
            v += 1;
        }
        b += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_tables_xor_the_keys_of_each_byte() {
        let keys = random_keys::<16>(7);
        let t = byte_tables::<2>(&keys);
        assert_eq!(t[0][0], 0);
        assert_eq!(t[0][1], keys[0]);
        assert_eq!(t[1][0b101], keys[8] ^ keys[10]);
    }

    #[test]
    fn reproducible_and_spread() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            let x = a.below(6);
            assert_eq!(x, b.below(6));
            seen[x] += 1;
        }
        assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
    }
}
