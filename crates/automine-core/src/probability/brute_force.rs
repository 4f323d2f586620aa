//! The reference oracle: exact P(mine) by trying every placement of the remaining mines.
//!
//! Independent of the exact solver (no boxes, no components, no search, integer counts), so
//! the tests can hold one against the other. Only for small positions: at most
//! [`BRUTE_FORCE_LIMIT`] covered cells.

use crate::error::ProbabilityError;
use crate::geometry::CellId;
use crate::probability::map::ProbabilityMap;
use crate::view::{CellView, PlayerView};

/// The most covered, unflagged cells [`brute_force_probabilities`] accepts.
pub const BRUTE_FORCE_LIMIT: usize = 24;

/// Exact P(mine) by enumerating all `C(covered, mines left)` placements (flags are mines).
///
/// # Errors
/// [`ProbabilityError::TooLargeForBruteForce`] above [`BRUTE_FORCE_LIMIT`] covered cells,
/// [`ProbabilityError::TooManyFlags`], and [`ProbabilityError::MineCountUnreachable`] when no
/// placement fits (its `min`/`max` are 0: brute force does not compute them).
///
/// ```
/// use automine_core::{PlayerView, brute_force_probabilities, exact_probabilities};
/// let view: PlayerView = "3x3 2\n1..\n...\n...\n".parse()?;
/// let slow = brute_force_probabilities(&view)?;
/// let fast = exact_probabilities(&view)?;
/// for ((_, a), (_, b)) in slow.covered().zip(fast.covered()) {
///     assert!((a - b).abs() < 1e-12);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn brute_force_probabilities(view: &PlayerView) -> Result<ProbabilityMap, ProbabilityError> {
    let dims = view.dims();
    if view.flag_count() > view.total_mines() as usize {
        return Err(ProbabilityError::TooManyFlags {
            flags: view.flag_count(),
            mines: view.total_mines(),
        });
    }
    let covered: Vec<CellId> = dims.ids().filter(|&id| view.at(id) == CellView::Covered).collect();
    let n = covered.len();
    if n > BRUTE_FORCE_LIMIT {
        return Err(ProbabilityError::TooLargeForBruteForce {
            covered: n,
            limit: BRUTE_FORCE_LIMIT,
        });
    }
    let mut bit_of = vec![None; dims.cell_count()];
    for (i, id) in covered.iter().enumerate() {
        bit_of[id.index()] = Some(i);
    }
    // (neighbour mask over covered cells, mines needed there) per revealed number.
    let mut checks: Vec<(u32, u32)> = Vec::new();
    for id in dims.ids() {
        if let CellView::Revealed(number) = view.at(id) {
            let mut mask = 0u32;
            let mut flags = 0u32;
            for nb in dims.neighbours(id) {
                match view.at(nb) {
                    CellView::Flagged => flags += 1,
                    CellView::Covered => mask |= bit_of[nb.index()].map_or(0, |b| 1 << b),
                    CellView::Revealed(_) => {}
                }
            }
            let Some(need) = u32::from(number).checked_sub(flags) else {
                return Err(unreachable_count(view));
            };
            checks.push((mask, need));
        }
    }
    let mines = view.mines_left();
    let mut total = 0u64;
    let mut per_cell = vec![0u64; n];
    if mines as usize <= n {
        for layout in 0u32..(1u32 << n) {
            if layout.count_ones() != mines || !checks.iter().all(|&(m, need)| (layout & m).count_ones() == need) {
                continue;
            }
            total += 1;
            for (bit, count) in per_cell.iter_mut().enumerate() {
                *count += u64::from(layout >> bit & 1);
            }
        }
    }
    if total == 0 {
        return Err(unreachable_count(view));
    }
    let mut map = ProbabilityMap::empty(dims);
    for (id, count) in covered.iter().zip(per_cell) {
        map.set(*id, count as f64 / total as f64);
    }
    Ok(map)
}

fn unreachable_count(view: &PlayerView) -> ProbabilityError {
    ProbabilityError::MineCountUnreachable {
        mines_left: view.mines_left(),
        min: 0,
        max: 0,
    }
}
