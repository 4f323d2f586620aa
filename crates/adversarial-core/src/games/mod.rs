//! The bundled games.
//!
//! - [`mnk`]: m,n,k-games on boards of up to 64 cells, with tic-tac-toe (3,3,3) as the lecture's
//!   example: the open-lines evaluation and the board's symmetries.
//! - [`tictactoe`]: tic-tac-toe in the lecture's notation (cells `1`–`9` in reading order).
//! - [`connect4`]: Connect Four on 7×6 bitboards, with the exact solver in the public
//!   benchmark's score convention.
//! - [`random_tree`]: synthetic game trees with seeded random leaf values, for testing the
//!   searches against each other.

pub mod connect4;
pub mod mnk;
pub mod random_tree;
pub mod tictactoe;
