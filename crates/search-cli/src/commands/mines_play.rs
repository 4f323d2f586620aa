//! `search-cli mines play`: win rates of the exact player, the teacher baseline or (feature
//! `learn`) the student network, alone or with exact logic, over a seed range (automine-core's
//! `measure::harness`).

use std::io::Write;
use std::process::ExitCode;

#[cfg(feature = "learn")]
use automine_core::measure::harness::par_run_trial_with;
use automine_core::measure::harness::{PlayerKind, Trial, TrialSummary, par_run_trial};
use automine_core::measure::paired::write_records;
use automine_core::measure::profile::{GuessProfile, par_profile_trial};
use automine_core::player::exact::PlayerOptions;
use automine_core::policy::guess::{GuessOptions, InteriorOrder};
use automine_core::{Dims, FirstClick, GameSettings, Height, Preset, Width};
use clap::parser::ValueSource;
use clap::{ArgMatches, Args, ValueEnum};

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

/// The help heading of the exact player's tuning ([`ExactArgs`]): written out on the command
/// line, any of these options is refused with another player.
const EXACT_HEADING: &str = "Exact player (--player exact only)";

/// The help heading of the network's model (`--model`, `--shipped`): written out on the command
/// line, either is refused with the exact player or the teacher.
#[cfg(feature = "learn")]
const NETWORK_HEADING: &str = "Network and hybrid players (--player network or hybrid only)";

/// Arguments of `search-cli mines play`.
#[derive(Debug, Args)]
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
    #[arg(long, default_value_t = 0, value_parser = super::threads())]
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
    /// The exact player's tuning, under its own help heading. `next_help_heading` carries on
    /// to the fields below, so an option shared by the players goes above this one (a test
    /// fails otherwise).
    #[command(flatten, next_help_heading = EXACT_HEADING)]
    exact: ExactArgs,
    /// Network and hybrid players: which network.
    #[cfg(feature = "learn")]
    #[command(flatten, next_help_heading = NETWORK_HEADING)]
    model: super::mines_learn::ModelArgs,
}

/// The exact player's tuning in `search-cli mines play`: the only arguments
/// [`exact_options`] reads, all under [`EXACT_HEADING`], so refused with another player.
#[derive(Debug, Args)]
#[expect(clippy::struct_excessive_bools, reason = "independent command-line switches")]
struct ExactArgs {
    /// No endgame search.
    #[arg(long)]
    no_endgame: bool,
    /// The endgame search runs at or below this many layouts [default: 4096;
    /// 256 with --fast].
    #[arg(long)]
    endgame_layouts: Option<usize>,
    /// Above --endgame-layouts and up to this many layouts, the endgame search
    /// tries only the --restricted-candidates safest guesses in every set below its root
    /// (0: never) [default: 32768; 0 with --fast].
    #[arg(long)]
    restricted_layouts: Option<usize>,
    /// Guesses the restricted endgame search tries per set below its root
    /// [default: 3].
    #[arg(long)]
    restricted_candidates: Option<usize>,
    /// Start from the faster player that was the default before `mines9`
    /// (without D. N. Hill's further parts: a smaller endgame search, no isolated regions,
    /// --hill-off-edge, --hill-enablers, --living-safe, chain 50/50s, or the rules of his Java
    /// solver that the default has since `mines11`: --defer-small-areas, --living-cut-off,
    /// --hill-dominating, --fifty-fifty-tie-break and 100 frontier candidates); about twice as
    /// many games per second on expert (measured on `mines10`), 0.13-0.19 points fewer wins
    /// there (on `mines9`). The other flags still change single parts.
    #[arg(long, conflicts_with = "hill_like")]
    fast: bool,
    /// The default player (Hill's further parts on). Accepted so that the
    /// commands written before `mines9`, when it was not the default, still run.
    #[arg(long)]
    hill_like: bool,
    /// Do not take forced 50/50s early.
    #[arg(long)]
    no_fifty_fifty: bool,
    /// Look for forced 50/50s on the view alone (not with the certain mines
    /// taken as flags).
    #[arg(long)]
    plain_fifty_fifty: bool,
    /// Guess the safest cell instead of scoring secondary safety.
    #[arg(long)]
    no_secondary_safety: bool,
    /// First click in the top-left corner whatever the rule.
    #[arg(long)]
    corner_first_click: bool,
    /// The endgame search gives up after this many distinct layout sets
    /// [default: 300000; 20000 with --fast].
    #[arg(long)]
    endgame_nodes: Option<u64>,
    /// Guess candidates need at least this fraction of the best safety (in
    /// (0, 1]).
    #[arg(long, allow_negative_numbers = true, default_value_t = GuessOptions::default().cut_off, value_parser = cut_off)]
    guess_cut_off: f64,
    /// At most this many frontier cells are scored for a guess (the safest)
    /// [default: 100; 10 with --fast].
    #[arg(long)]
    guess_frontier: Option<usize>,
    /// At most this many interior cells are scored for a guess.
    #[arg(long, default_value_t = GuessOptions::default().max_interior)]
    guess_interior: usize,
    /// The weight of progress (the chance a guess leaves a safe cell) in its score
    /// (>= 0).
    #[arg(long, allow_negative_numbers = true, default_value_t = GuessOptions::default().progress_weight, value_parser = weight)]
    progress_weight: f64,
    /// The weight of the size of what a guess opens (Σ P(v) ln(1 + safe cells
    /// after v)) in its score (>= 0; 0: off).
    #[arg(long, allow_negative_numbers = true, default_value_t = GuessOptions::default().opening_weight, value_parser = weight)]
    opening_weight: f64,
    /// The weight of the 50/50 influence (the chance a guess's risk belongs to a
    /// 50/50 that could never be avoided): the score is multiplied by
    /// `1 + w · influence / P(safe)` (>= 0; 0: off).
    #[arg(long, allow_negative_numbers = true, default_value_t = GuessOptions::default().influence_weight, value_parser = weight)]
    influence_weight: f64,
    /// Value the next click by D. N. Hill's blended safety (the default):
    /// (k · best + second best safety) / (k + 1) with k = --blend-ratio, not by the best
    /// safety alone.
    #[arg(long, overrides_with = "no_blend_second")]
    blend_second: bool,
    /// The weight k of the best next safety in the blend
    /// `(k · best + second best) / (k + 1)` (> 0).
    #[arg(long, allow_negative_numbers = true, default_value_t = GuessOptions::default().blend_ratio, value_parser = ratio)]
    blend_ratio: f64,
    /// Value the next click by its best safety alone (no blend).
    #[arg(long)]
    no_blend_second: bool,
    /// Take a pseudo-50/50 (a cell either safe or half of a 50/50 nothing can
    /// ever break) at once, before guessing (the default).
    #[arg(long, overrides_with = "no_pseudo_fifty_fifty")]
    pseudo_fifty_fifty: bool,
    /// Do not look for pseudo-50/50s.
    #[arg(long)]
    no_pseudo_fifty_fifty: bool,
    /// Never guess a dead cell (one that can show only one number) while a
    /// living candidate exists (the default).
    #[arg(long, overrides_with = "no_avoid_dead")]
    avoid_dead: bool,
    /// Dead cells are guessed like any other.
    #[arg(long)]
    no_avoid_dead: bool,
    /// Value the next click by the best living safety (cells whose number is
    /// already known do not count, certainly safe cells count as 1).
    #[arg(long, overrides_with = "no_living_next")]
    living_next: bool,
    /// Value the next click by the best safety of any cell.
    #[arg(long)]
    no_living_next: bool,
    /// Play a cell that dominates the chosen guess (safe whenever the guess is,
    /// and strictly safer) instead.
    #[arg(long, overrides_with = "no_dominated")]
    dominated: bool,
    /// No dominated-guess replacement.
    #[arg(long)]
    no_dominated: bool,
    /// Add the influence of 50/50s a guess is the last missing enabler of.
    #[arg(long, overrides_with = "no_enabler_influence")]
    enabler_influence: bool,
    /// No enabler influence.
    #[arg(long)]
    no_enabler_influence: bool,
    /// Also score cells whose safety plus 50/50 influence reaches the cut-off.
    #[arg(long, overrides_with = "no_influenced_candidates")]
    influenced_candidates: bool,
    /// Candidates by safety alone.
    #[arg(long)]
    no_influenced_candidates: bool,
    /// Compare the best guesses (within `--look-ahead-margin` of the best
    /// value, at most `--look-ahead-top`) by the chance to survive them and the next two
    /// guesses.
    #[arg(long, overrides_with = "no_look_ahead")]
    look_ahead: bool,
    /// No third-click look-ahead.
    #[arg(long)]
    no_look_ahead: bool,
    /// Candidates within this fraction of the best value are compared by the
    /// look-ahead (in [0, 1]).
    #[arg(long, allow_negative_numbers = true, default_value_t = GuessOptions::default().look_ahead_margin, value_parser = fraction)]
    look_ahead_margin: f64,
    /// At most this many candidates are compared by the look-ahead.
    #[arg(long, default_value_t = GuessOptions::default().look_ahead_top)]
    look_ahead_top: usize,
    /// Take chain 50/50s at once (D. N. Hill's chains of links: cells that
    /// take one of two patterns in every layout, which nothing can ever tell apart; on by
    /// default since `mines10`, off with --fast).
    #[arg(long, overrides_with = "no_chain_fifty_fifty")]
    chain_fifty_fifty: bool,
    /// No chain 50/50s.
    #[arg(long)]
    no_chain_fifty_fifty: bool,
    /// Open the best cell of a forced or chain 50/50 by the guess's value
    /// (D. N. Hill's tie-break), not the first in row-major order.
    #[arg(long, overrides_with = "no_fifty_fifty_tie_break")]
    fifty_fifty_tie_break: bool,
    /// Open a 50/50's first cell in row-major order.
    #[arg(long)]
    no_fifty_fifty_tie_break: bool,
    /// Play an isolated region (uncertain cells no other click can inform)
    /// first, by the exact search over its own layouts.
    #[arg(long, overrides_with = "no_isolated_regions")]
    isolated_regions: bool,
    /// No isolated-region search.
    #[arg(long)]
    no_isolated_regions: bool,
    /// Interior candidates as D. N. Hill chooses them (when their safety is
    /// above 0.95 × the best: all if fewer than 30, else those two steps from a number and
    /// those with two or three covered neighbours).
    #[arg(long, overrides_with = "no_hill_off_edge")]
    hill_off_edge: bool,
    /// Interior candidates by `--guess-interior` (fewest covered neighbours).
    #[arg(long)]
    no_hill_off_edge: bool,
    /// Defer guesses in small enclosed areas (fewer than 8 covered cells) while
    /// a candidate in a larger area exists.
    #[arg(long, overrides_with = "no_defer_small_areas")]
    defer_small_areas: bool,
    /// No deferral of small areas.
    #[arg(long)]
    no_defer_small_areas: bool,
    /// Pick the interior candidates by their chance to open a region (product
    /// of 1 − P(mine) over their covered neighbours) instead of by fewest covered neighbours.
    #[arg(long, overrides_with = "no_interior_by_opening")]
    interior_by_opening: bool,
    /// Interior candidates by fewest covered neighbours.
    #[arg(long)]
    no_interior_by_opening: bool,
    /// Weigh D. N. Hill's risk hotspots (the one missing enabler of a pair that
    /// is a coin flip now) in the guess (off by default since `mines11`: his Java solver
    /// computes them but does not weigh them).
    #[arg(long, overrides_with = "no_hotspots")]
    hotspots: bool,
    /// No risk hotspots.
    #[arg(long)]
    no_hotspots: bool,
    /// Long-term risk as D. N. Hill's JavaScript solver weighs it (enablers of
    /// pairs and 2x2 boxes counted, and the cells their influence lifts over the cut-off
    /// scored as candidates).
    #[arg(long, overrides_with = "no_hill_enablers")]
    hill_enablers: bool,
    /// The default long-term risk.
    #[arg(long)]
    no_hill_enablers: bool,
    /// Value the next click among living cells only, certainly safe ones
    /// included only when living (a dead safe cell tells nothing).
    #[arg(long, overrides_with = "no_living_safe")]
    living_safe: bool,
    /// A certainly safe next click counts as 1 even when dead.
    #[arg(long)]
    no_living_safe: bool,
    /// When one living cell is strictly the safest after every number the
    /// chosen guess can show, and it is a candidate and safer now, open it instead (D. N.
    /// Hill's dominating tile).
    #[arg(long, overrides_with = "no_hill_dominating")]
    hill_dominating: bool,
    /// No dominating-tile swap.
    #[arg(long)]
    no_hill_dominating: bool,
    /// With the JavaScript long-term risk: every cell whose long-term risk is
    /// positive joins the candidates, also one already over the cut-off that the candidate
    /// rules left out (D. N. Hill's rule).
    #[arg(long, overrides_with = "no_lift_above_floor")]
    lift_above_floor: bool,
    /// Only cells that the long-term risk lifts over the cut-off join.
    #[arg(long)]
    no_lift_above_floor: bool,
    /// The candidates' cut-off is relative to the safest cell that is not
    /// dead (D. N. Hill's rule), not to the safest of all.
    #[arg(long, overrides_with = "no_living_cut_off")]
    living_cut_off: bool,
    /// The cut-off is relative to the safest cell of all.
    #[arg(long)]
    no_living_cut_off: bool,
    /// With the JavaScript long-term risk: the cells that join the candidates
    /// for their long-term risk are those of D. N. Hill's Java solver's narrower sweep
    /// (shapes with at most one enabler still to be a mine), over the cut-off already or not.
    #[arg(long, overrides_with = "no_narrow_lift")]
    narrow_lift: bool,
    /// The full long-term risk lifts cells over the cut-off.
    #[arg(long)]
    no_narrow_lift: bool,
    /// Ties in the guess's value are broken by the expected number of living
    /// cells the guess makes certainly safe (D. N. Hill's Java solver).
    #[arg(long, overrides_with = "no_clears_tie_break")]
    clears_tie_break: bool,
    /// The first candidate scored wins a tie.
    #[arg(long)]
    no_clears_tie_break: bool,
    /// How ties between interior candidates with equally many covered
    /// neighbours are broken: row-major order, nearest to the revealed cells first, or farthest.
    #[arg(long, value_enum, default_value_t = InteriorOrderArg::from(GuessOptions::default().interior_order))]
    interior_order: InteriorOrderArg,
    /// Interior candidates need at least this fraction of the best frontier
    /// safety (in [0, 1]; 0: only `--guess-cut-off`).
    #[arg(long, allow_negative_numbers = true, default_value_t = GuessOptions::default().interior_cut_off, value_parser = fraction)]
    guess_interior_cut_off: f64,
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
/// Only [`ExactArgs`] and the first-click rule go in, so every argument the exact player reads
/// is under [`EXACT_HEADING`].
fn exact_options(args: &ExactArgs, rule: FirstClick) -> PlayerOptions {
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
        PlayerArg::Exact => PlayerKind::Exact(exact_options(&args.exact, rule)),
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
    let options = exact_options(&args.exact, trial.settings.first_click());
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
        "endgame": !args.exact.no_endgame && args.player == PlayerArg::Exact,
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
    summary["fast"] = serde_json::json!(args.exact.fast);
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

/// Refuse the options of a player other than the one that plays: the exact player's tuning
/// with `--player teacher` (or `network`, `hybrid`), the network's model with `--player exact`
/// or `teacher`. An option counts when it is written out on the command line, even at its
/// default value; `matches` are those of `mines play` itself.
fn check_player_options(args: &PlayArgs, matches: &ArgMatches) -> Result<(), CommandError> {
    let command = PlayArgs::augment_args(clap::Command::new("play"));
    // The long name of the first option under `heading` written out on the command line.
    let given = |heading: &str| {
        command
            .get_arguments()
            .filter(|arg| arg.get_help_heading() == Some(heading))
            .find(|arg| matches.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine))
            .map(|arg| arg.get_long().unwrap_or_else(|| arg.get_id().as_str()).to_string())
    };
    if args.player != PlayerArg::Exact
        && let Some(flag) = given(EXACT_HEADING)
    {
        return Err(CommandError::Usage(format!(
            "--{flag} tunes the exact player: it does not work with --player {}",
            args.player.name()
        )));
    }
    #[cfg(feature = "learn")]
    if !matches!(args.player, PlayerArg::Network | PlayerArg::Hybrid)
        && let Some(flag) = given(NETWORK_HEADING)
    {
        return Err(CommandError::Usage(format!(
            "--{flag} works with --player network or hybrid, not --player {}",
            args.player.name()
        )));
    }
    Ok(())
}

/// Run `search-cli mines play`; `matches` are the command line's matches of `mines play`
/// (which options were written out).
pub fn play(args: &PlayArgs, matches: &ArgMatches) -> CommandResult {
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
    check_player_options(args, matches)?;
    // A records file that cannot be written fails now, not after every game is played.
    if let Some(path) = &args.records {
        crate::batch::check_writable(path).map_err(|e| CommandError::Usage(format!("--records {e}")))?;
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
    use clap::{Arg, Command, FromArgMatches};

    use super::*;

    /// `mines play`'s command, as `search-cli` builds it.
    fn play_command() -> Command {
        PlayArgs::augment_args(Command::new("play"))
    }

    /// `mines play ARGV` parsed as `main` parses it: the arguments and their matches.
    fn parse(argv: &[String]) -> (PlayArgs, ArgMatches) {
        let matches = play_command()
            .try_get_matches_from(std::iter::once("play".to_string()).chain(argv.iter().cloned()))
            .unwrap_or_else(|e| panic!("{argv:?}: {e}"));
        let args = PlayArgs::from_arg_matches(&matches).unwrap_or_else(|e| panic!("{argv:?}: {e}"));
        (args, matches)
    }

    /// The ids of the arguments of `command` under `heading`.
    fn ids_under(command: &Command, heading: Option<&str>) -> Vec<String> {
        command
            .get_arguments()
            .filter(|arg| arg.get_help_heading() == heading)
            .map(|arg| arg.get_id().to_string())
            .collect()
    }

    /// `arg` written out on the command line: `--x`, or `--x VALUE` with its default value (so
    /// that giving it changes nothing but the value's source), else its first possible value,
    /// else 1.
    fn written_out(arg: &Arg) -> Vec<String> {
        let flag = format!("--{}", arg.get_long().expect("every option of `mines play` is long"));
        if !arg.get_action().takes_values() {
            return vec![flag];
        }
        let value = arg
            .get_default_values()
            .first()
            .map(|v| v.to_str().expect("UTF-8").to_string())
            .or_else(|| arg.get_possible_values().first().map(|v| v.get_name().to_string()))
            .unwrap_or_else(|| "1".to_string());
        vec![flag, value]
    }

    /// The options of `mines play` under `heading`, each written out.
    fn written_under(heading: &str) -> Vec<(String, Vec<String>)> {
        play_command()
            .get_arguments()
            .filter(|arg| arg.get_help_heading() == Some(heading))
            .map(|arg| (arg.get_long().unwrap().to_string(), written_out(arg)))
            .collect()
    }

    #[test]
    fn the_exact_heading_holds_exactly_the_arguments_the_exact_player_reads() {
        // `exact_options` reads `ExactArgs` alone (and the first-click rule, which every
        // player uses): its arguments, and no other, must be under the heading.
        let exact = ExactArgs::augment_args(Command::new("exact"));
        let all: Vec<String> = exact.get_arguments().map(|arg| arg.get_id().to_string()).collect();
        assert!(all.len() >= 60, "{all:?}");
        assert_eq!(ids_under(&play_command(), Some(EXACT_HEADING)), all);
        #[cfg(feature = "learn")]
        {
            let model = super::super::mines_learn::ModelArgs::augment_args(Command::new("model"));
            let all: Vec<String> = model.get_arguments().map(|arg| arg.get_id().to_string()).collect();
            assert_eq!(ids_under(&play_command(), Some(NETWORK_HEADING)), all);
        }
        // What no heading holds is shared by the players.
        let shared = ids_under(&play_command(), None);
        for id in [
            "preset",
            "games",
            "seed",
            "first_click",
            "player",
            "threads",
            "json",
            "records",
        ] {
            assert!(shared.iter().any(|s| s == id), "{id}: {shared:?}");
        }
    }

    #[test]
    fn every_exact_option_is_refused_with_every_other_player_even_at_its_default() {
        let options = written_under(EXACT_HEADING);
        assert!(!options.is_empty());
        for player in PlayerArg::value_variants().iter().filter(|&&p| p != PlayerArg::Exact) {
            for (long, written) in &options {
                let argv = [vec!["--player".to_string(), player.name().to_string()], written.clone()].concat();
                let (args, matches) = parse(&argv);
                let err = check_player_options(&args, &matches).expect_err(&format!("{argv:?} is refused"));
                assert_eq!(
                    err.to_string(),
                    format!(
                        "--{long} tunes the exact player: it does not work with --player {}",
                        player.name()
                    ),
                    "{argv:?}"
                );
            }
        }
        // Of an `--x` / `--no-x` pair given both, the last wins and is named.
        let argv = ["--player", "teacher", "--blend-second", "--no-blend-second"].map(String::from);
        let (args, matches) = parse(&argv);
        let err = check_player_options(&args, &matches).unwrap_err().to_string();
        assert!(err.starts_with("--no-blend-second tunes the exact player"), "{err}");
        // Nothing written out: the defaults do not count.
        let (args, matches) = parse(&["--player", "teacher"].map(String::from));
        assert!(check_player_options(&args, &matches).is_ok());
    }

    #[cfg(feature = "learn")]
    #[test]
    fn the_network_options_are_refused_with_the_exact_player_and_the_teacher() {
        let options = written_under(NETWORK_HEADING);
        assert_eq!(options.len(), 2, "--model and --shipped");
        for player in PlayerArg::value_variants() {
            for (long, written) in &options {
                let argv = [vec!["--player".to_string(), player.name().to_string()], written.clone()].concat();
                let (args, matches) = parse(&argv);
                let result = check_player_options(&args, &matches);
                if matches!(player, PlayerArg::Network | PlayerArg::Hybrid) {
                    assert!(result.is_ok(), "{argv:?}");
                } else {
                    assert_eq!(
                        result.unwrap_err().to_string(),
                        format!(
                            "--{long} works with --player network or hybrid, not --player {}",
                            player.name()
                        ),
                        "{argv:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_exact_option_at_once_goes_with_the_exact_player_and_plays() {
        let mut command = play_command();
        command.build();
        let mut argv = vec!["--player".to_string(), "exact".to_string()];
        let mut taken: Vec<&Arg> = Vec::new();
        for arg in command
            .get_arguments()
            .filter(|arg| arg.get_help_heading() == Some(EXACT_HEADING))
        {
            // `--fast` and `--hill-like` do not go together: the first of such a pair is taken
            // (a conflict is declared on one of the two).
            let conflicts = |a: &Arg, b: &Arg| command.get_arg_conflicts_with(a).contains(&b);
            if taken.iter().any(|&t| conflicts(arg, t) || conflicts(t, arg)) {
                continue;
            }
            taken.push(arg);
            argv.extend(written_out(arg));
        }
        assert!(taken.len() >= 60, "{argv:?}");
        let (args, matches) = parse(&argv);
        assert!(check_player_options(&args, &matches).is_ok());
        let rule = FirstClick::Safe;
        let trial = Trial {
            settings: Preset::Beginner.settings(rule),
            seed: 0,
            games: 2,
            player: player_kind(&args, rule),
        };
        assert_eq!(par_run_trial(&trial, 1, || {}).unwrap().games, 2);
    }

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
