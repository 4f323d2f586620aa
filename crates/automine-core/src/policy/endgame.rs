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
//! Opening a certainly safe cell never hurts, so taking free looks first loses nothing.
//! Candidates are tried safest first and cut off as soon as their survival chance cannot beat
//! the best win chance found. A set is asked to beat a threshold: a split only matters if it
//! can beat the best move found, so each part needs at least what the parts already valued
//! and the rest (at most 1 each) leave to it, and a part that cannot reach its need answers
//! with an upper bound instead of its value (the expectimax cut-off Ballard called Star1).
//! The best move and its value are exact; only moves that cannot be best are cut. `W` (or
//! the bound) is memoised on `S`. Cells that are a mine in every layout of a set, or safe and
//! showing one number in all of them, stay so in its subsets and are not looked at again
//! below it.
//!
//! Above the sizes this exact search can afford, [`EndgameSearch::with_candidate_limit`]
//! searches a smaller game: below the root only the `k` safest guesses of a set may be made.
//! Its values are what that restricted play wins (lower bounds of the true ones, exact for
//! the restricted game, so every cut-off above still holds), and it evaluates far fewer sets;
//! the exact player runs it between its exact search's limit and a larger one.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use search_core::{Budget, Meter, SearchStats, StopReason};

use crate::geometry::CellId;
use crate::probability::exact::KeyHasher;
use crate::probability::exact::layouts::LayoutSet;
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
    memo: Memo,
    /// Counts the layout sets evaluated against the budget.
    meter: Meter,
    /// The buffers of finished splits, for the next ones.
    spare: Vec<Vec<u32>>,
    /// At most this many cells (the safest) are tried as guesses in a set below the root.
    candidates: usize,
}

/// How far below the exact need a child's threshold is set, so that rounding never prunes a
/// part whose exact value would tie.
const THRESHOLD_MARGIN: f64 = 1e-12;

/// A threshold below every value: a search asked to beat it answers exactly.
const EXACT: f64 = -1.0;

/// A set's value: exact, or an upper bound found while showing that the set cannot reach a
/// threshold.
#[derive(Debug, Clone, Copy)]
struct Value {
    w: f64,
    exact: bool,
}

impl Value {
    const fn exact(w: f64) -> Self {
        Self { w, exact: true }
    }

    const fn at_most(w: f64) -> Self {
        Self { w, exact: false }
    }
}

/// The values found for layout sets, keyed by the sets themselves. The keys lie back to back
/// in a few large buffers (a search remembers up to hundreds of thousands of sets: one
/// allocation each cost more than the search's own work, and one growing buffer would be
/// copied, and held twice, as it grows); sets with the same hash are chained.
#[derive(Debug, Default)]
struct Memo {
    /// The last entry whose key has this hash.
    heads: HashMap<u64, usize, BuildHasherDefault<KeyHasher>>,
    entries: Vec<MemoEntry>,
    chunks: Vec<Vec<u32>>,
}

/// The size of a key buffer, in layouts (larger keys get a buffer of their own size).
const MEMO_CHUNK: usize = 1 << 18;

#[derive(Debug)]
struct MemoEntry {
    /// The key is `chunks[chunk][start..start + len]`.
    chunk: usize,
    start: usize,
    len: usize,
    value: Value,
    /// The previous entry with the same hash (`usize::MAX`: none).
    next: usize,
}

impl Memo {
    fn hash(s: &[u32]) -> u64 {
        let mut hasher = KeyHasher::default();
        hasher.write_usize(s.len());
        for pair in s.chunks(2) {
            let high = pair.get(1).map_or(0, |&x| u64::from(x) << 32);
            hasher.write_u64(u64::from(pair[0]) | high);
        }
        hasher.finish()
    }

    /// The entry whose key is `s`.
    fn find(&self, hash: u64, s: &[u32]) -> Option<usize> {
        let mut i = *self.heads.get(&hash)?;
        while i != usize::MAX {
            let e = &self.entries[i];
            if self.chunks[e.chunk][e.start..e.start + e.len] == *s {
                return Some(i);
            }
            i = e.next;
        }
        None
    }

    /// Remember `value` for `s` (of hash `hash`), whose entry [`find`](Self::find) gave as
    /// `found`.
    fn store(&mut self, hash: u64, found: Option<usize>, s: &[u32], value: Value) {
        if let Some(i) = found {
            self.entries[i].value = value;
            return;
        }
        if self.chunks.last().is_none_or(|c| c.capacity() - c.len() < s.len()) {
            self.chunks.push(Vec::with_capacity(MEMO_CHUNK.max(s.len())));
        }
        let chunk = self.chunks.len() - 1;
        let keys = &mut self.chunks[chunk];
        let next = self.heads.insert(hash, self.entries.len()).unwrap_or(usize::MAX);
        self.entries.push(MemoEntry {
            chunk,
            start: keys.len(),
            len: s.len(),
            value,
            next,
        });
        keys.extend_from_slice(s);
    }
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
    /// layout sets evaluated (a set asked again to beat a lower threshold counts again).
    /// `set` must hold layouts of `view`, as [`enumerate_layouts`],
    /// [`narrow_layouts`] and [`enumerate_region`] make them. [`EndgameSearch::with_budget`]
    /// takes a whole [`Budget`] (a deadline or a cancellation as well).
    ///
    /// [`enumerate_layouts`]: crate::probability::exact::layouts::enumerate_layouts
    /// [`narrow_layouts`]: crate::probability::exact::layouts::narrow_layouts
    /// [`enumerate_region`]: crate::probability::exact::layouts::enumerate_region
    ///
    /// # Panics
    /// When a layout of `set.mines` is shorter than `set.cells` (a hand-made set that is no
    /// set of layouts: a programmer error).
    pub fn new(view: &PlayerView, set: &'a LayoutSet, node_limit: u64) -> Self {
        Self::with_budget(view, set, &Budget::unlimited().with_node_limit(node_limit))
    }

    /// [`EndgameSearch::new`] under `budget`: every layout set evaluated is one node of it, and
    /// the search answers `None` once the budget is spent ([`EndgameSearch::stop_reason`] then
    /// says why).
    ///
    /// ```
    /// use automine_core::policy::endgame::EndgameSearch;
    /// use automine_core::probability::exact::layouts::enumerate_layouts;
    /// use automine_core::search_core::{Budget, StopReason};
    /// use automine_core::PlayerView;
    /// let view: PlayerView = "4x2 2\n1...\n....\n".parse()?;
    /// let set = enumerate_layouts(&view, 100, &Budget::unlimited()).unwrap();
    /// let mut search = EndgameSearch::with_budget(&view, &set, &Budget::unlimited());
    /// assert!(search.best_move().is_some());
    /// assert!(search.stats().nodes > 1);
    /// let mut starved = EndgameSearch::with_budget(&view, &set, &Budget::unlimited().with_node_limit(1));
    /// assert_eq!(starved.best_move(), None);
    /// assert_eq!(starved.stop_reason(), Some(StopReason::NodeLimit));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// As [`EndgameSearch::new`].
    pub fn with_budget(view: &PlayerView, set: &'a LayoutSet, budget: &Budget) -> Self {
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
            memo: Memo::default(),
            meter: budget.meter(),
            spare: Vec::new(),
            candidates: usize::MAX,
        }
    }

    /// Try at most `k` guesses (the safest) in every set below the root: the search then
    /// values a smaller game, in which only those guesses may be made, exactly; its values
    /// are what that restricted play wins, lower bounds of the true ones, and far fewer sets
    /// are evaluated. [`best_move`](Self::best_move) still tries every guess at the root (its
    /// value is the restricted game's); [`win_probability`](Self::win_probability) and
    /// [`move_value`](Self::move_value) are the restricted game's values (`k = 0` counts as 1).
    #[must_use]
    pub const fn with_candidate_limit(mut self, k: usize) -> Self {
        self.candidates = if k == 0 { 1 } else { k };
        self
    }

    /// Layout sets evaluated so far.
    pub fn nodes(&self) -> u64 {
        self.meter.nodes()
    }

    /// What the search has cost so far: the layout sets evaluated (`nodes`) and the time since
    /// it was prepared.
    pub fn stats(&self) -> SearchStats {
        SearchStats {
            nodes: self.meter.nodes(),
            elapsed: self.meter.elapsed(),
            ..SearchStats::default()
        }
    }

    /// Why the search stopped short, if it did.
    pub fn stop_reason(&self) -> Option<StopReason> {
        self.meter.stop_reason()
    }

    /// Every cell of the set, in order.
    fn every_cell(&self) -> Vec<u32> {
        (0..self.values.len() as u32).collect()
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
        let live = self.every_cell();
        if let Some(c) = self.free_look(&all, &live) {
            let w = self.split_value(c, &all, EXACT, &live)?;
            return Some(EndgameMove {
                cell: self.set.cells[c],
                win_probability: w.w,
            });
        }
        let (c, w) = self.best_guess(&all, EXACT, &live, true).ok()?;
        Some(EndgameMove {
            cell: self.set.cells[c?],
            win_probability: w.w,
        })
    }

    /// The probability of winning when `cell` is opened now and play stays optimal after
    /// it: the exact worth of a move, to set beside [`best_move`](Self::best_move)'s (their
    /// difference is what the move gives away). `None` when `cell` is not one of the set's
    /// cells or the node limit is reached.
    ///
    /// ```
    /// use automine_core::policy::endgame::EndgameSearch;
    /// use automine_core::probability::exact::layouts::enumerate_layouts;
    /// use automine_core::{CellId, PlayerView};
    /// use automine_core::search_core::Budget;
    /// // A 1 in a 2x2 corner: three layouts. Any covered cell survives with 2/3 and then
    /// // shows 1 in both layouts left, a coin flip.
    /// let view: PlayerView = "2x2 1\n1.\n..\n".parse()?;
    /// let set = enumerate_layouts(&view, 10, &Budget::unlimited()).unwrap();
    /// let mut search = EndgameSearch::new(&view, &set, 1_000);
    /// let w = search.move_value(CellId(3)).unwrap();
    /// assert!((w - 1.0 / 3.0).abs() < 1e-12);
    /// assert_eq!(search.move_value(CellId(0)), None); // revealed: not a move
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_value(&mut self, cell: CellId) -> Option<f64> {
        let c = self.set.cells.iter().position(|&id| id == cell)?;
        let all = self.all();
        let live = self.every_cell();
        self.split_value(c, &all, EXACT, &live).map(|w| w.w)
    }

    /// The win probability of the current position under optimal play, if within the limit.
    pub fn win_probability(&mut self) -> Option<f64> {
        let all = self.all();
        let live = self.every_cell();
        self.value(&all, EXACT, &live).map(|w| w.w)
    }

    /// The layouts of `s` split by what cell `c` shows (a counting sort: one pass to count,
    /// one to place).
    fn partition(&mut self, c: usize, s: &[u32]) -> Parts {
        let values = &self.values[c];
        let mut starts = [0usize; 11];
        for &l in s {
            starts[values[l as usize] as usize + 1] += 1;
        }
        for v in 0..10 {
            starts[v + 1] += starts[v];
        }
        let mut next = starts;
        let mut layouts = self.spare.pop().unwrap_or_default();
        layouts.clear();
        layouts.resize(s.len(), 0);
        for &l in s {
            let v = values[l as usize] as usize;
            layouts[next[v]] = l;
            next[v] += 1;
        }
        Parts { starts, layouts }
    }

    /// A cell of `live` safe in every layout of `s` that shows at least two different
    /// numbers.
    fn free_look(&self, s: &[u32], live: &[u32]) -> Option<usize> {
        live.iter().map(|&c| c as usize).find(|&c| {
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

    /// `Σ_v |S_v| W(S_v) / |S|` for opening `c`: exact, or (as soon as it cannot exceed
    /// `floor`) an upper bound no greater than `floor`; the parts look at the cells `live`
    /// only. `None` when the node limit is reached.
    fn split_value(&mut self, c: usize, s: &[u32], floor: f64, live: &[u32]) -> Option<Value> {
        let parts = self.partition(c, s);
        let value = self.parts_value(&parts, s.len() as f64, floor, live);
        self.spare.push(parts.layouts);
        value
    }

    /// [`split_value`](Self::split_value) once `s` (of `total` layouts) is split.
    fn parts_value(&mut self, parts: &Parts, total: f64, floor: f64, live: &[u32]) -> Option<Value> {
        // The layouts of the parts not valued yet (each part is worth at most 1).
        let mut remaining = parts.starts[MINE as usize] as f64;
        let mut acc = 0.0;
        for v in 0..MINE as usize {
            let part = parts.part(v);
            if part.is_empty() {
                continue;
            }
            if (acc + remaining) / total <= floor {
                return Some(Value::at_most(((acc + remaining) / total).min(floor)));
            }
            let k = part.len() as f64;
            remaining -= k;
            // The split exceeds `floor` only if this part is worth more than `need`.
            let need = (floor * total - acc - remaining) / k - THRESHOLD_MARGIN;
            let w = self.value(part, need, live)?;
            if !w.exact {
                return Some(Value::at_most(((acc + k * w.w + remaining) / total).min(floor)));
            }
            acc += k * w.w;
        }
        Some(Value::exact(acc / total))
    }

    /// The best guess in `s` among the cells `live` if it is worth more than `alpha`, with
    /// its exact value; otherwise `None` and an upper bound no greater than `alpha` (or the
    /// exact value 0 when no cell is worth opening: a mine everywhere or decided everywhere).
    /// `Err` when the node limit is reached.
    fn best_guess(
        &mut self,
        s: &[u32],
        alpha: f64,
        live: &[u32],
        root: bool,
    ) -> Result<(Option<usize>, Value), OutOfNodes> {
        let total = s.len();
        let mut order: Vec<(usize, usize)> = live
            .iter()
            .map(|&c| c as usize)
            .filter_map(|c| {
                let values = &self.values[c];
                let safe = s.iter().filter(|&&l| values[l as usize] != MINE).count();
                (safe > 0 && safe < total).then_some((safe, c))
            })
            .collect();
        if order.is_empty() {
            return Ok((None, Value::exact(0.0)));
        }
        // Without a free look, the other cells are a mine everywhere in `s` or show the same
        // number everywhere: they stay so in every subset, and are never worth opening.
        let mut next_live: Vec<u32> = order.iter().map(|&(_, c)| c as u32).collect();
        next_live.sort_unstable();
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        if !root {
            order.truncate(self.candidates);
        }
        let mut best: Option<(usize, f64)> = None;
        // The largest upper bound of the candidates that cannot beat `alpha`.
        let mut bound = 0.0f64;
        for (safe, c) in order {
            let floor = best.map_or(alpha, |b| b.1);
            let survival = safe as f64 / total as f64;
            if survival <= floor {
                bound = bound.max(survival);
                break;
            }
            let w = self.split_value(c, s, floor, &next_live).ok_or(OutOfNodes)?;
            if w.exact && w.w > floor {
                best = Some((c, w.w));
            } else {
                bound = bound.max(w.w);
            }
        }
        Ok(match best {
            Some((c, w)) => (Some(c), Value::exact(w)),
            None => (None, Value::at_most(bound.min(alpha))),
        })
    }

    /// `W(s)` exactly, or an upper bound no greater than `alpha` when `W(s) <= alpha`; only
    /// the cells `live` can be worth opening in `s`.
    fn value(&mut self, s: &[u32], alpha: f64, live: &[u32]) -> Option<Value> {
        if s.len() <= 1 {
            return Some(Value::exact(1.0));
        }
        // Hashed and looked up once: the set's own entry is not added below it (its parts are
        // smaller sets), so `found` still names it when the value is stored.
        let hash = Memo::hash(s);
        let found = self.memo.find(hash, s);
        if let Some(i) = found {
            let w = self.memo.entries[i].value;
            if w.exact || w.w <= alpha {
                return Some(w);
            }
        }
        if self.meter.tick().is_err() {
            return None;
        }
        let w = match self.free_look(s, live) {
            Some(c) => self.split_value(c, s, alpha, live)?,
            None => self.best_guess(s, alpha, live, false).ok()?.1,
        };
        self.memo.store(hash, found, s, w);
        Some(w)
    }
}
