//! Arbitrary JSON documents through the `serde` feature's deserializers: they never panic; a
//! document they accept prints back to one that reads to the same value; a saved Minesweeper
//! game they accept plays on without panicking, exactly as its copy does.
#![no_main]

use adversarial_core::engine::EngineConfig;
use automine_core::{Col, Game, GameSettings, GameStatus, MineLayout, Pos, Row};
use libfuzzer_sys::fuzz_target;
use serde::Serialize;
use serde::de::DeserializeOwned;
use sudoku_core::Grid;

/// Read `text` as a `T`; when it is one, check that it prints back to the same value.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(text: &str) {
    let Ok(value) = serde_json::from_str::<T>(text) else {
        return;
    };
    let printed = serde_json::to_string(&value).expect("an accepted value prints");
    assert_eq!(
        serde_json::from_str::<T>(&printed).expect("a printed value reads"),
        value
    );
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    match selector % 5 {
        0 => round_trip::<Grid>(text),
        1 => round_trip::<GameSettings>(text),
        2 => round_trip::<MineLayout>(text),
        3 => round_trip::<EngineConfig>(text),
        _ => {
            let Ok(mut game) = serde_json::from_str::<Game>(text) else {
                return;
            };
            let printed = serde_json::to_string(&game).expect("an accepted game prints");
            let mut copy: Game = serde_json::from_str(&printed).expect("a printed game reads");
            let dims = game.settings().dims();
            // Play on: the bytes of the document pick the cells.
            for (i, &b) in rest.iter().enumerate().take(32) {
                let pos = Pos::new(Col(u16::from(b) % dims.width().0), Row((i as u16) % dims.height().0));
                let (a, c) = (game.reveal(pos), copy.reveal(pos));
                assert_eq!(a, c);
                if game.status() != GameStatus::Playing {
                    break;
                }
            }
            assert_eq!(game.view(), copy.view());
        }
    }
});
