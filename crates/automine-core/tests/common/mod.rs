//! Helpers shared by the integration tests.

use automine_core::{CellView, Dims, FirstClick, Game, GameSettings, GameStatus, Height, PlayerView, Width};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every view of a game on a small board played by random safe clicks, with a correct flag
/// placed now and then (so that narrowing meets flags placed before and after a set).
pub fn played_views(w: u16, h: u16, mines: u32, seed: u64) -> Vec<PlayerView> {
    let Ok(dims) = Dims::new(Width(w), Height(h)) else {
        return Vec::new();
    };
    let mines = mines.min(dims.cell_count() as u32 - 1);
    let Ok(settings) = GameSettings::new(dims, mines, FirstClick::Any) else {
        return Vec::new();
    };
    let mut game = Game::new(settings, seed);
    let Some(layout) = game.hidden_layout().cloned() else {
        return Vec::new();
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x1a40);
    let mut views = Vec::new();
    while game.status() == GameStatus::Playing {
        views.push(game.view().clone());
        let covered = |mine: bool| -> Vec<automine_core::CellId> {
            dims.ids()
                .filter(|&id| layout.is_mine(id) == mine && game.view().at(id) == CellView::Covered)
                .collect()
        };
        let unflagged_mines = covered(true);
        if !unflagged_mines.is_empty() && rng.random_range(0..4) == 0 {
            let m = unflagged_mines[rng.random_range(0..unflagged_mines.len())];
            game.toggle_flag(dims.pos(m)).unwrap();
            continue;
        }
        let safe = covered(false);
        if safe.is_empty() {
            break;
        }
        game.reveal(dims.pos(safe[rng.random_range(0..safe.len())])).unwrap();
    }
    views
}
