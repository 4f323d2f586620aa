//! Propagation rules on a [`Candidates`] grid, for every layout: naked singles, hidden singles
//! and locked candidates (pointing and claiming), run to a fixpoint by [`propagate`].
//!
//! Each rule is a function of its own so that graders and human-technique solvers can call
//! them one at a time. The 9×9 solver has faster versions of the same rules in
//! [`crate::nine`].

use search_core::Propagation;

use crate::candidates::Candidates;
use crate::geometry::Geometry;

/// Which rules [`propagate`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Hidden singles (a digit with one place left in a house).
    pub hidden_singles: bool,
    /// Locked candidates (pointing and claiming between a box and a line).
    pub locked_candidates: bool,
}

impl Default for Rules {
    /// Every rule.
    fn default() -> Self {
        Rules {
            hidden_singles: true,
            locked_candidates: true,
        }
    }
}

/// What one rule did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// The rule changed the grid (placed digits or removed candidates).
    Progress,
    /// The rule found nothing to do.
    Nothing,
    /// The rule found the position contradictory.
    Contradiction,
}

/// Place every naked single (an open cell with one candidate left).
pub fn naked_singles(cands: &mut Candidates) -> Step {
    let mut step = Step::Nothing;
    for cell in 0..cands.layout().cells() {
        let mask = cands.masks()[cell];
        // Two or more candidates (most open cells): nothing to do. A solved cell holds the
        // bit of its value, so it has one.
        if mask & mask.wrapping_sub(1) != 0 || cands.value(cell).is_some() {
            continue;
        }
        if mask == 0 {
            return Step::Contradiction;
        }
        if !cands.place(cell, mask.trailing_zeros() as u8 + 1) {
            return Step::Contradiction;
        }
        step = Step::Progress;
    }
    step
}

/// Place every hidden single (a digit with one possible cell left in a house). Also finds a
/// house where some digit has no place left (a contradiction).
pub fn hidden_singles(cands: &mut Candidates) -> Step {
    let layout = cands.layout();
    let geometry = Geometry::of(layout);
    let all = layout.all_digits();
    let mut step = Step::Nothing;
    for house in &geometry.houses {
        let (mut ones, mut twos, mut placed) = (0u32, 0u32, 0u32);
        for &cell in house {
            let m = cands.masks()[cell as usize];
            twos |= ones & m;
            ones |= m;
            if cands.value(cell as usize).is_some() {
                placed |= m;
            }
        }
        if ones != all {
            return Step::Contradiction;
        }
        let mut singles = ones & !twos & !placed;
        while singles != 0 {
            let digit = singles.trailing_zeros() as u8 + 1;
            let bit = singles & singles.wrapping_neg();
            singles &= singles - 1;
            let Some(&cell) = house
                .iter()
                .find(|&&c| cands.value(c as usize).is_none() && cands.masks()[c as usize] & bit != 0)
            else {
                return Step::Contradiction;
            };
            if !cands.place(cell as usize, digit) {
                return Step::Contradiction;
            }
            step = Step::Progress;
        }
    }
    step
}

/// Locked candidates: when a digit's candidates in a box all lie on one line, remove it from
/// the rest of the line (pointing); when a line's candidates for a digit all lie in one box,
/// remove it from the rest of the box (claiming).
pub fn locked_candidates(cands: &mut Candidates) -> Step {
    let geometry = Geometry::of(cands.layout());
    let mut step = Step::Nothing;
    let union = |cands: &Candidates, cells: &[u16]| cells.iter().fold(0u32, |m, &c| m | cands.masks()[c as usize]);
    for meet in &geometry.intersections {
        let inter = union(cands, &meet.shared);
        let box_rest = union(cands, &meet.box_rest);
        let line_rest = union(cands, &meet.line_rest);
        let pointing = inter & !box_rest & line_rest;
        let claiming = inter & !line_rest & box_rest;
        for &cell in meet.line_rest.iter().filter(|_| pointing != 0) {
            step = step.max_with(remove_all(cands, cell as usize, pointing));
        }
        for &cell in meet.box_rest.iter().filter(|_| claiming != 0) {
            step = step.max_with(remove_all(cands, cell as usize, claiming));
        }
        if step == Step::Contradiction {
            return step;
        }
    }
    step
}

fn remove_all(cands: &mut Candidates, cell: usize, digits: u32) -> Step {
    let mut step = Step::Nothing;
    let mut bits = digits;
    while bits != 0 {
        let digit = bits.trailing_zeros() as u8 + 1;
        bits &= bits - 1;
        if cands.eliminate(cell, digit) {
            step = Step::Progress;
        }
    }
    if cands.value(cell).is_none() && cands.candidates(cell).is_empty() {
        Step::Contradiction
    } else {
        step
    }
}

impl Step {
    fn max_with(self, other: Step) -> Step {
        match (self, other) {
            (Step::Contradiction, _) | (_, Step::Contradiction) => Step::Contradiction,
            (Step::Progress, _) | (_, Step::Progress) => Step::Progress,
            _ => Step::Nothing,
        }
    }
}

/// Run the rules to a fixpoint: naked singles first, then hidden singles, then locked
/// candidates, starting over after every change.
///
/// ```
/// use search_core::Propagation;
/// use sudoku_core::{Candidates, Grid, propagate::{Rules, propagate}};
/// let grid = Grid::parse_line("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
/// let mut cands = Candidates::from_grid(&grid);
/// assert_eq!(propagate(&mut cands, Rules::default()), Propagation::Solved);
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
pub fn propagate(cands: &mut Candidates, rules: Rules) -> Propagation {
    loop {
        // No check for an open cell without candidates here: every rule reports the ones it
        // leaves, and the naked-singles scan that starts each round finds any other.
        if cands.is_solved() {
            return Propagation::Solved;
        }
        let mut step = naked_singles(cands);
        if step == Step::Nothing && rules.hidden_singles {
            step = hidden_singles(cands);
        }
        if step == Step::Nothing && rules.locked_candidates {
            step = locked_candidates(cands);
        }
        match step {
            Step::Contradiction => return Propagation::Contradiction,
            Step::Progress => {}
            Step::Nothing => return Propagation::Open,
        }
    }
}
