//! `HoDoKu`'s regression library (reglib 1.4, GPL-3.0, read from ../shared/data as test data
//! only): every case of a technique we implement must be found with exactly the listed
//! eliminations or placements, and the fail cases (`-x`) must find nothing.
//!
//! `cargo test -p sudoku-core --test hodoku_reglib -- --nocapture` prints the pass count per
//! technique (the table in docs/sudoku.md).

use std::collections::BTreeMap;

use sudoku_core::techniques::{Technique, find_all};
use sudoku_core::{Candidates, Grid, Layout, Placement};

/// `HoDoKu`'s technique code -> ours.
fn technique(code: &str) -> Option<Technique> {
    Some(match code {
        "0000" => Technique::FullHouse,
        "0002" => Technique::HiddenSingle,
        "0003" => Technique::NakedSingle,
        "0100" => Technique::Pointing,
        "0101" => Technique::Claiming,
        "0110" => Technique::LockedPair,
        "0111" => Technique::LockedTriple,
        "0200" => Technique::NakedPair,
        "0201" => Technique::NakedTriple,
        "0202" => Technique::NakedQuad,
        "0210" => Technique::HiddenPair,
        "0211" => Technique::HiddenTriple,
        "0212" => Technique::HiddenQuad,
        "0300" => Technique::XWing,
        "0301" => Technique::Swordfish,
        "0302" => Technique::Jellyfish,
        // Skyscraper, 2-string kite and turbot fish are all our turbot fish.
        "0400" | "0401" | "0403" => Technique::TurbotFish,
        "0500" => Technique::ColourTrap,
        "0501" => Technique::ColourWrap,
        "0600" => Technique::UniqueRectangle1,
        "0610" => Technique::BugPlusOne,
        "0701" => Technique::XChain,
        "0800" => Technique::XyWing,
        "0801" => Technique::XyzWing,
        "0803" => Technique::WWing,
        _ => return None,
    })
}

/// `<digit><row><col>` entries separated by blanks.
fn candidates(field: &str) -> Vec<Placement> {
    field
        .split_whitespace()
        .map(|e| {
            let b = e.as_bytes();
            let (d, r, c) = (b[0] - b'0', (b[1] - b'1') as usize, (b[2] - b'1') as usize);
            Placement {
                cell: (r * 9 + c) as u16,
                digit: d,
            }
        })
        .collect()
}

/// The candidate grid of a case: givens and placed digits, minus the deleted candidates.
fn position(givens: &str, deleted: &str) -> Candidates {
    let values: Vec<u8> = givens
        .chars()
        .filter(|&ch| ch != '+')
        .map(|ch| ch.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    let grid = Grid::from_values(Layout::NINE, values).expect("a valid reglib grid");
    let mut cands = Candidates::from_grid(&grid);
    for p in candidates(deleted) {
        cands.eliminate(p.cell as usize, p.digit);
    }
    cands
}

fn sorted(mut v: Vec<Placement>) -> Vec<Placement> {
    v.sort_by_key(|p| (p.cell, p.digit));
    v.dedup();
    v
}

#[test]
fn every_reglib_case_of_our_techniques_passes() {
    let Some(lines) = test_data::lines("sudoku/hodoku_reglib-1.4.txt") else {
        return;
    };
    // technique -> (passed, total, fail cases passed, fail cases)
    let mut table: BTreeMap<Technique, (u32, u32, u32, u32)> = BTreeMap::new();
    let mut failures = Vec::new();
    for line in lines.iter().map(|l| l.trim_end()) {
        if !line.starts_with(':') {
            continue;
        }
        let fields: Vec<&str> = line.split(':').collect();
        let (code, variant) = fields[1].split_once('-').unwrap_or((fields[1], ""));
        let Some(technique) = technique(code) else { continue };
        let cands = position(fields[3], fields[4]);
        let steps = find_all(technique, &cands);
        let entry = table.entry(technique).or_default();
        if variant == "x" {
            entry.3 += 1;
            if steps.is_empty() {
                entry.2 += 1;
            } else {
                failures.push(format!("{line}\n  fail case found: {}", steps[0].text));
            }
            continue;
        }
        entry.1 += 1;
        let (eliminations, placements) = (sorted(candidates(fields[5])), sorted(candidates(fields[6])));
        let found = steps
            .iter()
            .any(|s| sorted(s.eliminations.clone()) == eliminations && sorted(s.placements.clone()) == placements);
        if found {
            entry.0 += 1;
        } else {
            let seen: Vec<String> = steps.iter().take(3).map(|s| s.text.clone()).collect();
            failures.push(format!("{line}\n  found {} step(s): {seen:#?}", steps.len()));
        }
    }
    println!("| technique | HoDoKu codes | cases passed | fail cases (-x) passed |");
    println!("|---|---|---:|---:|");
    for (t, (pass, total, xpass, xtotal)) in &table {
        println!("| {} | | {pass}/{total} | {xpass}/{xtotal} |", t.name());
    }
    assert!(
        failures.is_empty(),
        "{} failing cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(table.len(), 25, "every implemented technique has reglib cases");
}
