//! Measuring players: win rates over seed ranges, paired comparisons and loss profiles.
//! - [`harness`]: N games over a seed range, the Wilson interval, games per second;
//! - [`paired`]: two players on the same games: discordant pairs, McNemar's test;
//! - [`profile`]: where the games are lost: guesses, expected and actual losses by phase.

pub mod harness;
pub mod paired;
pub mod profile;
