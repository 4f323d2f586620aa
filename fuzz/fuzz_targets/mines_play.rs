//! Arbitrary games and click sequences (reveal, flag, chord) through the Minesweeper engine.
//! Invariants after every move: the view never shows a number that differs from the hidden
//! layout, never reveals a mine, counts add up, a won game has every safe cell open, a lost
//! game refuses further moves, and the exact probabilities of a running game are consistent
//! with the truth (a certain-safe cell is never a mine).
#![no_main]

use arbitrary::Arbitrary;
use automine_core::{
    CellView, Col, Dims, FirstClick, Game, GameSettings, GameStatus, Height, PlayError, Pos, Row, Width,
    exact_probabilities,
};
use libfuzzer_sys::fuzz_target;

#[derive(Debug, Arbitrary)]
enum Action {
    Reveal(u8, u8),
    Flag(u8, u8),
    Chord(u8, u8),
}

#[derive(Debug, Arbitrary)]
struct Input {
    width: u8,
    height: u8,
    mines: u16,
    rule: u8,
    seed: u64,
    actions: Vec<Action>,
}

fuzz_target!(|input: Input| {
    let (w, h) = (u16::from(input.width % 12) + 1, u16::from(input.height % 12) + 1);
    let Ok(dims) = Dims::new(Width(w), Height(h)) else {
        return;
    };
    let rule = [FirstClick::Any, FirstClick::Safe, FirstClick::Opening][usize::from(input.rule % 3)];
    let Ok(settings) = GameSettings::new(dims, u32::from(input.mines), rule) else {
        return;
    };
    let mut game = Game::new(settings, input.seed);
    for action in input.actions.iter().take(64) {
        let before = game.status();
        let (c, r) = match *action {
            Action::Reveal(c, r) | Action::Flag(c, r) | Action::Chord(c, r) => (c, r),
        };
        let pos = Pos::new(Col(u16::from(c % 14)), Row(u16::from(r % 14)));
        let result = match action {
            Action::Reveal(..) => game.reveal(pos).map(|_| ()),
            Action::Flag(..) => game.toggle_flag(pos).map(|_| ()),
            Action::Chord(..) => game.chord(pos).map(|_| ()),
        };
        match result {
            Err(PlayError::OffBoard(p)) => assert!(!dims.contains(p)),
            Err(PlayError::GameOver) => assert_ne!(before, GameStatus::Playing),
            Err(other) => panic!("unexpected {other:?}"),
            Ok(()) => assert_eq!(before, GameStatus::Playing),
        }
        let view = game.view();
        let Some(layout) = game.hidden_layout() else { continue };
        let mut revealed = 0;
        for id in dims.ids() {
            if let CellView::Revealed(n) = view.at(id) {
                assert!(!layout.is_mine(id));
                assert_eq!(n, layout.number(id));
                revealed += 1;
            }
        }
        assert_eq!(revealed, view.revealed_count());
        let safe = dims.cell_count() - layout.mine_count();
        assert_eq!(
            game.status() == GameStatus::Won,
            revealed == safe && !matches!(game.status(), GameStatus::Lost(_))
        );
        if let GameStatus::Lost(at) = game.status() {
            assert!(layout.is_mine(dims.id(at).expect("on the board")));
        }
        if game.status() == GameStatus::Playing && view.flag_count() == 0 {
            let map = exact_probabilities(view).expect("a real game has layouts");
            for (id, p) in map.covered() {
                assert!((0.0..=1.0).contains(&p));
                if p == 0.0 {
                    assert!(!layout.is_mine(id));
                }
                if p == 1.0 {
                    assert!(layout.is_mine(id));
                }
            }
        }
    }
});
