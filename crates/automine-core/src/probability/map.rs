//! [`ProbabilityMap`]: P(mine) for every covered cell of a position.

use crate::geometry::{CellId, Dims, Pos};
use crate::view::{CellView, PlayerView};

/// P(mine) for every covered, unflagged cell; `None` for open and flagged cells.
///
/// Every value lies in `[0, 1]`; exact maps use `0.0` and `1.0` only for certainties.
#[derive(Debug, Clone, PartialEq)]
pub struct ProbabilityMap {
    dims: Dims,
    values: Vec<Option<f64>>,
}

impl ProbabilityMap {
    /// A map with every cell `None` (filled by the solvers).
    pub(crate) fn empty(dims: Dims) -> Self {
        Self {
            dims,
            values: vec![None; dims.cell_count()],
        }
    }

    /// A map of `view` with `p(cell)` on every covered, unflagged cell and `None` elsewhere:
    /// the way an outside estimator (e.g. a learned model) hands its numbers to code that
    /// takes a map. Values are clamped into `[0, 1]`; a NaN becomes 0.5.
    ///
    /// ```
    /// use automine_core::{PlayerView, ProbabilityMap};
    /// let view: PlayerView = "2x1 1\n1.\n".parse()?;
    /// let map = ProbabilityMap::from_view(&view, |_| 1.5);
    /// assert_eq!(map.values(), &[None, Some(1.0)]);
    /// # Ok::<(), automine_core::BoardError>(())
    /// ```
    pub fn from_view(view: &PlayerView, mut p: impl FnMut(CellId) -> f64) -> Self {
        let mut map = Self::empty(view.dims());
        for id in view.dims().ids() {
            if view.at(id) == CellView::Covered {
                let value = p(id);
                map.set(id, if value.is_nan() { 0.5 } else { value });
            }
        }
        map
    }

    pub(crate) fn set(&mut self, id: CellId, p: f64) {
        if let Some(slot) = self.values.get_mut(id.index()) {
            *slot = Some(p.clamp(0.0, 1.0));
        }
    }

    /// The board size.
    pub const fn dims(&self) -> Dims {
        self.dims
    }

    /// P(mine) at `pos`; `None` for open or flagged cells and positions off the board.
    pub fn get(&self, pos: Pos) -> Option<f64> {
        self.dims.id(pos).and_then(|id| self.at(id))
    }

    /// P(mine) of cell `id`; `None` for open or flagged cells.
    pub fn at(&self, id: CellId) -> Option<f64> {
        self.values.get(id.index()).copied().flatten()
    }

    /// Every cell's value in row-major order.
    pub fn values(&self) -> &[Option<f64>] {
        &self.values
    }

    /// The covered cells with their P(mine), in row-major order.
    pub fn covered(&self) -> impl Iterator<Item = (CellId, f64)> + '_ {
        self.values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.map(|p| (CellId(i as u32), p)))
    }

    /// The sum of P(mine) over the covered cells: the expected number of unflagged mines
    /// (for an exact map, the mines left).
    pub fn expected_mines(&self) -> f64 {
        self.covered().map(|(_, p)| p).sum()
    }

    /// The covered cells that are certainly safe (P = 0).
    pub fn certain_safe(&self) -> impl Iterator<Item = CellId> + '_ {
        self.covered().filter(|&(_, p)| p == 0.0).map(|(id, _)| id)
    }

    /// The covered cells that are certainly mines (P = 1).
    #[expect(clippy::float_cmp, reason = "exact maps give certainties as exactly 1.0")]
    pub fn certain_mines(&self) -> impl Iterator<Item = CellId> + '_ {
        self.covered().filter(|&(_, p)| p == 1.0).map(|(id, _)| id)
    }

    /// The covered cell with the lowest P(mine) (the first in row-major order among ties).
    pub fn safest(&self) -> Option<(CellId, f64)> {
        self.covered()
            .fold(None, |best: Option<(CellId, f64)>, (id, p)| match best {
                Some((_, q)) if q <= p => best,
                _ => Some((id, p)),
            })
    }
}
