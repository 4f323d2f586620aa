//! Tic-tac-toe in the lecture's notation: the (3,3,3) [`MnkGame`] with cells numbered `1`–`9`
//! in reading order (`1 2 3` is the top row, `5` the centre).
//!
//! Oracles (tested): 255,168 possible games, 5,478 reachable positions, 765 of them distinct up
//! to the board's 8 symmetries, and the value of the empty board is a draw.

use crate::game::{Game, PlayError};
use crate::games::mnk::{MnkGame, MnkPosition};

/// Why a tic-tac-toe move sequence is not a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MovesError {
    /// A character that is not a cell `1`–`9`.
    #[error("character {found:?} at position {index} is not a cell 1-9")]
    NotACell {
        /// The offending character.
        found: char,
        /// Its 1-based position in the sequence.
        index: usize,
    },
    /// The cell is already taken.
    #[error("cell {cell} at position {index} is already taken")]
    Occupied {
        /// The cell (1–9).
        cell: u8,
        /// Its 1-based position in the sequence.
        index: usize,
    },
    /// A move after the game was already won or drawn.
    #[error("move {index} comes after the end of the game")]
    AfterEnd {
        /// The 1-based position of the extra move.
        index: usize,
    },
}

/// The cell index (0–8) of a cell name `1`–`9`.
pub fn parse_cell(name: char) -> Option<u8> {
    name.to_digit(10).filter(|d| (1..=9).contains(d)).map(|d| d as u8 - 1)
}

/// The name `1`–`9` of a cell index (0–8); `?` for an index off the board.
pub fn cell_name(cell: u8) -> char {
    if cell < 9 { char::from(b'1' + cell) } else { '?' }
}

/// Play a sequence of cell names from the empty board.
///
/// # Errors
/// [`MovesError`] naming the first bad move and where it is.
///
/// ```
/// use adversarial_core::games::tictactoe::{parse_moves, MovesError};
/// let (game, position) = parse_moves("519").unwrap();
/// assert_eq!(game.render(&position), "O..\n.X.\n..X\n");
/// assert_eq!(parse_moves("55").unwrap_err(), MovesError::Occupied { cell: 5, index: 2 });
/// ```
pub fn parse_moves(moves: &str) -> Result<(MnkGame, MnkPosition), MovesError> {
    let game = MnkGame::tic_tac_toe();
    let mut position = game.start();
    for (i, ch) in moves.chars().enumerate() {
        let index = i + 1;
        let cell = parse_cell(ch).ok_or(MovesError::NotACell { found: ch, index })?;
        position = match game.try_play(&position, cell) {
            Ok(next) => next,
            Err(PlayError::GameOver(_)) => return Err(MovesError::AfterEnd { index }),
            Err(_) => return Err(MovesError::Occupied { cell: cell + 1, index }),
        };
    }
    Ok((game, position))
}
