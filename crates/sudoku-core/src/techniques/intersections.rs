//! Intersections: locked candidates, pointing (type 1) and claiming (type 2).

use std::ops::ControlFlow;

use super::{Sink, Step, Technique, elimination_list};
use crate::candidates::Candidates;
use crate::layout::{House, Layout};
use crate::strategy::Placement;

/// The lines (rows and columns) that cross box `b`.
pub(crate) fn lines_through_box(layout: Layout, b: usize) -> Vec<House> {
    let first = layout.house_cells(House::Box(b as u8)).next().unwrap_or(0);
    let rows = (0..layout.box_rows()).map(|i| House::Row((layout.row_of(first) + i) as u8));
    let cols = (0..layout.box_cols()).map(|i| House::Col((layout.col_of(first) + i) as u8));
    rows.chain(cols).collect()
}

/// Whether `cell` lies in `house`.
pub(crate) fn in_house(layout: Layout, cell: usize, house: House) -> bool {
    layout.houses_of(cell).contains(&house)
}

/// Pointing: a digit whose candidates in a box all lie on one line leaves the rest of the
/// line.
pub fn pointing(cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    intersection(cands, true, sink)
}

/// Claiming: a digit whose candidates in a line all lie in one box leaves the rest of the
/// box.
pub fn claiming(cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    intersection(cands, false, sink)
}

fn intersection(cands: &Candidates, pointing: bool, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let layout = cands.layout();
    for b in 0..layout.size() {
        let box_house = House::Box(b as u8);
        for line in lines_through_box(layout, b) {
            for digit in 1..=layout.size() as u8 {
                let (source, target) = if pointing { (box_house, line) } else { (line, box_house) };
                let mut inside = 0;
                let mut confined = true;
                for cell in cands.cells_with(source, digit) {
                    if in_house(layout, cell, target) {
                        inside += 1;
                    } else {
                        confined = false;
                        break;
                    }
                }
                if !confined || inside == 0 {
                    continue;
                }
                let eliminations: Vec<Placement> = cands
                    .cells_with(target, digit)
                    .filter(|&c| !in_house(layout, c, source))
                    .map(|c| Placement { cell: c as u16, digit })
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let (technique, text) = if pointing {
                    (
                        Technique::Pointing,
                        format!(
                            "Locked candidates (pointing): in {box_house}, {digit} lies only in {line}, so it leaves the rest of {line}: {}",
                            elimination_list(layout, &eliminations)
                        ),
                    )
                } else {
                    (
                        Technique::Claiming,
                        format!(
                            "Locked candidates (claiming): in {line}, {digit} lies only in {box_house}, so it leaves the rest of {box_house}: {}",
                            elimination_list(layout, &eliminations)
                        ),
                    )
                };
                sink(Step::eliminating(technique, eliminations, text))?;
            }
        }
    }
    ControlFlow::Continue(())
}
