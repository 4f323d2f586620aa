//! Generic depth-first constraint search: propagate, pick a branching point, try each choice,
//! backtrack.
//!
//! A problem implements [`ConstraintProblem`]: [`SearchSpace::choices`] names the branching
//! point (the choices of one open decision, e.g. the candidates of one Sudoku cell) and
//! [`ConstraintProblem::propagate`] draws every conclusion it can before branching. The
//! searches here are the textbook backtracking algorithm:
//!
//! ```text
//! search(s):  propagate(s) ─┬─ Contradiction → dead end, backtrack
//!                           ├─ Solved        → report s (the visitor may stop the search)
//!                           └─ Open          → for c in choices(s): search(apply(clone(s), c))
//! ```
//!
//! Entry points: [`first_solution`], [`count_solutions`], [`for_each_solution`] and
//! [`fold_solutions`]; with the `parallel` feature, their counterparts in
//! `crate::parallel`. Every search takes a [`Budget`] and returns a [`Report`] with
//! [`SearchStats`].

use std::ops::ControlFlow;

use crate::budget::{Budget, Meter, StopReason};
use crate::space::{ChoiceBuffers, SearchSpace};
use crate::stats::{Report, SearchStats};

/// What propagation concluded about a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Propagation {
    /// The state cannot be completed: backtrack.
    Contradiction,
    /// The state is a complete solution.
    Solved,
    /// Decisions remain: branch on [`SearchSpace::choices`].
    Open,
}

/// A constraint-satisfaction problem searched depth-first.
///
/// # Contract
/// - `propagate` may change the state (fill forced decisions, remove impossible options) but
///   must keep every solution reachable from it, and must return `Solved` only for complete,
///   valid solutions.
/// - When `propagate` returns `Open`, `choices` must split the remaining solutions into
///   disjoint subsets, one per choice (e.g. "cell 17 is 3", "cell 17 is 5", …); an empty
///   choice list is treated as a dead end. Disjointness is what makes solution counts exact.
pub trait ConstraintProblem: SearchSpace {
    /// Draw every conclusion cheaply available in `state`.
    fn propagate(&self, state: &mut Self::State) -> Propagation;
}

/// Outcome of one subtree search.
enum Flow {
    Continue,
    /// The visitor asked to stop.
    Done,
    /// The budget ran out.
    Stopped(StopReason),
}

/// The depth-first engine behind every entry point: one per search (or per parallel subtree).
pub(crate) struct Dfs<'p, P: ConstraintProblem> {
    problem: &'p P,
    meter: Meter,
    stats: SearchStats,
    buffers: ChoiceBuffers<P::Choice>,
}

impl<'p, P: ConstraintProblem> Dfs<'p, P> {
    pub(crate) fn new(problem: &'p P, meter: Meter) -> Self {
        Self {
            problem,
            meter,
            stats: SearchStats::default(),
            buffers: ChoiceBuffers::new(),
        }
    }

    /// Search the subtree of `state` at `depth`, calling `visit` on every solution in order.
    /// Returns `Some(reason)` if the budget ran out.
    pub(crate) fn run<F>(&mut self, state: P::State, depth: u32, visit: &mut F) -> Option<StopReason>
    where
        F: FnMut(&P::State) -> ControlFlow<()>,
    {
        match self.node(state, depth, visit) {
            Flow::Continue | Flow::Done => None,
            Flow::Stopped(reason) => Some(reason),
        }
    }

    pub(crate) fn finish(mut self) -> SearchStats {
        self.stats.elapsed = self.meter.elapsed();
        self.stats
    }

    fn node<F>(&mut self, mut state: P::State, depth: u32, visit: &mut F) -> Flow
    where
        F: FnMut(&P::State) -> ControlFlow<()>,
    {
        if let Err(reason) = self.meter.tick() {
            return Flow::Stopped(reason);
        }
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        match self.problem.propagate(&mut state) {
            Propagation::Contradiction => {
                self.stats.dead_ends += 1;
                Flow::Continue
            }
            Propagation::Solved => {
                self.stats.leaves += 1;
                match visit(&state) {
                    ControlFlow::Continue(()) => Flow::Continue,
                    ControlFlow::Break(()) => Flow::Done,
                }
            }
            Propagation::Open => {
                let level = depth as usize;
                let mut choices = self.buffers.take(level);
                self.problem.choices(&state, &mut choices);
                let flow = self.branch(&state, &choices, depth, visit);
                self.buffers.put(level, choices);
                flow
            }
        }
    }

    fn branch<F>(&mut self, state: &P::State, choices: &[P::Choice], depth: u32, visit: &mut F) -> Flow
    where
        F: FnMut(&P::State) -> ControlFlow<()>,
    {
        match choices {
            [] => {
                self.stats.dead_ends += 1;
                Flow::Continue
            }
            [only] => {
                let mut child = state.clone();
                self.problem.apply(&mut child, *only);
                self.node(child, depth + 1, visit)
            }
            [init @ .., last] => {
                self.stats.branch_points += 1;
                for &choice in init {
                    self.stats.guesses += 1;
                    let mut child = state.clone();
                    self.problem.apply(&mut child, choice);
                    match self.node(child, depth + 1, visit) {
                        Flow::Continue => {}
                        other => return other,
                    }
                }
                let mut child = state.clone();
                self.problem.apply(&mut child, *last);
                self.node(child, depth + 1, visit)
            }
        }
    }
}

/// Visit every solution in depth-first order, until the visitor breaks or the budget runs out.
///
/// # Arguments
/// - `problem`: the rules; `root`: the starting state (it is propagated first).
/// - `visit`: called with each solution; return `ControlFlow::Break(())` to stop early.
///
/// # Returns
/// A [`Report`] whose value is `true` if the visitor stopped the search.
///
/// # Complexity
/// Worst case exponential in the number of decisions; memory O(depth × state size).
pub fn for_each_solution<P, F>(problem: &P, root: P::State, budget: &Budget, mut visit: F) -> Report<bool>
where
    P: ConstraintProblem,
    F: FnMut(&P::State) -> ControlFlow<()>,
{
    let mut broke = false;
    let mut dfs = Dfs::new(problem, budget.meter());
    let stopped = dfs.run(root, 0, &mut |s: &P::State| {
        let flow = visit(s);
        broke = flow.is_break();
        flow
    });
    Report {
        value: broke,
        stats: dfs.finish(),
        stopped,
    }
}

/// The first solution in depth-first order, or `None` if there is none.
///
/// When the budget runs out first, the report's `stopped` is set and `value` is `None`.
///
/// # Example
/// ```
/// use search_core::{Budget, ConstraintProblem, Propagation, SearchSpace, first_solution};
/// /// Pick digits 0..=9 for three positions so that they sum to 25.
/// struct Sum25;
/// impl SearchSpace for Sum25 {
///     type State = Vec<u32>;
///     type Choice = u32;
///     fn choices(&self, _: &Vec<u32>, out: &mut Vec<u32>) { out.extend(0..=9); }
///     fn apply(&self, state: &mut Vec<u32>, d: u32) { state.push(d); }
/// }
/// impl ConstraintProblem for Sum25 {
///     fn propagate(&self, s: &mut Vec<u32>) -> Propagation {
///         let sum: u32 = s.iter().sum();
///         let left = 3 - s.len() as u32;
///         if sum > 25 || sum + 9 * left < 25 { Propagation::Contradiction }
///         else if left == 0 { Propagation::Solved }
///         else { Propagation::Open }
///     }
/// }
/// let report = first_solution(&Sum25, Vec::new(), &Budget::unlimited());
/// assert_eq!(report.value, Some(vec![7, 9, 9]));
/// ```
pub fn first_solution<P: ConstraintProblem>(problem: &P, root: P::State, budget: &Budget) -> Report<Option<P::State>> {
    let mut found = None;
    let report = for_each_solution(problem, root, budget, |s| {
        found = Some(s.clone());
        ControlFlow::Break(())
    });
    report.map(|_| found)
}

/// Count solutions, stopping as soon as `limit` have been found (so `limit = 2` answers "is
/// the solution unique?" cheaply).
///
/// The value is `min(number of solutions, limit)` when the search completes.
pub fn count_solutions<P: ConstraintProblem>(problem: &P, root: P::State, limit: u64, budget: &Budget) -> Report<u64> {
    let mut count = 0u64;
    let report = if limit == 0 {
        Report {
            value: false,
            stats: SearchStats::default(),
            stopped: None,
        }
    } else {
        for_each_solution(problem, root, budget, |_| {
            count += 1;
            if count >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
    };
    report.map(|_| count)
}

/// Fold every solution into an accumulator, in depth-first order.
///
/// This is the entry point for enumerations that weigh each solution (Minesweeper's exact
/// probabilities sum weighted mine tallies over every consistent layout).
pub fn fold_solutions<P, A, F>(problem: &P, root: P::State, budget: &Budget, init: A, mut fold: F) -> Report<A>
where
    P: ConstraintProblem,
    F: FnMut(&mut A, &P::State),
{
    let mut acc = init;
    let report = for_each_solution(problem, root, budget, |s| {
        fold(&mut acc, s);
        ControlFlow::Continue(())
    });
    report.map(|_| acc)
}
