//! Where to make the first click, by rule.
//!
//! Tu et al. (2017) measured every first cell: with the `safe` rule (SFAR) a corner wins most
//! often (the clicked cell sees only three neighbours, so it is most likely a zero); with the
//! `opening` rule (SNR) a cell a few steps in from the corner wins most, since the opening is
//! guaranteed and a corner wastes part of it against the edges. We use their best cells: the
//! top-left corner for `any` and `safe`; for `opening`, 1-based (3,3) on beginner-sized and
//! intermediate-sized boards and (4,4) on expert-sized ones (0-based (2,2) and (3,3)).

use crate::error::ProbabilityError;
use crate::geometry::{Col, Dims, Pos, Row};
use crate::settings::FirstClick;
use crate::view::{CellView, PlayerView};

/// Boards with at least this many cells use the expert-sized opening cell.
const LARGE_BOARD_CELLS: usize = 400;

/// The first cell to open on a `dims` board under `rule`.
///
/// ```
/// use automine_core::policy::first_click::first_click;
/// use automine_core::{Col, FirstClick, Pos, Preset, Row};
/// let expert = Preset::Expert.settings(FirstClick::Opening).dims();
/// assert_eq!(first_click(expert, FirstClick::Opening), Pos::new(Col(3), Row(3)));
/// assert_eq!(first_click(expert, FirstClick::Safe), Pos::new(Col(0), Row(0)));
/// ```
pub fn first_click(dims: Dims, rule: FirstClick) -> Pos {
    match rule {
        FirstClick::Any | FirstClick::Safe => Pos::new(Col(0), Row(0)),
        FirstClick::Opening => {
            let inset: u16 = if dims.cell_count() >= LARGE_BOARD_CELLS { 3 } else { 2 };
            // Stay one cell in from the far edges on tiny boards.
            let col = inset.min(dims.width().0.saturating_sub(1) / 2);
            let row = inset.min(dims.height().0.saturating_sub(1) / 2);
            Pos::new(Col(col), Row(row))
        }
    }
}

/// The first cell to open in `view` under `rule`: [`first_click`]'s cell when it is covered;
/// when a flag sits on it, the first covered cell in row-major order (before any click every
/// covered cell is as likely to hold a mine); `None` when every cell is flagged or open.
///
/// ```
/// use automine_core::policy::first_click::first_click_in;
/// use automine_core::{Col, FirstClick, PlayerView, Pos, Row};
/// let view: PlayerView = "3x2 1\n...\n...\n".parse()?;
/// assert_eq!(first_click_in(&view, FirstClick::Safe), Some(Pos::new(Col(0), Row(0))));
/// let flagged: PlayerView = "3x2 1\nF..\n...\n".parse()?;
/// assert_eq!(first_click_in(&flagged, FirstClick::Safe), Some(Pos::new(Col(1), Row(0))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn first_click_in(view: &PlayerView, rule: FirstClick) -> Option<Pos> {
    let dims = view.dims();
    let preferred = first_click(dims, rule);
    if dims.id(preferred).is_some_and(|id| view.at(id) == CellView::Covered) {
        return Some(preferred);
    }
    dims.ids()
        .find(|&id| view.at(id) == CellView::Covered)
        .map(|id| dims.pos(id))
}

/// P(safe) of the game's first click under `rule`: certain under the `safe` and `opening`
/// rules; under `any`, every covered cell is as likely as any other to hold one of the mines
/// left.
///
/// ```
/// use automine_core::policy::first_click::first_click_safety;
/// use automine_core::{FirstClick, Game, Preset};
/// let game = Game::new(Preset::Beginner.settings(FirstClick::Any), 1);
/// assert_eq!(first_click_safety(game.view(), FirstClick::Safe), 1.0);
/// assert!((first_click_safety(game.view(), FirstClick::Any) - (1.0 - 10.0 / 81.0)).abs() < 1e-12);
/// ```
pub fn first_click_safety(view: &PlayerView, rule: FirstClick) -> f64 {
    match rule {
        FirstClick::Safe | FirstClick::Opening => 1.0,
        FirstClick::Any => {
            let covered = view.covered_count();
            if covered == 0 {
                0.0
            } else {
                1.0 - f64::from(view.mines_left()) / covered as f64
            }
        }
    }
}

/// Whether a view with nothing revealed admits a mine layout: its unflagged mines fit its
/// covered cells. The players' first-click shortcut checks this instead of a map, so that
/// it refuses the same views the exact map refuses (with the same error).
pub(crate) fn check_unrevealed(view: &PlayerView) -> Result<(), ProbabilityError> {
    let covered = view.covered_count();
    if view.mines_left() as usize > covered {
        return Err(ProbabilityError::MineCountUnreachable {
            mines_left: view.mines_left(),
            min: 0,
            max: covered as u64,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Height, Width};
    use crate::settings::Preset;

    #[test]
    fn cells_follow_the_rule_and_the_board() {
        let beginner = Preset::Beginner.settings(FirstClick::Opening).dims();
        assert_eq!(first_click(beginner, FirstClick::Opening), Pos::new(Col(2), Row(2)));
        assert_eq!(first_click(beginner, FirstClick::Any), Pos::new(Col(0), Row(0)));
        let tiny = Dims::new(Width(4), Height(3)).unwrap();
        assert_eq!(first_click(tiny, FirstClick::Opening), Pos::new(Col(1), Row(1)));
    }
}
