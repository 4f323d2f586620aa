//! The binary branching strategies (`Strategy::is_binary`: two-way branches on bivalue cells
//! and bilocal digits) find the same solutions and counts as the paper's greedy rule, every
//! branch they take is a real two-way split (two placements that together cover every
//! solution and share none; only bivalue cells for `bivalue-product`), and on a
//! hand-checked position `binary-product` picks a bilocal digit in a column.

use search_core::{ConstraintProblem, Propagation, SearchSpace};
use sudoku_core::generate::{GenerateOptions, Generator};
use sudoku_core::nine::{Board9, NineProblem};
use sudoku_core::problem::binary_branch;
use sudoku_core::{Grid, House, Layout, Placement, Solver, Strategy};

/// The binary strategies.
fn binaries() -> Vec<Strategy> {
    Strategy::ALL.into_iter().filter(|s| s.is_binary()).collect()
}

#[test]
fn strategy_names_round_trip() {
    for strategy in Strategy::ALL {
        assert_eq!(strategy.name().parse::<Strategy>(), Ok(strategy));
    }
    assert_eq!(binaries().len(), 5);
    assert!(!Strategy::BivalueProduct.uses_bilocal_digits());
    assert!(Strategy::BinaryProduct.uses_bilocal_digits());
    assert!(!Strategy::Greedy.is_binary());
    assert!("binary".parse::<Strategy>().is_err());
}

#[test]
fn a_bilocal_column_branch_is_chosen() {
    // From magictour top1465. After propagation digit 7 has two places left in column 1, at
    // r3c1 (cell 18) and r6c1 (cell 45): binary-product branches there, r6c1 first (its
    // placement removes more).
    let grid = Grid::parse_line("4.1.6....3.....2........8..15.2.....6......1....9......2.7.8..........43.7.......")
        .expect("valid");
    let problem = NineProblem::new(Strategy::BinaryProduct);
    let mut board = Board9::from_grid(&grid).expect("9×9");
    assert_eq!(problem.propagate(&mut board), Propagation::Open);
    let mut choices = Vec::new();
    problem.choices(&board, &mut choices);
    let expected = [Placement { cell: 45, digit: 7 }, Placement { cell: 18, digit: 7 }];
    assert_eq!(choices, expected);
    // Independently: 7 has exactly those two places in column 1, and the general engine
    // picks the same branch on the same candidates.
    let candidates = board.to_candidates();
    assert_eq!(candidates.cells_with(House::Col(0), 7).collect::<Vec<_>>(), [18, 45]);
    assert_eq!(
        binary_branch(&candidates, Strategy::BinaryProduct),
        Some((expected[0], expected[1]))
    );
    // Exactly one of the two children leads to the (unique) solution.
    let solver = Solver::new(Strategy::Greedy);
    let counts: Vec<u64> = expected
        .iter()
        .map(|p| {
            let mut values = board.to_grid().values().to_vec();
            values[usize::from(p.cell)] = p.digit;
            let child = Grid::from_values(Layout::NINE, values).expect("7 is a candidate there");
            solver.count(&child, 2).value
        })
        .collect();
    assert_eq!(counts.iter().sum::<u64>(), 1, "{counts:?}");
}

/// Walk the tree of `grid` under `strategy` (up to `max_nodes` open nodes): every branch of a
/// binary strategy has two placements, either one cell's two candidates or one digit's only
/// two places in some house. Returns how many branches were bilocal.
fn check_branches(grid: &Grid, strategy: Strategy, max_nodes: usize) -> (usize, usize) {
    let problem = NineProblem::new(strategy);
    let mut stack = vec![Board9::from_grid(grid).expect("9×9")];
    let (mut open, mut bilocal) = (0, 0);
    let mut choices = Vec::new();
    while let Some(mut board) = stack.pop() {
        if open == max_nodes || problem.propagate(&mut board) != Propagation::Open {
            continue;
        }
        open += 1;
        choices.clear();
        problem.choices(&board, &mut choices);
        let candidates = board.to_candidates();
        if let [a, b] = choices[..] {
            if a.cell == b.cell {
                assert_eq!(candidates.candidates(usize::from(a.cell)).len(), 2);
            } else {
                assert_eq!(a.digit, b.digit);
                let cells = [usize::from(a.cell), usize::from(b.cell)];
                let layout = Layout::NINE;
                assert!(
                    layout.houses_of(cells[0]).iter().any(|&h| {
                        let mut places: Vec<usize> = candidates.cells_with(h, a.digit).collect();
                        places.sort_unstable();
                        let mut pair = cells;
                        pair.sort_unstable();
                        places == pair
                    }),
                    "{choices:?} on {}",
                    board.to_grid().to_line()
                );
                bilocal += 1;
            }
        } else {
            // No two-way branch: greedy's cell, with three or more candidates.
            assert!(choices.len() >= 3, "{choices:?}");
        }
        for &choice in &choices {
            let mut child = board;
            problem.apply(&mut child, choice);
            stack.push(child);
        }
    }
    (open, bilocal)
}

#[test]
fn binary_branches_are_two_way_splits() {
    let generator = Generator::new(Layout::NINE, GenerateOptions::default());
    let mut grids: Vec<Grid> = (0..10).map(|seed| generator.generate(seed)).collect();
    grids.push(Grid::empty(Layout::NINE));
    // The empty grid alone gives 300 open nodes; the forum-hardest sample (when the shared
    // data is there) gives hundreds more.
    let min_open = if let Some(lines) = test_data::lines("sudoku/puzzles5_forum_hardest_1905_11+") {
        grids.extend(lines.iter().step_by(4000).map(|l| Grid::parse_line(l).expect("valid")));
        500
    } else {
        eprintln!("note: ../shared/data/sudoku is missing: forum-hardest sample skipped");
        300
    };
    for strategy in binaries() {
        let (mut open, mut bilocal) = (0, 0);
        for grid in &grids {
            let (o, b) = check_branches(grid, strategy, 300);
            open += o;
            bilocal += b;
        }
        assert!(open >= min_open, "{strategy}: only {open} open nodes");
        if strategy.uses_bilocal_digits() {
            assert!(bilocal > 0, "{strategy}: no bilocal branch in {open} open nodes");
        } else {
            assert_eq!(bilocal, 0, "{strategy}");
        }
    }
}

#[test]
fn binary_strategies_count_and_solve_like_greedy() {
    let greedy = Solver::new(Strategy::Greedy);
    // Puzzles with several solutions: generated puzzles less some givens, counted up to a
    // limit above their totals, so every solution is listed.
    let generator = Generator::new(Layout::NINE, GenerateOptions::default());
    let mut open: Vec<Grid> = Vec::new();
    for seed in 0..8 {
        let puzzle = generator.generate(seed);
        let mut values = puzzle.values().to_vec();
        let mut removed = 0;
        for v in &mut values {
            if *v != 0 && removed < 1 + seed as usize % 2 {
                *v = 0;
                removed += 1;
            }
        }
        open.push(Grid::from_values(Layout::NINE, values).expect("a subgrid of a valid puzzle"));
    }
    let mut several = 0;
    for grid in &open {
        let mut expected = greedy.solutions(grid, 5000).value;
        if expected.len() == 5000 {
            continue;
        }
        several += usize::from(expected.len() > 1);
        expected.sort_by_key(Grid::to_line);
        for strategy in binaries() {
            let mut found = Solver::new(strategy).solutions(grid, 5000).value;
            found.sort_by_key(Grid::to_line);
            assert_eq!(found, expected, "{strategy} on {}", grid.to_line());
        }
    }
    assert!(several >= 4, "only {several} grids with several solutions");
    // Unique puzzles from the public sets: the same count and the same solution.
    let mut sample: Vec<Grid> = Vec::new();
    for (file, step) in [
        ("sudoku/puzzles5_forum_hardest_1905_11+", 1500),
        ("sudoku/puzzles3_magictour_top1465", 60),
        ("sudoku/puzzles2_17_clue", 1500),
        ("sudoku/puzzles6_forum_hardest_1106", 25),
    ] {
        let Some(lines) = test_data::lines(file) else {
            eprintln!("note: ../shared/data/{file} is missing: skipped");
            continue;
        };
        sample.extend(lines.iter().step_by(step).map(|l| Grid::parse_line(l).expect("valid")));
    }
    for grid in &sample {
        let solution = greedy.solve(grid).value;
        assert!(solution.is_some());
        for strategy in binaries() {
            let solver = Solver::new(strategy);
            assert_eq!(solver.count(grid, 2).value, 1, "{strategy} on {}", grid.to_line());
            assert_eq!(solver.solve(grid).value, solution, "{strategy} on {}", grid.to_line());
        }
    }
}

#[test]
fn the_product_strategies_guess_less_than_greedy_on_forum_hardest() {
    let Some(lines) = test_data::lines("sudoku/puzzles5_forum_hardest_1905_11+") else {
        eprintln!("note: ../shared/data/sudoku is missing: guess comparison skipped");
        return;
    };
    let guesses = |strategy: Strategy| -> u64 {
        let solver = Solver::new(strategy);
        lines
            .iter()
            .step_by(250)
            .map(|l| solver.count(&Grid::parse_line(l).expect("valid"), 2).stats.guesses)
            .sum()
    };
    let (greedy, product) = (guesses(Strategy::Greedy), guesses(Strategy::BinaryProduct));
    // On all of fh_1905_11+: 83.99 against 59.20 per puzzle (docs/BENCHMARKS.md, round 8).
    assert!(
        product * 10 < greedy * 9,
        "binary-product {product} against greedy {greedy}"
    );
}
