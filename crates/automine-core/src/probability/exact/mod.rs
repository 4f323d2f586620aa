//! Exact P(mine) for every covered cell, given every revealed number and the total mine count.
//!
//! The exact probability of a cell is (layouts consistent with the view that put a mine
//! there) / (all consistent layouts), every layout of the remaining mines being equally
//! likely. Three steps, one file each:
//! 1. `frontier.rs`: numbers become witnesses, frontier cells are grouped into boxes by the
//!    witnesses they touch, boxes are split into independent components;
//! 2. `enumerate.rs`: each component's box mine counts are enumerated on search-core's
//!    [`ConstraintProblem`](search_core::ConstraintProblem) search ([`fold_solutions`], or
//!    `par_fold_solutions` for large components with the `parallel` feature), tallied by
//!    mine count;
//! 3. `combine.rs`: components are convolved by mine count and weighted by
//!    `C(interior cells, mines left − k)` in ratio/log space.
//!
//! `sample.rs` draws whole layouts uniformly from the same constraints ([`LayoutSampler`]).
//!
//! [`fold_solutions`]: search_core::fold_solutions

mod cache;
mod combine;
mod enumerate;
mod frontier;
pub mod layouts;
mod sample;

use std::sync::Arc;

use search_core::{Budget, SearchStats};

use crate::error::ProbabilityError;
use crate::probability::map::ProbabilityMap;
use crate::view::PlayerView;

use enumerate::{ComponentProblem, enumerate};
use frontier::Frontier;

pub use cache::ComponentCache;
pub(crate) use cache::KeyHasher;
pub use sample::LayoutSampler;

/// The exact map together with what it took to compute it.
#[derive(Debug, Clone)]
pub struct ExactAnalysis {
    /// P(mine) per covered cell.
    pub map: ProbabilityMap,
    /// The constraint searches' statistics, summed over the components enumerated (components
    /// answered by a [`ComponentCache`] add nothing).
    pub stats: SearchStats,
    /// Independent components of the frontier.
    pub components: usize,
    /// Covered cells next to at least one number.
    pub frontier_cells: usize,
    /// Covered cells next to no number.
    pub interior_cells: usize,
    /// Consistent box assignments found, summed over components.
    pub solutions: u64,
    /// `ln` of the number of whole-board layouts of the remaining mines consistent with the
    /// view (every such layout is equally likely). Ratios of these between a view and the
    /// same view with one more cell opened give the chance of each number that cell may show.
    pub ln_layouts: f64,
}

/// Exact P(mine) of every covered cell of `view` (flags are taken to be mines).
///
/// # Errors
/// A [`ProbabilityError`] naming why no layout fits the view (a number with too many flags
/// or too little room, contradictory numbers, or a mine count the numbers cannot reach).
///
/// # Example
/// ```
/// use automine_core::{Col, PlayerView, Pos, Row, exact_probabilities};
/// // A 1 in the corner with two covered neighbours and one mine in total.
/// let view: PlayerView = "2x2 1\n1.\n..\n".parse()?;
/// let map = exact_probabilities(&view)?;
/// assert_eq!(map.get(Pos::new(Col(0), Row(0))), None);
/// for p in [map.get(Pos::new(Col(1), Row(0))), map.get(Pos::new(Col(1), Row(1)))] {
///     assert!((p.unwrap() - 1.0 / 3.0).abs() < 1e-12);
/// }
/// assert!((map.expected_mines() - 1.0).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn exact_probabilities(view: &PlayerView) -> Result<ProbabilityMap, ProbabilityError> {
    exact_analysis(view, &Budget::unlimited()).map(|a| a.map)
}

/// [`exact_probabilities`] within a search budget, with statistics.
///
/// # Errors
/// As [`exact_probabilities`], plus [`ProbabilityError::Stopped`] when the budget runs out.
pub fn exact_analysis(view: &PlayerView, budget: &Budget) -> Result<ExactAnalysis, ProbabilityError> {
    analyse(view, budget, true, None)
}

/// [`exact_analysis`] on the calling thread only, even with the `parallel` feature (whose
/// split is used for components still unfinished after 50 000 nodes). The two agree up to
/// floating-point rounding.
///
/// # Errors
/// As [`exact_analysis`].
pub fn exact_analysis_sequential(view: &PlayerView, budget: &Budget) -> Result<ExactAnalysis, ProbabilityError> {
    analyse(view, budget, false, None)
}

/// [`exact_analysis`] that reuses, and adds to, the component enumerations remembered in
/// `cache`: the map, layout count and solution count are the same as without the cache (bit for
/// bit); only `stats` counts less work. See [`ComponentCache`].
///
/// # Errors
/// As [`exact_analysis`].
pub fn exact_analysis_cached(
    view: &PlayerView,
    budget: &Budget,
    cache: &mut ComponentCache,
) -> Result<ExactAnalysis, ProbabilityError> {
    analyse(view, budget, true, Some(cache))
}

/// Every component of `view`'s frontier enumerated (or taken from `cache`).
struct Solved {
    frontier: Frontier,
    tallies: Vec<Arc<enumerate::ComponentTally>>,
    stats: SearchStats,
    solutions: u64,
}

fn solve_components(
    view: &PlayerView,
    budget: &Budget,
    allow_parallel: bool,
    mut cache: Option<&mut ComponentCache>,
) -> Result<Solved, ProbabilityError> {
    let frontier = Frontier::build(view)?;
    let mut stats = SearchStats::default();
    let mut tallies = Vec::with_capacity(frontier.components.len());
    let mut solutions = 0;
    let mut local_box = vec![0u16; frontier.boxes.len()];
    let mut local_witness = vec![0u16; frontier.witnesses.len()];
    for component in &frontier.components {
        let problem = ComponentProblem::new(&frontier, component, &mut local_box, &mut local_witness);
        let key = cache.as_ref().map(|_| problem.key());
        let remembered = match (cache.as_deref_mut(), &key) {
            (Some(cache), Some(key)) => cache.get(key),
            _ => None,
        };
        let tally = if let Some(tally) = remembered {
            tally
        } else {
            let report = enumerate(&problem, budget, allow_parallel);
            stats.merge(&report.stats);
            if let Some(reason) = report.stopped {
                return Err(ProbabilityError::Stopped(reason));
            }
            let tally = Arc::new(report.value);
            if let (Some(cache), Some(key)) = (cache.as_deref_mut(), key) {
                cache.insert(key, Arc::clone(&tally));
            }
            tally
        };
        if tally.solutions == 0 {
            return Err(frontier.no_layout(view, component));
        }
        solutions += tally.solutions;
        tallies.push(tally);
    }
    Ok(Solved {
        frontier,
        tallies,
        stats,
        solutions,
    })
}

/// How many mines the *interior* of a view (its covered cells next to no number) holds, as
/// a distribution over all consistent layouts. Interior cells are exchangeable, so this
/// alone gives the chance of any pattern of mines and safe cells among them.
#[derive(Debug, Clone)]
pub(crate) struct InteriorOdds {
    /// The number of interior cells.
    cells: usize,
    /// `mines[m]`: P(the interior holds `m` mines), summing to 1.
    mines: Vec<f64>,
}

impl InteriorOdds {
    /// P(`mines` given interior cells are all mines and `safe` other given interior cells
    /// are all safe): `Σ_m P(m) · m^(a) · (n − m)^(b) / n^(a+b)` with falling powers.
    pub(crate) fn joint(&self, mines: usize, safe: usize) -> f64 {
        let n = self.cells;
        if mines + safe > n {
            return 0.0;
        }
        let mut total = 0.0;
        for (m, &p) in self.mines.iter().enumerate() {
            if p == 0.0 || m < mines || n - m < safe {
                continue;
            }
            let mut term = p;
            for i in 0..mines {
                term *= (m - i) as f64 / (n - i) as f64;
            }
            for j in 0..safe {
                term *= (n - m - j) as f64 / (n - mines - j) as f64;
            }
            total += term;
        }
        total.clamp(0.0, 1.0)
    }
}

/// The [`InteriorOdds`] of `view`, reusing (and adding to) `cache`.
pub(crate) fn interior_odds(view: &PlayerView, cache: &mut ComponentCache) -> Result<InteriorOdds, ProbabilityError> {
    let solved = solve_components(view, &Budget::unlimited(), true, Some(cache))?;
    let mines = combine::interior_mines(&solved.frontier, &solved.tallies)?;
    Ok(InteriorOdds {
        cells: solved.frontier.interior.len(),
        mines,
    })
}

fn analyse(
    view: &PlayerView,
    budget: &Budget,
    allow_parallel: bool,
    cache: Option<&mut ComponentCache>,
) -> Result<ExactAnalysis, ProbabilityError> {
    let Solved {
        frontier,
        tallies,
        stats,
        solutions,
    } = solve_components(view, budget, allow_parallel, cache)?;
    let mut map = ProbabilityMap::empty(view.dims());
    combine::combine(&frontier, &tallies, &mut map)?;
    let ln_layouts = combine::ln_layouts(&frontier, &tallies);
    Ok(ExactAnalysis {
        ln_layouts,
        map,
        stats,
        components: frontier.components.len(),
        frontier_cells: frontier.boxes.iter().map(|b| b.cells.len()).sum(),
        interior_cells: frontier.interior.len(),
        solutions,
    })
}
