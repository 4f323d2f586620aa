//! Seeded generation of puzzles with exactly one solution.
//!
//! # Method
//! 1. A random solution grid: the boxes on the diagonal (which share no row or column) get
//!    random permutations, the solver completes the grid, and a random symmetry
//!    ([`crate::transform::shuffle`]) varies it.
//! 2. Givens are removed in random order, one orbit at a time (a single cell, or with
//!    `symmetric` a cell and its image under 180° rotation). A removal is kept when the puzzle
//!    still has exactly one solution (a count to 2).
//! 3. With `minimal`, every orbit is tried, so no orbit of givens can be removed at the end:
//!    without `symmetric` that is a minimal puzzle (no single given can be removed); with
//!    `symmetric` it is minimal among symmetric puzzles. Without `minimal`, removal stops once
//!    the puzzle is down to 3/8 of the cells (30 givens on 9×9), or earlier if nothing more
//!    can go.
//!
//! # Determinism
//! All randomness comes from a [`ChaCha8Rng`] seeded by the caller and 32-bit draws, and the
//! solver is deterministic, so a seed gives the same puzzle on every platform and thread
//! count.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search_core::Budget;

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
/// use sudoku_core::{Layout, Solver, generate::{GenerateOptions, Generator}};
/// let generator = Generator::new(Layout::NINE, GenerateOptions { symmetric: false, minimal: true });
/// let puzzle = generator.generate(7);
/// assert_eq!(puzzle, generator.generate(7)); // same seed, same puzzle
/// assert!(Solver::default().is_unique(&puzzle).value);
/// ```
#[derive(Debug, Clone)]
pub struct Generator {
    layout: Layout,
    options: GenerateOptions,
    solver: Solver,
}

/// Nodes a uniqueness check may spend before the removal is refused (large grids only ever
/// come near it).
const CHECK_NODES: u64 = 200_000;

impl Generator {
    /// A generator of `layout` puzzles.
    pub fn new(layout: Layout, options: GenerateOptions) -> Self {
        Generator {
            layout,
            options,
            solver: Solver::new(Strategy::Mrv).with_budget(Budget::unlimited().with_node_limit(CHECK_NODES)),
        }
    }

    /// The puzzle of `seed` (a [`ChaCha8Rng`] seeded with it).
    pub fn generate(&self, seed: u64) -> Grid {
        self.generate_with(&mut ChaCha8Rng::seed_from_u64(seed))
    }

    /// A puzzle drawn from `rng`.
    pub fn generate_with(&self, rng: &mut ChaCha8Rng) -> Grid {
        let solution = self.solution_grid(rng);
        self.remove_givens(&solution, rng)
    }

    /// A random complete grid.
    pub fn solution_grid(&self, rng: &mut ChaCha8Rng) -> Grid {
        let layout = self.layout;
        let n = layout.size();
        let (br, bc) = (layout.box_rows(), layout.box_cols());
        loop {
            let mut values = vec![0u8; layout.cells()];
            for i in 0..(n / br).min(n / bc) {
                let mut digits: Vec<u8> = (1..=n as u8).collect();
                shuffle_slice(&mut digits, rng);
                for (k, d) in digits.into_iter().enumerate() {
                    values[layout.cell(i * br + k / bc, i * bc + k % bc)] = d;
                }
            }
            let start = Grid::from_values_unchecked(layout, values);
            if let Some(full) = self.solver.solve(&start).value {
                return shuffle(&full, rng);
            }
        }
    }

    /// Remove givens from `solution` while the puzzle stays unique.
    fn remove_givens(&self, solution: &Grid, rng: &mut ChaCha8Rng) -> Grid {
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
            let candidate = orbit.iter().fold(puzzle.clone(), |g, &c| g.without(c));
            let report = self.solver.count(&candidate, 2);
            if report.is_complete() && report.value == 1 {
                puzzle = candidate;
            }
        }
        puzzle
    }
}
