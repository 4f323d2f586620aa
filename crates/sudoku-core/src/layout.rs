//! The shape of a grid: box size, cells, houses (rows, columns, boxes) and peers.
//!
//! Cells are numbered row by row from 0 (`cell = row * size + col`). A grid of `size` digits
//! has boxes of `box_rows × box_cols` cells with `box_rows * box_cols = size`: the classic
//! 9×9 grid has 3×3 boxes, the 6×6 grid 2×3 boxes.

/// The largest number of digits a grid may have (the 25×25 grid with 5×5 boxes).
pub const MAX_SIZE: usize = 25;

/// A layout that this crate does not support.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LayoutError {
    /// A box side is 0, or the grid would have more than [`MAX_SIZE`] digits.
    #[error("unsupported box shape {box_rows}×{box_cols}: each side must be at least 1 and the grid at most 25 digits")]
    Unsupported {
        /// Rows per box asked for.
        box_rows: usize,
        /// Columns per box asked for.
        box_cols: usize,
    },
}

/// The shape of a Sudoku grid: `box_rows × box_cols` boxes, `size = box_rows * box_cols`
/// digits, `size × size` cells.
///
/// ```
/// use sudoku_core::Layout;
/// let nine = Layout::NINE;
/// assert_eq!((nine.size(), nine.cells()), (9, 81));
/// assert_eq!(nine.box_of(40), 4);
/// let six = Layout::new(2, 3).unwrap();
/// assert_eq!(six.size(), 6);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    box_rows: u8,
    box_cols: u8,
}

/// One of the houses (units) of a grid: every digit appears exactly once in each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum House {
    /// A row, numbered from 0 at the top.
    Row(u8),
    /// A column, numbered from 0 at the left.
    Col(u8),
    /// A box, numbered from 0 row by row.
    Box(u8),
}

impl std::fmt::Display for House {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Col(i) => write!(f, "column {}", i + 1),
            House::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

impl Layout {
    /// The classic 9×9 grid with 3×3 boxes.
    pub const NINE: Layout = Layout {
        box_rows: 3,
        box_cols: 3,
    };
    /// The 4×4 grid with 2×2 boxes.
    pub const FOUR: Layout = Layout {
        box_rows: 2,
        box_cols: 2,
    };
    /// The 16×16 grid with 4×4 boxes.
    pub const SIXTEEN: Layout = Layout {
        box_rows: 4,
        box_cols: 4,
    };
    /// The 25×25 grid with 5×5 boxes.
    pub const TWENTY_FIVE: Layout = Layout {
        box_rows: 5,
        box_cols: 5,
    };

    /// A layout with boxes of `box_rows × box_cols` cells.
    ///
    /// # Errors
    /// [`LayoutError`] when a side is 0 or the grid would have more than [`MAX_SIZE`] digits.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Self, LayoutError> {
        let size = box_rows.saturating_mul(box_cols);
        if box_rows == 0 || box_cols == 0 || size > MAX_SIZE {
            return Err(LayoutError::Unsupported { box_rows, box_cols });
        }
        Ok(Layout {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The square layout with `n × n` boxes (`n` from 1 to 5).
    ///
    /// # Errors
    /// [`LayoutError`] when `n` is 0 or above 5.
    pub fn square(n: usize) -> Result<Self, LayoutError> {
        Self::new(n, n)
    }

    /// The layout whose line format has `cells` characters: 16, 36 (2×3 boxes), 81, 256 or
    /// 625; `None` for other lengths.
    pub fn from_cell_count(cells: usize) -> Option<Self> {
        match cells {
            16 => Some(Self::FOUR),
            36 => Some(Layout {
                box_rows: 2,
                box_cols: 3,
            }),
            81 => Some(Self::NINE),
            256 => Some(Self::SIXTEEN),
            625 => Some(Self::TWENTY_FIVE),
            _ => None,
        }
    }

    /// Rows per box.
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns per box.
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// Number of digits, rows, columns and boxes.
    pub fn size(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// Number of cells (`size²`).
    pub fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// The bit mask of all digits (bit `d - 1` for digit `d`).
    pub fn all_digits(self) -> u32 {
        (1u32 << self.size()) - 1
    }

    /// Row of `cell`.
    pub fn row_of(self, cell: usize) -> usize {
        cell / self.size()
    }

    /// Column of `cell`.
    pub fn col_of(self, cell: usize) -> usize {
        cell % self.size()
    }

    /// Box of `cell` (boxes numbered row by row).
    pub fn box_of(self, cell: usize) -> usize {
        let (r, c) = (self.row_of(cell), self.col_of(cell));
        (r / self.box_rows()) * (self.size() / self.box_cols()) + c / self.box_cols()
    }

    /// The cell at `row`, `col`.
    pub fn cell(self, row: usize, col: usize) -> usize {
        row * self.size() + col
    }

    /// The three houses of `cell`: its row, column and box.
    pub fn houses_of(self, cell: usize) -> [House; 3] {
        [
            House::Row(self.row_of(cell) as u8),
            House::Col(self.col_of(cell) as u8),
            House::Box(self.box_of(cell) as u8),
        ]
    }

    /// Every house: rows, then columns, then boxes.
    pub fn houses(self) -> impl Iterator<Item = House> {
        let n = self.size() as u8;
        (0..n)
            .map(House::Row)
            .chain((0..n).map(House::Col))
            .chain((0..n).map(House::Box))
    }

    /// The cells of `house`, in increasing order.
    pub fn house_cells(self, house: House) -> impl Iterator<Item = usize> {
        let n = self.size();
        let (br, bc) = (self.box_rows(), self.box_cols());
        (0..n).map(move |i| match house {
            House::Row(r) => r as usize * n + i,
            House::Col(c) => i * n + c as usize,
            House::Box(b) => {
                let boxes_per_band = n / bc;
                let top = (b as usize / boxes_per_band) * br;
                let left = (b as usize % boxes_per_band) * bc;
                (top + i / bc) * n + left + i % bc
            }
        })
    }

    /// The peers of `cell`: every other cell sharing a row, column or box with it, each once
    /// (the row, then the column, then the rest of the box).
    pub fn peers(self, cell: usize) -> impl Iterator<Item = usize> {
        let (r, c) = (self.row_of(cell), self.col_of(cell));
        let row = self.house_cells(House::Row(r as u8)).filter(move |&p| p != cell);
        let col = self.house_cells(House::Col(c as u8)).filter(move |&p| p != cell);
        let rest = self
            .house_cells(House::Box(self.box_of(cell) as u8))
            .filter(move |&p| self.row_of(p) != r && self.col_of(p) != c);
        row.chain(col).chain(rest)
    }

    /// Whether `a` and `b` are distinct cells that share a house.
    pub fn are_peers(self, a: usize, b: usize) -> bool {
        a != b
            && (self.row_of(a) == self.row_of(b)
                || self.col_of(a) == self.col_of(b)
                || self.box_of(a) == self.box_of(b))
    }
}

impl std::fmt::Display for Layout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{n}×{n} ({}×{} boxes)",
            self.box_rows,
            self.box_cols,
            n = self.size()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn houses_partition_the_grid_and_peers_count_right() {
        for layout in [Layout::FOUR, Layout::new(2, 3).unwrap(), Layout::NINE, Layout::SIXTEEN] {
            let n = layout.size();
            for house in layout.houses() {
                let cells: Vec<usize> = layout.house_cells(house).collect();
                assert_eq!(cells.len(), n);
                for &c in &cells {
                    assert!(layout.houses_of(c).contains(&house), "{house} {c}");
                }
            }
            let expected_peers = 3 * n - layout.box_rows() - layout.box_cols() - 1;
            for cell in 0..layout.cells() {
                assert_eq!(layout.peers(cell).count(), expected_peers);
            }
        }
        assert!(Layout::new(5, 6).is_err());
        assert!(Layout::new(0, 3).is_err());
    }
}
