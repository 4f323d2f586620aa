//! [`Grid`]: the digits of a puzzle or a solution (no candidates), valid by construction.

use crate::error::{CellRef, ParseError};
use crate::layout::Layout;

/// The values of a grid: a digit `1..=size` or empty in each cell.
///
/// A `Grid` never holds the same digit twice in a house: every constructor checks it. Build
/// one by parsing ([`Grid::parse_line`], [`Grid::parse_grid`], `str::parse`) or from values
/// ([`Grid::from_values`]); print it with [`Grid::to_line`] or [`Grid::to_pretty`].
///
/// ```
/// use sudoku_core::Grid;
/// let grid = Grid::parse_line("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
/// assert_eq!(grid.givens(), 30);
/// assert_eq!(grid.get(0), Some(5));
/// assert_eq!(grid.get(2), None);
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    layout: Layout,
    values: Vec<u8>,
}

impl Grid {
    /// The empty grid of `layout`.
    pub fn empty(layout: Layout) -> Self {
        Grid {
            layout,
            values: vec![0; layout.cells()],
        }
    }

    /// A grid from one value per cell in reading order, 0 for empty.
    ///
    /// # Errors
    /// [`ParseError::WrongLength`], [`ParseError::DigitOutOfRange`] or
    /// [`ParseError::Conflict`] (a digit repeated in a row, column or box, naming both cells).
    pub fn from_values(layout: Layout, values: Vec<u8>) -> Result<Self, ParseError> {
        if values.len() != layout.cells() {
            return Err(ParseError::WrongLength {
                expected: layout.cells(),
                found: values.len(),
            });
        }
        let n = layout.size();
        for (cell, &v) in values.iter().enumerate() {
            if v as usize > n {
                return Err(ParseError::DigitOutOfRange {
                    digit: v as usize,
                    cell: cell_ref(layout, cell),
                    size: n,
                });
            }
        }
        check_conflicts(layout, &values)?;
        Ok(Grid { layout, values })
    }

    /// The layout.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The digit in `cell`, `None` when empty or out of range.
    pub fn get(&self, cell: usize) -> Option<u8> {
        self.values.get(cell).copied().filter(|&v| v != 0)
    }

    /// One value per cell in reading order, 0 for empty.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// Number of filled cells.
    pub fn givens(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled (a filled `Grid` is a solution: it has no conflicts).
    pub fn is_complete(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Whether every filled cell of `self` holds the same digit in `other`.
    pub fn is_subgrid_of(&self, other: &Grid) -> bool {
        self.layout == other.layout && self.values.iter().zip(&other.values).all(|(&a, &b)| a == 0 || a == b)
    }

    /// This grid with `cell` emptied.
    #[must_use]
    pub fn without(&self, cell: usize) -> Grid {
        let mut grid = self.clone();
        if let Some(v) = grid.values.get_mut(cell) {
            *v = 0;
        }
        grid
    }

    /// This grid with `digit` in `cell`.
    ///
    /// # Errors
    /// [`ParseError::CellOutOfRange`] for a cell past the end of the grid; otherwise as
    /// [`Grid::from_values`] (a conflict, a digit out of range).
    pub fn with(&self, cell: usize, digit: u8) -> Result<Grid, ParseError> {
        let mut values = self.values.clone();
        match values.get_mut(cell) {
            Some(v) => *v = digit,
            None => {
                return Err(ParseError::CellOutOfRange {
                    cell,
                    cells: self.layout.cells(),
                });
            }
        }
        Grid::from_values(self.layout, values)
    }

    /// Build without checks (the caller guarantees validity).
    pub(crate) fn from_values_unchecked(layout: Layout, values: Vec<u8>) -> Self {
        debug_assert_eq!(values.len(), layout.cells());
        Grid { layout, values }
    }
}

/// The cell reference of `cell` for messages.
pub(crate) fn cell_ref(layout: Layout, cell: usize) -> CellRef {
    CellRef {
        row: layout.row_of(cell),
        col: layout.col_of(cell),
    }
}

/// The first repeated digit in a house, reported with both cells.
fn check_conflicts(layout: Layout, values: &[u8]) -> Result<(), ParseError> {
    for house in layout.houses() {
        let mut seen = [usize::MAX; crate::layout::MAX_SIZE + 1];
        for cell in layout.house_cells(house) {
            let v = values[cell];
            if v == 0 {
                continue;
            }
            let first = seen[v as usize];
            if first != usize::MAX {
                return Err(ParseError::Conflict {
                    digit: v,
                    house,
                    first: cell_ref(layout, first),
                    second: cell_ref(layout, cell),
                });
            }
            seen[v as usize] = cell;
        }
    }
    Ok(())
}
