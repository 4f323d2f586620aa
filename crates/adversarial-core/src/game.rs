//! The [`Game`] trait: a two-player, zero-sum, perfect-information game described on
//! search-core's vocabulary.
//!
//! A game is a [`SearchSpace`] whose states are positions and whose choices are moves:
//! [`SearchSpace::choices`] writes the legal moves into a caller's buffer (in the order the
//! game recommends trying them: that order is the game's move-ordering hint), and
//! [`SearchSpace::apply`] plays a move on a copy of the position (copy-make). On top of that a
//! game says whose turn it is, whether the game is over, how many plies were played, and may
//! offer a position hash and a symmetry-canonical hash for transposition tables.
//!
//! Because a game is a `SearchSpace`, [`search_core::count_paths`] is its perft.

use std::fmt::Debug;

use search_core::SearchSpace;

/// One of the two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Side {
    /// The player who moves first (MAX in the lecture's minimax).
    First,
    /// The player who moves second (MIN).
    Second,
}

impl Side {
    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// The lecture's "colour": `+1` for the first player, `-1` for the second.
    pub const fn colour(self) -> i32 {
        match self {
            Side::First => 1,
            Side::Second => -1,
        }
    }
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Outcome {
    /// This player won.
    Win(Side),
    /// Nobody won.
    Draw,
}

/// Why a move could not be played ([`Game::try_play`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is already over.
    #[error("the game is over ({0:?})")]
    GameOver(Outcome),
    /// The move is not legal in this position.
    #[error("illegal move {0}")]
    IllegalMove(String),
}

/// A two-player, zero-sum, perfect-information game.
///
/// # Contract
/// - [`outcome`](Game::outcome) is `Some` exactly when the position is final; a final position
///   has no choices, and a position that is not final has at least one.
/// - [`ply`](Game::ply) is a function of the position alone (the number of moves played):
///   scores that rank a faster win above a slower one use it, and it makes them independent of
///   the path, so transposition tables can store them unchanged.
/// - [`hash`](Game::hash), when offered, is equal for equal positions;
///   [`canonical_hash`](Game::canonical_hash) is equal for positions equal up to a symmetry of
///   the game (and symmetric positions must have the same value).
///
/// # Example
/// ```
/// use adversarial_core::games::mnk::MnkGame;
/// use adversarial_core::{Game, Outcome, Side};
/// let game = MnkGame::tic_tac_toe();
/// let mut position = game.start();
/// for cell in [4, 0, 1, 3, 7] {
///     position = game.try_play(&position, cell).unwrap();
/// }
/// assert_eq!(game.outcome(&position), Some(Outcome::Win(Side::First)));
/// assert_eq!(search_core::count_paths(&game, &game.start(), 2), 72);
/// ```
pub trait Game: SearchSpace<Choice: PartialEq + Debug> {
    /// The player to move in `state`.
    fn side_to_move(&self, state: &Self::State) -> Side;

    /// `Some` when the game is over in `state`.
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;

    /// Moves played to reach `state` (0 at the start).
    fn ply(&self, state: &Self::State) -> u32;

    /// A hash of the position for transposition tables, if the game offers one.
    fn hash(&self, _state: &Self::State) -> Option<u64> {
        None
    }

    /// A hash equal for all positions equal up to a symmetry of the game (rotations and
    /// reflections of the board). Defaults to [`hash`](Game::hash).
    fn canonical_hash(&self, state: &Self::State) -> Option<u64> {
        self.hash(state)
    }

    /// A small index for the history heuristic (`< move_index_bound()`), if moves have one.
    fn move_index(&self, _mv: Self::Choice) -> Option<usize> {
        None
    }

    /// One more than the largest [`move_index`](Game::move_index).
    fn move_index_bound(&self) -> usize {
        0
    }

    /// Play `mv` on a copy of `state`, checking that the game is not over and the move legal.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] after the end of the game, [`PlayError::IllegalMove`] for a move
    /// that is not among the legal moves.
    fn try_play(&self, state: &Self::State, mv: Self::Choice) -> Result<Self::State, PlayError> {
        if let Some(outcome) = self.outcome(state) {
            return Err(PlayError::GameOver(outcome));
        }
        let mut moves = Vec::new();
        self.choices(state, &mut moves);
        if !moves.contains(&mv) {
            return Err(PlayError::IllegalMove(format!("{mv:?}")));
        }
        let mut child = state.clone();
        self.apply(&mut child, mv);
        Ok(child)
    }
}
