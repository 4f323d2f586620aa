//! [`SudokuProblem`]: the Sudoku of any layout as a search-core [`ConstraintProblem`] on the
//! [`Candidates`] grid.

use search_core::{ConstraintProblem, Propagation, SearchSpace};

use crate::candidates::Candidates;
use crate::geometry::Geometry;
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
    if strategy.is_binary()
        && let Some((first, second)) = binary_branch(state, strategy)
    {
        out.extend([first, second]);
        return;
    }
    let Some(cell) = branch_cell(state, strategy) else {
        return;
    };
    let start = out.len();
    out.extend(state.candidates(cell).iter().map(|digit| Placement {
        cell: cell as u16,
        digit,
    }));
    if strategy == Strategy::Greedy || strategy.is_binary() {
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

/// The binary strategies' score of a placement in an open cell: the candidates it removes from
/// the cell's peers, a removal from a bivalue peer (which then has a single left) counting
/// `1 + FORCED_WEIGHT` times.
fn removals(state: &Candidates, placement: Placement) -> u32 {
    let cell = usize::from(placement.cell);
    let bit = 1u32 << (placement.digit - 1);
    let (mut removed, mut forced) = (0u32, 0u32);
    for &peer in &Geometry::of(state.layout()).peers[cell] {
        let peer = usize::from(peer);
        let mask = state.masks()[peer];
        if state.value(peer).is_none() && mask & bit != 0 {
            removed += 1;
            forced += u32::from(mask.count_ones() == 2);
        }
    }
    removed + FORCED_WEIGHT * forced
}

/// The extra weight of a removal that leaves its cell with one candidate (a naked single):
/// such a removal counts `1 + FORCED_WEIGHT` times.
pub(crate) const FORCED_WEIGHT: u32 = 2;

/// The best two-way branch of a binary `strategy` (see [`Strategy`] for the scores, the
/// rankings and the tie order): a bivalue cell or (when [`Strategy::uses_bilocal_digits`]) a
/// digit with exactly two places in a house, the placement scoring higher first; `None` when
/// there is no such branch.
///
/// ```
/// use sudoku_core::{Candidates, Grid, Strategy, problem::binary_branch};
/// let grid = Grid::parse_line("4.1.6....3.....2........8..15.2.....6......1....9......2.7.8..........43.7.......")?;
/// let mut candidates = Candidates::from_grid(&grid);
/// sudoku_core::propagate::propagate(&mut candidates, Default::default());
/// let (first, second) = binary_branch(&candidates, Strategy::BinaryProduct).expect("a two-way branch");
/// assert!(first != second);
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
pub fn binary_branch(state: &Candidates, strategy: Strategy) -> Option<(Placement, Placement)> {
    let layout = state.layout();
    let mut best: Option<(u64, Placement, Placement)> = None;
    let mut consider = |a: Placement, b: Placement| {
        let (ra, rb) = (removals(state, a), removals(state, b));
        let key = strategy.binary_key(ra, rb);
        if best.is_none_or(|(k, _, _)| key > k) {
            best = Some(if rb > ra { (key, b, a) } else { (key, a, b) });
        }
    };
    for cell in 0..layout.cells() {
        if state.value(cell).is_some() {
            continue;
        }
        let candidates = state.candidates(cell);
        if candidates.len() == 2 {
            let mut digits = candidates.iter();
            if let (Some(x), Some(y)) = (digits.next(), digits.next()) {
                let cell = cell as u16;
                consider(Placement { cell, digit: x }, Placement { cell, digit: y });
            }
        }
    }
    let digits = if strategy.uses_bilocal_digits() {
        layout.size() as u8
    } else {
        0
    };
    for digit in 1..=digits {
        for house in layout.houses() {
            let mut cells = state.cells_with(house, digit);
            if let (Some(a), Some(b), None) = (cells.next(), cells.next(), cells.next()) {
                consider(Placement { cell: a as u16, digit }, Placement { cell: b as u16, digit });
            }
        }
    }
    best.map(|(_, first, second)| (first, second))
}

/// The cell `strategy` branches on, `None` when no cell is open. The binary strategies
/// name the cell of their first placement ([`binary_branch`]), or greedy's cell when they
/// have no two-way branch.
pub fn branch_cell(state: &Candidates, strategy: Strategy) -> Option<usize> {
    if strategy.is_binary()
        && let Some((first, _)) = binary_branch(state, strategy)
    {
        return Some(usize::from(first.cell));
    }
    let open = (0..state.layout().cells()).filter(|&c| state.value(c).is_none());
    match strategy {
        Strategy::First => open.into_iter().next(),
        Strategy::Mrv => open.min_by_key(|&c| state.candidates(c).len()),
        Strategy::Greedy
        | Strategy::BinaryMax
        | Strategy::BinarySum
        | Strategy::BinaryMin
        | Strategy::BinaryProduct
        | Strategy::BivalueProduct => {
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
