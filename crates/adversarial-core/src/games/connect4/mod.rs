//! Connect Four: 7 columns × 6 rows, stones drop to the lowest free cell, four in a row wins.
//!
//! - [`Position`]: bitboards, parsing of the public sets' move strings, rendering.
//! - [`Solver`]: the exact solver (strong and weak) in the benchmark's score convention.
//! - [`ConnectFour`]: the [`Game`] so the generic searches and the engine play it too (moves
//!   are 0-based columns, centre first), with [`Threats`] as an evaluation function.
//!
//! ```
//! use adversarial_core::games::connect4::ConnectFour;
//! use adversarial_core::games::connect4::Position;
//! // perft: the number of move sequences of each length.
//! assert_eq!(search_core::count_paths(&ConnectFour, &Position::new(), 4), 2401);
//! ```

mod position;
mod solver;
mod table;

pub use position::{CELLS, HEIGHT, MAX_SCORE, MIN_SCORE, Position, PositionError, WIDTH};
pub use solver::{CENTRE_FIRST, DEFAULT_TABLE_LOG2, Mode, Solver, SolverConfig};
pub use table::Replacement;

use search_core::SearchSpace;

use crate::game::{Game, Outcome, Side};
use crate::score::{Evaluator, Utility, Value};

/// The rules of Connect Four as a [`Game`]: positions are [`Position`]s, moves 0-based
/// columns generated centre first.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ConnectFour;

impl SearchSpace for ConnectFour {
    type State = Position;
    type Choice = u8;

    fn choices(&self, position: &Position, out: &mut Vec<u8>) {
        if position.is_over() {
            return;
        }
        out.extend(
            CENTRE_FIRST
                .iter()
                .filter(|&&col| position.can_play(col))
                .map(|&col| col as u8),
        );
    }

    fn apply(&self, position: &mut Position, col: u8) {
        position.play_column(u32::from(col));
    }
}

impl Game for ConnectFour {
    fn side_to_move(&self, position: &Position) -> Side {
        position.side_to_move()
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        if position.opponent_has_won() {
            Some(Outcome::Win(position.side_to_move().opponent()))
        } else if position.moves() == CELLS {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn ply(&self, position: &Position) -> u32 {
        position.moves()
    }

    fn hash(&self, position: &Position) -> Option<u64> {
        Some(position.key())
    }

    fn canonical_hash(&self, position: &Position) -> Option<u64> {
        Some(position.canonical_key())
    }

    fn move_index(&self, col: u8) -> Option<usize> {
        Some(col as usize)
    }

    fn move_index_bound(&self) -> usize {
        WIDTH as usize
    }
}

/// An evaluation for depth-limited Connect Four search: the empty cells that would complete
/// four for the player to move minus those of the opponent.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Threats;

impl Evaluator<ConnectFour> for Threats {
    fn evaluate(&self, _game: &ConnectFour, position: &Position) -> Value {
        position.winning_cells().count_ones() as Value - position.opponent_winning_cells().count_ones() as Value
    }
}

/// The benchmark score of a value found by a generic search with `utility` (which must rank
/// faster wins higher: `per_ply = 1`, e.g. [`Utility::DISTANCE`]): a win ending at ply `p` is
/// worth `22 − ⌈p/2⌉` (the winner's stones), a loss its negation, a draw 0. A value that no
/// finished game of Connect Four gives (beyond `±win`, or a win later than the last ply) is
/// read as the nearest one, so the score keeps the value's sign and lies in `1..=22` (or is 0).
///
/// ```
/// use adversarial_core::games::connect4::{ConnectFour, Position, benchmark_score};
/// use adversarial_core::algorithms::{UNLIMITED, negamax_alpha_beta};
/// use adversarial_core::{Scoring, Utility};
/// use search_core::Budget;
/// // An end-game position of the public set (expected score 1): small enough for plain αβ.
/// let p = Position::parse("7422341735647741166133573473242566").unwrap();
/// let r = negamax_alpha_beta(&ConnectFour, &p, UNLIMITED, &Scoring::exact(Utility::DISTANCE), &Budget::unlimited());
/// assert_eq!(benchmark_score(Utility::DISTANCE, r.value.value), 1);
/// ```
pub fn benchmark_score(utility: Utility, value: Value) -> i32 {
    if value == 0 || utility.per_ply() == 0 {
        return value.signum();
    }
    // i64: `value` may be any i32 (|i32::MIN| does not fit an i32).
    let magnitude = i64::from(value).abs().min(i64::from(utility.win()));
    let end_ply = (i64::from(utility.win()) - magnitude) / i64::from(utility.per_ply());
    let stones = ((end_ply + 1) / 2).min(i64::from(CELLS / 2)) as i32;
    value.signum() * (CELLS as i32 / 2 + 1 - stones)
}
