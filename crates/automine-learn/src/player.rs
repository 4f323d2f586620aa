//! [`NetworkPlayer`]: the network as an automine-core [`Player`].
//!
//! - [`PlayMode::Network`]: network only. The first click is the rule's cell (as for every
//!   player of the harness); after that, the covered cell the network rates safest.
//! - [`PlayMode::Hybrid`]: exact logic for the certain cells, the network for the guesses.
//!   It opens every cell the exact solver calls certainly safe (queued from one map, as the
//!   exact player does); when there is none, it opens the cell the network rates safest
//!   among the cells that are not certainly mines.

use automine_core::strategy::first_click::first_click_in;
use automine_core::{CellId, CellView, FirstClick, Player, PlayerView, Pos, ProbabilityError, exact_probabilities};

use crate::model::MinePredictor;

/// How the network is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayMode {
    /// Every move from the network.
    Network,
    /// Certain cells by exact logic, guesses by the network.
    Hybrid,
}

/// A player for one game (see the module docs). Ties go to the first cell in row-major order.
///
/// ```
/// use automine_core::{FirstClick, Game, GameStatus, Preset, play_out};
/// use automine_learn::player::{NetworkPlayer, PlayMode};
/// let model = automine_learn::shipped::student_exact()?;
/// let mut game = Game::new(Preset::Beginner.settings(FirstClick::Opening), 3);
/// play_out(&mut game, &mut NetworkPlayer::new(model, FirstClick::Opening, PlayMode::Hybrid), 100)?;
/// assert_ne!(game.status(), GameStatus::Playing);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct NetworkPlayer {
    model: MinePredictor,
    rule: FirstClick,
    mode: PlayMode,
    /// Hybrid: certainly safe cells not opened yet, the next one last.
    safe: Vec<CellId>,
}

impl NetworkPlayer {
    /// A player for one game under `rule`.
    pub const fn new(model: MinePredictor, rule: FirstClick, mode: PlayMode) -> Self {
        Self {
            model,
            rule,
            mode,
            safe: Vec::new(),
        }
    }

    /// The covered cell the network rates safest, skipping `excluded` cells.
    fn network_choice(&self, view: &PlayerView, excluded: &[CellId]) -> Result<Option<CellId>, ProbabilityError> {
        let cells = self
            .model
            .predict_cells(&[view])
            .map_err(|_| ProbabilityError::NoLayout {
                at: view.dims().pos(CellId(0)),
            })?;
        let Some(row) = cells.first() else { return Ok(None) };
        let mut best: Option<(CellId, f32)> = None;
        for id in view.dims().ids() {
            if view.at(id) != CellView::Covered || excluded.contains(&id) {
                continue;
            }
            let p = row[id.index()];
            if best.is_none_or(|(_, q)| p < q) {
                best = Some((id, p));
            }
        }
        Ok(best.map(|(id, _)| id))
    }
}

impl Player for NetworkPlayer {
    /// # Errors
    /// [`ProbabilityError::NoLayout`] when no covered cell is left, or when the network
    /// fails (not expected); in hybrid mode also the exact solver's errors.
    fn choose(&mut self, view: &PlayerView) -> Result<Pos, ProbabilityError> {
        let dims = view.dims();
        if view.revealed_count() == 0
            && let Some(pos) = first_click_in(view, self.rule)
        {
            return Ok(pos);
        }
        let no_cell = ProbabilityError::NoLayout {
            at: dims.pos(CellId(0)),
        };
        let choice = match self.mode {
            PlayMode::Network => self.network_choice(view, &[])?,
            PlayMode::Hybrid => {
                while let Some(id) = self.safe.pop() {
                    if view.at(id) == CellView::Covered {
                        return Ok(dims.pos(id));
                    }
                }
                let map = exact_probabilities(view)?;
                self.safe = map.certain_safe().collect();
                self.safe.reverse();
                if let Some(id) = self.safe.pop() {
                    Some(id)
                } else {
                    let mines: Vec<CellId> = map.certain_mines().collect();
                    self.network_choice(view, &mines)?
                }
            }
        };
        choice.map(|id| dims.pos(id)).ok_or(no_cell)
    }
}
