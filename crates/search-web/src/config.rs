//! [`ServerConfig`]: the limits the server holds every request to.

use std::time::Duration;

/// What the server allows: body size, live games, how long an idle game lives, how much CPU an
/// engine call may take, and how many engine calls run at once.
///
/// ```
/// use search_web::ServerConfig;
/// let config = ServerConfig { max_games: 100, ..ServerConfig::default() };
/// assert_eq!(config.max_body_bytes, 64 * 1024);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ServerConfig {
    /// Largest request body accepted (bytes); larger ones get 413.
    pub max_body_bytes: usize,
    /// Live Minesweeper games kept at once; a new game beyond this gets 503 until old ones
    /// expire.
    pub max_games: usize,
    /// A game not touched for this long is dropped.
    pub game_ttl: Duration,
    /// Largest Minesweeper board (cells) a new game may have.
    pub max_cells: usize,
    /// Time budget of one Minesweeper map, hint or move of the player.
    pub mines_budget: Duration,
    /// Node budget of one Minesweeper map, hint or move of the player.
    pub mines_nodes: u64,
    /// Default and largest time budget of one Connect Four request.
    pub connect4_budget: Duration,
    /// Largest time budget a Connect Four request may ask for.
    pub connect4_max_budget: Duration,
    /// Node budget of one Sudoku solve, count or generation.
    pub sudoku_nodes: u64,
    /// Time budget of one Sudoku request.
    pub sudoku_budget: Duration,
    /// Engine calls that run at once (each on a blocking thread); others wait their turn.
    pub workers: usize,
    /// Seed of the server's own random numbers (game ids and the seeds of games started
    /// without one).
    pub seed: u64,
}

impl Default for ServerConfig {
    /// 64 KiB bodies, 1,000 games idle for at most 30 minutes, boards up to 10,000 cells,
    /// 2 s per engine call, one worker per core.
    fn default() -> Self {
        Self {
            max_body_bytes: 64 * 1024,
            max_games: 1000,
            game_ttl: Duration::from_mins(30),
            max_cells: 10_000,
            mines_budget: Duration::from_secs(2),
            mines_nodes: 20_000_000,
            connect4_budget: Duration::from_secs(2),
            connect4_max_budget: Duration::from_secs(5),
            sudoku_nodes: 5_000_000,
            sudoku_budget: Duration::from_secs(2),
            workers: std::thread::available_parallelism().map_or(2, std::num::NonZero::get),
            seed: 0x5eed,
        }
    }
}
