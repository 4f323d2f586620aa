//! [`SudokuProblem`]: the Sudoku of any layout as a search-core [`ConstraintProblem`] on the
//! [`Candidates`] grid.

use search_core::{ConstraintProblem, Propagation, SearchSpace};

use crate::candidates::Candidates;
use crate::propagate::{Rules, propagate};
use crate::strategy::{Placement, Strategy};

/// Sudoku of any layout: the state is a [`Candidates`] grid, propagation runs the rules of
/// [`crate::propagate`], and the branching cell follows a [`Strategy`].
///
/// ```
/// use search_core::{Budget, count_solutions};
/// use sudoku_core::{Candidates, Layout, Strategy, problem::SudokuProblem};
/// let problem = SudokuProblem::new(Strategy::Mrv);
/// let report = count_solutions(&problem, Candidates::new(Layout::FOUR), u64::MAX, &Budget::unlimited());
/// assert_eq!(report.value, 288);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SudokuProblem {
    strategy: Strategy,
    rules: Rules,
}

impl SudokuProblem {
    /// A problem branching with `strategy`, with every propagation rule.
    pub fn new(strategy: Strategy) -> Self {
        SudokuProblem {
            strategy,
            rules: Rules::default(),
        }
    }

    /// The same problem with the given propagation rules.
    #[must_use]
    pub fn with_rules(mut self, rules: Rules) -> Self {
        self.rules = rules;
        self
    }
}

impl SearchSpace for SudokuProblem {
    type State = Candidates;
    type Choice = Placement;

    fn choices(&self, state: &Candidates, out: &mut Vec<Placement>) {
        branch_choices(state, self.strategy, out);
    }

    fn apply(&self, state: &mut Candidates, choice: Placement) {
        apply_placement(state, choice);
    }
}

/// The placements `strategy` branches on, appended to `out`: every candidate of its cell, most
/// eliminations first under the greedy rule (the sort is stable, so ties keep increasing
/// digits). Shared by [`SudokuProblem`] and the technique pipeline.
pub(crate) fn branch_choices(state: &Candidates, strategy: Strategy, out: &mut Vec<Placement>) {
    let Some(cell) = branch_cell(state, strategy) else {
        return;
    };
    let start = out.len();
    out.extend(state.candidates(cell).iter().map(|digit| Placement {
        cell: cell as u16,
        digit,
    }));
    if strategy == Strategy::Greedy {
        out[start..].sort_by_key(|p| std::cmp::Reverse(state.eliminations(cell, p.digit)));
    }
}

/// Apply one branch placement. A failed placement leaves a contradiction that the next
/// propagation reports.
pub(crate) fn apply_placement(state: &mut Candidates, choice: Placement) {
    let _ = state.place(choice.cell as usize, choice.digit);
}

impl ConstraintProblem for SudokuProblem {
    fn propagate(&self, state: &mut Candidates) -> Propagation {
        propagate(state, self.rules)
    }
}

/// The cell `strategy` branches on, `None` when no cell is open.
pub fn branch_cell(state: &Candidates, strategy: Strategy) -> Option<usize> {
    let open = (0..state.layout().cells()).filter(|&c| state.value(c).is_none());
    match strategy {
        Strategy::First => open.into_iter().next(),
        Strategy::Mrv => open.min_by_key(|&c| state.candidates(c).len()),
        Strategy::Greedy => {
            let mut best: Option<(usize, usize, usize)> = None; // (count, -elims as rank, cell)
            for cell in open {
                let count = state.candidates(cell).len();
                if best.is_some_and(|(bc, _, _)| count > bc) {
                    continue;
                }
                let elims = state
                    .candidates(cell)
                    .iter()
                    .map(|d| state.eliminations(cell, d))
                    .max()
                    .unwrap_or(0);
                let better = match best {
                    None => true,
                    Some((bc, be, _)) => count < bc || elims > be,
                };
                if better {
                    best = Some((count, elims, cell));
                }
            }
            best.map(|(_, _, cell)| cell)
        }
    }
}
