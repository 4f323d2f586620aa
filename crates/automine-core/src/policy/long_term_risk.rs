//! Long-term risk ("50/50 influence", after D. N. Hill's idea): a guess that may be part of
//! a future *unavoidable* 50/50 costs less than its P(mine) says, because in the layouts where
//! that 50/50 forms the risk would have to be taken anyway, now or later.
//!
//! Two shapes are looked for around a candidate cell `c`, each only where no revealed number
//! could ever break it:
//! - **a pair** `{a, b}` of side-by-side covered cells (horizontal or vertical) containing `c`.
//!   The cells next to exactly one of them (the three beyond each end; the *enablers*) must
//!   all be covered. When every enabler is a mine, no cell that can ever be opened sees `a`
//!   without `b`, so the pair holding one mine is a coin flip forever;
//! - **a 2×2 box** containing `c` whose four diagonal outer corners (its enablers) are covered.
//!   When they are all mines and the box holds two mines on a diagonal, every cell next to
//!   the box sees one of the two mines whichever diagonal holds them, so the two diagonals can
//!   never be told apart.
//!
//! The *50/50 influence* of `c` ([`fifty_fifty_influence`]) is the probability of the layouts
//! in which `c` is a mine inside such a would-be 50/50: the enablers not already certain
//! mines, `c` (and, for a box, its diagonal partner) are taken as mines, the other cells of
//! the shape as safe. Layout counts come from the exact solver on the view with those cells
//! flagged, or, when every cell of the shape is interior (next to no number), from the
//! interior's mine-count odds alone: interior cells are interchangeable, so one solve of the
//! view serves every such shape. (The swap of `c` with its partner maps these layouts one to
//! one onto the layouts where the partner holds the mine, so the orientation does not
//! matter.) The pairs' tallies are summed and the best box is added, then the total is capped
//! at `min(P(c mine), P(c safe))`. Enablers that are not yet known mines are limited (at most
//! three for a pair, two for a box), as in Hill's solver.
//!
//! [`influence_js`] adds the *enabler influence* as Hill's JavaScript solver counts it: the
//! chance that `c` is a mine as one of the last enablers a shape is missing (a pair missing
//! only `c`, a box missing at most two, `c` one of them). A *pseudo-50/50*
//! ([`pseudo_fifty_fifty`]) is a cell that is a mine only inside such a shape.
//!
//! The guess ([`guess`](crate::policy::guess)) multiplies a candidate's value by
//! `1 + w · influence / P(c safe)`: with the 50/50 influence in [`PlayerOptions::fast`], with
//! [`influence_js`] in [`PlayerOptions::new`], which also adds to the candidates the cells
//! this influence lifts over the cut-off.
//!
//! [`PlayerOptions::new`]: crate::player::exact::PlayerOptions::new
//! [`PlayerOptions::fast`]: crate::player::exact::PlayerOptions::fast

use std::collections::HashMap;
use std::rc::Rc;

use search_core::Budget;

use crate::error::ProbabilityError;
use crate::geometry::{CellId, Dims, Pos};
use crate::probability::exact::{ComponentCache, ExactAnalysis, InteriorOdds, exact_analysis_cached, interior_odds};
use crate::probability::map::ProbabilityMap;
use crate::view::{CellView, PlayerView};

/// Influence: at most this many mines to place in a pair's shape (enablers that are not yet
/// certain mines, plus the pair's own mine).
const PAIR_MAX_MINES: usize = 4;
/// Influence: at most this many mines to place in a box's shape (its two, plus enablers).
const BOX_MAX_MINES: usize = 4;
/// Pseudo-50/50s: the stricter limits (at most one enabler still to be a mine for a pair,
/// none for a box), as in Hill's solver, which keeps the board-wide scan cheap.
const PSEUDO_PAIR_MAX_MINES: usize = 2;
const PSEUDO_BOX_MAX_MINES: usize = 2;

/// The cell at column offset `dc` and row offset `dr` from `id`, if it lies on the board.
pub(crate) fn offset(dims: Dims, id: CellId, dc: i32, dr: i32) -> Option<CellId> {
    let pos = dims.pos(id);
    let col = i32::from(pos.col().0) + dc;
    let row = i32::from(pos.row().0) + dr;
    let col = u16::try_from(col).ok()?;
    let row = u16::try_from(row).ok()?;
    dims.id(Pos::new(crate::geometry::Col(col), crate::geometry::Row(row)))
}

/// Covered, unflagged and not a certain mine.
fn open_question(view: &PlayerView, map: &ProbabilityMap, id: CellId) -> bool {
    view.at(id) == CellView::Covered && map.at(id).is_some_and(|p| p < 1.0)
}

/// The enablers of a shape that still need a mine, or `None` when one is revealed (the shape
/// can then never be a lasting 50/50).
fn missing_mines(
    view: &PlayerView,
    map: &ProbabilityMap,
    enablers: impl Iterator<Item = Option<CellId>>,
) -> Option<Vec<CellId>> {
    let mut missing = Vec::new();
    for id in enablers.flatten() {
        match view.at(id) {
            CellView::Revealed(_) => return None,
            CellView::Flagged => {}
            CellView::Covered => {
                if map.at(id).is_some_and(|p| p < 1.0) {
                    missing.push(id);
                }
            }
        }
    }
    Some(missing)
}

/// The exact analysis of `view` with `mines` flagged, or `None` when no layout fits.
fn with_mines(
    view: &PlayerView,
    mines: &[CellId],
    cache: &mut ComponentCache,
    budget: &Budget,
) -> Result<Option<ExactAnalysis>, ProbabilityError> {
    if mines.len() > view.mines_left() as usize {
        return Ok(None);
    }
    let mut flagged = view.clone();
    for &id in mines {
        flagged.set(id, CellView::Flagged);
    }
    match exact_analysis_cached(&flagged, budget, cache) {
        Ok(a) => Ok(Some(a)),
        Err(ProbabilityError::Stopped(reason)) => Err(ProbabilityError::Stopped(reason)),
        Err(_) => Ok(None),
    }
}

/// P(the enablers and `c` are mines and `other` is safe), for the pair `{c, other}`.
fn pair_tally(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    (c, other): (CellId, CellId),
    enablers: [Option<CellId>; 6],
    max_mines: usize,
    solver: &mut Solver<'_>,
) -> Result<f64, ProbabilityError> {
    if !open_question(view, map, other) {
        return Ok(0.0);
    }
    let Some(mut mines) = missing_mines(view, map, enablers.into_iter()) else {
        return Ok(0.0);
    };
    if mines.len() + 1 > max_mines {
        return Ok(0.0);
    }
    mines.push(c);
    solver.joint(view, ln_layouts, &mines, &[other])
}

/// P(the enablers, `c` and its diagonal partner are mines and the other two cells safe), for
/// the 2×2 box whose top-left cell is `corner`.
fn box_tally(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    c: CellId,
    corner: Option<CellId>,
    max_mines: usize,
    solver: &mut Solver<'_>,
) -> Result<f64, ProbabilityError> {
    let dims = view.dims();
    let Some(corner) = corner else { return Ok(0.0) };
    let cells = [
        Some(corner),
        offset(dims, corner, 1, 0),
        offset(dims, corner, 0, 1),
        offset(dims, corner, 1, 1),
    ];
    let [Some(t0), Some(t1), Some(t2), Some(t3)] = cells else {
        return Ok(0.0);
    };
    let cells = [t0, t1, t2, t3];
    if !cells.iter().all(|&t| open_question(view, map, t)) {
        return Ok(0.0);
    }
    let Some(i) = cells.iter().position(|&t| t == c) else {
        return Ok(0.0);
    };
    // Diagonal partners: 0-3 and 1-2.
    let partner = cells[3 - i];
    let others: Vec<CellId> = cells.iter().copied().filter(|&t| t != c && t != partner).collect();
    let enablers = [
        offset(dims, corner, -1, -1),
        offset(dims, corner, 2, -1),
        offset(dims, corner, -1, 2),
        offset(dims, corner, 2, 2),
    ];
    let Some(mut mines) = missing_mines(view, map, enablers.into_iter()) else {
        return Ok(0.0);
    };
    if mines.len() + 2 > max_mines {
        return Ok(0.0);
    }
    mines.extend([c, partner]);
    solver.joint(view, ln_layouts, &mines, &others)
}

/// Covered, unflagged and next to no revealed number: a cell the exact solver treats as
/// interior (interchangeable with every other such cell).
fn is_interior(view: &PlayerView, id: CellId) -> bool {
    view.at(id) == CellView::Covered && !view.next_to_number(id)
}

/// The shapes' tallies for one view: the exact solver with its component cache, and the
/// interior's mine-count odds once a query needed them. A tally whose cells are all interior
/// is read off those odds (interior cells are exchangeable) instead of solving the view again
/// with the cells flagged; the two agree up to rounding.
struct Solver<'c> {
    cache: &'c mut ComponentCache,
    /// What each exact analysis of a flagged view may spend.
    budget: &'c Budget,
    memo: ViewMemo,
}

/// What the long-term risk learns about one view and can reuse for every cell of that view:
/// the interior's mine-count odds, solved at most once, and the exact analyses of the view
/// with sets of cells flagged (shapes overlap, so neighbouring cells ask for the same sets).
/// Start one per view ([`ViewMemo::default`]) and pass it to the calls on that view only.
#[derive(Debug, Default)]
pub(crate) struct ViewMemo {
    interior: Option<InteriorOdds>,
    /// Keyed by the flagged cells in increasing order; `None`: no layout fits.
    flagged: HashMap<Vec<CellId>, Option<Rc<ExactAnalysis>>>,
}

impl<'c> Solver<'c> {
    fn new(cache: &'c mut ComponentCache, budget: &'c Budget) -> Self {
        Solver {
            cache,
            budget,
            memo: ViewMemo::default(),
        }
    }

    /// Run `f` with a solver that uses `memo` (a view's [`ViewMemo`], kept between calls on
    /// that view) and give the memo back afterwards.
    fn sharing<T>(
        cache: &'c mut ComponentCache,
        budget: &'c Budget,
        memo: &mut ViewMemo,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let mut solver = Solver {
            cache,
            budget,
            memo: std::mem::take(memo),
        };
        let result = f(&mut solver);
        *memo = solver.memo;
        result
    }

    /// [`with_mines`], remembered: the flagged view does not depend on the order of `mines`.
    fn with_mines(
        &mut self,
        view: &PlayerView,
        mines: &[CellId],
    ) -> Result<Option<Rc<ExactAnalysis>>, ProbabilityError> {
        let mut key = mines.to_vec();
        key.sort_unstable();
        if let Some(known) = self.memo.flagged.get(&key) {
            return Ok(known.clone());
        }
        let analysis = with_mines(view, mines, self.cache, self.budget)?.map(Rc::new);
        self.memo.flagged.insert(key, analysis.clone());
        Ok(analysis)
    }

    /// P(every cell of `mines` is a mine and every cell of `safe` is safe) in `view`, which
    /// has `e^{ln_layouts}` layouts; the cells are distinct.
    fn joint(
        &mut self,
        view: &PlayerView,
        ln_layouts: f64,
        mines: &[CellId],
        safe: &[CellId],
    ) -> Result<f64, ProbabilityError> {
        if mines.len() > view.mines_left() as usize {
            return Ok(0.0);
        }
        if mines.iter().chain(safe).all(|&id| is_interior(view, id)) {
            if self.memo.interior.is_none() {
                self.memo.interior = match interior_odds(view, self.cache) {
                    Ok(odds) => Some(odds),
                    Err(ProbabilityError::Stopped(reason)) => return Err(ProbabilityError::Stopped(reason)),
                    Err(_) => return Ok(0.0),
                };
            }
            return Ok(self
                .memo
                .interior
                .as_ref()
                .map_or(0.0, |odds| odds.joint(mines.len(), safe.len())));
        }
        self.joint_flagged(view, ln_layouts, mines, safe)
    }

    /// [`Solver::joint`] by the exact solver on `view` with `mines` flagged.
    fn joint_flagged(
        &mut self,
        view: &PlayerView,
        ln_layouts: f64,
        mines: &[CellId],
        safe: &[CellId],
    ) -> Result<f64, ProbabilityError> {
        let Some(a) = self.with_mines(view, mines)? else {
            return Ok(0.0);
        };
        let ratio = (a.ln_layouts - ln_layouts).exp();
        let q = |id: CellId| a.map.at(id).unwrap_or(1.0);
        match *safe {
            [] => Ok(ratio),
            [x] => Ok(ratio * (1.0 - q(x))),
            [x, y] => {
                let (q0, q1) = (q(x), q(y));
                // P(both are mines | these mines), from one more flagged view.
                let both = if q0 > 0.0 && q1 > 0.0 {
                    let mut more = mines.to_vec();
                    more.push(x);
                    match self.with_mines(view, &more)? {
                        Some(b) => q0 * b.map.at(y).unwrap_or(1.0),
                        None => 0.0,
                    }
                } else {
                    0.0
                };
                Ok(ratio * (1.0 - q0 - q1 + both).clamp(0.0, 1.0))
            }
            [x, ref rest @ ..] => {
                // P(M, {x} ∪ R) = P(M, R) − P(M ∪ {x}, R).
                let mut more = mines.to_vec();
                more.push(x);
                let without = self.joint_flagged(view, ln_layouts, mines, rest)?;
                let with = self.joint_flagged(view, ln_layouts, &more, rest)?;
                Ok((without - with).max(0.0))
            }
        }
    }
}

/// The 50/50 influence of covered cell `c` in `view` (exact `map`, `e^{ln_layouts}` layouts):
/// the probability that `c` is a mine inside a pair or 2×2 box that nothing could ever tell
/// apart (see the module docs), capped at `min(P(c mine), P(c safe))`. 0 for a cell that is
/// not an open question.
///
/// ```
/// use automine_core::policy::long_term_risk::fifty_fifty_influence;
/// use automine_core::probability::exact::{ComponentCache, exact_analysis};
/// use automine_core::{CellId, PlayerView};
/// use search_core::Budget;
/// // Two covered cells in the right column, walled in by 1s and the board's edge, one mine:
/// // a 50/50 that can never be broken. Each cell's whole mine chance is 50/50 influence.
/// let view: PlayerView = "3x2 1\n01.\n01.\n".parse()?;
/// let a = exact_analysis(&view, &Budget::unlimited())?;
/// let mut cache = ComponentCache::new();
/// let i = fifty_fifty_influence(&view, &a.map, a.ln_layouts, CellId(2), &mut cache, &Budget::unlimited())?;
/// assert!((i - 0.5).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ProbabilityError::Stopped`] if the solver's budget runs out.
pub fn fifty_fifty_influence(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    c: CellId,
    cache: &mut ComponentCache,
    budget: &Budget,
) -> Result<f64, ProbabilityError> {
    fifty_fifty_influence_with(view, map, ln_layouts, c, &mut Solver::new(cache, budget))
}

fn fifty_fifty_influence_with(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    c: CellId,
    solver: &mut Solver<'_>,
) -> Result<f64, ProbabilityError> {
    if !open_question(view, map, c) {
        return Ok(0.0);
    }
    Ok(cap(map, c, shape_influence(view, map, ln_layouts, c, solver)?))
}

/// The positive tallies of the pairs around `c` plus the largest box's (see
/// [`shape_tallies`]); not capped.
fn shape_influence(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    c: CellId,
    solver: &mut Solver<'_>,
) -> Result<f64, ProbabilityError> {
    let (pairs, boxes) = shape_tallies(view, map, ln_layouts, c, PAIR_MAX_MINES, BOX_MAX_MINES, solver)?;
    let pairs: f64 = pairs.into_iter().filter(|&t| t > 0.0).sum();
    let best_box = boxes.into_iter().filter(|&t| t > 0.0).fold(0.0, f64::max);
    Ok(pairs + best_box)
}

/// An influence capped at `min(P(c mine), P(c safe))`.
fn cap(map: &ProbabilityMap, c: CellId, influence: f64) -> f64 {
    let p = map.at(c).unwrap_or(1.0);
    influence.min(p).min(1.0 - p).max(0.0)
}

/// The tallies of every pair and every 2×2 box around `c` (see the module docs), at most
/// `pair_max` / `box_max` mines placed in a shape.
fn shape_tallies(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    c: CellId,
    pair_max: usize,
    box_max: usize,
    solver: &mut Solver<'_>,
) -> Result<(Vec<f64>, Vec<f64>), ProbabilityError> {
    let dims = view.dims();
    let mut pairs = Vec::with_capacity(4);
    // Horizontal pairs (direction (1, 0)), then vertical ones ((0, 1)): c with its next
    // neighbour in the direction, then its previous neighbour with c. The enablers are the
    // three cells beyond each end of the pair.
    for (dx, dy) in [(1, 0), (0, 1)] {
        for (first, second) in [(Some(c), offset(dims, c, dx, dy)), (offset(dims, c, -dx, -dy), Some(c))] {
            let (Some(first), Some(second)) = (first, second) else {
                continue;
            };
            let other = if first == c { second } else { first };
            let beyond = |cell, sign: i32, k: i32| offset(dims, cell, sign * dx + k * dy, sign * dy + k * dx);
            let enablers = [
                beyond(first, -1, -1),
                beyond(first, -1, 0),
                beyond(first, -1, 1),
                beyond(second, 1, -1),
                beyond(second, 1, 0),
                beyond(second, 1, 1),
            ];
            pairs.push(pair_tally(
                view,
                map,
                ln_layouts,
                (c, other),
                enablers,
                pair_max,
                solver,
            )?);
        }
    }
    // The 2×2 boxes with c in one of their corners.
    let mut boxes = Vec::with_capacity(4);
    for (dc, dr) in [(0, 0), (-1, 0), (0, -1), (-1, -1)] {
        let corner = offset(dims, c, dc, dr);
        boxes.push(box_tally(view, map, ln_layouts, c, corner, box_max, solver)?);
    }
    Ok((pairs, boxes))
}

/// For each side-by-side pair whose only enabler still to be a mine is `c` (both its cells
/// open questions, no enabler revealed): P(`c` and the pair's first cell are mines and its
/// second cell is safe). Empty when `c` is not an open question.
fn pair_enabler_tallies(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    c: CellId,
    solver: &mut Solver<'_>,
) -> Result<Vec<f64>, ProbabilityError> {
    let mut tallies = Vec::new();
    if !open_question(view, map, c) {
        return Ok(tallies);
    }
    let dims = view.dims();
    // Direction (dx, dy) along the pair, (px, py) across it.
    for (dx, dy) in [(1, 0), (0, 1)] {
        let (px, py) = (dy, dx);
        // c is beyond the far end (pair ends one step before c) or the near end (after c).
        for start in [-2, 1] {
            for k in [-1, 0, 1] {
                let first = offset(dims, c, start * dx + k * px, start * dy + k * py);
                let second = first.and_then(|f| offset(dims, f, dx, dy));
                let (Some(first), Some(second)) = (first, second) else {
                    continue;
                };
                if !open_question(view, map, first) || !open_question(view, map, second) {
                    continue;
                }
                let beyond = |cell, sign: i32, j: i32| offset(dims, cell, sign * dx + j * px, sign * dy + j * py);
                let enablers = [
                    beyond(first, -1, -1),
                    beyond(first, -1, 0),
                    beyond(first, -1, 1),
                    beyond(second, 1, -1),
                    beyond(second, 1, 0),
                    beyond(second, 1, 1),
                ];
                if !enablers.contains(&Some(c)) {
                    continue;
                }
                let Some(missing) = missing_mines(view, map, enablers.into_iter()) else {
                    continue;
                };
                if missing != [c] {
                    continue;
                }
                tallies.push(solver.joint(view, ln_layouts, &[c, first], &[second])?);
            }
        }
    }
    Ok(tallies)
}

/// The covered cells below `floor` whose safety plus their `influence` (`None`: none worth
/// computing) reaches it, with their P(mine) and influence, in row-major order.
fn lifted_cells(
    view: &PlayerView,
    map: &ProbabilityMap,
    floor: f64,
    mut influence: impl FnMut(CellId) -> Result<Option<f64>, ProbabilityError>,
) -> Result<Vec<(CellId, f64, f64)>, ProbabilityError> {
    let mut found = Vec::new();
    for (c, p) in map.covered() {
        if p <= 0.0 || p >= 1.0 || view.at(c) != CellView::Covered || 1.0 - p >= floor {
            continue;
        }
        // The influence is at most min(P(mine), P(safe)): skip cells it cannot lift.
        if 1.0 - p + p.min(1.0 - p) < floor {
            continue;
        }
        if let Some(i) = influence(c)?.filter(|&i| 1.0 - p + i >= floor) {
            found.push((c, p, i));
        }
    }
    Ok(found)
}

/// A *pseudo-50/50* of `view` (exact `map`, `e^{ln_layouts}` layouts), if there is one (the
/// first in row-major order): a cell that may be a mine, and that is a mine only in layouts
/// where it is part of one pair or 2×2 box that nothing could ever tell apart. Its risk must
/// be taken sooner or later at the same odds, so it is best taken at once (D. N. Hill's
/// "either safe or a 50/50"). Only shapes with at most one enabler still to be a mine (pairs)
/// or none (boxes) are looked at.
///
/// ```
/// use automine_core::policy::long_term_risk::pseudo_fifty_fifty;
/// use automine_core::probability::exact::{ComponentCache, exact_analysis};
/// use automine_core::{CellId, PlayerView};
/// use search_core::Budget;
/// // The mine is next to the corner 1. If it is at (1,0), then (1,0) and (1,1) can never be
/// // told apart: (1,0) is either safe or half of a 50/50.
/// let view: PlayerView = "3x2 1\n1..\n...\n".parse()?;
/// let a = exact_analysis(&view, &Budget::unlimited())?;
/// let mut cache = ComponentCache::new();
/// assert_eq!(pseudo_fifty_fifty(&view, &a.map, a.ln_layouts, &mut cache, &Budget::unlimited())?, Some(CellId(1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ProbabilityError::Stopped`] if the solver's budget runs out.
pub fn pseudo_fifty_fifty(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    cache: &mut ComponentCache,
    budget: &Budget,
) -> Result<Option<CellId>, ProbabilityError> {
    let mut solver = Solver::new(cache, budget);
    for (c, p) in map.covered() {
        if p <= 0.0 || p >= 1.0 || view.at(c) != CellView::Covered || !may_form_shape(view, map, c) {
            continue;
        }
        let (pairs, boxes) = shape_tallies(
            view,
            map,
            ln_layouts,
            c,
            PSEUDO_PAIR_MAX_MINES,
            PSEUDO_BOX_MAX_MINES,
            &mut solver,
        )?;
        if pairs.iter().chain(&boxes).any(|&t| t >= p * (1.0 - 1e-9)) {
            return Ok(Some(c));
        }
    }
    Ok(None)
}

/// The six enablers of the pair `a`, `b` (`b` right of `a` when `horizontal`, else below):
/// the three cells beyond each end.
fn pair_enablers(dims: Dims, a: CellId, b: CellId, horizontal: bool) -> [Option<CellId>; 6] {
    if horizontal {
        [
            offset(dims, a, -1, -1),
            offset(dims, a, -1, 0),
            offset(dims, a, -1, 1),
            offset(dims, b, 1, -1),
            offset(dims, b, 1, 0),
            offset(dims, b, 1, 1),
        ]
    } else {
        [
            offset(dims, a, -1, -1),
            offset(dims, a, 0, -1),
            offset(dims, a, 1, -1),
            offset(dims, b, -1, 1),
            offset(dims, b, 0, 1),
            offset(dims, b, 1, 1),
        ]
    }
}

/// A cheap structural pre-check for [`pseudo_fifty_fifty`]: some pair around `c` has no
/// revealed enabler and at most one enabler still to be a mine, or some box around it none.
fn may_form_shape(view: &PlayerView, map: &ProbabilityMap, c: CellId) -> bool {
    let dims = view.dims();
    let ok = |enablers: &[Option<CellId>], limit: usize| {
        missing_mines(view, map, enablers.iter().copied()).is_some_and(|m| m.len() <= limit)
    };
    let pair_ok = |a: Option<CellId>, b: Option<CellId>, horizontal: bool| {
        let (Some(a), Some(b)) = (a, b) else { return false };
        ok(&pair_enablers(dims, a, b, horizontal), PSEUDO_PAIR_MAX_MINES - 1)
    };
    if pair_ok(Some(c), offset(dims, c, 1, 0), true)
        || pair_ok(offset(dims, c, -1, 0), Some(c), true)
        || pair_ok(Some(c), offset(dims, c, 0, 1), false)
        || pair_ok(offset(dims, c, 0, -1), Some(c), false)
    {
        return true;
    }
    [(0, 0), (-1, 0), (0, -1), (-1, -1)].into_iter().any(|(dc, dr)| {
        offset(dims, c, dc, dr).is_some_and(|corner| {
            let enablers = [
                offset(dims, corner, -1, -1),
                offset(dims, corner, 2, -1),
                offset(dims, corner, -1, 2),
                offset(dims, corner, 2, 2),
            ];
            ok(&enablers, PSEUDO_BOX_MAX_MINES - 2)
        })
    })
}

/// Hill's JavaScript solver counts a would-be 50/50 towards its enablers only when its chance
/// is above this (for a pair: twice its tally; for a box: its tally).
const JS_INFLUENCE_THRESHOLD: f64 = 0.025;

/// The enabler influence's boxes: at most this many enablers still to be mines.
const JS_BOX_MISSING_MAX: usize = 2;

/// The enabler influence of D. N. Hill's JavaScript solver: the chance of the layouts in
/// which `c` is a mine that completes a would-be 50/50, summed over the pairs whose only
/// enabler still to be a mine is `c` (`c` and the pair's first cell, left or top, mines, its
/// second cell safe) and the 2×2 boxes with at most two such enablers, one of them `c` (each
/// box's diagonal through its top-left cell taken as the mines, the other two cells safe); a
/// shape counts only when its chance is above 2.5% (twice the tally for a pair). 0 for a cell
/// that is not an open question. Not capped: [`influence_js`] adds it to the 50/50 influence
/// and caps the sum.
fn enabler_influence_js(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    c: CellId,
    solver: &mut Solver<'_>,
) -> Result<f64, ProbabilityError> {
    if !open_question(view, map, c) {
        return Ok(0.0);
    }
    let dims = view.dims();
    let mut total: f64 = pair_enabler_tallies(view, map, ln_layouts, c, solver)?
        .into_iter()
        .filter(|&tally| 2.0 * tally > JS_INFLUENCE_THRESHOLD)
        .sum();
    // The boxes whose diagonal outer corners include c: c is one of the four.
    for (dc, dr) in [(1, 1), (-2, 1), (1, -2), (-2, -2)] {
        let Some(corner) = offset(dims, c, dc, dr) else {
            continue;
        };
        let cells = [
            Some(corner),
            offset(dims, corner, 1, 0),
            offset(dims, corner, 0, 1),
            offset(dims, corner, 1, 1),
        ];
        let [Some(t0), Some(t1), Some(t2), Some(t3)] = cells else {
            continue;
        };
        if ![t0, t1, t2, t3].iter().all(|&t| open_question(view, map, t)) {
            continue;
        }
        let enablers = [
            offset(dims, corner, -1, -1),
            offset(dims, corner, 2, -1),
            offset(dims, corner, -1, 2),
            offset(dims, corner, 2, 2),
        ];
        let Some(mut mines) = missing_mines(view, map, enablers.into_iter()) else {
            continue;
        };
        if !mines.contains(&c) || mines.len() > JS_BOX_MISSING_MAX || mines.len() + 2 > view.mines_left() as usize {
            continue;
        }
        mines.extend([t0, t3]);
        let tally = solver.joint(view, ln_layouts, &mines, &[t1, t2])?;
        if tally > JS_INFLUENCE_THRESHOLD {
            total += tally;
        }
    }
    Ok(total)
}

/// The 50/50 influence of `c` as D. N. Hill's JavaScript solver weighs it: its
/// [`fifty_fifty_influence`] plus its enabler influence (see the module docs), capped at
/// `min(P(c mine), P(c safe))`.
///
/// # Errors
/// [`ProbabilityError::Stopped`] if the solver's budget runs out.
pub fn influence_js(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    c: CellId,
    cache: &mut ComponentCache,
    budget: &Budget,
) -> Result<f64, ProbabilityError> {
    influence_js_sharing(view, map, ln_layouts, c, cache, budget, &mut ViewMemo::default())
}

/// [`influence_js`] for one cell of a view whose [`ViewMemo`] `memo` keeps between calls.
pub(crate) fn influence_js_sharing(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    c: CellId,
    cache: &mut ComponentCache,
    budget: &Budget,
    memo: &mut ViewMemo,
) -> Result<f64, ProbabilityError> {
    Solver::sharing(cache, budget, memo, |solver| {
        let total = fifty_fifty_influence_with(view, map, ln_layouts, c, solver)?
            + enabler_influence_js(view, map, ln_layouts, c, solver)?;
        Ok(cap(map, c, total))
    })
}

/// The covered cells below the guess's safety `floor` whose safety plus their
/// [`influence_js`] reaches it, with their P(mine) and that influence, in row-major order
/// (D. N. Hill adds such cells to the candidates: part of their risk would have to be taken
/// anyway). `memo` belongs to `view` and keeps between calls.
pub(crate) fn influenced_cells_js(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    floor: f64,
    cache: &mut ComponentCache,
    budget: &Budget,
    memo: &mut ViewMemo,
) -> Result<Vec<(CellId, f64, f64)>, ProbabilityError> {
    lifted_cells(view, map, floor, |c| {
        influence_js_sharing(view, map, ln_layouts, c, cache, budget, memo).map(Some)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probability::exact::exact_analysis;

    #[test]
    fn js_enabler_influence_counts_boxes_above_the_threshold() {
        // 3x3, all covered: the box in the top-left corner has one enabler on the board,
        // (2,2). With 4 mines, P((2,2), (0,0), (1,1) mines and (1,0), (0,1) safe) = 4 / C(9,4)
        // (the fourth mine in one of the other four cells); no pair has (2,2) as its only
        // missing enabler.
        let mut cache = ComponentCache::new();
        let view: PlayerView = "3x3 4\n...\n...\n...\n".parse().unwrap();
        let a = exact_analysis(&view, &Budget::unlimited()).unwrap();
        let e = enabler_influence_js(
            &view,
            &a.map,
            a.ln_layouts,
            CellId(8),
            &mut Solver::new(&mut cache, &Budget::unlimited()),
        )
        .unwrap();
        assert!((e - 4.0 / 126.0).abs() < 1e-12, "{e}");
        // With 3 mines the box's chance, 1 / C(9,3), is below the 2.5% threshold.
        let view: PlayerView = "3x3 3\n...\n...\n...\n".parse().unwrap();
        let a = exact_analysis(&view, &Budget::unlimited()).unwrap();
        let e = enabler_influence_js(
            &view,
            &a.map,
            a.ln_layouts,
            CellId(8),
            &mut Solver::new(&mut cache, &Budget::unlimited()),
        )
        .unwrap();
        assert!(e.abs() < 1e-15, "{e}");
    }

    fn influence(text: &str, cell: u32) -> f64 {
        let view: PlayerView = text.parse().unwrap();
        let a = exact_analysis(&view, &Budget::unlimited()).unwrap();
        let mut cache = ComponentCache::new();
        fifty_fifty_influence(
            &view,
            &a.map,
            a.ln_layouts,
            CellId(cell),
            &mut cache,
            &Budget::unlimited(),
        )
        .unwrap()
    }

    #[test]
    fn a_walled_in_pair_is_all_influence() {
        // Right column of a 3x2 board: 1s on the left, the edge on the right.
        assert!((influence("3x2 1\n01.\n01.\n", 2) - 0.5).abs() < 1e-12);
        assert!((influence("3x2 1\n01.\n01.\n", 5) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn a_cell_that_is_safe_or_a_fifty_fifty_is_all_influence() {
        // One mine next to the 1 in the corner: (1,0), (0,1) or (1,1), a third each. Were it
        // at (1,0), the vertical pair (1,0)-(1,1) could never be told apart (every cell next
        // to one is next to both), so all of (1,0)'s risk is 50/50 risk.
        let text = "3x2 1\n1..\n...\n";
        assert!((influence(text, 1) - 1.0 / 3.0).abs() < 1e-12);
        // (2,0) is never a mine: no influence. The horizontal pair (1,0)-(2,0) is broken by
        // the revealed 1 (it sees (1,0) and not (2,0)).
        assert!(influence(text, 2).abs() < 1e-15);
        // The revealed cell itself: not an open question.
        assert!(influence(text, 0).abs() < 1e-15);
    }

    /// `....` on a 4x1 strip with 2 mines (6 layouts). Cell 1 is the only missing enabler
    /// of the pair (2, 3) (the other end is the board's edge): the layout {1, 2} (a mine at
    /// 1 and in the pair's first cell) is 1 of 6. Likewise cell 2 for the pair (0, 1). Cells
    /// 0 and 3 are one of two missing enablers of the pair (1, 2): none.
    #[test]
    fn pair_enabler_tallies_count_pairs_whose_last_missing_enabler_is_the_cell() {
        let view: PlayerView = "4x1 2\n....\n".parse().unwrap();
        let a = exact_analysis(&view, &Budget::unlimited()).unwrap();
        let mut cache = ComponentCache::new();
        let unlimited = Budget::unlimited();
        let mut solver = Solver::new(&mut cache, &unlimited);
        let got: Vec<f64> = (0..4)
            .map(|c| {
                pair_enabler_tallies(&view, &a.map, a.ln_layouts, CellId(c), &mut solver)
                    .unwrap()
                    .iter()
                    .sum()
            })
            .collect();
        let want = [0.0, 1.0 / 6.0, 1.0 / 6.0, 0.0];
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-12, "{got:?}");
        }
    }

    /// `01....` over `01....` with 2 mines: the walled pair in column 2 holds one mine (a
    /// 50/50 forever, all of its risk is influence); the six cells of columns 3-5 hold the
    /// other (safety 5/6). At the cut-off floor 0.9 × 5/6 = 0.75, the pair's safety 1/2 is
    /// too low, but 1/2 + 1/2 of influence reaches it: both pair cells are added, nothing else.
    #[test]
    fn influenced_cells_are_those_lifted_over_the_floor_by_their_influence() {
        let view: PlayerView = "6x2 2\n01....\n01....\n".parse().unwrap();
        let a = exact_analysis(&view, &Budget::unlimited()).unwrap();
        assert!((a.map.at(CellId(3)).unwrap() - 1.0 / 6.0).abs() < 1e-12);
        let mut cache = ComponentCache::new();
        let mut memo = ViewMemo::default();
        let cells = influenced_cells_js(
            &view,
            &a.map,
            a.ln_layouts,
            0.75,
            &mut cache,
            &Budget::unlimited(),
            &mut memo,
        )
        .unwrap();
        let ids: Vec<u32> = cells.iter().map(|c| c.0.0).collect();
        assert_eq!(ids, vec![2, 8]);
        assert!(
            cells
                .iter()
                .all(|c| (c.1 - 0.5).abs() < 1e-12 && (c.2 - 0.5).abs() < 1e-12)
        );
        // A floor above 1 lifts nobody.
        assert!(
            influenced_cells_js(
                &view,
                &a.map,
                a.ln_layouts,
                1.01,
                &mut cache,
                &Budget::unlimited(),
                &mut memo
            )
            .unwrap()
            .is_empty()
        );
    }

    /// On a 4x1 strip with one mine among the two middle cells, the pair is enclosed by
    /// covered end cells; its influence is the chance that both ends are mines and the pair
    /// holds one mine with c being it, which brute force gives directly.
    #[test]
    fn influence_matches_brute_force_on_a_strip() {
        // 4 wide, 3 high: the middle row is covered, the others revealed zeros would force
        // zeros... use an all-covered board instead: 4x1 with 3 mines.
        let view: PlayerView = "4x1 3\n....\n".parse().unwrap();
        let a = exact_analysis(&view, &Budget::unlimited()).unwrap();
        let mut cache = ComponentCache::new();
        // Cell 1: pairs {0,1} (enablers: cell 2) and {1,2} (enablers: 0 and 3).
        // Layouts: C(4,3) = 4, each equally likely.
        // {1,2} with 0,3 mines, 1 mine, 2 safe: layout {0,1,3}: 1/4.
        // {0,1} with 2 mine, 1 mine, 0 safe: layouts {1,2,3}: 1/4.
        // Sum 1/2, capped by P(safe) = 1/4.
        let i =
            fifty_fifty_influence(&view, &a.map, a.ln_layouts, CellId(1), &mut cache, &Budget::unlimited()).unwrap();
        assert!((i - 0.25).abs() < 1e-12, "{i}");
        // 6x1 with 2 mines: cell 0 pairs only with cell 1 (enabler: cell 2).
        // P(2 mine, 0 mine, 1 safe) = 1 / C(6,2) = 1/15.
        let view: PlayerView = "6x1 2\n......\n".parse().unwrap();
        let a = exact_analysis(&view, &Budget::unlimited()).unwrap();
        let i =
            fifty_fifty_influence(&view, &a.map, a.ln_layouts, CellId(0), &mut cache, &Budget::unlimited()).unwrap();
        assert!((i - 1.0 / 15.0).abs() < 1e-12, "{i}");
    }

    #[test]
    fn a_two_by_two_box_counts_its_diagonals() {
        // A 2x2 board with 2 mines: the box's enablers are all off the board. Layouts: C(4,2)
        // = 6; the two diagonal layouts are 50/50s. For cell 0 the box tally is the layout
        // {0,3}: 1/6. The pairs: {0,1} (vertical enablers off board... the cells 2 and 3 are
        // next to exactly one of 0 and 1? No: 2 and 3 each touch both), so the pair {0,1}
        // has no enablers: P(0 mine, 1 safe) = P({0,2}) + P({0,3}) = 2/6; likewise {0,2}: 2/6.
        // Total 5/6, capped by min(P(mine), P(safe)) = 1/2.
        assert!((influence("2x2 2\n..\n..\n", 0) - 0.5).abs() < 1e-12);
        // 4x4 with 2 mines, box at the top-left corner: enablers (-1,-1), (2,-1), (-1,2) off
        // the board and (2,2) covered: P(0, 5, 10 mines) is 0 with 2 mines: box tally 0.
        // Pairs {0,1}: enablers (2,0),(2,1) need mines: 3 mines > 2 left: 0.
        assert!(influence("4x4 2\n....\n....\n....\n....\n", 0).abs() < 1e-15);
    }

    /// Over many small games: every influence lies in `[0, min(P(mine), P(safe))]`, and a
    /// forced 50/50 found by the independent structural test of
    /// [`fifty_fifty`](crate::policy::fifty_fifty) (on the view with the certain mines
    /// flagged) whose two cells are side by side has influence exactly 1/2: all of its risk
    /// is 50/50 risk.
    #[test]
    fn influence_is_bounded_and_agrees_with_forced_fifty_fifties() {
        use crate::game::{Game, GameStatus};
        use crate::geometry::{Height, Width};
        use crate::player::{Player, SafestCellPlayer};
        use crate::policy::fifty_fifty::forced_pair;
        use crate::settings::{FirstClick, GameSettings};
        let dims = Dims::new(Width(6), Height(6)).unwrap();
        let settings = GameSettings::new(dims, 9, FirstClick::Safe).unwrap();
        let (mut forced, mut side_by_side, mut positive) = (0, 0, 0);
        for seed in 0..400 {
            let mut game = Game::new(settings, seed);
            let mut player = SafestCellPlayer::default();
            let mut cache = ComponentCache::new();
            while game.status() == GameStatus::Playing {
                let view = game.view().clone();
                let a = exact_analysis(&view, &Budget::unlimited()).unwrap();
                for (id, p) in a.map.covered() {
                    let i = fifty_fifty_influence(&view, &a.map, a.ln_layouts, id, &mut cache, &Budget::unlimited())
                        .unwrap();
                    assert!(i >= 0.0 && i <= p.min(1.0 - p) + 1e-12, "{view}: {id:?} {i} {p}");
                    positive += usize::from(i > 0.0);
                }
                let mut flagged = view.clone();
                for id in a.map.certain_mines() {
                    flagged.set(id, CellView::Flagged);
                }
                if let Some((x, y)) = forced_pair(&flagged) {
                    forced += 1;
                    let (px, py) = (dims.pos(x), dims.pos(y));
                    if dims.neighbours(x).any(|n| n == y) && (px.col() == py.col() || px.row() == py.row()) {
                        let i = fifty_fifty_influence(&view, &a.map, a.ln_layouts, x, &mut cache, &Budget::unlimited())
                            .unwrap();
                        assert!((i - 0.5).abs() < 1e-9, "{view}: {i}");
                        side_by_side += 1;
                    }
                }
                let pos = player.choose(&view).unwrap();
                game.reveal(pos).unwrap();
            }
        }
        assert!(
            side_by_side > 5 && positive > 100,
            "{forced} forced pairs, {side_by_side} side by side, {positive} positive"
        );
    }

    /// Interior tallies read off the interior's mine-count odds equal the exact solver's on
    /// the view with the mines flagged, for every pattern of up to four mines and three safe
    /// cells among the interior cells of positions from real games (three board sizes).
    #[test]
    fn interior_odds_give_the_flagged_solvers_tallies() {
        use crate::settings::{FirstClick, GameSettings};
        use crate::suite::played_positions;
        let boards = [(9, 9, 10), (16, 16, 40), (30, 16, 99)];
        let mut checked = 0;
        for (w, h, mines) in boards {
            let dims = Dims::new(crate::geometry::Width(w), crate::geometry::Height(h)).unwrap();
            let settings = GameSettings::new(dims, mines, FirstClick::Safe).unwrap();
            for view in played_positions(settings, 0..12, 0.05..=0.8, 3) {
                let a = exact_analysis(&view, &Budget::unlimited()).unwrap();
                let interior: Vec<CellId> = dims.ids().filter(|&id| is_interior(&view, id)).collect();
                let mut cache = ComponentCache::new();
                let unlimited = Budget::unlimited();
                let mut solver = Solver::new(&mut cache, &unlimited);
                for m in 0..=4.min(interior.len()) {
                    for k in 0..=3.min(interior.len() - m) {
                        // Spread the cells over the interior, mines first.
                        let step = (interior.len() / (m + k).max(1)).max(1);
                        let cells: Vec<CellId> = interior.iter().copied().step_by(step).take(m + k).collect();
                        if cells.len() < m + k {
                            continue;
                        }
                        let (mine_cells, safe_cells) = cells.split_at(m);
                        let fast = solver.joint(&view, a.ln_layouts, mine_cells, safe_cells).unwrap();
                        let slow = solver
                            .joint_flagged(&view, a.ln_layouts, mine_cells, safe_cells)
                            .unwrap();
                        assert!(
                            (fast - slow).abs() <= 1e-9 * slow.max(1e-300) + 1e-15,
                            "{view}\n{m} mines, {k} safe: {fast} against {slow}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 300, "only {checked} tallies compared");
    }

    /// The interior odds on a board with no number: P(a given mines, b given safe cells) is
    /// the hypergeometric C(n − a − b, M − a) / C(n, M).
    #[test]
    fn interior_odds_without_numbers_are_hypergeometric() {
        let view: PlayerView = "5x4 6\n.....\n.....\n.....\n.....\n".parse().unwrap();
        let mut cache = ComponentCache::new();
        let odds = crate::probability::exact::interior_odds(&view, &mut cache).unwrap();
        let c = |n: u64, k: u64| -> f64 { (0..k).map(|i| (n - i) as f64 / (i + 1) as f64).product() };
        for a in 0..=6 {
            for b in 0..=5 {
                let want = c(20 - a - b, 6 - a) / c(20, 6);
                let got = odds.joint(a as usize, b as usize);
                assert!((got - want).abs() < 1e-12, "{a} mines, {b} safe: {got} against {want}");
            }
        }
        assert!(odds.joint(7, 0) <= 0.0, "seven mines among six");
    }
}
