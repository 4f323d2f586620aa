//! serde support (feature `serde`; the formats are listed in the crate docs). Every value is
//! checked on the way in by the constructor or parser the rest of the crate uses, so a document
//! can no more build an invalid board than a caller can; its error names what is wrong.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::settings::Preset;
use crate::view::PlayerView;
use crate::{CellId, Col, Dims, FirstClick, Game, GameSettings, GameStatus, Height, MineLayout, Pos, Row, Width};

/// Serialize by `Display`, deserialize by `FromStr` (whose error says what was expected).
macro_rules! by_text {
    ($($ty:ty),* $(,)?) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = String::deserialize(deserializer)?;
                text.parse().map_err(D::Error::custom)
            }
        }
    )*};
}

by_text!(FirstClick, Preset, PlayerView);

/// The board size of a document, checked as [`Dims::new`] checks it.
fn dims<E: serde::de::Error>(width: u16, height: u16) -> Result<Dims, E> {
    Dims::new(Width(width), Height(height)).map_err(E::custom)
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DimsRepr {
    width: u16,
    height: u16,
}

impl Serialize for Dims {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        DimsRepr {
            width: self.width().0,
            height: self.height().0,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Dims {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let repr = DimsRepr::deserialize(deserializer)?;
        dims::<D::Error>(repr.width, repr.height)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PosRepr {
    col: u16,
    row: u16,
}

impl Serialize for Pos {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PosRepr {
            col: self.col().0,
            row: self.row().0,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Pos {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let repr = PosRepr::deserialize(deserializer)?;
        Ok(Pos::new(Col(repr.col), Row(repr.row)))
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingsRepr {
    width: u16,
    height: u16,
    mines: u32,
    first_click: FirstClick,
}

impl Serialize for GameSettings {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SettingsRepr {
            width: self.dims().width().0,
            height: self.dims().height().0,
            mines: self.mines(),
            first_click: self.first_click(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for GameSettings {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let repr = SettingsRepr::deserialize(deserializer)?;
        let dims = dims::<D::Error>(repr.width, repr.height)?;
        GameSettings::new(dims, repr.mines, repr.first_click).map_err(D::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LayoutRepr {
    width: u16,
    height: u16,
    mines: Vec<u32>,
}

impl Serialize for MineLayout {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let dims = self.dims();
        LayoutRepr {
            width: dims.width().0,
            height: dims.height().0,
            mines: self.mines().iter().map(|id| id.0).collect(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for MineLayout {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let repr = LayoutRepr::deserialize(deserializer)?;
        let dims = dims::<D::Error>(repr.width, repr.height)?;
        let cells = dims.cell_count();
        let mut seen = vec![false; cells];
        for &id in &repr.mines {
            let Some(slot) = seen.get_mut(id as usize) else {
                return Err(D::Error::custom(format!(
                    "mine at cell {id} is off the board ({dims} has cells 0 to {})",
                    cells - 1
                )));
            };
            if std::mem::replace(slot, true) {
                return Err(D::Error::custom(format!("mine at cell {id} is given twice")));
            }
        }
        Ok(MineLayout::from_mines(dims, repr.mines.into_iter().map(CellId)))
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameRepr {
    settings: GameSettings,
    seed: u64,
    layout: Option<MineLayout>,
    view: PlayerView,
    status: GameStatus,
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        GameRepr {
            settings: self.settings(),
            seed: self.seed(),
            layout: self.hidden_layout().cloned(),
            view: self.view().clone(),
            status: self.status(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let repr = GameRepr::deserialize(deserializer)?;
        Game::from_parts(repr.settings, repr.seed, repr.layout, repr.view, repr.status).map_err(D::Error::custom)
    }
}
