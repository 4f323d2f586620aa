//! Alpha-beta pruning on the MAX/MIN formulation.

use search_core::{Budget, ChoiceBuffers, Report, StopReason};

use super::{Decision, Tally};
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
    let mut search = AlphaBeta {
        game,
        scoring,
        tally: Tally::new(budget),
        buffers: ChoiceBuffers::new(),
        best: None,
    };
    let result = search.node(state, depth, -INFINITY, INFINITY, 0);
    let best_move = search.best;
    search.tally.finish(
        result.map(|value| Decision { value, best_move }),
        Decision { value: 0, best_move },
    )
}

struct AlphaBeta<'a, G: Game, E> {
    game: &'a G,
    scoring: &'a Scoring<E>,
    tally: Tally,
    buffers: ChoiceBuffers<G::Choice>,
    best: Option<G::Choice>,
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<'_, G, E> {
    fn node(
        &mut self,
        state: &G::State,
        depth: u32,
        mut alpha: Value,
        mut beta: Value,
        level: usize,
    ) -> Result<Value, StopReason> {
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
            let value = self.node(&child, depth - 1, alpha, beta, level + 1)?;
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
                self.tally.cutoff();
                break;
            }
        }
        self.buffers.put(level, moves);
        Ok(best)
    }
}
