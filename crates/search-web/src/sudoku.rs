//! The Sudoku endpoints: solve, count, explain step by step (with the grid before each step),
//! and generate by grade. All logic is sudoku-core's.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search_core::Budget;
use serde::{Deserialize, Serialize};
use sudoku_core::explain::{LogicalSolver, Settings, is_contradictory};
use sudoku_core::generate::{GenerateOptions, Generator};
use sudoku_core::grading::{Difficulty, rate, try_generate_graded};
use sudoku_core::{Candidates, Grid, House, Layout, Solver, Strategy};

use crate::AppState;
use crate::error::ApiError;
use crate::json::ApiJson;

/// Steps an explanation may take (a 9×9 solve takes at most 81 placements and a few hundred
/// eliminations).
const MAX_STEPS: usize = 2000;
/// Puzzles a generation may try for its grade.
const GENERATE_ATTEMPTS: u32 = 500;

/// `{"puzzle"}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleRequest {
    puzzle: String,
}

/// `POST /api/sudoku/count`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountRequest {
    puzzle: String,
    limit: Option<u64>,
}

/// `POST /api/sudoku/generate`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    grade: String,
    seed: Option<u64>,
}

/// `POST /api/sudoku/solve`.
#[derive(Debug, Serialize)]
pub struct SolveBody {
    solution: Option<String>,
    solutions: u64,
    nodes: u64,
}

/// `POST /api/sudoku/count`.
#[derive(Debug, Serialize)]
pub struct CountBody {
    count: u64,
    complete: bool,
}

#[derive(Debug, Serialize)]
struct PlacementBody {
    cell: u16,
    digit: u8,
}

#[derive(Debug, Serialize)]
struct HouseBody {
    kind: &'static str,
    index: u8,
}

#[derive(Debug, Serialize)]
struct StepBody {
    technique: &'static str,
    name: &'static str,
    text: String,
    placements: Vec<PlacementBody>,
    eliminations: Vec<PlacementBody>,
    cells: Vec<usize>,
    houses: Vec<HouseBody>,
    candidates: Vec<u32>,
    values: Vec<u8>,
}

/// `POST /api/sudoku/explain`.
#[derive(Debug, Serialize)]
pub struct ExplainBody {
    steps: Vec<StepBody>,
    outcome: &'static str,
    grade: Option<&'static str>,
    score: Option<u32>,
    rating_error: Option<String>,
}

/// `POST /api/sudoku/generate`.
#[derive(Debug, Serialize)]
pub struct GenerateBody {
    puzzle: String,
    grade: &'static str,
    score: u32,
    seed: u64,
}

fn parse(puzzle: &str) -> Result<Grid, ApiError> {
    let grid: Grid = puzzle.parse().map_err(|err| ApiError::bad("puzzle", err))?;
    if grid.layout() != Layout::NINE {
        return Err(ApiError::bad("puzzle", "the playground plays 9x9 Sudoku (81 cells)"));
    }
    Ok(grid)
}

fn budget(state: &AppState) -> Budget {
    Budget::unlimited()
        .with_node_limit(state.config.sudoku_nodes)
        .with_time_limit(state.config.sudoku_budget)
}

fn line(grid: &Grid) -> String {
    grid.values()
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
}

type Shared = State<Arc<AppState>>;

/// `POST /api/sudoku/solve`: the solution, and whether it is the only one (counted to 2).
///
/// # Errors
/// 400 for puzzle text that does not parse; 503 when the workers are busy.
pub async fn solve(
    State(state): Shared,
    ApiJson(request): ApiJson<PuzzleRequest>,
) -> Result<Json<SolveBody>, ApiError> {
    let grid = parse(&request.puzzle)?;
    let budget = budget(&state);
    state
        .workers
        .run(move || {
            let solver = Solver::new(Strategy::Greedy).with_budget(budget);
            let solutions = solver.solutions(&grid, 2);
            if !solutions.is_complete() {
                return Err(ApiError::unavailable("the search ran out of its budget"));
            }
            Ok(Json(SolveBody {
                solution: solutions.value.first().map(line),
                solutions: solutions.value.len() as u64,
                nodes: solutions.stats.nodes,
            }))
        })
        .await?
}

/// `POST /api/sudoku/count`: solutions counted up to a limit.
///
/// # Errors
/// 400 for bad puzzle text or a limit out of range; 503 when the workers are busy.
pub async fn count(State(state): Shared, ApiJson(request): ApiJson<CountRequest>) -> Result<Json<CountBody>, ApiError> {
    let grid = parse(&request.puzzle)?;
    let limit = request.limit.unwrap_or(1000);
    if !(1..=10_000).contains(&limit) {
        return Err(ApiError::bad("limit", format!("the limit {limit} is not in 1..=10000")));
    }
    let budget = budget(&state);
    state
        .workers
        .run(move || {
            let report = Solver::new(Strategy::Greedy).with_budget(budget).count(&grid, limit);
            Json(CountBody {
                count: report.value,
                complete: report.is_complete(),
            })
        })
        .await
}

fn house_body(house: House) -> HouseBody {
    match house {
        House::Row(i) => HouseBody { kind: "row", index: i },
        House::Col(i) => HouseBody {
            kind: "column",
            index: i,
        },
        House::Box(i) => HouseBody { kind: "box", index: i },
    }
}

/// `POST /api/sudoku/explain`: the logical solve, one step at a time, with the grid before
/// each step, and the puzzle's grade.
///
/// # Errors
/// 400 for bad puzzle text; 503 when the workers are busy.
pub async fn explain(
    State(state): Shared,
    ApiJson(request): ApiJson<PuzzleRequest>,
) -> Result<Json<ExplainBody>, ApiError> {
    let grid = parse(&request.puzzle)?;
    state
        .workers
        .run(move || {
            let solver = LogicalSolver::new(Settings::default());
            let mut cands = Candidates::from_grid(&grid);
            let mut steps = Vec::new();
            let outcome = loop {
                if is_contradictory(&cands) {
                    break "contradiction";
                }
                if cands.is_solved() {
                    break "solved";
                }
                if steps.len() >= MAX_STEPS {
                    break "stuck";
                }
                let Some(step) = solver.next_step(&cands) else {
                    break "stuck";
                };
                let mentions = step.mentions(Layout::NINE);
                let values: Vec<u8> = (0..81).map(|c| cands.value(c).unwrap_or(0)).collect();
                let candidates = (0..81)
                    .map(|c| {
                        if cands.value(c).is_some() {
                            0
                        } else {
                            cands.candidates(c).bits()
                        }
                    })
                    .collect();
                let ok = step.apply(&mut cands);
                steps.push(StepBody {
                    technique: step.technique.id(),
                    name: step.technique.name(),
                    placements: step
                        .placements
                        .iter()
                        .map(|p| PlacementBody {
                            cell: p.cell,
                            digit: p.digit,
                        })
                        .collect(),
                    eliminations: step
                        .eliminations
                        .iter()
                        .map(|p| PlacementBody {
                            cell: p.cell,
                            digit: p.digit,
                        })
                        .collect(),
                    cells: mentions.cells,
                    houses: mentions.houses.into_iter().map(house_body).collect(),
                    text: step.text,
                    candidates,
                    values,
                });
                if !ok {
                    break "contradiction";
                }
            };
            let (grade, score, rating_error) = match rate(&grid) {
                Ok(rating) => (Some(rating.difficulty.name()), Some(rating.score), None),
                Err(err) => (None, None, Some(err.to_string())),
            };
            Json(ExplainBody {
                steps,
                outcome,
                grade,
                score,
                rating_error,
            })
        })
        .await
}

/// `POST /api/sudoku/generate`: a puzzle of the grade, from the seed.
///
/// # Errors
/// 400 for an unknown grade; 503 when nothing is found within the budget or the workers are busy.
pub async fn generate(
    State(state): Shared,
    ApiJson(request): ApiJson<GenerateRequest>,
) -> Result<Json<GenerateBody>, ApiError> {
    let target: Difficulty = request.grade.parse().map_err(|err| ApiError::bad("grade", err))?;
    let seed = request.seed.unwrap_or_else(|| state.next_seed());
    let budget = budget(&state);
    state
        .workers
        .run(move || {
            let generator = Generator::new(
                Layout::NINE,
                GenerateOptions {
                    symmetric: true,
                    minimal: true,
                },
            );
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let found = try_generate_graded(&generator, target, &mut rng, GENERATE_ATTEMPTS, &budget);
            let Ok(Some(puzzle)) = found else {
                return Err(ApiError::unavailable(format!(
                    "no {target} puzzle found from seed {seed} within the budget; try another seed"
                )));
            };
            let rating = rate(&puzzle).map_err(ApiError::bad_request)?;
            Ok(Json(GenerateBody {
                puzzle: line(&puzzle),
                grade: rating.difficulty.name(),
                score: rating.score,
                seed,
            }))
        })
        .await?
}
