//! [`Geometry`]: the cell lists of a layout (houses, peers, box–line intersections),
//! computed once per layout and shared, so that the general engine walks slices instead of
//! recomputing coordinates.

use std::sync::OnceLock;

use crate::layout::{House, Layout, MAX_SIZE};

/// Precomputed cell lists of one layout.
#[derive(Debug)]
pub struct Geometry {
    /// Cells of every house, indexed like [`Layout::houses`] (rows, columns, boxes).
    pub houses: Vec<Vec<u16>>,
    /// Peers of every cell.
    pub peers: Vec<Vec<u16>>,
    /// Every (box, line) pair that meets: the cells they share, the rest of the box and the
    /// rest of the line.
    pub intersections: Vec<Intersection>,
}

/// Where a box meets a row or a column.
#[derive(Debug)]
pub struct Intersection {
    /// Cells in both.
    pub shared: Vec<u16>,
    /// Cells of the box off the line.
    pub box_rest: Vec<u16>,
    /// Cells of the line off the box.
    pub line_rest: Vec<u16>,
}

const SLOTS: usize = (MAX_SIZE + 1) * (MAX_SIZE + 1);

static CACHE: [OnceLock<Geometry>; SLOTS] = [const { OnceLock::new() }; SLOTS];

impl Geometry {
    /// The geometry of `layout`, built on first use.
    pub fn of(layout: Layout) -> &'static Geometry {
        CACHE[layout.box_rows() * (MAX_SIZE + 1) + layout.box_cols()].get_or_init(|| Geometry::build(layout))
    }

    fn build(layout: Layout) -> Geometry {
        let to16 = |it: &mut dyn Iterator<Item = usize>| it.map(|c| c as u16).collect::<Vec<u16>>();
        let houses: Vec<Vec<u16>> = layout.houses().map(|h| to16(&mut layout.house_cells(h))).collect();
        let peers = (0..layout.cells()).map(|c| to16(&mut layout.peers(c))).collect();
        let mut intersections = Vec::new();
        let n = layout.size();
        for b in 0..n {
            let box_cells: Vec<usize> = layout.house_cells(House::Box(b as u8)).collect();
            let first = box_cells[0];
            let rows = (0..layout.box_rows()).map(|i| House::Row((layout.row_of(first) + i) as u8));
            let cols = (0..layout.box_cols()).map(|i| House::Col((layout.col_of(first) + i) as u8));
            for line in rows.chain(cols) {
                let on_line = |c: usize| layout.houses_of(c).contains(&line);
                let shared = to16(&mut box_cells.iter().copied().filter(|&c| on_line(c)));
                let box_rest = to16(&mut box_cells.iter().copied().filter(|&c| !on_line(c)));
                let line_rest = to16(&mut layout.house_cells(line).filter(|&c| layout.box_of(c) != b));
                intersections.push(Intersection {
                    shared,
                    box_rest,
                    line_rest,
                });
            }
        }
        Geometry {
            houses,
            peers,
            intersections,
        }
    }
}
