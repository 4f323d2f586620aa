//! Grids other than 9×9: rectangular boxes, 16×16 and 25×25, through the same API.

use sudoku_core::format::digit_char;
use sudoku_core::generate::{GenerateOptions, Generator};
use sudoku_core::{DigitSet, Grid, Layout, ParseError, Solver, Strategy};

/// The empty 6×6 grid with 2×3 boxes has 28,200,960 solutions. Counting them all visits
/// tens of millions of nodes, so this oracle runs on request:
/// `cargo test -p sudoku-core --release --test sizes -- --ignored`.
#[test]
#[ignore = "counts 28 million solutions (minutes)"]
fn empty_six_by_six_has_28_200_960_solutions() {
    let layout = Layout::new(2, 3).unwrap();
    assert_eq!(
        Solver::new(Strategy::Mrv).count(&Grid::empty(layout), u64::MAX).value,
        28_200_960
    );
}

#[test]
fn six_by_six_with_a_fixed_first_row_and_band() {
    // Fixing the first row divides the count by 6! = 720: 28,200,960 / 720 = 39,168.
    let layout = Layout::new(2, 3).unwrap();
    let grid = Grid::parse_line_with(layout, "123456").unwrap_err();
    assert!(matches!(
        grid,
        sudoku_core::ParseError::WrongLength { expected: 36, found: 6 }
    ));
    let first_row = format!("123456{}", ".".repeat(30));
    let grid = Grid::parse_line(&first_row).unwrap();
    assert_eq!(grid.layout(), layout);
    for strategy in Strategy::ALL {
        assert_eq!(Solver::new(strategy).count(&grid, u64::MAX).value, 39_168, "{strategy}");
    }
}

#[test]
fn generated_larger_grids_are_unique_and_solve() {
    for (box_size, seed) in [(2, 1), (4, 2)] {
        let layout = Layout::square(box_size).unwrap();
        let generator = Generator::new(layout, GenerateOptions::default());
        let puzzle = generator.generate(seed);
        let solver = Solver::new(Strategy::Greedy);
        assert!(solver.is_unique(&puzzle).value, "{puzzle}");
        let solution = solver.solve(&puzzle).value.unwrap();
        assert!(solution.is_complete() && puzzle.is_subgrid_of(&solution));
        assert_eq!(Grid::parse_line(&puzzle.to_line()).unwrap(), puzzle);
    }
}

#[test]
fn twenty_five_by_twenty_five_solves() {
    let layout = Layout::TWENTY_FIVE;
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
    let solution = Generator::new(layout, GenerateOptions::default()).solution_grid(&mut rng);
    assert!(solution.is_complete());
    // Keep every other cell: the solver must find a completion that keeps the givens.
    let values: Vec<u8> = solution
        .values()
        .iter()
        .enumerate()
        .map(|(i, &v)| if i % 2 == 0 { v } else { 0 })
        .collect();
    let puzzle = Grid::from_values(layout, values).unwrap();
    let found = Solver::new(Strategy::Greedy).solve(&puzzle).value.unwrap();
    assert!(found.is_complete() && puzzle.is_subgrid_of(&found));
    assert_eq!(Grid::parse_grid(&found.to_pretty()).unwrap(), found);
}

#[test]
fn layouts_the_text_does_not_name_read_back_with_their_layout() {
    // 6×6 with boxes of 3 rows × 2 columns: a line of 36 cells names 2 × 3 boxes, so the
    // line is read back with its layout.
    let layout = Layout::new(3, 2).unwrap();
    let grid = Generator::new(layout, GenerateOptions::default()).generate(3);
    assert_eq!(Grid::parse_line_with(layout, &grid.to_line()), Ok(grid.clone()));
    let standard = Layout::new(2, 3).unwrap();
    let grid = Generator::new(standard, GenerateOptions::default()).generate(3);
    assert_eq!(Grid::parse_line(&grid.to_line()), Ok(grid.clone()));
    assert_eq!(Grid::parse_grid(&grid.to_pretty()), Ok(grid));
}

#[test]
fn out_of_range_cells_and_digits_are_errors_or_placeholders() {
    let grid = Grid::empty(Layout::new(2, 2).unwrap());
    assert_eq!(
        grid.with(usize::MAX, 1),
        Err(ParseError::CellOutOfRange {
            cell: usize::MAX,
            cells: 16
        })
    );
    assert_eq!(
        grid.with(16, 1),
        Err(ParseError::CellOutOfRange { cell: 16, cells: 16 })
    );
    assert!(grid.with(15, 4).is_ok());
    assert_eq!(digit_char(250, 9), '?');
    assert_eq!(digit_char(10, 9), '?');
    assert_eq!(digit_char(30, 25), '?');
    assert_eq!(digit_char(25, 25), 'Y');
    assert_eq!(digit_char(9, 9), '9');
    assert_eq!(DigitSet::full(32).len(), 32);
    assert_eq!(DigitSet::full(40).len(), 32);
    assert_eq!(DigitSet::full(0).len(), 0);
    assert_eq!(DigitSet::full(9).len(), 9);
}
