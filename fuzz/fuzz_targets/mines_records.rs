//! Arbitrary text through the win-rate records parser (`search-cli mines compare`): it never
//! panics; records it accepts print back to text that parses to the same records, and a run
//! compared with itself has no discordant game.
#![no_main]

use automine_core::measure::paired::{PairedComparison, parse_records, write_records};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(records) = parse_records(text) else { return };
    assert_eq!(
        parse_records(&write_records(&records)).expect("printed records parse"),
        records
    );
    let paired = PairedComparison::new(&records, &records).expect("a run pairs with itself");
    assert_eq!(paired.only_first + paired.only_second, 0);
    assert_eq!(paired.games(), records.len() as u64);
    assert!((paired.mcnemar_p_value() - 1.0).abs() < 1e-12);
});
