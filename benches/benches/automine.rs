//! automine-core benchmarks: games per second per preset with the safest-cell player, and the
//! time of one exact probability map on expert mid-game positions, side by side with
//! `ms_toollib`'s `cal_probability_csp` (`JSMinesweeper`'s engine ported to Rust) on the same
//! positions.
//!
//! A third group times `LayoutSampler` on the same positions: building it (one enumeration of
//! every component's solutions, kept) beside one exact map, and 100 uniform draws from a built
//! sampler.
//!
//! Before the criterion groups, a percentile pass times every position of the suite for each
//! solver (the best of 3 runs, to shed the noise of a shared machine) and prints median, 99th
//! percentile and maximum per solver, plus the largest probability difference between the two
//! (a cross-check).

use std::hint::black_box;
use std::time::{Duration, Instant};

use automine_core::search_core::Budget;
use automine_core::suite::played_positions;
use automine_core::{
    FirstClick, Game, GameStatus, LayoutSampler, PlayerView, Preset, SafestCellPlayer, exact_probabilities, play_out,
};
use criterion::{Criterion, Throughput, criterion_group};
use search_benches::ms_toollib_board;

/// Expert mid-game positions (10 % to 90 % of the cells open), 5 per game, seeds 0..200.
fn expert_suite() -> Vec<PlayerView> {
    played_positions(Preset::Expert.settings(FirstClick::Safe), 0..200, 0.1..=0.9, 5)
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn percentiles() {
    let suite = expert_suite();
    let boards: Vec<Vec<Vec<i32>>> = suite.iter().map(ms_toollib_board).collect();
    let mut ours = Vec::with_capacity(suite.len());
    let mut theirs = Vec::with_capacity(suite.len());
    let mut worst = 0.0f64;
    let mut ratios = Vec::with_capacity(suite.len());
    for (view, board) in suite.iter().zip(&boards) {
        let mines = f64::from(view.total_mines());
        let (mut a, mut b) = (Duration::MAX, Duration::MAX);
        for _ in 0..3 {
            let start = Instant::now();
            black_box(exact_probabilities(black_box(view)).ok());
            a = a.min(start.elapsed());
            let start = Instant::now();
            black_box(ms_toollib::cal_probability_csp(black_box(board), mines).ok());
            b = b.min(start.elapsed());
        }
        let map = exact_probabilities(view);
        let peer = ms_toollib::cal_probability_csp(board, mines);
        ours.push(a);
        theirs.push(b);
        ratios.push(b.as_secs_f64() / a.as_secs_f64().max(1e-9));
        if let (Ok(map), Ok((frontier, interior, _, _))) = (map, peer) {
            let mut peer_map = vec![interior; view.dims().cell_count()];
            for ((row, col), p) in frontier {
                peer_map[row * view.dims().width().0 as usize + col] = p;
            }
            for (id, p) in map.covered() {
                worst = worst.max((p - peer_map[id.index()]).abs());
            }
        }
    }
    ours.sort();
    theirs.sort();
    ratios.sort_by(f64::total_cmp);
    println!(
        "expert mid-game exact probability maps: {} positions (seeds 0..200, 10-90 % open, 5 per game)",
        suite.len()
    );
    for (name, times) in [
        ("automine-core exact", &ours),
        ("ms_toollib cal_probability_csp", &theirs),
    ] {
        println!(
            "  {name:<32} median {:>9.1?}  p99 {:>9.1?}  max {:>9.1?}",
            percentile(times, 0.5),
            percentile(times, 0.99),
            times[times.len() - 1]
        );
    }
    println!(
        "  per-position speed-up (ms_toollib time / ours): median {:.1}x, p1 {:.1}x",
        ratios[ratios.len() / 2],
        ratios[ratios.len() / 100]
    );
    println!("  largest |P(ours) - P(ms_toollib)| over every covered cell: {worst:.3e}");
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("mines_games");
    group.throughput(Throughput::Elements(1));
    for preset in Preset::ALL {
        let settings = preset.settings(FirstClick::Safe);
        let mut seed = 0u64;
        group.bench_function(format!("{preset}_safest_cell_player"), |b| {
            b.iter(|| {
                seed += 1;
                let mut game = Game::new(settings, seed);
                play_out(&mut game, &mut SafestCellPlayer::default(), 10_000).ok();
                black_box(game.status() == GameStatus::Won)
            });
        });
    }
    group.finish();
}

fn probability_maps(c: &mut Criterion) {
    let suite: Vec<PlayerView> = expert_suite().into_iter().step_by(10).collect();
    let boards: Vec<Vec<Vec<i32>>> = suite.iter().map(ms_toollib_board).collect();
    let mut group = c.benchmark_group("mines_expert_midgame_map");
    group.throughput(Throughput::Elements(suite.len() as u64));
    group.bench_function("automine_core_exact", |b| {
        b.iter(|| {
            for view in &suite {
                black_box(exact_probabilities(black_box(view)).ok());
            }
        });
    });
    group.bench_function("ms_toollib_cal_probability_csp", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(ms_toollib::cal_probability_csp(black_box(board), 99.0).ok());
            }
        });
    });
    group.finish();
}

fn sampling(c: &mut Criterion) {
    use rand::SeedableRng;
    let suite: Vec<PlayerView> = expert_suite().into_iter().step_by(10).collect();
    let mut group = c.benchmark_group("mines_expert_midgame_sample");
    group.throughput(Throughput::Elements(suite.len() as u64));
    group.bench_function("exact_map", |b| {
        b.iter(|| {
            for view in &suite {
                black_box(exact_probabilities(black_box(view)).ok());
            }
        });
    });
    group.bench_function("sampler_new", |b| {
        b.iter(|| {
            for view in &suite {
                black_box(LayoutSampler::new(black_box(view), &Budget::unlimited()).ok());
            }
        });
    });
    let samplers: Vec<LayoutSampler> = suite
        .iter()
        .filter_map(|view| LayoutSampler::new(view, &Budget::unlimited()).ok())
        .collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    group.bench_function("sampler_100_draws", |b| {
        b.iter(|| {
            for sampler in &samplers {
                for _ in 0..100 {
                    black_box(sampler.sample(&mut rng));
                }
            }
        });
    });
    group.finish();
}

criterion_group!(benches, games, probability_maps, sampling);

fn main() {
    percentiles();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
