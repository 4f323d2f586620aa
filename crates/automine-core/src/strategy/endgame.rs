//! Exhaustive endgame search: when few layouts remain, the move that maximises the chance of
//! winning the whole game (not of surviving the next click), as Tu et al.'s D256 "drainer" and
//! D. N. Hill's brute-force deep analysis do.
//!
//! The state is the set `S` of layouts still consistent with what has been seen (the sorted
//! indices of its layouts in the [`LayoutSet`]). Opening cell `c` loses in the layouts where
//! `c` is a mine and splits the others by the number `c` shows. With every layout equally
//! likely,
//!
//! ```text
//! W(S) = 1                                            if |S| = 1
//!      = Σ_v |S_v| / |S| · W(S_v)                     if some cell is safe in all of S and
//!                                                     shows different numbers (a free look)
//!      = max_c Σ_v |S_v(c)| / |S| · W(S_v(c))         otherwise
//! ```
//!
//! Opening a certainly safe cell never hurts, so taking free looks first loses nothing. `W`
//! is memoised on `S`; candidates are tried safest first and cut off as soon as their
//! survival chance cannot beat the best win chance found.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::geometry::CellId;
use crate::probability::exact::KeyHasher;
use crate::strategy::layouts::LayoutSet;
use crate::view::{CellView, PlayerView};

/// The number that stands for "this cell holds a mine" in the value table.
const MINE: u8 = 9;

/// The node limit was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct OutOfNodes;

/// The endgame search's answer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EndgameMove {
    /// The cell to open.
    pub cell: CellId,
    /// The probability of winning the game when this cell is opened and play stays optimal.
    pub win_probability: f64,
}

/// The search over one [`LayoutSet`].
///
/// A set of layouts is the sorted list of their indices: the sets met below the root shrink
/// fast, so splitting one and remembering it costs in proportion to its size, not to the
/// number of layouts at the root.
#[derive(Debug)]
pub struct EndgameSearch<'a> {
    set: &'a LayoutSet,
    /// `values[c][l]`: what cell `c` shows in layout `l` (`MINE` for a mine).
    values: Vec<Vec<u8>>,
    memo: HashMap<Vec<u32>, f64, BuildHasherDefault<KeyHasher>>,
    nodes: u64,
    node_limit: u64,
}

/// The layouts of a set split by what one cell shows: part `v` (0–8, or `MINE`) is
/// `layouts[starts[v]..starts[v + 1]]`, each part in increasing order.
struct Parts {
    starts: [usize; 11],
    layouts: Vec<u32>,
}

impl Parts {
    fn part(&self, v: usize) -> &[u32] {
        &self.layouts[self.starts[v]..self.starts[v + 1]]
    }
}

impl<'a> EndgameSearch<'a> {
    /// Prepare the search for the layouts `set` of `view`; `node_limit` bounds the number of
    /// distinct layout sets evaluated.
    pub fn new(view: &PlayerView, set: &'a LayoutSet, node_limit: u64) -> Self {
        let dims = view.dims();
        let mut local = HashMap::with_capacity(set.cells.len());
        for (i, &id) in set.cells.iter().enumerate() {
            local.insert(id, i);
        }
        let values = set
            .cells
            .iter()
            .enumerate()
            .map(|(i, &id)| {
                let flags = dims.neighbours(id).filter(|&n| view.at(n) == CellView::Flagged).count() as u8;
                let covered: Vec<usize> = dims.neighbours(id).filter_map(|n| local.get(&n).copied()).collect();
                set.mines
                    .iter()
                    .map(|layout| {
                        if layout[i] {
                            MINE
                        } else {
                            flags + covered.iter().filter(|&&j| layout[j]).count() as u8
                        }
                    })
                    .collect()
            })
            .collect();
        Self {
            set,
            values,
            memo: HashMap::default(),
            nodes: 0,
            node_limit,
        }
    }

    /// Layout sets evaluated so far.
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Every layout of the set, in order.
    fn all(&self) -> Vec<u32> {
        (0..self.set.mines.len() as u32).collect()
    }

    /// The best cell to open now, or `None` when the node limit was reached (or only one
    /// layout is left and every covered cell is decided: then nothing needs guessing).
    pub fn best_move(&mut self) -> Option<EndgameMove> {
        let all = self.all();
        if all.len() == 1 {
            // Every cell is decided: open any safe one.
            let c = (0..self.values.len()).find(|&c| self.values[c][0] != MINE)?;
            return Some(EndgameMove {
                cell: self.set.cells[c],
                win_probability: 1.0,
            });
        }
        if let Some(c) = self.free_look(&all) {
            let w = self.split_value(c, &all, 0.0)?;
            return Some(EndgameMove {
                cell: self.set.cells[c],
                win_probability: w,
            });
        }
        let (c, w) = self.best_guess(&all).ok()??;
        Some(EndgameMove {
            cell: self.set.cells[c],
            win_probability: w,
        })
    }

    /// The win probability of the current position under optimal play, if within the limit.
    pub fn win_probability(&mut self) -> Option<f64> {
        let all = self.all();
        self.value(&all)
    }

    /// The layouts of `s` split by what cell `c` shows (a counting sort: one pass to count,
    /// one to place).
    fn partition(&self, c: usize, s: &[u32]) -> Parts {
        let values = &self.values[c];
        let mut starts = [0usize; 11];
        for &l in s {
            starts[values[l as usize] as usize + 1] += 1;
        }
        for v in 0..10 {
            starts[v + 1] += starts[v];
        }
        let mut next = starts;
        let mut layouts = vec![0u32; s.len()];
        for &l in s {
            let v = values[l as usize] as usize;
            layouts[next[v]] = l;
            next[v] += 1;
        }
        Parts { starts, layouts }
    }

    /// A cell safe in every layout of `s` that shows at least two different numbers.
    fn free_look(&self, s: &[u32]) -> Option<usize> {
        (0..self.values.len()).find(|&c| {
            let values = &self.values[c];
            let mut seen = None;
            let mut differs = false;
            for &l in s {
                let v = values[l as usize];
                if v == MINE {
                    return false;
                }
                match seen {
                    None => seen = Some(v),
                    Some(x) if x != v => differs = true,
                    Some(_) => {}
                }
            }
            differs
        })
    }

    /// `Σ_v |S_v| W(S_v) / |S|` for opening `c`, abandoned (returning a value ≤ `floor`) as
    /// soon as it cannot exceed `floor`. `None` when the node limit is reached.
    fn split_value(&mut self, c: usize, s: &[u32], floor: f64) -> Option<f64> {
        let total = s.len() as f64;
        let parts = self.partition(c, s);
        let mut remaining = parts.starts[MINE as usize] as f64;
        let mut acc = 0.0;
        for v in 0..MINE as usize {
            let part = parts.part(v);
            if part.is_empty() {
                continue;
            }
            if (acc + remaining) / total <= floor {
                return Some(floor);
            }
            let k = part.len() as f64;
            remaining -= k;
            acc += k * self.value(part)?;
        }
        Some(acc / total)
    }

    /// The best guess in `s` and its value: `None` when the node limit is reached,
    /// `Ok(None)` when no cell is worth opening (a mine everywhere or decided everywhere).
    fn best_guess(&mut self, s: &[u32]) -> Result<Option<(usize, f64)>, OutOfNodes> {
        let total = s.len();
        let mut order: Vec<(usize, usize)> = (0..self.values.len())
            .filter_map(|c| {
                let values = &self.values[c];
                let safe = s.iter().filter(|&&l| values[l as usize] != MINE).count();
                (safe > 0 && safe < total).then_some((safe, c))
            })
            .collect();
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best: Option<(usize, f64)> = None;
        for (safe, c) in order {
            let floor = best.map_or(0.0, |b| b.1);
            if safe as f64 / total as f64 <= floor {
                break;
            }
            let w = self.split_value(c, s, floor).ok_or(OutOfNodes)?;
            if best.is_none_or(|b| w > b.1) {
                best = Some((c, w));
            }
        }
        Ok(best)
    }

    fn value(&mut self, s: &[u32]) -> Option<f64> {
        if s.len() <= 1 {
            return Some(1.0);
        }
        if let Some(&w) = self.memo.get(s) {
            return Some(w);
        }
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return None;
        }
        let w = match self.free_look(s) {
            Some(c) => self.split_value(c, s, 0.0)?,
            None => self.best_guess(s).ok()?.map_or(0.0, |b| b.1),
        };
        self.memo.insert(s.to_vec(), w);
        Some(w)
    }
}
