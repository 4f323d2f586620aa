//! Players: who chooses the next click. [`Player`] is the interface every player implements:
//! a [`Decision`] (the cell, why, its P(safe)) within a [`Budget`]. [`SafestCellPlayer`] is
//! the simplest honest one (it sees only the [`PlayerView`]); [`exact::ExactPlayer`] plays to
//! win with the [`policy`](crate::policy); [`teacher::TeacherPlayer`] is the AutoMine
//! teacher's baseline; the student network's player is in automine-learn.

pub mod decision;
pub mod exact;
pub mod teacher;

use search_core::Budget;

use crate::error::{PlayError, ProbabilityError};
use crate::game::{Game, GameStatus};
use crate::geometry::{CellId, Pos};
use crate::probability::exact::exact_analysis;
use crate::probability::map::ProbabilityMap;
use crate::view::{CellView, PlayerView};
use decision::{Decision, Reason};

/// Chooses the next cell to open from what a player may see.
///
/// ```
/// use automine_core::search_core::Budget;
/// use automine_core::{Col, Player, PlayerView, Pos, Reason, Row, SafestCellPlayer};
/// let view: PlayerView = "3x1 1\n1..\n".parse()?;
/// let decision = SafestCellPlayer::default().decide(&view, &Budget::unlimited())?;
/// assert_eq!(decision.pos, Pos::new(Col(2), Row(0)));
/// assert_eq!(decision.reason, Reason::CertainlySafe);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Player {
    /// The next move in `view` (a covered cell), with its reason and P(safe), found within
    /// `budget`. A search that runs out of budget does not fail: the move is the best found
    /// so far (for the exact players, the teacher map's safest cell) with
    /// [`stopped`](Decision::stopped) set.
    ///
    /// # Errors
    /// When the position admits no mine layout (it cannot arise in a real game), or every
    /// covered cell is a certain mine ([`ProbabilityError::NothingToOpen`]).
    fn decide(&mut self, view: &PlayerView, budget: &Budget) -> Result<Decision, ProbabilityError>;

    /// The cell to open next in `view`: [`decide`](Player::decide) without a budget.
    ///
    /// # Errors
    /// As [`decide`](Player::decide).
    fn choose(&mut self, view: &PlayerView) -> Result<Pos, ProbabilityError> {
        self.decide(view, &Budget::unlimited()).map(|decision| decision.pos)
    }
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
    /// A certainly safe cell ([`Reason::CertainlySafe`]), else the safest cell of the exact
    /// map ([`Reason::BestGuess`]); when the exact map runs out of `budget`, the teacher map's
    /// safest cell, stopped.
    fn decide(&mut self, view: &PlayerView, budget: &Budget) -> Result<Decision, ProbabilityError> {
        let dims = view.dims();
        while let Some(id) = self.pending.pop() {
            if view.at(id) == CellView::Covered {
                return Ok(Decision::new(dims.pos(id), Reason::CertainlySafe, 1.0));
            }
        }
        let map = match exact_analysis(view, budget) {
            Ok(analysis) => analysis.map,
            Err(ProbabilityError::Stopped(_)) => return decision::teacher_fallback(view),
            Err(e) => return Err(e),
        };
        self.pending.extend(map.certain_safe());
        self.pending.reverse();
        if let Some(id) = self.pending.pop() {
            return Ok(Decision::new(dims.pos(id), Reason::CertainlySafe, 1.0));
        }
        let (id, p) = map
            .safest()
            .filter(|&(_, p)| p < 1.0)
            .ok_or(ProbabilityError::NothingToOpen)?;
        Ok(Decision::new(dims.pos(id), Reason::BestGuess, 1.0 - p))
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
