//! The Connect Four endpoints: every column's exact score within a time budget, and the
//! engine's move at three levels. Stateless: the position is its move string.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use adversarial_core::engine::{Engine, EngineConfig};
use adversarial_core::games::connect4::{ConnectFour, Mode, Position, Solver, Threats, WIDTH};
use adversarial_core::{Scoring, Side, Utility};
use axum::Json;
use axum::extract::State;
use search_core::Budget;
use serde::{Deserialize, Serialize};

use crate::AppState;
use crate::error::ApiError;
use crate::json::ApiJson;

/// Columns in the order they are analysed (the centre first: the best moves are found first).
const CENTRE_FIRST: [u32; 7] = [3, 2, 4, 1, 5, 0, 6];

/// Perfect solvers shared by the requests (each keeps its transposition table between
/// requests, so positions seen before are answered faster); a request takes a free one.
#[derive(Debug)]
pub struct SolverPool {
    solvers: Vec<Mutex<Solver>>,
}

impl SolverPool {
    /// `count` solvers (at least one), each with the default table (up to 64 MiB).
    pub fn new(count: usize) -> Self {
        Self {
            solvers: (0..count.max(1)).map(|_| Mutex::new(Solver::new())).collect(),
        }
    }

    fn with_solver<T>(&self, job: impl FnOnce(&mut Solver) -> T) -> T {
        for solver in &self.solvers {
            if let Ok(mut solver) = solver.try_lock() {
                return job(&mut solver);
            }
        }
        // Every solver busy (more workers than solvers): wait for the first.
        let mut solver = self.solvers[0].lock().unwrap_or_else(PoisonError::into_inner);
        job(&mut solver)
    }
}

/// `POST /api/connect4/analyse`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyseRequest {
    #[serde(default)]
    moves: String,
    budget_ms: Option<u64>,
}

/// How strongly the engine plays.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// The perfect solver's best column; where it cannot finish in time, the engine's.
    #[default]
    Perfect,
    /// The engine searching 8 plies.
    Strong,
    /// The engine searching 2 plies.
    Easy,
}

/// `POST /api/connect4/move`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    #[serde(default)]
    moves: String,
    #[serde(default)]
    level: Level,
    budget_ms: Option<u64>,
}

/// A position and every column's score for the side to move.
#[derive(Debug, Serialize, Clone)]
pub struct Analysis {
    moves: String,
    rows: Vec<String>,
    to_move: &'static str,
    over: bool,
    winner: Option<&'static str>,
    scores: [Option<i32>; 7],
    unknown: [bool; 7],
    full: [bool; 7],
    stopped: bool,
}

/// `POST /api/connect4/move`.
#[derive(Debug, Serialize)]
pub struct MoveBody {
    column: u32,
    analysis: Analysis,
}

const fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "X",
        Side::Second => "O",
    }
}

fn parse(moves: &str) -> Result<Position, ApiError> {
    if moves.len() > 42 {
        return Err(ApiError::bad(
            "moves",
            format!("{} moves: a game has at most 42", moves.len()),
        ));
    }
    Position::parse(moves).map_err(|err| ApiError::bad("moves", err))
}

fn time_budget(state: &AppState, budget_ms: Option<u64>) -> Result<Duration, ApiError> {
    let max = state.config.connect4_max_budget;
    match budget_ms {
        None => Ok(state.config.connect4_budget),
        Some(0) => Err(ApiError::bad("budget_ms", "the budget must be at least 1 ms")),
        Some(ms) if Duration::from_millis(ms) > max => Err(ApiError::bad(
            "budget_ms",
            format!("{ms} ms is over this server's {} ms", max.as_millis()),
        )),
        Some(ms) => Ok(Duration::from_millis(ms)),
    }
}

/// Solve every playable column of `position` by the perfect solver before `deadline`; each
/// column gets an equal share of the time that is left when its turn comes.
fn analyse_position(pool: &SolverPool, moves: &str, position: &Position, deadline: Instant) -> Analysis {
    let mut scores = [None; 7];
    let mut unknown = [false; 7];
    let mut full = [false; 7];
    let over = position.is_over();
    let playable: Vec<u32> = CENTRE_FIRST.iter().copied().filter(|&c| position.can_play(c)).collect();
    for col in 0..WIDTH {
        full[col as usize] = !position.can_play(col);
    }
    if !over {
        pool.with_solver(|solver| {
            for (done, &col) in playable.iter().enumerate() {
                let left = deadline.saturating_duration_since(Instant::now());
                let share = left / (playable.len() - done) as u32;
                let mut child = *position;
                child.play_column(col);
                let report = solver.solve(&child, Mode::Strong, &Budget::unlimited().with_time_limit(share));
                if report.is_complete() {
                    scores[col as usize] = Some(-report.value);
                } else {
                    unknown[col as usize] = true;
                }
            }
        });
    }
    let winner = position
        .opponent_has_won()
        .then(|| side_name(opponent(position.side_to_move())));
    let rows = (0..6u32)
        .rev()
        .map(|row| {
            (0..WIDTH)
                .map(|col| {
                    position
                        .stone(col, row)
                        .map_or('.', |side| if side == Side::First { 'X' } else { 'O' })
                })
                .collect()
        })
        .collect();
    Analysis {
        moves: moves.to_owned(),
        rows,
        to_move: side_name(position.side_to_move()),
        over,
        winner,
        scores,
        unknown,
        stopped: unknown.iter().any(|&u| u),
        full,
    }
}

const fn opponent(side: Side) -> Side {
    match side {
        Side::First => Side::Second,
        Side::Second => Side::First,
    }
}

fn engine_move(position: &Position, depth: u32, budget: &Budget) -> Option<u32> {
    let mut engine = Engine::new(EngineConfig::default().with_max_depth(depth));
    let report = engine.search(
        &ConnectFour,
        position,
        &Scoring::new(Utility::DISTANCE, Threats),
        budget,
    );
    report.value.best_move.map(u32::from)
}

/// The best column by the solved scores (the centre first among equals), if every column is
/// solved or a win is known.
fn solved_choice(analysis: &Analysis) -> Option<u32> {
    let best = CENTRE_FIRST
        .iter()
        .filter_map(|&c| analysis.scores[c as usize].map(|s| (c, s)))
        .fold(None, |best: Option<(u32, i32)>, (c, s)| match best {
            Some((_, b)) if b >= s => best,
            _ => Some((c, s)),
        })?;
    (!analysis.stopped || best.1 > 0).then_some(best.0)
}

type Shared = State<Arc<AppState>>;

/// `POST /api/connect4/analyse`.
///
/// # Errors
/// 400 for a bad move string (the bad character's position named) or budget.
pub async fn analyse(
    State(state): Shared,
    ApiJson(request): ApiJson<AnalyseRequest>,
) -> Result<Json<Analysis>, ApiError> {
    let position = parse(&request.moves)?;
    let limit = time_budget(&state, request.budget_ms)?;
    let shared = Arc::clone(&state);
    state
        .workers
        .run(move || {
            Json(analyse_position(
                &shared.connect4,
                &request.moves,
                &position,
                Instant::now() + limit,
            ))
        })
        .await
}

/// `POST /api/connect4/move`: the engine's column for the side to move.
///
/// # Errors
/// 400 for a bad move string or budget, or a game that is over.
pub async fn best_move(
    State(state): Shared,
    ApiJson(request): ApiJson<MoveRequest>,
) -> Result<Json<MoveBody>, ApiError> {
    let position = parse(&request.moves)?;
    if position.is_over() {
        return Err(ApiError::bad("moves", "the game is over"));
    }
    let limit = time_budget(&state, request.budget_ms)?;
    let shared = Arc::clone(&state);
    state
        .workers
        .run(move || {
            let start = Instant::now();
            // The analysis takes most of the budget; the engine's fallback search the rest.
            let analysis = analyse_position(&shared.connect4, &request.moves, &position, start + limit * 3 / 4);
            let fallback = Budget::unlimited().with_deadline(start + limit);
            let column = match request.level {
                Level::Perfect => solved_choice(&analysis).or_else(|| {
                    let engine = engine_move(&position, 42, &fallback)?;
                    // Never a column the solver knows to be worse than another solved one.
                    let best_known = analysis.scores.iter().flatten().max().copied();
                    match (analysis.scores[engine as usize], best_known) {
                        (Some(s), Some(b)) if s < b => solved_choice_any(&analysis),
                        _ => Some(engine),
                    }
                }),
                Level::Strong => engine_move(&position, 8, &fallback),
                Level::Easy => engine_move(&position, 2, &fallback),
            };
            let column = column
                .or_else(|| CENTRE_FIRST.iter().copied().find(|&c| position.can_play(c)))
                .ok_or_else(|| ApiError::bad("moves", "no column is free"))?;
            Ok(Json(MoveBody {
                column: column + 1,
                analysis,
            }))
        })
        .await?
}

/// The best solved column even when others are unknown.
fn solved_choice_any(analysis: &Analysis) -> Option<u32> {
    CENTRE_FIRST
        .iter()
        .filter_map(|&c| analysis.scores[c as usize].map(|s| (c, s)))
        .fold(None, |best: Option<(u32, i32)>, (c, s)| match best {
            Some((_, b)) if b >= s => best,
            _ => Some((c, s)),
        })
        .map(|(c, _)| c)
}
