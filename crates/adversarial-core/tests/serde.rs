//! The `serde` feature: configurations read from partial documents, analyses and outcomes
//! round-trip through JSON.
#![cfg(feature = "serde")]

use adversarial_core::engine::{Analysis, Engine, EngineConfig};
use adversarial_core::games::connect4::{Mode, Replacement, SolverConfig};
use adversarial_core::games::mnk::MnkGame;
use adversarial_core::{Outcome, Scoring, Side, Utility};
use search_core::{Budget, Report};

#[test]
fn configurations_take_defaults_for_missing_fields_and_refuse_unknown_ones() {
    let config: EngineConfig = serde_json::from_str(r#"{"max_depth": 4, "killers": false}"#).expect("partial");
    assert_eq!(
        config,
        EngineConfig {
            killers: false,
            ..EngineConfig::default().with_max_depth(4)
        }
    );
    let json = serde_json::to_string(&EngineConfig::plain()).expect("serialize");
    assert_eq!(
        serde_json::from_str::<EngineConfig>(&json).expect("deserialize"),
        EngineConfig::plain()
    );
    let err = serde_json::from_str::<EngineConfig>(r#"{"max_dept": 4}"#).expect_err("a typo");
    assert!(err.to_string().contains("max_dept"), "{err}");

    let solver: SolverConfig = serde_json::from_str(r#"{"replacement": "always_replace"}"#).expect("partial");
    assert_eq!(solver.replacement, Replacement::AlwaysReplace);
    assert_eq!(solver.table_log2, SolverConfig::default().table_log2);
    let json = serde_json::to_string(&SolverConfig::tutorial()).expect("serialize");
    assert_eq!(
        serde_json::from_str::<SolverConfig>(&json).expect("deserialize"),
        SolverConfig::tutorial()
    );
    assert_eq!(serde_json::to_string(&Mode::Weak).expect("serialize"), r#""weak""#);
}

#[test]
fn an_analysis_and_outcomes_round_trip() {
    let game = MnkGame::tic_tac_toe();
    let report = Engine::new(EngineConfig::default()).search(
        &game,
        &game.start(),
        &Scoring::exact(Utility::DISTANCE),
        &Budget::unlimited(),
    );
    assert!(report.value.solved);
    let json = serde_json::to_string(&report).expect("serialize");
    let back: Report<Analysis<u8>> = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, report);
    assert_eq!(back.value.principal_variation.len(), 9, "a draw played out");
    for (outcome, text) in [
        (Outcome::Win(Side::First), r#"{"win":"first"}"#),
        (Outcome::Win(Side::Second), r#"{"win":"second"}"#),
        (Outcome::Draw, r#""draw""#),
    ] {
        assert_eq!(serde_json::to_string(&outcome).expect("serialize"), text);
        assert_eq!(serde_json::from_str::<Outcome>(text).expect("deserialize"), outcome);
    }
}
