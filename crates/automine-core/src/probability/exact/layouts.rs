//! Every whole-board layout of the remaining mines consistent with a view, enumerated on
//! search-core's constraint search (used by the endgame search when few layouts remain).
//!
//! The unknowns are the covered, unflagged cells (flags count as mines, as in the exact
//! solver). The numbers are read as the exact solver reads them: the witnesses of its
//! frontier (`frontier.rs`), each a need over the covered cells of its boxes. A state assigns each frontier cell (one a number sees) "mine", "safe" or "open
//! question"; propagation applies every revealed number (too many mines or too little room is
//! a contradiction, a satisfied number clears the rest, a number with exactly enough room
//! fills it) and the total mine count, with the interior as room; the search branches on the
//! first open cell in row-major order. Each frontier solution is followed by every placement
//! of the mines the total leaves to the interior: the layouts come in the order of a search
//! over all the cells that tries a mine first.
//!
//! Within a game the layouts only shrink: [`narrow_layouts`] filters an earlier view's set by
//! what was opened or flagged since, and [`LayoutMemory`] keeps the last set for that.

use std::ops::ControlFlow;

use search_core::{Budget, ConstraintProblem, Propagation, SearchSpace, for_each_solution};

use crate::geometry::CellId;
use crate::probability::exact::frontier::{Frontier, Witness};
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
    /// The total number of mines among the unknowns (`None`: no total, for a region).
    mines_left: Option<u32>,
    /// Unknown cells outside the search's state that no number sees (the interior): they
    /// hold whatever the total leaves to them, in every combination, and are listed after
    /// the search (0 for a region).
    interior: u32,
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
            if let Some(total) = self.mines_left {
                let room = open + self.interior;
                if mines > total || mines + room < total {
                    return Propagation::Contradiction;
                }
                if open > 0 && (mines == total || mines + room == total) {
                    let fill = u8::from(mines < total);
                    state
                        .cells
                        .iter_mut()
                        .filter(|c| **c == UNKNOWN)
                        .for_each(|c| *c = fill);
                    changed = true;
                }
            }
            // A fill late in the pass may break a number checked earlier in it: report a
            // complete layout only after a pass that changed nothing (so every number held).
            if !changed {
                return if open == 0 {
                    Propagation::Solved
                } else {
                    Propagation::Open
                };
            }
        }
    }
}

/// Enumerate the layouts of `view` if there are at most `limit` of them (and the search
/// stays within `budget`); `None` otherwise or when the view admits none.
///
/// ```
/// use automine_core::PlayerView;
/// use automine_core::probability::exact::layouts::enumerate_layouts;
/// use search_core::Budget;
/// // A 1 in the corner with three covered neighbours and one mine: three layouts.
/// let view: PlayerView = "2x2 1\n1.\n..\n".parse()?;
/// let set = enumerate_layouts(&view, 10, &Budget::unlimited()).unwrap();
/// assert_eq!(set.mines.len(), 3);
/// # Ok::<(), automine_core::BoardError>(())
/// ```
pub fn enumerate_layouts(view: &PlayerView, limit: usize, budget: &Budget) -> Option<LayoutSet> {
    let dims = view.dims();
    let mut local = vec![u16::MAX; dims.cell_count()];
    let (cells, frontier) = unknown_cells(view);
    if cells.len() > usize::from(u16::MAX) {
        return None;
    }
    for (i, &id) in cells.iter().enumerate() {
        local[id.index()] = i as u16;
    }
    // The numbers as the exact solver's frontier reads them: one constraint per witness, in
    // row-major order, over its covered cells.
    let numbers = Frontier::build(view).ok()?;
    let constraints = numbers
        .witnesses
        .iter()
        .map(|w| Constraint {
            need: w.need,
            cells: witness_cells(&numbers, w).map(|c| local[c.index()]).collect(),
        })
        .collect();
    let problem = LayoutProblem {
        constraints,
        mines_left: Some(view.mines_left()),
        interior: (cells.len() - frontier) as u32,
    };
    let mines = collect_layouts(&problem, frontier, limit, budget)?;
    Some(LayoutSet { cells, mines })
}

/// The covered, unflagged cells a witness sees (those of its boxes).
fn witness_cells<'f>(frontier: &'f Frontier, witness: &'f Witness) -> impl Iterator<Item = CellId> + 'f {
    witness
        .boxes
        .iter()
        .flat_map(move |&b| frontier.boxes[b as usize].cells.iter().copied())
}

/// The covered, unflagged cells of `view` in the order a [`LayoutSet`] of it lists them:
/// frontier cells first (in row-major order), then the interior, so that the enumeration
/// decides the constrained cells first and the total count settles the rest; and how many
/// of them are on the frontier.
fn unknown_cells(view: &PlayerView) -> (Vec<CellId>, usize) {
    let dims = view.dims();
    let mut frontier = Vec::new();
    let mut interior = Vec::new();
    for id in dims.ids() {
        if view.at(id) != CellView::Covered {
            continue;
        }
        if view.next_to_number(id) {
            frontier.push(id);
        } else {
            interior.push(id);
        }
    }
    let on_frontier = frontier.len();
    (frontier.into_iter().chain(interior).collect(), on_frontier)
}

/// What a cell of an earlier set has become in a later view.
enum Seen {
    /// Flagged: a mine in every layout kept.
    Flag,
    /// Opened: safe, and `need` mines among the set's cells `around`.
    Number { need: u8, around: Vec<usize> },
}

/// The layouts of `view` found by narrowing `set`, the layouts of an earlier view `before`
/// of the same game (as [`enumerate_layouts`] gave them), instead of enumerating again: a
/// layout of the later view is a layout of the earlier one in which the cells opened since
/// are safe and show what they show, and the cells flagged since are mines. The cells come
/// in [`enumerate_layouts`]'s order for `view`; the layouts keep their order in `set`, which
/// may differ from the order a new enumeration would list them in (the set of layouts is the
/// same). `None` when `view` is not a later view of `before` (a cell decided in `before`
/// differs, or a cell not in `set` is covered), when `set` is not a set of layouts of this
/// board (a cell off the board, or a layout whose length is not the number of cells), or
/// when no layout is left.
///
/// ```
/// use automine_core::PlayerView;
/// use automine_core::probability::exact::layouts::{enumerate_layouts, narrow_layouts};
/// use search_core::Budget;
/// // `.1..` on 4x1 with one mine: cells 0 and 2 hold it. Opening cell 2 (showing 0 mines
/// // around it, so cell 3 is safe too) leaves the layout with the mine on cell 0.
/// let before: PlayerView = "4x1 1\n.1..\n".parse()?;
/// let set = enumerate_layouts(&before, 10, &Budget::unlimited()).unwrap();
/// assert_eq!(set.mines.len(), 2);
/// let after: PlayerView = "4x1 1\n.100\n".parse()?;
/// let narrowed = narrow_layouts(&set, &before, &after).unwrap();
/// assert_eq!(narrowed, enumerate_layouts(&after, 10, &Budget::unlimited()).unwrap());
/// # Ok::<(), automine_core::BoardError>(())
/// ```
pub fn narrow_layouts(set: &LayoutSet, before: &PlayerView, view: &PlayerView) -> Option<LayoutSet> {
    let dims = view.dims();
    if before.dims() != dims || before.total_mines() != view.total_mines() {
        return None;
    }
    let decided_unchanged = dims
        .ids()
        .all(|id| before.at(id) == CellView::Covered || before.at(id) == view.at(id));
    if !decided_unchanged {
        return None;
    }
    if set.mines.iter().any(|layout| layout.len() != set.cells.len()) {
        return None;
    }
    let mut position = vec![usize::MAX; dims.cell_count()];
    for (i, &id) in set.cells.iter().enumerate() {
        *position.get_mut(id.index())? = i;
    }
    let mut seen = Vec::new();
    for (i, &id) in set.cells.iter().enumerate() {
        match view.at(id) {
            CellView::Covered => {}
            CellView::Flagged => seen.push((i, Seen::Flag)),
            CellView::Revealed(n) => {
                let flags = dims
                    .neighbours(id)
                    .filter(|&w| before.at(w) == CellView::Flagged)
                    .count() as u8;
                let around = dims
                    .neighbours(id)
                    .map(|w| position[w.index()])
                    .filter(|&j| j != usize::MAX)
                    .collect();
                seen.push((
                    i,
                    Seen::Number {
                        need: n.checked_sub(flags)?,
                        around,
                    },
                ));
            }
        }
    }
    let (cells, _) = unknown_cells(view);
    // Every covered cell of `view` is one of the set's (a cell decided before stays decided).
    let keep: Vec<usize> = cells.iter().map(|id| position[id.index()]).collect();
    if keep.contains(&usize::MAX) {
        return None;
    }
    let consistent = |layout: &[bool]| {
        seen.iter().all(|(i, what)| match what {
            Seen::Flag => layout[*i],
            Seen::Number { need, around } => {
                !layout[*i] && around.iter().filter(|&&j| layout[j]).count() == usize::from(*need)
            }
        })
    };
    let mines: Vec<Vec<bool>> = set
        .mines
        .iter()
        .filter(|layout| consistent(layout))
        .map(|layout| keep.iter().map(|&i| layout[i]).collect())
        .collect();
    if mines.is_empty() {
        return None;
    }
    Some(LayoutSet { cells, mines })
}

/// The layouts of a game's latest view within reach, kept so that the next view's layouts are
/// found by [`narrow_layouts`] rather than enumerated again (within the endgame search's
/// reach a game's set only shrinks, so it is enumerated once per game).
#[derive(Debug, Clone, Default)]
pub struct LayoutMemory {
    last: Option<(PlayerView, LayoutSet)>,
}

impl LayoutMemory {
    /// An empty memory.
    pub fn new() -> Self {
        Self::default()
    }

    /// The layouts of `view` if there are at most `limit` of them: the remembered set
    /// narrowed when `view` is a later view of its position, otherwise a new enumeration
    /// within `budget` (as [`enumerate_layouts`]). Either way the answer is remembered.
    ///
    /// ```
    /// use automine_core::PlayerView;
    /// use automine_core::probability::exact::layouts::LayoutMemory;
    /// use search_core::Budget;
    /// let mut memory = LayoutMemory::new();
    /// let before: PlayerView = "4x1 1\n.1..\n".parse()?;
    /// assert_eq!(memory.layouts(&before, 10, &Budget::unlimited()).map(|s| s.mines.len()), Some(2));
    /// let after: PlayerView = "4x1 1\n.100\n".parse()?;
    /// assert_eq!(memory.layouts(&after, 10, &Budget::unlimited()).map(|s| s.mines.len()), Some(1));
    /// # Ok::<(), automine_core::BoardError>(())
    /// ```
    pub fn layouts(&mut self, view: &PlayerView, limit: usize, budget: &Budget) -> Option<&LayoutSet> {
        let narrowed = self
            .last
            .as_ref()
            .and_then(|(before, set)| narrow_layouts(set, before, view));
        let set = match narrowed {
            Some(set) => Some(set),
            None => enumerate_layouts(view, limit, budget),
        };
        self.last = set.filter(|s| s.mines.len() <= limit).map(|s| (view.clone(), s));
        self.last.as_ref().map(|(_, set)| set)
    }
}

/// Every solution of `problem` over its `unknowns` searched cells, each followed by every
/// placement of the mines the total leaves to its interior, as mine masks, if there are at
/// most `limit` of them (and the search stays within `budget`); `None` otherwise or when there
/// is none. The masks come in the order of a search over all the cells that tries a mine
/// before a safe cell: the interior's placements of a solution in lexicographic order of
/// their mines' positions.
fn collect_layouts(problem: &LayoutProblem, unknowns: usize, limit: usize, budget: &Budget) -> Option<Vec<Vec<bool>>> {
    let root = LayoutState {
        cells: vec![UNKNOWN; unknowns],
    };
    let interior = problem.interior as usize;
    let mut mines = Vec::new();
    let mut too_many = false;
    let report = for_each_solution(problem, root, budget, |s: &LayoutState| {
        let searched: Vec<bool> = s.cells.iter().map(|&c| c == 1).collect();
        let placed = searched.iter().filter(|&&m| m).count();
        // The propagation keeps the interior's share between 0 and its size.
        let share = problem
            .mines_left
            .map_or(0, |total| (total as usize).saturating_sub(placed));
        if binomial_at_most(interior, share, limit - mines.len()).is_none() {
            too_many = true;
            return ControlFlow::Break(());
        }
        for_each_combination(interior, share, |chosen| {
            let mut layout = searched.clone();
            layout.resize(unknowns + interior, false);
            for &i in chosen {
                layout[unknowns + i] = true;
            }
            mines.push(layout);
        });
        ControlFlow::Continue(())
    });
    if too_many || report.stopped.is_some() || mines.is_empty() {
        return None;
    }
    Some(mines)
}

/// `C(n, k)` if it is at most `cap`.
fn binomial_at_most(n: usize, k: usize, cap: usize) -> Option<usize> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    // C(n, i) grows with i up to n / 2, so every step stays within `cap` until the answer does.
    let mut c: u128 = 1;
    for i in 0..k {
        c = c * (n - i) as u128 / (i as u128 + 1);
        if c > cap as u128 {
            return None;
        }
    }
    usize::try_from(c).ok().filter(|&c| c <= cap)
}

/// Call `f` with every `k`-subset of `0..n`, as increasing positions, in lexicographic order.
fn for_each_combination(n: usize, k: usize, mut f: impl FnMut(&[usize])) {
    if k > n {
        return;
    }
    let mut chosen: Vec<usize> = (0..k).collect();
    loop {
        f(&chosen);
        // The last position that can still move right; the ones after it follow it.
        let Some(i) = (0..k).rev().find(|&i| chosen[i] < n - k + i) else {
            return;
        };
        chosen[i] += 1;
        for j in i + 1..k {
            chosen[j] = chosen[j - 1] + 1;
        }
    }
}

/// The layouts of the covered cells `region` alone under the numbers that see them, when
/// no number sees a covered cell outside `region ∪ known_mines` (the caller's promise; such
/// cells would be ignored). Cells of `known_mines` count as mines in every number and are
/// appended to the set as mines in every layout, so that [`EndgameSearch`] counts them in
/// the numbers it predicts. No total mine count is imposed. `None` when there are more
/// than `limit` layouts, the budget runs out, or there is none, and when a cell of `region`
/// or `known_mines` lies off the board.
///
/// [`EndgameSearch`]: crate::policy::endgame::EndgameSearch
///
/// ```
/// use automine_core::{CellId, PlayerView};
/// use automine_core::probability::exact::layouts::enumerate_region;
/// use search_core::Budget;
/// // `.1.` on 3x1 with 1 mine: the region {0, 2} holds it in one of two ways.
/// let view: PlayerView = "3x1 1\n.1.\n".parse()?;
/// let set = enumerate_region(&view, &[CellId(0), CellId(2)], &[], 10, &Budget::unlimited()).unwrap();
/// let mut layouts = set.mines.clone();
/// layouts.sort();
/// assert_eq!(layouts, vec![vec![false, true], vec![true, false]]);
/// # Ok::<(), automine_core::BoardError>(())
/// ```
pub fn enumerate_region(
    view: &PlayerView,
    region: &[CellId],
    known_mines: &[CellId],
    limit: usize,
    budget: &Budget,
) -> Option<LayoutSet> {
    let dims = view.dims();
    if region.len() > usize::from(u16::MAX) {
        return None;
    }
    let mut local = vec![u16::MAX; dims.cell_count()];
    for (i, &id) in region.iter().enumerate() {
        *local.get_mut(id.index())? = i as u16;
    }
    let mut is_known = vec![false; dims.cell_count()];
    for &id in known_mines {
        *is_known.get_mut(id.index())? = true;
    }
    // The witnesses next to the region, each once, in the order the region meets them: its
    // need less the known mines it sees, over its cells in the region.
    let frontier = Frontier::build(view).ok()?;
    let mut witness_at = vec![u32::MAX; dims.cell_count()];
    for (i, w) in frontier.witnesses.iter().enumerate() {
        witness_at[w.cell.index()] = i as u32;
    }
    let mut constraints = Vec::new();
    for &id in region {
        for n in dims.neighbours(id) {
            let w = std::mem::replace(&mut witness_at[n.index()], u32::MAX);
            let Some(witness) = frontier.witnesses.get(w as usize) else {
                continue;
            };
            let known = witness_cells(&frontier, witness)
                .filter(|c| is_known[c.index()])
                .count() as u8;
            constraints.push(Constraint {
                need: witness.need.checked_sub(known)?,
                cells: witness_cells(&frontier, witness)
                    .filter(|c| local[c.index()] != u16::MAX)
                    .map(|c| local[c.index()])
                    .collect(),
            });
        }
    }
    let problem = LayoutProblem {
        constraints,
        mines_left: None,
        interior: 0,
    };
    let mut mines = collect_layouts(&problem, region.len(), limit, budget)?;
    for layout in &mut mines {
        layout.extend(std::iter::repeat_n(true, known_mines.len()));
    }
    let cells = region.iter().chain(known_mines).copied().collect();
    Some(LayoutSet { cells, mines })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_and_combinations_agree() {
        for n in 0..9 {
            for k in 0..=n + 1 {
                let mut seen = Vec::new();
                for_each_combination(n, k, |c| seen.push(c.to_vec()));
                assert_eq!(binomial_at_most(n, k, usize::MAX), Some(seen.len()), "C({n}, {k})");
                let mut sorted = seen.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(sorted, seen, "lexicographic and distinct");
                assert!(seen.iter().all(|c| c.len() == k && c.windows(2).all(|w| w[0] < w[1])));
            }
        }
        assert_eq!(binomial_at_most(480, 99, 1 << 20), None);
        assert_eq!(binomial_at_most(40, 3, 9_880), Some(9_880));
        assert_eq!(binomial_at_most(40, 37, 9_879), None);
        assert_eq!(binomial_at_most(5, 0, 0), None);
        assert_eq!(binomial_at_most(5, 5, 1), Some(1));
    }

    /// Three numbers over cells x, y, z asking for exactly one mine in each pair have no
    /// solution (x + y + z would be 3/2). Branching x = 1 fills y = z = 0 through the last two
    /// numbers after the first one (y + z = 1) was checked: the layout must still be refused.
    #[test]
    fn a_number_broken_by_a_later_fill_in_the_same_pass_is_a_contradiction() {
        let pair = |a: u16, b: u16| Constraint {
            need: 1,
            cells: vec![a, b],
        };
        let problem = LayoutProblem {
            constraints: vec![pair(1, 2), pair(0, 1), pair(0, 2)],
            mines_left: None,
            interior: 0,
        };
        assert_eq!(collect_layouts(&problem, 3, 10, &Budget::unlimited()), None);
        // With the total fixed at one mine the same numbers still have no layout.
        let problem = LayoutProblem {
            mines_left: Some(1),
            ..problem
        };
        assert_eq!(collect_layouts(&problem, 3, 10, &Budget::unlimited()), None);
    }
}
