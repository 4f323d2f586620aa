//! [`PlayerView`]: what a player may see (covered cells, flags, revealed numbers and the total
//! mine count), with the board text format used by the command line.
//!
//! # Text format
//! A first line `WxH M` (width, height, total mines, e.g. `9x9 10`), then H lines of W
//! characters: `.` a covered cell, `F` a flagged cell (taken to be a mine by the solvers), `0`
//! to `8` a revealed number. Blank lines and trailing whitespace are ignored.

use std::fmt;
use std::str::FromStr;

use crate::error::BoardError;
use crate::geometry::{CellId, Col, Dims, Height, Pos, Row, Width};

/// One cell as the player sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CellView {
    /// Not opened yet, no flag.
    Covered,
    /// Covered, with a flag: the player (or the text) says it is a mine.
    Flagged,
    /// Opened: the number of mines around it (0 to 8).
    Revealed(u8),
}

impl CellView {
    /// Whether the cell is still closed (covered or flagged).
    pub const fn is_closed(self) -> bool {
        !matches!(self, Self::Revealed(_))
    }

    /// The character of the text format (`?` for a number above 9, which no board shows).
    pub const fn symbol(self) -> char {
        match self {
            Self::Covered => '.',
            Self::Flagged => 'F',
            Self::Revealed(n) if n <= 9 => (b'0' + n) as char,
            Self::Revealed(_) => '?',
        }
    }
}

/// The board as a player sees it: no access to the hidden mines.
///
/// ```
/// use automine_core::{CellView, Col, PlayerView, Pos, Row};
/// let view: PlayerView = "3x2 1\n1F.\n11.\n".parse()?;
/// assert_eq!(view.cell(Pos::new(Col(1), Row(0))), Some(CellView::Flagged));
/// assert_eq!(view.mines_left(), 0);
/// assert_eq!(view.to_string(), "3x2 1\n1F.\n11.\n");
/// # Ok::<(), automine_core::BoardError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlayerView {
    dims: Dims,
    mines: u32,
    cells: Vec<CellView>,
    revealed: usize,
    flagged: usize,
}

impl PlayerView {
    /// A fully covered board with `mines` mines in total.
    pub fn covered(dims: Dims, mines: u32) -> Self {
        Self {
            dims,
            mines,
            cells: vec![CellView::Covered; dims.cell_count()],
            revealed: 0,
            flagged: 0,
        }
    }

    /// A view from its cells in row-major order.
    ///
    /// # Errors
    /// [`BoardError::WrongCellCount`] when `cells` does not have one entry per cell,
    /// [`BoardError::BadCell`] for a number above 8 and [`BoardError::TooManyFlags`] when there
    /// are more flags than mines.
    pub fn from_cells(dims: Dims, mines: u32, cells: Vec<CellView>) -> Result<Self, BoardError> {
        if cells.len() != dims.cell_count() {
            return Err(BoardError::WrongCellCount {
                expected: dims.cell_count(),
                found: cells.len(),
            });
        }
        let mut view = Self::covered(dims, mines);
        for (i, cell) in cells.into_iter().enumerate() {
            if let CellView::Revealed(n) = cell
                && n > 8
            {
                return Err(BoardError::BadCell {
                    at: dims.pos(CellId(i as u32)),
                    found: char::from_digit(u32::from(n), 36).unwrap_or('?'),
                });
            }
            view.set(CellId(i as u32), cell);
        }
        if view.flagged > mines as usize {
            return Err(BoardError::TooManyFlags {
                flags: view.flagged,
                mines,
            });
        }
        Ok(view)
    }

    /// The board size.
    pub const fn dims(&self) -> Dims {
        self.dims
    }

    /// The total number of mines on the board.
    pub const fn total_mines(&self) -> u32 {
        self.mines
    }

    /// Mines not flagged yet: total minus flags (0 if there are more flags than mines).
    pub fn mines_left(&self) -> u32 {
        self.mines.saturating_sub(self.flagged as u32)
    }

    /// The cell at `pos`, or `None` off the board.
    pub fn cell(&self, pos: Pos) -> Option<CellView> {
        self.dims.id(pos).map(|id| self.at(id))
    }

    /// The cell `id` (covered for ids beyond the board).
    pub fn at(&self, id: CellId) -> CellView {
        self.cells.get(id.index()).copied().unwrap_or(CellView::Covered)
    }

    /// Every cell in row-major order.
    pub fn cells(&self) -> &[CellView] {
        &self.cells
    }

    /// Whether a revealed number is next to `id` (a covered cell there is on the frontier;
    /// one without is interior).
    ///
    /// ```
    /// use automine_core::{CellId, PlayerView};
    /// let view: PlayerView = "4x1 1\n1...\n".parse()?;
    /// assert!(view.next_to_number(CellId(1)) && !view.next_to_number(CellId(2)));
    /// # Ok::<(), automine_core::BoardError>(())
    /// ```
    pub fn next_to_number(&self, id: CellId) -> bool {
        self.dims
            .neighbours(id)
            .any(|n| matches!(self.at(n), CellView::Revealed(_)))
    }

    /// Revealed cells.
    pub const fn revealed_count(&self) -> usize {
        self.revealed
    }

    /// Flagged cells.
    pub const fn flag_count(&self) -> usize {
        self.flagged
    }

    /// Covered cells without a flag.
    pub const fn covered_count(&self) -> usize {
        self.cells.len() - self.revealed - self.flagged
    }

    /// The same view with every flag taken off (flagged cells become covered; the total mine
    /// count is unchanged). For a person's board: their flags may be wrong, and the solvers
    /// take a flag as a certain mine.
    ///
    /// ```
    /// use automine_core::PlayerView;
    /// let view: PlayerView = "3x2 1\n1F.\n11.\n".parse()?;
    /// let plain = view.without_flags();
    /// assert_eq!(plain.to_string(), "3x2 1\n1..\n11.\n");
    /// assert_eq!((plain.flag_count(), plain.mines_left()), (0, 1));
    /// # Ok::<(), automine_core::BoardError>(())
    /// ```
    #[must_use]
    pub fn without_flags(&self) -> Self {
        let cells = self
            .cells
            .iter()
            .map(|&c| if c == CellView::Flagged { CellView::Covered } else { c })
            .collect();
        Self {
            dims: self.dims,
            mines: self.mines,
            cells,
            revealed: self.revealed,
            flagged: 0,
        }
    }

    /// Replace the cell `id`, keeping the counters right. Used by the game; ids beyond the
    /// board are ignored.
    pub(crate) fn set(&mut self, id: CellId, cell: CellView) {
        let Some(slot) = self.cells.get_mut(id.index()) else {
            return;
        };
        match *slot {
            CellView::Revealed(_) => self.revealed -= 1,
            CellView::Flagged => self.flagged -= 1,
            CellView::Covered => {}
        }
        match cell {
            CellView::Revealed(_) => self.revealed += 1,
            CellView::Flagged => self.flagged += 1,
            CellView::Covered => {}
        }
        *slot = cell;
    }
}

impl fmt::Display for PlayerView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.dims, self.mines)?;
        for row in self.cells.chunks(self.dims.width().0 as usize) {
            let line: String = row.iter().map(|c| c.symbol()).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl FromStr for PlayerView {
    type Err = BoardError;

    /// Parse the text format (see the module docs).
    fn from_str(text: &str) -> Result<Self, BoardError> {
        let mut lines = text.lines().map(str::trim_end).filter(|l| !l.trim().is_empty());
        let header = lines.next().ok_or(BoardError::MissingHeader)?;
        let (dims, mines) = parse_header(header)?;
        let rows: Vec<&str> = lines.collect();
        let height = dims.height().0 as usize;
        let width = dims.width().0 as usize;
        if rows.len() != height {
            return Err(BoardError::WrongRowCount {
                expected: height,
                found: rows.len(),
            });
        }
        let mut cells = Vec::with_capacity(dims.cell_count());
        for (r, line) in rows.iter().enumerate() {
            let line = line.trim_start();
            let found = line.chars().count();
            if found != width {
                return Err(BoardError::WrongRowLength {
                    row: r,
                    expected: width,
                    found,
                });
            }
            for (c, ch) in line.chars().enumerate() {
                cells.push(match ch {
                    '.' => CellView::Covered,
                    'F' => CellView::Flagged,
                    '0'..='8' => CellView::Revealed(ch as u8 - b'0'),
                    other => {
                        return Err(BoardError::BadCell {
                            at: Pos::new(Col(c as u16), Row(r as u16)),
                            found: other,
                        });
                    }
                });
            }
        }
        Self::from_cells(dims, mines, cells)
    }
}

fn parse_header(line: &str) -> Result<(Dims, u32), BoardError> {
    let bad = || BoardError::BadHeader { line: line.to_string() };
    let mut parts = line.split_whitespace();
    let (size, mines) = (parts.next().ok_or_else(bad)?, parts.next().ok_or_else(bad)?);
    if parts.next().is_some() {
        return Err(bad());
    }
    let (w, h) = size.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u16 = w.parse().map_err(|_| bad())?;
    let h: u16 = h.parse().map_err(|_| bad())?;
    let mines: u32 = mines.parse().map_err(|_| bad())?;
    let dims = Dims::new(Width(w), Height(h))?;
    Ok((dims, mines))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_name_what_and_where() {
        assert_eq!("".parse::<PlayerView>(), Err(BoardError::MissingHeader));
        assert!(matches!("9x9".parse::<PlayerView>(), Err(BoardError::BadHeader { .. })));
        assert!(matches!("0x9 1".parse::<PlayerView>(), Err(BoardError::BadSize { .. })));
        assert_eq!(
            "2x2 1\n..\n".parse::<PlayerView>(),
            Err(BoardError::WrongRowCount { expected: 2, found: 1 })
        );
        assert_eq!(
            "2x2 1\n..\n...\n".parse::<PlayerView>(),
            Err(BoardError::WrongRowLength {
                row: 1,
                expected: 2,
                found: 3
            })
        );
        assert_eq!(
            "2x2 1\n..\n.9\n".parse::<PlayerView>(),
            Err(BoardError::BadCell {
                at: Pos::new(Col(1), Row(1)),
                found: '9'
            })
        );
        assert_eq!(
            "2x2 1\nFF\n..\n".parse::<PlayerView>(),
            Err(BoardError::TooManyFlags { flags: 2, mines: 1 })
        );
    }

    #[test]
    fn counters_follow_cells() {
        let view: PlayerView = "3x3 2\n1F.\n11.\n...\n".parse().unwrap();
        assert_eq!(view.revealed_count(), 3);
        assert_eq!(view.flag_count(), 1);
        assert_eq!(view.covered_count(), 5);
        assert_eq!(view.mines_left(), 1);
    }
}
