//! Scores: the utility of a finished game, and evaluation functions for positions a
//! depth-limited search leaves unfinished.
//!
//! A [`Value`] is an `i32`. Negamax-style searches read it from the side to move's point of
//! view; the minimax and alpha-beta searches from the first player's (MAX's).
//!
//! [`Utility`] scores finished games: `win − per_ply × ply` for a win, its negation for a
//! loss, 0 for a draw. With `per_ply = 0` it is the lecture's `+10 / −10 / 0`
//! ([`Utility::LECTURE`]) or the "colour ±1" ([`Utility::COLOUR`]); with `per_ply > 0` a win in
//! fewer moves scores higher and a loss in more moves scores higher, so perfect play wins as
//! fast and loses as slowly as it can ([`Utility::DISTANCE`]).

use crate::game::{Game, Outcome, Side};

/// A score.
pub type Value = i32;

/// Larger than every score a search can return (its "infinity").
pub const INFINITY: Value = 1 << 30;

/// How finished games are scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Utility {
    win: Value,
    per_ply: Value,
}

impl Utility {
    /// The lecture's setting: +10 for a win, −10 for a loss, 0 for a draw.
    pub const LECTURE: Utility = Utility { win: 10, per_ply: 0 };
    /// The simplest setting: +1 / −1 / 0.
    pub const COLOUR: Utility = Utility { win: 1, per_ply: 0 };
    /// Faster wins first: `1_000_000 − ply` for a win (games shorter than a million plies).
    pub const DISTANCE: Utility = Utility {
        win: 1_000_000,
        per_ply: 1,
    };

    /// A custom utility: a win in `ply` moves is worth `win − per_ply × ply`.
    /// `None` unless `0 < win < 2^29` and `per_ply >= 0`.
    pub const fn new(win: Value, per_ply: Value) -> Option<Utility> {
        if win > 0 && win < (1 << 29) && per_ply >= 0 {
            Some(Utility { win, per_ply })
        } else {
            None
        }
    }

    /// The value of a win at the start (the largest score).
    pub const fn win(&self) -> Value {
        self.win
    }

    /// What each ply takes off a win.
    pub const fn per_ply(&self) -> Value {
        self.per_ply
    }

    /// The score of `outcome` reached after `ply` moves, for `viewer`. A win is never worth
    /// less than 1 (nor a loss more than −1), however long the game.
    pub fn score(&self, outcome: Outcome, ply: u32, viewer: Side) -> Value {
        match outcome {
            Outcome::Draw => 0,
            Outcome::Win(winner) => {
                let plies = Value::try_from(ply).unwrap_or(Value::MAX);
                let magnitude = self.win.saturating_sub(self.per_ply.saturating_mul(plies)).max(1);
                if winner == viewer { magnitude } else { -magnitude }
            }
        }
    }
}

/// An evaluation function: a guess of the value of an unfinished position.
///
/// The value is from the side to move's point of view and should lie strictly between the
/// scores of the fastest loss and the fastest win so that known results outrank guesses.
/// The searches clamp it to `±(INFINITY − 1)`, so that any value can be negated.
pub trait Evaluator<G: Game + ?Sized> {
    /// The estimated value of `state` for the player to move.
    fn evaluate(&self, game: &G, state: &G::State) -> Value;
}

/// The evaluator of searches that run to the end of the game: every unfinished position is
/// worth 0. (A search without a depth limit never asks.)
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoEvaluation;

impl<G: Game + ?Sized> Evaluator<G> for NoEvaluation {
    fn evaluate(&self, _game: &G, _state: &G::State) -> Value {
        0
    }
}

impl<G: Game + ?Sized, F: Fn(&G, &G::State) -> Value> Evaluator<G> for F {
    fn evaluate(&self, game: &G, state: &G::State) -> Value {
        self(game, state)
    }
}

/// A utility for finished games together with an evaluator for the horizon: how a search
/// scores its leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scoring<E> {
    /// Scores finished games.
    pub utility: Utility,
    /// Scores positions at the depth limit.
    pub evaluator: E,
}

impl Scoring<NoEvaluation> {
    /// Exact scoring for searches to the end of the game.
    pub const fn exact(utility: Utility) -> Self {
        Scoring {
            utility,
            evaluator: NoEvaluation,
        }
    }
}

impl<E> Scoring<E> {
    /// `utility` for finished games, `evaluator` at the horizon.
    pub const fn new(utility: Utility, evaluator: E) -> Self {
        Scoring { utility, evaluator }
    }

    /// The value of a finished position for the player to move, if it is finished.
    pub(crate) fn terminal<G: Game + ?Sized>(&self, game: &G, state: &G::State) -> Option<Value> {
        game.outcome(state)
            .map(|outcome| self.utility.score(outcome, game.ply(state), game.side_to_move(state)))
    }

    /// The horizon value of `state` for the player to move.
    pub(crate) fn horizon<G: Game + ?Sized>(&self, game: &G, state: &G::State) -> Value
    where
        E: Evaluator<G>,
    {
        self.evaluator
            .evaluate(game, state)
            .clamp(-(INFINITY - 1), INFINITY - 1)
    }
}
