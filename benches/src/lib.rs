//! Shared helpers of the benchmarks in `benches/` and the cross-checks in `tests/` (the peer
//! crates themselves are dev-dependencies). Data files are found through the `test-data` crate.

#![forbid(unsafe_code)]

use automine_core::{CellView, PlayerView};

/// A Minesweeper position in `ms_toollib`'s encoding: rows of 0–8 numbers, 10 for a covered
/// cell, 11 for a flag.
///
/// ```
/// let view: automine_core::PlayerView = "2x1 1\n1.".parse().unwrap();
/// assert_eq!(search_benches::ms_toollib_board(&view), vec![vec![1, 10]]);
/// ```
pub fn ms_toollib_board(view: &PlayerView) -> Vec<Vec<i32>> {
    let width = usize::from(view.dims().width().0);
    view.cells()
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(|cell| match cell {
                    CellView::Covered => 10,
                    CellView::Flagged => 11,
                    CellView::Revealed(n) => i32::from(*n),
                })
                .collect()
        })
        .collect()
}
