//! Singles: full house, naked single, hidden single.

use std::ops::ControlFlow;

use super::{Sink, Step, Technique, cell_name, open_cells};
use crate::candidates::Candidates;
use crate::layout::House;

/// Full house: a house with one empty cell left; the cell takes the missing digit.
pub fn full_house(cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let layout = cands.layout();
    for house in houses_boxes_first(cands) {
        let mut open = layout.house_cells(house).filter(|&c| cands.value(c).is_none());
        let (Some(cell), None) = (open.next(), open.next()) else {
            continue;
        };
        if let Some(digit) = cands.candidates(cell).single() {
            let text = format!(
                "Full house: {} is the last empty cell in {house}, so it is {digit}",
                cell_name(layout, cell)
            );
            sink(Step::placing(Technique::FullHouse, cell, digit, text))?;
        }
    }
    ControlFlow::Continue(())
}

/// Naked single: a cell with one candidate left.
pub fn naked_single(cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let layout = cands.layout();
    for cell in open_cells(cands) {
        if let Some(digit) = cands.candidates(cell).single() {
            let text = format!(
                "Naked single: {digit} is the only candidate left in {}",
                cell_name(layout, cell)
            );
            sink(Step::placing(Technique::NakedSingle, cell, digit, text))?;
        }
    }
    ControlFlow::Continue(())
}

/// Hidden single: a digit with one possible cell left in a house (boxes first, then rows,
/// then columns).
pub fn hidden_single(cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let layout = cands.layout();
    for house in houses_boxes_first(cands) {
        let placed = layout
            .house_cells(house)
            .filter_map(|c| cands.value(c))
            .fold(0u32, |m, d| m | 1 << (d - 1));
        for digit in 1..=layout.size() as u8 {
            if placed & 1 << (digit - 1) != 0 {
                continue;
            }
            let mut cells = cands.cells_with(house, digit);
            if let (Some(cell), None) = (cells.next(), cells.next()) {
                let text = format!(
                    "Hidden single: in {house}, {digit} fits only in {}",
                    cell_name(layout, cell)
                );
                sink(Step::placing(Technique::HiddenSingle, cell, digit, text))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Boxes, then rows, then columns (people scan boxes first).
pub(crate) fn houses_boxes_first(cands: &Candidates) -> impl Iterator<Item = House> {
    let n = cands.layout().size() as u8;
    (0..n)
        .map(House::Box)
        .chain((0..n).map(House::Row))
        .chain((0..n).map(House::Col))
}
