//! What the regret examples (`guess_regret`, `heuristic_regret`) share: the player's guesses in
//! a range of layouts ([`Span`]), and the mean of per-game sums with its standard error.

use std::error::Error;

use automine_core::search_core::Budget;
use automine_core::strategy::exact_player::{ExactPlayer, PlayerOptions};
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
