//! Budgets: node limits, deadlines and cooperative cancellation.
//!
//! A [`Budget`] says how much a search may spend; a [`Meter`] is the running account a search
//! keeps against it. Every search in the workspace (constraint search, game-tree search,
//! Minesweeper enumeration) ticks a `Meter` once per node, so every one of them can be stopped
//! the same way and reports the same [`StopReason`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Why a search stopped before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum StopReason {
    /// The node limit of the [`Budget`] was reached.
    NodeLimit,
    /// The deadline of the [`Budget`] passed.
    Deadline,
    /// Another thread called [`CancelToken::cancel`].
    Cancelled,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::NodeLimit => "node limit reached",
            Self::Deadline => "deadline passed",
            Self::Cancelled => "cancelled",
        })
    }
}

impl std::error::Error for StopReason {}

/// A flag that any thread can raise to stop a running search.
///
/// Clones share the same flag. Searches poll it as they tick their [`Meter`], so a cancelled
/// search returns within a few hundred nodes.
///
/// ```
/// use search_core::CancelToken;
/// let token = CancelToken::new();
/// let for_other_thread = token.clone();
/// std::thread::spawn(move || for_other_thread.cancel()).join().unwrap();
/// assert!(token.is_cancelled());
/// ```
#[derive(Debug, Clone, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A fresh, un-raised flag.
    pub fn new() -> Self {
        Self::default()
    }

    /// Raise the flag: every search holding a clone stops at its next check.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag has been raised.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// How much a search may spend: an optional node limit, an optional deadline and an optional
/// cancellation flag. The default is unlimited.
///
/// ```
/// use search_core::Budget;
/// use std::time::Duration;
/// let budget = Budget::unlimited().with_node_limit(1_000_000).with_time_limit(Duration::from_secs(5));
/// assert_eq!(budget.node_limit(), Some(1_000_000));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Budget {
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    cancel: Option<CancelToken>,
}

impl Budget {
    /// No limits at all.
    pub fn unlimited() -> Self {
        Self::default()
    }

    /// Visit at most `nodes` nodes: a search that needs exactly `nodes` finishes, one that needs
    /// more stops when it asks for the next one (0: stop at once).
    #[must_use]
    pub fn with_node_limit(mut self, nodes: u64) -> Self {
        self.max_nodes = Some(nodes);
        self
    }

    /// Stop once `deadline` has passed.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Stop once `limit` has elapsed from now. A limit too large to represent means no deadline.
    #[must_use]
    pub fn with_time_limit(mut self, limit: Duration) -> Self {
        self.deadline = Instant::now().checked_add(limit);
        self
    }

    /// Stop when `token` is cancelled.
    #[must_use]
    pub fn with_cancel(mut self, token: CancelToken) -> Self {
        self.cancel = Some(token);
        self
    }

    /// The node limit, if any.
    pub fn node_limit(&self) -> Option<u64> {
        self.max_nodes
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The cancellation token, if any.
    pub fn cancel_token(&self) -> Option<&CancelToken> {
        self.cancel.as_ref()
    }

    /// Whether the budget has no limit of any kind.
    pub fn is_unlimited(&self) -> bool {
        self.max_nodes.is_none() && self.deadline.is_none() && self.cancel.is_none()
    }

    /// Start a meter against this budget.
    pub fn meter(&self) -> Meter {
        Meter::new(self)
    }
}

/// How many nodes pass between two looks at the clock and at the cancellation flag.
const CHECK_INTERVAL: u64 = 256;

/// The running account of a search against its [`Budget`].
///
/// Call [`Meter::tick`] once per node; it returns `Err(StopReason)` once the budget is spent.
/// The clock and the cancellation flag are read only every few hundred nodes, so a tick costs
/// an increment and a comparison.
#[derive(Debug, Clone)]
pub struct Meter {
    nodes: u64,
    next_check: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    cancel: Option<CancelToken>,
    shared_nodes: Option<Arc<AtomicU64>>,
    unreported: u64,
    start: Instant,
    stopped: Option<StopReason>,
}

impl Meter {
    /// A meter with no nodes counted yet.
    pub fn new(budget: &Budget) -> Self {
        let max_nodes = budget.max_nodes.unwrap_or(u64::MAX);
        Self {
            nodes: 0,
            next_check: CHECK_INTERVAL.min(max_nodes),
            max_nodes,
            deadline: budget.deadline,
            cancel: budget.cancel.clone(),
            shared_nodes: None,
            unreported: 0,
            start: Instant::now(),
            stopped: None,
        }
    }

    /// A meter whose node limit is shared with other meters through `counter` (used by parallel
    /// searches: the limit then holds for all threads together, to within a few hundred nodes
    /// per thread).
    pub fn with_shared_counter(budget: &Budget, counter: Arc<AtomicU64>) -> Self {
        let mut meter = Self::new(budget);
        // Look at the shared counter on the first tick: a meter started after the others
        // spent the budget stops at once.
        meter.next_check = 1;
        meter.shared_nodes = Some(counter);
        meter
    }

    /// Count one node; `Err` once the budget is spent. After the first `Err`, every later call
    /// returns the same reason.
    ///
    /// # Errors
    /// The [`StopReason`] once the node limit, the deadline or the cancellation flag stops the
    /// search.
    #[inline]
    pub fn tick(&mut self) -> Result<(), StopReason> {
        self.nodes += 1;
        if self.nodes < self.next_check {
            return Ok(());
        }
        self.check()
    }

    #[cold]
    fn check(&mut self) -> Result<(), StopReason> {
        // A refused tick is not a node: `nodes` counts only the ticks that were granted.
        if let Some(reason) = self.stopped {
            self.nodes -= 1;
            return Err(reason);
        }
        let total = match &self.shared_nodes {
            Some(counter) => {
                let fresh = self.nodes - self.unreported;
                self.unreported = self.nodes;
                counter.fetch_add(fresh, Ordering::Relaxed) + fresh
            }
            None => self.nodes,
        };
        let reason = if total > self.max_nodes {
            Some(StopReason::NodeLimit)
        } else if self.cancel.as_ref().is_some_and(CancelToken::is_cancelled) {
            Some(StopReason::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(StopReason::Deadline)
        } else {
            None
        };
        if let Some(reason) = reason {
            self.stopped = Some(reason);
            self.nodes -= 1;
            self.next_check = self.nodes;
            return Err(reason);
        }
        let step = if self.shared_nodes.is_some() {
            CHECK_INTERVAL
        } else {
            CHECK_INTERVAL.min(self.max_nodes - self.nodes)
        };
        self.next_check = self.nodes + step.max(1);
        Ok(())
    }

    /// Nodes counted by this meter: the ticks it granted (a refused tick does not count).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Time since the meter started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Why the search stopped, if it did.
    pub fn stop_reason(&self) -> Option<StopReason> {
        self.stopped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_limit_is_exact_for_a_single_meter() {
        for limit in [1, 2, 255, 256, 257, 1000] {
            let mut meter = Budget::unlimited().with_node_limit(limit).meter();
            let mut ok = 0;
            while meter.tick().is_ok() {
                ok += 1;
                assert!(ok <= limit, "meter ran past its limit");
            }
            assert_eq!(ok, limit, "the tick after the limit stops the search");
            assert_eq!(meter.stop_reason(), Some(StopReason::NodeLimit));
            assert_eq!(meter.tick(), Err(StopReason::NodeLimit));
            assert_eq!(meter.nodes(), limit, "refused ticks are not counted");
        }
    }

    #[test]
    fn cancellation_is_seen_within_a_check_interval() {
        let token = CancelToken::new();
        let mut meter = Budget::unlimited().with_cancel(token.clone()).meter();
        for _ in 0..10 {
            assert!(meter.tick().is_ok());
        }
        token.cancel();
        let mut ticks = 0;
        while meter.tick().is_ok() {
            ticks += 1;
        }
        assert!(ticks <= CHECK_INTERVAL);
        assert_eq!(meter.stop_reason(), Some(StopReason::Cancelled));
    }

    #[test]
    fn deadline_in_the_past_stops() {
        let mut meter = Budget::unlimited().with_deadline(Instant::now()).meter();
        let mut ticks = 0;
        while meter.tick().is_ok() {
            ticks += 1;
        }
        assert!(ticks <= CHECK_INTERVAL);
        assert_eq!(meter.stop_reason(), Some(StopReason::Deadline));
    }

    #[test]
    fn shared_counter_limits_all_meters_together() {
        let counter = Arc::new(AtomicU64::new(0));
        let budget = Budget::unlimited().with_node_limit(1000);
        let mut a = Meter::with_shared_counter(&budget, counter.clone());
        let mut b = Meter::with_shared_counter(&budget, counter);
        let mut total = 0;
        loop {
            let ra = a.tick();
            let rb = b.tick();
            if ra.is_err() && rb.is_err() {
                break;
            }
            total += u64::from(ra.is_ok()) + u64::from(rb.is_ok());
        }
        assert!(total < 1000 + 2 * CHECK_INTERVAL);
    }
}
