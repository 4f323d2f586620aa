//! Is the exact player's `K`-th guess (the first by default) the best one after the `safe`
//! corner click shows `V`?
//!
//! Expert games under `safe` start in the top-left corner. Among the games (from seed `S` on)
//! whose corner shows `V`, the exact player plays until its `K`-th guess (a click on a cell
//! with P(mine) > 0; its earlier guesses survived); there, the first `N` such games are
//! played on once per alternative, with a fresh exact player after the forced guess:
//!
//! - `default`: the player's own guess;
//! - `safest`: the cell with the lowest P(mine) (the first in row-major order on ties);
//! - `safest-frontier`: the same among the cells next to a revealed number;
//! - `corner`: the first covered corner next to no number (a blind guess for an opening);
//! - `edge`: the first covered cell with five covered neighbours next to no number.
//!
//! An alternative that does not exist in a game (no covered corner left, say) skips that game;
//! each line compares with the default on the games it was played on.
//!
//! ```sh
//! cargo run --release -p automine-core --example first_guess -- V S N [K]
//! cargo run --release -p automine-core --example first_guess -- 0 700000 10000
//! cargo run --release -p automine-core --example first_guess -- 0 700000 10000 2
//! ```

use std::error::Error;
use std::io::Write;

use automine_core::player::exact::{ExactPlayer, PlayerOptions};
use automine_core::search_core::Budget;
use automine_core::{
    CellId, CellView, Col, ExactAnalysis, FirstClick, Game, GameStatus, Player, Pos, Preset, Row, exact_analysis,
    play_out,
};

const RULE: FirstClick = FirstClick::Safe;
const CORNER: Pos = Pos::new(Col(0), Row(0));
const NAMES: [&str; 5] = ["default", "safest", "safest-frontier", "corner", "edge"];

/// A game stopped at the player's first guess: the position, the guess, the exact analysis.
type AtGuess = (Game, Pos, ExactAnalysis);

/// Game `seed` played up to the exact player's `k`-th guess, when the corner shows `value`
/// and the game gets there: the position, the player's guess and the exact analysis there.
fn kth_guess(seed: u64, value: u8, k: usize) -> Result<Option<AtGuess>, Box<dyn Error>> {
    let mut game = Game::new(Preset::Expert.settings(RULE), seed);
    game.reveal(CORNER)?;
    if game.view().cell(CORNER) != Some(CellView::Revealed(value)) {
        return Ok(None);
    }
    let mut player = ExactPlayer::new(PlayerOptions::new(RULE));
    let mut guesses = 0;
    while game.status() == GameStatus::Playing {
        let pos = player.choose(game.view())?;
        let analysis = exact_analysis(game.view(), &Budget::unlimited())?;
        if analysis.map.get(pos).is_some_and(|p| p > 0.0) {
            guesses += 1;
            if guesses == k {
                return Ok(Some((game, pos, analysis)));
            }
        }
        game.reveal(pos)?;
    }
    Ok(None)
}

/// The alternatives of [`NAMES`] in `game` (`None` where one does not exist).
fn alternatives(game: &Game, default: Pos, analysis: &ExactAnalysis) -> [Option<Pos>; 5] {
    let view = game.view();
    let dims = view.dims();
    let frontier = |id: CellId| dims.neighbours(id).any(|n| matches!(view.at(n), CellView::Revealed(_)));
    let covered = |id: CellId| dims.neighbours(id).filter(|&n| view.at(n) == CellView::Covered).count();
    let uncertain: Vec<(CellId, f64)> = analysis.map.covered().filter(|&(_, p)| p > 0.0 && p < 1.0).collect();
    let safest = |keep: &dyn Fn(CellId) -> bool| {
        uncertain
            .iter()
            .filter(|&&(id, _)| keep(id))
            .fold(None::<(CellId, f64)>, |best, &(id, p)| match best {
                Some((_, q)) if q <= p => best,
                _ => Some((id, p)),
            })
            .map(|(id, _)| dims.pos(id))
    };
    let blind = |neighbours: usize| {
        uncertain
            .iter()
            .find(|&&(id, _)| !frontier(id) && covered(id) == neighbours)
            .map(|&(id, _)| dims.pos(id))
    };
    [
        Some(default),
        safest(&|_| true),
        safest(&|id| frontier(id)),
        blind(3),
        blind(5),
    ]
}

fn wins_after(game: &Game, guess: Pos) -> Result<bool, Box<dyn Error>> {
    let mut game = game.clone();
    game.reveal(guess)?;
    let mut player = ExactPlayer::new(PlayerOptions::new(RULE));
    let limit = game.settings().dims().cell_count();
    play_out(&mut game, &mut player, limit)?;
    Ok(game.status() == GameStatus::Won)
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (value, start, count, k) = match args.as_slice() {
        [v, s, n] => (v, s, n, 1),
        [v, s, n, k] => (v, s, n, k.parse()?),
        _ => return Err("usage: first_guess V S N [K]".into()),
    };
    if k == 0 {
        return Err("K counts guesses from 1".into());
    }
    let value: u8 = value.parse()?;
    let start: u64 = start.parse()?;
    let count: usize = count.parse()?;
    // Per alternative: games played, its wins, the default's wins on those games.
    let mut tally = [[0usize; 3]; 5];
    let mut played = 0;
    let mut frontier_defaults = 0;
    let mut seed = start;
    while played < count {
        if let Some((game, default, analysis)) = kth_guess(seed, value, k)? {
            played += 1;
            let id = game.view().dims().id(default);
            let dims = game.view().dims();
            if id.is_some_and(|id| {
                dims.neighbours(id)
                    .any(|n| matches!(game.view().at(n), CellView::Revealed(_)))
            }) {
                frontier_defaults += 1;
            }
            let default_won = wins_after(&game, default)?;
            for (row, alternative) in tally.iter_mut().zip(alternatives(&game, default, &analysis)) {
                let Some(guess) = alternative else { continue };
                let won = if guess == default {
                    default_won
                } else {
                    wins_after(&game, guess)?
                };
                row[0] += 1;
                row[1] += usize::from(won);
                row[2] += usize::from(default_won);
            }
        }
        seed += 1;
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "corner {value}, guess {k}: {count} games among seeds {start}..{seed}; the default guess is next to a number in {frontier_defaults}"
    )?;
    for (name, [games, won, default_won]) in NAMES.iter().zip(tally) {
        let rate = |w: usize| w as f64 / games.max(1) as f64;
        writeln!(
            out,
            "{name:>16}  {won} / {games} = {:.4}  (default on the same games {:.4}, difference {:+.4})",
            rate(won),
            rate(default_won),
            rate(won) - rate(default_won)
        )?;
    }
    Ok(())
}
