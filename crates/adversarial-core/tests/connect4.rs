//! Connect Four oracles: perft 1..8, and every position of the end-game and middle-game sets
//! scored exactly (strong and weak); a slice of each beginning set; the generic engine agrees
//! with the specialised solver.

use adversarial_core::engine::{Engine, EngineConfig};
use adversarial_core::games::connect4::{
    ConnectFour, Mode, Position, PositionError, Replacement, Solver, SolverConfig, benchmark_score,
};
use adversarial_core::{Scoring, Utility};
use search_core::{Budget, count_paths};

#[test]
fn perft_one_to_eight() {
    let expected = [7, 49, 343, 2_401, 16_807, 117_649, 823_536, 5_673_234];
    for (depth, &count) in (1..).zip(expected.iter()) {
        assert_eq!(
            count_paths(&ConnectFour, &Position::new(), depth),
            count,
            "depth {depth}"
        );
    }
}

/// Every `(moves, score)` line of a benchmark set, or `None` when the data is missing.
fn set(name: &str) -> Option<Vec<(Position, i32, String)>> {
    let lines = test_data::lines(&format!("connect4/{name}"))?;
    Some(
        lines
            .iter()
            .map(|line| {
                let (moves, score) = line.split_once(' ').unwrap_or_else(|| panic!("bad line {line}"));
                let position = Position::parse(moves).unwrap_or_else(|e| panic!("{moves}: {e}"));
                (
                    position,
                    score.parse().unwrap_or_else(|e| panic!("{line}: {e}")),
                    moves.to_string(),
                )
            })
            .collect(),
    )
}

fn check_set(name: &str, take: usize) {
    check_set_with(name, take, SolverConfig::default().with_table_log2(22));
}

fn check_set_with(name: &str, take: usize, config: SolverConfig) {
    let Some(positions) = set(name) else { return };
    assert_eq!(positions.len(), 1000);
    let mut solver = Solver::with_config(config);
    for (position, expected, moves) in positions.iter().take(take) {
        solver.reset();
        let strong = solver.solve(position, Mode::Strong, &Budget::unlimited());
        assert!(strong.is_complete());
        assert_eq!(strong.value, *expected, "{name} {moves} strong");
        solver.reset();
        let weak = solver.solve(position, Mode::Weak, &Budget::unlimited());
        assert_eq!(weak.value, expected.signum(), "{name} {moves} weak");
    }
}

#[test]
fn end_easy_every_position() {
    check_set("Test_L3_R1", 1000);
}

#[test]
fn middle_easy_every_position() {
    check_set("Test_L2_R1", 1000);
}

#[test]
fn every_solver_setting_scores_the_same() {
    let tutorial = SolverConfig::tutorial().with_table_log2(20);
    check_set_with("Test_L2_R1", 300, tutorial);
    for replacement in [Replacement::AlwaysReplace, Replacement::TwoTier] {
        for symmetry in [false, true] {
            for etc in [false, true] {
                for table_move in [false, true] {
                    // The smallest table, so that entries get replaced often.
                    let config = SolverConfig {
                        table_log2: 0,
                        table_growth: true,
                        replacement,
                        symmetry,
                        etc,
                        table_move,
                    };
                    check_set_with("Test_L2_R1", 60, config);
                    check_set_with("Test_L1_R1", 30, config);
                }
            }
        }
    }
}

#[test]
fn middle_medium_every_position() {
    check_set("Test_L2_R2", 1000);
}

#[test]
fn begin_easy_slice() {
    check_set("Test_L1_R1", 200);
}

#[test]
fn begin_medium_slice() {
    check_set("Test_L1_R2", 20);
}

#[test]
fn begin_hard_slice() {
    check_set("Test_L1_R3", 1);
}

#[test]
fn generic_engine_agrees_with_the_solver_on_end_games() {
    let Some(positions) = set("Test_L3_R1") else { return };
    let scoring = Scoring::exact(Utility::DISTANCE);
    let mut engine = Engine::new(EngineConfig::default());
    for (position, expected, moves) in positions.iter().take(100) {
        let report = engine.search_depth(&ConnectFour, position, u32::MAX, &scoring, &Budget::unlimited());
        assert!(report.value.solved);
        assert_eq!(
            benchmark_score(Utility::DISTANCE, report.value.value),
            *expected,
            "{moves}"
        );
    }
}

#[test]
fn analysis_scores_every_column() {
    let mut solver = Solver::with_table_log2(20);
    let position = Position::parse("4455").unwrap_or_else(|e| panic!("{e}"));
    let report = solver.analyze(&position, Mode::Strong, &Budget::unlimited());
    let scores = report.value;
    assert_eq!(
        scores[2],
        Some(18),
        "column 3 makes an open three: a win with the 4th stone"
    );
    assert_eq!(scores[5], Some(18));
    assert!(scores.iter().flatten().all(|&s| s <= 18));
    // A finished position: the player to move has lost.
    let won = Position::parse("1212121").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(solver.solve(&won, Mode::Strong, &Budget::unlimited()).value, -18);
    assert_eq!(
        solver.analyze(&won, Mode::Strong, &Budget::unlimited()).value,
        [None; 7]
    );
}

#[test]
fn budget_stops_the_solver() {
    let mut solver = Solver::with_table_log2(16);
    let report = solver.solve(
        &Position::new(),
        Mode::Strong,
        &Budget::unlimited().with_node_limit(10_000),
    );
    assert_eq!(report.stopped, Some(search_core::StopReason::NodeLimit));
    assert!(report.stats.nodes <= 10_000);
}

#[test]
fn malformed_positions_are_typed_errors() {
    assert_eq!(
        Position::parse("0"),
        Err(PositionError::NotAColumn { found: '0', index: 1 })
    );
    assert_eq!(
        Position::parse("4 "),
        Err(PositionError::NotAColumn { found: ' ', index: 2 })
    );
    assert_eq!(
        Position::parse("4444444"),
        Err(PositionError::ColumnFull { column: 4, index: 7 })
    );
    assert_eq!(
        Position::parse("1212121"),
        Ok(Position::parse("1212121").unwrap_or_default())
    );
    assert_eq!(Position::parse("12121213"), Err(PositionError::AfterEnd { index: 8 }));
}

/// Total nodes of solving the first `take` positions of a set, each from a cleared table.
fn total_nodes(name: &str, take: usize, config: SolverConfig) -> Option<u64> {
    let positions = set(name)?;
    let mut solver = Solver::with_config(config);
    Some(
        positions
            .iter()
            .take(take)
            .map(|(position, _, _)| {
                solver.reset();
                solver.solve(position, Mode::Strong, &Budget::unlimited()).stats.nodes
            })
            .sum(),
    )
}

#[test]
fn default_settings_search_fewer_nodes_than_the_tutorial_settings() {
    // The speed work must keep the node-count advantage over the tutorial's final solver.
    for (name, take) in [("Test_L2_R1", 300), ("Test_L2_R2", 40), ("Test_L1_R1", 300)] {
        let (Some(ours), Some(tutorial)) = (
            total_nodes(name, take, SolverConfig::default()),
            total_nodes(name, take, SolverConfig::tutorial()),
        ) else {
            return;
        };
        assert!(ours < tutorial, "{name}: {ours} nodes, tutorial settings {tutorial}");
    }
}

#[test]
fn a_winning_move_off_the_board_is_not_one() {
    // Red has three in column 1 (moves 1, 3, 5): column 1 wins, no column past 7 does.
    let p = Position::parse("121212").unwrap();
    assert!(p.is_winning_move(0));
    for col in [7, 8, 9, 63, 64, u32::MAX] {
        assert!(!p.is_winning_move(col), "column index {col}");
    }
}
