//! Training data in AutoMine's spirit: per click of simulated games, the board as the player
//! sees it and the label map, as NumPy `.npy` files.
//!
//! # Files written to the output folder (N samples, a board of H rows and W columns)
//! | file | dtype | shape | content |
//! | --- | --- | --- | --- |
//! | `inputs.npy` | `uint8` | `(N, 11, H, W)` | one-hot view: channel 0 = covered (no flag), channels 1–9 = revealed number 0–8 (channel `1 + n`), channel 10 = flagged |
//! | `labels.npy` | `float32` | `(N, H, W)` | P(mine) of each covered cell (exact or teacher, see `dataset.json`); 0 on revealed and flagged cells |
//! | `mines.npy` | `uint8` | `(N, H, W)` | the true layout: 1 = mine |
//! | `info.npy` | `int32` | `(N, 4)` | per sample: game index, click number (1 = after the first click), mines left, covered cells |
//! | `dataset.json` | text | | settings, seed, label kind and this layout |
//!
//! Arrays are C-order, row-major inside a board (`[row][col]`). A sample is recorded after
//! every click that leaves the game running (won and lost positions are not recorded).
//! Train only on covered cells: `inputs[:, 0]` is the mask.
//!
//! # Reproducibility
//! Game `g` is laid from the `g`-th `u64` of `ChaCha8Rng::seed_from_u64(seed)`; the player is
//! the deterministic [`SafestCellPlayer`]; so the same arguments give byte-identical files.

use std::fs::File;
use std::io::{self, BufWriter};
use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::game::{Game, GameStatus};
use crate::player::SafestCellPlayer;
use crate::probability::exact::exact_probabilities;
use crate::probability::map::ProbabilityMap;
use crate::probability::teacher::Teacher;
use crate::settings::GameSettings;
use crate::training::npy::{NpyDtype, NpyWriter};
use crate::view::{CellView, PlayerView};

/// Which probabilities label the samples.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LabelKind {
    /// Exact P(mine).
    Exact,
    /// AutoMine's teacher estimate (incremental over each game, as in the original).
    Teacher,
}

impl LabelKind {
    /// The name as the command line spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Exact => "exact",
            Self::Teacher => "teacher",
        }
    }
}

impl std::str::FromStr for LabelKind {
    type Err = crate::settings::UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "exact" => Ok(Self::Exact),
            "teacher" => Ok(Self::Teacher),
            other => Err(crate::settings::UnknownName::new("label kind", other, "exact, teacher")),
        }
    }
}

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DatasetConfig {
    /// Board, mines and first-click rule.
    pub settings: GameSettings,
    /// Games to simulate.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Label kind.
    pub labels: LabelKind,
}

/// What was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DatasetSummary {
    /// Samples (rows of every array).
    pub samples: u64,
    /// Games won by the player.
    pub games_won: u64,
    /// Games played.
    pub games: u64,
}

/// Why a data set could not be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DatasetError {
    /// Creating or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: io::Error,
    },
    /// A simulated game failed (a bug: real games always have layouts).
    #[error("game {game}: {source}")]
    Simulation {
        /// The game index.
        game: u64,
        /// The error.
        source: crate::player::SimulationError,
    },
}

/// The one-hot channel count of `inputs.npy`.
pub const INPUT_CHANNELS: usize = 11;

/// Write the one-hot planes of `view` (`11 × H × W`, see the module docs) into `out`.
pub fn encode_view(view: &PlayerView, out: &mut Vec<u8>) {
    let cells = view.dims().cell_count();
    out.clear();
    out.resize(INPUT_CHANNELS * cells, 0);
    for (i, cell) in view.cells().iter().enumerate() {
        let channel = match cell {
            CellView::Covered => 0,
            CellView::Revealed(n) => 1 + usize::from(*n),
            CellView::Flagged => 10,
        };
        out[channel * cells + i] = 1;
    }
}

struct Writers {
    inputs: NpyWriter<BufWriter<File>>,
    labels: NpyWriter<BufWriter<File>>,
    mines: NpyWriter<BufWriter<File>>,
    info: NpyWriter<BufWriter<File>>,
}

fn open(dir: &Path, name: &str, dtype: NpyDtype, shape: &[usize]) -> Result<NpyWriter<BufWriter<File>>, DatasetError> {
    let path = dir.join(name);
    let err = |source| DatasetError::Io {
        path: path.display().to_string(),
        source,
    };
    let file = File::create(&path).map_err(err)?;
    NpyWriter::new(BufWriter::new(file), dtype, shape).map_err(err)
}

/// Simulate `config.games` games and write the data set into `dir` (created if missing).
/// `progress` is called with the number of games finished.
///
/// # Errors
/// A [`DatasetError`] when a file cannot be written.
pub fn write_dataset(
    config: &DatasetConfig,
    dir: &Path,
    mut progress: impl FnMut(u64),
) -> Result<DatasetSummary, DatasetError> {
    let io_err = |path: &Path| {
        let path = path.display().to_string();
        move |source| DatasetError::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io_err(dir))?;
    let dims = config.settings.dims();
    let (h, w) = (dims.height().0 as usize, dims.width().0 as usize);
    let mut out = Writers {
        inputs: open(dir, "inputs.npy", NpyDtype::U8, &[INPUT_CHANNELS, h, w])?,
        labels: open(dir, "labels.npy", NpyDtype::F32, &[h, w])?,
        mines: open(dir, "mines.npy", NpyDtype::U8, &[h, w])?,
        info: open(dir, "info.npy", NpyDtype::I32, &[4])?,
    };
    let mut seeds = ChaCha8Rng::seed_from_u64(config.seed);
    let mut summary = DatasetSummary::default();
    let mut planes = Vec::new();
    for game_index in 0..config.games {
        let game_seed = seeds.next_u64();
        let sim = |source| DatasetError::Simulation {
            game: game_index,
            source,
        };
        let mut game = Game::new(config.settings, game_seed);
        let mut teacher = Teacher::new(game.view());
        let mut map = exact_probabilities(game.view()).map_err(|e| sim(e.into()))?;
        let mut click = 0i32;
        while game.status() == GameStatus::Playing {
            let pos = SafestCellPlayer::choose_from_map(game.view(), &map)
                .ok_or_else(|| sim(crate::error::ProbabilityError::NothingToOpen.into()))?;
            let outcome = game.reveal(pos).map_err(|e| sim(e.into()))?;
            click += 1;
            if game.status() != GameStatus::Playing {
                break;
            }
            let view = game.view();
            map = exact_probabilities(view).map_err(|e| sim(e.into()))?;
            let label_map = match config.labels {
                LabelKind::Exact => None,
                LabelKind::Teacher => {
                    teacher.observe(view, &outcome.revealed).map_err(|e| sim(e.into()))?;
                    Some(teacher.probabilities(view))
                }
            };
            let labels = label_map.as_ref().unwrap_or(&map);
            record(&mut out, view, labels, &game, [game_index as i32, click], &mut planes).map_err(io_err(dir))?;
            summary.samples += 1;
        }
        summary.games += 1;
        summary.games_won += u64::from(game.status() == GameStatus::Won);
        progress(summary.games);
    }
    for writer in [out.inputs, out.labels, out.mines, out.info] {
        writer.finish().map_err(io_err(dir))?;
    }
    let manifest = manifest(config, &summary);
    std::fs::write(dir.join("dataset.json"), manifest).map_err(io_err(dir))?;
    Ok(summary)
}

fn record(
    out: &mut Writers,
    view: &PlayerView,
    labels: &ProbabilityMap,
    game: &Game,
    [game_index, click]: [i32; 2],
    planes: &mut Vec<u8>,
) -> io::Result<()> {
    encode_view(view, planes);
    out.inputs.write_u8(planes)?;
    let label_row: Vec<f32> = labels.values().iter().map(|v| v.unwrap_or(0.0) as f32).collect();
    out.labels.write_f32(&label_row)?;
    let mines: Vec<u8> = view
        .dims()
        .ids()
        .map(|id| u8::from(game.hidden_layout().is_some_and(|l| l.is_mine(id))))
        .collect();
    out.mines.write_u8(&mines)?;
    out.info
        .write_i32(&[game_index, click, view.mines_left() as i32, view.covered_count() as i32])
}

fn manifest(config: &DatasetConfig, summary: &DatasetSummary) -> String {
    let dims = config.settings.dims();
    format!(
        concat!(
            "{{\n",
            "  \"format\": \"automine-core dataset v1\",\n",
            "  \"width\": {w},\n  \"height\": {h},\n  \"mines\": {m},\n",
            "  \"first_click\": \"{rule}\",\n  \"games\": {games},\n  \"games_won\": {won},\n",
            "  \"seed\": {seed},\n  \"labels\": \"{labels}\",\n  \"samples\": {n},\n",
            "  \"player\": \"safest cell (certain safe first, else lowest exact P(mine), ties in row-major order)\",\n",
            "  \"files\": {{\n",
            "    \"inputs.npy\": \"uint8 (N, 11, H, W): channel 0 covered, 1+n revealed number n (0-8), 10 flagged\",\n",
            "    \"labels.npy\": \"float32 (N, H, W): P(mine) of covered cells, 0 elsewhere\",\n",
            "    \"mines.npy\": \"uint8 (N, H, W): 1 where a mine is\",\n",
            "    \"info.npy\": \"int32 (N, 4): game index, click number, mines left, covered cells\"\n",
            "  }}\n}}\n"
        ),
        w = dims.width().0,
        h = dims.height().0,
        m = config.settings.mines(),
        rule = config.settings.first_click().name(),
        games = summary.games,
        won = summary.games_won,
        seed = config.seed,
        labels = config.labels.name(),
        n = summary.samples,
    )
}
