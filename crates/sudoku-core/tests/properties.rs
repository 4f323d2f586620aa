//! Property tests: solutions are valid and keep the givens; the symmetries of the grid
//! commute with solving; the fast and the general engines agree; a search that excludes a
//! digit from a cell finds exactly the solutions without it; the general engine's propagation
//! reaches the fixpoint of the fast engine and of a one-deduction-at-a-time reference;
//! generated puzzles are unique and minimal; printing and parsing are inverse.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search_core::{Budget, Propagation, count_solutions};
use sudoku_core::generate::{GenerateOptions, Generator};
use sudoku_core::layout::House;
use sudoku_core::nine::Board9;
use sudoku_core::problem::SudokuProblem;
use sudoku_core::propagate::{Rules, propagate};
use sudoku_core::transform::{permute_cols, permute_rows, relabel, transpose};
use sudoku_core::{Candidates, Grid, Layout, Solver, Strategy as Branching};

/// A puzzle from a random solution grid: each cell kept with probability `keep` percent.
fn puzzle(layout: Layout, seed: u64, keep: u32) -> (Grid, Grid) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let solution = Generator::new(layout, GenerateOptions::default()).solution_grid(&mut rng);
    let mut mask_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED);
    let values = solution
        .values()
        .iter()
        .map(|&v| {
            if rand::RngExt::random_range(&mut mask_rng, 0..100u32) < keep {
                v
            } else {
                0
            }
        })
        .collect();
    (Grid::from_values(layout, values).unwrap(), solution)
}

/// The candidates of a puzzle of `layout` with `cuts` random candidates of open cells removed
/// as well (which may leave no solution): a start for propagation that may end anywhere.
fn cut_candidates(layout: Layout, seed: u64, keep: u32, cuts: usize) -> (Candidates, Vec<(usize, u8)>) {
    let (grid, _) = puzzle(layout, seed, keep);
    let mut cands = Candidates::from_grid(&grid);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xC075);
    let mut cut = Vec::new();
    for _ in 0..cuts {
        let cell = rand::RngExt::random_range(&mut rng, 0..layout.cells());
        let digit = rand::RngExt::random_range(&mut rng, 1..=layout.size() as u8);
        if cands.eliminate(cell, digit) {
            cut.push((cell, digit));
        }
    }
    (cands, cut)
}

/// Naked singles, hidden singles and (with `locked`) locked candidates run to their fixpoint
/// one deduction at a time, by coordinates: the reference for the general engine's
/// propagation, which reaches the same fixpoint by any order (every deduction stays valid
/// when candidates are removed).
fn reference_fixpoint(cands: &mut Candidates, locked: bool) -> Propagation {
    let layout = cands.layout();
    let n = layout.size() as u8;
    'deduce: loop {
        if (0..layout.cells()).any(|c| cands.value(c).is_none() && cands.candidates(c).is_empty()) {
            return Propagation::Contradiction;
        }
        if cands.is_solved() {
            return Propagation::Solved;
        }
        if let Some(cell) = (0..layout.cells()).find(|&c| cands.value(c).is_none() && cands.candidates(c).len() == 1) {
            let digit = cands.candidates(cell).single().unwrap();
            if !cands.place(cell, digit) {
                return Propagation::Contradiction;
            }
            continue;
        }
        for house in layout.houses() {
            for digit in 1..=n {
                if layout.house_cells(house).any(|c| cands.value(c) == Some(digit)) {
                    continue;
                }
                let places: Vec<usize> = cands.cells_with(house, digit).collect();
                match places[..] {
                    [] => return Propagation::Contradiction,
                    [cell] => {
                        if !cands.place(cell, digit) {
                            return Propagation::Contradiction;
                        }
                        continue 'deduce;
                    }
                    _ => {}
                }
            }
        }
        if locked {
            for b in 0..n {
                let boxed = House::Box(b);
                for line in (0..n).map(House::Row).chain((0..n).map(House::Col)) {
                    let on_line = |c: usize| layout.houses_of(c).contains(&line);
                    for digit in 1..=n {
                        let in_box: Vec<usize> = cands.cells_with(boxed, digit).collect();
                        let in_line: Vec<usize> = cands.cells_with(line, digit).collect();
                        let in_both = in_box.iter().filter(|&&c| on_line(c)).count();
                        // Pointing: the rest of the line; claiming: the rest of the box.
                        let targets: Vec<usize> = if in_both > 0 && in_both == in_box.len() {
                            in_line
                                .into_iter()
                                .filter(|&c| layout.box_of(c) != usize::from(b))
                                .collect()
                        } else if in_both > 0 && in_both == in_line.len() {
                            in_box.into_iter().filter(|&c| !on_line(c)).collect()
                        } else {
                            Vec::new()
                        };
                        if !targets.is_empty() {
                            for cell in targets {
                                cands.eliminate(cell, digit);
                            }
                            continue 'deduce;
                        }
                    }
                }
            }
        }
        return Propagation::Open;
    }
}

/// A symmetry of the grid.
type GridMap<'a> = Box<dyn Fn(&Grid) -> Grid + 'a>;

fn strategy() -> impl proptest::strategy::Strategy<Value = Branching> {
    prop_oneof![Just(Branching::First), Just(Branching::Mrv), Just(Branching::Greedy)]
}

/// A row order that keeps bands: bands permuted, rows permuted within each band.
fn band_preserving_order(seed: u64) -> Vec<usize> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bands = [0usize, 1, 2];
    shuffle(&mut bands, &mut rng);
    let mut order = Vec::new();
    for b in bands {
        let mut rows = [3 * b, 3 * b + 1, 3 * b + 2];
        shuffle(&mut rows, &mut rng);
        order.extend(rows);
    }
    order
}

fn shuffle<T>(items: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..items.len()).rev() {
        let j = rand::RngExt::random_range(rng, 0..=i as u32) as usize;
        items.swap(i, j);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn solutions_satisfy_every_constraint_and_keep_the_givens(seed in any::<u64>(), keep in 0u32..60, s in strategy()) {
        let (grid, _) = puzzle(Layout::NINE, seed, keep);
        let solver = Solver::new(s);
        let found = solver.solve(&grid).value.expect("a subgrid of a solution is solvable");
        // `Grid::from_values` rejects any repeated digit in a row, column or box.
        prop_assert!(Grid::from_values(Layout::NINE, found.values().to_vec()).is_ok());
        prop_assert!(found.is_complete());
        prop_assert!(grid.is_subgrid_of(&found));
        for sol in solver.solutions(&grid, 5).value {
            prop_assert!(sol.is_complete() && grid.is_subgrid_of(&sol));
        }
    }

    #[test]
    fn symmetries_commute_with_solving(seed in any::<u64>(), keep in 25u32..45, perm_seed in any::<u64>()) {
        let (grid, _) = puzzle(Layout::NINE, seed, keep);
        let solver = Solver::new(Branching::Greedy);
        let count = solver.count(&grid, 20).value;
        let mut rng = ChaCha8Rng::seed_from_u64(perm_seed);
        let mut digits: Vec<u8> = (1..=9).collect();
        shuffle(&mut digits, &mut rng);
        let rows = band_preserving_order(perm_seed);
        let cols = band_preserving_order(perm_seed.rotate_left(17));
        let maps: Vec<GridMap> = vec![
            Box::new(|g| relabel(g, &digits).unwrap()),
            Box::new(|g| permute_rows(g, &rows).unwrap()),
            Box::new(|g| permute_cols(g, &cols).unwrap()),
            Box::new(transpose),
        ];
        for map in &maps {
            let image = map(&grid);
            prop_assert_eq!(solver.count(&image, 20).value, count);
            if count == 1 {
                let solution = solver.solve(&grid).value.unwrap();
                prop_assert_eq!(solver.solve(&image).value.unwrap(), map(&solution));
            }
        }
    }

    #[test]
    fn fast_and_general_engines_agree(seed in any::<u64>(), keep in 20u32..45, s in strategy()) {
        let (grid, _) = puzzle(Layout::NINE, seed, keep);
        let fast = Solver::new(s).count(&grid, 50).value;
        let general = count_solutions(&SudokuProblem::new(s), Candidates::from_grid(&grid), 50, &Budget::unlimited()).value;
        prop_assert_eq!(fast, general);
        let singles = Solver::new(s).singles_only(true).count(&grid, 50).value;
        prop_assert_eq!(singles, fast);
    }

    #[test]
    fn general_propagation_reaches_the_fast_engines_fixpoint(
        seed in any::<u64>(),
        keep in 10u32..50,
        cuts in 0usize..40,
        locked in any::<bool>(),
    ) {
        let (mut general, cut) = cut_candidates(Layout::NINE, seed, keep, cuts);
        let mut fast = Board9::from_grid(&general.to_grid()).unwrap();
        for &(cell, digit) in &cut {
            fast.eliminate(cell, digit);
        }
        let rules = Rules { hidden_singles: true, locked_candidates: locked };
        let result = propagate(&mut general, rules);
        prop_assert_eq!(result, fast.propagate_with(locked));
        if result != Propagation::Contradiction {
            prop_assert_eq!(general, fast.to_candidates());
        }
    }

    #[test]
    fn general_propagation_reaches_the_reference_fixpoint(
        seed in any::<u64>(),
        keep in 10u32..60,
        cuts in 0usize..60,
        locked in any::<bool>(),
        shape in 0usize..8,
    ) {
        // Boxes one cell thick too (a box is then a row or a column).
        let (rows, cols) = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 4), (4, 4), (1, 5), (4, 1)][shape];
        let (mut general, _) = cut_candidates(Layout::new(rows, cols).unwrap(), seed, keep, cuts);
        let mut reference = general.clone();
        let rules = Rules { hidden_singles: true, locked_candidates: locked };
        let result = propagate(&mut general, rules);
        prop_assert_eq!(result, reference_fixpoint(&mut reference, locked));
        if result != Propagation::Contradiction {
            prop_assert_eq!(general, reference);
        }
    }

    #[test]
    fn propagation_keeps_every_solution_candidate(seed in any::<u64>(), keep in 20u32..50) {
        let (grid, solution) = puzzle(Layout::NINE, seed, keep);
        if Solver::default().count(&grid, 2).value == 1 {
            let mut board = Board9::from_grid(&grid).unwrap();
            prop_assert_ne!(board.propagate(), Propagation::Contradiction);
            for cell in 0..81 {
                let digit = solution.get(cell).unwrap();
                prop_assert!(board.candidates(cell) & (1 << (digit - 1)) != 0, "cell {}", cell);
            }
            let cands = board.to_candidates();
            for cell in 0..81 {
                prop_assert!(cands.candidates(cell).contains(solution.get(cell).unwrap()));
            }
        }
    }

    #[test]
    fn solve_excluding_finds_a_solution_without_the_digit_exactly_when_one_exists(
        seed in any::<u64>(),
        keep in 35u32..70,
        box_rows in 2usize..=3,
        box_cols in 2usize..=3,
        cell_pick in any::<usize>(),
        digit_pick in any::<u8>(),
        s in strategy(),
    ) {
        // 4×4, 6×6 (both ways) and 9×9: the general engine and the 9×9 one.
        let layout = Layout::new(box_rows, box_cols).unwrap();
        let (grid, _) = puzzle(layout, seed, keep);
        let cell = cell_pick % layout.cells();
        let solver = Solver::new(s);
        let all = solver.solutions(&grid, 500).value;
        prop_assume!(all.len() < 500);
        // Half the time the digit of the first solution there: the search must then skip it.
        let digit = match all.first().and_then(|first| first.get(cell)) {
            Some(first) if digit_pick % 2 == 0 => first,
            _ => 1 + digit_pick / 2 % layout.size() as u8,
        };
        let expected = all.iter().any(|sol| sol.get(cell) != Some(digit));
        match solver.solve_excluding(&grid, cell, digit).value {
            Some(found) => {
                prop_assert!(expected, "found a solution none of the {} has", all.len());
                prop_assert!(all.contains(&found));
                prop_assert_ne!(found.get(cell), Some(digit));
            }
            None => prop_assert!(!expected, "missed a solution without {} in cell {}", digit, cell),
        }
    }

    #[test]
    fn print_then_parse_is_the_identity(seed in any::<u64>(), keep in 0u32..100, box_size in 2usize..=5) {
        let layout = Layout::square(box_size).unwrap();
        let (grid, _) = puzzle(layout, seed, keep);
        prop_assert_eq!(Grid::parse_line(&grid.to_line()).unwrap(), grid.clone());
        prop_assert_eq!(Grid::parse_grid(&grid.to_pretty()).unwrap(), grid.clone());
        prop_assert_eq!(grid.to_pretty().parse::<Grid>().unwrap(), grid);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn generated_puzzles_are_unique_and_minimal(seed in any::<u64>(), symmetric in any::<bool>(), box_rows in 2usize..=3) {
        // 9×9 (the 9×9 engine), 6×6 (the general one).
        let layout = Layout::new(box_rows, 3).unwrap();
        let options = GenerateOptions { symmetric, minimal: true };
        let generator = Generator::new(layout, options);
        let puzzle = generator.generate(seed);
        prop_assert_eq!(&puzzle, &generator.generate(seed));
        let solver = Solver::new(Branching::Greedy);
        prop_assert!(solver.is_unique(&puzzle).value);
        let last = layout.cells() - 1;
        for cell in 0..=last {
            if puzzle.get(cell).is_some() {
                if symmetric {
                    prop_assert!(puzzle.get(last - cell).is_some());
                    let fewer = puzzle.without(cell).without(last - cell);
                    prop_assert!(solver.count(&fewer, 2).value == 2, "removable pair at {}", cell);
                } else {
                    prop_assert!(solver.count(&puzzle.without(cell), 2).value == 2, "removable given at {}", cell);
                }
            }
        }
    }

    #[test]
    fn non_minimal_generation_is_unique(seed in any::<u64>()) {
        let puzzle = Generator::new(Layout::NINE, GenerateOptions::default()).generate(seed);
        prop_assert!(Solver::default().is_unique(&puzzle).value);
        // Removal stops once 30 givens (3/8 of the cells) are left.
        prop_assert!(puzzle.givens() >= 30, "{} givens", puzzle.givens());
    }
}
