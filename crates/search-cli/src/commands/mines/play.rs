//! `search-cli mines play`: win rates of the exact player, the teacher baseline or (feature
//! `learn`) the student network, alone or with exact logic, over a seed range (automine-core's
//! `measure::harness`).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[cfg(feature = "learn")]
use automine_core::measure::harness::par_run_trial_with;
use automine_core::measure::harness::{PlayerKind, Trial, TrialSummary, par_run_trial};
use automine_core::measure::paired::write_records;
use automine_core::measure::profile::{GuessProfile, par_profile_trial};
use automine_core::player::exact::PlayerOptions;
use automine_core::{Dims, FirstClick, GameSettings, Height, Preset, Width};
use clap::parser::ValueSource;
use clap::{ArgMatches, Args, ValueEnum};

use super::RuleArg;
use crate::commands::{CommandError, CommandResult};
use crate::options::{OptionsDoc, OptionsError};
use crate::progress::Progress;

/// Which player plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PlayerArg {
    /// Exact probabilities, endgame search, forced 50/50s, secondary safety.
    Exact,
    /// The teacher's safest cell (the baseline).
    Teacher,
    /// The student network alone (automine-learn; --model or the shipped one).
    #[cfg(feature = "learn")]
    Network,
    /// Exact logic for certain cells, the student network for guesses.
    #[cfg(feature = "learn")]
    Hybrid,
}

impl PlayerArg {
    const fn name(self) -> &'static str {
        match self {
            Self::Exact => "exact",
            Self::Teacher => "teacher",
            #[cfg(feature = "learn")]
            Self::Network => "network",
            #[cfg(feature = "learn")]
            Self::Hybrid => "hybrid",
        }
    }
}

/// The help heading of the exact player's tuning ([`ExactArgs`]): written out on the command
/// line, any of these options is refused with another player.
const EXACT_HEADING: &str = "Exact player (--player exact only)";

/// The help heading of the network's model (`--model`, `--shipped`): written out on the command
/// line, either is refused with the exact player or the teacher.
#[cfg(feature = "learn")]
const NETWORK_HEADING: &str = "Network and hybrid players (--player network or hybrid only)";

/// Arguments of `search-cli mines play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// beginner, intermediate, expert, or a custom board `WxH/M` (e.g. `30x16/99`).
    #[arg(long, default_value = "expert")]
    preset: String,
    /// Games to play (at least 1).
    #[arg(long, default_value_t = 1000, value_parser = crate::commands::at_least_one())]
    games: u64,
    /// Seed of game 0; game i uses seed S + i whatever the thread count.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The first-click rule.
    #[arg(long, value_enum, default_value_t = RuleArg::Safe)]
    first_click: RuleArg,
    /// Who plays.
    #[arg(long, value_enum, default_value_t = PlayerArg::Exact)]
    player: PlayerArg,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = crate::commands::threads())]
    threads: usize,
    /// Print one JSON object instead of the text summary.
    #[arg(long)]
    json: bool,
    /// Also write every game's outcome (`seed,won,moves`) to this CSV file, for
    /// `search-cli mines compare`.
    #[arg(long, value_name = "FILE")]
    records: Option<std::path::PathBuf>,
    /// Also profile the guesses (exact or teacher player): per phase of the game (log10 of the
    /// layouts left), the guesses, their summed P(mine) and the games lost there. Slower: the
    /// profiler runs its own exact analysis before every click that may be a guess.
    #[arg(long)]
    guess_profile: bool,
    /// The exact player's tuning, under its own help heading. `next_help_heading` carries on
    /// to the fields below, so an option shared by the players goes above this one (a test
    /// fails otherwise).
    #[command(flatten, next_help_heading = EXACT_HEADING)]
    exact: ExactArgs,
    /// Network and hybrid players: which network.
    #[cfg(feature = "learn")]
    #[command(flatten, next_help_heading = NETWORK_HEADING)]
    model: super::learn::ModelArgs,
}

/// The exact player's options in `search-cli mines play`: the only arguments
/// [`exact_options`] reads, all under [`EXACT_HEADING`], so refused with another player.
#[derive(Debug, Default, Args)]
pub(crate) struct ExactArgs {
    /// Start from the faster player: a smaller endgame search and none of D. N. Hill's further
    /// parts (about twice the games per second on expert, some 0.15 points fewer wins).
    #[arg(long)]
    pub(crate) fast: bool,
    /// Read options from a JSON file: any of the keys --show-options prints, nested as there.
    #[arg(long, value_name = "FILE")]
    pub(crate) options: Option<PathBuf>,
    /// Set one option after --options, e.g. `--set guess.cut_off=0.8` or
    /// `--set endgame_layouts=0` (no endgame search); may be repeated.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub(crate) set: Vec<String>,
    /// Print the exact player's options as JSON (after --fast, --options and --set) and exit.
    #[arg(long)]
    pub(crate) show_options: bool,
}

/// Parse `beginner|intermediate|expert|WxH/M` under `rule`.
pub(crate) fn parse_board(text: &str, rule: FirstClick) -> Result<GameSettings, CommandError> {
    if let Ok(preset) = text.parse::<Preset>() {
        return Ok(preset.settings(rule));
    }
    let bad = || {
        CommandError::Usage(format!(
            "--preset {text:?}: expected beginner, intermediate, expert or WxH/M"
        ))
    };
    let (size, mines) = text.split_once('/').ok_or_else(bad)?;
    let (w, h) = size.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u16 = w.trim().parse().map_err(|_| bad())?;
    let h: u16 = h.trim().parse().map_err(|_| bad())?;
    let mines: u32 = mines.trim().parse().map_err(|_| bad())?;
    let dims = Dims::new(Width(w), Height(h)).map_err(|e| CommandError::Usage(format!("--preset {text:?}: {e}")))?;
    GameSettings::new(dims, mines, rule).map_err(|e| CommandError::Usage(format!("--preset {text:?}: {e}")))
}

/// The exact player's options the arguments name: [`PlayerOptions::new`] (or
/// [`PlayerOptions::fast`]) for the rule, then the `--options` file, then each `--set`, read
/// back through serde and checked by [`PlayerOptions::check`]; an error names the key and
/// where it was given. Only [`ExactArgs`] and the first-click rule go in, so every argument the
/// exact player reads is under [`EXACT_HEADING`].
pub(crate) fn exact_options(args: &ExactArgs, rule: FirstClick) -> Result<PlayerOptions, CommandError> {
    let base = if args.fast {
        PlayerOptions::fast(rule)
    } else {
        PlayerOptions::new(rule)
    };
    let usage = |e: OptionsError| CommandError::Usage(e.to_string());
    let mut doc = OptionsDoc::new(&base).map_err(usage)?;
    // Each source is read back at once, so a value serde refuses is blamed on its source.
    let read_back = |doc: &OptionsDoc, source: &str| {
        doc.read::<PlayerOptions>()
            .map_err(|e| CommandError::Usage(format!("{source}: {}", e.message)))
    };
    if let Some(path) = &args.options {
        doc.apply_file(path).map_err(usage)?;
        read_back(&doc, &format!("--options {}", path.display()))?;
    }
    for text in &args.set {
        doc.set(text).map_err(usage)?;
        read_back(&doc, &format!("--set {text}"))?;
    }
    let options = read_back(&doc, "the options")?;
    if options.first_click != rule {
        return Err(CommandError::Usage(format!(
            "{}: first_click is the game's rule: give it as --first-click {}",
            doc.origin("first_click").unwrap_or("the options"),
            options.first_click.name()
        )));
    }
    options
        .check()
        .map_err(|e| CommandError::Usage(format!("{}: {e}", doc.origin(e.field).unwrap_or("the options"))))?;
    Ok(options)
}

fn player_kind(args: &PlayArgs, rule: FirstClick) -> Result<PlayerKind, CommandError> {
    Ok(match args.player {
        PlayerArg::Teacher => PlayerKind::Teacher,
        // Not used to play: `run_games` plays the network players through the generic harness
        // (`par_run_trial_with`); the trial only carries the settings, seed and game count.
        #[cfg(feature = "learn")]
        PlayerArg::Network | PlayerArg::Hybrid => PlayerKind::Teacher,
        PlayerArg::Exact => PlayerKind::Exact(exact_options(&args.exact, rule)?),
    })
}

#[cfg(feature = "learn")]
fn model_name(args: &PlayArgs) -> Option<String> {
    matches!(args.player, PlayerArg::Network | PlayerArg::Hybrid).then(|| args.model.name())
}

#[cfg(not(feature = "learn"))]
fn model_name(_: &PlayArgs) -> Option<String> {
    None
}

/// The JSON summary: the trial, its result and, for the exact player, its options as the
/// library serializes them (`--options` reads the same form).
fn json_summary(args: &PlayArgs, trial: &Trial, s: &TrialSummary) -> serde_json::Value {
    let ci = s.ci95();
    let dims = trial.settings.dims();
    let options = match &trial.player {
        PlayerKind::Exact(options) if args.player == PlayerArg::Exact => serde_json::to_value(options).ok(),
        _ => None,
    };
    serde_json::json!({
        "board": format!("{}x{}/{}", dims.width().0, dims.height().0, trial.settings.mines()),
        "first_click": trial.settings.first_click().name(),
        "player": args.player.name(),
        "seed": trial.seed,
        "games": s.games,
        "wins": s.wins,
        "win_rate": s.win_rate(),
        "ci95_low": ci.low,
        "ci95_high": ci.high,
        "games_per_second": s.games_per_second(),
        "seconds": s.elapsed.as_secs_f64(),
        "model": model_name(args),
        "fast": args.exact.fast && args.player == PlayerArg::Exact,
        "options": options,
        "version": env!("CARGO_PKG_VERSION"),
    })
}

/// Play the trial's games with the player the arguments name.
fn run_games(
    args: &PlayArgs,
    trial: &Trial,
    progress: &Progress,
) -> Result<(TrialSummary, Option<GuessProfile>), CommandError> {
    let failed = |e: automine_core::SimulationError| CommandError::Usage(format!("a game failed: {e}"));
    #[cfg(feature = "learn")]
    if let Some(mode) = match args.player {
        PlayerArg::Network => Some(automine_learn::player::PlayMode::Network),
        PlayerArg::Hybrid => Some(automine_learn::player::PlayMode::Hybrid),
        _ => None,
    } {
        use automine_learn::player::NetworkPlayer;
        let model = args.model.load()?;
        let rule = trial.settings.first_click();
        return par_run_trial_with(
            trial.settings,
            trial.seed,
            trial.games,
            args.threads,
            || NetworkPlayer::new(model.clone(), rule, mode),
            || progress.inc(1),
        )
        .map(|summary| (summary, None))
        .map_err(failed);
    }
    if args.guess_profile {
        return par_profile_trial(trial, args.threads, || progress.inc(1))
            .map(|(summary, profile)| (summary, Some(profile)))
            .map_err(failed);
    }
    par_run_trial(trial, args.threads, || progress.inc(1))
        .map(|summary| (summary, None))
        .map_err(failed)
}

/// The phase's range of layouts as text: `<= 10^2.4` for the first, `10^a..10^b` after.
fn phase_name(profile: &GuessProfile, index: usize) -> String {
    // One decimal, without a trailing `.0`.
    let bound = |i: usize| {
        let text = format!("{:.1}", profile.phases[i].max_log10_layouts);
        text.strip_suffix(".0").map_or_else(|| text.clone(), str::to_string)
    };
    match index {
        0 => format!("<= 10^{}", bound(0)),
        i if profile.phases[i].max_log10_layouts.is_infinite() => format!("> 10^{}", bound(i - 1)),
        i => format!("10^{}..10^{}", bound(i - 1), bound(i)),
    }
}

fn profile_json(profile: &GuessProfile) -> serde_json::Value {
    let phases: Vec<serde_json::Value> = profile
        .phases
        .iter()
        .enumerate()
        .map(|(i, p)| {
            serde_json::json!({
                "layouts": phase_name(profile, i),
                "max_log10_layouts": p.max_log10_layouts.is_finite().then_some(p.max_log10_layouts),
                "guesses": p.guesses,
                "expected_losses": p.expected_losses,
                "losses": p.losses,
            })
        })
        .collect();
    serde_json::Value::Array(phases)
}

/// The guess profile as a table: per phase, guesses and losses per 100 games.
fn write_profile(out: &mut impl Write, profile: &GuessProfile, games: u64) -> std::io::Result<()> {
    let per100 = |x: f64| 100.0 * x / (games.max(1) as f64);
    writeln!(out, "guesses by phase (layouts left), per 100 games:")?;
    writeln!(
        out,
        "  {:<14} {:>8} {:>9} {:>8} {:>10}",
        "layouts", "guesses", "mean P", "losses", "expected"
    )?;
    for (i, p) in profile.phases.iter().enumerate() {
        writeln!(
            out,
            "  {:<14} {:>8.2} {:>9.3} {:>8.2} {:>10.2}",
            phase_name(profile, i),
            per100(p.guesses as f64),
            p.expected_losses / (p.guesses.max(1) as f64),
            per100(p.losses as f64),
            per100(p.expected_losses)
        )?;
    }
    writeln!(
        out,
        "  {:<14} {:>8.2} {:>9.3} {:>8.2} {:>10.2}",
        "all",
        per100(profile.guesses() as f64),
        profile.expected_losses() / (profile.guesses().max(1) as f64),
        per100(profile.losses() as f64),
        per100(profile.expected_losses())
    )
}

/// Refuse the options of a player other than the one that plays: the exact player's tuning
/// with `--player teacher` (or `network`, `hybrid`), the network's model with `--player exact`
/// or `teacher`. An option counts when it is written out on the command line, even at its
/// default value; `matches` are those of `mines play` itself.
fn check_player_options(args: &PlayArgs, matches: &ArgMatches) -> Result<(), CommandError> {
    let command = PlayArgs::augment_args(clap::Command::new("play"));
    // The long name of the first option under `heading` written out on the command line.
    let given = |heading: &str| {
        command
            .get_arguments()
            .filter(|arg| arg.get_help_heading() == Some(heading))
            .find(|arg| matches.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine))
            .map(|arg| arg.get_long().unwrap_or_else(|| arg.get_id().as_str()).to_string())
    };
    if args.player != PlayerArg::Exact
        && let Some(flag) = given(EXACT_HEADING)
    {
        return Err(CommandError::Usage(format!(
            "--{flag} tunes the exact player: it does not work with --player {}",
            args.player.name()
        )));
    }
    #[cfg(feature = "learn")]
    if !matches!(args.player, PlayerArg::Network | PlayerArg::Hybrid)
        && let Some(flag) = given(NETWORK_HEADING)
    {
        return Err(CommandError::Usage(format!(
            "--{flag} works with --player network or hybrid, not --player {}",
            args.player.name()
        )));
    }
    Ok(())
}

/// Run `search-cli mines play`; `matches` are the command line's matches of `mines play`
/// (which options were written out).
pub fn play(args: &PlayArgs, matches: &ArgMatches) -> CommandResult {
    let rule = FirstClick::from(args.first_click);
    let settings = parse_board(&args.preset, rule)?;
    let trial = Trial {
        settings,
        seed: args.seed,
        games: args.games,
        player: player_kind(args, rule)?,
    };
    if args.exact.show_options {
        check_player_options(args, matches)?;
        if let PlayerKind::Exact(options) = &trial.player {
            let text = serde_json::to_string_pretty(options).map_err(|e| CommandError::Usage(e.to_string()))?;
            writeln!(std::io::stdout().lock(), "{text}")?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    #[cfg(feature = "learn")]
    if args.guess_profile && matches!(args.player, PlayerArg::Network | PlayerArg::Hybrid) {
        return Err(CommandError::Usage(
            "--guess-profile works with --player exact or teacher".to_string(),
        ));
    }
    check_player_options(args, matches)?;
    // A records file that cannot be written fails now, not after every game is played.
    if let Some(path) = &args.records {
        crate::batch::check_writable(path).map_err(|e| CommandError::Usage(format!("--records {e}")))?;
    }
    let progress = Progress::new("games", Some(args.games));
    let (summary, profile) = run_games(args, &trial, &progress)?;
    progress.finish();
    if let Some(path) = &args.records {
        std::fs::write(path, write_records(&summary.records))
            .map_err(|e| CommandError::Usage(format!("--records {}: {e}", path.display())))?;
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut json = json_summary(args, &trial, &summary);
        if let Some(profile) = &profile {
            json["guess_profile"] = profile_json(profile);
        }
        writeln!(out, "{json}")?;
    } else {
        let ci = summary.ci95();
        writeln!(out, "games            {}", summary.games)?;
        writeln!(out, "wins             {}", summary.wins)?;
        writeln!(out, "win rate         {:.4}%", 100.0 * summary.win_rate())?;
        writeln!(
            out,
            "95% interval     [{:.4}%, {:.4}%] (Wilson)",
            100.0 * ci.low,
            100.0 * ci.high
        )?;
        writeln!(out, "games/s          {:.2}", summary.games_per_second())?;
        if let Some(profile) = &profile {
            write_profile(&mut out, profile, summary.games)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The demo part: win rates of the exact player and the teacher on the same 300 beginner games.
///
/// # Errors
/// When writing fails or a game fails.
pub fn demo(out: &mut impl Write) -> CommandResult {
    writeln!(
        out,
        "== automine-core: win rates on the same 300 beginner games (first click safe)"
    )?;
    let rule = FirstClick::Safe;
    let settings = Preset::Beginner.settings(rule);
    let failed = |e: automine_core::SimulationError| CommandError::Usage(format!("a game failed: {e}"));
    for (name, player) in [("exact  ", PlayerKind::exact(rule)), ("teacher", PlayerKind::Teacher)] {
        let trial = Trial {
            settings,
            seed: 0,
            games: 300,
            player,
        };
        demo_line(out, name, &par_run_trial(&trial, 0, || {}).map_err(failed)?)?;
    }
    #[cfg(feature = "learn")]
    {
        use automine_learn::player::{NetworkPlayer, PlayMode};
        let model = automine_learn::shipped::student_exact()
            .map_err(|e| CommandError::Usage(format!("the shipped model: {e}")))?;
        let summary = par_run_trial_with(
            settings,
            0,
            300,
            0,
            || NetworkPlayer::new(model.clone(), rule, PlayMode::Hybrid),
            || {},
        )
        .map_err(failed)?;
        demo_line(out, "hybrid ", &summary)?;
        writeln!(
            out,
            "(hybrid: exact logic for certain cells, the shipped student network for every guess)"
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// One line of the demo: wins, rate, interval, speed.
fn demo_line(out: &mut impl Write, name: &str, s: &TrialSummary) -> std::io::Result<()> {
    let ci = s.ci95();
    writeln!(
        out,
        "{name} {:>3}/{} won = {:.1}% [{:.1}%, {:.1}%], {:.0} games/s",
        s.wins,
        s.games,
        100.0 * s.win_rate(),
        100.0 * ci.low,
        100.0 * ci.high,
        s.games_per_second()
    )
}

#[cfg(test)]
mod tests {
    use clap::{Arg, Command, FromArgMatches};

    use automine_core::player::exact::PlayerOptions;

    use super::*;

    /// `mines play`'s command, as `search-cli` builds it.
    fn play_command() -> Command {
        PlayArgs::augment_args(Command::new("play"))
    }

    /// `mines play ARGV` parsed as `main` parses it: the arguments and their matches.
    fn parse(argv: &[String]) -> (PlayArgs, ArgMatches) {
        let matches = play_command()
            .try_get_matches_from(std::iter::once("play".to_string()).chain(argv.iter().cloned()))
            .unwrap_or_else(|e| panic!("{argv:?}: {e}"));
        let args = PlayArgs::from_arg_matches(&matches).unwrap_or_else(|e| panic!("{argv:?}: {e}"));
        (args, matches)
    }

    /// The ids of the arguments of `command` under `heading`.
    fn ids_under(command: &Command, heading: Option<&str>) -> Vec<String> {
        command
            .get_arguments()
            .filter(|arg| arg.get_help_heading() == heading)
            .map(|arg| arg.get_id().to_string())
            .collect()
    }

    /// `arg` written out on the command line: `--x`, or `--x VALUE` with its default value (so
    /// that giving it changes nothing but the value's source), else its first possible value,
    /// else 1.
    fn written_out(arg: &Arg) -> Vec<String> {
        let flag = format!("--{}", arg.get_long().expect("every option of `mines play` is long"));
        if !arg.get_action().takes_values() {
            return vec![flag];
        }
        let value = arg
            .get_default_values()
            .first()
            .map(|v| v.to_str().expect("UTF-8").to_string())
            .or_else(|| arg.get_possible_values().first().map(|v| v.get_name().to_string()))
            .unwrap_or_else(|| "1".to_string());
        vec![flag, value]
    }

    /// The options of `mines play` under `heading`, each written out.
    fn written_under(heading: &str) -> Vec<(String, Vec<String>)> {
        play_command()
            .get_arguments()
            .filter(|arg| arg.get_help_heading() == Some(heading))
            .map(|arg| (arg.get_long().unwrap().to_string(), written_out(arg)))
            .collect()
    }

    #[test]
    fn the_exact_heading_holds_exactly_the_arguments_the_exact_player_reads() {
        // `exact_options` reads `ExactArgs` alone (and the first-click rule, which every
        // player uses): its arguments, and no other, must be under the heading.
        let exact = ExactArgs::augment_args(Command::new("exact"));
        let all: Vec<String> = exact.get_arguments().map(|arg| arg.get_id().to_string()).collect();
        assert_eq!(all, ["fast", "options", "set", "show_options"]);
        assert_eq!(ids_under(&play_command(), Some(EXACT_HEADING)), all);
        #[cfg(feature = "learn")]
        {
            let model = super::super::learn::ModelArgs::augment_args(Command::new("model"));
            let all: Vec<String> = model.get_arguments().map(|arg| arg.get_id().to_string()).collect();
            assert_eq!(ids_under(&play_command(), Some(NETWORK_HEADING)), all);
        }
        // What no heading holds is shared by the players.
        let shared = ids_under(&play_command(), None);
        for id in [
            "preset",
            "games",
            "seed",
            "first_click",
            "player",
            "threads",
            "json",
            "records",
        ] {
            assert!(shared.iter().any(|s| s == id), "{id}: {shared:?}");
        }
    }

    #[test]
    fn every_exact_option_is_refused_with_every_other_player_even_at_its_default() {
        let options = written_under(EXACT_HEADING);
        assert!(!options.is_empty());
        for player in PlayerArg::value_variants().iter().filter(|&&p| p != PlayerArg::Exact) {
            for (long, written) in &options {
                let argv = [vec!["--player".to_string(), player.name().to_string()], written.clone()].concat();
                let (args, matches) = parse(&argv);
                let err = check_player_options(&args, &matches).expect_err(&format!("{argv:?} is refused"));
                assert_eq!(
                    err.to_string(),
                    format!(
                        "--{long} tunes the exact player: it does not work with --player {}",
                        player.name()
                    ),
                    "{argv:?}"
                );
            }
        }
        // Of several, the first written out is named.
        let argv = ["--player", "teacher", "--set", "guess.cut_off=0.8", "--fast"].map(String::from);
        let (args, matches) = parse(&argv);
        let err = check_player_options(&args, &matches).unwrap_err().to_string();
        assert!(err.starts_with("--fast tunes the exact player"), "{err}");
        // Nothing written out: the defaults do not count.
        let (args, matches) = parse(&["--player", "teacher"].map(String::from));
        assert!(check_player_options(&args, &matches).is_ok());
    }

    #[cfg(feature = "learn")]
    #[test]
    fn the_network_options_are_refused_with_the_exact_player_and_the_teacher() {
        let options = written_under(NETWORK_HEADING);
        assert_eq!(options.len(), 2, "--model and --shipped");
        for player in PlayerArg::value_variants() {
            for (long, written) in &options {
                let argv = [vec!["--player".to_string(), player.name().to_string()], written.clone()].concat();
                let (args, matches) = parse(&argv);
                let result = check_player_options(&args, &matches);
                if matches!(player, PlayerArg::Network | PlayerArg::Hybrid) {
                    assert!(result.is_ok(), "{argv:?}");
                } else {
                    assert_eq!(
                        result.unwrap_err().to_string(),
                        format!(
                            "--{long} works with --player network or hybrid, not --player {}",
                            player.name()
                        ),
                        "{argv:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_exact_option_at_once_goes_with_the_exact_player_and_plays() {
        let dir = std::env::temp_dir().join(format!("search-cli-play-options-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("options.json");
        std::fs::write(&file, r#"{"endgame_layouts": 64, "guess": {"max_frontier": 20}}"#).unwrap();
        let argv = [
            "--player",
            "exact",
            "--fast",
            "--options",
            file.to_str().unwrap(),
            "--set",
            "guess.cut_off=0.8",
            "--set",
            "endgame_layouts=128",
        ]
        .map(String::from);
        let (args, matches) = parse(&argv);
        assert!(check_player_options(&args, &matches).is_ok());
        let rule = FirstClick::Safe;
        let options = exact_options(&args.exact, rule).unwrap();
        let mut expected = PlayerOptions::fast(rule);
        expected.guess.max_frontier = 20;
        expected.guess.cut_off = 0.8;
        // The last setter wins: the file's 64, then --set's 128.
        expected.endgame_layouts = 128;
        assert_eq!(options, expected);
        let trial = Trial {
            settings: Preset::Beginner.settings(rule),
            seed: 0,
            games: 2,
            player: player_kind(&args, rule).unwrap(),
        };
        assert_eq!(par_run_trial(&trial, 1, || {}).unwrap().games, 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_defaults_are_the_librarys_and_bad_options_are_named_with_their_source() {
        let rule = FirstClick::Opening;
        let options = |argv: &[&str]| {
            let argv: Vec<String> = argv.iter().map(|s| (*s).to_string()).collect();
            exact_options(&parse(&argv).0.exact, rule)
        };
        assert_eq!(options(&[]).unwrap(), PlayerOptions::new(rule));
        assert_eq!(options(&["--fast"]).unwrap(), PlayerOptions::fast(rule));
        for (argv, message) in [
            (
                &["--set", "guess.cut_off=7"][..],
                "--set guess.cut_off=7: guess.cut_off = 7: expected a number in (0, 1]",
            ),
            (
                &["--set", "guess.blend_ratio=0"][..],
                "--set guess.blend_ratio=0: guess.blend_ratio = 0: expected a finite number > 0",
            ),
            (
                &["--set", "endgame_layouts=-3"][..],
                "--set endgame_layouts=-3: endgame_layouts must be a whole number >= 0, not -3",
            ),
            (
                &["--set", "isolated_regions=maybe"][..],
                "--set isolated_regions=maybe: isolated_regions must be true or false, not \"maybe\"",
            ),
            (
                &["--set", "first_click=safe"][..],
                "--set first_click=safe: first_click is the game's rule: give it as --first-click safe",
            ),
        ] {
            assert_eq!(options(argv).unwrap_err().to_string(), message, "{argv:?}");
        }
        assert_eq!(
            options(&["--set", "first_click=sometimes"]).unwrap_err().to_string(),
            "--set first_click=sometimes: unknown first-click rule \"sometimes\" (any, safe, opening)"
        );
        let err = options(&["--set", "guess.cut_of=0.5"]).unwrap_err().to_string();
        assert!(
            err.starts_with("--set guess.cut_of=0.5: no option \"guess.cut_of\"; the options are: ")
                && err.contains("guess.cut_off"),
            "{err}"
        );
        let err = options(&["--options", "/nonexistent/options.json"])
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("--options /nonexistent/options.json: "), "{err}");
    }

    #[test]
    fn boards_parse_and_bad_ones_are_named() {
        assert_eq!(parse_board("expert", FirstClick::Safe).unwrap().mines(), 99);
        let custom = parse_board("8x8/10", FirstClick::Opening).unwrap();
        assert_eq!(custom.dims().cell_count(), 64);
        for bad in ["huge", "8x8", "8x/10", "3x3/9"] {
            let err = parse_board(bad, FirstClick::Opening).unwrap_err().to_string();
            assert!(err.contains("--preset"), "{bad}: {err}");
        }
    }
}
