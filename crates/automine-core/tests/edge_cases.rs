//! Unusual arguments to public functions: typed errors or documented answers, never an
//! arithmetic overflow or an index out of bounds.

use std::io::Cursor;

use automine_core::measure::harness::{Z95, wilson_interval};
use automine_core::measure::paired::{PairingError, parse_records};
use automine_core::player::exact::{ExactPlayer, PlayerOptions};
use automine_core::player::teacher::TeacherPlayer;
use automine_core::policy::guess::in_large_area;
use automine_core::render::percent_label;
use automine_core::training::npy::{NpyDtype, NpyWriter};
use automine_core::{
    CellId, CellView, Dims, FirstClick, Height, Player, PlayerView, ProbabilityError, ProbabilityMap, Width,
    exact_probabilities,
};

#[test]
fn symbol_of_an_out_of_range_number_is_a_question_mark() {
    assert_eq!(CellView::Revealed(8).symbol(), '8');
    assert_eq!(CellView::Revealed(200).symbol(), '?');
    assert_eq!(CellView::Revealed(255).symbol(), '?');
}

#[test]
fn wilson_interval_takes_any_sign_of_z() {
    assert_eq!(wilson_interval(1, 2, -Z95), wilson_interval(1, 2, Z95));
    let all = wilson_interval(3, 10, f64::INFINITY);
    assert_eq!(
        (all.low.to_bits(), all.high.to_bits()),
        (0.0f64.to_bits(), 1.0f64.to_bits())
    );
}

#[test]
#[should_panic(expected = "3 wins out of 2 games")]
fn wilson_interval_with_more_wins_than_games_names_them() {
    let _ = wilson_interval(3, 2, Z95);
}

#[test]
fn records_header_error_names_its_own_line() {
    assert!(matches!(
        parse_records("\n\nbad\n1,1,2\n"),
        Err(PairingError::BadLine { line: 3, .. })
    ));
}

#[test]
fn npy_shape_that_overflows_is_an_error() {
    let kind = |shape: &[usize], dtype| {
        NpyWriter::new(Cursor::new(Vec::new()), dtype, shape)
            .err()
            .map(|e| e.kind())
    };
    assert_eq!(
        kind(&[usize::MAX, 2], NpyDtype::U8),
        Some(std::io::ErrorKind::InvalidInput)
    );
    assert_eq!(
        kind(&[usize::MAX / 2], NpyDtype::I32),
        Some(std::io::ErrorKind::InvalidInput)
    );
    assert_eq!(kind(&[0, usize::MAX], NpyDtype::U8), None);
}

#[test]
fn npy_header_too_long_for_version_1_is_an_error() {
    // 30,000 dimensions need a header longer than the u16 length field of format 1.0.
    let err = NpyWriter::new(Cursor::new(Vec::new()), NpyDtype::U8, &vec![1; 30_000])
        .err()
        .map(|e| e.kind());
    assert_eq!(err, Some(std::io::ErrorKind::InvalidInput));
    // A long header that fits still round-trips its length.
    let bytes = NpyWriter::new(Cursor::new(Vec::new()), NpyDtype::U8, &vec![1; 20_000])
        .and_then(NpyWriter::finish)
        .unwrap()
        .into_inner();
    assert_eq!(usize::from(u16::from_le_bytes([bytes[8], bytes[9]])) + 10, bytes.len());
}

#[test]
fn in_large_area_from_a_cell_off_the_board_reaches_nothing() {
    let view: PlayerView = "5x5 3\n.....\n.1...\n.....\n.....\n.....\n".parse().unwrap();
    let map = exact_probabilities(&view).unwrap();
    assert!(!in_large_area(&view, &map, CellId(1000), 1));
    assert!(in_large_area(&view, &map, CellId(0), 3));
}

#[test]
fn neighbours_of_the_largest_id_do_not_overflow() {
    let dims = Dims::new(Width(3), Height(1)).unwrap();
    let _ = dims.neighbours(CellId(u32::MAX)).count();
}

#[test]
fn players_refuse_a_first_click_on_a_board_with_more_mines_than_cells() {
    let view: PlayerView = "2x1 5\n..\n".parse().unwrap();
    let expected = exact_probabilities(&view).unwrap_err();
    assert!(matches!(expected, ProbabilityError::MineCountUnreachable { .. }));
    let mut exact = ExactPlayer::new(PlayerOptions::new(FirstClick::Safe));
    assert_eq!(exact.choose(&view), Err(expected.clone()));
    let mut teacher = TeacherPlayer::new(FirstClick::Safe);
    assert_eq!(teacher.choose(&view), Err(expected));
    // A consistent covered board still gets its first click.
    let view: PlayerView = "2x1 1\n..\n".parse().unwrap();
    assert!(exact.choose(&view).is_ok() && teacher.choose(&view).is_ok());
}

#[test]
fn percent_label_of_nan_claims_no_certainty() {
    assert_eq!(percent_label(f64::NAN), "?");
    let view: PlayerView = "2x1 1\n1.\n".parse().unwrap();
    // Maps never hold NaN (see ProbabilityMap::from_view), so labels of maps are unaffected.
    let map = ProbabilityMap::from_view(&view, |_| f64::NAN);
    assert_eq!(percent_label(map.at(CellId(1)).unwrap()), "50");
}

#[test]
fn enumerate_region_with_cells_off_the_board_is_none() {
    use automine_core::probability::exact::layouts::enumerate_region;
    use search_core::Budget;
    let view: PlayerView = "3x1 1\n.1.\n".parse().unwrap();
    let budget = Budget::unlimited();
    assert!(enumerate_region(&view, &[CellId(0), CellId(2)], &[], 10, &budget).is_some());
    assert_eq!(
        enumerate_region(&view, &[CellId(0), CellId(1000)], &[], 10, &budget),
        None
    );
    assert_eq!(
        enumerate_region(&view, &[CellId(0), CellId(2)], &[CellId(3)], 10, &budget),
        None
    );
}

#[test]
fn narrow_layouts_of_a_set_from_another_board_is_none() {
    use automine_core::probability::exact::layouts::{LayoutSet, enumerate_layouts, narrow_layouts};
    use search_core::Budget;
    let before: PlayerView = "4x1 1\n1...\n".parse().unwrap();
    let after: PlayerView = "4x1 1\n1.1.\n".parse().unwrap();
    assert!(
        narrow_layouts(
            &enumerate_layouts(&before, 10, &Budget::unlimited()).unwrap(),
            &before,
            &after
        )
        .is_some()
    );
    // The layouts of a 5x5 board, and a hand-made set with a cell off the board.
    let big: PlayerView = "5x5 3\n.....\n.1...\n.....\n.....\n.....\n".parse().unwrap();
    let other = enumerate_layouts(&big, 10_000, &Budget::unlimited()).unwrap();
    assert_eq!(narrow_layouts(&other, &before, &after), None);
    let off = LayoutSet {
        cells: vec![CellId(1), CellId(900)],
        mines: vec![vec![true, false]],
    };
    assert_eq!(narrow_layouts(&off, &before, &after), None);
    let ragged = LayoutSet {
        cells: vec![CellId(1), CellId(2), CellId(3)],
        mines: vec![vec![true]],
    };
    assert_eq!(narrow_layouts(&ragged, &before, &after), None);
}

#[test]
fn a_game_on_a_layout_of_other_settings_is_an_error() {
    use automine_core::{BoardError, Game, GameSettings, MineLayout, Preset};
    let small = Dims::new(Width(3), Height(1)).unwrap();
    let layout = MineLayout::from_mines(small, [CellId(0)]);
    // A layout of another board: the game's settings would describe a board it does not have.
    let beginner = Preset::Beginner.settings(FirstClick::Safe);
    assert!(matches!(
        Game::with_layout(beginner, layout.clone()),
        Err(BoardError::LayoutMismatch {
            layout_mines: 1,
            settings_mines: 10,
            ..
        })
    ));
    // The right board with another mine count.
    let two = GameSettings::new(small, 2, FirstClick::Any).unwrap();
    assert!(Game::with_layout(two, layout.clone()).is_err());
    let one = GameSettings::new(small, 1, FirstClick::Any).unwrap();
    let game = Game::with_layout(one, layout).unwrap();
    assert_eq!((game.settings(), game.view().total_mines()), (one, 1));
}

#[test]
fn a_board_too_small_for_any_mine_count_says_so() {
    use automine_core::GameSettings;
    let one = Dims::new(Width(1), Height(1)).unwrap();
    for mines in [0, 1] {
        let err = GameSettings::new(one, mines, FirstClick::Safe).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("no mine count fits"), "{text}");
        assert!(!text.contains("1 to 0"), "{text}");
    }
    let nine = Dims::new(Width(9), Height(9)).unwrap();
    let text = GameSettings::new(nine, 81, FirstClick::Safe).unwrap_err().to_string();
    assert!(text.contains("allowed: 1 to 80"), "{text}");
}

#[test]
fn board_text_errors_say_their_coordinates_count_from_zero() {
    let row = "2x2 1\n..\n...\n".parse::<PlayerView>().unwrap_err().to_string();
    assert!(row.contains("row 1 (counting from 0) has 3 cells"), "{row}");
    let cell = "2x2 1\n..\n.9\n".parse::<PlayerView>().unwrap_err().to_string();
    assert!(cell.contains("(col 1, row 1), counting from 0"), "{cell}");
}

#[test]
fn players_say_when_no_covered_cell_is_left_to_open() {
    use automine_core::SafestCellPlayer;
    // The one covered cell is the mine: the game is won, nothing is left to open.
    let view: PlayerView = "2x1 1\n1.\n".parse().unwrap();
    let want = Err(ProbabilityError::NothingToOpen);
    assert_eq!(
        ExactPlayer::new(PlayerOptions::new(FirstClick::Safe)).choose(&view),
        want
    );
    assert_eq!(SafestCellPlayer::default().choose(&view), want);
    assert_eq!(TeacherPlayer::new(FirstClick::Safe).choose(&view), want);
}
