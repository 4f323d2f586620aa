//! # search-web
//!
//! The web playground of the search workspace: a local web app where a person plays
//! Minesweeper, Connect Four and Sudoku in a browser against the engines and watches them
//! think (heat maps, hints with their reasons, every column's score, a step-by-step
//! explanation). The page is plain HTML, CSS and JavaScript embedded in the binary; the JSON
//! endpoints it calls are thin layers over `automine-core`, `automine-learn`,
//! `adversarial-core` and `sudoku-core` (docs/playground.md lists them).
//!
//! Every request is bounded: bodies by size, engine calls by a node and time budget, run on
//! blocking threads a few at a time ([`work::Workers`]), and live games by number and idle
//! time ([`store::GameStore`]). Bad input gets a 4xx with a JSON body naming the problem.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! search_web::serve(listener, search_web::ServerConfig::default()).await
//! # }
//! ```
//!
//! In tests, [`router`] gives the app without a socket:
//! ```
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! use tower::ServiceExt;
//! let app = search_web::router(search_web::ServerConfig::default());
//! let response = app
//!     .oneshot(axum::http::Request::get("/api/health").body(axum::body::Body::empty()).unwrap())
//!     .await
//!     .unwrap();
//! assert_eq!(response.status(), 200);
//! # });
//! ```

#![forbid(unsafe_code)]

pub mod assets;
pub mod config;
pub mod connect4;
pub mod error;
pub mod json;
pub mod mines;
pub mod store;
pub mod sudoku;
pub mod work;

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use automine_learn::{LearnError, MinePredictor};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use config::ServerConfig;
pub use error::ApiError;

/// What every request shares: the limits, the games, the workers and the loaded models.
#[derive(Debug)]
pub struct AppState {
    /// The limits.
    pub config: ServerConfig,
    /// Live Minesweeper games.
    pub mines: store::GameStore<mines::MinesSession>,
    /// Where engine calls run.
    pub workers: work::Workers,
    /// Connect Four solvers with their tables.
    pub connect4: connect4::SolverPool,
    /// The shipped student network (exact labels), or why it could not be loaded.
    pub student: Result<MinePredictor, LearnError>,
    seeds: Mutex<ChaCha8Rng>,
}

impl AppState {
    /// The state for `config`.
    pub fn new(config: ServerConfig) -> Self {
        Self {
            mines: store::GameStore::new(config.max_games, config.game_ttl, config.seed),
            workers: work::Workers::new(config.workers, config.workers * 64),
            connect4: connect4::SolverPool::new(config.workers),
            student: automine_learn::shipped::student_exact(),
            seeds: Mutex::new(ChaCha8Rng::seed_from_u64(config.seed ^ 0x9e37_79b9_7f4a_7c15)),
            config,
        }
    }

    /// A seed for a game or puzzle requested without one.
    pub fn next_seed(&self) -> u64 {
        let mut rng = self.seeds.lock().unwrap_or_else(PoisonError::into_inner);
        mines::draw_seed(&mut *rng)
    }
}

async fn health() -> &'static str {
    "ok"
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such endpoint (docs/playground.md lists them)")
}

async fn method_not_allowed() -> ApiError {
    ApiError {
        status: axum::http::StatusCode::METHOD_NOT_ALLOWED,
        message: "this endpoint does not take that method".to_owned(),
        field: None,
    }
}

/// The app: the page, its assets and every endpoint, over a new [`AppState`].
pub fn router(config: ServerConfig) -> Router {
    router_with(Arc::new(AppState::new(config)))
}

/// The app over a given state (to share it, or to look at it in tests).
pub fn router_with(state: Arc<AppState>) -> Router {
    let limit = state.config.max_body_bytes;
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/health", get(health))
        .route("/api/mines/games", post(mines::new_game))
        .route("/api/mines/games/mbf", post(mines::load_mbf))
        .route("/api/mines/games/{id}", get(mines::get_game))
        .route("/api/mines/games/{id}/reveal", post(mines::reveal))
        .route("/api/mines/games/{id}/flag", post(mines::flag))
        .route("/api/mines/games/{id}/chord", post(mines::chord))
        .route("/api/mines/games/{id}/map", get(mines::map))
        .route("/api/mines/games/{id}/hint", get(mines::hint))
        .route("/api/mines/games/{id}/step", post(mines::step))
        .route("/api/mines/games/{id}/mbf", get(mines::save_mbf))
        .route("/api/mines/analyse", post(mines::analyse))
        .route("/api/connect4/analyse", post(connect4::analyse))
        .route("/api/connect4/move", post(connect4::best_move))
        .route("/api/sudoku/solve", post(sudoku::solve))
        .route("/api/sudoku/count", post(sudoku::count))
        .route("/api/sudoku/explain", post(sudoku::explain))
        .route("/api/sudoku/generate", post(sudoku::generate))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(limit))
        .layer(axum::middleware::map_response(error::json_errors))
        .with_state(state)
}

/// Serve the app on `listener` until the process ends; idle games are dropped every minute.
///
/// # Errors
/// When the listener fails.
pub async fn serve(listener: tokio::net::TcpListener, config: ServerConfig) -> std::io::Result<()> {
    let state = Arc::new(AppState::new(config));
    let sweeper = Arc::clone(&state);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_mins(1));
        loop {
            tick.tick().await;
            sweeper.mines.expire();
        }
    });
    axum::serve(listener, router_with(state)).await
}
