//! Negamax: max(a, b) = −min(−a, −b), one recursion for both players.

use search_core::{Budget, ChoiceBuffers, Report, StopReason};

use super::{Decision, Tally};
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
    let mut search = Negamax {
        game,
        scoring,
        tally: Tally::new(budget),
        buffers: ChoiceBuffers::new(),
        best: None,
    };
    let result = search.plain(state, depth, 0);
    let best_move = search.best;
    search.tally.finish(
        result.map(|value| Decision { value, best_move }),
        Decision { value: 0, best_move },
    )
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
    let mut search = Negamax {
        game,
        scoring,
        tally: Tally::new(budget),
        buffers: ChoiceBuffers::new(),
        best: None,
    };
    let result = search.pruned(state, depth, -INFINITY, INFINITY, 0);
    let best_move = search.best;
    search.tally.finish(
        result.map(|value| Decision { value, best_move }),
        Decision { value: 0, best_move },
    )
}

struct Negamax<'a, G: Game, E> {
    game: &'a G,
    scoring: &'a Scoring<E>,
    tally: Tally,
    buffers: ChoiceBuffers<G::Choice>,
    best: Option<G::Choice>,
}

impl<G: Game, E: Evaluator<G>> Negamax<'_, G, E> {
    /// The value of a leaf (finished or at the horizon), `None` for an inner node.
    fn leaf(&mut self, state: &G::State, depth: u32) -> Option<Value> {
        let value = match self.scoring.terminal(self.game, state) {
            Some(value) => value,
            None if depth == 0 => self.scoring.horizon(self.game, state),
            None => return None,
        };
        self.tally.leaf();
        Some(value)
    }

    fn plain(&mut self, state: &G::State, depth: u32, level: usize) -> Result<Value, StopReason> {
        self.tally.enter(level)?;
        if let Some(value) = self.leaf(state, depth) {
            return Ok(value);
        }
        let mut moves = self.buffers.take(level);
        self.game.choices(state, &mut moves);
        self.tally.branch(moves.len());
        let mut best = -INFINITY;
        for (i, &mv) in moves.iter().enumerate() {
            self.tally.child(moves.len() - i - 1);
            let mut child = state.clone();
            self.game.apply(&mut child, mv);
            let value = -self.plain(&child, depth - 1, level + 1)?;
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

    fn pruned(
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
        let mut moves = self.buffers.take(level);
        self.game.choices(state, &mut moves);
        self.tally.branch(moves.len());
        let mut best = -INFINITY;
        for (i, &mv) in moves.iter().enumerate() {
            self.tally.child(moves.len() - i - 1);
            let mut child = state.clone();
            self.game.apply(&mut child, mv);
            let value = -self.pruned(&child, depth - 1, -beta, -alpha, level + 1)?;
            if value > best {
                best = value;
                if level == 0 {
                    self.best = Some(mv);
                }
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                self.tally.cutoff();
                break;
            }
        }
        self.buffers.put(level, moves);
        Ok(best)
    }
}
