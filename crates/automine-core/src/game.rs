//! [`Game`]: one game of Minesweeper: reveal with flood fill, flags, chording, won and lost.

use crate::error::{BoardError, PlayError};
use crate::geometry::{CellId, Pos};
use crate::layout::MineLayout;
use crate::settings::{FirstClick, GameSettings};
use crate::view::{CellView, PlayerView};

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum GameStatus {
    /// Moves may still be played.
    Playing,
    /// Every safe cell is open.
    Won,
    /// A mine was opened at this position.
    Lost(Pos),
}

/// What a move did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MoveOutcome {
    /// Cells opened by this move, in the order they were opened.
    pub revealed: Vec<CellId>,
    /// The mine that was hit, if any.
    pub exploded: Option<CellId>,
}

/// One game: the settings, the seed, the hidden layout (laid at the first click unless the
/// rule is `any`) and the player's view.
///
/// ```
/// use automine_core::{Col, FirstClick, Game, GameStatus, Pos, Preset, Row};
/// let mut game = Game::new(Preset::Beginner.settings(FirstClick::Opening), 42);
/// let outcome = game.reveal(Pos::new(Col(4), Row(4)))?;
/// assert!(outcome.revealed.len() >= 9); // an opening
/// assert_eq!(game.status(), GameStatus::Playing);
/// println!("{}", game.view());
/// # Ok::<(), automine_core::PlayError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    settings: GameSettings,
    seed: u64,
    layout: Option<MineLayout>,
    view: PlayerView,
    status: GameStatus,
}

impl Game {
    /// A new game. Under the `any` rule the mines are laid now; otherwise at the first click,
    /// around which the rule keeps cells free.
    pub fn new(settings: GameSettings, seed: u64) -> Self {
        let dims = settings.dims();
        let layout = (settings.first_click() == FirstClick::Any).then(|| {
            let origin = dims.pos(CellId(0));
            MineLayout::generate(settings, seed, origin).unwrap_or_else(|_| unreachable!("cell 0 is on every board"))
        });
        Self {
            settings,
            seed,
            layout,
            view: PlayerView::covered(dims, settings.mines()),
            status: GameStatus::Playing,
        }
    }

    /// A game on a given layout (the first-click rule is not applied: the layout is fixed).
    ///
    /// # Errors
    /// [`BoardError::LayoutMismatch`] unless the layout has the board size and the mine
    /// count of `settings` (which [`Game::settings`] then reports).
    pub fn with_layout(settings: GameSettings, layout: MineLayout) -> Result<Self, BoardError> {
        if layout.dims() != settings.dims() || layout.mine_count() != settings.mines() as usize {
            return Err(BoardError::LayoutMismatch {
                settings: settings.dims(),
                settings_mines: settings.mines(),
                layout: layout.dims(),
                layout_mines: layout.mine_count(),
            });
        }
        Ok(Self {
            settings,
            seed: 0,
            view: PlayerView::covered(layout.dims(), settings.mines()),
            layout: Some(layout),
            status: GameStatus::Playing,
        })
    }

    /// The settings.
    pub const fn settings(&self) -> GameSettings {
        self.settings
    }

    /// The seed the mines are laid from.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// What the player sees: the only input a solver gets.
    pub const fn view(&self) -> &PlayerView {
        &self.view
    }

    /// Where the game stands.
    pub const fn status(&self) -> GameStatus {
        self.status
    }

    /// The hidden layout, once laid. Meant for training labels, evaluation and pictures after
    /// the fact, never for choosing moves.
    pub const fn hidden_layout(&self) -> Option<&MineLayout> {
        self.layout.as_ref()
    }

    fn check(&self, pos: Pos) -> Result<CellId, PlayError> {
        let id = self.view.dims().id(pos).ok_or(PlayError::OffBoard(pos))?;
        if self.status != GameStatus::Playing {
            return Err(PlayError::GameOver);
        }
        Ok(id)
    }

    /// Open the cell at `pos`. A zero opens its neighbours recursively (flood fill). Opening a
    /// flagged or already open cell does nothing.
    ///
    /// # Errors
    /// [`PlayError::OffBoard`], or [`PlayError::GameOver`] after a win or a loss.
    pub fn reveal(&mut self, pos: Pos) -> Result<MoveOutcome, PlayError> {
        let id = self.check(pos)?;
        let mut outcome = MoveOutcome::default();
        if self.view.at(id) != CellView::Covered {
            // A flag (or an open cell) absorbs the click; in particular a click on a flag
            // must not lay the mines: the protected first click is the first real opening.
            return Ok(outcome);
        }
        if self.layout.is_none() {
            self.layout = Some(MineLayout::generate(self.settings, self.seed, pos)?);
        }
        self.open(id, &mut outcome);
        Ok(outcome)
    }

    /// Toggle the flag on a covered cell; an open cell is left alone. Returns whether the
    /// cell is flagged afterwards.
    ///
    /// # Errors
    /// As [`Game::reveal`].
    pub fn toggle_flag(&mut self, pos: Pos) -> Result<bool, PlayError> {
        let id = self.check(pos)?;
        match self.view.at(id) {
            CellView::Covered => {
                self.view.set(id, CellView::Flagged);
                Ok(true)
            }
            CellView::Flagged => {
                self.view.set(id, CellView::Covered);
                Ok(false)
            }
            CellView::Revealed(_) => Ok(false),
        }
    }

    /// Chord: on an open number whose flagged neighbours equal its value, open every other
    /// covered neighbour (which loses if a flag was wrong). Otherwise nothing happens.
    ///
    /// # Errors
    /// As [`Game::reveal`].
    pub fn chord(&mut self, pos: Pos) -> Result<MoveOutcome, PlayError> {
        let id = self.check(pos)?;
        let mut outcome = MoveOutcome::default();
        let dims = self.view.dims();
        if let CellView::Revealed(n) = self.view.at(id) {
            let flags = dims
                .neighbours(id)
                .filter(|&c| self.view.at(c) == CellView::Flagged)
                .count();
            if flags == usize::from(n) {
                for c in dims.neighbours(id) {
                    if self.status == GameStatus::Playing && self.view.at(c) == CellView::Covered {
                        self.open(c, &mut outcome);
                    }
                }
            }
        }
        Ok(outcome)
    }

    /// A game from its parts as a document gave them, checked against each other: the view
    /// and the layout fit the settings, every open cell of the view is a safe cell showing
    /// the layout's number, and the status is the one those cells imply. The error says
    /// which check failed.
    #[cfg(feature = "serde")]
    pub(crate) fn from_parts(
        settings: GameSettings,
        seed: u64,
        layout: Option<MineLayout>,
        view: PlayerView,
        status: GameStatus,
    ) -> Result<Self, String> {
        let dims = settings.dims();
        if view.dims() != dims || view.total_mines() != settings.mines() {
            return Err(format!(
                "the view is a {} board with {} mines, the settings a {dims} board with {}",
                view.dims(),
                view.total_mines(),
                settings.mines()
            ));
        }
        let Some(laid) = layout.as_ref() else {
            if settings.first_click() == FirstClick::Any {
                return Err("a game under the `any` rule has its layout from the start".to_string());
            }
            if view.revealed_count() > 0 || status != GameStatus::Playing {
                return Err("a game with open cells, won or lost, has a layout".to_string());
            }
            return Ok(Self {
                settings,
                seed,
                layout,
                view,
                status,
            });
        };
        if laid.dims() != dims || laid.mine_count() != settings.mines() as usize {
            let mismatch = BoardError::LayoutMismatch {
                settings: dims,
                settings_mines: settings.mines(),
                layout: laid.dims(),
                layout_mines: laid.mine_count(),
            };
            return Err(mismatch.to_string());
        }
        for id in dims.ids() {
            if let CellView::Revealed(n) = view.at(id) {
                let pos = dims.pos(id);
                if laid.is_mine(id) {
                    return Err(format!("cell {pos} is open in the view but a mine in the layout"));
                }
                if n != laid.number(id) {
                    return Err(format!(
                        "cell {pos} shows {n} in the view but {} in the layout",
                        laid.number(id)
                    ));
                }
            }
        }
        let safe_cells = dims.cell_count() - laid.mine_count();
        let all_open = view.revealed_count() == safe_cells;
        let consistent = match status {
            GameStatus::Won => all_open,
            GameStatus::Playing => !all_open,
            GameStatus::Lost(pos) => !all_open && dims.id(pos).is_some_and(|id| laid.is_mine(id)),
        };
        if !consistent {
            return Err(format!(
                "status {status:?} does not fit the view ({} of {safe_cells} safe cells open) and the layout",
                view.revealed_count()
            ));
        }
        Ok(Self {
            settings,
            seed,
            layout,
            view,
            status,
        })
    }

    /// Open `id` (covered, game running, layout laid), flood-filling from zeros.
    fn open(&mut self, id: CellId, outcome: &mut MoveOutcome) {
        let Some(layout) = self.layout.as_ref() else {
            return;
        };
        if self.view.at(id) != CellView::Covered {
            return;
        }
        let dims = self.view.dims();
        if layout.is_mine(id) {
            self.status = GameStatus::Lost(dims.pos(id));
            outcome.exploded = Some(id);
            return;
        }
        let mut stack = vec![id];
        self.view.set(id, CellView::Revealed(layout.number(id)));
        outcome.revealed.push(id);
        while let Some(cell) = stack.pop() {
            if layout.number(cell) != 0 {
                continue;
            }
            for n in dims.neighbours(cell) {
                // A zero's neighbours are never mines; flags on them are left alone.
                if self.view.at(n) == CellView::Covered {
                    self.view.set(n, CellView::Revealed(layout.number(n)));
                    outcome.revealed.push(n);
                    stack.push(n);
                }
            }
        }
        let safe_cells = dims.cell_count() - layout.mine_count();
        if self.view.revealed_count() == safe_cells {
            self.status = GameStatus::Won;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Col, Dims, Height, Row, Width};

    fn pos(c: u16, r: u16) -> Pos {
        Pos::new(Col(c), Row(r))
    }

    fn small_game() -> Game {
        // 4x3, mines at (3,0) and (3,2).
        let dims = Dims::new(Width(4), Height(3)).unwrap();
        let layout = MineLayout::from_mines(dims, [CellId(3), CellId(11)]);
        let settings = GameSettings::new(dims, 2, FirstClick::Any).unwrap();
        Game::with_layout(settings, layout).unwrap()
    }

    #[test]
    fn flood_fill_opens_the_zero_region() {
        let mut game = small_game();
        let outcome = game.reveal(pos(0, 1)).unwrap();
        assert_eq!(outcome.revealed.len(), 9);
        assert_eq!(game.view().to_string(), "4x3 2\n001.\n002.\n001.\n");
        assert_eq!(game.status(), GameStatus::Playing);
        game.reveal(pos(3, 1)).unwrap();
        assert_eq!(game.status(), GameStatus::Won);
        assert_eq!(game.reveal(pos(3, 0)), Err(PlayError::GameOver));
    }

    #[test]
    fn chording_opens_around_satisfied_numbers_and_loses_on_wrong_flags() {
        let mut game = small_game();
        game.reveal(pos(2, 0)).unwrap();
        assert!(game.toggle_flag(pos(3, 0)).unwrap());
        let outcome = game.chord(pos(2, 0)).unwrap();
        assert_eq!(outcome.exploded, None);
        assert!(game.view().revealed_count() > 1);

        let mut game = small_game();
        game.reveal(pos(2, 1)).unwrap(); // shows 2
        game.toggle_flag(pos(3, 0)).unwrap();
        game.toggle_flag(pos(3, 1)).unwrap(); // wrong flag
        let outcome = game.chord(pos(2, 1)).unwrap();
        assert_eq!(outcome.exploded, Some(CellId(11)));
        assert_eq!(game.status(), GameStatus::Lost(pos(3, 2)));
    }

    #[test]
    fn flags_block_reveal_and_toggle_off() {
        let mut game = small_game();
        assert!(game.toggle_flag(pos(3, 0)).unwrap());
        assert!(game.reveal(pos(3, 0)).unwrap().revealed.is_empty());
        assert_eq!(game.status(), GameStatus::Playing);
        assert!(!game.toggle_flag(pos(3, 0)).unwrap());
        assert_eq!(game.reveal(pos(9, 0)), Err(PlayError::OffBoard(pos(9, 0))));
    }

    #[test]
    fn a_click_on_a_flag_does_not_lay_the_mines() {
        // Found by the invariants property test: flag a cell, click it, then open another
        // cell. The protected first click is the second cell, not the flagged one.
        for seed in 0..200 {
            let settings = GameSettings::new(Dims::new(Width(5), Height(5)).unwrap(), 7, FirstClick::Safe).unwrap();
            let mut game = Game::new(settings, seed);
            game.toggle_flag(pos(4, 4)).unwrap();
            assert!(game.reveal(pos(4, 4)).unwrap().revealed.is_empty());
            assert!(game.hidden_layout().is_none());
            assert_eq!(game.reveal(pos(0, 1)).unwrap().exploded, None);
        }
    }

    #[test]
    fn first_click_rules_hold() {
        for seed in 0..200 {
            for rule in [FirstClick::Safe, FirstClick::Opening] {
                let settings = GameSettings::new(Dims::new(Width(5), Height(5)).unwrap(), 16, rule).unwrap();
                let mut game = Game::new(settings, seed);
                let outcome = game.reveal(pos(2, 2)).unwrap();
                assert_eq!(outcome.exploded, None);
                if rule == FirstClick::Opening {
                    assert_eq!(game.view().cell(pos(2, 2)), Some(CellView::Revealed(0)));
                }
            }
        }
    }
}
