//! What the player examples share: the player's guesses in a range of layouts ([`Span`], the
//! regret examples), the mean of per-game sums with its standard error, and named variants of
//! the player's options ([`parse_variant`], `heuristic_regret` and `first_divergence`).

// Each example compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use std::error::Error;

use automine_core::player::exact::{ExactPlayer, PlayerOptions};
use automine_core::search_core::Budget;
use automine_core::{ExactAnalysis, FirstClick, Game, GameStatus, Player, PlayerView, Pos, Preset, exact_analysis};

/// The games and the range of layouts a regret example looks at: its first six arguments,
/// `PRESET RULE S N LO HI`.
pub struct Span {
    /// The board size.
    pub preset: Preset,
    /// The first-click rule.
    pub rule: FirstClick,
    /// The first seed.
    pub start: u64,
    /// How many games, from `start` on.
    pub games: u64,
    /// Guesses made with more than `lo` ...
    pub lo: usize,
    /// ... and at most `hi` layouts left are looked at.
    pub hi: usize,
}

impl Span {
    /// Parse `PRESET RULE S N LO HI` from the start of `args` (`usage` on too few).
    pub fn parse(args: &[String], usage: &str) -> Result<Self, Box<dyn Error>> {
        let [preset, rule, start, games, lo, hi, ..] = args else {
            return Err(usage.into());
        };
        let (lo, hi): (usize, usize) = (lo.parse()?, hi.parse()?);
        if lo == 0 || hi <= lo {
            return Err(format!("need 0 < LO < HI (got {lo}, {hi}); {usage}").into());
        }
        Ok(Self {
            preset: preset.parse()?,
            rule: rule.parse()?,
            start: start.parse()?,
            games: games.parse()?,
            lo,
            hi,
        })
    }

    /// The seeds of the games.
    pub fn seeds(&self) -> std::ops::Range<u64> {
        self.start..self.start + self.games
    }

    /// Play game `seed` with an exact player with `options`, and call `visit(view, cell,
    /// analysis)` at each of its guesses (a click on a cell with P(mine) > 0, the protected
    /// first click aside) made while more than `lo` and at most `hi` layouts are consistent
    /// with the view; the game goes on with the player's move whatever `visit` does.
    pub fn for_each_guess(
        &self,
        options: PlayerOptions,
        seed: u64,
        mut visit: impl FnMut(&PlayerView, Pos, &ExactAnalysis) -> Result<(), Box<dyn Error>>,
    ) -> Result<(), Box<dyn Error>> {
        let (ln_lo, ln_hi) = ((self.lo as f64).ln() + 1e-9, (self.hi as f64).ln() + 1e-9);
        let mut game = Game::new(self.preset.settings(self.rule), seed);
        let mut player = ExactPlayer::new(options);
        while game.status() == GameStatus::Playing {
            let view = game.view().clone();
            let pos = player.choose(&view)?;
            game.reveal(pos)?;
            if view.revealed_count() == 0 {
                continue;
            }
            let analysis = exact_analysis(&view, &Budget::unlimited())?;
            let in_range = analysis.ln_layouts > ln_lo && analysis.ln_layouts <= ln_hi;
            if in_range && analysis.map.get(pos).is_some_and(|p| p > 0.0) {
                visit(&view, pos, &analysis)?;
            }
        }
        Ok(())
    }
}

/// Mean and standard error of `xs` over `n` games (games not in `xs` count as zero).
pub fn mean_se(xs: &[f64], n: usize) -> (f64, f64) {
    let n = n.max(1) as f64;
    // `+ 0.0`: an empty sum of f64 is -0.0, which would print as "-0.0000".
    let mean = (xs.iter().sum::<f64>() + 0.0) / n;
    let sq: f64 = xs.iter().map(|x| x * x).sum();
    let var = (sq / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

/// A named set of options for the exact player.
pub struct Variant {
    /// The name it is reported under.
    pub name: String,
    /// The player's options.
    pub options: PlayerOptions,
}

fn parse_bool(key: &str, value: &str) -> Result<bool, Box<dyn Error>> {
    value
        .parse()
        .map_err(|_| format!("{key}={value}: expected true or false").into())
}

/// Parse a variant `NAME` or `NAME:key=value,key=value,...`: `base` with the named options
/// changed. Numbers: `cut_off`, `progress_weight`, `influence_weight`, `blend_ratio`,
/// `max_frontier`, `max_interior` (of the guess) and `endgame_layouts`, `restricted_layouts`,
/// `restricted_candidates`; `true`/`false`: `blend_second`, `secondary_safety`, `living_safe`,
/// `hill_enablers`, `hill_off_edge`, `defer_small_areas`, `hill_dominating` (of the guess) and
/// `isolated`, `pseudo`.
pub fn parse_variant(text: &str, base: PlayerOptions) -> Result<Variant, Box<dyn Error>> {
    let (name, spec) = text.split_once(':').unwrap_or((text, ""));
    let mut options = base;
    for pair in spec.split(',').filter(|s| !s.is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("{pair}: expected key=value"))?;
        let g = &mut options.guess;
        match key {
            "cut_off" => g.cut_off = value.parse()?,
            "progress_weight" => g.progress_weight = value.parse()?,
            "influence_weight" => g.influence_weight = value.parse()?,
            "blend_ratio" => g.blend_ratio = value.parse()?,
            "max_frontier" => g.max_frontier = value.parse()?,
            "max_interior" => g.max_interior = value.parse()?,
            "blend_second" => g.blend_second = parse_bool(key, value)?,
            "secondary_safety" => g.secondary_safety = parse_bool(key, value)?,
            "living_safe" => g.living_safe = parse_bool(key, value)?,
            "hill_enablers" => g.hill_enablers = parse_bool(key, value)?,
            "hill_off_edge" => g.hill_off_edge = parse_bool(key, value)?,
            "defer_small_areas" => g.defer_small_areas = parse_bool(key, value)?,
            "hill_dominating" => g.hill_dominating = parse_bool(key, value)?,
            "endgame_layouts" => options.endgame_layouts = value.parse()?,
            "restricted_layouts" => options.restricted_layouts = value.parse()?,
            "restricted_candidates" => options.restricted_candidates = value.parse()?,
            "isolated" => options.isolated_regions = parse_bool(key, value)?,
            "pseudo" => options.pseudo_fifty_fifty = parse_bool(key, value)?,
            other => return Err(format!("unknown key {other} in variant {text}").into()),
        }
    }
    Ok(Variant {
        name: name.to_string(),
        options,
    })
}
