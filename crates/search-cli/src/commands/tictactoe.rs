//! `search-cli tictactoe`: the value and best moves of a position (`solve`), or a game against
//! the engine (`play`). Cells are `1`–`9` in reading order (`5` is the centre).

use std::io::{BufRead, Write};
use std::process::ExitCode;

use adversarial_core::engine::{Engine, EngineConfig};
use adversarial_core::games::mnk::{MnkGame, MnkPosition, OpenLines};
use adversarial_core::games::tictactoe::{cell_name, parse_cell, parse_moves};
use adversarial_core::{Game, Outcome, Scoring, Side, Utility};
use clap::{Args, Subcommand};
use search_core::{Budget, SearchSpace};

use super::connect4::{First, read_move};
use super::{CommandError, CommandResult};

/// Arguments of `search-cli tictactoe`.
#[derive(Debug, Args)]
pub struct TicTacToeArgs {
    #[command(subcommand)]
    command: TicTacToeCommand,
}

#[derive(Debug, Subcommand)]
enum TicTacToeCommand {
    /// Print the value for the player to move (win, draw or loss) and every best move.
    Solve {
        /// Moves played so far, as cells 1-9 in reading order (e.g. `519`); empty board when
        /// absent.
        moves: Option<String>,
    },
    /// Play a game against the engine in the terminal (or with moves piped on stdin).
    Play {
        /// Who plays first (X).
        #[arg(long, value_enum, default_value_t = First::Human)]
        first: First,
    },
}

/// Run `search-cli tictactoe`.
pub fn run(args: &TicTacToeArgs) -> CommandResult {
    let mut out = std::io::stdout().lock();
    match &args.command {
        TicTacToeCommand::Solve { moves } => {
            let moves = moves.as_deref().unwrap_or("");
            let (game, position) = parse_moves(moves).map_err(|e| CommandError::Usage(format!("{moves:?}: {e}")))?;
            let (value, best) = solve(&game, &position);
            writeln!(out, "{value}")?;
            let names: Vec<String> = best.iter().map(|&c| cell_name(c).to_string()).collect();
            writeln!(
                out,
                "best moves: {}",
                if names.is_empty() {
                    "none (game over)".to_string()
                } else {
                    names.join(" ")
                }
            )?;
            Ok(ExitCode::SUCCESS)
        }
        TicTacToeCommand::Play { first } => {
            let stdin = std::io::stdin();
            play_game(&mut stdin.lock(), &mut out, *first)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The value word for the player to move and every move that keeps it (win/draw/loss
/// scoring, so every winning move counts as best).
pub fn solve(game: &MnkGame, position: &MnkPosition) -> (&'static str, Vec<u8>) {
    let scoring = Scoring::exact(Utility::COLOUR);
    let mut engine = Engine::new(EngineConfig::default());
    let value = engine
        .search(game, position, &scoring, &Budget::unlimited())
        .value
        .value;
    let mut moves = Vec::new();
    game.choices(position, &mut moves);
    let best = moves
        .into_iter()
        .filter(|&mv| {
            let mut child = *position;
            game.apply(&mut child, mv);
            -engine.search(game, &child, &scoring, &Budget::unlimited()).value.value == value
        })
        .collect();
    let word = match value.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    };
    (word, best)
}

/// Play one game reading the human's cells from `input`; ends cleanly at end of input.
pub fn play_game(input: &mut impl BufRead, out: &mut impl Write, first: First) -> std::io::Result<()> {
    let game = MnkGame::tic_tac_toe();
    let human = if first == First::Human {
        Side::First
    } else {
        Side::Second
    };
    let mut engine = Engine::new(EngineConfig::default());
    let scoring = Scoring::exact(Utility::DISTANCE);
    let mut position = game.start();
    writeln!(
        out,
        "Tic-tac-toe: you are {}. Cells are 1-9 in reading order (or q to quit).",
        if human == Side::First { 'X' } else { 'O' }
    )?;
    write!(out, "{}", game.render(&position))?;
    let mut line = String::new();
    while game.outcome(&position).is_none() {
        if game.side_to_move(&position) == human {
            let Some(text) = read_move(input, out, &mut line)? else {
                return Ok(());
            };
            let mut chars = text.chars();
            let (Some(cell), None) = (chars.next().and_then(parse_cell), chars.next()) else {
                writeln!(out, "{text:?} is not a cell: type one digit from 1 to 9")?;
                continue;
            };
            let Ok(next) = game.try_play(&position, cell) else {
                writeln!(out, "cell {} is taken: choose an empty one", cell_name(cell))?;
                continue;
            };
            position = next;
            writeln!(out, "you play {}", cell_name(cell))?;
        } else {
            let report = engine.search(&game, &position, &scoring, &Budget::unlimited());
            let Some(cell) = report.value.best_move else { break };
            game.apply(&mut position, cell);
            writeln!(out, "engine plays {}", cell_name(cell))?;
        }
        write!(out, "{}", game.render(&position))?;
    }
    let verdict = match game.outcome(&position) {
        Some(Outcome::Win(side)) if side == human => "you win!",
        Some(Outcome::Win(_)) => "the engine wins.",
        _ => "a draw.",
    };
    writeln!(out, "game over: {verdict}")?;
    Ok(())
}

/// The tic-tac-toe part of `search-cli demo`.
pub fn demo(out: &mut impl Write) -> CommandResult {
    writeln!(out, "== adversarial-core: tic-tac-toe")?;
    let game = MnkGame::tic_tac_toe();
    let scoring = Scoring::exact(Utility::LECTURE);
    let plain = adversarial_core::algorithms::minimax(&game, &game.start(), u32::MAX, &scoring, &Budget::unlimited());
    let pruned =
        adversarial_core::algorithms::alpha_beta(&game, &game.start(), u32::MAX, &scoring, &Budget::unlimited());
    let engine = Engine::new(EngineConfig::default()).search(&game, &game.start(), &scoring, &Budget::unlimited());
    writeln!(out, "value of the empty board: {} (0 = draw)", plain.value.value)?;
    writeln!(
        out,
        "nodes: minimax {}, alpha-beta {}, engine (table with 8 symmetries, ordering, PVS, deepening) {}",
        plain.stats.nodes, pruned.stats.nodes, engine.stats.nodes
    )?;
    let (value, best) = solve(
        &game,
        &parse_moves("12").map_err(|e| CommandError::Usage(e.to_string()))?.1,
    );
    let names: Vec<String> = best.iter().map(|&c| cell_name(c).to_string()).collect();
    writeln!(
        out,
        "after X 1, O 2: X to move has a {value}; winning moves {}",
        names.join(" ")
    )?;
    // Engine against engine: the lecture's open-lines evaluation at depth 2 for X (the
    // cutoff search) against the perfect engine for O.
    writeln!(
        out,
        "a game: X = cutoff search (depth 2, open lines), O = perfect engine"
    )?;
    let mut cutoff = Engine::new(EngineConfig::default().with_max_depth(2));
    let mut perfect = Engine::new(EngineConfig::default());
    let lines = Scoring::new(Utility::LECTURE, OpenLines);
    let exact = Scoring::exact(Utility::DISTANCE);
    let mut position = game.start();
    let mut moves = Vec::new();
    while game.outcome(&position).is_none() {
        let report = if game.side_to_move(&position) == Side::First {
            cutoff.search(&game, &position, &lines, &Budget::unlimited())
        } else {
            perfect.search(&game, &position, &exact, &Budget::unlimited())
        };
        let Some(cell) = report.value.best_move else { break };
        game.apply(&mut position, cell);
        moves.push(cell_name(cell).to_string());
    }
    write!(out, "{}", game.render(&position))?;
    let result = match game.outcome(&position) {
        Some(Outcome::Win(Side::First)) => "X wins",
        Some(Outcome::Win(Side::Second)) => "O wins",
        _ => "draw",
    };
    writeln!(out, "moves {}: {result}", moves.join(" "))?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_board_is_a_draw_with_every_move_best() {
        let game = MnkGame::tic_tac_toe();
        let (value, best) = solve(&game, &game.start());
        assert_eq!(value, "draw");
        assert_eq!(best, (0..9).collect::<Vec<u8>>());
        // After X takes the centre, O must take a corner.
        let (_, position) = parse_moves("5").unwrap();
        let (value, best) = solve(&game, &position);
        assert_eq!(value, "draw");
        assert_eq!(best, vec![0, 2, 6, 8]);
    }

    #[test]
    fn piped_game_draws_against_perfect_play_and_handles_bad_input() {
        let mut input = "0\nhello\n5\n5\n".as_bytes();
        let mut out = Vec::new();
        play_game(&mut input, &mut out, First::Human).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("\"0\" is not a cell"));
        assert!(text.contains("\"hello\" is not a cell"));
        assert!(text.contains("cell 5 is taken"));
        assert!(text.contains("end of input"));
        // The engine never loses: a whole game from piped input.
        let mut input = "1\n2\n3\n4\n6\n7\n8\n9\n".as_bytes();
        let mut out = Vec::new();
        play_game(&mut input, &mut out, First::Human).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(!text.contains("you win"));
    }
}
