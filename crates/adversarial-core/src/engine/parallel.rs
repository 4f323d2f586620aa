//! Root splitting on rayon (feature `parallel`): every root move is searched by its own
//! engine with the full window, so each child's value is exact and the root's value is the
//! sequential one; the best move is the first one, in the game's order, reaching it. One node
//! budget is shared by all threads.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use rayon::prelude::*;
use search_core::{Budget, Meter, Report, SearchStats, StopReason, Tally};

use super::{Analysis, Engine, EngineConfig};
use crate::game::Game;
use crate::score::{Evaluator, INFINITY, Scoring};

/// One root move's search result and statistics.
type ChildResult<M> = (Result<Analysis<M>, StopReason>, SearchStats);

/// Search `state` to `depth` plies with the root moves split over rayon's threads.
///
/// # Example
/// ```
/// use adversarial_core::engine::{Engine, EngineConfig, parallel::par_search_depth};
/// use adversarial_core::games::mnk::MnkGame;
/// use adversarial_core::{Scoring, Utility};
/// use search_core::Budget;
/// let game = MnkGame::new(4, 3, 3).unwrap();
/// let scoring = Scoring::exact(Utility::DISTANCE);
/// let split = par_search_depth(&game, &game.start(), 12, &scoring, EngineConfig::default(), &Budget::unlimited());
/// let alone = Engine::new(EngineConfig::default()).search_depth(&game, &game.start(), 12, &scoring, &Budget::unlimited());
/// assert_eq!(split.value.value, alone.value.value);
/// ```
pub fn par_search_depth<G, E>(
    game: &G,
    state: &G::State,
    depth: u32,
    scoring: &Scoring<E>,
    config: EngineConfig,
    budget: &Budget,
) -> Report<Analysis<G::Choice>>
where
    G: Game + Sync,
    G::State: Send + Sync,
    G::Choice: Send + Sync,
    E: Evaluator<G> + Sync,
{
    if depth == 0 || game.outcome(state).is_some() {
        return Engine::new(config).search_depth(game, state, depth, scoring, budget);
    }
    let mut moves = Vec::new();
    game.choices(state, &mut moves);
    let counter = Arc::new(AtomicU64::new(0));
    let start = std::time::Instant::now();
    let children: Vec<ChildResult<G::Choice>> = moves
        .par_iter()
        .map(|&mv| {
            let mut child = state.clone();
            game.apply(&mut child, mv);
            let mut tally = Tally::with_meter(Meter::with_shared_counter(budget, counter.clone()));
            let mut engine = Engine::new(config);
            let result = engine.search_with_tally(game, &child, depth - 1, scoring, &mut tally);
            (result, tally.stats())
        })
        .collect();
    let mut stats = SearchStats {
        nodes: 1,
        branch_points: u64::from(moves.len() >= 2),
        guesses: moves.len().saturating_sub(1) as u64,
        ..SearchStats::default()
    };
    let mut best = -INFINITY;
    let mut best_line = Vec::new();
    let mut solved = true;
    let mut stopped = None;
    for (&mv, (result, child_stats)) in moves.iter().zip(&children) {
        let child_stats = SearchStats {
            max_depth: child_stats.max_depth + 1,
            ..*child_stats
        };
        stats.merge(&child_stats);
        match result {
            Ok(analysis) => {
                solved &= analysis.solved;
                if -analysis.value > best {
                    best = -analysis.value;
                    best_line = std::iter::once(mv)
                        .chain(analysis.principal_variation.iter().copied())
                        .collect();
                }
            }
            Err(reason) => stopped = stopped.or(Some(*reason)),
        }
    }
    stats.elapsed = start.elapsed();
    let analysis = Analysis {
        value: if stopped.is_some() { 0 } else { best },
        best_move: best_line.first().copied(),
        principal_variation: best_line,
        depth,
        solved: solved && stopped.is_none(),
    };
    Report {
        value: analysis,
        stats,
        stopped,
    }
}
