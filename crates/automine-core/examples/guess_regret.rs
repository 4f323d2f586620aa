//! What does the exact player's guess give away above its endgame search, valued exactly?
//!
//! Plays games `S .. S + N` of a preset and first-click rule with the default exact player
//! (the same games as `search-cli mines play --seed S`). At every guess it makes (a click on a
//! cell with P(mine) > 0, the protected first click aside) while more than `LO` and at most
//! `HI` layouts are consistent with the view, the exhaustive endgame search values two moves
//! exactly: the best one, and the player's own followed by best play. Their difference is the
//! guess's *regret*, an exact difference of win chances.
//!
//! Summed along a game, the regrets are what an endgame search reaching `HI` layouts would
//! gain over the player in that game, in expectation: the two players make the same moves
//! above `HI` layouts, and a search that reaches the first guess in range plays every later
//! position too (it has fewer layouts), so the difference of their win chances is the expected
//! sum of the one-move regrets along the player's own games (the performance difference
//! identity). With `LO` at the player's search limit this measures what remains above it;
//! each line of the table is one range of layouts, and the cumulative column is what a search
//! reaching that range's top would gain.
//!
//! Options:
//! - `--nodes N`: a position whose exact search reaches `N` layout sets (default 3,000,000)
//!   is left out and counted; leaving it out can only lower the estimate.
//! - `--endgame L`, `--restricted R`: the player's exact and restricted search limits
//!   (`PlayerOptions::endgame_layouts`, `restricted_layouts`; default: the player's own).
//! - `--candidates K,K,...`: also play, at each of these positions, the move of the
//!   restricted search with `K` candidates below the root (as the player runs it: node limit
//!   `--candidate-nodes`, default the player's `endgame_nodes`; a search over the limit leaves
//!   the player's move), and value it exactly the same way: what that move gains over the
//!   player's, per game (an estimate of the restricted player's gain: it takes the moves after
//!   as best play, which the restricted search only approaches).
//!
//! ```sh
//! cargo run --release -p automine-core --example guess_regret -- PRESET RULE S N LO HI [options]
//! cargo run --release -p automine-core --example guess_regret -- expert safe 700000 2000 4096 16384
//! cargo run --release -p automine-core --example guess_regret -- expert safe 2004000 2000 4096 65536 \
//!     --restricted 0 --nodes 10000000 --candidates 3,4
//! ```
//!
//! Output: one line per guess with a regret (seed, layouts, the player's cell and its worth,
//! the best cell and its worth), then the tables. Deterministic: the same arguments give the
//! same output (the times aside).

use std::error::Error;
use std::io::Write;
use std::time::Instant;

use automine_core::player::exact::PlayerOptions;
use automine_core::policy::endgame::{EndgameMove, EndgameSearch};
use automine_core::probability::exact::layouts::enumerate_layouts;
use automine_core::search_core::Budget;
use automine_core::{PlayerView, Pos};

mod common;
use common::{Span, mean_se};

/// Regrets below this are rounding.
const TIE: f64 = 1e-9;

/// One range of layouts: `(lo, hi]`, with what was seen in it.
#[derive(Default, Clone)]
struct Bucket {
    lo: usize,
    hi: usize,
    guesses: usize,
    with_regret: usize,
    left_out: usize,
}

/// What the command line asks for.
struct Config {
    span: Span,
    nodes: u64,
    options: PlayerOptions,
    candidates: Vec<usize>,
    candidate_nodes: u64,
}

const USAGE: &str = "usage: guess_regret PRESET RULE S N LO HI [--nodes N] [--endgame L] [--restricted R] \
                     [--candidates K,K,...] [--candidate-nodes N]";

fn parse_args() -> Result<Config, Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 6 || !args.len().is_multiple_of(2) {
        return Err(USAGE.into());
    }
    let span = Span::parse(&args, USAGE)?;
    let mut options = PlayerOptions::new(span.rule);
    let mut cfg = Config {
        span,
        nodes: 3_000_000,
        options,
        candidates: Vec::new(),
        candidate_nodes: options.endgame_nodes,
    };
    for pair in args[6..].chunks(2) {
        let value = &pair[1];
        match pair[0].as_str() {
            "--nodes" => cfg.nodes = value.parse()?,
            "--endgame" => options.endgame_layouts = value.parse()?,
            "--restricted" => options.restricted_layouts = value.parse()?,
            "--candidate-nodes" => cfg.candidate_nodes = value.parse()?,
            "--candidates" => {
                cfg.candidates = value.split(',').map(str::parse).collect::<Result<_, _>>()?;
            }
            other => return Err(format!("unknown option {other}; {USAGE}").into()),
        }
    }
    cfg.options = options;
    Ok(cfg)
}

/// What the restricted search with one candidate limit did over the positions.
#[derive(Default, Clone)]
struct Restricted {
    /// Per game with a difference: what its moves gained over the player's, summed.
    per_game: Vec<f64>,
    seconds: f64,
    sets: u64,
    over_limit: usize,
}

/// A guess valued exactly: the layouts, the best move, the guess's worth, the restricted
/// searches' gains.
type Valued = (usize, EndgameMove, f64, Vec<f64>);

/// The guess `pos` in `view` valued exactly: the number of layouts, the best move, the
/// guess's worth, and for each of `cfg.candidates` what the restricted search's move gains
/// over the guess (`None` where that search went over its limit); `None` when the layouts
/// or the exact search exceed their limits.
fn value_guess(
    view: &PlayerView,
    pos: Pos,
    cfg: &Config,
    restricted: &mut [Restricted],
) -> Result<Option<Valued>, Box<dyn Error>> {
    let id = view.dims().id(pos).ok_or("the player chose a cell off the board")?;
    let Some(set) = enumerate_layouts(view, cfg.span.hi, &Budget::unlimited()) else {
        return Ok(None);
    };
    let mut search = EndgameSearch::new(view, &set, cfg.nodes);
    let (Some(best), Some(worth)) = (search.best_move(), search.move_value(id)) else {
        return Ok(None);
    };
    let mut gains = Vec::with_capacity(cfg.candidates.len());
    for (&k, tally) in cfg.candidates.iter().zip(restricted.iter_mut()) {
        let clock = Instant::now();
        let mut narrow = EndgameSearch::new(view, &set, cfg.candidate_nodes).with_candidate_limit(k);
        let chosen = narrow.best_move();
        tally.seconds += clock.elapsed().as_secs_f64();
        tally.sets += narrow.nodes();
        let gain = match chosen {
            None => {
                tally.over_limit += 1;
                0.0
            }
            Some(m) => search.move_value(m.cell).ok_or("the exact search ran out of sets")? - worth,
        };
        gains.push(gain);
    }
    Ok(Some((set.mines.len(), best, worth, gains)))
}

/// Play game `seed`, valuing its guesses in range: the regrets summed per range of `buckets`
/// (whose counts it updates), and what the restricted searches' moves gain, summed into
/// `restricted`; a line on `out` for each guess with a regret.
fn play_game(
    cfg: &Config,
    seed: u64,
    buckets: &mut [Bucket],
    restricted: &mut [Restricted],
    out: &mut impl Write,
) -> Result<Vec<f64>, Box<dyn Error>> {
    let mut regrets = vec![0.0; buckets.len()];
    let mut gains = vec![0.0; restricted.len()];
    cfg.span.for_each_guess(cfg.options, seed, |view, pos, analysis| {
        let layouts = analysis.ln_layouts.exp();
        let k = buckets
            .iter()
            .position(|b| layouts <= b.hi as f64 + 0.5)
            .unwrap_or(buckets.len() - 1);
        buckets[k].guesses += 1;
        let Some((n, best, worth, moved)) = value_guess(view, pos, cfg, restricted)? else {
            buckets[k].left_out += 1;
            return Ok(());
        };
        for (g, m) in gains.iter_mut().zip(moved) {
            *g += m;
        }
        let regret = best.win_probability - worth;
        if regret < -TIE {
            let best = best.win_probability;
            return Err(format!("seed {seed}: the player's move is worth {worth}, more than the best {best}").into());
        }
        if regret > TIE {
            buckets[k].with_regret += 1;
            regrets[k] += regret;
            writeln!(
                out,
                "{seed}\t{n}\t{pos}\t{worth:.6}\t{}\t{:.6}\t{:.4}",
                view.dims().pos(best.cell),
                best.win_probability,
                100.0 * regret
            )?;
        }
        Ok(())
    })?;
    for (tally, g) in restricted.iter_mut().zip(gains) {
        if g != 0.0 {
            tally.per_game.push(g);
        }
    }
    Ok(regrets)
}

fn main() -> Result<(), Box<dyn Error>> {
    let cfg = parse_args()?;
    // Ranges (lo, 2 lo], (2 lo, 4 lo], ..., up to hi.
    let mut buckets = Vec::new();
    let mut b = cfg.span.lo;
    while b < cfg.span.hi {
        let top = (b * 2).min(cfg.span.hi);
        buckets.push(Bucket {
            lo: b,
            hi: top,
            ..Bucket::default()
        });
        b = top;
    }
    // Per game with any regret: its regrets summed in each range.
    let mut rows: Vec<Vec<f64>> = Vec::new();
    let mut restricted = vec![Restricted::default(); cfg.candidates.len()];
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "seed\tlayouts\tplayer's cell\tits worth\tbest cell\tbest worth\tregret (points)"
    )?;
    for seed in cfg.span.seeds() {
        let regrets = play_game(&cfg, seed, &mut buckets, &mut restricted, &mut out)?;
        if regrets.iter().any(|&r| r > 0.0) {
            rows.push(regrets);
        }
    }
    let Span {
        preset,
        rule,
        start,
        games,
        lo,
        ..
    } = cfg.span;
    let nodes = cfg.nodes;
    writeln!(
        out,
        "\n{preset:?} {rule:?}, games {start}..{}, player's endgame limit {} (restricted {}), node limit {nodes}",
        start + games,
        cfg.options.endgame_layouts,
        cfg.options.restricted_layouts
    )?;
    writeln!(
        out,
        "layouts\tguesses\twith a regret\tleft out\tgain per game, points (± s.e.)\tcumulative from {}",
        lo + 1
    )?;
    for (k, bucket) in buckets.iter().enumerate() {
        let here: Vec<f64> = rows.iter().map(|r| r[k]).collect();
        let upto: Vec<f64> = rows.iter().map(|r| r[..=k].iter().sum()).collect();
        let (mean, se) = mean_se(&here, games as usize);
        let (total, total_se) = mean_se(&upto, games as usize);
        writeln!(
            out,
            "{}-{}\t{}\t{}\t{}\t{:.4} ± {:.4}\t{:.4} ± {:.4}",
            bucket.lo + 1,
            bucket.hi,
            bucket.guesses,
            bucket.with_regret,
            bucket.left_out,
            100.0 * mean,
            100.0 * se,
            100.0 * total,
            100.0 * total_se
        )?;
    }
    if !restricted.is_empty() {
        let valued: usize = buckets.iter().map(|b| b.guesses - b.left_out).sum();
        let (best, best_se) = mean_se(
            &rows.iter().map(|r| r.iter().sum()).collect::<Vec<f64>>(),
            games as usize,
        );
        writeln!(
            out,
            "\nbest play over the player's guesses: {:.4} ± {:.4} points per game ({valued} positions)",
            100.0 * best,
            100.0 * best_se
        )?;
        writeln!(
            out,
            "candidates\tgain per game, points (± s.e.)\tshare of best play\tseconds per position\tsets per position\tover the limit ({})",
            cfg.candidate_nodes
        )?;
        for (&k, tally) in cfg.candidates.iter().zip(&restricted) {
            let (mean, se) = mean_se(&tally.per_game, games as usize);
            let per = valued.max(1) as f64;
            writeln!(
                out,
                "{k}\t{:.4} ± {:.4}\t{:.2}\t{:.3}\t{:.0}\t{}",
                100.0 * mean,
                100.0 * se,
                if best > 0.0 { mean / best } else { 0.0 },
                tally.seconds / per,
                tally.sets as f64 / per,
                tally.over_limit
            )?;
        }
    }
    Ok(())
}
