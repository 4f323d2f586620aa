//! A Connect Four position on 7×6 bitboards.
//!
//! Each column takes 8 bits (6 cells and two spare on top that keep shifts from spilling
//! into the next column); bit `col × 8 + row` is the cell at `row` (0 = bottom) of `col`.
//! One spare bit would do (the tutorial's 7-bit columns); with a whole byte per column the
//! mirror image of a key is a byte swap, which every node of the solver computes. A
//! position is two words: `mask` (every stone) and `current` (the stones of the player to
//! move), so playing a move is `current ^= mask; mask |= mask + bottom_of_column`.
//! `current + mask` identifies the position uniquely (the tutorial's key).

use crate::game::Side;

/// Columns.
pub const WIDTH: u32 = 7;
/// Rows.
pub const HEIGHT: u32 = 6;
/// Cells on the board.
pub const CELLS: u32 = WIDTH * HEIGHT;
/// The lowest possible score (a loss to a win with the opponent's 4th stone).
pub const MIN_SCORE: i32 = -((CELLS as i32) / 2) + 3;
/// The highest possible score (a win with one's 4th stone).
pub const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2 - 3;

/// Bits per column: the cells and two spare bits (see the module docs).
pub(crate) const COLUMN_BITS: u32 = 8;

const fn bottom_mask() -> u64 {
    let mut mask = 0;
    let mut col = 0;
    while col < WIDTH {
        mask |= 1 << (col * COLUMN_BITS);
        col += 1;
    }
    mask
}

/// The bottom cell of every column.
pub(crate) const BOTTOM: u64 = bottom_mask();
/// Every cell of the board.
pub(crate) const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// The cells of column `col`.
#[inline]
pub(crate) const fn column_mask(col: u32) -> u64 {
    ((1 << HEIGHT) - 1) << (col * COLUMN_BITS)
}

#[inline]
const fn top_mask(col: u32) -> u64 {
    1 << (HEIGHT - 1 + col * COLUMN_BITS)
}

#[inline]
const fn bottom_mask_col(col: u32) -> u64 {
    1 << (col * COLUMN_BITS)
}

/// Why a move sequence is not a Connect Four position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A character that is not a column `1`–`7`.
    #[error("character {found:?} at position {index} is not a column 1-7")]
    NotAColumn {
        /// The offending character.
        found: char,
        /// Its 1-based position in the sequence.
        index: usize,
    },
    /// The column is full.
    #[error("column {column} is full at move {index}")]
    ColumnFull {
        /// The column (1–7).
        column: u32,
        /// The 1-based position of the move.
        index: usize,
    },
    /// A move after four in a row was made.
    #[error("move {index} comes after the end of the game")]
    AfterEnd {
        /// The 1-based position of the extra move.
        index: usize,
    },
}

/// A Connect Four position (the stones, not the history).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Position {
    current: u64,
    mask: u64,
    moves: u32,
}

impl Position {
    /// The empty board.
    pub const fn new() -> Self {
        Position {
            current: 0,
            mask: 0,
            moves: 0,
        }
    }

    /// The position after a sequence of 1-based columns (`"4453"`), as in the public sets.
    ///
    /// # Errors
    /// [`PositionError`] naming the first character that is not a column, a move into a full
    /// column, or a move after the game was won.
    ///
    /// ```
    /// use adversarial_core::games::connect4::{Position, PositionError};
    /// let p = Position::parse("4453").unwrap();
    /// assert_eq!(p.moves(), 4);
    /// assert_eq!(Position::parse("48"), Err(PositionError::NotAColumn { found: '8', index: 2 }));
    /// assert_eq!(Position::parse("1111111"), Err(PositionError::ColumnFull { column: 1, index: 7 }));
    /// assert_eq!(Position::parse("12121212"), Err(PositionError::AfterEnd { index: 8 }));
    /// ```
    pub fn parse(moves: &str) -> Result<Self, PositionError> {
        let mut position = Position::new();
        for (i, ch) in moves.chars().enumerate() {
            let index = i + 1;
            let column = ch
                .to_digit(10)
                .filter(|d| (1..=WIDTH).contains(d))
                .ok_or(PositionError::NotAColumn { found: ch, index })?;
            if position.is_over() {
                return Err(PositionError::AfterEnd { index });
            }
            if !position.can_play(column - 1) {
                return Err(PositionError::ColumnFull { column, index });
            }
            position.play_column(column - 1);
        }
        Ok(position)
    }

    /// Moves played.
    pub const fn moves(&self) -> u32 {
        self.moves
    }

    /// The player to move.
    pub const fn side_to_move(&self) -> Side {
        if self.moves & 1 == 0 { Side::First } else { Side::Second }
    }

    /// Whether column `col` (0-based) has room.
    #[inline]
    pub const fn can_play(&self, col: u32) -> bool {
        col < WIDTH && self.mask & top_mask(col) == 0
    }

    /// Drop a stone of the player to move into column `col` (0-based). The column must have
    /// room ([`can_play`](Self::can_play)); [`Position::parse`] and
    /// [`Game::try_play`](crate::Game::try_play) check moves that come from users.
    ///
    /// # Panics
    /// When `col` is not below [`WIDTH`] or the column is full (a programmer error: the move
    /// was not among the legal ones).
    #[inline]
    pub fn play_column(&mut self, col: u32) {
        assert!(self.can_play(col), "column {col} is off the board or full");
        self.play_bit((self.mask + bottom_mask_col(col)) & column_mask(col));
    }

    /// Play the move given as its single cell bit.
    #[inline]
    pub(crate) fn play_bit(&mut self, cell: u64) {
        self.current ^= self.mask;
        self.mask |= cell;
        self.moves += 1;
    }

    /// Whether playing column `col` makes four in a row for the player to move (`false` for
    /// a column off the board).
    #[inline]
    pub fn is_winning_move(&self, col: u32) -> bool {
        col < WIDTH && self.winning_cells() & self.possible() & column_mask(col) != 0
    }

    /// Whether the player to move can win at once.
    #[inline]
    pub fn can_win_next(&self) -> bool {
        self.winning_cells() & self.possible() != 0
    }

    /// Whether the player who just moved made four in a row.
    #[inline]
    pub fn opponent_has_won(&self) -> bool {
        has_four(self.current ^ self.mask)
    }

    /// Whether the game is over (four in a row was made, or the board is full).
    pub fn is_over(&self) -> bool {
        self.opponent_has_won() || self.moves == CELLS
    }

    /// The unique key `current + mask` (below 2^55: bit 7 of each column byte is always 0).
    #[inline]
    pub const fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The key of the mirror image (columns reversed). Adding `current` to `mask` never
    /// carries out of a column, so mirroring the key mirrors the position.
    #[inline]
    pub const fn mirrored_key(&self) -> u64 {
        mirror(self.key())
    }

    /// The smaller of [`key`](Self::key) and [`mirrored_key`](Self::mirrored_key): equal for
    /// a position and its mirror image.
    #[inline]
    pub const fn canonical_key(&self) -> u64 {
        let key = self.key();
        let mirrored = mirror(key);
        if mirrored < key { mirrored } else { key }
    }

    /// The cells where the next stone of each column would land.
    #[inline]
    pub(crate) const fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// Empty cells that would complete four for the player to move.
    #[inline]
    pub(crate) const fn winning_cells(&self) -> u64 {
        winning_cells(self.current, self.mask)
    }

    /// Empty cells that would complete four for the opponent.
    #[inline]
    pub(crate) const fn opponent_winning_cells(&self) -> u64 {
        winning_cells(self.current ^ self.mask, self.mask)
    }

    /// The moves (as cell bits) that do not let the opponent win at once: when the opponent
    /// threatens to win, only the block (none if there are two threats); never a cell right
    /// under an opponent's winning cell. 0 means every move loses. Assumes the player to move
    /// cannot win at once. `threats` are the empty cells that would complete four for the
    /// opponent ([`opponent_winning_cells`](Self::opponent_winning_cells)).
    #[inline]
    pub(crate) const fn non_losing_moves(&self, threats: u64) -> u64 {
        let mut possible = self.possible();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// The empty cells that would complete four for the player to move after playing `cell`
    /// (which must not itself complete four): the opponent's threats in the child position.
    #[inline]
    pub(crate) const fn wins_after(&self, cell: u64) -> u64 {
        winning_cells(self.current | cell, self.mask | cell)
    }

    /// Who holds the cell at `row` (0 = bottom) of `col`, if anyone.
    pub fn stone(&self, col: u32, row: u32) -> Option<Side> {
        if col >= WIDTH || row >= HEIGHT {
            return None;
        }
        let bit = 1u64 << (col * COLUMN_BITS + row);
        if self.mask & bit == 0 {
            return None;
        }
        let mine = self.current & bit != 0;
        let mover = self.side_to_move();
        Some(if mine { mover } else { mover.opponent() })
    }

    /// The board drawn with `X` (first player), `O` and `.`, top row first, then the column
    /// numbers.
    pub fn render(&self) -> String {
        let mut text = String::new();
        for row in (0..HEIGHT).rev() {
            for col in 0..WIDTH {
                text.push(match self.stone(col, row) {
                    Some(Side::First) => 'X',
                    Some(Side::Second) => 'O',
                    None => '.',
                });
                if col + 1 < WIDTH {
                    text.push(' ');
                }
            }
            text.push('\n');
        }
        text.push_str("1 2 3 4 5 6 7\n");
        text
    }
}

/// Reverse the order of the columns of a board word: the 7 column bytes in its low 56 bits
/// are reversed by a byte swap (which moves them to the high bytes) and a shift back.
#[inline]
const fn mirror(key: u64) -> u64 {
    key.swap_bytes() >> COLUMN_BITS
}

/// Whether `stones` hold four in a row.
#[inline]
pub(crate) const fn has_four(stones: u64) -> bool {
    // For each direction, pair up neighbours, then pairs of pairs.
    let mut found = false;
    let shifts = [COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1, 1];
    let mut i = 0;
    while i < 4 {
        let d = shifts[i];
        let pairs = stones & (stones >> d);
        if pairs & (pairs >> (2 * d)) != 0 {
            found = true;
        }
        i += 1;
    }
    found
}

/// The empty cells that would complete four in a row for `stones` (given every stone in
/// `mask`).
#[inline]
pub(crate) const fn winning_cells(stones: u64, mask: u64) -> u64 {
    // Vertical: three stones right below.
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    let dirs = [COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1];
    let mut i = 0;
    while i < 3 {
        let d = dirs[i];
        // Two stones on one side, and a third beyond them or on the other side.
        let mut p = (stones << d) & (stones << (2 * d));
        r |= p & (stones << (3 * d));
        r |= p & (stones >> d);
        p = (stones >> d) & (stones >> (2 * d));
        r |= p & (stones << d);
        r |= p & (stones >> (3 * d));
        i += 1;
    }
    r & (BOARD ^ mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Play `moves` (1-based columns) and the same moves in mirrored columns.
    fn pair(moves: &str) -> (Position, Position) {
        let mirrored: String = moves
            .chars()
            .map(|c| char::from(b'0' + (8 - (c as u8 - b'0'))))
            .collect();
        (
            Position::parse(moves).unwrap_or_else(|e| panic!("{e}")),
            Position::parse(&mirrored).unwrap_or_else(|e| panic!("{e}")),
        )
    }

    #[test]
    fn mirrored_key_is_the_key_of_the_mirror_image() {
        for moves in [
            "",
            "1",
            "4",
            "12",
            "7654321",
            "4453",
            "1111112222223",
            "2252576253462244111563365343671351441",
        ] {
            let (position, image) = pair(moves);
            assert_eq!(position.mirrored_key(), image.key(), "{moves}");
            assert_eq!(image.mirrored_key(), position.key(), "{moves}");
            assert_eq!(position.canonical_key(), image.canonical_key(), "{moves}");
        }
    }
}
