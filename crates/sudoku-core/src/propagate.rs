//! Propagation rules on a [`Candidates`] grid, for every layout: naked singles, hidden singles
//! and locked candidates (pointing and claiming), run to a fixpoint by [`propagate`].
//!
//! Each rule is a function of its own so that graders and human-technique solvers can call
//! them one at a time; each also places at once the naked singles its own changes leave
//! (a placement cascades). The 9×9 solver has faster versions of the same rules in
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

/// Place every naked single (an open cell with one candidate left), including those the
/// placements themselves leave.
pub fn naked_singles(cands: &mut Candidates) -> Step {
    naked_singles_with(cands, &mut Vec::new())
}

fn naked_singles_with(cands: &mut Candidates, stack: &mut Vec<u16>) -> Step {
    let mut step = Step::Nothing;
    for cell in 0..cands.layout().cells() {
        let mask = cands.masks()[cell];
        // Two or more candidates (most open cells): nothing to do. A solved cell holds the
        // bit of its value, so it has one.
        if mask & mask.wrapping_sub(1) != 0 || cands.value(cell).is_some() {
            continue;
        }
        if mask == 0 || !place_cascading(cands, cell, mask.trailing_zeros() as u8 + 1, stack) {
            return Step::Contradiction;
        }
        step = Step::Progress;
    }
    step
}

/// Place `digit` in `cell`, then every naked single that leaves among the cell's peers, and
/// theirs in turn. `false` on a contradiction.
fn place_cascading(cands: &mut Candidates, cell: usize, digit: u8, stack: &mut Vec<u16>) -> bool {
    stack.clear();
    if !cands.place_noting(cell, digit, |peer| stack.push(peer)) {
        return false;
    }
    while let Some(next) = stack.pop() {
        let next = next as usize;
        if cands.value(next).is_some() {
            continue;
        }
        let mask = cands.masks()[next];
        if mask == 0 || !cands.place_noting(next, mask.trailing_zeros() as u8 + 1, |peer| stack.push(peer)) {
            return false;
        }
    }
    true
}

/// Place every hidden single (a digit with one possible cell left in a house), and the naked
/// singles the placements leave. Also finds a house where some digit has no place left (a
/// contradiction).
pub fn hidden_singles(cands: &mut Candidates) -> Step {
    let mut work = Work::default();
    work.scan.fill(cands);
    work.hidden_singles(cands)
}

/// Locked candidates: when a digit's candidates in a box all lie on one line, remove it from
/// the rest of the line (pointing); when a line's candidates for a digit all lie in one box,
/// remove it from the rest of the box (claiming). A cell left with one candidate is placed,
/// with the naked singles that leaves.
pub fn locked_candidates(cands: &mut Candidates) -> Step {
    let mut work = Work::default();
    work.scan.fill(cands);
    work.locked_candidates(cands)
}

/// The buffers of the rules: the scan of the houses and the stack of naked singles still to
/// place.
#[derive(Default)]
struct Work {
    scan: Scan,
    stack: Vec<u16>,
}

/// What hidden singles and locked candidates read, gathered in one pass over the rows and one
/// over the columns: per segment of the layout (where a line meets a box, see
/// [`Geometry`]) the digits of its cells, those seen in two or more of them, and those
/// placed there. A house's figures follow from the segments that partition it.
///
/// Both rules act on what the scan saw, which may be older than the grid they change: every
/// conclusion drawn from a grid holds for any grid with fewer candidates, so acting on an
/// older scan removes only candidates the rule would remove now, and a rule that misses
/// something for that reason reports progress, so [`propagate`] scans again.
#[derive(Default)]
struct Scan {
    /// Per segment: the union of its cells' masks.
    ones: Vec<u32>,
    /// Per segment: the digits in the masks of two or more of its cells.
    twos: Vec<u32>,
    /// Per segment: the digits placed in it.
    placed: Vec<u32>,
}

impl Scan {
    /// Look at every segment of `cands`.
    fn fill(&mut self, cands: &Candidates) {
        let (masks, values) = (cands.masks(), cands.raw_values());
        let segments = &Geometry::of(cands.layout()).segments;
        for figures in [&mut self.ones, &mut self.twos, &mut self.placed] {
            figures.clear();
            figures.reserve(segments.len());
        }
        for segment in segments {
            let (ones, twos, placed) = tally(masks, values, &segment.cells);
            self.ones.push(ones);
            self.twos.push(twos);
            self.placed.push(placed);
        }
    }

    /// The digits of house `house` (an index of [`Geometry::houses`]): with a place, with two
    /// or more, and placed.
    fn house(&self, geometry: &Geometry, house: usize) -> (u32, u32, u32) {
        let (mut ones, mut twos, mut placed) = (0u32, 0u32, 0u32);
        for &s in &geometry.house_segments[house] {
            let s = s as usize;
            twos |= (ones & self.ones[s]) | self.twos[s];
            ones |= self.ones[s];
            placed |= self.placed[s];
        }
        (ones, twos, placed)
    }
}

impl Work {
    /// Hidden singles in every house the scan shows one in (each house looked at afresh
    /// before placing); a contradiction when the scan shows a digit without a place.
    fn hidden_singles(&mut self, cands: &mut Candidates) -> Step {
        let geometry = Geometry::of(cands.layout());
        let all = cands.layout().all_digits();
        let mut step = Step::Nothing;
        for (h, house) in geometry.houses.iter().enumerate() {
            let (ones, twos, placed) = self.scan.house(geometry, h);
            if ones != all {
                return Step::Contradiction;
            }
            if ones & !twos & !placed != 0 {
                step = step.max_with(house_singles(cands, house, all, &mut self.stack));
                if step == Step::Contradiction {
                    return step;
                }
            }
        }
        step
    }

    /// Pointing and claiming at every segment, by the unions of the scan.
    fn locked_candidates(&mut self, cands: &mut Candidates) -> Step {
        let segments = &Geometry::of(cands.layout()).segments;
        let Work { scan, stack } = self;
        let union = |others: &[u16]| others.iter().fold(0u32, |m, &s| m | scan.ones[s as usize]);
        let mut step = Step::Nothing;
        for (segment, &inter) in segments.iter().zip(&scan.ones) {
            let line_rest = union(&segment.line_others);
            let box_rest = union(&segment.box_others);
            for (digits, others) in [
                (inter & !box_rest & line_rest, &segment.line_others),
                (inter & !line_rest & box_rest, &segment.box_others),
            ] {
                if digits == 0 {
                    continue;
                }
                for &other in others {
                    for &cell in &segments[other as usize].cells {
                        step = step.max_with(remove_all(cands, cell as usize, digits, stack));
                    }
                }
            }
            if step == Step::Contradiction {
                return step;
            }
        }
        step
    }
}

/// The digits of `cells`: in some cell's candidates, in two or more, and placed.
fn tally(masks: &[u32], values: &[u8], cells: &[u16]) -> (u32, u32, u32) {
    let (mut ones, mut twos, mut placed) = (0u32, 0u32, 0u32);
    for &cell in cells {
        let m = masks[cell as usize];
        twos |= ones & m;
        ones |= m;
        if values[cell as usize] != 0 {
            placed |= m;
        }
    }
    (ones, twos, placed)
}

/// Place the hidden singles of one house, as the grid is now.
fn house_singles(cands: &mut Candidates, house: &[u16], all: u32, stack: &mut Vec<u16>) -> Step {
    let (ones, twos, placed) = tally(cands.masks(), cands.raw_values(), house);
    if ones != all {
        return Step::Contradiction;
    }
    let mut step = Step::Nothing;
    let mut singles = ones & !twos & !placed;
    while singles != 0 {
        let digit = singles.trailing_zeros() as u8 + 1;
        let bit = singles & singles.wrapping_neg();
        singles &= singles - 1;
        let Some(&cell) = house
            .iter()
            .find(|&&c| cands.value(c as usize).is_none() && cands.masks()[c as usize] & bit != 0)
        else {
            // The cascade of an earlier single of this house may have placed the digit in
            // its one cell; otherwise it has no place left.
            if house.iter().any(|&c| cands.value(c as usize) == Some(digit)) {
                continue;
            }
            return Step::Contradiction;
        };
        if !place_cascading(cands, cell as usize, digit, stack) {
            return Step::Contradiction;
        }
        step = Step::Progress;
    }
    step
}

/// Remove `digits` from the open `cell`; a naked single that leaves is placed (with its
/// cascade).
fn remove_all(cands: &mut Candidates, cell: usize, digits: u32, stack: &mut Vec<u16>) -> Step {
    if cands.value(cell).is_some() {
        return Step::Nothing;
    }
    let mask = cands.masks()[cell];
    if mask & digits == 0 {
        return Step::Nothing;
    }
    let mut bits = mask & digits;
    while bits != 0 {
        let digit = bits.trailing_zeros() as u8 + 1;
        bits &= bits - 1;
        cands.eliminate(cell, digit);
    }
    let left = cands.masks()[cell];
    if left == 0
        || (left & left.wrapping_sub(1) == 0 && !place_cascading(cands, cell, left.trailing_zeros() as u8 + 1, stack))
    {
        return Step::Contradiction;
    }
    Step::Progress
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

/// Run the rules to a fixpoint: naked singles (every placement's new singles placed at once,
/// see [`naked_singles`]), then hidden singles, then locked candidates, starting over after
/// every change. Every rule places the naked singles its changes leave, so after the first
/// round naked singles need no scan of their own.
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
    let mut work = Work::default();
    if naked_singles_with(cands, &mut work.stack) == Step::Contradiction {
        return Propagation::Contradiction;
    }
    loop {
        if cands.is_solved() {
            return Propagation::Solved;
        }
        if !rules.hidden_singles && !rules.locked_candidates {
            return Propagation::Open;
        }
        // One scan serves both rules: hidden singles change nothing when they report
        // nothing, so locked candidates read an up-to-date scan.
        work.scan.fill(cands);
        let mut step = Step::Nothing;
        if rules.hidden_singles {
            step = work.hidden_singles(cands);
        }
        if step == Step::Nothing && rules.locked_candidates {
            step = work.locked_candidates(cands);
        }
        match step {
            Step::Contradiction => return Propagation::Contradiction,
            Step::Progress => {}
            Step::Nothing => return Propagation::Open,
        }
    }
}
