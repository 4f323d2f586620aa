//! [`NetworkPlayer`]: the network as an automine-core [`Player`].
//!
//! - [`PlayMode::Network`]: network only. The first click is the rule's cell (as for every
//!   player of the harness); after that, the covered cell the network rates safest.
//! - [`PlayMode::Hybrid`]: exact logic for the certain cells, the network for the guesses.
//!   It opens every cell the exact solver calls certainly safe (queued from one map, as the
//!   exact player does); when there is none, it opens the cell the network rates safest
//!   among the cells that are not certainly mines.

use automine_core::policy::first_click::{first_click_in, first_click_safety};
use automine_core::search_core::Budget;
use automine_core::{
    CellId, CellView, Decision, FirstClick, Player, PlayerView, ProbabilityError, Reason, exact_analysis,
};

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

    /// The covered cell the network rates safest and its P(mine), skipping `excluded` cells.
    fn network_choice(
        &self,
        view: &PlayerView,
        excluded: &[CellId],
    ) -> Result<Option<(CellId, f32)>, ProbabilityError> {
        let cells = self
            .model
            .predict_cells(&[view])
            .map_err(|e| ProbabilityError::ModelFailed(e.to_string()))?;
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
        Ok(best)
    }
}

impl Player for NetworkPlayer {
    /// The first click ([`Reason::FirstClick`]); in hybrid mode a certainly safe cell of the
    /// exact map ([`Reason::CertainlySafe`]); else the network's safest cell
    /// ([`Reason::BestGuess`], P(safe) as the network rates it). When the hybrid's exact map
    /// runs out of `budget`, the network's choice over every covered cell, stopped. The
    /// network alone is a fixed amount of work: the budget is not consulted.
    ///
    /// # Errors
    /// [`ProbabilityError::NothingToOpen`] when no covered cell is left,
    /// [`ProbabilityError::ModelFailed`] when the network fails (not expected); in hybrid mode
    /// also the exact solver's errors.
    fn decide(&mut self, view: &PlayerView, budget: &Budget) -> Result<Decision, ProbabilityError> {
        let dims = view.dims();
        if view.revealed_count() == 0
            && let Some(pos) = first_click_in(view, self.rule)
        {
            return Ok(Decision::new(
                pos,
                Reason::FirstClick,
                first_click_safety(view, self.rule),
            ));
        }
        let guess = |choice: Option<(CellId, f32)>| {
            choice
                .map(|(id, p)| Decision::new(dims.pos(id), Reason::BestGuess, 1.0 - f64::from(p)))
                .ok_or(ProbabilityError::NothingToOpen)
        };
        match self.mode {
            PlayMode::Network => guess(self.network_choice(view, &[])?),
            PlayMode::Hybrid => {
                while let Some(id) = self.safe.pop() {
                    if view.at(id) == CellView::Covered {
                        return Ok(Decision::new(dims.pos(id), Reason::CertainlySafe, 1.0));
                    }
                }
                let map = match exact_analysis(view, budget) {
                    Ok(analysis) => analysis.map,
                    Err(ProbabilityError::Stopped(_)) => {
                        return guess(self.network_choice(view, &[])?).map(Decision::as_stopped);
                    }
                    Err(e) => return Err(e),
                };
                self.safe = map.certain_safe().collect();
                self.safe.reverse();
                if let Some(id) = self.safe.pop() {
                    return Ok(Decision::new(dims.pos(id), Reason::CertainlySafe, 1.0));
                }
                let mines: Vec<CellId> = map.certain_mines().collect();
                guess(self.network_choice(view, &mines)?)
            }
        }
    }
}
