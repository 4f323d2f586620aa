//! The network's input: a [`PlayerView`] as channel planes (`C × H × W`, `f32`).
//!
//! | channel | meaning |
//! | --- | --- |
//! | 0 | covered, no flag |
//! | 1–9 | revealed number 0–8 (channel `1 + n`) |
//! | 10 | flagged (a known mine) |
//! | 11 | on the board (always 1; the zero padding of the convolutions reads as "off the board") |
//! | 12 | the global mine density: mines left / covered unflagged cells, on every cell |
//!
//! Channels 0–10 are the one-hot planes of automine-core's `.npy` export
//! ([`automine_core::training::dataset::encode_view`]) in the same order; 11 and 12 are the
//! two additions: the edge and the mine count, which the original 10×10 network had no way
//! to see.

use automine_core::{CellView, PlayerView};
use candle_core::{Device, Tensor};

use crate::error::LearnError;

/// Channels of the input planes.
pub const INPUT_CHANNELS: usize = 13;

/// Channel of "covered, no flag".
pub const COVERED: usize = 0;
/// Channel of a revealed 0; a revealed `n` is `REVEALED_ZERO + n`.
pub const REVEALED_ZERO: usize = 1;
/// Channel of a flag.
pub const FLAGGED: usize = 10;
/// Channel that is 1 on every cell of the board.
pub const ON_BOARD: usize = 11;
/// Channel holding the mine density of the covered cells.
pub const MINE_DENSITY: usize = 12;

/// Mines left per covered, unflagged cell (0 when none is covered), clamped into `[0, 1]`.
pub fn mine_density(view: &PlayerView) -> f32 {
    let covered = view.covered_count();
    if covered == 0 {
        0.0
    } else {
        (f64::from(view.mines_left()) / covered as f64).clamp(0.0, 1.0) as f32
    }
}

/// Append the planes of `view` (`INPUT_CHANNELS × H × W`, row-major) to `out`.
///
/// ```
/// use automine_core::PlayerView;
/// use automine_learn::features::{COVERED, INPUT_CHANNELS, MINE_DENSITY, REVEALED_ZERO, encode_view};
/// let view: PlayerView = "2x1 1\n1.\n".parse()?;
/// let mut planes = Vec::new();
/// encode_view(&view, &mut planes);
/// let cells = 2;
/// assert_eq!(planes.len(), INPUT_CHANNELS * cells);
/// assert_eq!(planes[(REVEALED_ZERO + 1) * cells], 1.0); // cell 0 shows a 1
/// assert_eq!(planes[COVERED * cells + 1], 1.0); // cell 1 is covered
/// assert_eq!(planes[MINE_DENSITY * cells + 1], 1.0); // 1 mine left on 1 covered cell
/// # Ok::<(), automine_core::BoardError>(())
/// ```
pub fn encode_view(view: &PlayerView, out: &mut Vec<f32>) {
    let cells = view.dims().cell_count();
    let start = out.len();
    out.resize(start + INPUT_CHANNELS * cells, 0.0);
    let planes = &mut out[start..];
    let density = mine_density(view);
    for (i, cell) in view.cells().iter().enumerate() {
        let channel = match cell {
            CellView::Covered => COVERED,
            CellView::Revealed(n) => REVEALED_ZERO + usize::from(*n),
            CellView::Flagged => FLAGGED,
        };
        planes[channel * cells + i] = 1.0;
        planes[ON_BOARD * cells + i] = 1.0;
        planes[MINE_DENSITY * cells + i] = density;
    }
}

/// The input tensor `(N, INPUT_CHANNELS, H, W)` of `views`, which must share one board size.
///
/// # Errors
/// [`LearnError::EmptyBatch`] for no view, [`LearnError::MixedBoardSizes`] when sizes differ.
pub fn batch_tensor(views: &[&PlayerView], device: &Device) -> Result<Tensor, LearnError> {
    let first = views.first().ok_or(LearnError::EmptyBatch)?;
    let dims = first.dims();
    let mut data = Vec::with_capacity(views.len() * INPUT_CHANNELS * dims.cell_count());
    for view in views {
        if view.dims() != dims {
            return Err(LearnError::MixedBoardSizes {
                first: dims.to_string(),
                other: view.dims().to_string(),
            });
        }
        encode_view(view, &mut data);
    }
    let (h, w) = (dims.height().0 as usize, dims.width().0 as usize);
    Ok(Tensor::from_vec(data, (views.len(), INPUT_CHANNELS, h, w), device)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[expect(clippy::float_cmp, reason = "one-hot planes hold exactly 0.0 and 1.0")]
    fn channels_are_one_hot_plus_board_and_density() {
        let view: PlayerView = "3x2 2\n1F.\n0..\n".parse().unwrap();
        let mut planes = Vec::new();
        encode_view(&view, &mut planes);
        let cells = 6;
        for i in 0..cells {
            let hot: f32 = (0..=FLAGGED).map(|c| planes[c * cells + i]).sum();
            assert_eq!(hot, 1.0, "cell {i} is one-hot over channels 0..=10");
            assert_eq!(planes[ON_BOARD * cells + i], 1.0);
            // One mine left (two minus the flag) on three covered cells.
            assert!((planes[MINE_DENSITY * cells + i] - 1.0 / 3.0).abs() < 1e-6);
        }
        assert_eq!(planes[(REVEALED_ZERO + 1) * cells], 1.0);
        assert_eq!(planes[FLAGGED * cells + 1], 1.0);
        assert_eq!(planes[REVEALED_ZERO * cells + 3], 1.0);
        assert_eq!(planes[COVERED * cells + 5], 1.0);
    }

    #[test]
    fn batches_reject_mixed_sizes_and_empty_input() {
        let a: PlayerView = "2x2 1\n..\n..\n".parse().unwrap();
        let b: PlayerView = "3x2 1\n...\n...\n".parse().unwrap();
        let device = Device::Cpu;
        assert!(matches!(batch_tensor(&[], &device), Err(LearnError::EmptyBatch)));
        assert!(matches!(
            batch_tensor(&[&a, &b], &device),
            Err(LearnError::MixedBoardSizes { .. })
        ));
        let t = batch_tensor(&[&a, &a], &device).unwrap();
        assert_eq!(t.dims(), &[2, INPUT_CHANNELS, 2, 2]);
    }
}
