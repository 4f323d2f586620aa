//! Choosing a guess when no cell is certainly safe: the chance to survive this click and the
//! next one ("secondary safety", after D. N. Hill), with a small weight on progress and the
//! long-term risk.
//!
//! For a candidate cell `c` and each number `v` it may show, the exact solver is run on the
//! view with `c` opened as `v`. The ratio of layout counts gives `P(c shows v)` (`Z_v / Z`), and
//! the new map gives the best and second best safety of the next click (1 when a cell is then
//! certainly safe). The value of `c` is
//!
//! ```text
//! ( Σ_v P(c shows v) · (k · best_v + second_v) / (k + 1)
//!   + w_progress · Σ_v P(c shows v) · [v leaves a safe cell] ) · (1 + w_influence · influence(c) / P(c safe))
//! ```
//!
//! D. N. Hill's blended next safety (`k` = [`GuessOptions::blend_ratio`]; the best alone
//! without [`GuessOptions::blend_second`]), progress (Tu et al.'s "S") as a tie-break, and the
//! long-term risk ([`long_term_risk`]): the chance that `c` is a mine inside a 50/50 that
//! could never be avoided. The highest value is played (the first scored on ties); a candidate
//! is abandoned as soon as it cannot beat the best so far, which never changes the choice.
//!
//! The candidates are the safest frontier cells within a cut-off of the best safety, a few
//! interior cells (those with the fewest covered neighbours, or D. N. Hill's off-edge rule:
//! [`hill_interior`]) and, with [`GuessOptions::hill_enablers`], the cells their long-term
//! risk lifts over the cut-off. A *dead* candidate (one that can show a single number, so
//! opening it tells nothing) is played only when every candidate is dead. The other rules of
//! Hill's that [`PlayerOptions::new`] turns on are fields of [`GuessOptions`].
//!
//! [`PlayerOptions::new`]: crate::player::exact::PlayerOptions::new

use search_core::Budget;

use crate::error::ProbabilityError;
use crate::geometry::CellId;
use crate::policy::long_term_risk;
use crate::probability::exact::{ComponentCache, ExactAnalysis, exact_analysis_cached};
use crate::probability::map::ProbabilityMap;
use crate::view::{CellView, PlayerView};

/// Tunables of the guess. The default is the guess of [`PlayerOptions::fast`];
/// [`PlayerOptions::new`] also turns on `hill_off_edge`, `defer_small_areas`,
/// `hill_enablers`, `living_safe`, `hill_dominating` and `living_cut_off` and takes up to
/// 100 frontier candidates.
///
/// New parts of the policy arrive as new fields, so the struct is `#[non_exhaustive]`: start
/// from [`GuessOptions::default`] (or the `guess` of a [`PlayerOptions`]) and set fields.
///
/// [`PlayerOptions`]: crate::player::exact::PlayerOptions
/// [`PlayerOptions::new`]: crate::player::exact::PlayerOptions::new
/// [`PlayerOptions::fast`]: crate::player::exact::PlayerOptions::fast
// Each bool is an independent part of the policy, switched for paired measurements.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
#[non_exhaustive]
pub struct GuessOptions {
    /// Score candidates by secondary safety; when off, the safest cell is taken (ties: the
    /// interior cell with fewest covered neighbours, then row-major order).
    pub secondary_safety: bool,
    /// Candidates must have a safety of at least this fraction of the best safety (0.9).
    pub cut_off: f64,
    /// At most this many frontier candidates, the safest ones (10).
    pub max_frontier: usize,
    /// At most this many interior candidates, those with the fewest covered neighbours (ties:
    /// row-major order; 2). Not used with [`Self::hill_off_edge`].
    pub max_interior: usize,
    /// The weight of progress in the value (0.001).
    pub progress_weight: f64,
    /// The weight `w` of the long-term risk ([`long_term_risk`]): a candidate's value is
    /// multiplied by `1 + w · influence / P(safe)` (0: off; 0.9, D. N. Hill's weight; other
    /// weights are measured in docs/minesweeper.md).
    pub influence_weight: f64,
    /// Value the next click by the blend `(k · best + second best) / (k + 1)` of the next
    /// safeties instead of the best alone (D. N. Hill's "blended safety"; on).
    pub blend_second: bool,
    /// The weight `k` of the best next safety in the blend (4, D. N. Hill's).
    pub blend_ratio: f64,
    /// Never guess a *dead* candidate (one that can show only one number, so opening it
    /// tells nothing) while a living candidate exists (D. N. Hill's tile ordering; on).
    pub avoid_dead: bool,
    /// Choose the interior (off-edge) candidates as D. N. Hill does instead of the
    /// [`Self::max_interior`] cells with the fewest covered neighbours: only when the interior
    /// safety is above 0.95 × the best safety, and then every interior cell if fewer than
    /// 30 are left, otherwise the interior cells two steps straight from a revealed number
    /// with uncertain neighbours and those with two or three covered neighbours that are not
    /// certain mines ([`hill_interior`]).
    pub hill_off_edge: bool,
    /// Defer candidates in a small enclosed covered area (fewer than 8 cells reachable through
    /// covered cells and over revealed ones) while a candidate in a larger area exists
    /// (D. N. Hill's space counter, [`in_large_area`]).
    pub defer_small_areas: bool,
    /// Weigh the long-term risk as D. N. Hill's JavaScript solver does: the 50/50 influence
    /// plus the enabler influence of pairs and 2×2 boxes ([`long_term_risk::influence_js`]),
    /// and score as candidates the cells below the cut-off that this influence lifts over it.
    /// Otherwise the 50/50 influence alone ([`long_term_risk::fifty_fifty_influence`]).
    pub hill_enablers: bool,
    /// Value the next click among *living* cells only ([`is_cheaply_dead`] is false),
    /// certainly safe ones included: a certainly safe cell that is dead (it would show a
    /// number already known) counts no more than any other dead cell, as in D. N. Hill's
    /// solvers; every cell counts when all are dead. Otherwise every covered cell counts.
    pub living_safe: bool,
    /// D. N. Hill's dominating tile: when, after every number the chosen guess can show, one
    /// and the same living cell is strictly the safest, and that cell is a candidate and safer
    /// now than the guess, open it instead (the guess would be followed by it anyway; taken
    /// first, it may make the riskier guess unnecessary).
    pub hill_dominating: bool,
    /// The cut-off (and Hill's off-edge rule) is relative to the safest cell that is not
    /// dead, as in D. N. Hill's solvers (a dead frontier cell cannot make every living cell
    /// drop out of the candidates); otherwise to the safest cell of all.
    pub living_cut_off: bool,
}

impl Default for GuessOptions {
    fn default() -> Self {
        Self {
            secondary_safety: true,
            cut_off: 0.9,
            max_frontier: 10,
            max_interior: 2,
            progress_weight: 0.001,
            influence_weight: 0.9,
            blend_second: true,
            blend_ratio: 4.0,
            avoid_dead: true,
            hill_off_edge: false,
            defer_small_areas: false,
            hill_enablers: false,
            living_safe: false,
            hill_dominating: false,
            living_cut_off: false,
        }
    }
}

/// One scored candidate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScoredGuess {
    /// The cell.
    pub cell: CellId,
    /// Its P(mine).
    pub p_mine: f64,
    /// The chance to survive it and the next guess.
    pub secondary_safety: f64,
    /// The chance that it leaves a certainly safe cell.
    pub progress: f64,
    /// `Σ_v P(v) · (k · best + second best next safety) / (k + 1)` (D. N. Hill's blended
    /// safety; `k` is [`GuessOptions::blend_ratio`], 4 by default).
    pub blended_safety: f64,
    /// How many numbers the cell may show (with a positive chance); 1 means *dead*: opening
    /// it (if it is safe) tells nothing.
    pub values: u8,
}

impl ScoredGuess {
    /// The cell can show only one number: opening it brings no information.
    pub const fn is_dead(&self) -> bool {
        self.values <= 1
    }
}

/// The number of covered (unflagged) neighbours of `id`.
fn covered_around(view: &PlayerView, id: CellId) -> usize {
    view.dims()
        .neighbours(id)
        .filter(|&n| view.at(n) == CellView::Covered)
        .count()
}

/// The safety the candidates' cut-off is relative to: the best of every covered cell, or with
/// [`GuessOptions::living_cut_off`] the best of the interior and the frontier cells that are
/// living or certainly safe (the best of all when there is none).
fn cut_off_safety(view: &PlayerView, map: &ProbabilityMap, options: &GuessOptions) -> f64 {
    let all = map.covered().map(|(_, p)| 1.0 - p).fold(0.0, f64::max);
    if !options.living_cut_off {
        return all;
    }
    let mut living = f64::NEG_INFINITY;
    for (id, p) in map.covered() {
        let s = 1.0 - p;
        if s > living && (p <= 0.0 || !view.next_to_number(id) || !is_cheaply_dead(view, map, id)) {
            living = s;
        }
    }
    if living == f64::NEG_INFINITY { all } else { living }
}

/// The candidate cells for a guess, safest first; `best_safety` is [`cut_off_safety`].
fn candidates(view: &PlayerView, map: &ProbabilityMap, options: &GuessOptions, best_safety: f64) -> Vec<(CellId, f64)> {
    let floor = best_safety * options.cut_off;
    let mut frontier: Vec<(CellId, f64)> = Vec::new();
    let mut interior: Vec<(usize, CellId, f64)> = Vec::new();
    for (id, p) in map.covered() {
        if 1.0 - p < floor || p >= 1.0 {
            continue;
        }
        if view.next_to_number(id) {
            frontier.push((id, p));
        } else {
            interior.push((covered_around(view, id), id, p));
        }
    }
    frontier.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    frontier.truncate(options.max_frontier);
    if options.hill_off_edge {
        frontier.extend(hill_interior(view, map, best_safety));
    } else {
        // Fewest covered neighbours first, then row-major order.
        interior.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
        frontier.extend(
            interior
                .into_iter()
                .take(options.max_interior)
                .map(|(_, id, p)| (id, p)),
        );
    }
    if options.defer_small_areas {
        let large: Vec<bool> = frontier
            .iter()
            .map(|&(id, _)| in_large_area(view, map, id, SMALL_AREA))
            .collect();
        if large.iter().any(|&l| l) {
            let mut keep = large.into_iter();
            frontier.retain(|_| keep.next().unwrap_or(true));
        }
    }
    frontier
}

/// Hill's off-edge threshold: interior cells are candidates only when their safety is above
/// this fraction of the best safety.
const OFF_EDGE_THRESHOLD: f64 = 0.95;

/// Below this many interior cells, every one of them is a candidate (Hill's rule).
const ALL_INTERIOR_BELOW: usize = 30;

/// An area with fewer covered cells than this is small ([`in_large_area`]).
const SMALL_AREA: usize = 8;

/// The steps from a revealed number to the interior cells that Hill tries ("super
/// locations": their number overlaps the number's cells).
const TWO_STEPS: [(i32, i32); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];

/// D. N. Hill's interior (off-edge) candidates ([`GuessOptions::hill_off_edge`]), in
/// row-major order: none unless the interior safety is above 0.95 × `best_safety`; every
/// interior cell when fewer than 30 are left; otherwise the interior cells two steps
/// straight from a revealed number that has an uncertain neighbour, and those with two or
/// three covered neighbours that are not certain mines (corners and cells walled in by
/// mines: the likeliest to open a region).
pub fn hill_interior(view: &PlayerView, map: &ProbabilityMap, best_safety: f64) -> Vec<(CellId, f64)> {
    let dims = view.dims();
    let interior: Vec<(CellId, f64)> = map
        .covered()
        .filter(|&(id, p)| p < 1.0 && !view.next_to_number(id))
        .collect();
    // The exact map gives every interior cell the same probability.
    let Some(&(_, p_interior)) = interior.first() else {
        return interior;
    };
    if 1.0 - p_interior <= OFF_EDGE_THRESHOLD * best_safety {
        return Vec::new();
    }
    if interior.len() < ALL_INTERIOR_BELOW {
        return interior;
    }
    let uncertain = |c: CellId| view.at(c) == CellView::Covered && map.at(c).is_some_and(|p| p > 0.0 && p < 1.0);
    let open_around = |c: CellId| {
        dims.neighbours(c)
            .filter(|&n| view.at(n) == CellView::Covered && map.at(n).is_some_and(|p| p < 1.0))
            .count()
    };
    let mut chosen = vec![false; dims.cell_count()];
    for w in dims.ids() {
        if !matches!(view.at(w), CellView::Revealed(_)) || !dims.neighbours(w).any(uncertain) {
            continue;
        }
        for (dc, dr) in TWO_STEPS {
            if let Some(id) = long_term_risk::offset(dims, w, dc, dr) {
                chosen[id.index()] = true;
            }
        }
    }
    interior
        .into_iter()
        .filter(|&(id, _)| chosen[id.index()] || (2..=3).contains(&open_around(id)))
        .collect()
}

/// Whether at least `threshold` covered cells (certain mines aside) are reachable from `start`
/// through covered cells and by stepping over revealed ones (D. N. Hill's space counter: a
/// guess in a small enclosed area is better left for last, when the mine count may settle it).
/// A `start` off the board reaches nothing (`true` only for a `threshold` of 0).
pub fn in_large_area(view: &PlayerView, map: &ProbabilityMap, start: CellId, threshold: usize) -> bool {
    let dims = view.dims();
    let open = |c: CellId| view.at(c) == CellView::Covered && map.at(c).is_some_and(|p| p < 1.0);
    let mut seen = vec![false; dims.cell_count()];
    let Some(start_seen) = seen.get_mut(start.index()) else {
        return threshold == 0;
    };
    *start_seen = true;
    let mut queue = vec![start];
    let mut next = 0;
    while next < queue.len() {
        if queue.len() >= threshold {
            return true;
        }
        let cell = queue[next];
        next += 1;
        for n in dims.neighbours(cell) {
            if open(n) {
                if !seen[n.index()] {
                    seen[n.index()] = true;
                    queue.push(n);
                }
            } else if matches!(view.at(n), CellView::Revealed(_)) {
                for m in dims.neighbours(n) {
                    if open(m) && !seen[m.index()] {
                        seen[m.index()] = true;
                        queue.push(m);
                    }
                }
            }
        }
    }
    queue.len() >= threshold
}

/// A covered cell whose number is already known if it is safe: every covered neighbour is
/// certainly a mine or certainly safe in `map` (flags count as mines), or the uncertain ones
/// are exactly the uncertain cells of one revealed number (the cell itself aside), which
/// then fixes how many mines they hold. A sufficient test for a *dead* cell (one that can
/// show only one number), cheap enough for every cell of every look-ahead map; it misses
/// dead cells whose number is fixed by subtler constraints.
pub fn is_cheaply_dead(view: &PlayerView, map: &ProbabilityMap, id: CellId) -> bool {
    let dims = view.dims();
    let uncertain = |c: CellId| view.at(c) == CellView::Covered && map.at(c).is_some_and(|p| p > 0.0 && p < 1.0);
    // At most eight neighbours, kept on the stack and sorted.
    let collect = |around: CellId, skip: CellId| {
        let mut cells = [CellId(0); 8];
        let mut len = 0;
        for n in dims.neighbours(around).filter(|&n| n != skip && uncertain(n)) {
            cells[len] = n;
            len += 1;
        }
        cells[..len].sort_unstable();
        (cells, len)
    };
    let (open, len) = collect(id, id);
    if len == 0 {
        return true;
    }
    // A number whose uncertain cells, `id` aside, are exactly `open` fixes how many mines
    // `open` holds whenever `id` is safe.
    dims.neighbours(open[0]).any(|w| {
        if !matches!(view.at(w), CellView::Revealed(_)) {
            return false;
        }
        let (seen, n) = collect(w, id);
        seen[..n] == open[..len]
    })
}

/// The safest cell: lowest P(mine), then interior cells with the fewest covered neighbours,
/// then row-major order.
pub fn safest_cell(view: &PlayerView, map: &ProbabilityMap) -> Option<CellId> {
    map.covered()
        .min_by(|a, b| {
            a.1.total_cmp(&b.1)
                .then_with(|| {
                    let key = |id| (view.next_to_number(id), covered_around(view, id));
                    key(a.0).cmp(&key(b.0))
                })
                .then(a.0.cmp(&b.0))
        })
        .map(|(id, _)| id)
}

/// Score `cell` of `view` (whose layout count is `e^{ln_layouts}`) by secondary safety and
/// progress; with [`GuessOptions::living_safe`] the next click is valued among living cells
/// only ([`is_cheaply_dead`]). The exact maps of the opened views reuse the components
/// remembered in `cache` (the result does not depend on what it holds).
///
/// # Errors
/// [`ProbabilityError::Stopped`] if the solver's budget runs out.
pub fn score(
    view: &PlayerView,
    ln_layouts: f64,
    cell: CellId,
    p_mine: f64,
    options: &GuessOptions,
    cache: &mut ComponentCache,
    budget: &Budget,
) -> Result<ScoredGuess, ProbabilityError> {
    score_within(view, ln_layouts, cell, p_mine, options, cache, budget, None).map(|scored| scored.guess)
}

/// What [`score_within`] found.
#[derive(Debug, Clone)]
struct Scored {
    /// The score (of the numbers looked at, when `pruned`).
    guess: ScoredGuess,
    /// The living cell that is strictly the safest after every number the cell can show
    /// (with [`GuessOptions::hill_dominating`]).
    safest_next: Option<CellId>,
    /// The look-ahead stopped early: the cell cannot beat [`Prune::beat`].
    pruned: bool,
}

/// A bound for [`score_within`]: the candidate's value is its score times `factor` (the
/// long-term risk), and it is abandoned as soon as even a certainly safe next click for
/// every number still to come could not lift that value above `beat`. Pruning never changes
/// the chosen guess: a pruned candidate could not have replaced the best.
#[derive(Debug, Clone, Copy)]
struct Prune {
    factor: f64,
    beat: f64,
}

/// [`score`]; with `prune`, the look-ahead stops as soon as the cell cannot beat the bound.
#[expect(
    clippy::too_many_arguments,
    reason = "the view and its map, the options, the look-ahead maps' cache and budget"
)]
fn score_within(
    view: &PlayerView,
    ln_layouts: f64,
    cell: CellId,
    p_mine: f64,
    options: &GuessOptions,
    cache: &mut ComponentCache,
    budget: &Budget,
    prune: Option<Prune>,
) -> Result<Scored, ProbabilityError> {
    let mut secondary = 0.0;
    let mut blended = 0.0;
    let mut progress = 0.0;
    let mut values = 0u8;
    // The strictly safest living cell after the numbers seen so far: `None` before the first,
    // `Some(None)` once two numbers disagree or one has no single safest cell.
    let mut safest_next: Option<Option<CellId>> = None;
    // The chance of the numbers seen so far (their sum reaches P(safe) = 1 − p_mine).
    let mut mass = 0.0;
    // Whether the numbers still to come, each with a certainly safe next click, could lift
    // the score above the bound.
    let can_win = |mass: f64, secondary: f64, blended: f64, progress: f64| {
        prune.is_none_or(|Prune { factor, beat }| {
            // A little slack keeps the bound above the exact value despite rounding.
            let rest = (1.0 - p_mine - mass).max(0.0) + 1e-9;
            let next = if options.blend_second { blended } else { secondary };
            let bound = next + rest + options.progress_weight * (progress + rest);
            bound * factor > beat + 1e-12
        })
    };
    let completed = can_win(0.0, 0.0, 0.0, 0.0)
        && each_number(view, ln_layouts, cell, cache, budget, |opened, analysis, p_v, _| {
            values += 1;
            mass += p_v;
            if options.hill_dominating && safest_next != Some(None) {
                let here = single_safest_living(opened, &analysis.map);
                safest_next = Some(here.filter(|&id| safest_next.is_none_or(|before| before == Some(id))));
            }
            let (next_best, next_second) = if options.living_safe {
                living_safeties(opened, &analysis.map)
            } else {
                best_two(analysis.map.covered())
            };
            let has_safe = next_best >= 1.0 || next_best == f64::NEG_INFINITY;
            let best = if has_safe { 1.0 } else { next_best };
            // With a single covered cell left, the second best is the best.
            let second = if next_second == f64::NEG_INFINITY {
                best
            } else {
                next_second.min(best)
            };
            secondary += p_v * best;
            blended += p_v * (options.blend_ratio * best + second) / (options.blend_ratio + 1.0);
            if has_safe {
                progress += p_v;
            }
            Ok(can_win(mass, secondary, blended, progress))
        })?;
    let guess = ScoredGuess {
        cell,
        p_mine,
        secondary_safety: secondary,
        progress,
        blended_safety: blended,
        values,
    };
    Ok(Scored {
        guess,
        safest_next: safest_next.flatten(),
        pruned: !completed,
    })
}

/// Open `cell` of `view` as each number it may show in turn (those with a positive chance,
/// smallest first) and call `visit(opened view, its exact analysis, P(cell is safe and shows
/// the number), cache)`. `visit` returns whether to go on; the result says whether every
/// number was visited.
fn each_number(
    view: &PlayerView,
    ln_layouts: f64,
    cell: CellId,
    cache: &mut ComponentCache,
    budget: &Budget,
    mut visit: impl FnMut(&PlayerView, &ExactAnalysis, f64, &mut ComponentCache) -> Result<bool, ProbabilityError>,
) -> Result<bool, ProbabilityError> {
    let flags = view
        .dims()
        .neighbours(cell)
        .filter(|&n| view.at(n) == CellView::Flagged)
        .count() as u8;
    let open = covered_around(view, cell) as u8;
    let mut opened = view.clone();
    for v in flags..=(flags + open).min(8) {
        opened.set(cell, CellView::Revealed(v));
        let analysis = match exact_analysis_cached(&opened, budget, cache) {
            Ok(a) => a,
            Err(ProbabilityError::Stopped(reason)) => return Err(ProbabilityError::Stopped(reason)),
            Err(_) => continue, // no layout shows v here
        };
        let p_v = (analysis.ln_layouts - ln_layouts).exp();
        if p_v.is_nan() || p_v <= 0.0 {
            continue;
        }
        if !visit(&opened, &analysis, p_v, cache)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The best and second best safety of the next click among the living cells of `view`
/// (certainly safe ones included only when living), or among all cells when every one is
/// dead ([`GuessOptions::living_safe`]).
fn living_safeties(view: &PlayerView, map: &ProbabilityMap) -> (f64, f64) {
    // Only a cell safer than the second best so far can change the pair: the deadness test
    // is made for those alone.
    let mut living = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    for (id, p) in map.covered() {
        let s = 1.0 - p;
        if s > living.1 && !is_cheaply_dead(view, map, id) {
            living = if s > living.0 { (s, living.0) } else { (living.0, s) };
        }
    }
    if living.0 == f64::NEG_INFINITY {
        best_two(map.covered())
    } else {
        living
    }
}

/// The living covered cell of `view` (exact `map`) that is strictly safer than every other
/// living covered cell (D. N. Hill's single safest tile), if there is one.
fn single_safest_living(view: &PlayerView, map: &ProbabilityMap) -> Option<CellId> {
    // (safety, the cell, whether another living cell is as safe)
    let mut best: Option<(f64, CellId, bool)> = None;
    for (id, p) in map.covered() {
        let s = 1.0 - p;
        if best.is_some_and(|(b, _, _)| s < b - 1e-12) || is_cheaply_dead(view, map, id) {
            continue;
        }
        best = match best {
            Some((b, cell, _)) if s <= b + 1e-12 => Some((b, cell, true)),
            _ => Some((s, id, false)),
        };
    }
    best.and_then(|(_, cell, tied)| (!tied).then_some(cell))
}

/// The best and second best safety among `cells` (`-∞` when missing).
fn best_two(cells: impl Iterator<Item = (CellId, f64)>) -> (f64, f64) {
    cells
        .map(|(_, p)| 1.0 - p)
        .fold((f64::NEG_INFINITY, f64::NEG_INFINITY), |(b1, b2), s| {
            if s > b1 { (s, b1) } else { (b1, b2.max(s)) }
        })
}

/// One scored candidate of [`rank`].
#[derive(Debug, Clone)]
struct Entry {
    /// `(next safety + w_progress · progress) × factor`: what the guess maximises.
    value: f64,
    guess: ScoredGuess,
    /// See [`Scored::safest_next`].
    safest_next: Option<CellId>,
}

/// The candidates of a view, scored.
#[derive(Debug, Default)]
struct Ranked {
    /// The best living candidate (the best of all without [`GuessOptions::avoid_dead`]); the
    /// first scored wins ties.
    best: Option<Entry>,
    /// The best dead candidate (with [`GuessOptions::avoid_dead`]).
    best_dead: Option<Entry>,
    /// Every cell scored, pruned or not.
    scored: Vec<CellId>,
}

/// Cells, each with a probability (a mine chance or an influence).
type CellValues = Vec<(CellId, f64)>;

/// The cells [`rank`] scores, with P(mine): `only`'s covered uncertain cells, or the
/// candidates and (with [`GuessOptions::hill_enablers`]) the cells their long-term risk lifts
/// over the cut-off; and the influences of the lifted cells, computed on the way, not to
/// compute again.
#[expect(
    clippy::too_many_arguments,
    reason = "the view and its map, the options, the look-ahead maps' cache and budget"
)]
fn cells_to_rank(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    options: &GuessOptions,
    cache: &mut ComponentCache,
    budget: &Budget,
    memo: &mut long_term_risk::ViewMemo,
    only: Option<&[CellId]>,
) -> Result<(CellValues, CellValues), ProbabilityError> {
    let mut known_influence: Vec<(CellId, f64)> = Vec::new();
    let Some(only) = only else {
        let best_safety = cut_off_safety(view, map, options);
        let mut cells = candidates(view, map, options, best_safety);
        if options.hill_enablers && options.influence_weight > 0.0 {
            let floor = best_safety * options.cut_off;
            for (id, p, influence) in
                long_term_risk::influenced_cells_js(view, map, ln_layouts, floor, cache, budget, memo)?
            {
                // A lifted cell joins unless it is a candidate already.
                if !cells.iter().any(|&(c, _)| c == id) {
                    cells.push((id, p));
                    known_influence.push((id, influence));
                }
            }
        }
        return Ok((cells, known_influence));
    };
    let cells = only
        .iter()
        .filter(|&&id| view.at(id) == CellView::Covered)
        .filter_map(|&id| map.at(id).filter(|&p| p < 1.0).map(|p| (id, p)))
        .collect();
    Ok((cells, known_influence))
}

/// Score the candidates of `view` (`only`: those of these cells that are covered and not
/// certain mines); with `prune`, a candidate is abandoned as soon as it cannot beat the best
/// value found so far (the result is the same either way, only slower without).
#[expect(
    clippy::too_many_arguments,
    reason = "the view and its map, the options, the look-ahead maps' cache and budget"
)]
fn rank(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    options: &GuessOptions,
    cache: &mut ComponentCache,
    budget: &Budget,
    only: Option<&[CellId]>,
    prune: bool,
) -> Result<Ranked, ProbabilityError> {
    let mut ranked = Ranked::default();
    // What the candidates' influences share: the view's interior odds and flagged solves.
    let mut memo = long_term_risk::ViewMemo::default();
    let (cells, known_influence) = cells_to_rank(view, map, ln_layouts, options, cache, budget, &mut memo, only)?;
    for (cell, p) in cells {
        let mut factor = 1.0;
        if options.influence_weight > 0.0 && p < 1.0 {
            let known = known_influence.iter().find(|&&(c, _)| c == cell).map(|&(_, i)| i);
            let influence = if let Some(i) = known {
                i
            } else if options.hill_enablers {
                long_term_risk::influence_js_sharing(view, map, ln_layouts, cell, cache, budget, &mut memo)?
            } else {
                long_term_risk::fifty_fifty_influence(view, map, ln_layouts, cell, cache, budget)?
            };
            factor = 1.0 + options.influence_weight * influence / (1.0 - p);
        }
        // Only the best living candidate can prune: a pruned cell, dead or living, could not
        // be chosen over it.
        let bound = ranked
            .best
            .as_ref()
            .filter(|_| prune)
            .map(|b| Prune { factor, beat: b.value });
        let Scored {
            guess: s,
            safest_next,
            pruned,
        } = score_within(view, ln_layouts, cell, p, options, cache, budget, bound)?;
        ranked.scored.push(cell);
        if pruned {
            continue;
        }
        let next = if options.blend_second {
            s.blended_safety
        } else {
            s.secondary_safety
        };
        let entry = Entry {
            value: (next + options.progress_weight * s.progress) * factor,
            guess: s,
            safest_next,
        };
        let dead = options.avoid_dead && s.is_dead();
        let slot = if dead { &mut ranked.best_dead } else { &mut ranked.best };
        if slot.as_ref().is_none_or(|b| entry.value > b.value + 1e-12) {
            *slot = Some(entry);
        }
    }
    Ok(ranked)
}

/// The best of `cells` to open in `view` (exact `map`, `e^{ln_layouts}` layouts) by the
/// guess's value (secondary safety, progress, long-term risk; a living cell before a dead
/// one): D. N. Hill breaks the tie between the cells of a 50/50 this way. `None` when none of
/// `cells` is covered and uncertain.
///
/// # Errors
/// As [`score`].
pub fn choose_among(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    options: &GuessOptions,
    cache: &mut ComponentCache,
    budget: &Budget,
    cells: &[CellId],
) -> Result<Option<CellId>, ProbabilityError> {
    let ranked = rank(view, map, ln_layouts, options, cache, budget, Some(cells), true)?;
    Ok(ranked.best.or(ranked.best_dead).map(|e| e.guess.cell))
}

/// The guess for `view` given its exact `map` and layout count (`e^{ln_layouts}`); `None` when
/// no cell is covered. `cache` serves the look-ahead maps (see [`score`]).
///
/// # Errors
/// As [`score`].
pub fn choose_guess(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    options: &GuessOptions,
    cache: &mut ComponentCache,
    budget: &Budget,
) -> Result<Option<CellId>, ProbabilityError> {
    if !options.secondary_safety {
        return Ok(safest_cell(view, map));
    }
    let ranked = rank(view, map, ln_layouts, options, cache, budget, None, true)?;
    let chosen = ranked.best.or(ranked.best_dead);
    if options.hill_dominating
        && let Some(entry) = &chosen
        && let Some(next) = entry.safest_next
        && ranked.scored.contains(&next)
        && map.at(next).is_some_and(|p| p < entry.guess.p_mine)
    {
        return Ok(Some(next));
    }
    Ok(chosen.map(|e| e.guess.cell).or_else(|| safest_cell(view, map)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probability::exact::exact_analysis;

    fn analysed(text: &str) -> (PlayerView, crate::probability::exact::ExactAnalysis) {
        let view: PlayerView = text.parse().unwrap();
        let a = exact_analysis(&view, &Budget::unlimited()).unwrap();
        (view, a)
    }

    /// The cell at column `c`, row `r` of `view`.
    fn cell_at(view: &PlayerView, c: u16, r: u16) -> CellId {
        use crate::geometry::{Col, Pos, Row};
        view.dims().id(Pos::new(Col(c), Row(r))).unwrap()
    }

    /// `.1...` with 2 mines: one mine in {0, 2} (the 1), the other in {3, 4}. Cell 0 sees
    /// only the 1, so if safe it shows 1: dead. Cell 4 sees only cell 3, which is then the
    /// second mine: it shows 1, dead. Cells 2 and 3 can show two numbers each: living.
    const STRIP: &str = "5x1 2\n.1...\n";

    #[test]
    fn dead_cells_are_the_ones_that_can_show_a_single_number() {
        let (view, a) = analysed(STRIP);
        let mut cache = ComponentCache::new();
        let options = GuessOptions::default();
        let values: Vec<u8> = [0, 2, 3, 4]
            .iter()
            .map(|&c| {
                let p = a.map.at(CellId(c)).unwrap();
                score(
                    &view,
                    a.ln_layouts,
                    CellId(c),
                    p,
                    &options,
                    &mut cache,
                    &Budget::unlimited(),
                )
                .unwrap()
                .values
            })
            .collect();
        assert_eq!(values, vec![1, 2, 2, 1]);
        // The cheap test sees cell 0 (no covered neighbour) but not cell 4 (its neighbour 3
        // is uncertain before cell 4 is opened).
        assert!(is_cheaply_dead(&view, &a.map, CellId(0)));
        assert!(!is_cheaply_dead(&view, &a.map, CellId(2)));
        assert!(!is_cheaply_dead(&view, &a.map, CellId(4)));
    }

    #[test]
    fn the_guess_avoids_dead_cells_while_a_living_one_is_a_candidate() {
        let (view, a) = analysed(STRIP);
        let options = GuessOptions {
            avoid_dead: true,
            living_safe: true,
            ..GuessOptions::default()
        };
        let mut cache = ComponentCache::new();
        let guess = choose_guess(&view, &a.map, a.ln_layouts, &options, &mut cache, &Budget::unlimited())
            .unwrap()
            .unwrap();
        assert!(guess == CellId(2) || guess == CellId(3), "{guess:?}");
        // When every candidate is dead, one of them is still guessed.
        let (view, a) = analysed("3x1 1\n.1.\n");
        let guess = choose_guess(&view, &a.map, a.ln_layouts, &options, &mut cache, &Budget::unlimited())
            .unwrap()
            .unwrap();
        assert!(guess == CellId(0) || guess == CellId(2), "{guess:?}");
    }

    /// Among the cells asked for only: the living one of a 50/50 whose other cell is dead,
    /// whatever their order; none when no cell asked for is covered and uncertain.
    #[test]
    fn choose_among_takes_the_best_of_the_cells_asked_for() {
        let (view, a) = analysed(STRIP);
        let options = GuessOptions::default();
        let mut cache = ComponentCache::new();
        // One mine in {0, 2}: cell 0 can only show 0 (dead), cell 2 shows 0 or 1.
        assert_eq!(a.map.at(CellId(0)), a.map.at(CellId(2)));
        for cells in [[CellId(0), CellId(2)], [CellId(2), CellId(0)]] {
            let chosen = choose_among(
                &view,
                &a.map,
                a.ln_layouts,
                &options,
                &mut cache,
                &Budget::unlimited(),
                &cells,
            )
            .unwrap();
            assert_eq!(chosen, Some(CellId(2)));
        }
        let chosen = choose_among(
            &view,
            &a.map,
            a.ln_layouts,
            &options,
            &mut cache,
            &Budget::unlimited(),
            &[CellId(1)],
        )
        .unwrap();
        assert_eq!(chosen, None);
        // Every cell dead: one of them all the same.
        let (view, a) = analysed("3x1 1\n.1.\n");
        let chosen = choose_among(
            &view,
            &a.map,
            a.ln_layouts,
            &options,
            &mut cache,
            &Budget::unlimited(),
            &[CellId(2), CellId(0)],
        )
        .unwrap();
        assert!(matches!(chosen, Some(CellId(0 | 2))), "{chosen:?}");
    }

    /// An expert position (seed 700950 of the safe rule, our second guess) where D. N. Hill's
    /// JavaScript solver, asked for its move, reports that (11,12) is the single safest living
    /// tile after every number (29,1) can show and opens it instead of (29,1), which its long-term
    /// risk rates best, as does ours.
    #[test]
    fn the_dominating_tile_replaces_the_guess_it_would_follow() {
        let text = "30x16 99
0000000000001110001..1001.11..
0011100000012.10124431012222..
002.21110001.2101...1001.11.4.
002.43.210011100234210022212..
0123..4.211011101.100001.10122
01.35.523.101.1011100001110000
1212..5.2110111000000000000011
.2135..3210000000001232222212.
23.3..32.10112111111...3..3.31
.213.3111223.3.22.125....45.41
1224442101..5.3..322..........
01.....1013...................
134...32111...................
......22.213..................
..............................
..............................
";
        let (view, a) = analysed(text);
        let at = |c: u16, r: u16| cell_at(&view, c, r);
        let mut options = crate::player::exact::PlayerOptions::new(crate::settings::FirstClick::Safe).guess;
        options.hill_dominating = false;
        let mut cache = ComponentCache::new();
        let guess = choose_guess(&view, &a.map, a.ln_layouts, &options, &mut cache, &Budget::unlimited()).unwrap();
        assert_eq!(guess, Some(at(29, 1)));
        options.hill_dominating = true;
        let guess = choose_guess(&view, &a.map, a.ln_layouts, &options, &mut cache, &Budget::unlimited()).unwrap();
        assert_eq!(guess, Some(at(11, 12)));
        // The reason: (11,12) is safer now and the strictly safest living cell after each number.
        assert!(a.map.at(at(11, 12)).unwrap() < a.map.at(at(29, 1)).unwrap());
        let mut numbers = 0;
        each_number(
            &view,
            a.ln_layouts,
            at(29, 1),
            &mut cache,
            &Budget::unlimited(),
            |opened, analysis, _, _| {
                numbers += 1;
                assert_eq!(single_safest_living(opened, &analysis.map), Some(at(11, 12)));
                Ok(true)
            },
        )
        .unwrap();
        assert_eq!(numbers, 3);
    }

    /// An expert position (seed 700565 of the safe rule, our third guess) whose safest cell,
    /// (10,15), is dead: the cut-off relative to it leaves out every living cell, so the
    /// default guesses the dead cell; relative to the safest living cell (D. N. Hill's rule,
    /// and his JavaScript solver's move here) the living (7,12) is a candidate and chosen.
    #[test]
    fn the_living_cut_off_keeps_living_candidates_beside_a_dead_safest_cell() {
        let text = "30x16 99
12.10001..2..102.2000111000000
.212110122233203.30012.2100000
2212.3110001.102.3101.3.100000
1.24.5.3110222012.213231211000
23...5.4.101.101233.2.102.2011
........21011112.2.221102.202.
.....2..2101111.2211011111113.
.....212.112.111100001.10002.3
.....311111.3312110112110002.3
......221223.2.2.213.32121112.
.....4.4.3.3233422.3..2.2.2111
.........32.22..1112222122.100
........21223.4320122111111111
........101.212.212..34.20001.
........21222123..4.4...421122
....................2233..11.1
";
        let (view, a) = analysed(text);
        let at = |c: u16, r: u16| cell_at(&view, c, r);
        let (dead, living) = (at(10, 15), at(7, 12));
        assert!(is_cheaply_dead(&view, &a.map, dead));
        let best = a.map.covered().map(|(_, p)| 1.0 - p).fold(0.0, f64::max);
        assert!((1.0 - a.map.at(dead).unwrap() - best).abs() < 1e-12);
        assert!(1.0 - a.map.at(living).unwrap() < 0.9 * best);
        let mut options = crate::player::exact::PlayerOptions::new(crate::settings::FirstClick::Safe).guess;
        options.living_cut_off = false;
        let mut cache = ComponentCache::new();
        assert_eq!(
            choose_guess(&view, &a.map, a.ln_layouts, &options, &mut cache, &Budget::unlimited()).unwrap(),
            Some(dead)
        );
        options.living_cut_off = true;
        assert!(cut_off_safety(&view, &a.map, &options) < best);
        assert_eq!(
            choose_guess(&view, &a.map, a.ln_layouts, &options, &mut cache, &Budget::unlimited()).unwrap(),
            Some(living)
        );
    }

    /// Pruning (abandoning a candidate once it cannot beat the best) never changes the best
    /// candidate or its value: checked against ranking without pruning on expert positions,
    /// with the guess of [`PlayerOptions::new`] and of [`PlayerOptions::fast`].
    ///
    /// [`PlayerOptions::new`]: crate::player::exact::PlayerOptions::new
    /// [`PlayerOptions::fast`]: crate::player::exact::PlayerOptions::fast
    #[test]
    fn pruning_never_changes_the_best_candidate() {
        use crate::player::exact::PlayerOptions;
        use crate::settings::{FirstClick, GameSettings};
        use crate::suite::played_positions;
        let dims = crate::geometry::Dims::new(crate::geometry::Width(30), crate::geometry::Height(16)).unwrap();
        let settings = GameSettings::new(dims, 99, FirstClick::Safe).unwrap();
        for options in [
            PlayerOptions::new(FirstClick::Safe).guess,
            PlayerOptions::fast(FirstClick::Safe).guess,
        ] {
            let mut checked = 0;
            for view in played_positions(settings, 0..60, 0.1..=0.9, 4) {
                let a = exact_analysis(&view, &Budget::unlimited()).unwrap();
                let mut cache = ComponentCache::new();
                let fast = rank(
                    &view,
                    &a.map,
                    a.ln_layouts,
                    &options,
                    &mut cache,
                    &Budget::unlimited(),
                    None,
                    true,
                )
                .unwrap();
                let slow = rank(
                    &view,
                    &a.map,
                    a.ln_layouts,
                    &options,
                    &mut cache,
                    &Budget::unlimited(),
                    None,
                    false,
                )
                .unwrap();
                let key = |r: &Ranked| {
                    r.best
                        .as_ref()
                        .or(r.best_dead.as_ref())
                        .map(|e| (e.guess.cell, e.value))
                };
                let (x, y) = (key(&fast), key(&slow));
                assert_eq!(x.map(|e| e.0), y.map(|e| e.0), "\n{view}");
                assert!(x.zip(y).is_none_or(|(x, y)| (x.1 - y.1).abs() < 1e-12), "\n{view}");
                checked += 1;
            }
            assert!(checked > 50, "{checked} positions");
        }
    }

    #[test]
    fn the_living_safe_next_safety_leaves_out_dead_safe_cells() {
        // Cell 1 is certainly safe (next to the 0) and dead (both its neighbours are
        // revealed); cell 3 is the 1's mine; cells 4 and 5 share the last mine and each would
        // tell about the other.
        let (view, a) = analysed("6x1 2\n0.1...\n");
        assert_eq!(a.map.at(CellId(1)), Some(0.0));
        assert!(is_cheaply_dead(&view, &a.map, CellId(1)));
        assert!(!is_cheaply_dead(&view, &a.map, CellId(4)));
        let (best, _) = best_two(a.map.covered());
        assert!((best - 1.0).abs() < 1e-12);
        let (best, second) = living_safeties(&view, &a.map);
        assert!((best - 0.5).abs() < 1e-12 && (second - 0.5).abs() < 1e-12);
        // With only dead cells left, all of them are valued: the safe one counts again.
        let (view, a) = analysed("4x1 1\n0.1.\n");
        let (best, _) = living_safeties(&view, &a.map);
        assert!((best - 1.0).abs() < 1e-12);
    }

    /// `.1.1...` with 3 mines: either the dead cell 2 (it sees only the two 1s) is a mine
    /// and so are 5 and 6 (1 layout), or 0 and 4 are, with one mine in {5, 6} (2 layouts).
    /// Cell 2 is the safest (2/3) but dead; the best living safety is 1/3.
    #[test]
    fn the_living_next_safety_ignores_dead_cells() {
        let (view, a) = analysed("7x1 3\n.1.1...\n");
        assert!((a.map.at(CellId(2)).unwrap() - 1.0 / 3.0).abs() < 1e-12);
        assert!(is_cheaply_dead(&view, &a.map, CellId(2)));
        assert!(is_cheaply_dead(&view, &a.map, CellId(0)));
        assert!(!is_cheaply_dead(&view, &a.map, CellId(4)));
        let (best, second) = best_two(a.map.covered());
        assert!((best - 2.0 / 3.0).abs() < 1e-12 && (second - 1.0 / 3.0).abs() < 1e-12);
        let (best, second) = living_safeties(&view, &a.map);
        assert!((best - 1.0 / 3.0).abs() < 1e-12 && (second - 1.0 / 3.0).abs() < 1e-12);
        // `.1.` is a 50/50 of two dead cells and nothing else: with no living cell left,
        // all cells are valued.
        let (view, a) = analysed("3x1 1\n.1.\n");
        let (best, _) = living_safeties(&view, &a.map);
        assert!((best - 0.5).abs() < 1e-12);
        // `0..` on 3x1 with 1 mine: cell 1 is certainly safe and dead (its only covered
        // neighbour, cell 2, is the certain mine), and so is cell 2: every cell is valued,
        // the safe one as 1.
        let (view, a) = analysed("3x1 1\n0..\n");
        assert!(is_cheaply_dead(&view, &a.map, CellId(1)));
        let (best, _) = living_safeties(&view, &a.map);
        assert!((best - 1.0).abs() < 1e-12);
    }

    /// A 50/50 against the wall: the 1s see exactly the pair (2, 5), so if one of the pair
    /// is safe, the other is the mine and its number is known: both are dead, although
    /// each has an uncertain neighbour (the other).
    #[test]
    fn a_cell_whose_uncertain_neighbours_are_a_numbers_cells_is_dead() {
        let (view, a) = analysed("3x2 1\n01.\n01.\n");
        assert!(is_cheaply_dead(&view, &a.map, CellId(2)));
        assert!(is_cheaply_dead(&view, &a.map, CellId(5)));
        // The exact count agrees: each can show only 1.
        let mut cache = ComponentCache::new();
        let s = score(
            &view,
            a.ln_layouts,
            CellId(2),
            0.5,
            &GuessOptions::default(),
            &mut cache,
            &Budget::unlimited(),
        )
        .unwrap();
        assert!(s.is_dead());
        // `.1..` on 4x1 with 1 mine: the mine is at 0 or 2, so cell 3 is certainly safe and
        // cell 2 (whose only covered neighbour is 3) would show 0: dead.
        let (view, a) = analysed("4x1 1\n.1..\n");
        assert_eq!(a.map.at(CellId(3)), Some(0.0));
        assert!(is_cheaply_dead(&view, &a.map, CellId(2)));
    }

    #[test]
    fn hill_interior_takes_cells_two_steps_from_a_number_and_corners() {
        // A 1 in the corner of a 10x10 board: 96 interior cells, safer than the frontier.
        let mut text = String::from("10x10 10\n1.........\n");
        for _ in 1..10 {
            text.push_str("..........\n");
        }
        let (view, a) = analysed(&text);
        let best = a.map.covered().map(|(_, p)| 1.0 - p).fold(0.0, f64::max);
        let cells: Vec<u32> = hill_interior(&view, &a.map, best).iter().map(|c| c.0.0).collect();
        // (2,0) and (0,2) two steps from the 1; the other three corners.
        assert_eq!(cells, vec![2, 9, 20, 90, 99]);
        // Not safer than 0.95 × the best safety: no interior candidate.
        assert!(hill_interior(&view, &a.map, best / 0.9).is_empty());
        // Fewer than 30 interior cells: all of them.
        let (view, a) = analysed("5x5 3\n1....\n.....\n.....\n.....\n.....\n");
        let best = a.map.covered().map(|(_, p)| 1.0 - p).fold(0.0, f64::max);
        assert_eq!(hill_interior(&view, &a.map, best).len(), 21);
    }

    #[test]
    fn a_pocket_walled_off_by_two_revealed_columns_is_a_small_area() {
        // Cols 0-1: a pocket of six cells, one of them the certain mine (1,0); cols 2-5
        // revealed; cols 6-8: nine covered cells.
        let (view, a) = analysed("9x3 2\n..1000...\n..1000...\n..0000...\n");
        assert_eq!(a.map.at(CellId(1)), Some(1.0));
        assert!(!in_large_area(&view, &a.map, CellId(0), SMALL_AREA));
        assert!(in_large_area(&view, &a.map, CellId(8), SMALL_AREA));
        // A threshold the pocket reaches (five open cells).
        assert!(in_large_area(&view, &a.map, CellId(0), 5));
        assert!(!in_large_area(&view, &a.map, CellId(0), 6));
        // Deferred: with the option, a pocket cell is no candidate while a large-area one is.
        let options = GuessOptions {
            defer_small_areas: true,
            cut_off: 0.0,
            ..GuessOptions::default()
        };
        let cells = candidates(&view, &a.map, &options, cut_off_safety(&view, &a.map, &options));
        assert!(!cells.is_empty() && cells.iter().all(|&(c, _)| view.dims().pos(c).col().0 >= 6));
    }
}
