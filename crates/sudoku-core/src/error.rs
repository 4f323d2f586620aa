//! Typed errors of reading grids and generating puzzles: every one names what went wrong and
//! where. [`LayoutError`] lives beside [`Layout`](crate::layout::Layout), which raises it, and
//! is re-exported here.

use crate::layout::House;
pub use crate::layout::LayoutError;

/// A cell position, 1-based in messages (`r3c7`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellRef {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
}

impl std::fmt::Display for CellRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// Why a text could not be read as a grid, or a list of cells is not a valid puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The text holds the wrong number of cells.
    #[error("wrong length: expected {expected} cells, found {found}")]
    WrongLength {
        /// Cells the layout needs.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// The number of cells fits no supported layout (16, 36, 81, 256 or 625).
    #[error("{found} cells fit no supported grid size (16, 36, 81, 256 or 625)")]
    UnknownSize {
        /// Cells found.
        found: usize,
    },
    /// A character that is neither a digit of the layout, an empty-cell mark nor a separator.
    #[error(
        "invalid character {ch:?} at line {line}, column {column} (digits are {alphabet}; empty cells are '.', '0' or '_')"
    )]
    InvalidChar {
        /// The character.
        ch: char,
        /// Line of the text, from 1.
        line: usize,
        /// Character position in that line, from 1.
        column: usize,
        /// The digits of the layout, for the message.
        alphabet: String,
    },
    /// A digit outside `1..=size` given as a number.
    #[error("digit {digit} at {cell} is outside 1..={size}")]
    DigitOutOfRange {
        /// The digit.
        digit: usize,
        /// Where.
        cell: CellRef,
        /// The layout's number of digits.
        size: usize,
    },
    /// The same given twice in a house.
    #[error("digit {digit} is given twice in {house}: at {first} and {second}")]
    Conflict {
        /// The repeated digit.
        digit: u8,
        /// The house holding both.
        house: House,
        /// The first cell (reading order).
        first: CellRef,
        /// The second cell.
        second: CellRef,
    },
    /// A cell index past the end of the grid.
    #[error("cell {cell} is off the grid (cells are 0..{cells})")]
    CellOutOfRange {
        /// The index given.
        cell: usize,
        /// Cells in the grid.
        cells: usize,
    },
    /// The layout is not supported.
    #[error(transparent)]
    Layout(#[from] LayoutError),
}

/// Why a budgeted generation
/// ([`Generator::try_generate_with`](crate::generate::Generator::try_generate_with)) gave no
/// puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The caller's [`Budget`](search_core::Budget) ran out before the puzzle was finished. No
    /// puzzle is returned: the half-reduced grid would be unique, but it is neither down to
    /// the target nor minimal, and not the puzzle of the seed.
    #[error("stopped ({reason}) after {nodes} nodes")]
    Stopped {
        /// What ran out: the node limit, the deadline, or the cancellation flag.
        reason: search_core::StopReason,
        /// Nodes searched by this generation until it stopped: the solution grid and every
        /// uniqueness check together (never more than the budget's node limit).
        nodes: u64,
    },
}
