//! The exact player, its parts and the win-rate harness.

use std::collections::HashMap;

mod common;

use common::played_views;

use automine_core::measure::harness::{PlayerKind, Trial, Z95, run_trial, wilson_interval};
use automine_core::player::exact::{ExactPlayer, PlayerOptions};
use automine_core::policy::endgame::EndgameSearch;
use automine_core::policy::isolated::{enclosed_regions, isolated_regions};
use automine_core::probability::exact::layouts::{LayoutMemory, LayoutSet, enumerate_layouts, narrow_layouts};
use automine_core::suite::played_positions;
use automine_core::{
    CellView, Dims, FirstClick, Game, GameSettings, GameStatus, Height, Player, PlayerView, Preset, SafestCellPlayer,
    Width, exact_analysis, exact_probabilities,
};
use proptest::prelude::*;
use search_core::Budget;

#[test]
fn wilson_interval_matches_known_values() {
    // Closed forms: 0 of n gives [0, z²/(n+z²)]; n of n gives [n/(n+z²), 1].
    let ci = wilson_interval(0, 10, Z95);
    assert!(ci.low.abs() < 1e-12 && (ci.high - 0.277_532).abs() < 1e-6, "{ci:?}");
    let ci = wilson_interval(10, 10, Z95);
    assert!(
        (ci.low - 0.722_468).abs() < 1e-6 && (ci.high - 1.0).abs() < 1e-12,
        "{ci:?}"
    );
    // Textbook values: 1/10 → [0.0179, 0.4042], 50/100 → [0.4038, 0.5962].
    let ci = wilson_interval(1, 10, Z95);
    assert!(
        (ci.low - 0.017_875).abs() < 1e-5 && (ci.high - 0.404_150).abs() < 1e-5,
        "{ci:?}"
    );
    let ci = wilson_interval(50, 100, Z95);
    assert!(
        (ci.low - 0.403_831).abs() < 1e-5 && (ci.high - 0.596_169).abs() < 1e-5,
        "{ci:?}"
    );
    // A large sample: the interval shrinks around the rate.
    let ci = wilson_interval(41_130, 100_000, Z95);
    assert!(
        ci.low < 0.4113 && ci.high > 0.4113 && ci.high - ci.low < 0.0062,
        "{ci:?}"
    );
}

/// Positions reached by the safest-cell player on a small board.
fn small_positions(seeds: std::ops::Range<u64>) -> Vec<PlayerView> {
    let settings = GameSettings::new(Dims::new(Width(6), Height(5)).unwrap(), 7, FirstClick::Safe).unwrap();
    let mut out = Vec::new();
    for seed in seeds {
        let mut game = Game::new(settings, seed);
        let mut player = SafestCellPlayer::default();
        while game.status() == GameStatus::Playing {
            out.push(game.view().clone());
            let pos = player.choose(game.view()).unwrap();
            game.reveal(pos).unwrap();
        }
    }
    out
}

#[test]
fn layout_counts_agree_between_the_exact_solver_and_enumeration() {
    let mut checked = 0;
    for view in small_positions(0..40) {
        let analysis = exact_analysis(&view, &Budget::unlimited()).unwrap();
        let Some(set) = enumerate_layouts(&view, 20_000, &Budget::unlimited()) else {
            continue;
        };
        // Distinct, in the order of a search trying a mine before a safe cell.
        assert!(set.mines.windows(2).all(|w| w[0] > w[1]), "{view}");
        let counted = set.mines.len() as f64;
        assert!(
            (analysis.ln_layouts - counted.ln()).abs() < 1e-9,
            "{view}: ln Z {} vs {counted} layouts",
            analysis.ln_layouts
        );
        // Each layout is consistent: its mine frequencies are the exact probabilities.
        for (i, &cell) in set.cells.iter().enumerate() {
            let freq = set.mines.iter().filter(|l| l[i]).count() as f64 / counted;
            assert!((analysis.map.at(cell).unwrap() - freq).abs() < 1e-9);
        }
        checked += 1;
    }
    assert!(checked > 100, "only {checked} positions checked");
}

/// Every layout of `view` by brute force: each way to put the mines left on its covered
/// cells, kept when every number sees as many mines (flags included) as it shows.
fn brute_force_layouts(view: &PlayerView, cells: &[automine_core::CellId]) -> Vec<Vec<bool>> {
    let dims = view.dims();
    let n = cells.len();
    let mut out = Vec::new();
    for mask in 0u32..1 << n {
        if mask.count_ones() != view.mines_left() {
            continue;
        }
        let mine = |id: automine_core::CellId| {
            view.at(id) == CellView::Flagged || cells.iter().position(|&c| c == id).is_some_and(|i| mask >> i & 1 == 1)
        };
        let fits = dims.ids().all(|id| match view.at(id) {
            CellView::Revealed(k) => dims.neighbours(id).filter(|&w| mine(w)).count() == usize::from(k),
            _ => true,
        });
        if fits {
            out.push((0..n).map(|i| mask >> i & 1 == 1).collect());
        }
    }
    out
}

#[test]
fn enumerated_layouts_are_the_brute_force_ones_and_respect_the_limit() {
    let mut checked = 0;
    for view in small_positions(0..60) {
        let Some(set) = enumerate_layouts(&view, 1 << 16, &Budget::unlimited()) else {
            continue;
        };
        if set.cells.len() > 16 {
            continue;
        }
        let mut expected = brute_force_layouts(&view, &set.cells);
        expected.sort();
        assert_eq!(sorted_layouts(&set), expected, "{view}");
        let count = set.mines.len();
        assert_eq!(
            enumerate_layouts(&view, count, &Budget::unlimited()),
            Some(set),
            "{view}"
        );
        assert_eq!(
            enumerate_layouts(&view, count - 1, &Budget::unlimited()),
            None,
            "{view}"
        );
        checked += 1;
    }
    assert!(checked > 100, "only {checked} positions checked");
}

#[test]
fn endgame_search_finds_known_win_probabilities() {
    // A 1 in a 2x2 corner: three layouts, every number shows 1, so the best is 2/3 × 1/2.
    let view: PlayerView = "2x2 1\n1.\n..\n".parse().unwrap();
    let set = enumerate_layouts(&view, 10, &Budget::unlimited()).unwrap();
    let best = EndgameSearch::new(&view, &set, 1000).best_move().unwrap();
    assert!((best.win_probability - 1.0 / 3.0).abs() < 1e-12, "{best:?}");
    // A forced 50/50.
    let view: PlayerView = "3x2 1\n01.\n01.\n".parse().unwrap();
    let set = enumerate_layouts(&view, 10, &Budget::unlimited()).unwrap();
    let w = EndgameSearch::new(&view, &set, 1000).win_probability().unwrap();
    assert!((w - 0.5).abs() < 1e-12);
    // Numbers that pin the mines down: one layout, a certain win.
    let view: PlayerView = "4x2 2\n....\n1221\n".parse().unwrap();
    let set = enumerate_layouts(&view, 10, &Budget::unlimited()).unwrap();
    assert_eq!(set.mines.len(), 1);
    let best = EndgameSearch::new(&view, &set, 1000).best_move().unwrap();
    assert!((best.win_probability - 1.0).abs() < 1e-12);
}

/// The layouts of a set in one canonical order (a narrowed set keeps its parent's order).
fn sorted_layouts(set: &LayoutSet) -> Vec<Vec<bool>> {
    let mut mines = set.mines.clone();
    mines.sort();
    mines
}

#[test]
fn narrowed_layout_sets_are_the_enumerated_ones_and_give_the_same_endgame_moves() {
    // Games on an intermediate-sized board with few mines: each view's layouts, found by
    // narrowing the set of the view before it (and of the first view in reach), are exactly
    // the ones a new enumeration lists, in the same cell order, and the endgame search
    // (exact and restricted) gives the same move and value bit for bit on both sets.
    let settings = GameSettings::new(Dims::new(Width(8), Height(8)).unwrap(), 12, FirstClick::Safe).unwrap();
    let (mut narrowed_sets, mut chained) = (0, 0);
    for seed in 0..60 {
        let mut game = Game::new(settings, seed);
        let mut player = SafestCellPlayer::default();
        let mut first: Option<(PlayerView, LayoutSet)> = None;
        let mut previous: Option<(PlayerView, LayoutSet)> = None;
        let mut memory = LayoutMemory::new();
        while game.status() == GameStatus::Playing {
            let view = game.view().clone();
            let fresh = enumerate_layouts(&view, 2_000, &Budget::unlimited());
            let remembered = memory.layouts(&view, 2_000, &Budget::unlimited()).cloned();
            assert_eq!(
                fresh.as_ref().map(sorted_layouts),
                remembered.as_ref().map(sorted_layouts)
            );
            if let Some(fresh) = fresh {
                for (before, set) in first.iter().chain(&previous) {
                    let narrowed = narrow_layouts(set, before, &view).expect("a later view of the same game");
                    assert_eq!(narrowed.cells, fresh.cells, "seed {seed}\n{view}");
                    assert_eq!(sorted_layouts(&narrowed), sorted_layouts(&fresh), "seed {seed}\n{view}");
                    if fresh.mines.len() > 1 {
                        for k in [usize::MAX, 2] {
                            let search = |set| {
                                let s = EndgameSearch::new(&view, set, 1_000_000);
                                let mut s = if k == usize::MAX { s } else { s.with_candidate_limit(k) };
                                s.best_move()
                            };
                            let (a, b) = (search(&fresh), search(&narrowed));
                            assert_eq!(a.map(|m| m.cell), b.map(|m| m.cell), "seed {seed}\n{view}");
                            assert_eq!(
                                a.map(|m| m.win_probability.to_bits()),
                                b.map(|m| m.win_probability.to_bits())
                            );
                        }
                    }
                    narrowed_sets += 1;
                }
                if previous.is_some() {
                    chained += 1;
                }
                first.get_or_insert_with(|| (view.clone(), fresh.clone()));
                previous = Some((view.clone(), fresh));
            }
            let pos = player.choose(&view).unwrap();
            game.reveal(pos).unwrap();
        }
    }
    assert!(
        narrowed_sets > 200 && chained > 100,
        "{narrowed_sets} narrowed, {chained} chained"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// On every view of a random small game with at most 16 unknown cells, the listed layouts
    /// are the brute-force ones, and narrowing the sets of the last three such views gives the
    /// same cells and layouts.
    #[test]
    fn listing_and_narrowing_agree_with_brute_force(
        w in 2u16..=6, h in 2u16..=5, mines in 1u32..10, seed in any::<u64>(),
    ) {
        let mut earlier: Vec<(PlayerView, LayoutSet)> = Vec::new();
        for view in played_views(w, h, mines, seed) {
            if view.cells().iter().filter(|&&c| c == CellView::Covered).count() > 16 {
                continue;
            }
            let listed = enumerate_layouts(&view, 1 << 16, &Budget::unlimited())
                .expect("a played position has its true layout, and at most 2^16 in all");
            let mut expected = brute_force_layouts(&view, &listed.cells);
            expected.sort();
            prop_assert_eq!(sorted_layouts(&listed), expected, "{}", view);
            for (before, set) in &earlier {
                let narrowed = narrow_layouts(set, before, &view).expect("a later view of the same game");
                prop_assert_eq!(&narrowed.cells, &listed.cells, "{}", view);
                prop_assert_eq!(sorted_layouts(&narrowed), sorted_layouts(&listed), "{}", view);
            }
            earlier.push((view, listed));
            if earlier.len() > 3 {
                earlier.remove(0);
            }
        }
    }
}

#[test]
fn narrowing_refuses_a_view_of_another_position() {
    let before: PlayerView = "4x1 1\n.1..\n".parse().unwrap();
    let set = enumerate_layouts(&before, 10, &Budget::unlimited()).unwrap();
    // A decided cell that changed, a cell covered again, another size, another mine count.
    for other in ["4x1 1\n.2..\n", "4x1 1\n....\n", "5x1 1\n.1...\n", "4x1 2\n.1..\n"] {
        let view: PlayerView = other.parse().unwrap();
        assert_eq!(narrow_layouts(&set, &before, &view), None, "{other}");
    }
    // A number no remembered layout agrees with leaves nothing.
    let view: PlayerView = "4x1 1\n.11.\n".parse().unwrap();
    assert_eq!(narrow_layouts(&set, &before, &view), None);
    // A flag on a cell that is a mine in one layout keeps that one.
    let view: PlayerView = "4x1 1\n.1F.\n".parse().unwrap();
    assert_eq!(
        narrow_layouts(&set, &before, &view).map(|s| s.mines),
        Some(vec![vec![false, false]])
    );
}

/// The chance to win from the layouts `s` by the definition alone: the best over every cell
/// that is not a mine in all of them and tells something (no memory, no cut-offs, no free
/// looks taken first); `values[c][l]` is what cell `c` shows in layout `l`, 9 for a mine.
fn naive_win_probability(values: &[Vec<u8>], s: &[usize]) -> f64 {
    if s.len() <= 1 {
        return 1.0;
    }
    let mut best = 0.0f64;
    for cell in values {
        let safe = s.iter().filter(|&&l| cell[l] != 9).count();
        let first = cell[s[0]];
        if safe == 0 || (safe == s.len() && s.iter().all(|&l| cell[l] == first)) {
            continue;
        }
        let mut w = 0.0;
        for v in 0..9u8 {
            let part: Vec<usize> = s.iter().copied().filter(|&l| cell[l] == v).collect();
            if !part.is_empty() {
                w += part.len() as f64 * naive_win_probability(values, &part);
            }
        }
        best = best.max(w / s.len() as f64);
    }
    best
}

#[test]
fn endgame_search_agrees_with_the_definition_on_small_positions() {
    // Positions from small games, a few clicks in; every position with at most 24 layouts
    // is valued both by the search and by the plain recursion above.
    let settings = GameSettings::new(Dims::new(Width(5), Height(4)).unwrap(), 5, FirstClick::Safe).unwrap();
    let mut checked = 0;
    for seed in 0..400 {
        let mut game = Game::new(settings, seed);
        let mut player = SafestCellPlayer::default();
        while game.status() == GameStatus::Playing {
            let view = game.view().clone();
            if view.revealed_count() > 0
                && let Some(set) = enumerate_layouts(&view, 24, &Budget::unlimited())
                && set.mines.len() > 1
            {
                let values = shown_values(&view, &set);
                let all: Vec<usize> = (0..set.mines.len()).collect();
                let expected = naive_win_probability(&values, &all);
                let mut search = EndgameSearch::new(&view, &set, 1_000_000);
                let w = search.win_probability().unwrap();
                assert!(
                    (w - expected).abs() < 1e-12,
                    "seed {seed}: search {w}, definition {expected}\n{view}"
                );
                let best = EndgameSearch::new(&view, &set, 1_000_000).best_move().unwrap();
                assert!((best.win_probability - expected).abs() < 1e-12, "seed {seed}\n{view}");
                checked += 1;
            }
            let pos = player.choose(&view).unwrap();
            game.reveal(pos).unwrap();
        }
    }
    assert!(checked > 200, "only {checked} positions checked");
}

/// What each cell of `set` shows in each layout (9 for a mine), computed here from the
/// layouts alone, independently of the search.
fn shown_values(view: &PlayerView, set: &LayoutSet) -> Vec<Vec<u8>> {
    let dims = view.dims();
    set.cells
        .iter()
        .enumerate()
        .map(|(i, &id)| {
            let around: Vec<usize> = dims
                .neighbours(id)
                .filter_map(|n| set.cells.iter().position(|&c| c == n))
                .collect();
            set.mines
                .iter()
                .map(|layout| {
                    if layout[i] {
                        9
                    } else {
                        around.iter().filter(|&&j| layout[j]).count() as u8
                    }
                })
                .collect()
        })
        .collect()
}

/// The chance to win by opening `cell` in the layouts `s` and playing on optimally, by the
/// definition with a memory of the sets valued (no cut-offs, no free looks first).
fn plain_move_value(values: &[Vec<u8>], s: &[usize], cell: usize, memo: &mut HashMap<Vec<usize>, f64>) -> f64 {
    let mut w = 0.0;
    for v in 0..9u8 {
        let part: Vec<usize> = s.iter().copied().filter(|&l| values[cell][l] == v).collect();
        if !part.is_empty() {
            w += part.len() as f64 * plain_win_probability(values, &part, memo);
        }
    }
    w / s.len() as f64
}

/// [`naive_win_probability`] with a memory: the best [`plain_move_value`] over every cell.
fn plain_win_probability(values: &[Vec<u8>], s: &[usize], memo: &mut HashMap<Vec<usize>, f64>) -> f64 {
    if s.len() <= 1 {
        return 1.0;
    }
    if let Some(&w) = memo.get(s) {
        return w;
    }
    // A cell that is a mine everywhere, or safe everywhere and shows one number, is no move.
    let w = (0..values.len())
        .filter(|&c| {
            let first = values[c][s[0]];
            let safe = s.iter().filter(|&&l| values[c][l] != 9).count();
            safe > 0 && !(safe == s.len() && s.iter().all(|&l| values[c][l] == first))
        })
        .map(|c| plain_move_value(values, s, c, memo))
        .fold(0.0, f64::max);
    memo.insert(s.to_vec(), w);
    w
}

#[test]
fn endgame_search_finds_the_best_move_on_larger_positions() {
    // Positions with 25 to 120 layouts from beginner games, where the search's cut-offs
    // (survival bounds, thresholds handed down to the parts of a split) spare most of its
    // work: its value is the plain definition's, and its move is worth that value.
    let settings = Preset::Beginner.settings(FirstClick::Safe);
    let mut checked = 0;
    'games: for seed in 0..400 {
        let mut game = Game::new(settings, seed);
        let mut player = SafestCellPlayer::default();
        while game.status() == GameStatus::Playing {
            let view = game.view().clone();
            if view.revealed_count() > 0
                && let Some(set) = enumerate_layouts(&view, 120, &Budget::unlimited())
                && set.mines.len() >= 25
            {
                let values = shown_values(&view, &set);
                let all: Vec<usize> = (0..set.mines.len()).collect();
                let mut memo = HashMap::new();
                let expected = plain_win_probability(&values, &all, &mut memo);
                let w = EndgameSearch::new(&view, &set, 10_000_000).win_probability().unwrap();
                assert!(
                    (w - expected).abs() < 1e-12,
                    "seed {seed}: search {w}, definition {expected}\n{view}"
                );
                let best = EndgameSearch::new(&view, &set, 10_000_000).best_move().unwrap();
                let cell = set.cells.iter().position(|&c| c == best.cell).unwrap();
                let worth = plain_move_value(&values, &all, cell, &mut memo);
                assert!((best.win_probability - expected).abs() < 1e-12, "seed {seed}\n{view}");
                assert!(
                    (worth - expected).abs() < 1e-12,
                    "seed {seed}: the move is worth {worth}\n{view}"
                );
                // Every other move's worth, as the definition values it.
                let mut search = EndgameSearch::new(&view, &set, 10_000_000);
                for (cell, &id) in set.cells.iter().enumerate() {
                    let w = search.move_value(id).unwrap();
                    let plain = plain_move_value(&values, &all, cell, &mut memo);
                    assert!(
                        (w - plain).abs() < 1e-12,
                        "seed {seed}: {id:?} worth {w}, definition {plain}"
                    );
                    assert!(w <= expected + 1e-12);
                }
                checked += 1;
                if checked == 40 {
                    break 'games;
                }
            }
            let pos = player.choose(&view).unwrap();
            game.reveal(pos).unwrap();
        }
    }
    assert_eq!(checked, 40, "only {checked} positions checked");
}

#[test]
fn restricted_endgame_search_is_a_lower_bound_and_exact_when_unrestricted() {
    // With at most k guesses per set below the root, the search values a smaller game: its
    // move's value is what that restricted play wins, no more than the move's true worth,
    // which is no more than the best; with as many candidates as cells it is the full search.
    let settings = Preset::Expert.settings(FirstClick::Safe);
    let mut checked = 0;
    let mut below = 0;
    'games: for seed in 0..300 {
        let mut game = Game::new(settings, seed);
        let mut player = ExactPlayer::new(PlayerOptions::new(FirstClick::Safe));
        while game.status() == GameStatus::Playing {
            let view = game.view().clone();
            if view.revealed_count() > 0
                && let Some(set) = enumerate_layouts(&view, 400, &Budget::unlimited())
                && set.mines.len() >= 30
                && let mut full = EndgameSearch::new(&view, &set, 10_000_000)
                && let Some(best) = full.best_move()
                && best.win_probability < 0.9
            {
                let wide = EndgameSearch::new(&view, &set, 10_000_000)
                    .with_candidate_limit(set.cells.len())
                    .best_move()
                    .unwrap();
                assert_eq!(wide, best, "seed {seed}\n{view}");
                for k in [1, 2, 3] {
                    let narrow = EndgameSearch::new(&view, &set, 10_000_000)
                        .with_candidate_limit(k)
                        .best_move()
                        .unwrap();
                    let worth = full.move_value(narrow.cell).unwrap();
                    assert!(narrow.win_probability <= worth + 1e-12, "seed {seed}, k {k}\n{view}");
                    assert!(worth <= best.win_probability + 1e-12, "seed {seed}, k {k}\n{view}");
                    if narrow.win_probability < best.win_probability - 1e-9 {
                        below += 1;
                    }
                }
                checked += 1;
                if checked == 30 {
                    break 'games;
                }
            }
            let pos = player.choose(&view).unwrap();
            game.reveal(pos).unwrap();
        }
    }
    assert_eq!(checked, 30, "only {checked} positions checked");
    // The restriction matters somewhere (else the test would not test it).
    assert!(below > 0);
}

#[test]
fn endgame_win_probability_matches_play_on_small_boards() {
    // The search's predicted win chance, averaged over many real games from the same kind of
    // position, must match the observed win rate of the player that follows it.
    let settings = GameSettings::new(Dims::new(Width(5), Height(4)).unwrap(), 5, FirstClick::Safe).unwrap();
    let (mut predicted, mut won, mut games) = (0.0, 0.0, 0.0);
    for seed in 0..300 {
        let mut game = Game::new(settings, seed);
        game.reveal(automine_core::Pos::new(automine_core::Col(0), automine_core::Row(0)))
            .unwrap();
        if game.status() != GameStatus::Playing {
            continue;
        }
        let Some(set) = enumerate_layouts(game.view(), 400, &Budget::unlimited()) else {
            continue;
        };
        let Some(w) = EndgameSearch::new(game.view(), &set, 200_000).win_probability() else {
            continue;
        };
        let mut options = PlayerOptions::new(FirstClick::Safe);
        options.endgame_layouts = 400;
        options.endgame_nodes = 200_000;
        automine_core::play_out(&mut game, &mut ExactPlayer::new(options), 100).unwrap();
        predicted += w;
        won += f64::from(u8::from(game.status() == GameStatus::Won));
        games += 1.0;
    }
    assert!(games > 100.0, "only {games} games");
    let (p, o) = (predicted / games, won / games);
    // Binomial noise on a few hundred games: a few percent.
    assert!(
        (p - o).abs() < 4.0 * (p * (1.0 - p) / games).sqrt() + 1e-9,
        "predicted {p}, observed {o}"
    );
}

#[test]
fn the_player_never_opens_a_certain_mine_and_takes_safe_cells_first() {
    for (preset, rule, games) in [
        (Preset::Beginner, FirstClick::Safe, 150),
        (Preset::Intermediate, FirstClick::Opening, 20),
    ] {
        for seed in 0..games {
            plays_safely(preset.settings(rule), seed, PlayerOptions::new(rule));
        }
    }
}

/// Play game `seed` with the exact player and check every move: never a certain mine, and
/// a certainly safe cell whenever one exists.
fn plays_safely(settings: GameSettings, seed: u64, options: PlayerOptions) {
    let mut game = Game::new(settings, seed);
    let mut player = ExactPlayer::new(options);
    while game.status() == GameStatus::Playing {
        let view = game.view().clone();
        let pos = player.choose(&view).unwrap();
        if view.revealed_count() > 0 {
            let map = exact_probabilities(&view).unwrap();
            let p = map.get(pos).unwrap();
            assert!(p < 1.0, "seed {seed}: opened a certain mine at {pos}");
            if map.certain_safe().next().is_some() {
                assert!(
                    p == 0.0,
                    "seed {seed}: guessed {pos} (P = {p}) while a safe cell exists"
                );
            }
        }
        game.reveal(pos).unwrap();
    }
}

#[test]
fn smoke_win_rates_are_plausible_and_beat_the_teacher() {
    let rule = FirstClick::Safe;
    let trial = |player| Trial {
        settings: Preset::Beginner.settings(rule),
        seed: 10_000,
        games: 400,
        player,
    };
    let exact = run_trial(&trial(PlayerKind::exact(rule)), || {}).unwrap();
    let teacher = run_trial(&trial(PlayerKind::Teacher), || {}).unwrap();
    // Published: about 92% with a safe corner click; the teacher is far weaker.
    assert!(exact.win_rate() > 0.85, "exact {}", exact.win_rate());
    assert!(
        exact.wins > teacher.wins,
        "exact {} vs teacher {}",
        exact.wins,
        teacher.wins
    );
    let opening = Trial {
        settings: Preset::Beginner.settings(FirstClick::Opening),
        seed: 0,
        games: 400,
        player: PlayerKind::exact(FirstClick::Opening),
    };
    assert!(run_trial(&opening, || {}).unwrap().win_rate() > 0.93);
}

#[cfg(feature = "parallel")]
#[test]
fn results_do_not_depend_on_the_thread_count() {
    let rule = FirstClick::Safe;
    let trial = Trial {
        settings: Preset::Intermediate.settings(rule),
        seed: 77,
        games: 40,
        player: PlayerKind::exact(rule),
    };
    let records = same_records_for_every_thread_count(&trial, &[1, 2, 3]);
    assert_eq!(
        records.iter().map(|r| r.seed).collect::<Vec<_>>(),
        (77..117).collect::<Vec<_>>()
    );
}

/// The trial's game records, after checking that they are the same serially and with each of
/// `threads` worker threads.
#[cfg(feature = "parallel")]
fn same_records_for_every_thread_count(
    trial: &Trial,
    threads: &[usize],
) -> Vec<automine_core::measure::harness::GameRecord> {
    use automine_core::measure::harness::par_run_trial;
    let serial = run_trial(trial, || {}).unwrap().records;
    for &n in threads {
        assert_eq!(par_run_trial(trial, n, || {}).unwrap().records, serial, "{n} threads");
    }
    serial
}

#[test]
fn any_player_runs_on_the_harness_with_the_same_records_as_its_kind() {
    use automine_core::measure::harness::run_trial_with;
    use automine_core::player::exact::{ExactPlayer, PlayerOptions};
    use automine_core::player::teacher::TeacherPlayer;
    let rule = FirstClick::Opening;
    let settings = Preset::Beginner.settings(rule);
    for (kind, generic) in [
        (
            PlayerKind::exact(rule),
            run_trial_with(settings, 300, 25, || ExactPlayer::new(PlayerOptions::new(rule)), || {}).unwrap(),
        ),
        (
            PlayerKind::Teacher,
            run_trial_with(settings, 300, 25, || TeacherPlayer::new(rule), || {}).unwrap(),
        ),
    ] {
        let trial = Trial {
            settings,
            seed: 300,
            games: 25,
            player: kind,
        };
        assert_eq!(run_trial(&trial, || {}).unwrap().records, generic.records);
    }
}

#[cfg(feature = "parallel")]
#[test]
fn a_player_factory_gives_thread_count_independent_records() {
    use automine_core::SafestCellPlayer;
    use automine_core::measure::harness::{par_run_trial_with, run_trial_with};
    let settings = Preset::Intermediate.settings(FirstClick::Safe);
    let serial = run_trial_with(settings, 9, 16, SafestCellPlayer::default, || {}).unwrap();
    for threads in [1, 2, 3] {
        let par = par_run_trial_with(settings, 9, 16, threads, SafestCellPlayer::default, || {}).unwrap();
        assert_eq!(par.records, serial.records, "{threads} threads");
    }
}

/// A hand-made pseudo-50/50. On a two-row board the 1 in the corner has one mine among
/// (1,0), (0,1) and (1,1). Were it at (1,0), nothing could ever tell (1,0) from (1,1): every
/// cell next to one of them is next to both (the board has no third row), so (1,0) is either
/// safe or half of a 50/50 that must be guessed anyway. The pseudo-50/50 rule opens it at
/// once, although it is less safe (2/3) than the cells away from the 1 (5/6: one mine among
/// six): the risk it carries must be taken sooner or later at the same odds. The plain guess
/// (secondary safety alone) takes one of the safer cells.
#[test]
fn the_pseudo_fifty_fifty_rule_takes_the_cell_that_is_safe_or_a_coin_flip() {
    use automine_core::{Col, Pos, Row};
    let view: PlayerView = "5x2 2\n1....\n.....\n".parse().unwrap();
    let mut options = PlayerOptions::new(FirstClick::Safe);
    options.endgame_layouts = 0;
    // The plain guess of branch mines3: no pseudo-50/50s, no 50/50 influence, no blending.
    options.pseudo_fifty_fifty = false;
    options.guess.influence_weight = 0.0;
    options.guess.blend_second = false;
    let plain = ExactPlayer::new(options).choose(&view).unwrap();
    options.pseudo_fifty_fifty = true;
    let pseudo = ExactPlayer::new(options).choose(&view).unwrap();
    assert_eq!(pseudo, Pos::new(Col(1), Row(0)));
    assert_ne!(plain, pseudo);
}

/// The default player, with every part of D. N. Hill's it has on (his long-term risk, dead
/// safe cells worth nothing, his candidate rules): never a certain mine.
#[test]
fn the_default_player_with_hills_parts_never_opens_a_certain_mine() {
    let rule = FirstClick::Safe;
    for seed in 0..8 {
        plays_safely(
            Preset::Intermediate.settings(rule),
            940 + seed,
            PlayerOptions::new(rule),
        );
    }
}

/// With chain 50/50s taken at once, their cell chosen in row-major order or by the guess's
/// value (with Hill's dominating tile): still never a certain mine, on beginner and
/// intermediate.
#[test]
fn the_player_with_chain_fifty_fifties_never_opens_a_certain_mine() {
    for tie_break in [false, true] {
        for (preset, rule, games) in [
            (Preset::Beginner, FirstClick::Safe, 60),
            (Preset::Intermediate, FirstClick::Safe, 8),
        ] {
            for seed in 0..games {
                let mut options = PlayerOptions::new(rule);
                options.chain_fifty_fifty = true;
                options.fifty_fifty_tie_break = tie_break;
                options.guess.hill_dominating = tie_break;
                plays_safely(preset.settings(rule), 500 + seed, options);
            }
        }
    }
}

#[cfg(feature = "parallel")]
#[test]
fn the_default_player_on_expert_does_not_depend_on_the_thread_count() {
    let rule = FirstClick::Safe;
    let trial = Trial {
        settings: Preset::Expert.settings(rule),
        seed: 700,
        games: 8,
        player: PlayerKind::Exact(PlayerOptions::new(rule)),
    };
    same_records_for_every_thread_count(&trial, &[1, 3]);
}

/// An isolated region is independent of the rest of the board: its own layouts, equally
/// likely, give exactly the exact solver's probabilities for its cells (checked on every
/// position of expert-density games on a 12x10 board, where walled-in groups are common).
#[test]
fn isolated_regions_give_the_exact_probabilities_on_their_own() {
    let settings = GameSettings::new(Dims::new(Width(12), Height(10)).unwrap(), 25, FirstClick::Safe).unwrap();
    let (mut regions, mut enclosed) = (0, 0);
    for view in played_positions(settings, 0..80, 0.0..=1.0, usize::MAX) {
        let map = exact_analysis(&view, &Budget::unlimited()).unwrap().map;
        enclosed += enclosed_regions(&view, &map).len();
        for (region, set) in isolated_regions(&view, &map) {
            let n = set.mines.len() as f64;
            for (i, &cell) in set.cells.iter().enumerate() {
                let freq = set.mines.iter().filter(|l| l[i]).count() as f64 / n;
                let p = map.at(cell).unwrap();
                assert!((p - freq).abs() < 1e-9, "{cell:?} {p} vs {freq}\n{view}");
                if i >= region.len() {
                    assert!(p >= 1.0, "{cell:?} is not a known mine\n{view}");
                }
            }
            let count = |l: &Vec<bool>| l[..region.len()].iter().filter(|&&m| m).count();
            assert!(set.mines.iter().all(|l| count(l) == count(&set.mines[0])));
            regions += 1;
        }
    }
    assert!(
        regions > 20,
        "only {regions} isolated regions ({enclosed} enclosed) seen"
    );
}
