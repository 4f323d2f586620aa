//! # adversarial-core
//!
//! The two-player game engine of the search workspace. It builds on [`search_core`]'s
//! vocabulary of states, moves, budgets and statistics.
//! This crate is being built; see the workspace README for its state.

#![forbid(unsafe_code)]

pub use search_core;
