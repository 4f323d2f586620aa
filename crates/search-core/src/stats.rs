//! Search statistics shared by every algorithm of the workspace.

use std::time::Duration;

use crate::budget::StopReason;

/// What a search did: the same counters for constraint search, game-tree search and
/// Minesweeper enumeration, so the engines can be compared on one scale.
///
/// Counting rules (every search in the workspace follows them):
/// - `nodes`: states visited, one per call of the recursive search (the root included).
/// - `leaves`: nodes where the search ended without expanding: a solution of a constraint
///   problem, or a terminal / horizon position of a game.
/// - `max_depth`: the deepest node visited, the root being depth 0.
/// - `branch_points`: nodes that offered two or more choices.
/// - `guesses`: children tried at branch points while an untried alternative was still left
///   (the last alternative is implied once the others are exhausted, so it is not a guess);
///   this is how tdoku counts guesses per puzzle.
/// - `dead_ends`: nodes where propagation found a contradiction (constraint search), or the
///   number of cutoffs (game-tree search: a move that refuted the window).
/// - `elapsed`: wall-clock time of the search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchStats {
    /// States visited, the root included.
    pub nodes: u64,
    /// Nodes where the search ended without expanding (solutions, terminal positions).
    pub leaves: u64,
    /// The deepest node visited (root = 0).
    pub max_depth: u32,
    /// Nodes that offered two or more choices.
    pub branch_points: u64,
    /// Children tried at branch points while an alternative was still untried.
    pub guesses: u64,
    /// Contradictions found (constraint search) or cutoffs (game-tree search).
    pub dead_ends: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl SearchStats {
    /// Add the counters of `other` to `self` (depths take the maximum; times add up, so a
    /// parallel search reports the CPU time spent over all threads).
    pub fn merge(&mut self, other: &SearchStats) {
        self.nodes += other.nodes;
        self.leaves += other.leaves;
        self.max_depth = self.max_depth.max(other.max_depth);
        self.branch_points += other.branch_points;
        self.guesses += other.guesses;
        self.dead_ends += other.dead_ends;
        self.elapsed += other.elapsed;
    }

    /// Nodes per second over `elapsed` (0 when no time was measured).
    pub fn nodes_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 { self.nodes as f64 / secs } else { 0.0 }
    }
}

/// The answer of a search together with its statistics and, when it ran out of budget, why.
///
/// When `stopped` is `Some`, `value` holds what was found before the stop (a partial count,
/// the solutions seen so far) and must not be taken as the complete answer.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report<T> {
    /// The answer (partial if `stopped` is `Some`).
    pub value: T,
    /// What the search did.
    pub stats: SearchStats,
    /// Why the search stopped early, if it did.
    pub stopped: Option<StopReason>,
}

impl<T> Report<T> {
    /// Whether the search finished within its budget.
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }

    /// The value if the search finished, else the reason it stopped.
    ///
    /// # Errors
    /// The [`StopReason`] when the budget ran out before the search finished.
    pub fn into_result(self) -> Result<T, StopReason> {
        match self.stopped {
            None => Ok(self.value),
            Some(reason) => Err(reason),
        }
    }

    /// Transform the value, keeping statistics and stop reason.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Report<U> {
        Report {
            value: f(self.value),
            stats: self.stats,
            stopped: self.stopped,
        }
    }
}
