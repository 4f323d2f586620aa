//! Uniformly random layouts consistent with a view: the exact solver's constraints, drawn
//! from instead of summed.
//!
//! Every layout of the remaining mines that fits the view is equally likely (the same model as
//! [`exact_probabilities`](super::exact_probabilities)). A layout is drawn in four steps, each
//! from its exact conditional distribution, so the result is exactly uniform:
//! 1. the number `T` of mines on the frontier, with weight `Z(T) · C(n_I, M′ − T)`, where
//!    `Z` is the convolution of the components' weights by mine count;
//! 2. the mines of each component, last to first: component `c` gets `m` with weight
//!    `W_c(m) · Z_{c−1}(T_c − m)` (`Z_{c−1}`: the convolution of the components before it);
//! 3. a solution of the component with `m` mines (mine counts per box), with weight
//!    `Π C(s_b, k_b)`, the number of cell layouts it stands for;
//! 4. the cells: `k_b` of each box's `s_b` cells, and the `M′ − T` interior mines among the
//!    interior cells, uniformly (a partial Fisher–Yates shuffle).
//!
//! Building the sampler enumerates every component's solutions once and keeps them (memory
//! grows with the solutions, bounded by the budget's node limit); each draw then costs a few
//! binary searches and one pass over the interior.

use rand::{Rng, RngExt};
use search_core::Budget;

use super::combine::{convolve_normalised, ln_choose};
use super::enumerate::{ComponentProblem, ComponentSolutions, collect_solutions};
use super::frontier::Frontier;
use crate::error::ProbabilityError;
use crate::geometry::{CellId, Dims};
use crate::layout::MineLayout;
use crate::view::{CellView, PlayerView};

/// One component, ready to draw from.
#[derive(Debug, Clone)]
struct ComponentDraw {
    /// The cells of each box, in the component's branching order.
    box_cells: Vec<Vec<CellId>>,
    solutions: ComponentSolutions,
    /// Indexed by mine count: the solutions with that many mines and their cumulative
    /// weights (scaled by the component's largest solution weight).
    by_mines: Vec<(Vec<u32>, Vec<f64>)>,
    /// Indexed by mine count: the total (scaled) weight of those solutions.
    weights: Vec<f64>,
}

/// Draws layouts uniformly from every layout consistent with a [`PlayerView`].
///
/// ```
/// use automine_core::probability::exact::LayoutSampler;
/// use automine_core::search_core::Budget;
/// use automine_core::{CellId, PlayerView};
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// // A 1 in the corner with two covered neighbours and one mine in total.
/// let view: PlayerView = "2x2 1\n1.\n..\n".parse()?;
/// let sampler = LayoutSampler::new(&view, &Budget::unlimited())?;
/// let mut rng = ChaCha8Rng::seed_from_u64(7);
/// let mut seen = [0usize; 4];
/// for _ in 0..3000 {
///     let layout = sampler.sample(&mut rng);
///     assert_eq!(layout.mine_count(), 1);
///     for (id, count) in seen.iter_mut().enumerate() {
///         *count += usize::from(layout.is_mine(CellId(id as u32)));
///     }
/// }
/// // Never under the 1; each of its three covered neighbours in about a third of the draws.
/// assert_eq!(seen[0], 0);
/// assert!(seen[1..].iter().all(|&n| (900..1100).contains(&n)), "{seen:?}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct LayoutSampler {
    dims: Dims,
    flags: Vec<CellId>,
    interior: Vec<CellId>,
    mines_left: usize,
    components: Vec<ComponentDraw>,
    /// `prefix[c]`: the convolution of the weights of components `0..c` by mine count
    /// (each scaled to a largest entry of 1).
    prefix: Vec<Vec<f64>>,
    /// Weight of each frontier mine total `T` (scaled).
    totals: Vec<f64>,
}

/// An index drawn with probability proportional to `weights` (not all zero).
fn pick<R: Rng + ?Sized>(weights: &[f64], rng: &mut R) -> usize {
    let total: f64 = weights.iter().sum();
    let mut u = rng.random::<f64>() * total;
    let mut last = 0;
    for (i, &w) in weights.iter().enumerate() {
        if w > 0.0 {
            if u < w {
                return i;
            }
            u -= w;
            last = i;
        }
    }
    // Rounding left `u` past the end: the last index with weight.
    last
}

/// `k` distinct cells of `cells` chosen uniformly, pushed onto `out` (`scratch` is reused).
fn choose_cells<R: Rng + ?Sized>(
    cells: &[CellId],
    k: usize,
    rng: &mut R,
    scratch: &mut Vec<CellId>,
    out: &mut Vec<CellId>,
) {
    scratch.clear();
    scratch.extend_from_slice(cells);
    let n = scratch.len();
    for i in 0..k {
        let j = i + rng.random_range(0..(n - i) as u32) as usize;
        scratch.swap(i, j);
        out.push(scratch[i]);
    }
}

impl LayoutSampler {
    /// Enumerate the view's constraints once, for drawing.
    ///
    /// # Errors
    /// As [`exact_analysis`](super::exact_analysis): a [`ProbabilityError`] naming why no
    /// layout fits the view, or [`ProbabilityError::Stopped`] when a component's solutions
    /// outrun `budget` (they are kept in memory, so the node limit bounds the memory too).
    pub fn new(view: &PlayerView, budget: &Budget) -> Result<Self, ProbabilityError> {
        let frontier = Frontier::build(view)?;
        let mut local_box = vec![0u16; frontier.boxes.len()];
        let mut local_witness = vec![0u16; frontier.witnesses.len()];
        let mut components = Vec::with_capacity(frontier.components.len());
        let mut prefix = vec![vec![1.0]];
        for component in &frontier.components {
            let problem = ComponentProblem::new(&frontier, component, &mut local_box, &mut local_witness);
            let report = collect_solutions(&problem, budget);
            if let Some(reason) = report.stopped {
                return Err(ProbabilityError::Stopped(reason));
            }
            let solutions = report.value;
            if solutions.mines.is_empty() {
                return Err(frontier.no_layout(view, component));
            }
            let top = solutions.ln_weights.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let most = solutions.mines.iter().copied().max().unwrap_or(0) as usize;
            let mut by_mines = vec![(Vec::new(), Vec::new()); most + 1];
            let mut weights = vec![0.0; most + 1];
            for (i, (&m, &ln_w)) in solutions.mines.iter().zip(&solutions.ln_weights).enumerate() {
                let m = m as usize;
                weights[m] += (ln_w - top).exp();
                let (list, cumulative): &mut (Vec<u32>, Vec<f64>) = &mut by_mines[m];
                list.push(i as u32);
                cumulative.push(weights[m]);
            }
            let before = prefix.last().map_or(&[1.0][..], Vec::as_slice);
            prefix.push(convolve_normalised(before, &weights).0);
            let box_cells = component
                .boxes
                .iter()
                .map(|&b| frontier.boxes[b as usize].cells.clone())
                .collect();
            components.push(ComponentDraw {
                box_cells,
                solutions,
                by_mines,
                weights,
            });
        }
        let mines_left = frontier.mines_left as usize;
        let interior = frontier.interior.len();
        let convolution = prefix.last().map_or(&[1.0][..], Vec::as_slice);
        let ln_terms: Vec<f64> = convolution
            .iter()
            .enumerate()
            .map(|(t, &z)| {
                if z > 0.0 && t <= mines_left && mines_left - t <= interior {
                    z.ln() + ln_choose(interior, mines_left - t)
                } else {
                    f64::NEG_INFINITY
                }
            })
            .collect();
        let top = ln_terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if !top.is_finite() {
            let (min, max) = span(convolution);
            return Err(ProbabilityError::MineCountUnreachable {
                mines_left: frontier.mines_left,
                min,
                max: max + interior as u64,
            });
        }
        let totals = ln_terms.iter().map(|&t| (t - top).exp()).collect();
        let flags = view
            .dims()
            .ids()
            .filter(|&id| view.at(id) == CellView::Flagged)
            .collect();
        Ok(Self {
            dims: view.dims(),
            flags,
            interior: frontier.interior,
            mines_left,
            components,
            prefix,
            totals,
        })
    }

    /// A layout drawn uniformly from every layout consistent with the view: the view's flags
    /// are mines, its revealed cells are safe and show its numbers, and it holds the view's
    /// mine total. The same sampler and the same `rng` stream give the same layouts on every
    /// platform.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> MineLayout {
        let mut mines = self.flags.clone();
        let mut scratch = Vec::new();
        let mut remaining = pick(&self.totals, rng);
        let frontier_total = remaining;
        let mut per_component = vec![0usize; self.components.len()];
        for c in (0..self.components.len()).rev() {
            let draw = &self.components[c];
            let before = &self.prefix[c];
            let weights: Vec<f64> = (0..draw.weights.len())
                .map(|m| {
                    if m <= remaining && remaining - m < before.len() {
                        draw.weights[m] * before[remaining - m]
                    } else {
                        0.0
                    }
                })
                .collect();
            let m = pick(&weights, rng);
            per_component[c] = m;
            remaining -= m;
        }
        for (draw, &m) in self.components.iter().zip(&per_component) {
            let (list, cumulative) = &draw.by_mines[m];
            let total = cumulative.last().copied().unwrap_or(0.0);
            let u = rng.random::<f64>() * total;
            let at = cumulative.partition_point(|&c| c <= u).min(list.len() - 1);
            let solution = list[at] as usize;
            let counts = &draw.solutions.counts[solution * draw.solutions.boxes..(solution + 1) * draw.solutions.boxes];
            for (cells, &k) in draw.box_cells.iter().zip(counts) {
                choose_cells(cells, usize::from(k), rng, &mut scratch, &mut mines);
            }
        }
        choose_cells(
            &self.interior,
            self.mines_left - frontier_total,
            rng,
            &mut scratch,
            &mut mines,
        );
        MineLayout::from_mines(self.dims, mines)
    }

    /// The view's covered, unflagged cells next to no number.
    pub fn interior_cells(&self) -> usize {
        self.interior.len()
    }

    /// Solutions (mine counts per box) kept, over all components.
    pub fn solutions(&self) -> usize {
        self.components.iter().map(|c| c.solutions.mines.len()).sum()
    }
}

/// The smallest and largest index with a positive entry (0, 0 when none).
fn span(weights: &[f64]) -> (u64, u64) {
    let positive = |i: &usize| weights[*i] > 0.0;
    let min = (0..weights.len()).find(positive).unwrap_or(0) as u64;
    let max = (0..weights.len()).rev().find(positive).unwrap_or(0) as u64;
    (min, max)
}
