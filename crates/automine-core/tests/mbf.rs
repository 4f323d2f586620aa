//! `.mbf` files: round trips, a hand-written file, every error, and arbitrary bytes.

use automine_core::{
    CellId, Col, Dims, FirstClick, Game, GameSettings, Height, MbfError, MineLayout, Pos, Preset, Row, Width, from_mbf,
    to_mbf,
};
use proptest::prelude::*;

#[test]
fn seeded_layouts_of_every_preset_round_trip() {
    for preset in Preset::ALL {
        for rule in [FirstClick::Any, FirstClick::Safe, FirstClick::Opening] {
            let settings = preset.settings(rule);
            for seed in 0..10 {
                let layout = MineLayout::generate(settings, seed, Pos::new(Col(3), Row(2))).unwrap();
                let bytes = to_mbf(&layout).unwrap();
                let (w, h, mines) = preset.size();
                assert_eq!(bytes[0], w.0 as u8);
                assert_eq!(bytes[1], h.0 as u8);
                assert_eq!(u16::from_be_bytes([bytes[2], bytes[3]]), mines as u16);
                assert_eq!(bytes.len(), 4 + 2 * mines as usize);
                let back = from_mbf(&bytes).unwrap();
                assert_eq!(back, layout);
                assert_eq!(to_mbf(&back).unwrap(), bytes);
            }
        }
    }
}

#[test]
fn a_hand_written_three_by_two_file() {
    // . * .      x=1,y=0 and x=0,y=1, given out of order.
    // * . .
    let bytes = [3, 2, 0, 2, 0, 1, 1, 0];
    let layout = from_mbf(&bytes).unwrap();
    let dims = Dims::new(Width(3), Height(2)).unwrap();
    assert_eq!(layout.dims(), dims);
    assert_eq!(layout.mines().iter().collect::<Vec<_>>(), [CellId(1), CellId(3)]);
    assert_eq!(layout.number_at(Pos::new(Col(0), Row(0))), Some(2));
    assert_eq!(layout.number_at(Pos::new(Col(2), Row(0))), Some(1));
    assert_eq!(layout.number_at(Pos::new(Col(1), Row(1))), Some(2));
    assert_eq!(layout.number_at(Pos::new(Col(2), Row(1))), Some(1));
    // Written back in ascending cell-id order.
    assert_eq!(to_mbf(&layout).unwrap(), [3, 2, 0, 2, 1, 0, 0, 1]);
    // Every file read can be played.
    let settings = GameSettings::new(layout.dims(), layout.mine_count() as u32, FirstClick::Any).unwrap();
    assert!(Game::with_layout(settings, layout).is_ok());
}

#[test]
fn each_error_names_what_and_where() {
    assert_eq!(from_mbf(&[]), Err(MbfError::TooShort { len: 0 }));
    assert_eq!(from_mbf(&[9, 9, 0]), Err(MbfError::TooShort { len: 3 }));
    assert_eq!(
        from_mbf(&[0, 9, 0, 1, 0, 0]),
        Err(MbfError::BadSize { width: 0, height: 9 })
    );
    assert_eq!(
        from_mbf(&[9, 0, 0, 1, 0, 0]),
        Err(MbfError::BadSize { width: 9, height: 0 })
    );
    assert_eq!(
        from_mbf(&[3, 2, 0, 2, 0, 1]),
        Err(MbfError::WrongLength {
            mines: 2,
            expected: 8,
            found: 6
        })
    );
    assert_eq!(
        from_mbf(&[3, 2, 0, 1, 0, 1, 2]),
        Err(MbfError::WrongLength {
            mines: 1,
            expected: 6,
            found: 7
        })
    );
    assert_eq!(
        from_mbf(&[3, 2, 0, 0]),
        Err(MbfError::BadMineCount {
            mines: 0,
            width: 3,
            height: 2,
            max: 5
        })
    );
    let full = [2, 1, 0, 2, 0, 0, 1, 0];
    assert_eq!(
        from_mbf(&full),
        Err(MbfError::BadMineCount {
            mines: 2,
            width: 2,
            height: 1,
            max: 1
        })
    );
    assert_eq!(
        from_mbf(&[3, 2, 0, 2, 0, 0, 0, 2]),
        Err(MbfError::MineOffBoard {
            index: 1,
            x: 0,
            y: 2,
            width: 3,
            height: 2
        })
    );
    assert_eq!(
        from_mbf(&[3, 2, 0, 3, 2, 1, 0, 0, 2, 1]),
        Err(MbfError::DuplicateMine {
            index: 2,
            first: 0,
            x: 2,
            y: 1
        })
    );
    // The messages say it too.
    let message = from_mbf(&[3, 2, 0, 2, 0, 1]).unwrap_err().to_string();
    assert!(message.contains('8') && message.contains('6'), "{message}");
    let message = from_mbf(&[3, 2, 0, 3, 2, 1, 0, 0, 2, 1]).unwrap_err().to_string();
    assert!(message.contains("mine 2") && message.contains("x=2, y=1"), "{message}");
}

#[test]
fn a_layout_too_large_for_the_format_is_refused() {
    let dims = Dims::new(Width(256), Height(2)).unwrap();
    let layout = MineLayout::from_mines(dims, [CellId(0)]);
    assert_eq!(to_mbf(&layout), Err(MbfError::TooLargeForMbf { dims, mines: 1 }));
    // The largest board the format holds is fine.
    let dims = Dims::new(Width(255), Height(255)).unwrap();
    let layout = MineLayout::from_mines(dims, (0..65_024).map(CellId));
    let bytes = to_mbf(&layout).unwrap();
    assert_eq!(from_mbf(&bytes).unwrap(), layout);
}

/// `bytes` with the mine pairs sorted by cell id: what [`to_mbf`] writes.
fn canonical(bytes: &[u8]) -> Vec<u8> {
    let width = usize::from(bytes[0]);
    let mut pairs: Vec<[u8; 2]> = bytes[4..].chunks_exact(2).map(|p| [p[0], p[1]]).collect();
    pairs.sort_by_key(|&[x, y]| usize::from(y) * width + usize::from(x));
    bytes[..4].iter().copied().chain(pairs.into_iter().flatten()).collect()
}

fn check_bytes(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(layout) = from_mbf(bytes) {
        prop_assert_eq!(to_mbf(&layout).unwrap(), canonical(bytes));
        prop_assert_eq!(
            layout.mine_count(),
            usize::from(u16::from_be_bytes([bytes[2], bytes[3]]))
        );
    }
    Ok(())
}

/// Files that are mostly well formed: small boards, a count near the pairs given, and mines
/// that are sometimes off the board or repeated.
fn near_valid() -> impl Strategy<Value = Vec<u8>> {
    let side = || prop_oneof![9 => 1u8..8, 1 => Just(0u8)];
    let skew = prop_oneof![8 => Just(0i32), 1 => Just(-1i32), 1 => Just(1i32)];
    (side(), side(), 0usize..10, skew)
        .prop_flat_map(|(w, h, n, skew)| {
            // Now and then one column or row past the board, so that some mines lie off it.
            let coord = |side: u8| prop_oneof![19 => 0..side.max(1), 1 => Just(side)];
            let pairs = proptest::collection::vec((coord(w), coord(h)), n);
            (Just((w, h, n, skew)), pairs)
        })
        .prop_map(|((w, h, n, skew), pairs)| {
            let count = (n as i32 + skew).max(0) as u16;
            let mut bytes = vec![w, h];
            bytes.extend_from_slice(&count.to_be_bytes());
            for (x, y) in pairs {
                bytes.extend_from_slice(&[x, y]);
            }
            bytes
        })
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        check_bytes(&bytes)?;
    }

    #[test]
    fn near_valid_files_round_trip_when_accepted(bytes in near_valid()) {
        check_bytes(&bytes)?;
    }

    #[test]
    fn every_layout_round_trips(w in 1u16..20, h in 1u16..20, ids in proptest::collection::btree_set(0u32..400, 1..40)) {
        let dims = Dims::new(Width(w), Height(h)).unwrap();
        let cells = dims.cell_count() as u32;
        let mines: Vec<CellId> = ids.into_iter().filter(|&i| i < cells).map(CellId).collect();
        prop_assume!(!mines.is_empty() && mines.len() < cells as usize);
        let layout = MineLayout::from_mines(dims, mines);
        prop_assert_eq!(from_mbf(&to_mbf(&layout).unwrap()).unwrap(), layout);
    }
}

#[test]
fn near_valid_files_are_often_accepted() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = near_valid();
    let accepted = (0..1000)
        .filter(|_| from_mbf(&strategy.new_tree(&mut runner).unwrap().current()).is_ok())
        .count();
    assert!(accepted >= 50, "{accepted} of 1000 accepted");
}
