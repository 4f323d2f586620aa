//! The paper's pipeline: human techniques up to a chosen level as the propagation step of the
//! tree search, on search-core's [`ConstraintProblem`].
//!
//! Each node first runs the fast rules of [`crate::propagate`] to a fixpoint (singles, and
//! from Medium up locked candidates), then the first step of the easiest further technique
//! of the level, and again, until nothing applies; only then does it branch (on the cell the
//! [`Strategy`] picks). The uniqueness techniques are never used here: the search also
//! counts solutions of puzzles that have several.
//!
//! ```
//! use search_core::{Budget, count_solutions};
//! use sudoku_core::{Candidates, Grid, Strategy, grading::Difficulty, pipeline::TechniqueProblem};
//! let grid: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
//! let problem = TechniqueProblem::new(Difficulty::Hard, Strategy::Greedy);
//! let report = count_solutions(&problem, Candidates::from_grid(&grid), 2, &Budget::unlimited());
//! assert_eq!(report.value, 1);
//! # Ok::<(), sudoku_core::ParseError>(())
//! ```

use search_core::{ConstraintProblem, Propagation, SearchSpace};

use crate::candidates::Candidates;
use crate::difficulty::Difficulty;
use crate::explain::{LogicalSolver, is_contradictory};
use crate::problem::{apply_placement, branch_choices};
use crate::propagate::{Rules, propagate};
use crate::strategy::{Placement, Strategy};
use crate::techniques::Technique;

/// Sudoku with techniques up to `level` as propagation.
#[derive(Debug, Clone)]
pub struct TechniqueProblem {
    level: Difficulty,
    strategy: Strategy,
    rules: Rules,
    extra: LogicalSolver,
}

impl TechniqueProblem {
    /// Techniques up to `level` (Easy = singles only), branching with `strategy`.
    pub fn new(level: Difficulty, strategy: Strategy) -> Self {
        let fast = [
            Technique::FullHouse,
            Technique::NakedSingle,
            Technique::HiddenSingle,
            Technique::Pointing,
            Technique::Claiming,
        ];
        let extra = LogicalSolver::with_techniques(
            Technique::ALL
                .into_iter()
                .filter(|t| t.level() <= level && !t.assumes_uniqueness() && !fast.contains(t)),
        );
        TechniqueProblem {
            level,
            strategy,
            rules: Rules {
                hidden_singles: true,
                locked_candidates: level >= Difficulty::Medium,
            },
            extra,
        }
    }

    /// The technique level.
    pub fn level(&self) -> Difficulty {
        self.level
    }
}

impl SearchSpace for TechniqueProblem {
    type State = Candidates;
    type Choice = Placement;

    fn choices(&self, state: &Candidates, out: &mut Vec<Placement>) {
        branch_choices(state, self.strategy, out);
    }

    fn apply(&self, state: &mut Candidates, choice: Placement) {
        apply_placement(state, choice);
    }
}

impl ConstraintProblem for TechniqueProblem {
    fn propagate(&self, state: &mut Candidates) -> Propagation {
        loop {
            match propagate(state, self.rules) {
                Propagation::Open => {}
                done => return done,
            }
            if is_contradictory(state) {
                return Propagation::Contradiction;
            }
            let Some(step) = self.extra.next_step(state) else {
                return Propagation::Open;
            };
            if !step.apply(state) {
                return Propagation::Contradiction;
            }
        }
    }
}
