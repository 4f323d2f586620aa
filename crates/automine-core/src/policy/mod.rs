//! The exact player's policy: the parts that choose a click when no cell is certainly safe,
//! one file each, in the order [`ExactPlayer`](crate::player::exact::ExactPlayer) asks them:
//! - [`first_click`]: the first cell, by rule (the corner for `safe`, a few cells in for
//!   `opening`);
//! - [`endgame`]: the exhaustive search for the move that maximises the win probability, when
//!   few layouts remain;
//! - [`isolated`]: a region no other click can inform, searched exactly on its own;
//! - [`fifty_fifty`]: forced and chained 50/50s, taken at once;
//! - [`guess`]: the guess by secondary safety (survive this click and the next);
//! - [`long_term_risk`]: the 50/50 influence of a guess (risk that must be taken anyway).

pub mod endgame;
pub mod fifty_fifty;
pub mod first_click;
pub mod guess;
pub mod isolated;
pub mod long_term_risk;
