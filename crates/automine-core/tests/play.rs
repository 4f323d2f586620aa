//! Properties of positions reached by play: certain cells are right, probabilities are in
//! range and sum to the mines left, and everything is reproducible from a seed.

#![expect(clippy::float_cmp, reason = "certainties are exactly 0 and 1")]

use automine_core::{
    CellView, FirstClick, Game, GameSettings, GameStatus, MineLayout, Preset, SafestCellPlayer, Teacher,
    exact_probabilities, play_out,
};

/// Play `games` games with the simple player, checking every position on the way.
fn check_games(settings: GameSettings, games: u64) -> (u64, u64) {
    let (mut won, mut certain_safe_seen) = (0, 0);
    for seed in 0..games {
        let mut game = Game::new(settings, seed);
        let mut teacher = Teacher::new(game.view());
        while game.status() == GameStatus::Playing {
            let view = game.view().clone();
            let map = exact_probabilities(&view).expect("a played position has layouts");
            let sum = map.expected_mines();
            assert!((sum - f64::from(view.mines_left())).abs() < 1e-6 * f64::from(view.mines_left()).max(1.0));
            let teacher_map = teacher.probabilities(&view);
            if let Some(layout) = game.hidden_layout() {
                for (id, p) in map.covered() {
                    assert!((0.0..=1.0).contains(&p));
                    if p == 0.0 {
                        certain_safe_seen += 1;
                        assert!(!layout.is_mine(id), "exact called a mine safe (seed {seed})\n{view}");
                    }
                    if p == 1.0 {
                        assert!(
                            layout.is_mine(id),
                            "exact called a safe cell a mine (seed {seed})\n{view}"
                        );
                    }
                }
                if view.revealed_count() > 0 {
                    for (id, p) in teacher_map.covered() {
                        assert!((0.0..=1.0).contains(&p));
                        if p == 0.0 {
                            assert!(!layout.is_mine(id), "teacher called a mine safe (seed {seed})\n{view}");
                        }
                        if p == 1.0 {
                            assert!(
                                layout.is_mine(id),
                                "teacher called a safe cell a mine (seed {seed})\n{view}"
                            );
                        }
                    }
                }
            }
            let pos = SafestCellPlayer::choose_from_map(&view, &map).expect("a covered cell remains");
            let outcome = game.reveal(pos).expect("legal move");
            if game.status() == GameStatus::Playing {
                teacher
                    .observe(game.view(), &outcome.revealed)
                    .expect("the teacher copes with real games");
            }
        }
        won += u64::from(game.status() == GameStatus::Won);
    }
    (won, certain_safe_seen)
}

#[test]
fn thousands_of_games_never_call_a_mine_safe() {
    let (won, seen) = check_games(Preset::Beginner.settings(FirstClick::Safe), 1500);
    assert!(seen > 10_000, "only {seen} certain cells checked");
    // The simple player wins most beginner games (Tu et al.'s strong player: 91.7 %).
    assert!(won > 1500 * 6 / 10, "won only {won} of 1500");
    let (_, seen) = check_games(Preset::Intermediate.settings(FirstClick::Opening), 150);
    assert!(seen > 10_000);
    let (_, seen) = check_games(Preset::Expert.settings(FirstClick::Any), 40);
    assert!(seen > 1000);
}

#[test]
fn same_seed_same_board_and_game() {
    for preset in Preset::ALL {
        for rule in [FirstClick::Any, FirstClick::Safe, FirstClick::Opening] {
            let settings = preset.settings(rule);
            let first = settings.dims().pos(automine_core::CellId(0));
            let a = MineLayout::generate(settings, 99, first).unwrap();
            let b = MineLayout::generate(settings, 99, first).unwrap();
            assert_eq!(a, b);
            assert_ne!(a, MineLayout::generate(settings, 100, first).unwrap());
            let mut g1 = Game::new(settings, 5);
            let mut g2 = Game::new(settings, 5);
            play_out(&mut g1, &mut SafestCellPlayer::default(), 10_000).unwrap();
            play_out(&mut g2, &mut SafestCellPlayer::default(), 10_000).unwrap();
            assert_eq!(g1.view(), g2.view());
            assert_eq!(g1.status(), g2.status());
        }
    }
}

/// The placement algorithm is frozen: these are the first mines of expert boards from seeds
/// 0, 1 and 2 (safe rule, first click at the top-left corner). A change here silently
/// changes every benchmark suite and data set.
#[test]
fn golden_layouts() {
    let settings = Preset::Expert.settings(FirstClick::Safe);
    let first = settings.dims().pos(automine_core::CellId(0));
    let firsts: Vec<Vec<u32>> = (0..3)
        .map(|seed| {
            let layout = MineLayout::generate(settings, seed, first).unwrap();
            layout.mines().iter().take(6).map(|id| id.0).collect()
        })
        .collect();
    assert_eq!(firsts, GOLDEN);
}

const GOLDEN: [[u32; 6]; 3] = [[5, 6, 7, 11, 13, 32], [9, 15, 16, 22, 26, 33], [6, 10, 13, 16, 20, 23]];

#[test]
fn first_clicks_follow_the_rule() {
    for seed in 0..300 {
        let mut game = Game::new(Preset::Expert.settings(FirstClick::Opening), seed);
        let centre = game.view().dims().pos(automine_core::CellId(8 * 30 + 15));
        game.reveal(centre).unwrap();
        assert_eq!(game.view().cell(centre), Some(CellView::Revealed(0)));
    }
}

/// The player's shortcut (open every remembered certain cell before a new map) reaches the
/// same final position as computing a map before every click.
#[test]
fn remembered_safe_cells_change_nothing() {
    for (preset, games) in [(Preset::Beginner, 300), (Preset::Intermediate, 30)] {
        for seed in 0..games {
            let settings = preset.settings(FirstClick::Safe);
            let mut fast = Game::new(settings, seed);
            play_out(&mut fast, &mut SafestCellPlayer::default(), 10_000).unwrap();
            let mut slow = Game::new(settings, seed);
            while slow.status() == GameStatus::Playing {
                let map = exact_probabilities(slow.view()).unwrap();
                let pos = SafestCellPlayer::choose_from_map(slow.view(), &map).unwrap();
                slow.reveal(pos).unwrap();
            }
            assert_eq!(fast.status(), slow.status(), "{preset} seed {seed}");
            assert_eq!(fast.view(), slow.view(), "{preset} seed {seed}");
        }
    }
}

/// A flag on the rule's first cell before any click: every player still opens a cell and
/// plays the game to its end (it used to click the flag, which the game ignores, forever).
#[test]
fn a_flag_on_the_first_cell_does_not_stall_the_players() {
    use automine_core::player::exact::{ExactPlayer, PlayerOptions};
    use automine_core::player::teacher::TeacherPlayer;
    use automine_core::{Col, Player, Pos, Row, SimulationError};
    fn finishes(name: &str, rule: FirstClick, mut player: impl Player) {
        let mut game = Game::new(Preset::Beginner.settings(rule), 1);
        let first = automine_core::policy::first_click::first_click(game.view().dims(), rule);
        game.toggle_flag(first).unwrap();
        // A wrong flag (on a safe cell) may later contradict a number: a typed error then.
        match play_out(&mut game, &mut player, 500) {
            Ok(moves) => assert_ne!(
                game.status(),
                GameStatus::Playing,
                "{name} under {rule:?}: {moves} moves"
            ),
            Err(e) => assert!(matches!(e, SimulationError::Probability(_)), "{name}: {e}"),
        }
        assert!(game.view().revealed_count() > 0, "{name}");
    }
    for rule in [FirstClick::Safe, FirstClick::Opening] {
        finishes("exact", rule, ExactPlayer::new(PlayerOptions::new(rule)));
        finishes("fast", rule, ExactPlayer::new(PlayerOptions::fast(rule)));
        finishes("teacher", rule, TeacherPlayer::new(rule));
    }
    // Every cell flagged but one: that one is the first click.
    let mut view: automine_core::PlayerView = "2x1 1\nF.\n".parse().unwrap();
    let mut player = ExactPlayer::new(PlayerOptions::new(FirstClick::Safe));
    assert_eq!(player.choose(&view).unwrap(), Pos::new(Col(1), Row(0)));
    view = "2x1 2\nFF\n".parse().unwrap();
    assert!(player.choose(&view).is_err(), "no covered cell is left to open");
}

/// The teacher rejects positions whose certain mines exceed the board's count (or leave too
/// few undecided cells for the rest), whether or not any cell is left untouched.
#[test]
fn the_teacher_rejects_mine_counts_that_cannot_fit() {
    use automine_core::{ProbabilityError, teacher_probabilities};
    for (text, mines, certain, undecided) in [
        ("3x1 1\n.2.\n", 1, 2, 0),
        ("3x3 1\n...\n.8.\n...\n", 1, 8, 0),
        ("4x1 1\n.2..\n", 1, 2, 1),
        ("3x1 0\n1..\n", 0, 1, 1),
    ] {
        let view: automine_core::PlayerView = text.parse().unwrap();
        assert_eq!(
            teacher_probabilities(&view),
            Err(ProbabilityError::TeacherMineCount {
                mines,
                certain,
                undecided
            }),
            "{text}"
        );
    }
    // Consistent positions are unaffected.
    let view: automine_core::PlayerView = "3x1 2\n.2.\n".parse().unwrap();
    let map = teacher_probabilities(&view).unwrap();
    assert_eq!(map.covered().map(|(_, p)| p).collect::<Vec<_>>(), [1.0, 1.0]);
}

#[test]
fn a_cell_list_of_the_wrong_length_says_so() {
    use automine_core::{BoardError, CellView, Dims, Height, PlayerView, Width};
    let dims = Dims::new(Width(2), Height(2)).unwrap();
    assert_eq!(
        PlayerView::from_cells(dims, 1, vec![CellView::Covered; 5]).unwrap_err(),
        BoardError::WrongCellCount { expected: 4, found: 5 }
    );
    assert!(PlayerView::from_cells(dims, 1, vec![CellView::Covered; 4]).is_ok());
}
