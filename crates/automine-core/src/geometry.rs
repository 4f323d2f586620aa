//! Typed board geometry: columns, rows, positions, board sizes and flat cell ids.
//!
//! The original AutoMine lost hours to `(x, y)` versus `(y, x)` mix-ups. Here a column is a
//! [`Col`], a row is a [`Row`], a width is a [`Width`] and a height is a [`Height`]: four
//! distinct types, so `Pos::new(Row(2), Col(5))` or `Dims::new(Height(16), Width(30))` do not
//! compile. No public function takes or returns a bare `(usize, usize)`.
//!
//! Inside a board every cell also has a [`CellId`], its row-major index
//! (`row × width + col`); ids are what the hot loops and the dense per-cell arrays use, and
//! [`Dims`] converts between the two forms.

use std::fmt;

/// A column index, counted from the left edge (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Col(pub u16);

/// A row index, counted from the top edge (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Row(pub u16);

/// A board width: the number of columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Width(pub u16);

/// A board height: the number of rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Height(pub u16);

/// A cell position: a column and a row. The fields are private and the constructor takes the
/// column type first, so the two cannot be swapped by accident.
///
/// ```
/// use automine_core::{Col, Pos, Row};
/// let p = Pos::new(Col(4), Row(2));
/// assert_eq!((p.col(), p.row()), (Col(4), Row(2)));
/// assert_eq!(p.to_string(), "(col 4, row 2)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    row: Row,
    col: Col,
}

impl Pos {
    /// The cell in column `col` and row `row`.
    pub const fn new(col: Col, row: Row) -> Self {
        Self { row, col }
    }

    /// Its column.
    pub const fn col(self) -> Col {
        self.col
    }

    /// Its row.
    pub const fn row(self) -> Row {
        self.row
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "(col {}, row {})", self.col.0, self.row.0)
    }
}

/// The row-major index of a cell inside one board (`row × width + col`). Only meaningful
/// together with the [`Dims`] it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CellId(pub u32);

impl CellId {
    /// The id as an index into a dense per-cell array.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The largest width or height a board may have.
pub const MAX_SIDE: u16 = 1024;

/// A board size that [`Dims::new`] refuses: a side is 0 or larger than [`MAX_SIDE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("board size {width}x{height} is not allowed (each side must be 1 to {MAX_SIDE})")]
#[non_exhaustive]
pub struct SizeError {
    /// The width asked for.
    pub width: u16,
    /// The height asked for.
    pub height: u16,
}

/// A board size: a width and a height, each in `1..=`[`MAX_SIDE`].
///
/// ```
/// use automine_core::{Col, Dims, Height, Pos, Row, Width};
/// let dims = Dims::new(Width(30), Height(16))?;
/// assert_eq!(dims.cell_count(), 480);
/// let id = dims.id(Pos::new(Col(29), Row(1))).unwrap();
/// assert_eq!(id.0, 59);
/// assert_eq!(dims.pos(id), Pos::new(Col(29), Row(1)));
/// assert_eq!(dims.neighbours(id).count(), 5);
/// # Ok::<(), automine_core::SizeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dims {
    width: Width,
    height: Height,
}

impl Dims {
    /// A board of `width` columns and `height` rows.
    ///
    /// # Errors
    /// [`SizeError`] when a side is 0 or larger than [`MAX_SIDE`].
    pub fn new(width: Width, height: Height) -> Result<Self, SizeError> {
        if width.0 == 0 || height.0 == 0 || width.0 > MAX_SIDE || height.0 > MAX_SIDE {
            return Err(SizeError {
                width: width.0,
                height: height.0,
            });
        }
        Ok(Self { width, height })
    }

    /// The number of columns.
    pub const fn width(self) -> Width {
        self.width
    }

    /// The number of rows.
    pub const fn height(self) -> Height {
        self.height
    }

    /// The number of cells, `width × height`.
    pub const fn cell_count(self) -> usize {
        self.width.0 as usize * self.height.0 as usize
    }

    /// Whether `pos` lies on the board.
    pub const fn contains(self, pos: Pos) -> bool {
        pos.col.0 < self.width.0 && pos.row.0 < self.height.0
    }

    /// The id of `pos`, or `None` when it lies off the board.
    pub fn id(self, pos: Pos) -> Option<CellId> {
        self.contains(pos)
            .then(|| CellId(u32::from(pos.row.0) * u32::from(self.width.0) + u32::from(pos.col.0)))
    }

    /// The position of `id` (which must come from these dims).
    pub fn pos(self, id: CellId) -> Pos {
        let w = u32::from(self.width.0);
        Pos::new(Col((id.0 % w) as u16), Row((id.0 / w) as u16))
    }

    /// Every cell id in row-major order.
    pub fn ids(self) -> impl Iterator<Item = CellId> {
        (0..self.cell_count() as u32).map(CellId)
    }

    /// The up-to-8 cells around `id` (not `id` itself), in row-major order. For an `id` off
    /// the board (which did not come from these dims) the cells are unspecified.
    pub fn neighbours(self, id: CellId) -> Neighbours {
        // u32 arithmetic (one division) and unrolled bounds: this runs for every cell of
        // every exact map.
        let w = u32::from(self.width.0);
        let h = u32::from(self.height.0);
        let (row, col) = (id.0 / w, id.0 % w);
        let (up, down, left, right) = (row > 0, row + 1 < h, col > 0, col + 1 < w);
        let mut cells = [CellId(0); 8];
        let mut len = 0u8;
        let mut push = |ok: bool, cell: u32| {
            if ok {
                cells[len as usize] = CellId(cell);
                len += 1;
            }
        };
        if up {
            let above = id.0 - w;
            push(left, above.wrapping_sub(1));
            push(true, above);
            push(right, above + 1);
        }
        push(left, id.0.wrapping_sub(1));
        // Wrapping: only an id off the board (up to u32::MAX) could carry here.
        push(right, id.0.wrapping_add(1));
        if down {
            let below = id.0 + w;
            push(left, below.wrapping_sub(1));
            push(true, below);
            push(right, below + 1);
        }
        Neighbours { cells, len, next: 0 }
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width.0, self.height.0)
    }
}

/// The neighbours of one cell (an allocation-free iterator; see [`Dims::neighbours`]).
#[derive(Debug, Clone)]
pub struct Neighbours {
    cells: [CellId; 8],
    len: u8,
    next: u8,
}

impl Iterator for Neighbours {
    type Item = CellId;

    fn next(&mut self) -> Option<CellId> {
        (self.next < self.len).then(|| {
            let id = self.cells[self.next as usize];
            self.next += 1;
            id
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::from(self.len - self.next);
        (left, Some(left))
    }
}

impl ExactSizeIterator for Neighbours {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_positions_round_trip() {
        let dims = Dims::new(Width(7), Height(3)).unwrap();
        for id in dims.ids() {
            assert_eq!(dims.id(dims.pos(id)), Some(id));
        }
        assert_eq!(dims.id(Pos::new(Col(7), Row(0))), None);
        assert_eq!(dims.id(Pos::new(Col(0), Row(3))), None);
    }

    #[test]
    fn neighbour_counts() {
        let dims = Dims::new(Width(3), Height(3)).unwrap();
        let counts: Vec<usize> = dims.ids().map(|id| dims.neighbours(id).len()).collect();
        assert_eq!(counts, [3, 5, 3, 5, 8, 5, 3, 5, 3]);
        let one = Dims::new(Width(1), Height(1)).unwrap();
        assert_eq!(one.neighbours(CellId(0)).count(), 0);
    }

    #[test]
    fn bad_sizes_are_errors() {
        assert!(Dims::new(Width(0), Height(3)).is_err());
        assert!(Dims::new(Width(3), Height(MAX_SIDE + 1)).is_err());
        assert!(Dims::new(Width(MAX_SIDE), Height(MAX_SIDE)).is_ok());
    }
}
