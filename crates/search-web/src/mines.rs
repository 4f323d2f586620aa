//! The Minesweeper endpoints: games in the [`GameStore`], maps (exact, teacher, student), the
//! exact player's decisions, `.mbf` files and the analyser. All logic is automine-core's.

use std::sync::Arc;

use automine_core::player::exact::{ExactPlayer, PlayerOptions};
use automine_core::{
    CellView, Col, Dims, FirstClick, Game, GameSettings, GameStatus, Height, MineLayout, PlayerView, Pos, Preset,
    ProbabilityMap, Row, Width, exact_analysis, mbf, no_guess, teacher_probabilities,
};
use automine_core::{Decision, Reason};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use rand::Rng;
use search_core::Budget;
use serde::{Deserialize, Serialize};

use crate::AppState;
use crate::error::ApiError;
use crate::json::ApiJson;
use crate::store::GameStore;

/// One live game and the player that answers its hints.
#[derive(Debug)]
pub struct MinesSession {
    game: Game,
    settings: GameSettings,
    seed: Option<u64>,
    no_guess: bool,
    /// Under `no_guess`, whether the first click has laid the board yet.
    laid: bool,
    player: ExactPlayer,
    moves: u32,
}

/// `POST /api/mines/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    preset: Option<Preset>,
    width: Option<u16>,
    height: Option<u16>,
    mines: Option<u32>,
    first_click: Option<FirstClick>,
    seed: Option<u64>,
    #[serde(default)]
    no_guess: bool,
}

/// A cell in a request.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellRequest {
    col: u16,
    row: u16,
}

/// Where a map comes from.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum MapSource {
    /// Exact probabilities (automine-core).
    Exact,
    /// `AutoMine`'s teacher estimate.
    Teacher,
    /// The shipped student network (automine-learn).
    Student,
}

impl MapSource {
    const fn name(self) -> &'static str {
        match self {
            Self::Exact => "exact",
            Self::Teacher => "teacher",
            Self::Student => "student",
        }
    }
}

/// `?source=` of the map endpoint.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapQuery {
    source: Option<MapSource>,
}

/// `POST /api/mines/analyse`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyseRequest {
    position: String,
    source: Option<MapSource>,
}

#[derive(Debug, Serialize)]
struct SettingsBody {
    width: u16,
    height: u16,
    mines: u32,
    first_click: &'static str,
}

#[derive(Debug, Serialize)]
struct CellBody {
    col: u16,
    row: u16,
}

impl From<Pos> for CellBody {
    fn from(pos: Pos) -> Self {
        Self {
            col: pos.col().0,
            row: pos.row().0,
        }
    }
}

/// The state of a game as the page sees it (the layout only once the game has ended).
#[derive(Debug, Serialize)]
pub struct GameState {
    id: String,
    settings: SettingsBody,
    seed: Option<u64>,
    no_guess: bool,
    status: &'static str,
    exploded: Option<CellBody>,
    rows: Vec<String>,
    mines_left: i64,
    moves: u32,
    mines: Option<Vec<usize>>,
    position: String,
}

/// A probability map: one entry per cell in row-major order, `null` for open or flagged cells.
#[derive(Debug, Serialize)]
pub struct MapBody {
    source: &'static str,
    width: u16,
    height: u16,
    p: Vec<Option<f64>>,
    stopped: bool,
}

/// A decision of the exact player.
#[derive(Debug, Serialize)]
pub struct DecisionBody {
    col: u16,
    row: u16,
    reason: &'static str,
    p_safe: f64,
    win_probability: Option<f64>,
    text: String,
    stopped: bool,
}

impl From<&Decision> for DecisionBody {
    fn from(decision: &Decision) -> Self {
        let win_probability = match decision.reason {
            Reason::Endgame { win_probability } => Some(win_probability),
            _ => None,
        };
        Self {
            col: decision.pos.col().0,
            row: decision.pos.row().0,
            reason: decision.reason.name(),
            p_safe: decision.p_safe,
            win_probability,
            text: decision.to_string(),
            stopped: decision.stopped,
        }
    }
}

/// `POST /api/mines/games/{id}/step`.
#[derive(Debug, Serialize)]
pub struct StepBody {
    decision: DecisionBody,
    state: GameState,
}

/// `POST /api/mines/analyse`.
#[derive(Debug, Serialize)]
pub struct AnalyseBody {
    map: MapBody,
    decision: Option<DecisionBody>,
}

fn state_of(id: &str, session: &MinesSession) -> GameState {
    let view = session.game.view();
    let text = view.to_string();
    let over = session.game.status() != GameStatus::Playing;
    let (status, exploded) = match session.game.status() {
        GameStatus::Playing => ("playing", None),
        GameStatus::Won => ("won", None),
        GameStatus::Lost(pos) => ("lost", Some(CellBody::from(pos))),
    };
    let flags = view.cells().iter().filter(|&&c| c == CellView::Flagged).count() as i64;
    GameState {
        id: id.to_owned(),
        settings: SettingsBody {
            width: session.settings.dims().width().0,
            height: session.settings.dims().height().0,
            mines: session.settings.mines(),
            first_click: session.settings.first_click().name(),
        },
        seed: session.seed,
        no_guess: session.no_guess,
        status,
        exploded,
        rows: text.lines().skip(1).map(str::to_owned).collect(),
        mines_left: i64::from(session.settings.mines()) - flags,
        moves: session.moves,
        mines: over
            .then(|| {
                session
                    .game
                    .hidden_layout()
                    .map(|layout| layout.mines().iter().map(|id| id.0 as usize).collect())
            })
            .flatten(),
        position: text,
    }
}

fn settings_of(request: &NewGame, max_cells: usize) -> Result<GameSettings, ApiError> {
    let rule = request.first_click.unwrap_or(FirstClick::Safe);
    let settings = match (request.preset, request.width, request.height, request.mines) {
        (Some(preset), None, None, None) => preset.settings(rule),
        (None, Some(width), Some(height), Some(mines)) => {
            let dims = Dims::new(Width(width), Height(height)).map_err(|err| ApiError::bad("width", err))?;
            if dims.cell_count() > max_cells {
                return Err(ApiError::bad(
                    "width",
                    format!(
                        "a {dims} board has {} cells; this server plays at most {max_cells}",
                        dims.cell_count()
                    ),
                ));
            }
            GameSettings::new(dims, mines, rule).map_err(|err| ApiError::bad("mines", err))?
        }
        (Some(_), ..) => {
            return Err(ApiError::bad(
                "preset",
                "give either a preset or width, height and mines, not both",
            ));
        }
        _ => return Err(ApiError::bad_request("give a preset, or width, height and mines")),
    };
    Ok(settings)
}

fn pos_of(session: &MinesSession, cell: CellRequest) -> Result<Pos, ApiError> {
    let pos = Pos::new(Col(cell.col), Row(cell.row));
    let dims = session.game.view().dims();
    if dims.id(pos).is_none() {
        return Err(ApiError::bad("col", format!("{pos} is off the {dims} board")));
    }
    if session.game.status() != GameStatus::Playing {
        return Err(ApiError::bad_request("the game is over"));
    }
    Ok(pos)
}

fn budget(state: &AppState) -> Budget {
    Budget::unlimited()
        .with_time_limit(state.config.mines_budget)
        .with_node_limit(state.config.mines_nodes)
}

/// Open `pos`; under `no_guess`, the first click lays the board first.
fn reveal_in(session: &mut MinesSession, pos: Pos, budget: &Budget) -> Result<(), ApiError> {
    if session.no_guess && !session.laid {
        let seed = session.seed.unwrap_or(0);
        let board = no_guess::no_guess_layout(session.settings, seed, pos, budget)
            .map_err(|err| ApiError::unavailable(format!("no no-guess board: {err}")))?;
        session.game = Game::with_layout(session.settings, board.layout).map_err(ApiError::bad_request)?;
        session.laid = true;
    }
    session.game.reveal(pos).map_err(|err| ApiError::bad("col", err))?;
    session.moves += 1;
    Ok(())
}

fn decide(session: &mut MinesSession, budget: &Budget) -> Result<Decision, ApiError> {
    if session.game.status() != GameStatus::Playing {
        return Err(ApiError::bad_request("the game is over"));
    }
    let view = session.game.view().without_flags();
    session
        .player
        .decide(&view, budget)
        .map_err(|err| ApiError::bad_request(format!("no move: {err}")))
}

fn map_of(state: &AppState, view: &PlayerView, source: MapSource, budget: &Budget) -> Result<MapBody, ApiError> {
    let view = view.without_flags();
    let (map, stopped): (ProbabilityMap, bool) = match source {
        MapSource::Exact => match exact_analysis(&view, budget) {
            Ok(analysis) => (analysis.map, false),
            Err(automine_core::ProbabilityError::Stopped(_)) => (
                teacher_probabilities(&view).map_err(|err| ApiError::bad("position", err))?,
                true,
            ),
            Err(err) => return Err(ApiError::bad("position", err)),
        },
        MapSource::Teacher => (
            teacher_probabilities(&view).map_err(|err| ApiError::bad("position", err))?,
            false,
        ),
        MapSource::Student => {
            let model = state
                .student
                .as_ref()
                .map_err(|err| ApiError::unavailable(format!("no student network: {err}")))?;
            (
                model.predict(&view).map_err(|err| ApiError::bad("position", err))?,
                false,
            )
        }
    };
    let dims = view.dims();
    Ok(MapBody {
        source: source.name(),
        width: dims.width().0,
        height: dims.height().0,
        p: map.values().to_vec(),
        stopped,
    })
}

type Shared = State<Arc<AppState>>;

/// `POST /api/mines/games`.
///
/// # Errors
/// 400 for a bad size, mine count or seed; 503 when the store is full.
pub async fn new_game(State(state): Shared, ApiJson(request): ApiJson<NewGame>) -> Result<Json<GameState>, ApiError> {
    let settings = settings_of(&request, state.config.max_cells)?;
    let seed = request.seed.unwrap_or_else(|| state.next_seed());
    let session = MinesSession {
        game: Game::new(settings, seed),
        settings,
        seed: Some(seed),
        no_guess: request.no_guess,
        laid: false,
        player: ExactPlayer::new(PlayerOptions::new(settings.first_click())),
        moves: 0,
    };
    let (id, game) = state.mines.insert(session)?;
    let session = GameStore::lock_game(&game);
    Ok(Json(state_of(&id, &session)))
}

/// `POST /api/mines/games/mbf`: a game on the layout of a `MinesweeperX` `.mbf` file.
///
/// # Errors
/// 400 for a file that is not a valid `.mbf` or too large a board; 503 when the store is full.
pub async fn load_mbf(State(state): Shared, body: Bytes) -> Result<Json<GameState>, ApiError> {
    let layout: MineLayout = mbf::from_mbf(&body).map_err(|err| ApiError::bad("mbf", err))?;
    if layout.dims().cell_count() > state.config.max_cells {
        return Err(ApiError::bad(
            "mbf",
            format!("the board has more than {} cells", state.config.max_cells),
        ));
    }
    let settings = GameSettings::new(layout.dims(), layout.mine_count() as u32, FirstClick::Any)
        .map_err(|err| ApiError::bad("mbf", err))?;
    let game = Game::with_layout(settings, layout).map_err(|err| ApiError::bad("mbf", err))?;
    let session = MinesSession {
        game,
        settings,
        seed: None,
        no_guess: false,
        laid: true,
        player: ExactPlayer::new(PlayerOptions::new(FirstClick::Any)),
        moves: 0,
    };
    let (id, game) = state.mines.insert(session)?;
    let session = GameStore::lock_game(&game);
    Ok(Json(state_of(&id, &session)))
}

/// `GET /api/mines/games/{id}`.
///
/// # Errors
/// 404 for an unknown or expired game.
pub async fn get_game(State(state): Shared, Path(id): Path<String>) -> Result<Json<GameState>, ApiError> {
    let game = state.mines.get(&id)?;
    let session = GameStore::lock_game(&game);
    Ok(Json(state_of(&id, &session)))
}

#[derive(Debug, Clone, Copy)]
enum Action {
    Reveal,
    Flag,
    Chord,
}

async fn act(state: Arc<AppState>, id: String, cell: CellRequest, action: Action) -> Result<Json<GameState>, ApiError> {
    let game = state.mines.get(&id)?;
    let budget = budget(&state);
    let workers = state.workers.clone();
    workers
        .run(move || {
            let mut session = GameStore::lock_game(&game);
            let pos = pos_of(&session, cell)?;
            match action {
                Action::Reveal => reveal_in(&mut session, pos, &budget)?,
                Action::Flag => {
                    session.game.toggle_flag(pos).map_err(|err| ApiError::bad("col", err))?;
                }
                Action::Chord => {
                    if session.game.view().cell(pos).is_some_and(|c| !c.is_closed()) {
                        session.game.chord(pos).map_err(|err| ApiError::bad("col", err))?;
                        session.moves += 1;
                    }
                }
            }
            Ok(Json(state_of(&id, &session)))
        })
        .await?
}

/// `POST /api/mines/games/{id}/reveal`.
///
/// # Errors
/// 400 for a cell off the board or a game that is over; 404 for an unknown game.
pub async fn reveal(
    State(state): Shared,
    Path(id): Path<String>,
    ApiJson(cell): ApiJson<CellRequest>,
) -> Result<Json<GameState>, ApiError> {
    act(state, id, cell, Action::Reveal).await
}

/// `POST /api/mines/games/{id}/flag`.
///
/// # Errors
/// 400 for a cell off the board or a game that is over; 404 for an unknown game.
pub async fn flag(
    State(state): Shared,
    Path(id): Path<String>,
    ApiJson(cell): ApiJson<CellRequest>,
) -> Result<Json<GameState>, ApiError> {
    act(state, id, cell, Action::Flag).await
}

/// `POST /api/mines/games/{id}/chord`.
///
/// # Errors
/// 400 for a cell off the board or a game that is over; 404 for an unknown game.
pub async fn chord(
    State(state): Shared,
    Path(id): Path<String>,
    ApiJson(cell): ApiJson<CellRequest>,
) -> Result<Json<GameState>, ApiError> {
    act(state, id, cell, Action::Chord).await
}

/// `GET /api/mines/games/{id}/map?source=exact|teacher|student`.
///
/// # Errors
/// 400 for an unknown source; 404 for an unknown game; 503 when the workers are busy.
pub async fn map(
    State(state): Shared,
    Path(id): Path<String>,
    query: Result<Query<MapQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<MapBody>, ApiError> {
    let Query(query) = query.map_err(|err| ApiError::bad("source", err.body_text()))?;
    let source = query.source.unwrap_or(MapSource::Exact);
    let game = state.mines.get(&id)?;
    let budget = budget(&state);
    let shared = Arc::clone(&state);
    state
        .workers
        .run(move || {
            let view = GameStore::lock_game(&game).game.view().clone();
            map_of(&shared, &view, source, &budget).map(Json)
        })
        .await?
}

/// `GET /api/mines/games/{id}/hint`.
///
/// # Errors
/// 400 for a game that is over; 404 for an unknown game; 503 when the workers are busy.
pub async fn hint(State(state): Shared, Path(id): Path<String>) -> Result<Json<DecisionBody>, ApiError> {
    let game = state.mines.get(&id)?;
    let budget = budget(&state);
    state
        .workers
        .run(move || {
            let mut session = GameStore::lock_game(&game);
            decide(&mut session, &budget).map(|d| Json(DecisionBody::from(&d)))
        })
        .await?
}

/// `POST /api/mines/games/{id}/step`: the exact player plays one move.
///
/// # Errors
/// 400 for a game that is over; 404 for an unknown game; 503 when the workers are busy.
pub async fn step(State(state): Shared, Path(id): Path<String>) -> Result<Json<StepBody>, ApiError> {
    let game = state.mines.get(&id)?;
    let budget = budget(&state);
    state
        .workers
        .run(move || {
            let mut session = GameStore::lock_game(&game);
            let decision = decide(&mut session, &budget)?;
            if session.game.view().cell(decision.pos) == Some(CellView::Flagged) {
                session
                    .game
                    .toggle_flag(decision.pos)
                    .map_err(|err| ApiError::bad("col", err))?;
            }
            reveal_in(&mut session, decision.pos, &budget)?;
            Ok(Json(StepBody {
                decision: DecisionBody::from(&decision),
                state: state_of(&id, &session),
            }))
        })
        .await?
}

/// `GET /api/mines/games/{id}/mbf`: the board as a `.mbf` file, once the game has ended.
///
/// # Errors
/// 400 while the game is still being played (the layout stays hidden); 404 for an unknown game.
pub async fn save_mbf(State(state): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    let game = state.mines.get(&id)?;
    let session = GameStore::lock_game(&game);
    if session.game.status() == GameStatus::Playing {
        return Err(ApiError::bad_request(
            "the board is saved once the game has ended (its mines stay hidden until then)",
        ));
    }
    let layout = session
        .game
        .hidden_layout()
        .ok_or_else(|| ApiError::bad_request("the board was never laid"))?;
    let bytes =
        mbf::to_mbf(layout).map_err(|err| ApiError::bad_request(format!("this board has no .mbf form: {err}")))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/octet-stream".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{id}.mbf\""),
            ),
        ],
        bytes,
    )
        .into_response())
}

/// `POST /api/mines/analyse`: the map and the exact player's choice for a position given as text.
///
/// # Errors
/// 400 for text that is not a position (line and column named) or a position no layout fits.
pub async fn analyse(
    State(state): Shared,
    ApiJson(request): ApiJson<AnalyseRequest>,
) -> Result<Json<AnalyseBody>, ApiError> {
    let view: PlayerView = request.position.parse().map_err(|err| ApiError::bad("position", err))?;
    if view.dims().cell_count() > state.config.max_cells {
        return Err(ApiError::bad(
            "position",
            format!("the board has more than {} cells", state.config.max_cells),
        ));
    }
    let source = request.source.unwrap_or(MapSource::Exact);
    let budget = budget(&state);
    let shared = Arc::clone(&state);
    state
        .workers
        .run(move || {
            let map = map_of(&shared, &view, source, &budget)?;
            let mut player = ExactPlayer::new(PlayerOptions::new(FirstClick::Safe));
            let decision = player.decide(&view.without_flags(), &budget).ok();
            Ok(Json(AnalyseBody {
                map,
                decision: decision.as_ref().map(DecisionBody::from),
            }))
        })
        .await?
}

/// A fresh seed for a game started without one.
pub(crate) fn draw_seed(rng: &mut impl Rng) -> u64 {
    rng.next_u64()
}
