//! serde support (feature `serde`; the formats are listed in the crate docs). Every value is
//! checked on the way in by the constructor or parser the rest of the crate uses, so a document
//! can no more build an invalid grid or layout than a caller can; its error names what is
//! wrong.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::difficulty::Difficulty;
use crate::{Grid, Inference, Layout, Strategy};

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LayoutRepr {
    box_rows: usize,
    box_cols: usize,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GridRepr {
    box_rows: usize,
    box_cols: usize,
    cells: String,
}

impl Serialize for Layout {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        LayoutRepr {
            box_rows: self.box_rows(),
            box_cols: self.box_cols(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Layout {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let repr = LayoutRepr::deserialize(deserializer)?;
        Layout::new(repr.box_rows, repr.box_cols).map_err(D::Error::custom)
    }
}

impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let layout = self.layout();
        GridRepr {
            box_rows: layout.box_rows(),
            box_cols: layout.box_cols(),
            cells: self.to_line(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let repr = GridRepr::deserialize(deserializer)?;
        let layout = Layout::new(repr.box_rows, repr.box_cols).map_err(D::Error::custom)?;
        Grid::parse_line_with(layout, &repr.cells).map_err(D::Error::custom)
    }
}

/// Serialize by `Display`, deserialize by `FromStr` (whose error names the unknown name).
macro_rules! by_name {
    ($($ty:ty),* $(,)?) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let name = String::deserialize(deserializer)?;
                name.parse().map_err(D::Error::custom)
            }
        }
    )*};
}

by_name!(Strategy, Inference, Difficulty);
