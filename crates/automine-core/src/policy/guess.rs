//! Choosing a guess when no cell is certainly safe: the chance to survive this click and the
//! next one ("secondary safety", after D. N. Hill), with a small weight on progress.
//!
//! For a candidate cell `c` and each number `v` it may show, the exact solver is run on the
//! view with `c` opened as `v`. The ratio of layout counts gives `P(c shows v)`
//! (`Z_v / Z`), and the new map gives the best safety of the next click (1 when a cell is then
//! certainly safe). The score of `c` is
//!
//! ```text
//! Σ_v P(c shows v) · (best next safety | v)  +  w_progress · Σ_v P(c shows v) · [v leaves a safe cell]
//! ```
//!
//! i.e. the chance to survive `c` and the following guess, with progress (Tu et al.'s "S")
//! as a tie-break. By default (D. N. Hill's refinements, measured on expert in
//! docs/minesweeper.md) the best next safety is *blended* with the second best,
//! `(4 · best + second) / 5`, and the score is multiplied by `1 + 0.9 · influence / P(c safe)`,
//! where the influence ([`long_term_risk`]) is the chance that `c` is a mine inside a 50/50
//! that could never be avoided. Candidates are the safest frontier cells (within a cut-off of the best
//! safety) and a few interior cells with the fewest covered neighbours (corners and edges:
//! the likeliest to open a region). A *dead* candidate (one that can show a single number, so
//! opening it tells nothing) is played only when every candidate is dead.
//!
//! Further refinements of Hill's, off by default because they were measured not to help
//! (docs/minesweeper.md, branches `mines5` to `mines8`): the best *living* next safety (also
//! with dead safe cells left out), dominated guesses, enabler influence (also as his
//! JavaScript solver counts it), influenced candidates, his off-edge cut-off and his risk
//! hotspots; and (branch `mines12`; exactly level on 400,000 fresh expert games in `mines13`,
//! so off by default) his Java solver's tie-break by the expected number of living certain
//! clears ([`GuessOptions::clears_tie_break`]).

use search_core::Budget;

use crate::error::ProbabilityError;
use crate::geometry::CellId;
use crate::policy::long_term_risk;
use crate::probability::exact::{ComponentCache, ExactAnalysis, exact_analysis_cached};
use crate::probability::map::ProbabilityMap;
use crate::view::{CellView, PlayerView};

/// Tunables of the guess.
///
/// New parts of the policy arrive as new fields, so the struct is `#[non_exhaustive]`: start
/// from [`GuessOptions::default`] (or the `guess` of a [`PlayerOptions`]) and set fields.
///
/// [`PlayerOptions`]: crate::player::exact::PlayerOptions
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
    /// Candidates must have a safety of at least this fraction of the best safety.
    pub cut_off: f64,
    /// At most this many frontier candidates (the safest ones).
    pub max_frontier: usize,
    /// At most this many interior candidates.
    pub max_interior: usize,
    /// The weight of progress in the score.
    pub progress_weight: f64,
    /// The weight of the size of what a guess opens: the score gains
    /// `w · Σ_v P(v) · ln(1 + certainly safe cells after v)` (0: off, the default).
    pub opening_weight: f64,
    /// The weight `w` of the 50/50 influence ([`long_term_risk`]): a candidate's score is
    /// multiplied by `1 + w · influence / P(safe)` (0: off; default 0.9, D. N. Hill's weight;
    /// 1.1 loses 0.04 points on expert and 0.75 0.27, docs/minesweeper.md, `mines22`).
    pub influence_weight: f64,
    /// Value the next click by `(4 · best + second best) / 5` of the next safeties instead of
    /// the best alone (D. N. Hill's "blended safety").
    pub blend_second: bool,
    /// The weight `k` of the best next safety in the blend: `(k · best + second) / (k + 1)`
    /// (default 4, D. N. Hill's).
    pub blend_ratio: f64,
    /// Never guess a *dead* candidate (one that can show only one number, so opening it
    /// tells nothing) while a living candidate exists (D. N. Hill's tile ordering; on by
    /// default).
    pub avoid_dead: bool,
    /// Value the next click by the best *living* safety of the next map (a cell that is not
    /// [`is_cheaply_dead`]); a certainly safe cell still counts as 1 (D. N. Hill's "best
    /// living safety on the next move").
    pub living_next: bool,
    /// Interior (off-edge) candidates need a safety of at least this fraction of the best
    /// *frontier* safety (D. N. Hill's off-edge rule uses 0.95); 0: only [`Self::cut_off`].
    pub interior_cut_off: f64,
    /// Replace the chosen guess `c` by a *dominating* cell: one that is safe whenever `c` is
    /// (certainly safe in every look-ahead map of `c`) and strictly safer (D. N. Hill's
    /// dominated tiles). The safest such cell is played.
    pub dominated: bool,
    /// Add the *enabler influence* ([`long_term_risk::enabler_influence`]) to a candidate's
    /// 50/50 influence (D. N. Hill's enablers of 50/50s).
    pub enabler_influence: bool,
    /// Also score cells below the cut-off whose safety plus 50/50 influence reaches it
    /// ([`long_term_risk::influenced_cells`], D. N. Hill's influenced tiles).
    pub influenced_candidates: bool,
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
    /// Pick the interior candidates by their chance to open a region instead of by their
    /// count of covered neighbours: the product of `1 − P(mine)` over the covered neighbours
    /// (zero next to a certain mine), highest first ([`opening_chance`]).
    pub interior_by_opening: bool,
    /// How ties between interior candidates with equally many covered neighbours are broken
    /// ([`InteriorOrder`]).
    pub interior_order: InteriorOrder,
    /// Look one click further among the best candidates: those within
    /// [`Self::look_ahead_margin`] of the best value (at most [`Self::look_ahead_top`]) are
    /// compared by the chance to survive them and the next two guesses (each later guess
    /// valued by this module's score), and the best of those is played.
    pub look_ahead: bool,
    /// Candidates within this fraction of the best value are compared by [`Self::look_ahead`].
    pub look_ahead_margin: f64,
    /// At most this many candidates are compared by [`Self::look_ahead`].
    pub look_ahead_top: usize,
    /// Weigh D. N. Hill's risk hotspots ([`long_term_risk::hotspots`]): each number a
    /// candidate may show multiplies its term by `h(next) / h(now)`, where `h` is
    /// [`long_term_risk::hotspot_safety`] (the hotspots the candidate itself settles left out
    /// of `h(next)`), and a candidate that settles a hotspot drops its 50/50 factor.
    pub hotspots: bool,
    /// Weigh the long-term risk as D. N. Hill's JavaScript solver does: the 50/50 influence
    /// plus the enabler influence of pairs and 2×2 boxes
    /// ([`long_term_risk::influence_js`]), and score as candidates the cells below the
    /// cut-off that this influence lifts over it ([`long_term_risk::influenced_cells_js`]).
    /// Replaces [`Self::enabler_influence`] and [`Self::influenced_candidates`].
    pub hill_enablers: bool,
    /// Value the next click among *living* cells only, certainly safe ones included: a
    /// certainly safe cell that is dead (it would show a number already known) counts no
    /// more than any other dead cell, as in D. N. Hill's solvers, whose next-move safety
    /// leaves every dead cell out. Implies [`Self::living_next`].
    pub living_safe: bool,
    /// D. N. Hill's dominating tile: when, after every number the chosen guess can show, one
    /// and the same living cell is strictly the safest, and that cell is a candidate and safer
    /// now than the guess, open it instead (the guess would be followed by it anyway; taken
    /// first, it may make the riskier guess unnecessary).
    pub hill_dominating: bool,
    /// With [`Self::hill_enablers`], every cell whose long-term risk is positive joins the
    /// candidates, also one already over the cut-off that the candidate rules left out (an
    /// interior cell the off-edge rule left out, a frontier cell past
    /// [`Self::max_frontier`]), as in D. N. Hill's JavaScript solver; otherwise only cells that
    /// the risk lifts over the cut-off.
    pub lift_above_floor: bool,
    /// The cut-off (and Hill's off-edge rule) is relative to the safest cell that is not
    /// dead, as in D. N. Hill's solvers (a dead frontier cell cannot make every living cell
    /// drop out of the candidates); otherwise to the safest cell of all.
    pub living_cut_off: bool,
    /// With [`Self::hill_enablers`], the cells that join the candidates for their long-term
    /// risk are those of D. N. Hill's Java solver's board-wide sweep: safety plus a narrower
    /// influence (shapes with at most one enabler still to be a mine, each above 2.5%)
    /// reaches the cut-off, over it already or not; otherwise the cells that the full
    /// influence lifts over the cut-off. The score uses the full influence either way.
    pub narrow_lift: bool,
    /// Break ties in the value between living candidates by the expected number of living
    /// certain clears ([`expected_living_clears`]), most first, as D. N. Hill's Java solver
    /// does; otherwise the first candidate scored wins a tie. Off by default: level with the
    /// default on 400,000 fresh expert games, at 3.5% more time (docs/minesweeper.md).
    pub clears_tie_break: bool,
}

impl Default for GuessOptions {
    fn default() -> Self {
        Self {
            secondary_safety: true,
            cut_off: 0.9,
            max_frontier: 10,
            max_interior: 2,
            progress_weight: 0.001,
            opening_weight: 0.0,
            influence_weight: 0.9,
            blend_second: true,
            blend_ratio: 4.0,
            avoid_dead: true,
            living_next: false,
            interior_cut_off: 0.0,
            dominated: false,
            enabler_influence: false,
            influenced_candidates: false,
            hill_off_edge: false,
            defer_small_areas: false,
            interior_by_opening: false,
            interior_order: InteriorOrder::RowMajor,
            look_ahead: false,
            look_ahead_margin: 0.02,
            look_ahead_top: 3,
            hotspots: false,
            hill_enablers: false,
            living_safe: false,
            hill_dominating: false,
            lift_above_floor: false,
            living_cut_off: false,
            narrow_lift: false,
            clears_tie_break: false,
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
    /// `Σ_v P(v) · ln(1 + certainly safe cells after v)`: how much it opens, on a log scale.
    pub opening: f64,
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

/// The chance, counting the covered neighbours of `id` as independent, that none of them is
/// a mine (so that `id`, if safe, shows a zero and opens a region): the product of
/// `1 − P(mine)` over them; zero next to a certain mine, one with no covered neighbour.
pub fn opening_chance(view: &PlayerView, map: &ProbabilityMap, id: CellId) -> f64 {
    view.dims()
        .neighbours(id)
        .filter(|&n| view.at(n) == CellView::Covered)
        .map(|n| 1.0 - map.at(n).unwrap_or(0.0))
        .product()
}

/// How the guess orders the interior candidates that have equally many covered neighbours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum InteriorOrder {
    /// Row-major order (top row first).
    RowMajor,
    /// Nearest to the revealed cells first ([`distances_from_revealed`]), then row-major.
    Near,
    /// Farthest from the revealed cells first, then row-major.
    Far,
}

/// Sort `(covered neighbours, cell, P(mine))` entries: fewest covered neighbours first, ties
/// by `order`.
fn sort_interior(view: &PlayerView, interior: &mut [(usize, CellId, f64)], order: InteriorOrder) {
    let distance = match order {
        InteriorOrder::RowMajor => Vec::new(),
        InteriorOrder::Near | InteriorOrder::Far => distances_from_revealed(view),
    };
    let away = |id: CellId| distance.get(id.0 as usize).copied().unwrap_or(0);
    interior.sort_by(|a, b| {
        let by_distance = match order {
            InteriorOrder::RowMajor => std::cmp::Ordering::Equal,
            InteriorOrder::Near => away(a.1).cmp(&away(b.1)),
            InteriorOrder::Far => away(b.1).cmp(&away(a.1)),
        };
        a.0.cmp(&b.0).then(by_distance).then(a.1.cmp(&b.1))
    });
}

/// Per cell (by id), its king-move distance to the nearest revealed cell (0 for revealed
/// cells; `usize::MAX` everywhere when nothing is revealed).
pub fn distances_from_revealed(view: &PlayerView) -> Vec<usize> {
    let dims = view.dims();
    let mut distance = vec![usize::MAX; view.cells().len()];
    let mut queue = std::collections::VecDeque::new();
    for (i, cell) in view.cells().iter().enumerate() {
        if matches!(cell, CellView::Revealed(_)) {
            distance[i] = 0;
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        let next = distance[i] + 1;
        let Ok(raw) = u32::try_from(i) else { continue };
        for n in dims.neighbours(CellId(raw)) {
            let j = n.0 as usize;
            if distance[j] > next {
                distance[j] = next;
                queue.push_back(j);
            }
        }
    }
    distance
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
        if let Some(&(_, p_front)) = frontier.first() {
            let interior_floor = options.interior_cut_off * (1.0 - p_front);
            interior.retain(|&(_, _, p)| 1.0 - p >= interior_floor);
        }
        if options.interior_by_opening {
            // Highest chance to open first.
            let mut ranked: Vec<(f64, CellId, f64)> = interior
                .iter()
                .map(|&(_, id, p)| (opening_chance(view, map, id), id, p))
                .collect();
            ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            interior = ranked.into_iter().map(|(_, id, p)| (0, id, p)).collect();
        } else {
            sort_interior(view, &mut interior, options.interior_order);
        }
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
/// progress; with [`GuessOptions::living_next`] the next click is valued among living cells
/// only ([`is_cheaply_dead`]). The exact maps of the opened views reuse the components remembered in `cache`
/// (the result does not depend on what it holds).
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
) -> Result<ScoredGuess, ProbabilityError> {
    score_and_implied(view, ln_layouts, cell, p_mine, options, cache, Look::default()).map(|scored| scored.guess)
}

/// What [`score_and_implied`] found.
#[derive(Debug, Clone)]
struct Scored {
    /// The score (of the numbers looked at, when `pruned`).
    guess: ScoredGuess,
    /// The covered cells certainly safe whenever the cell is (with
    /// [`GuessOptions::dominated`]).
    implied: Vec<CellId>,
    /// The living cell that is strictly the safest after every number the cell can show
    /// (with [`GuessOptions::hill_dominating`]).
    safest_next: Option<CellId>,
    /// The look-ahead stopped early: the cell cannot beat [`Prune::beat`].
    pruned: bool,
}

/// A bound for [`score_and_implied`]: the candidate's value is its score times `factor`
/// (the 50/50 influence), and it is abandoned (`None`) as soon as even a certainly safe next
/// click for every number still to come could not lift that value above `beat`. Pruning
/// never changes the chosen guess: a pruned candidate could not have replaced the best.
#[derive(Debug, Clone, Copy)]
struct Prune {
    factor: f64,
    beat: f64,
    /// The most a number's next-click term can be multiplied by: 1, or with risk hotspots
    /// `1 / h(now)` (their ratio `h(next) / h(now)` never exceeds it, as `h(next) <= 1`).
    scale: f64,
}

/// [`score`], and the covered cells that are certainly safe whenever `cell` is (certainly
/// safe in every look-ahead map), in row-major order; with `prune`, the look-ahead stops as
/// soon as the cell cannot beat the bound.
fn score_and_implied(
    view: &PlayerView,
    ln_layouts: f64,
    cell: CellId,
    p_mine: f64,
    options: &GuessOptions,
    cache: &mut ComponentCache,
    Look { prune, hot }: Look<'_>,
) -> Result<Scored, ProbabilityError> {
    let mut secondary = 0.0;
    let mut blended = 0.0;
    let mut progress = 0.0;
    let mut opening = 0.0;
    let mut values = 0u8;
    let mut implied: Option<Vec<CellId>> = None;
    // The strictly safest living cell after the numbers seen so far: `None` before the first,
    // `Some(None)` once two numbers disagree or one has no single safest cell.
    let mut safest_next: Option<Option<CellId>> = None;
    // At most every covered cell becomes certainly safe.
    let max_opening = (1.0 + view.cells().iter().filter(|&&c| c == CellView::Covered).count() as f64).ln();
    // The chance of the numbers seen so far (their sum reaches P(safe) = 1 − p_mine).
    let mut mass = 0.0;
    // Whether the numbers still to come, each with a certainly safe next click, could lift
    // the score above the bound.
    let can_win = |mass: f64, secondary: f64, blended: f64, progress: f64, opening: f64| {
        prune.is_none_or(|Prune { factor, beat, scale }| {
            // A little slack keeps the bound above the exact value despite rounding.
            let rest = (1.0 - p_mine - mass).max(0.0) + 1e-9;
            let next = if options.blend_second { blended } else { secondary };
            let bound = next
                + rest * scale
                + options.progress_weight * (progress + rest)
                + options.opening_weight * (opening + rest * max_opening);
            bound * factor > beat + 1e-12
        })
    };
    let completed = can_win(0.0, 0.0, 0.0, 0.0, 0.0)
        && each_number(view, ln_layouts, cell, cache, |opened, analysis, p_v, _| {
            values += 1;
            mass += p_v;
            if options.dominated {
                let safe = &analysis.map;
                match &mut implied {
                    None => implied = Some(safe.certain_safe().collect()),
                    Some(cells) => cells.retain(|&id| safe.at(id) == Some(0.0)),
                }
            }
            if options.hill_dominating && safest_next != Some(None) {
                let here = single_safest_living(opened, &analysis.map);
                safest_next = Some(here.filter(|&id| safest_next.is_none_or(|before| before == Some(id))));
            }
            let (next_best, next_second) = if options.living_safe {
                living_safeties(opened, &analysis.map)
            } else {
                next_click_safeties(opened, &analysis.map, options.living_next)
            };
            let has_safe = next_best >= 1.0 || next_best == f64::NEG_INFINITY;
            let best = if has_safe { 1.0 } else { next_best };
            // With a single covered cell left, the second best is the best.
            let second = if next_second == f64::NEG_INFINITY {
                best
            } else {
                next_second.min(best)
            };
            let h = hot.map_or(1.0, |Hot { spots, now }| {
                long_term_risk::hotspot_safety(spots, Some(cell), &analysis.map) / now
            });
            secondary += p_v * best * h;
            blended += p_v * (options.blend_ratio * best + second) / (options.blend_ratio + 1.0) * h;
            if has_safe {
                progress += p_v;
            }
            if options.opening_weight > 0.0 {
                opening += p_v * (1.0 + analysis.map.certain_safe().count() as f64).ln();
            }
            Ok(can_win(mass, secondary, blended, progress, opening))
        })?;
    let guess = ScoredGuess {
        cell,
        p_mine,
        secondary_safety: secondary,
        progress,
        opening,
        blended_safety: blended,
        values,
    };
    Ok(Scored {
        guess,
        implied: implied.unwrap_or_default(),
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
        let analysis = match exact_analysis_cached(&opened, &Budget::unlimited(), cache) {
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

/// The best and second best safety of the next click on `view` with its exact `map` (`-∞`
/// when missing). With `living_only`, cells that are [`is_cheaply_dead`] and not certainly
/// safe do not count, unless no other cell is left.
pub fn next_click_safeties(view: &PlayerView, map: &ProbabilityMap, living_only: bool) -> (f64, f64) {
    if !living_only {
        return best_two(map.covered());
    }
    let living = best_two(
        map.covered()
            .filter(|&(id, p)| p <= 0.0 || !is_cheaply_dead(view, map, id)),
    );
    if living.0 == f64::NEG_INFINITY {
        best_two(map.covered())
    } else {
        living
    }
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

/// The safest of the cells `implied` safe by `guess`'s safety that is strictly safer than
/// `guess` (ties: row-major order), if any.
fn dominating(map: &ProbabilityMap, guess: &ScoredGuess, implied: &[CellId]) -> Option<CellId> {
    implied
        .iter()
        .filter(|&&id| id != guess.cell)
        .filter_map(|&id| map.at(id).map(|p| (id, p)))
        .filter(|&(_, p)| p < guess.p_mine - 1e-12)
        .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)))
        .map(|(id, _)| id)
}

/// The risk hotspots of a view and their [`long_term_risk::hotspot_safety`] there
/// ([`GuessOptions::hotspots`]).
#[derive(Debug, Clone, Copy)]
struct Hot<'a> {
    spots: &'a [long_term_risk::Hotspot],
    now: f64,
}

/// How [`score_and_implied`] looks ahead: the pruning bound and the risk hotspots, if any.
#[derive(Debug, Clone, Copy, Default)]
struct Look<'a> {
    prune: Option<Prune>,
    hot: Option<Hot<'a>>,
}

/// One scored candidate of [`rank`].
#[derive(Debug, Clone)]
struct Entry {
    /// `(next safety + w_progress · progress) × factor`: what the guess maximises.
    value: f64,
    guess: ScoredGuess,
    implied: Vec<CellId>,
    /// See [`Scored::safest_next`].
    safest_next: Option<CellId>,
    /// The 50/50 influence factor `1 + w · influence / P(safe)`.
    factor: f64,
}

/// The candidates of a view, scored.
#[derive(Debug, Default)]
struct Ranked {
    /// The best living candidate (the best of all without [`GuessOptions::avoid_dead`]); the
    /// first scored wins ties.
    best: Option<Entry>,
    /// The best dead candidate (with [`GuessOptions::avoid_dead`]).
    best_dead: Option<Entry>,
    /// Every living candidate that was not pruned, in the order scored.
    living: Vec<Entry>,
    /// Every cell scored, pruned or not.
    scored: Vec<CellId>,
}

/// Cells, each with a probability (a mine chance or an influence).
type CellValues = Vec<(CellId, f64)>;

/// The cells [`rank`] scores, with P(mine): `only`'s covered uncertain cells, or the
/// candidates and the cells their long-term risk lifts over the cut-off; and the influences
/// already computed on the way (the lifted cells of --hill-enablers), not to compute again.
fn cells_to_rank(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    options: &GuessOptions,
    cache: &mut ComponentCache,
    memo: &mut long_term_risk::ViewMemo,
    only: Option<&[CellId]>,
) -> Result<(CellValues, CellValues), ProbabilityError> {
    let mut known_influence: Vec<(CellId, f64)> = Vec::new();
    let Some(only) = only else {
        let best_safety = cut_off_safety(view, map, options);
        let mut cells = candidates(view, map, options, best_safety);
        // Adds a lifted cell unless it is a candidate already; says whether it was added.
        let add = |cells: &mut CellValues, id: CellId, p: f64| {
            let new = !cells.iter().any(|&(c, _)| c == id);
            if new {
                cells.push((id, p));
            }
            new
        };
        if options.hill_enablers && options.narrow_lift && options.influence_weight > 0.0 {
            for (id, p) in
                long_term_risk::swept_cells_sharing(view, map, ln_layouts, best_safety * options.cut_off, cache, memo)?
            {
                add(&mut cells, id, p);
            }
        } else if options.hill_enablers && options.influence_weight > 0.0 {
            for (id, p, influence) in long_term_risk::influenced_cells_js_sharing(
                view,
                map,
                ln_layouts,
                best_safety * options.cut_off,
                cache,
                memo,
                options.lift_above_floor,
            )? {
                if add(&mut cells, id, p) {
                    known_influence.push((id, influence));
                }
            }
        } else if options.influenced_candidates && options.influence_weight > 0.0 {
            cells.extend(long_term_risk::influenced_cells(
                view,
                map,
                ln_layouts,
                best_safety * options.cut_off,
                cache,
            )?);
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
/// certain mines); a candidate is abandoned as soon as it cannot reach `(1 − margin)` × the
/// best value found so far (`margin` 0: it cannot beat the best).
fn rank(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    options: &GuessOptions,
    cache: &mut ComponentCache,
    margin: f64,
    only: Option<&[CellId]>,
) -> Result<Ranked, ProbabilityError> {
    let mut ranked = Ranked::default();
    // What the candidates' influences share: the view's interior odds and flagged solves.
    let mut memo = long_term_risk::ViewMemo::default();
    let (cells, known_influence) = cells_to_rank(view, map, ln_layouts, options, cache, &mut memo, only)?;
    let spots = if options.hotspots {
        long_term_risk::hotspots(view, map)
    } else {
        Vec::new()
    };
    let hot = (!spots.is_empty()).then(|| Hot {
        spots: &spots,
        now: long_term_risk::hotspot_safety(&spots, None, map),
    });
    for (cell, p) in cells {
        let mut factor = 1.0;
        let settles = spots.iter().any(|h| h.is_exempt(cell));
        if options.influence_weight > 0.0 && p < 1.0 && !settles {
            let known = known_influence.iter().find(|&&(c, _)| c == cell).map(|&(_, i)| i);
            let mut influence = if let Some(i) = known {
                i
            } else if options.hill_enablers {
                long_term_risk::influence_js_sharing(view, map, ln_layouts, cell, cache, &mut memo)?
            } else {
                long_term_risk::fifty_fifty_influence(view, map, ln_layouts, cell, cache)?
            };
            if options.enabler_influence && !options.hill_enablers {
                influence += long_term_risk::enabler_influence(view, map, ln_layouts, cell, cache)?;
                influence = long_term_risk::cap(map, cell, influence);
            }
            factor = 1.0 + options.influence_weight * influence / (1.0 - p);
        }
        // Only the best living candidate can prune: a pruned cell, dead or living, could not
        // be chosen over it.
        // The hotspot ratio may exceed 1: the bound scales the numbers still to come by its most.
        let prune = if options.dominated {
            None
        } else {
            ranked.best.as_ref().map(|b| Prune {
                factor,
                beat: b.value * (1.0 - margin),
                scale: hot.map_or(1.0, |h| 1.0 / h.now),
            })
        };
        let Scored {
            guess: s,
            implied,
            safest_next,
            pruned,
        } = score_and_implied(view, ln_layouts, cell, p, options, cache, Look { prune, hot })?;
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
            value: (next + options.progress_weight * s.progress + options.opening_weight * s.opening) * factor,
            guess: s,
            implied,
            safest_next,
            factor,
        };
        let dead = options.avoid_dead && s.is_dead();
        if !dead && margin > 0.0 {
            ranked.living.push(entry.clone());
        }
        let slot = if dead { &mut ranked.best_dead } else { &mut ranked.best };
        if slot.as_ref().is_none_or(|b| entry.value > b.value + 1e-12) {
            *slot = Some(entry);
        }
    }
    Ok(ranked)
}

/// The chance to survive opening `entry`'s cell and the next two guesses, roughly: for each
/// number `v` it may show, `P(v)` times 1 when a cell is then certainly safe, else the best
/// guess value of the opened view (capped at 1), all times `entry`'s 50/50 factor
/// ([`GuessOptions::look_ahead`]).
fn third_click(
    view: &PlayerView,
    ln_layouts: f64,
    entry: &Entry,
    options: &GuessOptions,
    cache: &mut ComponentCache,
) -> Result<f64, ProbabilityError> {
    let shallow = GuessOptions {
        look_ahead: false,
        ..*options
    };
    let mut total = 0.0;
    each_number(
        view,
        ln_layouts,
        entry.guess.cell,
        cache,
        |opened, analysis, p_v, cache| {
            let map = &analysis.map;
            let w = if map.covered().all(|(_, p)| p >= 1.0) || map.certain_safe().next().is_some() {
                1.0
            } else {
                let ranked = rank(opened, map, analysis.ln_layouts, &shallow, cache, 0.0, None)?;
                ranked.best.or(ranked.best_dead).map_or(1.0, |e| e.value.min(1.0))
            };
            total += p_v * w;
            Ok(true)
        },
    )?;
    Ok(total * entry.factor)
}

/// Living candidates whose values are within this fraction of the best are tied
/// ([`GuessOptions::clears_tie_break`]).
const TIE: f64 = 1e-10;

/// The best living candidate of `ranked`, a tie (within [`TIE`]) broken by the most
/// [`expected_living_clears`]; equal clears keep the candidate scored first.
fn most_clears<'a>(
    view: &PlayerView,
    ln_layouts: f64,
    ranked: &'a Ranked,
    cache: &mut ComponentCache,
) -> Result<Option<&'a Entry>, ProbabilityError> {
    let Some(best) = &ranked.best else {
        return Ok(None);
    };
    let floor = best.value * (1.0 - TIE);
    let mut tied = ranked
        .living
        .iter()
        .filter(|e| e.value >= floor && e.guess.cell != best.guess.cell)
        .peekable();
    if tied.peek().is_none() {
        return Ok(Some(best));
    }
    let mut top = (expected_living_clears(view, ln_layouts, best.guess.cell, cache)?, best);
    for entry in tied {
        let clears = expected_living_clears(view, ln_layouts, entry.guess.cell, cache)?;
        if clears > top.0 + 1e-9 {
            top = (clears, entry);
        }
    }
    Ok(Some(top.1))
}

/// `Σ_v P(v) · (living certainly safe cells after v)`: the number of cells that opening `cell`
/// of `view` (with `e^{ln_layouts}` layouts) makes certainly safe and not
/// [`is_cheaply_dead`], expected over the numbers it may show (0 when it is a mine). D. N.
/// Hill's Java solver breaks ties between guesses by it.
///
/// # Errors
/// As [`score`].
pub fn expected_living_clears(
    view: &PlayerView,
    ln_layouts: f64,
    cell: CellId,
    cache: &mut ComponentCache,
) -> Result<f64, ProbabilityError> {
    let mut clears = 0.0;
    each_number(view, ln_layouts, cell, cache, |opened, analysis, p_v, _| {
        let map = &analysis.map;
        clears += p_v
            * map
                .certain_safe()
                .filter(|&id| !is_cheaply_dead(opened, map, id))
                .count() as f64;
        Ok(true)
    })?;
    Ok(clears)
}

/// The best of `cells` to open in `view` (exact `map`, `e^{ln_layouts}` layouts) by the
/// guess's value (secondary safety, progress, long-term risk; a living cell before a dead
/// one), without the look-ahead: D. N. Hill breaks the tie between the cells of a 50/50 this
/// way. `None` when none of `cells` is covered and uncertain.
///
/// # Errors
/// As [`score`].
pub fn choose_among(
    view: &PlayerView,
    map: &ProbabilityMap,
    ln_layouts: f64,
    options: &GuessOptions,
    cache: &mut ComponentCache,
    cells: &[CellId],
) -> Result<Option<CellId>, ProbabilityError> {
    let ranked = rank(view, map, ln_layouts, options, cache, 0.0, Some(cells))?;
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
) -> Result<Option<CellId>, ProbabilityError> {
    if !options.secondary_safety {
        return Ok(safest_cell(view, map));
    }
    let margin = if options.look_ahead {
        options.look_ahead_margin
    } else if options.clears_tie_break {
        // Keeps the tied candidates in `ranked.living`; none but the best can win.
        TIE
    } else {
        0.0
    };
    let ranked = rank(view, map, ln_layouts, options, cache, margin, None)?;
    let best = if options.clears_tie_break {
        most_clears(view, ln_layouts, &ranked, cache)?
    } else {
        ranked.best.as_ref()
    };
    let mut chosen = best.cloned().or(ranked.best_dead);
    if options.look_ahead
        && let Some(best) = &ranked.best
    {
        let floor = best.value * (1.0 - margin);
        let mut near: Vec<&Entry> = ranked.living.iter().filter(|e| e.value >= floor).collect();
        // Highest value first; the sort is stable, so ties keep the scoring order.
        near.sort_by(|a, b| b.value.total_cmp(&a.value));
        near.truncate(options.look_ahead_top);
        if near.len() >= 2 {
            let mut top: Option<(f64, &Entry)> = None;
            for entry in near {
                let deep = third_click(view, ln_layouts, entry, options, cache)?;
                if top.is_none_or(|(d, _)| deep > d + 1e-12) {
                    top = Some((deep, entry));
                }
            }
            chosen = top.map(|(_, e)| e.clone()).or(chosen);
        }
    }
    if options.hill_dominating
        && let Some(entry) = &chosen
        && let Some(next) = entry.safest_next
        && ranked.scored.contains(&next)
        && map.at(next).is_some_and(|p| p < entry.guess.p_mine)
    {
        return Ok(Some(next));
    }
    Ok(chosen
        .map(|e| dominating(map, &e.guess, &e.implied).unwrap_or(e.guess.cell))
        .or_else(|| safest_cell(view, map)))
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
    fn interior_ties_are_broken_by_the_order_asked_for() {
        // `....1..`: the revealed 1 is at cell 4; cells 1 and 2 are three and two steps away.
        let (view, _) = analysed("7x1 1\n....1..\n");
        let order = |o: InteriorOrder| {
            let mut entries = vec![(2, CellId(2), 0.1), (2, CellId(1), 0.1), (1, CellId(0), 0.1)];
            sort_interior(&view, &mut entries, o);
            entries.iter().map(|e| e.1.0).collect::<Vec<_>>()
        };
        // Fewest covered neighbours first whatever the order (cell 0 has one).
        assert_eq!(order(InteriorOrder::RowMajor), vec![0, 1, 2]);
        assert_eq!(order(InteriorOrder::Near), vec![0, 2, 1]);
        assert_eq!(order(InteriorOrder::Far), vec![0, 1, 2]);
    }

    #[test]
    fn distances_from_revealed_cells_are_king_moves() {
        let (view, _) = analysed("5x2 1\n0....\n.....\n");
        let d = distances_from_revealed(&view);
        assert_eq!(d, vec![0, 1, 2, 3, 4, 1, 1, 2, 3, 4]);
        let (view, _) = analysed("2x1 1\n..\n");
        assert_eq!(distances_from_revealed(&view), vec![usize::MAX; 2]);
    }

    #[test]
    fn the_opening_chance_is_zero_next_to_a_certain_mine() {
        // `1...` with one mine: the 1 has a single covered neighbour, cell 1, so it is the
        // mine; cell 2 touches it (no chance to open), cell 3 touches only cell 2 (safe).
        let (view, a) = analysed("4x1 1\n1...\n");
        assert!(a.map.at(CellId(1)).is_some_and(|p| (p - 1.0).abs() < 1e-12));
        assert!(opening_chance(&view, &a.map, CellId(2)).abs() < 1e-12);
        assert!((opening_chance(&view, &a.map, CellId(3)) - 1.0).abs() < 1e-12);
        // A fresh 3x3 board with 2 mines: the corner's three neighbours each hold a mine
        // with chance 2/9, so the product is (7/9)^3.
        let (view, a) = analysed("3x3 2\n...\n...\n...\n");
        assert!((opening_chance(&view, &a.map, CellId(0)) - (7.0f64 / 9.0).powi(3)).abs() < 1e-12);
    }

    #[test]
    fn dead_cells_are_the_ones_that_can_show_a_single_number() {
        let (view, a) = analysed(STRIP);
        let mut cache = ComponentCache::new();
        let options = GuessOptions::default();
        let values: Vec<u8> = [0, 2, 3, 4]
            .iter()
            .map(|&c| {
                let p = a.map.at(CellId(c)).unwrap();
                score(&view, a.ln_layouts, CellId(c), p, &options, &mut cache)
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
            living_next: true,
            ..GuessOptions::default()
        };
        let mut cache = ComponentCache::new();
        let guess = choose_guess(&view, &a.map, a.ln_layouts, &options, &mut cache)
            .unwrap()
            .unwrap();
        assert!(guess == CellId(2) || guess == CellId(3), "{guess:?}");
        // When every candidate is dead, one of them is still guessed.
        let (view, a) = analysed("3x1 1\n.1.\n");
        let guess = choose_guess(&view, &a.map, a.ln_layouts, &options, &mut cache)
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
            let chosen = choose_among(&view, &a.map, a.ln_layouts, &options, &mut cache, &cells).unwrap();
            assert_eq!(chosen, Some(CellId(2)));
        }
        let chosen = choose_among(&view, &a.map, a.ln_layouts, &options, &mut cache, &[CellId(1)]).unwrap();
        assert_eq!(chosen, None);
        // Every cell dead: one of them all the same.
        let (view, a) = analysed("3x1 1\n.1.\n");
        let chosen = choose_among(
            &view,
            &a.map,
            a.ln_layouts,
            &options,
            &mut cache,
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
        let guess = choose_guess(&view, &a.map, a.ln_layouts, &options, &mut cache).unwrap();
        assert_eq!(guess, Some(at(29, 1)));
        options.hill_dominating = true;
        let guess = choose_guess(&view, &a.map, a.ln_layouts, &options, &mut cache).unwrap();
        assert_eq!(guess, Some(at(11, 12)));
        // The reason: (11,12) is safer now and the strictly safest living cell after each number.
        assert!(a.map.at(at(11, 12)).unwrap() < a.map.at(at(29, 1)).unwrap());
        let mut numbers = 0;
        each_number(&view, a.ln_layouts, at(29, 1), &mut cache, |opened, analysis, _, _| {
            numbers += 1;
            assert_eq!(single_safest_living(opened, &analysis.map), Some(at(11, 12)));
            Ok(true)
        })
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
            choose_guess(&view, &a.map, a.ln_layouts, &options, &mut cache).unwrap(),
            Some(dead)
        );
        options.living_cut_off = true;
        assert!(cut_off_safety(&view, &a.map, &options) < best);
        assert_eq!(
            choose_guess(&view, &a.map, a.ln_layouts, &options, &mut cache).unwrap(),
            Some(living)
        );
    }

    /// Pruning (abandoning a candidate once it cannot beat the best) never changes the best
    /// candidate or its value, also with risk hotspots on the board (the bound then scales
    /// the numbers still to come by `1 / h(now)`): checked against ranking without pruning
    /// (which [`GuessOptions::dominated`] turns off) on expert positions.
    #[test]
    fn pruning_never_changes_the_best_candidate() {
        use crate::settings::{FirstClick, GameSettings};
        use crate::suite::played_positions;
        let dims = crate::geometry::Dims::new(crate::geometry::Width(30), crate::geometry::Height(16)).unwrap();
        let settings = GameSettings::new(dims, 99, FirstClick::Safe).unwrap();
        // Hotspots on (they are off by default since mines11): the bound's scale is tested too.
        let options = GuessOptions {
            hotspots: true,
            ..crate::player::exact::PlayerOptions::new(FirstClick::Safe).guess
        };
        let unpruned = GuessOptions {
            dominated: true,
            ..options
        };
        let (mut checked, mut with_hotspots) = (0, 0);
        for view in played_positions(settings, 0..60, 0.1..=0.9, 4) {
            let a = exact_analysis(&view, &Budget::unlimited()).unwrap();
            let mut cache = ComponentCache::new();
            let fast = rank(&view, &a.map, a.ln_layouts, &options, &mut cache, 0.0, None).unwrap();
            let slow = rank(&view, &a.map, a.ln_layouts, &unpruned, &mut cache, 0.0, None).unwrap();
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
            with_hotspots += usize::from(!long_term_risk::hotspots(&view, &a.map).is_empty());
        }
        assert!(
            checked > 50 && with_hotspots > 5,
            "{checked} positions, {with_hotspots} with hotspots"
        );
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
        let (best, _) = next_click_safeties(&view, &a.map, true);
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
    fn the_living_next_safety_ignores_dead_cells_but_counts_certain_safes() {
        let (view, a) = analysed("7x1 3\n.1.1...\n");
        assert!((a.map.at(CellId(2)).unwrap() - 1.0 / 3.0).abs() < 1e-12);
        assert!(is_cheaply_dead(&view, &a.map, CellId(2)));
        assert!(is_cheaply_dead(&view, &a.map, CellId(0)));
        assert!(!is_cheaply_dead(&view, &a.map, CellId(4)));
        let (best, second) = next_click_safeties(&view, &a.map, false);
        assert!((best - 2.0 / 3.0).abs() < 1e-12 && (second - 1.0 / 3.0).abs() < 1e-12);
        let (best, second) = next_click_safeties(&view, &a.map, true);
        assert!((best - 1.0 / 3.0).abs() < 1e-12 && (second - 1.0 / 3.0).abs() < 1e-12);
        // `.1.` is a 50/50 of two dead cells and nothing else: with no living cell left,
        // all cells are valued.
        let (view, a) = analysed("3x1 1\n.1.\n");
        let (best, _) = next_click_safeties(&view, &a.map, true);
        assert!((best - 0.5).abs() < 1e-12);
        // `0..` on 3x1 with 1 mine: cell 1 is certainly safe and dead (its only covered
        // neighbour, cell 2, is the certain mine), yet it counts as 1.
        let (view, a) = analysed("3x1 1\n0..\n");
        assert!(is_cheaply_dead(&view, &a.map, CellId(1)));
        let (best, _) = next_click_safeties(&view, &a.map, true);
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
    fn the_interior_cut_off_is_relative_to_the_best_frontier_safety() {
        // STRIP: frontier cells 0 and 2 and interior cells 3 and 4, all with safety 1/2.
        let (view, a) = analysed(STRIP);
        let cells = |cut: f64| -> Vec<u32> {
            let options = GuessOptions {
                interior_cut_off: cut,
                ..GuessOptions::default()
            };
            let mut c: Vec<u32> = candidates(&view, &a.map, &options, cut_off_safety(&view, &a.map, &options))
                .iter()
                .map(|x| x.0.0)
                .collect();
            c.sort_unstable();
            c
        };
        assert_eq!(cells(0.0), vec![0, 2, 3, 4]);
        assert_eq!(cells(0.95), vec![0, 2, 3, 4]);
        assert_eq!(cells(1.01), vec![0, 2]);
        // 6x1 with 4 mines, `.1....`: one mine in {0, 2}, three in the four cells 2..5
        // minus the 1's: frontier safety 1/2 against interior safety 1/4 (3 of {3,4,5} ... )
        let (view, a) = analysed("6x1 3\n.1....\n");
        let front = 1.0 - a.map.at(CellId(0)).unwrap();
        let inner = 1.0 - a.map.at(CellId(4)).unwrap();
        let ratio = inner / front;
        let options = |cut: f64| GuessOptions {
            interior_cut_off: cut,
            cut_off: 0.0,
            ..GuessOptions::default()
        };
        let has_interior = |cut: f64| {
            let options = options(cut);
            candidates(&view, &a.map, &options, cut_off_safety(&view, &a.map, &options))
                .iter()
                .any(|x| !view.next_to_number(x.0))
        };
        assert!(has_interior(ratio - 1e-9));
        assert!(!has_interior(ratio + 1e-9));
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

    /// Without 50/50 influence and progress, the third-click value of a candidate (survive it
    /// and the next two guesses) never exceeds its secondary safety (survive it and the
    /// next): checked for every candidate of positions from expert-density games.
    #[test]
    fn the_third_click_never_values_a_guess_above_its_secondary_safety() {
        use crate::geometry::{Dims, Height, Width};
        use crate::settings::{FirstClick, GameSettings};
        use crate::suite::played_positions;
        let settings = GameSettings::new(Dims::new(Width(12), Height(10)).unwrap(), 25, FirstClick::Safe).unwrap();
        let options = GuessOptions {
            influence_weight: 0.0,
            progress_weight: 0.0,
            ..GuessOptions::default()
        };
        let mut checked = 0;
        let mut cache = ComponentCache::new();
        for view in played_positions(settings, 0..6, 0.0..=1.0, usize::MAX) {
            let a = exact_analysis(&view, &Budget::unlimited()).unwrap();
            if a.map.certain_safe().next().is_some() {
                continue;
            }
            let ranked = rank(&view, &a.map, a.ln_layouts, &options, &mut cache, 1.0, None).unwrap();
            for entry in &ranked.living {
                let deep = third_click(&view, a.ln_layouts, entry, &options, &mut cache).unwrap();
                assert!(
                    deep <= entry.guess.secondary_safety + 1e-9,
                    "{deep} > {entry:?}\n{view}"
                );
                assert!(deep > 0.0 || entry.guess.p_mine >= 1.0);
                checked += 1;
            }
        }
        assert!(checked > 30, "only {checked} candidates checked");
    }

    /// `.1..` on 4x1 with one mine: the mine is at 0 or 2 and cell 3 is certainly safe. If
    /// cell 0 is safe (chance 1/2) it shows 0 and cell 1's other neighbour 2 is the mine:
    /// one certainly safe cell (3) after it, so its opening term is `1/2 · ln 2`.
    #[test]
    fn the_opening_term_counts_the_certainly_safe_cells_after_each_number() {
        let (view, a) = analysed("4x1 1\n.1..\n");
        let mut cache = ComponentCache::new();
        let options = GuessOptions {
            opening_weight: 1.0,
            ..GuessOptions::default()
        };
        let s = score(&view, a.ln_layouts, CellId(0), 0.5, &options, &mut cache).unwrap();
        assert!((s.opening - 0.5 * 2f64.ln()).abs() < 1e-12, "{s:?}");
        // Off by default: not computed.
        let s = score(
            &view,
            a.ln_layouts,
            CellId(0),
            0.5,
            &GuessOptions::default(),
            &mut cache,
        )
        .unwrap();
        assert!(s.opening.abs() < f64::MIN_POSITIVE, "{s:?}");
    }

    /// A beginner position (seed 0 onwards of the safe rule) where two living candidates,
    /// (7,1) and (7,3), have the same value (up to rounding): the first scored wins without
    /// the clears tie-break; with it, the one that leaves more living certain clears.
    #[test]
    fn the_clears_tie_break_takes_the_tied_candidate_with_more_clears() {
        let text = "9x9 10
01.11....
12.11....
..21111..
.........
.........
.........
.........
.........
.........
";
        let (view, a) = analysed(text);
        let (first, more) = (cell_at(&view, 7, 1), cell_at(&view, 7, 3));
        let mut options = crate::player::exact::PlayerOptions::new(crate::settings::FirstClick::Safe).guess;
        let mut cache = ComponentCache::new();
        let ranked = rank(&view, &a.map, a.ln_layouts, &options, &mut cache, TIE, None).unwrap();
        let value = |c: CellId| {
            ranked
                .living
                .iter()
                .find(|e| e.guess.cell == c)
                .map(|e| e.value)
                .unwrap()
        };
        assert!((value(first) - value(more)).abs() <= value(first) * TIE);
        assert_eq!(ranked.best.as_ref().map(|e| e.guess.cell), Some(first));
        let clears =
            |c: CellId, cache: &mut ComponentCache| expected_living_clears(&view, a.ln_layouts, c, cache).unwrap();
        assert!(clears(more, &mut cache) > clears(first, &mut cache) + 0.1);
        options.clears_tie_break = false;
        assert_eq!(
            choose_guess(&view, &a.map, a.ln_layouts, &options, &mut cache).unwrap(),
            Some(first)
        );
        options.clears_tie_break = true;
        assert_eq!(
            choose_guess(&view, &a.map, a.ln_layouts, &options, &mut cache).unwrap(),
            Some(more)
        );
    }

    /// `expected_living_clears` by hand, on a 3x1 and a 4x1 strip with one mine.
    #[test]
    fn expected_living_clears_counts_living_safe_cells_per_number() {
        // ".1." with 1 mine: it is (0,0) or (2,0), each half the layouts. Opening (0,0) is
        // death half the time; otherwise it shows 0 and nothing is left to clear but (2,0),
        // which is then a certain mine: no living certain clears.
        let (view, a) = analysed("3x1 1\n.1.\n");
        let mut cache = ComponentCache::new();
        let clears = expected_living_clears(&view, a.ln_layouts, CellId(0), &mut cache).unwrap();
        assert!(clears.abs() < 1e-12, "{clears}");
        // "...." (4x1) with one mine, not knowing anything: opening cell 0 shows 0 (mine in 2 or
        // 3, P = 1/2): cell 1 is certainly safe; it can show 0 or 1, living: 1 clear. It shows
        // 1 (mine in 1, P = 1/4): cells 2 and 3 certainly safe, both dead (no uncertain cell
        // is left): 0 clears. So 1/2.
        let (view, a) = analysed("4x1 1\n....\n");
        let clears = expected_living_clears(&view, a.ln_layouts, CellId(0), &mut cache).unwrap();
        assert!((clears - 0.5).abs() < 1e-12, "{clears}");
    }
}
