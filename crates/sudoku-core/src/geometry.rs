//! [`Geometry`]: the cell lists of a layout (houses, peers, box–line intersections and the
//! segments they are made of), computed once per layout and shared, so that the general
//! engine walks slices instead of recomputing coordinates.

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
    /// Every segment (where a line meets a box): the rows' segments, row by row and left to
    /// right, then the columns', column by column and top to bottom. The segments of a line
    /// partition it; a box is partitioned both by its row segments and by its column
    /// segments.
    pub(crate) segments: Vec<Segment>,
    /// The segments of every house, indexed like [`Geometry::houses`]: a line's along it, a
    /// box's row segments.
    pub(crate) house_segments: Vec<Vec<u16>>,
}

/// Where a line meets a box, with the segments that make up the rest of each.
#[derive(Debug)]
pub(crate) struct Segment {
    /// Cells in both.
    pub(crate) cells: Vec<u16>,
    /// The other segments of the line (the rest of the line).
    pub(crate) line_others: Vec<u16>,
    /// The box's other segments along lines of the same kind (the rest of the box).
    pub(crate) box_others: Vec<u16>,
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
        let (segments, house_segments) = Geometry::segments(layout);
        Geometry {
            houses,
            peers,
            intersections,
            segments,
            house_segments,
        }
    }

    /// The segments of `layout` and the segments of every house (see [`Geometry::segments`]).
    fn segments(layout: Layout) -> (Vec<Segment>, Vec<Vec<u16>>) {
        let n = layout.size();
        let (br, bc) = (layout.box_rows(), layout.box_cols());
        // Boxes along a row (`n / bc`) and along a column (`n / br`).
        let (across, down) = (n / bc, n / br);
        // Row segment (r, k): row r in the k-th box from the left; column segment (c, k):
        // column c in the k-th box from the top, after all the row segments.
        let row_seg = |r: usize, k: usize| (r * across + k) as u16;
        let col_seg = |c: usize, k: usize| (n * across + c * down + k) as u16;
        let mut segments = Vec::with_capacity(n * (across + down));
        for r in 0..n {
            for k in 0..across {
                let band = r / br * br;
                segments.push(Segment {
                    cells: (0..bc).map(|i| (r * n + k * bc + i) as u16).collect(),
                    line_others: (0..across).filter(|&j| j != k).map(|j| row_seg(r, j)).collect(),
                    box_others: (band..band + br).filter(|&o| o != r).map(|o| row_seg(o, k)).collect(),
                });
            }
        }
        for c in 0..n {
            for k in 0..down {
                let stack = c / bc * bc;
                segments.push(Segment {
                    cells: (0..br).map(|i| ((k * br + i) * n + c) as u16).collect(),
                    line_others: (0..down).filter(|&j| j != k).map(|j| col_seg(c, j)).collect(),
                    box_others: (stack..stack + bc).filter(|&o| o != c).map(|o| col_seg(o, k)).collect(),
                });
            }
        }
        let rows = (0..n).map(|r| (0..across).map(|k| row_seg(r, k)).collect());
        let cols = (0..n).map(|c| (0..down).map(|k| col_seg(c, k)).collect());
        let boxes = (0..n).map(|b| {
            let (band, k) = (b / across * br, b % across);
            (band..band + br).map(|r| row_seg(r, k)).collect()
        });
        (segments, rows.chain(cols).chain(boxes).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The segments partition every house and say which box and line they lie in, for
    /// square and oblong boxes (and boxes one cell thick).
    #[test]
    fn segments_partition_the_houses() {
        for (br, bc) in [
            (1, 1),
            (1, 4),
            (4, 1),
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (3, 4),
            (4, 4),
            (5, 5),
        ] {
            let layout = Layout::new(br, bc).unwrap();
            let geometry = Geometry::of(layout);
            let cells_of = |segs: &[u16]| {
                let mut cells: Vec<u16> = segs
                    .iter()
                    .flat_map(|&s| geometry.segments[s as usize].cells.clone())
                    .collect();
                cells.sort_unstable();
                cells
            };
            for (h, house) in geometry.houses.iter().enumerate() {
                assert_eq!(&cells_of(&geometry.house_segments[h]), house, "{br}x{bc} house {h}");
            }
            for (s, seg) in geometry.segments.iter().enumerate() {
                let first = seg.cells[0] as usize;
                let [row, col, boxed] = layout.houses_of(first);
                let line = if s < layout.size() * (layout.size() / bc) {
                    row
                } else {
                    col
                };
                // The segment and its others make up the line and the box.
                for (others, house) in [(&seg.line_others, line), (&seg.box_others, boxed)] {
                    let mut all = others.clone();
                    all.push(s as u16);
                    let cells: Vec<usize> = cells_of(&all).iter().map(|&c| c as usize).collect();
                    assert_eq!(
                        cells,
                        layout.house_cells(house).collect::<Vec<_>>(),
                        "{br}x{bc} segment {s} {house}"
                    );
                }
            }
        }
    }
}
