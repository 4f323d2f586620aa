//! Seeded generation of puzzles with exactly one solution.
//!
//! # Method
//! 1. A random solution grid: the boxes on the diagonal (which share no row or column) get
//!    random permutations, the solver completes the grid, and a random symmetry
//!    ([`crate::transform::shuffle`]) varies it. A completion is given up after 200,000 nodes
//!    and the diagonal drawn again (on 25×25 about one puzzle in a thousand needs a second
//!    draw; smaller grids complete in a few hundred nodes at most); after 16 failed draws the
//!    grid is a fixed pattern grid instead (shuffled the same way), so this step always ends.
//! 2. Givens are removed in random order, one orbit at a time (a single cell, or with
//!    `symmetric` a cell and its image under 180° rotation). A removal is kept when the puzzle
//!    still has exactly one solution. Any other solution would differ from the known one in
//!    a cell of the orbit, so the check is one search per orbit cell for a solution with
//!    another digit there ([`Solver::solve_excluding`]), not a count to 2, which would walk
//!    the part of the tree holding the known solution as well. The verdicts are the same and
//!    the searches cheaper: 16×16 generation takes 0.55 to 0.85 times as long, 9×9 0.72 to 0.76
//!    (symmetric minimal 9×9 about the same: two cells need two searches).
//!    A check that reaches its node cap keeps the given: 200,000 nodes on grids of up to 16
//!    digits (9×9 checks never come near it), 2,000 nodes on larger ones (see *Cost* below).
//! 3. With `minimal`, every orbit is tried, so no orbit of givens can be removed at the end:
//!    without `symmetric` that is a minimal puzzle (no single given can be removed); with
//!    `symmetric` it is minimal among symmetric puzzles (both up to the cap of step 2). Without
//!    `minimal`, removal stops once the puzzle is down to 3/8 of the cells (30 givens on 9×9),
//!    or earlier if nothing more can go.
//!
//! # Budgets
//! [`Generator::generate`] and [`Generator::generate_with`] always finish (every search above
//! is capped and every loop bounded). The fallible [`Generator::try_generate`] and
//! [`Generator::try_generate_with`] charge the whole puzzle (solution grid and every
//! uniqueness check) to the caller's [`Budget`]: node limit, deadline and cancellation flag.
//! When it runs out they return [`GenerateError::Stopped`] with the reason and the nodes
//! spent; when they finish, the puzzle is exactly the one of the unbudgeted call (a budget
//! only ever stops a search, it never changes one).
//!
//! # Cost
//! One core, release build: a 9×9 puzzle takes about 0.1 ms, 16×16 0.1 to 0.4 s on average (by
//! options), 25×25 about 9 s. On 25×25 the solution grid takes a few hundred nodes and the
//! first ~330 removals one node each; then nearly every check costs thousands of nodes or more
//! at ~20 µs a node (the general engine on 625 cells), and most removals are refused at the
//! cap: that tail is nearly all of the time (which is why the cheaper check of step 2 does not
//! make 25×25 faster). The figures on the cap that follow were measured with counts to 2. With
//! the cap of 200,000 nodes that smaller grids keep, seed 0 had spent 6 minutes on 421 of its
//! 625 removals (5–7 s for each count that reached the cap; an estimated 25 minutes in all).
//! The cap hardly changes the puzzles: caps of 500, 1,000, 2,000, 5,000 and 20,000 nodes all
//! left 268–279 givens (seeds 0–2; 0–1 for the last two), for about 0.14 M, 0.28 M, 0.55 M,
//! 1.4 M and 5.5 M nodes of counting per puzzle. The cap is part of the puzzle a seed gives on
//! grids of more than 16 digits; 9×9 and 16×16 puzzles did not change when it came in, nor
//! when the check of step 2 replaced the count to 2 (docs/BENCHMARKS.md).
//!
//! # Determinism
//! All randomness comes from a [`ChaCha8Rng`] seeded by the caller and 32-bit draws, and the
//! solver is deterministic, so a seed gives the same puzzle on every platform and thread
//! count (a node limit keeps that; a deadline or cancellation can only turn it into an
//! error).

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search_core::{Budget, Report, StopReason};

pub use crate::error::GenerateError;
use crate::grid::Grid;
use crate::layout::Layout;
use crate::solver::Solver;
use crate::strategy::Strategy;
use crate::transform::{shuffle, shuffle_slice};

/// What kind of puzzle to generate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct GenerateOptions {
    /// Givens symmetric under 180° rotation.
    pub symmetric: bool,
    /// No given (no symmetric pair, with `symmetric`) can be removed.
    pub minimal: bool,
}

/// Generates unique puzzles of one layout.
///
/// ```
/// use search_core::{Budget, StopReason};
/// use sudoku_core::{GenerateError, Layout, Solver, generate::{GenerateOptions, Generator}};
/// let generator = Generator::new(Layout::NINE, GenerateOptions { symmetric: false, minimal: true });
/// let puzzle = generator.generate(7);
/// assert_eq!(puzzle, generator.generate(7)); // same seed, same puzzle
/// assert!(Solver::default().is_unique(&puzzle).value);
///
/// // Within a budget: the same puzzle, or an error that says why it stopped.
/// assert_eq!(generator.try_generate(7, &Budget::unlimited().with_node_limit(1_000_000)), Ok(puzzle));
/// assert!(matches!(
///     generator.try_generate(7, &Budget::unlimited().with_node_limit(10)),
///     Err(GenerateError::Stopped { reason: StopReason::NodeLimit, nodes }) if nodes <= 10
/// ));
/// ```
#[derive(Debug, Clone)]
pub struct Generator {
    layout: Layout,
    options: GenerateOptions,
    solver: Solver,
    check_nodes: u64,
}

/// Nodes one completion of the random diagonal boxes may spend before the diagonal is drawn
/// again.
const GRID_NODES: u64 = 200_000;

/// Diagonal draws before the solution grid falls back to the pattern grid.
const GRID_ATTEMPTS: u32 = 16;

/// Nodes a uniqueness check may spend before the removal is refused, on grids of up to
/// [`SMALL_SIZE`] digits (the 9×9 and 16×16 counts measured stay far below it).
const CHECK_NODES: u64 = 200_000;

/// The same on larger grids, where a node costs ~20 µs and most late checks reach the cap (see
/// *Cost* in the module documentation for the choice).
const LARGE_CHECK_NODES: u64 = 2_000;

/// The largest number of digits that gets [`CHECK_NODES`].
const SMALL_SIZE: usize = 16;

impl Generator {
    /// A generator of `layout` puzzles.
    pub fn new(layout: Layout, options: GenerateOptions) -> Self {
        Generator {
            layout,
            options,
            solver: Solver::new(Strategy::Mrv),
            check_nodes: if layout.size() <= SMALL_SIZE {
                CHECK_NODES
            } else {
                LARGE_CHECK_NODES
            },
        }
    }

    /// The puzzle of `seed` (a [`ChaCha8Rng`] seeded with it).
    pub fn generate(&self, seed: u64) -> Grid {
        self.generate_with(&mut ChaCha8Rng::seed_from_u64(seed))
    }

    /// A puzzle drawn from `rng`. Always finishes (about 9 s on 25×25: see *Cost* in the
    /// module documentation); [`Generator::try_generate_with`] bounds it.
    pub fn generate_with(&self, rng: &mut ChaCha8Rng) -> Grid {
        unlimited(self.try_generate_with(rng, &Budget::unlimited()))
    }

    /// The puzzle of `seed`, or an error once `budget` runs out (see
    /// [`Generator::try_generate_with`]).
    ///
    /// # Errors
    /// [`GenerateError::Stopped`] when the budget runs out first.
    pub fn try_generate(&self, seed: u64, budget: &Budget) -> Result<Grid, GenerateError> {
        self.try_generate_with(&mut ChaCha8Rng::seed_from_u64(seed), budget)
    }

    /// A puzzle drawn from `rng`, with the whole generation (the solution grid and every
    /// uniqueness check) charged to `budget`: its node limit counts the nodes of all those
    /// searches together, and its deadline and cancellation flag are looked at before each
    /// search and every few hundred nodes within one. A puzzle that is finished is exactly
    /// the one [`Generator::generate_with`] draws from the same `rng`.
    ///
    /// # Errors
    /// [`GenerateError::Stopped`] when the budget runs out first (`rng` has then advanced by
    /// an unspecified amount).
    pub fn try_generate_with(&self, rng: &mut ChaCha8Rng, budget: &Budget) -> Result<Grid, GenerateError> {
        self.generate_charged(rng, &mut Account::new(budget))
    }

    /// A puzzle drawn from `rng`, charged to `account` (shared by several puzzles in graded
    /// generation).
    pub(crate) fn generate_charged(
        &self,
        rng: &mut ChaCha8Rng,
        account: &mut Account<'_>,
    ) -> Result<Grid, GenerateError> {
        let solution = self.solution_grid_charged(rng, account, GRID_NODES)?;
        self.remove_givens(&solution, rng, account)
    }

    /// A random complete grid (step 1 of the method; always finishes).
    pub fn solution_grid(&self, rng: &mut ChaCha8Rng) -> Grid {
        unlimited(self.solution_grid_charged(rng, &mut Account::new(&Budget::unlimited()), GRID_NODES))
    }

    /// A random complete grid: up to [`GRID_ATTEMPTS`] completions of random diagonal boxes of
    /// at most `attempt_nodes` nodes each, then the pattern grid.
    fn solution_grid_charged(
        &self,
        rng: &mut ChaCha8Rng,
        account: &mut Account<'_>,
        attempt_nodes: u64,
    ) -> Result<Grid, GenerateError> {
        let layout = self.layout;
        let n = layout.size();
        let (br, bc) = (layout.box_rows(), layout.box_cols());
        for _ in 0..GRID_ATTEMPTS {
            let mut values = vec![0u8; layout.cells()];
            for i in 0..(n / br).min(n / bc) {
                let mut digits: Vec<u8> = (1..=n as u8).collect();
                shuffle_slice(&mut digits, rng);
                for (k, d) in digits.into_iter().enumerate() {
                    values[layout.cell(i * br + k / bc, i * bc + k % bc)] = d;
                }
            }
            let start = Grid::from_values_unchecked(layout, values);
            let completed = account.search(attempt_nodes, |budget| {
                self.solver.clone().with_budget(budget).solve(&start)
            })?;
            if let Some(Some(full)) = completed {
                return Ok(shuffle(&full, rng));
            }
        }
        Ok(shuffle(&pattern_grid(layout), rng))
    }

    /// Remove givens from `solution` while the puzzle stays unique.
    fn remove_givens(
        &self,
        solution: &Grid,
        rng: &mut ChaCha8Rng,
        account: &mut Account<'_>,
    ) -> Result<Grid, GenerateError> {
        let cells = self.layout.cells();
        let mut orbits: Vec<Vec<usize>> = if self.options.symmetric {
            (0..cells.div_ceil(2))
                .map(|c| {
                    if c == cells - 1 - c {
                        vec![c]
                    } else {
                        vec![c, cells - 1 - c]
                    }
                })
                .collect()
        } else {
            (0..cells).map(|c| vec![c]).collect()
        };
        shuffle_slice(&mut orbits, rng);
        let target = cells * 3 / 8;
        let mut puzzle = solution.clone();
        for orbit in orbits {
            if !self.options.minimal && puzzle.givens() <= target {
                break;
            }
            if self.stays_unique(&puzzle, solution, &orbit, account)? {
                puzzle = orbit.iter().fold(puzzle, |g, &c| g.without(c));
            }
        }
        Ok(puzzle)
    }

    /// Whether `puzzle` (whose only solution is `solution`) stays unique without the givens
    /// of `orbit`: `false` when another solution exists or the check reaches its cap of
    /// `check_nodes` nodes. Any other solution differs from `solution` in some cell of the
    /// orbit; for the orbit's `i`-th cell one search looks for a solution that keeps the
    /// givens before it and puts another digit in it ([`Solver::solve_excluding`]), so no
    /// search walks the part of the tree that holds `solution` again, as a count to 2 would.
    fn stays_unique(
        &self,
        puzzle: &Grid,
        solution: &Grid,
        orbit: &[usize],
        account: &mut Account<'_>,
    ) -> Result<bool, GenerateError> {
        let mut removed = Vec::with_capacity(orbit.len());
        for &cell in orbit {
            let Some(digit) = solution.get(cell) else {
                return Ok(false);
            };
            removed.push((cell, digit));
        }
        let grid = orbit.iter().fold(puzzle.clone(), |g, &c| g.without(c));
        let other = account.search(self.check_nodes, |budget| {
            self.solver.clone().with_budget(budget).exists_other(&grid, &removed)
        })?;
        // Another solution, or the cap reached: the givens stay.
        Ok(other == Some(false))
    }
}

/// The value of a generation within an unlimited budget, which cannot stop.
fn unlimited(result: Result<Grid, GenerateError>) -> Grid {
    match result {
        Ok(grid) => grid,
        // An unlimited budget has no node limit, deadline or cancellation flag, and the caps
        // of the searches themselves are not errors.
        Err(err) => unreachable!("an unlimited generation stopped: {err}"),
    }
}

/// A valid complete grid of any layout: row `r` is the first row shifted by
/// `(r mod box_rows) · box_cols + r div box_rows`.
fn pattern_grid(layout: Layout) -> Grid {
    let n = layout.size();
    let (br, bc) = (layout.box_rows(), layout.box_cols());
    let values = (0..layout.cells())
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            ((r % br * bc + r / br + c) % n + 1) as u8
        })
        .collect();
    Grid::from_values_unchecked(layout, values)
}

/// The running account of one generation against the caller's [`Budget`]: each search gets
/// the smaller of its own cap and the nodes left, and the caller's deadline and cancellation
/// flag.
#[derive(Debug)]
pub(crate) struct Account<'a> {
    budget: &'a Budget,
    spent: u64,
}

impl<'a> Account<'a> {
    /// Nothing spent yet.
    pub(crate) fn new(budget: &'a Budget) -> Self {
        Account { budget, spent: 0 }
    }

    /// Run one search of at most `cap` nodes. `Ok(Some(value))` when it finished, `Ok(None)`
    /// when it reached `cap` (the caller's own limit: not an error), `Err` when the caller's
    /// budget stopped it or had already run out.
    fn search<T>(&mut self, cap: u64, run: impl FnOnce(Budget) -> Report<T>) -> Result<Option<T>, GenerateError> {
        let report = self.run(cap, run)?;
        Ok(report.stopped.is_none().then_some(report.value))
    }

    /// Run one search of at most `cap` nodes and hand back its report, whether it finished or
    /// reached `cap`; `Err` when the caller's budget stopped it or had already run out.
    pub(crate) fn run<T>(
        &mut self,
        cap: u64,
        run: impl FnOnce(Budget) -> Report<T>,
    ) -> Result<Report<T>, GenerateError> {
        // The searches look at the clock and the flag only every few hundred nodes, and most
        // uniqueness checks take a handful: look here too.
        if self
            .budget
            .cancel_token()
            .is_some_and(search_core::CancelToken::is_cancelled)
        {
            return Err(self.stopped(StopReason::Cancelled));
        }
        if self.budget.deadline().is_some_and(|d| Instant::now() >= d) {
            return Err(self.stopped(StopReason::Deadline));
        }
        let left = self
            .budget
            .node_limit()
            .map_or(u64::MAX, |limit| limit.saturating_sub(self.spent));
        let limit = cap.min(left);
        let mut budget = Budget::unlimited().with_node_limit(limit);
        if let Some(deadline) = self.budget.deadline() {
            budget = budget.with_deadline(deadline);
        }
        if let Some(token) = self.budget.cancel_token() {
            budget = budget.with_cancel(token.clone());
        }
        let report = run(budget);
        self.spent = self.spent.saturating_add(report.stats.nodes);
        // When the nodes left equal the cap, the cap is what stopped the search (as without a
        // budget); the next search then finds nothing left.
        let own_cap = report.stopped == Some(StopReason::NodeLimit) && limit == cap;
        match report.stopped {
            Some(reason) if !own_cap => Err(self.stopped(reason)),
            _ => Ok(report),
        }
    }

    fn stopped(&self, reason: StopReason) -> GenerateError {
        GenerateError::Stopped {
            reason,
            nodes: self.spent,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_grids_are_valid_for_every_layout() {
        for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 4), (4, 5), (5, 5)] {
            let layout = Layout::new(r, c).unwrap();
            let grid = pattern_grid(layout);
            assert!(grid.is_complete());
            assert_eq!(Grid::from_values(layout, grid.values().to_vec()), Ok(grid));
        }
    }

    #[test]
    fn a_solution_grid_whose_completions_all_fail_is_the_shuffled_pattern_grid() {
        for layout in [Layout::FOUR, Layout::new(2, 3).unwrap(), Layout::NINE] {
            let generator = Generator::new(layout, GenerateOptions::default());
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            let budget = Budget::unlimited();
            let mut account = Account::new(&budget);
            // No completion may spend a node: every attempt fails, and nothing is an error.
            let grid = generator.solution_grid_charged(&mut rng, &mut account, 0).unwrap();
            assert!(grid.is_complete());
            assert_eq!(Grid::from_values(layout, grid.values().to_vec()), Ok(grid));
            assert_eq!(account.spent, 0);
        }
    }

    #[test]
    fn the_cap_of_a_check_is_not_the_callers_limit() {
        // Nodes left equal to the cap: the cap stopped the search (a refused removal) ...
        let budget = Budget::unlimited().with_node_limit(5);
        let mut account = Account::new(&budget);
        let empty = Grid::empty(Layout::NINE);
        let solver = Solver::new(Strategy::Mrv);
        let first = account.search(5, |b| solver.clone().with_budget(b).count(&empty, u64::MAX));
        assert_eq!(first, Ok(None));
        // ... and the next search finds nothing left.
        let second = account.search(5, |b| solver.clone().with_budget(b).count(&empty, u64::MAX));
        assert_eq!(
            second,
            Err(GenerateError::Stopped {
                reason: StopReason::NodeLimit,
                nodes: 5
            })
        );
    }

    #[test]
    fn a_cancelled_budget_stops_before_the_first_search() {
        let token = search_core::CancelToken::new();
        token.cancel();
        let generator = Generator::new(Layout::NINE, GenerateOptions::default());
        let budget = Budget::unlimited().with_cancel(token);
        assert_eq!(
            generator.try_generate(1, &budget),
            Err(GenerateError::Stopped {
                reason: StopReason::Cancelled,
                nodes: 0
            })
        );
        let past = Budget::unlimited().with_deadline(Instant::now());
        assert_eq!(
            generator.try_generate(1, &past),
            Err(GenerateError::Stopped {
                reason: StopReason::Deadline,
                nodes: 0
            })
        );
    }
}
