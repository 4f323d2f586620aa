//! [`ExactPlayer`]: the strongest player here. In order:
//! 1. the first click at the best cell for the rule ([`first_click_in`]);
//! 2. every certainly safe cell (all of them are queued from one exact map);
//! 3. when at most [`PlayerOptions::endgame_layouts`] layouts remain, the exhaustive endgame
//!    search's move ([`endgame`](crate::policy::endgame)); above that and up to
//!    [`PlayerOptions::restricted_layouts`], the move of the same search restricted to the
//!    safest guesses below its root (each within the node limit; beyond it, the steps below);
//! 4. optionally, the exact move in an isolated region
//!    ([`isolated`](crate::policy::isolated));
//! 5. a forced 50/50, at once ([`fifty_fifty`](crate::policy::fifty_fifty)); optionally a
//!    pseudo-50/50 ([`long_term_risk`]);
//! 6. otherwise the guess by secondary safety ([`guess`](crate::policy::guess)).
//!
//! Each part can be switched off in [`PlayerOptions`] to measure what it gains.
//! [`ExactPlayer::decide`] gives the move with the step that chose it ([`Decision`]).

use search_core::Budget;

use crate::error::ProbabilityError;
use crate::geometry::CellId;
use crate::player::decision::{Decision, Reason, teacher_fallback};
use crate::player::{Player, SafestCellPlayer};
use crate::policy::endgame::EndgameSearch;
use crate::policy::fifty_fifty::{chain_patterns, forced_pair, forced_pair_with_mines};
use crate::policy::first_click::{check_unrevealed, first_click_in, first_click_safety};
use crate::policy::guess::{GuessOptions, choose_among, choose_guess};
use crate::policy::isolated::isolated_region_move;
use crate::policy::long_term_risk;
use crate::probability::exact::layouts::LayoutMemory;
use crate::probability::exact::{ComponentCache, ExactAnalysis, exact_analysis_cached};
use crate::probability::map::ProbabilityMap;
use crate::settings::FirstClick;
use crate::view::{CellView, PlayerView};

/// What the exact player does; every part can be switched off.
///
/// New parts of the policy arrive as new fields, so the struct is `#[non_exhaustive]`: start
/// from [`PlayerOptions::new`] (or [`PlayerOptions::fast`]) and set fields.
// Each bool is an independent part of the policy, switched for paired measurements.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
#[non_exhaustive]
pub struct PlayerOptions {
    /// The game's first-click rule (picks the first cell).
    pub first_click: FirstClick,
    /// Use the rule's best first cell; when off, the top-left corner.
    pub first_click_policy: bool,
    /// Run the exhaustive endgame search when at most this many layouts remain (0: never).
    pub endgame_layouts: usize,
    /// The endgame search gives up (and the heuristic guess is used) after this many
    /// distinct layout sets.
    pub endgame_nodes: u64,
    /// Above [`endgame_layouts`](Self::endgame_layouts) and up to this many layouts, run the
    /// endgame search restricted to the [`restricted_candidates`](Self::restricted_candidates)
    /// safest guesses in every set below the root ([`EndgameSearch::with_candidate_limit`]),
    /// within the same node limit (0: never).
    pub restricted_layouts: usize,
    /// How many guesses the restricted endgame search tries in a set below the root.
    pub restricted_candidates: usize,
    /// Play an isolated region (one no other click can inform) first, by the exact search
    /// over its own layouts ([`isolated_region_move`]).
    pub isolated_regions: bool,
    /// Take forced 50/50s at once.
    pub forced_fifty_fifty: bool,
    /// Look for forced 50/50s with the certain mines taken as flags (finds the 50/50s that
    /// only never-opened mines could resolve); when off, only the structural test on the view.
    pub fifty_fifty_certain_mines: bool,
    /// Take a pseudo-50/50 (a cell that is either safe or half of a 50/50 that can never be
    /// broken, [`long_term_risk::pseudo_fifty_fifty`]) at once, before the guess.
    pub pseudo_fifty_fifty: bool,
    /// Take a chain 50/50 at once (D. N. Hill's chains of links:
    /// [`chain_fifty_fifty`](crate::policy::fifty_fifty::chain_fifty_fifty)), after the
    /// forced 50/50 test finds none.
    pub chain_fifty_fifty: bool,
    /// Open the best cell of a forced or chain 50/50 by the guess's value
    /// ([`choose_among`]: D. N. Hill's tie-break) instead of the first in row-major order.
    pub fifty_fifty_tie_break: bool,
    /// How guesses are chosen.
    pub guess: GuessOptions,
}

impl Default for PlayerOptions {
    /// [`PlayerOptions::new`] for [`FirstClick::Safe`], the rule of the published records.
    fn default() -> Self {
        Self::new(FirstClick::Safe)
    }
}

/// An option of [`PlayerOptions`] outside the range its part of the policy accepts.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{field} = {value}: expected {expected}")]
#[non_exhaustive]
pub struct OptionsError {
    /// The option, as its path in the serialized options (`guess.cut_off`).
    pub field: &'static str,
    /// The value given.
    pub value: f64,
    /// The range it must be in, as text (`a number in (0, 1]`).
    pub expected: &'static str,
}

impl PlayerOptions {
    /// Checks every number against the range its part of the policy accepts; the error names
    /// the first that is out of range. Options that come from a file or the command line go
    /// through here before a player is built on them.
    ///
    /// ```
    /// use automine_core::player::exact::PlayerOptions;
    /// let mut options = PlayerOptions::default();
    /// assert!(options.check().is_ok());
    /// options.guess.cut_off = 1.5;
    /// let error = options.check().unwrap_err();
    /// assert_eq!(error.field, "guess.cut_off");
    /// assert_eq!(error.to_string(), "guess.cut_off = 1.5: expected a number in (0, 1]");
    /// ```
    ///
    /// # Errors
    /// [`OptionsError`] for the first number out of its range.
    pub fn check(&self) -> Result<(), OptionsError> {
        let g = &self.guess;
        let rules: [(&'static str, f64, &'static str, bool); 4] = [
            (
                "guess.cut_off",
                g.cut_off,
                "a number in (0, 1]",
                g.cut_off > 0.0 && g.cut_off <= 1.0,
            ),
            (
                "guess.progress_weight",
                g.progress_weight,
                "a finite number >= 0",
                g.progress_weight.is_finite() && g.progress_weight >= 0.0,
            ),
            (
                "guess.influence_weight",
                g.influence_weight,
                "a finite number >= 0",
                g.influence_weight.is_finite() && g.influence_weight >= 0.0,
            ),
            (
                "guess.blend_ratio",
                g.blend_ratio,
                "a finite number > 0",
                g.blend_ratio.is_finite() && g.blend_ratio > 0.0,
            ),
        ];
        match rules.into_iter().find(|rule| !rule.3) {
            Some((field, value, expected, _)) => Err(OptionsError { field, value, expected }),
            None => Ok(()),
        }
    }

    /// The strongest player measured here (docs/BENCHMARKS.md), for `rule`:
    /// [`PlayerOptions::fast`] with D. N. Hill's further parts. The endgame search runs at up
    /// to 4,096 layouts with 300,000 sets (his bulk runs' node limit), and restricted to the
    /// 3 safest guesses below its root up to 32,768 layouts; isolated regions come first;
    /// chain 50/50s are taken, a 50/50's cell chosen by the guess's value; the guess takes his
    /// off-edge candidates and up to 100 frontier ones, leaves small enclosed areas for last,
    /// weighs his JavaScript solver's long-term risk, values the next click among living
    /// cells, puts the cut-off relative to the safest living cell and opens his dominating
    /// tile.
    pub fn new(rule: FirstClick) -> Self {
        let mut options = Self::fast(rule);
        options.endgame_layouts = 4096;
        options.endgame_nodes = 300_000;
        options.restricted_layouts = 32_768;
        options.isolated_regions = true;
        options.guess.hill_off_edge = true;
        options.guess.hill_enablers = true;
        options.guess.living_safe = true;
        options.chain_fifty_fifty = true;
        options.guess.defer_small_areas = true;
        options.guess.living_cut_off = true;
        options.guess.hill_dominating = true;
        options.guess.max_frontier = 100;
        options.fifty_fifty_tie_break = true;
        options
    }

    /// The same steps without D. N. Hill's further parts: the endgame search at up to 256
    /// layouts with 20,000 sets and never restricted, no isolated regions, no chain 50/50s,
    /// a 50/50's first cell in row-major order, and the guess of [`GuessOptions::default`].
    /// About twice as fast as [`PlayerOptions::new`] on expert, and some 0.2 points weaker
    /// there (docs/BENCHMARKS.md).
    pub fn fast(rule: FirstClick) -> Self {
        Self {
            first_click: rule,
            first_click_policy: true,
            endgame_layouts: 256,
            endgame_nodes: 20_000,
            restricted_layouts: 0,
            restricted_candidates: 3,
            isolated_regions: false,
            forced_fifty_fifty: true,
            fifty_fifty_certain_mines: true,
            pseudo_fifty_fifty: true,
            chain_fifty_fifty: false,
            fifty_fifty_tie_break: false,
            guess: GuessOptions::default(),
        }
    }
}

/// Plays with exact probabilities, the endgame search, forced 50/50s first and secondary
/// safety (see the module docs).
///
/// ```
/// use automine_core::player::exact::{ExactPlayer, PlayerOptions};
/// use automine_core::{FirstClick, Game, GameStatus, Preset, play_out};
/// let rule = FirstClick::Opening;
/// let mut game = Game::new(Preset::Beginner.settings(rule), 3);
/// play_out(&mut game, &mut ExactPlayer::new(PlayerOptions::new(rule)), 1000)?;
/// assert_ne!(game.status(), GameStatus::Playing);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct ExactPlayer {
    options: PlayerOptions,
    /// Certainly safe cells not opened yet (they stay safe as the game goes on).
    safe: Vec<CellId>,
    /// Component enumerations remembered from this game's earlier maps and look-aheads.
    cache: ComponentCache,
    /// The last layout set within the endgame search's reach, narrowed on the next move.
    layouts: LayoutMemory,
}

impl ExactPlayer {
    /// A player for one game.
    pub fn new(options: PlayerOptions) -> Self {
        Self {
            options,
            safe: Vec::new(),
            cache: ComponentCache::new(),
            layouts: LayoutMemory::new(),
        }
    }

    /// The options.
    pub const fn options(&self) -> &PlayerOptions {
        &self.options
    }

    /// The move for `view`, with the part of the policy that chose it (see the module docs)
    /// and its probability of being safe: the one decision a caller needs, whatever the
    /// options. [`Player::choose`] is `decide` with [`Budget::unlimited`], mapped to the
    /// position.
    ///
    /// `budget` bounds every search of the decision: the exact analysis, the endgame's layout
    /// enumeration (also at most 1,000,000 nodes) and its search (also at most
    /// [`PlayerOptions::endgame_nodes`] sets), the isolated-region search, and each look-ahead
    /// map of the 50/50 tie-break, the pseudo-50/50 test and the guess. Each search gets the
    /// budget's deadline and cancellation and at most its node limit. When the exact analysis
    /// runs out, the move is the safest cell of the teacher's map
    /// ([`teacher_probabilities`](crate::teacher_probabilities)); when a later look-ahead runs
    /// out, the safest cell of the exact map; either way with [`Reason::BestGuess`] and
    /// [`stopped`](Decision::stopped) set. An endgame search that reaches its own node limit is
    /// part of the policy (the next step plays), not a stop.
    ///
    /// # Errors
    /// The exact map's errors for an impossible position, the teacher's when the fallback
    /// map cannot be made, and [`ProbabilityError::NothingToOpen`] when every covered cell is
    /// a certain mine.
    ///
    /// ```
    /// use automine_core::player::exact::{ExactPlayer, PlayerOptions};
    /// use automine_core::search_core::Budget;
    /// use automine_core::{FirstClick, Game, Preset, Reason};
    /// let rule = FirstClick::Opening;
    /// let game = Game::new(Preset::Beginner.settings(rule), 3);
    /// let mut player = ExactPlayer::new(PlayerOptions::new(rule));
    /// let decision = player.decide(game.view(), &Budget::unlimited())?;
    /// assert_eq!(decision.reason, Reason::FirstClick);
    /// assert_eq!(decision.p_safe, 1.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decide(&mut self, view: &PlayerView, budget: &Budget) -> Result<Decision, ProbabilityError> {
        let dims = view.dims();
        let decision = |id: CellId, reason: Reason, p_safe: f64| Decision {
            pos: dims.pos(id),
            reason,
            p_safe,
            stopped: false,
        };
        if view.revealed_count() == 0 {
            check_unrevealed(view)?;
            let rule = if self.options.first_click_policy {
                self.options.first_click
            } else {
                FirstClick::Safe
            };
            if let Some(id) = first_click_in(view, rule).and_then(|pos| dims.id(pos)) {
                return Ok(decision(
                    id,
                    Reason::FirstClick,
                    first_click_safety(view, self.options.first_click),
                ));
            }
        }
        while let Some(id) = self.safe.pop() {
            if view.at(id) == CellView::Covered {
                return Ok(decision(id, Reason::CertainlySafe, 1.0));
            }
        }
        let analysis = match exact_analysis_cached(view, budget, &mut self.cache) {
            Ok(analysis) => analysis,
            Err(ProbabilityError::Stopped(_)) => return teacher_fallback(view),
            Err(e) => return Err(e),
        };
        let map = &analysis.map;
        let from_map = |id: CellId, reason: Reason| decision(id, reason, safety(map, id));
        // Pop from the end: reverse so that cells are opened in row-major order.
        self.safe = analysis.map.certain_safe().collect();
        self.safe.reverse();
        if let Some(id) = self.safe.pop() {
            return Ok(decision(id, Reason::CertainlySafe, 1.0));
        }
        // Every covered cell a certain mine: the game is over, no guess is left to make.
        if !dims.ids().any(|id| analysis.map.at(id).is_some_and(|p| p < 1.0)) {
            return Err(ProbabilityError::NothingToOpen);
        }
        let reach = self.options.endgame_layouts.max(self.options.restricted_layouts);
        if self.options.endgame_layouts > 0
            && analysis.ln_layouts <= (reach as f64).ln() + 1e-9
            && let Some(set) = self.layouts.layouts(view, reach, &within(budget, LAYOUT_NODES))
        {
            let search = EndgameSearch::with_budget(view, set, &within(budget, self.options.endgame_nodes));
            let mut search = if set.mines.len() <= self.options.endgame_layouts {
                search
            } else {
                search.with_candidate_limit(self.options.restricted_candidates)
            };
            if let Some(best) = search.best_move() {
                let reason = Reason::Endgame {
                    win_probability: best.win_probability,
                };
                return Ok(from_map(best.cell, reason));
            }
        }
        if self.options.isolated_regions
            && let Some(step) = isolated_region_move(view, &analysis.map, &within(budget, self.options.endgame_nodes))
        {
            return Ok(from_map(step.cell, Reason::IsolatedRegion));
        }
        // The steps below spend the caller's budget on look-ahead maps; when it runs out the
        // move is the exact map's safest cell, marked stopped.
        match self.guess_steps(view, &analysis, budget) {
            Err(ProbabilityError::Stopped(_)) => SafestCellPlayer::choose_from_map(view, map)
                .and_then(|pos| dims.id(pos))
                .map(|id| decision(id, Reason::BestGuess, safety(map, id)).as_stopped())
                .ok_or(ProbabilityError::NothingToOpen),
            other => other,
        }
    }

    /// The steps of [`ExactPlayer::decide`] after the endgame and isolated regions: a forced or
    /// chain 50/50, a pseudo-50/50, else the guess by secondary safety.
    fn guess_steps(
        &mut self,
        view: &PlayerView,
        analysis: &ExactAnalysis,
        budget: &Budget,
    ) -> Result<Decision, ProbabilityError> {
        let dims = view.dims();
        let map = &analysis.map;
        let from_map = |id: CellId, reason: Reason| Decision::new(dims.pos(id), reason, safety(map, id));
        if let Some((id, reason)) = self.fifty_fifty_move(view, analysis, budget)? {
            return Ok(from_map(id, reason));
        }
        if self.options.pseudo_fifty_fifty
            && let Some(id) =
                long_term_risk::pseudo_fifty_fifty(view, map, analysis.ln_layouts, &mut self.cache, budget)?
        {
            return Ok(from_map(id, Reason::PseudoFiftyFifty));
        }
        choose_guess(
            view,
            map,
            analysis.ln_layouts,
            &self.options.guess,
            &mut self.cache,
            budget,
        )?
        .map(|id| from_map(id, Reason::BestGuess))
        .ok_or(ProbabilityError::NothingToOpen)
    }

    /// A forced 50/50's cell, else (when on) a chain 50/50's, with its reason; `None` when
    /// the step is off or finds none.
    fn fifty_fifty_move(
        &mut self,
        view: &PlayerView,
        analysis: &ExactAnalysis,
        budget: &Budget,
    ) -> Result<Option<(CellId, Reason)>, ProbabilityError> {
        if !self.options.forced_fifty_fifty {
            return Ok(None);
        }
        let forced = if self.options.fifty_fifty_certain_mines {
            forced_pair_with_mines(view, &analysis.map)
        } else {
            forced_pair(view)
        };
        let (cells, reason) = match forced {
            Some((a, b)) => (vec![a, b], Reason::FiftyFifty),
            None if self.options.chain_fifty_fifty => (
                chain_patterns(view, &analysis.map)
                    .map(|(a, b)| a.into_iter().chain(b).collect())
                    .unwrap_or_default(),
                Reason::ChainFiftyFifty,
            ),
            None => (Vec::new(), Reason::FiftyFifty),
        };
        if self.options.fifty_fifty_tie_break
            && let Some(id) = choose_among(
                view,
                &analysis.map,
                analysis.ln_layouts,
                &self.options.guess,
                &mut self.cache,
                budget,
                &cells,
            )?
        {
            return Ok(Some((id, reason)));
        }
        Ok(cells.iter().min().map(|&id| (id, reason)))
    }
}

/// The caller's budget (its deadline and cancellation) with at most `limit` nodes: what one
/// search inside a decision may spend.
fn within(budget: &Budget, limit: u64) -> Budget {
    let nodes = budget.node_limit().map_or(limit, |n| n.min(limit));
    budget.clone().with_node_limit(nodes)
}

/// The nodes of the endgame's layout enumeration.
const LAYOUT_NODES: u64 = 1_000_000;

/// P(safe) of the covered cell `id` in `map` (0 for a cell the map has no value for).
fn safety(map: &ProbabilityMap, id: CellId) -> f64 {
    map.at(id).map_or(0.0, |p| 1.0 - p)
}

impl Player for ExactPlayer {
    /// [`ExactPlayer::decide`].
    fn decide(&mut self, view: &PlayerView, budget: &Budget) -> Result<Decision, ProbabilityError> {
        Self::decide(self, view, budget)
    }
}
