//! The `serde` feature: settings, views, layouts and game states survive a JSON round trip,
//! and a document that describes no valid board is refused with an error that names it.
#![cfg(feature = "serde")]

use automine_core::settings::Preset;
use automine_core::view::PlayerView;
use automine_core::{Col, Dims, FirstClick, Game, GameSettings, GameStatus, Height, MineLayout, Pos, Row, Width};
use proptest::prelude::*;

fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("serialize");
    assert_eq!(&serde_json::from_str::<T>(&json).expect("deserialize"), value, "{json}");
    json
}

#[test]
fn settings_and_names_round_trip() {
    let expert = Preset::Expert.settings(FirstClick::Safe);
    assert_eq!(
        round_trip(&expert),
        r#"{"width":30,"height":16,"mines":99,"first_click":"safe"}"#
    );
    for rule in [FirstClick::Any, FirstClick::Safe, FirstClick::Opening] {
        round_trip(&rule);
        round_trip(&Preset::Beginner.settings(rule));
    }
    for preset in Preset::ALL {
        round_trip(&preset);
    }
    assert_eq!(
        round_trip(&Dims::new(Width(8), Height(5)).expect("dims")),
        r#"{"width":8,"height":5}"#
    );
    assert_eq!(round_trip(&Pos::new(Col(4), Row(2))), r#"{"col":4,"row":2}"#);
}

#[test]
fn a_game_in_progress_round_trips() {
    let settings = Preset::Intermediate.settings(FirstClick::Opening);
    let mut game = Game::new(settings, 11);
    game.reveal(Pos::new(Col(3), Row(3))).expect("first click");
    assert_eq!(round_trip(&game.status()), r#""playing""#);
    round_trip(&game.view().clone());
    let layout = game.hidden_layout().expect("laid at the first click").clone();
    let json = round_trip(&layout);
    assert!(json.starts_with(r#"{"width":16,"height":16,"mines":["#), "{json}");
    // A lost game names the mine.
    let mine = layout.mines().iter().next().expect("a mine");
    let lost = GameStatus::Lost(layout.dims().pos(mine));
    assert!(round_trip(&lost).starts_with(r#"{"lost":{"col":"#));
    assert_eq!(round_trip(&GameStatus::Won), r#""won""#);
}

#[test]
fn invalid_documents_are_refused_with_their_reason() {
    let err = |result: Result<(), serde_json::Error>| result.expect_err("invalid").to_string();
    let too_many = serde_json::from_str::<GameSettings>(r#"{"width":3,"height":3,"mines":9,"first_click":"safe"}"#);
    assert!(err(too_many.map(drop)).contains('9'));
    let rule = serde_json::from_str::<GameSettings>(r#"{"width":9,"height":9,"mines":10,"first_click":"lucky"}"#);
    assert!(err(rule.map(drop)).contains("lucky"));
    let zero = serde_json::from_str::<Dims>(r#"{"width":0,"height":9}"#);
    assert!(err(zero.map(drop)).contains('0'));
    let off = serde_json::from_str::<MineLayout>(r#"{"width":3,"height":3,"mines":[1,9]}"#);
    let off = err(off.map(drop));
    assert!(off.contains("cell 9") && off.contains("off the board"), "{off}");
    let twice = serde_json::from_str::<MineLayout>(r#"{"width":3,"height":3,"mines":[4,4]}"#);
    assert!(err(twice.map(drop)).contains("twice"));
    let view = serde_json::from_str::<PlayerView>(r#""3x3 1\n...\n..""#);
    assert!(!err(view.map(drop)).is_empty());
    let extra = serde_json::from_str::<Pos>(r#"{"col":1,"row":2,"layer":3}"#);
    assert!(err(extra.map(drop)).contains("layer"));
}

/// A game after the document round trip: the same parts.
fn restored(game: &Game) -> Game {
    let json = serde_json::to_string(game).expect("serialize");
    let back: Game = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back.settings(), game.settings());
    assert_eq!(back.seed(), game.seed());
    assert_eq!(back.view(), game.view());
    assert_eq!(back.status(), game.status());
    assert_eq!(back.hidden_layout(), game.hidden_layout());
    back
}

#[test]
fn a_saved_game_plays_on_as_the_original() {
    // Before the first click the layout is not laid yet: the restored game lays the same one.
    let settings = Preset::Expert.settings(FirstClick::Safe);
    let fresh = Game::new(settings, 99);
    let json = serde_json::to_value(&fresh).expect("serialize");
    assert_eq!(json["layout"], serde_json::Value::Null);
    let (mut a, mut b) = (fresh.clone(), restored(&fresh));
    let first = Pos::new(Col(0), Row(0));
    assert_eq!(a.reveal(first).expect("click"), b.reveal(first).expect("click"));
    assert_eq!(a.hidden_layout(), b.hidden_layout());
    // Mid-game, with a flag: the same clicks give the same outcomes.
    a.toggle_flag(Pos::new(Col(29), Row(15))).expect("flag");
    let mut b = restored(&a);
    for i in 0..40u16 {
        let pos = Pos::new(Col(i * 7 % 30), Row(i * 3 % 16));
        assert_eq!(a.reveal(pos), b.reveal(pos));
        if a.status() != GameStatus::Playing {
            break;
        }
    }
    assert_eq!(a.view(), b.view());
    assert_eq!(a.status(), restored(&a).status());
}

#[test]
fn a_saved_game_written_by_hand_reads() {
    // A 4×3 board with mines on cells 1 and 6, nothing open yet, under the `any` rule.
    let doc = r#"{"settings": {"width": 4, "height": 3, "mines": 2, "first_click": "any"}, "seed": 7,
                  "layout": {"width": 4, "height": 3, "mines": [1, 6]},
                  "view": "4x3 2\n....\n....\n....\n", "status": "playing"}"#;
    let mut game: Game = serde_json::from_str(doc).expect("a valid saved game");
    // Cell 8 (col 0, row 2) touches no mine: it opens a region.
    let outcome = game.reveal(Pos::new(Col(0), Row(2))).expect("click");
    assert!(outcome.revealed.len() > 1, "{outcome:?}");
    assert_eq!(
        game.reveal(Pos::new(Col(1), Row(0)))
            .expect("click")
            .exploded
            .map(|id| id.0),
        Some(1)
    );
    assert_eq!(game.status(), GameStatus::Lost(Pos::new(Col(1), Row(0))));
}

#[test]
fn a_game_document_that_contradicts_itself_is_refused() {
    let mut game = Game::new(Preset::Beginner.settings(FirstClick::Opening), 5);
    game.reveal(Pos::new(Col(2), Row(2))).expect("click");
    let good = serde_json::to_value(&game).expect("serialize");
    let refused = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut doc = good.clone();
        edit(&mut doc);
        serde_json::from_value::<Game>(doc)
            .expect_err("inconsistent")
            .to_string()
    };
    // A number the layout does not have: the view's first open cell shows one more.
    let view = good["view"].as_str().expect("view text").to_string();
    let wrong_number = {
        let (header, rows) = view.split_once('\n').expect("rows");
        let rows: String = rows
            .chars()
            .scan(false, |done, c| {
                Some(if !*done && c.is_ascii_digit() && c < '8' {
                    *done = true;
                    char::from(c as u8 + 1)
                } else {
                    c
                })
            })
            .collect();
        format!("{header}\n{rows}")
    };
    let err = refused(&|doc| doc["view"] = serde_json::json!(wrong_number));
    assert!(
        err.contains("in the view but") && err.contains("in the layout"),
        "{err}"
    );
    let err = refused(&|doc| doc["status"] = serde_json::json!("won"));
    assert!(err.contains("does not fit"), "{err}");
    let err = refused(&|doc| doc["layout"] = serde_json::Value::Null);
    assert!(err.contains("has a layout"), "{err}");
    // Lost at a cell that the layout does not mine: the first cell clicked, which is open.
    let err = refused(&|doc| doc["status"] = serde_json::json!({"lost": {"col": 2, "row": 2}}));
    assert!(err.contains("does not fit"), "{err}");
    let err = refused(&|doc| doc["settings"]["mines"] = serde_json::json!(11));
    assert!(err.contains("11"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any valid settings, and the layout and view of a game played a few clicks on them,
    /// come back equal from JSON.
    #[test]
    fn any_settings_layout_and_view_round_trip(width in 1u16..=40, height in 1u16..=30, density in 0.0f64..1.0, rule in 0usize..3, seed: u64, clicks in 1usize..6) {
        let dims = Dims::new(Width(width), Height(height)).expect("dims");
        let rule = [FirstClick::Any, FirstClick::Safe, FirstClick::Opening][rule];
        let cells = dims.cell_count();
        let mines = ((cells as f64 * density) as u32).max(1);
        let Ok(settings) = GameSettings::new(dims, mines, rule) else {
            return Ok(()); // too many mines for the rule on this board: nothing to round-trip
        };
        round_trip(&settings);
        let mut game = Game::new(settings, seed);
        for i in 0..clicks {
            let id = (seed as usize).wrapping_add(i * 7919) % cells;
            let pos = dims.pos(automine_core::CellId(id as u32));
            if game.reveal(pos).is_err() || game.status() != GameStatus::Playing {
                break;
            }
        }
        round_trip(&game.status());
        round_trip(&game.view().clone());
        restored(&game);
        if let Some(layout) = game.hidden_layout() {
            round_trip(&layout.clone());
        }
    }
}
