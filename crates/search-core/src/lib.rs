//! # search-core
//!
//! The shared, trait-based search abstraction under the workspace's three engines (Sudoku,
//! two-player games, Minesweeper).
//!
//! - **Vocabulary** ([`SearchSpace`]): a rules object, plain `Clone` states and small `Copy`
//!   choices written into caller-owned buffers. Everything is generic and statically
//!   dispatched; nothing on a hot path is boxed, and move generation does not allocate once
//!   the per-depth buffers have grown.
//! - **Constraint search** ([`ConstraintProblem`]): propagate, pick a branching point, try each
//!   choice, backtrack. Entry points: [`first_solution`], [`count_solutions`] (up to a limit),
//!   [`for_each_solution`] (with early stop) and [`fold_solutions`].
//! - **Statistics** ([`SearchStats`]): nodes, leaves, maximum depth, branch points, guesses,
//!   dead ends and elapsed time, counted the same way by every algorithm; [`Tally`] keeps
//!   them (and the budget's meter) for a hand-written recursive search.
//! - **Budgets** ([`Budget`], [`Meter`], [`CancelToken`]): node limit, deadline, and
//!   cooperative cancellation from another thread. A search that runs out says so in its
//!   [`Report`] and still returns its statistics.
//! - **Parallel split** (feature `parallel`): [`parallel::par_count_solutions`][par_count],
//!   [`parallel::par_first_solution`][par_first] and [`parallel::par_fold_solutions`][par_fold] solve the top
//!   subtrees on rayon, with the same results as the sequential searches.
//!   [`parallel::ordered_map`][par_map] runs independent jobs (games, puzzles, input lines) on
//!   rayon with their results in input order.
//!
//! ## Example: the n-queens problem
//!
//! A state is the column of the queen in each filled row; a choice is the column for the next
//! row. Propagation rejects attacked squares.
//!
//! ```
//! use search_core::{Budget, ConstraintProblem, Propagation, SearchSpace, count_solutions, first_solution};
//!
//! struct Queens(usize);
//!
//! impl SearchSpace for Queens {
//!     type State = Vec<usize>;  // column of the queen in rows 0..len
//!     type Choice = usize;      // column for the next row
//!     fn choices(&self, placed: &Vec<usize>, out: &mut Vec<usize>) {
//!         let row = placed.len();
//!         out.extend((0..self.0).filter(|&col| {
//!             placed.iter().enumerate().all(|(r, &c)| c != col && row - r != col.abs_diff(c))
//!         }));
//!     }
//!     fn apply(&self, placed: &mut Vec<usize>, col: usize) {
//!         placed.push(col);
//!     }
//! }
//!
//! impl ConstraintProblem for Queens {
//!     fn propagate(&self, placed: &mut Vec<usize>) -> Propagation {
//!         if placed.len() == self.0 { Propagation::Solved } else { Propagation::Open }
//!     }
//! }
//!
//! let report = count_solutions(&Queens(8), Vec::new(), u64::MAX, &Budget::unlimited());
//! assert_eq!(report.value, 92);
//! assert!(report.is_complete());
//! println!("{} nodes, {} dead ends", report.stats.nodes, report.stats.dead_ends);
//!
//! let first = first_solution(&Queens(8), Vec::new(), &Budget::unlimited());
//! assert_eq!(first.value, Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
//!
//! // A budget stops the search and says why.
//! let stopped = count_solutions(&Queens(12), Vec::new(), u64::MAX, &Budget::unlimited().with_node_limit(500));
//! assert_eq!(stopped.stopped, Some(search_core::StopReason::NodeLimit));
//! ```
//!
//! ## Feature flags
//! - `parallel`: the [`parallel`][par_module] module (depends on rayon).
//! - `serde`: `Serialize` and `Deserialize` for [`SearchStats`] (`elapsed` in serde's form for
//!   `Duration`, `{"secs": …, "nanos": …}`), [`StopReason`] (`"node_limit"`, `"deadline"`,
//!   `"cancelled"`) and [`Report`].
//!
//! ## Determinism
//! Every search here is deterministic: the same problem and budget (without a deadline or
//! cancellation) give the same answer and the same statistics (except `elapsed`) on every
//! platform. The parallel searches give the same answers for every thread count.
//!

// The parallel items exist only with the `parallel` feature; without it, their links lead to
// the feature flags above, so the documentation builds cleanly either way.
#![cfg_attr(
    feature = "parallel",
    doc = "[par_count]: parallel::par_count_solutions\n[par_first]: parallel::par_first_solution\n\
           [par_fold]: parallel::par_fold_solutions\n[par_map]: parallel::ordered_map\n[par_module]: parallel"
)]
#![cfg_attr(
    not(feature = "parallel"),
    doc = "[par_count]: crate#feature-flags\n[par_first]: crate#feature-flags\n\
           [par_fold]: crate#feature-flags\n[par_map]: crate#feature-flags\n[par_module]: crate#feature-flags"
)]
#![forbid(unsafe_code)]
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

pub mod budget;
pub mod constraint;
#[cfg(feature = "parallel")]
pub mod parallel;
pub mod space;
pub mod stats;
pub mod tally;
pub mod toys;

pub use budget::{Budget, CancelToken, Meter, StopReason};
pub use constraint::{
    ConstraintProblem, Propagation, count_solutions, first_solution, fold_solutions, for_each_solution,
};
pub use space::{ChoiceBuffers, SearchSpace, count_paths};
pub use stats::{Report, SearchStats};
pub use tally::Tally;

/// The README's examples, compiled and run as doc-tests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
