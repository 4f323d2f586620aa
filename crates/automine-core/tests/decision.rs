//! `Player::decide`: the reason of each kind of move, the same moves as `choose` for every
//! player, budget stops, and `PlayerView::without_flags`.

mod common;

use common::played_views;

use automine_core::player::exact::{ExactPlayer, PlayerOptions};
use automine_core::player::teacher::TeacherPlayer;
use automine_core::search_core::Budget;
use automine_core::{
    CellView, Col, FirstClick, Game, GameStatus, Player, PlayerView, Pos, Preset, Reason, Row, SafestCellPlayer,
    teacher_probabilities,
};

fn view(text: &str) -> PlayerView {
    text.parse().unwrap()
}

fn decide(options: PlayerOptions, view: &PlayerView) -> automine_core::Decision {
    ExactPlayer::new(options).decide(view, &Budget::unlimited()).unwrap()
}

#[test]
fn reason_names_are_snake_case() {
    let names: Vec<&str> = [
        Reason::FirstClick,
        Reason::CertainlySafe,
        Reason::Endgame { win_probability: 0.5 },
        Reason::IsolatedRegion,
        Reason::FiftyFifty,
        Reason::ChainFiftyFifty,
        Reason::PseudoFiftyFifty,
        Reason::BestGuess,
    ]
    .iter()
    .map(Reason::name)
    .collect();
    assert_eq!(
        names,
        [
            "first_click",
            "certainly_safe",
            "endgame",
            "isolated_region",
            "fifty_fifty",
            "chain_fifty_fifty",
            "pseudo_fifty_fifty",
            "best_guess"
        ]
    );
}

#[test]
fn a_certainly_safe_cell_says_so() {
    let v = view("4x3 2\n001.\n002.\n001.\n");
    let d = decide(PlayerOptions::new(FirstClick::Safe), &v);
    assert_eq!(d.pos, Pos::new(Col(3), Row(1)));
    assert_eq!(d.reason, Reason::CertainlySafe);
    assert!((d.p_safe - 1.0).abs() < 1e-12 && !d.stopped);
    assert_eq!(d.to_string(), "(col 3, row 1) is certainly safe");
}

#[test]
fn queued_safe_cells_are_certainly_safe() {
    // Two safe cells: the second comes from the queue filled by the first decision.
    let mut player = ExactPlayer::new(PlayerOptions::new(FirstClick::Safe));
    let budget = Budget::unlimited();
    let opened = view("5x2 1\n1....\n1....\n");
    let first = player.decide(&opened, &budget).unwrap();
    let second = player.decide(&opened, &budget).unwrap();
    assert_eq!(
        (first.reason, second.reason),
        (Reason::CertainlySafe, Reason::CertainlySafe)
    );
    assert_eq!(
        (first.pos, second.pos),
        (Pos::new(Col(2), Row(0)), Pos::new(Col(3), Row(0)))
    );
}

/// Two covered cells that no click can tell apart, one mine between them.
const FORCED: &str = "3x2 1\n01.\n01.\n";

#[test]
fn a_forced_fifty_fifty_is_named() {
    let mut options = PlayerOptions::new(FirstClick::Safe);
    options.endgame_layouts = 0;
    options.isolated_regions = false;
    let d = decide(options, &view(FORCED));
    assert_eq!(d.reason, Reason::FiftyFifty);
    assert_eq!(d.pos.col(), Col(2));
    assert!((d.p_safe - 0.5).abs() < 1e-12 && !d.stopped);
    assert_eq!(
        d.to_string(),
        format!("forced 50/50: {} is safe with probability 0.50", d.pos)
    );
    // The fast options have no tie-break: the first cell in row-major order.
    let mut fast = PlayerOptions::fast(FirstClick::Safe);
    fast.endgame_layouts = 0;
    let d = decide(fast, &view(FORCED));
    assert_eq!((d.reason, d.pos), (Reason::FiftyFifty, Pos::new(Col(2), Row(0))));
}

#[test]
fn the_endgame_search_gives_its_win_probability() {
    let d = decide(PlayerOptions::new(FirstClick::Safe), &view(FORCED));
    let Reason::Endgame { win_probability } = d.reason else {
        panic!("expected the endgame search, got {d:?}");
    };
    assert!((win_probability - 0.5).abs() < 1e-12 && (d.p_safe - 0.5).abs() < 1e-12);
    assert_eq!(
        d.to_string(),
        format!("endgame search: {} wins with probability 0.50", d.pos)
    );
}

#[test]
fn the_first_click_is_safe_by_rule() {
    for (rule, p_safe) in [
        (FirstClick::Safe, 1.0),
        (FirstClick::Opening, 1.0),
        (FirstClick::Any, 1.0 - 10.0 / 81.0),
    ] {
        let game = Game::new(Preset::Beginner.settings(rule), 5);
        let d = decide(PlayerOptions::new(rule), game.view());
        assert_eq!(d.reason, Reason::FirstClick, "{rule:?}");
        assert!((d.p_safe - p_safe).abs() < 1e-12, "{rule:?}: {d:?}");
        assert_eq!(
            Some(d.pos),
            automine_core::policy::first_click::first_click_in(game.view(), rule)
        );
        assert!(d.to_string().starts_with("first click: "), "{d}");
    }
}

/// Plays games to the end with `choose`, asking a second player `decide` at every move.
/// Returns how many of the games were won.
fn decide_follows_choose(preset: Preset, rule: FirstClick, seeds: std::ops::Range<u64>) -> usize {
    let budget = Budget::unlimited();
    let mut wins = 0;
    for seed in seeds {
        let mut game = Game::new(preset.settings(rule), seed);
        let mut chooser = ExactPlayer::new(PlayerOptions::new(rule));
        let mut decider = ExactPlayer::new(PlayerOptions::new(rule));
        let mut moves = 0;
        while game.status() == GameStatus::Playing {
            let pos = chooser.choose(game.view()).unwrap();
            let d = decider.decide(game.view(), &budget).unwrap();
            assert_eq!(d.pos, pos, "{preset:?} {rule:?} seed {seed}, move {moves}: {d}");
            assert!(!d.stopped && (0.0..=1.0).contains(&d.p_safe), "{d:?}");
            assert_eq!(game.view().cell(pos), Some(CellView::Covered));
            game.reveal(pos).unwrap();
            if matches!(game.status(), GameStatus::Lost(_)) {
                assert!(d.p_safe < 1.0, "lost on a cell said to be safe: {d}");
            }
            moves += 1;
        }
        assert!(moves > 1, "{preset:?} {rule:?} seed {seed}: {moves} moves");
        wins += usize::from(game.status() == GameStatus::Won);
    }
    wins
}

#[test]
fn decide_matches_choose_on_beginner() {
    for rule in [FirstClick::Safe, FirstClick::Opening] {
        assert!(decide_follows_choose(Preset::Beginner, rule, 0..12) > 0);
    }
}

#[test]
fn decide_matches_choose_on_intermediate() {
    for rule in [FirstClick::Safe, FirstClick::Opening] {
        decide_follows_choose(Preset::Intermediate, rule, 0..3);
    }
}

#[test]
fn a_tiny_budget_falls_back_to_the_teacher() {
    let rule = FirstClick::Opening;
    let mut game = Game::new(Preset::Expert.settings(rule), 2024);
    game.reveal(Pos::new(Col(3), Row(3))).unwrap();
    let mut player = ExactPlayer::new(PlayerOptions::new(rule));
    let d = player
        .decide(game.view(), &Budget::unlimited().with_node_limit(1))
        .unwrap();
    assert!(d.stopped, "{d:?}");
    assert_eq!(d.reason, Reason::BestGuess);
    assert_eq!(game.view().cell(d.pos), Some(CellView::Covered));
    assert!((0.0..=1.0).contains(&d.p_safe));
    assert!(d.to_string().ends_with("(search stopped early)"), "{d}");
    // The same player, unlimited, plays the policy's move.
    let full = player.decide(game.view(), &Budget::unlimited()).unwrap();
    assert!(!full.stopped);
}

#[test]
fn without_flags_covers_every_flag() {
    let v = view("3x2 1\n1F.\n11.\n");
    let plain = v.without_flags();
    assert_eq!(plain, view("3x2 1\n1..\n11.\n"));
    assert_eq!(plain.without_flags(), plain);
    let mut seen_flags = false;
    for v in (0..6).flat_map(|seed| played_views(8, 6, 9, seed)) {
        seen_flags |= v.flag_count() > 0;
        let plain = v.without_flags();
        assert_eq!(plain.to_string(), v.to_string().replace('F', "."));
        assert_eq!(plain.to_string().parse::<PlayerView>(), Ok(plain.clone()));
        assert_eq!(plain.total_mines(), v.total_mines());
        assert_eq!(plain.revealed_count(), v.revealed_count());
        assert_eq!(plain.flag_count(), 0);
        assert_eq!(plain.covered_count(), v.covered_count() + v.flag_count());
    }
    assert!(seen_flags);
}

/// Plays games with `choose` of one player while a twin answers `decide` through the trait:
/// the same cells, P(safe) in [0, 1], and no certainly safe cell ever a mine.
fn trait_decide_follows_choose<P: Player>(make: impl Fn(FirstClick) -> P, preset: Preset, seeds: std::ops::Range<u64>) {
    let budget = Budget::unlimited();
    let rule = FirstClick::Safe;
    let mut certain = 0;
    for seed in seeds {
        let mut game = Game::new(preset.settings(rule), seed);
        let (mut chooser, mut decider) = (make(rule), make(rule));
        while game.status() == GameStatus::Playing {
            let pos = chooser.choose(game.view()).unwrap();
            let d = decider.decide(game.view(), &budget).unwrap();
            assert_eq!(d.pos, pos, "seed {seed}: {d}");
            assert!(!d.stopped && (0.0..=1.0).contains(&d.p_safe), "{d:?}");
            game.reveal(pos).unwrap();
            if d.reason == Reason::CertainlySafe {
                certain += 1;
                assert!(
                    !matches!(game.status(), GameStatus::Lost(_)),
                    "seed {seed}: {d} was a mine"
                );
                assert!((d.p_safe - 1.0).abs() < 1e-12, "{d:?}");
            }
        }
    }
    assert!(certain > 0);
}

#[test]
fn every_player_decides_as_it_chooses() {
    trait_decide_follows_choose(|_| SafestCellPlayer::default(), Preset::Beginner, 0..20);
    trait_decide_follows_choose(TeacherPlayer::new, Preset::Beginner, 0..20);
    trait_decide_follows_choose(
        |rule| ExactPlayer::new(PlayerOptions::new(rule)),
        Preset::Beginner,
        0..5,
    );
    trait_decide_follows_choose(TeacherPlayer::new, Preset::Intermediate, 0..5);
}

#[test]
fn the_safest_cell_player_falls_back_to_the_teacher_on_a_tiny_budget() {
    let rule = FirstClick::Opening;
    let mut game = Game::new(Preset::Expert.settings(rule), 2024);
    game.reveal(Pos::new(Col(3), Row(3))).unwrap();
    let view = game.view();
    let d = SafestCellPlayer::default()
        .decide(view, &Budget::unlimited().with_node_limit(1))
        .unwrap();
    assert!(d.stopped && d.reason == Reason::BestGuess, "{d:?}");
    let teacher = teacher_probabilities(view).unwrap();
    let (id, p) = teacher.safest().unwrap();
    assert_eq!(d.pos, view.dims().pos(id));
    assert!((d.p_safe - (1.0 - p)).abs() < 1e-12);
    // Unlimited, the same position gives the exact map's answer.
    let full = SafestCellPlayer::default().decide(view, &Budget::unlimited()).unwrap();
    assert!(!full.stopped);
}

#[test]
fn the_teacher_player_names_its_first_click() {
    let mut game = Game::new(Preset::Beginner.settings(FirstClick::Any), 4);
    let d = TeacherPlayer::new(FirstClick::Any)
        .decide(game.view(), &Budget::unlimited())
        .unwrap();
    assert_eq!(d.reason, Reason::FirstClick);
    assert!((d.p_safe - (1.0 - 10.0 / 81.0)).abs() < 1e-12, "{d:?}");
    game.reveal(d.pos).unwrap();
}

#[test]
fn the_endgame_search_stops_on_its_budget_and_says_why() {
    use automine_core::policy::endgame::EndgameSearch;
    use automine_core::probability::exact::layouts::enumerate_layouts;
    use automine_core::search_core::{CancelToken, StopReason};
    // A 1 in the corner of a 6x2 board with 3 mines: 84 layouts, 753 sets searched.
    let position = view("6x2 3\n1.....\n......\n");
    let set = enumerate_layouts(&position, 10_000, &Budget::unlimited()).unwrap();
    let mut full = EndgameSearch::with_budget(&position, &set, &Budget::unlimited());
    let best = full.best_move().unwrap();
    let spent = full.stats().nodes;
    // More sets than the meter's check interval (256), so a cancellation is seen.
    assert!(spent > 256, "{spent}");
    assert_eq!(full.stop_reason(), None);
    // The same node count is enough; one fewer is not.
    let mut exact = EndgameSearch::with_budget(&position, &set, &Budget::unlimited().with_node_limit(spent));
    assert_eq!(exact.best_move(), Some(best));
    let mut short = EndgameSearch::with_budget(&position, &set, &Budget::unlimited().with_node_limit(spent - 1));
    assert_eq!(short.best_move(), None);
    assert_eq!(short.stop_reason(), Some(StopReason::NodeLimit));
    // A cancelled search stops at its next look at the flag.
    let token = CancelToken::new();
    token.cancel();
    let mut cancelled = EndgameSearch::with_budget(&position, &set, &Budget::unlimited().with_cancel(token));
    assert_eq!(cancelled.best_move(), None);
    assert_eq!(cancelled.stop_reason(), Some(StopReason::Cancelled));
}
