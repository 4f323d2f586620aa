//! Negamax: max(a, b) = −min(−a, −b), one recursion for both players.

use search_core::{Budget, Report, StopReason};

use super::{Decision, Walk};
use crate::game::Game;
use crate::score::{Evaluator, INFINITY, Scoring, Value};

/// Negamax to `depth` plies: every value is from the side to move's point of view and a
/// child's value is negated on the way up.
///
/// Equals [`minimax`](super::minimax) times the colour (+1/−1) of the player to move.
///
/// # Example
/// ```
/// use adversarial_core::algorithms::{negamax, minimax};
/// use adversarial_core::games::mnk::{MnkGame, OpenLines};
/// use adversarial_core::{Game, Scoring, Utility};
/// use search_core::Budget;
/// let game = MnkGame::tic_tac_toe();
/// let after_x = game.try_play(&game.start(), 4).unwrap(); // O to move
/// let scoring = Scoring::new(Utility::LECTURE, OpenLines);
/// let neg = negamax(&game, &after_x, 3, &scoring, &Budget::unlimited());
/// let max = minimax(&game, &after_x, 3, &scoring, &Budget::unlimited());
/// assert_eq!(neg.value.value, -max.value.value);
/// assert_eq!(neg.value.best_move, max.value.best_move);
/// ```
pub fn negamax<G: Game, E: Evaluator<G>>(
    game: &G,
    state: &G::State,
    depth: u32,
    scoring: &Scoring<E>,
    budget: &Budget,
) -> Report<Decision<G::Choice>> {
    let mut walk = Walk::new(game, scoring, budget);
    let result = walk.negamax_node(state, depth, 0);
    walk.finish(result)
}

/// Negamax with alpha-beta pruning (fail-soft): the window [α, β] is negated and swapped for
/// the child. Same value and best move as [`negamax`].
///
/// # Example
/// ```
/// use adversarial_core::algorithms::{UNLIMITED, negamax, negamax_alpha_beta};
/// use adversarial_core::games::mnk::MnkGame;
/// use adversarial_core::{Scoring, Utility};
/// use search_core::Budget;
/// let game = MnkGame::tic_tac_toe();
/// let scoring = Scoring::exact(Utility::COLOUR);
/// let pruned = negamax_alpha_beta(&game, &game.start(), UNLIMITED, &scoring, &Budget::unlimited());
/// let plain = negamax(&game, &game.start(), UNLIMITED, &scoring, &Budget::unlimited());
/// assert_eq!(pruned.value, plain.value);
/// assert_eq!(pruned.value.value, 0); // a draw
/// ```
pub fn negamax_alpha_beta<G: Game, E: Evaluator<G>>(
    game: &G,
    state: &G::State,
    depth: u32,
    scoring: &Scoring<E>,
    budget: &Budget,
) -> Report<Decision<G::Choice>> {
    let mut walk = Walk::new(game, scoring, budget);
    let result = walk.negamax_alpha_beta_node(state, depth, -INFINITY, INFINITY, 0);
    walk.finish(result)
}

impl<G: Game, E: Evaluator<G>> Walk<'_, G, E> {
    fn negamax_node(&mut self, state: &G::State, depth: u32, level: usize) -> Result<Value, StopReason> {
        self.tally.enter(level)?;
        if let Some(value) = self.leaf(state, depth) {
            return Ok(value);
        }
        let moves = self.expand(state, level);
        let mut best = -INFINITY;
        for (i, &mv) in moves.iter().enumerate() {
            let child = self.child(state, mv, moves.len() - i - 1);
            let value = -self.negamax_node(&child, depth - 1, level + 1)?;
            if value > best {
                best = value;
                if level == 0 {
                    self.best = Some(mv);
                }
            }
        }
        self.buffers.put(level, moves);
        Ok(best)
    }

    fn negamax_alpha_beta_node(
        &mut self,
        state: &G::State,
        depth: u32,
        mut alpha: Value,
        beta: Value,
        level: usize,
    ) -> Result<Value, StopReason> {
        self.tally.enter(level)?;
        if let Some(value) = self.leaf(state, depth) {
            return Ok(value);
        }
        let moves = self.expand(state, level);
        let mut best = -INFINITY;
        for (i, &mv) in moves.iter().enumerate() {
            let child = self.child(state, mv, moves.len() - i - 1);
            let value = -self.negamax_alpha_beta_node(&child, depth - 1, -beta, -alpha, level + 1)?;
            if value > best {
                best = value;
                if level == 0 {
                    self.best = Some(mv);
                }
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                self.tally.dead_end();
                break;
            }
        }
        self.buffers.put(level, moves);
        Ok(best)
    }
}
