//! Alpha-beta pruning on the MAX/MIN formulation.

use search_core::{Budget, Report, StopReason};

use super::{Decision, Walk};
use crate::game::{Game, Side};
use crate::score::{Evaluator, INFINITY, Scoring, Value};

/// Alpha-beta to `depth` plies, scores from the first player's (MAX's) point of view.
///
/// α is the best value MAX is already sure of on the path, β the best for MIN; a move that
/// cannot change the root's choice is not expanded. The value and best move are the ones
/// [`minimax`](super::minimax) returns (fail-soft, full window at the root).
///
/// # Complexity
/// Between b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves (perfect ordering) and minimax's b^d.
///
/// # Example
/// ```
/// use adversarial_core::algorithms::{UNLIMITED, alpha_beta, minimax};
/// use adversarial_core::games::mnk::MnkGame;
/// use adversarial_core::{Scoring, Utility};
/// use search_core::Budget;
/// let game = MnkGame::tic_tac_toe();
/// let scoring = Scoring::exact(Utility::DISTANCE);
/// let pruned = alpha_beta(&game, &game.start(), UNLIMITED, &scoring, &Budget::unlimited());
/// let full = minimax(&game, &game.start(), UNLIMITED, &scoring, &Budget::unlimited());
/// assert_eq!(pruned.value, full.value);
/// assert!(pruned.stats.nodes < full.stats.nodes / 10);
/// ```
pub fn alpha_beta<G: Game, E: Evaluator<G>>(
    game: &G,
    state: &G::State,
    depth: u32,
    scoring: &Scoring<E>,
    budget: &Budget,
) -> Report<Decision<G::Choice>> {
    let mut walk = Walk::new(game, scoring, budget);
    let result = walk.alpha_beta_node(state, depth, -INFINITY, INFINITY, 0);
    walk.finish(result)
}

impl<G: Game, E: Evaluator<G>> Walk<'_, G, E> {
    fn alpha_beta_node(
        &mut self,
        state: &G::State,
        depth: u32,
        mut alpha: Value,
        mut beta: Value,
        level: usize,
    ) -> Result<Value, StopReason> {
        self.tally.enter(level)?;
        let side = self.game.side_to_move(state);
        if let Some(value) = self.leaf(state, depth) {
            return Ok(side.colour() * value);
        }
        let moves = self.expand(state, level);
        let maximising = side == Side::First;
        let mut best = if maximising { -INFINITY } else { INFINITY };
        for (i, &mv) in moves.iter().enumerate() {
            let child = self.child(state, mv, moves.len() - i - 1);
            let value = self.alpha_beta_node(&child, depth - 1, alpha, beta, level + 1)?;
            if maximising {
                if value > best {
                    best = value;
                    if level == 0 {
                        self.best = Some(mv);
                    }
                }
                alpha = alpha.max(value);
            } else {
                if value < best {
                    best = value;
                    if level == 0 {
                        self.best = Some(mv);
                    }
                }
                beta = beta.min(value);
            }
            if alpha >= beta {
                self.tally.dead_end();
                break;
            }
        }
        self.buffers.put(level, moves);
        Ok(best)
    }
}
