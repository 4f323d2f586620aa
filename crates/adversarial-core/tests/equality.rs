//! Equality properties: minimax = alpha-beta = negamax = negamax-αβ (the negamax pair read
//! from the side to move) at every depth, on random positions of every bundled game and on
//! random synthetic trees; the engine (table, ordering, null windows, iterative deepening,
//! parallel split) never changes a value.

use adversarial_core::algorithms::{Decision, alpha_beta, minimax, negamax, negamax_alpha_beta};
use adversarial_core::engine::{Engine, EngineConfig};
use adversarial_core::games::connect4::{ConnectFour, Threats};
use adversarial_core::games::mnk::{MnkGame, OpenLines};
use adversarial_core::games::random_tree::{RandomTree, RandomValues};
use adversarial_core::{Evaluator, Game, Scoring, Utility};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search_core::Budget;

/// A random unfinished position reached by `plies` random moves (fewer if the game ends).
fn random_position<G: Game>(game: &G, start: G::State, plies: u32, seed: u64) -> G::State {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = start;
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        game.choices(&state, &mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        let mut next = state.clone();
        game.apply(&mut next, mv);
        if game.outcome(&next).is_some() {
            break;
        }
        state = next;
    }
    state
}

/// Every search at `depth` agrees; returns the negamax value.
fn all_agree<G, E>(game: &G, state: &G::State, depth: u32, scoring: &Scoring<E>)
where
    G: Game + Sync,
    G::State: Send + Sync,
    G::Choice: Send + Sync,
    E: Evaluator<G> + Sync,
{
    let budget = Budget::unlimited();
    let colour = game.side_to_move(state).colour();
    let mm = minimax(game, state, depth, scoring, &budget).value;
    let ab = alpha_beta(game, state, depth, scoring, &budget).value;
    let nm = negamax(game, state, depth, scoring, &budget).value;
    let nab = negamax_alpha_beta(game, state, depth, scoring, &budget).value;
    assert_eq!(ab, mm, "alpha-beta = minimax at depth {depth}");
    assert_eq!(
        nm,
        Decision {
            value: colour * mm.value,
            best_move: mm.best_move
        },
        "negamax = colour × minimax at depth {depth}"
    );
    assert_eq!(nab, nm, "negamax-αβ = negamax at depth {depth}");
    for config in [
        EngineConfig::plain(),
        EngineConfig::default(),
        EngineConfig {
            symmetry: false,
            ..EngineConfig::default()
        },
        EngineConfig {
            table_bytes: 0,
            ..EngineConfig::default()
        },
        EngineConfig {
            table_bytes: 256,
            pvs: false,
            ..EngineConfig::default()
        },
        // More memory than any machine has: taken as the table grows, never up front.
        EngineConfig {
            table_bytes: usize::MAX,
            ..EngineConfig::default()
        },
    ] {
        let fixed = Engine::new(config)
            .search_depth(game, state, depth, scoring, &budget)
            .value;
        assert_eq!(fixed.value, nm.value, "engine {config:?} at depth {depth}");
        let deepening = Engine::new(config.with_max_depth(depth))
            .search(game, state, scoring, &budget)
            .value;
        assert_eq!(
            deepening.value, nm.value,
            "iterative deepening {config:?} to depth {depth}"
        );
        if let Some(best) = fixed.best_move {
            // The best move really reaches the value.
            let mut child = state.clone();
            game.apply(&mut child, best);
            let after = negamax_alpha_beta(game, &child, depth - 1, scoring, &budget)
                .value
                .value;
            assert_eq!(-after, nm.value, "engine's best move {best:?}");
        }
    }
    #[cfg(feature = "parallel")]
    {
        let split = adversarial_core::engine::parallel::par_search_depth(
            game,
            state,
            depth,
            scoring,
            EngineConfig::default(),
            &budget,
        );
        assert_eq!(split.value.value, nm.value, "parallel root split at depth {depth}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn tic_tac_toe(seed in any::<u64>(), plies in 0u32..7) {
        let game = MnkGame::tic_tac_toe();
        let state = random_position(&game, game.start(), plies, seed);
        for depth in 1..=(9 - plies).min(6) {
            all_agree(&game, &state, depth, &Scoring::new(Utility::LECTURE, OpenLines));
            all_agree(&game, &state, depth, &Scoring::exact(Utility::DISTANCE));
        }
    }

    #[test]
    fn mnk_games(seed in any::<u64>(), plies in 2u32..10, shape in 0usize..3) {
        let (w, h, k) = [(4, 4, 4), (4, 3, 3), (5, 4, 4)][shape];
        let game = MnkGame::new(w, h, k).unwrap();
        let state = random_position(&game, game.start(), plies, seed);
        for depth in 1..=4 {
            all_agree(&game, &state, depth, &Scoring::new(Utility::DISTANCE, OpenLines));
        }
    }

    #[test]
    fn connect_four(seed in any::<u64>(), plies in 0u32..30) {
        let state = random_position(&ConnectFour, adversarial_core::games::connect4::Position::new(), plies, seed);
        for depth in 1..=5 {
            all_agree(&ConnectFour, &state, depth, &Scoring::new(Utility::DISTANCE, Threats));
        }
    }

    #[test]
    fn random_trees(seed in any::<u64>(), branching in 1u32..6, height in 1u32..9) {
        let tree = RandomTree::new(seed, branching, height);
        let root = tree.root();
        for depth in 1..=height {
            all_agree(&tree, &root, depth, &Scoring::new(Utility::DISTANCE, RandomValues::new(seed ^ 1)));
            all_agree(&tree, &root, depth, &Scoring::new(Utility::LECTURE, RandomValues::new(seed)));
        }
    }
}
