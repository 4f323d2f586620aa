//! The shared vocabulary: a search space of states and the choices (moves) that lead between
//! them.
//!
//! A [`SearchSpace`] is the rules object (it may hold parameters such as a board size or a
//! branching strategy); its states are plain values that are copied to make children
//! ("copy-make"). Choices are small `Copy` values written into a buffer that the caller owns,
//! so generating them does not allocate once the buffer has grown to its working size.
//!
//! The Sudoku solver, the game-tree searches and the Minesweeper enumeration all describe their
//! problems in these terms; [`crate::constraint`] adds propagation on top, and
//! [`count_paths`] (perft) walks any space to a fixed depth.

/// A space of states connected by choices.
///
/// # Contract
/// - [`choices`](SearchSpace::choices) appends the choices available in `state` to `out`; it
///   must not rely on `out` being empty (callers clear it), and it appends nothing when
///   `state` has no successors (a solved grid, a finished game).
/// - [`apply`](SearchSpace::apply) is only called with a choice that `choices` produced for
///   the same state.
pub trait SearchSpace {
    /// A node of the space. Children are made by cloning and then applying a choice.
    type State: Clone;
    /// A transition between states (a move, a digit placed in a cell, a value assigned).
    type Choice: Copy;

    /// Append the choices available in `state` to `out`, in the order they should be tried.
    fn choices(&self, state: &Self::State, out: &mut Vec<Self::Choice>);

    /// Apply `choice` to `state` in place.
    fn apply(&self, state: &mut Self::State, choice: Self::Choice);
}

/// Per-depth choice buffers, reused across a whole search so that move generation does not
/// allocate once every depth has been visited.
#[derive(Debug)]
pub struct ChoiceBuffers<C> {
    levels: Vec<Vec<C>>,
}

impl<C> Default for ChoiceBuffers<C> {
    fn default() -> Self {
        Self { levels: Vec::new() }
    }
}

impl<C: Copy> ChoiceBuffers<C> {
    /// Empty buffers.
    pub fn new() -> Self {
        Self::default()
    }

    /// Take the (cleared) buffer of `depth` out of the pool; give it back with
    /// [`ChoiceBuffers::put`] so its capacity is reused.
    pub fn take(&mut self, depth: usize) -> Vec<C> {
        if self.levels.len() <= depth {
            self.levels.resize_with(depth + 1, Vec::new);
        }
        let mut buffer = std::mem::take(&mut self.levels[depth]);
        buffer.clear();
        buffer
    }

    /// Return the buffer of `depth` to the pool.
    pub fn put(&mut self, depth: usize, buffer: Vec<C>) {
        if let Some(slot) = self.levels.get_mut(depth) {
            *slot = buffer;
        }
    }
}

/// Count the paths of exactly `depth` choices from `state` ("perft" in game programming):
/// the number of leaves of the search tree cut at `depth`. A state with no choices before
/// `depth` (a finished game) ends its path early and is not counted.
///
/// # Complexity
/// Visits every node of the tree down to `depth`: O(b^depth) for branching factor b, with
/// O(depth) memory.
///
/// # Example
/// ```
/// use search_core::{SearchSpace, count_paths};
/// /// Binary strings: every state has two children.
/// struct Bits;
/// impl SearchSpace for Bits {
///     type State = u32;
///     type Choice = bool;
///     fn choices(&self, _: &u32, out: &mut Vec<bool>) { out.extend([false, true]); }
///     fn apply(&self, state: &mut u32, bit: bool) { *state = *state * 2 + u32::from(bit); }
/// }
/// assert_eq!(count_paths(&Bits, &0, 10), 1024);
/// ```
pub fn count_paths<S: SearchSpace>(space: &S, state: &S::State, depth: u32) -> u64 {
    let mut buffers = ChoiceBuffers::new();
    paths_from(space, state, depth, 0, &mut buffers)
}

fn paths_from<S: SearchSpace>(
    space: &S,
    state: &S::State,
    remaining: u32,
    level: usize,
    buffers: &mut ChoiceBuffers<S::Choice>,
) -> u64 {
    if remaining == 0 {
        return 1;
    }
    let mut choices = buffers.take(level);
    space.choices(state, &mut choices);
    let total = if remaining == 1 {
        choices.len() as u64
    } else {
        let mut total = 0;
        for &choice in &choices {
            let mut child = state.clone();
            space.apply(&mut child, choice);
            total += paths_from(space, &child, remaining - 1, level + 1, buffers);
        }
        total
    };
    buffers.put(level, choices);
    total
}
