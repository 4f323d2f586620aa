//! `search-cli mines play`: win rates of the exact player, the teacher baseline or (feature
//! `learn`) the student network, alone or with exact logic, over a seed range (automine-core's
//! `strategy::harness`).

use std::io::Write;
use std::process::ExitCode;

use automine_core::strategy::exact_player::PlayerOptions;
use automine_core::strategy::guess::{GuessOptions, InteriorOrder};
#[cfg(feature = "learn")]
use automine_core::strategy::harness::par_run_trial_with;
use automine_core::strategy::harness::{PlayerKind, Trial, TrialSummary, par_run_trial};
use automine_core::strategy::paired::write_records;
use automine_core::strategy::profile::{GuessProfile, par_profile_trial};
use automine_core::{Dims, FirstClick, GameSettings, Height, Preset, Width};
use clap::{Args, ValueEnum};

use super::mines::RuleArg;
use super::{CommandError, CommandResult};
use crate::progress::Progress;

/// Which player plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PlayerArg {
    /// Exact probabilities, endgame search, forced 50/50s, secondary safety.
    Exact,
    /// The teacher's safest cell (the baseline).
    Teacher,
    /// The student network alone (automine-learn; --model or the shipped one).
    #[cfg(feature = "learn")]
    Network,
    /// Exact logic for certain cells, the student network for guesses.
    #[cfg(feature = "learn")]
    Hybrid,
}

impl PlayerArg {
    const fn name(self) -> &'static str {
        match self {
            Self::Exact => "exact",
            Self::Teacher => "teacher",
            #[cfg(feature = "learn")]
            Self::Network => "network",
            #[cfg(feature = "learn")]
            Self::Hybrid => "hybrid",
        }
    }
}

/// `--interior-order`: [`InteriorOrder`] on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InteriorOrderArg {
    /// Row-major order (top row first).
    RowMajor,
    /// Nearest to the revealed cells first.
    Near,
    /// Farthest from the revealed cells first.
    Far,
}

impl InteriorOrderArg {
    const fn name(self) -> &'static str {
        match self {
            Self::RowMajor => "row-major",
            Self::Near => "near",
            Self::Far => "far",
        }
    }
}

impl From<InteriorOrderArg> for InteriorOrder {
    fn from(order: InteriorOrderArg) -> Self {
        match order {
            InteriorOrderArg::RowMajor => Self::RowMajor,
            InteriorOrderArg::Near => Self::Near,
            InteriorOrderArg::Far => Self::Far,
        }
    }
}

impl From<InteriorOrder> for InteriorOrderArg {
    fn from(order: InteriorOrder) -> Self {
        match order {
            InteriorOrder::RowMajor => Self::RowMajor,
            InteriorOrder::Near => Self::Near,
            InteriorOrder::Far => Self::Far,
        }
    }
}

/// Arguments of `search-cli mines play`.
#[derive(Debug, Args)]
#[expect(clippy::struct_excessive_bools, reason = "independent command-line switches")]
pub struct PlayArgs {
    /// beginner, intermediate, expert, or a custom board `WxH/M` (e.g. `30x16/99`).
    #[arg(long, default_value = "expert")]
    preset: String,
    /// Games to play (at least 1).
    #[arg(long, default_value_t = 1000, value_parser = super::at_least_one())]
    games: u64,
    /// Seed of game 0; game i uses seed S + i whatever the thread count.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The first-click rule.
    #[arg(long, value_enum, default_value_t = RuleArg::Safe)]
    first_click: RuleArg,
    /// Who plays.
    #[arg(long, value_enum, default_value_t = PlayerArg::Exact)]
    player: PlayerArg,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Print one JSON object instead of the text summary.
    #[arg(long)]
    json: bool,
    /// Also write every game's outcome (`seed,won,moves`) to this CSV file, for
    /// `search-cli mines compare`.
    #[arg(long, value_name = "FILE")]
    records: Option<std::path::PathBuf>,
    /// Also profile the guesses (exact or teacher player): per phase of the game (log10 of the
    /// layouts left), the guesses, their summed P(mine) and the games lost there. Slower: the
    /// profiler runs its own exact analysis before every click that may be a guess.
    #[arg(long)]
    guess_profile: bool,
    /// Exact player: no endgame search.
    #[arg(long)]
    no_endgame: bool,
    /// Exact player: the endgame search runs at or below this many layouts [default: 4096;
    /// 256 with --fast].
    #[arg(long)]
    endgame_layouts: Option<usize>,
    /// Exact player: above --endgame-layouts and up to this many layouts, the endgame search
    /// tries only the --restricted-candidates safest guesses in every set below its root
    /// (0: never) [default: 32768; 0 with --fast].
    #[arg(long)]
    restricted_layouts: Option<usize>,
    /// Exact player: guesses the restricted endgame search tries per set below its root
    /// [default: 3].
    #[arg(long)]
    restricted_candidates: Option<usize>,
    /// Exact player: start from the faster player that was the default before `mines9`
    /// (without D. N. Hill's further parts: a smaller endgame search, no isolated regions,
    /// --hill-off-edge, --hill-enablers, --living-safe, chain 50/50s, or the rules of his Java
    /// solver that the default has since `mines11`: --defer-small-areas, --living-cut-off,
    /// --hill-dominating, --fifty-fifty-tie-break and 100 frontier candidates); about twice as
    /// many games per second on expert (measured on `mines10`), 0.13-0.19 points fewer wins
    /// there (on `mines9`). The other flags still change single parts.
    #[arg(long, conflicts_with = "hill_like")]
    fast: bool,
    /// Exact player: the default player (Hill's further parts on). Accepted so that the
    /// commands written before `mines9`, when it was not the default, still run.
    #[arg(long)]
    hill_like: bool,
    /// Exact player: do not take forced 50/50s early.
    #[arg(long)]
    no_fifty_fifty: bool,
    /// Exact player: look for forced 50/50s on the view alone (not with the certain mines
    /// taken as flags).
    #[arg(long)]
    plain_fifty_fifty: bool,
    /// Exact player: guess the safest cell instead of scoring secondary safety.
    #[arg(long)]
    no_secondary_safety: bool,
    /// Exact player: first click in the top-left corner whatever the rule.
    #[arg(long)]
    corner_first_click: bool,
    /// Exact player: the endgame search gives up after this many distinct layout sets
    /// [default: 300000; 20000 with --fast].
    #[arg(long)]
    endgame_nodes: Option<u64>,
    /// Exact player: guess candidates need at least this fraction of the best safety (in
    /// (0, 1]).
    #[arg(long, default_value_t = GuessOptions::default().cut_off, value_parser = cut_off)]
    guess_cut_off: f64,
    /// Exact player: at most this many frontier cells are scored for a guess (the safest)
    /// [default: 100; 10 with --fast].
    #[arg(long)]
    guess_frontier: Option<usize>,
    /// Exact player: at most this many interior cells are scored for a guess.
    #[arg(long, default_value_t = GuessOptions::default().max_interior)]
    guess_interior: usize,
    /// Exact player: the weight of progress (the chance a guess leaves a safe cell) in its score
    /// (>= 0).
    #[arg(long, default_value_t = GuessOptions::default().progress_weight, value_parser = weight)]
    progress_weight: f64,
    /// Exact player: the weight of the size of what a guess opens (Σ P(v) ln(1 + safe cells
    /// after v)) in its score (>= 0; 0: off).
    #[arg(long, default_value_t = GuessOptions::default().opening_weight, value_parser = weight)]
    opening_weight: f64,
    /// Exact player: the weight of the 50/50 influence (the chance a guess's risk belongs to a
    /// 50/50 that could never be avoided): the score is multiplied by
    /// `1 + w · influence / P(safe)` (>= 0; 0: off).
    #[arg(long, default_value_t = GuessOptions::default().influence_weight, value_parser = weight)]
    influence_weight: f64,
    /// Exact player: value the next click by D. N. Hill's blended safety (the default):
    /// (k · best + second best safety) / (k + 1) with k = --blend-ratio, not by the best
    /// safety alone.
    #[arg(long, overrides_with = "no_blend_second")]
    blend_second: bool,
    /// Exact player: the weight k of the best next safety in the blend
    /// `(k · best + second best) / (k + 1)` (> 0).
    #[arg(long, default_value_t = GuessOptions::default().blend_ratio, value_parser = ratio)]
    blend_ratio: f64,
    /// Exact player: value the next click by its best safety alone (no blend).
    #[arg(long)]
    no_blend_second: bool,
    /// Exact player: take a pseudo-50/50 (a cell either safe or half of a 50/50 nothing can
    /// ever break) at once, before guessing (the default).
    #[arg(long, overrides_with = "no_pseudo_fifty_fifty")]
    pseudo_fifty_fifty: bool,
    /// Exact player: do not look for pseudo-50/50s.
    #[arg(long)]
    no_pseudo_fifty_fifty: bool,
    /// Exact player: never guess a dead cell (one that can show only one number) while a
    /// living candidate exists (the default).
    #[arg(long, overrides_with = "no_avoid_dead")]
    avoid_dead: bool,
    /// Exact player: dead cells are guessed like any other.
    #[arg(long)]
    no_avoid_dead: bool,
    /// Exact player: value the next click by the best living safety (cells whose number is
    /// already known do not count, certainly safe cells count as 1).
    #[arg(long, overrides_with = "no_living_next")]
    living_next: bool,
    /// Exact player: value the next click by the best safety of any cell.
    #[arg(long)]
    no_living_next: bool,
    /// Exact player: play a cell that dominates the chosen guess (safe whenever the guess is,
    /// and strictly safer) instead.
    #[arg(long, overrides_with = "no_dominated")]
    dominated: bool,
    /// Exact player: no dominated-guess replacement.
    #[arg(long)]
    no_dominated: bool,
    /// Exact player: add the influence of 50/50s a guess is the last missing enabler of.
    #[arg(long, overrides_with = "no_enabler_influence")]
    enabler_influence: bool,
    /// Exact player: no enabler influence.
    #[arg(long)]
    no_enabler_influence: bool,
    /// Exact player: also score cells whose safety plus 50/50 influence reaches the cut-off.
    #[arg(long, overrides_with = "no_influenced_candidates")]
    influenced_candidates: bool,
    /// Exact player: candidates by safety alone.
    #[arg(long)]
    no_influenced_candidates: bool,
    /// Exact player: compare the best guesses (within `--look-ahead-margin` of the best
    /// value, at most `--look-ahead-top`) by the chance to survive them and the next two
    /// guesses.
    #[arg(long, overrides_with = "no_look_ahead")]
    look_ahead: bool,
    /// Exact player: no third-click look-ahead.
    #[arg(long)]
    no_look_ahead: bool,
    /// Exact player: candidates within this fraction of the best value are compared by the
    /// look-ahead (in [0, 1]).
    #[arg(long, default_value_t = GuessOptions::default().look_ahead_margin, value_parser = fraction)]
    look_ahead_margin: f64,
    /// Exact player: at most this many candidates are compared by the look-ahead.
    #[arg(long, default_value_t = GuessOptions::default().look_ahead_top)]
    look_ahead_top: usize,
    /// Exact player: take chain 50/50s at once (D. N. Hill's chains of links: cells that
    /// take one of two patterns in every layout, which nothing can ever tell apart; on by
    /// default since `mines10`, off with --fast).
    #[arg(long, overrides_with = "no_chain_fifty_fifty")]
    chain_fifty_fifty: bool,
    /// Exact player: no chain 50/50s.
    #[arg(long)]
    no_chain_fifty_fifty: bool,
    /// Exact player: open the best cell of a forced or chain 50/50 by the guess's value
    /// (D. N. Hill's tie-break), not the first in row-major order.
    #[arg(long, overrides_with = "no_fifty_fifty_tie_break")]
    fifty_fifty_tie_break: bool,
    /// Exact player: open a 50/50's first cell in row-major order.
    #[arg(long)]
    no_fifty_fifty_tie_break: bool,
    /// Exact player: play an isolated region (uncertain cells no other click can inform)
    /// first, by the exact search over its own layouts.
    #[arg(long, overrides_with = "no_isolated_regions")]
    isolated_regions: bool,
    /// Exact player: no isolated-region search.
    #[arg(long)]
    no_isolated_regions: bool,
    /// Exact player: interior candidates as D. N. Hill chooses them (when their safety is
    /// above 0.95 × the best: all if fewer than 30, else those two steps from a number and
    /// those with two or three covered neighbours).
    #[arg(long, overrides_with = "no_hill_off_edge")]
    hill_off_edge: bool,
    /// Exact player: interior candidates by `--guess-interior` (fewest covered neighbours).
    #[arg(long)]
    no_hill_off_edge: bool,
    /// Exact player: defer guesses in small enclosed areas (fewer than 8 covered cells) while
    /// a candidate in a larger area exists.
    #[arg(long, overrides_with = "no_defer_small_areas")]
    defer_small_areas: bool,
    /// Exact player: no deferral of small areas.
    #[arg(long)]
    no_defer_small_areas: bool,
    /// Exact player: pick the interior candidates by their chance to open a region (product
    /// of 1 − P(mine) over their covered neighbours) instead of by fewest covered neighbours.
    #[arg(long, overrides_with = "no_interior_by_opening")]
    interior_by_opening: bool,
    /// Exact player: interior candidates by fewest covered neighbours.
    #[arg(long)]
    no_interior_by_opening: bool,
    /// Exact player: weigh D. N. Hill's risk hotspots (the one missing enabler of a pair that
    /// is a coin flip now) in the guess (off by default since `mines11`: his Java solver
    /// computes them but does not weigh them).
    #[arg(long, overrides_with = "no_hotspots")]
    hotspots: bool,
    /// Exact player: no risk hotspots.
    #[arg(long)]
    no_hotspots: bool,
    /// Exact player: long-term risk as D. N. Hill's JavaScript solver weighs it (enablers of
    /// pairs and 2x2 boxes counted, and the cells their influence lifts over the cut-off
    /// scored as candidates).
    #[arg(long, overrides_with = "no_hill_enablers")]
    hill_enablers: bool,
    /// Exact player: the default long-term risk.
    #[arg(long)]
    no_hill_enablers: bool,
    /// Exact player: value the next click among living cells only, certainly safe ones
    /// included only when living (a dead safe cell tells nothing).
    #[arg(long, overrides_with = "no_living_safe")]
    living_safe: bool,
    /// Exact player: a certainly safe next click counts as 1 even when dead.
    #[arg(long)]
    no_living_safe: bool,
    /// Exact player: when one living cell is strictly the safest after every number the
    /// chosen guess can show, and it is a candidate and safer now, open it instead (D. N.
    /// Hill's dominating tile).
    #[arg(long, overrides_with = "no_hill_dominating")]
    hill_dominating: bool,
    /// Exact player: no dominating-tile swap.
    #[arg(long)]
    no_hill_dominating: bool,
    /// Exact player (with the JavaScript long-term risk): every cell whose long-term risk is
    /// positive joins the candidates, also one already over the cut-off that the candidate
    /// rules left out (D. N. Hill's rule).
    #[arg(long, overrides_with = "no_lift_above_floor")]
    lift_above_floor: bool,
    /// Exact player: only cells that the long-term risk lifts over the cut-off join.
    #[arg(long)]
    no_lift_above_floor: bool,
    /// Exact player: the candidates' cut-off is relative to the safest cell that is not
    /// dead (D. N. Hill's rule), not to the safest of all.
    #[arg(long, overrides_with = "no_living_cut_off")]
    living_cut_off: bool,
    /// Exact player: the cut-off is relative to the safest cell of all.
    #[arg(long)]
    no_living_cut_off: bool,
    /// Exact player (with the JavaScript long-term risk): the cells that join the candidates
    /// for their long-term risk are those of D. N. Hill's Java solver's narrower sweep
    /// (shapes with at most one enabler still to be a mine), over the cut-off already or not.
    #[arg(long, overrides_with = "no_narrow_lift")]
    narrow_lift: bool,
    /// Exact player: the full long-term risk lifts cells over the cut-off.
    #[arg(long)]
    no_narrow_lift: bool,
    /// Exact player: ties in the guess's value are broken by the expected number of living
    /// cells the guess makes certainly safe (D. N. Hill's Java solver).
    #[arg(long, overrides_with = "no_clears_tie_break")]
    clears_tie_break: bool,
    /// Exact player: the first candidate scored wins a tie.
    #[arg(long)]
    no_clears_tie_break: bool,
    /// Exact player: how ties between interior candidates with equally many covered
    /// neighbours are broken: row-major order, nearest to the revealed cells first, or farthest.
    #[arg(long, value_enum, default_value_t = InteriorOrderArg::from(GuessOptions::default().interior_order))]
    interior_order: InteriorOrderArg,
    /// Exact player: interior candidates need at least this fraction of the best frontier
    /// safety (in [0, 1]; 0: only `--guess-cut-off`).
    #[arg(long, default_value_t = GuessOptions::default().interior_cut_off, value_parser = fraction)]
    guess_interior_cut_off: f64,
    /// Network and hybrid players: which network.
    #[cfg(feature = "learn")]
    #[command(flatten)]
    model: super::mines_learn::ModelArgs,
}

/// `text` as a finite number for which `ok` holds, or a message naming the allowed `range`
/// (clap puts the option and the value in front of it).
fn checked(text: &str, range: &str, ok: impl Fn(f64) -> bool) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(value) if value.is_finite() && ok(value) => Ok(value),
        _ => Err(format!("expected a finite number {range}")),
    }
}

/// The parser of `--guess-cut-off`, a fraction of the best safety: in (0, 1] (0 would keep
/// every cell, above 1 none, not even the safest).
fn cut_off(text: &str) -> Result<f64, String> {
    checked(text, "in (0, 1]", |v| v > 0.0 && v <= 1.0)
}

/// The parser of a fraction where 0 turns the rule off (`--guess-interior-cut-off`,
/// `--look-ahead-margin`): in [0, 1].
fn fraction(text: &str) -> Result<f64, String> {
    checked(text, "in [0, 1]", |v| (0.0..=1.0).contains(&v))
}

/// The parser of a weight in a guess's score (`--progress-weight`, `--opening-weight`,
/// `--influence-weight`): at least 0 (0: off).
fn weight(text: &str) -> Result<f64, String> {
    checked(text, ">= 0", |v| v >= 0.0)
}

/// The parser of `--blend-ratio`, k in `(k · best + second) / (k + 1)`: above 0.
fn ratio(text: &str) -> Result<f64, String> {
    checked(text, "> 0", |v| v > 0.0)
}

/// Parse `beginner|intermediate|expert|WxH/M` under `rule`.
pub(crate) fn parse_board(text: &str, rule: FirstClick) -> Result<GameSettings, CommandError> {
    if let Ok(preset) = text.parse::<Preset>() {
        return Ok(preset.settings(rule));
    }
    let bad = || {
        CommandError::Usage(format!(
            "--preset {text:?}: expected beginner, intermediate, expert or WxH/M"
        ))
    };
    let (size, mines) = text.split_once('/').ok_or_else(bad)?;
    let (w, h) = size.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u16 = w.trim().parse().map_err(|_| bad())?;
    let h: u16 = h.trim().parse().map_err(|_| bad())?;
    let mines: u32 = mines.trim().parse().map_err(|_| bad())?;
    let dims = Dims::new(Width(w), Height(h)).map_err(|e| CommandError::Usage(format!("--preset {text:?}: {e}")))?;
    GameSettings::new(dims, mines, rule).map_err(|e| CommandError::Usage(format!("--preset {text:?}: {e}")))
}

/// A switch given as `--x` / `--no-x`: `on` or `off` when given (clap keeps only the last of
/// the two), else `default`.
const fn switch(on: bool, off: bool, default: bool) -> bool {
    if on {
        true
    } else if off {
        false
    } else {
        default
    }
}

/// The exact player's options the arguments name (every `--x` / `--no-x` pair resolved
/// against the library's defaults); also echoed in the JSON summary whatever the player.
fn exact_options(args: &PlayArgs, rule: FirstClick) -> PlayerOptions {
    let mut options = if args.fast {
        PlayerOptions::fast(rule)
    } else {
        PlayerOptions::new(rule)
    };
    let guess = &mut options.guess;
    guess.secondary_safety = !args.no_secondary_safety;
    guess.cut_off = args.guess_cut_off;
    guess.max_frontier = args.guess_frontier.unwrap_or(guess.max_frontier);
    guess.max_interior = args.guess_interior;
    guess.progress_weight = args.progress_weight;
    guess.opening_weight = args.opening_weight;
    guess.influence_weight = args.influence_weight;
    guess.blend_second = switch(args.blend_second, args.no_blend_second, guess.blend_second);
    guess.avoid_dead = switch(args.avoid_dead, args.no_avoid_dead, guess.avoid_dead);
    guess.living_next = switch(args.living_next, args.no_living_next, guess.living_next);
    guess.dominated = switch(args.dominated, args.no_dominated, guess.dominated);
    guess.influenced_candidates = switch(
        args.influenced_candidates,
        args.no_influenced_candidates,
        guess.influenced_candidates,
    );
    guess.enabler_influence = switch(
        args.enabler_influence,
        args.no_enabler_influence,
        guess.enabler_influence,
    );
    guess.blend_ratio = args.blend_ratio;
    guess.interior_cut_off = args.guess_interior_cut_off;
    guess.hill_off_edge = switch(args.hill_off_edge, args.no_hill_off_edge, guess.hill_off_edge);
    guess.look_ahead = switch(args.look_ahead, args.no_look_ahead, guess.look_ahead);
    guess.look_ahead_margin = args.look_ahead_margin;
    guess.look_ahead_top = args.look_ahead_top;
    guess.defer_small_areas = switch(
        args.defer_small_areas,
        args.no_defer_small_areas,
        guess.defer_small_areas,
    );
    guess.interior_by_opening = switch(
        args.interior_by_opening,
        args.no_interior_by_opening,
        guess.interior_by_opening,
    );
    guess.interior_order = args.interior_order.into();
    guess.hotspots = switch(args.hotspots, args.no_hotspots, guess.hotspots);
    guess.hill_enablers = switch(args.hill_enablers, args.no_hill_enablers, guess.hill_enablers);
    guess.living_safe = switch(args.living_safe, args.no_living_safe, guess.living_safe);
    guess.hill_dominating = switch(args.hill_dominating, args.no_hill_dominating, guess.hill_dominating);
    guess.lift_above_floor = switch(args.lift_above_floor, args.no_lift_above_floor, guess.lift_above_floor);
    guess.living_cut_off = switch(args.living_cut_off, args.no_living_cut_off, guess.living_cut_off);
    guess.narrow_lift = switch(args.narrow_lift, args.no_narrow_lift, guess.narrow_lift);
    guess.clears_tie_break = switch(args.clears_tie_break, args.no_clears_tie_break, guess.clears_tie_break);
    options.endgame_layouts = if args.no_endgame {
        0
    } else {
        args.endgame_layouts.unwrap_or(options.endgame_layouts)
    };
    options.endgame_nodes = args.endgame_nodes.unwrap_or(options.endgame_nodes);
    options.restricted_layouts = args.restricted_layouts.unwrap_or(options.restricted_layouts);
    options.restricted_candidates = args.restricted_candidates.unwrap_or(options.restricted_candidates);
    options.forced_fifty_fifty = !args.no_fifty_fifty;
    options.fifty_fifty_certain_mines = !args.plain_fifty_fifty;
    options.first_click_policy = !args.corner_first_click;
    options.pseudo_fifty_fifty = switch(
        args.pseudo_fifty_fifty,
        args.no_pseudo_fifty_fifty,
        options.pseudo_fifty_fifty,
    );
    options.chain_fifty_fifty = switch(
        args.chain_fifty_fifty,
        args.no_chain_fifty_fifty,
        options.chain_fifty_fifty,
    );
    options.fifty_fifty_tie_break = switch(
        args.fifty_fifty_tie_break,
        args.no_fifty_fifty_tie_break,
        options.fifty_fifty_tie_break,
    );
    options.isolated_regions = switch(
        args.isolated_regions,
        args.no_isolated_regions,
        options.isolated_regions,
    );
    options
}

fn player_kind(args: &PlayArgs, rule: FirstClick) -> PlayerKind {
    match args.player {
        PlayerArg::Teacher => PlayerKind::Teacher,
        // Not used to play: `run_games` plays the network players through the generic harness
        // (`par_run_trial_with`); the trial only carries the settings, seed and game count.
        #[cfg(feature = "learn")]
        PlayerArg::Network | PlayerArg::Hybrid => PlayerKind::Teacher,
        PlayerArg::Exact => PlayerKind::Exact(exact_options(args, rule)),
    }
}

#[cfg(feature = "learn")]
fn model_name(args: &PlayArgs) -> Option<String> {
    matches!(args.player, PlayerArg::Network | PlayerArg::Hybrid).then(|| args.model.name())
}

#[cfg(not(feature = "learn"))]
fn model_name(_: &PlayArgs) -> Option<String> {
    None
}

fn json_summary(args: &PlayArgs, trial: &Trial, s: &TrialSummary) -> serde_json::Value {
    let ci = s.ci95();
    let dims = trial.settings.dims();
    let options = exact_options(args, trial.settings.first_click());
    let guess = &options.guess;
    let mut summary = serde_json::json!({
        "board": format!("{}x{}/{}", dims.width().0, dims.height().0, trial.settings.mines()),
        "first_click": trial.settings.first_click().name(),
        "player": args.player.name(),
        "seed": trial.seed,
        "games": s.games,
        "wins": s.wins,
        "win_rate": s.win_rate(),
        "ci95_low": ci.low,
        "ci95_high": ci.high,
        "games_per_second": s.games_per_second(),
        "seconds": s.elapsed.as_secs_f64(),
        "endgame": !args.no_endgame && args.player == PlayerArg::Exact,
        "model": model_name(args),
        "endgame_layouts": options.endgame_layouts,
        "fifty_fifty": options.forced_fifty_fifty,
        "fifty_fifty_certain_mines": options.fifty_fifty_certain_mines,
        "secondary_safety": guess.secondary_safety,
        "first_click_policy": options.first_click_policy,
        "endgame_nodes": options.endgame_nodes,
        "guess_cut_off": guess.cut_off,
        "guess_frontier": guess.max_frontier,
        "guess_interior": guess.max_interior,
        "progress_weight": guess.progress_weight,
        "opening_weight": guess.opening_weight,
        "influence_weight": guess.influence_weight,
        "blend_second": guess.blend_second,
        "pseudo_fifty_fifty": options.pseudo_fifty_fifty,
        "avoid_dead": guess.avoid_dead,
        "living_next": guess.living_next,
        "dominated": guess.dominated,
        "influenced_candidates": guess.influenced_candidates,
        "enabler_influence": guess.enabler_influence,
        "blend_ratio": guess.blend_ratio,
        "guess_interior_cut_off": guess.interior_cut_off,
        "hill_off_edge": guess.hill_off_edge,
        "isolated_regions": options.isolated_regions,
        "chain_fifty_fifty": options.chain_fifty_fifty,
        "look_ahead": guess.look_ahead,
        "look_ahead_margin": guess.look_ahead_margin,
        "look_ahead_top": guess.look_ahead_top,
        "defer_small_areas": guess.defer_small_areas,
    });
    // Added after the macro: one object of this size reaches its recursion limit.
    summary["interior_by_opening"] = serde_json::json!(guess.interior_by_opening);
    summary["interior_order"] = serde_json::json!(InteriorOrderArg::from(guess.interior_order).name());
    summary["hotspots"] = serde_json::json!(guess.hotspots);
    summary["hill_enablers"] = serde_json::json!(guess.hill_enablers);
    summary["living_safe"] = serde_json::json!(guess.living_safe);
    summary["hill_dominating"] = serde_json::json!(guess.hill_dominating);
    summary["lift_above_floor"] = serde_json::json!(guess.lift_above_floor);
    summary["living_cut_off"] = serde_json::json!(guess.living_cut_off);
    summary["narrow_lift"] = serde_json::json!(guess.narrow_lift);
    summary["clears_tie_break"] = serde_json::json!(guess.clears_tie_break);
    summary["restricted_layouts"] = serde_json::json!(options.restricted_layouts);
    summary["restricted_candidates"] = serde_json::json!(options.restricted_candidates);
    summary["fast"] = serde_json::json!(args.fast);
    summary["fifty_fifty_tie_break"] = serde_json::json!(options.fifty_fifty_tie_break);
    summary
}

/// Play the trial's games with the player the arguments name.
fn run_games(
    args: &PlayArgs,
    trial: &Trial,
    progress: &Progress,
) -> Result<(TrialSummary, Option<GuessProfile>), CommandError> {
    let failed = |e: automine_core::SimulationError| CommandError::Usage(format!("a game failed: {e}"));
    #[cfg(feature = "learn")]
    if let Some(mode) = match args.player {
        PlayerArg::Network => Some(automine_learn::player::PlayMode::Network),
        PlayerArg::Hybrid => Some(automine_learn::player::PlayMode::Hybrid),
        _ => None,
    } {
        use automine_learn::player::NetworkPlayer;
        let model = args.model.load()?;
        let rule = trial.settings.first_click();
        return par_run_trial_with(
            trial.settings,
            trial.seed,
            trial.games,
            args.threads,
            || NetworkPlayer::new(model.clone(), rule, mode),
            || progress.inc(1),
        )
        .map(|summary| (summary, None))
        .map_err(failed);
    }
    if args.guess_profile {
        return par_profile_trial(trial, args.threads, || progress.inc(1))
            .map(|(summary, profile)| (summary, Some(profile)))
            .map_err(failed);
    }
    par_run_trial(trial, args.threads, || progress.inc(1))
        .map(|summary| (summary, None))
        .map_err(failed)
}

/// The phase's range of layouts as text: `<= 10^2.4` for the first, `10^a..10^b` after.
fn phase_name(profile: &GuessProfile, index: usize) -> String {
    // One decimal, without a trailing `.0`.
    let bound = |i: usize| {
        let text = format!("{:.1}", profile.phases[i].max_log10_layouts);
        text.strip_suffix(".0").map_or_else(|| text.clone(), str::to_string)
    };
    match index {
        0 => format!("<= 10^{}", bound(0)),
        i if profile.phases[i].max_log10_layouts.is_infinite() => format!("> 10^{}", bound(i - 1)),
        i => format!("10^{}..10^{}", bound(i - 1), bound(i)),
    }
}

fn profile_json(profile: &GuessProfile) -> serde_json::Value {
    let phases: Vec<serde_json::Value> = profile
        .phases
        .iter()
        .enumerate()
        .map(|(i, p)| {
            serde_json::json!({
                "layouts": phase_name(profile, i),
                "max_log10_layouts": p.max_log10_layouts.is_finite().then_some(p.max_log10_layouts),
                "guesses": p.guesses,
                "expected_losses": p.expected_losses,
                "losses": p.losses,
            })
        })
        .collect();
    serde_json::Value::Array(phases)
}

/// The guess profile as a table: per phase, guesses and losses per 100 games.
fn write_profile(out: &mut impl Write, profile: &GuessProfile, games: u64) -> std::io::Result<()> {
    let per100 = |x: f64| 100.0 * x / (games.max(1) as f64);
    writeln!(out, "guesses by phase (layouts left), per 100 games:")?;
    writeln!(
        out,
        "  {:<14} {:>8} {:>9} {:>8} {:>10}",
        "layouts", "guesses", "mean P", "losses", "expected"
    )?;
    for (i, p) in profile.phases.iter().enumerate() {
        writeln!(
            out,
            "  {:<14} {:>8.2} {:>9.3} {:>8.2} {:>10.2}",
            phase_name(profile, i),
            per100(p.guesses as f64),
            p.expected_losses / (p.guesses.max(1) as f64),
            per100(p.losses as f64),
            per100(p.expected_losses)
        )?;
    }
    writeln!(
        out,
        "  {:<14} {:>8.2} {:>9.3} {:>8.2} {:>10.2}",
        "all",
        per100(profile.guesses() as f64),
        profile.expected_losses() / (profile.guesses().max(1) as f64),
        per100(profile.losses() as f64),
        per100(profile.expected_losses())
    )
}

/// The first flag of the exact player's tuning the arguments give (`--x` or `--no-x`, or a
/// value other than its default), for players it would not change.
fn exact_flag_given(args: &PlayArgs) -> Option<&'static str> {
    let default = GuessOptions::default();
    let given = [
        ("no-endgame", args.no_endgame),
        ("endgame-layouts", args.endgame_layouts.is_some()),
        ("restricted-layouts", args.restricted_layouts.is_some()),
        ("restricted-candidates", args.restricted_candidates.is_some()),
        ("fast", args.fast),
        ("hill-like", args.hill_like),
        ("no-fifty-fifty", args.no_fifty_fifty),
        ("plain-fifty-fifty", args.plain_fifty_fifty),
        ("no-secondary-safety", args.no_secondary_safety),
        ("corner-first-click", args.corner_first_click),
        ("endgame-nodes", args.endgame_nodes.is_some()),
        (
            "guess-cut-off",
            args.guess_cut_off.to_bits() != default.cut_off.to_bits(),
        ),
        ("guess-frontier", args.guess_frontier.is_some()),
        ("guess-interior", args.guess_interior != default.max_interior),
        (
            "progress-weight",
            args.progress_weight.to_bits() != default.progress_weight.to_bits(),
        ),
        (
            "opening-weight",
            args.opening_weight.to_bits() != default.opening_weight.to_bits(),
        ),
        (
            "influence-weight",
            args.influence_weight.to_bits() != default.influence_weight.to_bits(),
        ),
        ("blend-second", args.blend_second),
        (
            "blend-ratio",
            args.blend_ratio.to_bits() != default.blend_ratio.to_bits(),
        ),
        ("no-blend-second", args.no_blend_second),
        ("pseudo-fifty-fifty", args.pseudo_fifty_fifty),
        ("no-pseudo-fifty-fifty", args.no_pseudo_fifty_fifty),
        ("avoid-dead", args.avoid_dead),
        ("no-avoid-dead", args.no_avoid_dead),
        ("living-next", args.living_next),
        ("no-living-next", args.no_living_next),
        ("dominated", args.dominated),
        ("no-dominated", args.no_dominated),
        ("enabler-influence", args.enabler_influence),
        ("no-enabler-influence", args.no_enabler_influence),
        ("influenced-candidates", args.influenced_candidates),
        ("no-influenced-candidates", args.no_influenced_candidates),
        ("look-ahead", args.look_ahead),
        ("no-look-ahead", args.no_look_ahead),
        (
            "look-ahead-margin",
            args.look_ahead_margin.to_bits() != default.look_ahead_margin.to_bits(),
        ),
        ("look-ahead-top", args.look_ahead_top != default.look_ahead_top),
        ("chain-fifty-fifty", args.chain_fifty_fifty),
        ("no-chain-fifty-fifty", args.no_chain_fifty_fifty),
        ("fifty-fifty-tie-break", args.fifty_fifty_tie_break),
        ("no-fifty-fifty-tie-break", args.no_fifty_fifty_tie_break),
        ("isolated-regions", args.isolated_regions),
        ("no-isolated-regions", args.no_isolated_regions),
        ("hill-off-edge", args.hill_off_edge),
        ("no-hill-off-edge", args.no_hill_off_edge),
        ("defer-small-areas", args.defer_small_areas),
        ("no-defer-small-areas", args.no_defer_small_areas),
        ("interior-by-opening", args.interior_by_opening),
        ("no-interior-by-opening", args.no_interior_by_opening),
        ("hotspots", args.hotspots),
        ("no-hotspots", args.no_hotspots),
        ("hill-enablers", args.hill_enablers),
        ("no-hill-enablers", args.no_hill_enablers),
        ("living-safe", args.living_safe),
        ("no-living-safe", args.no_living_safe),
        ("hill-dominating", args.hill_dominating),
        ("no-hill-dominating", args.no_hill_dominating),
        ("lift-above-floor", args.lift_above_floor),
        ("no-lift-above-floor", args.no_lift_above_floor),
        ("living-cut-off", args.living_cut_off),
        ("no-living-cut-off", args.no_living_cut_off),
        ("narrow-lift", args.narrow_lift),
        ("no-narrow-lift", args.no_narrow_lift),
        ("clears-tie-break", args.clears_tie_break),
        ("no-clears-tie-break", args.no_clears_tie_break),
        (
            "interior-order",
            args.interior_order != InteriorOrderArg::from(default.interior_order),
        ),
        (
            "guess-interior-cut-off",
            args.guess_interior_cut_off.to_bits() != default.interior_cut_off.to_bits(),
        ),
    ];
    given.into_iter().find(|&(_, given)| given).map(|(flag, _)| flag)
}

/// Run `search-cli mines play`.
pub fn play(args: &PlayArgs) -> CommandResult {
    let rule = FirstClick::from(args.first_click);
    let settings = parse_board(&args.preset, rule)?;
    let trial = Trial {
        settings,
        seed: args.seed,
        games: args.games,
        player: player_kind(args, rule),
    };
    #[cfg(feature = "learn")]
    if args.guess_profile && matches!(args.player, PlayerArg::Network | PlayerArg::Hybrid) {
        return Err(CommandError::Usage(
            "--guess-profile works with --player exact or teacher".to_string(),
        ));
    }
    if args.player != PlayerArg::Exact
        && let Some(flag) = exact_flag_given(args)
    {
        return Err(CommandError::Usage(format!(
            "--{flag} tunes the exact player: it does not work with --player {}",
            args.player.name()
        )));
    }
    #[cfg(feature = "learn")]
    if args.model.file_given() && !matches!(args.player, PlayerArg::Network | PlayerArg::Hybrid) {
        return Err(CommandError::Usage(format!(
            "--model works with --player network or hybrid, not --player {}",
            args.player.name()
        )));
    }
    let progress = Progress::new("games", Some(args.games));
    let (summary, profile) = run_games(args, &trial, &progress)?;
    progress.finish();
    if let Some(path) = &args.records {
        std::fs::write(path, write_records(&summary.records))
            .map_err(|e| CommandError::Usage(format!("--records {}: {e}", path.display())))?;
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut json = json_summary(args, &trial, &summary);
        if let Some(profile) = &profile {
            json["guess_profile"] = profile_json(profile);
        }
        writeln!(out, "{json}")?;
    } else {
        let ci = summary.ci95();
        writeln!(out, "games            {}", summary.games)?;
        writeln!(out, "wins             {}", summary.wins)?;
        writeln!(out, "win rate         {:.4}%", 100.0 * summary.win_rate())?;
        writeln!(
            out,
            "95% interval     [{:.4}%, {:.4}%] (Wilson)",
            100.0 * ci.low,
            100.0 * ci.high
        )?;
        writeln!(out, "games/s          {:.2}", summary.games_per_second())?;
        if let Some(profile) = &profile {
            write_profile(&mut out, profile, summary.games)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The demo part: win rates of the exact player and the teacher on the same 300 beginner games.
///
/// # Errors
/// When writing fails or a game fails.
pub fn demo(out: &mut impl Write) -> CommandResult {
    writeln!(
        out,
        "== automine-core: win rates on the same 300 beginner games (first click safe)"
    )?;
    let rule = FirstClick::Safe;
    let settings = Preset::Beginner.settings(rule);
    let failed = |e: automine_core::SimulationError| CommandError::Usage(format!("a game failed: {e}"));
    for (name, player) in [("exact  ", PlayerKind::exact(rule)), ("teacher", PlayerKind::Teacher)] {
        let trial = Trial {
            settings,
            seed: 0,
            games: 300,
            player,
        };
        demo_line(out, name, &par_run_trial(&trial, 0, || {}).map_err(failed)?)?;
    }
    #[cfg(feature = "learn")]
    {
        use automine_learn::player::{NetworkPlayer, PlayMode};
        let model = automine_learn::shipped::student_exact()
            .map_err(|e| CommandError::Usage(format!("the shipped model: {e}")))?;
        let summary = par_run_trial_with(
            settings,
            0,
            300,
            0,
            || NetworkPlayer::new(model.clone(), rule, PlayMode::Hybrid),
            || {},
        )
        .map_err(failed)?;
        demo_line(out, "hybrid ", &summary)?;
        writeln!(
            out,
            "(hybrid: exact logic for certain cells, the shipped student network for every guess)"
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// One line of the demo: wins, rate, interval, speed.
fn demo_line(out: &mut impl Write, name: &str, s: &TrialSummary) -> std::io::Result<()> {
    let ci = s.ci95();
    writeln!(
        out,
        "{name} {:>3}/{} won = {:.1}% [{:.1}%, {:.1}%], {:.0} games/s",
        s.wins,
        s.games,
        100.0 * s.win_rate(),
        100.0 * ci.low,
        100.0 * ci.high,
        s.games_per_second()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_parse_and_bad_ones_are_named() {
        assert_eq!(parse_board("expert", FirstClick::Safe).unwrap().mines(), 99);
        let custom = parse_board("8x8/10", FirstClick::Opening).unwrap();
        assert_eq!(custom.dims().cell_count(), 64);
        for bad in ["huge", "8x8", "8x/10", "3x3/9"] {
            let err = parse_board(bad, FirstClick::Opening).unwrap_err().to_string();
            assert!(err.contains("--preset"), "{bad}: {err}");
        }
    }
}
