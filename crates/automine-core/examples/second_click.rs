//! Which second click is best after the `safe` corner click shows a number?
//!
//! Expert games under `safe` start in the top-left corner. Among the games (from seed `S` on)
//! whose corner shows `V`, the first `N` are played once per candidate: the second click is
//! forced to the candidate cell, then a fresh exact player plays on. The candidate `d` is the
//! exact player's own second click. Each line gives the wins and the win rate; every candidate
//! plays the same games, so the rates compare directly.
//!
//! ```sh
//! cargo run --release -p automine-core --example second_click -- V S N CANDIDATE...
//! cargo run --release -p automine-core --example second_click -- 1 700000 20000 d 0,15 2,0 2,2
//! ```

use std::error::Error;

use automine_core::player::exact::{ExactPlayer, PlayerOptions};
use automine_core::{CellView, Col, FirstClick, Game, GameStatus, Player, Pos, Preset, Row, play_out};

const RULE: FirstClick = FirstClick::Safe;
const CORNER: Pos = Pos::new(Col(0), Row(0));

/// The number the corner shows in game `seed`.
fn corner_value(seed: u64) -> Result<Option<u8>, Box<dyn Error>> {
    let mut game = Game::new(Preset::Expert.settings(RULE), seed);
    game.reveal(CORNER)?;
    Ok(match game.view().cell(CORNER) {
        Some(CellView::Revealed(v)) => Some(v),
        _ => None,
    })
}

/// Play game `seed` with the second click forced to `second` (`None`: the player's own).
fn wins(seed: u64, second: Option<Pos>) -> Result<bool, Box<dyn Error>> {
    let settings = Preset::Expert.settings(RULE);
    let mut game = Game::new(settings, seed);
    game.reveal(CORNER)?;
    let mut player = ExactPlayer::new(PlayerOptions::new(RULE));
    let cell = match second {
        Some(pos) => pos,
        None => player.choose(game.view())?,
    };
    game.reveal(cell)?;
    let mut player = ExactPlayer::new(PlayerOptions::new(RULE));
    play_out(&mut game, &mut player, settings.dims().cell_count())?;
    Ok(game.status() == GameStatus::Won)
}

fn parse_cell(text: &str) -> Result<Option<Pos>, Box<dyn Error>> {
    if text == "d" {
        return Ok(None);
    }
    let (col, row) = text
        .split_once(',')
        .ok_or_else(|| format!("candidate {text:?}: expected `d` or COL,ROW"))?;
    let pos = Pos::new(Col(col.trim().parse()?), Row(row.trim().parse()?));
    let dims = Preset::Expert.settings(RULE).dims();
    if dims.id(pos).is_none() || pos == CORNER {
        return Err(format!("candidate {text:?}: not a covered cell of the expert board").into());
    }
    Ok(Some(pos))
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [value, start, count, candidates @ ..] = args.as_slice() else {
        return Err("usage: second_click V S N CANDIDATE... (CANDIDATE: d or COL,ROW)".into());
    };
    let value: u8 = value.parse()?;
    let start: u64 = start.parse()?;
    let count: usize = count.parse()?;
    let candidates = candidates
        .iter()
        .map(|c| parse_cell(c))
        .collect::<Result<Vec<_>, _>>()?;
    let mut seeds = Vec::with_capacity(count);
    let mut seed = start;
    while seeds.len() < count {
        if corner_value(seed)? == Some(value) {
            seeds.push(seed);
        }
        seed += 1;
    }
    println!("corner {value}: {count} games among seeds {start}..{seed}");
    for (name, second) in args[3..].iter().zip(candidates) {
        let mut won = 0usize;
        for &s in &seeds {
            won += usize::from(wins(s, second)?);
        }
        println!("{name:>8}  {won} / {count} = {:.4}", won as f64 / count as f64);
    }
    Ok(())
}
