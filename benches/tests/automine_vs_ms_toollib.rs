//! Cross-check: automine-core's exact probabilities against `ms_toollib`'s `cal_probability_csp`
//! (a port of `JSMinesweeper`'s probability engine) on expert mid-game positions.

use automine_core::suite::played_positions;
use automine_core::{FirstClick, Preset, exact_probabilities};
use search_benches::ms_toollib_board;

#[test]
fn exact_probabilities_match_ms_toollib_on_expert_positions() {
    let positions = played_positions(Preset::Expert.settings(FirstClick::Safe), 0..40, 0.1..=0.9, 5);
    assert!(positions.len() > 100);
    let mut worst = 0.0f64;
    for view in &positions {
        let ours = exact_probabilities(view).unwrap();
        let board = ms_toollib_board(view);
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
