//! [`Decision`]: a player's move with the part of the policy that chose it, for a caller that
//! shows or logs the move without knowing the policy (a hint button, a bot).

use std::fmt;

use crate::error::ProbabilityError;
use crate::geometry::Pos;
use crate::probability::teacher::teacher_probabilities;
use crate::view::PlayerView;

/// Which part of the policy chose a move
/// ([`ExactPlayer`](crate::player::exact::ExactPlayer)'s steps, in their order).
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Reason {
    /// The first click of the game, at the rule's best cell
    /// ([`first_click`](crate::policy::first_click)).
    FirstClick,
    /// The exact map says the cell is never a mine.
    CertainlySafe,
    /// The exhaustive endgame search's move ([`endgame`](crate::policy::endgame)).
    Endgame {
        /// The probability of winning the game when this cell is opened and play stays
        /// optimal.
        win_probability: f64,
    },
    /// The exact move in a region no other click can inform
    /// ([`isolated`](crate::policy::isolated)).
    IsolatedRegion,
    /// A forced 50/50: two cells that no click can ever tell apart
    /// ([`fifty_fifty`](crate::policy::fifty_fifty)).
    FiftyFifty,
    /// A cell of a chain of 50/50s ([`chain_fifty_fifty`](crate::policy::fifty_fifty::chain_fifty_fifty)).
    ChainFiftyFifty,
    /// A cell that is either safe or half of a 50/50 that can never be broken
    /// ([`pseudo_fifty_fifty`](crate::policy::long_term_risk::pseudo_fifty_fifty)).
    PseudoFiftyFifty,
    /// The guess by secondary safety ([`guess`](crate::policy::guess)), or the safest cell
    /// of the teacher's map when the exact analysis ran out of budget.
    BestGuess,
}

impl Reason {
    /// The reason's name in snake case (`"first_click"`, `"certainly_safe"`, `"endgame"`,
    /// `"isolated_region"`, `"fifty_fifty"`, `"chain_fifty_fifty"`, `"pseudo_fifty_fifty"`,
    /// `"best_guess"`), for logs and JSON.
    ///
    /// ```
    /// use automine_core::Reason;
    /// assert_eq!(Reason::CertainlySafe.name(), "certainly_safe");
    /// assert_eq!(Reason::Endgame { win_probability: 0.5 }.name(), "endgame");
    /// ```
    pub const fn name(&self) -> &'static str {
        match self {
            Self::FirstClick => "first_click",
            Self::CertainlySafe => "certainly_safe",
            Self::Endgame { .. } => "endgame",
            Self::IsolatedRegion => "isolated_region",
            Self::FiftyFifty => "fifty_fifty",
            Self::ChainFiftyFifty => "chain_fifty_fifty",
            Self::PseudoFiftyFifty => "pseudo_fifty_fifty",
            Self::BestGuess => "best_guess",
        }
    }
}

/// A move with its reason and its chance of being safe, as
/// [`ExactPlayer::decide`](crate::player::exact::ExactPlayer::decide) gives it.
///
/// Its `Display` is a short sentence for a person:
///
/// ```
/// use automine_core::player::exact::{ExactPlayer, PlayerOptions};
/// use automine_core::search_core::Budget;
/// use automine_core::{FirstClick, PlayerView, Reason};
/// let view: PlayerView = "4x3 2\n001.\n002.\n001.\n".parse()?;
/// let mut player = ExactPlayer::new(PlayerOptions::new(FirstClick::Safe));
/// let decision = player.decide(&view, &Budget::unlimited())?;
/// assert_eq!(decision.reason, Reason::CertainlySafe);
/// assert_eq!(decision.p_safe, 1.0);
/// assert_eq!(decision.to_string(), "(col 3, row 1) is certainly safe");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct Decision {
    /// The cell to open.
    pub pos: Pos,
    /// The part of the policy that chose it.
    pub reason: Reason,
    /// The probability that the cell is safe: from the exact map (1.0 for a certainly safe
    /// cell); for the game's first click 1.0 under the `safe` and `opening` rules and
    /// 1 − mines left / covered cells under `any`; from the teacher's map when
    /// [`stopped`](Self::stopped).
    pub p_safe: f64,
    /// A search ran out of budget and the move is the fallback (the teacher map's safest
    /// cell when the exact analysis stopped).
    pub stopped: bool,
}

impl Decision {
    /// A move found within its budget.
    ///
    /// ```
    /// use automine_core::{Col, Decision, Pos, Reason, Row};
    /// let decision = Decision::new(Pos::new(Col(0), Row(0)), Reason::BestGuess, 0.8);
    /// assert!(!decision.stopped);
    /// assert!(decision.as_stopped().stopped);
    /// ```
    pub const fn new(pos: Pos, reason: Reason, p_safe: f64) -> Self {
        Self {
            pos,
            reason,
            p_safe,
            stopped: false,
        }
    }

    /// The same move, marked as the fallback of a search that ran out of budget.
    #[must_use]
    pub const fn as_stopped(mut self) -> Self {
        self.stopped = true;
        self
    }
}

/// The move when the exact analysis ran out of budget: the teacher map's safest cell
/// ([`Reason::BestGuess`], stopped).
pub(crate) fn teacher_fallback(view: &PlayerView) -> Result<Decision, ProbabilityError> {
    let map = teacher_probabilities(view)?;
    let (id, p) = map.safest().ok_or(ProbabilityError::NothingToOpen)?;
    Ok(Decision::new(view.dims().pos(id), Reason::BestGuess, 1.0 - p).as_stopped())
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (pos, p) = (self.pos, self.p_safe);
        match self.reason {
            Reason::FirstClick if p >= 1.0 => write!(f, "first click: {pos} is certainly safe")?,
            Reason::FirstClick => write!(f, "first click: {pos}, safe with probability {p:.2}")?,
            Reason::CertainlySafe => write!(f, "{pos} is certainly safe")?,
            Reason::Endgame { win_probability } => {
                write!(f, "endgame search: {pos} wins with probability {win_probability:.2}")?;
            }
            Reason::IsolatedRegion => write!(f, "isolated region: {pos} is safe with probability {p:.2}")?,
            Reason::FiftyFifty => write!(f, "forced 50/50: {pos} is safe with probability {p:.2}")?,
            Reason::ChainFiftyFifty => write!(f, "chain of 50/50s: {pos} is safe with probability {p:.2}")?,
            Reason::PseudoFiftyFifty => write!(f, "pseudo-50/50: {pos} is safe with probability {p:.2}")?,
            Reason::BestGuess => write!(f, "best guess: {pos}, safe with probability {p:.2}")?,
        }
        if self.stopped {
            write!(f, " (search stopped early)")?;
        }
        Ok(())
    }
}
