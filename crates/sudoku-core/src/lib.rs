//! # sudoku-core
//!
//! The Sudoku engine of the search workspace: bitset candidate grids for every box size
//! (4×4, 6×6, 9×9, 16×16, 25×25), a parser and printer with typed errors, propagation
//! (naked and hidden singles, locked candidates, and on 9×9 naked and hidden triads: see
//! [`Inference`]), depth-first search on [`search_core`]'s
//! [`ConstraintProblem`](search_core::ConstraintProblem) with selectable branching strategies
//! (first open cell, fewest candidates, and the greedy rule of a Sudoku paper), solution
//! counting, uniqueness checks, and seeded generation of unique puzzles.
//!
//! ## Example: solve, count, generate
//!
//! ```
//! use sudoku_core::{Grid, Solver, Strategy, generate::{Generator, GenerateOptions}};
//!
//! let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let solver = Solver::new(Strategy::Greedy);
//! let report = solver.solve(&grid);
//! assert_eq!(
//!     report.value.map(|g| g.to_line()).as_deref(),
//!     Some("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
//! );
//! assert_eq!(solver.count(&grid, 2).value, 1);
//!
//! // The same seed gives the same puzzle on every platform.
//! let options = GenerateOptions { symmetric: true, minimal: true };
//! let puzzle = Generator::new(sudoku_core::Layout::NINE, options).generate(42);
//! assert!(solver.is_unique(&puzzle).value);
//! // Within a budget (nodes, deadline, cancellation): the same puzzle, or GenerateError::Stopped.
//! let budget = sudoku_core::search_core::Budget::unlimited().with_node_limit(1_000_000);
//! assert_eq!(Generator::new(sudoku_core::Layout::NINE, options).try_generate(42, &budget), Ok(puzzle));
//! # Ok::<(), sudoku_core::ParseError>(())
//! ```
//!
//! ## Map
//! - [`layout`]: box shape, cells, houses and peers (and [`LayoutError`]); [`grid`]: the digits
//!   of a puzzle; [`format`](mod@format): line and pretty-grid text; [`error`]: typed errors.
//! - [`candidates`]: the general candidate grid and [`DigitSet`]; [`propagate`]: the rules
//!   one by one; [`problem`]: the general search problem; [`nine`]: the fast 9×9 engine.
//! - [`strategy`]: branching strategies; [`solver`]: the entry point; [`generate`]: puzzle
//!   generation; [`transform`]: validity-preserving symmetries.
//! - [`techniques`]: human solving techniques (one file per family) that explain themselves;
//!   [`explain`]: the step-by-step logical solver; [`difficulty`]: `HoDoKu`'s levels;
//!   [`grading`]: HoDoKu-style scores and grades;
//!   [`pipeline`]: techniques as the propagation step of the tree search.
//!
//! ## Determinism
//! Solving, counting, explaining and grading are deterministic functions of the puzzle (and
//! the chosen strategy and settings). Generation is seed-stable: [`generate`] draws only from a
//! `ChaCha8Rng` seeded by the caller, so a seed gives the same puzzle on every platform and for
//! every thread count (`search-cli sudoku … --threads N` never changes the output).
//!
//! ## Feature flags
//! - `parallel`: enables search-core's parallel searches (the problems here work with them).
//! - `serde`: `Serialize` and `Deserialize` for [`Layout`] (`{"box_rows": 3, "box_cols": 3}`),
//!   [`Grid`] (`{"box_rows": 3, "box_cols": 3, "cells": "53..7...."}`, the cells in the line
//!   format, read back with [`Grid::parse_line_with`] so every layout round-trips), and by name
//!   for [`Strategy`], [`Inference`] and [`Difficulty`] (`"bivalue-product"`,
//!   `"triads"`, `"hard"`); also search-core's `serde` feature. A document is checked by the
//!   same constructors and parser as any other input: a grid with a repeated digit, a wrong
//!   length or an unknown field is refused with an error that says so.
//!
//! ## Unsafe code: one measured exception
//! The crate denies `unsafe` everywhere but one call site, in `nine/cpu.rs`: the 9×9 engine's
//! hot code (propagation, the fewest-candidates count and the greedy scoring) is generated
//! twice, once for the plain `x86_64` target and once inside a
//! `#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]` function, and the second runs only
//! when `is_x86_feature_detected!` found those instructions on the running CPU (checked when a
//! [`nine::NineProblem`] is made). Calling a target-feature function from ordinary code needs
//! `unsafe`; that one block is sound because of the detection. Other targets compile the
//! portable build only, and [`Solver::with_cpu_features`]`(false)` forces it. Both builds give
//! identical answers, choices and statistics (`tests/cpu_dispatch.rs` compares them node by
//! node on real puzzles). Measured win on the first 300 forum-hardest-1905 puzzles: 155.2 M →
//! 139.6 M solve instructions (−10%) and 3.6% less CPU time over the first 12,000 (median of
//! 15 interleaved rounds); the default `x86_64` target has no hardware population count, which
//! the greedy scoring needs once per scored placement. See docs/BENCHMARKS.md.

#![deny(unsafe_code)]
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

pub mod candidates;
pub mod difficulty;
pub mod error;
pub mod explain;
pub mod format;
pub mod generate;
pub mod geometry;
pub mod grading;
pub mod grid;
pub mod inference;
pub mod layout;
pub mod nine;
pub mod pipeline;
pub mod problem;
pub mod propagate;
pub mod solver;
pub mod strategy;
pub mod techniques;
pub mod transform;

#[cfg(feature = "serde")]
mod serde_impls;

pub use candidates::{Candidates, DigitSet};
pub use difficulty::Difficulty;
pub use error::{CellRef, GenerateError, ParseError};
pub use grid::Grid;
pub use inference::{Inference, UnknownInference};
pub use layout::{House, Layout, LayoutError};
pub use search_core;
pub use solver::Solver;
pub use strategy::{Placement, Strategy, UnknownStrategy};
