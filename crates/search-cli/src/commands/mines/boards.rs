//! `search-cli mines boards`: the mine layouts of the games `mines play` plays, one JSON
//! object per line, so that another solver can play the very same boards and be compared
//! game by game (`mines compare`).

use std::io::Write;
use std::process::ExitCode;

use automine_core::policy::first_click::first_click;
use automine_core::{FirstClick, GameSettings, MineLayout, Pos};
use clap::Args;

use super::RuleArg;
use super::play::parse_board;
use crate::commands::{CommandError, CommandResult};

/// Arguments of `search-cli mines boards`.
#[derive(Debug, Args)]
pub struct BoardsArgs {
    /// Board: beginner, intermediate, expert or WxH/M.
    #[arg(long)]
    preset: String,
    /// Number of games (at least 1).
    #[arg(long, value_parser = crate::commands::at_least_one())]
    games: u64,
    /// Seed of the first game (game i uses seed + i, as `mines play`).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// First-click rule.
    #[arg(long, value_enum, default_value_t = RuleArg::Safe)]
    first_click: RuleArg,
    /// The first click in the top-left corner whatever the rule (as `mines play
    /// --set first_click_policy=false`).
    #[arg(long)]
    corner_first_click: bool,
}

/// The cell the exact player opens first under `rule` (the corner with `corner`).
fn first_cell(settings: GameSettings, corner: bool) -> Pos {
    let rule = if corner {
        FirstClick::Safe
    } else {
        settings.first_click()
    };
    first_click(settings.dims(), rule)
}

/// One board as a JSON line: seed, size, mine count, rule, first click and the mines as
/// `[column, row]` pairs in row-major order.
fn board_line(settings: GameSettings, seed: u64, first: Pos) -> Result<String, CommandError> {
    let layout =
        MineLayout::generate(settings, seed, first).map_err(|e| CommandError::Usage(format!("seed {seed}: {e}")))?;
    let dims = settings.dims();
    let mines: Vec<[u16; 2]> = layout
        .mines()
        .iter()
        .map(|id| {
            let p = dims.pos(id);
            [p.col().0, p.row().0]
        })
        .collect();
    let rule = match settings.first_click() {
        FirstClick::Any => "any",
        FirstClick::Safe => "safe",
        FirstClick::Opening => "opening",
    };
    let line = serde_json::json!({
        "seed": seed,
        "width": dims.width().0,
        "height": dims.height().0,
        "mines_total": settings.mines(),
        "rule": rule,
        "first": [first.col().0, first.row().0],
        "mines": mines,
    });
    Ok(line.to_string())
}

/// Run `search-cli mines boards`.
///
/// # Errors
/// A bad `--preset`, or output that cannot be written.
pub fn boards(args: &BoardsArgs) -> CommandResult {
    let settings = parse_board(&args.preset, args.first_click.into())?;
    let first = first_cell(settings, args.corner_first_click);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for i in 0..args.games {
        writeln!(out, "{}", board_line(settings, args.seed.wrapping_add(i), first)?)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use automine_core::{CellView, Col, Game, GameStatus, Preset, Row};

    /// The exported board is the one `mines play` plays: opening every cell it calls safe
    /// (after the first click) wins the game, and opening one it calls a mine loses it.
    #[test]
    fn exported_boards_are_the_games_boards() {
        for rule in [FirstClick::Safe, FirstClick::Opening, FirstClick::Any] {
            let settings = Preset::Expert.settings(rule);
            let first = first_cell(settings, false);
            for seed in 0..20 {
                let line: serde_json::Value =
                    serde_json::from_str(&board_line(settings, seed, first).unwrap()).unwrap();
                let mines: Vec<Pos> = line["mines"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| Pos::new(Col(m[0].as_u64().unwrap() as u16), Row(m[1].as_u64().unwrap() as u16)))
                    .collect();
                assert_eq!(mines.len(), 99);
                let mut won = Game::new(settings, seed);
                let mut lost = won.clone();
                if rule == FirstClick::Any && mines.contains(&first) {
                    lost.reveal(first).unwrap();
                    assert!(matches!(lost.status(), GameStatus::Lost(_)));
                    continue;
                }
                won.reveal(first).unwrap();
                for id in settings.dims().ids() {
                    let pos = settings.dims().pos(id);
                    if !mines.contains(&pos) && won.view().cell(pos) == Some(CellView::Covered) {
                        won.reveal(pos).unwrap();
                    }
                }
                assert_eq!(won.status(), GameStatus::Won, "{rule:?} seed {seed}");
                lost.reveal(first).unwrap();
                lost.reveal(mines[0]).unwrap();
                assert!(matches!(lost.status(), GameStatus::Lost(_)), "{rule:?} seed {seed}");
            }
        }
    }
}
