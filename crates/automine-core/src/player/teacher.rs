//! [`TeacherPlayer`]: the baseline. It opens the cell AutoMine's teacher calls safest
//! (ties: row-major order), after the same first click as the exact player, so that the
//! comparison measures the probabilities and the guessing, not the opening.

use search_core::Budget;

use crate::error::ProbabilityError;
use crate::player::Player;
use crate::player::decision::{Decision, Reason};
use crate::policy::first_click::{check_unrevealed, first_click_in, first_click_safety};
use crate::probability::teacher::Teacher;
use crate::settings::FirstClick;
use crate::view::{CellView, PlayerView};

/// Opens the teacher's safest cell (see the module docs).
///
/// ```
/// use automine_core::player::teacher::TeacherPlayer;
/// use automine_core::{FirstClick, Game, GameStatus, Preset, play_out};
/// let mut game = Game::new(Preset::Beginner.settings(FirstClick::Safe), 5);
/// play_out(&mut game, &mut TeacherPlayer::new(FirstClick::Safe), 1000)?;
/// assert_ne!(game.status(), GameStatus::Playing);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct TeacherPlayer {
    rule: FirstClick,
    teacher: Option<Teacher>,
    seen: Vec<bool>,
}

impl TeacherPlayer {
    /// A baseline player for one game under `rule`.
    pub const fn new(rule: FirstClick) -> Self {
        Self {
            rule,
            teacher: None,
            seen: Vec::new(),
        }
    }
}

impl Player for TeacherPlayer {
    /// The first click, then the teacher's safest cell ([`Reason::CertainlySafe`] when the
    /// teacher gives it 0, else [`Reason::BestGuess`]). The teacher's map is a fixed amount of
    /// local work: the budget is not consulted.
    fn decide(&mut self, view: &PlayerView, _budget: &Budget) -> Result<Decision, ProbabilityError> {
        let dims = view.dims();
        if view.revealed_count() == 0 {
            check_unrevealed(view)?;
            if let Some(pos) = first_click_in(view, self.rule) {
                return Ok(Decision::new(
                    pos,
                    Reason::FirstClick,
                    first_click_safety(view, self.rule),
                ));
            }
        }
        let teacher = self.teacher.get_or_insert_with(|| Teacher::new(view));
        if self.seen.len() != dims.cell_count() {
            self.seen = vec![false; dims.cell_count()];
        }
        // Feed the teacher the cells opened since the last move.
        let fresh: Vec<_> = dims
            .ids()
            .filter(|&id| matches!(view.at(id), CellView::Revealed(_)) && !self.seen[id.index()])
            .collect();
        for &id in &fresh {
            self.seen[id.index()] = true;
        }
        teacher.observe(view, &fresh)?;
        let map = teacher.probabilities(view);
        let (id, p) = map
            .safest()
            .filter(|&(_, p)| p < 1.0)
            .ok_or(ProbabilityError::NothingToOpen)?;
        let reason = if p == 0.0 {
            Reason::CertainlySafe
        } else {
            Reason::BestGuess
        };
        Ok(Decision::new(dims.pos(id), reason, 1.0 - p))
    }
}
