//! How good a predictor is, on held-out positions: scores against the exact probabilities,
//! calibration, the safety of confident calls, and where a student and the teacher disagree.
//!
//! Every score is a mean over the covered, unflagged cells of the positions (a position with
//! many covered cells weighs more).
//! - **log-loss**: the cross-entropy `−(q ln p + (1 − q) ln(1 − p))` of the prediction `p`
//!   against the exact probability `q` (p clipped to `[1e-6, 1 − 1e-6]`). Its floor, reached
//!   by `p = q`, is the mean entropy of the exact probabilities ([`PredictorScores::log_loss`]
//!   of the exact map itself), reported as `exact_entropy`.
//! - **Brier**: `(p − q)²` against the exact probability, and `(p − mine)²` against the hidden
//!   truth.
//! - **Calibration**: ten bins of `p`; per bin the mean prediction, the mean exact probability
//!   and how often the cells really held a mine.
//! - **Confident calls**: cells rated below 1%: how many, and how many were mines.
//! - **Disagreement**: on the cells where `|student − teacher| > 0.1`, which of the two is
//!   closer to the exact probability.

use automine_core::Preset;

use crate::data::{Position, heldout_positions};
use crate::error::LearnError;
use crate::model::MinePredictor;

/// The threshold of a confident call.
pub const CONFIDENT_BELOW: f64 = 0.01;
/// The disagreement threshold.
pub const DISAGREEMENT_ABOVE: f64 = 0.1;
/// Calibration bins.
pub const CALIBRATION_BINS: usize = 10;

const CLIP: f64 = 1e-6;

/// Scores of one predictor against the exact probabilities and the truth.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
pub struct PredictorScores {
    /// Cross-entropy against the exact probabilities.
    pub log_loss: f64,
    /// Mean `(p − exact)²`.
    pub brier_vs_exact: f64,
    /// Mean `(p − mine)²`.
    pub brier_vs_truth: f64,
    /// Mean `|p − exact|`.
    pub mean_abs_error: f64,
}

/// One bin of a reliability diagram.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
pub struct CalibrationBin {
    /// Lower end of the predictions in the bin.
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// Cells in the bin.
    pub cells: u64,
    /// Mean prediction.
    pub mean_predicted: f64,
    /// Mean exact probability.
    pub mean_exact: f64,
    /// Share of the cells that held a mine.
    pub mine_rate: f64,
}

/// Cells rated below [`CONFIDENT_BELOW`].
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
pub struct ConfidentCalls {
    /// How many cells.
    pub cells: u64,
    /// How many of them held a mine.
    pub mines: u64,
    /// The sum of their exact probabilities (the expected number of mines among them).
    pub expected_mines: f64,
    /// How many of them the exact solver calls certainly safe.
    pub exact_certain_safe: u64,
}

impl ConfidentCalls {
    /// Mines per confident call.
    pub fn mine_rate(&self) -> f64 {
        if self.cells == 0 {
            0.0
        } else {
            self.mines as f64 / self.cells as f64
        }
    }
}

/// Where the student and the teacher differ by more than [`DISAGREEMENT_ABOVE`].
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
pub struct Disagreement {
    /// Cells where they disagree.
    pub cells: u64,
    /// Of those, cells where the student is strictly closer to the exact probability.
    pub student_closer: u64,
    /// Cells where the teacher is strictly closer.
    pub teacher_closer: u64,
    /// Mean `|student − exact|` on those cells.
    pub student_error: f64,
    /// Mean `|teacher − exact|` on those cells.
    pub teacher_error: f64,
}

/// Every metric of one preset.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PresetMetrics {
    /// The preset's name.
    pub preset: &'static str,
    /// Held-out positions.
    pub positions: usize,
    /// Covered cells scored.
    pub cells: u64,
    /// The network.
    pub student: PredictorScores,
    /// The teacher estimate (the baseline).
    pub teacher: PredictorScores,
    /// The exact probabilities themselves (their log-loss is the floor).
    pub exact: PredictorScores,
    /// The network's reliability diagram.
    pub calibration: Vec<CalibrationBin>,
    /// The network's confident calls.
    pub student_confident: ConfidentCalls,
    /// The teacher's confident calls.
    pub teacher_confident: ConfidentCalls,
    /// Student against teacher.
    pub disagreement: Disagreement,
}

#[derive(Default)]
struct ScoreSums {
    log_loss: f64,
    brier_exact: f64,
    brier_truth: f64,
    abs: f64,
}

impl ScoreSums {
    fn add(&mut self, p: f64, q: f64, mine: bool) {
        let pc = p.clamp(CLIP, 1.0 - CLIP);
        self.log_loss -= q * pc.ln() + (1.0 - q) * (1.0 - pc).ln();
        self.brier_exact += (p - q).powi(2);
        self.brier_truth += (p - f64::from(u8::from(mine))).powi(2);
        self.abs += (p - q).abs();
    }

    fn finish(&self, n: u64) -> PredictorScores {
        let n = n.max(1) as f64;
        PredictorScores {
            log_loss: self.log_loss / n,
            brier_vs_exact: self.brier_exact / n,
            brier_vs_truth: self.brier_truth / n,
            mean_abs_error: self.abs / n,
        }
    }
}

fn confident(calls: &mut ConfidentCalls, p: f64, q: f64, mine: bool) {
    if p < CONFIDENT_BELOW {
        calls.cells += 1;
        calls.mines += u64::from(mine);
        calls.expected_mines += q;
        calls.exact_certain_safe += u64::from(q == 0.0);
    }
}

/// The metrics of predictions `student[k][cell]` on `positions` (one preset).
///
/// # Errors
/// [`LearnError::PredictionShape`] unless there is one row of predictions per position, with
/// one value per cell of its board, and every position has one label and one mine flag per
/// cell.
///
/// ```
/// use automine_core::Preset;
/// use automine_learn::data::heldout_positions;
/// use automine_learn::metrics::score_predictions;
/// let positions = heldout_positions(Preset::Beginner, 30, 0)?;
/// // The exact probabilities scored as if they were a student: a perfect score.
/// let exact: Vec<Vec<f32>> = positions.iter().map(|p| p.exact.clone()).collect();
/// let m = score_predictions(Preset::Beginner, &positions, &exact)?;
/// assert!(m.student.brier_vs_exact < 1e-12);
/// assert!((m.student.log_loss - m.exact.log_loss).abs() < 1e-9);
/// # Ok::<(), automine_learn::LearnError>(())
/// ```
pub fn score_predictions(
    preset: Preset,
    positions: &[Position],
    student: &[Vec<f32>],
) -> Result<PresetMetrics, LearnError> {
    if student.len() != positions.len() {
        return Err(LearnError::PredictionShape(format!(
            "{} rows of predictions for {} positions",
            student.len(),
            positions.len()
        )));
    }
    for (k, (position, row)) in positions.iter().zip(student).enumerate() {
        position.check_lengths(k)?;
        let cells = position.view.dims().cell_count();
        if row.len() != cells {
            return Err(LearnError::PredictionShape(format!(
                "row {k} has {} predictions for a board of {cells} cells",
                row.len()
            )));
        }
    }
    let (mut s, mut t, mut e) = (ScoreSums::default(), ScoreSums::default(), ScoreSums::default());
    let mut bins = [(0u64, 0.0f64, 0.0f64, 0u64); CALIBRATION_BINS];
    let mut student_confident = ConfidentCalls::default();
    let mut teacher_confident = ConfidentCalls::default();
    let mut dis = Disagreement::default();
    let mut cells = 0u64;
    for (position, pred) in positions.iter().zip(student) {
        for (i, &p) in pred.iter().enumerate() {
            if !position.is_scored(i) {
                continue;
            }
            cells += 1;
            let (p, q, tq, mine) = (
                f64::from(p),
                f64::from(position.exact[i]),
                f64::from(position.teacher[i]),
                position.mines[i],
            );
            s.add(p, q, mine);
            t.add(tq, q, mine);
            e.add(q, q, mine);
            let bin = ((p * CALIBRATION_BINS as f64) as usize).min(CALIBRATION_BINS - 1);
            bins[bin].0 += 1;
            bins[bin].1 += p;
            bins[bin].2 += q;
            bins[bin].3 += u64::from(mine);
            confident(&mut student_confident, p, q, mine);
            confident(&mut teacher_confident, tq, q, mine);
            if (p - tq).abs() > DISAGREEMENT_ABOVE {
                let (ds, dt) = ((p - q).abs(), (tq - q).abs());
                dis.cells += 1;
                dis.student_closer += u64::from(ds < dt);
                dis.teacher_closer += u64::from(dt < ds);
                dis.student_error += ds;
                dis.teacher_error += dt;
            }
        }
    }
    if dis.cells > 0 {
        dis.student_error /= dis.cells as f64;
        dis.teacher_error /= dis.cells as f64;
    }
    let calibration = bins
        .iter()
        .enumerate()
        .map(|(k, &(n, sp, sq, mines))| {
            let d = n.max(1) as f64;
            CalibrationBin {
                low: k as f64 / CALIBRATION_BINS as f64,
                high: (k + 1) as f64 / CALIBRATION_BINS as f64,
                cells: n,
                mean_predicted: sp / d,
                mean_exact: sq / d,
                mine_rate: mines as f64 / d,
            }
        })
        .collect();
    Ok(PresetMetrics {
        preset: preset.name(),
        positions: positions.len(),
        cells,
        student: s.finish(cells),
        teacher: t.finish(cells),
        exact: e.finish(cells),
        calibration,
        student_confident,
        teacher_confident,
        disagreement: dis,
    })
}

/// The metrics of `model` on `positions` (one preset), predicting in batches.
///
/// # Errors
/// Tensor errors (not expected).
pub fn score_model(model: &MinePredictor, preset: Preset, positions: &[Position]) -> Result<PresetMetrics, LearnError> {
    let mut predictions = Vec::with_capacity(positions.len());
    for chunk in positions.chunks(64) {
        let views: Vec<_> = chunk.iter().map(|p| &p.view).collect();
        predictions.extend(model.predict_cells(&views)?);
    }
    score_predictions(preset, positions, &predictions)
}

/// The metrics of `model` on `count` held-out positions of every preset (seed `seed`, see
/// [`heldout_positions`]).
///
/// # Errors
/// [`LearnError::BadConfig`] for no position (`count` 0); as [`heldout_positions`] and
/// [`score_model`].
pub fn evaluate(model: &MinePredictor, count: usize, seed: u64) -> Result<Vec<PresetMetrics>, LearnError> {
    if count == 0 {
        return Err(LearnError::BadConfig("held-out positions must be at least 1".into()));
    }
    Preset::ALL
        .into_iter()
        .map(|preset| score_model(model, preset, &heldout_positions(preset, count, seed)?))
        .collect()
}
