//! The first-divergence comparison against the plain harness on the same games.

use automine_core::measure::divergence::{
    DivergenceTrial, parse_divergence_records, run_divergence, write_divergence_records,
};
use automine_core::measure::harness::run_trial_with;
use automine_core::measure::paired::PairedComparison;
use automine_core::measure::paired::PairingError;
use automine_core::player::exact::{ExactPlayer, PlayerOptions};
use automine_core::{FirstClick, Preset, SafestCellPlayer};

fn exact(rule: FirstClick) -> impl Fn() -> ExactPlayer {
    move || ExactPlayer::new(PlayerOptions::new(rule))
}

/// The true layouts of a divergence run are the games each player plays alone: the plain
/// paired comparison of two harness runs, game for game.
#[test]
fn true_layouts_are_the_harness_games_of_each_player() {
    for (preset, rule) in [
        (Preset::Beginner, FirstClick::Safe),
        (Preset::Intermediate, FirstClick::Opening),
    ] {
        let settings = preset.settings(rule);
        let games = 60;
        let trial = DivergenceTrial::new(settings, 500, games, 3);
        let summary = run_divergence(&trial, exact(rule), SafestCellPlayer::default, || {}).unwrap();
        let alone_first = run_trial_with(settings, 500, games, exact(rule), || {}).unwrap();
        let alone_second = run_trial_with(settings, 500, games, SafestCellPlayer::default, || {}).unwrap();
        let plain = PairedComparison::new(&alone_first.records, &alone_second.records).unwrap();
        assert_eq!(summary.plain(), plain, "{preset:?} {rule:?}");
        for (r, (a, b)) in summary
            .records
            .iter()
            .zip(alone_first.records.iter().zip(&alone_second.records))
        {
            assert_eq!((r.seed, r.first_won, r.second_won), (a.seed, a.won, b.won));
            match r.diverged_at {
                // Without a divergence the two games are one game.
                None => assert!(a.won == b.won && a.moves == b.moves && r.samples == 1),
                // The agreed moves are a common prefix of both games.
                Some(at) => {
                    assert!(at < a.moves.min(b.moves) + 1, "seed {}", r.seed);
                    assert!(r.samples >= 1 && r.samples <= 3);
                    assert!(r.wins_first <= r.samples && r.wins_second <= r.samples);
                }
            }
        }
        assert!(
            summary.diverged() > 0,
            "the exact and the safest-cell player differ somewhere"
        );
    }
}

/// With one sample the estimate is the plain paired difference exactly.
#[test]
fn one_sample_is_the_plain_paired_difference() {
    let rule = FirstClick::Safe;
    let trial = DivergenceTrial::new(Preset::Beginner.settings(rule), 9, 80, 1);
    let summary = run_divergence(&trial, exact(rule), SafestCellPlayer::default, || {}).unwrap();
    assert_eq!(summary.difference().to_bits(), summary.plain().difference().to_bits());
    assert!(summary.records.iter().all(|r| r.samples == 1));
    assert_eq!(summary.playouts(), 2 * summary.diverged());
}

/// A player against itself never diverges, and the estimate is exactly 0.
#[test]
fn a_player_against_itself_never_diverges() {
    let rule = FirstClick::Safe;
    let trial = DivergenceTrial::new(Preset::Beginner.settings(rule), 3, 30, 4);
    let summary = run_divergence(&trial, exact(rule), exact(rule), || {}).unwrap();
    assert_eq!(summary.diverged(), 0);
    assert_eq!(summary.difference().to_bits(), 0.0f64.to_bits());
    let ci = summary.difference_ci95();
    assert_eq!((ci.low, ci.high), (0.0, 0.0));
}

/// Sampled layouts: every diverging game gets its samples, and on enough games the exact
/// player's lead over the safest-cell player is seen by both estimates, the sampled one with a
/// narrower interval.
#[test]
fn sampled_layouts_narrow_the_interval() {
    let rule = FirstClick::Safe;
    let trial = DivergenceTrial::new(Preset::Beginner.settings(rule), 1_000, 300, 8);
    let summary = run_divergence(&trial, exact(rule), SafestCellPlayer::default, || {}).unwrap();
    for r in &summary.records {
        if r.diverged_at.is_some() {
            assert_eq!(r.samples, 8, "beginner positions enumerate within the node limit");
        }
    }
    let sampled = summary.difference_ci95();
    let plain = summary.plain().difference_ci95();
    assert!(summary.difference() > 0.0);
    assert!(
        sampled.high - sampled.low < plain.high - plain.low,
        "sampled {sampled:?} plain {plain:?}"
    );
    let csv = write_divergence_records(&summary.records);
    assert_eq!(csv.lines().count(), 301);
    assert!(csv.starts_with("seed,diverged_at,samples,wins_first,wins_second,first_won,second_won\n"));
    assert_eq!(parse_divergence_records(&csv).unwrap(), summary.records);
}

#[test]
fn records_that_cannot_be_true_are_refused_by_line() {
    let header = "seed,diverged_at,samples,wins_first,wins_second,first_won,second_won\n";
    let bad_line = |body: &str| match parse_divergence_records(&format!("{header}{body}")) {
        Err(PairingError::BadLine { line, reason }) => (line, reason),
        other => panic!("{body:?}: {other:?}"),
    };
    assert_eq!(bad_line("1,,1,1,1,1,1\n2,5,4,5,0,1,0\n").0, 3);
    assert!(bad_line("1,,2,1,1,1,1\n").1.contains("without a divergence"));
    assert!(bad_line("1,3,2,0,1,1,0\n").1.contains("missing from the wins"));
    assert!(bad_line("x,,1,1,1,1,1\n").1.contains("seed"));
    assert!(bad_line("1,,1,1,1,2,1\n").1.contains("first_won"));
    assert!(bad_line("1,,1,1,1\n").1.contains("7 fields"));
    assert!(matches!(
        parse_divergence_records(&format!("{header}4,,1,0,0,0,0\n4,,1,0,0,0,0\n")),
        Err(PairingError::RepeatedSeed {
            seed: 4,
            line: 3,
            first_line: 2
        })
    ));
    assert_eq!(parse_divergence_records(header), Err(PairingError::NoGames));
    assert_eq!(parse_divergence_records(""), Err(PairingError::Empty));
}

#[cfg(feature = "parallel")]
#[test]
fn records_do_not_depend_on_the_thread_count() {
    use automine_core::measure::divergence::par_run_divergence;
    let rule = FirstClick::Safe;
    let trial = DivergenceTrial::new(Preset::Beginner.settings(rule), 77, 40, 4);
    let one = run_divergence(&trial, exact(rule), SafestCellPlayer::default, || {}).unwrap();
    for threads in [1, 2, 3] {
        let many = par_run_divergence(&trial, threads, exact(rule), SafestCellPlayer::default, || {}).unwrap();
        assert_eq!(many.records, one.records, "{threads} threads");
    }
}
