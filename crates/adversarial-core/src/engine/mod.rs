//! The engine: negamax with alpha-beta plus everything that makes it fast without changing
//! its value.
//!
//! - **Iterative deepening** ([`Engine::search`]): depth 1, 2, … up to
//!   [`EngineConfig::max_depth`]; it stops early once a search proves the value to the end of
//!   the game, and when the budget runs out it returns the last completed depth.
//! - **Transposition table** ([`table`]): bounded memory, two-tier replacement,
//!   exact/lower/upper bounds; keyed by [`Game::canonical_hash`] (symmetries folded) or
//!   [`Game::hash`]. An entry is used only when it holds for the depth asked: the same depth,
//!   or a result proven with finished games only in no more plies than remain. So the table
//!   never changes a depth-limited value.
//! - **Move ordering** ([`ordering`]): the table's move, killer moves, history heuristic, then
//!   the game's order (its hint).
//! - **Principal-variation search**: the first move with the full window, the others with a
//!   null window, re-searched when they turn out better.
//! - **Budgets**: node limit, deadline and cancellation through [`search_core::Meter`].
//!
//! Values are from the side to move's point of view, as in
//! [`negamax_alpha_beta`](crate::algorithms::negamax_alpha_beta), and equal to it at every
//! depth (tested).

pub mod ordering;
#[cfg(feature = "parallel")]
pub mod parallel;
pub mod table;

use search_core::{Budget, ChoiceBuffers, Report, StopReason, Tally};

use crate::algorithms::UNLIMITED;
use crate::game::Game;
use crate::score::{Evaluator, INFINITY, Scoring, Value};
use ordering::MoveOrdering;
use table::{Bound, HORIZON, TranspositionTable};

/// Settings of an [`Engine`].
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent switches, each tested on its own"
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct EngineConfig {
    /// Memory for the transposition table in bytes (0: no table).
    pub table_bytes: usize,
    /// Key the table by the symmetry-canonical hash (else by the plain hash).
    pub symmetry: bool,
    /// Use killer moves.
    pub killers: bool,
    /// Use the history heuristic.
    pub history: bool,
    /// Use principal-variation (null-window) search.
    pub pvs: bool,
    /// The deepest iteration of [`Engine::search`] ([`UNLIMITED`]: until the game is solved).
    /// The first iteration, depth 1, always runs, so 0 searches as 1.
    pub max_depth: u32,
}

impl Default for EngineConfig {
    /// 16 MiB table with symmetries, killers, history, PVS, no depth limit.
    fn default() -> Self {
        Self {
            table_bytes: 16 << 20,
            symmetry: true,
            killers: true,
            history: true,
            pvs: true,
            max_depth: UNLIMITED,
        }
    }
}

impl EngineConfig {
    /// Plain negamax-alpha-beta: no table, no reordering, no null windows.
    pub fn plain() -> Self {
        Self {
            table_bytes: 0,
            symmetry: false,
            killers: false,
            history: false,
            pvs: false,
            max_depth: UNLIMITED,
        }
    }

    /// The same settings with iterative deepening stopping at `depth`.
    #[must_use]
    pub fn with_max_depth(mut self, depth: u32) -> Self {
        self.max_depth = depth;
        self
    }
}

/// What the engine found.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Analysis<M> {
    /// The value for the player to move.
    pub value: Value,
    /// The move to play (`None` when the game is over at the root).
    pub best_move: Option<M>,
    /// The expected line of play from the root, best move first (may stop early where the
    /// table cut the search short).
    pub principal_variation: Vec<M>,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Whether the value is exact to the end of the game (no horizon was reached).
    pub solved: bool,
}

/// A reusable search engine (its table and buffers are kept between searches).
///
/// # Example
/// ```
/// use adversarial_core::engine::{Engine, EngineConfig};
/// use adversarial_core::games::mnk::{MnkGame, OpenLines};
/// use adversarial_core::{Game, Scoring, Utility};
/// use search_core::Budget;
/// let game = MnkGame::tic_tac_toe();
/// let mut engine = Engine::new(EngineConfig::default());
/// // Solve to the end: a draw, proven, with a principal variation of 9 moves.
/// let report = engine.search(&game, &game.start(), &Scoring::exact(Utility::DISTANCE), &Budget::unlimited());
/// assert!(report.is_complete());
/// assert_eq!(report.value.value, 0);
/// assert!(report.value.solved);
/// // After X in a corner and O on an edge, X wins: the engine finds it.
/// let position = game.try_play(&game.try_play(&game.start(), 0).unwrap(), 1).unwrap();
/// let report = engine.search(&game, &position, &Scoring::exact(Utility::DISTANCE), &Budget::unlimited());
/// assert!(report.value.value > 0);
/// // Depth-limited with the lecture's evaluation.
/// let config = EngineConfig::default().with_max_depth(2);
/// let report = Engine::new(config).search(&game, &game.start(), &Scoring::new(Utility::LECTURE, OpenLines), &Budget::unlimited());
/// assert_eq!(report.value.best_move, Some(4));
/// ```
#[derive(Debug)]
pub struct Engine<M> {
    config: EngineConfig,
    table: Option<TranspositionTable<M>>,
    ordering: MoveOrdering<M>,
    buffers: ChoiceBuffers<M>,
    pv: Vec<Vec<M>>,
}

impl<M: Copy + PartialEq> Engine<M> {
    /// An engine with `config`.
    pub fn new(config: EngineConfig) -> Self {
        Self {
            config,
            table: (config.table_bytes > 0).then(|| TranspositionTable::with_bytes(config.table_bytes)),
            ordering: MoveOrdering::new(config.killers, config.history),
            buffers: ChoiceBuffers::new(),
            pv: Vec::new(),
        }
    }

    /// The settings.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Iterative deepening from depth 1 to the configured maximum, stopping early once the
    /// value is proven to the end of the game. If the budget runs out, the report carries the
    /// stop reason and the last completed iteration (value 0 and no move if none completed).
    pub fn search<G, E>(
        &mut self,
        game: &G,
        state: &G::State,
        scoring: &Scoring<E>,
        budget: &Budget,
    ) -> Report<Analysis<M>>
    where
        G: Game<Choice = M>,
        E: Evaluator<G>,
    {
        self.prepare(game);
        let mut tally = Tally::new(budget);
        let mut last: Option<Analysis<M>> = None;
        let mut depth = 1;
        let result = loop {
            match self.iteration(game, state, depth, scoring, &mut tally) {
                Ok(analysis) => {
                    let done = analysis.solved || depth >= self.config.max_depth;
                    last = Some(analysis);
                    if done {
                        break Ok(());
                    }
                    depth += 1;
                }
                Err(reason) => break Err(reason),
            }
        };
        let partial = last.clone().unwrap_or_else(|| empty_analysis());
        tally.finish(result.map(|()| partial.clone()), partial)
    }

    /// One search to exactly `depth` plies (no iterative deepening).
    pub fn search_depth<G, E>(
        &mut self,
        game: &G,
        state: &G::State,
        depth: u32,
        scoring: &Scoring<E>,
        budget: &Budget,
    ) -> Report<Analysis<M>>
    where
        G: Game<Choice = M>,
        E: Evaluator<G>,
    {
        self.prepare(game);
        let mut tally = Tally::new(budget);
        let result = self.iteration(game, state, depth, scoring, &mut tally);
        tally.finish(result, empty_analysis())
    }

    /// Search to `depth` with a caller's tally (the parallel split shares one node count).
    #[cfg(feature = "parallel")]
    pub(crate) fn search_with_tally<G, E>(
        &mut self,
        game: &G,
        state: &G::State,
        depth: u32,
        scoring: &Scoring<E>,
        tally: &mut Tally,
    ) -> Result<Analysis<M>, StopReason>
    where
        G: Game<Choice = M>,
        E: Evaluator<G>,
    {
        self.prepare(game);
        self.iteration(game, state, depth, scoring, tally)
    }

    fn prepare<G: Game<Choice = M>>(&mut self, game: &G) {
        if let Some(table) = &mut self.table {
            table.new_search();
        }
        self.ordering.reset(game.move_index_bound());
    }

    fn iteration<G, E>(
        &mut self,
        game: &G,
        state: &G::State,
        depth: u32,
        scoring: &Scoring<E>,
        tally: &mut Tally,
    ) -> Result<Analysis<M>, StopReason>
    where
        G: Game<Choice = M>,
        E: Evaluator<G>,
    {
        let mut search = Search {
            engine: self,
            game,
            scoring,
            tally,
            root_best: None,
        };
        let (value, height) = search.node(state, depth, -INFINITY, INFINITY, 0)?;
        let best_move = search.root_best;
        let principal_variation = self.pv.first().cloned().unwrap_or_default();
        Ok(Analysis {
            value,
            best_move,
            principal_variation,
            depth,
            solved: height != HORIZON,
        })
    }
}

fn empty_analysis<M>() -> Analysis<M> {
    Analysis {
        value: 0,
        best_move: None,
        principal_variation: Vec::new(),
        depth: 0,
        solved: false,
    }
}

struct Search<'a, G: Game, E> {
    engine: &'a mut Engine<G::Choice>,
    game: &'a G,
    scoring: &'a Scoring<E>,
    tally: &'a mut Tally,
    root_best: Option<G::Choice>,
}

impl<G: Game, E: Evaluator<G>> Search<'_, G, E> {
    fn key(&self, state: &G::State) -> Option<u64> {
        self.engine.table.as_ref()?;
        if self.engine.config.symmetry {
            self.game.canonical_hash(state)
        } else {
            self.game.hash(state)
        }
    }

    fn set_pv(&mut self, level: usize, mv: Option<G::Choice>) {
        let pv = &mut self.engine.pv;
        if pv.len() <= level + 1 {
            pv.resize_with(level + 2, Vec::new);
        }
        let (head, tail) = pv.split_at_mut(level + 1);
        let line = &mut head[level];
        line.clear();
        if let Some(mv) = mv {
            line.push(mv);
            line.extend_from_slice(&tail[0]);
        }
    }

    /// Fail-soft negamax; returns the value and the proof height ([`HORIZON`] if the depth
    /// limit was reached below).
    fn node(
        &mut self,
        state: &G::State,
        depth: u32,
        mut alpha: Value,
        beta: Value,
        level: usize,
    ) -> Result<(Value, u32), StopReason> {
        self.tally.enter(level)?;
        self.set_pv(level, None);
        if let Some(value) = self.scoring.terminal(self.game, state) {
            self.tally.leaf();
            return Ok((value, 0));
        }
        if depth == 0 {
            self.tally.leaf();
            return Ok((self.scoring.horizon(self.game, state), HORIZON));
        }
        let key = self.key(state);
        let mut hint = None;
        if let (Some(key), Some(table)) = (key, &self.engine.table)
            && let Some(entry) = table.probe(key)
        {
            hint = entry.best;
            if level > 0 && entry.holds_for(depth) {
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.value >= beta,
                    Bound::Upper => entry.value <= alpha,
                };
                if usable {
                    return Ok((entry.value, entry.height));
                }
            }
        }
        let mut moves = self.engine.buffers.take(level);
        self.game.choices(state, &mut moves);
        let game = self.game;
        self.engine
            .ordering
            .sort(&mut moves, hint, level, |mv| game.move_index(mv));
        self.tally.branch(moves.len());
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut height = 0u32;
        for (i, &mv) in moves.iter().enumerate() {
            self.tally.child(moves.len() - i - 1);
            let mut child = state.clone();
            self.game.apply(&mut child, mv);
            let (mut value, mut h) = if i == 0 || !self.engine.config.pvs {
                self.node(&child, depth - 1, -beta, -alpha, level + 1)?
            } else {
                self.node(&child, depth - 1, -alpha - 1, -alpha, level + 1)?
            };
            value = -value;
            if i > 0 && self.engine.config.pvs && value > alpha && value < beta {
                let (again, h2) = self.node(&child, depth - 1, -beta, -alpha, level + 1)?;
                value = -again;
                h = h.max(h2);
            }
            height = height.max(h.saturating_add(1));
            if value > best {
                best = value;
                best_move = Some(mv);
                if level == 0 {
                    self.root_best = Some(mv);
                }
                if value > alpha {
                    alpha = value;
                    self.set_pv(level, Some(mv));
                }
            }
            if alpha >= beta {
                self.tally.dead_end();
                self.engine
                    .ordering
                    .record_cutoff(mv, self.game.move_index(mv), level, depth);
                break;
            }
        }
        self.engine.buffers.put(level, moves);
        if let (Some(key), Some(table)) = (key, &mut self.engine.table) {
            let bound = if best <= original_alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            table.store(key, best, depth, height, bound, best_move);
        }
        Ok((best, height))
    }
}
