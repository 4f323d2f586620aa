//! Where do two players part, and what does it cost? The diagnosis of a paired comparison.
//!
//! Plays games `S .. S + N` of a preset and first-click rule (the same games as `search-cli
//! mines play --seed S`) with two exact players, `A` and `B`, each a variant of the default
//! (`NAME` or `NAME:key=value,...`, keys as in `common::parse_variant`, e.g.
//! `iw075:influence_weight=0.75`; `default` for the default). `B` is shown every position `A`
//! reaches until the two choose different cells; from there each plays its own copy of the game
//! to the end. So both games are exactly the whole games `search-cli mines play` would play
//! with the two option sets, and every discordant game of their paired comparison is
//! attributed to the position where they first parted.
//!
//! ```sh
//! cargo run --release -p automine-core --example first_divergence -- PRESET RULE S N A B [--show]
//! cargo run --release -p automine-core --example first_divergence -- expert safe 4000000 300 \
//!     default iw075:influence_weight=0.75
//! ```
//!
//! Output: one line per game whose players part (seed, move number, revealed cells, log10 of
//! the layouts, `A`'s cell and its P(mine), `B`'s and its, who won), with `--show` the position
//! after it; then the games that part and the discordant ones, per phase of the game (log10
//! layouts over 40, 6 to 40, at most 6) and for the ten commonest pairs of cells. Deterministic:
//! the same arguments give the same output.

use std::collections::BTreeMap;
use std::error::Error;

use automine_core::player::exact::{ExactPlayer, PlayerOptions};
use automine_core::search_core::Budget;
use automine_core::{FirstClick, Game, GameStatus, Player, Pos, Preset, exact_analysis, play_out};

mod common;
use common::{Variant, parse_variant};

const USAGE: &str = "usage: first_divergence PRESET RULE S N A B [--show]";

/// Games that part at some position of one kind, and who won them.
#[derive(Default, Clone, Copy)]
struct Count {
    parted: u64,
    only_a: u64,
    only_b: u64,
}

impl Count {
    fn add(&mut self, a_won: bool, b_won: bool) {
        self.parted += 1;
        self.only_a += u64::from(a_won && !b_won);
        self.only_b += u64::from(b_won && !a_won);
    }
}

/// Where one game's players first chose differently.
struct Parting {
    seed: u64,
    moves: usize,
    revealed: usize,
    log10_layouts: f64,
    a: (Pos, f64),
    b: (Pos, f64),
}

/// Play `game` with `player` to its end; true when it is won.
fn finish(mut game: Game, player: &mut ExactPlayer) -> Result<bool, Box<dyn Error>> {
    play_out(&mut game, player, usize::MAX)?;
    Ok(game.status() == GameStatus::Won)
}

/// Play game `seed` with both variants: where they part (`None` if they never do), and
/// whether `A` and `B` won.
fn play(
    preset: Preset,
    rule: FirstClick,
    seed: u64,
    a: &Variant,
    b: &Variant,
    show: bool,
) -> Result<(Option<Parting>, bool, bool), Box<dyn Error>> {
    let mut game = Game::new(preset.settings(rule), seed);
    let (mut pa, mut pb) = (ExactPlayer::new(a.options), ExactPlayer::new(b.options));
    let mut moves = 0;
    while game.status() == GameStatus::Playing {
        let (ca, cb) = (pa.choose(game.view())?, pb.choose(game.view())?);
        if ca != cb {
            let view = game.view().clone();
            let analysis = exact_analysis(&view, &Budget::unlimited())?;
            let p = |c: Pos| analysis.map.get(c).unwrap_or(f64::NAN);
            let parting = Parting {
                seed,
                moves,
                revealed: view.revealed_count(),
                log10_layouts: analysis.ln_layouts / std::f64::consts::LN_10,
                a: (ca, p(ca)),
                b: (cb, p(cb)),
            };
            if show {
                println!("{view}");
            }
            let mut game_b = game.clone();
            game.reveal(ca)?;
            game_b.reveal(cb)?;
            let a_won = finish(game, &mut pa)?;
            let b_won = finish(game_b, &mut pb)?;
            return Ok((Some(parting), a_won, b_won));
        }
        game.reveal(ca)?;
        moves += 1;
    }
    let won = game.status() == GameStatus::Won;
    Ok((None, won, won))
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let show = args.iter().any(|a| a == "--show");
    let args: Vec<&String> = args.iter().filter(|a| *a != "--show").collect();
    let [preset, rule, start, games, a, b] = args[..] else {
        return Err(USAGE.into());
    };
    let (preset, rule): (Preset, FirstClick) = (preset.parse()?, rule.parse()?);
    let (start, games): (u64, u64) = (start.parse()?, games.parse()?);
    let a = parse_variant(a, PlayerOptions::new(rule))?;
    let b = parse_variant(b, PlayerOptions::new(rule))?;

    let phases = ["log10 layouts over 40", "6 to 40", "at most 6"];
    let mut by_phase = [Count::default(); 3];
    let mut by_cells: BTreeMap<(Pos, Pos), Count> = BTreeMap::new();
    let (mut wins_a, mut wins_b) = (0u64, 0u64);
    println!(
        "seed\tmove\trevealed\tlog10 layouts\t{} cell\tP(mine)\t{} cell\tP(mine)\twon by",
        a.name, b.name
    );
    for seed in start..start + games {
        let (parting, a_won, b_won) = play(preset, rule, seed, &a, &b, show)?;
        wins_a += u64::from(a_won);
        wins_b += u64::from(b_won);
        let Some(parting) = parting else {
            continue;
        };
        let won_by = match (a_won, b_won) {
            (true, true) => "both",
            (true, false) => a.name.as_str(),
            (false, true) => b.name.as_str(),
            (false, false) => "neither",
        };
        println!(
            "{}\t{}\t{}\t{:.1}\t{}\t{:.4}\t{}\t{:.4}\t{won_by}",
            parting.seed,
            parting.moves,
            parting.revealed,
            parting.log10_layouts,
            parting.a.0,
            parting.a.1,
            parting.b.0,
            parting.b.1
        );
        let phase = if parting.log10_layouts > 40.0 {
            0
        } else if parting.log10_layouts > 6.0 {
            1
        } else {
            2
        };
        by_phase[phase].add(a_won, b_won);
        by_cells
            .entry((parting.a.0, parting.b.0))
            .or_default()
            .add(a_won, b_won);
    }

    println!(
        "\n{preset:?} {rule:?}, games {start}..{}: {} won {wins_a}, {} won {wins_b}",
        start + games,
        a.name,
        b.name
    );
    println!("where they part\tgames\twon only by {}\twon only by {}", a.name, b.name);
    for (name, count) in phases.iter().zip(&by_phase) {
        println!("{name}\t{}\t{}\t{}", count.parted, count.only_a, count.only_b);
    }
    let mut commonest: Vec<_> = by_cells.into_iter().collect();
    commonest.sort_by(|x, y| y.1.parted.cmp(&x.1.parted).then(x.0.cmp(&y.0)));
    println!(
        "{} cell -> {} cell\tgames\twon only by {}\twon only by {}",
        a.name, b.name, a.name, b.name
    );
    for ((ca, cb), count) in commonest.into_iter().take(10) {
        println!("{ca} -> {cb}\t{}\t{}\t{}", count.parted, count.only_a, count.only_b);
    }
    Ok(())
}
