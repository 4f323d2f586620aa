//! # adversarial-core
//!
//! The two-player game engine of the search workspace, built on [`search_core`]'s vocabulary:
//! a [`Game`] is a [`search_core::SearchSpace`] whose states are positions and whose choices
//! are moves, every search ticks a [`search_core::Meter`] against a [`search_core::Budget`]
//! and reports [`search_core::SearchStats`] in a [`search_core::Report`].
//!
//! - [`game`]: the [`Game`] trait (side to move, moves into a caller's buffer, copy-make play,
//!   outcome, ply, hash and symmetry-canonical hash).
//! - [`score`]: [`Utility`] (the lecture's +10/−10/0, colour ±1, or faster wins first),
//!   [`Evaluator`] for depth-limited search, [`Scoring`] bundling both.
//! - [`algorithms`]: the textbook searches — [`algorithms::minimax`] (complete, or cutoff with
//!   an evaluator), [`algorithms::alpha_beta`], [`algorithms::negamax`],
//!   [`algorithms::negamax_alpha_beta`].
//! - [`engine`]: iterative deepening, a bounded transposition table, killer and history move
//!   ordering, principal-variation search, budgets; results with best move, value, principal
//!   variation and statistics.
//! - [`games`]: m,n,k-games and tic-tac-toe, Connect Four (bitboards and an exact solver in the
//!   public benchmark's convention), random trees for testing.
//!
//! ## Example: solve tic-tac-toe three ways
//! ```
//! use adversarial_core::algorithms::{UNLIMITED, minimax, negamax_alpha_beta};
//! use adversarial_core::engine::{Engine, EngineConfig};
//! use adversarial_core::games::mnk::MnkGame;
//! use adversarial_core::{Scoring, Utility};
//! use search_core::Budget;
//!
//! let game = MnkGame::tic_tac_toe();
//! let scoring = Scoring::exact(Utility::LECTURE);
//! let plain = minimax(&game, &game.start(), UNLIMITED, &scoring, &Budget::unlimited());
//! let pruned = negamax_alpha_beta(&game, &game.start(), UNLIMITED, &scoring, &Budget::unlimited());
//! let mut engine = Engine::new(EngineConfig::default());
//! let deep = engine.search(&game, &game.start(), &scoring, &Budget::unlimited());
//! assert_eq!(plain.value.value, 0); // a draw
//! assert_eq!(pruned.value.value, 0);
//! assert_eq!(deep.value.value, 0);
//! assert!(deep.stats.nodes < pruned.stats.nodes && pruned.stats.nodes < plain.stats.nodes);
//! ```
//!
//! ## Example: score a Connect Four position exactly
//! ```
//! use adversarial_core::games::connect4::{Mode, Position, Solver};
//! use search_core::Budget;
//! let mut solver = Solver::with_table_log2(20);
//! let report = solver.solve(&Position::parse("2252576253462244111563365343671351441").unwrap(), Mode::Strong, &Budget::unlimited());
//! assert_eq!(report.value, -1);
//! ```
//!
//! ## Determinism
//! Every search is deterministic: the same position, scoring and configuration give the same
//! value, best move, principal variation and node counts on every platform (budgets with a
//! deadline or a cancellation flag are the exception: where they stop depends on timing). The
//! `parallel` search returns the same value as the sequential one; its node counts depend on
//! scheduling. Synthetic trees ([`games::random_tree`]) are seed-stable.
//!
//! ## Feature flags
//! - `parallel`: [`engine::parallel`][par_module], a root-split search on rayon whose value equals the
//!   sequential one.
//! - `serde`: `Serialize` and `Deserialize` for [`engine::EngineConfig`] and
//!   [`games::connect4::SolverConfig`] (a document may leave fields out: they take their
//!   defaults; an unknown field is an error naming it), [`engine::Analysis`],
//!   [`algorithms::Decision`], [`Side`] and [`Outcome`] (`"first"`, `{"win": "first"}`,
//!   `"draw"`), [`games::connect4::Mode`] and [`games::connect4::Replacement`]
//!   (`"strong"`, `"always_replace"`); also search-core's `serde` feature.
//!
// `engine::parallel` exists only with the `parallel` feature; without it, the link leads to
// the feature flags above, so the documentation builds cleanly either way.
#![cfg_attr(feature = "parallel", doc = "[par_module]: engine::parallel")]
#![cfg_attr(not(feature = "parallel"), doc = "[par_module]: crate#feature-flags")]
#![forbid(unsafe_code)]
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

pub mod algorithms;
pub mod engine;
pub mod game;
pub mod games;
pub mod score;

pub use game::{Game, Outcome, PlayError, Side};
pub use score::{Evaluator, INFINITY, NoEvaluation, Scoring, Utility, Value};
pub use search_core;
