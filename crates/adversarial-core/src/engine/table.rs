//! The engine's transposition table: bounded memory, two slots per bucket, exact / lower /
//! upper bounds.
//!
//! **Replacement scheme ("two-tier")**: each bucket has a *depth-preferred* slot and an
//! *always-replace* slot. A new entry goes into the depth-preferred slot when that slot is
//! empty, from an earlier search, holds the same position, or holds a search no deeper than
//! the new one; otherwise it goes into the always-replace slot. Deep results therefore survive
//! floods of shallow ones, and recent shallow results are still kept.
//!
//! [`TranspositionTable::new_search`] starts a new generation: entries of earlier generations
//! read as empty (an O(1) clear), because a new search may score positions differently.
//!
//! **Growing with the search.** The memory given is a maximum. A search starts in the first
//! [`START_BUCKETS`] buckets and doubles the part in use each time its stores reach the
//! entries that part holds, so a short search stays in the caches (a probe of a large table
//! misses them; the Connect Four solver measured 2–4× on short solves). Doubling moves each
//! live entry to its bucket in the doubled part (the index takes one more bit of the hash, so
//! an entry stays in bucket `b` or moves to `b + old size`): no entry is lost.
//!
//! **Memory is taken as the table grows**, not up front: a table given more bytes than the
//! machine can spare (`EngineConfig::table_bytes = usize::MAX`) starts like any other, and
//! when a doubling cannot get its memory (`Vec::try_reserve_exact` fails) the table stays at
//! the size it has and the search goes on, instead of aborting the process. The index uses 32
//! bits of the hash, so at most [`MAX_BUCKETS`] buckets are ever used.

/// What a stored value says about the true value of the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least the stored one (the search failed high).
    Lower,
    /// The true value is at most the stored one (the search failed low).
    Upper,
}

/// The proof height of a result that reached the depth limit somewhere below: such a result
/// holds only for the same depth.
pub const HORIZON: u32 = u32::MAX;

/// One stored search result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry<M> {
    /// The position's key.
    pub key: u64,
    /// The value (a bound or exact, see `bound`), from the side to move's point of view.
    pub value: i32,
    /// The remaining depth the position was searched to.
    pub depth: u32,
    /// The height of the searched subtree when every leaf of it was a finished game (then the
    /// value holds for every depth at least this), else [`HORIZON`].
    pub height: u32,
    /// How `value` bounds the true value.
    pub bound: Bound,
    /// The best (or refuting) move found, a hint for move ordering.
    pub best: Option<M>,
    generation: u32,
}

impl<M> Entry<M> {
    /// Whether the stored result holds for a search of `depth` remaining plies.
    pub fn holds_for(&self, depth: u32) -> bool {
        self.depth == depth || self.height <= depth
    }
}

/// The buckets a search starts with (or all of them in a smaller table).
pub const START_BUCKETS: usize = 1 << 10;

/// The most buckets a table uses, whatever memory it is given: the bucket index takes 32 bits
/// of the key's hash (2^32 buckets; 2^31 where `usize` has 32 bits).
pub const MAX_BUCKETS: usize = 1 << (if usize::BITS > 32 { 32 } else { usize::BITS - 1 });

/// A bounded-memory table of search results.
#[derive(Debug, Clone)]
pub struct TranspositionTable<M> {
    /// The buckets allocated so far (`in_use <= buckets.len() <= max_buckets`).
    buckets: Vec<[Option<Entry<M>>; 2]>,
    /// The buckets the table may grow to (a power of two).
    max_buckets: usize,
    /// The buckets in use (a power of two, at most `buckets.len()`).
    in_use: usize,
    /// Stores since the last new search or growth.
    stores: usize,
    generation: u32,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using at most `bytes` of memory (rounded down to a power of two of buckets; at
    /// least one bucket, at most [`MAX_BUCKETS`]). Only the first [`START_BUCKETS`] are
    /// allocated here; the rest as searches grow into them (see the module docs).
    pub fn with_bytes(bytes: usize) -> Self {
        let bucket = std::mem::size_of::<[Option<Entry<M>>; 2]>().max(1);
        let wanted = (bytes / bucket).clamp(1, MAX_BUCKETS);
        let max_buckets = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let start = max_buckets.min(START_BUCKETS);
        Self {
            buckets: vec![[None, None]; start],
            max_buckets,
            in_use: start,
            stores: 0,
            generation: 0,
        }
    }

    /// Number of entries the table can hold (when grown to its full size).
    pub fn capacity(&self) -> usize {
        self.max_buckets * 2
    }

    /// Number of entries the memory allocated so far holds.
    pub fn capacity_allocated(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Number of entries the part of the table in use holds.
    pub fn capacity_in_use(&self) -> usize {
        self.in_use * 2
    }

    /// Start a new search: earlier entries read as empty, and the table shrinks back to
    /// [`START_BUCKETS`].
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            for bucket in &mut self.buckets {
                *bucket = [None, None];
            }
        }
        self.in_use = self.max_buckets.min(START_BUCKETS);
        self.stores = 0;
    }

    #[inline]
    fn hash(key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        Self::hash(key) & (self.in_use - 1)
    }

    /// Double the buckets in use, moving each live entry to its bucket in the doubled part.
    /// When the memory for the doubled part cannot be had, the table stops growing instead.
    #[cold]
    fn grow(&mut self) {
        let old = self.in_use;
        if self.buckets.len() < 2 * old {
            let more = 2 * old - self.buckets.len();
            if self.buckets.try_reserve_exact(more).is_err() {
                self.max_buckets = old;
                self.stores = 0;
                return;
            }
            self.buckets.resize(2 * old, [None, None]);
        }
        self.in_use *= 2;
        self.stores = 0;
        for index in 0..old {
            for slot in 0..2 {
                let Some(entry) = self.buckets[index][slot] else {
                    continue;
                };
                if entry.generation != self.generation {
                    self.buckets[index][slot] = None;
                } else if Self::hash(entry.key) & old != 0 {
                    self.buckets[index + old][slot] = self.buckets[index][slot].take();
                }
            }
        }
    }

    /// The entry of the current search for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.buckets[self.index(key)]
            .iter()
            .flatten()
            .find(|e| e.key == key && e.generation == self.generation)
    }

    /// Store a result (see the module docs for the replacement scheme).
    pub fn store(&mut self, key: u64, value: i32, depth: u32, height: u32, bound: Bound, best: Option<M>) {
        self.stores += 1;
        if self.stores >= self.capacity_in_use() && self.in_use < self.max_buckets {
            self.grow();
        }
        let generation = self.generation;
        let entry = Entry {
            key,
            value,
            depth,
            height,
            bound,
            best,
            generation,
        };
        let index = self.index(key);
        let bucket = &mut self.buckets[index];
        let preferred = match &bucket[0] {
            None => true,
            Some(old) => old.generation != generation || old.key == key || old.depth <= depth,
        };
        if preferred {
            bucket[0] = Some(entry);
            if bucket[1].is_some_and(|e| e.key == key) {
                bucket[1] = None;
            }
        } else {
            bucket[1] = Some(entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_deep_entries_and_clears_by_generation() {
        let mut table: TranspositionTable<u8> = TranspositionTable::with_bytes(1);
        assert_eq!(table.capacity(), 2);
        table.new_search();
        table.store(1, 5, 10, HORIZON, Bound::Exact, Some(3));
        table.store(2, 6, 1, HORIZON, Bound::Lower, None);
        table.store(3, 7, 2, HORIZON, Bound::Upper, None);
        assert_eq!(table.probe(1).map(|e| e.value), Some(5), "deep entry kept");
        assert!(table.probe(2).is_none(), "shallow entry replaced");
        assert_eq!(table.probe(3).map(|e| (e.value, e.bound)), Some((7, Bound::Upper)));
        table.new_search();
        assert!(table.probe(1).is_none());
    }

    #[test]
    fn grows_without_losing_entries_and_shrinks_on_a_new_search() {
        let mut table: TranspositionTable<u8> = TranspositionTable::with_bytes(1 << 20);
        table.new_search();
        assert_eq!(table.capacity_in_use(), 2 * START_BUCKETS);
        let keys: Vec<u64> = (0..START_BUCKETS as u64).map(|i| i * 0x1234_5679).collect();
        for (i, &key) in keys.iter().enumerate() {
            table.store(key, i as i32, 1, HORIZON, Bound::Exact, None);
        }
        let before: Vec<Option<Entry<u8>>> = keys.iter().map(|&k| table.probe(k).copied()).collect();
        assert!(before.iter().flatten().count() > START_BUCKETS / 4);
        table.grow();
        assert_eq!(table.capacity_in_use(), 4 * START_BUCKETS);
        let after: Vec<Option<Entry<u8>>> = keys.iter().map(|&k| table.probe(k).copied()).collect();
        assert_eq!(before, after);
        // Stores grow the table by themselves.
        for (i, key) in (0..START_BUCKETS as u64 * 8).map(|i| i * 0x9876_5431 + 7).enumerate() {
            table.store(key, i as i32, 1, HORIZON, Bound::Lower, None);
        }
        assert!(table.capacity_in_use() > 4 * START_BUCKETS);
        table.new_search();
        assert_eq!(table.capacity_in_use(), 2 * START_BUCKETS);
        assert!(keys.iter().all(|&k| table.probe(k).is_none()));
    }

    #[test]
    fn memory_is_taken_as_the_table_grows() {
        // All the memory there is, and more: the table starts small and never aborts.
        let mut table: TranspositionTable<u8> = TranspositionTable::with_bytes(usize::MAX);
        assert_eq!(table.capacity(), 2 * MAX_BUCKETS);
        assert_eq!(table.capacity_allocated(), 2 * START_BUCKETS);
        table.new_search();
        for (i, key) in (0..START_BUCKETS as u64 * 8).map(|i| i * 0x9876_5431 + 7).enumerate() {
            table.store(key, i as i32, 1, HORIZON, Bound::Lower, None);
        }
        assert!(table.capacity_in_use() > 2 * START_BUCKETS);
        assert_eq!(table.capacity_allocated(), table.capacity_in_use());
        // A new search starts small again and reuses what was allocated.
        let allocated = table.capacity_allocated();
        table.new_search();
        assert_eq!(table.capacity_in_use(), 2 * START_BUCKETS);
        assert_eq!(table.capacity_allocated(), allocated);
    }

    #[test]
    fn a_table_that_cannot_get_memory_stops_growing() {
        let mut table: TranspositionTable<u8> = TranspositionTable::with_bytes(usize::MAX);
        table.new_search();
        // Pretend the search has grown to 2^60 buckets: doubling them asks for more memory
        // than any machine can address, the reservation fails, and the table stays as it is
        // (and makes no further attempts) instead of aborting.
        table.in_use = 1 << 60;
        table.grow();
        assert_eq!(table.in_use, 1 << 60, "no doubling without memory");
        assert_eq!(table.max_buckets, 1 << 60, "and no further attempts");
        assert_eq!(table.capacity_allocated(), 2 * START_BUCKETS);
    }
}
