//! The textbook searches, each a plain recursion with no table and no reordering: the
//! reference that the engine layer ([`crate::engine`]) is tested against.
//!
//! | function | view of the score | pruning |
//! |---|---|---|
//! | [`minimax`] | first player (MAX) | none |
//! | [`alpha_beta`] | first player (MAX) | α-β |
//! | [`negamax`] | side to move | none |
//! | [`negamax_alpha_beta`] | side to move | α-β |
//!
//! Each takes a depth limit (`u32::MAX` or [`UNLIMITED`] searches to the end of the game;
//! [`minimax`] with a depth limit and an evaluator is the lecture's cutoff search) and a
//! [`Scoring`], ticks a [`search_core::Meter`] once per node against the
//! [`Budget`], and returns a [`Report`] of a
//! [`Decision`]. All four return the same value (negated for the second player to move in
//! the negamax pair) and the same best move: the first move, in the game's order, that
//! reaches the value.
//!
//! Counting rules for [`SearchStats`](search_core::SearchStats), kept by a
//! [`search_core::Tally`]: one node per call (root included); a leaf is a
//! finished or horizon position; `branch_points` are nodes with two or more moves; `guesses`
//! are the children searched at a branch point while another move was still untried;
//! `dead_ends` counts α-β cutoffs.

mod alpha_beta;
mod minimax;
mod negamax;

pub use alpha_beta::alpha_beta;
pub use minimax::minimax;
pub use negamax::{negamax, negamax_alpha_beta};

use search_core::{Budget, ChoiceBuffers, Report, StopReason, Tally};

use crate::game::Game;
use crate::score::{Evaluator, Scoring, Value};

/// The depth limit meaning "to the end of the game".
pub const UNLIMITED: u32 = u32::MAX;

/// What a search decided at the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Decision<M> {
    /// The value of the root.
    pub value: Value,
    /// The first move (in the game's order) that reaches the value; `None` when the root is
    /// finished or at the horizon.
    pub best_move: Option<M>,
}

/// One run of a textbook search: the game and scoring every node reads, the counters, a move
/// list per level and the best root move so far. Each algorithm adds its recursion in its own
/// file.
struct Walk<'a, G: Game, E> {
    game: &'a G,
    scoring: &'a Scoring<E>,
    tally: Tally,
    buffers: ChoiceBuffers<G::Choice>,
    /// Set by the recursion at the root (level 0) whenever a move beats the ones before it.
    best: Option<G::Choice>,
}

impl<'a, G: Game, E: Evaluator<G>> Walk<'a, G, E> {
    fn new(game: &'a G, scoring: &'a Scoring<E>, budget: &Budget) -> Self {
        Self {
            game,
            scoring,
            tally: Tally::new(budget),
            buffers: ChoiceBuffers::new(),
            best: None,
        }
    }

    /// The value of a leaf (finished, or at the horizon when `depth` is 0) for the side to
    /// move, counted as a leaf; `None` for an inner node.
    #[inline]
    fn leaf(&mut self, state: &G::State, depth: u32) -> Option<Value> {
        let value = match self.scoring.terminal(self.game, state) {
            Some(value) => value,
            None if depth == 0 => self.scoring.horizon(self.game, state),
            None => return None,
        };
        self.tally.leaf();
        Some(value)
    }

    /// The moves of `state` in the buffer of `level` (give it back with `buffers.put`),
    /// counted as a branch point if there are two or more.
    #[inline]
    fn expand(&mut self, state: &G::State, level: usize) -> Vec<G::Choice> {
        let mut moves = self.buffers.take(level);
        self.game.choices(state, &mut moves);
        self.tally.branch(moves.len());
        moves
    }

    /// The position after `mv`, counted as a guess if `remaining` other moves are untried.
    #[inline]
    fn child(&mut self, state: &G::State, mv: G::Choice, remaining: usize) -> G::State {
        self.tally.child(remaining);
        let mut child = state.clone();
        self.game.apply(&mut child, mv);
        child
    }

    /// The report: the root value with the best root move, or, if the budget stopped the
    /// search, value 0 with the best root move found so far.
    fn finish(self, result: Result<Value, StopReason>) -> Report<Decision<G::Choice>> {
        let best_move = self.best;
        self.tally.finish(
            result.map(|value| Decision { value, best_move }),
            Decision { value: 0, best_move },
        )
    }
}
