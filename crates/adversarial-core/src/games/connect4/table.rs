//! The Connect Four solver's transposition table: one `u64` per slot holding a position's
//! key, a score bound, the best move found, the work spent and the search generation.
//!
//! **Keys without false hits in fewer bits.** The key `k` (below 2^55) is scrambled by a
//! multiplication with an odd constant modulo 2^55, `h = k × C mod 2^55`, which is a bijection
//! of the 55-bit keys. The top bits of `h` choose the bucket; the slot stores the other low
//! bits of `h`. Bucket and stored bits together give back `h`, hence `k`: a match is always
//! the same position. The stored part takes `55 − index bits` ≤ 44 bits, which leaves room
//! in the word for the bound, the move, the work and a 6-bit generation.
//!
//! Layout of a slot: bits 0–43 the stored part of `h`, 44–46 the best column (7 = none),
//! 47–52 the score + 32, bit 53 set for a lower bound (clear for an upper bound), 54–57 log2 of
//! the nodes searched below the entry (its "work"), 58–63 the generation (0 = empty).
//!
//! Two replacement schemes ([`Replacement`]):
//! - **always replace**: one slot per key, overwritten by the newest entry (the tutorial's
//!   table);
//! - **two-tier** (the default): buckets of two slots in one cache line; the first keeps the
//!   entry that cost the most work, the second takes everything else (always replace). Results
//!   of big subtrees survive floods of small ones.
//!
//! **A table that grows with the search.** Memory, not instructions, decides the speed of
//! short solves: every probe of a 64 MiB table misses the caches and the TLB, while a table
//! sized to the search stays in them. So the table's size is a maximum: with growth on, a
//! search starts in the first [`START_TABLE_LOG2`] slots' worth of the allocation and doubles
//! the part in use whenever the stores since the last clear reach [`GROWTH_LOAD`] times its
//! slots, up to the maximum. Doubling rehashes in place: an entry's bucket `b` and stored bits
//! give back `h`, whose next bit sends it to bucket `2b` or `2b + 1` of the doubled table;
//! walking the buckets from the last to the first never overwrites an entry not yet moved. No
//! entry is lost, so node counts hardly depend on the growth (the maximum size still bounds
//! the memory: untouched pages of the allocation are never mapped).
//!
//! [`ScoreTable::clear`] starts a new generation and shrinks the part in use back to the start
//! size, in O(1): entries of older generations read as empty (the part of the memory ever used
//! is wiped only when the 6-bit generation wraps, once every 63 clears).

const KEY_BITS: u32 = 55;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
const SCRAMBLE: u64 = 0x9e37_79b9_7f4a_7c15 & KEY_MASK;
const MOVE_SHIFT: u32 = 44;
const NO_MOVE: u64 = 7;
const SCORE_SHIFT: u32 = 47;
const LOWER_BIT: u64 = 1 << 53;
const WORK_SHIFT: u32 = 54;
const GENERATION_SHIFT: u32 = 58;
const MAX_GENERATION: u64 = (1 << 6) - 1;
const GENERATION_MASK: u64 = MAX_GENERATION << GENERATION_SHIFT;

/// The smallest table (2^12 slots = 32 KiB): the stored key part must fit in 44 bits.
pub const MIN_TABLE_LOG2: u32 = 12;
/// The largest table (2^30 slots = 8 GiB).
pub const MAX_TABLE_LOG2: u32 = 30;
/// Where a growing table starts: 2^12 slots = 32 KiB.
pub const START_TABLE_LOG2: u32 = 12;
/// A growing table doubles when the stores since the last clear reach this many times its
/// slots.
pub const GROWTH_LOAD: u64 = 1;

/// How the table chooses what to overwrite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
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
    /// The whole allocation (`2^max_log2` slots); the search uses the first `2^log2`.
    slots: Vec<u64>,
    /// log2 of the slots in use.
    log2: u32,
    /// log2 of the slots in use after a clear.
    start_log2: u32,
    /// log2 of the allocation.
    max_log2: u32,
    /// log2 of the slots per bucket (0 or 1).
    bucket_log2: u32,
    /// Bits of `h` kept in a slot: `55 − index bits`.
    stored_bits: u32,
    stored_mask: u64,
    generation: u64,
    /// Stores since the last clear or growth, and how many trigger the next growth.
    stores: u64,
    grow_at: u64,
    /// Slots used since the last wipe (the ones that may hold entries of older generations).
    used: usize,
    replacement: Replacement,
}

impl ScoreTable {
    /// A table of at most `2^max_log2` slots (8 bytes each), `max_log2` clamped to 12..=30.
    /// With `growth` it starts at 2^[`START_TABLE_LOG2`] slots and doubles as the search
    /// fills it; without, it uses all the slots from the start.
    pub(crate) fn new(max_log2: u32, replacement: Replacement, growth: bool) -> Self {
        let max_log2 = max_log2.clamp(MIN_TABLE_LOG2, MAX_TABLE_LOG2);
        let start_log2 = if growth {
            START_TABLE_LOG2.min(max_log2)
        } else {
            max_log2
        };
        let mut table = Self {
            slots: vec![0; 1 << max_log2],
            log2: start_log2,
            start_log2,
            max_log2,
            bucket_log2: match replacement {
                Replacement::AlwaysReplace => 0,
                Replacement::TwoTier => 1,
            },
            stored_bits: 0,
            stored_mask: 0,
            generation: 1,
            stores: 0,
            grow_at: 0,
            used: 0,
            replacement,
        };
        table.resize_to(start_log2);
        table
    }

    /// Use the first `2^log2` slots (without moving any entry).
    fn resize_to(&mut self, log2: u32) {
        self.log2 = log2;
        self.stored_bits = KEY_BITS - (log2 - self.bucket_log2);
        self.stored_mask = (1 << self.stored_bits) - 1;
        self.stores = 0;
        self.grow_at = if log2 < self.max_log2 {
            GROWTH_LOAD << log2
        } else {
            u64::MAX
        };
        self.used = self.used.max(1 << log2);
    }

    /// Bytes of memory the slots take at most.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<u64>()
    }

    /// The first slot of the bucket of `place`, and the tag its slot must hold.
    #[inline]
    fn index_and_tag(&self, place: Place) -> (usize, u64) {
        let h = place.scrambled;
        let index = ((h >> self.stored_bits) as usize) << self.bucket_log2;
        (index, (h & self.stored_mask) | self.generation << GENERATION_SHIFT)
    }

    /// Forget everything (O(1) except once every 63 calls), and shrink back to the start
    /// size.
    pub(crate) fn clear(&mut self) {
        self.generation += 1;
        if self.generation > MAX_GENERATION {
            self.slots[..self.used].fill(0);
            self.used = 0;
            self.generation = 1;
        }
        self.resize_to(self.start_log2);
    }

    /// Double the slots in use, moving every live entry to its bucket in the doubled table.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let old_stored_bits = self.stored_bits;
        let old_stored_mask = self.stored_mask;
        let old_buckets = 1usize << (self.log2 - self.bucket_log2);
        let bucket_slots = 1usize << self.bucket_log2;
        self.resize_to(self.log2 + 1);
        for bucket in (0..old_buckets).rev() {
            let first = bucket * bucket_slots;
            let mut moved = [0u64; 2];
            for (k, entry) in moved.iter_mut().enumerate().take(bucket_slots) {
                *entry = std::mem::take(&mut self.slots[first + k]);
            }
            for (k, &entry) in moved.iter().enumerate().take(bucket_slots) {
                if entry >> GENERATION_SHIFT != self.generation {
                    continue;
                }
                let h = (bucket as u64) << old_stored_bits | (entry & old_stored_mask);
                let index = ((h >> self.stored_bits) as usize) << self.bucket_log2;
                self.slots[index + k] = (entry & !old_stored_mask) | (h & self.stored_mask);
            }
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
        self.get_at(Place::of(key))
    }

    /// What is stored at `place`, if anything.
    #[inline]
    pub(crate) fn get_at(&self, place: Place) -> Option<Stored> {
        let (index, tag) = self.index_and_tag(place);
        let mut slot = self.slots[index];
        if self.tag_of(slot) != tag {
            if self.replacement == Replacement::AlwaysReplace {
                return None;
            }
            slot = self.slots[index + 1];
            if self.tag_of(slot) != tag {
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
        self.put_at(Place::of(key), bound, best, nodes);
    }

    /// Store `bound` and the best column at `place` (scores must lie in −32..32), found with
    /// `nodes` nodes of work.
    #[expect(
        clippy::inline_always,
        reason = "left to itself the compiler calls it out of line: 5.7% more instructions"
    )]
    #[inline(always)]
    pub(crate) fn put_at(&mut self, place: Place, bound: StoredBound, best: Option<u32>, nodes: u64) {
        self.stores += 1;
        if self.stores >= self.grow_at {
            self.grow();
        }
        let (index, tag) = self.index_and_tag(place);
        let (score, lower) = match bound {
            StoredBound::Lower(s) => (s, LOWER_BIT),
            StoredBound::Upper(s) => (s, 0),
        };
        let work = u64::from((64 - nodes.leading_zeros()).min(15));
        let entry = tag
            | best.map_or(NO_MOVE, |c| u64::from(c.min(6))) << MOVE_SHIFT
            | ((score + 32) as u64 & 0x3f) << SCORE_SHIFT
            | lower
            | work << WORK_SHIFT;
        if self.replacement == Replacement::AlwaysReplace {
            self.slots[index] = entry;
            return;
        }
        let first = self.slots[index];
        let first_live = first >> GENERATION_SHIFT == self.generation;
        let first_work = (first >> WORK_SHIFT) & 0xf;
        if !first_live || self.tag_of(first) == tag || work >= first_work {
            self.slots[index] = entry;
            if self.tag_of(self.slots[index + 1]) == tag {
                self.slots[index + 1] = 0;
            }
        } else {
            self.slots[index + 1] = entry;
        }
    }
}

/// Where a key lives in a [`ScoreTable`]: its scrambled form, computed once per node for both
/// the probe and the store (the bucket follows from it at the table's current size).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Place {
    scrambled: u64,
}

impl Place {
    /// Where `key` (a position key below 2^55) lives: its scrambled form `h`.
    #[inline]
    pub(crate) fn of(key: u64) -> Self {
        Place {
            scrambled: key.wrapping_mul(SCRAMBLE) & KEY_MASK,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_bounds_and_moves_without_false_hits() {
        for replacement in [Replacement::AlwaysReplace, Replacement::TwoTier] {
            let mut table = ScoreTable::new(MIN_TABLE_LOG2, replacement, false);
            let keys: Vec<u64> = (0..5000u64)
                .map(|i| i.wrapping_mul(0x1234_5678_9abc) & KEY_MASK)
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

    #[test]
    fn a_growing_table_grows_with_its_stores_and_shrinks_when_cleared() {
        for replacement in [Replacement::AlwaysReplace, Replacement::TwoTier] {
            let mut table = ScoreTable::new(20, replacement, true);
            assert_eq!(table.log2, START_TABLE_LOG2);
            let keys: Vec<u64> = (0..20_000u64)
                .map(|i| i.wrapping_mul(0x2545_f491_4f6c_dd1d) & KEY_MASK)
                .collect();
            for (i, &key) in keys.iter().enumerate() {
                table.put(key, StoredBound::Upper(i as i32 % 50 - 25), Some(i as u32 % 7), 1);
            }
            // 20,000 stores: 2^12 → 2^13 after 4,096, → 2^14 after 8,192 more.
            assert_eq!(table.log2, 14, "{replacement:?}");
            let mut kept = 0;
            for (i, &key) in keys.iter().enumerate() {
                if let Some(now) = table.get(key) {
                    assert_eq!(now.bound, StoredBound::Upper(i as i32 % 50 - 25));
                    assert_eq!(now.best, Some(i as u32 % 7));
                    kept += 1;
                }
            }
            assert!(kept > 5000, "{replacement:?}: {kept}");
            table.clear();
            assert_eq!(table.log2, START_TABLE_LOG2);
            assert!(keys.iter().all(|&k| table.get(k).is_none()));
            let fixed = ScoreTable::new(20, replacement, false);
            assert_eq!(fixed.log2, 20);
        }
    }

    #[test]
    fn a_doubling_moves_every_live_entry() {
        for replacement in [Replacement::AlwaysReplace, Replacement::TwoTier] {
            let mut table = ScoreTable::new(16, replacement, true);
            let keys: Vec<u64> = (0..200u64)
                .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) & KEY_MASK)
                .collect();
            for (i, &key) in keys.iter().enumerate() {
                table.put(key, StoredBound::Lower(i as i32 % 30), None, 1);
            }
            let before: Vec<Option<Stored>> = keys.iter().map(|&k| table.get(k)).collect();
            let log2 = table.log2;
            table.grow();
            assert_eq!(table.log2, log2 + 1);
            let after: Vec<Option<Stored>> = keys.iter().map(|&k| table.get(k)).collect();
            assert_eq!(before, after, "{replacement:?}");
            assert!(after.iter().filter(|s| s.is_some()).count() > 150);
        }
    }
}
