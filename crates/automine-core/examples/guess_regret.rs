//! What does the exact player's guess give away just above its endgame search, valued
//! exactly?
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
//! identity). With `LO` at the player's endgame limit (4,096 by default) this measures what
//! remains above the search; each line of the table is one range of layouts, and the
//! cumulative column is what a search reaching that range's top would gain.
//!
//! A position whose search reaches `NODES` layout sets (default 3,000,000) is left out and
//! counted; leaving it out can only lower the estimate. `ENDGAME` sets the player's own
//! endgame limit (default: the player's default).
//!
//! ```sh
//! cargo run --release -p automine-core --example guess_regret -- PRESET RULE S N LO HI [NODES] [ENDGAME]
//! cargo run --release -p automine-core --example guess_regret -- expert safe 700000 2000 4096 16384
//! ```
//!
//! Output: one line per guess with a regret (seed, layouts, the player's cell and its worth,
//! the best cell and its worth), then the table. Deterministic: the same arguments give the
//! same output.

use std::error::Error;
use std::io::Write;

use automine_core::search_core::Budget;
use automine_core::strategy::endgame::{EndgameMove, EndgameSearch};
use automine_core::strategy::exact_player::{ExactPlayer, PlayerOptions};
use automine_core::strategy::layouts::enumerate_layouts;
use automine_core::{FirstClick, Game, GameStatus, Player, PlayerView, Pos, Preset, exact_analysis};

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

/// Mean and standard error of `xs` over `n` games (games not in `xs` count as zero).
fn mean_se(xs: &[f64], n: usize) -> (f64, f64) {
    let n = n.max(1) as f64;
    let sum: f64 = xs.iter().sum::<f64>() + 0.0;
    let mean = sum / n;
    let sq: f64 = xs.iter().map(|x| x * x).sum();
    let var = (sq / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

/// What the command line asks for.
struct Config {
    preset: Preset,
    rule: FirstClick,
    start: u64,
    games: u64,
    lo: usize,
    hi: usize,
    nodes: u64,
    options: PlayerOptions,
}

fn parse_args() -> Result<Config, Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: guess_regret PRESET RULE S N LO HI [NODES] [ENDGAME]";
    if !(6..=8).contains(&args.len()) {
        return Err(usage.into());
    }
    let rule: FirstClick = args[1].parse()?;
    let (lo, hi): (usize, usize) = (args[4].parse()?, args[5].parse()?);
    if lo == 0 || hi <= lo {
        return Err(format!("need 0 < LO < HI (got {lo}, {hi}); {usage}").into());
    }
    let mut options = PlayerOptions::new(rule);
    if let Some(e) = args.get(7) {
        options.endgame_layouts = e.parse()?;
    }
    Ok(Config {
        preset: args[0].parse()?,
        rule,
        start: args[2].parse()?,
        games: args[3].parse()?,
        lo,
        hi,
        nodes: args.get(6).map_or(Ok(3_000_000), |a| a.parse())?,
        options,
    })
}

/// A guess valued exactly: the number of layouts, the best move and the guess's worth.
type Valued = (usize, EndgameMove, f64);

/// The guess `pos` in `view`, valued exactly: the number of layouts, the best move and the
/// worth of `pos`; `None` when the layouts or the search exceed their limits.
fn value_guess(view: &PlayerView, pos: Pos, cfg: &Config) -> Result<Option<Valued>, Box<dyn Error>> {
    let id = view.dims().id(pos).ok_or("the player chose a cell off the board")?;
    Ok(enumerate_layouts(view, cfg.hi, &Budget::unlimited()).and_then(|set| {
        let mut search = EndgameSearch::new(view, &set, cfg.nodes);
        let best = search.best_move()?;
        let worth = search.move_value(id)?;
        Some((set.mines.len(), best, worth))
    }))
}

/// Play game `seed`, valuing its guesses in range: the regrets summed per range of `buckets`
/// (whose counts it updates); a line on `out` for each guess with a regret.
fn play_game(
    cfg: &Config,
    seed: u64,
    buckets: &mut [Bucket],
    out: &mut impl Write,
) -> Result<Vec<f64>, Box<dyn Error>> {
    let mut game = Game::new(cfg.preset.settings(cfg.rule), seed);
    let mut player = ExactPlayer::new(cfg.options);
    let mut regrets = vec![0.0; buckets.len()];
    let (ln_lo, ln_hi) = ((cfg.lo as f64).ln() + 1e-9, (cfg.hi as f64).ln() + 1e-9);
    while game.status() == GameStatus::Playing {
        let view = game.view().clone();
        let pos = player.choose(&view)?;
        game.reveal(pos)?;
        if view.revealed_count() == 0 {
            continue;
        }
        let analysis = exact_analysis(&view, &Budget::unlimited())?;
        let in_range = analysis.ln_layouts > ln_lo && analysis.ln_layouts <= ln_hi;
        if !in_range || analysis.map.get(pos).is_none_or(|p| p <= 0.0) {
            continue;
        }
        let layouts = analysis.ln_layouts.exp();
        let k = buckets
            .iter()
            .position(|b| layouts <= b.hi as f64 + 0.5)
            .unwrap_or(buckets.len() - 1);
        buckets[k].guesses += 1;
        let Some((n, best, worth)) = value_guess(&view, pos, cfg)? else {
            buckets[k].left_out += 1;
            continue;
        };
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
    }
    Ok(regrets)
}

fn main() -> Result<(), Box<dyn Error>> {
    let cfg = parse_args()?;
    // Ranges (lo, 2 lo], (2 lo, 4 lo], ..., up to hi.
    let mut buckets = Vec::new();
    let mut b = cfg.lo;
    while b < cfg.hi {
        let top = (b * 2).min(cfg.hi);
        buckets.push(Bucket {
            lo: b,
            hi: top,
            ..Bucket::default()
        });
        b = top;
    }
    // Per game with any regret: its regrets summed in each range.
    let mut rows: Vec<Vec<f64>> = Vec::new();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "seed\tlayouts\tplayer's cell\tits worth\tbest cell\tbest worth\tregret (points)"
    )?;
    for seed in cfg.start..cfg.start + cfg.games {
        let regrets = play_game(&cfg, seed, &mut buckets, &mut out)?;
        if regrets.iter().any(|&r| r > 0.0) {
            rows.push(regrets);
        }
    }
    let Config {
        preset,
        rule,
        start,
        games,
        lo,
        nodes,
        ..
    } = cfg;
    writeln!(
        out,
        "\n{preset:?} {rule:?}, games {start}..{}, player's endgame limit {}, node limit {nodes}",
        start + games,
        cfg.options.endgame_layouts
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
    Ok(())
}
