//! How good is the heuristic guess where it can be valued exactly, and do its settings matter?
//!
//! Plays games `S .. S + N` of a preset and first-click rule with the default exact player
//! (the same games as `search-cli mines play --seed S`). At every guess the default makes
//! while more than `LO` and at most `HI` layouts are consistent with the view, it asks the
//! same player *without* its endgame searches (steps 4 to 6 of `ExactPlayer`: isolated
//! regions, 50/50s, the guess by secondary safety), once per variant of its options, which
//! cell it would open, and values every such move exactly with the exhaustive endgame search
//! (the move followed by best play). A variant's *regret* at a position is the best move's
//! worth minus its move's worth: an exact difference of win chances, with no noise from the
//! rest of the game. Variants are compared on the same positions, so a difference of their
//! mean regrets is measured without the noise of whole games; the default player's own moves
//! there are the search's, so the positions are those it reaches, whatever the variants do.
//!
//! The point of measuring here is transfer: above the searches' reach (most of an expert
//! game) the heuristic guess is all the player has and nothing values it exactly; a setting
//! that gives away less where it can be valued is the candidate to try in whole games.
//!
//! A variant is `NAME` or `NAME:key=value,key=value,...`, changing the default player without
//! its endgame searches (keys: `common::parse_variant`, e.g. `cut_off`, `influence_weight`,
//! `blend_ratio`, `secondary_safety`); the first variant is the reference (give `default`
//! for the default player's options).
//!
//! ```sh
//! cargo run --release -p automine-core --example heuristic_regret -- PRESET RULE S N LO HI VARIANT...
//! cargo run --release -p automine-core --example heuristic_regret -- expert safe 700000 2000 64 4096 \
//!     default safest:secondary_safety=false pw:progress_weight=0.05
//! ```
//!
//! Output: per variant, the positions, the mean regret per position and per game, and the
//! difference from the first variant per game with its standard error (over games). With
//! `--detail`, one line on stderr per position where the first variant's move is not the best
//! (see [`describe`]). A position whose layouts or exact search go over their limits
//! (`HI` layouts, [`SET_LIMIT`] sets) is left out and counted. Deterministic: the same
//! arguments give the same output (the times aside).

use std::error::Error;
use std::time::Instant;

use automine_core::player::exact::{ExactPlayer, PlayerOptions};
use automine_core::policy::endgame::{EndgameMove, EndgameSearch};
use automine_core::probability::exact::layouts::enumerate_layouts;
use automine_core::search_core::Budget;
use automine_core::{CellView, ExactAnalysis, FirstClick, Player, PlayerView, Pos};

mod common;
use common::{Span, Variant, mean_se, parse_variant};

/// The default player's options without its endgame searches: what it plays above them.
fn heuristic_only(rule: FirstClick) -> PlayerOptions {
    let mut options = PlayerOptions::new(rule);
    options.endgame_layouts = 0;
    options.restricted_layouts = 0;
    options
}

const USAGE: &str = "usage: heuristic_regret PRESET RULE S N LO HI VARIANT... [--detail]";

/// A position whose exact search reaches this many layout sets is left out (and counted).
const SET_LIMIT: u64 = 3_000_000;

/// Per variant: positions valued and, per game, the summed regret.
#[derive(Default, Clone)]
struct Tally {
    positions: usize,
    changed: usize,
    per_game: Vec<f64>,
    seconds: f64,
}

/// What the command line asks for.
struct Config {
    span: Span,
    variants: Vec<Variant>,
    detail: bool,
}

fn parse_args() -> Result<Config, Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let span = Span::parse(&args, USAGE)?;
    let rule = span.rule;
    let variants = args[6..]
        .iter()
        .filter(|a| *a != "--detail")
        .map(|t| parse_variant(t, heuristic_only(rule)))
        .collect::<Result<Vec<_>, _>>()?;
    if variants.is_empty() {
        return Err("give at least one variant (the first is the reference)".into());
    }
    Ok(Config {
        span,
        variants,
        detail: args.iter().any(|a| a == "--detail"),
    })
}

/// One line on stderr for a position where the first variant's move is not the best: seed,
/// layouts, its cell, P(mine) and worth, the best cell and its P(mine), that cell's rank by
/// safety (1: among the safest), whether it is next to a number, the regret in points.
fn describe(seed: u64, view: &PlayerView, analysis: &ExactAnalysis, first: Pos, worth: f64, best: &EndgameMove) {
    let p_best = analysis.map.at(best.cell).unwrap_or(f64::NAN);
    let rank = 1 + analysis.map.covered().filter(|&(_, p)| p < p_best - 1e-12).count();
    let frontier = view
        .dims()
        .neighbours(best.cell)
        .any(|n| matches!(view.at(n), CellView::Revealed(_)));
    eprintln!(
        "{seed}\t{:.0}\t{first}\t{:.4}\t{worth:.4}\t{}\t{p_best:.4}\t{rank}\t{frontier}\t{:.4}",
        analysis.ln_layouts.exp(),
        analysis.map.get(first).unwrap_or(f64::NAN),
        view.dims().pos(best.cell),
        100.0 * (best.win_probability - worth)
    );
}

/// Play game `seed` with the default player; at each of its guesses in range, every variant's
/// move valued exactly. Returns the summed regret of each variant; counts positions in
/// `tallies` and those left out (over the layout or set limits) in `left_out`.
fn play_game(cfg: &Config, seed: u64, tallies: &mut [Tally], left_out: &mut usize) -> Result<Vec<f64>, Box<dyn Error>> {
    let mut regrets = vec![0.0; cfg.variants.len()];
    cfg.span
        .for_each_guess(PlayerOptions::new(cfg.span.rule), seed, |view, _, analysis| {
            let Some(set) = enumerate_layouts(view, cfg.span.hi, &Budget::unlimited()) else {
                *left_out += 1;
                return Ok(());
            };
            let mut search = EndgameSearch::new(view, &set, SET_LIMIT);
            let Some(best) = search.best_move() else {
                *left_out += 1;
                return Ok(());
            };
            let mut moves = Vec::with_capacity(cfg.variants.len());
            for (variant, tally) in cfg.variants.iter().zip(tallies.iter_mut()) {
                let clock = Instant::now();
                moves.push(ExactPlayer::new(variant.options).choose(view)?);
                tally.seconds += clock.elapsed().as_secs_f64();
            }
            let mut worths = Vec::with_capacity(moves.len());
            for &cell in &moves {
                let id = view.dims().id(cell).ok_or("a variant chose a cell off the board")?;
                worths.push(search.move_value(id).ok_or("the exact search ran out of sets")?);
            }
            if cfg.detail && best.win_probability - worths[0] > 1e-9 {
                describe(seed, view, analysis, moves[0], worths[0], &best);
            }
            for (k, tally) in tallies.iter_mut().enumerate() {
                tally.positions += 1;
                if moves[k] != moves[0] {
                    tally.changed += 1;
                }
                regrets[k] += best.win_probability - worths[k];
            }
            Ok(())
        })?;
    Ok(regrets)
}

fn main() -> Result<(), Box<dyn Error>> {
    let cfg = parse_args()?;
    let mut tallies = vec![Tally::default(); cfg.variants.len()];
    let mut left_out = 0usize;
    for seed in cfg.span.seeds() {
        let regrets = play_game(&cfg, seed, &mut tallies, &mut left_out)?;
        for (tally, r) in tallies.iter_mut().zip(regrets) {
            tally.per_game.push(r);
        }
    }
    println!(
        "{:?} {:?}, games {}..{}, guesses with {}..={} layouts ({left_out} left out)",
        cfg.span.preset,
        cfg.span.rule,
        cfg.span.start,
        cfg.span.start + cfg.span.games,
        cfg.span.lo + 1,
        cfg.span.hi
    );
    println!(
        "variant\tpositions\tmoves unlike the first\tregret per position, points\tper game, points (± s.e.)\tminus the first, per game (± s.e.)\tms per move"
    );
    let reference = tallies[0].per_game.clone();
    for (variant, tally) in cfg.variants.iter().zip(&tallies) {
        let (mean, se) = mean_se(&tally.per_game, tally.per_game.len());
        let diffs: Vec<f64> = tally.per_game.iter().zip(&reference).map(|(a, b)| a - b).collect();
        let (d, dse) = mean_se(&diffs, diffs.len());
        let total: f64 = tally.per_game.iter().sum();
        let per = tally.positions.max(1) as f64;
        println!(
            "{}\t{}\t{}\t{:.4}\t{:.4} ± {:.4}\t{:+.4} ± {:.4}\t{:.2}",
            variant.name,
            tally.positions,
            tally.changed,
            100.0 * total / per,
            100.0 * mean,
            100.0 * se,
            100.0 * d,
            100.0 * dse,
            1000.0 * tally.seconds / per
        );
    }
    Ok(())
}
