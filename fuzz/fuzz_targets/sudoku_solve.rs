//! Arbitrary 9×9, 6×6 (both box shapes) and 4×4 grids (any values, conflicts allowed at the
//! input) through solve and count with every strategy and a node budget: never a panic; a
//! solution is complete, valid and keeps the givens; the count agrees between the fast and the general engine and with
//! the solution list; a budgeted search never claims a wrong complete answer; a search that
//! excludes a digit from a cell finds a solution exactly when a listed one avoids it.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use search_core::{Budget, count_solutions};
use sudoku_core::problem::SudokuProblem;
use sudoku_core::{Candidates, Grid, Layout, Solver, Strategy};

#[derive(Debug, Arbitrary)]
struct Input {
    shape: u8,
    cells: Vec<(u8, u8)>,
    strategy: u8,
    node_limit: u16,
    exclude: (u8, u8),
}

fuzz_target!(|input: Input| {
    let Ok(layout) = [(3, 3), (2, 2), (2, 3), (3, 2)]
        .get(usize::from(input.shape % 4))
        .map_or(Ok(Layout::NINE), |&(rows, cols)| Layout::new(rows, cols))
    else {
        return;
    };
    let n = layout.size() as u8;
    let mut values = vec![0u8; layout.cells()];
    for &(cell, digit) in input.cells.iter().take(40) {
        values[cell as usize % layout.cells()] = digit % (n + 1);
    }
    let Ok(grid) = Grid::from_values(layout, values) else {
        return;
    };
    let strategy = Strategy::ALL[input.strategy as usize % Strategy::ALL.len()];
    let budget = Budget::unlimited().with_node_limit(u64::from(input.node_limit) + 1);
    let solver = Solver::new(strategy).with_budget(budget.clone());
    let count = solver.count(&grid, 3);
    let solved = solver.solve(&grid);
    if let Some(solution) = &solved.value {
        assert!(solution.is_complete());
        assert!(grid.is_subgrid_of(solution));
        assert!(Grid::from_values(layout, solution.values().to_vec()).is_ok());
    }
    if count.is_complete() {
        let general = count_solutions(
            &SudokuProblem::new(strategy),
            Candidates::from_grid(&grid),
            3,
            &Budget::unlimited(),
        );
        assert_eq!(count.value, general.value);
        if solved.is_complete() {
            assert_eq!(solved.value.is_some(), count.value > 0);
        }
        let listed = Solver::new(strategy).solutions(&grid, 3).value;
        assert_eq!(listed.len() as u64, count.value);
        let (cell, digit) = (input.exclude.0 as usize % layout.cells(), 1 + input.exclude.1 % n);
        let other = solver.solve_excluding(&grid, cell, digit);
        if let Some(found) = &other.value {
            assert!(grid.is_subgrid_of(found) && found.is_complete());
            assert_ne!(found.get(cell), Some(digit));
        }
        // With every solution listed (fewer than 3), the answer is known.
        if other.is_complete() && count.value < 3 {
            let avoided = listed.iter().any(|s| s.get(cell) != Some(digit));
            assert_eq!(other.value.is_some(), avoided);
        }
    } else {
        assert!(count.stats.nodes <= u64::from(input.node_limit) + 1);
    }
});
