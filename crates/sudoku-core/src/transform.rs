//! Validity-preserving symmetries of a grid: relabelling digits, permuting rows within a band,
//! permuting bands, the same for columns and stacks, and transposing. Each maps puzzles to
//! puzzles with the same number of solutions (the property tests check that solving commutes
//! with them), and the generator uses them to vary its solution grids.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::grid::Grid;
use crate::layout::Layout;

/// The grid with every digit `d` replaced by `perm[d - 1]` (`perm` is a permutation of
/// `1..=size`; `None` otherwise).
///
/// ```
/// use sudoku_core::{Grid, transform::relabel};
/// let g = Grid::parse_line("1234341221434321").unwrap();
/// assert_eq!(relabel(&g, &[2, 1, 4, 3]).unwrap().to_line(), "2143432112343412");
/// ```
pub fn relabel(grid: &Grid, perm: &[u8]) -> Option<Grid> {
    let n = grid.layout().size();
    if !is_permutation(perm.iter().map(|&d| d as usize), 1, n) {
        return None;
    }
    let values = grid
        .values()
        .iter()
        .map(|&v| if v == 0 { 0 } else { perm[v as usize - 1] })
        .collect();
    Some(Grid::from_values_unchecked(grid.layout(), values))
}

/// The grid with its rows rearranged: row `r` of the result is row `rows[r]` of `grid`.
/// `None` unless `rows` is a permutation that keeps every band together (permuting bands, and
/// rows within bands).
pub fn permute_rows(grid: &Grid, rows: &[usize]) -> Option<Grid> {
    let layout = grid.layout();
    let n = layout.size();
    let br = layout.box_rows();
    if !is_permutation(rows.iter().copied(), 0, n - 1) {
        return None;
    }
    // Bands must move as wholes: rows of one target band come from one source band.
    for band in rows.chunks(br) {
        if band.iter().any(|&r| r / br != band[0] / br) {
            return None;
        }
    }
    let values = (0..layout.cells())
        .map(|cell| grid.values()[layout.cell(rows[layout.row_of(cell)], layout.col_of(cell))])
        .collect();
    Some(Grid::from_values_unchecked(layout, values))
}

/// The grid with its columns rearranged (the column version of [`permute_rows`]).
pub fn permute_cols(grid: &Grid, cols: &[usize]) -> Option<Grid> {
    let t = transpose(grid);
    permute_rows(&t, cols).map(|g| transpose(&g))
}

/// The transposed grid (rows become columns). A layout with `r × c` boxes becomes `c × r`.
pub fn transpose(grid: &Grid) -> Grid {
    let layout = grid.layout();
    let flipped = Layout::new(layout.box_cols(), layout.box_rows()).unwrap_or(layout);
    let n = layout.size();
    let values = (0..layout.cells())
        .map(|cell| grid.values()[layout.cell(cell % n, cell / n)])
        .collect();
    Grid::from_values_unchecked(flipped, values)
}

/// A random symmetry applied to `grid`: relabelled digits, rows shuffled within bands, bands
/// shuffled, the same for columns and stacks, and (for square boxes) a transposition half
/// of the time.
pub fn shuffle(grid: &Grid, rng: &mut ChaCha8Rng) -> Grid {
    let layout = grid.layout();
    let n = layout.size();
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    shuffle_slice(&mut digits, rng);
    let mut g = relabel(grid, &digits).unwrap_or_else(|| grid.clone());
    let rows = random_line_order(n, layout.box_rows(), rng);
    g = permute_rows(&g, &rows).unwrap_or(g);
    let cols = random_line_order(n, layout.box_cols(), rng);
    g = permute_cols(&g, &cols).unwrap_or(g);
    if layout.box_rows() == layout.box_cols() && rng.random_range(0..2u32) == 1 {
        g = transpose(&g);
    }
    g
}

/// A random order of `n` lines grouped in blocks of `block`: blocks shuffled, lines shuffled
/// within each block.
fn random_line_order(n: usize, block: usize, rng: &mut ChaCha8Rng) -> Vec<usize> {
    let mut blocks: Vec<usize> = (0..n / block).collect();
    shuffle_slice(&mut blocks, rng);
    let mut order = Vec::with_capacity(n);
    for b in blocks {
        let mut lines: Vec<usize> = (b * block..(b + 1) * block).collect();
        shuffle_slice(&mut lines, rng);
        order.extend(lines);
    }
    order
}

/// Fisher–Yates with 32-bit draws, so the result is the same on every platform.
pub(crate) fn shuffle_slice<T>(items: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        items.swap(i, j);
    }
}

fn is_permutation(items: impl Iterator<Item = usize>, low: usize, high: usize) -> bool {
    let mut seen = vec![false; high + 1];
    let mut count = 0;
    for x in items {
        if x < low || x > high || seen[x] {
            return false;
        }
        seen[x] = true;
        count += 1;
    }
    count == high + 1 - low
}
