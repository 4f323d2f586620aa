//! Uniqueness techniques: sound only for puzzles with exactly one solution, so the logical
//! solver uses them only when told to assume uniqueness
//! ([`crate::explain::Settings::assume_unique`]).

use std::ops::ControlFlow;

use super::{Sink, Step, Technique, cell_list, cell_name, digit_list, open_cells};
use crate::candidates::Candidates;
use crate::layout::House;
use crate::strategy::Placement;

/// Unique rectangle type 1: four open cells on two rows, two columns and two boxes; three of
/// them hold exactly the candidates `a/b` and the fourth holds another digit besides `a`
/// and/or `b`. If the fourth were `a` or `b`, the four cells could swap `a` and `b` and the
/// puzzle would have two solutions, so `a` and `b` leave the fourth cell.
pub fn unique_rectangle_1(cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let layout = cands.layout();
    let n = layout.size();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let corners = [
                        layout.cell(r1, c1),
                        layout.cell(r1, c2),
                        layout.cell(r2, c1),
                        layout.cell(r2, c2),
                    ];
                    if corners.iter().any(|&c| cands.value(c).is_some()) {
                        continue;
                    }
                    let mut boxes: Vec<usize> = corners.iter().map(|&c| layout.box_of(c)).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 {
                        continue;
                    }
                    for roof in 0..4 {
                        let floor: Vec<usize> = (0..4).filter(|&i| i != roof).map(|i| corners[i]).collect();
                        let pair = cands.candidates(floor[0]);
                        if pair.len() != 2 || floor.iter().any(|&c| cands.candidates(c) != pair) {
                            continue;
                        }
                        let target = corners[roof];
                        let t = cands.candidates(target);
                        // The fourth cell holds another digit and at least one of the pair
                        // (an earlier step may have removed the other).
                        if t.bits() & !pair.bits() == 0 || t.bits() & pair.bits() == 0 {
                            continue;
                        }
                        let eliminations: Vec<Placement> = pair
                            .iter()
                            .filter(|&d| t.contains(d))
                            .map(|digit| Placement {
                                cell: target as u16,
                                digit,
                            })
                            .collect();
                        let text = format!(
                            "Unique rectangle type 1: {} hold only {} and with {} form a rectangle over two boxes; if {} were {} too the puzzle would have two solutions, so it loses {}",
                            cell_list(layout, floor.iter().copied()),
                            digit_list(pair.iter()),
                            cell_name(layout, target),
                            cell_name(layout, target),
                            digit_list(pair.iter()),
                            digit_list(eliminations.iter().map(|p| p.digit))
                        );
                        sink(Step::eliminating(Technique::UniqueRectangle1, eliminations, text))?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// BUG+1 (bivalue universal grave plus one): every open cell holds two candidates except one
/// cell with three. Without that cell's extra digit the grid would be a "grave" with two
/// solutions, so the cell holds the digit that appears three times in its houses, and its
/// other candidates go.
pub fn bug_plus_one(cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let layout = cands.layout();
    let mut extra = None;
    for cell in open_cells(cands) {
        match cands.candidates(cell).len() {
            2 => {}
            3 if extra.is_none() => extra = Some(cell),
            _ => return ControlFlow::Continue(()),
        }
    }
    let Some(cell) = extra else {
        return ControlFlow::Continue(());
    };
    let count = |house: House, digit: u8| cands.cells_with(house, digit).count();
    let [row, col, bx] = layout.houses_of(cell);
    let bug_digit = cands
        .candidates(cell)
        .iter()
        .find(|&d| count(row, d) == 3 && count(col, d) == 3 && count(bx, d) == 3);
    let Some(digit) = bug_digit else {
        return ControlFlow::Continue(());
    };
    let eliminations: Vec<Placement> = cands
        .candidates(cell)
        .iter()
        .filter(|&d| d != digit)
        .map(|d| Placement {
            cell: cell as u16,
            digit: d,
        })
        .collect();
    let text = format!(
        "BUG+1: every open cell but {} holds two candidates; {digit} appears three times in its row, column and box, and without it the grid would have two solutions, so {} is {digit}",
        cell_name(layout, cell),
        cell_name(layout, cell)
    );
    sink(Step::eliminating(Technique::BugPlusOne, eliminations, text))
}
