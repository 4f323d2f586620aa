//! Basic fish: X-wing (2 lines), swordfish (3), jellyfish (4).
//!
//! For one digit, take `k` base lines (rows, say) whose candidates for the digit all lie in
//! the same `k` cover lines (columns). The digit sits once in each base row, so those `k`
//! placements fill the `k` cover columns: the digit leaves every other cell of the columns.

use std::ops::ControlFlow;

use super::{Sink, Step, Technique, elimination_list, for_each_combination};
use crate::candidates::Candidates;
use crate::layout::House;
use crate::strategy::Placement;

/// Basic fish of size `k` on rows and on columns.
pub fn basic_fish(cands: &Candidates, k: usize, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let technique = match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let layout = cands.layout();
    let n = layout.size();
    for digit in 1..=n as u8 {
        for rows_are_base in [true, false] {
            let line = |i: usize| {
                if rows_are_base {
                    House::Row(i as u8)
                } else {
                    House::Col(i as u8)
                }
            };
            let cross = |i: usize| {
                if rows_are_base {
                    House::Col(i as u8)
                } else {
                    House::Row(i as u8)
                }
            };
            // Base line -> bit mask of the cover lines holding the digit.
            let mut pool: Vec<(usize, u32)> = Vec::new();
            for i in 0..n {
                let mask = cands.cells_with(line(i), digit).fold(0u32, |m, c| {
                    let j = if rows_are_base {
                        layout.col_of(c)
                    } else {
                        layout.row_of(c)
                    };
                    m | 1 << j
                });
                if (1..=k as u32).contains(&mask.count_ones()) {
                    pool.push((i, mask));
                }
            }
            for_each_combination(pool.len(), k, &mut |idx| {
                let cover = idx.iter().fold(0u32, |m, &i| m | pool[i].1);
                if cover.count_ones() as usize != k {
                    return ControlFlow::Continue(());
                }
                let base: Vec<usize> = idx.iter().map(|&i| pool[i].0).collect();
                let covers: Vec<usize> = (0..n).filter(|j| cover >> j & 1 == 1).collect();
                let mut eliminations = Vec::new();
                for &j in &covers {
                    for c in cands.cells_with(cross(j), digit) {
                        let i = if rows_are_base {
                            layout.row_of(c)
                        } else {
                            layout.col_of(c)
                        };
                        if !base.contains(&i) {
                            eliminations.push(Placement { cell: c as u16, digit });
                        }
                    }
                }
                if eliminations.is_empty() {
                    return ControlFlow::Continue(());
                }
                let names = |houses: &[usize], f: &dyn Fn(usize) -> House| {
                    houses.iter().map(|&i| f(i).to_string()).collect::<Vec<_>>().join(", ")
                };
                let text = format!(
                    "{technique}: in {}, {digit} lies only in {}, so {digit} leaves the rest of those lines: {}",
                    names(&base, &line),
                    names(&covers, &cross),
                    elimination_list(layout, &eliminations)
                );
                sink(Step::eliminating(technique, eliminations, text))
            })?;
        }
    }
    ControlFlow::Continue(())
}
