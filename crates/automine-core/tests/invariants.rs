//! Property tests of the engine on arbitrary games and click sequences (the same invariants as
//! the `mines_play` fuzz target), of the text format, and of large boards.

#![expect(clippy::float_cmp, reason = "certainties are exactly 0 and 1")]

use automine_core::{
    CellView, Col, Dims, FirstClick, Game, GameSettings, GameStatus, Height, PlayError, PlayerView, Pos, Row,
    SafestCellPlayer, Width, exact_analysis, exact_probabilities, play_out, search_core::Budget, teacher_probabilities,
};
use proptest::prelude::*;

#[derive(Debug, Clone, Copy)]
enum Action {
    Reveal,
    Flag,
    Chord,
}

fn action() -> impl Strategy<Value = (Action, u16, u16)> {
    (
        prop_oneof![Just(Action::Reveal), Just(Action::Flag), Just(Action::Chord)],
        0u16..10,
        0u16..10,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_click_sequences_keep_the_invariants(
        w in 1u16..=8, h in 1u16..=8, mines in 1u32..30, rule in 0usize..3, seed in any::<u64>(),
        actions in proptest::collection::vec(action(), 1..40),
    ) {
        let dims = Dims::new(Width(w), Height(h)).unwrap();
        let rule = [FirstClick::Any, FirstClick::Safe, FirstClick::Opening][rule];
        let Ok(settings) = GameSettings::new(dims, mines, rule) else { return Ok(()); };
        let mut game = Game::new(settings, seed);
        let mut first_reveal = true;
        for (kind, c, r) in actions {
            let before = game.status();
            let pos = Pos::new(Col(c), Row(r));
            let result = match kind {
                Action::Reveal => game.reveal(pos).map(|o| o.exploded.is_some()),
                Action::Flag => game.toggle_flag(pos).map(|_| false),
                Action::Chord => game.chord(pos).map(|o| o.exploded.is_some()),
            };
            match result {
                Err(PlayError::OffBoard(p)) => prop_assert!(!dims.contains(p)),
                Err(PlayError::GameOver) => prop_assert_ne!(before, GameStatus::Playing),
                Err(other) => panic!("unexpected {other:?}"),
                Ok(exploded) => {
                    prop_assert_eq!(before, GameStatus::Playing);
                    if matches!(kind, Action::Reveal) && first_reveal && game.view().cell(pos) != Some(CellView::Flagged) {
                        if rule != FirstClick::Any {
                            prop_assert!(!exploded, "the first click is protected under {rule}");
                        }
                        first_reveal = false;
                    }
                }
            }
            let view = game.view();
            let Some(layout) = game.hidden_layout() else { continue };
            let mut revealed = 0;
            for id in dims.ids() {
                if let CellView::Revealed(n) = view.at(id) {
                    prop_assert!(!layout.is_mine(id));
                    prop_assert_eq!(n, layout.number(id));
                    revealed += 1;
                }
            }
            prop_assert_eq!(revealed, view.revealed_count());
            let safe = dims.cell_count() - layout.mine_count();
            if game.status() == GameStatus::Won {
                prop_assert_eq!(revealed, safe);
            }
            if let GameStatus::Lost(at) = game.status() {
                prop_assert!(layout.is_mine(dims.id(at).unwrap()));
            }
            if game.status() == GameStatus::Playing && view.flag_count() == 0 {
                let exact = exact_probabilities(view).expect("a real game has layouts");
                prop_assert!((exact.expected_mines() - f64::from(view.mines_left())).abs() < 1e-9);
                for (id, p) in exact.covered() {
                    prop_assert!((0.0..=1.0).contains(&p));
                    if p == 0.0 { prop_assert!(!layout.is_mine(id)); }
                    if p == 1.0 { prop_assert!(layout.is_mine(id)); }
                }
                let teacher = teacher_probabilities(view).expect("a real game is locally consistent");
                prop_assert!(teacher.covered().all(|(_, p)| (0.0..=1.0).contains(&p)));
            }
        }
    }

    #[test]
    fn printed_boards_parse_back(
        w in 1u16..=9, h in 1u16..=9, mines in 0u32..20, cells in proptest::collection::vec(0u8..11, 81),
    ) {
        let dims = Dims::new(Width(w), Height(h)).unwrap();
        let cells: Vec<CellView> = (0..dims.cell_count())
            .map(|i| match cells[i] { 9 => CellView::Covered, 10 => CellView::Flagged, n => CellView::Revealed(n) })
            .collect();
        let Ok(view) = PlayerView::from_cells(dims, mines, cells) else { return Ok(()); };
        let text = view.to_string();
        prop_assert_eq!(text.parse::<PlayerView>().unwrap(), view);
    }
}

#[test]
fn large_boards_play_and_stay_exact() {
    // 256x256 with 10 000 mines (15 %): a few moves of the safest-cell player, then one exact
    // map over the whole board.
    let dims = Dims::new(Width(256), Height(256)).unwrap();
    let settings = GameSettings::new(dims, 10_000, FirstClick::Opening).unwrap();
    let mut game = Game::new(settings, 1);
    play_out(&mut game, &mut SafestCellPlayer::default(), 20).unwrap();
    let analysis = exact_analysis(game.view(), &Budget::unlimited()).unwrap();
    let left = f64::from(game.view().mines_left());
    assert!((analysis.map.expected_mines() - left).abs() < 1e-6 * left);
    assert!(analysis.interior_cells > 60_000);
    if let Some(layout) = game.hidden_layout() {
        for id in analysis.map.certain_safe() {
            assert!(!layout.is_mine(id));
        }
    }
}

#[test]
fn binomials_beyond_u128_stay_exact() {
    // One covered cell next to a 1 plus a huge interior: P follows from ratios of binomials
    // C(n, m) far beyond u128; check it against the closed form.
    // Board 200x200, a 1 in the corner, (0,1),(1,0),(1,1) covered: P(each) for the frontier.
    let mut text = String::from("200x200 6000\n");
    for r in 0..200 {
        for c in 0..200 {
            text.push(if (r, c) == (0, 0) { '1' } else { '.' });
        }
        text.push('\n');
    }
    let view: PlayerView = text.parse().unwrap();
    let map = exact_probabilities(&view).unwrap();
    // Frontier: 3 cells with exactly one mine; interior n = 39 996 cells with 5999 mines.
    // P(frontier cell) = 1/3 exactly; P(interior) = 5999 / 39 996.
    let f = map.get(Pos::new(Col(1), Row(0))).unwrap();
    let i = map.get(Pos::new(Col(100), Row(100))).unwrap();
    assert!((f - 1.0 / 3.0).abs() < 1e-12, "{f}");
    assert!((i - 5999.0 / 39_996.0).abs() < 1e-12, "{i}");
}

#[test]
fn two_frontier_totals_weigh_by_interior_binomials() {
    // A 1 with two covered neighbours that are also the only neighbours of... build a case where
    // the frontier can hold 1 or 2 mines: a 1 at (0,0) and a 1 at (3,0) on a 4x2 board with 3
    // mines. Frontier boxes: {(1,0),(0,1),(1,1)} for the left 1, {(2,0),(2,1),(3,1)} for the
    // right; each holds exactly one mine, no interior: so the remaining mine count must be 2.
    let view: PlayerView = "4x2 2\n1..1\n....\n".parse().unwrap();
    let map = exact_probabilities(&view).unwrap();
    for (_, p) in map.covered() {
        assert!((p - 1.0 / 3.0).abs() < 1e-12);
    }
    let view: PlayerView = "4x2 3\n1..1\n....\n".parse().unwrap();
    assert!(exact_probabilities(&view).is_err(), "3 mines cannot fit");
}

/// A long chain: revealed numbers on every other cell of the top row, covered cells between
/// them and below them (the numbers come from a real layout), and a covered interior further
/// down. Neighbouring numbers share a box of two cells, so the component has very many
/// solutions: far more than 50 000 search nodes, and with the `parallel` feature the split is
/// used. It must agree with the sequential enumeration.
#[test]
fn long_components_agree_sequential_and_parallel() {
    use automine_core::{CellId, MineLayout, exact_analysis_sequential};
    let width = 41u32;
    let dims = Dims::new(Width(width as u16), Height(4)).unwrap();
    let mines: Vec<CellId> = (0..width)
        .filter(|c| c % 4 == 1)
        .map(|c| CellId(width + c))
        .chain((0..width).filter(|c| c % 6 == 3).map(CellId))
        .chain([CellId(2 * width + 5), CellId(3 * width + 20)])
        .collect();
    let layout = MineLayout::from_mines(dims, mines);
    let cells: Vec<CellView> = dims
        .ids()
        .map(|id| {
            if id.0 < width && id.0 % 2 == 0 && !layout.is_mine(id) {
                CellView::Revealed(layout.number(id))
            } else {
                CellView::Covered
            }
        })
        .collect();
    let view = PlayerView::from_cells(dims, layout.mine_count() as u32, cells).unwrap();
    let seq = exact_analysis_sequential(&view, &Budget::unlimited()).unwrap();
    assert!(seq.stats.nodes > 50_000, "only {} nodes", seq.stats.nodes);
    let any = exact_analysis(&view, &Budget::unlimited()).unwrap();
    for ((id, a), (_, b)) in seq.map.covered().zip(any.map.covered()) {
        assert!((a - b).abs() < 1e-12, "{id:?}: {a} vs {b}");
        if layout.is_mine(id) {
            assert!(a > 0.0);
        }
    }
    assert!((seq.map.expected_mines() - f64::from(view.mines_left())).abs() < 1e-9);
    println!("{} nodes, {} solutions\n{view}", seq.stats.nodes, seq.solutions);
}
