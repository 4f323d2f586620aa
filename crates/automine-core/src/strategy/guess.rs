//! Choosing a guess when no cell is certainly safe: the chance to survive this click and the
//! next one ("secondary safety", after D. N. Hill), with a small weight on progress.
//!
//! For a candidate cell `c` and each number `v` it may show, the exact solver is run on the
//! view with `c` opened as `v`. The ratio of layout counts gives `P(c shows v)`
//! (`Z_v / Z`), and the new map gives the best safety of the next click (1 when a cell is then
//! certainly safe). The score of `c` is
//!
//! ```text
//! Σ_v P(c shows v) · (best next safety | v)  +  w_progress · Σ_v P(c shows v) · [v leaves a safe cell]
//! ```
//!
//! i.e. the chance to survive `c` and the following guess, with progress (Tu et al.'s "S")
//! as a tie-break. By default (D. N. Hill's refinements, measured on expert in
//! docs/minesweeper.md) the best next safety is *blended* with the second best,
//! `(4 · best + second) / 5`, and the score is multiplied by `1 + 0.9 · influence / P(c safe)`,
//! where the influence ([`long_term_risk`]) is the chance that `c` is a mine inside a 50/50
//! that could never be avoided. Candidates are the safest frontier cells (within a cut-off of the best
//! safety) and a few interior cells with the fewest covered neighbours (corners and edges:
//! the likeliest to open a region).

use search_core::Budget;

use crate::error::ProbabilityError;
use crate::geometry::CellId;
use crate::probability::exact::{ComponentCache, exact_analysis_cached};
use crate::probability::map::ProbabilityMap;
use crate::strategy::long_term_risk;
use crate::view::{CellView, PlayerView};

/// Tunables of the guess.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GuessOptions {
    /// Score candidates by secondary safety; when off, the safest cell is taken (ties: the
    /// interior cell with fewest covered neighbours, then row-major order).
    pub secondary_safety: bool,
    /// Candidates must have a safety of at least this fraction of the best safety.
    pub cut_off: f64,
    /// At most this many frontier candidates (the safest ones).
    pub max_frontier: usize,
    /// At most this many interior candidates.
    pub max_interior: usize,
    /// The weight of progress in the score.
    pub progress_weight: f64,
    /// The weight `w` of the 50/50 influence ([`long_term_risk`]): a candidate's score is
    /// multiplied by `1 + w · influence / P(safe)` (0: off; default 0.9, D. N. Hill's weight).
    pub influence_weight: f64,
    /// Value the next click by `(4 · best + second best) / 5` of the next safeties instead of
    /// the best alone (D. N. Hill's "blended safety").
    pub blend_second: bool,
}

impl Default for GuessOptions {
    fn default() -> Self {
        Self {
            secondary_safety: true,
            cut_off: 0.9,
            max_frontier: 10,
            max_interior: 2,
            progress_weight: 0.001,
            influence_weight: 0.9,
            blend_second: true,
        }
    }
}

/// One scored candidate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScoredGuess {
    /// The cell.
    pub cell: CellId,
    /// Its P(mine).
    pub p_mine: f64,
    /// The chance to survive it and the next guess.
    pub secondary_safety: f64,
    /// The chance that it leaves a certainly safe cell.
    pub progress: f64,
    /// `Σ_v P(v) · (4 · best + second best next safety) / 5` (D. N. Hill's blended safety).
    pub blended_safety: f64,
}

/// The number of covered (unflagged) neighbours of `id`.
fn covered_around(view: &PlayerView, id: CellId) -> usize {
    view.dims()
        .neighbours(id)
        .filter(|&n| view.at(n) == CellView::Covered)
        .count()
}

fn is_frontier(view: &PlayerView, id: CellId) -> bool {
    view.dims()
        .neighbours(id)
        .any(|n| matches!(view.at(n), CellView::Revealed(_)))
}

/// The candidate cells for a guess, safest first.
fn candidates(view: &PlayerView, map: &ProbabilityMap, options: &GuessOptions) -> Vec<(CellId, f64)> {
    let best_safety = map.covered().map(|(_, p)| 1.0 - p).fold(0.0, f64::max);
    let floor = best_safety * options.cut_off;
    let mut frontier: Vec<(CellId, f64)> = Vec::new();
    let mut interior: Vec<(usize, CellId, f64)> = Vec::new();
    for (id, p) in map.covered() {
        if 1.0 - p < floor || p >= 1.0 {
            continue;
        }
        if is_frontier(view, id) {
            frontier.push((id, p));
        } else {
            interior.push((covered_around(view, id), id, p));
        }
    }
    frontier.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    frontier.truncate(options.max_frontier);
    interior.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    frontier.extend(
        interior
            .into_iter()
            .take(options.max_interior)
            .map(|(_, id, p)| (id, p)),
    );
    frontier
}

/// The safest cell: lowest P(mine), then interior cells with the fewest covered neighbours,
/// then row-major order.
pub fn safest_cell(view: &PlayerView, map: &ProbabilityMap) -> Option<CellId> {
    map.covered()
        .min_by(|a, b| {
            a.1.total_cmp(&b.1)
                .then_with(|| {
                    let key = |id| (is_frontier(view, id), covered_around(view, id));
                    key(a.0).cmp(&key(b.0))
                })
                .then(a.0.cmp(&b.0))
        })
        .map(|(id, _)| id)
}

/// Score `cell` of `view` (whose layout count is `e^{ln_layouts}`) by secondary safety and
/// progress. The exact maps of the opened views reuse the components remembered in `cache`
/// (the result does not depend on what it holds).
///
/// # Errors
/// [`ProbabilityError::Stopped`] if the solver's budget runs out.
pub fn score(
    view: &PlayerView,
    ln_layouts: f64,
    cell: CellId,
    p_mine: f64,
    cache: &mut ComponentCache,
) -> Result<ScoredGuess, ProbabilityError> {
    let dims = view.dims();
    let flags = dims
        .neighbours(cell)
        .filter(|&n| view.at(n) == CellView::Flagged)
        .count() as u8;
    let open = covered_around(view, cell) as u8;
    let mut secondary = 0.0;
    let mut blended = 0.0;
    let mut progress = 0.0;
    let mut opened = view.clone();
    for v in flags..=(flags + open).min(8) {
        opened.set(cell, CellView::Revealed(v));
        let analysis = match exact_analysis_cached(&opened, &Budget::unlimited(), cache) {
            Ok(a) => a,
            Err(ProbabilityError::Stopped(reason)) => return Err(ProbabilityError::Stopped(reason)),
            Err(_) => continue, // no layout shows v here
        };
        let p_v = (analysis.ln_layouts - ln_layouts).exp();
        if p_v.is_nan() || p_v <= 0.0 {
            continue;
        }
        // The two best safeties of the next click (a cell counts once).
        let (next_best, next_second) =
            analysis
                .map
                .covered()
                .map(|(_, p)| 1.0 - p)
                .fold((f64::NEG_INFINITY, f64::NEG_INFINITY), |(b1, b2), s| {
                    if s > b1 { (s, b1) } else { (b1, b2.max(s)) }
                });
        let has_safe = next_best >= 1.0 || next_best == f64::NEG_INFINITY;
        let best = if has_safe { 1.0 } else { next_best };
        // With a single covered cell left, the second best is the best.
        let second = if next_second == f64::NEG_INFINITY {
            best
        } else {
            next_second.min(best)
        };
        secondary += p_v * best;
        blended += p_v * (4.0 * best + second) / 5.0;
        if has_safe {
            progress += p_v;
        }
    }
    Ok(ScoredGuess {
        cell,
        p_mine,
        secondary_safety: secondary,
        progress,
        blended_safety: blended,
    })
}

/// The guess for `view` given its exact `map` and layout count (`e^{ln_layouts}`); `None` when
/// no cell is covered. `cache` serves the look-ahead maps (see [`score`]).
///
/// # Errors
/// As [`score`].
pub fn choose_guess(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    options: &GuessOptions,
    cache: &mut ComponentCache,
) -> Result<Option<CellId>, ProbabilityError> {
    if !options.secondary_safety {
        return Ok(safest_cell(view, map));
    }
    let mut best: Option<(f64, ScoredGuess)> = None;
    for (cell, p) in candidates(view, map, options) {
        let s = score(view, ln_layouts, cell, p, cache)?;
        let next = if options.blend_second {
            s.blended_safety
        } else {
            s.secondary_safety
        };
        let mut value = next + options.progress_weight * s.progress;
        if options.influence_weight > 0.0 && p < 1.0 {
            let influence = long_term_risk::fifty_fifty_influence(view, map, ln_layouts, cell, cache)?;
            value *= 1.0 + options.influence_weight * influence / (1.0 - p);
        }
        if best.is_none_or(|(b, _)| value > b + 1e-12) {
            best = Some((value, s));
        }
    }
    Ok(best.map(|(_, s)| s.cell).or_else(|| safest_cell(view, map)))
}
