//! Training: AdamW on masked binary cross-entropy over the covered cells, batches cycling
//! through the presets, positions generated on the fly ([`data`](crate::data)).
//!
//! # Loss
//! For a batch, `mean over covered unflagged cells of BCE(sigmoid(logit), label)`, computed
//! from the logits in the stable form `max(x, 0) − x·t + ln(1 + e^−|x|)`; open and flagged
//! cells are masked out, as in the original.
//!
//! # Schedule
//! Step `s` trains on preset `s mod 3` (beginner, intermediate, expert), with about
//! [`TrainConfig::cells_per_batch`] cells per batch (so a beginner batch holds more boards
//! than an expert one). The learning rate warms up linearly over the first 5% of the steps,
//! then follows a cosine down to 5% of its peak.
//!
//! # Determinism
//! The initial weights, the game seeds, the rules and the batch draws all come from
//! `ChaCha8Rng` streams of [`TrainConfig::seed`]; games are generated in parallel but
//! collected in order. The whole run happens on a rayon pool of [`TrainConfig::threads`]
//! threads. The same configuration on the same machine gives the same loss curve and the
//! same weights (tested); floating-point sums in the tensor library may differ across CPUs,
//! instruction sets or library versions, so other machines may drift in the last bits.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use automine_core::Preset;
use candle_core::{Device, Tensor};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};

use crate::data::{Labels, Position, PositionStream};
use crate::error::LearnError;
use crate::features::batch_tensor;
use crate::model::{Architecture, MinePredictor};

/// The most optimizer steps a run may ask for.
pub const MAX_STEPS: usize = 10_000_000;
/// The most board cells per batch a run may ask for.
pub const MAX_CELLS_PER_BATCH: usize = 1_000_000;
pub use crate::data::MAX_BUFFER_POSITIONS;

/// Everything that defines a training run.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TrainConfig {
    /// Which labels to learn.
    pub labels: Labels,
    /// Optimizer steps.
    pub steps: usize,
    /// Master seed (weights, games, batches).
    pub seed: u64,
    /// The network's shape.
    pub architecture: Architecture,
    /// Board cells per batch (a batch of one preset holds `max(1, this / cells)` boards).
    pub cells_per_batch: usize,
    /// Peak learning rate.
    pub learning_rate: f64,
    /// AdamW weight decay.
    pub weight_decay: f64,
    /// Positions kept in each preset's shuffle buffer.
    pub buffer_positions: usize,
    /// Worker threads (game generation and tensor arithmetic); 0: one per core.
    pub threads: usize,
    /// The presets cycled through, as indices into [`Preset::ALL`] (empty: all of them).
    #[serde(skip)]
    pub presets: PresetMix,
}

/// Which presets a run trains on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PresetMix {
    /// Beginner, intermediate and expert in turn.
    #[default]
    All,
    /// One preset only (tests and quick experiments).
    Only(Preset),
}

impl PresetMix {
    fn presets(self) -> Vec<Preset> {
        match self {
            Self::All => Preset::ALL.to_vec(),
            Self::Only(p) => vec![p],
        }
    }
}

impl TrainConfig {
    /// The default recipe (see docs/learning.md for its timing): 1500 steps of about 6,000
    /// cells, learning rate 2e-3, on two threads.
    pub fn new(labels: Labels) -> Self {
        Self {
            labels,
            steps: 1500,
            seed: 1,
            architecture: Architecture::default(),
            cells_per_batch: 6000,
            learning_rate: 2e-3,
            weight_decay: 1e-4,
            buffer_positions: 2000,
            threads: 2,
            presets: PresetMix::All,
        }
    }

    /// The learning rate at `step`: warm-up, then a cosine to 5% of the peak.
    pub fn learning_rate_at(&self, step: usize) -> f64 {
        let warmup = (self.steps / 20).max(1);
        if step < warmup {
            return self.learning_rate * (step + 1) as f64 / warmup as f64;
        }
        let span = self.steps.saturating_sub(warmup).max(1) as f64;
        let t = ((step - warmup) as f64 / span).min(1.0);
        let floor = 0.05;
        self.learning_rate * (floor + (1.0 - floor) * 0.5 * (1.0 + (std::f64::consts::PI * t).cos()))
    }

    /// Check the settings, as [`train`] does before it starts.
    ///
    /// # Errors
    /// [`LearnError::BadConfig`] for zero steps or cells per batch, more than [`MAX_STEPS`]
    /// steps, [`MAX_CELLS_PER_BATCH`] cells per batch or [`MAX_BUFFER_POSITIONS`] buffered
    /// positions, a learning rate that is not a positive finite number or a negative or
    /// non-finite weight decay;
    /// [`LearnError::BadArchitecture`] as [`Architecture::validate`](crate::Architecture::validate).
    pub fn validate(&self) -> Result<(), LearnError> {
        if self.steps == 0 || self.steps > MAX_STEPS {
            return Err(LearnError::BadConfig(format!(
                "steps {} (allowed 1 to {MAX_STEPS})",
                self.steps
            )));
        }
        if self.cells_per_batch == 0 || self.cells_per_batch > MAX_CELLS_PER_BATCH {
            return Err(LearnError::BadConfig(format!(
                "cells per batch {} (allowed 1 to {MAX_CELLS_PER_BATCH})",
                self.cells_per_batch
            )));
        }
        if self.buffer_positions > MAX_BUFFER_POSITIONS {
            return Err(LearnError::BadConfig(format!(
                "buffer positions {} (allowed up to {MAX_BUFFER_POSITIONS})",
                self.buffer_positions
            )));
        }
        if !(self.learning_rate.is_finite() && self.learning_rate > 0.0) {
            return Err(LearnError::BadConfig(format!("learning rate {}", self.learning_rate)));
        }
        if !(self.weight_decay.is_finite() && self.weight_decay >= 0.0) {
            return Err(LearnError::BadConfig(format!("weight decay {}", self.weight_decay)));
        }
        self.architecture.validate().map(|_| ())
    }
}

/// One step of the loss curve.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct LossPoint {
    /// The step (0-based).
    pub step: usize,
    /// The preset of the step's batch.
    #[serde(serialize_with = "serialize_preset")]
    pub preset: Preset,
    /// The masked BCE of the batch before the update.
    pub loss: f32,
    /// The learning rate used.
    pub learning_rate: f64,
}

#[expect(clippy::trivially_copy_pass_by_ref, reason = "serde's signature")]
fn serialize_preset<S: serde::Serializer>(p: &Preset, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(p.name())
}

/// What a run produced.
#[derive(Debug, Clone)]
pub struct TrainOutcome {
    /// The trained network.
    pub model: MinePredictor,
    /// The loss of every step.
    pub losses: Vec<LossPoint>,
    /// Games played to generate the positions.
    pub games: u64,
    /// Positions trained on (with repetition across nothing: each is used once).
    pub positions: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// The masked BCE of `logits` `(N, H, W)` against `targets`, over the cells where `mask` is 1.
///
/// # Errors
/// A tensor error for mismatched shapes.
pub fn masked_bce(logits: &Tensor, targets: &Tensor, mask: &Tensor) -> Result<Tensor, LearnError> {
    let softplus = logits.abs()?.neg()?.exp()?.affine(1.0, 1.0)?.log()?;
    let per_cell = ((logits.relu()? - (logits * targets)?)? + softplus)?;
    let total = (per_cell * mask)?.sum_all()?;
    let count = mask.sum_all()?.maximum(1.0)?;
    Ok(total.div(&count)?)
}

/// Inputs, targets and mask of a batch of one board size.
///
/// # Errors
/// As [`batch_tensor`]; [`LearnError::PredictionShape`] when a position's labels do not have
/// one value per cell of its board.
pub fn batch_tensors(
    positions: &[Position],
    labels: Labels,
    device: &Device,
) -> Result<(Tensor, Tensor, Tensor), LearnError> {
    let views: Vec<_> = positions.iter().map(|p| &p.view).collect();
    let input = batch_tensor(&views, device)?;
    let dims = views.first().ok_or(LearnError::EmptyBatch)?.dims();
    let cells = dims.cell_count();
    for (k, p) in positions.iter().enumerate() {
        p.check_lengths(k)?;
    }
    let mut targets = Vec::with_capacity(positions.len() * cells);
    let mut mask = Vec::with_capacity(positions.len() * cells);
    for p in positions {
        for i in 0..cells {
            let scored = p.is_scored(i);
            targets.push(if scored { labels.of(p, i) } else { 0.0 });
            mask.push(if scored { 1.0f32 } else { 0.0 });
        }
    }
    let shape = (positions.len(), dims.height().0 as usize, dims.width().0 as usize);
    Ok((
        input,
        Tensor::from_vec(targets, shape, device)?,
        Tensor::from_vec(mask, shape, device)?,
    ))
}

/// Train a network (see the module docs), calling `progress(&point)` after every step.
///
/// ```
/// use automine_core::Preset;
/// use automine_learn::data::Labels;
/// use automine_learn::model::Architecture;
/// use automine_learn::train::{PresetMix, TrainConfig, train};
/// let mut config = TrainConfig::new(Labels::Exact);
/// config.steps = 3;
/// config.cells_per_batch = 200;
/// config.buffer_positions = 20;
/// config.architecture = Architecture { hidden_channels: 8, conv_layers: 2 };
/// config.presets = PresetMix::Only(Preset::Beginner);
/// let outcome = train(&config, |_| {})?;
/// assert_eq!(outcome.losses.len(), 3);
/// # Ok::<(), automine_learn::LearnError>(())
/// ```
///
/// # Errors
/// [`LearnError::BadConfig`] for an unusable configuration; [`LearnError::Diverged`] when
/// the loss of a step is not finite; tensor or simulation errors.
pub fn train(config: &TrainConfig, mut progress: impl FnMut(&LossPoint) + Send) -> Result<TrainOutcome, LearnError> {
    config.validate()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|e| LearnError::BadConfig(format!("thread pool: {e}")))?;
    pool.install(|| train_here(config, &mut progress))
}

fn train_here(config: &TrainConfig, progress: &mut impl FnMut(&LossPoint)) -> Result<TrainOutcome, LearnError> {
    let start = Instant::now();
    let model = MinePredictor::new(config.architecture, config.seed)?;
    let params = ParamsAdamW {
        lr: config.learning_rate_at(0),
        weight_decay: config.weight_decay,
        ..ParamsAdamW::default()
    };
    let mut optimizer = AdamW::new(model.vars(), params)?;
    let presets = config.presets.presets();
    let mut streams: Vec<PositionStream> = presets
        .iter()
        .enumerate()
        .map(|(i, &preset)| {
            let stream_seed = config
                .seed
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .wrapping_add(i as u64 + 1);
            PositionStream::new(preset, stream_seed, config.buffer_positions)
        })
        .collect();
    let mut losses = Vec::with_capacity(config.steps);
    let mut positions = 0u64;
    for step in 0..config.steps {
        let stream = &mut streams[step % presets.len()];
        let cells = stream
            .preset()
            .settings(automine_core::FirstClick::Safe)
            .dims()
            .cell_count();
        let batch = stream.next_batch((config.cells_per_batch / cells).max(1))?;
        positions += batch.len() as u64;
        let (input, targets, mask) = batch_tensors(&batch, config.labels, model.device())?;
        let loss = masked_bce(&model.forward(&input)?, &targets, &mask)?;
        let learning_rate = config.learning_rate_at(step);
        optimizer.set_learning_rate(learning_rate);
        let loss_value = loss.to_scalar::<f32>()?;
        if !loss_value.is_finite() {
            return Err(LearnError::Diverged { step, loss: loss_value });
        }
        optimizer.backward_step(&loss)?;
        let point = LossPoint {
            step,
            preset: stream.preset(),
            loss: loss_value,
            learning_rate,
        };
        progress(&point);
        losses.push(point);
    }
    Ok(TrainOutcome {
        model,
        losses,
        games: streams.iter().map(PositionStream::games_played).sum(),
        positions,
        elapsed: start.elapsed(),
    })
}

/// The loss curve as CSV: `step,preset,loss,learning_rate`.
pub fn losses_csv(losses: &[LossPoint]) -> String {
    let mut s = String::from("step,preset,loss,learning_rate\n");
    for p in losses {
        let _ = writeln!(
            s,
            "{},{},{:.6},{:.6e}",
            p.step,
            p.preset.name(),
            p.loss,
            p.learning_rate
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masked_bce_matches_the_formula_and_ignores_masked_cells() {
        let d = Device::Cpu;
        let logits = Tensor::new(&[[[0.0f32, 2.0], [-1.0, 50.0]]], &d).unwrap();
        let targets = Tensor::new(&[[[0.5f32, 1.0], [0.0, 0.0]]], &d).unwrap();
        let mask = Tensor::new(&[[[1.0f32, 1.0], [1.0, 0.0]]], &d).unwrap();
        let got = masked_bce(&logits, &targets, &mask)
            .unwrap()
            .to_scalar::<f32>()
            .unwrap();
        let bce = |x: f64, t: f64| {
            let p = 1.0 / (1.0 + (-x).exp());
            -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
        };
        let want = (bce(0.0, 0.5) + bce(2.0, 1.0) + bce(-1.0, 0.0)) / 3.0;
        assert!((f64::from(got) - want).abs() < 1e-5, "{got} vs {want}");
    }

    #[test]
    fn learning_rate_warms_up_then_decays() {
        let mut c = TrainConfig::new(Labels::Exact);
        c.steps = 100;
        assert!(c.learning_rate_at(0) < c.learning_rate_at(4));
        assert!((c.learning_rate_at(5) - c.learning_rate).abs() < 1e-12);
        assert!(c.learning_rate_at(99) < 0.1 * c.learning_rate);
        assert!(c.learning_rate_at(99) >= 0.05 * c.learning_rate - 1e-12);
    }

    #[test]
    fn bad_configs_are_named() {
        let mut c = TrainConfig::new(Labels::Exact);
        c.steps = 0;
        assert!(matches!(train(&c, |_| {}), Err(LearnError::BadConfig(_))));
        let mut c = TrainConfig::new(Labels::Exact);
        c.learning_rate = f64::NAN;
        assert!(matches!(train(&c, |_| {}), Err(LearnError::BadConfig(_))));
    }
}
