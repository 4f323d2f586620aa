//! # automine-core
//!
//! The Minesweeper engine of the search workspace: boards laid from a seed, games with flood
//! fill, flags and chording, AutoMine's "teacher" estimate, **exact** mine probabilities
//! enumerated on [`search_core`]'s constraint search, uniformly drawn layouts consistent with
//! a view, a simple safest-cell player and a player that plays to win
//! ([`player::exact`], with the [`policy`]: forced 50/50s first, a guess by secondary safety,
//! an exhaustive endgame search) with a seeded win-rate harness ([`measure`]), NumPy training data and pictures (terminal and SVG).
//!
//! ## Example: play, then ask where the mines are
//! ```
//! use automine_core::{Col, FirstClick, Game, Pos, Preset, Row, exact_probabilities};
//!
//! let mut game = Game::new(Preset::Expert.settings(FirstClick::Opening), 2024);
//! game.reveal(Pos::new(Col(15), Row(8)))?;
//! let map = exact_probabilities(game.view())?;
//! // Exact probabilities sum to the mines left.
//! assert!((map.expected_mines() - 99.0).abs() < 1e-6);
//! let (safest, p) = map.safest().unwrap();
//! println!("safest cell {} with P(mine) = {p:.4}", game.view().dims().pos(safest));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Example: a position as text
//! ```
//! use automine_core::{Col, FirstClick, Game, PlayerView, Pos, Preset, Row, exact_probabilities};
//!
//! // A position as text: `WxH M`, then `.` covered, `F` flag, `0`-`8` numbers.
//! let view: PlayerView = "4x3 2\n001.\n002.\n001.\n".parse().unwrap();
//! let map = exact_probabilities(&view).unwrap();
//! assert_eq!(map.get(Pos::new(Col(3), Row(1))), Some(0.0)); // certainly safe
//! assert_eq!(map.get(Pos::new(Col(3), Row(0))), Some(1.0)); // certainly a mine
//!
//! // A seeded game (same seed, same board everywhere); solvers only ever see `game.view()`.
//! let mut game = Game::new(Preset::Expert.settings(FirstClick::Safe), 7);
//! game.reveal(Pos::new(Col(0), Row(0))).unwrap();
//! let map = exact_probabilities(game.view()).unwrap();
//! assert!((map.expected_mines() - 99.0).abs() < 1e-9);
//! ```
//!
//! ## Example: play to win, and measure it
//! ```
//! use automine_core::player::exact::{ExactPlayer, PlayerOptions};
//! use automine_core::measure::harness::{PlayerKind, Trial, run_trial};
//! use automine_core::{FirstClick, Game, GameStatus, Preset, play_out};
//!
//! // One game: the player sees only the view and plays until the game is over.
//! let rule = FirstClick::Safe;
//! let mut game = Game::new(Preset::Beginner.settings(rule), 11);
//! play_out(&mut game, &mut ExactPlayer::new(PlayerOptions::new(rule)), 1000)?;
//! assert_ne!(game.status(), GameStatus::Playing);
//!
//! // Games 0..50: the win rate with its Wilson 95% interval (same on every thread count).
//! let trial = Trial { settings: Preset::Beginner.settings(rule), seed: 0, games: 50, player: PlayerKind::exact(rule) };
//! let summary = run_trial(&trial, || {})?;
//! assert!(summary.ci95().low <= summary.win_rate() && summary.win_rate() <= summary.ci95().high);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//! The default player's win rates over 10^5 to 10^6 games per preset and first-click rule,
//! with the commands that reproduce them, are in the repository's docs/BENCHMARKS.md
//! ("automine-core: win rates of the exact player"); how each part of its policy was
//! measured is in docs/minesweeper.md.
//!
//! ## Determinism
//! Layouts follow a documented algorithm on `ChaCha8Rng` ([`layout`]); games, players, data
//! sets, position suites, the layout sampler's draws and win-rate trials (whatever the
//! thread count) are deterministic functions of their seeds, the same on every platform.
//! Only the timings (games per second, seconds) vary from run to run.
//!
//! ## Modules
//! - [`geometry`]: typed columns, rows, sizes and positions (no bare `(usize, usize)`).
//! - [`settings`], [`layout`], [`game`], [`view`]: the rules, the hidden truth, the game and
//!   what a player sees.
//! - [`probability`]: exact probabilities, the layout sampler, the teacher and the
//!   brute-force reference.
//! - [`player`], [`suite`]: the [`Player`] trait and its [`Decision`]; the safest-cell, exact
//!   and teacher players; play-outs; reproducible position suites.
//! - [`policy`]: the exact player's parts: first click, endgame search, isolated regions,
//!   50/50s, the guess and its long-term risk.
//! - [`measure`]: the win-rate harness, paired comparisons and the loss profile.
//! - [`cell_set`], [`error`]: the covered-cell bitset; the typed errors.
//! - [`training`]: the `.npy` writer and the training data set.
//! - [`render`]: terminal rendering and the SVG heat map.
//! - [`mbf`]: Minesweeper X's `.mbf` board files, read and written.
//! - [`no_guess`]: boards laid at the first click that exact logic solves without a guess.
//!
//! ## Feature flags
//! - `parallel`: large frontier components are enumerated on rayon (same results).
//! - `serde`: `Serialize` and `Deserialize` for [`FirstClick`] and [`settings::Preset`] (by
//!   name: `"safe"`, `"expert"`), [`Dims`] (`{"width": 30, "height": 16}`), [`Pos`]
//!   (`{"col": 4, "row": 2}`, from 0), [`GameSettings`] (`{"width": 30, "height": 16,
//!   "mines": 99, "first_click": "safe"}`), [`view::PlayerView`] (its text format as one
//!   string), [`MineLayout`] (`{"width": 9, "height": 9, "mines": [0, 17, …]}`, cell ids in
//!   row-major order), [`GameStatus`] (`"playing"`, `"won"`, `{"lost": {"col": …, "row":
//!   …}}`) and [`Game`], a saved game (`{"settings", "seed", "layout", "view", "status"}`:
//!   the layout is `null` until the first click lays it, and is in the document, so keep
//!   saved games from the player); also search-core's `serde` feature. A document is checked
//!   by the same constructors and parsers as any other input, and a game's parts against each
//!   other: too many mines, a mine off the board or given twice, a view whose numbers or
//!   status the layout contradicts, or an unknown field is refused with an error that says so.

#![forbid(unsafe_code)]

pub mod cell_set;
pub mod error;
pub mod game;
pub mod geometry;
pub mod layout;
pub mod mbf;
pub mod measure;
pub mod no_guess;
pub mod player;
pub mod policy;
pub mod probability;
pub mod render;
pub mod settings;
pub mod suite;
pub mod training;
pub mod view;

#[cfg(feature = "serde")]
mod serde_impls;

pub use search_core;

pub use cell_set::CellSet;
pub use error::{BoardError, PlayError, ProbabilityError};
pub use game::{Game, GameStatus, MoveOutcome};
pub use geometry::{CellId, Col, Dims, Height, MAX_SIDE, Neighbours, Pos, Row, SizeError, Width};
pub use layout::MineLayout;
pub use mbf::{MbfError, from_mbf, to_mbf};
pub use no_guess::{NoGuessError, NoGuessLayout, no_guess_layout};
pub use player::decision::{Decision, Reason};
pub use player::{Player, SafestCellPlayer, SimulationError, play_out};
pub use probability::brute_force::{BRUTE_FORCE_LIMIT, brute_force_probabilities};
pub use probability::exact::{
    ComponentCache, ExactAnalysis, LayoutSampler, exact_analysis, exact_analysis_cached, exact_analysis_sequential,
    exact_probabilities,
};
pub use probability::map::ProbabilityMap;
pub use probability::teacher::{Teacher, teacher_probabilities};
pub use settings::{FirstClick, GameSettings, Preset, UnknownName};
pub use training::dataset::{DatasetConfig, DatasetError, DatasetSummary, LabelKind, write_dataset};
pub use view::{CellView, PlayerView};
