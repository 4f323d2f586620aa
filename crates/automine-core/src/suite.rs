//! Reproducible position suites for tests and benchmarks: positions reached by the
//! [`SafestCellPlayer`] on seeded games.

use std::ops::{Range, RangeInclusive};

use crate::game::{Game, GameStatus};
use crate::player::SafestCellPlayer;
use crate::probability::exact::exact_probabilities;
use crate::settings::GameSettings;
use crate::view::PlayerView;

/// The positions the safest-cell player reaches in the games of `seeds` (after each of its
/// moves, while the game runs) whose share of revealed cells lies in `revealed`, at most
/// `per_game` of them per game, spread evenly over the game.
///
/// ```
/// use automine_core::{FirstClick, Preset, suite::played_positions};
/// let positions = played_positions(Preset::Expert.settings(FirstClick::Safe), 0..3, 0.2..=0.8, 4);
/// assert!(!positions.is_empty() && positions.len() <= 12);
/// ```
pub fn played_positions(
    settings: GameSettings,
    seeds: Range<u64>,
    revealed: RangeInclusive<f64>,
    per_game: usize,
) -> Vec<PlayerView> {
    let cells = settings.dims().cell_count() as f64;
    let mut out = Vec::new();
    for seed in seeds {
        let mut game = Game::new(settings, seed);
        let mut seen = Vec::new();
        while game.status() == GameStatus::Playing {
            let Ok(map) = exact_probabilities(game.view()) else {
                break;
            };
            let Some(pos) = SafestCellPlayer::choose_from_map(game.view(), &map) else {
                break;
            };
            if game.reveal(pos).is_err() {
                break;
            }
            let share = game.view().revealed_count() as f64 / cells;
            if game.status() == GameStatus::Playing && revealed.contains(&share) {
                seen.push(game.view().clone());
            }
        }
        if seen.len() <= per_game {
            out.extend(seen);
        } else if per_game > 0 {
            let step = seen.len() as f64 / per_game as f64;
            out.extend((0..per_game).map(|i| seen[(i as f64 * step) as usize].clone()));
        }
    }
    out
}
