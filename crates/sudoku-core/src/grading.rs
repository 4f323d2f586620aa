//! Difficulty grading in `HoDoKu`'s sense: a numeric score and a grade from the techniques a
//! logical solve needs.
//!
//! # Method (`HoDoKu`'s `SudokuSolver.getLevel`/`getScore`, with its default tables)
//! 1. Solve step by step with the easiest technique that applies ([`crate::explain`]),
//!    assuming uniqueness (the grader checks it first).
//! 2. The score is the sum of the technique's base score over every step (singles included);
//!    the grade is the hardest technique's level, raised while the score exceeds the level's
//!    cap: Easy 800, Medium 1000, Hard 1600, Unfair 1800, Extreme unbounded.
//! 3. A puzzle the techniques cannot finish is Extreme, and graded by what is left and by its
//!    search tree: its score is [`STUCK_SCORE`], plus [`OPEN_CELL_SCORE`] per cell still
//!    open where the techniques got stuck, plus [`GUESS_SCORE`] per guess of the search that
//!    finishes it from there with every technique as propagation
//!    ([`crate::pipeline::TechniqueProblem`] at Unfair level, greedy branching, counting to 2
//!    solutions). The steps before the stuck point are not counted: they are the easy part.
//!    (On a sample of the Sudoku Exchange diabolical bank this ranks puzzles closer to their
//!    Sukaku Explainer ratings than summing step scores does; docs/sudoku.md has the figures.)
//!
//! ```
//! use sudoku_core::{Grid, grading::{Difficulty, rate}};
//! let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let rating = rate(&grid).expect("one solution");
//! assert_eq!(rating.difficulty, Difficulty::Easy);
//! assert!(rating.score > 0);
//! # Ok::<(), sudoku_core::ParseError>(())
//! ```

use std::convert::Infallible;

use rand_chacha::ChaCha8Rng;
use search_core::{Budget, count_solutions};

use crate::candidates::Candidates;
use crate::error::GenerateError;
use crate::explain::{LogicalSolver, Outcome, Settings};
use crate::generate::{Account, Generator};
use crate::grid::Grid;
use crate::pipeline::TechniqueProblem;
use crate::solver::Solver;
use crate::strategy::Strategy;
use crate::techniques::Technique;

pub use crate::difficulty::{Difficulty, UnknownDifficulty};

/// Why a grid cannot be rated: it is not known to have exactly one solution (also the answer
/// of [`check_unique`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RateError {
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has more than one solution (grading assumes exactly one).
    #[error("the puzzle has more than one solution")]
    NotUnique,
    /// The uniqueness check ran out of its node budget (very large or nearly empty grids).
    #[error("the uniqueness check gave up after {0} nodes")]
    TooHard(u64),
}

/// Score of a puzzle the techniques cannot finish, before what is left is counted.
pub const STUCK_SCORE: u32 = 1800;
/// Score per open cell where the techniques got stuck.
pub const OPEN_CELL_SCORE: u32 = 100;
/// Score per guess of the search tree that finishes a stuck puzzle.
pub const GUESS_SCORE: u32 = 1000;
/// Node budget of the uniqueness check.
const SEARCH_NODES: u64 = 2_000_000;
/// Node budget of the stuck-position search (its nodes are expensive).
const STUCK_NODES: u64 = 20_000;

/// A puzzle's grade and what it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    /// The grade.
    pub difficulty: Difficulty,
    /// The score (sum of base scores; for stuck puzzles the stuck score, see the module).
    pub score: u32,
    /// Whether the techniques solved the puzzle alone.
    pub solved_by_techniques: bool,
    /// The hardest technique used (by level, then base score), if any step was taken.
    pub hardest: Option<Technique>,
    /// Number of logical steps taken.
    pub steps: usize,
    /// Guesses of the search that finished a stuck puzzle (0 when the techniques solved it).
    pub guesses: u64,
}

/// Rate `grid` (which must have exactly one solution).
///
/// # Errors
/// [`RateError`] when the puzzle has no solution, several, or the check gives up.
pub fn rate(grid: &Grid) -> Result<Rating, RateError> {
    check_unique(grid, SEARCH_NODES)?;
    Ok(rate_unique(grid))
}

/// Check that `grid` has exactly one solution: a count to 2 of at most `max_nodes` nodes (the
/// check [`rate`] makes, with 2,000,000). Callers that can go on without knowing (as
/// `search-cli sudoku explain` does, without the uniqueness techniques) tell
/// [`RateError::TooHard`] from the two answers.
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_core::grading::{RateError, check_unique};
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// assert_eq!(check_unique(&puzzle, 1_000), Ok(()));
/// assert_eq!(check_unique(&puzzle.without(0).without(1).without(4), 1_000), Err(RateError::NotUnique));
/// assert!(matches!(check_unique(&Grid::empty(puzzle.layout()), 10), Err(RateError::TooHard(_))));
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
///
/// # Errors
/// [`RateError::NoSolution`] or [`RateError::NotUnique`] when the count finished with 0 or 2,
/// [`RateError::TooHard`] (with the nodes spent) when it did not finish.
pub fn check_unique(grid: &Grid, max_nodes: u64) -> Result<(), RateError> {
    let check = Solver::new(Strategy::Greedy)
        .with_budget(Budget::unlimited().with_node_limit(max_nodes))
        .count(grid, 2);
    if !check.is_complete() {
        return Err(RateError::TooHard(check.stats.nodes));
    }
    match check.value {
        0 => Err(RateError::NoSolution),
        1 => Ok(()),
        _ => Err(RateError::NotUnique),
    }
}

/// Rate `grid`, trusting the caller that it has exactly one solution (the uniqueness
/// techniques are used).
pub fn rate_unique(grid: &Grid) -> Rating {
    let Ok(rating) = rate_with(grid, |problem, end| {
        let budget = Budget::unlimited().with_node_limit(STUCK_NODES);
        Ok::<_, Infallible>(count_solutions(problem, end, 2, &budget).stats.guesses)
    });
    rating
}

/// [`rate_unique`], with the search that finishes a puzzle the techniques leave stuck run by
/// `stuck` (from the stuck position, with at most [`STUCK_NODES`] nodes: its guesses).
fn rate_with<E>(grid: &Grid, stuck: impl FnOnce(&TechniqueProblem, Candidates) -> Result<u64, E>) -> Result<Rating, E> {
    let solver = LogicalSolver::new(Settings {
        assume_unique: true,
        max_level: Difficulty::Extreme,
    });
    let explanation = solver.explain(grid);
    let mut score: u32 = explanation.steps.iter().map(|s| s.technique.base_score()).sum();
    let hardest = explanation
        .steps
        .iter()
        .map(|s| s.technique)
        .max_by_key(|t| (t.level(), t.base_score()));
    let mut difficulty = hardest.map_or(Difficulty::Easy, Technique::level);
    let solved = explanation.outcome == Outcome::Solved;
    let mut guesses = 0;
    if solved {
        while difficulty.max_score().is_some_and(|max| score > max) {
            difficulty = difficulty.next();
        }
    } else {
        let problem = TechniqueProblem::new(Difficulty::Unfair, Strategy::Greedy);
        guesses = stuck(&problem, explanation.end.clone())?;
        let open = explanation.end.open_cells() as u32;
        score = STUCK_SCORE
            .saturating_add(OPEN_CELL_SCORE.saturating_mul(open))
            .saturating_add(GUESS_SCORE.saturating_mul(guesses.min(u64::from(u32::MAX)) as u32));
        difficulty = Difficulty::Extreme;
    }
    Ok(Rating {
        difficulty,
        score,
        solved_by_techniques: solved,
        hardest,
        steps: explanation.steps.len(),
        guesses,
    })
}

/// Generate a puzzle of grade `target` with `generator`: draw puzzles from `rng` until one
/// rates `target`, at most `attempts` times (`None` when none did).
///
/// ```
/// use rand::SeedableRng;
/// use sudoku_core::{Layout, generate::{GenerateOptions, Generator}, grading::{Difficulty, generate_graded, rate}};
/// let generator = Generator::new(Layout::NINE, GenerateOptions { symmetric: false, minimal: true });
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let puzzle = generate_graded(&generator, Difficulty::Easy, &mut rng, 50).expect("easy puzzles are common");
/// assert_eq!(rate(&puzzle).unwrap().difficulty, Difficulty::Easy);
/// ```
pub fn generate_graded(generator: &Generator, target: Difficulty, rng: &mut ChaCha8Rng, attempts: u32) -> Option<Grid> {
    (0..attempts).find_map(|_| {
        let puzzle = generator.generate_with(rng);
        (rate_unique(&puzzle).difficulty == target).then_some(puzzle)
    })
}

/// [`generate_graded`] within `budget`: every attempt's generation (its solution grid and
/// uniqueness checks) and the search that finishes rating a puzzle the techniques leave stuck
/// are charged to the one budget, so a node limit bounds every search made for the puzzle.
/// The techniques themselves are not counted in nodes (they are bounded on their own); the
/// deadline and the cancellation flag are looked at before every search.
/// `Ok(None)` when no attempt rated `target`; a puzzle found is the one [`generate_graded`]
/// finds from the same `rng`.
///
/// ```
/// use rand::SeedableRng;
/// use search_core::Budget;
/// use sudoku_core::{Layout, generate::{GenerateOptions, Generator}, grading::{Difficulty, try_generate_graded}};
/// let generator = Generator::new(Layout::NINE, GenerateOptions { symmetric: false, minimal: true });
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let tiny = Budget::unlimited().with_node_limit(50);
/// assert!(try_generate_graded(&generator, Difficulty::Easy, &mut rng, 50, &tiny).is_err());
/// ```
///
/// # Errors
/// [`GenerateError::Stopped`] when the budget runs out before a puzzle of the grade is found
/// or the attempts are used up.
pub fn try_generate_graded(
    generator: &Generator,
    target: Difficulty,
    rng: &mut ChaCha8Rng,
    attempts: u32,
    budget: &Budget,
) -> Result<Option<Grid>, GenerateError> {
    let mut account = Account::new(budget);
    for _ in 0..attempts {
        let puzzle = generator.generate_charged(rng, &mut account)?;
        let rating = rate_with(&puzzle, |problem, end| {
            let report = account.run(STUCK_NODES, |budget| count_solutions(problem, end, 2, &budget))?;
            Ok::<_, GenerateError>(report.stats.guesses)
        })?;
        if rating.difficulty == target {
            return Ok(Some(puzzle));
        }
    }
    Ok(None)
}
