//! [`LearnError`]: everything that can go wrong when building, training, saving, loading or
//! running a network.

use automine_core::{ProbabilityError, SimulationError};

/// Why a learning operation failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LearnError {
    /// The tensor library failed (shapes, arithmetic).
    #[error("tensor operation failed: {0}")]
    Tensor(#[from] candle_core::Error),
    /// A model file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
    /// A model file is not a valid checkpoint of this crate.
    #[error("{origin}: not a valid automine-learn model: {reason}")]
    BadModelFile {
        /// Where the bytes came from (a path or a name).
        origin: String,
        /// What is wrong with it.
        reason: String,
    },
    /// An architecture that cannot be built.
    #[error("bad architecture: {0}")]
    BadArchitecture(String),
    /// A training or evaluation setting that cannot be used.
    #[error("bad configuration: {0}")]
    BadConfig(String),
    /// Training diverged: the loss of a step is not a finite number (a learning rate too high
    /// for the network), so the weights are no longer usable.
    #[error("training diverged at step {step}: loss {loss} (try a lower learning rate)")]
    Diverged {
        /// The step (0-based).
        step: usize,
        /// Its loss.
        loss: f32,
    },
    /// Views in one batch have different board sizes.
    #[error("a batch mixes board sizes: {first} and {other}")]
    MixedBoardSizes {
        /// The first view's size (`WxH`).
        first: String,
        /// A different size in the same batch.
        other: String,
    },
    /// Predictions that do not match the positions they score (counts of rows or of cells).
    #[error("predictions do not match the positions: {0}")]
    PredictionShape(String),
    /// The network's P(mine) of a cell is not a finite number: its weights, though finite,
    /// are so large that the arithmetic overflows (a crafted or corrupt model file).
    #[error("P(mine) of cell {cell} of view {view} is {value}, not a finite number (the model's weights overflow)")]
    NonFinitePrediction {
        /// The view's index in the batch (0-based).
        view: usize,
        /// The cell (row-major index, 0-based).
        cell: usize,
        /// The value computed.
        value: f32,
    },
    /// A batch without any view.
    #[error("an empty batch")]
    EmptyBatch,
    /// Exact probabilities of a position failed (a position no game can reach).
    #[error(transparent)]
    Probability(#[from] ProbabilityError),
    /// A simulated game failed.
    #[error(transparent)]
    Simulation(#[from] SimulationError),
}
