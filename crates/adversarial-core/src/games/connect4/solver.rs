//! The exact Connect Four solver, after Pascal Pons' tutorial "Solving Connect 4" (the ideas,
//! not the code): negamax with alpha-beta on bitboards; moves that lose at once are never
//! searched; moves ordered by the number of winning cells they create, centre columns first
//! among equals; a transposition table of lower and upper bounds; and the exact score found
//! by a dichotomy of null-window searches.
//!
//! Scores follow the public benchmark: from the side to move's point of view, a win is
//! `22 − (stones the winner played)`, a loss its negation, a draw 0.

use search_core::{Budget, Report, StopReason, Tally};

use super::position::{CELLS, COLUMN_BITS, Position, WIDTH, column_mask};
use super::table::{Place, Replacement, ScoreTable, Stored, StoredBound};

/// Columns from the centre outwards: the better moves on average come first.
pub const CENTRE_FIRST: [u32; WIDTH as usize] = [3, 2, 4, 1, 5, 0, 6];

/// The default table: at most 2^23 slots of 8 bytes = 64 MiB.
pub const DEFAULT_TABLE_LOG2: u32 = 23;

/// The solver's settings. [`SolverConfig::default`] is the fastest; [`SolverConfig::tutorial`]
/// reproduces the final solver of the tutorial (its node counts), for comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent on/off settings, each measured on its own"
)]
pub struct SolverConfig {
    /// The table has at most `2^table_log2` slots of 8 bytes (clamped to 12..=30).
    pub table_log2: u32,
    /// Start each search with a small table (2^12 slots) and double it as the search fills
    /// it, up to `2^table_log2` slots; off, the search uses all `2^table_log2` slots from the
    /// start. A small table stays in the caches: short solves run faster, long ones grow it
    /// to the maximum early.
    pub table_growth: bool,
    /// How the table replaces entries.
    pub replacement: Replacement,
    /// Key the table by the smaller of a position's key and its mirror image's, so a position
    /// and its mirror share one entry.
    pub symmetry: bool,
    /// Enhanced transposition cutoffs: before expanding a node, look its children up in the
    /// table and stop if one of them already refutes the window.
    pub etc: bool,
    /// Try first the move the table remembers as having refuted the position before.
    pub table_move: bool,
}

impl Default for SolverConfig {
    /// A two-tier table growing from 32 KiB up to 64 MiB, with mirror symmetry, enhanced
    /// transposition cutoffs and the table's move tried first.
    fn default() -> Self {
        Self {
            table_log2: DEFAULT_TABLE_LOG2,
            table_growth: true,
            replacement: Replacement::TwoTier,
            symmetry: true,
            etc: true,
            table_move: true,
        }
    }
}

impl SolverConfig {
    /// The tutorial's final solver: always-replace table, no symmetry.
    pub fn tutorial() -> Self {
        Self {
            table_log2: DEFAULT_TABLE_LOG2,
            table_growth: false,
            replacement: Replacement::AlwaysReplace,
            symmetry: false,
            etc: false,
            table_move: false,
        }
    }

    /// The same settings with a table of `2^log2` slots.
    #[must_use]
    pub fn with_table_log2(mut self, log2: u32) -> Self {
        self.table_log2 = log2;
        self
    }
}

/// What to solve for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Mode {
    /// The exact score (how fast the game is won or lost).
    Strong,
    /// Only win (1), draw (0) or loss (−1).
    Weak,
}

/// The exact solver. Keeps its transposition table between calls (clear it with
/// [`Solver::reset`] for per-position node counts that do not depend on earlier positions).
///
/// # Example
/// ```
/// use adversarial_core::games::connect4::{Mode, Position, Solver};
/// use search_core::Budget;
/// let mut solver = Solver::with_table_log2(16);
/// let position = Position::parse("4455").unwrap();
/// assert_eq!(solver.solve(&position, Mode::Strong, &Budget::unlimited()).value, 18);
/// let position = Position::parse("44455554221").unwrap();
/// assert_eq!(solver.solve(&position, Mode::Strong, &Budget::unlimited()).value, -15);
/// assert_eq!(solver.solve(&position, Mode::Weak, &Budget::unlimited()).value, -1);
/// ```
#[derive(Debug)]
pub struct Solver {
    table: ScoreTable,
    config: SolverConfig,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

/// Moves of one node with their ordering scores, highest first; ties go to the move added
/// last (moves are added from the outer columns inwards, so the centre wins ties). Each move
/// keeps the winning cells its player has after it, which are the threats its child faces.
///
/// Only small sort keys move during the insertion sort: `score << 3 | slot`, where `slot` is
/// the move's place in `cells` and `wins`. Slots grow in the order moves are added, so among
/// equal scores the move added last has the larger key and comes out first.
struct MoveList {
    keys: [u32; WIDTH as usize],
    cells: [u64; WIDTH as usize],
    wins: [u64; WIDTH as usize],
    len: usize,
}

impl MoveList {
    #[inline]
    fn new() -> Self {
        Self {
            keys: [0; WIDTH as usize],
            cells: [0; WIDTH as usize],
            wins: [0; WIDTH as usize],
            len: 0,
        }
    }

    #[inline]
    fn add(&mut self, cell: u64, score: u32, wins: u64) {
        let slot = self.len;
        self.cells[slot] = cell;
        self.wins[slot] = wins;
        let key = score << 3 | slot as u32;
        let mut pos = slot;
        while pos > 0 && self.keys[pos - 1] > key {
            self.keys[pos] = self.keys[pos - 1];
            pos -= 1;
        }
        self.keys[pos] = key;
        self.len += 1;
    }

    #[inline]
    fn pop(&mut self) -> Option<(u64, u64)> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        let slot = (self.keys[self.len] & 7) as usize;
        Some((self.cells[slot], self.wins[slot]))
    }
}

impl Solver {
    /// A solver with the default table (at most 64 MiB, grown as the search needs it).
    pub fn new() -> Self {
        Self::with_table_log2(DEFAULT_TABLE_LOG2)
    }

    /// The default solver with a table of at most `2^log2` slots of 8 bytes (`log2` clamped
    /// to 12..=30).
    pub fn with_table_log2(log2: u32) -> Self {
        Self::with_config(SolverConfig::default().with_table_log2(log2))
    }

    /// A solver with `config`.
    pub fn with_config(config: SolverConfig) -> Self {
        Self {
            table: ScoreTable::new(config.table_log2, config.replacement, config.table_growth),
            config,
        }
    }

    /// The settings.
    pub fn config(&self) -> &SolverConfig {
        &self.config
    }

    /// Bytes of memory the transposition table takes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forget every stored bound.
    pub fn reset(&mut self) {
        self.table.clear();
    }

    /// The score of `position` for the player to move: exact in [`Mode::Strong`], its sign in
    /// [`Mode::Weak`]. A finished position scores its result (a loss for the player to move
    /// if the opponent made four, 0 for a full board).
    ///
    /// If the budget runs out the report says so and its value is 0 (not a score).
    pub fn solve(&mut self, position: &Position, mode: Mode, budget: &Budget) -> Report<i32> {
        let mut search = Search {
            table: &mut self.table,
            tally: Tally::new(budget),
            symmetry: self.config.symmetry,
            etc: self.config.etc,
            hints: self.config.table_move,
        };
        let result = search.solve(position, mode);
        search.tally.finish(result, 0)
    }

    /// The score of every column for the player to move (`None` for a full column), in
    /// [`Mode::Strong`] or [`Mode::Weak`], all within one budget.
    pub fn analyze(&mut self, position: &Position, mode: Mode, budget: &Budget) -> Report<[Option<i32>; 7]> {
        let mut search = Search {
            table: &mut self.table,
            tally: Tally::new(budget),
            symmetry: self.config.symmetry,
            etc: self.config.etc,
            hints: self.config.table_move,
        };
        let mut scores = [None; WIDTH as usize];
        let result = (|| {
            if position.is_over() {
                return Ok(());
            }
            for col in 0..WIDTH {
                if !position.can_play(col) {
                    continue;
                }
                scores[col as usize] = Some(if position.is_winning_move(col) {
                    let score = (CELLS as i32 + 1 - position.moves() as i32) / 2;
                    if mode == Mode::Weak { score.signum() } else { score }
                } else {
                    let mut child = *position;
                    child.play_column(col);
                    -search.solve(&child, mode)?
                });
            }
            Ok(())
        })();
        search.tally.finish(result.map(|()| scores), scores)
    }
}

struct Search<'a> {
    table: &'a mut ScoreTable,
    tally: Tally,
    symmetry: bool,
    etc: bool,
    hints: bool,
}

/// Enhanced transposition cutoffs are tried only in positions with fewer stones than this,
/// where a cutoff saves a large subtree (near the end the probes cost more than they save).
const ETC_BEFORE_MOVE: i32 = 30;

impl Search<'_> {
    fn solve(&mut self, position: &Position, mode: Mode) -> Result<i32, StopReason> {
        let n = position.moves() as i32;
        let cells = CELLS as i32;
        if position.opponent_has_won() {
            self.tally.enter(0)?;
            self.tally.leaf();
            let score = (n + 1) / 2 - (cells / 2 + 1);
            return Ok(if mode == Mode::Weak { -1 } else { score });
        }
        if n == cells {
            self.tally.enter(0)?;
            self.tally.leaf();
            return Ok(0);
        }
        if position.can_win_next() {
            self.tally.enter(0)?;
            self.tally.leaf();
            return Ok(if mode == Mode::Weak { 1 } else { (cells + 1 - n) / 2 });
        }
        let (mut min, mut max) = match mode {
            Mode::Strong => (-(cells - n) / 2, (cells + 1 - n) / 2),
            Mode::Weak => (-1, 1),
        };
        // Narrow [min, max] with null-window probes, tried near 0 first (most positions are
        // close to a draw) and otherwise at the middle.
        while min < max {
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.negamax(position, position.opponent_winning_cells(), med, med + 1, 0)?;
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        Ok(if mode == Mode::Weak { min.signum() } else { min })
    }

    /// Enhanced transposition cutoff: a child (among the moves in `next`) whose stored upper
    /// bound already refutes the window ends the search before any child is expanded.
    fn transposition_cutoff(&self, position: &Position, next: u64, beta: i32) -> Option<i32> {
        let mut rest = next;
        while rest != 0 {
            let cell = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let mut child = *position;
            child.play_bit(cell);
            let child_key = if self.symmetry {
                child.canonical_key()
            } else {
                child.key()
            };
            if let Some(Stored {
                bound: StoredBound::Upper(upper),
                ..
            }) = self.table.get(child_key)
                && -upper >= beta
            {
                return Some(-upper);
            }
        }
        None
    }

    /// Put the moves of `next` into `moves`, ordered by the number of winning cells they
    /// create (centre first among equals), each with those winning cells.
    #[inline]
    fn order(position: &Position, next: u64, moves: &mut MoveList) {
        if next == 0 {
            return;
        }
        if next.is_power_of_two() {
            // A single move: nothing to order.
            moves.add(next, 0, position.wins_after(next));
            return;
        }
        for &col in CENTRE_FIRST.iter().rev() {
            let cell = next & column_mask(col);
            if cell != 0 {
                let wins = position.wins_after(cell);
                moves.add(cell, wins.count_ones(), wins);
            }
        }
    }

    /// The score of playing `cell` (after which its player has the winning cells `wins`), for
    /// the player who plays it, searched in the window [alpha, beta].
    #[inline]
    fn move_score(
        &mut self,
        position: &Position,
        cell: u64,
        wins: u64,
        alpha: i32,
        beta: i32,
        level: usize,
    ) -> Result<i32, StopReason> {
        let mut child = *position;
        child.play_bit(cell);
        Ok(-self.negamax(&child, wins, -beta, -alpha, level + 1)?)
    }

    /// Record a beta cutoff: `score` is a lower bound, reached by playing `col` (as the table
    /// orients it), after the nodes counted since `nodes_before`.
    #[inline]
    fn store_cutoff(&mut self, place: Place, score: i32, col: u32, nodes_before: u64) {
        self.tally.dead_end();
        let work = self.tally.nodes() - nodes_before;
        self.table.put_at(place, StoredBound::Lower(score), Some(col), work);
    }

    /// Fail-hard negamax in the window [alpha, beta]; the player to move cannot win at once.
    /// `threats` are the empty cells that would complete four for the opponent (the parent
    /// computed them to order its moves, so they are passed down instead of recomputed).
    fn negamax(
        &mut self,
        position: &Position,
        threats: u64,
        mut alpha: i32,
        mut beta: i32,
        level: usize,
    ) -> Result<i32, StopReason> {
        self.tally.enter(level)?;
        let n = position.moves() as i32;
        let cells = CELLS as i32;
        let next = position.non_losing_moves(threats);
        if next == 0 {
            // Every move lets the opponent win with their next stone.
            self.tally.leaf();
            return Ok(-(cells - n) / 2);
        }
        if n >= cells - 2 {
            // The last two stones cannot make four for either side here.
            self.tally.leaf();
            return Ok(0);
        }
        // We cannot lose before the opponent's next-but-one stone...
        let min = -(cells - 2 - n) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return Ok(alpha);
            }
        }
        // ...and cannot win with our next stone.
        let max = (cells - 1 - n) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return Ok(beta);
            }
        }
        // With mirror symmetry the table holds the smaller of the two keys, and columns are
        // stored as seen from that orientation.
        let plain_key = position.key();
        let mirrored = self.symmetry && position.mirrored_key() < plain_key;
        let key = if mirrored { position.mirrored_key() } else { plain_key };
        let orient = |col: u32| if mirrored { WIDTH - 1 - col } else { col };
        let place = Place::of(key);
        let nodes_before = self.tally.nodes();
        let mut hint = None;
        if let Some(stored) = self.table.get_at(place) {
            hint = stored.best.map(orient);
            match stored.bound {
                StoredBound::Lower(lower) if alpha < lower => {
                    alpha = lower;
                    if alpha >= beta {
                        return Ok(alpha);
                    }
                }
                StoredBound::Upper(upper) if beta > upper => {
                    beta = upper;
                    if alpha >= beta {
                        return Ok(beta);
                    }
                }
                _ => {}
            }
        }
        if self.etc
            && n < ETC_BEFORE_MOVE
            && let Some(score) = self.transposition_cutoff(position, next, beta)
        {
            self.tally.dead_end();
            return Ok(score);
        }
        self.tally.branch(if next.is_power_of_two() { 1 } else { 2 });
        // The table's move is searched before the other moves are even scored: when it refutes
        // the window again, as it usually does, the ordering work is saved. (It would come first
        // in the full ordering as well.)
        let mut rest = next;
        if let Some(col) = hint
            && self.hints
            && next & column_mask(col) != 0
        {
            let cell = next & column_mask(col);
            rest ^= cell;
            self.tally.child(usize::from(rest != 0));
            let score = self.move_score(position, cell, position.wins_after(cell), alpha, beta, level)?;
            if score >= beta {
                self.store_cutoff(place, score, orient(col), nodes_before);
                return Ok(score);
            }
            alpha = alpha.max(score);
        }
        let mut moves = MoveList::new();
        Self::order(position, rest, &mut moves);
        while let Some((cell, wins)) = moves.pop() {
            self.tally.child(moves.len);
            let score = self.move_score(position, cell, wins, alpha, beta, level)?;
            if score >= beta {
                let col = cell.trailing_zeros() / COLUMN_BITS;
                self.store_cutoff(place, score, orient(col), nodes_before);
                return Ok(score);
            }
            alpha = alpha.max(score);
        }
        self.table.put_at(
            place,
            StoredBound::Upper(alpha),
            None,
            self.tally.nodes() - nodes_before,
        );
        Ok(alpha)
    }
}
