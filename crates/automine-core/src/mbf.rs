//! Minesweeper X's `.mbf` board files, the community's format for exchanging boards.
//!
//! # The format
//! | bytes | content |
//! |---|---|
//! | 0 | width (columns), 1 to 255 |
//! | 1 | height (rows), 1 to 255 |
//! | 2–3 | the mine count `M`, a big-endian `u16` |
//! | 4 … 4 + 2M | for each mine two bytes: its column `x`, then its row `y` (from 0) |
//!
//! [`to_mbf`] writes the mines in ascending cell-id order (row-major: `y × width + x`), so
//! a layout has exactly one file; [`from_mbf`] accepts the mines in any order. A file is
//! refused with an [`MbfError`] that names what is wrong and where; no input panics.
//!
//! ```
//! use automine_core::{FirstClick, MineLayout, Pos, Col, Row, Preset, from_mbf, to_mbf};
//! let settings = Preset::Beginner.settings(FirstClick::Safe);
//! let layout = MineLayout::generate(settings, 7, Pos::new(Col(4), Row(4)))?;
//! let bytes = to_mbf(&layout)?;
//! assert_eq!(&bytes[..4], &[9, 9, 0, 10]);
//! assert_eq!(bytes.len(), 4 + 2 * 10);
//! assert_eq!(from_mbf(&bytes)?, layout);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::geometry::{Col, Dims, Height, MAX_SIDE, Pos, Row, Width};
use crate::layout::MineLayout;
use crate::settings::FirstClick;

/// The length of an `.mbf` header: width, height and the two-byte mine count.
pub const MBF_HEADER_LEN: usize = 4;

/// Why bytes are not an `.mbf` board, or why a layout cannot be written as one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MbfError {
    /// Fewer bytes than the 4-byte header.
    #[error("an .mbf file has a 4-byte header (width, height, mine count), but only {len} bytes were given")]
    TooShort {
        /// Bytes given.
        len: usize,
    },
    /// A side is 0 (the format's byte cannot exceed 255, within [`MAX_SIDE`]).
    #[error("board size {width}x{height} is not allowed (each side must be 1 to {max})", max = MBF_MAX_SIDE)]
    BadSize {
        /// The width byte.
        width: u8,
        /// The height byte.
        height: u8,
    },
    /// The file is not `4 + 2 × mines` bytes long.
    #[error("a file announcing {mines} mines must be {expected} bytes long (4 + 2 per mine), found {found}")]
    WrongLength {
        /// The mine count of the header.
        mines: u16,
        /// `4 + 2 × mines`.
        expected: usize,
        /// The file's length.
        found: usize,
    },
    /// The mine count does not leave between 1 mine and all but one cell (what
    /// [`crate::GameSettings::new`] allows under the `any` rule, so every file read can be
    /// played with [`crate::Game::with_layout`]).
    #[error("{mines} mines do not fit a {width}x{height} board (allowed: 1 to {max}, at least one safe cell)")]
    BadMineCount {
        /// The mine count of the header.
        mines: u16,
        /// The board's width.
        width: u8,
        /// The board's height.
        height: u8,
        /// The largest mine count allowed (cells − 1).
        max: usize,
    },
    /// A mine's position lies off the board.
    #[error("mine {index} (counting from 0) at x={x}, y={y} lies off the {width}x{height} board")]
    MineOffBoard {
        /// The mine's place in the file's list (from 0).
        index: usize,
        /// Its column byte.
        x: u8,
        /// Its row byte.
        y: u8,
        /// The board's width.
        width: u8,
        /// The board's height.
        height: u8,
    },
    /// A mine given a second time.
    #[error("mine {index} (counting from 0) at x={x}, y={y} repeats mine {first}")]
    DuplicateMine {
        /// The repeated mine's place in the file's list (from 0).
        index: usize,
        /// The earlier mine at the same cell.
        first: usize,
        /// Its column.
        x: u8,
        /// Its row.
        y: u8,
    },
    /// A layout too large for the format ([`to_mbf`]): a side above 255 or more than 65 535
    /// mines.
    #[error("a {dims} layout with {mines} mines does not fit the .mbf format (sides up to 255, mines up to 65535)")]
    TooLargeForMbf {
        /// The layout's size.
        dims: Dims,
        /// Its mine count.
        mines: usize,
    },
}

/// The largest side the format can hold: one byte, and never above [`MAX_SIDE`].
const MBF_MAX_SIDE: u16 = if MAX_SIDE < 255 { MAX_SIDE } else { 255 };

/// `layout` as an `.mbf` file: the header, then every mine as `x, y` in ascending cell-id
/// (row-major) order.
///
/// # Errors
/// [`MbfError::TooLargeForMbf`] when a side is above 255 or there are more than 65 535 mines.
///
/// # Example
/// ```
/// use automine_core::{CellId, Dims, Height, MineLayout, Width, to_mbf};
/// // 3 columns, 2 rows; mines at (x=2, y=0) and (x=0, y=1).
/// let layout = MineLayout::from_mines(Dims::new(Width(3), Height(2))?, [CellId(3), CellId(2)]);
/// assert_eq!(to_mbf(&layout)?, [3, 2, 0, 2, 2, 0, 0, 1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_mbf(layout: &MineLayout) -> Result<Vec<u8>, MbfError> {
    let dims = layout.dims();
    let too_large = || MbfError::TooLargeForMbf {
        dims,
        mines: layout.mine_count(),
    };
    let width = u8::try_from(dims.width().0).map_err(|_| too_large())?;
    let height = u8::try_from(dims.height().0).map_err(|_| too_large())?;
    let mines = u16::try_from(layout.mine_count()).map_err(|_| too_large())?;
    let mut bytes = Vec::with_capacity(MBF_HEADER_LEN + 2 * layout.mine_count());
    bytes.extend_from_slice(&[width, height]);
    bytes.extend_from_slice(&mines.to_be_bytes());
    // CellSet iterates in ascending id order; sides <= 255, so columns and rows fit a byte.
    for id in layout.mines().iter() {
        let pos = dims.pos(id);
        bytes.extend_from_slice(&[pos.col().0 as u8, pos.row().0 as u8]);
    }
    Ok(bytes)
}

/// The layout an `.mbf` file describes. The mines may come in any order.
///
/// Checks, in this order: the header is there, both sides are at least 1, the length is
/// `4 + 2 × mines`, the mine count leaves 1 to `cells − 1` mines, and every mine lies on
/// the board and is given once. A layout read here always fits
/// `GameSettings::new(layout.dims(), layout.mine_count() as u32, FirstClick::Any)`.
///
/// # Errors
/// The first check that fails, as an [`MbfError`] naming the byte values and mine index.
///
/// # Example
/// ```
/// use automine_core::{Col, MbfError, Pos, Row, from_mbf};
/// let layout = from_mbf(&[3, 2, 0, 2, 0, 1, 2, 0])?;
/// assert_eq!(layout.number_at(Pos::new(Col(1), Row(0))), Some(2));
/// assert_eq!(from_mbf(&[3, 2, 0, 1, 3, 0]), Err(MbfError::MineOffBoard { index: 0, x: 3, y: 0, width: 3, height: 2 }));
/// # Ok::<(), MbfError>(())
/// ```
pub fn from_mbf(bytes: &[u8]) -> Result<MineLayout, MbfError> {
    let &[width, height, hi, lo, ref body @ ..] = bytes else {
        return Err(MbfError::TooShort { len: bytes.len() });
    };
    let dims = Dims::new(Width(u16::from(width)), Height(u16::from(height)))
        .ok()
        .filter(|_| u16::from(width) <= MBF_MAX_SIDE && u16::from(height) <= MBF_MAX_SIDE)
        .ok_or(MbfError::BadSize { width, height })?;
    let mines = u16::from_be_bytes([hi, lo]);
    let expected = MBF_HEADER_LEN + 2 * usize::from(mines);
    if bytes.len() != expected {
        return Err(MbfError::WrongLength {
            mines,
            expected,
            found: bytes.len(),
        });
    }
    // The `any` rule's bound from GameSettings::new: at least one mine, at least one safe cell.
    let max = dims
        .cell_count()
        .saturating_sub(FirstClick::Any.reserved_cells().max(1));
    if mines == 0 || usize::from(mines) > max {
        return Err(MbfError::BadMineCount {
            mines,
            width,
            height,
            max,
        });
    }
    // For each cell, the index (plus one) of the mine that first named it; 0 = none yet.
    let mut seen = vec![0usize; dims.cell_count()];
    let mut ids = Vec::with_capacity(usize::from(mines));
    // The length check above makes `body` exactly `mines` pairs.
    let (pairs, _) = body.as_chunks::<2>();
    for (index, &[x, y]) in pairs.iter().enumerate() {
        let Some(id) = dims.id(Pos::new(Col(u16::from(x)), Row(u16::from(y)))) else {
            return Err(MbfError::MineOffBoard {
                index,
                x,
                y,
                width,
                height,
            });
        };
        let slot = &mut seen[id.index()];
        if *slot != 0 {
            return Err(MbfError::DuplicateMine {
                index,
                first: *slot - 1,
                x,
                y,
            });
        }
        *slot = index + 1;
        ids.push(id);
    }
    Ok(MineLayout::from_mines(dims, ids))
}
