//! A fixed-capacity move list, so that move generation never allocates.
//!
//! Each game names the capacity in its `Moves` type with a comment on the worst case it covers.

use std::fmt;
use std::mem::MaybeUninit;
use std::ops::{Deref, DerefMut};

/// Up to `N` moves on the stack. Pushing past `N` is a bug in the game's worst-case bound and
/// panics (in debug and release alike: a silently dropped move would corrupt every count).
///
/// The storage is left uninitialised until pushed to, so that making an empty list costs
/// nothing (move generation creates one per node).
pub struct MoveList<M, const N: usize> {
    len: usize,
    items: [MaybeUninit<M>; N],
}

impl<M: Copy, const N: usize> Clone for MoveList<M, N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M: Copy, const N: usize> Copy for MoveList<M, N> {}

impl<M: Copy, const N: usize> Default for MoveList<M, N> {
    #[inline(always)]
    fn default() -> Self {
        Self {
            len: 0,
            items: [const { MaybeUninit::uninit() }; N],
        }
    }
}

impl<M: Copy, const N: usize> MoveList<M, N> {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends a move.
    #[inline(always)]
    pub fn push(&mut self, mv: M) {
        self.items[self.len] = MaybeUninit::new(mv);
        self.len += 1;
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The capacity `N`.
    pub const fn capacity(&self) -> usize {
        N
    }

    /// Keeps the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&M) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self[i];
            if keep(&mv) {
                self[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl<M, const N: usize> Deref for MoveList<M, N> {
    type Target = [M];
    #[inline(always)]
    fn deref(&self) -> &[M] {
        let init = &self.items[..self.len];
        // SAFETY: the first `len` items were written by `push` (the only way `len` grows),
        // and `MaybeUninit<M>` has the layout of `M`.
        unsafe { &*(init as *const [MaybeUninit<M>] as *const [M]) }
    }
}

impl<M, const N: usize> DerefMut for MoveList<M, N> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [M] {
        let init = &mut self.items[..self.len];
        // SAFETY: as in `deref`.
        unsafe { &mut *(init as *mut [MaybeUninit<M>] as *mut [M]) }
    }
}

impl<M: Copy, const N: usize> FromIterator<M> for MoveList<M, N> {
    fn from_iter<I: IntoIterator<Item = M>>(iter: I) -> Self {
        let mut list = Self::new();
        for mv in iter {
            list.push(mv);
        }
        list
    }
}

impl<M: Copy, const N: usize> Extend<M> for MoveList<M, N> {
    fn extend<I: IntoIterator<Item = M>>(&mut self, iter: I) {
        for mv in iter {
            self.push(mv);
        }
    }
}

impl<'a, M, const N: usize> IntoIterator for &'a MoveList<M, N> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.deref().iter()
    }
}

impl<M: fmt::Debug, const N: usize> fmt::Debug for MoveList<M, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.deref()).finish()
    }
}

impl<M: PartialEq, const N: usize> PartialEq for MoveList<M, N> {
    fn eq(&self, other: &Self) -> bool {
        self.deref() == other.deref()
    }
}

impl<M: Eq, const N: usize> Eq for MoveList<M, N> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_retain_and_iterate() {
        let mut list: MoveList<u8, 8> = (1..=6).collect();
        assert_eq!(list.len(), 6);
        list.retain(|m| m % 2 == 0);
        assert_eq!(&*list, &[2, 4, 6]);
        list.push(9);
        assert_eq!(list.iter().copied().sum::<u8>(), 21);
        list.clear();
        assert!(list.is_empty());
    }

    #[test]
    #[should_panic]
    fn overflow_panics() {
        let mut list: MoveList<u8, 2> = MoveList::new();
        for i in 0..3 {
            list.push(i);
        }
    }
}
