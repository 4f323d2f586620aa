//! The Connect Four solver's transposition table: one `u64` per slot holding a position's
//! key, a score bound, the best move found, the work spent and the search generation.
//!
//! **Keys without false hits in fewer bits.** The 49-bit key `k` is scrambled by a
//! multiplication with an odd constant, `h = k × C mod 2^64`, which is a bijection. The top
//! bits of `h` choose the bucket; the slot stores the other `64 − index_bits` low bits of `h`.
//! Bucket and stored bits together give back `h`, hence `k`: a match is always the same
//! position. With at least 2^19 slots the stored part fits in 46 bits, which leaves room for a
//! move.
//!
//! Layout of a slot: bits 0–45 the stored part of `h`, 46–48 the best column (7 = none),
//! 49–54 the score + 32, bit 55 set for a lower bound (clear for an upper bound), 56–59 log2 of
//! the nodes searched below the entry (its "work"), 60–63 the generation (0 = empty).
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

const SCRAMBLE: u64 = 0x9e37_79b9_7f4a_7c15;
const MOVE_SHIFT: u32 = 46;
const NO_MOVE: u64 = 7;
const SCORE_SHIFT: u32 = 49;
const LOWER_BIT: u64 = 1 << 55;
const WORK_SHIFT: u32 = 56;
const GENERATION_SHIFT: u32 = 60;
const MAX_GENERATION: u64 = (1 << 4) - 1;
const GENERATION_MASK: u64 = MAX_GENERATION << GENERATION_SHIFT;

/// The smallest table (2^19 slots = 4 MiB): the stored key part must fit in 46 bits.
pub const MIN_TABLE_LOG2: u32 = 19;

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

/// What the table knows about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stored {
    pub(crate) bound: StoredBound,
    /// The column that refuted the last window, if any.
    pub(crate) best: Option<u32>,
}

/// A bounded-memory table of score bounds.
#[derive(Debug, Clone)]
pub(crate) struct ScoreTable {
    slots: Vec<u64>,
    shift: u32,
    stored_mask: u64,
    generation: u64,
    replacement: Replacement,
}

impl ScoreTable {
    /// A table of `2^log2_slots` slots (8 bytes each); `log2_slots` is clamped to 19..=30.
    pub(crate) fn new(log2_slots: u32, replacement: Replacement) -> Self {
        let log2 = log2_slots.clamp(MIN_TABLE_LOG2, 30);
        let index_bits = match replacement {
            Replacement::AlwaysReplace => log2,
            Replacement::TwoTier => log2 - 1,
        };
        Self {
            slots: vec![0; 1 << log2],
            shift: 64 - index_bits,
            stored_mask: (1u64 << (64 - index_bits)) - 1,
            generation: 1,
            replacement,
        }
    }

    /// Bytes of memory the slots take.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<u64>()
    }

    /// Where `key` lives: the first slot of its bucket and the tag its slot must hold.
    #[inline]
    pub(crate) fn locate(&self, key: u64) -> Place {
        let h = key.wrapping_mul(SCRAMBLE);
        let bucket = (h >> self.shift) as usize;
        let index = match self.replacement {
            Replacement::AlwaysReplace => bucket,
            Replacement::TwoTier => bucket * 2,
        };
        Place {
            index,
            tag: (h & self.stored_mask) | self.generation << GENERATION_SHIFT,
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

    /// The bits of a slot that identify its position and generation.
    #[inline]
    fn tag_of(&self, slot: u64) -> u64 {
        slot & (self.stored_mask | GENERATION_MASK)
    }

    /// What is stored for `key`, if anything.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<Stored> {
        self.get_at(self.locate(key))
    }

    /// What is stored at `place`, if anything.
    #[inline]
    pub(crate) fn get_at(&self, place: Place) -> Option<Stored> {
        let mut slot = self.slots[place.index];
        if self.tag_of(slot) != place.tag {
            if self.replacement == Replacement::AlwaysReplace {
                return None;
            }
            slot = self.slots[place.index + 1];
            if self.tag_of(slot) != place.tag {
                return None;
            }
        }
        let score = ((slot >> SCORE_SHIFT) & 0x3f) as i32 - 32;
        let best = (slot >> MOVE_SHIFT) & 7;
        Some(Stored {
            bound: if slot & LOWER_BIT != 0 {
                StoredBound::Lower(score)
            } else {
                StoredBound::Upper(score)
            },
            best: (best != NO_MOVE).then_some(best as u32),
        })
    }

    /// Store `bound` and the best column for `key` (scores must lie in −32..32), found with
    /// `nodes` nodes of work.
    #[cfg(test)]
    pub(crate) fn put(&mut self, key: u64, bound: StoredBound, best: Option<u32>, nodes: u64) {
        self.put_at(self.locate(key), bound, best, nodes);
    }

    /// Store `bound` and the best column at `place` (scores must lie in −32..32), found with
    /// `nodes` nodes of work.
    #[inline]
    pub(crate) fn put_at(&mut self, place: Place, bound: StoredBound, best: Option<u32>, nodes: u64) {
        let (score, lower) = match bound {
            StoredBound::Lower(s) => (s, LOWER_BIT),
            StoredBound::Upper(s) => (s, 0),
        };
        let work = u64::from((64 - nodes.leading_zeros()).min(15));
        let entry = place.tag
            | best.map_or(NO_MOVE, |c| u64::from(c.min(6))) << MOVE_SHIFT
            | ((score + 32) as u64 & 0x3f) << SCORE_SHIFT
            | lower
            | work << WORK_SHIFT;
        let index = place.index;
        if self.replacement == Replacement::AlwaysReplace {
            self.slots[index] = entry;
            return;
        }
        let first = self.slots[index];
        let first_live = first >> GENERATION_SHIFT == self.generation;
        let first_work = (first >> WORK_SHIFT) & 0xf;
        if !first_live || self.tag_of(first) == place.tag || work >= first_work {
            self.slots[index] = entry;
            if self.tag_of(self.slots[index + 1]) == place.tag {
                self.slots[index + 1] = 0;
            }
        } else {
            self.slots[index + 1] = entry;
        }
    }
}

/// Where a key lives in a [`ScoreTable`] (computed once per node for both the probe and the
/// store).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Place {
    index: usize,
    tag: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_bounds_and_moves_without_false_hits() {
        for replacement in [Replacement::AlwaysReplace, Replacement::TwoTier] {
            let mut table = ScoreTable::new(MIN_TABLE_LOG2, replacement);
            let keys: Vec<u64> = (0..5000u64)
                .map(|i| i.wrapping_mul(0x1234_5678_9abc) & ((1 << 49) - 1))
                .collect();
            for (i, &key) in keys.iter().enumerate() {
                let best = Some(i as u32 % 7);
                table.put(key, StoredBound::Lower(i as i32 % 40 - 20), best, 1);
            }
            for (i, &key) in keys.iter().enumerate() {
                if let Some(stored) = table.get(key) {
                    assert_eq!(stored.bound, StoredBound::Lower(i as i32 % 40 - 20));
                    assert_eq!(stored.best, Some(i as u32 % 7));
                }
                assert!(
                    table
                        .get(key ^ (1 << 48))
                        .is_none_or(|_| keys.contains(&(key ^ (1 << 48))))
                );
            }
            table.put(3, StoredBound::Upper(-5), None, 1 << 20);
            assert_eq!(
                table.get(3),
                Some(Stored {
                    bound: StoredBound::Upper(-5),
                    best: None
                })
            );
            table.clear();
            assert!(table.get(3).is_none());
        }
    }
}
