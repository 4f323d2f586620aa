//! Tic-tac-toe oracles: 255,168 games, 5,478 positions, 765 up to symmetry, 138 finished
//! positions up to symmetry, value draw; the m,n,k (4,4,4) game is a draw.

use std::collections::HashSet;

use adversarial_core::algorithms::{UNLIMITED, alpha_beta, minimax, negamax, negamax_alpha_beta};
use adversarial_core::engine::{Engine, EngineConfig};
use adversarial_core::games::mnk::{MnkGame, MnkPosition, OpenLines};
use adversarial_core::games::tictactoe::{MovesError, cell_name, parse_moves};
use adversarial_core::{Evaluator, Game, INFINITY, Scoring, Utility, Value};
use search_core::{Budget, SearchSpace};

fn walk(game: &MnkGame, p: &MnkPosition, seen: &mut HashSet<MnkPosition>, games: &mut u64) {
    seen.insert(*p);
    if game.outcome(p).is_some() {
        *games += 1;
        return;
    }
    let mut moves = Vec::new();
    game.choices(p, &mut moves);
    for mv in moves {
        let mut child = *p;
        game.apply(&mut child, mv);
        walk(game, &child, seen, games);
    }
}

#[test]
fn game_and_position_counts() {
    let game = MnkGame::tic_tac_toe();
    let mut seen = HashSet::new();
    let mut games = 0;
    walk(&game, &game.start(), &mut seen, &mut games);
    assert_eq!(games, 255_168);
    assert_eq!(seen.len(), 5_478);
    let canonical: HashSet<u64> = seen.iter().filter_map(|p| game.canonical_hash(p)).collect();
    assert_eq!(canonical.len(), 765);
    let finished: HashSet<u64> = seen
        .iter()
        .filter(|p| game.outcome(p).is_some())
        .filter_map(|p| game.canonical_hash(p))
        .collect();
    assert_eq!(finished.len(), 138);
    // perft by ply: 9, 72, 504, 3024
    for (depth, count) in [(1, 9), (2, 72), (3, 504), (4, 3024)] {
        assert_eq!(search_core::count_paths(&game, &game.start(), depth), count);
    }
}

#[test]
fn value_is_a_draw_for_every_algorithm() {
    let game = MnkGame::tic_tac_toe();
    let start = game.start();
    let budget = Budget::unlimited();
    for utility in [Utility::LECTURE, Utility::COLOUR, Utility::DISTANCE] {
        let scoring = Scoring::exact(utility);
        let full = minimax(&game, &start, UNLIMITED, &scoring, &budget);
        assert_eq!(full.value.value, 0);
        assert_eq!(full.stats.nodes, 549_946);
        assert_eq!(full.stats.leaves, 255_168);
        assert_eq!(alpha_beta(&game, &start, UNLIMITED, &scoring, &budget).value.value, 0);
        assert_eq!(negamax(&game, &start, UNLIMITED, &scoring, &budget).value.value, 0);
        assert_eq!(
            negamax_alpha_beta(&game, &start, UNLIMITED, &scoring, &budget)
                .value
                .value,
            0
        );
        let engine = Engine::new(EngineConfig::default()).search(&game, &start, &scoring, &budget);
        assert_eq!(engine.value.value, 0);
        assert!(engine.value.solved);
        assert_eq!(engine.value.principal_variation.len(), 9, "a draw fills the board");
    }
}

#[test]
fn faster_wins_rank_higher() {
    // X: 1, 5; O: 2, 3 -> X to move can win at once with 9 (diagonal 1-5-9).
    let (game, p) = parse_moves("1253").unwrap_or_else(|e| panic!("{e}"));
    let scoring = Scoring::exact(Utility::DISTANCE);
    let report = negamax(&game, &p, UNLIMITED, &scoring, &Budget::unlimited());
    assert_eq!(report.value.value, Utility::DISTANCE.win() - 5);
    assert_eq!(report.value.best_move, Some(8));
    // With +10/-10 every winning move is worth the same; the first winning cell in reading
    // order is the 4 (1-4-7 cannot be completed yet), so minimax picks 7 (index 6) or 9 (8).
    let lecture = negamax(
        &game,
        &p,
        UNLIMITED,
        &Scoring::exact(Utility::LECTURE),
        &Budget::unlimited(),
    );
    assert_eq!(lecture.value.value, 10);
}

#[test]
fn cutoff_search_with_open_lines() {
    let game = MnkGame::tic_tac_toe();
    let scoring = Scoring::new(Utility::LECTURE, OpenLines);
    // One ply: the centre opens the most lines (8 - 4 for O afterwards from X's view).
    let one = minimax(&game, &game.start(), 1, &scoring, &Budget::unlimited());
    assert_eq!(one.value.best_move, Some(4));
    assert_eq!(one.value.value, 4);
    assert_eq!(one.stats.leaves, 9);
}

#[test]
fn bad_move_sequences_are_typed_errors() {
    assert_eq!(
        parse_moves("5a").unwrap_err(),
        MovesError::NotACell { found: 'a', index: 2 }
    );
    assert_eq!(
        parse_moves("0").unwrap_err(),
        MovesError::NotACell { found: '0', index: 1 }
    );
    assert_eq!(
        parse_moves("515").unwrap_err(),
        MovesError::Occupied { cell: 5, index: 3 }
    );
    assert_eq!(parse_moves("1425376").unwrap_err(), MovesError::AfterEnd { index: 6 });
}

#[test]
fn four_four_four_is_a_draw_and_smaller_boards_match_their_values() {
    let budget = Budget::unlimited();
    let scoring = Scoring::exact(Utility::DISTANCE);
    let mut engine = Engine::new(EngineConfig::default());
    let g = MnkGame::new(4, 4, 4).unwrap_or_else(|e| panic!("{e}"));
    let r = engine.search(&g, &g.start(), &scoring, &budget);
    assert!(r.value.solved);
    assert_eq!(r.value.value, 0, "(4,4,4) is a draw");
    for (w, h, k, first_wins) in [(4, 3, 3, true), (4, 4, 3, true), (3, 3, 3, false)] {
        let g = MnkGame::new(w, h, k).unwrap_or_else(|e| panic!("{e}"));
        let r = engine.search(&g, &g.start(), &scoring, &budget);
        assert_eq!(r.value.value > 0, first_wins, "({w},{h},{k})");
        assert!(r.value.value >= 0, "strategy stealing: the second player never wins");
    }
    assert!(MnkGame::new(9, 9, 3).is_err());
    assert!(MnkGame::new(3, 3, 4).is_err());
}

#[test]
fn budgets_and_cancellation_stop_the_engine_with_the_last_completed_depth() {
    use search_core::{CancelToken, StopReason};
    let game = MnkGame::new(4, 4, 4).unwrap_or_else(|e| panic!("{e}"));
    let scoring = Scoring::new(Utility::DISTANCE, OpenLines);
    let mut engine = Engine::new(EngineConfig::default());
    let limited = engine.search(
        &game,
        &game.start(),
        &scoring,
        &Budget::unlimited().with_node_limit(5_000),
    );
    assert_eq!(limited.stopped, Some(StopReason::NodeLimit));
    assert!(limited.stats.nodes <= 5_000);
    assert!(limited.value.depth >= 1, "some iteration completed");
    assert!(limited.value.best_move.is_some());
    let token = CancelToken::new();
    token.cancel();
    let cancelled = engine.search(&game, &game.start(), &scoring, &Budget::unlimited().with_cancel(token));
    assert_eq!(cancelled.stopped, Some(StopReason::Cancelled));
    let plain = negamax(
        &game,
        &game.start(),
        8,
        &scoring,
        &Budget::unlimited().with_node_limit(1_000),
    );
    assert_eq!(plain.stopped, Some(StopReason::NodeLimit));
}

#[test]
fn cells_off_the_board_have_no_owner_and_no_name() {
    let game = MnkGame::new(3, 3, 3).unwrap();
    let start = game.start();
    let p = game.try_play(&start, 4).unwrap();
    assert!(p.owner(4).is_some());
    for cell in [9, 63, 64, 200, u32::MAX] {
        assert_eq!(p.owner(cell), None, "cell {cell}");
    }
    assert_eq!(cell_name(0), '1');
    assert_eq!(cell_name(8), '9');
    assert_eq!(cell_name(9), '?');
    assert_eq!(cell_name(250), '?');
}

/// An evaluator outside its contract: the extremes of `i32`.
struct Extremes;

impl Evaluator<MnkGame> for Extremes {
    fn evaluate(&self, _game: &MnkGame, state: &MnkPosition) -> Value {
        if state.first.count_ones().is_multiple_of(2) {
            i32::MIN
        } else {
            i32::MAX
        }
    }
}

#[test]
fn extreme_evaluations_are_clamped_and_the_searches_still_agree() {
    let game = MnkGame::new(3, 3, 3).unwrap();
    let scoring = Scoring::new(Utility::LECTURE, Extremes);
    for depth in 1..=3 {
        let start = game.start();
        let mm = minimax(&game, &start, depth, &scoring, &Budget::unlimited()).value;
        let ab = alpha_beta(&game, &start, depth, &scoring, &Budget::unlimited()).value;
        let nm = negamax(&game, &start, depth, &scoring, &Budget::unlimited()).value;
        let nab = negamax_alpha_beta(&game, &start, depth, &scoring, &Budget::unlimited()).value;
        assert_eq!(mm.value, ab.value, "depth {depth}");
        assert_eq!(nm.value, nab.value, "depth {depth}");
        assert!(nab.value.abs() < INFINITY, "depth {depth}: {}", nab.value);
        let engine = Engine::new(EngineConfig::default())
            .search_depth(&game, &start, depth, &scoring, &Budget::unlimited())
            .value;
        assert_eq!(engine.value, nab.value, "depth {depth}");
    }
}
