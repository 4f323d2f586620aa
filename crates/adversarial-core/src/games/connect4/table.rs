//! The Connect Four solver's transposition table: one `u64` per slot holding the full 49-bit
//! position key, a score bound, the work spent on it and the search generation. Storing the
//! whole key means there are no false hits.
//!
//! Layout of a slot: bits 0–48 the key, 49–54 the score + 32, bit 55 set for a lower bound
//! (clear for an upper bound), bits 56–59 log2 of the nodes searched below the entry (its
//! "work"), bits 60–63 the generation (0 = empty).
//!
//! Two replacement schemes ([`Replacement`]):
//! - **always replace**: one slot per key, overwritten by the newest entry (the tutorial's
//!   table);
//! - **two-tier** (the default): buckets of two slots in one cache line; the first keeps the
//!   entry that cost the most work, the second takes everything else (always replace). Results
//!   of big subtrees survive floods of small ones.
//!
//! [`ScoreTable::clear`] starts a new generation, which empties the table in O(1): entries of
//! older generations read as empty (the memory is wiped only when the 4-bit generation wraps).

const KEY_BITS: u32 = 49;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
const SCORE_SHIFT: u32 = KEY_BITS;
const LOWER_BIT: u64 = 1 << 55;
const WORK_SHIFT: u32 = 56;
const GENERATION_SHIFT: u32 = 60;
const MAX_GENERATION: u64 = (1 << 4) - 1;

/// How the table chooses what to overwrite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Replacement {
    /// One slot per key, the newest entry wins.
    AlwaysReplace,
    /// Two slots per bucket: one keeps the costliest entry, one the newest.
    TwoTier,
}

/// A bound on a position's score stored in the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StoredBound {
    /// The score is at least this.
    Lower(i32),
    /// The score is at most this.
    Upper(i32),
}

/// A bounded-memory table of score bounds.
#[derive(Debug, Clone)]
pub(crate) struct ScoreTable {
    slots: Vec<u64>,
    shift: u32,
    generation: u64,
    replacement: Replacement,
}

impl ScoreTable {
    /// A table of `2^log2_slots` slots (8 bytes each); `log2_slots` is clamped to 10..=30.
    pub(crate) fn new(log2_slots: u32, replacement: Replacement) -> Self {
        let log2 = log2_slots.clamp(10, 30);
        let index_bits = match replacement {
            Replacement::AlwaysReplace => log2,
            Replacement::TwoTier => log2 - 1,
        };
        Self {
            slots: vec![0; 1 << log2],
            shift: 64 - index_bits,
            generation: 1,
            replacement,
        }
    }

    /// Bytes of memory the slots take.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<u64>()
    }

    /// The first slot of the key's bucket.
    #[inline]
    fn index(&self, key: u64) -> usize {
        let bucket = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize;
        match self.replacement {
            Replacement::AlwaysReplace => bucket,
            Replacement::TwoTier => bucket * 2,
        }
    }

    /// Forget everything (O(1) except once every 15 calls).
    pub(crate) fn clear(&mut self) {
        self.generation += 1;
        if self.generation > MAX_GENERATION {
            self.slots.fill(0);
            self.generation = 1;
        }
    }

    #[inline]
    fn matches(&self, slot: u64, key: u64) -> bool {
        slot & KEY_MASK == key && slot >> GENERATION_SHIFT == self.generation
    }

    /// The bound stored for `key`, if any.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<StoredBound> {
        let index = self.index(key);
        let mut slot = self.slots[index];
        if !self.matches(slot, key) {
            if self.replacement == Replacement::AlwaysReplace {
                return None;
            }
            slot = self.slots[index + 1];
            if !self.matches(slot, key) {
                return None;
            }
        }
        let score = ((slot >> SCORE_SHIFT) & 0x3f) as i32 - 32;
        Some(if slot & LOWER_BIT != 0 {
            StoredBound::Lower(score)
        } else {
            StoredBound::Upper(score)
        })
    }

    /// Store `bound` for `key` (scores must lie in −32..32) found with `nodes` nodes of work.
    #[inline]
    pub(crate) fn put(&mut self, key: u64, bound: StoredBound, nodes: u64) {
        let (score, lower) = match bound {
            StoredBound::Lower(s) => (s, LOWER_BIT),
            StoredBound::Upper(s) => (s, 0),
        };
        let work = u64::from((64 - nodes.leading_zeros()).min(15));
        let entry = key
            | ((score + 32) as u64 & 0x3f) << SCORE_SHIFT
            | lower
            | work << WORK_SHIFT
            | self.generation << GENERATION_SHIFT;
        let index = self.index(key);
        if self.replacement == Replacement::AlwaysReplace {
            self.slots[index] = entry;
            return;
        }
        let first = self.slots[index];
        let first_live = first >> GENERATION_SHIFT == self.generation;
        let first_work = (first >> WORK_SHIFT) & 0xf;
        if !first_live || first & KEY_MASK == key || work >= first_work {
            self.slots[index] = entry;
            if self.slots[index + 1] & KEY_MASK == key {
                self.slots[index + 1] = 0;
            }
        } else {
            self.slots[index + 1] = entry;
        }
    }
}
