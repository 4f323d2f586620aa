//! The fast 9×9 engine branches exactly as the general engine does on the same candidates:
//! the same cell and the same order of digits, for every strategy, at every open node of real
//! search trees. (Node counts alone cannot show the order of the digits: on a puzzle with one
//! solution every child is searched whatever the order.)

use search_core::{ConstraintProblem, Propagation, SearchSpace};
use sudoku_core::generate::{GenerateOptions, Generator};
use sudoku_core::nine::{Board9, NineProblem};
use sudoku_core::problem::SudokuProblem;
use sudoku_core::{Grid, Layout, Strategy};

/// Walk the search tree of `grid` depth-first on the fast engine, up to `max_nodes` open
/// nodes, comparing its choices with the general engine's on the same candidates at each.
/// Returns the number of open nodes compared.
fn compare_tree(grid: &Grid, strategy: Strategy, max_nodes: usize) -> usize {
    let fast = NineProblem::new(strategy);
    let general = SudokuProblem::new(strategy);
    let mut stack = vec![Board9::from_grid(grid).expect("a 9×9 grid")];
    let (mut ours, mut reference) = (Vec::new(), Vec::new());
    let mut compared = 0;
    while let Some(mut board) = stack.pop() {
        if compared == max_nodes {
            break;
        }
        if fast.propagate(&mut board) != Propagation::Open {
            continue;
        }
        ours.clear();
        reference.clear();
        fast.choices(&board, &mut ours);
        general.choices(&board.to_candidates(), &mut reference);
        assert_eq!(ours, reference, "{strategy} on {}", board.to_grid().to_line());
        compared += 1;
        for &choice in ours.iter().rev() {
            let mut child = board;
            fast.apply(&mut child, choice);
            stack.push(child);
        }
    }
    compared
}

#[test]
fn fast_engine_branches_like_the_general_engine_on_generated_and_open_grids() {
    let generator = Generator::new(Layout::NINE, GenerateOptions::default());
    let mut grids: Vec<Grid> = (0..20).map(|seed| generator.generate(seed)).collect();
    // Many solutions and many tied cells with more than two candidates.
    grids.push(Grid::empty(Layout::NINE));
    grids.push(Grid::parse_line(&format!("123456789{}", ".".repeat(72))).expect("a valid line"));
    for strategy in Strategy::ALL {
        let compared: usize = grids.iter().map(|grid| compare_tree(grid, strategy, 300)).sum();
        assert!(compared > 600, "{strategy}: only {compared} open nodes");
    }
}

#[test]
fn fast_engine_branches_like_the_general_engine_on_hard_puzzles() {
    let Some(lines) = test_data::lines("sudoku/puzzles3_magictour_top1465") else {
        eprintln!("note: ../shared/data/sudoku is missing: hard-puzzle branching comparison skipped");
        return;
    };
    for strategy in Strategy::ALL {
        let compared: usize = lines
            .iter()
            .step_by(73)
            .map(|line| compare_tree(&Grid::parse_line(line).expect("a valid puzzle"), strategy, 200))
            .sum();
        assert!(compared > 100, "{strategy}: only {compared} open nodes");
    }
}
