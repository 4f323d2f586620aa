//! Step 2 of the exact solver: enumerate the mine counts of one component's boxes on
//! search-core's constraint search, and tally every solution by its number of mines.
//!
//! The search assigns a mine count `k_b ∈ 0..=s_b` to each box `b` (in breadth-first order).
//! Propagation keeps, per witness, the mines still `need`ed and the `room` (cells of its
//! unassigned boxes): `need < 0` or `need > room` is a contradiction, `need = 0` empties every
//! unassigned box around it and `need = room` fills them. A solution with `m` mines in total
//! stands for `w = Π C(s_b, k_b)` layouts; the fold adds `w` to `weights[m]`, `w·k_b` to
//! `mine_tally[m][b]` and `w·(s_b − k_b)` to `safe_tally[m][b]`.
//!
//! Weights are kept as `exp(ln w − scale)` with a running `scale`, so a component of hundreds of
//! boxes cannot overflow: when a solution outweighs the scale by more than e^500, every
//! accumulator is rescaled. Only ratios of these numbers are used later, so the scale cancels.

use search_core::{Budget, ConstraintProblem, Propagation, Report, SearchSpace, fold_solutions};

use super::frontier::{Component, Frontier};

const UNSET: i16 = -1;

/// ln C(n, k) for n ≤ 8.
fn ln_binomial_table() -> [[f64; 9]; 9] {
    let mut table = [[f64::NEG_INFINITY; 9]; 9];
    for (n, row) in table.iter_mut().enumerate() {
        let mut c = 1.0f64;
        for (k, slot) in row.iter_mut().enumerate().take(n + 1) {
            *slot = c.ln();
            c = c * (n - k) as f64 / (k + 1) as f64;
        }
    }
    table
}

/// One component as a constraint problem over local box and witness indices.
#[derive(Debug, Clone)]
pub(crate) struct ComponentProblem {
    /// Cells per box (1 to 8), in branching order.
    sizes: Vec<u8>,
    /// Witnesses of each box (local indices).
    box_witnesses: Adjacency,
    /// Boxes of each witness (local indices).
    witness_boxes: Adjacency,
    /// Initial need of each witness.
    needs: Vec<u8>,
    ln_binomial: [[f64; 9]; 9],
}

/// Lists of neighbours in one vector: list `i` is `targets[starts[i]..starts[i + 1]]`.
#[derive(Debug, Clone)]
struct Adjacency {
    starts: Vec<u32>,
    targets: Vec<u16>,
}

impl Adjacency {
    fn build<L: IntoIterator<Item = u16>>(lists: impl Iterator<Item = L>) -> Self {
        let mut starts = vec![0];
        let mut targets = Vec::new();
        for list in lists {
            targets.extend(list);
            starts.push(targets.len() as u32);
        }
        Self { starts, targets }
    }

    fn of(&self, i: usize) -> &[u16] {
        &self.targets[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    fn lists(&self) -> impl Iterator<Item = &[u16]> {
        (0..self.starts.len() - 1).map(|i| self.of(i))
    }
}

/// A partial assignment of mine counts to the boxes of a component.
///
/// Everything lives in one vector (so that the search's clone of a state is one allocation):
/// `slots[b]` is box `b`'s mine count (`UNSET` while open); then for each witness `w`,
/// `slots[boxes + 2w]` is its need and `slots[boxes + 2w + 1]` its room; then a stack of the
/// witnesses whose need or room changed since the last propagation (`pending` entries, each
/// witness at most once) and a flag per witness saying whether it is on that stack.
#[derive(Debug, Clone)]
pub(crate) struct ComponentState {
    slots: Vec<i16>,
    boxes: u16,
    witnesses: u16,
    pending: u16,
    unassigned: u16,
    /// Every box before this index is assigned.
    cursor: u16,
}

impl ComponentState {
    fn count(&self, b: usize) -> i16 {
        self.slots[b]
    }

    fn need_room(&self, w: usize) -> (i16, i16) {
        let i = usize::from(self.boxes) + 2 * w;
        (self.slots[i], self.slots[i + 1])
    }

    fn stack_start(&self) -> usize {
        usize::from(self.boxes) + 2 * usize::from(self.witnesses)
    }

    fn flag_index(&self, w: usize) -> usize {
        self.stack_start() + usize::from(self.witnesses) + w
    }

    /// Put `w` on the stack of witnesses to check, unless it is there already.
    fn mark(&mut self, w: u16) {
        let flag = self.flag_index(usize::from(w));
        if self.slots[flag] == 0 {
            self.slots[flag] = 1;
            let top = self.stack_start() + usize::from(self.pending);
            self.slots[top] = w as i16;
            self.pending += 1;
        }
    }

    fn pop(&mut self) -> Option<usize> {
        if self.pending == 0 {
            return None;
        }
        self.pending -= 1;
        let w = self.slots[self.stack_start() + usize::from(self.pending)] as usize;
        let flag = self.flag_index(w);
        self.slots[flag] = 0;
        Some(w)
    }

    fn clear_pending(&mut self) {
        while self.pop().is_some() {}
    }
}

impl ComponentProblem {
    /// The problem of `component` of `frontier`. `local_box` and `local_witness` are scratch
    /// tables as long as the frontier's boxes and witnesses (their contents do not matter).
    pub fn new(frontier: &Frontier, component: &Component, local_box: &mut [u16], local_witness: &mut [u16]) -> Self {
        for (i, &b) in component.boxes.iter().enumerate() {
            local_box[b as usize] = i as u16;
        }
        for (i, &w) in component.witnesses.iter().enumerate() {
            local_witness[w as usize] = i as u16;
        }
        // Every box of a witness of the component, and every witness of a box of the
        // component, is in the component: the tables are read only at those indices.
        let sizes = component
            .boxes
            .iter()
            .map(|&b| frontier.boxes[b as usize].cells.len() as u8)
            .collect();
        let box_witnesses = Adjacency::build(component.boxes.iter().map(|&b| {
            frontier.boxes[b as usize]
                .witnesses
                .iter()
                .map(|&w| local_witness[w as usize])
        }));
        let witness_boxes = Adjacency::build(component.witnesses.iter().map(|&w| {
            frontier.witnesses[w as usize]
                .boxes
                .iter()
                .map(|&b| local_box[b as usize])
        }));
        let needs = component
            .witnesses
            .iter()
            .map(|&w| frontier.witnesses[w as usize].need)
            .collect();
        Self {
            sizes,
            box_witnesses,
            witness_boxes,
            needs,
            ln_binomial: ln_binomial_table(),
        }
    }

    /// The state with nothing assigned.
    pub fn root(&self) -> ComponentState {
        let (boxes, witnesses) = (self.sizes.len(), self.needs.len());
        let mut slots = vec![UNSET; boxes];
        for (w, list) in self.witness_boxes.lists().enumerate() {
            slots.push(i16::from(self.needs[w]));
            slots.push(list.iter().map(|&b| i16::from(self.sizes[b as usize])).sum());
        }
        slots.resize(boxes + 4 * witnesses, 0);
        let mut state = ComponentState {
            slots,
            boxes: boxes as u16,
            witnesses: witnesses as u16,
            pending: 0,
            unassigned: boxes as u16,
            cursor: 0,
        };
        // The last witness is checked first, as a stack does.
        for w in 0..witnesses as u16 {
            state.mark(w);
        }
        state
    }

    /// The most mines any solution can hold: every cell touches a witness, so no more than
    /// the witnesses' needs together, and no more than the cells.
    pub fn max_mines(&self) -> usize {
        let cells: usize = self.sizes.iter().map(|&s| usize::from(s)).sum();
        let needs: usize = self.needs.iter().map(|&n| usize::from(n)).sum();
        cells.min(needs)
    }

    /// Everything the enumeration depends on, as one word list: box sizes, initial needs and
    /// both adjacency lists in their order. Two problems with the same key are enumerated
    /// identically (the same solutions in the same order), so their tallies are equal bit for bit.
    pub fn key(&self) -> Vec<u16> {
        let edges = self.box_witnesses.targets.len();
        let mut key = Vec::with_capacity(2 + 2 * (self.sizes.len() + self.needs.len()) + 2 * edges);
        key.push(self.sizes.len() as u16);
        key.push(self.needs.len() as u16);
        key.extend(self.sizes.iter().map(|&s| u16::from(s)));
        key.extend(self.needs.iter().map(|&n| u16::from(n)));
        for list in self.box_witnesses.lists().chain(self.witness_boxes.lists()) {
            key.push(list.len() as u16);
            key.extend_from_slice(list);
        }
        key
    }

    fn assign(&self, state: &mut ComponentState, b: usize, k: u8) {
        state.slots[b] = i16::from(k);
        state.unassigned -= 1;
        let base = usize::from(state.boxes);
        for &w in self.box_witnesses.of(b) {
            let i = base + 2 * usize::from(w);
            state.slots[i] -= i16::from(k);
            state.slots[i + 1] -= i16::from(self.sizes[b]);
            state.mark(w);
        }
    }

    /// Fold a solution into `tally`.
    fn tally(&self, tally: &mut ComponentTally, state: &ComponentState) {
        let mut mines = 0usize;
        let mut ln_weight = 0.0;
        let counts = &state.slots[..self.sizes.len()];
        for (&k, &s) in counts.iter().zip(&self.sizes) {
            mines += k as usize;
            ln_weight += self.ln_binomial[usize::from(s)][k as usize];
        }
        tally.add(mines, ln_weight, counts, &self.sizes);
    }
}

impl SearchSpace for ComponentProblem {
    type State = ComponentState;
    /// (box, mine count)
    type Choice = (u16, u8);

    fn choices(&self, state: &ComponentState, out: &mut Vec<(u16, u8)>) {
        let Some(b) = (usize::from(state.cursor)..self.sizes.len()).find(|&b| state.count(b) == UNSET) else {
            return;
        };
        let size = i16::from(self.sizes[b]);
        let (mut lo, mut hi) = (0i16, size);
        for &w in self.box_witnesses.of(b) {
            let (need, room) = state.need_room(usize::from(w));
            hi = hi.min(need);
            lo = lo.max(need - (room - size));
        }
        out.extend((lo.max(0)..=hi).map(|k| (b as u16, k as u8)));
    }

    fn apply(&self, state: &mut ComponentState, (b, k): (u16, u8)) {
        self.assign(state, usize::from(b), k);
        state.cursor = b + 1;
    }
}

impl ConstraintProblem for ComponentProblem {
    /// Only witnesses touched since the last call are checked (a work list): a forced box
    /// marks its own witnesses for checking in turn.
    fn propagate(&self, state: &mut ComponentState) -> Propagation {
        while let Some(w) = state.pop() {
            let (need, room) = state.need_room(w);
            if need < 0 || need > room {
                state.clear_pending();
                return Propagation::Contradiction;
            }
            if room > 0 && (need == 0 || need == room) {
                for &b in self.witness_boxes.of(w) {
                    let b = usize::from(b);
                    if state.count(b) == UNSET {
                        let k = if need == 0 { 0 } else { self.sizes[b] };
                        self.assign(state, b, k);
                    }
                }
            }
        }
        if state.unassigned == 0 {
            Propagation::Solved
        } else {
            Propagation::Open
        }
    }
}

/// The weighted solutions of one component, by their number of mines.
#[derive(Debug, Clone)]
pub(crate) struct ComponentTally {
    /// `ln` of the common factor every accumulator is divided by.
    scale: f64,
    /// Boxes of the component.
    boxes: usize,
    /// Solutions (weighted) with `m` mines, for `m` up to the most mines a solution so far had.
    pub weights: Vec<f64>,
    /// Mine-count-major: `mine_tally[m × boxes + b]` = Σ `w·k_b` over solutions with `m` mines
    /// (so a solution with more mines than any before only appends rows).
    mine_tally: Vec<f64>,
    /// Mine-count-major: Σ `w·(s_b − k_b)`.
    safe_tally: Vec<f64>,
    /// Solutions found (unweighted).
    pub solutions: u64,
}

/// Rescale when a weight exceeds the scale by more than this (in ln units).
const RESCALE_AT: f64 = 500.0;

impl ComponentTally {
    /// An empty tally for a component of `boxes` boxes whose solutions hold at most
    /// `max_mines` mines (only a capacity: rows are zeroed when a solution first needs them).
    pub fn new(boxes: usize, max_mines: usize) -> Self {
        Self {
            scale: f64::NEG_INFINITY,
            boxes,
            weights: Vec::with_capacity(max_mines + 1),
            mine_tally: Vec::with_capacity(boxes * (max_mines + 1)),
            safe_tally: Vec::with_capacity(boxes * (max_mines + 1)),
            solutions: 0,
        }
    }

    /// Room for solutions of up to `mines` mines.
    fn grow(&mut self, mines: usize) {
        if mines >= self.weights.len() {
            self.weights.resize(mines + 1, 0.0);
            self.mine_tally.resize((mines + 1) * self.boxes, 0.0);
            self.safe_tally.resize((mines + 1) * self.boxes, 0.0);
        }
    }

    /// Σ `w·k_b` over solutions with `mines` mines, for box `b`.
    pub fn mine_at(&self, b: usize, mines: usize) -> f64 {
        self.mine_tally[mines * self.boxes + b]
    }

    /// Σ `w·(s_b − k_b)` over solutions with `mines` mines, for box `b`.
    pub fn safe_at(&self, b: usize, mines: usize) -> f64 {
        self.safe_tally[mines * self.boxes + b]
    }

    /// `ln` of the common factor the accumulators are divided by (`−∞` before any solution).
    pub fn ln_scale(&self) -> f64 {
        self.scale
    }

    fn rescale(&mut self, new_scale: f64) {
        if self.scale.is_finite() {
            let factor = (self.scale - new_scale).exp();
            for v in self
                .weights
                .iter_mut()
                .chain(self.mine_tally.iter_mut())
                .chain(self.safe_tally.iter_mut())
            {
                *v *= factor;
            }
        }
        self.scale = new_scale;
    }

    fn add(&mut self, mines: usize, ln_weight: f64, counts: &[i16], sizes: &[u8]) {
        if !self.scale.is_finite() || ln_weight > self.scale + RESCALE_AT {
            self.rescale(ln_weight);
        }
        let w = (ln_weight - self.scale).exp();
        self.grow(mines);
        self.solutions += 1;
        self.weights[mines] += w;
        let row = mines * self.boxes;
        let mine_row = &mut self.mine_tally[row..row + self.boxes];
        let safe_row = &mut self.safe_tally[row..row + self.boxes];
        for (((mine, safe), &k), &s) in mine_row.iter_mut().zip(safe_row).zip(counts).zip(sizes) {
            *mine += w * f64::from(k);
            *safe += w * f64::from(i16::from(s) - k);
        }
    }

    /// Add another tally of the same component (used to join parallel subtrees).
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    pub fn merge(&mut self, mut other: ComponentTally) {
        if !other.scale.is_finite() {
            return;
        }
        if other.scale > self.scale {
            self.rescale(other.scale);
        } else {
            other.rescale(self.scale);
        }
        let rows = self.weights.len().max(other.weights.len());
        if rows > 0 {
            self.grow(rows - 1);
            other.grow(rows - 1);
        }
        self.solutions += other.solutions;
        for (a, b) in self
            .weights
            .iter_mut()
            .chain(self.mine_tally.iter_mut())
            .chain(self.safe_tally.iter_mut())
            .zip(other.weights.iter().chain(&other.mine_tally).chain(&other.safe_tally))
        {
            *a += b;
        }
    }
}

/// With the `parallel` feature, a component is first enumerated sequentially for this many
/// nodes; only if that does not finish is it enumerated again on rayon (nearly every
/// component finishes far sooner, and splitting would cost more than it saves).
#[cfg(feature = "parallel")]
const SEQUENTIAL_NODES_FIRST: u64 = 50_000;

/// Enumerate every solution of `problem`, tallied by mine count; with the `parallel` feature
/// and `allow_parallel`, a component that is not done after [`SEQUENTIAL_NODES_FIRST`] nodes
/// is enumerated on rayon.
pub(crate) fn enumerate(problem: &ComponentProblem, budget: &Budget, allow_parallel: bool) -> Report<ComponentTally> {
    let boxes = problem.sizes.len();
    let max_mines = problem.max_mines();
    let sequential = |budget: &Budget| {
        fold_solutions(
            problem,
            problem.root(),
            budget,
            ComponentTally::new(boxes, max_mines),
            |tally, state| problem.tally(tally, state),
        )
    };
    #[cfg(feature = "parallel")]
    {
        let caller_limit = budget.node_limit().unwrap_or(u64::MAX);
        if allow_parallel && caller_limit > SEQUENTIAL_NODES_FIRST {
            let first = sequential(&budget.clone().with_node_limit(SEQUENTIAL_NODES_FIRST));
            if first.stopped != Some(search_core::StopReason::NodeLimit) {
                return first;
            }
            let mut report = search_core::parallel::par_fold_solutions(
                problem,
                problem.root(),
                budget,
                || ComponentTally::new(boxes, max_mines),
                |tally, state| problem.tally(tally, state),
                |mut a, b| {
                    a.merge(b);
                    a
                },
            );
            report.stats.merge(&first.stats);
            return report;
        }
    }
    #[cfg(not(feature = "parallel"))]
    let _ = allow_parallel;
    sequential(budget)
}

/// Every solution of one component, kept one by one (for sampling layouts, where the tally's
/// sums are not enough).
#[derive(Debug, Clone, Default)]
pub(crate) struct ComponentSolutions {
    /// Boxes of the component (the length of each solution's count list).
    pub boxes: usize,
    /// Mine count of each box, solution after solution (`boxes` entries each), boxes in the
    /// component's branching order.
    pub counts: Vec<u8>,
    /// Mines of each solution.
    pub mines: Vec<u32>,
    /// `ln Π C(s_b, k_b)` of each solution: the number of cell layouts it stands for.
    pub ln_weights: Vec<f64>,
}

/// Every solution of `problem`, in the sequential search's order, within `budget`.
pub(crate) fn collect_solutions(problem: &ComponentProblem, budget: &Budget) -> Report<ComponentSolutions> {
    let boxes = problem.sizes.len();
    fold_solutions(
        problem,
        problem.root(),
        budget,
        ComponentSolutions {
            boxes,
            ..ComponentSolutions::default()
        },
        |all, state| {
            let counts = &state.slots[..boxes];
            let mut mines = 0u32;
            let mut ln_weight = 0.0;
            for (&k, &s) in counts.iter().zip(&problem.sizes) {
                mines += k as u32;
                ln_weight += problem.ln_binomial[usize::from(s)][k as usize];
                all.counts.push(k as u8);
            }
            all.mines.push(mines);
            all.ln_weights.push(ln_weight);
        },
    )
}
