//! Human solving techniques that explain themselves.
//!
//! Every technique is a *finder*: a function that looks at a [`Candidates`] grid and reports
//! each instance it sees as a [`Step`] (the technique, the digits it places, the candidates it
//! removes, and a plain-English sentence). Finders never change the grid; the logical solver
//! in [`crate::explain`] applies the first step of the easiest technique that has one, and the
//! grader in [`crate::grading`] scores the path.
//!
//! One file per family, so that "hidden single" or "X-wing" is found from the tree alone:
//! - [`singles`]: full house, naked single, hidden single;
//! - [`intersections`]: locked candidates (pointing and claiming);
//! - [`subsets`]: locked pairs and triples, naked and hidden pairs, triples and quads;
//! - [`fish`]: X-wing, swordfish, jellyfish;
//! - [`wings`]: XY-wing, XYZ-wing, W-wing;
//! - [`chains`]: turbot fish (skyscraper, 2-string kite), X-chains, simple colouring;
//! - [`uniqueness`]: unique rectangle type 1 and BUG+1 (only when uniqueness is assumed).
//!
//! The finders work on every layout whose digits fit the houses (4×4, 6×6, 9×9, …).
//!
//! ```
//! use sudoku_core::{Candidates, Grid, techniques::{Technique, find_all}};
//! let grid = Grid::parse_line("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
//! let cands = Candidates::from_grid(&grid);
//! let steps = find_all(Technique::HiddenSingle, &cands);
//! assert!(steps.iter().all(|s| s.technique == Technique::HiddenSingle && s.placements.len() == 1));
//! assert!(!steps.is_empty());
//! # Ok::<(), sudoku_core::ParseError>(())
//! ```

use std::ops::ControlFlow;

use crate::candidates::Candidates;
use crate::difficulty::Difficulty;
use crate::layout::Layout;
use crate::strategy::Placement;

pub mod chains;
pub mod fish;
pub mod intersections;
pub mod mentions;
pub mod singles;
pub mod subsets;
pub mod uniqueness;
pub mod wings;

/// A human solving technique.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a house takes the missing digit.
    FullHouse,
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a house.
    HiddenSingle,
    /// Two cells in one box and one line holding the same two candidates: they leave both
    /// houses.
    LockedPair,
    /// Three cells in one box and one line holding three candidates between them.
    LockedTriple,
    /// Locked candidates type 1: a digit confined to one line inside a box leaves the rest
    /// of the line.
    Pointing,
    /// Locked candidates type 2: a digit confined to one box inside a line leaves the rest
    /// of the box.
    Claiming,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// Three cells of a house with three candidates between them.
    NakedTriple,
    /// Four cells of a house with four candidates between them.
    NakedQuad,
    /// Two digits confined to the same two cells of a house.
    HiddenPair,
    /// Three digits confined to the same three cells of a house.
    HiddenTriple,
    /// Four digits confined to the same four cells of a house.
    HiddenQuad,
    /// A digit confined to two columns in two rows (or the transpose).
    XWing,
    /// The three-line fish.
    Swordfish,
    /// The four-line fish.
    Jellyfish,
    /// A digit chain of two strong links joined by a weak one (skyscraper, 2-string kite,
    /// turbot fish).
    TurbotFish,
    /// Two cells with the same two candidates joined by a strong link on one of them.
    WWing,
    /// A bivalue pivot with two bivalue pincers.
    XyWing,
    /// A trivalue pivot with two bivalue pincers.
    XyzWing,
    /// Unique rectangle type 1 (assumes the puzzle has one solution).
    UniqueRectangle1,
    /// Bivalue universal grave + 1 (assumes the puzzle has one solution).
    BugPlusOne,
    /// Simple colouring, colour trap: a cell seeing both colours of one digit.
    ColourTrap,
    /// Simple colouring, colour wrap: one colour appears twice in a house, so it is false.
    ColourWrap,
    /// A single-digit alternating chain of strong and weak links (longer than a turbot fish).
    XChain,
}

impl Technique {
    /// Every technique, in the order the logical solver tries them (`HoDoKu`'s default order,
    /// restricted to the techniques implemented here).
    pub const ALL: [Technique; 25] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::LockedPair,
        Technique::LockedTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::BugPlusOne,
        Technique::TurbotFish,
        Technique::WWing,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle1,
        Technique::ColourTrap,
        Technique::ColourWrap,
        Technique::XChain,
    ];

    /// The machine name used in JSON output, e.g. `hidden_single`.
    pub fn id(self) -> &'static str {
        match self {
            Technique::FullHouse => "full_house",
            Technique::NakedSingle => "naked_single",
            Technique::HiddenSingle => "hidden_single",
            Technique::LockedPair => "locked_pair",
            Technique::LockedTriple => "locked_triple",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked_pair",
            Technique::NakedTriple => "naked_triple",
            Technique::NakedQuad => "naked_quad",
            Technique::HiddenPair => "hidden_pair",
            Technique::HiddenTriple => "hidden_triple",
            Technique::HiddenQuad => "hidden_quad",
            Technique::XWing => "x_wing",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::TurbotFish => "turbot_fish",
            Technique::WWing => "w_wing",
            Technique::XyWing => "xy_wing",
            Technique::XyzWing => "xyz_wing",
            Technique::UniqueRectangle1 => "unique_rectangle_1",
            Technique::BugPlusOne => "bug_plus_one",
            Technique::ColourTrap => "colour_trap",
            Technique::ColourWrap => "colour_wrap",
            Technique::XChain => "x_chain",
        }
    }

    /// The human name, e.g. `Hidden single`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full house",
            Technique::NakedSingle => "Naked single",
            Technique::HiddenSingle => "Hidden single",
            Technique::LockedPair => "Locked pair",
            Technique::LockedTriple => "Locked triple",
            Technique::Pointing => "Locked candidates (pointing)",
            Technique::Claiming => "Locked candidates (claiming)",
            Technique::NakedPair => "Naked pair",
            Technique::NakedTriple => "Naked triple",
            Technique::NakedQuad => "Naked quad",
            Technique::HiddenPair => "Hidden pair",
            Technique::HiddenTriple => "Hidden triple",
            Technique::HiddenQuad => "Hidden quad",
            Technique::XWing => "X-wing",
            Technique::Swordfish => "Swordfish",
            Technique::Jellyfish => "Jellyfish",
            Technique::TurbotFish => "Turbot fish",
            Technique::WWing => "W-wing",
            Technique::XyWing => "XY-wing",
            Technique::XyzWing => "XYZ-wing",
            Technique::UniqueRectangle1 => "Unique rectangle type 1",
            Technique::BugPlusOne => "BUG+1",
            Technique::ColourTrap => "Simple colouring (trap)",
            Technique::ColourWrap => "Simple colouring (wrap)",
            Technique::XChain => "X-chain",
        }
    }

    /// `HoDoKu`'s difficulty level of the technique (`Options.java`, `DEFAULT_SOLVER_STEPS`).
    pub fn level(self) -> Difficulty {
        match self {
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle => Difficulty::Easy,
            Technique::LockedPair
            | Technique::LockedTriple
            | Technique::Pointing
            | Technique::Claiming
            | Technique::NakedPair
            | Technique::NakedTriple
            | Technique::HiddenPair
            | Technique::HiddenTriple => Difficulty::Medium,
            Technique::XChain => Difficulty::Unfair,
            _ => Difficulty::Hard,
        }
    }

    /// `HoDoKu`'s base score of one step with the technique.
    pub fn base_score(self) -> u32 {
        match self {
            Technique::FullHouse | Technique::NakedSingle => 4,
            Technique::HiddenSingle => 14,
            Technique::LockedPair => 40,
            Technique::Pointing | Technique::Claiming => 50,
            Technique::LockedTriple | Technique::NakedPair => 60,
            Technique::HiddenPair => 70,
            Technique::NakedTriple => 80,
            Technique::HiddenTriple | Technique::UniqueRectangle1 | Technique::BugPlusOne => 100,
            Technique::NakedQuad | Technique::TurbotFish => 120,
            Technique::XWing => 140,
            Technique::Swordfish
            | Technique::HiddenQuad
            | Technique::WWing
            | Technique::ColourTrap
            | Technique::ColourWrap => 150,
            Technique::Jellyfish | Technique::XyWing => 160,
            Technique::XyzWing => 180,
            Technique::XChain => 260,
        }
    }

    /// Whether the technique is sound only for puzzles with exactly one solution.
    pub fn assumes_uniqueness(self) -> bool {
        matches!(self, Technique::UniqueRectangle1 | Technique::BugPlusOne)
    }

    /// The technique with machine name `id` (see [`Technique::id`]).
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.id() == id)
    }
}

impl std::fmt::Display for Technique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One logical step: what a technique found, as data and as a sentence.
///
/// Placements and eliminations use search's [`Placement`] (cell in reading order from 0,
/// digit from 1). A step always changes the grid it was found in: it places at least one
/// digit or removes at least one candidate.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Digits the step places.
    pub placements: Vec<Placement>,
    /// Candidates the step removes.
    pub eliminations: Vec<Placement>,
    /// A plain-English explanation, e.g. "Hidden single: in box 5, 7 fits only in r5c4".
    pub text: String,
}

impl Step {
    /// Apply the step to `cands`. Returns `false` when the grid turns out contradictory (a
    /// placement clashes, or a cell loses its last candidate).
    pub fn apply(&self, cands: &mut Candidates) -> bool {
        let mut ok = true;
        for p in &self.placements {
            ok &= cands.place(p.cell as usize, p.digit);
        }
        for e in &self.eliminations {
            cands.eliminate(e.cell as usize, e.digit);
            ok &= cands.value(e.cell as usize).is_some() || !cands.candidates(e.cell as usize).is_empty();
        }
        ok
    }

    /// A step of `technique` removing `eliminations` (sorted, without duplicates).
    pub(crate) fn eliminating(technique: Technique, mut eliminations: Vec<Placement>, text: String) -> Step {
        eliminations.sort_by_key(|p| (p.cell, p.digit));
        eliminations.dedup();
        Step {
            technique,
            placements: Vec::new(),
            eliminations,
            text,
        }
    }

    /// A step of `technique` placing `digit` in `cell`.
    pub(crate) fn placing(technique: Technique, cell: usize, digit: u8, text: String) -> Step {
        Step {
            technique,
            placements: vec![Placement {
                cell: cell as u16,
                digit,
            }],
            eliminations: Vec::new(),
            text,
        }
    }
}

/// Where finders report their steps; returning `ControlFlow::Break` stops the search.
pub type Sink<'a> = dyn FnMut(Step) -> ControlFlow<()> + 'a;

/// Report every instance of `technique` in `cands` to `sink`, until the sink breaks.
/// Returns `Break` when the sink did.
pub fn find(technique: Technique, cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match technique {
        Technique::FullHouse => singles::full_house(cands, sink),
        Technique::NakedSingle => singles::naked_single(cands, sink),
        Technique::HiddenSingle => singles::hidden_single(cands, sink),
        Technique::Pointing => intersections::pointing(cands, sink),
        Technique::Claiming => intersections::claiming(cands, sink),
        Technique::LockedPair => subsets::locked_subset(cands, 2, sink),
        Technique::LockedTriple => subsets::locked_subset(cands, 3, sink),
        Technique::NakedPair => subsets::naked_subset(cands, 2, sink),
        Technique::NakedTriple => subsets::naked_subset(cands, 3, sink),
        Technique::NakedQuad => subsets::naked_subset(cands, 4, sink),
        Technique::HiddenPair => subsets::hidden_subset(cands, 2, sink),
        Technique::HiddenTriple => subsets::hidden_subset(cands, 3, sink),
        Technique::HiddenQuad => subsets::hidden_subset(cands, 4, sink),
        Technique::XWing => fish::basic_fish(cands, 2, sink),
        Technique::Swordfish => fish::basic_fish(cands, 3, sink),
        Technique::Jellyfish => fish::basic_fish(cands, 4, sink),
        Technique::TurbotFish => chains::turbot_fish(cands, sink),
        Technique::XChain => chains::x_chain(cands, sink),
        Technique::ColourTrap => chains::colour_trap(cands, sink),
        Technique::ColourWrap => chains::colour_wrap(cands, sink),
        Technique::WWing => wings::w_wing(cands, sink),
        Technique::XyWing => wings::xy_wing(cands, sink),
        Technique::XyzWing => wings::xyz_wing(cands, sink),
        Technique::UniqueRectangle1 => uniqueness::unique_rectangle_1(cands, sink),
        Technique::BugPlusOne => uniqueness::bug_plus_one(cands, sink),
    }
}

/// Every instance of `technique` in `cands`.
pub fn find_all(technique: Technique, cands: &Candidates) -> Vec<Step> {
    let mut steps = Vec::new();
    let _ = find(technique, cands, &mut |s| {
        steps.push(s);
        ControlFlow::Continue(())
    });
    steps
}

/// The first instance of `technique` in `cands`, if any.
pub fn find_first(technique: Technique, cands: &Candidates) -> Option<Step> {
    let mut first = None;
    let _ = find(technique, cands, &mut |s| {
        first = Some(s);
        ControlFlow::Break(())
    });
    first
}

/// `r5c4`: the name of `cell` (1-based row and column).
pub fn cell_name(layout: Layout, cell: usize) -> String {
    format!("r{}c{}", layout.row_of(cell) + 1, layout.col_of(cell) + 1)
}

/// `r1c2, r3c4`: the names of `cells`.
pub(crate) fn cell_list(layout: Layout, cells: impl IntoIterator<Item = usize>) -> String {
    cells
        .into_iter()
        .map(|c| cell_name(layout, c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `1/2/7`: digits joined by slashes.
pub(crate) fn digit_list(digits: impl IntoIterator<Item = u8>) -> String {
    digits.into_iter().map(|d| d.to_string()).collect::<Vec<_>>().join("/")
}

/// `r4c5<>7, r4c6<>7`: the eliminations of a step, for its text.
pub(crate) fn elimination_list(layout: Layout, eliminations: &[Placement]) -> String {
    let mut sorted = eliminations.to_vec();
    sorted.sort_by_key(|p| (p.cell, p.digit));
    sorted.dedup();
    sorted
        .iter()
        .map(|p| format!("{}<>{}", cell_name(layout, p.cell as usize), p.digit))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Open cells of `cands`, in reading order.
pub(crate) fn open_cells(cands: &Candidates) -> impl Iterator<Item = usize> + '_ {
    (0..cands.layout().cells()).filter(|&c| cands.value(c).is_none())
}

/// Whether the open `cell` has `digit` as a candidate.
pub(crate) fn has(cands: &Candidates, cell: usize, digit: u8) -> bool {
    cands.value(cell).is_none() && cands.candidates(cell).contains(digit)
}

/// The eliminations of `digit` from every open cell that sees all of `cells` (and is not one
/// of them).
pub(crate) fn seeing_all(cands: &Candidates, cells: &[usize], digit: u8) -> Vec<Placement> {
    let layout = cands.layout();
    open_cells(cands)
        .filter(|&c| {
            !cells.contains(&c) && cands.candidates(c).contains(digit) && cells.iter().all(|&x| layout.are_peers(c, x))
        })
        .map(|c| Placement { cell: c as u16, digit })
        .collect()
}

/// Calls `visit` with every `k`-subset of `items` (as indices into `items`, increasing).
pub(crate) fn for_each_combination(
    n: usize,
    k: usize,
    visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn rec(
        n: usize,
        k: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if chosen.len() == k {
            return visit(chosen);
        }
        for i in start..n {
            if n - i < k - chosen.len() {
                break;
            }
            chosen.push(i);
            rec(n, k, i + 1, chosen, visit)?;
            chosen.pop();
        }
        ControlFlow::Continue(())
    }
    if k > n {
        return ControlFlow::Continue(());
    }
    rec(n, k, 0, &mut Vec::with_capacity(k), visit)
}
