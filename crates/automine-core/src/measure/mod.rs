//! Measuring players: win rates over seed ranges, paired comparisons and loss profiles.
//! - [`harness`]: N games over a seed range, the Wilson interval, games per second;
//! - [`paired`]: two players on the same games: discordant pairs, McNemar's test;
//! - [`divergence`]: two players in lock step, played on from their first different move on
//!   several layouts of that position (a paired comparison with less noise);
//! - [`profile`]: where the games are lost: guesses, expected and actual losses by phase.

pub mod divergence;
pub mod harness;
pub mod paired;
pub mod profile;
