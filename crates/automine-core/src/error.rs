//! Typed errors: bad board settings and text, illegal moves, impossible positions.

use search_core::StopReason;

use crate::geometry::{Dims, Pos, SizeError};

/// A board size, mine count or board text that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A side is 0 or larger than [`crate::MAX_SIDE`].
    #[error(transparent)]
    BadSize(#[from] SizeError),
    /// The mine count does not fit the board and first-click rule.
    #[error(
        "{mines} mines do not fit a board of {cells} cells under the {rule} first-click rule ({})",
        allowed_mines(*max)
    )]
    BadMineCount {
        /// The mine count asked for.
        mines: u32,
        /// Cells on the board.
        cells: usize,
        /// The first-click rule's name.
        rule: &'static str,
        /// The largest mine count allowed.
        max: usize,
    },
    /// The text has no `WxH M` header line.
    #[error("missing header line `WxH M` (e.g. `9x9 10`)")]
    MissingHeader,
    /// The header line is not `WxH M`.
    #[error("header line {line:?} is not `WxH M` (e.g. `9x9 10`)")]
    BadHeader {
        /// The header as read.
        line: String,
    },
    /// Fewer or more rows than the header says.
    #[error("expected {expected} board rows, found {found}")]
    WrongRowCount {
        /// Rows announced by the header.
        expected: usize,
        /// Rows present.
        found: usize,
    },
    /// A list of cells of the wrong length.
    #[error("{found} cells given for a board of {expected} cells")]
    WrongCellCount {
        /// Cells of the board.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A row of the wrong length.
    #[error("row {row} (counting from 0) has {found} cells, expected {expected}")]
    WrongRowLength {
        /// The row (0-based).
        row: usize,
        /// The width announced by the header.
        expected: usize,
        /// Cells present.
        found: usize,
    },
    /// A character that is not `.`, `F` or `0`–`8`.
    #[error("unexpected character {found:?} at {at}, counting from 0 (allowed: '.', 'F', '0' to '8')")]
    BadCell {
        /// Where.
        at: Pos,
        /// The character.
        found: char,
    },
    /// More flags than mines.
    #[error("{flags} flags but only {mines} mines")]
    TooManyFlags {
        /// Flags on the board.
        flags: usize,
        /// Total mines.
        mines: u32,
    },
    /// A layout given with settings of another board size or mine count
    /// ([`crate::Game::with_layout`]).
    #[error(
        "a {layout} layout with {layout_mines} mines does not fit the settings' {settings} board with {settings_mines} mines"
    )]
    LayoutMismatch {
        /// The settings' board size.
        settings: Dims,
        /// The settings' mine count.
        settings_mines: u32,
        /// The layout's board size.
        layout: Dims,
        /// The layout's mine count.
        layout_mines: usize,
    },
}

/// A move that cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The position lies off the board.
    #[error("{0} is off the board")]
    OffBoard(Pos),
    /// The game is already won or lost.
    #[error("the game is over")]
    GameOver,
}

/// Why no probability map can be given for a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProbabilityError {
    /// A number has more flags around it than its value.
    #[error("the {number} at {at} has {flags} flagged neighbours")]
    TooManyFlagsAround {
        /// The number's cell.
        at: Pos,
        /// Its value.
        number: u8,
        /// Flags around it.
        flags: u8,
    },
    /// A number needs more mines than it has covered neighbours.
    #[error("the {number} at {at} needs {needed} more mines but has only {room} covered neighbours")]
    NotEnoughRoom {
        /// The number's cell.
        at: Pos,
        /// Its value.
        number: u8,
        /// Mines still needed (value minus flags).
        needed: u8,
        /// Covered unflagged neighbours.
        room: u8,
    },
    /// The numbers of one connected group contradict each other.
    #[error("no mine layout fits the numbers around {at}")]
    NoLayout {
        /// A number of the contradictory group.
        at: Pos,
    },
    /// Every covered cell is a certain mine or flagged: a player has no cell to open (the
    /// game is over).
    #[error("no covered cell is left to open (every covered cell is a mine or flagged)")]
    NothingToOpen,
    /// A player's model failed to rate the cells (a learned player's network, for instance);
    /// the text is the model's own error.
    #[error("the player's model failed: {0}")]
    ModelFailed(String),
    /// The numbers can be satisfied, but not with the board's total mine count.
    #[error("no layout has exactly {mines_left} unflagged mines (the numbers allow {min} to {max})")]
    MineCountUnreachable {
        /// Mines left (total minus flags).
        mines_left: u32,
        /// The fewest unflagged mines any layout of the numbers allows.
        min: u64,
        /// The most.
        max: u64,
    },
    /// More flags than mines on the board.
    #[error("{flags} flags but only {mines} mines")]
    TooManyFlags {
        /// Flags.
        flags: usize,
        /// Total mines.
        mines: u32,
    },
    /// The teacher found a number that contradicts the facts it derived around it.
    #[error("the {number} at {at} contradicts the cells known around it")]
    LocalContradiction {
        /// The number's cell.
        at: Pos,
        /// Its value.
        number: u8,
    },
    /// The teacher's local rules place more mines than the board has, or leave too few
    /// undecided closed cells for the rest (flagged cells count as certain mines).
    #[error(
        "the board's {mines} mines do not fit the teacher's estimate: {certain} certain mines and {undecided} undecided closed cells"
    )]
    TeacherMineCount {
        /// The board's mine count.
        mines: u32,
        /// Mines the teacher's rules made certain.
        certain: usize,
        /// Closed cells neither certainly safe nor certainly a mine.
        undecided: usize,
    },
    /// The search ran out of budget.
    #[error("the enumeration stopped: {0}")]
    Stopped(StopReason),
    /// The brute-force reference was asked for a position with too many covered cells.
    #[error("{covered} covered cells are too many for brute force (limit {limit})")]
    TooLargeForBruteForce {
        /// Covered unflagged cells.
        covered: usize,
        /// The limit.
        limit: usize,
    },
}

/// The range of mine counts a board allows, as [`BoardError::BadMineCount`] says it.
fn allowed_mines(max: usize) -> String {
    if max == 0 {
        "no mine count fits: the board is too small".to_string()
    } else {
        format!("allowed: 1 to {max}")
    }
}
