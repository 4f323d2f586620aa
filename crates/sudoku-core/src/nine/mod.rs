//! The fast 9×9 engine: [`Board9`] band bitboards, their propagation, and [`NineProblem`],
//! the search-core [`ConstraintProblem`] the solver runs on 9×9 grids.
//!
//! Design (after `JCZSolve` and tdoku; see docs/sudoku.md): candidates are stored per digit
//! and per band of three rows, so that one `u32` covers a band's 27 cells. Rows and boxes
//! never straddle a band and a column is three 9-bit slices, so every rule is a few mask
//! operations. The search-core engine copies the 128-byte board for each child.

mod binary;
mod board;
mod branch;
mod choices;
mod cpu;
mod propagate;
mod tables;
mod triads;

pub use board::Board9;

use search_core::{ConstraintProblem, Propagation, SearchSpace};

use crate::inference::Inference;
use crate::strategy::{Placement, Strategy};
use cpu::Cpu;

/// 9×9 Sudoku as a search-core [`ConstraintProblem`] on [`Board9`]: propagation at an
/// [`Inference`] level (by default naked and hidden singles, locked candidates and triads;
/// choose another with [`NineProblem::with_inference`]), branching by a [`Strategy`].
///
/// ```
/// use search_core::{Budget, count_solutions};
/// use sudoku_core::{Grid, Strategy, nine::{Board9, NineProblem}};
/// let grid = Grid::parse_line("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
/// let board = Board9::from_grid(&grid).expect("9×9");
/// let report = count_solutions(&NineProblem::new(Strategy::Greedy), board, 2, &Budget::unlimited());
/// assert_eq!(report.value, 1);
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NineProblem {
    strategy: Strategy,
    inference: Inference,
    cpu: Cpu,
}

impl Default for NineProblem {
    fn default() -> Self {
        NineProblem::new(Strategy::default())
    }
}

impl NineProblem {
    /// Branch with `strategy`; propagate at the default [`Inference`] level (singles, locked
    /// candidates and triads); the hot code in its `popcnt`/BMI build when the running CPU
    /// has those instructions (detected here).
    pub fn new(strategy: Strategy) -> Self {
        NineProblem {
            strategy,
            inference: Inference::default(),
            cpu: Cpu::detect(),
        }
    }

    /// The same problem with its propagation and branching code chosen by run-time CPU
    /// detection (`true`, the default: the build with `popcnt`, `bmi1`, `bmi2` and `lzcnt` on
    /// `x86_64` CPUs that have them) or always the portable build (`false`). Both give the same choices in the same order, so the same
    /// search tree, solutions and statistics; only the speed differs.
    #[must_use]
    pub fn with_cpu_features(mut self, on: bool) -> Self {
        self.cpu = if on { Cpu::detect() } else { Cpu::portable() };
        self
    }

    /// Whether the problem runs the `popcnt`/BMI build (on an `x86_64` CPU that has those
    /// instructions, unless turned off by [`NineProblem::with_cpu_features`]).
    pub fn uses_cpu_features(&self) -> bool {
        self.cpu.uses_features()
    }

    /// The same problem propagating with singles only (`false`) or with locked candidates too
    /// (`true`: [`Inference::LockedCandidates`], which also turns triads off).
    #[must_use]
    pub fn with_locked_candidates(mut self, on: bool) -> Self {
        self.inference = if on {
            Inference::LockedCandidates
        } else {
            Inference::Singles
        };
        self
    }

    /// The same problem propagating at `inference` level. Every level gives the same
    /// solutions and counts; a stronger level gives a smaller (or equal) tree.
    ///
    /// ```
    /// use search_core::{Budget, count_solutions};
    /// use sudoku_core::{Grid, Inference, Strategy, nine::{Board9, NineProblem}};
    /// let grid = Grid::parse_line("98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6")?;
    /// let board = Board9::from_grid(&grid).expect("9×9");
    /// let mut nodes = Vec::new();
    /// for level in Inference::ALL {
    ///     let problem = NineProblem::new(Strategy::Greedy).with_inference(level);
    ///     let report = count_solutions(&problem, board, 2, &Budget::unlimited());
    ///     assert_eq!(report.value, 1);
    ///     nodes.push(report.stats.nodes);
    /// }
    /// assert!(nodes[0] >= nodes[1] && nodes[1] >= nodes[2]);
    /// # Ok::<(), sudoku_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn with_inference(mut self, inference: Inference) -> Self {
        self.inference = inference;
        self
    }

    /// The propagation level.
    pub fn inference(&self) -> Inference {
        self.inference
    }
}

impl SearchSpace for NineProblem {
    type State = Board9;
    type Choice = Placement;

    #[inline]
    fn choices(&self, state: &Board9, out: &mut Vec<Placement>) {
        self.cpu.run(choices::Choices {
            board: state,
            strategy: self.strategy,
            out,
        });
    }

    #[inline]
    fn apply(&self, state: &mut Board9, choice: Placement) {
        // Choices are candidates of an open cell, so the placement succeeds. Lazily: the
        // search propagates every child before looking at it, and the propagation completes
        // the placement (the same fixpoint, so the same tree).
        let placed = state.place_digit_lazily(choice.cell as usize, choice.digit);
        debug_assert!(placed);
    }
}

impl ConstraintProblem for NineProblem {
    #[inline]
    fn propagate(&self, state: &mut Board9) -> Propagation {
        self.cpu.run(propagate::Propagate {
            board: state,
            inference: self.inference,
        })
    }
}
