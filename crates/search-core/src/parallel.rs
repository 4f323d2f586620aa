//! Parallel constraint search (cargo feature `parallel`): split the top of the tree into
//! subtrees and solve them independently on rayon's thread pool; and [`ordered_map`], the one
//! parallel map of independent jobs (games, puzzles, input lines) whose results come back in
//! input order.
//!
//! The split is deterministic: the root is expanded level by level, in choice order, until
//! there are [`SPLIT_SUBTREES`] open subtrees (or a depth cap is hit), so the list of
//! subtrees — and with it every result — does not depend on the number of threads.
//!
//! Guarantees, for searches that complete within their budget:
//! - [`par_count_solutions`] returns exactly what [`count_solutions`] returns.
//! - [`par_first_solution`] returns the same solution as [`first_solution`] (the first in
//!   depth-first order), because a subtree is abandoned only when an earlier one has a solution.
//! - [`par_fold_solutions`] folds every subtree from `identity()` and combines the partial
//!   results in depth-first order. For an exact, associative `combine` (integer sums, maxima)
//!   the result equals [`fold_solutions`]; for floating-point sums it is identical, bit for
//!   bit, across runs and thread counts but may differ from the sequential fold in the last
//!   bits.
//!
//! Statistics add up the work of all threads; `elapsed` is the wall-clock time of the call.
//! A node limit holds for all threads together, to within a few hundred nodes per thread.
//!
//! [`count_solutions`]: crate::count_solutions
//! [`first_solution`]: crate::first_solution
//! [`fold_solutions`]: crate::fold_solutions

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use crate::budget::{Budget, Meter, StopReason};
use crate::constraint::{ConstraintProblem, Dfs, Propagation};
use crate::stats::{Report, SearchStats};

/// The split stops deepening after this many levels even if it has few subtrees (long chains
/// of forced choices would otherwise be walked sequentially to the bottom).
const MAX_SPLIT_LEVELS: u32 = 24;

/// A piece of the split tree, in depth-first order.
enum Piece<S> {
    /// A solution met while splitting.
    Solution(S),
    /// An unexpanded subtree rooted at this state and depth.
    Subtree(S, u32),
}

/// The subtrees (and early solutions) of the top of the tree, plus what splitting cost.
struct Split<S> {
    pieces: Vec<Piece<S>>,
    stats: SearchStats,
    stopped: Option<StopReason>,
}

fn split<P: ConstraintProblem>(problem: &P, root: P::State, target: usize, meter: &mut Meter) -> Split<P::State> {
    let mut stats = SearchStats::default();
    let mut pieces = vec![Piece::Subtree(root, 0)];
    let mut choices = Vec::new();
    for _ in 0..MAX_SPLIT_LEVELS {
        let open = pieces.iter().filter(|p| matches!(p, Piece::Subtree(..))).count();
        if open == 0 || open >= target {
            break;
        }
        let mut next = Vec::with_capacity(pieces.len() * 2);
        for piece in pieces {
            let (mut state, depth) = match piece {
                Piece::Subtree(state, depth) => (state, depth),
                solution @ Piece::Solution(_) => {
                    next.push(solution);
                    continue;
                }
            };
            if let Err(reason) = meter.tick() {
                return Split {
                    pieces: Vec::new(),
                    stats,
                    stopped: Some(reason),
                };
            }
            stats.nodes += 1;
            stats.max_depth = stats.max_depth.max(depth);
            match problem.propagate(&mut state) {
                Propagation::Contradiction => stats.dead_ends += 1,
                Propagation::Solved => {
                    stats.leaves += 1;
                    next.push(Piece::Solution(state));
                }
                Propagation::Open => {
                    choices.clear();
                    problem.choices(&state, &mut choices);
                    if choices.is_empty() {
                        stats.dead_ends += 1;
                    } else if choices.len() > 1 {
                        stats.branch_points += 1;
                        stats.guesses += choices.len() as u64 - 1;
                    }
                    for &choice in &choices {
                        let mut child = state.clone();
                        problem.apply(&mut child, choice);
                        next.push(Piece::Subtree(child, depth + 1));
                    }
                }
            }
        }
        pieces = next;
    }
    Split {
        pieces,
        stats,
        stopped: None,
    }
}

/// The split deepens until it has at least this many open subtrees (or reaches 24 levels).
/// A constant, not a multiple of the thread count, so the subtrees, and with them the order
/// in which [`par_fold_solutions`] combines its partial results (which matters for
/// floating-point folds), are the same on every pool. 32 gives each of 2 threads 16 subtrees
/// to balance the load with; more threads get fewer each, which balances less evenly but
/// changes no result.
pub const SPLIT_SUBTREES: usize = 32;

/// Split the top of the tree under a meter sharing one node counter. `Err` carries the
/// statistics when the budget ran out while splitting.
#[expect(clippy::type_complexity, reason = "a private tuple of what every entry point needs")]
fn begin<P: ConstraintProblem>(
    problem: &P,
    root: P::State,
    budget: &Budget,
) -> Result<(Instant, Arc<AtomicU64>, Vec<Piece<P::State>>, SearchStats), Report<()>> {
    let start = Instant::now();
    let counter = Arc::new(AtomicU64::new(0));
    let mut meter = Meter::with_shared_counter(budget, counter.clone());
    let split = split(problem, root, SPLIT_SUBTREES, &mut meter);
    let mut stats = split.stats;
    if split.stopped.is_some() {
        stats.elapsed = start.elapsed();
        return Err(Report {
            value: (),
            stats,
            stopped: split.stopped,
        });
    }
    Ok((start, counter, split.pieces, stats))
}

/// Run `visit` over each piece in parallel; each task gets its own engine and meter sharing
/// one node counter. Returns per-piece results in order.
fn run_pieces<P, R, F>(
    problem: &P,
    pieces: Vec<Piece<P::State>>,
    budget: &Budget,
    counter: &Arc<AtomicU64>,
    task: F,
) -> Vec<(R, SearchStats, Option<StopReason>)>
where
    P: ConstraintProblem + Sync,
    P::State: Send,
    R: Send,
    F: Fn(usize, Piece<P::State>, &mut Dfs<'_, P>) -> (R, Option<StopReason>) + Sync,
{
    pieces
        .into_par_iter()
        .enumerate()
        .map(|(index, piece)| {
            let mut dfs = Dfs::new(problem, Meter::with_shared_counter(budget, counter.clone()));
            let (result, stopped) = task(index, piece, &mut dfs);
            (result, dfs.finish(), stopped)
        })
        .collect()
}

/// Parallel [`count_solutions`](crate::count_solutions): the same value for every thread count.
pub fn par_count_solutions<P>(problem: &P, root: P::State, limit: u64, budget: &Budget) -> Report<u64>
where
    P: ConstraintProblem + Sync,
    P::State: Send,
{
    if limit == 0 {
        return Report {
            value: 0,
            stats: SearchStats::default(),
            stopped: None,
        };
    }
    let (start, counter, pieces, mut stats) = match begin(problem, root, budget) {
        Ok(begun) => begun,
        Err(stopped) => return stopped.map(|()| 0),
    };
    let found = AtomicU64::new(0);
    let results = run_pieces(problem, pieces, budget, &counter, |_, piece, dfs| match piece {
        Piece::Solution(_) => {
            found.fetch_add(1, Ordering::Relaxed);
            (1u64, None)
        }
        Piece::Subtree(state, depth) => {
            let mut count = 0;
            let stopped = dfs.run(state, depth, &mut |_: &P::State| {
                count += 1;
                if found.fetch_add(1, Ordering::Relaxed) + 1 >= limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            (count, stopped)
        }
    });
    let mut total = 0u64;
    let mut stopped = None;
    for (count, piece_stats, piece_stopped) in &results {
        total += count;
        stats.merge(piece_stats);
        stopped = stopped.or(*piece_stopped);
    }
    stats.elapsed = start.elapsed();
    let value = total.min(limit);
    // Reaching the limit answers the question even if some other subtree ran out of budget.
    let stopped = if value >= limit { None } else { stopped };
    Report { value, stats, stopped }
}

/// Parallel [`first_solution`](crate::first_solution): the first solution in depth-first
/// order, the same one the sequential search returns.
pub fn par_first_solution<P>(problem: &P, root: P::State, budget: &Budget) -> Report<Option<P::State>>
where
    P: ConstraintProblem + Sync,
    P::State: Send + Sync,
{
    let (start, counter, pieces, mut stats) = match begin(problem, root, budget) {
        Ok(begun) => begun,
        Err(stopped) => return stopped.map(|()| None),
    };
    // The lowest index of a piece known to hold a solution; later pieces are not searched.
    let earliest = AtomicUsize::new(usize::MAX);
    let results = run_pieces(problem, pieces, budget, &counter, |index, piece, dfs| {
        if earliest.load(Ordering::Relaxed) < index {
            return (None, None);
        }
        match piece {
            Piece::Solution(state) => {
                earliest.fetch_min(index, Ordering::Relaxed);
                (Some(state), None)
            }
            Piece::Subtree(state, depth) => {
                let mut found = None;
                let stopped = dfs.run(state, depth, &mut |s: &P::State| {
                    found = Some(s.clone());
                    ControlFlow::Break(())
                });
                if found.is_some() {
                    earliest.fetch_min(index, Ordering::Relaxed);
                }
                (found, stopped)
            }
        }
    });
    let mut value = None;
    let mut stopped = None;
    for (found, piece_stats, piece_stopped) in results {
        stats.merge(&piece_stats);
        if value.is_none() {
            // A stop before the first solution means the first solution is unknown.
            stopped = stopped.or(piece_stopped);
            if stopped.is_none() {
                value = found;
            }
        }
    }
    stats.elapsed = start.elapsed();
    Report { value, stats, stopped }
}

/// Parallel [`fold_solutions`](crate::fold_solutions): each subtree folds its solutions from
/// `identity()`, and the partial results are combined in depth-first order.
pub fn par_fold_solutions<P, A, I, F, C>(
    problem: &P,
    root: P::State,
    budget: &Budget,
    identity: I,
    fold: F,
    combine: C,
) -> Report<A>
where
    P: ConstraintProblem + Sync,
    P::State: Send,
    A: Send,
    I: Fn() -> A + Sync,
    F: Fn(&mut A, &P::State) + Sync,
    C: Fn(A, A) -> A,
{
    let (start, counter, pieces, mut stats) = match begin(problem, root, budget) {
        Ok(begun) => begun,
        Err(stopped) => return stopped.map(|()| identity()),
    };
    let results = run_pieces(problem, pieces, budget, &counter, |_, piece, dfs| {
        let mut acc = identity();
        match piece {
            Piece::Solution(state) => {
                fold(&mut acc, &state);
                (acc, None)
            }
            Piece::Subtree(state, depth) => {
                let stopped = dfs.run(state, depth, &mut |s: &P::State| {
                    fold(&mut acc, s);
                    ControlFlow::Continue(())
                });
                (acc, stopped)
            }
        }
    });
    let mut value = identity();
    let mut stopped = None;
    for (acc, piece_stats, piece_stopped) in results {
        stats.merge(&piece_stats);
        stopped = stopped.or(piece_stopped);
        value = combine(value, acc);
    }
    stats.elapsed = start.elapsed();
    Report { value, stats, stopped }
}

/// `f` applied to every item on `threads` rayon threads, the results in input order; the
/// same results for every thread count, as long as `f` depends only on its item.
///
/// # Arguments
/// - `items`: anything rayon iterates in parallel *with an index* that also iterates
///   sequentially: a slice (`&[T]`, items `&T`), a `Vec<T>`, a `Range<usize>` or
///   `Range<u32>`. (Rayon does not index a `Range<u64>`, whose length may not fit a `usize`;
///   map `0..n as usize`, or collect the indices.)
/// - `threads`:
///   - `0`: the current rayon pool: the one the caller runs in, else rayon's global pool (of
///     rayon's default size: `RAYON_NUM_THREADS` or one thread per core);
///   - `1`: on the calling thread, in input order, stopping at the first error;
///   - `n ≥ 2`: the current pool if it has `n` threads, else a pool of `n` threads built for
///     this call (if the system refuses the threads, the current pool). A caller that maps
///     many batches can build its pool once and call this inside `pool.install`.
/// - `f`: the job. It should depend only on its item (seed a generator from the index, for
///   instance), which is what makes the results independent of the thread count.
/// - `on_done`: called once after each call of `f` (a progress bar's tick), from the thread
///   that ran it.
///
/// # Returns
/// Every item's result in input order, or the error of the lowest failing item: an item is
/// skipped only when an item before it has already failed, so every item before the lowest
/// failing one runs. Which later items run (and call `on_done`) after a failure depends on the
/// scheduling.
///
/// # Errors
/// The error `f` returned for the lowest failing item.
///
/// # Example
/// ```
/// use search_core::parallel::ordered_map;
///
/// // A job per seed; the results are in seed order whatever the thread count.
/// let seeds: Vec<u64> = (0..100).collect();
/// let square = |&seed: &u64| Ok::<u64, String>(seed * seed);
/// let one = ordered_map(&seeds, 1, square, || ()).unwrap();
/// let three = ordered_map(&seeds, 3, square, || ()).unwrap();
/// assert_eq!(one, three);
/// assert_eq!(three[..4], [0, 1, 4, 9]);
///
/// // The error is the lowest failing item's, here 30 (not 70, whichever failed first).
/// let failing = |i: usize| if i % 40 == 30 { Err(format!("item {i}")) } else { Ok(i) };
/// assert_eq!(ordered_map(0..100, 2, failing, || ()), Err("item 30".to_string()));
/// ```
pub fn ordered_map<I, T, R, E, F, D>(items: I, threads: usize, f: F, on_done: D) -> Result<Vec<R>, E>
where
    I: IntoIterator<Item = T> + IntoParallelIterator<Item = T> + Send,
    <I as IntoParallelIterator>::Iter: IndexedParallelIterator,
    T: Send,
    R: Send,
    E: Send,
    F: Fn(T) -> Result<R, E> + Sync,
    D: Fn() + Sync,
{
    if threads == 1 {
        return IntoIterator::into_iter(items)
            .map(|item| {
                let result = f(item);
                on_done();
                result
            })
            .collect();
    }
    let work = || ordered_map_here(items, &f, &on_done);
    if threads == 0 || rayon::current_num_threads() == threads {
        return work();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}

/// [`ordered_map`] on the current rayon pool.
fn ordered_map_here<I, T, R, E, F, D>(items: I, f: &F, on_done: &D) -> Result<Vec<R>, E>
where
    I: IntoParallelIterator<Item = T>,
    I::Iter: IndexedParallelIterator,
    T: Send,
    R: Send,
    E: Send,
    F: Fn(T) -> Result<R, E> + Sync,
    D: Fn() + Sync,
{
    // The lowest index known to have failed; items after it are not run.
    let first_failure = AtomicUsize::new(usize::MAX);
    let results: Vec<Option<Result<R, E>>> = items
        .into_par_iter()
        .enumerate()
        .map(|(index, item)| {
            if first_failure.load(Ordering::Relaxed) < index {
                return None;
            }
            let result = f(item);
            on_done();
            if result.is_err() {
                first_failure.fetch_min(index, Ordering::Relaxed);
            }
            Some(result)
        })
        .collect();
    let mut values = Vec::with_capacity(results.len());
    // An item is skipped only after an earlier one failed, so the loop returns that error
    // before it reaches a skipped item.
    for result in results.into_iter().flatten() {
        values.push(result?);
    }
    Ok(values)
}
