//! Forced 50/50s: two cells that hold exactly one mine and that nothing on the board can ever
//! tell apart. Such a guess must be made sooner or later and its odds never improve, so a
//! strong player takes it at once: if it survives, the number it opens may help elsewhere.
//!
//! The test is structural (no probabilities needed). A pair `{a, b}` is a forced 50/50 when
//! 1. some revealed number has exactly `a` and `b` as its covered neighbours and needs one
//!    more mine;
//! 2. every revealed number next to `a` or `b` is next to both and to no other covered cell;
//! 3. every other covered cell is next to both `a` and `b` or to neither.
//!
//! Then swapping the mine between `a` and `b` maps each consistent layout to another one that
//! shows the same numbers everywhere except on `a` and `b` themselves, now and after any
//! future click, so the two stay exactly 50/50 until one of them is opened.

use crate::geometry::{CellId, Dims};
use crate::probability::map::ProbabilityMap;
use crate::view::{CellView, PlayerView};

fn covered_neighbours(view: &PlayerView, id: CellId) -> impl Iterator<Item = CellId> + '_ {
    view.dims()
        .neighbours(id)
        .filter(move |&n| view.at(n) == CellView::Covered)
}

fn adjacent(dims: Dims, a: CellId, b: CellId) -> bool {
    dims.neighbours(a).any(|n| n == b)
}

/// A cell of a forced 50/50 in `view`, if there is one (the first in row-major order).
///
/// ```
/// use automine_core::strategy::fifty_fifty::forced_fifty_fifty;
/// use automine_core::{CellId, PlayerView};
/// // The 1s see only the two covered cells on the right: a coin flip nobody can help.
/// let view: PlayerView = "3x2 1\n01.\n01.\n".parse()?;
/// assert_eq!(forced_fifty_fifty(&view), Some(CellId(2)));
/// # Ok::<(), automine_core::BoardError>(())
/// ```
pub fn forced_fifty_fifty(view: &PlayerView) -> Option<CellId> {
    forced_pair(view).map(|(a, b)| a.min(b))
}

/// The first forced 50/50 pair of `view` (see [`forced_fifty_fifty`]).
pub(crate) fn forced_pair(view: &PlayerView) -> Option<(CellId, CellId)> {
    let dims = view.dims();
    for w in dims.ids() {
        let CellView::Revealed(n) = view.at(w) else { continue };
        let covered: Vec<CellId> = covered_neighbours(view, w).collect();
        let flags = dims.neighbours(w).filter(|&c| view.at(c) == CellView::Flagged).count();
        if covered.len() != 2 || usize::from(n) != flags + 1 {
            continue;
        }
        let (a, b) = (covered[0], covered[1]);
        if is_forced_pair(view, a, b) {
            return Some((a, b));
        }
    }
    None
}

/// [`forced_fifty_fifty`] with every certain mine of `map` (the exact map of `view`) taken as
/// a flag: a cell that is a mine in every layout is never opened, so it can never tell the two
/// cells apart either. This finds the 50/50s that only such mines keep from being resolved
/// (D. N. Hill's wider notion of a 50/50 that nothing can help).
///
/// ```
/// use automine_core::strategy::fifty_fifty::forced_fifty_fifty_with_mines;
/// use automine_core::{CellId, PlayerView, exact_probabilities};
/// let view: PlayerView = "3x2 1\n01.\n01.\n".parse()?;
/// let map = exact_probabilities(&view)?;
/// assert_eq!(forced_fifty_fifty_with_mines(&view, &map), Some(CellId(2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn forced_fifty_fifty_with_mines(view: &PlayerView, map: &ProbabilityMap) -> Option<CellId> {
    let mut mines = map.certain_mines().peekable();
    if mines.peek().is_none() {
        return forced_fifty_fifty(view);
    }
    let mut cells = view.cells().to_vec();
    for id in mines {
        cells[id.index()] = CellView::Flagged;
    }
    let flagged = PlayerView::from_cells(view.dims(), view.total_mines(), cells).ok()?;
    forced_fifty_fifty(&flagged)
}

fn is_forced_pair(view: &PlayerView, a: CellId, b: CellId) -> bool {
    let dims = view.dims();
    // Rule 2: the numbers around a and b see exactly {a, b} among the covered cells.
    for cell in [a, b] {
        for w in dims.neighbours(cell) {
            if !matches!(view.at(w), CellView::Revealed(_)) {
                continue;
            }
            let mut covered = covered_neighbours(view, w);
            let sees_exactly_pair = match (covered.next(), covered.next(), covered.next()) {
                (Some(x), Some(y), None) => (x == a && y == b) || (x == b && y == a),
                _ => false,
            };
            if !sees_exactly_pair {
                return false;
            }
        }
    }
    // Rule 3: no other covered cell can ever tell a from b.
    dims.ids()
        .filter(|&x| x != a && x != b && view.at(x) == CellView::Covered)
        .all(|x| adjacent(dims, x, a) == adjacent(dims, x, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probability::exact::exact_probabilities;

    #[test]
    fn forced_pairs_are_exact_coin_flips() {
        for text in ["3x2 1\n01.\n01.\n", "4x2 2\n.1F1\n.2F2\n", "3x3 1\n000\n111\n...\n"] {
            let view: PlayerView = text.parse().unwrap();
            if let Some(a) = forced_fifty_fifty(&view) {
                let p = exact_probabilities(&view).unwrap().at(a).unwrap();
                assert!((p - 0.5).abs() < 1e-12, "{text}: {p}");
            }
        }
    }

    /// Over many small games, every 50/50 found with the certain mines flagged is an exact
    /// coin flip, and some of them are invisible to the plain structural test.
    #[test]
    fn fifty_fifties_behind_certain_mines_are_coin_flips() {
        use crate::game::{Game, GameStatus};
        use crate::geometry::{Height, Width};
        use crate::player::{Player, SafestCellPlayer};
        use crate::settings::{FirstClick, GameSettings};
        let dims = Dims::new(Width(6), Height(6)).unwrap();
        let settings = GameSettings::new(dims, 9, FirstClick::Safe).unwrap();
        let (mut found, mut only_with_mines) = (0, 0);
        for seed in 0..400 {
            let mut game = Game::new(settings, seed);
            let mut player = SafestCellPlayer::default();
            while game.status() == GameStatus::Playing {
                let view = game.view().clone();
                let map = exact_probabilities(&view).unwrap();
                if let Some(a) = forced_fifty_fifty_with_mines(&view, &map) {
                    let p = map.at(a).unwrap();
                    assert!((p - 0.5).abs() < 1e-12, "{view}: {p}");
                    found += 1;
                    only_with_mines += usize::from(forced_fifty_fifty(&view).is_none());
                }
                let pos = player.choose(&view).unwrap();
                game.reveal(pos).unwrap();
            }
        }
        assert!(
            found > 20 && only_with_mines > 5,
            "{found} found, {only_with_mines} only with mines"
        );
    }

    #[test]
    fn resolvable_pairs_are_not_forced() {
        // The bottom-left cell could later tell the two apart.
        let view: PlayerView = "3x3 2\n01.\n01.\n...\n".parse().unwrap();
        assert_eq!(forced_fifty_fifty(&view), None);
        // Three cells around the 1: not a pair.
        let view: PlayerView = "3x3 1\n000\n111\n...\n".parse().unwrap();
        assert_eq!(forced_fifty_fifty(&view), None);
    }
}
