//! The step-by-step logical solver: apply the easiest technique that makes progress, one
//! [`Step`] at a time, until the grid is solved or no technique applies.
//!
//! ```
//! use sudoku_core::{Grid, explain::{LogicalSolver, Outcome, Settings}};
//! let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let explanation = LogicalSolver::new(Settings::default()).explain(&grid);
//! assert_eq!(explanation.outcome, Outcome::Solved);
//! for step in &explanation.steps {
//!     println!("{}", step.text); // e.g. "Hidden single: in box 1, 1 fits only in r3c1"
//! }
//! # Ok::<(), sudoku_core::ParseError>(())
//! ```

use crate::candidates::Candidates;
use crate::difficulty::Difficulty;
use crate::grid::Grid;
use crate::techniques::{Step, Technique, find_first};

/// Which techniques the logical solver may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Settings {
    /// Use the uniqueness techniques (unique rectangle, BUG+1). Sound only for puzzles with
    /// exactly one solution; off by default.
    pub assume_unique: bool,
    /// The hardest technique level to use (`HoDoKu`'s levels; `Extreme` = every technique).
    pub max_level: Difficulty,
}

impl Default for Settings {
    /// Every technique except the uniqueness ones.
    fn default() -> Self {
        Settings {
            assume_unique: false,
            max_level: Difficulty::Extreme,
        }
    }
}

/// How a logical solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Every cell is solved.
    Solved,
    /// No technique applies any more.
    Stuck,
    /// The grid turned out to have no solution (a cell or a house ran out of candidates).
    Contradiction,
}

/// The steps of a logical solve and where it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// How the solve ended.
    pub outcome: Outcome,
    /// The candidate grid after the last step.
    pub end: Candidates,
}

/// The step-by-step logical solver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogicalSolver {
    techniques: Vec<Technique>,
}

impl Default for LogicalSolver {
    fn default() -> Self {
        LogicalSolver::new(Settings::default())
    }
}

impl LogicalSolver {
    /// A solver using the techniques `settings` allows, in [`Technique::ALL`] order.
    pub fn new(settings: Settings) -> Self {
        LogicalSolver::with_techniques(
            Technique::ALL
                .into_iter()
                .filter(|t| t.level() <= settings.max_level && (settings.assume_unique || !t.assumes_uniqueness())),
        )
    }

    /// A solver trying exactly `techniques`, in the given order.
    pub fn with_techniques(techniques: impl IntoIterator<Item = Technique>) -> Self {
        LogicalSolver {
            techniques: techniques.into_iter().collect(),
        }
    }

    /// The techniques, in the order they are tried.
    pub fn techniques(&self) -> &[Technique] {
        &self.techniques
    }

    /// The next step: the first instance of the first technique that has one.
    pub fn next_step(&self, cands: &Candidates) -> Option<Step> {
        self.techniques.iter().find_map(|&t| find_first(t, cands))
    }

    /// Solve `grid` step by step.
    pub fn explain(&self, grid: &Grid) -> Explanation {
        self.explain_candidates(Candidates::from_grid(grid))
    }

    /// Solve the candidate grid `cands` step by step.
    pub fn explain_candidates(&self, mut cands: Candidates) -> Explanation {
        let mut steps = Vec::new();
        let outcome = loop {
            if is_contradictory(&cands) {
                break Outcome::Contradiction;
            }
            if cands.is_solved() {
                break Outcome::Solved;
            }
            let Some(step) = self.next_step(&cands) else {
                break Outcome::Stuck;
            };
            let ok = step.apply(&mut cands);
            steps.push(step);
            if !ok {
                break Outcome::Contradiction;
            }
        };
        Explanation {
            steps,
            outcome,
            end: cands,
        }
    }
}

/// Whether `cands` visibly has no solution: an open cell without candidates, or a house where
/// some digit has no place left.
pub fn is_contradictory(cands: &Candidates) -> bool {
    if cands.has_empty_cell() {
        return true;
    }
    let layout = cands.layout();
    let all = layout.all_digits();
    layout
        .houses()
        .any(|h| layout.house_cells(h).fold(0u32, |m, c| m | cands.candidates(c).bits()) != all)
}
