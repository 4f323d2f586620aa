//! Every whole-board layout of the remaining mines consistent with a view, enumerated on
//! search-core's constraint search (used by the endgame search when few layouts remain).
//!
//! The unknowns are the covered, unflagged cells (flags count as mines, as in the exact
//! solver). A state assigns each unknown "mine", "safe" or "open question"; propagation applies
//! every revealed number (too many mines or too little room is a contradiction, a satisfied
//! number clears the rest, a number with exactly enough room fills it) and the total mine
//! count; the search branches on the first open cell in frontier-first order.

use std::ops::ControlFlow;

use search_core::{Budget, ConstraintProblem, Propagation, SearchSpace, for_each_solution};

use crate::geometry::CellId;
use crate::view::{CellView, PlayerView};

const UNKNOWN: u8 = 2;

/// The consistent layouts of a position, as mine masks over its unknown cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LayoutSet {
    /// The covered, unflagged cells, in the order the masks use.
    pub cells: Vec<CellId>,
    /// One entry per layout: `mines[l][i]` says whether `cells[i]` holds a mine.
    pub mines: Vec<Vec<bool>>,
}

/// One revealed number as a constraint: `need` more mines among `cells` (local indices).
#[derive(Debug, Clone)]
struct Constraint {
    need: u8,
    cells: Vec<u16>,
}

/// The constraint problem over the unknown cells of one view.
#[derive(Debug)]
struct LayoutProblem {
    constraints: Vec<Constraint>,
    mines_left: u32,
}

/// A partial assignment: one byte per unknown cell (0 safe, 1 mine, 2 open).
#[derive(Debug, Clone)]
struct LayoutState {
    cells: Vec<u8>,
}

impl SearchSpace for LayoutProblem {
    type State = LayoutState;
    type Choice = (u16, u8);

    fn choices(&self, state: &LayoutState, out: &mut Vec<(u16, u8)>) {
        if let Some(i) = state.cells.iter().position(|&c| c == UNKNOWN) {
            out.extend([(i as u16, 1), (i as u16, 0)]);
        }
    }

    fn apply(&self, state: &mut LayoutState, (i, v): (u16, u8)) {
        state.cells[i as usize] = v;
    }
}

impl ConstraintProblem for LayoutProblem {
    fn propagate(&self, state: &mut LayoutState) -> Propagation {
        loop {
            let mut changed = false;
            for c in &self.constraints {
                let (mut mines, mut open) = (0u8, 0u8);
                for &i in &c.cells {
                    match state.cells[i as usize] {
                        1 => mines += 1,
                        UNKNOWN => open += 1,
                        _ => {}
                    }
                }
                if mines > c.need || mines + open < c.need {
                    return Propagation::Contradiction;
                }
                if open > 0 && (mines == c.need || mines + open == c.need) {
                    let fill = u8::from(mines < c.need);
                    for &i in &c.cells {
                        if state.cells[i as usize] == UNKNOWN {
                            state.cells[i as usize] = fill;
                        }
                    }
                    changed = true;
                }
            }
            let (mut mines, mut open) = (0u32, 0u32);
            for &c in &state.cells {
                mines += u32::from(c == 1);
                open += u32::from(c == UNKNOWN);
            }
            if mines > self.mines_left || mines + open < self.mines_left {
                return Propagation::Contradiction;
            }
            if open == 0 {
                return Propagation::Solved;
            }
            if mines == self.mines_left || mines + open == self.mines_left {
                let fill = u8::from(mines < self.mines_left);
                state
                    .cells
                    .iter_mut()
                    .filter(|c| **c == UNKNOWN)
                    .for_each(|c| *c = fill);
                changed = true;
            }
            if !changed {
                return Propagation::Open;
            }
        }
    }
}

/// Enumerate the layouts of `view` if there are at most `limit` of them (and the search
/// stays within `budget`); `None` otherwise or when the view admits none.
///
/// ```
/// use automine_core::PlayerView;
/// use automine_core::strategy::layouts::enumerate_layouts;
/// use search_core::Budget;
/// // A 1 in the corner with three covered neighbours and one mine: three layouts.
/// let view: PlayerView = "2x2 1\n1.\n..\n".parse()?;
/// let set = enumerate_layouts(&view, 10, &Budget::unlimited()).unwrap();
/// assert_eq!(set.mines.len(), 3);
/// # Ok::<(), automine_core::BoardError>(())
/// ```
pub fn enumerate_layouts(view: &PlayerView, limit: usize, budget: &Budget) -> Option<LayoutSet> {
    let dims = view.dims();
    // Frontier cells first (in row-major order), then the interior: the search decides the
    // constrained cells first and the total count settles the rest.
    let mut local = vec![u16::MAX; dims.cell_count()];
    let mut frontier = Vec::new();
    let mut interior = Vec::new();
    for id in dims.ids() {
        if view.at(id) != CellView::Covered {
            continue;
        }
        let touches_number = dims.neighbours(id).any(|n| matches!(view.at(n), CellView::Revealed(_)));
        if touches_number {
            frontier.push(id);
        } else {
            interior.push(id);
        }
    }
    let cells: Vec<CellId> = frontier.into_iter().chain(interior).collect();
    if cells.len() > usize::from(u16::MAX) {
        return None;
    }
    for (i, &id) in cells.iter().enumerate() {
        local[id.index()] = i as u16;
    }
    let mut constraints = Vec::new();
    for id in dims.ids() {
        let CellView::Revealed(n) = view.at(id) else { continue };
        let flags = dims.neighbours(id).filter(|&c| view.at(c) == CellView::Flagged).count() as u8;
        let members: Vec<u16> = dims
            .neighbours(id)
            .filter(|&c| view.at(c) == CellView::Covered)
            .map(|c| local[c.index()])
            .collect();
        let need = n.checked_sub(flags)?;
        if members.is_empty() {
            if need != 0 {
                return None;
            }
            continue;
        }
        constraints.push(Constraint { need, cells: members });
    }
    let problem = LayoutProblem {
        constraints,
        mines_left: view.mines_left(),
    };
    let root = LayoutState {
        cells: vec![UNKNOWN; cells.len()],
    };
    let mut mines = Vec::new();
    let mut too_many = false;
    let report = for_each_solution(&problem, root, budget, |s: &LayoutState| {
        if mines.len() == limit {
            too_many = true;
            return ControlFlow::Break(());
        }
        mines.push(s.cells.iter().map(|&c| c == 1).collect());
        ControlFlow::Continue(())
    });
    if too_many || report.stopped.is_some() || mines.is_empty() {
        return None;
    }
    Some(LayoutSet { cells, mines })
}
