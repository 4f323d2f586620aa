//! [`Solver`]: solve, count and check uniqueness of a [`Grid`] of any layout, with statistics.
//!
//! 9×9 grids run on the fast [`crate::nine`] engine, other layouts on the general
//! [`crate::problem::SudokuProblem`]; both are search-core constraint problems, so every
//! answer comes in a [`Report`] with search-core's [`SearchStats`](search_core::SearchStats).

use std::ops::ControlFlow;

use search_core::{Budget, ConstraintProblem, Report, count_solutions, first_solution, for_each_solution};

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::inference::Inference;
use crate::nine::{Board9, NineProblem};
use crate::problem::SudokuProblem;
use crate::strategy::{Placement, Strategy};

/// Solves grids with a branching [`Strategy`] within a [`Budget`].
///
/// ```
/// use sudoku_core::{Grid, Solver, Strategy};
/// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let solver = Solver::new(Strategy::Greedy);
/// let report = solver.solve(&grid);
/// let solution = report.value.expect("solvable");
/// assert!(solution.is_complete() && grid.is_subgrid_of(&solution));
/// assert_eq!(solver.count(&grid, 2).value, 1);
/// assert_eq!(solver.is_unique(&grid).value, true);
/// println!("{} nodes, {} guesses", report.stats.nodes, report.stats.guesses);
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Solver {
    strategy: Strategy,
    budget: Budget,
    inference: Inference,
    portable: bool,
}

/// A constraint problem whose states convert from and to grids.
trait GridProblem: ConstraintProblem<Choice = Placement> {
    fn root(&self, grid: &Grid) -> Self::State;
    /// Remove `digit` from the candidates of the open `cell` (nothing when it is not one).
    fn exclude(state: &mut Self::State, cell: usize, digit: u8);
    /// Put `digit` in the open `cell` as a search choice (propagation follows). Called with
    /// the digit of a known solution, so it is a candidate there.
    fn hold(state: &mut Self::State, cell: usize, digit: u8);
    fn grid(state: &Self::State) -> Grid;
}

impl GridProblem for NineProblem {
    fn root(&self, grid: &Grid) -> Board9 {
        Board9::from_grid(grid).unwrap_or_default()
    }

    fn exclude(state: &mut Board9, cell: usize, digit: u8) {
        state.eliminate(cell, digit);
    }

    fn hold(state: &mut Board9, cell: usize, digit: u8) {
        state.place_digit(cell, digit);
    }

    fn grid(state: &Board9) -> Grid {
        state.to_grid()
    }
}

impl GridProblem for SudokuProblem {
    fn root(&self, grid: &Grid) -> Candidates {
        Candidates::from_grid(grid)
    }

    fn exclude(state: &mut Candidates, cell: usize, digit: u8) {
        state.eliminate(cell, digit);
    }

    fn hold(state: &mut Candidates, cell: usize, digit: u8) {
        state.place(cell, digit);
    }

    fn grid(state: &Candidates) -> Grid {
        state.to_grid()
    }
}

impl Solver {
    /// A solver branching with `strategy`, without limits.
    pub fn new(strategy: Strategy) -> Self {
        Solver {
            strategy,
            budget: Budget::unlimited(),
            inference: Inference::default(),
            portable: false,
        }
    }

    /// The same solver with the 9×9 engine's code chosen by run-time CPU detection (`true`, the
    /// default: see [`NineProblem::with_cpu_features`]) or always the portable build
    /// (`false`). The answers and statistics are the same either way.
    #[must_use]
    pub fn with_cpu_features(mut self, on: bool) -> Self {
        self.portable = !on;
        self
    }

    /// The same solver within `budget` (a stopped search says so in its report).
    #[must_use]
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The same solver propagating with naked and hidden singles only (no locked
    /// candidates; `true`), or at the default level ([`Inference::default`], triads;
    /// `false`), for comparisons.
    #[must_use]
    pub fn singles_only(mut self, on: bool) -> Self {
        self.inference = if on { Inference::Singles } else { Inference::default() };
        self
    }

    /// The same solver propagating at `inference` level (see [`Inference`]; triads run on
    /// 9×9 grids only, other sizes take locked candidates at that level).
    #[must_use]
    pub fn with_inference(mut self, inference: Inference) -> Self {
        self.inference = inference;
        self
    }

    /// The propagation level.
    pub fn inference(&self) -> Inference {
        self.inference
    }

    /// The branching strategy.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    fn dispatch<T>(&self, grid: &Grid, run: impl Runner<T>) -> T {
        if grid.layout() == crate::layout::Layout::NINE {
            run.run(
                &NineProblem::new(self.strategy)
                    .with_inference(self.inference)
                    .with_cpu_features(!self.portable),
                grid,
            )
        } else {
            let rules = crate::propagate::Rules {
                hidden_singles: true,
                locked_candidates: self.inference.locked_candidates(),
            };
            run.run(&SudokuProblem::new(self.strategy).with_rules(rules), grid)
        }
    }

    /// The first solution in search order (`None` when there is none), without checking
    /// uniqueness.
    pub fn solve(&self, grid: &Grid) -> Report<Option<Grid>> {
        struct First<'a>(&'a Budget);
        impl Runner<Report<Option<Grid>>> for First<'_> {
            fn run<P: GridProblem>(self, problem: &P, grid: &Grid) -> Report<Option<Grid>> {
                first_solution(problem, problem.root(grid), self.0).map(|s| s.as_ref().map(P::grid))
            }
        }
        self.dispatch(grid, First(&self.budget))
    }

    /// The first solution in search order that does not have `digit` in `cell` (`None` when
    /// there is none). This is the cheap test of whether a given can go: when `grid` has the
    /// single solution `s`, `grid` without its given in `cell` is still unique exactly when
    /// `solve_excluding(&grid.without(cell), cell, s[cell])` finds nothing. Unlike a count
    /// to 2 it never searches the part of the tree that holds `s` again.
    ///
    /// A `cell` that `grid` fills with `digit` has no such solution; one filled with another
    /// digit, or outside the grid, excludes nothing.
    ///
    /// ```
    /// use sudoku_core::{Grid, Solver};
    /// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
    /// let solver = Solver::default();
    /// let solution = solver.solve(&puzzle).value.expect("solvable");
    /// // The given 5 in the first cell can go: no other solution puts another digit there.
    /// assert_eq!(solver.solve_excluding(&puzzle.without(0), 0, 5).value, None);
    /// assert_eq!(solver.count(&puzzle.without(0), 2).value, 1);
    /// // Excluding a digit the solution does not use there changes nothing.
    /// assert_eq!(solver.solve_excluding(&puzzle, 2, 1).value, Some(solution));
    /// # Ok::<(), sudoku_core::ParseError>(())
    /// ```
    pub fn solve_excluding(&self, grid: &Grid, cell: usize, digit: u8) -> Report<Option<Grid>> {
        struct Excluding<'a>(&'a Budget, usize, u8);
        impl Runner<Report<Option<Grid>>> for Excluding<'_> {
            fn run<P: GridProblem>(self, problem: &P, grid: &Grid) -> Report<Option<Grid>> {
                let root = narrowed::<P>(&problem.root(grid), &[], (self.1, self.2));
                first_solution(problem, root, self.0).map(|s| s.as_ref().map(P::grid))
            }
        }
        if grid.get(cell) == Some(digit) {
            return unsearched(None);
        }
        self.dispatch(grid, Excluding(&self.budget, cell, digit))
    }

    /// Whether `grid` has a solution that puts another digit than `orbit`'s in one of
    /// `orbit`'s (open) cells: for each `i`, one search with the cells before `i` holding
    /// their digits and `orbit[i]`'s digit excluded (as [`Solver::solve_excluding`]), all
    /// from one loaded root and charged to the one budget. The generator's uniqueness check:
    /// with `orbit` the removed givens and their digits, `false` means the removal keeps the
    /// puzzle unique. Statistics add up over the searches; a stopped search stops the check.
    pub(crate) fn exists_other(&self, grid: &Grid, orbit: &[(usize, u8)]) -> Report<bool> {
        struct Other<'a>(&'a Budget, &'a [(usize, u8)]);
        impl Runner<Report<bool>> for Other<'_> {
            fn run<P: GridProblem>(self, problem: &P, grid: &Grid) -> Report<bool> {
                let root = problem.root(grid);
                let mut stats = search_core::SearchStats::default();
                for (i, &excluded) in self.1.iter().enumerate() {
                    let state = narrowed::<P>(&root, &self.1[..i], excluded);
                    let budget = match self.0.node_limit() {
                        Some(limit) => self.0.clone().with_node_limit(limit.saturating_sub(stats.nodes)),
                        None => self.0.clone(),
                    };
                    let report = count_solutions(problem, state, 1, &budget);
                    stats.merge(&report.stats);
                    if report.stopped.is_some() || report.value > 0 {
                        return Report {
                            value: report.value > 0,
                            stats,
                            stopped: report.stopped,
                        };
                    }
                }
                Report {
                    value: false,
                    stats,
                    stopped: None,
                }
            }
        }
        self.dispatch(grid, Other(&self.budget, orbit))
    }

    /// The number of solutions, counting stops at `limit` (`limit = 2` tells unique from
    /// ambiguous).
    pub fn count(&self, grid: &Grid, limit: u64) -> Report<u64> {
        struct Count<'a>(&'a Budget, u64);
        impl Runner<Report<u64>> for Count<'_> {
            fn run<P: GridProblem>(self, problem: &P, grid: &Grid) -> Report<u64> {
                count_solutions(problem, problem.root(grid), self.1, self.0)
            }
        }
        self.dispatch(grid, Count(&self.budget, limit))
    }

    /// Up to `limit` solutions in search order.
    pub fn solutions(&self, grid: &Grid, limit: usize) -> Report<Vec<Grid>> {
        struct All<'a>(&'a Budget, usize);
        impl Runner<Report<Vec<Grid>>> for All<'_> {
            fn run<P: GridProblem>(self, problem: &P, grid: &Grid) -> Report<Vec<Grid>> {
                let mut found = Vec::new();
                let limit = self.1;
                let report = for_each_solution(problem, problem.root(grid), self.0, |s| {
                    if found.len() < limit {
                        found.push(P::grid(s));
                    }
                    if found.len() >= limit {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                report.map(|_| found)
            }
        }
        if limit == 0 {
            return unsearched(Vec::new());
        }
        self.dispatch(grid, All(&self.budget, limit))
    }

    /// Whether the grid has exactly one solution (a count to 2).
    pub fn is_unique(&self, grid: &Grid) -> Report<bool> {
        self.count(grid, 2).map(|n| n == 1)
    }
}

/// `root` with each `(cell, digit)` of `held` placed and `excluded`'s digit removed from its
/// cell: the start of an exclusion search ([`Solver::solve_excluding`], [`Solver::exists_other`]).
fn narrowed<P: GridProblem>(root: &P::State, held: &[(usize, u8)], excluded: (usize, u8)) -> P::State {
    let mut state = root.clone();
    for &(cell, digit) in held {
        P::hold(&mut state, cell, digit);
    }
    P::exclude(&mut state, excluded.0, excluded.1);
    state
}

/// The report of an answer known without searching.
fn unsearched<T>(value: T) -> Report<T> {
    Report {
        value,
        stats: search_core::SearchStats::default(),
        stopped: None,
    }
}

/// A search run generic over the problem type (a generic closure).
trait Runner<T> {
    fn run<P: GridProblem>(self, problem: &P, grid: &Grid) -> T;
}
