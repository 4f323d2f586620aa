//! Players: who chooses the next click. [`Player`] is the interface a stronger player
//! implements; [`SafestCellPlayer`] is the simplest honest one (it sees only the
//! [`PlayerView`]).

use crate::error::{PlayError, ProbabilityError};
use crate::game::{Game, GameStatus};
use crate::geometry::{CellId, Pos};
use crate::probability::exact::exact_probabilities;
use crate::probability::map::ProbabilityMap;
use crate::view::{CellView, PlayerView};

/// Chooses the next cell to open from what a player may see.
pub trait Player {
    /// The cell to open next in `view` (a covered cell).
    ///
    /// # Errors
    /// When the position admits no mine layout (it cannot arise in a real game).
    fn choose(&mut self, view: &PlayerView) -> Result<Pos, ProbabilityError>;
}

/// Opens a certainly safe cell when there is one, else the cell with the lowest exact
/// P(mine); ties go to the first cell in row-major order (so the first click of a game is
/// the top-left corner).
///
/// As a [`Player`] it remembers the certainly safe cells of its last map and opens them
/// before computing a new one (a certainty stays certain as cells open). It reaches the same
/// positions before each guess as recomputing after every click, with far fewer maps.
///
/// ```
/// use automine_core::{FirstClick, Game, Preset, SafestCellPlayer, play_out};
/// let mut game = Game::new(Preset::Beginner.settings(FirstClick::Safe), 1);
/// let moves = play_out(&mut game, &mut SafestCellPlayer::default(), 1000)?;
/// assert!(moves > 0 && game.status() != automine_core::GameStatus::Playing);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct SafestCellPlayer {
    /// Certainly safe cells still to open, the next one last.
    pending: Vec<CellId>,
}

impl SafestCellPlayer {
    /// The choice given an already computed exact map of `view`; `None` when every covered
    /// cell is a certain mine (the game is over).
    pub fn choose_from_map(view: &PlayerView, map: &ProbabilityMap) -> Option<Pos> {
        map.safest()
            .filter(|&(_, p)| p < 1.0)
            .map(|(id, _)| view.dims().pos(id))
    }
}

impl Player for SafestCellPlayer {
    fn choose(&mut self, view: &PlayerView) -> Result<Pos, ProbabilityError> {
        while let Some(id) = self.pending.pop() {
            if view.at(id) == CellView::Covered {
                return Ok(view.dims().pos(id));
            }
        }
        let map = exact_probabilities(view)?;
        self.pending.extend(map.certain_safe());
        self.pending.reverse();
        if let Some(id) = self.pending.pop() {
            return Ok(view.dims().pos(id));
        }
        Self::choose_from_map(view, &map).ok_or(ProbabilityError::NothingToOpen)
    }
}

/// Why a simulated game could not go on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SimulationError {
    /// The player's probabilities failed.
    #[error(transparent)]
    Probability(#[from] ProbabilityError),
    /// The player chose an illegal move.
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// Let `player` open cells until the game ends or `max_moves` moves were played; returns the
/// number of moves played.
///
/// # Errors
/// A [`SimulationError`] when the player fails or picks an illegal cell.
pub fn play_out(game: &mut Game, player: &mut impl Player, max_moves: usize) -> Result<usize, SimulationError> {
    let mut moves = 0;
    while moves < max_moves && game.status() == GameStatus::Playing {
        let pos = player.choose(game.view())?;
        game.reveal(pos)?;
        moves += 1;
    }
    Ok(moves)
}
