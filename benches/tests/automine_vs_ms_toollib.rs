//! Cross-check: automine-core's exact probabilities against `ms_toollib`'s `cal_probability_csp`
//! (a port of `JSMinesweeper`'s probability engine) on expert mid-game positions.

use automine_core::suite::played_positions;
use automine_core::{CellView, FirstClick, PlayerView, Preset, exact_probabilities};

/// The board in `ms_toollib`'s encoding: rows of 0–8 numbers, 10 covered, 11 flagged.
fn to_ms_toollib(view: &PlayerView) -> Vec<Vec<i32>> {
    let w = view.dims().width().0 as usize;
    view.cells()
        .chunks(w)
        .map(|row| {
            row.iter()
                .map(|c| match c {
                    CellView::Covered => 10,
                    CellView::Flagged => 11,
                    CellView::Revealed(n) => i32::from(*n),
                })
                .collect()
        })
        .collect()
}

#[test]
fn exact_probabilities_match_ms_toollib_on_expert_positions() {
    let positions = played_positions(Preset::Expert.settings(FirstClick::Safe), 0..40, 0.1..=0.9, 5);
    assert!(positions.len() > 100);
    let mut worst = 0.0f64;
    for view in &positions {
        let ours = exact_probabilities(view).unwrap();
        let board = to_ms_toollib(view);
        let (frontier, interior, _, _) =
            ms_toollib::cal_probability_csp(&board, f64::from(view.total_mines())).expect("ms_toollib solves it");
        let mut theirs = vec![interior; view.dims().cell_count()];
        for ((row, col), p) in frontier {
            theirs[row * view.dims().width().0 as usize + col] = p;
        }
        for (id, p) in ours.covered() {
            worst = worst.max((p - theirs[id.index()]).abs());
        }
    }
    assert!(worst < 1e-6, "largest difference {worst}");
    println!("{} positions, largest difference {worst:e}", positions.len());
}
