//! Step 2 of the exact solver: enumerate the mine counts of one component's boxes on
//! search-core's constraint search, and tally every solution by its number of mines.
//!
//! The search assigns a mine count `k_b ∈ 0..=s_b` to each box `b` (in breadth-first order).
//! Propagation keeps, per witness, the mines still `need`ed and the `room` (cells of its
//! unassigned boxes): `need < 0` or `need > room` is a contradiction, `need = 0` empties every
//! unassigned box around it and `need = room` fills them. A solution with `m` mines in total
//! stands for `w = Π C(s_b, k_b)` layouts; the fold adds `w` to `weights[m]`, `w·k_b` to
//! `mine_tally[b][m]` and `w·(s_b − k_b)` to `safe_tally[b][m]`.
//!
//! Weights are kept as `exp(ln w − scale)` with a running `scale`, so a component of hundreds of
//! boxes cannot overflow: when a solution outweighs the scale by more than e^500, every
//! accumulator is rescaled. Only ratios of these numbers are used later, so the scale cancels.

use search_core::{Budget, ConstraintProblem, Propagation, Report, SearchSpace, fold_solutions};

use super::frontier::{Component, Frontier};

const UNSET: u8 = u8::MAX;

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
    box_witnesses: Vec<Vec<u16>>,
    /// Boxes of each witness (local indices).
    witness_boxes: Vec<Vec<u16>>,
    /// Initial need of each witness.
    needs: Vec<u8>,
    ln_binomial: [[f64; 9]; 9],
}

/// A partial assignment of mine counts to the boxes of a component.
#[derive(Debug, Clone)]
pub(crate) struct ComponentState {
    counts: Vec<u8>,
    need: Vec<i16>,
    room: Vec<i16>,
    unassigned: u16,
    /// Every box before this index is assigned.
    cursor: u16,
    /// Witnesses whose need or room changed since the last propagation.
    dirty: Vec<u16>,
}

impl ComponentProblem {
    /// The problem of `component` of `frontier`.
    pub fn new(frontier: &Frontier, component: &Component) -> Self {
        let mut local_box = std::collections::HashMap::new();
        for (i, &b) in component.boxes.iter().enumerate() {
            local_box.insert(b, i as u16);
        }
        let mut local_witness = std::collections::HashMap::new();
        for (i, &w) in component.witnesses.iter().enumerate() {
            local_witness.insert(w, i as u16);
        }
        let sizes = component
            .boxes
            .iter()
            .map(|&b| frontier.boxes[b as usize].cells.len() as u8)
            .collect();
        let box_witnesses = component
            .boxes
            .iter()
            .map(|&b| {
                frontier.boxes[b as usize]
                    .witnesses
                    .iter()
                    .filter_map(|w| local_witness.get(w).copied())
                    .collect()
            })
            .collect();
        let witness_boxes = component
            .witnesses
            .iter()
            .map(|&w| {
                frontier.witnesses[w as usize]
                    .boxes
                    .iter()
                    .filter_map(|b| local_box.get(b).copied())
                    .collect()
            })
            .collect();
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
        let room = self
            .witness_boxes
            .iter()
            .map(|boxes| boxes.iter().map(|&b| i16::from(self.sizes[b as usize])).sum())
            .collect();
        ComponentState {
            counts: vec![UNSET; self.sizes.len()],
            need: self.needs.iter().map(|&n| i16::from(n)).collect(),
            room,
            unassigned: self.sizes.len() as u16,
            cursor: 0,
            dirty: (0..self.needs.len() as u16).collect(),
        }
    }

    /// The most mines any solution can hold: every cell touches a witness, so no more than
    /// the witnesses' needs together, and no more than the cells.
    pub fn max_mines(&self) -> usize {
        let cells: usize = self.sizes.iter().map(|&s| usize::from(s)).sum();
        let needs: usize = self.needs.iter().map(|&n| usize::from(n)).sum();
        cells.min(needs)
    }

    fn assign(&self, state: &mut ComponentState, b: usize, k: u8) {
        state.counts[b] = k;
        state.unassigned -= 1;
        for &w in &self.box_witnesses[b] {
            state.need[w as usize] -= i16::from(k);
            state.room[w as usize] -= i16::from(self.sizes[b]);
            state.dirty.push(w);
        }
    }

    /// Fold a solution into `tally`.
    fn tally(&self, tally: &mut ComponentTally, state: &ComponentState) {
        let mut mines = 0usize;
        let mut ln_weight = 0.0;
        for (b, &k) in state.counts.iter().enumerate() {
            mines += usize::from(k);
            ln_weight += self.ln_binomial[usize::from(self.sizes[b])][usize::from(k)];
        }
        tally.add(mines, ln_weight, &state.counts, &self.sizes);
    }
}

impl SearchSpace for ComponentProblem {
    type State = ComponentState;
    /// (box, mine count)
    type Choice = (u16, u8);

    fn choices(&self, state: &ComponentState, out: &mut Vec<(u16, u8)>) {
        let Some(b) = (usize::from(state.cursor)..state.counts.len()).find(|&b| state.counts[b] == UNSET) else {
            return;
        };
        let size = i16::from(self.sizes[b]);
        let (mut lo, mut hi) = (0i16, size);
        for &w in &self.box_witnesses[b] {
            let (need, room) = (state.need[w as usize], state.room[w as usize]);
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
        while let Some(w) = state.dirty.pop() {
            let w = usize::from(w);
            let (need, room) = (state.need[w], state.room[w]);
            if need < 0 || need > room {
                state.dirty.clear();
                return Propagation::Contradiction;
            }
            if room > 0 && (need == 0 || need == room) {
                for &b in &self.witness_boxes[w] {
                    let b = usize::from(b);
                    if state.counts[b] == UNSET {
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
    /// Solutions (weighted) with `m` mines, for `m` in `0..=max_mines`.
    pub weights: Vec<f64>,
    /// Box-major: `mine_tally[b × (max_mines + 1) + m]` = Σ `w·k_b` over solutions with `m` mines.
    pub mine_tally: Vec<f64>,
    /// Box-major: Σ `w·(s_b − k_b)`.
    pub safe_tally: Vec<f64>,
    /// Solutions found (unweighted).
    pub solutions: u64,
}

/// Rescale when a weight exceeds the scale by more than this (in ln units).
const RESCALE_AT: f64 = 500.0;

impl ComponentTally {
    /// An empty tally for a component of `boxes` boxes holding at most `max_mines` mines.
    pub fn new(boxes: usize, max_mines: usize) -> Self {
        Self {
            scale: f64::NEG_INFINITY,
            weights: vec![0.0; max_mines + 1],
            mine_tally: vec![0.0; boxes * (max_mines + 1)],
            safe_tally: vec![0.0; boxes * (max_mines + 1)],
            solutions: 0,
        }
    }

    /// `ln` of the common factor the accumulators are divided by (`−∞` before any solution).
    pub fn ln_scale(&self) -> f64 {
        self.scale
    }

    /// The length of one box's row (`max_mines + 1`).
    pub fn stride(&self) -> usize {
        self.weights.len()
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

    fn add(&mut self, mines: usize, ln_weight: f64, counts: &[u8], sizes: &[u8]) {
        if !self.scale.is_finite() || ln_weight > self.scale + RESCALE_AT {
            self.rescale(ln_weight);
        }
        let w = (ln_weight - self.scale).exp();
        let stride = self.stride();
        self.solutions += 1;
        self.weights[mines] += w;
        for (b, (&k, &s)) in counts.iter().zip(sizes).enumerate() {
            let i = b * stride + mines;
            self.mine_tally[i] += w * f64::from(k);
            self.safe_tally[i] += w * f64::from(s - k);
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
