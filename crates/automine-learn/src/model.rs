//! [`MinePredictor`]: a fully convolutional network from the input planes
//! ([`features`](crate::features)) to one mine logit per cell, so one model serves every
//! board size.
//!
//! # Architecture
//! `conv_layers` 3×3 convolutions (stride 1, zero padding 1, ReLU after each) of
//! `hidden_channels` channels, then a 1×1 convolution to one logit per cell;
//! `P(mine) = sigmoid(logit)`. With the default 6 layers each cell sees a 13×13 window around
//! it. The original AutoMine network ended in dense layers wired to 10×10 boards; here
//! nothing depends on the board size.
//!
//! # Checkpoints
//! A model is saved as a safetensors file holding the weights (`conv{i}.weight`,
//! `conv{i}.bias`, `head.weight`, `head.bias`) and a small `u32` tensor `architecture` =
//! `[format version, input channels, hidden channels, conv layers]`, so a file describes
//! itself. Loading checks every name, shape and dtype and returns a
//! [`LearnError::BadModelFile`] for anything else; it never panics on a bad file.
//!
//! # Initialisation
//! Weights are drawn from a seeded `ChaCha8Rng` (He/Kaiming normal by Box–Muller, biases
//! zero), not from the tensor library's unseeded generator: the same seed gives the same
//! initial network everywhere.

use std::collections::HashMap;
use std::path::Path;

use automine_core::{PlayerView, ProbabilityMap};
use candle_core::{DType, Device, Tensor, Var};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::error::LearnError;
use crate::features::{INPUT_CHANNELS, batch_tensor};

/// The checkpoint format version written into `architecture`.
pub const FORMAT_VERSION: u32 = 1;

/// The largest channel count and layer count a checkpoint may ask for (a guard against
/// absurd allocations from a corrupt file).
pub const MAX_WIDTH: usize = 512;

/// The most trainable parameters an [`Architecture`] may have: 20 million, 80 MB of `f32`
/// weights (about 400 times the default's 50,049). [`MAX_WIDTH`] alone would let 512 layers
/// of 512 channels through, about 1.2 billion parameters (4.8 GB) to allocate; this bound
/// is checked by [`Architecture::validate`], so before any network is built or loaded.
pub const MAX_PARAMETERS: usize = 20_000_000;

/// The shape of a [`MinePredictor`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Architecture {
    /// Channels of every hidden 3×3 convolution.
    pub hidden_channels: usize,
    /// Number of 3×3 convolutions (at least 1).
    pub conv_layers: usize,
}

impl Default for Architecture {
    /// 6 layers of 32 channels: about 47,000 parameters (a 190 kB file).
    fn default() -> Self {
        Self {
            hidden_channels: 32,
            conv_layers: 6,
        }
    }
}

impl Architecture {
    /// Check the sizes.
    ///
    /// # Errors
    /// [`LearnError::BadArchitecture`] for zero or more than [`MAX_WIDTH`] channels or layers,
    /// or more than [`MAX_PARAMETERS`] parameters in all.
    pub fn validate(self) -> Result<Self, LearnError> {
        if self.hidden_channels == 0 || self.hidden_channels > MAX_WIDTH {
            return Err(LearnError::BadArchitecture(format!(
                "hidden channels {} (allowed 1 to {MAX_WIDTH})",
                self.hidden_channels
            )));
        }
        if self.conv_layers == 0 || self.conv_layers > MAX_WIDTH {
            return Err(LearnError::BadArchitecture(format!(
                "conv layers {} (allowed 1 to {MAX_WIDTH})",
                self.conv_layers
            )));
        }
        let parameters = self.count_parameters();
        if parameters > MAX_PARAMETERS {
            return Err(LearnError::BadArchitecture(format!(
                "{} conv layers of {} hidden channels have {parameters} parameters (allowed up to {MAX_PARAMETERS})",
                self.conv_layers, self.hidden_channels
            )));
        }
        Ok(self)
    }

    /// Trainable parameters.
    ///
    /// # Errors
    /// As [`Architecture::validate`]: an architecture that cannot be built has no count.
    pub fn parameter_count(self) -> Result<usize, LearnError> {
        Ok(self.validate()?.count_parameters())
    }

    /// Trainable parameters of an architecture within [`MAX_WIDTH`] (at most about 1.2
    /// billion, so no overflow even on 32-bit targets); saturating beyond that.
    fn count_parameters(self) -> usize {
        let h = self.hidden_channels;
        let first = INPUT_CHANNELS.saturating_mul(h).saturating_mul(9).saturating_add(h);
        let rest = self
            .conv_layers
            .saturating_sub(1)
            .saturating_mul(h.saturating_mul(h).saturating_mul(9).saturating_add(h));
        first.saturating_add(rest).saturating_add(h).saturating_add(1)
    }

    /// Input channels of convolution `layer`.
    fn in_channels(self, layer: usize) -> usize {
        if layer == 0 {
            INPUT_CHANNELS
        } else {
            self.hidden_channels
        }
    }
}

/// The network: see the module docs. Cloning is cheap (tensors are shared) and a clone
/// shares the weights.
///
/// ```
/// use automine_core::PlayerView;
/// use automine_learn::model::{Architecture, MinePredictor};
/// let model = MinePredictor::new(Architecture::default(), 7)?;
/// let view: PlayerView = "3x3 1\n0..\n...\n...\n".parse()?;
/// let map = model.predict(&view)?;
/// assert_eq!(map.values().iter().flatten().count(), 8); // one value per covered cell
/// assert!(map.covered().all(|(_, p)| (0.0..=1.0).contains(&p)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct MinePredictor {
    architecture: Architecture,
    /// `conv_layers` pairs (weight `(out, in, 3, 3)`, bias `(out)`), then the head (weight
    /// `(1, hidden, 1, 1)`, bias `(1)`).
    layers: Vec<(Var, Var)>,
    device: Device,
}

/// Standard normal numbers from a seeded generator (Box–Muller).
fn normals(rng: &mut ChaCha8Rng, n: usize, std: f64) -> Vec<f32> {
    let mut out = Vec::with_capacity(n + 1);
    while out.len() < n {
        let u1: f64 = rng.random_range(f64::EPSILON..1.0);
        let u2: f64 = rng.random_range(0.0..1.0);
        let r = (-2.0 * u1.ln()).sqrt() * std;
        let t = std::f64::consts::TAU * u2;
        out.push((r * t.cos()) as f32);
        out.push((r * t.sin()) as f32);
    }
    out.truncate(n);
    out
}

fn layer_names(architecture: Architecture) -> Vec<(String, String)> {
    (0..architecture.conv_layers)
        .map(|i| (format!("conv{i}.weight"), format!("conv{i}.bias")))
        .chain(std::iter::once(("head.weight".to_string(), "head.bias".to_string())))
        .collect()
}

fn layer_shapes(architecture: Architecture) -> Vec<([usize; 4], usize)> {
    let h = architecture.hidden_channels;
    (0..architecture.conv_layers)
        .map(|i| ([h, architecture.in_channels(i), 3, 3], h))
        .chain(std::iter::once(([1, h, 1, 1], 1)))
        .collect()
}

impl MinePredictor {
    /// A freshly initialised network (see the module docs), on the CPU.
    ///
    /// # Errors
    /// [`LearnError::BadArchitecture`] for sizes [`Architecture::validate`] refuses.
    pub fn new(architecture: Architecture, seed: u64) -> Result<Self, LearnError> {
        let architecture = architecture.validate()?;
        let device = Device::Cpu;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut layers = Vec::new();
        for (shape, out) in layer_shapes(architecture) {
            let fan_in = shape[1] * shape[2] * shape[3];
            let std = (2.0 / fan_in as f64).sqrt();
            let w = Tensor::from_vec(normals(&mut rng, shape.iter().product(), std), &shape, &device)?;
            let b = Tensor::zeros(out, DType::F32, &device)?;
            layers.push((Var::from_tensor(&w)?, Var::from_tensor(&b)?));
        }
        Ok(Self {
            architecture,
            layers,
            device,
        })
    }

    /// The shape.
    pub const fn architecture(&self) -> Architecture {
        self.architecture
    }

    /// The device the tensors live on (the CPU).
    pub const fn device(&self) -> &Device {
        &self.device
    }

    /// Every trainable tensor (for an optimizer).
    pub fn vars(&self) -> Vec<Var> {
        self.layers.iter().flat_map(|(w, b)| [w.clone(), b.clone()]).collect()
    }

    /// Mine logits `(N, H, W)` of an input batch `(N, INPUT_CHANNELS, H, W)`.
    ///
    /// # Errors
    /// A tensor error for an input of the wrong shape (including a board of zero rows or
    /// columns).
    pub fn forward(&self, input: &Tensor) -> Result<Tensor, LearnError> {
        if let [_, _, h, w] = input.dims()
            && (*h == 0 || *w == 0)
        {
            return Err(candle_core::Error::Msg(format!("an input of shape {:?} has no cell", input.dims())).into());
        }
        let mut x = input.clone();
        let last = self.layers.len() - 1;
        for (i, (w, b)) in self.layers.iter().enumerate() {
            let padding = usize::from(i < last);
            x = x.conv2d(w.as_tensor(), padding, 1, 1, 1)?;
            x = x.broadcast_add(&b.as_tensor().reshape((1, b.as_tensor().elem_count(), 1, 1))?)?;
            if i < last {
                x = x.relu()?;
            }
        }
        Ok(x.squeeze(1)?)
    }

    /// P(mine) of every cell of every view (`N` rows of `H·W` values, row-major), for views
    /// of one board size.
    ///
    /// # Errors
    /// As [`batch_tensor`]; [`LearnError::NonFinitePrediction`] when a probability is not a
    /// finite number (weights so large that the arithmetic overflows).
    pub fn predict_cells(&self, views: &[&PlayerView]) -> Result<Vec<Vec<f32>>, LearnError> {
        let input = batch_tensor(views, &self.device)?;
        let p = candle_nn::ops::sigmoid(&self.forward(&input)?)?;
        let rows = p.flatten_from(1)?.to_vec2::<f32>()?;
        for (view, row) in rows.iter().enumerate() {
            if let Some((cell, &value)) = row.iter().enumerate().find(|(_, v)| !v.is_finite()) {
                return Err(LearnError::NonFinitePrediction { view, cell, value });
            }
        }
        Ok(rows)
    }

    /// P(mine) of every covered, unflagged cell of `view`.
    ///
    /// # Errors
    /// [`LearnError::NonFinitePrediction`] as [`predict_cells`](Self::predict_cells); a
    /// tensor error (not expected for any valid view).
    pub fn predict(&self, view: &PlayerView) -> Result<ProbabilityMap, LearnError> {
        let cells = self.predict_cells(&[view])?;
        let row = cells.into_iter().next().ok_or(LearnError::EmptyBatch)?;
        Ok(ProbabilityMap::from_view(view, |id| f64::from(row[id.index()])))
    }

    /// The weights and the `architecture` tensor by name (the checkpoint's content).
    ///
    /// # Errors
    /// A tensor error (not expected).
    pub fn tensors(&self) -> Result<HashMap<String, Tensor>, LearnError> {
        let mut map = HashMap::new();
        for ((wn, bn), (w, b)) in layer_names(self.architecture).into_iter().zip(&self.layers) {
            map.insert(wn, w.as_tensor().clone());
            map.insert(bn, b.as_tensor().clone());
        }
        let arch = [
            FORMAT_VERSION,
            INPUT_CHANNELS as u32,
            self.architecture.hidden_channels as u32,
            self.architecture.conv_layers as u32,
        ];
        map.insert("architecture".to_string(), Tensor::new(&arch, &self.device)?);
        Ok(map)
    }

    /// Write the checkpoint to `path` (safetensors).
    ///
    /// # Errors
    /// [`LearnError::Io`] or a tensor error when the file cannot be written.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), LearnError> {
        let path = path.as_ref();
        let tensors = self.tensors()?;
        candle_core::safetensors::save(&tensors, path).map_err(|e| LearnError::Io {
            path: path.display().to_string(),
            source: std::io::Error::other(e.to_string()),
        })
    }

    /// Read a checkpoint written by [`save`](Self::save).
    ///
    /// # Errors
    /// [`LearnError::Io`] when the file cannot be read, [`LearnError::BadModelFile`] when
    /// it is not a checkpoint of this format.
    pub fn load(path: impl AsRef<Path>) -> Result<Self, LearnError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| LearnError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Self::from_bytes(&bytes, &path.display().to_string())
    }

    /// A checkpoint from its bytes; `origin` names them in errors.
    ///
    /// ```
    /// use automine_learn::model::MinePredictor;
    /// let err = MinePredictor::from_bytes(b"not a model", "junk").unwrap_err();
    /// assert!(err.to_string().starts_with("junk: not a valid automine-learn model"));
    /// ```
    ///
    /// # Errors
    /// [`LearnError::BadModelFile`] naming what is wrong: not safetensors, no or a bad
    /// `architecture` tensor, a missing tensor, a wrong shape or dtype, or non-finite weights.
    pub fn from_bytes(bytes: &[u8], origin: &str) -> Result<Self, LearnError> {
        let bad = |reason: String| LearnError::BadModelFile {
            origin: origin.to_string(),
            reason,
        };
        let device = Device::Cpu;
        let tensors = candle_core::safetensors::load_buffer(bytes, &device)
            .map_err(|e| bad(format!("not a safetensors file ({e})")))?;
        let arch = tensors
            .get("architecture")
            .ok_or_else(|| bad("no `architecture` tensor".to_string()))?;
        if arch.dtype() != DType::U32 || arch.dims() != [4] {
            return Err(bad(format!(
                "`architecture` must be 4 u32 values, found {:?} {:?}",
                arch.dtype(),
                arch.dims()
            )));
        }
        let arch = arch.to_vec1::<u32>().map_err(|e| bad(e.to_string()))?;
        if arch[0] != FORMAT_VERSION {
            return Err(bad(format!(
                "format version {} (this build reads {FORMAT_VERSION})",
                arch[0]
            )));
        }
        if arch[1] as usize != INPUT_CHANNELS {
            return Err(bad(format!(
                "{} input channels (this build has {INPUT_CHANNELS})",
                arch[1]
            )));
        }
        let architecture = Architecture {
            hidden_channels: arch[2] as usize,
            conv_layers: arch[3] as usize,
        }
        .validate()
        .map_err(|e| bad(e.to_string()))?;
        let mut layers = Vec::new();
        for ((wn, bn), (wshape, bshape)) in layer_names(architecture).into_iter().zip(layer_shapes(architecture)) {
            let mut pair = Vec::with_capacity(2);
            for (name, shape) in [(wn, wshape.to_vec()), (bn, vec![bshape])] {
                let t = tensors
                    .get(&name)
                    .ok_or_else(|| bad(format!("missing tensor `{name}`")))?;
                if t.dtype() != DType::F32 || t.dims() != shape.as_slice() {
                    return Err(bad(format!(
                        "tensor `{name}` is {:?} {:?}, expected F32 {shape:?}",
                        t.dtype(),
                        t.dims()
                    )));
                }
                let finite = t
                    .flatten_all()
                    .and_then(|f| f.to_vec1::<f32>())
                    .map_err(|e| bad(e.to_string()))?
                    .iter()
                    .all(|v| v.is_finite());
                if !finite {
                    return Err(bad(format!("tensor `{name}` holds a NaN or an infinity")));
                }
                pair.push(Var::from_tensor(t)?);
            }
            let b = pair.pop().ok_or_else(|| bad("internal".to_string()))?;
            let w = pair.pop().ok_or_else(|| bad("internal".to_string()))?;
            layers.push((w, b));
        }
        let expected = 2 * layers.len() + 1;
        if tensors.len() != expected {
            let mut extra: Vec<_> = tensors
                .keys()
                .filter(|k| *k != "architecture" && !layer_names(architecture).iter().any(|(w, b)| w == *k || b == *k))
                .cloned()
                .collect();
            extra.sort();
            return Err(bad(format!("unexpected tensors {extra:?}")));
        }
        Ok(Self {
            architecture,
            layers,
            device,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_weights_and_parameter_count_matches() {
        let arch = Architecture::default();
        let a = MinePredictor::new(arch, 3).unwrap();
        let b = MinePredictor::new(arch, 3).unwrap();
        let c = MinePredictor::new(arch, 4).unwrap();
        let flat = |m: &MinePredictor| -> Vec<f32> {
            m.vars()
                .iter()
                .flat_map(|v| v.as_tensor().flatten_all().unwrap().to_vec1::<f32>().unwrap())
                .collect()
        };
        assert_eq!(flat(&a), flat(&b));
        assert_ne!(flat(&a), flat(&c));
        assert_eq!(flat(&a).len(), arch.parameter_count().unwrap());
        let broken = Architecture { conv_layers: 0, ..arch };
        assert!(matches!(broken.parameter_count(), Err(LearnError::BadArchitecture(_))));
    }

    #[test]
    fn output_has_the_board_shape_for_any_size() {
        let model = MinePredictor::new(Architecture::default(), 1).unwrap();
        for text in [
            "1x1 0\n.\n",
            "5x2 3\n.....\n.....\n",
            "2x7 1\n..\n..\n..\n..\n..\n..\n.0\n",
        ] {
            let view: PlayerView = text.parse().unwrap();
            let cells = model.predict_cells(&[&view, &view]).unwrap();
            assert_eq!(cells.len(), 2);
            assert_eq!(cells[0].len(), view.dims().cell_count());
        }
    }

    #[test]
    fn bad_architectures_are_refused() {
        for (h, l) in [(0, 3), (8, 0), (MAX_WIDTH + 1, 2), (MAX_WIDTH, MAX_WIDTH)] {
            let arch = Architecture {
                hidden_channels: h,
                conv_layers: l,
            };
            assert!(matches!(
                MinePredictor::new(arch, 0),
                Err(LearnError::BadArchitecture(_))
            ));
        }
    }
}
