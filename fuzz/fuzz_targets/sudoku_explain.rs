//! Arbitrary 4×4, 6×6 and 9×9 grids through the human techniques, the logical solver and the
//! grader: never a panic; with one solution every step (and every instance of every
//! technique at the start) agrees with it and the grade is given; with several, the steps
//! (uniqueness techniques off) agree with every listed solution; with none, the grader says so.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use search_core::Budget;
use sudoku_core::explain::{LogicalSolver, Outcome, Settings};
use sudoku_core::grading::{Difficulty, RateError, rate};
use sudoku_core::techniques::{Step, Technique, find_all};
use sudoku_core::{Candidates, Grid, Layout, Solver};

#[derive(Debug, Arbitrary)]
struct Input {
    shape: u8,
    cells: Vec<(u8, u8)>,
}

fn agrees(step: &Step, solution: &Grid) {
    for p in &step.placements {
        assert_eq!(solution.get(p.cell as usize), Some(p.digit), "{}", step.text);
    }
    for e in &step.eliminations {
        assert_ne!(solution.get(e.cell as usize), Some(e.digit), "{}", step.text);
    }
}

fuzz_target!(|input: Input| {
    let layout = match input.shape % 3 {
        0 => Layout::FOUR,
        1 => Layout::new(2, 3).expect("2x3 boxes"),
        _ => Layout::NINE,
    };
    let n = layout.size() as u8;
    let mut values = vec![0u8; layout.cells()];
    for &(cell, digit) in input.cells.iter().take(60) {
        values[cell as usize % layout.cells()] = digit % (n + 1);
    }
    let Ok(grid) = Grid::from_values(layout, values) else {
        return;
    };
    let listing = Solver::default()
        .with_budget(Budget::unlimited().with_node_limit(100_000))
        .solutions(&grid, 3);
    if !listing.is_complete() {
        return;
    }
    let solutions = listing.value;
    let unique = solutions.len() == 1;
    let settings = Settings {
        assume_unique: unique,
        max_level: Difficulty::Extreme,
    };
    let explanation = LogicalSolver::new(settings).explain(&grid);
    for solution in &solutions {
        for step in &explanation.steps {
            agrees(step, solution);
        }
    }
    match solutions.len() {
        0 => assert_eq!(rate(&grid), Err(RateError::NoSolution)),
        1 => {
            assert_ne!(explanation.outcome, Outcome::Contradiction);
            let cands = Candidates::from_grid(&grid);
            for t in Technique::ALL {
                for step in find_all(t, &cands) {
                    agrees(&step, &solutions[0]);
                }
            }
            let rating = rate(&grid).expect("a unique puzzle is rated");
            assert_eq!(rating.solved_by_techniques, explanation.outcome == Outcome::Solved);
            if rating.solved_by_techniques {
                assert_eq!(explanation.end.to_grid(), solutions[0]);
            } else {
                assert_eq!(rating.difficulty, Difficulty::Extreme);
            }
        }
        _ => {
            assert_eq!(rate(&grid), Err(RateError::NotUnique));
            assert_eq!(explanation.outcome, Outcome::Stuck);
        }
    }
});
