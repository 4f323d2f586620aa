//! The teacher: AutoMine's local estimate of P(mine), reproduced faithfully as the baseline.
//!
//! The original (`MsTeacher` in levelstage/AutoMine, reimplemented from its description) keeps
//! a *safety* per covered cell (1 = surely safe, 0 = surely a mine) and, after every click:
//! 1. writes the newly revealed cells (safety 1, "touched") and queues them, in the order the
//!    click revealed them;
//! 2. pops a number `v` from the queue; among its covered neighbours counts the known mines
//!    (facts with safety 0), the known safe cells (facts with safety 1) and the `unknown`
//!    rest; if `unknown > 0` every unknown neighbour gets `P = (v − mines) / unknown`:
//!    - a fact (P exactly 0 or 1) overwrites the old value, becomes known, bumps the known-safe
//!      or known-mine counter, and queues every revealed neighbour of that cell except the
//!      number being processed ("facts re-queue their neighbours");
//!    - otherwise the more pessimistic estimate is kept (the lower safety); a changed estimate
//!      does not re-queue anything, so results depend on queue order, as in the original;
//!    - cells already known are never touched (the missing check that once produced values
//!      outside `[0, 1]`);
//! 3. gives every cell next to no number so far ("untouched") the density
//!    `(M − known mines) / (covered cells − known mines − known safe cells)`.
//!
//! Estimates persist from click to click (the prior of a never-seen cell is `M / (W·H)`).
//! [`Teacher`] is the incremental, per-game form; [`teacher_probabilities`] runs it once on a
//! position, queueing every revealed number in row-major order. Flags are taken to be mines.
//! Unlike the original, a number that contradicts its known neighbours is reported as a
//! [`ProbabilityError::LocalContradiction`] instead of producing a value outside `[0, 1]`.

use std::collections::VecDeque;

use crate::error::ProbabilityError;
use crate::geometry::{CellId, Dims};
use crate::probability::map::ProbabilityMap;
use crate::view::{CellView, PlayerView};

/// What the teacher knows for certain about a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fact {
    Unknown,
    Safe,
    Mine,
}

/// AutoMine's teacher, following one game click by click.
///
/// ```
/// use automine_core::{Col, FirstClick, Game, Pos, Preset, Row, Teacher};
/// let mut game = Game::new(Preset::Beginner.settings(FirstClick::Opening), 3);
/// let mut teacher = Teacher::new(game.view());
/// let outcome = game.reveal(Pos::new(Col(4), Row(4)))?;
/// teacher.observe(game.view(), &outcome.revealed)?;
/// let map = teacher.probabilities(game.view());
/// assert!(map.covered().all(|(_, p)| (0.0..=1.0).contains(&p)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Teacher {
    dims: Dims,
    mines: u32,
    safety: Vec<f64>,
    fact: Vec<Fact>,
    touched: Vec<bool>,
    known_safe: usize,
    known_mines: usize,
}

impl Teacher {
    /// A teacher for the game whose (initial) view is `view`; every cell starts at the prior
    /// safety `1 − M / (W·H)`. Cells already revealed are not processed until
    /// [`Teacher::observe`] is given them.
    pub fn new(view: &PlayerView) -> Self {
        let dims = view.dims();
        let prior = 1.0 - f64::from(view.total_mines()) / dims.cell_count() as f64;
        Self {
            dims,
            mines: view.total_mines(),
            safety: vec![prior.clamp(0.0, 1.0); dims.cell_count()],
            fact: vec![Fact::Unknown; dims.cell_count()],
            touched: vec![false; dims.cell_count()],
            known_safe: 0,
            known_mines: 0,
        }
    }

    /// Take in a click that revealed `revealed` (in order), then propagate and refresh the
    /// untouched cells. Flagged cells of `view` become known mines.
    ///
    /// # Errors
    /// [`ProbabilityError::LocalContradiction`] when a number cannot fit the facts around it,
    /// and [`ProbabilityError::TeacherMineCount`] when the board's mine count does not fit the
    /// certain mines and the undecided cells.
    pub fn observe(&mut self, view: &PlayerView, revealed: &[CellId]) -> Result<(), ProbabilityError> {
        for id in self.dims.ids() {
            if view.at(id) == CellView::Flagged && self.fact[id.index()] == Fact::Unknown {
                self.make_fact(id, Fact::Mine);
            }
        }
        let mut queue: VecDeque<CellId> = VecDeque::new();
        for &id in revealed {
            let i = id.index();
            if i >= self.safety.len() {
                continue;
            }
            if self.fact[i] == Fact::Safe {
                self.known_safe -= 1;
            }
            self.fact[i] = Fact::Unknown;
            self.safety[i] = 1.0;
            self.touched[i] = true;
            queue.push_back(id);
        }
        while let Some(id) = queue.pop_front() {
            self.process(view, id, &mut queue)?;
        }
        self.refresh_untouched(view)
    }

    fn make_fact(&mut self, id: CellId, fact: Fact) {
        let i = id.index();
        self.fact[i] = fact;
        self.touched[i] = true;
        match fact {
            Fact::Safe => {
                self.safety[i] = 1.0;
                self.known_safe += 1;
            }
            Fact::Mine => {
                self.safety[i] = 0.0;
                self.known_mines += 1;
            }
            Fact::Unknown => {}
        }
    }

    /// Step 2 for the number at `id`.
    fn process(&mut self, view: &PlayerView, id: CellId, queue: &mut VecDeque<CellId>) -> Result<(), ProbabilityError> {
        let CellView::Revealed(number) = view.at(id) else {
            return Ok(());
        };
        // Known safe neighbours are neither mines nor unknown: they only drop out of the count.
        let (mut mines, mut unknown) = (0u8, 0u8);
        for n in self.dims.neighbours(id) {
            if !view.at(n).is_closed() {
                continue;
            }
            match self.fact[n.index()] {
                Fact::Mine => mines += 1,
                Fact::Safe => {}
                Fact::Unknown => unknown += 1,
            }
        }
        let contradiction = ProbabilityError::LocalContradiction {
            at: self.dims.pos(id),
            number,
        };
        if mines > number || (unknown == 0 && mines != number) || number - mines > unknown {
            return Err(contradiction);
        }
        if unknown == 0 {
            return Ok(());
        }
        let p_mine = f64::from(number - mines) / f64::from(unknown);
        let safety = 1.0 - p_mine;
        for n in self.dims.neighbours(id) {
            if !view.at(n).is_closed() || self.fact[n.index()] != Fact::Unknown {
                continue;
            }
            self.touched[n.index()] = true;
            if p_mine == 0.0 || p_mine >= 1.0 {
                self.make_fact(n, if p_mine == 0.0 { Fact::Safe } else { Fact::Mine });
                for m in self.dims.neighbours(n) {
                    if m != id && matches!(view.at(m), CellView::Revealed(_)) {
                        queue.push_back(m);
                    }
                }
            } else if safety < self.safety[n.index()] {
                self.safety[n.index()] = safety;
            }
        }
        Ok(())
    }

    /// Step 3: the density rule for cells next to no number so far.
    fn refresh_untouched(&mut self, view: &PlayerView) -> Result<(), ProbabilityError> {
        let closed = view.cells().iter().filter(|c| c.is_closed()).count();
        let mines_left = i64::from(self.mines) - self.known_mines as i64;
        let room = closed as i64 - self.known_mines as i64 - self.known_safe as i64;
        let untouched: Vec<usize> = (0..self.safety.len())
            .filter(|&i| !self.touched[i] && view.cells()[i].is_closed())
            .collect();
        // The board's mines must fit: at least the certain ones, at most those plus one in every
        // closed cell still undecided (whether or not any is left untouched).
        if mines_left < 0 || mines_left > room {
            return Err(ProbabilityError::TeacherMineCount {
                mines: self.mines,
                certain: self.known_mines,
                undecided: room.max(0) as usize,
            });
        }
        if untouched.is_empty() {
            return Ok(());
        }
        // Untouched closed cells are undecided, so `room >= untouched.len() > 0`.
        let safety = 1.0 - mines_left as f64 / room as f64;
        for i in untouched {
            self.safety[i] = safety;
        }
        Ok(())
    }

    /// The teacher's current P(mine) (`1 − safety`) for every covered, unflagged cell of
    /// `view`.
    pub fn probabilities(&self, view: &PlayerView) -> ProbabilityMap {
        let mut map = ProbabilityMap::empty(self.dims);
        for id in self.dims.ids() {
            if view.at(id) == CellView::Covered {
                map.set(id, 1.0 - self.safety[id.index()]);
            }
        }
        map
    }
}

/// The teacher's estimate for one position: a fresh [`Teacher`] observes every revealed cell
/// of `view` in row-major order.
///
/// # Errors
/// As [`Teacher::observe`].
///
/// ```
/// use automine_core::{Col, PlayerView, Pos, Row, teacher_probabilities};
/// let view: PlayerView = "3x3 2\n1..\n...\n...\n".parse()?;
/// let map = teacher_probabilities(&view)?;
/// // The 1 has three unknown neighbours: 1/3 each; the rest get the density 2/8.
/// assert!((map.get(Pos::new(Col(1), Row(0))).unwrap() - 1.0 / 3.0).abs() < 1e-12);
/// assert!((map.get(Pos::new(Col(2), Row(2))).unwrap() - 0.25).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn teacher_probabilities(view: &PlayerView) -> Result<ProbabilityMap, ProbabilityError> {
    let mut teacher = Teacher::new(view);
    let revealed: Vec<CellId> = view
        .dims()
        .ids()
        .filter(|&id| matches!(view.at(id), CellView::Revealed(_)))
        .collect();
    teacher.observe(view, &revealed)?;
    Ok(teacher.probabilities(view))
}

#[cfg(test)]
#[expect(clippy::float_cmp, reason = "certainties are exact")]
mod tests {
    use super::*;

    fn p(map: &ProbabilityMap, id: u32) -> f64 {
        map.at(CellId(id)).unwrap()
    }

    #[test]
    fn facts_spread_through_the_queue() {
        // A 1-1 along a wall: the corner 1 sees two unknowns, but the 0 clears one of them
        // first (a fact), which re-queues the 1 and makes the other a certain mine.
        let view: PlayerView = "3x2 1\n01.\n01.\n".parse().unwrap();
        let map = teacher_probabilities(&view).unwrap();
        assert!((p(&map, 2) - 0.5).abs() < 1e-12);
        let view: PlayerView = "3x3 1\n01.\n01.\n00.\n".parse().unwrap();
        let map = teacher_probabilities(&view).unwrap();
        // The bottom 0 makes (2,1) and (2,2) safe facts; the 1s then pin the mine on (2,0).
        assert_eq!(p(&map, 2), 1.0);
        assert_eq!(p(&map, 5), 0.0);
    }

    #[test]
    fn pessimistic_estimate_is_kept() {
        // The centre touches a 2 (2/3 on each of its three unknowns) and a 1 (1/3 each): it
        // keeps the higher P(mine) whichever comes first.
        for text in ["3x3 3\n2..\n...\n..1\n", "3x3 3\n1..\n...\n..2\n"] {
            let view: PlayerView = text.parse().unwrap();
            let map = teacher_probabilities(&view).unwrap();
            assert!((p(&map, 4) - 2.0 / 3.0).abs() < 1e-12, "{text}");
        }
    }

    #[test]
    fn contradictions_are_errors() {
        let view: PlayerView = "2x1 1\n2.\n".parse().unwrap();
        assert!(matches!(
            teacher_probabilities(&view),
            Err(ProbabilityError::LocalContradiction { number: 2, .. })
        ));
    }
}
