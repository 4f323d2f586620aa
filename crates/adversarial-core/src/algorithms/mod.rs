//! The textbook searches, each a plain recursion with no table and no reordering: the
//! reference that the engine layer ([`crate::engine`]) is tested against.
//!
//! | function | view of the score | pruning |
//! |---|---|---|
//! | [`minimax`] | first player (MAX) | none |
//! | [`alpha_beta`] | first player (MAX) | α-β |
//! | [`negamax`] | side to move | none |
//! | [`negamax_alpha_beta`] | side to move | α-β |
//!
//! Each takes a depth limit (`u32::MAX` or [`UNLIMITED`] searches to the end of the game;
//! [`minimax`] with a depth limit and an evaluator is the lecture's cutoff search) and a
//! [`Scoring`](crate::Scoring), ticks a [`search_core::Meter`] once per node against the
//! [`Budget`], and returns a [`Report`] of a
//! [`Decision`]. All four return the same value (negated for the second player to move in
//! the negamax pair) and the same best move: the first move, in the game's order, that
//! reaches the value.
//!
//! Counting rules for [`SearchStats`]: one node per call (root included); a leaf is a
//! finished or horizon position; `branch_points` are nodes with two or more moves; `guesses`
//! are the children searched at a branch point while another move was still untried;
//! `dead_ends` counts α-β cutoffs.

mod alpha_beta;
mod minimax;
mod negamax;

pub use alpha_beta::alpha_beta;
pub use minimax::minimax;
pub use negamax::{negamax, negamax_alpha_beta};

use search_core::{Budget, Meter, Report, SearchStats, StopReason};

use crate::score::Value;

/// The depth limit meaning "to the end of the game".
pub const UNLIMITED: u32 = u32::MAX;

/// What a search decided at the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision<M> {
    /// The value of the root.
    pub value: Value,
    /// The first move (in the game's order) that reaches the value; `None` when the root is
    /// finished or at the horizon.
    pub best_move: Option<M>,
}

/// The running counters of one search: the meter against the budget and the statistics.
#[derive(Debug)]
pub(crate) struct Tally {
    pub(crate) meter: Meter,
    pub(crate) stats: SearchStats,
}

impl Tally {
    pub(crate) fn new(budget: &Budget) -> Self {
        Self {
            meter: budget.meter(),
            stats: SearchStats::default(),
        }
    }

    #[cfg(feature = "parallel")]
    pub(crate) fn with_meter(meter: Meter) -> Self {
        Self {
            meter,
            stats: SearchStats::default(),
        }
    }

    /// Count a node at `level` (root = 0). The meter counts the nodes; [`Tally::finish`] copies
    /// its count into the statistics, so the hot path increments one counter, not two.
    #[inline]
    pub(crate) fn enter(&mut self, level: usize) -> Result<(), StopReason> {
        self.stats.max_depth = self.stats.max_depth.max(level as u32);
        self.meter.tick()
    }

    /// Nodes counted so far.
    #[inline]
    pub(crate) fn nodes(&self) -> u64 {
        self.meter.nodes()
    }

    /// The statistics so far, node count included.
    #[cfg(feature = "parallel")]
    pub(crate) fn stats(&self) -> SearchStats {
        SearchStats {
            nodes: self.meter.nodes(),
            ..self.stats
        }
    }

    #[inline]
    pub(crate) fn leaf(&mut self) {
        self.stats.leaves += 1;
    }

    #[inline]
    pub(crate) fn branch(&mut self, moves: usize) {
        if moves >= 2 {
            self.stats.branch_points += 1;
        }
    }

    /// A child is searched while `remaining` other moves are untried.
    #[inline]
    pub(crate) fn child(&mut self, remaining: usize) {
        if remaining > 0 {
            self.stats.guesses += 1;
        }
    }

    #[inline]
    pub(crate) fn cutoff(&mut self) {
        self.stats.dead_ends += 1;
    }

    pub(crate) fn finish<T>(mut self, result: Result<T, StopReason>, partial: T) -> Report<T> {
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
