//! Exact oracles: published counts and the tdoku oracle file, on every engine and strategy.

use search_core::{Budget, count_solutions};
use sudoku_core::problem::SudokuProblem;
use sudoku_core::{Candidates, Grid, Layout, Solver, Strategy};

#[test]
fn empty_four_by_four_has_288_solutions_for_every_strategy() {
    let empty = Grid::empty(Layout::FOUR);
    for strategy in Strategy::ALL {
        let report = Solver::new(strategy).count(&empty, u64::MAX);
        assert_eq!(report.value, 288, "{strategy}");
        assert_eq!(report.stats.leaves, 288);
        let singles = Solver::new(strategy).singles_only(true).count(&empty, u64::MAX);
        assert_eq!(singles.value, 288, "{strategy} singles only");
    }
    let all = Solver::new(Strategy::Mrv).solutions(&empty, 1000).value;
    assert_eq!(all.len(), 288);
    let distinct: std::collections::HashSet<_> = all.iter().collect();
    assert_eq!(distinct.len(), 288);
    assert!(all.iter().all(Grid::is_complete));
}

#[test]
fn count_stops_at_the_limit() {
    let empty = Grid::empty(Layout::NINE);
    for strategy in Strategy::ALL {
        assert_eq!(Solver::new(strategy).count(&empty, 1000).value, 1000);
    }
}

/// `puzzle:count[:solution]` lines of tdoku's test file.
fn tdoku_cases() -> Option<Vec<(Grid, u64, Option<String>)>> {
    let lines = test_data::lines("sudoku/tdoku_test_puzzles")?;
    Some(
        lines
            .iter()
            .map(|line| {
                let mut parts = line.split(':');
                let puzzle = Grid::parse_line(parts.next().unwrap()).unwrap();
                let count = parts.next().unwrap().parse().unwrap();
                let solution = parts.next().map(str::to_owned);
                (puzzle, count, solution)
            })
            .collect(),
    )
}

#[test]
fn tdoku_test_puzzles_counts_and_solutions() {
    let Some(cases) = tdoku_cases() else { return };
    assert_eq!(cases.len(), 43);
    for (puzzle, count, solution) in &cases {
        for strategy in Strategy::ALL {
            let solver = Solver::new(strategy);
            let report = solver.count(puzzle, u64::MAX);
            assert_eq!(report.value, *count, "{puzzle} {strategy}");
            // The general engine on the same 9×9 puzzle: an independent implementation.
            let general = count_solutions(
                &SudokuProblem::new(strategy),
                Candidates::from_grid(puzzle),
                u64::MAX,
                &Budget::unlimited(),
            );
            assert_eq!(general.value, *count, "general {puzzle} {strategy}");
            let first = solver.solve(puzzle).value;
            assert_eq!(first.is_some(), *count > 0);
            if let Some(expected) = solution {
                assert_eq!(first.unwrap().to_line(), *expected, "{puzzle} {strategy}");
            }
            let singles = Solver::new(strategy).singles_only(true).count(puzzle, u64::MAX);
            assert_eq!(singles.value, *count, "singles only {puzzle} {strategy}");
        }
    }
}

#[test]
fn all_17_clue_puzzles_are_unique() {
    let Some(lines) = test_data::lines("sudoku/puzzles2_17_clue") else {
        return;
    };
    assert_eq!(lines.len(), 49_158);
    let solver = Solver::new(Strategy::Greedy);
    let mut guesses = 0;
    for line in &lines {
        let grid = Grid::parse_line(line).unwrap();
        assert_eq!(grid.givens(), 17);
        let report = solver.count(&grid, 2);
        assert_eq!(report.value, 1, "{line}");
        guesses += report.stats.guesses;
    }
    eprintln!("17-clue: {:.3} guesses per puzzle", guesses as f64 / lines.len() as f64);
}
