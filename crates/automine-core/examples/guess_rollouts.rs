//! What would a rollout at the middle game's guesses gain over the exact player's guess?
//!
//! Plays games `S .. S + N` of a preset and first-click rule with the default exact player
//! (the same games as `search-cli mines play --seed S`). At every guess it makes (a click on a
//! cell with P(mine) > 0, the first click aside) while more than `LO` layouts are consistent
//! with the view (above the endgame searches' reach), it values a few candidate moves by
//! rollouts: `R` layouts drawn uniformly from those that fit the view ([`LayoutSampler`]), and
//! for each layout and each candidate, the game on that layout from the current view, the
//! candidate clicked, then played to its end by the player itself. The same layouts serve
//! every candidate (common random numbers), so their differences are measured with far less
//! noise than their values.
//!
//! Candidates: the player's own move; the safest frontier cells (P(mine) lowest; `--frontier
//! K`, default 3); and the interior cell with the fewest covered neighbours (the player's
//! rule for an off-edge guess), when there is an interior.
//!
//! Two estimates per position of what choosing by rollouts gains over the player's move
//! (followed, in both cases, by the player's own play):
//! - **split**: the candidate with the most wins on the first half of the layouts, valued
//!   against the player's move on the second half: an unbiased estimate of the gain of a
//!   player that makes this one choice by `R/2` rollouts per candidate;
//! - **max**: the best candidate on all `R` layouts against the player's move on the same:
//!   biased upwards (the best of noisy means), an upper estimate of what the best candidate
//!   gains.
//!
//! Summed along a game they estimate what a player that rolls out every guess above `LO`
//! layouts would gain per game (to first order: the identity behind `guess_regret` takes the
//! new player's own games, and these are the old player's).
//!
//! ```sh
//! cargo run --release -p automine-core --example guess_rollouts -- PRESET RULE S N LO R [options]
//! cargo run --release -p automine-core --example guess_rollouts -- expert safe 3000000 100 32768 200
//! ```
//!
//! Output: a line per valued guess (seed, move number, log10 of the layouts, seconds, each
//! candidate as cell:P(mine):wins on the first half of the layouts:wins on the second half,
//! the split and max gains), a `game`
//! line per game (seed, guesses valued, the sums of the two gains), then the table.
//!
//! Deterministic: the layouts of game `s`'s `i`-th move are drawn from
//! `ChaCha8Rng::seed_from_u64(s · 1000 + i)`, so the same arguments give the same output (the
//! times aside).

use std::error::Error;
use std::io::Write;
use std::time::Instant;

use automine_core::player::exact::{ExactPlayer, PlayerOptions};
use automine_core::search_core::Budget;
use automine_core::{
    CellId, CellView, FirstClick, Game, GameSettings, GameStatus, LayoutSampler, MineLayout, Player, PlayerView, Pos,
    Preset, exact_analysis,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const USAGE: &str = "usage: guess_rollouts PRESET RULE S N LO R [--frontier K]";

struct Config {
    preset: Preset,
    rule: FirstClick,
    start: u64,
    games: u64,
    lo: f64,
    rollouts: usize,
    frontier: usize,
}

fn parse_args() -> Result<Config, Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 6 || !args.len().is_multiple_of(2) {
        return Err(USAGE.into());
    }
    let mut cfg = Config {
        preset: args[0].parse()?,
        rule: args[1].parse()?,
        start: args[2].parse()?,
        games: args[3].parse()?,
        lo: args[4].parse()?,
        rollouts: args[5].parse()?,
        frontier: 3,
    };
    if cfg.rollouts < 2 || !cfg.rollouts.is_multiple_of(2) {
        return Err(format!("R must be even and at least 2 (got {}); {USAGE}", cfg.rollouts).into());
    }
    for pair in args[6..].chunks(2) {
        match pair[0].as_str() {
            "--frontier" => cfg.frontier = pair[1].parse()?,
            other => return Err(format!("unknown option {other}; {USAGE}").into()),
        }
    }
    Ok(cfg)
}

/// The game on `layout` brought to `view` (its revealed cells opened, its flags placed).
fn replay(settings: GameSettings, layout: MineLayout, view: &PlayerView) -> Result<Game, Box<dyn Error>> {
    let dims = view.dims();
    let mut game = Game::with_layout(settings, layout)?;
    for id in dims.ids() {
        match view.at(id) {
            CellView::Revealed(_) if game.view().at(id) == CellView::Covered => {
                game.reveal(dims.pos(id))?;
            }
            CellView::Flagged => {
                game.toggle_flag(dims.pos(id))?;
            }
            _ => {}
        }
    }
    if game.view() != view || game.status() != GameStatus::Playing {
        return Err("a drawn layout does not reproduce the view".into());
    }
    Ok(game)
}

/// Whether `player` wins `game` after clicking `first`.
fn roll_out(mut game: Game, mut player: ExactPlayer, first: Pos) -> Result<bool, Box<dyn Error>> {
    game.reveal(first)?;
    while game.status() == GameStatus::Playing {
        let pos = player.choose(game.view())?;
        game.reveal(pos)?;
    }
    Ok(game.status() == GameStatus::Won)
}

/// The candidates of a guess: the player's move first.
fn candidates(view: &PlayerView, map: &automine_core::ProbabilityMap, own: CellId, frontier: usize) -> Vec<CellId> {
    let dims = view.dims();
    let mut out = vec![own];
    let mut edge: Vec<(f64, CellId)> = dims
        .ids()
        .filter(|&id| view.at(id) == CellView::Covered && view.next_to_number(id))
        .filter_map(|id| map.at(id).map(|p| (p, id)))
        .collect();
    edge.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    out.extend(edge.iter().map(|&(_, id)| id).filter(|&id| id != own).take(frontier));
    let covered_around = |id: CellId| dims.neighbours(id).filter(|&n| view.at(n).is_closed()).count();
    let interior = dims
        .ids()
        .filter(|&id| view.at(id) == CellView::Covered && !view.next_to_number(id))
        .min_by_key(|&id| (covered_around(id), id));
    if let Some(id) = interior.filter(|id| !out.contains(id)) {
        out.push(id);
    }
    out
}

/// One valued guess.
struct Position {
    ln_layouts: f64,
    split: f64,
    max: f64,
    /// Whether the rollouts' choice (first half) is the player's own move.
    kept: bool,
}

fn play_game(cfg: &Config, seed: u64, out: &mut impl Write) -> Result<Vec<Position>, Box<dyn Error>> {
    let settings = cfg.preset.settings(cfg.rule);
    let mut game = Game::new(settings, seed);
    let mut player = ExactPlayer::new(PlayerOptions::new(cfg.rule));
    let mut valued = Vec::new();
    let mut moves = 0u64;
    while game.status() == GameStatus::Playing {
        let view = game.view().clone();
        let before = player.clone();
        let pos = player.choose(&view)?;
        moves += 1;
        if view.revealed_count() > 0 {
            let analysis = exact_analysis(&view, &Budget::unlimited())?;
            let own = view.dims().id(pos).ok_or("the player chose a cell off the board")?;
            if analysis.ln_layouts > cfg.lo.ln() && analysis.map.at(own).is_some_and(|p| p > 0.0) {
                let clock = Instant::now();
                let cells = candidates(&view, &analysis.map, own, cfg.frontier);
                let sampler = LayoutSampler::new(&view, &Budget::unlimited())?;
                let mut rng = ChaCha8Rng::seed_from_u64(seed * 1000 + moves);
                // wins[c][j]: candidate c won on layout j.
                let mut wins = vec![Vec::with_capacity(cfg.rollouts); cells.len()];
                for _ in 0..cfg.rollouts {
                    let start = replay(settings, sampler.sample(&mut rng), &view)?;
                    for (c, &cell) in cells.iter().enumerate() {
                        wins[c].push(roll_out(start.clone(), before.clone(), view.dims().pos(cell))?);
                    }
                }
                let half = cfg.rollouts / 2;
                let mean = |c: usize, range: std::ops::Range<usize>| {
                    let n = range.len() as f64;
                    wins[c][range].iter().filter(|&&w| w).count() as f64 / n
                };
                let all = 0..cfg.rollouts;
                let chosen = (0..cells.len())
                    .max_by(|&a, &b| mean(a, 0..half).total_cmp(&mean(b, 0..half)).then(b.cmp(&a)))
                    .unwrap_or(0);
                let best = (0..cells.len())
                    .map(|c| mean(c, all.clone()))
                    .fold(f64::NEG_INFINITY, f64::max);
                let position = Position {
                    ln_layouts: analysis.ln_layouts,
                    split: mean(chosen, half..cfg.rollouts) - mean(0, half..cfg.rollouts),
                    max: best - mean(0, all.clone()),
                    kept: chosen == 0,
                };
                let dims = view.dims();
                write!(
                    out,
                    "{seed}\t{moves}\t{:.1}\t{:.2}",
                    position.ln_layouts / std::f64::consts::LN_10,
                    clock.elapsed().as_secs_f64()
                )?;
                for (c, &cell) in cells.iter().enumerate() {
                    let p = analysis.map.at(cell).unwrap_or(0.0);
                    let won = |range: std::ops::Range<usize>| wins[c][range].iter().filter(|&&w| w).count();
                    write!(
                        out,
                        "\t{}:{:.3}:{}:{}",
                        dims.pos(cell),
                        p,
                        won(0..half),
                        won(half..cfg.rollouts)
                    )?;
                }
                writeln!(out, "\t{:+.4}\t{:+.4}", position.split, position.max)?;
                out.flush()?;
                valued.push(position);
            }
        }
        game.reveal(pos)?;
    }
    Ok(valued)
}

/// Mean and standard error of `per_game` over `games` games (the missing games count 0).
fn mean_se(per_game: &[f64], games: usize) -> (f64, f64) {
    let n = games as f64;
    let mean = per_game.iter().sum::<f64>() / n;
    let var = (per_game.iter().map(|x| x * x).sum::<f64>() - n * mean * mean) / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

fn main() -> Result<(), Box<dyn Error>> {
    let cfg = parse_args()?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "seed\tmove\tlog10 layouts\tseconds\tcandidates (cell:P(mine):wins first half:wins second half, the player's first)\tsplit gain\tmax gain"
    )?;
    // Ranges of log10 layouts: (LO, 10^6], (10^6, 10^40], above.
    let bounds = [
        6.0 * std::f64::consts::LN_10,
        40.0 * std::f64::consts::LN_10,
        f64::INFINITY,
    ];
    let mut split = vec![Vec::new(); bounds.len()];
    let mut max = vec![Vec::new(); bounds.len()];
    let mut counts = vec![(0usize, 0usize); bounds.len()];
    let clock = Instant::now();
    for seed in cfg.start..cfg.start + cfg.games {
        let positions = play_game(&cfg, seed, &mut out)?;
        writeln!(
            out,
            "game\t{seed}\t{}\t{:+.4}\t{:+.4}",
            positions.len(),
            positions.iter().map(|p| p.split).sum::<f64>(),
            positions.iter().map(|p| p.max).sum::<f64>()
        )?;
        let mut s = vec![0.0; bounds.len()];
        let mut m = vec![0.0; bounds.len()];
        for p in &positions {
            let k = bounds
                .iter()
                .position(|&b| p.ln_layouts <= b)
                .unwrap_or(bounds.len() - 1);
            s[k] += p.split;
            m[k] += p.max;
            counts[k].0 += 1;
            counts[k].1 += usize::from(!p.kept);
        }
        for k in 0..bounds.len() {
            split[k].push(s[k]);
            max[k].push(m[k]);
        }
    }
    let games = cfg.games as usize;
    writeln!(
        out,
        "\n{:?} {:?}, games {}..{}, {} rollouts per candidate, {:.0} s",
        cfg.preset,
        cfg.rule,
        cfg.start,
        cfg.start + cfg.games,
        cfg.rollouts,
        clock.elapsed().as_secs_f64()
    )?;
    writeln!(
        out,
        "layouts\tguesses\tchoice changed (split)\tsplit gain, points per game (± s.e.)\tmax gain, points per game (± s.e.)"
    )?;
    let names = [
        format!("{}-10^6", cfg.lo),
        "10^6-10^40".to_string(),
        "over 10^40".to_string(),
    ];
    let mut total_split = vec![0.0; games];
    let mut total_max = vec![0.0; games];
    for k in 0..bounds.len() {
        for g in 0..games {
            total_split[g] += split[k][g];
            total_max[g] += max[k][g];
        }
        let (s, s_se) = mean_se(&split[k], games);
        let (m, m_se) = mean_se(&max[k], games);
        writeln!(
            out,
            "{}\t{}\t{}\t{:+.3} ± {:.3}\t{:+.3} ± {:.3}",
            names[k],
            counts[k].0,
            counts[k].1,
            100.0 * s,
            100.0 * s_se,
            100.0 * m,
            100.0 * m_se
        )?;
    }
    let (s, s_se) = mean_se(&total_split, games);
    let (m, m_se) = mean_se(&total_max, games);
    let guesses: usize = counts.iter().map(|c| c.0).sum();
    let changed: usize = counts.iter().map(|c| c.1).sum();
    writeln!(
        out,
        "all\t{guesses}\t{changed}\t{:+.3} ± {:.3}\t{:+.3} ± {:.3}",
        100.0 * s,
        100.0 * s_se,
        100.0 * m,
        100.0 * m_se
    )?;
    Ok(())
}
