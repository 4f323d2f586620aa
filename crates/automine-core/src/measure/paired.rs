//! Paired comparison of two players on the same games: the discordant pairs, the difference of
//! win rates with its 95% interval, and McNemar's exact test.
//!
//! Two [`Trial`](super::harness::Trial)s with the same board, rule, seed and game count play the
//! very same mine layouts, so the difference of their win rates is measured game by game: only
//! the games one player wins and the other loses (the *discordant* pairs) carry information.
//! That makes a difference of a few dozen games in 20,000 measurable, where two independent
//! samples would drown it in their own noise.
//!
//! Per-game outcomes travel between runs as a small CSV file (`seed,won,moves`, one game a
//! line, after a header line), written by [`write_records`] and read back by
//! [`parse_records`] (`search-cli mines play --records FILE`, then
//! `search-cli mines compare A.csv B.csv`).
//!
//! ```
//! use automine_core::measure::harness::{PlayerKind, Trial, run_trial};
//! use automine_core::measure::paired::PairedComparison;
//! use automine_core::{FirstClick, Preset};
//! let rule = FirstClick::Safe;
//! let trial = |player| Trial { settings: Preset::Beginner.settings(rule), seed: 7, games: 60, player };
//! let exact = run_trial(&trial(PlayerKind::exact(rule)), || {})?;
//! let teacher = run_trial(&trial(PlayerKind::Teacher), || {})?;
//! let paired = PairedComparison::new(&exact.records, &teacher.records)?;
//! assert_eq!(paired.games(), 60);
//! assert!(paired.difference() > 0.0, "the exact player wins more of the same games");
//! let ci = paired.difference_ci95();
//! assert!(ci.low <= paired.difference() && paired.difference() <= ci.high);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::fmt::Write as _;

use super::harness::{GameRecord, Interval, Z95};

/// Why two record lists cannot be paired, or a records file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PairingError {
    /// The two lists hold different numbers of games.
    #[error("the first run has {first} games and the second {second}: pair runs of the same length")]
    LengthMismatch {
        /// Games in the first list.
        first: usize,
        /// Games in the second list.
        second: usize,
    },
    /// Game `index` has another seed in each list.
    #[error(
        "game {index} has seed {first} in the first run and {second} in the second: pair runs with the same --seed"
    )]
    SeedMismatch {
        /// The position in both lists (0-based).
        index: usize,
        /// Its seed in the first list.
        first: u64,
        /// Its seed in the second list.
        second: u64,
    },
    /// A line of a records file is not `seed,won,moves`.
    #[error("records line {line}: {reason}")]
    BadLine {
        /// The 1-based line number.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// The records file has no header line.
    #[error("records file is empty: expected the header line `seed,won,moves`")]
    Empty,
    /// The records file has a header but no game: there is nothing to compare.
    #[error("records file holds no game: expected lines `seed,won,moves` after the header")]
    NoGames,
    /// A seed is listed twice: every game of a run has its own seed, so a repeated one would
    /// count a game twice.
    #[error("records line {line}: seed {seed} is repeated (first on line {first_line})")]
    RepeatedSeed {
        /// The repeated seed.
        seed: u64,
        /// The 1-based line that repeats it.
        line: usize,
        /// The 1-based line where it first appears.
        first_line: usize,
    },
}

/// The outcome of two players on the same games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairedComparison {
    /// Games both players won.
    pub both_won: u64,
    /// Games only the first player won.
    pub only_first: u64,
    /// Games only the second player won.
    pub only_second: u64,
    /// Games both players lost.
    pub both_lost: u64,
}

impl PairedComparison {
    /// Pair two runs game by game.
    ///
    /// # Errors
    /// [`PairingError::LengthMismatch`] or [`PairingError::SeedMismatch`] when the runs did not
    /// play the same games in the same order.
    pub fn new(first: &[GameRecord], second: &[GameRecord]) -> Result<Self, PairingError> {
        if first.len() != second.len() {
            return Err(PairingError::LengthMismatch {
                first: first.len(),
                second: second.len(),
            });
        }
        let mut paired = Self {
            both_won: 0,
            only_first: 0,
            only_second: 0,
            both_lost: 0,
        };
        for (index, (a, b)) in first.iter().zip(second).enumerate() {
            if a.seed != b.seed {
                return Err(PairingError::SeedMismatch {
                    index,
                    first: a.seed,
                    second: b.seed,
                });
            }
            match (a.won, b.won) {
                (true, true) => paired.both_won += 1,
                (true, false) => paired.only_first += 1,
                (false, true) => paired.only_second += 1,
                (false, false) => paired.both_lost += 1,
            }
        }
        Ok(paired)
    }

    /// Games compared.
    pub const fn games(&self) -> u64 {
        self.both_won + self.only_first + self.only_second + self.both_lost
    }

    /// Win rate of the first player minus win rate of the second (0 for no games).
    pub fn difference(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        (self.only_first as f64 - self.only_second as f64) / n as f64
    }

    /// The 95% interval of [`difference`](Self::difference) for paired proportions (the Wald
    /// interval of the mean of the per-game differences, which take the values −1, 0 and 1;
    /// `[-1, 1]` for no games). With no discordant game it is the single point 0.
    pub fn difference_ci95(&self) -> Interval {
        let n = self.games();
        if n == 0 {
            return Interval { low: -1.0, high: 1.0 };
        }
        let n = n as f64;
        let d = self.difference();
        let discordant = (self.only_first + self.only_second) as f64 / n;
        // Variance of one game's difference: E[x²] − E[x]², with x² = 1 on discordant games.
        let variance = (discordant - d * d).max(0.0);
        let half = Z95 * (variance / n).sqrt();
        Interval {
            low: (d - half).max(-1.0),
            high: (d + half).min(1.0),
        }
    }

    /// McNemar's exact two-sided test of "both players win equally often": the probability,
    /// with the discordant games split by fair coin flips, of a split at least as uneven as the
    /// one seen. 1 when no game is discordant.
    pub fn mcnemar_p_value(&self) -> f64 {
        let discordant = self.only_first + self.only_second;
        if discordant == 0 {
            return 1.0;
        }
        let low = self.only_first.min(self.only_second);
        // P(X ≤ low) for X ~ Binomial(discordant, 1/2), summed in log space (n may be large).
        let ln_half_n = discordant as f64 * std::f64::consts::LN_2;
        let mut ln_choose = 0.0f64; // ln C(discordant, 0)
        let mut tail = 0.0f64;
        for k in 0..=low {
            if k > 0 {
                ln_choose += ((discordant - k + 1) as f64).ln() - (k as f64).ln();
            }
            tail += (ln_choose - ln_half_n).exp();
        }
        (2.0 * tail).min(1.0)
    }
}

/// The records of a run as CSV: a header line `seed,won,moves`, then one game a line
/// (`won` is `1` or `0`).
pub fn write_records(records: &[GameRecord]) -> String {
    let mut out = String::from("seed,won,moves\n");
    for r in records {
        // Writing to a String cannot fail.
        let _ = writeln!(out, "{},{},{}", r.seed, u8::from(r.won), r.moves);
    }
    out
}

/// Read records written by [`write_records`]; blank lines are skipped.
///
/// # Errors
/// [`PairingError::Empty`] without a header, [`PairingError::BadLine`] naming the first line
/// that is not `seed,won,moves` with a `u64` seed, `0`/`1` and a move count,
/// [`PairingError::RepeatedSeed`] naming the first line whose seed an earlier line has, and
/// [`PairingError::NoGames`] when no game follows the header.
///
/// ```
/// use automine_core::measure::paired::{PairingError, parse_records};
/// let records = parse_records("seed,won,moves\n5,1,30\n6,0,4\n")?;
/// assert_eq!(records.len(), 2);
/// assert!(records[0].won && !records[1].won);
/// assert!(matches!(parse_records("seed,won,moves\n5,yes,30\n"), Err(PairingError::BadLine { line: 2, .. })));
/// assert!(matches!(parse_records("seed,won,moves\n5,1,30\n5,1,30\n"), Err(PairingError::RepeatedSeed { seed: 5, line: 3, .. })));
/// assert_eq!(parse_records("seed,won,moves\n"), Err(PairingError::NoGames));
/// # Ok::<(), PairingError>(())
/// ```
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, PairingError> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let (header_index, header) = lines.next().ok_or(PairingError::Empty)?;
    if header.trim() != "seed,won,moves" {
        return Err(PairingError::BadLine {
            line: header_index + 1,
            reason: format!("expected the header `seed,won,moves`, found {:?}", header.trim()),
        });
    }
    let mut first_lines: HashMap<u64, usize> = HashMap::new();
    let records = lines
        .map(|(i, line)| {
            let bad = |reason: String| PairingError::BadLine { line: i + 1, reason };
            let fields: Vec<&str> = line.trim().split(',').map(str::trim).collect();
            let [seed, won, moves] = fields[..] else {
                return Err(bad(format!("expected 3 fields seed,won,moves, found {}", fields.len())));
            };
            let seed = seed.parse().map_err(|_| bad(format!("seed {seed:?} is not a u64")))?;
            let won = match won {
                "1" => true,
                "0" => false,
                other => return Err(bad(format!("won {other:?} is not 0 or 1"))),
            };
            let moves = moves
                .parse()
                .map_err(|_| bad(format!("moves {moves:?} is not a count")))?;
            if let Some(&first_line) = first_lines.get(&seed) {
                return Err(PairingError::RepeatedSeed {
                    seed,
                    line: i + 1,
                    first_line,
                });
            }
            first_lines.insert(seed, i + 1);
            Ok(GameRecord { seed, won, moves })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if records.is_empty() {
        return Err(PairingError::NoGames);
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(outcomes: &[bool]) -> Vec<GameRecord> {
        outcomes
            .iter()
            .enumerate()
            .map(|(i, &won)| GameRecord {
                seed: 100 + i as u64,
                won,
                moves: i,
            })
            .collect()
    }

    #[test]
    fn counts_the_four_cells() {
        let a = records(&[true, true, false, false, true]);
        let b = records(&[true, false, true, false, false]);
        let p = PairedComparison::new(&a, &b).unwrap();
        assert_eq!((p.both_won, p.only_first, p.only_second, p.both_lost), (1, 2, 1, 1));
        assert_eq!(p.games(), 5);
        assert!((p.difference() - 0.2).abs() < 1e-12);
    }

    #[test]
    fn mcnemar_matches_the_binomial_by_hand() {
        // 2 vs 8 discordant: 2 * P(X <= 2), X ~ Bin(10, 1/2) = 2 * 56/1024.
        let p = PairedComparison {
            both_won: 50,
            only_first: 2,
            only_second: 8,
            both_lost: 40,
        };
        assert!((p.mcnemar_p_value() - 112.0 / 1024.0).abs() < 1e-12);
        // A balanced split is as likely as can be.
        let even = PairedComparison {
            both_won: 0,
            only_first: 5,
            only_second: 5,
            both_lost: 0,
        };
        assert!((even.mcnemar_p_value() - 1.0).abs() < 1e-12);
        // Large counts stay finite and tiny: 0 vs 2000.
        let lopsided = PairedComparison {
            both_won: 0,
            only_first: 0,
            only_second: 2000,
            both_lost: 0,
        };
        let tiny = lopsided.mcnemar_p_value();
        assert!((0.0..1e-300).contains(&tiny));
        // 36 vs 0: 2 / 2^36.
        let one_sided = PairedComparison {
            both_won: 0,
            only_first: 36,
            only_second: 0,
            both_lost: 0,
        };
        assert!((one_sided.mcnemar_p_value() - 2.0 / 2f64.powi(36)).abs() < 1e-20);
    }

    #[test]
    fn the_interval_matches_the_closed_form() {
        // n = 100, 10 vs 4 discordant: d = 0.06, var = 0.14 - 0.0036.
        let p = PairedComparison {
            both_won: 60,
            only_first: 10,
            only_second: 4,
            both_lost: 26,
        };
        let half = Z95 * ((0.14f64 - 0.0036) / 100.0).sqrt();
        let ci = p.difference_ci95();
        assert!((ci.low - (0.06 - half)).abs() < 1e-12 && (ci.high - (0.06 + half)).abs() < 1e-12);
        let none = PairedComparison {
            both_won: 3,
            only_first: 0,
            only_second: 0,
            both_lost: 2,
        };
        assert_eq!(none.difference_ci95(), Interval { low: 0.0, high: 0.0 });
    }

    #[test]
    fn runs_of_other_games_do_not_pair() {
        let a = records(&[true, false]);
        let b = records(&[true]);
        assert_eq!(
            PairedComparison::new(&a, &b),
            Err(PairingError::LengthMismatch { first: 2, second: 1 })
        );
        let mut c = records(&[true, false]);
        c[1].seed = 7;
        assert_eq!(
            PairedComparison::new(&a, &c),
            Err(PairingError::SeedMismatch {
                index: 1,
                first: 101,
                second: 7
            })
        );
    }

    #[test]
    fn records_round_trip_and_bad_lines_are_named() {
        let r = records(&[true, false, true]);
        assert_eq!(parse_records(&write_records(&r)).unwrap(), r);
        assert_eq!(parse_records(""), Err(PairingError::Empty));
        assert!(matches!(
            parse_records("s,w,m\n"),
            Err(PairingError::BadLine { line: 1, .. })
        ));
        assert!(matches!(
            parse_records("seed,won,moves\n1,1,2\n\n3,1\n"),
            Err(PairingError::BadLine { line: 4, .. })
        ));
        assert!(matches!(
            parse_records("seed,won,moves\n-1,1,2\n"),
            Err(PairingError::BadLine { line: 2, .. })
        ));
    }

    #[test]
    fn a_repeated_seed_or_no_game_is_an_error() {
        assert_eq!(
            parse_records("seed,won,moves\n1,1,5\n2,0,3\n\n1,1,5\n"),
            Err(PairingError::RepeatedSeed {
                seed: 1,
                line: 5,
                first_line: 2
            })
        );
        let message = parse_records("seed,won,moves\n7,0,1\n7,1,9\n").unwrap_err().to_string();
        assert!(message.contains("seed 7") && message.contains("line 3"), "{message}");
        assert_eq!(parse_records("seed,won,moves\n"), Err(PairingError::NoGames));
        assert_eq!(parse_records("seed,won,moves\n\n  \n"), Err(PairingError::NoGames));
    }
}
