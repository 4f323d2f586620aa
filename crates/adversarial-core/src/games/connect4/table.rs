//! The Connect Four solver's transposition table: one `u64` per slot holding the full 49-bit
//! position key, a score bound and the search generation.
//!
//! Layout of a slot: bits 0–48 the key, 49–55 the score + 64, bit 56 set for a lower bound
//! (clear for an upper bound), bits 57–63 the generation (0 = empty).
//!
//! Replacement scheme: **always replace** (the slot of a key is overwritten by the newest
//! entry), as in the tutorial's table; storing the whole key means there are no false hits.
//! [`ScoreTable::clear`] starts a new generation, which empties the table in O(1): entries of
//! older generations read as empty (the memory is wiped only when the 7-bit generation wraps).

const KEY_BITS: u32 = 49;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
const SCORE_SHIFT: u32 = KEY_BITS;
const LOWER_BIT: u64 = 1 << 56;
const GENERATION_SHIFT: u32 = 57;
const MAX_GENERATION: u64 = (1 << 7) - 1;

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
}

impl ScoreTable {
    /// A table of `2^log2_slots` slots (8 bytes each); `log2_slots` is clamped to 10..=30.
    pub(crate) fn new(log2_slots: u32) -> Self {
        let log2 = log2_slots.clamp(10, 30);
        Self {
            slots: vec![0; 1 << log2],
            shift: 64 - log2,
            generation: 1,
        }
    }

    /// Bytes of memory the slots take.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<u64>()
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize
    }

    /// Forget everything (O(1) except once every 127 calls).
    pub(crate) fn clear(&mut self) {
        self.generation += 1;
        if self.generation > MAX_GENERATION {
            self.slots.fill(0);
            self.generation = 1;
        }
    }

    /// The bound stored for `key`, if any.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<StoredBound> {
        let slot = self.slots[self.index(key)];
        if slot & KEY_MASK != key || slot >> GENERATION_SHIFT != self.generation {
            return None;
        }
        let score = ((slot >> SCORE_SHIFT) & 0x7f) as i32 - 64;
        Some(if slot & LOWER_BIT != 0 {
            StoredBound::Lower(score)
        } else {
            StoredBound::Upper(score)
        })
    }

    /// Store `bound` for `key` (scores must lie in −64..64).
    #[inline]
    pub(crate) fn put(&mut self, key: u64, bound: StoredBound) {
        let (score, lower) = match bound {
            StoredBound::Lower(s) => (s, LOWER_BIT),
            StoredBound::Upper(s) => (s, 0),
        };
        let index = self.index(key);
        self.slots[index] =
            key | ((score + 64) as u64 & 0x7f) << SCORE_SHIFT | lower | self.generation << GENERATION_SHIFT;
    }
}
