//! [`CellSet`]: a set of cells of one board as a bitset (bitvec inside, our type outside).
//!
//! Used for the hidden mine mask and for the cell groups of the exact solver: one bit per
//! cell keeps a 256×256 mask at 8 KiB and makes membership tests a shift and a mask.

use bitvec::vec::BitVec;

use crate::geometry::CellId;

/// A set of cells of one board, stored as one bit per cell.
///
/// ```
/// use automine_core::{CellId, CellSet};
/// let mut set = CellSet::new(100);
/// set.insert(CellId(42));
/// assert!(set.contains(CellId(42)) && !set.contains(CellId(41)));
/// assert_eq!(set.iter().collect::<Vec<_>>(), [CellId(42)]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CellSet {
    bits: BitVec<u64>,
}

impl CellSet {
    /// An empty set over a board of `cells` cells.
    pub fn new(cells: usize) -> Self {
        Self {
            bits: BitVec::repeat(false, cells),
        }
    }

    /// The board size the set was made for.
    pub fn capacity(&self) -> usize {
        self.bits.len()
    }

    /// Whether `id` is in the set (`false` for ids beyond the board).
    pub fn contains(&self, id: CellId) -> bool {
        self.bits.get(id.index()).is_some_and(|bit| *bit)
    }

    /// Add `id`; returns whether it was newly added. Ids beyond the board are ignored.
    pub fn insert(&mut self, id: CellId) -> bool {
        match self.bits.get_mut(id.index()) {
            Some(mut bit) => !std::mem::replace(&mut *bit, true),
            None => false,
        }
    }

    /// Remove `id`; returns whether it was present.
    pub fn remove(&mut self, id: CellId) -> bool {
        match self.bits.get_mut(id.index()) {
            Some(mut bit) => std::mem::replace(&mut *bit, false),
            None => false,
        }
    }

    /// The number of cells in the set.
    pub fn len(&self) -> usize {
        self.bits.count_ones()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.bits.not_any()
    }

    /// The cells in the set, in increasing id order.
    pub fn iter(&self) -> impl Iterator<Item = CellId> + '_ {
        self.bits.iter_ones().map(|i| CellId(i as u32))
    }
}
