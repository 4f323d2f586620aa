//! A memory of component enumerations, for callers that solve many related positions.
//!
//! A player computes one exact map per move, and its guess looks one click ahead: the view with
//! a candidate cell opened as each number it may show. Between two such positions nearly every
//! frontier component is the same (a click changes only the components around it), so the
//! enumeration of a component, which depends only on its structure (box sizes, needs, which
//! witness touches which box), can be reused. [`ComponentCache`] keys each component by that
//! structure ([`ComponentProblem::key`]) and keeps its tally; a hit gives the very same numbers
//! as a fresh enumeration, bit for bit, because the same problem is enumerated the same way.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use super::enumerate::ComponentTally;

/// A small multiply-rotate hasher for the component keys (word lists built in this crate, not
/// input from outside, so a keyed hash buys nothing here).
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct KeyHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(SEED);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// Remembered component tallies, keyed by the component's structure.
///
/// Use one cache per sequence of related positions (one game, for instance) with
/// [`exact_analysis_cached`](super::exact_analysis_cached). When it holds more than its limit
/// it is emptied, so memory stays bounded.
///
/// ```
/// use automine_core::probability::exact::{ComponentCache, exact_analysis, exact_analysis_cached};
/// use automine_core::PlayerView;
/// use search_core::Budget;
/// let view: PlayerView = "4x3 3\n1...\n1...\n....\n".parse()?;
/// let mut cache = ComponentCache::new();
/// let first = exact_analysis_cached(&view, &Budget::unlimited(), &mut cache)?;
/// let again = exact_analysis_cached(&view, &Budget::unlimited(), &mut cache)?;
/// assert_eq!(cache.hits(), 1);
/// assert_eq!(first.map, again.map);
/// assert_eq!(again.map, exact_analysis(&view, &Budget::unlimited())?.map);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct ComponentCache {
    entries: HashMap<Vec<u16>, Arc<ComponentTally>, BuildHasherDefault<KeyHasher>>,
    limit: usize,
    hits: u64,
    misses: u64,
}

impl Default for ComponentCache {
    fn default() -> Self {
        Self::new()
    }
}

impl ComponentCache {
    /// The default limit on remembered components.
    pub const DEFAULT_LIMIT: usize = 4096;

    /// An empty cache that holds up to [`Self::DEFAULT_LIMIT`] components.
    pub fn new() -> Self {
        Self::with_limit(Self::DEFAULT_LIMIT)
    }

    /// An empty cache that is emptied whenever it would hold more than `limit` components.
    pub fn with_limit(limit: usize) -> Self {
        Self {
            entries: HashMap::default(),
            limit,
            hits: 0,
            misses: 0,
        }
    }

    /// Components answered from memory so far.
    pub const fn hits(&self) -> u64 {
        self.hits
    }

    /// Components enumerated so far.
    pub const fn misses(&self) -> u64 {
        self.misses
    }

    /// Components remembered now.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether nothing is remembered.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub(crate) fn get(&mut self, key: &[u16]) -> Option<Arc<ComponentTally>> {
        let found = self.entries.get(key).cloned();
        if found.is_some() {
            self.hits += 1;
        }
        found
    }

    pub(crate) fn insert(&mut self, key: Vec<u16>, tally: Arc<ComponentTally>) {
        self.misses += 1;
        if self.entries.len() >= self.limit {
            self.entries.clear();
        }
        self.entries.insert(key, tally);
    }
}
