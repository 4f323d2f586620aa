//! Arbitrary move sequences in every bundled game (tic-tac-toe, m,n,k, Connect Four, random
//! trees), checking the engine's invariants at every step: moves exist exactly while the game
//! is not over, the ply and the side to move advance by one, illegal moves are typed errors,
//! symmetric positions share their canonical hash, and the searches agree with each other and
//! with the exact Connect Four solver.
#![no_main]

use adversarial_core::algorithms::{UNLIMITED, negamax, negamax_alpha_beta};
use adversarial_core::engine::{Engine, EngineConfig};
use adversarial_core::games::connect4::{ConnectFour, Mode, Position, Solver, benchmark_score};
use adversarial_core::games::mnk::MnkGame;
use adversarial_core::games::random_tree::{RandomTree, RandomValues};
use adversarial_core::{Game, Scoring, Utility};
use libfuzzer_sys::fuzz_target;
use search_core::Budget;

/// Play the moves chosen by `bytes` (each byte picks among the legal moves), checking
/// invariants; returns the final position.
fn walk<G: Game>(game: &G, start: G::State, bytes: &[u8]) -> G::State {
    let mut state = start;
    let mut moves = Vec::new();
    for &byte in bytes {
        moves.clear();
        game.choices(&state, &mut moves);
        assert_eq!(
            moves.is_empty(),
            game.outcome(&state).is_some(),
            "moves exist iff not over"
        );
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(byte) % moves.len()];
        let next = game.try_play(&state, mv).expect("a generated move is legal");
        assert_eq!(game.ply(&next), game.ply(&state) + 1);
        assert_eq!(game.side_to_move(&next), game.side_to_move(&state).opponent());
        if game.outcome(&next).is_some() {
            assert!(game.try_play(&next, mv).is_err(), "no move after the end");
        }
        state = next;
    }
    state
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, bytes)) = data.split_first() else {
        return;
    };
    let budget = Budget::unlimited().with_node_limit(2_000_000);
    match selector % 4 {
        0 => {
            let game = MnkGame::tic_tac_toe();
            let state = walk(&game, game.start(), bytes);
            let scoring = Scoring::exact(Utility::DISTANCE);
            let plain = negamax(&game, &state, UNLIMITED, &scoring, &budget).value.value;
            let engine = Engine::new(EngineConfig::default()).search(&game, &state, &scoring, &budget);
            assert!(engine.is_complete());
            assert_eq!(engine.value.value, plain);
            // An occupied cell is a typed error.
            if let Some(cell) = (0..9u8).find(|&c| state.owner(u32::from(c)).is_some()) {
                assert!(game.try_play(&state, cell).is_err());
            }
        }
        1 => {
            let game = MnkGame::new(4, 4, 4).expect("4,4,4 is valid");
            let state = walk(&game, game.start(), bytes);
            assert!(game.canonical_hash(&state) <= game.hash(&state));
            let scoring = Scoring::exact(Utility::DISTANCE);
            let a = negamax_alpha_beta(&game, &state, 3, &scoring, &budget).value.value;
            let b = Engine::new(EngineConfig::default()).search_depth(&game, &state, 3, &scoring, &budget);
            assert_eq!(a, b.value.value);
        }
        2 => {
            // The same bytes as a move string for the parser, and as a walk.
            let text: String = bytes.iter().map(|&b| char::from(b'0' + b % 10)).collect();
            if let Ok(position) = Position::parse(&text) {
                assert_eq!(position.moves() as usize, text.len());
            }
            let position = walk(&ConnectFour, Position::new(), bytes);
            if position.moves() >= 30 {
                let mut solver = Solver::with_table_log2(14);
                let strong = solver.solve(&position, Mode::Strong, &budget);
                let weak = solver.solve(&position, Mode::Weak, &budget);
                if strong.is_complete() && weak.is_complete() {
                    assert_eq!(strong.value.signum(), weak.value);
                    let generic = negamax_alpha_beta(
                        &ConnectFour,
                        &position,
                        UNLIMITED,
                        &Scoring::exact(Utility::DISTANCE),
                        &budget,
                    );
                    if generic.is_complete() {
                        assert_eq!(benchmark_score(Utility::DISTANCE, generic.value.value), strong.value);
                    }
                }
            }
        }
        _ => {
            let tree = RandomTree::new(u64::from(selector), 4, 8);
            let state = walk(&tree, tree.root(), bytes);
            let scoring = Scoring::new(Utility::DISTANCE, RandomValues::new(3));
            let a = negamax(&tree, &state, 4, &scoring, &budget).value.value;
            let b = Engine::new(EngineConfig::default()).search_depth(&tree, &state, 4, &scoring, &budget);
            assert_eq!(a, b.value.value);
        }
    }
});
