//! Step 1 of the exact solver: turn a [`PlayerView`] into constraints.
//!
//! - A **witness** is a revealed number with covered, unflagged neighbours; it needs
//!   `number − flags around it` mines among them.
//! - A **box** groups the covered cells that touch exactly the same witnesses: they are
//!   interchangeable, so a box of `s` cells holding `k` mines stands for `C(s, k)` layouts.
//! - **Components** are the connected groups of the witness–box graph; given the total mine
//!   count they are independent.
//! - The **interior** is every covered, unflagged cell next to no number.

use crate::error::ProbabilityError;
use crate::geometry::CellId;
use crate::view::{CellView, PlayerView};

/// A group of interchangeable frontier cells.
#[derive(Debug, Clone)]
pub(crate) struct CellBox {
    /// The cells, in row-major order.
    pub cells: Vec<CellId>,
    /// The witnesses (indices into [`Frontier::witnesses`]) every cell touches.
    pub witnesses: Vec<u32>,
}

/// A revealed number that still needs mines.
#[derive(Debug, Clone)]
pub(crate) struct Witness {
    /// Its cell.
    pub cell: CellId,
    /// Mines still needed among its covered, unflagged neighbours.
    pub need: u8,
    /// The boxes around it.
    pub boxes: Vec<u32>,
}

/// An independent group of boxes and the witnesses over them.
#[derive(Debug, Clone)]
pub(crate) struct Component {
    /// Boxes in branching order (breadth-first from the first witness, so consecutive boxes
    /// share witnesses and constraints close early).
    pub boxes: Vec<u32>,
    /// The witnesses of the component.
    pub witnesses: Vec<u32>,
}

/// The constraints of a position.
#[derive(Debug, Clone)]
pub(crate) struct Frontier {
    pub boxes: Vec<CellBox>,
    pub witnesses: Vec<Witness>,
    pub components: Vec<Component>,
    pub interior: Vec<CellId>,
    /// Mines not flagged.
    pub mines_left: u32,
}

impl Frontier {
    /// The error for `component` when none of its layouts fits: its first number is named.
    pub fn no_layout(&self, view: &PlayerView, component: &Component) -> ProbabilityError {
        let w = component.witnesses.first().map_or(0, |&w| w as usize);
        ProbabilityError::NoLayout {
            at: view.dims().pos(self.witnesses[w].cell),
        }
    }

    /// Build the constraints of `view`, rejecting numbers that no layout can satisfy locally.
    pub fn build(view: &PlayerView) -> Result<Self, ProbabilityError> {
        let dims = view.dims();
        if view.flag_count() > view.total_mines() as usize {
            return Err(ProbabilityError::TooManyFlags {
                flags: view.flag_count(),
                mines: view.total_mines(),
            });
        }
        // Witnesses, in row-major order.
        let mut witness_of = vec![u32::MAX; dims.cell_count()];
        let mut witnesses = Vec::new();
        for id in dims.ids() {
            let CellView::Revealed(number) = view.at(id) else {
                continue;
            };
            let (mut flags, mut covered) = (0u8, 0u8);
            for n in dims.neighbours(id) {
                match view.at(n) {
                    CellView::Flagged => flags += 1,
                    CellView::Covered => covered += 1,
                    CellView::Revealed(_) => {}
                }
            }
            if flags > number {
                return Err(ProbabilityError::TooManyFlagsAround {
                    at: dims.pos(id),
                    number,
                    flags,
                });
            }
            let need = number - flags;
            if need > covered {
                return Err(ProbabilityError::NotEnoughRoom {
                    at: dims.pos(id),
                    number,
                    needed: need,
                    room: covered,
                });
            }
            if covered > 0 {
                witness_of[id.index()] = witnesses.len() as u32;
                witnesses.push(Witness {
                    cell: id,
                    need,
                    boxes: Vec::new(),
                });
            }
        }
        // Boxes: covered cells keyed by the (sorted) witnesses they touch, numbered in order of
        // first appearance. Two cells with the same non-empty key share a witness, so they lie
        // within two steps of each other: the box of a cell, if it exists already, is the box of
        // one of the up to 12 earlier cells of its 5×5 neighbourhood (no hashing needed).
        let mut boxes: Vec<CellBox> = Vec::new();
        let mut box_of = vec![u32::MAX; dims.cell_count()];
        let mut interior = Vec::new();
        let mut key = Vec::with_capacity(8);
        let width = usize::from(dims.width().0);
        for id in dims.ids() {
            if view.at(id) != CellView::Covered {
                continue;
            }
            key.clear();
            key.extend(
                dims.neighbours(id)
                    .map(|n| witness_of[n.index()])
                    .filter(|&w| w != u32::MAX),
            );
            if key.is_empty() {
                interior.push(id);
                continue;
            }
            // Neighbours come in row-major order and witnesses are numbered in row-major
            // order, so `key` is already sorted.
            let b = earlier_box_with_key(&boxes, &box_of, id.index(), width, &key).unwrap_or_else(|| {
                boxes.push(CellBox {
                    cells: Vec::new(),
                    witnesses: key.clone(),
                });
                (boxes.len() - 1) as u32
            });
            box_of[id.index()] = b;
            boxes[b as usize].cells.push(id);
        }
        for (b, cell_box) in boxes.iter().enumerate() {
            for &w in &cell_box.witnesses {
                witnesses[w as usize].boxes.push(b as u32);
            }
        }
        let components = split_components(&boxes, &witnesses);
        Ok(Self {
            boxes,
            witnesses,
            components,
            interior,
            mines_left: view.mines_left(),
        })
    }
}

/// The box of an earlier cell within two rows and two columns of cell `index` (row-major, on a
/// board `width` cells wide) whose witnesses are exactly `key`.
fn earlier_box_with_key(boxes: &[CellBox], box_of: &[u32], index: usize, width: usize, key: &[u32]) -> Option<u32> {
    let (row, col) = (index / width, index % width);
    let cols = col.saturating_sub(2)..=(col + 2).min(width - 1);
    for r in row.saturating_sub(2)..=row {
        for c in cols.clone() {
            let other = r * width + c;
            if other >= index {
                break;
            }
            let b = box_of[other];
            if b != u32::MAX && boxes[b as usize].witnesses == key {
                return Some(b);
            }
        }
    }
    None
}

/// Connected components of the witness–box graph, each with its boxes in breadth-first order.
fn split_components(boxes: &[CellBox], witnesses: &[Witness]) -> Vec<Component> {
    let mut seen_witness = vec![false; witnesses.len()];
    let mut seen_box = vec![false; boxes.len()];
    let mut components = Vec::new();
    for start in 0..witnesses.len() {
        if seen_witness[start] {
            continue;
        }
        let mut component = Component {
            boxes: Vec::new(),
            witnesses: vec![start as u32],
        };
        seen_witness[start] = true;
        let mut head = 0;
        while head < component.witnesses.len() {
            let w = component.witnesses[head] as usize;
            head += 1;
            for &b in &witnesses[w].boxes {
                if std::mem::replace(&mut seen_box[b as usize], true) {
                    continue;
                }
                component.boxes.push(b);
                for &other in &boxes[b as usize].witnesses {
                    if !std::mem::replace(&mut seen_witness[other as usize], true) {
                        component.witnesses.push(other);
                    }
                }
            }
        }
        components.push(component);
    }
    components
}
