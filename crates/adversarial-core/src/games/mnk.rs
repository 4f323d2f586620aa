//! m,n,k-games: two players take turns putting a stone on an empty cell of an m×n board; the
//! first to get k in a row (horizontally, vertically or diagonally) wins. Tic-tac-toe is
//! (3,3,3); (4,4,4) is a draw.
//!
//! Positions are two bitboards (cell `row × width + col`, at most 64 cells), so copying one is
//! cheap. Symmetries: the 8 rotations and reflections of a square board, the 4 of a
//! rectangular one; [`Game::canonical_hash`] is the smallest key over them.

use search_core::SearchSpace;

use crate::game::{Game, Outcome, Side};
use crate::score::{Evaluator, Value};

/// Why an m,n,k-game cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MnkError {
    /// The board is empty or has more than 64 cells.
    #[error(
        "a {width}x{height} board has {} cells; 1 to 64 are supported",
        u64::from(*width) * u64::from(*height)
    )]
    BoardSize {
        /// Columns asked for.
        width: u32,
        /// Rows asked for.
        height: u32,
    },
    /// k is 0 or longer than both sides of the board.
    #[error("k = {k} does not fit a {width}x{height} board")]
    RowLength {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
        /// The row length asked for.
        k: u32,
    },
}

/// A map of (row, column) to (row, column) given (height, width): one symmetry of the board.
type CellMap = fn(i32, i32, i32, i32) -> (i32, i32);

/// The rules of an m,n,k-game: board size, row length, and the precomputed lines and
/// symmetries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MnkGame {
    width: u32,
    height: u32,
    k: u32,
    /// Every k-in-a-row as a cell mask.
    lines: Vec<u64>,
    /// For each cell, the indices into `lines` of the lines through it.
    lines_through: Vec<Vec<u16>>,
    /// For each symmetry, the image of each cell.
    symmetries: Vec<Vec<u8>>,
}

/// A position of an m,n,k-game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MnkPosition {
    /// Cells of the first player (X).
    pub first: u64,
    /// Cells of the second player (O).
    pub second: u64,
    ply: u8,
    outcome: Option<Outcome>,
}

impl MnkPosition {
    /// Who holds `cell`, if anyone (`None` for a cell off the board).
    pub fn owner(&self, cell: u32) -> Option<Side> {
        if cell >= u64::BITS {
            None
        } else if self.first >> cell & 1 == 1 {
            Some(Side::First)
        } else if self.second >> cell & 1 == 1 {
            Some(Side::Second)
        } else {
            None
        }
    }
}

impl MnkGame {
    /// The (width, height, k) game.
    ///
    /// # Errors
    /// [`MnkError`] for a board of 0 or more than 64 cells, or a k that fits no line.
    pub fn new(width: u32, height: u32, k: u32) -> Result<Self, MnkError> {
        let cells = u64::from(width) * u64::from(height);
        if cells == 0 || cells > 64 {
            return Err(MnkError::BoardSize { width, height });
        }
        if k == 0 || (k > width && k > height) {
            return Err(MnkError::RowLength { width, height, k });
        }
        let (w, h, kk) = (width as i32, height as i32, k as i32);
        let mut lines = Vec::new();
        for row in 0..h {
            for col in 0..w {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let end_row = row + dr * (kk - 1);
                    let end_col = col + dc * (kk - 1);
                    if !(0..h).contains(&end_row) || !(0..w).contains(&end_col) {
                        continue;
                    }
                    let mask = (0..kk).fold(0u64, |m, i| m | 1 << ((row + dr * i) * w + col + dc * i));
                    if !lines.contains(&mask) {
                        lines.push(mask);
                    }
                }
            }
        }
        let lines_through = (0..cells)
            .map(|cell| {
                (0..lines.len())
                    .filter(|&i| lines[i] >> cell & 1 == 1)
                    .map(|i| i as u16)
                    .collect()
            })
            .collect();
        let mut transforms: Vec<CellMap> = vec![
            |r, c, _, _| (r, c),
            |r, c, _, w| (r, w - 1 - c),
            |r, c, h, _| (h - 1 - r, c),
            |r, c, h, w| (h - 1 - r, w - 1 - c),
        ];
        if width == height {
            transforms.extend::<[CellMap; 4]>([
                |r, c, _, _| (c, r),
                |r, c, h, _| (c, h - 1 - r),
                |r, c, _, w| (w - 1 - c, r),
                |r, c, h, w| (w - 1 - c, h - 1 - r),
            ]);
        }
        let symmetries = transforms
            .iter()
            .map(|t| {
                (0..h * w)
                    .map(|cell| {
                        let (r, c) = t(cell / w, cell % w, h, w);
                        (r * w + c) as u8
                    })
                    .collect()
            })
            .collect();
        Ok(Self {
            width,
            height,
            k,
            lines,
            lines_through,
            symmetries,
        })
    }

    /// Tic-tac-toe: the (3,3,3) game.
    pub fn tic_tac_toe() -> Self {
        // 3x3 with k = 3 is always valid.
        match Self::new(3, 3, 3) {
            Ok(game) => game,
            Err(_) => unreachable!("3,3,3 is a valid m,n,k-game"),
        }
    }

    /// The empty board.
    pub fn start(&self) -> MnkPosition {
        MnkPosition::default()
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Stones in a row needed to win.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// Number of cells.
    pub fn cells(&self) -> u32 {
        self.width * self.height
    }

    /// Every winning line as a cell mask.
    pub fn lines(&self) -> &[u64] {
        &self.lines
    }

    /// The number of symmetries of the board (8 for a square, 4 otherwise).
    pub fn symmetry_count(&self) -> usize {
        self.symmetries.len()
    }

    fn full(&self) -> u64 {
        if self.cells() == 64 {
            u64::MAX
        } else {
            (1u64 << self.cells()) - 1
        }
    }

    /// Lines still open for `side`: lines holding no stone of the other player.
    pub fn open_lines(&self, state: &MnkPosition, side: Side) -> u32 {
        let blockers = match side {
            Side::First => state.second,
            Side::Second => state.first,
        };
        self.lines.iter().filter(|&&line| line & blockers == 0).count() as u32
    }

    fn map_cells(bits: u64, symmetry: &[u8]) -> u64 {
        let mut rest = bits;
        let mut image = 0;
        while rest != 0 {
            image |= 1 << symmetry[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        image
    }

    fn key(&self, first: u64, second: u64) -> u64 {
        if self.cells() <= 32 {
            first | second << 32
        } else {
            mix(first ^ mix(second.wrapping_add(0x9e37_79b9_7f4a_7c15)))
        }
    }

    /// The board drawn with `X`, `O` and `.`, one row per line.
    pub fn render(&self, state: &MnkPosition) -> String {
        let mut text = String::new();
        for row in 0..self.height {
            for col in 0..self.width {
                text.push(match state.owner(row * self.width + col) {
                    Some(Side::First) => 'X',
                    Some(Side::Second) => 'O',
                    None => '.',
                });
            }
            text.push('\n');
        }
        text
    }
}

/// The `SplitMix64` finaliser: spreads the bits of a key.
pub(crate) fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ x >> 31
}

impl SearchSpace for MnkGame {
    type State = MnkPosition;
    type Choice = u8;

    fn choices(&self, state: &MnkPosition, out: &mut Vec<u8>) {
        if state.outcome.is_some() {
            return;
        }
        let mut free = self.full() & !(state.first | state.second);
        while free != 0 {
            out.push(free.trailing_zeros() as u8);
            free &= free - 1;
        }
    }

    fn apply(&self, state: &mut MnkPosition, cell: u8) {
        let bit = 1u64 << cell;
        let mover = if state.ply & 1 == 0 { Side::First } else { Side::Second };
        let stones = match mover {
            Side::First => {
                state.first |= bit;
                state.first
            }
            Side::Second => {
                state.second |= bit;
                state.second
            }
        };
        state.ply += 1;
        let won = self.lines_through[cell as usize]
            .iter()
            .any(|&i| self.lines[i as usize] & stones == self.lines[i as usize]);
        if won {
            state.outcome = Some(Outcome::Win(mover));
        } else if u32::from(state.ply) == self.cells() {
            state.outcome = Some(Outcome::Draw);
        }
    }
}

impl Game for MnkGame {
    fn side_to_move(&self, state: &MnkPosition) -> Side {
        if state.ply & 1 == 0 { Side::First } else { Side::Second }
    }

    fn outcome(&self, state: &MnkPosition) -> Option<Outcome> {
        state.outcome
    }

    fn ply(&self, state: &MnkPosition) -> u32 {
        u32::from(state.ply)
    }

    fn hash(&self, state: &MnkPosition) -> Option<u64> {
        Some(self.key(state.first, state.second))
    }

    fn canonical_hash(&self, state: &MnkPosition) -> Option<u64> {
        self.symmetries
            .iter()
            .map(|s| self.key(Self::map_cells(state.first, s), Self::map_cells(state.second, s)))
            .min()
    }

    fn move_index(&self, cell: u8) -> Option<usize> {
        Some(cell as usize)
    }

    fn move_index_bound(&self) -> usize {
        self.cells() as usize
    }
}

/// The lecture's evaluation: e(p) = lines still open for the player to move − lines still
/// open for the opponent.
///
/// ```
/// use adversarial_core::games::mnk::{MnkGame, OpenLines};
/// use adversarial_core::{Evaluator, Game};
/// let game = MnkGame::tic_tac_toe();
/// let x_centre = game.try_play(&game.start(), 4).unwrap();
/// // O to move: O has 4 open lines (those avoiding the centre), X has all 8.
/// assert_eq!(OpenLines.evaluate(&game, &x_centre), 4 - 8);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpenLines;

impl Evaluator<MnkGame> for OpenLines {
    fn evaluate(&self, game: &MnkGame, state: &MnkPosition) -> Value {
        let me = game.side_to_move(state);
        game.open_lines(state, me) as Value - game.open_lines(state, me.opponent()) as Value
    }
}
