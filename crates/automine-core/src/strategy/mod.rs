//! Playing to win: the exact player, its parts, the teacher baseline and the win-rate harness.
//!
//! One file per part, in the order the player uses them:
//! - [`first_click`]: the first cell, by rule (corner for `safe`, a few cells in for
//!   `opening`);
//! - [`layouts`]: every consistent whole-board layout when few remain (on search-core);
//! - [`endgame`]: the exhaustive search for the move that maximises the win probability;
//! - [`isolated`]: a region no other click can inform, searched exactly on its own;
//! - [`fifty_fifty`]: forced 50/50s, taken at once;
//! - [`guess`]: the guess by secondary safety (survive this click and the next);
//! - [`long_term_risk`]: the 50/50 influence of a guess (risk that must be taken anyway);
//! - [`exact_player`]: the player that puts them together; [`teacher_player`]: the baseline;
//! - [`harness`]: N games over a seed range, Wilson interval, games per second;
//! - [`paired`]: two players on the same games: discordant pairs, McNemar's test;
//! - [`profile`]: where the games are lost: guesses, expected and actual losses by phase.

pub mod endgame;
pub mod exact_player;
pub mod fifty_fifty;
pub mod first_click;
pub mod guess;
pub mod harness;
pub mod isolated;
pub mod layouts;
pub mod long_term_risk;
pub mod paired;
pub mod profile;
pub mod teacher_player;
