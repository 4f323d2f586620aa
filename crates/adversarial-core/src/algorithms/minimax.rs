//! Minimax: MAX (the first player) takes the largest child value, MIN the smallest.

use search_core::{Budget, Report, StopReason};

use super::{Decision, Walk};
use crate::game::{Game, Side};
use crate::score::{Evaluator, INFINITY, Scoring, Value};

/// Minimax to `depth` plies, scores from the first player's (MAX's) point of view.
///
/// With `depth = UNLIMITED` it is the lecture's complete minimax; with a smaller depth and an
/// evaluator it is the cutoff search (the evaluation replaces the utility at the horizon).
///
/// # Complexity
/// O(b^d) nodes for branching factor b and depth d; O(d) memory.
///
/// # Example
/// ```
/// use adversarial_core::algorithms::{UNLIMITED, minimax};
/// use adversarial_core::games::mnk::{MnkGame, OpenLines};
/// use adversarial_core::{Scoring, Utility};
/// use search_core::Budget;
/// let game = MnkGame::tic_tac_toe();
/// // Complete minimax with the lecture's +10/-10/0: tic-tac-toe is a draw.
/// let report = minimax(&game, &game.start(), UNLIMITED, &Scoring::exact(Utility::LECTURE), &Budget::unlimited());
/// assert_eq!(report.value.value, 0);
/// assert_eq!(report.stats.nodes, 549_946);
/// // Cutoff search two plies deep with e(p) = open lines for me - open lines for the opponent.
/// let cutoff = minimax(&game, &game.start(), 2, &Scoring::new(Utility::LECTURE, OpenLines), &Budget::unlimited());
/// assert_eq!(cutoff.value.best_move, Some(4)); // the centre
/// ```
pub fn minimax<G: Game, E: Evaluator<G>>(
    game: &G,
    state: &G::State,
    depth: u32,
    scoring: &Scoring<E>,
    budget: &Budget,
) -> Report<Decision<G::Choice>> {
    let mut walk = Walk::new(game, scoring, budget);
    let result = walk.minimax_node(state, depth, 0);
    walk.finish(result)
}

impl<G: Game, E: Evaluator<G>> Walk<'_, G, E> {
    fn minimax_node(&mut self, state: &G::State, depth: u32, level: usize) -> Result<Value, StopReason> {
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
            let value = self.minimax_node(&child, depth - 1, level + 1)?;
            let better = if maximising { value > best } else { value < best };
            if better {
                best = value;
                if level == 0 {
                    self.best = Some(mv);
                }
            }
        }
        self.buffers.put(level, moves);
        Ok(best)
    }
}
