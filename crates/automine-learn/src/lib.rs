//! # automine-learn
//!
//! The student network of AutoMine, measured properly. A small fully convolutional network
//! (on [candle](https://github.com/huggingface/candle), CPU only) maps what a Minesweeper
//! player sees to P(mine) for every cell of a board of any size. It is trained on positions
//! of seeded games, labelled either by AutoMine's teacher estimate (the original setting) or
//! by the exact probabilities of [`automine_core`], and measured as a predictor (against the
//! exact probabilities and the hidden truth) and as a player (on automine-core's win-rate
//! harness).
//!
//! ## Example: the shipped model predicts a position
//! ```
//! use automine_core::PlayerView;
//! use automine_learn::shipped;
//! let model = shipped::student_exact()?;
//! let view: PlayerView = "4x3 2\n001.\n002.\n001.\n".parse()?;
//! let map = model.predict(&view)?;
//! // (3,1) is certainly safe and (3,0), (3,2) are mines; the network agrees roughly.
//! let p = |c, r| map.get(automine_core::Pos::new(automine_core::Col(c), automine_core::Row(r))).unwrap();
//! assert!(p(3, 1) < p(3, 0) && p(3, 1) < p(3, 2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Example: train a tiny network, then play with it
//! ```
//! use automine_core::measure::harness::run_trial_with;
//! use automine_core::{FirstClick, Preset};
//! use automine_learn::data::Labels;
//! use automine_learn::model::Architecture;
//! use automine_learn::player::{NetworkPlayer, PlayMode};
//! use automine_learn::train::{PresetMix, TrainConfig, train};
//! let mut config = TrainConfig::new(Labels::Exact);
//! config.steps = 4;
//! config.cells_per_batch = 400;
//! config.buffer_positions = 20;
//! config.architecture = Architecture { hidden_channels: 8, conv_layers: 2 };
//! config.presets = PresetMix::Only(Preset::Beginner);
//! let outcome = train(&config, |_| {})?;
//! let settings = Preset::Beginner.settings(FirstClick::Safe);
//! let summary = run_trial_with(settings, 0, 5, || NetworkPlayer::new(outcome.model.clone(), FirstClick::Safe, PlayMode::Hybrid), || {})?;
//! assert_eq!(summary.games, 5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Modules
//! - [`features`]: a view as input planes (one-hot cells, the board edge, the mine density).
//! - [`model`]: the network, its initialisation and its safetensors checkpoints.
//! - [`data`]: positions generated on the fly from seeded games, with exact and teacher
//!   labels and the hidden mines; held-out positions on disjoint seeds.
//! - [`train`]: AdamW on masked binary cross-entropy, the loss curve.
//! - [`metrics`]: log-loss, Brier, calibration, confident calls, teacher disagreement.
//! - [`player`]: the network as an automine-core [`Player`](automine_core::Player), alone or
//!   with exact logic for the certain cells.
//! - [`plots`]: SVG reliability diagrams and loss curves.
//! - [`shipped`]: the two models trained with the default recipe, embedded in the crate.
//!
//! ## Determinism
//! Training is a function of its configuration and seed on one machine: the same seed gives
//! the same weights, loss curve and metrics (tested). Across CPUs, thread counts of the
//! tensor library or library versions, floating-point sums may differ in the last bits, and
//! a long training run amplifies that: the shipped models are artefacts, not something a
//! different machine is promised to reproduce bit for bit. Held-out positions and their
//! exact labels are seed-stable everywhere (they come from automine-core).

#![forbid(unsafe_code)]

pub mod data;
pub mod error;
pub mod features;
pub mod metrics;
pub mod model;
pub mod player;
pub mod plots;
pub mod shipped;
pub mod train;

pub use error::LearnError;
pub use model::{Architecture, MinePredictor};
