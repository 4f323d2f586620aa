//! Minimax: MAX (the first player) takes the largest child value, MIN the smallest.

use search_core::{Budget, ChoiceBuffers, Report, StopReason};

use super::{Decision, Tally};
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
    let mut search = Minimax {
        game,
        scoring,
        tally: Tally::new(budget),
        buffers: ChoiceBuffers::new(),
        best: None,
    };
    let result = search.node(state, depth, 0);
    let best_move = search.best;
    search.tally.finish(
        result.map(|value| Decision { value, best_move }),
        Decision { value: 0, best_move },
    )
}

struct Minimax<'a, G: Game, E> {
    game: &'a G,
    scoring: &'a Scoring<E>,
    tally: Tally,
    buffers: ChoiceBuffers<G::Choice>,
    best: Option<G::Choice>,
}

impl<G: Game, E: Evaluator<G>> Minimax<'_, G, E> {
    fn node(&mut self, state: &G::State, depth: u32, level: usize) -> Result<Value, StopReason> {
        self.tally.enter(level)?;
        let side = self.game.side_to_move(state);
        if let Some(value) = self.scoring.terminal(self.game, state) {
            self.tally.leaf();
            return Ok(side.colour() * value);
        }
        if depth == 0 {
            self.tally.leaf();
            return Ok(side.colour() * self.scoring.horizon(self.game, state));
        }
        let mut moves = self.buffers.take(level);
        self.game.choices(state, &mut moves);
        self.tally.branch(moves.len());
        let maximising = side == Side::First;
        let mut best = if maximising { -INFINITY } else { INFINITY };
        for (i, &mv) in moves.iter().enumerate() {
            self.tally.child(moves.len() - i - 1);
            let mut child = state.clone();
            self.game.apply(&mut child, mv);
            let value = self.node(&child, depth - 1, level + 1)?;
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
