//! The running counters of one search: a [`Meter`] against the [`Budget`] and the
//! [`SearchStats`], counted by the rules documented on [`SearchStats`].

use crate::budget::{Budget, Meter, StopReason};
use crate::stats::{Report, SearchStats};

/// The counters a hand-written recursive search keeps: it ticks the budget's [`Meter`] once per
/// node and counts the other [`SearchStats`] as it goes, then turns them into a [`Report`].
///
/// The meter is the node counter: [`Tally::enter`] increments it (and checks the budget every
/// 256 nodes, as [`Meter::tick`] does), and [`Tally::stats`] / [`Tally::finish`] copy its count
/// into the statistics. So the hot path costs one increment and one compare per node, plus the
/// depth maximum.
///
/// # Example
///
/// A search over every string of `a`/`b` up to length 3, counting by the rules of
/// [`SearchStats`]:
///
/// ```
/// use search_core::{Budget, StopReason, Tally};
///
/// fn walk(tally: &mut Tally, depth: usize) -> Result<u64, StopReason> {
///     tally.enter(depth)?;
///     if depth == 3 {
///         tally.leaf();
///         return Ok(1);
///     }
///     let choices = 2;
///     tally.branch(choices);
///     let mut leaves = 0;
///     for i in 0..choices {
///         tally.child(choices - i - 1);
///         leaves += walk(tally, depth + 1)?;
///     }
///     Ok(leaves)
/// }
///
/// let mut tally = Tally::new(&Budget::unlimited());
/// let result = walk(&mut tally, 0);
/// let report = tally.finish(result, 0);
/// assert_eq!(report.value, 8);
/// assert!(report.is_complete());
/// assert_eq!((report.stats.nodes, report.stats.leaves, report.stats.max_depth), (15, 8, 3));
/// assert_eq!((report.stats.branch_points, report.stats.guesses), (7, 7));
///
/// // A node limit stops the walk; the report keeps the partial value it is given.
/// let mut tally = Tally::new(&Budget::unlimited().with_node_limit(4));
/// let result = walk(&mut tally, 0);
/// let report = tally.finish(result, 0);
/// assert_eq!(report.stopped, Some(StopReason::NodeLimit));
/// assert_eq!(report.stats.nodes, 4);
/// ```
#[derive(Debug)]
pub struct Tally {
    meter: Meter,
    stats: SearchStats,
}

impl Tally {
    /// Counters for a search under `budget` (its clock starts now).
    #[must_use]
    pub fn new(budget: &Budget) -> Self {
        Self::with_meter(budget.meter())
    }

    /// Counters ticking `meter`: for instance one made by [`Meter::with_shared_counter`], so
    /// that the subtrees of a parallel search share one node limit.
    #[must_use]
    pub fn with_meter(meter: Meter) -> Self {
        Self {
            meter,
            stats: SearchStats::default(),
        }
    }

    /// Count a node at `level` (the root is level 0): tick the meter and raise the maximum
    /// depth.
    ///
    /// # Errors
    /// The [`StopReason`] once the budget has run out; the search should unwind.
    #[inline]
    pub fn enter(&mut self, level: usize) -> Result<(), StopReason> {
        self.stats.max_depth = self.stats.max_depth.max(level as u32);
        self.meter.tick()
    }

    /// Nodes counted so far (with a shared counter: by every meter sharing it).
    #[inline]
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.meter.nodes()
    }

    /// The statistics so far, node count included; `elapsed` stays zero until
    /// [`Tally::finish`].
    #[must_use]
    pub fn stats(&self) -> SearchStats {
        SearchStats {
            nodes: self.meter.nodes(),
            ..self.stats
        }
    }

    /// Count a leaf: a node where the search ended without expanding (a solution, a terminal
    /// or horizon position).
    #[inline]
    pub fn leaf(&mut self) {
        self.stats.leaves += 1;
    }

    /// Count a node that offers `choices` choices: a branch point when there are two or more.
    #[inline]
    pub fn branch(&mut self, choices: usize) {
        if choices >= 2 {
            self.stats.branch_points += 1;
        }
    }

    /// Count a child searched while `remaining` other choices of its parent are untried: a
    /// guess when `remaining > 0`.
    #[inline]
    pub fn child(&mut self, remaining: usize) {
        if remaining > 0 {
            self.stats.guesses += 1;
        }
    }

    /// Count a dead end: a contradiction (constraint search) or a cutoff (game-tree search).
    #[inline]
    pub fn dead_end(&mut self) {
        self.stats.dead_ends += 1;
    }

    /// The report of the search: `result`'s value if it finished, else `partial` with the
    /// reason it stopped; the statistics with the meter's node count and elapsed time.
    #[must_use]
    pub fn finish<T>(mut self, result: Result<T, StopReason>, partial: T) -> Report<T> {
        self.stats.elapsed = self.meter.elapsed();
        self.stats.nodes = self.meter.nodes();
        match result {
            Ok(value) => Report {
                value,
                stats: self.stats,
                stopped: None,
            },
            Err(reason) => Report {
                value: partial,
                stats: self.stats,
                stopped: Some(reason),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_by_the_rules_and_copies_the_meter() {
        let mut tally = Tally::new(&Budget::unlimited());
        tally.enter(0).unwrap();
        tally.branch(3);
        tally.child(2);
        tally.enter(1).unwrap();
        tally.leaf();
        tally.child(1);
        tally.enter(1).unwrap();
        tally.dead_end();
        tally.child(0);
        tally.enter(4).unwrap();
        tally.branch(1);
        assert_eq!(tally.nodes(), 4);
        let stats = tally.stats();
        assert_eq!(stats.nodes, 4);
        assert_eq!(stats.max_depth, 4);
        assert_eq!(
            (stats.leaves, stats.branch_points, stats.guesses, stats.dead_ends),
            (1, 1, 2, 1)
        );
        let report = tally.finish(Ok(7), 0);
        assert_eq!(report.value, 7);
        assert_eq!(report.stats.nodes, 4);
        assert!(report.is_complete());
    }

    #[test]
    fn a_stop_keeps_the_partial_value() {
        let tally = Tally::new(&Budget::unlimited());
        let report = tally.finish(Err(StopReason::Cancelled), 3);
        assert_eq!(report.value, 3);
        assert_eq!(report.stopped, Some(StopReason::Cancelled));
    }
}
