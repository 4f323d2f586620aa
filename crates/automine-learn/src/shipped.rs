//! The two models trained with the default recipe ([`TrainConfig::new`]), embedded in the
//! crate so that a fresh clone can play and predict without training first. docs/learning.md
//! has the commands that made them and their measurements.
//!
//! [`TrainConfig::new`]: crate::train::TrainConfig::new

use crate::error::LearnError;
use crate::model::MinePredictor;

/// The checkpoint taught by the exact probabilities.
pub const STUDENT_EXACT: &[u8] = include_bytes!("../models/student-exact.safetensors");
/// The checkpoint taught by the teacher estimate (the original setting).
pub const STUDENT_TEACHER: &[u8] = include_bytes!("../models/student-teacher.safetensors");

/// The network taught by the exact probabilities.
///
/// ```
/// let model = automine_learn::shipped::student_exact()?;
/// assert_eq!(model.architecture(), automine_learn::Architecture::default());
/// # Ok::<(), automine_learn::LearnError>(())
/// ```
///
/// # Errors
/// [`LearnError::BadModelFile`] if the embedded file were corrupt (tested not to be).
pub fn student_exact() -> Result<MinePredictor, LearnError> {
    MinePredictor::from_bytes(STUDENT_EXACT, "shipped student-exact")
}

/// The network taught by the teacher estimate.
///
/// # Errors
/// As [`student_exact`].
pub fn student_teacher() -> Result<MinePredictor, LearnError> {
    MinePredictor::from_bytes(STUDENT_TEACHER, "shipped student-teacher")
}
