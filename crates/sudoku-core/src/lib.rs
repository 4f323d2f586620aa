//! # sudoku-core
//!
//! The Sudoku engine of the search workspace. It builds on [`search_core`]'s constraint search.
//! This crate is being built; see the workspace README for its state.

#![forbid(unsafe_code)]

pub use search_core;
